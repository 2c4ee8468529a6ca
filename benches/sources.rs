//! Reading records where they live (issue #15), side by side in one run:
//!
//! - `members` (default): the same records loose in a folder, and packed as `.tar.zst`, `.zip` and `.tar.gz`,
//!   each read through `source::archive::walk_path` (loose files one by one, as a folder walk reads them).
//!   With `--analyze`, every record is also checked (`Plan::check_bytes` without scoring, one thread), so the ratio to loose files
//!   is the ratio a `check -j1` run would see. The gzip floor is `gzip -dc > /dev/null` on the same `.tar.gz`.
//! - `split --games N`: a collection of N real games (corpus records concatenated, repeated as needed)
//!   written to a file, then streamed through `split::Splitter`; peak memory (VmHWM) is printed at the end,
//!   and this mode does nothing else, so that figure is the splitter's.
//!
//! - `walk PATH`: walks any input and prints what it yielded, the time and the peak memory (alone in its process).
//! - `empty-7z N PATH`: writes a 7z of N empty `.sgf` entries (a hostile archive) to PATH, for `walk`.
//!
//! Records come from `$GOTOOL_CORPUS/games/kgs-u-go.net/kgs-19-2015` (or a folder given as an argument);
//! scratch files go to a temporary folder removed at the end.
//!
//! ```sh
//! GOTOOL_CORPUS=../shared/corpus cargo bench --bench sources -- [--rounds 5] [--analyze] [FOLDER]
//! GOTOOL_CORPUS=../shared/corpus cargo bench --bench sources -- split --games 1000000
//! ```

mod common;

use std::io::{BufWriter, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use gotool_check::Plan;
use gotool_sgf::split::{Piece, SplitOptions, Splitter};
use gotool_source::archive::{self, Item, SourceOptions};

struct Args {
    mode_split: bool,
    games: usize,
    rounds: usize,
    analyze: bool,
    folder: Option<PathBuf>,
}

fn parse_args() -> Args {
    let mut args = Args { mode_split: false, games: 1_000_000, rounds: 3, analyze: false, folder: None };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        match a.as_str() {
            "split" => args.mode_split = true,
            "members" => args.mode_split = false,
            "--games" => args.games = it.next().and_then(|n| n.parse().ok()).unwrap_or(args.games),
            "--rounds" => args.rounds = it.next().and_then(|n| n.parse().ok()).unwrap_or(3).max(1),
            "--analyze" => args.analyze = true,
            "--bench" => {}
            other if other.starts_with('-') => {}
            other => args.folder = Some(PathBuf::from(other)),
        }
    }
    args
}

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    match argv.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["walk", path] => return walk_one(Path::new(path)),
        ["empty-7z", count, path] => return write_empty_7z(count.parse().expect("a count"), Path::new(path)),
        _ => {}
    }
    let args = parse_args();
    let folder = args.folder.clone().or_else(|| common::corpus().map(|c| c.join("games/kgs-u-go.net/kgs-19-2015")));
    let Some(folder) = folder.filter(|f| f.is_dir()) else {
        eprintln!("sources bench: set GOTOOL_CORPUS (or give a folder of records); nothing to measure");
        return;
    };
    let scratch = std::env::temp_dir().join(format!("gotool-sources-bench-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    if args.mode_split {
        split(&folder, &scratch, args.games);
    } else {
        members(&folder, &scratch, &args);
    }
    std::fs::remove_dir_all(&scratch).unwrap();
}

/// (records, bytes of records) one walk of `path` yields, checking each record when `analyze` is set.
fn walk_counting(path: &Path, display: &str, analyze: bool, totals: &mut (u64, u64)) {
    let plan = Plan::default();
    let _ = archive::walk_path(path, display, &SourceOptions::default(), &mut |item| {
        if let Item::Record { path, bytes } = item {
            totals.0 += 1;
            totals.1 += bytes.len() as u64;
            if analyze {
                std::hint::black_box(plan.check_bytes(&bytes, &path));
            }
        }
        ControlFlow::Continue(())
    });
}

/// The best of `rounds` timings of `run`.
fn best_of(rounds: usize, mut run: impl FnMut()) -> Duration {
    (0..rounds)
        .map(|_| {
            let started = Instant::now();
            run();
            started.elapsed()
        })
        .min()
        .unwrap()
}

