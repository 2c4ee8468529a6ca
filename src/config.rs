//! Flags → settings: the one place that turns the raw command line into what a run does, where defaults live
//! and flag values are checked, and where the environment (is stdout a terminal? `NO_COLOR`? `TERM`?) is asked
//! once.
//!
//! # Colours
//!
//! `--color always` colours whatever the environment says (also into a pipe or an `--output` file), `--color
//! never` never does, and `--color auto` (the default) colours only a report that goes to stdout when stdout is
//! a terminal, `NO_COLOR` is unset or empty (<https://no-color.org>: a flag given on the command line wins over
//! it) and `TERM` is not `dumb`.

use std::io::{self, IsTerminal};
use std::path::PathBuf;

use crate::cli::{
    CheckDeadArg, Cli, ColorChoice, Command, DeadArg, FixArgs, FixFormatArg, FormatArg, GroupByArg, InputArgs,
    ShowArgs, StatsFormatArg,
};
use crate::fix::FixOptions;
use crate::go::MAX_SIDE;
use crate::pipeline::{Plan, View};
use crate::render::text::TextOptions;
use crate::replay::ReplayOptions;
use crate::report::fix::FixFormat;
use crate::report::text::TextStyle;
use crate::score::game::{DeadStones, ScoreOptions, parse_dead_point};
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
    /// `completions`: a completion script for this shell.
    Completions(clap_complete::Shell),
    /// `man`: the manual page of gotool, or of one subcommand.
    Man(Option<String>),
    /// `fix` over files and folders.
    Fix(FixConfig),
}

/// `gotool fix`.
#[derive(Debug)]
pub(crate) struct FixConfig {
    /// What to fix.
    pub options: FixOptions,
    /// The files and folders named on the command line.
    pub paths: Vec<PathBuf>,
    /// Follow symbolic links inside folders.
    pub follow_links: bool,
    /// A folder without record files is not an error.
    pub allow_empty: bool,
    /// Worker threads.
    pub jobs: usize,
    /// The report's format.
    pub format: FixFormat,
    /// `--write`: rewrite changed files in place; `Some(true)` keeps a `.orig` copy.
    pub write: Option<bool>,
    /// `--out-dir`: write a copy of every file here.
    pub out_dir: Option<PathBuf>,
    /// Put each file's diff in the report.
    pub diff: bool,
    /// No progress bar.
    pub quiet: bool,
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
        Config::resolve(cli, &Terminal::ask())
    }

    /// Resolves the command line in the environment `terminal`.
    fn resolve(cli: Cli, terminal: &Terminal) -> anyhow::Result<Config> {
        // What each subcommand reads, how it reports (`check` and `score` per game, `stats` once), in which format,
        // and whether in colour.
        let (kind, input, mut plan, report, format, color) = match cli.command {
            Command::Show(args) => return Ok(Config::Show(show_config(args, terminal)?)),
            Command::Completions(args) => return Ok(Config::Completions(args.shell)),
            Command::Man(args) => return Ok(Config::Man(args.subcommand)),
            Command::Fix(args) => return fix_config(args).map(Config::Fix),
            Command::Check(args) => {
                let color = terminal.colors(args.color.color, to_stdout(&args.input));
                let mut plan = plan(&args.input, args.all_variations);
                if !args.no_score {
                    plan.score = Some(ScoreOptions {
                        dead: DeadStones::Record { estimate_unmarked: args.dead == Some(CheckDeadArg::Auto) },
                        position_findings_as_notes: true,
                        ..ScoreOptions::default()
                    });
                }
                if args.board {
                    plan.error_pictures = Some(TextOptions { ascii: args.ascii, color });
                }
                let format = args.report.format;
                (ReportKind::Games, args.input, plan, Some(args.report), format, color)
            }
            Command::Score(args) => {
                let color = terminal.colors(args.color.color, to_stdout(&args.input));
                let mut plan = plan(&args.input, false);
                plan.score = Some(ScoreOptions {
                    dead: dead_stones(args.dead, true)?,
                    handicap_bonus: args.handicap_bonus.map(Into::into),
                    force: args.force,
                    position_findings_as_notes: false,
                    compare_estimate: true,
                });
                let format = args.report.format;
                (ReportKind::ScoreTables, args.input, plan, Some(args.report), format, color)
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
                // The statistics are never coloured.
                (ReportKind::Stats(options), args.input, plan, None, format, false)
            }
        };
        // `-` is stdout, as in every Unix tool; a folder is not a place for a report.
        let output = input.output.clone().filter(|p| p.as_os_str() != "-");
        if let Some(path) = &output
            && path.is_dir()
        {
            anyhow::bail!("--output {}: that is a folder; name a file for the report", path.display());
        }
        // The signature and move hashes are only in the JSON formats (and stats' duplicates, which sets them).
        if matches!(format, FormatArg::Json | FormatArg::Jsonl) && !matches!(kind, ReportKind::Stats(_)) {
            plan.replay.fingerprints = true;
        }
        let style = TextStyle {
            color,
            verbose: report.as_ref().is_some_and(|r| r.verbose),
            problems_only: report.as_ref().is_some_and(|r| r.problems_only),
            score_table: kind == ReportKind::ScoreTables,
        };
        Ok(Config::Files(FilesConfig {
            kind,
            plan,
            jobs: jobs(input.jobs, &input.paths),
            follow_links: input.follow_links,
            shard: input.shard,
            format,
            style,
            quiet: input.quiet,
            strict: input.strict,
            allow_empty: input.allow_empty,
            output,
            paths: input.paths,
        }))
    }
}

