//! Tests of the life-and-seki analysis on its own: small positions whose answers were worked out by hand from
//! the rules of Go (rules.md; Japanese 1989 Article 8: the eye points of a group in seki are not territory) and
//! from what each field of [`Analysis`] is documented to mean, before the code was run.
//!
//! Diagrams are read by [`Board::from_diagram`] (rows from the top, `X` Black, `O` White); points are named in
//! board notation (`A1` is the lower-left corner, columns skip `I`), and `A1-B5` names the rectangle between two
//! corners. Stones named as dead are expanded to their whole chain, as `score` does before calling the analysis.
//!
//! What the fields mean, in Go terms:
//! * `territory`: points that count under territory counting (empty points and points under dead stones).
//! * `area`: points that count under area counting: those only that colour can reach (living stones included).
//! * `seki`: stones and space of a group the analysis takes as alive (not marked dead) without two eyes of its
//!   own. A group that is alive by the players' agreement but has fewer than two eyes can only be living in
//!   seki, so none of its points is territory.
//! * `unscorable`: false-eye points that must be filled in the end (not territory, still area).
//! * `unsealed`: space enclosed by one colour for the life test that the other colour can still walk into.
//! * `neutral`: empty points that belong to nobody (dame, shared liberties, open space).

use super::{Analysis, analyse};
use crate::grid::Grid;
use gotool_go::{Board, Color, Point, PointSet};

const BLACK: usize = Color::Black as usize;
const WHITE: usize = Color::White as usize;

/// A diagram, its dead stones and what the analysis says of them.
struct Case {
    board: Board,
    dead: PointSet,
    a: Analysis,
}

impl Case {
    /// Analyses `diagram` with the chains through the stones `dead` names marked dead.
    fn new(diagram: &str, dead: &str) -> Case {
        let board = Board::from_diagram(diagram);
        let (width, height) = (usize::from(board.width()), usize::from(board.height()));
        let mut dead_set = PointSet::empty(width, height);
        for p in parse(&board, dead) {
            assert!(board.get(p).is_some(), "dead point {} holds no stone", p.to_board_notation(board.height()));
            for s in board.chain_stones(board.loc(p)) {
                let s = board.point(s);
                dead_set.insert(usize::from(s.x), usize::from(s.y));
            }
        }
        let a = analyse(&Grid::new(&board, &dead_set));
        Case { board, dead: dead_set, a }
    }

    /// The points `spec` names (`"A1 C3 D1-E2"`).
    fn points(&self, spec: &str) -> PointSet {
        let mut set = PointSet::empty(usize::from(self.board.width()), usize::from(self.board.height()));
        for p in parse(&self.board, spec) {
            set.insert(usize::from(p.x), usize::from(p.y));
        }
        set
    }

    fn names(&self, set: &PointSet) -> String {
        let names: Vec<String> = set.sorted_points().iter().map(|p| p.to_board_notation(self.board.height())).collect();
        if names.is_empty() { "nothing".to_string() } else { names.join(" ") }
    }

    /// The board with `got` and `want` drawn over it: `#` in both, `+` only in `got`, `-` only in `want`; other
    /// points show their stone (`x`/`o` for dead ones).
    fn picture(&self, got: &PointSet, want: &PointSet) -> String {
        let (width, height) = (self.board.width(), self.board.height());
        let mut out = String::new();
        for y in 0..height {
            out.push_str(&format!("{:>2} ", height - y));
            for x in 0..width {
                let (ux, uy) = (usize::from(x), usize::from(y));
                let dead = self.dead.contains(ux, uy);
                let c = match (got.contains(ux, uy), want.contains(ux, uy)) {
                    (true, true) => '#',
                    (true, false) => '+',
                    (false, true) => '-',
                    _ => match self.board.get(Point::new(x, y)) {
                        Some(Color::Black) if dead => 'x',
                        Some(Color::Black) => 'X',
                        Some(Color::White) if dead => 'o',
                        Some(Color::White) => 'O',
                        None => '.',
                    },
                };
                out.push(' ');
                out.push(c);
            }
            out.push('\n');
        }
        out.push_str("   ");
        for x in 0..width {
            out.push(' ');
            out.push_str(&gotool_go::column_name(x));
        }
        out
    }

    /// `got` is exactly the points `want` names.
    #[track_caller]
    fn is(&self, got: &PointSet, want: &str, what: &str) {
        let want = self.points(want);
        assert!(
            *got == want,
            "{what}: got {}, want {}\n(# both, + got only, - wanted only)\n{}",
            self.names(got),
            self.names(&want),
            self.picture(got, &want)
        );
    }

