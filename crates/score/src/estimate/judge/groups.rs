//! Building the groups: each colour's living chains joined through solid connections, shared liberties the
//! opponent cannot cut, the interior space they wall in and the one-point eyes they hold; then each group's eyes,
//! counted over its own regions and the contested regions whose opposing stones are its captives.

use super::captives::{captive_regions, credit_captives};
use super::eyes::{eye_value, hangs_on_eye};
use super::liberties::{can_stand, connects_firmly, effective_libs, liberties_after, touched_by};
use crate::estimate::pos::{NONE, Pos, Pt, Regions};
use crate::estimate::tuning::{LOOSE_CHAINS, LOOSE_STONES_PER_CHAIN};
use gotool_go::Color;

/// One colour's chains joined into groups, with their eyes.
pub(crate) struct Group {
    pub color: Color,
    pub chains: Vec<usize>,
    /// Distinct liberties of the group's chains.
    pub libs: Vec<Pt>,
    /// Loose: many chains of a stone or two, joined only through open space (see [`LOOSE_CHAINS`]).
    pub loose: bool,
    /// The liberties of its chain with the fewest: where a loose group is attacked.
    pub weakest_libs: Vec<Pt>,
    /// Eyes, counted up to 2.
    pub eyes: u8,
    /// Eyes of its best solidly connected part (chains joined by solid connections and the regions they enclose),
    /// counted up to 2: loose stones joined only through open space do not share eyes.
    pub solid_eyes: u8,
    /// Regions bordered by this group alone (its eyes and territory).
    pub own_regions: Vec<usize>,
    /// Contested regions counted as its space: the opposing groups in them are captive there.
    pub credited: Vec<usize>,
    /// Size of its largest own region.
    pub space: usize,
    /// Points in all its own regions.
    pub own_points: usize,
    pub stones: usize,
}

impl Group {
    fn new(color: Color) -> Group {
        Group {
            color,
            chains: Vec::new(),
            libs: Vec::new(),
            loose: false,
            weakest_libs: Vec::new(),
            eyes: 0,
            solid_eyes: 0,
            own_regions: Vec::new(),
            credited: Vec::new(),
            space: 0,
            own_points: 0,
            stones: 0,
        }
    }
}

pub(crate) struct Groups {
    pub list: Vec<Group>,
    /// The group of each chain ([`NONE`] for dead chains).
    pub group_of: Vec<u32>,
    /// For each group, the region it is captive in: no eye, and every liberty in that one region ([`NONE`]
    /// otherwise).
    pub captive: Vec<u32>,
    /// Each chain's liberties with the dead stones' points ([`effective_libs`]).
    pub chain_libs: Vec<Vec<Pt>>,
}

/// Chains joined so far (union-find): the root of each set is its smallest chain.
#[derive(Clone)]
pub(crate) struct Partition(Vec<usize>);

impl Partition {
    /// Every chain alone.
    fn new(chains: usize) -> Partition {
        Partition((0..chains).collect())
    }

    pub(crate) fn find(&mut self, mut a: usize) -> usize {
        let parent = &mut self.0;
        while parent[a] != a {
            parent[a] = parent[parent[a]];
            a = parent[a];
        }
        a
    }

    pub(crate) fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.0[a.max(b)] = a.min(b);
        }
    }

    /// Joins each chain of `chains` to the next.
    pub(crate) fn join_all(&mut self, chains: &[usize]) {
        for w in chains.windows(2) {
            self.union(w[0], w[1]);
        }
    }

    /// Whether all of `chains` are joined already (on a copy: finding compresses paths).
    fn all_joined(&self, chains: &[usize]) -> bool {
        let mut copy = self.clone();
        let root = copy.find(chains[0]);
        chains.iter().all(|&c| copy.find(c) == root)
    }

    fn len(&self) -> usize {
        self.0.len()
    }
}

/// Bordered by one colour alone (bit 1 or bit 2 of [`Region::colors`](crate::estimate::pos::Region::colors)).
fn one_colour(colors: u8) -> bool {
    colors == 1 || colors == 2
}

/// The eye values found while the groups are counted: per group, and per region with the chains around it (to be
/// summed by solidly connected part).
pub(crate) struct EyeCount {
    /// Per group, the sum of its regions' eye values.
    pub values: Vec<u8>,
    /// Solidly connected parts, joined as well by the credited regions.
    pub solid: Partition,
    /// Each region counted: the chains around it and its eye value.
    pub found: Vec<(Vec<usize>, u8)>,
}

