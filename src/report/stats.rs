//! The `stats` report: the text tables and histograms, and the JSON document (`schema/stats.schema.json`), of
//! the statistics `crate::stats` folds in; and the reporter that folds them file by file and prints them at
//! the end.

use std::fmt::Write as _;

use serde::Serialize;

use super::text::error_line;
use crate::stats::duplicates::{Duplicates, MIN_COMPARED};
use crate::stats::histogram::{Distribution, MARGIN_SCALE};
use crate::stats::{GroupBy, Grouping, Lists, STATS_SCHEMA_VERSION, Stats, StatsOptions, game_name, source_name};
use gotool_model::{CHECKPOINT, FileReport, Summary};
use gotool_render::escape_terminal;

/// A group's row as JSON.
#[derive(Serialize)]
struct GroupRow<'a> {
    key: &'a str,
    /// Folders only: files in the folder, and how many could not be read whole.
    #[serde(skip_serializing_if = "Option::is_none")]
    files: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unreadable: Option<usize>,
    games: usize,
    invalid: usize,
    result_mismatches: usize,
    rules_not_given: usize,
    komi_not_given: usize,
    black_wins: usize,
    white_wins: usize,
    median_moves: Option<f64>,
}

/// `n` as a percentage of `of`, in a 7-character column: one decimal, except that a count that is neither none
/// nor all never reads as `0.0 %` or `100.0 %` (`<0.1 %`, `>99.9 %`).
fn percent(n: usize, of: usize) -> String {
    if of == 0 {
        return String::new();
    }
    let p = 100.0 * n as f64 / of as f64;
    match format!("{p:.1}").as_str() {
        "0.0" if n > 0 => " <0.1 %".to_string(),
        "100.0" if n < of => ">99.9 %".to_string(),
        text => format!("{text:>5} %"),
    }
}

impl Stats {
    /// The text tables.
    pub(crate) fn to_text(&self, ascii: bool) -> String {
        let mut out = String::new();
        let games = self.games;
        let unreadable: usize = self.file_errors.values().sum();
        let files_note = if unreadable > 0 { format!("  (% of the {} files)", self.files) } else { String::new() };
        let _ = writeln!(out, "files{files_note}");
        row(&mut out, 2, "all", self.files, "");
        if unreadable > 0 {
            row(&mut out, 2, "not readable whole", unreadable, &percent(unreadable, self.files));
            for (code, n) in &self.file_errors {
                row(&mut out, 4, code, *n, &percent(*n, self.files));
            }
        }
        let _ = writeln!(out, "games  (% of the {})", games_count(games));
        row(&mut out, 2, "all", games, "");
        row(&mut out, 2, "valid", self.valid(), &percent(self.valid(), games));
        row(&mut out, 2, "invalid", self.invalid, &percent(self.invalid, games));
        for (code, n) in &self.invalid_by_code {
            row(&mut out, 4, code, *n, &percent(*n, games));
        }
        if !self.warnings_by_code.is_empty() {
            let _ = writeln!(out, "warnings  (every occurrence: a game can have several)");
            for (code, n) in &self.warnings_by_code {
                row(&mut out, 4, code, *n, "");
            }
        }
        let not_replayable = (self.not_replayable > 0).then_some(("(not replayable)".to_string(), self.not_replayable));
        let of_games = format!("% of the {}", games_count(games));
        let sizes = self.board_sizes.iter().map(|(k, n)| (k.clone(), *n)).chain(not_replayable.clone());
        table(&mut out, "board sizes", &of_games, sizes.collect(), games);
        let rules = self.rules_rows().into_iter().map(|(label, _, _, n)| (label, n)).chain(not_replayable.clone());
        table(&mut out, "rules (as checked; no RU means japanese)", &of_games, rules.collect(), games);
        let komi = self.komi_rows().into_iter().map(|(label, _, _, n)| (label, n)).chain(not_replayable.clone());
        table(&mut out, "komi (no KM means 0)", &of_games, komi.collect(), games);
        let handicaps = self
            .handicap
            .iter()
            .map(|(h, n)| (if *h == 0 { "even".to_string() } else { h.to_string() }, *n))
            .chain(not_replayable);
        table(&mut out, "handicap", &of_games, handicaps.collect(), games);
        let r = &self.results;
        let _ = writeln!(out, "results  ({of_games})");
        for (label, n) in [
            ("Black wins", r.black_wins),
            ("White wins", r.white_wins),
            ("draws", r.draws),
            ("void", r.void),
            ("unknown / none", r.unknown),
        ] {
            row(&mut out, 4, label, n, &percent(n, games));
        }
        let w = &self.wins;
        let wins = w.total();
        let _ = writeln!(out, "wins by  (% of the {wins} won game{})", gotool_model::plural(wins));
        for (label, n) in [
            ("counting", w.counted),
            ("resignation", w.resignation),
            ("time", w.time),
            ("forfeit", w.forfeit),
            ("other, no margin", w.other),
        ] {
            row(&mut out, 4, label, n, &percent(n, wins));
        }
        let margins = self.margins.distribution(MARGIN_SCALE);
        histogram(&mut out, "winning margins", "won by counting", "points", &margins, ascii);
        histogram(&mut out, "game length", "replayed", "moves", &self.lengths.distribution(1), ascii);
        let c = &self.result_checks;
        let _ = writeln!(
            out,
            "RE checks        {} matched, {} mismatched, {} unconfirmed (no dead-stone information), {} scored but not checkable, {} not scored",
            c.matched, c.mismatched, c.unconfirmed, c.not_checkable, c.not_scored
        );
        let _ = writeln!(out, "dead-stone markup {}", games_count(self.with_dead_stone_markup));
        for grouping in &self.groupings {
            grouping.to_text(&mut out);
        }
        if let Some(lists) = &self.lists {
            lists.to_text(&mut out, c.unconfirmed);
        }
        if let Some(duplicates) = &self.duplicates {
            duplicates.to_text(&mut out);
        }
        out
    }

