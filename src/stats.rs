//! `gotool stats`: an archive at a glance. Folds file reports into counters as they stream past, so memory
//! depends on how many distinct values there are (board sizes, komi values, margins, game lengths, folders),
//! never on the archive size; only `--list` keeps something per listed game, and `--duplicates` per game.
//!
//! Every percentage says what it is of: the per-game blocks (board sizes, rules, komi, handicap, results) are all
//! of the games, the games that could not be replayed being a row of their own, so each block adds up to the
//! same total; the ways of winning are of the won games, a histogram's bars of the games it counts. A count
//! that is neither none nor all never shows as 0.0 % or 100.0 % (see [`percent`]).
//!
//! The JSON document (`--format json`) is described by `schema/stats.schema.json`; its `schema_version` changes
//! only for a breaking change.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use serde::Serialize;

use crate::report::text::error_line;
use gotool_go::Color;
use gotool_model::{
    CHECKPOINT, CHECKPOINTS, DeadSource, Diagnostic, FileReport, GameReport, GameResult, Severity, Source, Summary,
    WinBy,
};
use gotool_render::escape_terminal;

/// The version of the stats document's shape (`schema/stats.schema.json`).
pub(crate) const STATS_SCHEMA_VERSION: u32 = 1;

/// What `stats --by` breaks the counts down by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum GroupBy {
    /// The folder the file is in, as its path names it.
    Folder,
    /// The year of the game (`DT`).
    Year,
    /// The rules the game was checked under, and whether the record stated them.
    Rules,
    /// The board size.
    Size,
}

impl GroupBy {
    fn name(self) -> &'static str {
        match self {
            GroupBy::Folder => "folder",
            GroupBy::Year => "year",
            GroupBy::Rules => "rules",
            GroupBy::Size => "size",
        }
    }
}

/// What `stats` prints besides the totals.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct StatsOptions {
    /// A table for each of these groupings, in this order.
    pub by: Vec<GroupBy>,
    /// List the unreadable files, invalid games and contradicted results.
    pub list: bool,
    /// Histogram bars in ASCII.
    pub ascii: bool,
    /// Group the games that are copies of each other.
    pub duplicates: bool,
}

/// Results by outcome, like a game server's statistics page.
#[derive(Clone, Debug, Default, Serialize)]
struct Outcomes {
    black_wins: usize,
    white_wins: usize,
    draws: usize,
    void: usize,
    /// `?`, free text, or no `RE` at all.
    unknown: usize,
}

/// How the games were won.
#[derive(Clone, Debug, Default, Serialize)]
struct WinKinds {
    counted: usize,
    resignation: usize,
    time: usize,
    forfeit: usize,
    /// `B+` with no margin (`B+0` too), or another reason (`B+Illegal`).
    other: usize,
}

impl WinKinds {
    fn total(&self) -> usize {
        self.counted + self.resignation + self.time + self.forfeit + self.other
    }
}

/// How the recorded results compare with gotool's counts.
#[derive(Clone, Debug, Default, Serialize)]
struct ResultChecks {
    matched: usize,
    mismatched: usize,
    /// Disagreed, but the game had no dead-stone information: every stone was counted alive.
    unconfirmed: usize,
    /// Scored, but `RE` has no margin (resignation with markup, missing `RE`).
    not_checkable: usize,
    /// Not scored at all (resigned, unfinished, invalid).
    not_scored: usize,
}

/// Exact counts of a quantity (a margin in quarter points, a number of moves): value → games. Holds one entry per
/// distinct value, so medians and bins are exact.
#[derive(Clone, Debug, Default)]
struct Histogram(BTreeMap<u64, usize>);

/// One bar of a histogram: the games with `from <= value < to`; `from` is `None` for the bar of everything
/// below the others, `to` for the bar of everything above.
#[derive(Clone, Debug, PartialEq, Serialize)]
struct Bin {
    from: Option<f64>,
    to: Option<f64>,
    games: usize,
}

