//! Containers: archives (zip, tar, 7z, split 7z volumes) and compressed streams (gzip, bzip2, xz, zstd),
//! recognised by their magic bytes, nested (a `.tar.gz` inside a `.zip`), read without ever writing to disk.
//!
//! A walk hands out [`Item`]s in archive order: a record read whole (an archive member, or an input no larger
//! than the limit), the pieces of a collection too large to read whole (streamed by [`gotool_sgf::split`]), or a
//! member (or the rest of an archive) that could not be read. A member's path is `ARCHIVE!/MEMBER`, nested
//! as `a.zip!/b.tar.gz!/c.sgf`; a compressed stream adds no level (`all.sgf.xz` is read as `all.sgf.xz`).
//!
//! Which members are read: those named like records (`.sgf`, `.mgt`, `.sgfs`, any case) or like archives
//! (`.zip`, `.tar`, `.tgz`, `.7z`, …, and `x.sgf.gz`); others are skipped unread, and so are macOS metadata
//! (`__MACOSX/`, `._*`) and hidden members (unless [`SourceOptions::hidden`]), which are counted
//! ([`Items::left_out`]). What a member holds is then told by its bytes: a `.sgf` member that is gzip is opened as
//! gzip.
//!
//! Hostile archives. Every check below makes an error for that member (or for the rest of the archive) with a
//! message, and the walk goes on with the next:
//! - a member over `max_member_bytes` once decompressed (a decompression bomb) is refused when its declared
//!   size says so, and otherwise read no further than the limit; a compressed stream that goes past the limit
//!   at more than [`MAX_EXPANSION`] times its size is stopped there (a tar of huge members would otherwise be
//!   decompressed to its end just to be skipped), and a streamed collection stops after
//!   `max_bytes_between_games` without a game;
//! - a member path that is absolute or climbs out with `..` is refused (nothing is extracted, but such a
//!   path would be shown and matched by `--show-member`);
//! - tar symbolic and hard links, devices and FIFOs named like records are refused (never followed);
//! - zip entries whose data overlap another's (the overlapping-entries bomb) are refused;
//! - encrypted members, unknown methods, wrong CRCs, truncated streams are read errors for their member;
//! - nesting deeper than `max_nesting` archives is refused, and so are more than [`MAX_COMPRESSION_LAYERS`]
//!   compressions stacked on one another;
//! - a 7z header is decoded within a memory limit, and its decoders run on one thread.

// A build without some formats leaves parts of the walk unused.
#![cfg_attr(
    not(all(
        feature = "zip",
        feature = "tar",
        feature = "gzip",
        feature = "bzip2",
        feature = "xz",
        feature = "zstd",
        feature = "sevenz"
    )),
    allow(dead_code, unused_variables)
)]

use std::fs::File;
use std::io::{self, BufReader, Cursor, Read, Seek, SeekFrom};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use gotool_sgf::Limits;
use gotool_sgf::split::{Piece, SplitOptions, Splitter};

use crate::names;

/// Settings for a walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SourceOptions {
    /// The most bytes a member (or a whole input kept in memory) may hold once decompressed: `--max-file-size`.
    /// An input larger than this that is not an archive is streamed game by game instead; a member larger than
    /// this is an error.
    pub max_member_bytes: u64,
    /// How many archives deep members are read: 1 reads the members of an archive, 2 also the members of an
    /// archive inside it (`a.zip!/b.tar.gz!/c.sgf`). Each level may hold one member in memory.
    pub max_nesting: u32,
    /// Per-game limits for streamed collections.
    pub split: SplitOptions,
    /// Read hidden members (a part of the path starting with `.`, `--hidden`); macOS metadata (`__MACOSX/`,
    /// `._*`, `.DS_Store`) is left out even so ([`names::is_left_out`]).
    pub hidden: bool,
}

impl Default for SourceOptions {
    fn default() -> Self {
        SourceOptions {
            max_member_bytes: 64 * 1024 * 1024,
            max_nesting: 3,
            split: SplitOptions::default(),
            hidden: false,
        }
    }
}

impl SourceOptions {
    /// The settings for a given `--max-file-size`: the same bound for members and for each streamed game.
    pub fn with_max_file_size(max_file_bytes: u64) -> SourceOptions {
        SourceOptions::with_limits(&Limits { max_file_bytes, ..Limits::default() })
    }

    /// The settings for `limits`: `--max-file-size` bounds members and each streamed game, and a streamed
    /// collection's games are within its limits on games.
    pub fn with_limits(limits: &Limits) -> SourceOptions {
        SourceOptions {
            max_member_bytes: limits.max_file_bytes,
            split: SplitOptions::from_limits(limits, false),
            ..SourceOptions::default()
        }
    }
}

/// Compressions stacked on one another (`x.gz.gz.gz`) that are undone before giving up.
pub const MAX_COMPRESSION_LAYERS: u32 = 3;

/// The buffer under a stream read from a file or standard input: for tar's 512-byte headers; the splitter's
/// large reads go past it, and one is made for every loose file too.
const STREAM_BUFFER: usize = 8 * 1024;

/// How many bytes at the start of an input decide its format (tar's magic is at 257).
pub const SNIFF_BYTES: usize = 512;

/// A container format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Container {
    /// A zip archive (`.zip`).
    Zip,
    /// A tar archive (`.tar`), uncompressed.
    Tar,
    /// A 7-Zip archive (`.7z`).
    SevenZ,
    /// A gzip stream (`.gz`, `.tgz`): one file, or a tar inside.
    Gzip,
    /// A bzip2 stream (`.bz2`, `.tbz2`).
    Bzip2,
    /// An xz stream (`.xz`, `.txz`).
    Xz,
    /// A zstd stream (`.zst`, `.tzst`).
    Zstd,
}

impl Container {
    /// The format whose magic bytes `head` (the first [`SNIFF_BYTES`] bytes, or all there are) starts with.
    pub fn sniff(head: &[u8]) -> Option<Container> {
        const MAGIC: &[(&[u8], Container)] = &[
            (b"PK\x03\x04", Container::Zip),
            // An empty archive, and one written as a spanned set's first part.
            (b"PK\x05\x06", Container::Zip),
            (b"PK\x07\x08", Container::Zip),
            (b"7z\xBC\xAF\x27\x1C", Container::SevenZ),
            (b"\x1F\x8B", Container::Gzip),
            (b"\xFD7zXZ\x00", Container::Xz),
            (b"\x28\xB5\x2F\xFD", Container::Zstd),
        ];
        if let Some(&(_, format)) = MAGIC.iter().find(|(magic, _)| head.starts_with(magic)) {
            return Some(format);
        }
        // `BZh` and a block size digit, then a block's or the end's magic.
        if head.len() >= 10 && head.starts_with(b"BZh") && (b'1'..=b'9').contains(&head[3]) {
            return Some(Container::Bzip2);
        }
        is_tar_header(head).then_some(Container::Tar)
    }

