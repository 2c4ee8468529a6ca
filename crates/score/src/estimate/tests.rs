//! Diagrams worked out by hand: each gives a final position, the stones a Go player would call dead, and both
//! counts (Japanese territory + prisoners, Chinese stones + area) with those stones removed, komi 0, no stones
//! captured in play. Columns A–J (no I), row 9 at the top.

use super::*;
use crate::{ScoreInput, score};
use gotool_go::{Board, Preset};

/// What the estimator finds for a diagram, and the score with its dead stones.
struct Judged {
    dead: Vec<String>,
    japanese: (f64, f64),
    chinese: (f64, f64),
    estimate: Estimate,
}

fn judge(diagram: &str) -> Judged {
    let board = Board::from_diagram(diagram);
    let rules = Preset::Japanese.rules();
    let estimate = estimate(&board, &rules);
    let dead_points = estimate.dead_points();
    let placed = [board.stones_on_board(Color::Black), board.stones_on_board(Color::White)];
    let s = score(&ScoreInput {
        board: &board,
        dead: &dead_points,
        dead_from_markup: false,
        territory_marks: None,
        prisoners: [0, 0],
        placed,
        komi: 0.0,
        handicap: 0,
        rules: &rules,
        handicap_bonus: None,
    });
    // Named column by column, each column from the bottom row up, as a Go player reads them.
    let mut by_column = dead_points.clone();
    by_column.sort_by_key(|p| (p.x, std::cmp::Reverse(p.y)));
    Judged {
        dead: by_column.iter().map(|p| p.to_board_notation(board.height())).collect(),
        japanese: (s.japanese.black.total, s.japanese.white.total),
        chinese: (s.chinese.black.total, s.chinese.white.total),
        estimate,
    }
}

#[test]
fn stones_with_no_eye_space_inside_a_wall_are_dead() {
    // Two Black stones in White's area above White's wall; each side's wall encloses two rows or more.
    let j = judge(
        "
        . . . . . . .
        . . X . . . .
        . . X . . . .
        O O O O O O O
        X X X X X X X
        . . . . . . .
        . . . . . . .
        ",
    );
    assert_eq!(j.dead, ["C5", "C6"]);
    // Japanese: Black 14 territory; White 21 territory (the two dead stones' points included) + 2 prisoners.
    assert_eq!(j.japanese, (14.0, 23.0));
    // Chinese: Black 7 stones + 14; White 7 stones + 21.
    assert_eq!(j.chinese, (21.0, 28.0));
    let reasons: Vec<String> = j.estimate.dead.iter().map(|d| d.reason.to_string()).collect();
    assert_eq!(reasons, ["no eye space, surrounded by White's living groups"]);
}

