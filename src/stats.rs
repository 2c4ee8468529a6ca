//! `gotool stats`: an archive at a glance. Folds file reports into counters as they stream past, so memory
//! depends on how many distinct values there are (board sizes, komi values, margins), never on the archive size.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;

use crate::go::Color;
use crate::model::{DeadSource, FileReport, GameResult, Severity, Summary, WinBy};

/// Results by outcome, like a game server's statistics page.
#[derive(Clone, Debug, Default, Serialize)]
pub(crate) struct Outcomes {
    pub black_wins: usize,
    pub white_wins: usize,
    pub draws: usize,
    pub void: usize,
    /// `?`, free text, or no `RE` at all.
    pub unknown: usize,
}

/// How the games were won.
#[derive(Clone, Debug, Default, Serialize)]
pub(crate) struct WinKinds {
    pub counted: usize,
    pub resignation: usize,
    pub time: usize,
    pub forfeit: usize,
    /// `B+` with no margin, or another reason (`B+Illegal`).
    pub other: usize,
}

/// Minimum, median and maximum of the winning margins of counted games.
#[derive(Clone, Debug, Default, Serialize)]
pub(crate) struct Margins {
    pub games: usize,
    pub min: Option<f64>,
    pub median: Option<f64>,
    pub max: Option<f64>,
}

/// How the recorded results compare with gotool's counts.
#[derive(Clone, Debug, Default, Serialize)]
pub(crate) struct ResultChecks {
    pub matched: usize,
    pub mismatched: usize,
    /// Disagreed, but the game had no dead-stone information: every stone was counted alive.
    pub unconfirmed: usize,
    /// Scored, but `RE` has no margin (resignation with markup, missing `RE`).
    pub not_checkable: usize,
    /// Not scored at all (resigned, unfinished, invalid).
    pub not_scored: usize,
}

#[derive(Clone, Debug, Default, Serialize)]
pub(crate) struct Stats {
    pub files: usize,
    pub file_errors: BTreeMap<String, usize>,
    pub games: usize,
    pub valid: usize,
    pub invalid: usize,
    /// Invalid games by the code of their first error.
    pub invalid_by_code: BTreeMap<String, usize>,
    /// Warnings by code (every occurrence).
    pub warnings_by_code: BTreeMap<String, usize>,
    pub board_sizes: BTreeMap<String, usize>,
    pub rules: BTreeMap<String, usize>,
    pub komi: BTreeMap<String, usize>,
    pub handicap: BTreeMap<u32, usize>,
    pub results: Outcomes,
    pub wins: WinKinds,
    pub margins: Margins,
    pub result_checks: ResultChecks,
    /// Games whose final node carries TB/TW dead-stone and territory markup.
    pub with_dead_stone_markup: usize,
    /// Winning margins in quarter points → games, for the exact median.
    #[serde(skip)]
    margin_histogram: BTreeMap<i64, usize>,
}

impl Stats {
    pub(crate) fn add(&mut self, report: &FileReport) {
        self.files += 1;
        if let Some(e) = &report.error {
            *self.file_errors.entry(e.code.to_string()).or_default() += 1;
        }
        for d in report.diagnostics.iter().filter(|d| d.severity == Severity::Warning) {
            *self.warnings_by_code.entry(d.code.to_string()).or_default() += 1;
        }
        for game in &report.games {
            self.games += 1;
            if game.is_valid() {
                self.valid += 1;
            } else {
                self.invalid += 1;
                if let Some(e) = game.first_error() {
                    *self.invalid_by_code.entry(e.code.to_string()).or_default() += 1;
                }
            }
            for d in game.diagnostics.iter().filter(|d| d.severity == Severity::Warning) {
                *self.warnings_by_code.entry(d.code.to_string()).or_default() += 1;
            }
            if let (Some([w, h]), Some(rules), Some(komi)) = (game.board_size, &game.rules, game.komi) {
                let size = if w == h { format!("{w}x{h}") } else { format!("{w}:{h}") };
                *self.board_sizes.entry(size).or_default() += 1;
                *self.rules.entry(rules.to_string()).or_default() += 1;
                *self.komi.entry(format!("{komi}")).or_default() += 1;
                *self.handicap.entry(game.handicap).or_default() += 1;
            }
            self.add_result(game.result.as_ref().map(|r| &r.outcome));
            match &game.score {
                None => self.result_checks.not_scored += 1,
                Some(s) => {
                    match s.matches_record {
                        Some(true) => self.result_checks.matched += 1,
                        Some(false) if s.unconfirmed() => self.result_checks.unconfirmed += 1,
                        Some(false) => self.result_checks.mismatched += 1,
                        None => self.result_checks.not_checkable += 1,
                    }
                    if s.dead_source == DeadSource::Record {
                        self.with_dead_stone_markup += 1;
                    }
                }
            }
        }
    }

