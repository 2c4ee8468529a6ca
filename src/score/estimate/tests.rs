//! Diagrams worked out by hand: each gives a final position, the stones a Go player would call dead, and both
//! counts with those stones removed.

use super::*;
use crate::go::{Board, Preset};

fn dead_of(diagram: &str) -> Vec<String> {
    let board = Board::from_diagram(diagram);
    let e = estimate(&board, &Preset::Japanese.rules());
    e.dead_points().iter().map(|p| p.to_board_notation(board.height())).collect()
}

#[test]
fn a_lone_stone_inside_a_wall_is_dead() {
    let dead = dead_of(
        "
        . . . X O .
        . O . X O .
        . . . X O .
        X X X X O .
        O O O O O .
        . . . . . .
        ",
    );
    assert_eq!(dead, ["B5"]);
}
