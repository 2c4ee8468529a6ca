//! Tygem's GIB (also Tom and eWeiQi): a header of `\[KEY=VALUE\]` lines between `\HS` and `\HE`, then the game
//! between `\GS` and `\GE`, one `INI` (setup: the handicap count), `STO` (a stone) or `SKI` (a pass) line a node
//! (docs/formats.md, "GIB"). The board is always 19×19; the handicap stones are placed by their count.

use std::borrow::Cow;

use super::{
    Builder, FormatError, GameHeader, InfoParts, Line, Numbering, Read, ResultText, check_damaged, date_from_numbers,
    finding, finding_about, lines, non_empty, parse_result_text, placed_handicap, shown,
};
use crate::Limits;
use crate::record::{GameRecord, Handicap, InfoField, InfoFinding, MoveValue, SetupKind, TextSpan};
use gotool_go::{Color, Point};
use gotool_model::Diagnostic;

/// The board: GIB has no size field, every reader writes 19 (ambiguity 9).
const SIZE: u8 = 19;

/// The charset `GIBOKIND` implies (ambiguity 27): Korea EUC-KR, China GB18030, Japan Shift_JIS, Taiwan Big5
/// (this last one unverified); `Global` files are UTF-8 and imply nothing.
pub(super) fn charset(bytes: &[u8]) -> Option<(&'static str, String)> {
    let at = memchr::memmem::find(bytes, b"GIBOKIND=")? + "GIBOKIND=".len();
    let value: Vec<u8> = bytes[at..].iter().take(16).take_while(|b| b.is_ascii_alphabetic()).copied().collect();
    let value = String::from_utf8(value).ok()?;
    let label = match value.to_ascii_lowercase().as_str() {
        "korea" => "euc-kr",
        "china" => "gb18030",
        "japan" => "shift_jis",
        "taiwan" => "big5",
        _ => return None,
    };
    Some((label, format!("GIBOKIND={value}")))
}

/// A header field: its key, its value (two lines joined by a space when it spans them) and where the value
/// starts.
struct Field<'t> {
    key: &'t str,
    value: Cow<'t, str>,
    offset: usize,
}

/// A sub-field of a comma-separated field (`GAMEINFOMAIN`'s `GRLT:4`, `GAMETAG`'s `C2023:05:07`).
struct Sub<'t> {
    key: &'t str,
    value: &'t str,
    offset: usize,
}

/// What a line of the game section is.
enum GameLine<'t> {
    /// `INI 0 1 H &4text`: the handicap as written, and the text after `&4`.
    Ini { handicap: &'t str, text: &'t str },
    /// `STO 0 n P X Y`: a stone.
    Stone { color: Option<Color>, value: MoveValue, written: TextSpan },
    /// `SKI 0 n`: a pass, whose colour is not written.
    Pass,
    /// Any other command (`IDX`, `REM`, …), ignored.
    Other(&'t str),
}

/// Reads a GIB file's text.
pub(super) fn read<'t>(text: &'t str, limits: &Limits) -> Result<Read<'t>, FormatError> {
    let lines = lines(text);
    let mut findings: Vec<InfoFinding> = Vec::new();
    let mut not_mapped: Vec<String> = Vec::new();
    // Garbage before `\HS` is skipped (aeb-gib).
    let Some(start) = lines.iter().position(|l| l.trimmed().0.starts_with("\\HS")) else {
        return Err(FormatError::syntax("no \\HS line: this is not a GIB record", 0));
    };
    let (fields, header_end) = read_header(&lines, start + 1, &mut findings)?;
    let (gs, game) = read_game(&lines, header_end, &mut findings)?;

    // INI: where the root is, a comment on it (the text after `&4`), and the handicap count.
    let ini = game.iter().find_map(|(offset, l)| match l {
        GameLine::Ini { handicap, text } => Some((*offset, *handicap, *text)),
        _ => None,
    });
    let root_offset = ini.map_or(lines[gs].offset, |(offset, _, _)| offset);
    let mut comments = Vec::new();
    let mut info = InfoParts { size: Some(SIZE), ..InfoParts::default() };
    let mut stones: Vec<Point> = Vec::new();
    if let Some((offset, written, text)) = ini {
        if !text.is_empty() {
            comments.push((0, text.to_string()));
        }
        stones = read_handicap(written, offset, &game, &mut info, &mut findings);
    }

    let mut builder = Builder::new(root_offset, limits);
    play_moves(&game, &stones, &mut builder, &mut findings, &mut not_mapped)?;

    let header = map_header(&fields, &mut info, &mut findings, &mut not_mapped);
    let info = info.finish(super::Format::Gib, header.date.as_deref(), &mut findings);
    let (parts, index) = builder.finish();
    let comments = comments.into_iter().map(|(n, c): (u32, String)| (index[n as usize], c)).collect();
    Ok(Read {
        format: super::Format::Gib,
        record: GameRecord::new(text, info, findings, parts),
        header,
        comments,
        not_mapped,
    })
}

