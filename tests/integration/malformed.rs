//! Files that are not (only) a clean SGF record: truncation, unclosed values, text around the tree, empty
//! files, other games, binary data, and inputs too deep or too large (generated here, not committed).

use crate::util::{check_json, codes, only_game, run, run_in, with_severity, write_file};

#[track_caller]
fn assert_file_error(path: &str, code: &str, place: Option<(u64, u64)>) {
    let (exit, doc) = check_json(path, &[]);
    let file = &doc["files"][0];
    assert_eq!(file["error"]["code"], code, "{file:#}");
    let found = file["error"]["line"].as_u64().zip(file["error"]["column"].as_u64());
    assert_eq!(found, place, "{file:#}");
    assert_eq!(file["games"], serde_json::json!([]));
    assert_eq!(doc["summary"]["file_errors"], 1);
    assert_eq!(exit, 1, "a file unreadable as SGF: exit 1");
}

#[test]
fn truncated_record_is_a_syntax_error_at_the_end() {
    assert_file_error("sgf/malformed/truncated.sgf", "syntax", Some((8, 1)));
    let r = run(&["check", "sgf/malformed/truncated.sgf"]);
    let first = r.stdout.lines().next().unwrap();
    assert!(first.starts_with("sgf/malformed/truncated.sgf:8:1: error: "), "{first}");
    assert!(first.ends_with("[syntax]"), "{first}");
    assert!(r.stdout.ends_with("1 file, 0 games: 0 valid, 0 invalid, 0 warnings, 1 file not fully readable as SGF\n"));
}

#[test]
fn unclosed_value_is_reported_where_it_opens() {
    assert_file_error("sgf/malformed/unclosed-value.sgf", "syntax", Some((10, 8)));
}

#[test]
fn text_around_the_game_tree_is_skipped_with_warnings() {
    let (code, doc) = check_json("sgf/malformed/junk-around.sgf", &[]);
    let file = &doc["files"][0];
    assert!(file["error"].is_null());
    let junk = with_severity(file, "warning");
    assert_eq!(junk.len(), 2, "{file:#}");
    assert!(junk.iter().all(|d| d["code"] == "junk-outside-tree"));
    let places: Vec<_> = junk.iter().map(|d| (d["line"].as_u64(), d["column"].as_u64())).collect();
    assert_eq!(places, [(Some(1), Some(1)), (Some(16), Some(1))]);
    let game = only_game(&doc);
    assert_eq!(game["valid"], true);
    assert_eq!(game["moves"], 4);
    assert_eq!(code, 0);
}

#[test]
fn empty_file_is_not_an_sgf_record() {
    assert_eq!(std::fs::metadata(crate::util::fixture("sgf/malformed/empty.sgf")).unwrap().len(), 0);
    assert_file_error("sgf/malformed/empty.sgf", "syntax", None);
    let r = run(&["check", "sgf/malformed/empty.sgf"]);
    assert!(r.stdout.starts_with("sgf/malformed/empty.sgf: error: "), "{}", r.stdout);
}

#[test]
fn other_games_are_skipped_with_a_warning() {
    let (code, doc) = check_json("sgf/malformed/not-go.sgf", &[]);
    let game = only_game(&doc);
    assert_eq!(game["valid"], true);
    assert_eq!(game["moves"], 0, "chess moves are not replayed as Go");
    assert_eq!(codes(game, "warning"), ["not-go"]);
    let w = &with_severity(game, "warning")[0];
    assert_eq!((w["line"].as_u64(), w["column"].as_u64()), (Some(1), Some(6)));
    assert_eq!(code, 0);
    assert_eq!(check_json("sgf/malformed/not-go.sgf", &["--strict"]).0, 1);
}

#[test]
fn generated_bad_inputs_are_reported_not_crashed_on() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // (name, contents, expected error code)
    let cases: [(&str, Vec<u8>, &str); 7] = [
        ("png.sgf", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec(), "encoding"),
        ("nul.sgf", b"\0\0\0(;B[aa])".to_vec(), "encoding"),
        ("bracket-in-comment.sgf", b"(;C[he said ] B[aa] oops])".to_vec(), "syntax"),
        ("no-semicolon.sgf", b"(GM[1]SZ[9];B[aa])".to_vec(), "syntax"),
        ("only-text.sgf", b"Dear club, the game is attached.".to_vec(), "syntax"),
        ("deep.sgf", [&b"(;"[..].repeat(20_000)[..], &b")"[..].repeat(20_000)[..]].concat(), "limit"),
        ("lowercase.sgf", b"(;b[aa])".to_vec(), "syntax"),
    ];
    for (name, contents, _) in &cases {
        write_file(d, name, contents);
    }
    for (name, _, expected) in &cases {
        let r = run_in(d, &["check", "-q", "--format", "json", name]);
        assert_eq!(r.code, 1, "{name}: {}", r.stdout);
        let doc = r.json();
        assert_eq!(doc["files"][0]["error"]["code"], *expected, "{name}: {doc:#}");
    }
}

#[test]
fn a_long_record_replays_without_overflowing_the_stack() {
    // 100,000 nodes in one line of play: far deeper than a recursive tree could take on a thread stack.
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from("(;GM[1]FF[4]SZ[19]RU[Japanese]KM[6.5]");
    for _ in 0..50_000 {
        text.push_str(";B[];W[]");
    }
    text.push(')');
    write_file(dir.path(), "long.sgf", text);
    let r = run_in(dir.path(), &["check", "-q", "--format", "json", "long.sgf"]);
    let doc = r.json();
    let game = only_game(&doc);
    assert_eq!(game["valid"], true, "{}", r.stderr);
    assert_eq!(game["moves"], 100_000);
    assert_eq!(game["ended_by_passes"], true);
}

#[test]
fn limits_are_enforced_and_configurable() {
    // capture.sgf has 24 nodes and about a kilobyte of text.
    for (flag, value) in [("--max-nodes", "10"), ("--max-file-size", "100")] {
        let (code, doc) = check_json("sgf/rules/capture.sgf", &[flag, value]);
        assert_eq!(doc["files"][0]["error"]["code"], "limit", "{flag} {value}: {doc:#}");
        assert_eq!(code, 1);
    }
    // Variations nested three deep: within the default limit, over a limit of two.
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "vars.sgf", "(;GM[1]SZ[9];B[ee](;W[cc])(;W[gg](;B[cc])(;B[gc])))");
    let ok = run_in(dir.path(), &["check", "--format", "json", "vars.sgf"]);
    assert_eq!(ok.code, 0, "{}", ok.stdout);
    let deep = run_in(dir.path(), &["check", "--format", "json", "--max-depth", "2", "vars.sgf"]);
    assert_eq!(deep.code, 1);
    assert_eq!(deep.json()["files"][0]["error"]["code"], "limit");
}
