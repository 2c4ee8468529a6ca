//! How the work on inputs built to be slow grows with their size: each case of the hostile and regression tests
//! that once took time out of proportion to its input, run through the `gotool` binary at size n and at 2n.
//! A ratio near 2 says the work grows in proportion to the input; near 4, with its square. The tests assert
//! what these inputs must produce (counts, codes, memory under an address-space limit); the time they take is
//! measured here, where a loaded machine makes a figure noisy instead of making a test fail.
//!
//! The two sizes of a case run alternately, `--rounds` times each (default 5), and the medians are compared.
//!
//! ```sh
//! cargo bench --bench bounded -- [--rounds 5] [CASE...]
//! ```

use std::io::Cursor;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// One kind of input: its name, the flags `check` runs with, and how to build it at size `n`.
struct Case {
    name: &'static str,
    args: &'static [&'static str],
    /// The smaller size; the larger is twice it.
    n: usize,
    /// What the size counts, for the table.
    unit: &'static str,
    build: fn(usize) -> Vec<u8>,
    /// The file name, whose extension tells gotool what to read.
    file: &'static str,
}

const CASES: &[Case] = &[
    Case {
        name: "columns-on-one-line",
        args: &["--all-variations"],
        n: 50_000,
        unit: "variations",
        build: one_line_variations,
        file: "one-line.sgf",
    },
    Case {
        name: "small-finished-games",
        args: &["--max-games", "1000000"],
        n: 25_000,
        unit: "games",
        build: small_finished_games,
        file: "games.sgf",
    },
    Case { name: "compressed-setup", args: &[], n: 50, unit: "AE properties", build: compressed_setup, file: "s.sgf" },
    Case {
        name: "compressed-markup",
        args: &[],
        n: 50,
        unit: "TB properties",
        build: compressed_markup,
        file: "m.sgf",
    },
    Case { name: "setup-churn", args: &[], n: 5, unit: "rounds", build: setup_churn, file: "churn.sgf" },
    Case {
        name: "variation-budget",
        args: &["--all-variations"],
        n: 100,
        unit: "deep games",
        build: deep_games,
        file: "deep.sgf",
    },
    Case { name: "long-main-line", args: &[], n: 100_000, unit: "move pairs", build: long_main_line, file: "l.sgf" },
    Case { name: "empty-7z-entries", args: &[], n: 50_000, unit: "entries", build: empty_7z, file: "many.7z" },
];

fn main() {
    let mut rounds = 5;
    let mut wanted = Vec::new();
    let mut argv = std::env::args().skip(1);
    while let Some(arg) = argv.next() {
        match arg.as_str() {
            "--rounds" => rounds = argv.next().and_then(|n| n.parse().ok()).unwrap_or(rounds).max(1),
            "--bench" => {}
            other if other.starts_with('-') => {}
            other => wanted.push(other.to_string()),
        }
    }
    let scratch = tempfile::tempdir().expect("a scratch folder");
    println!("| case | n | median at n | median at 2n | ratio |");
    println!("|---|---:|---:|---:|---:|");
    for case in CASES.iter().filter(|c| wanted.is_empty() || wanted.iter().any(|w| c.name.contains(w.as_str()))) {
        let small = write(scratch.path(), "small", case, case.n);
        let large = write(scratch.path(), "large", case, 2 * case.n);
        let (mut at_n, mut at_2n) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            at_n.push(time_check(case.args, &small));
            at_2n.push(time_check(case.args, &large));
        }
        let (a, b) = (median(&mut at_n), median(&mut at_2n));
        println!(
            "| {} | {} {} | {:.3} s | {:.3} s | {:.2} |",
            case.name,
            case.n,
            case.unit,
            a.as_secs_f64(),
            b.as_secs_f64(),
            b.as_secs_f64() / a.as_secs_f64()
        );
    }
}

fn write(dir: &Path, folder: &str, case: &Case, n: usize) -> std::path::PathBuf {
    let folder = dir.join(folder).join(case.name);
    std::fs::create_dir_all(&folder).expect("a folder");
    let path = folder.join(case.file);
    std::fs::write(&path, (case.build)(n)).expect("the input written");
    path
}

