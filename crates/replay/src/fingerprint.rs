//! A game's fingerprints, for finding copies of it in an archive: the Dyer signature and a hash of its moves
//! that is the same for every rotation and reflection of the board.
//!
//! **Dyer signature.** Dave Dyer's "coordinate system" for game records, as SGFC prints it with `-g` (SGFC's
//! README, option `-g`: "The primary signature consists of moves 20, 40 and 60. The secondary signature consists
//! of moves 31, 51 and 71"; Andries Brouwer's page on signatures, homepages.cwi.nl/~aeb/go/misc/signatures.html,
//! describes the same two parts): the SGF coordinates of moves 20, 40 and 60, a space, then those of moves 31,
//! 51 and 71, 13 characters in all, with `--` for a move the game does not reach (SGFC starts from
//! `------ ------`). Moves are counted as SGFC counts them: the nodes of the main line that hold a move, B's when
//! a node holds both. A pass is written `tt` (FF\[3\]'s pass, as SGFC writes it with `-p`), a value that is not a
//! point `??`. It is the signature other archives and tools print, so it is computed on the board as written,
//! not made symmetric.
//!
//! **moves_hash.** The main line's moves (every move, as written, legal or not: two copies of a record that
//! breaks at move 80 are still copies) and the position set up before the first move (handicap stones, a
//! problem's stones), hashed in a canonical orientation: of the 8 symmetries of a square board (4 on a
//! rectangular one: those that map it onto itself), the one whose sequence of points is the smallest,
//! element by element. Rotated or reflected copies of a game have the same canonical sequence, so the same hash.
//! The canonical orientation is found greedily: every symmetry still tied at the smallest point so far stays a
//! candidate, and after the first few moves off the board's axes one is left, so each later move costs one
//! transform and one hashing step. The canonical sequence of a game's first n moves is the first n elements of
//! the canonical sequence of the whole game, so the hash after n moves is the moves_hash of the game cut after
//! move n: [`CHECKPOINT`] moves and its multiples are kept, and the first of them is the JSON `prefix_hash` that
//! a truncated copy of at least that many moves shares with its original. The hash is FNV-like multiply-xorshift
//! steps with a final splitmix64 finaliser over the length and the board size: fast and well spread, not meant
//! to resist files built to collide.

use gotool_go::{Color, PointSet};
use gotool_model::{CHECKPOINT, CHECKPOINTS, Fingerprint};
use gotool_sgf::record::{GameRecord, Item, MoveValue, SetupKind};

/// Multiplier of each hashing step (2^64 / golden ratio, odd).
const STEP: u64 = 0x9E37_79B9_7F4A_7C15;
/// The hash of the empty sequence before finishing.
const SEED: u64 = 0x243F_6A88_85A3_08D3;
/// Keys of moves that are no point, the same under every symmetry.
const PASS_KEY: u32 = 1 << 14;
const NOT_A_POINT_KEY: u32 = 1 << 15;

/// One step of the running hash.
#[inline(always)]
fn step(state: u64, token: u64) -> u64 {
    let s = (state ^ token).wrapping_mul(STEP);
    s ^ (s >> 29)
}

