//! SGF text out: a game tree of nodes of (identifier, values), written as `FF[4]` text with its values escaped.
//! The one SGF writer: `gotool convert` writes the records it reads from other formats with it, and `gotool fix`
//! writes repaired records with it. Knows nothing of what a property means; the caller decides which properties
//! a node holds and in which order.
//!
//! Layout: the root's properties on the first line, wrapped between properties (or between the values of a long
//! list) before a line grows past [`LINE_WIDTH`] characters; then one node per line; a variation opens with `(`
//! at the start of a line and closes with `)` at the end of its last node's line. A value is never broken: its
//! own line breaks (a comment's) are written as they are.
//!
//! Escaping (SGF `FF[4]` spec, "Text" and "Compose"): `\` and `]` are escaped in every value; `:` only in the
//! parts of a composed value (`LB[pd:a\:b]`), where an unescaped `:` separates the two parts.

use std::borrow::Cow;

/// Lines are wrapped before they grow past this many characters (when there is a place to wrap them).
pub const LINE_WIDTH: usize = 79;

/// A property value to write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// One value (`PB[Lee]`, `B[pd]`, `C[a:b]`): `\` and `]` are escaped.
    Plain(String),
    /// A composed value, two parts joined by `:` (`LB[pd:A]`, `AP[gotool:0.1]`): `\`, `]` and `:` are escaped
    /// in each part.
    Composed(String, String),
    /// A value already escaped, written between the brackets as it is (`gotool fix` keeps values as they were
    /// written). The caller makes sure that every `]` in it is escaped and that it does not end in an odd `\`.
    Escaped(String),
}

impl Value {
    /// A plain value.
    pub fn plain(text: impl Into<String>) -> Value {
        Value::Plain(text.into())
    }
}

/// One property of a node: its identifier and its values, unescaped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Property {
    /// The identifier as written (`FF[4]`: upper-case letters).
    pub ident: String,
    /// The values, in order; a property written with none gets one empty value (`B[]`).
    pub values: Vec<Value>,
}

/// A node: its properties in the order they are written, and its children (the first is the main line).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    /// The properties, in order.
    pub properties: Vec<Property>,
    /// The children, by index into the tree, first to last.
    pub children: Vec<usize>,
}

/// A game tree to write. Node 0 is the root; [`GameTree::add_child`] grows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameTree {
    nodes: Vec<Node>,
}

impl Default for GameTree {
    fn default() -> Self {
        GameTree::new()
    }
}

impl GameTree {
    /// The root node of the tree.
    pub const ROOT: usize = 0;

    /// A tree of one empty root node.
    pub fn new() -> GameTree {
        GameTree { nodes: vec![Node::default()] }
    }

    /// Adds an empty node as the last child of `parent`; returns its index.
    pub fn add_child(&mut self, parent: usize) -> usize {
        let index = self.nodes.len();
        self.nodes.push(Node::default());
        self.nodes[parent].children.push(index);
        index
    }

    /// Appends a property to node `node`. The identifier must be letters (upper case in `FF[4]`); that is not
    /// checked in release builds.
    pub fn push(&mut self, node: usize, ident: &str, values: Vec<Value>) {
        debug_assert!(!ident.is_empty() && ident.bytes().all(|b| b.is_ascii_alphabetic()), "identifier {ident:?}");
        self.nodes[node].properties.push(Property { ident: ident.to_string(), values });
    }

    /// Appends a property of one plain value to node `node`.
    pub fn push_text(&mut self, node: usize, ident: &str, text: impl Into<String>) {
        self.push(node, ident, vec![Value::Plain(text.into())]);
    }

    /// Node `n`.
    pub fn node(&self, n: usize) -> &Node {
        &self.nodes[n]
    }

    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree has only its root, with nothing in it.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1 && self.nodes[0].properties.is_empty()
    }
}

/// A value escaped for writing between `[` and `]`: `\` and `]` always, `:` when `colon` (a part of a composed
/// value). Borrowed when nothing needs escaping.
pub fn escape(value: &str, colon: bool) -> Cow<'_, str> {
    let needs = |c: char| c == '\\' || c == ']' || (colon && c == ':');
    if !value.chars().any(needs) {
        return Cow::Borrowed(value);
    }
    let mut out = String::with_capacity(value.len() + 8);
    for c in value.chars() {
        if needs(c) {
            out.push('\\');
        }
        out.push(c);
    }
    Cow::Owned(out)
}

