//! Replays each game of a parsed collection through the rules core and collects diagnostics.
//! Pure: no files, no printing. The first illegal move ends the replay of its line (the position after it
//! is undefined); warnings never do.

use serde::Serialize;

use crate::go::{Color, Game, Illegal, PointSet, Preset, Rules, rules_from_record};
use crate::model::diagnostic::Diagnostic;
use crate::score::verdict::GameScore;
use crate::sgf::values::{self as record, MoveValue};
use crate::sgf::{Collection, NONE, PropId};

/// Wrong-turn warnings listed per line before the rest are summarised in one.
const MAX_WRONG_TURNS_LISTED: u32 = 32;

/// What the caller decides about checking (from the command line).
#[derive(Clone, Debug, Default)]
pub struct CheckOptions {
    /// `--rules`: overrides the record's `RU`.
    pub rules: Option<Preset>,
    /// `--komi`: overrides the record's `KM`.
    pub komi: Option<f64>,
    /// `--all-variations`: replay every branch, not only the main line.
    pub all_variations: bool,
}

/// Everything the root node (and the main line's setup) says about a game.
#[derive(Clone, Debug)]
pub struct GameInfo {
    pub width: u8,
    pub height: u8,
    pub rules: Rules,
    pub komi: f64,
    /// `HA` when it is 2 or more, else 0.
    pub handicap: u32,
    pub result: Option<String>,
    pub black_player: Option<String>,
    pub white_player: Option<String>,
    /// The rules came from `--rules` or a recognised `RU` (not the Japanese default for a missing or unknown one).
    pub rules_known: bool,
    /// The komi was written in Chinese zi (half-points, e.g. `KM[2.75]`); results in the record are too.
    pub komi_in_zi: bool,
}

/// The report on one game tree of a file.
#[derive(Clone, Debug, Serialize)]
pub struct GameReport {
    /// 0-based position of the game in the file (collections hold several).
    pub index: usize,
    pub valid: bool,
    /// `null` (like `board_size` and `komi`) when the game could not be replayed at all (bad size, not Go).
    pub rules: Option<String>,
    pub board_size: Option<[u8; 2]>,
    pub komi: Option<f64>,
    pub handicap: u32,
    /// Moves in the main line (passes included); where an illegal move stopped the replay, up to and including it.
    pub moves: u32,
    pub result_recorded: Option<String>,
    pub black_player: Option<String>,
    pub white_player: Option<String>,
    /// The main line ends with two consecutive passes.
    pub ended_by_passes: bool,
    pub diagnostics: Vec<Diagnostic>,
    /// The count of a finished game (`score`, and `check` for finished games); `null` when not scored.
    pub score: Option<GameScore>,
    /// A drawing of the board around the first error (`check --board`); text output only.
    #[serde(skip)]
    pub picture: Option<String>,
}

/// The end of a game's main line, replayed, for scoring and pictures.
#[derive(Clone)]
pub struct LineEnd {
    pub game: Game,
    pub info: GameInfo,
    /// The last node replayed (TB/TW markup lives there).
    pub last_node: u32,
    /// The replay stopped at an illegal move before the end of the line.
    pub stopped_early: bool,
}

/// Replay state of one line of play.
#[derive(Clone)]
struct Line {
    game: Game,
    /// Moves seen so far in this line (passes included), the number of the next move minus one.
    moves: u32,
    black_setup_before_first_move: u32,
    cycle_reported: bool,
    /// Play after two passes is reported once per line: some records resume hundreds of times.
    resumption_reported: bool,
    /// Wrong-turn warnings so far in this line; past a few dozen only their count is kept (a record with every
    /// move out of turn would otherwise hold a warning per move).
    wrong_turns: u32,
}

impl Line {
    /// A line at the start of a game, its history sized for `nodes` moves.
    fn new(info: &GameInfo, nodes: u32) -> Line {
        Line {
            game: Game::for_record(info.width, info.height, info.rules.clone(), nodes),
            moves: 0,
            black_setup_before_first_move: 0,
            cycle_reported: false,
            resumption_reported: false,
            wrong_turns: 0,
        }
    }
}

