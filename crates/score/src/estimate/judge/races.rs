//! Races between two weak groups, framed for the liberty count of `race.rs`: each side's outside liberties and
//! eye, the liberties they share, and the liberties the winner can fill only by self-atari.

use super::groups::{Group, Groups};
use super::liberties::liberties_after;
use crate::estimate::pos::{Pos, Pt, Regions};
use crate::estimate::race::{self, Outcome, Side};

/// The race counts of `g` against `h`: each side's outside liberties and eye, and the liberties they share.
pub(crate) fn race_sides(groups: &Groups, regions: &Regions, g: usize, h: usize) -> (Side, Side, u32) {
    let (a, b) = (&groups.list[g], &groups.list[h]);
    let eye_libs = |group: &Group| -> (u32, Vec<usize>) {
        // A group with one eye races with it; its biggest own region is the eye.
        if group.eyes == 1 {
            let r = group.own_regions.iter().copied().max_by_key(|&r| regions.list[r].points.len());
            if let Some(r) = r {
                // Only its empty points: a dead stone inside takes a move to capture and leaves a smaller eye.
                return (race::eye_liberties(regions.list[r].empty), vec![r]);
            }
        }
        (0, Vec::new())
    };
    // A loose group races with its weakest chain: the opponent captures its chains one by one.
    let race_libs = |group: &Group| if group.loose { group.weakest_libs.clone() } else { group.libs.clone() };
    let (a_libs, b_libs) = (race_libs(a), race_libs(b));
    let (a_eye, a_eye_regions) = eye_libs(a);
    let (b_eye, b_eye_regions) = eye_libs(b);
    let in_eye = |p: Pt, eye_regions: &[usize]| eye_regions.contains(&(regions.region_of[usize::from(p)] as usize));
    let mut shared = 0;
    let mut a_out = 0;
    for &p in &a_libs {
        if in_eye(p, &a_eye_regions) {
            continue;
        }
        if b_libs.binary_search(&p).is_ok() {
            shared += 1;
        } else {
            a_out += 1;
        }
    }
    let b_out = b_libs.iter().filter(|&&p| !in_eye(p, &b_eye_regions) && a_libs.binary_search(&p).is_err()).count();
    (Side { outside: a_out, eye: a_eye }, Side { outside: b_out as u32, eye: b_eye }, shared)
}

/// Whether the first side loses the race counted as `a`, `b` and `shared` whoever moves first.
pub(crate) fn loses_whoever_moves_first(a: Side, b: Side, shared: u32) -> bool {
    [false, true].into_iter().all(|first| race::race(a, b, shared, first) == Outcome::FirstDies)
}

/// The liberties of eyeless, solid group `g` where a stone of the other colour would join stones of its colour,
/// touch no stone of race opponent `h`, capture nothing, and keep at most one liberty, itself one of `g`'s (a
/// self-atari, or suicide): the opponent fills such a point only to be captured, and `g`'s capture leaves an eye
/// where those stones stood (2017-04-06-6: Black's lone E2 inside White's lower-left group makes D2 and E1 such
/// points). That the joined stones lie inside `g` follows from the liberty condition, roughly: it is not checked.
fn held_liberties(pos: &Pos, groups: &Groups, dead: &[bool], g: usize, h: usize) -> Vec<Pt> {
    let group = &groups.list[g];
    if group.eyes > 0 || group.loose {
        return Vec::new();
    }
    let opponent = group.color.opponent();
    group
        .libs
        .iter()
        .copied()
        .filter(|&p| {
            // A capture would give the stone the captured points as liberties, which are none of `g`'s.
            let after = liberties_after(pos, &groups.chain_libs, dead, p, opponent);
            pos.touches(p, |c| !dead[c] && pos.chains[c].color == opponent)
                && !pos.touches(p, |c| groups.group_of[c] == h as u32)
                && after.len() <= 1
                && after.iter().all(|l| group.libs.binary_search(l).is_ok())
        })
        .collect()
}

/// Whether `g` loses its race against `h` (counted as `sides`) whoever moves first even with two or more of its
/// liberties that `h`'s colour fills only by self-atari ([`held_liberties`]) taken as its eye: it cannot be
/// approached there, and the capture it answers with gives it an eye. A held point touches no stone of `h`, so
/// the count had it among `g`'s outside liberties.
pub(crate) fn loses_with_held_liberties(
    pos: &Pos,
    groups: &Groups,
    dead: &[bool],
    g: usize,
    h: usize,
    sides: (Side, Side, u32),
) -> bool {
    let held = held_liberties(pos, groups, dead, g, h).len() as u32;
    let (mut a, b, shared) = sides;
    if held >= 2 {
        a.outside = a.outside.saturating_sub(held);
        a.eye += held;
    }
    loses_whoever_moves_first(a, b, shared)
}

/// Whether a stone of group `g` stands beside a stone of group `h`.
pub(crate) fn touching_groups(pos: &Pos, groups: &Groups, g: usize, h: usize) -> bool {
    groups.list[g]
        .chains
        .iter()
        .any(|&c| pos.chains[c].stones.iter().any(|&s| pos.touches(s, |d| groups.group_of[d] == h as u32)))
}