/// The game section: the index of its `\GS` line (the first after the header's end, `header_end`), and its
/// lines by kind with their offsets. Node numbers are checked as they come, since a wrong one is only seen
/// against the one before; a section without `\GE`, or whose announced node count is not its last node's
/// number, gets a warning. No `\GS` at all is a file error: there is no game to read.
fn read_game<'t>(
    lines: &[Line<'t>],
    header_end: usize,
    findings: &mut Vec<InfoFinding>,
) -> Result<(usize, Vec<(usize, GameLine<'t>)>), FormatError> {
    let Some(gs) = (header_end + 1..lines.len()).find(|&i| lines[i].trimmed().0.starts_with("\\GS")) else {
        let end = lines.last().map_or(0, |l| l.end);
        return Err(FormatError::syntax("the GIB header ends, but no game section (\\GS) follows", end));
    };
    let mut game: Vec<(usize, GameLine)> = Vec::new();
    let mut last_node: Option<(u32, usize)> = None;
    let mut announced: Option<(u32, usize)> = None;
    let mut ended = false;
    let mut numbering = Numbering::default();
    let mut expected_node = 1u32;
    for line in &lines[gs + 1..] {
        let (t, offset) = line.trimmed();
        if t.is_empty() {
            continue;
        }
        if t.starts_with("\\GE") {
            ended = true;
            break;
        }
        let words: Vec<&str> = t.split_whitespace().collect();
        // `2 1 0`, then `N 0 &4` where N is the number of the last node.
        if words[0].bytes().all(|b| b.is_ascii_digit()) {
            if words.get(2) == Some(&"&4") {
                announced = words[0].parse().ok().map(|n| (n, offset));
            }
            continue;
        }
        let number = words.get(2).and_then(|n| n.parse::<u32>().ok());
        let kind = match words[0] {
            "INI" => {
                let handicap = words.get(3).copied().unwrap_or("");
                let text = t.find("&4").map_or("", |at| t[at + 2..].trim());
                GameLine::Ini { handicap, text }
            }
            "STO" => stone(line, &words),
            "SKI" => GameLine::Pass,
            other => GameLine::Other(other),
        };
        if matches!(kind, GameLine::Ini { .. } | GameLine::Stone { .. } | GameLine::Pass) {
            // aeb-gib warns when a node's number is not the previous one plus one; INI is node 1.
            if let Some(n) = number {
                numbering.check(n == expected_node, offset, findings, || {
                    format!("{} numbers node {n} where node {expected_node} was expected", words[0])
                });
                last_node = Some((n, offset));
                expected_node = n.saturating_add(1);
            } else {
                expected_node = expected_node.saturating_add(1);
            }
        }
        game.push((offset, kind));
    }
    if !ended {
        let end = lines.last().map_or(0, |l| l.end);
        let message = "the game section does not end with \\GE: the file may be cut short";
        findings.push(finding(Diagnostic::warning("unterminated-game", message).at(end)));
    }
    if let (Some((n, at)), Some((last, _))) = (announced, last_node)
        && n != last
    {
        let message = format!("the game section announces {n} nodes, but its last node is number {last}");
        findings.push(finding(Diagnostic::warning("move-count-mismatch", message).at(at)));
    }
    Ok((gs, game))
}

/// The handicap stones of `INI`'s count, `written` at `offset` (none under 2): GIB gives only the count, so
/// they are placed on the star points, in the layout the game's moves agree with (ambiguity 2). Sets the
/// handicap of `info` when they are placed; a count that is not a number, or that has no placement, places
/// none, with a warning.
fn read_handicap(
    written: &str,
    offset: usize,
    game: &[(usize, GameLine)],
    info: &mut InfoParts,
    findings: &mut Vec<InfoFinding>,
) -> Vec<Point> {
    match written.parse::<u32>() {
        Ok(count) if count >= 2 => {
            let moves: Vec<Option<Point>> = game
                .iter()
                .filter_map(|(_, l)| match l {
                    GameLine::Stone { value: MoveValue::Play(p), .. } => Some(Some(*p)),
                    GameLine::Stone { .. } | GameLine::Pass => Some(None),
                    _ => None,
                })
                .collect();
            match placed_handicap(SIZE, count, &moves, offset, findings) {
                Some(points) => {
                    info.handicap = Some(Handicap { stones: count, written: format!("INI handicap {count}"), offset });
                    return points;
                }
                None => {
                    let message = format!("INI gives {count} handicap stones: no placement on 19x19; none placed");
                    findings.push(finding_about(
                        InfoField::Handicap,
                        Diagnostic::warning("bad-handicap", message).at(offset),
                    ));
                }
            }
        }
        Ok(_) => {}
        Err(_) => {
            let message = format!("INI's handicap {written:?} is not a number; no handicap stones placed");
            findings.push(finding_about(InfoField::Handicap, Diagnostic::warning("bad-handicap", message).at(offset)));
        }
    }
    Vec::new()
}

/// The handicap `stones` on the root, then one node a move of the game section. A pass has no colour: the other
/// colour of the node before (ambiguity 3), White first after handicap stones; a stone of no colour gets that
/// colour too, and is garbled. Commands gotool does not read are listed once each, in a note and in
/// `not_mapped`. Fails past the node limit.
fn play_moves(
    game: &[(usize, GameLine)],
    stones: &[Point],
    builder: &mut Builder,
    findings: &mut Vec<InfoFinding>,
    not_mapped: &mut Vec<String>,
) -> Result<(), FormatError> {
    if !stones.is_empty() {
        builder.setup(SetupKind::Black, stones, None);
    }
    let mut previous = if stones.is_empty() { Color::White } else { Color::Black };
    let mut last = 0;
    let mut ignored: Vec<&str> = Vec::new();
    for (offset, l) in game {
        let (color, value, written) = match l {
            GameLine::Stone { color, value, written } => match color {
                Some(c) => (*c, *value, *written),
                None => (previous.opponent(), MoveValue::Garbled, *written),
            },
            GameLine::Pass => {
                (previous.opponent(), MoveValue::Pass, TextSpan { start: *offset as u32, end: *offset as u32 + 3 })
            }
            GameLine::Other(word) => {
                if !ignored.contains(word) {
                    ignored.push(word);
                }
                continue;
            }
            GameLine::Ini { .. } => continue,
        };
        last = builder.node(last, *offset, false)?;
        builder.play(color, value, written);
        previous = color;
    }
    if !ignored.is_empty() {
        let message = format!("game lines gotool does not read were ignored: {}", ignored.join(", "));
        findings.push(finding(Diagnostic::info("ignored-line", message)));
        not_mapped.extend(ignored.iter().map(|w| format!("{w} lines in the game section")));
    }
    Ok(())
}

/// The header's fields, from line `first` up to `\HE`; returns them and the index of the `\HE` line. A field
/// may continue on the next line (aeb-gib's `GAMETIME` kludge); one never closed before the end of the file is a
/// truncated header, a file error.
fn read_header<'t>(
    lines: &[Line<'t>],
    first: usize,
    findings: &mut Vec<InfoFinding>,
) -> Result<(Vec<Field<'t>>, usize), FormatError> {
    let mut fields: Vec<Field> = Vec::new();
    let mut i = first;
    while i < lines.len() {
        let (t, offset) = lines[i].trimmed();
        i += 1;
        if t.starts_with("\\HE") {
            return Ok((fields, i - 1));
        }
        if t.is_empty() {
            continue;
        }
        let Some(rest) = t.strip_prefix("\\[") else {
            let message = format!("not a GIB header field (\\[KEY=VALUE\\]), ignored: {:?}", shown(t));
            findings.push(finding(Diagnostic::warning("format-line", message).at(offset)));
            continue;
        };
        let Some(equals) = rest.find('=') else {
            let message = format!("a GIB header field without '=', ignored: {:?}", shown(t));
            findings.push(finding(Diagnostic::warning("format-line", message).at(offset)));
            continue;
        };
        let key = &rest[..equals];
        let value_offset = offset + 2 + equals + 1;
        let first_part = &rest[equals + 1..];
        let value = if let Some(v) = first_part.strip_suffix("\\]") {
            Cow::Borrowed(v)
        } else {
            // The value goes on until a line that ends with `\]`, unless a new field or the end of the header
            // comes first.
            let mut joined = first_part.to_string();
            let mut closed = false;
            while i < lines.len() {
                let (next, _) = lines[i].trimmed();
                if next.starts_with("\\[") || next.starts_with("\\HE") {
                    break;
                }
                i += 1;
                joined.push(' ');
                if let Some(v) = next.strip_suffix("\\]") {
                    joined.push_str(v);
                    closed = true;
                    break;
                }
                joined.push_str(next);
            }
            if !closed {
                if i >= lines.len() {
                    let message = format!(
                        "the header field {key} is never closed with \\], and the file ends inside the header (no \\HE)"
                    );
                    return Err(FormatError::syntax(message, offset));
                }
                let message = format!("the header field {key} is not closed with \\]; read up to the line end");
                findings.push(finding(Diagnostic::warning("format-line", message).at(offset)));
            }
            Cow::Owned(joined.trim().to_string())
        };
        fields.push(Field { key, value, offset: value_offset });
    }
    let end = lines.last().map_or(0, |l| l.end);
    Err(FormatError::syntax("the file ends inside the GIB header (no \\HE)", end))
}

/// `STO 0 n P X Y`: P is 1 for Black, 2 for White; X the column from the left, Y the row from the top, both from
/// 0 (ambiguity 1). A coordinate of 19 or more is off the board (ambiguity 9); from 52, where SGF letters end, or
/// not a number, the value is garbled.
fn stone<'t>(line: &Line<'t>, words: &[&'t str]) -> GameLine<'t> {
    let color = match words.get(3) {
        Some(&"1") => Some(Color::Black),
        Some(&"2") => Some(Color::White),
        _ => None,
    };
    // What the message shows: the coordinates as written (or whatever follows the node number).
    let shown: Vec<&str> = words.iter().skip(if color.is_some() { 4 } else { 3 }).copied().collect();
    let written = match (shown.first(), shown.last()) {
        (Some(a), Some(b)) => {
            let (a, b) = (line.span_of(a), line.span_of(b));
            TextSpan { start: a.start, end: b.end }
        }
        _ => line.span_of(words[0]),
    };
    let value =
        match (words.get(4).and_then(|x| x.parse::<u32>().ok()), words.get(5).and_then(|y| y.parse::<u32>().ok())) {
            (Some(x), Some(y)) if words.len() == 6 => {
                if x < u32::from(SIZE) && y < u32::from(SIZE) {
                    MoveValue::Play(Point::new(x as u8, y as u8))
                } else if x < 52 && y < 52 {
                    MoveValue::OffBoard(Point::new(x as u8, y as u8))
                } else {
                    MoveValue::Garbled
                }
            }
            _ => MoveValue::Garbled,
        };
    GameLine::Stone { color, value, written }
}

/// The sub-fields of a comma-separated field: `KEY:VALUE` (`GAMEINFOMAIN`), or a letter and its value
/// (`GAMETAG`'s `C2023:05:07:21:04`, `I:id`), tabs and spaces around them dropped.
fn subfields<'a>(field: &'a Field, tagged: bool) -> Vec<Sub<'a>> {
    let value: &str = &field.value;
    let mut out = Vec::new();
    let mut at = 0;
    for part in value.split(',') {
        let offset = field.offset + at + (part.len() - part.trim_start().len());
        at += part.len() + 1;
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let (key, value) = if tagged {
            let split = part.char_indices().nth(1).map_or(part.len(), |(i, _)| i);
            let (k, v) = part.split_at(split);
            (k, v.strip_prefix(':').unwrap_or(v))
        } else {
            part.split_once(':').unwrap_or((part, ""))
        };
        out.push(Sub { key, value: value.trim(), offset });
    }
    out
}

