//! A game in progress: board + rules + player to move + prisoners + ko and superko history.
//! Decides legality (`Game::play`); the board underneath only does the mechanics.

use super::board::{Board, Loc};
use super::coord::{Color, Point};
use super::rules::{KoRule, Rules};
use super::zobrist::WHITE_TO_MOVE;

/// Why a move may not be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The point is not on the board.
    OffBoard,
    /// A stone stands on the point.
    Occupied,
    /// The stone (and `stones - 1` friends) would have no liberty and the rules forbid it.
    Suicide {
        /// Stones the move would leave without liberties, the new one included.
        stones: u32,
    },
    /// Immediate recapture of a ko.
    Ko,
    /// Recreates the position after move `earlier_move` (0 = the starting position).
    PositionalSuperko {
        /// The move after which the position first arose (0: the start).
        earlier_move: u32,
    },
    /// Recreates the position after move `earlier_move` with the same player to move.
    SituationalSuperko {
        /// The move after which the position first arose (0: the start).
        earlier_move: u32,
    },
}

/// What a legal move did, and what is worth a warning about it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// Opposing stones captured.
    pub captured: u32,
    /// Own stones removed by a multi-stone suicide the rules allow.
    pub self_captured: u32,
    /// The other player was to move.
    pub wrong_turn: bool,
    /// A stone played after two consecutive passes (Japanese rules Art. 9.3: the game is resumed).
    pub resumed_after_passes: bool,
    /// Under simple ko rules: the move recreated the position after this earlier move (a long cycle).
    pub repeats_position_of: Option<u32>,
}

/// Open-addressing set of position hashes, each with the move after which it first arose.
/// One allocation per game, sized from the record's length when the caller knows it (see
/// [`Game::for_record`]) and doubled as needed; nothing per move. A slot keeps its key and move together so
/// that a probe touches one cache line.
#[derive(Clone)]
struct PositionHistory {
    slots: Vec<HistorySlot>,
    len: usize,
    /// The entry count at which the table doubles (see [`PositionHistory::capacity`]).
    grow_at: usize,
}

#[derive(Clone, Copy, Default)]
struct HistorySlot {
    key: u64,
    /// `move number + 1`; 0 marks a free slot (the empty board's hash is 0, so the key cannot mark it).
    move_plus_one: u32,
}

/// Slots of a new history at least; callers that know the record's length size it for that.
const HISTORY_INITIAL_SLOTS: usize = 256;
/// [`Game::for_record`] sizes the table for at most this many slots (1 MiB); longer records grow as they go.
/// From this size on the table is let fill to half instead of a quarter: a hostile record of a million
/// positions, copied for each variation kept waiting, should not cost twice the memory for fewer probes.
const HISTORY_MAX_RESERVED_SLOTS: usize = 1 << 16;

impl PositionHistory {
    /// A table in which `positions` entries fit without a rehash, within [`HISTORY_MAX_RESERVED_SLOTS`]. Up to
    /// that size the table is kept at most a quarter full, so that nearly every probe ends at its first slot.
    fn for_positions(positions: usize) -> Self {
        let slots = (positions.saturating_add(1) * 4)
            .next_power_of_two()
            .clamp(HISTORY_INITIAL_SLOTS, HISTORY_MAX_RESERVED_SLOTS);
        PositionHistory { slots: vec![HistorySlot::default(); slots], len: 0, grow_at: Self::capacity(slots) }
    }

    /// How many entries a table of `slots` slots takes: a quarter of its slots while it is small, so that
    /// nearly every probe ends at its first slot, and half from [`HISTORY_MAX_RESERVED_SLOTS`] on.
    fn capacity(slots: usize) -> usize {
        if slots < HISTORY_MAX_RESERVED_SLOTS { slots / 4 } else { slots / 2 }
    }

    fn slot(&self, key: u64) -> usize {
        // The Zobrist bits are already uniform; fold the high half in for small tables.
        ((key ^ (key >> 32)) as usize) & (self.slots.len() - 1)
    }

    /// One probe: the move after which `key` was first seen, or `None` after recording it as seen now. (The probe
    /// loop is written out here and in [`PositionHistory::first_seen`]: shared through a function returning the
    /// slot, this once-per-move call measured 1.7% slower in `rules_core/19x19`.)
    fn get_or_insert(&mut self, key: u64, move_number: u32) -> Option<u32> {
        if self.len >= self.grow_at {
            self.rebuild(self.slots.len() * 2, None);
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        loop {
            let slot = &mut self.slots[i];
            if slot.move_plus_one == 0 {
                *slot = HistorySlot { key, move_plus_one: move_number + 1 };
                self.len += 1;
                return None;
            }
            if slot.key == key {
                return Some(slot.move_plus_one - 1);
            }
            i = (i + 1) & mask;
        }
    }

    /// Heap memory held, for callers that keep copies.
    fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<HistorySlot>()
    }

