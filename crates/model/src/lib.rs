//! The report model: what gotool found, as data. Replay and scoring fill it in; the writers in `report` print
//! it. Nothing here reads files or prints. The serde form of these types is the JSON wire format
//! (`schema/report.schema.json` is its machine-readable twin):
//!
//! ```text
//! {"schema_version": 1,
//!  "files": [{"path": "...", "error": null | {"code", "message", "line", "column"},
//!             "charset": "UTF-8", "format": "sgf" | "gib" | "ngf" | "ugf" | null,
//!             "diagnostics": [...file-level...],
//!             "games": [{"index": 0, "valid": true, "rules": "japanese", "board_size": [19, 19], "komi": 6.5,
//!                        "handicap": 0, "moves": 211, "signature": "qdpdpp dpqqcc" | null,
//!                        "moves_hash": "0123456789abcdef" | null, "prefix_hash": "…" | null,
//!                        "result_recorded": "W+3.5" | null,
//!                        "black_player": ..., "white_player": ..., "ended_by_passes": bool,
//!                        "diagnostics": [{"severity", "code", "message", "move", "color", "point",
//!                                         "sgf_point", "line", "column", ("points"), ("variation")}],
//!                        "score": null | {...see score.rs...}}]}],
//!  "summary": {"files", "games", "valid", "invalid", "warnings", "file_errors"}}
//! ```
//! `--format jsonl` writes one object per line: `{"type": "game", "path": ..., <game fields>}` for each game,
//! `{"type": "file-error", "path": ..., "error": {...}}` for a file that could not be read or parsed, file-level
//! diagnostics as `{"type": "file", "path": ..., "charset": ..., "format": ..., "diagnostics": [...]}` when there are any, and
//! a last `{"type": "summary", ...}`.

mod diagnostic;
mod fix;
mod result;
mod score;

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

pub use diagnostic::{BoardPoint, Diagnostic, ListCap, PointList, Severity, Sink, plural};
pub use fix::{FixEntry, FixReport, FixSummary};
pub use result::{GameResult, RecordedResult, WinBy, format_margin};
pub use score::{
    ByColor, Count, DeadSource, EstimateReport, EstimatedChain, GameScore, Method, RulesCount, Score, ScoreWarning,
    ScoredPoints, Side, Term, UncertainGroup,
};

/// The version of the JSON report's shape; it changes only for a breaking change (README).
pub const SCHEMA_VERSION: u32 = 1;

/// Why a whole file could not be checked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FileError {
    /// `syntax`, `limit`, `encoding`, `io`, `archive` or `internal-error`.
    pub code: &'static str,
    /// What is wrong, for a person.
    pub message: String,
    /// 1-based line of the error, where known.
    pub line: Option<u32>,
    /// 1-based column of the error, where known.
    pub column: Option<u32>,
}

/// The report on one file.
#[derive(Clone, Debug, Serialize)]
pub struct FileReport {
    /// The path as the user gave it (or as the folder walk found it).
    pub path: String,
    /// Set when the file could not be read whole: the games before the error are still reported.
    pub error: Option<FileError>,
    /// The charset the text was read in.
    pub charset: Option<&'static str>,
    /// The format the file was read as (`sgf`, `gib`, `ngf`, `ugf`), `None` when its bytes could not be read as
    /// text at all.
    pub format: Option<&'static str>,
    /// Findings about the file as a whole (charset, text outside game trees).
    pub diagnostics: Vec<Diagnostic>,
    /// One report per game tree, in file order.
    pub games: Vec<GameReport>,
    /// A later part of the same streamed file as the report before it (a collection read game by game): the
    /// file is counted once.
    #[serde(skip)]
    pub continued: bool,
    /// One game (or broken game, or junk) of a collection streamed game by game: games are named by their index
    /// in the file.
    #[serde(skip)]
    pub streamed: bool,
    /// Game trees of the file that could not be checked (cut short, merged into no other, or unreadable), each
    /// with its index and place, in file order; `error` is the first of them. Not in the JSON when empty.
    #[serde(rename = "lost_games", skip_serializing_if = "Vec::is_empty")]
    pub lost: Vec<LostGame>,
}

/// A game tree of a collection that was written but could not be checked: a `)` or `]` missing, a limit, text
/// that is not a game. Its neighbours are checked as if it were not there.
#[derive(Clone, Debug, Serialize)]
pub struct LostGame {
    /// 0-based position of the game tree in the file, counted as [`GameReport::index`] counts.
    pub index: usize,
    /// As in [`FileError::code`].
    pub code: &'static str,
    /// Why it was lost, for a person; it names the game (`game 3 (at 12:1): ...`).
    pub message: String,
    /// 1-based line where the game tree starts or its error is, where known.
    pub line: Option<u32>,
    /// 1-based column, where known.
    pub column: Option<u32>,
}

