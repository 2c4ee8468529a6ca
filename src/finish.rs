//! Scoring a replayed game from its record: reads the final node's `TB`/`TW` markup (or `--dead`), decides
//! whether the game is finished, runs the scorer, and checks the record's `RE`. Adds its findings to the
//! game's report.

use crate::check::{GameReport, LineEnd};
use crate::diag::Diagnostic;
use crate::go::Rules;
use crate::go::{Board, Color, HandicapBonus, Point, PointSet};
use crate::record;
use crate::score::estimate::{Estimate, estimate};
use crate::score::result::{GameResult, WinBy, parse_result};
use crate::score::verdict::{DeadSource, EstimateReport, GameScore, check_result};
use crate::score::{PointList, ScoreInput, format_margin, score};
use crate::sgf::{Collection, PropId};

/// Points a diagnostic lists (an open border can be hundreds).
const MAX_POINTS_IN_DIAGNOSTIC: usize = 32;

/// Where the dead stones come from (`--dead auto|none|POINTS`).
#[derive(Clone, Debug, PartialEq)]
pub enum DeadStones {
    /// The record's `TB`/`TW` markup; without it, estimated (`estimate_unmarked`) or every stone alive.
    Record { estimate_unmarked: bool },
    /// `--dead auto`: estimated, even when the record has markup (which is then compared with the estimate).
    Estimate,
    /// `--dead none`: every stone alive.
    AllAlive,
    /// `--dead D4,Q16`: points in board notation or SGF; each marks its whole chain. Overrides markup.
    Points(Vec<String>),
}

impl Default for DeadStones {
    fn default() -> DeadStones {
        DeadStones::Record { estimate_unmarked: false }
    }
}

impl DeadStones {
    /// Reads `--dead`: `auto`, `none`, or a list of points; without the flag, the markup (and, when
    /// `estimate_unmarked`, an estimate for a record without any).
    pub fn from_arg(arg: Option<&[String]>, estimate_unmarked: bool) -> DeadStones {
        match arg {
            None => DeadStones::Record { estimate_unmarked },
            Some([one]) if one.eq_ignore_ascii_case("auto") => DeadStones::Estimate,
            Some([one]) if one.eq_ignore_ascii_case("none") => DeadStones::AllAlive,
            Some(list) => DeadStones::Points(list.to_vec()),
        }
    }
}

