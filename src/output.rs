//! Where a report or a picture goes: stdout, or a file written atomically (a temporary file in the same folder,
//! renamed over the target once complete, so no reader ever sees half a file). A reader that closes stdout
//! early (`gotool check … | head`) ends the run quietly.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, RwLock};

use anyhow::{Context, Result};
use tempfile::NamedTempFile;

/// Temporary files being written, so that an interrupt (Ctrl-C, SIGTERM) can remove them: the process ends
/// there without running destructors.
static TEMPORARY_FILES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Held shared by each thread while it creates a temporary file and registers it, and taken exclusively (for
/// good) by the interrupt handler, which so never falls between a file's creation and its registration, while
/// threads creating files do not wait for one another (`fix --out-dir` creates one per record).
static CREATING: RwLock<()> = RwLock::new(());

/// Set once the run is interrupted: no temporary file is created after that.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Removes every temporary file still being written, and refuses to create any more; for the binary's interrupt
/// handler, just before it exits.
pub(crate) fn remove_temporary_files() {
    // Never released: a thread about to create a file waits until the process has exited.
    std::mem::forget(CREATING.write().unwrap_or_else(|e| e.into_inner()));
    INTERRUPTED.store(true, Ordering::SeqCst);
    let mut registry = TEMPORARY_FILES.lock().unwrap_or_else(|e| e.into_inner());
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
        // Said of the target and its folder: the temporary file's random name means nothing to the user.
        AtomicFile::try_create(target).map_err(|e| {
            let folder = folder_of(target);
            let why = match folder.is_dir() {
                _ if e.kind() == io::ErrorKind::Interrupted => e.to_string(),
                true => format!("{} in {}", io::Error::from(e.kind()), folder.display()),
                false => format!("there is no folder {}", folder.display()),
            };
            anyhow::anyhow!("cannot write {}: {why}", target.display())
        })
    }

    /// [`AtomicFile::create`], with the system's error as it is (its kind tells a missing folder).
    fn try_create(target: &Path) -> io::Result<AtomicFile> {
        let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        // Created and registered under a shared hold of CREATING, so an interrupt never falls between the two
        // and leaves the file behind.
        let creating = CREATING.read().unwrap_or_else(|e| e.into_inner());
        if INTERRUPTED.load(Ordering::SeqCst) {
            return Err(io::Error::new(io::ErrorKind::Interrupted, "the run was interrupted"));
        }
        let file =
            tempfile::Builder::new().prefix(&format!(".{name}.")).suffix(".tmp").tempfile_in(folder_of(target))?;
        TEMPORARY_FILES.lock().unwrap_or_else(|e| e.into_inner()).push(file.path().to_path_buf());
        drop(creating);
        let registered = Registered(file.path().to_path_buf());
        Ok(AtomicFile { writer: BufWriter::new(file), target: target.to_path_buf(), _registered: registered })
    }

    /// Where the bytes go until the commit.
    pub(crate) fn writer(&mut self) -> &mut dyn Write {
        &mut self.writer
    }

    /// Flushes the file to disk and renames it over the target. On failure the temporary file is removed.
    pub(crate) fn commit(self) -> Result<()> {
        self.finish(true)
    }

    /// Renames the file over the target, flushed to disk first when `flush`. On failure the temporary file is
    /// removed.
    fn finish(self, flush: bool) -> Result<()> {
        let cannot_write = || format!("cannot write {}", self.target.display());
        let file = self.writer.into_inner().map_err(|e| e.into_error()).with_context(cannot_write)?;
        if flush {
            file.as_file().sync_all().ok();
        }
        // A failed rename drops the temporary file, which removes it.
        file.persist(&self.target).map(drop).map_err(|e| e.error).with_context(cannot_write)
    }
}

/// Runs `attempt` on `target`; when it fails for a missing folder, makes `target`'s folders and runs it once more
/// (the folder is asked for only then: one that exists costs no system call).
fn in_its_folder<T>(target: &Path, attempt: impl Fn() -> io::Result<T>) -> Result<io::Result<T>> {
    match attempt() {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let folder = folder_of(target);
            std::fs::create_dir_all(folder).with_context(|| format!("cannot create {}", folder.display()))?;
            Ok(attempt())
        }
        done => Ok(done),
    }
}