    /// The JSON document.
    pub(crate) fn to_json(&self) -> serde_json::Value {
        use serde_json::{Value, json};
        let rules: Vec<Value> = self
            .rules_rows()
            .into_iter()
            .map(|(_, name, source, n)| json!({"rules": name, "source": source_name(source), "games": n}))
            .collect();
        let komi: Vec<Value> = self
            .komi_rows()
            .into_iter()
            .map(|(_, komi, source, n)| json!({"komi": komi, "source": source_name(source), "games": n}))
            .collect();
        let handicap: serde_json::Map<String, Value> =
            self.handicap.iter().map(|(h, n)| (h.to_string(), json!(n))).collect();
        let mut doc = json!({
            "schema_version": STATS_SCHEMA_VERSION,
            "files": self.files,
            "file_errors": self.file_errors,
            "games": self.games,
            "valid": self.valid(),
            "invalid": self.invalid,
            "invalid_by_code": self.invalid_by_code,
            "warnings_by_code": self.warnings_by_code,
            "not_replayable": self.not_replayable,
            "board_sizes": self.board_sizes,
            "rules": rules,
            "komi": komi,
            "handicap": handicap,
            "results": self.results,
            "wins": self.wins,
            "margins": self.margins.distribution(MARGIN_SCALE),
            "lengths": self.lengths.distribution(1),
            "result_checks": self.result_checks,
            "with_dead_stone_markup": self.with_dead_stone_markup,
        });
        if !self.groupings.is_empty() {
            let by: serde_json::Map<String, Value> =
                self.groupings.iter().map(|g| (g.by.name().to_string(), g.to_json())).collect();
            doc["by"] = Value::Object(by);
        }
        if let Some(lists) = &self.lists {
            doc["lists"] = json!(lists);
        }
        if let Some(duplicates) = &self.duplicates {
            doc["duplicates"] = duplicates.to_json();
        }
        doc
    }
}

