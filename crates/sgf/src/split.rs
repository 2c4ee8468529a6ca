//! A collection of any size read as a stream of game trees: one game's bytes at a time, with its index and
//! the byte offset, line and column where it starts. Memory is bounded by the largest game (and a game over
//! [`SplitOptions::max_game_bytes`] is not kept whole either), never by the file: a 22 GB `all.sgf` streams.
//!
//! Only the tree's outline is lexed here: `(`, `)` and property values `[...]` with their `\` escapes, so
//! that a `(` or `)` inside a comment does not count. Everything else (the grammar inside a game, charsets,
//! limits) is the scanner's job, on each game's bytes in turn (`sgf::scan_collection` via `Plan::check_bytes`).
//!
//! # Where a game starts, and resynchronising after a broken one
//!
//! Between games, a game tree starts at `(` followed (after optional whitespace) by `;` or by a property,
//! as in `sgf::scan_collection` (so `(B[aa])` reaches the scanner and is reported, not skipped). Other text
//! between games is junk, reported as [`Piece::Junk`].
//!
//! Inside a game, `(` opens a variation, except where a **new game tree** starts: `(`, optional whitespace,
//! `;`, optional whitespace, then one of the root properties [`ROOT_PROPERTIES`] (`GM`, `FF`, `SZ`, `CA`,
//! `AP`) and its `[`. A variation begins with a move, a comment or game information, never with those, while
//! every real record begins with one of them; a bare `(;` would not do, since many files begin variations at
//! the start of a line. So a game whose `)` is missing ends there, is reported as [`Broken`] (with its
//! line:column and index), and the new game is read as usual: one missing `)` loses one game, not the rest of
//! the file.
//!
//! The same pattern at the start of a line inside a property value means the value's `]` is missing; the
//! game is broken there too. There the game-info properties that servers write first count as well
//! ([`GAME_START_PROPERTIES`]: also `PB`, `PW`, `KM`, `RU`, `DT`, `EV`), since no value holds a line that
//! begins `(;PB[`, while a variation may begin with game information (merged games do). A line break escaped
//! by a backslash counts as a line break. A game that closes and is followed by nodes (`…);W[bb])`) had a `)`
//! too many: it is broken too, and the nodes after it are skipped up to the next game.
//!
//! Whole files and archive members are split by these same rules (`Splitter::over_bytes`), so a collection of
//! three games and one of 22 GB recover from a break alike.
//!
//! ## Limits of the recovery
//!
//! - Inside an unclosed **value**, a new game is seen only at the start of a line. Games written back to back
//!   on one line (`…;B[p(;GM[1]…`, or `)(;` after a game whose value is open) are read as that value's text
//!   up to the next line that starts a game: the games on the broken game's line are lost with it.
//! - A comment that quotes a whole record at the start of one of its lines (`C[…\n(;GM[1]…]`) is cut there;
//!   none is known in real collections.
//! - A variation that begins with a root property (`(;SZ[…]`) ends the game: editors do not write those.
//! - A game whose `)` is missing is ended by the next game only if that one starts with a root property; one
//!   that starts with game information alone (`(;PB[…]`) is read as its variation.
//! - A game cut before its `;` (`(` alone) is not a game tree: it is junk between games.

//! # Charsets
//!
//! Charset decoding happens per game, later. Byte-level lexing is exact for UTF-8 and single-byte charsets:
//! no byte of a multi-byte UTF-8 character is ASCII. It is not for GBK/GB2312/GB18030, Big5 and Shift_JIS,
//! whose second byte of a character can be `[`, `\` or `]` (never `(`, `)` or `;`). So a game whose root
//! node declares one of those (`CA[GB2312]`, found by a byte search as `sgf::decode::decode` does) and whose bytes
//! are not valid UTF-8 (decoding tries UTF-8 first and so must we) is lexed again from its start in that
//! charset: in a value, a lead byte takes the byte after it. A `CA` that lies about UTF-8 text is thus
//! harmless; GBK text without any `CA` is lexed byte by byte, as `sgf::decode::decode` would read it (Latin-1).
//!
//! UTF-16 input (a BOM, or the NUL bytes of ASCII in UTF-16) is decoded to UTF-8 on the way in, lexed, and
//! each game handed back re-encoded in the input's UTF-16 with a BOM, so that decoding reads it as the file
//! was written. Lines and columns are exact; offsets then count bytes of the UTF-8 text, not of the file.
//!
//! Lines end at CR, LF or CRLF and columns count characters (bytes that do not continue a UTF-8 character),
//! as `sgf::LineIndex` does, so a place inside a game maps to the file with [`Game::place`].

use std::collections::VecDeque;
use std::fmt;
use std::io::{self, Read};

use encoding_rs::{BIG5, Encoding, GB18030, GBK, SHIFT_JIS, UTF_16BE, UTF_16LE};

/// The properties that begin a new game tree inside another's tree (see the module docs): root properties,
/// which no variation holds.
pub const ROOT_PROPERTIES: [&[u8]; 5] = [b"GM", b"FF", b"SZ", b"CA", b"AP"];

/// The properties that begin a new game tree at the start of a line inside another's unclosed value: the root
/// properties and the game-info properties that servers write first in a record. A variation may begin with a
/// game-info property (the SGF specification's own example of merged games does), so these do not end a tree.
pub const GAME_START_PROPERTIES: [&[u8]; 11] =
    [b"GM", b"FF", b"SZ", b"CA", b"AP", b"PB", b"PW", b"KM", b"RU", b"DT", b"EV"];

/// Bytes read from the source at a time.
const CHUNK_BYTES: usize = 256 * 1024;
/// How much whitespace may stand between `(` and `;` (or a property) where a game starts.
const START_LOOKAHEAD: usize = 4096;
/// How far the root-property pattern is looked for after a `(` inside a game: `(`, `;`, a little whitespace
/// and a two-letter identifier with its `[`.
const ROOT_LOOKAHEAD: usize = 64;
/// How much of a game's start is searched for its `CA` when the root node is longer.
const CHARSET_PROBE_BYTES: usize = 64 * 1024;
/// Junk is shown by its first characters.
const PREVIEW_CHARS: usize = 24;

/// Settings for a [`Splitter`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitOptions {
    /// A game tree larger than this is not kept: it is reported as [`BrokenKind::TooLarge`] and the stream goes
    /// on after it. This is the per-game form of `--max-file-size`: what that limit protects (memory for one
    /// record's text and its tree) is per game in a stream.
    pub max_game_bytes: u64,
    /// More than this many bytes without a game tree (since the start, or the last game) end the stream with a
    /// [`ReadError`]: a real collection has a few bytes between games, while a decompression bomb of zeros or
    /// spaces, or a binary file, would otherwise be read to its end, however long that takes.
    pub max_bytes_between_games: u64,
    /// Game trees read before the stream ends with a [`ReadError`] naming `--max-games` (`u64::MAX`: no limit).
    pub max_games: u64,
    /// Near-empty game trees ([`NEAR_EMPTY_BYTES`] bytes or fewer, such as `(;)`) read before the stream ends
    /// with a [`ReadError`] naming `--max-empty-games`: a real collection holds a few, while a flood of them (a
    /// small compressed file can expand to a hundred million) would otherwise be reported one by one.
    pub max_empty_games: u64,
}

impl SplitOptions {
    /// The options for `limits`: each game tree within the file size limit, and the games of a file read whole
    /// (`whole`) or of a stream within their limits.
    pub fn from_limits(limits: &crate::Limits, whole: bool) -> SplitOptions {
        SplitOptions {
            max_game_bytes: limits.max_file_bytes,
            max_bytes_between_games: limits.max_file_bytes,
            max_games: if whole { u64::from(limits.max_games) } else { limits.max_streamed_games },
            max_empty_games: limits.max_empty_games,
        }
    }
}

/// A game tree this short holds no game (`(;)`, `(;GM[1])`; `(;B[];W[])`, two passes, is 10 bytes and
/// counts as a game): it counts towards [`SplitOptions::max_empty_games`].
pub const NEAR_EMPTY_BYTES: usize = 8;

