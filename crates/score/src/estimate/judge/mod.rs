//! The static judgement of which groups live, in rounds: chains of one colour that share an eye or territory, or
//! two liberties, or a liberty the opponent cannot take, act as one group; a group with two eyes lives; a group
//! with fewer is weak, and a weak group whose opponents around it live, or win the capturing race against it, is
//! dead. Dead groups open up the space around them, which gives the groups around them eyes in turn, so the
//! judgement runs weakest first until nothing changes.
//!
//! One round: build the groups ([`groups`], with [`eyes`], [`captives`] and [`liberties`]), find the strong ones
//! ([`strength`]), walk the weak ones' pockets ([`pockets`]), judge each weak group against the groups around it
//! ([`weak`], with [`races`], [`seki`], [`capture`] and [`reading`]), and let the deaths that depend on others
//! wait ([`waiting`]). The verdicts are in [`verdict`].

pub(super) mod captives;
pub(super) mod capture;
pub(super) mod eyes;
pub(super) mod groups;
pub(super) mod liberties;
pub(super) mod pockets;
pub(super) mod races;
pub(super) mod reading;
pub(super) mod seki;
pub(super) mod strength;
pub(super) mod verdict;
pub(super) mod waiting;
pub(super) mod weak;

use std::cell::OnceCell;

use crate::estimate::pos::{NONE, Pos, Pt, Regions};
use crate::estimate::search::Memo;
use crate::estimate::tuning::RACE_READ_TOTAL;
use crate::grid::Grid;
use crate::life;
use gotool_go::{Board, PointSet};
use groups::Groups;
use pockets::{Pockets, pocket};
use reading::{cut_short_groups, reading_board};
use strength::{refereed_though_strong, strong_groups};
use verdict::dead_flags;
pub(crate) use verdict::{Death, Life, Verdict};
use waiting::{Dying, weakest_first};
use weak::{Found, Weak};

/// The result of the static judgement: a verdict per chain.
pub(crate) struct Judgement {
    pub verdict: Vec<Verdict>,
    /// The groups left open (their chains), for the referee.
    pub open: Vec<Vec<usize>>,
    /// The space around the open groups: their pockets, and the liberties of the groups bordering them.
    pub area: Vec<Pt>,
    /// Per chain: its group is in seki by the liberty counts with a weak opposing group (neither side can fill a
    /// shared liberty, whoever starts), in the last round.
    pub count_seki: Vec<bool>,
}

/// The position as one round of the judgement sees it: the chains judged dead so far off the board, the regions
/// and groups that leaves.
pub(crate) struct Round<'a> {
    pub board: &'a Board,
    pub pos: &'a Pos,
    /// Per chain: judged dead.
    pub dead: Vec<bool>,
    pub regions: Regions,
    pub groups: Groups,
    /// The dead chains' stones.
    dead_stones: PointSet,
    /// The board reading starts from ([`reading_board`]): the same for every question of a round, made when first
    /// asked for.
    cleared: OnceCell<Board>,
}

impl<'a> Round<'a> {
    fn new(board: &'a Board, pos: &'a Pos, verdict: &[Verdict]) -> Round<'a> {
        let dead = dead_flags(verdict);
        let regions = Regions::new(pos, &dead);
        let groups = Groups::new(pos, &regions, &dead);
        let mut dead_stones = PointSet::empty(pos.width, pos.height);
        for (c, &d) in dead.iter().enumerate() {
            if d {
                insert_stones(pos, c, &mut dead_stones);
            }
        }
        Round { board, pos, dead, regions, groups, dead_stones, cleared: OnceCell::new() }
    }

    /// The board reading starts from.
    pub(crate) fn cleared(&self) -> &Board {
        self.cleared.get_or_init(|| reading_board(self.board, self.pos, &self.dead))
    }

    /// Per colour, the points its connection shapes close to the other colour (see
    /// [`life::connection_blocks`]), with the dead stones off the board.
    pub(crate) fn connection_blocks(&self) -> [PointSet; 2] {
        let grid = Grid::new(self.board, &self.dead_stones);
        life::connection_blocks(&grid, &grid.empty)
    }

    /// The dead stones and the captives' stones: the hypothesis under which the scorer's verdict of life is asked
    /// (the captives are what makes a territory one).
    pub(crate) fn with_captives_dead(&self) -> PointSet {
        let mut hypothesis = self.dead_stones;
        for (g, group) in self.groups.list.iter().enumerate() {
            if self.groups.captive[g] != NONE {
                for &c in &group.chains {
                    insert_stones(self.pos, c, &mut hypothesis);
                }
            }
        }
        hypothesis
    }
}

/// Adds chain `c`'s stones to `set`.
fn insert_stones(pos: &Pos, c: usize, set: &mut PointSet) {
    for &p in &pos.chains[c].stones {
        set.insert(usize::from(p) % pos.width, usize::from(p) / pos.width);
    }
}

/// Judges every chain, starting from what Benson's algorithm proved (`verdict` holds it on entry). Reading asks
/// `memo` (the answers found so far) and spends from `cut_left` for the cut-short groups; `trace` gets each
/// round's groups.
pub(crate) fn judge(
    board: &Board,
    pos: &Pos,
    mut verdict: Vec<Verdict>,
    memo: &mut Memo,
    cut_left: &mut u32,
    mut trace: Option<&mut String>,
) -> Judgement {
    let nc = pos.chains.len();
    let mut seen = vec![false; pos.len()];
    let mut race_left = RACE_READ_TOTAL;
    let mut count_seki = vec![false; nc];
    for number in 0..=nc {
        let round = Round::new(board, pos, &verdict);
        let strong = strong_groups(&round, &verdict);
        let found = judge_weak_groups(&round, &strong, &mut seen, memo, &mut race_left);
        let deaths = weakest_first(&round, found.deaths);
        count_seki = found.count_seki;
        if let Some(t) = trace.as_deref_mut() {
            trace_round(t, number, &round, &strong, &deaths, &found.seki, &count_seki);
        }
        // The strong groups that reading captures after all are dead once nothing else dies, and everything is
        // judged again with them dead.
        let changed =
            kill(&round, &deaths, &mut verdict) || kill_cut_short(&round, &strong, &mut verdict, memo, cut_left);
        if !changed {
            declare_living(&round, &strong, &found.seki, &mut verdict);
            break;
        }
    }
    open_groups(board, pos, verdict, count_seki, &mut seen)
}

