//! SGF game → [`GameRecord`]: the one place that says which SGF property means what for a game. The root's game
//! information (`GM`, `FF`, `SZ`, `RU`, `KM`, `HA`, `AP`, `RE`, `PB`, `PW`, `DT`), each node's moves (`B`, `W`), setup
//! (`AB`, `AW`, `AE`, `PL`), territory markup (`TB`, `TW`) and root properties found elsewhere. Values are read
//! by [`values`]; what is malformed is kept for replay to report where the game reaches it.

use super::scan::{Collection, NONE, PropId, Span};
use super::values::{self, simple_text};
use crate::record::{
    self, BadValue, GameInfo, GameRecord, Handicap, InfoField, InfoFinding, Item, Komi, Markup, Node, RecordParts,
    RecordRules, RootProperty, SetupKind, TextSpan,
};
use gotool_go::{Color, Point, PointSet};
use gotool_model::{Diagnostic, ListCap, RecordedResult};

/// Reads game `index` of the collection.
pub fn read_game<'t>(c: &Collection<'t>, index: usize) -> GameRecord<'t> {
    let root = c.games[index];
    // The scanner stores each game's nodes from its root up to the next game's root, parents before children.
    let end = c.games.get(index + 1).copied().unwrap_or(c.nodes.len() as u32);
    let mut findings = Vec::new();
    let info = read_info(c, root, &mut findings);
    let size = info.as_ref().map(|i| (i.width, i.height));
    let Some((width, height)) = size else {
        return GameRecord::new(c.text, info, findings, RecordParts::default());
    };
    // A link to a node of this game, counted from its root; "none" stays none. (Branch-free: it runs three times
    // a node.)
    let local = |n: u32| n.wrapping_sub(root) | u32::from(n == NONE).wrapping_neg();
    let scanned = &c.nodes[root as usize..end as usize];
    let mut parts = RecordParts { items: Vec::with_capacity(scanned.len()), ..RecordParts::default() };
    let mut nodes = Vec::with_capacity(scanned.len());
    for (n, node) in (root..).zip(scanned) {
        let start = parts.items.len() as u32;
        // Most nodes hold one move of one value: read it without the general loop.
        let has_markup = if let [p] = c.properties_of(node)
            && matches!(p.id, PropId::B | PropId::W)
            && let [value] = *c.values(p)
        {
            parts.items.push(move_item(c, p.id, &[value], width, height));
            false
        } else {
            read_node(c, n, n == root, width, height, &mut parts)
        };
        nodes.push(Node {
            offset: node.offset,
            parent: local(node.parent),
            first_child: local(node.first_child),
            next_sibling: local(node.next_sibling),
            items: (start, parts.items.len() as u32),
        });
        if has_markup {
            parts.markups.push((n - root, read_markup(c, n, width, height)));
        }
    }
    parts.nodes = nodes;
    GameRecord::new(c.text, info, findings, parts)
}

/// The moves, setup and misplaced root properties of node `n`, in the order written. Returns whether the node
/// has territory markup (read by [`read_markup`]).
#[inline(never)]
fn read_node(c: &Collection, n: u32, is_root: bool, w: u8, h: u8, parts: &mut RecordParts) -> bool {
    let mut has_markup = false;
    for p in c.properties(n) {
        let item = match p.id {
            PropId::B | PropId::W => move_item(c, p.id, c.values(p), w, h),
            PropId::AB | PropId::AW | PropId::AE => {
                let kind = match p.id {
                    PropId::AB => SetupKind::Black,
                    PropId::AW => SetupKind::White,
                    _ => SetupKind::Empty,
                };
                let start = parts.rects.len() as u32;
                let mut bad = record::NONE;
                for &v in c.values(p) {
                    match values::parse_point_rect(c.slice(v), w, h) {
                        Ok(Some(rect)) => parts.rects.push(rect),
                        Ok(None) => {}
                        Err(e) => {
                            let (code, what) = e.describe(w, h);
                            bad = parts.bad_values.len() as u32;
                            parts.bad_values.push(BadValue { code, what, offset: v.start });
                            break;
                        }
                    }
                }
                Item::Setup { kind, rects: (start, parts.rects.len() as u32), bad }
            }
            PropId::PL => {
                // The scanner gives every property at least one value.
                let value = c.values(p)[0];
                Item::PlayerToMove {
                    color: values::parse_color(c.slice(value)),
                    written: span(value),
                    offset: p.ident.start,
                }
            }
            PropId::SZ | PropId::HA | PropId::KM if !is_root => {
                let property = match p.id {
                    PropId::SZ => RootProperty::Size,
                    PropId::HA => RootProperty::Handicap,
                    _ => RootProperty::Komi,
                };
                Item::MisplacedRootProperty { property, offset: p.ident.start }
            }
            PropId::TB | PropId::TW => {
                has_markup = true;
                continue;
            }
            _ => continue,
        };
        parts.items.push(item);
    }
    has_markup
}