/// Checks game `index` of the collection. Returns its report and, when the game could be replayed at all,
/// the end of its main line.
pub fn check_game(c: &Collection, index: usize, options: &CheckOptions) -> (GameReport, Option<LineEnd>) {
    let root = c.games[index];
    let mut diags = Vec::new();
    let info = read_game_info(c, root, options, &mut diags);
    let mut report = GameReport {
        index,
        valid: true,
        rules: None,
        board_size: None,
        komi: None,
        handicap: 0,
        moves: 0,
        result_recorded: None,
        black_player: None,
        white_player: None,
        ended_by_passes: false,
        diagnostics: Vec::new(),
        score: None,
        picture: None,
    };
    let Some(info) = info else {
        report.valid = !diags.iter().any(|d| d.severity == crate::model::diagnostic::Severity::Error);
        report.diagnostics = diags;
        return (report, None);
    };
    report.rules = Some(info.rules.name.clone());
    report.board_size = Some([info.width, info.height]);
    report.komi = Some(info.komi);
    report.handicap = info.handicap;
    report.result_recorded = info.result.clone();
    report.black_player = info.black_player.clone();
    report.white_player = info.white_player.clone();

    // Main line first: it gives the report's move count, the handicap check and the end position.
    let mut line = Line::new(&info, game_nodes(c, index));
    let mut node = root;
    let mut last_node;
    let mut stopped_early = false;
    loop {
        last_node = node;
        if process_node(c, node, node == root, &mut line, &info, Some(&mut diags), 0).is_err() {
            stopped_early = true;
            break;
        }
        match c.node(node).first_child {
            NONE => break,
            child => node = child,
        }
    }
    report.moves = line.moves;
    report.ended_by_passes = !stopped_early && line.game.consecutive_passes() >= 2;
    check_handicap(&info, &line, c, root, &mut diags);

    if options.all_variations {
        // Variations start from a small history that grows with each line: copies of lines are kept and replayed
        // for them, and a table sized for every node of the game would be copied each time.
        check_variations(c, index, &Line::new(&info, 0), &info, &mut diags);
    }

    report.valid = !diags.iter().any(|d| d.severity == crate::model::diagnostic::Severity::Error);
    report.diagnostics = diags;
    let end = LineEnd { game: line.game, info, last_node, stopped_early };
    (report, Some(end))
}

/// Replays the main line up to (not including) move `before_move`, for `show --move`. `None` if the game
/// cannot be replayed that far.
pub fn position_before_move(c: &Collection, index: usize, options: &CheckOptions, before_move: u32) -> Option<LineEnd> {
    let root = c.games[index];
    let mut sink = Vec::new();
    let info = read_game_info(c, root, options, &mut sink)?;
    let mut line = Line::new(&info, game_nodes(c, index).min(before_move));
    let mut node = root;
    loop {
        if node_has_move(c, node) && line.moves + 1 >= before_move {
            return Some(LineEnd { game: line.game, info, last_node: node, stopped_early: false });
        }
        if process_node(c, node, node == root, &mut line, &info, None, 0).is_err() {
            return None;
        }
        match c.node(node).first_child {
            NONE => {
                return Some(LineEnd { game: line.game, info, last_node: node, stopped_early: false });
            }
            child => node = child,
        }
    }
}

fn node_has_move(c: &Collection, node: u32) -> bool {
    c.properties(node).iter().any(|p| move_color(p.id).is_some())
}

