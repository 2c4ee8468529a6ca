//! Points a colour must fill to save a chain short of liberties, on small diagrams counted by hand before the
//! code was run: which points, both colours' territory (Japanese) and area (Chinese), and the term that explains
//! the difference of margins. Diagrams as in `life_tests.rs` (`X` Black, `O` White, rows from the top; `A1` is
//! the lower-left corner, columns skip `I`). Every stone is alive, komi 0, Japanese rules; no stone was
//! captured, so stone parity is Black's stones minus White's on the board.

use crate::{ScoreInput, score};
use gotool_go::{Board, Color, Point, Preset};
use gotool_model::Score;

/// What one diagram is expected to give.
struct Expected {
    /// The points each colour must fill, board notation, sorted as the JSON lists them (SGF order).
    fill: &'static str,
    /// Territory under territory counting: Black, White.
    territory: [u32; 2],
    /// Living stones: Black, White.
    stones: [u32; 2],
    /// Area under area counting (empty points only; the stones come on top): Black, White.
    area: [u32; 2],
    /// The Japanese and the Chinese result.
    results: [&'static str; 2],
    /// The terms of the margin identity, `name value`.
    terms: &'static [&'static str],
}

fn score_diagram(diagram: &str) -> (Board, Score) {
    let board = Board::from_diagram(diagram);
    let placed = [board.stones_on_board(Color::Black), board.stones_on_board(Color::White)];
    let rules = Preset::Japanese.rules();
    let s = score(&ScoreInput {
        board: &board,
        dead: &[],
        dead_from_markup: false,
        territory_marks: None,
        prisoners: [0, 0],
        placed,
        komi: 0.0,
        handicap: 0,
        rules: &rules,
        handicap_bonus: None,
    });
    (board, s)
}

#[track_caller]
fn check(diagram: &str, want: &Expected) {
    let (board, s) = score_diagram(diagram);
    let names = |points: &[Point]| points.iter().map(|p| p.to_board_notation(board.height())).collect::<Vec<_>>();
    let (j, c) = (&s.japanese, &s.chinese);
    assert_eq!([j.black.territory, j.white.territory], want.territory, "territory (Japanese)");
    let fill = s.terms.iter().find(|t| t.name == "fill-points").map_or(Vec::new(), |t| names(&t.points.0));
    assert_eq!(fill.join(" "), want.fill, "points to fill");
    assert_eq!([c.black.stones, c.white.stones], want.stones.map(Some), "stones");
    assert_eq!([c.black.territory, c.white.territory], want.area, "area (Chinese)");
    assert_eq!(
        [j.black.total, j.white.total],
        want.territory.map(f64::from),
        "Japanese totals (territory, no prisoners, komi 0)"
    );
    let area_totals = [0, 1].map(|i| f64::from(want.stones[i] + want.area[i]));
    assert_eq!([c.black.total, c.white.total], area_totals, "Chinese totals (stones + area)");
    assert_eq!([j.result.as_str(), c.result.as_str()], want.results, "results");
    let terms: Vec<String> = s.terms.iter().map(|t| format!("{} {}", t.name, t.value)).collect();
    assert_eq!(terms, want.terms, "terms: {:#?}", s.terms);
    let sum: f64 = s.terms.iter().map(|t| t.value).sum();
    assert!((s.margin_difference - sum).abs() < 1e-9, "the terms add up to the difference of margins");
    // A point to fill is area, not territory, and only its owner's.
    for p in &s.terms.iter().find(|t| t.name == "fill-points").map_or(Vec::new(), |t| t.points.0.clone()) {
        let in_area = s.points.area_only.black.contains(p) || s.points.area_only.white.contains(p);
        let in_territory = s.points.territory.black.contains(p) || s.points.territory.white.contains(p);
        assert!(in_area && !in_territory, "{} is area only", p.to_board_notation(board.height()));
    }
}

