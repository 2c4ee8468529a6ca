//! The per-file pipeline, as one named [`Plan`]: read → decode → scan → read each game's record → replay →
//! score → pictures → every diagnostic placed at line:column. The command line, the benches and the fuzz target
//! all run a `Plan`, so what is measured and fuzzed is what users run. Never prints. A panic inside becomes an
//! `internal-error` for that file, so a batch goes on.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use gotool_go::Point;
use gotool_model::{Diagnostic, FileError, FileReport, GameReport, LostGame, plural};
use gotool_render::text::{self, TextOptions};
use gotool_render::{Diagram, picture};
use gotool_replay::{ReplayOptions, check_game};
use gotool_score::game::{ScoreOptions, score_game};
use gotool_sgf::decode::{self, DecodeError};
use gotool_sgf::formats::{self, Format};
use gotool_sgf::record::GameRecord;
use gotool_sgf::split::{BrokenKind, Piece, SplitOptions, Splitter};
use gotool_sgf::{Limits, LineIndex};
use gotool_source::ReadError;
use gotool_source::archive::{self, Item, SourceOptions};

/// What to do with each file.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// Size limits on the file and its games.
    pub limits: Limits,
    /// Rules and komi overrides, and whether to replay every variation.
    pub replay: ReplayOptions,
    /// Score finished games this way; `None` checks legality only (`check --no-score`).
    pub score: Option<ScoreOptions>,
    /// Draw the board around each game's first error with a move (`check --board`), this way.
    pub error_pictures: Option<TextOptions>,
    /// Open a file whose bytes are an archive or a compressed stream ([`Plan::check_path`]); `false` reads
    /// every file as record text (`--no-archives`).
    pub open_containers: bool,
}

impl Plan {
    /// Reads and checks one file; `display` is its name in the report.
    pub fn check_file(&self, path: &Path, display: &str) -> FileReport {
        match gotool_source::read_file(path, self.limits.max_file_bytes) {
            Ok(bytes) => self.check_bytes(&bytes, display),
            Err(e) => read_failure(display, &e),
        }
    }

    /// Reads and checks one file found by a walk (or named), which may turn out by its bytes to be an archive
    /// or a compressed stream, whatever its name: then one report per member, in archive order; a file too
    /// large to read whole is streamed game by game, one report per game. All reports are held at once: for
    /// bounded memory on archives and huge collections, walk them with [`archive::items`] and
    /// [`Plan::check_item`] each item, as the command line does.
    pub fn check_path(&self, path: &Path, display: &str) -> Vec<FileReport> {
        match self.check_whole_file(path, display) {
            WholeFile::Checked(reports) => reports,
            WholeFile::TooLarge => {
                self.check_walk(|emit| archive::walk_path(path, display, &self.source_options(), emit))
            }
        }
    }

    /// Checks every item of a walk, in order.
    fn check_walk(&self, walk: impl FnOnce(&mut archive::Emit) -> std::ops::ControlFlow<()>) -> Vec<FileReport> {
        let mut reports = Vec::new();
        let mut last_path: Option<String> = None;
        let _ = walk(&mut |item| {
            let continued = last_path.as_deref() == Some(item.path());
            if !continued {
                last_path = Some(item.path().to_string());
            }
            reports.push(self.check_item(item, continued));
            std::ops::ControlFlow::Continue(())
        });
        reports
    }

    /// Reads a file whole and checks it, as [`Plan::check_path`] does, unless it is too large to read whole and
    /// containers are opened: then it is left to the caller to stream.
    pub fn check_whole_file(&self, path: &Path, display: &str) -> WholeFile {
        match gotool_source::read_file(path, self.limits.max_file_bytes) {
            Ok(bytes) => WholeFile::Checked(self.check_whole(&bytes, display)),
            Err(ReadError::TooLarge { .. }) if self.open_containers => WholeFile::TooLarge,
            Err(e) => WholeFile::Checked(vec![read_failure(display, &e)]),
        }
    }

