//! The command line over archives, compressed files, streamed collections, standard input and file lists
//! (issue #15): member paths in every output, order for any `-j`, shards over members, one member by its path,
//! a broken game in a stream, `--files-from`, `--no-archives`. Archives are built here at test time.

use std::io::{Cursor, Write};
use std::path::{Path, PathBuf};

use crate::util::{gotool, run_in};

/// A small legal game, different for each `n` (its first move is on a point of its own).
fn game(n: usize) -> String {
    let x = (b'a' + (n % 19) as u8) as char;
    let y = (b'a' + ((n / 19) % 19) as u8) as char;
    format!("(;GM[1]FF[4]SZ[19]PB[b{n}]PW[w{n}];B[{x}{y}];W[ss])\n")
}

/// An illegal game: White plays on Black's stone.
const ILLEGAL: &str = "(;GM[1]FF[4]SZ[19];B[dd];W[dd])\n";

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gotool-archive-cli-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn zip_of(members: &[(String, String)]) -> Vec<u8> {
    let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default();
    for (name, text) in members {
        writer.start_file(name.as_str(), options).unwrap();
        writer.write_all(text.as_bytes()).unwrap();
    }
    writer.finish().unwrap().into_inner()
}

fn tar_gz_of(members: &[(String, String)]) -> Vec<u8> {
    let mut builder = tar::Builder::new(Vec::new());
    for (name, text) in members {
        let mut header = tar::Header::new_gnu();
        header.set_size(text.len() as u64);
        header.set_mode(0o644);
        builder.append_data(&mut header, name, text.as_bytes()).unwrap();
    }
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(&builder.into_inner().unwrap()).unwrap();
    e.finish().unwrap()
}

/// Forty members in two folders, the 7th illegal.
fn members() -> Vec<(String, String)> {
    (0..40)
        .map(|n| {
            let text = if n == 7 { ILLEGAL.to_string() } else { game(n) };
            (format!("set{}/{n:02}.sgf", n % 2), text)
        })
        .collect()
}

/// The paths of a `--format jsonl` run's game and file-error lines, in order.
fn paths_of(jsonl: &str) -> Vec<String> {
    jsonl
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v["type"] == "game" || v["type"] == "file-error")
        .map(|v| v["path"].as_str().unwrap().to_string())
        .collect()
}

fn summary_of(jsonl: &str) -> serde_json::Value {
    let last = jsonl.lines().last().unwrap();
    serde_json::from_str(last).unwrap()
}

#[test]
fn archive_members_are_checked_under_their_member_paths_in_archive_order_for_any_jobs() {
    let dir = scratch("members");
    std::fs::write(dir.join("games.zip"), zip_of(&members())).unwrap();
    std::fs::write(dir.join("games.tar.gz"), tar_gz_of(&members())).unwrap();
    let expected: Vec<String> = ["games.zip", "games.tar.gz"]
        .iter()
        .flat_map(|a| members().into_iter().map(move |(n, _)| format!("{a}!/{n}")))
        .collect();
    let mut outputs = Vec::new();
    for jobs in ["1", "4"] {
        let run = run_in(&dir, &["check", "-q", "-j", jobs, "--format", "jsonl", "games.zip", "games.tar.gz"]);
        assert_eq!(run.code, 1, "one member is illegal: {}", run.stderr);
        assert_eq!(paths_of(&run.stdout), expected);
        let summary = summary_of(&run.stdout);
        assert_eq!((summary["files"].as_u64(), summary["invalid"].as_u64()), (Some(80), Some(2)));
        outputs.push(run.stdout);
    }
    assert_eq!(outputs[0], outputs[1], "the report is the same for -j 1 and -j 4");
    // Text and GitHub annotations name the member (GitHub: on the archive file).
    let text = run_in(&dir, &["check", "-q", "games.zip"]);
    assert!(text.stdout.contains("games.zip!/set1/07.sgf"), "{}", text.stdout);
    let github = run_in(&dir, &["check", "-q", "--format", "github", "games.zip"]);
    let line = github.stdout.lines().find(|l| l.starts_with("::error")).unwrap();
    assert!(line.starts_with("::error file=games.zip,"), "{line}");
    assert!(line.contains("games.zip!/set1/07.sgf"), "{line}");
}

