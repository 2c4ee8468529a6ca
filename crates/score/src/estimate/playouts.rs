//! The referee for groups the static judgement leaves open: short playouts from the position, local to the
//! space around those groups, with a policy that plays like a careful beginner (capture a chain in atari, save
//! one's own, never fill one's own eye, never put a chain of two stones or more into atari) and random moves
//! otherwise. A group captured, or left inside the other colour's space, in most of the playouts its opponent
//! starts is dead (the rules' test: can the opponent, playing first, capture it?).
//!
//! Deterministic: the random numbers come from a generator seeded with the position's hash.

use super::tuning::{MIN_PLAYOUTS, ROOMY};
use gotool_go::{Board, Color, Loc, Point};

/// A small, fast generator (xorshift64*), seeded from the position: the same position always gets the same
/// playouts.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        // Splitmix64 once, so that similar seeds give unrelated streams (and never 0).
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Rng((z ^ (z >> 31)) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

/// What the playouts are asked about: chains (as lists of points) and where moves may be played.
pub(crate) struct Question<'a> {
    /// The position, with the stones already judged dead taken off.
    pub board: &'a Board,
    /// Each open chain's points.
    pub chains: &'a [Vec<Point>],
    /// Points where the playouts may play (the space around the open groups).
    pub area: &'a [Point],
    pub playouts: u32,
    pub seed: u64,
}

/// For each chain of the question, the share of the playouts its opponent started in which it ended captured or
/// inside the other colour's space; the first playouts' final positions go to `trace`.
pub(crate) fn dead_shares_traced(q: &Question, mut trace: Option<&mut String>) -> Vec<f64> {
    let board = q.board;
    let area = Area::new(board, q.area.iter().map(|&p| board.loc(p)).collect());
    let chains: Vec<(Color, Vec<Loc>)> = q
        .chains
        .iter()
        .map(|points| {
            let color = board.get(points[0]).expect("an open chain's point holds its stone");
            (color, points.iter().map(|&p| board.loc(p)).collect())
        })
        .collect();
    let mut dead = vec![0u32; chains.len()];
    let mut scratch = board.clone();
    // A playout costs up to the square of its space (moves, each of which may look through it for a move), so a
    // large space (an unfinished game) gets fewer: the time stays bounded whatever the position.
    let playouts = if area.locs.len() <= ROOMY {
        q.playouts
    } else {
        let scale = (ROOMY * ROOMY) as f64 / (area.locs.len() * area.locs.len()) as f64;
        ((f64::from(q.playouts) * scale) as u32).max(MIN_PLAYOUTS.min(q.playouts))
    };
    // Every playout starts from the same position, and so from the same chains in atari.
    let start = Ataris::new(board, &area);
    let mut ataris = start.clone();
    for k in 0..playouts {
        scratch.clone_from(board);
        ataris.stones.clone_from(&start.stones);
        let mut rng = Rng::new(q.seed ^ u64::from(k).wrapping_mul(0xD6E8_FEB8_6659_FD93));
        // Either colour may start: half the playouts each.
        let first = if k % 2 == 0 { Color::Black } else { Color::White };
        play_out(&mut scratch, &area, &mut ataris, first, &mut rng);
        if k < 4
            && let Some(t) = trace.as_deref_mut()
        {
            t.push_str(&format!("playout {k} ({} first):\n{}", first.name(), scratch.to_diagram()));
        }
        for (i, (color, locs)) in chains.iter().enumerate() {
            if first != *color && captured_or_enclosed(&scratch, *color, locs) {
                dead[i] += 1;
            }
        }
    }
    // The rules' test of death: the opponent plays first and captures. A chain's share is over the playouts the
    // other colour started (half of them; the first playout is Black's).
    let started = |color: Color| {
        let black_first = playouts.div_ceil(2);
        f64::from(if color == Color::Black { playouts - black_first } else { black_first }.max(1))
    };
    dead.iter().zip(&chains).map(|(&d, (color, _))| f64::from(d) / started(*color)).collect()
}

