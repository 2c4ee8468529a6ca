//! The first pass over the text: a strict SGF `FF[4]` tokenizer that builds a flat tree of nodes, properties
//! and value spans (byte offsets into the text; no allocation per token), checks the grammar, enforces the
//! size limits, and reports the first structural error with its place.
//!
//! Why our own pass: sgf-parse builds a recursive tree (a `String` per value, recursive drop) and its errors
//! carry no position; this pass is where positions, limits and speed come from (issues #2, #6, #7).
//! Grammar (SGF `FF[4]` spec, "EBNF"): Collection = GameTree+; GameTree = "(" Sequence GameTree* ")";
//! Sequence = Node+; Node = ";" Property*; Property = PropIdent PropValue+; PropValue = "[" text "]".
//! Text outside game trees is skipped and remembered (junk); anything else out of place is an error,
//! because a silent repair could change which moves are played.

use std::fmt;

use super::lines::LineIndex;
use gotool_model::plural;

/// "No node": the end of a sibling list, a root's parent.
pub const NONE: u32 = u32::MAX;

/// White space between the nodes, sequences and game trees of a tree (space, tab, line feed, carriage return,
/// vertical tab, form feed, as SGF lists them). The fixer edits around nodes by the same rule.
pub fn is_tree_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0B' | b'\x0C')
}

/// A byte range of the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// The first byte.
    pub start: u32,
    /// After the last byte.
    pub end: u32,
}

impl Span {
    fn new(start: usize, end: usize) -> Span {
        Span { start: start as u32, end: end as u32 }
    }
}

/// Properties gotool reads, by their `FF[4]` identifier. Everything else is `Other`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PropId {
    /// A black move.
    B,
    /// A white move.
    W,
    /// Black setup stones.
    AB,
    /// White setup stones.
    AW,
    /// Points cleared by setup.
    AE,
    /// The player to move.
    PL,
    /// Board size.
    SZ,
    /// Komi.
    KM,
    /// Handicap.
    HA,
    /// Result.
    RE,
    /// Rules.
    RU,
    /// Black's territory.
    TB,
    /// White's territory.
    TW,
    /// Charset.
    CA,
    /// Game type (1 = Go).
    GM,
    /// File format version.
    FF,
    /// Black's name.
    PB,
    /// White's name.
    PW,
    /// The application that wrote the file.
    AP,
    /// Move number.
    MN,
    /// Comment.
    C,
    /// Game name.
    GN,
    /// Date.
    DT,
    /// Event.
    EV,
    /// Any other property.
    Other,
}

impl PropId {
    fn from_ident(ident: &[u8]) -> PropId {
        match ident {
            b"B" => PropId::B,
            b"W" => PropId::W,
            b"AB" => PropId::AB,
            b"AW" => PropId::AW,
            b"AE" => PropId::AE,
            b"PL" => PropId::PL,
            b"SZ" => PropId::SZ,
            b"KM" => PropId::KM,
            b"HA" => PropId::HA,
            b"RE" => PropId::RE,
            b"RU" => PropId::RU,
            b"TB" => PropId::TB,
            b"TW" => PropId::TW,
            b"CA" => PropId::CA,
            b"GM" => PropId::GM,
            b"FF" => PropId::FF,
            b"PB" => PropId::PB,
            b"PW" => PropId::PW,
            b"AP" => PropId::AP,
            b"MN" => PropId::MN,
            b"C" => PropId::C,
            b"GN" => PropId::GN,
            b"DT" => PropId::DT,
            b"EV" => PropId::EV,
            _ => PropId::Other,
        }
    }
}

/// A node of the scanned tree.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// Offset of the node's `;`.
    pub offset: u32,
    /// The parent, [`NONE`] for a root.
    pub parent: u32,
    /// The first child, [`NONE`] for none.
    pub first_child: u32,
    /// The next child of the same parent, [`NONE`] for none.
    pub next_sibling: u32,
    props_start: u32,
    props_end: u32,
}

/// A property of a node: its identifier and the range of its values.
#[derive(Clone, Copy, Debug)]
pub struct Property {
    /// Which property.
    pub id: PropId,
    /// The identifier as written (`FF[3]` files may say `AddBlack` for `AB`).
    pub ident: Span,
    values_start: u32,
    values_end: u32,
}

