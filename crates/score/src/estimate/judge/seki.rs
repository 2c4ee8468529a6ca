//! Seki between weak groups: stones filling an eyeless wall's only space that neither side can approach (an
//! enclosed seki), and a seki by the race counts that counting reads right.

use super::capture::lives_by_capture;
use super::eyes::{components_value, corner_ko_shape};
use super::groups::{Groups, group_stones};
use super::races::{loses_whoever_moves_first, race_sides};
use crate::estimate::pos::{NONE, Pos, Pt, Regions};

/// Whether `outer` and `inner` are in seki because `inner` fills eyeless `outer`'s only space: `inner`'s
/// liberties (two or more, all `outer`'s) touch no other stone of its colour; `outer` lives neither without it nor by
/// capturing it, which fills those liberties; and `inner`'s owner cannot approach, since once it fills all but
/// one liberty `outer` captures the stones and the filler and has two eyes there. Three stones in a row inside
/// an eyeless wall with a liberty at each end are such a seki; a lone stone in a space of three is not.
pub(crate) fn enclosed_seki(
    pos: &Pos,
    groups: &Groups,
    regions: &Regions,
    strong: &[bool],
    outer: usize,
    inner: usize,
) -> bool {
    let (wall, filler) = (&groups.list[outer], &groups.list[inner]);
    // Without liberties of its own the wall is in a seki by the counts already, which the referee settles.
    if wall.eyes > 0 || filler.loose || filler.libs.len() < 2 || wall.libs.len() <= filler.libs.len() {
        return false;
    }
    let of = |c: usize| groups.group_of[c];
    // Whether a point touches a living stone of `group`'s colour outside it.
    let joins_another = |p: Pt, group: usize| {
        let color = groups.list[group].color;
        pos.neighbours(p).iter().any(|&q| {
            pos.chain_at(q).is_some_and(|d| pos.chains[d].color == color && of(d) != NONE && of(d) != group as u32)
        })
    };
    // The filler cannot connect out; the wall has no chain in atari (cut there) and no liberty that joins it to
    // another group of its colour (a way out); and no chain of the wall touches just one of the filler's
    // liberties, which the opponent makes it fill by taking its outside ones (an approach move forced on the
    // wall: `games/` 2015-01-29-13, whose RE it gives).
    if !filler.libs.iter().all(|&l| wall.libs.binary_search(&l).is_ok() && !joins_another(l, inner))
        || wall.chains.iter().any(|&c| groups.chain_libs[c].len() < 2)
        || wall
            .chains
            .iter()
            .any(|&c| groups.chain_libs[c].iter().filter(|l| filler.libs.binary_search(l).is_ok()).count() == 1)
        || wall.libs.iter().any(|&l| joins_another(l, outer))
    {
        return false;
    }
    // No other way out: every other opposing group beside its stones or liberties lives, or wins its race
    // against the wall whoever moves first with twice the wall's liberties (a winner short of that may be dying
    // itself).
    let mut around: Vec<usize> = group_stones(pos, wall)
        .iter()
        .chain(&wall.libs)
        .flat_map(|&p| pos.neighbours(p).iter().copied())
        .filter_map(|q| pos.chain_at(q))
        .filter(|&d| pos.chains[d].color != wall.color && of(d) != NONE && of(d) != inner as u32)
        .map(|d| of(d) as usize)
        .collect();
    around.sort_unstable();
    around.dedup();
    let beats_wall = |h: usize| {
        groups.list[h].libs.len() >= 2 * wall.libs.len() && {
            let (a, b, shared) = race_sides(groups, regions, outer, h);
            loses_whoever_moves_first(a, b, shared)
        }
    };
    if !around.iter().all(|&h| strong[h] || beats_wall(h))
        || lives_by_capture(pos, groups, regions, strong, outer, &[inner]).liberties_filled
    {
        return false;
    }
    // The wall's outside liberties are filled by then.
    let stones = group_stones(pos, filler);
    filler.libs.iter().all(|&last| {
        let mut space = stones.clone();
        space.extend(filler.libs.iter().copied().filter(|&l| l != last));
        space.sort_unstable();
        !corner_ko_shape(pos, &space) && components_value(pos, &space) >= 2
    })
}

/// Whether the seki that the race counts give groups `g` and `h` is one counting reads right: two single chains
/// where filling a shared liberty joins the filler to no other stones (it is a self-atari), and each outside
/// liberty can be filled by the other side (it has two empty neighbours, or the filler has other stones beside
/// it).
pub(crate) fn counted_seki_holds(pos: &Pos, groups: &Groups, dead: &[bool], g: usize, h: usize) -> bool {
    let (group, other) = (&groups.list[g], &groups.list[h]);
    let (gc, hc) = (group.chains[0], other.chains[0]);
    let single = group.chains.len() == 1 && other.chains.len() == 1;
    let (gl, hl) = (&group.libs, &other.libs);
    let sealed =
        gl.iter().filter(|p| hl.binary_search(p).is_ok()).all(|&p| !pos.touches(p, |d| d != gc && d != hc && !dead[d]));
    let fillable = |libs: &[Pt], others: &[Pt], filler: usize| {
        libs.iter().filter(|p| others.binary_search(p).is_err()).all(|&p| {
            let empty = pos.neighbours(p).iter().filter(|&&q| pos.stone[usize::from(q)].is_none());
            empty.count() >= 2
                || pos.touches(p, |d| d != filler && !dead[d] && pos.chains[d].color == pos.chains[filler].color)
        })
    };
    single && sealed && fillable(gl, hl, hc) && fillable(hl, gl, gc)
}
