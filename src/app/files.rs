//! `check`, `score` and `stats`: every file named (folders walked, archives opened, large collections streamed)
//! through the plan on `-j` workers, each report handed to the reporter in input order, and the exit status.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use anyhow::{Context, Result};
use gotool_check::WholeFile;
use gotool_model::{FileReport, Summary};
use gotool_source::archive::SourceOptions;
use gotool_source::batch;
use gotool_source::{Input, Unit, UnitOptions};

use super::exit;
use super::progress::{progress_bar, progress_message};
use crate::cli::FormatArg;
use crate::config::{FilesConfig, ReportKind};
use crate::output::{Output, reader_gone};
use crate::report::Reporter;
use crate::report::github::GithubReporter;
use crate::report::json::{JsonLinesReporter, JsonReporter};
use crate::report::stats::StatsReporter;
use crate::report::text::TextReporter;

/// The paths named that cannot be used, with why: missing, unreadable, or (unless `--allow-empty`) a folder
/// with no record file in it. A file that is there but cannot be opened is not among them: it is checked like
/// any other, its report says why (in every format, as for such a file inside a folder), and the run ends with
/// exit status 2. The command line says each on stderr; `api::Run` the same words.
pub(crate) fn unusable_paths(config: &FilesConfig) -> Vec<(PathBuf, String)> {
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
            Err(_) if p.is_file() => None,
            Err(e) => Some(e.to_string()),
            Ok(())
                if p.is_dir()
                    && !config.allow_empty
                    && !gotool_source::holds_records(p, config.walk()) =>
            {
                Some("no records found in this folder (SGF, MGT, GIB, NGF, UGF/UGI or archives of them; --allow-empty accepts that)".to_string())
            }
            Ok(()) => None,
        };
        if let Some(problem) = problem {
            unusable.push((p.clone(), problem));
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
pub(super) fn run(config: &FilesConfig, stdout: &mut dyn Write, stderr: &mut dyn Write) -> Result<u8> {
    let unusable = unusable_paths(config);
    for (path, problem) in &unusable {
        let _ = writeln!(stderr, "gotool: {}: {problem}", path.display());
    }
    let paths: Vec<PathBuf> = config.paths.iter().filter(|p| !unusable.iter().any(|(u, _)| u == *p)).cloned().collect();
    if let Some(output) = &config.output {
        super::refuse_output_among_inputs("--output", output, &paths, config.walk())?;
    }
    // A file or folder found but not readable: the run goes on, and ends with exit status 2.
    let unreadable = std::cell::Cell::new(false);
    let left_out = std::cell::Cell::new(0);

    let mut output = Output::open(config.output.as_deref(), stdout, config.force_output)?;
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
            &mut |count| left_out.set(left_out.get() + count),
            &mut deliver,
        );
        progress.finish_and_clear();
        summary.skipped = left_out.get();
        let gone =
            reader_gone(result).and_then(|gone| if gone { Ok(true) } else { reader_gone(reporter.finish(&summary)) });
        if gone.context("writing the report")? {
            return Ok(exit::OK);
        }
        summary
    };
    let notes = output.commit()?;
    if let Some(path) = &config.output {
        super::say_notes(stderr, path, &notes);
    }

    if !unusable.is_empty() || unreadable.get() {
        return Ok(exit::USAGE);
    }
    let problems = summary.invalid > 0
        || summary.file_errors > 0
        || summary.games_lost > 0
        || (config.strict && summary.warnings > 0);
    Ok(if problems { exit::PROBLEMS } else { exit::OK })
}

/// Checks every file of `paths` as a run over files does (folders walked, archives opened, huge collections
/// streamed game by game, on `config.jobs` workers) and hands each report to `deliver` in input order, on the
/// calling thread; a folder that could not be read, or a link loop, goes to `skipped` (display, message, whether
/// it is an error), and the number of files and folders left out by name (hidden, macOS metadata) to
/// `left_out`. An error from either stops the run and is returned. The command line and `api::Run` both run this.
pub(crate) fn for_each_report(
    config: &FilesConfig,
    paths: &[PathBuf],
    skipped: &mut dyn FnMut(&str, &str, bool) -> io::Result<()>,
    left_out: &mut dyn FnMut(usize),
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
        source: SourceOptions { hidden: config.hidden, ..config.plan.source_options() },
        shard: config.shard,
        walk_every_file: false,
    };
    let units = gotool_source::Units::new(gotool_source::discover(paths, config.walk()), unit_options);
    let work = |unit: &mut Unit| match unit {
        Unit::File { path, display } => match config.plan.check_whole_file(path, display) {
            WholeFile::Checked(reports) => Work::Reports(reports),
            WholeFile::TooLarge => Work::Stream(path.clone(), display.clone()),
        },
        Unit::Item { item, continued } => {
            Work::Reports(item.take().map(|item| config.plan.check_item(item, *continued)).into_iter().collect())
        }
        Unit::Skipped { .. } | Unit::LeftOut { .. } => Work::Reports(Vec::new()),
    };
    // A unit holds the bytes of the member or streamed game it carries until a worker checks it.
    let weight = |unit: &Unit| match unit {
        Unit::Item { item: Some(item), .. } => item.held_bytes(),
        _ => 0,
    };
    batch::run_ordered_weighed(units, ordered(), weight, work, |unit, done| {
        match unit {
            Unit::Skipped { display, message, error } => return skipped(display, message, *error),
            Unit::LeftOut { count } => {
                left_out(*count);
                return Ok(());
            }
            _ => {}
        }
        match done {
            Work::Reports(reports) => reports.into_iter().try_for_each(&mut *deliver),
            // A collection too large to read whole: streamed here, in its place in the order, its games spread
            // over workers of their own while the others wait.
            Work::Stream(path, display) => {
                unit_options.walk_every_file = true;
                let one = std::iter::once(Input::File { path, display });
                batch::run_ordered_weighed(
                    gotool_source::Units::new(one, unit_options),
                    ordered(),
                    weight,
                    work,
                    |unit, done| match (unit, done) {
                        (Unit::LeftOut { count }, _) => {
                            left_out(*count);
                            Ok(())
                        }
                        (_, Work::Reports(reports)) => reports.into_iter().try_for_each(&mut *deliver),
                        (_, Work::Stream(..)) => Ok(()),
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
