//! WBaduk / Cyberoro's NGF: twelve header lines read by their place (name, size, players, site, handicap, komi,
//! date, result, move count), then one `PM` line a move (docs/formats.md, "NGF"). Also the `GI` variant, whose
//! header lines carry a `GI` prefix in another order and whose comments follow the moves as `IDB[n] …[EndTxt]`.

use super::{
    Builder, FormatError, GameHeader, InfoParts, Line, Numbering, Read, ResultText, check_damaged, date_from_numbers,
    finding, finding_about, lines, non_empty, parse_result_text, placed_handicap, shown,
};
use crate::Limits;
use crate::record::{GameRecord, Handicap, InfoField, InfoFinding, MoveValue, SetupKind, TextSpan};
use gotool_go::{Color, Point};
use gotool_model::Diagnostic;

/// The lines of a header.
const HEADER_LINES: usize = 12;

/// Whether the start of a file looks like NGF: a board size on line 2 and a `PM` move line.
pub(super) fn looks_like(head: &[u8]) -> bool {
    let text = String::from_utf8_lossy(head);
    let mut lines = text.lines();
    let size_line = lines.nth(1).map(str::trim);
    let size_ok = size_line.and_then(|l| l.parse::<u8>().ok()).is_some_and(|s| (1..=52).contains(&s));
    size_ok && text.lines().any(|l| is_move_line(l.trim()))
}

/// `PMccCXYYX`: `PM`, a two-letter move counter, `B` or `W`, four letters.
fn is_move_line(t: &str) -> bool {
    let b = t.as_bytes();
    b.len() >= 9 && b.starts_with(b"PM") && b[2..9].iter().all(u8::is_ascii_alphabetic)
}

/// Reads an NGF file's text.
pub(super) fn read<'t>(text: &'t str, limits: &Limits) -> Result<Read<'t>, FormatError> {
    let lines = lines(text);
    let mut findings: Vec<InfoFinding> = Vec::new();
    let mut not_mapped = Vec::new();
    let gi = lines.first().is_some_and(|l| l.trimmed().0.starts_with("GI"));
    let first_move = lines.iter().position(|l| is_move_line(l.trimmed().0));
    let h = Header { fields: header_fields(&lines, gi, first_move, &mut findings)?, gi };

    // The moves, on the header's board (19 when its size is unreadable: then none is played).
    let body_start = if gi { h.fields.len() } else { h.fields.len().min(first_move.unwrap_or(lines.len())) };
    let size = h.line(2, 7).0.parse::<u8>().ok().filter(|s| (1..=52).contains(s));
    let Body { moves, comments_at } =
        read_body(&lines, body_start, gi, size.unwrap_or(19), &mut findings, &mut not_mapped);

    let mut info = InfoParts::default();
    let mut header = GameHeader::default();
    let (size_text, size_at) = h.line(2, 7);
    match size {
        Some(s) => info.size = Some(s),
        None => {
            let message = format!("board size {size_text:?} is not a number from 1 to 52; the game cannot be replayed");
            findings.push(finding(Diagnostic::error("bad-size", message).at(size_at)));
        }
    }
    map_names(&h, &mut info, &mut header, &mut findings);
    let (handicap, stones) = read_handicap(&h, &moves, &mut info, &mut findings);
    read_komi(&h, handicap, &mut info, &mut findings);
    if !gi {
        read_result(&h, &mut info, &mut findings, &mut not_mapped);
    }
    check_move_count(&h, &moves, &mut findings);

    let root_offset = lines.first().map_or(0, |l| l.trimmed().1);
    let mut builder = Builder::new(root_offset, limits);
    if info.size.is_some() {
        if !stones.is_empty() {
            builder.setup(SetupKind::Black, &stones, None);
        }
        let mut last = 0;
        for (offset, color, value, written) in &moves {
            last = builder.node(last, *offset, false)?;
            builder.play(*color, *value, *written);
        }
    }
    let moves_made = builder.len();
    let info = info.finish(super::Format::Ngf, header.date.as_deref(), &mut findings);
    let (parts, index) = builder.finish();
    // Comment `n` is on move `n`, node `n` of the main line.
    let comments = comments_at
        .into_iter()
        .filter_map(|(n, text)| if n < moves_made { Some((index[n as usize], text)) } else { None })
        .collect();
    Ok(Read {
        format: super::Format::Ngf,
        record: GameRecord::new(text, info, findings, parts),
        header,
        comments,
        not_mapped,
    })
}

