//! Side-by-side throughput of gotool and two other Rust Go libraries on the same records, single thread,
//! in the same process, in alternating rounds:
//!
//! - gotool: `Plan::check_bytes` (decode, scan, replay with every legality check, diagnostics), no scoring;
//! - sgf-parse 4.2.8: `go::parse`, then walk the main line and read each node's move (no rules at all);
//! - goban 0.20.1: sgf-parse as above, then replay with goban's legality-checking `Game::try_play`, and
//!   goban's `calculate_score` at the end (one flood fill per game);
//! - bare: not a loader but a floor for gotool's own pipeline: a bare byte scanner (below) feeding gotool's
//!   rules core, `Game::play` with every legality check. gotool's time over bare's is what its layers cost
//!   (charset decoding, the tree with positions and limits, diagnostics, the report).
//!
//! All files are read into memory first; then each tool runs over the files that all handle (a file
//! any tool fails on is left out of every timing, and counted per tool). The same rounds are then repeated
//! with the file read from disk inside the timing (page cache warm). Each pass records wall time and, on
//! Linux, the thread's CPU time and run-queue wait; rates and ratios use the CPU time when there is one.
//!
//! Run: `cargo bench --bench compare -- [FOLDER] [--rounds N] [--no-io] [--only TOOL]`; the folder defaults to
//! `$GOTOOL_CORPUS/games/kgs-u-go.net/kgs-19-2015`, else fixtures/ (or generated records) so the bench
//! always runs. BENCHMARKS.md has the figures and how to read them.

mod common;

use std::collections::BTreeMap;
use std::hint::black_box;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use common::{Record, median, thread_times};
use gotool_check::Plan;

/// sgf-parse builds a recursive tree and drops it recursively: a long game is as deep as it has moves.
/// gotool's own pipeline needs no such stack; all tools run on this thread so the conditions are equal.
const STACK_BYTES: usize = 256 * 1024 * 1024;

/// Why a tool could not handle a file (counted in the skip report).
type Outcome = Result<u64, &'static str>;

struct Args {
    folder: Option<PathBuf>,
    rounds: usize,
    with_io: bool,
    /// Time this tool alone (the common set is still chosen by all): for instruction counts under callgrind,
    /// read off `compare::time_rounds`.
    only: Option<Tool>,
}

fn parse_args() -> Args {
    let mut args = Args { folder: None, rounds: 3, with_io: true, only: None };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--rounds" => args.rounds = it.next().and_then(|n| n.parse().ok()).unwrap_or(3).max(1),
            "--no-io" => args.with_io = false,
            "--only" => {
                let name = it.next().unwrap_or_default();
                args.only = TOOLS.into_iter().find(|t| t.name() == name);
                if args.only.is_none() {
                    eprintln!("compare: --only takes one of gotool, sgf-parse, goban, bare; timing all");
                }
            }
            // `cargo bench` passes `--bench`; other harness flags are ignored too.
            a if a.starts_with('-') => {}
            a => args.folder = Some(PathBuf::from(a)),
        }
    }
    args
}

/// gotool: the whole per-file pipeline. Moves of the main lines; a file error or an invalid game is a failure
/// (an illegal move stops the replay, so the other tools would replay more moves).
fn gotool(bytes: &[u8], plan: &Plan) -> Outcome {
    let report = plan.check_bytes(bytes, "");
    if report.error.is_some() {
        return Err("file error");
    }
    if report.games.is_empty() {
        return Err("no game");
    }
    if !report.games.iter().all(|g| g.is_valid()) {
        return Err("invalid game");
    }
    Ok(report.games.iter().map(|g| u64::from(g.moves)).sum())
}

/// sgf-parse: parse, then read the move of every node of each game's main line.
fn sgf_parse_walk(bytes: &[u8]) -> Outcome {
    use sgf_parse::go::Prop;
    let text = std::str::from_utf8(bytes).map_err(|_| "not UTF-8")?;
    let roots = sgf_parse::go::parse(text).map_err(|_| "parse error")?;
    let mut moves = 0;
    for root in &roots {
        for node in root.main_variation() {
            if let Some(Prop::B(m) | Prop::W(m)) = node.get_move() {
                black_box(m);
                moves += 1;
            }
        }
    }
    Ok(moves)
}

