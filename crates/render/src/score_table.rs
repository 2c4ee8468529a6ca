//! The side-by-side score table of `gotool score` and the one-line score of `gotool check`.

use std::fmt::Write as _;

use super::escape_terminal;
use gotool_go::{Preset, RulesName};
use gotool_model::{Count, DeadSource, GameReport, GameScore, Method, Score, format_margin};

/// Dead chains listed with their reasons in the table.
const MAX_REASONS: usize = 12;

fn number(x: f64) -> String {
    if x.fract() == 0.0 { format!("{}", x as i64) } else { format!("{x}") }
}

/// `RE W+3.5: matches the Japanese count.` and the like.
fn verdict(game: &GameReport, s: &GameScore) -> String {
    let re = game.result_text().map(escape_terminal);
    match (re, s.matches_record, s.checked_against) {
        (None, _, _) => "no RE in the record.".to_string(),
        (Some(re), Some(true), Some(against)) if s.dead_source == DeadSource::Estimated => {
            format!("RE {re}: matches the {} count with estimated dead stones{}.", title(against), unsettled(s))
        }
        (Some(re), Some(true), Some(against)) => format!("RE {re}: matches the {} count.", title(against)),
        (Some(re), Some(false), Some(against)) if s.dead_source == DeadSource::Estimated => {
            format!(
                "RE {re}: differs from the {} count with estimated dead stones{} (see result-differs-estimated).",
                title(against),
                unsettled(s)
            )
        }
        (Some(re), Some(false), Some(against)) if s.dead_source == DeadSource::None => {
            format!("RE {re}: not confirmed by the {} count, which has no dead stones removed.", title(against))
        }
        (Some(re), Some(false), Some(_)) if let Some(why) = &s.markup_explains_result => {
            format!("RE {re}: {} (info note result-matches-markup, shown with -v).", escape_terminal(why))
        }
        (Some(re), Some(false), Some(against)) => {
            format!("RE {re}: does not match the {} count (see result-mismatch).", title(against))
        }
        (Some(re), _, _) => format!("RE {re}: not checkable (no counted margin)."),
    }
}

/// `, 2 groups it could not settle counted alive` after "estimated dead stones", when the estimate left groups
/// unsettled and counted them alive (see `dead-stones-uncertain`); empty otherwise.
fn unsettled(s: &GameScore) -> String {
    let n = s.estimate.as_ref().map_or(0, |e| e.uncertain.iter().filter(|u| !u.counted_dead).count());
    match n {
        0 => String::new(),
        1 => ", 1 group it could not settle counted alive".to_string(),
        n => format!(", {n} groups it could not settle counted alive"),
    }
}

/// A ruleset's name as a heading: `Japanese`, `AGA`, `New Zealand`.
pub(crate) fn title(rules: RulesName) -> &'static str {
    match rules {
        RulesName::Preset(Preset::Japanese) => "Japanese",
        RulesName::Preset(Preset::Chinese) => "Chinese",
        RulesName::Preset(Preset::Aga) => "AGA",
        RulesName::Preset(Preset::Nz) => "New Zealand",
        RulesName::Preset(Preset::TrompTaylor) => "Tromp-Taylor",
        RulesName::Preset(Preset::Korean) => "Korean",
        RulesName::KataGo => "katago",
    }
}

/// How the record's own count differs from the one like it (area: Chinese, territory: Japanese): the ruleset,
/// the count compared with, the difference of margins, and why, where a term explains it. `None` when there is
/// no own count or it agrees.
fn own_count_difference(sc: &Score) -> Option<(RulesName, &'static str, f64, Option<String>)> {
    let own = sc.record_rules.as_ref()?;
    let (like, like_name) = match own.count.method {
        Method::Area => (&sc.chinese, "Chinese"),
        Method::Territory => (&sc.japanese, "Japanese"),
    };
    let difference = own.count.margin - like.margin;
    if difference.abs() < 1e-9 {
        return None;
    }
    // White's compensation lowers the margin: a smaller one under the record's rules raises it.
    let compensation = f64::from(like.handicap_compensation) - f64::from(own.count.handicap_compensation);
    let mut why = Vec::new();
    if compensation != 0.0 {
        why.push(format!(
            "{:+} handicap compensation ({} instead of {})",
            compensation, own.count.handicap_compensation, like.handicap_compensation
        ));
    }
    let rest = difference - compensation;
    if rest.abs() >= 1e-9 {
        let what = if own.rules == RulesName::Preset(Preset::TrompTaylor) {
            "every stone counted as it stands (Tromp-Taylor removes no dead stones)"
        } else {
            "the rest of the count"
        };
        why.push(format!("{:+} {what}", rest));
    }
    Some((own.rules, like_name, difference, (!why.is_empty()).then(|| why.join(", "))))
}

