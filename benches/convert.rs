//! `gotool convert` of Tygem's GIB, WBaduk's NGF and Pandanet's UGF against reading the same games as SGF,
//! single thread, in the same process, in alternating rounds.
//!
//! The games are made here: `GAMES` games of random legal play on 19×19 (gotool's rules core decides legality;
//! deterministic for a seed), about 250 moves each like a real game. Each is written in the three formats, with
//! the header of the project's own fixtures (`fixtures/formats/`), and converted once before timing: the SGF a
//! conversion writes must hold exactly the moves written, or the bench stops. That SGF is the "same game as SGF".
//!
//! What is timed, each over all the games of one format, per round:
//! - `convert FORMAT`: `convert::convert` (detect, decode, read, write the SGF text), what `gotool convert` does
//!   per file apart from the file system;
//! - `read FORMAT`: `record::formats::decode_as` and `record::formats::read` (the bytes to gotool's record), the same
//!   stage as `read SGF`;
//! - `read SGF`: `gotool_sgf::decode::decode`, `gotool_sgf::scan` and `gotool_sgf::read_game` of the SGF converted from it (the bytes
//!   to gotool's record).
//!
//! Rates and ratios use the thread's CPU time where Linux gives it (`/proc/thread-self/schedstat`), else wall
//! time; each timing repeats its pass over the files for a quarter of a second at least (that clock counts in
//! scheduler ticks), and each figure is the median of the rounds, per pass.
//!
//! Run: `cargo bench --bench convert -- [--rounds N] [--games N]`. BENCHMARKS.md has the figures.

mod common;

/// The `gotool` binary's allocator, so that the figures are those of `gotool convert` (the conversions build and
/// free many small strings: with the system allocator malloc and free are about a third of their time).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::hint::black_box;
use std::time::{Duration, Instant};

use common::{median, random_legal_moves, thread_times};
use gotool_go::{Color, Point};
use gotool_sgf::Limits;
use gotool_sgf::convert::convert;
use gotool_sgf::formats::decode_as;
use gotool_sgf::formats::{self, Format};

/// One game's moves: the colour and the point (`None`: a pass).
type Moves = Vec<(Color, Option<Point>)>;

const SIZE: u8 = 19;

/// The least time one timing takes (as many passes over the files as that needs).
const PASS_TIME: Duration = Duration::from_millis(250);

/// A GIB file: the header of `fixtures/formats/gib/count-passes-utf8.gib` (Black wins by 12.5, komi 6.5) with
/// the move count, then a `STO 0 n P X Y` line a move (`SKI 0 n` a pass) from node 2 on.
fn gib(moves: &Moves) -> Vec<u8> {
    let n = moves.len();
    let mut text = format!(
        "\\HS\n\\[GIBOKIND=Global\\]\n\\[TYPE=0\\]\n\\[GAMECONDITION=Even : Black 6.5 Dum\\]\n\
         \\[GAMETIME=Time limit 30minute : 30 second countdown 5 time\\]\n\\[GAMERESULT=black 12.5 win\\]\n\
         \\[GAMEZIPSU=125\\]\n\\[GAMEDUM=0\\]\n\\[GAMEGONGJE=65\\]\n\\[GAMETOTALNUM={n}\\]\n\\[GAMENAME=Rank\\]\n\
         \\[GAMEDATE=2022-11- 3-16- 8-30\\]\n\\[GAMEPLACE=Tygem Baduk\\]\n\\[GAMEWHITENAME=eastwall (4K)\\]\n\
         \\[GAMEWHITENICK=eastwall\\]\n\\[GAMEBLACKNAME=westwall (4K)\\]\n\\[GAMEBLACKNICK=westwall\\]\n\
         \\[GAMEINFOMAIN=GBKIND:3,GTYPE:0,GCDT:0,GTIME:1800-30-5,GRLT:0,ZIPSU:125,DUM:0,GONGJE:65,TCNT:{n},AUSZ:0\\]\n\
         \\HE\n\\GS\n2 1 0\nINI 0 1 0 &4\n"
    );
    for (i, (color, point)) in moves.iter().enumerate() {
        let node = i + 2;
        match point {
            Some(p) => {
                let player = if *color == Color::Black { 1 } else { 2 };
                text.push_str(&format!("STO 0 {node} {player} {} {} \n", p.x, p.y));
            }
            None => text.push_str(&format!("SKI 0 {node} \n")),
        }
    }
    text.push_str("\\GE\n");
    text.into_bytes()
}