impl Default for SplitOptions {
    fn default() -> Self {
        SplitOptions {
            max_game_bytes: 64 * 1024 * 1024,
            max_bytes_between_games: 64 * 1024 * 1024,
            max_games: u64::MAX,
            max_empty_games: 10_000,
        }
    }
}

/// A place in the stream: byte offset from 0, line and column from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// Bytes before this place.
    pub offset: u64,
    /// Line, from 1.
    pub line: u64,
    /// Column in bytes, from 1.
    pub column: u64,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// One whole game tree, from its `(` to its `)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// Counts every game tree of the stream from 0, broken ones included.
    pub index: u64,
    /// Where its `(` is.
    pub start: Position,
    /// From its `(` to its `)`.
    pub bytes: Vec<u8>,
}

impl Game {
    /// The place in the whole stream of a 1-based `line`:`column` inside this game's text: lines after the
    /// game's first keep their column, the first line is shifted by the column where the game starts.
    pub fn place(&self, line: u32, column: u32) -> (u64, u64) {
        place_in_stream(self.start, line, column)
    }
}

fn place_in_stream(start: Position, line: u32, column: u32) -> (u64, u64) {
    if line <= 1 {
        (start.line, start.column + u64::from(column).max(1) - 1)
    } else {
        (start.line + u64::from(line) - 1, u64::from(column))
    }
}

/// Why a game tree could not be cut out whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BrokenKind {
    /// A new game tree starts (see the module docs) before this one's `)`.
    Unclosed {
        /// Where the next game tree starts.
        next_game: Position,
    },
    /// A property value is still open where a new game tree starts at the beginning of a line.
    UnterminatedValue {
        /// Where the open value's `[` is.
        value: Position,
        /// Where the next game tree starts.
        next_game: Position,
    },
    /// The input ends inside the game tree: `open` parentheses not closed, or inside a value.
    EndOfInput {
        /// Parentheses still open.
        open: u64,
        /// Whether the input ends inside a property value.
        in_value: bool,
    },
    /// The game tree is over [`SplitOptions::max_game_bytes`]; its bytes were not kept.
    TooLarge {
        /// The limit it went over, in bytes.
        limit: u64,
    },
    /// Nodes follow the game's closing `)`: a `)` too many cut it short, at `extra`.
    NodeAfterTree {
        /// Where the `)` too many is.
        extra: Position,
    },
}

/// A game tree that could not be cut out whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    /// Counts every game tree of the stream from 0, as [`Game::index`] does.
    pub index: u64,
    /// Where its `(` is.
    pub start: Position,
    /// Why it is broken.
    pub kind: BrokenKind,
    /// The bytes that were read as this game, from its `(` up to where it was found broken, for the scanner
    /// to place the error precisely; `None` when it was too large to keep.
    pub bytes: Option<Vec<u8>>,
}

impl Broken {
    /// See [`Game::place`].
    pub fn place(&self, line: u32, column: u32) -> (u64, u64) {
        place_in_stream(self.start, line, column)
    }
}

impl fmt::Display for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {} (at {}): ", self.index + 1, self.start)?;
        match &self.kind {
            BrokenKind::Unclosed { next_game } => write!(
                f,
                "the game tree is never closed with ')': a new game tree starts at {next_game}; reading goes on there"
            ),
            BrokenKind::UnterminatedValue { value, next_game } => write!(
                f,
                "the property value opened at {value} is never closed with ']': a new game tree starts at \
                 {next_game}; reading goes on there"
            ),
            BrokenKind::EndOfInput { in_value: true, .. } => {
                write!(f, "the input ends inside a property value of this game tree (a ']' is missing)")
            }
            BrokenKind::EndOfInput { open, .. } => {
                write!(f, "the input ends inside this game tree ({open} '(' not closed with ')')")
            }
            BrokenKind::TooLarge { limit } => {
                write!(f, "the game tree is over the limit of {limit} bytes (see --max-file-size); skipped")
            }
            BrokenKind::NodeAfterTree { extra } => write!(
                f,
                "nodes at {extra} after the end of the game tree: is there a ')' too many before this? The game and \
                 the nodes after it are skipped"
            ),
        }
    }
}

/// Text between game trees that is not whitespace (mail headers, trailing garbage).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Junk {
    /// Where its first byte that is not whitespace is.
    pub start: Position,
    /// From its first to its last byte that is not whitespace.
    pub length: u64,
    /// Its first characters.
    pub preview: String,
}

/// What a [`Splitter`] yields, in stream order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// A whole game tree.
    Game(Game),
    /// A game tree that could not be cut out whole.
    Broken(Broken),
    /// Text between game trees.
    Junk(Junk),
}

/// More than [`SplitOptions::max_bytes_between_games`] bytes without a game tree: the stream is not SGF text, and
/// reading stops at that limit. Carried inside the [`ReadError`]'s `io::Error`, so that a report can tell this
/// limit from a source that failed ([`ReadError::is_limit`]).
#[derive(Debug)]
pub struct NoGameTree(pub u64);

impl fmt::Display for NoGameTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no game tree in {} bytes: not SGF text (a decompression bomb, or a binary file); reading stops",
            self.0
        )
    }
}

impl std::error::Error for NoGameTree {}

/// A limit on the games of one input was reached: reading stops there. Carried inside the [`ReadError`]'s
/// `io::Error`, as [`NoGameTree`] is.
#[derive(Debug)]
pub enum GamesLimit {
    /// More game trees than [`SplitOptions::max_games`].
    Games(u64),
    /// More near-empty game trees than [`SplitOptions::max_empty_games`].
    EmptyGames(u64),
}

impl fmt::Display for GamesLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GamesLimit::Games(n) => write!(
                f,
                "more than {n} games in one file or stream (limit; see --max-games): this game and the rest are not \
                 checked"
            ),
            GamesLimit::EmptyGames(n) => write!(
                f,
                "more than {n} empty or near-empty game trees such as '(;)' in one input: not a collection of games \
                 (limit; see --max-empty-games); the rest are not read"
            ),
        }
    }
}

impl std::error::Error for GamesLimit {}

/// The source could not be read (a truncated gzip member, a wrong checksum, a disk error); the stream ends.
#[derive(Debug)]
pub struct ReadError {
    /// Where reading stopped.
    pub at: u64,
    /// The game that was being read, if one was: it is lost.
    pub game: Option<u64>,
    /// What the source reported.
    pub error: io::Error,
}

impl ReadError {
    /// Reading stopped at a limit ([`NoGameTree`]), not because the source failed.
    pub fn is_limit(&self) -> bool {
        self.error.get_ref().is_some_and(|inner| inner.is::<NoGameTree>() || inner.is::<GamesLimit>())
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.game {
            Some(index) => write!(f, "cannot read past byte {} (in game {}): {}", self.at, index + 1, self.error),
            None => write!(f, "cannot read past byte {}: {}", self.at, self.error),
        }
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Lead bytes of the double-byte charsets whose trail bytes include `[`, `\` and `]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DoubleByte {
    /// GBK, GB2312, GB18030 (whose four-byte characters pair up as two) and Big5: 0x81–0xFE.
    Chinese,
    /// Shift_JIS: 0x81–0x9F and 0xE0–0xFC (0xA1–0xDF are one-byte katakana).
    ShiftJis,
}

impl DoubleByte {
    /// The double-byte charset a `CA` value names, read as the decoder reads it.
    fn for_label(label: &[u8]) -> Option<DoubleByte> {
        match crate::decode::encoding_for_ca(&String::from_utf8_lossy(label))? {
            e if e == GBK || e == GB18030 || e == BIG5 => Some(DoubleByte::Chinese),
            e if e == SHIFT_JIS => Some(DoubleByte::ShiftJis),
            _ => None,
        }
    }

