//! Diagnostics: what gotool tells a user about a record, with a stable kebab-case code and a place, and the
//! sink that replay and scoring write them into.

use serde::ser::{SerializeSeq, SerializeStruct};
use serde::{Serialize, Serializer};

use gotool_go::{Color, Point};

/// How much a finding matters: an error makes a game invalid, a warning does not, an info is a note.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// A note shown with `--verbose` (missing komi, default rules).
    Info,
    /// Something doubtful that does not make the game invalid.
    Warning,
    /// The game (or file) is not valid: an illegal move, a broken record.
    Error,
}

/// A point on a board of a known height: board notation (`Q16`) counts rows from the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardPoint {
    /// The point, in SGF's orientation (row 0 at the top).
    pub point: Point,
    /// The board's height, which board notation needs.
    pub height: u8,
}

/// One finding. `line`/`column` are filled in from `offset` when the file's report is finished.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    /// How much it matters.
    pub severity: Severity,
    /// Stable kebab-case code (`ko`, `result-mismatch`); `docs/diagnostics.md` lists them.
    pub code: &'static str,
    /// What is wrong, for a person.
    pub message: String,
    /// 1-based number of the move in the replayed line, passes included.
    pub move_number: Option<u32>,
    /// The colour of that move.
    pub color: Option<Color>,
    /// The point the finding is about.
    pub point: Option<BoardPoint>,
    /// A move value as written when it names no point on the board (off the board, garbled), shown in the
    /// point's place.
    pub written: Option<String>,
    /// 1-based line of `offset`.
    pub line: Option<u32>,
    /// 1-based column of `offset`, in characters.
    pub column: Option<u32>,
    /// Further points the finding is about, e.g. every point of a partly marked chain.
    pub points: PointList,
    /// 0 for the main line; with `--all-variations`, the branch in depth-first order.
    pub variation: Option<u32>,
    /// Byte offset in the text, turned into `line`/`column` at the end.
    pub offset: Option<usize>,
}

impl Diagnostic {
    /// A finding with no place yet.
    pub fn new(severity: Severity, code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity,
            code,
            message: message.into(),
            move_number: None,
            color: None,
            point: None,
            written: None,
            line: None,
            column: None,
            points: PointList::default(),
            variation: None,
            offset: None,
        }
    }

    /// An error.
    pub fn error(code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Error, code, message)
    }

    /// A warning.
    pub fn warning(code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Warning, code, message)
    }

    /// A note.
    pub fn info(code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Info, code, message)
    }

    /// At this byte offset of the text.
    pub fn at(mut self, offset: usize) -> Diagnostic {
        self.offset = Some(offset);
        self
    }

    /// Attaches a move: its number, colour and point (`None` = pass) on a board `height` rows tall.
    pub fn on_move(mut self, number: u32, color: Color, point: Option<Point>, height: u8) -> Diagnostic {
        self.move_number = Some(number);
        self.color = Some(color);
        if let Some(p) = point { self.at_point(p, height) } else { self }
    }

    /// About this point of a board `height` rows tall.
    pub fn at_point(mut self, point: Point, height: u8) -> Diagnostic {
        self.point = Some(BoardPoint { point, height });
        self
    }

    /// The point in board notation, e.g. `Q16`.
    pub fn board_notation(&self) -> Option<String> {
        self.point.map(|p| p.point.to_board_notation(p.height))
    }

    /// The point in SGF notation (`pd`), or the value as written when it names no point.
    pub fn sgf_point(&self) -> Option<String> {
        self.point.map(|p| p.point.to_sgf()).or_else(|| self.written.clone())
    }

    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// `move 57 (W Q16 / pd)`, `move 12 (B pass)`, or nothing when no move is attached.
    pub fn move_label(&self) -> Option<String> {
        let number = self.move_number?;
        let color = self.color.map_or('?', Color::letter);
        Some(match (self.board_notation(), self.sgf_point()) {
            (Some(p), Some(s)) => format!("move {number} ({color} {p} / {s})"),
            (None, Some(raw)) => format!("move {number} ({color} {raw})"),
            _ => format!("move {number} ({color} pass)"),
        })
    }
}

