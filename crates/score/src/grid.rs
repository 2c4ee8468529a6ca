//! The scoring layer's working copy of a final position: a dense row-major grid of stones with a dead flag per
//! point and the liberty count of the chain through each stone. Dead stones stay on the grid; every analysis
//! decides for itself whether it looks through them.
//!
//! Why not `gotool_go::Board`: that board plays moves (padded cells, chains kept stone by stone, a hash per
//! position); the analysis here never plays, and marks points by the byte (dead or alive, region numbers) on a
//! plain row-major grid that maps straight to the bit rows of `PointSet`. Its neighbour table ([`adjacency`]) is
//! the one the estimator's position uses too.

use gotool_go::{Board, Color, Point, PointSet};
use std::cell::RefCell;
use std::num::NonZeroU16;
use std::rc::Rc;

/// Index of a point in the grid: `y * width + x`.
pub(crate) type Idx = usize;

/// A number (of a region, eye, macrochain or piece) kept per point, or none. Two bytes (boards have at most 52×52
/// points): the per-point tables of a 19×19 board then stay small enough for the allocator's fast path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Slot(Option<NonZeroU16>);

impl Slot {
    pub(super) const NONE: Slot = Slot(None);

    pub(super) fn of(i: usize) -> Slot {
        debug_assert!(i < usize::from(u16::MAX));
        Slot(NonZeroU16::new(i as u16 + 1))
    }

    pub(super) fn get(self) -> Option<usize> {
        self.0.map(|v| usize::from(v.get()) - 1)
    }
}

/// Up to four on-board neighbours of a point, in the order up, left, right, down: the one neighbour table of
/// the scoring layer, which the scorer's grid and the estimator's position both use.
#[derive(Clone, Copy)]
pub(crate) struct Adjacent {
    // u16 is enough for boards up to 52×52 and keeps the per-point table small.
    items: [u16; 4],
    len: u8,
}

impl Adjacent {
    /// The neighbours, as points `y * width + x`.
    pub(crate) fn points(&self) -> &[u16] {
        &self.items[..usize::from(self.len)]
    }
}

/// What a point holds, in one byte ([`Grid::cell`]): the hot loops test one load instead of a colour and a flag.
pub(crate) const EMPTY: u8 = 0;
/// Added to a stone's code when it is dead.
pub(crate) const DEAD: u8 = 4;

/// The code of a living stone of `color`: 1 for Black, 2 for White.
pub(crate) fn living_code(color: Color) -> u8 {
    color.index() as u8 + 1
}

pub(crate) struct Grid<'b> {
    board: &'b Board,
    pub width: usize,
    pub height: usize,
    /// [`EMPTY`], or [`living_code`] of the stone's colour plus [`DEAD`] when it is dead.
    pub cell: Vec<u8>,
    /// Living stones and dead stones of each colour (index [`Color::index`]), and empty points, as sets.
    pub living: [PointSet; 2],
    pub dead_stones: [PointSet; 2],
    pub empty: PointSet,
    /// Each point's neighbours: the analysis walks neighbours in every step, and computing them from `i` each
    /// time costs a division. Shared by every grid of the same size on a thread.
    adjacent: Rc<[Adjacent]>,
}

/// A neighbour table and the board size (width, height) it is for.
type AdjacencyTable = (usize, usize, Rc<[Adjacent]>);

thread_local! {
    /// The neighbour table of the last board size seen (a batch of records is mostly one size).
    static ADJACENT: RefCell<Option<AdjacencyTable>> = const { RefCell::new(None) };
}

/// The neighbour table of a board of this size.
pub(crate) fn adjacency(width: usize, height: usize) -> Rc<[Adjacent]> {
    ADJACENT.with_borrow_mut(|cached| {
        if let Some((w, h, table)) = cached
            && (*w, *h) == (width, height)
        {
            return table.clone();
        }
        let mut table = Vec::with_capacity(width * height);
        for y in 0..height {
            for x in 0..width {
                let i = y * width + x;
                let mut n = Adjacent { items: [0; 4], len: 0 };
                let mut push = |j: usize| {
                    n.items[usize::from(n.len)] = j as u16;
                    n.len += 1;
                };
                if y > 0 {
                    push(i - width);
                }
                if x > 0 {
                    push(i - 1);
                }
                if x + 1 < width {
                    push(i + 1);
                }
                if y + 1 < height {
                    push(i + width);
                }
                table.push(n);
            }
        }
        let table: Rc<[Adjacent]> = table.into();
        *cached = Some((width, height, table.clone()));
        table
    })
}

