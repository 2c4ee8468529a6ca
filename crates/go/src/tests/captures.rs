//! Captures: a chain left without liberties by the opponent's move is removed and counted as prisoners of
//! the mover (rules.md section 1). Captures are the same under every preset, so each test runs under all six.

use super::*;

#[test]
fn capture_in_the_corner() {
    // A lone White stone in the corner has two liberties; Black fills the second one.
    for preset in Preset::ALL {
        let mut g = game(
            preset,
            "
              A B C
            3 O X .
            2 . . .
            1 . . .
            ",
        );
        assert_eq!(play(&mut g, B, "A2"), Ok(captured(1)), "{preset}");
        assert_board(
            &g,
            "
              A B C
            3 . X .
            2 X . .
            1 . . .
            ",
        );
        assert_eq!((g.prisoners(B), g.prisoners(W)), (1, 0));
    }
}

#[test]
fn capture_at_the_edge() {
    // A White stone on the first line has three liberties; Black takes the last one from below.
    for preset in Preset::ALL {
        let mut g = game(
            preset,
            "
              A B C D E
            3 . X O X .
            2 . . . . .
            1 . . . . .
            ",
        );
        assert_eq!(play(&mut g, B, "C2"), Ok(captured(1)), "{preset}");
        assert_board(
            &g,
            "
              A B C D E
            3 . X . X .
            2 . . X . .
            1 . . . . .
            ",
        );
        assert_eq!(g.prisoners(B), 1);
    }
}

#[test]
fn capture_of_a_two_stone_chain_in_the_centre() {
    // White's two stones in the middle have one liberty left, at D2.
    for preset in Preset::ALL {
        let mut g = game(
            preset,
            "
              A B C D E
            5 . . . . .
            4 . . X X .
            3 . X O O X
            2 . . X . .
            1 . . . . .
            ",
        );
        assert_eq!(play(&mut g, B, "D2"), Ok(captured(2)), "{preset}");
        assert_board(
            &g,
            "
              A B C D E
            5 . . . . .
            4 . . X X .
            3 . X . . X
            2 . . X X .
            1 . . . . .
            ",
        );
        assert_eq!(g.prisoners(B), 2);
    }
}

#[test]
fn capture_of_a_chain_along_the_whole_edge() {
    // Four White stones on the first line, their only liberty at E1.
    for preset in Preset::ALL {
        let mut g = game(
            preset,
            "
              A B C D E
            3 . . . . .
            2 X X X X .
            1 O O O O .
            ",
        );
        assert_eq!(play(&mut g, B, "E1"), Ok(captured(4)), "{preset}");
        assert_board(
            &g,
            "
              A B C D E
            3 . . . . .
            2 X X X X .
            1 . . . . X
            ",
        );
    }
}

#[test]
fn one_move_captures_two_chains_in_the_corner() {
    // Two separate White stones, B4 and A3, share their last liberty at the corner point A4.
    // Black's A4 has no empty neighbour before the captures, but capturing makes it legal.
    for preset in Preset::ALL {
        let mut g = game(
            preset,
            "
              A B C D
            4 . O X .
            3 O X . .
            2 X . . .
            1 . . . .
            ",
        );
        assert_eq!(play(&mut g, B, "A4"), Ok(captured(2)), "{preset}");
        assert_board(
            &g,
            "
              A B C D
            4 X . X .
            3 . X . .
            2 X . . .
            1 . . . .
            ",
        );
        assert_eq!(g.prisoners(B), 2);
    }
}

#[test]
fn one_move_captures_four_chains_in_the_centre() {
    // Four White stones around C3, each in atari with C3 as its last liberty: Black C3 takes all four.
    for preset in Preset::ALL {
        let mut g = game(
            preset,
            "
              A B C D E
            5 . . X . .
            4 . X O X .
            3 X O . O X
            2 . X O X .
            1 . . X . .
            ",
        );
        assert_eq!(play(&mut g, B, "C3"), Ok(captured(4)), "{preset}");
        assert_board(
            &g,
            "
              A B C D E
            5 . . X . .
            4 . X . X .
            3 X . X . X
            2 . X . X .
            1 . . X . .
            ",
        );
        assert_eq!(g.prisoners(B), 4);
    }
}

#[test]
fn connecting_two_chains_and_capturing_in_one_move() {
    // Black D3 joins D4 and D2 into one chain and takes the last liberty of White's three stones.
    for preset in Preset::ALL {
        let mut g = game(
            preset,
            "
              A B C D E
            5 . . X . .
            4 . X O X .
            3 . X O . .
            2 . X O X .
            1 . . X . .
            ",
        );
        assert_eq!(play(&mut g, B, "D3"), Ok(captured(3)), "{preset}");
        assert_board(
            &g,
            "
              A B C D E
            5 . . X . .
            4 . X . X .
            3 . X . X .
            2 . X . X .
            1 . . X . .
            ",
        );
    }
}

#[test]
fn white_captures_too_and_prisoners_are_kept_per_colour() {
    // Each side takes a lone stone in a corner; each prisoner goes to the capturer.
    for preset in Preset::ALL {
        let mut g = game(
            preset,
            "
              A B C D E
            3 O X . . .
            2 . . . . .
            1 . . . O X
            ",
        );
        assert_eq!(moves(&mut g, "B A2 W E2"), [captured(1), captured(1)], "{preset}");
        assert_board(
            &g,
            "
              A B C D E
            3 . X . . .
            2 X . . . O
            1 . . . O .
            ",
        );
        assert_eq!((g.prisoners(B), g.prisoners(W)), (1, 1));
    }
}

#[test]
fn snapback_is_legal_and_is_not_ko() {
    // White's four stones have two liberties, A4 and B4. Black throws in at B4; White captures the
    // throw-in at A4 but is left with one liberty, B4; Black plays B4 again at once and takes all five.
    // Black's retake is not a ko recapture: White's capturing stone joined a chain of five.
    for preset in Preset::ALL {
        let mut g = game(
            preset,
            "
              A B C D E
            4 . . O X .
            3 O O O X .
            2 X X X X .
            1 . . . . .
            ",
        );
        assert_eq!(play(&mut g, B, "B4"), Ok(Played::default()), "{preset}: throw-in");
        assert_board(
            &g,
            "
              A B C D E
            4 . X O X .
            3 O O O X .
            2 X X X X .
            1 . . . . .
            ",
        );
        assert_eq!(play(&mut g, W, "A4"), Ok(captured(1)), "{preset}: White takes the throw-in");
        assert_board(
            &g,
            "
              A B C D E
            4 O . O X .
            3 O O O X .
            2 X X X X .
            1 . . . . .
            ",
        );
        assert_eq!(play(&mut g, B, "B4"), Ok(captured(5)), "{preset}: snapback");
        assert_board(
            &g,
            "
              A B C D E
            4 . X . X .
            3 . . . X .
            2 X X X X .
            1 . . . . .
            ",
        );
        assert_eq!((g.prisoners(B), g.prisoners(W)), (5, 1));
    }
}
