//! Runs a resolved `Config`, one module a command: `check`, `score` and `stats` go through every file
//! (`files`), `show` draws one position (`show`), `fix` and `convert` rewrite records (`fix`, `convert`); the
//! progress bar of a run over files is `progress`. Here: the dispatch, the exit statuses, completions and
//! manual pages.

mod convert;
mod files;
mod fix;
mod progress;
mod show;

use std::io::{self, IsTerminal, Write};

use anyhow::{Context, Result};
use clap::CommandFactory;

use crate::cli::Cli;
use crate::config::Config;
use crate::output::reader_gone;

pub(crate) use files::{for_each_report, unusable_paths};

/// Exit statuses (documented in the README's Exit status section).
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
        Config::Show(config) => show::run(&config, stdout),
        Config::Files(config) => files::run(&config, stdout, stderr),
        Config::Convert(config) => convert::run(&config, stdout, stderr),
        Config::Fix(config) => fix::run(&config, stdout, stderr),
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
