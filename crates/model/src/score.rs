//! A scored game as data: the counts under each ruleset side by side, the terms that explain a difference of
//! margins, per-point results for pictures, warnings about the position, and how the record's `RE` compares.
//!
//! # JSON shape (serde)
//!
//! ```text
//! {"dead_source": "record" | "cli" | "none" | "estimated",
//!  "dead_chains": [{"color": "B", "stones": ["pd", …], "reason": "…", "confidence": 0.9}, …],  (estimated only)
//!  "uncertain": [{"color": "W", "stones": […], "counted_dead": false, "why": "…"}, …],         (estimated only)
//!  "dead": ["pd", …], "komi": 6.5, "handicap": 0, "handicap_bonus": 0,
//!  "japanese": {"method": "territory", "black": {"territory": n, "prisoners": n, "total": x}, "white": {…},
//!               "komi": 6.5, "handicap_compensation": 0, "margin": x, "result": "W+3.5"},
//!  "chinese":  {"method": "area", "black": {"territory": n, "stones": n, "total": x}, "white": {…}, …},
//!  "aga" | "nz" | "tromp-taylor" | "korean" | "katago": {…}      (the record's ruleset, unless japanese/chinese)
//!  "margin_difference": x,
//!  "terms": [{"name": "stone-parity", "value": x, "detail": "…", "points": ["cc", …]}, …],
//!  "points": {"territory": {"black": […], "white": […]}, "area_only": {…}, "seki": {…}, "dame": […]},
//!  "warnings": [{"code": "unfilled-dame", "message": "…", "points": […]}],
//!  "matches_record": true | false | null, "checked_against": "japanese" | … | null}
//! ```
//! Points are SGF coordinates; messages and details write board notation (`D4`).

use std::ops::Index;

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use super::diagnostic::PointList;
use gotool_go::{Color, RulesName};

/// One value per colour.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ByColor<T> {
    /// Black's.
    pub black: T,
    /// White's.
    pub white: T,
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;

    fn index(&self, c: Color) -> &T {
        match c {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }
}

/// Territory counting or area counting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// Territory and prisoners.
    Territory,
    /// Stones and territory.
    Area,
}

/// One colour's side of a count.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Side {
    /// Points counted as this colour's: territory (territory counting) or empty area (area counting), points under
    /// removed dead stones included.
    pub territory: u32,
    /// Territory counting: stones captured in play + the opponent's dead stones.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prisoners: Option<u32>,
    /// Area counting: this colour's stones on the board (living ones, unless nothing is removed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stones: Option<u32>,
    /// The colour's score; White's includes komi and handicap compensation.
    pub total: f64,
}

/// A whole count under one ruleset.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Count {
    /// Territory or area counting.
    pub method: Method,
    /// Black's side.
    pub black: Side,
    /// White's side.
    pub white: Side,
    /// The komi White gets.
    pub komi: f64,
    /// Points White gets for handicap stones (area counting only).
    pub handicap_compensation: u32,
    /// Black's total minus White's.
    pub margin: f64,
    /// `B+3.5`, `W+0.5`, or `0` for a draw.
    pub result: String,
}

/// The count under the record's own ruleset, when that is neither Japanese nor Chinese. Serializes as one
/// `"<rules name>": {count}` entry of the surrounding object.
#[derive(Clone, Debug, PartialEq)]
pub struct RulesCount {
    /// The ruleset: `korean`, `aga`, `nz`, `tromp-taylor`, or `katago`.
    pub rules: RulesName,
    /// The count.
    pub count: Count,
}

impl Serialize for RulesCount {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry(self.rules.as_str(), &self.count)?;
        map.end()
    }
}

/// One term of `area margin − territory margin` (rules.md §6), with evidence a user can check by hand.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Term {
    /// `stone-parity`, `seki-eyes`, `false-eyes`, `fill-points`, `area-only`, `handicap-compensation` (or `komi`).
    pub name: &'static str,
    /// Its value in points.
    pub value: f64,
    /// The evidence, for a person.
    pub detail: String,
    /// The points it is about.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub points: PointList,
}

/// Something about the position or its markup worth telling the user. It never changes the count.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScoreWarning {
    /// Kebab-case, stable: see the module docs for the list.
    pub code: &'static str,
    /// What is doubtful, for a person.
    pub message: String,
    /// The points it is about.
    pub points: PointList,
}

/// Per-point results, for drawing the board.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ScoredPoints {
    /// Territory under territory counting, points under dead stones included.
    pub territory: ByColor<PointList>,
    /// Empty points and dead stones that area counting gives a colour and territory counting does not (seki eyes,
    /// false eyes and other points that must be filled).
    pub area_only: ByColor<PointList>,
    /// Stones and eye points of groups in seki.
    pub seki: ByColor<PointList>,
    /// Empty points that count for nobody in either count (open dame, shared seki liberties, open borders).
    pub dame: PointList,
}