    /// The format's short name, as messages print it.
    pub fn name(self) -> &'static str {
        match self {
            Container::Zip => "zip",
            Container::Tar => "tar",
            Container::SevenZ => "7z",
            Container::Gzip => "gzip",
            Container::Bzip2 => "bzip2",
            Container::Xz => "xz",
            Container::Zstd => "zstd",
        }
    }

    /// A compressed stream of one thing, rather than an archive of members.
    pub fn is_compression(self) -> bool {
        matches!(self, Container::Gzip | Container::Bzip2 | Container::Xz | Container::Zstd)
    }

    /// The archive keeps its index at the end (zip) or needs to jump between parts (7z), so it cannot be read
    /// as it streams in.
    pub fn needs_seeking(self) -> bool {
        matches!(self, Container::Zip | Container::SevenZ)
    }
}

/// A tar header block: POSIX and GNU tar write `ustar` at 257; old (v7) archives have no magic, only the
/// header checksum, which must then add up.
fn is_tar_header(head: &[u8]) -> bool {
    if head.len() < 512 {
        return false;
    }
    if &head[257..262] == b"ustar" {
        return true;
    }
    // The checksum field (148..156) is octal digits, summed as if it were spaces.
    let field = &head[148..156];
    let digits: Vec<u8> = field.iter().copied().skip_while(|&b| b == b' ').take_while(u8::is_ascii_digit).collect();
    let Some(recorded) = std::str::from_utf8(&digits).ok().and_then(|d| u32::from_str_radix(d, 8).ok()) else {
        return false;
    };
    let sum: u32 =
        head[..512].iter().enumerate().map(|(i, &b)| if (148..156).contains(&i) { 32 } else { u32::from(b) }).sum();
    // A block of NULs sums to 256 with an empty field: not a header. The name must not be empty either.
    !digits.is_empty() && recorded == sum && head[0] != 0
}

/// Why a member, an input or the rest of an archive could not be read: a report's error `code` (`limit`,
/// `io` or `archive`) and a message that says what to do where there is something to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceError {
    /// The report's error code: `limit`, `io` or `archive`.
    pub code: &'static str,
    /// What went wrong, and what to do where there is something to do.
    pub message: String,
}

impl SourceError {
    fn limit(message: impl Into<String>) -> SourceError {
        SourceError { code: "limit", message: message.into() }
    }

    fn archive(message: impl Into<String>) -> SourceError {
        SourceError { code: "archive", message: message.into() }
    }

    /// A read that failed: `io` when the system refused (a disk error, a file gone), `archive` when the data
    /// itself is damaged (a truncated or corrupt stream, a wrong checksum), which is the content's fault like a
    /// syntax error, not a path that cannot be read.
    fn io(error: &io::Error) -> SourceError {
        let code = if error.raw_os_error().is_some() { "io" } else { "archive" };
        SourceError { code, message: format!("cannot read: {}", describe_io(error)) }
    }
}

impl std::fmt::Display for SourceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// An I/O error's message, with the cause a decompressor wraps in it.
fn describe_io(error: &io::Error) -> String {
    match error.kind() {
        io::ErrorKind::UnexpectedEof => format!("the data ends too early (truncated?): {error}"),
        _ => error.to_string(),
    }
}

/// What a walk hands out, in archive order.
#[derive(Debug)]
pub enum Item {
    /// A record file read whole: an archive member, or an input (file, standard input, decompressed stream)
    /// no larger than `max_member_bytes`. Check it as a file's bytes (`Plan::check_bytes(&bytes, &path)`).
    Record {
        /// The member's path inside its archive, after the archive's own (`games.zip/2015/a.sgf`).
        path: String,
        /// The member's bytes, decompressed.
        bytes: Vec<u8>,
    },
    /// One piece of an input too large to read whole, streamed game by game; `path` names the input.
    Piece {
        /// The streamed input's path.
        path: String,
        /// A game, a broken game, or bytes between games.
        piece: Piece,
    },
    /// A member, an input, or the rest of an archive that could not be read.
    Failed {
        /// What could not be read.
        path: String,
        /// Why.
        error: SourceError,
    },
}

impl Item {
    /// The path the item is reported under.
    pub fn path(&self) -> &str {
        match self {
            Item::Record { path, .. } | Item::Piece { path, .. } | Item::Failed { path, .. } => path,
        }
    }

    /// Bytes the item holds, roughly: what it costs to keep it waiting.
    pub fn held_bytes(&self) -> usize {
        match self {
            Item::Record { bytes, .. } => bytes.len(),
            Item::Piece { piece: Piece::Game(g), .. } => g.bytes.len(),
            Item::Piece { piece: Piece::Broken(b), .. } => b.bytes.as_ref().map_or(0, Vec::len),
            _ => 0,
        }
    }
}

/// The path of `member` inside `archive`: `archive!/member`.
pub fn member_path(archive: &str, member: &str) -> String {
    format!("{archive}!/{member}")
}

/// `name.7z.002` and later: read through the first volume, never on their own. A folder walk skips them.
pub fn is_later_volume(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_ascii_lowercase();
    match name.rsplit_once('.') {
        Some((stem, number)) => {
            stem.ends_with(".7z") && number.len() == 3 && number.bytes().all(|b| b.is_ascii_digit()) && number != "001"
        }
        None => false,
    }
}

/// Why a member's path is refused, if it is: absolute, or climbing out of the archive with `..`.
fn unsafe_path(name: &str) -> Option<&'static str> {
    let normal = name.replace('\\', "/");
    let drive = normal.len() >= 2 && normal.as_bytes()[1] == b':' && normal.as_bytes()[0].is_ascii_alphabetic();
    if normal.starts_with('/') || drive {
        return Some("an absolute path");
    }
    let mut depth: i64 = 0;
    for part in normal.split('/') {
        match part {
            ".." => depth -= 1,
            "" | "." => {}
            _ => depth += 1,
        }
        if depth < 0 {
            return Some("a path that leaves the archive with '..'");
        }
    }
    None
}

/// What the walk is handed by its caller: where to send items; `Break` stops the walk.
pub type Emit<'e> = dyn FnMut(Item) -> ControlFlow<()> + 'e;

