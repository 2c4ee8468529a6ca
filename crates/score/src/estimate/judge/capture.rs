//! What capturing opposing groups gives a group: the space the captured stones open, counted for a second eye,
//! and whether the capture joins two groups of the capturer's colour.

use super::eyes::components_value;
use super::groups::{Group, Groups};
use crate::estimate::pos::{NONE, Pos, Pt, Regions};

/// Whether group `g` lives by capturing the opposing groups `captured`, counted two ways (see
/// [`lives_by_capture`]).
pub(crate) struct ByCapture {
    /// The captured stones' liberties counted as `g`'s space.
    pub with_liberties: bool,
    /// The liberties left out: the capture fills them, they are `g`'s stones after it.
    pub liberties_filled: bool,
}

impl ByCapture {
    pub(crate) fn either(&self) -> bool {
        self.with_liberties || self.liberties_filled
    }
}

/// Would group `g` live by capturing the opposing groups `captured`: the space the captures open (their stones
/// and the regions only they and `g` border) gives it its second eye, or the captured stones touch a living friend?
/// The space is valued as the separate spaces it falls into, with and without the captured stones' liberties.
pub(crate) fn lives_by_capture(
    pos: &Pos,
    groups: &Groups,
    regions: &Regions,
    strong: &[bool],
    g: usize,
    captured: &[usize],
) -> ByCapture {
    let group = &groups.list[g];
    let of = |c: usize| groups.group_of[c] as usize;
    let mut stones: Vec<Pt> = Vec::new();
    let mut touched: Vec<usize> = Vec::new();
    for &h in captured {
        for &c in &groups.list[h].chains {
            for &s in &pos.chains[c].stones {
                stones.push(s);
                for &q in pos.neighbours(s) {
                    match pos.chain_at(q) {
                        Some(d) if groups.group_of[d] != NONE && !captured.contains(&of(d)) => {
                            if pos.chains[d].color == group.color && of(d) != g && strong[of(d)] {
                                return ByCapture { with_liberties: true, liberties_filled: true };
                            }
                        }
                        Some(_) => {}
                        None => touched.push(regions.region_of[usize::from(q)] as usize),
                    }
                }
            }
        }
    }
    touched.sort_unstable();
    touched.dedup();
    stones.sort_unstable();
    let liberty = |p: Pt| pos.neighbours(p).iter().any(|q| stones.binary_search(q).is_ok());
    let (mut with_liberties, mut liberties_filled) = (stones.clone(), stones.clone());
    for r in touched {
        let region = &regions.list[r];
        if region.border.iter().all(|&c| of(c) == g || captured.contains(&of(c))) {
            with_liberties.extend_from_slice(&region.points);
            liberties_filled.extend(region.points.iter().copied().filter(|&p| !liberty(p)));
        }
    }
    ByCapture {
        with_liberties: lives_with_space(pos, regions, group, with_liberties),
        liberties_filled: lives_with_space(pos, regions, group, liberties_filled),
    }
}

/// Whether `group` has two eyes with `space` (the points a capture opens) added to its own.
fn lives_with_space(pos: &Pos, regions: &Regions, group: &Group, mut space: Vec<Pt>) -> bool {
    space.sort_unstable();
    space.dedup();
    // A one-point eye of the group made false by a captured stone on its diagonal becomes real.
    let repaired = group.own_regions.iter().any(|&r| {
        let region = &regions.list[r];
        region.points.len() == 1 && {
            let (diagonals, _) = pos.diagonals(region.points[0]);
            diagonals.iter().any(|d| space.binary_search(d).is_ok() && pos.stone[usize::from(*d)].is_some())
        }
    });
    group.eyes + u8::from(repaired) + components_value(pos, &space) >= 2
}

/// Whether capturing group `h` joins two groups of the other colour, safely: every chain of theirs beside it
/// has a second liberty, so none of them is taken first.
pub(crate) fn joins_by_capture(pos: &Pos, groups: &Groups, dead: &[bool], h: usize) -> bool {
    let color = groups.list[h].color;
    let beside: Vec<usize> = groups.list[h]
        .chains
        .iter()
        .flat_map(|&c| &pos.chains[c].stones)
        .flat_map(|&s| pos.neighbours(s).iter().filter_map(|&q| pos.chain_at(q)))
        .filter(|&d| pos.chains[d].color != color && !dead[d])
        .collect();
    beside.iter().all(|&d| groups.chain_libs[d].len() >= 2)
        && beside.iter().any(|&d| groups.group_of[d] != groups.group_of[beside[0]])
}