    /// Records `key` as first seen after `move_number`, unless it was seen before.
    fn insert(&mut self, key: u64, move_number: u32) {
        self.get_or_insert(key, move_number);
    }

    /// The move after which `key` was first seen, if it was.
    #[cfg(test)]
    fn first_seen(&self, key: u64) -> Option<u32> {
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        loop {
            let slot = self.slots[i];
            if slot.move_plus_one == 0 {
                return None;
            }
            if slot.key == key {
                return Some(slot.move_plus_one - 1);
            }
            i = (i + 1) & mask;
        }
    }

    /// Forgets every position.
    fn clear(&mut self) {
        self.slots.fill(HistorySlot::default());
        self.len = 0;
    }

    /// Forgets `key`. Open addressing has no cheap delete, so this rebuilds the table; it serves only
    /// `Game::set_to_move` changing the player to move, which records do rarely (handicap, `PL`).
    fn forget(&mut self, key: u64) {
        self.rebuild(self.slots.len(), Some(key));
    }

    /// Moves every entry but `dropped` into a fresh table of `size` slots.
    fn rebuild(&mut self, size: usize, dropped: Option<u64>) {
        let old = std::mem::replace(&mut self.slots, vec![HistorySlot::default(); size]);
        self.len = 0;
        self.grow_at = Self::capacity(size);
        for slot in old {
            if slot.move_plus_one != 0 && Some(slot.key) != dropped {
                self.insert(slot.key, slot.move_plus_one - 1);
            }
        }
    }
}

/// A game being replayed under a ruleset.
#[derive(Clone)]
pub struct Game {
    board: Board,
    rules: Rules,
    to_move: Color,
    /// `prisoners[c]`: stones colour `c` has captured in play.
    prisoners: [u32; 2],
    /// `placed[c]`: every stone colour `c` has put on the board, setup stones included, less any removed by `AE`.
    placed: [u32; 2],
    /// The point the given colour may not play at on its next move (simple ko).
    ko: Option<(Loc, Color)>,
    history: PositionHistory,
    moves_played: u32,
    consecutive_passes: u32,
    passes: [u32; 2],
    last_move: Option<(Color, Option<Point>)>,
    /// An earlier setup left stones without liberties (the caller was told); until one clears them, setup
    /// looks for such stones over the whole board, not only around the points it changed.
    airless_left: bool,
    /// The current position's history entry was made when the game entered it, and so it had not occurred
    /// before: [`Game::set_to_move`] may then forget it (see there).
    current_is_new: bool,
    /// `PL`, or a handicap, said who moves first (see [`Game::set_to_move`]); until then the first move's colour
    /// decides it.
    to_move_given: bool,
}

impl Game {
    /// A new game on an empty board.
    pub fn new(width: u8, height: u8, rules: Rules) -> Game {
        Game::for_record(width, height, rules, 0)
    }

    /// A new game whose position history is sized for a record of about `moves` moves, so that replaying it
    /// never rehashes.
    pub fn for_record(width: u8, height: u8, rules: Rules, moves: u32) -> Game {
        let mut game = Game {
            board: Board::new(width, height),
            rules,
            to_move: Color::Black,
            prisoners: [0; 2],
            placed: [0; 2],
            ko: None,
            history: PositionHistory::for_positions(moves as usize),
            moves_played: 0,
            consecutive_passes: 0,
            passes: [0; 2],
            last_move: None,
            airless_left: false,
            to_move_given: false,
            current_is_new: false,
        };
        game.remember_position();
        game
    }

    /// The position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// About how much heap memory the game holds (board and position history): what a copy of it costs.
    pub fn heap_bytes(&self) -> usize {
        self.board.heap_bytes() + self.history.bytes()
    }

    /// The rules the game is played under.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Who plays next.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// `PL`: who plays next. Under situational superko the current position is re-entered in the history
    /// with the new player to move: the position with the old player to move, if it first arose only now
    /// (after setup stones, or after a move that `PL` overrides), never was a situation of the game.
    pub fn set_to_move(&mut self, color: Color) {
        let stale = self.history_key(self.board.hash(), self.to_move);
        self.to_move = color;
        self.to_move_given = true;
        if stale != self.history_key(self.board.hash(), color) {
            // Only if the position (with the old player to move) never occurred before it was entered now: a
            // position that a setup took away and put back within one move number occurred all the same.
            if self.current_is_new {
                self.history.forget(stale);
            }
            self.remember_position();
        }
    }

    /// Stones `color` has captured in play.
    pub fn prisoners(&self, color: Color) -> u32 {
        self.prisoners[color.index()]
    }

