//! Finds the fixes of one text that scans cleanly, from what the layers below already know: the scanner's tree
//! with its byte positions, each game's record (its game information, items and misplaced root properties) and,
//! for `--cut-at-illegal`, its replay. Each fix comes with the byte-range edits that make it; nothing here
//! parses a property value: `sgf::values` does.

use super::FixOptions;
use super::code;
use super::edit::Edit;
use gotool_check::Plan;
use gotool_go::Color;
use gotool_model::format_margin;
use gotool_sgf::record::{GameRecord, Item, MoveValue, NONE};
use gotool_sgf::scan::{Collection, PropId, Property, is_tree_space};
use gotool_sgf::{read_game, values};

/// A fix: its code, what it does, where (a byte offset of the text it was found in) and its edits.
#[derive(Clone, Debug)]
pub(super) struct Fix {
    pub(super) code: &'static str,
    pub(super) message: String,
    pub(super) at: u32,
    pub(super) edits: Vec<Edit>,
}

/// Something that needs fixing but that `fix` leaves as it is (two readings are possible), with its place.
#[derive(Clone, Debug)]
pub(super) struct Note {
    pub(super) code: &'static str,
    pub(super) message: String,
    pub(super) at: u32,
}

/// What the finders are told.
pub(super) struct Context<'a> {
    pub(super) options: &'a FixOptions,
    /// The fixed file is UTF-8 and holds text beyond ASCII, or was transcoded: every `CA` says UTF-8.
    pub declare_utf8: bool,
    /// Root properties outside the root may be moved to it (turned off when moving one would change the game).
    pub(super) move_root_properties: bool,
    /// Replays games for `--cut-at-illegal`.
    pub(super) plan: &'a Plan,
}

/// What was found in one text.
#[derive(Default)]
pub(super) struct Found {
    pub(super) fixes: Vec<Fix>,
    pub(super) notes: Vec<Note>,
}

impl Found {
    fn fix(&mut self, code: &'static str, at: u32, message: String, edits: Vec<Edit>) {
        self.fixes.push(Fix { code, message, at, edits });
    }

    fn note(&mut self, code: &'static str, at: u32, message: String) {
        self.notes.push(Note { code, message, at });
    }
}

/// Properties whose values are lists: written twice in a node, their values are merged.
const LISTS: [&str; 15] = ["AB", "AW", "AE", "TB", "TW", "MA", "TR", "CR", "SQ", "SL", "AR", "LN", "LB", "DD", "VW"];

/// Text properties: written twice in a node, the later text is appended to the first.
const TEXTS: [&str; 2] = ["C", "GC"];

/// After the last byte of a property (its last `]`).
fn prop_end(c: &Collection, p: &Property) -> u32 {
    c.values(p).last().map_or(p.ident.end, |v| v.end + 1)
}

/// After the last byte of node `n`.
fn node_end(c: &Collection, n: u32) -> u32 {
    c.properties(n).last().map_or(c.nodes[n as usize].offset + 1, |p| prop_end(c, p))
}

/// The offset of the first byte at or after `at` that is not white space.
pub(super) fn skip_ws(text: &[u8], mut at: usize) -> usize {
    while at < text.len() && is_tree_space(text[at]) {
        at += 1;
    }
    at
}

/// The offset of the last byte before `at` that is not white space, if any.
pub(super) fn last_non_ws_before(text: &[u8], at: usize) -> Option<usize> {
    text[..at].iter().rposition(|b| !is_tree_space(*b))
}

/// Node `n` starts a variation: a `(` comes right before it.
fn starts_variation(c: &Collection, n: u32) -> bool {
    let offset = c.nodes[n as usize].offset as usize;
    last_non_ws_before(c.text.as_bytes(), offset).is_some_and(|i| c.text.as_bytes()[i] == b'(')
}

/// The edit that deletes property `i` of node `n` with the white space before it, so that deleting several
/// properties in a row gives edits that touch but do not overlap.
fn delete_prop(c: &Collection, n: u32, i: usize) -> Edit {
    let props = c.properties(n);
    let start = if i == 0 { c.nodes[n as usize].offset + 1 } else { prop_end(c, &props[i - 1]) };
    Edit::delete(start, prop_end(c, &props[i]))
}

/// A property as FF\[4\] writes it: the identifier's upper-case letters and the values as written.
fn written(c: &Collection, p: &Property) -> String {
    let first = c.values(p)[0].start as usize - 1;
    format!("{}{}", c.ident(p), &c.text[first..prop_end(c, p) as usize])
}