/// Size limits checked during the first pass, before any per-value work. Defaults leave every real record
/// far below them; see `docs/batch.md` (Limits) for the reasons behind each number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Largest file, in bytes.
    pub max_file_bytes: u64,
    /// Most game trees in one file read whole (its report holds all their games at once).
    pub max_games: u32,
    /// Most game trees in one collection streamed game by game (each game's report is let go once written):
    /// `u64::MAX` by default, so that a 22 GB collection goes through; `--max-games` given on the command line
    /// sets it too.
    pub max_streamed_games: u64,
    /// Most empty or near-empty game trees (`(;)`) in one input, read whole or streamed.
    pub max_empty_games: u64,
    /// Most nodes in one game tree.
    pub max_nodes: u32,
    /// Deepest nesting of variations.
    pub max_variation_depth: u32,
    /// Most properties in one node.
    pub max_properties_per_node: u32,
    /// Most values in one property.
    pub max_values_per_property: u32,
    /// Longest property identifier.
    pub max_identifier_len: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_file_bytes: 64 * 1024 * 1024,
            // Every game gets a report of a few kB, however short its record (`(;)` is 3 bytes); a file at the
            // size limit full of real 19x19 games without comments holds about 40,000.
            max_games: 50_000,
            max_streamed_games: u64::MAX,
            max_empty_games: 10_000,
            max_nodes: 2_000_000,
            max_variation_depth: 10_000,
            max_properties_per_node: 10_000,
            max_values_per_property: 10_000,
            max_identifier_len: 32,
        }
    }
}

/// What is wrong with the text's structure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SyntaxKind {
    /// No `(;` anywhere.
    NoGameTree,
    /// A property before the first `;` of a node.
    MissingSemicolon,
    /// A `[` never closed.
    UnterminatedValue,
    /// The text ends inside a game tree. `opened_at` is the innermost `(` still open, `tree_at` the game tree's
    /// own `(`, `open` how many are open (1 when only the game tree is).
    UnclosedTree {
        /// Where the innermost open `(` is.
        opened_at: u32,
        /// Where the game tree's `(` is.
        tree_at: u32,
        /// How many are open.
        open: u32,
    },
    /// A character where none belongs.
    UnexpectedChar(char),
    /// A word where none belongs.
    UnexpectedText(String),
    /// A `(` not followed by a node.
    EmptyVariation,
    /// A property outside any node.
    PropertyOutsideNode,
    /// A `[` without a property identifier.
    ValueWithoutIdentifier,
    /// A property identifier without a value.
    IdentifierWithoutValue(String),
    /// An identifier of lower-case letters only.
    LowercaseIdentifier(String),
    /// A node after a variation in the same sequence.
    NodeAfterVariation,
    /// Nodes after the `)` that closed the game tree.
    NodeAfterTree,
    /// Over the game limit.
    TooManyGames(u32),
    /// Over the node limit.
    TooManyNodes(u32),
    /// Over the nesting limit.
    TooDeep(u32),
    /// Over the properties-per-node limit.
    TooManyProperties(u32),
    /// Over the values-per-property limit.
    TooManyValues(u32),
    /// Over the identifier-length limit.
    IdentifierTooLong(u32),
}

/// The first structural error in a text, at a byte offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// What is wrong.
    pub kind: SyntaxKind,
    /// Where, as a byte offset.
    pub offset: usize,
}

impl SyntaxError {
    /// `syntax` for grammar errors, `limit` for a record over one of the size limits.
    pub fn code(&self) -> &'static str {
        match self.kind {
            SyntaxKind::TooManyGames(_)
            | SyntaxKind::TooManyNodes(_)
            | SyntaxKind::TooDeep(_)
            | SyntaxKind::TooManyProperties(_)
            | SyntaxKind::TooManyValues(_)
            | SyntaxKind::IdentifierTooLong(_) => "limit",
            _ => "syntax",
        }
    }
}