    fn is_lead(self, b: u8) -> bool {
        match self {
            DoubleByte::Chinese => (0x81..=0xFE).contains(&b),
            DoubleByte::ShiftJis => matches!(b, 0x81..=0x9F | 0xE0..=0xFC),
        }
    }
}

/// How the game being read is lexed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Charset {
    /// Byte by byte.
    Bytes,
    /// Declares a double-byte charset: byte by byte while its bytes may be UTF-8, checked when it ends.
    Declared(DoubleByte),
    /// Lexed in that charset (its bytes are not UTF-8).
    Paired(DoubleByte),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lex {
    /// Between game trees.
    Outside,
    /// Inside a game tree, outside values.
    Tree,
    Value,
    /// After a `\` in a value.
    Escape,
    /// After a lead byte in a value, in a double-byte charset.
    Trail,
}

struct OpenGame {
    index: u64,
    start: Position,
    /// Bytes past the limit: the game's bytes are being dropped as they are read.
    dropped: bool,
    charset: Charset,
}

struct OpenJunk {
    start: Position,
    /// One past its last byte that is not whitespace.
    end: u64,
    preview: Vec<u8>,
}

/// Where the lines counted so far end.
#[derive(Default)]
struct LineCounter {
    /// Offset up to which lines and columns are counted.
    counted_to: u64,
    /// Lines ended before `counted_to`.
    lines: u64,
    /// Characters since the last line end.
    column: u64,
    after_cr: bool,
}

impl LineCounter {
    /// Counts `bytes`, which start at `counted_to`.
    fn advance(&mut self, bytes: &[u8]) {
        let Some(&last) = bytes.last() else { return };
        let mut line_start = None;
        for i in memchr::memchr2_iter(b'\n', b'\r', bytes) {
            let crlf_tail = bytes[i] == b'\n' && if i == 0 { self.after_cr } else { bytes[i - 1] == b'\r' };
            if !crlf_tail {
                self.lines += 1;
            }
            line_start = Some(i + 1);
        }
        match line_start {
            Some(start) => self.column = count_chars(&bytes[start..]),
            None => self.column += count_chars(bytes),
        }
        self.after_cr = last == b'\r';
        self.counted_to += bytes.len() as u64;
    }

    fn position(&self) -> Position {
        Position { offset: self.counted_to, line: self.lines + 1, column: self.column + 1 }
    }
}

fn count_chars(bytes: &[u8]) -> u64 {
    bytes.iter().filter(|&&b| (b & 0xC0) != 0x80).count() as u64
}

/// UTF-16 byte order of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Utf16 {
    Le,
    Be,
}

/// The input as it is read: as is, or UTF-16 decoded to UTF-8.
enum Source<R> {
    /// Not read from yet: the first bytes decide.
    Unknown(R),
    /// The first bytes, read to decide, served before the rest.
    Bytes(Prefixed<R>),
    Utf16(Box<Utf16ToUtf8<Prefixed<R>>>),
    Gone,
}

/// A reader with the bytes already taken from it put back in front, and the error that stopped that first read,
/// if one did, served after them: the games before a read error are read as they would be without it.
struct Prefixed<R> {
    head: Vec<u8>,
    served: usize,
    pending: Option<io::Error>,
    reader: R,
}

impl<R: Read> Read for Prefixed<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.served < self.head.len() {
            let n = out.len().min(self.head.len() - self.served);
            out[..n].copy_from_slice(&self.head[self.served..self.served + n]);
            self.served += n;
            return Ok(n);
        }
        if let Some(e) = self.pending.take() {
            return Err(e);
        }
        self.reader.read(out)
    }
}

/// Streams game trees out of `reader`. See the module docs for the rules.
pub struct Splitter<R> {
    source: Source<R>,
    options: SplitOptions,
    /// Bytes read and not yet let go are `buf[..end]`; the rest is room for the next read.
    buf: Vec<u8>,
    end: usize,
    /// Stream offset of `buf[0]`.
    base: u64,
    /// Next byte to lex, in `buf`.
    pos: usize,
    eof: bool,
    done: bool,
    lex: Lex,
    depth: u64,
    /// Stream offset of the open value's `[`.
    value_start: u64,
    game: Option<OpenGame>,
    junk: Option<OpenJunk>,
    /// A closed game, held until the text after it shows that no `)` too many closed it.
    closed: Option<Game>,
    /// Junk after a game broken by a `)` too many belongs to that game's error.
    skipping_extra_nodes: bool,
    next_index: u64,
    /// Stream offset just past the last game (0 before the first).
    last_game_end: u64,
    lines: LineCounter,
    out: VecDeque<Piece>,
    /// Handed over once `out` is empty; the stream ends with it.
    failure: Option<ReadError>,
    utf16: Option<Utf16>,
    /// Closed game trees of at most [`NEAR_EMPTY_BYTES`] bytes so far.
    empty_games: u64,
    /// Bytes read at a time: [`CHUNK_BYTES`], or less for input known to be small ([`Splitter::over_bytes`]).
    chunk: usize,
}

/// What lexing needs to go on.
enum Step {
    /// Pieces are ready, or the buffer is used up.
    Yield,
    /// This many bytes past `pos` are needed to decide.
    Need(usize),
}

/// A yes/no that may need more input first.
enum Looks {
    Yes,
    No,
    Need(usize),
}

impl<'a> Splitter<&'a [u8]> {
    /// A splitter over bytes already in memory (a file read whole, an archive member): the same rules as for a
    /// stream, with a buffer no larger than the bytes.
    pub fn over_bytes(bytes: &'a [u8], options: SplitOptions) -> Splitter<&'a [u8]> {
        let mut splitter = Splitter::new(bytes, options);
        splitter.chunk = bytes.len().saturating_add(1).min(CHUNK_BYTES);
        splitter
    }
}

impl<R: Read> Splitter<R> {
    /// A splitter over `reader`, already decompressed; UTF-16 is recognised by its first bytes.
    pub fn new(reader: R, options: SplitOptions) -> Splitter<R> {
        Splitter {
            source: Source::Unknown(reader),
            options,
            buf: Vec::new(),
            end: 0,
            base: 0,
            pos: 0,
            eof: false,
            done: false,
            lex: Lex::Outside,
            depth: 0,
            value_start: 0,
            game: None,
            junk: None,
            closed: None,
            skipping_extra_nodes: false,
            next_index: 0,
            last_game_end: 0,
            lines: LineCounter::default(),
            out: VecDeque::new(),
            failure: None,
            utf16: None,
            empty_games: 0,
            chunk: CHUNK_BYTES,
        }
    }

    /// The offset in the stream of `buf[i]`.
    fn offset(&self, i: usize) -> u64 {
        self.base + i as u64
    }

    fn index_of(&self, offset: u64) -> usize {
        (offset - self.base) as usize
    }

    /// The position of stream offset `at`, which must not be before a position asked for earlier.
    fn position(&mut self, at: u64) -> Position {
        debug_assert!(at >= self.lines.counted_to && at <= self.offset(self.end));
        let from = self.index_of(self.lines.counted_to);
        let to = self.index_of(at);
        self.lines.advance(&self.buf[from..to]);
        self.lines.position()
    }

