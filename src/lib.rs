//! gotool: validate and score Go (baduk, weiqi) game records (SGF).
//!
//! The pipeline flows one way: bytes → text (`sgf::decode`) → a flat SGF tree with byte positions (`sgf::scan`) →
//! property values (`sgf::values`) → replay through the rules core (`go`, `replay`) → scoring (`score`) →
//! reports (`report`). Only `main.rs` touches stdout and stderr.
#![warn(clippy::print_stdout, clippy::print_stderr)]

pub mod api;
pub mod app;
pub mod cli;
mod config;
mod output;
pub mod report;
mod stats;
