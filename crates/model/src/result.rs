//! A game's result as its record states it, and margins written the way results are. Margins are always Black
//! minus White.

use std::fmt;

use gotool_go::Color;

/// How a game was won.
#[derive(Clone, Debug, PartialEq)]
pub enum WinBy {
    /// By this many points (never negative).
    Points(f64),
    /// The loser resigned.
    Resignation,
    /// The loser ran out of time.
    Time,
    /// The loser forfeited.
    Forfeit,
    /// `B+` alone, or `B+0`: a win whose margin the record does not give (see `sgf::values::parse_result`).
    Unspecified,
    /// Another reason after the `+`, kept as written (e.g. `Illegal` in CGOS records).
    Other(String),
}

/// A game's outcome as a record states it.
#[derive(Clone, Debug, PartialEq)]
pub enum GameResult {
    /// One colour won.
    Win {
        /// Who won.
        winner: Color,
        /// How.
        by: WinBy,
    },
    /// `0`, `Draw`, `Jigo`.
    Draw,
    /// `Void`: no result (e.g. a long cycle under Japanese rules).
    Void,
    /// `?` or an empty value: the result is unknown.
    Unknown,
    /// Free text that is none of the above, kept as written.
    Other {
        /// The text.
        text: String,
    },
}

impl GameResult {
    /// The margin (Black minus White) a computed score can be checked against: `Some` only for a points win
    /// and for a draw (0).
    pub fn checkable_margin(&self) -> Option<f64> {
        match self {
            GameResult::Win { winner, by: WinBy::Points(p) } => Some(match winner {
                Color::Black => *p,
                Color::White => -*p,
            }),
            GameResult::Draw => Some(0.0),
            _ => None,
        }
    }
}

impl fmt::Display for GameResult {
    /// The normalised SGF form: `B+3.5`, `W+R`, `B+T`, `B+F`, `B+`, `0`, `Void`, `?`, or the free text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Win { winner, by } => {
                let w = winner.letter();
                match by {
                    WinBy::Points(p) => write!(f, "{w}+{p}"),
                    WinBy::Resignation => write!(f, "{w}+R"),
                    WinBy::Time => write!(f, "{w}+T"),
                    WinBy::Forfeit => write!(f, "{w}+F"),
                    WinBy::Unspecified => write!(f, "{w}+"),
                    WinBy::Other(reason) => write!(f, "{w}+{reason}"),
                }
            }
            GameResult::Draw => f.write_str("0"),
            GameResult::Void => f.write_str("Void"),
            GameResult::Unknown => f.write_str("?"),
            GameResult::Other { text } => f.write_str(text),
        }
    }
}

/// The result a record states: its text as written (unescaped) and what it means.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordedResult {
    /// The text, e.g. `W+3.5`; reports show it as written.
    pub text: String,
    /// What the text says.
    pub outcome: GameResult,
    /// The record writes results in Chinese zi (half-points, GoGoD): a margin of 0.25 means half a point.
    pub in_zi: bool,
    /// Byte offset of the value in the source text, where a user would correct it.
    pub offset: Option<usize>,
}

impl RecordedResult {
    /// The margin in points (Black minus White) to check a count against, zi converted; `None` when the
    /// result gives no count (resignation, time, unknown).
    pub fn margin(&self) -> Option<f64> {
        let margin = self.outcome.checkable_margin()?;
        Some(if self.in_zi { margin * 2.0 } else { margin })
    }
}

/// The result string for a computed margin: `B+3.5`, `W+0.5`, or `0` for a draw.
pub fn format_margin(margin: f64) -> String {
    if margin.abs() < 1e-9 {
        "0".to_string()
    } else if margin > 0.0 {
        format!("B+{}", Points(margin))
    } else {
        format!("W+{}", Points(-margin))
    }
}

/// A positive number of points as `{}` writes an `f64` (shortest form, no exponent). Nearly every margin is a
/// whole or a half number (komi is), which is written as an integer and `.5` without the float formatter.
struct Points(f64);

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let twice = self.0 * 2.0;
        // Below 2^52 a half-integer is exact, and its whole part fits an integer.
        if twice == twice.trunc() && self.0 < 4.0e15 {
            let whole = self.0.trunc() as u64;
            if self.0 == self.0.trunc() { write!(f, "{whole}") } else { write!(f, "{whole}.5") }
        } else {
            write!(f, "{}", self.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn margins_format_like_results() {
        assert_eq!(format_margin(3.5), "B+3.5");
        assert_eq!(format_margin(-0.5), "W+0.5");
        assert_eq!(format_margin(0.0), "0");
        assert_eq!(format_margin(-7.0), "W+7");
    }

    #[test]
    fn margins_format_as_floats_do() {
        // Whole and half numbers take a path of their own; every margin must read as `{}` writes the float.
        let mut margins = vec![0.25, 0.75, 1.125, 3.3, 1e-3, 4.0e15, 4.5e15, 1e16, 1e300, 123_456_789_012.5];
        margins.extend((1..2000).map(|k| f64::from(k) * 0.5));
        margins.extend((0..52).map(|k| 2f64.powi(k) + 0.5));
        for m in margins {
            assert_eq!(format_margin(m), format!("B+{m}"), "{m}");
            assert_eq!(format_margin(-m), format!("W+{m}"), "{m}");
        }
    }

    #[test]
    fn zi_results_count_double() {
        let result = |in_zi| RecordedResult {
            text: "W+0.25".into(),
            outcome: GameResult::Win { winner: Color::White, by: WinBy::Points(0.25) },
            in_zi,
            offset: None,
        };
        assert_eq!(result(true).margin(), Some(-0.5));
        assert_eq!(result(false).margin(), Some(-0.25));
    }
}
