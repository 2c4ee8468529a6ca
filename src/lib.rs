//! gotool: validate and score Go game records (SGF).
//!
//! The pipeline flows one way: bytes → text (`input`) → a flat SGF tree with byte positions (`sgf`) →
//! a game record (`record`) → replay through the rules core (`go`, `check`) → scoring (`score`) →
//! reports (`report`). Only `main.rs` touches stdout and stderr.
#![warn(clippy::print_stdout, clippy::print_stderr)]

pub mod analyze;
pub mod app;
pub mod batch;
pub mod check;
pub mod cli;
pub mod diag;
pub mod finish;
pub mod go;
pub mod input;
pub mod picture;
pub mod record;
pub mod render;
pub mod report;
pub mod score;
pub mod sgf;
pub mod source;
pub mod stats;
