//! The estimator's working copy of a final position: points numbered `y * width + x`, chains with their stones
//! and liberties, and the regions of empty points (and stones taken as dead) between them. Knows nothing of life
//! or death; the other parts of the estimator ask it questions.
//!
//! Why not the scorer's grid: the estimator asks for a chain's stones and liberties as sorted lists (counted,
//! compared and merged in races) and for regions of empty points and dead stones, which the grid does not keep;
//! it shares the grid's neighbour table. Why not `gotool_go::Board`: see the note at the top of its module.

use std::rc::Rc;

use gotool_go::{Board, Color, Point};

use crate::grid::{Adjacent, adjacency};

/// A point's number: `y * width + x` (boards have at most 52×52 points).
pub(crate) type Pt = u16;

/// No chain or region on this point.
pub(crate) const NONE: u32 = u32::MAX;

/// A chain of stones and its liberties, both sorted.
#[derive(Clone, Debug)]
pub(crate) struct Chain {
    pub color: Color,
    pub stones: Vec<Pt>,
    pub libs: Vec<Pt>,
}

pub(crate) struct Pos {
    pub width: usize,
    pub height: usize,
    /// What stands on each point: `None` (empty) or a colour.
    pub stone: Vec<Option<Color>>,
    /// The chain through each stone, [`NONE`] on empty points.
    pub chain_of: Vec<u32>,
    pub chains: Vec<Chain>,
    /// Each point's on-board neighbours (up, left, right, down): the scorer's table, shared by every position
    /// of the same size on a thread.
    neighbours: Rc<[Adjacent]>,
}

impl Pos {
    pub(crate) fn new(board: &Board) -> Pos {
        let (width, height) = (usize::from(board.width()), usize::from(board.height()));
        let n = width * height;
        let mut stone = vec![None; n];
        for y in 0..height {
            let [black, white] = board.row_stones(y as u8);
            for x in 0..width {
                if black >> x & 1 != 0 {
                    stone[y * width + x] = Some(Color::Black);
                } else if white >> x & 1 != 0 {
                    stone[y * width + x] = Some(Color::White);
                }
            }
        }
        let neighbours = adjacency(width, height);
        let mut pos = Pos { width, height, stone, chain_of: vec![NONE; n], chains: Vec::new(), neighbours };
        pos.find_chains();
        pos
    }

    pub(crate) fn len(&self) -> usize {
        self.width * self.height
    }

    pub(crate) fn neighbours(&self, p: Pt) -> &[Pt] {
        self.neighbours[usize::from(p)].points()
    }

    /// The up to four diagonal neighbours on the board, and how many diagonals lie off it.
    pub(crate) fn diagonals(&self, p: Pt) -> (Vec<Pt>, usize) {
        let (x, y) = (usize::from(p) % self.width, usize::from(p) / self.width);
        let mut out = Vec::with_capacity(4);
        let mut off = 0;
        for (dx, dy) in [(-1isize, -1isize), (1, -1), (-1, 1), (1, 1)] {
            let (nx, ny) = (x as isize + dx, y as isize + dy);
            if nx < 0 || ny < 0 || nx >= self.width as isize || ny >= self.height as isize {
                off += 1;
            } else {
                out.push((ny as usize * self.width + nx as usize) as Pt);
            }
        }
        (out, off)
    }

    /// `board` with the stones of the chains `dead` says are dead taken off.
    pub(crate) fn board_without(&self, board: &Board, dead: impl Fn(usize) -> bool) -> Board {
        let mut cleared = board.clone();
        for (c, chain) in self.chains.iter().enumerate() {
            if dead(c) {
                for &p in &chain.stones {
                    cleared.remove_stone(board.loc(self.point(p)));
                }
            }
        }
        cleared
    }

    /// The chain of `chains` with the most stones (the first in chain order on a tie): what reading tries to
    /// capture when it asks about a group.
    pub(crate) fn largest_chain(&self, chains: &[usize]) -> Option<usize> {
        chains.iter().copied().max_by_key(|&c| (self.chains[c].stones.len(), std::cmp::Reverse(c)))
    }

