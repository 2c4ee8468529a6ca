//! Estimating the dead stones of a finished position that carries no dead-stone markup (`--dead auto`).
//! Pure library code: a board and rules in, dead chains with reasons and confidences out; no I/O, no SGF.
//!
//! # How
//!
//! 1. **Benson's algorithm** for both colours (`benson.rs`): pass-alive chains live, and the other colour's
//!    stones inside the space they seal off are dead. A proof, not a judgement.
//! 2. **Groups and eyes**, the static judgement (`judge/`): chains of one colour sharing an eye, territory, two
//!    liberties or a liberty the opponent cannot take are one group; a group with two eyes lives (unless a chain
//!    beside its small eye space is short of liberties and reading captures it with the opponent moving first). A
//!    weak group (fewer than two eyes) whose opponents around it live is dead, and so is one that loses the
//!    capturing race against a weak neighbour whoever moves first (`race.rs`, counting liberties; a race lost by
//!    the counts is read out, and the loser lives if reading shows it keeping its stones); a race neither side
//!    can start is seki, and seki is alive. Dead groups give their space to the groups around them, so this runs
//!    weakest first until nothing changes.
//! 3. **The referee** for the groups left open: seeded playouts (`playouts.rs`), then reading (`search.rs`, a
//!    proof-number search bounded by node counts): a group whose largest chain the opponent captures whoever
//!    moves first is dead; this catches what counting cannot see, such as two shared liberties where a throw-in
//!    leaves the defender a killable eye shape (a false seki). A group that reading cannot save with its owner
//!    moving first is dead when its playouts split (captured in more than 25%), and listed as uncertain, unless
//!    it races a neighbour that reading captures whoever moves first.
//! 4. **A last check**: the position is scored with the dead stones found, and a dead chain that does not end up
//!    inside the other colour's area (an unfinished boundary, or a neighbour wrongly judged) is judged again with
//!    it alive; if it still does not, it goes to the playouts, played in the open space around it. The judgement
//!    found it dead, so it stays dead unless the playouts clearly say otherwise: alive only when it ends captured
//!    or inside the other colour's space in at most 30% of them (the lower edge of the uncertain band). Either
//!    way it is reported as uncertain.
//!
//! The numbers these steps were tuned with (shares of the playouts, reading budgets, group sizes) are in
//! `tuning.rs`, each with what it means and what it was measured on.
//!
//! Deterministic: nothing depends on the clock or on unseeded randomness.

mod benson;
mod guard;
mod judge;
mod playouts;
mod pos;
mod race;
mod search;
#[cfg(test)]
mod tests;
mod tuning;

use std::fmt;

use super::grid::Grid;
use super::life;
use gotool_go::{Board, Color, Loc, Point, PointSet, Rules};
use judge::{Death, Life, Verdict};
use pos::{Pos, Pt};
use tuning::{
    CUT_READ_TOTAL, DEAD_SHARE, PASSES, PLAYOUTS, READ_NODES, READ_TOTAL, REFEREE_ROUNDS, UNCERTAIN_BAND,
    UNSAVED_DEAD_SHARE,
};

/// Why a chain was judged dead, in words a Go player can check on the board.
#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// Inside the other colour's pass-alive area: Benson's algorithm proves it can never live.
    PassAliveArea {
        /// Whose area.
        owner: Color,
    },
    /// Its group has `eyes` eyes (0 or 1) and every group of `owner` around it lives; `space` is the largest
    /// space the group encloses.
    Surrounded {
        /// Whose groups surround it.
        owner: Color,
        /// Its group's eyes.
        eyes: u8,
        /// The largest space its group encloses, in points.
        space: usize,
    },
    /// Its group loses the capturing race against a group of `owner` whoever moves first.
    LosesRace {
        /// Whose group wins.
        owner: Color,
        /// Its group's liberties.
        libs: u32,
        /// The winner's liberties.
        against: u32,
    },
    /// Left open by the static judgement, and captured by reading: `owner` captures its group's largest chain
    /// whoever moves first, every defence tried.
    Captured {
        /// Whose stones capture it.
        owner: Color,
    },
    /// Two eyes by the count, but a chain beside its small eye space is short of liberties: `owner` puts it in
    /// atari from outside, and reading captures the group however its owner answers.
    CutShort {
        /// Whose stones capture it.
        owner: Color,
    },
    /// Left open by the static judgement, and captured or left inside `owner`'s space in `share` of the
    /// `playouts`.
    Playouts {
        /// Whose space it ends inside.
        owner: Color,
        /// The share of the playouts, 0 to 1.
        share: f64,
        /// How many playouts.
        playouts: u32,
    },
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Reason::PassAliveArea { owner } => write!(f, "inside {}'s pass-alive area (Benson)", owner.name()),
            Reason::Surrounded { owner, eyes: 0, space: 0 } => {
                write!(f, "no eye space, surrounded by {}'s living groups", owner.name())
            }
            Reason::Surrounded { owner, eyes: 0, space } => write!(
                f,
                "no eye: a {space}-point space that makes no eye, surrounded by {}'s living groups",
                owner.name()
            ),
            Reason::Surrounded { owner, .. } => {
                write!(f, "only one eye, surrounded by {}'s living groups", owner.name())
            }
            Reason::Captured { owner } => {
                write!(f, "captured by reading: {} captures it whoever moves first", owner.name())
            }
            Reason::CutShort { owner } => write!(
                f,
                "a chain beside its eye space is short of liberties: {} puts it in atari from outside, and reading \
                 captures the group however it answers",
                owner.name()
            ),
            // Below an even share only when nothing showed it living: a chain the counting found dead and no
            // capture surrounds, or a group reading could not save with its owner moving first.
            Reason::Playouts { owner, share, playouts } if share <= DEAD_SHARE => write!(
                f,
                "unsettled: nothing shows it living, and it ends captured or inside {}'s space in {:.0}% of \
                 {playouts} playouts",
                owner.name(),
                share * 100.0
            ),
            Reason::Playouts { owner, share, playouts } => write!(
                f,
                "unsettled by counting; captured or inside {}'s space in {:.0}% of {playouts} playouts",
                owner.name(),
                share * 100.0
            ),
            Reason::LosesRace { owner, libs, against } => write!(
                f,
                "loses the capturing race against {}: {libs} libert{} against {against}",
                owner.name(),
                if libs == 1 { "y" } else { "ies" }
            ),
        }
    }
}

