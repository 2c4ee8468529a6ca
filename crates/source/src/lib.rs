//! Where bytes come from: the files named on the command line and the record files found in folders (walked in
//! sorted order, so reports come out in the same order on every machine), reading one file whole within a size
//! limit, containers (archives and compressed streams, [`archive`]) and collections of any size streamed game
//! by game ([`gotool_sgf::split`]). Nothing here checks a record; it hands out bytes with the path a report names them by
//! (`kgs.tar.bz2!/2015/01/x.sgf` for an archive member).
//!
//! [`archive::items`] walks an input on a thread of its own and hands its records out as an iterator, so that
//! the members of an archive are spread over the workers while the next ones are decompressed.

pub mod archive;
pub mod batch;
pub mod names;

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

use archive::{Item, Items, Origin, SourceOptions};
use gotool_sgf::split::Piece;

/// How standard input is named in reports.
pub const STDIN_NAME: &str = "<stdin>";

/// One thing a walk found: a file to check, or a folder it could not go into.
#[derive(Clone, Debug)]
pub enum Input {
    /// A record file or an archive (or a path named on the command line).
    File {
        /// Where it is.
        path: PathBuf,
        /// How reports name it.
        display: String,
    },
    /// Standard input (`-`).
    Stdin,
    /// One member of an archive, named `ARCHIVE!/MEMBER` on the command line (nested: `a.zip!/b.zip!/c.sgf`);
    /// a member path that names a folder inside the archive takes every member under it.
    Member {
        /// The archive file.
        archive: PathBuf,
        /// `ARCHIVE!/MEMBER` as named.
        display: String,
    },
    /// A file or folder a walk leaves out by its name (hidden, or macOS metadata: [`names::is_left_out`]), and
    /// does not go into: counted, not read. Only files that would otherwise be read are handed out so.
    LeftOut {
        /// How reports would name it.
        display: String,
        /// Whether it is a folder (whose files are not looked at).
        folder: bool,
    },
    /// A folder that could not be read (`error`), or a symbolic link that leads back to a folder above it.
    Skipped {
        /// How reports name it.
        display: String,
        /// Why it was skipped.
        message: String,
        /// Whether the skip is an error (a folder that could not be read) rather than a link loop.
        error: bool,
    },
}

impl Input {
    /// An input as named on the command line: `-` is standard input; a path that does not exist but whose
    /// part before the first `!/` is a file names a member of that archive.
    pub fn named(path: &Path) -> Input {
        if path.as_os_str() == "-" {
            return Input::Stdin;
        }
        if let Some(archive) = archive_of_member(path) {
            return Input::Member { archive, display: path.display().to_string() };
        }
        Input::File { path: path.to_path_buf(), display: path.display().to_string() }
    }
}

/// The archive holding the member named by `path` (`a.zip!/x.sgf` → `a.zip`), when `path` is not itself a file
/// and that archive is.
pub fn archive_of_member(path: &Path) -> Option<PathBuf> {
    let text = path.to_str()?;
    let (archive, _) = text.split_once("!/")?;
    let archive = PathBuf::from(archive);
    (!path.exists() && archive.is_file()).then_some(archive)
}

/// Whether a path named on the command line may hold many records, so that it is worth more than one worker:
/// standard input, an archive or compressed file (by name), an archive member path, or a file too large to read
/// whole (a collection to stream).
pub fn may_hold_many(path: &Path, max_file_bytes: u64) -> bool {
    path.as_os_str() == "-"
        || path.file_name().and_then(|n| n.to_str()).is_some_and(names::is_archive_name)
        || archive_of_member(path).is_some()
        || std::fs::metadata(path).is_ok_and(|m| m.len() > max_file_bytes)
}

/// What a folder walk picks up: record files, and (with `archives`) archives and compressed records by name,
/// a split 7z set by its first volume only.
fn is_wanted(path: &Path, archives: bool) -> bool {
    if names::is_record_file(path) {
        return true;
    }
    archives
        && path.file_name().and_then(|n| n.to_str()).is_some_and(names::is_archive_name)
        && !archive::is_later_volume(path)
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

/// How folders are walked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Walk {
    /// Follow symbolic links inside folders (`--follow-links`).
    pub follow_links: bool,
    /// Pick up archives and compressed files in folders.
    pub archives: bool,
    /// Go into hidden files and folders too (`--hidden`); macOS metadata is left out even so.
    pub hidden: bool,
}

