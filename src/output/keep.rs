//! What a replaced file keeps: its owner and group (always as root; otherwise where the system lets the process
//! set them), its mode (set-user-ID and sticky bits too), and on Linux its extended attributes, POSIX ACLs among
//! them (`system.posix_acl_access`), where the system lets the process set them. What cannot be kept is said
//! in a note. Its other names (hard links) keep the old file: a rename replaces one name.

use std::fs::{File, Metadata};
use std::path::Path;

/// Gives `file` (the new, still unnamed or temporary, file) what the replaced file at `original` had: `meta`.
/// Returns what could not be kept, in words, for a note.
#[cfg(unix)]
pub(crate) fn keep(file: &File, original: &Path, meta: &Metadata) -> Vec<String> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let mut lost = Vec::new();
    // Owner and group first: a change of owner clears the set-user-ID bits, which the mode then sets again.
    if std::os::unix::fs::fchown(file, Some(meta.uid()), Some(meta.gid())).is_err() {
        let group_kept = std::os::unix::fs::fchown(file, None, Some(meta.gid())).is_ok();
        let mine = file.metadata().map(|m| m.uid()).unwrap_or(u32::MAX);
        if meta.uid() != mine {
            lost.push(format!(
                "its owner (uid {}) could not be kept: the new file belongs to uid {mine} (only root can give a \
                 file away)",
                meta.uid()
            ));
        }
        if !group_kept {
            lost.push(format!("its group (gid {}) could not be kept: you are not in it", meta.gid()));
        }
    }
    #[cfg(target_os = "linux")]
    lost.extend(xattrs::copy(file, original));
    #[cfg(not(target_os = "linux"))]
    let _ = original;
    if let Err(e) = file.set_permissions(std::fs::Permissions::from_mode(meta.mode() & 0o7777)) {
        lost.push(format!("its mode {:o} could not be kept ({e})", meta.mode() & 0o7777));
    }
    if meta.nlink() > 1 {
        let others = meta.nlink() - 1;
        lost.push(format!(
            "it had {} names (hard links): this one now leads to the new file, the {others} other{} still to the \
             old one",
            meta.nlink(),
            if others == 1 { "" } else { "s" }
        ));
    }
    lost
}

/// Gives `file` the replaced file's read-only flag, the one permission other systems have.
#[cfg(not(unix))]
pub(crate) fn keep(file: &File, _original: &Path, meta: &Metadata) -> Vec<String> {
    match file.set_permissions(meta.permissions()) {
        Ok(()) => Vec::new(),
        Err(e) => vec![format!("its permissions could not be kept ({e})")],
    }
}

/// Extended attributes (Linux): those of the replaced file are set on the new one, and those the new one got
/// from its folder (a default ACL) but the replaced file did not have are removed.
#[cfg(target_os = "linux")]
mod xattrs {
    use std::fs::File;
    use std::path::Path;

    /// Copies `original`'s extended attributes onto `file`; returns what could not be set.
    pub(super) fn copy(file: &File, original: &Path) -> Vec<String> {
        // A filesystem without extended attributes has none to keep.
        let Some(names) = list(|buf| rustix::fs::listxattr(original, buf)) else { return Vec::new() };
        let mut lost = Vec::new();
        if let Some(inherited) = list(|buf| rustix::fs::flistxattr(file, buf)) {
            for name in inherited.iter().filter(|n| !names.contains(n)) {
                if rustix::fs::fremovexattr(file, name.as_slice()).is_err() {
                    lost.push(format!("the new file keeps the attribute {} its folder gave it", show(name)));
                }
            }
        }
        for name in &names {
            let value = read(|buf| rustix::fs::getxattr(original, name.as_slice(), buf));
            let set = value.and_then(|value| {
                rustix::fs::fsetxattr(file, name.as_slice(), &value, rustix::fs::XattrFlags::empty()).ok()
            });
            if set.is_none() {
                lost.push(format!("its extended attribute {} could not be kept", show(name)));
            }
        }
        lost
    }

    /// The names of a list of extended attributes (NUL-terminated names, one after another), or `None` when
    /// there is no list to be had.
    fn list(call: impl Fn(&mut [u8]) -> rustix::io::Result<usize>) -> Option<Vec<Vec<u8>>> {
        let bytes = read(call)?;
        Some(bytes.split(|&b| b == 0).filter(|n| !n.is_empty()).map(<[u8]>::to_vec).collect())
    }

    /// The bytes a call fills, asked with a buffer that grows until they fit (the value can grow between the
    /// calls).
    fn read(call: impl Fn(&mut [u8]) -> rustix::io::Result<usize>) -> Option<Vec<u8>> {
        let mut size = 256;
        loop {
            let mut buffer = vec![0; size];
            match call(&mut buffer) {
                Ok(n) => {
                    buffer.truncate(n);
                    return Some(buffer);
                }
                Err(rustix::io::Errno::RANGE) if size < 1 << 20 => size *= 8,
                Err(_) => return None,
            }
        }
    }

    fn show(name: &[u8]) -> String {
        String::from_utf8_lossy(name).into_owned()
    }
}
