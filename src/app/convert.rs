//! `gotool convert` on the command line: finds the records, converts each, writes the SGF (to stdout, to `-o
//! FILE`, or below `--out-dir DIR` mirroring the folders), and says on stderr what was converted from which format
//! and charset, what was not mapped, and what failed. An SGF file that exists is never replaced without
//! `--force`; every file is written through `output` (complete before it takes its name, a replaced file's mode
//! and owner kept). Standard input (`-`) is read too; its SGF goes to stdout or `-o FILE`.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Result;

use super::exit;
use crate::config::{ConvertConfig, ConvertTarget};
use crate::output::{FileId, Finishing, How, interrupted, reader_gone, write_file};
use gotool_model::{Diagnostic, Severity, plural};
use gotool_render::escape_terminal;
use gotool_sgf::convert::{Conversion, convert};
use gotool_sgf::formats::Format;
use gotool_source::Input;

/// One record to convert: where it is, how it is named in messages, and where its SGF goes (`None`: stdout).
struct Job {
    path: PathBuf,
    display: String,
    target: Option<PathBuf>,
}

/// Runs `gotool convert`; returns the exit status: 0 when every record was converted, 1 when some could not be
/// (or its SGF file exists), 2 for a path that cannot be read or a folder with no record to convert.
pub(crate) fn run(config: &ConvertConfig, stdout: &mut dyn Write, stderr: &mut dyn Write) -> Result<u8> {
    let mut status = exit::OK;
    let (jobs, left_out) = jobs_of(config, stderr, &mut status);
    refuse_outputs_among_inputs(config, &jobs)?;
    // Interrupted, the record being written is finished and said, and no other is started.
    let _finishing = Finishing::start();
    // Two records that would be written to the same SGF file (`a.gib` and `a.ngf`): the second is refused.
    let mut written: HashMap<PathBuf, String> = HashMap::new();
    let (mut converted, mut failed) = (0usize, 0usize);
    for job in &jobs {
        if interrupted() {
            break;
        }
        match convert_one(config, job, &mut written, stdout, stderr) {
            Ok(()) => converted += 1,
            Err(s) => {
                status = status.max(s);
                failed += 1;
            }
        }
    }
    if !config.quiet && (jobs.len() > 1 || left_out > 0 || interrupted()) {
        let _ = writeln!(
            stderr,
            "converted {converted} record{} of {}{}{}{}",
            plural(converted),
            jobs.len(),
            if failed > 0 { format!("; {failed} not converted") } else { String::new() },
            if left_out > 0 {
                format!("; {left_out} skipped (hidden, or macOS metadata: see --hidden)")
            } else {
                String::new()
            },
            if interrupted() { " (interrupted)" } else { "" }
        );
    }
    Ok(if interrupted() { exit::INTERRUPTED } else { status })
}

/// The records to convert, in order, and how many files the walks left out (hidden, macOS metadata); what cannot
/// be used is said on stderr and raises `status`.
fn jobs_of(config: &ConvertConfig, stderr: &mut dyn Write, status: &mut u8) -> (Vec<Job>, usize) {
    let worse = |status: &mut u8, s: u8| *status = (*status).max(s);
    let walk = gotool_source::Walk { follow_links: config.follow_links, archives: false, hidden: config.hidden };
    let mut jobs = Vec::new();
    let mut left_out = 0;
    for root in &config.paths {
        if root.as_os_str() == "-" {
            let target = target_of(&config.target, root, root);
            jobs.push(Job { path: root.clone(), display: gotool_source::STDIN_NAME.to_string(), target });
            continue;
        }
        if let Err(e) = gotool_source::check_readable(root) {
            let _ = writeln!(stderr, "gotool: {}: {e}", root.display());
            worse(status, exit::USAGE);
            continue;
        }
        let found = jobs.len();
        for input in gotool_source::discover(std::slice::from_ref(root), walk) {
            match input {
                Input::File { path, display } => {
                    // Inside a folder only the formats convert reads; a file named on the command line whatever
                    // its name (its content says what it is).
                    let convertible =
                        matches!(Format::from_name(&display), Some(Format::Gib | Format::Ngf | Format::Ugf));
                    if root.is_dir() && !convertible {
                        continue;
                    }
                    let target = target_of(&config.target, root, &path);
                    jobs.push(Job { path, display, target });
                }
                // A folder, or a file convert would have read.
                Input::LeftOut { display, folder } => {
                    left_out += usize::from(folder || Format::from_name(&display).is_some_and(|f| f != Format::Sgf));
                }
                Input::Skipped { display, message, error } => {
                    let _ = writeln!(stderr, "gotool: {display}: {message}");
                    if error {
                        worse(status, exit::USAGE);
                    }
                }
                // Archive members are for check, score and show; convert reads files.
                Input::Stdin | Input::Member { .. } => {
                    let _ = writeln!(stderr, "gotool: {}: convert reads files and folders only", root.display());
                    worse(status, exit::USAGE);
                }
            }
        }
        if root.is_dir() && jobs.len() == found {
            let _ =
                writeln!(stderr, "gotool: {}: no .gib, .ngf, .ugf or .ugi files found in this folder", root.display());
            worse(status, exit::USAGE);
        }
    }
    (jobs, left_out)
}

