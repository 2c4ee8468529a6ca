//! Superko (rules.md sections 1–2): positional superko (chinese, tromp-taylor) forbids any play that
//! recreates an earlier whole-board position; situational superko (aga, nz) only one that recreates an
//! earlier position with the same player to move; japanese and korean forbid neither, and a long cycle is
//! reported through `Played::repeats_position_of` (the game is void), not as an illegal move.

use super::*;

/// Three kos between a Black wall (rows 5–6) and a White wall (rows 1–3). In each ko Black captures on
/// row 3 and White on row 4: K1 at B3/B4, K2 at D3/D4, K3 at F3/F4. Here White holds K1 and K2 (Black
/// may capture at B3 or D3) and Black holds K3 (White may capture at F4).
const TRIPLE_KO: &str = "
      A B C D E F G
    6 . X . X . X .
    5 X X X X X X X
    4 X O X O X . X
    3 O . O . O X O
    2 O O O O O O O
    1 . O . O . O .
";

#[test]
fn triple_ko_cycle_under_each_preset() {
    for preset in Preset::ALL {
        let mut g = game(preset, TRIPLE_KO);
        // The first five captures make new positions under every preset.
        let played = moves(&mut g, "B B3 W F4 B D3 W B4 B F3");
        assert!(played.iter().all(|p| *p == captured(1)), "{preset}: {played:?}");
        assert_board(
            &g,
            "
              A B C D E F G
            6 . X . X . X .
            5 X X X X X X X
            4 X O X . X . X
            3 O . O X O X O
            2 O O O O O O O
            1 . O . O . O .
            ",
        );
        // White's D4 takes K2 and recreates the starting position (after "move 0"), Black to move.
        let sixth = play(&mut g, W, "D4");
        match preset {
            Preset::Japanese | Preset::Korean => {
                assert_eq!(sixth, Ok(Played { captured: 1, repeats_position_of: Some(0), ..Played::default() }));
                assert_board(&g, TRIPLE_KO);
                // Going round again repeats the position after move 1.
                assert_eq!(
                    play(&mut g, B, "B3"),
                    Ok(Played { captured: 1, repeats_position_of: Some(1), ..Played::default() })
                );
            }
            Preset::Chinese | Preset::TrompTaylor => {
                assert_eq!(sixth, Err(Illegal::PositionalSuperko { earlier_move: 0 }), "{preset}")
            }
            Preset::Aga | Preset::Nz => {
                assert_eq!(sixth, Err(Illegal::SituationalSuperko { earlier_move: 0 }), "{preset}")
            }
        }
    }
}

/// Two kos. K1 (B3/B4) is held by White, K2 (D3/D4) by Black.
const DOUBLE_KO: &str = "
      A B C D E
    6 . X . X .
    5 X X X X X
    4 X O X . X
    3 O . O X O
    2 O O O O O
    1 . O . O .
";

#[test]
fn situational_and_positional_superko_differ_after_a_pass() {
    // Black takes K1, White takes K2, Black passes, White retakes K1, Black retakes K2: the board is the
    // starting one again, but now White is to move, while at the start Black was. The pass shifted whose
    // turn it is in the cycle. Positional superko forbids Black's last capture; situational superko does
    // not (this position never arose with White to move); japanese/korean note the repetition.
    for preset in Preset::ALL {
        let mut g = game(preset, DOUBLE_KO);
        moves(&mut g, "B B3 W D4 B pass W B4");
        assert_board(
            &g,
            "
              A B C D E
            6 . X . X .
            5 X X X X X
            4 X O X O X
            3 O . O . O
            2 O O O O O
            1 . O . O .
            ",
        );
        let last = play(&mut g, B, "D3");
        match preset {
            Preset::Japanese | Preset::Korean => {
                assert_eq!(last, Ok(Played { captured: 1, repeats_position_of: Some(0), ..Played::default() }))
            }
            Preset::Aga | Preset::Nz => assert_eq!(last, Ok(captured(1)), "{preset}"),
            Preset::Chinese | Preset::TrompTaylor => {
                assert_eq!(last, Err(Illegal::PositionalSuperko { earlier_move: 0 }), "{preset}")
            }
        }
        if last.is_ok() {
            assert_board(&g, DOUBLE_KO);
            assert_eq!(g.to_move(), W);
        }
    }
}

