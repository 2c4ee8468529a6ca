//! Which empty points and dead stones are whose territory under territory counting, which groups are in seki, and
//! which points area counting gives to whom. Works on a [`Grid`] whose dead stones are already marked; knows
//! nothing of prisoners, komi or rulesets.
//!
//! The method follows the published design of lightvector/goscorer (MIT; the scorer OGS uses), rewritten here from
//! its description so that gotool agrees with it on finished games, dame left open included:
//!
//! 1. **Connection blocks.** Small shapes of one colour's living stones (a one-point gap between two stones, a
//!    tiger's mouth, a gap on the first line, …) mark the empty point in their middle as *blocked* for the other
//!    colour: the opponent may step onto it but no further. This is what lets an unfilled dame in a wall count as
//!    a closed border.
//! 2. **Reach.** Each colour floods from its living stones through empty points and dead stones, stopping at the
//!    other colour's living stones: once *strictly* (ignoring blocks) and once stopping on the opponent's blocks.
//! 3. **Regions.** Points only one colour reaches (with blocks), joined across shared (dame) points, form that
//!    colour's regions: its living stones together with the space they enclose. Points both reach are dame.
//! 4. **Macrochains.** Living chains of one colour joined through dame points that are not blocked for them.
//! 5. **Eyes.** Connected empty/dead points inside one region, with the macrochains that border each.
//! 6. **False eyes.** An eye point touching its eye on at most one side is false when the macrochain beside it
//!    cannot get round it, through other eyes and macrochains, to all its other sides.
//! 7. **Eye values** (0, 1 or 2) from how many moves would close each point off, bottlenecks that split the eye into
//!    pieces, the number of dead stones inside, and the size and shape of the space.
//! 8. **Unscorable false eyes.** The false-eye test again, now allowing an escape into any eye worth something:
//!    points that fail must eventually be filled, so they are not territory.
//! 9. **Seki.** A region whose eyes are worth at most one eye in total is in seki: none of its points are
//!    territory. A point is territory for its region's colour when it is empty or holds a dead stone, its region
//!    is not in seki, it is not an unscorable false eye (nor beside a dead throw-in on one), its whole empty or
//!    dead chain lies in the region, and the opponent cannot strictly reach it (the border is sealed).
//!
//! Area counting uses strict reach alone: a point is a colour's area when that colour reaches it and the other does
//! not, so seki eyes and false eyes are area, while dame and unsealed space belong to nobody.
//!
//! # How it is computed
//!
//! Scoring runs once per game of a batch, so the steps above are computed in ways that give the same answers
//! quickly; each function says why its way is equivalent. Point sets are [`PointSet`]s (a 64-bit word per row), so
//! floods, neighbour counts and set algebra work on whole rows. Connected pieces come from [`Labeller`] (runs of
//! a row joined with the runs they touch). Connection blocks are only looked for where both colours reach, the
//! only places they change anything. Regions are found by joining eyes with the macrochains around them. The
//! false-eye test is answered from the biconnected blocks of the graph of macrochains and eyes (first pass) or
//! from a union-find over that graph without the tested eye (second pass), not by searching it from each point.
//! Eye values are worked out only when a seki test or the second pass asks for them.

use super::grid::{Grid, Idx, Labeller, Pieces, Slot, bytes_from_planes};
use gotool_go::Color;
use gotool_go::PointSet;
use gotool_go::points::{MAX_ROWS, neighbour_counts};
use std::ops::Range;
use std::sync::OnceLock;

const COLORS: [Color; 2] = [Color::Black, Color::White];

/// What the analysis found, as sets of points; the pairs are by colour (index [`Color::index`]).
pub(crate) struct Analysis {
    /// Territory under territory counting, including points under dead stones.
    pub territory: [PointSet; 2],
    /// Area under area counting (strict reach): the points only that colour reaches, living stones included.
    pub area: [PointSet; 2],
    /// Points (stones and space) of regions judged to be in seki, by the region's colour.
    pub seki: [PointSet; 2],
    /// Empty or dead points that must eventually be filled (false eyes, points beside dead throw-ins in them).
    pub unscorable: PointSet,
    /// Empty or dead points of a region that the opponent can still reach through an open border.
    pub unsealed: PointSet,
    /// Empty points in no region that neither colour alone reaches.
    pub neutral: PointSet,
    /// Living stones of regions in seki.
    pub seki_stones: PointSet,
}

/// One colour's living stones in a shape that closes the point `*` to the other colour. Cells: `P` a living stone
/// of the blocking colour, `o` empty or a living blocker stone or a dead opposing stone, `*` the (empty) blocked
/// point, `?` anything on the board, and a row of `#` lying just off the board. Each shape is tried in all eight
/// orientations.
const BLOCK_SHAPES: [&[&str]; 6] = [
    // Two stones on either side of the point, with a third diagonal to it.
    &["PP", "*o", "Po"],
    // A one-point gap between two stones, open on both sides.
    &["oP?", "o*o", "oP?"],
    // A tiger's mouth seen from inside: one stone beside the point, two diagonally behind it.
    &["Poo", "o*P", "Poo"],
    // A one-point gap on the first line.
    &["?o?", "P*P", "###"],
    // The first-line point under a second-line stone with its neighbour on the first line.
    &["PP", "*o", "##"],
    // A second-line gap point above the edge, with the first line open.
    &["oP?", "o*o", "###"],
];

/// Row and column steps of the eight orientations: each pair of perpendicular unit vectors.
const ORIENTATIONS: [((isize, isize), (isize, isize)); 8] = [
    ((0, 1), (1, 0)),
    ((0, 1), (-1, 0)),
    ((0, -1), (1, 0)),
    ((0, -1), (-1, 0)),
    ((1, 0), (0, 1)),
    ((1, 0), (0, -1)),
    ((-1, 0), (0, 1)),
    ((-1, 0), (0, -1)),
];

/// The line an edge shape's first cell must lie on (see [`connection_blocks`]); `…FromEnd(r)` is `size - r`.
#[derive(Clone, Copy)]
enum EdgeLine {
    Any,
    Row(isize),
    RowFromEnd(isize),
    Column(isize),
    ColumnFromEnd(isize),
}

/// The bit of cell `(dx, dy)` (each -1, 0 or 1) of the 3×3 window around a point (see [`PointSet::window`]).
fn window_bit(dx: isize, dy: isize) -> u16 {
    1 << ((dy + 1) * 3 + dx + 1)
}

/// The window bits of a point's four neighbours.
const NEIGHBOUR_BITS: u16 = 0b010_101_010;

/// One of [`BLOCK_SHAPES`] in one orientation, as bits of the 3×3 window around its blocked point `*` (every
/// shape fits in it): it is tried at a point by testing the point's windows of stones against these masks.
struct Template {
    /// Cells that must hold a living blocker stone (`P`).
    stones: u16,
    /// Cells that must be empty, a living blocker stone or a dead opposing stone (`o`).
    open: u16,
    /// Cells that must lie on the board (all of them, `?` included).
    on_board: u16,
    /// Offset of the shape's first cell from `*`, which [`Template::line`] constrains for edge shapes.
    anchor: (isize, isize),
    line: EdgeLine,
}

