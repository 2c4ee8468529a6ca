//! GitHub Actions workflow commands: one `::error`/`::warning` annotation per finding, so problems show up
//! on the lines of the pull request (docs: "Workflow commands for GitHub Actions", `error` and `warning`).

use std::io::{self, Write};

use super::Reporter;
use gotool_model::{Diagnostic, FileReport, Severity, Summary, plural};

/// Writes GitHub Actions annotations.
pub struct GithubReporter<W: Write> {
    out: W,
}

impl<W: Write> GithubReporter<W> {
    /// A reporter writing to `out`.
    pub fn new(out: W) -> Self {
        GithubReporter { out }
    }

    fn annotate(
        &mut self,
        level: &str,
        path: &str,
        line: Option<u32>,
        col: Option<u32>,
        title: &str,
        message: &str,
    ) -> io::Result<()> {
        // An archive member: the annotation is on the archive (the file in the repository), and its message names
        // the member and the place in it.
        if let Some((archive, _)) = path.split_once("!/") {
            let place = match (line, col) {
                (Some(l), Some(c)) => format!("{path}:{l}:{c}"),
                (Some(l), None) => format!("{path}:{l}"),
                _ => path.to_string(),
            };
            let props = format!("file={},title={}", escape_property(archive), escape_property(title));
            return writeln!(self.out, "::{level} {props}::{}", escape_data(&format!("{place}: {message}")));
        }
        let mut props = format!("file={}", escape_property(path));
        if let Some(l) = line {
            props.push_str(&format!(",line={l}"));
        }
        if let Some(c) = col {
            props.push_str(&format!(",col={c}"));
        }
        props.push_str(&format!(",title={}", escape_property(title)));
        writeln!(self.out, "::{level} {props}::{}", escape_data(message))
    }

    fn diagnostic(&mut self, path: &str, d: &Diagnostic) -> io::Result<()> {
        let level = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => return Ok(()),
        };
        let message = match d.move_label() {
            Some(label) => format!("{label}: {}", d.message),
            None => d.message.clone(),
        };
        self.annotate(level, path, d.line, d.column, &format!("gotool {}", d.code), &message)
    }
}

/// Escaping for the message part (GitHub's runner `escapeData`); other control characters from the record are
/// shown escaped, as in text output, so they cannot reach a terminal that displays the log.
pub fn escape_data(s: &str) -> String {
    let s = s.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A");
    gotool_render::escape_terminal(&s).into_owned()
}

/// Escaping for `key=value` properties (GitHub's runner `escapeProperty`).
pub fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

impl<W: Write> Reporter for GithubReporter<W> {
    fn file(&mut self, report: &FileReport) -> io::Result<()> {
        for e in report.error.iter().cloned().chain(report.other_lost().map(gotool_model::LostGame::to_error)) {
            self.annotate("error", &report.path, e.line, e.column, &format!("gotool {}", e.code), &e.message)?;
        }
        for d in &report.diagnostics {
            self.diagnostic(&report.path, d)?;
        }
        for game in &report.games {
            for d in &game.diagnostics {
                self.diagnostic(&report.path, d)?;
            }
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    fn finish(&mut self, s: &Summary) -> io::Result<()> {
        writeln!(
            self.out,
            "gotool: {} file{}, {} game{}: {} valid, {} invalid, {} warning{}, {} file{} not fully readable as SGF{}{}",
            s.files,
            plural(s.files),
            s.games,
            plural(s.games),
            s.valid(),
            s.invalid,
            s.warnings,
            plural(s.warnings),
            s.file_errors,
            plural(s.file_errors),
            match s.games_lost {
                0 => String::new(),
                n => format!(", {n} game{} lost to a broken game tree", plural(n)),
            },
            match s.skipped {
                0 => String::new(),
                n => format!("; {n} skipped (hidden, or macOS metadata: see --hidden)"),
            }
        )?;
        self.out.flush()
    }
}
