//! The SGF `RE` (result) value: reading every form records use, and checking a recorded result against a computed
//! margin. Margins are always Black minus White.
//!
//! Forms (SGF FF[4] `RE`, rules.md section 3, and what servers write in practice): `B+3.5`, `W+0.5`, `B+R` /
//! `B+Resign`, `B+T` / `B+Time`, `B+F` / `B+Forfeit`, `B+` (a win, margin not given), `0` / `Draw` / `Jigo`,
//! `Void`, `?`, any letter case. Anything else (`Black resigns. W 133.5 B 81.0`, `B+1.5 ? W+timeout`) is kept as
//! [`GameResult::Other`]. Zi results (`W+0.25` in GoGoD Chinese records) are read as written: converting them is
//! the record layer's business.

use crate::go::Color;
use serde::Serialize;
use std::fmt;

/// How a game was won.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "by", content = "detail")]
pub enum WinBy {
    /// By this many points (never negative).
    Points(f64),
    Resignation,
    Time,
    Forfeit,
    /// `B+` alone: a win whose margin the record does not give.
    Unspecified,
    /// Another reason after the `+`, kept as written (e.g. `Illegal` in CGOS records).
    Other(String),
}

/// A parsed `RE` value.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum GameResult {
    Win {
        winner: ColorName,
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
        text: String,
    },
}

/// A colour that serializes as `"black"` / `"white"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ColorName {
    Black,
    White,
}

impl From<Color> for ColorName {
    fn from(c: Color) -> Self {
        match c {
            Color::Black => ColorName::Black,
            Color::White => ColorName::White,
        }
    }
}

impl From<ColorName> for Color {
    fn from(c: ColorName) -> Self {
        match c {
            ColorName::Black => Color::Black,
            ColorName::White => Color::White,
        }
    }
}

/// Reads an `RE` value. Never fails: what it does not recognise becomes [`GameResult::Other`].
pub fn parse_result(text: &str) -> GameResult {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    match lower.as_str() {
        "" | "?" => return GameResult::Unknown,
        "0" | "draw" | "jigo" => return GameResult::Draw,
        "void" => return GameResult::Void,
        _ => {}
    }
    let other = || GameResult::Other { text: t.to_string() };
    let Some((who, how)) = lower.split_once('+') else { return other() };
    let winner = match who.trim() {
        "b" | "black" => ColorName::Black,
        "w" | "white" => ColorName::White,
        _ => return other(),
    };
    let how = how.trim();
    let by = match how {
        "" => WinBy::Unspecified,
        "r" | "res" | "resign" | "resigned" | "resignation" => WinBy::Resignation,
        "t" | "time" | "timeout" => WinBy::Time,
        "f" | "forfeit" => WinBy::Forfeit,
        _ => match parse_points(how) {
            Some(points) => WinBy::Points(points),
            // A reason after the `+` that is a single word (`Illegal`) is a win for another reason; anything
            // longer is free text.
            None if how.bytes().all(|b| b.is_ascii_alphabetic()) => {
                WinBy::Other(t.split_once('+').map_or(how, |(_, r)| r.trim()).to_string())
            }
            None => return other(),
        },
    };
    GameResult::Win { winner, by }
}

/// A non-negative decimal number as results write it (`3.5`, `12.50`, `0`); no signs, exponents or `inf`.
fn parse_points(s: &str) -> Option<f64> {
    let digits = s.bytes().filter(u8::is_ascii_digit).count();
    let dots = s.bytes().filter(|&b| b == b'.').count();
    if digits == 0 || dots > 1 || digits + dots != s.len() {
        return None;
    }
    s.parse().ok()
}

impl GameResult {
    /// The margin (Black minus White) a computed score can be checked against: `Some` only for a points win
    /// and for a draw (0).
    pub fn checkable_margin(&self) -> Option<f64> {
        match self {
            GameResult::Win { winner, by: WinBy::Points(p) } => Some(match winner {
                ColorName::Black => *p,
                ColorName::White => -*p,
            }),
            GameResult::Draw => Some(0.0),
            _ => None,
        }
    }

    /// The winner, if the result names one.
    pub fn winner(&self) -> Option<Color> {
        match self {
            GameResult::Win { winner, .. } => Some((*winner).into()),
            _ => None,
        }
    }
}

