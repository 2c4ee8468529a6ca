//! gotool: validate and score Go (baduk, weiqi) game records (SGF).
//!
//! The pipeline flows one way: bytes → text (`sgf::decode`) → a flat SGF tree with byte positions (`sgf::scan`) →
//! property values (`sgf::values`) → replay through the rules core (`go`, `replay`) → scoring (`score`) →
//! reports (`report`). Only `main.rs` touches stdout and stderr.
#![warn(clippy::print_stdout, clippy::print_stderr)]

pub mod api;
pub mod app;
mod batch;
pub mod cli;
mod config;
pub mod convert;
pub mod fix;
pub mod go;
pub mod model;
mod output;
pub mod pipeline;
pub mod record;
pub mod render;
pub mod replay;
pub mod report;
pub mod score;
pub mod sgf;
pub mod source;
mod stats;

/// What a caught panic said (its `&str` or `String` payload), for the `internal-error` that stands in for it: the
/// pipeline, the fixer, the archive reader and the Python module each catch panics at their boundary.
pub fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string())
}
