//! The shared corpus of real records, found through `GOTOOL_CORPUS` (e.g. `GOTOOL_CORPUS=/work/shared/corpus`).
//! Every test returns early with a note when the variable is unset, so `cargo test` works without it.
//! Run them with `cargo test --release --test integration`: the whole corpus takes seconds in release, but
//! minutes with a debug binary, which checks the board's consistency after every move.
//!
//! The known errors in `games/` were checked by hand by replaying the records with captures outside gotool:
//! - `M-65-5.sgf` move 228 (the last), W `di` (D11): White's stone from move 100, never captured.
//! - `扫地僧2016 vs syknyk (43772425).SGF` move 242, W `gd` (G16): White's stone from move 90, never captured.
//! - `M-77-1.mgt` move 177, W `hf` (H14): Black played H14 at move 35 and it was never captured; the record
//!   also gives White two moves in a row there (176 W `ik`, 177 W `hf`).
//! - `M-77-2.mgt` move 138 (the last), W `qq` (R3): White's stone from move 4, never captured.
//! - `M-77-4.mgt` move 150, B `an` (A6): White's A6 (move 142) was captured and Black took the point at
//!   move 147; move 150 repeats 147 out of turn (149 was Black too).
//! - `T-22-4.mgt` move 278 (the last), B `rp` (S4): Black's stone from move 113, never captured.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

use crate::util::{Run, corpus, gotool, with_severity};

/// `gotool check -q --format json <extra> <path>`; asserts the run ended normally (exit 0 or 1, no panic).
fn check(path: &Path, extra: &[&str]) -> (i32, Value) {
    let output = gotool().args(["check", "-q", "--format", "json"]).args(extra).arg(path).output().unwrap();
    let run = Run::from_output(output);
    assert!(run.code == 0 || run.code == 1, "exit {} on {}: {}", run.code, path.display(), run.stderr);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    assert!(!run.stdout.contains("internal-error"), "gotool failed on a file of {}", path.display());
    (run.code, run.json())
}

/// Each file's report, keyed by its path relative to `root`.
fn by_path<'a>(doc: &'a Value, root: &Path) -> BTreeMap<String, &'a Value> {
    let prefix = format!("{}/", root.display());
    doc["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            let path = f["path"].as_str().unwrap();
            (path.strip_prefix(&prefix).unwrap_or(path).to_string(), f)
        })
        .collect()
}

/// `.sgf` and `.mgt` files (any letter case) under `dir`, counted without gotool.
fn count_records(dir: &Path) -> usize {
    let mut count = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let entry = entry.unwrap();
        let path = entry.path();
        if entry.file_type().unwrap().is_dir() {
            count += count_records(&path);
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case("sgf") || e.eq_ignore_ascii_case("mgt"))
        {
            count += 1;
        }
    }
    count
}