/// goban: sgf-parse, then replay the main line with goban's legality checks, then goban's score.
/// goban cannot play out of turn, has no setup after the root, and stops at 19×19: such files fail here.
fn goban_replay(bytes: &[u8]) -> Outcome {
    use goban::pieces::stones::{Color, Stone};
    use goban::rules::game::Game;
    use goban::rules::{CHINESE, JAPANESE, Move};
    use sgf_parse::go::{Move as SgfMove, Prop};

    let text = std::str::from_utf8(bytes).map_err(|_| "not UTF-8")?;
    let roots = sgf_parse::go::parse(text).map_err(|_| "parse error")?;
    let [root] = roots.as_slice() else { return Err("not one game") };

    let (width, height) = match root.get_property("SZ") {
        Some(Prop::SZ(size)) => *size,
        Some(_) => return Err("bad SZ"),
        None => (19, 19),
    };
    if width > 19 || height > 19 {
        return Err("board over 19x19");
    }
    let mut builder = Game::builder();
    builder.size((height, width));
    // goban knows two rulesets: JAPANESE (simple ko) and CHINESE (adds superko, from its position history).
    let rule = match root.get_property("RU") {
        Some(Prop::RU(ru)) if !ru.text.to_ascii_lowercase().contains("japanese") => CHINESE,
        _ => JAPANESE,
    };
    builder.rule(rule);
    if let Some(Prop::KM(komi)) = root.get_property("KM") {
        builder.komi(*komi as f32);
    }
    for prop in root.properties() {
        let (points, color) = match prop {
            Prop::AB(points) => (points, Color::Black),
            Prop::AW(points) => (points, Color::White),
            Prop::AE(_) => return Err("setup goban cannot do"),
            _ => continue,
        };
        for p in points {
            builder.add(Stone::from(((p.y, p.x), color)));
        }
    }
    let first_color = root.main_variation().find_map(|n| match n.get_move() {
        Some(Prop::W(_)) => Some(Color::White),
        Some(Prop::B(_)) => Some(Color::Black),
        _ => None,
    });
    builder.turn(first_color.unwrap_or(Color::Black));
    let mut game = builder.build().map_err(|_| "goban refused the setup")?;

    let mut moves = 0;
    for node in root.main_variation() {
        if !node.is_root && node.properties().any(|p| matches!(p, Prop::AB(_) | Prop::AW(_) | Prop::AE(_))) {
            return Err("setup goban cannot do");
        }
        let (color, m) = match node.get_move() {
            Some(Prop::B(m)) => (Color::Black, m),
            Some(Prop::W(m)) => (Color::White, m),
            _ => continue,
        };
        if color != game.turn() {
            return Err("move out of turn");
        }
        let play = match *m {
            // `tt` is a pass on boards up to 19×19 (SGF FF[3]); sgf-parse reads it as a point.
            SgfMove::Move(p) if p.x < width && p.y < height => Move::Play(p.y, p.x),
            _ => Move::Pass,
        };
        if game.is_over() {
            game.resume(); // play on after two passes, as gotool does (with a warning)
        }
        game.try_play(play).map_err(|_| "illegal move")?;
        moves += 1;
    }
    black_box(game.calculate_score());
    Ok(moves)
}

