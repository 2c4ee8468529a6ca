//! Weakest first: which of a round's deaths wait for a later round, because the groups that beat them die too,
//! or because a weaker neighbour's capture may give them life.

use super::Round;
use super::capture::joins_by_capture;
use super::races::touching_groups;
use super::verdict::Death;

/// A group found dead in a round: why, and the groups that beat it in races (none when living groups surround
/// it).
pub(crate) struct Dying {
    pub group: usize,
    pub death: Death,
    pub winners: Vec<usize>,
}

/// The deaths of a round that stand now; the others wait for the next round, judged again with these dead.
pub(crate) fn weakest_first(round: &Round, mut deaths: Vec<Dying>) -> Vec<Dying> {
    // The dying groups whose capture joins two groups of the other colour: asked once, used twice.
    let mut joining: Vec<usize> = deaths
        .iter()
        .map(|d| d.group)
        .filter(|&h| joins_by_capture(round.pos, &round.groups, &round.dead, h))
        .collect();
    races_wait(round, &mut deaths, &joining);
    let dying: Vec<usize> = deaths.iter().map(|d| d.group).collect();
    joining.retain(|h| dying.contains(h));
    neighbours_of_joining_captures_wait(round, &mut deaths, &joining);
    deaths
}

/// A race lost only against groups that die this round too is not a verdict yet, and two groups in contact
/// cannot both lose their races (one capture saves the other): both wait. Unless one of them wins its race
/// against the other, and capturing that one joins no two groups safely (it is not in `joining`, see
/// [`joins_by_capture`]): its escape by that capture was counted already and failed, so its death stands, and
/// the other, whose winner dies, waits (2016-08-04-8: Black's corner wins against White's A18-A17, but taking
/// them leaves it one eye against White's one-eyed wall).
fn races_wait(round: &Round, deaths: &mut Vec<Dying>, joining: &[usize]) {
    let groups = &round.groups;
    let touching = |g: usize, h: usize| touching_groups(round.pos, groups, g, h);
    let dying: Vec<usize> = deaths.iter().map(|d| d.group).collect();
    let by_race: Vec<usize> = deaths.iter().filter(|d| !d.winners.is_empty()).map(|d| d.group).collect();
    let beaten_alone: Vec<(usize, usize)> = deaths
        .iter()
        .filter(|d| !joining.contains(&d.group))
        .flat_map(|d| d.winners.iter().map(move |&w| (w, d.group)))
        .collect();
    deaths.retain(|Dying { group: g, winners, .. }| {
        winners.is_empty()
            || (!winners.iter().all(|h| dying.contains(h))
                && !by_race.iter().any(|&h| {
                    h != *g
                        && groups.list[h].color != groups.list[*g].color
                        && touching(*g, h)
                        && !beaten_alone.contains(&(*g, h))
                }))
    });
}

/// Nor does a group die beside a weaker one of the other colour that dies this round, when capturing that one
/// joins it to another of its own groups (`joining`): the capture may give the joined group life, so the weaker
/// one dies first and the rest is judged again.
fn neighbours_of_joining_captures_wait(round: &Round, deaths: &mut Vec<Dying>, joining: &[usize]) {
    let groups = &round.groups;
    let waiting: Vec<usize> = deaths
        .iter()
        .map(|d| d.group)
        .filter(|&g| {
            joining.iter().any(|&h| {
                groups.list[h].color != groups.list[g].color
                    && groups.list[h].libs.len() < groups.list[g].libs.len()
                    && touching_groups(round.pos, groups, g, h)
            })
        })
        .collect();
    deaths.retain(|d| !waiting.contains(&d.group));
}
