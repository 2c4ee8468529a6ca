//! Development aid: replays each record given and prints the dead-stone estimator's rounds.
//! `cargo run --release --example estimate_trace -- game.sgf`

use gotool_replay::{ReplayOptions, check_game};
use gotool_sgf::{Limits, read_game, scan_collection};

fn main() {
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).expect("readable file");
        let decoded = gotool_sgf::decode::decode(&bytes).expect("decodable text");
        let (collection, _) = scan_collection(&decoded.text, &Limits::default());
        let (_, end) = check_game(&read_game(&collection, 0), 0, &ReplayOptions::default());
        let Some(end) = end else { continue };
        let board = end.game.board();
        let (estimate, trace) = gotool_score::estimate::trace(board, &end.settings.rules);
        #[allow(clippy::print_stdout)]
        {
            println!("{path}\n{}{trace}", board.to_diagram());
            for d in &estimate.dead {
                println!("dead {} {:?}: {} ({})", d.color, d.stones, d.reason, d.confidence);
            }
        }
    }
}