    /// Every stone `color` has put on the board, setup stones included (`Put_X` of rules.md section 6).
    pub fn stones_placed(&self, color: Color) -> u32 {
        self.placed[color.index()]
    }

    /// Moves played so far, passes included.
    pub fn moves_played(&self) -> u32 {
        self.moves_played
    }

    /// Passes `color` has made.
    pub fn passes(&self, color: Color) -> u32 {
        self.passes[color.index()]
    }

    /// Passes in a row at the end of the game so far.
    pub fn consecutive_passes(&self) -> u32 {
        self.consecutive_passes
    }

    /// The last move: its colour and point (`None` for a pass).
    pub fn last_move(&self) -> Option<(Color, Option<Point>)> {
        self.last_move
    }

    /// The hash the history keys this position under: situational superko includes the player to move.
    fn history_key(&self, board_hash: u64, to_move: Color) -> u64 {
        match (self.rules.ko, to_move) {
            (KoRule::Situational, Color::White) => board_hash ^ WHITE_TO_MOVE,
            _ => board_hash,
        }
    }

    /// Records the current position, a new moment of the game.
    fn remember_position(&mut self) {
        let key = self.history_key(self.board.hash(), self.to_move);
        self.current_is_new = self.history.get_or_insert(key, self.moves_played).is_none();
    }

    /// Applies one node's setup: `AE` first, then `AB` and `AW`. A stone already on a point is replaced.
    /// Returns the points of chains left without liberties (an error in the record), sorted.
    pub fn setup(&mut self, black: &[Point], white: &[Point], empty: &[Point]) -> Vec<Point> {
        let hash_before = self.board.hash();
        for &p in empty {
            let loc = self.board.loc(p);
            if let Some(c) = self.board.color_at(loc) {
                self.board.remove_stone(loc);
                self.placed[c.index()] -= 1;
            }
        }
        for (points, color) in [(black, Color::Black), (white, Color::White)] {
            for &p in points {
                let loc = self.board.loc(p);
                match self.board.color_at(loc) {
                    Some(c) if c == color => continue,
                    Some(c) => {
                        self.board.remove_stone(loc);
                        self.placed[c.index()] -= 1;
                    }
                    None => {}
                }
                self.board.place_setup(loc, color);
                self.placed[color.index()] += 1;
            }
        }
        self.ko = None;
        // Before the first move, setup makes the starting position: the empty board (or an earlier setup) was
        // never a position of the game, so no move can be said to recreate it (issue #14, A). Later, a setup
        // that changes nothing is no new moment of the game.
        if self.moves_played == 0 {
            self.history.clear();
            self.remember_position();
        } else if self.board.hash() != hash_before {
            self.remember_position();
        }
        // Removing stones only adds liberties, so a chain without any lies on or beside a point set up now,
        // unless an earlier setup left one. (A record of many setup nodes on a large board would otherwise
        // look at every point for each node.)
        let board = &self.board;
        let airless_chain = |l: Loc| board.color_at(l).is_some() && board.chain_liberties(l) == 0;
        let mut airless: Vec<Point> = if self.airless_left {
            board.locs().filter(|&l| airless_chain(l)).map(|l| board.point(l)).collect()
        } else {
            let mut heads: Vec<Loc> = black
                .iter()
                .chain(white)
                .flat_map(|&p| {
                    let loc = board.loc(p);
                    std::iter::once(loc).chain(board.neighbours(loc))
                })
                .filter(|&l| airless_chain(l))
                .map(|l| board.chain_id(l))
                .collect();
            heads.sort_unstable();
            heads.dedup();
            heads.into_iter().flat_map(|h| board.chain_stones(h)).map(|l| board.point(l)).collect()
        };
        airless.sort();
        self.airless_left = !airless.is_empty();
        airless
    }

    /// Plays a move (`None` = pass) for `color`, enforcing the rules. On `Err` nothing has changed.
    /// Turn order is not enforced: a move out of turn is played and flagged in `Played::wrong_turn`. The first
    /// move of a game decides who was to move at the start, unless [`Game::set_to_move`] said it (issue #14, B:
    /// under situational superko, the starting position with White to move is not the one with Black to move).
    pub fn play(&mut self, color: Color, point: Option<Point>) -> Result<Played, Illegal> {
        let first_mover_decides = self.moves_played == 0 && !self.to_move_given && color != self.to_move;
        if !first_mover_decides {
            return self.play_in_turn_or_not(color, point);
        }
        self.set_to_move(color);
        let result = self.play_in_turn_or_not(color, point);
        if result.is_err() {
            // Nothing has changed: the start is keyed again as it was.
            self.set_to_move(color.opponent());
        }
        self.to_move_given = false;
        result
    }