/// The first error of each invalid game: (path, error code, move).
fn invalid_games(files: &BTreeMap<String, &Value>) -> Vec<(String, String, Option<u64>)> {
    let mut found = Vec::new();
    for (path, f) in files {
        for g in f["games"].as_array().unwrap() {
            if g["valid"] == false {
                let e = with_severity(g, "error")[0];
                found.push((path.clone(), e["code"].as_str().unwrap().to_string(), e["move"].as_u64()));
            }
        }
    }
    found
}

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn games_replay_cleanly_except_the_known_occupied_points() {
    let corpus = corpus();
    let root = corpus.join("games");
    let (code, doc) = check(&root, &[]);
    assert_eq!(code, 1, "some records in games/ are invalid");
    assert_eq!(doc["summary"]["files"], count_records(&root), "every .sgf/.mgt file is checked once");
    assert_eq!(doc["summary"]["file_errors"], 0, "every file of games/ reads as SGF");
    let files = by_path(&doc, &root);
    let known = [
        ("debian-goban-original-games/M-65-5.sgf", 228),
        ("debian-goban-original-games/M-77-1.mgt", 177),
        ("debian-goban-original-games/M-77-2.mgt", 138),
        ("debian-goban-original-games/M-77-4.mgt", 150),
        ("debian-goban-original-games/T-22-4.mgt", 278),
        ("yenw-computer-go-dataset/AI/Sweeper/2016.09.04 扫地僧2016 vs syknyk (43772425).SGF", 242),
    ];
    let expected: Vec<(String, String, Option<u64>)> =
        known.iter().map(|(p, m)| (p.to_string(), "occupied".to_string(), Some(*m))).collect();
    assert_eq!(invalid_games(&files), expected);
}

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn rules_and_finished_games_are_all_valid() {
    let corpus = corpus();
    for folder in ["rules", "finished"] {
        let root = corpus.join(folder);
        let (code, doc) = check(&root, &[]);
        let files = by_path(&doc, &root);
        assert_eq!(invalid_games(&files), [], "{folder}/ has invalid games");
        assert_eq!(doc["summary"]["file_errors"], 0, "{folder}/ has unreadable files");
        assert_eq!(doc["summary"]["files"], count_records(&root));
        assert_eq!(code, 0, "{folder}/");
    }
}

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn malformed_files_get_their_verdicts() {
    let corpus = corpus();
    let root = corpus.join("malformed");
    let (code, doc) = check(&root, &[]);
    assert_eq!(code, 1);
    let files = by_path(&doc, &root);
    let illegal = "littlego/Illegal games";
    let first_error = |path: &str| -> (String, Option<u64>) {
        let f = files.get(path).unwrap_or_else(|| panic!("{path} not reported"));
        let g = &f["games"][0];
        assert_eq!(g["valid"], false, "{path}: {f:#}");
        let e = with_severity(g, "error")[0];
        (e["code"].as_str().unwrap().to_string(), e["move"].as_u64())
    };
    let file_error = |path: &str| -> String {
        let f = files.get(path).unwrap_or_else(|| panic!("{path} not reported"));
        f["error"]["code"].as_str().unwrap_or_else(|| panic!("{path} has no file error: {f:#}")).to_string()
    };
    // suicide.sgf: 4 W A19 into the corner between B A18 and B B19.
    assert_eq!(first_error(&format!("{illegal}/suicide.sgf")), ("suicide".into(), Some(4)));
    // illegal-move.sgf: 16 W H6 (hd) right on 15 B H6.
    assert_eq!(first_error(&format!("{illegal}/illegal-move.sgf")), ("occupied".into(), Some(16)));
    // illegal-setup.sgf: AB A19 A18 inside AW A17 B19 B18.
    assert_eq!(first_error(&format!("{illegal}/illegal-setup.sgf")).0, "illegal-setup");
    for truncated in ["gnugo/games/owl42.sgf", "littlego/19x19/Fuego vs. Fuego.sgf"] {
        assert_eq!(file_error(truncated), "syntax", "{truncated}");
    }
    // Nihon Ki-in's export has no ';' before the first node.
    assert_eq!(file_error("sabakihq-sgf/encoding/nihon-kiin.sgf"), "syntax");
    assert!(files["sabakihq-sgf/encoding/nihon-kiin.sgf"]["error"]["message"].as_str().unwrap().contains("';'"));
    assert_eq!(file_error("gnugo/pending/nightmare.sgf"), "syntax", "0 bytes");
    // Without RU both superko records are japanese: a long cycle is a warning, not an error.
    for (name, mv) in [("positional-superko.sgf", 23), ("situational-superko.sgf", 24)] {
        let g = &files[&format!("{illegal}/{name}")]["games"][0];
        assert_eq!(g["valid"], true, "{name}");
        assert_eq!(g["rules"], "japanese");
        let cycles: Vec<&Value> =
            with_severity(g, "warning").into_iter().filter(|w| w["code"] == "long-cycle").collect();
        assert_eq!(cycles.len(), 1, "{name}: {g:#}");
        assert_eq!(cycles[0]["move"], mv, "{name}");
    }
}

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn superko_records_under_positional_and_situational_rules() {
    let corpus = corpus();
    let dir = corpus.join("malformed/littlego/Illegal games");
    // positional-superko.sgf (11x11): 21 B F5, 22 W D5 captures E5 F5, 23 B E5 captures D5. The
    // stones are as after move 20, but then Black was to play and now White is: positional superko
    // forbids 23, situational superko does not.
    // situational-superko.sgf (9x9): 21 B pass, 22 W C9, 23 B A9 captures B9 C9, 24 W B9 captures A9.
    // The stones are as after move 20 and Black is to play both times: illegal under both superko rules.
    let verdict = |name: &str, rules: &str| -> (bool, Option<(String, u64)>) {
        let (_, doc) = check(&dir.join(name), &["--rules", rules]);
        let g = &doc["files"][0]["games"][0];
        let error = with_severity(g, "error")
            .first()
            .map(|e| (e["code"].as_str().unwrap().to_string(), e["move"].as_u64().unwrap()));
        (g["valid"].as_bool().unwrap(), error)
    };
    let superko = |mv| (false, Some(("superko".to_string(), mv)));
    assert_eq!(verdict("positional-superko.sgf", "chinese"), superko(23));
    assert_eq!(verdict("positional-superko.sgf", "tromp-taylor"), superko(23));
    assert_eq!(verdict("positional-superko.sgf", "aga"), (true, None));
    assert_eq!(verdict("positional-superko.sgf", "nz"), (true, None));
    assert_eq!(verdict("situational-superko.sgf", "chinese"), superko(24));
    assert_eq!(verdict("situational-superko.sgf", "aga"), superko(24));
    assert_eq!(verdict("situational-superko.sgf", "nz"), superko(24));
}

