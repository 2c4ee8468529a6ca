//! Passes (rules.md section 1): `play(color, None)` is a pass. Two consecutive passes end the game; a stone
//! played after them resumes play (Japanese rules Article 9.3), which is legal and flagged
//! `resumed_after_passes`.

use super::*;

const EMPTY_5X5: &str = "
      A B C D E
    5 . . . . .
    4 . . . . .
    3 . . . . .
    2 . . . . .
    1 . . . . .
";

#[test]
fn a_pass_changes_nothing_on_the_board_and_hands_over_the_turn() {
    for preset in Preset::ALL {
        let mut g = game(preset, EMPTY_5X5);
        assert_eq!(play(&mut g, B, "pass"), Ok(Played::default()), "{preset}");
        assert_board(&g, EMPTY_5X5);
        assert_eq!(g.to_move(), W);
        assert_eq!(g.moves_played(), 1);
        assert_eq!(g.consecutive_passes(), 1);
        assert_eq!((g.passes(B), g.passes(W)), (1, 0));
        assert_eq!(g.last_move(), Some((B, None)));
    }
}

#[test]
fn two_passes_then_a_stone_resumes_play() {
    for preset in Preset::ALL {
        let mut g = game(preset, EMPTY_5X5);
        moves(&mut g, "B pass W pass");
        assert_eq!(g.consecutive_passes(), 2);
        assert_eq!((g.passes(B), g.passes(W)), (1, 1));
        let resumed = play(&mut g, B, "C3").unwrap();
        assert_eq!(resumed, Played { resumed_after_passes: true, ..Played::default() }, "{preset}");
        assert_eq!(g.consecutive_passes(), 0);
        // The next stone is ordinary play again.
        assert_eq!(play(&mut g, W, "D4"), Ok(Played::default()), "{preset}");
        assert_eq!(g.moves_played(), 4);
    }
}

#[test]
fn one_pass_then_a_stone_is_not_a_resumption() {
    for preset in Preset::ALL {
        let mut g = game(preset, EMPTY_5X5);
        moves(&mut g, "B C3 W pass");
        assert_eq!(play(&mut g, B, "D4"), Ok(Played::default()), "{preset}");
    }
}

#[test]
fn passes_between_stones_do_not_add_up() {
    // pass, stone, pass: never two passes in a row, so nothing is resumed.
    let mut g = game(Preset::Japanese, EMPTY_5X5);
    let played = moves(&mut g, "B pass W C3 B pass W D4 B E5");
    assert!(played.iter().all(|p| !p.resumed_after_passes), "{played:?}");
    assert_eq!((g.passes(B), g.passes(W)), (2, 0));
}

#[test]
fn three_passes_then_a_stone_also_resumes() {
    let mut g = game(Preset::Japanese, EMPTY_5X5);
    moves(&mut g, "B pass W pass B pass");
    assert_eq!(g.consecutive_passes(), 3);
    assert!(play(&mut g, W, "C3").unwrap().resumed_after_passes);
}

#[test]
fn an_illegal_move_after_two_passes_leaves_the_pass_count() {
    let mut g = game(
        Preset::Japanese,
        "
          A B C
        3 . . .
        2 . X .
        1 . . .
        ",
    );
    moves(&mut g, "B pass W pass");
    assert_eq!(play(&mut g, B, "B2"), Err(Illegal::Occupied));
    assert_eq!(g.consecutive_passes(), 2);
    assert!(play(&mut g, B, "A1").unwrap().resumed_after_passes);
}

#[test]
fn a_pass_out_of_turn_is_flagged() {
    let mut g = game(Preset::Japanese, EMPTY_5X5);
    assert_eq!(play(&mut g, B, "pass"), Ok(Played::default()));
    assert_eq!(play(&mut g, B, "pass"), Ok(Played { wrong_turn: true, ..Played::default() }));
    // After Black's second pass it is White's turn.
    assert_eq!(g.to_move(), W);
    assert_eq!(play(&mut g, W, "pass"), Ok(Played::default()));
}

#[test]
fn a_first_pass_by_white_says_white_was_to_move() {
    // See: #14 (B).
    let mut g = game(Preset::Japanese, EMPTY_5X5);
    assert_eq!(play(&mut g, W, "pass"), Ok(Played::default()));
    assert_eq!(g.to_move(), B);
}

#[test]
fn passes_are_always_legal_even_when_the_position_has_occurred_before() {
    // A pass never changes the board, so it "repeats" the current position by definition; superko rules
    // apply to plays only. Four passes in a row under every preset.
    for preset in Preset::ALL {
        let mut g = game(preset, EMPTY_5X5);
        let played = moves(&mut g, "B pass W pass B pass W pass");
        assert!(played.iter().all(|p| *p == Played::default()), "{preset}: {played:?}");
        assert_eq!(g.moves_played(), 4);
    }
}

#[test]
fn the_only_legal_moves_on_a_1x1_board_are_passes() {
    // Any stone on a one-point board has no liberty and captures nothing: single-stone suicide.
    for preset in Preset::ALL {
        let mut g = game(preset, "1 .");
        assert_eq!(play(&mut g, B, "A1"), Err(Illegal::Suicide { stones: 1 }), "{preset}");
        assert_eq!(play(&mut g, W, "A1"), Err(Illegal::Suicide { stones: 1 }), "{preset}");
        moves(&mut g, "B pass W pass");
        assert_eq!(g.consecutive_passes(), 2);
        assert_board(&g, "1 .");
    }
}
