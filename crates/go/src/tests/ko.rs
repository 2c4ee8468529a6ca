//! Ko (rules.md section 1, all rulesets): a player may not immediately recapture a single stone that has
//! just captured a single stone, restoring the previous position. The ban lasts one move; a snapback or a
//! capture of two stones is not a ko.

use super::*;

/// A ko in the corner: Black A4 takes B4 and is left with B4 as its only liberty.
const CORNER_KO: &str = "
      A B C D
    4 . O X .
    3 O X . .
    2 . . . .
    1 . . . .
";

#[test]
fn ko_in_the_corner() {
    for preset in Preset::ALL {
        let mut g = game(preset, CORNER_KO);
        assert_eq!(play(&mut g, B, "A4"), Ok(captured(1)), "{preset}");
        assert_board(
            &g,
            "
              A B C D
            4 X . X .
            3 O X . .
            2 . . . .
            1 . . . .
            ",
        );
        // White's immediate retake at B4 would capture A4 and restore the position: ko.
        assert_eq!(play(&mut g, W, "B4"), Err(Illegal::Ko), "{preset}");
    }
}

#[test]
fn ko_at_the_edge() {
    // White B4 on the top edge has one liberty, C4; Black C4 takes it and has one liberty, B4.
    for preset in Preset::ALL {
        let mut g = game(
            preset,
            "
              A B C D E
            4 X O . O .
            3 . X O . .
            2 . . . . .
            1 . . . . .
            ",
        );
        assert_eq!(play(&mut g, B, "C4"), Ok(captured(1)), "{preset}");
        assert_board(
            &g,
            "
              A B C D E
            4 X . X O .
            3 . X O . .
            2 . . . . .
            1 . . . . .
            ",
        );
        assert_eq!(play(&mut g, W, "B4"), Err(Illegal::Ko), "{preset}");
    }
}

/// A ko in the centre of a 5×5 board: Black C3 takes B3.
const CENTRE_KO: &str = "
      A B C D E
    5 . . . . .
    4 . X O . .
    3 X O . O .
    2 . X O . .
    1 . . . . .
";

#[test]
fn ko_in_the_centre() {
    for preset in Preset::ALL {
        let mut g = game(preset, CENTRE_KO);
        assert_eq!(play(&mut g, B, "C3"), Ok(captured(1)), "{preset}");
        assert_board(
            &g,
            "
              A B C D E
            5 . . . . .
            4 . X O . .
            3 X . X O .
            2 . X O . .
            1 . . . . .
            ",
        );
        assert_eq!(play(&mut g, W, "B3"), Err(Illegal::Ko), "{preset}");
    }
}

#[test]
fn ko_recapture_is_allowed_after_a_threat_and_its_answer() {
    // Black takes the ko; White plays a threat elsewhere (D1) and Black answers (E2); now White may retake,
    // and then Black in turn may not retake at once. The threat and answer are only stand-ins: any two
    // moves elsewhere change the position, so no superko rule forbids the retake either.
    for preset in Preset::ALL {
        let mut g = game(preset, CENTRE_KO);
        moves(&mut g, "B C3 W D1 B E2");
        assert_eq!(play(&mut g, W, "B3"), Ok(captured(1)), "{preset}: retake after a threat");
        assert_board(
            &g,
            "
              A B C D E
            5 . . . . .
            4 . X O . .
            3 X O . O .
            2 . X O . X
            1 . . . O .
            ",
        );
        assert_eq!(play(&mut g, B, "C3"), Err(Illegal::Ko), "{preset}: Black may not retake at once");
        // Black finds a threat too; after White's answer Black retakes.
        moves(&mut g, "B A1 W B1");
        assert_eq!(play(&mut g, B, "C3"), Ok(captured(1)), "{preset}");
        assert_eq!(g.prisoners(B), 2);
        assert_eq!(g.prisoners(W), 1);
    }
}

#[test]
fn the_ko_ban_is_only_on_the_ko_point() {
    // After Black takes the ko, White may play anywhere else, and Black may then fill (resolve) the ko.
    for preset in Preset::ALL {
        let mut g = game(preset, CORNER_KO);
        moves(&mut g, "B A4 W D1");
        assert_eq!(play(&mut g, B, "B4"), Ok(Played::default()), "{preset}: Black connects the ko");
        assert_board(
            &g,
            "
              A B C D
            4 X X X .
            3 O X . .
            2 . . . .
            1 . . . O
            ",
        );
    }
}

#[test]
fn a_pass_lifts_the_ko_ban_but_not_superko() {
    // Black takes the ko, White passes, Black passes, and White retakes: the position is the starting
    // one again, with Black to move as at the start. Under japanese/korean the ko ban lasted one move,
    // so the retake is legal; it resumes play after two passes and repeats the position after move 0.
    // Positional superko (chinese, tromp-taylor) forbids it; so does situational superko (aga, nz),
    // since Black was to move in the starting position too.
    for preset in Preset::ALL {
        let mut g = game(preset, CORNER_KO);
        moves(&mut g, "B A4 W pass B pass");
        let result = play(&mut g, W, "B4");
        match preset {
            Preset::Japanese | Preset::Korean => {
                assert_eq!(
                    result,
                    Ok(Played {
                        captured: 1,
                        resumed_after_passes: true,
                        repeats_position_of: Some(0),
                        ..Played::default()
                    }),
                    "{preset}"
                );
                assert_board(&g, CORNER_KO);
            }
            Preset::Chinese | Preset::TrompTaylor => {
                assert_eq!(result, Err(Illegal::PositionalSuperko { earlier_move: 0 }), "{preset}")
            }
            Preset::Aga | Preset::Nz => {
                assert_eq!(result, Err(Illegal::SituationalSuperko { earlier_move: 0 }), "{preset}")
            }
        }
    }
}

#[test]
fn capturing_two_stones_with_a_stone_left_in_atari_is_not_ko() {
    // Black D3 captures White's two stones B3-C3 and is left with one liberty, C3. White may take it back
    // at once: that captures one stone, which does not restore the position (two stones were taken).
    for preset in Preset::ALL {
        let mut g = game(
            preset,
            "
              A B C D E F
            3 X O O . O .
            2 . X X O . .
            1 . . . . . .
            ",
        );
        assert_eq!(play(&mut g, B, "D3"), Ok(captured(2)), "{preset}");
        assert_board(
            &g,
            "
              A B C D E F
            3 X . . X O .
            2 . X X O . .
            1 . . . . . .
            ",
        );
        assert_eq!(play(&mut g, W, "C3"), Ok(captured(1)), "{preset}: not a ko");
        assert_board(
            &g,
            "
              A B C D E F
            3 X . O . O .
            2 . X X O . .
            1 . . . . . .
            ",
        );
    }
}

#[test]
fn a_second_move_out_of_turn_ends_the_ko_ban() {
    // After Black takes the ko, the ban is on White's next move. If Black moves again out of turn (a
    // record with two Black moves in a row), White's retake is no longer the immediate answer to the
    // capture, and the extra Black stone means it does not restore the previous position: legal.
    for preset in Preset::ALL {
        let mut g = game(preset, CORNER_KO);
        moves(&mut g, "B A4");
        let extra = play(&mut g, B, "D1").unwrap();
        assert!(extra.wrong_turn, "{preset}");
        assert_eq!(play(&mut g, W, "B4"), Ok(captured(1)), "{preset}");
    }
}