    /// Reads more input, so that at least `wanted` bytes follow `pos` unless the input ends first. Bytes before
    /// the open game (or before `pos` when no game is open, or its bytes are being dropped) are let go first.
    fn fill(&mut self, wanted: usize) -> io::Result<()> {
        if self.game.is_none() && self.offset(self.pos) - self.last_game_end > self.options.max_bytes_between_games {
            return Err(io::Error::new(io::ErrorKind::InvalidData, NoGameTree(self.options.max_bytes_between_games)));
        }
        if let Some(game) = &mut self.game
            && !game.dropped
            && self.base + self.end as u64 - game.start.offset > self.options.max_game_bytes
        {
            game.dropped = true;
        }
        let keep_from = match &self.game {
            Some(game) if !game.dropped => game.start.offset,
            _ => self.offset(self.pos),
        };
        let drop = self.index_of(keep_from);
        if drop > 0 {
            if self.lines.counted_to < keep_from {
                self.position(keep_from);
            }
            self.buf.copy_within(drop..self.end, 0);
            self.end -= drop;
            self.base = keep_from;
            self.pos -= drop;
        }
        while !self.eof && self.end < self.pos + wanted.max(1) {
            // The buffer grows only when a game (or a look ahead) needs it; its spare room is reused.
            let room = self.chunk.max(self.pos + wanted - self.end);
            if self.buf.len() < self.end + room {
                self.buf.resize(self.end + room, 0);
            }
            match self.read_some(self.end) {
                Ok(0) => self.eof = true,
                Ok(n) => self.end += n,
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// Reads into `buf[from..]`; the first read also decides whether the input is UTF-16.
    fn read_some(&mut self, from: usize) -> io::Result<usize> {
        loop {
            let result = match &mut self.source {
                Source::Bytes(r) => r.read(&mut self.buf[from..]),
                Source::Utf16(r) => r.read(&mut self.buf[from..]),
                Source::Gone => Ok(0),
                Source::Unknown(_) => {
                    self.detect_utf16()?;
                    continue;
                }
            };
            match result {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                other => return other,
            }
        }
    }

    /// Looks at the first bytes: UTF-16 as the decoder tells it (`decode::utf16_kind`: by BOM, or by NUL bytes
    /// beside ASCII punctuation in its sample); a UTF-8 BOM is dropped.
    fn detect_utf16(&mut self) -> io::Result<()> {
        let Source::Unknown(mut reader) = std::mem::replace(&mut self.source, Source::Gone) else { return Ok(()) };
        let sample = crate::decode::UTF16_SNIFF_BYTES;
        let mut head = vec![0u8; sample];
        let (mut filled, mut pending) = (0, None);
        while filled < sample {
            match reader.read(&mut head[filled..]) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    pending = Some(e);
                    break;
                }
            }
        }
        head.truncate(filled);
        let order = crate::decode::utf16_kind(&head).map(|e| if e == UTF_16LE { Utf16::Le } else { Utf16::Be });
        match order {
            Some(order) => {
                self.utf16 = Some(order);
                let encoding = if order == Utf16::Le { UTF_16LE } else { UTF_16BE };
                let rest = Prefixed { head, served: 0, pending, reader };
                self.source = Source::Utf16(Box::new(Utf16ToUtf8::new(rest, encoding)));
            }
            None => {
                // A UTF-8 BOM comes before offset 0 of the text, as `sgf::decode::decode` strips it too.
                let served = if head.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
                self.source = Source::Bytes(Prefixed { head, served, pending, reader });
            }
        }
        Ok(())
    }
}

/// UTF-16 decoded to UTF-8 as it is read (with U+FFFD for unpaired surrogates, as `sgf::decode::decode` does).
struct Utf16ToUtf8<R> {
    reader: R,
    decoder: encoding_rs::Decoder,
    input: Vec<u8>,
    start: usize,
    end: usize,
    eof: bool,
    finished: bool,
}

impl<R: Read> Utf16ToUtf8<R> {
    fn new(reader: R, encoding: &'static Encoding) -> Self {
        // With BOM handling, the BOM is dropped and the byte order it names is used.
        Utf16ToUtf8 {
            reader,
            decoder: encoding.new_decoder_with_bom_removal(),
            input: vec![0; CHUNK_BYTES],
            start: 0,
            end: 0,
            eof: false,
            finished: false,
        }
    }
}

impl<R: Read> Read for Utf16ToUtf8<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        // A character needs up to 4 bytes of UTF-8 (3 for U+FFFD); the splitter always asks for far more.
        if self.finished {
            return Ok(0);
        }
        if out.len() < 4 {
            return Err(io::Error::other("UTF-16 decoding needs a buffer of at least 4 bytes"));
        }
        loop {
            if self.start == self.end && !self.eof {
                self.start = 0;
                self.end = 0;
                match self.reader.read(&mut self.input) {
                    Ok(0) => self.eof = true,
                    Ok(n) => self.end = n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                }
            }
            let (result, read, written, _) =
                self.decoder.decode_to_utf8(&self.input[self.start..self.end], out, self.eof);
            self.start += read;
            // The decoder is told the input ended once; it must not be used after that.
            self.finished = self.eof && self.start == self.end && result == encoding_rs::CoderResult::InputEmpty;
            if written > 0 || self.finished {
                return Ok(written);
            }
        }
    }
}

/// Text re-encoded in UTF-16 with a BOM.
fn to_utf16(bytes: &[u8], order: Utf16) -> Vec<u8> {
    let text = String::from_utf8_lossy(bytes);
    let mut out = Vec::with_capacity(2 + bytes.len() * 2);
    let bom: u16 = 0xFEFF;
    for unit in std::iter::once(bom).chain(text.encode_utf16()) {
        out.extend_from_slice(&match order {
            Utf16::Le => unit.to_le_bytes(),
            Utf16::Be => unit.to_be_bytes(),
        });
    }
    out
}

/// `AB[`, `B [` (up to 32 letters, a little whitespace) at the start of `bytes`.
fn looks_like_property(bytes: &[u8], eof: bool) -> Looks {
    let letters = bytes.iter().take(33).take_while(|b| b.is_ascii_uppercase()).count();
    if letters == 0 {
        return if bytes.is_empty() && !eof { Looks::Need(1) } else { Looks::No };
    }
    if letters > 32 {
        return Looks::No;
    }
    match bytes[letters..].iter().take(START_LOOKAHEAD).position(|b| !b.is_ascii_whitespace()) {
        Some(i) => yes_if(bytes[letters + i] == b'['),
        None if eof || bytes.len() - letters >= START_LOOKAHEAD => Looks::No,
        None => Looks::Need(bytes.len() + 1),
    }
}

fn yes_if(condition: bool) -> Looks {
    if condition { Looks::Yes } else { Looks::No }
}

/// The first index at or after `from` that is not whitespace, looking at most `limit` bytes: `Err(need)`
/// when the bytes run out first and more may come, `Ok(None)` when there is none within the limit.
fn skip_whitespace(bytes: &[u8], from: usize, limit: usize, eof: bool) -> Result<Option<usize>, usize> {
    let end = bytes.len().min(from + limit);
    match bytes[from.min(end)..end].iter().position(|b| !b.is_ascii_whitespace()) {
        Some(i) => Ok(Some(from + i)),
        None if eof || end == from + limit => Ok(None),
        None => Err(from + limit),
    }
}

/// Where a game starts between games: `(`, whitespace, then `;` or a property (`bytes[0]` is the `(`).
fn starts_game(bytes: &[u8], eof: bool) -> Looks {
    match skip_whitespace(bytes, 1, START_LOOKAHEAD, eof) {
        Err(need) => Looks::Need(need),
        Ok(None) => Looks::No,
        Ok(Some(i)) if bytes[i] == b';' => Looks::Yes,
        Ok(Some(i)) => match looks_like_property(&bytes[i..], eof) {
            Looks::Need(n) => Looks::Need(i + n),
            other => other,
        },
    }
}

/// Whether `bytes` may hold more than one game tree, by a quick look: a `(` after the first that begins a game
/// as the splitter tells it inside a value (`(;` and a root or game-info property), a NUL byte (UTF-16, or
/// binary junk between games) or a UTF-16 byte-order mark. `false` means that splitting would find one game
/// tree at most, or games that the whole text reads alike (`(;)(;)`), so a caller may read the text whole.
pub fn may_hold_several_games(bytes: &[u8]) -> bool {
    if bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF") || memchr::memchr(0, bytes).is_some() {
        return true;
    }
    memchr::memchr_iter(b'(', bytes)
        .skip(1)
        .any(|i| matches!(starts_new_game(&bytes[i..], true, &GAME_START_PROPERTIES), Looks::Yes))
}