    /// Checks a whole file's bytes, opening them as an archive or a compressed stream when that is what they
    /// are (and containers are opened).
    pub fn check_whole(&self, bytes: &[u8], display: &str) -> Vec<FileReport> {
        if !self.open_containers || archive::Container::sniff(&bytes[..bytes.len().min(archive::SNIFF_BYTES)]).is_none()
        {
            return vec![self.check_bytes(bytes, display)];
        }
        self.check_walk(|emit| archive::walk_bytes(bytes, display, &self.source_options(), emit))
    }

    /// How archives and streams are read under these limits.
    pub fn source_options(&self) -> SourceOptions {
        SourceOptions::with_limits(&self.limits)
    }

    /// Checks what an archive walk or a stream handed out: a member read whole, one game (or broken game, or
    /// junk) of a collection streamed game by game, or what could not be read. `continued` says that the item
    /// is a later part of the same streamed file as the one before it. A streamed game's places are those in
    /// the whole file, and its index counts the file's game trees.
    pub fn check_item(&self, item: Item, continued: bool) -> FileReport {
        let streamed = matches!(item, Item::Piece { .. });
        let mut report = match item {
            Item::Record { path, bytes } => self.check_bytes(&bytes, &path),
            Item::Failed { path, error } => FileReport::failed(&path, error.code, error.message, None),
            Item::Piece { path, piece } => self.check_piece(piece, &path),
        };
        report.continued = continued;
        report.streamed = streamed;
        report
    }

    /// Checks one piece of a collection split game by game: a game, with its places and index those in the
    /// whole file; a broken game tree or a game that cannot be read, as a game lost; junk, as a warning.
    fn check_piece(&self, piece: Piece, path: &str) -> FileReport {
        match piece {
            Piece::Game(game) => {
                let mut report = self.guarded(path, || self.check_unsplit(&game.bytes, path));
                shift_places(&mut report, |line, column| game.place(line, column));
                let first = usize::try_from(game.index).unwrap_or(usize::MAX);
                for g in &mut report.games {
                    g.index = g.index.saturating_add(first);
                }
                if let Some(e) = &mut report.error {
                    e.message = format!("game {}: {}", first.saturating_add(1), e.message);
                    if report.games.is_empty() {
                        report.lost.push(LostGame::from_error(first, e));
                    }
                }
                report
            }
            Piece::Broken(broken) => {
                let place = (narrow(broken.start.line), narrow(broken.start.column));
                // A game over the size limit is a limit's doing; any other break is in the text.
                let code = if matches!(broken.kind, BrokenKind::TooLarge { .. }) { "limit" } else { "syntax" };
                let mut report = FileReport::failed(path, code, broken.to_string(), Some(place));
                let index = usize::try_from(broken.index).unwrap_or(usize::MAX);
                report.lost.push(LostGame::from_error(index, report.error.as_ref().expect("failed has an error")));
                report
            }
            Piece::Junk(junk) => {
                let mut report = FileReport::failed(path, "syntax", String::new(), None);
                report.error = None;
                let mut d = Diagnostic::warning(
                    "junk-outside-tree",
                    format!("text outside any game tree is ignored: {:?}", junk.preview),
                );
                d.line = Some(narrow(junk.start.line));
                d.column = Some(narrow(junk.start.column));
                report.diagnostics.push(d);
                report
            }
        }
    }

    /// Checks a file's bytes. Catches panics as `internal-error`.
    pub fn check_bytes(&self, bytes: &[u8], display: &str) -> FileReport {
        self.guarded(display, || self.check_unguarded(bytes, display))
    }

    /// `check`, with a panic inside it reported as the file's `internal-error`.
    fn guarded(&self, display: &str, check: impl FnOnce() -> FileReport) -> FileReport {
        match catch_unwind(AssertUnwindSafe(check)) {
            Ok(report) => report,
            Err(panic) => {
                let what = gotool_model::panic_message(&*panic);
                FileReport::failed(
                    display,
                    "internal-error",
                    format!("gotool failed on this file ({what}); please report it"),
                    None,
                )
            }
        }
    }

