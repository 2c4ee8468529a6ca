//! One line of play replayed node by node: setup, the player to move, then the node's moves, each reported where
//! it goes wrong.

use super::GameSettings;
use super::messages;
use gotool_go::{Color, Game, PointSet};
use gotool_model::{Diagnostic, ListCap, Sink};
use gotool_sgf::record::{GameRecord, Item, MoveValue, TextSpan};

/// An error ended the line: the position after it is undefined, so nothing after it is replayed.
#[derive(Debug)]
pub(super) struct LineEnded;

/// The replay state of one line of play.
#[derive(Clone)]
pub(super) struct LineState {
    pub(super) game: Game,
    /// Moves seen so far in this line (passes included), the number of the next move minus one.
    pub(super) moves: u32,
    /// Black setup stones placed before the first move: the handicap stones.
    pub(super) black_setup_before_first_move: u32,
    cycle_reported: bool,
    /// Play after two passes is reported once per line: some records resume hundreds of times.
    resumption_reported: bool,
    /// Wrong-turn warnings so far in this line; past a few dozen they are dropped (a record with every move out
    /// of turn would otherwise hold a warning per move).
    wrong_turns: ListCap,
}

/// A move to play: who, what, the value as written and the node's offset (where its findings point).
#[derive(Clone, Copy)]
struct MoveAt {
    color: Color,
    value: MoveValue,
    written: TextSpan,
    offset: usize,
}

/// The moves of one node, in the order written: SGF allows one; B and W together are played in order with a
/// warning, and two of one colour (or two values in one property) leave it unknown which was played.
struct NodeMoves {
    moves: [Option<(Color, MoveValue, TextSpan)>; 2],
    count: usize,
    /// The first move that makes it unknown which was played: its colour, what is wrong, and the value(s) as
    /// written.
    ambiguous: Option<(Color, &'static str, TextSpan)>,
}

impl NodeMoves {
    fn add(&mut self, color: Color, value: MoveValue, written: TextSpan, several_values: bool) {
        let why = if several_values {
            Some("more than one value in one move property")
        } else if self.count >= 2 {
            Some("more than two moves in one node")
        } else if self.moves[0].is_some_and(|(c, _, _)| c == color) {
            Some("two moves of one colour in one node")
        } else {
            None
        };
        match why {
            Some(why) => {
                self.ambiguous.get_or_insert((color, why, written));
            }
            None => self.moves[self.count] = Some((color, value, written)),
        }
        self.count += 1;
    }
}

impl LineState {
    /// A line at the start of a game, its history sized for `nodes` moves.
    pub(super) fn new(settings: &GameSettings, nodes: u32) -> LineState {
        LineState {
            game: Game::for_record(settings.width, settings.height, settings.rules.clone(), nodes),
            moves: 0,
            black_setup_before_first_move: 0,
            cycle_reported: false,
            resumption_reported: false,
            wrong_turns: ListCap::default(),
        }
    }

    /// Applies node `n`: its setup, player to move, then its moves. `Err` when an error ends this line.
    pub(super) fn apply_node(
        &mut self,
        record: &GameRecord,
        n: u32,
        settings: &GameSettings,
        sink: &mut Sink,
    ) -> Result<(), LineEnded> {
        let node = record.node(n);
        let (items, offset) = (record.items_of(node), node.offset as usize);
        // Most nodes hold one move and nothing else: play it without the bookkeeping below.
        if let [Item::Move { color, value, written, several_values: false }] = *items {
            return self.play_move(record, settings, MoveAt { color, value, written, offset }, sink);
        }

        let mut moves = NodeMoves { moves: [None, None], count: 0, ambiguous: None };
        // AB, AW, AE as sets of points: made on the first setup item (most nodes have none). Compressed lists can
        // name the same points many times over (`AE[aa:ZZ]` repeated): a set keeps each once, and a rectangle
        // costs one step per row.
        let mut setup: Option<Box<[PointSet; 3]>> = None;
        let (w, h) = (usize::from(settings.width), usize::from(settings.height));
        for &item in items {
            match item {
                Item::Move { color, value, written, several_values } => {
                    moves.add(color, value, written, several_values);
                }
                Item::Setup { kind, rects, bad } => {
                    let sets = setup.get_or_insert_with(|| Box::new([PointSet::empty(w, h); 3]));
                    let set = &mut sets[kind.index()];
                    for &rect in record.rects(rects) {
                        set.insert_rect(rect);
                    }
                    if let Some(bad) = record.bad_value(bad) {
                        let message = format!("setup {}: {}", kind.property(), bad.what);
                        sink.push(Diagnostic::error(bad.code, message).at(bad.offset as usize));
                        return Err(LineEnded);
                    }
                }
                Item::PlayerToMove { color, written, offset } => {
                    if self.moves > 0 {
                        sink.push(
                            Diagnostic::warning(
                                "setup-after-moves",
                                "PL (player to move, a setup property) after the game has started",
                            )
                            .at(offset as usize),
                        );
                    }
                    match color {
                        Some(color) => self.game.set_to_move(color),
                        None => sink.push(
                            Diagnostic::warning(
                                "bad-property",
                                format!("PL[{}] is not B or W; ignored", record.text(written)),
                            )
                            .at(written.start as usize),
                        ),
                    }
                }
                Item::MisplacedRootProperty { property, offset } => sink.push(
                    Diagnostic::warning(
                        "misplaced-root-property",
                        format!("{} outside the root node is ignored", property.property()),
                    )
                    .at(offset as usize),
                ),
            }
        }
        if let Some(sets) = setup {
            self.apply_setup(&sets, moves.count > 0, settings, offset, sink)?;
        }

        if let Some((color, why, written)) = moves.ambiguous {
            let written = format!("[{}]", record.text(written));
            let mut d = Diagnostic::error("multiple-moves", format!("{why} (which was played?): {color}{written}"))
                .on_move(self.moves + 1, color, None, settings.height)
                .at(offset);
            d.written = Some(written);
            sink.push(d);
            return Err(LineEnded);
        }
        if moves.count == 2 {
            sink.push(
                Diagnostic::warning(
                    "multiple-moves",
                    "B and W in one node (SGF allows one move per node); played in the order written",
                )
                .at(offset),
            );
        }
        for (color, value, written) in moves.moves.into_iter().flatten() {
            self.play_move(record, settings, MoveAt { color, value, written, offset }, sink)?;
        }
        Ok(())
    }

