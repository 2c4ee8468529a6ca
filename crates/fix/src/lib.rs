//! `gotool fix`: repairs and normalises SGF records, keeping the game. The fixes of a file are found from what
//! the layers below already know (the decoder's charset, the scanner's tree with byte positions, each game's
//! record and replay) and made as byte-range edits of the text, so that whatever is not wrong (comments,
//! variations, property order, layout) stays as it was and a diff is small.
//!
//! A file is fixed in rounds: structural repairs first (a tree left open at the end, `()`), one at a time, each
//! followed by a new scan; then rounds of every other fix, until a round finds none (fixes whose edits would
//! touch the same bytes wait for the next round, and a round whose fixes together leave the text unreadable is
//! made again with its first fix alone); with `--normalise`, the settled text is then written again in
//! one canonical layout (`layout`). The result is then proven: its bytes must decode to the text the fixes
//! wrote, and are scanned, read and replayed again; `check` must read the same games from it (same moves, setup,
//! size, komi, handicap, rules, result, players; `same`), with no warning it did not have before, and fixing it
//! again must change nothing (moving the root properties it kept in place too). A file that fails the proof,
//! whose syntax has two readings, or whose charset is only a guess that changes its structure, is left alone and
//! said to be. Never writes anything: the caller does.

mod charset;
mod edit;
mod find;
mod layout;
mod same;
mod structure;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use charset::Mode;
use edit::Round;
use find::{Context, Fix, Note};
use same::{Allowed, GameView, same_game};

use gotool_check::Plan;
use gotool_go::Preset;
use gotool_model::{FileError, FixEntry, FixReport};
use gotool_replay::ReplayOptions;
use gotool_sgf::decode::{self, DecodeError};
use gotool_sgf::split::{Broken, BrokenKind, Piece, SplitOptions, Splitter};
use gotool_sgf::{Limits, LineIndex};
use gotool_source::ReadError;

/// The fix codes (stable; `docs/fix.md` has an example of each).
pub mod code {
    /// The text is in a charset gotool is sure of but not UTF-8: rewritten in UTF-8.
    pub const UTF8: &str = "utf8";
    /// The file starts with a UTF-8 byte-order mark: dropped.
    pub const BOM: &str = "bom";
    /// A `CA` that does not say UTF-8 in a file written in UTF-8 (or none where the text is not ASCII).
    pub const CA_UTF8: &str = "ca-utf8";
    /// The file ends inside a game tree or a value: closed at the end.
    pub const CLOSE_TREE: &str = "close-tree";
    /// A `(` followed by a property, the node's `;` missing: `;` added.
    pub const MISSING_SEMICOLON: &str = "missing-semicolon";
    /// Text outside the game trees: removed.
    pub const JUNK: &str = "junk";
    /// `()`, or a variation of one empty node: removed.
    pub const EMPTY_VARIATION: &str = "empty-variation";
    /// A node that holds nothing: removed.
    pub const EMPTY_NODE: &str = "empty-node";
    /// A property written twice in a node: one.
    pub const DUPLICATE_PROPERTY: &str = "duplicate-property";
    /// B and W in one node: two nodes.
    pub const SPLIT_MOVES: &str = "split-moves";
    /// `SZ`, `KM`, `HA` outside the root: moved to it.
    pub const ROOT_PROPERTY: &str = "root-property";
    /// Komi in a dialect (Fox ×100, `6,5`): the plain decimal.
    pub const KOMI: &str = "komi";
    /// A pass written `tt`: `B[]`.
    pub const PASS: &str = "pass";
    /// FF\[3\] identifiers (`AddBlack`, `Black`): FF\[4\]'s.
    pub const IDENTIFIER: &str = "identifier";
    /// `GM[1]`, `FF[4]`, `SZ[19]` missing from the root: added.
    pub const ROOT_INFO: &str = "root-info";
    /// `--normalise`: komi and results in zi, in points.
    pub const ZI: &str = "zi";
    /// `--normalise`: Black's first moves that are the handicap stones, as `AB`.
    pub const HANDICAP_STONES: &str = "handicap-stones";
    /// `--cut-at-illegal`: the line ends before its first illegal move.
    pub const CUT_AT_ILLEGAL: &str = "cut-at-illegal";
    /// `--normalise`: the whole file written in the canonical layout (once per file, at the first byte it changes).
    pub const LAYOUT: &str = "layout";
}

