//! Sets of points of a board as bits, one 64-bit word per row: setup and territory lists read from a record, and
//! every set the scoring analysis works with. Set algebra and steps to the neighbours work on whole rows.

use super::coord::{MAX_SIDE, Point};

/// The points of a row with at least 1, 2, 3 and 4 neighbours in a set, given the set's rows above, at and
/// below it and the bits of a row that lie on the board.
#[inline]
pub fn neighbour_counts(up: u64, row: u64, down: u64, full: u64) -> [u64; 4] {
    let (left, right) = (row << 1 & full, row >> 1);
    let (across_any, across_both) = (left | right, left & right);
    let (along_any, along_both) = (up | down, up & down);
    [
        across_any | along_any,
        across_both | along_both | (across_any & along_any),
        (across_both & along_any) | (along_both & across_any),
        across_both & along_both,
    ]
}

/// Rows of a [`PointSet`]: the board's and an empty one above and below.
pub const MAX_ROWS: usize = MAX_SIDE as usize + 2;

/// A rectangle of points, corners included: `x1 <= x2`, `y1 <= y2`. A single point is a rectangle of one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointRect {
    /// Left column.
    pub x1: u8,
    /// Top row.
    pub y1: u8,
    /// Right column.
    pub x2: u8,
    /// Bottom row.
    pub y2: u8,
}

/// A set of points as bits, one 64-bit word per row (bit `x` of row `y`). PointSet algebra and a step to the
/// neighbours work on whole rows at once, without a branch per point: on real positions the point-by-point
/// floods spent most of their time in mispredicted branches. Rows are stored from index 1, with an empty row
/// above and below the board, so that a row's neighbours need no bounds test.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct PointSet {
    rows: [u64; MAX_ROWS],
    height: usize,
    /// The bits of one row that lie on the board.
    full: u64,
}

impl PointSet {
    /// The empty set on a board of this size.
    #[inline]
    pub fn empty(width: usize, height: usize) -> PointSet {
        PointSet { rows: [0; MAX_ROWS], height, full: (1u64 << width) - 1 }
    }

    /// Every point of the board.
    #[inline]
    pub fn all(width: usize, height: usize) -> PointSet {
        let mut set = PointSet::empty(width, height);
        for row in &mut set.rows[1..=height] {
            *row = set.full;
        }
        set
    }

    /// Adds every point of `r`, which lies on the board: one step per row whatever its size, and points
    /// already in the set cost nothing (`AE[aa:ZZ]` named thousands of times stays one board's worth).
    #[inline]
    pub fn insert_rect(&mut self, r: PointRect) {
        // x2 <= 51, so the mask of columns x1..=x2 fits in a u64.
        let mask = (u64::MAX >> (63 - u32::from(r.x2))) & (u64::MAX << r.x1);
        for row in &mut self.rows[usize::from(r.y1) + 1..=usize::from(r.y2) + 1] {
            *row |= mask;
        }
    }

    /// Adds the point at column `x`, row `y`.
    #[inline]
    pub fn insert(&mut self, x: usize, y: usize) {
        self.rows[y + 1] |= 1 << x;
    }

    /// Whether the set holds the point at column `x`, row `y`.
    #[inline]
    pub fn contains(&self, x: usize, y: usize) -> bool {
        self.rows[y + 1] >> x & 1 != 0
    }

    /// The 3×3 window around `(x, y)` as 9 bits: bit `(dy + 1) * 3 + dx + 1` for the point `(x + dx, y + dy)`,
    /// 0 off the board.
    #[inline]
    pub fn window(&self, x: usize, y: usize) -> u16 {
        let pick = |row: u64| ((row << 1) >> x & 7) as u16;
        pick(self.rows[y]) | pick(self.rows[y + 1]) << 3 | pick(self.rows[y + 2]) << 6
    }

    /// Replaces row `y` with `bits` (which must lie on the board).
    #[inline]
    pub fn set_row(&mut self, y: usize, bits: u64) {
        self.rows[y + 1] = bits;
    }

    /// Rows of the board.
    #[inline]
    pub fn height(&self) -> usize {
        self.height
    }

    /// Row `y` as bits.
    #[inline]
    pub fn row(&self, y: usize) -> u64 {
        self.rows[y + 1]
    }