/// Walks a file: an archive's members, a compressed stream, or a record file (read whole, or streamed game
/// by game when larger than `max_member_bytes`). `display` is the path as reports write it.
///
/// A split 7z set is read from its first volume (`name.7z.001`), the others found beside it.
pub fn walk_path(path: &Path, display: &str, options: &SourceOptions, emit: &mut Emit) -> ControlFlow<()> {
    let left_out = AtomicUsize::new(0);
    guarded(display, emit, |emit| walk_path_inner(path, display, options, emit, &left_out))
}

fn walk_path_inner(
    path: &Path,
    display: &str,
    options: &SourceOptions,
    emit: &mut Emit,
    left_out: &AtomicUsize,
) -> ControlFlow<()> {
    let mut file = match File::open(path) {
        Ok(f) => f,
        Err(e) => return emit(Item::Failed { path: display.to_string(), error: SourceError::io(&e) }),
    };
    let head = match read_head(&mut file) {
        Ok(head) => head,
        Err(e) => return emit(Item::Failed { path: display.to_string(), error: SourceError::io(&e) }),
    };
    let size_hint = file.metadata().map_or(0, |m| m.len());
    let mut walker = Walker { options, emit, last_failed: None, size_hint, left_out };
    match Container::sniff(&head) {
        Some(format) if format.needs_seeking() => {
            let lower = path.to_string_lossy().to_ascii_lowercase();
            if format == Container::SevenZ && names::is_first_volume(&lower) {
                match Volumes::open(path) {
                    Ok(volumes) => walker.seekable(BufReader::new(volumes), format, display, 0),
                    Err(e) => walker.fail(display, SourceError::io(&e)),
                }
            } else {
                // Buffered: the readers parse headers a few bytes at a time.
                walker.seekable(BufReader::new(file), format, display, 0)
            }
        }
        // Buffered for tar, which reads 512-byte headers; large reads (the splitter's) go past the buffer.
        _ => walker.stream(
            Box::new(Cursor::new(head).chain(BufReader::with_capacity(STREAM_BUFFER, file))),
            display,
            0,
            0,
        ),
    }
}

/// Walks an input that cannot seek (standard input, a pipe). Stream formats (plain SGF, tar, gzip, bzip2, xz,
/// zstd) are read as they stream in; zip and 7z, which need seeking, are read into memory up to
/// `max_member_bytes`, or refused with a message that says so. Nothing is written to disk.
pub fn walk_reader(reader: &mut dyn Read, display: &str, options: &SourceOptions, emit: &mut Emit) -> ControlFlow<()> {
    walk_reader_counted(reader, display, options, emit, &AtomicUsize::new(0))
}

/// [`walk_reader`], counting the members left out in `left_out`.
fn walk_reader_counted(
    reader: &mut dyn Read,
    display: &str,
    options: &SourceOptions,
    emit: &mut Emit,
    left_out: &AtomicUsize,
) -> ControlFlow<()> {
    guarded(display, emit, |emit| {
        let reader = BufReader::with_capacity(STREAM_BUFFER, &mut *reader);
        Walker { options, emit, last_failed: None, size_hint: 0, left_out }.stream(Box::new(reader), display, 0, 0)
    })
}

/// Walks bytes in memory, like [`walk_path`] on a file holding them.
pub fn walk_bytes(bytes: &[u8], display: &str, options: &SourceOptions, emit: &mut Emit) -> ControlFlow<()> {
    let left_out = AtomicUsize::new(0);
    guarded(display, emit, |emit| {
        Walker { options, emit, last_failed: None, size_hint: 0, left_out: &left_out }.bytes(bytes, display, 0)
    })
}

/// Runs a walk; a panic inside it (in a decompressor, on hostile input) ends the walk of this input with an
/// `internal-error` item instead of the run. A panic inside `emit` itself is the caller's and goes on up.
fn guarded(display: &str, emit: &mut Emit, walk: impl FnOnce(&mut Emit) -> ControlFlow<()>) -> ControlFlow<()> {
    use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
    let mut emit_panicked = false;
    let mut guarded_emit = |item: Item| match catch_unwind(AssertUnwindSafe(|| emit(item))) {
        Ok(flow) => flow,
        Err(panic) => {
            emit_panicked = true;
            resume_unwind(panic)
        }
    };
    match catch_unwind(AssertUnwindSafe(|| walk(&mut guarded_emit))) {
        Ok(flow) => flow,
        Err(panic) if emit_panicked => resume_unwind(panic),
        Err(panic) => {
            let what = gotool_model::panic_message(&*panic);
            let message = format!("gotool failed reading this input ({what}); please report it");
            emit(Item::Failed { path: display.to_string(), error: SourceError { code: "internal-error", message } })
        }
    }
}

/// The first [`SNIFF_BYTES`] bytes, or fewer at the end of input.
fn read_head(reader: &mut dyn Read) -> io::Result<Vec<u8>> {
    let mut head = Vec::with_capacity(SNIFF_BYTES);
    reader.take(SNIFF_BYTES as u64).read_to_end(&mut head)?;
    Ok(head)
}

struct Walker<'o, 'e, 'f> {
    options: &'o SourceOptions,
    emit: &'e mut Emit<'f>,
    /// Set by each failure reported, for a caller that needs to know whether a member's failed.
    last_failed: Option<()>,
    /// The size of the file being walked when it is known (a plain file on disk), to size its buffer.
    size_hint: u64,
    /// Members left out (hidden, macOS metadata) that would have been read, counted.
    left_out: &'o AtomicUsize,
}