/// A chain judged dead.
#[derive(Clone, Debug, PartialEq)]
pub struct DeadChain {
    /// Its colour.
    pub color: Color,
    /// Its stones, sorted.
    pub stones: Vec<Point>,
    /// Why it is dead.
    pub reason: Reason,
    /// How sure the estimate is, from 0.5 (a guess) to 1 (proved).
    pub confidence: f64,
}

/// A group the estimator could not settle; it is counted as `counted_dead` says.
#[derive(Clone, Debug, PartialEq)]
pub struct Uncertain {
    /// Its colour.
    pub color: Color,
    /// Its stones, sorted.
    pub stones: Vec<Point>,
    /// Whether the estimate counts it dead.
    pub counted_dead: bool,
    /// What left it open.
    pub why: String,
}

/// The estimator's answer for one position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Estimate {
    /// Dead chains, in board order of their first stone.
    pub dead: Vec<DeadChain>,
    /// Groups left open, in board order of their first stone.
    pub uncertain: Vec<Uncertain>,
    /// Chains the playout referee was asked about (0 when the static judgement settled everything).
    pub refereed: usize,
}

impl Estimate {
    /// Every dead stone, sorted.
    pub fn dead_points(&self) -> Vec<Point> {
        let mut points: Vec<Point> = self.dead.iter().flat_map(|d| d.stones.iter().copied()).collect();
        points.sort_unstable();
        points
    }
}

/// Estimates which stones of a finished position are dead. Never fails; a position with nothing to judge gives an
/// empty estimate.
///
/// `rules` is not used yet: every verdict is the rules' common test (can the opponent, moving first, capture the
/// group?). It is there for the status that depends on the rules, which a later change adds: a group's status
/// under Japanese rules with the opponent to move, and the bent four in the corner (dead under Japanese rules
/// without being played out).
pub fn estimate(board: &Board, rules: &Rules) -> Estimate {
    run(board, rules, None)
}

/// [`estimate`] with a trace of its rounds, for working on the estimator.
#[doc(hidden)]
pub fn trace(board: &Board, rules: &Rules) -> (Estimate, String) {
    let mut text = String::new();
    let e = run(board, rules, Some(&mut text));
    (e, text)
}

/// The estimate, with its rounds written to `trace`; `rules` is not used yet (see [`estimate`]).
fn run(board: &Board, rules: &Rules, mut trace: Option<&mut String>) -> Estimate {
    let _ = rules;
    let pos = Pos::new(board);
    let (proved, owner_of_dead) = benson_verdicts(&pos);
    let mut settled = judge_referee_check(board, &pos, &proved, trace.as_deref_mut());
    count_guesses_alive(&mut settled.verdict, &settled.shares);
    let guarded = guard::guard(board, &pos, &mut settled.verdict);
    let mut uncertain = settled.uncertain;
    uncertain.extend(guarded.unsettled.iter().map(|group| {
        Uncertain {
            color: pos.chains[group[0]].color,
            stones: group.iter().flat_map(|&c| points_of(&pos, c)).collect(),
            counted_dead: false,
            why:
                "beside a chain of the other colour short of liberties, and reading with the other colour moving first \
              ran out of budget before showing it captured: it may live in seki"
                    .to_string(),
        }
    }));
    if let Some(t) = trace {
        use std::fmt::Write as _;
        for group in &guarded.revived {
            let p = pos.point(pos.chains[group[0]].stones[0]);
            let _ = writeln!(t, "seki guard: {} alive", p.to_board_notation(board.height()));
        }
        trace_chains(t, board, &pos, &settled.verdict, &settled.shares);
    }
    let mut dead = dead_chains(&pos, &settled.verdict, &settled.shares, &owner_of_dead);
    let mut uncertain = listed_once(&pos, &settled.verdict, uncertain);
    dead.sort_by(|a, b| a.stones[0].cmp(&b.stones[0]));
    uncertain.sort_by(|a, b| a.stones[0].cmp(&b.stones[0]));
    Estimate { dead, uncertain, refereed: settled.refereed }
}