/// The class of the issue, in the corner: a chain whose only liberties are two points inside its own territory,
/// one of which the opponent can take with a stone that cannot be captured at once.
///
/// ```text
///  7  . . . . . . .
///  6  . . . . . . .
///  5  O O O O O O O
///  4  X X O X X X X
///  3  . X O X . . .
///  2  . . X X . . .
///  1  . . X . . . .
///     A B C D E F G
/// ```
/// White's wedge C4 C3 cuts A4 B4 B3 off from the rest of Black (C1 C2 D2-D4 E4-G4), and its only liberties
/// are A3 and B2, both in Black's corner A1-B2 A3 (no White stone touches it). White B2 keeps the liberties A2
/// and B1, so Black cannot take it at once, and puts the three stones in atari; extending to A3 leaves them
/// with A2 alone and White A2 captures four stones, after which White's stones in the corner reach the outside.
/// So Black must have filled B2 (which joins the three stones to C2): B2 is Black's area but not territory.
/// (White A3 instead would have the single liberty A2 and be captured there.)
/// Territory: Black 4 in the corner + 10 on the right (D1-G1, E2-G3) = 14, not 15; White rows 6-7 = 14.
/// Stones: Black 3 + 8 = 11, White 7 + 2 = 9. Area: Black 15, White 14.
/// Japanese 14 - 14 = 0; Chinese 26 - 23 = B+3; the difference 3 = stone parity 2 + the point to fill 1.
#[test]
fn chain_with_two_liberties_inside_that_the_opponent_can_take_one_of_fills_one_in_the_corner() {
    check(
        "
        . . . . . . .
        . . . . . . .
        O O O O O O O
        X X O X X X X
        . X O X . . .
        . . X X . . .
        . . X . . . .",
        &Expected {
            fill: "B2",
            territory: [14, 14],
            stones: [11, 9],
            area: [15, 14],
            results: ["0", "B+3"],
            terms: &["stone-parity 2", "fill-points 1"],
        },
    );
}

/// The same shape on the side, with Black's wall below it: the corner is not what makes it short.
///
/// ```text
///  9  . . . . . . .
///  8  . . . . . . .
///  7  O O O O O O O
///  6  X X O X X X X
///  5  . X O X . . .
///  4  . . X X . . .
///  3  . . X . . . .
///  2  X X X . . . .
///  1  . . . . . . .
///     A B C D E F G
/// ```
/// A6 B6 B5 have the liberties A5 and B4, inside Black's space A3-A5 B3 B4 on the left edge. White B4 (with
/// the liberties A4 and B3) puts them in atari, Black A5 leaves them with A4, and White A4 captures: Black must
/// fill B4, joining them to C4. Territory: Black 4 there + 21 below and on the right (A1-G1, D2-G2, D3-G3,
/// E4-G4, E5-G5) = 25, not 26; White rows 8-9 = 14. Stones: Black 3 + 11 = 14, White 9. Area: Black 26,
/// White 14. Japanese 25 - 14 = B+11; Chinese 40 - 23 = B+17; the difference 6 = stone parity 5 + 1.
#[test]
fn the_same_shape_on_the_side_fills_one() {
    check(
        "
        . . . . . . .
        . . . . . . .
        O O O O O O O
        X X O X X X X
        . X O X . . .
        . . X X . . .
        . . X . . . .
        X X X . . . .
        . . . . . . .",
        &Expected {
            fill: "B4",
            territory: [25, 14],
            stones: [14, 9],
            area: [26, 14],
            results: ["B+11", "B+17"],
            terms: &["stone-parity 5", "fill-points 1"],
        },
    );
}

/// The corner shape made safe by a Black stone on B1: nothing to fill, the count is as before.
///
/// ```text
///  7  . . . . . . .
///  6  . . . . . . .
///  5  O O O O O O O
///  4  X X O X X X X
///  3  . X O X . . .
///  2  . . X X . . .
///  1  . X X . . . .
///     A B C D E F G
/// ```
/// A4 B4 B3 still have only A3 and B2, but White can take neither safely: White B2 would have the single
/// liberty A2 (B1 and C2 are Black) and Black A2 captures it; White A3 would have A2 alone too, and Black A2
/// captures that. Territory: Black 4 (A1 A2 A3 B2) + 10 = 14; White 14. Stones: Black 3 + 9 = 12, White 9.
/// Area: Black 14, White 14. Japanese 0; Chinese 26 - 23 = B+3 = stone parity 3.
#[test]
fn the_corner_shape_with_a_stone_that_captures_the_intruder_needs_no_fill() {
    check(
        "
        . . . . . . .
        . . . . . . .
        O O O O O O O
        X X O X X X X
        . X O X . . .
        . . X X . . .
        . X X . . . .",
        &Expected {
            fill: "",
            territory: [14, 14],
            stones: [12, 9],
            area: [14, 14],
            results: ["0", "B+3"],
            terms: &["stone-parity 3"],
        },
    );
}

