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
use std::path::{Path, PathBuf};

use crate::cli::{
    CheckArgs, CheckDeadArg, Cli, ColorChoice, Command, DeadArg, FixArgs, FixFormatArg, FormatArg, GameOutputArgs,
    GroupByArg, InputArgs, ScoreArgs, ShowArgs, StatsArgs, StatsFormatArg,
};
use crate::report::fix::FixFormat;
use crate::report::text::TextStyle;
use crate::stats::{GroupBy, StatsOptions};
use gotool_check::{Plan, View};
use gotool_fix::FixOptions;
use gotool_render::text::TextOptions;
use gotool_replay::ReplayOptions;
use gotool_score::game::{DeadStones, ScoreOptions};
use gotool_sgf::Limits;
use gotool_source::Shard;

/// What a run does.
#[derive(Debug)]
pub(crate) enum Config {
    /// `check`, `score` or `stats` over files and folders.
    Files(FilesConfig),
    /// `show`: one position of one record.
    Show(ShowConfig),
    /// `convert`: GIB, NGF and UGF records to SGF.
    Convert(ConvertConfig),
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
    /// Replace files that have no write permission.
    pub force: bool,
    /// Walk hidden files and folders too.
    pub hidden: bool,
}

impl FixConfig {
    /// How folders are walked: SGF files and archives.
    pub(crate) fn walk(&self) -> gotool_source::Walk {
        gotool_source::Walk { follow_links: self.follow_links, archives: true, hidden: self.hidden }
    }
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
    /// Write the report here instead of stdout.
    pub output: Option<PathBuf>,
    /// Replace an `--output` file that has no write permission.
    pub force_output: bool,
    /// Walk hidden files and folders too.
    pub hidden: bool,
    /// How text reports look.
    pub style: TextStyle,
    /// No progress bar.
    pub quiet: bool,
    /// Exit with status 1 on warnings too.
    pub strict: bool,
    /// A folder without record files is not an error.
    pub allow_empty: bool,
    /// Walk archives and compressed files (`false`: `--no-archives`).
    pub archives: bool,
}

impl FilesConfig {
    /// How folders are walked.
    pub(crate) fn walk(&self) -> gotool_source::Walk {
        gotool_source::Walk { follow_links: self.follow_links, archives: self.archives, hidden: self.hidden }
    }
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
    /// Replace an `--svg` file that has no write permission.
    pub force: bool,
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
        let run = match cli.command {
            Command::Show(args) => return Ok(Config::Show(show_config(args, terminal)?)),
            Command::Convert(args) => return Ok(Config::Convert(convert_config(args)?)),
            Command::Completions(args) => return Ok(Config::Completions(args.shell)),
            Command::Man(args) => return Ok(Config::Man(args.subcommand)),
            Command::Fix(args) => return fix_config(args).map(Config::Fix),
            Command::Check(args) => check_run(args, terminal),
            Command::Score(args) => score_run(args, terminal)?,
            Command::Stats(args) => stats_run(args),
        };
        files_config(run).map(Config::Files)
    }
}

/// What a subcommand over files reads, how it reports (`check` and `score` per game, `stats` once), in which
/// format, and whether in colour: what differs between them before the settings they share are resolved.
struct FilesRun {
    kind: ReportKind,
    input: InputArgs,
    plan: Plan,
    report: Option<GameOutputArgs>,
    format: FormatArg,
    color: bool,
    /// Replace an `--output` file that has no write permission (`score --force` means something else).
    force_output: bool,
}

/// `gotool check`: every game replayed; a finished game scored with its markup (or estimated with `--dead
/// auto`), position findings as notes.
fn check_run(args: CheckArgs, terminal: &Terminal) -> FilesRun {
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
    let force_output = args.force;
    FilesRun {
        kind: ReportKind::Games,
        input: args.input,
        plan,
        report: Some(args.report),
        format,
        color,
        force_output,
    }
}

/// `gotool score`: every game scored as `--dead` says, with the estimate beside the markup.
fn score_run(args: ScoreArgs, terminal: &Terminal) -> anyhow::Result<FilesRun> {
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
    Ok(FilesRun {
        kind: ReportKind::ScoreTables,
        input: args.input,
        plan,
        report: Some(args.report),
        format,
        color,
        force_output: false,
    })
}