/// What Benson's algorithm proves for both colours: pass-alive chains alive, the other colour's chains in their
/// area dead (every other chain open); and for each dead chain, whose area it is in.
fn benson_verdicts(pos: &Pos) -> (Vec<Verdict>, Vec<Option<Color>>) {
    let nc = pos.chains.len();
    let mut proved = vec![Verdict::Open; nc];
    let mut owner_of_dead: Vec<Option<Color>> = vec![None; nc];
    for color in [Color::Black, Color::White] {
        let proof = benson::pass_alive(pos, color);
        for (c, &alive) in proof.chains.iter().enumerate() {
            if alive {
                proved[c] = Verdict::Alive(Life::PassAlive);
            }
        }
        for &p in &proof.area {
            if let Some(c) = pos.chain_at(p)
                && pos.chains[c].color != color
            {
                proved[c] = Verdict::Dead(Death::PassAliveArea);
                owner_of_dead[c] = Some(color);
            }
        }
    }
    (proved, owner_of_dead)
}

/// The verdicts after the last pass of judge, referee and check.
struct Settled {
    verdict: Vec<Verdict>,
    uncertain: Vec<Uncertain>,
    /// Per chain, its share of the playouts (for the refereed chains).
    shares: Vec<Option<f64>>,
    /// Chains the referee was asked about in the last pass.
    refereed: usize,
}

/// Chains judged dead that the check handed back in an earlier pass: held alive in the next ones.
struct Held {
    chains: Vec<usize>,
    /// Per chain, the verdict of death it had when first handed back.
    first_death: Vec<Option<Death>>,
}

impl Held {
    /// Holds the chains handed back whose verdict is the static judgement's (a refereed group handed back is
    /// simply alive).
    fn hold(&mut self, verdict: &[Verdict], handed_back: &[usize]) {
        for &c in handed_back {
            if let Verdict::Dead(death) = verdict[c]
                && !death.refereed()
            {
                self.first_death[c].get_or_insert(death);
                self.chains.push(c);
            }
        }
    }

    /// A chain held alive because of neighbours that the later passes found dead is surrounded after all: with its
    /// first verdict back, the check keeps it dead. Gives those chains their first verdict back and keeps holding
    /// the others.
    fn release_surrounded(&mut self, board: &Board, pos: &Pos, verdict: &mut [Verdict]) {
        let mut retried = verdict.to_vec();
        for &c in &self.chains {
            if let Some(death) = self.first_death[c] {
                retried[c] = Verdict::Dead(death);
            }
        }
        let still_loose = loose_dead(board, pos, &retried);
        let first_death = &self.first_death;
        self.chains.retain(|&c| {
            let surrounded = first_death[c].is_some() && !still_loose.contains(&c);
            if surrounded {
                verdict[c] = retried[c];
            }
            !surrounded
        });
    }
}

/// Judge, referee, check; a chain the check hands back is held alive and everything judged again, since the
/// verdicts around it were reached with it dead (at most [`PASSES`] passes).
fn judge_referee_check(board: &Board, pos: &Pos, proved: &[Verdict], mut trace: Option<&mut String>) -> Settled {
    let nc = pos.chains.len();
    let mut held = Held { chains: Vec::new(), first_death: vec![None; nc] };
    let mut shares = vec![None; nc];
    let mut reading = Reading { memo: search::Memo::default(), left: READ_TOTAL, cut_left: CUT_READ_TOTAL };
    let mut pass = 0;
    loop {
        pass += 1;
        let mut verdict = proved.to_vec();
        for &c in &held.chains {
            verdict[c] = Verdict::Alive(Life::Held);
        }
        let judgement =
            judge::judge(board, pos, verdict, &mut reading.memo, &mut reading.cut_left, trace.as_deref_mut());
        let mut verdict = judgement.verdict.clone();
        shares.iter_mut().for_each(|s| *s = None);
        let refereed = referee(board, pos, &judgement, &mut verdict, &mut shares, &mut reading, trace.as_deref_mut());
        let handed_back: Vec<usize> =
            loose_dead(board, pos, &verdict).into_iter().filter(|c| !held.chains.contains(c)).collect();
        // Only static verdicts are judged again: a refereed group handed back is simply alive.
        let rejudge = handed_back.iter().any(|&c| matches!(verdict[c], Verdict::Dead(d) if !d.refereed()));
        if !rejudge || pass >= PASSES {
            let mut uncertain = split_groups(pos, &judgement, &verdict, &shares);
            for &c in &handed_back {
                verdict[c] = Verdict::Open;
            }
            held.release_surrounded(board, pos, &mut verdict);
            let loose: Vec<usize> = held.chains.iter().chain(&handed_back).copied().collect();
            uncertain.extend(referee_loose(board, pos, &loose, &mut verdict, &mut shares));
            return Settled { verdict, uncertain, shares, refereed };
        }
        held.hold(&verdict, &handed_back);
    }
}