impl EyeCount {
    /// Sets each group's eyes and the eyes of its best solidly connected part, both up to 2.
    fn settle(mut self, list: &mut [Group]) {
        for (group, value) in list.iter_mut().zip(&self.values) {
            group.eyes = (*value).min(2);
        }
        let mut solid = vec![0u8; self.solid.len()];
        for (border, value) in &self.found {
            let root = self.solid.find(border[0]);
            if border.iter().all(|&c| self.solid.find(c) == root) {
                solid[root] = solid[root].saturating_add(*value);
            }
        }
        for group in list {
            group.solid_eyes = group.chains.iter().map(|&c| solid[self.solid.find(c)]).max().unwrap_or(0).min(2);
        }
    }
}

/// What building the groups reads: the position, its regions without the dead stones, and the living chains'
/// liberties.
struct Builder<'a> {
    pos: &'a Pos,
    regions: &'a Regions,
    dead: &'a [bool],
    libs: Vec<Vec<Pt>>,
}

impl Groups {
    /// Joins each colour's living chains into groups and counts their eyes.
    pub(crate) fn new(pos: &Pos, regions: &Regions, dead: &[bool]) -> Groups {
        let build = Builder { pos, regions, dead, libs: effective_libs(pos, dead) };
        let mut parent = Partition::new(pos.chains.len());
        build.join_solid_regions(&mut parent);
        build.join_by_links(&mut parent);
        // Solid connections decide whether a one-point eye is real.
        let solid = parent.clone();
        build.join_through_interiors(&mut parent);
        let holder_of = build.hold_one_point_eyes(&mut parent);
        let (mut list, group_of) = build.collect_groups(&mut parent);
        let mut eyes = build.count_own_regions(&solid, &holder_of, &group_of, &mut list);
        let captive = captive_regions(pos, regions, dead, &list);
        credit_captives(pos, regions, &group_of, &captive, &mut list, &mut eyes);
        eyes.settle(&mut list);
        Groups { list, group_of, captive, chain_libs: build.libs }
    }
}

