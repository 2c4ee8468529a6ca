//! Runs a subcommand: resolves the flags into settings, walks the inputs, runs the per-file pipeline in
//! parallel, feeds the reporter in input order, and decides the exit status.

use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::analyze::{AnalyzeOptions, FileReport, analyze_path};
use crate::batch::{self, Input};
use crate::check::{CheckOptions, GameReport, LineEnd};
use crate::cli::{Cli, Command, FormatArg, InputArgs};
use crate::finish::{ScoreOptions, score_game};
use crate::report::github::GithubReporter;
use crate::report::json::{JsonLinesReporter, JsonReporter};
use crate::report::text::{TextReporter, TextStyle};
use crate::report::{Reporter, Summary};
use crate::sgf::Collection;
use crate::sgf::Limits;
use crate::stats::StatsReporter;

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
        Command::Check(args) => {
            let scoring = ScoreOptions { position_findings_as_notes: true, ..ScoreOptions::default() };
            let options = AnalyzeOptions {
                check: CheckOptions {
                    rules: args.input.rules.map(Into::into),
                    komi: args.input.komi,
                    all_variations: args.all_variations,
                },
                limits: limits(&args.input),
            };
            let hook = |c: &Collection, game: &mut GameReport, end: &LineEnd| score_game(c, game, end, &scoring);
            run_files(&args.input, Report::Games, stdout, stderr, &|path, display| {
                analyze_path(path, display, &options, Some(&hook))
            })
        }
        Command::Score(args) => {
            let options = AnalyzeOptions {
                check: CheckOptions {
                    rules: args.input.rules.map(Into::into),
                    komi: args.input.komi,
                    all_variations: false,
                },
                limits: limits(&args.input),
            };
            let scoring = ScoreOptions {
                dead: args.dead.clone(),
                handicap_bonus: args.handicap_bonus.map(Into::into),
                force: args.force,
                position_findings_as_notes: false,
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
            let options = AnalyzeOptions {
                check: CheckOptions {
                    rules: args.input.rules.map(Into::into),
                    komi: args.input.komi,
                    all_variations: false,
                },
                limits: limits(&args.input),
            };
            let scoring = ScoreOptions::default();
            let hook = |c: &Collection, game: &mut GameReport, end: &LineEnd| score_game(c, game, end, &scoring);
            run_files(&args.input, Report::Stats, stdout, stderr, &|path, display| {
                analyze_path(path, display, &options, Some(&hook))
            })
        }
    }
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

fn limits(input: &InputArgs) -> Limits {
    Limits {
        max_file_bytes: input.max_file_size,
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
                let color = input.output.is_none()
                    && io::stdout().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
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
        let invalid = AtomicUsize::new(0);
        let result = batch::run_ordered(
            batch::discover(&paths, input.follow_links, input.shard),
            jobs,
            |item| match item {
                Input::File { path, display } => work(path, display),
                Input::Unreadable { display, message } => FileReport::failed_io(display, message.clone()),
            },
            |_, report| {
                summary.add(&report);
                if !report.all_valid() {
                    invalid.fetch_add(1, Ordering::Relaxed);
                }
                progress.inc(1);
                progress.set_message(format!(
                    "{} games, {} invalid",
                    summary.games,
                    summary.invalid + summary.file_errors
                ));
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
        ProgressStyle::with_template("{spinner} {pos}/{len} files  {per_sec}  {msg}  ETA {eta}")
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
