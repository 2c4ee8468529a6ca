//! `gotool fix` on the command line: finds the files (folders walked), fixes each on the workers, writes what
//! the flags ask for (`--write`, `--out-dir`) and reports in input order.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressDrawTarget};

use super::{bar_style, exit};
use crate::batch;
use crate::config::FixConfig;
use crate::fix::Fixer;
use crate::model::{FileError, FixReport, FixSummary};
use crate::output::{Copies, Output, reader_gone, write_atomically};
use crate::report;
use crate::report::fix::FixReporter;
use crate::source::{self, Input};

/// `gotool fix`: every file through the fixer in parallel, the fixed ones written as the flags say (atomically,
/// from the worker that fixed them), reported in input order. Exit status 1 when a dry run finds something to
/// fix or a file has to be left alone, 2 when a path cannot be used or a file cannot be read or written.
pub(super) fn run_fix(config: &FixConfig, stdout: &mut dyn Write, stderr: &mut dyn Write) -> Result<u8> {
    let mut unusable = false;
    let mut roots = Vec::new();
    for p in &config.paths {
        let problem = match source::check_readable(p) {
            Err(e) => Some(e.to_string()),
            Ok(()) if p.is_dir() && !config.allow_empty && !source::holds_records(p, config.follow_links, false) => {
                Some("no SGF files found in this folder (--allow-empty accepts that)".to_string())
            }
            Ok(()) => None,
        };
        match problem {
            Some(problem) => {
                let _ = writeln!(stderr, "gotool: {}: {problem}", p.display());
                unusable = true;
            }
            // Whether it is a folder, asked once (not for each file found in it).
            None => roots.push(Root { path: p.clone(), folder: p.is_dir() }),
        }
    }
    if let Some(dir) = &config.out_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    // Files already inside the output folder (`--out-dir` inside a folder being fixed) are not fixed again.
    let mut inside_out_dir = InsideFolder::new(config.out_dir.as_deref(), config.follow_links);
    let inputs = roots.iter().flat_map(|root| {
        source::discover(std::slice::from_ref(&root.path), config.follow_links, false).map(move |input| (root, input))
    });
    let inputs = inputs.filter(|(root, input)| {
        // In folders, fix takes SGF text only (the other formats are `convert`'s).
        if let Input::File { path, .. } = input
            && root.folder
            && !path
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| ["sgf", "mgt", "sgfs"].iter().any(|x| e.eq_ignore_ascii_case(x)))
        {
            return false;
        }
        match input {
            Input::File { path, .. } if !config.paths.contains(path) => !inside_out_dir.holds(path),
            _ => true,
        }
    });
    let copies = config.out_dir.as_deref().map(Copies::new);
    let fixer = Fixer::new(config.options.clone());
    let writes = config.write.is_some() || config.out_dir.is_some();
    let mut unreadable = false;
    let mut summary = FixSummary::default();
    let mut output = Output::open(None, stdout)?;
    let single_file = roots.len() == 1 && !roots[0].folder;
    let progress = if config.quiet || single_file || !io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        bar.set_style(bar_style("{spinner} {pos} files  {rate} files/s  {msg}"));
        bar
    };
    let share_terminal = !progress.is_hidden() && io::stdout().is_terminal();
    {
        let mut reporter = FixReporter::new(output.writer(), config.format, writes);
        let ordered = batch::Ordered { jobs: config.jobs, cost: |_: &Option<FixReport>| 1, budget: 4096 };
        let result = batch::run_ordered(
            inputs,
            ordered,
            |(root, input)| match input {
                Input::File { path, display } => Some(fix_one(config, &fixer, copies.as_ref(), root, path, display)),
                Input::Skipped { .. } | Input::Stdin | Input::Member { .. } => None,
            },
            |(root, input), report| {
                let Some(report) = report else {
                    match input {
                        Input::Skipped { display, message, error } => {
                            unreadable |= *error;
                            let _ = writeln!(stderr, "gotool: {display}: {message}");
                        }
                        // Fixed records are written back where they came from: files, not streams or members.
                        _ => {
                            unreadable = true;
                            let _ =
                                writeln!(stderr, "gotool: {}: fix reads files and folders only", root.path.display());
                        }
                    }
                    return Ok(());
                };
                unreadable |= report.error.as_ref().is_some_and(|e| e.code == "io");
                summary.add(&report);
                if !progress.is_hidden() {
                    progress.inc(1);
                    progress.set_message(format!("{} to fix", summary.changed));
                }
                if share_terminal {
                    progress.suspend(|| reporter.file(&report).and_then(|()| reporter.flush()))
                } else {
                    reporter.file(&report)
                }
            },
        );
        progress.finish_and_clear();
        if let Some(copies) = copies {
            copies.flush()?;
        }
        let gone =
            reader_gone(result).and_then(|gone| if gone { Ok(true) } else { reader_gone(reporter.finish(&summary)) });
        if gone.context("writing the report")? {
            return Ok(exit::OK);
        }
    }
    output.commit()?;
    if unusable || unreadable {
        return Ok(exit::USAGE);
    }
    let to_fix = !writes && summary.changed > 0;
    Ok(if to_fix || summary.left_alone > 0 { exit::PROBLEMS } else { exit::OK })
}