/// More of the chain's points ended with the other colour (its stones, or empty points only it touches) than
/// with the chain's own colour.
fn captured_or_enclosed(board: &Board, color: Color, locs: &[Loc]) -> bool {
    let mut own = 0;
    let mut other = 0;
    for &l in locs {
        match board.color_at(l) {
            Some(c) if c == color => own += 1,
            Some(_) => other += 1,
            None => {
                let mut seen = [false; 2];
                for n in board.neighbours(l) {
                    if let Some(c) = board.color_at(n) {
                        seen[c.index()] = true;
                    }
                }
                if seen[color.opponent().index()] && !seen[color.index()] {
                    other += 1;
                }
            }
        }
    }
    other > own
}

/// Plays one game in `area` until both pass (or a move limit), `first` to move; `ataris` holds the chains in
/// atari of the starting position.
fn play_out(board: &mut Board, area: &Area, ataris: &mut Ataris, first: Color, rng: &mut Rng) {
    let limit = 3 * area.locs.len() + 20;
    let mut color = first;
    let mut passes = 0;
    let mut ko: Option<Loc> = None;
    let mut last: Option<Loc> = None;
    for _ in 0..limit {
        let chosen = urgent_move(board, color, last, ko)
            .or_else(|| ataris.best_move(board, area, color, ko))
            .or_else(|| random_move(board, &area.locs, color, ko, rng));
        match chosen {
            Some(l) => {
                let placed = board.place(l, color);
                ataris.after_move(board, l);
                ko = placed.ko_point;
                last = Some(l);
                passes = 0;
            }
            None => {
                passes += 1;
                ko = None;
                last = None;
                if passes >= 2 {
                    break;
                }
            }
        }
        color = color.opponent();
    }
}

/// The space the playouts play in: its points in order, and each board cell's place in that order.
struct Area {
    locs: Vec<Loc>,
    /// For every cell, its index in `locs`, or `u32::MAX` outside the space.
    index: Vec<u32>,
}

impl Area {
    fn new(board: &Board, locs: Vec<Loc>) -> Area {
        let cells = board.locs().max().map_or(0, |l| usize::from(l) + 1);
        let mut index = vec![u32::MAX; cells];
        for (i, &l) in locs.iter().enumerate() {
            index[usize::from(l)] = i as u32;
        }
        Area { locs, index }
    }
}

/// A stone of every chain in the space that may be in atari, kept up to date move by move: a move can bring
/// only its own chain and the chains beside it down to one liberty (a capture only gives liberties), so the
/// space need not be looked through at every move for the chains in atari.
#[derive(Clone)]
struct Ataris {
    stones: Vec<Loc>,
}

impl Ataris {
    fn new(board: &Board, area: &Area) -> Ataris {
        let mut ataris = Ataris { stones: Vec::new() };
        for &l in &area.locs {
            ataris.note_neighbours(board, l);
        }
        ataris
    }

    fn note_neighbours(&mut self, board: &Board, l: Loc) {
        for n in board.neighbours(l) {
            if board.color_at(n).is_some() && board.chain_liberties(n) == 1 {
                self.stones.push(n);
            }
        }
    }

    fn after_move(&mut self, board: &Board, l: Loc) {
        if board.chain_liberties(l) == 1 {
            self.stones.push(l);
        }
        self.note_neighbours(board, l);
    }

    /// Capture the largest opposing chain in atari whose liberty is in the space, or else save the largest own
    /// chain in atari by extending (when that gives it two liberties or more); between chains of one size, the
    /// liberty that comes first in the space.
    fn best_move(&mut self, board: &Board, area: &Area, color: Color, ko: Option<Loc>) -> Option<Loc> {
        self.stones.retain(|&s| board.color_at(s).is_some() && board.chain_liberties(s) == 1);
        self.stones.sort_unstable_by_key(|&s| board.chain_id(s));
        self.stones.dedup_by_key(|s| board.chain_id(*s));
        let mut capture: Option<(u32, u32, Loc)> = None;
        let mut save: Option<(u32, u32, Loc)> = None;
        let better = |best: Option<(u32, u32, Loc)>, size: u32, at: u32| {
            best.is_none_or(|(s, i, _)| size > s || (size == s && at < i))
        };
        for &stone in &self.stones {
            let Some(l) = only_liberty(board, stone) else { continue };
            let at = area.index[usize::from(l)];
            if at == u32::MAX || Some(l) == ko {
                continue;
            }
            let size = board.chain_len(stone);
            if board.color_at(stone) != Some(color) {
                if better(capture, size, at) && board.suicide_size(l, color) == 0 {
                    capture = Some((size, at, l));
                }
            } else if better(save, size, at) && liberties_after(board, l, color) >= 2 {
                save = Some((size, at, l));
            }
        }
        capture.or(save).map(|(_, _, l)| l)
    }
}

