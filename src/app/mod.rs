//! Runs a resolved `Config`: walks the inputs, runs the plan on each file in parallel, feeds the reporter in
//! input order, and decides the exit status; or draws one position for `show`.

mod convert;
mod fix;

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use anyhow::{Context, Result};
use console::Term;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

use clap::CommandFactory;
use gotool_source::batch;

use crate::cli::{Cli, FormatArg};
use crate::config::{Config, FilesConfig, ReportKind, ShowConfig};
use crate::output::{Output, reader_gone, write_atomically};
use crate::report::Reporter;
use crate::report::github::GithubReporter;
use crate::report::json::{JsonLinesReporter, JsonReporter};
use crate::report::text::TextReporter;
use crate::stats::StatsReporter;
use gotool_check::WholeFile;
use gotool_model::{FileReport, Summary, plural};
use gotool_source::{Input, Unit, UnitOptions};

/// Exit statuses (documented in the README).
pub mod exit {
    /// Every game valid (warnings allowed unless `--strict`).
    pub const OK: u8 = 0;
    /// Some game invalid, some file unreadable as SGF, or (with `--strict`) a warning.
    pub const PROBLEMS: u8 = 1;
    /// Usage error or a path that does not exist or cannot be read.
    pub const USAGE: u8 = 2;
}

/// What to do when the user interrupts a run (Ctrl-C, SIGTERM): remove the temporary files of reports and
/// pictures still being written, and clear a progress line from the terminal. The binary's signal handler calls
/// it, then exits.
pub fn on_interrupt() {
    crate::output::remove_temporary_files();
    let mut stderr = io::stderr();
    if stderr.is_terminal() {
        // Carriage return, erase the line, show the cursor.
        let _ = stderr.write_all(b"\r\x1b[2K\x1b[?25h");
    }
}

/// Runs the command; returns the exit status. `stdout` is where reports go unless `--output` says otherwise.
pub fn run(cli: Cli, stdout: &mut dyn Write, stderr: &mut dyn Write) -> Result<u8> {
    match Config::from_cli(cli)? {
        Config::Show(config) => run_show(&config, stdout),
        Config::Files(config) => run_files(&config, stdout, stderr),
        Config::Convert(config) => convert::run(&config, stdout, stderr),
        Config::Fix(config) => fix::run_fix(&config, stdout, stderr),
        // Both from the flags' own definitions, so they never disagree with `--help`.
        // (Made in memory first: clap_complete panics on a write error such as a closed pipe.)
        Config::Completions(shell) => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "gotool", &mut script);
            reader_gone(stdout.write_all(&script)).context("writing the completions")?;
            Ok(exit::OK)
        }
        Config::Man(subcommand) => {
            let mut command = Cli::command();
            command.build();
            let command = match subcommand {
                Some(name) => command.find_subcommand(&name).cloned().context("no such subcommand")?,
                None => command,
            };
            let mut page = Vec::new();
            clap_mangen::Man::new(command).render(&mut page)?;
            reader_gone(stdout.write_all(&page)).context("writing the manual page")?;
            Ok(exit::OK)
        }
    }
}

/// `gotool show`: draws one position of one record.
fn run_show(config: &ShowConfig, stdout: &mut dyn Write) -> Result<u8> {
    let (bytes, path) =
        gotool_source::read_one(&config.path, config.view.limits.max_file_bytes).map_err(|e| anyhow::anyhow!("{e}"))?;
    let picture = config.view.draw(&bytes, &path)?;
    let mut text = String::new();
    for note in &picture.notes {
        text.push_str(&format!("note: {}\n", gotool_render::escape_terminal(note)));
    }
    match &config.svg {
        Some(path) => {
            let svg = gotool_render::svg::render(&picture.diagram, &gotool_render::svg::SvgOptions::default());
            // `-` is stdout, as in every Unix tool.
            if path.as_os_str() == "-" {
                text.push_str(&svg);
            } else {
                write_atomically(path, svg.as_bytes())?;
            }
        }
        None => text.push_str(&gotool_render::text::render(&picture.diagram, &config.text)),
    }
    // A reader that stops early (`gotool show … | head`) ends the run quietly.
    reader_gone(stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush())).context("writing the picture")?;
    Ok(exit::OK)
}

