//! Reading inside the static judgement (the capture search of `search.rs`): a race lost by the counts read out
//! with the winner moving first, and strong groups cut short of liberties beside a small eye space read with the
//! opponent moving first.

use super::Round;
use super::eyes::{hangs_as_played, space_value};
use super::groups::Group;
use super::verdict::Verdict;
use crate::estimate::pos::{NONE, Pos, Pt, Regions};
use crate::estimate::search::{Answer, Memo, Problem};
use crate::estimate::tuning::{CUT_OUTSIDE_LIBERTIES, CUT_READ_NODES, CUT_SPACE, RACE_READ_NODES};
use gotool_go::Board;

/// The board reading starts from: the dead stones off, but for chains that hang on an eye ([`hangs_as_played`]).
pub(crate) fn reading_board(board: &Board, pos: &Pos, dead: &[bool]) -> Board {
    pos.board_without(board, |c| dead[c] && hangs_as_played(pos, c).is_none())
}

/// Whether reading shows group `g`, which loses a capturing race by the counts, keeping its largest chain even
/// with the winner moving first (the dead stones off the board, its colour's strong groups safe): then the counts
/// were wrong, most often a seki in which the winner's chains in contact are short of liberties themselves. A
/// search cut off by its budget says no: the counts stand. Measured on finished/ against asking with the loser
/// moving first: that flips more races (ten games settled exactly, six lost), this one fewer (five and two).
pub(crate) fn race_survives(round: &Round, strong: &[bool], g: usize, memo: &mut Memo, left: &mut u32) -> bool {
    read_attacker_first(round, strong, g, RACE_READ_NODES, memo, left) == Answer::Lives
}

/// Reading of group `g` with the opponent moving first, within `budget` expansions of the `left` a caller may
/// spend: can it capture the group's largest chain? The dead stones are off the board ([`reading_board`]); the
/// strong groups of `g`'s colour (other than `g`) are safe.
fn read_attacker_first(
    round: &Round,
    strong: &[bool],
    g: usize,
    budget: u32,
    memo: &mut Memo,
    left: &mut u32,
) -> Answer {
    let (pos, groups, cleared) = (round.pos, &round.groups, round.cleared());
    let group = &groups.list[g];
    let Some(largest) = pos.largest_chain(&group.chains) else { return Answer::Unknown };
    let to_loc = |p: Pt| cleared.loc(pos.point(p));
    let hanging = (0..pos.chains.len()).filter(|&c| {
        groups.group_of[c] as usize != g
            && hangs_as_played(pos, c).is_some_and(|p| pos.touches(p, |d| group.chains.contains(&d)))
    });
    let stones: Vec<_> = group
        .chains
        .iter()
        .copied()
        .chain(hanging)
        .flat_map(|c| pos.chains[c].stones.iter().map(|&p| to_loc(p)))
        .collect();
    let safe: Vec<_> = (0..groups.list.len())
        .filter(|&h| h != g && strong[h] && groups.list[h].color == group.color)
        .flat_map(|h| groups.list[h].chains.iter().map(|&c| to_loc(pos.chains[c].stones[0])))
        .collect();
    let living_attackers: Vec<_> = (0..groups.list.len())
        .filter(|&h| strong[h] && groups.list[h].color != group.color)
        .flat_map(|h| groups.list[h].chains.iter().map(|&c| to_loc(pos.chains[c].stones[0])))
        .collect();
    let problem = Problem {
        board: cleared,
        target: to_loc(pos.chains[largest].stones[0]),
        group: &stones,
        attacker_first: true,
        safe: &safe,
        living_attackers: &living_attackers,
        budget,
    };
    memo.ask(&problem, left)
}

/// The eyes `group` has once the points `filled` are filled: each own region of two points or more that holds
/// some of them is counted again without them (nothing when none is left).
fn eyes_once_filled(pos: &Pos, regions: &Regions, group: &Group, filled: &[Pt]) -> u8 {
    let mut lost = 0u8;
    for &r in &group.own_regions {
        let points = &regions.list[r].points;
        if points.len() < 2 || !points.iter().any(|p| filled.contains(p)) {
            continue;
        }
        let left: Vec<Pt> = points.iter().copied().filter(|p| !filled.contains(p)).collect();
        let after = if left.is_empty() { 0 } else { space_value(pos, &left) };
        lost = lost.saturating_add(space_value(pos, points).saturating_sub(after));
    }
    group.eyes.saturating_sub(lost)
}

