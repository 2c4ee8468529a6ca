//! `--format json` and `--format jsonl`: the documented fields and their types (report/json.rs is the wire
//! format), summaries that add up, and one parseable object per line in JSON Lines.

use serde_json::Value;

use crate::util::{check_json, only_game, run, run_in, with_severity};

const FILE_KEYS: [&str; 6] = ["path", "error", "charset", "format", "diagnostics", "games"];
const GAME_KEYS: [&str; 12] = [
    "index",
    "valid",
    "rules",
    "board_size",
    "komi",
    "handicap",
    "moves",
    "result_recorded",
    "black_player",
    "white_player",
    "ended_by_passes",
    "diagnostics",
];
const DIAGNOSTIC_KEYS: [&str; 9] =
    ["severity", "code", "message", "move", "color", "point", "sgf_point", "line", "column"];
const SUMMARY_KEYS: [&str; 6] = ["files", "games", "valid", "invalid", "warnings", "file_errors"];

fn is_opt(v: &Value, check: fn(&Value) -> bool) -> bool {
    v.is_null() || check(v)
}

#[track_caller]
fn assert_keys(object: &Value, keys: &[&str]) {
    let map = object.as_object().unwrap_or_else(|| panic!("not an object: {object}"));
    for key in keys {
        assert!(map.contains_key(*key), "missing {key:?} in {object:#}");
    }
}