/// The paths named on the command line that cannot be used: missing, unreadable, or (unless `--allow-empty`) a
/// folder with no record file in it; each is reported on stderr.
fn unusable_paths(config: &FilesConfig, stderr: &mut dyn Write) -> Vec<PathBuf> {
    let mut unusable = Vec::new();
    for p in &config.paths {
        if p.as_os_str() == "-" {
            continue;
        }
        // An archive member: the archive must be readable; a member it lacks is reported as that member's error.
        let readable = match gotool_source::archive_of_member(p) {
            Some(archive) => gotool_source::check_readable(&archive),
            None => gotool_source::check_readable(p),
        };
        let problem = match readable {
            // A file that is there but cannot be opened is checked like any other: its report says why (in every
            // format, as for such a file inside a folder), and the run ends with exit status 2.
            Err(_) if p.is_file() => None,
            Err(e) => Some(e.to_string()),
            Ok(())
                if p.is_dir()
                    && !config.allow_empty
                    && !gotool_source::holds_records(p, config.follow_links, config.archives) =>
            {
                Some("no records found in this folder (SGF, MGT, GIB, NGF, UGF/UGI or archives of them; --allow-empty accepts that)".to_string())
            }
            Ok(()) => None,
        };
        if let Some(problem) = problem {
            let _ = writeln!(stderr, "gotool: {}: {problem}", p.display());
            unusable.push(p.clone());
        }
    }
    unusable
}

/// The reporter for the run's kind and format, writing to `writer`.
fn reporter<'w>(config: &FilesConfig, writer: &'w mut dyn Write) -> Box<dyn Reporter + 'w> {
    if let ReportKind::Stats(options) = &config.kind {
        return Box::new(StatsReporter::new(writer, config.format == FormatArg::Json, options.clone()));
    }
    match config.format {
        FormatArg::Text => Box::new(TextReporter::new(writer, config.style)),
        FormatArg::Json => Box::new(JsonReporter::new(writer)),
        FormatArg::Jsonl => Box::new(JsonLinesReporter::new(writer)),
        FormatArg::Github => Box::new(GithubReporter::new(writer)),
    }
}

/// `check`, `score` and `stats`: every file through the plan, reported in input order.
fn run_files(config: &FilesConfig, stdout: &mut dyn Write, stderr: &mut dyn Write) -> Result<u8> {
    let unusable = unusable_paths(config, stderr);
    let paths: Vec<PathBuf> = config.paths.iter().filter(|p| !unusable.contains(p)).cloned().collect();
    // A file or folder found but not readable: the run goes on, and ends with exit status 2.
    let unreadable = std::cell::Cell::new(false);

    let mut output = Output::open(config.output.as_deref(), stdout)?;
    let summary = {
        let mut reporter = reporter(config, output.writer());
        let progress = progress_bar(config, &paths);
        // With the bar on the terminal the report shares it when it goes to stdout: each file's lines are
        // written while the bar is cleared away, and flushed, so no line is torn by a redraw.
        let share_terminal = !progress.is_hidden() && config.output.is_none() && io::stdout().is_terminal();
        let mut summary = Summary::default();
        // Each report in input order: counted, shown on the bar, written.
        let mut deliver = |report: FileReport| -> io::Result<()> {
            unreadable.set(unreadable.get() | report.error.as_ref().is_some_and(|e| e.code == "io"));
            summary.add(&report);
            if !progress.is_hidden() {
                if !report.continued {
                    progress.inc(1);
                }
                progress.set_message(progress_message(&summary));
            }
            if share_terminal {
                progress.suspend(|| reporter.file(&report).and_then(|()| reporter.flush()))
            } else {
                reporter.file(&report)
            }
        };
        let result = for_each_report(
            config,
            &paths,
            &mut |display, message, error| {
                // A folder is not a file: it is said on stderr and not counted.
                unreadable.set(unreadable.get() | error);
                let _ = writeln!(stderr, "gotool: {display}: {message}");
                Ok(())
            },
            &mut deliver,
        );
        progress.finish_and_clear();
        let gone =
            reader_gone(result).and_then(|gone| if gone { Ok(true) } else { reader_gone(reporter.finish(&summary)) });
        if gone.context("writing the report")? {
            return Ok(exit::OK);
        }
        summary
    };
    output.commit()?;

    if !unusable.is_empty() || unreadable.get() {
        return Ok(exit::USAGE);
    }
    let problems = summary.invalid > 0
        || summary.file_errors > 0
        || summary.games_lost > 0
        || (config.strict && summary.warnings > 0);
    Ok(if problems { exit::PROBLEMS } else { exit::OK })
}

/// The bar's running count, in the words of the summary line at the end: invalid games apart from files that
/// could not be read (or not as SGF) and games lost to a broken game tree.
fn progress_message(s: &Summary) -> String {
    let mut message = format!("{} game{}, {} invalid", s.games, plural(s.games), s.invalid);
    if s.file_errors > 0 {
        message.push_str(&format!(", {} file{} not readable", s.file_errors, plural(s.file_errors)));
    }
    if s.games_lost > 0 {
        message.push_str(&format!(", {} game{} lost", s.games_lost, plural(s.games_lost)));
    }
    message
}

