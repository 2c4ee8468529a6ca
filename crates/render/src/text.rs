//! Text diagrams of a [`Diagram`] for terminals and log files, in Unicode box drawing or plain ASCII, with
//! optional ANSI colours. Returns a `String`; whether to use colour is the caller's decision.
//!
//! # Layout
//!
//! Column letters (board notation: `A`–`T` without `I`, then `U`…`Z`, `AA`, `AB`, … from [`column_name`]) run
//! above and below the board, row numbers (row 1 at the bottom, right-aligned) on both sides. Every column has
//! the same pitch: 2 characters when all shown column names are one letter, 3 when some have two letters
//! (boards wider than 25), so a name always starts right above its point. Each point is one character, and so is
//! every character of the grid, which keeps rows aligned as long as the terminal draws East Asian *ambiguous*
//! width characters (box drawing, `●`) narrow, as common terminals do by default. `--ascii` is the fallback for
//! terminals that do not.
//!
//! # Legend
//!
//! | what                       | ASCII | Unicode |
//! |----------------------------|-------|---------|
//! | black / white stone        | `X` `O` | `●` `○` |
//! | empty point                | `.`   | `┼` (`├ ┤ ┬ ┴ ┌ ┐ └ ┘` on the edges) |
//! | star point (empty)         | `+`   | `╋` |
//! | dead black / white stone   | `x` `o` | `◆` `◇` |
//! | black / white territory    | `b` `w` | `▪` `▫` |
//! | last move                  | `(X)` | `(●)` |
//! | highlighted point          | `[X]` | `[●]` |
//! | stone of an uncertain group (an estimate could not settle it) | `?X` | `?●` |
//!
//! The marks sit in the gaps on either side of their point. With a 2-character pitch, a last move and a
//! highlight on horizontally adjacent points share one gap; the highlight's bracket wins (`X[.]X)`), as it does
//! on a point that is both. A legend line under the board lists the marks that appear. Territory is shown on
//! empty points only; a dead stone in territory shows as the dead stone.
//!
//! With `color`, the board gets a light wood background (xterm 256 colours) and everything on it is dark ink,
//! as in a printed diagram: black stones `●` and white stones `○` in black (the glyph says the colour), dead
//! stones in grey, the grid brown, the last-move mark blue and the highlight red, each at a contrast of at least
//! 3:1 against the wood on any terminal theme (the constant `BOARD` says why). Stripping the escape sequences
//! gives exactly the output without `color`.
//!
//! The title is the first line; a caption (what move the picture is about, the score) follows the board, before
//! the legend. Control characters, line separators and bidi controls in them are shown escaped (`\u{1b}`), so
//! record text can never drive the terminal.

use std::fmt::Write as _;

use super::{Cell, Cells, Diagram, is_unsafe_char};
use gotool_go::{Color, Point, column_name};

/// How to draw a text diagram.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TextOptions {
    /// Plain ASCII instead of Unicode box drawing.
    pub ascii: bool,
    /// ANSI colour escape sequences. The caller decides (terminal on stdout, `NO_COLOR`, flags).
    pub color: bool,
}

/// The whole board.
pub fn render(diagram: &Diagram, opts: &TextOptions) -> String {
    render_area(diagram, 0, diagram.width, 0, diagram.height, opts)
}

/// The part of the board within `radius` points of `center` (a square, cut at the board edges), with the real
/// coordinates around it. A `center` off the board is moved to the nearest on-board point. Where the window cuts
/// the board, the Unicode grid runs on into the margin to show that the board continues.
pub fn window(diagram: &Diagram, center: Point, radius: u8, opts: &TextOptions) -> String {
    if diagram.width == 0 || diagram.height == 0 {
        return render(diagram, opts);
    }
    let cx = center.x.min(diagram.width - 1);
    let cy = center.y.min(diagram.height - 1);
    let x0 = cx.saturating_sub(radius);
    let x1 = cx.saturating_add(radius).min(diagram.width - 1) + 1;
    let y0 = cy.saturating_sub(radius);
    let y1 = cy.saturating_add(radius).min(diagram.height - 1) + 1;
    render_area(diagram, x0, x1, y0, y1, opts)
}

