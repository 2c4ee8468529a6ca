//! Readers for the Go record formats that are not SGF: Tygem's GIB ([`gib`]), WBaduk/Oro's NGF ([`ngf`]) and
//! Pandanet's UGF/UGI ([`ugf`]). Each maps a decoded file onto the same [`GameRecord`] that SGF reading produces,
//! so replay, scoring and pictures work on it unchanged; every node, move and finding keeps its byte offset in
//! the file's text, so messages point at the line of the original. What a header says beyond what replay
//! needs (ranks, date, place, time settings, comments) comes back as a [`GameHeader`], for `gotool convert`,
//! with the list of fields that SGF cannot hold or gotool does not map.
//!
//! None of these formats has a published specification; `docs/formats.md` gathers what is known, with its
//! sources, and the readings taken where the sources disagree (its "Ambiguities" are cited by number here).
//! Knows nothing of SGF syntax, files or charsets: the text comes decoded (`sgf::decode::decode_format`, with
//! the hint of [`charset_hint`]).

pub mod gib;
pub mod ngf;
pub mod ugf;

mod results;

use std::fmt;

use crate::Limits;
use crate::decode::{self, CharsetHint, DecodeError, Decoded};
use crate::record::{
    BadValue, GameInfo, GameRecord, Handicap, InfoField, InfoFinding, Item, Komi, MoveValue, NONE, Node, RecordParts,
    RecordRules, SetupKind, TextSpan,
};
use crate::values;
use gotool_go::{Color, Point, PointRect};
use gotool_model::{Diagnostic, RecordedResult};

pub use results::{ResultText, parse_result_text};

/// The record formats gotool reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Smart Game Format (`.sgf`, `.mgt`).
    Sgf,
    /// Tygem, Tom and eWeiQi (`.gib`).
    Gib,
    /// WBaduk / Cyberoro (`.ngf`).
    Ngf,
    /// Pandanet IGS, PANDA-EGG, glGo (`.ugf`, `.ugi`).
    Ugf,
}

/// The extensions of record files and the format each names: the one table of them that folder walks, archive
/// walks, `fix` and the format detection read. `.mgt` is an old extension for SGF text and `.sgfs` KataGo's one
/// game a line; `.gib`, `.ngf`, `.ugf` and `.ugi` are Tygem's, WBaduk's and Pandanet's formats.
pub const EXTENSIONS: [(&str, Format); 7] = [
    ("sgf", Format::Sgf),
    ("mgt", Format::Sgf),
    ("sgfs", Format::Sgf),
    ("gib", Format::Gib),
    ("ngf", Format::Ngf),
    ("ugf", Format::Ugf),
    ("ugi", Format::Ugf),
];