/// Depth-first over every branch except the main line (already replayed). Keeps a position snapshot per open
/// branch point while the stack is shallow and replays from the root beyond that, so memory stays bounded.
fn check_variations(c: &Collection, index: usize, start: &Line, info: &GameInfo, diags: &mut Vec<Diagnostic>) {
    let root = c.games[index];
    let mut walk = VariationWalk {
        c,
        root,
        info,
        pending: Vec::new(),
        snapshot_bytes: 0,
        visits: 0,
        // Replaying prefixes again costs time; stop with a clear note beyond this many node visits. The game's
        // nodes are the ones scanned from its root to the next game's.
        budget: 20 * u64::from(game_nodes(c, index)) + 100_000,
    };
    // Seed with the side branches of the main line, replaying it quietly and outside the budget.
    walk.follow(root, &mut start.clone(), None, 0);

    let mut variation = 0u32;
    while let Some((branch, snapshot)) = walk.pending.pop() {
        // The branch's later siblings wait their turn with the same parent position.
        let sibling = c.node(branch).next_sibling;
        let parent = c.node(branch).parent;
        let mut line = match snapshot {
            Some(s) => {
                if sibling != NONE {
                    // The sibling keeps the snapshot's bytes counted; this copy leaves with the branch.
                    walk.pending.push((sibling, Some(s.clone())));
                } else {
                    walk.snapshot_bytes -= s.game.heap_bytes();
                }
                s
            }
            None => {
                if sibling != NONE {
                    walk.pending.push((sibling, None));
                }
                match replay_path_quietly(c, root, parent, start, info, &mut walk.visits) {
                    Some(l) => l,
                    None => continue,
                }
            }
        };
        variation += 1;
        if !walk.follow(branch, &mut line, Some(diags), variation) {
            diags.push(Diagnostic::warning(
                "variations-not-checked",
                "too many variations to check them all; the rest were skipped",
            ));
            return;
        }
    }
}

/// How many nodes game `index` has: the scanner numbers a game's nodes from its root up to the next game's root.
fn game_nodes(c: &Collection, index: usize) -> u32 {
    let next_root = c.games.get(index + 1).copied().unwrap_or(c.nodes.len() as u32);
    next_root - c.games[index]
}

/// The state of a walk over a game's variations.
struct VariationWalk<'a, 't> {
    c: &'a Collection<'t>,
    root: u32,
    info: &'a GameInfo,
    /// Branches waiting to be checked: the first node, and the line state at its parent if one was kept.
    pending: Vec<(u32, Option<Line>)>,
    /// Heap memory held by the snapshots in `pending`.
    snapshot_bytes: usize,
    visits: u64,
    budget: u64,
}

impl VariationWalk<'_, '_> {
    /// Replays from `node` down the first children until the line ends or an error stops it, queueing every
    /// second child met on the way (with a snapshot of the position while few are kept). `false` when the
    /// work budget ran out; a walk with no diagnostics (`out` = `None`) is not counted against it.
    fn follow(
        &mut self,
        mut node: u32,
        line: &mut Line,
        mut out: Option<&mut Vec<Diagnostic>>,
        variation: u32,
    ) -> bool {
        const MAX_SNAPSHOTS: usize = 64;
        // A snapshot of a deep line carries its whole position history (a record of a million positions holds
        // tens of megabytes); past this many bytes kept at once, branches are replayed from the root instead.
        const SNAPSHOT_BUDGET: usize = 64 << 20;
        let c = self.c;
        loop {
            if out.is_some() {
                self.visits += 1;
                if self.visits > self.budget {
                    return false;
                }
            }
            if process_node(c, node, node == self.root, line, self.info, out.as_deref_mut(), variation).is_err() {
                return true;
            }
            let first = c.node(node).first_child;
            if first == NONE {
                return true;
            }
            let second = c.node(first).next_sibling;
            if second != NONE {
                let bytes = line.game.heap_bytes();
                let keep = self.pending.len() < MAX_SNAPSHOTS && self.snapshot_bytes + bytes <= SNAPSHOT_BUDGET;
                if keep {
                    self.snapshot_bytes += bytes;
                }
                self.pending.push((second, keep.then(|| line.clone())));
            }
            node = first;
        }
    }
}

