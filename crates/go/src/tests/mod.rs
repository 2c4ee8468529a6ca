//! Unit tests of the rules core, written as Go positions: a diagram, moves in board notation, the expected
//! diagram (STYLE.md house rule 9). Every expected result here was worked out by hand from rules.md
//! sections 1–2, never pasted from the code's output.
//!
//! Diagrams use `X` for Black, `O` for White and `.` for an empty point, top row first. They may carry
//! coordinates: a header of column letters and the row number at the start of each row, as printed boards
//! show them (row 1 at the bottom, no column `I`). The helpers check those labels against the board, so a
//! move such as `C3` can be read straight off the diagram.
//!
//! Every move goes through [`play_at`], which checks the board's incremental bookkeeping after the move
//! (`check_consistency`), that an illegal move changed nothing, and that stones balance:
//! stones put on the board = stones still there + stones the opponent took.

use super::{Board, Color, Game, Illegal, Loc, Placed, Played, Point, Preset, column_name};

mod boards;
mod captures;
mod ko;
mod moves;
mod passes;
mod properties;
mod setup;
mod suicide;
mod superko;

const B: Color = Color::Black;
const W: Color = Color::White;

/// Normalises a (possibly labelled) diagram to the unlabelled form `Board::to_diagram` writes
/// (`X O .`, one space between points, one line per row). Panics if a label disagrees with the board.
fn diagram(text: &str) -> String {
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let labelled = lines.iter().any(|l| l.starts_with(|c: char| c.is_ascii_digit()));
    let mut header = None;
    let mut rows = Vec::new();
    for line in lines {
        if !labelled {
            rows.push((None, line));
            continue;
        }
        let digits = line.find(|c: char| !c.is_ascii_digit()).unwrap_or(line.len());
        if digits == 0 {
            assert!(header.is_none() && rows.is_empty(), "only one header line, above the rows: {line:?}");
            header = Some(line);
        } else {
            let number: usize = line[..digits].parse().expect("row number");
            rows.push((Some(number), &line[digits..]));
        }
    }
    let height = rows.len();
    let mut width = None;
    let mut out = String::new();
    for (y, (number, row)) in rows.into_iter().enumerate() {
        if let Some(number) = number {
            assert_eq!(number, height - y, "row label on diagram line {y}");
        }
        let cells: Vec<String> = row
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| match c {
                'X' | 'x' | '#' => "X".to_string(),
                'O' | 'o' | '@' => "O".to_string(),
                '.' | '+' | ',' => ".".to_string(),
                other => panic!("unknown diagram character {other:?}"),
            })
            .collect();
        assert_eq!(*width.get_or_insert(cells.len()), cells.len(), "ragged diagram row {y}");
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    if let Some(header) = header {
        let names: Vec<&str> = header.split_whitespace().collect();
        let expected: Vec<String> = (0..width.unwrap_or(0)).map(|x| column_name(x as u8)).collect();
        assert_eq!(names, expected, "column letters of the diagram");
    }
    out
}

/// A game under `preset` that starts from the diagram's position, given as root setup (`AB`/`AW`), with
/// Black to move. The setup position is the game's position after "move 0".
fn game(preset: Preset, text: &str) -> Game {
    let text = diagram(text);
    let board = Board::from_diagram(&text);
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for loc in board.locs() {
        match board.color_at(loc) {
            Some(Color::Black) => black.push(board.point(loc)),
            Some(Color::White) => white.push(board.point(loc)),
            None => {}
        }
    }
    let mut game = Game::new(board.width(), board.height(), preset.rules());
    let airless = game.setup(&black, &white, &[]);
    assert!(airless.is_empty(), "the test position has chains without liberties at {airless:?}");
    assert_eq!(game.board().to_diagram(), text, "setup did not reproduce the diagram");
    game.board().check_consistency().unwrap();
    game
}

