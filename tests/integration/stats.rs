//! `gotool stats`: the archive at a glance (#14 items 5, 19, 20): totals that say what they are of, missing
//! `RU`/`KM` told apart, the breakdowns, histograms, lists, duplicates, and the JSON document against its schema.

use crate::util::{run_in, write_file};

/// A folder with the given records, for a run.
fn archive(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        write_file(dir.path(), name, text);
    }
    dir
}

// `RE[B+0.0]`: servers write it for games that ended by resignation or time (here after two moves, komi 7.5:
// no count can tie). It is a win without a margin, so the game is not scored as if it had been counted.
#[test]
fn a_win_by_zero_points_is_a_win_without_a_margin() {
    let dir = archive(&[("zero.sgf", "(;GM[1]SZ[9]KM[7.5]RU[Japanese]RE[B+0.0];B[ee];W[cc])")]);
    let score = run_in(dir.path(), &["score", "-q", "--format", "json", "zero.sgf"]);
    let game = &score.json()["files"][0]["games"][0];
    assert!(game["score"].is_null(), "{game:#}");
    let notes: Vec<&str> =
        game["diagnostics"].as_array().unwrap().iter().filter_map(|d| d["message"].as_str()).collect();
    assert!(notes.iter().any(|m| m.contains("RE[B+0.0] gives no count")), "{notes:?}");
}