#[test]
fn two_stone_suicide_recreating_a_position_differs_between_nz_and_tromp_taylor() {
    // Black B2 plays into White's two-point eye, White passes, and Black C2 commits a two-stone suicide
    // that empties the eye again: the starting board, but with White to move instead of Black.
    // nz (situational, suicide allowed): legal, White takes two prisoners.
    // tromp-taylor (positional, suicide allowed): illegal, it recreates the starting position.
    // The others forbid multi-stone suicide outright.
    const EYE: &str = "
          A B C D E
        3 O O O O .
        2 O . . O .
        1 O O O O .
    ";
    for preset in Preset::ALL {
        let mut g = game(preset, EYE);
        moves(&mut g, "B B2 W pass");
        let result = play(&mut g, B, "C2");
        match preset {
            Preset::Nz => {
                assert_eq!(result, Ok(Played { self_captured: 2, ..Played::default() }));
                assert_board(&g, EYE);
                assert_eq!(g.prisoners(W), 2);
            }
            Preset::TrompTaylor => assert_eq!(result, Err(Illegal::PositionalSuperko { earlier_move: 0 })),
            _ => assert_eq!(result, Err(Illegal::Suicide { stones: 2 }), "{preset}"),
        }
    }
}

/// `small` placed in the lower left corner of an otherwise empty `width`×`height` board, so that the
/// small diagram's board notation (row numbers counted from the bottom, columns from the left) still holds.
fn in_lower_left(small: &str, width: usize, height: usize) -> String {
    let rows: Vec<String> = diagram(small).lines().map(|l| l.replace(' ', "")).collect();
    let mut out = String::new();
    for y in 0..height {
        let mut row = String::new();
        let small_row = (y + rows.len()).checked_sub(height).map(|i| &rows[i]);
        for x in 0..width {
            let c = small_row.and_then(|r| r.as_bytes().get(x)).map_or('.', |&b| b as char);
            row.push(c);
            row.push(' ');
        }
        out.push_str(row.trim_end());
        out.push('\n');
    }
    out
}

#[test]
fn a_cycle_is_found_after_hundreds_of_moves() {
    // The triple ko in the lower left of a 52×52 board. First 312 moves far away (Black fills rows 40–42,
    // White rows 20–22; the two never touch), so the position history holds more than 256 positions.
    // Then one turn of the cycle: its sixth capture recreates the position after move 312.
    let board = in_lower_left(TRIPLE_KO, 52, 52);
    for preset in [Preset::Japanese, Preset::Chinese, Preset::Aga] {
        let mut g = game(preset, &board);
        for row in 0..3u8 {
            for x in 0..52u8 {
                let black = Point::new(x, 52 - (40 + row));
                let white = Point::new(x, 52 - (20 + row));
                assert_eq!(play_at(&mut g, B, Some(black)), Ok(Played::default()));
                assert_eq!(play_at(&mut g, W, Some(white)), Ok(Played::default()));
            }
        }
        assert_eq!(g.moves_played(), 312);
        let played = moves(&mut g, "B B3 W F4 B D3 W B4 B F3");
        assert!(played.iter().all(|p| *p == captured(1)), "{preset}: {played:?}");
        let sixth = play(&mut g, W, "D4");
        match preset {
            Preset::Japanese => {
                assert_eq!(sixth, Ok(Played { captured: 1, repeats_position_of: Some(312), ..Played::default() }))
            }
            Preset::Chinese => assert_eq!(sixth, Err(Illegal::PositionalSuperko { earlier_move: 312 })),
            _ => assert_eq!(sixth, Err(Illegal::SituationalSuperko { earlier_move: 312 })),
        }
    }
}