/// bare: reads the root's `SZ`, `RU`, `AB` and `AW` and every later node's `B`/`W` straight off the bytes, then
/// replays them with gotool's rules core. No decoding, no tree, no positions, no diagnostics, no limits; a file
/// with variations, several games or anything else it does not expect fails, and so leaves the common set.
fn bare_replay(bytes: &[u8]) -> Outcome {
    use gotool_go::{Color, Game, Point};
    use gotool_sgf::values::parse_rules;
    use gotool_sgf::values::parse_size;

    let (mut width, mut height) = (19u8, 19u8);
    let mut ru: Option<&str> = None;
    let mut setup: [Vec<Point>; 2] = [Vec::new(), Vec::new()];
    let mut game: Option<Game> = None;
    let (mut nodes, mut depth, mut trees, mut moves) = (0u32, 0u32, 0u32, 0u64);
    // The property identifier the next value belongs to, as up to two upper-case letters.
    let (mut ident, mut in_ident) = ([0u8; 2], false);
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'[' => {
                let start = i + 1;
                let mut end = start;
                while end < bytes.len() && bytes[end] != b']' {
                    end += if bytes[end] == b'\\' { 2 } else { 1 };
                }
                let value = bytes.get(start..end).ok_or("unclosed value")?;
                in_ident = false;
                match (&ident, nodes) {
                    ([b'S', b'Z'], 1) => {
                        let text = std::str::from_utf8(value).map_err(|_| "bad SZ")?;
                        (width, height) = parse_size(text).map_err(|_| "bad SZ")?;
                    }
                    ([b'R', b'U'], 1) => ru = std::str::from_utf8(value).ok(),
                    ([b'A', b'B' | b'W'], 1) => {
                        let point = std::str::from_utf8(value).ok().and_then(|v| Point::from_sgf(v, width, height));
                        setup[usize::from(ident[1] == b'W')].push(point.ok_or("setup")?);
                    }
                    ([b'B' | b'W', 0], 2..) => {
                        let game = game.get_or_insert_with(|| {
                            let rules = parse_rules(ru).rules;
                            let mut game = Game::for_record(width, height, rules, (bytes.len() / 6) as u32);
                            game.setup(&setup[0], &setup[1], &[]);
                            game
                        });
                        // Straight off the bytes (what `record::parse_move` decides, without making a `str`): this
                        // is the floor.
                        let point = match *value {
                            [] => None,
                            [b't', b't'] if width <= 19 && height <= 19 => None,
                            [x @ b'a'..=b'z', y @ b'a'..=b'z'] if x - b'a' < width && y - b'a' < height => {
                                Some(Point::new(x - b'a', y - b'a'))
                            }
                            _ => return Err("bad move"),
                        };
                        let color = if ident[0] == b'B' { Color::Black } else { Color::White };
                        game.play(color, point).map_err(|_| "illegal move")?;
                        moves += 1;
                    }
                    ([b'A', b'B' | b'W' | b'E'], _) => return Err("setup after the root"),
                    _ => {}
                }
                i = end + 1;
                continue;
            }
            b';' => {
                nodes += 1;
                in_ident = false;
            }
            b'(' => {
                depth += 1;
                trees += 1;
                if depth > 1 || trees > 1 {
                    return Err("variations or several games");
                }
            }
            b')' => depth = depth.saturating_sub(1),
            b'A'..=b'Z' => {
                if in_ident {
                    ident[1] = b;
                } else {
                    ident = [b, 0];
                    in_ident = true;
                }
            }
            _ => in_ident = false,
        }
        i += 1;
    }
    if trees == 0 {
        return Err("no game");
    }
    Ok(moves)
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Tool {
    Gotool,
    SgfParse,
    Goban,
    Bare,
}

const TOOLS: [Tool; 4] = [Tool::Gotool, Tool::SgfParse, Tool::Goban, Tool::Bare];

impl Tool {
    fn name(self) -> &'static str {
        match self {
            Tool::Gotool => "gotool",
            Tool::SgfParse => "sgf-parse",
            Tool::Goban => "goban",
            Tool::Bare => "bare",
        }
    }

    fn run(self, bytes: &[u8], options: &Plan) -> Outcome {
        match self {
            Tool::Gotool => gotool(bytes, options),
            Tool::SgfParse => sgf_parse_walk(bytes),
            Tool::Goban => goban_replay(bytes),
            Tool::Bare => bare_replay(bytes),
        }
    }
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".to_string())
}

/// One timed pass of a tool over the files.
#[derive(Clone, Copy)]
struct Timing {
    wall: Duration,
    /// On-CPU time of the thread (`None` where schedstat is not available).
    cpu: Option<Duration>,
    /// Time spent runnable but waiting for a core.
    waited: Option<Duration>,
}

