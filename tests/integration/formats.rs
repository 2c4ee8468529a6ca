//! GIB, NGF and UGF/UGI (#16): `gotool convert` on the hand-written records of `fixtures/formats/` (to stdout,
//! `-o`, `--out-dir` mirroring the tree, never over a file that exists), and `gotool check`/`score`/`show` reading
//! them directly, with every place in the original file. The expected games are worked out by hand in
//! fixtures/formats/README.md.

use std::fs;

use crate::util::{check_json, codes, fixture, only_game, run, run_in, the_error};

#[test]
fn convert_writes_one_record_to_stdout() {
    let r = run(&["convert", "formats/gib/count-passes-utf8.gib"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.starts_with("(;GM[1]FF[4]CA[UTF-8]"), "{}", r.stdout);
    assert!(r.stdout.contains("RE[B+12.5]") && r.stdout.contains("KM[6.5]"), "{}", r.stdout);
    assert!(r.stdout.trim_end().ends_with(";B[]\n;W[])"), "{}", r.stdout);
    assert!(r.stderr.contains("GIB (UTF-8) converted to stdout"), "{}", r.stderr);
}

#[test]
fn convert_says_the_charset_and_what_it_did_not_map() {
    let r = run(&["convert", "formats/gib/korean-euckr.gib"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("PB[김하늘]BR[1급]"), "{}", r.stdout);
    assert!(r.stderr.contains("GIB (EUC-KR)"), "{}", r.stderr);
    assert!(r.stderr.contains("not mapped: GAMECONDITION="), "{}", r.stderr);
    let quiet = run(&["convert", "-q", "formats/gib/korean-euckr.gib"]);
    assert_eq!((quiet.code, quiet.stderr.as_str()), (0, ""));
}

#[test]
fn converted_records_check_clean_with_the_original_moves() {
    // Round trip: convert, then check the SGF; the same moves, no warning beyond the original's.
    let dir = tempfile::tempdir().unwrap();
    for (name, moves, result) in [
        ("gib/korean-euckr.gib", 24, "W+R"),
        ("gib/handicap3-utf8.gib", 20, "B+T"),
        ("gib/count-passes-utf8.gib", 40, "B+12.5"),
        ("ngf/oro2000-count-pass.ngf", 20, "W+5.5"),
        ("ngf/no-marker-handicap-resign.ngf", 21, "W+R"),
        ("ugf/handicap-resign-sjis.ugf", 21, "W+R"),
        ("ugf/review-variation.ugi", 20, "B+2.5"),
    ] {
        let out = dir.path().join(format!("{}.sgf", name.replace('/', "-")));
        let r = run(&["convert", &format!("formats/{name}"), "-o", out.to_str().unwrap()]);
        assert_eq!(r.code, 0, "{name}: {}", r.stderr);
        let (code, doc) = check_json(out.to_str().unwrap(), &[]);
        let game = only_game(&doc);
        assert_eq!(code, 0, "{name}: {game:#}");
        assert_eq!(game["moves"], moves, "{name}");
        assert_eq!(game["result_recorded"], result, "{name}: {game:#}");
        assert!(codes(game, "warning").is_empty(), "{name}: {game:#}");
        // The original, read directly, is the same game.
        let (code, original) = check_json(&format!("formats/{name}"), &[]);
        let direct = only_game(&original);
        assert_eq!(code, 0, "{name}: {direct:#}");
        assert_eq!(direct["moves"], moves, "{name}");
        assert_eq!(direct["moves_hash"], game["moves_hash"], "{name}");
    }
}

#[test]
fn convert_out_dir_mirrors_the_tree_and_never_overwrites() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sgf");
    let args = ["convert", "formats", "--out-dir", out.to_str().unwrap()];
    let r = run(&args);
    // Three malformed records are not converted (exit 1); the other eight are, each at its place.
    assert_eq!(r.code, 1, "{}", r.stderr);
    for name in [
        "gib/korean-euckr.sgf",
        "gib/handicap3-utf8.sgf",
        "gib/count-passes-utf8.sgf",
        "ngf/oro2000-count-pass.sgf",
        "ngf/no-marker-handicap-resign.sgf",
        "ngf/malformed/wrong-count.sgf",
        "ugf/handicap-resign-sjis.sgf",
        "ugf/review-variation.sgf",
    ] {
        assert!(out.join(name).is_file(), "{name}: {}", r.stderr);
    }
    assert!(!out.join("gib/malformed/off-board.sgf").exists());
    assert!(r.stderr.contains("converted 8 records of 13; 5 not converted"), "{}", r.stderr);
    assert!(r.stderr.contains("off-board.gib:18:"), "{}", r.stderr);
    // No temporary file is left behind.
    let leftovers: Vec<_> = walk(&out).into_iter().filter(|p| !p.ends_with(".sgf")).collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");

    // Again: every target exists, none is touched without --force.
    let marker = out.join("gib/korean-euckr.sgf");
    fs::write(&marker, "(;GM[1])").unwrap();
    let again = run(&args);
    assert_eq!(again.code, 1);
    assert!(again.stderr.contains("exists; not overwritten (--force overwrites it)"), "{}", again.stderr);
    assert_eq!(fs::read_to_string(&marker).unwrap(), "(;GM[1])");
    let mut forced = args.to_vec();
    forced.push("--force");
    run(&forced);
    assert!(fs::read_to_string(&marker).unwrap().contains("PB[김하늘]"));
}

fn walk(dir: &std::path::Path) -> Vec<String> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path.display().to_string());
        }
    }
    out
}

