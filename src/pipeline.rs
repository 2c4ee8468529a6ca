//! The per-file pipeline: read → decode → scan → check each game → place every diagnostic at line:column.
//! Never prints. A panic inside becomes an `internal-error` for that file, so a batch goes on.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use serde::Serialize;

use crate::model::diagnostic::{Diagnostic, Severity};
use crate::replay::{CheckOptions, GameReport, LineEnd, check_game};
use crate::sgf::decode::{self as input, DecodeError};
use crate::sgf::{self, Limits, LineIndex};

/// Why a whole file could not be checked.
#[derive(Clone, Debug, Serialize)]
pub struct FileError {
    pub code: &'static str,
    pub message: String,
    pub line: Option<u32>,
    pub column: Option<u32>,
}

/// The report on one file.
#[derive(Clone, Debug, Serialize)]
pub struct FileReport {
    pub path: String,
    pub error: Option<FileError>,
    /// The charset the text was read in.
    pub charset: Option<&'static str>,
    /// Findings about the file as a whole (charset, text outside game trees).
    pub diagnostics: Vec<Diagnostic>,
    pub games: Vec<GameReport>,
}

impl FileReport {
    /// A folder entry that could not be read.
    pub fn failed_io(path: &str, message: String) -> FileReport {
        FileReport::failed(path, "io", message, None)
    }

    fn failed(path: &str, code: &'static str, message: String, place: Option<(u32, u32)>) -> FileReport {
        FileReport {
            path: path.to_string(),
            error: Some(FileError { code, message, line: place.map(|p| p.0), column: place.map(|p| p.1) }),
            charset: None,
            diagnostics: Vec::new(),
            games: Vec::new(),
        }
    }

    pub fn warning_count(&self) -> usize {
        let count = |d: &[Diagnostic]| d.iter().filter(|d| d.severity == Severity::Warning).count();
        count(&self.diagnostics) + self.games.iter().map(|g| count(&g.diagnostics)).sum::<usize>()
    }
}

/// Settings for the pipeline.
#[derive(Clone, Debug, Default)]
pub struct AnalyzeOptions {
    pub check: CheckOptions,
    pub limits: Limits,
}

/// A hook run on each game's replayed main line while the text is still at hand (scoring, pictures).
pub type GameHook<'h> = &'h (dyn Fn(&sgf::Collection, &mut GameReport, &LineEnd) + Sync);

/// Reads and checks one file.
pub fn analyze_path(path: &Path, display: &str, options: &AnalyzeOptions, hook: Option<GameHook>) -> FileReport {
    let size = match std::fs::metadata(path) {
        Ok(m) => m.len(),
        Err(e) => return FileReport::failed(display, "io", format!("cannot read: {e}"), None),
    };
    if size > options.limits.max_file_bytes {
        return FileReport::failed(
            display,
            "limit",
            format!(
                "file is {size} bytes, over the limit of {} bytes (see --max-file-size)",
                options.limits.max_file_bytes
            ),
            None,
        );
    }
    match read_limited(path, options.limits.max_file_bytes, Some(size)) {
        Ok(Some(bytes)) => analyze_bytes(&bytes, display, options, hook),
        Ok(None) => FileReport::failed(
            display,
            "limit",
            format!("more than {} bytes, over the limit (see --max-file-size)", options.limits.max_file_bytes),
            None,
        ),
        Err(e) => FileReport::failed(display, "io", format!("cannot read: {e}"), None),
    }
}

/// Reads a file, but never more than `max` bytes: `None` when it holds more. The size on disk is not enough
/// to go by: a pipe (`gotool check <(curl …)`), `/dev/zero` or a file still growing reports 0 or too little,
/// and an unbounded read would take all memory (issue #6). `size`, when the caller already has it, only
/// sizes the buffer; without it the file is asked.
pub fn read_limited(path: &Path, max: u64, size: Option<u64>) -> std::io::Result<Option<Vec<u8>>> {
    use std::io::Read;
    let file = std::fs::File::open(path)?;
    let hint = size.unwrap_or_else(|| file.metadata().map_or(0, |m| m.len())).min(max);
    let mut bytes = Vec::with_capacity(usize::try_from(hint).unwrap_or(0));
    file.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= max).then_some(bytes))
}

