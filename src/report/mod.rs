//! The writers: text, JSON, JSON Lines and GitHub annotations, each printing the report model (`model`) to a
//! `Write` it is handed; only `main.rs` knows about the real stdout.

pub mod fix;
pub mod github;
pub mod json;
pub mod stats;
pub mod text;

use std::io;

use gotool_model::{FileReport, Summary};

/// Receives file reports in input order, then the summary.
pub trait Reporter {
    /// One file, in input order.
    fn file(&mut self, report: &FileReport) -> io::Result<()>;
    /// The end of the run.
    fn finish(&mut self, summary: &Summary) -> io::Result<()>;
    /// Pushes what was written so far on to the terminal or file (while a progress bar waits to be drawn again).
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
