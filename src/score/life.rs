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

use super::grid::{Grid, Idx, Marks, flood, pieces};
use crate::go::Color;
use std::collections::BTreeMap;

const COLORS: [Color; 2] = [Color::Black, Color::White];

/// What the analysis found for every point of the grid (indexed like the grid).
pub(crate) struct Analysis {
    /// Territory under territory counting, including points under dead stones.
    pub territory: Vec<Option<Color>>,
    /// Area under area counting (strict reach), living stones included.
    pub area: Vec<Option<Color>>,
    /// Points (stones and space) of a region judged to be in seki, by the region's colour.
    pub seki: Vec<Option<Color>>,
    /// The colour of the region a point belongs to; `None` for dame.
    pub region: Vec<Option<Color>>,
    /// Empty or dead points that must eventually be filled (false eyes, points beside dead throw-ins in them).
    pub unscorable: Vec<bool>,
    /// Empty or dead points of a region that the opponent can still reach through an open border.
    pub unsealed: Vec<bool>,
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

/// For each empty point, the colour (if any) whose shape blocks it to the other colour. White's shapes are
/// applied after Black's, so White wins the rare point both close.
fn connection_blocks(grid: &Grid) -> Vec<Option<Color>> {
    let mut blocks = vec![None; grid.len()];
    let (width, height) = (grid.width as isize, grid.height as isize);
    for pla in COLORS {
        let opp = pla.opponent();
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
                let (only_x, only_y) = match (edge, row_step.1, col_step.1) {
                    (false, _, _) => (None, None),
                    (true, -1, _) => (None, Some(r - 1)),
                    (true, 1, _) => (None, Some(height - r)),
                    (true, _, -1) => (Some(r - 1), None),
                    (true, _, _) => (Some(width - r), None),
                };
                for anchor in 0..grid.len() {
                    let (ax, ay) = grid.xy(anchor);
                    if only_x.is_some_and(|x| x != ax) || only_y.is_some_and(|y| y != ay) {
                        continue;
                    }
                    let cell = |r: usize, c: usize| {
                        let (r, c) = (r as isize, c as isize);
                        grid.at(ax + r * row_step.0 + c * col_step.0, ay + r * row_step.1 + c * col_step.1)
                    };
                    let mut blocked = None;
                    let matches = shape[..rows].iter().enumerate().all(|(r, row)| {
                        row.bytes().enumerate().all(|(c, want)| {
                            let Some(i) = cell(r, c) else { return false };
                            match want {
                                b'P' => grid.is_living(i, pla),
                                b'o' => {
                                    grid.is_empty(i)
                                        || grid.is_living(i, pla)
                                        || (grid.stone[i] == Some(opp) && grid.dead[i])
                                }
                                b'*' => {
                                    blocked = Some(i);
                                    grid.is_empty(i)
                                }
                                _ => true,
                            }
                        })
                    });
                    if matches && let Some(i) = blocked {
                        blocks[i] = Some(pla);
                    }
                }
            }
        }
    }
    blocks
}

/// Points `color` reaches from its living stones without crossing a living opposing stone; with `blocks`, the
/// flood also stops on the points the opponent has blocked.
fn reach(grid: &Grid, color: Color, blocks: Option<&[Option<Color>]>) -> Vec<bool> {
    let opp = color.opponent();
    flood(
        grid,
        (0..grid.len()).filter(|&i| grid.is_living(i, color)),
        |i| !grid.is_living(i, opp),
        |i| blocks.is_some_and(|b| b[i] == Some(opp)),
    )
}

/// Area ownership by strict reach: the colour that alone reaches a point. Dead stones are looked through.
pub(crate) fn area_owners(grid: &Grid) -> Vec<Option<Color>> {
    let strict = [reach(grid, Color::Black, None), reach(grid, Color::White, None)];
    (0..grid.len())
        .map(|i| match (strict[0][i], strict[1][i]) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        })
        .collect()
}

struct Eye {
    color: Color,
    region: usize,
    points: Vec<Idx>,
    /// For each bordering macrochain, the eye points next to it.
    sides: BTreeMap<usize, Vec<Idx>>,
}