/// Replays root..=`last` without reporting (the diagnostics on that path were reported already).
fn replay_path_quietly(
    c: &Collection,
    root: u32,
    last: u32,
    start: &Line,
    info: &GameInfo,
    visits: &mut u64,
) -> Option<Line> {
    let mut path = Vec::new();
    let mut n = last;
    while n != NONE {
        path.push(n);
        n = c.node(n).parent;
    }
    let mut line = start.clone();
    for &n in path.iter().rev() {
        *visits += 1;
        process_node(c, n, n == root, &mut line, info, None, 0).ok()?;
    }
    Some(line)
}

/// Applies one node: setup, player to move, then its move. `Err` when an error ends this line.
fn process_node(
    c: &Collection,
    node: u32,
    is_root: bool,
    line: &mut Line,
    info: &GameInfo,
    mut out: Option<&mut Vec<Diagnostic>>,
    variation: u32,
) -> Result<(), ()> {
    let offset = c.node(node).offset as usize;
    let (w, h) = (info.width, info.height);
    let push = |d: Diagnostic, out: &mut Option<&mut Vec<Diagnostic>>| {
        if let Some(out) = out.as_deref_mut() {
            let mut d = d;
            if variation > 0 {
                d.variation = Some(variation);
            }
            out.push(d);
        }
    };

    // Most nodes hold one move and nothing else: play it without the bookkeeping below for setup, PL,
    // root properties and several moves, none of which such a node has.
    if let [p] = c.properties(node)
        && let Some(color) = move_color(p.id)
        && let [value] = c.values(p)
    {
        return play_move(line, info, color, c.slice(*value), offset, &mut |d| push(d, &mut out));
    }

    // Moves in this node, in the order written. SGF allows one; B and W together are played in order
    // with a warning, two values in one move property are an error (which one was played?).
    let mut moves: [Option<(Color, &str)>; 2] = [None, None];
    let mut move_count = 0;
    let mut ambiguous_move = false;
    // AB, AW, AE as sets of points: made on the first setup property (most nodes have none).
    let mut setup: Option<Box<[PointSet; 3]>> = None;
    for p in c.properties(node) {
        match p.id {
            id @ (PropId::B | PropId::W) => {
                let color = move_color(id).expect("B or W");
                let values = c.values(p);
                if values.len() > 1 || move_count >= 2 || moves[0].is_some_and(|(c0, _)| c0 == color) {
                    ambiguous_move = true;
                } else {
                    moves[move_count] = Some((color, c.slice(values[0])));
                }
                move_count += 1;
            }
            PropId::AB | PropId::AW | PropId::AE => {
                let slot = match p.id {
                    PropId::AB => 0,
                    PropId::AW => 1,
                    _ => 2,
                };
                let set = &mut setup
                    .get_or_insert_with(|| Box::new([PointSet::empty(usize::from(w), usize::from(h)); 3]))[slot];
                for &v in c.values(p) {
                    // Compressed lists can name the same points many times over (`AE[aa:ZZ]` repeated): a set
                    // of points keeps each once, and a rectangle costs one step per row.
                    match record::parse_point_rect(c.slice(v), w, h) {
                        Ok(Some(rect)) => set.insert_rect(rect),
                        Ok(None) => {}
                        Err(e) => {
                            let (code, what) = e.describe(w, h);
                            let ident = c.ident(p);
                            push(
                                Diagnostic::error(code, format!("setup {ident}: {what}")).at(v.start as usize),
                                &mut out,
                            );
                            return Err(());
                        }
                    }
                }
            }
            PropId::PL => {
                if line.moves > 0 {
                    push(
                        Diagnostic::warning(
                            "setup-after-moves",
                            "PL (player to move, a setup property) after the game has started",
                        )
                        .at(p.ident.start as usize),
                        &mut out,
                    );
                }
                if let Some((value, span)) = c.values(p).first().map(|&s| (c.slice(s), s)) {
                    match record::parse_color(value) {
                        Some(color) => line.game.set_to_move(color),
                        None => push(
                            Diagnostic::warning("bad-property", format!("PL[{value}] is not B or W; ignored"))
                                .at(span.start as usize),
                            &mut out,
                        ),
                    }
                }
            }
            PropId::SZ | PropId::HA | PropId::KM if !is_root => push(
                Diagnostic::warning(
                    "misplaced-root-property",
                    format!("{} outside the root node is ignored", c.ident(p)),
                )
                .at(p.ident.start as usize),
                &mut out,
            ),
            _ => {}
        }
    }

    if let Some(sets) = setup {
        if line.moves > 0 {
            push(
                Diagnostic::warning("setup-after-moves", "setup stones (AB/AW/AE) after the game has started")
                    .at(offset),
                &mut out,
            );
        }
        if move_count > 0 {
            push(
                Diagnostic::warning(
                    "setup-and-move",
                    "setup and a move in one node (SGF forbids it); the setup is applied first",
                )
                .at(offset),
                &mut out,
            );
        }
        if let Some(&p) = (sets[0] & sets[1]).sorted_points().first() {
            push(
                Diagnostic::error("illegal-setup", format!("{} is set up both black and white", p.to_sgf()))
                    .at_point(p, h)
                    .at(offset),
                &mut out,
            );
            return Err(());
        }
        let [black, white, empty] = &sets.each_ref().map(PointSet::sorted_points);
        if line.moves == 0 {
            line.black_setup_before_first_move += black.len() as u32;
        }
        let airless = line.game.setup(black, white, empty);
        if let Some(&first) = airless.first() {
            let names: Vec<String> = airless.iter().take(8).map(|p| p.to_board_notation(h)).collect();
            push(
                Diagnostic::error(
                    "illegal-setup",
                    format!("setup leaves stones without liberties: {}", names.join(" ")),
                )
                .at_point(first, h)
                .at(offset),
                &mut out,
            );
            return Err(());
        }
        if line.moves == 0 && info.handicap >= 2 && !black.is_empty() && white.is_empty() {
            line.game.set_to_move(Color::White);
        }
    }

    if ambiguous_move {
        let color = moves[0].map_or(Color::Black, |(c, _)| c);
        push(
            Diagnostic::error("multiple-moves", "more than one move of one colour in a node (which was played?)")
                .on_move(line.moves + 1, color, None, h)
                .at(offset),
            &mut out,
        );
        return Err(());
    }
    if move_count == 2 {
        push(
            Diagnostic::warning(
                "multiple-moves",
                "B and W in one node (SGF allows one move per node); played in the order written",
            )
            .at(offset),
            &mut out,
        );
    }
    for (color, value) in moves.into_iter().flatten() {
        play_move(line, info, color, value, offset, &mut |d| push(d, &mut out))?;
    }
    Ok(())
}