/// How to score (from the command line).
#[derive(Clone, Debug, Default)]
pub struct ScoreOptions {
    pub dead: DeadStones,
    /// `--handicap-bonus`.
    pub handicap_bonus: Option<HandicapBonus>,
    /// `--force`: score games that did not end by passes and have neither markup nor a counted result.
    pub force: bool,
    /// Report findings about the final position (open dame, markup) as notes, not warnings: `check` scores
    /// finished games as a courtesy, and its warnings are about the record's validity.
    pub position_findings_as_notes: bool,
    /// With markup: also estimate, and warn where the estimate disagrees (`score`).
    pub compare_estimate: bool,
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
pub fn score_game(c: &Collection, report: &mut GameReport, end: &LineEnd, options: &ScoreOptions) {
    let info = &end.info;
    let (w, h) = (info.width, info.height);
    let node_offset = c.node(end.last_node).offset as usize;
    if end.stopped_early {
        report.diagnostics.push(Diagnostic::info("not-scored", "not scored: the replay stopped at an illegal move"));
        return;
    }

    let (marks, markup_findings) = territory_marks(c, end.last_node, w, h);
    let has_markup = marks.is_some();
    report.diagnostics.extend(markup_findings);

    let recorded = info.result.as_deref().map(parse_result);
    let counted_result = recorded.as_ref().is_some_and(|r| r.checkable_margin().is_some());
    let finished = report.ended_by_passes || has_markup || counted_result;
    if !finished && !options.force {
        let why = match &recorded {
            Some(GameResult::Win { winner, by }) => {
                let name = Color::from(*winner).name();
                match by {
                    WinBy::Resignation => format!("{name} won by resignation"),
                    WinBy::Time => format!("{name} won on time"),
                    WinBy::Forfeit => format!("{name} won by forfeit"),
                    _ => format!("RE[{}] gives no count", info.result.as_deref().unwrap_or_default()),
                }
            }
            Some(GameResult::Void) => "the game is void".to_string(),
            Some(_) => format!("RE[{}] gives no count", info.result.as_deref().unwrap_or_default()),
            None => "the record has no result".to_string(),
        };
        report.diagnostics.push(Diagnostic::info(
            "not-scored",
            format!("not scored: {why}, the game did not end with two passes and has no territory markup (--force scores it anyway)"),
        ));
        return;
    }

    let board = end.game.board();
    let mut estimated = None;
    let (dead, dead_source) = match &options.dead {
        DeadStones::Points(list) => {
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
        DeadStones::Record { .. } if let Some(marks) = &marks => {
            let dead = dead_from_marks(board, marks);
            if options.compare_estimate
                && let Some(d) = markup_vs_estimate(board, &info.rules, &dead, h)
            {
                report.diagnostics.push(d.at(node_offset));
            }
            (dead, DeadSource::Record)
        }
        DeadStones::Estimate | DeadStones::Record { estimate_unmarked: true } => {
            let e = estimate(board, &info.rules);
            let dead = e.dead_points();
            estimated = Some(e);
            (dead, DeadSource::Estimated)
        }
        DeadStones::AllAlive | DeadStones::Record { estimate_unmarked: false } => {
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
        territory_marks: marks.as_ref().map(|[b, w]| (b.as_slice(), w.as_slice())),
        prisoners: [game.prisoners(Color::Black), game.prisoners(Color::White)],
        placed: [game.stones_placed(Color::Black), game.stones_placed(Color::White)],
        komi: info.komi,
        handicap: info.handicap,
        rules: &info.rules,
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

    let check = match &recorded {
        Some(r) => check_result(r, &scored, &info.rules, info.rules_known, info.komi_in_zi),
        None => check_result(&GameResult::Unknown, &scored, &info.rules, info.rules_known, false),
    };
    if let Some(e) = &estimated
        && !e.uncertain.is_empty()
    {
        let mut points: Vec<Point> = e.uncertain.iter().flat_map(|u| u.stones.iter().copied()).collect();
        points.sort_unstable();
        let named: Vec<String> = e
            .uncertain
            .iter()
            .map(|u| {
                format!(
                    "{} {} ({}, counted {})",
                    u.color.name(),
                    u.stones[0].to_board_notation(h),
                    u.why,
                    if u.counted_dead { "dead" } else { "alive" }
                )
            })
            .collect();
        let d = Diagnostic::warning(
            "dead-stones-uncertain",
            format!("the estimate could not settle {} group(s): {}", e.uncertain.len(), named.join("; ")),
        )
        .at(node_offset);
        report.diagnostics.push(Diagnostic { points: PointList(points), ..d });
    }
    let game_score = GameScore {
        dead_source,
        estimate: estimated.as_ref().map(EstimateReport::new),
        score: Box::new(scored),
        matches_record: check.matches,
        checked_against: check.against,
    };
    if game_score.matches_record == Some(false) {
        let scored = &game_score.score;
        let against = game_score.checked_against.as_deref().unwrap_or("japanese");
        let computed = match against {
            "japanese" => scored.japanese.margin,
            "chinese" => scored.chinese.margin,
            _ => scored.record_rules.as_ref().map_or(scored.japanese.margin, |r| r.count.margin),
        };
        let recorded_text = info.result.as_deref().unwrap_or_default();
        let message = format!(
            "RE[{recorded_text}] but the {against} count gives {} (Japanese {}, Chinese {})",
            format_margin(computed),
            scored.japanese.result,
            scored.chinese.result
        );
        // Without dead-stone information every stone counts as alive, so a different margin says little
        // about the record: a note, not a warning. With estimated dead stones the difference may be the
        // estimate's: its own code, and a hint naming the uncertain groups that, counted the other way, give RE.
        report.diagnostics.push(if game_score.unconfirmed() {
            Diagnostic::info("result-unconfirmed", format!("{message}, with every stone counted alive"))
        } else if let Some(e) = &estimated {
            let hint = flips_giving(e, &input, against, check.recorded_margin, h);
            let d =
                Diagnostic::warning("result-differs-estimated", format!("{message}, with estimated dead stones{hint}"));
            match result_value_offset(c, report.index) {
                Some(offset) => d.at(offset),
                None => d,
            }
        } else {
            let d = Diagnostic::warning("result-mismatch", message);
            // At the RE value, where a user would correct it.
            match result_value_offset(c, report.index) {
                Some(offset) => d.at(offset),
                None => d,
            }
        });
    }
    report.score = Some(game_score);
}

/// `; counting X D4 as alive would give RE` for the uncertain groups of the estimate that, flipped alone,
/// make the count `against` equal `recorded` (a hint, never the verdict); empty when none does.
fn flips_giving(e: &Estimate, input: &ScoreInput, against: &str, recorded: Option<f64>, h: u8) -> String {
    let Some(recorded) = recorded else { return String::new() };
    let mut giving = Vec::new();
    for group in e.uncertain.iter().take(MAX_FLIPS_TRIED) {
        let dead: Vec<Point> = if group.counted_dead {
            input.dead.iter().copied().filter(|p| !group.stones.contains(p)).collect()
        } else {
            input.dead.iter().chain(&group.stones).copied().collect()
        };
        let s = score(&ScoreInput { dead: &dead, ..*input });
        let margin = match against {
            "japanese" => s.japanese.margin,
            "chinese" => s.chinese.margin,
            _ => s.record_rules.as_ref().map_or(s.japanese.margin, |r| r.count.margin),
        };
        if (margin - recorded).abs() < 1e-6 {
            let state = if group.counted_dead { "alive" } else { "dead" };
            giving.push(format!("{} {} as {state}", group.color.name(), group.stones[0].to_board_notation(h)));
        }
    }
    if giving.is_empty() { String::new() } else { format!("; counting {} would give RE", giving.join(" or ")) }
}

/// Uncertain groups tried one by one for [`flips_giving`].
const MAX_FLIPS_TRIED: usize = 8;

/// `score` on a record with markup: where the estimate disagrees with it, as one warning naming the chains
/// (stones left unmarked that the estimate finds dead, marked stones it finds alive).
fn markup_vs_estimate(board: &Board, rules: &Rules, marked: &[Point], h: u8) -> Option<Diagnostic> {
    let e = estimate(board, rules);
    let marked_set: std::collections::BTreeSet<Point> =
        marked.iter().flat_map(|&p| board.chain_stones(board.loc(p)).map(|l| board.point(l))).collect();
    let estimated: std::collections::BTreeSet<Point> = e.dead_points().into_iter().collect();
    let chain_names = |points: Vec<&Point>| -> Vec<String> {
        let mut seen = std::collections::BTreeSet::new();
        let mut names = Vec::new();
        for &p in points {
            let head = board.chain_id(board.loc(p));
            if seen.insert(head) {
                let color = board.get(p).map_or("?", |c| c.name());
                names.push(format!("{color} {}", p.to_board_notation(h)));
            }
        }
        names
    };
    let unmarked = chain_names(estimated.difference(&marked_set).collect());
    let alive = chain_names(marked_set.difference(&estimated).collect());
    if unmarked.is_empty() && alive.is_empty() {
        return None;
    }
    let mut parts = Vec::new();
    if !unmarked.is_empty() {
        parts.push(format!("estimated dead but not marked: {}", unmarked.join(", ")));
    }
    if !alive.is_empty() {
        parts.push(format!("marked dead but estimated alive: {}", alive.join(", ")));
    }
    let mut points: Vec<Point> = estimated.symmetric_difference(&marked_set).copied().collect();
    points.sort_unstable();
    let d = Diagnostic::warning(
        "markup-differs-from-estimate",
        format!("the record's dead stones differ from gotool's estimate ({})", parts.join("; ")),
    );
    Some(Diagnostic { points: PointList(points), ..d })
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

/// Bad TB/TW values listed one by one; a record with thousands of them gets one more warning that says so.
const MAX_BAD_MARKUP_LISTED: usize = 32;

/// The TB/TW marks of `node` (KGS/CGoban, OGS and others mark territory and dead stones on the final node),
/// each list sorted as `Point` sorts; `None` when the node has neither property. Values that are not points
/// on the board come back as `bad-markup` warnings.
pub fn territory_marks(c: &Collection, node: u32, w: u8, h: u8) -> (Option<[Vec<Point>; 2]>, Vec<Diagnostic>) {
    // As sets of points: a compressed list costs one step per row, and a point named again costs nothing.
    let mut sets = [PointSet::empty(usize::from(w), usize::from(h)); 2];
    let mut has_markup = false;
    let mut findings = Vec::new();
    let mut bad_values = 0usize;
    for p in c.properties(node) {
        let slot = match p.id {
            PropId::TB => 0,
            PropId::TW => 1,
            _ => continue,
        };
        has_markup = true;
        for &v in c.values(p) {
            // Nearly every value is one point: its bit, without a rectangle or a `Result`.
            if let Some(point) = Point::from_sgf(c.slice(v), w, h) {
                sets[slot].insert(usize::from(point.x), usize::from(point.y));
                continue;
            }
            match record::parse_point_rect(c.slice(v), w, h) {
                Ok(Some(rect)) => sets[slot].insert_rect(rect),
                Ok(None) => {}
                Err(e) => {
                    bad_values += 1;
                    if bad_values > MAX_BAD_MARKUP_LISTED + 1 {
                        continue;
                    }
                    let (_, what) = e.describe(w, h);
                    let more = if bad_values > MAX_BAD_MARKUP_LISTED {
                        "; further bad TB/TW values are not listed"
                    } else {
                        ""
                    };
                    findings.push(
                        Diagnostic::warning("bad-markup", format!("{}: {what}; ignored{more}", c.ident(p)))
                            .at(v.start as usize),
                    );
                }
            }
        }
    }
    (has_markup.then(|| sets.each_ref().map(PointSet::sorted_points)), findings)
}

/// Where the value of game `index`'s `RE` begins in the text (its root node's first `RE`).
fn result_value_offset(c: &Collection, index: usize) -> Option<usize> {
    let root = *c.games.get(index)?;
    c.first_value(root, PropId::RE).map(|(_, span)| span.start as usize)
}