struct Templates {
    list: Vec<Template>,
    /// For each set of neighbours holding a blocker stone (as 4 bits: up, left, right, down), the templates
    /// that need no other neighbour to hold one: every shape has one beside `*`, so most are never tried.
    by_neighbours: [Vec<usize>; 16],
}

/// The 4-bit form (up, left, right, down) of the neighbour bits of a window.
fn neighbour_nibble(window: u16) -> usize {
    usize::from((window >> 1 & 1) | (window >> 2 & 2) | (window >> 3 & 4) | (window >> 4 & 8))
}

/// The templates of every shape in every orientation, built once.
fn templates() -> &'static Templates {
    static TEMPLATES: OnceLock<Templates> = OnceLock::new();
    TEMPLATES.get_or_init(|| {
        let mut list = Vec::new();
        for &(row_step, col_step) in &ORIENTATIONS {
            for shape in BLOCK_SHAPES {
                let edge = shape[shape.len() - 1].starts_with('#');
                let rows = if edge { shape.len() - 1 } else { shape.len() };
                // Edge shapes are tried along one line only, the one goscorer uses: for shapes running up or down
                // the board, the line that puts the `#` row just off the board; for shapes running sideways, the
                // line is chosen by the direction of the shape's columns. In two of the four sideways orientations
                // that places the shape one shape-length in from the side, with its `#` row on the board and
                // unchecked. gotool keeps this so that its territory agrees with goscorer's point for point.
                let r = rows as isize;
                let line = match (edge, row_step.1, col_step.1) {
                    (false, _, _) => EdgeLine::Any,
                    (true, -1, _) => EdgeLine::Row(r - 1),
                    (true, 1, _) => EdgeLine::RowFromEnd(r),
                    (true, _, -1) => EdgeLine::Column(r - 1),
                    (true, _, _) => EdgeLine::ColumnFromEnd(r),
                };
                let cells: Vec<((isize, isize), u8)> = shape[..rows]
                    .iter()
                    .enumerate()
                    .flat_map(|(r, row)| {
                        row.bytes().enumerate().map(move |(c, want)| {
                            let (r, c) = (r as isize, c as isize);
                            ((r * row_step.0 + c * col_step.0, r * row_step.1 + c * col_step.1), want)
                        })
                    })
                    .collect();
                let star = cells.iter().find(|(_, want)| *want == b'*').expect("every shape has a blocked point").0;
                let bit = |(dx, dy): (isize, isize)| {
                    let (dx, dy) = (dx - star.0, dy - star.1);
                    assert!(dx.abs() <= 1 && dy.abs() <= 1, "a shape reaches beyond its blocked point's window");
                    window_bit(dx, dy)
                };
                let mask = |kinds: &[u8]| {
                    cells.iter().filter(|(_, want)| kinds.contains(want)).fold(0, |m, &(d, _)| m | bit(d))
                };
                list.push(Template {
                    stones: mask(b"P"),
                    open: mask(b"o"),
                    on_board: mask(b"Po*?"),
                    anchor: (-star.0, -star.1),
                    line,
                });
            }
        }
        let by_neighbours = std::array::from_fn(|have| {
            (0..list.len()).filter(|&k| neighbour_nibble(list[k].stones) & !have == 0).collect()
        });
        Templates { list, by_neighbours }
    })
}

impl Template {
    /// Whether the shape, in this orientation, closes the point `(x, y)` given the windows around it of the
    /// blocker's living stones, of the points open to it (`o`), and of the board.
    fn fits(&self, [stones, open, board]: [u16; 3], x: usize, y: usize, grid: &Grid) -> bool {
        let (width, height) = (grid.width as isize, grid.height as isize);
        let (ax, ay) = (x as isize + self.anchor.0, y as isize + self.anchor.1);
        let on_line = match self.line {
            EdgeLine::Any => true,
            EdgeLine::Row(r) => ay == r,
            EdgeLine::RowFromEnd(r) => ay == height - r,
            EdgeLine::Column(c) => ax == c,
            EdgeLine::ColumnFromEnd(c) => ax == width - c,
        };
        stones & self.stones == self.stones
            && open & self.open == self.open
            && board & self.on_board == self.on_board
            && on_line
    }
}

/// The empty points each colour's shapes close to the other colour (index [`Color::index`]), among `candidates`.
/// When both colours close a point, White's shapes win (goscorer applies them after Black's).
pub(crate) fn connection_blocks(grid: &Grid, candidates: &PointSet) -> [PointSet; 2] {
    let templates = templates();
    let mut blocked_by = [grid.no_points(); 2];
    let board = grid.all_points();
    let open_to = |pla: Color| grid.empty | grid.living[pla.index()] | grid.dead_stones[pla.opponent().index()];
    let open = [open_to(Color::Black), open_to(Color::White)];
    for (x, y) in (grid.empty & *candidates).points() {
        for pla in [Color::White, Color::Black] {
            let stones = grid.living[pla.index()].window(x, y);
            if stones & NEIGHBOUR_BITS == 0 {
                continue;
            }
            let windows = [stones, open[pla.index()].window(x, y), board.window(x, y)];
            let candidates = &templates.by_neighbours[neighbour_nibble(stones)];
            if candidates.iter().any(|&k| templates.list[k].fits(windows, x, y, grid)) {
                blocked_by[pla.index()].insert(x, y);
                break;
            }
        }
    }
    blocked_by
}

/// Strict reach (step 2) of each colour from the stones `from` (its living stones, or for a count without dead
/// stones all of them): a flood that enters anything but the other colour's stones of `from` and never stops.
pub(crate) fn strict_reach(grid: &Grid, from: &[PointSet; 2]) -> [PointSet; 2] {
    let (all, none) = (grid.all_points(), grid.no_points());
    let [black, white] = *from;
    [PointSet::spread(&black, &(all - white), &none), PointSet::spread(&white, &(all - black), &none)]
}

struct Eye {
    color: Color,
    region: usize,
    /// The eye's points: a range of [`Work::eye_points`].
    points: Range<usize>,
    /// The macrochains bordering it: a range of [`Work::sides`].
    sides: Range<usize>,
}

/// A macrochain bordering an eye: an edge of the graph of macrochains and eyes.
struct Side {
    eye: usize,
    chain: usize,
    /// How many of the eye's points lie next to the macrochain.
    points: usize,
    /// The biconnected block of the graph the side lies in (see [`Work::side_blocks`]).
    block: usize,
}

/// Whether a side of an eye touches the rest of the eye (all of it but the tested point `q`): it has other
/// points than `q`, or its macrochain is not beside `q` (`near`, as in [`Work::false_eye_points`]).
fn touches_rest(side: &Side, near: &[Option<usize>; 4]) -> bool {
    side.points > 1 || !near.contains(&Some(side.chain))
}