/// Writes game trees as one collection, each tree starting on a line of its own; the text ends with a line break.
pub fn write_collection(trees: &[GameTree]) -> String {
    let mut w = Writer { out: String::new(), column: 0 };
    for tree in trees {
        if !w.out.is_empty() {
            w.newline();
        }
        w.tree(tree);
    }
    w.newline();
    w.out
}

/// Writes one game tree; the text ends with a line break.
pub fn write_tree(tree: &GameTree) -> String {
    write_collection(std::slice::from_ref(tree))
}

/// The text being written and the column its last line has reached (in characters).
struct Writer {
    out: String,
    column: usize,
}

/// What is left to write of a tree, last first.
enum Step {
    /// A node, on a new line unless it is the first after a `(`.
    Node { node: usize, new_line: bool },
    /// `(` on a new line, then this node.
    Variation(usize),
    /// `)`.
    Close,
}

impl Writer {
    fn put(&mut self, s: &str) {
        self.out.push_str(s);
        match s.rfind('\n') {
            Some(i) => self.column = s[i + 1..].chars().count(),
            None => self.column += s.chars().count(),
        }
    }

    fn newline(&mut self) {
        self.out.push('\n');
        self.column = 0;
    }

    /// Before writing `width` more characters: a line break if they would run past the width, unless the line
    /// holds nothing to break after yet.
    fn wrap(&mut self, width: usize, line_start: usize) {
        if self.column > line_start && self.column + width > LINE_WIDTH {
            self.newline();
        }
    }

    /// The tree, without recursion (variations can nest as deep as the record does).
    fn tree(&mut self, tree: &GameTree) {
        self.put("(");
        let mut steps = vec![Step::Close, Step::Node { node: GameTree::ROOT, new_line: false }];
        while let Some(step) = steps.pop() {
            match step {
                Step::Close => self.put(")"),
                Step::Variation(node) => {
                    self.newline();
                    self.put("(");
                    steps.push(Step::Node { node, new_line: false });
                }
                Step::Node { node, new_line } => {
                    if new_line {
                        self.newline();
                    }
                    self.node(tree.node(node));
                    match tree.node(node).children.as_slice() {
                        [] => {}
                        [only] => steps.push(Step::Node { node: *only, new_line: true }),
                        children => {
                            for &child in children.iter().rev() {
                                steps.push(Step::Close);
                                steps.push(Step::Variation(child));
                            }
                        }
                    }
                }
            }
        }
    }

    /// `;` and the node's properties, wrapped between properties and between values.
    fn node(&mut self, node: &Node) {
        self.put(";");
        // A continuation line may hold anything; the node's own line must keep its `;`.
        let line_start = 1;
        for p in &node.properties {
            let values: Vec<Cow<str>> = match p.values.as_slice() {
                [] => vec![Cow::Borrowed("[]")],
                values => values.iter().map(bracketed).collect(),
            };
            let first = values.first().map_or(0, |v| first_line_width(v));
            self.wrap(p.ident.len() + first, line_start);
            self.put(&p.ident);
            for (i, v) in values.iter().enumerate() {
                if i > 0 {
                    self.wrap(first_line_width(v), 0);
                }
                self.put(v);
            }
        }
    }
}

/// `[value]`, escaped.
fn bracketed(value: &Value) -> Cow<'static, str> {
    let text = match value {
        Value::Plain(text) => format!("[{}]", escape(text, false)),
        Value::Composed(a, b) => format!("[{}:{}]", escape(a, true), escape(b, true)),
        Value::Escaped(text) => format!("[{text}]"),
    };
    Cow::Owned(text)
}

