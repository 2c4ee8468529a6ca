//! Criterion benchmarks of gotool's per-file pipeline, stage by stage, on 9×9, 13×13 and 19×19 records:
//! `parse` (`gotool_sgf::scan` on decoded text, throughput in bytes), `replay` (`gotool_sgf::read_game` then `check_game` on
//! every game of an already scanned collection, throughput in moves), `rules_core` (`Game::play` alone on moves read out of the
//! records beforehand: a fresh game per record, then its main line, throughput in moves; games with setup
//! stones are left out, and a line ends before its first illegal move) and `end_to_end` (`Plan::check_bytes` from
//! the file's bytes, throughput in records, no scoring). `score` times `score::score` alone on the final positions
//! of finished 19×19 games (throughput in positions), from inputs built before timing as `score::game::score_game`
//! builds them: dead stones from the final node's `TB`/`TW`.
//!
//! `check_finished` runs what `gotool check --format json` does for each file of `$GOTOOL_CORPUS/finished`
//! (else the fixtures): `Plan::check_bytes` and the file's JSON, once without scoring and once scoring as `check`
//! does (findings as notes). Before criterion runs it, a side-by-side
//! measurement alternates the two over `GOTOOL_BENCH_ROUNDS` rounds (default 7) and prints the medians and
//! their ratio: what scoring adds to `check`'s time (issue #7 asks for at most 25%).
//!
//! Records: up to 200 per size from `$GOTOOL_CORPUS` (see `benches/common`), else fixtures, else generated.
//! Scored positions: up to 200 from `$GOTOOL_CORPUS/finished` (games that end with territory markup), else
//! the final positions of the 19×19 record set above.
//! Run: `GOTOOL_CORPUS=/work/shared/corpus cargo bench --bench pipeline`; BENCHMARKS.md has the figures.
//! With `GOTOOL_BENCH_CLOCK=cpu` the clock is the benchmark thread's CPU time instead of wall time (Linux), which
//! on a shared machine leaves out the time other processes held the cores; those results carry a `(cpu time)`
//! suffix so criterion never compares them with wall-time ones.

mod common;

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{Criterion, Throughput};
use gotool_check::Plan;
use gotool_go::{Board, Color, Game, Point, Rules};
use gotool_replay::{ReplayOptions, check_game};
use gotool_score::game::{ScoreOptions, dead_from_marks};
use gotool_score::{ScoreInput, score};
use gotool_sgf::decode as input;
use gotool_sgf::record::{GameRecord, Item, MoveValue};
use gotool_sgf::{Collection, Limits};

/// Records per board size.
const PER_SIZE: usize = 200;