fn members(folder: &Path, scratch: &Path, args: &Args) {
    let records = common::load_folder(folder);
    let total: u64 = records.iter().map(|r| r.bytes.len() as u64).sum();
    println!("records: {} files, {:.1} MB, from {}", records.len(), total as f64 / 1e6, folder.display());

    // Loose copies in the scratch folder (same file system as the archives), and the three archives.
    let loose = scratch.join("loose");
    let mut loose_paths = Vec::new();
    for (i, r) in records.iter().enumerate() {
        let path = loose.join(format!("{:03}/{}", i / 1000, r.name.replace('/', "_")));
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &r.bytes).unwrap();
        loose_paths.push(path);
    }
    let mut tar = tar::Builder::new(Vec::new());
    for r in &records {
        let mut header = tar::Header::new_gnu();
        header.set_size(r.bytes.len() as u64);
        header.set_mode(0o644);
        tar.append_data(&mut header, &r.name, r.bytes.as_slice()).unwrap();
    }
    let tar = tar.into_inner().unwrap();
    let (zst, zst_how) = zstd_of(&tar);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&tar).unwrap();
    let gz = gz.finish().unwrap();
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for r in &records {
        zip.start_file(r.name.as_str(), zip::write::SimpleFileOptions::default()).unwrap();
        zip.write_all(&r.bytes).unwrap();
    }
    let zip = zip.finish().unwrap().into_inner();
    let packed = [("kgs.tar.zst", zst), ("kgs.zip", zip), ("kgs.tar.gz", gz)];
    for (name, bytes) in &packed {
        std::fs::write(scratch.join(name), bytes).unwrap();
    }

    println!("kgs.tar.zst written by {zst_how}");
    let what = if args.analyze { "read and checked (Plan::check_bytes, no scoring), one thread" } else { "read only" };
    println!("best of {} rounds, {what}:", args.rounds);
    let mut loose_totals = (0, 0);
    let loose_time = best_of(args.rounds, || {
        loose_totals = (0, 0);
        for path in &loose_paths {
            walk_counting(path, "loose", args.analyze, &mut loose_totals);
        }
    });
    let line = |name: &str, size: u64, time: Duration, totals: (u64, u64)| {
        println!(
            "  {name:<12} {:>8.1} MB on disk  {:>8.3} s  {:>8.0} records/s  {:>7.1} MB/s of records  {:>5.2}x loose",
            size as f64 / 1e6,
            time.as_secs_f64(),
            totals.0 as f64 / time.as_secs_f64(),
            totals.1 as f64 / 1e6 / time.as_secs_f64(),
            time.as_secs_f64() / loose_time.as_secs_f64()
        );
    };
    line("loose", total, loose_time, loose_totals);
    for (name, bytes) in &packed {
        let path = scratch.join(name);
        let mut totals = (0, 0);
        let time = best_of(args.rounds, || {
            totals = (0, 0);
            walk_counting(&path, name, args.analyze, &mut totals);
        });
        assert_eq!(totals, loose_totals, "{name} yields every record");
        line(name, bytes.len() as u64, time, totals);
    }
    // The floor for .tar.gz: decompression alone, by gzip itself and by the same decoder gotool uses.
    let gz_path = scratch.join("kgs.tar.gz");
    let gzip_dc = best_of(args.rounds, || {
        let status =
            std::process::Command::new("gzip").arg("-dc").arg(&gz_path).stdout(std::process::Stdio::null()).status();
        assert!(status.is_ok_and(|s| s.success()), "gzip -dc");
    });
    let flate2_alone = best_of(args.rounds, || {
        let file = std::fs::File::open(&gz_path).unwrap();
        let mut decoder = flate2::read::MultiGzDecoder::new(std::io::BufReader::new(file));
        std::io::copy(&mut decoder, &mut std::io::sink()).unwrap();
    });
    println!(
        "  floor for kgs.tar.gz: gzip -dc > /dev/null {:.3} s; flate2 (zlib-rs) to a sink {:.3} s",
        gzip_dc.as_secs_f64(),
        flate2_alone.as_secs_f64()
    );
}