/// A move property (`B` or `W`, per `id`) with its values, which the scanner guarantees are at least one.
/// Always inlined into `read_game`'s loop, where nearly every node is one move (left to itself, the compiler
/// stopped inlining it once `read_info` grew: 1.6 M more instructions over 200 KGS files).
#[inline(always)]
fn move_item(c: &Collection, id: PropId, values: &[Span], w: u8, h: u8) -> Item {
    let first = values[0];
    // Nearly every move is two letters: read them as bytes, without slicing the text.
    let letters = &c.text.as_bytes()[first.start as usize..first.end as usize];
    let value = match letters.len() {
        2 => values::parse_move_bytes(letters, w, h),
        _ => values::parse_move(c.slice(first), w, h),
    };
    let color = if id == PropId::B { Color::Black } else { Color::White };
    // With several values, `written` spans them all (`dd][cc`): the message shows what the record says.
    let last = values[values.len() - 1];
    let written = TextSpan { start: first.start, end: last.end };
    Item::Move { color, value, several_values: values.len() > 1, written }
}

/// A value's place in the text.
fn span(value: Span) -> TextSpan {
    TextSpan { start: value.start, end: value.end }
}

/// The TB/TW marks of node `n`, each list sorted as `Point` sorts. Values that are not points on the board come
/// back as `bad-markup` warnings.
#[inline(never)]
fn read_markup(c: &Collection, n: u32, w: u8, h: u8) -> Markup {
    // As sets of points: a compressed list costs one step per row, and a point named again costs nothing.
    let mut sets = [PointSet::empty(usize::from(w), usize::from(h)); 2];
    let mut findings = Vec::new();
    let mut listed = ListCap::default();
    for p in c.properties(n) {
        let slot = match p.id {
            PropId::TB => 0,
            PropId::TW => 1,
            _ => continue,
        };
        for &v in c.values(p) {
            // Nearly every value is one point: its bit, without a rectangle or a `Result`.
            if let Some(point) = Point::from_sgf(c.slice(v), w, h) {
                sets[slot].insert(usize::from(point.x), usize::from(point.y));
                continue;
            }
            match values::parse_point_rect(c.slice(v), w, h) {
                Ok(Some(rect)) => sets[slot].insert_rect(rect),
                Ok(None) => {}
                Err(e) => {
                    let Some(more) = listed.next("bad TB/TW values") else {
                        continue;
                    };
                    let (_, what) = e.describe(w, h);
                    findings.push(
                        Diagnostic::warning("bad-markup", format!("{}: {what}; ignored{more}", c.ident(p)))
                            .at(v.start as usize),
                    );
                }
            }
        }
    }
    Markup { marks: sets.each_ref().map(PointSet::sorted_points), findings }
}

/// Reads the root's game information. `None` when the game cannot be replayed (not Go, a bad size); the reason
/// is in `findings`.
#[inline(never)]
fn read_info(c: &Collection, root: u32, findings: &mut Vec<InfoFinding>) -> Option<GameInfo> {
    let mut found = |about: InfoField, diagnostic: Diagnostic| findings.push(InfoFinding { about, diagnostic });
    let (width, height) = read_game_and_size(c, root, &mut found)?;
    let rules = read_rules(c, root, &mut found);
    let komi = read_komi(c, root, &mut found);
    let handicap = read_handicap(c, root, &mut found);
    let in_zi = komi.as_ref().is_some_and(|k| k.in_zi);
    let result = c.first_value(root, PropId::RE).map(|(re, span)| {
        let text = simple_text(re);
        RecordedResult { outcome: values::parse_result(&text), text, in_zi, offset: Some(at(span)) }
    });
    let text = |id| c.first_value(root, id).map(|(v, _)| simple_text(v));
    Some(GameInfo {
        width,
        height,
        rules,
        komi,
        komi_written: c.first_value(root, PropId::KM).is_some(),
        handicap,
        result,
        black_player: text(PropId::PB),
        white_player: text(PropId::PW),
        year: c.first_value(root, PropId::DT).and_then(|(dt, _)| values::parse_year(dt)),
    })
}

/// Where a finding about the game information goes.
type Found<'a> = dyn FnMut(InfoField, Diagnostic) + 'a;