impl Format {
    /// The name in messages: `SGF`, `GIB`, `NGF`, `UGF`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Sgf => "SGF",
            Format::Gib => "GIB",
            Format::Ngf => "NGF",
            Format::Ugf => "UGF",
        }
    }

    /// The name in the JSON report: `sgf`, `gib`, `ngf`, `ugf`.
    pub fn code(self) -> &'static str {
        match self {
            Format::Sgf => "sgf",
            Format::Gib => "gib",
            Format::Ngf => "ngf",
            Format::Ugf => "ugf",
        }
    }

    /// The format a file name's extension names (any letter case), by [`EXTENSIONS`].
    pub fn from_name(name: &str) -> Option<Format> {
        let (_, extension) = name.rsplit_once('.')?;
        Format::from_extension(extension)
    }

    /// The format an extension (without its dot, any letter case) names, by [`EXTENSIONS`].
    pub fn from_extension(extension: &str) -> Option<Format> {
        EXTENSIONS.iter().find(|(e, _)| extension.eq_ignore_ascii_case(e)).map(|&(_, format)| format)
    }

    /// The format of a file named `name` holding `bytes`. A name ending in `.sgf` or `.mgt` is SGF without a look
    /// at the bytes (check's hot path). Otherwise the start of the text decides when it is unmistakable (SGF's
    /// `(;`, GIB's `\HS`, UGF's `[Header]`), then the extension, then NGF's shape (a board size on line 2 and
    /// `PM` move lines); anything else is read as SGF, whose reader says what is wrong.
    pub fn detect(name: &str, bytes: &[u8]) -> Format {
        let by_name = Format::from_name(name);
        if by_name == Some(Format::Sgf) {
            return Format::Sgf;
        }
        let head = &bytes[..bytes.len().min(4096)];
        let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
        let start = head.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(head.len());
        let body = &head[start..];
        // SGF first: a game of a collection split from a stream is named after it, and this is the one quick look.
        if body.starts_with(b"(") && body[1..].iter().find(|b| !b.is_ascii_whitespace()) == Some(&b';') {
            return Format::Sgf;
        }
        if body.starts_with(b"\\HS") || memchr::memmem::find(head, b"\n\\HS").is_some() {
            return Format::Gib;
        }
        if ugf::looks_like(body) {
            return Format::Ugf;
        }
        if let Some(format) = by_name {
            return format;
        }
        if ngf::looks_like(head) { Format::Ngf } else { Format::Sgf }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The multi-byte charsets of the countries whose servers write these formats (docs/formats.md, ambiguity 27).
const EAST_ASIAN: &[&str] = &["euc-kr", "gb18030", "shift_jis", "big5"];

/// The charset hint of a file in `format` (ambiguity 27): GIB by `GIBOKIND`, UGF by `Lang` (Shift_JIS when it is
/// missing), NGF by detection only. Found by a byte search: the field names and values are ASCII.
pub fn charset_hint(format: Format, bytes: &[u8]) -> CharsetHint {
    match format {
        Format::Gib => CharsetHint { format: "GIB", implied: gib::charset(bytes), candidates: EAST_ASIAN },
        Format::Ugf => CharsetHint {
            format: "UGF",
            implied: Some(ugf::charset(bytes)),
            candidates: &["shift_jis", "euc-kr", "gb18030", "big5"],
        },
        Format::Ngf => CharsetHint { format: "NGF", implied: None, candidates: EAST_ASIAN },
        Format::Sgf => CharsetHint { format: "SGF", implied: None, candidates: &[] },
    }
}

/// Decodes a file in `format` (not SGF) with the charset its header implies, or one guessed.
pub fn decode_as(format: Format, bytes: &[u8]) -> Result<Decoded<'_>, DecodeError> {
    decode::decode_format(bytes, &charset_hint(format, bytes))
}

/// A file that cannot be read as a game at all (a truncated header, no game section, an encrypted file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    /// `syntax`, `encoding` (an encrypted file) or `limit`.
    pub code: &'static str,
    /// What is wrong.
    pub message: String,
    /// Byte offset in the text.
    pub offset: usize,
}

impl FormatError {
    fn syntax(message: impl Into<String>, offset: usize) -> FormatError {
        FormatError { code: "syntax", message: message.into(), offset }
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Game information beyond what replay needs, as the header gives it: what `gotool convert` writes besides the
/// board size, komi, handicap, result and players' names of [`GameInfo`]. Each value as SGF would hold it
/// (a date in `FF[4]`'s `YYYY-MM-DD`, times in seconds).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameHeader {
    /// Black's rank, as written.
    pub black_rank: Option<String>,
    /// White's rank, as written.
    pub white_rank: Option<String>,
    /// When the game was played (`2024-03-15`, or a range `2001-08-20,21`).
    pub date: Option<String>,
    /// Where.
    pub place: Option<String>,
    /// The event (a tournament, a title match).
    pub event: Option<String>,
    /// The game's name or kind (`Friendly Match`, `Rank`).
    pub game_name: Option<String>,
    /// The ruleset, by the name gotool gives it (`Japanese`), when the header names one.
    pub rules: Option<String>,
    /// Main time per player, in seconds.
    pub main_time: Option<u64>,
    /// Overtime, as SGF's `OT` writes it (`3x30 byo-yomi`).
    pub overtime: Option<String>,
    /// A comment on the game as a whole.
    pub game_comment: Option<String>,
    /// Copyright.
    pub copyright: Option<String>,
    /// Who annotated the game.
    pub annotator: Option<String>,
}

/// A game read from a file in one of these formats.
#[derive(Clone, Debug)]
pub struct Read<'t> {
    /// Which format it was read as.
    pub format: Format,
    /// The game, for replay.
    pub record: GameRecord<'t>,
    /// The rest of the header.
    pub header: GameHeader,
    /// Comments by node of `record`, in node order.
    pub comments: Vec<(u32, String)>,
    /// Fields read but not mapped onto the record or the header, each as `FIELD=value` (or a description), in the
    /// order met: what a conversion loses.
    pub not_mapped: Vec<String>,
}

