//! Where bytes come from: the files named on the command line and the record files found in folders (walked in
//! sorted order, so reports come out in the same order on every machine), reading one file whole within a size
//! limit, containers (archives and compressed streams, [`archive`]) and collections of any size streamed game
//! by game ([`split`]). Nothing here checks a record; it hands out bytes with the path a report names them by
//! (`kgs.tar.bz2!/2015/01/x.sgf` for an archive member).
//!
//! [`archive::items`] walks an input on a thread of its own and hands its records out as an iterator, so that
//! the members of an archive are spread over the workers while the next ones are decompressed.

pub mod archive;
pub mod split;

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

/// One thing a walk found: a file to check, or a folder it could not go into.
#[derive(Clone, Debug)]
pub(crate) enum Input {
    /// A record file (or a path named on the command line).
    File { path: PathBuf, display: String },
    /// A folder that could not be read (`error`), or a symbolic link that leads back to a folder above it.
    Skipped { display: String, message: String, error: bool },
}

impl Input {
    pub(crate) fn display(&self) -> &str {
        match self {
            Input::File { display, .. } | Input::Skipped { display, .. } => display,
        }
    }
}

/// Extensions searched for inside folders (any letter case). `.mgt` is an old extension for SGF text; `.gib`,
/// `.ngf`, `.ugf` and `.ugi` are Tygem's, WBaduk's and Pandanet's formats (`record::formats`).
const RECORD_EXTENSIONS: [&str; 6] = ["sgf", "mgt", "gib", "ngf", "ugf", "ugi"];

fn is_record_file(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| RECORD_EXTENSIONS.iter().any(|r| e.eq_ignore_ascii_case(r)))
}

/// Which of `n` disjoint slices a run takes (`--shard k/n`), chosen by a stable hash of the path as given,
/// so every machine computes the same split without coordination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which slice, from 0.
    pub index: u64,
    /// How many slices.
    pub count: u64,
}

impl Shard {
    /// Reads `K/N` (1 ≤ K ≤ N) as written on the command line.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let (k, n) = text.split_once('/').ok_or_else(|| format!("--shard {text}: expected K/N, e.g. 3/8"))?;
        let k: u64 = k.trim().parse().map_err(|_| format!("--shard {text}: K is not a number"))?;
        let n: u64 = n.trim().parse().map_err(|_| format!("--shard {text}: N is not a number"))?;
        if n == 0 || k == 0 || k > n {
            return Err(format!("--shard {text}: need 1 <= K <= N"));
        }
        Ok(Shard { index: k - 1, count: n })
    }

    /// Whether the input named `display` belongs to this slice.
    pub fn contains(&self, display: &str) -> bool {
        // FNV-1a: stable across runs, platforms and Rust versions, unlike the std hasher.
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for b in display.bytes() {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        hash % self.count == self.index
    }
}

/// Lazily lists the inputs: explicit files as given (whatever their extension), folders walked recursively
/// in sorted order for record files (`.sgf`, `.mgt`, `.gib`, `.ngf`, `.ugf`, `.ugi`). Symlinks inside folders are followed only with `follow_links`;
/// loops are reported as unreadable entries.
pub(crate) fn discover(
    paths: &[PathBuf],
    follow_links: bool,
    shard: Option<Shard>,
) -> impl Iterator<Item = Input> + Send + '_ {
    paths
        .iter()
        .flat_map(move |root| -> Box<dyn Iterator<Item = Input> + Send> {
            if !root.is_dir() {
                return Box::new(std::iter::once(Input::File {
                    path: root.clone(),
                    display: root.display().to_string(),
                }));
            }
            let walker =
                walkdir::WalkDir::new(root).follow_links(follow_links).sort_by(|a, b| a.file_name().cmp(b.file_name()));
            Box::new(walker.into_iter().filter_map(|entry| match entry {
                Ok(e) if e.file_type().is_file() && is_record_file(e.path()) => {
                    Some(Input::File { path: e.path().to_path_buf(), display: e.path().display().to_string() })
                }
                Ok(_) => None,
                Err(err) => {
                    let display = err.path().map_or_else(|| "?".to_string(), |p| p.display().to_string());
                    if err.loop_ancestor().is_some() {
                        let message = "symbolic link loop; skipped".to_string();
                        return Some(Input::Skipped { display, message, error: false });
                    }
                    let message = match err.io_error() {
                        Some(io) => format!("cannot read: {io}"),
                        None => format!("cannot read: {err}"),
                    };
                    Some(Input::Skipped { display, message, error: true })
                }
            }))
        })
        .filter(move |input| shard.is_none_or(|s| s.contains(input.display())))
}

/// Whether a path named on the command line can be read: `Err` with what the system said when it does not exist
/// or cannot be opened (a file) or listed (a folder).
pub(crate) fn check_readable(path: &Path) -> std::io::Result<()> {
    if std::fs::metadata(path)?.is_dir() {
        std::fs::read_dir(path).map(drop)
    } else {
        std::fs::File::open(path).map(drop)
    }
}

/// Whether a folder holds a record file anywhere below it (the walk stops at the first).
pub(crate) fn holds_records(folder: &Path, follow_links: bool) -> bool {
    discover(std::slice::from_ref(&folder.to_path_buf()), follow_links, None)
        .any(|input| matches!(input, Input::File { .. }))
}

/// Why a file's bytes could not be had.
#[derive(Debug)]
pub(crate) enum ReadError {
    /// The system refused (missing, unreadable, a folder).
    Io(std::io::Error),
    /// Larger than the limit: `size` when the system says how large.
    TooLarge {
        /// The file's size, where known.
        size: Option<u64>,
        /// The limit, in bytes.
        limit: u64,
    },
}

impl ReadError {
    /// The report's error code: `io` or `limit`.
    pub(crate) fn code(&self) -> &'static str {
        match self {
            ReadError::Io(_) => "io",
            ReadError::TooLarge { .. } => "limit",
        }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "cannot read: {e}"),
            ReadError::TooLarge { size: Some(size), limit } => {
                write!(f, "file is {size} bytes, over the limit of {limit} bytes")
            }
            ReadError::TooLarge { size: None, limit } => write!(f, "more than {limit} bytes, over the limit"),
        }
    }
}

/// Reads a file whole, but never more than `limit` bytes. The size on disk is asked first, but it is not enough
/// to go by: a pipe (`gotool check <(curl …)`), `/dev/zero` or a file still growing reports 0 or too little,
/// and an unbounded read would take all memory (issue #6), so the read itself stops past the limit too.
pub(crate) fn read_file(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
    let size = file.metadata().map_err(ReadError::Io)?.len();
    if size > limit {
        return Err(ReadError::TooLarge { size: Some(size), limit });
    }
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes).map_err(ReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { size: None, limit });
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_disjoint_and_cover_everything() {
        let names: Vec<String> = (0..1000).map(|i| format!("archive/{i}.sgf")).collect();
        let shards: Vec<Shard> = (1..=8).map(|k| Shard::parse(&format!("{k}/8")).unwrap()).collect();
        for name in &names {
            assert_eq!(shards.iter().filter(|s| s.contains(name)).count(), 1, "{name}");
        }
        assert!(Shard::parse("0/8").is_err());
        assert!(Shard::parse("9/8").is_err());
        assert!(Shard::parse("x").is_err());
    }
}