/// `gotool stats`: every game folded into the counters; the tables asked for by `--by`, in the order first
/// asked for.
fn stats_run(args: StatsArgs) -> FilesRun {
    let mut plan = plan(&args.input, false);
    plan.score = Some(ScoreOptions::default());
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
    FilesRun {
        kind: ReportKind::Stats(options),
        input: args.input,
        plan,
        report: None,
        format,
        color: false,
        force_output: args.force,
    }
}

/// The settings every run over files shares: where the report goes, the fingerprints the JSON formats carry,
/// text-only flags refused in other formats, the text style, the paths (with `--files-from`) and the workers.
fn files_config(run: FilesRun) -> anyhow::Result<FilesConfig> {
    let FilesRun { kind, input, mut plan, report, format, color, force_output } = run;
    // `-` is stdout, as in every Unix tool; a folder is not a place for a report.
    let output = input.output.clone().filter(|p| p.as_os_str() != "-");
    if let Some(path) = &output
        && names_a_folder(path)
    {
        anyhow::bail!("--output {}: that is a folder; name a file for the report", path.display());
    }
    // The signature and move hashes are only in the JSON formats (and stats' duplicates, which sets them).
    if matches!(format, FormatArg::Json | FormatArg::Jsonl) && !matches!(kind, ReportKind::Stats(_)) {
        plan.replay.fingerprints = true;
    }
    refuse_text_only_flags(format, &kind, &plan, report.as_ref())?;
    let style = TextStyle {
        color,
        verbose: report.as_ref().is_some_and(|r| r.verbose),
        problems_only: report.as_ref().is_some_and(|r| r.problems_only),
        score_table: kind == ReportKind::ScoreTables,
    };
    plan.open_containers = !input.no_archives;
    let paths = input_paths(&input)?;
    Ok(FilesConfig {
        kind,
        plan,
        jobs: jobs(input.jobs, &paths, input.max_file_size, input.hidden),
        follow_links: input.follow_links,
        shard: input.shard,
        format,
        style,
        quiet: input.quiet,
        strict: input.strict,
        allow_empty: input.allow_empty,
        archives: !input.no_archives,
        hidden: input.hidden,
        output,
        force_output,
        paths,
    })
}

/// Flags that shape text output do nothing in the other formats: say so rather than ignore them.
fn refuse_text_only_flags(
    format: FormatArg,
    kind: &ReportKind,
    plan: &Plan,
    report: Option<&GameOutputArgs>,
) -> anyhow::Result<()> {
    if format == FormatArg::Text {
        return Ok(());
    }
    let text_only = [
        ("--board", plan.error_pictures.is_some()),
        ("--verbose", report.is_some_and(|r| r.verbose)),
        ("--problems-only", report.is_some_and(|r| r.problems_only)),
        ("--ascii", matches!(kind, ReportKind::Stats(options) if options.ascii)),
    ];
    if let Some((flag, _)) = text_only.iter().find(|(_, given)| *given) {
        anyhow::bail!(
            "{flag} shapes text output and does nothing with --format {}, whose report holds every finding",
            match format {
                FormatArg::Json => "json",
                FormatArg::Jsonl => "jsonl",
                _ => "github",
            }
        );
    }
    Ok(())
}

/// The paths named, then those `--files-from` lists; standard input at most once, and at least one path.
fn input_paths(input: &InputArgs) -> anyhow::Result<Vec<PathBuf>> {
    let mut paths = input.paths.clone();
    if let Some(list) = &input.files_from {
        paths.extend(read_path_list(list, input.null)?);
    }
    if paths.iter().filter(|p| p.as_os_str() == "-").count() > 1
        || (input.files_from.as_ref().is_some_and(|l| l.as_os_str() == "-")
            && paths.iter().any(|p| p.as_os_str() == "-"))
    {
        anyhow::bail!("standard input (-) can be read only once");
    }
    if paths.is_empty() {
        anyhow::bail!(
            "--files-from {}: the list names no path",
            input.files_from.clone().unwrap_or_default().display()
        );
    }
    Ok(paths)
}

