//! "The same game": what a fix must keep. For each game of a file, what `check` reports about it (rules, size,
//! komi, handicap, result, players, moves, validity, fingerprints) and a digest of what its record says, node
//! boundaries left out: each node's setup (as sets of points), player to move and moves, in the order replay
//! takes them, hashed along each line. Splitting a node that holds B and W, removing an empty node or an empty
//! variation, merging a property written twice or renaming one leaves the digest as it was; any change to a move,
//! a setup stone, or the order of the main line does not.

use std::collections::BTreeSet;

use gotool_go::{Color, Point, PointSet};
use gotool_model::{GameReport, Severity};
use gotool_sgf::record::{GameRecord, Item, MoveValue, NONE};

/// What a fix must keep of one game.
pub(super) struct GameView {
    /// What `check` says about it.
    pub(super) report: GameReport,
    /// The running hash after each event of the main line.
    main: Vec<u64>,
    /// The running hash after every event of every node, each once, sorted.
    tree: Vec<u64>,
    /// The black stones before the first White move (set up or played) and the hash of the main line from that
    /// move on: the position handicap stones written as moves and as setup share.
    from_first_white: (Vec<Point>, u64),
    /// The running hash of the main line from the first White move on, after each move.
    white_line: Vec<u64>,
    /// The warning and error codes `check` reports.
    codes: BTreeSet<&'static str>,
}

/// What a file's fixes may change in a game, because the user asked for it or a fix says so.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Allowed {
    /// A root property (`KM`, `HA`, `SZ`) was moved to the root: gotool now reads it.
    pub(super) komi: bool,
    /// As `komi`, for `HA`.
    pub(super) handicap: bool,
    /// As `komi`, for `SZ`.
    pub(super) size: bool,
    /// `--normalise`: komi and results in zi were written in points (the same values as gotool reads them).
    pub(super) zi: bool,
    /// `--normalise`: Black's first moves became handicap stones.
    pub(super) handicap_stones: bool,
    /// `--cut-at-illegal`: lines end before their first illegal move.
    pub(super) cut: bool,
}

fn step(state: u64, token: u64) -> u64 {
    let s = (state ^ token).wrapping_add(0x243F_6A88_85A3_08D3).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    s ^ (s >> 31)
}

fn move_token(color: Color, value: MoveValue) -> u64 {
    let (kind, x, y) = match value {
        MoveValue::Pass => (1, 0, 0),
        MoveValue::Play(p) => (2, p.x, p.y),
        MoveValue::OffBoard(p) => (3, p.x, p.y),
        MoveValue::Garbled => (4, 0, 0),
    };
    (color.index() as u64) << 40 | kind << 32 | u64::from(x) << 8 | u64::from(y)
}

/// One node's events, in the order replay takes them: setup, player to move, moves.
fn node_events(record: &GameRecord, n: u32, width: u8, height: u8, out: &mut Vec<u64>) {
    let items = record.items(n);
    let mut sets: Option<[PointSet; 3]> = None;
    let mut bad = 0u64;
    for item in items {
        if let Item::Setup { kind, rects, bad: b } = *item {
            let s = sets.get_or_insert_with(|| [PointSet::empty(usize::from(width), usize::from(height)); 3]);
            for &r in record.rects(rects) {
                s[kind.index()].insert_rect(r);
            }
            if let Some(v) = record.bad_value(b) {
                // What is wrong with the value, not where it is: fixes before it move it.
                bad = v.code.bytes().chain(v.what.bytes()).fold(step(bad, 1), |h, b| step(h, u64::from(b)));
            }
        }
    }
    if let Some(sets) = sets {
        let mut h = step(0x5E7, bad);
        for set in &sets {
            h = step(h, 0xFFFF_FFFF);
            for p in set.sorted_points() {
                h = step(h, u64::from(p.x) << 8 | u64::from(p.y));
            }
        }
        out.push(h);
    }
    for item in items {
        match *item {
            Item::PlayerToMove { color, .. } => out.push(0x9_0000_0000 | color.map_or(7, |c| c.index() as u64)),
            Item::Move { color, value, several_values, .. } => {
                out.push(move_token(color, value) ^ u64::from(several_values) << 48);
            }
            Item::Setup { .. } | Item::MisplacedRootProperty { .. } => {}
        }
    }
}