/// `id (rank)` or `id(rank)`: the name and the rank in the last parentheses (ambiguity 6).
fn split_player(value: &str) -> (Option<String>, Option<String>) {
    let value = value.trim();
    if let Some(inner) = value.strip_suffix(')')
        && let Some(open) = inner.rfind('(')
    {
        return (non_empty(&inner[..open]), non_empty(&inner[open + 1..]));
    }
    (non_empty(value), None)
}

/// The header's fields, and the sub-fields of the three that hold several (`GAMEINFOMAIN`, `GAMETAG`,
/// `GAMEINFOSUB`): most values can be in more than one place, and each is looked for in its order of
/// preference.
struct Header<'a, 't> {
    fields: &'a [Field<'t>],
    main: Vec<Sub<'a>>,
    tag: Vec<Sub<'a>>,
    infosub: Vec<Sub<'a>>,
}

impl<'a, 't> Header<'a, 't> {
    fn new(fields: &'a [Field<'t>]) -> Header<'a, 't> {
        let get = |key: &str| fields.iter().find(|f| f.key == key);
        Header {
            fields,
            main: get("GAMEINFOMAIN").map(|f| subfields(f, false)).unwrap_or_default(),
            tag: get("GAMETAG").map(|f| subfields(f, true)).unwrap_or_default(),
            infosub: get("GAMEINFOSUB").map(|f| subfields(f, false)).unwrap_or_default(),
        }
    }

    /// The first field named `key`.
    fn get(&self, key: &str) -> Option<&'a Field<'t>> {
        self.fields.iter().find(|f| f.key == key)
    }

    /// A field's value, trimmed, and where it starts.
    fn plain(&self, key: &str) -> Option<(String, usize)> {
        self.get(key).map(|f| (f.value.trim().to_string(), f.offset))
    }
}

