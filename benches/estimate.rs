//! The dead-stone estimator's speed, position by position: every finished record under a folder (default
//! `$GOTOOL_CORPUS/finished`, else the fixtures) is replayed once, then `score::estimate::estimate` is timed
//! on each final position on this one thread, and the distribution of the times is printed: median, 90th and
//! 99th percentile, maximum, and the same for the positions that needed the playout referee. Issue #13 asks for
//! a median of at most 5 ms and a 99th percentile of at most 50 ms on 19×19.
//!
//! Run: `GOTOOL_CORPUS=/work/shared/corpus cargo bench --bench estimate [-- FOLDER]`.
//! Each position is estimated `GOTOOL_BENCH_ROUNDS` times (default 3) and its fastest time kept, which leaves
//! out most of what other processes on a shared machine cost it. `GOTOOL_BENCH_SLOWEST=N` lists the N slowest
//! positions, to see what the tail is made of.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use gotool_go::{Board, Rules};
use gotool_replay::{ReplayOptions, check_game};
use gotool_score::estimate::estimate;
use gotool_sgf::decode;
use gotool_sgf::{Limits, read_game, scan_collection};

fn records(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            records(&path, out);
        } else if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")) {
            out.push(path);
        }
    }
}

/// The final position and rules of each record's first game, with the record's path.
fn positions(paths: &[PathBuf]) -> Vec<(&Path, Board, Rules)> {
    let mut out = Vec::new();
    for path in paths {
        let Ok(bytes) = std::fs::read(path) else { continue };
        let Ok(decoded) = decode::decode(&bytes) else { continue };
        let (collection, _) = scan_collection(&decoded.text, &Limits::default());
        if collection.games.is_empty() {
            continue;
        }
        let (_, end) = check_game(&read_game(&collection, 0), 0, &ReplayOptions::default());
        if let Some(end) = end {
            out.push((path.as_path(), end.game.board().clone(), end.settings.rules.clone()));
        }
    }
    out
}

fn quantile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

fn line(name: &str, times: &mut [Duration]) -> String {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    format!(
        "{name}: {} positions, median {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms, mean {:.2} ms",
        times.len(),
        ms(quantile(times, 0.5)),
        ms(quantile(times, 0.9)),
        ms(quantile(times, 0.99)),
        ms(times.last().copied().unwrap_or_default()),
        ms(times.iter().sum::<Duration>()) / times.len().max(1) as f64
    )
}

#[allow(clippy::print_stdout)]
fn main() {
    let dir = std::env::args().skip(1).find(|a| !a.starts_with('-')).map(PathBuf::from).unwrap_or_else(|| {
        match std::env::var_os("GOTOOL_CORPUS") {
            Some(c) => Path::new(&c).join("finished"),
            None => Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures"),
        }
    });
    let rounds: usize = std::env::var("GOTOOL_BENCH_ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(3);
    let mut paths = Vec::new();
    records(&dir, &mut paths);
    let positions = positions(&paths);
    let mut by_size: std::collections::BTreeMap<(u8, u8), Vec<Duration>> = Default::default();
    let mut refereed = Vec::new();
    let mut all19 = Vec::new();
    let mut each = Vec::new();
    for (path, board, rules) in &positions {
        let mut best = Duration::MAX;
        let mut used_playouts = false;
        for _ in 0..rounds.max(1) {
            let start = Instant::now();
            let e = std::hint::black_box(estimate(std::hint::black_box(board), rules));
            best = best.min(start.elapsed());
            used_playouts = e.refereed > 0;
        }
        by_size.entry((board.width(), board.height())).or_default().push(best);
        each.push((best, *path, used_playouts));
        if (board.width(), board.height()) == (19, 19) {
            all19.push(best);
            if used_playouts {
                refereed.push(best);
            }
        }
    }
    println!(
        "estimate, {} records from {} (fastest of {rounds} runs each, one thread)",
        positions.len(),
        dir.display()
    );
    for ((w, h), times) in &mut by_size {
        println!("{}", line(&format!("{w}x{h}"), times));
    }
    println!("{}", line("19x19 with playouts", &mut refereed));
    let over = all19.iter().filter(|t| t.as_millis() >= 50).count();
    println!("19x19 at 50 ms or more: {over}");
    let slowest: usize = std::env::var("GOTOOL_BENCH_SLOWEST").ok().and_then(|n| n.parse().ok()).unwrap_or(0);
    each.sort_by_key(|e| std::cmp::Reverse(e.0));
    for (time, path, used_playouts) in each.iter().take(slowest) {
        let playouts = if *used_playouts { " (playouts)" } else { "" };
        println!("{:8.2} ms  {}{playouts}", time.as_secs_f64() * 1e3, path.display());
    }
}