impl Grouping {
    fn to_text(&self, out: &mut String) {
        let folders = self.by == GroupBy::Folder;
        let _ = writeln!(out, "by {}", self.by.name());
        let files = if folders { "   files unreadable" } else { "" };
        let _ = writeln!(
            out,
            "  {files}   games invalid  RE contradicted  no RU  no KM  median moves  Black wins  {}",
            self.by.name()
        );
        for ((_, key), g) in &self.groups {
            let files = if folders { format!("{:>8} {:>10}", g.files, g.unreadable) } else { String::new() };
            let median = g.lengths.value_at(g.lengths.total().saturating_sub(1) / 2);
            let decided = g.black_wins + g.white_wins;
            let _ = writeln!(
                out,
                "  {files}{:>8} {:>7} {:>16} {:>6} {:>6} {:>13}  {:>10}  {}",
                g.games,
                g.invalid,
                g.result_mismatches,
                g.rules_not_given,
                g.komi_not_given,
                median.map_or("-".to_string(), |m| m.to_string()),
                if decided == 0 { "-".to_string() } else { percent(g.black_wins, decided).trim().to_string() },
                escape_terminal(key)
            );
        }
        if !folders {
            let _ = writeln!(out, "  (files that could not be read at all are in no {} group)", self.by.name());
        }
    }

    fn to_json(&self) -> serde_json::Value {
        let folders = self.by == GroupBy::Folder;
        let rows: Vec<GroupRow> = self
            .groups
            .iter()
            .map(|((_, key), g)| GroupRow {
                key,
                files: folders.then_some(g.files),
                unreadable: folders.then_some(g.unreadable),
                games: g.games,
                invalid: g.invalid,
                result_mismatches: g.result_mismatches,
                rules_not_given: g.rules_not_given,
                komi_not_given: g.komi_not_given,
                black_wins: g.black_wins,
                white_wins: g.white_wins,
                median_moves: g.lengths.value_at(g.lengths.total().saturating_sub(1) / 2).map(|m| m as f64),
            })
            .collect();
        serde_json::json!(rows)
    }
}

impl Lists {
    fn to_text(&self, out: &mut String, unconfirmed: usize) {
        let _ = writeln!(out, "files not readable whole ({})", self.unreadable.len());
        for f in &self.unreadable {
            let path = escape_terminal(&f.path);
            let place = match (f.line, f.column) {
                (Some(l), Some(c)) => format!("{path}:{l}:{c}"),
                _ => path.into_owned(),
            };
            let _ = writeln!(out, "    {place}: error: {} [{}]", escape_terminal(&f.message), f.code);
        }
        let _ = writeln!(out, "invalid games ({})", self.invalid.len());
        for g in &self.invalid {
            let _ =
                writeln!(out, "    {}", error_line(&game_name(&g.path, g.index, g.in_collection), &g.error, "error"));
        }
        let _ = writeln!(
            out,
            "RE contradicted by the count ({}; {unconfirmed} more disagree without dead-stone information)",
            self.result_mismatches.len()
        );
        for m in &self.result_mismatches {
            let _ = writeln!(
                out,
                "    {}: RE {}, {} count {}",
                game_name(&m.path, m.index, m.in_collection),
                escape_terminal(&m.recorded),
                m.rules,
                m.counted
            );
        }
    }
}

/// Where the counts of the text tables end: labels, indented, fill the columns before.
const LABEL_WIDTH: usize = 28;

/// One row of a text table: the label indented, the count, its percentage.
fn row(out: &mut String, indent: usize, label: &str, n: usize, percent: &str) {
    let width = LABEL_WIDTH.saturating_sub(indent);
    let line = format!("{:indent$}{label:<width$}{n:>8}  {percent}", "");
    let _ = writeln!(out, "{}", line.trim_end());
}