/// Checks a file's bytes. Catches panics as `internal-error`.
pub fn analyze_bytes(bytes: &[u8], display: &str, options: &AnalyzeOptions, hook: Option<GameHook>) -> FileReport {
    match catch_unwind(AssertUnwindSafe(|| analyze_inner(bytes, display, options, hook))) {
        Ok(report) => report,
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            FileReport::failed(
                display,
                "internal-error",
                format!("gotool failed on this file ({what}); please report it"),
                None,
            )
        }
    }
}

fn analyze_inner(bytes: &[u8], display: &str, options: &AnalyzeOptions, hook: Option<GameHook>) -> FileReport {
    if bytes.len() as u64 > options.limits.max_file_bytes {
        return FileReport::failed(
            display,
            "limit",
            format!("{} bytes, over the limit of {} bytes", bytes.len(), options.limits.max_file_bytes),
            None,
        );
    }
    let decoded = match input::decode(bytes) {
        Ok(d) => d,
        Err(e @ DecodeError::Empty) => {
            return FileReport::failed(display, "syntax", e.to_string(), None);
        }
        Err(e) => return FileReport::failed(display, "encoding", e.to_string(), None),
    };
    let text: &str = &decoded.text;
    let mut report = FileReport {
        path: display.to_string(),
        error: None,
        charset: Some(decoded.charset),
        diagnostics: decoded
            .notes
            .iter()
            .map(|(note, at)| {
                let d = Diagnostic::warning(note.code(), note.message(decoded.charset));
                if let Some(offset) = *at { d.at(offset) } else { d }
            })
            .collect(),
        games: Vec::new(),
    };
    // In a collection, the games complete before a structural error are checked as usual; the error is the
    // file's, naming the game it is in.
    let (collection, error) = sgf::scan_collection(text, &options.limits);
    // The line table, built once and only when some position needs it.
    let mut lines: Option<LineIndex> = None;
    if let Some(e) = error {
        let index = lines.insert(LineIndex::new(text));
        let place = index.line_col(e.offset);
        let kept = collection.games.len();
        let message = match kept {
            0 => e.message(index),
            _ => format!("game {}: {}", kept + 1, e.message(index)),
        };
        report.error = Some(FileError { code: e.code(), message, line: Some(place.0), column: Some(place.1) });
        if kept == 0 {
            place_diagnostics(text, lines, &mut report);
            return report;
        }
    }
    for junk in &collection.junk {
        let preview: String = collection.slice(*junk).chars().take(24).collect();
        report.diagnostics.push(
            Diagnostic::warning("junk-outside-tree", format!("text outside any game tree is ignored: {preview:?}"))
                .at(junk.start as usize),
        );
    }
    for index in 0..collection.games.len() {
        let (mut game, end) = check_game(&collection, index, &options.check);
        if let (Some(hook), Some(end)) = (hook, end.as_ref()) {
            hook(&collection, &mut game, end);
        }
        report.games.push(game);
    }
    place_diagnostics(text, lines, &mut report);
    report
}

/// Fills in line:column from byte offsets, with the line table `lines` if there is one already, else building
/// it only when some diagnostic needs it.
fn place_diagnostics(text: &str, lines: Option<LineIndex>, report: &mut FileReport) {
    let needs =
        report.diagnostics.iter().chain(report.games.iter().flat_map(|g| &g.diagnostics)).any(|d| d.offset.is_some());
    if !needs {
        return;
    }
    let index = lines.unwrap_or_else(|| LineIndex::new(text));
    let all = report.diagnostics.iter_mut().chain(report.games.iter_mut().flat_map(|g| g.diagnostics.iter_mut()));
    for d in all {
        if let Some(offset) = d.offset {
            let (line, column) = index.line_col(offset);
            d.line = Some(line);
            d.column = Some(column);
        }
    }
}
