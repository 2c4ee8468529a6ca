//! Human-readable output: one line per game (`path: ok` or its first error at `path:line:col`), the
//! warnings below it, and a summary line at the end.

use std::io::{self, Write};

use super::Reporter;
use gotool_model::{Diagnostic, FileReport, Severity, Summary, plural};
use gotool_render::{escape_terminal, score_table};

/// How the text report looks.
#[derive(Clone, Copy, Debug, Default)]
pub struct TextStyle {
    /// ANSI colours (only on a terminal, never with `NO_COLOR`).
    pub color: bool,
    /// Show `info` diagnostics too.
    pub verbose: bool,
    /// Print nothing for valid games without warnings (large folders).
    pub problems_only: bool,
    /// Print the full score table of each scored game (`gotool score`) instead of one line (`gotool check`).
    pub score_table: bool,
}

/// Writes the human-readable report.
pub struct TextReporter<W: Write> {
    out: W,
    style: TextStyle,
    /// Score tables written so far: a blank line goes between two.
    tables_written: usize,
}

impl<W: Write> TextReporter<W> {
    /// A reporter writing to `out` in this style.
    pub fn new(out: W, style: TextStyle) -> Self {
        TextReporter { out, style, tables_written: 0 }
    }

    fn paint(&self, text: &str, code: &str) -> String {
        if self.style.color { format!("\x1b[{code}m{text}\x1b[0m") } else { text.to_string() }
    }

    fn detail(&mut self, path: &str, d: &Diagnostic) -> io::Result<()> {
        let label = match d.severity {
            Severity::Error => self.paint("error", "31"),
            Severity::Warning => self.paint("warning", "33"),
            Severity::Info => self.paint("info", "36"),
        };
        writeln!(self.out, "  {label}: {}: {}", place(path, d), body(d))
    }

    fn shown(&self, d: &Diagnostic) -> bool {
        d.severity != Severity::Info || self.style.verbose
    }
}

/// `path:line:col`, or the path alone where the place is not known. `path` is already escaped.
fn place(path: &str, d: &Diagnostic) -> String {
    match (d.line, d.column) {
        (Some(l), Some(c)) => format!("{path}:{l}:{c}"),
        _ => path.to_string(),
    }
}

/// What a diagnostic says, with its move and code: `move 57 (W Q16 / pd): illegal ko recapture [ko]`.
fn body(d: &Diagnostic) -> String {
    let message = escape_terminal(&d.message);
    let variation = d.variation.map(|v| format!("variation {v}, ")).unwrap_or_default();
    match d.move_label() {
        Some(label) => format!("{variation}{}: {message} [{}]", escape_terminal(&label), d.code),
        None => format!("{variation}{message} [{}]", d.code),
    }
}

/// A game's line when it has an error: `path:line:col: error: move 57 (W Q16 / pd): illegal ko recapture [ko]`.
/// `name` is the game's name, already escaped (`path`, or `path#n` in a collection); `label` is `error`,
/// coloured or not.
pub(crate) fn error_line(name: &str, d: &Diagnostic, label: &str) -> String {
    format!("{}: {label}: {}", place(name, d), body(d))
}

impl<W: Write> Reporter for TextReporter<W> {
    fn file(&mut self, report: &FileReport) -> io::Result<()> {
        let path = escape_terminal(&report.path).into_owned();
        let file_notes: Vec<&Diagnostic> = report.diagnostics.iter().filter(|d| self.shown(d)).collect();
        // Findings about the file as a whole (its charset, text outside the game trees) come first: they are
        // about how every game below was read.
        for d in &file_notes {
            self.detail(&path, d)?;
        }
        // A file error after some games is a collection whose later game is broken: name the games `path#n`.
        let several = report.games.len() > 1 || (report.error.is_some() && !report.games.is_empty()) || report.streamed;
        for game in &report.games {
            let name = if several { format!("{path}#{}", game.index + 1) } else { path.clone() };
            let shown: Vec<&Diagnostic> = game.diagnostics.iter().filter(|d| self.shown(d)).collect();
            if self.style.problems_only && game.is_valid() && shown.is_empty() && file_notes.is_empty() {
                continue;
            }
            let first_error = game.first_error();
            // In `score`, a game that was not scored says why on its own line, instead of `ok`.
            let not_scored = game.diagnostics.iter().find(|d| d.code == "not-scored");
            match (first_error, &game.score) {
                (None, Some(score)) if self.style.score_table => {
                    if self.tables_written > 0 {
                        writeln!(self.out)?;
                    }
                    self.tables_written += 1;
                    write!(self.out, "{}", score_table::table(game, score, &name))?;
                }
                (None, None)
                    if self.style.score_table
                        && let Some(note) = not_scored =>
                {
                    writeln!(self.out, "{name}: {}", escape_terminal(&note.message))?;
                }
                (None, score) => {
                    let ok = self.paint("ok", "32");
                    writeln!(self.out, "{name}: {ok}")?;
                    if let Some(score) = score {
                        writeln!(self.out, "  {}", score_table::one_line(game, score))?;
                    }
                }
                (Some(e), _) => {
                    let label = self.paint("error", "31");
                    writeln!(self.out, "{}", error_line(&name, e, &label))?;
                    if let Some(picture) = &game.picture {
                        for line in picture.lines() {
                            writeln!(self.out, "    {line}")?;
                        }
                    }
                }
            }
            for d in shown {
                let said = |said: Option<&Diagnostic>| said.is_some_and(|e| std::ptr::eq(e, d));
                if said(first_error) || (self.style.score_table && game.score.is_none() && said(not_scored)) {
                    continue;
                }
                self.detail(&name, d)?;
            }
        }
        // After the games: in a collection, the error comes after the games complete before it.
        if let Some(e) = &report.error {
            let place = match (e.line, e.column) {
                (Some(l), Some(c)) => format!("{path}:{l}:{c}"),
                _ => path.clone(),
            };
            let label = self.paint("error", "31");
            writeln!(self.out, "{place}: {label}: {} [{}]", escape_terminal(&e.message), e.code)?;
        }
        // Every other game lost in a collection, each at its place.
        for lost in report.other_lost() {
            let place = match (lost.line, lost.column) {
                (Some(l), Some(c)) => format!("{path}:{l}:{c}"),
                _ => path.clone(),
            };
            let label = self.paint("error", "31");
            writeln!(self.out, "{place}: {label}: {} [{}]", escape_terminal(&lost.message), lost.code)?;
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    fn finish(&mut self, s: &Summary) -> io::Result<()> {
        let mut line = format!(
            "{} file{}, {} game{}: {} valid, {} invalid, {} warning{}",
            s.files,
            plural(s.files),
            s.games,
            plural(s.games),
            s.valid(),
            s.invalid,
            s.warnings,
            plural(s.warnings)
        );
        if s.file_errors > 0 {
            line.push_str(&format!(", {} file{} not fully readable as SGF", s.file_errors, plural(s.file_errors)));
        }
        if s.games_lost > 0 {
            let n = s.games_lost;
            line.push_str(&format!(", {n} game{} lost to a broken game tree", plural(n)));
        }
        if s.skipped > 0 {
            line.push_str(&format!("; {} skipped (hidden, or macOS metadata: see --hidden)", s.skipped));
        }
        writeln!(self.out, "{line}")?;
        self.out.flush()
    }
}