impl Walker<'_, '_, '_> {
    /// Whether a member named like a record or an archive is left out (hidden, macOS metadata): counted if so.
    fn leaves_out(&self, name: &str) -> bool {
        let out = names::is_left_out_member(name, self.options.hidden);
        if out {
            self.left_out.fetch_add(1, Ordering::Relaxed);
        }
        out
    }

    fn fail(&mut self, path: &str, error: SourceError) -> ControlFlow<()> {
        self.last_failed = Some(());
        (self.emit)(Item::Failed { path: path.to_string(), error })
    }

    /// Bytes in memory at `depth` archives deep.
    fn bytes(&mut self, bytes: &[u8], display: &str, depth: u32) -> ControlFlow<()> {
        match Container::sniff(bytes) {
            Some(format) if format.needs_seeking() => self.seekable(Cursor::new(bytes), format, display, depth),
            _ => self.stream(Box::new(bytes), display, depth, 0),
        }
    }

    /// A stream: undoes compressions (`layers` so far), then reads a tar's members, a zip or 7z kept in memory,
    /// or record text.
    fn stream(&mut self, mut reader: Box<dyn Read + '_>, display: &str, depth: u32, layers: u32) -> ControlFlow<()> {
        let head = match read_head(&mut reader) {
            Ok(head) => head,
            Err(e) => return self.fail(display, SourceError::io(&e)),
        };
        let reader: Box<dyn Read + '_> = Box::new(Cursor::new(head.clone()).chain(reader));
        match Container::sniff(&head) {
            None => self.text(reader, display, depth),
            Some(format) if format.is_compression() => {
                if layers >= MAX_COMPRESSION_LAYERS {
                    return self.fail(
                        display,
                        SourceError::archive(format!(
                            "more than {MAX_COMPRESSION_LAYERS} compressions stacked on one another: not read"
                        )),
                    );
                }
                // The size on disk says nothing of the size decompressed.
                self.size_hint = 0;
                let read = std::rc::Rc::new(std::cell::Cell::new(0u64));
                let counted = Box::new(Counted { inner: reader, read: read.clone() });
                match decompressor(format, counted) {
                    Ok(inner) => {
                        let floor = self.options.max_member_bytes;
                        let guarded = RatioGuard { inner, read, written: 0, floor, format };
                        self.stream(Box::new(guarded), display, depth, layers + 1)
                    }
                    Err(error) => self.fail(display, error),
                }
            }
            Some(Container::Tar) => self.tar(reader, display, depth),
            Some(format) => {
                // Zip and 7z need seeking: read into memory within the limit.
                let what =
                    format!("a {} archive read as a stream (standard input, or inside a compression)", format.name());
                match read_limited(reader, self.options.max_member_bytes) {
                    Ok(Some(bytes)) => self.seekable(Cursor::new(bytes.as_slice()), format, display, depth),
                    Ok(None) => self.fail(
                        display,
                        SourceError::limit(format!(
                            "{what} must be read into memory, since {} keeps its index apart from the data, and this \
                             one is over --max-file-size ({} bytes): save it to a file and check that, or raise \
                             --max-file-size",
                            format.name(),
                            self.options.max_member_bytes
                        )),
                    ),
                    Err(e) => self.fail(display, SourceError::io(&e)),
                }
            }
        }
    }

    /// Record text: whole when it fits the limit; else, at the top level, streamed game by game, and inside an
    /// archive refused (a member that large is a decompression bomb far more often than a collection).
    fn text(&mut self, reader: Box<dyn Read + '_>, display: &str, depth: u32) -> ControlFlow<()> {
        let max = self.options.max_member_bytes;
        let mut reader = reader;
        if depth == 0 && self.size_hint > max {
            // A file known to be over the limit goes straight to streaming, without first holding `max` bytes.
            self.size_hint = 0;
            return self.split(reader, display);
        }
        let mut bytes = Vec::with_capacity(usize::try_from(self.size_hint.min(max).saturating_add(1)).unwrap_or(0));
        self.size_hint = 0;
        if let Err(e) = reader.by_ref().take(max.saturating_add(1)).read_to_end(&mut bytes) {
            return self.fail(display, SourceError::io(&e));
        }
        if bytes.len() as u64 <= max {
            return (self.emit)(Item::Record { path: display.to_string(), bytes });
        }
        if depth > 0 {
            return self.fail(display, over_limit(max));
        }
        self.split(Box::new(ReadThenFree { head: bytes, served: 0, rest: reader }), display)
    }

    /// Streams a collection game by game.
    fn split(&mut self, reader: Box<dyn Read + '_>, display: &str) -> ControlFlow<()> {
        for piece in Splitter::new(reader, self.options.split) {
            match piece {
                Ok(piece) => (self.emit)(Item::Piece { path: display.to_string(), piece })?,
                Err(e) => {
                    let code = match &e {
                        e if e.is_limit() => "limit",
                        e if e.error.raw_os_error().is_some() => "io",
                        _ => "archive",
                    };
                    let error = SourceError { code, message: e.to_string() };
                    return self.fail(display, error);
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// A member's bytes, within the limit (`declared` is its size as the archive records it, if it does): an
    /// archive or compressed stream inside is opened in turn, anything else is a record. `depth` counts the
    /// archives it is inside.
    fn member(&mut self, reader: &mut dyn Read, path: &str, declared: Option<u64>, depth: u32) -> ControlFlow<()> {
        let max = self.options.max_member_bytes;
        if declared.is_some_and(|size| size > max) {
            return self.fail(path, over_limit(max));
        }
        let bytes = match read_limited_sized(reader, max, declared.unwrap_or(0)) {
            Ok(Some(bytes)) => bytes,
            Ok(None) => return self.fail(path, over_limit(max)),
            Err(e) => return self.fail(path, SourceError::io(&e)),
        };
        match Container::sniff(&bytes) {
            None => (self.emit)(Item::Record { path: path.to_string(), bytes }),
            Some(format) if format.is_compression() => self.stream(Box::new(bytes.as_slice()), path, depth, 0),
            Some(_) => self.bytes(&bytes, path, depth),
        }
    }

    /// An archive at `depth` holds members at `depth + 1`: refused past `max_nesting`.
    fn too_deep(&mut self, display: &str, depth: u32) -> Option<ControlFlow<()>> {
        (depth + 1 > self.options.max_nesting).then(|| {
            self.fail(
                display,
                SourceError::limit(format!(
                    "an archive nested more than {} deep: not read (archives inside archives inside archives …)",
                    self.options.max_nesting
                )),
            )
        })
    }

    fn seekable<R: Read + Seek>(&mut self, reader: R, format: Container, display: &str, depth: u32) -> ControlFlow<()> {
        match format {
            Container::Zip => self.zip(reader, display, depth),
            Container::SevenZ => self.seven_z(reader, display, depth),
            _ => self.stream(Box::new(reader), display, depth, 0),
        }
    }
}

fn over_limit(max: u64) -> SourceError {
    SourceError::limit(format!(
        "more than {max} bytes once decompressed, over the limit (see --max-file-size): not read (a decompression \
         bomb, or a record far larger than any real one)"
    ))
}

/// Reads all of `reader`, but never more than `max` bytes: `None` when it holds more.
fn read_limited(reader: impl Read, max: u64) -> io::Result<Option<Vec<u8>>> {
    read_limited_sized(reader, max, 0)
}

/// [`read_limited`], with room made first for `expected` bytes (within the limit and [`TRUSTED_DECLARED_BYTES`]):
/// an archive's declared size saves the buffer's first regrowings, but it is not a promise, so memory past that
/// first room grows with what is actually read (200 members that claim 64 MiB and hold 31 bytes take 200 small
/// buffers, not 12 GiB), and a lying size is still read no further than `max`.
fn read_limited_sized(reader: impl Read, max: u64, expected: u64) -> io::Result<Option<Vec<u8>>> {
    let room = usize::try_from(expected.min(max).min(TRUSTED_DECLARED_BYTES).saturating_add(1)).unwrap_or(0);
    let mut bytes = Vec::with_capacity(room);
    reader.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= max).then_some(bytes))
}

/// The most room made for a member from the size its archive declares, before any of it is read.
const TRUSTED_DECLARED_BYTES: u64 = 256 * 1024;

/// Bytes already read, then the rest of the reader; the bytes are freed once read, so streaming a huge input
/// does not keep its first `max_member_bytes` for the whole stream.
struct ReadThenFree<R> {
    head: Vec<u8>,
    served: usize,
    rest: R,
}

impl<R: Read> Read for ReadThenFree<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.served < self.head.len() {
            let n = out.len().min(self.head.len() - self.served);
            out[..n].copy_from_slice(&self.head[self.served..self.served + n]);
            self.served += n;
            if self.served == self.head.len() {
                self.head = Vec::new();
                self.served = 0;
            }
            return Ok(n);
        }
        self.rest.read(out)
    }
}

