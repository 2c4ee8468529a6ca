//! SVG images of a [`Diagram`]: a wooden board with grid, star points, coordinates, stones and marks.
//! Returns the document as a `String`; the same input always gives the same bytes.
//!
//! # Geometry
//!
//! Points are [`CELL`] pixels apart. The grid starts [`margin`] pixels from the left and top edges of the board
//! (plus [`TITLE_HEIGHT`] above the board when there is a title); [`point_center`] gives the centre of a point.
//! Numbers are written with at most two decimals.
//!
//! # Elements (what tests and style sheets can select)
//!
//! In document order, each layer in board order (row by row from the top):
//! - `rect.board` (the wood), `text.title`, `path.grid`, `rect.grid-edge`, `circle.star` on empty star points,
//!   `g.coordinates` with one `text` per label;
//! - `circle.stone.black` / `circle.stone.white`; a dead stone also has class `dead` and `opacity="0.5"`;
//! - `rect.territory.black` / `rect.territory.white`, a small square centred on the point (drawn over a dead
//!   stone too);
//! - `path.dead-mark`, a red cross over each dead stone;
//! - `circle.last-move` (a small ring in a colour that contrasts with the stone) and `circle.highlight` (a red
//!   ring around the point).
//!
//! Every stone and mark carries `data-point` with its SGF coordinate (`pd`).
//!
//! The title is untrusted: `& < > " '` are escaped, and characters that XML 1.0 forbids or that can reorder text
//! (C0/C1 controls, U+FFFE/U+FFFF, line separators, bidi controls) are dropped, whitespace controls becoming
//! spaces.

use std::fmt::Write as _;

use super::{Cells, Diagram, is_unsafe_char, star_points};
use crate::go::{Color, Point, column_name};

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
/// Height of the title band above the board, when there is a title.
pub const TITLE_HEIGHT: f64 = 30.0;
const STONE_RADIUS: f64 = 11.5;
const TITLE_SIZE: f64 = 14.0;
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
    (m + f64::from(point.x) * CELL, top(diagram) + m + f64::from(point.y) * CELL)
}

fn top(diagram: &Diagram) -> f64 {
    if has_title(diagram) { TITLE_HEIGHT } else { 0.0 }
}