#[test]
fn shards_slice_the_members_of_an_archive() {
    let dir = scratch("shards");
    std::fs::write(dir.join("games.zip"), zip_of(&members())).unwrap();
    let mut seen = Vec::new();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let run = run_in(&dir, &["check", "-q", "--shard", &shard, "--format", "jsonl", "games.zip"]);
        let paths = paths_of(&run.stdout);
        assert!(!paths.is_empty() && paths.len() < 40, "shard {shard} takes some members: {paths:?}");
        seen.extend(paths);
    }
    seen.sort();
    let mut all: Vec<String> = members().into_iter().map(|(n, _)| format!("games.zip!/{n}")).collect();
    all.sort();
    assert_eq!(seen, all, "the shards are disjoint and cover every member");
}

#[test]
fn one_member_is_checked_shown_and_scored_by_its_path() {
    let dir = scratch("one");
    std::fs::write(dir.join("games.zip"), zip_of(&members())).unwrap();
    let run = run_in(&dir, &["check", "-q", "--format", "jsonl", "games.zip!/set1/07.sgf"]);
    assert_eq!(paths_of(&run.stdout), ["games.zip!/set1/07.sgf"]);
    assert_eq!(run.code, 1);
    // A folder inside the archive takes every member under it.
    let run = run_in(&dir, &["check", "-q", "--format", "jsonl", "games.zip!/set0"]);
    assert_eq!(paths_of(&run.stdout).len(), 20);
    let show = run_in(&dir, &["show", "games.zip!/set0/02.sgf"]);
    assert_eq!(show.code, 0, "{}", show.stderr);
    assert!(show.stdout.contains("b2"), "the title names the players: {}", show.stdout);
    let score = run_in(&dir, &["score", "--force", "games.zip!/set0/02.sgf"]);
    assert!(score.stdout.contains("games.zip!/set0/02.sgf"), "{}", score.stdout);
    // A member the archive lacks is that member's error, and the run says the path could not be read.
    let missing = run_in(&dir, &["check", "-q", "games.zip!/nothere.sgf"]);
    assert_eq!(missing.code, 2);
    assert!(missing.stdout.contains("games.zip!/nothere.sgf: error: no such member"), "{}", missing.stdout);
    let show = run_in(&dir, &["show", "games.zip!/nothere.sgf"]);
    assert_eq!(show.code, 2);
    assert!(show.stderr.contains("no such member"), "{}", show.stderr);
}

#[test]
fn a_collection_too_large_to_read_whole_is_streamed_and_loses_only_its_broken_game() {
    let dir = scratch("stream");
    let mut text = String::new();
    for n in 0..300 {
        if n == 150 {
            // The `)` is missing: the next game's `(;GM[` starts a new tree.
            text.push_str("(;GM[1]FF[4]SZ[19];B[aa];W[bb]\n");
        } else {
            text.push_str(&game(n));
        }
    }
    std::fs::write(dir.join("all.sgf"), &text).unwrap();
    let mut outputs = Vec::new();
    for jobs in ["1", "3"] {
        let run = run_in(&dir, &["check", "-q", "-j", jobs, "--max-file-size", "2000", "--format", "jsonl", "all.sgf"]);
        assert_eq!(run.code, 1, "{}", run.stderr);
        let summary = summary_of(&run.stdout);
        assert_eq!(summary["files"], 1, "one file, however many parts: {summary}");
        assert_eq!(summary["games"], 299);
        assert_eq!(summary["games_lost"], 1);
        let broken: Vec<serde_json::Value> = run
            .stdout
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .filter(|v| v["type"] == "file-error")
            .collect();
        assert_eq!(broken.len(), 1);
        assert_eq!(broken[0]["error"]["line"], 151, "the broken game starts on line 151: {}", broken[0]);
        assert!(broken[0]["error"]["message"].as_str().unwrap().contains("game 151"), "{}", broken[0]);
        outputs.push(run.stdout);
    }
    assert_eq!(outputs[0], outputs[1]);
    // Diagnostics are placed in the whole file: the illegal game 201 of a stream.
    let mut text: String = (0..300).map(game).collect();
    text = text.replacen(&game(200), ILLEGAL, 1);
    std::fs::write(dir.join("all.sgf"), &text).unwrap();
    let run = run_in(&dir, &["check", "-q", "--max-file-size", "2000", "--problems-only", "all.sgf"]);
    assert!(run.stdout.contains("all.sgf#201:201:"), "game 201, on line 201: {}", run.stdout);
}