#[track_caller]
fn assert_diagnostic(d: &Value) {
    assert_keys(d, &DIAGNOSTIC_KEYS);
    assert!(["info", "warning", "error"].contains(&d["severity"].as_str().unwrap()), "{d}");
    let code = d["code"].as_str().unwrap();
    assert!(!code.is_empty() && code.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'), "code {code:?}");
    assert!(!d["message"].as_str().unwrap().is_empty());
    assert!(is_opt(&d["move"], Value::is_u64), "{d}");
    assert!(is_opt(&d["color"], |c| c == "B" || c == "W"), "{d}");
    assert!(is_opt(&d["point"], Value::is_string), "{d}");
    assert!(is_opt(&d["sgf_point"], Value::is_string), "{d}");
    assert!(is_opt(&d["line"], Value::is_u64), "{d}");
    assert!(is_opt(&d["column"], Value::is_u64), "{d}");
    assert_eq!(d["line"].is_null(), d["column"].is_null(), "line and column come together: {d}");
    if d["move"].is_u64() {
        assert!(d["color"].is_string(), "a move has a colour: {d}");
    }
}

#[track_caller]
fn assert_game(g: &Value, index: usize) {
    assert_keys(g, &GAME_KEYS);
    assert_eq!(g["index"], index);
    assert!(g["valid"].is_boolean());
    // A game that cannot be replayed at all (bad size, not Go) has no rules, size or komi: all three are null.
    if g["rules"].is_null() {
        assert!(g["board_size"].is_null() && g["komi"].is_null(), "{g:#}");
    } else {
        assert!(g["rules"].is_string());
        let size = g["board_size"].as_array().unwrap();
        assert_eq!(size.len(), 2);
        assert!(size.iter().all(Value::is_u64));
        assert!(g["komi"].is_number());
    }
    assert!(g["handicap"].is_u64());
    assert!(g["moves"].is_u64());
    assert!(is_opt(&g["result_recorded"], Value::is_string));
    assert!(is_opt(&g["black_player"], Value::is_string));
    assert!(is_opt(&g["white_player"], Value::is_string));
    assert!(g["ended_by_passes"].is_boolean());
    let diagnostics = g["diagnostics"].as_array().unwrap();
    diagnostics.iter().for_each(assert_diagnostic);
    let has_error = diagnostics.iter().any(|d| d["severity"] == "error");
    assert_eq!(g["valid"], !has_error, "valid means no error: {g:#}");
}

/// Checks every documented field of a whole document and that the summary adds up.
fn assert_document(doc: &Value) {
    assert_keys(doc, &["schema_version", "files", "summary"]);
    assert_eq!(doc["schema_version"], 1);
    let files = doc["files"].as_array().unwrap();
    let (mut games, mut valid, mut invalid, mut warnings, mut file_errors) = (0, 0, 0, 0, 0);
    for f in files {
        assert_keys(f, &FILE_KEYS);
        assert!(f["path"].is_string());
        assert!(is_opt(&f["charset"], Value::is_string));
        assert!(f["format"].is_null() || ["sgf", "gib", "ngf", "ugf"].contains(&f["format"].as_str().unwrap()));
        if !f["error"].is_null() {
            file_errors += 1;
            assert_keys(&f["error"], &["code", "message", "line", "column"]);
            assert!(f["error"]["code"].is_string() && f["error"]["message"].is_string());
        }
        f["diagnostics"].as_array().unwrap().iter().for_each(assert_diagnostic);
        warnings += with_severity(f, "warning").len();
        for (i, g) in f["games"].as_array().unwrap().iter().enumerate() {
            assert_game(g, i);
            games += 1;
            if g["valid"] == true {
                valid += 1;
            } else {
                invalid += 1;
            }
            warnings += with_severity(g, "warning").len();
        }
    }
    let s = &doc["summary"];
    assert_keys(s, &SUMMARY_KEYS);
    assert_eq!(s["files"], files.len());
    assert_eq!(s["games"], games);
    assert_eq!(s["valid"], valid);
    assert_eq!(s["invalid"], invalid);
    assert_eq!(s["warnings"], warnings);
    assert_eq!(s["file_errors"], file_errors);
}

#[test]
fn every_fixture_report_has_the_documented_fields() {
    let (code, doc) = check_json("sgf", &[]);
    assert_document(&doc);
    assert!(doc["summary"]["files"].as_u64().unwrap() >= 30);
    assert_eq!(code, 1);
}

#[test]
fn json_is_one_line_ending_in_a_newline() {
    let r = run(&["check", "--format", "json", "sgf/rules/capture.sgf", "sgf/rules/occupied.sgf"]);
    assert_eq!(r.stdout.matches('\n').count(), 1);
    assert!(r.stdout.ends_with("}\n"));
    assert_document(&r.json());
}

#[test]
fn game_fields_carry_the_record() {
    let (_, doc) = check_json("sgf/example.sgf", &[]);
    let g = only_game(&doc);
    assert_eq!(g["rules"], "japanese");
    assert_eq!(g["board_size"], serde_json::json!([9, 9]));
    assert_eq!(g["komi"], 6.5);
    assert_eq!(g["handicap"], 0);
    assert_eq!(g["moves"], 28);
    assert_eq!(g["result_recorded"], "W+5.5");
    assert_eq!(g["black_player"], "Black");
    assert_eq!(g["white_player"], "White");
    assert_eq!(g["ended_by_passes"], true);
    assert_eq!(doc["files"][0]["charset"], "UTF-8");
    assert_eq!(doc["files"][0]["path"], "sgf/example.sgf");
}

#[test]
fn missing_properties_are_null() {
    let (_, doc) = check_json("sgf/rules/occupied.sgf", &[]);
    let g = only_game(&doc);
    assert!(g["result_recorded"].is_null());
    assert!(g["black_player"].is_null());
    assert!(g["white_player"].is_null());
}

#[test]
fn illegal_move_diagnostic_has_every_place_field() {
    let (_, doc) = check_json("sgf/rules/ko-illegal.sgf", &[]);
    let e = &with_severity(only_game(&doc), "error")[0];
    assert_eq!(e["severity"], "error");
    assert_eq!(e["code"], "ko");
    assert_eq!(e["move"], 10);
    assert_eq!(e["color"], "W");
    assert_eq!(e["point"], "D5");
    assert_eq!(e["sgf_point"], "de");
    assert_eq!(e["line"], 16);
    assert_eq!(e["column"], 1);
    assert!(e["message"].as_str().unwrap().contains("ko"));
}

#[test]
fn collection_reports_each_game_with_its_index() {
    let (code, doc) = check_json("sgf/collection/two-games.sgf", &[]);
    assert_document(&doc);
    let games = doc["files"][0]["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!((games[0]["index"].as_u64(), games[0]["valid"].as_bool()), (Some(0), Some(true)));
    assert_eq!(games[0]["moves"], 4);
    assert_eq!((games[1]["index"].as_u64(), games[1]["valid"].as_bool()), (Some(1), Some(false)));
    let e = &with_severity(&games[1], "error")[0];
    assert_eq!((e["code"].as_str(), e["move"].as_u64(), e["point"].as_str()), (Some("occupied"), Some(3), Some("C7")));
    assert_eq!((e["line"].as_u64(), e["column"].as_u64()), (Some(10), Some(13)));
    assert_eq!(doc["summary"]["valid"], 1);
    assert_eq!(doc["summary"]["invalid"], 1);
    assert_eq!(code, 1);
}

#[test]
fn file_error_has_code_message_and_place() {
    let (code, doc) = check_json("sgf/malformed/truncated.sgf", &[]);
    assert_document(&doc);
    let f = &doc["files"][0];
    assert_eq!(f["error"]["code"], "syntax");
    assert_eq!((f["error"]["line"].as_u64(), f["error"]["column"].as_u64()), (Some(8), Some(1)));
    assert_eq!(f["games"], serde_json::json!([]));
    assert_eq!(doc["summary"]["file_errors"], 1);
    assert_eq!(code, 1);
}

#[test]
fn empty_folder_gives_an_empty_document() {
    // With --allow-empty: without it, a folder of no records is a usage error (#14 item 13).
    let dir = tempfile::tempdir().unwrap();
    let r = run_in(dir.path(), &["check", "--format", "json", "--allow-empty", "."]);
    assert_eq!(r.code, 0);
    let doc = r.json();
    assert_document(&doc);
    assert_eq!(doc["files"], serde_json::json!([]));
    assert_eq!(doc["summary"]["files"], 0);
}

#[test]
fn json_lines_have_one_typed_object_per_line_and_end_with_the_summary() {
    let args = ["sgf/collection", "sgf/malformed", "sgf/rules/capture.sgf"];
    let mut jsonl = vec!["check", "--format", "jsonl"];
    jsonl.extend(args);
    let r = run(&jsonl);
    assert_eq!(r.code, 1);
    let lines: Vec<Value> =
        r.stdout.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}"))).collect();
    let kinds: Vec<&str> = lines.iter().map(|v| v["type"].as_str().expect("every line has a type")).collect();
    assert!(kinds.iter().all(|k| ["game", "file-error", "file", "summary"].contains(k)), "{kinds:?}");
    assert_eq!(kinds.last(), Some(&"summary"));
    assert_eq!(kinds.iter().filter(|k| **k == "summary").count(), 1);

    // The same run as one JSON document: the same games, the same summary.
    let mut json = vec!["check", "--format", "json"];
    json.extend(args);
    let doc = run(&json).json();
    let summary = lines.last().unwrap();
    for key in SUMMARY_KEYS {
        assert_eq!(summary[key], doc["summary"][key], "{key}");
    }
    let games: Vec<&Value> = lines.iter().filter(|v| v["type"] == "game").collect();
    assert_eq!(games.len() as u64, doc["summary"]["games"].as_u64().unwrap());
    for g in games {
        assert!(g["path"].is_string());
        assert_game(g, g["index"].as_u64().unwrap() as usize);
    }
    let errors: Vec<&Value> = lines.iter().filter(|v| v["type"] == "file-error").collect();
    assert_eq!(errors.len() as u64, doc["summary"]["file_errors"].as_u64().unwrap());
    for e in errors {
        assert!(e["path"].is_string());
        assert_keys(&e["error"], &["code", "message", "line", "column"]);
    }
    let file_notes: Vec<&Value> = lines.iter().filter(|v| v["type"] == "file").collect();
    assert!(file_notes.iter().any(|f| f["path"] == "sgf/malformed/junk-around.sgf"), "{file_notes:?}");
    for f in file_notes {
        f["diagnostics"].as_array().unwrap().iter().for_each(assert_diagnostic);
    }
}