/// What `fix` is asked to do.
#[derive(Clone, Debug, Default)]
pub struct FixOptions {
    /// Size limits on the file and its games.
    pub limits: Limits,
    /// `--normalise`: also the rewrites that change how the game is represented (zi komi, handicap moves), and
    /// the whole file in the canonical layout.
    pub normalise: bool,
    /// `--cut-at-illegal`: also end each line before its first illegal move.
    pub cut_at_illegal: bool,
    /// `--rules`: the rules that decide what is illegal for `--cut-at-illegal`, instead of the record's `RU`.
    pub rules: Option<Preset>,
}

/// One file, fixed (or not).
#[derive(Debug, Default)]
pub struct Fixed {
    /// What was found and done.
    pub report: FixReport,
    /// The file's bytes as read (`None` when it could not be read).
    pub input: Option<Vec<u8>>,
    /// The fixed file's bytes, when they differ from the input.
    pub output: Option<Vec<u8>>,
}

/// Fixes files as its options say. The command line, the tests and the fuzz target use it.
#[derive(Clone, Debug)]
pub struct Fixer {
    options: FixOptions,
    /// How games are read and replayed for the proof (and `--cut-at-illegal`): no scoring, fingerprints on.
    plan: Plan,
}

/// Structural repairs in one file before it is given up: each costs a scan of the whole text.
const MAX_STRUCTURAL_REPAIRS: usize = 64;
/// Rounds of fixes before a file is given up as not settling.
const MAX_ROUNDS: usize = 6;

/// Why a file is left alone.
struct Refusal {
    code: &'static str,
    message: String,
    /// A byte offset of the original text.
    at: Option<u32>,
}

impl Refusal {
    fn new(code: &'static str, message: impl Into<String>) -> Refusal {
        Refusal { code, message: message.into(), at: None }
    }
}

/// The first broken game tree of a collection, found by the splitter that `check` reads collections with
/// (`gotool_sgf::split`), unless it is the last game tree and cut short by the end of the file: that one the
/// structural repairs close where it ends, as in a file of one game. Any other break would be "repaired" by
/// closing the broken game at the end of the file, which merges every game after it into it.
fn broken_in_collection(bytes: &[u8], limits: &Limits) -> Option<Broken> {
    let options = SplitOptions::from_limits(limits, true);
    let mut trees = 0;
    let mut first_broken: Option<(Broken, usize)> = None;
    for piece in Splitter::over_bytes(bytes, options) {
        match piece {
            Ok(Piece::Game(_)) => trees += 1,
            Ok(Piece::Broken(broken)) => {
                trees += 1;
                if first_broken.is_none() {
                    first_broken = Some((broken, trees));
                }
            }
            Ok(Piece::Junk(_)) | Err(_) => {}
        }
    }
    let (broken, nth) = first_broken?;
    let only_the_last_is_cut = nth == trees && matches!(broken.kind, BrokenKind::EndOfInput { .. });
    (trees > 1 && !only_the_last_is_cut).then_some(broken)
}