#[test]
fn standard_input_and_file_lists_are_read() {
    let dir = scratch("stdin");
    let archive = tar_gz_of(&members());
    let output = gotool()
        .current_dir(&dir)
        .args(["check", "-q", "--format", "jsonl", "-"])
        .write_stdin(archive)
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let paths = paths_of(&stdout);
    assert_eq!(paths.len(), 40);
    assert_eq!(paths[0], "<stdin>!/set0/00.sgf");
    for n in 0..3 {
        std::fs::write(dir.join(format!("{n}.sgf")), game(n)).unwrap();
    }
    std::fs::write(dir.join("list"), "0.sgf\n2.sgf\r\n\n").unwrap();
    let run = run_in(&dir, &["check", "-q", "--format", "jsonl", "--files-from", "list", "1.sgf"]);
    assert_eq!(paths_of(&run.stdout), ["1.sgf", "0.sgf", "2.sgf"]);
    let output = gotool()
        .current_dir(&dir)
        .args(["check", "-q", "--format", "jsonl", "--files-from", "-", "--null"])
        .write_stdin("2.sgf\x001.sgf\x00")
        .output()
        .unwrap();
    assert_eq!(paths_of(&String::from_utf8(output.stdout).unwrap()), ["2.sgf", "1.sgf"]);
    let twice = run_in(&dir, &["check", "-", "-"]);
    assert_eq!(twice.code, 2);
    assert!(twice.stderr.contains("only once"), "{}", twice.stderr);
}

#[test]
fn folder_walks_pick_up_archives_unless_told_not_to() {
    let dir = scratch("walk");
    std::fs::create_dir_all(dir.join("d")).unwrap();
    std::fs::write(dir.join("d/a.sgf"), game(1)).unwrap();
    std::fs::write(dir.join("d/b.zip"), zip_of(&members()[..3])).unwrap();
    std::fs::write(dir.join("d/c.sgfs"), format!("{}{}", game(2).trim_end(), game(3))).unwrap();
    std::fs::write(dir.join("d/notes.txt"), "not a record").unwrap();
    let run = run_in(&dir, &["check", "-q", "--format", "jsonl", "d"]);
    // c.sgfs holds two games, one a line.
    let want =
        ["d/a.sgf", "d/b.zip!/set0/00.sgf", "d/b.zip!/set1/01.sgf", "d/b.zip!/set0/02.sgf", "d/c.sgfs", "d/c.sgfs"];
    assert_eq!(paths_of(&run.stdout), want.map(|p| Path::new(p).display().to_string()));
    let run = run_in(&dir, &["check", "-q", "--format", "jsonl", "--no-archives", "d"]);
    assert_eq!(paths_of(&run.stdout), ["d/a.sgf", "d/c.sgfs", "d/c.sgfs"]);
    // A misnamed archive is told by its bytes.
    std::fs::write(dir.join("zip.sgf"), zip_of(&members()[..2])).unwrap();
    let run = run_in(&dir, &["check", "-q", "--format", "jsonl", "zip.sgf"]);
    assert_eq!(paths_of(&run.stdout), ["zip.sgf!/set0/00.sgf", "zip.sgf!/set1/01.sgf"]);
    let run = run_in(&dir, &["check", "-q", "--format", "jsonl", "--no-archives", "zip.sgf"]);
    assert!(run.stdout.contains("\"code\":\"encoding\""), "{}", run.stdout);
}
