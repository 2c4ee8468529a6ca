//! JSON and JSON Lines output. The wire format is the serde form of the report model: see `model`'s module
//! docs, and `schema/report.schema.json`, its machine-readable twin.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::{Value, json};

use super::Reporter;
use gotool_model::{FileReport, SCHEMA_VERSION, Summary};

/// Writes one JSON document, file by file as reports arrive.
pub struct JsonReporter<W: Write> {
    out: W,
    first: bool,
    /// Each file's JSON, with its separator, is built here and written in one piece (see [`write_json`]).
    buffer: Vec<u8>,
}

impl<W: Write> JsonReporter<W> {
    /// A reporter writing to `out`.
    pub fn new(out: W) -> Self {
        JsonReporter { out, first: true, buffer: Vec::new() }
    }
}

/// Writes `before`, `value` as JSON and `after` to `out` in one piece, built in `buffer` (serde_json writes a few
/// bytes at a time, and through a `dyn Write` each of those is a call). A buffer that grew for one huge file is
/// not kept for the rest of the run.
fn write_json(
    out: &mut impl Write,
    buffer: &mut Vec<u8>,
    before: &[u8],
    value: &impl Serialize,
    after: &[u8],
) -> io::Result<()> {
    buffer.clear();
    buffer.extend_from_slice(before);
    serde_json::to_writer(&mut *buffer, value).map_err(to_io)?;
    buffer.extend_from_slice(after);
    out.write_all(buffer)?;
    if buffer.capacity() > 1 << 20 {
        *buffer = Vec::new();
    }
    Ok(())
}

fn to_io(e: serde_json::Error) -> io::Error {
    io::Error::other(e)
}

impl<W: Write> Reporter for JsonReporter<W> {
    fn file(&mut self, report: &FileReport) -> io::Result<()> {
        let separator: &[u8] = if self.first {
            write!(self.out, "{{\"schema_version\":{SCHEMA_VERSION},\"files\":[")?;
            self.first = false;
            b""
        } else {
            b","
        };
        write_json(&mut self.out, &mut self.buffer, separator, report, b"")
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    fn finish(&mut self, summary: &Summary) -> io::Result<()> {
        if self.first {
            write!(self.out, "{{\"schema_version\":{SCHEMA_VERSION},\"files\":[")?;
        }
        self.out.write_all(b"],\"summary\":")?;
        serde_json::to_writer(&mut self.out, summary).map_err(to_io)?;
        self.out.write_all(b"}\n")?;
        self.out.flush()
    }
}

/// Writes JSON Lines: one object per game (and per file error), then the summary.
pub struct JsonLinesReporter<W: Write> {
    out: W,
    /// As in [`JsonReporter`]: one write per line.
    buffer: Vec<u8>,
}

impl<W: Write> JsonLinesReporter<W> {
    /// A reporter writing to `out`.
    pub fn new(out: W) -> Self {
        JsonLinesReporter { out, buffer: Vec::new() }
    }

    fn line(&mut self, value: &impl Serialize) -> io::Result<()> {
        write_json(&mut self.out, &mut self.buffer, b"", value, b"\n")
    }
}

/// `{"type": kind, "path": path, ...fields of value}`.
fn tagged(kind: &str, path: &str, value: &impl Serialize) -> io::Result<Value> {
    let mut object = serde_json::Map::new();
    object.insert("type".into(), json!(kind));
    object.insert("path".into(), json!(path));
    if let Value::Object(fields) = serde_json::to_value(value).map_err(to_io)? {
        object.extend(fields);
    }
    Ok(Value::Object(object))
}

impl<W: Write> Reporter for JsonLinesReporter<W> {
    fn file(&mut self, report: &FileReport) -> io::Result<()> {
        if let Some(error) = &report.error {
            let v = json!({"type": "file-error", "path": report.path, "error": error});
            self.line(&v)?;
        }
        // Every other game lost in a collection is a file error of its own.
        for lost in report.other_lost() {
            let v = json!({"type": "file-error", "path": report.path, "error": lost.to_error()});
            self.line(&v)?;
        }
        if !report.diagnostics.is_empty() {
            let v = json!({
                "type": "file",
                "path": report.path,
                "charset": report.charset,
                "format": report.format,
                "diagnostics": report.diagnostics
            });
            self.line(&v)?;
        }
        for game in &report.games {
            let v = tagged("game", &report.path, game)?;
            self.line(&v)?;
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    fn finish(&mut self, summary: &Summary) -> io::Result<()> {
        let mut v = serde_json::to_value(summary).map_err(to_io)?;
        if let Value::Object(m) = &mut v {
            m.insert("type".into(), json!("summary"));
        }
        self.line(&v)?;
        self.out.flush()
    }
}