impl SyntaxError {
    /// The message for a report: like `Display`, but naming the line:column of the other places the error is
    /// about (where an unclosed `(` opened), which only the text's line index can tell.
    pub fn message(&self, index: &LineIndex) -> String {
        match self.kind {
            SyntaxKind::UnclosedTree { opened_at, tree_at, open } => {
                let place = |offset: u32| {
                    let (line, column) = index.line_col(offset as usize);
                    format!("{line}:{column}")
                };
                match open {
                    0 | 1 => format!(
                        "unexpected end of file: the game tree opened at {} is never closed with ')'",
                        place(tree_at)
                    ),
                    2 => format!(
                        "unexpected end of file: the variation opened at {} is never closed with ')', nor is the game \
                         tree opened at {}",
                        place(opened_at),
                        place(tree_at)
                    ),
                    _ => format!(
                        "unexpected end of file: the variation opened at {} is never closed with ')', nor are the {} \
                         enclosing it, out to the game tree opened at {}",
                        place(opened_at),
                        open - 1,
                        place(tree_at)
                    ),
                }
            }
            _ => self.to_string(),
        }
    }
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            SyntaxKind::NoGameTree => {
                write!(f, "no SGF game tree found (a record starts with \"(;\")")
            }
            SyntaxKind::MissingSemicolon => {
                write!(f, "missing ';' before the first property of a node")
            }
            SyntaxKind::UnterminatedValue => {
                write!(f, "property value opened here is never closed with ']'")
            }
            SyntaxKind::UnclosedTree { .. } => write!(f, "unexpected end of file: a game tree is not closed with ')'"),
            SyntaxKind::UnexpectedChar(c) => write!(f, "unexpected {} between properties or nodes", describe_char(*c)),
            SyntaxKind::UnexpectedText(word) => {
                write!(f, "unexpected text {word:?} between properties or nodes")
            }
            SyntaxKind::EmptyVariation => write!(f, "a variation must start with a node (';')"),
            SyntaxKind::PropertyOutsideNode => write!(f, "property outside a node (missing ';')"),
            SyntaxKind::ValueWithoutIdentifier => write!(f, "property value without an identifier"),
            SyntaxKind::IdentifierWithoutValue(id) => write!(f, "property {id} has no value"),
            SyntaxKind::LowercaseIdentifier(id) => {
                write!(f, "property identifier {id:?} has no upper-case letter")
            }
            SyntaxKind::NodeAfterVariation => {
                write!(f, "node after a variation: SGF puts variations at the end of a sequence")
            }
            SyntaxKind::NodeAfterTree => {
                write!(f, "nodes after the end of the game tree: is there a ')' too many before this?")
            }
            SyntaxKind::TooManyGames(limit) => {
                write!(
                    f,
                    "more than {limit} game{} in one file (limit; see --max-games): this game and the rest are not checked",
                    plural(*limit as usize)
                )
            }
            SyntaxKind::TooManyNodes(limit) => {
                write!(f, "more than {limit} node{} (limit; see --max-nodes)", plural(*limit as usize))
            }
            SyntaxKind::TooDeep(limit) => {
                write!(f, "variations nested more than {limit} deep (limit; see --max-depth)")
            }
            SyntaxKind::TooManyProperties(limit) => {
                write!(f, "more than {limit} propert{} in one node (limit)", if *limit == 1 { "y" } else { "ies" })
            }
            SyntaxKind::TooManyValues(limit) => {
                write!(f, "more than {limit} value{} in one property (limit)", plural(*limit as usize))
            }
            SyntaxKind::IdentifierTooLong(limit) => {
                write!(f, "property identifier longer than {limit} letter{} (limit)", plural(*limit as usize))
            }
        }
    }
}

fn describe_char(c: char) -> String {
    if c.is_control() || c.is_whitespace() { format!("character U+{:04X}", c as u32) } else { format!("'{c}'") }
}

/// A parsed collection: one or more game trees over a shared flat store.
#[derive(Debug)]
pub struct Collection<'t> {
    /// The text scanned.
    pub text: &'t str,
    /// The root node of each game tree, in file order.
    pub games: Vec<u32>,
    /// Every node, game after game, each tree depth first.
    pub nodes: Vec<Node>,
    props: Vec<Property>,
    values: Vec<Span>,
    /// Text outside any game tree that is not whitespace (mail headers, trailing garbage).
    pub junk: Vec<Span>,
}

impl<'t> Collection<'t> {
    /// Node `n`.
    #[cfg(test)]
    pub(crate) fn node(&self, n: u32) -> &Node {
        &self.nodes[n as usize]
    }

    /// The properties of node `n`.
    pub fn properties(&self, n: u32) -> &[Property] {
        self.properties_of(&self.nodes[n as usize])
    }

    /// The properties of a node of this collection.
    pub fn properties_of(&self, node: &Node) -> &[Property] {
        &self.props[node.props_start as usize..node.props_end as usize]
    }

    /// The values of a property.
    pub fn values(&self, p: &Property) -> &[Span] {
        &self.values[p.values_start as usize..p.values_end as usize]
    }

    /// The raw text of a span (escapes still in place).
    pub fn slice(&self, span: Span) -> &'t str {
        &self.text[span.start as usize..span.end as usize]
    }

    /// The identifier normalised as `FF[4]` writes it: upper-case letters only (`AddBlack` → `AB`).
    pub fn ident(&self, p: &Property) -> String {
        self.slice(p.ident).chars().filter(char::is_ascii_uppercase).collect()
    }

    /// The children of node `n`, first to last.
    #[cfg(test)]
    pub(crate) fn children(&self, n: u32) -> Children<'_, 't> {
        Children { collection: self, next: self.nodes[n as usize].first_child }
    }

    /// The first property of node `n` with this id.
    pub fn find(&self, n: u32, id: PropId) -> Option<&Property> {
        self.properties(n).iter().find(|p| p.id == id)
    }

    /// The first value of the first property of node `n` with this id, raw.
    pub fn first_value(&self, n: u32, id: PropId) -> Option<(&'t str, Span)> {
        let p = self.find(n, id)?;
        let span = *self.values(p).first()?;
        Some((self.slice(span), span))
    }
}

