//! `--normalise`'s canonical layout: after every other fix, the whole collection is written again from its
//! scanned tree with the one SGF writer (`sgf::write`, the layout `gotool convert` writes), so that two files
//! holding the same records hold the same bytes:
//!
//! - the root's properties on the first line, after `(;`, wrapped between properties before a line grows past
//!   79 characters; then one node per line; a variation opens with `(` at the start of a line and closes with
//!   `)` at the end of its last node's line; each game tree starts on a line of its own; no white space outside
//!   values but these line breaks, and one line break at the end;
//! - the root's properties in a fixed order, [`ROOT_ORDER`] first, then the others as they were written; every
//!   other node's properties as they were written (the order replay takes them in);
//! - the values of text properties ([`TEXTS`]) escaped only where SGF needs it: `\` before `]`, `\` and a line
//!   break (a soft line break), and nowhere else; every other value (moves, points, numbers, properties gotool
//!   does not know) exactly as written, since gotool reads them as written.
//!
//! Nothing is dropped: every property, value, comment, line break inside a value, and variation is written.
//! A text in that layout is written again as it is (the layout is idempotent).

use std::borrow::Cow;

use gotool_sgf::scan::Collection;
use gotool_sgf::write::{GameTree, Value, write_collection};

/// The root's properties written first, in this order: what the file is, the board and the rules, the players,
/// the result, then where and when.
pub(super) const ROOT_ORDER: [&str; 23] = [
    "GM", "FF", "CA", "AP", "ST", "SZ", "KM", "HA", "RU", "TM", "OT", "PB", "BR", "BT", "PW", "WR", "WT", "RE", "DT",
    "EV", "RO", "PC", "GN",
];

/// The properties whose values are text (SGF `FF[4]`'s Text and SimpleText, but for `CA` and `DT`, which gotool
/// reads as written): escapes in them mean only the character escaped, so that only the needed ones are kept.
pub(super) const TEXTS: [&str; 21] = [
    "C", "GC", "N", "AN", "BR", "BT", "CP", "EV", "GN", "ON", "OT", "PB", "PC", "PW", "RE", "RO", "RU", "SO", "US",
    "WR", "WT",
];

/// A text value escaped only where SGF needs it: `\` is kept before `]`, `\` and a line break (a soft line
/// break, which readers drop) and dropped before any other character, which it stands for alone.
fn canonical_text(raw: &str) -> Cow<'_, str> {
    if !raw.contains('\\') {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some(e @ (']' | '\\' | '\n' | '\r')) => {
                out.push('\\');
                out.push(e);
            }
            Some(e) => out.push(e),
            // The scanner ends a value only at an unescaped `]`: a lone `\` cannot end one.
            None => out.push('\\'),
        }
    }
    if out == raw { Cow::Borrowed(raw) } else { Cow::Owned(out) }
}

/// The rank of a root property in [`ROOT_ORDER`], the others after.
fn root_rank(ident: &str) -> usize {
    ROOT_ORDER.iter().position(|&o| o == ident).unwrap_or(ROOT_ORDER.len())
}

/// The collection in the canonical layout.
pub(super) fn canonical(c: &Collection) -> String {
    let trees: Vec<GameTree> = (0..c.games.len()).map(|g| tree(c, g)).collect();
    write_collection(&trees)
}