/// How many times its size a compressed stream may decompress to, past `max_member_bytes`. SGF text compresses
/// five to twenty times; a decompression bomb, a thousand times and far more (bzip2, xz and zstd reach
/// millions). Such a stream is stopped there, whether or not what it holds is over the limit: a tar of huge
/// members would otherwise be decompressed to its end just to be skipped.
pub const MAX_EXPANSION: u64 = 1000;

/// Counts the bytes read through it (a decompressor's input).
struct Counted<R> {
    inner: R,
    read: std::rc::Rc<std::cell::Cell<u64>>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(out)?;
        self.read.set(self.read.get() + n as u64);
        Ok(n)
    }
}

/// A decompressor's output, stopped once it is over `floor` bytes and [`MAX_EXPANSION`] times its input.
struct RatioGuard<R> {
    inner: R,
    read: std::rc::Rc<std::cell::Cell<u64>>,
    written: u64,
    floor: u64,
    format: Container,
}

impl<R: Read> Read for RatioGuard<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(out)?;
        self.written += n as u64;
        if self.written > self.floor && self.written / MAX_EXPANSION > self.read.get() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "this {} stream decompresses to more than {MAX_EXPANSION} times its size (a decompression bomb); \
                     not read further",
                    self.format.name()
                ),
            ));
        }
        Ok(n)
    }
}

/// A decompressing reader over `reader`. Concatenated streams (`cat a.gz b.gz`, pbzip2's blocks, several xz
/// streams, several zstd frames) are read through, as `gzip -dc` and friends do.
fn decompressor<'a>(format: Container, reader: Box<dyn Read + 'a>) -> Result<Box<dyn Read + 'a>, SourceError> {
    match format {
        #[cfg(feature = "gzip")]
        Container::Gzip => Ok(Box::new(flate2::read::MultiGzDecoder::new(BufReader::new(reader)))),
        #[cfg(not(feature = "gzip"))]
        Container::Gzip => Err(missing_feature(format, "gzip")),
        #[cfg(feature = "bzip2")]
        Container::Bzip2 => Ok(Box::new(bzip2::read::MultiBzDecoder::new(reader))),
        #[cfg(not(feature = "bzip2"))]
        Container::Bzip2 => Err(missing_feature(format, "bzip2")),
        #[cfg(feature = "xz")]
        Container::Xz => Ok(Box::new(XzErrors(lzma_rust2::XzReader::new(BufReader::new(reader), true)))),
        #[cfg(not(feature = "xz"))]
        Container::Xz => Err(missing_feature(format, "xz")),
        #[cfg(feature = "zstd")]
        Container::Zstd => Ok(Box::new(zstd::Frames::new(BufReader::new(reader)))),
        #[cfg(not(feature = "zstd"))]
        Container::Zstd => Err(missing_feature(format, "zstd")),
        _ => unreachable!("only compressions are decompressed"),
    }
}

/// A format recognised in a build without its feature.
#[allow(dead_code)] // in a build with every feature
fn missing_feature(format: Container, feature: &str) -> SourceError {
    SourceError::archive(format!(
        "a {} archive or stream, but this gotool was built without the '{feature}' feature",
        format.name()
    ))
}

/// lzma-rust2's errors, which say only "Invalid data", named as xz's.
#[cfg(feature = "xz")]
struct XzErrors<R>(R);

#[cfg(feature = "xz")]
impl<R: Read> Read for XzErrors<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        self.0.read(out).map_err(|e| io::Error::new(e.kind(), format!("corrupt xz stream: {e}")))
    }
}

#[cfg(feature = "zstd")]
mod zstd {
    //! zstd frames one after another, checksums checked (ruzstd decodes one frame and leaves the check to us).
    use std::io::{self, BufRead, Read};

    use ruzstd::decoding::errors::{FrameDecoderError, ReadFrameHeaderError};
    use ruzstd::decoding::{BlockDecodingStrategy, FrameDecoder};

    /// The largest window accepted: zstd's own default limit for decompression (`--long` needs more and says so).
    const MAX_WINDOW_BYTES: u64 = 128 * 1024 * 1024;

    pub(crate) struct Frames<R> {
        source: R,
        decoder: FrameDecoder,
        in_frame: bool,
    }

    impl<R: BufRead> Frames<R> {
        pub(crate) fn new(source: R) -> Self {
            let mut decoder = FrameDecoder::new();
            decoder.set_max_window_size(MAX_WINDOW_BYTES);
            Frames { source, decoder, in_frame: false }
        }
    }

    fn corrupt(e: impl std::fmt::Display) -> io::Error {
        io::Error::new(io::ErrorKind::InvalidData, format!("corrupt zstd stream: {e}"))
    }

    impl<R: BufRead> Read for Frames<R> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            loop {
                if !self.in_frame {
                    if self.source.fill_buf()?.is_empty() {
                        return Ok(0);
                    }
                    match self.decoder.reset(&mut self.source) {
                        Ok(()) => self.in_frame = true,
                        Err(FrameDecoderError::ReadFrameHeaderError(ReadFrameHeaderError::SkipFrame {
                            length,
                            ..
                        })) => {
                            let skipped = io::copy(&mut (&mut self.source).take(u64::from(length)), &mut io::sink())?;
                            if skipped < u64::from(length) {
                                return Err(corrupt("a skippable frame is cut short"));
                            }
                        }
                        Err(e) => return Err(corrupt(e)),
                    }
                    continue;
                }
                if self.decoder.can_collect() > 0 {
                    return self.decoder.read(out);
                }
                if self.decoder.is_finished() {
                    if let (Some(recorded), Some(computed)) =
                        (self.decoder.get_checksum_from_data(), self.decoder.get_calculated_checksum())
                        && recorded != computed
                    {
                        return Err(corrupt("wrong checksum"));
                    }
                    self.in_frame = false;
                    continue;
                }
                self.decoder.decode_blocks(&mut self.source, BlockDecodingStrategy::UptoBlocks(1)).map_err(corrupt)?;
            }
        }
    }
}