/// Whether the report goes to stdout: no `--output`, or `--output -`.
fn to_stdout(input: &InputArgs) -> bool {
    input.output.as_ref().is_none_or(|p| p.as_os_str() == "-")
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

/// One `--dead` value: `auto`, `none`, or a point that lies on some board (board notation or SGF); whether it
/// lies on a game's board is that game's question.
pub(crate) fn dead_flag(text: &str) -> Result<DeadArg, String> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("auto") {
        Ok(DeadArg::Auto)
    } else if text.eq_ignore_ascii_case("none") {
        Ok(DeadArg::None)
    } else if parse_dead_point(text, MAX_SIDE, MAX_SIDE).is_some() {
        Ok(DeadArg::Point(text.to_string()))
    } else {
        Err("expected auto, none, or points such as D4,Q16 (board notation) or dd,pp (SGF)".to_string())
    }
}

/// `--dead` as a whole: `auto` and `none` stand alone; points are a list. Without the flag, the record's
/// markup, and the estimate for a finished game without markup when `estimate_unmarked`.
fn dead_stones(values: Option<Vec<DeadArg>>, estimate_unmarked: bool) -> anyhow::Result<DeadStones> {
    let Some(values) = values else { return Ok(DeadStones::Record { estimate_unmarked }) };
    match values.as_slice() {
        [DeadArg::Auto] => Ok(DeadStones::Estimate),
        [DeadArg::None] => Ok(DeadStones::AllAlive),
        _ => values
            .into_iter()
            .map(|v| match v {
                DeadArg::Point(p) => Ok(p),
                DeadArg::Auto | DeadArg::None => {
                    anyhow::bail!("--dead: auto and none stand alone, not in a list of points")
                }
            })
            .collect::<anyhow::Result<Vec<String>>>()
            .map(DeadStones::Points),
    }
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

fn fix_config(args: FixArgs) -> anyhow::Result<FixConfig> {
    if let Some(dir) = &args.out_dir
        && dir.exists()
        && !dir.is_dir()
    {
        anyhow::bail!("--out-dir {}: that is a file; name a folder", dir.display());
    }
    Ok(FixConfig {
        options: FixOptions {
            limits: Limits { max_file_bytes: args.max_file_size, ..Limits::default() },
            normalise: args.normalise,
            cut_at_illegal: args.cut_at_illegal,
            rules: args.rules.map(Into::into),
        },
        jobs: jobs(args.jobs, &args.paths),
        follow_links: args.follow_links,
        allow_empty: args.allow_empty,
        format: match args.format {
            FixFormatArg::Text => FixFormat::Text,
            FixFormatArg::Json => FixFormat::Json,
            FixFormatArg::Jsonl => FixFormat::Jsonl,
        },
        write: args.write.then_some(args.backup),
        out_dir: args.out_dir,
        diff: args.diff,
        quiet: args.quiet,
        paths: args.paths,
    })
}

fn show_config(args: ShowArgs, terminal: &Terminal) -> anyhow::Result<ShowConfig> {
    let dead = dead_stones(args.dead, true)?;
    Ok(ShowConfig {
        path: args.path,
        view: View {
            limits: Limits::default(),
            game: args.game,
            move_number: args.move_number,
            score: args.score.then(|| ScoreOptions { dead, force: true, ..ScoreOptions::default() }),
            replay: ReplayOptions { rules: args.rules.map(Into::into), komi: None, ..ReplayOptions::default() },
        },
        text: TextOptions { ascii: args.ascii, color: terminal.colors(args.color.color, true) },
        svg: args.svg,
    })
}

/// What the environment says about colours, asked once per run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Terminal {
    /// Stdout is a terminal.
    stdout_is_terminal: bool,
    /// `NO_COLOR` is set to a non-empty value.
    no_color: bool,
    /// `TERM=dumb`: a terminal that understands no escape sequences (Emacs' shell, some CI logs).
    dumb: bool,
}

