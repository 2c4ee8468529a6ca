//! Scoring a replayed game: decides whether it is finished, takes its dead stones from the final node's
//! `TB`/`TW` markup (or `--dead`), counts the final position, and checks the record's `RE` against the counts
//! (rules.md section 3: only numeric results can be checked; say which count was used). Adds its findings to the
//! game's report.

use super::{ScoreInput, score};
use crate::go::{Board, Color, HandicapBonus, Point, RulesName};
use crate::model::{
    Count, DeadSource, Diagnostic, GameReport, GameResult, GameScore, Method, PointList, RecordedResult, Score, Side,
    WinBy, format_margin,
};
use crate::record::GameRecord;
use crate::replay::{GameSettings, Replayed};

/// Points a diagnostic lists (an open border can be hundreds).
const MAX_POINTS_IN_DIAGNOSTIC: usize = 32;

/// How to score (from the command line).
#[derive(Clone, Debug, Default)]
pub struct ScoreOptions {
    /// `--dead`: points in board notation (`D4`) or SGF (`dd`); each marks its whole chain. Overrides markup.
    pub dead: Option<Vec<String>>,
    /// `--handicap-bonus`.
    pub handicap_bonus: Option<HandicapBonus>,
    /// `--force`: score games that did not end by passes and have neither markup nor a counted result.
    pub force: bool,
    /// Report findings about the final position (open dame, markup) as notes, not warnings: `check` scores
    /// finished games as a courtesy, and its warnings are about the record's validity.
    pub position_findings_as_notes: bool,
}

/// Reads a `--dead` point for a board of this size.
pub fn parse_dead_point(text: &str, width: u8, height: u8) -> Option<Point> {
    if text.bytes().any(|b| b.is_ascii_digit()) {
        Point::from_board_notation(text, width, height)
    } else {
        Point::from_sgf(text.trim(), width, height)
    }
}