/// Checks every file of `paths` as a run over files does (folders walked, archives opened, huge collections
/// streamed game by game, on `config.jobs` workers) and hands each report to `deliver` in input order, on the
/// calling thread; a folder that could not be read, or a link loop, goes to `skipped` (display, message, whether
/// it is an error). An error from either stops the run and is returned. The command line and `api::Run` both
/// run this.
pub(crate) fn for_each_report(
    config: &FilesConfig,
    paths: &[PathBuf],
    skipped: &mut dyn FnMut(&str, &str, bool) -> io::Result<()>,
    deliver: &mut dyn FnMut(FileReport) -> io::Result<()>,
) -> io::Result<()> {
    // Reports waiting to be printed hold at most about one file's worth of games at the limit.
    let ordered = || batch::Ordered {
        jobs: config.jobs,
        cost: |w: &Work| match w {
            Work::Reports(reports) => reports.iter().map(|r| r.games.len() + 1).sum::<usize>().max(1),
            Work::Stream(..) => 1,
        },
        budget: config.plan.limits.max_games.max(1) as usize,
    };
    let mut unit_options = UnitOptions {
        archives: config.archives,
        source: config.plan.source_options(),
        shard: config.shard,
        walk_every_file: false,
    };
    let units =
        gotool_source::Units::new(gotool_source::discover(paths, config.follow_links, config.archives), unit_options);
    let work = |unit: &mut Unit| match unit {
        Unit::File { path, display } => match config.plan.check_whole_file(path, display) {
            WholeFile::Checked(reports) => Work::Reports(reports),
            WholeFile::TooLarge => Work::Stream(path.clone(), display.clone()),
        },
        Unit::Item { item, continued } => {
            Work::Reports(item.take().map(|item| config.plan.check_item(item, *continued)).into_iter().collect())
        }
        Unit::Skipped { .. } => Work::Reports(Vec::new()),
    };
    batch::run_ordered(units, ordered(), work, |unit, done| {
        if let Unit::Skipped { display, message, error } = unit {
            return skipped(display, message, *error);
        }
        match done {
            Work::Reports(reports) => reports.into_iter().try_for_each(&mut *deliver),
            // A collection too large to read whole: streamed here, in its place in the order, its games spread
            // over workers of their own while the others wait.
            Work::Stream(path, display) => {
                unit_options.walk_every_file = true;
                let one = std::iter::once(Input::File { path, display });
                batch::run_ordered(
                    gotool_source::Units::new(one, unit_options),
                    ordered(),
                    work,
                    |_, done| match done {
                        Work::Reports(reports) => reports.into_iter().try_for_each(&mut *deliver),
                        Work::Stream(..) => Ok(()),
                    },
                )
            }
        }
    })
}

/// What a worker made of a unit.
enum Work {
    /// The reports, in order.
    Reports(Vec<FileReport>),
    /// A file too large to read whole, to be streamed game by game in its place.
    Stream(PathBuf, String),
}

/// An indicatif bar on stderr: hidden when stderr is not a terminal, with `--quiet`, or for a single file.
/// The total is counted by a background walk so the first results are not delayed.
fn progress_bar(config: &FilesConfig, paths: &[PathBuf]) -> ProgressBar {
    let many = |p: &PathBuf| p.is_dir() || gotool_source::may_hold_many(p, config.plan.limits.max_file_bytes);
    let single_file = paths.len() == 1 && !many(&paths[0]);
    if config.quiet || single_file || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    // Archives and streams hold an unknown number of records: the bar counts without a total.
    if config.archives && paths.iter().any(|p| !p.is_dir() && many(p)) {
        return stderr_bar("{spinner} {pos} {files}  {rate} files/s  {wide_msg}");
    }
    // Until the walk is counted there is no total, so no ETA to show: the bar says it is counting.
    let bar = stderr_bar("{spinner} {pos} {files}  {rate} files/s  (counting…)  {wide_msg}");
    let counter = bar.clone();
    let (paths, follow, shard, archives) = (paths.to_vec(), config.follow_links, config.shard, config.archives);
    std::thread::spawn(move || {
        let total = gotool_source::discover(&paths, follow, archives)
            .filter(|i| matches!(i, Input::File { display, .. } if shard.is_none_or(|s| s.contains(display))))
            .count();
        counter.set_length(total as u64);
        counter.set_style(bar_style("{spinner} {pos}/{len} {files}  {rate} files/s  ETA {eta}  {wide_msg}"));
    });
    bar
}