/// The children of a node.
#[cfg(test)]
pub(crate) struct Children<'c, 't> {
    collection: &'c Collection<'t>,
    next: u32,
}

#[cfg(test)]
impl Iterator for Children<'_, '_> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        if self.next == NONE {
            return None;
        }
        let n = self.next;
        self.next = self.collection.nodes[n as usize].next_sibling;
        Some(n)
    }
}

/// One open `(`: where its first node hangs, its last node so far, its last variation's first node.
struct Frame {
    attach: u32,
    last: u32,
    last_variation_root: u32,
    closed_child: bool,
    open_offset: u32,
}

/// How far the store had grown when a game tree began: rolling back to it drops that tree.
#[derive(Clone, Copy)]
struct Checkpoint {
    games: usize,
    nodes: usize,
    props: usize,
    values: usize,
}

impl Collection<'_> {
    fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            games: self.games.len(),
            nodes: self.nodes.len(),
            props: self.props.len(),
            values: self.values.len(),
        }
    }

    /// Drops everything scanned since `at`. Trees are stored one after another, so the games before stay whole.
    fn roll_back(&mut self, at: Checkpoint) {
        self.games.truncate(at.games);
        self.nodes.truncate(at.nodes);
        self.props.truncate(at.props);
        self.values.truncate(at.values);
    }
}

/// Scans a whole text. Stops at the first structural error.
pub fn scan<'t>(text: &'t str, limits: &Limits) -> Result<Collection<'t>, SyntaxError> {
    match scan_collection(text, limits) {
        (c, None) => Ok(c),
        (_, Some(e)) => Err(e),
    }
}

/// Files up to this size get arrays sized for a node every 6 bytes (see [`scan_collection`]).
const SMALL_FILE_BYTES: usize = 256 * 1024;

/// Scans a whole text up to its first structural error, and keeps the game trees that were complete before it:
/// in a collection, one broken game does not hide the others. The broken tree itself is dropped whole, and so is
/// a tree that a stray `)` cut short (`NodeAfterTree`): its moves after the `)` would be missing.
pub fn scan_collection<'t>(text: &'t str, limits: &Limits) -> (Collection<'t>, Option<SyntaxError>) {
    let bytes = text.as_bytes();
    // A record of moves alone is a node, a property and a value every 6 or 7 bytes (`;B[pd]`). Sized for that,
    // an ordinary file never regrows the arrays; a large one starts smaller, so that a file of comments or
    // one huge value does not reserve many times its size.
    let per_node = if bytes.len() <= SMALL_FILE_BYTES { 6 } else { 24 };
    let mut c = Collection {
        text,
        games: Vec::new(),
        nodes: Vec::with_capacity(bytes.len() / per_node + 4),
        props: Vec::with_capacity(bytes.len() / per_node.min(12) + 4),
        values: Vec::with_capacity(bytes.len() / per_node.min(10) + 4),
        junk: Vec::new(),
    };
    let mut i = 0;
    let mut junk_start: Option<usize> = None;
    let mut tree_start = c.checkpoint();
    let error = |kind, offset| Some(SyntaxError { kind, offset });
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if b == b'(' {
            let j = skip_ws(bytes, i + 1);
            if bytes.get(j) == Some(&b';') {
                if let Some(start) = junk_start.take() {
                    c.junk.push(Span::new(start, trim_end(bytes, start, i)));
                }
                if c.games.len() >= limits.max_games as usize {
                    return (c, error(SyntaxKind::TooManyGames(limits.max_games), i));
                }
                tree_start = c.checkpoint();
                match scan_tree(&mut c, i, limits) {
                    Ok(end) => i = end,
                    Err(e) => {
                        c.roll_back(tree_start);
                        return (c, Some(e));
                    }
                }
                continue;
            }
            if looks_like_property(bytes, j) {
                return (c, error(SyntaxKind::MissingSemicolon, j));
            }
        }
        // Nodes after a closed tree mean a stray `)` cut the game short: skipping them as junk would drop
        // moves silently.
        if !c.games.is_empty() && junk_start.is_none() && (b == b';' || looks_like_property(bytes, i)) {
            c.roll_back(tree_start);
            return (c, error(SyntaxKind::NodeAfterTree, i));
        }
        junk_start.get_or_insert(i);
        i += 1;
    }
    if let Some(start) = junk_start {
        c.junk.push(Span::new(start, trim_end(bytes, start, bytes.len())));
    }
    if c.games.is_empty() {
        let offset = c.junk.first().map_or(0, |s| s.start as usize);
        return (c, error(SyntaxKind::NoGameTree, offset));
    }
    (c, None)
}