/// Eyes, sides and macrochain-to-side links live in flat arrays indexed by ranges, built once per analysis.
struct Work<'g> {
    grid: &'g Grid<'g>,
    labeller: Labeller,
    /// The points each colour's connection shapes close to the other colour (index [`Color::index`]).
    blocked_by: [PointSet; 2],
    strict: [PointSet; 2],
    /// For each point, bit `1 << color.index()` set when it lies in a region of that colour.
    zone: Vec<u8>,
    /// The points of each colour's regions.
    in_region: [PointSet; 2],
    /// Empty points and dead stones whose whole chain (same colour, same deadness) lies in a single region.
    whole_chain: PointSet,
    /// Empty points and dead stones of regions: the points of the eyes.
    eye_space: PointSet,
    /// The eye points the false-eye test looks at, eye by eye: those with at most one neighbour in their eye
    /// (any other is always real), and a living stone of the eye's colour beside them to try to get round them.
    tested: Vec<Idx>,
    /// Each colour's macrochains, numbered from `macro_base[color]`: for the colour's living stones and the
    /// dame points its macrochains walk through, which one (counted from the base).
    macro_at: [Vec<Slot>; 2],
    macro_base: [usize; 2],
    macro_count: usize,
    /// The dame each colour's macrochains may walk through.
    walked: [PointSet; 2],
    /// Which macrochains hold living stones (the others are stretches of dame alone).
    has_stones: Vec<bool>,
    /// The region of each macrochain (`0..macro_count`) and of each eye (`macro_count..`): see
    /// [`Work::regions`].
    region_of: Vec<usize>,
    /// The sides of macrochain `m`: `macro_sides[macro_sides_start[m]..macro_sides_start[m + 1]]`.
    macro_sides_start: Vec<usize>,
    macro_sides: Vec<usize>,
    eye_of: Vec<Slot>,
    eyes: Vec<Eye>,
    eye_points: Vec<Idx>,
    sides: Vec<Side>,
}

/// Bits of [`Work::eye_point_features`]: what the eye-value rules ask about a real eye point.
/// No move needed to close the point off (moves to block 0).
const BLOCKED: u8 = 1;
/// At most one move needed (moves to block 0 or 1).
const BLOCKED_IN_ONE: u8 = 2;
/// At least 2, 3, 4 real neighbours.
const EYE_NEIGHBOURS_2: u8 = 4;
const EYE_NEIGHBOURS_3: u8 = 8;
const EYE_NEIGHBOURS_4: u8 = 16;
/// At least 2 empty real neighbours.
const EMPTY_EYE_NEIGHBOURS_2: u8 = 32;
/// Exactly one neighbour that is an opposing stone on a false point.
const ONE_FALSE_THROW_IN: u8 = 64;

thread_local! {
    /// The labeller's buffers, kept from position to position on a thread.
    static LABELLER: std::cell::Cell<Labeller> = std::cell::Cell::new(Labeller::default());
}

/// Runs the whole analysis on a grid with its dead stones marked.
pub(crate) fn analyse(grid: &Grid) -> Analysis {
    let none = grid.no_points();
    if grid.living == [none; 2] {
        // No living stone: neither colour reaches anything, so there are no regions, eyes or seki, and every
        // empty point is neutral. (A game of passes alone ends so; a file can hold thousands of them.)
        return Analysis {
            territory: [none; 2],
            area: [none; 2],
            seki: [none; 2],
            unscorable: none,
            unsealed: none,
            neutral: grid.empty,
            seki_stones: none,
        };
    }
    let n = grid.len();
    let strict = strict_reach(grid, &grid.living);
    // A block matters only where the other colour's flood can arrive, and a colour's shapes only close points
    // next to its stones, which it reaches: so only points both colours reach need testing.
    let blocked_by = connection_blocks(grid, &(strict[0] & strict[1]));
    // Loose reach (step 2): the flood also stops on the points the other colour has blocked.
    let all = grid.all_points();
    let [black, white] = grid.living;
    let loose = [
        PointSet::spread(&black, &(all - white), &blocked_by[Color::White.index()]),
        PointSet::spread(&white, &(all - black), &blocked_by[Color::Black.index()]),
    ];
    let labeller = LABELLER.take();
    let in_region = [loose[0] - loose[1], loose[1] - loose[0]];
    let zone = grid.bytes(&in_region);
    let whole_chain = whole_chains(grid, &in_region);
    let mut work = Work {
        grid,
        labeller,
        blocked_by,
        strict,
        zone,
        in_region,
        whole_chain,
        eye_space: grid.open() & (in_region[0] | in_region[1]),
        tested: Vec::new(),
        macro_at: [vec![Slot::NONE; n], vec![Slot::NONE; n]],
        macro_base: [0; 2],
        walked: [grid.no_points(); 2],
        has_stones: Vec::with_capacity(n),
        region_of: Vec::new(),
        macro_count: 0,
        macro_sides_start: Vec::new(),
        macro_sides: Vec::new(),
        eye_of: vec![Slot::NONE; n],
        eyes: Vec::new(),
        eye_points: Vec::new(),
        sides: Vec::new(),
    };
    work.macrochains();
    work.potential_eyes();
    work.regions();
    work.side_blocks();

    let mut got_round = vec![0u8; n];
    let (false_eye, false_points) = work.false_eye_points(&work.tested, None, &mut got_round);
    let any_false = false_points != none;
    let mut values = work.eye_values(false_eye, false_points);
    // The second pass can only find points the first found false (success without eye values is success with
    // them), so it tests only those; without any, it finds nothing. Either way eyes are valued only when a test
    // asks (the second pass, then the seki test), not all at once.
    let unscorable_false_eye = if any_false {
        let first_false: Vec<Idx> = work.tested.iter().copied().filter(|&q| values.is_false[q]).collect();
        work.false_eye_points(&first_false, Some(&mut values), &mut got_round).1
    } else {
        none
    };
    let in_seki = work.seki_regions(&mut values);
    let analysis = work.finish(&in_seki, &unscorable_false_eye);
    LABELLER.set(work.labeller);
    analysis
}

/// Empty points and dead stones whose chain (empty points, or dead stones of one colour, 4-connected) lies
/// wholly in regions. Such a chain lies in a single region: two neighbouring points of regions of different
/// colours would both be reached by the first colour, and two of one colour are in one of its pieces.
fn whole_chains(grid: &Grid, in_region: &[PointSet; 2]) -> PointSet {
    let regions = in_region[0] | in_region[1];
    let none = grid.no_points();
    let mut out = none;
    for class in [grid.empty, grid.dead_stones[0], grid.dead_stones[1]] {
        let broken = PointSet::spread(&(class - regions), &class, &none);
        out = out | (class - broken);
    }
    out
}

/// The eye values and what they are worked out from (see [`Work::eye_values`]).
struct EyeValues {
    /// Eye points that are not first-pass false eyes.
    real: Vec<bool>,
    /// [`Work::eye_point_features`].
    features: Vec<u8>,
    /// The first-pass false-eye points.
    is_false: Vec<bool>,
    /// Each eye's value, once worked out.
    value: Vec<Option<u8>>,
    // Scratch for the splits of an eye.
    pieces: Pieces,
    member: Vec<bool>,
    in_shape: Vec<bool>,
    pts: Vec<Idx>,
}

/// Macrochains joined through all eyes but one, for [`Work::gets_round`]: `root[m]` names the group of `m`. Reused
/// from eye to eye.
struct Around {
    parent: Vec<usize>,
    root: Vec<usize>,
    /// The other eyes beside group `r` (by the macrochain of their first side):
    /// `group_eyes[group_start[r]..group_start[r + 1]]`.
    group_start: Vec<usize>,
    group_eyes: Vec<usize>,
    /// Whether group `r` borders an eye worth something, once asked (see [`Work::valued`]).
    valued: Vec<Option<bool>>,
}

