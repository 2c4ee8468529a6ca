//! Strength and room: which groups count as living for their neighbours' judgement (the scorer's verdict of
//! life, checked for borrowed life and a lone small eye), which of them the referee still tests, and how much
//! space a weak group has to make eyes.

use super::Round;
use super::groups::{Group, Groups, group_stones};
use super::verdict::{Life, Verdict};
use crate::estimate::pos::{NONE, Pos, Pt};
use crate::estimate::tuning::{BORROWED_LIFE_LIBERTIES, REFEREED_STONES, WALL_STONES};
use crate::grid::Grid;
use crate::life::{self, Analysis};

/// Per group: strong, that is, living for its neighbours' judgement. Proved (Benson) or held alive by the last
/// check; or two eyes by the scorer's own eye values, with the captives taken as dead (they are what makes a
/// territory one), unless it only borrows its life or has one small eye. Loose stones (many chains of one or two
/// stones) get their eyes from connections the scorer assumes; they need two eyes of their own solid parts.
pub(crate) fn strong_groups(round: &Round, verdict: &[Verdict]) -> Vec<bool> {
    let analysis = life::analyse(&Grid::new(round.board, &round.with_captives_dead()));
    round
        .groups
        .list
        .iter()
        .enumerate()
        .map(|(g, group)| {
            group.chains.iter().any(|&c| matches!(verdict[c], Verdict::Alive(Life::PassAlive | Life::Held)))
                || (alive_to_scorer(round, &analysis, g)
                    && !one_small_eye(round, group)
                    && !borrowed_life(round, g)
                    && (!group.loose || group.solid_eyes >= 2))
        })
        .collect()
}

/// Whether the scorer, with the captives dead, counts group `g` alive: not captive, and a chain of it outside
/// seki (a region the scorer would call seki has at most one eye).
fn alive_to_scorer(round: &Round, analysis: &Analysis, g: usize) -> bool {
    let (pos, group) = (round.pos, &round.groups.list[g]);
    round.groups.captive[g] == NONE
        && group.chains.iter().any(|&c| {
            let p = usize::from(pos.chains[c].stones[0]);
            !analysis.seki[group.color.index()].contains(p % pos.width, p / pos.width)
        })
}

/// The scorer's eye values give the benefit of the doubt to a lone small space (a bulky five is two eyes to it,
/// and in a settled game it is): a group whose only eye space is one small empty space that is a single eye with
/// the opponent to move is not strong here.
fn one_small_eye(round: &Round, group: &Group) -> bool {
    let regions = &round.regions;
    group.credited.is_empty()
        && group.own_regions.len() == 1
        && group.eyes <= 1
        && regions.list[group.own_regions[0]].empty == regions.list[group.own_regions[0]].points.len()
        && regions.list[group.own_regions[0]].points.len() <= 6
}

/// Without two eyes of its own, a group is alive to the scorer only through the living stones it reaches across
/// dame: real for a wall, not for a few short-of-liberty stones left inside the opponent's area (which the
/// hypothesis still counts as living), where every opposing group in contact is bigger than they are (see
/// [`WALL_STONES`]).
fn borrowed_life(round: &Round, g: usize) -> bool {
    let group = &round.groups.list[g];
    group.eyes < 2
        && group.stones < WALL_STONES
        && group.libs.len() <= BORROWED_LIFE_LIBERTIES
        && inside_bigger_groups(round.pos, &round.groups, &round.dead, g)
}

/// Whether every living opposing group in contact with group `g` has more stones than it, or is captive (held in
/// a region without an eye): `g` sits inside the opponent's stones rather than in a fight among weak groups on
/// both sides. Measured on finished/: counting captives as no fight settles two games more exactly
/// (2017-02-09-12, 2017-04-19-11: small groups in atari beside a captive of the opponent's were kept strong, and
/// with them the eyeless groups beside them), and one more of games/ matches RE (2015-01-05-11), none lost.
fn inside_bigger_groups(pos: &Pos, groups: &Groups, dead: &[bool], g: usize) -> bool {
    let group = &groups.list[g];
    group.chains.iter().all(|&c| {
        pos.chains[c].stones.iter().all(|&s| {
            pos.neighbours(s).iter().all(|&q| match pos.chain_at(q) {
                Some(d) if !dead[d] && pos.chains[d].color != group.color => {
                    let h = groups.group_of[d] as usize;
                    groups.list[h].stones > group.stones || groups.captive[h] != NONE
                }
                _ => true,
            })
        })
    })
}

/// Whether a strong group is still handed to the referee: fewer than two eyes of its own and fewer than
/// [`REFEREED_STONES`] stones. Its life comes from the scorer joining it across dame to other stones of its
/// colour, which the playouts can test (can it be cut off and captured?) and the count cannot; a bigger group
/// without eyes is a wall whose life the count does see.
pub(crate) fn refereed_though_strong(group: &Group) -> bool {
    group.eyes < 2 && group.stones < REFEREED_STONES
}

/// The points of `g`'s pocket (marked in `seen`) nearer to `g`'s stones than to any living opposing stone,
/// walking through empty points and dead stones: the room it has to make eyes (see
/// [`ROOM`](crate::estimate::tuning::ROOM)).
pub(crate) fn room(pos: &Pos, groups: &Groups, dead: &[bool], seen: &[bool], g: usize) -> usize {
    let n = pos.len();
    let color = groups.list[g].color;
    let open = |p: usize| seen[p] && pos.chain_at(p as Pt).is_none_or(|c| dead[c]);
    // Distances from the group's stones and from the opposing stones around the pocket.
    let bfs = |starts: Vec<Pt>| {
        let mut dist = vec![u16::MAX; n];
        let mut queue = std::collections::VecDeque::new();
        for s in starts {
            dist[usize::from(s)] = 0;
            queue.push_back(s);
        }
        while let Some(p) = queue.pop_front() {
            let d = dist[usize::from(p)];
            for &q in pos.neighbours(p) {
                let qi = usize::from(q);
                if dist[qi] == u16::MAX && open(qi) {
                    dist[qi] = d + 1;
                    queue.push_back(q);
                }
            }
        }
        dist
    };
    let own = group_stones(pos, &groups.list[g]);
    let mut others = Vec::new();
    for p in 0..n {
        if let Some(c) = pos.chain_at(p as Pt)
            && !dead[c]
            && pos.chains[c].color != color
            && pos.neighbours(p as Pt).iter().any(|&q| open(usize::from(q)))
        {
            others.push(p as Pt);
        }
    }
    let (mine, theirs) = (bfs(own), bfs(others));
    (0..n).filter(|&p| open(p) && mine[p] < theirs[p]).count()
}