/// What a character is, for colouring. `Plain` is outside the board (labels, title, caption, legend).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Style {
    Plain,
    Grid,
    Black,
    White,
    DeadBlack,
    DeadWhite,
    LastMove,
    Highlight,
}

/// The board's background, xterm colour 222 (`#ffd787`), a light wood.
///
/// Every character on the board sets both its colour and this background, so a dark or light terminal theme
/// changes nothing on the board, and every colour comes from the 256-colour cube and grey ramp (16..=255),
/// which themes leave alone, unlike the 16 named colours. On a light board every stone and mark is dark ink, as
/// in printed diagrams: a white stone is the outlined `○` (a white glyph cannot reach 3:1 against a wood that
/// black also stands out on). Each pair reaches at least the 3:1 that WCAG asks of graphics; the unit test
/// `every_glyph_stands_out_from_the_board` computes the ratios.
const BOARD: u8 = 222;

impl Style {
    /// The foreground colour (xterm 256-colour index) and boldness of a style drawn on the board; `None` for
    /// `Plain`, which keeps the terminal's own colours.
    fn ink(self) -> Option<(u8, bool)> {
        match self {
            Style::Plain => None,
            // A brown grid (4.2:1), lighter than the stones so that they stand out from it.
            Style::Grid => Some((94, false)),
            // Black (15.3:1) for both colours of stones and territory: the glyphs tell them apart.
            Style::Black | Style::White => Some((16, false)),
            // Dead stones in a grey (5.2:1): faded, and still clearly drawn.
            Style::DeadBlack | Style::DeadWhite => Some((240, false)),
            // Blue for the last move (6.3:1), red for the highlight (5.4:1), bold.
            Style::LastMove => Some((21, true)),
            Style::Highlight => Some((124, true)),
        }
    }

    /// Writes the escape sequence that starts this style, beginning with a reset so that styles never leak into
    /// each other.
    fn write_sgr(self, out: &mut String) {
        match self.ink() {
            None => out.push_str("\x1b[0m"),
            Some((fg, bold)) => {
                let bold = if bold { "1;" } else { "" };
                let _ = write!(out, "\x1b[0;{bold}38;5;{fg};48;5;{BOARD}m");
            }
        }
    }
}

/// One output line, tracking the current style so escapes are written only on changes.
struct StyledRow {
    text: String,
    style: Style,
    color: bool,
}

impl StyledRow {
    fn new(color: bool) -> StyledRow {
        StyledRow { text: String::new(), style: Style::Plain, color }
    }

    fn push(&mut self, style: Style, c: char) {
        if self.color && style != self.style {
            style.write_sgr(&mut self.text);
            self.style = style;
        }
        self.text.push(c);
    }

    fn push_str(&mut self, style: Style, s: &str) {
        for c in s.chars() {
            self.push(style, c);
        }
    }

    fn finish(mut self, out: &mut String) {
        if self.color && self.style != Style::Plain {
            self.text.push_str("\x1b[0m");
        }
        out.push_str(self.text.trim_end_matches(' '));
        out.push('\n');
    }
}

/// A mark drawn in the gap next to a point.
#[derive(Clone, Copy)]
struct Mark {
    c: char,
    style: Style,
}

fn left_mark(cell: Cell) -> Option<Mark> {
    if cell.highlight {
        Some(Mark { c: '[', style: Style::Highlight })
    } else if cell.last_move {
        Some(Mark { c: '(', style: Style::LastMove })
    } else if cell.uncertain {
        Some(Mark { c: '?', style: Style::LastMove })
    } else {
        None
    }
}

fn right_mark(cell: Cell) -> Option<Mark> {
    if cell.highlight {
        Some(Mark { c: ']', style: Style::Highlight })
    } else if cell.last_move {
        Some(Mark { c: ')', style: Style::LastMove })
    } else {
        None
    }
}

