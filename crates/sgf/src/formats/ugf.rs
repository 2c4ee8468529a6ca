//! Pandanet's UGF and UGI (PANDA-EGG, glGo): sections `[Header]` (`Name=value` lines), `[Data]` (one
//! `XY,Cn,N,T` line a move, `N` = 0 for handicap stones), `[ReviewNode]` (a review's tree, whose `VARIATION,`
//! blocks are the variations), `[ReviewComment]` and `[Figure]` (comments) (docs/formats.md, "UGF / UGI").

use super::{
    Builder, FormatError, GameHeader, InfoParts, Line, Numbering, Read, check_damaged, finding, finding_about, lines,
    non_empty, shown,
};
use crate::Limits;
use crate::record::{BadValue, GameRecord, Handicap, InfoField, InfoFinding, MoveValue, SetupKind};
use gotool_go::{Color, Point};
use gotool_model::Diagnostic;

/// Whether the start of a file looks like UGF: after `#` comment lines, a section header, and a `[Header]` or
/// `[Data]` section somewhere.
pub(super) fn looks_like(body: &[u8]) -> bool {
    let text = String::from_utf8_lossy(body);
    let first = text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#'));
    let is_section = first.is_some_and(|l| l.starts_with('[') && l.ends_with(']') && !l.contains('='));
    let lower = text.to_ascii_lowercase();
    is_section && (lower.contains("[header]") || lower.contains("[data]"))
}

/// The charset `Lang` names (ambiguity 27): `SJIS` (every file seen) is Shift_JIS as Windows reads it (CP932,
/// which encoding_rs's Shift_JIS is); without `Lang`, Shift_JIS too (aeb-ugi's default).
pub(super) fn charset(bytes: &[u8]) -> (&'static str, String) {
    let default = ("shift_jis", "UGF's default charset".to_string());
    let Some(at) = memchr::memmem::find(bytes, b"Lang=") else { return default };
    let value: Vec<u8> = bytes[at + 5..]
        .iter()
        .take(16)
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'-' || **b == b'_')
        .copied()
        .collect();
    let value = String::from_utf8(value).unwrap_or_default();
    let squeezed: String = value.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_ascii_lowercase();
    let label = match squeezed.as_str() {
        "sjis" | "shiftjis" | "jpn" | "ja" | "cp932" => "shift_jis",
        "kor" | "ko" | "euckr" | "ksc" | "cp949" => "euc-kr",
        "gb" | "gbk" | "gb2312" | "gb18030" | "chn" | "zh" | "cp936" => "gb18030",
        "big5" | "tw" => "big5",
        _ => return ("shift_jis", format!("Lang={value}, unknown to gotool, and UGF's default charset")),
    };
    (label, format!("Lang={value}"))
}

/// A `Name=value` line of `[Header]`.
struct Field<'t> {
    key: &'t str,
    value: &'t str,
    offset: usize,
}

/// The lines of each section gotool reads.
#[derive(Default)]
struct Sections<'a, 't> {
    header: Option<usize>,
    fields: Vec<Field<'t>>,
    data: Option<&'a [Line<'t>]>,
    review_nodes: &'a [Line<'t>],
    review_comments: &'a [Line<'t>],
    figure: &'a [Line<'t>],
    others: Vec<&'t str>,
}