/// The last check's playouts for the chains judged dead that the other colour does not surround ([`loose_referee`]):
/// each is listed as uncertain, and counted dead unless its playouts clearly say otherwise.
fn referee_loose(
    board: &Board,
    pos: &Pos,
    loose: &[usize],
    verdict: &mut [Verdict],
    shares: &mut [Option<f64>],
) -> Vec<Uncertain> {
    let loose_shares = loose_referee(board, pos, verdict, loose);
    let mut uncertain = Vec::new();
    for (&c, &share) in loose.iter().zip(&loose_shares) {
        // The static verdict was dead: the playouts overturn it only below the uncertain band. Measured on
        // finished/, the loose chains captured in 30–50% of the playouts were dead by the markup in 16 of
        // 17 games (random play rarely finishes a capture in open space).
        let counted_dead = share > DEAD_SHARE - UNCERTAIN_BAND;
        if counted_dead {
            verdict[c] = Verdict::Dead(Death::Playouts);
            shares[c] = Some(share);
        }
        uncertain.push(Uncertain {
            color: pos.chains[c].color,
            stones: points_of(pos, c),
            counted_dead,
            why: format!(
                "judged dead, but the other colour does not surround it; captured or left inside its space \
                 in {:.0}% of the playouts",
                share * 100.0
            ),
        });
    }
    uncertain
}

/// Each chain's final verdict and share, for the trace.
fn trace_chains(t: &mut String, board: &Board, pos: &Pos, verdict: &[Verdict], shares: &[Option<f64>]) {
    use std::fmt::Write as _;
    for (c, v) in verdict.iter().enumerate() {
        let chain = &pos.chains[c];
        let p = pos.point(chain.stones[0]).to_board_notation(board.height());
        let _ = writeln!(
            t,
            "chain {}{p} ({} stones): {v:?} share {:?} sgf {}",
            chain.color.letter(),
            chain.stones.len(),
            shares[c],
            points_of(pos, c).iter().map(|q| q.to_sgf()).collect::<Vec<_>>().join(",")
        );
    }
}

/// The dead chains with their reasons, in words a Go player can check, and confidences, in chain order.
fn dead_chains(
    pos: &Pos,
    verdict: &[Verdict],
    shares: &[Option<f64>],
    owner_of_dead: &[Option<Color>],
) -> Vec<DeadChain> {
    let mut dead = Vec::new();
    for (c, v) in verdict.iter().enumerate() {
        let Verdict::Dead(death) = *v else { continue };
        let color = pos.chains[c].color;
        let owner = owner_of_dead[c].unwrap_or(color.opponent());
        let (reason, confidence) = match death {
            Death::PassAliveArea => (Reason::PassAliveArea { owner }, 1.0),
            Death::Surrounded { eyes, space } => (Reason::Surrounded { owner, eyes, space }, 0.9),
            Death::LosesRace { libs, against } => (Reason::LosesRace { owner, libs, against }, 0.8),
            Death::Captured => (Reason::Captured { owner }, 0.85),
            Death::CutShort => (Reason::CutShort { owner }, 0.8),
            Death::Playouts => {
                let share = shares[c].unwrap_or(DEAD_SHARE);
                (Reason::Playouts { owner, share, playouts: PLAYOUTS }, share)
            }
        };
        dead.push(DeadChain { color, stones: points_of(pos, c), reason, confidence });
    }
    dead
}

