//! Eye shapes and eye values: the spaces a single move of the opponent reduces to one eye, real and false
//! one-point eyes, the corner shapes that are a ko, and the one-point eye a chain hangs on.

use super::liberties::can_stand;
use crate::estimate::pos::{Pos, Pt, Regions};

/// Shapes of eye spaces of 4 to 6 points that a single move of the opponent reduces to one eye: the square four,
/// the pyramid four, the bulky five, the crossed five and the rabbity six. Each is the only shape of its size
/// with its points' numbers of neighbours inside the space, sorted (the bulky five is the only five-point shape
/// holding a square).
fn dead_shape(neighbour_counts: &mut [usize]) -> bool {
    neighbour_counts.sort_unstable();
    matches!(
        neighbour_counts,
        // Square four: every point has two neighbours in the space.
        [2, 2, 2, 2]
        // Pyramid four: a centre with three arms.
        | [1, 1, 1, 3]
        // Bulky five: a square with one point added beside one of its corners.
        | [1, 2, 2, 2, 3]
        // Crossed five: a centre with four arms.
        | [1, 1, 1, 1, 4]
        // Rabbity six: a centre with four arms, and one more point touching two of them.
        | [1, 1, 2, 2, 2, 4]
    )
}

/// The eye value of a space seen as empty once what stands on it is captured: 2 when it is roomy (seven points
/// or more, or four to six that are not a dead shape), 1 when small or a dead shape.
pub(crate) fn space_value(pos: &Pos, points: &[Pt]) -> u8 {
    let size = points.len();
    if size >= 7 {
        return 2;
    }
    if size <= 3 {
        return 1;
    }
    if dead_shape(&mut neighbours_inside(pos, points)) { 1 } else { 2 }
}

/// The eye value (0, 1 or 2) of a region bordered by one colour alone, seen from that colour. `connected` tells
/// whether chains are joined without the region (by solid connections).
pub(crate) fn eye_value(
    pos: &Pos,
    regions: &Regions,
    r: usize,
    connected: &dyn Fn(&[usize]) -> bool,
    libs: &[Vec<Pt>],
    dead: &[bool],
) -> u8 {
    let region = &regions.list[r];
    if region.points.len() == 1 {
        // A one-point eye is real when the chains around it are joined without it; otherwise the diagonal rule.
        if region.border.len() <= 1 || connected(&region.border) {
            return 1;
        }
        return u8::from(!false_by_diagonals(pos, libs, dead, region.points[0], region.border[0]));
    }
    space_value(pos, &region.points)
}

/// The diagonal rule for the one-point eye at `p` held by chain `holder`: it is false when the opponent holds two
/// diagonal points (one on the edge).
fn false_by_diagonals(pos: &Pos, libs: &[Vec<Pt>], dead: &[bool], p: Pt, holder: usize) -> bool {
    let color = pos.chains[holder].color;
    let (diagonals, off) = pos.diagonals(p);
    // In half points: an opposing stone holds a diagonal (2), an empty diagonal the opponent can stand on
    // half holds it (1); the edge counts as one diagonal held.
    let edge = if off > 0 { 2 } else { 0 };
    let held: u32 = diagonals
        .iter()
        .map(|&d| match pos.chain_at(d) {
            Some(c) if dead[c] => 0,
            Some(c) => 2 * u32::from(pos.chains[c].color != color),
            None => u32::from(can_stand(pos, libs, dead, d, color.opponent())),
        })
        .sum();
    edge + held >= 4
}

/// Whether a space (sorted) is one of the corner shapes that are a ko for the opponent, not two eyes, once the
/// group around it has no liberties outside it: the bent four with its bend on the corner point and the
/// rectangular six holding a corner point.
pub(crate) fn corner_ko_shape(pos: &Pos, points: &[Pt]) -> bool {
    let corner = |p: Pt| {
        let (x, y) = (usize::from(p) % pos.width, usize::from(p) / pos.width);
        (x == 0 || x == pos.width - 1) && (y == 0 || y == pos.height - 1)
    };
    let inside = neighbours_inside(pos, points);
    let mut counts = inside.clone();
    counts.sort_unstable();
    match counts.as_slice() {
        // A path of four points, bent on the corner.
        [1, 1, 2, 2] => points.iter().zip(&inside).any(|(&p, &n)| n == 2 && corner(p)),
        // Two rows of three: the only six-point shape with these counts.
        [2, 2, 2, 2, 3, 3] => points.iter().any(|&p| corner(p)),
        _ => false,
    }
}

/// For each of a space's points (sorted), how many of its neighbours are in the space.
fn neighbours_inside(pos: &Pos, points: &[Pt]) -> Vec<usize> {
    points.iter().map(|&p| pos.neighbours(p).iter().filter(|q| points.binary_search(q).is_ok()).count()).collect()
}

/// The eye value of a set of points (sorted) that may fall apart into several spaces: the sum of theirs, up to 2.
pub(crate) fn components_value(pos: &Pos, points: &[Pt]) -> u8 {
    let mut seen = vec![false; points.len()];
    let mut total = 0u8;
    for start in 0..points.len() {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut stack = vec![points[start]];
        let mut component = Vec::new();
        while let Some(p) = stack.pop() {
            component.push(p);
            for q in pos.neighbours(p) {
                if let Ok(i) = points.binary_search(q)
                    && !seen[i]
                {
                    seen[i] = true;
                    stack.push(*q);
                }
            }
        }
        component.sort_unstable();
        total = total.saturating_add(space_value(pos, &component));
    }
    total.min(2)
}