/// Both colours must fill: the corner shape for Black in the lower left, and the same shape mirrored, colours
/// swapped, for White in the lower right.
///
/// ```text
///  7  . . . . . O X . . . . .
///  6  . . . . . O X . . . . .
///  5  O O O O O O X X X X X X
///  4  X X O X X X O O O X O O
///  3  . X O X . X O . O X O .
///  2  . . X X . X O . O O . .
///  1  . . X . . X O . . O . .
///     A B C D E F G H J K L M
/// ```
/// Black's A4 B4 B3 have only A3 and B2 (as in the corner case): Black must fill B2. White's M4 L4 L3 have only
/// M3 and L2: Black L2 (liberties M2 L1) puts them in atari, White M3 leaves them with M2 and Black M2
/// captures, so White must fill L2. Territory: Black 4 (A1 B1 A2 A3) + 4 (D1 E1 E2 E3) + 10 (H6-M7) = 18,
/// not 19; White 4 (L1 M1 M2 M3) + 4 (H1 H2 H3 J1) + 10 (A6-E7) = 18. Stones: 23 each (13 below, 10 above).
/// Area: 19 each. Both counts are even (Japanese 0, Chinese 0), and the two points to fill cancel in the
/// identity: stone parity 0 + points to fill 1 - 1.
#[test]
fn both_colours_must_fill_one() {
    check(
        "
        . . . . . O X . . . . .
        . . . . . O X . . . . .
        O O O O O O X X X X X X
        X X O X X X O O O X O O
        . X O X . X O . O X O .
        . . X X . X O . O O . .
        . . X . . X O . . O . .",
        &Expected {
            fill: "B2 L2",
            territory: [18, 18],
            stones: [23, 23],
            area: [19, 19],
            results: ["0", "0"],
            terms: &["stone-parity 0", "fill-points 0"],
        },
    );
}

/// A chain already in atari on a one-point false eye is the false-eye rule's (`life.rs`): counted once, as a
/// false eye, and not again as a point to fill. It stays so when a dame White fills for nothing is its other
/// liberty.
///
/// ```text
///  7  . . . . . . . . .
///  6  O O O O O O O O O
///  5  O O O O . O O O O
///  4  X X X O X O X X X
///  3  . . X O X O X . .
///  2  . . X X . X X . .
///  1  . . . . . . . . .
///     A B C D E F G H J
/// ```
/// E4 E3 have the liberties E5 (a dame beside nothing but White and them) and E2. White fills E5 and they are
/// in atari; Black must connect at E2, which the false-eye rule already leaves out of the territory.
/// Territory: Black 18 - 1 = 17 (row 1, A2 B2 H2 J2, A3 B3 H3 J3), White row 7 = 9. Stones: Black 14,
/// White 21. Area: Black 18, White 9. Japanese B+8; Chinese 32 - 30 = B+2; the difference -6 = stone parity
/// -7 + the false eye 1.
#[test]
fn a_false_eye_is_not_counted_again_as_a_point_to_fill() {
    check(
        "
        . . . . . . . . .
        O O O O O O O O O
        O O O O . O O O O
        X X X O X O X X X
        . . X O X O X . .
        . . X X . X X . .
        . . . . . . . . .",
        &Expected {
            fill: "",
            territory: [17, 9],
            stones: [14, 21],
            area: [18, 9],
            results: ["B+8", "B+2"],
            terms: &["stone-parity -7", "false-eyes 1"],
        },
    );
}

#[test]
fn the_term_names_the_points_for_a_person() {
    let (_, s) = score_diagram(
        "
        . . . . . O X . . . . .
        . . . . . O X . . . . .
        O O O O O O X X X X X X
        X X O X X X O O O X O O
        . X O X . X O . O X O .
        . . X X . X O . O O . .
        . . X . . X O . . O . .",
    );
    let term = s.terms.iter().find(|t| t.name == "fill-points").expect("the term is there");
    assert_eq!(
        term.detail,
        "points to fill: Black 1 (B2), White 1 (L2) (points inside a territory that its owner must fill to save \
         a chain short of liberties: area, not territory)"
    );
}
