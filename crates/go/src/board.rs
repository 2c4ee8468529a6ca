//! Padded 1-D board with incrementally kept chains and liberties. Knows captures and suicide mechanics;
//! knows nothing of ko, turn order, rulesets or files.
//!
//! Layout (after KataGo's `Board` and Leela Zero's `FastBoard`): a `width`×`height` board is stored row by
//! row with one wall column shared between neighbouring rows and a wall row above and below, so the four
//! neighbours of any playable cell are `±1` and `±stride` and never leave the array.
//!
//! One of three boards in gotool, each shaped for its job: this one plays moves, so it keeps chains and
//! liberties up to date stone by stone and hashes every position (ko, superko). The scorer's grid
//! (`gotool_score`'s `grid.rs`) and the estimator's position (`estimate/pos.rs`) look at one final position
//! many times and never play on it: they are built once from this board's rows and share one neighbour table.

use super::coord::{Color, Point};
use super::zobrist::{MAX_CELLS, STONE_KEYS};

/// Index of a cell in the padded board.
pub type Loc = u16;

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const WALL: u8 = 3;

fn cell_of(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

fn color_of(cell: u8) -> Option<Color> {
    match cell {
        BLACK => Some(Color::Black),
        WHITE => Some(Color::White),
        _ => None,
    }
}

/// What placing a stone did to the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Placed {
    /// Opposing stones removed.
    pub captured: u32,
    /// The mover's own stones removed by a (multi-stone) suicide, the placed stone included.
    pub self_captured: u32,
    /// Set when the move captured exactly one stone with a lone stone left in atari: the opponent may not retake there at once.
    pub ko_point: Option<Loc>,
}

/// What a move at one point would touch, looked at once (see [`Board::move_context`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveContext {
    own: [Loc; 4],
    own_count: u8,
    opp: [Loc; 4],
    opp_count: u8,
    empty_neighbours: u16,
    /// Opposing chains the move would capture (those in atari).
    pub captures: u8,
    /// Own stones a suicide would remove, the placed one included; 0 when the move is not suicide.
    pub suicide_stones: u32,
}

impl MoveContext {
    fn own_heads(&self) -> &[Loc] {
        &self.own[..usize::from(self.own_count)]
    }

    fn opp_heads(&self) -> &[Loc] {
        &self.opp[..usize::from(self.opp_count)]
    }
}

/// One cell of the padded board: what is on it and, for a stone, its place in its chain. Kept together so that
/// a look at a neighbour and its chain is one record, not one array each.
#[derive(Clone, Copy, Debug, Default)]
struct Cell {
    /// `EMPTY`, `BLACK`, `WHITE` or `WALL`.
    stone: u8,
    /// For a stone: the head of its chain. Meaningless on empty cells.
    head: Loc,
    /// For a stone: the next stone of its chain, in a ring.
    next: Loc,
    /// For a chain head: the number of distinct liberties of the chain.
    liberties: u16,
    /// For a chain head: the number of stones in the chain.
    chain_len: u16,
    /// Scratch mark for liberty recounts; the cell is marked when `mark == Board::mark_generation`.
    mark: u16,
}

/// A rectangular Go board of 1..=52 points per side.
pub struct Board {
    width: u8,
    height: u8,
    stride: usize,
    cells: Vec<Cell>,
    mark_generation: u16,
    hash: u64,
    stones_on_board: [u32; 2],
}

/// Written out rather than derived for `clone_from`: reading and playouts copy a position onto a board they
/// keep, and the derived one would allocate a new cell array for every copy.
impl Clone for Board {
    fn clone(&self) -> Board {
        let Board { width, height, stride, ref cells, mark_generation, hash, stones_on_board } = *self;
        Board { width, height, stride, cells: cells.clone(), mark_generation, hash, stones_on_board }
    }

    fn clone_from(&mut self, source: &Board) {
        // Destructured so that a field added to the board cannot be left out here.
        let Board { width, height, stride, ref cells, mark_generation, hash, stones_on_board } = *source;
        self.cells.clone_from(cells);
        (self.width, self.height, self.stride) = (width, height, stride);
        (self.mark_generation, self.hash, self.stones_on_board) = (mark_generation, hash, stones_on_board);
    }
}