/// Reads a UGF or UGI file's text.
pub(super) fn read<'t>(text: &'t str, limits: &Limits) -> Result<Read<'t>, FormatError> {
    let lines = lines(text);
    let mut findings: Vec<InfoFinding> = Vec::new();
    let mut not_mapped: Vec<String> = Vec::new();
    let s = sections(&lines, &mut findings);
    let Some(header_at) = s.header else {
        return Err(FormatError::syntax("no [Header] section: this is not a UGF record", 0));
    };
    let get = |key: &str| s.fields.iter().find(|f| f.key.eq_ignore_ascii_case(key));
    if let Some(crypt) = get("Crypt")
        && !crypt.value.contains("PLAIN_UGF_FILE")
    {
        let message = format!("an encrypted UGF file (Crypt={}): gotool reads only plain ones", crypt.value);
        return Err(FormatError { code: "encoding", message, offset: crypt.offset });
    }
    let Some(data) = s.data else {
        let end = lines.last().map_or(0, |l| l.end);
        return Err(FormatError::syntax("the file has no [Data] section (cut short?): no game", end));
    };

    let mut info = InfoParts::default();
    let mut header = GameHeader::default();
    let size = board_size(get("Size"), &mut findings);
    info.size = size;
    let flip = igs_coordinates(get("CoordinateType"), header_at, &mut findings);
    let geometry = Geometry { size: size.unwrap_or(19), flip };
    if let Some(f) = get("Hdcp") {
        read_hdcp(f, &mut info, &mut findings);
    }

    let mut builder = Builder::new(data.first().map_or(header_at, |l| l.offset), limits);
    let handicap = info.handicap.is_some();
    let move_nodes = read_data(data, &geometry, handicap, &mut builder, &mut findings, &mut not_mapped)?;

    // The review's tree: its variations (the main line is [Data]'s, ambiguity 21).
    let mut review: Vec<(u32, u32)> = vec![(1, 0)];
    read_review(s.review_nodes, &geometry, &move_nodes, &mut builder, &mut review, &mut findings)?;
    review.sort_unstable();

    // Comments: `[ReviewComment]` by review node, `[Figure]`'s `.Text,N` by move.
    let mut comments: Vec<(u32, String)> = Vec::new();
    read_comments(s.review_comments, &review, &mut comments, &mut not_mapped);
    read_figure(s.figure, &move_nodes, &mut comments, &mut not_mapped);

    map_header(&s.fields, &mut info, &mut header, &mut findings, &mut not_mapped);
    for other in &s.others {
        not_mapped.push(format!("the [{other}] section"));
    }
    let info = info.finish(super::Format::Ugf, header.date.as_deref(), &mut findings);
    let (parts, index) = if info.is_some() { builder.finish() } else { Builder::new(0, limits).finish() };
    let comments = if info.is_some() { merge_comments(comments, &index) } else { Vec::new() };
    Ok(Read {
        format: super::Format::Ugf,
        record: GameRecord::new(text, info, findings, parts),
        header,
        comments,
        not_mapped,
    })
}

/// The board size of the field `Size` (19 without it); `None`, with an error, when it is not one from 1 to
/// 52: the game cannot be replayed.
fn board_size(field: Option<&Field>, findings: &mut Vec<InfoFinding>) -> Option<u8> {
    match field {
        None => Some(19),
        Some(f) => match f.value.trim().parse::<u8>() {
            Ok(s) if (1..=52).contains(&s) => Some(s),
            _ => {
                let message = format!("Size={} is not a board size from 1 to 52; the game cannot be replayed", f.value);
                findings.push(finding(Diagnostic::error("bad-size", message).at(f.offset)));
                None
            }
        },
    }
}

/// Whether rows count from the bottom, by the field `CoordinateType` (ambiguity 19): IGS coordinates do;
/// without IGS (or without the field, whose place is `header_at`), no flip, and a warning.
fn igs_coordinates(field: Option<&Field>, header_at: usize, findings: &mut Vec<InfoFinding>) -> bool {
    match field {
        Some(f) if f.value.trim().eq_ignore_ascii_case("IGS") => true,
        other => {
            let (what, at) = match other {
                Some(f) => (format!("CoordinateType={}", f.value), f.offset),
                None => ("no CoordinateType".to_string(), header_at),
            };
            let message = format!(
                "{what}: rows are read from the top, which no real file confirms (every one seen says IGS, rows from \
                 the bottom); the board may be upside down"
            );
            findings.push(finding(Diagnostic::warning("coordinate-orientation", message).at(at)));
            false
        }
    }
}