/// The header, as (line, text) by place: NGF's fields have no names, only places, which differ between the two
/// forms.
struct Header<'a, 't> {
    fields: Vec<(Option<&'a Line<'t>>, &'t str)>,
    /// The GI variant.
    gi: bool,
}

impl<'t> Header<'_, 't> {
    /// Header line `n` (from 1, as docs/formats.md numbers them) of the plain form, or the GI form's `gi_n`: its
    /// text and where it starts; empty at 0 when the header has no such line.
    fn line(&self, n: usize, gi_n: usize) -> (&'t str, usize) {
        let i = if self.gi { gi_n } else { n };
        match self.fields.get(i - 1) {
            Some((Some(l), t)) => (*t, l.trimmed().1),
            _ => ("", 0),
        }
    }
}

/// The header's lines: in the GI variant every line before the first move, its `GI` prefix dropped (with a note
/// that names the variant, since its places are read from the one known file); otherwise the first twelve, or
/// as many as come before the moves (a warning). A header cut short with no moves after it is a file error.
fn header_fields<'a, 't>(
    lines: &'a [Line<'t>],
    gi: bool,
    first_move: Option<usize>,
    findings: &mut Vec<InfoFinding>,
) -> Result<Vec<(Option<&'a Line<'t>>, &'t str)>, FormatError> {
    if gi {
        let header: Vec<&Line> = lines.iter().take_while(|l| !is_move_line(l.trimmed().0)).collect();
        let fields = header.iter().map(|l| (Some(*l), l.trimmed().0.strip_prefix("GI").unwrap_or("").trim())).collect();
        let message = "an NGF file of the GI variant: its header lines are read by their place as the one known \
                       file writes them (title, white, black, -, -, date, size, handicap, -, komi, moves)";
        findings.push(finding(Diagnostic::info("ngf-variant", message).at(0)));
        return Ok(fields);
    }
    let count = first_move.unwrap_or(lines.len()).min(HEADER_LINES);
    if count < HEADER_LINES {
        let end = lines[count.saturating_sub(1)].end;
        if first_move.is_none() {
            let message = format!("the NGF header is cut short: {count} of its {HEADER_LINES} lines, and no moves");
            return Err(FormatError::syntax(message, end));
        }
        let message = format!(
            "the NGF header has {count} of its {HEADER_LINES} lines before the moves; they are read by their place"
        );
        findings.push(finding(Diagnostic::warning("short-header", message).at(lines[count].offset)));
    }
    Ok(lines[..count].iter().map(|l| (Some(l), l.trimmed().0)).collect())
}

/// What follows the header: the moves, and the GI variant's comments by move number.
struct Body {
    /// Each move's offset, colour, value and letters as written.
    moves: Vec<(usize, Color, MoveValue, TextSpan)>,
    comments_at: Vec<(u32, String)>,
}

/// Reads the lines from `start`, the first after the header, on a board of `size`: `PM` moves, numbered by
/// their counters (checked); in the GI variant `IDB[n]` comments and stray `GI` lines; anything else is
/// ignored, noted once and listed in `not_mapped` by its line number.
fn read_body(
    lines: &[Line],
    start: usize,
    gi: bool,
    size: u8,
    findings: &mut Vec<InfoFinding>,
    not_mapped: &mut Vec<String>,
) -> Body {
    let mut moves: Vec<(usize, Color, MoveValue, TextSpan)> = Vec::new();
    let mut comments_at: Vec<(u32, String)> = Vec::new();
    let mut ignored = 0usize;
    let mut numbering = Numbering::default();
    let mut i = start;
    while i < lines.len() {
        let l = &lines[i];
        i += 1;
        let (t, offset) = l.trimmed();
        if t.is_empty() {
            continue;
        }
        if is_move_line(t) {
            let number = moves.len() as u32 + 1;
            let (color, value, written, counter) = pm(l, t, size);
            numbering.check(counter == Some(number), offset, findings, || {
                format!(
                    "PM line {:?} is numbered {} where move {number} was expected",
                    &t[2..4],
                    counter.map_or("?".to_string(), |c| c.to_string())
                )
            });
            moves.push((offset, color, value, written));
            continue;
        }
        // The GI variant's comments: `IDB[n] text[EndTxt]`, the text possibly over several lines.
        if gi && let Some(rest) = t.strip_prefix("IDB[") {
            let Some((n, text)) = rest.split_once(']') else { continue };
            let mut text = text.trim_start().to_string();
            while !text.contains("[EndTxt]") && i < lines.len() {
                text.push('\n');
                text.push_str(lines[i].text);
                i += 1;
            }
            let text = text.split("[EndTxt]").next().unwrap_or("").trim().to_string();
            match n.trim().parse::<u32>() {
                Ok(n) if !text.is_empty() => comments_at.push((n, text)),
                _ => not_mapped.push(format!("IDB[{n}] comment")),
            }
            continue;
        }
        if gi && t.starts_with("GI") {
            not_mapped.push(format!("line {} = {}", i, shown(t)));
            continue;
        }
        ignored += 1;
        if ignored == 1 {
            let message = format!("not an NGF move line, ignored: {:?}", shown(t));
            findings.push(finding(Diagnostic::info("ignored-line", message).at(offset)));
        }
        not_mapped.push(format!("line {i} = {}", shown(t)));
    }
    Body { moves, comments_at }
}