impl Builder<'_> {
    /// Solid connections first (they decide whether a one-point eye is real): a region of one colour of two
    /// points or more joins its walls. Two shared liberties and a shared liberty the opponent cannot stand on
    /// follow ([`Builder::join_by_links`]).
    fn join_solid_regions(&self, parent: &mut Partition) {
        for region in &self.regions.list {
            if one_colour(region.colors) && region.points.len() >= 2 {
                parent.join_all(&region.border);
            }
        }
    }

    /// Shared liberties, from each empty point's living neighbours: pairs of chains of one colour and the point
    /// they share. A point of the colour's own one-point eye is tested as an eye, not as a link: the chains would
    /// join there only by filling the eye.
    fn shared_liberties(&self) -> Vec<((usize, usize), Pt)> {
        let (pos, dead, regions) = (self.pos, self.dead, self.regions);
        let mut shared: Vec<((usize, usize), Pt)> = Vec::new();
        for p in 0..pos.len() {
            if pos.chain_of[p] != NONE && !dead[pos.chain_of[p] as usize] {
                continue;
            }
            let p = p as Pt;
            let mut around: Vec<usize> =
                pos.neighbours(p).iter().filter_map(|&q| pos.chain_at(q)).filter(|&c| !dead[c]).collect();
            around.sort_unstable();
            around.dedup();
            for i in 0..around.len() {
                for j in i + 1..around.len() {
                    let (a, b) = (around[i], around[j]);
                    if pos.chains[a].color == pos.chains[b].color {
                        shared.push(((a, b), p));
                    }
                }
            }
        }
        shared.retain(|&((a, _), p)| {
            let region = &regions.list[regions.region_of[usize::from(p)] as usize];
            !(region.only(pos.chains[a].color) && region.points.len() == 1)
        });
        shared
    }

    /// Two chains join through two links, or one the opponent cannot stand on that leaves the connected chain
    /// three liberties (with two, the opponent takes one and the chain is in atari however it connects). The
    /// links are counted between the groups so formed until nothing joins: one link to each of two chains of
    /// a group is two links to it (the opponent cuts at one, the chain connects at the other).
    fn join_by_links(&self, parent: &mut Partition) {
        let (pos, dead, libs) = (self.pos, self.dead, &self.libs);
        let shared = self.shared_liberties();
        // Whether a link holds alone depends on the point, not on the groups: settled once.
        let holds_alone: Vec<bool> = shared
            .iter()
            .map(|&((a, _), p)| {
                let color = pos.chains[a].color;
                !can_stand(pos, libs, dead, p, color.opponent())
                    && liberties_after(pos, libs, dead, p, color).len() >= 3
            })
            .collect();
        loop {
            let mut links: Vec<((usize, usize), Pt, bool)> = shared
                .iter()
                .zip(&holds_alone)
                .map(|(&((a, b), p), &holds)| {
                    let (ra, rb) = (parent.find(a), parent.find(b));
                    ((ra.min(rb), ra.max(rb)), p, holds)
                })
                .filter(|&((ra, rb), _, _)| ra != rb)
                .collect();
            links.sort_unstable();
            links.dedup();
            let mut merged = false;
            for between in links.chunk_by(|x, y| x.0 == y.0) {
                let (a, b) = between[0].0;
                let joined = between.len() >= 2 || between.iter().any(|&(_, _, holds)| holds);
                if joined && parent.find(a) != parent.find(b) {
                    parent.union(a, b);
                    merged = true;
                }
            }
            if !merged {
                break;
            }
        }
    }

    /// A colour's interior space (empty points and dead stones that no living opposing stone touches) joins the
    /// chains around it: a territory joins its walls, even while stones of the other colour still stand inside
    /// it. (A one-point eye is left to the eye test.)
    fn join_through_interiors(&self, parent: &mut Partition) {
        let (pos, regions, dead) = (self.pos, self.regions, self.dead);
        let mut label = vec![NONE; pos.len()];
        let mut stack: Vec<Pt> = Vec::new();
        let mut walls: Vec<usize> = Vec::new();
        for color in [Color::Black, Color::White] {
            let interior = |p: usize| regions.region_of[p] != NONE && !touched_by(pos, dead, p as Pt, color.opponent());
            label.iter_mut().for_each(|l| *l = NONE);
            for start in 0..pos.len() {
                if label[start] != NONE || !interior(start) {
                    continue;
                }
                let region = &regions.list[regions.region_of[start] as usize];
                if region.points.len() == 1 {
                    continue;
                }
                label[start] = start as u32;
                stack.push(start as Pt);
                walls.clear();
                let mut size = 0;
                while let Some(p) = stack.pop() {
                    size += 1;
                    for &q in pos.neighbours(p) {
                        let qi = usize::from(q);
                        match pos.chain_at(q) {
                            Some(c) if !dead[c] => {
                                if pos.chains[c].color == color {
                                    walls.push(c);
                                }
                            }
                            _ => {
                                if label[qi] == NONE && interior(qi) {
                                    label[qi] = start as u32;
                                    stack.push(q);
                                }
                            }
                        }
                    }
                }
                // A single interior point is a link like any other: no join unless connecting there is firm.
                if size == 1 && !connects_firmly(pos, &self.libs, dead, start as Pt, color) {
                    continue;
                }
                parent.join_all(&walls);
            }
        }
    }

    /// One-point eyes, real or false: either way the chains around them belong together, but for a chain that
    /// hangs on the eye ([`hangs_on_eye`]), which is not joined through it: the opponent captures there. (When
    /// every chain around it hangs on it, they are one chain short of liberties and stay together.) Returns each
    /// region's holder, whose group owns it: the first chain that holds a one-point eye, the first chain around
    /// any other region.
    fn hold_one_point_eyes(&self, parent: &mut Partition) -> Vec<usize> {
        let regions = self.regions;
        let mut holder_of: Vec<usize> =
            regions.list.iter().map(|region| region.border.first().map_or(NONE as usize, |&c| c)).collect();
        let hangs = |c: usize| hangs_on_eye(self.pos, c, |d| &self.libs[d]).is_some();
        for (r, region) in regions.list.iter().enumerate() {
            if !(one_colour(region.colors) && region.points.len() == 1) {
                continue;
            }
            let holding: Vec<usize> = region.border.iter().copied().filter(|&c| !hangs(c)).collect();
            let holding = if holding.is_empty() { region.border.clone() } else { holding };
            holder_of[r] = holding[0];
            parent.join_all(&holding);
        }
        holder_of
    }

    /// The groups of the living chains as `parent` joins them, in the order of their first chain, with each
    /// chain's group, their liberties, stones and looseness.
    fn collect_groups(&self, parent: &mut Partition) -> (Vec<Group>, Vec<u32>) {
        let (pos, libs) = (self.pos, &self.libs);
        let nc = pos.chains.len();
        let mut group_of = vec![NONE; nc];
        let mut list: Vec<Group> = Vec::new();
        for c in 0..nc {
            if self.dead[c] {
                continue;
            }
            let root = parent.find(c);
            if group_of[root] == NONE {
                group_of[root] = list.len() as u32;
                list.push(Group::new(pos.chains[c].color));
            }
            let g = group_of[root];
            group_of[c] = g;
            let group = &mut list[g as usize];
            group.chains.push(c);
            group.libs.extend_from_slice(&libs[c]);
            group.stones += pos.chains[c].stones.len();
        }
        for group in &mut list {
            group.libs.sort_unstable();
            group.libs.dedup();
            group.loose =
                group.chains.len() >= LOOSE_CHAINS && group.stones <= LOOSE_STONES_PER_CHAIN * group.chains.len();
            if let Some(&weakest) = group.chains.iter().min_by_key(|&&c| libs[c].len()) {
                group.weakest_libs = libs[weakest].clone();
            }
        }
        (list, group_of)
    }

    /// Each group's own regions (bordered by its colour alone) with their eye values, its space and points; the
    /// eye values by solidly connected part are summed at the end ([`EyeCount::settle`]).
    fn count_own_regions(
        &self,
        solid: &Partition,
        holder_of: &[usize],
        group_of: &[u32],
        list: &mut [Group],
    ) -> EyeCount {
        let regions = self.regions;
        let connected = |border: &[usize]| solid.all_joined(border);
        let mut count = EyeCount { values: vec![0u8; list.len()], solid: solid.clone(), found: Vec::new() };
        for (r, region) in regions.list.iter().enumerate() {
            if !one_colour(region.colors) {
                continue;
            }
            let g = group_of[holder_of[r]] as usize;
            let value = eye_value(self.pos, regions, r, &connected, &self.libs, self.dead);
            count.found.push((region.border.clone(), value));
            let group = &mut list[g];
            group.own_regions.push(r);
            group.space = group.space.max(region.points.len());
            group.own_points += region.points.len();
            count.values[g] = count.values[g].saturating_add(value);
        }
        count
    }
}