/// Refuses (before anything is read) an SGF file that would be written over a record read: `-o FILE` that is one
/// of the inputs, or a copy under `--out-dir` that is its own input (`convert --out-dir . x.sgf`, a GIB record
/// misnamed).
fn refuse_outputs_among_inputs(config: &ConvertConfig, jobs: &[Job]) -> Result<()> {
    if let ConvertTarget::File(file) = &config.target {
        let walk = gotool_source::Walk { follow_links: config.follow_links, archives: false, hidden: config.hidden };
        return super::refuse_output_among_inputs("-o", file, &config.paths, walk);
    }
    for job in jobs {
        if let Some(target) = &job.target
            && FileId::of(target).is_some_and(|t| Some(t) == FileId::of(&job.path))
        {
            anyhow::bail!(
                "--out-dir: the SGF of {} would be written over {} itself; name another folder",
                job.display,
                target.display()
            );
        }
    }
    Ok(())
}

/// Reads, converts and writes one record, says what was done on stderr; `Err` with the exit status it calls for.
fn convert_one(
    config: &ConvertConfig,
    job: &Job,
    written: &mut HashMap<PathBuf, String>,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> Result<(), u8> {
    let bytes = if job.path.as_os_str() == "-" {
        match gotool_source::read_one(&job.path, config.limits.max_file_bytes) {
            Ok((bytes, _)) => bytes,
            Err(message) => {
                let _ = writeln!(stderr, "gotool: {message}");
                return Err(exit::USAGE);
            }
        }
    } else {
        match gotool_source::read_file(&job.path, config.limits.max_file_bytes) {
            Ok(bytes) => bytes,
            Err(e) => {
                let _ = writeln!(stderr, "gotool: {}: {e}", job.display);
                return Err(if e.code() == "io" { exit::USAGE } else { exit::PROBLEMS });
            }
        }
    };
    let conversion = convert(&bytes, &job.display, &config.limits).map_err(|e| {
        let place = e.place.map_or(String::new(), |(line, column)| format!(":{line}:{column}"));
        let _ = writeln!(stderr, "{}{place}: error: {} [{}]", job.display, escape_terminal(&e.message), e.code);
        exit::PROBLEMS
    })?;
    let outcome = match &job.target {
        None => reader_gone(stdout.write_all(conversion.sgf.as_bytes()).and_then(|()| stdout.flush()))
            .map(|gone| if gone { "stdout (closed)".to_string() } else { "stdout".to_string() })
            .map_err(anyhow::Error::from),
        Some(target) => write_target(target, &conversion, config.force, &job.display, written, stderr),
    };
    match outcome {
        Ok(to) => {
            if !config.quiet {
                tell(stderr, &job.display, &conversion, &to);
            }
            Ok(())
        }
        Err(e) => {
            let _ = writeln!(stderr, "gotool: {}: {e:#}", job.display);
            Err(exit::PROBLEMS)
        }
    }
}

/// Where the SGF of the record at `path`, found under `root`, goes: `None` for stdout.
fn target_of(target: &ConvertTarget, root: &Path, path: &Path) -> Option<PathBuf> {
    match target {
        ConvertTarget::Stdout => None,
        ConvertTarget::File(file) => Some(file.clone()),
        ConvertTarget::Folder(dir) => {
            let relative = if root.is_dir() {
                path.strip_prefix(root)
                    .map(Path::to_path_buf)
                    .unwrap_or_else(|_| path.file_name().map(PathBuf::from).unwrap_or_default())
            } else {
                path.file_name().map(PathBuf::from).unwrap_or_default()
            };
            Some(dir.join(relative).with_extension("sgf"))
        }
    }
}

/// Writes the SGF to `target` (creating its folders), never over a file that exists unless `force`, nor twice
/// in one run; returns the target as messages name it.
fn write_target(
    target: &Path,
    conversion: &Conversion,
    force: bool,
    display: &str,
    written: &mut HashMap<PathBuf, String>,
    stderr: &mut dyn Write,
) -> Result<String> {
    if let Some(first) = written.get(target) {
        anyhow::bail!("{} is also the SGF of {first}, converted before; not written again", target.display());
    }
    let how = How { force, overwrite: force, durable: true, make_folders: true };
    let done = write_file(target, conversion.sgf.as_bytes(), how)?;
    super::say_notes(stderr, target, &done.notes);
    written.insert(target.to_path_buf(), display.to_string());
    Ok(target.display().to_string())
}

/// Says on stderr what was converted, from which format and charset, the findings worth a warning, and what
/// the SGF does not hold.
fn tell(stderr: &mut dyn Write, display: &str, conversion: &Conversion, to: &str) {
    let _ = writeln!(stderr, "{display}: {} ({}) converted to {to}", conversion.format, conversion.charset);
    for d in conversion.diagnostics.iter().filter(|d| d.severity >= Severity::Warning) {
        let _ = writeln!(stderr, "{}", placed(display, d));
    }
    if !conversion.not_mapped.is_empty() {
        let list: Vec<String> = conversion.not_mapped.iter().map(|m| escape_terminal(m).into_owned()).collect();
        let _ = writeln!(stderr, "{display}: not mapped: {}", list.join("; "));
    }
}

/// `path:line:column: warning: message [code]`.
fn placed(display: &str, d: &Diagnostic) -> String {
    let place = match (d.line, d.column) {
        (Some(line), Some(column)) => format!(":{line}:{column}"),
        _ => String::new(),
    };
    let severity = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    };
    format!("{display}{place}: {severity}: {} [{}]", escape_terminal(&d.message), d.code)
}