    /// Whether the set holds no point.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.rows.iter().all(|&row| row == 0)
    }

    /// How many points the set holds.
    #[inline]
    pub fn len(&self) -> usize {
        self.rows[1..=self.height].iter().map(|r| r.count_ones() as usize).sum()
    }

    /// The points in [`Point`] order (by column, then row): the rows' bits are turned into columns (bit `y` of
    /// column `x`), and the columns that hold a point give their points in order. One step per point and per
    /// such column, no sort (most sets a score lists are empty or hold a few dozen points).
    pub fn sorted_points(&self) -> Vec<Point> {
        let rows = &self.rows[1..=self.height];
        // The columns that hold a point.
        let mut used = rows.iter().fold(0, |acc, &row| acc | row);
        if used == 0 {
            return Vec::new();
        }
        // 64 columns, so that a column taken from a row's bits needs no bounds check.
        let mut columns = [0u64; 64];
        let mut len = 0;
        for (y, &row) in rows.iter().enumerate() {
            let mut bits = row;
            while bits != 0 {
                columns[bits.trailing_zeros() as usize & 63] |= 1 << y;
                len += 1;
                bits &= bits - 1;
            }
        }
        let mut out = Vec::with_capacity(len);
        while used != 0 {
            let x = used.trailing_zeros() as usize;
            used &= used - 1;
            let mut bits = columns[x & 63];
            while bits != 0 {
                out.push(Point::new(x as u8, bits.trailing_zeros() as u8));
                bits &= bits - 1;
            }
        }
        out
    }

    /// The points reached from `seeds` by stepping to neighbours that are in `enter`, never stepping out of a
    /// point of `stop` (which is reached, though). Seeds are reached whether or not they are in `enter`.
    ///
    /// Rows are updated in place, each filled sideways as far as it goes, and a row is updated again only when a
    /// row next to it has grown since: any order of steps reaches the same points, and this one looks only at
    /// rows that can still grow (none at all when there are no seeds). The rows still to look at are the bits of
    /// one word, lowest (topmost) first.
    pub fn spread(seeds: &PointSet, enter: &PointSet, stop: &PointSet) -> PointSet {
        let mut reached = *seeds;
        let full = seeds.full;
        let mut update = |y: usize| {
            let from = |y: usize, row: u64| row & !stop.rows[y];
            let before = reached.rows[y];
            let mut row =
                before | ((from(y - 1, reached.rows[y - 1]) | from(y + 1, reached.rows[y + 1])) & enter.rows[y]);
            loop {
                let out = from(y, row);
                let grown = row | ((out << 1 | out >> 1) & full & enter.rows[y]);
                if grown == row {
                    break;
                }
                row = grown;
            }
            reached.rows[y] = row;
            row != before
        };
        // Bit y for row index y (board rows are 1..=height).
        let board_rows = ((1u64 << seeds.height) - 1) << 1;
        let mut pending = 0u64;
        for y in 1..=seeds.height {
            if seeds.rows[y] != 0 {
                pending |= 0b111 << (y - 1);
            }
        }
        pending &= board_rows;
        while pending != 0 {
            let y = pending.trailing_zeros() as usize;
            pending &= pending - 1;
            if update(y) {
                pending |= (0b101 << (y - 1)) & board_rows;
            }
        }
        reached
    }

    /// The points whose neighbours to the right, below, and below right are in the set too, with themselves.
    #[inline]
    pub fn two_by_two(&self) -> PointSet {
        let mut out = *self;
        for y in 1..=self.height {
            let (r, below) = (self.rows[y], self.rows[y + 1]);
            out.rows[y] = r & r >> 1 & below & below >> 1;
        }
        out
    }

    /// The points with at least 1, 2, … `N` neighbours in the set (counted bit-parallel; `N` is at most 4). Only the
    /// counts asked for are worked out.
    #[inline]
    pub fn neighbour_counts<const N: usize>(&self) -> [PointSet; N] {
        debug_assert!(N <= 4);
        let mut out = [PointSet { rows: [0; MAX_ROWS], height: self.height, full: self.full }; N];
        for y in 1..=self.height {
            let counts = neighbour_counts(self.rows[y - 1], self.rows[y], self.rows[y + 1], self.full);
            for (set, count) in out.iter_mut().zip(counts) {
                set.rows[y] = count;
            }
        }
        out
    }

    /// Row `i` counted with the empty rows around the board: row 0 is the one above the board, row `y + 1` is
    /// [`PointSet::row`] `y`, and row `height + 1` the one below.
    #[inline]
    pub fn padded_row(&self, i: usize) -> u64 {
        self.rows[i]
    }

    /// The points with a neighbour in the set.
    #[inline]
    pub fn next_to(&self) -> PointSet {
        let [out] = self.neighbour_counts();
        out
    }

    /// The points, in row-major order, as `(x, y)`.
    #[inline]
    pub fn points(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.height).flat_map(move |y| {
            let mut bits = self.rows[y + 1];
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let x = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    (x, y)
                })
            })
        })
    }
}

impl PointSet {
    /// Combines two sets of the same board row by row.
    #[inline]
    fn zip_rows(mut self, other: PointSet, f: impl Fn(u64, u64) -> u64) -> PointSet {
        for (a, b) in self.rows.iter_mut().zip(other.rows) {
            *a = f(*a, b);
        }
        self
    }
}

impl std::ops::BitOr for PointSet {
    type Output = PointSet;
    #[inline]
    fn bitor(self, other: PointSet) -> PointSet {
        self.zip_rows(other, |a, b| a | b)
    }
}

impl std::ops::BitAnd for PointSet {
    type Output = PointSet;
    #[inline]
    fn bitand(self, other: PointSet) -> PointSet {
        self.zip_rows(other, |a, b| a & b)
    }
}

impl std::ops::BitXor for PointSet {
    type Output = PointSet;
    #[inline]
    fn bitxor(self, other: PointSet) -> PointSet {
        self.zip_rows(other, |a, b| a ^ b)
    }
}

/// `a - b`: the points of `a` not in `b`.
impl std::ops::Sub for PointSet {
    type Output = PointSet;
    #[inline]
    fn sub(self, other: PointSet) -> PointSet {
        self.zip_rows(other, |a, b| a & !b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorted_points_are_the_points_sorted() {
        for (width, height) in [(19, 19), (52, 52), (1, 1), (7, 13), (52, 3)] {
            let mut set = PointSet::empty(width, height);
            assert!(set.sorted_points().is_empty());
            // A scattered set of points that reaches every edge.
            for i in 0..width * height {
                let (x, y) = (i % width, i / width);
                if (x * 7 + y * 3) % 5 == 0 || x == width - 1 || y == height - 1 {
                    set.insert(x, y);
                }
            }
            let mut expected: Vec<Point> = set.points().map(|(x, y)| Point::new(x as u8, y as u8)).collect();
            expected.sort();
            assert_eq!(set.sorted_points(), expected, "{width}x{height}");
        }
    }
}