#[test]
fn a_bulky_five_eye_is_dead_with_the_opponent_to_move() {
    // Black's corner group encloses A9 B9 A8 B8 A7: a square with one point added. White at A8, the vital point,
    // leaves one eye; Black has no other. Dead, however big the eye looks.
    let j = judge(
        "
        . . X O . . . . .
        . . X O . . . . .
        . X X O . . . . .
        X X O O . . . . .
        O O O . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(j.dead, ["A6", "B6", "B7", "C7", "C8", "C9"]);
    // White: 62 open points + the 5-point eye + the 6 dead stones' points = 73, + 6 prisoners.
    assert_eq!(j.japanese, (0.0, 79.0));
    // Chinese: White 8 stones + 73.
    assert_eq!(j.chinese, (0.0, 81.0));
}

#[test]
fn a_group_with_two_eyes_lives() {
    // The same corner with two separate one-point eyes, A9 and A7.
    let j = judge(
        "
        . X X O . . . . .
        X X X O . . . . .
        . X X O . . . . .
        X X O O . . . . .
        O O O . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert!(j.dead.is_empty(), "{:?}", j.dead);
    // Japanese: Black's two eyes, White 62. Chinese: Black 9 stones + 2, White 8 stones + 62.
    assert_eq!(j.japanese, (2.0, 62.0));
    assert_eq!(j.chinese, (11.0, 70.0));
}

#[test]
fn seki_without_eyes_is_alive() {
    // Black A9 A8 A7 B7 and White C9 C8 C7 share their only liberties, B9 and B8; filling either is self-atari,
    // and no outside stone touches them. Both walls around have territory of their own.
    let j = judge(
        "
        X . O X . . . . .
        X . O X . . . . .
        X X O X . . . . .
        O O X X X X X X X
        . O O O O O O O O
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert!(j.dead.is_empty(), "{:?}", j.dead);
    // B9 and B8 count for nobody. Japanese: Black 15 (E7–J9), White 37 (rows 1–4 and A5).
    assert_eq!(j.japanese, (15.0, 37.0));
    // Chinese: Black 14 stones + 15, White 13 stones + 37.
    assert_eq!(j.chinese, (29.0, 50.0));
}

#[test]
fn seki_with_one_eye_each_is_alive() {
    // Black B9 A8 B8 C8 with the eye A9, White D9 D8 E8 F8 F9 with the eye E9, one shared liberty C9: whoever fills
    // it is captured through the other's eye.
    let j = judge(
        "
        . X . O . O X . .
        X X X O O O X . .
        O O O X X X X . .
        . . O X . . . . .
        . . O X . . . . .
        . . O X . . . . .
        . . O X . . . . .
        . . O X . . . . .
        . . O X . . . . .
        ",
    );
    assert!(j.dead.is_empty(), "{:?}", j.dead);
    // Seki eyes are not territory: Japanese Black 36 (H7–J9, E1–J6), White 12 (A1–B6).
    assert_eq!(j.japanese, (36.0, 12.0));
    // Area counts them: Black 16 stones + 36 + A9, White 14 stones + 12 + E9.
    assert_eq!(j.chinese, (53.0, 27.0));
}

#[test]
fn seki_with_a_dead_stone_in_an_eye_keeps_both_groups_alive() {
    // Black C9 A8 B8 C8 D8 encloses A9 B9, where White's A9 is in atari: dead. That Black group and White's
    // E9 E8 F8 G8 G9 (with the eye F9) share D9 and are in seki; the dead stone is a prisoner, but Black's eye
    // A9 B9 is a seki eye, not territory.
    let j = judge(
        "
        O . X . O . O X .
        X X X X O O O X .
        O O O O X X X X .
        . . . O X . . . .
        . . . O X . . . .
        . . . O X . . . .
        . . . O X . . . .
        . . . O X . . . .
        . . . O X . . . .
        ",
    );
    assert_eq!(j.dead, ["A9"]);
    // Japanese: Black 27 territory (J7–J9, F1–J6) + 1 prisoner; White 18 (A1–C6).
    assert_eq!(j.japanese, (28.0, 18.0));
    // Chinese: Black 17 stones + 27 + the seki eye A9 B9; White 15 stones + 18 + its seki eye F9.
    assert_eq!(j.chinese, (46.0, 34.0));
}

#[test]
fn a_capturing_race_is_won_by_the_side_with_more_liberties() {
    // Black C7–F7 (liberties C8 D8 E8, each beside White's wall) against White C6–F6 (liberties C5 D5, beside
    // Black's wall), nothing shared, no eyes: Black wins whoever starts, so White's four stones are dead.
    let j = judge(
        "
        . O O O O O . . .
        . O . . . O O . .
        O O X X X X O O O
        X X O O O O X X X
        . X . . X X X . .
        . X X X X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(j.dead, ["C6", "D6", "E6", "F6"]);
    // C8 D8 E8 stay dame. Japanese: Black 35 + C5 D5 + the 4 dead points = 41, + 4 prisoners; White 7.
    assert_eq!(j.japanese, (45.0, 7.0));
    // Chinese: Black 17 stones + 41, White 13 stones + 7.
    assert_eq!(j.chinese, (58.0, 20.0));
}

#[test]
fn a_false_eye_does_not_make_the_second_eye() {
    // Black's corner has one real eye, A9, and a point D9 between its two chains whose diagonal C8 White holds:
    // White E7 puts D8 E8 E9 in atari, Black must fill D9, and one eye is left.
    let j = judge(
        "
        . X X . X O . . .
        X X O X X O . . .
        O O O O . O . . .
        . . . O O O . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(j.dead, ["A8", "B8", "B9", "C9", "D8", "E8", "E9"]);
    // White: every point but its 11 stones is territory (70, the dead stones' included), + 7 prisoners.
    assert_eq!(j.japanese, (0.0, 77.0));
    assert_eq!(j.chinese, (0.0, 81.0));
}

#[test]
fn the_same_corner_lives_when_the_diagonal_is_black() {
    // With C8 Black, D9 is a real eye: two eyes, alive.
    let j = judge(
        "
        . X X . X O . . .
        X X X X X O . . .
        O O O O . O . . .
        . . . O O O . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert!(j.dead.is_empty(), "{:?}", j.dead);
    // Japanese: Black's eyes A9 and D9; White 81 − 8 and 10 stones − 2 eyes − E7 (dame between them) = 60.
    assert_eq!(j.japanese, (2.0, 60.0));
    // Chinese: Black 8 stones + 2, White 10 stones + 60.
    assert_eq!(j.chinese, (10.0, 70.0));
}

#[test]
fn eyes_between_loose_stones_are_false_when_the_opponent_can_take_the_diagonals() {
    // Black's seven stones stand apart around E3 and G3. Neither point is an eye: the chains around each are not
    // joined (they would join only by filling it), and White can stand on every empty diagonal (D4 F4 H4 D2
    // F2 H2), each beside White's wall. No eye, inside White's wall: dead.
    let j = judge(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O O O O O O O O O
        O O O . X . X . O
        O O O X . X . X O
        O O O . X . X . O
        O O O O O O O O O
        ",
    );
    assert_eq!(j.dead, ["D3", "E2", "E4", "F3", "G2", "G4", "H3"]);
    // White: the 44 empty points and the 7 dead stones' points, + 7 prisoners; Black nothing.
    assert_eq!(j.japanese, (0.0, 58.0));
    // Chinese: White 30 stones + 51.
    assert_eq!(j.chinese, (0.0, 81.0));
}

#[test]
fn a_dead_stone_next_to_a_dame_line_is_dead() {
    // Row 4 is dame between the walls; Black's C2 sits in White's area, against White's wall.
    let j = judge(
        "
        . . . . . . .
        . . . . . . .
        X X X X X X X
        . . . . . . .
        O O O O O O O
        . . X . . . .
        . . . . . . .
        ",
    );
    assert_eq!(j.dead, ["C2"]);
    // Japanese: Black 14; White 14 (C2's point included) + 1 prisoner. Chinese: 7 + 14 each, a draw.
    assert_eq!(j.japanese, (14.0, 15.0));
    assert_eq!(j.chinese, (21.0, 21.0));
}

#[test]
fn a_lone_stone_in_a_wide_open_area_is_not_called_dead() {
    // White's area is open (55 empty points, no stone of White's inside it): Black's G4 has more than 16 points
    // nearer to it than to any White stone, room to try for life. Not clearly dead, so not counted dead.
    let j = judge(
        "
        . . . X O . . . .
        . O . X O . . . .
        . . . X O . . . .
        X X X X O . . . .
        O O O O O . . . .
        . . . . . . X . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(j.dead, ["B8"]);
}

#[test]
fn an_empty_board_has_nothing_to_judge() {
    let j = judge(". . .\n. . .\n. . .");
    assert!(j.dead.is_empty() && j.estimate.uncertain.is_empty());
}

#[test]
fn the_estimate_is_deterministic() {
    let board = Board::from_diagram(
        "
        . O X . X O . . .
        O O X X X O . . .
        X X O O O . O . .
        . X O . O O . . .
        . X X O . . . . .
        . . X X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        ",
    );
    let rules = Preset::Japanese.rules();
    assert_eq!(estimate(&board, &rules), estimate(&board, &rules));
}

#[test]
fn stones_filling_an_eyeless_wall_s_only_space_make_a_seki_with_it() {
    // White's wall A9 A8-G8 G9 has no eye; Black's C9 D9 E9 stand in its only space, with the liberties B9 and F9,
    // both White's too; White's other liberties, D7 and H8, Black can fill. White capturing fills B9 and F9 and
    // keeps the straight three C9 D9 E9, one eye once Black takes D9. Black filling B9 (after D7 and H8) lets
    // White capture four stones at F9 and make two eyes in the straight four B9-E9. Neither side can approach:
    // seki, nothing dead, B9 and F9 nobody's.
    let j = judge(
        "
        O . X X X . O X .
        O O O O O O O . X
        X X X . X X X X X
        . . . X . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert!(j.dead.is_empty(), "{:?}", j.dead);
    // Japanese: Black 53 (rows 1-6 but D6) + J9; White nothing. D7, H8, B9 and F9 are dame.
    assert_eq!(j.japanese, (54.0, 0.0));
    // Chinese: Black 14 stones + 54; White 9 stones.
    assert_eq!(j.chinese, (68.0, 9.0));
}

#[test]
fn two_shared_liberties_are_no_seki_when_the_throw_in_leaves_a_bent_four_in_the_corner() {
    // Black's chain F9 F8 F7 F6 G7 H7 J7 H8 H6 and White's G9 H9 J9 share G8 and J8 and have no other
    // liberties. It looks like seki, but White may fill J8 (or G8): Black must capture the four stones at G8 (or
    // J8), and is left with G9 H9 J9 J8, a bent four in the corner, which is dead. Black filling either point
    // first puts its own chain in atari. Dead whoever moves first.
    let j = judge(
        "
        . . . O O X O O O
        . . . O O X . X .
        . . . O O X X X X
        . . . O O X O X O
        . . . O O O O O O
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(j.dead, ["F6", "F7", "F8", "F9", "G7", "H6", "H7", "H8", "J7"]);
    // Japanese: White 53 empty points + the 9 dead stones' points, and 9 prisoners; Black nothing.
    assert_eq!(j.japanese, (0.0, 71.0));
    // Chinese: White's 19 stones and 62 points of area: the whole board.
    assert_eq!(j.chinese, (0.0, 81.0));
    let reasons: Vec<String> = j.estimate.dead.iter().map(|d| d.reason.to_string()).collect();
    assert_eq!(reasons, ["captured by reading: White captures it whoever moves first"]);
}

#[test]
fn two_shared_liberties_are_no_seki_when_the_throw_in_leaves_a_bent_three() {
    // White's A8 B8 B7 C7 D7 D8 D9 and Black's B9 C9 share A9 and C8, and White has no other liberty. Black
    // throws in at C8: White must capture three stones at A9 and is left with the bent three B9 C9 C8, whose
    // vital point C9 Black then takes. White filling either point first is self-atari. Dead whoever moves first.
    let j = judge(
        "
        . X X O X . . . .
        O O . O X . . . .
        X O O O X . . . .
        X X X X X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(j.dead, ["A8", "B7", "B8", "C7", "D7", "D8", "D9"]);
    // Japanese: Black 63 empty points + the 7 dead stones' points, and 7 prisoners.
    assert_eq!(j.japanese, (77.0, 0.0));
    // Chinese: Black's 11 stones and 70 points: the whole board.
    assert_eq!(j.chinese, (81.0, 0.0));
}

#[test]
fn a_lone_stone_in_a_small_group_s_corner_is_dead_and_the_group_lives() {
    // White B6 sits in Black's corner with two liberties, A6 and C6. The corner is still open along the edge (A5,
    // A4-C4 are dame), so the scorer joins B6 to White's wall below. Black's nine stones have no eye of their own
    // while B6 stands, but B6 is dead: White A5 is answered by A6, and White A6 by A5. A lone stone short of
    // liberties is not strong through the scorer's joins; Black's group, with its liberties, does not lose its
    // strength for that.
    let j = judge(
        "
        . . . X O . . . .
        . . . X O . . . .
        X X . X O . . . .
        . O . X O . . . .
        . X X X O . . . .
        . . . O O . . . .
        O O O O . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(j.dead, ["B6"]);
    // Japanese: Black's corner is not sealed (White reaches it through A5), so Black has only the prisoner B6;
    // White 47 territory (F-J of rows 9-4, E-J of row 3, rows 2 and 1).
    assert_eq!(j.japanese, (1.0, 47.0));
    // Chinese: Black 9 stones; White 11 stones + 47.
    assert_eq!(j.chinese, (9.0, 58.0));
}

#[test]
fn a_corner_whose_cutting_point_white_takes_from_outside_is_dead() {
    // Black's corner encloses A3 B3 A2 A1, a bent four, but its three chains hang together only through B3, and
    // C3 has two liberties: B3 inside and C4 outside. White C4 puts C3 in atari; Black B3 saves it by filling its
    // own space, which leaves the straight three A3 A2 A1, and White A2 kills. (Black had to play C4 itself.)
    let j = judge(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O O O . . . . . .
        X O O . . . . . .
        X X . O . . . . .
        . . X O . . . . .
        . X O O . . . . .
        . X O . . . . . .
        ",
    );
    assert_eq!(j.dead, ["A4", "A5", "B1", "B2", "B4", "C3"]);
    // Japanese: White's 65 empty points and the 6 dead stones' points are territory, + 6 prisoners.
    assert_eq!(j.japanese, (0.0, 77.0));
    // Chinese: White 10 stones + 71.
    assert_eq!(j.chinese, (0.0, 81.0));
    let reasons: Vec<String> = j.estimate.dead.iter().map(|d| d.reason.to_string()).collect();
    assert!(reasons.iter().all(|r| r.starts_with("a chain beside its eye space is short of liberties")), "{reasons:?}");
}

#[test]
fn an_eyeless_wall_with_a_chain_on_one_of_the_filler_s_liberties_is_no_seki() {
    // White's A6 A5 A4 stand in Black's eyeless space with the liberties B6 and B4, as in a seki. But Black's
    // A8 A7 B7 touches only B6 of them, with A9 outside. White A9 makes Black connect at B6, which puts A6-A4 in
    // atari; White fills A2, Black must capture the three stones at B4 and is left with the straight three A6 A5
    // A4, and White A5 kills. Black first (B6 or B4) comes to the same shape. Black is dead whoever moves
    // first, and White's three stones live.
    let j = judge(
        "
        . O . . . . . . .
        X O O . . . . . .
        X X O O . . . . .
        O . X O . . . . .
        O X X O . . . . .
        O . X O . . . . .
        X X X O . . . . .
        . O O O . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(j.dead, ["A3", "A7", "A8", "B3", "B5", "B7", "C3", "C4", "C5", "C6"]);
    // Japanese: White's 56 empty points and the 10 dead stones' points, and 10 prisoners.
    assert_eq!(j.japanese, (0.0, 76.0));
    // Chinese: White's 15 stones and 66 points: the whole board.
    assert_eq!(j.chinese, (0.0, 81.0));
}

#[test]
fn a_group_walling_a_space_the_opponent_touches_at_one_point_is_not_held_in_it() {
    // Black's A7-D7-D8 has no eye: its space A9-D9 A8-C8 touches White's E9. But it is Black who walls that
    // space, not White: Black D9 closes it. White's wall A6-E6-E9, with no eye of its own, is short of liberties
    // (D9 and C5): Black C5 and D9 capture it; White D9 gives it C9, and Black C5 then B9 leave it in atari with
    // its last liberty C8 inside Black's corner. White is dead whoever moves first; Black lives.
    let j = judge(
        "
        . . . . O X . . .
        . . . X O X . . .
        X X X X O X . . .
        O O O O O X . . .
        X X . X X X . . .
        X X X X X X . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(j.dead, ["A6", "B6", "C6", "D6", "E6", "E7", "E8", "E9"]);
    // Japanese: Black's 53 empty points and the 8 dead stones' points, and 8 prisoners.
    assert_eq!(j.japanese, (69.0, 0.0));
    // Chinese: Black's 20 stones and 61 points: the whole board.
    assert_eq!(j.chinese, (81.0, 0.0));
}

#[test]
fn a_chain_in_atari_whose_capture_joins_two_groups_dies_first() {
    // White's E1-E3 has one liberty, D1; White D1 leaves it one (C1). Black's B1-E4 and F1-F3 share only F4,
    // which White can take, so they are two groups, and F1-F3 alone has no eye beside White's wall. Black D1
    // takes E1-E3 and joins them around two eyes (C1 and the E1-E3 space). White first: D1 is taken at C1,
    // leaving a bent four Black can answer; C1 is a self-atari Black takes at D1; F4 or G3 only shorten F1-F3,
    // whose race with E1-E3 (one liberty) Black still wins. Only White's three stones are dead; they were once
    // killed in the same round as the Black stones their capture saves.
    let j = judge(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O O O O O O O . .
        . . O X X . O . .
        O O O X O X . O .
        O X X X O X O . .
        . X . . O X O . .
        ",
    );
    assert_eq!(j.dead, ["E1", "E2", "E3"]);
    // Japanese: Black's C1 D1 and the three dead stones' points, and 3 prisoners; White's 47 points (A1, F4 and
    // G3 are dame).
    assert_eq!(j.japanese, (8.0, 47.0));
    // Chinese: Black's 10 stones and 5 points; White's 16 stones and 47 points.
    assert_eq!(j.chinese, (15.0, 63.0));
}

#[test]
fn a_one_eyed_group_lives_when_capturing_its_race_winner_is_miai_with_a_second_eye() {
    // White's G4-J9 group has one space, the bent three H7 J7 J8 (vital point J7), and touches Black's living
    // wall. Black's H5 J5 J4 are in atari at J3, which they share with Black's G3-J1 (liberties J2, G2, G1).
    // By the liberty counts White loses the race; but J7 and J3 are miai: Black J3 is answered at J7 (two
    // eyes), Black J7 by White J3 taking three stones (an eye there, and the J7 stone is taken inside White's
    // space later). White lives whoever starts; Black's eight stones are dead.
    let j = judge(
        "
        . . . . . X X O O
        . . . . . X O O .
        . . . . X X O . .
        . . . X . X O O O
        X X X X X X O X X
        O O O O X X O O X
        . . . O O O X X .
        . . . . . O . X .
        . . . . . O . X X
        ",
    );
    assert_eq!(j.dead, ["G3", "H1", "H2", "H3", "H5", "J1", "J4", "J5"]);
    // Japanese: Black's 18 points; White's 28 (the 8 dead stones' points among them) and 8 prisoners.
    assert_eq!(j.japanese, (18.0, 36.0));
    // Chinese: Black's 15 stones and 18 points; White's 20 stones and 28 points.
    assert_eq!(j.chinese, (33.0, 48.0));
}

#[test]
fn a_group_whose_capture_of_three_stones_inside_leaves_one_eye_is_dead() {
    // Black's corner G8-J6 holds White's H8 J8 H7, whose liberties J9 and H6 are Black's points; White's wall
    // around it lives. Black captures the three (H6, then J9) but keeps those stones and gets the bent three
    // H8 J8 H7: White's H8 leaves one eye. Waiting is no better: White fills F8, F9 and G9 from outside, and H6
    // then takes G8-G6 (Black's chains beside H6 are separate). Black's eight stones are dead whoever moves
    // first; White's three are not. Counted with their liberties (J9 and H6 as space), the capture looks like
    // two eyes.
    let j = judge(
        "
        . . . O . . . X .
        . . . O O . X O O
        . . . . O X X O X
        . . . . O O X . X
        . . . . O O O X .
        . . . . O O O O O
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(j.dead, ["F7", "G6", "G7", "G8", "H5", "H9", "J6", "J7"]);
    // Japanese: White's 64 points (the 8 dead stones' among them) and 8 prisoners; Black nothing.
    assert_eq!(j.japanese, (0.0, 72.0));
    // Chinese: White's 17 stones and 64 points.
    assert_eq!(j.chinese, (0.0, 81.0));
}

#[test]
fn stones_beside_invaders_in_their_own_unsettled_framework_are_not_surrounded() {
    // On 11×11 (columns A–L, row 11 at the top). White's E11-H1 group (the eye G11) walls the left side, where
    // Black's stones still stand: the eyeless chain F10-G5 with D6 (liberties G9 G8 E6 D5), the chain D4-C3-D2
    // with B2 in the corner, and A5. White's E5 F5 sit between Black's two chains (liberties D5 and E6), White's
    // B1 C1 in the corner. Black's only eyes would come from capturing those, one eye each: E5 F5 by D5 and E6,
    // B1 C1 by A1, D1 and C2. White answers Black's first move on either by securing the other: Black D5 or E6 by
    // D1 (B1 C1 D1 join E2 at E1), Black D1, A1, C2 or B3 by D5 (E5 F5 D5 join C4 C6 at C5). One eye loses to
    // White's eye and framework: all 17 Black stones left of J are dead, and E5 F5 and B1 C1 live (GNU Go's
    // final statuses agree). They were once killed as surrounded, their pocket reaching Black's J wall through
    // White's framework, and with them off the board Black's D4-C3-D2 chain, D6 and B2 were kept alive.
    let j = judge(
        "
        . . . . O O . O X . .
        . . . . O X O O X . .
        . . O . O X . O X . .
        . . . . O X . O X . .
        . . O O X X O O X . .
        . O O X . X X O X . .
        X . . . O O X O X . .
        . O O X X X O O X . .
        . . X X O . O O X . .
        . X . X O . . O X . .
        . O O . . . . O X . .
        ",
    );
    assert_eq!(
        j.dead,
        ["A5", "B2", "C3", "D2", "D3", "D4", "D6", "E4", "E7", "F4", "F6", "F7", "F8", "F9", "F10", "G5", "G6"]
    );
    // Japanese: Black's K and L columns (22); White's 38 empty points and the 17 dead stones' points left of J
    // (55), and 17 prisoners.
    assert_eq!(j.japanese, (22.0, 72.0));
    // Chinese: Black 11 stones + 22; White 33 stones + 55.
    assert_eq!(j.chinese, (33.0, 88.0));
}

#[test]
fn an_eyeless_corner_that_takes_two_stones_only_by_filling_their_liberties_gets_one_eye_and_dies() {
    // Black's corner B9-C9-C6-A6 has no eye; its liberties are A9, B7, D9 and A5. White's A8 A7 inside it have
    // only A9 and B7, both the corner's too, so by the counts Black wins that race (4 liberties to 2). But Black
    // takes them only by playing A9 and B7 itself, and those stones stay: what is left is the two-point eye
    // A8 A7, one eye whoever moves next. White's wall has one eye of its own, F9, and the space A5 A4 B4, which
    // touches the corner only at A5; White gets a second eye there whoever moves first: White A5 makes A4 B4 an
    // eye; Black A5 is answered at A4 (B4 is the eye); Black A4 by White A5 (A4 is in atari, B4 is suicide for
    // it, and White takes it at B4: A4 is the eye); Black B4 is a self-atari White takes at A4 (B4 the eye). The
    // corner, with one eye at most against two, dies; A8 A7 live (GNU Go's final statuses agree). Counted as the
    // corner's space once A8 A7 were off the board, A9 A8 A7 B7 made two eyes: A8 A7 were killed and the corner
    // left standing.
    let j = judge(
        "
        . X X . O . O X .
        O X X O O O O X .
        O . X O O O O X .
        X X X O O O O X .
        . O O O O O O X .
        . . O O O O O X .
        O O O X X X X X .
        X X X X X X X X .
        . . . . . . . . .
        ",
    );
    assert_eq!(j.dead, ["A6", "B6", "B8", "B9", "C6", "C7", "C8", "C9"]);
    // Japanese: Black's 17 points (the J column and row 1); White's F9 and the corner's 14 points (A9 D9 B7 A5 A4
    // B4 and the 8 dead stones' points), and 8 prisoners.
    assert_eq!(j.japanese, (17.0, 23.0));
    // Chinese: Black 19 stones + 17; White 30 stones (A8 A7 among them) + 15.
    assert_eq!(j.chinese, (36.0, 45.0));
}

#[test]
fn liberties_the_race_winner_fills_only_by_self_atari_win_the_race_for_the_eyeless_loser() {
    // On 11×11 (columns A–L, row 11 at the top). White's lower-left chain B2-C2-D2-D1-D3-E3-F3-F2-G2-G1 has no eye and
    // three liberties, C1 E2 F1; Black's A2-A3-B3-C3-C4-D4-E4-F4-G4-G3 (joined to B1 through A1, which White cannot
    // take: no liberty, no capture) has no eye either and four, A1 C5 G5 and C1 (B1's). By the counts Black wins 4 to
    // 3 whoever starts. But each of White's liberties is a self-atari for Black: E2 or F1 leaves E1 and that stone
    // with the other point as their one liberty, C1 leaves B1 C1 with only A1, and two of them filled put White in
    // atari with Black stones in atari beside it, which White takes (an eye where they stood). Black A1 only fills its
    // own liberty. White needs C5, G5 (each beside White's living wall) and then A1, which takes the ten stones (a
    // capture, not suicide): Black first, C1 is met by C5 (Black A1 is then in atari at G5; Black E2 puts White in
    // atari, and White A1 takes B1 C1, Black B1 retaking leaves G5 and A1 to White); E2 by C5 (F1 is suicide while C1
    // is open, C1 is met as before). Black's 10 stones, B1 and E1 are dead whoever moves first; White's chain lives
    // (GNU Go's final statuses agree). It was killed, touching Black's living H1-H2 and losing the race by the counts,
    // with the points Black fills only by self-atari counted as plain liberties.
    let j = judge(
        "
        . . . . . . . O X . .
        . . . . . . . O X . .
        . . . . . . . O X . .
        . . . . . . . O X . .
        . . . . . . . O X . .
        O O O O O O O O X . .
        O O . O O O . O X . .
        O O X X X X X O X . .
        X X X O O O X O X . .
        X O O O . O O X X . .
        . X . O X . O X . . .
        ",
    );
    assert_eq!(j.dead, ["A2", "A3", "B1", "B3", "C3", "C4", "D4", "E1", "E4", "F4", "G3", "G4"]);
    // Japanese: Black's 23 points (J1, the K and L columns); White's 35 (A7-G11) + C5 G5 + A1 C1 E2 F1 + the 12
    // dead stones' points = 53, and 12 prisoners. No dame.
    assert_eq!(j.japanese, (23.0, 65.0));
    // Chinese: Black 12 stones (J2-J11, H1, H2) + 23; White 33 stones (23 in the wall, 10 in the chain) + 53.
    assert_eq!(j.chinese, (35.0, 86.0));
}

#[test]
fn an_uncertain_group_and_a_chain_of_it_looked_at_again_are_listed_once_split_by_how_they_count() {
    // Black's A3 and C3, one group the referee left unsettled, and C3 alone again from the last check, which
    // counted it alive: each stone is listed once, A3 as counted dead, C3 as counted alive, with both reasons.
    let board = Board::from_diagram("X . X\n. . .\n. . .\n");
    let pos = Pos::new(&board);
    let (a3, c3) = (Point::new(0, 0), Point::new(2, 0));
    let mut verdict = vec![Verdict::Open; pos.chains.len()];
    verdict[pos.chain_at(0).unwrap()] = Verdict::Dead(Death::Playouts);
    let entry = |stones: Vec<Point>, counted_dead: bool, why: &str| Uncertain {
        color: Color::Black,
        stones,
        counted_dead,
        why: why.to_string(),
    };
    let listed = listed_once(&pos, &verdict, vec![entry(vec![a3, c3], true, "split"), entry(vec![c3], false, "loose")]);
    assert_eq!(
        listed,
        [entry(vec![a3], true, "split; loose"), entry(vec![c3], false, "split; loose")],
        "each stone once, counted as its chain's final verdict says"
    );
}

#[test]
fn a_chain_dead_by_fewer_than_half_of_its_playouts_is_counted_alive() {
    // The playouts are a guess: a chain they capture in fewer than half of them is no more dead than alive, so
    // it is not called dead (the schema's confidence of a dead chain is at least one half).
    let mut verdict =
        vec![Verdict::Dead(Death::Playouts), Verdict::Dead(Death::Playouts), Verdict::Dead(Death::Captured)];
    count_guesses_alive(&mut verdict, &[Some(0.3), Some(0.6), Some(0.1)]);
    assert_eq!(verdict, [Verdict::Open, Verdict::Dead(Death::Playouts), Verdict::Dead(Death::Captured)]);
}