/// A histogram's summary and bars, in the quantity's own unit (points, moves).
#[derive(Clone, Debug, Default, Serialize)]
struct Distribution {
    games: usize,
    min: Option<f64>,
    /// The lower median: a value some game had.
    median: Option<f64>,
    max: Option<f64>,
    bins: Vec<Bin>,
}

/// Margins are kept in hundredths of a point: results write `B+0.02`.
const MARGIN_SCALE: u64 = 100;

/// At most this many bars cover the values between the 1st and the 95th percentile; the rest go into a bar
/// below and one above (the tail of very long games and huge margins would otherwise squash the bars).
const MAX_BINS: u64 = 20;

impl Histogram {
    fn add(&mut self, value: u64) {
        *self.0.entry(value).or_default() += 1;
    }

    fn total(&self) -> usize {
        self.0.values().sum()
    }

    /// The smallest value with more than `rank` games below or at it (0-based rank).
    fn value_at(&self, rank: usize) -> Option<u64> {
        let mut seen = 0;
        self.0.iter().find_map(|(&v, &n)| {
            seen += n;
            (seen > rank).then_some(v)
        })
    }

    /// The summary and bars; values are in units of `1 / scale` (100 for hundredths of a point).
    fn distribution(&self, scale: u64) -> Distribution {
        let total = self.total();
        let unit = |v: u64| v as f64 / scale as f64;
        if total == 0 {
            return Distribution::default();
        }
        let (min, max) = (*self.0.keys().next().unwrap_or(&0), *self.0.keys().next_back().unwrap_or(&0));
        let low = self.value_at(total / 100).unwrap_or(min);
        let high = self.value_at(total - 1 - total / 20).unwrap_or(max);
        // A round width (1, 2 or 5 × a power of ten, in the quantity's unit: whole points, so that every bar holds
        // as many of the half points margins are made of) that covers the 1st to the 95th percentile in at most
        // MAX_BINS bars, starting at a multiple of itself.
        let width = (0..12)
            .flat_map(|power| [1, 2, 5].map(|m| m * 10u64.pow(power) * scale))
            .find(|&w| high / w - low / w < MAX_BINS)
            .unwrap_or(u64::MAX);
        let (start, end) = (low / width * width, (high / width + 1) * width);
        let count = |range: std::ops::Range<u64>| self.0.range(range).map(|(_, n)| n).sum::<usize>();
        let mut bins = Vec::new();
        if min < start {
            bins.push(Bin { from: None, to: Some(unit(start)), games: count(0..start) });
        }
        for from in (start..end).step_by(width as usize) {
            bins.push(Bin { from: Some(unit(from)), to: Some(unit(from + width)), games: count(from..from + width) });
        }
        if max >= end {
            bins.push(Bin { from: Some(unit(end)), to: None, games: count(end..u64::MAX) });
        }
        Distribution {
            games: total,
            min: Some(unit(min)),
            median: self.value_at((total - 1) / 2).map(unit),
            max: Some(unit(max)),
            bins,
        }
    }
}

/// The counts of one group of a `--by` table.
#[derive(Clone, Debug, Default)]
struct Group {
    files: usize,
    unreadable: usize,
    games: usize,
    invalid: usize,
    result_mismatches: usize,
    rules_not_given: usize,
    komi_not_given: usize,
    black_wins: usize,
    white_wins: usize,
    lengths: Histogram,
}

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

/// The groups of one `--by` table, keyed by (rank, label) so that "(no year)" and "(not replayable)" sort last.
#[derive(Clone, Debug)]
struct Grouping {
    by: GroupBy,
    groups: BTreeMap<(u8, String), Group>,
}

/// A file that could not be read whole, for `--list`.
#[derive(Clone, Debug, Serialize)]
struct UnreadableFile {
    path: String,
    code: &'static str,
    message: String,
    line: Option<u32>,
    column: Option<u32>,
}

/// An invalid game and its first error, for `--list`.
#[derive(Clone, Debug, Serialize)]
struct InvalidGame {
    path: String,
    /// The game's index in the file, from 0 as in the JSON report.
    index: usize,
    /// The file holds several games: the text names this one `path#n`.
    #[serde(skip)]
    in_collection: bool,
    error: Diagnostic,
}

