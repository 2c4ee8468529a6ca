//! The meaning of property values: moves, point lists, board size, komi, handicap, player to move and text.
//! Works on the raw value spans the scanner found; reports what is malformed instead of dropping it
//! (sgf-parse turns `B[e1]` into an `Invalid` property that `get_move()` silently skips).

use sgf_parse::SimpleText;

use crate::go::{Color, MAX_SIDE, Point, PointRect};

/// A move value on a board of the given size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveValue {
    Pass,
    Play(Point),
    /// Two SGF letters outside the board.
    OffBoard(Point),
    /// Not a point at all (`e1`, `abc`, `a`).
    Garbled,
}

/// Reads a move value. `B[]` is a pass; `B[tt]` is a pass only on boards up to 19×19, where `t` is off
/// the board (SGF FF[4] spec, "Go: Move"; sgfmill and KataGo do the same). On larger boards `tt` is a point.
/// Whitespace around the letters (old files break lines inside values) is ignored: it cannot change the point.
pub fn parse_move(value: &str, width: u8, height: u8) -> MoveValue {
    let bytes = value.as_bytes();
    let bytes = if bytes.len() == 2 { bytes } else { value.trim().as_bytes() };
    if bytes.is_empty() {
        return MoveValue::Pass;
    }
    if bytes.len() != 2 {
        return MoveValue::Garbled;
    }
    let (Some(x), Some(y)) = (Point::sgf_index(bytes[0]), Point::sgf_index(bytes[1])) else {
        return MoveValue::Garbled;
    };
    if x == 19 && y == 19 && width <= 19 && height <= 19 {
        return MoveValue::Pass;
    }
    let point = Point::new(x, y);
    if x < width && y < height { MoveValue::Play(point) } else { MoveValue::OffBoard(point) }
}

/// Why a point-list value could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PointListError {
    Garbled(String),
    OffBoard(String),
}

impl PointListError {
    /// The diagnostic code (`bad-coordinate`, `off-board`) and what is wrong, on a `width`×`height` board.
    pub fn describe(&self, width: u8, height: u8) -> (&'static str, String) {
        match self {
            PointListError::Garbled(v) => ("bad-coordinate", format!("{v:?} is not a point")),
            PointListError::OffBoard(v) => ("off-board", format!("{v} is off the {width}x{height} board")),
        }
    }
}

/// Reads one value of a point list: `xy`, or a compressed rectangle `xy:xy` (SGF FF[4] "compressed point
/// lists"). Rectangles given by the other two corners are accepted too. `None` for an empty value.
pub fn parse_point_rect(value: &str, width: u8, height: u8) -> Result<Option<PointRect>, PointListError> {
    // Nearly every value is one point of two letters: read it without trimming or splitting.
    if let Some(Point { x, y }) = Point::from_sgf(value, width, height) {
        return Ok(Some(PointRect { x1: x, y1: y, x2: x, y2: y }));
    }
    let value = value.trim();
    if value.is_empty() {
        return Ok(None);
    }
    let corner = |text: &str| -> Result<(u8, u8), PointListError> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return Err(PointListError::Garbled(value.to_string()));
        }
        match (Point::sgf_index(b[0]), Point::sgf_index(b[1])) {
            (Some(x), Some(y)) if x < width && y < height => Ok((x, y)),
            (Some(_), Some(_)) => Err(PointListError::OffBoard(value.to_string())),
            _ => Err(PointListError::Garbled(value.to_string())),
        }
    };
    let ((xa, ya), (xb, yb)) = match value.split_once(':') {
        None => {
            let p = corner(value)?;
            (p, p)
        }
        Some((a, b)) => (corner(a)?, corner(b)?),
    };
    Ok(Some(PointRect { x1: xa.min(xb), y1: ya.min(yb), x2: xa.max(xb), y2: ya.max(yb) }))
}

/// Board size from `SZ[n]` or `SZ[w:h]`; each side 1..=52 (the SGF FF[4] limit).
pub fn parse_size(value: &str) -> Result<(u8, u8), String> {
    let side = |text: &str| -> Result<u8, String> {
        let text = text.trim();
        match text.parse::<u32>() {
            Ok(n) if (1..=u32::from(MAX_SIDE)).contains(&n) => Ok(n as u8),
            Ok(n) => Err(format!("SZ[{value}]: a side of {n} is outside 1..=52")),
            Err(_) => Err(format!("SZ[{value}] is not a board size (expected a number 1..=52 or w:h)")),
        }
    };
    match value.split_once(':') {
        None => side(value).map(|n| (n, n)),
        Some((w, h)) => Ok((side(w)?, side(h)?)),
    }
}

