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
            let what = if report.write_failed { "not written" } else { "left alone" };
            writeln!(
                self.out,
                "{path}{}: {what}: {}: {}",
                place(e.line, e.column),
                e.code,
                escape_terminal(&e.message)
            )?;
        }
        if let Some(written) = report.written.as_ref().filter(|_| report.changed) {
            writeln!(self.out, "{path}: written to {}", escape_terminal(written))?;
        }
        if let Some(diff) = &report.diff {
            // Made safe for the terminal, but for its line breaks, tabs and carriage returns, which `patch` and
            // `git apply` need (a header's name ends with a tab).
            for part in diff.split_inclusive(['\n', '\t', '\r']) {
                let (body, end) = part.strip_suffix(['\n', '\t', '\r']).map_or((part, ""), |b| (b, &part[b.len()..]));
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
            FixFormat::Text => writeln!(self.out, "{}", summary_line(summary, self.writes))?,
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

/// The summary line of a text report: how many files were fixed (or are to fix, in a dry run), with the fixes by
/// code, unchanged, failed (with `writes`) and left alone, then what was skipped and whether the run was
/// interrupted.
fn summary_line(summary: &FixSummary, writes: bool) -> String {
    let codes: Vec<String> = summary.by_code.iter().map(|(c, n)| format!("{c} {n}")).collect();
    let fixes = format!(
        "{} fix{}{}",
        summary.fixes,
        if summary.fixes == 1 { "" } else { "es" },
        if codes.is_empty() { String::new() } else { format!(": {}", codes.join(", ")) }
    );
    let mut line = format!("{} file{}: ", summary.files, plural(summary.files));
    if writes {
        line.push_str(&format!(
            "{} fixed ({fixes}), {} unchanged, {} failed, {} left alone",
            summary.fixed(),
            summary.unchanged,
            summary.failed,
            summary.left_alone
        ));
        // Copies are written of every file, fixed or not.
        if summary.written != summary.fixed() {
            line.push_str(&format!("; {} written", summary.written));
        }
    } else {
        line.push_str(&format!(
            "{} to fix ({fixes}), {} unchanged, {} left alone",
            summary.changed, summary.unchanged, summary.left_alone
        ));
    }
    if summary.skipped > 0 {
        line.push_str(&format!("; {} skipped (hidden, or macOS metadata: see --hidden)", summary.skipped));
    }
    if !writes && summary.changed > 0 {
        line.push_str("; nothing written (--write or --out-dir DIR writes the fixed files)");
    }
    if summary.interrupted {
        line.push_str(" (interrupted: the files above are all that were written)");
    }
    line
}

/// A unified diff of a file's text before and after fixing (`--diff`), as `diff -u` writes it, with the path
/// (its bytes as the system has them) in both headers, so that `patch -p1` and `git apply` apply it: `a/` and
/// `b/` before it, and after it a tab, where `patch` ends a name (a name may hold spaces), or the name quoted
/// in C's way where it holds what a tab cannot end. The texts are read as `check` reads them
/// (a file kept in windows-1252 shows as such).
pub fn unified_diff(path: &[u8], before: &str, after: &str) -> String {
    let diff = similar::TextDiff::from_lines(before, after);
    // `a/tmp/x.sgf` for `/tmp/x.sgf`.
    let path = path.strip_prefix(b"/").unwrap_or(path);
    let name = |side: &[u8]| header_name(&[side, path].concat());
    let mut out = diff.unified_diff().context_radius(3).header(&name(b"a/"), &name(b"b/")).to_string();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// A name as a diff header writes it: followed by a tab (`diff -u` puts the date there; `patch` reads the name
/// up to it), or, when it holds a control character, `"`, `\\`, bytes that are not UTF-8, or begins or ends
/// with a space, in double quotes with C's escapes (`\\t`, `\\"`, `\\\\`, `\\351`), as GNU diff and git write
/// such names and both `patch` and `git apply` read them.
fn header_name(name: &[u8]) -> String {
    let text = std::str::from_utf8(name).ok();
    let plain = text.filter(|t| {
        !t.chars().any(|c| c.is_control() || c == '"' || c == '\\') && !t.starts_with(' ') && !t.ends_with(' ')
    });
    if let Some(plain) = plain {
        return format!("{plain}\t");
    }
    let mut quoted = String::from("\"");
    for chunk in name.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '"' => quoted.push_str("\\\""),
                '\\' => quoted.push_str("\\\\"),
                '\t' => quoted.push_str("\\t"),
                '\n' => quoted.push_str("\\n"),
                '\r' => quoted.push_str("\\r"),
                c if c.is_control() => {
                    let mut bytes = [0; 4];
                    for b in c.encode_utf8(&mut bytes).bytes() {
                        quoted.push_str(&format!("\\{b:03o}"));
                    }
                }
                c => quoted.push(c),
            }
        }
        for b in chunk.invalid() {
            quoted.push_str(&format!("\\{b:03o}"));
        }
    }
    quoted.push('"');
    quoted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_names_end_with_a_tab_or_are_quoted() {
        assert_eq!(header_name(b"a/x y.sgf"), "a/x y.sgf\t");
        assert_eq!(header_name("a/日本.sgf".as_bytes()), "a/日本.sgf\t");
        assert_eq!(header_name(b"a/x\ty.sgf"), "\"a/x\\ty.sgf\"");
        assert_eq!(header_name(b"a/q\"\\.sgf"), "\"a/q\\\"\\\\.sgf\"");
        assert_eq!(header_name(b"a/x\xe9.sgf"), "\"a/x\\351.sgf\"");
        assert_eq!(header_name(b"a/trail "), "\"a/trail \"");
        assert_eq!(header_name(b"a/\x01"), "\"a/\\001\"");
    }
}