/// A point given in board notation (`C3`) on this game's board.
fn at(game: &Game, name: &str) -> Point {
    let (w, h) = (game.board().width(), game.board().height());
    Point::from_board_notation(name, w, h).unwrap_or_else(|| panic!("{name} is not on the {w}x{h} board"))
}

/// Plays `mv` (board notation, or `pass`) for `color`, with the checks of [`play_at`].
fn play(game: &mut Game, color: Color, mv: &str) -> Result<Played, Illegal> {
    let point = if mv.eq_ignore_ascii_case("pass") { None } else { Some(at(game, mv)) };
    play_at(game, color, point)
}

/// Everything a move can change, to check that an illegal move changed nothing.
#[derive(Debug, PartialEq)]
struct Snapshot {
    diagram: String,
    hash: u64,
    to_move: Color,
    moves_played: u32,
    prisoners: [u32; 2],
    stones_placed: [u32; 2],
    passes: [u32; 2],
    consecutive_passes: u32,
    last_move: Option<(Color, Option<Point>)>,
}

impl Snapshot {
    fn of(game: &Game) -> Snapshot {
        Snapshot {
            diagram: game.board().to_diagram(),
            hash: game.board().hash(),
            to_move: game.to_move(),
            moves_played: game.moves_played(),
            prisoners: [game.prisoners(B), game.prisoners(W)],
            stones_placed: [game.stones_placed(B), game.stones_placed(W)],
            passes: [game.passes(B), game.passes(W)],
            consecutive_passes: game.consecutive_passes(),
            last_move: game.last_move(),
        }
    }
}

/// `Game::play` plus the checks every move gets: the board's bookkeeping is consistent, an illegal move
/// changed nothing, and for each colour the stones put on the board equal the stones on the board plus the
/// opponent's prisoners (setup stones count as put on the board; `AE` takes them back).
fn play_at(game: &mut Game, color: Color, point: Option<Point>) -> Result<Played, Illegal> {
    let before = Snapshot::of(game);
    let result = game.play(color, point);
    if let Err(e) = game.board().check_consistency() {
        panic!("{color} {point:?} broke the board's bookkeeping: {e}\n{}", game.board().to_diagram());
    }
    if result.is_err() {
        assert_eq!(Snapshot::of(game), before, "the illegal move {color} {point:?} changed the game");
    }
    assert_balanced(game);
    result
}

fn assert_balanced(game: &Game) {
    for c in [B, W] {
        assert_eq!(
            game.stones_placed(c),
            game.board().stones_on_board(c) + game.prisoners(c.opponent()),
            "{c}: stones put on the board != stones on the board + prisoners taken by {}",
            c.opponent()
        );
    }
}

/// Plays a sequence such as `"B C3 W D4 B pass"`; every move must be legal. Returns what each move did.
fn moves(game: &mut Game, sequence: &str) -> Vec<Played> {
    let tokens: Vec<&str> = sequence.split_whitespace().collect();
    assert!(tokens.len().is_multiple_of(2), "moves come in colour/point pairs: {sequence:?}");
    tokens
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| {
            let color = match pair[0] {
                "B" => B,
                "W" => W,
                other => panic!("unknown colour {other:?}"),
            };
            play(game, color, pair[1])
                .unwrap_or_else(|e| panic!("move {} ({} {}) is illegal: {e:?}", i + 1, pair[0], pair[1]))
        })
        .collect()
}

/// The game's board shows `expected`, and its hash is the hash of that position set up from scratch
/// (the hash depends on the stones only, not on how they got there).
fn assert_board(game: &Game, expected: &str) {
    let expected = diagram(expected);
    let actual = game.board().to_diagram();
    assert!(actual == expected, "board differs\nexpected:\n{expected}actual:\n{actual}");
    assert_eq!(game.board().hash(), Board::from_diagram(&expected).hash(), "hash differs from the position's hash");
}

/// A move that captured `n` stones and raised no warning.
fn captured(n: u32) -> Played {
    Played { captured: n, ..Played::default() }
}