/// Lazily lists the inputs: explicit files as given (whatever their extension or name), `-` and archive members
/// as [`Input::named`] says, folders walked recursively in sorted order for record files (`.sgf`, `.mgt`, `.sgfs`,
/// `.gib`, `.ngf`, `.ugf`, `.ugi`) and, with `walk.archives`, archives. Hidden files and folders (unless
/// `walk.hidden`) and macOS metadata (`__MACOSX/`, `._*`, `.DS_Store`) are left out ([`Input::LeftOut`]).
/// Symlinks inside folders are followed only with `walk.follow_links`; loops are reported as unreadable entries.
/// Slicing by `--shard` is [`Units`]' job: an archive is sliced by its members.
pub fn discover(paths: &[PathBuf], walk: Walk) -> impl Iterator<Item = Input> + Send + '_ {
    paths.iter().flat_map(move |root| -> Box<dyn Iterator<Item = Input> + Send> {
        if !root.is_dir() {
            return Box::new(std::iter::once(Input::named(root)));
        }
        let walker = walkdir::WalkDir::new(root)
            .follow_links(walk.follow_links)
            .sort_by(|a, b| a.file_name().cmp(b.file_name()));
        Box::new(FolderWalk { entries: walker.into_iter(), walk })
    })
}

/// The inputs of one folder named: its entries, with those left out by name said once each (a folder left
/// out is not gone into).
struct FolderWalk {
    entries: walkdir::IntoIter,
    walk: Walk,
}

impl Iterator for FolderWalk {
    type Item = Input;

    fn next(&mut self) -> Option<Input> {
        loop {
            let entry = match self.entries.next()? {
                Ok(entry) => entry,
                Err(err) => return Some(unreadable(&err)),
            };
            let kind = entry.file_type();
            let wanted = kind.is_file() && is_wanted(entry.path(), self.walk.archives);
            let display = || entry.path().display().to_string();
            // The folder named itself is never left out, whatever its name.
            if entry.depth() > 0 && names::is_left_out(&entry.file_name().to_string_lossy(), self.walk.hidden) {
                if kind.is_dir() {
                    self.entries.skip_current_dir();
                }
                if kind.is_dir() || wanted {
                    return Some(Input::LeftOut { display: display(), folder: kind.is_dir() });
                }
                continue;
            }
            if wanted {
                return Some(Input::File { path: entry.path().to_path_buf(), display: display() });
            }
        }
    }
}

/// What a walk says of an entry it could not read: a link loop (not an error), or why it could not.
fn unreadable(err: &walkdir::Error) -> Input {
    let display = err.path().map_or_else(|| "?".to_string(), |p| p.display().to_string());
    if err.loop_ancestor().is_some() {
        let message = "symbolic link loop; skipped".to_string();
        return Input::Skipped { display, message, error: false };
    }
    let message = match err.io_error() {
        Some(io) => format!("cannot read: {io}"),
        None => format!("cannot read: {err}"),
    };
    Input::Skipped { display, message, error: true }
}

/// One piece of work for a worker, in input order.
pub enum Unit {
    /// A file to read whole and check; its bytes may still say it is an archive (`Plan::check_path`).
    File {
        /// Where it is.
        path: PathBuf,
        /// How reports name it.
        display: String,
    },
    /// What an archive walk or a streamed collection handed out, taken by the worker that checks it;
    /// `continued` when it is a later part of the same streamed file as the unit before it.
    Item {
        /// The item, taken by the worker (`None` once taken).
        item: Option<Item>,
        /// Whether it continues the streamed file of the unit before it.
        continued: bool,
    },
    /// A folder that could not be read, or a link loop: said on stderr, not checked.
    Skipped {
        /// How reports name it.
        display: String,
        /// Why it was skipped.
        message: String,
        /// Whether the skip is an error rather than a link loop.
        error: bool,
    },
    /// Files and folders left out by their names (hidden, macOS metadata), in a folder or an archive: counted.
    LeftOut {
        /// How many.
        count: usize,
    },
}

