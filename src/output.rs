//! Everything gotool writes to a path goes through here: reports (`--output`), pictures (`show --svg`), converted
//! records (`convert -o`, `--out-dir`) and fixed records (`fix --write`, `--backup`, `--out-dir`). What is done
//! depends on what the path leads to (docs/writing.md says it for users):
//! - a new path: the file is written whole, then given its name (no reader ever sees half a file), created with
//!   mode 0666 less the umask;
//! - a regular file: a new file is written whole and renamed over it, keeping its mode, owner and group, and on
//!   Linux its extended attributes and ACLs, where the process may set them (`keep`); a file with no write
//!   permission is refused unless forced, also as root;
//! - a symbolic link: followed, and the file it leads to written as above, in its own folder; the link stays;
//! - a device, a FIFO, a socket, or a name of an open descriptor (`/dev/stdout`, `/proc/self/fd/N`): written to
//!   where it is, never replaced (a socket cannot be opened: an error).
//!
//! How temporary files are kept from being left behind, and what an interrupt does, is `temporary`'s. A reader
//! that closes stdout early (`gotool check … | head`) ends the run quietly.

mod keep;
mod target;
mod temporary;

use std::fs::{File, Metadata};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use tempfile::NamedTempFile;

use target::Target;
pub(crate) use temporary::{Finishing, interrupted, on_interrupt};

/// How a file is written.
#[derive(Clone, Copy, Debug)]
pub(crate) struct How {
    /// Replace a file that has no write permission (`--force`).
    pub force: bool,
    /// Replace a regular file that is there (`false`: refuse it, as `convert` does without `--force`).
    pub overwrite: bool,
    /// Flush the file to disk before it takes its name: after a crash the old file or the new one is there,
    /// never neither. Copies, which replace nothing of the user's, are flushed all at once at the end instead
    /// ([`Copies::flush`]).
    pub durable: bool,
    /// Make the folders a new file goes in.
    pub make_folders: bool,
}

impl How {
    /// A file named by the user (a report, a picture, a converted or fixed record): replaced when it is there,
    /// flushed to disk before it takes its name, in a folder that exists.
    pub(crate) fn file(force: bool) -> How {
        How { force, overwrite: true, durable: true, make_folders: false }
    }
}

/// A file written.
#[derive(Debug)]
pub(crate) struct Written {
    /// Where it went, links followed.
    pub path: PathBuf,
    /// What the replaced file had and the new one could not keep (owner, attributes), and its other names.
    pub notes: Vec<String>,
}

/// A file being written: complete only once [`Pending::commit`] has put it in place. Dropped before that, it
/// leaves the target as it was (a device or descriptor written to directly keeps what it was given).
pub(crate) struct Pending {
    /// The path as the user gave it, for messages.
    given: PathBuf,
    target: Target,
    sink: Sink,
    how: How,
    /// The file whose mode, owner and attributes the new file takes.
    keep: Option<(PathBuf, Metadata)>,
}

/// Where the bytes go until the commit.
enum Sink {
    /// A file with no name yet (Linux).
    #[cfg(target_os = "linux")]
    Unnamed(File),
    /// A file under a registered temporary name.
    Named(NamedTempFile, temporary::Registered),
    /// The target itself.
    Direct(File),
}

impl Pending {
    /// Starts writing `path` as `how` says. What the path leads to is looked at first; a folder, a file that is
    /// there when `how` does not overwrite, or one without write permission is refused here.
    pub(crate) fn open(path: &Path, how: How) -> Result<Pending> {
        let target = target::resolve(path).map_err(|e| cannot_write(path, e))?;
        let keep = match &target {
            Target::Replace { .. } if !how.overwrite => {
                anyhow::bail!("{} exists; not overwritten (--force overwrites it)", path.display())
            }
            Target::Replace { path: real, meta } => {
                if let Some(refusal) = target::refusal(real, meta).filter(|r| !r.forced_by(how.force)) {
                    anyhow::bail!("cannot write {}: {}", path.display(), refusal.message());
                }
                Some((real.clone(), meta.clone()))
            }
            _ => None,
        };
        let sink = match open_sink(&target) {
            Err(e) if e.kind() == io::ErrorKind::NotFound && how.make_folders => {
                let folder = folder_of(target.path());
                std::fs::create_dir_all(folder).with_context(|| format!("cannot create {}", folder.display()))?;
                open_sink(&target)
            }
            sink => sink,
        };
        // What is written where it is (a device, a FIFO; a socket, which cannot be opened) fails in the system's
        // words; a file started in a folder, of that folder.
        let sink = sink.map_err(|e| match target {
            Target::Direct { .. } => cannot_write(path, e),
            _ => cannot_write_in(path, target.path(), e),
        })?;
        Ok(Pending { given: path.to_path_buf(), target, sink, how, keep })
    }

