//! Scoring a replayed game: decides whether it is finished, takes its dead stones from the final node's
//! `TB`/`TW` markup, from `--dead`, or from the estimate ([`super::estimate`]), counts the final position, and checks the record's `RE` against the counts
//! (rules.md section 3: only numeric results can be checked; say which count was used). Adds its findings to the
//! game's report.

use std::collections::BTreeSet;

use super::estimate::{Estimate, estimate};
use super::{ScoreInput, score};
use gotool_go::{Board, Color, HandicapBonus, Point, RulesName};
use gotool_model::{
    Count, DeadSource, Diagnostic, EstimateReport, EstimatedChain, GameReport, GameResult, GameScore, Method,
    PointList, RecordedResult, Score, Side, UncertainGroup, WinBy, format_margin, plural,
};
use gotool_replay::{GameSettings, Replayed};
use gotool_sgf::record::GameRecord;

/// Points a diagnostic lists (an open border can be hundreds).
const MAX_POINTS_IN_DIAGNOSTIC: usize = 32;

/// Uncertain groups tried one by one for [`flips_giving`].
const MAX_FLIPS_TRIED: usize = 8;

/// Where the dead stones come from (`--dead auto|none|POINTS`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeadStones {
    /// The record's `TB`/`TW` markup; without it, estimated (`estimate_unmarked`: `score`, `check --dead auto`)
    /// or every stone alive.
    Record {
        /// Estimate the dead stones of a finished game without markup.
        estimate_unmarked: bool,
    },
    /// `--dead auto`: estimated, even when the record has markup.
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