/// A game whose `RE` the count contradicts (with dead-stone information), for `--list`.
#[derive(Clone, Debug, Serialize)]
struct Mismatch {
    path: String,
    index: usize,
    #[serde(skip)]
    in_collection: bool,
    recorded: String,
    counted: String,
    rules: &'static str,
}

/// What `--list` lists.
#[derive(Clone, Debug, Default, Serialize)]
struct Lists {
    unreadable: Vec<UnreadableFile>,
    invalid: Vec<InvalidGame>,
    result_mismatches: Vec<Mismatch>,
}

/// The statistics, folded in file by file.
#[derive(Clone, Debug, Default)]
pub(crate) struct Stats {
    files: usize,
    file_errors: BTreeMap<&'static str, usize>,
    games: usize,
    invalid: usize,
    /// Invalid games by the code of their first error.
    invalid_by_code: BTreeMap<String, usize>,
    /// Warnings by code (every occurrence).
    warnings_by_code: BTreeMap<String, usize>,
    /// Games that could not be replayed at all (not Go, a bad board size).
    not_replayable: usize,
    board_sizes: BTreeMap<String, usize>,
    /// By the rules' name and where they came from.
    rules: BTreeMap<(&'static str, Source), usize>,
    /// By the komi as written by `{}` and where it came from.
    komi: BTreeMap<(String, Source), (f64, usize)>,
    handicap: BTreeMap<u32, usize>,
    results: Outcomes,
    wins: WinKinds,
    /// Winning margins of games won by counting, in hundredths of a point.
    margins: Histogram,
    /// Moves of the main line, of every game that could be replayed.
    lengths: Histogram,
    result_checks: ResultChecks,
    /// Games whose final node carries TB/TW dead-stone and territory markup.
    with_dead_stone_markup: usize,
    groupings: Vec<Grouping>,
    lists: Option<Lists>,
    duplicates: Option<Duplicates>,
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

/// "what the record said" for a rules or komi label.
fn source_note(source: Source, property: &str) -> String {
    match source {
        Source::Record => String::new(),
        Source::Missing => format!(" (no {property})"),
        Source::Unreadable if property == "RU" => " (unknown RU)".to_string(),
        Source::Unreadable => format!(" ({property} unreadable)"),
        Source::Flag => format!(" (--{})", if property == "RU" { "rules" } else { "komi" }),
    }
}

fn source_name(source: Source) -> &'static str {
    match source {
        Source::Record => "record",
        Source::Missing => "missing",
        Source::Unreadable => "unreadable",
        Source::Flag => "flag",
    }
}

/// The name of game `index` of a file in text: `path`, or `path#n` (from 1) in a collection; escaped.
fn game_name(path: &str, index: usize, in_collection: bool) -> String {
    let path = escape_terminal(path);
    if in_collection { format!("{path}#{}", index + 1) } else { path.into_owned() }
}

impl Stats {
    /// Empty statistics, with a table for each grouping asked for and lists if asked.
    pub(crate) fn new(options: &StatsOptions) -> Stats {
        Stats {
            groupings: options.by.iter().map(|&by| Grouping { by, groups: BTreeMap::new() }).collect(),
            lists: options.list.then(Lists::default),
            duplicates: options.duplicates.then(Duplicates::default),
            ..Stats::default()
        }
    }