/// The first sub-field named `key`: its value and where it starts.
fn sub(subs: &[Sub], key: &str) -> Option<(String, usize)> {
    subs.iter().find(|s| s.key == key).map(|s| (s.value.to_string(), s.offset))
}

/// Maps the header onto the game information and the rest of the header; what is read but not mapped goes to
/// `not_mapped`.
fn map_header(
    fields: &[Field],
    info: &mut InfoParts,
    findings: &mut Vec<InfoFinding>,
    not_mapped: &mut Vec<String>,
) -> GameHeader {
    let h = Header::new(fields);
    let mut header = GameHeader::default();
    map_names(&h, info, &mut header, findings);
    map_komi(&h, info, findings);
    map_result(&h, info, findings);
    map_time(&h, &mut header);
    // The date (ambiguity 7): GAMETAG's C, else GDATE, else GAMEDATE.
    header.date = sub(&h.tag, "C")
        .and_then(|(d, _)| date_from_numbers(&d))
        .or_else(|| sub(&h.infosub, "GDATE").and_then(|(d, _)| date_from_numbers(&d)))
        .or_else(|| h.plain("GAMEDATE").and_then(|(d, _)| date_from_numbers(&d)));
    list_not_mapped(&h, info, not_mapped);
    header
}

/// The texts: the game's name, place and comment, and the players' names with their ranks. These are the
/// fields charset damage shows in, so each is checked for it.
fn map_names(h: &Header, info: &mut InfoParts, header: &mut GameHeader, findings: &mut Vec<InfoFinding>) {
    for (key, slot) in [
        ("GAMENAME", &mut header.game_name),
        ("GAMEPLACE", &mut header.place),
        ("GAMECOMMENT", &mut header.game_comment),
    ] {
        if let Some(f) = h.get(key) {
            check_damaged(key, &f.value, f.offset, findings);
            *slot = non_empty(&f.value);
        }
    }
    for (key, color) in [("GAMEBLACKNAME", Color::Black), ("GAMEWHITENAME", Color::White)] {
        let Some(f) = h.get(key) else { continue };
        check_damaged(key, &f.value, f.offset, findings);
        let (name, rank) = split_player(&f.value);
        match color {
            Color::Black => (info.black, header.black_rank) = (name, rank),
            Color::White => (info.white, header.white_rank) = (name, rank),
        }
    }
}