    fn check_unguarded(&self, bytes: &[u8], display: &str) -> FileReport {
        if bytes.len() as u64 > self.limits.max_file_bytes {
            let too_large = ReadError::TooLarge { size: Some(bytes.len() as u64), limit: self.limits.max_file_bytes };
            return read_failure(display, &too_large);
        }
        // GIB, NGF and UGF/UGI are read by their own readers: told by the content, then the name (a name
        // ending in `.sgf` or `.mgt` is SGF without a look).
        let format = Format::detect(display, bytes);
        if format != Format::Sgf {
            return self.check_other_format(format, bytes, display);
        }
        self.check_collection(bytes, display)
    }

    /// Checks SGF text that may hold many games. Its game trees are found by the splitter, as a stream's are
    /// (`gotool_sgf::split`), so that a broken game loses itself alone: a text of one game tree (or none) is
    /// checked whole, as it is; a collection game by game, each game checked as if read alone and its places
    /// and index those in the file, into one report.
    fn check_collection(&self, bytes: &[u8], display: &str) -> FileReport {
        // Most files hold one game: a quick look spares them the split.
        if !gotool_sgf::split::may_hold_several_games(bytes) {
            return self.check_unsplit(bytes, display);
        }
        let mut pieces = Splitter::over_bytes(bytes, SplitOptions::from_limits(&self.limits, true));
        let mut head = Vec::new();
        let mut trees = 0;
        while trees < 2
            && let Some(piece) = pieces.next()
        {
            trees += usize::from(matches!(piece, Ok(Piece::Game(_) | Piece::Broken(_))));
            head.push(piece);
        }
        if trees < 2 {
            return self.check_unsplit(bytes, display);
        }
        let mut report = FileReport {
            path: display.to_string(),
            error: None,
            charset: None,
            format: Some(Format::Sgf.code()),
            diagnostics: Vec::new(),
            games: Vec::new(),
            continued: false,
            streamed: false,
            lost: Vec::new(),
        };
        let mut trees = 0usize;
        for piece in head.into_iter().chain(pieces) {
            let part = match piece {
                Ok(piece) => {
                    trees += usize::from(!matches!(piece, Piece::Junk(_)));
                    self.check_piece(piece, display)
                }
                // Only a limit stops a split of bytes in memory (games, or bytes without one): it is the
                // file's error, said before any lost game, at the game tree where reading stopped.
                Err(e) => {
                    let (line, column) = place_of(bytes, e.at);
                    let message = format!("game {}: {}", trees + 1, e.error);
                    report.error = Some(FileError { code: "limit", message, line: Some(line), column: Some(column) });
                    continue;
                }
            };
            merge_part(&mut report, part);
        }
        report
    }

    /// Checks SGF text as one whole, without splitting it first: a game tree of a collection, or a file of one.
    /// Public for the differential fuzz target that compares it with the splitter's reading of a collection.
    pub fn check_unsplit(&self, bytes: &[u8], display: &str) -> FileReport {
        let decoded = match decode::decode(bytes) {
            Ok(d) => d,
            Err(e @ DecodeError::Empty) => return FileReport::failed(display, "syntax", e.to_string(), None),
            Err(e) => return FileReport::failed(display, "encoding", e.to_string(), None),
        };
        let text: &str = &decoded.text;
        let mut report = FileReport {
            path: display.to_string(),
            error: None,
            charset: Some(decoded.charset),
            format: Some(Format::Sgf.code()),
            diagnostics: decoded.diagnostics(),
            games: Vec::new(),
            continued: false,
            streamed: false,
            lost: Vec::new(),
        };
        // In a collection, the games complete before a structural error are checked as usual; the error is the
        // file's, naming the game it is in.
        let (collection, error) = gotool_sgf::scan_collection(text, &self.limits);
        // The line table, built once and only when some position needs it.
        let mut lines: Option<LineIndex> = None;
        if let Some(e) = error {
            let index = lines.insert(LineIndex::new(text));
            let place = index.line_col(e.offset);
            let kept = collection.games.len();
            let message = match kept {
                0 => e.message(index),
                _ => format!("game {}: {}", kept + 1, e.message(index)),
            };
            report.error = Some(FileError { code: e.code(), message, line: Some(place.0), column: Some(place.1) });
            if kept == 0 {
                place_diagnostics(text, lines, &mut report);
                return report;
            }
        }
        for junk in &collection.junk {
            let preview: String = collection.slice(*junk).chars().take(24).collect();
            report.diagnostics.push(
                Diagnostic::warning("junk-outside-tree", format!("text outside any game tree is ignored: {preview:?}"))
                    .at(junk.start as usize),
            );
        }
        for index in 0..collection.games.len() {
            let record = gotool_sgf::read_game(&collection, index);
            report.games.push(self.check_game(&record, index));
        }
        place_diagnostics(text, lines, &mut report);
        report
    }