/// How to score (from the command line).
#[derive(Clone, Debug, Default)]
pub struct ScoreOptions {
    /// Where the dead stones come from.
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
pub fn score_game(record: &GameRecord, report: &mut GameReport, end: &Replayed, options: &ScoreOptions) {
    let settings = &end.settings;
    let h = settings.height;
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
    if let Some(why) = not_finished(report, marks.is_some(), recorded, options) {
        report.diagnostics.push(why);
        return;
    }

    let board = end.game.board();
    let chosen = choose_dead_stones(board, settings, options, marks, report, node_offset);
    let game = &end.game;
    let input = ScoreInput {
        board,
        dead: &chosen.dead,
        dead_from_markup: chosen.source == DeadSource::Record,
        territory_marks: marks.map(|[b, w]| (b.as_slice(), w.as_slice())),
        prisoners: [game.prisoners(Color::Black), game.prisoners(Color::White)],
        placed: [game.stones_placed(Color::Black), game.stones_placed(Color::White)],
        komi: settings.komi,
        handicap: settings.handicap,
        rules: &settings.rules,
        handicap_bonus: options.handicap_bonus,
    };
    let scored = score(&input);
    report.diagnostics.extend(warning_diagnostics(&scored, options, node_offset, h));

    if let Some(e) = &chosen.estimated
        && !e.uncertain.is_empty()
    {
        report.diagnostics.push(uncertain_warning(e, h).at(node_offset));
    }

    let (matches_record, checked_against) = match recorded.and_then(RecordedResult::margin) {
        Some(margin) => {
            let (matches, against) = check_result(margin, &scored, settings);
            (Some(matches), Some(against))
        }
        None => (None, None),
    };
    let mut game_score = GameScore {
        dead_source: chosen.source,
        estimate: chosen.estimated.as_ref().map(estimate_report),
        score: Box::new(scored),
        matches_record,
        checked_against,
        markup_explains_result: None,
    };
    if let Some(recorded) = recorded
        && let Some(d) = result_mismatch(&mut game_score, recorded, marks, &input, &chosen, settings)
    {
        report.diagnostics.push(d);
    }
    report.score = Some(game_score);
}

/// `not-scored`, when the game is not finished (no two passes at the end, no territory markup, no counted
/// result) and not forced.
fn not_finished(
    report: &GameReport,
    marked: bool,
    recorded: Option<&RecordedResult>,
    options: &ScoreOptions,
) -> Option<Diagnostic> {
    let counted_result = recorded.is_some_and(|r| r.outcome.checkable_margin().is_some());
    let finished = report.ended_by_passes || marked || counted_result;
    (!finished && !options.force).then(|| {
        Diagnostic::info(
            "not-scored",
            format!(
                "not scored: {}, the game did not end with two passes and has no territory markup (--force scores it anyway)",
                why_not_counted(recorded)
            ),
        )
    })
}

/// The dead stones chosen for the count, where they came from, and the estimates made on the way.
struct DeadChoice {
    dead: Vec<Point>,
    source: DeadSource,
    /// The estimate that gave the dead stones.
    estimated: Option<Estimate>,
    /// The estimate made to compare with the record's markup, when it disagrees with it.
    compared: Option<Estimate>,
}

/// Takes the dead stones from `--dead` points, the record's markup (compared with the estimate when asked), the
/// estimate, or nowhere (every stone alive), adding what it finds to `report`.
fn choose_dead_stones(
    board: &Board,
    settings: &GameSettings,
    options: &ScoreOptions,
    marks: Option<&[Vec<Point>; 2]>,
    report: &mut GameReport,
    node_offset: usize,
) -> DeadChoice {
    let (w, h) = (settings.width, settings.height);
    let mut estimated = None;
    let mut compared = None;
    let (dead, source) = match &options.dead {
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
        DeadStones::Record { .. } if let Some(marks) = marks => {
            let dead = dead_from_marks(board, marks);
            if options.compare_estimate {
                let e = estimate(board, &settings.rules);
                if let Some(d) = markup_vs_estimate(board, &e, &dead, h) {
                    report.diagnostics.push(d.at(node_offset));
                    compared = Some(e);
                }
            }
            (dead, DeadSource::Record)
        }
        DeadStones::Estimate | DeadStones::Record { estimate_unmarked: true } => {
            let e = estimate(board, &settings.rules);
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
    DeadChoice { dead, source, estimated, compared }
}

/// The score's warnings as diagnostics at the final node (notes when `check` scores as a courtesy), each naming
/// the first few of its points.
fn warning_diagnostics(scored: &Score, options: &ScoreOptions, node_offset: usize, h: u8) -> Vec<Diagnostic> {
    let mut out = Vec::with_capacity(scored.warnings.len());
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
        out.push(d);
    }
    out
}

/// The diagnostic for a count that does not give the record's `RE`, at the `RE` value where a user would
/// correct it (`None` when it gives it, or nothing was checked). Without dead-stone information every stone
/// counts as alive, so a different margin says little about the record: a note, not a warning. Nor is it when
/// the record's own marks give its RE: the server counted points that gotool's count leaves out (or the
/// reverse), and the note says which. With estimated dead stones the difference may be the estimate's: its own
/// code, and a hint naming the uncertain groups that, counted the other way, give RE.
fn result_mismatch(
    game_score: &mut GameScore,
    recorded: &RecordedResult,
    marks: Option<&[Vec<Point>; 2]>,
    input: &ScoreInput,
    chosen: &DeadChoice,
    settings: &GameSettings,
) -> Option<Diagnostic> {
    let (Some(false), Some(computed)) = (game_score.matches_record, game_score.checked_count()) else { return None };
    let (board, h) = (input.board, settings.height);
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
        .filter(|_| chosen.source == DeadSource::Record)
        .and_then(|marks| markup_explains_result(marks, board, recorded, computed, &game_score.score, settings));
    let at_result = |d: Diagnostic| match recorded.offset {
        Some(offset) => d.at(offset),
        None => d,
    };
    Some(if game_score.unconfirmed() {
        Diagnostic::info("result-unconfirmed", format!("{message}, with every stone counted alive"))
    } else if let Some(why) = markup_count {
        let d = Diagnostic::info("result-matches-markup", format!("{message}: {why}"));
        game_score.markup_explains_result = Some(why);
        at_result(d)
    } else if let Some(e) = &chosen.estimated {
        let against = game_score.checked_against.unwrap_or(RulesName::JAPANESE);
        let hint = recorded.margin().map_or(String::new(), |margin| flips_giving(e, input, against, margin, h));
        at_result(Diagnostic::warning(
            "result-differs-estimated",
            format!("{message}, with estimated dead stones{hint}"),
        ))
    } else {
        let hint =
            chosen.compared.as_ref().map_or(String::new(), |e| estimate_gives_result(e, input, recorded, settings, h));
        at_result(Diagnostic::warning("result-mismatch", format!("{message}{hint}")))
    })
}

/// The estimate as the report shows it.
fn estimate_report(e: &Estimate) -> EstimateReport {
    EstimateReport {
        dead_chains: e
            .dead
            .iter()
            .map(|d| EstimatedChain {
                color: d.color,
                stones: PointList(d.stones.clone()),
                reason: d.reason.to_string(),
                confidence: (d.confidence * 100.0).round() / 100.0,
            })
            .collect(),
        uncertain: e
            .uncertain
            .iter()
            .map(|u| UncertainGroup {
                color: u.color,
                stones: PointList(u.stones.clone()),
                counted_dead: u.counted_dead,
                why: u.why.clone(),
            })
            .collect(),
    }
}

/// `dead-stones-uncertain`: the groups the estimate could not settle, each named by its first stone.
fn uncertain_warning(e: &Estimate, h: u8) -> Diagnostic {
    let mut points: Vec<Point> = e.uncertain.iter().flat_map(|u| u.stones.iter().copied()).collect();
    points.sort_unstable();
    let named: Vec<String> = e
        .uncertain
        .iter()
        .map(|u| {
            let counted = if u.counted_dead { "dead" } else { "alive" };
            format!("{} {} ({}, counted {counted})", u.color.name(), u.stones[0].to_board_notation(h), u.why)
        })
        .collect();
    let n = e.uncertain.len();
    let d = Diagnostic::warning(
        "dead-stones-uncertain",
        format!("the estimate could not settle {n} group{}: {}", plural(n), named.join("; ")),
    );
    Diagnostic { points: PointList(points), ..d }
}

/// `; counting X D4 as alive would give RE` for the uncertain groups of the estimate that, flipped alone,
/// make the count `against` equal `recorded` (a hint, never the verdict); empty when none does.
fn flips_giving(e: &Estimate, input: &ScoreInput, against: RulesName, recorded: f64, h: u8) -> String {
    let mut giving = Vec::new();
    for group in e.uncertain.iter().take(MAX_FLIPS_TRIED) {
        let dead: Vec<Point> = if group.counted_dead {
            input.dead.iter().copied().filter(|p| !group.stones.contains(p)).collect()
        } else {
            input.dead.iter().chain(&group.stones).copied().collect()
        };
        let flipped = score(&ScoreInput { dead: &dead, ..*input });
        let margin = flipped.count_under(against).map_or(flipped.japanese.margin, |c| c.margin);
        if (margin - recorded).abs() < 1e-6 {
            let state = if group.counted_dead { "alive" } else { "dead" };
            giving.push(format!("{} {} as {state}", group.color.name(), group.stones[0].to_board_notation(h)));
        }
    }
    if giving.is_empty() { String::new() } else { format!("; counting {} would give RE", giving.join(" or ")) }
}

/// Dead chains named in a message at most; the rest are counted.
const MAX_CHAINS_NAMED: usize = 6;

/// `; counting gotool's estimated dead stones instead gives RE` when the estimate `e`, which differs from the
/// record's markup, makes the count match the record's `RE` where the markup does not; when the markup marks no
/// stone at all, it names the older convention that explains it. Empty otherwise.
fn estimate_gives_result(
    e: &Estimate,
    input: &ScoreInput,
    recorded: &RecordedResult,
    settings: &GameSettings,
    h: u8,
) -> String {
    let Some(margin) = recorded.margin() else { return String::new() };
    let dead = e.dead_points();
    let with_estimate = score(&ScoreInput { dead: &dead, dead_from_markup: false, ..*input });
    if !check_result(margin, &with_estimate, settings).0 {
        return String::new();
    }
    // The estimate differs from the markup, so with no stone marked it has dead stones of its own.
    let convention = if input.dead.is_empty() {
        " (the record's TB/TW mark only empty points and no stone: an older convention that leaves the dead \
         stones standing; --dead auto counts them)"
    } else {
        " (--dead auto)"
    };
    let mut named: Vec<String> = e
        .dead
        .iter()
        .take(MAX_CHAINS_NAMED)
        .map(|d| format!("{} {}", d.color.name(), d.stones[0].to_board_notation(h)))
        .collect();
    if e.dead.len() > MAX_CHAINS_NAMED {
        named.push(format!("{} more", e.dead.len() - MAX_CHAINS_NAMED));
    }
    format!("; counting gotool's estimated dead stones instead ({}) gives RE{convention}", named.join(", "))
}

/// `score` on a record with markup: where the estimate `e` disagrees with it, as one warning naming the chains
/// (stones left unmarked that the estimate finds dead, marked stones it finds alive).
fn markup_vs_estimate(board: &Board, e: &Estimate, marked: &[Point], h: u8) -> Option<Diagnostic> {
    let marked: BTreeSet<Point> =
        marked.iter().flat_map(|&p| board.chain_stones(board.loc(p)).map(|l| board.point(l))).collect();
    let estimated: BTreeSet<Point> = e.dead_points().into_iter().collect();
    let chain_names = |points: Vec<&Point>| -> Vec<String> {
        let mut seen = BTreeSet::new();
        let mut names = Vec::new();
        for &p in points {
            if seen.insert(board.chain_id(board.loc(p))) {
                let color = board.get(p).map_or("?", Color::name);
                names.push(format!("{color} {}", p.to_board_notation(h)));
            }
        }
        names
    };
    let unmarked = chain_names(estimated.difference(&marked).collect());
    let alive = chain_names(marked.difference(&estimated).collect());
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
    let points: Vec<Point> = estimated.symmetric_difference(&marked).copied().collect();
    let d = Diagnostic::warning(
        "markup-differs-from-estimate",
        format!("the record's dead stones differ from gotool's estimate ({})", parts.join("; ")),
    );
    Some(Diagnostic { points: PointList(points), ..d })
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
                    } else if in_term("fill-points", p) {
                        "a point that must be filled to save a chain short of liberties"
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