impl<'b> Grid<'b> {
    /// Copies `board`; `dead` holds the stones to treat as dead (the caller has expanded them to whole chains).
    /// Works a row at a time: the board gives a row as bits of Black and White stones, and the cells come back
    /// from the bits 8 points at a time (stone colours are as good as random to a branch predictor, so nothing
    /// branches per point).
    pub(super) fn new(board: &'b Board, dead: &PointSet) -> Grid<'b> {
        let width = usize::from(board.width());
        let height = usize::from(board.height());
        let mut cell = vec![EMPTY; width * height];
        let mut living = [PointSet::empty(width, height); 2];
        let mut dead_stones = [PointSet::empty(width, height); 2];
        let mut empty = PointSet::empty(width, height);
        let full = (1u64 << width) - 1;
        for (y, cells) in cell.chunks_exact_mut(width).enumerate() {
            let [black, white] = board.row_stones(y as u8);
            let dead_row = dead.row(y) & (black | white);
            empty.set_row(y, full & !(black | white));
            living[0].set_row(y, black & !dead_row);
            living[1].set_row(y, white & !dead_row);
            dead_stones[0].set_row(y, black & dead_row);
            dead_stones[1].set_row(y, white & dead_row);
            // A stone's code is its living code (bit 0 Black, bit 1 White), plus DEAD (bit 2) when it is dead.
            bytes_from_planes(&[black, white, dead_row], cells);
        }
        Grid { board, width, height, cell, living, dead_stones, empty, adjacent: adjacency(width, height) }
    }

    /// The position as replayed, dead stones still on it.
    pub(super) fn board(&self) -> &'b Board {
        self.board
    }

    /// The stone on a point, dead or alive.
    pub(super) fn stone(&self, i: Idx) -> Option<Color> {
        match self.cell[i] & !DEAD {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    /// For a stone: distinct empty points next to its chain (dead stones count as stones here).
    pub(super) fn liberties(&self, i: Idx) -> u32 {
        self.board.chain_liberties(self.board.loc(self.point(i)))
    }

    pub(super) fn len(&self) -> usize {
        self.width * self.height
    }

    /// Empty points and dead stones.
    pub(super) fn open(&self) -> PointSet {
        self.empty | self.dead_stones[0] | self.dead_stones[1]
    }

    pub(super) fn no_points(&self) -> PointSet {
        PointSet::empty(self.width, self.height)
    }

    pub(super) fn all_points(&self) -> PointSet {
        PointSet::all(self.width, self.height)
    }

    /// `set` as one flag per point.
    pub(super) fn flags(&self, set: &PointSet) -> Vec<bool> {
        let mut out = vec![false; self.len()];
        for (y, row) in out.chunks_exact_mut(self.width).enumerate() {
            let mut bits = set.row(y);
            while bits != 0 {
                row[bits.trailing_zeros() as usize] = true;
                bits &= bits - 1;
            }
        }
        out
    }

    /// One byte per point: bit `1 << k` set when the point is in `sets[k]` (two sets).
    pub(super) fn bytes(&self, sets: &[PointSet; 2]) -> Vec<u8> {
        let mut out = vec![0; self.len()];
        for (y, line) in out.chunks_exact_mut(self.width).enumerate() {
            bytes_from_planes(&[sets[0].row(y), sets[1].row(y)], line);
        }
        out
    }

    pub(super) fn point(&self, i: Idx) -> Point {
        Point::new((i % self.width) as u8, (i / self.width) as u8)
    }

    pub(super) fn on_edge(&self, i: Idx) -> bool {
        self.adjacent[i].len < 4
    }

    /// Up to four on-board neighbours of a point, in the order up, left, right, down.
    pub(super) fn neighbours(&self, i: Idx) -> impl Iterator<Item = Idx> + Clone + '_ {
        let a = &self.adjacent[i];
        a.items[..usize::from(a.len)].iter().map(|&n| usize::from(n))
    }

    pub(super) fn is_empty(&self, i: Idx) -> bool {
        self.cell[i] == EMPTY
    }

    /// A stone of `color` that is not marked dead.
    pub(super) fn is_living(&self, i: Idx, color: Color) -> bool {
        self.cell[i] == living_code(color)
    }

    /// A dead stone of `color`.
    pub(super) fn is_dead(&self, i: Idx, color: Color) -> bool {
        self.cell[i] == living_code(color) + DEAD
    }
}

/// Reusable point marks: a point is marked when its stamp equals the current generation, so clearing is O(1).
pub(crate) struct Marks {
    stamp: Vec<u32>,
    generation: u32,
}

impl Marks {
    pub(super) fn new(len: usize) -> Marks {
        Marks { stamp: vec![0; len], generation: 1 }
    }

