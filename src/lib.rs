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