/// Answers to the opponent's last move: capture its chain if it is in atari, or save an own chain it put in
/// atari (by capturing a neighbour in atari, or by extending when that gives two liberties or more).
fn urgent_move(board: &Board, color: Color, last: Option<Loc>, ko: Option<Loc>) -> Option<Loc> {
    let last = last?;
    let legal = |l: Loc| Some(l) != ko && board.is_empty_at(l) && board.suicide_size(l, color) == 0;
    // The opponent's stone just played, in atari: take it.
    if board.color_at(last) == Some(color.opponent())
        && board.chain_liberties(last) == 1
        && let Some(l) = only_liberty(board, last)
        && legal(l)
    {
        return Some(l);
    }
    // Own chains beside the last move left in atari.
    for n in board.neighbours(last) {
        if board.color_at(n) != Some(color) || board.chain_liberties(n) != 1 {
            continue;
        }
        // Capture an opposing neighbour of the chain that is in atari itself.
        for s in board.chain_stones(n) {
            for m in board.neighbours(s) {
                if board.color_at(m) == Some(color.opponent())
                    && board.chain_liberties(m) == 1
                    && let Some(l) = only_liberty(board, m)
                    && legal(l)
                {
                    return Some(l);
                }
            }
        }
        if let Some(l) = only_liberty(board, n)
            && legal(l)
            && liberties_after(board, l, color) >= 2
        {
            return Some(l);
        }
    }
    None
}

/// A random move in `area` that is legal and sensible (see [`sensible`]), or `None` (pass).
fn random_move(board: &Board, area: &[Loc], color: Color, ko: Option<Loc>, rng: &mut Rng) -> Option<Loc> {
    if area.is_empty() {
        return None;
    }
    let start = rng.below(area.len());
    for i in 0..area.len() {
        let l = area[(start + i) % area.len()];
        if Some(l) != ko && board.is_empty_at(l) && sensible(board, l, color) {
            return Some(l);
        }
    }
    None
}

/// Not suicide, not the mover's own eye, and not self-atari of two stones or more (a lone stone may be thrown
/// in: that is how eyes are destroyed).
fn sensible(board: &Board, l: Loc, color: Color) -> bool {
    if board.suicide_size(l, color) != 0 || own_eye(board, l, color) {
        return false;
    }
    let ctx = board.move_context(l, color);
    if ctx.captures > 0 {
        return true;
    }
    let libs = liberties_after(board, l, color);
    libs >= 2 || (libs == 1 && !board.neighbours(l).any(|n| board.color_at(n) == Some(color)))
}

/// An empty point whose neighbours are all the mover's stones, and whose diagonals the opponent does not hold
/// (two of them, or one on the edge): filling it would throw away an eye.
fn own_eye(board: &Board, l: Loc, color: Color) -> bool {
    if board.neighbours(l).any(|n| board.color_at(n) != Some(color)) {
        return false;
    }
    let p = board.point(l);
    let (w, h) = (i32::from(board.width()), i32::from(board.height()));
    let mut held = 0;
    let mut off = 0;
    for (dx, dy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
        let (x, y) = (i32::from(p.x) + dx, i32::from(p.y) + dy);
        if x < 0 || y < 0 || x >= w || y >= h {
            off += 1;
        } else if board.color_at(board.loc(Point::new(x as u8, y as u8))) == Some(color.opponent()) {
            held += 1;
        }
    }
    held + usize::from(off > 0) < 2
}

