//! The layers of the code (#42), read from the source: no crate's modules use each other in a cycle, and no
//! library crate depends on the command line's crates. Cargo already refuses a cycle between crates; inside
//! one crate a cycle still compiles, so it is looked for here.
//!
//! A module is a top-level module of a crate (`src/foo.rs` or `src/foo/…`). Module `a` uses module `b` when a
//! file of `a` names `crate::b` (or an item the crate root re-exports from `b`), in code or in a doc link.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The crates of the workspace: the binary package at the root and the library crates under `crates/`.
fn crate_sources() -> Vec<(String, PathBuf)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut crates = vec![("gotool".to_string(), root.join("src"))];
    let mut libraries: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .expect("crates/ is there")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.join("Cargo.toml").is_file())
        .collect();
    libraries.sort();
    for dir in libraries {
        let name = format!("gotool-{}", dir.file_name().unwrap().to_string_lossy());
        crates.push((name, dir.join("src")));
    }
    crates
}

/// A source file: the top-level module it belongs to (`None` for the crate root), how deep its module is
/// (`src/a.rs` and `src/a/mod.rs` 1, `src/a/b.rs` 2), and its text.
struct SourceFile {
    module: Option<String>,
    depth: usize,
    text: String,
}

/// Every `.rs` file below `dir`.
fn files_by_module(dir: &Path) -> Vec<SourceFile> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("a source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path.strip_prefix(dir).unwrap();
                let first = relative.components().next().unwrap().as_os_str().to_string_lossy().to_string();
                let module = match first.as_str() {
                    "lib.rs" | "main.rs" => None,
                    name => Some(name.trim_end_matches(".rs").to_string()),
                };
                let parts = relative.components().count();
                let depth = if path.file_name().is_some_and(|n| n == "mod.rs") { parts - 1 } else { parts };
                let text = std::fs::read_to_string(&path).expect("a source file");
                out.push(SourceFile { module, depth, text });
            }
        }
    }
    out
}

/// The paths of a file at `depth` that start at the crate root: after `crate::`, or after as many `super::` as
/// the file is deep. `crate::a::b` gives `a`; `crate::{a, b::c}` gives `a` and `b`.
fn crate_paths(text: &str, depth: usize) -> Vec<String> {
    let mut names = root_paths(text, "crate::");
    names.extend(root_paths(text, &"super::".repeat(depth)));
    names
}

/// The names after `prefix` (a path to the crate root) in `text`, not preceded by a part of a longer path.
fn root_paths(text: &str, prefix: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(prefix) {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + prefix.len()..];
        if rest.starts_with("super::") {
            continue; // a longer run of `super::`, which leaves the crate
        }
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue; // `gotool_crate::` or `a::super::`: not a path from this crate's root
        }
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            names.extend(group[..end].split(',').map(|p| ident(p.trim())).filter(|n| !n.is_empty()));
        } else {
            names.push(ident(rest));
        }
    }
    names
}

fn ident(text: &str) -> String {
    text.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect()
}

/// What the crate root re-exports, by name: `pub use scan::{Limits, Span};` maps `Limits` and `Span` to `scan`.
fn reexports(root_text: &str) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    for line in root_text.split(';') {
        let line = line.trim();
        let Some(path) = line.strip_prefix("pub use ") else { continue };
        let module = ident(path);
        let items = path[module.len()..].trim_start_matches("::");
        let items = items.trim_start_matches('{').trim_end_matches('}');
        for item in items.split(',') {
            let name = item.rsplit("::").next().unwrap_or("").trim();
            let name = name.rsplit(" as ").next().unwrap_or(name).trim();
            if !name.is_empty() {
                map.insert(name.to_string(), module.clone());
            }
        }
    }
    map
}

/// The module graph of one crate: for each top-level module, the others it uses.
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let files = files_by_module(src);
    let modules: BTreeSet<String> = files.iter().filter_map(|f| f.module.clone()).collect();
    let root_text: String = files.iter().filter(|f| f.module.is_none()).map(|f| f.text.as_str()).collect();
    let reexported = reexports(&root_text);
    let mut graph: BTreeMap<String, BTreeSet<String>> = modules.iter().map(|m| (m.clone(), BTreeSet::new())).collect();
    for file in &files {
        let Some(module) = &file.module else { continue };
        for name in crate_paths(&file.text, file.depth) {
            let target = if modules.contains(&name) { Some(&name) } else { reexported.get(&name) };
            if let Some(target) = target.filter(|t| *t != module) {
                graph.get_mut(module).unwrap().insert(target.clone());
            }
        }
    }
    graph
}

/// A cycle in `graph`, as the modules along it, if there is one.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    // Depth-first search with the path on a stack: an edge back to a module on the path closes a cycle.
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        done: &mut BTreeSet<String>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut cycle = path[at..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, done, path) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|node| visit(node, graph, &mut done, &mut Vec::new()))
}

#[test]
fn no_crate_has_a_module_cycle() {
    for (name, src) in crate_sources() {
        let graph = module_graph(&src);
        if let Some(cycle) = find_cycle(&graph) {
            panic!("{name}: the modules use each other in a cycle: {}", cycle.join(" → "));
        }
    }
}

#[test]
fn the_cycle_finder_finds_a_cycle() {
    // The check above must be able to fail: `a` uses `b` through a re-export, `b` uses `a` by name.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("lib.rs"), "mod a;\nmod b;\npub use b::{Thing, other::Other};\n").unwrap();
    std::fs::write(dir.path().join("a.rs"), "use super::Thing;\n").unwrap();
    std::fs::create_dir(dir.path().join("b")).unwrap();
    std::fs::write(dir.path().join("b/mod.rs"), "mod c;\npub struct Thing;\n").unwrap();
    std::fs::write(dir.path().join("b/c.rs"), "/// See [`x`](super::super::a::x).\npub struct Other;\n").unwrap();
    let graph = module_graph(dir.path());
    assert_eq!(find_cycle(&graph), Some(vec!["a".to_string(), "b".to_string(), "a".to_string()]));
    std::fs::write(dir.path().join("b/c.rs"), "/// See [`x`](super::x).\npub struct Other;\n").unwrap();
    assert_eq!(find_cycle(&module_graph(dir.path())), None);
}

#[test]
fn library_crates_do_not_depend_on_the_command_line_crates() {
    const CLI_ONLY: [&str; 6] = ["clap", "clap_mangen", "indicatif", "console", "ctrlc", "mimalloc"];
    for (name, src) in crate_sources().into_iter().filter(|(n, _)| n != "gotool") {
        let manifest = std::fs::read_to_string(src.parent().unwrap().join("Cargo.toml")).unwrap();
        let dependencies = manifest.split("[dependencies]").nth(1).unwrap_or("").split("\n[").next().unwrap_or("");
        for line in dependencies.lines() {
            let dependency = line.split(['=', ' ']).next().unwrap_or("").trim();
            assert!(
                !CLI_ONLY.contains(&dependency),
                "{name} depends on {dependency}, which only the command line needs"
            );
        }
    }
}
