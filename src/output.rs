//! Where a report or a picture goes: stdout, or a file written atomically (a temporary file in the same folder,
//! renamed over the target once complete, so no reader ever sees half a file). A reader that closes stdout
//! early (`gotool check … | head`) ends the run quietly.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result};
use tempfile::NamedTempFile;

/// Temporary files being written, so that an interrupt (Ctrl-C, SIGTERM) can remove them: the process ends
/// there without running destructors.
static TEMPORARY_FILES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Set once the run is interrupted: no temporary file is created after that.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Removes every temporary file still being written, and refuses to create any more; for the binary's interrupt
/// handler, just before it exits.
pub(crate) fn remove_temporary_files() {
    let mut registry = TEMPORARY_FILES.lock().unwrap_or_else(|e| e.into_inner());
    INTERRUPTED.store(true, Ordering::SeqCst);
    for file in registry.drain(..) {
        let _ = std::fs::remove_file(file);
    }
}

/// A file being written: a temporary beside the target (removed if anything goes wrong, or on an interrupt)
/// until [`AtomicFile::commit`] renames it into place.
pub(crate) struct AtomicFile {
    writer: BufWriter<NamedTempFile>,
    target: PathBuf,
    _registered: Registered,
}

/// A temporary file's entry in [`TEMPORARY_FILES`], taken out when it is dropped: by then the file is renamed
/// into place or has removed itself.
struct Registered(PathBuf);

impl Drop for Registered {
    fn drop(&mut self) {
        TEMPORARY_FILES.lock().unwrap_or_else(|e| e.into_inner()).retain(|p| *p != self.0);
    }
}

impl AtomicFile {
    /// Starts writing `target`.
    pub(crate) fn create(target: &Path) -> Result<AtomicFile> {
        let folder = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        // The file is created and registered under the registry's lock, so an interrupt never falls between
        // the two and leaves it behind.
        let mut registry = TEMPORARY_FILES.lock().unwrap_or_else(|e| e.into_inner());
        if INTERRUPTED.load(Ordering::SeqCst) {
            anyhow::bail!("cannot write {}: the run was interrupted", target.display());
        }
        let file = tempfile::Builder::new()
            .prefix(&format!(".{name}."))
            .suffix(".tmp")
            .tempfile_in(folder)
            // Said of the target and its folder: the temporary file's random name means nothing to the user.
            .map_err(|e| {
                let why = match folder.is_dir() {
                    true => format!("{} in {}", io::Error::from(e.kind()), folder.display()),
                    false => format!("there is no folder {}", folder.display()),
                };
                anyhow::anyhow!("cannot write {}: {why}", target.display())
            })?;
        registry.push(file.path().to_path_buf());
        drop(registry);
        let registered = Registered(file.path().to_path_buf());
        Ok(AtomicFile { writer: BufWriter::new(file), target: target.to_path_buf(), _registered: registered })
    }

    /// Where the bytes go until the commit.
    pub(crate) fn writer(&mut self) -> &mut dyn Write {
        &mut self.writer
    }

    /// Flushes the file to disk and renames it over the target. On failure the temporary file is removed.
    pub(crate) fn commit(self) -> Result<()> {
        let cannot_write = || format!("cannot write {}", self.target.display());
        let file = self.writer.into_inner().map_err(|e| e.into_error()).with_context(cannot_write)?;
        file.as_file().sync_all().ok();
        // A failed rename drops the temporary file, which removes it.
        file.persist(&self.target).map(drop).map_err(|e| e.error).with_context(cannot_write)
    }
}

/// Writes a whole file atomically, unless `path` exists: the rename itself refuses to replace a file, so one
/// that appears while the temporary file is written is not overwritten either.
pub(crate) fn write_new_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let mut file = AtomicFile::create(path)?;
    file.writer().write_all(bytes).with_context(|| format!("cannot write {}", path.display()))?;
    let cannot_write = || format!("cannot write {}", path.display());
    let temporary = file.writer.into_inner().map_err(|e| e.into_error()).with_context(cannot_write)?;
    temporary.as_file().sync_all().ok();
    temporary.persist_noclobber(path).map(drop).map_err(|e| e.error).with_context(cannot_write)
}

/// Writes a whole file atomically.
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let mut file = AtomicFile::create(path)?;
    file.writer().write_all(bytes).with_context(|| format!("cannot write {}", path.display()))?;
    file.commit()
}

/// Where the report goes: stdout, or a file renamed over `--output` once complete.
pub(crate) enum Output<'a> {
    /// The caller's stdout, buffered.
    Stdout(BufWriter<&'a mut dyn Write>),
    /// `--output`.
    File(AtomicFile),
}

impl<'a> Output<'a> {
    /// The file `target` if one is given, else `stdout`.
    pub(crate) fn open(target: Option<&Path>, stdout: &'a mut dyn Write) -> Result<Output<'a>> {
        Ok(match target {
            Some(target) => Output::File(AtomicFile::create(target)?),
            None => Output::Stdout(BufWriter::new(stdout)),
        })
    }

    /// Where to write.
    pub(crate) fn writer(&mut self) -> &mut dyn Write {
        match self {
            Output::Stdout(w) => w,
            Output::File(file) => file.writer(),
        }
    }

    /// Finishes the report: flushes stdout, or commits the file.
    pub(crate) fn commit(self) -> Result<()> {
        match self {
            Output::Stdout(mut w) => {
                reader_gone(w.flush()).context("writing the report")?;
                Ok(())
            }
            Output::File(file) => file.commit(),
        }
    }
}

/// `Ok(true)` when the write failed because the reader of stdout has gone (a closed pipe): the run then ends
/// quietly with what was written. Any other error stays an error.
pub(crate) fn reader_gone(result: io::Result<()>) -> io::Result<bool> {
    match result {
        Ok(()) => Ok(false),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(true),
        Err(e) => Err(e),
    }
}