fn skip_ws(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

fn trim_end(bytes: &[u8], start: usize, mut end: usize) -> usize {
    while end > start && bytes[end - 1].is_ascii_whitespace() {
        end -= 1;
    }
    end
}

/// `AB[` or `B [` at `i`: a property where a node should begin.
fn looks_like_property(bytes: &[u8], i: usize) -> bool {
    let mut j = i;
    while j < bytes.len() && bytes[j].is_ascii_uppercase() {
        j += 1;
    }
    j > i && bytes.get(skip_ws(bytes, j)) == Some(&b'[')
}

/// Scans one game tree starting at its `(`; returns the offset after its closing `)`.
fn scan_tree(c: &mut Collection, start: usize, limits: &Limits) -> Result<usize, SyntaxError> {
    let bytes = c.text.as_bytes();
    let err = |kind, offset| Err(SyntaxError { kind, offset });
    let mut stack: Vec<Frame> = Vec::new();
    // A one-letter identifier with one value is within the limits (they are configurable).
    let one_move_fits =
        limits.max_identifier_len >= 1 && limits.max_properties_per_node >= 1 && limits.max_values_per_property >= 1;
    let mut i = start;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b if is_tree_space(b) => i += 1,
            b';' => {
                let Some(top) = stack.last_mut() else { unreachable!("scan_tree starts at '('") };
                if top.closed_child {
                    return err(SyntaxKind::NodeAfterVariation, i);
                }
                if c.nodes.len() >= limits.max_nodes as usize {
                    return err(SyntaxKind::TooManyNodes(limits.max_nodes), i);
                }
                let id = c.nodes.len() as u32;
                let parent = if top.last != NONE { top.last } else { top.attach };
                let is_variation_start = top.last == NONE;
                top.last = id;
                let props_start = c.props.len() as u32;
                // Most nodes are one move and nothing else, `B[xy]` or `W[xy]` followed by the next node or
                // the end of the variation: stored here as `scan_property` would store them, without its scan.
                let node_end = match bytes.get(i + 1..i + 7) {
                    Some(&[letter @ (b'B' | b'W'), b'[', x, y, b']', after])
                        if one_move_fits
                            && !matches!(x, b']' | b'\\')
                            && !matches!(y, b']' | b'\\')
                            && after != b'['
                            && !after.is_ascii_whitespace() =>
                    {
                        let values_start = c.values.len() as u32;
                        c.values.push(Span::new(i + 3, i + 5));
                        let id = if letter == b'B' { PropId::B } else { PropId::W };
                        let ident = Span::new(i + 1, i + 2);
                        c.props.push(Property { id, ident, values_start, values_end: values_start + 1 });
                        i + 6
                    }
                    _ => i + 1,
                };
                c.nodes.push(Node {
                    offset: i as u32,
                    parent,
                    first_child: NONE,
                    next_sibling: NONE,
                    props_start,
                    props_end: c.props.len() as u32,
                });
                if parent == NONE {
                    c.games.push(id);
                } else if is_variation_start && stack.len() >= 2 {
                    let outer = stack.len() - 2;
                    let prev = stack[outer].last_variation_root;
                    if prev == NONE {
                        c.nodes[parent as usize].first_child = id;
                    } else {
                        c.nodes[prev as usize].next_sibling = id;
                    }
                    stack[outer].last_variation_root = id;
                } else {
                    c.nodes[parent as usize].first_child = id;
                }
                i = node_end;
            }
            b'(' => {
                if let Some(top) = stack.last()
                    && top.last == NONE
                {
                    return err(SyntaxKind::EmptyVariation, i);
                }
                if stack.len() >= limits.max_variation_depth as usize {
                    return err(SyntaxKind::TooDeep(limits.max_variation_depth), i);
                }
                let attach = stack.last().map_or(NONE, |t| t.last);
                stack.push(Frame {
                    attach,
                    last: NONE,
                    last_variation_root: NONE,
                    closed_child: false,
                    open_offset: i as u32,
                });
                i += 1;
            }
            b')' => {
                let top = stack.pop().expect("a frame is open while scanning a tree");
                if top.last == NONE {
                    return err(SyntaxKind::EmptyVariation, top.open_offset as usize);
                }
                i += 1;
                match stack.last_mut() {
                    Some(outer) => outer.closed_child = true,
                    None => return Ok(i),
                }
            }
            b'A'..=b'Z' | b'a'..=b'z' => {
                let top = stack.last().expect("a frame is open while scanning a tree");
                if top.last == NONE {
                    return err(SyntaxKind::PropertyOutsideNode, i);
                }
                if top.closed_child {
                    return err(SyntaxKind::NodeAfterVariation, i);
                }
                let node = top.last as usize;
                i = scan_property(c, node, i, limits)?;
            }
            b'[' => return err(SyntaxKind::ValueWithoutIdentifier, i),
            _ => {
                let ch = c.text[i..].chars().next().unwrap_or('\u{FFFD}');
                return err(SyntaxKind::UnexpectedChar(ch), i);
            }
        }
    }
    let opened_at = stack.last().map_or(start, |f| f.open_offset as usize) as u32;
    err(SyntaxKind::UnclosedTree { opened_at, tree_at: start as u32, open: stack.len() as u32 }, bytes.len())
}

