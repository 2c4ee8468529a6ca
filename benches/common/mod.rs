//! Record sets shared by the benchmarks: real records from `$GOTOOL_CORPUS` when it is set, otherwise the
//! fixtures, otherwise records generated here, so that `cargo bench` runs on any checkout.
//! Loading and selection happen before any timing; nothing here is measured.

// Each bench binary compiles this module on its own and uses a different part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use gotool_check::Plan;
use gotool_go::{Color, Game, Point, Preset};

/// One record, read into memory.
pub(crate) struct Record {
    /// Path relative to the folder it was found in (or a made-up name for generated records).
    pub name: String,
    /// Where it was read from; `None` for generated records.
    pub path: Option<PathBuf>,
    pub bytes: Vec<u8>,
}

/// A set of records of one board size and where it came from.
pub(crate) struct RecordSet {
    /// `19x19` for corpus records; `19x19-fixtures` or `19x19-generated` otherwise, so that criterion never
    /// compares timings of different record sets under one name.
    pub label: String,
    pub source: String,
    pub records: Vec<Record>,
    /// Main-line moves of all games, passes included, as gotool counts them.
    pub moves: u64,
}

/// Files a folder holds that gotool reads by default (`.sgf`, `.mgt`, any letter case), sorted, recursively.
pub(crate) fn record_files(folder: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(folder)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .filter(|p| {
            p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| e.eq_ignore_ascii_case("sgf") || e.eq_ignore_ascii_case("mgt"))
        })
        .collect();
    files.sort();
    files
}

/// Reads every record file of a folder into memory, in sorted order. Unreadable files are left out.
pub(crate) fn load_folder(folder: &Path) -> Vec<Record> {
    record_files(folder)
        .into_iter()
        .filter_map(|path| {
            let bytes = std::fs::read(&path).ok()?;
            let name = path.strip_prefix(folder).unwrap_or(&path).display().to_string();
            Some(Record { name, path: Some(path), bytes })
        })
        .collect()
}

/// `$GOTOOL_CORPUS`, when it is set and names a folder.
pub(crate) fn corpus() -> Option<PathBuf> {
    let dir = PathBuf::from(std::env::var_os("GOTOOL_CORPUS")?);
    dir.is_dir().then_some(dir)
}

/// How gotool sees a record: `Some(moves)` when it holds exactly one game, of `size`×`size`, that is valid.
/// The size is read from the report's JSON form, the documented interface (`schema/report.schema.json`), so
/// that changes to the Rust field types do not break the benchmarks.
fn valid_single_game(record: &Record, size: u8) -> Option<u32> {
    let report = Plan::default().check_bytes(&record.bytes, &record.name);
    match report.games.as_slice() {
        [game] if report.error.is_none() && game.is_valid() => {
            let json = serde_json::to_value(game).ok()?;
            (json["board_size"] == serde_json::json!([size, size])).then_some(game.moves)
        }
        _ => None,
    }
}

/// Cheap prefilter so that a size search does not analyse every file of the corpus.
fn mentions_size(bytes: &[u8], size: u8) -> bool {
    let needle = format!("SZ[{size}]");
    bytes.windows(needle.len()).any(|w| w == needle.as_bytes())
}

/// Picks up to `limit` records (in sorted path order) of one board size from some folders: single-game,
/// valid records with at least `min_moves` moves, so that the set is made of games rather than problems.
fn pick(folders: &[PathBuf], size: u8, min_moves: u32, limit: usize) -> (Vec<Record>, u64) {
    let mut picked = Vec::new();
    let mut moves = 0u64;
    for folder in folders {
        for path in record_files(folder) {
            if picked.len() == limit {
                return (picked, moves);
            }
            let Ok(bytes) = std::fs::read(&path) else { continue };
            if size != 19 && !mentions_size(&bytes, size) {
                continue;
            }
            let name = path.strip_prefix(folder).unwrap_or(&path).display().to_string();
            let record = Record { name, path: Some(path), bytes };
            if let Some(m) = valid_single_game(&record, size).filter(|&m| m >= min_moves) {
                moves += u64::from(m);
                picked.push(record);
            }
        }
    }
    (picked, moves)
}