    /// Checks a file in GIB, NGF or UGF/UGI: one game, read by its format's reader, every place a line:column of
    /// the original file. A file the reader cannot take at all (a truncated header) is the file's error.
    fn check_other_format(&self, format: Format, bytes: &[u8], display: &str) -> FileReport {
        let decoded = match formats::decode_as(format, bytes) {
            Ok(d) => d,
            Err(e @ DecodeError::Empty) => return FileReport::failed(display, "syntax", e.to_string(), None),
            Err(e) => return FileReport::failed(display, "encoding", e.to_string(), None),
        };
        let text: &str = &decoded.text;
        let mut report = FileReport {
            path: display.to_string(),
            error: None,
            charset: Some(decoded.charset),
            format: Some(format.code()),
            diagnostics: decoded.diagnostics(),
            games: Vec::new(),
            continued: false,
            streamed: false,
            lost: Vec::new(),
        };
        match formats::read(format, text, &self.limits) {
            Ok(read) => report.games.push(self.check_game(&read.record, 0)),
            Err(e) => {
                let index = LineIndex::new(text);
                let (line, column) = index.line_col(e.offset);
                let message = format!("{format}: {}", e.message);
                report.error = Some(FileError { code: e.code, message, line: Some(line), column: Some(column) });
                place_diagnostics(text, Some(index), &mut report);
                return report;
            }
        }
        place_diagnostics(text, None, &mut report);
        report
    }

    /// Replays game `index`, read into `record`, and scores and draws it as the plan says.
    pub fn check_game(&self, record: &GameRecord, index: usize) -> GameReport {
        let (mut game, end) = check_game(record, index, &self.replay);
        if let Some(end) = &end {
            if let Some(scoring) = &self.score {
                score_game(record, &mut game, end, scoring);
            }
            if let Some(options) = &self.error_pictures {
                game.picture = error_picture(record, &game, &self.replay, options);
            }
        }
        game
    }
}

/// What [`Plan::check_whole_file`] did with a file.
#[derive(Debug)]
pub enum WholeFile {
    /// Read whole and checked: one report, or one per member of an archive.
    Checked(Vec<FileReport>),
    /// Larger than `--max-file-size`: to be streamed game by game.
    TooLarge,
}

/// One position of one game to draw (`gotool show`).
#[derive(Clone, Debug, Default)]
pub struct View {
    /// Size limits on the file.
    pub limits: Limits,
    /// Which game of a collection, 1-based.
    pub game: usize,
    /// The position before this move; `None` for the final position.
    pub move_number: Option<u32>,
    /// The final position scored this way, its dead stones and territory marked.
    pub score: Option<ScoreOptions>,
    /// Rules override.
    pub replay: ReplayOptions,
}

/// A drawn position.
#[derive(Clone, Debug)]
pub struct Picture {
    /// The position and its marks, with a title.
    pub diagram: Diagram,
    /// The game's first error, if any, to print beside the picture.
    pub notes: Vec<String>,
}

