//! `gotool fix` on the command line: finds the files (folders walked), fixes each on the workers, writes what
//! the flags ask for (`--write`, `--out-dir`) and reports in input order.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::io::{self, IsTerminal, Write};
use std::path::{Component, Path, PathBuf};

use anyhow::{Context, Result};
use indicatif::ProgressBar;

use super::exit;
use super::progress::stderr_bar;
use crate::config::FixConfig;
use crate::output::{Copies, Output, reader_gone, write_atomically};
use crate::report;
use crate::report::fix::FixReporter;
use gotool_fix::{Fixed, Fixer};
use gotool_model::{FileError, FixReport, FixSummary};
use gotool_source::Input;
use gotool_source::archive::{self, Item, Origin, SourceOptions};
use gotool_source::batch;
use gotool_source::names;

/// `gotool fix`: every file through the fixer in parallel, the fixed ones written as the flags say (atomically,
/// from the worker that fixed them), reported in input order. Archives and compressed files (named, or found in
/// folders) have their SGF records fixed as members, except under `--write`: gotool does not rewrite archives.
/// Exit status 1 when a dry run finds something to fix or a file has to be left alone, 2 when a path cannot be
/// used or a file cannot be read or written.
pub(super) fn run(config: &FixConfig, stdout: &mut dyn Write, stderr: &mut dyn Write) -> Result<u8> {
    let archives = config.write.is_none();
    let (roots, unusable) = usable_roots(config, archives, stderr);
    if let Some(dir) = &config.out_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let jobs = with_targets(config, jobs_of(config, &roots, archives));
    fix_all(config, &roots, jobs, unusable, stdout, stderr)
}