/// Fixes one file and writes what the flags ask for: the fixed file over the original (`--write`, with the
/// original kept as `.orig` under `--backup`) or a copy in the output folder (`--out-dir`: every file, fixed or
/// not). A failed write is the file's error.
fn fix_one(
    config: &FixConfig,
    fixer: &Fixer,
    copies: Option<&Copies>,
    root: &Root,
    path: &Path,
    display: &str,
) -> FixReport {
    let fixed = fixer.fix_file(path, display);
    let mut report = fixed.report;
    if config.diff
        && let (Some(input), Some(output)) = (&fixed.input, &fixed.output)
    {
        report.diff = Some(fix_diff(display, input, output));
    }
    let written = if let Some(backup) = config.write {
        fixed.output.as_ref().map(|output| {
            let mut target = path.to_path_buf();
            if backup {
                let mut name = path.file_name().unwrap_or_default().to_os_string();
                name.push(".orig");
                let original = fixed.input.as_deref().unwrap_or_default();
                write_atomically(&path.with_file_name(name), original)?;
            }
            write_atomically(&target, output).map(|()| std::mem::take(&mut target))
        })
    } else if let (Some(dir), Some(copies)) = (&config.out_dir, copies) {
        let bytes = fixed.output.as_ref().or(fixed.input.as_ref());
        bytes.map(|bytes| {
            let relative = match path.strip_prefix(&root.path) {
                Ok(r) if root.folder && !r.as_os_str().is_empty() => r.to_path_buf(),
                _ => PathBuf::from(path.file_name().unwrap_or_default()),
            };
            let target = dir.join(relative);
            copies.write(&target, bytes).map(|()| target)
        })
    } else {
        None
    };
    match written {
        Some(Ok(target)) => report.written = Some(target.display().to_string()),
        Some(Err(e)) => {
            report.error = Some(FileError { code: "io", message: format!("{e:#}"), line: None, column: None });
        }
        None => {}
    }
    report
}

/// A path named on the command line of `fix`.
struct Root {
    path: PathBuf,
    /// Whether it is a folder.
    folder: bool,
}

/// Whether the files of a walk are inside a folder (the output folder of `fix --out-dir`), by their paths with
/// every link resolved. The files of one folder come one after another in a walk, so a folder's path is resolved
/// once for all of them; a file's own path is resolved only when links are followed (a file can then be a link).
struct InsideFolder {
    /// The folder, links resolved (`None`: no folder, or one that cannot be resolved; nothing is inside).
    folder: Option<PathBuf>,
    follow_links: bool,
    /// The last file's folder, and whether it is inside.
    last: Option<(PathBuf, bool)>,
}

impl InsideFolder {
    fn new(folder: Option<&Path>, follow_links: bool) -> InsideFolder {
        InsideFolder { folder: folder.and_then(|d| std::fs::canonicalize(d).ok()), follow_links, last: None }
    }

    fn holds(&mut self, path: &Path) -> bool {
        let Some(folder) = &self.folder else { return false };
        let parent = match path.parent() {
            Some(parent) if !self.follow_links && path.file_name().is_some() => parent,
            _ => return std::fs::canonicalize(path).is_ok_and(|p| p.starts_with(folder)),
        };
        match &self.last {
            Some((last, inside)) if last == parent => *inside,
            _ => {
                let resolved = if parent.as_os_str().is_empty() { Path::new(".") } else { parent };
                let inside = std::fs::canonicalize(resolved).is_ok_and(|p| p.starts_with(folder));
                self.last = Some((parent.to_path_buf(), inside));
                inside
            }
        }
    }
}

/// The unified diff of a fix, of the texts as gotool reads them.
fn fix_diff(display: &str, input: &[u8], output: &[u8]) -> String {
    let text = |bytes: &[u8]| match crate::sgf::decode::decode(bytes) {
        Ok(d) => d.text.into_owned(),
        Err(_) => String::from_utf8_lossy(bytes).into_owned(),
    };
    report::fix::unified_diff(display, &text(input), &text(output))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_inside_the_output_folder_are_told_by_their_resolved_paths() {
        let dir = tempfile::tempdir().unwrap();
        let (input, out) = (dir.path().join("in"), dir.path().join("in/out"));
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(input.join("a.sgf"), "(;)").unwrap();
        std::fs::write(out.join("b.sgf"), "(;)").unwrap();
        let mut inside = InsideFolder::new(Some(&out), false);
        assert!(!inside.holds(&input.join("a.sgf")));
        assert!(inside.holds(&out.join("b.sgf")));
        assert!(inside.holds(&input.join("./out/b.sgf")));
        // The folder asked again, after another: the answer is the folder's.
        assert!(!inside.holds(&input.join("a.sgf")));
        assert!(!InsideFolder::new(None, false).holds(&out.join("b.sgf")));
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(&out, dir.path().join("link")).unwrap();
            assert!(inside.holds(&dir.path().join("link/b.sgf")), "a folder reached through a link");
            // With links followed a file can be a link itself: its own path is resolved.
            std::os::unix::fs::symlink(out.join("b.sgf"), input.join("c.sgf")).unwrap();
            assert!(InsideFolder::new(Some(&out), true).holds(&input.join("c.sgf")));
            assert!(!InsideFolder::new(Some(&out), true).holds(&input.join("a.sgf")));
        }
    }
}