/// `bytes` compressed by the `zstd` program at its default level when there is one, else by ruzstd's fastest
/// level (the only one it implements besides storing).
fn zstd_of(bytes: &[u8]) -> (Vec<u8>, &'static str) {
    let child = std::process::Command::new("zstd")
        .args(["-q", "-c", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn();
    if let Ok(mut child) = child {
        let mut stdin = child.stdin.take().unwrap();
        let input = bytes.to_vec();
        let writer = std::thread::spawn(move || stdin.write_all(&input));
        let output = child.wait_with_output().unwrap();
        if writer.join().unwrap().is_ok() && output.status.success() {
            return (output.stdout, "zstd -3 (the zstd program)");
        }
    }
    (ruzstd::encoding::compress_to_vec(bytes, ruzstd::encoding::CompressionLevel::Fastest), "ruzstd, fastest level")
}

/// Writes a collection of `games` games to a file and streams it back through the splitter.
fn split(folder: &Path, scratch: &Path, games: usize) {
    let records = common::load_folder(folder);
    let path = scratch.join("all.sgf");
    let mut out = BufWriter::new(std::fs::File::create(&path).unwrap());
    let mut written = 0u64;
    let mut largest = 0usize;
    for i in 0..games {
        let bytes = records[i % records.len()].bytes.trim_ascii();
        largest = largest.max(bytes.len());
        out.write_all(bytes).unwrap();
        out.write_all(b"\n").unwrap();
        written += bytes.len() as u64 + 1;
    }
    out.flush().unwrap();
    drop(out);
    println!(
        "collection: {games} games, {:.1} MB, the largest game {:.1} kB, from {} records of {}",
        written as f64 / 1e6,
        largest as f64 / 1e3,
        records.len(),
        folder.display()
    );
    drop(records);
    let before = peak_rss_kb();
    let started = Instant::now();
    let (mut whole, mut other, mut bytes) = (0u64, 0u64, 0u64);
    let file = std::fs::File::open(&path).unwrap();
    for piece in Splitter::new(file, SplitOptions::default()) {
        match piece.unwrap() {
            Piece::Game(g) => {
                whole += 1;
                bytes += g.bytes.len() as u64;
                std::hint::black_box(g);
            }
            _ => other += 1,
        }
    }
    let time = started.elapsed();
    println!(
        "split: {whole} games (+{other} other pieces) in {:.2} s: {:.0} games/s, {:.0} MB/s; peak RSS {} MB \
         (before streaming {} MB)",
        time.as_secs_f64(),
        whole as f64 / time.as_secs_f64(),
        bytes as f64 / 1e6 / time.as_secs_f64(),
        peak_rss_kb() / 1024,
        before / 1024
    );
}

/// The process's peak resident memory so far (VmHWM), in kB; 0 where /proc does not tell.
fn peak_rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("VmHWM:")).map(|l| l.split_whitespace().nth(1).unwrap_or("0").to_string())
        })
        .and_then(|kb| kb.parse().ok())
        .unwrap_or(0)
}

/// Walks one input: items by kind, time, peak memory.
fn walk_one(path: &Path) {
    let started = Instant::now();
    let (mut records, mut bytes, mut pieces, mut failed) = (0u64, 0u64, 0u64, 0u64);
    let _ = archive::walk_path(path, &path.display().to_string(), &SourceOptions::default(), &mut |item| {
        match item {
            Item::Record { bytes: b, .. } => {
                records += 1;
                bytes += b.len() as u64;
            }
            Item::Piece { .. } => pieces += 1,
            Item::Failed { .. } => failed += 1,
        }
        ControlFlow::Continue(())
    });
    println!(
        "walk {}: {records} records ({:.1} MB), {pieces} streamed pieces, {failed} failures in {:.2} s; peak RSS {} MB",
        path.display(),
        bytes as f64 / 1e6,
        started.elapsed().as_secs_f64(),
        peak_rss_kb() / 1024
    );
}

fn write_empty_7z(count: usize, path: &Path) {
    let mut writer = sevenz_rust2::ArchiveWriter::new(std::fs::File::create(path).unwrap()).unwrap();
    for i in 0..count {
        writer.push_archive_entry::<&[u8]>(sevenz_rust2::ArchiveEntry::new_file(&format!("e/{i}.sgf")), None).unwrap();
    }
    writer.finish().unwrap();
    println!("wrote {count} empty entries to {}", path.display());
}
