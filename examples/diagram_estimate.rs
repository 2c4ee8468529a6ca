//! Development aid: estimates the dead stones of each diagram in a file (diagrams separated by blank lines).
//! `cargo run --release --example diagram_estimate -- diagrams.txt`

use gotool_go::{Board, Preset};

fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).expect("readable file");
        for diagram in text.split("\n\n").filter(|d| !d.trim().is_empty()) {
            let board = Board::from_diagram(diagram);
            let estimate = gotool_score::estimate::estimate(&board, &Preset::Japanese.rules());
            let dead: Vec<String> =
                estimate.dead_points().iter().map(|p| p.to_board_notation(board.height())).collect();
            #[allow(clippy::print_stdout)]
            {
                println!("{}dead: {}\n", board.to_diagram(), dead.join(" "));
            }
        }
    }
}
