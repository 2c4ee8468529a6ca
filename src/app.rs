//! Runs a subcommand: resolves the flags into settings, walks the inputs, runs the per-file pipeline in
//! parallel, feeds the reporter in input order, and decides the exit status.

use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::analyze::{self, AnalyzeOptions, FileReport, analyze_path};
use crate::batch::{self, Input};
use crate::check::{CheckOptions, GameReport, LineEnd, check_game};
use crate::cli::{CheckDeadArg, Cli, Command, FormatArg, InputArgs, ShowArgs};
use crate::diag::Severity;
use crate::finish::{DeadStones, ScoreOptions, score_game};
use crate::go::Point;
use crate::render::text::TextOptions;
use crate::report::github::GithubReporter;
use crate::report::json::{JsonLinesReporter, JsonReporter};
use crate::report::text::{TextReporter, TextStyle};
use crate::report::{Reporter, Summary};
use crate::sgf::Collection;
use crate::sgf::Limits;
use crate::stats::StatsReporter;
use crate::{input, picture, render, report, sgf};

/// Exit statuses (documented in the README).
pub mod exit {
    /// Every game valid (warnings allowed unless `--strict`).
    pub const OK: u8 = 0;
    /// Some game invalid, some file unreadable as SGF, or (with `--strict`) a warning.
    pub const PROBLEMS: u8 = 1;
    /// Usage error or a path that does not exist or cannot be read.
    pub const USAGE: u8 = 2;
}

/// Runs the command; returns the exit status. `stdout` is where reports go unless `--output` says otherwise.
pub fn run(cli: Cli, stdout: &mut dyn Write, stderr: &mut dyn Write) -> Result<u8> {
    match cli.command {
        Command::Show(args) => run_show(&args, stdout),
        Command::Check(args) => {
            let scoring = ScoreOptions {
                dead: DeadStones::Record { estimate_unmarked: args.dead == Some(CheckDeadArg::Auto) },
                position_findings_as_notes: true,
                ..ScoreOptions::default()
            };
            let options = analyze_options(&args.input, args.all_variations);
            let text_options = TextOptions { ascii: args.ascii, color: color_wanted(&args.input) };
            let (board, no_score) = (args.board, args.no_score);
            let hook = |c: &Collection, game: &mut GameReport, end: &LineEnd| {
                if !no_score {
                    score_game(c, game, end, &scoring);
                }
                if board {
                    game.picture = error_picture(c, game, &options.check, &text_options);
                }
            };
            run_files(&args.input, Report::Games, stdout, stderr, &|path, display| {
                analyze_path(path, display, &options, Some(&hook))
            })
        }
        Command::Score(args) => {
            let options = analyze_options(&args.input, false);
            let scoring = ScoreOptions {
                dead: DeadStones::from_arg(args.dead.as_deref(), true),
                handicap_bonus: args.handicap_bonus.map(Into::into),
                force: args.force,
                position_findings_as_notes: false,
                compare_estimate: true,
            };
            let hook = |c: &Collection, game: &mut GameReport, end: &LineEnd| score_game(c, game, end, &scoring);
            run_files(&args.input, Report::ScoreTables, stdout, stderr, &|path, display| {
                analyze_path(path, display, &options, Some(&hook))
            })
        }
        Command::Stats(args) => {
            if matches!(args.input.format, FormatArg::Jsonl | FormatArg::Github) {
                anyhow::bail!("stats prints one table: use --format text or --format json");
            }
            let options = analyze_options(&args.input, false);
            let scoring = ScoreOptions::default();
            let hook = |c: &Collection, game: &mut GameReport, end: &LineEnd| score_game(c, game, end, &scoring);
            run_files(&args.input, Report::Stats, stdout, stderr, &|path, display| {
                analyze_path(path, display, &options, Some(&hook))
            })
        }
    }
}

/// The board around a game's first error with a move, for `check --board`.
fn error_picture(c: &Collection, game: &GameReport, options: &CheckOptions, text: &TextOptions) -> Option<String> {
    let error = game.diagnostics.iter().find(|d| d.severity == Severity::Error && d.variation.is_none())?;
    let number = error.move_number?;
    let (mut diagram, point) = picture::before_move(c, game.index, options, number)?;
    diagram.title = None;
    let center = point.unwrap_or(Point::new(diagram.width / 2, diagram.height / 2));
    Some(render::text::window(&diagram, center, 4, text))
}