/// Does the recorded result agree with a computed margin (Black minus White)? `None` when the result has no
/// margin to check (resignation, time, `B+`, void, unknown, free text). Agreement means the same winner (or both
/// a draw) and margins within 1e-6.
pub fn result_matches(recorded: &GameResult, margin: f64) -> Option<bool> {
    recorded.checkable_margin().map(|m| (m - margin).abs() < 1e-6)
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

impl fmt::Display for GameResult {
    /// The normalised SGF form: `B+3.5`, `W+R`, `B+T`, `B+F`, `B+`, `0`, `Void`, `?`, or the free text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Win { winner, by } => {
                let w = Color::from(*winner).letter();
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

#[cfg(test)]
mod tests {
    use super::*;

    fn win(winner: ColorName, by: WinBy) -> GameResult {
        GameResult::Win { winner, by }
    }

    #[test]
    fn numeric_results_in_any_case() {
        assert_eq!(parse_result("B+3.5"), win(ColorName::Black, WinBy::Points(3.5)));
        assert_eq!(parse_result("W+0.5"), win(ColorName::White, WinBy::Points(0.5)));
        assert_eq!(parse_result("w+12.50"), win(ColorName::White, WinBy::Points(12.5)));
        assert_eq!(parse_result(" b+7 "), win(ColorName::Black, WinBy::Points(7.0)));
        assert_eq!(parse_result("B+0.0").checkable_margin(), Some(0.0));
    }

    #[test]
    fn resignation_time_forfeit_and_bare_wins() {
        for (text, winner, by) in [
            ("B+R", ColorName::Black, WinBy::Resignation),
            ("W+Resign", ColorName::White, WinBy::Resignation),
            ("w+resign", ColorName::White, WinBy::Resignation),
            ("B+T", ColorName::Black, WinBy::Time),
            ("W+Time", ColorName::White, WinBy::Time),
            ("B+F", ColorName::Black, WinBy::Forfeit),
            ("W+Forfeit", ColorName::White, WinBy::Forfeit),
            ("B+", ColorName::Black, WinBy::Unspecified),
            ("B+Illegal", ColorName::Black, WinBy::Other("Illegal".into())),
        ] {
            assert_eq!(parse_result(text), win(winner, by), "{text}");
            assert_eq!(parse_result(text).checkable_margin(), None, "{text}");
        }
    }

    #[test]
    fn draws_void_unknown_and_free_text() {
        for text in ["0", "Draw", "draw", "Jigo", "JIGO"] {
            assert_eq!(parse_result(text), GameResult::Draw, "{text}");
            assert_eq!(parse_result(text).checkable_margin(), Some(0.0));
        }
        assert_eq!(parse_result("Void"), GameResult::Void);
        assert_eq!(parse_result("?"), GameResult::Unknown);
        assert_eq!(parse_result(""), GameResult::Unknown);
        for text in ["Black resigns. W 133.5 B 81.0", "B+1.5 ? W+timeout", "has adjourned.", "B+-3", "B+1e3"] {
            assert!(matches!(parse_result(text), GameResult::Other { .. }), "{text}");
            assert_eq!(parse_result(text).checkable_margin(), None, "{text}");
        }
    }

    #[test]
    fn checkable_margins_are_black_minus_white() {
        assert_eq!(parse_result("W+3.5").checkable_margin(), Some(-3.5));
        assert_eq!(parse_result("B+3.5").checkable_margin(), Some(3.5));
        assert_eq!(result_matches(&parse_result("W+3.5"), -3.5), Some(true));
        assert_eq!(result_matches(&parse_result("B+3.5"), -3.5), Some(false));
        assert_eq!(result_matches(&parse_result("W+3.5"), -4.5), Some(false));
        assert_eq!(result_matches(&parse_result("0"), 0.0), Some(true));
        assert_eq!(result_matches(&parse_result("Draw"), 0.5), Some(false));
        assert_eq!(result_matches(&parse_result("B+R"), 10.0), None);
    }

    #[test]
    fn margins_format_like_results() {
        assert_eq!(format_margin(3.5), "B+3.5");
        assert_eq!(format_margin(-0.5), "W+0.5");
        assert_eq!(format_margin(0.0), "0");
        assert_eq!(format_margin(-7.0), "W+7");
        assert_eq!(parse_result("w+resign").to_string(), "W+R");
        assert_eq!(parse_result("Jigo").to_string(), "0");
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
}