    fn play_in_turn_or_not(&mut self, color: Color, point: Option<Point>) -> Result<Played, Illegal> {
        let mut played = Played { wrong_turn: color != self.to_move, ..Played::default() };
        let Some(point) = point else {
            self.moves_played += 1;
            self.consecutive_passes += 1;
            self.passes[color.index()] += 1;
            self.to_move = color.opponent();
            self.ko = None;
            self.last_move = Some((color, None));
            self.remember_position();
            return Ok(played);
        };
        if !self.board.contains(point) {
            return Err(Illegal::OffBoard);
        }
        let loc = self.board.loc(point);
        if !self.board.is_empty_at(loc) {
            return Err(Illegal::Occupied);
        }
        if self.ko == Some((loc, color)) {
            return Err(Illegal::Ko);
        }
        let ctx = self.board.move_context(loc, color);
        let suicide = ctx.suicide_stones;
        if suicide == 1 || (suicide > 1 && !self.rules.multi_stone_suicide) {
            return Err(Illegal::Suicide { stones: suicide });
        }
        let key_after = self.history_key(self.board.hash_after_with(loc, color, &ctx), color.opponent());
        // Recorded now, before the move is made: every check that could still refuse it is done by here,
        // except superko itself, which refuses only positions already recorded.
        let earlier = self.history.get_or_insert(key_after, self.moves_played + 1);
        match (self.rules.ko, earlier) {
            (KoRule::Positional, Some(m)) => {
                return Err(Illegal::PositionalSuperko { earlier_move: m });
            }
            (KoRule::Situational, Some(m)) => {
                return Err(Illegal::SituationalSuperko { earlier_move: m });
            }
            (KoRule::Simple, Some(m)) => played.repeats_position_of = Some(m),
            _ => {}
        }
        self.current_is_new = earlier.is_none();

        let placed = self.board.place_with(loc, color, &ctx);
        played.captured = placed.captured;
        played.self_captured = placed.self_captured;
        played.resumed_after_passes = self.consecutive_passes >= 2;
        self.prisoners[color.index()] += placed.captured;
        self.prisoners[color.opponent().index()] += placed.self_captured;
        self.placed[color.index()] += 1;
        self.ko = placed.ko_point.map(|l| (l, color.opponent()));
        self.moves_played += 1;
        self.consecutive_passes = 0;
        self.to_move = color.opponent();
        self.last_move = Some((color, Some(point)));
        Ok(played)
    }
}

#[cfg(test)]
mod history_tests {
    use super::PositionHistory;

    /// Keys spread like Zobrist hashes, distinct and never 0.
    fn key(i: u64) -> u64 {
        (i + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    #[test]
    fn entries_survive_growth_and_forgetting() {
        let mut history = PositionHistory::for_positions(0);
        for i in 0..5_000 {
            assert_eq!(history.get_or_insert(key(i), i as u32), None);
        }
        assert!(history.slots.len() >= 5_000 * 4, "grew past its first size");
        assert_eq!(history.get_or_insert(key(17), 9_999), Some(17), "a repeat reports its first move");
        history.insert(key(18), 9_999);
        assert_eq!(history.first_seen(key(18)), Some(18), "insert keeps the first move");
        history.forget(key(4_000));
        assert_eq!(history.first_seen(key(4_000)), None);
        assert_eq!(history.first_seen(key(4_001)), Some(4_001));
        assert_eq!(history.len, 4_999);
    }

    #[test]
    fn large_tables_fill_to_half_small_ones_to_a_quarter() {
        let mut history = PositionHistory::for_positions(0);
        let small = super::HISTORY_MAX_RESERVED_SLOTS / 4;
        for i in 0..small as u64 {
            history.get_or_insert(key(i), i as u32);
        }
        assert_eq!(history.slots.len(), super::HISTORY_MAX_RESERVED_SLOTS, "a quarter full at most");
        for i in small as u64..(super::HISTORY_MAX_RESERVED_SLOTS / 2) as u64 {
            history.get_or_insert(key(i), i as u32);
        }
        assert_eq!(history.slots.len(), super::HISTORY_MAX_RESERVED_SLOTS, "at the cap, half full before growing");
        history.get_or_insert(key(1 << 40), 1);
        assert_eq!(history.slots.len(), 2 * super::HISTORY_MAX_RESERVED_SLOTS);
        assert_eq!(history.first_seen(key(12_345)), Some(12_345));
    }

    #[test]
    fn sizing_for_a_long_record_is_capped() {
        assert_eq!(PositionHistory::for_positions(300).slots.len(), 2048);
        assert_eq!(PositionHistory::for_positions(2_000_000).slots.len(), super::HISTORY_MAX_RESERVED_SLOTS);
    }
}