    /// Applies one node's setup stones (`sets` by `SetupKind::index`): `AE` first, then `AB` and `AW`.
    fn apply_setup(
        &mut self,
        sets: &[PointSet; 3],
        with_move: bool,
        settings: &GameSettings,
        offset: usize,
        sink: &mut Sink,
    ) -> Result<(), LineEnded> {
        let h = settings.height;
        if self.moves > 0 {
            sink.push(
                Diagnostic::warning("setup-after-moves", "setup stones (AB/AW/AE) after the game has started")
                    .at(offset),
            );
        }
        if with_move {
            sink.push(
                Diagnostic::warning(
                    "setup-and-move",
                    "setup and a move in one node (SGF forbids it); the setup is applied first",
                )
                .at(offset),
            );
        }
        let [black, white, empty] = sets;
        if let Some(&p) = (*black & *white).sorted_points().first() {
            sink.push(
                Diagnostic::error("illegal-setup", format!("{} is set up both black and white", p.to_sgf()))
                    .at_point(p, h)
                    .at(offset),
            );
            return Err(LineEnded);
        }
        let [black, white, empty] = [black, white, empty].map(PointSet::sorted_points);
        if self.moves == 0 {
            self.black_setup_before_first_move += black.len() as u32;
        }
        let airless = self.game.setup(&black, &white, &empty);
        if let Some(&first) = airless.first() {
            let names: Vec<String> = airless.iter().take(8).map(|p| p.to_board_notation(h)).collect();
            sink.push(
                Diagnostic::error(
                    "illegal-setup",
                    format!("setup leaves stones without liberties: {}", names.join(" ")),
                )
                .at_point(first, h)
                .at(offset),
            );
            return Err(LineEnded);
        }
        if self.moves == 0 && settings.handicap >= 2 && !black.is_empty() && white.is_empty() {
            self.game.set_to_move(Color::White);
        }
        Ok(())
    }

    /// Plays one move of `color` and reports what is wrong with it. `Err` when it is illegal.
    fn play_move(
        &mut self,
        record: &GameRecord,
        settings: &GameSettings,
        mv: MoveAt,
        sink: &mut Sink,
    ) -> Result<(), LineEnded> {
        let MoveAt { color, value, written, offset } = mv;
        let (w, h) = (settings.width, settings.height);
        self.moves += 1;
        let number = self.moves;
        let point = match value {
            MoveValue::Pass => None,
            MoveValue::Play(p) => Some(p),
            MoveValue::OffBoard(p) => {
                let mut d = Diagnostic::error("off-board", format!("{} is off the {w}x{h} board", p.to_sgf()))
                    .on_move(number, color, None, h)
                    .at(offset);
                d.written = Some(record.text(written).to_string());
                sink.push(d);
                return Err(LineEnded);
            }
            MoveValue::Garbled => {
                let written = record.text(written);
                let mut d = Diagnostic::error("bad-coordinate", format!("{written:?} is not a board point or a pass"))
                    .on_move(number, color, None, h)
                    .at(offset);
                d.written = Some(messages::escape_for_label(written));
                sink.push(d);
                return Err(LineEnded);
            }
        };
        let on_move = |d: Diagnostic| d.on_move(number, color, point, h).at(offset);
        match self.game.play(color, point) {
            Ok(played) => {
                if played.wrong_turn
                    && let Some(more) = self.wrong_turns.next("wrong-turn warnings in this line")
                {
                    sink.push(on_move(messages::wrong_turn(color, &more)));
                }
                if played.resumed_after_passes && !self.resumption_reported {
                    self.resumption_reported = true;
                    sink.push(on_move(messages::resumed_after_passes()));
                }
                if let Some(earlier) = played.repeats_position_of
                    && !self.cycle_reported
                {
                    self.cycle_reported = true;
                    sink.push(on_move(messages::long_cycle(earlier, &settings.rules)));
                }
                Ok(())
            }
            Err(illegal) => {
                sink.push(on_move(messages::illegal(illegal, &settings.rules)));
                Err(LineEnded)
            }
        }
    }
}
