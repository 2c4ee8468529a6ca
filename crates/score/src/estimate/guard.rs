//! The seki guard, the last word before a group is called dead: a group can live in seki only beside an opposing
//! chain that cannot fill the shared liberties without being captured first, and where one is in contact, reading
//! with the opponent moving first (the status the rules ask for: can the opponent capture it?) must not show the
//! group keeping its stones.
//!
//! Go behind it: to capture a group the opponent must fill every one of its liberties. A chain of the opponent's
//! with at least as many liberties as the group, and more than one, can fill them and stay out of atari until the
//! group is captured; a chain with fewer, or one that is already in atari, runs out of liberties on the way, so the
//! group may capture it or the two may stand in seki. Only then can the static judgement's count (eyes, liberties)
//! be wrong about a seki, and only then is the group read out. A chain proved pass-alive (Benson) is never short:
//! it cannot be captured.

use super::judge::{Death, Life, Verdict};
use super::pos::{Pos, Pt};
use super::search::{Answer, Memo, Problem};
use super::tuning::{SEKI_READ_NODES, SEKI_READ_TOTAL};
use gotool_go::{Board, Loc};

/// What the guard changed: the groups reading shows keeping their stones (alive: in seki, or with eyes the count
/// missed) and those it could not settle within its budget (counted alive, to be listed as uncertain).
#[derive(Default)]
pub(super) struct Guarded {
    pub revived: Vec<Vec<usize>>,
    pub unsettled: Vec<Vec<usize>>,
}

/// Reads every dead group beside a short opposing chain with the opponent moving first, and takes back the
/// verdict of death of each one that reading does not capture: alive when reading shows it keeping its stones,
/// open (counted alive) when the search runs out of budget, its own or the position's.
pub(super) fn guard(board: &Board, pos: &Pos, verdict: &mut [Verdict]) -> Guarded {
    let mut memo = Memo::default();
    let mut left = SEKI_READ_TOTAL;
    let mut guarded = Guarded::default();
    for group in dead_groups(pos, verdict) {
        let cleared = pos.board_without(board, |c| matches!(verdict[c], Verdict::Dead(_)) && !group.contains(&c));
        if !beside_a_short_chain(pos, &cleared, &group, verdict) {
            continue;
        }
        let answer = if left == 0 {
            Answer::Unknown
        } else {
            read_attacker_first(pos, &cleared, &group, verdict, &mut memo, &mut left)
        };
        match answer {
            Answer::Captured => continue,
            Answer::Lives => {
                group.iter().for_each(|&c| verdict[c] = Verdict::Alive(Life::Seki));
                guarded.revived.push(group);
            }
            Answer::Unknown => {
                group.iter().for_each(|&c| verdict[c] = Verdict::Open);
                guarded.unsettled.push(group);
            }
        }
    }
    guarded
}

/// The chains judged dead because they lose a capturing race by the counts, in groups: chains of one colour that
/// share a liberty live or die together.
fn dead_groups(pos: &Pos, verdict: &[Verdict]) -> Vec<Vec<usize>> {
    let guarded = |c: usize| matches!(verdict[c], Verdict::Dead(Death::LosesRace { .. }));
    let mut group_of: Vec<Option<usize>> = vec![None; pos.chains.len()];
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for start in (0..pos.chains.len()).filter(|&c| guarded(c)) {
        if group_of[start].is_some() {
            continue;
        }
        let g = groups.len();
        group_of[start] = Some(g);
        let mut members = vec![start];
        let mut i = 0;
        while i < members.len() {
            let c = members[i];
            i += 1;
            for &l in &pos.chains[c].libs {
                for &q in pos.neighbours(l) {
                    if let Some(d) = pos.chain_at(q)
                        && group_of[d].is_none()
                        && guarded(d)
                        && pos.chains[d].color == pos.chains[c].color
                    {
                        group_of[d] = Some(g);
                        members.push(d);
                    }
                }
            }
        }
        members.sort_unstable();
        groups.push(members);
    }
    groups
}

/// Whether an opposing chain not judged dead and not pass-alive touches `group`'s stones or liberties with no
/// more liberties than the group has (or one, in atari) on `cleared`, the board with the other dead stones off.
fn beside_a_short_chain(pos: &Pos, cleared: &Board, group: &[usize], verdict: &[Verdict]) -> bool {
    let loc = |p: Pt| cleared.loc(pos.point(p));
    let stones: Vec<Pt> = group.iter().flat_map(|&c| pos.chains[c].stones.iter().copied()).collect();
    let mut libs: Vec<Pt> = stones
        .iter()
        .flat_map(|&s| pos.neighbours(s).iter().copied())
        .filter(|&q| cleared.is_empty_at(loc(q)))
        .collect();
    libs.sort_unstable();
    libs.dedup();
    let color = pos.chains[group[0]].color;
    stones.iter().chain(&libs).flat_map(|&p| pos.neighbours(p).iter().copied()).any(|q| {
        pos.chain_at(q).is_some_and(|d| {
            pos.chains[d].color != color
                && !matches!(verdict[d], Verdict::Dead(_) | Verdict::Alive(Life::PassAlive | Life::TwoEyes))
                && {
                    let theirs = cleared.chain_liberties(loc(q)) as usize;
                    theirs <= libs.len() || theirs == 1
                }
        })
    })
}

/// Reading of `group` on `cleared` with the opponent moving first: can it capture the group's largest chain? The
/// chains judged alive are safe for their colour.
fn read_attacker_first(
    pos: &Pos,
    cleared: &Board,
    group: &[usize],
    verdict: &[Verdict],
    memo: &mut Memo,
    left: &mut u32,
) -> Answer {
    let loc = |p: Pt| cleared.loc(pos.point(p));
    let Some(largest) = pos.largest_chain(group) else { return Answer::Unknown };
    let color = pos.chains[largest].color;
    let stones: Vec<Loc> = group.iter().flat_map(|&c| pos.chains[c].stones.iter().map(|&p| loc(p))).collect();
    let living = |same: bool| -> Vec<Loc> {
        (0..pos.chains.len())
            .filter(|&c| (pos.chains[c].color == color) == same && matches!(verdict[c], Verdict::Alive(_)))
            .map(|c| loc(pos.chains[c].stones[0]))
            .collect()
    };
    let (safe, living_attackers) = (living(true), living(false));
    let problem = Problem {
        board: cleared,
        target: loc(pos.chains[largest].stones[0]),
        group: &stones,
        attacker_first: true,
        safe: &safe,
        living_attackers: &living_attackers,
        budget: SEKI_READ_NODES,
    };
    memo.ask(&problem, left)
}
