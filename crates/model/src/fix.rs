//! What `gotool fix` reports: per file, each fix (made, or to be made in a dry run) with its code and place, what
//! it found but left as it was, and why a file was left alone; and the totals of a run. The serde form is the
//! JSON wire format of `fix --format json|jsonl` (`schema/fix.schema.json` is its twin):
//!
//! ```text
//! {"schema_version": 1,
//!  "files": [{"path": "...", "changed": true, "written": "out/a.sgf" | null, "write_failed": false,
//!             "charset": "UTF-8" | null,
//!             "error": null | {"code", "message", "line", "column"},
//!             "fixes": [{"code": "komi", "message": "...", "line": 1, "column": 40}],
//!             "left": [{"code", "message", "line", "column"}], "diff": "--- a.sgf …" | null}],
//!  "summary": {"files", "changed", "fixes", "left_alone", "written", "unchanged", "failed", "skipped",
//!              "interrupted", "by_code": {"komi": 12, …}}}
//! ```
//! `--format jsonl` writes `{"type": "file", …the file's fields…}` per file and a last `{"type": "summary", …}`.

use std::collections::BTreeMap;

use serde::Serialize;

use super::FileError;

/// One fix, or one problem left as it was.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FixEntry {
    /// Stable kebab-case code (`docs/fix.md` lists them).
    pub code: &'static str,
    /// What the fix does (or why the problem was left), for a person.
    pub message: String,
    /// 1-based line in the original file.
    pub line: Option<u32>,
    /// 1-based column in the original file, in characters.
    pub column: Option<u32>,
}

/// `fix`'s report on one file.
#[derive(Clone, Debug, Default, Serialize)]
pub struct FixReport {
    /// The path as given or found.
    pub path: String,
    /// The fixed file differs from the original.
    pub changed: bool,
    /// Where the fixed file was written (`--write`, `--out-dir`), if it was.
    pub written: Option<String>,
    /// The fixed file, its copy or the original's backup could not be written (or was refused: a read-only
    /// file): `error` says why.
    pub write_failed: bool,
    /// The charset the file was read in.
    pub charset: Option<&'static str>,
    /// Why the file was left alone (cannot be read, syntax with two readings, unsure charset), if it was.
    pub error: Option<FileError>,
    /// The fixes, in the order made.
    pub fixes: Vec<FixEntry>,
    /// Problems found and left as they were (two readings possible).
    pub left: Vec<FixEntry>,
    /// The unified diff of the fix (`--diff`).
    pub diff: Option<String>,
}

/// Totals over a `fix` run. Each file is counted in one of four: fixed (to fix, in a dry run), `unchanged`,
/// `failed`, `left_alone`; `written` counts the files written (with `--out-dir`, every copy).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct FixSummary {
    /// Files looked at.
    pub files: usize,
    /// Files that fixing changes (written or not).
    pub changed: usize,
    /// Fixes in all files (where the run writes, in the files written).
    pub fixes: usize,
    /// Files left alone (unreadable, unfixable, unsafe).
    pub left_alone: usize,
    /// Files written: fixed files (`--write`), or copies (`--out-dir`).
    pub written: usize,
    /// Files read that need no fix.
    pub unchanged: usize,
    /// Files whose fixed version, copy or backup could not be written, or was refused.
    pub failed: usize,
    /// Files and folders that walks of folders and archives left out: hidden ones (without `--hidden`) and macOS
    /// metadata that would otherwise have been read.
    pub skipped: usize,
    /// The run was interrupted: the counts are of what was done before.
    pub interrupted: bool,
    /// Fixes by code.
    pub by_code: BTreeMap<&'static str, usize>,
}

impl FixSummary {
    /// Counts one file's report in.
    pub fn add(&mut self, report: &FixReport) {
        self.files += 1;
        self.changed += usize::from(report.changed);
        self.written += usize::from(report.written.is_some());
        if report.write_failed {
            self.failed += 1;
        } else if report.error.is_some() {
            self.left_alone += 1;
        } else if !report.changed {
            self.unchanged += 1;
        }
        // A file whose fixed version could not be written has no fix made.
        if report.write_failed {
            return;
        }
        self.fixes += report.fixes.len();
        for fix in &report.fixes {
            *self.by_code.entry(fix.code).or_default() += 1;
        }
    }

    /// Files fixed (in a dry run: to fix), and written where the run writes: the files that are neither
    /// unchanged, failed nor left alone.
    pub fn fixed(&self) -> usize {
        self.files - self.unchanged - self.failed - self.left_alone
    }
}