/// How [`Units`] opens its inputs.
#[derive(Clone, Copy, Debug)]
pub struct UnitOptions {
    /// Walk archives and compressed files (`false`: `--no-archives`).
    pub archives: bool,
    /// Limits on members and streamed games.
    pub source: SourceOptions,
    /// Only this slice (`--shard`): of the files, and of the members and streamed games of the files walked.
    pub shard: Option<Shard>,
    /// Walk every file, not only those named like archives: for a file known to be too large to read whole.
    pub walk_every_file: bool,
}

/// The inputs as units of work: a plain file is one unit; a file named like an archive, standard input or an archive member named on the command line is walked on a
/// thread of its own ([`archive::items`]) and each of its members or streamed games is a unit, so that they
/// spread over the workers while the walk reads ahead.
pub struct Units<I> {
    inputs: I,
    options: UnitOptions,
    open: Option<OpenWalk>,
}

/// An input being walked.
struct OpenWalk {
    items: Items,
    /// The input's name, which slices its members left out (`--shard`).
    display: String,
    /// Only this member (and what is under it), for [`Input::Member`]; whether any was found.
    only: Option<(String, bool)>,
    /// The path of the last item handed out, to tell the parts of one streamed file.
    last_path: Option<String>,
}

impl<I: Iterator<Item = Input>> Units<I> {
    /// The units of `inputs`, opened as `options` say.
    pub fn new(inputs: I, options: UnitOptions) -> Units<I> {
        Units { inputs, options, open: None }
    }

    fn in_shard(&self, key: &str) -> bool {
        self.options.shard.is_none_or(|s| s.contains(key))
    }

    /// Whether a file is walked on a thread of its own rather than read whole by a worker: named like an
    /// archive. (A file too large to read whole is found so by the worker, which hands it back to be walked:
    /// asking every file's size here would cost a system call per file on the one thread that hands out work.)
    fn walks(&self, path: &Path) -> bool {
        self.options.walk_every_file || path.file_name().and_then(|n| n.to_str()).is_some_and(names::is_archive_name)
    }

    fn open(&mut self, origin: Origin, display: String, only: Option<String>) {
        let items = archive::items(origin, display.clone(), self.options.source);
        self.open = Some(OpenWalk { items, display, only: only.map(|o| (o, false)), last_path: None });
    }

    /// The next item of the open walk that this run takes, or `None` when the walk is over.
    fn next_item(&mut self) -> Option<Unit> {
        loop {
            let open = self.open.as_mut()?;
            let Some(item) = open.items.next() else {
                let finished = self.open.take()?;
                match finished.only {
                    Some((member, false)) => {
                        let error =
                            archive::SourceError { code: "io", message: "no such member in the archive".to_string() };
                        let item = Item::Failed { path: member, error };
                        return Some(Unit::Item { item: Some(item), continued: false });
                    }
                    // A member named: what is beside it is not the user's concern.
                    Some(_) => continue,
                    None => {}
                }
                let count = finished.items.left_out();
                if count > 0 && self.in_shard(&finished.display) {
                    return Some(Unit::LeftOut { count });
                }
                continue;
            };
            if let Some((member, found)) = &mut open.only {
                let path = item.path();
                let under = path.len() > member.len() && path.starts_with(member.as_str()) && {
                    let rest = &path[member.len()..];
                    rest.starts_with("!/") || rest.starts_with('/')
                };
                if path != member && !under {
                    continue;
                }
                *found = true;
            }
            let continued = open.last_path.as_deref() == Some(item.path());
            if !continued {
                open.last_path = Some(item.path().to_string());
            }
            let keep = match &item {
                Item::Piece { path, piece: Piece::Game(g) } => self.in_shard(&format!("{path}#{}", g.index + 1)),
                Item::Piece { path, piece: Piece::Broken(b) } => self.in_shard(&format!("{path}#{}", b.index + 1)),
                Item::Piece { path, piece: Piece::Junk(j) } => self.in_shard(&format!("{path}@{}", j.start.offset)),
                other => self.in_shard(other.path()),
            };
            if keep {
                return Some(Unit::Item { item: Some(item), continued });
            }
        }
    }
}

impl<I: Iterator<Item = Input>> Iterator for Units<I> {
    type Item = Unit;

