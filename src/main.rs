//! The `gotool` binary: parses the command line, runs it, prints errors once, returns the exit status.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = gotool::cli::Cli::parse();
    let mut stdout = io::stdout().lock();
    let mut stderr = io::stderr();
    match gotool::app::run(cli, &mut stdout, &mut stderr) {
        Ok(code) => ExitCode::from(code),
        Err(err) => {
            let _ = writeln!(stderr, "gotool: {err:#}");
            ExitCode::from(gotool::app::exit::USAGE)
        }
    }
}