/// A bar drawn on stderr, kept a few columns narrower than the terminal (the message is cut to fit): a line that
/// filled the whole width would wrap when the terminal echoes `^C`, and the interrupt handler, which clears one
/// line, would leave it on screen.
fn stderr_bar(template: &str) -> ProgressBar {
    bar_on(Box::new(Term::stderr()), template)
}

/// A bar drawn on `term`, a few columns narrower than it.
fn bar_on(term: Box<dyn TermLike>, template: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::term_like(Box::new(NarrowTerm(term))));
    bar.set_style(bar_style(template));
    bar
}

/// A terminal with room left at the end of the line for the `^C` an interrupt echoes.
#[derive(Debug)]
struct NarrowTerm(Box<dyn TermLike>);

impl TermLike for NarrowTerm {
    fn width(&self) -> u16 {
        self.0.width().saturating_sub(4).max(20)
    }
    fn height(&self) -> u16 {
        self.0.height()
    }
    fn move_cursor_up(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_up(n)
    }
    fn move_cursor_down(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_down(n)
    }
    fn move_cursor_right(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_right(n)
    }
    fn move_cursor_left(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_left(n)
    }
    fn write_line(&self, s: &str) -> io::Result<()> {
        self.0.write_line(s)
    }
    fn write_str(&self, s: &str) -> io::Result<()> {
        self.0.write_str(s)
    }
    fn clear_line(&self) -> io::Result<()> {
        self.0.clear_line()
    }
    fn flush(&self) -> io::Result<()> {
        self.0.flush()
    }
}

/// The bar's style from its template, with `{rate}` as whole files a second (indicatif's own `{per_sec}` shows
/// four decimals) and `{files}` as "file" or "files" for the count beside it (the total once it is known).
fn bar_style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template)
        .map(|style| {
            style
                .with_key("rate", |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.0}", state.per_sec());
                })
                .with_key("files", |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let count = state.len().unwrap_or(state.pos());
                    let _ = write!(w, "file{}", plural(count as usize));
                })
        })
        .unwrap_or_else(|_| ProgressStyle::default_bar())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// A terminal 40 columns wide that keeps what is drawn on it.
    #[derive(Debug, Clone, Default)]
    struct Recorded(Arc<Mutex<String>>);

    impl TermLike for Recorded {
        fn width(&self) -> u16 {
            40
        }
        fn move_cursor_up(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> io::Result<()> {
            self.0.lock().unwrap().push_str(&format!("{s}\n"));
            Ok(())
        }
        fn write_str(&self, s: &str) -> io::Result<()> {
            self.0.lock().unwrap().push_str(s);
            Ok(())
        }
        fn clear_line(&self) -> io::Result<()> {
            self.0.lock().unwrap().push('\n');
            Ok(())
        }
        fn flush(&self) -> io::Result<()> {
            Ok(())
        }
    }

    fn drawn(length: u64, message: String) -> Vec<String> {
        let term = Recorded::default();
        let bar = bar_on(Box::new(term.clone()), "{pos}/{len} {files}  {wide_msg}");
        bar.set_length(length);
        bar.set_message(message);
        bar.tick();
        let text = term.0.lock().unwrap().clone();
        text.lines().filter(|l| !l.is_empty()).map(str::to_string).collect()
    }

    #[test]
    fn a_long_message_is_cut_short_of_the_terminal_edge() {
        let summary = Summary { games: 123456, invalid: 7890, file_errors: 12, games_lost: 3, ..Summary::default() };
        let lines = drawn(18326, progress_message(&summary));
        assert!(lines.iter().any(|l| l.contains("123456 games")), "{lines:?}");
        for line in lines {
            assert!(line.chars().count() <= 36, "{line:?} leaves no room for ^C on a 40-column terminal");
        }
    }

    #[test]
    fn one_file_is_a_file() {
        assert!(drawn(1, String::new()).iter().any(|l| l.starts_with("0/1 file ")), "{:?}", drawn(1, String::new()));
        assert!(drawn(2, String::new()).iter().any(|l| l.starts_with("0/2 files ")));
    }

    #[test]
    fn the_bar_counts_unreadable_files_apart_from_invalid_games() {
        let summary = Summary { games: 10, invalid: 1, file_errors: 2, ..Summary::default() };
        assert_eq!(progress_message(&summary), "10 games, 1 invalid, 2 files not readable");
        let one = Summary { games: 1, ..Summary::default() };
        assert_eq!(progress_message(&one), "1 game, 0 invalid");
    }
}
