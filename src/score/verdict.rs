//! A scored game as reports show it: the count, where the dead stones came from, and whether the record's
//! `RE` agrees (rules.md section 3: only numeric results can be checked; say which count was used).

use serde::Serialize;

use super::estimate::Estimate;
use super::result::GameResult;
use super::{Count, PointList, Score};
use crate::go::{Preset, Rules};

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

/// The estimate behind the dead stones, when they were estimated: each dead chain with its reason and
/// confidence, and the groups the estimator could not settle.
#[derive(Clone, Debug, Serialize)]
pub struct EstimateReport {
    pub dead_chains: Vec<EstimatedChain>,
    pub uncertain: Vec<UncertainGroup>,
}

#[derive(Clone, Debug, Serialize)]
pub struct EstimatedChain {
    /// `B` or `W`.
    pub color: String,
    pub stones: PointList,
    pub reason: String,
    /// 0.5 (a guess) to 1 (proved), two decimals.
    pub confidence: f64,
}

#[derive(Clone, Debug, Serialize)]
pub struct UncertainGroup {
    pub color: String,
    pub stones: PointList,
    /// Whether the estimate counts it dead.
    pub counted_dead: bool,
    pub why: String,
}

impl EstimateReport {
    pub fn new(e: &Estimate) -> EstimateReport {
        EstimateReport {
            dead_chains: e
                .dead
                .iter()
                .map(|d| EstimatedChain {
                    color: d.color.letter().to_string(),
                    stones: PointList(d.stones.clone()),
                    reason: d.reason.to_string(),
                    confidence: (d.confidence * 100.0).round() / 100.0,
                })
                .collect(),
            uncertain: e
                .uncertain
                .iter()
                .map(|u| UncertainGroup {
                    color: u.color.letter().to_string(),
                    stones: PointList(u.stones.clone()),
                    counted_dead: u.counted_dead,
                    why: u.why.clone(),
                })
                .collect(),
        }
    }
}

/// The score of one game in a report.
#[derive(Clone, Debug, Serialize)]
pub struct GameScore {
    pub dead_source: DeadSource,
    /// With estimated dead stones: the reasons, confidences and uncertain groups.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub estimate: Option<EstimateReport>,
    /// Boxed: a report holds one `GameScore` slot per game, scored or not, and a file can hold many games.
    #[serde(flatten)]
    pub score: Box<Score>,
    /// Does `RE` agree with the count it was checked against? `null` when `RE` has no margin to check.
    pub matches_record: Option<bool>,
    /// The count `RE` was compared with (`japanese`, `chinese`, `aga`, …); `null` when not checked.
    pub checked_against: Option<String>,
}

impl GameScore {
    /// `RE` disagrees with the count, but the count had no dead-stone information (every stone alive), so the
    /// disagreement says little about the record.
    pub fn unconfirmed(&self) -> bool {
        self.matches_record == Some(false) && self.dead_source == DeadSource::None
    }
}

/// What comparing `RE` with the counts found.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultCheck {
    pub matches: Option<bool>,
    /// The count compared with, by name.
    pub against: Option<String>,
    /// The recorded margin used (Black minus White), after converting zi results.
    pub recorded_margin: Option<f64>,
}

/// Compares the recorded result with the count under the record's rules. With `rules_known` false (no or an
/// unknown `RU`), every count is tried and the first that matches is named; if none does, the Japanese one
/// (the default rules) is the one reported. `in_zi`: the record writes results in Chinese half-points.
pub fn check_result(
    recorded: &GameResult,
    score: &Score,
    rules: &Rules,
    rules_known: bool,
    in_zi: bool,
) -> ResultCheck {
    let Some(mut margin) = recorded.checkable_margin() else {
        return ResultCheck { matches: None, against: None, recorded_margin: None };
    };
    if in_zi {
        margin *= 2.0;
    }
    let agrees = |count: &Count| (count.margin - margin).abs() < 1e-6;
    let mut candidates: Vec<(&str, &Count)> = vec![("japanese", &score.japanese), ("chinese", &score.chinese)];
    if let Some(own) = &score.record_rules {
        candidates.push((own.rules.as_str(), &own.count));
    }
    if rules_known {
        let own_name = match rules.preset {
            Some(Preset::Japanese) => "japanese",
            Some(Preset::Chinese) => "chinese",
            _ => rules.name.as_str(),
        };
        if let Some((name, count)) = candidates.iter().find(|(n, _)| *n == own_name) {
            return ResultCheck {
                matches: Some(agrees(count)),
                against: Some(name.to_string()),
                recorded_margin: Some(margin),
            };
        }
    }
    match candidates.iter().find(|(_, c)| agrees(c)) {
        Some((name, _)) => {
            ResultCheck { matches: Some(true), against: Some(name.to_string()), recorded_margin: Some(margin) }
        }
        None => ResultCheck { matches: Some(false), against: Some("japanese".into()), recorded_margin: Some(margin) },
    }
}