/// Komi ×10 (ambiguity: GAMEINFOMAIN, else GAMEGONGJE, else GAMETAG's G).
fn map_komi(h: &Header, info: &mut InfoParts, findings: &mut Vec<InfoFinding>) {
    let Some((written, offset)) = sub(&h.main, "GONGJE").or_else(|| h.plain("GAMEGONGJE")).or_else(|| sub(&h.tag, "G"))
    else {
        return;
    };
    info.komi_written = true;
    match written.parse::<i32>() {
        Ok(tenths) if tenths.abs() <= 10_000 => info.komi = Some(f64::from(tenths) / 10.0),
        _ => {
            let message = format!("GONGJE {written:?} is not a komi (tenths of a point); komi 0 used");
            findings.push(finding_about(InfoField::Komi, Diagnostic::warning("bad-komi", message).at(offset)));
        }
    }
}

/// The result: GRLT (or GAMETAG's W) with the margin ZIPSU ×10; the text GAMERESULT only when neither is
/// there, and otherwise as a check.
fn map_result(h: &Header, info: &mut InfoParts, findings: &mut Vec<InfoFinding>) {
    let result_text = h.plain("GAMERESULT").filter(|(t, _)| !t.is_empty());
    if let Some((code, offset)) = sub(&h.main, "GRLT").or_else(|| sub(&h.tag, "W")) {
        let zipsu = sub(&h.main, "ZIPSU").or_else(|| h.plain("GAMEZIPSU")).or_else(|| sub(&h.tag, "Z"));
        let margin = zipsu.and_then(|(z, _)| z.parse::<u32>().ok()).filter(|&z| z > 0);
        let re = result_of_code(&code, margin, offset, findings);
        if let (Some(re), Some((text, at))) = (&re, &result_text)
            && let ResultText::Result(said) = parse_result_text(text)
            && said.chars().next() != re.chars().next()
        {
            let message = format!("GAMERESULT {text:?} does not name the winner GRLT:{code} gives (RE[{re}])");
            findings.push(finding(Diagnostic::warning("result-text-mismatch", message).at(*at)));
        }
        info.result = re.map(|re| (re, offset));
    } else if let Some((text, offset)) = &result_text {
        match parse_result_text(text) {
            ResultText::Result(re) => info.result = Some((re, *offset)),
            ResultText::Unfinished => {}
            ResultText::Unknown => {
                let message = format!("GAMERESULT {text:?} is not a result gotool can read; no result");
                findings.push(finding(Diagnostic::warning("unknown-result", message).at(*offset)));
            }
        }
    }
}