/// Reads a file's text as `format` (not SGF: the SGF reader is `sgf::read`).
pub fn read<'t>(format: Format, text: &'t str, limits: &Limits) -> Result<Read<'t>, FormatError> {
    match format {
        Format::Gib => gib::read(text, limits),
        Format::Ngf => ngf::read(text, limits),
        Format::Ugf => ugf::read(text, limits),
        Format::Sgf => Err(FormatError::syntax("SGF is read by the SGF reader", 0)),
    }
}

/// One line of a text: without its line end (CR, LF or CRLF) nor trailing white space, with its byte offset.
#[derive(Clone, Copy, Debug)]
struct Line<'t> {
    /// The text, trailing white space removed.
    text: &'t str,
    /// Byte offset of its first character.
    offset: usize,
    /// Byte offset just after its last character before the line end, trailing white space included.
    end: usize,
}

impl<'t> Line<'t> {
    /// The line without its leading white space, and the offset where that starts.
    fn trimmed(&self) -> (&'t str, usize) {
        let text = self.text.trim_start();
        (text, self.offset + (self.text.len() - text.len()))
    }

    /// The span of `part`, a slice of this line's text.
    fn span_of(&self, part: &str) -> TextSpan {
        let start = part.as_ptr() as usize - self.text.as_ptr() as usize + self.offset;
        TextSpan { start: start as u32, end: (start + part.len()) as u32 }
    }
}

/// The lines of a text. CR, LF and CRLF each end a line, as `sgf::LineIndex` counts them; a text that ends with
/// a line break has no empty line after it.
fn lines(text: &str) -> Vec<Line<'_>> {
    let bytes = text.as_bytes();
    let line = |start: usize, end: usize| Line { text: text[start..end].trim_end(), offset: start, end };
    let mut out = Vec::new();
    let mut start = 0;
    for i in memchr::memchr2_iter(b'\n', b'\r', bytes) {
        // The `\n` of a CRLF was taken with its `\r`.
        if i < start {
            continue;
        }
        out.push(line(start, i));
        start = i + if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') { 2 } else { 1 };
    }
    if start < bytes.len() || out.is_empty() {
        out.push(line(start, bytes.len()));
    }
    out
}

/// The usual handicap stones for `count` stones on a `size`×`size` board, on the star points, in the order
/// the stones are usually placed: the lower left and upper right corners, then the third corner, the fourth,
/// the centre, the sides. `tygem` puts the third stone in the upper left (D16) instead of the lower right (Q4),
/// as Tygem does (docs/formats.md, "Handicap"; ambiguity 2). `None` when the board has no such placement (more
/// than 9 stones, more than 4 on a board with no centre line, a board under 7 lines).
pub fn handicap_points(size: u8, count: u32, tygem: bool) -> Option<Vec<Point>> {
    if size < 7 || !(2..=9).contains(&count) || (size.is_multiple_of(2) && count > 4) {
        return None;
    }
    let near = if size >= 13 { 3 } else { 2 };
    let far = size - 1 - near;
    let mid = size / 2;
    let p = Point::new;
    let third = if tygem { p(near, near) } else { p(far, far) };
    let fourth = if tygem { p(far, far) } else { p(near, near) };
    let mut points = vec![p(near, far), p(far, near), third, fourth];
    points.truncate(count.min(4) as usize);
    match count {
        5 => points.push(p(mid, mid)),
        6..=9 => {
            points.extend([p(near, mid), p(far, mid)]);
            if count >= 8 {
                points.extend([p(mid, near), p(mid, far)]);
            }
            if count % 2 == 1 {
                points.push(p(mid, mid));
            }
        }
        _ => {}
    }
    Some(points)
}

/// The handicap stones of a GIB or NGF record, which gives only their count: on 19×19 with three stones, Tygem's
/// layout unless the game plays on its third point before the other layout's (then the usual one, with a note:
/// ambiguity 2). `moves` are the main line's points in order; `at` is where the count is written.
fn placed_handicap(
    size: u8,
    count: u32,
    moves: &[Option<Point>],
    at: usize,
    findings: &mut Vec<InfoFinding>,
) -> Option<Vec<Point>> {
    let tygem = handicap_points(size, count, true)?;
    if count != 3 {
        return Some(tygem);
    }
    let usual = handicap_points(size, count, false)?;
    let (ours, theirs) = (tygem[2], usual[2]);
    let first = moves.iter().position(|m| *m == Some(ours) || *m == Some(theirs));
    match first {
        Some(i) if moves[i] == Some(ours) => {
            let message = format!(
                "3 handicap stones: move {} is played on {}, where Tygem's layout puts the third stone; the usual \
                 layout ({}) is used instead",
                i + 1,
                ours.to_board_notation(size),
                theirs.to_board_notation(size)
            );
            findings.push(finding(Diagnostic::info("handicap-layout-guessed", message).at(at)));
            Some(usual)
        }
        _ => Some(tygem),
    }
}