/// The paths listed in a `--files-from` file (`-`: standard input): one a line (a CR before the line end is
/// dropped; empty lines are skipped), or separated by NUL bytes with `null`.
fn read_path_list(list: &std::path::Path, null: bool) -> anyhow::Result<Vec<PathBuf>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    let read = if list.as_os_str() == "-" {
        io::stdin().lock().read_to_end(&mut bytes)
    } else {
        std::fs::File::open(list).and_then(|mut f| f.read_to_end(&mut bytes))
    };
    read.map_err(|e| anyhow::anyhow!("--files-from {}: {e}", list.display()))?;
    let separator = if null { b'\0' } else { b'\n' };
    let mut paths = Vec::new();
    for entry in bytes.split(|&b| b == separator) {
        let entry = if null { entry } else { entry.strip_suffix(b"\r").unwrap_or(entry) };
        if entry.is_empty() {
            continue;
        }
        paths.push(path_from_bytes(entry).ok_or_else(|| {
            anyhow::anyhow!(
                "--files-from {}: a path that is not valid UTF-8: {:?}",
                list.display(),
                String::from_utf8_lossy(entry)
            )
        })?);
    }
    Ok(paths)
}

/// A path from its bytes: any bytes on Unix, UTF-8 elsewhere.
fn path_from_bytes(bytes: &[u8]) -> Option<PathBuf> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        Some(PathBuf::from(std::ffi::OsStr::from_bytes(bytes)))
    }
    #[cfg(not(unix))]
    {
        std::str::from_utf8(bytes).ok().map(PathBuf::from)
    }
}

/// Whether the report goes to stdout: no `--output`, or `--output -`.
fn to_stdout(input: &InputArgs) -> bool {
    input.output.as_ref().is_none_or(|p| p.as_os_str() == "-")
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

/// Workers for a run: what was asked (else one per core), at most four per core (more only cost memory and
/// thread switches; `-j 100000` once ran 18,906 threads), and no more than the files to check.
fn jobs(requested: Option<usize>, paths: &[PathBuf], max_file_bytes: u64, hidden: bool) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let jobs = requested.unwrap_or(cores).min(4 * cores);
    if paths.iter().any(|p| !p.is_dir() && gotool_source::may_hold_many(p, max_file_bytes)) {
        return jobs.max(1);
    }
    // No more workers than units of work: the files named, and those the folders hold, counted only as far as
    // `jobs` (a folder of a million files is not walked twice). An archive in a folder holds an unknown number.
    let mut units = 0;
    let walk = gotool_source::Walk { follow_links: false, archives: true, hidden };
    for input in gotool_source::discover(paths, walk) {
        match input {
            gotool_source::Input::File { path, .. }
                if path.file_name().and_then(|n| n.to_str()).is_some_and(gotool_source::names::is_archive_name) =>
            {
                return jobs.max(1);
            }
            gotool_source::Input::File { .. } => units += 1,
            _ => {}
        }
        if units >= jobs {
            return jobs.max(1);
        }
    }
    jobs.min(units).max(1)
}

/// The pipeline settings every file-reading subcommand shares; scoring and pictures are the caller's.
fn plan(input: &InputArgs, all_variations: bool) -> Plan {
    Plan {
        limits: Limits {
            max_file_bytes: input.max_file_size,
            max_games: input.max_games.unwrap_or(Limits::default().max_games),
            max_streamed_games: input.max_games.map_or(Limits::default().max_streamed_games, u64::from),
            max_empty_games: input.max_empty_games,
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
        open_containers: false,
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
        jobs: jobs(args.jobs, &args.paths, args.max_file_size, args.hidden),
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
        force: args.force,
        hidden: args.hidden,
        paths: args.paths,
    })
}

/// Whether a path given for a report or a picture is a folder, or is written as one (`out/`).
fn names_a_folder(path: &Path) -> bool {
    path.is_dir() || path.as_os_str().to_string_lossy().ends_with(std::path::MAIN_SEPARATOR)
}

fn show_config(args: ShowArgs, terminal: &Terminal) -> anyhow::Result<ShowConfig> {
    let dead = dead_stones(args.dead, true)?;
    if let Some(path) = &args.svg
        && names_a_folder(path)
    {
        anyhow::bail!("--svg {}: that is a folder; name a file for the picture", path.display());
    }
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
        force: args.force,
    })
}

