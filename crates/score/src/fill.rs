//! Points of a territory that its owner must fill before the game can end, to keep a chain short of liberties
//! from being captured (a defensive move, *teire*). Under territory counting they are not territory: territory
//! is what the living stones surround once the game is over (Japanese 1989 rules, Articles 8 and 9), and the
//! owner has to put a stone there first. Under area counting nothing changes: the stone played there counts
//! just as the empty point did.
//!
//! Single points already handled as false eyes (`life.rs`, step 8) are not territory when this runs, so what is
//! left are chains the false-eye test does not see:
//!
//! * **Atari after the dame.** A chain beside the opponent's stones whose liberties outside its territory are
//!   dame the opponent can fill for nothing (each is beside only that chain and the opponent's stones, and the
//!   opponent's stone there keeps two liberties). Once they are filled the chain is in atari with its one
//!   liberty inside its territory, and the owner must connect there.
//! * **Two liberties inside.** After those dame, the chain has two liberties, both inside its territory. The
//!   opponent plays one of them with a stone that keeps two liberties (so it cannot be taken at once), the chain
//!   is in atari, and extending at the other leaves it in atari again: it is lost unless the owner has filled
//!   the first beforehand (and filling it gives the chain two liberties or more).
//!
//! The reading is one move deep and looks only at chains with few liberties that touch no dead stone, and at
//! moves beside no dead stone: a fight among stones the players agreed dead is theirs to settle by marking.
//! A chain it cannot save is left alone (it is dead, which is the players' marking, not a fill). It runs on
//! the board as replayed, dead stones on it, and only in [`super::score`]: the life analysis the estimate runs
//! does not pay for it.

use super::grid::Grid;
use gotool_go::{Board, Color, Loc, PointSet};

/// Chains with more liberties than this are never short of them here.
const MOST_LIBERTIES: u32 = 4;

/// The points of each colour's `territory` (by colour index) that their owner must fill: see the module docs.
pub(super) fn fill_points(grid: &Grid, territory: &[PointSet; 2]) -> [PointSet; 2] {
    let mut fill = [grid.no_points(); 2];
    let board = grid.board();
    // Chains beside territory with few liberties, one stone each.
    let mut candidates: Vec<(Color, Loc)> = Vec::new();
    for color in [Color::Black, Color::White] {
        let c = color.index();
        for (x, y) in (grid.living[c] & territory[c].next_to()).points() {
            let i = y * grid.width + x;
            if grid.liberties(i) <= MOST_LIBERTIES {
                let loc = board.loc(grid.point(i));
                let id = board.chain_id(loc);
                if !candidates.iter().any(|&(k, l)| k == color && board.chain_id(l) == id) {
                    candidates.push((color, loc));
                }
            }
        }
    }
    if candidates.is_empty() {
        return fill;
    }
    let mut reading = Reading { board: board.clone(), dead: grid.dead_stones[0] | grid.dead_stones[1] };
    for (color, loc) in candidates {
        let c = color.index();
        if reading.board.color_at(loc) != Some(color) {
            continue;
        }
        if let Some(p) = reading.must_fill(loc, color, &territory[c]) {
            let point = reading.board.point(p);

            fill[c].insert(usize::from(point.x), usize::from(point.y));
            // One stone there saves every chain it joins: later chains are read with it on the board.
            reading.board.place(p, color);
        }
    }
    fill
}

/// The position being read: the board (with the fills found so far) and the dead stones on it.
struct Reading {
    board: Board,
    dead: PointSet,
}

/// What touches a chain.
struct Surroundings {
    /// Its liberties, each once.
    liberties: Vec<Loc>,
    /// Whether a living stone of the other colour is beside it.
    border: bool,
    /// Whether a dead stone is beside it.
    dead: bool,
}

/// Whether `set` holds the point of `loc`.
fn holds(board: &Board, set: &PointSet, loc: Loc) -> bool {
    let p = board.point(loc);
    set.contains(usize::from(p.x), usize::from(p.y))
}

impl Reading {
    fn is_dead(&self, loc: Loc) -> bool {
        holds(&self.board, &self.dead, loc)
    }

