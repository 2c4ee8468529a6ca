//! Repairs of a text that does not scan, where there is one reading only: a game tree (or a value) left open at
//! the end of the file is closed there, an empty variation `()` is removed, and a node written `(B[aa]` right
//! after a `(` gets its `;`. Any other structural error has
//! more than one possible reading (where did the comment end? which `)` is the stray one?) and the file is left
//! alone.

use super::code;
use super::edit::Edit;
use super::find::{Fix, last_non_ws_before, skip_ws};
use gotool_sgf::{SyntaxError, SyntaxKind};

/// The fix for a text's first structural error, if there is a safe one.
pub(super) fn repair(text: &str, e: &SyntaxError) -> Option<Fix> {
    let bytes = text.as_bytes();
    let end_of_text = last_non_ws_before(bytes, bytes.len()).map_or(0, |i| i + 1);
    match e.kind {
        SyntaxKind::UnclosedTree { open, .. } if e.offset == bytes.len() => {
            let open = open.max(1) as usize;
            let message = format!(
                "the file ends inside the game tree: {open} ')' added at the end, closing {}",
                if open == 1 {
                    "the game tree".to_string()
                } else {
                    format!("{} variations and the game tree", open - 1)
                }
            );
            let edit = Edit::insert(end_of_text as u32, ")".repeat(open));
            Some(Fix { code: code::CLOSE_TREE, message, at: end_of_text as u32, edits: vec![edit] })
        }
        SyntaxKind::UnterminatedValue => {
            // No `]` anywhere after this `[`: the value runs to the end of the file. A `\` at the very end would
            // escape an added `]`.
            let backslashes = bytes[..end_of_text].iter().rev().take_while(|&&b| b == b'\\').count();
            if backslashes % 2 == 1 {
                return None;
            }
            let message = "the file ends inside a property value: ']' added at the end".to_string();
            let edit = Edit::insert(end_of_text as u32, "]");
            Some(Fix { code: code::CLOSE_TREE, message, at: e.offset as u32, edits: vec![edit] })
        }
        SyntaxKind::EmptyVariation if bytes.get(e.offset) == Some(&b'(') => {
            let close = skip_ws(bytes, e.offset + 1);
            if bytes.get(close) != Some(&b')') {
                return None;
            }
            let start = last_non_ws_before(bytes, e.offset).map_or(e.offset, |i| i + 1);
            let edit = Edit::delete(start as u32, close as u32 + 1);
            let message = "empty variation '()' removed".to_string();
            Some(Fix { code: code::EMPTY_VARIATION, message, at: e.offset as u32, edits: vec![edit] })
        }
        SyntaxKind::MissingSemicolon => {
            // `(B[aa]`: a node whose `;` is missing right after the `(` that opens its tree or variation.
            let before = last_non_ws_before(bytes, e.offset)?;
            if bytes[before] != b'(' {
                return None;
            }
            let message = "a node without its ';' after '(': ';' added".to_string();
            let edit = Edit::insert(e.offset as u32, ";");
            Some(Fix { code: code::MISSING_SEMICOLON, message, at: e.offset as u32, edits: vec![edit] })
        }
        _ => None,
    }
}