fn raw_values<'t>(c: &Collection<'t>, p: &Property) -> Vec<&'t str> {
    c.values(p).iter().map(|&v| c.slice(v)).collect()
}

/// A short, one-line preview of a text, for messages.
fn preview(text: &str) -> String {
    let one_line: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).take(24).collect();
    if text.chars().count() > 24 { format!("{one_line}…") } else { one_line }
}

/// A komi or margin as a plain decimal (`7.5`, `-1`, `3.75`).
fn decimal(value: f64) -> String {
    format!("{value}")
}

/// Every fix of a text that scanned cleanly into `c`.
pub(super) fn find(c: &Collection, cx: &Context) -> Found {
    let mut found = Found::default();
    junk(c, &mut found);
    for g in 0..c.games.len() {
        let record = read_game(c, g);
        let root = c.games[g];
        let end = c.games.get(g + 1).copied().unwrap_or(c.nodes.len() as u32);
        if cx.declare_utf8 {
            declare_utf8(c, root, end, &mut found);
        }
        let Some(info) = record.info.as_ref() else {
            // Not Go, or a board size gotool cannot read: nothing else is touched.
            continue;
        };
        let (w, h) = (info.width, info.height);
        root_info(c, &record, root, end, &mut found);
        for n in root..end {
            identifiers(c, n, &mut found);
            passes(c, n, w, h, &mut found);
            duplicates(c, n, &mut found);
            split_moves(c, n, &mut found);
            if n != root {
                empty_node(c, n, &mut found);
            }
        }
        komi(c, &record, root, cx, &mut found);
        root_properties(c, &record, root, end, cx, &mut found);
        if cx.options.normalise {
            handicap_stones(c, &record, root, &mut found);
        }
        if cx.options.cut_at_illegal {
            cut_at_illegal(c, &record, g, root, end, cx, &mut found);
        }
    }
    found
}

/// Text outside the game trees, with the white space that separates it from them.
fn junk(c: &Collection, found: &mut Found) {
    let bytes = c.text.as_bytes();
    for span in &c.junk {
        let (start, end) = (span.start as usize, span.end as usize);
        let after = skip_ws(bytes, end);
        let range = if after == bytes.len() {
            // At the end of the file: the white space before it goes, the file's last line break stays.
            (last_non_ws_before(bytes, start).map_or(0, |i| i + 1), end)
        } else {
            (start, after)
        };
        let message = format!("text outside the game trees removed: \"{}\"", preview(&c.text[start..end]));
        found.fix(code::JUNK, span.start, message, vec![Edit::delete(range.0 as u32, range.1 as u32)]);
    }
}

/// Every `CA` of the game says UTF-8, and the root has one.
fn declare_utf8(c: &Collection, root: u32, end: u32, found: &mut Found) {
    let mut in_root = false;
    for n in root..end {
        for p in c.properties(n).iter().filter(|p| p.id == PropId::CA) {
            in_root |= n == root;
            let value = c.values(p)[0];
            let declared = c.slice(value).trim();
            if !declared.eq_ignore_ascii_case("utf-8") || c.values(p).len() > 1 {
                let edit = Edit::replace(value.start, prop_end(c, p) - 1, "UTF-8");
                let message = match c.values(p).len() {
                    1 => format!("CA[{}] does not say how the file is written: CA[UTF-8]", preview(declared)),
                    n => format!("CA holds {n} values: CA[UTF-8]"),
                };
                found.fix(code::CA_UTF8, value.start, message, vec![edit]);
            }
        }
    }
    if !in_root {
        let at = c.nodes[root as usize].offset + 1;
        let message = "no CA in the root of a file written in UTF-8: CA[UTF-8] added".to_string();
        found.fix(code::CA_UTF8, at - 1, message, vec![Edit::insert(at, "CA[UTF-8]")]);
    }
}

