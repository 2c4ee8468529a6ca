//! `gotool fix` on the command line: finds the files (folders walked), fixes each on the workers, writes what
//! the flags ask for (`--write`, `--out-dir`) and reports in input order.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};
use std::io::{self, IsTerminal, Write};
use std::path::{Component, Path, PathBuf};

use anyhow::{Context, Result};
use indicatif::ProgressBar;

use super::exit;
use super::progress::stderr_bar;
use crate::config::FixConfig;
use crate::output::{Copies, FileId, Finishing, How, Output, Pending, interrupted, keep_original, reader_gone};
use crate::report;
use crate::report::fix::FixReporter;
use gotool_fix::{Fixed, Fixer};
use gotool_model::{FileError, FixReport, FixSummary};
use gotool_source::Input;
use gotool_source::archive::{self, Item, Origin, SourceOptions};
use gotool_source::batch;
use gotool_source::names;

/// `gotool fix`: every file through the fixer in parallel, the fixed ones written as the flags say (through
/// `output`, from the worker that fixed them), reported in input order. Archives and compressed files (named, or
/// found in folders) have their SGF records fixed as members, except under `--write`: gotool does not rewrite
/// archives. Standard input (`fix -`) is fixed alone, to stdout. Exit status 1 when a dry run finds something to
/// fix or a file has to be left alone, 2 when a path cannot be used or a file cannot be read or written, 130 when
/// interrupted (the files being written are finished and reported first).
pub(super) fn run(config: &FixConfig, stdout: &mut dyn Write, stderr: &mut dyn Write) -> Result<u8> {
    if config.paths.iter().any(|p| p.as_os_str() == "-") {
        return run_stdin(config, stdout, stderr);
    }
    let archives = config.write.is_none();
    let (roots, unusable) = usable_roots(config, archives, stderr);
    let inputs = refuse_copies_over_inputs(config, &roots)?;
    if let Some(dir) = &config.out_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let jobs = with_targets(config, jobs_of(config, &roots, archives));
    fix_all(config, &roots, &inputs, jobs, unusable, stdout, stderr)
}

/// `fix -`: the record on standard input fixed and written to stdout (as it was when it is left alone), the
/// report on stderr. Exit status as for a file written: 0, 1 when it is left alone, 2 when it cannot be read.
fn run_stdin(config: &FixConfig, stdout: &mut dyn Write, stderr: &mut dyn Write) -> Result<u8> {
    if config.paths.len() > 1 || config.write.is_some() || config.out_dir.is_some() {
        anyhow::bail!("standard input (-) is fixed alone, to stdout: no other path, --write or --out-dir with it");
    }
    let limit = config.options.limits.max_file_bytes;
    let (bytes, display) = gotool_source::read_one(Path::new("-"), limit).map_err(|e| anyhow::anyhow!("{e}"))?;
    let fixed = Fixer::new(config.options.clone()).fix_bytes(bytes, &display);
    let mut report = fixed.report;
    if config.diff
        && let (Some(input), Some(output)) = (&fixed.input, &fixed.output)
    {
        report.diff = Some(fix_diff(display.as_bytes(), input, output));
    }
    let record = fixed.output.as_ref().or(fixed.input.as_ref());
    if let Some(record) = record
        && !reader_gone(stdout.write_all(record).and_then(|()| stdout.flush())).context("writing the record")?
    {
        report.written = Some("<stdout>".to_string());
    }
    let mut summary = FixSummary::default();
    summary.add(&report);
    let mut reporter = FixReporter::new(&mut *stderr, config.format, true);
    reporter.file(&report).and_then(|()| reporter.finish(&summary)).context("writing the report")?;
    Ok(match &report.error {
        Some(e) if e.code == "io" => exit::USAGE,
        Some(_) => exit::PROBLEMS,
        None => exit::OK,
    })
}