    fn add_result(&mut self, outcome: Option<&GameResult>) {
        match outcome.unwrap_or(&GameResult::Unknown) {
            GameResult::Win { winner, by } => {
                match winner {
                    Color::Black => self.results.black_wins += 1,
                    Color::White => self.results.white_wins += 1,
                }
                match by {
                    WinBy::Points(p) => {
                        self.wins.counted += 1;
                        *self.margin_histogram.entry((p * 4.0).round() as i64).or_default() += 1;
                    }
                    WinBy::Resignation => self.wins.resignation += 1,
                    WinBy::Time => self.wins.time += 1,
                    WinBy::Forfeit => self.wins.forfeit += 1,
                    WinBy::Unspecified | WinBy::Other(_) => self.wins.other += 1,
                }
            }
            GameResult::Draw => self.results.draws += 1,
            GameResult::Void => self.results.void += 1,
            GameResult::Unknown | GameResult::Other { .. } => self.results.unknown += 1,
        }
    }

    /// Computes the margin summary from the histogram.
    pub(crate) fn finish(&mut self) {
        let total: usize = self.margin_histogram.values().sum();
        self.margins.games = total;
        if total == 0 {
            return;
        }
        let quarter = |q: i64| q as f64 / 4.0;
        self.margins.min = self.margin_histogram.keys().next().map(|&q| quarter(q));
        self.margins.max = self.margin_histogram.keys().next_back().map(|&q| quarter(q));
        // The lower median for an even count: a margin that some game actually had.
        let target = (total - 1) / 2;
        let mut seen = 0;
        for (&q, &n) in &self.margin_histogram {
            if seen + n > target {
                self.margins.median = Some(quarter(q));
                break;
            }
            seen += n;
        }
    }