impl View {
    /// Draws the position of the file's bytes; `display` names the file in errors. Fails with a message for a
    /// game that is not there or cannot be replayed as far as asked.
    pub fn draw(&self, bytes: &[u8], display: &str) -> anyhow::Result<Picture> {
        let format = Format::detect(display, bytes);
        if format != Format::Sgf {
            // One game, read by its format's reader.
            let decoded = formats::decode_as(format, bytes).map_err(|e| anyhow::anyhow!("{display}: {e}"))?;
            let read = formats::read(format, &decoded.text, &self.limits).map_err(|e| {
                let (line, column) = LineIndex::new(&decoded.text).line_col(e.offset);
                anyhow::anyhow!("{display}:{line}:{column}: {format}: {}", e.message)
            })?;
            if self.game != 1 {
                anyhow::bail!("{display}: --game {} but a {format} file holds one game", self.game);
            }
            return self.draw_record(&read.record, 0, display);
        }
        let decoded = decode::decode(bytes).map_err(|e| anyhow::anyhow!("{display}: {e}"))?;
        // A broken later game of a collection does not stop the games before it from being shown.
        let (collection, error) = gotool_sgf::scan_collection(&decoded.text, &self.limits);
        let count = collection.games.len();
        if self.game == 0 {
            anyhow::bail!("{display}: --game counts from 1 (the first game)");
        }
        if self.game > count {
            let Some(e) = error else {
                anyhow::bail!("{display}: --game {} but the file holds {count} game{}", self.game, plural(count));
            };
            let index = LineIndex::new(&decoded.text);
            let (line, column) = index.line_col(e.offset);
            // The broken game itself: its error. A game past it: how many can be read, and where it breaks.
            if self.game == count + 1 {
                anyhow::bail!("{display}:{line}:{column}: {}", e.message(&index));
            }
            anyhow::bail!(
                "{display}: --game {} but the file holds {count} readable game{}; game {} breaks at {line}:{column}: {}",
                self.game,
                plural(count),
                count + 1,
                e.message(&index)
            );
        }
        let index = self.game - 1;
        let record = gotool_sgf::read_game(&collection, index);
        self.draw_record(&record, index, display)
    }

    /// Draws the position of game `index` of a file, read into `record`.
    fn draw_record(&self, record: &GameRecord, index: usize, display: &str) -> anyhow::Result<Picture> {
        let (mut game, end) = check_game(record, index, &self.replay);
        let Some(end) = end else {
            // Not replayable: not Go (a warning) or a bad size (an error), the first finding says which.
            let why = game.first_error().or(game.diagnostics.first()).map_or("no reason given", |d| d.message.as_str());
            anyhow::bail!("{display}: the game cannot be replayed: {why}");
        };
        let mut diagram = match (self.move_number, &self.score) {
            (Some(number), _) => {
                if number == 0 || number > game.moves {
                    anyhow::bail!("{display}: --move {number}, but the game has moves 1 to {}", game.moves);
                }
                let Some((diagram, _)) = picture::before_move(record, &self.replay, number) else {
                    anyhow::bail!("{display}: the game cannot be replayed up to move {number}");
                };
                diagram
            }
            (None, Some(scoring)) => {
                score_game(record, &mut game, &end, scoring);
                match &game.score {
                    Some(score) => picture::scored_position(&end, score),
                    None => {
                        // Say why there are no marks (`not scored: the replay stopped at an illegal move`).
                        let why = game.diagnostics.iter().find(|d| d.code == "not-scored").map(|d| d.message.clone());
                        Diagram { caption: why, ..picture::final_position(&end) }
                    }
                }
            }
            (None, None) => picture::final_position(&end),
        };
        diagram.title = Some(picture::title(&game));
        // The first error, and what was ignored of what the user asked (a --dead point off this board, or one
        // with no stone on it).
        let ignored = ["bad-dead-point", "dead-on-empty-point", "dead-point-off-board"];
        let first_error = game.first_error().map(|e| match e.move_label() {
            Some(label) => format!("{label}: {}", e.message),
            None => e.message.clone(),
        });
        let mut notes: Vec<String> = first_error.into_iter().collect();
        notes.extend(game.diagnostics.iter().filter(|d| ignored.contains(&d.code)).map(|d| d.message.clone()));
        Ok(Picture { diagram, notes })
    }
}

