//! Runs a resolved `Config`: walks the inputs, runs the plan on each file in parallel, feeds the reporter in
//! input order, and decides the exit status; or draws one position for `show`.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::batch;
use crate::cli::{Cli, FormatArg};
use crate::config::{Config, FilesConfig, ReportKind, ShowConfig};
use crate::model::{FileReport, Summary};
use crate::output::{Output, reader_gone, write_atomically};
use crate::render;
use crate::report::github::GithubReporter;
use crate::report::json::{JsonLinesReporter, JsonReporter};
use crate::report::text::TextReporter;
use crate::report::{self, Reporter};
use crate::source::{self, Input};
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
    match Config::from_cli(cli)? {
        Config::Show(config) => run_show(&config, stdout),
        Config::Files(config) => run_files(&config, stdout, stderr),
    }
}

/// `gotool show`: draws one position of one record.
fn run_show(config: &ShowConfig, stdout: &mut dyn Write) -> Result<u8> {
    let path = config.path.display().to_string();
    let bytes = source::read_file(&config.path, config.view.limits.max_file_bytes).map_err(|e| match e {
        source::ReadError::Io(e) => anyhow::anyhow!("{path}: {e}"),
        too_large => anyhow::anyhow!("{path}: {too_large}"),
    })?;
    let picture = config.view.draw(&bytes, &path)?;
    if let Some(note) = &picture.note {
        writeln!(stdout, "note: {}", report::escape_terminal(note))?;
    }
    match &config.svg {
        Some(path) => {
            let svg = render::svg::render(&picture.diagram, &render::svg::SvgOptions::default());
            write_atomically(path, svg.as_bytes())?;
        }
        None => stdout.write_all(render::text::render(&picture.diagram, &config.text).as_bytes())?,
    }
    Ok(exit::OK)
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
    let missing = missing_paths(&config.paths, stderr);
    let paths: Vec<PathBuf> = config.paths.iter().filter(|p| !missing.contains(p)).cloned().collect();

    let mut output = Output::open(config.output.as_deref(), stdout)?;
    let summary = {
        let mut reporter = reporter(config, output.writer());
        let progress = progress_bar(config, &paths);
        let mut summary = Summary::default();
        // Reports waiting to be printed hold at most about one file's worth of games at the limit.
        let ordered = batch::Ordered {
            jobs: config.jobs,
            cost: |r: &FileReport| r.games.len() + 1,
            budget: config.plan.limits.max_games.max(1) as usize,
        };
        let result = batch::run_ordered(
            source::discover(&paths, config.follow_links, config.shard),
            ordered,
            |item| match item {
                Input::File { path, display } => config.plan.check_file(path, display),
                Input::Unreadable { display, message } => FileReport::failed(display, "io", message.clone(), None),
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
        let gone =
            reader_gone(result).and_then(|gone| if gone { Ok(true) } else { reader_gone(reporter.finish(&summary)) });
        if gone.context("writing the report")? {
            return Ok(exit::OK);
        }
        summary
    };
    output.commit()?;

    if !missing.is_empty() {
        return Ok(exit::USAGE);
    }
    let problems = summary.invalid > 0 || summary.file_errors > 0 || (config.strict && summary.warnings > 0);
    Ok(if problems { exit::PROBLEMS } else { exit::OK })
}

/// An indicatif bar on stderr: hidden when stderr is not a terminal, with `--quiet`, or for a single file.
/// The total is counted by a background walk so the first results are not delayed.
fn progress_bar(config: &FilesConfig, paths: &[PathBuf]) -> ProgressBar {
    let single_file = paths.len() == 1 && !paths[0].is_dir();
    if config.quiet || single_file || !io::stderr().is_terminal() {
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
    let (paths, follow, shard) = (paths.to_vec(), config.follow_links, config.shard);
    std::thread::spawn(move || {
        let total = source::discover(&paths, follow, shard).count();
        counter.set_length(total as u64);
    });
    bar
}
