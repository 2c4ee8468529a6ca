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
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use clap::CommandFactory;
use gotool_source::{Input, Walk};

use crate::cli::Cli;
use crate::config::Config;
use crate::output::{FileId, reader_gone};

pub(crate) use files::{for_each_report, unusable_paths};

/// Exit statuses (documented in the README's Exit status section).
pub mod exit {
    /// Every game valid (warnings allowed unless `--strict`).
    pub const OK: u8 = 0;
    /// Some game invalid, some file unreadable as SGF, or (with `--strict`) a warning.
    pub const PROBLEMS: u8 = 1;
    /// Usage error or a path that does not exist or cannot be read.
    pub const USAGE: u8 = 2;
    /// Interrupted (Ctrl-C, SIGTERM): the shells' status for a run ended by SIGINT.
    pub const INTERRUPTED: u8 = 130;
}

/// What to do when the user interrupts a run (Ctrl-C, SIGTERM); the binary's signal handler calls it, and exits
/// with status 130 when it returns `true`. A run that writes the user's files (`fix`, `convert`) is let finish the
/// files it is writing and report them, and ends by itself: `false` (a second interrupt ends it at once).
/// Otherwise the temporary names of files still being written are removed, no more are made, and a progress line
/// is cleared from the terminal: `true`.
pub fn on_interrupt() -> bool {
    if !crate::output::on_interrupt() {
        return false;
    }
    let mut stderr = io::stderr();
    if stderr.is_terminal() {
        // Carriage return, erase the line, show the cursor.
        let _ = stderr.write_all(b"\r\x1b[2K\x1b[?25h");
    }
    true
}

/// Runs the command; returns the exit status. `stdout` is where reports go unless `--output` says otherwise.
pub fn run(cli: Cli, stdout: &mut dyn Write, stderr: &mut dyn Write) -> Result<u8> {
    match Config::from_cli(cli)? {
        Config::Show(config) => show::run(&config, stdout, stderr),
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

/// Refuses an output path that leads to one of the files read (the same file, by device and inode, whatever
/// name reaches it: a hard link, a symbolic link, `/dev/stdout` when stdout is that file), before anything is
/// read: the output would destroy it. `inputs` are the paths named (`-` is standard input; `ARCHIVE!/MEMBER`
/// is its archive); the folders among them are walked as the run walks them. Only an output that is a regular
/// file that exists can be one of them.
pub(crate) fn refuse_output_among_inputs(flag: &str, output: &Path, inputs: &[PathBuf], walk: Walk) -> Result<()> {
    if !std::fs::metadata(output).is_ok_and(|m| m.is_file()) {
        return Ok(());
    }
    let Some(out) = FileId::of(output) else { return Ok(()) };
    let refuse = |input: &Path| {
        anyhow::anyhow!(
            "{flag} {}: that is {}, which is read: writing it would destroy it; name another file",
            output.display(),
            if input.as_os_str() == "/dev/stdin" { "standard input".into() } else { input.display().to_string() }
        )
    };
    for path in inputs {
        let input = if path.as_os_str() == "-" {
            PathBuf::from("/dev/stdin")
        } else {
            gotool_source::archive_of_member(path).unwrap_or_else(|| path.clone())
        };
        if FileId::of(&input).as_ref() == Some(&out) {
            return Err(refuse(&input));
        }
        if input.is_dir() {
            for found in gotool_source::discover(std::slice::from_ref(&input), walk) {
                if let Input::File { path, .. } = found
                    && FileId::of(&path).as_ref() == Some(&out)
                {
                    return Err(refuse(&path));
                }
            }
        }
    }
    Ok(())
}

/// Says on stderr what a file written could not keep of the one it replaced (`gotool: PATH: note: …`).
pub(crate) fn say_notes(stderr: &mut dyn Write, path: &Path, notes: &[String]) {
    for note in notes {
        let _ = writeln!(stderr, "gotool: {}: note: {note}", path.display());
    }
}