/// Scans `Ident[value][value]…` for node `node`; returns the offset after the last value.
fn scan_property(c: &mut Collection, node: usize, start: usize, limits: &Limits) -> Result<usize, SyntaxError> {
    let bytes = c.text.as_bytes();
    let mut i = start;
    let mut upper = [0u8; 8];
    let mut upper_len = 0;
    while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
        if bytes[i].is_ascii_uppercase() {
            if upper_len < upper.len() {
                upper[upper_len] = bytes[i];
            }
            upper_len += 1;
        }
        i += 1;
    }
    let ident = Span::new(start, i);
    if (i - start) as u32 > limits.max_identifier_len {
        return Err(SyntaxError { kind: SyntaxKind::IdentifierTooLong(limits.max_identifier_len), offset: start });
    }
    if upper_len == 0 {
        let word = c.text[start..i].chars().take(20).collect();
        let kind = if bytes.get(skip_ws(bytes, i)) == Some(&b'[') {
            SyntaxKind::LowercaseIdentifier(word)
        } else {
            SyntaxKind::UnexpectedText(word)
        };
        return Err(SyntaxError { kind, offset: start });
    }
    let id = if upper_len <= upper.len() { PropId::from_ident(&upper[..upper_len]) } else { PropId::Other };
    let node_props = c.props.len() as u32 - c.nodes[node].props_start;
    if node_props >= limits.max_properties_per_node {
        return Err(SyntaxError { kind: SyntaxKind::TooManyProperties(limits.max_properties_per_node), offset: start });
    }
    let values_start = c.values.len() as u32;
    loop {
        let j = skip_ws(bytes, i);
        if bytes.get(j) != Some(&b'[') {
            break;
        }
        if c.values.len() as u32 - values_start >= limits.max_values_per_property {
            return Err(SyntaxError { kind: SyntaxKind::TooManyValues(limits.max_values_per_property), offset: j });
        }
        let value_start = j + 1;
        let Some(k) = value_end(bytes, value_start) else {
            return Err(SyntaxError { kind: SyntaxKind::UnterminatedValue, offset: j });
        };
        c.values.push(Span::new(value_start, k));
        i = k + 1;
    }
    let values_end = c.values.len() as u32;
    if values_end == values_start {
        return Err(SyntaxError {
            kind: SyntaxKind::IdentifierWithoutValue(c.text[start..i].to_string()),
            offset: start,
        });
    }
    c.props.push(Property { id, ident, values_start, values_end });
    c.nodes[node].props_end = c.props.len() as u32;
    Ok(i)
}

