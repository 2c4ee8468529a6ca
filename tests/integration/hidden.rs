//! What walks skip (#44): macOS metadata (`__MACOSX/`, `._*`, `.DS_Store`) always, hidden files and folders
//! unless `--hidden`, in folders and in archives; a hidden path named is still read; what was skipped is counted
//! in every summary (`check`, `stats`, `fix`), and the JSON matches its schema. The expected counts are worked
//! out from the layout below, entry by entry.

use std::io::{Cursor, Write};
use std::path::Path;

use serde_json::Value;

use crate::util::{run_in, write_file};

const GAME: &str = "(;GM[1]FF[4]SZ[19];B[pd];W[dd])\n";
/// The start of an AppleDouble file (a macOS resource fork): not a record, and not text in any charset.
const APPLE_DOUBLE: &[u8] = b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        \x00\x02\x00\x00\x00\x09\xff\xfe";

/// An entry of the test layout, and what a walk does with it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    /// A record, read.
    Read,
    /// Hidden: skipped and counted, read with --hidden.
    Hidden,
    /// macOS metadata named like a record, or a folder of it: skipped and counted, also with --hidden.
    Mac,
    /// Not named like a record: never read, never counted.
    Ignored,
}

/// The layout: each entry is a file (its path and bytes) and its class. A left-out folder counts once,
/// whatever it holds.
fn layout() -> Vec<(&'static str, &'static [u8], Class)> {
    vec![
        ("a.sgf", GAME.as_bytes(), Class::Read),
        ("sub/b.sgf", GAME.as_bytes(), Class::Read),
        (".h.sgf", GAME.as_bytes(), Class::Hidden),
        (".hd/c.sgf", GAME.as_bytes(), Class::Hidden),
        ("sub/.e.sgf", GAME.as_bytes(), Class::Hidden),
        ("._a.sgf", APPLE_DOUBLE, Class::Mac),
        ("sub/._b.sgf", APPLE_DOUBLE, Class::Mac),
        ("__MACOSX/._a.sgf", APPLE_DOUBLE, Class::Mac),
        (".DS_Store", b"\x00\x00\x00\x01Bud1", Class::Ignored),
        ("notes.txt", b"not a record", Class::Ignored),
    ]
}

/// (files read, skipped) for a walk, with or without --hidden.
fn expected(hidden: bool) -> (u64, u64) {
    let layout = layout();
    let count = |f: &dyn Fn(Class) -> bool| layout.iter().filter(|(_, _, c)| f(*c)).count() as u64;
    if hidden {
        (count(&|c| c == Class::Read || c == Class::Hidden), count(&|c| c == Class::Mac))
    } else {
        (count(&|c| c == Class::Read), count(&|c| c == Class::Hidden || c == Class::Mac))
    }
}

fn zip_of(members: &[(&str, &[u8], Class)]) -> Vec<u8> {
    let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
    for (name, bytes, _) in members {
        writer.start_file(*name, zip::write::SimpleFileOptions::default()).unwrap();
        writer.write_all(bytes).unwrap();
    }
    writer.finish().unwrap().into_inner()
}

fn check_json(dir: &Path, args: &[&str]) -> (i32, Value) {
    let mut all = vec!["check", "-q", "--format", "json"];
    all.extend_from_slice(args);
    let r = run_in(dir, &all);
    (r.code, r.json())
}

#[test]
fn walks_skip_macos_metadata_and_hidden_files_and_count_them() {
    let dir = tempfile::tempdir().unwrap();
    for (path, bytes, _) in layout() {
        write_file(&dir.path().join("games"), path, bytes);
    }
    std::fs::write(dir.path().join("games.zip"), zip_of(&layout())).unwrap();
    let validator = crate::schema::validator();
    for hidden in [false, true] {
        let (files, skipped) = expected(hidden);
        for input in ["games", "games.zip"] {
            let mut args = vec![input];
            if hidden {
                args.push("--hidden");
            }
            let (code, doc) = check_json(dir.path(), &args);
            let what = format!("check {args:?}");
            assert_eq!(code, 0, "{what}: a macOS resource fork is not read, so not an error: {doc:#}");
            assert_eq!(doc["summary"]["files"], files, "{what}: {doc:#}");
            assert_eq!(doc["summary"]["skipped"], skipped, "{what}: {doc:#}");
            crate::schema::assert_valid(&validator, &doc, &what);
            // The text summary says it too.
            let mut text = vec!["check", "-q", input];
            if hidden {
                text.push("--hidden");
            }
            let r = run_in(dir.path(), &text);
            assert!(
                r.stdout.contains(&format!("; {skipped} skipped (hidden, or macOS metadata")),
                "{what}: {}",
                r.stdout
            );
            // stats and fix count them alike.
            let mut stats = vec!["stats", "-q", "--format", "json", input];
            let mut fix = vec!["fix", "-q", "--format", "json", input];
            if hidden {
                stats.push("--hidden");
                fix.push("--hidden");
            }
            assert_eq!(run_in(dir.path(), &stats).json()["skipped"], skipped, "{what}: stats");
            let fixed = run_in(dir.path(), &fix).json();
            assert_eq!(
                (&fixed["summary"]["files"], &fixed["summary"]["skipped"]),
                (&files.into(), &skipped.into()),
                "{what}: fix {fixed:#}"
            );
        }
    }
    // A hidden path named is read, whatever its name; so is a hidden folder named.
    for named in [".h.sgf", ".hd", "sub/.e.sgf"] {
        let (code, doc) = check_json(&dir.path().join("games"), &[named]);
        assert_eq!((code, &doc["summary"]["files"], &doc["summary"]["skipped"]), (0, &1.into(), &0.into()), "{named}");
    }
}
