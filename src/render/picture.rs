//! Pictures of a record's positions: builds render diagrams from a replayed game (final position, the position
//! before a move, the scored position) for `gotool show` and `gotool check --board`.

use super::Diagram;
use crate::go::{Color, Point};
use crate::model::{GameReport, GameScore};
use crate::record::{GameRecord, MoveValue};
use crate::replay::{ReplayOptions, Replayed, position_before_move};

/// `PB vs PW, RE …, rules …` from the game's report (the renderers escape it).
pub fn title(game: &GameReport) -> String {
    let black = game.black_player.as_deref().unwrap_or("Black");
    let white = game.white_player.as_deref().unwrap_or("White");
    let mut title = format!("{black} (B) vs {white} (W)");
    if let Some(re) = game.result_text() {
        title.push_str(&format!(", RE {re}"));
    }
    if let (Some(rules), Some(komi)) = (game.rules, game.komi) {
        title.push_str(&format!(", {rules} rules, komi {komi}"));
    }
    title
}

/// The final position of a replayed line, its last move marked.
pub fn final_position(end: &Replayed) -> Diagram {
    let mut diagram = Diagram::from_board(end.game.board());
    diagram.last_move = end.game.last_move().and_then(|(_, p)| p);
    diagram
}

/// The position with a score's dead stones and each side's territory marked.
pub fn scored_position(end: &Replayed, score: &GameScore) -> Diagram {
    let mut diagram = final_position(end);
    diagram.dead = score.score.dead.to_vec();
    let points = &score.score.points.territory;
    diagram.territory = points
        .black
        .iter()
        .map(|&p| (p, Color::Black))
        .chain(points.white.iter().map(|&p| (p, Color::White)))
        .collect();
    diagram
}

/// The position before move `number` of a game, with that move's point highlighted and the move before it
/// marked. `None` when the line cannot be replayed that far.
pub fn before_move(record: &GameRecord, options: &ReplayOptions, number: u32) -> Option<(Diagram, Option<Point>)> {
    let end = position_before_move(record, options, number)?;
    let mut diagram = final_position(&end);
    let point = match record.first_move(end.last_node) {
        Some((_, MoveValue::Play(p))) if end.game.moves_played() + 1 == number => Some(p),
        _ => None,
    };
    diagram.highlight = point;
    Some((diagram, point))
}