/// `Hdcp=handicap,komi`; a komi with a comma for its decimal point (aeb-ugi saw `0,50`). The handicap is
/// only a count: the stones are `[Data]`'s lines numbered 0.
fn read_hdcp(f: &Field, info: &mut InfoParts, findings: &mut Vec<InfoFinding>) {
    let (h, k) = f.value.split_once(',').unwrap_or((f.value, ""));
    match h.trim().parse::<u32>() {
        Ok(n) if n >= 2 => {
            info.handicap = Some(Handicap { stones: n, written: format!("Hdcp={}", f.value), offset: f.offset })
        }
        Ok(_) => {}
        Err(_) => {
            let message = format!("Hdcp={}: the handicap is not a number", f.value);
            findings
                .push(finding_about(InfoField::Handicap, Diagnostic::warning("bad-handicap", message).at(f.offset)));
        }
    }
    let k = k.trim().replace(',', ".");
    if !k.is_empty() {
        info.komi_written = true;
        match k.parse::<f64>() {
            Ok(v) if v.is_finite() && v.abs() <= 1000.0 => info.komi = Some(v),
            _ => {
                let message = format!("Hdcp={}: the komi is not a number; komi 0 used", f.value);
                findings.push(finding_about(InfoField::Komi, Diagnostic::warning("bad-komi", message).at(f.offset)));
            }
        }
    }
}

/// `[Data]`: the moves, and the handicap stones before them (move number 0), added to `builder` as the main
/// line. Returns each move's node, colour and value, which the review and the figure comments refer to.
/// With `handicap`, White plays first: a pass without a colour is the other player's. What gotool does not
/// read (text lines, the seconds each move took) goes to `not_mapped`. Fails past the node limit.
fn read_data(
    data: &[Line],
    geometry: &Geometry,
    handicap: bool,
    builder: &mut Builder,
    findings: &mut Vec<InfoFinding>,
    not_mapped: &mut Vec<String>,
) -> Result<Vec<(u32, Color, MoveValue)>, FormatError> {
    let size = geometry.size;
    let mut move_nodes: Vec<(u32, Color, MoveValue)> = Vec::new();
    let mut last = 0u32;
    let mut previous = if handicap { Color::Black } else { Color::White };
    let mut expected = 1u32;
    let mut numbering = Numbering::default();
    let mut timed = false;
    let mut dot_lines = 0;
    let mut in_setup_node = true;
    for line in data {
        let (t, offset) = line.trimmed();
        if t.is_empty() {
            continue;
        }
        if t.starts_with('.') {
            dot_lines += 1;
            continue;
        }
        let parts: Vec<&str> = t.split(',').collect();
        let number = parts.get(2).and_then(|n| n.trim().parse::<u32>().ok());
        let Some(number) = number else {
            let message = format!("not a [Data] move line (XY,Cn,N,T), ignored: {:?}", shown(t));
            findings.push(finding(Diagnostic::warning("format-line", message).at(offset)));
            continue;
        };
        timed |= parts.get(3).is_some_and(|s| s.trim().parse::<u32>().is_ok_and(|s| s > 0));
        let written = line.span_of(parts[0]);
        let color = match parts[1].trim().as_bytes().first() {
            Some(b'B') => Some(Color::Black),
            Some(b'W') => Some(Color::White),
            _ => None,
        };
        let value = geometry.letters(parts[0].trim());
        if number == 0 {
            // A setup stone: the handicap stones (or a stone placed before the game).
            if value == MoveValue::Pass {
                continue;
            }
            if !in_setup_node {
                last = builder.node(last, offset, false)?;
                in_setup_node = true;
            }
            let kind = if color == Some(Color::White) { SetupKind::White } else { SetupKind::Black };
            match value {
                MoveValue::Play(p) => builder.setup(kind, &[p], None),
                _ => {
                    let what = match value {
                        MoveValue::OffBoard(_) => format!("{} is off the {size}x{size} board", parts[0].trim()),
                        _ => format!("{:?} is not a board point", parts[0].trim()),
                    };
                    let code = if matches!(value, MoveValue::OffBoard(_)) { "off-board" } else { "bad-coordinate" };
                    builder.setup(kind, &[], Some(BadValue { code, what, offset: written.start }));
                }
            }
            continue;
        }
        numbering.check(number == expected, offset, findings, || {
            format!("[Data] line numbers move {number} where move {expected} was expected")
        });
        expected = number.saturating_add(1);
        // A pass may come without a colour (`YZ,MK,278,0`): it is the other player's turn.
        let (color, value) = match color {
            Some(c) => (c, value),
            None if value == MoveValue::Pass => (previous.opponent(), value),
            None => (previous.opponent(), MoveValue::Garbled),
        };
        last = builder.node(last, offset, false)?;
        in_setup_node = false;
        builder.play(color, value, written);
        move_nodes.push((last, color, value));
        previous = color;
    }
    if dot_lines > 0 {
        not_mapped
            .push(format!("{dot_lines} text line{} in [Data] (.Text, .EndFig)", if dot_lines == 1 { "" } else { "s" }));
    }
    if timed {
        not_mapped.push("the seconds each move took ([Data]'s fourth field)".to_string());
    }
    Ok(move_nodes)
}