/// The full result of scoring a position (`score::score`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Score {
    /// Dead stones, whole chains, sorted.
    pub dead: PointList,
    /// The komi.
    pub komi: f64,
    /// Handicap stones.
    pub handicap: u32,
    /// Handicap compensation applied in the Chinese count.
    pub handicap_bonus: u32,
    /// The Japanese (territory) count.
    pub japanese: Count,
    /// The Chinese (area) count.
    pub chinese: Count,
    /// The count under the record's own rules, when they are neither Japanese nor Chinese.
    #[serde(flatten)]
    pub record_rules: Option<RulesCount>,
    /// `chinese.margin − japanese.margin`; always the sum of `terms`' values.
    pub margin_difference: f64,
    /// The terms of the margin difference.
    pub terms: Vec<Term>,
    /// Per-point results.
    pub points: ScoredPoints,
    /// Doubts about the position and its markup.
    pub warnings: Vec<ScoreWarning>,
}

impl Score {
    /// The count made under these rules, if this score has one: the Japanese and Chinese counts always, the
    /// record's own ruleset when it is another.
    pub fn count_under(&self, rules: RulesName) -> Option<&Count> {
        match rules {
            RulesName::JAPANESE => Some(&self.japanese),
            RulesName::CHINESE => Some(&self.chinese),
            _ => self.record_rules.as_ref().filter(|own| own.rules == rules).map(|own| &own.count),
        }
    }
}

/// Where the dead stones came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DeadSource {
    /// `TB`/`TW` markup on the record's final node.
    Record,
    /// `--dead` on the command line.
    Cli,
    /// Neither: every stone was counted alive.
    None,
    /// Estimated by gotool (`--dead auto`, or `score` on a finished game without markup).
    Estimated,
}

/// The estimate behind estimated dead stones: each dead chain with its reason and confidence, and the groups
/// the estimator could not settle. A report of the estimate, so the model does not depend on the estimator.
#[derive(Clone, Debug, Serialize)]
pub struct EstimateReport {
    /// The chains counted dead, in board order of their first stone.
    pub dead_chains: Vec<EstimatedChain>,
    /// The groups the estimate could not settle, counted as `counted_dead` says.
    pub uncertain: Vec<UncertainGroup>,
}

/// One chain the estimate counts dead.
#[derive(Clone, Debug, Serialize)]
pub struct EstimatedChain {
    /// `B` or `W`.
    #[serde(serialize_with = "color_letter")]
    pub color: Color,
    /// Every stone of the chain.
    pub stones: PointList,
    /// Why, in words a Go player reads ("no eye space: …").
    pub reason: String,
    /// 0.5 (a guess) to 1 (proved), two decimals.
    pub confidence: f64,
}

/// A group the estimate could not settle.
#[derive(Clone, Debug, Serialize)]
pub struct UncertainGroup {
    /// `B` or `W`.
    #[serde(serialize_with = "color_letter")]
    pub color: Color,
    /// Every stone of the group.
    pub stones: PointList,
    /// Whether the estimate counts it dead.
    pub counted_dead: bool,
    /// Why it is unsettled.
    pub why: String,
}

fn color_letter<S: Serializer>(color: &Color, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_char(color.letter())
}

/// The score of one game in a report.
#[derive(Clone, Debug)]
pub struct GameScore {
    /// Where the dead stones came from.
    pub dead_source: DeadSource,
    /// With estimated dead stones: the reasons, confidences and uncertain groups.
    pub estimate: Option<EstimateReport>,
    /// Boxed: a report holds one `GameScore` slot per game, scored or not, and a file can hold many games.
    pub score: Box<Score>,
    /// Does `RE` agree with the count it was checked against? `None` when `RE` has no margin to check.
    pub matches_record: Option<bool>,
    /// The ruleset of the count `RE` was compared with; `None` when not checked.
    pub checked_against: Option<RulesName>,
    /// When `RE` disagrees with the count but counting the record's own marks gives it: where the two counts
    /// differ, and why (the `result-matches-markup` note, for the text report's last line).
    pub markup_explains_result: Option<String>,
}

impl GameScore {
    /// `RE` disagrees with the count, but the count had no dead-stone information (every stone alive), so the
    /// disagreement says little about the record.
    pub fn unconfirmed(&self) -> bool {
        self.matches_record == Some(false) && self.dead_source == DeadSource::None
    }

    /// The count `RE` was checked against.
    pub fn checked_count(&self) -> Option<&Count> {
        self.score.count_under(self.checked_against?)
    }
}

impl Serialize for GameScore {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // `dead_source`, the score's own fields, then the RE check: one flat object.
        #[derive(Serialize)]
        struct Flat<'a> {
            dead_source: DeadSource,
            #[serde(flatten, skip_serializing_if = "Option::is_none")]
            estimate: Option<&'a EstimateReport>,
            #[serde(flatten)]
            score: &'a Score,
            matches_record: Option<bool>,
            checked_against: Option<&'static str>,
        }
        Flat {
            dead_source: self.dead_source,
            estimate: self.estimate.as_ref(),
            score: &self.score,
            matches_record: self.matches_record,
            checked_against: self.checked_against.map(RulesName::as_str),
        }
        .serialize(serializer)
    }
}
