//! Board diagrams for people: a [`Diagram`] (stones plus marks) rendered as terminal text ([`text`]) or as an
//! SVG image ([`svg`]). Pure functions that return `String`s: no I/O, no terminal detection, no SGF.
//!
//! The caller decides everything environmental (whether stdout is a terminal, `NO_COLOR`, where the file goes)
//! and passes it in through [`text::TextOptions`] and [`svg::SvgOptions`].

pub mod picture;
pub mod score_table;
pub mod svg;
pub mod text;

use std::borrow::Cow;

use gotool_go::{Board, Color, Point};

/// What to draw: a position plus the marks gotool uses to explain it.
///
/// Points outside `width`×`height` are ignored by the renderers (they never panic on them). When the same point
/// is listed twice in `stones` or `territory`, the last entry wins. A `dead` entry on an empty point draws nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagram {
    /// Columns, 1..=52 for a real board (a 0 side renders as an empty frame).
    pub width: u8,
    /// Rows, 1..=52.
    pub height: u8,
    /// The stones on the board.
    pub stones: Vec<(Point, Color)>,
    /// The last move played, marked on its point.
    pub last_move: Option<Point>,
    /// A point to draw attention to, e.g. the offending move of an error. May be an empty point.
    pub highlight: Option<Point>,
    /// Stones considered dead (drawn faded/crossed in SVG, as distinct glyphs in text).
    pub dead: Vec<Point>,
    /// Territory marks with their owner. Drawn on empty points; on a stone (usually a dead one) only SVG shows them.
    pub territory: Vec<(Point, Color)>,
    /// Stones of groups a dead-stone estimate could not settle (dead or alive as `dead` says), marked `?` in
    /// text and with a dashed ring in SVG.
    pub uncertain: Vec<Point>,
    /// A title above the board (players, result, rules). Untrusted text from the record: the renderers escape it.
    pub title: Option<String>,
    /// A caption under the board: what the picture is about (`move 57: B B15`, the counts of a scored position).
    /// Escaped like the title.
    pub caption: Option<String>,
}

impl Diagram {
    /// An empty board with no marks.
    pub fn new(width: u8, height: u8) -> Diagram {
        Diagram { width, height, ..Diagram::default() }
    }

    /// The stones of a board, row by row from the top, with no marks.
    pub fn from_board(board: &Board) -> Diagram {
        let mut diagram = Diagram::new(board.width(), board.height());
        for y in 0..board.height() {
            for x in 0..board.width() {
                let point = Point::new(x, y);
                if let Some(color) = board.get(point) {
                    diagram.stones.push((point, color));
                }
            }
        }
        diagram
    }
}

/// The star points (hoshi) of a board, sorted row by row from the top.
///
/// 9×9, 13×13 and 19×19 get the printed-board points (5, 5 and 9). Other sizes follow the convention of Sabaki and
/// KataGo's GUI users: none when a side is shorter than 7; corner points on the 3rd line for sides 7..=12 and on
/// the 4th line from 13 up; the centre when both sides are odd (except 7×7, where it would touch the 3rd-line
/// points diagonally); the side midpoints on an odd side longer than 13 (so 19×19 gets its 9 points).
pub fn star_points(width: u8, height: u8) -> Vec<Point> {
    if width.min(height) < 7 {
        return Vec::new();
    }
    let near = |side: u8| if side >= 13 { 3 } else { 2 };
    let (nx, ny) = (near(width), near(height));
    let (fx, fy) = (width - 1 - nx, height - 1 - ny);
    let (mx, my) = ((width - 1) / 2, (height - 1) / 2);
    let mut points = vec![Point::new(nx, ny), Point::new(fx, ny), Point::new(nx, fy), Point::new(fx, fy)];
    if width % 2 == 1 && height % 2 == 1 && width != 7 && height != 7 {
        points.push(Point::new(mx, my));
    }
    if width % 2 == 1 && width > 13 {
        points.extend([Point::new(mx, ny), Point::new(mx, fy)]);
    }
    if height % 2 == 1 && height > 13 {
        points.extend([Point::new(nx, my), Point::new(fx, my)]);
    }
    points.sort_by_key(|p| (p.y, p.x));
    points.dedup();
    points
}