/// The comments by node of the finished record (`index` maps the built nodes onto it), in node order; two on
/// one node (a review comment and a figure's text) are joined by a blank line.
fn merge_comments(comments: Vec<(u32, String)>, index: &[u32]) -> Vec<(u32, String)> {
    let mut merged: Vec<(u32, String)> = Vec::new();
    for (n, text) in comments {
        let n = index[n as usize];
        match merged.iter_mut().find(|(m, _)| *m == n) {
            Some((_, existing)) => {
                existing.push_str("\n\n");
                existing.push_str(&text);
            }
            None => merged.push((n, text)),
        }
    }
    merged.sort_by_key(|(n, _)| *n);
    merged
}

/// Splits the lines into sections; lines before the first one that are not `#` comments are ignored, with a
/// note.
fn sections<'a, 't>(lines: &'a [Line<'t>], findings: &mut Vec<InfoFinding>) -> Sections<'a, 't> {
    let mut s = Sections::default();
    let mut i = 0;
    let mut stray = false;
    while i < lines.len() {
        let (t, offset) = lines[i].trimmed();
        let is_section = t.starts_with('[') && t.ends_with(']') && !t.contains('=') && t.len() > 2;
        if !is_section {
            if !t.is_empty() && !t.starts_with('#') && !stray {
                stray = true;
                let message = format!("a line before the first UGF section, ignored: {:?}", shown(t));
                findings.push(finding(Diagnostic::info("ignored-line", message).at(offset)));
            }
            i += 1;
            continue;
        }
        let name = &t[1..t.len() - 1];
        let start = i + 1;
        let mut end = start;
        while end < lines.len() {
            let (t, _) = lines[end].trimmed();
            if t.starts_with('[') && t.ends_with(']') && !t.contains('=') && t.len() > 2 {
                break;
            }
            end += 1;
        }
        let body = &lines[start..end];
        match name.to_ascii_lowercase().as_str() {
            "header" => {
                s.header.get_or_insert(offset);
                for line in body {
                    let (t, at) = line.trimmed();
                    if let Some((key, value)) = t.split_once('=') {
                        let value_at = at + key.len() + 1;
                        s.fields.push(Field { key: key.trim(), value: value.trim(), offset: value_at });
                    }
                }
            }
            "data" => {
                s.data.get_or_insert(body);
            }
            "reviewnode" => s.review_nodes = body,
            "reviewcomment" => s.review_comments = body,
            "figure" => s.figure = body,
            _ => s.others.push(name),
        }
        i = end;
    }
    s
}

/// How the board's points are written.
struct Geometry {
    size: u8,
    /// IGS: rows counted from the bottom.
    flip: bool,
}