    pub(crate) fn add(&mut self, report: &FileReport) {
        // A collection streamed game by game is one file, however many parts it is reported in.
        let new_file = usize::from(!report.continued);
        self.files += new_file;
        if let Some(e) = &report.error {
            *self.file_errors.entry(e.code).or_default() += 1;
            if let Some(lists) = &mut self.lists {
                lists.unreadable.push(UnreadableFile {
                    path: report.path.clone(),
                    code: e.code,
                    message: e.message.clone(),
                    line: e.line,
                    column: e.column,
                });
            }
        }
        for d in report.diagnostics.iter().filter(|d| d.severity == Severity::Warning) {
            *self.warnings_by_code.entry(d.code.to_string()).or_default() += 1;
        }
        let folder = || match Path::new(&report.path).parent().map(|p| p.display().to_string()) {
            Some(p) if !p.is_empty() => p,
            _ => ".".to_string(),
        };
        for grouping in &mut self.groupings {
            if grouping.by == GroupBy::Folder {
                let group = grouping.groups.entry((0, folder())).or_default();
                group.files += new_file;
                group.unreadable += usize::from(report.error.is_some());
            }
        }
        let in_collection =
            report.games.len() > 1 || (report.error.is_some() && !report.games.is_empty()) || report.streamed;
        for game in &report.games {
            self.add_game(game, &report.path, in_collection);
            if let (Some(duplicates), Some(f)) = (&mut self.duplicates, &game.fingerprint) {
                if f.moves + f.setup_stones < MIN_COMPARED {
                    duplicates.too_short += 1;
                    continue;
                }
                duplicates.games.push(Compared {
                    path: report.path.clone(),
                    index: game.index,
                    in_collection,
                    moves: f.moves,
                    moves_hash: f.moves_hash,
                    checkpoints: f.checkpoints,
                });
            }
            let keys: Vec<(u8, String)> = self.groupings.iter().map(|g| group_key(g.by, game, &folder)).collect();
            for (grouping, key) in self.groupings.iter_mut().zip(keys) {
                grouping.groups.entry(key).or_default().add(game);
            }
        }
    }