impl Duplicates {
    fn to_text(&self, out: &mut String) {
        let games = &self.games;
        let same = self.same_moves();
        let in_groups: usize = same.iter().map(Vec::len).sum();
        let _ = writeln!(
            out,
            "duplicates  ({} compared, up to rotation and reflection; {} with fewer than {MIN_COMPARED} moves \
             and setup stones left out)",
            games_count(games.len()),
            self.too_short
        );
        let _ = writeln!(
            out,
            "  same moves: {} group{}, {in_groups} games, {} of them extra copies",
            same.len(),
            gotool_model::plural(same.len()),
            in_groups - same.len()
        );
        for group in &same {
            let _ = writeln!(out, "    {} games of {} moves", group.len(), games[group[0]].moves);
            for &i in group {
                let _ = writeln!(out, "        {}", games[i].name());
            }
        }
        let opening = self.same_opening();
        let _ = writeln!(
            out,
            "  same first {CHECKPOINT} moves, then different or cut short: {} group{}",
            opening.len(),
            gotool_model::plural(opening.len())
        );
        for group in &opening {
            let longest = &games[group[0]];
            let _ = writeln!(out, "    {} games", group.len());
            let _ = writeln!(out, "        {:>5} moves  {}  (the longest)", longest.moves, longest.name());
            for &i in &group[1..] {
                let game = &games[i];
                let shared = game.shared_moves(longest);
                let how = if game.moves_hash == longest.moves_hash {
                    "the same moves".to_string()
                } else if game.moves < longest.moves && shared == game.moves / CHECKPOINT * CHECKPOINT {
                    format!("a truncated copy? agrees with the longest at every {CHECKPOINT}th move up to {shared}")
                } else {
                    format!("parts from the longest after move {shared}, by move {}", shared + CHECKPOINT)
                };
                let _ = writeln!(out, "        {:>5} moves  {}  ({how})", game.moves, game.name());
            }
        }
    }

    fn to_json(&self) -> serde_json::Value {
        use serde_json::json;
        let games = &self.games;
        let member = |i: usize| json!({"path": games[i].path, "index": games[i].index});
        let same: Vec<serde_json::Value> = self
            .same_moves()
            .into_iter()
            .map(|g| json!({"moves": games[g[0]].moves, "games": g.into_iter().map(member).collect::<Vec<_>>()}))
            .collect();
        let opening: Vec<serde_json::Value> = self
            .same_opening()
            .into_iter()
            .map(|g| {
                let longest = &games[g[0]];
                let rows: Vec<serde_json::Value> = g
                    .iter()
                    .map(|&i| {
                        let game = &games[i];
                        json!({
                            "path": game.path,
                            "index": game.index,
                            "moves": game.moves,
                            "moves_hash": format!("{:016x}", game.moves_hash),
                            "shared_with_longest": if i == g[0] { game.moves } else { game.shared_moves(longest) },
                        })
                    })
                    .collect();
                json!({"games": rows})
            })
            .collect();
        json!({
            "games_compared": games.len(),
            "too_short": self.too_short,
            "same_moves": same,
            "same_opening": opening,
        })
    }
}

/// A block of labelled counts, the most frequent first: the first 15 rows, then how many more.
fn table(out: &mut String, title: &str, of: &str, mut rows: Vec<(String, usize)>, total: usize) {
    let _ = writeln!(out, "{title}  ({of})");
    rows.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    for (label, n) in rows.iter().take(15) {
        row(out, 4, label, *n, &percent(*n, total));
    }
    if rows.len() > 15 {
        let rest: usize = rows[15..].iter().map(|(_, n)| n).sum();
        row(out, 4, &format!("… {} more values", rows.len() - 15), rest, &percent(rest, total));
    }
}

/// Width of the longest bar, in characters.
const BAR_WIDTH: usize = 40;

/// A bar of `n` against the longest `max`: whole blocks and an eighth-block, or `#`s; never empty for n > 0.
fn bar(n: usize, max: usize, ascii: bool) -> String {
    if n == 0 || max == 0 {
        return String::new();
    }
    if ascii {
        let len = (n * BAR_WIDTH).div_ceil(max).clamp(1, BAR_WIDTH);
        return "#".repeat(len);
    }
    let eighths = ((n * BAR_WIDTH * 8) as f64 / max as f64).round().max(1.0) as usize;
    let mut s = "█".repeat(eighths / 8);
    if !eighths.is_multiple_of(8) {
        s.push(['▏', '▎', '▍', '▌', '▋', '▊', '▉'][eighths % 8 - 1]);
    }
    s
}

