//! What a path to write names: a file to create, a regular file to replace, or something that is written to as
//! it is (a device, a FIFO, a socket, or one of the system's names for an open descriptor, `/dev/stdout`,
//! `/proc/self/fd/N`). Symbolic links are followed to the file they lead to, one step at a time, so that a
//! link to a descriptor's name is seen as one.

use std::fs::Metadata;
use std::io;
use std::path::{Path, PathBuf};

/// Links followed before giving up, as the system does (`ELOOP` after 40).
const MAX_LINKS: usize = 40;

/// What a path to write leads to.
#[derive(Debug)]
pub(crate) enum Target {
    /// Nothing there yet: a file is created at `path` (the place a link leads to, when one does).
    New { path: PathBuf },
    /// A regular file at `path` (links followed), replaced by a new one that keeps what `meta` says.
    Replace { path: PathBuf, meta: Metadata },
    /// Not a regular file (a device, a FIFO, a socket) or a name of an open descriptor: written to where it is,
    /// never replaced. `descriptor` is the descriptor's number for `/dev/stdout`, `/proc/self/fd/N` and the like.
    Direct { path: PathBuf, descriptor: Option<u32>, regular: bool },
}

impl Target {
    /// The path written: links followed.
    pub(crate) fn path(&self) -> &Path {
        match self {
            Target::New { path } | Target::Replace { path, .. } | Target::Direct { path, .. } => path,
        }
    }
}

/// Follows `given` to what it names. A folder is an error ("that is a folder"); a path whose folder is missing
/// is [`Target::New`] (making the folder is the caller's choice).
pub(crate) fn resolve(given: &Path) -> io::Result<Target> {
    let mut path = given.to_path_buf();
    for _ in 0..MAX_LINKS {
        if let Some(descriptor) = descriptor_of(&path) {
            let regular = std::fs::metadata(&path).is_ok_and(|m| m.is_file());
            return Ok(Target::Direct { path, descriptor: Some(descriptor), regular });
        }
        let meta = match std::fs::symlink_metadata(&path) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Target::New { path }),
            Err(e) => return Err(e),
            Ok(meta) => meta,
        };
        if meta.file_type().is_symlink() {
            let to = std::fs::read_link(&path)?;
            // A relative link is read from its own folder (`a.sgf`, not `./a.sgf`, beside a bare name).
            path = match path.parent() {
                Some(folder) if !to.is_absolute() => folder.join(to),
                _ => to,
            };
            continue;
        }
        if meta.is_dir() {
            return Err(io::Error::other("that is a folder"));
        }
        if meta.is_file() {
            return Ok(Target::Replace { path, meta });
        }
        return Ok(Target::Direct { path, descriptor: None, regular: false });
    }
    Err(io::Error::other(format!("more than {MAX_LINKS} symbolic links in a row (a loop?)")))
}

/// The descriptor a path names when it is one of the system's names for the process's open descriptors:
/// `/dev/stdin`, `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`, `/proc/thread-self/fd/N` and
/// `/proc/PID/fd/N` of this process. What they lead to is already open (a terminal, a pipe, a file the shell
/// opened), so it is written through, never replaced: replacing `/proc/self/fd/1`'s file would leave the shell's
/// descriptor on the old one.
pub(crate) fn descriptor_of(path: &Path) -> Option<u32> {
    let text = path.to_str()?;
    match text {
        "/dev/stdin" => return Some(0),
        "/dev/stdout" => return Some(1),
        "/dev/stderr" => return Some(2),
        _ => {}
    }
    let pid = format!("/proc/{}/fd/", std::process::id());
    let number = ["/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/", pid.as_str()]
        .iter()
        .find_map(|prefix| text.strip_prefix(prefix))?;
    number.bytes().all(|b| b.is_ascii_digit()).then(|| number.parse().ok()).flatten()
}

/// Why an existing regular file may not be replaced, if it may not: it has no write permission at all (refused
/// also as root, as vim refuses, unlike `sed -i`, which replaces it and takes it over), the process may not
/// write it, or it is on a read-only filesystem. `--force` replaces the first two.
pub(crate) fn refusal(path: &Path, meta: &Metadata) -> Option<Refusal> {
    if no_write_bit(meta) {
        return Some(Refusal::ReadOnly);
    }
    // Opening for writing asks the system itself (owner, group, ACLs); nothing is truncated or changed.
    match std::fs::OpenOptions::new().write(true).open(path) {
        Ok(_) => None,
        Err(e) if e.kind() == io::ErrorKind::PermissionDenied => Some(Refusal::NotYours),
        Err(e) if e.kind() == io::ErrorKind::ReadOnlyFilesystem => Some(Refusal::ReadOnlyFilesystem),
        // Anything else shows again when the file is written, with the system's words.
        Err(_) => None,
    }
}

/// Why a file is not replaced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// No write bit at all (0444).
    ReadOnly,
    /// The process has no write permission on it.
    NotYours,
    /// It is on a filesystem mounted read-only.
    ReadOnlyFilesystem,
}

impl Refusal {
    /// What the user is told.
    pub(crate) fn message(self) -> &'static str {
        match self {
            Refusal::ReadOnly => "it is read-only (no write permission): not replaced (--force replaces it)",
            Refusal::NotYours => "you have no write permission on it: not replaced (--force replaces it)",
            Refusal::ReadOnlyFilesystem => "it is on a read-only filesystem",
        }
    }

    /// Whether `--force` overrides it.
    pub(crate) fn forced_by(self, force: bool) -> bool {
        force && self != Refusal::ReadOnlyFilesystem
    }
}

#[cfg(unix)]
fn no_write_bit(meta: &Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    meta.permissions().mode() & 0o222 == 0
}

#[cfg(not(unix))]
fn no_write_bit(meta: &Metadata) -> bool {
    meta.permissions().readonly()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_names_of_descriptors_are_told_apart_from_files() {
        let own = format!("/proc/{}/fd/7", std::process::id());
        let other = format!("/proc/{}/fd/1", std::process::id() + 1);
        for (path, fd) in [
            ("/dev/stdout", Some(1)),
            ("/dev/stderr", Some(2)),
            ("/dev/stdin", Some(0)),
            ("/dev/fd/3", Some(3)),
            ("/proc/self/fd/12", Some(12)),
            ("/proc/thread-self/fd/1", Some(1)),
            (own.as_str(), Some(7)),
            (other.as_str(), None),
            ("/proc/self/fd/", None),
            ("/proc/self/fd/1x", None),
            ("/dev/null", None),
            ("dev/stdout", None),
            ("/dev/fd/-1", None),
        ] {
            assert_eq!(descriptor_of(Path::new(path)), fd, "{path}");
        }
    }
}
