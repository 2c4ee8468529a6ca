//! Pockets: the space a weak group reaches through empty points, dead stones and its own colour's stones, the
//! weak groups of its colour in it and the opposing groups around it; and which pockets are left unjudged.

use super::Round;
use super::groups::Groups;
use super::strength::room;
use crate::estimate::pos::{Pos, Pt};
use crate::estimate::tuning::ROOM;
use gotool_go::PointSet;

/// What a weak group's pocket holds: the space it can reach through empty points, dead stones and its own
/// colour's stones, stopping at the other colour's living stones and at points their connection shapes close.
pub(crate) struct Pocket {
    /// Groups of its own colour in the pocket (itself included).
    pub friends: Vec<usize>,
    /// Groups of the other colour bordering the pocket.
    pub opponents: Vec<usize>,
}

/// Walks group `g`'s pocket, marking its points in `seen`; `blocked` holds the points the other colour's
/// connection shapes close.
pub(crate) fn pocket(
    pos: &Pos,
    groups: &Groups,
    dead: &[bool],
    blocked: &PointSet,
    g: usize,
    seen: &mut [bool],
) -> Pocket {
    seen.iter_mut().for_each(|s| *s = false);
    let group = &groups.list[g];
    let color = group.color;
    let mut stack: Vec<Pt> = Vec::new();
    for &c in &group.chains {
        for &p in &pos.chains[c].stones {
            seen[usize::from(p)] = true;
            stack.push(p);
        }
    }
    let mut friends = vec![g];
    let mut opponents = Vec::new();
    let w = pos.width;
    while let Some(p) = stack.pop() {
        let pi = usize::from(p);
        if pos.stone[pi].is_none() && blocked.contains(pi % w, pi / w) {
            continue;
        }
        for &q in pos.neighbours(p) {
            let qi = usize::from(q);
            if seen[qi] {
                continue;
            }
            match pos.chain_at(q) {
                Some(c) if !dead[c] && pos.chains[c].color != color => {
                    opponents.push(groups.group_of[c] as usize);
                    continue;
                }
                Some(c) if !dead[c] => friends.push(groups.group_of[c] as usize),
                _ => {}
            }
            seen[qi] = true;
            stack.push(q);
        }
    }
    friends.sort_unstable();
    friends.dedup();
    opponents.sort_unstable();
    opponents.dedup();
    Pocket { friends, opponents }
}

/// The weak groups' pockets. A pocket is the same walked from any group in it, so it is walked once and shared.
/// No group in it is judged when it reaches no opposing group, holds a strong group, or holds a group with open
/// space of its own (an unfinished framework): that one is not clearly dead, whatever surrounds it, and nor are
/// the others, which may join it there (2017-01-11-7: White's E5-F5 and C1, in White's framework where Black's
/// stones still stand, were killed as surrounded, and capturing them saved Black's stones).
pub(crate) struct Pockets {
    /// Per group, its pocket in `list` (`None` for a strong group in no weak group's pocket).
    of: Vec<Option<usize>>,
    /// Each pocket, and whether its groups are left unjudged.
    list: Vec<(Pocket, bool)>,
}

impl Pockets {
    /// Walks the pockets of the round's weak groups in group order, with `seen` as scratch.
    pub(crate) fn of_weak_groups(round: &Round, strong: &[bool], seen: &mut [bool]) -> Pockets {
        let (pos, groups, dead) = (round.pos, &round.groups, &round.dead[..]);
        let blocks = round.connection_blocks();
        let mut of: Vec<Option<usize>> = vec![None; groups.list.len()];
        let mut list: Vec<(Pocket, bool)> = Vec::new();
        for (g, group) in groups.list.iter().enumerate() {
            if strong[g] || of[g].is_some() {
                continue;
            }
            let blocked = &blocks[group.color.opponent().index()];
            let pocket = pocket(pos, groups, dead, blocked, g, seen);
            let unjudged = pocket.opponents.is_empty()
                || pocket.friends.iter().any(|&f| strong[f])
                || pocket.friends.iter().any(|&f| room(pos, groups, dead, seen, f) >= ROOM);
            for &f in &pocket.friends {
                of[f] = Some(list.len());
            }
            list.push((pocket, unjudged));
        }
        Pockets { of, list }
    }

    /// Group `g`'s pocket, when `g` is weak and its pocket is judged.
    pub(crate) fn judged(&self, g: usize) -> Option<&Pocket> {
        let (pocket, unjudged) = &self.list[self.of[g]?];
        (!*unjudged).then_some(pocket)
    }
}