/// The offset of the `]` that closes a value starting at `start`; an escape (`\]`, `\\`) is skipped whole.
fn value_end(bytes: &[u8], start: usize) -> Option<usize> {
    // Most values are a move's two letters: a few bytes looked at one by one find their end sooner than a
    // call to memchr, which pays off for comments.
    let mut k = start;
    let short_end = bytes.len().min(start + 8);
    while k < short_end {
        match bytes[k] {
            b']' => return Some(k),
            b'\\' => k += 2,
            _ => k += 1,
        }
    }
    // Jump to the next `]` or `\` (memchr searches a word at a time); an escape skips the byte after it.
    loop {
        let found = memchr::memchr2(b']', b'\\', bytes.get(k..).unwrap_or_default())?;
        if bytes[k + found] == b']' {
            return Some(k + found);
        }
        k += found + 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scan_ok(text: &str) -> Collection<'_> {
        scan(text, &Limits::default()).unwrap_or_else(|e| panic!("{text}: {e} at {}", e.offset))
    }

    fn scan_err(text: &str) -> (SyntaxKind, usize) {
        let e = scan(text, &Limits::default()).expect_err(text);
        (e.kind, e.offset)
    }

    #[test]
    fn main_line_and_variations_link_in_order() {
        let c = scan_ok("(;GM[1];B[aa](;W[bb];B[cc])(;W[dd]))");
        assert_eq!(c.games, vec![0]);
        assert_eq!(c.children(0).collect::<Vec<_>>(), vec![1]);
        assert_eq!(c.children(1).collect::<Vec<_>>(), vec![2, 4]);
        assert_eq!(c.children(2).collect::<Vec<_>>(), vec![3]);
        assert_eq!(c.node(4).parent, 1);
        let p = &c.properties(1)[0];
        assert_eq!(p.id, PropId::B);
        assert_eq!(c.slice(c.values(p)[0]), "aa");
    }

    #[test]
    fn one_move_nodes_store_what_the_general_scan_stores() {
        // `;B[xy]` followed by `;`, `(`, `)` or another property takes the short way; a space, a second value,
        // an escape or an empty value after it takes the general scan. Both must give the same tree.
        let c = scan_ok("(;B[aa];W[bb]BL[3](;B[cc] ;W[dd][ee])(;W[\\]a];B[];W[ff]))");
        let moves: Vec<Vec<(PropId, Vec<&str>)>> = (0..c.nodes.len() as u32)
            .map(|n| {
                c.properties(n).iter().map(|p| (p.id, c.values(p).iter().map(|&v| c.slice(v)).collect())).collect()
            })
            .collect();
        let expected: Vec<Vec<(PropId, Vec<&str>)>> = vec![
            vec![(PropId::B, vec!["aa"])],
            vec![(PropId::W, vec!["bb"]), (PropId::Other, vec!["3"])],
            vec![(PropId::B, vec!["cc"])],
            vec![(PropId::W, vec!["dd", "ee"])],
            vec![(PropId::W, vec!["\\]a"])],
            vec![(PropId::B, vec![""])],
            vec![(PropId::W, vec!["ff"])],
        ];
        assert_eq!(moves, expected);
        assert_eq!(c.children(1).collect::<Vec<_>>(), vec![2, 4]);
        assert_eq!(c.node(6).offset, 49);
        assert_eq!(c.slice(c.properties(1)[0].ident), "W");
    }

    #[test]
    fn collections_escapes_and_ff3_identifiers() {
        let c = scan_ok("junk (;C[a \\] b \\\\]AddBlack[aa][bb])\n(;B[])trailing");
        assert_eq!(c.games.len(), 2);
        let props = c.properties(0);
        assert_eq!(c.slice(c.values(&props[0])[0]), "a \\] b \\\\");
        assert_eq!(props[1].id, PropId::AB);
        assert_eq!(c.ident(&props[1]), "AB");
        assert_eq!(c.values(&props[1]).len(), 2);
        assert_eq!(c.junk.len(), 2);
    }

    #[test]
    fn structural_errors_have_their_offsets() {
        assert_eq!(scan_err("(;B[aa]"), (SyntaxKind::UnclosedTree { opened_at: 0, tree_at: 0, open: 1 }, 7));
        assert_eq!(
            scan_err("x (;B[aa](;W[bb])(;W[cc]"),
            (SyntaxKind::UnclosedTree { opened_at: 17, tree_at: 2, open: 2 }, 24)
        );
        assert_eq!(scan_err("(;B[aa)"), (SyntaxKind::UnterminatedValue, 3));
        assert_eq!(scan_err("(;B[aa\\]"), (SyntaxKind::UnterminatedValue, 3));
        assert_eq!(scan_err("(B[aa])"), (SyntaxKind::MissingSemicolon, 1));
        assert_eq!(scan_err("(;B[aa]()"), (SyntaxKind::EmptyVariation, 7));
        assert_eq!(scan_err("(;B[aa] x W[bb])"), (SyntaxKind::UnexpectedText("x".into()), 8));
        assert_eq!(scan_err("(;B[aa] % W[bb])"), (SyntaxKind::UnexpectedChar('%'), 8));
        assert_eq!(scan_err("(;[aa])"), (SyntaxKind::ValueWithoutIdentifier, 2));
        assert_eq!(scan_err("(;B)"), (SyntaxKind::IdentifierWithoutValue("B".into()), 2));
        assert_eq!(scan_err("(;B[aa](;W[bb]);B[cc])"), (SyntaxKind::NodeAfterVariation, 15));
        assert_eq!(scan_err("hello"), (SyntaxKind::NoGameTree, 0));
        assert_eq!(scan_err("(;b[aa])"), (SyntaxKind::LowercaseIdentifier("b".into()), 2));
    }

    #[test]
    fn an_unclosed_tree_names_where_it_opened() {
        let message = |text: &str| {
            let e = scan(text, &Limits::default()).expect_err(text);
            e.message(&LineIndex::new(text))
        };
        assert_eq!(
            message("junk\n(;B[aa]"),
            "unexpected end of file: the game tree opened at 2:1 is never closed with ')'"
        );
        assert_eq!(
            message("(;B[aa]\n(;W[bb])\n(;W[cc]"),
            "unexpected end of file: the variation opened at 3:1 is never closed with ')', nor is the game tree \
             opened at 1:1"
        );
        assert_eq!(
            message("(;B[aa](;W[bb](;B[cc](;W[dd])"),
            "unexpected end of file: the variation opened at 1:15 is never closed with ')', nor are the 2 enclosing it, \
             out to the game tree opened at 1:1"
        );
    }

    #[test]
    fn games_complete_before_an_error_are_kept() {
        // See: #6
        let (c, e) = scan_collection("(;GM[1];B[aa])(;GM[1];B[bb](;W[cc])", &Limits::default());
        assert_eq!(e.map(|e| e.offset), Some(35));
        assert_eq!(c.games, vec![0]);
        assert_eq!(c.nodes.len(), 2);
        assert_eq!(c.slice(c.values(&c.properties(1)[0])[0]), "aa");
        assert_eq!(c.node(1).first_child, NONE);
        // A tree cut short by a stray `)` is dropped with its error; the one before it is kept.
        let (c, e) = scan_collection("(;B[aa])\n(;B[bb]);W[cc])", &Limits::default());
        assert_eq!(e.map(|e| e.kind), Some(SyntaxKind::NodeAfterTree));
        assert_eq!((c.games.len(), c.nodes.len(), c.props.len(), c.values.len()), (1, 1, 1, 1));
        // An error in the first tree keeps nothing.
        let (c, e) = scan_collection("(;B[aa]", &Limits::default());
        assert!(e.is_some() && c.games.is_empty() && c.nodes.is_empty());
    }

    #[test]
    fn a_stray_closing_parenthesis_is_an_error_not_junk() {
        // See: #6 — `;W[bb];B[cc]` must not be dropped as text outside the tree.
        let (kind, offset) = scan_err("(;GM[1];B[aa]);W[bb];B[cc])");
        assert_eq!((kind, offset), (SyntaxKind::NodeAfterTree, 14));
        let (kind, _) = scan_err("(;GM[1];B[aa])W[bb])");
        assert_eq!(kind, SyntaxKind::NodeAfterTree);
        // Ordinary trailing text is still junk.
        assert!(scan("(;GM[1];B[aa])\nThanks for the game!", &Limits::default()).is_ok());
    }

    #[test]
    fn unescaped_bracket_in_a_comment_is_an_error_not_a_move() {
        // `C[he said ]` ends the comment early; "B[aa] oops]" must not become a silent second move.
        let (kind, offset) = scan_err("(;C[he said ] B[aa] oops])");
        assert_eq!(kind, SyntaxKind::UnexpectedText("oops".into()));
        assert_eq!(offset, 20);
    }

    #[test]
    fn limits_stop_the_scan() {
        let limits = Limits { max_nodes: 3, ..Limits::default() };
        let e = scan("(;;;;)", &limits).unwrap_err();
        assert_eq!((e.kind, e.offset), (SyntaxKind::TooManyNodes(3), 4));
        let limits = Limits { max_values_per_property: 2, ..Limits::default() };
        let e = scan("(;AB[aa][bb][cc])", &limits).unwrap_err();
        assert_eq!(e.kind, SyntaxKind::TooManyValues(2));
        let limits = Limits { max_variation_depth: 2, ..Limits::default() };
        assert!(scan("(;(;(;)))", &limits).is_err());
        // The games before the game limit are kept; the error is at the first game over it.
        let limits = Limits { max_games: 2, ..Limits::default() };
        let (c, e) = scan_collection("(;B[aa])(;B[bb])\n(;B[cc])(;B[dd])", &limits);
        assert_eq!(c.games.len(), 2);
        assert_eq!(e.map(|e| (e.kind, e.offset)), Some((SyntaxKind::TooManyGames(2), 17)));
        assert!(scan_collection("(;)(;)", &limits).1.is_none());
    }
}