impl Walker<'_, '_, '_> {
    #[cfg(not(feature = "tar"))]
    fn tar(&mut self, _reader: Box<dyn Read + '_>, display: &str, _depth: u32) -> ControlFlow<()> {
        self.fail(display, missing_feature(Container::Tar, "tar"))
    }

    /// A tar's members, as they stream past.
    #[cfg(feature = "tar")]
    fn tar(&mut self, reader: Box<dyn Read + '_>, display: &str, depth: u32) -> ControlFlow<()> {
        if let Some(flow) = self.too_deep(display, depth) {
            return flow;
        }
        let mut archive = tar::Archive::new(reader);
        let entries = match archive.entries() {
            Ok(entries) => entries,
            Err(e) => return self.fail(display, SourceError::archive(format!("not a readable tar archive: {e}"))),
        };
        let mut last = None::<String>;
        for entry in entries {
            let mut entry = match entry {
                Ok(entry) => entry,
                Err(e) => {
                    let after = last.map_or(String::new(), |name| format!(" after member {name}"));
                    let message = format!(
                        "cannot read the tar archive{after}: {}; its other members are not read",
                        describe_io(&e)
                    );
                    return self.fail(display, SourceError::archive(message));
                }
            };
            let name = String::from_utf8_lossy(&entry.path_bytes()).into_owned();
            last = Some(name.clone());
            let kind = entry.header().entry_type();
            if kind.is_dir()
                || !(names::is_record_name(&name) || names::is_archive_name(&name))
                || self.leaves_out(&name)
            {
                continue;
            }
            let path = member_path(display, &name);
            if let Some(why) = unsafe_path(&name) {
                self.fail(&path, SourceError::archive(format!("the member's name is {why}: not read")))?;
                continue;
            }
            let not_a_file = if kind.is_symlink() || kind.is_hard_link() {
                let target =
                    entry.link_name_bytes().map(|t| String::from_utf8_lossy(&t).into_owned()).unwrap_or_default();
                let link = if kind.is_symlink() { "a symbolic link" } else { "a hard link" };
                Some(format!("{link} to {target:?}, not a file: not followed"))
            } else if kind.is_character_special() || kind.is_block_special() || kind.is_fifo() {
                Some("a device or FIFO, not a file: not read".to_string())
            } else if !(kind.is_file() || kind.is_contiguous()) {
                Some(format!("a tar entry of type {:?}, not a file: not read", kind.as_byte() as char))
            } else {
                None
            };
            if let Some(message) = not_a_file {
                self.fail(&path, SourceError::archive(message))?;
                continue;
            }
            let declared = entry.size();
            self.member(&mut entry, &path, Some(declared), depth + 1)?;
        }
        ControlFlow::Continue(())
    }

    #[cfg(not(feature = "zip"))]
    fn zip<R: Read + Seek>(&mut self, _reader: R, display: &str, _depth: u32) -> ControlFlow<()> {
        self.fail(display, missing_feature(Container::Zip, "zip"))
    }

    /// A zip's members in the order of its central directory.
    #[cfg(feature = "zip")]
    fn zip<R: Read + Seek>(&mut self, reader: R, display: &str, depth: u32) -> ControlFlow<()> {
        if let Some(flow) = self.too_deep(display, depth) {
            return flow;
        }
        let mut zip = match zip::ZipArchive::new(reader) {
            Ok(zip) => zip,
            Err(e) => return self.fail(display, SourceError::archive(format!("not a readable zip archive: {e}"))),
        };
        let overlapping = match zip_overlaps(&mut zip) {
            Ok(overlapping) => overlapping,
            Err(e) => return self.fail(display, SourceError::archive(format!("not a readable zip archive: {e}"))),
        };
        for index in 0..zip.len() {
            let name = match zip.name_for_index(index) {
                Some(Ok(name)) => name.into_owned(),
                _ => continue,
            };
            if name.ends_with('/')
                || !(names::is_record_name(&name) || names::is_archive_name(&name))
                || self.leaves_out(&name)
            {
                continue;
            }
            let path = member_path(display, &name);
            if let Some(why) = unsafe_path(&name) {
                self.fail(&path, SourceError::archive(format!("the member's name is {why}: not read")))?;
                continue;
            }
            if overlapping.binary_search(&index).is_ok() {
                let message = "the member's data overlap another member's (a zip bomb's trick): not read";
                self.fail(&path, SourceError::archive(message))?;
                continue;
            }
            let mut file = match zip.by_index(index) {
                Ok(file) => file,
                Err(e) => {
                    self.fail(&path, SourceError::archive(format!("cannot read this member: {e}")))?;
                    continue;
                }
            };
            if file.is_symlink() {
                self.fail(&path, SourceError::archive("a symbolic link, not a file: not followed"))?;
                continue;
            }
            let declared = file.size();
            self.member(&mut file, &path, Some(declared), depth + 1)?;
        }
        ControlFlow::Continue(())
    }

    #[cfg(not(feature = "sevenz"))]
    fn seven_z<R: Read + Seek>(&mut self, _reader: R, display: &str, _depth: u32) -> ControlFlow<()> {
        self.fail(display, missing_feature(Container::SevenZ, "sevenz"))
    }

    /// A 7z's members: block by block (a solid block is one stream, decoded once), then the empty ones. A
    /// broken block loses its own members, not the others'.
    #[cfg(feature = "sevenz")]
    fn seven_z<R: Read + Seek>(&mut self, mut reader: R, display: &str, depth: u32) -> ControlFlow<()> {
        use sevenz_rust2::{Archive, BlockDecoder, Password};
        if let Some(flow) = self.too_deep(display, depth) {
            return flow;
        }
        // Header buffers and each decoder's dictionary stay within this (the format allows 4 GiB dictionaries).
        let memory_limit_kb = usize::try_from(self.options.max_member_bytes.max(64 << 20) / 1024).unwrap_or(usize::MAX);
        let password = Password::empty();
        let archive = match Archive::read_with_memory_limit(&mut reader, &password, memory_limit_kb) {
            Ok(archive) => archive,
            Err(sevenz_rust2::Error::PasswordRequired) => {
                return self
                    .fail(display, SourceError::archive("an encrypted 7z archive (a password is needed): not read"));
            }
            Err(e) => {
                return self
                    .fail(display, SourceError::archive(format!("not a readable 7z archive: {}", describe_7z(&e))));
            }
        };
        let hidden = self.options.hidden;
        let wanted = |name: &str| {
            (names::is_record_name(name) || names::is_archive_name(name)) && !names::is_left_out_member(name, hidden)
        };
        // Counted once each, here: `wanted` is asked of a member more than once.
        let left_out = archive.files.iter().filter(|e| !e.is_directory).filter(|e| {
            let name = e.name();
            (names::is_record_name(name) || names::is_archive_name(name)) && names::is_left_out_member(name, hidden)
        });
        self.left_out.fetch_add(left_out.count(), Ordering::Relaxed);
        let mut seen = vec![false; archive.files.len()];
        for block in 0..archive.blocks.len() {
            let first = archive.stream_map.block_first_file_index[block];
            let decoder =
                BlockDecoder::new_with_memory_limit(1, memory_limit_kb, block, &archive, &password, &mut reader);
            let count = decoder.entry_count();
            // (index in the block of the member being read, the walk's own stop)
            let mut at = 0usize;
            let mut stopped = false;
            let mut over_limit_in_block = None::<String>;
            // The member whose read failed inside the callback, already reported.
            let mut failed_member = None::<usize>;
            let result = decoder.for_each_entries(&mut |entry, data| {
                let index = first + at;
                at += 1;
                if let Some(slot) = seen.get_mut(index) {
                    *slot = true;
                }
                if entry.is_directory || !wanted(entry.name()) {
                    return Ok(true);
                }
                let path = member_path(display, entry.name());
                let flow = if let Some(why) = unsafe_path(entry.name()) {
                    self.fail(&path, SourceError::archive(format!("the member's name is {why}: not read")))
                } else if entry.size > self.options.max_member_bytes {
                    // Not decoded through: in a solid block that would take as long as the bomb is large. The
                    // members after it in the block are lost with it (reported below).
                    over_limit_in_block = Some(path.clone());
                    let flow = self.fail(&path, over_limit(self.options.max_member_bytes));
                    if flow.is_continue() {
                        return Ok(false);
                    }
                    flow
                } else {
                    self.last_failed = None;
                    let flow = self.member(&mut SevenZErrors(data), &path, Some(entry.size), depth + 1);
                    failed_member = failed_member.max(self.last_failed.take().map(|_| index));
                    flow
                };
                stopped = flow.is_break();
                Ok(!stopped)
            });
            if stopped {
                return ControlFlow::Break(());
            }
            // What the block did not hand out: members after a bomb, or after a read error.
            let reason = match (&result, &over_limit_in_block) {
                (Err(e), _) => {
                    let e = describe_7z(e);
                    if at == 0 {
                        // The block could not even start decoding.
                        Some(format!("not read: the compressed block holding it cannot be read ({e})"))
                    } else {
                        let culprit = first + at - 1;
                        if let Some(entry) = archive.files.get(culprit).filter(|e| wanted(e.name()))
                            && failed_member != Some(culprit)
                        {
                            self.fail(
                                &member_path(display, entry.name()),
                                SourceError::archive(format!("cannot read this member: {e}")),
                            )?;
                        }
                        Some(format!("not read: an earlier member of its solid block could not be read ({e})"))
                    }
                }
                (Ok(_), Some(bomb)) => {
                    Some(format!("not read: it follows {bomb}, which is over the limit, in the same solid block"))
                }
                _ => None,
            };
            if let Some(reason) = reason {
                let rest = first + at..first + count;
                for (entry, seen) in archive.files[rest.clone()].iter().zip(&mut seen[rest]) {
                    *seen = true;
                    if !entry.is_directory && wanted(entry.name()) {
                        self.fail(&member_path(display, entry.name()), SourceError::archive(reason.clone()))?;
                    }
                }
            }
        }
        for (index, entry) in archive.files.iter().enumerate() {
            if seen[index] || entry.is_directory || entry.has_stream || !wanted(entry.name()) {
                continue;
            }
            let path = member_path(display, entry.name());
            match unsafe_path(entry.name()) {
                Some(why) => self.fail(&path, SourceError::archive(format!("the member's name is {why}: not read")))?,
                None => (self.emit)(Item::Record { path, bytes: Vec::new() })?,
            }
        }
        ControlFlow::Continue(())
    }
}

