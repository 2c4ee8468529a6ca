//! Colours, board points and the two ways users write them: board notation (`Q16`) and SGF (`pd`).

use std::fmt;

/// The colour of a stone or of the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The first player (or the one with the handicap).
    Black,
    /// The second player.
    White,
}

impl Color {
    /// The other colour.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `B` or `W`, as SGF and most Go software write it.
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    /// `Black` or `White`, for messages.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour arrays.
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The largest board side SGF can express (`a`–`z`, `A`–`Z`).
pub const MAX_SIDE: u8 = 52;

/// A point on the board: `x` is the column from the left, `y` the row from the top (SGF's orientation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column, from 0 at the left.
    pub x: u8,
    /// Row, from 0 at the top.
    pub y: u8,
}

/// Column letters of board notation: the Latin alphabet without `I`, as on printed boards.
const COLUMN_LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

impl Point {
    /// The point at column `x`, row `y`.
    pub fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// SGF coordinate letter for a 0-based index: `a`–`z` then `A`–`Z` (SGF `FF[4]` "Point" type).
    pub fn sgf_letter(index: u8) -> char {
        if index < 26 { (b'a' + index) as char } else { (b'A' + index - 26) as char }
    }

    /// Inverse of [`Point::sgf_letter`]; `None` for anything else.
    pub fn sgf_index(letter: u8) -> Option<u8> {
        match letter {
            b'a'..=b'z' => Some(letter - b'a'),
            b'A'..=b'Z' => Some(letter - b'A' + 26),
            _ => None,
        }
    }

    /// The point as SGF writes it, e.g. `pd`.
    pub fn to_sgf(self) -> String {
        let mut s = String::with_capacity(2);
        s.push(Self::sgf_letter(self.x));
        s.push(Self::sgf_letter(self.y));
        s
    }

    /// Board notation for a board `height` rows tall, e.g. `Q16` on 19×19: letters skip `I`, row 1 is at the bottom.
    /// Columns past `Z` continue as `AA`, `AB`, … over the same 25 letters (boards wider than 25).
    pub fn to_board_notation(self, height: u8) -> String {
        let mut text = String::with_capacity(4);
        self.write_board_notation(height, &mut text);
        text
    }

    /// [`Point::to_board_notation`] appended to `text` (a message naming several points makes no string per point).
    pub fn write_board_notation(self, height: u8, text: &mut String) {
        use std::fmt::Write;
        push_column_name(self.x, text);
        let row = u32::from(height) - u32::from(self.y);
        write!(text, "{row}").expect("writing to a String");
    }

    /// Reads board notation (`Q16`, case-insensitive) for a board of the given size.
    pub fn from_board_notation(text: &str, width: u8, height: u8) -> Option<Point> {
        let text = text.trim();
        let split = text.find(|c: char| c.is_ascii_digit())?;
        let (letters, digits) = text.split_at(split);
        if letters.is_empty() || letters.len() > 2 {
            return None;
        }
        let mut x: u32 = 0;
        for (i, c) in letters.bytes().enumerate() {
            let pos = COLUMN_LETTERS.iter().position(|&l| l == c.to_ascii_uppercase())? as u32;
            x = if i == 0 { pos } else { (x + 1) * 25 + pos };
        }
        let row: u32 = digits.parse().ok()?;
        if x >= u32::from(width) || row == 0 || row > u32::from(height) {
            return None;
        }
        Some(Point::new(x as u8, (u32::from(height) - row) as u8))
    }

    /// Reads an SGF point (`pd`) that lies on a board of the given size. Inlined: point lists (a final
    /// position's `TB`/`TW`) read hundreds of values through it.
    #[inline]
    pub fn from_sgf(text: &str, width: u8, height: u8) -> Option<Point> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let x = Self::sgf_index(bytes[0])?;
        let y = Self::sgf_index(bytes[1])?;
        (x < width && y < height).then_some(Point::new(x, y))
    }
}

/// The column name in board notation: `A`…`Z` without `I`, then `AA`, `AB`, ….
pub fn column_name(x: u8) -> String {
    let mut name = String::with_capacity(2);
    push_column_name(x, &mut name);
    name
}

/// [`column_name`] appended to `text`.
fn push_column_name(x: u8, text: &mut String) {
    let x = usize::from(x);
    let letters = COLUMN_LETTERS.len();
    if x >= letters {
        text.push(char::from(COLUMN_LETTERS[x / letters - 1]));
    }
    text.push(char::from(COLUMN_LETTERS[x % letters]));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_notation_skips_i_and_counts_rows_from_the_bottom() {
        // pd on 19x19 is the upper-right star point, Q16.
        assert_eq!(Point::new(15, 3).to_board_notation(19), "Q16");
        assert_eq!(Point::new(0, 18).to_board_notation(19), "A1");
        assert_eq!(Point::new(8, 0).to_board_notation(19), "J19");
        assert_eq!(Point::new(18, 0).to_board_notation(19), "T19");
    }

    #[test]
    fn board_notation_round_trips_on_wide_boards() {
        for x in 0..52u8 {
            let p = Point::new(x, 7);
            let name = p.to_board_notation(52);
            assert_eq!(Point::from_board_notation(&name, 52, 52), Some(p), "{name}");
            assert_eq!(name, format!("{}45", column_name(x)));
        }
        assert_eq!(column_name(25), "AA");
        assert_eq!(column_name(49), "AZ");
        assert_eq!(column_name(51), "BB");
    }

    #[test]
    fn sgf_points_use_lower_then_upper_case() {
        assert_eq!(Point::new(15, 3).to_sgf(), "pd");
        assert_eq!(Point::new(26, 51).to_sgf(), "AZ");
        assert_eq!(Point::from_sgf("pd", 19, 19), Some(Point::new(15, 3)));
        assert_eq!(Point::from_sgf("tt", 19, 19), None);
        assert_eq!(Point::from_sgf("tt", 21, 21), Some(Point::new(19, 19)));
    }

    #[test]
    fn board_notation_rejects_i_and_off_board() {
        assert_eq!(Point::from_board_notation("I5", 19, 19), None);
        assert_eq!(Point::from_board_notation("U5", 19, 19), None);
        assert_eq!(Point::from_board_notation("A20", 19, 19), None);
        assert_eq!(Point::from_board_notation("A0", 19, 19), None);
        assert_eq!(Point::from_board_notation("q16", 19, 19), Some(Point::new(15, 3)));
    }
}