/// The referee: playouts for the groups the judgement left open, with the stones judged dead off the board.
/// Sets their shares and kills those captured in more than [`DEAD_SHARE`] of the playouts; returns how many
/// chains it was asked about.
fn referee(
    board: &Board,
    pos: &Pos,
    judgement: &judge::Judgement,
    verdict: &mut [Verdict],
    shares: &mut [Option<f64>],
    reading: &mut Reading,
    mut trace: Option<&mut String>,
) -> usize {
    if judgement.open.is_empty() {
        return 0;
    }
    let area: Vec<Point> = judgement.area.iter().map(|&p| pos.point(p)).collect();
    let mut open: Vec<Vec<usize>> = judgement.open.clone();
    let refereed = open.iter().map(Vec::len).sum();
    for round in 0..REFEREE_ROUNDS {
        for &c in open.iter().flatten() {
            verdict[c] = Verdict::Open;
        }
        let cleared = without_dead(board, pos, verdict);
        let chains: Vec<usize> = open.iter().flatten().copied().collect();
        let points: Vec<Vec<Point>> = chains.iter().map(|&c| points_of(pos, c)).collect();
        let question = playouts::Question {
            board: &cleared,
            chains: &points,
            area: &area,
            playouts: PLAYOUTS,
            seed: board.hash() ^ round as u64,
        };
        let chain_shares = playouts::dead_shares_traced(&question, trace.as_deref_mut());
        // A group lives or dies as one: each of its chains gets the group's share, weighted by stones.
        let mut group_share = Vec::with_capacity(chains.len());
        let mut k = 0;
        for group in &open {
            let (mut sum, mut stones) = (0.0, 0.0);
            for (i, &c) in group.iter().enumerate() {
                let n = pos.chains[c].stones.len() as f64;
                sum += chain_shares[k + i] * n;
                stones += n;
            }
            group_share.extend(std::iter::repeat_n(sum / stones, group.len()));
            k += group.len();
        }
        for (&c, share) in chains.iter().zip(group_share) {
            if let Some(t) = trace.as_deref_mut() {
                use std::fmt::Write as _;
                let p = points_of(pos, c)[0];
                let _ = writeln!(
                    t,
                    "playouts: {}{} dead in {share:.2} sgf {}",
                    pos.chains[c].color.letter(),
                    p.to_board_notation(board.height()),
                    p.to_sgf()
                );
            }
            // A later round only adds to a share: it looks for what the capture lets the playouts finish, and
            // does not revive on the strength of a capture that may itself be wrong (resetting lost 2016-08-19-11).
            let share = if round > 0 { share.max(shares[c].unwrap_or(0.0)) } else { share };
            shares[c] = Some(share);
            if share > DEAD_SHARE {
                verdict[c] = Verdict::Dead(Death::Playouts);
            }
        }
        read_open_groups(&cleared, pos, &open, verdict, shares, &judgement.count_seki, reading, trace.as_deref_mut());
        // The playouts ran with the groups that reading has now killed on the board, and those beside them were
        // short of the liberties the capture gives back: the rest are refereed again without them. Measured on
        // finished/: two games more exact (2017-02-21-3, 2017-04-04-24: with the captured stones gone, the groups
        // around them have their liberties back and the opponent's weak stones beside them die), none lost; with
        // the groups reading could not save as well as those it captured, one more on each corpus (2017-02-25-13,
        // games/ 2015-06-03-24), none lost. (With every group the first round kills, one lost.)
        let before = open.len();
        open.retain(|group| !group.iter().any(|&c| killed_by_reading(verdict[c], shares[c])));
        if open.len() == before || open.is_empty() {
            break;
        }
    }
    refereed
}

/// Whether reading killed the chain: captured whoever moves first, or [`unsaved`].
fn killed_by_reading(verdict: Verdict, share: Option<f64>) -> bool {
    verdict == Verdict::Dead(Death::Captured) || unsaved(verdict, share)
}

/// Whether the chain is dead because reading could not save it with its owner moving first, on a share of the
/// playouts no higher than [`DEAD_SHARE`] (see [`read_open_groups`]): the playouts alone would have kept it.
fn unsaved(verdict: Verdict, share: Option<f64>) -> bool {
    verdict == Verdict::Dead(Death::Playouts) && share.is_some_and(|s| s <= DEAD_SHARE)
}

/// Playouts for chains judged dead that the other colour does not surround: each one's share of playouts in
/// which it ends captured or inside the other colour's space, played in the space around them (the empty
/// points reached from them without crossing a living stone), with every other dead stone off the board.
fn loose_referee(board: &Board, pos: &Pos, verdict: &[Verdict], loose: &[usize]) -> Vec<f64> {
    if loose.is_empty() {
        return Vec::new();
    }
    let cleared = without_dead(board, pos, verdict);
    // The empty points (dead stones' too) reached from the loose chains through empty points and loose stones.
    let dead = |c: usize| matches!(verdict[c], Verdict::Dead(_));
    let passable = |p: Pt| pos.chain_at(p).is_none_or(|c| dead(c) || loose.contains(&c));
    let mut seen = vec![false; pos.len()];
    let mut stack: Vec<Pt> = loose.iter().flat_map(|&c| pos.chains[c].stones.iter().copied()).collect();
    stack.iter().for_each(|&p| seen[usize::from(p)] = true);
    let mut area: Vec<Point> = Vec::new();
    while let Some(p) = stack.pop() {
        if pos.chain_at(p).is_none_or(dead) {
            area.push(pos.point(p));
        }
        for &q in pos.neighbours(p) {
            if !seen[usize::from(q)] && passable(q) {
                seen[usize::from(q)] = true;
                stack.push(q);
            }
        }
    }
    area.sort_unstable();
    let points: Vec<Vec<Point>> = loose.iter().map(|&c| points_of(pos, c)).collect();
    let question = playouts::Question {
        board: &cleared,
        chains: &points,
        area: &area,
        playouts: PLAYOUTS,
        seed: board.hash() ^ 0x5EED,
    };
    playouts::dead_shares_traced(&question, None)
}