#[test]
fn convert_refuses_what_sgf_cannot_hold_and_bad_usage() {
    for (name, line) in
        [("gib/malformed/off-board.gib", 18), ("ngf/malformed/off-board.ngf", 15), ("ugf/malformed/off-board.ugf", 17)]
    {
        let r = run(&["convert", &format!("formats/{name}")]);
        assert_eq!(r.code, 1, "{name}");
        assert_eq!(r.stdout, "", "{name}: nothing written");
        assert!(r.stderr.contains(&format!("{name}:{line}:")) && r.stderr.contains("off the board"), "{}", r.stderr);
    }
    let r = run(&["convert", "formats/gib/malformed/truncated-header.gib"]);
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("truncated-header.gib:8:") && r.stderr.contains("[syntax]"), "{}", r.stderr);
    // Several inputs need --out-dir; -o takes one file.
    assert_eq!(run(&["convert", "formats"]).code, 2);
    assert_eq!(run(&["convert", "formats", "-o", "x.sgf"]).code, 2);
    assert_eq!(run(&["convert", "no-such-file.gib"]).code, 2);
    // An SGF record is not converted.
    let r = run(&["convert", "sgf/rules/capture.sgf"]);
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("nothing to convert"), "{}", r.stderr);
}

#[test]
fn check_reads_each_format_with_places_in_the_original() {
    // Off the board, at the move and line of the original file.
    for (name, mv, color, line) in [
        ("gib/malformed/off-board.gib", 4, "W", 18),
        ("ngf/malformed/off-board.ngf", 3, "B", 15),
        ("ugf/malformed/off-board.ugf", 3, "B", 17),
    ] {
        let (code, doc) = check_json(&format!("formats/{name}"), &[]);
        assert_eq!(code, 1, "{name}");
        let game = only_game(&doc);
        let e = the_error(game);
        assert_eq!(e["code"], "off-board", "{name}: {e:#}");
        assert_eq!((e["move"].as_u64(), e["color"].as_str()), (Some(mv), Some(color)), "{name}: {e:#}");
        assert_eq!(e["line"].as_u64(), Some(line), "{name}: {e:#}");
        assert_eq!(game["moves"], mv, "{name}: the moves before it are replayed");
    }
    // The charset is reported; the announced move count that disagrees is a warning at line 12.
    let (_, doc) = check_json("formats/gib/korean-euckr.gib", &[]);
    assert_eq!(doc["files"][0]["charset"], "EUC-KR");
    assert_eq!(doc["files"][0]["format"], "gib");
    let (_, doc) = check_json("formats/ugf/review-variation.ugi", &[]);
    assert_eq!((&doc["files"][0]["format"], &doc["files"][0]["charset"]), (&"ugf".into(), &"UTF-8".into()));
    let (_, doc) = check_json("sgf/rules/capture.sgf", &[]);
    assert_eq!(doc["files"][0]["format"], "sgf");
    let (code, doc) = check_json("formats/ngf/malformed/wrong-count.ngf", &[]);
    assert_eq!(code, 0);
    let game = only_game(&doc);
    assert_eq!(codes(game, "warning"), ["move-count-mismatch"], "{game:#}");
    let w = game["diagnostics"].as_array().unwrap().iter().find(|d| d["code"] == "move-count-mismatch").unwrap();
    assert_eq!(w["line"], 12);
    // A truncated header is the file's error, at its line.
    let (code, doc) = check_json("formats/gib/malformed/truncated-header.gib", &[]);
    assert_eq!(code, 1);
    assert_eq!(doc["files"][0]["error"]["code"], "syntax");
    assert_eq!(doc["files"][0]["error"]["line"], 8);
}

#[test]
fn check_finds_the_formats_in_folders_and_by_content() {
    let r = run(&["check", "-q", "--format", "json", "formats"]);
    let doc = r.json();
    // The 13 records beside the 8 expected SGF files.
    let files = doc["files"].as_array().unwrap();
    let others = files.iter().filter(|f| !f["path"].as_str().unwrap().ends_with(".sgf")).count();
    assert_eq!((files.len(), others), (21, 13), "{doc:#}");
    // Named like nothing gotool knows, the content says it is GIB.
    let dir = tempfile::tempdir().unwrap();
    fs::copy(fixture("formats/gib/count-passes-utf8.gib"), dir.path().join("game.txt")).unwrap();
    let r = run_in(dir.path(), &["check", "-q", "--format", "json", "game.txt"]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    assert_eq!(only_game(&r.json())["moves"], 40);
}

#[test]
fn score_and_show_read_the_formats() {
    let r = run(&["score", "-q", "--format", "json", "formats/ngf/oro2000-count-pass.ngf"]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    let game = only_game(&r.json()).clone();
    assert_eq!(game["result_recorded"], "W+5.5", "{game:#}");
    let r = run(&["show", "--ascii", "formats/ugf/review-variation.ugi"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains('X') && r.stdout.contains('O'), "{}", r.stdout);
}