impl Board {
    /// An empty board. Panics if a side is outside 1..=52; callers validate sizes from records first.
    pub fn new(width: u8, height: u8) -> Board {
        assert!((1..=52).contains(&width) && (1..=52).contains(&height), "board side out of range");
        let stride = usize::from(width) + 1;
        let len = (usize::from(height) + 2) * stride + 1;
        debug_assert!(len <= MAX_CELLS);
        let wall = Cell { stone: WALL, ..Cell::default() };
        let mut cells = vec![wall; len];
        for y in 0..usize::from(height) {
            let start = (y + 1) * stride + 1;
            cells[start..start + usize::from(width)].fill(Cell::default());
        }
        Board { width, height, stride, cells, mark_generation: 0, hash: 0, stones_on_board: [0; 2] }
    }

    /// Columns.
    #[inline]
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Heap memory held by the cells.
    pub fn heap_bytes(&self) -> usize {
        self.cells.len() * std::mem::size_of::<Cell>()
    }

    /// Rows.
    #[inline]
    pub fn height(&self) -> u8 {
        self.height
    }

    /// Zobrist hash of the stones on the board (not of the player to move).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// How many stones of `color` stand on the board.
    #[inline]
    pub fn stones_on_board(&self, color: Color) -> u32 {
        self.stones_on_board[color.index()]
    }

    /// Whether the point lies on the board.
    #[inline]
    pub fn contains(&self, point: Point) -> bool {
        point.x < self.width && point.y < self.height
    }

    /// The cell of an on-board point. Does not check that the point is on the board.
    #[inline]
    pub fn loc(&self, point: Point) -> Loc {
        ((usize::from(point.y) + 1) * self.stride + usize::from(point.x) + 1) as Loc
    }

    /// The point at a location.
    #[inline]
    pub fn point(&self, loc: Loc) -> Point {
        let loc = usize::from(loc);
        Point::new((loc % self.stride - 1) as u8, (loc / self.stride - 1) as u8)
    }

    /// The stone on a point, if any (`None` off the board too).
    #[inline]
    pub fn get(&self, point: Point) -> Option<Color> {
        color_of(self.cells[usize::from(self.loc(point))].stone)
    }

    /// Row `y` as bit masks of Black's and White's stones (bit `x` for column `x`): lets a caller copy the board a
    /// row at a time instead of asking point by point. Built without a branch per point.
    #[inline]
    pub fn row_stones(&self, y: u8) -> [u64; 2] {
        let start = (usize::from(y) + 1) * self.stride + 1;
        let mut rows = [0u64; 2];
        for (x, cell) in self.cells[start..start + usize::from(self.width)].iter().enumerate() {
            rows[0] |= u64::from(cell.stone == BLACK) << x;
            rows[1] |= u64::from(cell.stone == WHITE) << x;
        }
        rows
    }

    /// The stone at a location, if any.
    #[inline]
    pub fn color_at(&self, loc: Loc) -> Option<Color> {
        color_of(self.cells[usize::from(loc)].stone)
    }

    /// Whether the location is an empty point of the board.
    #[inline]
    pub fn is_empty_at(&self, loc: Loc) -> bool {
        self.cells[usize::from(loc)].stone == EMPTY
    }

