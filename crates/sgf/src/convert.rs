//! `gotool convert`: a record in Tygem's GIB, WBaduk's NGF or Pandanet's UGF/UGI, read by
//! [`record::formats`](crate::formats), written as SGF `FF[4]` in UTF-8 with the shared writer
//! ([`sgf::write`](crate::write)). Every field SGF can hold is written (players, ranks, date, place, event,
//! komi, handicap, result, rules, time, comments); what it cannot is listed as "not mapped". A record whose moves
//! SGF cannot hold (a point off the board, a move that names no point) is refused, with the line of the
//! original file: `gotool check` reads the original and reports the same move as an error.

use crate::formats::{self, Format, Read};
use crate::record::{GameRecord, Item, MoveValue, SetupKind};
use crate::write::{GameTree, Value, write_tree};
use crate::{Limits, LineIndex};
use gotool_go::{Color, Point};
use gotool_model::Diagnostic;

/// A record converted to SGF.
#[derive(Clone, Debug)]
pub struct Conversion {
    /// The format it was read as.
    pub format: Format,
    /// The charset its text was read in.
    pub charset: &'static str,
    /// The SGF text.
    pub sgf: String,
    /// What the reader found (charset notes, header fields it could not read, a move count that does not
    /// agree), each placed at line:column of the original.
    pub diagnostics: Vec<Diagnostic>,
    /// Fields read but not written: what SGF cannot hold or gotool does not map.
    pub not_mapped: Vec<String>,
}

/// Why a file cannot be converted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConvertError {
    /// `syntax`, `encoding`, `limit`, `not-convertible` (SGF already, or moves SGF cannot hold).
    pub code: &'static str,
    /// What is wrong.
    pub message: String,
    /// 1-based line and column in the original file, when the problem has a place.
    pub place: Option<(u32, u32)>,
}

impl ConvertError {
    fn new(code: &'static str, message: impl Into<String>, place: Option<(u32, u32)>) -> ConvertError {
        ConvertError { code, message: message.into(), place }
    }
}