/// `GM[1]`, `FF[4]` and `SZ[19]` added where the root lacks them and gotool reads the game so: as Go, and on a
/// 19x19 board that every move and setup stone is on.
fn root_info(c: &Collection, record: &GameRecord, root: u32, end: u32, found: &mut Found) {
    let mut missing = Vec::new();
    if c.find(root, PropId::GM).is_none() {
        missing.push("GM[1]");
    }
    if c.find(root, PropId::FF).is_none() {
        missing.push("FF[4]");
    }
    // A game with an `SZ` outside the root gets that one moved to the root, or none.
    if !(root..end).any(|n| c.find(n, PropId::SZ).is_some()) {
        let off_board = (0..record.nodes.len() as u32).any(|n| {
            record.items(n).iter().any(|item| match *item {
                Item::Move { value, .. } => matches!(value, MoveValue::OffBoard(_)),
                Item::Setup { bad, .. } => record.bad_value(bad).is_some_and(|b| b.code == "off-board"),
                _ => false,
            })
        });
        if !off_board {
            missing.push("SZ[19]");
        }
    }
    if missing.is_empty() {
        return;
    }
    let at = c.nodes[root as usize].offset + 1;
    let added = missing.concat();
    let message = format!(
        "the root has no {}: {added} added (what gotool reads it as)",
        missing.iter().map(|m| &m[..2]).collect::<Vec<_>>().join(", ")
    );
    found.fix(code::ROOT_INFO, at - 1, message, vec![Edit::insert(at, added)]);
}

/// FF\[3\] long names (`AddBlack`) and lower-case letters in identifiers (`Black`): written as FF\[4\] does,
/// the upper-case letters, which is how gotool (and every FF\[4\] reader) reads them.
fn identifiers(c: &Collection, n: u32, found: &mut Found) {
    for p in c.properties(n) {
        let ident = c.slice(p.ident);
        if ident.bytes().all(|b| b.is_ascii_uppercase()) {
            continue;
        }
        let upper = c.ident(p);
        let message = format!("{ident} is an old-style identifier (FF[3]): written {upper}");
        found.fix(code::IDENTIFIER, p.ident.start, message, vec![Edit::replace(p.ident.start, p.ident.end, upper)]);
    }
}

/// A move gotool reads as a pass but written otherwise (`B[tt]` on boards up to 19x19): `B[]`.
fn passes(c: &Collection, n: u32, w: u8, h: u8, found: &mut Found) {
    for p in c.properties(n).iter().filter(|p| matches!(p.id, PropId::B | PropId::W)) {
        let [value] = *c.values(p) else { continue };
        let raw = c.slice(value);
        if !raw.is_empty() && values::parse_move(raw, w, h) == MoveValue::Pass {
            let ident = c.ident(p);
            let message = format!("{ident}[{}] is a pass on a {w}x{h} board: written {ident}[]", preview(raw));
            found.fix(code::PASS, p.ident.start, message, vec![Edit::delete(value.start, value.end)]);
        }
    }
}

/// A property written more than once in a node: one property, the first.
fn duplicates(c: &Collection, n: u32, found: &mut Found) {
    let props = c.properties(n);
    if props.len() < 2 {
        return;
    }
    let idents: Vec<String> = props.iter().map(|p| c.ident(p)).collect();
    for (first, ident) in idents.iter().enumerate() {
        if idents[..first].contains(ident) {
            continue;
        }
        let later: Vec<usize> = (first + 1..props.len()).filter(|&i| idents[i] == *ident).collect();
        if later.is_empty() {
            continue;
        }
        let p = &props[first];
        let at = props[later[0]].ident.start;
        let first_values = raw_values(c, p);
        let all_same = later.iter().all(|&i| raw_values(c, &props[i]) == first_values);
        let mut edits = Vec::new();
        let message = if all_same {
            format!("{ident} is written {} times in this node with the same value: written once", later.len() + 1)
        } else if matches!(p.id, PropId::B | PropId::W | PropId::PL) {
            found.note(
                code::DUPLICATE_PROPERTY,
                at,
                format!(
                    "{ident} is written {} times in this node with different values: which holds? not fixed",
                    later.len() + 1
                ),
            );
            continue;
        } else if LISTS.contains(&ident.as_str()) {
            let mut have = first_values.clone();
            let mut added = String::new();
            for &i in &later {
                for v in raw_values(c, &props[i]) {
                    if !have.contains(&v) {
                        have.push(v);
                        added.push_str(&format!("[{v}]"));
                    }
                }
            }
            edits.push(Edit::insert(prop_end(c, p), added));
            format!("{ident} is written {} times in this node: its values merged into the first", later.len() + 1)
        } else if TEXTS.contains(&ident.as_str()) && c.values(p).len() == 1 {
            let texts: Vec<&str> = later.iter().flat_map(|&i| raw_values(c, &props[i])).collect();
            edits.push(Edit::insert(prop_end(c, p) - 1, format!("\n\n{}", texts.join("\n\n"))));
            format!("{ident} is written {} times in this node: the texts joined in the first", later.len() + 1)
        } else {
            format!("{ident} is written {} times in this node: the first, which gotool reads, is kept", later.len() + 1)
        };
        edits.extend(later.iter().map(|&i| delete_prop(c, n, i)));
        found.fix(code::DUPLICATE_PROPERTY, at, message, edits);
    }
}