impl LostGame {
    /// The game lost to the file error `error`.
    pub fn from_error(index: usize, error: &FileError) -> LostGame {
        let FileError { code, message, line, column } = error.clone();
        LostGame { index, code, message, line, column }
    }

    /// The same, as a file error.
    pub fn to_error(&self) -> FileError {
        FileError { code: self.code, message: self.message.clone(), line: self.line, column: self.column }
    }
}

impl FileReport {
    /// A file that could not be checked at all.
    pub fn failed(path: &str, code: &'static str, message: String, place: Option<(u32, u32)>) -> FileReport {
        FileReport {
            path: path.to_string(),
            error: Some(FileError { code, message, line: place.map(|p| p.0), column: place.map(|p| p.1) }),
            charset: None,
            format: None,
            diagnostics: Vec::new(),
            games: Vec::new(),
            continued: false,
            streamed: false,
            lost: Vec::new(),
        }
    }

    /// The lost games that `error` does not already name, for a writer that shows `error` first.
    pub fn other_lost(&self) -> impl Iterator<Item = &LostGame> {
        self.lost.iter().filter(move |lost| self.error.as_ref() != Some(&lost.to_error()))
    }

    /// Warnings in the file and all its games.
    pub fn warning_count(&self) -> usize {
        let count = |d: &[Diagnostic]| d.iter().filter(|d| d.severity == Severity::Warning).count();
        count(&self.diagnostics) + self.games.iter().map(|g| count(&g.diagnostics)).sum::<usize>()
    }
}

/// The report on one game tree of a file.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// 0-based position of the game in the file (collections hold several).
    pub index: usize,
    /// The rules the game was checked under; `None` (like `board_size` and `komi`) when the game could not be
    /// replayed at all (bad size, not Go).
    pub rules: Option<gotool_go::RulesName>,
    /// Columns and rows.
    pub board_size: Option<[u8; 2]>,
    /// The komi used.
    pub komi: Option<f64>,
    /// Handicap stones (`HA` of 2 or more), else 0.
    pub handicap: u32,
    /// Moves in the main line (passes included); where an illegal move stopped the replay, up to and including it.
    pub moves: u32,
    /// The record's `RE`.
    pub result: Option<RecordedResult>,
    /// The record's `PB`.
    pub black_player: Option<String>,
    /// The record's `PW`.
    pub white_player: Option<String>,
    /// The main line ends with two consecutive passes.
    pub ended_by_passes: bool,
    /// Everything found, in the order found.
    pub diagnostics: Vec<Diagnostic>,
    /// The count of a finished game (`score`, and `check` for finished games); `None` when not scored.
    pub score: Option<GameScore>,
    /// A drawing of the board around the first error (`check --board`); text output only.
    pub picture: Option<String>,
    /// Where `rules` came from: `stats` counts a missing `RU` apart from one that names Japanese. Not in the
    /// JSON report, whose `no-rules` and `unknown-rules` diagnostics say the same.
    pub rules_source: Source,
    /// Where `komi` came from: `stats` counts a missing `KM` apart from `KM[0]`. Not in the JSON report, whose
    /// `no-komi` and `bad-komi` diagnostics say the same.
    pub komi_source: Source,
    /// The year the game was played, from `DT` (for `stats --by year`; not in the JSON report).
    pub year: Option<u16>,
    /// How to find copies of the game; `None` when it could not be replayed at all.
    pub fingerprint: Option<Fingerprint>,
}

/// Moves between two checkpoints of [`Fingerprint::checkpoints`]; the first is the JSON `prefix_hash`.
pub const CHECKPOINT: u32 = 50;
/// Checkpoints kept: after 50, 100, … 400 moves.
pub const CHECKPOINTS: usize = 8;

/// How to find copies of a game (`replay::fingerprint` says how each part is made): the Dyer signature, and
/// hashes of the main line's moves that are the same for every rotation and reflection of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fingerprint {
    /// Moves 20, 40, 60, a space, moves 31, 51, 71, in SGF coordinates (`--` for a move the game does not
    /// reach), as SGFC prints it with `-g`.
    pub signature: [u8; 13],
    /// The canonical hash of the main line's moves and the position set up before the first.
    pub moves_hash: u64,
    /// The canonical hash of the first 50, 100, … 400 moves: the `moves_hash` of the game cut there; 0 past
    /// the game's length.
    pub checkpoints: [u64; CHECKPOINTS],
    /// Moves hashed: every move of the main line, as written.
    pub moves: u32,
    /// Stones set up before the first move.
    pub setup_stones: u32,
}

impl Fingerprint {
    /// The signature as text.
    pub fn signature(&self) -> &str {
        std::str::from_utf8(&self.signature).unwrap_or("")
    }