    pub(super) fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
    }

    pub(super) fn mark(&mut self, i: Idx) {
        self.stamp[i] = self.generation;
    }

    pub(super) fn is_marked(&self, i: Idx) -> bool {
        self.stamp[i] == self.generation
    }
}

/// Splits point sets into 4-connected pieces. Holds its marks and buffers so that the many splits of one
/// analysis allocate nothing.
pub(crate) struct Pieces {
    marks: Marks,
    stack: Vec<Idx>,
    counts: Vec<usize>,
}

impl Pieces {
    pub(super) fn new(len: usize) -> Pieces {
        Pieces { marks: Marks::new(len), stack: Vec::new(), counts: Vec::new() }
    }

    /// Splits `points` (whose membership mask is `member`) into 4-connected pieces, leaving out `removed`.
    /// Returns one entry per piece: how many of its points satisfy `special`, counted up to `cap`.
    pub(super) fn split(
        &mut self,
        grid: &Grid,
        points: &[Idx],
        member: &[bool],
        removed: &[Idx],
        special: impl Fn(Idx) -> bool,
        cap: usize,
    ) -> &[usize] {
        let Pieces { marks, stack, counts } = self;
        marks.clear();
        counts.clear();
        for &r in removed {
            marks.mark(r);
        }
        for &start in points {
            if marks.is_marked(start) {
                continue;
            }
            marks.mark(start);
            stack.push(start);
            let mut specials = 0;
            while let Some(p) = stack.pop() {
                if specials < cap && special(p) {
                    specials += 1;
                }
                for n in grid.neighbours(p) {
                    if member[n] && !marks.is_marked(n) {
                        marks.mark(n);
                        stack.push(n);
                    }
                }
            }
            counts.push(specials);
        }
        counts
    }
}

/// Each bit of a byte moved to the low bit of its own byte of a `u64`: 8 points of a row become 8 flags at once.
const SPREAD: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut bits = 0;
    while bits < 256 {
        let mut i = 0;
        while i < 8 {
            if bits >> i & 1 != 0 {
                table[bits] |= 1 << (8 * i);
            }
            i += 1;
        }
        bits += 1;
    }
    table
};

/// Writes a byte per point of a row into `line` (the row's points): bit `k` of a point's byte set when the point
/// is in `planes[k]` (bits of the row). Eight points at a time, from a table, without a step per point.
pub(crate) fn bytes_from_planes(planes: &[u64], line: &mut [u8]) {
    for (k, cells) in line.chunks_mut(8).enumerate() {
        let mut bytes = 0;
        for (bit, &plane) in planes.iter().enumerate() {
            bytes |= SPREAD[(plane >> (8 * k) & 0xff) as usize] << bit;
        }
        // (A whole chunk is one store; a row's last few points are written one by one, not by a call to memcpy.)
        match <&mut [u8; 8]>::try_from(&mut *cells) {
            Ok(whole) => *whole = bytes.to_le_bytes(),
            Err(_) => cells.iter_mut().zip(bytes.to_le_bytes()).for_each(|(cell, byte)| *cell = byte),
        }
    }
}

/// A run of consecutive points of a row (columns `x0..x1` of row `y`), with its link in the union-find over runs.
#[derive(Clone, Copy, Default)]
struct Run {
    y: u32,
    x0: u32,
    x1: u32,
    /// A run's parent always comes before it (or is itself), and a root is always the first run of its
    /// component. After [`Labeller::label`]: the run's component.
    parent: u32,
}

/// Labels the 4-connected components of sets (see [`Labeller::label`]); keeps its buffers from call to call.
#[derive(Default)]
pub(crate) struct Labeller {
    /// The runs of the last set labelled, in row-major order: the first `run_count`. The buffer only grows, to the
    /// most runs a set of its size can have, so that a labelling writes runs in place without pushes (which
    /// kept the loops' state on the stack).
    runs: Vec<Run>,
    run_count: usize,
    /// After [`Labeller::label`]: for each component, whether it holds a point of the `mark` set.
    pub marked: Vec<bool>,
}

