//! Results written as free text in the client's language (NGF's line 11, GIB's `GAMERESULT`), read into what
//! SGF's `RE` writes. The forms come from docs/formats.md ("Results", ambiguity 18): English in several
//! spellings, Korean, Japanese, Chinese and Thai. What this does not recognise stays unread: a wrong result is
//! worse than none.

/// What a result text says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResultText {
    /// A result as `RE` writes it: `B+R`, `W+T`, `B+5.5`, `W+` (a winner, no margin), `0` (a draw).
    Result(String),
    /// The game was not finished (`Progressing!`).
    Unfinished,
    /// Text gotool cannot read as a result.
    Unknown,
}

const BLACK: &[&str] = &["black", "흑", "黑", "黒", "ดำ"];
const WHITE: &[&str] = &["white", "백", "白", "ขาว"];
const WIN: &[&str] = &["win", "승", "勝", "胜", "ชนะ"];
const LOSE: &[&str] = &["lose", "loss", "패", "負", "负", "แพ้"];
const RESIGN: &[&str] = &["resign", "resi", "불계", "中押", "中盘", "中盤"];
const TIME: &[&str] = &["time", "시간", "時間", "超时", "超時", "เวลา"];
const DRAW: &[&str] = &["draw", "jigo", "무승부", "持碁", "和棋", "和局", "平局"];
const UNFINISHED: &[&str] = &["progress", "진행", "対局中", "进行中"];
/// Units after a margin: points (집, 目, 점) and Chinese stones (子, whose value in points the text does not say).
const UNITS: &[&str] = &["집", "目", "점", "子", " points", " point", "points", "point"];

/// The earliest place in `text` where one of `words` occurs.
fn first_of(text: &str, words: &[&str]) -> Option<usize> {
    words.iter().filter_map(|w| text.find(w)).min()
}

/// Reads a result text: the colour named first wins, unless a word says it lost; a margin in points, or a
/// resignation or a loss on time, when the text says so. The part after `>>` (the counts before komi) is left out; a number followed by `수` or
/// `手` is a move count (`250수`, `197手完`), not a margin; `반`/`半` after a margin adds a half point
/// (`6집반`, `2目半`).
pub fn parse_result_text(text: &str) -> ResultText {
    let text = text.split(">>").next().unwrap_or("").trim();
    let lower = text.to_lowercase();
    if lower.is_empty() {
        return ResultText::Unknown;
    }
    if first_of(&lower, UNFINISHED).is_some() {
        return ResultText::Unfinished;
    }
    if first_of(&lower, DRAW).is_some() {
        return ResultText::Result("0".to_string());
    }
    let named = match (first_of(&lower, BLACK), first_of(&lower, WHITE)) {
        (Some(b), Some(w)) => Some(if b < w { 'B' } else { 'W' }),
        (Some(_), None) => Some('B'),
        (None, Some(_)) => Some('W'),
        (None, None) => None,
    };
    let Some(named) = named else { return ResultText::Unknown };
    let loses = first_of(&lower, LOSE).is_some();
    let wins = first_of(&lower, WIN).is_some();
    let resign = first_of(&lower, RESIGN).is_some();
    let time = first_of(&lower, TIME).is_some();
    // `白棋12子` (White, 12 stones) names no win, but a margin in a unit says who won.
    let counted = ["집", "目", "子"]
        .iter()
        .any(|unit| lower.match_indices(unit).any(|(i, _)| lower[..i].ends_with(|c: char| c.is_ascii_digit())));
    if !(wins || loses || resign || time || counted) {
        return ResultText::Unknown;
    }
    let winner = match (named, loses && !wins) {
        ('B', false) | ('W', true) => 'B',
        _ => 'W',
    };
    let how = if resign {
        "R".to_string()
    } else if time {
        "T".to_string()
    } else {
        margin(&lower).unwrap_or_default()
    };
    ResultText::Result(format!("{winner}+{how}"))
}

/// The margin in a result text, as `RE` writes it: `5.5`; empty for a margin in Chinese stones (子), whose value
/// in points is not given; `None` when there is no number that is a margin.
fn margin(lower: &str) -> Option<String> {
    let mut rest = lower;
    while let Some(start) = rest.find(|c: char| c.is_ascii_digit()) {
        let after_start = &rest[start..];
        let len = after_start.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(after_start.len());
        let number = after_start[..len].trim_end_matches('.');
        let after = &after_start[len..];
        rest = after;
        // A move count, not a margin.
        if after.starts_with('수') || after.starts_with('手') {
            continue;
        }
        let Ok(mut value) = number.parse::<f64>() else { continue };
        let mut tail = after;
        let mut unit = "";
        if let Some(u) = UNITS.iter().find(|u| tail.starts_with(**u)) {
            unit = u;
            tail = &tail[u.len()..];
        }
        if unit == "子" {
            return Some(String::new());
        }
        if tail.starts_with('반') || tail.starts_with('半') {
            value += 0.5;
        }
        if value == 0.0 {
            return Some(String::new());
        }
        return Some(format!("{value}"));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn re(text: &str) -> String {
        match parse_result_text(text) {
            ResultText::Result(re) => re,
            other => format!("{other:?}"),
        }
    }

    #[test]
    fn english_forms() {
        assert_eq!(re("Black wins by resignation!"), "B+R");
        assert_eq!(re("White wins by  resign!"), "W+R");
        assert_eq!(re("White Win by Resign!"), "W+R");
        assert_eq!(re("White wins by resi!"), "W+R");
        assert_eq!(re("Black wins by 0.5!"), "B+0.5");
        assert_eq!(re("Black wins by 16.5 points! >> White(66):Black(89)"), "B+16.5");
        assert_eq!(re("White wins by 5.5 points! >> White(31):Black(32)"), "W+5.5");
        assert_eq!(re("White loses on time"), "B+T");
        assert_eq!(re("Black Win 6.5 >> White(50):Black(63)"), "B+6.5");
        assert_eq!(re("White 19Win  >> White(83):Black(64)"), "W+19");
        assert_eq!(re("white wins by resignation"), "W+R");
        assert_eq!(re("black 12.5 win"), "B+12.5");
        assert_eq!(re("black wins by time"), "B+T");
        assert_eq!(re("Progressing!"), "Unfinished");
        assert_eq!(re("Game over"), "Unknown");
        assert_eq!(re(""), "Unknown");
    }

    #[test]
    fn korean_japanese_chinese_thai_forms() {
        assert_eq!(re("흑 1.5집 승"), "B+1.5");
        assert_eq!(re("250수 흑7집승"), "B+7");
        assert_eq!(re("백 불계승"), "W+R");
        assert_eq!(re("흑 시간승"), "B+T");
        assert_eq!(re("흑 6집반 승"), "B+6.5");
        assert_eq!(re("白5.5目勝ち!"), "W+5.5");
        assert_eq!(re("黒中押し勝ち!"), "B+R");
        assert_eq!(re("197手完、黒中押し勝ち"), "B+R");
        assert_eq!(re("232手完、黒2目半勝ち"), "B+2.5");
        assert_eq!(re("黒5.5目勝！ >> 白(64):黒(76)"), "B+5.5");
        assert_eq!(re("白時間切れ勝ち！"), "W+T");
        assert_eq!(re("白11目胜"), "W+11");
        assert_eq!(re("白棋12子 >> 白方(94):黑方(82)"), "W+");
        assert_eq!(re("白棋胜12子"), "W+");
        assert_eq!(re("黑中盘胜"), "B+R");
        assert_eq!(re("ดำชนะด้วยแต้ม!7.5 >> ขาว(63):ดำ(77)"), "B+7.5");
    }
}
