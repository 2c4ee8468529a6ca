//! Board shapes and sizes (rectangular boards, 1×1, 2×2, 21×21 where `tt` is a real point, 52×52) and the
//! `Board` API used directly: diagrams, chains and liberties, `suicide_size`, `hash_after`, `place`'s ko
//! point and `remove_stone`.

use super::*;

fn loc(board: &Board, name: &str) -> Loc {
    let p = Point::from_board_notation(name, board.width(), board.height()).expect("point on the board");
    board.loc(p)
}

#[test]
fn diagrams_round_trip() {
    let text = diagram(
        "
          A B C D E
        3 X O . . X
        2 . X O . .
        1 O . . X O
        ",
    );
    let board = Board::from_diagram(&text);
    assert_eq!((board.width(), board.height()), (5, 3));
    assert_eq!(board.to_diagram(), text);
    assert_eq!(board.get(Point::new(0, 0)), Some(B)); // A3, top left
    assert_eq!(board.get(Point::new(1, 0)), Some(W)); // B3
    assert_eq!(board.get(Point::new(4, 2)), Some(W)); // E1, bottom right
    assert_eq!((board.stones_on_board(B), board.stones_on_board(W)), (4, 4));
    board.check_consistency().unwrap();
    // The other characters `from_diagram` accepts.
    assert_eq!(Board::from_diagram("# @ +\n, x o").to_diagram(), "X O .\n. X O\n");
}

#[test]
fn chains_and_their_liberties() {
    let board = Board::from_diagram(&diagram(
        "
          A B C D E
        5 . . . . .
        4 . X X . .
        3 . X O O .
        2 . . O X .
        1 . . . . .
        ",
    ));
    // Black B4-C4-B3: liberties A4, B5, C5, D4, A3, B2.
    let b4 = loc(&board, "B4");
    assert_eq!((board.chain_len(b4), board.chain_liberties(b4)), (3, 6));
    assert_eq!(board.chain_id(b4), board.chain_id(loc(&board, "B3")));
    // White C3-D3-C2: liberties D4, E3, B2, C1 (B2 and D4 are liberties of the Black chain too).
    let c3 = loc(&board, "C3");
    assert_eq!((board.chain_len(c3), board.chain_liberties(c3)), (3, 4));
    let mut stones: Vec<Point> = board.chain_stones(c3).map(|l| board.point(l)).collect();
    stones.sort();
    assert_eq!(stones, vec![Point::new(2, 2), Point::new(2, 3), Point::new(3, 2)]);
    // Black D2 alone: E2, D1.
    let d2 = loc(&board, "D2");
    assert_eq!((board.chain_len(d2), board.chain_liberties(d2)), (1, 2));
    assert_ne!(board.chain_id(d2), board.chain_id(b4));
}

#[test]
fn suicide_size_and_would_capture() {
    // White's big chain (A3-D3, A2, D2, B1-E1) has three liberties: E3, C2 and A1. Black B2 and E2 each
    // have one: C2 and E3.
    let board = Board::from_diagram(&diagram(
        "
          A B C D E
        3 O O O O .
        2 O X . O X
        1 . O O O O
        ",
    ));
    // Black C2 joins B2, has no liberty and captures nothing: a two-stone suicide.
    assert_eq!(board.suicide_size(loc(&board, "C2"), B), 2);
    assert!(!board.would_capture(loc(&board, "C2"), B));
    // White C2 captures B2, so it is no suicide.
    assert!(board.would_capture(loc(&board, "C2"), W));
    assert_eq!(board.suicide_size(loc(&board, "C2"), W), 0);
    // Black A1: both neighbours White, White keeps two liberties: a one-stone suicide.
    assert_eq!(board.suicide_size(loc(&board, "A1"), B), 1);
    assert!(!board.would_capture(loc(&board, "A1"), B));
    // White E3 takes E2's last liberty.
    assert!(board.would_capture(loc(&board, "E3"), W));
    assert_eq!(board.suicide_size(loc(&board, "E3"), W), 0);
    // Black E3 joins E2; the chain E2-E3 has no liberty (D3, D2 and E1 are White) and captures nothing.
    assert_eq!(board.suicide_size(loc(&board, "E3"), B), 2);
}