/// Where a new game tree starts inside another: `(`, `;`, then a root property and its `[`, with a little
/// whitespace allowed between them (`bytes[0]` is the `(`).
fn starts_new_game(bytes: &[u8], eof: bool, properties: &[&[u8]]) -> Looks {
    let need =
        |bytes: &[u8]| if eof || bytes.len() >= ROOT_LOOKAHEAD { Looks::No } else { Looks::Need(ROOT_LOOKAHEAD) };
    let Ok(Some(semicolon)) = skip_whitespace(bytes, 1, ROOT_LOOKAHEAD, eof) else { return need(bytes) };
    if bytes[semicolon] != b';' {
        return Looks::No;
    }
    let Ok(Some(ident)) = skip_whitespace(bytes, semicolon + 1, ROOT_LOOKAHEAD, eof) else { return need(bytes) };
    let letters = bytes[ident..].iter().take(3).take_while(|b| b.is_ascii_uppercase()).count();
    if ident + letters >= bytes.len() {
        return need(bytes);
    }
    if !properties.contains(&&bytes[ident..ident + letters]) {
        return Looks::No;
    }
    match skip_whitespace(bytes, ident + letters, ROOT_LOOKAHEAD, eof) {
        Ok(Some(i)) => yes_if(bytes[i] == b'['),
        Ok(None) => Looks::No,
        Err(_) => need(bytes),
    }
}

/// The double-byte charset a game's root node declares, if any. `bytes` starts at the game's `(`; the root
/// node ends at the first `;`, `(` or `)` outside a value (none of them is ever a trail byte), and its `CA`
/// is found by a byte search, as `sgf::decode::decode` finds it: a value cut short by a trail byte must not hide it.
/// `Err(n)`: `n` bytes from the `(` are needed to decide.
fn declared_double_byte(bytes: &[u8], eof: bool) -> Result<Option<DoubleByte>, usize> {
    let window = &bytes[..bytes.len().min(CHARSET_PROBE_BYTES)];
    let mut i = 1 + window.iter().skip(1).position(|&b| b == b';').map_or(window.len(), |p| p);
    let mut in_value = false;
    while i + 1 < window.len() {
        i += 1;
        match (in_value, window[i]) {
            (false, b'[') => in_value = true,
            (false, b';' | b'(' | b')') => break,
            (true, b'\\') => i += 1,
            (true, b']') => in_value = false,
            _ => {}
        }
    }
    if i + 1 >= window.len() && !eof && window.len() < CHARSET_PROBE_BYTES {
        return Err(CHARSET_PROBE_BYTES);
    }
    let root = &window[..(i + 1).min(window.len())];
    Ok(crate::decode::ca_values(root).next().and_then(|(value, _)| DoubleByte::for_label(value)))
}

/// How a game ended, for [`Splitter::end_game`].
enum Ending {
    /// Its `)` at `buf[at - 1]`.
    Closed,
    /// A new game starts at `pos`.
    Unclosed,
    /// A new game starts at `pos`, inside the value opened at `value_start`.
    UnterminatedValue,
    EndOfInput,
}

impl<R: Read> Splitter<R> {
    /// Lexes from `pos` until pieces are ready, the buffer is used up, or more bytes are needed to decide.
    fn lex(&mut self) -> Step {
        while self.pos < self.end {
            if !self.out.is_empty() {
                return Step::Yield;
            }
            match self.lex {
                Lex::Outside => {
                    if let Some(need) = self.lex_outside() {
                        return Step::Need(need);
                    }
                }
                Lex::Tree => {
                    if let Some(need) = self.lex_tree() {
                        return Step::Need(need);
                    }
                }
                Lex::Value => {
                    if let Some(need) = self.lex_value() {
                        return Step::Need(need);
                    }
                }
                // An escaped line break is still a line break: the line after it is looked at as in a value
                // (a value cut just after a backslash must not hide the next game).
                Lex::Escape if self.buf[self.pos] == b'\n' => self.lex = Lex::Value,
                Lex::Escape => {
                    let escaped = self.buf[self.pos];
                    self.pos += 1;
                    self.lex = match self.game.as_ref().map(|g| g.charset) {
                        Some(Charset::Paired(db)) if db.is_lead(escaped) => Lex::Trail,
                        _ => Lex::Value,
                    };
                }
                Lex::Trail => {
                    self.pos += 1;
                    self.lex = Lex::Value;
                }
            }
        }
        Step::Yield
    }

    /// One step between games. `Some(n)`: `n` bytes past `pos` are needed first.
    fn lex_outside(&mut self) -> Option<usize> {
        let b = self.buf[self.pos];
        if b.is_ascii_whitespace() {
            if let Some(junk) = &mut self.junk
                && junk.preview.len() < PREVIEW_CHARS * 4
            {
                junk.preview.push(b);
            }
            self.pos += 1;
            return None;
        }
        if b == b'(' {
            match starts_game(&self.buf[self.pos..self.end], self.eof) {
                Looks::Need(n) => return Some(n),
                Looks::Yes => return self.start_game(),
                Looks::No => {}
            }
        }
        if self.closed.is_some() && (b == b';' || b.is_ascii_uppercase()) {
            let node = b == b';' || {
                match looks_like_property(&self.buf[self.pos..self.end], self.eof) {
                    Looks::Need(n) => return Some(n),
                    Looks::Yes => true,
                    Looks::No => false,
                }
            };
            if node {
                let game = self.closed.take().expect("checked");
                let extra = self.position(self.offset(self.pos));
                let kind = BrokenKind::NodeAfterTree { extra };
                self.out.push_back(Piece::Broken(Broken {
                    index: game.index,
                    start: game.start,
                    kind,
                    bytes: Some(game.bytes),
                }));
                self.skipping_extra_nodes = true;
            }
        }
        self.flush_closed();
        if !self.skipping_extra_nodes {
            let at = self.offset(self.pos);
            match &mut self.junk {
                Some(junk) => {
                    junk.end = at + 1;
                    if junk.preview.len() < PREVIEW_CHARS * 4 {
                        junk.preview.push(b);
                    }
                }
                None => {
                    let start = self.position(at);
                    self.junk = Some(OpenJunk { start, end: at + 1, preview: vec![b] });
                }
            }
        }
        self.pos += 1;
        None
    }

    /// Hands over the game held back after its `)`, now known to be whole.
    fn flush_closed(&mut self) {
        if let Some(game) = self.closed.take() {
            self.out.push_back(Piece::Game(game));
        }
    }

    fn flush_junk(&mut self) {
        if let Some(junk) = self.junk.take() {
            let preview = String::from_utf8_lossy(&junk.preview).chars().take(PREVIEW_CHARS).collect::<String>();
            let preview = preview.trim_end().to_string();
            self.out.push_back(Piece::Junk(Junk { start: junk.start, length: junk.end - junk.start.offset, preview }));
        }
    }

    /// Starts a game at `pos` (its `(`): finds the charset its root declares, then lexes it as a tree.
    fn start_game(&mut self) -> Option<usize> {
        let charset = match declared_double_byte(&self.buf[self.pos..self.end], self.eof) {
            Err(need) => return Some(need),
            Ok(Some(db)) if self.utf16.is_none() => Charset::Declared(db),
            Ok(_) => Charset::Bytes,
        };
        self.flush_closed();
        self.flush_junk();
        self.skipping_extra_nodes = false;
        let limit = if self.next_index >= self.options.max_games {
            Some(GamesLimit::Games(self.options.max_games))
        } else if self.empty_games > self.options.max_empty_games {
            Some(GamesLimit::EmptyGames(self.options.max_empty_games))
        } else {
            None
        };
        if let Some(limit) = limit {
            // Nothing after this game tree's `(` is read: the stream ends with the limit's error.
            let at = self.offset(self.pos);
            self.failure = Some(ReadError { at, game: None, error: io::Error::new(io::ErrorKind::InvalidData, limit) });
            self.end = self.pos;
            self.eof = true;
            return None;
        }
        let start = self.position(self.offset(self.pos));
        self.game = Some(OpenGame { index: self.next_index, start, dropped: false, charset });
        self.next_index += 1;
        self.lex = Lex::Tree;
        self.depth = 0;
        None
    }

