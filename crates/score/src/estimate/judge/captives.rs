//! Captives: groups held inside a contested region (no eye, every liberty in it, every opposing stone they touch
//! on its walls), and the region counted as the space of the groups around them, the captives as dead stones in
//! it.

use super::eyes::space_value;
use super::groups::{EyeCount, Group};
use super::liberties::touched_by;
use crate::estimate::pos::{NONE, Pos, Pt, Regions};
use crate::estimate::tuning::{CLOSABLE_SPACE, CLOSING_CONTACTS};
use gotool_go::Color;

/// For each group, the region it is captive in ([`NONE`] if none). A group is captive in a region when it has no
/// eye, every liberty is in that region, and every opposing stone it touches borders the region too: it sits
/// inside the region's walls, not in them.
pub(crate) fn captive_regions(pos: &Pos, regions: &Regions, dead: &[bool], list: &[Group]) -> Vec<u32> {
    list.iter()
        .map(|group| {
            let Some(&first) = group.libs.first() else { return NONE };
            let r = regions.region_of[usize::from(first)];
            let inside = group.libs.iter().all(|&p| regions.region_of[usize::from(p)] == r);
            if !group.own_regions.is_empty() || !inside {
                return NONE;
            }
            let walled_in = walled_in(pos, regions, dead, group, r as usize);
            if walled_in && !walls_region(pos, regions, dead, group, r as usize) { r } else { NONE }
        })
        .collect()
}

/// Whether every opposing living stone `group` touches borders region `r`.
fn walled_in(pos: &Pos, regions: &Regions, dead: &[bool], group: &Group, r: usize) -> bool {
    let border = &regions.list[r].border;
    group.chains.iter().all(|&c| {
        pos.chains[c].stones.iter().all(|&s| {
            pos.neighbours(s).iter().all(|&q| match pos.chain_at(q) {
                Some(d) if !dead[d] && pos.chains[d].color != group.color => border.binary_search(&d).is_ok(),
                _ => true,
            })
        })
    })
}

/// A group that walls region `r` itself, the opponent touching it at a point or two only, is not held inside it:
/// it can close the region, and the opponent cannot count it as an eye (see [`CLOSING_CONTACTS`]).
fn walls_region(pos: &Pos, regions: &Regions, dead: &[bool], group: &Group, r: usize) -> bool {
    let region = &regions.list[r];
    region.points.len() >= CLOSABLE_SPACE
        && region.points.iter().filter(|&&p| touched_by(pos, dead, p, group.color.opponent())).count()
            <= CLOSING_CONTACTS
}

/// A contested region whose opposing groups are all captive in it is the space of the groups around them:
/// counted as their eye, valued with the captives' stones as its points (they are dead stones in it).
pub(crate) fn credit_captives(
    pos: &Pos,
    regions: &Regions,
    group_of: &[u32],
    captive: &[u32],
    list: &mut [Group],
    eyes: &mut EyeCount,
) {
    for (r, region) in regions.list.iter().enumerate() {
        if region.colors != 3 {
            continue;
        }
        for color in [Color::Black, Color::White] {
            let Some(holders) = holders_around_captives(pos, regions, group_of, captive, r, color) else { continue };
            let space = space_with_captives(pos, regions, r, color);
            let size = space.len();
            let value = space_value(pos, &space);
            let holding: Vec<usize> = region.border.iter().copied().filter(|&c| pos.chains[c].color == color).collect();
            eyes.solid.join_all(&holding);
            eyes.found.push((holding, value));
            for g in holders {
                list[g].credited.push(r);
                list[g].space = list[g].space.max(size);
                eyes.values[g] = eyes.values[g].saturating_add(value);
            }
        }
    }
}

/// The groups of `color` around contested region `r` that are not captive in it, when every opposing group
/// around it is captive there (`None` otherwise, or when no such group of `color` is left).
fn holders_around_captives(
    pos: &Pos,
    regions: &Regions,
    group_of: &[u32],
    captive: &[u32],
    r: usize,
    color: Color,
) -> Option<Vec<usize>> {
    let mut holders: Vec<usize> = Vec::new();
    let mut all_captive = true;
    for &c in &regions.list[r].border {
        let g = group_of[c] as usize;
        if pos.chains[c].color == color {
            holders.push(g);
        } else if captive[g] != r as u32 {
            all_captive = false;
        }
    }
    holders.sort_unstable();
    holders.dedup();
    holders.retain(|&g| captive[g] != r as u32);
    (all_captive && !holders.is_empty()).then_some(holders)
}

/// Region `r`'s points with the stones of the other colour's chains around it (the captives), sorted.
fn space_with_captives(pos: &Pos, regions: &Regions, r: usize, color: Color) -> Vec<Pt> {
    let region = &regions.list[r];
    let mut space = region.points.clone();
    for &c in &region.border {
        if pos.chains[c].color != color {
            space.extend_from_slice(&pos.chains[c].stones);
        }
    }
    space.sort_unstable();
    space
}