impl Labeller {
    /// The 4-connected components of `set`, numbered from 0 in the order of their first point (row-major):
    /// writes `Slot::of(component)` into `label` for the points of `set` (leaving the others alone) and returns how
    /// many there are. Works on runs of consecutive points in a row, joined with the runs they overlap in the
    /// row above (found by walking both rows' runs left to right together).
    pub(super) fn label(&mut self, set: &PointSet, width: usize, label: &mut [Slot], mark: &PointSet) -> usize {
        // A row holds at most one run per two columns (rounded up).
        let most = set.height() * width.div_ceil(2);
        if self.runs.len() < most {
            self.runs.resize(most, Run::default());
        }
        let runs = &mut self.runs[..];
        fn find(runs: &mut [Run], mut a: u32) -> u32 {
            while runs[a as usize].parent != a {
                runs[a as usize].parent = runs[runs[a as usize].parent as usize].parent;
                a = runs[a as usize].parent;
            }
            a
        }
        let mut count_runs = 0;
        // The runs of the row above.
        let mut above = 0..0;
        for y in 0..set.height() {
            let first = count_runs;
            let mut bits = set.row(y);
            // The first run above that does not end before the current run starts.
            let mut k = above.start;
            while bits != 0 {
                let x0 = bits.trailing_zeros();
                let x1 = x0 + (!(bits >> x0)).trailing_zeros();
                // (x1 <= 52: a row has at most 52 points.)
                bits &= u64::MAX << x1;
                let r = count_runs as u32;
                runs[count_runs] = Run { y: y as u32, x0, x1, parent: r };
                count_runs += 1;
                while k < above.end && runs[k].x1 <= x0 {
                    k += 1;
                }
                // The runs above that overlap columns x0..x1 (the last may overlap the next run too, so `k` stays
                // on it). The root of run r so far. The earlier run stays the root, so roots come first in run order.
                let mut root = r;
                let mut j = k;
                while j < above.end && runs[j].x0 < x1 {
                    let other = find(runs, j as u32);
                    if other < root {
                        runs[root as usize].parent = other;
                        root = other;
                    } else if other > root {
                        runs[other as usize].parent = root;
                    }
                    j += 1;
                }
            }
            above = first..count_runs;
        }
        let marked = &mut self.marked;
        marked.clear();
        let mut count = 0;
        for r in 0..count_runs {
            let Run { y, x0, x1, parent: up } = runs[r];
            // Parents always lie before their runs, which already hold their component, and a root is the first
            // run of its component.
            let id = if up as usize == r {
                count += 1;
                marked.push(false);
                count - 1
            } else {
                runs[up as usize].parent
            };
            runs[r].parent = id;
            let row = y as usize * width;
            label[row + x0 as usize..row + x1 as usize].fill(Slot::of(id as usize));
            marked[id as usize] |= mark.row(y as usize) >> x0 & ((1 << (x1 - x0)) - 1) != 0;
        }
        self.run_count = count_runs;
        count as usize
    }

    /// After [`Labeller::label`]: the points of each component in turn (row-major within each) into `points`,
    /// and where each component starts in it (one more entry than there are components, the last the total).
    pub(super) fn members(&self, width: usize, points: &mut Vec<Idx>) -> Vec<usize> {
        let count = self.marked.len();
        let runs = &self.runs[..self.run_count];
        // After labelling, every run's parent is its component.
        let mut start = vec![0usize; count + 1];
        for run in runs {
            start[run.parent as usize + 1] += (run.x1 - run.x0) as usize;
        }
        for c in 0..count {
            start[c + 1] += start[c];
        }
        let mut fill = start.clone();
        points.clear();
        points.resize(start[count], 0);
        for run in runs {
            let c = run.parent as usize;
            let row = run.y as usize * width;
            for x in run.x0..run.x1 {
                points[fill[c]] = row + x as usize;
                fill[c] += 1;
            }
        }
        start
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_cells_and_sets_agree_with_the_board() {
        // Wider than 8 points, so that rows take a whole chunk and a part of one.
        let board = Board::from_diagram(
            "
            X O . X X O O . X . O
            . X O O . X . O X X .
            O . X . O O X . . O X
        ",
        );
        let mut dead = PointSet::empty(11, 3);
        for (x, y) in [(0, 0), (3, 1), (4, 2), (10, 2), (9, 1)] {
            dead.insert(x, y);
        }
        let grid = Grid::new(&board, &dead);
        for y in 0..3 {
            for x in 0..11 {
                let i = y * 11 + x;
                let stone = board.get(Point::new(x as u8, y as u8));
                let is_dead = dead.contains(x, y) && stone.is_some();
                let want = stone.map_or(EMPTY, |c| living_code(c) + if is_dead { DEAD } else { 0 });
                assert_eq!(grid.cell[i], want, "({x}, {y})");
                assert_eq!(grid.empty.contains(x, y), stone.is_none());
                for c in [Color::Black, Color::White] {
                    assert_eq!(grid.living[c.index()].contains(x, y), stone == Some(c) && !is_dead);
                    assert_eq!(grid.dead_stones[c.index()].contains(x, y), stone == Some(c) && is_dead);
                }
            }
        }
    }
}
