//! Setup (rules.md section 1): `AB`/`AW`/`AE` change the position without a move, in any node; `AE` is
//! applied first. A setup stone that leaves a chain without liberties is an error in the record, which
//! `Game::setup` reports by returning the points of such chains. Handicap stones are `AB` on the root,
//! and then White moves first (`PL[W]` → `set_to_move`).

use super::*;

fn empty(preset: Preset, width: u8, height: u8) -> Game {
    Game::new(width, height, preset.rules())
}

fn points(g: &Game, names: &str) -> Vec<Point> {
    names.split_whitespace().map(|n| at(g, n)).collect()
}

#[test]
fn add_black_and_add_white() {
    let mut g = empty(Preset::Japanese, 5, 5);
    let (black, white) = (points(&g, "C3 D4"), points(&g, "C4 B2"));
    assert_eq!(g.setup(&black, &white, &[]), Vec::<Point>::new());
    assert_board(
        &g,
        "
          A B C D E
        5 . . . . .
        4 . . O X .
        3 . . X . .
        2 . O . . .
        1 . . . . .
        ",
    );
    assert_eq!((g.stones_placed(B), g.stones_placed(W)), (2, 2));
    // Setup is not a move: no move counted, no prisoners, Black still to move.
    assert_eq!(g.moves_played(), 0);
    assert_eq!((g.prisoners(B), g.prisoners(W)), (0, 0));
    assert_eq!(g.to_move(), B);
}

#[test]
fn add_empty_removes_stones_and_replacing_a_stone_changes_its_colour() {
    let mut g = game(
        Preset::Japanese,
        "
          A B C D E
        5 . . . . .
        4 . . O X .
        3 . . X . .
        2 . O . . .
        1 . . . . .
        ",
    );
    // AE[dd] (D4), AW[cc] (C3, on a Black stone), AB[cb] (C4, on a White stone), AE on an empty point.
    let airless = g.setup(&points(&g, "C4"), &points(&g, "C3"), &points(&g, "D4 E1"));
    assert!(airless.is_empty());
    assert_board(
        &g,
        "
          A B C D E
        5 . . . . .
        4 . . X . .
        3 . . O . .
        2 . O . . .
        1 . . . . .
        ",
    );
    // A removed or replaced stone no longer counts as put on the board by its colour.
    assert_eq!((g.stones_placed(B), g.stones_placed(W)), (1, 2));
    // Setting a stone on a point that already holds one of that colour changes nothing.
    assert!(g.setup(&points(&g, "C4"), &[], &[]).is_empty());
    assert_eq!((g.stones_placed(B), g.stones_placed(W)), (1, 2));
}

#[test]
fn add_empty_applies_before_add_black_in_the_same_node() {
    // AE and AB on the same point: the stone is removed, then put back.
    let mut g = game(
        Preset::Japanese,
        "
          A B C
        3 . . .
        2 . O .
        1 . . .
        ",
    );
    assert!(g.setup(&points(&g, "B2"), &[], &points(&g, "B2")).is_empty());
    assert_board(
        &g,
        "
          A B C
        3 . . .
        2 . X .
        1 . . .
        ",
    );
}

#[test]
fn removing_the_middle_stone_of_a_chain_splits_it() {
    // AE on C2 splits Black's B2-C2-D2 into B2 and D2. White can then capture B2 on its own.
    let mut g = game(
        Preset::Japanese,
        "
          A B C D E
        3 . O . . .
        2 O X X X .
        1 . O . . .
        ",
    );
    assert!(g.setup(&[], &[], &points(&g, "C2")).is_empty());
    assert_eq!(g.board().chain_len(g.board().loc(at(&g, "B2"))), 1);
    assert_eq!(g.board().chain_liberties(g.board().loc(at(&g, "B2"))), 1);
    assert_eq!(g.board().chain_liberties(g.board().loc(at(&g, "D2"))), 4);
    g.set_to_move(W);
    assert_eq!(play(&mut g, W, "C2"), Ok(captured(1)));
    assert_board(
        &g,
        "
          A B C D E
        3 . O . . .
        2 O . O X .
        1 . O . . .
        ",
    );
}