/// The characters of `s` up to its first line break: how much it adds to the current line.
fn first_line_width(s: &str) -> usize {
    s.split('\n').next().map_or(0, |line| line.chars().count())
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::{Limits, NONE, scan_collection};

    /// A value as written between the brackets, unescaped (`\x` → `x`).
    fn unescape(raw: &str) -> String {
        let mut out = String::new();
        let mut chars = raw.chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' => out.extend(chars.next()),
                c => out.push(c),
            }
        }
        out
    }

    /// A composed value's raw text split at its first unescaped `:`.
    fn split_composed(raw: &str) -> Option<(&str, &str)> {
        let bytes = raw.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\\' => i += 2,
                b':' => return Some((&raw[..i], &raw[i + 1..])),
                _ => i += 1,
            }
        }
        None
    }

    /// Scans `text` and rebuilds its game trees as the writer's trees, reading each value back as `Plain`, or as
    /// `Composed` where `composed(ident)` says the property is.
    fn read_back(text: &str, composed: &dyn Fn(&str) -> bool) -> Vec<GameTree> {
        let (c, error) = scan_collection(text, &Limits::default());
        assert_eq!(error, None, "{text}");
        let mut trees = Vec::new();
        for &root in &c.games {
            let mut tree = GameTree::new();
            // (scanned node, tree node)
            let mut pending = vec![(root, GameTree::ROOT)];
            while let Some((n, t)) = pending.pop() {
                for p in c.properties(n) {
                    let ident = c.slice(p.ident);
                    let values = c
                        .values(p)
                        .iter()
                        .map(|&v| {
                            let raw = c.slice(v);
                            match split_composed(raw) {
                                Some((a, b)) if composed(ident) => Value::Composed(unescape(a), unescape(b)),
                                _ => Value::Plain(unescape(raw)),
                            }
                        })
                        .collect();
                    tree.push(t, ident, values);
                }
                let mut children = Vec::new();
                let mut child = c.node(n).first_child;
                while child != NONE {
                    children.push(child);
                    child = c.node(child).next_sibling;
                }
                for child in children {
                    let t_child = tree.add_child(t);
                    pending.push((child, t_child));
                }
                // Children were added in order; their own children are visited later, which keeps each
                // node's list in order.
            }
            trees.push(tree);
        }
        trees
    }

    /// The trees as (properties, children's shapes) in depth-first order, for comparing two trees that number
    /// their nodes differently.
    fn shape(tree: &GameTree) -> Vec<(Vec<Property>, usize)> {
        let mut out = Vec::new();
        let mut pending = vec![GameTree::ROOT];
        while let Some(n) = pending.pop() {
            let node = tree.node(n);
            out.push((node.properties.clone(), node.children.len()));
            pending.extend(node.children.iter().rev());
        }
        out
    }

    fn a_game() -> GameTree {
        let mut t = GameTree::new();
        for (ident, value) in [("GM", "1"), ("FF", "4"), ("CA", "UTF-8"), ("SZ", "19"), ("PB", "Lee ]\\ x")] {
            t.push_text(GameTree::ROOT, ident, value);
        }
        t.push(GameTree::ROOT, "AB", vec![Value::plain("dp"), Value::plain("pd")]);
        t.push(GameTree::ROOT, "AP", vec![Value::Composed("gotool".into(), "0.1:beta".into())]);
        let mut last = GameTree::ROOT;
        for (i, mv) in ["pp", "dd", "qf"].iter().enumerate() {
            last = t.add_child(last);
            t.push_text(last, if i % 2 == 0 { "W" } else { "B" }, *mv);
        }
        let a = t.add_child(last);
        t.push_text(a, "B", "");
        t.push_text(a, "C", "two\nlines: with ] and \\");
        let b = t.add_child(last);
        t.push_text(b, "B", "fq");
        let b2 = t.add_child(b);
        t.push_text(b2, "W", "fp");
        t
    }

    #[test]
    fn escapes_brackets_backslashes_and_colons_in_composed_parts() {
        assert_eq!(escape("plain", false), "plain");
        assert!(matches!(escape("plain", true), Cow::Borrowed(_)));
        assert_eq!(escape("a]b\\c:d", false), "a\\]b\\\\c:d");
        assert_eq!(escape("a]b\\c:d", true), "a\\]b\\\\c\\:d");
        assert_eq!(bracketed(&Value::Composed("pd".into(), "x:y".into())), "[pd:x\\:y]");
    }

    #[test]
    fn one_node_per_line_and_variations_in_parentheses() {
        let text = write_tree(&a_game());
        assert_eq!(
            text,
            "(;GM[1]FF[4]CA[UTF-8]SZ[19]PB[Lee \\]\\\\ x]AB[dp][pd]AP[gotool:0.1\\:beta]\n\
             ;W[pp]\n;B[dd]\n;W[qf]\n\
             (;B[]C[two\nlines: with \\] and \\\\])\n\
             (;B[fq]\n;W[fp]))\n"
        );
    }

    #[test]
    fn the_scanner_reads_back_every_property_and_value() {
        let tree = a_game();
        let back = read_back(&write_tree(&tree), &|ident| ident == "AP");
        assert_eq!(back.len(), 1);
        assert_eq!(shape(&back[0]), shape(&tree));
    }

    #[test]
    fn long_lines_wrap_between_properties_and_values_never_inside_one() {
        let mut t = GameTree::new();
        for i in 0..20 {
            t.push_text(GameTree::ROOT, "GN", format!("name number {i}"));
        }
        let points: Vec<Value> = (0..19).map(|x| Value::Plain(format!("{}a", (b'a' + x) as char))).collect();
        t.push(GameTree::ROOT, "AB", points);
        let long = "x".repeat(200);
        t.push_text(GameTree::ROOT, "C", long.clone());
        let text = write_tree(&t);
        for line in text.lines() {
            assert!(line.chars().count() <= LINE_WIDTH || line.contains(&long), "{line:?}");
        }
        assert!(text.lines().count() > 4, "{text}");
        assert_eq!(shape(&read_back(&text, &|_| false)[0]), shape(&t));
    }

    #[test]
    fn a_collection_puts_each_tree_on_its_own_line() {
        let text = write_collection(&[a_game(), GameTree::new()]);
        assert!(text.ends_with(")\n(;)\n"), "{text}");
        assert_eq!(read_back(&text, &|ident| ident == "AP").len(), 2);
    }

    #[test]
    fn deep_variations_are_written_without_recursion() {
        // A variation inside a variation, 50,000 deep.
        let mut t = GameTree::new();
        let mut node = GameTree::ROOT;
        for _ in 0..50_000 {
            let main = t.add_child(node);
            t.push_text(main, "B", "aa");
            let side = t.add_child(node);
            t.push_text(side, "W", "bb");
            node = side;
        }
        let text = write_tree(&t);
        assert_eq!(text.matches('(').count(), 100_001);
        assert_eq!(text.matches(')').count(), 100_001);
    }

    fn arb_text() -> impl Strategy<Value = String> {
        proptest::string::string_regex("[a-c :\\]\\\\\\[\n()é;]{0,12}").expect("regex")
    }

    /// A property: plain values under an identifier that does not start with `L`, or composed ones under `LB`.
    fn arb_property() -> BoxedStrategy<(String, Vec<Value>)> {
        prop_oneof![
            ("[A-KM-Z][A-Z]?", proptest::collection::vec(arb_text().prop_map(Value::Plain), 0..4)),
            proptest::collection::vec((arb_text(), arb_text()).prop_map(|(a, b)| Value::Composed(a, b)), 1..4)
                .prop_map(|values| ("LB".to_string(), values)),
        ]
        .boxed()
    }

    fn arb_node() -> BoxedStrategy<Vec<(String, Vec<Value>)>> {
        proptest::collection::vec(arb_property(), 0..4).boxed()
    }

    /// A tree of up to 12 nodes: each node's parent is an earlier node.
    fn arb_tree() -> impl Strategy<Value = GameTree> {
        (proptest::collection::vec((any::<prop::sample::Index>(), arb_node()), 0..12), arb_node()).prop_map(
            |(rest, root)| {
                let mut t = GameTree::new();
                for (ident, values) in root {
                    t.push(GameTree::ROOT, &ident, values);
                }
                for (parent, props) in rest {
                    let n = t.add_child(parent.index(t.len()));
                    for (ident, values) in props {
                        t.push(n, &ident, values);
                    }
                }
                t
            },
        )
    }

    proptest! {
        #[test]
        fn any_tree_round_trips_through_the_scanner(tree in arb_tree()) {
            let back = read_back(&write_tree(&tree), &|ident| ident == "LB");
            prop_assert_eq!(back.len(), 1);
            // A property written without values comes back with one empty value.
            let expected: Vec<(Vec<Property>, usize)> = shape(&tree)
                .into_iter()
                .map(|(props, children)| {
                    let props = props
                        .into_iter()
                        .map(|p| Property {
                            values: if p.values.is_empty() { vec![Value::plain("")] } else { p.values },
                            ident: p.ident,
                        })
                        .collect();
                    (props, children)
                })
                .collect();
            prop_assert_eq!(shape(&back[0]), expected);
        }
    }
}