/// The RE checks of `gotool score` over `finished/`, pinned so that a change in scoring shows up here, on purpose,
/// and not as a surprise in someone's archive. The figures agree with two counts made without gotool's scorer:
/// SOURCES.md's naive count of the TB/TW marks (1,944 of 1,947 numeric results reproduce; two of its three
/// outliers are among the 9 below, the third, `2017-02-15-11.sgf`, has a TW mark on a White stone that the
/// naive count took for territory) and `shared/tools/deadstones/eval.py --oracle truth` (RE matched in 99.5% of
/// its 1,948 games: 1,939, before the points to fill below). Most of the others are Japanese games whose own
/// markup counts a point that gotool's count leaves out (issue #14 found that for 7 of the 9 counting the
/// record's own marks gives RE, and the difference is a false eye to fill or a seki eye: Japanese rules,
/// Article 8). Three more since points to fill (`src/score/fill.rs`) are not territory: in each, one White
/// point the server counted is one White must fill to save a chain short of liberties, checked by hand
/// (Charles60-FuegoBot B8: Black B8 then A8 captures B9; 2017-02-11-32 C18: after the dame A19, Black C18
/// and D19 capture B19 B18 C19, and C18 also takes the last liberty but D18 of C17's chain; 2017-06-27-58
/// R6: after the dame P4, Black R6 leaves P5-Q6 in atari at Q7, where extending joins Q8's chain, which is
/// then in atari at R7).
#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn finished_games_re_checks_are_pinned() {
    let corpus = corpus();
    let root = corpus.join("finished");
    let output = gotool().args(["score", "-q", "--format", "json"]).arg(&root).output().unwrap();
    let run = Run::from_output(output);
    assert!(run.code == 0 || run.code == 1, "exit {}: {}", run.code, run.stderr);
    let doc = run.json();
    let files = by_path(&doc, &root);
    let mut counts = BTreeMap::new();
    let mut mismatched = Vec::new();
    for (path, f) in &files {
        for game in f["games"].as_array().unwrap() {
            let score = &game["score"];
            let outcome = match (&score["matches_record"], &score["dead_source"]) {
                (Value::Null, _) if score.is_null() => "not scored",
                (Value::Null, _) => "not checkable",
                (Value::Bool(true), _) => "matched",
                (Value::Bool(false), source) if source == "none" => "unconfirmed",
                (Value::Bool(false), _) => {
                    mismatched.push(path.clone());
                    "mismatched"
                }
                (other, _) => panic!("{path}: matches_record is {other}"),
            };
            *counts.entry(outcome).or_insert(0) += 1;
        }
    }
    let expected: BTreeMap<&str, i32> = [("matched", 1936), ("mismatched", 12), ("not checkable", 77)].into();
    assert_eq!(counts, expected);
    // Of the 12, the record's own marks give RE in 10 (a note that says where and why, #14 item 4); the other
    // two stay warnings.
    let warned: Vec<&String> = mismatched
        .iter()
        .filter(|path| {
            files[path.as_str()]["games"][0]["diagnostics"]
                .as_array()
                .unwrap()
                .iter()
                .any(|d| d["code"] == "result-mismatch")
        })
        .collect();
    assert_eq!(
        warned,
        ["kgs-u-go.net/kgs-19-2016-08-new/2016-08-16-10.sgf", "kgs-u-go.net/kgs-19-2017-02-new/2017-02-20-1.sgf"]
    );
    assert_eq!(
        mismatched,
        [
            "fuego/2012/KGS/Charles60-FuegoBot.sgf",
            "kgs-u-go.net/kgs-19-2016-08-new/2016-08-16-10.sgf",
            "kgs-u-go.net/kgs-19-2016-09-new/2016-09-24-17.sgf",
            "kgs-u-go.net/kgs-19-2016-09-new/2016-09-24-5.sgf",
            "kgs-u-go.net/kgs-19-2016-10-new/2016-10-04-26.sgf",
            "kgs-u-go.net/kgs-19-2016-12-new/2016-12-08-54.sgf",
            "kgs-u-go.net/kgs-19-2017-01-new/2017-01-31-2.sgf",
            "kgs-u-go.net/kgs-19-2017-02-new/2017-02-11-32.sgf",
            "kgs-u-go.net/kgs-19-2017-02-new/2017-02-20-1.sgf",
            "kgs-u-go.net/kgs-19-2017-03-new/2017-03-13-3.sgf",
            "kgs-u-go.net/kgs-19-2017-06-new/2017-06-26-55.sgf",
            "kgs-u-go.net/kgs-19-2017-06-new/2017-06-27-58.sgf",
        ]
    );
}