impl std::fmt::Display for ConvertError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.place {
            Some((line, column)) => write!(f, "{line}:{column}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// Converts a file's bytes; `name` is its name (the extension helps tell the format, the content decides).
pub fn convert(bytes: &[u8], name: &str, limits: &Limits) -> Result<Conversion, ConvertError> {
    if bytes.len() as u64 > limits.max_file_bytes {
        let message = format!("file is {} bytes, over the limit of {} bytes", bytes.len(), limits.max_file_bytes);
        return Err(ConvertError::new("limit", message, None));
    }
    let format = Format::detect(name, bytes);
    if format == Format::Sgf {
        let message = "an SGF record (or not a GIB, NGF or UGF one): nothing to convert";
        return Err(ConvertError::new("not-convertible", message, None));
    }
    let decoded = formats::decode_as(format, bytes).map_err(|e| ConvertError::new("encoding", e.to_string(), None))?;
    let text: &str = &decoded.text;
    let index = LineIndex::new(text);
    let read = formats::read(format, text, limits)
        .map_err(|e| ConvertError::new(e.code, e.message, Some(index.line_col(e.offset))))?;
    let tree = to_tree(&read).map_err(|(message, offset)| {
        ConvertError::new("not-convertible", message, offset.map(|o| index.line_col(o)))
    })?;
    let mut diagnostics = decoded.diagnostics();
    diagnostics.extend(read.record.findings.iter().map(|f| f.diagnostic.clone()));
    for d in &mut diagnostics {
        if let Some(offset) = d.offset {
            let (line, column) = index.line_col(offset);
            (d.line, d.column) = (Some(line), Some(column));
        }
    }
    Ok(Conversion {
        format,
        charset: decoded.charset,
        sgf: write_tree(&tree),
        diagnostics,
        not_mapped: read.not_mapped,
    })
}

/// A komi, a margin: `6.5`, `0`, `-3`.
fn number(value: f64) -> String {
    format!("{value}")
}

/// The SGF game tree of a record read from another format; fails (with the message and the byte offset) on a
/// move or setup stone that SGF cannot hold, or a record whose board could not be read.
pub fn to_tree(read: &Read) -> Result<GameTree, (String, Option<usize>)> {
    let record = &read.record;
    let Some(info) = &record.info else {
        let why = record.findings.iter().find(|f| f.diagnostic.is_error()).map(|f| &f.diagnostic);
        let message = why.map_or("the game cannot be read".to_string(), |d| d.message.clone());
        return Err((message, why.and_then(|d| d.offset)));
    };
    let header = &read.header;
    let mut tree = GameTree::new();
    let root = GameTree::ROOT;
    tree.push_text(root, "GM", "1");
    tree.push_text(root, "FF", "4");
    tree.push_text(root, "CA", "UTF-8");
    tree.push(root, "AP", vec![Value::Composed("gotool".into(), env!("CARGO_PKG_VERSION").into())]);
    let size =
        if info.width == info.height { info.width.to_string() } else { format!("{}:{}", info.width, info.height) };
    tree.push_text(root, "SZ", size);
    if info.komi_written {
        tree.push_text(root, "KM", number(info.komi.as_ref().map_or(0.0, |k| k.value)));
    }
    if let Some(h) = &info.handicap {
        tree.push_text(root, "HA", h.stones.to_string());
    }
    // The root's own items (the handicap stones) come before the players, as SGF records usually have them.
    write_items(record, 0, &mut tree, root)?;
    let text = |tree: &mut GameTree, ident: &str, value: &Option<String>| {
        if let Some(v) = value {
            tree.push_text(root, ident, v.clone());
        }
    };
    text(&mut tree, "PB", &info.black_player);
    text(&mut tree, "BR", &header.black_rank);
    text(&mut tree, "PW", &info.white_player);
    text(&mut tree, "WR", &header.white_rank);
    text(&mut tree, "DT", &header.date);
    text(&mut tree, "PC", &header.place);
    text(&mut tree, "EV", &header.event);
    text(&mut tree, "GN", &header.game_name);
    text(&mut tree, "RE", &info.result.as_ref().map(|r| r.text.clone()));
    text(&mut tree, "RU", &header.rules);
    text(&mut tree, "TM", &header.main_time.map(|t| t.to_string()));
    text(&mut tree, "OT", &header.overtime);
    text(&mut tree, "GC", &header.game_comment);
    text(&mut tree, "CP", &header.copyright);
    text(&mut tree, "AN", &header.annotator);

    // The nodes are depth first: each parent comes before its children, siblings in order.
    let mut map = vec![0usize; record.nodes.len()];
    for n in 1..record.nodes.len() {
        let parent = record.nodes[n].parent as usize;
        map[n] = tree.add_child(map[parent]);
        write_items(record, n as u32, &mut tree, map[n])?;
    }
    for (n, comment) in &read.comments {
        if let Some(&node) = map.get(*n as usize) {
            tree.push_text(node, "C", comment.clone());
        }
    }
    Ok(tree)
}

/// The moves and setup of record node `n` onto tree node `node`: the setup stones of each colour as one
/// property, then the move.
fn write_items(record: &GameRecord, n: u32, tree: &mut GameTree, node: usize) -> Result<(), (String, Option<usize>)> {
    let mut setup: [Vec<Value>; 3] = Default::default();
    let mut moves: Vec<(&'static str, String)> = Vec::new();
    for item in record.items(n) {
        match *item {
            Item::Move { color, value, written, .. } => {
                let ident = if color == Color::Black { "B" } else { "W" };
                let point = match value {
                    MoveValue::Pass => String::new(),
                    MoveValue::Play(p) => p.to_sgf(),
                    MoveValue::OffBoard(_) | MoveValue::Garbled => {
                        let what =
                            if matches!(value, MoveValue::OffBoard(_)) { "is off the board" } else { "names no point" };
                        let message = format!(
                            "{} move {:?} {what}: SGF cannot hold it, so the record is not converted (gotool check \
                             reports it)",
                            if color == Color::Black { "Black's" } else { "White's" },
                            record.text(written)
                        );
                        return Err((message, Some(written.start as usize)));
                    }
                };
                moves.push((ident, point));
            }
            Item::Setup { kind, rects, bad } => {
                if let Some(b) = record.bad_value(bad) {
                    let message = format!("setup stone {}: SGF cannot hold it, so the record is not converted", b.what);
                    return Err((message, Some(b.offset as usize)));
                }
                for r in record.rects(rects) {
                    for x in r.x1..=r.x2 {
                        for y in r.y1..=r.y2 {
                            setup[kind.index()].push(Value::Plain(Point::new(x, y).to_sgf()));
                        }
                    }
                }
            }
            Item::PlayerToMove { .. } | Item::MisplacedRootProperty { .. } => {}
        }
    }
    for (kind, values) in [SetupKind::Black, SetupKind::White, SetupKind::Empty].into_iter().zip(setup) {
        if !values.is_empty() {
            tree.push(node, kind.property(), values);
        }
    }
    for (ident, point) in moves {
        tree.push_text(node, ident, point);
    }
    Ok(())
}

#[cfg(test)]
mod tests;