    /// `got` holds every point `want` names.
    #[track_caller]
    fn has(&self, got: &PointSet, want: &str, what: &str) {
        let want = self.points(want);
        let missing = want - *got;
        assert!(
            missing.is_empty(),
            "{what}: {} missing (got {})\n(# both, + got only, - wanted only)\n{}",
            self.names(&missing),
            self.names(got),
            self.picture(got, &want)
        );
    }

    /// `got` holds none of the points `unwanted` names.
    #[track_caller]
    fn lacks(&self, got: &PointSet, unwanted: &str, what: &str) {
        let unwanted = self.points(unwanted);
        let present = unwanted & *got;
        assert!(
            present.is_empty(),
            "{what}: {} should not be there (got {})\n(# both, + got only, - wanted only)\n{}",
            self.names(&present),
            self.names(got),
            self.picture(got, &PointSet::empty(usize::from(self.board.width()), usize::from(self.board.height())))
        );
    }

    /// Neither colour's territory holds any of the points.
    #[track_caller]
    fn no_territory(&self, spec: &str) {
        self.lacks(&self.a.territory[BLACK], spec, "Black territory");
        self.lacks(&self.a.territory[WHITE], spec, "White territory");
    }

    /// Nothing is in seki.
    #[track_caller]
    fn no_seki(&self) {
        self.is(&self.a.seki[BLACK], "", "Black seki");
        self.is(&self.a.seki[WHITE], "", "White seki");
        self.is(&self.a.seki_stones, "", "seki stones");
    }
}

/// Points in board notation, `A1-B5` for a rectangle.
fn parse(board: &Board, spec: &str) -> Vec<Point> {
    let (width, height) = (board.width(), board.height());
    let one = |name: &str| {
        Point::from_board_notation(name, width, height).unwrap_or_else(|| panic!("bad point {name:?} in {spec:?}"))
    };
    let mut out = Vec::new();
    for token in spec.split_whitespace() {
        match token.split_once('-') {
            None => out.push(one(token)),
            Some((a, b)) => {
                let (a, b) = (one(a), one(b));
                for y in a.y.min(b.y)..=a.y.max(b.y) {
                    for x in a.x.min(b.x)..=a.x.max(b.x) {
                        out.push(Point::new(x, y));
                    }
                }
            }
        }
    }
    out
}

#[test]
fn the_point_helper_reads_single_points_and_rectangles() {
    let case = Case::new(
        "
        . . .
        . . .",
        "",
    );
    // A1 is the lower-left corner: column 0 of the last diagram row.
    let a1 = case.points("A1");
    assert!(a1.contains(0, 1) && a1.len() == 1);
    assert_eq!(case.points("A1-B2").len(), 4);
    assert_eq!(case.names(&case.points("C2 A1-B1")), "A1 B1 C2");
}

// ---------------------------------------------------------------------------------------------------------------
// 1. False eyes
// ---------------------------------------------------------------------------------------------------------------

/// A classic false eye on the first line.
///
/// ```text
///  5  . . . . . . . . .
///  4  . . . . . . . . .
///  3  O O O O O O O O O
///  2  X O X X X X X X X
///  1  X X . X . X . . .
///     A B C D E F G H J
/// ```
/// C1 is surrounded by Black (B1 D1 C2), but its diagonal B2 is White: the three stones A2 A1 B1 join the main
/// group C2-J2 only through C1 and have no other liberty. White can play C1 and capture them (a capture, so
/// legal), so Black must fill C1 in the end: C1 is a false eye, not territory, though it is Black's area (White
/// cannot reach it). The main group lives on its own with E1 (a real one-point eye: both diagonals D2 F2 are
/// Black) and the edge space G1 H1 J1, which are Black's territory. White's wall has the 18 points above it.
#[test]
fn false_eye_on_the_edge_must_be_filled_beside_a_real_eye() {
    let c = Case::new(
        "
        . . . . . . . . .
        . . . . . . . . .
        O O O O O O O O O
        X O X X X X X X X
        X X . X . X . . .",
        "",
    );
    c.is(&c.a.unscorable, "C1", "unscorable false eyes");
    c.is(&c.a.territory[BLACK], "E1 G1 H1 J1", "Black territory");
    c.is(&c.a.territory[WHITE], "A4-J5", "White territory");
    c.has(&c.a.area[BLACK], "C1 E1 G1 H1 J1", "Black area");
    c.no_seki();
    c.is(&c.a.neutral, "", "neutral");
}