/// A node holding a move of each colour: two nodes, in the order written (the order replay plays them in).
fn split_moves(c: &Collection, n: u32, found: &mut Found) {
    let props = c.properties(n);
    let moves: Vec<usize> = (0..props.len()).filter(|&i| matches!(props[i].id, PropId::B | PropId::W)).collect();
    let [a, b] = moves[..] else { return };
    if props[a].id == props[b].id || c.values(&props[a]).len() != 1 || c.values(&props[b]).len() != 1 {
        return;
    }
    // Setup is played before the moves whatever its place, and territory markup belongs to the last node: either
    // on the wrong side of the split would change the game.
    let setup_after = props[b..].iter().any(|p| matches!(p.id, PropId::AB | PropId::AW | PropId::AE | PropId::PL));
    let markup_before = props[..b].iter().any(|p| matches!(p.id, PropId::TB | PropId::TW));
    if setup_after || markup_before {
        return;
    }
    let (first, second) = (c.ident(&props[a]), c.ident(&props[b]));
    let at = props[b].ident.start;
    let message = format!("{first} and {second} in one node: split into two nodes, {first} then {second}");
    found.fix(code::SPLIT_MOVES, c.nodes[n as usize].offset, message, vec![Edit::insert(at, ";")]);
}

/// A node that holds no property (not the root): removed, and with it a variation it was all of. A variation that
/// is the first of several stays (removing it would make another line the main one), and so does a node that
/// the variations after it hang on.
fn empty_node(c: &Collection, n: u32, found: &mut Found) {
    if !c.properties(n).is_empty() {
        return;
    }
    let bytes = c.text.as_bytes();
    let node = c.nodes[n as usize];
    let after = skip_ws(bytes, node.offset as usize + 1);
    let delete_node = Edit::delete(node.offset, after as u32);
    if !starts_variation(c, n) {
        found.fix(code::EMPTY_NODE, node.offset, "empty node removed".to_string(), vec![delete_node]);
        return;
    }
    let child = node.first_child;
    if child != NONE {
        // The next node of the same sequence (not a variation) becomes the variation's first.
        if !starts_variation(c, child) && !c.properties(child).is_empty() {
            found.fix(code::EMPTY_NODE, node.offset, "empty node removed".to_string(), vec![delete_node]);
        }
        return;
    }
    let parent = c.nodes[node.parent as usize];
    if parent.first_child == n && node.next_sibling != NONE {
        return;
    }
    let (Some(open), true) = (last_non_ws_before(bytes, node.offset as usize), bytes.get(after) == Some(&b')')) else {
        return;
    };
    let start = last_non_ws_before(bytes, open).map_or(open, |i| i + 1);
    let edit = Edit::delete(start as u32, after as u32 + 1);
    found.fix(code::EMPTY_VARIATION, open as u32, "variation of one empty node removed".to_string(), vec![edit]);
}

/// `KM` in a dialect (Fox's ×100, a decimal comma): the plain decimal gotool reads it as; with `--normalise`,
/// komi in zi (quarter points) as points, with the results written in zi.
fn komi(c: &Collection, record: &GameRecord, root: u32, cx: &Context, found: &mut Found) {
    let Some(info) = record.info.as_ref() else { return };
    let (Some(k), Some(p)) = (info.komi.as_ref(), c.find(root, PropId::KM)) else { return };
    let Some(from) = k.normalised_from.as_deref() else { return };
    let value = c.values(p)[0];
    let fox = gotool_sgf::read::is_fox_record(c, root);
    let reads_as = |text: &str| values::parse_komi(text, fox).ok().map(|r| (r.value, r.in_zi));
    let zi_number = if k.in_zi { k.value / 2.0 } else { k.value };
    let as_written = from.replace(',', ".").parse::<f64>().ok();
    if from.contains(',') || as_written != Some(zi_number) {
        let text = decimal(zi_number);
        if reads_as(&text) == Some((k.value, k.in_zi)) {
            let how = if from.contains(',') { "a decimal comma" } else { "komi ×100 (Fox)" };
            let message = format!("KM[{from}] is {how}: written KM[{text}]");
            found.fix(code::KOMI, value.start, message, vec![Edit::replace(value.start, value.end, text)]);
        }
        return;
    }
    if !(cx.options.normalise && k.in_zi) {
        return;
    }
    let text = decimal(k.value);
    if reads_as(&text) != Some((k.value, false)) {
        return;
    }
    let mut edits = vec![Edit::replace(value.start, value.end, text.clone())];
    let mut message = format!("KM[{from}] is komi in zi (one zi is two points): written KM[{text}]");
    if let (Some(result), Some(re)) = (info.result.as_ref(), c.find(root, PropId::RE))
        && let Some(margin) = result.margin()
        && margin != 0.0
    {
        let written = format_margin(margin);
        let v = c.values(re)[0];
        edits.push(Edit::replace(v.start, v.end, written.clone()));
        message.push_str(&format!(", and RE[{}] in points, RE[{written}]", result.text));
    }
    found.fix(code::ZI, value.start, message, edits);
}