    fn add_game(&mut self, game: &GameReport, path: &str, in_collection: bool) {
        self.games += 1;
        if let Some(e) = game.first_error() {
            self.invalid += 1;
            *self.invalid_by_code.entry(e.code.to_string()).or_default() += 1;
            if let Some(lists) = &mut self.lists {
                lists.invalid.push(InvalidGame {
                    path: path.to_string(),
                    index: game.index,
                    in_collection,
                    error: e.clone(),
                });
            }
        }
        for d in game.diagnostics.iter().filter(|d| d.severity == Severity::Warning) {
            *self.warnings_by_code.entry(d.code.to_string()).or_default() += 1;
        }
        match (game.board_size, game.rules, game.komi) {
            (Some([w, h]), Some(rules), Some(komi)) => {
                *self.board_sizes.entry(size_name(w, h)).or_default() += 1;
                *self.rules.entry((rules.as_str(), game.rules_source)).or_default() += 1;
                self.komi.entry((format!("{komi}"), game.komi_source)).or_insert((komi, 0)).1 += 1;
                *self.handicap.entry(game.handicap).or_default() += 1;
                self.lengths.add(u64::from(game.moves));
            }
            _ => self.not_replayable += 1,
        }
        self.add_result(game.result.as_ref().map(|r| &r.outcome));
        match &game.score {
            None => self.result_checks.not_scored += 1,
            Some(s) => {
                match s.matches_record {
                    Some(true) => self.result_checks.matched += 1,
                    Some(false) if s.unconfirmed() => self.result_checks.unconfirmed += 1,
                    Some(false) => {
                        self.result_checks.mismatched += 1;
                        if let (Some(lists), Some(count), Some(rules)) =
                            (&mut self.lists, s.checked_count(), s.checked_against)
                        {
                            lists.result_mismatches.push(Mismatch {
                                path: path.to_string(),
                                index: game.index,
                                in_collection,
                                recorded: game.result_text().unwrap_or_default().to_string(),
                                counted: count.result.clone(),
                                rules: rules.as_str(),
                            });
                        }
                    }
                    None => self.result_checks.not_checkable += 1,
                }
                if s.dead_source == DeadSource::Record {
                    self.with_dead_stone_markup += 1;
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
                        self.margins.add((p * MARGIN_SCALE as f64).round() as u64);
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

    fn valid(&self) -> usize {
        self.games - self.invalid
    }

    /// The rules rows: (label, name, source, games).
    fn rules_rows(&self) -> Vec<(String, &'static str, Source, usize)> {
        self.rules
            .iter()
            .map(|(&(name, source), &n)| (format!("{name}{}", source_note(source, "RU")), name, source, n))
            .collect()
    }

    /// The komi rows: (label, komi, source, games).
    fn komi_rows(&self) -> Vec<(String, f64, Source, usize)> {
        self.komi
            .iter()
            .map(|((text, source), &(komi, n))| (format!("{text}{}", source_note(*source, "KM")), komi, *source, n))
            .collect()
    }

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

fn size_name(w: u8, h: u8) -> String {
    if w == h { format!("{w}x{h}") } else { format!("{w}:{h}") }
}

/// The group of a game in a `--by` table.
fn group_key(by: GroupBy, game: &GameReport, folder: &impl Fn() -> String) -> (u8, String) {
    match by {
        GroupBy::Folder => (0, folder()),
        GroupBy::Year => match game.year {
            Some(year) => (0, format!("{year:04}")),
            None => (1, "(no year in DT)".to_string()),
        },
        GroupBy::Rules => match game.rules {
            Some(rules) => (0, format!("{rules}{}", source_note(game.rules_source, "RU"))),
            None => (1, "(not replayable)".to_string()),
        },
        GroupBy::Size => match game.board_size {
            Some([w, h]) => (0, size_name(w, h)),
            None => (1, "(not replayable)".to_string()),
        },
    }
}

impl Group {
    fn add(&mut self, game: &GameReport) {
        self.games += 1;
        self.invalid += usize::from(!game.is_valid());
        self.result_mismatches +=
            usize::from(game.score.as_ref().is_some_and(|s| s.matches_record == Some(false) && !s.unconfirmed()));
        if game.rules.is_some() {
            self.rules_not_given += usize::from(matches!(game.rules_source, Source::Missing | Source::Unreadable));
            self.komi_not_given += usize::from(matches!(game.komi_source, Source::Missing | Source::Unreadable));
            self.lengths.add(u64::from(game.moves));
        }
        match game.result.as_ref().map(|r| &r.outcome) {
            Some(GameResult::Win { winner: Color::Black, .. }) => self.black_wins += 1,
            Some(GameResult::Win { winner: Color::White, .. }) => self.white_wins += 1,
            _ => {}
        }
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

/// A game as `--duplicates` compares it.
#[derive(Clone, Debug)]
struct Compared {
    path: String,
    index: usize,
    in_collection: bool,
    moves: u32,
    moves_hash: u64,
    checkpoints: [u64; CHECKPOINTS],
}

impl Compared {
    fn name(&self) -> String {
        game_name(&self.path, self.index, self.in_collection)
    }

    /// How many of the first moves two games share: all of them for the same moves, else as far as their
    /// checkpoints tell (every 50 moves).
    fn shared_moves(&self, other: &Compared) -> u32 {
        if self.moves_hash == other.moves_hash {
            return self.moves;
        }
        let both = self.moves.min(other.moves) / CHECKPOINT;
        let equal = self.checkpoints.iter().zip(&other.checkpoints).take(both as usize).take_while(|(a, b)| a == b);
        equal.count() as u32 * CHECKPOINT
    }
}

/// Games with fewer moves and setup stones than this are not compared: games left after a few moves (or a
/// handicap game after none) are alike by the hundred in server archives without being copies of each other.
const MIN_COMPARED: u32 = 20;

/// `--duplicates`: the games with a fingerprint and at least [`MIN_COMPARED`] moves and setup stones, in input order.
/// Copies are found at the end: the same `moves_hash` (the same moves and setup, up to rotation and reflection),
/// and, among games of at least 50 moves, the same hash of the first 50 (`prefix_hash`) with different moves
/// after: a truncated or extended copy, or two games that share a long opening (bots repeat theirs). Which of
/// these it is, the checkpoints every 50 moves tell as far as they go: a shorter game that agrees with the
/// longest one at every checkpoint it reaches is shown as a likely truncated copy, one that does not as parting
/// from it.
#[derive(Clone, Debug, Default)]
struct Duplicates {
    games: Vec<Compared>,
    /// Games left out for having fewer than [`MIN_COMPARED`] moves and setup stones.
    too_short: usize,
}

/// The games of one group of copies, as indices into [`Duplicates::games`]; the groups in input order of their
/// first game.
fn groups_by(games: &[Compared], key: impl Fn(&Compared) -> Option<u64>) -> Vec<Vec<usize>> {
    let mut by_key: std::collections::HashMap<u64, Vec<usize>> = std::collections::HashMap::new();
    for (i, game) in games.iter().enumerate() {
        if let Some(k) = key(game) {
            by_key.entry(k).or_default().push(i);
        }
    }
    let mut groups: Vec<Vec<usize>> = by_key.into_values().filter(|g| g.len() > 1).collect();
    groups.sort_by_key(|g| g[0]);
    groups
}

impl Duplicates {
    /// Games with the same moves.
    fn same_moves(&self) -> Vec<Vec<usize>> {
        groups_by(&self.games, |g| Some(g.moves_hash))
    }

    /// Games with the same first 50 moves and not all the same moves, each group's longest game first (the
    /// first in input order among the longest), then the others, longest first.
    fn same_opening(&self) -> Vec<Vec<usize>> {
        let games = &self.games;
        let mut groups = groups_by(games, |g| (g.moves >= CHECKPOINT).then_some(g.checkpoints[0]));
        groups.retain(|g| g.iter().any(|&i| games[i].moves_hash != games[g[0]].moves_hash));
        for group in &mut groups {
            group.sort_by_key(|&i| (std::cmp::Reverse(games[i].moves), i));
        }
        groups
    }

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

    fn finish(&mut self, _summary: &Summary) -> std::io::Result<()> {
        if self.json {
            serde_json::to_writer_pretty(&mut self.out, &self.stats.to_json()).map_err(std::io::Error::other)?;
            writeln!(self.out)?;
        } else {
            write!(self.out, "{}", self.stats.to_text(self.ascii))?;
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
        for re in ["B+0.5", "W+3.5", "B+10.5", "W+R", "0", "Void", "?", "B+R", "B+0.0"] {
            s.add_result(Some(&gotool_sgf::values::parse_result(re)));
        }
        let m = s.margins.distribution(MARGIN_SCALE);
        assert_eq!(m.games, 3);
        assert_eq!((m.min, m.median, m.max), (Some(0.5), Some(3.5), Some(10.5)));
        assert_eq!((s.results.black_wins, s.results.white_wins), (4, 2));
        assert_eq!((s.results.draws, s.results.void, s.results.unknown), (1, 1, 1));
        assert_eq!((s.wins.counted, s.wins.resignation, s.wins.other), (3, 2, 1));
    }

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
    fn bins_are_round_and_cover_every_game() {
        let mut h = Histogram::default();
        for moves in [0u64, 12, 150, 151, 180, 199, 200, 211, 250, 263, 299, 312, 330, 349, 420] {
            h.add(moves);
        }
        let d = h.distribution(1);
        assert_eq!(d.bins.iter().map(|b| b.games).sum::<usize>(), 15);
        assert_eq!(d.bins[0], Bin { from: Some(0.0), to: Some(50.0), games: 2 });
        assert_eq!(d.bins.last(), Some(&Bin { from: Some(400.0), to: Some(450.0), games: 1 }));
        assert!(d.bins.len() as u64 <= MAX_BINS + 2);
        // Margins in hundredths of a point: bars in points.
        let mut m = Histogram::default();
        for hundredths in [50u64, 150, 350, 550, 750, 31650] {
            m.add(hundredths);
        }
        let d = m.distribution(MARGIN_SCALE);
        assert_eq!((d.min, d.max), (Some(0.5), Some(316.5)));
        assert_eq!(d.bins.iter().map(|b| b.games).sum::<usize>(), 6);
        let widths: Vec<f64> = d.bins.iter().filter_map(|b| Some(b.to? - b.from?)).collect();
        assert!(widths.windows(2).all(|w| w[0] == w[1]), "{:?}", d.bins);
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