    /// One run of bytes inside a tree, outside values.
    fn lex_tree(&mut self) -> Option<usize> {
        while self.pos < self.end {
            match self.buf[self.pos] {
                b'[' => {
                    self.value_start = self.offset(self.pos);
                    self.pos += 1;
                    self.lex = Lex::Value;
                    return None;
                }
                b'(' => {
                    if self.depth > 0 {
                        match starts_new_game(&self.buf[self.pos..self.end], self.eof, &ROOT_PROPERTIES) {
                            Looks::Need(n) => return Some(n),
                            Looks::Yes => {
                                self.end_game(Ending::Unclosed);
                                return None;
                            }
                            Looks::No => {}
                        }
                    }
                    self.depth += 1;
                    self.pos += 1;
                }
                b')' => {
                    self.pos += 1;
                    self.depth -= 1;
                    if self.depth == 0 {
                        self.end_game(Ending::Closed);
                        return None;
                    }
                }
                _ => self.pos += 1,
            }
        }
        None
    }

    /// One run of bytes inside a value.
    fn lex_value(&mut self) -> Option<usize> {
        let paired = match self.game.as_ref().map(|g| g.charset) {
            Some(Charset::Paired(db)) => Some(db),
            _ => None,
        };
        loop {
            let found = match paired {
                // Most values are a move's two letters, found sooner looked at one by one; memchr pays off for
                // comments.
                None => {
                    let bytes = &self.buf[self.pos..self.end];
                    let short = bytes.iter().take(4).position(|b| matches!(b, b']' | b'\\' | b'\n'));
                    match short {
                        Some(i) => Some(self.pos + i),
                        None if bytes.len() <= 4 => None,
                        None => memchr::memchr3(b']', b'\\', b'\n', &bytes[4..]).map(|i| self.pos + 4 + i),
                    }
                }
                Some(db) => {
                    let mut i = self.pos;
                    while i < self.end && !matches!(self.buf[i], b']' | b'\\' | b'\n') && !db.is_lead(self.buf[i]) {
                        i += 1;
                    }
                    (i < self.end).then_some(i)
                }
            };
            let Some(i) = found else {
                self.pos = self.end;
                return None;
            };
            self.pos = i + 1;
            match self.buf[i] {
                b']' => {
                    self.lex = Lex::Tree;
                    return None;
                }
                b'\\' => {
                    self.lex = Lex::Escape;
                    return None;
                }
                b'\n' => {
                    if self.pos < self.end || !self.eof {
                        if self.pos >= self.end {
                            // The line break is looked at again once the next line's start is read.
                            self.pos = i;
                            return Some(ROOT_LOOKAHEAD);
                        }
                        if self.buf[self.pos] == b'(' {
                            match starts_new_game(&self.buf[self.pos..self.end], self.eof, &GAME_START_PROPERTIES) {
                                Looks::Need(n) => {
                                    self.pos = i;
                                    return Some(n + 1);
                                }
                                Looks::Yes => {
                                    self.end_game(Ending::UnterminatedValue);
                                    return None;
                                }
                                Looks::No => {}
                            }
                        }
                    }
                }
                _ => {
                    // A lead byte: its trail, whatever it is, belongs to it.
                    self.lex = Lex::Trail;
                    return None;
                }
            }
        }
    }

    /// Ends the open game: `pos` is just past its `)`, or where the next game starts, or the end of input.
    fn end_game(&mut self, ending: Ending) {
        let Some(mut game) = self.game.take() else { return };
        let end_at = self.pos;
        game.dropped |= self.offset(end_at) - game.start.offset > self.options.max_game_bytes;
        // A dropped game's start is no longer in the buffer.
        let start_at = if game.dropped { end_at } else { self.index_of(game.start.offset) };
        // A game declaring a double-byte charset was lexed byte by byte, which is right if its bytes are
        // UTF-8 (decoding will read them so); if not, it is lexed again in its charset.
        if let Charset::Declared(db) = game.charset
            && !game.dropped
            && std::str::from_utf8(&self.buf[start_at..end_at]).is_err()
        {
            self.game = Some(OpenGame { charset: Charset::Paired(db), ..game });
            self.pos = start_at;
            self.lex = Lex::Tree;
            self.depth = 0;
            return;
        }
        self.last_game_end = self.offset(end_at);
        let bytes = (!game.dropped).then(|| self.game_bytes(start_at, end_at));
        let kind = match ending {
            _ if game.dropped => Some(BrokenKind::TooLarge { limit: self.options.max_game_bytes }),
            Ending::Closed => None,
            Ending::Unclosed => Some(BrokenKind::Unclosed { next_game: self.position(self.offset(end_at)) }),
            Ending::UnterminatedValue => {
                let value = self.position(self.value_start);
                Some(BrokenKind::UnterminatedValue { value, next_game: self.position(self.offset(end_at)) })
            }
            Ending::EndOfInput => Some(BrokenKind::EndOfInput { open: self.depth, in_value: self.lex != Lex::Tree }),
        };
        match kind {
            None => {
                let bytes = bytes.expect("kept");
                if bytes.len() <= NEAR_EMPTY_BYTES {
                    self.empty_games += 1;
                }
                self.closed = Some(Game { index: game.index, start: game.start, bytes });
                self.lex = Lex::Outside;
            }
            Some(kind) => {
                self.out.push_back(Piece::Broken(Broken { index: game.index, start: game.start, kind, bytes }));
                // After `Unclosed` and `UnterminatedValue`, `pos` is at the next game's `(`.
                self.lex = Lex::Outside;
            }
        }
        self.depth = 0;
    }

    fn game_bytes(&self, start: usize, end: usize) -> Vec<u8> {
        let bytes = &self.buf[start..end];
        match self.utf16 {
            Some(order) => to_utf16(bytes, order),
            None => bytes.to_vec(),
        }
    }

    /// At the end of input: the open game is broken, junk and a held game are handed over.
    fn finish(&mut self) {
        if let (Some(failure), Some(game)) = (&mut self.failure, &self.game) {
            failure.game = Some(game.index);
            self.game = None;
        }
        if self.game.is_some() {
            self.pos = self.end;
            self.end_game(Ending::EndOfInput);
            if self.game.is_some() {
                // Lexed again in its charset from its start: not finished yet.
                return;
            }
        }
        self.flush_closed();
        self.flush_junk();
        self.done = true;
    }
}

impl<R: Read> Iterator for Splitter<R> {
    type Item = Result<Piece, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(piece) = self.out.pop_front() {
                return Some(Ok(piece));
            }
            if self.done {
                return self.failure.take().map(Err);
            }
            let need = match self.lex() {
                Step::Need(n) => n,
                Step::Yield if !self.out.is_empty() => continue,
                Step::Yield => 0,
            };
            if need == 0 && self.eof && self.pos >= self.end {
                self.finish();
                continue;
            }
            if need > 0 && self.eof {
                // Everything there is, is there: decide on what is (the checks treat the end as final).
                continue;
            }
            if let Err(error) = self.fill(need) {
                // What was read before the failure is lexed to its end as if the input ended there, except that
                // the game still open then is lost with the error rather than reported broken.
                self.eof = true;
                self.failure = Some(ReadError { at: self.offset(self.end), game: None, error });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that hands out one byte at a time, so every boundary falls between two reads somewhere.
    struct OneByte<'a>(&'a [u8]);