    /// Puts the file in place: flushed to disk first when `how` says so; a new file takes its name (refused if
    /// the name was taken meanwhile and `how` does not overwrite), a file replacing another is renamed over it
    /// with the other's mode, owner and attributes.
    pub(crate) fn commit(self) -> Result<Written> {
        let Pending { given, target, sink, how, keep } = self;
        let path = target.path().to_path_buf();
        let cannot = |e: io::Error| match e.kind() {
            io::ErrorKind::AlreadyExists => {
                anyhow::anyhow!("{} exists; not overwritten (--force overwrites it)", given.display())
            }
            _ => cannot_write(&given, e),
        };
        let mut notes = Vec::new();
        let mut finish = |file: &File| -> io::Result<()> {
            if let Some((original, meta)) = &keep {
                notes = keep::keep(file, original, meta);
            }
            if how.durable { file.sync_all() } else { Ok(()) }
        };
        match sink {
            Sink::Direct(mut file) => file.flush().map_err(cannot)?,
            #[cfg(target_os = "linux")]
            Sink::Unnamed(file) => {
                finish(&file).map_err(cannot)?;
                let linked = match target {
                    Target::Replace { .. } => temporary::replace_with_unnamed(&file, &path),
                    _ => match temporary::unnamed::link(&file, &path) {
                        Err(e) if e.kind() == io::ErrorKind::AlreadyExists && how.overwrite => {
                            temporary::replace_with_unnamed(&file, &path)
                        }
                        linked => linked,
                    },
                };
                linked.map_err(cannot)?;
            }
            Sink::Named(file, registered) => {
                finish(file.as_file()).map_err(cannot)?;
                temporary::persist(file, registered, &path, how.overwrite).map_err(cannot)?;
            }
        }
        Ok(Written { path, notes })
    }

    /// The target, links followed.
    pub(crate) fn path(&self) -> &Path {
        self.target.path()
    }
}

impl Write for Pending {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match &mut self.sink {
            #[cfg(target_os = "linux")]
            Sink::Unnamed(file) => file.write(bytes),
            Sink::Named(file, _) => file.write(bytes),
            Sink::Direct(file) => file.write(bytes),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.sink {
            #[cfg(target_os = "linux")]
            Sink::Unnamed(file) => file.flush(),
            Sink::Named(file, _) => file.flush(),
            Sink::Direct(file) => file.flush(),
        }
    }
}

/// Where the bytes for `target` go until the commit: an unnamed file in its folder where there are such files,
/// else a file under a temporary name beside it, or the target itself when it is written directly.
fn open_sink(target: &Target) -> io::Result<Sink> {
    // A new file gets 0666 less the umask; one that replaces another gets the other's mode at the commit.
    let mode = match target {
        Target::New { .. } => 0o666,
        Target::Replace { .. } => 0o600,
        Target::Direct { path, descriptor, regular } => {
            return open_direct(path, *descriptor, *regular).map(Sink::Direct);
        }
    };
    let path = target.path();
    #[cfg(target_os = "linux")]
    if let Some(file) = temporary::unnamed::create(folder_of(path), mode)? {
        return Ok(Sink::Unnamed(file));
    }
    let (file, registered) = temporary::named_file(path, mode)?;
    Ok(Sink::Named(file, registered))
}

/// Opens what is written to where it is: stdout and stderr through the process's own descriptors (so that what
/// is written goes where the shell sent them, after what was written there before), another descriptor's name or
/// a device, FIFO or socket by its path. A regular file reached through a descriptor's name is appended to, as
/// a shell's `>>` would: it is the file the shell opened, and it may already hold what others wrote.
fn open_direct(path: &Path, descriptor: Option<u32>, regular: bool) -> io::Result<File> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        match descriptor {
            Some(1) => return io::stdout().as_fd().try_clone_to_owned().map(File::from),
            Some(2) => return io::stderr().as_fd().try_clone_to_owned().map(File::from),
            _ => {}
        }
    }
    std::fs::OpenOptions::new().write(true).append(regular && descriptor.is_some()).open(path)
}

/// "cannot write PATH: what the system said".
fn cannot_write(path: &Path, e: io::Error) -> anyhow::Error {
    anyhow::anyhow!("cannot write {}: {e}", path.display())
}

