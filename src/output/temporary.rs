//! Files being written and interrupts. A file is written with no name where the system has unnamed files
//! (Linux's `O_TMPFILE`), and given its name once complete: a new file straight under its own (`linkat`), a file
//! replacing another under a temporary name `.NAME.XXXXXX.tmp` renamed over it at once. Where there are no
//! unnamed files, the temporary name is there from the start. Each temporary name is registered while it exists,
//! so that an interrupt (Ctrl-C, SIGTERM) removes it before the process exits: the process ends without running
//! destructors. A SIGKILL or a crash can leave one only while it exists: with unnamed files, between the two
//! calls that link it and rename it.
//!
//! An interrupt during a run that writes the user's files (`fix`, `convert`) lets the files being written finish
//! and the run report them (no new one is started): a second interrupt ends the process at once.

#[cfg(target_os = "linux")]
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};
use std::sync::{Mutex, RwLock};

use tempfile::NamedTempFile;

use super::folder_of;

/// Temporary names that exist, for the interrupt handler to remove.
static TEMPORARY_FILES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Held shared by each thread while it gives a file a temporary name and registers it, and taken exclusively (for
/// good) by the interrupt handler, which so never falls between a name's creation and its registration, while
/// threads naming files do not wait for one another.
static NAMING: RwLock<()> = RwLock::new(());

/// Where the run is: [`RUNNING`], [`FINISHING`] (interrupted once: files being written are finished, none is
/// started), [`STOPPED`] (no file is named any more; the process is about to exit).
static STATE: AtomicU8 = AtomicU8::new(RUNNING);
const RUNNING: u8 = 0;
const FINISHING: u8 = 1;
const STOPPED: u8 = 2;

/// Runs that finish what they are writing when interrupted (see [`Finishing`]).
static FINISHING_RUNS: AtomicUsize = AtomicUsize::new(0);

/// What the interrupt handler does: `true` to exit now (every temporary name removed, no more made), `false` when
/// a run finishes what it is writing and ends by itself (the first interrupt of a `fix` or `convert` run).
pub(crate) fn on_interrupt() -> bool {
    if FINISHING_RUNS.load(Ordering::SeqCst) > 0
        && STATE.compare_exchange(RUNNING, FINISHING, Ordering::SeqCst, Ordering::SeqCst).is_ok()
    {
        return false;
    }
    remove_temporary_files();
    true
}

/// Whether the run was interrupted: a run that writes files starts no new one.
pub(crate) fn interrupted() -> bool {
    STATE.load(Ordering::SeqCst) != RUNNING
}

/// Held by a run that, interrupted, finishes the files it is writing and reports them before it ends (with exit
/// status 130); a second interrupt ends it at once.
pub(crate) struct Finishing(());

impl Finishing {
    pub(crate) fn start() -> Finishing {
        FINISHING_RUNS.fetch_add(1, Ordering::SeqCst);
        Finishing(())
    }
}

impl Drop for Finishing {
    fn drop(&mut self) {
        FINISHING_RUNS.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Removes every temporary name, and refuses to make more.
fn remove_temporary_files() {
    // Never released: a thread about to name a file waits until the process has exited.
    std::mem::forget(NAMING.write().unwrap_or_else(|e| e.into_inner()));
    STATE.store(STOPPED, Ordering::SeqCst);
    let mut registry = TEMPORARY_FILES.lock().unwrap_or_else(|e| e.into_inner());
    for file in registry.drain(..) {
        let _ = std::fs::remove_file(file);
    }
}

/// A temporary name's entry in [`TEMPORARY_FILES`], taken out when it is dropped: by then the name is renamed
/// into place or removed.
pub(super) struct Registered(PathBuf);

impl Drop for Registered {
    fn drop(&mut self) {
        TEMPORARY_FILES.lock().unwrap_or_else(|e| e.into_inner()).retain(|p| *p != self.0);
    }
}

/// Makes a temporary name (`make` returns what it made and the name) and registers it, both under a shared hold
/// of [`NAMING`], so that an interrupt never falls between the two.
fn named<R>(make: impl FnOnce() -> io::Result<(R, PathBuf)>) -> io::Result<(R, Registered)> {
    let _naming = NAMING.read().unwrap_or_else(|e| e.into_inner());
    if STATE.load(Ordering::SeqCst) == STOPPED {
        return Err(io::Error::new(io::ErrorKind::Interrupted, "the run was interrupted"));
    }
    let (made, path) = make()?;
    TEMPORARY_FILES.lock().unwrap_or_else(|e| e.into_inner()).push(path.clone());
    Ok((made, Registered(path)))
}

/// Runs `make` with a builder of temporary names beside `target`: `.NAME.XXXXXX.tmp` (a dot file, which walks
/// skip).
fn with_builder<R>(target: &Path, make: impl FnOnce(&mut tempfile::Builder) -> R) -> R {
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    make(&mut builder)
}

/// A file with a temporary name beside `target`, created with `mode` (less the umask), registered.
pub(super) fn named_file(target: &Path, mode: u32) -> io::Result<(NamedTempFile, Registered)> {
    named(|| {
        let file = with_builder(target, |builder| {
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                builder.permissions(std::fs::Permissions::from_mode(mode));
            }
            #[cfg(not(unix))]
            let _ = mode;
            builder.tempfile_in(folder_of(target))
        })?;
        let path = file.path().to_path_buf();
        Ok((file, path))
    })
}

/// Renames a registered temporary file over `target` (or, with `overwrite` false, gives it `target`'s name only
/// if that is free). On failure the temporary name is removed.
pub(super) fn persist(file: NamedTempFile, registered: Registered, target: &Path, overwrite: bool) -> io::Result<()> {
    let done = if overwrite { file.persist(target) } else { file.persist_noclobber(target) };
    drop(registered);
    done.map(drop).map_err(|e| e.error)
}

/// Unnamed files (Linux `O_TMPFILE`), named through `/proc/self/fd`.
#[cfg(target_os = "linux")]
pub(super) mod unnamed {
    use std::fs::File;
    use std::io;
    use std::os::fd::AsRawFd;
    use std::path::Path;
    use std::sync::OnceLock;

    use rustix::fs::{AtFlags, CWD, Mode, OFlags};
    use rustix::io::Errno;

    /// A file with no name in `folder`, created with `mode` (less the umask); `None` where the filesystem (or the
    /// system) has none, or there is no `/proc` to name one through.
    pub(in crate::output) fn create(folder: &Path, mode: u32) -> io::Result<Option<File>> {
        static PROC: OnceLock<bool> = OnceLock::new();
        if !*PROC.get_or_init(|| Path::new("/proc/self/fd").is_dir()) {
            return Ok(None);
        }
        let flags = OFlags::WRONLY | OFlags::TMPFILE | OFlags::CLOEXEC;
        match rustix::fs::openat(CWD, folder, flags, Mode::from_raw_mode(mode)) {
            Ok(fd) => Ok(Some(File::from(fd))),
            Err(Errno::OPNOTSUPP | Errno::ISDIR | Errno::INVAL | Errno::NOSYS) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// Gives `file` the name `target`; an error of kind `AlreadyExists` when the name is taken.
    pub(in crate::output) fn link(file: &File, target: &Path) -> io::Result<()> {
        let name = format!("/proc/self/fd/{}", file.as_raw_fd());
        rustix::fs::linkat(CWD, name.as_str(), CWD, target, AtFlags::SYMLINK_FOLLOW).map_err(io::Error::from)
    }
}

/// Puts an unnamed `file` in place of `target`: linked under a registered temporary name beside it, renamed over
/// it. Only between the link and the rename does a temporary name exist.
#[cfg(target_os = "linux")]
pub(super) fn replace_with_unnamed(file: &File, target: &Path) -> io::Result<()> {
    let (temporary, registered) = named(|| {
        let temporary =
            with_builder(target, |builder| builder.make_in(folder_of(target), |name| unnamed::link(file, name)))?;
        let path = temporary.path().to_path_buf();
        Ok((temporary, path))
    })?;
    let done = temporary.persist(target);
    drop(registered);
    done.map(drop).map_err(|e| e.error)
}