/// The title (the game's name) and the players' names with their ranks, and in the plain form the place:
/// the header's texts, each checked for charset damage.
fn map_names(h: &Header, info: &mut InfoParts, header: &mut GameHeader, findings: &mut Vec<InfoFinding>) {
    let (title, title_at) = h.line(1, 1);
    check_damaged("line 1", title, title_at, findings);
    // Ambiguity 15: the application name is not the game's.
    header.game_name = non_empty(title.strip_prefix("Oro2000").unwrap_or(title));
    for (n, gi_n, color) in [(3, 2, Color::White), (4, 3, Color::Black)] {
        let (text, at) = h.line(n, gi_n);
        check_damaged(&format!("line {n}"), text, at, findings);
        let (name, rank) = split_player(text);
        match color {
            Color::White => (info.white, header.white_rank) = (name, rank),
            Color::Black => (info.black, header.black_rank) = (name, rank),
        }
    }
    if !h.gi {
        let (place, at) = h.line(5, 5);
        check_damaged("line 5", place, at, findings);
        header.place = non_empty(place);
    }
    header.date = date_from_numbers(h.line(9, 6).0);
}

/// The handicap: its count, and the stones placed for it. NGF gives the count only; the stones are placed as
/// GIB's (ambiguity 2), and only on a board of known size. A count that is not a number is 0, with a warning;
/// one with no placement on the board places none.
fn read_handicap(
    h: &Header,
    moves: &[(usize, Color, MoveValue, TextSpan)],
    info: &mut InfoParts,
    findings: &mut Vec<InfoFinding>,
) -> (u32, Vec<Point>) {
    let (handicap_text, handicap_at) = h.line(6, 8);
    let handicap = match handicap_text.parse::<u32>() {
        Ok(n) => n,
        Err(_) if handicap_text.is_empty() => 0,
        Err(_) => {
            let message = format!("handicap {handicap_text:?} is not a number; no handicap stones placed");
            findings
                .push(finding_about(InfoField::Handicap, Diagnostic::warning("bad-handicap", message).at(handicap_at)));
            0
        }
    };
    let mut stones = Vec::new();
    if handicap >= 2
        && let Some(size) = info.size
    {
        let points: Vec<Option<Point>> = moves
            .iter()
            .map(|(_, _, v, _)| match v {
                MoveValue::Play(p) => Some(*p),
                _ => None,
            })
            .collect();
        match placed_handicap(size, handicap, &points, handicap_at, findings) {
            Some(p) => {
                stones = p;
                info.handicap =
                    Some(Handicap { stones: handicap, written: format!("handicap {handicap}"), offset: handicap_at });
            }
            None => {
                let message = format!("handicap {handicap}: no placement on {size}x{size}; none placed");
                findings.push(finding_about(
                    InfoField::Handicap,
                    Diagnostic::warning("bad-handicap", message).at(handicap_at),
                ));
            }
        }
    }
    (handicap, stones)
}

/// Komi: a whole number, "the 0.5 is assumed" only without handicap (ambiguity 10).
fn read_komi(h: &Header, handicap: u32, info: &mut InfoParts, findings: &mut Vec<InfoFinding>) {
    let (komi_text, komi_at) = h.line(8, 10);
    if komi_text.is_empty() {
        return;
    }
    info.komi_written = true;
    match komi_text.parse::<f64>() {
        Ok(k) if k.is_finite() && k.abs() <= 1000.0 => {
            let half = !komi_text.contains('.') && handicap == 0;
            info.komi = Some(if half { k + 0.5 } else { k });
        }
        _ => {
            let message = format!("komi {komi_text:?} is not a number; komi 0 used");
            findings.push(finding_about(InfoField::Komi, Diagnostic::warning("bad-komi", message).at(komi_at)));
        }
    }
}

/// The plain form's result, line 11 (the GI variant has none); lines 7 and 10, which gotool does not map, go
/// to `not_mapped` when they hold something.
fn read_result(h: &Header, info: &mut InfoParts, findings: &mut Vec<InfoFinding>, not_mapped: &mut Vec<String>) {
    let (result, result_at) = h.line(11, 11);
    check_damaged("line 11", result, result_at, findings);
    match parse_result_text(result) {
        ResultText::Result(re) => info.result = Some((re, result_at)),
        ResultText::Unfinished => {
            let message = format!("line 11 {result:?}: the game was not finished; no result");
            findings.push(finding(Diagnostic::info("unfinished", message).at(result_at)));
        }
        ResultText::Unknown if result.is_empty() => {}
        ResultText::Unknown => {
            let message = format!("line 11 {result:?} is not a result gotool can read; no result");
            findings.push(finding(Diagnostic::warning("unknown-result", message).at(result_at)));
        }
    }
    for n in [7, 10] {
        let (t, _) = h.line(n, n);
        if !t.is_empty() && t != "0" {
            not_mapped.push(format!("line {n} = {}", shown(t)));
        }
    }
}