    pub(crate) fn point(&self, p: Pt) -> Point {
        Point::new((usize::from(p) % self.width) as u8, (usize::from(p) / self.width) as u8)
    }

    pub(crate) fn chain_at(&self, p: Pt) -> Option<usize> {
        let c = self.chain_of[usize::from(p)];
        (c != NONE).then_some(c as usize)
    }

    /// Whether a neighbour of `p` holds a chain that `f` accepts.
    pub(crate) fn touches(&self, p: Pt, f: impl Fn(usize) -> bool) -> bool {
        self.neighbours(p).iter().any(|&q| self.chain_at(q).is_some_and(&f))
    }

    fn find_chains(&mut self) {
        let neighbours = self.neighbours.clone();
        let mut stack = Vec::new();
        for start in 0..self.len() {
            let Some(color) = self.stone[start] else { continue };
            if self.chain_of[start] != NONE {
                continue;
            }
            let id = self.chains.len() as u32;
            let mut stones = Vec::new();
            let mut libs = Vec::new();
            self.chain_of[start] = id;
            stack.push(start as Pt);
            while let Some(p) = stack.pop() {
                stones.push(p);
                for &q in neighbours[usize::from(p)].points() {
                    let qi = usize::from(q);
                    match self.stone[qi] {
                        None => libs.push(q),
                        Some(c) if c == color && self.chain_of[qi] == NONE => {
                            self.chain_of[qi] = id;
                            stack.push(q);
                        }
                        _ => {}
                    }
                }
            }
            stones.sort_unstable();
            libs.sort_unstable();
            libs.dedup();
            self.chains.push(Chain { color, stones, libs });
        }
    }
}

/// Connected pieces of the points that are empty or hold a stone taken as dead, with the living chains around
/// each: in a finished game these are territories, eyes, the space around dead stones, and dame.
pub(crate) struct Regions {
    /// The region of each point, [`NONE`] on living stones.
    pub region_of: Vec<u32>,
    pub list: Vec<Region>,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Region {
    pub points: Vec<Pt>,
    /// How many of the points are empty (the others hold dead stones).
    pub empty: usize,
    /// The living chains bordering the region, sorted.
    pub border: Vec<usize>,
    /// Bit `1 << color.index()` for each colour among the border's chains.
    pub colors: u8,
    /// Bit `1 << color.index()` for each colour of the dead stones inside.
    pub dead_colors: u8,
}

impl Region {
    /// Bordered by living stones of `color` alone.
    pub(crate) fn only(&self, color: Color) -> bool {
        self.colors == 1 << color.index()
    }
}

impl Regions {
    /// The regions of `pos` when the chains flagged in `dead` are taken off the board.
    pub(crate) fn new(pos: &Pos, dead: &[bool]) -> Regions {
        let n = pos.len();
        let open = |p: usize| pos.chain_of[p] == NONE || dead[pos.chain_of[p] as usize];
        let mut region_of = vec![NONE; n];
        let mut list = Vec::new();
        let mut stack = Vec::new();
        for start in 0..n {
            if region_of[start] != NONE || !open(start) {
                continue;
            }
            let id = list.len() as u32;
            let mut region = Region::default();
            region_of[start] = id;
            stack.push(start as Pt);
            while let Some(p) = stack.pop() {
                region.points.push(p);
                match pos.stone[usize::from(p)] {
                    None => region.empty += 1,
                    Some(c) => region.dead_colors |= 1 << c.index(),
                }
                for &q in pos.neighbours(p) {
                    let qi = usize::from(q);
                    if open(qi) {
                        if region_of[qi] == NONE {
                            region_of[qi] = id;
                            stack.push(q);
                        }
                    } else {
                        let c = pos.chain_of[qi] as usize;
                        region.border.push(c);
                        region.colors |= 1 << pos.chains[c].color.index();
                    }
                }
            }
            region.points.sort_unstable();
            region.border.sort_unstable();
            region.border.dedup();
            list.push(region);
        }
        Regions { region_of, list }
    }
}