/// Reading for the open groups, after the playouts: a group whose largest chain the opponent captures whoever
/// moves first is dead, unless an open group of the opponent's beside it is not shown to live when it moves first
/// (then the two are in a capturing race that the capture of one chain does not settle, and the playouts' verdict
/// stands). A group that reading cannot show living with its owner moving first is dead when its playouts split
/// (captured in more than 25% of them), unless an opposing open group beside it that reading captures whoever
/// moves first also touches its living stones (it wins that race), or the judgement found it in seki by the
/// liberty counts (`count_seki`, per chain); one they kill by a narrow majority (up to 70%) that reading shows
/// living whoever moves first is alive. The search is cut off by node counts: [`READ_NODES`] per question,
/// [`READ_TOTAL`] for all of a position's passes; a question it cannot settle within them changes nothing.
#[allow(clippy::too_many_arguments)]
fn read_open_groups(
    cleared: &Board,
    pos: &Pos,
    open: &[Vec<usize>],
    verdict: &mut [Verdict],
    shares: &[Option<f64>],
    count_seki: &[bool],
    reading: &mut Reading,
    mut trace: Option<&mut String>,
) {
    let to_loc = |p: Pt| cleared.loc(pos.point(p));
    // Per open group: its answers (defender first, then attacker first) and the points it stands on or next to.
    let mut answers: Vec<[search::Answer; 2]> = Vec::with_capacity(open.len());
    let mut around: Vec<Vec<Loc>> = Vec::with_capacity(open.len());
    // Per open group: whether the playouts kill it by a narrow majority.
    let split: Vec<bool> = open.iter().map(|group| split_dead(group, shares)).collect();
    for (g, group) in open.iter().enumerate() {
        let stones: Vec<Loc> = group.iter().flat_map(|&c| pos.chains[c].stones.iter().map(|&p| to_loc(p))).collect();
        let mut near: Vec<Loc> = stones.iter().flat_map(|&s| cleared.neighbours(s)).collect();
        near.extend_from_slice(&stones);
        near.sort_unstable();
        near.dedup();
        let mut got = [search::Answer::Unknown; 2];
        let color = pos.chains[group[0]].color;
        if let Some(largest) = pos.largest_chain(group) {
            let safe: Vec<Loc> = (0..pos.chains.len())
                .filter(|&c| pos.chains[c].color == color && matches!(verdict[c], Verdict::Alive(_)))
                .map(|c| to_loc(pos.chains[c].stones[0]))
                .collect();
            let living_attackers: Vec<Loc> = (0..pos.chains.len())
                .filter(|&c| pos.chains[c].color != color && matches!(verdict[c], Verdict::Alive(_)))
                .map(|c| to_loc(pos.chains[c].stones[0]))
                .collect();
            let target = to_loc(pos.chains[largest].stones[0]);
            for (i, attacker_first) in [false, true].into_iter().enumerate() {
                let problem = search::Problem {
                    board: cleared,
                    target,
                    group: &stones,
                    attacker_first,
                    safe: &safe,
                    living_attackers: &living_attackers,
                    budget: READ_NODES,
                };
                let answer = reading.memo.ask(&problem, &mut reading.left);
                got[i] = answer;
                // A group the playouts kill by a narrow majority is also read with the attacker first.
                let read_on = answer == search::Answer::Captured || (split[g] && answer == search::Answer::Lives);
                if !read_on {
                    break;
                }
            }
        }
        answers.push(got);
        around.push(near);
    }
    let color_of = |g: usize| pos.chains[open[g][0]].color;
    let captured: Vec<bool> = answers.iter().map(|a| a.iter().all(|&a| a == search::Answer::Captured)).collect();
    // Per open group: whether it touches living stones of the other colour (the loop below changes no living
    // verdict, so this holds throughout it).
    let touches_living: Vec<bool> = open
        .iter()
        .enumerate()
        .map(|(h, group)| {
            group.iter().flat_map(|&c| &pos.chains[c].stones).any(|&p| {
                pos.neighbours(p).iter().any(|&q| {
                    pos.chain_at(q)
                        .is_some_and(|d| pos.chains[d].color != color_of(h) && matches!(verdict[d], Verdict::Alive(_)))
                })
            })
        })
        .collect();
    for (g, group) in open.iter().enumerate() {
        let color = color_of(g);
        // The opposing open groups beside it.
        let beside: Vec<usize> = (0..open.len())
            .filter(|&h| {
                color_of(h) != color
                    && open[h]
                        .iter()
                        .any(|&c| pos.chains[c].stones.iter().any(|&p| around[g].binary_search(&to_loc(p)).is_ok()))
            })
            .collect();
        // An opposing open group beside it must live on its own for the capture to be a verdict.
        let racing = beside.iter().any(|&h| answers[h][0] != search::Answer::Lives);
        // An opposing group beside it that reading captures whoever moves first and that also touches living
        // stones of this colour: the capture joins this one to them. (Not one inside its eye space only: a
        // placement captured whoever moves first can still leave it one eye.)
        // Measured on finished/: one game more exact (2016-09-01-2); without the touch, two lost.
        let wins_race = beside.iter().any(|&h| captured[h] && touches_living[h]);
        let captured = captured[g];
        if let Some(t) = trace.as_deref_mut() {
            use std::fmt::Write as _;
            let p = pos.point(pos.chains[group[0]].stones[0]);
            let _ = writeln!(
                t,
                "reading: {}{} {:?} racing {racing}",
                color.letter(),
                p.to_board_notation(cleared.height()),
                answers[g]
            );
        }
        if split[g] && answers[g] == [search::Answer::Lives, search::Answer::Lives] && !racing {
            // Killed by a narrow majority of the playouts, but living whoever moves first: alive (the split
            // leaves it listed as uncertain). Measured on finished/: one game more exact (2017-03-06-22), none
            // lost; with every group the playouts kill, five lost.
            for &c in group {
                verdict[c] = Verdict::Open;
            }
        } else if captured && !racing {
            for &c in group {
                verdict[c] = Verdict::Dead(Death::Captured);
            }
        } else if answers[g][0] == search::Answer::Unknown
            && !wins_race
            // Split playouts, and no life found by reading with its owner moving first: dead, and listed as
            // uncertain. Measured on finished/ (above 0.3): such groups were dead by the markup in 15 of 19 (85
            // of 111 stones); four games more settled exactly, two lost.
            && group.iter().all(|&c| shares[c].is_some_and(|s| s > UNSAVED_DEAD_SHARE))
            // A seki the liberty counts read right is not split playouts' to break. Measured on finished/: one
            // game more exact (2017-01-02-27), none lost, games/ unchanged; without the checks that the counts
            // read the shared and outside liberties right, one lost on finished/ and three on games/.
            && !group.iter().any(|&c| count_seki[c])
        {
            for &c in group {
                verdict[c] = Verdict::Dead(Death::Playouts);
            }
        }
    }
}

