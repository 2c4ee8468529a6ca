//! Pictures of a record's positions: builds render diagrams from a replayed game (final position, the position
//! before a move, the scored position) for `gotool show` and `gotool check --board`, with their titles and
//! captions.

use std::borrow::Cow;

use super::Diagram;
use crate::score_table;
use gotool_go::{Color, Point};
use gotool_model::{GameReport, GameScore};
use gotool_replay::{ReplayOptions, Replayed, position_before_move};
use gotool_sgf::record::{GameRecord, MoveValue};

/// Longest player name a title shows whole; a longer one is cut with `…`, so that the result and the rules
/// after the names stay in view.
const NAME_CHARS: usize = 40;

/// `PB vs PW, RE …, rules …` from the game's report (the renderers escape it).
pub fn title(game: &GameReport) -> String {
    let black = abbreviated(game.black_player.as_deref().unwrap_or("Black"));
    let white = abbreviated(game.white_player.as_deref().unwrap_or("White"));
    let mut title = format!("{black} (B) vs {white} (W)");
    if let Some(re) = game.result_text() {
        title.push_str(&format!(", RE {re}"));
    }
    if let (Some(rules), Some(komi)) = (game.rules, game.komi) {
        title.push_str(&format!(", {rules} rules, komi {komi}"));
    }
    title
}

fn abbreviated(name: &str) -> Cow<'_, str> {
    if name.chars().count() <= NAME_CHARS {
        return Cow::Borrowed(name);
    }
    let mut cut: String = name.chars().take(NAME_CHARS - 1).collect();
    cut.truncate(cut.trim_end().len());
    cut.push('…');
    Cow::Owned(cut)
}

/// The final position of a replayed line, its last move marked.
pub fn final_position(end: &Replayed) -> Diagram {
    let mut diagram = Diagram::from_board(end.game.board());
    diagram.last_move = end.game.last_move().and_then(|(_, p)| p);
    diagram
}

/// The position with a score's dead stones and each side's territory marked, and the margins as its caption.
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
    if let Some(estimate) = &score.estimate {
        diagram.uncertain = estimate.uncertain.iter().flat_map(|group| group.stones.iter().copied()).collect();
    }
    diagram.caption = Some(score_caption(score));
    diagram
}

/// `Japanese W+3.5 · Chinese W+4.5`, and the count under the record's own rules when they are neither
/// (`· AGA W+4.5`).
pub fn score_caption(score: &GameScore) -> String {
    let sc = &score.score;
    let shown = score_table::shown;
    let mut caption = format!("Japanese {} · Chinese {}", shown(&sc.japanese.result), shown(&sc.chinese.result));
    if let Some(own) = &sc.record_rules {
        caption.push_str(&format!(" · {} {}", score_table::title(own.rules), shown(&own.count.result)));
    }
    caption
}

/// The position before move `number` of a game, with that move's point highlighted, the move before it marked,
/// and what move `number` is as the caption (`move 57: B B15`, `move 12: W passes`). `None` when the line cannot
/// be replayed that far.
pub fn before_move(record: &GameRecord, options: &ReplayOptions, number: u32) -> Option<(Diagram, Option<Point>)> {
    let end = position_before_move(record, options, number)?;
    let mut diagram = final_position(&end);
    let next = record.first_move(end.last_node).filter(|_| end.game.moves_played() + 1 == number);
    let point = match next {
        Some((_, MoveValue::Play(p))) => Some(p),
        _ => None,
    };
    diagram.highlight = point;
    diagram.caption = Some(match next {
        Some((color, value)) => move_caption(number, color, value, diagram.height),
        // A node with two moves (`W[dd]B[cc]`) is replayed whole: the position is the one after both.
        None => format!(
            "move {number} shares its node with the move before it: the position after move {}",
            end.game.moves_played()
        ),
    });
    Some((diagram, point))
}

/// `move 57: B B15`, `move 12: W passes`, and what a move that is not a point on the board is.
fn move_caption(number: u32, color: Color, value: MoveValue, height: u8) -> String {
    let color = color.letter();
    match value {
        MoveValue::Play(p) => format!("move {number}: {color} {}", p.to_board_notation(height)),
        MoveValue::Pass => format!("move {number}: {color} passes"),
        MoveValue::OffBoard(p) => format!("move {number}: {color} at {}, off the board", p.to_sgf()),
        MoveValue::Garbled => format!("move {number}: {color}, not a point"),
    }
}