/// Komi after normalising the dialects real records use (rules.md section 3).
#[derive(Clone, Debug, PartialEq)]
pub struct Komi {
    pub value: f64,
    /// How the written value was changed, for a `normalised-komi` note.
    pub normalised_from: Option<String>,
    /// The value was in Chinese zi (half-points) and was doubled.
    pub in_zi: bool,
}

/// Reads `KM`. `fox` says the record comes from the Fox server (`AP[foxwq]`), which writes komi ×100.
/// Quarter-point values are Chinese zi (half-points): `KM[2.75]` (GoGoD) and Fox's `KM[375]` mean 5.5 and 7.5.
pub fn parse_komi(value: &str, fox: bool) -> Result<Komi, String> {
    let trimmed = value.trim();
    let mut normalised = false;
    let text = if trimmed.contains(',') && !trimmed.contains('.') {
        normalised = true;
        trimmed.replace(',', ".")
    } else {
        trimmed.to_string()
    };
    let is_plain_number = !text.is_empty()
        && text
            .bytes()
            .enumerate()
            .all(|(i, b)| b.is_ascii_digit() || b == b'.' || (i == 0 && (b == b'-' || b == b'+')));
    let parsed: f64 = match text.parse() {
        Ok(v) if is_plain_number => v,
        _ => return Err(format!("KM[{value}] is not a number; komi 0 is used")),
    };
    if !parsed.is_finite() || parsed.abs() > 10_000.0 {
        return Err(format!("KM[{value}] is not a usable komi; komi 0 is used"));
    }
    let mut komi = parsed;
    if (fox && komi.abs() >= 10.0 && komi.fract() == 0.0) || (komi.abs() >= 100.0 && komi.fract() == 0.0) {
        komi /= 100.0;
        normalised = true;
    }
    let quarter = (komi.abs() * 4.0).fract() == 0.0 && ((komi.abs() * 4.0) as i64) % 2 == 1;
    if quarter {
        komi *= 2.0;
        normalised = true;
    }
    Ok(Komi { value: komi, normalised_from: normalised.then(|| trimmed.to_string()), in_zi: quarter })
}

/// `HA`: a count of handicap stones; 0 and 1 mean an even game.
pub fn parse_handicap(value: &str) -> Result<u32, String> {
    match value.trim().parse::<u32>() {
        Ok(n) if n <= 52 * 52 => Ok(n),
        _ => Err(format!("HA[{value}] is not a number of stones")),
    }
}

/// `PL`: `B`/`W` (FF[4]); some programs write `1`/`2` or lower case.
pub fn parse_color(value: &str) -> Option<Color> {
    match value.trim() {
        "B" | "b" | "1" | "black" | "Black" => Some(Color::Black),
        "W" | "w" | "2" | "white" | "White" => Some(Color::White),
        _ => None,
    }
}