/// Everything the renderers need to know about one point, resolved from a [`Diagram`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Cell {
    pub stone: Option<Color>,
    /// Only set on points that hold a stone.
    pub dead: bool,
    /// A stone of a group the estimate could not settle. Only set on points that hold a stone.
    pub uncertain: bool,
    pub territory: Option<Color>,
    pub star: bool,
    pub last_move: bool,
    pub highlight: bool,
}

/// A [`Diagram`] resolved into a grid of [`Cell`]s, so that renderers look points up instead of scanning lists.
pub(crate) struct Cells {
    width: u8,
    height: u8,
    cells: Vec<Cell>,
}

impl Cells {
    pub(crate) fn new(diagram: &Diagram) -> Cells {
        let (width, height) = (diagram.width, diagram.height);
        let mut cells = Cells { width, height, cells: vec![Cell::default(); usize::from(width) * usize::from(height)] };
        for &(point, color) in &diagram.stones {
            if let Some(cell) = cells.cell_mut(point) {
                cell.stone = Some(color);
            }
        }
        for &(point, color) in &diagram.territory {
            if let Some(cell) = cells.cell_mut(point) {
                cell.territory = Some(color);
            }
        }
        for &point in &diagram.dead {
            if let Some(cell) = cells.cell_mut(point) {
                cell.dead = cell.stone.is_some();
            }
        }
        for &point in &diagram.uncertain {
            if let Some(cell) = cells.cell_mut(point) {
                cell.uncertain = cell.stone.is_some();
            }
        }
        for point in star_points(width, height) {
            if let Some(cell) = cells.cell_mut(point) {
                cell.star = true;
            }
        }
        if let Some(cell) = diagram.last_move.and_then(|p| cells.cell_mut(p)) {
            cell.last_move = true;
        }
        if let Some(cell) = diagram.highlight.and_then(|p| cells.cell_mut(p)) {
            cell.highlight = true;
        }
        cells
    }

    fn cell_mut(&mut self, point: Point) -> Option<&mut Cell> {
        if point.x < self.width && point.y < self.height {
            Some(&mut self.cells[usize::from(point.y) * usize::from(self.width) + usize::from(point.x)])
        } else {
            None
        }
    }

    /// The cell at an on-board point. Panics off the board (renderers only iterate the board).
    pub(crate) fn get(&self, x: u8, y: u8) -> Cell {
        assert!(x < self.width && y < self.height, "point off the board");
        self.cells[usize::from(y) * usize::from(self.width) + usize::from(x)]
    }
}