/// A line or column as a report writes it.
fn narrow(n: u64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The fixes of one attempt, their places mapped back to the original text, and the fixed text.
struct Attempt {
    text: String,
    fixes: Vec<(Fix, u32)>,
    notes: Vec<Note>,
}

impl Fixer {
    /// A fixer with these options.
    pub fn new(options: FixOptions) -> Fixer {
        let plan = Plan {
            limits: options.limits,
            replay: ReplayOptions { rules: options.rules, komi: None, all_variations: false, fingerprints: true },
            score: None,
            error_pictures: None,
            open_containers: false,
        };
        Fixer { options, plan }
    }

    /// Reads and fixes one file; `display` is its name in the report. Writes nothing.
    pub fn fix_file(&self, path: &Path, display: &str) -> Fixed {
        match gotool_source::read_file(path, self.options.limits.max_file_bytes) {
            Ok(bytes) => self.fix_bytes(bytes, display),
            Err(e) => {
                let message = match &e {
                    ReadError::TooLarge { .. } => format!("{e} (see --max-file-size)"),
                    ReadError::Io(_) => e.to_string(),
                };
                let report = FixReport {
                    path: display.to_string(),
                    error: Some(file_error(e.code(), message)),
                    ..FixReport::default()
                };
                Fixed { report, input: None, output: None }
            }
        }
    }

    /// Fixes a file's bytes. A panic inside becomes an `internal-error` and the file is left alone.
    pub fn fix_bytes(&self, bytes: Vec<u8>, display: &str) -> Fixed {
        let mut report = FixReport { path: display.to_string(), ..FixReport::default() };
        let output = match catch_unwind(AssertUnwindSafe(|| self.fix_unguarded(&bytes, &mut report, true))) {
            Ok(output) => output,
            Err(panic) => {
                let what = gotool_model::panic_message(&*panic);
                report.fixes.clear();
                report.error = Some(file_error(
                    "internal-error",
                    format!("gotool failed on this file ({what}); please report it"),
                ));
                None
            }
        };
        report.changed = output.is_some();
        Fixed { report, input: Some(bytes), output }
    }

    /// The fixed bytes when they differ from `bytes`; the fixes, notes and any reason for leaving the file
    /// alone go into `report`. `settle`: make sure that fixing the fixed bytes would change nothing, where that
    /// is in doubt.
    fn fix_unguarded(&self, bytes: &[u8], report: &mut FixReport, settle: bool) -> Option<Vec<u8>> {
        if bytes.len() as u64 > self.options.limits.max_file_bytes {
            let e = ReadError::TooLarge { size: Some(bytes.len() as u64), limit: self.options.limits.max_file_bytes };
            report.error = Some(file_error(e.code(), format!("{e} (see --max-file-size)")));
            return None;
        }
        if let Some(broken) = broken_in_collection(bytes, &self.options.limits) {
            let place = (narrow(broken.start.line), narrow(broken.start.column));
            let message = format!(
                "{broken}. Closing it at the end of the file would make the games after it its variations, so \
                 the file is left as it is: cut the broken game out (or close it where the next game starts) by hand"
            );
            report.error = Some(FileError { code: "syntax", message, line: Some(place.0), column: Some(place.1) });
            return None;
        }
        let decoded = match decode::decode(bytes) {
            Ok(d) => d,
            Err(e @ DecodeError::Empty) => {
                report.error = Some(file_error("syntax", e.to_string()));
                return None;
            }
            Err(e) => {
                report.error = Some(file_error("encoding", e.to_string()));
                return None;
            }
        };
        report.charset = Some(decoded.charset);
        let mode = Mode::of(bytes, &decoded);
        let Some(text) = mode.text(bytes, &decoded) else {
            report.error =
                Some(file_error("charset", "the text holds characters from the last private-use plane; left alone"));
            return None;
        };
        let lines = LineIndex::new(&text);
        let place = |at: u32| lines.line_col(at as usize);
        let entry = |code: &'static str, message: String, at: Option<u32>| {
            let (line, column) = at.map(place).unzip();
            FixEntry { code, message, line, column }
        };
        let refuse = |report: &mut FixReport, r: Refusal| {
            let (line, column) = r.at.map(place).unzip();
            report.error = Some(FileError { code: r.code, message: r.message, line, column });
            None
        };

        let mut move_root_properties = true;
        let (attempt, output) = loop {
            let attempt = match self.attempt(&text, &mode, move_root_properties) {
                Ok(a) => a,
                Err(r) => return refuse(report, r),
            };
            let file_wide = matches!(mode, Mode::Transcode { .. }) || mode.drops_bom();
            if attempt.fixes.is_empty() && !file_wide {
                report.left = attempt.notes.iter().map(|n| entry(n.code, n.message.clone(), Some(n.at))).collect();
                return None;
            }
            if let Mode::Unsure(why) = &mode {
                return refuse(
                    report,
                    Refusal::new(
                        "charset",
                        format!("{why}: nothing is fixed in a file whose charset gotool is not sure of"),
                    ),
                );
            }
            let Some(output) = mode.encode(&attempt.text) else {
                return refuse(
                    report,
                    Refusal::new("internal-error", "a fix wrote text the file's charset cannot hold; please report it"),
                );
            };
            if let Err(r) = reads_back(&output, &attempt.text, decoded.charset) {
                return refuse(report, r);
            }
            match self.prove(&decoded.text, &output, &attempt, move_root_properties) {
                Ok(()) => break (attempt, output),
                Err(_) if move_root_properties && attempt.fixes.iter().any(|(f, _)| f.code == code::ROOT_PROPERTY) => {
                    move_root_properties = false;
                }
                Err(why) => {
                    return refuse(
                        report,
                        Refusal::new("unsafe", format!("{why}; the file is left as it is (please report this)")),
                    );
                }
            }
        };
        // Root properties were left where they are because moving them changed the game. The other fixes (a cut
        // line, above all) can make moving them harmless in the fixed file, which a second run would then move:
        // a fix must settle in one run, so such a file is left alone.
        if settle && !move_root_properties {
            let mut again = FixReport::default();
            if self.fix_unguarded(&output, &mut again, false).is_some() || again.error.is_some() {
                let message = "a property outside the root that gotool does not move (it would change the game) \
                               could be moved once the other fixes are made, so fixing the fixed file would change \
                               it again; the file is left as it is";
                return refuse(report, Refusal::new("unsafe", message));
            }
        }
        if let Mode::Transcode { from, why } = &mode {
            report.fixes.push(entry(code::UTF8, format!("read as {from} ({why}): written in UTF-8"), Some(0)));
        }
        if mode.drops_bom() {
            report.fixes.push(entry(
                code::BOM,
                "the UTF-8 byte-order mark at the start is dropped (SGF has none)".into(),
                Some(0),
            ));
        }
        report.fixes.extend(attempt.fixes.iter().map(|(f, at)| entry(f.code, f.message.clone(), Some(*at))));
        // In the order of the places in the file (the charset's first), as a person reads them.
        report.fixes.sort_by_key(|f| (f.line, f.column));
        report.left = attempt.notes.iter().map(|n| entry(n.code, n.message.clone(), Some(n.at))).collect();
        (output != bytes).then_some(output)
    }

    /// Finds and makes every fix of `text`, round after round, until a round finds none.
    fn attempt(&self, original: &str, mode: &Mode, move_root_properties: bool) -> Result<Attempt, Refusal> {
        let mut text = original.to_string();
        let mut rounds: Vec<Round> = Vec::new();
        let mut fixes: Vec<(Fix, usize)> = Vec::new();
        let mut notes: Vec<(Note, usize)> = Vec::new();
        let back = |rounds: &[Round], at: u32, found_in: usize| {
            rounds[..found_in].iter().rev().fold(at, |at, r| r.map_back(at))
        };
        for repairs in 0.. {
            let (_, error) = gotool_sgf::scan_collection(&text, &self.options.limits);
            let Some(e) = error else { break };
            let fix = match structure::repair(&text, &e) {
                Some(fix) if repairs < MAX_STRUCTURAL_REPAIRS => fix,
                _ => {
                    let index = LineIndex::new(&text);
                    let message =
                        format!("{}: the file is left as it is (two readings are possible)", e.message(&index));
                    let code = if e.code() == "limit" { "limit" } else { "syntax" };
                    return Err(Refusal { code, message, at: Some(back(&rounds, e.offset as u32, rounds.len())) });
                }
            };
            let mut round = Round::default();
            round.accept(&fix.edits);
            text = round.apply(&text);
            fixes.push((fix, rounds.len()));
            rounds.push(round);
        }
        // A transcoded file says what it now is even when its text is ASCII (its `CA` named the old charset).
        let declare_utf8 = matches!(mode, Mode::Transcode { .. }) || (mode.writes_utf8() && !text.is_ascii());
        let cx = Context { options: &self.options, declare_utf8, move_root_properties, plan: &self.plan };
        // The text before the last round and how many fixes that round made, while it made more than one.
        let mut undo: Option<(String, usize)> = None;
        // A round made again with its first fix alone does not count: it makes the next round smaller.
        let mut round_number = 0;
        let first_round = rounds.len();
        while round_number <= MAX_ROUNDS {
            let (collection, error) = gotool_sgf::scan_collection(&text, &self.options.limits);
            if error.is_some() {
                // Fixes made together can break what each keeps alone (an empty node removed and the node after it
                // cut leave a variation with no node): that round again, with its first fix alone.
                let Some((before, made)) = undo.take() else {
                    return Err(Refusal::new("internal-error", "a fix left the text unreadable; please report it"));
                };
                rounds.pop();
                let first = fixes.len() - made;
                fixes.truncate(first + 1);
                let mut round = Round::default();
                round.accept(&fixes[first].0.edits);
                text = round.apply(&before);
                rounds.push(round);
                continue;
            }
            let found = find::find(&collection, &cx);
            // The notes are those of the text as it first reads (a round made again would say them twice).
            if rounds.len() == first_round {
                notes.extend(found.notes.into_iter().map(|n| (n, rounds.len())));
            }
            let mut round = Round::default();
            let mut made = 0;
            for fix in found.fixes {
                if round.accept(&fix.edits) {
                    fixes.push((fix, rounds.len()));
                    made += 1;
                }
            }
            if round.is_empty() {
                if self.options.normalise {
                    let canonical = layout::canonical(&collection);
                    if canonical != text {
                        let at = first_difference(&text, &canonical);
                        let message = "the whole file written in the canonical layout (one node per line, the root's \
                                       properties in a fixed order, text escaped only where SGF needs it)"
                            .to_string();
                        fixes.push((Fix { code: code::LAYOUT, message, at, edits: Vec::new() }, rounds.len()));
                        text = canonical;
                    }
                }
                let fixes = fixes
                    .into_iter()
                    .map(|(f, k)| {
                        let at = back(&rounds, f.at, k);
                        (f, at)
                    })
                    .collect();
                let notes = notes
                    .into_iter()
                    .map(|(mut n, k)| {
                        n.at = back(&rounds, n.at, k);
                        n
                    })
                    .collect();
                return Ok(Attempt { text, fixes, notes });
            }
            if round_number == MAX_ROUNDS {
                break;
            }
            undo = (made > 1).then(|| (text.clone(), made));
            text = round.apply(&text);
            rounds.push(round);
            round_number += 1;
        }
        Err(Refusal::new("unsafe", "the fixes do not settle; the file is left as it is (please report this)"))
    }

    /// What `check` reads of each game of a text (the games complete before a structural error).
    fn views(&self, text: &str) -> Vec<GameView> {
        let (collection, _) = gotool_sgf::scan_collection(text, &self.options.limits);
        (0..collection.games.len())
            .map(|g| {
                let record = gotool_sgf::read_game(&collection, g);
                let report = self.plan.check_game(&record, g);
                GameView::new(&record, report)
            })
            .collect()
    }

    /// The proof: `check` reads the same games from the fixed bytes as from the original text, and fixing them
    /// again changes nothing.
    fn prove(&self, original: &str, output: &[u8], attempt: &Attempt, move_root: bool) -> Result<(), String> {
        let decoded = decode::decode(output).map_err(|e| format!("the fixed file cannot be read ({e})"))?;
        let before = self.views(original);
        let after = self.views(&decoded.text);
        if after.len() < before.len() {
            return Err(format!("the fixed file would hold {} games, not {}", after.len(), before.len()));
        }
        let applied = |code: &str| attempt.fixes.iter().any(|(f, _)| f.code == code);
        let moved = applied(code::ROOT_PROPERTY);
        let allowed = Allowed {
            komi: moved,
            handicap: moved,
            size: moved,
            zi: applied(code::ZI),
            handicap_stones: applied(code::HANDICAP_STONES),
            cut: applied(code::CUT_AT_ILLEGAL),
        };
        for (g, (b, a)) in before.iter().zip(&after).enumerate() {
            same_game(b, a, allowed).map_err(|why| format!("game {}: {why}", g + 1))?;
        }
        let mode = Mode::of(output, &decoded);
        let again = mode.text(output, &decoded).ok_or("the fixed file holds characters gotool cannot fix by")?;
        let file_wide = matches!(mode, Mode::Transcode { .. }) || mode.drops_bom();
        match self.attempt(&again, &mode, move_root) {
            Ok(second) if second.fixes.is_empty() && !file_wide => Ok(()),
            Ok(second) => Err(format!(
                "fixing the fixed file would change it again ({})",
                second.fixes.first().map_or("its charset", |(f, _)| f.code)
            )),
            Err(r) => Err(format!("the fixed file could not be fixed again ({})", r.message)),
        }
    }
}