#[test]
fn hash_after_predicts_the_hash_of_captures_and_suicides() {
    let before = "
          A B C D E
        3 O O O O .
        2 O X . O X
        1 . O O O O
    ";
    // White C2 captures B2; White E3 captures E2; Black C2 is a two-stone suicide.
    for (color, point, after) in [
        (
            W,
            "C2",
            "
              A B C D E
            3 O O O O .
            2 O . O O X
            1 . O O O O
            ",
        ),
        (
            W,
            "E3",
            "
              A B C D E
            3 O O O O O
            2 O X . O .
            1 . O O O O
            ",
        ),
        (
            B,
            "C2",
            "
              A B C D E
            3 O O O O .
            2 O . . O X
            1 . O O O O
            ",
        ),
    ] {
        let mut board = Board::from_diagram(&diagram(before));
        let l = loc(&board, point);
        let predicted = board.hash_after(l, color);
        board.place(l, color);
        board.check_consistency().unwrap();
        assert_eq!(board.to_diagram(), diagram(after), "{color} {point}");
        assert_eq!(board.hash(), predicted, "{color} {point}");
        assert_eq!(board.hash(), Board::from_diagram(&diagram(after)).hash(), "{color} {point}");
    }
}

#[test]
fn place_reports_captures_suicide_and_the_ko_point() {
    // Black A4 takes the ko stone B4: one stone captured, the capturing stone alone with one liberty,
    // so B4 is the ko point.
    let mut board = Board::from_diagram(&diagram(
        "
          A B C D
        4 . O X .
        3 O X . .
        2 . . . .
        1 . . . .
        ",
    ));
    let placed = board.place(loc(&board, "A4"), B);
    assert_eq!(placed, Placed { captured: 1, self_captured: 0, ko_point: Some(loc(&board, "B4")) });

    // One stone captured by a stone that keeps two liberties: no ko point.
    let mut board = Board::from_diagram(&diagram(
        "
          A B C
        3 O X .
        2 . . .
        1 . . .
        ",
    ));
    assert_eq!(board.place(loc(&board, "A2"), B), Placed { captured: 1, ..Placed::default() });

    // The board only does the mechanics: a one-stone suicide is placed and removed again (the rules,
    // in `Game`, would have refused it).
    let position = diagram(
        "
          A B C
        3 . O .
        2 O . .
        1 . . .
        ",
    );
    let mut board = Board::from_diagram(&position);
    let hash = board.hash();
    assert_eq!(board.place(loc(&board, "A3"), B), Placed { self_captured: 1, ..Placed::default() });
    assert_eq!(board.to_diagram(), position);
    assert_eq!(board.hash(), hash);
    assert_eq!(board.stones_on_board(B), 0);
}

#[test]
fn remove_stone_gives_liberties_back() {
    // Removing White B2 gives Black A3-A2, Black C2 and White B3 each the liberty B2.
    let mut board = Board::from_diagram(&diagram(
        "
          A B C
        3 X O .
        2 X O X
        1 . . .
        ",
    ));
    assert_eq!(board.chain_liberties(loc(&board, "A3")), 1);
    board.remove_stone(loc(&board, "B2"));
    board.check_consistency().unwrap();
    assert_eq!(board.to_diagram(), diagram("X O .\nX . X\n. . ."));
    assert_eq!(board.chain_liberties(loc(&board, "A3")), 2);
    assert_eq!(board.chain_liberties(loc(&board, "C2")), 3);
    assert_eq!(board.chain_liberties(loc(&board, "B3")), 2);
    assert_eq!(board.stones_on_board(W), 1);
    // Removing from an empty point does nothing.
    let hash = board.hash();
    board.remove_stone(loc(&board, "B2"));
    assert_eq!(board.hash(), hash);
}

#[test]
fn the_same_stones_give_the_same_hash_whatever_the_order() {
    let mut a = Game::new(9, 9, Preset::Japanese.rules());
    let mut b = Game::new(9, 9, Preset::Japanese.rules());
    moves(&mut a, "B C3 W D4 B E5 W F6");
    moves(&mut b, "B E5 W F6 B C3 W D4");
    assert_eq!(a.board().hash(), b.board().hash());
    // The same points with one colour swapped give a different hash.
    let mut c = Game::new(9, 9, Preset::Japanese.rules());
    moves(&mut c, "B C3 W D4 B E5 W pass B F6");
    assert_ne!(a.board().hash(), c.board().hash());
}