/// Whether the playouts kill every chain of the group by a narrow majority (above [`DEAD_SHARE`], within the
/// uncertain band).
fn split_dead(group: &[usize], shares: &[Option<f64>]) -> bool {
    group.iter().all(|&c| shares[c].is_some_and(|s| s > DEAD_SHARE && s <= DEAD_SHARE + UNCERTAIN_BAND))
}

/// The reading of one estimate: answers found in earlier passes, and the expansions the open groups' reading may
/// still spend ([`READ_TOTAL`] in all passes together), and the judgement's check of cut-short groups
/// ([`CUT_READ_TOTAL`]).
struct Reading {
    memo: search::Memo,
    left: u32,
    cut_left: u32,
}

/// Refereed groups whose playouts split close to even, or that reading killed on a share below it: listed as
/// uncertain, however they are counted.
fn split_groups(
    pos: &Pos,
    judgement: &judge::Judgement,
    verdict: &[Verdict],
    shares: &[Option<f64>],
) -> Vec<Uncertain> {
    let mut uncertain = Vec::new();
    for group in &judgement.open {
        let split: Vec<f64> = group.iter().filter_map(|&c| shares[c]).collect();
        let unsaved = group.iter().any(|&c| unsaved(verdict[c], shares[c]));
        if unsaved || split.iter().any(|&s| (s - DEAD_SHARE).abs() <= UNCERTAIN_BAND) {
            let mut stones: Vec<Point> = group.iter().flat_map(|&c| points_of(pos, c)).collect();
            stones.sort_unstable();
            let low = split.iter().copied().fold(1.0, f64::min);
            let high = split.iter().copied().fold(0.0, f64::max);
            let range = if high - low < 0.005 {
                format!("{:.0}%", high * 100.0)
            } else {
                format!("{:.0}–{:.0}%", low * 100.0, high * 100.0)
            };
            uncertain.push(Uncertain {
                color: pos.chains[group[0]].color,
                stones,
                counted_dead: group.iter().any(|&c| matches!(verdict[c], Verdict::Dead(_))),
                why: format!("not settled by counting; captured in {range} of the playouts"),
            });
        }
    }
    uncertain
}