fn pipeline<M: Measurement>(c: &mut Criterion<M>, clock: &str) {
    for size in [9u8, 13, 19] {
        let set = common::record_set(size, PER_SIZE);
        let bytes: u64 = set.records.iter().map(|r| r.bytes.len() as u64).sum();
        eprintln!(
            "{}: {} records, {} moves, {} bytes ({})",
            set.label,
            set.records.len(),
            set.moves,
            bytes,
            set.source
        );

        // Decoding is part of end_to_end only; parse and replay start from text.
        let texts: Vec<String> = set
            .records
            .iter()
            .map(|r| input::decode(&r.bytes).map(|d| d.text.into_owned()).unwrap_or_default())
            .collect();
        let text_bytes: u64 = texts.iter().map(|t| t.len() as u64).sum();
        let limits = Limits::default();
        let collections: Vec<gotool_sgf::Collection> =
            texts.iter().filter_map(|t| gotool_sgf::scan(t, &limits).ok()).collect();
        let check = ReplayOptions::default();
        let plan = Plan::default();

        let mut group = c.benchmark_group(format!("parse/{}", set.label));
        group.throughput(Throughput::Bytes(text_bytes));
        group.bench_function(format!("{}{clock}", "gotool_sgf::scan"), |b| {
            b.iter(|| {
                for text in &texts {
                    black_box(gotool_sgf::scan(black_box(text), &limits).ok());
                }
            })
        });
        group.finish();

        let mut group = c.benchmark_group(format!("replay/{}", set.label));
        group.throughput(Throughput::Elements(set.moves.max(1)));
        group.bench_function(format!("{}{clock}", "read_game+check_game"), |b| {
            b.iter(|| {
                for collection in &collections {
                    for index in 0..collection.games.len() {
                        let record = gotool_sgf::read_game(black_box(collection), index);
                        black_box(check_game(&record, index, &check));
                    }
                }
            })
        });
        group.finish();

        let lines: Vec<MainLine> = collections.iter().flat_map(|c| main_lines(c, &check)).collect();
        let mut group = c.benchmark_group(format!("rules_core/{}", set.label));
        group.throughput(Throughput::Elements(lines.iter().map(|l| l.moves.len() as u64).sum::<u64>().max(1)));
        group.bench_function(format!("{}{clock}", "Game::play"), |b| {
            b.iter(|| {
                for line in &lines {
                    black_box(line.replay());
                }
            })
        });
        group.finish();

        let mut group = c.benchmark_group(format!("end_to_end/{}", set.label));
        group.throughput(Throughput::Elements(set.records.len() as u64));
        group.bench_function(format!("{}{clock}", "Plan::check_bytes"), |b| {
            b.iter(|| {
                for record in &set.records {
                    black_box(plan.check_bytes(black_box(&record.bytes), &record.name));
                }
            })
        });
        group.finish();
    }

    let (label, records) = finished_records();
    let mut group = c.benchmark_group(format!("check_finished/{label}"));
    group.throughput(Throughput::Elements(records.len() as u64));
    for (name, scored) in [("check_bytes+json, no score", false), ("check_bytes+json, score", true)] {
        group.bench_function(format!("{name}{clock}"), |b| {
            let mut out = Vec::new();
            b.iter(|| check_files(&records, scored, &mut out))
        });
    }
    group.finish();

    let (label, positions) = scored_positions(PER_SIZE);
    eprintln!("score/{label}: {} final positions", positions.len());
    let inputs: Vec<ScoreInput> = positions.iter().map(Position::input).collect();
    let mut group = c.benchmark_group(format!("score/{label}"));
    group.throughput(Throughput::Elements(inputs.len() as u64));
    group.bench_function(format!("{}{clock}", "score::score"), |b| {
        b.iter(|| {
            for input in &inputs {
                black_box(score(black_box(input)));
            }
        })
    });
    group.finish();
}

/// The records `check_finished` runs on: `$GOTOOL_CORPUS/finished`, else the fixtures.
fn finished_records() -> (String, Vec<common::Record>) {
    if let Some(corpus) = common::corpus() {
        let records = common::load_folder(&corpus.join("finished"));
        if !records.is_empty() {
            return ("finished".to_string(), records);
        }
    }
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    ("fixtures".to_string(), common::load_folder(&fixtures))
}

/// A game's main line as the rules core sees it: the board, the rules and the moves, read out of the record.
struct MainLine {
    width: u8,
    height: u8,
    rules: Rules,
    moves: Vec<(Color, Option<Point>)>,
}

impl MainLine {
    /// Plays the whole line on a new game; returns the final hash so that nothing is optimised away.
    fn replay(&self) -> u64 {
        let mut game = Game::for_record(self.width, self.height, self.rules.clone(), self.moves.len() as u32);
        for &(color, point) in &self.moves {
            black_box(game.play(color, point).is_ok());
        }
        game.board().hash()
    }
}