impl GameView {
    /// The view of a record and its `check` report.
    pub(super) fn new(record: &GameRecord, report: GameReport) -> GameView {
        let codes = report.diagnostics.iter().filter(|d| d.severity >= Severity::Warning).map(|d| d.code).collect();
        let (width, height) = record.info.as_ref().map_or((19, 19), |i| (i.width, i.height));
        let count = record.nodes.len();
        let mut end = vec![0u64; count];
        let mut tree = Vec::with_capacity(count);
        let mut events = Vec::new();
        for n in 0..count as u32 {
            let node = record.node(n);
            let mut h = if node.parent == NONE { 0 } else { end[node.parent as usize] };
            events.clear();
            node_events(record, n, width, height, &mut events);
            for &e in &events {
                h = step(h, e);
                tree.push(h);
            }
            end[n as usize] = h;
        }
        tree.sort_unstable();
        tree.dedup();
        let mut main = Vec::new();
        let mut black = Vec::new();
        let mut after_white: Option<u64> = None;
        let mut white_line = Vec::new();
        let mut h = 0;
        let line = std::iter::successors((count > 0).then_some(0u32), |&n| {
            Some(record.node(n).first_child).filter(|&c| c != NONE)
        });
        for n in line {
            events.clear();
            node_events(record, n, width, height, &mut events);
            for &e in &events {
                h = step(h, e);
                main.push(h);
            }
            for item in record.items(n) {
                match (*item, after_white) {
                    (Item::Move { color: Color::White, value, .. }, None) => {
                        after_white = Some(step(0, move_token(Color::White, value)));
                        white_line.extend(after_white);
                    }
                    (Item::Move { color, value, .. }, Some(w)) => {
                        after_white = Some(step(w, move_token(color, value)));
                        white_line.extend(after_white);
                    }
                    (Item::Move { value: MoveValue::Play(p), .. }, None) => black.push(p),
                    (Item::Setup { kind: gotool_sgf::record::SetupKind::Black, rects, .. }, None) => {
                        for r in record.rects(rects) {
                            for y in r.y1..=r.y2 {
                                black.extend((r.x1..=r.x2).map(|x| Point::new(x, y)));
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        black.sort();
        black.dedup();
        GameView { report, main, tree, from_first_white: (black, after_white.unwrap_or(0)), white_line, codes }
    }
}

/// `Ok` when `after` is the same game as `before`, as far as `allowed` lets it differ; else what differs.
pub(super) fn same_game(before: &GameView, after: &GameView, allowed: Allowed) -> Result<(), String> {
    let (b, a) = (&before.report, &after.report);
    let differs = |what: &str, x: String, y: String| Err(format!("{what} would change from {x} to {y}"));
    if b.rules != a.rules {
        return differs("the rules", format!("{:?}", b.rules), format!("{:?}", a.rules));
    }
    if b.board_size != a.board_size && !allowed.size {
        return differs("the board size", format!("{:?}", b.board_size), format!("{:?}", a.board_size));
    }
    if b.komi != a.komi && !allowed.komi {
        return differs("the komi", format!("{:?}", b.komi), format!("{:?}", a.komi));
    }
    if b.handicap != a.handicap && !allowed.handicap {
        return differs("the handicap", b.handicap.to_string(), a.handicap.to_string());
    }
    if (&b.black_player, &b.white_player) != (&a.black_player, &a.white_player) {
        return differs(
            "the players",
            format!("{:?}", (&b.black_player, &b.white_player)),
            format!("{:?}", (&a.black_player, &a.white_player)),
        );
    }
    let result = |r: &GameReport| r.result.as_ref().map(|r| (r.margin(), std::mem::discriminant(&r.outcome)));
    let same_result = match (&b.result, &a.result) {
        (Some(x), Some(y)) if allowed.zi => result(b) == result(a) && (x.text == y.text || x.margin().is_some()),
        (x, y) => x.as_ref().map(|r| &r.text) == y.as_ref().map(|r| &r.text),
    };
    if !same_result {
        return differs("the result", format!("{:?}", b.result_text()), format!("{:?}", a.result_text()));
    }
    if let Some(code) = after.codes.iter().find(|c| !before.codes.contains(*c)) {
        return Err(format!("check would report {code}, which it does not before"));
    }
    if allowed.cut && allowed.handicap_stones {
        // Both: the same stones before White's first move, and the line from there on cut short.
        let prefix = after.white_line.len() <= before.white_line.len()
            && after.white_line[..] == before.white_line[..after.white_line.len()];
        if before.from_first_white.0 != after.from_first_white.0 || !prefix {
            return Err("cutting at the illegal move would change the moves before it".to_string());
        }
        return Ok(());
    }
    if allowed.cut {
        let prefix = after.main.len() <= before.main.len() && after.main[..] == before.main[..after.main.len()];
        if !prefix || !after.tree.iter().all(|h| before.tree.binary_search(h).is_ok()) {
            return Err("cutting at the illegal move would change the moves before it".to_string());
        }
        return Ok(());
    }
    if allowed.handicap_stones && before.from_first_white == after.from_first_white {
        return Ok(());
    }
    if b.moves != a.moves || before.main != after.main {
        return differs("the main line", format!("{} moves", b.moves), format!("{} moves", a.moves));
    }
    if before.tree != after.tree {
        return Err("the variations would change".to_string());
    }
    // The fingerprint holds the board size: a size moved to the root changes it with the same moves.
    let resized = allowed.size && b.board_size != a.board_size;
    if b.is_valid() != a.is_valid()
        || b.ended_by_passes != a.ended_by_passes
        || (b.fingerprint != a.fingerprint && !resized)
    {
        return Err("check would read the moves differently".to_string());
    }
    Ok(())
}