/// A gap of `width` characters between two points (or a point and the label area): the right mark of the
/// point before it at its start, the left mark of the point after it at its end, and `fill` elsewhere.
fn push_gap(line: &mut StyledRow, width: usize, fill: char, after: Option<Mark>, before: Option<Mark>) {
    if width == 1 {
        // One character for two marks: the highlight wins (it explains an error; the last move is context).
        let mark = match (after, before) {
            (Some(a), Some(b)) => Some(if b.style == Style::Highlight { b } else { a }),
            (a, b) => a.or(b),
        };
        match mark {
            Some(m) => line.push(m.style, m.c),
            None => line.push(Style::Grid, fill),
        }
        return;
    }
    for i in 0..width {
        let mark = if i == 0 {
            after
        } else if i + 1 == width {
            before
        } else {
            None
        };
        match mark {
            Some(m) => line.push(m.style, m.c),
            None => line.push(Style::Grid, fill),
        }
    }
}

/// The lines that meet at a point on the real board.
#[derive(Clone, Copy)]
struct Links {
    up: bool,
    down: bool,
    left: bool,
    right: bool,
}

fn grid_char(links: Links) -> char {
    match (links.up, links.down, links.left, links.right) {
        (true, true, true, true) => '┼',
        (false, true, true, true) => '┬',
        (true, false, true, true) => '┴',
        (true, true, false, true) => '├',
        (true, true, true, false) => '┤',
        (false, true, false, true) => '┌',
        (false, true, true, false) => '┐',
        (true, false, false, true) => '└',
        (true, false, true, false) => '┘',
        (false, false, true, true) => '─',
        (true, true, false, false) => '│',
        (false, true, false, false) => '╷',
        (true, false, false, false) => '╵',
        (false, false, false, true) => '╶',
        (false, false, true, false) => '╴',
        (false, false, false, false) => '·',
    }
}

fn point_char(cell: Cell, links: Links, ascii: bool) -> (char, Style) {
    match (cell.stone, cell.dead) {
        (Some(Color::Black), false) => (if ascii { 'X' } else { '●' }, Style::Black),
        (Some(Color::White), false) => (if ascii { 'O' } else { '○' }, Style::White),
        (Some(Color::Black), true) => (if ascii { 'x' } else { '◆' }, Style::DeadBlack),
        (Some(Color::White), true) => (if ascii { 'o' } else { '◇' }, Style::DeadWhite),
        (None, _) => match cell.territory {
            Some(Color::Black) => (if ascii { 'b' } else { '▪' }, Style::Black),
            Some(Color::White) => (if ascii { 'w' } else { '▫' }, Style::White),
            None if cell.star => (if ascii { '+' } else { '╋' }, Style::Grid),
            None if ascii => ('.', Style::Grid),
            None => (grid_char(links), Style::Grid),
        },
    }
}

/// Appends `title` with unsafe characters written as Rust escapes (`\u{1b}`).
fn push_escaped(out: &mut String, title: &str) {
    for c in title.chars() {
        if is_unsafe_char(c) {
            let _ = write!(out, "{}", c.escape_unicode());
        } else {
            out.push(c);
        }
    }
}