/// `SZ`, `KM` or `HA` outside the root, which gotool ignores there: moved to the root when the root lacks it,
/// it is on the main line and no other node of the game holds it (then it can only be the game's); dropped
/// when the root says the same.
fn root_properties(c: &Collection, record: &GameRecord, root: u32, end: u32, cx: &Context, found: &mut Found) {
    let main_line: Vec<u32> =
        std::iter::successors(Some(0u32), |&n| Some(record.node(n).first_child).filter(|&c| c != NONE)).collect();
    for local in 0..record.nodes.len() as u32 {
        for item in record.items(local) {
            let Item::MisplacedRootProperty { property, offset } = *item else { continue };
            let n = root + local;
            let props = c.properties(n);
            let Some(i) = props.iter().position(|p| p.ident.start == offset) else { continue };
            let p = &props[i];
            let name = property.property();
            let holders = (root..end).filter(|&m| c.properties(m).iter().any(|q| q.id == p.id)).count();
            match c.find(root, p.id) {
                Some(r) if raw_values(c, r) == raw_values(c, p) => {
                    let message = format!("{name} outside the root says what the root's says: removed");
                    found.fix(code::ROOT_PROPERTY, offset, message, vec![delete_prop(c, n, i)]);
                }
                Some(_) => found.note(
                    code::ROOT_PROPERTY,
                    offset,
                    format!("{name} outside the root differs from the root's (gotool reads the root's): not fixed"),
                ),
                None if cx.move_root_properties && holders == 1 && main_line.contains(&local) => {
                    let text = written(c, p);
                    let message =
                        format!("{text} outside the root moved to the root, where gotool reads it (it was ignored)");
                    let edits = vec![delete_prop(c, n, i), Edit::insert(node_end(c, root), text)];
                    found.fix(code::ROOT_PROPERTY, offset, message, edits);
                }
                None if !cx.move_root_properties => found.note(
                    code::ROOT_PROPERTY,
                    offset,
                    format!(
                        "{name} outside the root: moved to the root, it would change the game gotool reads; not moved"
                    ),
                ),
                None => found.note(
                    code::ROOT_PROPERTY,
                    offset,
                    format!("{name} outside the root, in a variation or more than once: whose is it? not moved"),
                ),
            }
        }
    }
}

/// `--normalise`: a game that declares a handicap (`HA[n]`) with no setup and whose first n moves are Black's,
/// each a stone on an empty point, before White's first: those moves are the handicap stones (Fox and KGS write
/// free placement so), written as `AB` in the root.
fn handicap_stones(c: &Collection, record: &GameRecord, root: u32, found: &mut Found) {
    let Some(h) = record.info.as_ref().and_then(|i| i.handicap.as_ref()) else { return };
    let stones = h.stones as usize;
    let mut points = Vec::new();
    let mut nodes = Vec::new();
    let mut local = 0u32;
    loop {
        let node = record.node(local);
        if node.next_sibling != NONE {
            return;
        }
        for item in record.items(local) {
            match *item {
                Item::Move { color: Color::Black, value: MoveValue::Play(p), several_values: false, .. }
                    if points.len() < stones && !points.contains(&p) && nodes.last() != Some(&local) =>
                {
                    points.push(p);
                    nodes.push(local);
                }
                Item::Move { color: Color::White, .. } if points.len() == stones => {
                    let n_root = root;
                    let mut edits = Vec::new();
                    for &m in &nodes {
                        let n = n_root + m;
                        let Some(i) = c.properties(n).iter().position(|p| p.id == PropId::B) else { return };
                        // A node that holds the move only goes with it (an empty node would be left).
                        edits.push(if c.properties(n).len() == 1 {
                            let start = c.nodes[n as usize].offset;
                            Edit::delete(
                                start,
                                skip_ws(c.text.as_bytes(), prop_end(c, &c.properties(n)[0]) as usize) as u32,
                            )
                        } else {
                            delete_prop(c, n, i)
                        });
                    }
                    let ab: String = points.iter().map(|p| format!("[{}]", p.to_sgf())).collect();
                    edits.push(Edit::insert(node_end(c, root), format!("AB{ab}")));
                    let message = format!(
                        "{} and no setup stones, but Black's first {stones} moves: written as handicap stones AB{ab}",
                        h.written
                    );
                    found.fix(code::HANDICAP_STONES, h.offset as u32, message, edits);
                    return;
                }
                _ => return,
            }
        }
        match node.first_child {
            NONE => return,
            child => local = child,
        }
    }
}