/// The strong groups (two eyes by the count, not proved by Benson) with a small eye space of their own and a
/// chain whose two liberties are one inside that space and one outside, that reading captures with the opponent
/// moving first and the owner answering every move: the opponent's move outside puts the chain in atari, and its
/// owner must fill its own space to save it (a corner with a cutting point beside its eye). Dead by the rules'
/// test, whoever would move next. A search cut off by its budget counts as a capture only when the count, with
/// the inside liberties filled, leaves the group fewer than two eyes ([`eyes_once_filled`]) and the group is
/// settled ([`CUT_OUTSIDE_LIBERTIES`]). Measured on finished/ and games/: 13 and 134 groups read, none
/// captured; counting every unfinished search as a capture took 4 games off the exact count of finished/ for 2;
/// counting it with the filled count settles 2016-11-01-4 (Black's 18-stone group in White's lower left, whose
/// bent four on the edge hangs on L1 with the liberties K1 and L2) and two more games of games/ match their RE
/// (2001-04-21-4, 2015-04-17-9), none lost.
pub(crate) fn cut_short_groups(
    round: &Round,
    strong: &[bool],
    verdict: &[Verdict],
    memo: &mut Memo,
    left: &mut u32,
) -> Vec<usize> {
    let (pos, regions) = (round.pos, &round.regions);
    let mut captured = Vec::new();
    for (g, group) in round.groups.list.iter().enumerate() {
        if *left == 0 {
            break;
        }
        // Benson's proof, or held alive by the last check: nothing to read.
        if !strong[g] || group.chains.iter().any(|&c| verdict[c] != Verdict::Open) {
            continue;
        }
        if group.own_points > CUT_SPACE {
            continue;
        }
        let filled = inside_liberties_to_fill(pos, regions, group, verdict);
        if filled.is_empty() {
            continue;
        }
        let dead = match read_attacker_first(round, strong, g, CUT_READ_NODES, memo, left) {
            Answer::Captured => true,
            Answer::Unknown => {
                let own = |p: Pt| in_own_region(regions, group, p);
                group.libs.iter().filter(|&&p| !own(p)).count() <= CUT_OUTSIDE_LIBERTIES
                    && eyes_once_filled(pos, regions, group, &filled) < 2
            }
            Answer::Lives => false,
        };
        if dead {
            captured.push(g);
        }
    }
    captured
}

/// Whether `p` lies in one of `group`'s own regions.
fn in_own_region(regions: &Regions, group: &Group, p: Pt) -> bool {
    let r = regions.region_of[usize::from(p)];
    r != NONE && group.own_regions.contains(&(r as usize))
}

/// The inside liberties of `group`'s chains cut short, points the owner must fill: a chain with two liberties
/// whose inside liberty joins it to another of the group's chains (filling it is a connection the owner cannot do
/// without), and whose outside one touches an opposing stone not judged dead (the atari comes from a connected
/// stone).
fn inside_liberties_to_fill(pos: &Pos, regions: &Regions, group: &Group, verdict: &[Verdict]) -> Vec<Pt> {
    let own = |p: Pt| in_own_region(regions, group, p);
    group
        .chains
        .iter()
        .filter_map(|&c| {
            let libs = &pos.chains[c].libs;
            if libs.len() != 2 {
                return None;
            }
            let inside =
                libs.iter().copied().find(|&p| own(p) && pos.touches(p, |d| d != c && group.chains.contains(&d)))?;
            let outside = libs.iter().any(|&p| {
                !own(p)
                    && pos.touches(p, |d| pos.chains[d].color != group.color && !matches!(verdict[d], Verdict::Dead(_)))
            });
            outside.then_some(inside)
        })
        .collect()
}