    impl Read for OneByte<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let Some((&first, rest)) = self.0.split_first() else { return Ok(0) };
            out[0] = first;
            self.0 = rest;
            Ok(1)
        }
    }

    fn split_with(input: &[u8], options: SplitOptions) -> Vec<Piece> {
        let whole: Vec<Piece> = Splitter::new(input, options).map(|p| p.unwrap()).collect();
        let bytewise: Vec<Piece> = Splitter::new(OneByte(input), options).map(|p| p.unwrap()).collect();
        assert_eq!(whole, bytewise, "read whole and byte by byte");
        whole
    }

    fn split(input: &str) -> Vec<Piece> {
        split_with(input.as_bytes(), SplitOptions::default())
    }

    /// Each piece in short: `game 0 1:1 "(;…)"`, `broken 1 2:1 <message>`, `junk 3:1 "…"`.
    fn describe(pieces: &[Piece]) -> Vec<String> {
        pieces
            .iter()
            .map(|p| match p {
                Piece::Game(g) => format!("game {} {} {}", g.index, g.start, String::from_utf8_lossy(&g.bytes)),
                Piece::Broken(b) => format!("broken {} {} {:?}", b.index, b.start, b.kind),
                Piece::Junk(j) => format!("junk {} {} {:?}", j.start, j.length, j.preview),
            })
            .collect()
    }

    #[test]
    fn games_come_one_at_a_time_with_their_places() {
        let pieces = split("(;GM[1];B[aa])\n  (;GM[1]C[a (b) c \\] )];W[bb](;B[cc])(;B[dd]))(;)\r\n(;FF[4])");
        assert_eq!(
            describe(&pieces),
            [
                "game 0 1:1 (;GM[1];B[aa])",
                "game 1 2:3 (;GM[1]C[a (b) c \\] )];W[bb](;B[cc])(;B[dd]))",
                "game 2 2:48 (;)",
                "game 3 3:1 (;FF[4])",
            ]
        );
        let Piece::Game(g) = &pieces[1] else { panic!() };
        assert_eq!(g.start.offset, 17);
        assert_eq!(g.place(1, 5), (2, 7));
        assert_eq!(g.place(3, 2), (4, 2));
    }

    #[test]
    fn an_unclosed_value_ends_at_a_line_that_starts_a_game_with_its_information() {
        // Game information starts a game at the start of a line inside an open value, even escaped.
        let text = "(;GM[1];B[p\n(;PB[x]PW[y];B[aa])\n(;C[cut\\\n(;KM[6.5];W[bb])\n";
        assert_eq!(
            describe(&split(text))
                .iter()
                .map(|d| d.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
                .collect::<Vec<_>>(),
            ["broken 0 1:1", "game 1 2:1", "broken 2 3:1", "game 3 4:1"]
        );
        // Inside a tree, game information begins a variation (merged games): no new game there.
        let merged = "(;GM[1];B[pd]\n(;PW[a];W[dd])\n(;PW[b];W[cc]))\n";
        assert_eq!(split(merged).len(), 1);
    }

    #[test]
    fn a_quick_look_tells_a_file_of_one_game_from_a_collection() {
        // One game, with variations: one tree.
        assert!(!may_hold_several_games(b"(;GM[1];B[aa]\n(;W[bb])\n(;C[x];W[cc]))"));
        // Merged games begin variations with game information: the look is unsure, and the splitter decides.
        assert!(may_hold_several_games(b"(;GM[1];B[aa]\n(;PW[x];W[bb])\n(;PW[y];W[cc]))"));
        assert!(!may_hold_several_games(b"(;)(;)(;)"));
        // A second tree that starts as the splitter starts one, or bytes a text of one game has not.
        assert!(may_hold_several_games(b"(;GM[1];B[aa])\n(;GM[1];B[bb])"));
        assert!(may_hold_several_games(b"(;GM[1];B[p\n(;PB[x];B[aa])"));
        assert!(may_hold_several_games(b"\xFF\xFE(\0;\0)\0"));
        assert!(may_hold_several_games(b"(;GM[1])\0\x01(;B[aa])"));
    }

    #[test]
    fn limits_on_games_end_the_stream_with_an_error_naming_the_flag() {
        let flood = "(;)".repeat(30);
        let options = SplitOptions { max_empty_games: 10, ..SplitOptions::default() };
        let results: Vec<Result<Piece, ReadError>> = Splitter::new(flood.as_bytes(), options).collect();
        // Ten empty games and the eleventh are read; reading stops at the twelfth's `(`, at byte 33.
        assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 11);
        let error = results.last().unwrap().as_ref().unwrap_err();
        assert!(error.is_limit() && error.to_string().contains("--max-empty-games"), "{error}");
        assert_eq!(error.at, 33);
        let options = SplitOptions { max_games: 2, ..SplitOptions::default() };
        let games = "(;B[aa])\n".repeat(5);
        let results: Vec<Result<Piece, ReadError>> = Splitter::new(games.as_bytes(), options).collect();
        assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 2);
        let error = results.last().unwrap().as_ref().unwrap_err();
        assert!(error.is_limit() && error.to_string().contains("--max-games"), "{error}");
    }

    #[test]
    fn a_missing_close_loses_that_game_only() {
        let text = "(;GM[1];B[aa])\n(;GM[1];B[bb]\n(;B[cc])\n(;FF[4]GM[1];W[dd])\n";
        assert_eq!(
            describe(&split(text)),
            [
                "game 0 1:1 (;GM[1];B[aa])",
                "broken 1 2:1 Unclosed { next_game: Position { offset: 38, line: 4, column: 1 } }",
                "game 2 4:1 (;FF[4]GM[1];W[dd])",
            ]
        );
        // The broken game's bytes reach the scanner, which says what is wrong inside it.
        let Piece::Broken(b) = &split(text)[1] else { panic!() };
        assert_eq!(b.bytes.as_deref(), Some(b"(;GM[1];B[bb]\n(;B[cc])\n".as_slice()));
        assert!(b.to_string().starts_with("game 2 (at 2:1): the game tree is never closed with ')'"), "{b}");
    }

    #[test]
    fn variations_at_the_start_of_a_line_are_not_new_games() {
        let text = "(;GM[1];B[aa]\n(;W[bb]\n;B[cc])\n( ; C[x] ;W[dd])\n)";
        assert_eq!(describe(&split(text)), [format!("game 0 1:1 {text}")]);
    }

    #[test]
    fn a_missing_bracket_is_found_where_a_new_game_begins_a_line() {
        let text = "(;GM[1]C[oops;B)\n(;GM[1];B[bb])";
        assert_eq!(
            describe(&split(text)),
            [
                "broken 0 1:1 UnterminatedValue { value: Position { offset: 8, line: 1, column: 9 }, next_game: \
                 Position { offset: 17, line: 2, column: 1 } }",
                "game 1 2:1 (;GM[1];B[bb])",
            ]
        );
        // Found when the line break is the last byte read so far, too (the byte-by-byte reader).
        let text = "(;GM[1];B[aa]C[oops\n(;GM[1];B[bb])";
        assert_eq!(describe(&split(text))[1], "game 1 2:1 (;GM[1];B[bb])");
        // In the middle of a line the same text is a comment's.
        let text = "(;GM[1]C[see (;GM[1\\]FF[4\\]) here])";
        assert_eq!(describe(&split(text)), [format!("game 0 1:1 {text}")]);
    }

    #[test]
    fn junk_between_games_is_reported_once_with_its_place() {
        let text = "From: someone\n\n(;GM[1])  trailing ) text\n  \n";
        assert_eq!(
            describe(&split(text)),
            ["junk 1:1 13 \"From: someone\"", "game 0 3:1 (;GM[1])", "junk 3:11 15 \"trailing ) text\""]
        );
        // `(B[aa])` is a game for the scanner to refuse; `(x)` is junk.
        assert_eq!(describe(&split("(x) (B[aa])")), ["junk 1:1 3 \"(x)\"", "game 0 1:5 (B[aa])"]);
    }

    #[test]
    fn a_close_too_many_breaks_the_game_before_it() {
        let text = "(;GM[1];B[aa]);W[bb];B[cc])\n(;GM[1])";
        assert_eq!(
            describe(&split(text)),
            [
                "broken 0 1:1 NodeAfterTree { extra: Position { offset: 14, line: 1, column: 15 } }",
                "game 1 2:1 (;GM[1])",
            ]
        );
        // Trailing text after a whole game stays junk.
        assert_eq!(describe(&split("(;GM[1])\nthanks")), ["game 0 1:1 (;GM[1])", "junk 2:1 6 \"thanks\""]);
    }

    #[test]
    fn the_end_of_input_inside_a_game_breaks_it() {
        assert_eq!(
            describe(&split("(;GM[1])(;B[aa](;W[bb])")),
            ["game 0 1:1 (;GM[1])", "broken 1 1:9 EndOfInput { open: 1, in_value: false }"]
        );
        assert_eq!(describe(&split("(;C[abc")), ["broken 0 1:1 EndOfInput { open: 1, in_value: true }"]);
        assert!(split("").is_empty() && split(" \n\t").is_empty());
    }

    #[test]
    fn a_game_over_the_limit_is_skipped_and_the_next_read() {
        let big = format!("(;GM[1]C[{}])", "x".repeat(5000));
        let text = format!("(;GM[1])\n{big}\n(;GM[1];B[aa])");
        let pieces = split_with(text.as_bytes(), SplitOptions { max_game_bytes: 1000, ..SplitOptions::default() });
        assert_eq!(
            describe(&pieces),
            ["game 0 1:1 (;GM[1])", "broken 1 2:1 TooLarge { limit: 1000 }", "game 2 3:1 (;GM[1];B[aa])"]
        );
        // Over the limit and never closed (found by fuzzing: the dropped game's start was looked up in the buffer).
        let open = format!("(;GM[1]C[{}", "y".repeat(100_000));
        let pieces = split_with(open.as_bytes(), SplitOptions { max_game_bytes: 1000, ..SplitOptions::default() });
        assert_eq!(describe(&pieces), ["broken 0 1:1 TooLarge { limit: 1000 }"]);
        // A limit exactly the game's size keeps it.
        let pieces = split_with(b"(;GM[1])", SplitOptions { max_game_bytes: 8, ..SplitOptions::default() });
        assert!(matches!(&pieces[..], [Piece::Game(_)]));
    }

    #[test]
    fn a_stream_without_games_stops_after_the_gap_limit() {
        let options = SplitOptions { max_bytes_between_games: 1 << 20, ..SplitOptions::default() };
        let mut text = b"(;GM[1])".to_vec();
        text.resize(3 << 20, b' ');
        text.extend_from_slice(b"(;GM[1])");
        let results: Vec<Result<Piece, ReadError>> = Splitter::new(text.as_slice(), options).collect();
        assert!(matches!(&results[0], Ok(Piece::Game(_))));
        let Some(Err(e)) = results.last() else { panic!("{results:?}") };
        assert!(e.to_string().contains("no game tree in 1048576 bytes: not SGF text"), "{e}");
        assert_eq!(results.len(), 2);
    }

    #[test]
    fn lines_end_at_cr_lf_and_crlf_and_columns_count_characters() {
        let text = "é\r\n(;)\r(;)\n(;)\r\n\r\n  ü(;)";
        assert_eq!(
            describe(&split(text)),
            [
                "junk 1:1 2 \"é\"",
                "game 0 2:1 (;)",
                "game 1 3:1 (;)",
                "game 2 4:1 (;)",
                "junk 6:3 2 \"ü\"",
                "game 3 6:4 (;)"
            ]
        );
    }

    #[test]
    fn a_utf8_bom_is_not_junk() {
        assert_eq!(describe(&split("\u{feff}(;GM[1])")), ["game 0 1:1 (;GM[1])"]);
    }

    #[test]
    fn sgfs_one_game_a_line() {
        let lines: Vec<String> = (0..50).map(|i| format!("(;FF[4]GM[1]SZ[19]PB[b{i}];B[pd];W[dp])")).collect();
        let mut text = lines.join("\n");
        // Line 21 loses its `)`: only that game is lost.
        text = text.replacen("PB[b20];B[pd];W[dp])", "PB[b20];B[pd];W[dp]", 1);
        let pieces = split(&text);
        assert_eq!(pieces.len(), 50);
        for (i, piece) in pieces.iter().enumerate() {
            match piece {
                Piece::Game(g) => assert_eq!((g.index, g.start.line, g.start.column), (i as u64, i as u64 + 1, 1)),
                Piece::Broken(b) => assert_eq!((b.index, b.start.line), (20, 21)),
                Piece::Junk(_) => panic!("junk"),
            }
        }
    }

    /// GB2312 text: 表 is 0xB1 0xED; 乗 in Shift_JIS is 0x8F 0xE6, 構 is 0x8D 0x5C (a `\`), ソ 0x83 0x5C.
    /// In GBK, 0x81 0x5D is a character whose trail byte is `]`.
    #[test]
    fn double_byte_charsets_keep_trail_bytes_inside_their_characters() {
        let mut gbk = b"(;GM[1]CA[GB2312]PB[".to_vec();
        gbk.extend_from_slice(&[0x81, 0x5D]); // trail `]`: the value goes on
        gbk.extend_from_slice(b")(;GM[1]");
        gbk.extend_from_slice(&[0x81, 0x5C]); // trail `\`: does not escape the `]` after it
        gbk.extend_from_slice(b"];B[aa])\n(;GM[1])");
        let pieces = split_with(&gbk, SplitOptions::default());
        let games: Vec<&Game> =
            pieces.iter().filter_map(|p| if let Piece::Game(g) = p { Some(g) } else { None }).collect();
        assert_eq!(games.len(), 2, "{:?}", describe(&pieces));
        assert!(games[0].bytes.ends_with(b"];B[aa])"));

        let mut sjis = b"(;GM[1]CA[SJIS]C[".to_vec();
        sjis.extend_from_slice(&[0x83, 0x5C]);
        sjis.extend_from_slice(b"](;B[aa]))(;GM[1])");
        assert_eq!(split_with(&sjis, SplitOptions::default()).len(), 2);

        // Valid UTF-8 under a CA that says GBK is read as UTF-8, as decoding will: 中 is E4 B8 AD, and AD 5D
        // would be one GBK character.
        let lying = "(;GM[1]CA[GBK]PB[中](;B[aa]))\n(;GM[1])";
        assert_eq!(
            describe(&split(lying)),
            [format!("game 0 1:1 {}", &lying[..lying.find('\n').unwrap()]), "game 1 2:1 (;GM[1])".into()]
        );
    }

    #[test]
    fn utf16_is_decoded_and_each_game_handed_back_in_utf16() {
        let text = "(;GM[1]PB[李];B[aa])\n(;GM[1]C[ü])";
        for (bom, order) in [(true, Utf16::Le), (false, Utf16::Le), (true, Utf16::Be), (false, Utf16::Be)] {
            let units = if bom { vec![0xFEFF] } else { vec![] }.into_iter().chain(text.encode_utf16());
            let bytes: Vec<u8> =
                units.flat_map(|u| if order == Utf16::Le { u.to_le_bytes() } else { u.to_be_bytes() }).collect();
            let pieces = split_with(&bytes, SplitOptions::default());
            let Piece::Game(second) = &pieces[1] else { panic!("{pieces:?}") };
            assert_eq!((second.start.line, second.start.column), (2, 1));
            let decoded = crate::decode::decode(&second.bytes).unwrap();
            // An odd byte at the end (found by fuzzing: the decoder was used again after it had finished).
            let odd: Vec<u8> = bytes.iter().copied().chain([b'x']).collect();
            assert_eq!(split_with(&odd, SplitOptions::default()).len(), 3);
            assert_eq!(decoded.text, "(;GM[1]C[ü])");
            let Piece::Game(first) = &pieces[0] else { panic!() };
            assert_eq!(crate::decode::decode(&first.bytes).unwrap().text, "(;GM[1]PB[李];B[aa])");
        }
    }

    #[test]
    fn a_read_error_ends_the_stream_and_names_the_game() {
        struct Failing(usize);
        impl Read for Failing {
            fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
                let text = b"(;GM[1])(;GM[1];B[aa]";
                if self.0 >= text.len() {
                    return Err(io::Error::new(io::ErrorKind::InvalidData, "corrupt deflate stream"));
                }
                let n = (text.len() - self.0).min(out.len());
                out[..n].copy_from_slice(&text[self.0..self.0 + n]);
                self.0 += n;
                Ok(n)
            }
        }
        let results: Vec<Result<Piece, ReadError>> = Splitter::new(Failing(0), SplitOptions::default()).collect();
        assert_eq!(
            results.len(),
            2,
            "{:?}",
            results
                .iter()
                .map(|r| r.as_ref().map(|p| describe(std::slice::from_ref(p))).map_err(|e| e.to_string()))
                .collect::<Vec<_>>()
        );
        assert!(matches!(&results[0], Ok(Piece::Game(g)) if g.index == 0));
        let Err(e) = &results[1] else { panic!() };
        assert_eq!(e.to_string(), "cannot read past byte 21 (in game 2): corrupt deflate stream");
    }
}