    /// The on-board neighbours of a cell (walls left out).
    #[inline]
    pub fn neighbours(&self, loc: Loc) -> impl Iterator<Item = Loc> + '_ {
        self.neighbour_cells(loc).into_iter().filter(move |&n| self.cells[usize::from(n)].stone != WALL)
    }

    fn neighbour_cells(&self, loc: Loc) -> [Loc; 4] {
        let s = self.stride as Loc;
        [loc - s, loc - 1, loc + 1, loc + s]
    }

    /// Every playable cell, row by row from the top.
    #[inline]
    pub fn locs(&self) -> impl Iterator<Item = Loc> + '_ {
        (0..self.height).flat_map(move |y| (0..self.width).map(move |x| self.loc(Point::new(x, y))))
    }

    /// An identifier of the chain through a stone (its head), stable until the chain changes.
    #[inline]
    pub fn chain_id(&self, loc: Loc) -> Loc {
        self.cells[usize::from(loc)].head
    }

    /// The liberties of the chain at `loc` (which holds a stone).
    #[inline]
    pub fn chain_liberties(&self, loc: Loc) -> u32 {
        u32::from(self.cells[usize::from(self.cells[usize::from(loc)].head)].liberties)
    }

    /// The stones of the chain at `loc` (which holds a stone).
    pub fn chain_len(&self, loc: Loc) -> u32 {
        u32::from(self.cells[usize::from(self.cells[usize::from(loc)].head)].chain_len)
    }

    /// The stones of the chain through `loc`, which must hold a stone.
    #[inline]
    pub fn chain_stones(&self, loc: Loc) -> ChainStones<'_> {
        ChainStones { board: self, start: loc, current: Some(loc) }
    }

    /// Looks once at the neighbourhood of empty `loc` for a stone of `color`: the chains it touches, what it
    /// would capture and whether it would be suicide. `Game::play` computes this once and hands it to the
    /// legality checks, the superko hash and the placement.
    pub fn move_context(&self, loc: Loc, color: Color) -> MoveContext {
        let own = cell_of(color);
        let opp = own ^ (BLACK ^ WHITE);
        let mut ctx = MoveContext::default();
        for n in self.neighbour_cells(loc) {
            let cell = self.cells[usize::from(n)];
            ctx.empty_neighbours += u16::from(cell.stone == EMPTY);
            let h = cell.head;
            if cell.stone == own {
                if !ctx.own[..usize::from(ctx.own_count)].contains(&h) {
                    ctx.own[usize::from(ctx.own_count)] = h;
                    ctx.own_count += 1;
                }
            } else if cell.stone == opp && !ctx.opp[..usize::from(ctx.opp_count)].contains(&h) {
                ctx.opp[usize::from(ctx.opp_count)] = h;
                ctx.opp_count += 1;
                ctx.captures += u8::from(self.cells[usize::from(h)].liberties == 1);
            }
        }
        if ctx.empty_neighbours == 0 && ctx.captures == 0 {
            let mut stones = 1;
            for &h in ctx.own_heads() {
                if self.cells[usize::from(h)].liberties > 1 {
                    return ctx;
                }
                stones += u32::from(self.cells[usize::from(h)].chain_len);
            }
            ctx.suicide_stones = stones;
        }
        ctx
    }

    /// Would a stone of `color` at empty `loc` capture at least one opposing chain?
    pub fn would_capture(&self, loc: Loc, color: Color) -> bool {
        self.move_context(loc, color).captures > 0
    }

    /// Would a stone of `color` at empty `loc` be left without liberties (after its captures)?
    /// Returns the number of own stones that would be removed, the placed one included, or 0 if it is not suicide.
    pub fn suicide_size(&self, loc: Loc, color: Color) -> u32 {
        self.move_context(loc, color).suicide_stones
    }

    /// The hash the board would have after a stone of `color` at empty `loc`, captures and suicide included.
    /// Leaves the board untouched, so a superko check can refuse a move before it is made.
    pub fn hash_after(&self, loc: Loc, color: Color) -> u64 {
        self.hash_after_with(loc, color, &self.move_context(loc, color))
    }

    /// [`Board::hash_after`] with the neighbourhood already looked at.
    pub fn hash_after_with(&self, loc: Loc, color: Color, ctx: &MoveContext) -> u64 {
        let mut hash = self.hash;
        if ctx.suicide_stones > 0 {
            for &h in ctx.own_heads() {
                for s in self.chain_stones(h) {
                    hash ^= STONE_KEYS[color.index()][usize::from(s)];
                }
            }
            return hash;
        }
        hash ^= STONE_KEYS[color.index()][usize::from(loc)];
        if ctx.captures > 0 {
            let opp = color.opponent();
            for &h in ctx.opp_heads() {
                if self.cells[usize::from(h)].liberties == 1 {
                    for s in self.chain_stones(h) {
                        hash ^= STONE_KEYS[opp.index()][usize::from(s)];
                    }
                }
            }
        }
        hash
    }

    /// Puts a stone of `color` on empty `loc`, removes opposing chains left without liberties, then the mover's
    /// own chain if it has none (suicide). Does not check ko, superko, turn order, or whether suicide is allowed:
    /// that is `Game`'s job. Precondition: `loc` is an empty playable cell.
    pub fn place(&mut self, loc: Loc, color: Color) -> Placed {
        let ctx = self.move_context(loc, color);
        self.place_with(loc, color, &ctx)
    }

    /// Puts a stone of `color` on empty `loc` and joins it to the chains beside it, every liberty count kept
    /// exact; removes nothing. The first half of a move, and the whole of a setup stone. `ctx` must come from
    /// `move_context` on this very position. Always inlined: in `place_with` it is half of every move, and a call
    /// there measured 2.6% slower (`rules_core/19x19`).
    #[inline(always)]
    fn join(&mut self, loc: Loc, color: Color, ctx: &MoveContext) {
        let own = cell_of(color);
        let l = usize::from(loc);
        let empty_neighbours = ctx.empty_neighbours;
        let (own_heads, own_count) = (ctx.own, usize::from(ctx.own_count));
        let (opp_heads, opp_count) = (ctx.opp, usize::from(ctx.opp_count));

        // The point was a liberty of every adjacent chain, once each.
        for &h in own_heads[..own_count].iter().chain(&opp_heads[..opp_count]) {
            self.cells[usize::from(h)].liberties -= 1;
        }

        self.cells[l].stone = own;
        self.hash ^= STONE_KEYS[color.index()][l];
        self.stones_on_board[color.index()] += 1;

        match own_count {
            0 => {
                self.cells[l].head = loc;
                self.cells[l].next = loc;
                self.cells[l].chain_len = 1;
                self.cells[l].liberties = empty_neighbours;
            }
            1 => {
                let h = own_heads[0];
                let mut new_liberties = 0;
                for n in self.neighbour_cells(loc) {
                    if self.cells[usize::from(n)].stone == EMPTY && !self.touches_chain(n, h, loc) {
                        new_liberties += 1;
                    }
                }
                self.link_into(loc, h);
                self.cells[usize::from(h)].liberties += new_liberties;
            }
            _ => {
                // Merge every chain into the longest. Its liberties grow by those of the others and of the
                // new stone that it does not already touch; counting them before the heads are relabelled
                // costs a walk over the shorter chains only.
                let mut target = own_heads[0];
                for &h in &own_heads[1..own_count] {
                    if self.cells[usize::from(h)].chain_len > self.cells[usize::from(target)].chain_len {
                        target = h;
                    }
                }
                let generation = self.next_mark_generation();
                let mut added = 0;
                let mut consider = |board: &mut Board, e: Loc| {
                    let i = usize::from(e);
                    if board.cells[i].stone == EMPTY
                        && board.cells[i].mark != generation
                        && !board.touches_chain(e, target, loc)
                    {
                        board.cells[i].mark = generation;
                        added += 1;
                    }
                };
                for n in self.neighbour_cells(loc) {
                    consider(self, n);
                }
                for &h in &own_heads[..own_count] {
                    if h == target {
                        continue;
                    }
                    let mut s = h;
                    loop {
                        for n in self.neighbour_cells(s) {
                            consider(self, n);
                        }
                        s = self.cells[usize::from(s)].next;
                        if s == h {
                            break;
                        }
                    }
                }
                self.link_into(loc, target);
                for &h in &own_heads[..own_count] {
                    if h != target {
                        self.merge_chains(h, target);
                    }
                }
                self.cells[usize::from(target)].liberties += added;
            }
        }
    }

    /// [`Board::place`] with the neighbourhood already looked at; `ctx` must come from `move_context` on this
    /// very position.
    pub fn place_with(&mut self, loc: Loc, color: Color, ctx: &MoveContext) -> Placed {
        debug_assert_eq!(self.cells[usize::from(loc)].stone, EMPTY);
        self.join(loc, color, ctx);
        let l = usize::from(loc);
        let (opp_heads, opp_count) = (ctx.opp, usize::from(ctx.opp_count));

        let mut placed = Placed::default();
        let mut last_captured = 0;
        for &h in &opp_heads[..opp_count] {
            if self.cells[usize::from(h)].liberties == 0 {
                last_captured = h;
                placed.captured += self.remove_chain(h);
            }
        }
        let own_head = self.cells[l].head;
        if self.cells[usize::from(own_head)].liberties == 0 {
            placed.self_captured = self.remove_chain(own_head);
        } else if placed.captured == 1
            && self.cells[usize::from(own_head)].chain_len == 1
            && self.cells[usize::from(own_head)].liberties == 1
        {
            placed.ko_point = Some(last_captured);
        }
        debug_assert!(self.check_consistency().is_ok(), "{:?}", self.check_consistency());
        placed
    }

    /// Puts a setup stone (`AB`/`AW`) on an empty point: no captures, no suicide removal.
    /// Returns false if the chain it joins (or forms) has no liberty, which the caller reports.
    pub fn place_setup(&mut self, loc: Loc, color: Color) -> bool {
        debug_assert_eq!(self.cells[usize::from(loc)].stone, EMPTY);
        let ctx = self.move_context(loc, color);
        self.join(loc, color, &ctx);
        let own_head = self.cells[usize::from(loc)].head;
        self.cells[usize::from(own_head)].liberties > 0
            && ctx.opp_heads().iter().all(|&h| self.cells[usize::from(h)].liberties > 0)
    }

    /// Removes whatever stone is at `loc` (setup `AE`, or dead stones when scoring).
    pub fn remove_stone(&mut self, loc: Loc) {
        let Some(color) = self.color_at(loc) else {
            return;
        };
        let l = usize::from(loc);
        let own = cell_of(color);
        let old_head = self.cells[l].head;
        let stones: Vec<Loc> = self.chain_stones(old_head).collect();
        self.cells[l].stone = EMPTY;
        self.hash ^= STONE_KEYS[color.index()][l];
        self.stones_on_board[color.index()] -= 1;
        // Removal can split the chain: its other stones are regrouped by walking from each in turn to the
        // stones of the old chain beside it, each stone once (regrouping by merges relabelled the growing chain
        // again and again: a record that removes and restores stones of a large chain took minutes).
        // A stone still to regroup holds the old head and is unmarked.
        let generation = self.next_mark_generation();
        let mut heads = Vec::new();
        let mut stack = Vec::new();
        for &start in &stones {
            if start == loc || self.cells[usize::from(start)].mark == generation {
                continue;
            }
            self.cells[usize::from(start)].mark = generation;
            self.cells[usize::from(start)].head = start;
            self.cells[usize::from(start)].next = start;
            self.cells[usize::from(start)].chain_len = 1;
            stack.push(start);
            while let Some(s) = stack.pop() {
                if s != start {
                    self.link_into(s, start);
                }
                for n in self.neighbour_cells(s) {
                    let cell = self.cells[usize::from(n)];
                    if cell.stone == own && cell.head == old_head && cell.mark != generation {
                        self.cells[usize::from(n)].mark = generation;
                        stack.push(n);
                    }
                }
            }
            heads.push(start);
        }
        for h in heads {
            self.cells[usize::from(h)].liberties = self.count_liberties(h);
        }
        for n in self.neighbour_cells(loc) {
            if let Some(c) = color_of(self.cells[usize::from(n)].stone)
                && c != color
            {
                let h = self.cells[usize::from(n)].head;
                self.cells[usize::from(h)].liberties = self.count_liberties(h);
            }
        }
    }

    /// Does an empty cell `point` touch chain `head`, not counting the cell `except`? `point` must be playable:
    /// a wall cell's neighbours can lie off the array.
    /// Written without branches: what the four cells hold is as good as random to a branch predictor.
    fn touches_chain(&self, point: Loc, head: Loc, except: Loc) -> bool {
        let mut touches = false;
        for n in self.neighbour_cells(point) {
            let cell = self.cells[usize::from(n)];
            let is_stone = cell.stone.wrapping_sub(BLACK) <= WHITE - BLACK;
            touches |= (n != except) & is_stone & (cell.head == head);
        }
        touches
    }

    /// Adds the lone stone `loc` to the chain headed by `head` (liberties are the caller's business).
    fn link_into(&mut self, loc: Loc, head: Loc) {
        let (l, h) = (usize::from(loc), usize::from(head));
        self.cells[l].head = head;
        self.cells[l].next = self.cells[h].next;
        self.cells[h].next = loc;
        self.cells[h].chain_len += 1;
    }

    /// Relabels chain `from` as part of chain `into` and splices the rings (liberties are the caller's business).
    fn merge_chains(&mut self, from: Loc, into: Loc) {
        let mut s = from;
        loop {
            self.cells[usize::from(s)].head = into;
            s = self.cells[usize::from(s)].next;
            if s == from {
                break;
            }
        }
        let (f, i) = (usize::from(from), usize::from(into));
        let into_next = self.cells[i].next;
        self.cells[i].next = self.cells[f].next;
        self.cells[f].next = into_next;
        self.cells[i].chain_len += self.cells[f].chain_len;
    }

    /// A fresh mark value: cells marked before it no longer count as marked.
    fn next_mark_generation(&mut self) -> u16 {
        self.mark_generation = self.mark_generation.wrapping_add(1);
        if self.mark_generation == 0 {
            for cell in &mut self.cells {
                cell.mark = 0;
            }
            self.mark_generation = 1;
        }
        self.mark_generation
    }

    fn count_liberties(&mut self, head: Loc) -> u16 {
        let generation = self.next_mark_generation();
        let mut count = 0;
        let mut s = head;
        loop {
            for n in self.neighbour_cells(s) {
                let n = usize::from(n);
                if self.cells[n].stone == EMPTY && self.cells[n].mark != generation {
                    self.cells[n].mark = generation;
                    count += 1;
                }
            }
            s = self.cells[usize::from(s)].next;
            if s == head {
                break;
            }
        }
        count
    }

    /// Empties every stone of the chain and gives each bordering chain its new liberties. Returns the stones removed.
    fn remove_chain(&mut self, head: Loc) -> u32 {
        let color = color_of(self.cells[usize::from(head)].stone).expect("chain head holds a stone");
        let keys = &STONE_KEYS[color.index()];
        let mut removed = 0;
        let mut s = head;
        loop {
            self.cells[usize::from(s)].stone = EMPTY;
            self.hash ^= keys[usize::from(s)];
            removed += 1;
            s = self.cells[usize::from(s)].next;
            if s == head {
                break;
            }
        }
        self.stones_on_board[color.index()] -= removed;
        let mut s = head;
        loop {
            // Each emptied point is one new liberty for each distinct chain touching it.
            let mut seen = [0 as Loc; 4];
            let mut seen_count = 0;
            for n in self.neighbour_cells(s) {
                let c = self.cells[usize::from(n)].stone;
                if c == BLACK || c == WHITE {
                    let h = self.cells[usize::from(n)].head;
                    if !seen[..seen_count].contains(&h) {
                        seen[seen_count] = h;
                        seen_count += 1;
                        self.cells[usize::from(h)].liberties += 1;
                    }
                }
            }
            s = self.cells[usize::from(s)].next;
            if s == head {
                break;
            }
        }
        removed
    }

    /// Recomputes every chain, liberty count and the hash from the stones alone and compares them with the
    /// incrementally kept ones. For tests and `debug_assert!`.
    pub fn check_consistency(&self) -> Result<(), String> {
        let mut hash = 0;
        let mut stones = [0u32; 2];
        for loc in self.locs() {
            let l = usize::from(loc);
            let Some(color) = color_of(self.cells[l].stone) else {
                continue;
            };
            hash ^= STONE_KEYS[color.index()][l];
            stones[color.index()] += 1;
            let head = self.cells[l].head;
            if self.cells[usize::from(head)].stone != self.cells[l].stone {
                return Err(format!("{:?}: head of another colour", self.point(loc)));
            }
            if self.cells[usize::from(head)].head != head {
                return Err(format!("{:?}: head is not its own head", self.point(loc)));
            }
            for n in self.neighbour_cells(loc) {
                if self.cells[usize::from(n)].stone == self.cells[l].stone && self.cells[usize::from(n)].head != head {
                    return Err(format!("{:?}: touching stones in different chains", self.point(loc)));
                }
            }
            if head == loc {
                let mut len = 0;
                let mut libs = std::collections::HashSet::new();
                for s in self.chain_stones(loc) {
                    len += 1;
                    if self.cells[usize::from(s)].head != head {
                        return Err(format!("{:?}: ring holds a foreign stone", self.point(loc)));
                    }
                    for n in self.neighbour_cells(s) {
                        if self.cells[usize::from(n)].stone == EMPTY {
                            libs.insert(n);
                        }
                    }
                }
                if len != self.cells[l].chain_len {
                    return Err(format!(
                        "{:?}: chain length {} kept as {}",
                        self.point(loc),
                        len,
                        self.cells[l].chain_len
                    ));
                }
                if libs.len() != usize::from(self.cells[l].liberties) {
                    return Err(format!(
                        "{:?}: {} liberties kept as {}",
                        self.point(loc),
                        libs.len(),
                        self.cells[l].liberties
                    ));
                }
            }
        }
        if hash != self.hash {
            return Err("hash differs from the stones".into());
        }
        if stones != self.stones_on_board {
            return Err("stone counts differ".into());
        }
        Ok(())
    }

    /// Builds a board from a diagram: one row per line, top row first; `X`/`x`/`#` Black, `O`/`o`/`@` White,
    /// `.`/`+`/`,` empty; spaces ignored. Panics on a malformed diagram (it is for tests and fixtures).
    pub fn from_diagram(diagram: &str) -> Board {
        let rows: Vec<Vec<u8>> = diagram
            .lines()
            .map(|line| line.bytes().filter(|b| !b.is_ascii_whitespace()).collect::<Vec<u8>>())
            .filter(|row| !row.is_empty())
            .collect();
        let height = rows.len() as u8;
        let width = rows[0].len() as u8;
        let mut board = Board::new(width, height);
        for (y, row) in rows.iter().enumerate() {
            assert_eq!(row.len(), usize::from(width), "ragged diagram row {y}");
            for (x, &c) in row.iter().enumerate() {
                let color = match c {
                    b'X' | b'x' | b'#' => Some(Color::Black),
                    b'O' | b'o' | b'@' => Some(Color::White),
                    b'.' | b'+' | b',' => None,
                    other => panic!("unknown diagram character {:?}", other as char),
                };
                if let Some(color) = color {
                    let loc = board.loc(Point::new(x as u8, y as u8));
                    board.place_setup(loc, color);
                }
            }
        }
        board
    }

    /// The position as a diagram in the format [`Board::from_diagram`] reads (`X`, `O`, `.`, space-separated).
    pub fn to_diagram(&self) -> String {
        let mut out = String::new();
        for y in 0..self.height {
            for x in 0..self.width {
                if x > 0 {
                    out.push(' ');
                }
                out.push(match self.get(Point::new(x, y)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                });
            }
            out.push('\n');
        }
        out
    }
}