/// Where the subtree of node `n` ends in the text: after the last byte of its last node and of the `)` closing
/// the variations inside it (and its own, when `n` starts one). `None` when the text is not as the tree says.
fn subtree_end(c: &Collection, n: u32, end: u32, own_variation: bool) -> Option<usize> {
    // Nodes are stored depth first: the subtree runs up to the next sibling of the nearest of `n` and its
    // ancestors that has one.
    let mut x = n;
    let successor = loop {
        let node = c.nodes[x as usize];
        if node.next_sibling != NONE {
            break node.next_sibling;
        }
        match node.parent {
            NONE => break end,
            p => x = p,
        }
    };
    let last = successor - 1;
    let mut closing = usize::from(own_variation);
    let mut y = last;
    while y != n {
        closing += usize::from(starts_variation(c, y));
        y = c.nodes[y as usize].parent;
    }
    let bytes = c.text.as_bytes();
    let mut at = node_end(c, last) as usize;
    for _ in 0..closing {
        at = skip_ws(bytes, at);
        if bytes.get(at) != Some(&b')') {
            return None;
        }
        at += 1;
    }
    Some(at)
}

/// `--cut-at-illegal`: each line ends before its first illegal move (or setup); the nodes from there on go.
fn cut_at_illegal(c: &Collection, record: &GameRecord, g: usize, root: u32, end: u32, cx: &Context, found: &mut Found) {
    let mut plan = cx.plan.clone();
    plan.replay.all_variations = true;
    let (report, _) = gotool_replay::check_game(record, g, &plan.replay);
    let offsets: Vec<u32> = (root..end).map(|n| c.nodes[n as usize].offset).collect();
    let mut cut: Vec<u32> = Vec::new();
    for d in report.diagnostics.iter().filter(|d| d.is_error()) {
        if !matches!(
            d.code,
            "occupied"
                | "ko"
                | "suicide"
                | "superko"
                | "off-board"
                | "bad-coordinate"
                | "multiple-moves"
                | "illegal-setup"
        ) {
            continue;
        }
        let Some(offset) = d.offset else { continue };
        let Some(local) = offsets.partition_point(|&o| o as usize <= offset).checked_sub(1) else { continue };
        let n = root + local as u32;
        if cut.contains(&n) {
            continue;
        }
        cut.push(n);
        let what = match (d.move_number, d.color) {
            (Some(m), Some(color)) => match d.board_notation() {
                Some(point) => format!("move {m} ({color} {point})"),
                None => format!("move {m} ({color})"),
            },
            _ => "the setup".to_string(),
        };
        let at = c.nodes[n as usize].offset;
        let node = c.nodes[n as usize];
        if node.parent == NONE {
            found.note(code::CUT_AT_ILLEGAL, at, format!("{what} is illegal ({}) in the root: not cut", d.code));
            continue;
        }
        let own = starts_variation(c, n);
        let parent = c.nodes[node.parent as usize];
        if own && parent.first_child == n && node.next_sibling != NONE {
            found.note(
                code::CUT_AT_ILLEGAL,
                at,
                format!("{what} is illegal ({}) and starts the first of several variations: not cut", d.code),
            );
            continue;
        }
        let bytes = c.text.as_bytes();
        let start = if own { last_non_ws_before(bytes, at as usize).unwrap_or(0) } else { at as usize };
        let Some(stop) = subtree_end(c, n, end, own) else { continue };
        let message = format!("{what} is illegal ({}): the line ends before it", d.code);
        found.fix(code::CUT_AT_ILLEGAL, at, message, vec![Edit::delete(start as u32, stop as u32)]);
    }
}