#[test]
fn neighbours_stop_at_the_edges() {
    for (w, h) in [(1, 1), (1, 2), (2, 2), (5, 3), (19, 13), (52, 52)] {
        let board = Board::new(w, h);
        let count = |x: u8, y: u8| board.neighbours(board.loc(Point::new(x, y))).count();
        let expected =
            |x: u8, y: u8| usize::from(x > 0) + usize::from(x + 1 < w) + usize::from(y > 0) + usize::from(y + 1 < h);
        for y in 0..h {
            for x in 0..w {
                assert_eq!(count(x, y), expected(x, y), "{w}x{h} ({x}, {y})");
                assert_eq!(board.point(board.loc(Point::new(x, y))), Point::new(x, y));
            }
        }
        assert_eq!(board.locs().count(), usize::from(w) * usize::from(h));
    }
}

#[test]
fn a_5x3_board_is_five_columns_and_three_rows() {
    // Corner captures at the top right and the bottom left of a wide board.
    let mut g = game(
        Preset::Japanese,
        "
          A B C D E
        3 . . . X O
        2 . . . . .
        1 O X . . .
        ",
    );
    assert_eq!((g.board().width(), g.board().height()), (5, 3));
    assert_eq!(moves(&mut g, "B E2 W C2 B A2"), [captured(1), Played::default(), captured(1)]);
    assert_board(
        &g,
        "
          A B C D E
        3 . . . X .
        2 X . O . X
        1 . X . . .
        ",
    );
    // Column 4, row 2 from the top (E1) exists; column 2, row 4 would exist only on a 3×5 board.
    assert_eq!(play_at(&mut g, W, Some(Point::new(4, 2))), Ok(Played::default()));
    assert_eq!(play_at(&mut g, B, Some(Point::new(2, 4))), Err(Illegal::OffBoard));
}

#[test]
fn a_3x5_board_is_three_columns_and_five_rows() {
    // Capture in the bottom-right corner of a tall board.
    let mut g = game(
        Preset::TrompTaylor,
        "
          A B C
        5 . . .
        4 . . .
        3 . . .
        2 . . X
        1 . . O
        ",
    );
    assert_eq!(play(&mut g, B, "B1"), Ok(captured(1)));
    assert_board(
        &g,
        "
          A B C
        5 . . .
        4 . . .
        3 . . .
        2 . . X
        1 . X .
        ",
    );
    // Column 2, row 4 from the top is C1, on the board (and suicide for White); column 4 is not.
    assert_eq!(play_at(&mut g, W, Some(Point::new(2, 4))), Err(Illegal::Suicide { stones: 1 }));
    assert_eq!(play_at(&mut g, W, Some(Point::new(4, 2))), Err(Illegal::OffBoard));
}

#[test]
fn a_19x13_board() {
    // White stones in two opposite corners of a board 19 wide and 13 high; Black captures both.
    let mut g = game(
        Preset::Chinese,
        "
           A B C D E F G H J K L M N O P Q R S T
        13 O X . . . . . . . . . . . . . . . . .
        12 . . . . . . . . . . . . . . . . . . .
        11 . . . . . . . . . . . . . . . . . . .
        10 . . . . . . . . . . . . . . . . . . .
         9 . . . . . . . . . . . . . . . . . . .
         8 . . . . . . . . . . . . . . . . . . .
         7 . . . . . . . . . . . . . . . . . . .
         6 . . . . . . . . . . . . . . . . . . .
         5 . . . . . . . . . . . . . . . . . . .
         4 . . . . . . . . . . . . . . . . . . .
         3 . . . . . . . . . . . . . . . . . . .
         2 . . . . . . . . . . . . . . . . . . .
         1 . . . . . . . . . . . . . . . . . X O
        ",
    );
    assert_eq!((g.board().width(), g.board().height()), (19, 13));
    assert_eq!(moves(&mut g, "B A12 W K7 B T2"), [captured(1), Played::default(), captured(1)]);
    assert_board(
        &g,
        "
           A B C D E F G H J K L M N O P Q R S T
        13 . X . . . . . . . . . . . . . . . . .
        12 X . . . . . . . . . . . . . . . . . .
        11 . . . . . . . . . . . . . . . . . . .
        10 . . . . . . . . . . . . . . . . . . .
         9 . . . . . . . . . . . . . . . . . . .
         8 . . . . . . . . . . . . . . . . . . .
         7 . . . . . . . . . O . . . . . . . . .
         6 . . . . . . . . . . . . . . . . . . .
         5 . . . . . . . . . . . . . . . . . . .
         4 . . . . . . . . . . . . . . . . . . .
         3 . . . . . . . . . . . . . . . . . . .
         2 . . . . . . . . . . . . . . . . . . X
         1 . . . . . . . . . . . . . . . . . X .
        ",
    );
    // (18, 12) is T1, on the board (suicide for White now); (12, 18) is off it.
    assert_eq!(play_at(&mut g, W, Some(Point::new(18, 12))), Err(Illegal::Suicide { stones: 1 }));
    assert_eq!(play_at(&mut g, W, Some(Point::new(12, 18))), Err(Illegal::OffBoard));
}