/// The byte offset of a value, for a finding's place.
fn at(span: Span) -> usize {
    span.start as usize
}

/// `GM` (a game of Go?), `FF` (a known version?) and `SZ`: the board's size, `None` when the game cannot be
/// replayed.
fn read_game_and_size(c: &Collection, root: u32, found: &mut Found) -> Option<(u8, u8)> {
    if let Some((gm, span)) = c.first_value(root, PropId::GM)
        && gm.trim() != "1"
    {
        let message = format!("GM[{gm}]: not a game of Go (GM[1]); not checked");
        found(InfoField::Game, Diagnostic::warning("not-go", message).at(at(span)));
        return None;
    }
    if let Some((ff, span)) = c.first_value(root, PropId::FF)
        && !matches!(ff.trim(), "1" | "2" | "3" | "4")
    {
        let message = format!("FF[{ff}] is not a known SGF version (1-4)");
        found(InfoField::Game, Diagnostic::warning("unknown-ff", message).at(at(span)));
    }
    let size = match c.first_value(root, PropId::SZ) {
        None => (19, 19),
        Some((sz, span)) => match values::parse_size(sz) {
            Ok(size) => size,
            Err(message) => {
                found(InfoField::Game, Diagnostic::error("bad-size", message).at(at(span)));
                return None;
            }
        },
    };
    if let Some(sz) = c.find(root, PropId::SZ)
        && c.properties(root).iter().filter(|p| p.id == PropId::SZ).count() > 1
    {
        let message = "SZ appears twice in the root node; the first is used";
        found(InfoField::Game, Diagnostic::warning("duplicate-property", message).at(sz.ident.start as usize));
    }
    Some(size)
}

/// `RU`, mapped onto a ruleset; Japanese, not recognised, when missing or unknown.
fn read_rules(c: &Collection, root: u32, found: &mut Found) -> RecordRules {
    let ru = c.first_value(root, PropId::RU).map(|(v, s)| (simple_text(v), s)).filter(|(v, _)| !v.is_empty());
    let mapped = values::parse_rules(ru.as_ref().map(|(v, _)| v.as_str()));
    match &ru {
        Some((v, span)) if !mapped.recognised => {
            let message = format!("RU[{v}] is not a ruleset gotool knows; checked as japanese");
            found(InfoField::Rules, Diagnostic::warning("unknown-rules", message).at(at(*span)));
        }
        None => found(InfoField::Rules, Diagnostic::info("no-rules", "no RU property; checked as japanese")),
        _ => {}
    }
    if let Some(note) = mapped.note {
        found(InfoField::Rules, Diagnostic::info("rules-approximated", note));
    }
    RecordRules { rules: mapped.rules, recognised: mapped.recognised, written: ru.is_some() }
}

/// Whether the root's `AP` names Fox, whose `KM` is written ×100 (its komi dialect).
pub fn is_fox_record(c: &Collection, root: u32) -> bool {
    c.properties(root)
        .iter()
        .filter(|p| p.id == PropId::AP)
        .flat_map(|p| c.values(p))
        .any(|&v| c.slice(v).to_ascii_lowercase().contains("fox"))
}

/// `KM` in its dialects (`AP` tells a Fox record); `None` when missing or unreadable.
fn read_komi(c: &Collection, root: u32, found: &mut Found) -> Option<Komi> {
    let fox = is_fox_record(c, root);
    let Some((km, span)) = c.first_value(root, PropId::KM) else {
        found(InfoField::Komi, Diagnostic::info("no-komi", "no KM property: komi 0"));
        return None;
    };
    match values::parse_komi(km, fox) {
        Ok(k) => {
            if let Some(from) = &k.normalised_from {
                let message = format!("KM[{from}] read as komi {}", k.value);
                found(InfoField::Komi, Diagnostic::info("normalised-komi", message).at(at(span)));
            }
            Some(k)
        }
        Err(message) => {
            found(InfoField::Komi, Diagnostic::warning("bad-komi", message).at(at(span)));
            None
        }
    }
}

/// `HA`, when it declares a handicap (2 stones or more).
fn read_handicap(c: &Collection, root: u32, found: &mut Found) -> Option<Handicap> {
    let (ha, span) = c.first_value(root, PropId::HA)?;
    match values::parse_handicap(ha) {
        Ok(stones) if stones >= 2 => Some(Handicap { stones, written: format!("HA[{}]", ha.trim()), offset: at(span) }),
        Ok(_) => None,
        Err(message) => {
            found(InfoField::Handicap, Diagnostic::warning("bad-handicap", message).at(at(span)));
            None
        }
    }
}