/// The colour of a move property, `None` for any other property.
fn move_color(id: PropId) -> Option<Color> {
    match id {
        PropId::B => Some(Color::Black),
        PropId::W => Some(Color::White),
        _ => None,
    }
}

/// Plays one move value of `color` and reports what is wrong with it. `Err` when it is illegal.
fn play_move(
    line: &mut Line,
    info: &GameInfo,
    color: Color,
    value: &str,
    offset: usize,
    push: &mut dyn FnMut(Diagnostic),
) -> Result<(), ()> {
    let (w, h) = (info.width, info.height);
    line.moves += 1;
    let number = line.moves;
    let point = match record::parse_move(value, w, h) {
        MoveValue::Pass => None,
        MoveValue::Play(p) => Some(p),
        MoveValue::OffBoard(p) => {
            let mut d = Diagnostic::error("off-board", format!("{} is off the {w}x{h} board", p.to_sgf()))
                .on_move(number, color, None, h)
                .at(offset);
            d.sgf_point = Some(value.to_string());
            push(d);
            return Err(());
        }
        MoveValue::Garbled => {
            let mut d = Diagnostic::error("bad-coordinate", format!("{value:?} is not a board point or a pass"))
                .on_move(number, color, None, h)
                .at(offset);
            d.sgf_point = Some(escape_for_label(value));
            push(d);
            return Err(());
        }
    };
    let diag = |code: &'static str, message: String, severity_error: bool| {
        let d = if severity_error { Diagnostic::error(code, message) } else { Diagnostic::warning(code, message) };
        d.on_move(number, color, point, h).at(offset)
    };
    match line.game.play(color, point) {
        Ok(played) => {
            if played.wrong_turn {
                line.wrong_turns += 1;
                if line.wrong_turns <= MAX_WRONG_TURNS_LISTED + 1 {
                    let more = if line.wrong_turns > MAX_WRONG_TURNS_LISTED {
                        "; further wrong-turn warnings in this line are not listed"
                    } else {
                        ""
                    };
                    let message = format!("{} moved but {} was to play{more}", color.name(), color.opponent().name());
                    push(diag("wrong-turn", message, false));
                }
            }
            if played.resumed_after_passes && !line.resumption_reported {
                line.resumption_reported = true;
                push(diag("resumed-after-passes", "play continues after two consecutive passes".into(), false));
            }
            if let Some(earlier) = played.repeats_position_of
                && !line.cycle_reported
            {
                line.cycle_reported = true;
                push(diag(
                    "long-cycle",
                    format!(
                        "the whole-board position after move {earlier} repeats: a long cycle (e.g. triple ko); under {} rules the game would be void",
                        info.rules.name
                    ),
                    false,
                ));
            }
            Ok(())
        }
        Err(illegal) => {
            let d = match illegal {
                Illegal::OffBoard => diag("off-board", "the point is off the board".into(), true),
                Illegal::Occupied => diag("occupied", "the point is already occupied".into(), true),
                Illegal::Suicide { stones: 1 } => {
                    diag("suicide", "suicide: the stone would have no liberties".into(), true)
                }
                Illegal::Suicide { stones } => diag(
                    "suicide",
                    format!("suicide of {stones} stones, illegal under {} rules", info.rules.name),
                    true,
                ),
                Illegal::Ko => diag("ko", "illegal ko recapture".into(), true),
                Illegal::PositionalSuperko { earlier_move } => diag(
                    "superko",
                    format!("positional superko: recreates the position after move {earlier_move}"),
                    true,
                ),
                Illegal::SituationalSuperko { earlier_move } => diag(
                    "superko",
                    format!(
                        "situational superko: recreates the position after move {earlier_move} with the same player to move"
                    ),
                    true,
                ),
            };
            let mut d = d;
            d.message.push_str("; the rest of this line was not replayed");
            push(d);
            Err(())
        }
    }
}