/// Renders columns `x0..x1` and rows `y0..y1` (both in range and non-empty unless the board is empty).
fn render_area(diagram: &Diagram, x0: u8, x1: u8, y0: u8, y1: u8, opts: &TextOptions) -> String {
    let mut out = String::new();
    if let Some(title) = diagram.title.as_deref().filter(|t| !t.is_empty()) {
        push_escaped(&mut out, title);
        out.push('\n');
    }
    if x0 >= x1 || y0 >= y1 {
        return out;
    }
    let cells = Cells::new(diagram);
    let (width, height) = (diagram.width, diagram.height);
    let names: Vec<String> = (x0..x1).map(column_name).collect();
    let pitch = 1 + names.iter().map(String::len).max().unwrap_or(1);
    let gap = pitch - 1;
    let row_width = (u32::from(height) - u32::from(y0)).to_string().len();

    // Column names: the label column, one space, the margin gap, then one name per pitch.
    let mut letters = " ".repeat(row_width + 1 + gap);
    for name in &names {
        let _ = write!(letters, "{name:<pitch$}");
    }
    let letters = letters.trim_end().to_string();

    out.push_str(&letters);
    out.push('\n');
    let line_fill = if opts.ascii { ' ' } else { '─' };
    // The Unicode grid runs on into a margin where the window cuts the board.
    let left_fill = if x0 > 0 { line_fill } else { ' ' };
    let right_fill = if x1 < width { line_fill } else { ' ' };
    let (mut last_shown, mut highlight_shown, mut dead_shown, mut territory_shown) = (false, false, false, false);
    let mut uncertain_shown = false;
    for y in y0..y1 {
        let number = u32::from(height) - u32::from(y);
        let mut line = StyledRow::new(opts.color);
        line.push_str(Style::Plain, &format!("{number:>row_width$} "));
        for x in x0..x1 {
            let cell = cells.get(x, y);
            let before = if x == x0 { (left_fill, None) } else { (line_fill, right_mark(cells.get(x - 1, y))) };
            push_gap(&mut line, gap, before.0, before.1, left_mark(cell));
            let links = Links { up: y > 0, down: y + 1 < height, left: x > 0, right: x + 1 < width };
            let (c, style) = point_char(cell, links, opts.ascii);
            line.push(style, c);
            last_shown |= cell.last_move;
            highlight_shown |= cell.highlight;
            dead_shown |= cell.dead;
            uncertain_shown |= cell.uncertain && !cell.highlight && !cell.last_move;
            territory_shown |= cell.stone.is_none() && cell.territory.is_some();
        }
        push_gap(&mut line, gap, right_fill, right_mark(cells.get(x1 - 1, y)), None);
        line.push_str(Style::Plain, &format!(" {number:>row_width$}"));
        line.finish(&mut out);
    }
    out.push_str(&letters);
    out.push('\n');

    if let Some(caption) = diagram.caption.as_deref().filter(|t| !t.is_empty()) {
        push_escaped(&mut out, caption);
        out.push('\n');
    }
    let mut legend = Vec::new();
    if last_shown {
        legend.push("( ) last move");
    }
    if highlight_shown {
        legend.push("[ ] highlighted point");
    }
    if dead_shown {
        legend.push(if opts.ascii { "x/o dead black/white" } else { "◆/◇ dead black/white" });
    }
    if territory_shown {
        legend.push(if opts.ascii { "b/w black/white territory" } else { "▪/▫ black/white territory" });
    }
    if uncertain_shown {
        legend.push("? uncertain group (the estimate could not settle it)");
    }
    if !legend.is_empty() {
        out.push_str(&legend.join("  "));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::golden;
    use gotool_go::Board;

    const ASCII: TextOptions = TextOptions { ascii: true, color: false };
    const UNICODE: TextOptions = TextOptions { ascii: false, color: false };

    fn p(name: &str, d: &Diagram) -> Point {
        Point::from_board_notation(name, d.width, d.height).unwrap_or_else(|| panic!("bad point {name}"))
    }

    /// Checks both modes against `<name>.ascii.txt` and `<name>.unicode.txt`, and that every rendering lines up.
    fn check_both(name: &str, render: impl Fn(&TextOptions) -> String) {
        for (opts, mode) in [(ASCII, "ascii"), (UNICODE, "unicode")] {
            let text = render(&opts);
            assert_aligned(&text, opts.ascii, text.lines().next().is_some_and(|l| !l.starts_with(' ')));
            golden::check(&format!("{name}.{mode}.txt"), &text);
        }
    }

    /// Every board row has the same width, and each column name starts exactly above a point character,
    /// with gap characters between points. The column names are the first line that is not the title.
    fn assert_aligned(text: &str, ascii: bool, titled: bool) {
        let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
        let labels = &lines[usize::from(titled)];
        let end = lines.iter().skip(usize::from(titled) + 1).position(|l| l == labels).expect("no bottom labels");
        let rows = &lines[usize::from(titled) + 1..usize::from(titled) + 1 + end];
        assert!(!rows.is_empty());
        let width = rows[0].len();
        let points =
            if ascii { "XOxo.+bw" } else { "●○◆◇▪▫╋┼├┤┬┴┌┐└┘─│╷╵╶╴·" };
        let gaps = if ascii { " ()[]" } else { " ─()[]" };
        let starts: Vec<usize> =
            (0..labels.len()).filter(|&i| labels[i] != ' ' && (i == 0 || labels[i - 1] == ' ')).collect();
        assert!(!starts.is_empty());
        let pitch = if starts.len() > 1 { starts[1] - starts[0] } else { 2 };
        for row in rows {
            assert_eq!(row.len(), width, "ragged row {:?}\n{text}", row.iter().collect::<String>());
            for (i, &start) in starts.iter().enumerate() {
                assert_eq!(start, starts[0] + i * pitch, "uneven column names\n{text}");
                assert!(points.contains(row[start]), "no point under a column name at {start}\n{text}");
                if i + 1 < starts.len() {
                    for &c in &row[start + 1..start + pitch] {
                        assert!(gaps.contains(c), "{c:?} between points\n{text}");
                    }
                }
            }
        }
    }

    fn corner_9x9() -> Diagram {
        let board = Board::from_diagram(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . X . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . O . .
            . . X O . . . . .
            . X O . . . . . .
            . X O . . . . . .
            ",
        );
        let mut d = Diagram::from_board(&board);
        d.last_move = Some(p("D3", &d));
        d.title = Some("Black: Alice  White: Bob  Komi 6.5".into());
        d
    }

    #[test]
    fn nine_by_nine_corner_with_last_move() {
        let d = corner_9x9();
        check_both("corner-9x9", |o| render(&d, o));
    }

    #[test]
    fn rectangular_7x5() {
        let board = Board::from_diagram(
            "
            X . . . . . O
            . X . . . O .
            . . . X . . .
            . O . . . X .
            O . . . . . X
            ",
        );
        let d = Diagram::from_board(&board);
        check_both("rect-7x5", |o| render(&d, o));
    }

    #[test]
    fn wide_52x52_with_stones_in_the_corners() {
        let mut d = Diagram::new(52, 52);
        d.stones = vec![
            (Point::new(0, 0), Color::Black),
            (Point::new(51, 0), Color::White),
            (Point::new(0, 51), Color::White),
            (Point::new(51, 51), Color::Black),
        ];
        d.last_move = Some(Point::new(51, 51));
        check_both("corners-52x52", |o| render(&d, o));
    }

    /// A finished 9×9 game: a wall down the middle, a dead white stone in Black's area, a dead black one in
    /// White's.
    fn finished_9x9() -> Diagram {
        let board = Board::from_diagram(
            "
            . . X O . . . . .
            . . X O . . X . .
            . . X O . . . . .
            . O X O . . . . .
            . . X O . . . . .
            . . X X O . . . .
            . . . X O . . . .
            . . . X O . . . .
            . . . X O . . . .
            ",
        );
        let mut d = Diagram::from_board(&board);
        d.dead = vec![p("B6", &d), p("G8", &d)];
        for y in 0..9u8 {
            let (black_until, white_from) = match y {
                0..=4 => (2, 4),
                5 => (2, 5),
                _ => (3, 5),
            };
            for x in 0..9u8 {
                let point = Point::new(x, y);
                let free = board.get(point).is_none() || d.dead.contains(&point);
                if free && x < black_until {
                    d.territory.push((point, Color::Black));
                } else if free && x >= white_from {
                    d.territory.push((point, Color::White));
                }
            }
        }
        d.title = Some("Japanese rules, komi 6.5".into());
        // Black 21 territory + 1 prisoner, White 41 + 1 + komi; by area Black 21 + 10 stones, White 41 + 9 + komi.
        d.caption = Some("Japanese W+26.5 · Chinese W+25.5".into());
        d
    }

    #[test]
    fn dead_stones_and_territory() {
        let d = finished_9x9();
        check_both("scored-9x9", |o| render(&d, o));
    }

    #[test]
    fn uncertain_groups_are_marked_and_explained() {
        let mut d = finished_9x9();
        // The dead black stone at G8 and the living black wall stone at C9 are left unsettled by an estimate.
        d.uncertain = vec![p("G8", &d), p("C9", &d)];
        let text = render(&d, &TextOptions { ascii: true, color: false });
        let lines: Vec<&str> = text.lines().collect();
        // Row 9 comes after the title and the column letters; row 8 holds the dead stone `?x`.
        assert!(lines[2].starts_with("9  b b?X O"), "{text}");
        assert!(lines[3].contains("w w?x w"), "{text}");
        assert!(text.contains("? uncertain group"), "{text}");
        // Without the marks, no `?` and no legend entry.
        let plain = render(&finished_9x9(), &TextOptions { ascii: true, color: false });
        assert!(!plain.contains('?'), "{plain}");
    }

    /// The ko of `check --board`: Black just took at C3; White's retake at B3 is the highlighted error. The two
    /// marks share the gap between B3 and C3.
    fn ko_19x19() -> Diagram {
        let mut d = Diagram::new(19, 19);
        for (name, color) in [
            ("B4", Color::Black),
            ("C4", Color::White),
            ("A3", Color::Black),
            ("C3", Color::Black),
            ("D3", Color::White),
            ("B2", Color::Black),
            ("C2", Color::White),
            ("Q16", Color::White),
        ] {
            d.stones.push((p(name, &d), color));
        }
        d.last_move = Some(p("C3", &d));
        d.highlight = Some(p("B3", &d));
        d
    }

    #[test]
    fn window_near_the_edge() {
        let d = ko_19x19();
        let center = p("B3", &d);
        check_both("window-ko", |o| window(&d, center, 3, o));
        let text = window(&d, center, 3, &ASCII);
        // Columns A-E, rows 6..1: the real coordinates, cut at the board edges.
        assert!(text.starts_with("   A B C D E\n6  . . . . .  6\n"), "{text}");
        assert!(text.contains("\n3  X[.]X)O .  3\n"), "{text}");
    }

    #[test]
    fn window_in_the_middle_runs_the_grid_into_the_margins() {
        let d = ko_19x19();
        let text = window(&d, p("P15", &d), 2, &UNICODE);
        assert_aligned(&text, false, false);
        assert_eq!(
            text,
            "    N O P Q R\n\
             17 ─┼─┼─┼─┼─┼─ 17\n\
             16 ─┼─┼─┼─○─┼─ 16\n\
             15 ─┼─┼─┼─┼─┼─ 15\n\
             14 ─┼─┼─┼─┼─┼─ 14\n\
             13 ─┼─┼─┼─┼─┼─ 13\n\
             \x20   N O P Q R\n"
        );
    }

    #[test]
    fn window_centre_off_the_board_is_clamped() {
        let d = ko_19x19();
        assert_eq!(window(&d, Point::new(40, 40), 1, &ASCII), window(&d, Point::new(18, 18), 1, &ASCII));
    }

    #[test]
    fn rows_line_up_on_rectangular_and_wide_boards() {
        for (w, h) in [(1, 1), (2, 1), (1, 3), (5, 19), (19, 5), (25, 25), (26, 3), (52, 52), (3, 52)] {
            let mut d = Diagram::new(w, h);
            d.stones = vec![(Point::new(0, 0), Color::Black), (Point::new(w - 1, h - 1), Color::White)];
            d.last_move = Some(Point::new(w - 1, h - 1));
            d.highlight = Some(Point::new(0, 0));
            for opts in [ASCII, UNICODE] {
                assert_aligned(&render(&d, &opts), opts.ascii, false);
            }
        }
    }

    #[test]
    fn star_points_only_on_empty_points() {
        let d = corner_9x9();
        let text = render(&d, &ASCII);
        // C7 and C3 hold stones; G7, E5 and G3 are shown as stars.
        assert_eq!(text.matches('+').count(), 3, "{text}");
        assert!(text.contains("\n7  . . X . . . + . .  7\n"), "{text}");
    }

    #[test]
    fn legend_lists_only_the_marks_used() {
        let d = Diagram::from_board(&Board::from_diagram("X O\n. ."));
        assert!(!render(&d, &ASCII).contains("last move"));
        let d = corner_9x9();
        assert!(render(&d, &ASCII).ends_with("\n( ) last move\n"));
    }

    #[test]
    fn hostile_title_is_escaped() {
        let mut d = Diagram::new(3, 3);
        d.title = Some("<script>&\x1b[31m\u{202e}red\u{9b}2J\nnext".into());
        for opts in [ASCII, UNICODE, TextOptions { ascii: false, color: true }] {
            let text = render(&d, &opts);
            let title = text.lines().next().unwrap();
            assert_eq!(title, r"<script>&\u{1b}[31m\u{202e}red\u{9b}2J\u{a}next");
        }
        assert!(!render(&d, &ASCII).contains('\x1b'));
        d.caption = Some("move 1:\x1b[2J".into());
        assert!(render(&d, &ASCII).ends_with("\nmove 1:\\u{1b}[2J\n"), "{}", render(&d, &ASCII));
    }

    fn strip_ansi(text: &str) -> String {
        let mut out = String::new();
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                assert_eq!(chars.next(), Some('['));
                for c in chars.by_ref() {
                    if c == 'm' {
                        break;
                    }
                    assert!(c.is_ascii_digit() || c == ';', "unexpected {c:?} in an escape");
                }
            } else {
                out.push(c);
            }
        }
        out
    }

    #[test]
    fn colour_only_adds_escapes() {
        for d in [corner_9x9(), finished_9x9(), ko_19x19()] {
            for ascii in [true, false] {
                let plain = render(&d, &TextOptions { ascii, color: false });
                let coloured = render(&d, &TextOptions { ascii, color: true });
                assert!(!plain.contains('\x1b'));
                assert!(coloured.contains("\x1b[0;38;5;16;48;5;222m"));
                assert_eq!(strip_ansi(&coloured), plain);
                // Every line that sets a style resets it before the row number and the newline.
                for line in coloured.lines().filter(|l| l.contains('\x1b')) {
                    let tail = &line[line.rfind('\x1b').unwrap()..];
                    assert!(tail.starts_with("\x1b[0m"), "{line:?}");
                }
            }
        }
    }

    /// The sRGB colour of an xterm 256-colour index: the 6×6×6 cube (16..=231, levels 0, 95, 135, …, 255) or the
    /// grey ramp (232..=255, 8 to 238 in steps of 10). `None` for the 16 named colours, which themes redefine.
    fn xterm_rgb(index: u8) -> Option<[u8; 3]> {
        const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
        match index {
            0..=15 => None,
            16..=231 => {
                let i = usize::from(index - 16);
                Some([LEVELS[i / 36], LEVELS[i / 6 % 6], LEVELS[i % 6]])
            }
            232..=255 => Some([8 + 10 * (index - 232); 3]),
        }
    }

    /// WCAG 2 relative luminance of an sRGB colour.
    fn luminance(rgb: [u8; 3]) -> f64 {
        let linear = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
        };
        0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2])
    }

    /// WCAG 2 contrast ratio of two xterm colours, from 1 (the same) to 21 (black on white).
    fn contrast(a: u8, b: u8) -> f64 {
        let (la, lb) = (luminance(xterm_rgb(a).unwrap()), luminance(xterm_rgb(b).unwrap()));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    #[test]
    fn contrast_is_computed_as_wcag_says() {
        assert_eq!(xterm_rgb(179), Some([215, 175, 95]));
        assert_eq!(xterm_rgb(231), Some([255, 255, 255]));
        assert_eq!(xterm_rgb(250), Some([188, 188, 188]));
        assert_eq!(luminance([0, 0, 0]), 0.0);
        assert!((luminance([255, 255, 255]) - 1.0).abs() < 1e-12);
        assert!((contrast(16, 231) - 21.0).abs() < 1e-9);
        // The colours of issue #14: white stones (231) and dead white stones (250) on the old board (179).
        assert_eq!(format!("{:.2}", contrast(231, 179)), "2.06");
        assert_eq!(format!("{:.2}", contrast(250, 179)), "1.09");
    }

    /// Every glyph drawn on the board, by style (every style but `Plain`): stones, marks and the grid.
    const GLYPHS: [(Style, &str); 7] = [
        (Style::Black, "● X ▪ b"),
        (Style::White, "○ O ▫ w"),
        (Style::DeadBlack, "◆ x"),
        (Style::DeadWhite, "◇ o"),
        (Style::LastMove, "( )"),
        (Style::Highlight, "[ ]"),
        (Style::Grid, "┼ ╋ . + ─"),
    ];

    #[test]
    #[allow(clippy::print_stdout)]
    fn every_glyph_stands_out_from_the_board() {
        // WCAG 2.1 asks 3:1 of graphical objects (1.4.11); the board colour is set on every cell, so the ratio is
        // the same on dark and light terminals. `cargo test every_glyph -- --nocapture` prints the table.
        println!("{:<12} {:<10} {:>6} {:>6} {:>6}", "style", "glyphs", "colour", "board", "ratio");
        let mut failures = Vec::new();
        for (style, glyphs) in GLYPHS {
            let (fg, _) = style.ink().expect("a board style has a colour");
            let ratio = contrast(fg, BOARD);
            println!("{:<12} {glyphs:<10} {fg:>6} {BOARD:>6} {ratio:>6.2}", format!("{style:?}"));
            if ratio < 3.0 {
                failures.push(format!("{style:?} ({glyphs}) in {fg} on {BOARD}: {ratio:.2}:1"));
            }
        }
        assert!(failures.is_empty(), "below 3:1: {failures:?}");
    }

    /// The characters of a coloured line with the SGR parameters in force for each.
    fn styled_chars(line: &str) -> Vec<(char, String)> {
        let (mut out, mut params) = (Vec::new(), String::new());
        let mut chars = line.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                assert_eq!(chars.next(), Some('['));
                params = chars.by_ref().take_while(|&c| c != 'm').collect();
            } else {
                out.push((c, params.clone()));
            }
        }
        out
    }

    #[test]
    fn every_point_sets_its_own_colour_and_the_board() {
        // Nothing on the board is left to the terminal's default colours, which differ between dark and light
        // themes; the row numbers outside it are.
        for d in [corner_9x9(), finished_9x9(), ko_19x19()] {
            for ascii in [true, false] {
                let text = render(&d, &TextOptions { ascii, color: true });
                let rows = text.lines().filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()));
                for row in rows {
                    let chars = styled_chars(row);
                    let first = chars.iter().position(|(c, _)| !c.is_ascii_digit() && *c != ' ').unwrap();
                    let last = chars.iter().rposition(|(c, _)| !c.is_ascii_digit() && *c != ' ').unwrap();
                    for (c, params) in &chars[first..=last] {
                        let numbers: Vec<&str> = params.split(';').collect();
                        let colour = |kind: &str| {
                            let at = numbers.windows(3).position(|w| w[0] == kind && w[1] == "5")?;
                            numbers[at + 2].parse::<u8>().ok()
                        };
                        assert_eq!(colour("48"), Some(BOARD), "{c:?} in {row:?}");
                        assert!(colour("38").and_then(xterm_rgb).is_some(), "{c:?} in {row:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn degenerate_sizes_do_not_panic() {
        let mut d = Diagram::new(0, 0);
        d.title = Some("empty".into());
        assert_eq!(render(&d, &UNICODE), "empty\n");
        assert_eq!(window(&d, Point::new(0, 0), 2, &UNICODE), "empty\n");
        let d = Diagram::new(1, 1);
        assert_eq!(render(&d, &UNICODE), "   A\n1  ·  1\n   A\n");
        let d = Diagram::new(255, 255);
        let _ = render(&d, &ASCII);
    }
}