/// A finding about the game as a whole.
fn finding(diagnostic: Diagnostic) -> InfoFinding {
    InfoFinding { about: InfoField::Game, diagnostic }
}

/// A finding about one part of the game information.
fn finding_about(about: InfoField, diagnostic: Diagnostic) -> InfoFinding {
    InfoFinding { about, diagnostic }
}

/// The move numbers a file writes, checked against the count the reader keeps. Only the first mismatch is
/// warned of: a file numbered another way would otherwise get a warning on every line.
#[derive(Default)]
struct Numbering {
    reported: bool,
}

impl Numbering {
    /// A `move-number-mismatch` warning at `at` when the number is not the one expected (`matches` false) and
    /// none was given before; `message` is made only then.
    fn check(&mut self, matches: bool, at: usize, findings: &mut Vec<InfoFinding>, message: impl FnOnce() -> String) {
        if !matches && !self.reported {
            self.reported = true;
            findings.push(finding(Diagnostic::warning("move-number-mismatch", message()).at(at)));
        }
    }
}

/// Builds a record's nodes and items as a reader meets them (a variation may be read after the main line it
/// branches from) and puts them in the order replay expects: depth first, the first child the main line.
struct Builder {
    nodes: Vec<BuildNode>,
    parts: RecordParts,
    max_nodes: u32,
}

#[derive(Clone, Copy)]
struct BuildNode {
    offset: u32,
    parent: u32,
    first_child: u32,
    last_child: u32,
    next_sibling: u32,
    items: (u32, u32),
}

impl Builder {
    /// A builder with a root node at `offset`.
    fn new(offset: usize, limits: &Limits) -> Builder {
        let root = BuildNode {
            offset: offset as u32,
            parent: NONE,
            first_child: NONE,
            last_child: NONE,
            next_sibling: NONE,
            items: (0, 0),
        };
        Builder { nodes: vec![root], parts: RecordParts::default(), max_nodes: limits.max_nodes.max(1) }
    }

    /// A new node at `offset`, the last child of `parent` (the first with `first`); items added from now on are
    /// its own. Fails past the node limit.
    fn node(&mut self, parent: u32, offset: usize, first: bool) -> Result<u32, FormatError> {
        if self.nodes.len() >= self.max_nodes as usize {
            let message = format!("more than {} nodes (limit; see --max-nodes)", self.max_nodes);
            return Err(FormatError { code: "limit", message, offset });
        }
        let id = self.nodes.len() as u32;
        let start = self.parts.items.len() as u32;
        self.nodes.push(BuildNode {
            offset: offset as u32,
            parent,
            first_child: NONE,
            last_child: NONE,
            next_sibling: NONE,
            items: (start, start),
        });
        let p = self.nodes[parent as usize];
        if p.first_child == NONE {
            let p = &mut self.nodes[parent as usize];
            p.first_child = id;
            p.last_child = id;
        } else if first {
            self.nodes[id as usize].next_sibling = p.first_child;
            self.nodes[parent as usize].first_child = id;
        } else {
            let p = &mut self.nodes[parent as usize];
            let last = p.last_child;
            p.last_child = id;
            self.nodes[last as usize].next_sibling = id;
        }
        Ok(id)
    }

    /// The number of nodes so far.
    fn len(&self) -> u32 {
        self.nodes.len() as u32
    }

    /// Adds an item to the last node made.
    fn item(&mut self, item: Item) {
        self.parts.items.push(item);
        if let Some(last) = self.nodes.last_mut() {
            last.items.1 = self.parts.items.len() as u32;
        }
    }

    /// A move of `color` to the last node made.
    fn play(&mut self, color: Color, value: MoveValue, written: TextSpan) {
        self.item(Item::Move { color, value, several_values: false, written });
    }

    /// Setup stones to the last node made: the points, or the value that is not a point (which stops the setup).
    fn setup(&mut self, kind: SetupKind, points: &[Point], bad: Option<BadValue>) {
        let start = self.parts.rects.len() as u32;
        self.parts.rects.extend(points.iter().map(|p| PointRect { x1: p.x, y1: p.y, x2: p.x, y2: p.y }));
        let bad = match bad {
            Some(b) => {
                self.parts.bad_values.push(b);
                self.parts.bad_values.len() as u32 - 1
            }
            None => NONE,
        };
        self.item(Item::Setup { kind, rects: (start, self.parts.rects.len() as u32), bad });
    }