/// A file could not be started in `real`'s folder: said of the path given and its folder (a temporary file's
/// random name means nothing to the user).
fn cannot_write_in(given: &Path, real: &Path, e: io::Error) -> anyhow::Error {
    let folder = folder_of(real);
    let why = match folder.is_dir() {
        _ if e.kind() == io::ErrorKind::Interrupted => e.to_string(),
        true => format!("{} in {}", io::Error::from(e.kind()), folder.display()),
        false => format!("there is no folder {}", folder.display()),
    };
    anyhow::anyhow!("cannot write {}: {why}", given.display())
}

/// The folder a file is written in (`.` for a bare name).
fn folder_of(target: &Path) -> &Path {
    match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Writes a whole file as `how` says.
pub(crate) fn write_file(path: &Path, bytes: &[u8], how: How) -> Result<Written> {
    let mut file = Pending::open(path, how)?;
    file.write_all(bytes).map_err(|e| cannot_write(path, e))?;
    file.commit()
}

/// Keeps the original of the regular file at `path` (links followed already) before it is replaced (`fix
/// --backup`), as `path.orig`, or, when that name is taken, the first free of `path.orig.1`, `path.orig.2`, … (as
/// `cp --backup=numbered` numbers): a backup never replaces a file. It is a second name of the very file (a hard
/// link: its mode, owner, attributes and times are the original's), or where the filesystem has no hard links a
/// copy of `bytes` that keeps what a replaced file keeps. Returns where it went.
pub(crate) fn keep_original(path: &Path, bytes: &[u8]) -> Result<PathBuf> {
    let name = path.file_name().unwrap_or_default().to_os_string();
    for n in 0..u32::MAX {
        let mut backup = name.clone();
        backup.push(if n == 0 { ".orig".to_string() } else { format!(".orig.{n}") });
        let backup = path.with_file_name(backup);
        match std::fs::hard_link(path, &backup) {
            Ok(()) => return Ok(backup),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(_) if std::fs::symlink_metadata(&backup).is_ok() => continue,
            // No second name to be had here: a copy.
            Err(_) => {}
        }
        let meta = std::fs::metadata(path).with_context(|| format!("cannot read {}", path.display()))?;
        let how = How { force: false, overwrite: false, durable: true, make_folders: false };
        let mut copy = Pending::open(&backup, how)?;
        copy.keep = Some((path.to_path_buf(), meta));
        copy.write_all(bytes).map_err(|e| cannot_write(&backup, e))?;
        return copy.commit().map(|written| written.path);
    }
    anyhow::bail!("cannot keep the original of {}: every backup name is taken", path.display())
}

/// A file as the system knows it, whatever the path it is reached by (links followed): its device and inode
/// number, or elsewhere than Unix its path with every link resolved.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct FileId(#[cfg(unix)] (u64, u64), #[cfg(not(unix))] PathBuf);

impl FileId {
    /// The file at `path`, if there is one.
    pub(crate) fn of(path: &Path) -> Option<FileId> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            std::fs::metadata(path).ok().map(|m| FileId((m.dev(), m.ino())))
        }
        #[cfg(not(unix))]
        {
            std::fs::canonicalize(path).ok().map(FileId)
        }
    }
}

/// Where the report goes: stdout, or a file put in place once complete (`--output`).
pub(crate) enum Output<'a> {
    /// The caller's stdout, buffered.
    Stdout(BufWriter<&'a mut dyn Write>),
    /// `--output` (boxed: a file being written is much larger than a borrowed stdout).
    File(Box<BufWriter<Pending>>),
}