/// Iterator over the stones of one chain (its ring).
pub struct ChainStones<'a> {
    board: &'a Board,
    start: Loc,
    current: Option<Loc>,
}

impl Iterator for ChainStones<'_> {
    type Item = Loc;

    fn next(&mut self) -> Option<Loc> {
        let current = self.current?;
        let next = self.board.cells[usize::from(current)].next;
        self.current = (next != self.start).then_some(next);
        Some(current)
    }
}

#[cfg(test)]
mod mark_tests {
    use super::*;

    #[test]
    fn liberty_counts_stay_right_when_the_mark_generation_wraps() {
        // Two chains joined by the stone at the centre: the merge counts liberties with marks.
        let mut board = Board::from_diagram(
            "
            . . . . .
            . X . X .
            . . . . .
            ",
        );
        board.mark_generation = u16::MAX;
        // A mark left from before the wrap must not count as a mark of the new generation.
        let centre = board.loc(Point::new(2, 1));
        let above = usize::from(board.loc(Point::new(2, 0)));
        board.cells[above].mark = 1;
        board.place(centre, Color::Black);
        assert_eq!(board.mark_generation, 1);
        assert_eq!(board.chain_liberties(centre), 8);
        board.check_consistency().unwrap();
    }
}

#[cfg(test)]
mod clone_tests {
    use super::*;

