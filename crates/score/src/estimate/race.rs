//! Capturing races (semeai) between two groups, judged by counting liberties: each side's outside liberties
//! (only it touches), its eye liberties (which the other side can fill only last), and the liberties the two
//! share. Solved exactly by a small game search on the counts, so seki (neither side can approach) falls out of
//! the same rules as a race won or lost.

use std::collections::HashMap;

/// One side of a race.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Side {
    /// Liberties only this side touches, outside its eye.
    pub outside: u32,
    /// Liberties inside its eye (0 without one): the attacker can fill them only once every other liberty is
    /// gone. A one-point eye is 1; a bigger eye holds more moves (2 points: 2, 3: 3, 4: 5, 5: 8, 6: 12).
    pub eye: u32,
}

/// How a race ends with both sides playing their best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Outcome {
    /// The first side is captured.
    FirstDies,
    /// Neither side can capture the other.
    Seki,
    /// The second side is captured.
    SecondDies,
}

/// The liberties that a big eye is worth in a race, by its size (the usual table: 1, 2, 3, 5, 8, 12).
pub(crate) fn eye_liberties(size: usize) -> u32 {
    match size {
        0 => 0,
        1 => 1,
        2 => 2,
        3 => 3,
        4 => 5,
        5 => 8,
        6 => 12,
        _ => 12 + 4 * (size as u32 - 6),
    }
}

/// Counts above this are as good as unlimited: the search caps them so that it stays small.
const CAP: u32 = 24;

/// The outcome of the race between `a` and `b` sharing `shared` liberties, with `a_first` telling who moves
/// first. Either side may pass; two passes in a row end it in seki.
pub(crate) fn race(a: Side, b: Side, shared: u32, a_first: bool) -> Outcome {
    let cap = |s: Side| Side { outside: s.outside.min(CAP), eye: s.eye.min(CAP) };
    let mut search = Search { memo: HashMap::new() };
    // Values are from a's point of view: 1 = b captured, 0 = seki, -1 = a captured.
    let (a, b, shared) = (cap(a), cap(b), shared.min(CAP));
    let value = if a_first { search.value(a, b, shared, false) } else { -search.value(b, a, shared, false) };
    match value {
        1 => Outcome::SecondDies,
        0 => Outcome::Seki,
        _ => Outcome::FirstDies,
    }
}

struct Search {
    memo: HashMap<(Side, Side, u32, bool), i8>,
}

impl Search {
    /// The value for the side to move (`me`) against `you`: 1 when it captures, 0 seki, -1 when it is captured.
    /// `passed`: the previous move was a pass.
    fn value(&mut self, me: Side, you: Side, shared: u32, passed: bool) -> i8 {
        let key = (me, you, shared, passed);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let total = |s: Side| s.outside + s.eye + shared;
        // Passing: two in a row is seki.
        let mut best = if passed { 0 } else { -self.value(you, me, shared, true) };
        if best < 1 && you.outside > 0 {
            // Fill one of the opponent's outside liberties.
            let you2 = Side { outside: you.outside - 1, ..you };
            let v = if total(you2) == 0 { 1 } else { -self.value(you2, me, shared, false) };
            best = best.max(v);
        }
        if best < 1 && shared > 0 {
            // Fill a shared liberty: it captures if it was the opponent's last, it is suicide if it was ours.
            let s2 = shared - 1;
            let you_left = you.outside + you.eye + s2;
            let me_left = me.outside + me.eye + s2;
            let v = if you_left == 0 {
                1
            } else if me_left == 0 {
                -2 // illegal: never chosen
            } else {
                -self.value(you, me, s2, false)
            };
            best = best.max(v);
        }
        if best < 1 && you.eye > 0 && you.outside == 0 && shared == 0 {
            // Play inside the opponent's eye once nothing else is left.
            let you2 = Side { eye: you.eye - 1, ..you };
            let v = if total(you2) == 0 { 1 } else { -self.value(you2, me, shared, false) };
            best = best.max(v);
        }
        self.memo.insert(key, best);
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(outside: u32, eye: u32) -> Side {
        Side { outside, eye }
    }

    #[test]
    fn more_outside_liberties_win_whoever_starts() {
        // 3 against 2, nothing shared: the side with 3 wins even moving second.
        assert_eq!(race(side(3, 0), side(2, 0), 0, false), Outcome::SecondDies);
        assert_eq!(race(side(2, 0), side(3, 0), 0, true), Outcome::FirstDies);
        // Equal counts: whoever moves first wins.
        assert_eq!(race(side(2, 0), side(2, 0), 0, true), Outcome::SecondDies);
        assert_eq!(race(side(2, 0), side(2, 0), 0, false), Outcome::FirstDies);
    }

    #[test]
    fn two_shared_liberties_and_no_outside_ones_are_seki() {
        // Filling either shared liberty puts the filler in atari.
        assert_eq!(race(side(0, 0), side(0, 0), 2, true), Outcome::Seki);
        assert_eq!(race(side(0, 0), side(0, 0), 2, false), Outcome::Seki);
        // One eye each and a shared liberty: seki too.
        assert_eq!(race(side(0, 1), side(0, 1), 1, true), Outcome::Seki);
    }

    #[test]
    fn one_shared_liberty_is_a_plain_race() {
        // 1 outside + 1 shared against 1 shared: the first side captures whoever starts.
        assert_eq!(race(side(1, 0), side(0, 0), 1, false), Outcome::SecondDies);
    }

    #[test]
    fn an_eye_beats_no_eye_when_liberties_are_shared() {
        // One eye against none, two shared liberties, no outside ones: the eyeless side cannot fill the shared
        // liberties without atari, the eyed side can, and wins even moving second.
        assert_eq!(race(side(0, 1), side(0, 0), 2, false), Outcome::SecondDies);
        assert_eq!(race(side(0, 0), side(0, 1), 2, true), Outcome::FirstDies);
    }

    #[test]
    fn a_big_eye_counts_its_moves() {
        assert_eq!(eye_liberties(5), 8);
        // A five-point eye (8 liberties) with no outside liberties against 7 outside liberties, nothing shared:
        // the big eye wins moving second.
        assert_eq!(race(side(0, 8), side(7, 0), 0, false), Outcome::SecondDies);
    }
}