impl<'a> Output<'a> {
    /// The file `target` if one is given (replaced if there, unless it has no write permission and not
    /// `force`), else `stdout`.
    pub(crate) fn open(target: Option<&Path>, stdout: &'a mut dyn Write, force: bool) -> Result<Output<'a>> {
        Ok(match target {
            Some(target) => Output::File(Box::new(BufWriter::new(Pending::open(target, How::file(force))?))),
            None => Output::Stdout(BufWriter::new(stdout)),
        })
    }

    /// Where to write.
    pub(crate) fn writer(&mut self) -> &mut dyn Write {
        match self {
            Output::Stdout(w) => w,
            Output::File(file) => file,
        }
    }

    /// Finishes the report: flushes stdout, or puts the file in place. Returns the notes on what a replaced
    /// file could not keep.
    pub(crate) fn commit(self) -> Result<Vec<String>> {
        match self {
            Output::Stdout(mut w) => {
                reader_gone(w.flush()).context("writing the report")?;
                Ok(Vec::new())
            }
            Output::File(file) => {
                let given = file.get_ref().given.clone();
                let file = (*file).into_inner().map_err(|e| cannot_write(&given, e.into_error()))?;
                file.commit().map(|written| written.notes)
            }
        }
    }
}

/// Copies written into an output folder (`fix --out-dir`), from any number of threads, each as [`write_file`]
/// writes a file, but not flushed to disk before it takes its name. A flush costs a disk cache flush of its
/// own, and one per file made `fix --out-dir` of the 18,326 files of the test corpus take about twenty times the
/// wall time of `check` of them (BENCHMARKS.md, section 10). Unlike `fix --write`, a copy replaces nothing of the
/// user's: a crash while copies are written loses copies only, made again by running again. [`Copies::flush`],
/// once every copy is written, puts them all on disk at once (on Linux one `syncfs` of the output folder's
/// filesystem; elsewhere each copy's own flush), so that a run that has ended has its copies on disk.
pub(crate) struct Copies {
    /// The output folder.
    folder: PathBuf,
    /// Replace copies that have no write permission.
    force: bool,
    /// Every copy written, for systems with no call that flushes a whole filesystem.
    #[cfg(not(target_os = "linux"))]
    written: std::sync::Mutex<Vec<PathBuf>>,
}

impl Copies {
    /// Copies into `folder`, which exists.
    pub(crate) fn new(folder: &Path, force: bool) -> Copies {
        Copies {
            folder: folder.to_path_buf(),
            force,
            #[cfg(not(target_os = "linux"))]
            written: std::sync::Mutex::new(Vec::new()),
        }
    }

    /// Writes `bytes` to `target`, a path inside the output folder, creating its folders when they are missing
    /// (asked only then: a folder that exists costs no system call).
    pub(crate) fn write(&self, target: &Path, bytes: &[u8]) -> Result<Written> {
        let how = How { force: self.force, overwrite: true, durable: false, make_folders: true };
        let written = write_file(target, bytes, how)?;
        #[cfg(not(target_os = "linux"))]
        self.written.lock().unwrap_or_else(|e| e.into_inner()).push(written.path.clone());
        Ok(written)
    }

    /// Puts every copy written on disk.
    pub(crate) fn flush(self) -> Result<()> {
        let cannot =
            |e: io::Error| anyhow::anyhow!("cannot flush the copies in {} to disk: {e}", self.folder.display());
        #[cfg(target_os = "linux")]
        {
            let folder = File::open(&self.folder).map_err(cannot)?;
            rustix::fs::syncfs(&folder).map_err(|e| cannot(e.into()))
        }
        #[cfg(not(target_os = "linux"))]
        {
            let written = std::mem::take(&mut *self.written.lock().unwrap_or_else(|e| e.into_inner()));
            written.iter().try_for_each(|path| File::open(path).and_then(|f| f.sync_all())).map_err(cannot)
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
        let copies = Copies::new(dir.path(), false);
        let deep = dir.path().join("a/b/c.sgf");
        copies.write(&deep, b"(;GM[1])").unwrap();
        copies.write(&dir.path().join("a/d.sgf"), b"(;)").unwrap();
        // A copy written again (a second run into the same folder) replaces the first.
        copies.write(&deep, b"(;GM[1]FF[4])").unwrap();
        copies.flush().unwrap();
        assert_eq!(std::fs::read(&deep).unwrap(), b"(;GM[1]FF[4])");
        assert_eq!(names(&dir.path().join("a")), ["b", "d.sgf"]);
        assert_eq!(names(&dir.path().join("a/b")), ["c.sgf"]);
    }

    #[test]
    fn a_copy_that_cannot_be_written_is_an_error_that_names_it() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a"), "a file, not a folder").unwrap();
        let copies = Copies::new(dir.path(), false);
        let e = copies.write(&dir.path().join("a/b.sgf"), b"(;)").unwrap_err();
        assert!(format!("{e:#}").contains(&dir.path().join("a").display().to_string()), "{e:#}");
        assert_eq!(names(dir.path()), ["a"]);
    }

    #[test]
    fn backups_are_numbered_and_never_replace_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let game = dir.path().join("g.sgf");
        for (round, expected) in ["g.sgf.orig", "g.sgf.orig.1", "g.sgf.orig.2"].iter().enumerate() {
            std::fs::write(&game, format!("(;C[{round}])")).unwrap();
            let kept = keep_original(&game, b"unused when linked").unwrap();
            assert_eq!(kept, dir.path().join(expected));
            assert_eq!(std::fs::read_to_string(&kept).unwrap(), format!("(;C[{round}])"));
            // Replaced as `fix --write` replaces it: the backup keeps the original.
            write_file(&game, b"(;)", How::file(false)).unwrap();
        }
        assert_eq!(std::fs::read_to_string(dir.path().join("g.sgf.orig")).unwrap(), "(;C[0])");
    }
}
