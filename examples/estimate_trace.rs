//! Development aid: replays each record given and prints the dead-stone estimator's rounds.
//! `cargo run --release --example estimate_trace -- game.sgf`

use gotool::check::{CheckOptions, check_game};
use gotool::sgf::{Limits, scan_collection};

fn main() {
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).expect("readable file");
        let decoded = gotool::input::decode(&bytes).expect("decodable text");
        let (collection, _) = scan_collection(&decoded.text, &Limits::default());
        let (_, end) = check_game(&collection, 0, &CheckOptions::default());
        let Some(end) = end else { continue };
        let board = end.game.board();
        let (estimate, trace) = gotool::score::estimate::trace(board, &end.info.rules);
        #[allow(clippy::print_stdout)]
        {
            println!("{path}\n{}{trace}", board.to_diagram());
            for d in &estimate.dead {
                println!("dead {} {:?}: {} ({})", d.color, d.stones, d.reason, d.confidence);
            }
        }
    }
}
