//! The meaning of property values: moves, point lists, board size, komi, handicap, player to move and text.
//! Works on the raw value spans the scanner found; reports what is malformed instead of dropping it.

use crate::record::{Komi, MoveValue};
use gotool_go::{Color, HandicapBonus, KoRule, MAX_SIDE, Point, PointRect, Preset, Rules, RulesName, Scoring};
use gotool_model::{GameResult, WinBy};

/// Reads a move value. `B[]` is a pass; `B[tt]` is a pass only on boards up to 19×19, where `t` is off
/// the board (SGF `FF[4]` spec, "Go: Move"; sgfmill and KataGo do the same). On larger boards `tt` is a point.
/// Whitespace around the letters (old files break lines inside values) is ignored: it cannot change the point.
pub fn parse_move(value: &str, width: u8, height: u8) -> MoveValue {
    let bytes = value.as_bytes();
    parse_move_bytes(if bytes.len() == 2 { bytes } else { value.trim().as_bytes() }, width, height)
}

/// The index of each byte as an SGF coordinate letter (`a`–`z` 0–25, `A`–`Z` 26–51), [`NOT_A_LETTER`] for any
/// other byte: one load per letter where a move is read, the hottest value reading there is.
const COORDINATE: [u8; 256] = {
    let mut table = [NOT_A_LETTER; 256];
    let mut i = 0;
    while i < 26 {
        table[b'a' as usize + i] = i as u8;
        table[b'A' as usize + i] = 26 + i as u8;
        i += 1;
    }
    table
};
const NOT_A_LETTER: u8 = 0xFF;

/// [`parse_move`] of a value already trimmed, as bytes.
pub(crate) fn parse_move_bytes(bytes: &[u8], width: u8, height: u8) -> MoveValue {
    let [a, b] = *bytes else {
        return if bytes.is_empty() { MoveValue::Pass } else { MoveValue::Garbled };
    };
    let (x, y) = (COORDINATE[usize::from(a)], COORDINATE[usize::from(b)]);
    if x == NOT_A_LETTER || y == NOT_A_LETTER {
        return MoveValue::Garbled;
    }
    if x == 19 && y == 19 && width <= 19 && height <= 19 {
        return MoveValue::Pass;
    }
    let point = Point::new(x, y);
    if x < width && y < height { MoveValue::Play(point) } else { MoveValue::OffBoard(point) }
}

/// Why a point-list value could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PointListError {
    /// Not a point at all.
    Garbled(String),
    /// Letters outside the board.
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

/// Reads one value of a point list: `xy`, or a compressed rectangle `xy:xy` (SGF `FF[4]` "compressed point
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

/// Board size from `SZ[n]` or `SZ[w:h]`; each side 1..=52 (the SGF `FF[4]` limit).
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

/// `PL`: `B`/`W` (`FF[4]`); some programs write `1`/`2` or lower case.
pub fn parse_color(value: &str) -> Option<Color> {
    match value.trim() {
        "B" | "b" | "1" | "black" | "Black" => Some(Color::Black),
        "W" | "w" | "2" | "white" | "White" => Some(Color::White),
        _ => None,
    }
}

/// A SimpleText value (names, `RE`, `RU`) as the SGF `FF[4]` spec says to read it ("SimpleText" and "Text"): escapes
/// removed, soft line breaks (an escaped line break) dropped, every other line break and white space one space,
/// and the ends trimmed.
pub fn simple_text(raw: &str) -> String {
    // Most values (names, results, rules) hold no escape and no line break: nothing to unfold.
    if !raw.chars().any(|c| c == '\\' || (c.is_whitespace() && c != ' ')) {
        return raw.trim().to_string();
    }
    let mut text = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                // A soft line break: `\` before LF, CR, CRLF or LFCR.
                Some(first @ ('\n' | '\r')) => {
                    let pair = if first == '\n' { '\r' } else { '\n' };
                    if chars.peek() == Some(&pair) {
                        chars.next();
                    }
                }
                Some(escaped) => text.push(escaped),
                // A `\` at the very end escapes nothing and stays.
                None => text.push('\\'),
            },
            '\n' | '\r' => text.push(c),
            c if c.is_whitespace() => text.push(' '),
            c => text.push(c),
        }
    }
    // Hard line breaks: a CRLF or LFCR pair is one space (pairs read left to right, CRLF first), a lone CR or
    // LF one space.
    let text = text.replace("\r\n", " ").replace("\n\r", " ").replace(['\n', '\r'], " ");
    text.trim().to_string()
}