/// A chain whose death rests on the playouts alone, captured in fewer than half of them ([`DEAD_SHARE`]), is a
/// guess the estimate cannot settle: counted alive (it is listed as uncertain already, by the referee or the last
/// check), so that every chain reported dead has a confidence of at least one half.
fn count_guesses_alive(verdict: &mut [Verdict], shares: &[Option<f64>]) {
    for (v, share) in verdict.iter_mut().zip(shares) {
        if *v == Verdict::Dead(Death::Playouts) && share.unwrap_or(DEAD_SHARE) < DEAD_SHARE {
            *v = Verdict::Open;
        }
    }
}

/// The uncertain groups with each stone listed once: entries sharing a stone (a refereed group and a chain of it
/// that the last check played out again) are one group, split by the final verdicts into the stones counted dead
/// and those counted alive; their reasons are kept, each once.
fn listed_once(pos: &Pos, verdict: &[Verdict], entries: Vec<Uncertain>) -> Vec<Uncertain> {
    let mut owner: std::collections::HashMap<Point, usize> = std::collections::HashMap::new();
    let mut parent: Vec<usize> = (0..entries.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for (i, e) in entries.iter().enumerate() {
        for &p in &e.stones {
            if let Some(&j) = owner.get(&p) {
                let (a, b) = (root(&mut parent, i), root(&mut parent, j));
                parent[a] = b;
            } else {
                owner.insert(p, i);
            }
        }
    }
    let dead_at = |p: Point| {
        let pt = usize::from(p.y) * pos.width + usize::from(p.x);
        pos.chain_at(pt as Pt).is_some_and(|c| matches!(verdict[c], Verdict::Dead(_)))
    };
    let mut out = Vec::new();
    for i in 0..entries.len() {
        if root(&mut parent, i) != i {
            continue;
        }
        let members: Vec<usize> = (0..entries.len()).filter(|&j| root(&mut parent, j) == i).collect();
        let mut stones: Vec<Point> = members.iter().flat_map(|&j| entries[j].stones.iter().copied()).collect();
        stones.sort_unstable();
        stones.dedup();
        let mut whys: Vec<&str> = Vec::new();
        for &j in &members {
            if !whys.contains(&entries[j].why.as_str()) {
                whys.push(&entries[j].why);
            }
        }
        let why = whys.join("; ");
        for counted_dead in [true, false] {
            let part: Vec<Point> = stones.iter().copied().filter(|&p| dead_at(p) == counted_dead).collect();
            if !part.is_empty() {
                out.push(Uncertain { color: entries[i].color, stones: part, counted_dead, why: why.clone() });
            }
        }
    }
    out
}

/// The position with the stones judged dead off the board.
fn without_dead(board: &Board, pos: &Pos, verdict: &[Verdict]) -> Board {
    pos.board_without(board, |c| matches!(verdict[c], Verdict::Dead(_)))
}

fn points_of(pos: &Pos, c: usize) -> Vec<Point> {
    let mut points: Vec<Point> = pos.chains[c].stones.iter().map(|&p| pos.point(p)).collect();
    points.sort_unstable();
    points
}

/// Chains judged dead that the other colour does not reach alone once the dead are off the board (strict reach,
/// as area counting has it): nothing captures them there.
fn loose_dead(board: &Board, pos: &Pos, verdict: &[Verdict]) -> Vec<usize> {
    let (w, h) = (pos.width, pos.height);
    let mut dead_set = PointSet::empty(w, h);
    for (c, v) in verdict.iter().enumerate() {
        if matches!(v, Verdict::Dead(_)) {
            for &p in &pos.chains[c].stones {
                dead_set.insert(usize::from(p) % w, usize::from(p) / w);
            }
        }
    }
    if dead_set.is_empty() {
        return Vec::new();
    }
    let grid = Grid::new(board, &dead_set);
    let reach = life::strict_reach(&grid, &grid.living);
    let mut out = Vec::new();
    for (c, v) in verdict.iter().enumerate() {
        if !matches!(v, Verdict::Dead(_)) {
            continue;
        }
        let chain = &pos.chains[c];
        let (own, other) = (chain.color.index(), chain.color.opponent().index());
        let surrounded = chain.stones.iter().all(|&p| {
            let (x, y) = (usize::from(p) % w, usize::from(p) / w);
            reach[other].contains(x, y) && !reach[own].contains(x, y)
        });
        if !surrounded {
            out.push(c);
        }
    }
    out
}