/// Scores the game if it is finished (or `force`), attaching the score and findings to `report`.
pub fn score_game(record: &GameRecord, report: &mut GameReport, end: &Replayed, options: &ScoreOptions) {
    let settings = &end.settings;
    let (w, h) = (settings.width, settings.height);
    let node_offset = record.node(end.last_node).offset as usize;
    if end.stopped_early {
        report.diagnostics.push(Diagnostic::info("not-scored", "not scored: the replay stopped at an illegal move"));
        return;
    }

    let markup = record.markup(end.last_node);
    if let Some(markup) = markup {
        report.diagnostics.extend(markup.findings.iter().cloned());
    }
    let marks = markup.map(|m| &m.marks);

    let recorded = record.info.as_ref().and_then(|info| info.result.as_ref());
    let counted_result = recorded.is_some_and(|r| r.outcome.checkable_margin().is_some());
    let finished = report.ended_by_passes || marks.is_some() || counted_result;
    if !finished && !options.force {
        report.diagnostics.push(Diagnostic::info(
            "not-scored",
            format!(
                "not scored: {}, the game did not end with two passes and has no territory markup (--force scores it anyway)",
                why_not_counted(recorded)
            ),
        ));
        return;
    }

    let board = end.game.board();
    let (dead, dead_source) = match &options.dead {
        Some(list) => {
            let mut dead = Vec::new();
            for item in list {
                match parse_dead_point(item, w, h) {
                    Some(p) => dead.push(p),
                    None => report.diagnostics.push(Diagnostic::warning(
                        "bad-dead-point",
                        format!("--dead {item}: not a point on the {w}x{h} board; ignored"),
                    )),
                }
            }
            (dead, DeadSource::Cli)
        }
        None if let Some(marks) = marks => (dead_from_marks(board, marks), DeadSource::Record),
        None => {
            report.diagnostics.push(Diagnostic::info(
                "no-dead-stone-info",
                "no territory markup and no --dead: every stone is counted alive",
            ));
            (Vec::new(), DeadSource::None)
        }
    };

    let game = &end.game;
    let input = ScoreInput {
        board,
        dead: &dead,
        dead_from_markup: dead_source == DeadSource::Record,
        territory_marks: marks.map(|[b, w]| (b.as_slice(), w.as_slice())),
        prisoners: [game.prisoners(Color::Black), game.prisoners(Color::White)],
        placed: [game.stones_placed(Color::Black), game.stones_placed(Color::White)],
        komi: settings.komi,
        handicap: settings.handicap,
        rules: &settings.rules,
        handicap_bonus: options.handicap_bonus,
    };
    let scored = score(&input);
    for warning in &scored.warnings {
        let mut d = if options.position_findings_as_notes {
            Diagnostic::info(warning.code, warning.message.clone())
        } else {
            Diagnostic::warning(warning.code, warning.message.clone())
        }
        .at(node_offset);
        // The full list is in the score's `points`; a diagnostic names the first few.
        d.points = PointList(warning.points.iter().take(MAX_POINTS_IN_DIAGNOSTIC).copied().collect());
        if let Some(&first) = warning.points.first() {
            d = d.at_point(first, h);
        }
        report.diagnostics.push(d);
    }

    let (matches_record, checked_against) = match recorded.and_then(RecordedResult::margin) {
        Some(margin) => {
            let (matches, against) = check_result(margin, &scored, settings);
            (Some(matches), Some(against))
        }
        None => (None, None),
    };
    let mut game_score = GameScore {
        dead_source,
        score: Box::new(scored),
        matches_record,
        checked_against,
        markup_explains_result: None,
    };
    if let (Some(false), Some(recorded), Some(computed)) =
        (game_score.matches_record, recorded, game_score.checked_count())
    {
        let scored = &game_score.score;
        let message = format!(
            "RE[{}] but the {} count gives {} (Japanese {}, Chinese {})",
            recorded.text,
            game_score.checked_against.map_or("japanese", RulesName::as_str),
            format_margin(computed.margin),
            scored.japanese.result,
            scored.chinese.result
        );
        let markup_count = marks
            .filter(|_| dead_source == DeadSource::Record)
            .and_then(|marks| markup_explains_result(marks, board, recorded, computed, &game_score.score, settings));
        // Without dead-stone information every stone counts as alive, so a different margin says little
        // about the record: a note, not a warning. Nor is it when the record's own marks give its RE: the
        // server counted points that gotool's count leaves out (or the reverse), and the note says which.
        report.diagnostics.push(if game_score.unconfirmed() {
            Diagnostic::info("result-unconfirmed", format!("{message}, with every stone counted alive"))
        } else if let Some(why) = markup_count {
            let d = Diagnostic::info("result-matches-markup", format!("{message}: {why}"));
            game_score.markup_explains_result = Some(why);
            match recorded.offset {
                Some(offset) => d.at(offset),
                None => d,
            }
        } else {
            // At the RE value, where a user would correct it.
            let d = Diagnostic::warning("result-mismatch", message);
            match recorded.offset {
                Some(offset) => d.at(offset),
                None => d,
            }
        });
    }
    report.score = Some(game_score);
}