/// The one liberty of the chain through `l` (which has exactly one).
fn only_liberty(board: &Board, l: Loc) -> Option<Loc> {
    board.chain_stones(l).flat_map(|s| board.neighbours(s)).find(|&n| board.is_empty_at(n))
}

/// Liberties a stone of `color` at empty `l` would have, counted up to 2, captures aside (a move that captures
/// is handled by the caller).
fn liberties_after(board: &Board, l: Loc, color: Color) -> u32 {
    let mut found: [Loc; 2] = [0; 2];
    let mut count = 0;
    let mut add = |n: Loc, count: &mut usize| {
        if *count < 2 && n != l && !found[..*count].contains(&n) {
            found[*count] = n;
            *count += 1;
        }
    };
    for n in board.neighbours(l) {
        if board.is_empty_at(n) {
            add(n, &mut count);
        }
    }
    for n in board.neighbours(l) {
        if count >= 2 {
            break;
        }
        if board.color_at(n) != Some(color) {
            continue;
        }
        if board.chain_liberties(n) >= 3 {
            return 2;
        }
        for s in board.chain_stones(n) {
            for m in board.neighbours(s) {
                if board.is_empty_at(m) {
                    add(m, &mut count);
                }
            }
        }
    }
    count as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain answer [`Ataris::best_move`] must give: every point of the space looked through in order.
    fn by_scan(board: &Board, area: &[Loc], color: Color, ko: Option<Loc>) -> Option<Loc> {
        let mut capture: Option<(u32, Loc)> = None;
        let mut save: Option<(u32, Loc)> = None;
        for &l in area {
            if Some(l) == ko || !board.is_empty_at(l) {
                continue;
            }
            for n in board.neighbours(l) {
                let Some(c) = board.color_at(n) else { continue };
                if board.chain_liberties(n) != 1 {
                    continue;
                }
                let size = board.chain_len(n);
                if c != color {
                    if capture.is_none_or(|(s, _)| size > s) && board.suicide_size(l, color) == 0 {
                        capture = Some((size, l));
                    }
                } else if save.is_none_or(|(s, _)| size > s) && liberties_after(board, l, color) >= 2 {
                    save = Some((size, l));
                }
            }
        }
        capture.or(save).map(|(_, l)| l)
    }

    /// Random games (random moves only, so that ataris pile up and stay) on small boards, the space all of the
    /// board or its left part: at every move the kept list answers as the full scan does.
    #[test]
    fn the_kept_ataris_answer_as_a_scan_of_the_space_does() {
        let mut compared = 0;
        let mut found = 0;
        for (size, seeds) in [(5u8, 0..150u64), (7, 150..300), (9, 300..400)] {
            for seed in seeds {
                let mut board = Board::new(size, size);
                let all: Vec<Loc> = board.locs().collect();
                let left: Vec<Loc> = all.iter().copied().filter(|&l| board.point(l).x < size / 2 + 1).collect();
                let area = Area::new(&board, if seed % 2 == 0 { all } else { left });
                let mut ataris = Ataris::new(&board, &area);
                let mut rng = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
                let mut color = Color::Black;
                let mut ko = None;
                for _ in 0..3 * area.locs.len() {
                    let expected = by_scan(&board, &area.locs, color, ko);
                    assert_eq!(
                        ataris.best_move(&board, &area, color, ko),
                        expected,
                        "seed {seed}\n{}",
                        board.to_diagram()
                    );
                    compared += 1;
                    found += usize::from(expected.is_some());
                    // Mostly random moves, sometimes the atari move itself, so that both kinds of change are seen.
                    let chosen = if rng.below(3) == 0 { expected } else { None }
                        .or_else(|| random_move(&board, &area.locs, color, ko, &mut rng));
                    match chosen {
                        Some(l) => {
                            ko = board.place(l, color).ko_point;
                            ataris.after_move(&board, l);
                        }
                        None => ko = None,
                    }
                    color = color.opponent();
                }
            }
        }
        // The comparison saw many positions with a chain in atari, not only quiet ones.
        assert!(found > 1_000, "{found} of {compared} positions had an atari move");
    }
}
