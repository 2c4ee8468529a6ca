//! Folder mode: which files are found (by extension, any letter case), their order, a broken file among
//! good ones, symbolic-link loops, byte-identical output whatever `-j`, the GitHub and JSON Lines formats,
//! `--output`, and `--shard` slices that partition the files.

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::Value;

use crate::util::{fixture, fixtures_dir, run, run_in, write_file};

/// A small archive:
/// ```text
/// games/a.sgf               valid (capture.sgf)
/// games/broken.sgf          truncated: file error at 2:1
/// games/game.mgt            valid, warning wrong-turn (old extension for SGF text)
/// games/notes.txt           not a record: ignored
/// games/sub/B.SGF           valid (upper-case extension)
/// games/sub/deeper/c.sgf    invalid: occupied at move 4
/// games/sub/latin1.sgf      valid, warning charset-fallback at 1:43 (the first byte that is not UTF-8)
/// ```
fn archive(root: &Path) {
    let copy = |from: &str, to: &str| {
        write_file(root, to, std::fs::read(fixture(from)).unwrap());
    };
    copy("sgf/rules/capture.sgf", "games/a.sgf");
    write_file(root, "games/broken.sgf", "(;GM[1]SZ[9];B[ee];W[cc]\n");
    copy("sgf/rules/wrong-turn.sgf", "games/game.mgt");
    write_file(root, "games/notes.txt", "(;GM[1]SZ[9];B[ee];W[ee]) is not checked: wrong extension\n");
    copy("sgf/rules/handicap.sgf", "games/sub/B.SGF");
    copy("sgf/rules/occupied.sgf", "games/sub/deeper/c.sgf");
    copy("sgf/encoding/latin1.sgf", "games/sub/latin1.sgf");
}

const ARCHIVE_FILES: [&str; 6] = [
    "games/a.sgf",
    "games/broken.sgf",
    "games/game.mgt",
    "games/sub/B.SGF",
    "games/sub/deeper/c.sgf",
    "games/sub/latin1.sgf",
];

fn paths(doc: &Value) -> Vec<String> {
    doc["files"].as_array().unwrap().iter().map(|f| f["path"].as_str().unwrap().to_string()).collect()
}

#[test]
fn folder_is_searched_recursively_in_sorted_order() {
    let dir = tempfile::tempdir().unwrap();
    archive(dir.path());
    let r = run_in(dir.path(), &["check", "--format", "json", "games"]);
    assert_eq!(r.code, 1, "one invalid game and one broken file");
    let doc = r.json();
    assert_eq!(paths(&doc), ARCHIVE_FILES);
    let s = &doc["summary"];
    assert_eq!(
        (s["files"].as_u64(), s["games"].as_u64(), s["valid"].as_u64(), s["invalid"].as_u64()),
        (Some(6), Some(5), Some(4), Some(1))
    );
    assert_eq!((s["warnings"].as_u64(), s["file_errors"].as_u64()), (Some(2), Some(1)));
    assert!(!r.stdout.contains("notes.txt"));
}

#[test]
fn broken_file_does_not_stop_the_batch() {
    let dir = tempfile::tempdir().unwrap();
    archive(dir.path());
    let r = run_in(dir.path(), &["check", "games"]);
    assert_eq!(r.code, 1);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines[0], "games/a.sgf: ok");
    assert!(lines[1].starts_with("games/broken.sgf:2:1: error: "), "{}", lines[1]);
    assert!(lines.contains(&"games/sub/B.SGF: ok"), "{}", r.stdout);
    assert!(r.stdout.contains("games/sub/deeper/c.sgf:6:19: error: move 4 (W E5 / ee)"), "{}", r.stdout);
    assert_eq!(
        *lines.last().unwrap(),
        "6 files, 5 games: 4 valid, 1 invalid, 2 warnings, 1 file not fully readable as SGF"
    );
}

#[test]
fn github_annotations_are_exact() {
    let dir = tempfile::tempdir().unwrap();
    archive(dir.path());
    let r = run_in(dir.path(), &["check", "--format", "github", "games"]);
    assert_eq!(r.code, 1);
    let expected = [
        "::error file=games/broken.sgf,line=2,col=1,title=gotool syntax::unexpected end of file: \
         the game tree opened at 1:1 is never closed with ')'",
        "::warning file=games/game.mgt,line=7,col=7,title=gotool wrong-turn::move 2 (B C7 / cc): \
         Black moved but White was to play",
        "::error file=games/sub/deeper/c.sgf,line=6,col=19,title=gotool occupied::move 4 (W E5 / ee): \
         the point is already occupied; the rest of this line was not replayed",
        "::warning file=games/sub/latin1.sgf,line=1,col=43,title=gotool charset-fallback::the text is not valid UTF-8 \
         and no CA property names its charset; read as windows-1252",
        "gotool: 6 files, 5 games: 4 valid, 1 invalid, 2 warnings, 1 file not fully readable as SGF",
    ];
    assert_eq!(r.stdout.lines().collect::<Vec<_>>(), expected);
}

#[test]
fn github_properties_are_escaped() {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "odd, name.sgf", std::fs::read(fixture("sgf/rules/occupied.sgf")).unwrap());
    let r = run_in(dir.path(), &["check", "--format", "github", "odd, name.sgf"]);
    let first = r.stdout.lines().next().unwrap();
    assert!(first.starts_with("::error file=odd%2C name.sgf,line=6,col=19,title=gotool occupied::"), "{first}");
}