    /// The record's parts in depth-first order, and each built node's index in them.
    fn finish(self) -> (RecordParts, Vec<u32>) {
        let Builder { nodes, parts: built, .. } = self;
        let mut order = Vec::with_capacity(nodes.len());
        let mut pending = vec![0u32];
        while let Some(n) = pending.pop() {
            order.push(n);
            let node = &nodes[n as usize];
            // Push the children last to first, so the first comes off the stack first.
            let mut children = Vec::new();
            let mut c = node.first_child;
            while c != NONE {
                children.push(c);
                c = nodes[c as usize].next_sibling;
            }
            pending.extend(children.into_iter().rev());
        }
        let mut index = vec![NONE; nodes.len()];
        for (new, &old) in order.iter().enumerate() {
            index[old as usize] = new as u32;
        }
        let map = |n: u32| if n == NONE { NONE } else { index[n as usize] };
        let mut parts = RecordParts {
            nodes: Vec::with_capacity(nodes.len()),
            items: Vec::with_capacity(built.items.len()),
            rects: built.rects,
            bad_values: built.bad_values,
            markups: Vec::new(),
        };
        for &old in &order {
            let node = &nodes[old as usize];
            let start = parts.items.len() as u32;
            parts.items.extend_from_slice(&built.items[node.items.0 as usize..node.items.1 as usize]);
            parts.nodes.push(Node {
                offset: node.offset,
                parent: map(node.parent),
                first_child: map(node.first_child),
                next_sibling: map(node.next_sibling),
                items: (start, parts.items.len() as u32),
            });
        }
        (parts, index)
    }
}

/// The game information a reader gathered, before it becomes a [`GameInfo`].
#[derive(Default)]
struct InfoParts {
    size: Option<u8>,
    komi: Option<f64>,
    komi_written: bool,
    handicap: Option<Handicap>,
    result: Option<(String, usize)>,
    black: Option<String>,
    white: Option<String>,
    rules: Option<String>,
}

impl InfoParts {
    /// The game information; `date` gives the year. A record without rules gets the `no-rules` note SGF reading
    /// gives a record without `RU`.
    fn finish(self, format: Format, date: Option<&str>, findings: &mut Vec<InfoFinding>) -> Option<GameInfo> {
        let size = self.size?;
        let mapped = values::parse_rules(self.rules.as_deref());
        if self.rules.is_none() {
            let message = format!("{format} records name no rules; checked as japanese");
            findings.push(finding_about(InfoField::Rules, Diagnostic::info("no-rules", message)));
        }
        if !self.komi_written {
            let message = format!("the {format} header gives no komi: komi 0");
            findings.push(finding_about(InfoField::Komi, Diagnostic::info("no-komi", message)));
        }
        Some(GameInfo {
            width: size,
            height: size,
            rules: RecordRules { rules: mapped.rules, recognised: mapped.recognised, written: self.rules.is_some() },
            komi: self.komi.map(|value| Komi { value, normalised_from: None, in_zi: false }),
            komi_written: self.komi_written,
            handicap: self.handicap,
            result: self.result.map(|(text, offset)| RecordedResult {
                outcome: values::parse_result(&text),
                text,
                in_zi: false,
                offset: Some(offset),
            }),
            black_player: self.black,
            white_player: self.white,
            year: date.and_then(values::parse_year),
        })
    }
}

/// `Y-M-D` as `FF[4]` writes a date, from the first three numbers of `text` (`2022-11- 3-16- 8-30`,
/// `2024:01:19:09:45`, `2012年11月22日 下午 6:3`, `20060928 [08:59]`, `2009-3-25`); `None` when they do not make
/// a date.
fn date_from_numbers(text: &str) -> Option<String> {
    let mut numbers = text.split(|c: char| !c.is_ascii_digit()).filter(|s| !s.is_empty());
    let first = numbers.next()?;
    // `20060928`: the date as one number.
    let (y, m, d): (u32, u32, u32) = if first.len() == 8 {
        (first[..4].parse().ok()?, first[4..6].parse().ok()?, first[6..].parse().ok()?)
    } else {
        let y: u32 = first.parse().ok()?;
        (y, numbers.next()?.parse().ok()?, numbers.next()?.parse().ok()?)
    };
    let ok = (1000..=9999).contains(&y) && (1..=12).contains(&m) && (1..=31).contains(&d);
    ok.then(|| format!("{y:04}-{m:02}-{d:02}"))
}