/// When counting the record's own `TB`/`TW` marks gives its `RE` (as the servers that write them count: each
/// side's marked points, plus prisoners under territory counting or living stones under area counting, komi
/// and compensation to White), the points where gotool's count and the marks differ, each with what gotool
/// counts it as and why. `None` when the marks do not give `RE` either.
fn markup_explains_result(
    marks: &[Vec<Point>; 2],
    board: &Board,
    recorded: &RecordedResult,
    computed: &Count,
    score: &Score,
    settings: &GameSettings,
) -> Option<String> {
    let margin = recorded.margin()?;
    let [black_marks, white_marks] = marks;
    let (black_marked, white_marked) = (black_marks.len() as f64, white_marks.len() as f64);
    let marks_margin = match computed.method {
        Method::Territory => {
            let (black, white) = (&computed.black, &computed.white);
            let prisoners = |side: &Side| f64::from(side.prisoners.unwrap_or(0));
            black_marked + prisoners(black) - (white_marked + prisoners(white)) - computed.komi
        }
        Method::Area => {
            let living = |color: Color| {
                let dead = score.dead.iter().filter(|&&p| board.get(p) == Some(color)).count();
                f64::from(board.stones_on_board(color)) - dead as f64
            };
            black_marked + living(Color::Black)
                - (white_marked + living(Color::White))
                - computed.komi
                - f64::from(computed.handicap_compensation)
        }
    };
    if (marks_margin - margin).abs() >= 1e-6 {
        return None;
    }
    // The points marked for a colour that gotool's count does not give it, and the reverse: empty points only
    // (a mark on a dead stone is how the record says it is dead).
    let territory = &score.points.territory;
    let counted = |p: &Point| {
        if territory.black.contains(p) {
            Some(Color::Black)
        } else if territory.white.contains(p) {
            Some(Color::White)
        } else {
            None
        }
    };
    let marked = |p: &Point| {
        if white_marks.contains(p) {
            Some(Color::White)
        } else if black_marks.contains(p) {
            Some(Color::Black)
        } else {
            None
        }
    };
    let in_term = |name: &str, p: &Point| score.terms.iter().any(|t| t.name == name && t.points.contains(p));
    let mut differing: Vec<Point> = black_marks
        .iter()
        .chain(white_marks)
        .chain(territory.black.iter())
        .chain(territory.white.iter())
        .filter(|&&p| board.get(p).is_none() && marked(&p) != counted(&p))
        .copied()
        .collect();
    differing.sort_by_key(|p| (p.y, p.x));
    differing.dedup();
    let height = settings.height;
    let named: Vec<String> = differing
        .iter()
        .take(8)
        .map(|p| {
            let name = p.to_board_notation(height);
            match (marked(p), counted(p)) {
                (marked, Some(counted)) => {
                    let marks = marked.map_or("unmarked".to_string(), |c| format!("marked {}", c.name()));
                    format!("{name} ({marks}, counted {}'s territory)", counted.name())
                }
                (marked, None) => {
                    let why = if in_term("false-eyes", p) {
                        "a false eye that must be filled"
                    } else if in_term("seki-eyes", p)
                        || score.points.seki.black.contains(p)
                        || score.points.seki.white.contains(p)
                    {
                        "an eye in seki (Japanese rules, Article 8)"
                    } else if score.points.dame.contains(p) {
                        "dame"
                    } else {
                        "not enclosed by one colour alone"
                    };
                    let marks = marked.map_or("unmarked".to_string(), |c| format!("marked {}", c.name()));
                    format!("{name} ({marks}, counted for nobody: {why})")
                }
            }
        })
        .collect();
    let more = if differing.len() > 8 { format!(" and {} more", differing.len() - 8) } else { String::new() };
    Some(format!(
        "counting the record's own TB/TW marks gives RE; gotool's count differs from the marks at {}{more}",
        named.join(", ")
    ))
}

/// Why a game is not counted: how it ended, by its `RE`.
fn why_not_counted(recorded: Option<&RecordedResult>) -> String {
    let Some(recorded) = recorded else {
        return "the record has no result".to_string();
    };
    match &recorded.outcome {
        GameResult::Win { winner, by } => {
            let name = winner.name();
            match by {
                WinBy::Resignation => format!("{name} won by resignation"),
                WinBy::Time => format!("{name} won on time"),
                WinBy::Forfeit => format!("{name} won by forfeit"),
                _ => format!("RE[{}] gives no count", recorded.text),
            }
        }
        GameResult::Void => "the game is void".to_string(),
        _ => format!("RE[{}] gives no count", recorded.text),
    }
}

/// Compares the recorded margin (Black minus White, in points) with the count under the game's rules: whether
/// they agree, and the ruleset of the count compared. With rules that are not known (no or an unknown `RU`),
/// every count is tried and the first that matches is named; if none does, the Japanese one (the default
/// rules) is the one reported.
fn check_result(margin: f64, score: &Score, settings: &GameSettings) -> (bool, RulesName) {
    let agrees = |count: &Count| (count.margin - margin).abs() < 1e-6;
    if settings.rules_known
        && let Some(count) = score.count_under(settings.rules.name)
    {
        return (agrees(count), settings.rules.name);
    }
    let mut candidates = vec![(RulesName::JAPANESE, &score.japanese), (RulesName::CHINESE, &score.chinese)];
    if let Some(own) = &score.record_rules {
        candidates.push((own.rules, &own.count));
    }
    match candidates.iter().find(|(_, count)| agrees(count)) {
        Some(&(name, _)) => (true, name),
        None => (false, RulesName::JAPANESE),
    }
}

/// The stones that TB/TW marks say are dead: a stone standing on the other colour's territory mark
/// (rules.md section 4), sorted.
pub fn dead_from_marks(board: &Board, marks: &[Vec<Point>; 2]) -> Vec<Point> {
    let mut dead: Vec<Point> = marks[0]
        .iter()
        .filter(|&&p| board.get(p) == Some(Color::White))
        .chain(marks[1].iter().filter(|&&p| board.get(p) == Some(Color::Black)))
        .copied()
        .collect();
    dead.sort_unstable(); // (distinct points: a point holds one colour)
    dead
}