/// A SimpleText value (names, `RE`, `RU`) unescaped, soft line breaks removed, whitespace folded, as the
/// SGF spec says — sgf-parse does this well.
pub fn simple_text(raw: &str) -> String {
    // Most values (names, results, rules) hold no escape and no line break: nothing to unfold.
    if !raw.chars().any(|c| c == '\\' || (c.is_whitespace() && c != ' ')) {
        return raw.trim().to_string();
    }
    SimpleText { text: raw.to_string() }.to_string().trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::PointSet;

    #[test]
    fn moves_passes_and_tt() {
        assert_eq!(parse_move("pd", 19, 19), MoveValue::Play(Point::new(15, 3)));
        assert_eq!(parse_move("", 19, 19), MoveValue::Pass);
        assert_eq!(parse_move("tt", 19, 19), MoveValue::Pass);
        assert_eq!(parse_move("tt", 9, 9), MoveValue::Pass);
        assert_eq!(parse_move("tt", 19, 13), MoveValue::Pass);
        assert_eq!(parse_move("tt", 21, 21), MoveValue::Play(Point::new(19, 19)));
        assert_eq!(parse_move("tt", 20, 20), MoveValue::Play(Point::new(19, 19)));
        assert_eq!(parse_move("jj", 9, 9), MoveValue::OffBoard(Point::new(9, 9)));
        assert_eq!(parse_move("e1", 19, 19), MoveValue::Garbled);
        assert_eq!(parse_move("abc", 19, 19), MoveValue::Garbled);
        assert_eq!(parse_move("a", 19, 19), MoveValue::Garbled);
        assert_eq!(parse_move("oq\r\n", 19, 19), MoveValue::Play(Point::new(14, 16)));
        assert_eq!(parse_move("PD", 19, 19), MoveValue::OffBoard(Point::new(41, 29)));
        assert_eq!(parse_move("PD", 52, 52), MoveValue::Play(Point::new(41, 29)));
    }

    /// Reads a list of points (see `parse_point_rect`) and appends each point of it to `out`, row by row.
    fn parse_point_value(value: &str, width: u8, height: u8, out: &mut Vec<Point>) -> Result<(), PointListError> {
        if let Some(r) = parse_point_rect(value, width, height)? {
            for y in r.y1..=r.y2 {
                out.extend((r.x1..=r.x2).map(|x| Point::new(x, y)));
            }
        }
        Ok(())
    }

    #[test]
    fn compressed_lists_in_either_corner_order() {
        let mut a = Vec::new();
        parse_point_value("aa:bc", 19, 19, &mut a).unwrap();
        let mut b = Vec::new();
        parse_point_value("bc:aa", 19, 19, &mut b).unwrap();
        let mut c = Vec::new();
        parse_point_value("ac:ba", 19, 19, &mut c).unwrap();
        assert_eq!(a.len(), 6);
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert!(matches!(parse_point_value("aa:zz", 19, 19, &mut a), Err(PointListError::OffBoard(_))));
        assert!(matches!(parse_point_value("a1", 19, 19, &mut a), Err(PointListError::Garbled(_))));
    }

    #[test]
    fn point_sets_store_each_point_once() {
        let mut set = PointSet::empty(52, 52);
        for _ in 0..1000 {
            set.insert_rect(parse_point_rect("aa:ZZ", 52, 52).unwrap().unwrap());
        }
        assert_eq!(set.len(), 52 * 52);
        let mut set = PointSet::empty(19, 19);
        for value in ["bc:aa", "ab", "", "ss"] {
            if let Some(r) = parse_point_rect(value, 19, 19).unwrap() {
                set.insert_rect(r);
            }
        }
        let mut listed = Vec::new();
        for value in ["aa:bc", "ss"] {
            parse_point_value(value, 19, 19, &mut listed).unwrap();
        }
        listed.sort();
        assert_eq!(set.sorted_points(), listed);
        let mut other = PointSet::empty(19, 19);
        other.insert_rect(parse_point_rect("bb:ss", 19, 19).unwrap().unwrap());
        assert_eq!((set & other).sorted_points(), [Point::new(1, 1), Point::new(1, 2), Point::new(18, 18)]);
        assert!((set & PointSet::empty(19, 19)).is_empty());
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("19"), Ok((19, 19)));
        assert_eq!(parse_size("19:13"), Ok((19, 13)));
        assert_eq!(parse_size(" 9 "), Ok((9, 9)));
        for bad in ["0", "53", "-5", "abc", "", "19.5", "256", "12345678901234567890", "19:0"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_size("52"), Ok((52, 52)));
        assert_eq!(parse_size("1"), Ok((1, 1)));
    }

    #[test]
    fn komi_dialects() {
        let k = |v: &str, fox: bool| parse_komi(v, fox).map(|k| k.value);
        assert_eq!(k("6.5", false), Ok(6.5));
        assert_eq!(parse_komi("6.5", false).unwrap().normalised_from, None);
        assert_eq!(k("6,5", false), Ok(6.5));
        assert_eq!(k("375", true), Ok(7.5));
        assert_eq!(k("325", true), Ok(6.5));
        assert_eq!(k("650", true), Ok(6.5));
        assert_eq!(k("50", true), Ok(0.5));
        assert_eq!(k("750", false), Ok(7.5));
        assert_eq!(k("2.75", false), Ok(5.5));
        assert_eq!(k("-9.50", false), Ok(-9.5));
        assert_eq!(k("0", true), Ok(0.0));
        assert_eq!(k("11", false), Ok(11.0));
        for bad in ["abc", "NaN", "inf", "1e400", "", "6.5.5"] {
            assert!(parse_komi(bad, false).is_err(), "{bad}");
        }
    }

    #[test]
    fn text_is_unescaped() {
        assert_eq!(simple_text("W+\\]3.5"), "W+]3.5");
        assert_eq!(simple_text(" Lee\\\nSedol "), "LeeSedol");
        assert_eq!(simple_text("Lee\u{3000}Sedol"), "Lee Sedol");
        assert_eq!(simple_text(" Lee  Sedol "), "Lee  Sedol");
        assert_eq!(simple_text("a\tb"), "a b");
    }
}