/// The folder a file is written in (`.` for a bare name).
fn folder_of(target: &Path) -> &Path {
    match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Copies written into an output folder (`fix --out-dir`), from any number of threads. Each copy is written as
/// [`write_atomically`] writes a file, through a temporary file beside it renamed into place, so that no reader
/// sees half a copy and an interrupt leaves no temporary file behind; but it is not flushed to disk before its
/// rename. A flush costs a disk cache flush of its own, and one per file made `fix --out-dir` of the 18,326 files
/// of the test corpus take about twenty times the wall time of `check` of them (BENCHMARKS.md, section 10). Unlike
/// `fix --write`, a copy replaces nothing of the user's: a crash while copies are written loses copies only, made
/// again by running again. [`Copies::flush`], once every copy is written, puts them all on disk at once (on
/// Linux one `syncfs` of the output folder's filesystem; elsewhere each copy's own flush), so that a run that
/// has ended has its copies on disk.
pub(crate) struct Copies {
    /// The output folder.
    folder: PathBuf,
    /// Every copy written, for systems with no call that flushes a whole filesystem.
    #[cfg(not(target_os = "linux"))]
    written: Mutex<Vec<PathBuf>>,
}

impl Copies {
    /// Copies into `folder`, which exists.
    pub(crate) fn new(folder: &Path) -> Copies {
        Copies {
            folder: folder.to_path_buf(),
            #[cfg(not(target_os = "linux"))]
            written: Mutex::new(Vec::new()),
        }
    }

    /// Writes `bytes` to `target`, a path inside the output folder, creating its folders when they are missing
    /// (asked only then: a folder that exists costs no system call).
    pub(crate) fn write(&self, target: &Path, bytes: &[u8]) -> Result<()> {
        #[cfg(target_os = "linux")]
        if let Linked::Yes = in_its_folder(target, || write_unnamed_then_link(target, bytes))?
            .with_context(|| format!("cannot write {}", target.display()))?
        {
            return Ok(());
        }
        self.write_through_temporary(target, bytes)
    }

    /// [`Copies::write`] through a named temporary file renamed over `target`.
    fn write_through_temporary(&self, target: &Path, bytes: &[u8]) -> Result<()> {
        let mut file = in_its_folder(target, || AtomicFile::try_create(target))?
            .with_context(|| format!("cannot create a temporary file in {}", folder_of(target).display()))?;
        file.writer().write_all(bytes).with_context(|| format!("cannot write {}", target.display()))?;
        file.finish(false)?;
        #[cfg(not(target_os = "linux"))]
        self.written.lock().unwrap_or_else(|e| e.into_inner()).push(target.to_path_buf());
        Ok(())
    }

    /// Puts every copy written on disk.
    pub(crate) fn flush(self) -> Result<()> {
        let cannot =
            |e: io::Error| anyhow::anyhow!("cannot flush the copies in {} to disk: {e}", self.folder.display());
        #[cfg(target_os = "linux")]
        {
            let folder = std::fs::File::open(&self.folder).map_err(cannot)?;
            rustix::fs::syncfs(&folder).map_err(|e| cannot(e.into()))
        }
        #[cfg(not(target_os = "linux"))]
        {
            let written = std::mem::take(&mut *self.written.lock().unwrap_or_else(|e| e.into_inner()));
            written.iter().try_for_each(|path| std::fs::File::open(path).and_then(|f| f.sync_all())).map_err(cannot)
        }
    }
}

/// Whether [`write_unnamed_then_link`] made the file.
#[cfg(target_os = "linux")]
enum Linked {
    Yes,
    /// Not this way: the target exists, or the filesystem has no unnamed files; write it another way.
    No,
}

/// Writes `bytes` to a file with no name in `target`'s folder (`O_TMPFILE`), then gives it its name (`linkat`
/// through `/proc/self/fd`): no reader sees half a copy, an interrupt or a crash leaves no temporary file
/// behind (an unnamed file vanishes with the process), and the folder is changed once per copy where a named
/// temporary renamed into place changes it twice. Two threads writing into one folder wait on its lock for
/// each change, so this halves the waiting as well (`fix --out-dir`, BENCHMARKS.md section 10). An error of
/// kind `NotFound` is a missing folder.
#[cfg(target_os = "linux")]
fn write_unnamed_then_link(target: &Path, bytes: &[u8]) -> io::Result<Linked> {
    use rustix::fs::{AtFlags, CWD, Mode, OFlags};
    use rustix::io::Errno;
    let flags = OFlags::WRONLY | OFlags::TMPFILE | OFlags::CLOEXEC;
    let unnamed = match rustix::fs::openat(CWD, folder_of(target), flags, Mode::from_raw_mode(0o666)) {
        Ok(fd) => fd,
        Err(Errno::NOENT) => return Err(io::ErrorKind::NotFound.into()),
        // The filesystem (or the kernel) has no unnamed files.
        Err(Errno::OPNOTSUPP | Errno::ISDIR | Errno::INVAL | Errno::NOSYS) => return Ok(Linked::No),
        Err(e) => return Err(e.into()),
    };
    let mut file = std::fs::File::from(unnamed);
    file.write_all(bytes)?;
    let name = format!("/proc/self/fd/{}", std::os::fd::AsRawFd::as_raw_fd(&file));
    match rustix::fs::linkat(CWD, name.as_str(), CWD, target, AtFlags::SYMLINK_FOLLOW) {
        Ok(()) => Ok(Linked::Yes),
        // The target exists (replaced by a rename instead), or there is no /proc to name the file through.
        Err(Errno::EXIST | Errno::NOENT | Errno::XDEV | Errno::PERM | Errno::ACCESS) => Ok(Linked::No),
        Err(e) => Err(e.into()),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The names in a folder, sorted.
    fn names(folder: &Path) -> Vec<String> {
        let mut names: Vec<String> =
            std::fs::read_dir(folder).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    }

    #[test]
    fn copies_make_their_folders_replace_older_copies_and_leave_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let copies = Copies::new(dir.path());
        let deep = dir.path().join("a/b/c.sgf");
        copies.write(&deep, b"(;GM[1])").unwrap();
        copies.write(&dir.path().join("a/d.sgf"), b"(;)").unwrap();
        // A copy written again (a second run into the same folder) replaces the first.
        copies.write(&deep, b"(;GM[1]FF[4])").unwrap();
        copies.flush().unwrap();
        assert_eq!(std::fs::read(&deep).unwrap(), b"(;GM[1]FF[4])");
        assert_eq!(names(&dir.path().join("a")), ["b", "d.sgf"]);
        assert_eq!(names(&dir.path().join("a/b")), ["c.sgf"]);
        assert!(TEMPORARY_FILES.lock().unwrap().iter().all(|p| !p.starts_with(dir.path())));
    }

    #[test]
    fn a_copy_that_cannot_be_written_is_an_error_that_names_it() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a"), "a file, not a folder").unwrap();
        let copies = Copies::new(dir.path());
        let e = copies.write(&dir.path().join("a/b.sgf"), b"(;)").unwrap_err();
        assert!(format!("{e:#}").contains(&dir.path().join("a").display().to_string()), "{e:#}");
        assert_eq!(names(dir.path()), ["a"]);
    }
}
