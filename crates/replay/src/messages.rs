//! What replay says about a move: the message for each way `go` refuses one, and for the warnings a legal move
//! can bring. Each message is written once, here.

use gotool_go::{Color, Illegal, Rules};
use gotool_model::Diagnostic;

/// The error for an illegal move; the line's replay ends with it.
pub(super) fn illegal(illegal: Illegal, rules: &Rules) -> Diagnostic {
    let (code, message) = match illegal {
        Illegal::OffBoard => ("off-board", "the point is off the board".to_string()),
        Illegal::Occupied => ("occupied", "the point is already occupied".to_string()),
        Illegal::Suicide { stones: 1 } => ("suicide", "suicide: the stone would have no liberties".to_string()),
        Illegal::Suicide { stones } => {
            ("suicide", format!("suicide of {stones} stones, illegal under {} rules", rules.name))
        }
        Illegal::Ko => ("ko", "illegal ko recapture".to_string()),
        Illegal::PositionalSuperko { earlier_move } => {
            ("superko", format!("positional superko: recreates the position after move {earlier_move}"))
        }
        Illegal::SituationalSuperko { earlier_move } => (
            "superko",
            format!(
                "situational superko: recreates the position after move {earlier_move} with the same player to move"
            ),
        ),
    };
    Diagnostic::error(code, format!("{message}; the rest of this line was not replayed"))
}

/// A move out of turn; `more` ends the message (see `ListCap`).
pub(super) fn wrong_turn(color: Color, more: &str) -> Diagnostic {
    Diagnostic::warning(
        "wrong-turn",
        format!("{} moved but {} was to play{more}", color.name(), color.opponent().name()),
    )
}

/// Play after two consecutive passes (Japanese rules Art. 9.3: the game is resumed).
pub(super) fn resumed_after_passes() -> Diagnostic {
    Diagnostic::warning("resumed-after-passes", "play continues after two consecutive passes")
}

/// A whole-board position repeated under rules without superko.
pub(super) fn long_cycle(earlier_move: u32, rules: &Rules) -> Diagnostic {
    Diagnostic::warning(
        "long-cycle",
        format!(
            "the whole-board position after move {earlier_move} repeats: a long cycle (e.g. triple ko); under {} rules the game would be void",
            rules.name
        ),
    )
}

/// Keeps a garbled move value printable in a one-line label.
pub(super) fn escape_for_label(value: &str) -> String {
    value.chars().take(16).flat_map(char::escape_debug).collect()
}