/// Characters of untrusted text that must not reach a terminal or an XML file as they are: C0 and C1 controls
/// (ESC starts terminal escape sequences), the line and paragraph separators, the bidirectional-text controls
/// that can visually reorder a line ("Trojan Source", CVE-2021-42574), and the XML 1.0 non-characters
/// U+FFFE/U+FFFF.
pub(crate) fn is_unsafe_char(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{2028}' | '\u{2029}' | '\u{200e}' | '\u{200f}' | '\u{fffe}' | '\u{ffff}')
        || ('\u{202a}'..='\u{202e}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
}

/// Makes record text safe for a terminal: control characters and escape sequences are shown escaped
/// (`\u{1b}`), so a crafted player name cannot move the cursor or recolour the screen.
pub fn escape_terminal(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| c.is_control() || is_bidi_control(c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() || is_bidi_control(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Unicode bidirectional overrides can make a line read differently from what it holds.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
pub(crate) mod golden {
    //! Golden files under `fixtures/golden/`. `GOTOOL_BLESS=1 cargo test -p gotool-render` rewrites them;
    //! review the diff before committing.

    use std::path::PathBuf;

    fn path(name: &str) -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/golden").join(name)
    }

    /// Compares `actual` with the golden file `name`, or rewrites the file when `GOTOOL_BLESS=1`.
    pub(crate) fn check(name: &str, actual: &str) {
        let path = path(name);
        if std::env::var_os("GOTOOL_BLESS").is_some_and(|v| v == "1") {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, actual).unwrap();
            return;
        }
        let expected = std::fs::read_to_string(&path).unwrap_or_else(|err| {
            panic!("{}: {err}; run with GOTOOL_BLESS=1 to create it\nactual:\n{actual}", path.display())
        });
        if expected != actual {
            panic!(
                "{} differs (GOTOOL_BLESS=1 rewrites it)\n--- expected\n{expected}\n--- actual\n{actual}",
                path.display()
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(points: &[Point], height: u8) -> Vec<String> {
        points.iter().map(|p| p.to_board_notation(height)).collect()
    }

    #[test]
    fn star_points_of_the_usual_sizes() {
        assert_eq!(names(&star_points(9, 9), 9), ["C7", "G7", "E5", "C3", "G3"]);
        assert_eq!(names(&star_points(13, 13), 13), ["D10", "K10", "G7", "D4", "K4"]);
        assert_eq!(names(&star_points(19, 19), 19), ["D16", "K16", "Q16", "D10", "K10", "Q10", "D4", "K4", "Q4"]);
    }

    #[test]
    fn star_points_of_other_sizes() {
        assert!(star_points(7, 5).is_empty());
        assert!(star_points(6, 19).is_empty());
        assert_eq!(names(&star_points(7, 7), 7), ["C5", "E5", "C3", "E3"]);
        assert_eq!(names(&star_points(10, 10), 10), ["C8", "H8", "C3", "H3"]);
        // Rectangular: 19 columns get side midpoints, 13 rows do not; both odd, so the centre too.
        assert_eq!(names(&star_points(19, 13), 13), ["D10", "K10", "Q10", "K7", "D4", "K4", "Q4"]);
        assert_eq!(names(&star_points(52, 52), 52), ["D49", "AY49", "D4", "AY4"]);
    }

    #[test]
    fn from_board_lists_every_stone() {
        let board = Board::from_diagram(
            "
            . X .
            O . X
            ",
        );
        let diagram = Diagram::from_board(&board);
        assert_eq!((diagram.width, diagram.height), (3, 2));
        assert_eq!(
            diagram.stones,
            [(Point::new(1, 0), Color::Black), (Point::new(0, 1), Color::White), (Point::new(2, 1), Color::Black)]
        );
        assert_eq!(diagram.last_move, None);
    }

    #[test]
    fn cells_ignore_points_off_the_board_and_dead_marks_on_empty_points() {
        let mut diagram = Diagram::new(3, 3);
        diagram.stones = vec![(Point::new(5, 0), Color::Black), (Point::new(1, 1), Color::White)];
        diagram.dead = vec![Point::new(0, 0), Point::new(1, 1), Point::new(9, 9)];
        diagram.highlight = Some(Point::new(3, 3));
        let cells = Cells::new(&diagram);
        assert_eq!(cells.get(1, 1), Cell { stone: Some(Color::White), dead: true, ..Cell::default() });
        assert_eq!(cells.get(0, 0), Cell::default());
    }
}

#[cfg(test)]
mod escape_tests {
    use super::*;

    #[test]
    fn escapes_reach_the_terminal_escaped() {
        assert_eq!(escape_terminal("Lee Sedol"), "Lee Sedol");
        assert_eq!(escape_terminal("a\x1b[31mred"), "a\\u{1b}[31mred");
        assert_eq!(escape_terminal("x\ny"), "x\\u{a}y");
    }
}