/// The main lines of a collection's games that have no setup stones, each cut before its first illegal move.
fn main_lines(c: &Collection, check: &ReplayOptions) -> Vec<MainLine> {
    let mut lines = Vec::new();
    for index in 0..c.games.len() {
        let record: GameRecord = gotool_sgf::read_game(c, index);
        let Some(end) = check_game(&record, index, check).1 else {
            continue;
        };
        let (width, height, rules) = (end.settings.width, end.settings.height, end.settings.rules);
        let mut moves = Vec::new();
        let mut game = Game::for_record(width, height, rules.clone(), 0);
        let mut node = 0;
        let mut setup = false;
        'line: while node != gotool_sgf::record::NONE {
            for item in record.items(node) {
                let (color, value) = match item {
                    Item::Move { color, value, .. } => (*color, *value),
                    Item::Setup { .. } => {
                        setup = true;
                        break 'line;
                    }
                    _ => continue,
                };
                let point = match value {
                    MoveValue::Pass => None,
                    MoveValue::Play(point) => Some(point),
                    _ => break 'line,
                };
                if game.play(color, point).is_err() {
                    break 'line;
                }
                moves.push((color, point));
            }
            node = record.node(node).first_child;
        }
        if !setup {
            lines.push(MainLine { width, height, rules, moves });
        }
    }
    lines
}

/// What `gotool check --format json` does per file, with or without scoring: the pipeline, then the file's
/// JSON (into `out`, cleared first for each file). Returns the bytes written, so nothing is optimised away.
fn check_files(records: &[common::Record], scored: bool, out: &mut Vec<u8>) -> usize {
    let scoring = ScoreOptions { position_findings_as_notes: true, ..ScoreOptions::default() };
    let plan = Plan { score: scored.then_some(scoring), ..Plan::default() };
    let mut written = 0;
    for record in records {
        let report = plan.check_bytes(black_box(&record.bytes), &record.name);
        out.clear();
        serde_json::to_writer(&mut *out, &report).expect("a report serializes");
        written += out.len();
        drop(black_box(report));
    }
    written
}

/// Times `check_files` without and with scoring, alternating, and prints the medians and the ratio. Uses the
/// thread's CPU time when it can (see [`thread_cpu_ns`]), else wall time.
fn score_overhead() {
    let rounds: usize = std::env::var("GOTOOL_BENCH_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(7).max(1);
    let (label, records) = finished_records();
    let cpu = thread_cpu_ns().is_some();
    let clock = if cpu { "thread CPU time" } else { "wall time" };
    let started = std::time::Instant::now();
    let now = || if cpu { thread_cpu_ns().unwrap_or(0) } else { started.elapsed().as_nanos() as u64 };
    let mut out = Vec::new();
    // One untimed run of each warms the caches and the allocator.
    let sizes = [check_files(&records, false, &mut out), check_files(&records, true, &mut out)];
    let mut times = [Vec::new(), Vec::new()];
    for round in 0..rounds {
        // Alternate which goes first, so that neither always runs after the other.
        for k in [round % 2, 1 - round % 2] {
            let start = now();
            black_box(check_files(&records, k == 1, &mut out));
            times[k].push(now() - start);
        }
    }
    let [without, with] = times.map(|t| common::median(t).unwrap_or(0) as f64 / 1e6);
    let games = records.len().max(1) as f64;
    eprintln!(
        "check_finished/{label}: {} files, JSON {} / {} bytes; median of {rounds} rounds ({clock}): no score hook \
         {without:.1} ms, score hook {with:.1} ms; scoring adds {:.1}% ({:.1} us per file)",
        records.len(),
        sizes[0],
        sizes[1],
        (with / without - 1.0) * 100.0,
        (with - without) * 1e3 / games,
    );
}

/// The final position of a game and what `score::game::score_game` would pass to the scorer with it.
struct Position {
    board: Board,
    dead: Vec<Point>,
    /// `TB` and `TW` of the final node, when it has any.
    marks: Option<[Vec<Point>; 2]>,
    prisoners: [u32; 2],
    placed: [u32; 2],
    komi: f64,
    handicap: u32,
    rules: Rules,
}

impl Position {
    /// Replays the first game of a record; `None` when it cannot be replayed to its end.
    fn of(bytes: &[u8]) -> Option<Position> {
        let text = input::decode(bytes).ok()?.text.into_owned();
        let collection = gotool_sgf::scan(&text, &Limits::default()).ok()?;
        let record = gotool_sgf::read_game(&collection, 0);
        let (_, end) = check_game(&record, 0, &ReplayOptions::default());
        let end = end.filter(|end| !end.stopped_early)?;
        let marks = record.markup(end.last_node).map(|m| m.marks.clone());
        let board = end.game.board().clone();
        let dead = marks.as_ref().map(|marks| dead_from_marks(&board, marks)).unwrap_or_default();
        let game = &end.game;
        Some(Position {
            dead,
            marks,
            prisoners: [game.prisoners(Color::Black), game.prisoners(Color::White)],
            placed: [game.stones_placed(Color::Black), game.stones_placed(Color::White)],
            komi: end.settings.komi,
            handicap: end.settings.handicap,
            rules: end.settings.rules.clone(),
            board,
        })
    }

    fn input(&self) -> ScoreInput<'_> {
        ScoreInput {
            board: &self.board,
            dead: &self.dead,
            dead_from_markup: self.marks.is_some(),
            territory_marks: self.marks.as_ref().map(|[b, w]| (b.as_slice(), w.as_slice())),
            prisoners: self.prisoners,
            placed: self.placed,
            komi: self.komi,
            handicap: self.handicap,
            rules: &self.rules,
            handicap_bonus: None,
        }
    }
}