/// The paths named that can be fixed, each said on stderr when it cannot (missing, unreadable, an archive under
/// `--write`, a folder with no SGF file), and whether any could not.
fn usable_roots(config: &FixConfig, archives: bool, stderr: &mut dyn Write) -> (Vec<Root>, bool) {
    let mut unusable = false;
    let mut roots = Vec::new();
    for p in &config.paths {
        let problem = match gotool_source::check_readable(p) {
            Err(e) => Some(e.to_string()),
            Ok(()) if !archives && !p.is_dir() && is_archive(p) => Some(
                "fix --write does not rewrite archives or compressed files (--out-dir DIR writes fixed copies of \
                 the SGF records in it)"
                    .to_string(),
            ),
            Ok(())
                if p.is_dir()
                    && !config.allow_empty
                    && !gotool_source::holds_records(p, config.follow_links, archives) =>
            {
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
    (roots, unusable)
}

/// The work, in input order: the files found under the paths named (SGF text and archives in folders), the SGF
/// records of archives, and what is only said on stderr.
fn jobs_of<'r>(config: &'r FixConfig, roots: &'r [Root], archives: bool) -> impl Iterator<Item = Job<'r>> + Send + 'r {
    // Files already inside the output folder (`--out-dir` inside a folder being fixed) are not fixed again.
    let mut inside_out_dir = InsideFolder::new(config.out_dir.as_deref(), config.follow_links);
    let source_options = SourceOptions::with_max_file_size(config.options.limits.max_file_bytes);
    let found = roots.iter().flat_map(|root| {
        gotool_source::discover(std::slice::from_ref(&root.path), config.follow_links, true)
            .map(move |input| (root, input))
    });
    let found = found.filter(move |(root, input)| match input {
        Input::File { path, .. } => {
            // In folders, fix takes SGF text only (the other formats are `convert`'s), and archives.
            let wanted = !root.folder || is_archive(path) || names::is_sgf_name(&path.to_string_lossy());
            wanted && (config.paths.contains(path) || !inside_out_dir.holds(path))
        }
        _ => true,
    });
    found.flat_map(move |(root, input)| -> Box<dyn Iterator<Item = Job<'_>> + Send + '_> {
        match input {
            Input::File { path, display } if is_archive(&path) => {
                if !archives {
                    let message = "an archive, left as it is (fix --write does not rewrite archives; --out-dir DIR \
                                   writes fixed copies of the SGF records in it)"
                        .to_string();
                    return Box::new(std::iter::once(Job::Said { display, message, error: false }));
                }
                Box::new(records(root, path, display, source_options))
            }
            Input::File { path, display } => Box::new(std::iter::once(Job::File { root, path, display, target: None })),
            Input::Skipped { display, message, error } => {
                Box::new(std::iter::once(Job::Said { display, message, error }))
            }
            // Fixed records are written back where they came from, or below the output folder by their place in
            // the tree: files, folders and archives, not a stream or one member.
            Input::Stdin | Input::Member { .. } => Box::new(std::iter::once(Job::Refused { root })),
        }
    })
}

/// The jobs with the place of each copy under `--out-dir`. Where each copy goes is decided here in input order:
/// two records whose copies would be one file (`a.sgf` beside `a.zip!/…`'s folder, `x.sgf` beside
/// `x.sgf.gz`) are told apart the same way on every run, the first one written.
fn with_targets<'r>(
    config: &'r FixConfig,
    jobs: impl Iterator<Item = Job<'r>> + Send + 'r,
) -> impl Iterator<Item = Job<'r>> + Send + 'r {
    let mut claimed: HashMap<PathBuf, String> = HashMap::new();
    jobs.map(move |mut job| {
        let Some(dir) = config.out_dir.as_deref() else { return job };
        let (target, display, place) = match &mut job {
            Job::File { root, path, display, target } => (target, &*display, Ok(file_target(dir, root, path))),
            Job::Record { root, archive, archive_display, display, target, .. } => {
                let place = record_target(dir, root, archive, archive_display, display);
                (target, &*display, place)
            }
            _ => return job,
        };
        *target = Some(place.and_then(|place| match claimed.entry(place) {
            Entry::Occupied(first) => Err(format!(
                "its copy would be {}, where the copy of {} goes: not written",
                first.key().display(),
                first.get()
            )),
            Entry::Vacant(free) => {
                let place = free.key().clone();
                free.insert(display.to_string());
                Ok(place)
            }
        }));
        job
    })
}

/// Fixes every job on the workers, writes what the flags ask for, reports in input order with the progress bar,
/// and gives the exit status.
fn fix_all<'r>(
    config: &'r FixConfig,
    roots: &[Root],
    jobs: impl Iterator<Item = Job<'r>> + Send + 'r,
    unusable: bool,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> Result<u8> {
    let copies = config.out_dir.as_deref().map(Copies::new);
    let fixer = Fixer::new(config.options.clone());
    let writes = config.write.is_some() || config.out_dir.is_some();
    let mut unreadable = false;
    let mut summary = FixSummary::default();
    let mut output = Output::open(None, stdout)?;
    let single_file = roots.len() == 1 && !roots[0].folder && !is_archive(&roots[0].path);
    let progress = if config.quiet || single_file || !io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else {
        stderr_bar("{spinner} {pos} {files}  {rate} files/s  {wide_msg}")
    };
    let share_terminal = !progress.is_hidden() && io::stdout().is_terminal();
    {
        let mut reporter = FixReporter::new(output.writer(), config.format, writes);
        let ordered = batch::Ordered { jobs: config.jobs, cost: |_: &Option<FixReport>| 1, budget: 4096 };
        let result = batch::run_ordered(
            jobs,
            ordered,
            |job| match job {
                Job::File { path, display, target, .. } => {
                    let fixed = fixer.fix_file(path, display);
                    Some(write_fixed(config, copies.as_ref(), Some(path), fixed, target.take()))
                }
                Job::Record { display, bytes, target, .. } => {
                    let fixed = fixer.fix_bytes(std::mem::take(bytes), display);
                    Some(write_fixed(config, copies.as_ref(), None, fixed, target.take()))
                }
                Job::Failed { report } => report.take(),
                Job::Said { .. } | Job::Refused { .. } => None,
            },
            |job, report| {
                let Some(report) = report else {
                    match job {
                        Job::Said { display, message, error } => {
                            unreadable |= *error;
                            let _ = writeln!(stderr, "gotool: {display}: {message}");
                        }
                        Job::Refused { root } => {
                            unreadable = true;
                            let _ = writeln!(
                                stderr,
                                "gotool: {}: fix reads files, folders and archives only",
                                root.path.display()
                            );
                        }
                        _ => {}
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

/// Where a copy goes (`--out-dir`): nowhere yet, a path, or why none can be written.
type Target = Option<Result<PathBuf, String>>;

/// One piece of `fix` work, in input order.
enum Job<'r> {
    /// A file, read whole and fixed by the worker.
    File { root: &'r Root, path: PathBuf, display: String, target: Target },
    /// An SGF record of an archive or compressed file (`display` names it as `check` does, `games.zip!/a.sgf`),
    /// whose bytes the worker takes.
    Record {
        root: &'r Root,
        archive: PathBuf,
        archive_display: String,
        display: String,
        bytes: Vec<u8>,
        target: Target,
    },
    /// An SGF record that cannot be fixed (too large to read whole), or a member or archive that cannot be read:
    /// its report.
    Failed { report: Option<FixReport> },
    /// Said on stderr and not counted: a folder that cannot be read (`error`), a link loop, an archive that
    /// `--write` leaves as it is.
    Said { display: String, message: String, error: bool },
    /// Standard input, or one member named on the command line: not for fix.
    Refused { root: &'r Root },
}

/// The jobs of an archive or compressed file: its SGF records (by their names: `.sgf`, `.mgt`, `.sgfs`, also
/// compressed, `x.sgf.gz`) and what could not be read, walked on a thread of its own. A record too large to read
/// whole, which the walk streams game by game, is one job that says so.
fn records<'r>(
    root: &'r Root,
    archive: PathBuf,
    archive_display: String,
    options: SourceOptions,
) -> impl Iterator<Item = Job<'r>> + Send + 'r {
    let items = archive::items(Origin::Path(archive.clone()), archive_display.clone(), options);
    let mut streamed: Option<String> = None;
    items.filter_map(move |item| match item {
        Item::Record { path, bytes } => names::is_sgf_name(&path).then(|| Job::Record {
            root,
            archive: archive.clone(),
            archive_display: archive_display.clone(),
            display: path,
            bytes,
            target: None,
        }),
        Item::Piece { path, .. } => {
            if streamed.as_deref() == Some(path.as_str()) || !names::is_sgf_name(&path) {
                return None;
            }
            streamed = Some(path.clone());
            let message = format!(
                "more than {} bytes, over the limit (see --max-file-size): fix reads a record whole",
                options.max_member_bytes
            );
            Some(failed(path, "limit", message))
        }
        // A record of another format is `convert`'s: its failure is not fix's to report.
        Item::Failed { path, .. } if names::is_record_name(names::leaf(&path)) && !names::is_sgf_name(&path) => None,
        Item::Failed { path, error } => Some(failed(path, error.code, error.message)),
    })
}

/// The job of a record that is not fixed, for `why`.
fn failed(path: String, code: &'static str, message: String) -> Job<'static> {
    let error = FileError { code, message, line: None, column: None };
    Job::Failed { report: Some(FixReport { path, error: Some(error), ..FixReport::default() }) }
}

/// Named like an archive or a compressed file (`games.zip`, `x.sgf.gz`).
fn is_archive(path: &Path) -> bool {
    path.file_name().and_then(|n| n.to_str()).is_some_and(names::is_archive_name)
}

/// Where the copy of a file found under `root` goes: its path below the folder named, or its name for a file
/// named on its own.
fn file_target(dir: &Path, root: &Root, path: &Path) -> PathBuf {
    let relative = match path.strip_prefix(&root.path) {
        Ok(r) if root.folder && !r.as_os_str().is_empty() => r.to_path_buf(),
        _ => PathBuf::from(path.file_name().unwrap_or_default()),
    };
    dir.join(relative)
}

/// Where the copy of an archive's record goes: in a folder named after the archive without its extensions,
/// placed as the archive is (`games/2015.zip!/kgs/a.sgf` → `DIR/games/2015/kgs/a.sgf`, a nested archive one
/// more folder: `a.zip!/b.tar.gz!/c.sgf` → `DIR/a/b/c.sgf`), the record without its compression
/// (`x.sgf.gz` → `DIR/x.sgf`). A member path that is absolute or holds `..` has no copy: the copies stay
/// inside `dir`.
fn record_target(
    dir: &Path,
    root: &Root,
    archive: &Path,
    archive_display: &str,
    display: &str,
) -> Result<PathBuf, String> {
    let mut target = file_target(dir, root, archive);
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let Some(members) = display.strip_prefix(archive_display).and_then(|rest| rest.strip_prefix("!/")) else {
        // The archive's own name: a compressed record.
        target.set_file_name(names::without_compression(&name));
        return Ok(target);
    };
    target.set_file_name(names::archive_stem(&name));
    let parts: Vec<&str> = members.split("!/").collect();
    for (i, part) in parts.iter().enumerate() {
        let relative = member_relative(part)?;
        let last = relative.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let stem = if i + 1 == parts.len() { names::without_compression(&last) } else { names::archive_stem(&last) };
        target.push(relative.with_file_name(stem));
    }
    Ok(target)
}

/// A member's path inside its archive as a relative path of plain names (`/` and `\` both separate them),
/// refused when it is absolute, holds `..`, or names nothing.
fn member_relative(member: &str) -> Result<PathBuf, String> {
    let refused = |why: &str| Err(format!("its path in the archive {why}: no copy written"));
    let drive = member.len() >= 2 && member.as_bytes()[1] == b':' && member.as_bytes()[0].is_ascii_alphabetic();
    if member.starts_with(['/', '\\']) || drive {
        return refused("is absolute");
    }
    let mut relative = PathBuf::new();
    for part in member.split(['/', '\\']) {
        match part {
            "" | "." => {}
            ".." => return refused("holds '..'"),
            // One plain name each (no drive or root a system could read into it).
            part if Path::new(part).components().eq([Component::Normal(part.as_ref())]) => relative.push(part),
            _ => return refused("holds a part that is not a plain name"),
        }
    }
    if relative.as_os_str().is_empty() {
        return refused("names nothing");
    }
    Ok(relative)
}

/// Writes what the flags ask for of a fixed record: the fixed file over the original (`--write`, a file at
/// `path`, with the original kept as `.orig` under `--backup`) or a copy at `target` (`--out-dir`: every record,
/// fixed or not). A failed write, or a copy that has no place, is the record's error.
fn write_fixed(
    config: &FixConfig,
    copies: Option<&Copies>,
    path: Option<&Path>,
    fixed: Fixed,
    target: Target,
) -> FixReport {
    let mut report = fixed.report;
    if config.diff
        && let (Some(input), Some(output)) = (&fixed.input, &fixed.output)
    {
        report.diff = Some(fix_diff(&report.path, input, output));
    }
    let written = if let (Some(backup), Some(path)) = (config.write, path) {
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
    } else if let (Some(copies), Some(target)) = (copies, target) {
        let bytes = fixed.output.as_ref().or(fixed.input.as_ref());
        bytes.map(|bytes| {
            let target = target.map_err(|why| anyhow::anyhow!(why))?;
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
    let text = |bytes: &[u8]| match gotool_sgf::decode::decode(bytes) {
        Ok(d) => d.text.into_owned(),
        Err(_) => String::from_utf8_lossy(bytes).into_owned(),
    };
    report::fix::unified_diff(display, &text(input), &text(output))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn archive_names_lose_their_extensions_never_down_to_a_name_that_climbs() {
        for (name, stem) in [
            ("games.tar.gz", "games"),
            ("KGS.TGZ", "KGS"),
            ("set.7z.001", "set"),
            ("a.zip.gz", "a"),
            ("2015.tar.zst", "2015"),
            ("...zip", "...zip"),
            (".zip", ".zip"),
            ("plain", "plain"),
        ] {
            assert_eq!(names::archive_stem(name), stem, "{name}");
        }
        assert_eq!(names::without_compression("x.SGF.gz"), "x.SGF");
        assert_eq!(names::without_compression("x.sgf"), "x.sgf");
        assert!(
            names::is_sgf_name("a.zip!/b/x.Sgf.xz")
                && names::is_sgf_name("c.mgt")
                && !names::is_sgf_name("a.zip!/x.gib")
        );
    }

    #[test]
    fn member_paths_become_plain_relative_paths_or_are_refused() {
        assert_eq!(member_relative("a/b.sgf"), Ok(PathBuf::from("a/b.sgf")));
        assert_eq!(member_relative("./a//b\\c.sgf"), Ok(PathBuf::from("a/b/c.sgf")));
        for hostile in ["../x.sgf", "a/../../x.sgf", "a/../x.sgf", "/x.sgf", "\\x.sgf", "C:x.sgf", "", "./"] {
            assert!(member_relative(hostile).is_err(), "{hostile}");
        }
        let root = Root { path: PathBuf::from("in"), folder: true };
        let target = |archive: &str, display: &str| {
            record_target(Path::new("out"), &root, Path::new(archive), archive, display).unwrap()
        };
        assert_eq!(target("in/sub/a.tar.gz", "in/sub/a.tar.gz!/k/x.sgf"), Path::new("out/sub/a/k/x.sgf"));
        assert_eq!(target("in/a.zip", "in/a.zip!/b.7z!/c.sgf.bz2"), Path::new("out/a/b/c.sgf"));
        assert_eq!(target("in/x.sgf.gz", "in/x.sgf.gz"), Path::new("out/x.sgf"));
        assert_eq!(target("in/...zip", "in/...zip!/x.sgf"), Path::new("out/...zip/x.sgf"));
        let inner = record_target(Path::new("out"), &root, Path::new("in/a.zip"), "in/a.zip", "in/a.zip!/../x.zip!/y");
        assert!(inner.is_err());
    }

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
