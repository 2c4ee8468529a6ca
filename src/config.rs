//! Flags → settings: the one place that turns the raw command line into what a run does, where defaults live
//! and flag values are checked, and where the environment (is stdout a terminal? `NO_COLOR`?) is asked once.

use std::io::{self, IsTerminal};
use std::path::PathBuf;

use crate::cli::{Cli, Command, FormatArg, InputArgs, ShowArgs};
use crate::pipeline::{Plan, View};
use crate::render::text::TextOptions;
use crate::replay::ReplayOptions;
use crate::report::text::TextStyle;
use crate::score::game::ScoreOptions;
use crate::sgf::Limits;
use crate::source::Shard;

/// What a run does.
#[derive(Debug)]
pub(crate) enum Config {
    /// `check`, `score` or `stats` over files and folders.
    Files(FilesConfig),
    /// `show`: one position of one record.
    Show(ShowConfig),
}

/// What a run reports for each file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ReportKind {
    /// One entry per game (check).
    Games,
    /// One entry per game, with the full score table in text (score).
    ScoreTables,
    /// Only the statistics at the end (stats).
    Stats,
}

/// A run over files and folders.
#[derive(Debug)]
pub(crate) struct FilesConfig {
    /// What the run reports.
    pub kind: ReportKind,
    /// What is done with each file.
    pub plan: Plan,
    /// The files and folders named on the command line.
    pub paths: Vec<PathBuf>,
    /// Follow symbolic links inside folders.
    pub follow_links: bool,
    /// Check only this slice of the files.
    pub shard: Option<Shard>,
    /// Worker threads.
    pub jobs: usize,
    /// The report's format.
    pub format: FormatArg,
    /// Write the report here (atomically) instead of stdout.
    pub output: Option<PathBuf>,
    /// How text reports look.
    pub style: TextStyle,
    /// No progress bar.
    pub quiet: bool,
    /// Exit with status 1 on warnings too.
    pub strict: bool,
    /// A folder without record files is not an error.
    pub allow_empty: bool,
}

/// `gotool show`.
#[derive(Debug)]
pub(crate) struct ShowConfig {
    /// The record.
    pub path: PathBuf,
    /// Which position, drawn how.
    pub view: View,
    /// Write an SVG picture here instead of drawing on the terminal.
    pub svg: Option<PathBuf>,
    /// How the terminal drawing looks.
    pub text: TextOptions,
}

impl Config {
    /// Resolves the command line.
    pub(crate) fn from_cli(cli: Cli) -> anyhow::Result<Config> {
        let (kind, input, plan) = match cli.command {
            Command::Show(args) => return Ok(Config::Show(show_config(args))),
            Command::Check(args) => {
                let mut plan = plan(&args.input, args.all_variations);
                if !args.no_score {
                    plan.score = Some(ScoreOptions { position_findings_as_notes: true, ..ScoreOptions::default() });
                }
                if args.board {
                    plan.error_pictures = Some(TextOptions { ascii: args.ascii, color: color_wanted(&args.input) });
                }
                (ReportKind::Games, args.input, plan)
            }
            Command::Score(args) => {
                let mut plan = plan(&args.input, false);
                plan.score = Some(ScoreOptions {
                    dead: args.dead,
                    handicap_bonus: args.handicap_bonus.map(Into::into),
                    force: args.force,
                    position_findings_as_notes: false,
                });
                (ReportKind::ScoreTables, args.input, plan)
            }
            Command::Stats(args) => {
                if matches!(args.input.format, FormatArg::Jsonl | FormatArg::Github) {
                    anyhow::bail!("stats prints one table: use --format text or --format json");
                }
                let mut plan = plan(&args.input, false);
                plan.score = Some(ScoreOptions::default());
                (ReportKind::Stats, args.input, plan)
            }
        };
        // `-` is stdout, as in every Unix tool; a folder is not a place for a report.
        let output = input.output.clone().filter(|p| p.as_os_str() != "-");
        if let Some(path) = &output
            && path.is_dir()
        {
            anyhow::bail!("--output {}: that is a folder; name a file for the report", path.display());
        }
        let style = TextStyle {
            color: color_wanted(&input),
            verbose: input.verbose,
            problems_only: input.problems_only,
            score_table: kind == ReportKind::ScoreTables,
        };
        Ok(Config::Files(FilesConfig {
            kind,
            plan,
            jobs: jobs(input.jobs, &input.paths),
            follow_links: input.follow_links,
            shard: input.shard,
            format: input.format,
            style,
            quiet: input.quiet,
            strict: input.strict,
            allow_empty: input.allow_empty,
            output,
            paths: input.paths,
        }))
    }
}