#[test]
fn white_to_move_in_the_setup_position_counts_for_situational_superko() {
    // The double ko set up with White to move (handicap, or PL[W], applied after the setup stones).
    // White takes K2, both pass, and Black retakes K2: the starting board with White to move, the same
    // situation as at the start. Situational superko forbids it, as does positional superko.
    for preset in Preset::ALL {
        let mut g = game(preset, DOUBLE_KO);
        g.set_to_move(W);
        moves(&mut g, "W D4 B pass W pass");
        let result = play(&mut g, B, "D3");
        match preset {
            Preset::Japanese | Preset::Korean => assert_eq!(
                result,
                Ok(Played {
                    captured: 1,
                    resumed_after_passes: true,
                    repeats_position_of: Some(0),
                    ..Played::default()
                })
            ),
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
fn black_to_move_never_happened_in_a_setup_position_with_white_to_move() {
    // The other direction: from the same start with White to move, White takes K2, Black takes K1,
    // White passes, Black retakes K2, and White retakes K1. The board is the starting one with Black to
    // move, a situation that never arose (White was to move at the start): legal under situational
    // superko, illegal under positional superko.
    for preset in Preset::ALL {
        let mut g = game(preset, DOUBLE_KO);
        g.set_to_move(W);
        let played = moves(&mut g, "W D4 B B3 W pass B D3");
        assert!(played.iter().all(|p| !p.wrong_turn), "{preset}: {played:?}");
        let result = play(&mut g, W, "B4");
        match preset {
            Preset::Japanese | Preset::Korean => {
                assert_eq!(result, Ok(Played { captured: 1, repeats_position_of: Some(0), ..Played::default() }))
            }
            Preset::Chinese | Preset::TrompTaylor => {
                assert_eq!(result, Err(Illegal::PositionalSuperko { earlier_move: 0 }), "{preset}")
            }
            Preset::Aga | Preset::Nz => assert_eq!(result, Ok(captured(1)), "{preset}"),
        }
        if result.is_ok() {
            assert_board(&g, DOUBLE_KO);
        }
    }
}

#[test]
fn the_empty_board_before_setup_stones_is_not_a_position_of_the_game() {
    // See: #14 (A). The game starts from one black stone on A2; Black fills the board around it and the
    // last stone, at B1, takes all of Black's own stones: a three-stone suicide, legal under nz and
    // tromp-taylor, that empties the board. The empty board never occurred in this game (it began with the
    // stone on A2), so no superko forbids it.
    //   X .        A2 set up; B A1, W pass, B B2, W pass, B B1: the four Black stones have no liberty and
    //   . .        are all removed.
    for preset in [Preset::Nz, Preset::TrompTaylor] {
        let mut g = game(
            preset,
            "
            X .
            . .
            ",
        );
        let played = moves(&mut g, "B A1 W pass B B2 W pass");
        assert!(played.iter().all(|p| !p.wrong_turn), "{preset}: {played:?}");
        assert_eq!(
            play(&mut g, B, "B1"),
            Ok(Played { self_captured: 4, ..Played::default() }),
            "{preset}: the empty board is new"
        );
        assert_board(
            &g,
            "
            . .
            . .
            ",
        );
    }
}

#[test]
fn white_moving_first_makes_white_the_one_to_move_at_the_start() {
    // See: #14 (B). Nothing says who moves first and White does, on an empty 2x2 board: W A2, B pass, W A1,
    // B pass, W B2, B pass, W B1. The last stone leaves White's four stones without a liberty: a
    // four-stone suicide under nz that empties the board with Black to move, a situation new to the game
    // (it started with White to move). Situational superko allows it; positional superko forbids it.
    for preset in [Preset::Nz, Preset::TrompTaylor] {
        let mut g = Game::new(2, 2, preset.rules());
        let played = moves(&mut g, "W A2 B pass W A1 B pass W B2 B pass");
        assert!(played.iter().all(|p| !p.wrong_turn), "{preset}: {played:?}");
        let result = play(&mut g, W, "B1");
        match preset {
            Preset::Nz => assert_eq!(result, Ok(Played { self_captured: 4, ..Played::default() })),
            _ => assert_eq!(result, Err(Illegal::PositionalSuperko { earlier_move: 0 })),
        }
    }
}

#[test]
fn white_moving_first_from_a_setup_repeats_the_start_with_white_to_move() {
    // See: #14 (B), the other half. The double ko set up, and nothing says who moves first: White does (W D4
    // takes K2), so White was to move at the start. Both pass, and Black's D3 retakes K2: the starting board
    // with White to move again, which situational superko forbids (as `white_to_move_in_the_setup_position_…`
    // above with PL[W]).
    for preset in [Preset::Aga, Preset::Nz] {
        let mut g = game(preset, DOUBLE_KO);
        let played = moves(&mut g, "W D4 B pass W pass");
        assert!(!played[0].wrong_turn, "{preset}: the first move is in turn");
        assert_eq!(play(&mut g, B, "D3"), Err(Illegal::SituationalSuperko { earlier_move: 0 }), "{preset}");
    }
}