/// The files named (not folders): their identities, so that no copy is written over one; and, before anything is
/// read, a usage error when the copy of one of them under `--out-dir` would be one of them (`fix --out-dir .
/// g.sgf`: the copy would replace the original, through a link too).
fn refuse_copies_over_inputs(config: &FixConfig, roots: &[Root]) -> Result<HashSet<FileId>> {
    let named: HashMap<FileId, &Path> =
        roots.iter().filter(|r| !r.folder).filter_map(|r| Some((FileId::of(&r.path)?, r.path.as_path()))).collect();
    let Some(dir) = config.out_dir.as_deref() else { return Ok(HashSet::new()) };
    for root in roots.iter().filter(|r| !r.folder && !is_archive(&r.path)) {
        let copy = file_target(dir, root, &root.path);
        if let Some(input) = FileId::of(&copy).and_then(|id| named.get(&id)) {
            anyhow::bail!(
                "--out-dir {}: the copy of {} would be {}, which is {}: name another folder",
                dir.display(),
                root.path.display(),
                copy.display(),
                if *input == root.path { "that very file".to_string() } else { input.display().to_string() }
            );
        }
    }
    Ok(named.into_keys().collect())
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
                    && !gotool_source::holds_records(p, gotool_source::Walk { archives, ..config.walk() }) =>
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
/// records of archives, and what is only said on stderr. Under `--write` a file reached by a second path (a link,
/// `./a.sgf` beside `a.sgf`) is fixed once, under the first.
fn jobs_of<'r>(config: &'r FixConfig, roots: &'r [Root], archives: bool) -> impl Iterator<Item = Job<'r>> + Send + 'r {
    // Files already inside the output folder (`--out-dir` inside a folder being fixed) are not fixed again.
    let mut inside_out_dir = InsideFolder::new(config.out_dir.as_deref(), config.follow_links);
    let source_options = SourceOptions {
        hidden: config.hidden,
        ..SourceOptions::with_max_file_size(config.options.limits.max_file_bytes)
    };
    let found = roots.iter().flat_map(|root| {
        gotool_source::discover(std::slice::from_ref(&root.path), config.walk()).map(move |input| (root, input))
    });
    let found = found.filter(move |(root, input)| match input {
        Input::File { path, .. } => {
            // In folders, fix takes SGF text only (the other formats are `convert`'s), and archives.
            let wanted = !root.folder || is_archive(path) || names::is_sgf_name(&path.to_string_lossy());
            wanted && (config.paths.contains(path) || !inside_out_dir.holds(path))
        }
        // Folders, and the files fix would have read: SGF text and archives.
        Input::LeftOut { display, folder } => *folder || names::is_sgf_name(display) || is_archive(Path::new(display)),
        _ => true,
    });
    let mut fixed_once = FixedOnce::new(config.write.is_some());
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
            Input::File { path, display } => Box::new(std::iter::once(match fixed_once.first(&path, &display) {
                Some(first) => {
                    let message = format!("the same file as {first}, fixed there once");
                    Job::Said { display, message, error: false }
                }
                None => Job::File { root, path, display, target: None },
            })),
            Input::LeftOut { .. } => Box::new(std::iter::once(Job::LeftOut { count: 1 })),
            Input::Skipped { display, message, error } => {
                Box::new(std::iter::once(Job::Said { display, message, error }))
            }
            // Fixed records are written back where they came from, or below the output folder by their place in
            // the tree: files, folders and archives, not a stream or one member.
            Input::Stdin | Input::Member { .. } => Box::new(std::iter::once(Job::Refused { root })),
        }
    })
}

/// The files a `--write` run has taken, by the path each leads to (links resolved), so that one reached by two
/// paths is fixed once. Hard links are different paths: each name is replaced by a file of its own.
struct FixedOnce {
    seen: Option<HashMap<PathBuf, String>>,
}

impl FixedOnce {
    fn new(write: bool) -> FixedOnce {
        FixedOnce { seen: write.then(HashMap::new) }
    }