/// A group's stones, sorted.
pub(crate) fn group_stones(pos: &Pos, group: &Group) -> Vec<Pt> {
    let mut stones: Vec<Pt> = group.chains.iter().flat_map(|&c| pos.chains[c].stones.iter().copied()).collect();
    stones.sort_unstable();
    stones
}

#[cfg(test)]
mod tests {
    use super::*;
    use gotool_go::Board;

    /// Are the chains at the two points (column, row from the top) in one group?
    fn grouped(diagram: &str, a: (usize, usize), b: (usize, usize)) -> bool {
        let pos = Pos::new(&Board::from_diagram(diagram));
        let dead = vec![false; pos.chains.len()];
        let regions = Regions::new(&pos, &dead);
        let groups = Groups::new(&pos, &regions, &dead);
        let group = |(x, y): (usize, usize)| groups.group_of[pos.chain_at((y * pos.width + x) as Pt).unwrap()];
        group(a) == group(b)
    }

    #[test]
    fn a_link_that_leaves_two_liberties_joins_nothing() {
        // B9 and D9-D8 meet at C9, where White cannot stand; connected there they would have A9 and C8 only, and
        // White at C8 puts them in atari: Black's small chains inside White's wall stay apart.
        let short = "
            . X . X O
            O O . X O
            . O O O O
            . . . . .
            ";
        assert!(!grouped(short, (1, 0), (3, 0)));
        // With E9 open, connecting at C9 leaves three liberties: a real link.
        let open = "
            . X . X .
            O O . X O
            . O O O O
            . . . . .
            ";
        assert!(grouped(open, (1, 0), (3, 0)));
    }

    #[test]
    fn a_chain_in_atari_at_an_eye_is_not_joined_through_it() {
        // Black's D9-E9 has one liberty, C9, the point beside Black's B9 and C8: White C9 captures two stones
        // and cannot be taken back at once, so C9 is no eye that holds D9-E9 to the rest.
        let captured = "
            X X . X X O .
            X X X O O O .
            . . X O . . .
            . . X O . . .
            ";
        assert!(!grouped(captured, (1, 0), (3, 0)));
        // With D9 alone, White C9 takes one stone and is taken back: a ko, which Black connects at the end.
        let ko = "
            X X . X O . .
            X X X O . . .
            . . X O . . .
            . . X O . . .
            ";
        assert!(grouped(ko, (1, 0), (3, 0)));
    }
}
