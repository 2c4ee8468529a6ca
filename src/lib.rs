//! The `gotool` command line, as a library for `main.rs` and the Python package: the flags ([`cli`]), their
//! resolution into a run (`config`), one runner per command ([`app`]), the report writers ([`report`]), the
//! archive overview (`stats`), atomic output files (`output`), and [`api`], which embeds a run of `check`,
//! `score` or `stats` for the Python package.
//!
//! The work is done by the library crates, in the order data flows: `gotool_source` (files, folders,
//! archives, streams) hands bytes to `gotool_sgf` (charsets, scanning, splitting collections, the record, the
//! GIB/NGF/UGF readers), `gotool_replay` plays the record through the rules core `gotool_go`, `gotool_score`
//! counts the final position, `gotool_render` draws pictures, `gotool_check` runs all of it on one file and
//! `gotool_fix` repairs records; their findings are the data types of `gotool_model`.
//!
//! Reports and pictures are written to the `Write` they are handed. What touches the terminal directly is
//! `main.rs` (stdout, stderr, the exit status), the progress bars (on stderr, only when it is a terminal) and
//! the interrupt handler ([`app::on_interrupt`]), which clears a progress line.
#![warn(clippy::print_stdout, clippy::print_stderr)]

pub mod api;
pub mod app;
pub mod cli;
mod config;
mod output;
pub mod report;
mod stats;