impl Geometry {
    /// A point from its column and row numbers, both from 1 (the row from the bottom with IGS).
    fn point(&self, column: u32, row: u32) -> MoveValue {
        let size = u32::from(self.size);
        if column == 0 || row == 0 || column > 52 || row > 52 {
            return MoveValue::Garbled;
        }
        if column <= size && row <= size {
            let y = if self.flip { size - row } else { row - 1 };
            return MoveValue::Play(Point::new((column - 1) as u8, y as u8));
        }
        MoveValue::OffBoard(Point::new((column - 1) as u8, (row - 1) as u8))
    }

    /// `[Data]`'s two letters, column then row, `A` = 1 and no letter skipped; `Y` or `Z` for the column is a
    /// pass on a board under 25 lines (`YA`, `YR`, `YZ`, `ZZ`).
    fn letters(&self, xy: &str) -> MoveValue {
        let b = xy.as_bytes();
        if b.len() != 2 || !b[0].is_ascii_uppercase() || !b[1].is_ascii_uppercase() {
            return MoveValue::Garbled;
        }
        if self.size < 25 && matches!(b[0], b'Y' | b'Z') {
            return MoveValue::Pass;
        }
        self.point(u32::from(b[0] - b'A') + 1, u32::from(b[1] - b'A') + 1)
    }
}

/// `[ReviewNode]`: `NODE,k,c,x,y` lines, the main line repeating `[Data]` (checked against it), `VARIATION,` …
/// `VARIATIONEND,` blocks the variations, each another child of the node before it (ambiguity 22; nested
/// blocks nest). Colour-0 nodes after the root are ignored. Fills `review` with each review node's record node.
fn read_review(
    lines: &[Line],
    geometry: &Geometry,
    move_nodes: &[(u32, Color, MoveValue)],
    builder: &mut Builder,
    review: &mut Vec<(u32, u32)>,
    findings: &mut Vec<InfoFinding>,
) -> Result<(), FormatError> {
    let mut current = 0u32;
    let mut stack: Vec<u32> = Vec::new();
    // The next node opens its block: another child of the node before it, not its main line.
    let mut opens_block = false;
    let mut main = 0usize;
    let mut mismatch_reported = false;
    for line in lines {
        let (t, offset) = line.trimmed();
        let upper = t.to_ascii_uppercase();
        if upper.starts_with("VARIATIONEND") {
            current = stack.pop().unwrap_or(current);
            opens_block = false;
            continue;
        }
        if upper.starts_with("VARIATION") {
            stack.push(current);
            opens_block = true;
            continue;
        }
        let Some(rest) = upper.strip_prefix("NODE,") else { continue };
        let fields: Vec<&str> = rest.split(',').map(str::trim).collect();
        let number = |i: usize| fields.get(i).and_then(|f| f.parse::<u32>().ok());
        let (Some(k), Some(c)) = (number(0), number(1)) else { continue };
        if c == 0 {
            if stack.is_empty() && main == 0 {
                review.push((k, 0));
            }
            continue;
        }
        let (x, y) = (number(2).unwrap_or(0), number(3).unwrap_or(0));
        let size = u32::from(geometry.size);
        let value = if x == size + 1 && y == size + 1 { MoveValue::Pass } else { geometry.point(x, y) };
        let color = if c == 1 { Color::Black } else { Color::White };
        if stack.is_empty() {
            // The main line, node k = move k - 1: [Data] is kept where the two disagree.
            main += 1;
            match move_nodes.get(main - 1) {
                Some(&(node, data_color, data_value)) => {
                    if (data_color != color || data_value != value) && !mismatch_reported {
                        mismatch_reported = true;
                        let message =
                            format!("[ReviewNode] NODE,{k} is not move {main} of [Data]; the moves of [Data] are kept");
                        findings.push(finding(Diagnostic::warning("review-mismatch", message).at(offset)));
                    }
                    current = node;
                    review.push((k, node));
                }
                None => {
                    if !mismatch_reported {
                        mismatch_reported = true;
                        let message = format!(
                            "[ReviewNode] NODE,{k} goes on past the {} moves of [Data]; the moves of [Data] are kept",
                            move_nodes.len()
                        );
                        findings.push(finding(Diagnostic::warning("review-mismatch", message).at(offset)));
                    }
                }
            }
            continue;
        }
        // The `x,y` part of the line, for messages.
        let coordinates = t.match_indices(',').nth(2).map_or(t, |(i, _)| &t[i + 1..]);
        let written = line.span_of(coordinates);
        let node = builder.node(current, offset, !opens_block)?;
        builder.play(color, value, written);
        review.push((k, node));
        current = node;
        opens_block = false;
    }
    Ok(())
}

