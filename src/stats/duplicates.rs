//! `stats --duplicates`: the games that are copies of each other (the same moves up to rotation and reflection),
//! and those that share their first 50 moves, found from each game's fingerprint.

use gotool_model::{CHECKPOINT, CHECKPOINTS};

use super::game_name;

/// A game as `--duplicates` compares it.
#[derive(Clone, Debug)]
pub(crate) struct Compared {
    pub(crate) path: String,
    pub(crate) index: usize,
    pub(crate) in_collection: bool,
    pub(crate) moves: u32,
    pub(crate) moves_hash: u64,
    pub(crate) checkpoints: [u64; CHECKPOINTS],
}

impl Compared {
    pub(crate) fn name(&self) -> String {
        game_name(&self.path, self.index, self.in_collection)
    }

    /// How many of the first moves two games share: all of them for the same moves, else as far as their
    /// checkpoints tell (every 50 moves).
    pub(crate) fn shared_moves(&self, other: &Compared) -> u32 {
        if self.moves_hash == other.moves_hash {
            return self.moves;
        }
        let both = self.moves.min(other.moves) / CHECKPOINT;
        let equal = self.checkpoints.iter().zip(&other.checkpoints).take(both as usize).take_while(|(a, b)| a == b);
        equal.count() as u32 * CHECKPOINT
    }
}

/// Games with fewer moves and setup stones than this are not compared: games left after a few moves (or a
/// handicap game after none) are alike by the hundred in server archives without being copies of each other.
pub(crate) const MIN_COMPARED: u32 = 20;

/// `--duplicates`: the games with a fingerprint and at least [`MIN_COMPARED`] moves and setup stones, in input order.
/// Copies are found at the end: the same `moves_hash` (the same moves and setup, up to rotation and reflection),
/// and, among games of at least 50 moves, the same hash of the first 50 (`prefix_hash`) with different moves
/// after: a truncated or extended copy, or two games that share a long opening (bots repeat theirs). Which of
/// these it is, the checkpoints every 50 moves tell as far as they go: a shorter game that agrees with the
/// longest one at every checkpoint it reaches is shown as a likely truncated copy, one that does not as parting
/// from it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Duplicates {
    pub(crate) games: Vec<Compared>,
    /// Games left out for having fewer than [`MIN_COMPARED`] moves and setup stones.
    pub(crate) too_short: usize,
}

/// The games of one group of copies, as indices into [`Duplicates::games`]; the groups in input order of their
/// first game.
pub(crate) fn groups_by(games: &[Compared], key: impl Fn(&Compared) -> Option<u64>) -> Vec<Vec<usize>> {
    let mut by_key: std::collections::HashMap<u64, Vec<usize>> = std::collections::HashMap::new();
    for (i, game) in games.iter().enumerate() {
        if let Some(k) = key(game) {
            by_key.entry(k).or_default().push(i);
        }
    }
    let mut groups: Vec<Vec<usize>> = by_key.into_values().filter(|g| g.len() > 1).collect();
    groups.sort_by_key(|g| g[0]);
    groups
}

impl Duplicates {
    /// Games with the same moves.
    pub(crate) fn same_moves(&self) -> Vec<Vec<usize>> {
        groups_by(&self.games, |g| Some(g.moves_hash))
    }

    /// Games with the same first 50 moves and not all the same moves, each group's longest game first (the
    /// first in input order among the longest), then the others, longest first.
    pub(crate) fn same_opening(&self) -> Vec<Vec<usize>> {
        let games = &self.games;
        let mut groups = groups_by(games, |g| (g.moves >= CHECKPOINT).then_some(g.checkpoints[0]));
        groups.retain(|g| g.iter().any(|&i| games[i].moves_hash != games[g[0]].moves_hash));
        for group in &mut groups {
            group.sort_by_key(|&i| (std::cmp::Reverse(games[i].moves), i));
        }
        groups
    }
}