    #[test]
    fn a_board_copied_onto_one_of_another_size_is_the_same_board() {
        let small = Board::from_diagram(
            "
            . X O
            X O .
            . . .
            ",
        );
        let mut large = Board::from_diagram(
            "
            . . . . .
            . X . . .
            . . O . .
            . . . . .
            . . . . .
            ",
        );
        let large_copy = large.clone();
        let mut scratch = large.clone();
        scratch.clone_from(&small);
        assert_eq!((scratch.width(), scratch.height(), scratch.hash()), (3, 3, small.hash()));
        assert_eq!(scratch.to_diagram(), small.to_diagram());
        scratch.check_consistency().unwrap();
        // Played on, the copy behaves as the original does, and the original is untouched.
        let mut original = small.clone();
        let at = small.loc(Point::new(2, 1));
        assert_eq!(scratch.place(at, Color::Black).captured, original.place(at, Color::Black).captured);
        assert_eq!(scratch.to_diagram(), original.to_diagram());
        assert_ne!(scratch.to_diagram(), small.to_diagram());
        // And back to the larger size.
        scratch.clone_from(&large_copy);
        large.place(large.loc(Point::new(0, 0)), Color::White);
        assert_eq!(scratch.to_diagram(), large_copy.to_diagram());
        assert_eq!(scratch.hash(), large_copy.hash());
        scratch.check_consistency().unwrap();
    }
}