/// The built node of review node `k`.
fn review_node(review: &[(u32, u32)], k: u32) -> Option<u32> {
    review.binary_search_by_key(&k, |(r, _)| *r).ok().map(|i| review[i].1)
}

/// `[ReviewComment]`: `.Comment,k`, then the text up to the next `.Comment`, on review node k.
fn read_comments(
    lines: &[Line],
    review: &[(u32, u32)],
    comments: &mut Vec<(u32, String)>,
    not_mapped: &mut Vec<String>,
) {
    let mut current: Option<(u32, String)> = None;
    let mut flush = |entry: Option<(u32, String)>, comments: &mut Vec<(u32, String)>| {
        let Some((k, text)) = entry else { return };
        let text = text.trim_end().to_string();
        if text.is_empty() {
            return;
        }
        match review_node(review, k) {
            Some(node) => comments.push((node, text)),
            None => not_mapped.push(format!("[ReviewComment] .Comment,{k}: no such review node")),
        }
    };
    for line in lines {
        let (t, _) = line.trimmed();
        if let Some(k) = t.strip_prefix(".Comment,") {
            flush(current.take(), comments);
            current = k.trim().parse().ok().map(|k| (k, String::new()));
            continue;
        }
        if let Some((_, text)) = &mut current {
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(line.text);
        }
    }
    flush(current.take(), comments);
}

/// `[Figure]`: `.Text,N` … `.EndText` comments on move N; `.Fig` diagrams (ambiguity 23) and their labels are not
/// converted.
fn read_figure(
    lines: &[Line],
    moves: &[(u32, Color, MoveValue)],
    comments: &mut Vec<(u32, String)>,
    not_mapped: &mut Vec<String>,
) {
    let mut figures = 0;
    let mut labels = 0;
    let mut text: Option<(u32, String)> = None;
    let mut in_figure = false;
    for line in lines {
        let (t, _) = line.trimmed();
        if t.starts_with(".Fig") {
            figures += 1;
            in_figure = true;
        } else if t.starts_with(".EndFig") {
            in_figure = false;
        } else if let Some(n) = t.strip_prefix(".Text,") {
            let n = n.split(',').next().and_then(|n| n.trim().parse::<u32>().ok()).unwrap_or(0);
            text = (!in_figure).then(|| (n, String::new()));
        } else if t.starts_with(".EndText") {
            if let Some((n, body)) = text.take() {
                let node = if n == 0 { Some(0) } else { moves.get(n as usize - 1).map(|m| m.0) };
                let body = body.trim_end().to_string();
                match node {
                    Some(node) if !body.is_empty() => comments.push((node, body)),
                    Some(_) => {}
                    None => not_mapped.push(format!("[Figure] .Text,{n}: no such move")),
                }
            }
        } else if t.starts_with(".#") {
            labels += 1;
        } else if let Some((_, body)) = &mut text {
            if !body.is_empty() {
                body.push('\n');
            }
            body.push_str(line.text);
        }
    }
    if figures > 0 {
        not_mapped.push(format!("{figures} [Figure] diagram{} (.Fig)", if figures == 1 { "" } else { "s" }));
    }
    if labels > 0 {
        not_mapped.push(format!("{labels} [Figure] label{} (.#)", if labels == 1 { "" } else { "s" }));
    }
}