/// splitmix64's finaliser.
fn finish(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The index of point `(x, y)` of a `w`×`h` board under symmetry `g` (0–3: identity, mirror left–right, mirror
/// top–bottom, half turn; 4–7, square boards only: the same after a reflection in the main diagonal).
#[cfg(test)]
fn transformed(g: u8, x: u32, y: u32, w: u32, h: u32) -> u32 {
    let (x, y) = if g & 4 == 0 { (x, y) } else { (y, x) };
    let x = if g & 1 == 0 { x } else { w - 1 - x };
    let y = if g & 2 == 0 { y } else { h - 1 - y };
    y * w + x
}

/// [`transformed`] as `a·x + b·y + c`: a symmetry maps the point index linearly, so a move costs two
/// multiplications whichever symmetry it is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Linear(i32, i32, i32);

impl Linear {
    fn of(g: u8, w: u8, h: u8) -> Linear {
        let (w, h) = (i32::from(w), i32::from(h));
        // Before the flips, x' = sx·x + ox and y' = sy·y + oy, of the point transposed first for g ≥ 4.
        let (sx, ox) = if g & 1 == 0 { (1, 0) } else { (-1, w - 1) };
        let (sy, oy) = if g & 2 == 0 { (1, 0) } else { (-1, h - 1) };
        let c = ox + w * oy;
        if g & 4 == 0 { Linear(sx, w * sy, c) } else { Linear(w * sy, sx, c) }
    }

    #[inline(always)]
    fn index(self, x: u8, y: u8) -> u32 {
        (self.0 * i32::from(x) + self.1 * i32::from(y) + self.2) as u32
    }
}

/// The running canonical hash: the symmetries still tied, and the hash of the sequence they agree on.
struct Canonical {
    /// Each symmetry as a linear map of point indices.
    maps: [Linear; 8],
    /// Bit `g` set: symmetry `g` still gives the smallest sequence.
    candidates: u8,
    /// The one symmetry left, once there is one.
    single: Option<Linear>,
    state: u64,
    width: u8,
    height: u8,
}

impl Canonical {
    fn new(width: u8, height: u8) -> Canonical {
        let candidates = if width == height { 0xFF } else { 0x0F };
        let maps = [0, 1, 2, 3, 4, 5, 6, 7].map(|g| Linear::of(g, width, height));
        Canonical { maps, candidates, single: None, state: SEED, width, height }
    }

    /// Adds a move of `color` (its index) onto point `(x, y)`.
    #[inline(always)]
    fn add_point(&mut self, color: u64, x: u8, y: u8) {
        let key = match self.single {
            Some(map) => map.index(x, y),
            None => self.narrow_move(x, y),
        };
        self.state = step(self.state, u64::from(key) | color << 16);
    }

    /// The key of a move while several symmetries are tied.
    #[inline(never)]
    fn narrow_move(&mut self, x: u8, y: u8) -> u32 {
        let maps = self.maps;
        self.narrow(|g| u64::from(maps[usize::from(g)].index(x, y))) as u32
    }

    /// Adds a move that is no point: `key` says which ([`PASS_KEY`], [`NOT_A_POINT_KEY`]); the same under every
    /// symmetry.
    #[inline(always)]
    fn add_other(&mut self, color: u64, key: u32) {
        self.state = step(self.state, u64::from(key) | color << 16);
    }

    /// Adds the position set up before the first move: its key under a symmetry is the sum of a spread-out value
    /// per stone, which does not depend on the order the stones are listed in.
    #[inline(never)]
    fn add_setup(&mut self, black: &PointSet, white: &PointSet) {
        let maps = self.maps;
        let key = self.narrow(|g| {
            let map = maps[usize::from(g)];
            let mut sum = 0u64;
            for (set, colour) in [(black, 0u32), (white, 1 << 12)] {
                for (x, y) in set.points() {
                    sum = sum.wrapping_add(finish(u64::from(map.index(x as u8, y as u8) | colour)));
                }
            }
            sum
        });
        self.state = step(self.state, key ^ 0x5E70_5E70_5E70_5E70);
    }

    /// The smallest key over the candidate symmetries; the candidates that give it stay. Runs for the first few
    /// moves only.
    fn narrow(&mut self, key: impl Fn(u8) -> u64) -> u64 {
        let (mut best, mut kept) = (u64::MAX, 0u8);
        let mut left = self.candidates;
        while left != 0 {
            let g = left.trailing_zeros() as u8;
            left &= left - 1;
            let k = key(g);
            if k < best {
                (best, kept) = (k, 1 << g);
            } else if k == best {
                kept |= 1 << g;
            }
        }
        self.candidates = kept;
        if kept.is_power_of_two() {
            self.single = Some(self.maps[kept.trailing_zeros() as usize]);
        }
        best
    }

    /// The hash of the sequence so far, `moves` long.
    fn hash(&self, moves: u32) -> u64 {
        finish(self.state ^ u64::from(moves) << 32 ^ u64::from(self.width) << 8 ^ u64::from(self.height))
    }
}

/// The signature's characters for a move value.
fn signature_letters(value: MoveValue) -> [u8; 2] {
    let letter = |i: u8| if i < 26 { b'a' + i } else { b'A' + (i - 26) };
    match value {
        MoveValue::Play(p) | MoveValue::OffBoard(p) if p.x < 52 && p.y < 52 => [letter(p.x), letter(p.y)],
        MoveValue::Pass => *b"tt",
        _ => *b"??",
    }
}

/// The moves of the signature, in the order of its characters, and then one no game reaches.
const SIGNATURE_MOVES: [u32; 7] = [20, 40, 60, 31, 51, 71, u32::MAX];

/// The fingerprint being made, move by move.
struct Walk {
    canonical: Canonical,
    moves: u32,
    /// The move after which the next checkpoint is taken.
    next_checkpoint: u32,
    checkpoints: [u64; CHECKPOINTS],
    signature: [u8; 13],
    /// Nodes with a move so far, as SGFC counts moves for the signature.
    signed_moves: u32,
    /// The signature's characters already filled, by pairs (an index into [`SIGNATURE_MOVES`] for the next).
    next_signed: usize,
    /// `SIGNATURE_MOVES[next_signed]`.
    next_signed_move: u32,
}

impl Walk {
    #[inline(always)]
    fn add_move(&mut self, color: Color, value: MoveValue) {
        let color = color.index() as u64;
        match value {
            MoveValue::Play(p) => self.canonical.add_point(color, p.x, p.y),
            MoveValue::Pass => self.canonical.add_other(color, PASS_KEY),
            _ => self.canonical.add_other(color, NOT_A_POINT_KEY),
        }
        self.moves += 1;
        if self.moves == self.next_checkpoint {
            self.checkpoint();
        }
    }

    #[cold]
    fn checkpoint(&mut self) {
        self.checkpoints[(self.moves / CHECKPOINT) as usize - 1] = self.canonical.hash(self.moves);
        self.next_checkpoint =
            if (self.moves / CHECKPOINT) as usize == CHECKPOINTS { u32::MAX } else { self.moves + CHECKPOINT };
    }

    /// Counts a node with a move for the signature; `value` is its move (B's when it has both).
    #[inline(always)]
    fn sign(&mut self, value: MoveValue) {
        self.signed_moves += 1;
        if self.signed_moves == self.next_signed_move {
            self.fill_signature(value);
        }
    }

    #[cold]
    fn fill_signature(&mut self, value: MoveValue) {
        // Moves 20, 40, 60 fill pairs 0, 1, 2; moves 31, 51, 71 pairs 3, 4, 5, after the space.
        {
            let at = self.next_signed * 2 + usize::from(self.next_signed >= 3);
            self.signature[at..at + 2].copy_from_slice(&signature_letters(value));
            // 20 → 31 → 40 → 51 → 60 → 71 → none: the pairs in the order their moves come.
            self.next_signed = [3, 4, 5, 1, 2, 6, 6][self.next_signed];
            self.next_signed_move = SIGNATURE_MOVES[self.next_signed];
        }
    }
}

/// The fingerprint of a record's main line on a `width`×`height` board.
pub(crate) fn fingerprint(record: &GameRecord, width: u8, height: u8) -> Fingerprint {
    let mut walk = Walk {
        canonical: Canonical::new(width, height),
        moves: 0,
        next_checkpoint: CHECKPOINT,
        checkpoints: [0; CHECKPOINTS],
        signature: *b"------ ------",
        signed_moves: 0,
        next_signed: 0,
        next_signed_move: SIGNATURE_MOVES[0],
    };
    // The position before the first move, while there has been none.
    let mut setup: Option<[PointSet; 2]> = None;
    let mut setup_stones = 0;
    let (w, h) = (usize::from(width), usize::from(height));
    // The nodes are in the order written, depth first: the main line is the nodes from the root on, for as long
    // as each node's first child is the next node.
    for (next, n) in (1u32..).zip(&record.nodes) {
        let items = record.items_of(n);
        // Most nodes hold one move and nothing else.
        if let [Item::Move { color, value, .. }] = *items
            && walk.moves > 0
        {
            walk.add_move(color, value);
            walk.sign(value);
            if n.first_child != next {
                break;
            }
            continue;
        }
        // The node's move as SGFC counts it: B's if there is one, else W's.
        let mut signed: Option<(Color, MoveValue)> = None;
        for item in items {
            match *item {
                Item::Move { color, value, .. } => {
                    if let Some([black, white]) = setup.take() {
                        setup_stones = (black.len() + white.len()) as u32;
                        walk.canonical.add_setup(&black, &white);
                    }
                    walk.add_move(color, value);
                    if signed.is_none_or(|(c, _)| c == Color::White && color == Color::Black) {
                        signed = Some((color, value));
                    }
                }
                Item::Setup { kind, rects, .. } if walk.moves == 0 => {
                    let [black, white] = setup.get_or_insert_with(|| [PointSet::empty(w, h); 2]);
                    let mut set = PointSet::empty(w, h);
                    for &rect in record.rects(rects) {
                        set.insert_rect(rect);
                    }
                    match kind {
                        SetupKind::Black => (*black, *white) = (*black | set, *white - set),
                        SetupKind::White => (*black, *white) = (*black - set, *white | set),
                        SetupKind::Empty => (*black, *white) = (*black - set, *white - set),
                    }
                }
                _ => {}
            }
        }
        if let Some((_, value)) = signed {
            walk.sign(value);
        }
        if n.first_child != next {
            break;
        }
    }
    if let Some([black, white]) = setup {
        setup_stones = (black.len() + white.len()) as u32;
        walk.canonical.add_setup(&black, &white);
    }
    let moves_hash = walk.canonical.hash(walk.moves);
    Fingerprint {
        signature: walk.signature,
        moves_hash,
        checkpoints: walk.checkpoints,
        moves: walk.moves,
        setup_stones,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gotool_sgf::Limits;

    /// The fingerprint of the first game of an SGF text.
    fn of(text: &str) -> Fingerprint {
        let (collection, error) = gotool_sgf::scan_collection(text, &Limits::default());
        assert!(error.is_none(), "{text}");
        let record = gotool_sgf::read_game(&collection, 0);
        let info = record.info.as_ref().expect("a Go game");
        fingerprint(&record, info.width, info.height)
    }

    /// A game of `n` moves on points of their own, written through `map` (a symmetry of the 19×19 board).
    fn game(n: usize, map: impl Fn(u8, u8) -> (u8, u8)) -> String {
        let mut text = String::from("(;GM[1]SZ[19]");
        for k in 0..n {
            // Scattered, off the axes: (3k mod 19, (7k + 2) mod 19 + row shift).
            let (x, y) = ((k * 3 % 19) as u8, ((k * 7 + 2 + k / 19) % 19) as u8);
            let (x, y) = map(x, y);
            text.push_str(&format!(";{}[{}{}]", ["B", "W"][k % 2], (b'a' + x) as char, (b'a' + y) as char));
        }
        text.push(')');
        text
    }

    #[test]
    fn the_signature_is_moves_20_40_60_and_31_51_71() {
        let text = game(80, |x, y| (x, y));
        let f = of(&text);
        let at = |k: usize| {
            let (x, y) = ((k * 3 % 19) as u8, ((k * 7 + 2 + k / 19) % 19) as u8);
            format!("{}{}", (b'a' + x) as char, (b'a' + y) as char)
        };
        // Move n is the (n - 1)-th of the list.
        let expected = format!("{}{}{} {}{}{}", at(19), at(39), at(59), at(30), at(50), at(70));
        assert_eq!(f.signature(), expected);
        assert_eq!(of(&game(45, |x, y| (x, y))).signature(), format!("{}{}-- {}----", at(19), at(39), at(30)));
        assert_eq!(of("(;GM[1])").signature(), "------ ------");
        // Passes are `tt`; nodes without a move do not count.
        let passes = format!("(;GM[1];C[x]{})", ";B[];W[tt]".repeat(40));
        assert_eq!(of(&passes).signature(), "tttttt tttttt");
    }

    #[test]
    fn the_eight_symmetric_copies_hash_alike_and_other_games_do_not() {
        const N: u8 = 18;
        type Map = fn(u8, u8) -> (u8, u8);
        let maps: [Map; 8] = [
            |x, y| (x, y),
            |x, y| (N - x, y),
            |x, y| (x, N - y),
            |x, y| (N - x, N - y),
            |x, y| (y, x),
            |x, y| (N - y, x),
            |x, y| (y, N - x),
            |x, y| (N - y, N - x),
        ];
        let original = of(&game(120, maps[0]));
        for map in maps {
            let copy = of(&game(120, map));
            assert_eq!(copy.moves_hash, original.moves_hash);
            assert_eq!(copy.prefix_hash(), original.prefix_hash());
        }
        // Cut after 50, 100 moves: the cut copy's hash is the original's checkpoint.
        let cut = of(&game(100, maps[5]));
        assert_eq!(cut.moves_hash, original.checkpoints[1]);
        assert_eq!(cut.prefix_hash(), original.prefix_hash());
        assert_ne!(cut.moves_hash, original.moves_hash);
        // One move elsewhere, the colours swapped, another board size: another hash.
        let other = game(120, maps[0]).replacen(";B[ac]", ";B[jj]", 1);
        assert_ne!(of(&other).moves_hash, original.moves_hash);
        let swapped = game(120, maps[0]).replace(";B[", ";X[").replace(";W[", ";B[").replace(";X[", ";W[");
        assert_ne!(of(&swapped).moves_hash, original.moves_hash);
        assert_ne!(of(&game(120, maps[0]).replace("SZ[19]", "SZ[21]")).moves_hash, original.moves_hash);
        assert_eq!(of(&game(49, maps[0])).prefix_hash(), None);
    }

    #[test]
    fn the_linear_maps_are_the_symmetries() {
        for (w, h) in [(19u8, 19u8), (9, 9), (9, 5), (2, 7), (52, 52)] {
            let symmetries = if w == h { 8 } else { 4 };
            for g in 0..symmetries {
                let map = Linear::of(g, w, h);
                for (x, y) in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (w / 2, h / 3)] {
                    let expected = transformed(g, u32::from(x), u32::from(y), u32::from(w), u32::from(h));
                    assert_eq!(map.index(x, y), expected, "{w}x{h} g={g} ({x}, {y})");
                }
            }
        }
    }

    #[test]
    fn a_rectangular_board_has_four_symmetries() {
        let a = of("(;GM[1]SZ[9:5];B[ab];W[cd];B[ha])");
        // Mirrored left-right (x → 8 - x): the same game.
        let b = of("(;GM[1]SZ[9:5];B[ib];W[gd];B[ba])");
        assert_eq!(a.moves_hash, b.moves_hash);
        // Transposed: not a symmetry of a 9×5 board (the transposed game is on a 5×9 board).
        let t = of("(;GM[1]SZ[5:9];B[ba];W[dc];B[ah])");
        assert_ne!(a.moves_hash, t.moves_hash);
    }

    #[test]
    fn setup_stones_count_in_the_hash_whatever_their_order() {
        let a = of("(;GM[1]SZ[9]AB[cc][gg]AW[cg];B[ee])");
        let b = of("(;GM[1]SZ[9]AW[cg]AB[gg][cc];B[ee])");
        // The same position turned a quarter: (x, y) → (8 - y, x).
        let turned = of("(;GM[1]SZ[9]AB[gc][cg]AW[cc];B[ee])");
        let none = of("(;GM[1]SZ[9];B[ee])");
        assert_eq!(a.moves_hash, b.moves_hash);
        assert_eq!(a.moves_hash, turned.moves_hash);
        assert_ne!(a.moves_hash, none.moves_hash);
        assert_eq!((a.setup_stones, none.setup_stones), (3, 0));
        // Cleared again before the first move: the position is what counts.
        let cleared = of("(;GM[1]SZ[9]AB[cc][dd];AE[dd]AB[gg]AW[cg];B[ee])");
        assert_eq!(cleared.moves_hash, a.moves_hash);
    }
}