    /// `Some(how the first path was named)` when the file at `path` was taken before.
    fn first(&mut self, path: &Path, display: &str) -> Option<String> {
        let seen = self.seen.as_mut()?;
        let resolved = std::fs::canonicalize(path).ok()?;
        match seen.entry(resolved) {
            Entry::Occupied(first) => Some(first.get().clone()),
            Entry::Vacant(free) => {
                free.insert(display.to_string());
                None
            }
        }
    }
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
/// and gives the exit status. Interrupted while it writes, it starts no new file, reports those written and ends.
fn fix_all<'r>(
    config: &'r FixConfig,
    roots: &[Root],
    inputs: &HashSet<FileId>,
    jobs: impl Iterator<Item = Job<'r>> + Send + 'r,
    unusable: bool,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> Result<u8> {
    let copies = config.out_dir.as_deref().map(|dir| Copies::new(dir, config.force));
    let fixer = Fixer::new(config.options.clone());
    let writes = config.write.is_some() || config.out_dir.is_some();
    let _finishing = writes.then(Finishing::start);
    let jobs = jobs.take_while(|_| !interrupted());
    let mut unreadable = false;
    let mut summary = FixSummary::default();
    let mut output = Output::open(None, stdout, false)?;
    let single_file = roots.len() == 1 && !roots[0].folder && !is_archive(&roots[0].path);
    let progress = if config.quiet || single_file || !io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else {
        stderr_bar("{spinner} {pos} {files}  {rate} files/s  {wide_msg}")
    };
    let share_terminal = !progress.is_hidden() && io::stdout().is_terminal();
    let writing = Writing { config, copies: copies.as_ref(), inputs };
    {
        let mut reporter = FixReporter::new(output.writer(), config.format, writes);
        let ordered = batch::Ordered { jobs: config.jobs, cost: |_: &Done| 1, budget: 4096 };
        let result = batch::run_ordered(
            jobs,
            ordered,
            |job| {
                // Interrupted: what is not begun is not done (nor reported).
                if writes && interrupted() {
                    return None;
                }
                match job {
                    Job::File { path, display, target, .. } => {
                        Some(writing.write(Some(path), fixer.fix_file(path, display), target.take()))
                    }
                    Job::Record { display, bytes, target, .. } => {
                        Some(writing.write(None, fixer.fix_bytes(std::mem::take(bytes), display), target.take()))
                    }
                    Job::Failed { report } => report.take().map(|report| (report, Vec::new())),
                    Job::Said { .. } | Job::Refused { .. } | Job::LeftOut { .. } => None,
                }
            },
            |job, done| {
                let Some((report, notes)) = done else {
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
                        Job::LeftOut { count } => summary.skipped += count,
                        _ => {}
                    }
                    return Ok(());
                };
                unreadable |= report.error.as_ref().is_some_and(|e| e.code == "io");
                summary.add(&report);
                super::say_notes(stderr, Path::new(&report.path), &notes);
                if !progress.is_hidden() {
                    progress.inc(1);
                    progress.set_message(format!("{} to fix", summary.changed));
                }
                // A run that writes has its report sent on file by file: interrupted, or killed, it lists every
                // file written up to the last one reported.
                if share_terminal {
                    progress.suspend(|| reporter.file(&report).and_then(|()| reporter.flush()))
                } else if writes {
                    reporter.file(&report).and_then(|()| reporter.flush())
                } else {
                    reporter.file(&report)
                }
            },
        );
        progress.finish_and_clear();
        if let Some(copies) = copies {
            copies.flush()?;
        }
        summary.interrupted = writes && interrupted();
        let gone =
            reader_gone(result).and_then(|gone| if gone { Ok(true) } else { reader_gone(reporter.finish(&summary)) });
        if gone.context("writing the report")? {
            return Ok(exit::OK);
        }
    }
    output.commit()?;
    if summary.interrupted {
        return Ok(exit::INTERRUPTED);
    }
    if unusable || unreadable {
        return Ok(exit::USAGE);
    }
    let to_fix = !writes && summary.changed > 0;
    Ok(if to_fix || summary.left_alone > 0 { exit::PROBLEMS } else { exit::OK })
}

