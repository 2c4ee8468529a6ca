//! `gotool stats`: an archive at a glance. Folds file reports into counters as they stream past, so memory
//! depends on how many distinct values there are (board sizes, komi values, margins, game lengths, folders),
//! never on the archive size; only `--list` keeps something per listed game, and `--duplicates` per game
//! ([`duplicates`]). Exact counts of a quantity are [`histogram`]s. The report layer prints the counters as
//! text tables or as the JSON document (`schema/stats.schema.json`, whose `schema_version` changes only for a
//! breaking change).

pub(crate) mod duplicates;
pub(crate) mod histogram;

use std::collections::BTreeMap;
use std::path::Path;

use serde::Serialize;

use duplicates::{Compared, Duplicates, MIN_COMPARED};
use gotool_go::Color;
use gotool_model::{DeadSource, Diagnostic, FileReport, GameReport, GameResult, Severity, Source, WinBy};
use gotool_render::escape_terminal;
use histogram::{Histogram, MARGIN_SCALE};

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
    pub(crate) fn name(self) -> &'static str {
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
pub(crate) struct Outcomes {
    pub(crate) black_wins: usize,
    pub(crate) white_wins: usize,
    pub(crate) draws: usize,
    pub(crate) void: usize,
    /// `?`, free text, or no `RE` at all.
    pub(crate) unknown: usize,
}

/// How the games were won.
#[derive(Clone, Debug, Default, Serialize)]
pub(crate) struct WinKinds {
    pub(crate) counted: usize,
    pub(crate) resignation: usize,
    pub(crate) time: usize,
    pub(crate) forfeit: usize,
    /// `B+` with no margin (`B+0` too), or another reason (`B+Illegal`).
    pub(crate) other: usize,
}

impl WinKinds {
    pub(crate) fn total(&self) -> usize {
        self.counted + self.resignation + self.time + self.forfeit + self.other
    }
}

/// How the recorded results compare with gotool's counts.
#[derive(Clone, Debug, Default, Serialize)]
pub(crate) struct ResultChecks {
    pub(crate) matched: usize,
    pub(crate) mismatched: usize,
    /// Disagreed, but the game had no dead-stone information: every stone was counted alive.
    pub(crate) unconfirmed: usize,
    /// Scored, but `RE` has no margin (resignation with markup, missing `RE`).
    pub(crate) not_checkable: usize,
    /// Not scored at all (resigned, unfinished, invalid).
    pub(crate) not_scored: usize,
}

/// The counts of one group of a `--by` table.
#[derive(Clone, Debug, Default)]
pub(crate) struct Group {
    pub(crate) files: usize,
    pub(crate) unreadable: usize,
    pub(crate) games: usize,
    pub(crate) invalid: usize,
    pub(crate) result_mismatches: usize,
    pub(crate) rules_not_given: usize,
    pub(crate) komi_not_given: usize,
    pub(crate) black_wins: usize,
    pub(crate) white_wins: usize,
    pub(crate) lengths: Histogram,
}

/// The groups of one `--by` table, keyed by (rank, label) so that "(no year)" and "(not replayable)" sort last.
#[derive(Clone, Debug)]
pub(crate) struct Grouping {
    pub(crate) by: GroupBy,
    pub(crate) groups: BTreeMap<(u8, String), Group>,
}

/// A file that could not be read whole, for `--list`.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct UnreadableFile {
    pub(crate) path: String,
    pub(crate) code: &'static str,
    pub(crate) message: String,
    pub(crate) line: Option<u32>,
    pub(crate) column: Option<u32>,
}

/// An invalid game and its first error, for `--list`.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct InvalidGame {
    pub(crate) path: String,
    /// The game's index in the file, from 0 as in the JSON report.
    pub(crate) index: usize,
    /// The file holds several games: the text names this one `path#n`.
    #[serde(skip)]
    pub(crate) in_collection: bool,
    pub(crate) error: Diagnostic,
}

/// A game whose `RE` the count contradicts (with dead-stone information), for `--list`.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Mismatch {
    pub(crate) path: String,
    pub(crate) index: usize,
    #[serde(skip)]
    pub(crate) in_collection: bool,
    pub(crate) recorded: String,
    pub(crate) counted: String,
    pub(crate) rules: &'static str,
}

/// What `--list` lists.
#[derive(Clone, Debug, Default, Serialize)]
pub(crate) struct Lists {
    pub(crate) unreadable: Vec<UnreadableFile>,
    pub(crate) invalid: Vec<InvalidGame>,
    pub(crate) result_mismatches: Vec<Mismatch>,
}

/// The statistics, folded in file by file.
#[derive(Clone, Debug, Default)]
pub(crate) struct Stats {
    pub(crate) files: usize,
    pub(crate) file_errors: BTreeMap<&'static str, usize>,
    pub(crate) games: usize,
    pub(crate) invalid: usize,
    /// Invalid games by the code of their first error.
    pub(crate) invalid_by_code: BTreeMap<String, usize>,
    /// Warnings by code (every occurrence).
    pub(crate) warnings_by_code: BTreeMap<String, usize>,
    /// Games that could not be replayed at all (not Go, a bad board size).
    pub(crate) not_replayable: usize,
    pub(crate) board_sizes: BTreeMap<String, usize>,
    /// By the rules' name and where they came from.
    pub(crate) rules: BTreeMap<(&'static str, Source), usize>,
    /// By the komi as written by `{}` and where it came from.
    pub(crate) komi: BTreeMap<(String, Source), (f64, usize)>,
    pub(crate) handicap: BTreeMap<u32, usize>,
    pub(crate) results: Outcomes,
    pub(crate) wins: WinKinds,
    /// Winning margins of games won by counting, in hundredths of a point.
    pub(crate) margins: Histogram,
    /// Moves of the main line, of every game that could be replayed.
    pub(crate) lengths: Histogram,
    pub(crate) result_checks: ResultChecks,
    /// Games whose final node carries TB/TW dead-stone and territory markup.
    pub(crate) with_dead_stone_markup: usize,
    pub(crate) groupings: Vec<Grouping>,
    pub(crate) lists: Option<Lists>,
    pub(crate) duplicates: Option<Duplicates>,
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

pub(crate) fn source_name(source: Source) -> &'static str {
    match source {
        Source::Record => "record",
        Source::Missing => "missing",
        Source::Unreadable => "unreadable",
        Source::Flag => "flag",
    }
}

/// The name of game `index` of a file in text: `path`, or `path#n` (from 1) in a collection; escaped.
pub(crate) fn game_name(path: &str, index: usize, in_collection: bool) -> String {
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

    pub(crate) fn valid(&self) -> usize {
        self.games - self.invalid
    }

    /// The rules rows: (label, name, source, games).
    pub(crate) fn rules_rows(&self) -> Vec<(String, &'static str, Source, usize)> {
        self.rules
            .iter()
            .map(|(&(name, source), &n)| (format!("{name}{}", source_note(source, "RU")), name, source, n))
            .collect()
    }

    /// The komi rows: (label, komi, source, games).
    pub(crate) fn komi_rows(&self) -> Vec<(String, f64, Source, usize)> {
        self.komi
            .iter()
            .map(|((text, source), &(komi, n))| (format!("{text}{}", source_note(*source, "KM")), komi, *source, n))
            .collect()
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
}