/// A file that could not be read, reported as its error.
fn read_failure(display: &str, e: &ReadError) -> FileReport {
    let message = match e {
        ReadError::TooLarge { .. } => format!("{e} (see --max-file-size)"),
        ReadError::Io(_) => e.to_string(),
    };
    FileReport::failed(display, e.code(), message, None)
}

/// The line and column of byte `at` of `bytes`, counted as the splitter counts them: lines end at CR, LF or
/// CRLF, columns count characters (bytes that do not continue a UTF-8 character).
fn place_of(bytes: &[u8], at: u64) -> (u32, u32) {
    let before = &bytes[..usize::try_from(at).unwrap_or(usize::MAX).min(bytes.len())];
    let mut line = 1u64;
    let mut line_start = 0;
    for (i, &b) in before.iter().enumerate() {
        if b == b'\r' || (b == b'\n' && (i == 0 || before[i - 1] != b'\r')) {
            line += 1;
        }
        if b == b'\r' || b == b'\n' {
            line_start = i + 1;
        }
    }
    let column = 1 + before[line_start..].iter().filter(|&&b| (b & 0xC0) != 0x80).count() as u64;
    (narrow(line), narrow(column))
}

/// Adds the report on one piece of a collection to the collection's: its games, its file-level findings (each
/// said once), its lost game. The file's error is its first lost game's.
fn merge_part(report: &mut FileReport, part: FileReport) {
    if report.charset.is_none() {
        report.charset = part.charset;
    }
    for d in part.diagnostics {
        if !report.diagnostics.iter().any(|seen| seen.code == d.code && seen.message == d.message) {
            report.diagnostics.push(d);
        }
    }
    report.games.extend(part.games);
    if report.error.is_none() {
        report.error = part.error;
    }
    report.lost.extend(part.lost);
}

/// Moves every line:column of a report on one game of a stream to its place in the whole stream.
fn shift_places(report: &mut FileReport, place: impl Fn(u32, u32) -> (u64, u64)) {
    let shift = |line: &mut Option<u32>, column: &mut Option<u32>| {
        if let (Some(l), Some(c)) = (*line, *column) {
            let (l, c) = place(l, c);
            *line = Some(narrow(l));
            *column = Some(narrow(c));
        }
    };
    if let Some(e) = &mut report.error {
        shift(&mut e.line, &mut e.column);
    }
    for d in report.diagnostics.iter_mut().chain(report.games.iter_mut().flat_map(|g| g.diagnostics.iter_mut())) {
        shift(&mut d.line, &mut d.column);
    }
}

/// A line or column of a stream as a report writes it (32 bits: a stream of more than 4 billion lines gives
/// its last places as the largest value).
fn narrow(n: u64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The board around a game's first error with a move, for `check --board`.
fn error_picture(
    record: &GameRecord,
    game: &GameReport,
    replay: &ReplayOptions,
    options: &TextOptions,
) -> Option<String> {
    let error = game.diagnostics.iter().find(|d| d.is_error() && d.variation.is_none())?;
    let number = error.move_number?;
    let (mut diagram, point) = picture::before_move(record, replay, number)?;
    // The error line above the picture says what the move is.
    diagram.title = None;
    diagram.caption = None;
    let center = point.unwrap_or(Point::new(diagram.width / 2, diagram.height / 2));
    Some(text::window(&diagram, center, 4, options))
}

/// Fills in line:column from byte offsets, with the line table `lines` if there is one already, else building
/// it only when some diagnostic needs it.
fn place_diagnostics(text: &str, lines: Option<LineIndex>, report: &mut FileReport) {
    let needs =
        report.diagnostics.iter().chain(report.games.iter().flat_map(|g| &g.diagnostics)).any(|d| d.offset.is_some());
    if !needs {
        return;
    }
    let index = lines.unwrap_or_else(|| LineIndex::new(text));
    let all = report.diagnostics.iter_mut().chain(report.games.iter_mut().flat_map(|g| g.diagnostics.iter_mut()));
    for d in all {
        if let Some(offset) = d.offset {
            let (line, column) = index.line_col(offset);
            d.line = Some(line);
            d.column = Some(column);
        }
    }
}
