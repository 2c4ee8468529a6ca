//! Differential fuzz target (issue #43): the splitter that finds the games of every collection
//! (`sgf::split::Splitter`) against the reader of a whole text (`Plan::check_unsplit`, `sgf::scan_collection`).
//! For an input that both read without a break (UTF-8 text the whole reader reads without a file error, and in
//! which the splitter finds no broken game tree), the games must be the same, in the same order: each game cut
//! out by the splitter and read alone gets the report its tree gets in the whole text (validity, diagnostic
//! codes, moves, `moves_hash`). Panics are findings too.
#![no_main]

use libfuzzer_sys::fuzz_target;

use gotool_check::Plan;
use gotool_model::GameReport;
use gotool_sgf::split::{Piece, SplitOptions, Splitter};

/// What a game's report must agree on, read whole or cut out.
fn verdict(game: &GameReport) -> (bool, Vec<&'static str>, u32, Option<u64>) {
    let codes = game.diagnostics.iter().map(|d| d.code).collect();
    (game.is_valid(), codes, game.moves, game.fingerprint.as_ref().map(|f| f.moves_hash))
}

fuzz_target!(|data: &[u8]| {
    // Charset decoding is per game in a collection and per text read whole: compare where they cannot differ.
    if std::str::from_utf8(data).is_err() || data.contains(&0) || data.len() > 1 << 16 {
        return;
    }
    let plan = Plan::default();
    let whole = plan.check_unsplit(data, "whole.sgf");
    let mut games = Vec::new();
    for piece in Splitter::over_bytes(data, SplitOptions::default()) {
        match piece {
            Ok(Piece::Game(game)) => games.push(game),
            Ok(Piece::Junk(_)) => {}
            // A broken game tree, or a limit: the two readings are not both clean.
            Ok(Piece::Broken(_)) | Err(_) => return,
        }
    }
    if whole.error.is_some() {
        return;
    }
    let alone: Vec<GameReport> = games
        .iter()
        .filter_map(|game| {
            let report = plan.check_unsplit(&game.bytes, "game.sgf");
            assert!(report.games.len() <= 1, "one game tree cut out is one game");
            report.games.into_iter().next()
        })
        .collect();
    assert_eq!(whole.games.len(), alone.len(), "as many games read whole as cut out");
    for (a, b) in whole.games.iter().zip(&alone) {
        assert_eq!(verdict(a), verdict(b), "game {} read whole and cut out", a.index);
    }
});