/// A 7z error as a sentence.
#[cfg(feature = "sevenz")]
fn describe_7z(e: &sevenz_rust2::Error) -> String {
    use sevenz_rust2::Error;
    match e {
        Error::ChecksumVerificationFailed => "wrong checksum (CRC): the data are corrupt".to_string(),
        Error::Io(io, context) if context.is_empty() => describe_io(io),
        Error::Io(io, context) => format!("{context}: {}", describe_io(io)),
        Error::PasswordRequired | Error::MaybeBadPassword(_) => "encrypted (a password is needed)".to_string(),
        Error::UnsupportedCompressionMethod(method) => format!("compressed with {method}, which gotool cannot read"),
        other => format!("{other:?}"),
    }
}

/// A 7z member's reader, whose checksum failure says so in words.
#[cfg(feature = "sevenz")]
struct SevenZErrors<'r>(&'r mut dyn Read);

#[cfg(feature = "sevenz")]
impl Read for SevenZErrors<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        self.0.read(out).map_err(|e| {
            if e.to_string().contains("ChecksumVerificationFailed") {
                io::Error::new(io::ErrorKind::InvalidData, "wrong checksum (CRC): the data are corrupt")
            } else {
                e
            }
        })
    }
}

/// The indices (sorted) of zip members whose data overlap another member's. The zip crate can say whether
/// any do; which ones, only their ranges tell.
#[cfg(feature = "zip")]
fn zip_overlaps<R: Read + Seek>(zip: &mut zip::ZipArchive<R>) -> zip::result::ZipResult<Vec<usize>> {
    if !zip.has_overlapping_files()? {
        return Ok(Vec::new());
    }
    let mut ranges = Vec::with_capacity(zip.len());
    for index in 0..zip.len() {
        let file = zip.by_index_raw(index)?;
        let start = file.data_start().unwrap_or(file.header_start());
        if file.compressed_size() > 0 {
            ranges.push((start, start.saturating_add(file.compressed_size()), index));
        }
    }
    ranges.sort_unstable();
    let mut overlapping = Vec::new();
    let mut reach = None::<(u64, usize)>;
    for &(start, end, index) in &ranges {
        if let Some((far, owner)) = reach
            && start < far
        {
            overlapping.push(owner);
            overlapping.push(index);
        }
        if reach.is_none_or(|(far, _)| end > far) {
            reach = Some((end, index));
        }
    }
    overlapping.sort_unstable();
    overlapping.dedup();
    Ok(overlapping)
}

