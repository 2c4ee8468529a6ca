//! Fuzz target over `gotool fix`'s promise (issue #16): for any input, the fixer (as the command line runs it,
//! with and without `--normalise`, and with `--cut-at-illegal --normalise` for inputs up to 4 kB) does not
//! crash; when `check` can read the input (no file error), the fixed bytes are read by `check` as the same games
//! (the same moves, setup, board size, komi, handicap, rules, result and players, but where a fix that says so
//! may change them), with no warning or error the input did not have; and fixing the fixed bytes changes
//! nothing.
//!
//! The comparison is made here from `check`'s reports and the records' main lines, not by the fixer's own
//! proof, so that a flaw in that proof is a finding too.
#![no_main]

use std::collections::BTreeSet;

use libfuzzer_sys::fuzz_target;

use gotool_fix::{FixOptions, Fixed, Fixer};
use gotool_go::Color;
use gotool_model::{FileReport, GameReport, Severity};
use gotool_check::Plan;
use gotool_sgf::record::{Item, MoveValue, NONE};
use gotool_replay::ReplayOptions;
use gotool_sgf::{Limits, decode};

/// The largest input fixed with `--cut-at-illegal`.
const MAX_CUT_INPUT: usize = 4096;

fuzz_target!(|data: &[u8]| {
    // `check --format json` reads fingerprints (the moves and setup hashed) besides what the text report shows.
    let check = Plan { replay: ReplayOptions { fingerprints: true, ..ReplayOptions::default() }, ..Plan::default() };
    let before = check.check_bytes(data, "fuzz.sgf");
    no_internal_error(&before);
    let readable = before.error.is_none();
    for (normalise, cut_at_illegal) in [(false, false), (true, false), (true, true)] {
        // `--cut-at-illegal` replays every variation in every round of fixes, and a fuzzing build checks the
        // board after each stone (debug assertions): only small inputs, or one input takes seconds.
        if cut_at_illegal && data.len() > MAX_CUT_INPUT {
            continue;
        }
        let fixer = Fixer::new(FixOptions { normalise, cut_at_illegal, ..FixOptions::default() });
        let fixed = fixer.fix_bytes(data.to_vec(), "fuzz.sgf");
        if let Some(e) = &fixed.report.error {
            assert_ne!(e.code, "internal-error", "{}", e.message);
        }
        let Some(output) = fixed.output.as_deref() else { continue };
        let shown = String::from_utf8_lossy(output);
        // Fixing the fixed file changes nothing.
        let again = fixer.fix_bytes(output.to_vec(), "fixed.sgf");
        assert!(again.report.error.is_none(), "fixing the fixed file fails: {:?}\n{shown}", again.report.error);
        let codes: Vec<&str> = again.report.fixes.iter().map(|f| f.code).collect();
        assert!(again.output.is_none() && codes.is_empty(), "fixing the fixed file changes it: {codes:?}\n{shown}");
        if readable && !cut_at_illegal {
            same_games(&check, &before, data, output, &fixed);
        }
    }
});

/// `check` reads the games of `before` (the input's report) from the fixed bytes, and nothing new is wrong.
fn same_games(check: &Plan, before: &FileReport, input: &[u8], output: &[u8], fixed: &Fixed) {
    let shown = String::from_utf8_lossy(output);
    let after = check.check_bytes(output, "fixed.sgf");
    no_internal_error(&after);
    assert!(after.error.is_none(), "the fixed file does not read: {:?}\n{shown}", after.error);
    assert_eq!(before.games.len(), after.games.len(), "{shown}");
    let applied = |code: &str| fixed.report.fixes.iter().any(|f| f.code == code);
    // A size, komi or handicap moved to the root is read there now (it was ignored before).
    let moved = applied("root-property");
    // Komi and results in zi written in points.
    let zi = applied("zi");
    // Black's first moves written as handicap stones: the same positions from White's first move on.
    let handicap_stones = applied("handicap-stones");
    let (lines_before, lines_after) = (main_lines(input), main_lines(output));
    for (g, (b, a)) in before.games.iter().zip(&after.games).enumerate() {
        let what = |field: &str| format!("game {}: the {field} changed\n{shown}", g + 1);
        assert_eq!(b.rules, a.rules, "{}", what("rules"));
        assert_eq!((&b.black_player, &b.white_player), (&a.black_player, &a.white_player), "{}", what("players"));
        if !moved {
            assert_eq!(b.board_size, a.board_size, "{}", what("board size"));
            assert_eq!(b.handicap, a.handicap, "{}", what("handicap"));
        }
        if !moved && !zi {
            assert_eq!(b.komi, a.komi, "{}", what("komi"));
        }
        if !zi {
            assert_eq!(b.result_text(), a.result_text(), "{}", what("result"));
        }
        if !handicap_stones {
            assert_eq!(b.moves, a.moves, "{}", what("number of moves"));
            assert_eq!(lines_before.get(g), lines_after.get(g), "{}", what("main line"));
            assert_eq!(b.is_valid(), a.is_valid(), "{}", what("validity"));
            assert_eq!(b.ended_by_passes, a.ended_by_passes, "{}", what("end by passes"));
            if !moved {
                let print =
                    |r: &GameReport| r.fingerprint.as_ref().map(|f| (f.moves_hash, f.signature, f.setup_stones));
                assert_eq!(print(b), print(a), "{}", what("fingerprint (moves and setup)"));
            }
        }
        let new: Vec<&str> = problems(a).difference(&problems(b)).copied().collect();
        assert!(new.is_empty(), "game {}: check reports {new:?} after fixing\n{shown}", g + 1);
    }
}

/// The warning and error codes of a game's report.
fn problems(game: &GameReport) -> BTreeSet<&'static str> {
    game.diagnostics.iter().filter(|d| d.severity >= Severity::Warning).map(|d| d.code).collect()
}

/// The moves of each game's main line as the record reads them (colour and value), node boundaries left out.
fn main_lines(bytes: &[u8]) -> Vec<Vec<(Color, MoveValue)>> {
    let Ok(decoded) = decode::decode(bytes) else { return Vec::new() };
    let (collection, _) = gotool_sgf::scan_collection(&decoded.text, &Limits::default());
    (0..collection.games.len())
        .map(|g| {
            let record = gotool_sgf::read_game(&collection, g);
            let mut moves = Vec::new();
            let mut n = if record.nodes.is_empty() { NONE } else { 0 };
            while n != NONE {
                for item in record.items(n) {
                    if let Item::Move { color, value, .. } = *item {
                        moves.push((color, value));
                    }
                }
                n = record.node(n).first_child;
            }
            moves
        })
        .collect()
}

/// A caught panic is a crash: panic again, with the message the user would have seen.
fn no_internal_error(report: &FileReport) {
    if let Some(error) = &report.error {
        assert_ne!(error.code, "internal-error", "{}", error.message);
    }
}
