//! Pictures of a record's positions: builds render diagrams from a replayed game (final position, the position
//! before a move, the scored position) for `gotool show` and `gotool check --board`.

use crate::go::{Color, Point};
use crate::render::Diagram;
use crate::replay::{CheckOptions, GameReport, LineEnd, position_before_move};
use crate::score::verdict::GameScore;
use crate::sgf::values::{self as record, MoveValue};
use crate::sgf::{Collection, PropId};

/// The move written in a node, if any: its colour and value.
pub fn move_in_node(c: &Collection, node: u32, width: u8, height: u8) -> Option<(Color, MoveValue)> {
    c.properties(node).iter().find_map(|p| {
        let color = match p.id {
            PropId::B => Color::Black,
            PropId::W => Color::White,
            _ => return None,
        };
        let value = c.values(p).first().map(|&v| c.slice(v))?;
        Some((color, record::parse_move(value, width, height)))
    })
}

/// `PB vs PW, RE …, rules …` from the game's report (the renderers escape it).
pub fn title(game: &GameReport) -> String {
    let black = game.black_player.as_deref().unwrap_or("Black");
    let white = game.white_player.as_deref().unwrap_or("White");
    let mut title = format!("{black} (B) vs {white} (W)");
    if let Some(re) = &game.result_recorded {
        title.push_str(&format!(", RE {re}"));
    }
    if let (Some(rules), Some(komi)) = (&game.rules, game.komi) {
        title.push_str(&format!(", {rules} rules, komi {komi}"));
    }
    title
}

/// The final position of a replayed line, its last move marked.
pub fn final_position(end: &LineEnd) -> Diagram {
    let mut diagram = Diagram::from_board(end.game.board());
    diagram.last_move = end.game.last_move().and_then(|(_, p)| p);
    diagram
}

/// The position with a score's dead stones and each side's territory marked.
pub fn scored_position(end: &LineEnd, score: &GameScore) -> Diagram {
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

/// The position before move `number` of game `index`, with that move's point highlighted and the move before
/// it marked. `None` when the line cannot be replayed that far.
pub fn before_move(
    c: &Collection,
    index: usize,
    options: &CheckOptions,
    number: u32,
) -> Option<(Diagram, Option<Point>)> {
    let end = position_before_move(c, index, options, number)?;
    let mut diagram = final_position(&end);
    let (w, h) = (end.info.width, end.info.height);
    let point = match move_in_node(c, end.last_node, w, h) {
        Some((_, MoveValue::Play(p))) if end.game.moves_played() + 1 == number => Some(p),
        _ => None,
    };
    diagram.highlight = point;
    Some((diagram, point))
}
