//! For programs that embed gotool (the Python package in `python/`): a run of `check`, `score` or `stats` set
//! up from the same words as its command line, so that what they check is exactly what the command line checks,
//! and a bad flag is refused with the command line's own message; and gotool's ordered parallel batch.

use std::io;
use std::ops::ControlFlow;

use clap::Parser;

use crate::cli::{Cli, Command};
use crate::config::{Config, FilesConfig};
use gotool_check::Plan;
use gotool_model::FileReport;
use gotool_source::batch;

/// A `check`, `score` or `stats` run, resolved from its command line.
#[derive(Debug)]
pub struct Run {
    config: FilesConfig,
    /// `--jobs` as given (the resolved one is capped by the paths named).
    requested_jobs: Option<usize>,
}

impl Run {
    /// Parses `gotool WORDS…` (`words` without the program name) and resolves it as the command line does. A
    /// bad flag or value is refused with the command line's message (without `error: `, the usage and the
    /// pointer to `--help`).
    pub fn from_args<I, T>(words: I) -> Result<Run, String>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        let argv = std::iter::once(std::ffi::OsString::from("gotool")).chain(words.into_iter().map(Into::into));
        let cli = Cli::try_parse_from(argv).map_err(|e| {
            // The message and its hints (`[possible values: …]`), without the usage and `--help` lines.
            let text = e.render().to_string();
            let lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
            let kept: Vec<&str> =
                lines.take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information")).collect();
            let message = kept.join(" ");
            message.strip_prefix("error: ").unwrap_or(&message).to_string()
        })?;
        let requested_jobs = match &cli.command {
            Command::Check(a) => a.input.jobs,
            Command::Score(a) => a.input.jobs,
            Command::Stats(a) => a.input.jobs,
            _ => return Err("only check, score and stats runs are embedded".to_string()),
        };
        match Config::from_cli(cli).map_err(|e| format!("{e:#}"))? {
            Config::Files(config) => Ok(Run { config, requested_jobs }),
            _ => Err("only check, score and stats runs are embedded".to_string()),
        }
    }

    /// What is done with each file.
    pub fn plan(&self) -> &Plan {
        &self.config.plan
    }

    /// Workers for a batch of records in memory: `--jobs` (else one per core), at most four per core.
    pub fn jobs_for_records(&self) -> usize {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        self.requested_jobs.unwrap_or(cores).min(4 * cores).max(1)
    }

    /// The paths named that cannot be used, as the command line says them (`PATH: why`): missing, unreadable
    /// (but a file that is there and cannot be opened, which is checked and reported), or (unless
    /// `--allow-empty`) a folder with no record file in it.
    pub fn unusable_paths(&self) -> Vec<String> {
        crate::app::unusable_paths(&self.config)
            .into_iter()
            .map(|(path, problem)| format!("{}: {problem}", path.display()))
            .collect()
    }

    /// Checks every file of the paths named, as the command line's run does (folders walked, archives opened,
    /// huge collections streamed game by game, on `--jobs` workers), and hands each report to `emit` in input
    /// order, on the calling thread, until `emit` says `Break`. A folder that could not be read becomes an `io`
    /// report of its own (the command line says it on stderr); a symbolic link loop is skipped.
    pub fn for_each_report(&self, emit: &mut dyn FnMut(FileReport) -> ControlFlow<()>) {
        // Both the reports and the unreadable folders go to `emit`.
        let emit = std::cell::RefCell::new(emit);
        let deliver = |report: FileReport| match (emit.borrow_mut())(report) {
            ControlFlow::Continue(()) => Ok(()),
            ControlFlow::Break(()) => Err(io::Error::other("stopped")),
        };
        // The only error is `emit`'s stop.
        let _ = crate::app::for_each_report(
            &self.config,
            &self.config.paths,
            &mut |display, message, error| {
                if error { deliver(FileReport::failed(display, "io", message.to_string(), None)) } else { Ok(()) }
            },
            &mut |_| {},
            &mut |report| deliver(report),
        );
    }
}

/// Runs `work` over `inputs` on `jobs` of gotool's worker threads and hands each result to `emit` on the calling
/// thread, in input order whatever the number of jobs.
pub fn in_order<T, R>(
    inputs: impl Iterator<Item = T> + Send,
    jobs: usize,
    work: impl Fn(&mut T) -> R + Sync,
    mut emit: impl FnMut(R),
) where
    T: Send,
    R: Send,
{
    let settings = batch::Ordered { jobs, cost: |_: &R| 1, budget: usize::MAX };
    let _ = batch::run_ordered(inputs, settings, work, |_, r| {
        emit(r);
        Ok(())
    });
}