/// The one-point eye chain `c` hangs on, with `libs_of` giving each chain's liberties: its only liberty, an empty
/// point every neighbour of which is a stone of its colour, where the opponent takes more than one stone, so no
/// ko (one stone taken by a stone left in atari is a ko, which the owner connects at the end). The point is no
/// eye that holds the chain to the rest; and reading keeps the chain on the board, with the group around the eye,
/// even when it is judged dead: the opponent takes it by playing in the eye, which the reading must see.
pub(crate) fn hangs_on_eye<'a>(pos: &Pos, c: usize, libs_of: impl Fn(usize) -> &'a [Pt]) -> Option<Pt> {
    let color = pos.chains[c].color;
    let &[p] = libs_of(c) else { return None };
    let around = pos.neighbours(p);
    if !around.iter().all(|&q| pos.stone[usize::from(q)] == Some(color)) {
        return None;
    }
    let mut taken: Vec<usize> =
        around.iter().filter_map(|&q| pos.chain_at(q)).filter(|&d| libs_of(d).len() == 1).collect();
    taken.sort_unstable();
    taken.dedup();
    (taken.iter().map(|&d| pos.chains[d].stones.len()).sum::<usize>() > 1).then_some(p)
}

/// The one-point eye chain `c` hangs on in the position as it stands ([`hangs_on_eye`] with the chains' own
/// liberties, whatever is judged dead).
pub(crate) fn hangs_as_played(pos: &Pos, c: usize) -> Option<Pt> {
    hangs_on_eye(pos, c, |d| &pos.chains[d].libs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gotool_go::Board;

    /// The value of the space marked `*` on a diagram (other points are ignored).
    fn value_of(diagram: &str) -> u8 {
        let (pos, points) = starred(diagram);
        space_value(&pos, &points)
    }

    /// The position of a diagram and its points marked `*`, sorted.
    fn starred(diagram: &str) -> (Pos, Vec<Pt>) {
        let board = Board::from_diagram(&diagram.replace('*', "."));
        let pos = Pos::new(&board);
        let rows: Vec<Vec<char>> = diagram
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<char>>())
            .filter(|r| !r.is_empty())
            .collect();
        let mut points = Vec::new();
        for (y, row) in rows.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                if c == '*' {
                    points.push((y * pos.width + x) as Pt);
                }
            }
        }
        (pos, points)
    }

    #[test]
    fn corner_shapes_short_of_liberties_are_a_ko() {
        let ko = |diagram: &str| {
            let (pos, points) = starred(diagram);
            corner_ko_shape(&pos, &points)
        };
        // The bent four bent on the corner point, and the rectangular six in the corner.
        assert!(ko("* * . .\n* . . .\n* . . .\n. . . ."));
        assert!(ko("* * * .\n* * * .\n. . . .\n. . . ."));
        // Bent elsewhere, a zigzag from the corner, the straight four, the rectangular six on the side.
        assert!(!ko("* . . .\n* . . .\n* * . .\n. . . ."));
        assert!(!ko("* * . .\n. * * .\n. . . .\n. . . ."));
        assert!(!ko("* * * *\n. . . .\n. . . .\n. . . ."));
        assert!(!ko(". * * * .\n. * * * .\n. . . . .\n. . . . ."));
    }

    #[test]
    fn separate_spaces_add_their_eyes() {
        let (pos, two) = starred(". . . . .\n. * . * .\n. . . . .");
        assert_eq!(components_value(&pos, &two), 2);
        let (pos, one) = starred(". . . . .\n. * * . .\n. . . . .");
        assert_eq!(components_value(&pos, &one), 1);
    }

    #[test]
    fn the_five_killable_shapes_are_worth_one_eye() {
        // Square four, pyramid four, bulky five, crossed five, rabbity six.
        assert_eq!(value_of(". . . .\n. * * .\n. * * .\n. . . ."), 1);
        assert_eq!(value_of(". . . . .\n. * * * .\n. . * . .\n. . . . ."), 1);
        assert_eq!(value_of(". . . . .\n. * * * .\n. * * . .\n. . . . ."), 1);
        assert_eq!(value_of(". . . . .\n. . * . .\n. * * * .\n. . * . .\n. . . . ."), 1);
        assert_eq!(value_of(". . . . .\n. . * . .\n. * * * .\n. . * * .\n. . . . ."), 1);
    }

    #[test]
    fn other_shapes_of_four_to_six_points_make_two_eyes() {
        // Straight and bent four, the L and T fives, a square with two tails.
        assert_eq!(value_of(". . . . . .\n. * * * * .\n. . . . . ."), 2);
        assert_eq!(value_of(". . . . .\n. * * * .\n. . . * .\n. . . . ."), 2);
        assert_eq!(value_of(". . . . . .\n. * * * * .\n. . . . * .\n. . . . . ."), 2);
        assert_eq!(value_of(". . . . .\n. * * * .\n. . * . .\n. . * . .\n. . . . ."), 2);
        assert_eq!(value_of(". . . . . .\n. * * * . .\n. . * * . .\n. . . * . .\n. . . . . ."), 2);
    }

    #[test]
    fn small_spaces_make_one_eye_and_large_ones_two() {
        assert_eq!(value_of(". . . . .\n. * * * .\n. . . . ."), 1);
        assert_eq!(value_of(". . . . . . . . .\n. * * * * * * * .\n. . . . . . . . ."), 2);
    }
}