impl Serialize for Diagnostic {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let fields = 9 + usize::from(!self.points.is_empty()) + usize::from(self.variation.is_some());
        let mut s = serializer.serialize_struct("Diagnostic", fields)?;
        s.serialize_field("severity", &self.severity)?;
        s.serialize_field("code", self.code)?;
        s.serialize_field("message", &self.message)?;
        s.serialize_field("move", &self.move_number)?;
        s.serialize_field("color", &self.color.map(|c| c.letter().to_string()))?;
        s.serialize_field("point", &self.board_notation())?;
        s.serialize_field("sgf_point", &self.sgf_point())?;
        s.serialize_field("line", &self.line)?;
        s.serialize_field("column", &self.column)?;
        if !self.points.is_empty() {
            s.serialize_field("points", &self.points)?;
        }
        if let Some(v) = self.variation {
            s.serialize_field("variation", &v)?;
        }
        s.end()
    }
}

/// Where replay and scoring put their findings: a list, or nowhere (a line replayed again quietly, whose
/// findings were reported the first time). Findings of a variation are marked with its number.
pub struct Sink<'a> {
    out: Option<&'a mut Vec<Diagnostic>>,
    variation: Option<u32>,
}

impl<'a> Sink<'a> {
    /// Findings go into `out`.
    pub fn into(out: &'a mut Vec<Diagnostic>) -> Sink<'a> {
        Sink { out: Some(out), variation: None }
    }

    /// Findings of variation `variation` (0 = the main line, not marked) go into `out`.
    pub fn variation(out: &'a mut Vec<Diagnostic>, variation: u32) -> Sink<'a> {
        Sink { out: Some(out), variation: (variation > 0).then_some(variation) }
    }

    /// Findings are dropped.
    pub fn quiet() -> Sink<'static> {
        Sink { out: None, variation: None }
    }

    /// Whether findings are dropped.
    pub fn is_quiet(&self) -> bool {
        self.out.is_none()
    }

    /// Keeps `d`, marked with the variation.
    pub fn push(&mut self, mut d: Diagnostic) {
        if let Some(out) = self.out.as_deref_mut() {
            d.variation = self.variation;
            out.push(d);
        }
    }
}

/// Findings of one kind listed one by one up to a cap, so that a hostile record (a wrong turn at every move,
/// thousands of bad values) cannot fill a report: the first [`ListCap::LISTED`] are listed, the next one says
/// that the rest are not, and the rest are dropped.
#[derive(Clone, Copy, Debug, Default)]
pub struct ListCap {
    seen: u32,
}

impl ListCap {
    /// Findings listed before the one that says the rest are not.
    pub const LISTED: u32 = 32;

    /// Counts one more finding of `what` (a plural: `wrong-turn warnings in this line`). `None` when it is not
    /// listed; else the end of its message: empty, or `"; further … are not listed"` on the last one listed.
    pub fn next(&mut self, what: &str) -> Option<String> {
        self.seen = self.seen.saturating_add(1);
        match self.seen {
            n if n <= Self::LISTED => Some(String::new()),
            n if n == Self::LISTED + 1 => Some(format!("; further {what} are not listed")),
            _ => None,
        }
    }
}

/// A list of points that serializes as SGF coordinates (`["pd", "dp"]`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PointList(pub Vec<Point>);

impl std::ops::Deref for PointList {
    type Target = Vec<Point>;

    fn deref(&self) -> &Vec<Point> {
        &self.0
    }
}

impl PointList {
    /// Whether the list has no point.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Serialize for PointList {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for p in &self.0 {
            // As `p.to_sgf()`, without a String per point (a scored board lists hundreds).
            let letters = [Point::sgf_letter(p.x) as u8, Point::sgf_letter(p.y) as u8];
            seq.serialize_element(std::str::from_utf8(&letters).expect("SGF letters are ASCII"))?;
        }
        seq.end()
    }
}

/// Says "`count` things" with the plural the count needs: `1 file`, `2 files`.
pub fn plural(count: usize) -> &'static str {
    if count == 1 { "" } else { "s" }
}