#[test]
fn on_21x21_tt_is_a_real_point() {
    // SGF `tt` is (19, 19): U2 on a 21×21 board. Black surrounds a White stone there and captures it.
    let tt = Point::from_sgf("tt", 21, 21).unwrap();
    assert_eq!(tt, Point::new(19, 19));
    assert_eq!(tt.to_board_notation(21), "U2");
    let mut g = Game::new(21, 21, Preset::Japanese.rules());
    let played = moves(&mut g, "B T2 W U2 B V2 W pass B U3 W pass B U1");
    assert_eq!(played.last(), Some(&captured(1)));
    assert_eq!(g.board().get(tt), None);
    assert_eq!(g.prisoners(B), 1);
    // The point is a real one: White may not play there (suicide), Black may (out of turn).
    assert_eq!(play_at(&mut g, W, Some(tt)), Err(Illegal::Suicide { stones: 1 }));
    assert_eq!(play_at(&mut g, B, Some(tt)), Ok(Played { wrong_turn: true, ..Played::default() }));
    assert_eq!(g.board().get(tt), Some(B));
}

#[test]
fn a_game_on_2x2() {
    // Every move on 2×2 touches most of the board. White's A1 fills its own last liberty but captures
    // Black's two stones; White's B2 captures one; Black's A2 then captures three and recreates the
    // position after move 1 (Black A2 alone, White to move).
    for preset in Preset::ALL {
        let mut g = Game::new(2, 2, preset.rules());
        let played = moves(&mut g, "B A2 W B1 B B2 W A1");
        assert_eq!(played[3], captured(2), "{preset}");
        assert_board(
            &g,
            "
              A B
            2 . .
            1 O O
            ",
        );
        assert_eq!(moves(&mut g, "B A2 W B2")[1], captured(1), "{preset}");
        assert_board(
            &g,
            "
              A B
            2 . O
            1 O O
            ",
        );
        let last = play(&mut g, B, "A2");
        match preset {
            Preset::Japanese | Preset::Korean => {
                assert_eq!(last, Ok(Played { captured: 3, repeats_position_of: Some(1), ..Played::default() }));
                assert_board(
                    &g,
                    "
                      A B
                    2 X .
                    1 . .
                    ",
                );
            }
            Preset::Chinese | Preset::TrompTaylor => {
                assert_eq!(last, Err(Illegal::PositionalSuperko { earlier_move: 1 }), "{preset}")
            }
            Preset::Aga | Preset::Nz => {
                assert_eq!(last, Err(Illegal::SituationalSuperko { earlier_move: 1 }), "{preset}")
            }
        }
    }
}

#[test]
fn captures_in_the_four_corners_of_a_52x52_board() {
    // White stones on the four corner points (A52, BB52, A1, BB1: columns past Z are AA, AB, ..., BB),
    // each with one Black neighbour; Black takes each corner stone's last liberty.
    let mut g = Game::new(52, 52, Preset::Japanese.rules());
    let airless = g.setup(&points(&g, "B52 BB51 A2 BA1"), &points(&g, "A52 BB52 A1 BB1"), &[]);
    assert!(airless.is_empty());
    assert_eq!(at(&g, "BB52"), Point::new(51, 0));
    assert_eq!(at(&g, "BB1"), Point::new(51, 51));
    let played = moves(&mut g, "B A51 W pass B BA52 W pass B B1 W pass B BB2");
    assert_eq!(played.iter().map(|p| p.captured).sum::<u32>(), 4);
    for corner in ["A52", "BB52", "A1", "BB1"] {
        assert_eq!(g.board().get(at(&g, corner)), None, "{corner}");
    }
    assert_eq!(g.board().stones_on_board(B), 8);
    assert_eq!(g.board().stones_on_board(W), 0);
    assert_eq!(g.prisoners(B), 4);
    // Each corner point now has two Black neighbours: a White stone there would be suicide.
    for corner in ["A52", "BB52", "A1", "BB1"] {
        assert_eq!(play(&mut g, W, corner), Err(Illegal::Suicide { stones: 1 }), "{corner}");
    }
}

fn points(g: &Game, names: &str) -> Vec<Point> {
    names.split_whitespace().map(|n| at(g, n)).collect()
}