/// The text trimmed, `None` when nothing is left.
fn non_empty(text: &str) -> Option<String> {
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_string())
}

/// A field of a header that holds U+FFFD (text damaged before gotool read it, docs/formats.md "Charsets"): a
/// warning naming the field.
fn check_damaged(field: &str, value: &str, offset: usize, findings: &mut Vec<InfoFinding>) {
    if value.contains(char::REPLACEMENT_CHARACTER) {
        let message = format!("{field} holds characters lost before gotool read the file (U+FFFD): {value:?}");
        findings.push(finding(Diagnostic::warning("damaged-text", message).at(offset)));
    }
}

/// A value for a "not mapped" list: at most 60 characters, line breaks as spaces.
fn shown(value: &str) -> String {
    let one_line: String = value.split_whitespace().collect::<Vec<_>>().join(" ");
    if one_line.chars().count() > 60 {
        let cut: String = one_line.chars().take(57).collect();
        format!("{cut}...")
    } else {
        one_line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_end_at_cr_lf_and_crlf() {
        let text = "a\r\nb \nc\rd";
        let l: Vec<(&str, usize)> = lines(text).iter().map(|l| (l.text, l.offset)).collect();
        assert_eq!(l, [("a", 0), ("b", 3), ("c", 6), ("d", 8)]);
        assert_eq!(lines("a\n").len(), 1);
        assert_eq!(lines("a\n\n").len(), 2);
        assert_eq!(lines("").len(), 1);
    }

    #[test]
    fn handicap_layouts() {
        let sgf = |points: Vec<Point>| points.iter().map(|p| p.to_sgf()).collect::<Vec<_>>().join(" ");
        assert_eq!(sgf(handicap_points(19, 2, true).unwrap()), "dp pd");
        assert_eq!(sgf(handicap_points(19, 3, true).unwrap()), "dp pd dd");
        assert_eq!(sgf(handicap_points(19, 3, false).unwrap()), "dp pd pp");
        assert_eq!(sgf(handicap_points(19, 5, true).unwrap()), "dp pd dd pp jj");
        assert_eq!(sgf(handicap_points(19, 6, true).unwrap()), "dp pd dd pp dj pj");
        assert_eq!(sgf(handicap_points(19, 9, true).unwrap()), "dp pd dd pp dj pj jd jp jj");
        assert_eq!(sgf(handicap_points(9, 2, true).unwrap()), "cg gc");
        assert_eq!(handicap_points(19, 10, true), None);
        assert_eq!(handicap_points(12, 5, true), None);
    }

    #[test]
    fn dates_from_their_numbers() {
        assert_eq!(date_from_numbers("2022-11- 3-16- 8-30").as_deref(), Some("2022-11-03"));
        assert_eq!(date_from_numbers("C2024:01:19:09:45").as_deref(), Some("2024-01-19"));
        assert_eq!(date_from_numbers("2012年11月22日 下午 6:3").as_deref(), Some("2012-11-22"));
        assert_eq!(date_from_numbers("20060928 [08:59]").as_deref(), Some("2006-09-28"));
        assert_eq!(date_from_numbers("2009-3-25").as_deref(), Some("2009-03-25"));
        assert_eq!(date_from_numbers("//"), None);
        assert_eq!(date_from_numbers("2009-13-25"), None);
    }

    #[test]
    fn formats_by_name_and_content() {
        assert_eq!(Format::detect("a.SGF", b"\\HS"), Format::Sgf);
        assert_eq!(Format::detect("a.txt", b"\r\n\\HS\r\n"), Format::Gib);
        assert_eq!(Format::detect("a.gib", b"(;GM[1])"), Format::Sgf);
        assert_eq!(Format::detect("a.Gib", b"junk"), Format::Gib);
        assert_eq!(Format::detect("a.ugi", b"x"), Format::Ugf);
        assert_eq!(Format::detect("-", b"# comment\n[Header]\nSize=19\n"), Format::Ugf);
        assert_eq!(Format::detect("a.ngf", b"x"), Format::Ngf);
        assert_eq!(
            Format::detect("-", b"Rated game\n19\na 1d\nb 2d\nx\n0\n0\n6\n2020\n0\nx\n1\nPMABBDDDD\n"),
            Format::Ngf
        );
        assert_eq!(Format::detect("-", b"x"), Format::Sgf);
    }
}