/// Where each size's records come from in the corpus (see `shared/corpus/SOURCES.md`).
fn corpus_folders(corpus: &Path, size: u8) -> Vec<PathBuf> {
    match size {
        // The KGS 2015 archive is the benchmark of record for 19×19 (README, BENCHMARKS.md).
        19 => vec![corpus.join("games/kgs-u-go.net/kgs-19-2015")],
        // 9×9 and 13×13 games live among the rules engines' test data (GNU Go regression games, Fuego, …).
        _ => vec![corpus.join("rules"), corpus.join("finished"), corpus.join("games")],
    }
}

/// The benchmark set for one board size: up to `limit` records from the corpus, else the fixtures, else
/// records generated by random legal play.
pub(crate) fn record_set(size: u8, limit: usize) -> RecordSet {
    let label = |from: &str| format!("{size}x{size}{from}");
    if let Some(corpus) = corpus() {
        let folders = corpus_folders(&corpus, size);
        let (records, moves) = pick(&folders, size, 30, limit);
        if !records.is_empty() {
            let source = format!("$GOTOOL_CORPUS: {} valid games of 30+ moves", records.len());
            return RecordSet { label: label(""), source, records, moves };
        }
    }
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let (records, moves) = pick(&[fixtures], size, 1, limit);
    if !records.is_empty() {
        let source = format!("fixtures/: {} valid games", records.len());
        return RecordSet { label: label("-fixtures"), source, records, moves };
    }
    let records: Vec<Record> = (0..20).map(|seed| generated_record(size, seed)).collect();
    let moves = records.iter().filter_map(|r| valid_single_game(r, size)).map(u64::from).sum();
    let source = format!("generated: {} games of random legal play", records.len());
    RecordSet { label: label("-generated"), source, records, moves }
}

/// A game of random legal moves (gotool's own rules core decides legality), written as SGF. Deterministic
/// for a given size and seed. It stands in for real records only when neither the corpus nor the fixtures
/// have games of this size.
pub(crate) fn generated_record(size: u8, seed: u64) -> Record {
    let mut sgf = format!("(;GM[1]FF[4]CA[UTF-8]SZ[{size}]KM[6.5]RU[Japanese]C[generated by benches/common]");
    for (color, point) in random_legal_moves(size, seed) {
        let value = point.map(|p| p.to_sgf()).unwrap_or_default();
        sgf.push_str(&format!(";{}[{value}]", color.letter()));
    }
    sgf.push(')');
    Record { name: format!("generated-{size}x{size}-{seed}.sgf"), path: None, bytes: sgf.into_bytes() }
}

/// Random legal moves, Black first, 70% of the board's points long (`None` a pass, played where 40 tries found
/// no legal point). Deterministic for a given size and seed.
pub(crate) fn random_legal_moves(size: u8, seed: u64) -> Vec<(Color, Option<Point>)> {
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        // xorshift64*: enough randomness for move choice, no dependency.
        rng ^= rng >> 12;
        rng ^= rng << 25;
        rng ^= rng >> 27;
        rng.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    let mut game = Game::new(size, size, Preset::Japanese.rules());
    let mut moves = Vec::new();
    let mut color = Color::Black;
    for _ in 0..u32::from(size) * u32::from(size) * 7 / 10 {
        let mut point = None;
        for _ in 0..40 {
            let p = Point::new((next() % u64::from(size)) as u8, (next() % u64::from(size)) as u8);
            if game.play(color, Some(p)).is_ok() {
                point = Some(p);
                break;
            }
        }
        if point.is_none() {
            game.play(color, None).expect("a pass is always legal");
        }
        moves.push((color, point));
        color = color.opponent();
    }
    moves
}

/// This thread's time on a CPU and its time waiting for one, in nanoseconds, from Linux's
/// `/proc/thread-self/schedstat`. On a shared machine the CPU time is the steadier measure: it leaves out the
/// time other processes held the cores (the wait time says how much that was).
pub(crate) fn thread_times() -> Option<(u64, u64)> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let mut fields = stat.split_whitespace().map(|v| v.parse::<u64>().ok());
    Some((fields.next()??, fields.next()??))
}

/// The median of some timings (the upper one of an even count); `None` when there are none.
pub(crate) fn median<T: Ord + Copy>(mut values: Vec<T>) -> Option<T> {
    values.sort_unstable();
    values.get(values.len() / 2).copied()
}