/// The largest komi `--komi` takes, either way: no real game gives more, and larger values only make margins
/// unreadable.
pub(crate) const MAX_KOMI: f64 = 1000.0;

/// `--komi`: points, finite, a multiple of 0.25 (zi komi is in quarter points) within ±[`MAX_KOMI`].
pub(crate) fn komi_flag(text: &str) -> Result<f64, String> {
    let komi: f64 = text.trim().parse().map_err(|_| "not a number".to_string())?;
    if !komi.is_finite() || komi.abs() > MAX_KOMI || (komi * 4.0).fract() != 0.0 {
        return Err(format!("komi is a multiple of 0.25 from -{MAX_KOMI} to {MAX_KOMI}"));
    }
    Ok(komi)
}

/// `-j`: at least one worker.
pub(crate) fn jobs_flag(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(0) => Err("at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err("not a number".to_string()),
    }
}

/// `--max-file-size`: positions in a file are 32-bit byte offsets, so no file can be larger than 4 GiB − 1.
pub(crate) fn file_size_flag(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(n) if n <= u64::from(u32::MAX) => Ok(n),
        Ok(_) => Err(format!("at most {} bytes (positions in a file are 32-bit)", u32::MAX)),
        Err(_) => Err("not a number of bytes".to_string()),
    }
}

/// Workers for a run: what was asked (else one per core), at most four per core (more only cost memory and
/// thread switches; `-j 100000` once ran 18,906 threads), and no more than the files when only files are named.
fn jobs(requested: Option<usize>, paths: &[PathBuf]) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut jobs = requested.unwrap_or(cores).min(4 * cores);
    if !paths.iter().any(|p| p.is_dir()) {
        jobs = jobs.min(paths.len().max(1));
    }
    jobs.max(1)
}

/// The pipeline settings every file-reading subcommand shares; scoring and pictures are the caller's.
fn plan(input: &InputArgs, all_variations: bool) -> Plan {
    Plan {
        limits: Limits {
            max_file_bytes: input.max_file_size,
            max_games: input.max_games,
            max_nodes: input.max_nodes,
            max_variation_depth: input.max_depth,
            ..Limits::default()
        },
        replay: ReplayOptions { rules: input.rules.map(Into::into), komi: input.komi, all_variations },
        score: None,
        error_pictures: None,
    }
}

fn show_config(args: ShowArgs) -> ShowConfig {
    ShowConfig {
        path: args.path,
        view: View {
            limits: Limits::default(),
            game: args.game,
            move_number: args.move_number,
            score: args.score.then(|| ScoreOptions { dead: args.dead, force: true, ..ScoreOptions::default() }),
            replay: ReplayOptions { rules: args.rules.map(Into::into), komi: None, all_variations: false },
        },
        text: TextOptions { ascii: args.ascii, color: terminal_colors() },
        svg: args.svg,
    }
}

/// Colours in a report: only when it goes to stdout and [`terminal_colors`] says so.
fn color_wanted(input: &InputArgs) -> bool {
    input.output.as_ref().is_none_or(|p| p.as_os_str() == "-") && terminal_colors()
}

/// Colours on stdout: only when it is a terminal and `NO_COLOR` is not set (<https://no-color.org>).
fn terminal_colors() -> bool {
    io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}