/// Colours on the terminal: only when stdout is one, the report goes there, and `NO_COLOR` is not set.
fn color_wanted(input: &InputArgs) -> bool {
    input.output.is_none() && io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// `gotool show`: draws one position of one record.
fn run_show(args: &ShowArgs, stdout: &mut dyn Write) -> Result<u8> {
    let limits = Limits::default();
    let max = limits.max_file_bytes;
    let bytes = analyze::read_limited(&args.path, max, None)
        .with_context(|| format!("{}", args.path.display()))?
        .ok_or_else(|| anyhow::anyhow!("{}: more than {max} bytes, over the limit", args.path.display()))?;
    let decoded = input::decode(&bytes).map_err(|e| anyhow::anyhow!("{}: {e}", args.path.display()))?;
    // A broken later game of a collection does not stop the games before it from being shown.
    let (collection, error) = sgf::scan_collection(&decoded.text, &limits);
    let count = collection.games.len();
    if let Some(e) = error
        && args.game > count
    {
        let index = sgf::LineIndex::new(&decoded.text);
        let (line, column) = index.line_col(e.offset);
        anyhow::bail!("{}:{line}:{column}: {}", args.path.display(), e.message(&index));
    }
    if args.game == 0 || args.game > count {
        anyhow::bail!("{}: --game {} but the file holds {count} game(s)", args.path.display(), args.game);
    }
    let index = args.game - 1;
    let options = CheckOptions { rules: args.rules.map(Into::into), komi: None, all_variations: false };
    let (mut game, end) = check_game(&collection, index, &options);
    let Some(end) = end else {
        let why = game.diagnostics.iter().find(|d| d.severity == Severity::Error).map_or("", |d| d.message.as_str());
        anyhow::bail!("{}: the game cannot be replayed: {why}", args.path.display());
    };
    let mut diagram = match (args.move_number, args.score) {
        (Some(number), _) => {
            if number == 0 || number > game.moves {
                anyhow::bail!("{}: --move {number}, but the game has moves 1 to {}", args.path.display(), game.moves);
            }
            let Some((diagram, _)) = picture::before_move(&collection, index, &options, number) else {
                anyhow::bail!("{}: the game cannot be replayed up to move {number}", args.path.display());
            };
            diagram
        }
        (None, true) => {
            let scoring = ScoreOptions {
                dead: DeadStones::from_arg(args.dead.as_deref(), true),
                force: true,
                ..ScoreOptions::default()
            };
            score_game(&collection, &mut game, &end, &scoring);
            match &game.score {
                Some(score) => picture::scored_position(&end, score),
                None => picture::final_position(&end),
            }
        }
        (None, false) => picture::final_position(&end),
    };
    diagram.title = Some(picture::title(&game));
    if let Some(error) = game.diagnostics.iter().find(|d| d.severity == Severity::Error) {
        writeln!(stdout, "note: {}", report::escape_terminal(&error.message))?;
    }
    match &args.svg {
        Some(path) => {
            let svg = render::svg::render(&diagram, &render::svg::SvgOptions::default());
            write_atomically(path, svg.as_bytes())?;
        }
        None => {
            let color = io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
            let text = render::text::render(&diagram, &TextOptions { ascii: args.ascii, color });
            stdout.write_all(text.as_bytes())?;
        }
    }
    Ok(exit::OK)
}

/// Writes a file through a temporary file in the same folder and a rename, so no reader sees half a file.
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let temp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    std::fs::write(&temp, bytes).with_context(|| format!("cannot write {}", temp.display()))?;
    std::fs::rename(&temp, path).with_context(|| format!("cannot write {}", path.display()))
}

/// What the run prints.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Report {
    /// One entry per game (check).
    Games,
    /// One entry per game, with the full score table in text (score).
    ScoreTables,
    /// Only the statistics at the end (stats).
    Stats,
}

/// The pipeline settings every file-reading subcommand shares.
fn analyze_options(input: &InputArgs, all_variations: bool) -> AnalyzeOptions {
    AnalyzeOptions {
        check: CheckOptions { rules: input.rules.map(Into::into), komi: input.komi, all_variations },
        limits: limits(input),
    }
}

fn limits(input: &InputArgs) -> Limits {
    Limits {
        max_file_bytes: input.max_file_size,
        max_games: input.max_games,
        max_nodes: input.max_nodes,
        max_variation_depth: input.max_depth,
        ..Limits::default()
    }
}

/// Checks that explicit paths exist; reports the ones that do not on stderr.
fn missing_paths(paths: &[PathBuf], stderr: &mut dyn Write) -> Vec<PathBuf> {
    let mut missing = Vec::new();
    for p in paths {
        if let Err(e) = std::fs::metadata(p) {
            let _ = writeln!(stderr, "gotool: {}: {e}", p.display());
            missing.push(p.clone());
        }
    }
    missing
}

type Work<'a> = dyn Fn(&Path, &str) -> FileReport + Sync + 'a;