/// Judges the weak groups of a round whose pockets are judged, each against the groups around it.
fn judge_weak_groups(round: &Round, strong: &[bool], seen: &mut [bool], memo: &mut Memo, race_left: &mut u32) -> Found {
    let pockets = Pockets::of_weak_groups(round, strong, seen);
    let mut found = Found::new(round.pos.chains.len());
    for g in 0..round.groups.list.len() {
        let Some(pocket) = pockets.judged(g) else { continue };
        let weak = Weak { round, strong, g, pocket };
        if let Some(dying) = weak.judge(&mut found, memo, race_left) {
            found.deaths.push(dying);
        }
    }
    found
}

/// Marks the dying groups' chains dead; whether any were.
fn kill(round: &Round, deaths: &[Dying], verdict: &mut [Verdict]) -> bool {
    let mut changed = false;
    for dying in deaths {
        for &c in &round.groups.list[dying.group].chains {
            verdict[c] = Verdict::Dead(dying.death);
            changed = true;
        }
    }
    changed
}

/// Marks dead the strong groups that reading captures after all ([`cut_short_groups`]); whether any were.
fn kill_cut_short(
    round: &Round,
    strong: &[bool],
    verdict: &mut [Verdict],
    memo: &mut Memo,
    cut_left: &mut u32,
) -> bool {
    let mut changed = false;
    for g in cut_short_groups(round, strong, verdict, memo, cut_left) {
        for &c in &round.groups.list[g].chains {
            verdict[c] = Verdict::Dead(Death::CutShort);
            changed = true;
        }
    }
    changed
}

/// Once nothing dies: the open chains of groups in seki live by seki, and those of strong groups by two eyes,
/// but for the strong groups the referee still tests ([`refereed_though_strong`]).
fn declare_living(round: &Round, strong: &[bool], seki: &[usize], verdict: &mut [Verdict]) {
    let groups = &round.groups;
    for &g in seki {
        for &c in &groups.list[g].chains {
            if verdict[c] == Verdict::Open {
                verdict[c] = Verdict::Alive(Life::Seki);
            }
        }
    }
    for (g, group) in groups.list.iter().enumerate() {
        if strong[g] && !refereed_though_strong(group) {
            for &c in &group.chains {
                if verdict[c] == Verdict::Open {
                    verdict[c] = Verdict::Alive(Life::TwoEyes);
                }
            }
        }
    }
}

/// A round's groups for the trace: size, liberties, eyes, space, captive and strong, and what the round found.
fn trace_round(
    t: &mut String,
    number: usize,
    round: &Round,
    strong: &[bool],
    deaths: &[Dying],
    seki: &[usize],
    count_seki: &[bool],
) {
    use std::fmt::Write as _;
    let (pos, groups) = (round.pos, &round.groups);
    let name = |g: usize| {
        let group = &groups.list[g];
        let p = pos.point(pos.chains[group.chains[0]].stones[0]);
        format!("{}{}", group.color.letter(), p.to_board_notation(pos.height as u8))
    };
    let _ = writeln!(t, "round {number}:");
    for (g, group) in groups.list.iter().enumerate() {
        let _ = writeln!(
            t,
            "  {} stones {} libs {} eyes {} space {} captive {} strong {}{}",
            name(g),
            group.stones,
            group.libs.len(),
            group.eyes,
            group.space,
            groups.captive[g] != NONE,
            strong[g],
            deaths.iter().find(|d| d.group == g).map_or(String::new(), |d| format!(" DIES {:?}", d.death))
                + if seki.contains(&g) { " SEKI" } else { "" }
                + if count_seki[group.chains[0]] { " COUNT-SEKI" } else { "" }
        );
    }
}

/// The open groups of the last round, and the space around them: their pockets, and the liberties of the
/// groups bordering them.
fn open_groups(board: &Board, pos: &Pos, verdict: Vec<Verdict>, count_seki: Vec<bool>, seen: &mut [bool]) -> Judgement {
    let round = Round::new(board, pos, &verdict);
    let (groups, dead) = (&round.groups, &round.dead);
    let blocks = round.connection_blocks();
    let mut open = Vec::new();
    let mut in_area = vec![false; pos.len()];
    for (g, group) in groups.list.iter().enumerate() {
        let chains: Vec<usize> = group.chains.iter().copied().filter(|&c| verdict[c] == Verdict::Open).collect();
        if chains.is_empty() {
            continue;
        }
        let blocked = &blocks[group.color.opponent().index()];
        let pocket = pocket(pos, groups, dead, blocked, g, seen);
        for (p, &s) in seen.iter().enumerate() {
            in_area[p] |= s;
        }
        for &h in &pocket.opponents {
            for &c in &groups.list[h].chains {
                for &l in &groups.chain_libs[c] {
                    in_area[usize::from(l)] = true;
                }
            }
        }
        open.push(chains);
    }
    let area = (0..pos.len())
        .filter(|&p| in_area[p] && pos.chain_at(p as Pt).is_none_or(|c| dead[c]))
        .map(|p| p as Pt)
        .collect();
    Judgement { verdict, open, area, count_seki }
}