    /// The hash of the first 50 moves (`None` for a shorter game): a truncated copy of at least 50 moves shares
    /// it with its original.
    pub fn prefix_hash(&self) -> Option<u64> {
        (self.moves >= CHECKPOINT).then_some(self.checkpoints[0])
    }
}

/// A hash as JSON writes it: 16 hexadecimal digits (a JSON number loses precision past 2^53).
fn hex(hash: u64) -> String {
    format!("{hash:016x}")
}

/// Where a game's rules or komi came from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Source {
    /// The record states it (`RU` names rules gotool knows, `KM` is a number).
    Record,
    /// The record does not say (no `RU`, no `KM`): the default was used (Japanese, komi 0). Also a game that
    /// could not be replayed at all.
    #[default]
    Missing,
    /// The record says something gotool cannot use (an unknown `RU`, a `KM` that is not a komi): the default
    /// was used.
    Unreadable,
    /// The command line gave it (`--rules`, `--komi`).
    Flag,
}

impl GameReport {
    /// A game is valid when nothing found in it is an error.
    pub fn is_valid(&self) -> bool {
        !self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// The first error found, which ended the replay of the main line.
    pub fn first_error(&self) -> Option<&Diagnostic> {
        self.diagnostics.iter().find(|d| d.is_error())
    }

    /// The `RE` text as written.
    pub fn result_text(&self) -> Option<&str> {
        self.result.as_ref().map(|r| r.text.as_str())
    }
}

impl Serialize for GameReport {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("GameReport", 16)?;
        s.serialize_field("index", &self.index)?;
        s.serialize_field("valid", &self.is_valid())?;
        s.serialize_field("rules", &self.rules.map(gotool_go::RulesName::as_str))?;
        s.serialize_field("board_size", &self.board_size)?;
        s.serialize_field("komi", &self.komi)?;
        s.serialize_field("handicap", &self.handicap)?;
        s.serialize_field("moves", &self.moves)?;
        let fingerprint = self.fingerprint.as_ref();
        s.serialize_field("signature", &fingerprint.map(Fingerprint::signature))?;
        s.serialize_field("moves_hash", &fingerprint.map(|f| hex(f.moves_hash)))?;
        s.serialize_field("prefix_hash", &fingerprint.and_then(Fingerprint::prefix_hash).map(hex))?;
        s.serialize_field("result_recorded", &self.result_text())?;
        s.serialize_field("black_player", &self.black_player)?;
        s.serialize_field("white_player", &self.white_player)?;
        s.serialize_field("ended_by_passes", &self.ended_by_passes)?;
        s.serialize_field("diagnostics", &self.diagnostics)?;
        s.serialize_field("score", &self.score)?;
        s.end()
    }
}

/// Totals over a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Files reported.
    pub files: usize,
    /// Games in them.
    pub games: usize,
    /// Games with an error.
    pub invalid: usize,
    /// Warnings, in files and games.
    pub warnings: usize,
    /// Files that could not be read or parsed (all of it: a collection may have games before its error).
    pub file_errors: usize,
    /// Game trees of collections lost to a break (a missing `)` or `]`, a limit): each is reported with its
    /// index and place, and reading goes on at the next game tree.
    pub games_lost: usize,
    /// Files and folders that walks of folders and archives left out: hidden ones (without `--hidden`) and macOS
    /// metadata (`__MACOSX/`, `._*`, `.DS_Store`) that would otherwise have been read.
    pub skipped: usize,
}

impl Summary {
    /// Counts one file's report in.
    pub fn add(&mut self, report: &FileReport) {
        if !report.continued {
            self.files += 1;
        }
        if !report.lost.is_empty() {
            self.games_lost += report.lost.len();
        } else if report.error.is_some() {
            self.file_errors += 1;
        }
        self.games += report.games.len();
        self.invalid += report.games.iter().filter(|g| !g.is_valid()).count();
        self.warnings += report.warning_count();
    }

    /// Games without an error.
    pub fn valid(&self) -> usize {
        self.games - self.invalid
    }
}

impl Serialize for Summary {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Summary", 8)?;
        s.serialize_field("files", &self.files)?;
        s.serialize_field("games", &self.games)?;
        s.serialize_field("valid", &self.valid())?;
        s.serialize_field("invalid", &self.invalid)?;
        s.serialize_field("warnings", &self.warnings)?;
        s.serialize_field("file_errors", &self.file_errors)?;
        s.serialize_field("games_lost", &self.games_lost)?;
        s.serialize_field("skipped", &self.skipped)?;
        s.end()
    }
}

/// What a caught panic said (its `&str` or `String` payload), for the `internal-error` that stands in for it: the
/// pipeline, the fixer, the archive reader and the Python module each catch panics at their boundary.
pub fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string())
}