/// `Ok` when the fixed bytes read back as the text the fixes wrote. A charset gotool guessed or fell back to may
/// be guessed otherwise from the fixed bytes (a `]` added after a lone lead byte of a double-byte charset makes
/// the bytes read as that charset, which takes the `]` into a character; NUL bytes moved by one byte look like
/// UTF-16), and then `check` would read another text from the fixed file.
fn reads_back(output: &[u8], written: &str, charset: &'static str) -> Result<(), Refusal> {
    let read = decode::decode(output).ok().map(|d| {
        let text = Mode::of(output, &d).text(output, &d);
        (text.is_some_and(|t| t == written), d.charset)
    });
    match read {
        Some((true, _)) => Ok(()),
        Some((false, read)) => Err(Refusal::new(
            "charset",
            format!(
                "the fixed file would be read as {read}, not as the text the fixes wrote: {charset} is only what \
                 gotool takes the bytes to be, and the fixes would change that; left alone"
            ),
        )),
        None => Err(Refusal::new("charset", "the fixed file could not be read back as text; left alone")),
    }
}

/// The offset in `a` of the first byte where `b` differs from it (at a character boundary of `a`).
fn first_difference(a: &str, b: &str) -> u32 {
    let mut at = a.bytes().zip(b.bytes()).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
    while !a.is_char_boundary(at) {
        at -= 1;
    }
    at as u32
}

fn file_error(code: &'static str, message: impl Into<String>) -> FileError {
    FileError { code, message: message.into(), line: None, column: None }
}