/// A false eye in the centre, and beside it a real eye with one opposing diagonal.
///
/// ```text
///  7  . . . . . . .
///  6  O O O O O O O
///  5  O O O X O O O
///  4  X X O X O X X
///  3  X . X . X X X
///  2  X X X X X . X
///  1  X X X . X X X
///     A B C D E F G
/// ```
/// D3 has four Black neighbours, but two of its diagonals (C4 E4) are White: the two stones D4 D5 reach the big
/// Black group only through D3 and have no other liberty, so White can capture them by playing D3 and Black must
/// fill it: a false eye, Black's area but not territory. B3 has one White diagonal (C4), which in the centre does
/// not spoil an eye: its four neighbours belong to one chain that White cannot put in atari, so B3 is a real eye,
/// and so are F2 and D1 (all diagonals Black). Black's territory: B3 F2 D1. White's: the seven points of row 7.
#[test]
fn false_eye_in_the_centre_beside_a_real_eye_with_one_white_diagonal() {
    let c = Case::new(
        "
        . . . . . . .
        O O O O O O O
        O O O X O O O
        X X O X O X X
        X . X . X X X
        X X X X X . X
        X X X . X X X",
        "",
    );
    c.is(&c.a.unscorable, "D3", "unscorable false eyes");
    c.is(&c.a.territory[BLACK], "B3 F2 D1", "Black territory");
    c.is(&c.a.territory[WHITE], "A7-G7", "White territory");
    c.has(&c.a.area[BLACK], "D3 B3 F2 D1", "Black area");
    c.no_seki();
}

/// A false eye in the corner.
///
/// ```text
///  7  . X X O . . .
///  6  X X X O . . .
///  5  . . X O . . .
///  4  . . X O . . .
///  3  X X X O . . .
///  2  X O O O . . .
///  1  . X X O . . .
///     A B C D E F G
/// ```
/// A1's neighbours A2 and B1 are Black, but its only diagonal B2 is White: B1 C1 reach the main group only
/// through A1 and have no other liberty. White A1 captures them, so Black must fill A1: false, not territory,
/// Black's area. The main group lives with two eyes of its own: the corner A7 (diagonal B6 Black: real) and the
/// square four A4 B4 A5 B5 (one eye). Black's territory: A7 and the square; White's: E1-G7 (21 points).
#[test]
fn false_eye_in_the_corner() {
    let c = Case::new(
        "
        . X X O . . .
        X X X O . . .
        . . X O . . .
        . . X O . . .
        X X X O . . .
        X O O O . . .
        . X X O . . .",
        "",
    );
    c.is(&c.a.unscorable, "A1", "unscorable false eyes");
    c.is(&c.a.territory[BLACK], "A7 A4-B5", "Black territory");
    c.is(&c.a.territory[WHITE], "E1-G7", "White territory");
    c.has(&c.a.area[BLACK], "A1", "Black area");
    c.no_seki();
}

/// Two chains that share a false-looking eye but each have an eye of their own: the shared point is real.
///
/// ```text
///  5  . . . . . . . . .
///  4  . . . . . . . . .
///  3  O O O O O O O O O
///  2  X X O X X X X X X
///  1  . X X . X . X . .
///     A B C D E F G H J
/// ```
/// D1 joins the chain A2 B2 B1 C1 to the chain D2-J2 E1 G1, and its diagonal C2 is White, so it looks false.
/// But the left chain has the corner eye A1 and the right one F1 and H1 J1: White can never fill D1 (it would be
/// a suicide that captures nothing, each chain keeping another liberty White cannot take), nor A1. Every chain
/// has two eyes, nothing must be filled, and D1 is territory like A1 F1 H1 J1. (For the life test D1 is a false
/// eye; it is not one of the false eyes that must be filled.)
#[test]
fn shared_eye_of_two_chains_that_each_have_an_eye_is_territory() {
    let c = Case::new(
        "
        . . . . . . . . .
        . . . . . . . . .
        O O O O O O O O O
        X X O X X X X X X
        . X X . X . X . .",
        "",
    );
    c.is(&c.a.unscorable, "", "unscorable false eyes");
    c.is(&c.a.territory[BLACK], "A1 D1 F1 H1 J1", "Black territory");
    c.is(&c.a.territory[WHITE], "A4-J5", "White territory");
    c.no_seki();
}