/// What a worker hands back for a job: the report, and notes on what a file written could not keep.
type Done = Option<(FixReport, Vec<String>)>;

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
    /// Files or folders a walk left out by their names (hidden, macOS metadata): counted.
    LeftOut { count: usize },
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
    let mut items = Some(archive::items(Origin::Path(archive.clone()), archive_display.clone(), options));
    let mut streamed: Option<String> = None;
    let mut job_of = move |item| match item {
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
    };
    // The members left out (hidden, macOS metadata) are counted once the walk is over.
    std::iter::from_fn(move || {
        loop {
            let walk = items.as_mut()?;
            match walk.next() {
                Some(item) => {
                    if let Some(job) = job_of(item) {
                        return Some(job);
                    }
                }
                None => {
                    let count = walk.left_out();
                    items = None;
                    return (count > 0).then_some(Job::LeftOut { count });
                }
            }
        }
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

/// What writes the fixed records: the flags, the copies' folder, and the files named (no copy is written over
/// one of them).
struct Writing<'w> {
    config: &'w FixConfig,
    copies: Option<&'w Copies>,
    inputs: &'w HashSet<FileId>,
}

impl Writing<'_> {
    /// Writes what the flags ask for of a fixed record: the fixed file over the original (`--write`, a file at
    /// `path`, with the original kept under `--backup`) or a copy at `target` (`--out-dir`: every record, fixed or
    /// not). A failed write, or a copy that has no place, is the record's error (`write_failed`). Returns the
    /// report and the notes on what a replaced file could not keep.
    fn write(&self, path: Option<&Path>, fixed: Fixed, target: Target) -> (FixReport, Vec<String>) {
        let mut report = fixed.report;
        if self.config.diff
            && let (Some(input), Some(output)) = (&fixed.input, &fixed.output)
        {
            let name =
                path.map_or_else(|| report.path.as_bytes().to_vec(), |p| p.as_os_str().as_encoded_bytes().to_vec());
            report.diff = Some(fix_diff(&name, input, output));
        }
        let written = if let (Some(backup), Some(path)) = (self.config.write, path) {
            fixed.output.as_ref().map(|output| self.replace(path, output, fixed.input.as_deref(), backup))
        } else if let (Some(copies), Some(target)) = (self.copies, target) {
            fixed.output.as_ref().or(fixed.input.as_ref()).map(|bytes| {
                let target = target.map_err(|why| anyhow::anyhow!(why))?;
                if FileId::of(&target).is_some_and(|id| self.inputs.contains(&id)) {
                    anyhow::bail!("its copy would be {}, which is a file being fixed: not written", target.display());
                }
                copies.write(&target, bytes).map(|written| (written.path, written.notes))
            })
        } else {
            None
        };
        match written {
            Some(Ok((target, notes))) => {
                report.written = Some(target.display().to_string());
                (report, notes)
            }
            Some(Err(e)) => {
                report.error = Some(FileError { code: "io", message: format!("{e:#}"), line: None, column: None });
                report.write_failed = true;
                (report, Vec::new())
            }
            None => (report, Vec::new()),
        }
    }

    /// Replaces the file at `path` (links followed) with `output`, its original kept first with `backup`.
    fn replace(
        &self,
        path: &Path,
        output: &[u8],
        input: Option<&[u8]>,
        backup: bool,
    ) -> Result<(PathBuf, Vec<String>)> {
        let how = How::file(self.config.force);
        let mut file = Pending::open(path, how)?;
        let mut notes = Vec::new();
        if backup {
            let kept = keep_original(file.path(), input.unwrap_or_default())?;
            if kept.extension().is_none_or(|e| e != "orig") {
                notes.push(format!("its original is kept as {} (the .orig name was taken)", kept.display()));
            }
        }
        file.write_all(output).with_context(|| format!("cannot write {}", path.display()))?;
        let written = file.commit()?;
        notes.extend(written.notes);
        Ok((written.path, notes))
    }
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

/// The unified diff of a fix, of the texts as gotool reads them, under the file's name (its bytes).
fn fix_diff(name: &[u8], input: &[u8], output: &[u8]) -> String {
    let text = |bytes: &[u8]| match gotool_sgf::decode::decode(bytes) {
        Ok(d) => d.text.into_owned(),
        Err(_) => String::from_utf8_lossy(bytes).into_owned(),
    };
    report::fix::unified_diff(name, &text(input), &text(output))
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