/// Keeps a garbled move value printable in a one-line label.
fn escape_for_label(value: &str) -> String {
    value.chars().take(16).flat_map(char::escape_debug).collect()
}

fn check_handicap(info: &GameInfo, line: &Line, c: &Collection, root: u32, diags: &mut Vec<Diagnostic>) {
    let placed = line.black_setup_before_first_move;
    let Some((raw, span)) = c.first_value(root, PropId::HA) else {
        return;
    };
    let declared = info.handicap;
    if declared >= 2 && placed == 0 {
        diags.push(
            Diagnostic::warning(
                "handicap-mismatch",
                format!("HA[{}] but no black setup stones before the first move", raw.trim()),
            )
            .at(span.start as usize),
        );
    } else if declared >= 2 && placed != declared {
        diags.push(
            Diagnostic::warning(
                "handicap-mismatch",
                format!("HA[{}] but {placed} black setup stones before the first move", raw.trim()),
            )
            .at(span.start as usize),
        );
    }
}

/// Reads SZ, GM, FF, RU, KM, HA, RE, PB, PW from the root. `None` when the game cannot be replayed
/// (bad size, not Go); the reason is in `diags`.
fn read_game_info(c: &Collection, root: u32, options: &CheckOptions, diags: &mut Vec<Diagnostic>) -> Option<GameInfo> {
    let at = |span: crate::sgf::Span| span.start as usize;
    if let Some((gm, span)) = c.first_value(root, PropId::GM)
        && gm.trim() != "1"
    {
        diags.push(
            Diagnostic::warning("not-go", format!("GM[{gm}]: not a game of Go (GM[1]); not checked")).at(at(span)),
        );
        return None;
    }
    if let Some((ff, span)) = c.first_value(root, PropId::FF)
        && !matches!(ff.trim(), "1" | "2" | "3" | "4")
    {
        diags
            .push(Diagnostic::warning("unknown-ff", format!("FF[{ff}] is not a known SGF version (1-4)")).at(at(span)));
    }
    let (width, height) = match c.first_value(root, PropId::SZ) {
        None => (19, 19),
        Some((sz, span)) => match record::parse_size(sz) {
            Ok(size) => size,
            Err(message) => {
                diags.push(Diagnostic::error("bad-size", message).at(at(span)));
                return None;
            }
        },
    };
    if let Some(sz) = c.find(root, PropId::SZ)
        && c.properties(root).iter().filter(|p| p.id == PropId::SZ).count() > 1
    {
        diags.push(
            Diagnostic::warning("duplicate-property", "SZ appears twice in the root node; the first is used")
                .at(sz.ident.start as usize),
        );
    }

    let ru = c.first_value(root, PropId::RU).map(|(v, s)| (record::simple_text(v), s)).filter(|(v, _)| !v.is_empty());
    let mut rules_known = true;
    let rules = match options.rules {
        Some(preset) => preset.rules(),
        None => {
            let mapped = rules_from_record(ru.as_ref().map(|(v, _)| v.as_str()));
            match (&ru, mapped.recognised) {
                (Some((v, span)), false) => diags.push(
                    Diagnostic::warning(
                        "unknown-rules",
                        format!("RU[{v}] is not a ruleset gotool knows; checked as japanese"),
                    )
                    .at(at(*span)),
                ),
                (None, _) => diags.push(Diagnostic::info("no-rules", "no RU property; checked as japanese")),
                _ => {}
            }
            if let Some(note) = mapped.note {
                diags.push(Diagnostic::info("rules-approximated", note));
            }
            rules_known = mapped.recognised;
            mapped.rules
        }
    };

    let fox = c
        .properties(root)
        .iter()
        .filter(|p| p.id == PropId::AP)
        .flat_map(|p| c.values(p))
        .any(|&v| c.slice(v).to_ascii_lowercase().contains("fox"));
    let mut komi_in_zi = false;
    let komi = match (options.komi, c.first_value(root, PropId::KM)) {
        (Some(k), _) => k,
        (None, None) => {
            diags.push(Diagnostic::info("no-komi", "no KM property: komi 0"));
            0.0
        }
        (None, Some((km, span))) => match record::parse_komi(km, fox) {
            Ok(k) => {
                komi_in_zi = k.in_zi;
                if let Some(from) = &k.normalised_from {
                    diags.push(
                        Diagnostic::info("normalised-komi", format!("KM[{from}] read as komi {}", k.value))
                            .at(at(span)),
                    );
                }
                k.value
            }
            Err(message) => {
                diags.push(Diagnostic::warning("bad-komi", message).at(at(span)));
                0.0
            }
        },
    };
    let handicap = match c.first_value(root, PropId::HA) {
        None => 0,
        Some((ha, span)) => match record::parse_handicap(ha) {
            Ok(n) if n >= 2 => n,
            Ok(_) => 0,
            Err(message) => {
                diags.push(Diagnostic::warning("bad-handicap", message).at(at(span)));
                0
            }
        },
    };
    let text = |id| c.first_value(root, id).map(|(v, _)| record::simple_text(v));
    Some(GameInfo {
        width,
        height,
        rules,
        komi,
        handicap,
        result: text(PropId::RE),
        black_player: text(PropId::PB),
        white_player: text(PropId::PW),
        rules_known,
        komi_in_zi,
    })
}
