//! The game record every reader produces and replay consumes: what the root says about the game, and the tree of
//! nodes with their moves, setup and markup, each with its place (a byte offset) in the text it was read from.
//! Format-neutral: the SGF reader (`sgf::read`) fills it today, other formats can fill the same type, and
//! replay and scoring never look at the text's syntax.
//!
//! Values are kept as readers found them, malformed ones included (a move that names no point, a setup value
//! off the board), so that replay reports each where the game reaches it.

use std::ops::Range;

use gotool_go::{Color, Point, PointRect, Rules};
use gotool_model::{Diagnostic, RecordedResult};

/// "No node": the end of a sibling list, a root's parent.
pub const NONE: u32 = u32::MAX;

/// One game, read.
#[derive(Clone, Debug)]
pub struct GameRecord<'t> {
    /// The text the game was read from: the byte offsets and [`TextSpan`]s point into it.
    text: &'t str,
    /// What the root says; `None` when the game cannot be replayed at all (not Go, a bad board size), the reason
    /// being in `findings`.
    pub info: Option<GameInfo>,
    /// Findings about the game information, in the order the reader met them.
    pub findings: Vec<InfoFinding>,
    /// The nodes in the order written (depth first); node 0 is the root.
    pub nodes: Vec<Node>,
    items: Vec<Item>,
    rects: Vec<PointRect>,
    bad_values: Vec<BadValue>,
    markups: Vec<(u32, Markup)>,
}

/// Everything the root says about a game.
#[derive(Clone, Debug)]
pub struct GameInfo {
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
    /// The ruleset the record names (`RU`), mapped; Japanese, not recognised, when it names none.
    pub rules: RecordRules,
    /// The komi (`KM`) after reading its dialects, `None` when missing or unreadable.
    pub komi: Option<Komi>,
    /// `KM` is written: with `komi` `None`, it could not be read (`bad-komi`); without, it is missing (`no-komi`).
    pub komi_written: bool,
    /// Handicap stones (`HA`), when the record declares a handicap of 2 or more.
    pub handicap: Option<Handicap>,
    /// The result (`RE`).
    pub result: Option<RecordedResult>,
    /// Black's name (`PB`).
    pub black_player: Option<String>,
    /// White's name (`PW`).
    pub white_player: Option<String>,
    /// The year the game was played (`DT`'s first four-digit number), `None` when `DT` is missing or names none.
    pub year: Option<u16>,
}

/// The rules a record names.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordRules {
    /// The ruleset gotool checks them as (Japanese for one it does not know).
    pub rules: Rules,
    /// Whether the name is one gotool knows (`false`: a missing or unknown `RU`, checked as Japanese).
    pub recognised: bool,
    /// `RU` is written (and not empty): with `recognised` false, it names rules gotool does not know.
    pub written: bool,
}

/// Komi after normalising the dialects real records use (rules.md section 3).
#[derive(Clone, Debug, PartialEq)]
pub struct Komi {
    /// Points White receives.
    pub value: f64,
    /// How the written value was changed, for a `normalised-komi` note.
    pub normalised_from: Option<String>,
    /// The value was in Chinese zi (half-points) and was doubled.
    pub in_zi: bool,
}

/// A declared handicap.
#[derive(Clone, Debug, PartialEq)]
pub struct Handicap {
    /// Handicap stones: 0 or 1 mean an even game.
    pub stones: u32,
    /// The declaration as written, for messages (`HA[3]`).
    pub written: String,
    /// Byte offset of the declaration's value.
    pub offset: usize,
}

/// What a finding about the game information is about: a finding about the rules or the komi no longer
/// applies when the user gives them (`--rules`, `--komi`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InfoField {
    /// The game as a whole: its type, format version, board size.
    Game,
    /// The ruleset.
    Rules,
    /// The komi.
    Komi,
    /// The handicap.
    Handicap,
}

/// A finding about the game information.
#[derive(Clone, Debug)]
pub struct InfoFinding {
    /// What it is about.
    pub about: InfoField,
    /// The finding.
    pub diagnostic: Diagnostic,
}

/// A node of the game tree.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// Byte offset where the node starts in the text (SGF's `;`).
    pub offset: u32,
    /// The parent, [`NONE`] for the root.
    pub parent: u32,
    /// The first child, [`NONE`] for the last node of a line.
    pub first_child: u32,
    /// The next child of the same parent, [`NONE`] for the last.
    pub next_sibling: u32,
    /// The node's items, `start..end` in the record's list.
    pub items: (u32, u32),
}

/// A piece of the source text, as byte offsets: a value as written, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextSpan {
    /// Offset of the first byte.
    pub start: u32,
    /// Offset after the last byte.
    pub end: u32,
}

/// A root property that only the root node may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootProperty {
    /// Board size.
    Size,
    /// Handicap.
    Handicap,
    /// Komi.
    Komi,
}

impl RootProperty {
    /// The SGF property.
    pub fn property(self) -> &'static str {
        match self {
            RootProperty::Size => "SZ",
            RootProperty::Handicap => "HA",
            RootProperty::Komi => "KM",
        }
    }
}

/// A move value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveValue {
    /// No stone played.
    Pass,
    /// A stone on this point of the board.
    Play(Point),
    /// Two coordinate letters outside the board.
    OffBoard(Point),
    /// Not a point at all (`e1`, `abc`, `a`).
    Garbled,
}