/// For each eye a macrochain borders, the macrochain's stones next to it.
type MacroEyes = BTreeMap<usize, Vec<Idx>>;

struct Work<'g> {
    grid: &'g Grid,
    blocks: Vec<Option<Color>>,
    strict: [Vec<bool>; 2],
    region: Vec<Option<usize>>,
    region_color: Vec<Color>,
    /// For each empty/dead point, the region shared by every point of its (same colour, same deadness) chain.
    chain_region: Vec<Option<usize>>,
    macro_of: Vec<Option<usize>>,
    macros: Vec<MacroEyes>,
    eye_of: Vec<Option<usize>>,
    eyes: Vec<Eye>,
}

/// Runs the whole analysis on a grid with its dead stones marked.
pub(crate) fn analyse(grid: &Grid) -> Analysis {
    let n = grid.len();
    let blocks = connection_blocks(grid);
    let strict = [reach(grid, Color::Black, None), reach(grid, Color::White, None)];
    let loose = [reach(grid, Color::Black, Some(&blocks)), reach(grid, Color::White, Some(&blocks))];
    let (region, region_color) = regions(grid, &blocks, &loose);
    let chain_region = chain_regions(grid, &region);
    let mut work = Work {
        grid,
        blocks,
        strict,
        region,
        region_color,
        chain_region,
        macro_of: vec![None; n],
        macros: Vec::new(),
        eye_of: vec![None; n],
        eyes: Vec::new(),
    };
    work.macrochains();
    work.potential_eyes();

    let no_values = vec![0u8; work.eyes.len()];
    let all_real = vec![false; n];
    let false_eye = work.false_eye_points(&no_values, &all_real);
    let (values, real) = work.eye_values(&false_eye);
    let unscorable_false_eye = work.false_eye_points(&values, &real);
    work.finish(&values, &unscorable_false_eye)
}

/// Regions (step 3): returns the region of each point and the colour of each region.
fn regions(grid: &Grid, blocks: &[Option<Color>], loose: &[Vec<bool>; 2]) -> (Vec<Option<usize>>, Vec<Color>) {
    let n = grid.len();
    let mut region: Vec<Option<usize>> = vec![None; n];
    let mut colors = Vec::new();
    let mut visited = Marks::new(n);
    let mut stack = Vec::new();
    for start in 0..n {
        for pla in COLORS {
            let opp = pla.opponent();
            let (mine, theirs) = (&loose[pla.index()], &loose[opp.index()]);
            if !(mine[start] && !theirs[start] && region[start].is_none()) {
                continue;
            }
            let id = colors.len();
            colors.push(pla);
            visited.clear();
            visited.mark(start);
            stack.push(start);
            while let Some(p) = stack.pop() {
                if mine[p] && !theirs[p] {
                    region[p] = Some(id);
                }
                if blocks[p] == Some(opp) {
                    continue;
                }
                for q in grid.neighbours(p) {
                    if !visited.is_marked(q) && region[q].is_none() && !grid.is_living(q, opp) {
                        visited.mark(q);
                        stack.push(q);
                    }
                }
            }
        }
    }
    (region, colors)
}

/// For every point, the region its chain lies in when the whole chain (same stone colour and deadness, empty
/// points forming chains too) lies in a single region; `None` otherwise.
fn chain_regions(grid: &Grid, region: &[Option<usize>]) -> Vec<Option<usize>> {
    let n = grid.len();
    let mut out = vec![None; n];
    let mut done = vec![false; n];
    let same = |a: Idx, b: Idx| grid.stone[a] == grid.stone[b] && grid.dead[a] == grid.dead[b];
    for start in 0..n {
        if done[start] {
            continue;
        }
        done[start] = true;
        let mut members = vec![start];
        let mut k = 0;
        let mut common = region[start];
        while k < members.len() {
            let p = members[k];
            k += 1;
            if region[p] != common {
                common = None;
            }
            for q in grid.neighbours(p) {
                if !done[q] && same(p, q) {
                    done[q] = true;
                    members.push(q);
                }
            }
        }
        for p in members {
            out[p] = common;
        }
    }
    out
}

