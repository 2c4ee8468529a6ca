//! Diagnostics: what gotool tells a user about a record, with a stable kebab-case code and a place.

use serde::Serialize;

use crate::go::{Color, Point};
use crate::score::PointList;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Info,
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// One finding. `line`/`column` are filled in from `offset` when the file's report is finished.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Diagnostic {
    pub severity: Severity,
    pub code: &'static str,
    pub message: String,
    /// 1-based number of the move in the replayed line, passes included.
    #[serde(rename = "move")]
    pub move_number: Option<u32>,
    pub color: Option<String>,
    /// Board notation, e.g. `Q16`.
    pub point: Option<String>,
    /// SGF notation, e.g. `pd`.
    pub sgf_point: Option<String>,
    pub line: Option<u32>,
    pub column: Option<u32>,
    /// Further points the finding is about, e.g. every point of a partly marked chain. Kept as points (two bytes
    /// each) and written in SGF notation only when the report is serialized.
    #[serde(skip_serializing_if = "PointList::is_empty")]
    pub points: PointList,
    /// 0 for the main line; with `--all-variations`, the branch in depth-first order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variation: Option<u32>,
    #[serde(skip)]
    pub offset: Option<usize>,
}

impl Diagnostic {
    pub fn new(severity: Severity, code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity,
            code,
            message: message.into(),
            move_number: None,
            color: None,
            point: None,
            sgf_point: None,
            line: None,
            column: None,
            points: PointList::default(),
            variation: None,
            offset: None,
        }
    }

    pub fn error(code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Error, code, message)
    }

    pub fn warning(code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Warning, code, message)
    }

    pub fn info(code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Info, code, message)
    }

    pub fn at(mut self, offset: usize) -> Diagnostic {
        self.offset = Some(offset);
        self
    }

    /// Attaches a move: its number, colour and point (`None` = pass) on a board `height` rows tall.
    pub fn on_move(mut self, number: u32, color: Color, point: Option<Point>, height: u8) -> Diagnostic {
        self.move_number = Some(number);
        self.color = Some(color.letter().to_string());
        if let Some(p) = point { self.at_point(p, height) } else { self }
    }

    pub fn at_point(mut self, point: Point, height: u8) -> Diagnostic {
        self.point = Some(point.to_board_notation(height));
        self.sgf_point = Some(point.to_sgf());
        self
    }

    /// `move 57 (W Q16 / pd)`, `move 12 (B pass)`, or nothing when no move is attached.
    pub fn move_label(&self) -> Option<String> {
        let number = self.move_number?;
        let color = self.color.as_deref().unwrap_or("?");
        Some(match (&self.point, &self.sgf_point) {
            (Some(p), Some(s)) => format!("move {number} ({color} {p} / {s})"),
            (None, Some(raw)) => format!("move {number} ({color} {raw})"),
            _ => format!("move {number} ({color} pass)"),
        })
    }
}