/// Which setup a setup property does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupKind {
    /// Black stones (`AB`).
    Black,
    /// White stones (`AW`).
    White,
    /// Points cleared (`AE`).
    Empty,
}

impl SetupKind {
    /// 0, 1, 2 for black, white, empty: an index into a setup's three sets of points.
    pub fn index(self) -> usize {
        match self {
            SetupKind::Black => 0,
            SetupKind::White => 1,
            SetupKind::Empty => 2,
        }
    }

    /// The SGF property that does it.
    pub fn property(self) -> &'static str {
        match self {
            SetupKind::Black => "AB",
            SetupKind::White => "AW",
            SetupKind::Empty => "AE",
        }
    }
}

/// A value that cannot be used where it stands, with its diagnostic code and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadValue {
    /// `bad-coordinate` or `off-board`.
    pub code: &'static str,
    /// What is wrong with it.
    pub what: String,
    /// Byte offset of the value.
    pub offset: u32,
}

/// What a node says, in the order written. Kept small (16 bytes): a record holds one per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    /// A move.
    Move {
        /// Who plays.
        color: Color,
        /// The (first) value.
        value: MoveValue,
        /// The property holds more than one value: which one was played?
        several_values: bool,
        /// The value as written, for messages about a value that is not a point; with several values, all of
        /// them from the first's start to the last's end (`dd][cc`).
        written: TextSpan,
    },
    /// Setup stones or cleared points.
    Setup {
        /// Which setup.
        kind: SetupKind,
        /// The points, as rectangles (SGF's compressed point lists): see [`GameRecord::rects`].
        rects: (u32, u32),
        /// The first value that is not a point on the board, which stops the setup: an index into
        /// [`RecordParts::bad_values`], or [`NONE`].
        bad: u32,
    },
    /// The player to move (`PL`).
    PlayerToMove {
        /// The colour, `None` when the value names none.
        color: Option<Color>,
        /// The value as written (its start is the value's offset).
        written: TextSpan,
        /// Byte offset of the property.
        offset: u32,
    },
    /// A property that belongs in the root node only, found in another: ignored.
    MisplacedRootProperty {
        /// Which.
        property: RootProperty,
        /// Byte offset of the property.
        offset: u32,
    },
}

/// A node's territory markup (`TB`/`TW`): KGS/CGoban, OGS and others mark territory and dead stones on the
/// final node.
#[derive(Clone, Debug, PartialEq)]
pub struct Markup {
    /// Points marked Black's and White's, each sorted as [`Point`] sorts.
    pub marks: [Vec<Point>; 2],
    /// Values that are not points on the board (`bad-markup` warnings), the first few listed.
    pub findings: Vec<Diagnostic>,
}

/// The pieces of a record, as a reader fills them; [`GameRecord::new`] puts them together.
#[derive(Clone, Debug, Default)]
pub struct RecordParts {
    /// The nodes in the order written (depth first); node 0 is the root.
    pub nodes: Vec<Node>,
    /// Every node's items, node after node: see [`Node::items`].
    pub items: Vec<Item>,
    /// The rectangles of the setup items.
    pub rects: Vec<PointRect>,
    /// Values that stop a setup, by [`Item::Setup`]'s `bad`.
    pub bad_values: Vec<BadValue>,
    /// Territory markup by node, in node order.
    pub markups: Vec<(u32, Markup)>,
}

impl<'t> GameRecord<'t> {
    /// A record of a game read from `text`.
    pub fn new(
        text: &'t str,
        info: Option<GameInfo>,
        findings: Vec<InfoFinding>,
        parts: RecordParts,
    ) -> GameRecord<'t> {
        let RecordParts { nodes, items, rects, bad_values, markups } = parts;
        GameRecord { text, info, findings, nodes, items, rects, bad_values, markups }
    }

    /// A bad value of a setup item.
    pub fn bad_value(&self, index: u32) -> Option<&BadValue> {
        self.bad_values.get(index as usize)
    }

    /// The text of a span.
    pub fn text(&self, span: TextSpan) -> &'t str {
        &self.text[span.start as usize..span.end as usize]
    }

    /// Node `n`.
    pub fn node(&self, n: u32) -> &Node {
        &self.nodes[n as usize]
    }

    /// What node `n` says, in the order written.
    pub fn items(&self, n: u32) -> &[Item] {
        self.items_of(&self.nodes[n as usize])
    }

    /// What a node of this record says, in the order written.
    pub fn items_of(&self, node: &Node) -> &[Item] {
        &self.items[node.items.0 as usize..node.items.1 as usize]
    }

    /// The rectangles of a setup item.
    pub fn rects(&self, range: (u32, u32)) -> &[PointRect] {
        &self.rects[Range { start: range.0 as usize, end: range.1 as usize }]
    }

    /// Node `n`'s territory markup, if it has any.
    pub fn markup(&self, n: u32) -> Option<&Markup> {
        let i = self.markups.binary_search_by_key(&n, |(node, _)| *node).ok()?;
        Some(&self.markups[i].1)
    }

    /// The first move written in node `n`: its colour and value.
    pub fn first_move(&self, n: u32) -> Option<(Color, MoveValue)> {
        self.items(n).iter().find_map(|item| match item {
            Item::Move { color, value, .. } => Some((*color, *value)),
            _ => None,
        })
    }
}
