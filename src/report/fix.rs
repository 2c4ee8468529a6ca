//! `gotool fix`'s reports: text (one line per fix, the diff with `--diff`, a summary), JSON (one document, see
//! `model::fix`) and JSON Lines (one object per file, then the summary). Writes to the `Write` it is handed.

use std::io::{self, Write};

use serde_json::{Value, json};

use gotool_model::{FixReport, FixSummary, SCHEMA_VERSION, plural};
use gotool_render::escape_terminal;

/// The formats `fix` reports in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FixFormat {
    /// Lines for a person.
    Text,
    /// One JSON document.
    Json,
    /// One JSON object per file, then the summary.
    Jsonl,
}

/// Writes a `fix` run's report as files arrive, in input order.
pub struct FixReporter<W: Write> {
    out: W,
    format: FixFormat,
    /// The run writes the fixed files (`--write`, `--out-dir`), so the summary says "fixed", not "would fix".
    writes: bool,
    first: bool,
}

impl<W: Write> FixReporter<W> {
    /// A reporter writing `format` to `out`; `writes` when the run writes the fixed files.
    pub fn new(out: W, format: FixFormat, writes: bool) -> Self {
        FixReporter { out, format, writes, first: true }
    }

    /// One file.
    pub fn file(&mut self, report: &FixReport) -> io::Result<()> {
        match self.format {
            FixFormat::Text => self.text(report),
            FixFormat::Json => {
                let separator =
                    if self.first { format!("{{\"schema_version\":{SCHEMA_VERSION},\"files\":[") } else { ",".into() };
                self.first = false;
                self.out.write_all(separator.as_bytes())?;
                serde_json::to_writer(&mut self.out, report).map_err(io::Error::other)
            }
            FixFormat::Jsonl => {
                let mut v = serde_json::to_value(report).map_err(io::Error::other)?;
                if let Value::Object(m) = &mut v {
                    let mut tagged = serde_json::Map::new();
                    tagged.insert("type".into(), json!("file"));
                    tagged.extend(std::mem::take(m));
                    *m = tagged;
                }
                serde_json::to_writer(&mut self.out, &v).map_err(io::Error::other)?;
                self.out.write_all(b"\n")
            }
        }
    }

    fn text(&mut self, report: &FixReport) -> io::Result<()> {
        let path = escape_terminal(&report.path);
        let place = |line: Option<u32>, column: Option<u32>| match (line, column) {
            (Some(l), Some(c)) => format!(":{l}:{c}"),
            _ => String::new(),
        };
        for fix in &report.fixes {
            writeln!(
                self.out,
                "{path}{}: {} {}",
                place(fix.line, fix.column),
                fix.code,
                escape_terminal(&fix.message)
            )?;
        }
        for left in &report.left {
            writeln!(
                self.out,
                "{path}{}: not fixed: {}",
                place(left.line, left.column),
                escape_terminal(&left.message)
            )?;
        }
        if let Some(e) = &report.error {
            writeln!(
                self.out,
                "{path}{}: left alone: {}: {}",
                place(e.line, e.column),
                e.code,
                escape_terminal(&e.message)
            )?;
        }
        if let Some(written) = report.written.as_ref().filter(|_| report.changed) {
            writeln!(self.out, "{path}: written to {}", escape_terminal(written))?;
        }
        if let Some(diff) = &report.diff {
            // Each line made safe for the terminal, its line break kept.
            for line in diff.split_inclusive('\n') {
                let (body, end) = line.strip_suffix('\n').map_or((line, ""), |b| (b, "\n"));
                write!(self.out, "{}{end}", escape_terminal(body))?;
            }
        }
        Ok(())
    }

    /// Sends what was written on (before a progress bar is drawn again).
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// The end of the run.
    pub fn finish(&mut self, summary: &FixSummary) -> io::Result<()> {
        match self.format {
            FixFormat::Text => {
                let codes: Vec<String> = summary.by_code.iter().map(|(c, n)| format!("{c} {n}")).collect();
                let verb = if self.writes { "fixed" } else { "to fix" };
                write!(
                    self.out,
                    "{} file{}: {} {verb} ({} fix{}{}), {} left alone",
                    summary.files,
                    plural(summary.files),
                    summary.changed,
                    summary.fixes,
                    if summary.fixes == 1 { "" } else { "es" },
                    if codes.is_empty() { String::new() } else { format!(": {}", codes.join(", ")) },
                    summary.left_alone
                )?;
                if !self.writes && summary.changed > 0 {
                    write!(self.out, "; nothing written (--write or --out-dir DIR writes the fixed files)")?;
                }
                writeln!(self.out)?;
            }
            FixFormat::Json => {
                if self.first {
                    write!(self.out, "{{\"schema_version\":{SCHEMA_VERSION},\"files\":[")?;
                }
                self.out.write_all(b"],\"summary\":")?;
                serde_json::to_writer(&mut self.out, summary).map_err(io::Error::other)?;
                self.out.write_all(b"}\n")?;
            }
            FixFormat::Jsonl => {
                let mut v = serde_json::to_value(summary).map_err(io::Error::other)?;
                if let Value::Object(m) = &mut v {
                    m.insert("type".into(), json!("summary"));
                }
                serde_json::to_writer(&mut self.out, &v).map_err(io::Error::other)?;
                self.out.write_all(b"\n")?;
            }
        }
        self.out.flush()
    }
}

/// A unified diff of a file's text before and after fixing (`--diff`), as `diff -u` writes it, with the path
/// in both headers. The texts are read as `check` reads them (a file kept in windows-1252 shows as such).
pub fn unified_diff(path: &str, before: &str, after: &str) -> String {
    let diff = similar::TextDiff::from_lines(before, after);
    // `a/` and `b/` before the path (`a/tmp/x.sgf` for `/tmp/x.sgf`), so that `patch -p1` applies it.
    let path = path.strip_prefix('/').unwrap_or(path);
    let mut out = diff.unified_diff().context_radius(3).header(&format!("a/{path}"), &format!("b/{path}")).to_string();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out
}