impl Work<'_> {
    /// Macrochains (step 4): living chains of one colour joined through dame points not blocked for them.
    fn macrochains(&mut self) {
        let grid = self.grid;
        for pla in COLORS {
            let opp = pla.opponent();
            let mut visited = vec![false; grid.len()];
            for start in 0..grid.len() {
                if !grid.is_living(start, pla) || self.macro_of[start].is_some() {
                    continue;
                }
                let id = self.macros.len();
                self.macros.push(BTreeMap::new());
                visited[start] = true;
                let mut stack = vec![start];
                while let Some(p) = stack.pop() {
                    let walk = if grid.is_living(p, pla) {
                        self.macro_of[p] = Some(id);
                        true
                    } else {
                        self.region[p].is_none() && self.blocks[p] != Some(opp)
                    };
                    if walk {
                        for q in grid.neighbours(p) {
                            if !visited[q] {
                                visited[q] = true;
                                stack.push(q);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Potential eyes (step 5): connected empty/dead points of one region, and the macrochains beside them.
    fn potential_eyes(&mut self) {
        let grid = self.grid;
        for start in 0..grid.len() {
            if self.eye_of[start].is_some() || !grid.is_open(start) {
                continue;
            }
            let Some(region) = self.region[start] else { continue };
            let id = self.eyes.len();
            self.eye_of[start] = Some(id);
            let mut points = vec![start];
            let mut k = 0;
            while k < points.len() {
                let p = points[k];
                k += 1;
                for q in grid.neighbours(p) {
                    if self.eye_of[q].is_none() && grid.is_open(q) && self.region[q] == Some(region) {
                        self.eye_of[q] = Some(id);
                        points.push(q);
                    }
                }
            }
            let mut sides: BTreeMap<usize, Vec<Idx>> = BTreeMap::new();
            for &p in &points {
                for q in grid.neighbours(p) {
                    if grid.living_color(q).is_some() && self.region[q] == Some(region) {
                        let m = self.macro_of[q].expect("every living stone is in a macrochain");
                        push_unique(sides.entry(m).or_default(), p);
                        push_unique(self.macros[m].entry(id).or_default(), q);
                    }
                }
            }
            self.eyes.push(Eye { color: self.region_color[region], region, points, sides });
        }
    }

    /// False-eye points (steps 6 and 8). With all eye values 0 this finds the points that do not help a group
    /// live; with real eye values and real points it finds the points that must be filled eventually.
    fn false_eye_points(&self, values: &[u8], real: &[bool]) -> Vec<bool> {
        let grid = self.grid;
        let mut is_false = vec![false; grid.len()];
        let mut seen = Marks::new(grid.len());
        let mut fresh = Marks::new(grid.len());
        for (e, eye) in self.eyes.iter().enumerate() {
            for (&m, points) in &eye.sides {
                for &q in points {
                    let inside = grid.neighbours(q).filter(|&n| self.eye_of[n] == Some(e)).count();
                    if inside > 1 {
                        continue;
                    }
                    let needed = grid.neighbours(q).filter(|&n| self.region[n] == Some(eye.region)).count();
                    if !self.gets_round(e, m, q, needed, values, real, [&mut seen, &mut fresh]) {
                        is_false[q] = true;
                    }
                }
            }
        }
        is_false
    }

    /// Can macrochain `start`, moving through macrochains and eyes (but not through `q`), reach `needed` distinct
    /// neighbours of eye point `q` in its region, or any eye (or real point of `q`'s own eye) worth an eye?
    #[allow(clippy::too_many_arguments)]
    fn gets_round(
        &self,
        e: usize,
        start: usize,
        q: Idx,
        needed: usize,
        values: &[u8],
        real: &[bool],
        [seen, fresh]: [&mut Marks; 2],
    ) -> bool {
        let grid = self.grid;
        let eye = &self.eyes[e];
        let mut sides: Vec<Idx> = Vec::new();
        let mut macro_done = vec![false; self.macros.len()];
        let mut eye_done = vec![false; self.eyes.len()];
        // `seen` marks the points of q's own eye already reached (q itself is never passed through).
        seen.clear();
        seen.mark(q);
        let mut queue = vec![start];
        macro_done[start] = true;
        while let Some(m) = queue.pop() {
            for (&other, stones) in &self.macros[m] {
                if other == e {
                    for &s in stones {
                        if grid.adjacent(s, q) {
                            push_unique(&mut sides, s);
                        }
                    }
                    if sides.len() >= needed {
                        return true;
                    }
                    // The part of q's eye this macrochain opens onto, without going through q.
                    let mut reached = Vec::new();
                    fresh.clear();
                    for &p in &eye.sides[&m] {
                        if !seen.is_marked(p) {
                            seen.mark(p);
                            fresh.mark(p);
                            reached.push(p);
                        }
                    }
                    let mut k = 0;
                    while k < reached.len() {
                        let p = reached[k];
                        k += 1;
                        for n in grid.neighbours(p) {
                            if self.eye_of[n] == Some(e) && !seen.is_marked(n) {
                                seen.mark(n);
                                fresh.mark(n);
                                reached.push(n);
                            }
                        }
                    }
                    if reached.is_empty() {
                        continue;
                    }
                    if values[e] > 0 && reached.iter().any(|&p| real[p]) {
                        return true;
                    }
                    for &p in &reached {
                        if grid.adjacent(p, q) {
                            push_unique(&mut sides, p);
                        }
                    }
                    if sides.len() >= needed {
                        return true;
                    }
                    for (&next, from) in &eye.sides {
                        if !macro_done[next] && from.iter().any(|&p| fresh.is_marked(p)) {
                            macro_done[next] = true;
                            queue.push(next);
                        }
                    }
                } else {
                    if eye_done[other] {
                        continue;
                    }
                    eye_done[other] = true;
                    if values[other] > 0 {
                        return true;
                    }
                    for &next in self.eyes[other].sides.keys() {
                        if !macro_done[next] {
                            macro_done[next] = true;
                            queue.push(next);
                        }
                    }
                }
            }
        }
        false
    }

    /// Eye values (step 7), given the first-pass false-eye points. Returns the value of each eye and the mask of
    /// real (not false) eye points.
    fn eye_values(&self, is_false: &[bool]) -> (Vec<u8>, Vec<bool>) {
        let grid = self.grid;
        let n = grid.len();
        let mut real = vec![false; n];
        for eye in &self.eyes {
            for &p in &eye.points {
                real[p] = !is_false[p];
            }
        }
        // Per real point: neighbours in the same eye's real points, and the shape of its surroundings.
        let same_eye = |a: Idx, b: Idx| real[b] && self.eye_of[a] == self.eye_of[b];
        let mut adj_eye = vec![0usize; n];
        let mut empty_adj_eye = vec![0usize; n];
        let mut empty_adj_false = vec![0usize; n];
        let mut opp_adj_false = vec![0usize; n];
        let mut poke = vec![false; n];
        let mut moves_to_block = vec![0usize; n];
        for eye in &self.eyes {
            let opp = eye.color.opponent();
            for &p in eye.points.iter().filter(|&&p| real[p]) {
                for a in grid.neighbours(p) {
                    if same_eye(p, a) {
                        adj_eye[p] += 1;
                        if grid.is_empty(a) {
                            empty_adj_eye[p] += 1;
                        }
                    }
                    if grid.is_empty(a) && is_false[a] {
                        empty_adj_false[p] += 1;
                    }
                    if grid.stone[a] == Some(opp) && is_false[a] {
                        opp_adj_false[p] += 1;
                    }
                }
                // An opposing stone here that connects to a throw-in on a false point (or could, two ways) can
                // never be used to close the eye.
                poke[p] = grid.stone[p] == Some(opp) && (opp_adj_false[p] > 0 || empty_adj_false[p] >= 2);
            }
            for &p in eye.points.iter().filter(|&&p| real[p]) {
                moves_to_block[p] = grid
                    .neighbours(p)
                    .map(|a| {
                        let opp_stone = grid.stone[a] == Some(opp);
                        let mine = same_eye(p, a);
                        if opp_stone && (is_false[a] || (mine && poke[a])) {
                            1000
                        } else if (grid.is_empty(a) && !mine)
                            || (grid.is_empty(a) && mine && opp_adj_false[a] >= 1)
                            || (opp_stone && mine && empty_adj_false[a] >= 1)
                        {
                            1
                        } else {
                            0
                        }
                    })
                    .sum();
            }
        }

        let mut marks = Marks::new(n);
        let mut member = vec![false; n];
        let mut values = Vec::with_capacity(self.eyes.len());
        for eye in &self.eyes {
            let pla = eye.color;
            let opp = pla.opponent();
            let pts: Vec<Idx> = eye.points.iter().copied().filter(|&p| real[p]).collect();
            for &p in &pts {
                member[p] = true;
            }
            let mtb = |p: Idx| moves_to_block[p];
            let mut value = 0usize;

            // Any point that one move (or none) closes off makes at least one eye.
            if pts.iter().any(|&p| mtb(p) <= 1) {
                value = 1;
            }
            // Many dead stones inside: the opponent's stones themselves would have to be captured into a dead shape.
            let dead_inside = pts.iter().filter(|&&p| grid.stone[p] == Some(opp) && grid.dead[p]).count();
            if dead_inside >= 5 {
                value = value.max(1);
            }
            if dead_inside >= 8 {
                value = value.max(2);
            }
            // A large space with few weaknesses.
            let weak = pts.iter().filter(|&&p| mtb(p) >= 1).count() + pts.iter().filter(|&&p| mtb(p) >= 2).count();
            let stuck = pts.iter().filter(|&&p| grid.stone[p] == Some(opp) && adj_eye[p] >= 2).count();
            if pts.len() >= 6 + weak + stuck {
                value = 2;
            }
            // Many roomy empty points.
            let roomy = pts.iter().filter(|&&p| grid.is_empty(p) && adj_eye[p] >= 4).count()
                + pts.iter().filter(|&&p| grid.is_empty(p) && adj_eye[p] >= 3).count();
            if roomy >= 6 {
                value = 2;
            }
            // A playable bottleneck: each piece it leaves that already has a closed point is an eye. (The rules
            // above only raise the value and it is capped at 2, so this costly scan matters only below 2.)
            if value < 2 {
                for &d in &pts {
                    if !self.pseudolegal(d, pla) {
                        continue;
                    }
                    let bonus = opp_adj_false[d] == 1;
                    let closed = |p: Idx| mtb(p) == 0 || (bonus && mtb(p) <= 1);
                    let split = pieces(grid, &mut marks, &pts, &member, &[d], closed, 1);
                    if split.len() >= 2 {
                        value = value.max(split.iter().filter(|&&c| c > 0).count());
                    }
                }
            }
            if value < 2
                && self.two_point_split(&pts, &member, &mut marks, &adj_eye, &empty_adj_eye, &moves_to_block, pla)
            {
                value = 2;
            }
            if value < 2 && self.dead_shape_lives(eye, &pts, &mut marks, is_false) {
                value = 2;
            }
            for &p in &pts {
                member[p] = false;
            }
            values.push(value.min(2) as u8);
        }
        (values, real)
    }

    /// Two adjacent roomy points, one of them playable and off the edge, whose removal splits the eye into pieces
    /// that each already have a closed point (two such points in at least one piece): worth two eyes.
    #[allow(clippy::too_many_arguments)]
    fn two_point_split(
        &self,
        pts: &[Idx],
        member: &[bool],
        marks: &mut Marks,
        adj_eye: &[usize],
        empty_adj_eye: &[usize],
        mtb: &[usize],
        pla: Color,
    ) -> bool {
        let grid = self.grid;
        for &d in pts {
            if !grid.is_empty(d) || grid.on_edge(d) || !self.pseudolegal(d, pla) || mtb[d] > 1 || adj_eye[d] < 3 {
                continue;
            }
            for a in grid.neighbours(d).filter(|&a| member[a]) {
                if adj_eye[a] < 3 || mtb[a] > 1 {
                    continue;
                }
                if !grid.is_empty(a) && empty_adj_eye[a] <= 1 {
                    continue;
                }
                let split = pieces(grid, marks, pts, member, &[d, a], |p| mtb[p] == 0, 2);
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
    fn dead_shape_lives(&self, eye: &Eye, pts: &[Idx], marks: &mut Marks, is_false: &[bool]) -> bool {
        let grid = self.grid;
        let pla = eye.color;
        let opp = pla.opponent();
        let mut dead_opps = Vec::new();
        let mut unplayable = Vec::new();
        for &p in pts {
            if grid.stone[p] == Some(opp) && grid.dead[p] {
                dead_opps.push(p);
            } else if !self.pseudolegal(p, pla) {
                unplayable.push(p);
            }
        }
        if dead_opps.is_empty() {
            return false;
        }
        // Dead stones thrown in on false points weaken the shape.
        let throw_ins = eye.points.iter().filter(|&&p| grid.stone[p] == Some(opp) && is_false[p]).count();
        let mut in_shape = vec![false; grid.len()];
        let omissions = unplayable.iter().map(|&p| Some(p)).chain(std::iter::once(None));
        for omitted in omissions {
            let shape: Vec<Idx> =
                dead_opps.iter().copied().chain(unplayable.iter().copied().filter(|&p| Some(p) != omitted)).collect();
            for &p in &shape {
                in_shape[p] = true;
            }
            let count = |removed: &[Idx], marks: &mut Marks| {
                pieces(grid, marks, &shape, &in_shape, removed, |_| false, 0).len()
            };
            let initial = count(&[], marks);
            let mut bottlenecks = 0;
            let mut branching = 0;
            for &p in &shape {
                if count(&[p], marks) > initial {
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
        grid.is_empty(p) && grid.neighbours(p).any(|a| grid.stone[a] != Some(opp) || grid.liberties[a] <= 1)
    }

    /// Final classification (step 9).
    fn finish(&self, values: &[u8], unscorable_false_eye: &[bool]) -> Analysis {
        let grid = self.grid;
        let n = grid.len();
        let mut eyes_of_region = vec![0usize; self.region_color.len()];
        for (e, eye) in self.eyes.iter().enumerate() {
            eyes_of_region[eye.region] += usize::from(values[e]);
        }
        // A dead stone thrown in on a false eye also spoils the points next to it for the surrounding colour.
        let mut beside_throw_in = vec![[false; 2]; n];
        for (p, &unscorable) in unscorable_false_eye.iter().enumerate() {
            if unscorable
                && grid.dead[p]
                && let Some(c) = grid.stone[p]
            {
                for q in grid.neighbours(p) {
                    beside_throw_in[q][c.opponent().index()] = true;
                }
            }
        }
        let mut out = Analysis {
            territory: vec![None; n],
            area: area_from(&self.strict),
            seki: vec![None; n],
            region: vec![None; n],
            unscorable: vec![false; n],
            unsealed: vec![false; n],
        };
        for p in 0..n {
            let Some(r) = self.region[p] else { continue };
            let color = self.region_color[r];
            let opp = color.opponent();
            out.region[p] = Some(color);
            let seki = eyes_of_region[r] <= 1;
            if seki {
                out.seki[p] = Some(color);
            }
            let open = grid.is_open(p);
            let unscorable = open && (unscorable_false_eye[p] || beside_throw_in[p][color.index()]);
            out.unscorable[p] = unscorable;
            let sealed = !self.strict[opp.index()][p];
            out.unsealed[p] = open && !sealed;
            if open && !seki && !unscorable && self.chain_region[p] == Some(r) && sealed {
                out.territory[p] = Some(color);
            }
        }
        out
    }
}

fn area_from(strict: &[Vec<bool>; 2]) -> Vec<Option<Color>> {
    strict[0]
        .iter()
        .zip(&strict[1])
        .map(|(&b, &w)| match (b, w) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        })
        .collect()
}

fn push_unique(v: &mut Vec<Idx>, x: Idx) {
    if !v.contains(&x) {
        v.push(x);
    }
}
