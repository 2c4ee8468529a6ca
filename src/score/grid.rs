//! The scoring layer's working copy of a final position: a dense row-major grid of stones with a dead flag per
//! point and the liberty count of the chain through each stone. Dead stones stay on the grid; every analysis
//! decides for itself whether it looks through them.

use crate::go::{Board, Color, Point};

/// Index of a point in the grid: `y * width + x`.
pub(crate) type Idx = usize;

/// Up to four on-board neighbours of a point, in the order up, left, right, down.
#[derive(Clone, Copy)]
pub(crate) struct Neighbours {
    items: [Idx; 4],
    len: usize,
}

impl Iterator for Neighbours {
    type Item = Idx;

    fn next(&mut self) -> Option<Idx> {
        if self.len == 0 {
            return None;
        }
        let item = self.items[0];
        self.items.copy_within(1.., 0);
        self.len -= 1;
        Some(item)
    }
}

pub(crate) struct Grid {
    pub width: usize,
    pub height: usize,
    pub stone: Vec<Option<Color>>,
    pub dead: Vec<bool>,
    /// For a stone: distinct empty points next to its chain (dead stones count as stones here).
    pub liberties: Vec<u32>,
}

impl Grid {
    /// Copies `board`; `dead[i]` flags the stones to treat as dead (the caller has expanded them to whole chains).
    pub fn new(board: &Board, dead: Vec<bool>) -> Grid {
        let width = usize::from(board.width());
        let height = usize::from(board.height());
        let mut stone = Vec::with_capacity(width * height);
        let mut liberties = Vec::with_capacity(width * height);
        for y in 0..height {
            for x in 0..width {
                let loc = board.loc(Point::new(x as u8, y as u8));
                let color = board.color_at(loc);
                stone.push(color);
                liberties.push(if color.is_some() { board.chain_liberties(loc) } else { 0 });
            }
        }
        debug_assert_eq!(dead.len(), width * height);
        Grid { width, height, stone, dead, liberties }
    }

    pub fn len(&self) -> usize {
        self.width * self.height
    }

    pub fn point(&self, i: Idx) -> Point {
        Point::new((i % self.width) as u8, (i / self.width) as u8)
    }

    pub fn index(&self, p: Point) -> Idx {
        usize::from(p.y) * self.width + usize::from(p.x)
    }

    /// The point `(x, y)` if it lies on the board.
    pub fn at(&self, x: isize, y: isize) -> Option<Idx> {
        (x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height)
            .then(|| y as usize * self.width + x as usize)
    }

    pub fn xy(&self, i: Idx) -> (isize, isize) {
        ((i % self.width) as isize, (i / self.width) as isize)
    }

    pub fn on_edge(&self, i: Idx) -> bool {
        let (x, y) = (i % self.width, i / self.width);
        x == 0 || y == 0 || x + 1 == self.width || y + 1 == self.height
    }

    pub fn neighbours(&self, i: Idx) -> Neighbours {
        let (x, y) = (i % self.width, i / self.width);
        let mut n = Neighbours { items: [0; 4], len: 0 };
        let mut push = |j| {
            n.items[n.len] = j;
            n.len += 1;
        };
        if y > 0 {
            push(i - self.width);
        }
        if x > 0 {
            push(i - 1);
        }
        if x + 1 < self.width {
            push(i + 1);
        }
        if y + 1 < self.height {
            push(i + self.width);
        }
        n
    }

    pub fn adjacent(&self, a: Idx, b: Idx) -> bool {
        self.neighbours(a).any(|n| n == b)
    }

    pub fn is_empty(&self, i: Idx) -> bool {
        self.stone[i].is_none()
    }

    /// A stone of `color` that is not marked dead.
    pub fn is_living(&self, i: Idx, color: Color) -> bool {
        self.stone[i] == Some(color) && !self.dead[i]
    }

    /// A stone of any colour that is not marked dead.
    pub fn living_color(&self, i: Idx) -> Option<Color> {
        self.stone[i].filter(|_| !self.dead[i])
    }

    /// Empty, or a dead stone: space that can become an eye or territory.
    pub fn is_open(&self, i: Idx) -> bool {
        self.stone[i].is_none() || self.dead[i]
    }
}

/// The set of points reachable from `seeds` by stepping to neighbours while `enter(point)` allows it, where a
/// point for which `stop(point)` holds is reached but not stepped out of. Seeds are reached unconditionally.
pub(crate) fn flood(
    grid: &Grid,
    seeds: impl IntoIterator<Item = Idx>,
    mut enter: impl FnMut(Idx) -> bool,
    mut stop: impl FnMut(Idx) -> bool,
) -> Vec<bool> {
    let mut reached = vec![false; grid.len()];
    let mut stack: Vec<Idx> = Vec::new();
    for s in seeds {
        if !reached[s] {
            reached[s] = true;
            stack.push(s);
        }
    }
    while let Some(p) = stack.pop() {
        if stop(p) {
            continue;
        }
        for n in grid.neighbours(p) {
            if !reached[n] && enter(n) {
                reached[n] = true;
                stack.push(n);
            }
        }
    }
    reached
}

/// Reusable point marks: a point is marked when its stamp equals the current generation, so clearing is O(1).
pub(crate) struct Marks {
    stamp: Vec<u32>,
    generation: u32,
}

impl Marks {
    pub fn new(len: usize) -> Marks {
        Marks { stamp: vec![0; len], generation: 1 }
    }

    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
    }

    pub fn mark(&mut self, i: Idx) {
        self.stamp[i] = self.generation;
    }

    pub fn is_marked(&self, i: Idx) -> bool {
        self.stamp[i] == self.generation
    }
}

/// Splits `points` (whose membership mask is `member`) into 4-connected pieces, leaving out `removed`.
/// Returns one entry per piece: how many of its points satisfy `special`, counted up to `cap`.
pub(crate) fn pieces(
    grid: &Grid,
    marks: &mut Marks,
    points: &[Idx],
    member: &[bool],
    removed: &[Idx],
    special: impl Fn(Idx) -> bool,
    cap: usize,
) -> Vec<usize> {
    marks.clear();
    for &r in removed {
        marks.mark(r);
    }
    let mut out = Vec::new();
    let mut stack = Vec::new();
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
        out.push(specials);
    }
    out
}
