//! The writers: text, JSON, JSON Lines and GitHub annotations, each printing the report model (`model`) to a
//! `Write` it is handed; only `main.rs` knows about the real stdout.

pub mod fix;
pub mod github;
pub mod json;
pub mod score_table;
pub mod text;

use std::borrow::Cow;
use std::io;

use crate::model::{FileReport, Summary};

/// Receives file reports in input order, then the summary.
pub trait Reporter {
    /// One file, in input order.
    fn file(&mut self, report: &FileReport) -> io::Result<()>;
    /// The end of the run.
    fn finish(&mut self, summary: &Summary) -> io::Result<()>;
    /// Pushes what was written so far on to the terminal or file (while a progress bar waits to be drawn again).
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Makes record text safe for a terminal: control characters and escape sequences are shown escaped
/// (`\u{1b}`), so a crafted player name cannot move the cursor or recolour the screen.
pub fn escape_terminal(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| c.is_control() || is_bidi_control(c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() || is_bidi_control(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Unicode bidirectional overrides can make a line read differently from what it holds.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_reach_the_terminal_escaped() {
        assert_eq!(escape_terminal("Lee Sedol"), "Lee Sedol");
        assert_eq!(escape_terminal("a\x1b[31mred"), "a\\u{1b}[31mred");
        assert_eq!(escape_terminal("x\ny"), "x\\u{a}y");
    }
}