/// Reads an `RE` value. Never fails: what it does not recognise becomes [`GameResult::Other`].
pub fn parse_result(text: &str) -> GameResult {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    match lower.as_str() {
        "" | "?" => return GameResult::Unknown,
        "0" | "draw" | "jigo" => return GameResult::Draw,
        "void" => return GameResult::Void,
        _ => {}
    }
    let other = || GameResult::Other { text: t.to_string() };
    let Some((who, how)) = lower.split_once('+') else { return other() };
    let winner = match who.trim() {
        "b" | "black" => Color::Black,
        "w" | "white" => Color::White,
        _ => return other(),
    };
    let how = how.trim();
    let by = match how {
        "" => WinBy::Unspecified,
        "r" | "res" | "resign" | "resigned" | "resignation" => WinBy::Resignation,
        "t" | "time" | "timeout" => WinBy::Time,
        "f" | "forfeit" => WinBy::Forfeit,
        _ => match parse_points(how) {
            // `B+0` / `W+0.0` names a winner, so it is not a draw written oddly; and no count makes a winner by
            // zero points, so the number is not a margin. Records that write it (YuanYu and Fox exports in the
            // corpus: 144 games, from 24 to 200 moves, most with komi 7.5, where no count can tie) ended by
            // resignation or time and put 0 where the margin would go. So it is a win whose margin the record
            // does not give, like `B+`: counted as a win for that colour, never as a margin or checked against
            // a count.
            Some(0.0) => WinBy::Unspecified,
            Some(points) => WinBy::Points(points),
            // A reason after the `+` that is a single word (`Illegal`) is a win for another reason; anything
            // longer is free text.
            None if how.bytes().all(|b| b.is_ascii_alphabetic()) => {
                WinBy::Other(t.split_once('+').map_or(how, |(_, r)| r.trim()).to_string())
            }
            None => return other(),
        },
    };
    GameResult::Win { winner, by }
}

/// A non-negative decimal number as results write it (`3.5`, `12.50`, `0`); no signs, exponents or `inf`.
fn parse_points(s: &str) -> Option<f64> {
    let digits = s.bytes().filter(u8::is_ascii_digit).count();
    let dots = s.bytes().filter(|&b| b == b'.').count();
    if digits == 0 || dots > 1 || digits + dots != s.len() {
        return None;
    }
    s.parse().ok()
}

/// The year of a `DT` value: its first number of exactly four digits. `FF[4]` writes `YYYY-MM-DD` (`1998-05-12`,
/// `1998-05`, `1998`, and lists such as `1998-05-12,13`), and real records also write `1998.05.12 14:30`,
/// `1998/05/12`, `12.05.1998` or `Sept 14/15, 1998`; `None` for a value with no such number (`97-05-12`, free
/// text) or the year 0.
pub fn parse_year(dt: &str) -> Option<u16> {
    dt.split(|c: char| !c.is_ascii_digit())
        .find(|run| run.len() == 4)
        .and_then(|run| run.parse().ok())
        .filter(|&year| year > 0)
}

/// How a record's `RU` was understood.
#[derive(Clone, Debug, PartialEq)]
pub struct RulesFromRecord {
    /// The ruleset gotool checks them as.
    pub rules: Rules,
    /// False when `RU` was missing or unknown and the Japanese default was taken.
    pub recognised: bool,
    /// Set when the mapping is an approximation worth telling the user about (e.g. Ing → nz).
    pub note: Option<String>,
}

/// Reads `RU`: maps the text onto a ruleset, as rules.md section 2 describes. `None` means no `RU`.
pub fn parse_rules(ru: Option<&str>) -> RulesFromRecord {
    let Some(text) = ru.map(str::trim).filter(|t| !t.is_empty()) else {
        return RulesFromRecord { rules: Preset::Japanese.rules(), recognised: false, note: None };
    };
    if let Some(rules) = parse_katago_rules(text) {
        return RulesFromRecord { rules, recognised: true, note: None };
    }
    let lower = text.to_ascii_lowercase();
    let squeezed: String = lower.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
    let preset = match squeezed.as_str() {
        "japanese" | "jp" | "japan" | "nihonkiin" | "japanese1989" => Some(Preset::Japanese),
        "korean" | "ko" | "kr" | "korea" => Some(Preset::Korean),
        "chinese" | "cn" | "china" | "chinese2002" => Some(Preset::Chinese),
        "aga" | "american" | "bga" | "french" => Some(Preset::Aga),
        "nz" | "newzealand" => Some(Preset::Nz),
        "tt" | "tromptaylor" | "tromp" => Some(Preset::TrompTaylor),
        _ => None,
    };
    if let Some(p) = preset {
        return RulesFromRecord { rules: p.rules(), recognised: true, note: None };
    }
    if matches!(squeezed.as_str(), "goe" | "ing" | "ingrules" | "ing1996") {
        // Ing rules count area and allow multi-stone suicide; their ko rules are nearest to situational superko.
        return RulesFromRecord {
            rules: Preset::Nz.rules(),
            recognised: true,
            note: Some(format!("RU[{text}] (Ing/GOE) is checked as nz: area counting, suicide allowed")),
        };
    }
    RulesFromRecord { rules: Preset::Japanese.rules(), recognised: false, note: None }
}