/// `RE` of the result code GRLT `code` at `offset`, with the `margin` of a win on count in tenths of a point;
/// `None` for an unfinished game or a code gotool does not know, with a note or a warning.
fn result_of_code(code: &str, margin: Option<u32>, offset: usize, findings: &mut Vec<InfoFinding>) -> Option<String> {
    match code {
        "0" | "1" => {
            let winner = if code == "0" { "B" } else { "W" };
            match margin {
                Some(tenths) => Some(format!("{winner}+{}", f64::from(tenths) / 10.0)),
                None => {
                    // Ambiguity 4: a win on count without its margin.
                    let message = format!("GRLT:{code} is a win on count, but ZIPSU gives no margin: RE[{winner}+]");
                    findings.push(finding(Diagnostic::info("result-without-margin", message).at(offset)));
                    Some(format!("{winner}+"))
                }
            }
        }
        "3" => Some("B+R".to_string()),
        "4" => Some("W+R".to_string()),
        "7" => Some("B+T".to_string()),
        "8" => Some("W+T".to_string()),
        "255" => {
            let message = "GRLT:255: the game was not finished; no result";
            findings.push(finding(Diagnostic::info("unfinished", message).at(offset)));
            None
        }
        _ => {
            let message = format!("GRLT:{code} is not a result code gotool knows; no result");
            findings.push(finding(Diagnostic::warning("unknown-result", message).at(offset)));
            None
        }
    }
}