fn run_files(
    input: &InputArgs,
    kind: Report,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
    work: &Work,
) -> Result<u8> {
    let missing = missing_paths(&input.paths, stderr);
    let paths: Vec<PathBuf> = input.paths.iter().filter(|p| !missing.contains(p)).cloned().collect();
    let jobs = input.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));

    let mut output = Output::open(input.output.as_deref(), stdout)?;
    let summary = {
        let writer: &mut dyn Write = output.writer();
        let mut reporter: Box<dyn Reporter + '_> = match input.format {
            _ if kind == Report::Stats => Box::new(StatsReporter::new(writer, input.format == FormatArg::Json)),
            FormatArg::Text => {
                let score_table = kind == Report::ScoreTables;
                let color = color_wanted(input);
                let style =
                    TextStyle { color, verbose: input.verbose, problems_only: input.problems_only, score_table };
                Box::new(TextReporter::new(writer, style))
            }
            FormatArg::Json => Box::new(JsonReporter::new(writer)),
            FormatArg::Jsonl => Box::new(JsonLinesReporter::new(writer)),
            FormatArg::Github => Box::new(GithubReporter::new(writer)),
        };
        let progress = progress_bar(input, &paths);
        let mut summary = Summary::default();
        // Reports waiting to be printed hold at most about one file's worth of games at the limit.
        let ordered =
            batch::Ordered { jobs, cost: |r: &FileReport| r.games.len() + 1, budget: input.max_games.max(1) as usize };
        let result = batch::run_ordered(
            batch::discover(&paths, input.follow_links, input.shard),
            ordered,
            |item| match item {
                Input::File { path, display } => work(path, display),
                Input::Unreadable { display, message } => FileReport::failed_io(display, message.clone()),
            },
            |_, report| {
                summary.add(&report);
                if !progress.is_hidden() {
                    progress.inc(1);
                    progress.set_message(format!(
                        "{} games, {} invalid",
                        summary.games,
                        summary.invalid + summary.file_errors
                    ));
                }
                reporter.file(&report)
            },
        );
        progress.finish_and_clear();
        match result {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(exit::OK),
            other => other.context("writing the report")?,
        }
        match reporter.finish(&summary) {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(exit::OK),
            other => other.context("writing the report")?,
        }
        summary
    };
    output.commit()?;

    if !missing.is_empty() {
        return Ok(exit::USAGE);
    }
    let problems = summary.invalid > 0 || summary.file_errors > 0 || (input.strict && summary.warnings > 0);
    Ok(if problems { exit::PROBLEMS } else { exit::OK })
}

/// An indicatif bar on stderr: hidden when stderr is not a terminal, with `--quiet`, or for a single file.
/// The total is counted by a background walk so the first results are not delayed.
fn progress_bar(input: &InputArgs, paths: &[PathBuf]) -> ProgressBar {
    let single_file = paths.len() == 1 && !paths[0].is_dir();
    if input.quiet || single_file || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{spinner} {pos}/{len} files  {rate} files/s  {msg}  ETA {eta}")
            .map(|style| {
                // Whole files a second: indicatif's own {per_sec} shows four decimals.
                style.with_key("rate", |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.0}", state.per_sec());
                })
            })
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let counter = bar.clone();
    let (paths, follow, shard) = (paths.to_vec(), input.follow_links, input.shard);
    std::thread::spawn(move || {
        let total = batch::discover(&paths, follow, shard).count();
        counter.set_length(total as u64);
    });
    bar
}

/// Where the report goes: stdout, or a temporary file renamed over `--output` once complete.
enum Output<'a> {
    Stdout(BufWriter<&'a mut dyn Write>),
    File { writer: BufWriter<File>, temp: PathBuf, target: PathBuf },
}

impl<'a> Output<'a> {
    fn open(target: Option<&Path>, stdout: &'a mut dyn Write) -> Result<Output<'a>> {
        let Some(target) = target else {
            return Ok(Output::Stdout(BufWriter::new(stdout)));
        };
        let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let temp = target.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
        let file = File::create(&temp).with_context(|| format!("cannot create {}", temp.display()))?;
        Ok(Output::File { writer: BufWriter::new(file), temp, target: target.to_path_buf() })
    }

    fn writer(&mut self) -> &mut dyn Write {
        match self {
            Output::Stdout(w) => w,
            Output::File { writer, .. } => writer,
        }
    }

    fn commit(self) -> Result<()> {
        match self {
            Output::Stdout(mut w) => match w.flush() {
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
                other => other.context("writing the report"),
            },
            Output::File { writer, temp, target } => {
                let file = writer.into_inner().map_err(|e| e.into_error()).context("writing the report")?;
                file.sync_all().ok();
                drop(file);
                std::fs::rename(&temp, &target)
                    .with_context(|| format!("cannot move the report to {}", target.display()))
            }
        }
    }
}