/// The median of each measure, taken separately.
fn medians(timings: &[Timing]) -> Timing {
    let all = |f: fn(&Timing) -> Option<Duration>| timings.iter().map(f).collect::<Option<Vec<_>>>().and_then(median);
    Timing {
        wall: median(timings.iter().map(|t| t.wall).collect()).unwrap_or_default(),
        cpu: all(|t| t.cpu),
        waited: all(|t| t.waited),
    }
}

/// Times `rounds` rounds of each tool over the files; in round `r` the tools start at a different one, so no
/// tool always runs right after the same other. Returns each tool's medians.
fn time_rounds(
    rounds: usize,
    files: &[&Record],
    from_disk: bool,
    options: &Plan,
    tools: &[Tool],
) -> BTreeMap<Tool, Timing> {
    let mut timings: BTreeMap<Tool, Vec<Timing>> = BTreeMap::new();
    for round in 0..rounds {
        for k in 0..tools.len() {
            let tool = tools[(round + k) % tools.len()];
            let before = thread_times();
            let start = Instant::now();
            let mut moves = 0u64;
            for record in files {
                let outcome = if from_disk {
                    let path = record.path.as_deref().expect("only records from disk are timed from disk");
                    match std::fs::read(path) {
                        Ok(bytes) => tool.run(&bytes, options),
                        Err(_) => Err("io"),
                    }
                } else {
                    tool.run(black_box(&record.bytes), options)
                };
                moves += outcome.unwrap_or(0);
            }
            let wall = start.elapsed();
            let after = thread_times();
            black_box(moves);
            let (cpu, waited) = match (before, after) {
                (Some(b), Some(a)) => {
                    (Some(Duration::from_nanos(a.0 - b.0)), Some(Duration::from_nanos(a.1.saturating_sub(b.1))))
                }
                _ => (None, None),
            };
            timings.entry(tool).or_default().push(Timing { wall, cpu, waited });
        }
    }
    timings.into_iter().map(|(tool, t)| (tool, medians(&t))).collect()
}

fn print_table(title: &str, timings: &BTreeMap<Tool, Timing>, records: usize, moves: &BTreeMap<Tool, u64>) {
    println!("\n{title}");
    println!(
        "{:<10} {:>9} {:>9} {:>7} {:>11} {:>12} {:>9}",
        "tool", "wall ms", "cpu ms", "waited", "records/s", "moves/s", "ns/move"
    );
    for (&tool, &t) in timings {
        // Rates from CPU time where there is one, else from wall time.
        let secs = t.cpu.unwrap_or(t.wall).as_secs_f64();
        let m = moves[&tool] as f64;
        let ms = |d: Option<Duration>| d.map_or("-".to_string(), |d| format!("{:.1}", d.as_secs_f64() * 1e3));
        let waited =
            t.waited.map_or("-".to_string(), |w| format!("{:.0}%", 100.0 * w.as_secs_f64() / t.wall.as_secs_f64()));
        println!(
            "{:<10} {:>9.1} {:>9} {:>7} {:>11.0} {:>12.0} {:>9.1}",
            tool.name(),
            t.wall.as_secs_f64() * 1e3,
            ms(t.cpu),
            waited,
            records as f64 / secs,
            m / secs,
            secs * 1e9 / m
        );
    }
    let ratio = |of: Tool, measure: fn(&Timing) -> Option<Duration>| {
        let (a, b) = (measure(timings.get(&Tool::Gotool)?)?, measure(timings.get(&of)?)?);
        Some(format!("{:.2}", b.as_secs_f64() / a.as_secs_f64()))
    };
    for (name, measure) in
        [("cpu", (|t: &Timing| t.cpu) as fn(&Timing) -> Option<Duration>), ("wall", |t| Some(t.wall))]
    {
        if let (Some(p), Some(g), Some(b)) =
            (ratio(Tool::SgfParse, measure), ratio(Tool::Goban, measure), ratio(Tool::Bare, measure))
        {
            println!("speed ratios by {name} time: gotool/sgf-parse = {p}, gotool/goban = {g}, gotool/bare = {b}");
        }
    }
}