/// A count's result for a reader: a margin of 0 (SGF's `RE[0]`, kept so in JSON) is a draw.
pub(crate) fn shown(result: &str) -> &str {
    if result == "0" { "0 (draw)" } else { result }
}

/// A difference of margins (Black minus White) in words: "1 more for White".
fn leaning(difference: f64) -> String {
    let side = if difference > 0.0 { "Black" } else { "White" };
    format!("{} more for {side}", number(difference.abs()))
}

/// Whether every count shown has the same margin.
fn all_margins_agree(sc: &Score) -> bool {
    sc.margin_difference.abs() < 1e-9 && own_count_difference(sc).is_none()
}

/// One line for `check`: `score: Japanese W+3.5, Chinese W+3.5 (same margin); RE W+3.5: matches the Japanese count.`
pub fn one_line(game: &GameReport, s: &GameScore) -> String {
    let sc = &s.score;
    let mut line = format!("score: Japanese {}, Chinese {}", shown(&sc.japanese.result), shown(&sc.chinese.result));
    if let Some(own) = &sc.record_rules {
        let _ = write!(line, ", {} {}", title(own.rules), shown(&own.count.result));
    }
    let mut differences = Vec::new();
    if sc.margin_difference.abs() >= 1e-9 {
        differences.push(format!("Chinese margin {} than Japanese", leaning(sc.margin_difference)));
    }
    if let Some((rules, like, difference, _)) = own_count_difference(sc) {
        differences.push(format!("{} margin {} than {like}", title(rules), leaning(difference)));
    }
    if differences.is_empty() {
        line.push_str(" (same margin)");
    } else {
        let _ = write!(line, " ({})", differences.join("; "));
    }
    match s.dead_source {
        DeadSource::None => line.push_str(", every stone counted alive (no dead-stone information)"),
        // The verdict says so when it checks RE.
        DeadSource::Estimated if s.matches_record.is_none() => {
            let _ = write!(line, ", dead stones estimated{}", unsettled(s));
        }
        _ => {}
    }
    let _ = write!(line, "; {}", verdict(game, s));
    line
}

/// One row of the table: its label and how to read its cell from a count.
type Row<'a> = (&'a str, Box<dyn Fn(&Count) -> Option<String> + 'a>);