    fn surroundings(&self, loc: Loc, other: Color) -> Surroundings {
        let board = &self.board;
        let mut s = Surroundings { liberties: Vec::new(), border: false, dead: false };
        for stone in board.chain_stones(loc) {
            for n in board.neighbours(stone) {
                match board.color_at(n) {
                    None if !s.liberties.contains(&n) => s.liberties.push(n),
                    None => {}
                    Some(_) if self.is_dead(n) => s.dead = true,
                    Some(c) => s.border |= c == other,
                }
            }
        }
        s
    }

    /// A stone of `color` at `at` on a copy of `board`, when it touches no dead stone, captures nothing and
    /// keeps two liberties or more: a move the other side cannot take back at once.
    fn safe_stone(&self, board: &Board, at: Loc, color: Color) -> Option<Board> {
        let ctx = board.move_context(at, color);
        if ctx.captures > 0 || ctx.suicide_stones > 0 || board.neighbours(at).any(|n| self.is_dead(n)) {
            return None;
        }
        let mut after = board.clone();
        after.place(at, color);
        (after.chain_liberties(at) >= 2).then_some(after)
    }

    /// The point of `territory` that the owner (`color`) of the chain through `loc` must fill, if any.
    fn must_fill(&self, loc: Loc, color: Color, territory: &PointSet) -> Option<Loc> {
        let board = &self.board;
        let other = color.opponent();
        let around = self.surroundings(loc, other);
        if !around.border || around.dead || around.liberties.len() > MOST_LIBERTIES as usize {
            return None;
        }
        let head = board.chain_id(loc);
        // Liberties in board order, so that the answer does not depend on the stone the chain was found by; the
        // point that joins the chain to another of its owner's comes first: that is the usual fill.
        let joins_another =
            |l: Loc| board.neighbours(l).any(|n| board.color_at(n) == Some(color) && board.chain_id(n) != head);
        let mut liberties = around.liberties;
        liberties.sort_by_key(|&l| (!joins_another(l), l));
        let (inside, outside): (Vec<Loc>, Vec<Loc>) = liberties.iter().partition(|&&l| holds(board, territory, l));
        if !(1..=2).contains(&inside.len()) {
            return None;
        }
        // The liberties outside the territory must be dame that the opponent fills for nothing: beside nothing
        // but this chain and the opponent's stones, so that the owner gains no liberty by filling one himself,
        // and the opponent's stone there keeps two liberties.
        let mut after = board.clone();
        for &n in &outside {
            let pure = board.neighbours(n).all(|m| match board.color_at(m) {
                Some(c) if c == other => true,
                Some(_) => board.chain_id(m) == head,
                None => false,
            });
            if !pure {
                return None;
            }
            after = self.safe_stone(&after, n, other)?;
        }
        // The chain must not escape by capturing an opposing chain beside it.
        if !neighbours_hold(&after, loc, other) {
            return None;
        }
        match inside[..] {
            // In atari once the dame are filled: the owner must extend or connect there.
            [p] => saves(&after, p, color, loc).then_some(p),
            [p, q] => [(p, q), (q, p)].into_iter().find_map(|(x, y)| {
                // The opponent takes one liberty with a stone the owner cannot take at once; the other is then
                // the chain's last, and extending there leaves it in atari: the owner must have filled `x`.
                let attacked = self.safe_stone(&after, x, other)?;
                let lost = neighbours_hold(&attacked, loc, other) && !saves(&attacked, y, color, loc);
                (lost && saves(&after, x, color, loc)).then_some(x)
            }),
            _ => None,
        }
    }
}

/// Whether the owner, playing `color` at `at`, leaves the chain through `loc` with two liberties or more, or
/// captures something.
fn saves(board: &Board, at: Loc, color: Color, loc: Loc) -> bool {
    let ctx = board.move_context(at, color);
    if ctx.suicide_stones > 0 {
        return false;
    }
    let mut after = board.clone();
    after.place(at, color).captured > 0 || after.chain_liberties(loc) >= 2
}

/// Whether every chain of `other` beside the chain through `loc` has two liberties or more (so the chain cannot
/// escape by capturing one).
fn neighbours_hold(board: &Board, loc: Loc, other: Color) -> bool {
    board
        .chain_stones(loc)
        .all(|s| board.neighbours(s).all(|n| board.color_at(n) != Some(other) || board.chain_liberties(n) >= 2))
}

#[cfg(test)]
#[path = "fill_tests.rs"]
mod tests;