/// The move count leaves passes out (ambiguity 16); it is checked, never used to drop or invent moves.
fn check_move_count(h: &Header, moves: &[(usize, Color, MoveValue, TextSpan)], findings: &mut Vec<InfoFinding>) {
    let (count_text, count_at) = h.line(12, 11);
    if count_text.is_empty() {
        return;
    }
    let passes = moves.iter().filter(|(_, _, v, _)| *v == MoveValue::Pass).count();
    let total = moves.len();
    match count_text.parse::<usize>() {
        Ok(n) if n == total - passes || n == total => {}
        _ => {
            let follow = match passes {
                0 => format!("{total} follow"),
                p => format!("{total} follow ({} stones and {p} pass{})", total - p, if p == 1 { "" } else { "es" }),
            };
            let message = format!("the header announces {count_text} moves, {follow}");
            findings.push(finding(Diagnostic::warning("move-count-mismatch", message).at(count_at)));
        }
    }
}

/// A `PM` line: its colour, its move (`AAAA` a pass; the letters of the column and row, each written twice, `B`
/// the first line), the letters as written, and its counter (base 26, `AB` = 1). A colour that is not `B` or `W`,
/// or letters out of the `CXYYX` pattern, make the move garbled; a point past the board is off it (ambiguity 17).
fn pm(line: &Line, t: &str, size: u8) -> (Color, MoveValue, TextSpan, Option<u32>) {
    let b = t.as_bytes();
    let counter = match (b[2], b[3]) {
        (hi @ b'A'..=b'Z', lo @ b'A'..=b'Z') => Some(u32::from(hi - b'A') * 26 + u32::from(lo - b'A')),
        _ => None,
    };
    let coordinates = &t[5..9];
    let written = line.span_of(coordinates);
    let color = match b[4] {
        b'B' => Some(Color::Black),
        b'W' => Some(Color::White),
        _ => None,
    };
    let c = &b[5..9];
    let value = if c == b"AAAA" {
        MoveValue::Pass
    } else if c[0] == c[3]
        && c[1] == c[2]
        && c[0].is_ascii_uppercase()
        && c[1].is_ascii_uppercase()
        && c[0] > b'A'
        && c[1] > b'A'
    {
        let (x, y) = (c[0] - b'B', c[1] - b'B');
        if x < size && y < size { MoveValue::Play(Point::new(x, y)) } else { MoveValue::OffBoard(Point::new(x, y)) }
    } else {
        MoveValue::Garbled
    };
    match color {
        Some(color) => (color, value, written, counter),
        // The colour is unknown: the move cannot be played as written.
        None => (Color::Black, MoveValue::Garbled, line.span_of(&t[4..9]), counter),
    }
}

/// `name   rank`: the rank is the last word when it looks like one (`5D*`, `9DP`, `7단P`, `初段`), the name all
/// before it, spaces inside kept (ambiguity 14); ranks are copied as written (ambiguity 13).
fn split_player(text: &str) -> (Option<String>, Option<String>) {
    let text = text.trim();
    if let Some(at) = text.rfind(char::is_whitespace) {
        let (name, rank) = (text[..at].trim_end(), text[at..].trim_start());
        if looks_like_rank(rank) {
            return (non_empty(name), non_empty(rank));
        }
    }
    (non_empty(text), None)
}

fn looks_like_rank(word: &str) -> bool {
    let lower = word.to_lowercase();
    word.starts_with(|c: char| c.is_ascii_digit())
        || ["단", "段", "급", "級", "级", "dan", "kyu"].iter().any(|w| lower.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_split_at_the_last_run_of_spaces() {
        let s = |t: &str| split_player(t);
        assert_eq!(s("Kim Minsu   5D*"), (Some("Kim Minsu".into()), Some("5D*".into())));
        assert_eq!(s("LQC         9DP"), (Some("LQC".into()), Some("9DP".into())));
        assert_eq!(s("홍성지      7단P"), (Some("홍성지".into()), Some("7단P".into())));
        assert_eq!(s("朴承华 初段"), (Some("朴承华".into()), Some("初段".into())));
        assert_eq!(s("Lee S.D."), (Some("Lee S.D.".into()), None));
        assert_eq!(s(""), (None, None));
    }
}
