//! The rules core: board, chains, liberties, captures, ko, superko and rulesets.
//! No I/O, no SGF, no serde, no anyhow: positions and moves in, verdicts out.

mod board;
mod coord;
mod game;
pub mod points;
mod rules;
mod zobrist;

#[cfg(test)]
mod tests;

pub use board::{Board, Loc, MoveContext, Placed};
pub use coord::{Color, MAX_SIDE, Point, column_name};
pub use game::{Game, Illegal, Played};
pub use points::{PointRect, PointSet};
pub use rules::{HandicapBonus, KoRule, Preset, Rules, RulesName, Scoring};