/// `[Header]` onto the game information and the rest of the header.
fn map_header(
    fields: &[Field],
    info: &mut InfoParts,
    header: &mut GameHeader,
    findings: &mut Vec<InfoFinding>,
    not_mapped: &mut Vec<String>,
) {
    for f in fields {
        check_damaged(f.key, f.value, f.offset, findings);
        let value = f.value.trim();
        let key = f.key.to_ascii_lowercase();
        match key.as_str() {
            // Read above, or only a version or a count.
            "size" | "hdcp" | "coordinatetype" | "lang" | "crypt" | "moves" => {}
            "playerb" | "playerw" => {
                let mut parts = value.split(',');
                let name = parts.next().and_then(non_empty);
                let rank = parts.next().and_then(non_empty);
                if key == "playerb" {
                    (info.black, header.black_rank) = (name, rank);
                } else {
                    (info.white, header.white_rank) = (name, rank);
                }
            }
            "title" => {
                // Ambiguity 24: `EV`, the non-empty fields joined.
                let parts: Vec<&str> = value.split(',').map(str::trim).filter(|p| !p.is_empty()).collect();
                header.event = (!parts.is_empty()).then(|| parts.join(", "));
            }
            "place" => header.place = non_empty(value),
            "copyright" => header.copyright = non_empty(value),
            "commentator" => header.annotator = non_empty(value),
            "comment" => header.game_comment = non_empty(value),
            "date" => header.date = date(value),
            "rule" => match value.to_ascii_uppercase().as_str() {
                "JPN" | "JP" | "JAPANESE" => info.rules = Some("Japanese".to_string()),
                "CHN" | "CH" | "CN" | "CHINESE" => info.rules = Some("Chinese".to_string()),
                "" => {}
                _ => not_mapped.push(format!("Rule={}", shown(value))),
            },
            "ptime" => {
                // Ambiguity 25: the second sub-field of the first player's field, in minutes.
                let minutes = value
                    .split(',')
                    .next()
                    .and_then(|p| p.split(';').nth(1))
                    .and_then(|m| m.trim().parse::<u64>().ok());
                header.main_time = minutes.filter(|&m| m > 0).map(|m| m * 60);
                let other = value.split([',', ';']).filter(|p| p.trim().parse::<u64>().is_ok_and(|n| n > 0)).count();
                if other > usize::from(header.main_time.is_some()) * 2
                    || (header.main_time.is_some() && !value.is_empty())
                {
                    not_mapped.push(format!("Ptime={} (only the main time is mapped)", shown(value)));
                }
            }
            "winner" => winner(value, f.offset, info, findings, not_mapped),
            _ if value.is_empty() => {}
            "playerb2" | "playerw2" => {
                // A pair game: the partners' names joined to the first ones (aeb-ugi).
                let name = value.split(',').next().and_then(non_empty);
                let slot = if key == "playerb2" { &mut info.black } else { &mut info.white };
                if let Some(name) = name {
                    *slot = Some(match slot.take() {
                        Some(first) => format!("{first} & {name}"),
                        None => name,
                    });
                }
            }
            _ => not_mapped.push(format!("{}={}", f.key, shown(value))),
        }
    }
    if info.rules.as_deref() == Some("Japanese") {
        header.rules = Some("Japanese".to_string());
    } else if info.rules.as_deref() == Some("Chinese") {
        header.rules = Some("Chinese".to_string());
    }
}