impl Work<'_> {
    fn points(&self, eye: &Eye) -> &[Idx] {
        &self.eye_points[eye.points.clone()]
    }

    fn sides_of(&self, eye: &Eye) -> &[Side] {
        &self.sides[eye.sides.clone()]
    }

    /// The macrochain of `s` when it is a living stone of `color`. (Next to a point of a region of `color`, such
    /// a stone lies in the same region.)
    fn chain_in(&self, s: Idx, color: Color) -> Option<usize> {
        let c = color.index();
        if self.grid.is_living(s, color) { self.macro_at[c][s].get().map(|m| self.macro_base[c] + m) } else { None }
    }

    /// Whether `p` lies in a region of `color`.
    fn in_region_of(&self, p: Idx, color: Color) -> bool {
        self.zone[p] & 1 << color.index() != 0
    }

    /// Macrochains (step 4): living chains of one colour joined through dame points (points in no region that
    /// hold no living stone) not blocked for them. Numbered by colour, then by first point; some numbers go to
    /// pieces of dame without stones, which border nothing.
    fn macrochains(&mut self) {
        let grid = self.grid;
        let all_living = grid.living[0] | grid.living[1];
        let dame = grid.all_points() - all_living - self.in_region[0] - self.in_region[1];
        for pla in COLORS {
            let c = pla.index();
            self.walked[c] = dame - self.blocked_by[pla.opponent().index()];
            let walk = grid.living[c] | self.walked[c];
            let count = self.labeller.label(&walk, grid.width, &mut self.macro_at[c], &grid.living[c]);
            self.has_stones.extend_from_slice(&self.labeller.marked);
            self.macro_base[c] = self.macro_count;
            self.macro_count += count;
        }
    }

    /// Potential eyes (step 5): connected empty/dead points of one region, and the macrochains beside them.
    /// (Neighbouring empty/dead points of regions of the same colour are in the same region, and of different
    /// colours there are none: see [`whole_chains`].)
    fn potential_eyes(&mut self) {
        let grid = self.grid;
        let eye_space = self.eye_space;
        let count = self.labeller.label(&eye_space, grid.width, &mut self.eye_of, &eye_space);
        // (Neighbouring eye points are in one eye.)
        let [_, two_inside] = eye_space.neighbour_counts();
        let beside = |pla: Color| eye_space & self.in_region[pla.index()] & grid.living[pla.index()].next_to();
        // Eye points with a living stone of their colour beside them, by colour: the only ones with sides.
        let beside = COLORS.map(beside);
        let tested = grid.flags(&((beside[0] | beside[1]) - two_inside));
        // For each of those points, which neighbours hold such a stone: bits 1, 2, 4 and 8 for up, left, right
        // and down (the order of `Grid::neighbours`).
        // Worked out on whole rows: a point's neighbour above is in the row above, and so on.
        let mut stone_sides = vec![0u8; grid.len()];
        for (y, line) in stone_sides.chunks_exact_mut(grid.width).enumerate() {
            let mut sides = [0u64; 4];
            for (beside, living) in beside.iter().zip(&grid.living) {
                let points = beside.row(y);
                // (Rows are counted with the empty rows around the board: see `PointSet::padded_row`.)
                sides[0] |= points & living.padded_row(y);
                sides[1] |= points & living.row(y) << 1;
                sides[2] |= points & living.row(y) >> 1;
                sides[3] |= points & living.padded_row(y + 2);
            }
            bytes_from_planes(&sides, line);
        }
        let start = self.labeller.members(grid.width, &mut self.eye_points);
        self.eyes.reserve(count);
        self.tested.reserve(self.eye_points.len());
        self.sides.reserve(self.eye_points.len());

        // While an eye's sides are built: the index in `sides` of each macrochain's side, and the point that
        // last counted towards it (a point next to two stones of one macrochain counts once).
        let mut side_at: Vec<Option<usize>> = vec![None; self.macro_count];
        let mut counted: Vec<Option<Idx>> = vec![None; self.macro_count];
        for id in 0..count {
            let points = start[id]..start[id + 1];
            let first = self.eye_points[points.start];
            let color = if self.in_region_of(first, Color::Black) { Color::Black } else { Color::White };
            let first_side = self.sides.len();
            let c = color.index();
            for &p in &self.eye_points[points.clone()] {
                let stones = stone_sides[p];
                if stones == 0 {
                    continue;
                }
                if tested[p] {
                    self.tested.push(p);
                }
                let width = grid.width;
                for (bit, q) in [(1, p.wrapping_sub(width)), (2, p.wrapping_sub(1)), (4, p + 1), (8, p + width)] {
                    if stones & bit == 0 {
                        continue;
                    }
                    let m = self.macro_base[c] + self.macro_at[c][q].get().expect("a living stone is in a macrochain");
                    if counted[m] == Some(p) {
                        continue;
                    }
                    counted[m] = Some(p);
                    match side_at[m] {
                        Some(s) => self.sides[s].points += 1,
                        None => {
                            side_at[m] = Some(self.sides.len());
                            self.sides.push(Side { eye: id, chain: m, points: 1, block: 0 });
                        }
                    }
                }
            }
            for side in &self.sides[first_side..] {
                side_at[side.chain] = None;
                counted[side.chain] = None;
            }
            let sides = first_side..self.sides.len();
            self.eyes.push(Eye { color, region: 0, points, sides });
        }

        // Each macrochain's sides, as one flat list.
        let mut start = vec![0usize; self.macro_count + 1];
        for side in &self.sides {
            start[side.chain + 1] += 1;
        }
        for m in 0..self.macro_count {
            start[m + 1] += start[m];
        }
        let mut fill = start.clone();
        self.macro_sides = vec![0; self.sides.len()];
        for (s, side) in self.sides.iter().enumerate() {
            self.macro_sides[fill[side.chain]] = s;
            fill[side.chain] += 1;
        }
        self.macro_sides_start = start;
    }

    /// Regions (step 3): a colour's region is a piece of the points its loose flood steps out of (its living
    /// stones, and the points it reaches that are not blocked for it), less the points the other colour also
    /// reaches. Each such piece is made of the colour's macrochains (its stones and the dame they walk through)
    /// and its eyes, joined where an eye point touches a macrochain: an eye point next to dame touches dame that
    /// the colour has blocked, which lies next to its stones. So regions are found by joining each eye with the
    /// macrochains around it (union-find over macrochains, then eyes); `region_of` names each by a root.
    fn regions(&mut self) {
        let grid = self.grid;
        let mut parent: Vec<usize> = (0..self.macro_count + self.eyes.len()).collect();
        fn find(parent: &mut [usize], mut a: usize) -> usize {
            while parent[a] != a {
                parent[a] = parent[parent[a]];
                a = parent[a];
            }
            a
        }
        // Eyes touch macrochains through their stones (the sides) and through the dame they walk.
        for side in &self.sides {
            let (a, b) = (find(&mut parent, side.chain), find(&mut parent, self.macro_count + side.eye));
            parent[a] = b;
        }
        for pla in COLORS {
            let c = pla.index();
            let touching = self.eye_space & self.in_region[c] & self.walked[c].next_to();
            for (x, y) in touching.points() {
                let p = y * grid.width + x;
                let e = self.eye_of[p].get().expect("an eye point");
                for q in grid.neighbours(p) {
                    if let Some(m) = self.macro_at[c][q].get() {
                        let (a, b) =
                            (find(&mut parent, self.macro_base[c] + m), find(&mut parent, self.macro_count + e));
                        parent[a] = b;
                    }
                }
            }
        }
        self.region_of = (0..parent.len()).map(|v| find(&mut parent, v)).collect();
        for (e, eye) in self.eyes.iter_mut().enumerate() {
            eye.region = self.region_of[self.macro_count + e];
        }
    }

    /// The `k`th edge (side) of vertex `v` of the graph of macrochains (vertices `0..macro_count`) and eyes
    /// (`macro_count..`), and the vertex at its other end.
    fn incident(&self, v: usize, k: usize) -> Option<(usize, usize)> {
        if v < self.macro_count {
            let s = *self.macro_sides[self.macro_sides_start[v]..self.macro_sides_start[v + 1]].get(k)?;
            Some((s, self.macro_count + self.sides[s].eye))
        } else {
            let sides = self.eyes[v - self.macro_count].sides.clone();
            let s = sides.start + k;
            (s < sides.end).then(|| (s, self.sides[s].chain))
        }
    }

    /// Splits the sides into the biconnected blocks of the graph of macrochains and eyes (Tarjan's algorithm,
    /// with an explicit stack). Two sides of one eye share a block exactly when their macrochains reach each other
    /// through other eyes, which is what the false-eye test asks again and again.
    fn side_blocks(&mut self) {
        let count = self.macro_count + self.eyes.len();
        let mut order = vec![0usize; count]; // discovery time, 0 = not reached yet
        let mut low = vec![0usize; count];
        let mut time = 0;
        let mut block = vec![0usize; self.sides.len()];
        let mut blocks = 0;
        // (vertex, side it was reached by, next side to try)
        let mut frames: Vec<(usize, usize, usize)> = Vec::with_capacity(count);
        let mut edges: Vec<usize> = Vec::with_capacity(self.sides.len());
        // Every side has an eye at one end, so starting from the eyes covers them all.
        for root in self.macro_count..count {
            if order[root] != 0 {
                continue;
            }
            time += 1;
            order[root] = time;
            low[root] = time;
            frames.push((root, usize::MAX, 0));
            while let Some(frame) = frames.last_mut() {
                let (v, via) = (frame.0, frame.1);
                if let Some((s, w)) = self.incident(v, frame.2) {
                    frame.2 += 1;
                    if s == via {
                        continue;
                    }
                    if order[w] == 0 {
                        edges.push(s);
                        time += 1;
                        order[w] = time;
                        low[w] = time;
                        frames.push((w, s, 0));
                    } else if order[w] < order[v] {
                        // A side back to an ancestor, taken once (from below).
                        edges.push(s);
                        low[v] = low[v].min(order[w]);
                    }
                } else {
                    frames.pop();
                    if let Some(&(u, _, _)) = frames.last() {
                        low[u] = low[u].min(low[v]);
                        if low[v] >= order[u] {
                            // Nothing below v reaches above u: the sides since (u, v) form a block.
                            while let Some(s) = edges.pop() {
                                block[s] = blocks;
                                if s == via {
                                    break;
                                }
                            }
                            blocks += 1;
                        }
                    }
                }
            }
        }
        for (side, b) in self.sides.iter_mut().zip(block) {
            side.block = b;
        }
    }

    /// False-eye points (steps 6 and 8). Without eye values (`None`) this finds the points that do not help a
    /// group live; with the eye values (worked out as the test asks for them) it finds the points that must be
    /// filled eventually.
    ///
    /// Each macrochain beside an eye point `q` (in its region) tries to get round it; `q` is false when one
    /// fails. Bit `k` of `got_round[q]` records that the macrochain of q's `k`th neighbour got round without
    /// the help of eye values. That stays true whatever the values (they only add ways to succeed), so the
    /// second pass skips what the first found.
    /// Tests the points of `tested` (a part of [`Work::tested`], in its order) and returns the false ones as
    /// flags and as a set.
    fn false_eye_points(
        &self,
        tested: &[Idx],
        mut eye_values: Option<&mut EyeValues>,
        got_round: &mut [u8],
    ) -> (Vec<bool>, PointSet) {
        let grid = self.grid;
        // Eye values all 0 ask the same as none at all: the first pass's test. (Eyes are valued in turn until
        // one is worth something.)
        let without_values = match eye_values.as_deref_mut() {
            Some(values) => (0..self.eyes.len()).all(|e| self.eye_value(e, values) == 0),
            None => true,
        };
        let mut is_false = vec![false; grid.len()];
        let mut around = Around {
            parent: Vec::new(),
            root: Vec::new(),
            group_start: Vec::new(),
            group_eyes: Vec::new(),
            valued: Vec::new(),
        };
        let mut joined = None;
        // Whether the sides of the last eye seen all lie in one block (the tested points come eye by eye).
        let mut one_block = None;
        for &q in tested {
            let e = self.eye_of[q].get().expect("an eye point");
            let eye = &self.eyes[e];
            // The macrochain of each neighbour of q, for neighbours that are living stones of the region.
            let mut near = [None; 4];
            for (k, n) in grid.neighbours(q).enumerate() {
                near[k] = self.chain_in(n, eye.color);
            }
            let sides = self.sides_of(eye);
            let in_one_block = match one_block {
                Some((last, answer)) if last == e => answer,
                _ => {
                    let answer = sides.iter().all(|side| side.block == sides[0].block);
                    one_block = Some((e, answer));
                    answer
                }
            };
            if without_values && in_one_block {
                // One block: the macrochains beside the eye all reach one another through other eyes, so the
                // answer is the same from each (see `gets_round_alone`). Only a neighbour of q in the rest of
                // the eye can be out of reach, when no side touches that rest.
                let rest_reached = sides.iter().any(|side| touches_rest(side, &near));
                let ok = rest_reached
                    || grid.neighbours(q).zip(near).all(|(n, m)| m.is_some() || !self.in_region_of(n, eye.color));
                if ok {
                    got_round[q] = 0b1111;
                } else {
                    is_false[q] = true;
                }
                continue;
            }
            for k in 0..4 {
                let Some(m) = near[k] else { continue };
                // Found false already (one failure is enough), got round before, or tried from a stone before.
                if is_false[q] || got_round[q] & (1 << k) != 0 || near[..k].contains(&Some(m)) {
                    continue;
                }
                let ok = if without_values {
                    self.gets_round_alone(e, m, q, &near)
                } else {
                    let values = eye_values.as_deref_mut().expect("eye values, when not all 0");
                    if joined != Some(e) {
                        self.join_around(e, &mut around);
                        joined = Some(e);
                    }
                    self.gets_round(e, m, q, &near, values, &mut around)
                };
                if !ok {
                    is_false[q] = true;
                } else if without_values {
                    got_round[q] |= 1 << k;
                }
            }
        }
        let mut set = grid.no_points();
        for &q in tested.iter().filter(|&&q| is_false[q]) {
            set.insert(q % grid.width, q / grid.width);
        }
        (is_false, set)
    }

    /// [`Work::gets_round`] without eye values: can macrochain `start`, moving through macrochains and eyes (but
    /// not through `q`), reach every neighbour of eye point `q` in its region? `near` is as in
    /// [`Work::false_eye_points`].
    ///
    /// `q` touches at most one other point of its eye, so the rest of the eye is one piece, which the
    /// macrochains reach together or not at all. A macrochain beside the eye reaches another through other eyes
    /// exactly when their sides on this eye share a block; reaching the rest of the eye joins the blocks of
    /// every side that touches it.
    fn gets_round_alone(&self, e: usize, start: usize, q: Idx, near: &[Option<usize>; 4]) -> bool {
        let sides = self.sides_of(&self.eyes[e]);
        let block_of = |m: usize| sides.iter().find(|side| side.chain == m).expect("beside q, so beside its eye").block;
        self.round_trip(e, block_of(start), q, near, |side| side.block, block_of).0
    }

    /// What [`Work::gets_round_alone`] and [`Work::gets_round`] share, with the macrochains put in groups that
    /// reach one another without `q` (`side_group` for a side of the eye, `chain_group` for a macrochain): does
    /// group `start` reach every neighbour of `q` in its region, and does it reach the rest of the eye?
    fn round_trip(
        &self,
        e: usize,
        start: usize,
        q: Idx,
        near: &[Option<usize>; 4],
        side_group: impl Fn(&Side) -> usize,
        chain_group: impl Fn(usize) -> usize,
    ) -> (bool, bool) {
        let eye = &self.eyes[e];
        let rest = || self.sides_of(eye).iter().filter(|side| touches_rest(side, near));
        let rest_reached = rest().any(|side| side_group(side) == start);
        let reaches = |m: usize| {
            let group = chain_group(m);
            group == start || (rest_reached && rest().any(|side| side_group(side) == group))
        };
        let all_round = self.grid.neighbours(q).zip(near).all(|(n, m)| {
            !self.in_region_of(n, eye.color)
                || match *m {
                    Some(m) => reaches(m),
                    None => self.eye_of[n] == Slot::of(e) && rest_reached,
                }
        });
        (all_round, rest_reached)
    }

    /// Joins the macrochains that reach each other through eyes other than `e` (union-find), and lists the other
    /// eyes beside each group: whether a group reaches an eye worth something is asked only when needed
    /// ([`Work::valued`]), so that eyes nobody asks about are never valued.
    fn join_around(&self, e: usize, around: &mut Around) {
        let Around { parent, root, group_start, group_eyes, valued } = around;
        parent.clear();
        parent.extend(0..self.macro_count);
        fn find(parent: &mut [usize], mut a: usize) -> usize {
            while parent[a] != a {
                parent[a] = parent[parent[a]];
                a = parent[a];
            }
            a
        }
        for (o, other) in self.eyes.iter().enumerate() {
            if o == e {
                continue;
            }
            for pair in self.sides_of(other).windows(2) {
                let (a, b) = (find(parent, pair[0].chain), find(parent, pair[1].chain));
                parent[a] = b;
            }
        }
        root.clear();
        for m in 0..self.macro_count {
            let r = find(parent, m);
            root.push(r);
        }
        // The other eyes with sides, by the group of their first side's macrochain.
        let group_of = |o: usize| self.sides_of(&self.eyes[o]).first().map(|side| root[side.chain]);
        group_start.clear();
        group_start.resize(self.macro_count + 1, 0);
        for o in (0..self.eyes.len()).filter(|&o| o != e) {
            if let Some(r) = group_of(o) {
                group_start[r + 1] += 1;
            }
        }
        for r in 0..self.macro_count {
            group_start[r + 1] += group_start[r];
        }
        group_eyes.clear();
        group_eyes.resize(group_start[self.macro_count], 0);
        // Where each group's next eye goes; `parent` is done with once the roots are known.
        let fill = parent;
        fill.clear();
        fill.extend_from_slice(&group_start[..self.macro_count]);
        for o in (0..self.eyes.len()).filter(|&o| o != e) {
            if let Some(r) = group_of(o) {
                group_eyes[fill[r]] = o;
                fill[r] += 1;
            }
        }
        valued.clear();
        valued.resize(self.macro_count, None);
    }

    /// Whether group `r` of [`Around`] borders an eye (other than the one it was joined around) worth something:
    /// its eyes are valued until one is, and the answer is kept.
    fn valued(&self, r: usize, values: &mut EyeValues, around: &mut Around) -> bool {
        if let Some(answer) = around.valued[r] {
            return answer;
        }
        let answer = around.group_eyes[around.group_start[r]..around.group_start[r + 1]]
            .iter()
            .any(|&o| self.eye_value(o, values) > 0);
        around.valued[r] = Some(answer);
        answer
    }

    /// Can macrochain `start`, moving through macrochains and eyes (but not through `q`), reach every neighbour
    /// of eye point `q` in its region, or any eye (or real point of `q`'s own eye) worth an eye? `near` is as in
    /// [`Work::false_eye_points`].
    ///
    /// As in [`Work::gets_round_alone`], the rest of the eye is one piece. What the macrochains reach is the
    /// group of `start` in [`Around`], joined, when that group borders the rest of the eye, with the groups of
    /// every macrochain that borders it too.
    fn gets_round(
        &self,
        e: usize,
        start: usize,
        q: Idx,
        near: &[Option<usize>; 4],
        values: &mut EyeValues,
        around: &mut Around,
    ) -> bool {
        let eye = &self.eyes[e];
        let start = around.root[start];
        let root = &around.root;
        let (all_round, rest_reached) = self.round_trip(e, start, q, near, |side| root[side.chain], |m| root[m]);
        if all_round {
            return true;
        }
        // With eye values (the second pass): an eye worth something within reach. Values are asked for in this
        // order, and only as far as needed.
        if rest_reached && self.eye_value(e, values) > 0 && self.points(eye).iter().any(|&p| p != q && values.real[p]) {
            return true;
        }
        if self.valued(start, values, around) {
            return true;
        }
        rest_reached
            && self.sides_of(eye).iter().filter(|side| touches_rest(side, near)).any(|side| {
                let r = around.root[side.chain];
                self.valued(r, values, around)
            })
    }

    /// Eye values (step 7), given the first-pass false-eye points: what they need, worked out for all eyes at
    /// once. The values themselves come from [`Work::eye_value`], when asked for.
    fn eye_values(&self, is_false: Vec<bool>, false_points: PointSet) -> EyeValues {
        let grid = self.grid;
        let n = grid.len();
        let real_points = self.eye_space - false_points;
        EyeValues {
            real: grid.flags(&real_points),
            features: self.eye_point_features(&false_points, &real_points),
            is_false,
            value: vec![None; self.eyes.len()],
            pieces: Pieces::new(n),
            member: vec![false; n],
            in_shape: vec![false; n],
            pts: Vec::with_capacity(self.eye_points.len()),
        }
    }

    /// The value (0, 1 or 2) of eye `e`, worked out the first time it is asked for.
    fn eye_value(&self, e: usize, values: &mut EyeValues) -> u8 {
        if let Some(value) = values.value[e] {
            return value;
        }
        let grid = self.grid;
        let eye = &self.eyes[e];
        let EyeValues { real, features, is_false, pieces, member, in_shape, pts, .. } = values;
        let has = |p: Idx, feature: u8| features[p] & feature != 0;
        let pla = eye.color;
        let opp = pla.opponent();
        // One pass over the real points, gathering them and the counts of the rules below. Six roomy points
        // make two eyes whatever else the eye holds (no rule lowers a value, and 2 is the most), so a large
        // space is settled after its first few inner points.
        pts.clear();
        let (mut closable, mut dead_inside, mut weak, mut stuck, mut roomy) = (false, 0, 0, 0, 0);
        for &p in self.points(eye) {
            if !real[p] {
                continue;
            }
            pts.push(p);
            let f = features[p];
            closable |= f & BLOCKED_IN_ONE != 0;
            let dead = grid.is_dead(p, opp);
            dead_inside += usize::from(dead);
            // Moves to block of at least 1, and of at least 2.
            weak += usize::from(f & BLOCKED == 0) + usize::from(f & BLOCKED_IN_ONE == 0);
            stuck += usize::from(dead && f & EYE_NEIGHBOURS_2 != 0);
            if grid.is_empty(p) {
                roomy += usize::from(f & EYE_NEIGHBOURS_4 != 0) + usize::from(f & EYE_NEIGHBOURS_3 != 0);
                if roomy >= 6 {
                    values.value[e] = Some(2);
                    return 2;
                }
            }
        }
        let mut value = 0usize;

        // Any point that one move (or none) closes off makes at least one eye.
        if closable {
            value = 1;
        }
        // Many dead stones inside: the opponent's stones themselves would have to be captured into a dead shape.
        if dead_inside >= 5 {
            value = value.max(1);
        }
        if dead_inside >= 8 {
            value = value.max(2);
        }
        // A large space with few weaknesses.
        if pts.len() >= 6 + weak + stuck {
            value = 2;
        }
        // (Many roomy empty points, six or more, made two eyes above.)
        if value >= 2 {
            values.value[e] = Some(2);
            return 2;
        }
        // The splits below ask which points are the eye's.
        for &p in pts.iter() {
            member[p] = true;
        }
        // A playable bottleneck: each piece it leaves that already has a closed point is an eye. (The rules
        // above only raise the value and it is capped at 2, so this costly scan matters only below 2.)
        for &d in pts.iter() {
            if value >= 2 {
                break;
            }
            if !self.pseudolegal(d, pla) {
                continue;
            }
            let bonus = has(d, ONE_FALSE_THROW_IN);
            let closed = |p: Idx| has(p, BLOCKED) || (bonus && has(p, BLOCKED_IN_ONE));
            let split = pieces.split(grid, pts, member, &[d], closed, 1);
            if split.len() >= 2 {
                value = value.max(split.iter().filter(|&&c| c > 0).count());
            }
        }
        if value < 2 && self.two_point_split(pts, member, pieces, features, pla) {
            value = 2;
        }
        if value < 2 && self.dead_shape_lives(eye, pts, pieces, in_shape, is_false) {
            value = 2;
        }
        for &p in pts.iter() {
            member[p] = false;
        }
        let value = value.min(2) as u8;
        values.value[e] = Some(value);
        value
    }

    /// Which regions are in seki (step 9): those whose eyes are worth at most one eye in total, by region (see
    /// [`Work::regions`]). Eyes are valued biggest first, and a region stops asking once it has two eyes.
    fn seki_regions(&self, values: &mut EyeValues) -> Vec<bool> {
        let mut eyes_of_region = vec![0usize; self.region_of.len()];
        let mut order: Vec<usize> = (0..self.eyes.len()).collect();
        order.sort_by_key(|&e| std::cmp::Reverse(self.eyes[e].points.len()));
        for e in order {
            let r = self.eyes[e].region;
            if eyes_of_region[r] < 2 {
                eyes_of_region[r] += usize::from(self.eye_value(e, values));
            }
        }
        eyes_of_region.iter().map(|&v| v <= 1).collect()
    }

    /// The [`EyePointFeature`] bits of every real eye point (0 elsewhere), worked out on whole rows at once.
    ///
    /// Neighbouring eye points always lie in the same eye, so "a neighbour in the same eye's real points" is "a
    /// real neighbour". For a real point `p` of an eye of colour `c`: its moves to block are 1000 per neighbour
    /// that is an opposing stone on a false point or a poking stone of the eye, and otherwise 1 per neighbour that
    /// is empty and not real, empty and real next to an opposing false stone, or an opposing stone, real, next to
    /// an empty false point. A poking stone is a real opposing stone next to an opposing false stone or to two
    /// empty false points.
    ///
    /// Row by row, in two passes: the first works out each colour's points worth 1000 and 1 towards the moves to
    /// block, the second what their neighbours make of them.
    fn eye_point_features(&self, false_points: &PointSet, real_points: &PointSet) -> Vec<u8> {
        let grid = self.grid;
        let (width, height) = (grid.width, grid.height);
        let full = (1u64 << width) - 1;
        let mut features = vec![0u8; grid.len()];
        // Rows are counted with the empty rows around the board (see `PointSet::padded_row`).
        let counts = |row: &dyn Fn(usize) -> u64, i: usize| neighbour_counts(row(i - 1), row(i), row(i + 1), full);
        let empty_false = |i: usize| grid.empty.padded_row(i) & false_points.padded_row(i);
        let opp_false = |c: usize, i: usize| grid.dead_stones[1 - c].padded_row(i) & false_points.padded_row(i);
        let real = |c: usize, i: usize| real_points.padded_row(i) & self.in_region[c].padded_row(i);
        // Each colour's points worth 1000 and worth 1, by padded row.
        let mut thousand = [[0u64; MAX_ROWS]; 2];
        let mut one = [[0u64; MAX_ROWS]; 2];
        for i in 1..=height {
            let [empty_false_1, empty_false_2, ..] = counts(&empty_false, i);
            let (empty, real_row) = (grid.empty.padded_row(i), real_points.padded_row(i));
            for c in 0..2 {
                let dead_opp = grid.dead_stones[1 - c].padded_row(i);
                let [opp_false_1, ..] = counts(&|i| opp_false(c, i), i);
                let real = real(c, i);
                let poke = real & dead_opp & (opp_false_1 | empty_false_2);
                thousand[c][i] = (dead_opp & false_points.padded_row(i)) | poke;
                one[c][i] = ((empty & !real_row) | (empty & real & opp_false_1) | (dead_opp & real & empty_false_1))
                    & !thousand[c][i];
            }
        }
        for i in 1..=height {
            let line = &mut features[(i - 1) * width..i * width];
            let mut mark = |mut bits: u64, feature: u8| {
                while bits != 0 {
                    line[bits.trailing_zeros() as usize] |= feature;
                    bits &= bits - 1;
                }
            };
            for c in 0..2 {
                let real = real(c, i);
                let [near_thousand, ..] = counts(&|i| thousand[c][i], i);
                let [near_one, near_two_ones, ..] = counts(&|i| one[c][i], i);
                let [opp_false_1, opp_false_2, ..] = counts(&|i| opp_false(c, i), i);
                mark(real & !near_thousand & !near_one, BLOCKED);
                mark(real & !near_thousand & !near_two_ones, BLOCKED_IN_ONE);
                mark(real & opp_false_1 & !opp_false_2, ONE_FALSE_THROW_IN);
            }
            let real_row = real_points.padded_row(i);
            let [_, eye_neighbours_2, eye_neighbours_3, eye_neighbours_4] = counts(&|i| real_points.padded_row(i), i);
            let [_, empty_real_2, ..] = counts(&|i| grid.empty.padded_row(i) & real_points.padded_row(i), i);
            mark(real_row & eye_neighbours_2, EYE_NEIGHBOURS_2);
            mark(real_row & eye_neighbours_3, EYE_NEIGHBOURS_3);
            mark(real_row & eye_neighbours_4, EYE_NEIGHBOURS_4);
            mark(real_row & empty_real_2, EMPTY_EYE_NEIGHBOURS_2);
        }
        features
    }

    /// Two adjacent roomy points, one of them playable and off the edge, whose removal splits the eye into pieces
    /// that each already have a closed point (two such points in at least one piece): worth two eyes.
    fn two_point_split(&self, pts: &[Idx], member: &[bool], pieces: &mut Pieces, features: &[u8], pla: Color) -> bool {
        let grid = self.grid;
        let has = |p: Idx, feature: u8| features[p] & feature != 0;
        let roomy = |p: Idx| has(p, EYE_NEIGHBOURS_3) && has(p, BLOCKED_IN_ONE);
        for &d in pts {
            if !grid.is_empty(d) || grid.on_edge(d) || !self.pseudolegal(d, pla) || !roomy(d) {
                continue;
            }
            for a in grid.neighbours(d).filter(|&a| member[a]) {
                if !roomy(a) {
                    continue;
                }
                if !grid.is_empty(a) && !has(a, EMPTY_EYE_NEIGHBOURS_2) {
                    continue;
                }
                let split = pieces.split(grid, pts, member, &[d, a], |p| has(p, BLOCKED), 2);
                if split.len() < 2 {
                    continue;
                }
                let definite = split.iter().filter(|&&c| c >= 1).count();
                let double = split.iter().filter(|&&c| c >= 2).count();
                if definite >= 2 && double >= 1 && (grid.is_empty(a) || double >= 2) {
                    return true;
                }
            }
        }
        false
    }

    /// An eye holding dead opposing stones whose shape (with the points the owner cannot play, less any one of
    /// them the opponent may leave out) falls into at least two pieces once captured: worth two eyes.
    /// `in_shape` is all false on entry and is left so.
    fn dead_shape_lives(
        &self,
        eye: &Eye,
        pts: &[Idx],
        pieces: &mut Pieces,
        in_shape: &mut [bool],
        is_false: &[bool],
    ) -> bool {
        let grid = self.grid;
        let pla = eye.color;
        let opp = pla.opponent();
        let mut dead_opps = Vec::new();
        let mut unplayable = Vec::new();
        for &p in pts {
            if grid.is_dead(p, opp) {
                dead_opps.push(p);
            } else if !self.pseudolegal(p, pla) {
                unplayable.push(p);
            }
        }
        if dead_opps.is_empty() {
            return false;
        }
        // Dead stones thrown in on false points weaken the shape.
        let throw_ins = self.points(eye).iter().filter(|&&p| grid.stone(p) == Some(opp) && is_false[p]).count();
        let omissions = unplayable.iter().map(|&p| Some(p)).chain(std::iter::once(None));
        let mut shape = Vec::new();
        for omitted in omissions {
            shape.clear();
            shape.extend(dead_opps.iter().copied().chain(unplayable.iter().copied().filter(|&p| Some(p) != omitted)));
            for &p in &shape {
                in_shape[p] = true;
            }
            let mut count = |removed: &[Idx]| pieces.split(grid, &shape, in_shape, removed, |_| false, 0).len();
            let initial = count(&[]);
            let mut bottlenecks = 0;
            let mut branching = 0;
            for &p in &shape {
                if count(&[p]) > initial {
                    bottlenecks += 1;
                } else if grid.neighbours(p).filter(|&n| in_shape[n]).count() >= 3 {
                    branching += 1;
                }
            }
            let bonus = usize::from(shape.len() >= 7);
            for &p in &shape {
                in_shape[p] = false;
            }
            if initial + (bottlenecks + branching + bonus) / 2 < 2 + throw_ins {
                return false;
            }
        }
        true
    }

    /// Could `pla` put a stone on `p` without it being an obvious suicide (empty, and next to something other than
    /// an opposing chain with two or more liberties)?
    fn pseudolegal(&self, p: Idx, pla: Color) -> bool {
        let grid = self.grid;
        let opp = pla.opponent();
        grid.is_empty(p) && grid.neighbours(p).any(|a| grid.stone(a) != Some(opp) || grid.liberties(a) <= 1)
    }

    /// Final classification (step 9), given which regions are in seki.
    fn finish(&self, in_seki: &[bool], false_eyes: &PointSet) -> Analysis {
        let grid = self.grid;
        let open = grid.open();
        let [black, white] = [Color::Black.index(), Color::White.index()];
        // (Every region holds living stones.)
        let in_seki = |r: usize| in_seki[r];
        let mut seki = [grid.no_points(); 2];
        if (0..self.macro_count).any(|m| self.has_stones[m] && in_seki(self.region_of[m])) {
            for pla in COLORS {
                let c = pla.index();
                for (x, y) in self.in_region[c].points() {
                    let p = y * grid.width + x;
                    let node = match self.eye_of[p].get() {
                        Some(e) => self.macro_count + e,
                        None => self.chain_in(p, pla).expect("a region point is an eye point or a living stone"),
                    };
                    if in_seki(self.region_of[node]) {
                        seki[c].insert(x, y);
                    }
                }
            }
        }
        // A dead stone thrown in on a false eye also spoils the points next to it for the surrounding colour.
        let spoiled = |pla: Color| {
            let beside = (*false_eyes & grid.dead_stones[pla.opponent().index()]).next_to();
            self.in_region[pla.index()] & (*false_eyes | beside)
        };
        let unscorable = open & (spoiled(Color::Black) | spoiled(Color::White));
        let reached_by_other =
            (self.in_region[black] & self.strict[white]) | (self.in_region[white] & self.strict[black]);
        let territory = |pla: Color| {
            let c = pla.index();
            (self.in_region[c] & open & self.whole_chain) - seki[c] - unscorable - self.strict[pla.opponent().index()]
        };
        Analysis {
            territory: [territory(Color::Black), territory(Color::White)],
            area: [self.strict[black] - self.strict[white], self.strict[white] - self.strict[black]],
            seki,
            unscorable,
            unsealed: open & reached_by_other,
            neutral: grid.empty
                - self.in_region[black]
                - self.in_region[white]
                - (self.strict[black] ^ self.strict[white]),
            seki_stones: (seki[black] & grid.living[black]) | (seki[white] & grid.living[white]),
        }
    }
}

#[cfg(test)]
#[path = "life_tests.rs"]
mod tests;