/// `gotool convert`.
#[derive(Debug)]
pub(crate) struct ConvertConfig {
    /// The files and folders named on the command line.
    pub paths: Vec<PathBuf>,
    /// Where the SGF goes.
    pub target: ConvertTarget,
    /// Overwrite SGF files that exist.
    pub force: bool,
    /// Only failures on stderr.
    pub quiet: bool,
    /// Follow symbolic links inside folders.
    pub follow_links: bool,
    /// Walk hidden files and folders too.
    pub hidden: bool,
    /// Size limits on each file.
    pub limits: Limits,
}

/// Where `gotool convert` writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ConvertTarget {
    /// Standard output (one file).
    Stdout,
    /// This file (one input file).
    File(PathBuf),
    /// This folder, mirroring the input folders.
    Folder(PathBuf),
}

fn convert_config(args: crate::cli::ConvertArgs) -> anyhow::Result<ConvertConfig> {
    let single_file = args.paths.len() == 1 && !args.paths[0].is_dir();
    if args.paths.iter().any(|p| p.as_os_str() == "-") && (!single_file || args.out_dir.is_some()) {
        anyhow::bail!("standard input (-) is converted alone: its SGF goes to stdout, or -o FILE");
    }
    let target = match (args.output, args.out_dir) {
        (_, Some(dir)) => ConvertTarget::Folder(dir),
        (Some(file), None) if !single_file => {
            anyhow::bail!("-o {} takes one input file; for several, use --out-dir DIR", file.display())
        }
        (Some(file), None) if file.as_os_str() == "-" => ConvertTarget::Stdout,
        (Some(file), None) => ConvertTarget::File(file),
        (None, None) if single_file => ConvertTarget::Stdout,
        (None, None) => anyhow::bail!("several records to convert: say where with --out-dir DIR"),
    };
    let limits = Limits { max_file_bytes: args.max_file_size, ..Limits::default() };
    Ok(ConvertConfig {
        paths: args.paths,
        target,
        force: args.force,
        quiet: args.quiet,
        follow_links: args.follow_links,
        hidden: args.hidden,
        limits,
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

    // See: #14 (7) — no more workers than files, in folders too.
    #[test]
    fn jobs_are_no_more_than_the_files_in_folders() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.sgf"), "(;GM[1])").unwrap();
        let folder = vec![dir.path().to_path_buf()];
        assert_eq!(jobs(Some(8), &folder, 1 << 20, false), 1);
        std::fs::write(dir.path().join("b.sgf"), "(;GM[1])").unwrap();
        std::fs::write(dir.path().join("notes.txt"), "").unwrap();
        // Four workers a core at least: 2 files get 2.
        assert_eq!(jobs(Some(8), &folder, 1 << 20, false), 2);
        // An archive holds an unknown number of records.
        std::fs::write(dir.path().join("c.zip"), "").unwrap();
        std::fs::remove_file(dir.path().join("b.sgf")).unwrap();
        assert_eq!(jobs(Some(3), &folder, 1 << 20, false), 3);
    }

    // See: #14 (7) — at most four workers a core, also for a stream that could use any number.
    #[test]
    fn jobs_are_at_most_four_a_core() {
        let dir = tempfile::tempdir().unwrap();
        let stream = dir.path().join("big.sgf");
        std::fs::write(&stream, "(;GM[1])(;GM[1])").unwrap();
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(jobs(Some(100_000), &[stream], 4, false), 4 * cores);
    }

    fn resolve(args: &[&str], terminal: Terminal) -> Config {
        let cli = Cli::try_parse_from(std::iter::once("gotool").chain(args.iter().copied())).unwrap();
        Config::resolve(cli, &terminal).unwrap()
    }

    /// Whether `gotool <args>` colours its text report, its `--board` pictures and its `show` drawing.
    fn colours(args: &[&str], terminal: Terminal) -> (bool, bool) {
        match resolve(args, terminal) {
            Config::Files(files) => (files.style.color, files.plan.error_pictures.is_some_and(|o| o.color)),
            Config::Show(show) => (show.text.color, show.text.color),
            Config::Completions(_) | Config::Man(_) | Config::Convert(_) | Config::Fix(_) => (false, false),
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