/// `Winner=W,margin`: a number is the margin, `C` a resignation, `T` time, `F` forfeit; a first field `D` is a
/// draw, `N` void, `A` or `P` a game not finished (aeb-ugi).
fn winner(
    value: &str,
    offset: usize,
    info: &mut InfoParts,
    findings: &mut Vec<InfoFinding>,
    not_mapped: &mut Vec<String>,
) {
    let (who, how) = value.split_once(',').unwrap_or((value, ""));
    let (who, how) = (who.trim(), how.trim());
    let re = match who.chars().next().map(|c| c.to_ascii_uppercase()) {
        Some(w @ ('B' | 'W')) => Some(match how.to_ascii_uppercase().as_str() {
            "C" => format!("{w}+R"),
            "T" => format!("{w}+T"),
            "F" => format!("{w}+F"),
            "" => format!("{w}+"),
            margin => match margin.replace(',', ".").parse::<f64>() {
                Ok(m) if m > 0.0 && m.is_finite() => format!("{w}+{m}"),
                _ => {
                    not_mapped.push(format!("Winner={} (the margin or reason {how:?} is not read)", shown(value)));
                    format!("{w}+")
                }
            },
        }),
        Some('D') => Some("0".to_string()),
        Some('N') => Some("Void".to_string()),
        Some('A' | 'P') => {
            let message = format!("Winner={value}: the game was not finished; no result");
            findings.push(finding(Diagnostic::info("unfinished", message).at(offset)));
            None
        }
        None => None,
        Some(_) => {
            let message = format!("Winner={value} is not a result gotool can read; no result");
            findings.push(finding(Diagnostic::warning("unknown-result", message).at(offset)));
            None
        }
    };
    info.result = re.map(|re| (re, offset));
}

/// `Date=start date,start time,end date,end time` (`2001/08/20,09:00:00,2001/08/20,00:00:00`) as `FF[4]`'s
/// `DT`: the start date, and the end date as a range when it differs (`2001-08-20,21`); `//` is no date.
fn date(value: &str) -> Option<String> {
    let parts: Vec<&str> = value.split(',').collect();
    let ymd = |text: &str| -> Option<(u32, u32, u32)> {
        let n: Vec<u32> = text.split('/').map(|p| p.trim().parse().ok()).collect::<Option<_>>()?;
        match n.as_slice() {
            [y, m, d] if (1000..=9999).contains(y) && (1..=12).contains(m) && (1..=31).contains(d) => {
                Some((*y, *m, *d))
            }
            _ => None,
        }
    };
    let (y, m, d) = ymd(parts.first()?)?;
    let start = format!("{y:04}-{m:02}-{d:02}");
    Some(match parts.get(2).and_then(|p| ymd(p)) {
        Some((y2, m2, d2)) if (y2, m2, d2) > (y, m, d) => {
            if y2 != y {
                format!("{start},{y2:04}-{m2:02}-{d2:02}")
            } else if m2 != m {
                format!("{start},{m2:02}-{d2:02}")
            } else {
                format!("{start},{d2:02}")
            }
        }
        _ => start,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_ranges() {
        assert_eq!(date("2024/02/11,13:00:00,2024/02/11,15:42:10").as_deref(), Some("2024-02-11"));
        assert_eq!(date("2001/08/20,09:00:00,2001/08/21,00:00:00").as_deref(), Some("2001-08-20,21"));
        assert_eq!(date("2001/08/31,09:00:00,2001/09/01,00:00:00").as_deref(), Some("2001-08-31,09-01"));
        assert_eq!(date("//,"), None);
    }

    #[test]
    fn igs_letters_count_rows_from_the_bottom() {
        let igs = Geometry { size: 19, flip: true };
        assert_eq!(igs.letters("QP"), MoveValue::Play(Point::new(16, 3)));
        assert_eq!(igs.letters("DD"), MoveValue::Play(Point::new(3, 15)));
        assert_eq!(igs.letters("YA"), MoveValue::Pass);
        assert_eq!(igs.letters("ZZ"), MoveValue::Pass);
        assert_eq!(igs.letters("TD"), MoveValue::OffBoard(Point::new(19, 3)));
        assert_eq!(igs.letters("qp"), MoveValue::Garbled);
        let jpn = Geometry { size: 9, flip: false };
        assert_eq!(jpn.letters("IE"), MoveValue::Play(Point::new(8, 4)));
    }
}
