//! Flags → settings: the one place that turns the raw command line into what a run does, where defaults live
//! and flag values are checked, and where the environment (is stdout a terminal? `NO_COLOR`?) is asked once.

use std::io::{self, IsTerminal};
use std::path::PathBuf;

use crate::cli::{Cli, Command, FormatArg, GroupByArg, InputArgs, ShowArgs, StatsFormatArg};
use crate::pipeline::{Plan, View};
use crate::render::text::TextOptions;
use crate::replay::ReplayOptions;
use crate::report::text::TextStyle;
use crate::score::game::ScoreOptions;
use crate::sgf::Limits;
use crate::source::Shard;
use crate::stats::{GroupBy, StatsOptions};

/// What a run does.
#[derive(Debug)]
pub(crate) enum Config {
    /// `check`, `score` or `stats` over files and folders.
    Files(FilesConfig),
    /// `show`: one position of one record.
    Show(ShowConfig),
}

/// What a run reports for each file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ReportKind {
    /// One entry per game (check).
    Games,
    /// One entry per game, with the full score table in text (score).
    ScoreTables,
    /// Only the statistics at the end (stats), these ones.
    Stats(StatsOptions),
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
        // What each subcommand reads, how it reports (`check` and `score` per game, `stats` once) and in which format.
        let (kind, input, mut plan, report, format) = match cli.command {
            Command::Show(args) => return Ok(Config::Show(show_config(args))),
            Command::Check(args) => {
                let mut plan = plan(&args.input, args.all_variations);
                if !args.no_score {
                    plan.score = Some(ScoreOptions { position_findings_as_notes: true, ..ScoreOptions::default() });
                }
                if args.board {
                    plan.error_pictures = Some(TextOptions { ascii: args.ascii, color: color_wanted(&args.input) });
                }
                let format = args.report.format;
                (ReportKind::Games, args.input, plan, Some(args.report), format)
            }
            Command::Score(args) => {
                let mut plan = plan(&args.input, false);
                plan.score = Some(ScoreOptions {
                    dead: args.dead,
                    handicap_bonus: args.handicap_bonus.map(Into::into),
                    force: args.force,
                    position_findings_as_notes: false,
                });
                let format = args.report.format;
                (ReportKind::ScoreTables, args.input, plan, Some(args.report), format)
            }
            Command::Stats(args) => {
                let mut plan = plan(&args.input, false);
                plan.score = Some(ScoreOptions::default());
                // One table for each grouping, in the order first asked for.
                let mut by = Vec::new();
                for arg in &args.by {
                    let group = match arg {
                        GroupByArg::Folder => GroupBy::Folder,
                        GroupByArg::Year => GroupBy::Year,
                        GroupByArg::Rules => GroupBy::Rules,
                        GroupByArg::Size => GroupBy::Size,
                    };
                    if !by.contains(&group) {
                        by.push(group);
                    }
                }
                let format = match args.format {
                    StatsFormatArg::Text => FormatArg::Text,
                    StatsFormatArg::Json => FormatArg::Json,
                };
                // The duplicates are found by the games' fingerprints.
                plan.replay.fingerprints = args.duplicates;
                let options = StatsOptions { by, list: args.list, ascii: args.ascii, duplicates: args.duplicates };
                (ReportKind::Stats(options), args.input, plan, None, format)
            }
        };
        // The signature and move hashes are only in the JSON formats (and stats' duplicates, which sets them).
        if matches!(format, FormatArg::Json | FormatArg::Jsonl) && !matches!(kind, ReportKind::Stats(_)) {
            plan.replay.fingerprints = true;
        }
        let style = TextStyle {
            color: color_wanted(&input),
            verbose: report.as_ref().is_some_and(|r| r.verbose),
            problems_only: report.as_ref().is_some_and(|r| r.problems_only),
            score_table: kind == ReportKind::ScoreTables,
        };
        Ok(Config::Files(FilesConfig {
            kind,
            plan,
            jobs: input.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
            follow_links: input.follow_links,
            shard: input.shard,
            format,
            style,
            quiet: input.quiet,
            strict: input.strict,
            output: input.output,
            paths: input.paths,
        }))
    }
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
        replay: ReplayOptions {
            rules: input.rules.map(Into::into),
            komi: input.komi,
            all_variations,
            fingerprints: false,
        },
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
            replay: ReplayOptions { rules: args.rules.map(Into::into), komi: None, ..ReplayOptions::default() },
        },
        text: TextOptions { ascii: args.ascii, color: terminal_colors() },
        svg: args.svg,
    }
}

/// Colours in a report: only when it goes to stdout and [`terminal_colors`] says so.
fn color_wanted(input: &InputArgs) -> bool {
    input.output.is_none() && terminal_colors()
}

/// Colours on stdout: only when it is a terminal and `NO_COLOR` is not set (<https://no-color.org>).
fn terminal_colors() -> bool {
    io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}