    /// The text table.
    pub(crate) fn to_text(&self) -> String {
        let mut out = String::new();
        let pct = |n: usize, of: usize| if of == 0 { 0.0 } else { 100.0 * n as f64 / of as f64 };
        let _ = writeln!(out, "files            {}", self.files);
        for (code, n) in &self.file_errors {
            let _ = writeln!(out, "  not readable ({code})  {n}");
        }
        let _ = writeln!(out, "games            {}", self.games);
        let _ = writeln!(out, "  valid          {:>8}  {:5.1} %", self.valid, pct(self.valid, self.games));
        let _ = writeln!(out, "  invalid        {:>8}  {:5.1} %", self.invalid, pct(self.invalid, self.games));
        for (code, n) in &self.invalid_by_code {
            let _ = writeln!(out, "    {code:<20}{n:>6}");
        }
        if !self.warnings_by_code.is_empty() {
            let _ = writeln!(out, "warnings");
            for (code, n) in &self.warnings_by_code {
                let _ = writeln!(out, "    {code:<28}{n:>8}");
            }
        }
        let table = |out: &mut String, title: &str, map: &BTreeMap<String, usize>, of: usize| {
            let _ = writeln!(out, "{title}");
            let mut rows: Vec<(&String, &usize)> = map.iter().collect();
            rows.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
            for (k, n) in rows.iter().take(15) {
                let _ = writeln!(out, "    {k:<20}{n:>8}  {:5.1} %", pct(**n, of));
            }
            if rows.len() > 15 {
                let _ = writeln!(out, "    … {} more values", rows.len() - 15);
            }
        };
        let counted = self.board_sizes.values().sum();
        table(&mut out, "board sizes", &self.board_sizes, counted);
        table(&mut out, "rules", &self.rules, counted);
        table(&mut out, "komi", &self.komi, counted);
        let handicaps: BTreeMap<String, usize> =
            self.handicap.iter().map(|(h, n)| (if *h == 0 { "even".to_string() } else { h.to_string() }, *n)).collect();
        table(&mut out, "handicap", &handicaps, counted);
        let r = &self.results;
        let _ = writeln!(out, "results");
        for (label, n) in [
            ("Black wins", r.black_wins),
            ("White wins", r.white_wins),
            ("draws", r.draws),
            ("void", r.void),
            ("unknown / none", r.unknown),
        ] {
            let _ = writeln!(out, "    {label:<20}{n:>8}  {:5.1} %", pct(n, self.games));
        }
        let w = &self.wins;
        let wins = w.counted + w.resignation + w.time + w.forfeit + w.other;
        let _ = writeln!(out, "wins by");
        for (label, n) in [
            ("counting", w.counted),
            ("resignation", w.resignation),
            ("time", w.time),
            ("forfeit", w.forfeit),
            ("other", w.other),
        ] {
            let _ = writeln!(out, "    {label:<20}{n:>8}  {:5.1} %", pct(n, wins));
        }
        let m = &self.margins;
        let show = |x: Option<f64>| x.map_or("-".to_string(), |v| v.to_string());
        let _ = writeln!(
            out,
            "winning margins  {} counted games: min {}, median {}, max {}",
            m.games,
            show(m.min),
            show(m.median),
            show(m.max)
        );
        let c = &self.result_checks;
        let _ = writeln!(
            out,
            "RE checks        {} matched, {} mismatched, {} unconfirmed (no dead-stone information), {} scored but not checkable, {} not scored",
            c.matched, c.mismatched, c.unconfirmed, c.not_checkable, c.not_scored
        );
        let _ = writeln!(out, "dead-stone markup {} games", self.with_dead_stone_markup);
        out
    }
}

/// A reporter that prints nothing per file and the statistics at the end.
pub(crate) struct StatsReporter<W: std::io::Write> {
    out: W,
    json: bool,
    stats: Stats,
}

impl<W: std::io::Write> StatsReporter<W> {
    pub(crate) fn new(out: W, json: bool) -> Self {
        StatsReporter { out, json, stats: Stats::default() }
    }
}

impl<W: std::io::Write> crate::report::Reporter for StatsReporter<W> {
    fn file(&mut self, report: &FileReport) -> std::io::Result<()> {
        self.stats.add(report);
        Ok(())
    }

    fn finish(&mut self, _summary: &Summary) -> std::io::Result<()> {
        self.stats.finish();
        if self.json {
            serde_json::to_writer_pretty(&mut self.out, &self.stats).map_err(std::io::Error::other)?;
            writeln!(self.out)?;
        } else {
            write!(self.out, "{}", self.stats.to_text())?;
        }
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_margins_is_a_margin_that_occurred() {
        let mut s = Stats::default();
        for re in ["B+0.5", "W+3.5", "B+10.5", "W+R", "0", "Void", "?", "B+R"] {
            s.add_result(Some(&crate::sgf::values::parse_result(re)));
        }
        s.finish();
        assert_eq!(s.margins.games, 3);
        assert_eq!((s.margins.min, s.margins.median, s.margins.max), (Some(0.5), Some(3.5), Some(10.5)));
        assert_eq!((s.results.black_wins, s.results.white_wins), (3, 2));
        assert_eq!((s.results.draws, s.results.void, s.results.unknown), (1, 1, 1));
        assert_eq!((s.wins.counted, s.wins.resignation), (3, 2));
    }
}