/// The volumes of a split 7z set (`name.7z.001`, `.002`, … up to the first missing number) read as one file.
struct Volumes {
    files: Vec<File>,
    /// Where each volume starts in the whole, and the whole's length last.
    starts: Vec<u64>,
    position: u64,
}

impl Volumes {
    fn open(first: &Path) -> io::Result<Volumes> {
        let name = first.to_string_lossy();
        let stem = &name[..name.len() - 3];
        let mut files = Vec::new();
        let mut starts = vec![0u64];
        for number in 1..=999 {
            let path = PathBuf::from(format!("{stem}{number:03}"));
            let file = match File::open(&path) {
                Ok(f) => f,
                Err(e) if e.kind() == io::ErrorKind::NotFound && number > 1 => break,
                Err(e) => return Err(e),
            };
            let length = file.metadata()?.len();
            starts.push(starts.last().copied().unwrap_or(0) + length);
            files.push(file);
        }
        Ok(Volumes { files, starts, position: 0 })
    }

    fn len(&self) -> u64 {
        self.starts.last().copied().unwrap_or(0)
    }
}

impl Read for Volumes {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.position >= self.len() {
            return Ok(0);
        }
        {
            let volume = self.starts.partition_point(|&s| s <= self.position) - 1;
            let within = self.position - self.starts[volume];
            let file = &mut self.files[volume];
            file.seek(SeekFrom::Start(within))?;
            let left = self.starts[volume + 1] - self.position;
            let want = out.len().min(usize::try_from(left).unwrap_or(usize::MAX));
            let n = file.read(&mut out[..want])?;
            if n == 0 {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "a volume of the split 7z set is shorter than it was",
                ));
            }
            self.position += n as u64;
            Ok(n)
        }
    }
}

impl Seek for Volumes {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        let target = match to {
            SeekFrom::Start(p) => Some(p),
            SeekFrom::End(d) => self.len().checked_add_signed(d),
            SeekFrom::Current(d) => self.position.checked_add_signed(d),
        };
        self.position = target.ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "seek before the start"))?;
        Ok(self.position)
    }
}

/// Where [`items`] reads from.
pub enum Origin {
    /// A file, opened and read by the walk.
    Path(PathBuf),
    /// Standard input, or another stream that cannot seek.
    Reader(Box<dyn Read + Send>),
}

/// Items waiting for the caller hold at most this many bytes (one larger item still goes through alone)…
pub const WAITING_BYTES: usize = 32 * 1024 * 1024;
/// … and are at most this many.
pub const WAITING_ITEMS: usize = 4096;

/// How much is waiting between the walk's thread and the caller.
#[derive(Default)]
struct Waiting {
    state: std::sync::Mutex<(usize, usize, bool)>,
    changed: std::sync::Condvar,
}

impl Waiting {
    /// Waits until `bytes` more fit (or nothing waits); `false` once the caller is gone.
    fn reserve(&self, bytes: usize) -> bool {
        let mut state = self.state.lock().expect("waiting lock");
        while !state.2 && state.1 > 0 && (state.0 + bytes > WAITING_BYTES || state.1 >= WAITING_ITEMS) {
            state = self.changed.wait(state).expect("waiting wait");
        }
        state.0 += bytes;
        state.1 += 1;
        !state.2
    }

    fn release(&self, bytes: usize) {
        let mut state = self.state.lock().expect("waiting lock");
        state.0 -= bytes;
        state.1 -= 1;
        self.changed.notify_all();
    }

    fn close(&self) {
        self.state.lock().expect("waiting lock").2 = true;
        self.changed.notify_all();
    }
}

/// The items of one input as an iterator, walked on a thread of its own (decompression runs beside the caller's
/// work), in archive order. Memory is bounded: the walk waits while [`WAITING_BYTES`] or [`WAITING_ITEMS`] are
/// not yet taken. Dropping the iterator stops the walk.
pub struct Items {
    receiver: Option<std::sync::mpsc::Receiver<Item>>,
    waiting: std::sync::Arc<Waiting>,
    walk: Option<std::thread::JoinHandle<()>>,
    left_out: std::sync::Arc<AtomicUsize>,
}

impl Items {
    /// Members named like records or archives that the walk left out so far: hidden ones (without
    /// [`SourceOptions::hidden`]) and macOS metadata. Complete once the iterator has ended.
    pub fn left_out(&self) -> usize {
        self.left_out.load(Ordering::SeqCst)
    }
}

/// Starts walking `origin` (see [`walk_path`] and [`walk_reader`]); `display` is its path as reports write it.
pub fn items(origin: Origin, display: String, options: SourceOptions) -> Items {
    let (sender, receiver) = std::sync::mpsc::channel();
    let waiting = std::sync::Arc::new(Waiting::default());
    let shared = waiting.clone();
    let left_out = std::sync::Arc::new(AtomicUsize::new(0));
    let counted = left_out.clone();
    let path = display.clone();
    let walk = std::thread::Builder::new()
        .name("gotool-source".to_string())
        .stack_size(crate::batch::WORKER_STACK_BYTES)
        .spawn(move || {
            let mut emit = |item: Item| {
                if shared.reserve(item.held_bytes()) && sender.send(item).is_ok() {
                    ControlFlow::Continue(())
                } else {
                    ControlFlow::Break(())
                }
            };
            let _ = match origin {
                Origin::Path(path) => {
                    guarded(&display, &mut emit, |emit| walk_path_inner(&path, &display, &options, emit, &counted))
                }
                Origin::Reader(mut reader) => walk_reader_counted(&mut reader, &display, &options, &mut emit, &counted),
            };
        });
    match walk {
        Ok(handle) => Items { receiver: Some(receiver), waiting, walk: Some(handle), left_out },
        Err(e) => {
            // No thread to be had: the input is reported unreadable rather than the run stopped.
            let (sender, receiver) = std::sync::mpsc::channel();
            let error = SourceError { code: "io", message: format!("cannot start reading: {e}") };
            let _ = sender.send(Item::Failed { path, error });
            Items { receiver: Some(receiver), waiting, walk: None, left_out }
        }
    }
}

impl Iterator for Items {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        let item = self.receiver.as_ref()?.recv().ok()?;
        if self.walk.is_some() {
            self.waiting.release(item.held_bytes());
        }
        Some(item)
    }
}

impl Drop for Items {
    /// Tells the walk to stop at its next item, without waiting for it: it may be blocked reading a slow pipe.
    fn drop(&mut self) {
        self.waiting.close();
        self.receiver = None;
        self.walk = None;
    }
}