#[test]
fn setup_that_leaves_a_chain_without_liberties_is_reported() {
    // AB[aa] AW[ba][ab]: Black's corner stone has no liberty. The stone stays (the record is in error,
    // the caller reports it); nothing is captured.
    let mut g = empty(Preset::Japanese, 3, 3);
    let airless = g.setup(&points(&g, "A3"), &points(&g, "B3 A2"), &[]);
    assert_eq!(airless, vec![Point::new(0, 0)]);
    assert_board(
        &g,
        "
          A B C
        3 X O .
        2 O . .
        1 . . .
        ",
    );
    assert_eq!((g.prisoners(B), g.prisoners(W)), (0, 0));
}

#[test]
fn stones_left_without_liberties_are_reported_by_every_later_setup_until_cleared() {
    // Setup looks for chains without liberties around the points it changes; one left by an earlier setup
    // (the caller was told, and went on) is far from a later node's points but is still on the board.
    let mut g = empty(Preset::Japanese, 3, 3);
    assert_eq!(g.setup(&points(&g, "A3"), &points(&g, "B3 A2"), &[]), vec![Point::new(0, 0)]);
    assert_eq!(g.setup(&[], &points(&g, "C1"), &[]), vec![Point::new(0, 0)]);
    assert!(g.setup(&[], &[], &points(&g, "B3")).is_empty(), "AE frees the corner stone");
    assert!(g.setup(&points(&g, "C3"), &[], &[]).is_empty());
}

#[test]
fn setup_that_takes_the_last_liberty_of_the_other_colour_is_reported_too() {
    // White's two stones A3-B3 are already on the board; a later node adds Black C3, B2 and A2 around
    // them. Every point of the airless chain is reported, sorted (column, then row from the top).
    let mut g = game(
        Preset::Japanese,
        "
          A B C D
        3 O O . .
        2 . . . .
        1 . . . .
        ",
    );
    let airless = g.setup(&points(&g, "C3 B2 A2"), &[], &[]);
    assert_eq!(airless, vec![Point::new(0, 0), Point::new(1, 0)]);
    assert_board(
        &g,
        "
          A B C D
        3 O O X .
        2 X X . .
        1 . . . .
        ",
    );
}

#[test]
fn handicap_stones_then_white_moves_first() {
    // HA[2]: Black stones on the upper-right and lower-left star points (Q16, D4), then White plays first.
    for preset in Preset::ALL {
        let mut g = empty(preset, 19, 19);
        assert!(g.setup(&points(&g, "Q16 D4"), &[], &[]).is_empty());
        g.set_to_move(W);
        assert_eq!(play(&mut g, W, "Q4"), Ok(Played::default()), "{preset}");
        assert_eq!(play(&mut g, B, "D16"), Ok(Played::default()), "{preset}");
        assert_eq!(g.stones_placed(B), 3);
        assert_eq!(g.stones_placed(W), 1);
        assert_eq!(g.moves_played(), 2);
        assert_eq!(g.board().stones_on_board(B), 3);
    }
}

#[test]
fn nine_handicap_stones() {
    // HA[9]: all nine star points of 19×19.
    let mut g = empty(Preset::Chinese, 19, 19);
    let stars = points(&g, "D4 K4 Q4 D10 K10 Q10 D16 K16 Q16");
    assert!(g.setup(&stars, &[], &[]).is_empty());
    g.set_to_move(W);
    assert!(!play(&mut g, W, "C3").unwrap().wrong_turn);
    assert_eq!(g.board().stones_on_board(B), 9);
    for p in stars {
        assert_eq!(g.board().get(p), Some(B));
    }
}

#[test]
fn setup_in_a_later_node_lifts_the_ko_ban() {
    // A setup node changes the position, so the retake no longer restores the position before the
    // capture: the simple-ko ban does not survive it.
    let mut g = game(
        Preset::Japanese,
        "
          A B C D
        4 . O X .
        3 O X . .
        2 . . . .
        1 . . . .
        ",
    );
    moves(&mut g, "B A4");
    assert!(g.setup(&[], &points(&g, "D1"), &[]).is_empty());
    assert_eq!(play(&mut g, W, "B4"), Ok(captured(1)));
}

#[test]
fn the_setup_position_counts_for_superko() {
    // Under positional superko the position after the root setup is "move 0": a ko retake after a pass
    // pair recreates it and is illegal.
    let mut g = game(
        Preset::TrompTaylor,
        "
          A B C D
        4 . O X .
        3 O X . .
        2 . . . .
        1 . . . .
        ",
    );
    moves(&mut g, "B A4 W pass B pass");
    assert_eq!(play(&mut g, W, "B4"), Err(Illegal::PositionalSuperko { earlier_move: 0 }));
}