#[test]
fn jobs_do_not_change_the_output() {
    for format in ["text", "json", "jsonl", "github"] {
        let outputs: Vec<String> = ["1", "4", "16"]
            .iter()
            .map(|jobs| run(&["check", "-q", "--format", format, "-j", jobs, "sgf"]).stdout)
            .collect();
        assert!(outputs[0].contains("two-games.sgf"), "{format}: {}", outputs[0]);
        assert_eq!(outputs[0], outputs[1], "--format {format}: -j 1 and -j 4 differ");
        assert_eq!(outputs[0], outputs[2], "--format {format}: -j 1 and -j 16 differ");
    }
}

#[test]
fn jsonl_batch_lines_each_parse_and_end_with_the_summary() {
    let dir = tempfile::tempdir().unwrap();
    archive(dir.path());
    let r = run_in(dir.path(), &["check", "--format", "jsonl", "games"]);
    let lines: Vec<Value> = r.stdout.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    let kinds: Vec<&str> = lines.iter().map(|l| l["type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["game", "file-error", "game", "game", "game", "file", "game", "summary"]);
    let summary = lines.last().unwrap();
    assert_eq!((summary["files"].as_u64(), summary["games"].as_u64()), (Some(6), Some(5)));
    assert_eq!(lines[1]["path"], "games/broken.sgf");
    assert_eq!(lines[4]["path"], "games/sub/deeper/c.sgf");
    assert_eq!(lines[4]["valid"], false);
}

#[test]
fn output_flag_writes_the_report_to_a_file() {
    let dir = tempfile::tempdir().unwrap();
    archive(dir.path());
    std::fs::create_dir(dir.path().join("out")).unwrap();
    let to_stdout = run_in(dir.path(), &["check", "--format", "json", "games"]);
    let to_file = run_in(dir.path(), &["check", "--format", "json", "--output", "out/report.json", "games"]);
    assert_eq!(to_file.code, to_stdout.code);
    assert_eq!(to_file.stdout, "", "the report goes to the file only");
    let written = std::fs::read_to_string(dir.path().join("out/report.json")).unwrap();
    assert_eq!(written, to_stdout.stdout);
    let left: Vec<_> = std::fs::read_dir(dir.path().join("out")).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left, ["report.json"], "no temporary file is left behind");
}

#[test]
fn output_into_a_missing_folder_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    archive(dir.path());
    let r = run_in(dir.path(), &["check", "--output", "no/such/folder/report.txt", "games"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.starts_with("gotool: "), "{}", r.stderr);
}

#[test]
fn shards_partition_the_files() {
    let all = paths(&run(&["check", "--format", "json", "sgf"]).json());
    let mut union = BTreeSet::new();
    let mut total = 0;
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let r = run(&["check", "--format", "json", "--shard", &shard, "sgf"]);
        let part = paths(&r.json());
        assert!(!part.is_empty(), "shard {shard} is empty");
        // Each slice keeps the input order.
        let positions: Vec<usize> = part.iter().map(|p| all.iter().position(|a| a == p).unwrap()).collect();
        assert!(positions.windows(2).all(|w| w[0] < w[1]), "shard {shard} is out of order");
        total += part.len();
        union.extend(part);
    }
    assert_eq!(total, all.len(), "no file is in two shards");
    assert_eq!(union, all.iter().cloned().collect::<BTreeSet<_>>(), "every file is in some shard");

    let halves: Vec<Vec<String>> = ["1/2", "2/2"]
        .iter()
        .map(|s| paths(&run(&["check", "--format", "json", "--shard", s, "sgf"]).json()))
        .collect();
    assert_eq!(halves[0].len() + halves[1].len(), all.len());
    assert!(halves[0].iter().all(|p| !halves[1].contains(p)));
}

#[test]
fn progress_never_reaches_stdout() {
    let r = run_in(&fixtures_dir(), &["check", "sgf"]);
    assert!(!r.stdout.contains('\r'));
    assert!(r.stderr.is_empty(), "stderr is not a terminal, so no bar: {:?}", r.stderr);
}

#[cfg(unix)]
#[test]
fn symlink_loops_are_reported_and_skipped() {
    let dir = tempfile::tempdir().unwrap();
    archive(dir.path());
    std::os::unix::fs::symlink("..", dir.path().join("games/sub/loop")).unwrap();
    std::os::unix::fs::symlink("a.sgf", dir.path().join("games/z-link.sgf")).unwrap();

    // Without --follow-links, symbolic links inside folders are not followed at all.
    let plain = run_in(dir.path(), &["check", "--format", "json", "games"]);
    assert_eq!(paths(&plain.json()), ARCHIVE_FILES);

    let followed = run_in(dir.path(), &["check", "--format", "json", "--follow-links", "games"]);
    assert_eq!(followed.code, 1);
    let doc = followed.json();
    let files = doc["files"].as_array().unwrap();
    // A loop is a folder, not a file: said on stderr, skipped, not counted (#14 item 10).
    assert!(files.iter().all(|f| f["path"] != "games/sub/loop"), "{doc:#}");
    assert!(followed.stderr.contains("gotool: games/sub/loop: symbolic link loop; skipped"), "{}", followed.stderr);
    let linked: Vec<&Value> = files.iter().filter(|f| f["path"] == "games/z-link.sgf").collect();
    assert_eq!(linked.len(), 1, "a link to a file is checked like the file");
    assert_eq!(linked[0]["games"][0]["valid"], true);
    assert_eq!(files.len(), ARCHIVE_FILES.len() + 1);
}