/// Two false eyes: a dead-looking group, as far as the analysis goes.
///
/// ```text
///  5  . . . . . . .
///  4  . . . . . . .
///  3  O O O O O O O
///  2  O X X O X X O
///  1  O X . X . X O
///     A B C D E F G
/// ```
/// B1 B2 C2 have only the liberty C1, E2 F2 F1 only E1, and D1 lives on C1 and E1: C1 and E1 are both false
/// (White D2 spoils both), and White captures the lot by playing them. In Go the group is dead. The analysis does
/// not decide life: that is the caller's marking. Unmarked, the group counts as alive, and alive without a real
/// eye it could only be living in seki, so its points are nobody's territory and land in Black's `seki`; both
/// false eyes must be filled (unscorable). White's 14 points above are White's either way. Marked dead, the
/// whole bottom (stones and both points) is White's territory, with no seki and nothing unscorable.
#[test]
fn two_false_eyes_give_no_territory_and_all_to_white_once_marked_dead() {
    let diagram = "
        . . . . . . .
        . . . . . . .
        O O O O O O O
        O X X O X X O
        O X . X . X O";
    let c = Case::new(diagram, "");
    c.is(&c.a.unscorable, "C1 E1", "unscorable false eyes");
    c.is(&c.a.territory[BLACK], "", "Black territory");
    c.is(&c.a.territory[WHITE], "A4-G5", "White territory");
    c.is(&c.a.seki[BLACK], "B1-C2 D1-F1 E2-F2", "Black seki");
    c.is(&c.a.seki[WHITE], "", "White seki");
    c.is(&c.a.seki_stones, "B1 B2 C2 D1 E2 F2 F1", "seki stones");
    c.has(&c.a.area[BLACK], "C1 E1", "Black area");

    let c = Case::new(diagram, "B1 D1 F1");
    c.is(&c.a.territory[WHITE], "A4-G5 B1-F1 B2 C2 E2 F2", "White territory");
    c.is(&c.a.territory[BLACK], "", "Black territory");
    c.is(&c.a.unscorable, "", "unscorable false eyes");
    c.no_seki();
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Eye values, as the seki and territory decisions show them
// ---------------------------------------------------------------------------------------------------------------

/// Two real eyes: the group lives and its eyes are territory.
///
/// ```text
///  7  . . . . . . .
///  6  . . . . . . .
///  5  . . . . . . .
///  4  O O O O O . .
///  3  X X X X O . .
///  2  X . X X O . .
///  1  X X . X O . .
///     A B C D E F G
/// ```
/// The Black chain has exactly two liberties, B2 and C1, each surrounded by it (all diagonals Black or the other
/// eye): White can play neither, so it lives. Territory: Black B2 C1; White everything outside (rows 5-7 and
/// F1-G4, 29 points).
#[test]
fn two_real_eyes_are_territory() {
    let c = Case::new(
        "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        O O O O O . .
        X X X X O . .
        X . X X O . .
        X X . X O . .",
        "",
    );
    c.is(&c.a.territory[BLACK], "B2 C1", "Black territory");
    c.is(&c.a.territory[WHITE], "A5-G7 F1-G4", "White territory");
    c.is(&c.a.unscorable, "", "unscorable false eyes");
    c.no_seki();
}

/// One real eye and one false eye are not two eyes.
///
/// ```text
///  5  . . . . . . . .
///  4  . . . . . . . .
///  3  O O O O O O O O
///  2  O X X X X O O O
///  1  O X . X . X X O
///     A B C D E F G H
/// ```
/// C1 is a real eye (B1 D1 C2 and both diagonals Black). E1 is false: its diagonal F2 is White and F1 G1 hang on
/// it alone, so White E1 captures them; then the group has the single liberty C1 and dies. Unmarked, the group is
/// alive by agreement with one eye: seki, so C1 is not territory (Article 8), and E1 must be filled anyway
/// (unscorable). Marked dead, everything below row 3 is White's territory.
#[test]
fn one_eye_and_a_false_eye_make_no_territory() {
    let diagram = "
        . . . . . . . .
        . . . . . . . .
        O O O O O O O O
        O X X X X O O O
        O X . X . X X O";
    let c = Case::new(diagram, "");
    c.is(&c.a.unscorable, "E1", "unscorable false eyes");
    c.is(&c.a.territory[BLACK], "", "Black territory");
    c.is(&c.a.territory[WHITE], "A4-H5", "White territory");
    c.is(&c.a.seki[BLACK], "B1-G1 B2-E2", "Black seki");
    c.is(&c.a.seki_stones, "B1 D1 F1 G1 B2-E2", "seki stones");
    c.has(&c.a.area[BLACK], "C1 E1", "Black area");

    let c = Case::new(diagram, "B1 F1");
    c.is(&c.a.territory[WHITE], "A4-H5 B1-G1 B2-E2", "White territory");
    c.is(&c.a.unscorable, "", "unscorable false eyes");
    c.no_seki();
}

/// A big eye worth two: the straight four on the first line.
///
/// ```text
///  5  . . . . . . . .
///  4  . . . . . . . .
///  3  O O O O O O O O
///  2  O X X X X X X O
///  1  O X . . . . X O
///     A B C D E F G H
/// ```
/// The one eye C1-F1 is a straight four: if White plays D1 Black answers E1 (and the other way round), leaving
/// two eyes, so the group lives with one space and that space is territory.
#[test]
fn straight_four_is_a_big_eye_worth_two() {
    let c = Case::new(
        "
        . . . . . . . .
        . . . . . . . .
        O O O O O O O O
        O X X X X X X O
        O X . . . . X O",
        "",
    );
    c.is(&c.a.territory[BLACK], "C1-F1", "Black territory");
    c.is(&c.a.territory[WHITE], "A4-H5", "White territory");
    c.no_seki();
}

/// A bent four in the corner with all four points empty is a big eye worth two.
///
/// ```text
///  5  . . . . . . .
///  4  O O O . . . .
///  3  X X O O O . .
///  2  . X X X O . .
///  1  . . . X O . .
///     A B C D E F G
/// ```
/// The space A2 A1 B1 C1 is a chain of four points (A2-A1-B1-C1), topologically a straight four: White A1 is
/// answered by B1 and White B1 by A1, and Black has two eyes either way (White cannot then fill the last point
/// of either: a suicide that captures nothing). The group lives: the four points are Black's territory, and
/// White's wall has the 17 points outside. (The position called "bent four in the corner" has stones inside the space; see
/// `bent_four_in_the_corner_with_the_ko_is_for_the_players_to_mark_dead`.)
#[test]
fn empty_bent_four_in_the_corner_is_a_big_eye_worth_two() {
    let c = Case::new(
        "
        . . . . . . .
        O O O . . . .
        X X O O O . .
        . X X X O . .
        . . . X O . .",
        "",
    );
    c.is(&c.a.territory[BLACK], "A1-C1 A2", "Black territory");
    c.is(&c.a.territory[WHITE], "A5-G5 D4-G4 F1-G3", "White territory");
    c.no_seki();
}

/// A big eye worth one: the square four in the corner.
///
/// ```text
///  7  . . . . . . .
///  6  . . . . . . .
///  5  . . . . . . .
///  4  O O O O . . .
///  3  X X X O . . .
///  2  . . X O . . .
///  1  . . X O . . .
///     A B C D E F G
/// ```
/// No Black move inside a square four splits it, so it is one eye and the group is dead in Go. Unmarked, it is
/// alive by agreement with one eye, so in seki: no territory, all of it in Black's `seki`. Marked dead, White's
/// territory is the whole board but its own stones (49 - 7 = 42 points).
#[test]
fn square_four_is_a_big_eye_worth_one() {
    let diagram = "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        O O O O . . .
        X X X O . . .
        . . X O . . .
        . . X O . . .";
    let c = Case::new(diagram, "");
    c.is(&c.a.territory[BLACK], "", "Black territory");
    c.is(&c.a.territory[WHITE], "A5-G7 E1-G4", "White territory");
    c.is(&c.a.seki[BLACK], "A1-C3", "Black seki");
    c.is(&c.a.seki[WHITE], "", "White seki");
    c.is(&c.a.unscorable, "", "unscorable false eyes");
    c.has(&c.a.area[BLACK], "A1-B2", "Black area");

    let c = Case::new(diagram, "A3");
    c.is(&c.a.territory[WHITE], "A5-G7 E1-G4 A1-C3", "White territory");
    c.no_seki();
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Seki
// ---------------------------------------------------------------------------------------------------------------

/// Seki without eyes: two inner groups share their only two liberties.
///
/// ```text
///  7  . O X . O X . . .
///  6  . O X . O X . . .
///  5  . O X X O X . . .
///  4  . O O O X X . . .
///  3  . . . O X . . . .
///  2  . . . O X . . . .
///  1  . . . O X . . . .
///     A B C D E F G H J
/// ```
/// Black's C7 C6 C5 D5, held in by White's living wall, and White's E7 E6 E5, held in by Black's, both have
/// exactly the liberties D7 and D6. Whoever fills one is left with the other alone and is captured there (and the
/// capturer's inner group then joins its own wall), so neither does: seki. D7 D6 are shared liberties: nobody's
/// territory or area, neutral. The walls live with their territories: Black F1-F3 and G1-J7 (24), White A1-A7 and
/// B1-C3 (13). The inner groups are the seki stones.
#[test]
fn seki_without_eyes() {
    let c = Case::new(
        "
        . O X . O X . . .
        . O X . O X . . .
        . O X X O X . . .
        . O O O X X . . .
        . . . O X . . . .
        . . . O X . . . .
        . . . O X . . . .",
        "",
    );
    c.is(&c.a.seki[BLACK], "C5-C7 D5", "Black seki");
    c.is(&c.a.seki[WHITE], "E5-E7", "White seki");
    c.is(&c.a.seki_stones, "C5-C7 D5 E5-E7", "seki stones");
    c.is(&c.a.territory[BLACK], "F1-F3 G1-J7", "Black territory");
    c.is(&c.a.territory[WHITE], "A1-A7 B1-C3", "White territory");
    c.is(&c.a.neutral, "D6 D7", "neutral");
    c.lacks(&c.a.area[BLACK], "D6 D7", "Black area");
    c.lacks(&c.a.area[WHITE], "D6 D7", "White area");
    c.is(&c.a.unscorable, "", "unscorable false eyes");
}

/// Seki with one eye each and one shared liberty.
///
/// ```text
///  7  . X X . O O O O .
///  6  X X X X O X X O O
///  5  O O O O X X X X X
///  4  . . . O X . . . .
///  3  . . . O X . . . .
///  2  . . . O X . . . .
///  1  . . . O X . . . .
///     A B C D E F G H J
/// ```
/// Black's inner group A6-D6 B7 C7 has the corner eye A7 and the liberty D7; White's E7-H7 E6 H6 J6 has the corner
/// eye J7 and the same D7. Whoever fills D7 has only his eye left and is captured in it; neither can play in the
/// other's eye (a suicide that captures nothing). Seki: the eyes A7 and J7 are area but not territory, D7 is
/// neutral. Walls: Black F1-J4 (16), White A1-C4 (12).
#[test]
fn seki_with_one_eye_each() {
    let c = Case::new(
        "
        . X X . O O O O .
        X X X X O X X O O
        O O O O X X X X X
        . . . O X . . . .
        . . . O X . . . .
        . . . O X . . . .
        . . . O X . . . .",
        "",
    );
    c.is(&c.a.seki[BLACK], "A6-D6 A7-C7", "Black seki");
    c.is(&c.a.seki[WHITE], "E7-H7 J7 E6 H6 J6", "White seki");
    c.is(&c.a.seki_stones, "A6-D6 B7 C7 E7-H7 E6 H6 J6", "seki stones");
    c.is(&c.a.territory[BLACK], "F1-J4", "Black territory");
    c.is(&c.a.territory[WHITE], "A1-C4", "White territory");
    c.no_territory("A7 J7 D7");
    c.has(&c.a.area[BLACK], "A7", "Black area");
    c.has(&c.a.area[WHITE], "J7", "White area");
    c.is(&c.a.neutral, "D7", "neutral");
    c.lacks(&c.a.area[BLACK], "D7", "Black area");
    c.lacks(&c.a.area[WHITE], "D7", "White area");
}

/// Seki with a dead stone inside an eye: the position above with a White stone on B7.
///
/// ```text
///  7  . o X . O O O O .
///  6  X X X X O X X O O
///  5  O O O O X X X X X
///  4  . . . O X . . . .
///  3  . . . O X . . . .
///  2  . . . O X . . . .
///  1  . . . O X . . . .
///     A B C D E F G H J
/// ```
/// The White stone B7 has the single liberty A7 and Black can take it whenever he likes: it is dead (a prisoner).
/// White cannot play A7 (a suicide that captures nothing: Black still has D7). Black's eye is now A7 B7, and the
/// seki is as before: if Black fills D7, White captures at A7. So A7 and B7 (under the dead stone) are Black's
/// area and seki, not territory (rules.md section 4: a dead stone in a seki eye is a prisoner, its point is not
/// territory).
#[test]
fn seki_with_a_dead_stone_inside_an_eye() {
    let c = Case::new(
        "
        . O X . O O O O .
        X X X X O X X O O
        O O O O X X X X X
        . . . O X . . . .
        . . . O X . . . .
        . . . O X . . . .
        . . . O X . . . .",
        "B7",
    );
    c.is(&c.a.seki[BLACK], "A6-D6 A7-C7", "Black seki");
    c.is(&c.a.seki[WHITE], "E7-H7 J7 E6 H6 J6", "White seki");
    c.is(&c.a.seki_stones, "A6-D6 C7 E7-H7 E6 H6 J6", "seki stones");
    c.is(&c.a.territory[BLACK], "F1-J4", "Black territory");
    c.is(&c.a.territory[WHITE], "A1-C4", "White territory");
    c.no_territory("A7 B7 D7 J7");
    c.has(&c.a.area[BLACK], "A7 B7", "Black area");
    c.is(&c.a.unscorable, "", "unscorable false eyes");
    c.is(&c.a.neutral, "D7", "neutral");
}

/// The "bent four in the corner": a seki-looking shape that Japanese rules call dead, for the players to mark.
///
/// ```text
///  7  . O . O X . .
///  6  O O O X X . .
///  5  X X X X . . .
///  4  . . . . . . .
///  3  . . . . . . .
///  2  . . . . . . .
///  1  . . . . . . .
///     A B C D E F G
/// ```
/// White's corner B7 A6 B6 C6 has the liberties A7 and C7; D7 hangs on C7. White cannot fill C7 (then A7 is his
/// last liberty) nor A7. Black can play C7 at any time, capturing D7, and White must retake at D7: a ko that
/// Black starts when he likes, after removing White's ko threats. Japanese rules therefore call White dead; the
/// analysis has no rule for it and the players must mark it. Unmarked, White's corner is alive by agreement with
/// one real eye (A7; C7 is false, D7 joining only through it): seki, no territory for White, and C7 unscorable.
/// Marked dead, the whole corner is Black's territory.
#[test]
fn bent_four_in_the_corner_with_the_ko_is_for_the_players_to_mark_dead() {
    let diagram = "
        . O . O X . .
        O O O X X . .
        X X X X . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .";
    let c = Case::new(diagram, "");
    c.is(&c.a.seki[WHITE], "A6-C6 A7-D7", "White seki");
    c.is(&c.a.seki[BLACK], "", "Black seki");
    c.is(&c.a.territory[WHITE], "", "White territory");
    c.is(&c.a.territory[BLACK], "A1-G4 E5-G5 F6-G7", "Black territory");
    c.is(&c.a.unscorable, "C7", "unscorable false eyes");
    c.has(&c.a.area[WHITE], "A7 C7", "White area");

    let c = Case::new(diagram, "B7 D7");
    c.is(&c.a.territory[BLACK], "A1-G4 E5-G5 F6-G7 A6-C6 A7-D7", "Black territory");
    c.is(&c.a.unscorable, "", "unscorable false eyes");
    c.no_seki();
}

// ---------------------------------------------------------------------------------------------------------------
// 4. Connection blocks
// ---------------------------------------------------------------------------------------------------------------

/// A one-point gap in a wall: closed for life, not sealed for territory.
///
/// ```text
///  5  . . X . O . .
///  4  . . X . O . .
///  3  . . . . O . .
///  2  . . X . O . .
///  1  . . X . O . .
///     A B C D E F G
/// ```
/// Black's wall has a hole at C3. One Black move closes it, so the space A1-B5 behind it still makes the wall's
/// eyes: the wall is alive, not in seki. But the space is not territory yet: through C3 and the dame D1-D5 it
/// touches White (Article 8 wants points surrounded by one colour only), and White C3 would have to be answered.
/// So A1-B5 are unsealed (enclosed for the life test, open to White), and nobody's territory or area. C3 and the
/// D line are dame: neutral. White's wall is solid: F1-G5 is White's territory.
#[test]
fn one_point_gap_in_a_wall_is_closed_for_life_but_not_sealed() {
    let c = Case::new(
        "
        . . X . O . .
        . . X . O . .
        . . . . O . .
        . . X . O . .
        . . X . O . .",
        "",
    );
    c.is(&c.a.unsealed, "A1-B5", "unsealed");
    c.is(&c.a.territory[BLACK], "", "Black territory");
    c.is(&c.a.territory[WHITE], "F1-G5", "White territory");
    c.lacks(&c.a.area[BLACK], "A1-B5 C3 D1-D5", "Black area");
    c.is(&c.a.neutral, "C3 D1-D5", "neutral");
    c.no_seki();
}

/// A tiger's mouth is a closed border.
///
/// ```text
///  5  . . X . O . .
///  4  . . X . O . .
///  3  . X . . O . .
///  2  . . X . O . .
///  1  . . X . O . .
///     A B C D E F G
/// ```
/// C3 is open to White only from D3: a White stone there would have the single liberty D3 and be captured at
/// once, so the mouth C4 B3 C2 holds. Every empty point behind the wall (A1-A5 B1 B2 B4 B5) touches Black alone:
/// Black's territory, sealed. C3 itself touches the dame D3: it is a dame too (neutral), like D1-D5.
#[test]
fn tiger_mouth_is_a_closed_border() {
    let c = Case::new(
        "
        . . X . O . .
        . . X . O . .
        . X . . O . .
        . . X . O . .
        . . X . O . .",
        "",
    );
    c.is(&c.a.territory[BLACK], "A1-A5 B1 B2 B4 B5", "Black territory");
    c.is(&c.a.territory[WHITE], "F1-G5", "White territory");
    c.is(&c.a.unsealed, "", "unsealed");
    c.is(&c.a.neutral, "C3 D1-D5", "neutral");
    c.no_territory("C3");
    c.no_seki();
}

// ---------------------------------------------------------------------------------------------------------------
// 5. Dead stones next to dame, open borders
// ---------------------------------------------------------------------------------------------------------------

/// Dead stones inside sealed territory on both sides of a line of dame.
///
/// ```text
///  5  . . X . O . .
///  4  . o X . O . .
///  3  . o X . O . .
///  2  . . X . O x .
///  1  . . X . O . .
///     A B C D E F G
/// ```
/// The White pair B4 B3 lies inside Black's solid wall, the Black stone F2 inside White's, both marked dead. Each
/// wall is closed, so the points under the dead stones are territory with the empty points around them: Black
/// A1-B5 (10), White F1-G5 (10). The dame D1-D5 between the walls stay neutral.
#[test]
fn dead_stones_in_sealed_territory_beside_dame() {
    let c = Case::new(
        "
        . . X . O . .
        . O X . O . .
        . O X . O . .
        . . X . O X .
        . . X . O . .",
        "B4 F2",
    );
    c.is(&c.a.territory[BLACK], "A1-B5", "Black territory");
    c.is(&c.a.territory[WHITE], "F1-G5", "White territory");
    c.is(&c.a.neutral, "D1-D5", "neutral");
    c.is(&c.a.unsealed, "", "unsealed");
    c.is(&c.a.unscorable, "", "unscorable false eyes");
    c.no_seki();
}

/// A dead stone in the gap of a wall, next to dame, leaves the border open.
///
/// ```text
///  5  . . X . O . .
///  4  . . X . O . .
///  3  . . o . O . .
///  2  . . X . O . .
///  1  . . X . O . .
///     A B C D E F G
/// ```
/// The White stone C3 is marked dead: a prisoner, taken off the board in the count. Its point then is a hole in
/// Black's wall next to the dame D3, so A1-B5 are not surrounded by Black alone and are not territory; nor is C3
/// itself. Unlike the empty gap of `one_point_gap_in_a_wall_is_closed_for_life_but_not_sealed`, White's reach
/// walks through the dead stone, so A1-B5 are open space both colours reach: neutral, like the dame D1-D5, and no
/// one's area. White's side is sealed: F1-G5. (Whether the wall then has eyes enough is not asserted: the
/// position is not finished.)
#[test]
fn dead_stone_in_a_wall_gap_next_to_dame_opens_the_border() {
    let c = Case::new(
        "
        . . X . O . .
        . . X . O . .
        . . O . O . .
        . . X . O . .
        . . X . O . .",
        "C3",
    );
    c.is(&c.a.territory[BLACK], "", "Black territory");
    c.no_territory("C3");
    c.lacks(&c.a.area[BLACK], "A1-B5 C3 D1-D5", "Black area");
    c.lacks(&c.a.area[WHITE], "A1-B5 C3 D1-D5", "White area");
    c.is(&c.a.neutral, "A1-B5 D1-D5", "neutral");
    c.is(&c.a.unsealed, "", "unsealed");
    c.is(&c.a.territory[WHITE], "F1-G5", "White territory");
}

/// A one-point gap with a dead stone behind it: still closed for life, open for territory.
///
/// ```text
///  5  . . X . O . .
///  4  . . X . O . .
///  3  . o . . O . .
///  2  . . X . O . .
///  1  . . X . O . .
///     A B C D E F G
/// ```
/// The White stone B3 is marked dead. Once it is taken off, B3 and C3 are a hole two points wide in Black's wall,
/// next to the dame D3: A1-B5 are not surrounded by Black alone, so none of them is territory, B3 included. For
/// the life test the gap C3 is still a one-point gap (a dead opposing stone beside it does not open it), so
/// A1-B5 stay Black's enclosed space, which White can still reach: unsealed. The empty points behind the wall
/// form one chain that touches nothing but Black's stones and the dead stone, so only the way White walks in (over
/// C3 and through the dead stone) tells that the border is open.
#[test]
fn dead_stone_behind_a_one_point_gap_keeps_the_border_open() {
    let c = Case::new(
        "
        . . X . O . .
        . . X . O . .
        . O . . O . .
        . . X . O . .
        . . X . O . .",
        "B3",
    );
    c.is(&c.a.territory[BLACK], "", "Black territory");
    c.no_territory("A1-B5 C3");
    c.is(&c.a.unsealed, "A1-B5", "unsealed");
    c.lacks(&c.a.area[BLACK], "A1-B5 C3 D1-D5", "Black area");
    c.is(&c.a.neutral, "C3 D1-D5", "neutral");
    c.is(&c.a.territory[WHITE], "F1-G5", "White territory");
    c.no_seki();
}
