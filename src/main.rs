//! The `gotool` binary: parses the command line, runs it, prints errors once, returns the exit status.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

/// mimalloc: a file's pipeline allocates and frees many small buffers, and in a batch the printing thread
/// frees what the workers allocated; glibc's arenas serialise those frees across threads, mimalloc does not.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = gotool::cli::Cli::parse();
    // Interrupted (Ctrl-C, SIGTERM): no temporary file left behind, no progress line left on the terminal;
    // 130 is the shells' status for a run ended by SIGINT. A run that writes the user's files finishes those
    // being written, reports them and ends by itself, unless interrupted again.
    let _ = ctrlc::set_handler(|| {
        if gotool::app::on_interrupt() {
            std::process::exit(130);
        }
    });
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