impl Terminal {
    fn ask() -> Terminal {
        Terminal {
            stdout_is_terminal: io::stdout().is_terminal(),
            no_color: std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()),
            dumb: std::env::var_os("TERM").is_some_and(|v| v == "dumb"),
        }
    }

    /// Whether to colour text that goes to stdout (`to_stdout`) or to an `--output` file: see the module docs.
    fn colors(&self, choice: ColorChoice, to_stdout: bool) -> bool {
        match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => to_stdout && self.stdout_is_terminal && !self.no_color && !self.dumb,
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    fn resolve(args: &[&str], terminal: Terminal) -> Config {
        let cli = Cli::try_parse_from(std::iter::once("gotool").chain(args.iter().copied())).unwrap();
        Config::resolve(cli, &terminal).unwrap()
    }

    /// Whether `gotool <args>` colours its text report, its `--board` pictures and its `show` drawing.
    fn colours(args: &[&str], terminal: Terminal) -> (bool, bool) {
        match resolve(args, terminal) {
            Config::Files(files) => (files.style.color, files.plan.error_pictures.is_some_and(|o| o.color)),
            Config::Show(show) => (show.text.color, show.text.color),
            Config::Completions(_) | Config::Man(_) | Config::Fix(_) => (false, false),
        }
    }

    const TTY: Terminal = Terminal { stdout_is_terminal: true, no_color: false, dumb: false };

    #[test]
    fn auto_colours_a_terminal_only() {
        assert_eq!(colours(&["check", "--board", "a.sgf"], TTY), (true, true));
        assert_eq!(
            colours(&["check", "--board", "a.sgf"], Terminal { stdout_is_terminal: false, ..TTY }),
            (false, false)
        );
        assert_eq!(colours(&["check", "--board", "a.sgf"], Terminal { no_color: true, ..TTY }), (false, false));
        assert_eq!(colours(&["check", "--board", "a.sgf"], Terminal { dumb: true, ..TTY }), (false, false));
        // A report written to a file is not for the terminal.
        assert_eq!(colours(&["check", "--board", "-o", "r.txt", "a.sgf"], TTY), (false, false));
        assert!(colours(&["score", "a.sgf"], TTY).0);
        assert!(!colours(&["score", "a.sgf"], Terminal { dumb: true, ..TTY }).0);
        assert!(colours(&["show", "a.sgf"], TTY).0);
        assert!(!colours(&["show", "a.sgf"], Terminal { no_color: true, ..TTY }).0);
        assert!(!colours(&["show", "--color", "auto", "a.sgf"], Terminal { dumb: true, ..TTY }).0);
    }

    #[test]
    fn always_and_never_win_over_the_environment() {
        let hostile = Terminal { stdout_is_terminal: false, no_color: true, dumb: true };
        for command in ["check", "score", "show"] {
            assert!(colours(&[command, "--color", "always", "a.sgf"], hostile).0, "{command}");
            assert!(!colours(&[command, "--color", "never", "a.sgf"], TTY).0, "{command}");
        }
        assert_eq!(colours(&["check", "--color", "always", "--board", "-o", "r.txt", "a.sgf"], hostile), (true, true));
        assert_eq!(colours(&["check", "--color=never", "--board", "a.sgf"], TTY), (false, false));
    }

    #[test]
    fn stats_has_no_colour_flag() {
        assert!(Cli::try_parse_from(["gotool", "stats", "--color", "always", "a.sgf"]).is_err());
        assert!(!colours(&["stats", "a.sgf"], TTY).0);
    }
}
