//! Basic legality of a play (rules.md section 1): the point must be on the board and empty. Turn order is
//! not enforced: SGF lets a record give two moves of one colour in a row, so the move is played and
//! flagged `wrong_turn`.

use super::*;

#[test]
fn playing_on_an_occupied_point_is_illegal() {
    // On one's own stone or the opponent's, under every preset.
    for preset in Preset::ALL {
        let position = "
              A B C
            3 . . .
            2 . X O
            1 . . .
        ";
        let mut g = game(preset, position);
        assert_eq!(play(&mut g, B, "B2"), Err(Illegal::Occupied), "{preset}");
        assert_eq!(play(&mut g, B, "C2"), Err(Illegal::Occupied), "{preset}");
        g.set_to_move(W);
        assert_eq!(play(&mut g, W, "B2"), Err(Illegal::Occupied), "{preset}");
        assert_eq!(play(&mut g, W, "C2"), Err(Illegal::Occupied), "{preset}");
        assert_board(&g, position);
    }
}

#[test]
fn a_point_freed_by_a_capture_can_be_played_again() {
    // Black captures the White stone in the corner; the emptied point can be played again, and Black
    // fills it (for White it would be suicide: both its neighbours are Black).
    let mut g = game(
        Preset::Japanese,
        "
          A B C
        3 O X .
        2 . . .
        1 . . .
        ",
    );
    moves(&mut g, "B A2 W C1");
    assert_eq!(play(&mut g, W, "A3"), Err(Illegal::Suicide { stones: 1 }));
    assert_eq!(play(&mut g, B, "A3"), Ok(Played::default()));
    assert_board(
        &g,
        "
          A B C
        3 X X .
        2 X . .
        1 . . O
        ",
    );
}

#[test]
fn playing_off_the_board_is_illegal() {
    for preset in Preset::ALL {
        let mut g = game(
            preset,
            "
              A B C D E
            3 . . . . .
            2 . . . . .
            1 . . . . .
            ",
        );
        // Columns 0..5 and rows 0..3 exist: x = 5 and y = 3 are the first points past the edges.
        for p in [Point::new(5, 0), Point::new(0, 3), Point::new(5, 3), Point::new(255, 255)] {
            assert_eq!(play_at(&mut g, B, Some(p)), Err(Illegal::OffBoard), "{preset} {p:?}");
        }
        // (19, 19) is SGF's `tt`; it is off a small board, and the record layer, not the core, reads it as
        // a pass on boards up to 19×19.
        assert_eq!(play_at(&mut g, B, Some(Point::new(19, 19))), Err(Illegal::OffBoard));
        assert_eq!(g.moves_played(), 0);
    }
}

#[test]
fn two_moves_of_one_colour_in_a_row_are_played_and_flagged() {
    for preset in Preset::ALL {
        let mut g = game(
            preset,
            "
              A B C
            3 . . .
            2 . . .
            1 . . .
            ",
        );
        assert_eq!(play(&mut g, B, "B2"), Ok(Played::default()), "{preset}");
        assert_eq!(play(&mut g, B, "C2"), Ok(Played { wrong_turn: true, ..Played::default() }), "{preset}");
        assert_board(
            &g,
            "
              A B C
            3 . . .
            2 . X X
            1 . . .
            ",
        );
        // After Black's second move it is White's turn; White's move is in turn again.
        assert_eq!(g.to_move(), W);
        assert_eq!(play(&mut g, W, "A1"), Ok(Played::default()), "{preset}");
        assert_eq!(g.last_move(), Some((W, Some(at(&g, "A1")))));
        assert_eq!(g.stones_placed(B), 2);
    }
}

#[test]
fn white_moving_first_says_white_was_to_move() {
    // See: #14 (B). With nothing said about who moves first, the first move says it: not a wrong turn.
    let mut g = Game::new(9, 9, Preset::Japanese.rules());
    let played = play(&mut g, W, "E5").unwrap();
    assert!(!played.wrong_turn);
    assert_eq!(g.to_move(), B);
    assert!(play(&mut g, W, "D5").unwrap().wrong_turn);
}

#[test]
fn white_moving_first_after_pl_black_is_flagged() {
    let mut g = Game::new(9, 9, Preset::Japanese.rules());
    g.set_to_move(B);
    assert!(play(&mut g, W, "E5").unwrap().wrong_turn);
}

#[test]
fn an_illegal_first_move_out_of_turn_changes_nothing() {
    let mut g = Game::new(3, 3, Preset::Japanese.rules());
    assert_eq!(g.play(W, Some(Point::new(5, 5))), Err(Illegal::OffBoard));
    assert_eq!(g.to_move(), B);
    // Black may still move first, in turn.
    assert!(!play(&mut g, B, "B2").unwrap().wrong_turn);
}

#[test]
fn a_wrong_turn_capture_still_captures() {
    // White captures twice in a row; the second capture is flagged, and counted.
    let mut g = game(
        Preset::Chinese,
        "
          A B C D E
        3 X O . O X
        2 . . . . .
        1 . . . . .
        ",
    );
    g.set_to_move(W);
    assert_eq!(play(&mut g, W, "A2"), Ok(captured(1)));
    assert_eq!(play(&mut g, W, "E2"), Ok(Played { captured: 1, wrong_turn: true, ..Played::default() }));
    assert_board(
        &g,
        "
          A B C D E
        3 . O . O .
        2 O . . . O
        1 . . . . .
        ",
    );
    assert_eq!(g.prisoners(W), 2);
}
