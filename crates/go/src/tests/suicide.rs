//! Suicide (rules.md section 1): single-stone suicide is illegal under every preset; multi-stone suicide is
//! illegal under japanese, korean, chinese and aga, and legal under nz and tromp-taylor, where the chain is
//! removed and counts as captured by the opponent. A move that captures is never suicide.

use super::*;

fn allows_multi_stone_suicide(preset: Preset) -> bool {
    matches!(preset, Preset::Nz | Preset::TrompTaylor)
}

#[test]
fn single_stone_suicide_is_illegal_under_every_preset() {
    // (position, Black's suicidal point): the corner, the edge and the centre, each point surrounded by
    // White stones that keep other liberties.
    let cases = [
        (
            "
              A B C
            3 . O .
            2 O . .
            1 . . .
            ",
            "A3",
        ),
        (
            "
              A B C
            3 O . O
            2 . O .
            1 . . .
            ",
            "B3",
        ),
        (
            "
              A B C
            3 . O .
            2 O . O
            1 . O .
            ",
            "B2",
        ),
    ];
    for preset in Preset::ALL {
        for (position, point) in cases {
            let mut g = game(preset, position);
            assert_eq!(play(&mut g, B, point), Err(Illegal::Suicide { stones: 1 }), "{preset} B {point}");
            assert_board(&g, position);
        }
    }
}

#[test]
fn filling_an_eye_next_to_a_chain_with_other_liberties_is_not_suicide() {
    // B2 has no empty neighbour, but it joins C2, whose chain keeps C3 and C1.
    for preset in Preset::ALL {
        let mut g = game(
            preset,
            "
              A B C
            3 . O .
            2 O . X
            1 . O .
            ",
        );
        assert_eq!(play(&mut g, B, "B2"), Ok(Played::default()), "{preset}");
        assert_board(
            &g,
            "
              A B C
            3 . O .
            2 O X X
            1 . O .
            ",
        );
    }
}

#[test]
fn two_stone_suicide_depends_on_the_preset() {
    // Black B2 sits in White's two-point eye; Black C2 would leave the chain B2-C2 without liberties and
    // White's surrounding chain keeps E1, E2, E3, so nothing is captured: a two-stone suicide.
    for preset in Preset::ALL {
        let mut g = game(
            preset,
            "
              A B C D E
            3 O O O O .
            2 O X . O .
            1 O O O O .
            ",
        );
        let result = play(&mut g, B, "C2");
        if allows_multi_stone_suicide(preset) {
            assert_eq!(result, Ok(Played { self_captured: 2, ..Played::default() }), "{preset}");
            assert_board(
                &g,
                "
                  A B C D E
                3 O O O O .
                2 O . . O .
                1 O O O O .
                ",
            );
            // The two stones are White's prisoners.
            assert_eq!((g.prisoners(B), g.prisoners(W)), (0, 2), "{preset}");
            assert_eq!(g.stones_placed(B), 2);
            assert_eq!(g.to_move(), W);
        } else {
            assert_eq!(result, Err(Illegal::Suicide { stones: 2 }), "{preset}");
        }
    }
}

#[test]
fn suicide_of_two_chains_joined_by_the_move() {
    // B2 and D2 are separate Black stones whose only liberty is C2. Black C2 joins them into a chain of
    // three with no liberty, and captures nothing (every White chain keeps an outside liberty).
    for preset in Preset::ALL {
        let mut g = game(
            preset,
            "
              A B C D E
            3 . O O O .
            2 O X . X O
            1 . O O O .
            ",
        );
        let result = play(&mut g, B, "C2");
        if allows_multi_stone_suicide(preset) {
            assert_eq!(result, Ok(Played { self_captured: 3, ..Played::default() }), "{preset}");
            assert_board(
                &g,
                "
                  A B C D E
                3 . O O O .
                2 O . . . O
                1 . O O O .
                ",
            );
            assert_eq!(g.prisoners(W), 3, "{preset}");
        } else {
            assert_eq!(result, Err(Illegal::Suicide { stones: 3 }), "{preset}");
        }
    }
}

#[test]
fn white_multi_stone_suicide_gives_black_the_prisoners() {
    // The colours swapped: White's two stones in Black's corner eye.
    for preset in Preset::ALL {
        let mut g = game(
            preset,
            "
              A B C D
            4 O . X .
            3 X X X .
            2 . . . .
            1 . . . .
            ",
        );
        g.set_to_move(W);
        let result = play(&mut g, W, "B4");
        if allows_multi_stone_suicide(preset) {
            assert_eq!(result, Ok(Played { self_captured: 2, ..Played::default() }), "{preset}");
            assert_board(
                &g,
                "
                  A B C D
                4 . . X .
                3 X X X .
                2 . . . .
                1 . . . .
                ",
            );
            assert_eq!((g.prisoners(B), g.prisoners(W)), (2, 0), "{preset}");
        } else {
            assert_eq!(result, Err(Illegal::Suicide { stones: 2 }), "{preset}");
        }
    }
}

#[test]
fn a_move_that_captures_is_never_suicide() {
    // Capturing race in the corner: Black B4 and White's A3-B3 both have A4 as their last liberty.
    // Black A4 joins B4 (no liberty before captures) but captures A3-B3 first, so it lives.
    for preset in Preset::ALL {
        let mut g = game(
            preset,
            "
              A B C D
            4 . X O .
            3 O O X .
            2 X X . .
            1 . . . .
            ",
        );
        assert_eq!(play(&mut g, B, "A4"), Ok(captured(2)), "{preset}");
        assert_board(
            &g,
            "
              A B C D
            4 X X O .
            3 . . X .
            2 X X . .
            1 . . . .
            ",
        );
    }
}

#[test]
fn the_other_side_of_the_same_race_captures_one_stone() {
    // Same race, White to move: White A4 captures the lone B4 and its chain keeps B4 as a liberty.
    for preset in Preset::ALL {
        let mut g = game(
            preset,
            "
              A B C D
            4 . X O .
            3 O O X .
            2 X X . .
            1 . . . .
            ",
        );
        g.set_to_move(W);
        assert_eq!(play(&mut g, W, "A4"), Ok(captured(1)), "{preset}");
        assert_board(
            &g,
            "
              A B C D
            4 O . O .
            3 O O X .
            2 X X . .
            1 . . . .
            ",
        );
    }
}
