//! SVG images of a [`Diagram`]: a wooden board with grid, star points, coordinates, stones and marks.
//! Returns the document as a `String`; the same input always gives the same bytes.
//!
//! # Geometry
//!
//! Points are [`CELL`] pixels apart. The grid starts [`margin`] pixels from the left and top edges of the board,
//! plus the title band above the board when there is a title; [`point_center`] gives the centre of a point.
//! A caption adds a band under the board. Numbers are written with at most two decimals.
//!
//! # Title and caption
//!
//! Both are wrapped to the width of the picture (at `, ` between the parts of a title when it can, else between
//! words, else inside a word) in a font of 14 px down to [`MIN_TEXT_SIZE`]: the fewest lines, then the largest
//! size. Text that does not fit in [`MAX_TEXT_LINES`] lines at the smallest size is cut with `…`; the
//! title and caption before that cut are also the document's `<title>` and `<desc>`, which viewers show as a tooltip and
//! screen readers read. The widths are estimated from the characters (see `advance`), a little wide for
//! DejaVu Sans and Arial, so a line never runs off the picture.
//!
//! # Elements (what tests and style sheets can select)
//!
//! In document order, each layer in board order (row by row from the top):
//! - `title` and `desc` (the whole title and caption, plain text);
//! - `rect.board` (the wood), `text.title` with one `tspan` per line, `text.caption` (the same, under the
//!   board), `path.grid`, `rect.grid-edge`, `circle.star` on empty star points,
//!   `g.coordinates` with one `text` per label;
//! - `circle.stone.black` / `circle.stone.white`; a dead stone also has class `dead` and `opacity="0.5"`;
//! - `rect.territory.black` / `rect.territory.white`, a small square centred on the point (drawn over a dead
//!   stone too);
//! - `path.dead-mark`, a red cross over each dead stone;
//! - `circle.uncertain-mark`, a dashed orange ring around each stone of a group a dead-stone estimate could not
//!   settle;
//! - `circle.last-move` (a small ring in a colour that contrasts with the stone) and `circle.highlight` (a red
//!   ring around the point).
//!
//! Every stone and mark carries `data-point` with its SGF coordinate (`pd`).
//!
//! The title and caption are untrusted: `& < > " '` are escaped, and characters that XML 1.0 forbids or that can reorder text
//! (C0/C1 controls, U+FFFE/U+FFFF, line separators, bidi controls) are dropped, whitespace controls becoming
//! spaces.

use std::fmt::Write as _;

use super::{Cells, Diagram, is_unsafe_char, star_points};
use gotool_go::{Color, Point, column_name};

/// How to draw an SVG diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SvgOptions {
    /// Column letters and row numbers around the board.
    pub coordinates: bool,
}

impl Default for SvgOptions {
    fn default() -> SvgOptions {
        SvgOptions { coordinates: true }
    }
}

/// Distance between neighbouring points, in pixels.
pub const CELL: f64 = 24.0;
/// The smallest font a title or caption gets, in pixels: smaller is hard to read.
pub const MIN_TEXT_SIZE: f64 = 11.0;
/// The most lines a title or caption takes; the rest is cut with `…`.
pub const MAX_TEXT_LINES: usize = 4;
/// The font sizes a title or caption may get, largest first.
const TEXT_SIZES: [f64; 4] = [14.0, 13.0, 12.0, MIN_TEXT_SIZE];
/// Room above and below the lines of a title or caption, and on either side of them.
const TEXT_PAD: f64 = 6.0;
const TEXT_SIDE: f64 = 10.0;
const STONE_RADIUS: f64 = 11.5;
const WOOD: &str = "#dcb35c";
const INK: &str = "#1a1a1a";

/// Distance from the edge of the wood to the outermost grid lines: room for the coordinates, or half a stone
/// and a little wood without them.
pub fn margin(opts: &SvgOptions) -> f64 {
    if opts.coordinates { 40.0 } else { 20.0 }
}

/// The pixel centre of a point in [`render`]'s output.
pub fn point_center(diagram: &Diagram, opts: &SvgOptions, point: Point) -> (f64, f64) {
    let m = margin(opts);
    let top = Layout::new(diagram, opts).title.as_ref().map_or(0.0, TextBlock::height);
    (m + f64::from(point.x) * CELL, top + m + f64::from(point.y) * CELL)
}

/// Lines of text at one font size.
#[derive(Debug, PartialEq)]
struct TextBlock {
    size: f64,
    lines: Vec<String>,
}