/// Reads KataGo's compact rules strings, e.g. `koPOSITIONALscoreAREAtaxNONEsui1`
/// (KataGo `Rules::parseRules`): `ko`, `score`, `tax`, `sui`, optional `button`, `whb`, `fpok`.
fn parse_katago_rules(text: &str) -> Option<Rules> {
    let rest = text.strip_prefix("ko")?;
    let (ko, rest) = if let Some(r) = rest.strip_prefix("SIMPLE") {
        (KoRule::Simple, r)
    } else if let Some(r) = rest.strip_prefix("POSITIONAL") {
        (KoRule::Positional, r)
    } else if let Some(r) = rest.strip_prefix("SITUATIONAL") {
        (KoRule::Situational, r)
    } else {
        return None;
    };
    let rest = rest.strip_prefix("score")?;
    let (scoring, rest) = if let Some(r) = rest.strip_prefix("AREA") {
        (Scoring::Area, r)
    } else if let Some(r) = rest.strip_prefix("TERRITORY") {
        (Scoring::Territory, r)
    } else {
        return None;
    };
    let multi_stone_suicide = rest.contains("sui1");
    let handicap_bonus = if rest.contains("whbN-1") {
        HandicapBonus::NMinusOne
    } else if rest.contains("whbN") {
        HandicapBonus::N
    } else {
        HandicapBonus::None
    };
    Some(Rules {
        name: RulesName::KataGo,
        ko,
        scoring,
        multi_stone_suicide,
        handicap_bonus,
        remove_dead_stones: true,
        default_komi: 7.5,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use gotool_go::PointSet;

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
    fn years_from_dates_as_records_write_them() {
        for (dt, year) in [
            ("2016-08-07", Some(2016)),
            ("1998-05-12,13", Some(1998)),
            ("2001-", Some(2001)),
            ("2018.01.25 14:30", Some(2018)),
            ("2019-03-04T10:11:12.123456789+08:00", Some(2019)),
            ("12.05.1998", Some(1998)),
            ("Sept 14/15, 1998", Some(1998)),
            ("1626", Some(1626)),
            ("97-05-12", None),
            ("20160807", None),
            ("0000-01-01", None),
            ("a sunny afternoon last summer", None),
            ("", None),
        ] {
            assert_eq!(parse_year(dt), year, "{dt}");
        }
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

    proptest::proptest! {
        /// sgf-parse implements the spec's text rules; it is the oracle here (a test dependency only).
        #[test]
        fn text_reads_as_sgf_parse_reads_it(raw in "[ab \\\\\\]\t\r\n\u{3000}]{0,12}") {
            let oracle = sgf_parse::SimpleText { text: raw.clone() }.to_string().trim().to_string();
            proptest::prop_assert_eq!(simple_text(&raw), oracle);
        }
    }

    #[test]
    fn text_reads_as_sgf_parse_reads_it_for_every_short_text() {
        // Every text of up to 6 characters over the characters the rules treat apart: line breaks in every order
        // (`\n\r\n\r` is where reading pairs in the wrong order shows), escapes, other white space.
        let alphabet = ['a', ' ', '\\', '\r', '\n', '\t'];
        let mut texts = vec![String::new()];
        for _ in 0..6 {
            let longer: Vec<String> =
                texts.iter().flat_map(|t| alphabet.iter().map(move |&c| format!("{t}{c}"))).collect();
            for raw in &longer {
                let oracle = sgf_parse::SimpleText { text: raw.clone() }.to_string().trim().to_string();
                assert_eq!(simple_text(raw), oracle, "{raw:?}");
            }
            texts = longer;
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

    fn win(winner: Color, by: WinBy) -> GameResult {
        GameResult::Win { winner, by }
    }

    #[test]
    fn numeric_results_in_any_case() {
        assert_eq!(parse_result("B+3.5"), win(Color::Black, WinBy::Points(3.5)));
        assert_eq!(parse_result("W+0.5"), win(Color::White, WinBy::Points(0.5)));
        assert_eq!(parse_result("w+12.50"), win(Color::White, WinBy::Points(12.5)));
        assert_eq!(parse_result(" b+7 "), win(Color::Black, WinBy::Points(7.0)));
    }

    #[test]
    fn resignation_time_forfeit_and_bare_wins() {
        for (text, winner, by) in [
            ("B+R", Color::Black, WinBy::Resignation),
            ("W+Resign", Color::White, WinBy::Resignation),
            ("w+resign", Color::White, WinBy::Resignation),
            ("B+T", Color::Black, WinBy::Time),
            ("W+Time", Color::White, WinBy::Time),
            ("B+F", Color::Black, WinBy::Forfeit),
            ("W+Forfeit", Color::White, WinBy::Forfeit),
            ("B+", Color::Black, WinBy::Unspecified),
            ("B+0.0", Color::Black, WinBy::Unspecified),
            ("W+0", Color::White, WinBy::Unspecified),
            ("B+Illegal", Color::Black, WinBy::Other("Illegal".into())),
        ] {
            assert_eq!(parse_result(text), win(winner, by), "{text}");
            assert_eq!(parse_result(text).checkable_margin(), None, "{text}");
        }
    }

    #[test]
    fn draws_void_unknown_and_free_text() {
        for text in ["0", "Draw", "draw", "Jigo", "JIGO"] {
            assert_eq!(parse_result(text), GameResult::Draw, "{text}");
            assert_eq!(parse_result(text).checkable_margin(), Some(0.0));
        }
        assert_eq!(parse_result("Void"), GameResult::Void);
        assert_eq!(parse_result("?"), GameResult::Unknown);
        assert_eq!(parse_result(""), GameResult::Unknown);
        for text in ["Black resigns. W 133.5 B 81.0", "B+1.5 ? W+timeout", "has adjourned.", "B+-3", "B+1e3"] {
            assert!(matches!(parse_result(text), GameResult::Other { .. }), "{text}");
            assert_eq!(parse_result(text).checkable_margin(), None, "{text}");
        }
    }

    #[test]
    fn checkable_margins_are_black_minus_white() {
        assert_eq!(parse_result("W+3.5").checkable_margin(), Some(-3.5));
        assert_eq!(parse_result("B+3.5").checkable_margin(), Some(3.5));
    }

    #[test]
    fn results_normalise() {
        assert_eq!(parse_result("w+resign").to_string(), "W+R");
        assert_eq!(parse_result("Jigo").to_string(), "0");
    }

    #[test]
    fn ru_values_seen_in_the_wild_map_to_presets() {
        for (ru, preset) in [
            ("Japanese", Preset::Japanese),
            ("Chinese", Preset::Chinese),
            ("AGA", Preset::Aga),
            ("NZ", Preset::Nz),
            ("New Zealand", Preset::Nz),
            ("Korean", Preset::Korean),
            ("Tromp-Taylor", Preset::TrompTaylor),
            ("TT", Preset::TrompTaylor),
        ] {
            let r = parse_rules(Some(ru));
            assert!(r.recognised, "{ru}");
            assert_eq!(r.rules.name.preset(), Some(preset), "{ru}");
        }
    }

    #[test]
    fn missing_or_unknown_ru_means_japanese_unrecognised() {
        let r = parse_rules(None);
        assert_eq!(r.rules.name.preset(), Some(Preset::Japanese));
        assert!(!r.recognised);
        let r = parse_rules(Some("house rules, no komi"));
        assert_eq!(r.rules.name.preset(), Some(Preset::Japanese));
        assert!(!r.recognised);
    }

    #[test]
    fn katago_strings_give_their_ko_scoring_and_suicide() {
        let r = parse_rules(Some("koSITUATIONALscoreTERRITORYtaxSEKIsui1")).rules;
        assert_eq!((r.ko, r.scoring, r.multi_stone_suicide), (KoRule::Situational, Scoring::Territory, true));
        let r = parse_rules(Some("koPOSITIONALscoreAREAtaxNONEsui0whbN")).rules;
        assert_eq!((r.ko, r.scoring, r.multi_stone_suicide), (KoRule::Positional, Scoring::Area, false));
        assert_eq!(r.handicap_bonus, HandicapBonus::N);
    }
}