fn has_title(diagram: &Diagram) -> bool {
    diagram.title.as_deref().is_some_and(|t| !t.is_empty())
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

/// A rough advance width of `text` in a sans-serif font: 0.6 em per character, 1 em for East Asian wide ones.
/// It only decides whether a title needs squeezing, so it need not be exact.
fn estimated_width(text: &str, size: f64) -> f64 {
    let wide = |c: char| {
        matches!(c, '\u{1100}'..='\u{115f}' | '\u{2e80}'..='\u{a4cf}' | '\u{ac00}'..='\u{d7a3}'
            | '\u{f900}'..='\u{faff}' | '\u{fe30}'..='\u{fe4f}' | '\u{ff00}'..='\u{ff60}'
            | '\u{ffe0}'..='\u{ffe6}' | '\u{20000}'..='\u{3fffd}')
    };
    text.chars().map(|c| if wide(c) { size } else { 0.6 * size }).sum()
}

fn color_class(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// The whole board as a standalone SVG document (no XML declaration, so it can also be inlined in HTML).
pub fn render(diagram: &Diagram, opts: &SvgOptions) -> String {
    let (w, h) = (diagram.width, diagram.height);
    let m = margin(opts);
    let top = top(diagram);
    let span = |side: u8| f64::from(side.max(1) - 1) * CELL;
    let total_w = 2.0 * m + span(w);
    let total_h = top + 2.0 * m + span(h);
    let center = |x: u8, y: u8| point_center(diagram, opts, Point::new(x, y));

    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{tw}" height="{th}" viewBox="0 0 {tw} {th}" font-family="DejaVu Sans, Arial, sans-serif">"#,
        tw = num(total_w),
        th = num(total_h)
    );
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
    if let Some(title) = diagram.title.as_deref().filter(|t| !t.is_empty()) {
        let title = escape_free_text(title);
        // A title wider than the board gets a smaller font (down to 8 px) rather than being cut off at the edge
        // of the image. (`textLength` would be exact, but librsvg 2.54 ignored it when we tried.)
        let room = total_w - m;
        let size = (TITLE_SIZE * room / estimated_width(&title, TITLE_SIZE)).clamp(8.0, TITLE_SIZE);
        let _ = writeln!(
            out,
            r#"<text class="title" x="{}" y="20" font-size="{}" fill="{INK}">{}</text>"#,
            num(m / 2.0),
            num(size),
            escape_xml(&title)
        );
    }
    if w == 0 || h == 0 {
        out.push_str("</svg>\n");
        return out;
    }

    let (left, upper) = center(0, 0);
    let (right, lower) = center(w - 1, h - 1);
    let mut grid = String::new();
    for y in 0..h {
        let (_, py) = center(0, y);
        let _ = write!(grid, "M{} {}H{}", num(left), num(py), num(right));
    }
    for x in 0..w {
        let (px, _) = center(x, 0);
        let _ = write!(grid, "M{} {}V{}", num(px), num(upper), num(lower));
    }
    let _ = writeln!(
        out,
        r#"<path class="grid" d="{grid}" stroke="{INK}" stroke-width="1" fill="none" shape-rendering="crispEdges"/>"#
    );
    let _ = writeln!(
        out,
        r#"<rect class="grid-edge" x="{}" y="{}" width="{}" height="{}" stroke="{INK}" stroke-width="2" fill="none"/>"#,
        num(left),
        num(upper),
        num(right - left),
        num(lower - upper)
    );

    let cells = Cells::new(diagram);
    for point in star_points(w, h) {
        if cells.get(point.x, point.y).stone.is_none() {
            let (cx, cy) = center(point.x, point.y);
            let _ = writeln!(
                out,
                r#"<circle class="star" data-point="{}" cx="{}" cy="{}" r="3" fill="{INK}"/>"#,
                point.to_sgf(),
                num(cx),
                num(cy)
            );
        }
    }

    if opts.coordinates {
        out.push_str(r##"<g class="coordinates" font-size="12" fill="#3b2a12" text-anchor="middle">"##);
        out.push('\n');
        // Baselines sit about a third of the font size below the centre line, so labels look centred.
        let (label_top, label_bottom) = (top + m / 2.0 + 4.0, lower + m / 2.0 + 4.0);
        for x in 0..w {
            let (px, _) = center(x, 0);
            let name = column_name(x);
            for y in [label_top, label_bottom] {
                let _ = writeln!(out, r#"<text x="{}" y="{}">{name}</text>"#, num(px), num(y));
            }
        }
        for y in 0..h {
            let (_, py) = center(0, y);
            let number = u32::from(h) - u32::from(y);
            for x in [m / 2.0, right + m / 2.0] {
                let _ = writeln!(out, r#"<text x="{}" y="{}">{number}</text>"#, num(x), num(py + 4.0));
            }
        }
        out.push_str("</g>\n");
    }

    for y in 0..h {
        for x in 0..w {
            let cell = cells.get(x, y);
            let Some(color) = cell.stone else { continue };
            let (cx, cy) = center(x, y);
            let sgf = Point::new(x, y).to_sgf();
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

    let half = 4.0;
    for y in 0..h {
        for x in 0..w {
            let Some(owner) = cells.get(x, y).territory else { continue };
            let (cx, cy) = center(x, y);
            let (fill, stroke) = match owner {
                Color::Black => ("#111111", "#000000"),
                Color::White => ("#f4f4f4", "#5a5a5a"),
            };
            let _ = writeln!(
                out,
                r#"<rect class="territory {}" data-point="{}" x="{}" y="{}" width="{}" height="{}" fill="{fill}" stroke="{stroke}" stroke-width="1"/>"#,
                color_class(owner),
                Point::new(x, y).to_sgf(),
                num(cx - half),
                num(cy - half),
                num(2.0 * half),
                num(2.0 * half)
            );
        }
    }

    // Crosses go over the territory squares (a dead stone usually sits in its opponent's territory), in red so
    // that they show on either colour of stone and square.
    for y in 0..h {
        for x in 0..w {
            if !cells.get(x, y).dead {
                continue;
            }
            let (cx, cy) = center(x, y);
            let d = 6.0;
            let _ = writeln!(
                out,
                r##"<path class="dead-mark" data-point="{}" d="M{} {}L{} {}M{} {}L{} {}" stroke="#d42a1e" stroke-width="2" stroke-linecap="round"/>"##,
                Point::new(x, y).to_sgf(),
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

    for y in 0..h {
        for x in 0..w {
            let cell = cells.get(x, y);
            if !cell.last_move {
                continue;
            }
            let (cx, cy) = center(x, y);
            let stroke = match cell.stone {
                Some(Color::Black) => "#ffffff",
                Some(Color::White) => "#000000",
                None => "#c81e1e",
            };
            let _ = writeln!(
                out,
                r#"<circle class="last-move" data-point="{}" cx="{}" cy="{}" r="5.5" fill="none" stroke="{stroke}" stroke-width="2"/>"#,
                Point::new(x, y).to_sgf(),
                num(cx),
                num(cy)
            );
        }
    }
    if let Some(point) = diagram.highlight.filter(|p| p.x < w && p.y < h) {
        let (cx, cy) = center(point.x, point.y);
        let _ = writeln!(
            out,
            r##"<circle class="highlight" data-point="{}" cx="{}" cy="{}" r="14" fill="none" stroke="#e0201a" stroke-width="3"/>"##,
            point.to_sgf(),
            num(cx),
            num(cy)
        );
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::Board;

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

    #[test]
    fn hostile_title_is_escaped() {
        let mut d = Diagram::new(5, 5);
        d.title = Some("<script>&\x1b[31m\"'\u{202e}\u{0}\u{fffe}\ttab".into());
        let svg = render(&d, &OPTS);
        assert!(!svg.contains("<script>"));
        assert!(!svg.contains('\x1b'));
        assert!(!svg.contains('\u{0}'));
        let doc = roxmltree::Document::parse(&svg).expect("valid XML");
        let title = doc.descendants().find(|n| n.attribute("class") == Some("title")).unwrap();
        assert_eq!(title.text(), Some("<script>&[31m\"' tab"));
        assert_eq!(title.children().count(), 1, "the title must be a single text node");
    }

    #[test]
    fn long_titles_get_a_smaller_font() {
        let font_size = |title: &str| {
            let d = Diagram { title: Some(title.into()), ..Diagram::new(9, 9) };
            let svg = render(&d, &OPTS);
            let doc = roxmltree::Document::parse(&svg).unwrap();
            let node = doc.descendants().find(|n| n.attribute("class") == Some("title")).unwrap();
            attr(node, "font-size")
        };
        // The title may use 272 - 40 = 232 px of a 9x9 board's width.
        assert_eq!(font_size("Black"), 14.0);
        assert_eq!(font_size(&"x".repeat(40)), 9.67); // 40 * 0.6 em = 232 px
        assert_eq!(font_size(&"x".repeat(400)), 8.0);
        // 20 Latin characters fit at 14 px; 19 CJK ones (1 em each: 266 px) do not.
        assert_eq!(font_size("Black Alice White Bo"), 14.0);
        assert_eq!(font_size("黑方甲乙丙丁白方戊己庚辛结果白中盘胜利"), 12.21);
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