    fn next(&mut self) -> Option<Unit> {
        loop {
            if let Some(unit) = self.next_item() {
                return Some(unit);
            }
            match self.inputs.next()? {
                Input::File { path, display } => {
                    if self.options.archives && self.walks(&path) {
                        self.open(Origin::Path(path), display, None);
                    } else if self.in_shard(&display) {
                        return Some(Unit::File { path, display });
                    }
                }
                Input::Stdin => {
                    let origin = Origin::Reader(Box::new(std::io::stdin()));
                    self.open(origin, STDIN_NAME.to_string(), None);
                }
                Input::Member { archive, display } => {
                    let archive_display = archive.display().to_string();
                    self.open(Origin::Path(archive), archive_display, Some(display));
                }
                Input::Skipped { display, message, error } => {
                    if self.in_shard(&display) {
                        return Some(Unit::Skipped { display, message, error });
                    }
                }
                Input::LeftOut { display, .. } => {
                    if self.in_shard(&display) {
                        return Some(Unit::LeftOut { count: 1 });
                    }
                }
            }
        }
    }
}

/// Whether a path named on the command line can be read: `Err` with what the system said when it does not exist
/// or cannot be opened (a file) or listed (a folder).
pub fn check_readable(path: &Path) -> std::io::Result<()> {
    if std::fs::metadata(path)?.is_dir() {
        std::fs::read_dir(path).map(drop)
    } else {
        std::fs::File::open(path).map(drop)
    }
}

/// Whether a folder holds a record file anywhere below it that the walk takes (it stops at the first).
pub fn holds_records(folder: &Path, walk: Walk) -> bool {
    discover(std::slice::from_ref(&folder.to_path_buf()), walk).any(|input| matches!(input, Input::File { .. }))
}

/// Why a file's bytes could not be had.
#[derive(Debug)]
pub enum ReadError {
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
    pub fn code(&self) -> &'static str {
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
pub fn read_file(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
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

/// Reads one record whole for `show`: a file, standard input (`-`), an archive member (`a.zip!/x.sgf`), or the
/// one record of a compressed file or of an archive holding one. Returns its bytes and the name it goes by.
pub fn read_one(path: &Path, limit: u64) -> Result<(Vec<u8>, String), String> {
    let display = path.display().to_string();
    let options = SourceOptions::with_max_file_size(limit);
    let (bytes, wanted) = if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .take(limit.saturating_add(1))
            .read_to_end(&mut bytes)
            .map_err(|e| format!("{STDIN_NAME}: cannot read: {e}"))?;
        if bytes.len() as u64 > limit {
            return Err(format!("{STDIN_NAME}: more than {limit} bytes, over the limit"));
        }
        (bytes, None)
    } else if let Some(archive) = archive_of_member(path) {
        let bytes = read_file(&archive, limit).map_err(|e| read_message(&archive.display().to_string(), e))?;
        (bytes, Some(display.clone()))
    } else {
        (read_file(path, limit).map_err(|e| read_message(&display, e))?, None)
    };
    let name = if path.as_os_str() == "-" { STDIN_NAME.to_string() } else { display.clone() };
    if archive::Container::sniff(&bytes[..bytes.len().min(archive::SNIFF_BYTES)]).is_none() {
        return Ok((bytes, name));
    }
    let outer = match &wanted {
        Some(member) => member.split_once("!/").map_or(name.clone(), |(a, _)| a.to_string()),
        None => name.clone(),
    };
    let mut found: Result<(Vec<u8>, String), String> = Err(match &wanted {
        Some(member) => format!("{member}: no such member in the archive"),
        None => format!("{name}: holds no record"),
    });
    let mut records = 0;
    let _ = archive::walk_bytes(&bytes, &outer, &options, &mut |item| {
        let take = wanted.as_deref().is_none_or(|w| item.path() == w);
        match item {
            Item::Record { path, bytes } if take => {
                records += 1;
                if records == 1 {
                    found = Ok((bytes, path));
                }
            }
            Item::Failed { path, error } if take => {
                found = Err(format!("{path}: {error}"));
                return std::ops::ControlFlow::Break(());
            }
            _ => {}
        }
        if wanted.is_some() && records > 0 {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    });
    if wanted.is_none() && records > 1 {
        return Err(format!("{name}: an archive of {records} records; name one as {name}!/MEMBER"));
    }
    found
}

/// A read error as `show` words it: the system's message after the path.
fn read_message(display: &str, error: ReadError) -> String {
    match error {
        ReadError::Io(e) => format!("{display}: {e}"),
        too_large => format!("{display}: {too_large}"),
    }
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