/// Time: GTIME `main-byoyomi-periods` in seconds, else GAMETAG's T `byoyomi-periods-main`.
fn map_time(h: &Header, header: &mut GameHeader) {
    let numbers = |text: &str| -> Option<Vec<u64>> {
        let parts: Vec<Option<u64>> = text.split('-').map(|n| n.trim().parse().ok()).collect();
        (parts.len() == 3).then_some(())?;
        parts.into_iter().collect()
    };
    let time = sub(&h.main, "GTIME")
        .and_then(|(t, _)| numbers(&t))
        .map(|n| (n[0], n[1], n[2]))
        .or_else(|| sub(&h.tag, "T").and_then(|(t, _)| numbers(&t)).map(|n| (n[2], n[0], n[1])));
    if let Some((main_time, byoyomi, periods)) = time {
        header.main_time = (main_time > 0 || byoyomi > 0).then_some(main_time);
        if byoyomi > 0 && periods > 0 {
            header.overtime = Some(format!("{periods}x{byoyomi} byo-yomi"));
        }
    }
}

/// What is not mapped, for `gotool convert` to say what a conversion loses: fields with something in them
/// that are neither used above nor copies of what is, GAMEINFOMAIN's unknown sub-fields, and DUM.
fn list_not_mapped(h: &Header, info: &InfoParts, not_mapped: &mut Vec<String>) {
    const USED: &[&str] = &[
        "GIBOKIND",
        "GAMENAME",
        "GAMEPLACE",
        "GAMECOMMENT",
        "GAMEBLACKNAME",
        "GAMEWHITENAME",
        "GAMEINFOMAIN",
        // Copies or counts of what is mapped.
        "GAMEZIPSU",
        "GAMEGONGJE",
        "GAMEDUM",
        "GAMETOTALNUM",
        "GAMEINFOSUB",
        "WUSERINFO",
        "BUSERINFO",
        "GAMETAG",
        "GAMERESULT",
        "GAMETIME",
        "GAMEDATE",
    ];
    let names = [info.black.clone(), info.white.clone()];
    for f in h.fields {
        let value = f.value.trim();
        let numeric = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit());
        let skip = USED.contains(&f.key)
            || value.is_empty()
            || value == "0"
            // A numeric level is the rank again (qGo's formula); a nick equal to the id says nothing more.
            || (f.key.ends_with("LEVEL") && numeric)
            || (f.key.ends_with("NICK") && names.iter().any(|n| n.as_deref() == Some(value)));
        if !skip && !not_mapped.iter().any(|m| m.starts_with(&format!("{}=", f.key))) {
            not_mapped.push(format!("{}={}", f.key, shown(value)));
        }
    }
    let dum = sub(&h.main, "DUM").or_else(|| h.plain("GAMEDUM"));
    for s in &h.main {
        let known = matches!(s.key, "GTIME" | "GRLT" | "ZIPSU" | "GONGJE" | "TCNT" | "DUM");
        if !known && !s.value.is_empty() && s.value != "0" {
            not_mapped.push(format!("GAMEINFOMAIN {}:{}", s.key, shown(s.value)));
        }
    }
    // Ambiguity 5: DUM's unit is unknown; said when it is not 0.
    if let Some((d, _)) = dum
        && !d.is_empty()
        && d != "0"
    {
        not_mapped.push(format!("DUM:{d}"));
    }
}