fn main() {
    let args = parse_args();
    let worker = std::thread::Builder::new()
        .name("compare".to_string())
        .stack_size(STACK_BYTES)
        .spawn(move || compare(args))
        .expect("spawn the benchmark thread");
    worker.join().expect("the benchmark thread panicked");
}

fn compare(args: Args) {
    let folder = args.folder.clone().or_else(|| common::corpus().map(|c| c.join("games/kgs-u-go.net/kgs-19-2015")));
    let (source, records) = match &folder {
        Some(folder) => (folder.display().to_string(), common::load_folder(folder)),
        None => {
            // No corpus: fixtures or generated records (see benches/common), so the bench always runs.
            let set = common::record_set(19, 200);
            (format!("19x19 {}", set.source), set.records)
        }
    };
    if records.is_empty() {
        println!("compare: no SGF records in {source}; nothing to do");
        return;
    }
    let total_bytes: usize = records.iter().map(|r| r.bytes.len()).sum();
    println!("compare: {} files, {:.1} MB, from {source}", records.len(), total_bytes as f64 / 1e6);
    println!("load average at start: {}", load_average());

    // Untimed pass: which tool handles which file, and how many moves it replays. Panics count as failures.
    let options = Plan::default();
    let quiet = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut failures: BTreeMap<Tool, BTreeMap<&'static str, usize>> = BTreeMap::new();
    let mut common_files = Vec::new();
    let mut moves: BTreeMap<Tool, u64> = BTreeMap::new();
    let mut move_count_disagreements = 0;
    for record in &records {
        let outcomes: Vec<Outcome> = TOOLS
            .iter()
            .map(|&tool| catch_unwind(AssertUnwindSafe(|| tool.run(&record.bytes, &options))).unwrap_or(Err("panic")))
            .collect();
        for (&tool, outcome) in TOOLS.iter().zip(&outcomes) {
            if let Err(why) = outcome {
                *failures.entry(tool).or_default().entry(why).or_default() += 1;
            }
        }
        if let Ok(counts) = outcomes.iter().cloned().collect::<Result<Vec<u64>, _>>() {
            if counts.iter().any(|&m| m != counts[0]) {
                move_count_disagreements += 1;
            }
            for (&tool, m) in TOOLS.iter().zip(counts) {
                *moves.entry(tool).or_default() += m;
            }
            common_files.push(record);
        }
    }
    std::panic::set_hook(quiet);

    println!(
        "common set: {} files ({} skipped); moves in the common set: gotool {}, sgf-parse {}, goban {}, bare {}; \
         files where the move counts differ: {move_count_disagreements}",
        common_files.len(),
        records.len() - common_files.len(),
        moves.get(&Tool::Gotool).unwrap_or(&0),
        moves.get(&Tool::SgfParse).unwrap_or(&0),
        moves.get(&Tool::Goban).unwrap_or(&0),
        moves.get(&Tool::Bare).unwrap_or(&0),
    );
    for tool in TOOLS {
        let fails = failures.get(&tool);
        let total: usize = fails.map(|f| f.values().sum()).unwrap_or(0);
        let detail: Vec<String> = fails.into_iter().flatten().map(|(why, n)| format!("{why}: {n}")).collect();
        println!(
            "  {:<10} fails on {total} files{}",
            tool.name(),
            if total > 0 { format!(" ({})", detail.join(", ")) } else { String::new() }
        );
    }
    if common_files.is_empty() {
        println!("compare: no file that every tool handles; nothing to time");
        return;
    }

    let tools: Vec<Tool> = args.only.map_or(TOOLS.to_vec(), |t| vec![t]);
    let in_memory = time_rounds(args.rounds, &common_files, false, &options, &tools);
    print_table(
        &format!("(a-c) in memory, single thread, median of {} rounds", args.rounds),
        &in_memory,
        common_files.len(),
        &moves,
    );
    if args.with_io && common_files.iter().all(|r| r.path.is_some()) {
        let from_disk = time_rounds(args.rounds, &common_files, true, &options, &tools);
        print_table(
            &format!("(d) with std::fs::read of each file (page cache warm), median of {} rounds", args.rounds),
            &from_disk,
            common_files.len(),
            &moves,
        );
    }
    println!("\nload average at end: {}", load_average());
}