/// An NGF file: the twelve header lines of `fixtures/formats/ngf/oro2000-count-pass.ngf` on 19×19 with the move
/// count, then a `PMccCXYYX` line a move (letters from `B` for 0; `AAAA` a pass).
fn ngf(moves: &Moves) -> Vec<u8> {
    let mut text = format!(
        "Oro2000 Friendly Match\n{SIZE}\nkkachi      3K\nhwarang     4K\nwww.cyberoro.com\n0\n0\n6\n\
         20240315 [14:05]\n10\nWhite wins by 5.5 points!\n{}\n",
        moves.len()
    );
    for (i, (color, point)) in moves.iter().enumerate() {
        let counter = i + 1;
        let hi = (b'A' + (counter / 26) as u8) as char;
        let lo = (b'A' + (counter % 26) as u8) as char;
        let c = if *color == Color::Black { 'B' } else { 'W' };
        let xyyx = match point {
            Some(p) => {
                let (x, y) = ((b'B' + p.x) as char, (b'B' + p.y) as char);
                format!("{x}{y}{y}{x}")
            }
            None => "AAAA".to_string(),
        };
        text.push_str(&format!("PM{hi}{lo}{c}{xyyx}\n"));
    }
    text.into_bytes()
}

/// A UGF file: a `[Header]` like that of `fixtures/formats/ugf/handicap-resign-sjis.ugf` in ASCII (IGS
/// coordinates: rows from the bottom), then an `XY,Cn,N,T` line a move (`YA` a pass).
fn ugf(moves: &Moves) -> Vec<u8> {
    let mut text = format!(
        "[Header]\nVer=UGF3,200\nLang=SJIS\nTitle=2024,Bench Cup,Round 1\nPlace=Tokyo\n\
         Date=2024/02/11,13:00:00,2024/02/11,15:42:10\nRule=JPN\nSize={SIZE}\nHdcp=0,6.50\nWinner=W,C\n\
         Moves={}\nCoordinateType=IGS\nPlayerB=Yamada,2d,,\nPlayerW=Sato,4d,,\n[Data]\n",
        moves.len()
    );
    for (i, (color, point)) in moves.iter().enumerate() {
        let c = if *color == Color::Black { 'B' } else { 'W' };
        let xy = match point {
            Some(p) => format!("{}{}", (b'A' + p.x) as char, (b'A' + (SIZE - 1 - p.y)) as char),
            None => "YA".to_string(),
        };
        text.push_str(&format!("{xy},{c}1,{},{}\n", i + 1, i % 60));
    }
    text.into_bytes()
}

/// The main line's moves of an SGF text as `;B[pd]` or `;W[]` (a pass), in order.
fn sgf_moves(sgf: &str) -> Vec<String> {
    let mut moves = Vec::new();
    let mut rest = sgf;
    while let Some(at) = rest.find(['B', 'W']) {
        let tail = &rest[at..];
        let before = rest[..at].chars().next_back();
        let is_move = matches!(before, Some(';')) && tail[1..].starts_with('[');
        if is_move && let Some(end) = tail.find(']') {
            moves.push(format!(";{}", &tail[..=end]));
            rest = &tail[end + 1..];
        } else {
            rest = &tail[1..];
        }
    }
    moves
}

/// `moves` as `sgf_moves` writes them.
fn written(moves: &Moves) -> Vec<String> {
    moves
        .iter()
        .map(|(color, point)| format!(";{}[{}]", color.letter(), point.map(|p| p.to_sgf()).unwrap_or_default()))
        .collect()
}

/// One format's games: the files, and the SGF each converts to.
struct Inputs {
    name: &'static str,
    format: Format,
    files: Vec<Vec<u8>>,
    sgfs: Vec<Vec<u8>>,
    bytes: u64,
}

fn inputs(name: &'static str, format: Format, games: &[Moves], write: fn(&Moves) -> Vec<u8>) -> Inputs {
    let limits = Limits::default();
    let files: Vec<Vec<u8>> = games.iter().map(write).collect();
    let file_name = format!("game.{}", name.to_ascii_lowercase());
    let sgfs = files
        .iter()
        .zip(games)
        .enumerate()
        .map(|(i, (file, moves))| {
            let conversion = convert(file, &file_name, &limits)
                .unwrap_or_else(|e| panic!("{name} game {i} does not convert: {e}\n{}", String::from_utf8_lossy(file)));
            assert_eq!(conversion.format, format, "{name} game {i}");
            assert_eq!(sgf_moves(&conversion.sgf), written(moves), "{name} game {i}: the SGF holds other moves");
            conversion.sgf.into_bytes()
        })
        .collect();
    let bytes = files.iter().map(|f| f.len() as u64).sum();
    Inputs { name, format, files, sgfs, bytes }
}

/// What one pass costs: wall time and, where there is one, the thread's CPU time.
#[derive(Clone, Copy)]
struct Timing {
    wall: Duration,
    cpu: Option<Duration>,
}

impl Timing {
    fn time(f: impl FnOnce()) -> Timing {
        let (cpu_before, start) = (thread_times(), Instant::now());
        f();
        let wall = start.elapsed();
        let cpu = match (cpu_before, thread_times()) {
            (Some((a, _)), Some((b, _))) => Some(Duration::from_nanos(b.saturating_sub(a))),
            _ => None,
        };
        Timing { wall, cpu }
    }