/// Game `g` of the collection as the writer's tree.
fn tree(c: &Collection, g: usize) -> GameTree {
    let root = c.games[g];
    let end = c.games.get(g + 1).copied().unwrap_or(c.nodes.len() as u32);
    let mut tree = GameTree::new();
    // Nodes are stored depth first, each after its parent and after its earlier siblings' subtrees: adding each
    // as the last child of its parent gives every node its children in order.
    let mut index = Vec::with_capacity((end - root) as usize);
    for n in root..end {
        let at = match c.nodes[n as usize].parent {
            gotool_sgf::NONE => GameTree::ROOT,
            parent => tree.add_child(index[(parent - root) as usize]),
        };
        index.push(at);
        let mut props: Vec<_> = c.properties(n).iter().collect();
        if n == root {
            // Stable: properties of one identifier keep their order (gotool reads the first).
            props.sort_by_key(|p| root_rank(c.slice(p.ident)));
        }
        for p in props {
            let ident = c.slice(p.ident);
            let text = TEXTS.contains(&ident);
            let values = c
                .values(p)
                .iter()
                .map(|&v| {
                    let raw = c.slice(v);
                    Value::Escaped(if text { canonical_text(raw).into_owned() } else { raw.to_string() })
                })
                .collect();
            tree.push(at, ident, values);
        }
    }
    tree
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use gotool_sgf::{Limits, NONE, scan_collection};

    #[test]
    fn only_the_escapes_sgf_needs_are_kept_in_text() {
        assert_eq!(canonical_text("plain"), "plain");
        assert!(matches!(canonical_text("a \\] b \\\\ c"), Cow::Borrowed(_)));
        assert_eq!(canonical_text("\\a\\:b\\]\\\\\\\\\\c"), "a:b\\]\\\\\\\\c");
        assert_eq!(canonical_text("soft\\\nbreak, soft\\\r\nbreak"), "soft\\\nbreak, soft\\\r\nbreak");
        assert_eq!(canonical_text("\\\\\\x"), "\\\\x");
        assert_eq!(canonical_text("é\\ü"), "éü");
    }

    #[test]
    fn the_root_order_puts_the_others_last() {
        assert_eq!(root_rank("GM"), 0);
        assert_eq!(root_rank("GN"), ROOT_ORDER.len() - 1);
        assert_eq!(root_rank("AB"), ROOT_ORDER.len());
        assert_eq!(root_rank("XX"), ROOT_ORDER.len());
    }

    /// A property as written: its identifier and its raw values.
    type Prop = (String, Vec<String>);
    /// A node of a generated game: its parent (an earlier node) and its properties.
    type GenNode = (usize, Vec<Prop>);

    /// A property: an identifier (text, gotool-read, unknown) and raw values, each escaped where SGF needs it
    /// and, where `extra` says, before characters that need no escape.
    fn arb_property() -> impl Strategy<Value = Prop> {
        let idents = vec!["B", "W", "C", "GC", "PB", "RE", "SZ", "KM", "GM", "XX", "LB", "AB", "N", "DT", "CA", "FF"];
        let chars = vec!['a', 'b', ' ', ':', ']', '\\', '\n', '\r', 'é', '(', ';', '['];
        let value = proptest::collection::vec((any::<bool>(), prop::sample::select(chars)), 0..8).prop_map(|cs| {
            let mut raw = String::new();
            for (extra, c) in cs {
                if extra || matches!(c, ']' | '\\') {
                    raw.push('\\');
                }
                raw.push(c);
            }
            raw
        });
        (prop::sample::select(idents).prop_map(str::to_string), proptest::collection::vec(value, 1..3))
    }

    /// A tree of up to 10 nodes as (parent, properties), each parent an earlier node, and the white space put
    /// between its tokens.
    fn arb_game() -> impl Strategy<Value = (Vec<GenNode>, Vec<&'static str>)> {
        let nodes = proptest::collection::vec(
            (any::<prop::sample::Index>(), proptest::collection::vec(arb_property(), 0..4)),
            1..10,
        )
        .prop_map(|nodes| {
            nodes
                .into_iter()
                .enumerate()
                .map(|(i, (parent, props))| (if i == 0 { 0 } else { parent.index(i) }, props))
                .collect()
        });
        let gaps = proptest::collection::vec(prop::sample::select(vec!["", " ", "\n", "\r\n", "\t"]), 64);
        (nodes, gaps)
    }

    /// The game as SGF text, with the gaps between tokens.
    fn text_of(nodes: &[GenNode], gaps: &[&str]) -> String {
        let mut gap = gaps.iter().cycle();
        let mut out = String::new();
        fn write(n: usize, nodes: &[GenNode], gap: &mut dyn Iterator<Item = &&str>, out: &mut String) {
            out.push(';');
            for (ident, values) in &nodes[n].1 {
                out.push_str(gap.next().unwrap());
                out.push_str(ident);
                for v in values {
                    out.push_str(gap.next().unwrap());
                    out.push_str(&format!("[{v}]"));
                }
            }
            let children: Vec<usize> = (1..nodes.len()).filter(|&c| nodes[c].0 == n).collect();
            match children[..] {
                [] => {}
                [only] => {
                    out.push_str(gap.next().unwrap());
                    write(only, nodes, gap, out);
                }
                _ => {
                    for c in children {
                        out.push_str(gap.next().unwrap());
                        out.push('(');
                        write(c, nodes, gap, out);
                        out.push(')');
                    }
                }
            }
        }
        out.push('(');
        write(0, nodes, &mut gap, &mut out);
        out.push(')');
        out.push_str(gap.next().unwrap());
        out
    }

    /// Every node of a scanned text, depth first: its properties and values as written, and how many children.
    fn nodes_of(text: &str) -> Vec<(Vec<Prop>, usize)> {
        let (c, error) = scan_collection(text, &Limits::default());
        assert_eq!(error, None, "{text:?}");
        let mut out = Vec::new();
        let mut pending = vec![c.games[0]];
        while let Some(n) = pending.pop() {
            let props = c
                .properties(n)
                .iter()
                .map(|p| (c.slice(p.ident).to_string(), c.values(p).iter().map(|&v| c.slice(v).to_string()).collect()))
                .collect();
            let mut children = Vec::new();
            let mut child = c.nodes[n as usize].first_child;
            while child != NONE {
                children.push(child);
                child = c.nodes[child as usize].next_sibling;
            }
            out.push((props, children.len()));
            pending.extend(children.iter().rev());
        }
        out
    }

    proptest! {
        #[test]
        fn the_layout_keeps_everything_and_is_idempotent((nodes, gaps) in arb_game()) {
            let text = text_of(&nodes, &gaps);
            let (c, error) = scan_collection(&text, &Limits::default());
            prop_assert_eq!(error, None, "{:?}", text);
            let once = canonical(&c);
            let (again, error) = scan_collection(&once, &Limits::default());
            prop_assert_eq!(error, None, "{:?}", once);
            prop_assert_eq!(&canonical(&again), &once, "not idempotent on {:?}", text);
            prop_assert!(once.ends_with(")\n"), "{:?}", once);
            // The same tree, each node's properties in their order (the root's: the fixed order first), values as
            // written or, in text, with only the needed escapes.
            let expected: Vec<_> = nodes_of(&text)
                .into_iter()
                .enumerate()
                .map(|(i, (mut props, children))| {
                    if i == 0 {
                        props.sort_by_key(|(ident, _)| root_rank(ident));
                    }
                    for (ident, values) in &mut props {
                        if TEXTS.contains(&ident.as_str()) {
                            for v in values.iter_mut() {
                                *v = canonical_text(v).into_owned();
                            }
                        }
                    }
                    (props, children)
                })
                .collect();
            prop_assert_eq!(nodes_of(&once), expected, "{:?} → {:?}", text, once);
        }
    }
}