/// A histogram drawn in the terminal: a summary line, then one bar per bin with its count and share.
/// `1 game`, `2 games`.
fn games_count(n: usize) -> String {
    format!("{n} game{}", gotool_model::plural(n))
}

fn histogram(out: &mut String, title: &str, of: &str, unit: &str, d: &Distribution, ascii: bool) {
    let (Some(min), Some(median), Some(max)) = (d.min, d.median, d.max) else {
        let _ = writeln!(out, "{title}  (no games {of})");
        return;
    };
    let _ = writeln!(
        out,
        "{title}  ({} {of}: min {min}, median {median}, max {max} {unit}; % of the {})",
        games_count(d.games),
        d.games
    );
    let (at_most, dash) = if ascii { ("<=", "-") } else { ("≤", "–") };
    let _ = writeln!(out, "    {unit}, from {at_most} x < to");
    let max = d.bins.iter().map(|b| b.games).max().unwrap_or(0);
    for b in &d.bins {
        let range = match (b.from, b.to) {
            (Some(from), Some(to)) => format!("{from:>8} {dash} {to}"),
            (None, Some(to)) => format!("{:>8}   {to}", "<"),
            (Some(from), None) => format!("{from:>8} or more"),
            (None, None) => String::new(),
        };
        let bar = bar(b.games, max, ascii);
        row(out, 4, &range, b.games, &format!("{}  {bar}", percent(b.games, d.games)));
    }
}

/// A reporter that prints nothing per file and the statistics at the end.
pub(crate) struct StatsReporter<W: std::io::Write> {
    out: W,
    json: bool,
    ascii: bool,
    stats: Stats,
}

impl<W: std::io::Write> StatsReporter<W> {
    pub(crate) fn new(out: W, json: bool, options: StatsOptions) -> Self {
        StatsReporter { out, json, ascii: options.ascii, stats: Stats::new(&options) }
    }
}

impl<W: std::io::Write> crate::report::Reporter for StatsReporter<W> {
    fn file(&mut self, report: &FileReport) -> std::io::Result<()> {
        self.stats.add(report);
        Ok(())
    }

    fn finish(&mut self, summary: &Summary) -> std::io::Result<()> {
        if self.json {
            let mut doc = self.stats.to_json();
            // What the walks left out is the run's, not the counters': the files never reached them.
            if let serde_json::Value::Object(fields) = &mut doc {
                fields.insert("skipped".into(), summary.skipped.into());
            }
            serde_json::to_writer_pretty(&mut self.out, &doc).map_err(std::io::Error::other)?;
            writeln!(self.out)?;
        } else {
            write!(self.out, "{}", self.stats.to_text(self.ascii))?;
            if summary.skipped > 0 {
                writeln!(self.out, "skipped: {} (hidden, or macOS metadata: see --hidden)", summary.skipped)?;
            }
        }
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_never_round_a_part_to_none_or_all() {
        assert_eq!(percent(6, 18_332), " <0.1 %");
        assert_eq!(percent(18_326, 18_332), ">99.9 %");
        assert_eq!(percent(0, 18_332), "  0.0 %");
        assert_eq!(percent(18_332, 18_332), "100.0 %");
        assert_eq!(percent(1, 3), " 33.3 %");
        assert_eq!(percent(0, 0), "");
    }

    #[test]
    fn bars_are_never_empty_for_a_count() {
        assert_eq!(bar(1, 10_000, false), "▏");
        assert_eq!(bar(1, 10_000, true), "#");
        assert_eq!(bar(10, 10, false).chars().count(), BAR_WIDTH);
        assert_eq!(bar(5, 10, true).len(), BAR_WIDTH / 2);
        assert_eq!(bar(0, 10, false), "");
    }
}
