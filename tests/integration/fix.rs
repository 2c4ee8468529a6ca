//! `gotool fix`: each fix on a small record written in the test (its code, place and result), the dry run that
//! touches nothing, `--write` (atomic, `--backup`), `--out-dir`, `--diff`, the JSON report against
//! `schema/fix.schema.json`, and the promise on the corpus: `check` reads the same games from the fixed files,
//! without the problems fixed, and fixing them again changes nothing.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::util::{Run, gotool, run_in};

/// A folder with the named files in it.
pub(crate) fn folder(files: &[(&str, &[u8])]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in files {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
    dir
}

/// Every file under `dir`, with its bytes, sorted by path.
pub(crate) fn contents(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<(PathBuf, Vec<u8>)> =
        walk(dir).into_iter().map(|p| (p.clone(), std::fs::read(p).unwrap())).collect();
    files.sort();
    files
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}

/// `gotool fix --format json <args>` in `dir`: the exit status and the document.
pub(crate) fn fix_json(dir: &Path, args: &[&str]) -> (i32, Value) {
    let mut all = vec!["fix", "-q", "--format", "json"];
    all.extend_from_slice(args);
    let r = run_in(dir, &all);
    (r.code, r.json())
}

/// The fixed text of one record (`fix --out-dir`), its fix codes, and the exit status of the dry run.
fn fixed(sgf: &str, flags: &[&str]) -> (String, Vec<String>) {
    let dir = folder(&[("in/a.sgf", sgf.as_bytes())]);
    let mut args = vec!["--out-dir", "out"];
    args.extend_from_slice(flags);
    args.push("in/a.sgf");
    let (code, doc) = fix_json(dir.path(), &args);
    let file = &doc["files"][0];
    assert_eq!(code, i32::from(!file["error"].is_null()), "{doc:#}");
    let codes = file["fixes"].as_array().unwrap().iter().map(|f| f["code"].as_str().unwrap().to_string()).collect();
    (std::fs::read_to_string(dir.path().join("out/a.sgf")).unwrap(), codes)
}

#[test]
fn each_fix_on_a_small_record() {
    let cases: &[(&str, &str, &str)] = &[
        ("(;GM[1]FF[4]SZ[19]\n;B[pd];W[dd]\n;B[pp]\n", "close-tree", "(;GM[1]FF[4]SZ[19]\n;B[pd];W[dd]\n;B[pp])\n"),
        ("(;GM[1]FF[4]SZ[19];B[pd];W[dd]\n", "close-tree", "(;GM[1]FF[4]SZ[19];B[pd];W[dd])\n"),
        ("(;GM[1]FF[4]SZ[19];B[pd];W[dd](;B[aa]\n", "close-tree", "(;GM[1]FF[4]SZ[19];B[pd];W[dd](;B[aa]))\n"),
        ("(;GM[1]FF[4]SZ[19];B[pd]C[a comment cut\n", "close-tree", "(;GM[1]FF[4]SZ[19];B[pd]C[a comment cut])\n"),
        ("(GM[1]FF[4]SZ[19];B[pd];W[dd])\n", "missing-semicolon", "(;GM[1]FF[4]SZ[19];B[pd];W[dd])\n"),
        ("From: a@b\n\n(;GM[1]FF[4]SZ[19];B[pd])\nthanks!\n", "junk", "(;GM[1]FF[4]SZ[19];B[pd])\n"),
        ("(;GM[1]FF[4]SZ[19];B[pd]()(;W[dd]))\n", "empty-variation", "(;GM[1]FF[4]SZ[19];B[pd](;W[dd]))\n"),
        ("(;GM[1]FF[4]SZ[19];B[pd](;W[dd])(;))\n", "empty-variation", "(;GM[1]FF[4]SZ[19];B[pd](;W[dd]))\n"),
        ("(;GM[1]FF[4]SZ[19];B[pd];;W[dd];)\n", "empty-node", "(;GM[1]FF[4]SZ[19];B[pd];W[dd])\n"),
        ("(;GM[1]FF[4]SZ[19]SZ[19];B[pd])\n", "duplicate-property", "(;GM[1]FF[4]SZ[19];B[pd])\n"),
        ("(;GM[1]FF[4]SZ[19]KM[6.5]KM[7.5];B[pd])\n", "duplicate-property", "(;GM[1]FF[4]SZ[19]KM[6.5];B[pd])\n"),
        ("(;GM[1]FF[4]SZ[19]AB[aa]AB[bb][aa];W[pd])\n", "duplicate-property", "(;GM[1]FF[4]SZ[19]AB[aa][bb];W[pd])\n"),
        ("(;GM[1]FF[4]SZ[19];B[pd]C[one]C[two])\n", "duplicate-property", "(;GM[1]FF[4]SZ[19];B[pd]C[one\n\ntwo])\n"),
        ("(;GM[1]FF[4]SZ[19];B[pd]W[dd]C[x];B[pp])\n", "split-moves", "(;GM[1]FF[4]SZ[19];B[pd];W[dd]C[x];B[pp])\n"),
        ("(;GM[1]FF[4];B[jd]SZ[13]KM[6.5];W[dd])\n", "root-property", "(;GM[1]FF[4]SZ[13]KM[6.5];B[jd];W[dd])\n"),
        ("(;GM[1]FF[4]SZ[19]KM[6,5];B[pd])\n", "komi", "(;GM[1]FF[4]SZ[19]KM[6.5];B[pd])\n"),
        ("(;GM[1]FF[4]SZ[19]AP[foxwq]KM[375];B[pd])\n", "komi", "(;GM[1]FF[4]SZ[19]AP[foxwq]KM[3.75];B[pd])\n"),
        ("(;GM[1]FF[4]SZ[19];B[pd];W[tt];B[dd])\n", "pass", "(;GM[1]FF[4]SZ[19];B[pd];W[];B[dd])\n"),
        ("(;GM[1]FF[3]SZ[19]AddBlack[aa];White[pd])\n", "identifier", "(;GM[1]FF[3]SZ[19]AB[aa];W[pd])\n"),
        ("(;GM[1]FF[4]SZ[19]AddWhite[aa]Comment[hi];B[pd])\n", "identifier", "(;GM[1]FF[4]SZ[19]AW[aa]C[hi];B[pd])\n"),
        ("(;B[pd];W[dd])\n", "root-info", "(;GM[1]FF[4]SZ[19]B[pd];W[dd])\n"),
        ("(;FF[4]SZ[9];B[ee])\n", "root-info", "(;GM[1]FF[4]SZ[9];B[ee])\n"),
        // A setup stone off the board is kept as it is, after the bytes added before it.
        ("(;FF[4]SZ[19]AB[zz];B[aa])\n", "root-info", "(;GM[1]FF[4]SZ[19]AB[zz];B[aa])\n"),
        ("\u{FEFF}(;GM[1]FF[4]SZ[19];B[pd])\n", "bom", "(;GM[1]FF[4]SZ[19];B[pd])\n"),
        (
            "(;GM[1]FF[4]SZ[19]CA[ISO-8859-1]PB[Jörg];B[pd])\n",
            "ca-utf8",
            "(;GM[1]FF[4]SZ[19]CA[UTF-8]PB[Jörg];B[pd])\n",
        ),
    ];
    for (input, code, output) in cases {
        let (text, codes) = fixed(input, &[]);
        assert_eq!(text, *output, "{code} on {input:?}");
        assert!(codes.iter().any(|c| c == code), "{input:?}: {codes:?}, not {code}");
        // Fixed once, nothing more to fix.
        let (again, codes) = fixed(&text, &[]);
        assert_eq!((again.as_str(), codes.len()), (text.as_str(), 0), "{input:?} fixed twice: {codes:?}");
    }
}

#[test]
fn a_known_charset_is_written_as_utf8() {
    // GB2312 declared: the names come out in UTF-8 with CA[UTF-8], and check reads the same names.
    let gb: &[u8] = b"(;GM[1]FF[4]SZ[19]CA[GB2312]PB[\xc4\xe3\xba\xc3]PW[\xca\xc0\xbd\xe7];B[pd];W[dd])\n";
    let dir = folder(&[("a.sgf", gb)]);
    let (code, doc) = fix_json(dir.path(), &["--write", "a.sgf"]);
    assert_eq!(code, 0, "{doc:#}");
    let codes: Vec<&str> =
        doc["files"][0]["fixes"].as_array().unwrap().iter().map(|f| f["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["utf8", "ca-utf8"]);
    let text = std::fs::read_to_string(dir.path().join("a.sgf")).unwrap();
    assert_eq!(text, "(;GM[1]FF[4]SZ[19]CA[UTF-8]PB[你好]PW[世界];B[pd];W[dd])\n");
}

#[test]
fn a_file_in_an_unknown_charset_keeps_its_bytes() {
    // Latin-1 without CA: read as windows-1252 for want of better; only the fix's bytes change.
    let bytes: &[u8] = b"(;GM[1]FF[4]SZ[19]PB[J\xf6rg]KM[6,5];B[pd])\n";
    let (_, after) = {
        let dir = folder(&[("a.sgf", bytes)]);
        let (code, doc) = fix_json(dir.path(), &["--write", "a.sgf"]);
        assert_eq!(code, 0, "{doc:#}");
        (doc, std::fs::read(dir.path().join("a.sgf")).unwrap())
    };
    assert_eq!(after, b"(;GM[1]FF[4]SZ[19]PB[J\xf6rg]KM[6.5];B[pd])\n");
}

#[test]
fn a_fix_that_would_change_how_the_bytes_are_read_leaves_the_file_alone() {
    // Big5 bytes cut short at the end: read as windows-1252 (no multi-byte charset reads a lone lead byte).
    // Closing the value and the tree after it would make the bytes read as Big5, which takes the `]` into a
    // character: check would read another file.
    let mut big5: Vec<u8> = b"(;GM[1]FF[4]SZ[19];B[pd]C[".to_vec();
    big5.extend_from_slice(b"\xb6\xc2\xb4\xd1\xb3o\xa4@\xa4\xe2\xab\xdc\xa6n\xaa");
    // NUL bytes in two comments, one at an even offset and one at an odd one: not UTF-16. The canonical layout
    // drops the space before the second comment, and both would be at even offsets: UTF-16LE.
    let nul: &[u8] = b"(;GM[1]FF[4]SZ[19]C[(\0;\0[\0(\0]\n;B[pd])\n(;GM[1]FF[4]SZ[19] C[(\0;\0[\0(\0]\n;B[dd])\n";
    for (bytes, flags) in [(&big5[..], &[][..]), (nul, &["--normalise"][..])] {
        let dir = folder(&[("a.sgf", bytes)]);
        let mut args = vec!["--write"];
        args.extend_from_slice(flags);
        args.push("a.sgf");
        let (code, doc) = fix_json(dir.path(), &args);
        let error = &doc["files"][0]["error"];
        assert_eq!((code, error["code"].as_str()), (1, Some("charset")), "{doc:#}");
        assert!(error["message"].as_str().unwrap().starts_with("the fixed file would be read as "), "{doc:#}");
        assert_eq!(std::fs::read(dir.path().join("a.sgf")).unwrap(), bytes, "left as it was");
    }
}

#[test]
fn the_options_that_change_the_game() {
    let illegal = "(;GM[1]FF[4]SZ[19];B[pd];W[pd];B[dd](;W[pp])(;W[dp]))\n";
    assert_eq!(fixed(illegal, &[]).1.len(), 0, "nothing without --cut-at-illegal");
    let (text, codes) = fixed(illegal, &["--cut-at-illegal"]);
    assert_eq!((text.as_str(), codes), ("(;GM[1]FF[4]SZ[19];B[pd])\n", vec!["cut-at-illegal".to_string()]));
    // In a variation that is not the first: that variation goes.
    let (text, _) = fixed("(;GM[1]FF[4]SZ[19];B[pd](;W[dd])(;W[pd];B[aa]))\n", &["--cut-at-illegal"]);
    assert_eq!(text, "(;GM[1]FF[4]SZ[19];B[pd](;W[dd]))\n");

    let handicap = "(;GM[1]FF[4]SZ[19]HA[2]KM[0.5];B[pd];B[dp];W[dd];B[pp])\n";
    assert_eq!(fixed(handicap, &[]).1.len(), 0, "nothing without --normalise");
    // --normalise also writes the canonical layout (below): KM before HA, one node per line.
    let (text, codes) = fixed(handicap, &["--normalise"]);
    assert_eq!(text, "(;GM[1]FF[4]SZ[19]KM[0.5]HA[2]AB[pd][dp]\n;W[dd]\n;B[pp])\n");
    // In the order of their places: the layout's first change is KM's place.
    assert_eq!(codes, ["layout", "handicap-stones"]);
    let (text, codes) = fixed("(;GM[1]FF[4]SZ[19]KM[3.75]RE[W+0.25];B[pd];W[dd])\n", &["--normalize"]);
    assert_eq!(text, "(;GM[1]FF[4]SZ[19]KM[7.5]RE[W+0.5]\n;B[pd]\n;W[dd])\n");
    assert_eq!(codes, ["zi", "layout"]);
}

#[test]
fn normalise_writes_the_canonical_layout() {
    let cases: &[(&str, &str)] = &[
        // The root's properties in their fixed order, the others after them as written; one node per line;
        // variations on lines of their own; text escaped only where SGF needs it (`\]`, `\\`, a soft line
        // break), other values as written (`XX`, `LB`); line breaks inside a comment kept.
        (
            "(;C[a \\] and a \\\\,\nnew line, an \\e escape]SZ[19]\n PW[White \\: Player]XX[keep \\q as it is]\
             GM[1] FF[4] AB[dd] [pp]\n KM[6.5] PB[Black]\n;B[qd]C[first move] ;W[dc] LB[qd:A\\:B]\n\
             (;B[pq]\n;W[dp]) ( ;B[dp]N[a]TR[dd][pp] )\n(;B[cq]C[soft\\\nbreak]))",
            "(;GM[1]FF[4]SZ[19]KM[6.5]PB[Black]PW[White : Player]C[a \\] and a \\\\,\n\
             new line, an e escape]XX[keep \\q as it is]AB[dd][pp]\n\
             ;B[qd]C[first move]\n\
             ;W[dc]LB[qd:A\\:B]\n\
             (;B[pq]\n\
             ;W[dp])\n\
             (;B[dp]N[a]TR[dd][pp])\n\
             (;B[cq]C[soft\\\nbreak]))\n",
        ),
        // A collection: each game tree on a line of its own; a long root wraps between properties; CRLF line
        // breaks between nodes become LF.
        (
            "(;GM[1]FF[4]SZ[9]\r\nGN[a game name that is long enough]EV[an event with a long name too]PC[somewhere]\
             \r\n;B[ee]\r\n)\r\n\r\n(;GM[1]FF[4]SZ[9];W[cc])\r\n",
            "(;GM[1]FF[4]SZ[9]EV[an event with a long name too]PC[somewhere]\n\
             GN[a game name that is long enough]\n\
             ;B[ee])\n\
             (;GM[1]FF[4]SZ[9]\n\
             ;W[cc])\n",
        ),
        // With the other fixes, made first.
        ("(;SZ[19]KM[6,5];B[pd]W[dd];B[tt])", "(;GM[1]FF[4]SZ[19]KM[6.5]\n;B[pd]\n;W[dd]\n;B[])\n"),
    ];
    for (input, output) in cases {
        let (text, codes) = fixed(input, &["--normalise"]);
        assert_eq!(text, *output, "{input:?}");
        assert_eq!(codes.iter().filter(|c| *c == "layout").count(), 1, "{input:?}: {codes:?}");
        // Byte-stable: the layout of a file in the layout is the file.
        let (again, codes) = fixed(&text, &["--normalise"]);
        assert_eq!((again.as_str(), codes.len()), (text.as_str(), 0), "{input:?} normalised twice: {codes:?}");
    }
    // The file already in the layout: nothing to fix. Otherwise the layout is reported once, at the first byte
    // it changes, in text as in JSON.
    let dir = folder(&[
        ("a.sgf", b"(;GM[1]FF[4]SZ[19]\n;B[pd]\n;W[dd])\n"),
        ("b.sgf", b"(;GM[1]FF[4]SZ[19];B[pd]\n;W[dd]\n\n)"),
    ]);
    let r = run_in(dir.path(), &["fix", "--normalise", "a.sgf"]);
    assert_eq!((r.code, r.stdout.as_str()), (0, "1 file: 0 to fix (0 fixes), 1 unchanged, 0 left alone\n"));
    let r = run_in(dir.path(), &["fix", "--normalise", "b.sgf"]);
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout.lines().filter(|l| l.starts_with("b.sgf:")).count(), 1, "{}", r.stdout);
    assert!(r.stdout.starts_with("b.sgf:1:19: layout the whole file written in the canonical layout"), "{}", r.stdout);
    let (_, doc) = fix_json(dir.path(), &["--normalise", "b.sgf"]);
    let fixes = &doc["files"][0]["fixes"];
    assert_eq!(
        (fixes[0]["code"].as_str(), fixes[0]["line"].as_u64(), fixes[0]["column"].as_u64()),
        (Some("layout"), Some(1), Some(19))
    );
    assert_eq!(fixes.as_array().unwrap().len(), 1, "{doc:#}");
    assert_eq!(doc["summary"]["by_code"]["layout"], 1);
    // Without --normalise the layout is left as it is.
    let r = run_in(dir.path(), &["fix", "b.sgf"]);
    assert_eq!((r.code, r.stdout.as_str()), (0, "1 file: 0 to fix (0 fixes), 1 unchanged, 0 left alone\n"));
}

#[test]
fn what_has_two_readings_is_left_alone() {
    for input in [
        "(;GM[1]FF[4]SZ[19];B[pd] stray words ;W[dd])\n",
        "(;GM[1]FF[4]SZ[19];B[pd]W[dd]B[pp])\n",
        "(;GM[1]FF[4]SZ[19];B[pd]B[dd];W[pp])\n",
    ] {
        let dir = folder(&[("a.sgf", input.as_bytes())]);
        let (_, doc) = fix_json(dir.path(), &["--write", "a.sgf"]);
        let file = &doc["files"][0];
        assert_eq!(std::fs::read_to_string(dir.path().join("a.sgf")).unwrap(), input, "{doc:#}");
        assert!(
            !file["error"].is_null()
                || !file["left"].as_array().unwrap().is_empty()
                || file["fixes"] == Value::Array(vec![]),
            "{doc:#}"
        );
        assert_eq!(file["changed"], false, "{doc:#}");
    }
    // The stray words: left alone with its place.
    let dir = folder(&[("a.sgf", b"(;GM[1]FF[4]SZ[19];B[pd] stray words ;W[dd])\n")]);
    let (code, doc) = fix_json(dir.path(), &["a.sgf"]);
    assert_eq!(code, 1);
    let error = &doc["files"][0]["error"];
    assert_eq!(
        (error["code"].as_str(), error["line"].as_u64(), error["column"].as_u64()),
        (Some("syntax"), Some(1), Some(26))
    );
}

#[test]
fn the_dry_run_lists_and_writes_nothing() {
    let dir = folder(&[
        ("games/a.sgf", b"(;GM[1]FF[4]SZ[19];B[pd]W[dd])\n"),
        ("games/sub/b.sgf", b"(;GM[1]FF[4]SZ[19]KM[6,5];B[pd]\n"),
        ("games/c.sgf", b"(;GM[1]FF[4]SZ[19];B[pd])\n"),
    ]);
    let before = contents(dir.path());
    let r = run_in(dir.path(), &["fix", "games"]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(r.stdout.contains("games/a.sgf:1:19: split-moves B and W in one node"), "{}", r.stdout);
    assert!(
        r.stdout.contains("games/sub/b.sgf:1:22: komi KM[6,5] is a decimal comma: written KM[6.5]"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("games/sub/b.sgf:1:32: close-tree"), "{}", r.stdout);
    assert!(r.stdout.contains("3 files: 2 to fix (3 fixes"), "{}", r.stdout);
    assert_eq!(contents(dir.path()), before, "a dry run writes nothing");
    // --diff: a unified diff per changed file, and still nothing written.
    let r = run_in(dir.path(), &["fix", "--diff", "games"]);
    assert!(r.stdout.contains("--- a/games/a.sgf\t\n+++ b/games/a.sgf\t\n@@ -1 +1 @@\n-(;GM[1]FF[4]SZ[19];B[pd]W[dd])\n+(;GM[1]FF[4]SZ[19];B[pd];W[dd])\n"), "{}", r.stdout);
    assert!(!r.stdout.contains("c.sgf"), "{}", r.stdout);
    assert_eq!(contents(dir.path()), before);
    // Nothing to fix: exit 0.
    let r = run_in(dir.path(), &["fix", "games/c.sgf"]);
    assert_eq!((r.code, r.stdout.as_str()), (0, "1 file: 0 to fix (0 fixes), 1 unchanged, 0 left alone\n"));
}

#[test]
fn write_rewrites_only_what_changes_and_backup_keeps_the_original() {
    let a: &[u8] = b"(;GM[1]FF[4]SZ[19];B[pd]W[dd])\n";
    let c: &[u8] = b"(;GM[1]FF[4]SZ[19];B[pd])\n";
    let dir = folder(&[("g/a.sgf", a), ("g/c.sgf", c)]);
    let c_path = dir.path().join("g/c.sgf");
    let old = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000_000);
    std::fs::File::options().write(true).open(&c_path).unwrap().set_modified(old).unwrap();
    let r = run_in(dir.path(), &["fix", "--write", "--backup", "g"]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    assert!(
        r.stdout.contains("2 files: 1 fixed (1 fix: split-moves 1), 1 unchanged, 0 failed, 0 left alone"),
        "{}",
        r.stdout
    );
    let files: Vec<String> =
        contents(dir.path()).iter().map(|(p, _)| p.strip_prefix(dir.path()).unwrap().display().to_string()).collect();
    assert_eq!(files, ["g/a.sgf", "g/a.sgf.orig", "g/c.sgf"], "no temporary file left behind");
    assert_eq!(std::fs::read(dir.path().join("g/a.sgf")).unwrap(), b"(;GM[1]FF[4]SZ[19];B[pd];W[dd])\n");
    assert_eq!(std::fs::read(dir.path().join("g/a.sgf.orig")).unwrap(), a);
    assert_eq!(std::fs::metadata(&c_path).unwrap().modified().unwrap(), old, "an unchanged file is not rewritten");
    // Fixed files need nothing more.
    let r = run_in(dir.path(), &["fix", "g"]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    // --backup needs --write; --write and --out-dir do not go together.
    assert_eq!(run_in(dir.path(), &["fix", "--backup", "g"]).code, 2);
    assert_eq!(run_in(dir.path(), &["fix", "--write", "--out-dir", "o", "g"]).code, 2);
}

#[test]
fn out_dir_mirrors_the_folders_named() {
    let dir = folder(&[
        ("games/a.sgf", b"(;GM[1]FF[4]SZ[19];B[pd]W[dd])\n"),
        ("games/sub/b.SGF", b"(;GM[1]FF[4]SZ[19]KM[6,5];B[pd])\n"),
        ("games/c.sgf", b"(;GM[1]FF[4]SZ[19];B[pd])\n"),
        ("games/d.sgf", b"(;GM[1]FF[4]SZ[19];B[pd] ??? ;W[dd])\n"),
        ("one.sgf", b"(;B[pd])"),
    ]);
    let before = contents(dir.path());
    let (code, doc) = fix_json(dir.path(), &["--out-dir", "clean", "games", "one.sgf"]);
    assert_eq!(code, 1, "d.sgf is left alone: {doc:#}");
    assert_eq!(
        contents(dir.path()).into_iter().filter(|(p, _)| !p.starts_with(dir.path().join("clean"))).collect::<Vec<_>>(),
        before
    );
    let read = |p: &str| std::fs::read_to_string(dir.path().join("clean").join(p)).unwrap();
    assert_eq!(read("a.sgf"), "(;GM[1]FF[4]SZ[19];B[pd];W[dd])\n");
    assert_eq!(read("sub/b.SGF"), "(;GM[1]FF[4]SZ[19]KM[6.5];B[pd])\n");
    assert_eq!(read("c.sgf"), "(;GM[1]FF[4]SZ[19];B[pd])\n", "every file is copied");
    assert_eq!(read("d.sgf"), "(;GM[1]FF[4]SZ[19];B[pd] ??? ;W[dd])\n", "as it was");
    assert_eq!(read("one.sgf"), "(;GM[1]FF[4]SZ[19]B[pd])");
    let summary = &doc["summary"];
    assert_eq!(
        (summary["files"].as_u64(), summary["changed"].as_u64(), summary["left_alone"].as_u64()),
        (Some(5), Some(3), Some(1))
    );
    assert_eq!(doc["files"][0]["written"], "clean/a.sgf");
    // The fixed copies fix to themselves; the output folder inside the input is not read again.
    let (code, doc) = fix_json(dir.path(), &["--out-dir", "games/clean", "games"]);
    assert_eq!((code, doc["summary"]["files"].as_u64()), (1, Some(4)), "{doc:#}");
    let (_, doc) = fix_json(dir.path(), &["clean"]);
    assert_eq!(
        (doc["summary"]["changed"].as_u64(), doc["summary"]["left_alone"].as_u64()),
        (Some(0), Some(1)),
        "{doc:#}"
    );
}

pub(crate) fn fix_validator() -> jsonschema::Validator {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/schema/fix.schema.json");
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    jsonschema::validator_for(&schema).expect("schema compiles")
}

pub(crate) fn assert_valid(validator: &jsonschema::Validator, value: &Value, what: &str) {
    let errors: Vec<String> = validator.iter_errors(value).map(|e| format!("{e} at {}", e.instance_path())).collect();
    assert!(errors.is_empty(), "{what} does not match the schema:\n{}\n{value:#}", errors.join("\n"));
}

#[test]
fn json_and_json_lines_match_the_schema() {
    let dir = folder(&[
        ("a.sgf", b"(;GM[1]FF[4]SZ[19];B[pd]W[dd])\n"),
        ("b.sgf", b"(;GM[1]FF[4]SZ[19];B[pd] ??? ;W[dd])\n"),
        ("c.sgf", b"(;GM[1]FF[4]SZ[19];B[pd]B[dd])\n"),
        ("d.sgf", b""),
        ("e.sgf", b"(;GM[1]FF[4]SZ[19]HA[2];B[pd];B[dp];W[pd];W[dd])"),
    ]);
    let validator = fix_validator();
    let out = tempfile::tempdir().unwrap();
    let out = out.path().to_str().unwrap();
    for flags in [&["--diff"][..], &["--out-dir", out], &["--cut-at-illegal", "--normalise"]] {
        let mut args = flags.to_vec();
        args.push(".");
        let (_, doc) = fix_json(dir.path(), &args);
        assert_valid(&validator, &doc, &format!("fix --format json {flags:?}"));
        let mut all = vec!["fix", "-q", "--format", "jsonl"];
        all.extend_from_slice(&args);
        let r = run_in(dir.path(), &all);
        let lines: Vec<Value> = r.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(lines.len(), 6, "{}", r.stdout);
        for line in &lines {
            assert_valid(&validator, line, "a JSON line");
        }
        assert_eq!(lines[5]["type"], "summary");
    }
    // The schema can fail.
    let (_, mut doc) = fix_json(dir.path(), &["a.sgf"]);
    doc["files"][0]["fixes"][0]["code"] = "no-such-fix".into();
    assert!(!validator.is_valid(&doc));
}

/// What `check` reads of each game of a file, for comparing a file with its fixed copy.
fn games(check_file: &Value) -> Vec<Value> {
    let keep = [
        "rules",
        "board_size",
        "komi",
        "handicap",
        "moves",
        "moves_hash",
        "signature",
        "result_recorded",
        "black_player",
        "white_player",
        "ended_by_passes",
    ];
    check_file["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| keep.iter().map(|k| ((*k).to_string(), g[*k].clone())).collect::<serde_json::Map<_, _>>().into())
        .collect()
}

/// The warning and error codes `check` reports on a file (its own and its games').
fn problem_codes(check_file: &Value) -> BTreeSet<String> {
    let mut codes = BTreeSet::new();
    let mut add = |ds: &Value| {
        for d in ds.as_array().unwrap() {
            if d["severity"] != "info" {
                codes.insert(d["code"].as_str().unwrap().to_string());
            }
        }
    };
    add(&check_file["diagnostics"]);
    for g in check_file["games"].as_array().unwrap() {
        add(&g["diagnostics"]);
    }
    codes
}

/// The `check` codes a fix takes away.
fn fixed_check_codes(fix_code: &str) -> &'static [&'static str] {
    match fix_code {
        "junk" => &["junk-outside-tree"],
        "duplicate-property" => &["duplicate-property"],
        "split-moves" => &["multiple-moves"],
        "root-property" => &["misplaced-root-property"],
        _ => &[],
    }
}

/// Checks every file of `input` and of its fixed copy `output` (the same relative paths) and asserts the
/// promise: each file check could read gives the same games, and no problem the fixes of that file address.
/// Returns how many files changed.
fn assert_same_games(input: &Path, output: &Path, fix_doc: &Value) -> usize {
    let check = |dir: &Path| -> Value {
        let out =
            gotool().current_dir(dir).args(["check", "-q", "--format", "json", "--allow-empty", "."]).output().unwrap();
        let r = Run::from_output(out);
        assert!(r.code <= 1, "{}", r.stderr);
        r.json()
    };
    let (before, after) = (check(input), check(output));
    let by_path = |doc: &Value| -> std::collections::BTreeMap<String, Value> {
        doc["files"].as_array().unwrap().iter().map(|f| (f["path"].as_str().unwrap().to_string(), f.clone())).collect()
    };
    let (before, after) = (by_path(&before), by_path(&after));
    assert_eq!(before.keys().collect::<Vec<_>>(), after.keys().collect::<Vec<_>>(), "out-dir holds every file");
    let mut changed = 0;
    for file in fix_doc["files"].as_array().unwrap() {
        let path = Path::new(file["path"].as_str().unwrap()).strip_prefix(input).unwrap().display().to_string();
        let key = format!("./{path}");
        let (b, a) = (&before[&key], &after[&key]);
        if file["changed"] != true {
            continue;
        }
        changed += 1;
        let (gb, ga) = (games(b), games(a));
        // The games check read before are there, the same; closing a tree may add the game it could not read.
        assert!(ga.len() >= gb.len(), "{path}: {} games before, {} after", gb.len(), ga.len());
        // The fixes asked for that change the game (their own tests say how).
        let asked = ["cut-at-illegal", "zi", "handicap-stones"];
        let cut = file["fixes"].as_array().unwrap().iter().any(|f| asked.iter().any(|c| f["code"] == *c));
        // A size, komi or handicap moved to the root is read there after the fix (it was ignored before).
        let moved = file["fixes"].as_array().unwrap().iter().any(|f| f["code"] == "root-property");
        let read = |games: &[Value]| -> Vec<Value> {
            let mut games = games.to_vec();
            for g in games.iter_mut().filter(|_| moved) {
                for k in ["komi", "handicap", "board_size", "signature", "moves_hash"] {
                    g.as_object_mut().unwrap().remove(k);
                }
            }
            games
        };
        if !cut {
            assert_eq!(read(&ga[..gb.len()]), read(&gb), "{path}: check reads other games after fixing");
        }
        let (pb, pa) = (problem_codes(b), problem_codes(a));
        let new: Vec<&String> = pa.difference(&pb).collect();
        assert!(new.is_empty() || b["error"].is_object(), "{path}: new problems {new:?}");
        for f in file["fixes"].as_array().unwrap() {
            for gone in fixed_check_codes(f["code"].as_str().unwrap()) {
                assert!(!pa.contains(*gone), "{path}: {gone} is still reported after {}", f["code"]);
            }
        }
        if matches!(file["fixes"][0]["code"].as_str(), Some("close-tree" | "missing-semicolon")) {
            assert!(a["error"].is_null() || b["error"] != a["error"], "{path}: the syntax error is still there");
        }
    }
    changed
}

/// `fix --out-dir` of `input`, the promise checked on the copies, and `fix` of the copies changes nothing.
/// Returns (files, changed, left alone, fixes by code).
fn fix_and_prove(input: &Path, flags: &[&str]) -> (u64, usize, u64, Value) {
    let out = tempfile::tempdir().unwrap();
    let mut cmd = gotool();
    cmd.args(["fix", "-q", "--format", "json", "--allow-empty", "--out-dir"]).arg(out.path()).args(flags).arg(input);
    let r = Run::from_output(cmd.output().unwrap());
    assert!(r.code <= 1, "exit {}: {}", r.code, r.stderr);
    assert!(!r.stdout.contains("internal-error"), "{}", r.stdout);
    let doc = r.json();
    let changed = assert_same_games(input, out.path(), &doc);
    // Idempotence: the fixed copies have nothing left to fix.
    let mut cmd = gotool();
    cmd.args(["fix", "-q", "--format", "json", "--allow-empty"]).args(flags).arg(out.path());
    let again = Run::from_output(cmd.output().unwrap()).json();
    let still: Vec<&Value> = again["files"].as_array().unwrap().iter().filter(|f| f["changed"] == true).collect();
    assert!(still.is_empty(), "fixing the fixed files changes them again: {still:#?}");
    let s = &doc["summary"];
    (s["files"].as_u64().unwrap(), changed, s["left_alone"].as_u64().unwrap(), s["by_code"].clone())
}

#[test]
fn fixed_files_hold_the_same_games_on_hand_made_records() {
    let dir = folder(&[
        ("a.sgf", b"(;GM[1]FF[4]SZ[19];B[pd]W[dd];B[pp]W[dp]C[x])\n"),
        ("b.sgf", b"junk\n(;FF[3]SZ[19]AddBlack[aa][bb]SZ[19];White[pd];B[tt];W[];;B[dd]()(;W[qq])(;W[qp]))\n"),
        ("c.sgf", b"(;GM[1]FF[4];B[pd]SZ[13]KM[6,5];W[dd]\n"),
        ("d.sgf", b"(;GM[1]FF[4]SZ[19]C[x]C[y];B[pd])\n(;GM[1]FF[4]SZ[9];B[ee]W[cc])(;B[aa]"),
        ("e.sgf", b"(;C[a \\: b\nc \\] d]SZ[19]GM[1]FF[4]AB[dd]LB[dd:\\:]\n;W[pp]MA[pp] (;B[dp])(;B[pd]XX[\\x]))\n"),
    ]);
    let (files, changed, left, _) = fix_and_prove(dir.path(), &[]);
    assert_eq!((files, changed, left), (5, 4, 0));
    let (files, changed, left, by_code) = fix_and_prove(dir.path(), &["--normalise"]);
    assert_eq!((files, changed, left, &by_code["layout"]), (5, 5, 0, &Value::from(5)), "{by_code}");
}

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn fixed_corpus_files_hold_the_same_games() {
    let corpus = crate::util::corpus();
    let (files, changed, left, by_code) = fix_and_prove(&corpus.join("malformed"), &[]);
    eprintln!("malformed/: {files} files, {changed} changed, {left} left alone; {by_code}");
    assert!(changed >= 10, "{changed}");
    let (files, changed, left, by_code) = fix_and_prove(&corpus.join("malformed"), &["--normalise"]);
    eprintln!("malformed/ --normalise: {files} files, {changed} changed, {left} left alone; {by_code}");
    // A sample of the games: one folder of real records.
    let sample = corpus.join("games/debian-kigo");
    if sample.is_dir() {
        let (files, changed, left, by_code) = fix_and_prove(&sample, &[]);
        eprintln!("games/debian-kigo: {files} files, {changed} changed, {left} left alone; {by_code}");
    }
}

#[test]
#[ignore = "the whole corpus, several minutes: cargo test --release -- --ignored"]
fn every_corpus_folder_fixes_to_the_same_games() {
    let corpus = crate::util::corpus();
    for folder in ["malformed", "games", "finished", "rules"] {
        for flags in [&[][..], &["--normalise"], &["--cut-at-illegal", "--normalise"]] {
            let (files, changed, left, by_code) = fix_and_prove(&corpus.join(folder), flags);
            eprintln!("{folder} {flags:?}: {files} files, {changed} changed, {left} left alone; {by_code}");
        }
    }
}

#[test]
fn a_file_that_would_not_settle_in_one_run_is_left_alone() {
    // On 9x9 (the SZ outside the root), B J1 captures W J2 against the edge and B J2 is legal; on 19x19, as
    // gotool reads the file, B J2 is played on W's stone. Moving SZ to the root changes the game, so it is not
    // moved; but once --cut-at-illegal has cut B J2, the cut file could have SZ moved, and a second run would
    // move it. The fix must settle in one run: the file is left alone. (From the fix fuzz target.)
    let record: &[u8] = b"(;;SZ[9]B[hh]W[ih];B[ig];B[ii];B[ih];)";
    let dir = folder(&[("a.sgf", record)]);
    for flags in [&["--cut-at-illegal"][..], &["--cut-at-illegal", "--normalise"]] {
        let mut args = flags.to_vec();
        args.push("a.sgf");
        let (code, doc) = fix_json(dir.path(), &args);
        assert_eq!(code, 1, "{doc:#}");
        assert_eq!(doc["files"][0]["error"]["code"], "unsafe", "{flags:?}: {doc:#}");
        assert_eq!(doc["files"][0]["changed"], false, "{doc:#}");
    }
    // Without the cut, the other fixes are made and SZ stays where it is; a second run changes nothing.
    let out = tempfile::tempdir().unwrap();
    let (code, doc) = fix_json(dir.path(), &["--out-dir", out.path().to_str().unwrap(), "a.sgf"]);
    assert_eq!((code, doc["files"][0]["changed"].as_bool()), (0, Some(true)), "{doc:#}");
    let (code, doc) = fix_json(out.path(), &["a.sgf"]);
    assert_eq!((code, doc["summary"]["changed"].as_u64()), (0, Some(0)), "{doc:#}");
}

#[test]
fn fixes_that_break_the_text_together_are_made_one_at_a_time() {
    // In one round the empty node is removed and the illegal move after it cut: together they leave a variation
    // with no node, which no reader takes. The round is made again with its first fix alone, and the rest
    // follow in the next rounds. (From the fix fuzz target, minimised.)
    let dir = folder(&[("a.sgf", b"(;(;;W[[")]);
    let out = tempfile::tempdir().unwrap();
    let (code, doc) = fix_json(dir.path(), &["--cut-at-illegal", "--out-dir", out.path().to_str().unwrap(), "a.sgf"]);
    assert_eq!((code, doc["files"][0]["error"].is_null()), (0, true), "{doc:#}");
    let codes: Vec<&str> =
        doc["files"][0]["fixes"].as_array().unwrap().iter().map(|f| f["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["root-info", "empty-node", "cut-at-illegal", "close-tree", "close-tree"], "{doc:#}");
    assert_eq!(std::fs::read_to_string(out.path().join("a.sgf")).unwrap(), "(;GM[1]FF[4]SZ[19])");
    let (code, doc) = fix_json(out.path(), &["--cut-at-illegal", "a.sgf"]);
    assert_eq!((code, doc["summary"]["changed"].as_u64()), (0, Some(0)), "{doc:#}");
}

#[test]
fn a_vertical_tab_is_white_space_to_the_fixer_as_to_the_reader() {
    // SGF counts the vertical tab as white space between nodes, and so does the reader; the fixer's edits
    // around a node must too, or removing `( VT ; )` left `(` behind. (From the fix fuzz target, minimised.)
    let dir = folder(&[("a.sgf", b"(;(\x0B;")]);
    let out = tempfile::tempdir().unwrap();
    let (code, doc) = fix_json(dir.path(), &["--out-dir", out.path().to_str().unwrap(), "a.sgf"]);
    assert_eq!((code, doc["files"][0]["error"].is_null()), (0, true), "{doc:#}");
    assert_eq!(std::fs::read_to_string(out.path().join("a.sgf")).unwrap(), "(;GM[1]FF[4]SZ[19])");
}

/// Whether a tool runs (`patch --version`, `git --version`).
fn tool_runs(tool: &str) -> bool {
    std::process::Command::new(tool).arg("--version").output().is_ok_and(|o| o.status.success())
}

// See: #44 — `fix --diff` headers that `patch -p1` and `git apply` apply, for names with a space, a tab, a quote,
// a backslash, bytes that are not UTF-8 and other letters, alone and in pairs, in the file's name and in its
// folder's. Applying the diff to a copy of the originals must give the fixed files.
#[cfg(unix)]
#[test]
fn diff_headers_apply_with_patch_and_git_apply_whatever_the_names() {
    use std::os::unix::ffi::OsStrExt;
    let pieces: [&[u8]; 8] = [b" ", b"\t", b"\"", b"\\", b"\xe9", "日本".as_bytes(), b"'", b"  "];
    let mut names: Vec<Vec<u8>> = Vec::new();
    for a in pieces {
        names.push([b"g", a, b"x.sgf"].concat());
        names.push([b"d", a, b"/g.sgf"].concat());
        for b in pieces {
            names.push([b"p", a, b"q", b, b".sgf"].concat());
        }
    }
    let to_fix: &[u8] = b"(;GM[1]FF[4]SZ[19];B[pd]W[dd])\n";
    let fixed: &[u8] = b"(;GM[1]FF[4]SZ[19];B[pd];W[dd])\n";
    let originals = tempfile::tempdir().unwrap();
    for name in &names {
        let path = originals.path().join(std::ffi::OsStr::from_bytes(name));
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, to_fix).unwrap();
    }
    let mut fix = gotool();
    fix.current_dir(originals.path()).args(["fix", "--diff"]);
    fix.args(names.iter().map(|n| std::ffi::OsStr::from_bytes(n)));
    let out = fix.output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    // The diff lines alone (the list of fixes and the summary are for people).
    let diff: Vec<u8> = out
        .stdout
        .split_inclusive(|&b| b == b'\n')
        .filter(|line| [&b"--- "[..], b"+++ ", b"@@ ", b"-(", b"+("].iter().any(|p| line.starts_with(p)))
        .flatten()
        .copied()
        .collect();
    let mut applied = 0;
    for (tool, args) in [("patch", &["-p1", "-s", "-i"][..]), ("git", &["apply", "-p1"][..])] {
        if !tool_runs(tool) {
            assert!(std::env::var("CI").is_ok_and(|v| v != "true") || std::env::var("CI").is_err(), "CI: no {tool}");
            eprintln!("note: {tool} not installed: not tried");
            continue;
        }
        let copy = tempfile::tempdir().unwrap();
        for name in &names {
            let path = copy.path().join(std::ffi::OsStr::from_bytes(name));
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, to_fix).unwrap();
        }
        let patch_file = copy.path().join("fix.diff");
        std::fs::write(&patch_file, &diff).unwrap();
        let run =
            std::process::Command::new(tool).current_dir(copy.path()).args(args).arg(&patch_file).output().unwrap();
        assert!(
            run.status.success(),
            "{tool}: {}{}",
            String::from_utf8_lossy(&run.stdout),
            String::from_utf8_lossy(&run.stderr)
        );
        for name in &names {
            let path = copy.path().join(std::ffi::OsStr::from_bytes(name));
            assert_eq!(std::fs::read(&path).unwrap(), fixed, "{tool}: {}", String::from_utf8_lossy(name));
        }
        applied += 1;
    }
    eprintln!("{} names, applied by {applied} tools", names.len());
}