impl TextBlock {
    /// Wraps `text` (already free of control characters) into lines `room` pixels wide: see the module docs.
    fn new(text: &str, room: f64) -> TextBlock {
        for most in 1..=MAX_TEXT_LINES {
            for size in TEXT_SIZES {
                let lines = wrap(text, room, size);
                if lines.len() <= most {
                    return TextBlock { size, lines };
                }
            }
        }
        let mut lines = wrap(text, room, MIN_TEXT_SIZE);
        lines.truncate(MAX_TEXT_LINES);
        if let Some(last) = lines.last_mut() {
            while !last.is_empty() && estimated_width(&format!("{last}…"), MIN_TEXT_SIZE) > room {
                last.pop();
            }
            last.truncate(last.trim_end().len());
            last.push('…');
        }
        TextBlock { size: MIN_TEXT_SIZE, lines }
    }

    fn line_height(&self) -> f64 {
        self.size * 9.0 / 7.0
    }

    /// The band the block takes: 30 px for one line at 14 px.
    fn height(&self) -> f64 {
        2.0 * TEXT_PAD + self.lines.len() as f64 * self.line_height()
    }

    /// Writes the block as `<text class="{class}">` with a `tspan` per line, its band starting at `top`.
    fn write(&self, out: &mut String, class: &str, top: f64) {
        let _ = write!(out, r#"<text class="{class}" font-size="{}" fill="{INK}">"#, num(self.size));
        for (i, line) in self.lines.iter().enumerate() {
            // The first baseline one font size below the padding; descenders stay inside the band.
            let y = top + TEXT_PAD + self.size + i as f64 * self.line_height();
            let _ = write!(out, r#"<tspan x="{}" y="{}">{}</tspan>"#, num(TEXT_SIDE), num(y), escape_xml(line));
        }
        out.push_str("</text>\n");
    }
}

/// Greedy wrapping of `text` into lines at most `room` pixels wide at font `size`: whole parts of a title (`A,
/// B, C`) where they fit, else words, else characters (a word longer than a line, or CJK text without spaces).
fn wrap(text: &str, room: f64, size: f64) -> Vec<String> {
    let fits = |s: &str| estimated_width(s, size) <= room;
    let mut lines = Vec::new();
    let mut line = String::new();
    let joined = |line: &str, next: &str| if line.is_empty() { next.to_string() } else { format!("{line} {next}") };
    for part in text.split_inclusive(", ").map(str::trim).filter(|p| !p.is_empty()) {
        if fits(&joined(&line, part)) {
            line = joined(&line, part);
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        for word in part.split(' ').filter(|w| !w.is_empty()) {
            if fits(&joined(&line, word)) {
                line = joined(&line, word);
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            for c in word.chars() {
                line.push(c);
                if !fits(&line) && line.chars().count() > 1 {
                    line.pop();
                    lines.push(std::mem::replace(&mut line, c.to_string()));
                }
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Where the title and caption go, and how big the picture is.
struct Layout {
    width: f64,
    height: f64,
    title: Option<TextBlock>,
    caption: Option<TextBlock>,
}

impl Layout {
    fn new(diagram: &Diagram, opts: &SvgOptions) -> Layout {
        let m = margin(opts);
        let span = |side: u8| f64::from(side.max(1) - 1) * CELL;
        let width = 2.0 * m + span(diagram.width);
        let room = width - 2.0 * TEXT_SIDE;
        let block = |text: &Option<String>| {
            let text = escape_free_text(text.as_deref()?);
            (!text.trim().is_empty()).then(|| TextBlock::new(&text, room))
        };
        let (title, caption) = (block(&diagram.title), block(&diagram.caption));
        let bands = title.iter().chain(&caption).map(TextBlock::height).sum::<f64>();
        Layout { width, height: bands + 2.0 * m + span(diagram.height), title, caption }
    }

    /// Where the board (the margin above the grid) starts.
    fn top(&self) -> f64 {
        self.title.as_ref().map_or(0.0, TextBlock::height)
    }
}

/// A number with at most two decimals and no trailing zeros, so output does not depend on float printing.
fn num(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".to_string() } else { s.to_string() }
}

/// Untrusted text with the characters XML 1.0 forbids or that reorder text dropped (whitespace controls become
/// spaces).
fn escape_free_text(text: &str) -> String {
    text.chars()
        .filter_map(|c| match c {
            '\t' | '\n' | '\r' => Some(' '),
            c if is_unsafe_char(c) => None,
            c => Some(c),
        })
        .collect()
}

/// Text content or attribute value for XML: the five markup characters escaped.
fn escape_xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// An estimate of the advance width of `text` in a sans-serif font: 5 to 15 % wider than DejaVu Sans (the first
/// of the picture's fonts, and the widest of the usual ones: Arial is narrower) for Latin text, so that a line
/// estimated to fit does.
fn estimated_width(text: &str, size: f64) -> f64 {
    text.chars().map(advance).sum::<f64>() * size
}

/// The estimated advance of a character, in ems: each class gets the widest advance DejaVu Sans has in it.
fn advance(c: char) -> f64 {
    match c {
        '\u{1100}'..='\u{115f}'
        | '\u{2e80}'..='\u{a4cf}'
        | '\u{ac00}'..='\u{d7a3}'
        | '\u{f900}'..='\u{faff}'
        | '\u{fe30}'..='\u{fe4f}'
        | '\u{ff00}'..='\u{ff60}'
        | '\u{ffe0}'..='\u{ffe6}'
        | '\u{1f300}'..='\u{1faff}'
        | '\u{20000}'..='\u{3fffd}' => 1.0,
        'M' | 'W' | 'm' | 'w' | '@' | '%' | '…' => 1.0,
        ' ' | '.' | ',' | ':' | ';' | '\'' | '|' | 'i' | 'j' | 'l' | 'I' | 'J' | '·' | '/' => 0.35,
        '(' | ')' | '[' | ']' | '-' | 'f' | 't' | 'r' | '!' => 0.42,
        '"' | '*' | '_' | '?' => 0.55,
        '+' | '=' | '#' | '~' | '<' | '>' | '&' | '^' => 0.84,
        'A'..='Z' => 0.8,
        'a'..='z' | '0'..='9' | '$' | '{' | '}' => 0.65,
        _ => 0.7,
    }
}

fn color_class(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// Where the grid lies in the picture: the margin around it and the title band above it.
#[derive(Clone, Copy)]
struct Grid {
    margin: f64,
    top: f64,
    width: u8,
    height: u8,
}

impl Grid {
    /// The pixel centre of point (`x`, `y`), as [`point_center`] gives it.
    fn center(&self, x: u8, y: u8) -> (f64, f64) {
        (self.margin + f64::from(x) * CELL, self.top + self.margin + f64::from(y) * CELL)
    }

    /// The points of the board, row by row from the top: the order of every layer of stones and marks.
    fn points(&self) -> impl Iterator<Item = Point> {
        let (w, h) = (self.width, self.height);
        (0..h).flat_map(move |y| (0..w).map(move |x| Point::new(x, y)))
    }
}

/// The whole board as a standalone SVG document (no XML declaration, so it can also be inlined in HTML).
pub fn render(diagram: &Diagram, opts: &SvgOptions) -> String {
    let layout = Layout::new(diagram, opts);
    let grid = Grid { margin: margin(opts), top: layout.top(), width: diagram.width, height: diagram.height };
    let mut out = String::new();
    write_frame(&mut out, diagram, &layout);
    if grid.width == 0 || grid.height == 0 {
        out.push_str("</svg>\n");
        return out;
    }
    write_lines(&mut out, &grid);
    let cells = Cells::new(diagram);
    write_star_points(&mut out, &grid, &cells);
    if opts.coordinates {
        write_coordinates(&mut out, &grid);
    }
    write_stones(&mut out, &grid, &cells);
    write_territory(&mut out, &grid, &cells);
    write_dead_marks(&mut out, &grid, &cells);
    write_uncertain_marks(&mut out, &grid, &cells);
    write_last_move(&mut out, &grid, &cells);
    write_highlight(&mut out, &grid, diagram);
    out.push_str("</svg>\n");
    out
}

/// Everything before the grid, drawn even for a board without points: the `svg` element, the whole title and
/// caption as `title` and `desc`, the stones' gradients, the wood, and the wrapped title and caption.
fn write_frame(out: &mut String, diagram: &Diagram, layout: &Layout) {
    let (total_w, total_h) = (layout.width, layout.height);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{tw}" height="{th}" viewBox="0 0 {tw} {th}" font-family="DejaVu Sans, Arial, sans-serif">"#,
        tw = num(total_w),
        th = num(total_h)
    );
    // The whole title and caption, for tooltips and screen readers, even when the lines drawn are cut.
    for (element, text) in [("title", &diagram.title), ("desc", &diagram.caption)] {
        if let Some(text) = text.as_deref().map(escape_free_text).filter(|t| !t.trim().is_empty()) {
            let _ = writeln!(out, "<{element}>{}</{element}>", escape_xml(&text));
        }
    }
    // Stones are lit from the upper left.
    out.push_str(concat!(
        "<defs>\n",
        r##"<radialGradient id="gotool-stone-black" cx="0.35" cy="0.3" r="0.7"><stop offset="0" stop-color="#606060"/><stop offset="1" stop-color="#0a0a0a"/></radialGradient>"##,
        "\n",
        r##"<radialGradient id="gotool-stone-white" cx="0.35" cy="0.3" r="0.7"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#cdcdcd"/></radialGradient>"##,
        "\n</defs>\n"
    ));
    let _ = writeln!(
        out,
        r#"<rect class="board" x="0" y="0" width="{}" height="{}" fill="{WOOD}"/>"#,
        num(total_w),
        num(total_h)
    );
    if let Some(title) = &layout.title {
        title.write(out, "title", 0.0);
    }
    if let Some(caption) = &layout.caption {
        caption.write(out, "caption", total_h - caption.height());
    }
}

/// The grid lines as one path (one element however big the board), and the thicker edge around them.
fn write_lines(out: &mut String, grid: &Grid) {
    let (w, h) = (grid.width, grid.height);
    let (left, upper) = grid.center(0, 0);
    let (right, lower) = grid.center(w - 1, h - 1);
    let mut path = String::new();
    for y in 0..h {
        let (_, py) = grid.center(0, y);
        let _ = write!(path, "M{} {}H{}", num(left), num(py), num(right));
    }
    for x in 0..w {
        let (px, _) = grid.center(x, 0);
        let _ = write!(path, "M{} {}V{}", num(px), num(upper), num(lower));
    }
    let _ = writeln!(
        out,
        r#"<path class="grid" d="{path}" stroke="{INK}" stroke-width="1" fill="none" shape-rendering="crispEdges"/>"#
    );
    let _ = writeln!(
        out,
        r#"<rect class="grid-edge" x="{}" y="{}" width="{}" height="{}" stroke="{INK}" stroke-width="2" fill="none"/>"#,
        num(left),
        num(upper),
        num(right - left),
        num(lower - upper)
    );
}

/// The star points, only on empty points: a dead stone is drawn half transparent, and a dot under it would
/// show through.
fn write_star_points(out: &mut String, grid: &Grid, cells: &Cells) {
    for point in star_points(grid.width, grid.height) {
        if cells.get(point.x, point.y).stone.is_none() {
            let (cx, cy) = grid.center(point.x, point.y);
            let _ = writeln!(
                out,
                r#"<circle class="star" data-point="{}" cx="{}" cy="{}" r="3" fill="{INK}"/>"#,
                point.to_sgf(),
                num(cx),
                num(cy)
            );
        }
    }
}

/// Column letters above and below the grid, row numbers (counted from the bottom) on either side of it.
fn write_coordinates(out: &mut String, grid: &Grid) {
    let (w, h, m) = (grid.width, grid.height, grid.margin);
    let (right, lower) = grid.center(w - 1, h - 1);
    out.push_str(r##"<g class="coordinates" font-size="12" fill="#3b2a12" text-anchor="middle">"##);
    out.push('\n');
    // Baselines sit about a third of the font size below the centre line, so labels look centred.
    let (label_top, label_bottom) = (grid.top + m / 2.0 + 4.0, lower + m / 2.0 + 4.0);
    for x in 0..w {
        let (px, _) = grid.center(x, 0);
        let name = column_name(x);
        for y in [label_top, label_bottom] {
            let _ = writeln!(out, r#"<text x="{}" y="{}">{name}</text>"#, num(px), num(y));
        }
    }
    for y in 0..h {
        let (_, py) = grid.center(0, y);
        let number = u32::from(h) - u32::from(y);
        for x in [m / 2.0, right + m / 2.0] {
            let _ = writeln!(out, r#"<text x="{}" y="{}">{number}</text>"#, num(x), num(py + 4.0));
        }
    }
    out.push_str("</g>\n");
}

/// The stones, lit by the frame's gradients; a dead one is half transparent, so it reads as removed while its
/// colour still shows.
fn write_stones(out: &mut String, grid: &Grid, cells: &Cells) {
    for point in grid.points() {
        let cell = cells.get(point.x, point.y);
        let Some(color) = cell.stone else { continue };
        let (cx, cy) = grid.center(point.x, point.y);
        let sgf = point.to_sgf();
        let class = color_class(color);
        let outline = match color {
            Color::Black => "#000000",
            Color::White => "#6e6e6e",
        };
        let (dead_class, opacity) = if cell.dead { (" dead", r#" opacity="0.5""#) } else { ("", "") };
        let _ = writeln!(
            out,
            r#"<circle class="stone {class}{dead_class}" data-point="{sgf}" cx="{}" cy="{}" r="{}" fill="url(#gotool-stone-{class})" stroke="{outline}" stroke-width="1"{opacity}/>"#,
            num(cx),
            num(cy),
            num(STONE_RADIUS)
        );
    }
}

/// A small square of its owner's colour on each point of territory, after the stones so that it shows on a
/// dead stone too.
fn write_territory(out: &mut String, grid: &Grid, cells: &Cells) {
    let half = 4.0;
    for point in grid.points() {
        let Some(owner) = cells.get(point.x, point.y).territory else { continue };
        let (cx, cy) = grid.center(point.x, point.y);
        let (fill, stroke) = match owner {
            Color::Black => ("#111111", "#000000"),
            Color::White => ("#f4f4f4", "#5a5a5a"),
        };
        let _ = writeln!(
            out,
            r#"<rect class="territory {}" data-point="{}" x="{}" y="{}" width="{}" height="{}" fill="{fill}" stroke="{stroke}" stroke-width="1"/>"#,
            color_class(owner),
            point.to_sgf(),
            num(cx - half),
            num(cy - half),
            num(2.0 * half),
            num(2.0 * half)
        );
    }
}

/// Crosses go over the territory squares (a dead stone usually sits in its opponent's territory), in red so
/// that they show on either colour of stone and square.
fn write_dead_marks(out: &mut String, grid: &Grid, cells: &Cells) {
    for point in grid.points() {
        if !cells.get(point.x, point.y).dead {
            continue;
        }
        let (cx, cy) = grid.center(point.x, point.y);
        let d = 6.0;
        let _ = writeln!(
            out,
            r##"<path class="dead-mark" data-point="{}" d="M{} {}L{} {}M{} {}L{} {}" stroke="#d42a1e" stroke-width="2" stroke-linecap="round"/>"##,
            point.to_sgf(),
            num(cx - d),
            num(cy - d),
            num(cx + d),
            num(cy + d),
            num(cx + d),
            num(cy - d),
            num(cx - d),
            num(cy + d)
        );
    }
}

/// A dashed ring around each stone whose life a dead-stone estimate could not settle, so a reader knows which
/// part of the count to doubt.
fn write_uncertain_marks(out: &mut String, grid: &Grid, cells: &Cells) {
    for point in grid.points() {
        if !cells.get(point.x, point.y).uncertain {
            continue;
        }
        let (cx, cy) = grid.center(point.x, point.y);
        let _ = writeln!(
            out,
            r##"<circle class="uncertain-mark" data-point="{}" cx="{}" cy="{}" r="{}" fill="none" stroke="#e07b00" stroke-width="2" stroke-dasharray="3 2"/>"##,
            point.to_sgf(),
            num(cx),
            num(cy),
            num(STONE_RADIUS + 2.0)
        );
    }
}

/// A small ring on the last move, in the colour that contrasts with the stone under it (red on an empty point).
fn write_last_move(out: &mut String, grid: &Grid, cells: &Cells) {
    for point in grid.points() {
        let cell = cells.get(point.x, point.y);
        if !cell.last_move {
            continue;
        }
        let (cx, cy) = grid.center(point.x, point.y);
        let stroke = match cell.stone {
            Some(Color::Black) => "#ffffff",
            Some(Color::White) => "#000000",
            None => "#c81e1e",
        };
        let _ = writeln!(
            out,
            r#"<circle class="last-move" data-point="{}" cx="{}" cy="{}" r="5.5" fill="none" stroke="{stroke}" stroke-width="2"/>"#,
            point.to_sgf(),
            num(cx),
            num(cy)
        );
    }
}

/// A red ring around the highlighted point, last so nothing covers it; none for a point off the board.
fn write_highlight(out: &mut String, grid: &Grid, diagram: &Diagram) {
    let Some(point) = diagram.highlight.filter(|p| p.x < grid.width && p.y < grid.height) else { return };
    let (cx, cy) = grid.center(point.x, point.y);
    let _ = writeln!(
        out,
        r##"<circle class="highlight" data-point="{}" cx="{}" cy="{}" r="14" fill="none" stroke="#e0201a" stroke-width="3"/>"##,
        point.to_sgf(),
        num(cx),
        num(cy)
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use gotool_go::Board;

    const OPTS: SvgOptions = SvgOptions { coordinates: true };

    fn sample() -> Diagram {
        let board = Board::from_diagram(
            "
            . . X O . . . . .
            . . X O . . X . .
            . O X O . . . . .
            . . X O . . . . .
            . . X X O . . . .
            . . . X O . . . .
            . . . X O . . . .
            ",
        );
        let mut d = Diagram::from_board(&board);
        d.title = Some("Black: Alice  White: Bob".into());
        d.dead = vec![Point::new(1, 2), Point::new(6, 1)];
        d.territory = vec![
            (Point::new(0, 0), Color::Black),
            (Point::new(1, 2), Color::Black),
            (Point::new(8, 6), Color::White),
            (Point::new(6, 1), Color::White),
        ];
        d.last_move = Some(Point::new(4, 6));
        d.highlight = Some(Point::new(5, 6));
        d
    }

    fn attr(node: roxmltree::Node, name: &str) -> f64 {
        node.attribute(name).unwrap_or_else(|| panic!("no {name}")).parse().unwrap()
    }

    fn classes<'a>(node: roxmltree::Node<'a, '_>) -> Vec<&'a str> {
        node.attribute("class").unwrap_or("").split(' ').collect()
    }

    fn point_of(node: roxmltree::Node, d: &Diagram) -> Point {
        Point::from_sgf(node.attribute("data-point").expect("data-point"), d.width, d.height).unwrap()
    }

    #[test]
    fn geometry_of_the_usual_board() {
        // 19x19 with coordinates: A19 (aa) is 40 px in from the corner, Q16 (pd) 15 and 3 cells further.
        let d = Diagram::new(19, 19);
        assert_eq!(point_center(&d, &OPTS, Point::new(0, 0)), (40.0, 40.0));
        assert_eq!(point_center(&d, &OPTS, Point::new(15, 3)), (400.0, 112.0));
        let svg = render(&d, &OPTS);
        assert!(svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="512" height="512""#));
        let titled = Diagram { title: Some("t".into()), ..d };
        assert_eq!(point_center(&titled, &SvgOptions { coordinates: false }, Point::new(1, 2)), (44.0, 98.0));
    }

    #[test]
    fn every_stone_and_mark_is_on_its_point_with_its_class() {
        let d = sample();
        let svg = render(&d, &OPTS);
        let doc = roxmltree::Document::parse(&svg).expect("valid XML");
        let cells = Cells::new(&d);
        let mut seen = std::collections::BTreeMap::<&str, usize>::new();
        for node in doc.descendants().filter(|n| n.has_attribute("data-point")) {
            let point = point_of(node, &d);
            let cell = cells.get(point.x, point.y);
            let (cx, cy) = point_center(&d, &OPTS, point);
            let class = classes(node);
            *seen.entry(class[0]).or_default() += 1;
            match (node.tag_name().name(), class[0]) {
                ("circle", kind) => {
                    assert_eq!((attr(node, "cx"), attr(node, "cy")), (cx, cy), "{kind} at {point:?}");
                    match kind {
                        "stone" => {
                            let color = color_class(cell.stone.expect("stone on an empty point"));
                            assert_eq!(class[1], color);
                            assert_eq!(class.contains(&"dead"), cell.dead);
                            assert_eq!(node.attribute("opacity"), cell.dead.then_some("0.5"));
                        }
                        "star" => assert!(cell.star && cell.stone.is_none()),
                        "last-move" => assert_eq!(Some(point), d.last_move),
                        "highlight" => assert_eq!(Some(point), d.highlight),
                        other => panic!("unexpected circle {other}"),
                    }
                }
                ("rect", "territory") => {
                    let size = attr(node, "width");
                    assert_eq!(attr(node, "height"), size);
                    assert_eq!((attr(node, "x") + size / 2.0, attr(node, "y") + size / 2.0), (cx, cy));
                    assert_eq!(Some(class[1]), cell.territory.map(color_class));
                }
                ("path", "dead-mark") => {
                    assert!(cell.dead);
                    // The cross's endpoints average to the centre.
                    let numbers: Vec<f64> = node
                        .attribute("d")
                        .unwrap()
                        .split(|c: char| c.is_ascii_alphabetic() || c == ' ')
                        .filter(|s| !s.is_empty())
                        .map(|s| s.parse().unwrap())
                        .collect();
                    assert_eq!(numbers.len(), 8);
                    let mean = |i: usize| numbers.iter().skip(i).step_by(2).sum::<f64>() / 4.0;
                    assert_eq!((mean(0), mean(1)), (cx, cy));
                }
                other => panic!("unexpected element {other:?}"),
            }
        }
        let stones = d.stones.len();
        let stars = star_points(9, 7).iter().filter(|p| cells.get(p.x, p.y).stone.is_none()).count();
        assert_eq!(
            seen,
            [
                ("dead-mark", 2),
                ("highlight", 1),
                ("last-move", 1),
                ("star", stars),
                ("stone", stones),
                ("territory", 4)
            ]
            .into_iter()
            .collect()
        );
    }

    #[test]
    fn coordinates_are_labelled_on_all_sides() {
        let d = sample();
        let svg = render(&d, &OPTS);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let group = doc.descendants().find(|n| n.attribute("class") == Some("coordinates")).unwrap();
        let labels: Vec<(&str, f64, f64)> = group
            .children()
            .filter(|n| n.is_element())
            .map(|n| (n.text().unwrap(), attr(n, "x"), attr(n, "y")))
            .collect();
        assert_eq!(labels.len(), 2 * 9 + 2 * 7);
        // Column J (no I) above and below its points, row 7 level with the top row on both sides.
        let (jx, top_y) = point_center(&d, &OPTS, Point::new(8, 0));
        assert_eq!(labels.iter().filter(|l| l.0 == "J" && l.1 == jx).count(), 2);
        assert_eq!(labels.iter().filter(|l| l.0 == "7" && l.2 == top_y + 4.0).count(), 2);
        assert!(!labels.iter().any(|l| l.0 == "I"));

        let bare = render(&d, &SvgOptions { coordinates: false });
        assert!(!bare.contains("coordinates"));
    }

    #[test]
    fn output_is_deterministic() {
        let d = sample();
        assert_eq!(render(&d, &OPTS), render(&d.clone(), &OPTS));
        let wide = Diagram { width: 52, height: 52, ..sample() };
        assert_eq!(render(&wide, &OPTS), render(&wide, &OPTS));
    }

    /// The lines of the `text.title` (or `text.caption`) element, its font size, and its `tspan`s' positions.
    fn text_lines(svg: &str, class: &str) -> (f64, Vec<(String, f64, f64)>) {
        let doc = roxmltree::Document::parse(svg).expect("valid XML");
        let node = doc.descendants().find(|n| n.attribute("class") == Some(class)).unwrap_or_else(|| panic!("{class}"));
        let lines = node
            .children()
            .map(|span| {
                assert_eq!(span.tag_name().name(), "tspan", "only lines in the {class}");
                assert_eq!(span.children().count(), 1, "each line of the {class} is a single text node");
                (span.text().unwrap().to_string(), attr(span, "x"), attr(span, "y"))
            })
            .collect();
        (attr(node, "font-size"), lines)
    }

    #[test]
    fn hostile_title_is_escaped() {
        let mut d = Diagram::new(5, 5);
        d.title = Some("<script>&\x1b[31m\"'\u{202e}\u{0}\u{fffe}\ttab".into());
        d.caption = Some("</desc><script>".into());
        let svg = render(&d, &OPTS);
        assert!(!svg.contains("<script>"));
        assert!(!svg.contains('\x1b'));
        assert!(!svg.contains('\u{0}'));
        let (_, lines) = text_lines(&svg, "title");
        let words: Vec<&str> = lines.iter().map(|l| l.0.as_str()).collect();
        assert_eq!(words.join(" "), "<script>&[31m\"' tab");
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let plain = |tag: &str| doc.descendants().find(|n| n.has_tag_name(tag)).and_then(|n| n.text()).unwrap();
        assert_eq!(plain("title"), "<script>&[31m\"' tab");
        assert_eq!(plain("desc"), "</desc><script>");
    }

    /// The title of a `width`×`width` board: its font size and lines.
    fn title_of(width: u8, title: &str) -> (f64, Vec<String>) {
        let d = Diagram { title: Some(title.into()), ..Diagram::new(width, width) };
        let (size, lines) = text_lines(&render(&d, &OPTS), "title");
        (size, lines.into_iter().map(|l| l.0).collect())
    }

    #[test]
    fn short_titles_keep_one_line_at_full_size() {
        assert_eq!(title_of(9, "Black"), (14.0, vec!["Black".to_string()]));
        let title = "Alice (B) vs Bob (W), RE W+3.5, japanese rules, komi 6.5";
        assert_eq!(title_of(19, title), (14.0, vec![title.to_string()]));
    }

    #[test]
    fn long_titles_wrap_between_their_parts_and_never_get_small() {
        // Issue #14: on 5x5 the title was cut at "…, japa".
        let title = "Black (B) vs White (W), RE W+3.5, japanese rules, komi 6.5";
        let (size, lines) = title_of(5, title);
        assert!(size >= MIN_TEXT_SIZE, "{size}");
        assert_eq!(lines.join(" "), title, "every word shown, none cut");
        assert!(lines.len() > 1 && lines.len() <= MAX_TEXT_LINES, "{lines:?}");
        assert!(lines.iter().any(|l| l.starts_with("RE ") || l.starts_with("japanese")), "{lines:?}");
        // Issue #14: long names on 19x19 shrank the title to ~7 px.
        let names = format!("{} (B) vs {} (W), RE B+R, japanese rules, komi 6.5", "Long".repeat(10), "Name".repeat(10));
        let (size, lines) = title_of(19, &names);
        assert!(size >= MIN_TEXT_SIZE, "{size}");
        assert_eq!(lines.join(" "), names);
    }

    #[test]
    fn every_line_fits_in_the_picture() {
        let titles = [
            "Black (B) vs White (W), RE W+3.5, japanese rules, komi 6.5".to_string(),
            "W".repeat(200),
            "黑方甲乙丙丁白方戊己庚辛结果白中盘胜利".repeat(3),
            "MMMM WWWW ".repeat(30),
        ];
        for width in [1, 2, 5, 9, 13, 19] {
            for title in &titles {
                let d = Diagram { title: Some(title.clone()), ..Diagram::new(width, width) };
                let svg = render(&d, &OPTS);
                let (size, lines) = text_lines(&svg, "title");
                assert!(size >= MIN_TEXT_SIZE && lines.len() <= MAX_TEXT_LINES, "{width}: {size} {lines:?}");
                let total = Layout::new(&d, &OPTS).width;
                for (line, x, _) in &lines {
                    assert!(x + estimated_width(line, size) <= total - TEXT_SIDE + 1e-9, "{width}: {line:?}");
                }
            }
        }
    }

    #[test]
    fn too_long_titles_are_cut_with_an_ellipsis() {
        let (size, lines) = title_of(5, &"word ".repeat(100));
        assert_eq!((size, lines.len()), (MIN_TEXT_SIZE, MAX_TEXT_LINES));
        assert!(lines[MAX_TEXT_LINES - 1].ends_with("word…"), "{lines:?}");
        // A word longer than a line is broken inside.
        let (_, lines) = title_of(9, &"x".repeat(60));
        assert_eq!(lines.concat(), "x".repeat(60));
    }

    #[test]
    fn the_lines_stack_inside_the_title_band() {
        let d = Diagram { title: Some("a, ".repeat(60)), ..Diagram::new(5, 5) };
        let svg = render(&d, &OPTS);
        let (size, lines) = text_lines(&svg, "title");
        let band = point_center(&d, &OPTS, Point::new(0, 0)).1 - margin(&OPTS);
        for pair in lines.windows(2) {
            assert!(pair[1].2 - pair[0].2 >= size, "{lines:?}");
        }
        let last = lines.last().unwrap().2;
        assert!(last + 0.3 * size <= band, "the last line's descenders stay above the board: {last} {band}");
    }

    #[test]
    fn the_caption_goes_under_the_board() {
        let mut d = Diagram::new(9, 9);
        d.caption = Some("Japanese W+3.5 · Chinese W+3.5".into());
        let svg = render(&d, &OPTS);
        let (size, lines) = text_lines(&svg, "caption");
        assert!(size >= 12.0 && lines.len() == 1, "{size} {lines:?}");
        assert_eq!(lines[0].0, "Japanese W+3.5 · Chinese W+3.5");
        // Below the bottom row of coordinates, inside the picture; the board itself does not move.
        let (_, bottom) = point_center(&d, &OPTS, Point::new(0, 8));
        let height = Layout::new(&d, &OPTS).height;
        assert!(lines[0].2 > bottom + margin(&OPTS) / 2.0 + 4.0 && lines[0].2 < height, "{lines:?} {height}");
        assert_eq!(point_center(&d, &OPTS, Point::new(0, 0)), (40.0, 40.0));
        assert!(svg.contains(&format!(r#"height="{}""#, num(height))));
    }

    #[test]
    fn wide_and_degenerate_boards() {
        for (w, h) in [(0, 0), (1, 1), (52, 52), (3, 52)] {
            let svg = render(&Diagram::new(w, h), &OPTS);
            roxmltree::Document::parse(&svg).expect("valid XML");
        }
        let d = Diagram::new(52, 52);
        assert!(render(&d, &OPTS).contains(">BB</text>"));
    }

    #[test]
    fn numbers_have_at_most_two_decimals() {
        assert_eq!(num(40.0), "40");
        assert_eq!(num(11.5), "11.5");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(-0.001), "0");
    }
}