    /// The CPU time where there is one, else the wall time.
    fn best(self) -> Duration {
        self.cpu.unwrap_or(self.wall)
    }
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Task {
    Convert,
    ReadFormat,
    ReadSgf,
}

fn run(task: Task, inputs: &Inputs, limits: &Limits, file_name: &str) {
    match task {
        Task::Convert => {
            for file in &inputs.files {
                black_box(convert(black_box(file), file_name, limits).ok());
            }
        }
        Task::ReadFormat => {
            for file in &inputs.files {
                let decoded = decode_as(inputs.format, black_box(file)).expect("decodes");
                black_box(formats::read(inputs.format, &decoded.text, limits).ok());
            }
        }
        Task::ReadSgf => {
            for file in &inputs.sgfs {
                let decoded = gotool_sgf::decode::decode(black_box(file)).expect("decodes");
                let collection = gotool_sgf::scan(&decoded.text, limits).expect("scans");
                black_box(gotool_sgf::read_game(&collection, 0));
            }
        }
    }
}

fn main() {
    let mut rounds = 11usize;
    let mut games = 200u64;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => rounds = args.next().and_then(|v| v.parse().ok()).expect("--rounds N"),
            "--games" => games = args.next().and_then(|v| v.parse().ok()).expect("--games N"),
            // cargo bench passes --bench; criterion-style filters are not used here.
            _ => {}
        }
    }
    let games: Vec<Moves> = (0..games).map(|seed| random_legal_moves(SIZE, seed)).collect();
    let moves: usize = games.iter().map(Vec::len).sum();
    eprintln!("{} games of random legal play on {SIZE}x{SIZE}, {moves} moves in all; {rounds} rounds", games.len());
    let sets = [
        inputs("GIB", Format::Gib, &games, gib),
        inputs("NGF", Format::Ngf, &games, ngf),
        inputs("UGF", Format::Ugf, &games, ugf),
    ];
    let limits = Limits::default();
    let tasks = [Task::Convert, Task::ReadFormat, Task::ReadSgf];
    for set in &sets {
        let sgf_bytes: u64 = set.sgfs.iter().map(|s| s.len() as u64).sum();
        let file_name = format!("game.{}", set.name.to_ascii_lowercase());
        // One warm-up pass of each, which also says how many passes make a timing of PASS_TIME at least: the
        // thread's CPU time is counted in scheduler ticks, too coarse for a pass of a few milliseconds.
        let passes: Vec<u32> = tasks
            .iter()
            .map(|&task| {
                let once = Timing::time(|| run(task, set, &limits, &file_name)).wall.max(Duration::from_micros(1));
                (PASS_TIME.as_secs_f64() / once.as_secs_f64()).ceil().clamp(1.0, 10_000.0) as u32
            })
            .collect();
        // Rounds in which the tasks take turns starting.
        let mut timings: Vec<Vec<Timing>> = vec![Vec::new(); tasks.len()];
        for round in 0..rounds {
            for k in 0..tasks.len() {
                let t = (round + k) % tasks.len();
                timings[t].push(Timing::time(|| {
                    for _ in 0..passes[t] {
                        run(tasks[t], set, &limits, &file_name);
                    }
                }));
            }
        }
        // The time of one pass over the files.
        let medians: Vec<Duration> = timings
            .iter()
            .zip(&passes)
            .map(|(ts, &n)| median(ts.iter().map(|t| t.best()).collect()).unwrap_or_default() / n)
            .collect();
        let clock = if timings[0][0].cpu.is_some() { "thread CPU time" } else { "wall time" };
        // Wall time over CPU time: how long the thread waited for a core (other processes on a shared machine).
        let waited = median(timings[0].iter().map(|t| t.wall.saturating_sub(t.best())).collect()).unwrap_or_default()
            / passes[0];
        println!(
            "{}: {} files, {} bytes ({} bytes as SGF); medians of {rounds} rounds, {clock} (convert waited {:.1} ms \
             a pass for a core)",
            set.name,
            set.files.len(),
            set.bytes,
            sgf_bytes,
            waited.as_secs_f64() * 1e3
        );
        let sgf_time = medians[2].as_secs_f64();
        for (task, time) in tasks.iter().zip(&medians) {
            let seconds = time.as_secs_f64();
            let label = match task {
                Task::Convert => format!("convert {}", set.name),
                Task::ReadFormat => format!("read {}", set.name),
                Task::ReadSgf => "read SGF".to_string(),
            };
            println!(
                "  {label:12} {:>9.3} ms  {:>9.0} records/s  {:>7.1} MB/s  {:>5.2}x read SGF",
                seconds * 1e3,
                set.files.len() as f64 / seconds,
                (if *task == Task::ReadSgf { sgf_bytes } else { set.bytes }) as f64 / seconds / 1e6,
                seconds / sgf_time
            );
        }
    }
}