/// The full table for `score`.
pub fn table(game: &GameReport, s: &GameScore, name: &str) -> String {
    let sc = &s.score;
    let mut out = String::new();
    let re = game.result_text().map_or("-".into(), |r| escape_terminal(r).into_owned());
    let [w, h] = game.board_size.unwrap_or_default();
    let rules = game.rules.map_or("?", RulesName::as_str);
    let _ =
        writeln!(out, "{name}  {w}x{h}  komi {}  handicap {}  rules {rules}  RE {re}", number(sc.komi), sc.handicap);
    let mut columns: Vec<(String, &Count)> =
        vec![("Japanese (territory)".into(), &sc.japanese), ("Chinese (area)".into(), &sc.chinese)];
    if let Some(own) = &sc.record_rules {
        let kind = match own.count.method {
            Method::Territory => "territory",
            Method::Area => "area",
        };
        columns.push((format!("{} ({kind})", title(own.rules)), &own.count));
    }
    let width = 22;
    let mut header = format!("{:23}", "");
    for (title, _) in &columns {
        let _ = write!(header, "{title:>width$}");
    }
    let _ = writeln!(out, "{}", header.trim_end());
    let cell = |v: Option<String>| format!("{:>width$}", v.unwrap_or_else(|| "-".into()));
    for (label, pick_black) in [("Black", true), ("White", false)] {
        let side = |c: &Count| if pick_black { c.black.clone() } else { c.white.clone() };
        let rows: Vec<Row> = vec![
            ("territory", Box::new(|c: &Count| Some(side(c).territory.to_string()))),
            ("stones on board", Box::new(|c: &Count| side(c).stones.map(|n| n.to_string()))),
            ("prisoners", Box::new(|c: &Count| side(c).prisoners.map(|n| n.to_string()))),
            ("komi", Box::new(move |c: &Count| (!pick_black).then(|| number(c.komi)))),
            (
                "handicap comp.",
                Box::new(move |c: &Count| {
                    (!pick_black && c.method == Method::Area).then(|| c.handicap_compensation.to_string())
                }),
            ),
            ("total", Box::new(|c: &Count| Some(number(side(c).total)))),
        ];
        for (i, (row, value)) in rows.iter().enumerate() {
            if pick_black && (*row == "komi" || *row == "handicap comp.") {
                continue;
            }
            let mut line = format!("{:7}{:16}", if i == 0 { label } else { "" }, row);
            for (_, count) in &columns {
                line.push_str(&cell(value(count)));
            }
            let _ = writeln!(out, "{}", line.trim_end());
        }
    }
    let mut margin = format!("{:23}", "Margin");
    for (_, count) in &columns {
        let _ = write!(margin, "{:>width$}", shown(&format_margin(count.margin)));
    }
    if all_margins_agree(sc) {
        margin.push_str("   same margin");
    }
    let _ = writeln!(out, "{margin}");
    if let Some((rules, like, difference, why)) = own_count_difference(sc) {
        let because = why.map(|w| format!(": {w}")).unwrap_or_default();
        let _ = writeln!(
            out,
            "{} margin − {like} margin = {} (Black minus White){because}",
            title(rules),
            number(difference)
        );
    }
    if sc.margin_difference.abs() >= 1e-9 {
        let _ = writeln!(
            out,
            "Chinese margin − Japanese margin = {} (Black minus White), term by term:",
            number(sc.margin_difference)
        );
        for term in &sc.terms {
            if term.value != 0.0 {
                let _ = writeln!(out, "  {:+} {}: {}", term.value, term.name, escape_terminal(&term.detail));
            }
        }
    }
    match s.dead_source {
        DeadSource::Record => {
            let _ = writeln!(out, "Dead stones (from the record's TB/TW): {}", point_names(game, &sc.dead));
        }
        DeadSource::Cli => {
            let _ = writeln!(out, "Dead stones (from --dead): {}", point_names(game, &sc.dead));
        }
        DeadSource::None => {
            let _ = writeln!(out, "No dead-stone information: every stone counted alive.");
        }
        DeadSource::Estimated => {
            let _ = writeln!(out, "Dead stones (estimated): {}", point_names(game, &sc.dead));
            if let Some(e) = &s.estimate {
                for chain in e.dead_chains.iter().take(MAX_REASONS) {
                    let _ = writeln!(
                        out,
                        "  {} {}: {} (confidence {})",
                        chain.color,
                        point_names(game, &chain.stones),
                        escape_terminal(&chain.reason),
                        chain.confidence
                    );
                }
                if e.dead_chains.len() > MAX_REASONS {
                    let _ = writeln!(out, "  … and {} more chains", e.dead_chains.len() - MAX_REASONS);
                }
                for group in &e.uncertain {
                    let _ = writeln!(
                        out,
                        "  uncertain: {} {}: {}; counted {}",
                        group.color,
                        point_names(game, &group.stones),
                        escape_terminal(&group.why),
                        if group.counted_dead { "dead" } else { "alive" }
                    );
                }
            }
        }
    }
    let _ = writeln!(out, "{}", verdict(game, s));
    out
}

fn point_names(game: &GameReport, points: &[gotool_go::Point]) -> String {
    if points.is_empty() {
        return "none".into();
    }
    let height = game.board_size.map_or(19, |[_, h]| h);
    let names: Vec<String> = points.iter().take(24).map(|p| p.to_board_notation(height)).collect();
    let more = if points.len() > 24 { format!(" … ({} in all)", points.len()) } else { String::new() };
    format!("{}{more}", names.join(" "))
}