/// Up to `limit` final positions of finished 19×19 games with territory markup from `$GOTOOL_CORPUS/finished`,
/// in sorted path order; else the final positions of the 19×19 record set. Returns the label and the positions.
fn scored_positions(limit: usize) -> (String, Vec<Position>) {
    if let Some(corpus) = common::corpus() {
        let positions: Vec<Position> = common::record_files(&corpus.join("finished"))
            .iter()
            .filter_map(|path| Position::of(&std::fs::read(path).ok()?))
            .filter(|p| p.board.width() == 19 && p.board.height() == 19 && p.marks.is_some())
            .take(limit)
            .collect();
        if !positions.is_empty() {
            return ("19x19-finished".to_string(), positions);
        }
    }
    let set = common::record_set(19, limit);
    (set.label.clone(), set.records.iter().filter_map(|r| Position::of(&r.bytes)).collect())
}

/// This thread's CPU time in nanoseconds (see [`common::thread_times`]).
fn thread_cpu_ns() -> Option<u64> {
    common::thread_times().map(|(cpu, _)| cpu)
}

/// A criterion clock that counts only the time the benchmark thread spent on a CPU.
struct ThreadCpuTime {
    /// Values are durations, so wall time's formatter prints them.
    wall: WallTime,
}

impl Measurement for ThreadCpuTime {
    type Intermediate = u64;
    type Value = Duration;

    fn start(&self) -> u64 {
        thread_cpu_ns().unwrap_or(0)
    }

    fn end(&self, start: u64) -> Duration {
        Duration::from_nanos(thread_cpu_ns().unwrap_or(0).saturating_sub(start))
    }

    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }

    fn zero(&self) -> Duration {
        Duration::ZERO
    }

    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        self.wall.formatter()
    }
}

/// A shared 2-core machine: fewer, longer samples than the default keep a run near two minutes.
fn configure<M: Measurement>(c: Criterion<M>) -> Criterion<M> {
    c.sample_size(30)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .configure_from_args()
}

fn main() {
    // The side-by-side ratio runs unless a criterion filter leaves `check_finished` out.
    let filters: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    if filters.is_empty()
        || filters.iter().any(|f| "check_finished".contains(f.as_str()) || f.contains("check_finished"))
    {
        score_overhead();
    }
    let cpu = std::env::var("GOTOOL_BENCH_CLOCK").is_ok_and(|v| v == "cpu");
    if cpu && thread_cpu_ns().is_some() {
        let mut c = configure(Criterion::default().with_measurement(ThreadCpuTime { wall: WallTime }));
        pipeline(&mut c, " (cpu time)");
        c.final_summary();
    } else {
        if cpu {
            eprintln!("GOTOOL_BENCH_CLOCK=cpu: no /proc/thread-self/schedstat here; timing wall-clock instead");
        }
        let mut c = configure(Criterion::default());
        pipeline(&mut c, "");
        c.final_summary();
    }
}