/// The wall time of one `gotool check -q` run (its exit status is the tests' business, not this bench's).
fn time_check(args: &[&str], path: &Path) -> Duration {
    let started = Instant::now();
    let output = Command::new(env!("CARGO_BIN_EXE_gotool"))
        .arg("check")
        .arg("-q")
        .args(args)
        .arg(path)
        .output()
        .expect("gotool runs");
    assert!(output.status.code().is_some(), "gotool was killed: {:?}", output.status);
    started.elapsed()
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// A move, then `n` sibling variations each playing on its stone: an error per variation, all on line 1.
fn one_line_variations(n: usize) -> Vec<u8> {
    [&b"(;GM[1];B[aa]"[..], &b"(;W[aa])".repeat(n), &b")"[..]].concat()
}

/// `n` games of two passes each: every one finished and scored.
fn small_finished_games(n: usize) -> Vec<u8> {
    b"(;B[];W[])".repeat(n)
}

/// `n` AE properties of 10,000 compressed point lists, each covering the whole 52x52 board.
fn compressed_setup(n: usize) -> Vec<u8> {
    let values = b"[aa:ZZ]".repeat(10_000);
    [&b"(;GM[1]SZ[52]"[..], &[&b"AE"[..], &values].concat().repeat(n), &b")"[..]].concat()
}

/// The same for territory markup on a finished game, which is scored.
fn compressed_markup(n: usize) -> Vec<u8> {
    let values = b"[aa:ZZ]".repeat(10_000);
    [&b"(;GM[1]SZ[52];B[];W[]"[..], &[&b"TB"[..], &values].concat().repeat(n), &b")"[..]].concat()
}

/// A chain of 2,652 black stones on 52x52, then `rounds` passes over every seventh of its stones, each taken
/// out (`AE`) and put back (`AB`).
fn setup_churn(rounds: usize) -> Vec<u8> {
    let letter = |i: usize| (if i < 26 { b'a' + i as u8 } else { b'A' + (i - 26) as u8 }) as char;
    let points: Vec<String> =
        (0..52).flat_map(|y| (1..52).map(move |x| format!("{}{}", letter(x), letter(y)))).collect();
    let mut text = String::from("(;GM[1]FF[4]SZ[52]AB");
    for p in &points {
        text.push_str(&format!("[{p}]"));
    }
    for _ in 0..rounds {
        for p in points.iter().step_by(7) {
            text.push_str(&format!(";AE[{p}];AB[{p}]"));
        }
    }
    text.push(')');
    text.into_bytes()
}

/// `n` games, each a main line of 3,000 passes with a one-pass branch at every move.
fn deep_games(n: usize) -> Vec<u8> {
    let colour = |k: usize| if k.is_multiple_of(2) { 'B' } else { 'W' };
    let mut game = String::from("(;GM[1]SZ[19]");
    for k in 0..3_000 {
        game.push_str(&format!("(;{}[]", colour(k)));
    }
    for k in (0..3_000).rev() {
        game.push_str(&format!(")(;{}[])", colour(k)));
    }
    game.push(')');
    game.repeat(n).into_bytes()
}

/// One game of `2n` passes.
fn long_main_line(n: usize) -> Vec<u8> {
    [&b"(;GM[1]SZ[19]KM[6.5]"[..], &b";B[];W[]".repeat(n), &b")"[..]].concat()
}

/// A 7z of `n` empty entries, half named `.sgf`, and one real record.
fn empty_7z(n: usize) -> Vec<u8> {
    let mut writer = sevenz_rust2::ArchiveWriter::new(Cursor::new(Vec::new())).expect("a 7z writer");
    for i in 0..n {
        let name = if i % 2 == 0 { format!("e/{i}.sgf") } else { format!("e/{i}.txt") };
        writer.push_archive_entry::<&[u8]>(sevenz_rust2::ArchiveEntry::new_file(&name), None).expect("an entry");
    }
    let record: &[u8] = b"(;GM[1]SZ[9];B[ee];W[cc])";
    writer.push_archive_entry(sevenz_rust2::ArchiveEntry::new_file("real.sgf"), Some(record)).expect("an entry");
    writer.finish().expect("the 7z written").into_inner()
}
