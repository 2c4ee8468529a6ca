//! `gotool fix` of archives and compressed files, built here at test time: a dry run and `--diff` list the SGF
//! members by the paths `check` names them by (`games.zip!/kgs/a.sgf`); `--out-dir` writes each member's copy
//! below a folder named after the archive without its extension, never outside the output folder whatever the
//! member's path; `--write` leaves archives as they are; two records whose copies would be one file are told.

use std::io::{Cursor, Write};
use std::path::Path;

use crate::fix::{assert_valid, contents, fix_json, fix_validator, folder};
use crate::util::run_in;

/// Needs a fix (`KM[6,5]`, B and W in one node).
const TO_FIX: &str = "(;GM[1]FF[4]SZ[19]KM[6,5];B[pd]W[dd])\n";
/// `TO_FIX` fixed.
const FIXED: &str = "(;GM[1]FF[4]SZ[19]KM[6.5];B[pd];W[dd])\n";
/// Needs nothing.
const FINE: &str = "(;GM[1]FF[4]SZ[19];B[pd])\n";

fn zip_of(members: &[(&str, &[u8])]) -> Vec<u8> {
    let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
    for (name, bytes) in members {
        writer.start_file(*name, zip::write::SimpleFileOptions::default()).unwrap();
        writer.write_all(bytes).unwrap();
    }
    writer.finish().unwrap().into_inner()
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

fn tar_gz_of(members: &[(&str, &[u8])]) -> Vec<u8> {
    let mut builder = tar::Builder::new(Vec::new());
    for (name, bytes) in members {
        let mut header = tar::Header::new_gnu();
        header.set_size(bytes.len() as u64);
        header.set_mode(0o644);
        builder.append_data(&mut header, name, *bytes).unwrap();
    }
    gzip(&builder.into_inner().unwrap())
}

/// The files under `dir`, as paths relative to it with `/`, sorted.
fn files_under(dir: &Path) -> Vec<String> {
    contents(dir).into_iter().map(|(p, _)| p.strip_prefix(dir).unwrap().to_string_lossy().replace('\\', "/")).collect()
}

/// A zip of two SGF members in a folder, one needing a fix, and two members fix does not take.
fn games_zip() -> Vec<u8> {
    zip_of(&[
        ("kgs/a.sgf", TO_FIX.as_bytes()),
        ("kgs/b.sgf", FINE.as_bytes()),
        ("notes.txt", b"not a record"),
        ("x.gib", b"\\HS\n\\HE\n"),
    ])
}

#[test]
fn a_dry_run_and_diff_list_the_members_and_write_nothing() {
    let dir = folder(&[("games.zip", &games_zip()), ("one.sgf.gz", &gzip(TO_FIX.as_bytes()))]);
    let before = contents(dir.path());
    let r = run_in(dir.path(), &["fix", "games.zip", "one.sgf.gz"]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("games.zip!/kgs/a.sgf:1:22: komi KM[6,5] is a decimal comma"), "{}", r.stdout);
    assert!(r.stdout.contains("games.zip!/kgs/a.sgf:1:26: split-moves"), "{}", r.stdout);
    assert!(r.stdout.contains("one.sgf.gz:1:22: komi"), "{}", r.stdout);
    // Only the SGF members count: not notes.txt, nor the GIB record (convert's).
    assert!(r.stdout.contains("3 files: 2 to fix (4 fixes"), "{}", r.stdout);
    let r = run_in(dir.path(), &["fix", "--diff", "games.zip"]);
    let diff = format!("--- a/games.zip!/kgs/a.sgf\t\n+++ b/games.zip!/kgs/a.sgf\t\n@@ -1 +1 @@\n-{TO_FIX}+{FIXED}");
    assert!(r.stdout.contains(&diff), "{}", r.stdout);
    assert!(!r.stdout.contains("kgs/b.sgf"), "{}", r.stdout);
    assert_eq!(contents(dir.path()), before, "a dry run writes nothing");
    // In a folder, archives are opened as check opens them.
    let r = run_in(dir.path(), &["fix", "."]);
    assert!(r.stdout.contains("./games.zip!/kgs/a.sgf:1:22: komi"), "{}", r.stdout);
}

#[test]
fn out_dir_copies_members_below_a_folder_named_after_the_archive() {
    let nested = tar_gz_of(&[("deep/c.sgf", TO_FIX.as_bytes()), ("deep/d.SGF.gz", &gzip(FINE.as_bytes()))]);
    let outer = zip_of(&[("kgs/a.sgf", TO_FIX.as_bytes()), ("kgs/b.sgf", FINE.as_bytes()), ("inner.tar.gz", &nested)]);
    let dir = folder(&[
        ("in/2015.zip", &outer),
        ("in/sub/more.tar.gz", &tar_gz_of(&[("e.sgf", FINE.as_bytes())])),
        ("in/sub/f.sgf.gz", &gzip(TO_FIX.as_bytes())),
        ("in/g.sgf", FINE.as_bytes()),
        ("single.zip", &zip_of(&[("h.sgf", TO_FIX.as_bytes())])),
    ]);
    let (code, doc) = fix_json(dir.path(), &["--out-dir", "out", "in", "single.zip"]);
    assert_eq!(code, 0, "{doc:#}");
    assert_eq!(
        files_under(&dir.path().join("out")),
        [
            "2015/inner/deep/c.sgf",
            "2015/inner/deep/d.SGF",
            "2015/kgs/a.sgf",
            "2015/kgs/b.sgf",
            "g.sgf",
            "single/h.sgf",
            "sub/f.sgf",
            "sub/more/e.sgf",
        ],
    );
    let read = |p: &str| std::fs::read_to_string(dir.path().join("out").join(p)).unwrap();
    assert_eq!(read("2015/kgs/a.sgf"), FIXED);
    assert_eq!(read("2015/kgs/b.sgf"), FINE, "every record is copied, fixed or not");
    assert_eq!(read("2015/inner/deep/c.sgf"), FIXED);
    assert_eq!(read("2015/inner/deep/d.SGF"), FINE, "written as the SGF it holds, not compressed");
    assert_eq!(read("sub/f.sgf"), FIXED);
    assert_eq!(read("single/h.sgf"), FIXED);
    let written: Vec<(&str, &str)> = doc["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["path"].as_str().unwrap(), f["written"].as_str().unwrap()))
        .collect();
    assert!(written.contains(&("in/2015.zip!/inner.tar.gz!/deep/c.sgf", "out/2015/inner/deep/c.sgf")), "{doc:#}");
    assert!(written.contains(&("in/sub/f.sgf.gz", "out/sub/f.sgf")), "{doc:#}");
    assert_valid(&fix_validator(), &doc, "fix --out-dir of archives");
    // The copies need nothing more, and the archives are as they were.
    let (code, doc) = fix_json(dir.path(), &["out"]);
    assert_eq!((code, doc["summary"]["files"].as_u64()), (0, Some(8)), "{doc:#}");
    assert_eq!(std::fs::read(dir.path().join("in/2015.zip")).unwrap(), outer);
}

#[test]
fn hostile_member_paths_get_no_copy_and_nothing_is_written_outside_the_output_folder() {
    let hostile = zip_of(&[
        ("../../evil.sgf", TO_FIX.as_bytes()),
        ("/abs.sgf", TO_FIX.as_bytes()),
        ("C:\\win.sgf", TO_FIX.as_bytes()),
        ("up/../../evil2.sgf", TO_FIX.as_bytes()),
        ("fine/../inside.sgf", TO_FIX.as_bytes()),
        ("ok.sgf", TO_FIX.as_bytes()),
    ]);
    let dir = folder(&[("deep/er/p.zip", &hostile)]);
    let (code, doc) = fix_json(dir.path(), &["--out-dir", "deep/er/out", "deep/er/p.zip"]);
    assert_eq!(code, 2, "a record that has no copy is an error: {doc:#}");
    assert_eq!(files_under(dir.path()), ["deep/er/out/p/ok.sgf", "deep/er/p.zip"]);
    let errors: Vec<(&str, &str, &str)> = doc["files"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| !f["error"].is_null())
        .map(|f| {
            (f["path"].as_str().unwrap(), f["error"]["code"].as_str().unwrap(), f["error"]["message"].as_str().unwrap())
        })
        .collect();
    assert_eq!(errors.len(), 5, "{doc:#}");
    // The walk refuses to read what leaves the archive; a `..` that stays inside is read and fixed, not copied.
    assert_eq!(errors[0].0, "deep/er/p.zip!/../../evil.sgf");
    assert_eq!(errors[0].1, "archive");
    assert_eq!(
        errors[4],
        ("deep/er/p.zip!/fine/../inside.sgf", "io", "its path in the archive holds '..': no copy written")
    );
    assert_valid(&fix_validator(), &doc, "fix --out-dir of hostile member paths");
}

#[test]
fn write_leaves_archives_as_they_are() {
    let zip = games_zip();
    let dir = folder(&[("g/games.zip", &zip), ("g/a.sgf", TO_FIX.as_bytes()), ("one.sgf.gz", &gzip(FINE.as_bytes()))]);
    // Named: refused, nothing done.
    for named in ["g/games.zip", "one.sgf.gz"] {
        let r = run_in(dir.path(), &["fix", "--write", named]);
        assert_eq!(r.code, 2, "{}", r.stderr);
        assert!(r.stderr.contains(&format!("gotool: {named}: fix --write does not rewrite archives")), "{}", r.stderr);
    }
    assert_eq!(std::fs::read_to_string(dir.path().join("g/a.sgf")).unwrap(), TO_FIX);
    // Found in a folder: said on stderr and left alone; the files beside it are fixed.
    let r = run_in(dir.path(), &["fix", "--write", "g"]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.contains("gotool: g/games.zip: an archive, left as it is"), "{}", r.stderr);
    assert!(r.stdout.contains("1 file: 1 fixed"), "{}", r.stdout);
    assert_eq!(std::fs::read_to_string(dir.path().join("g/a.sgf")).unwrap(), FIXED);
    assert_eq!(std::fs::read(dir.path().join("g/games.zip")).unwrap(), zip);
    assert_eq!(files_under(dir.path()), ["g/a.sgf", "g/games.zip", "one.sgf.gz"]);
}

#[test]
fn two_records_with_one_copy_the_first_in_input_order_is_written() {
    let dir = folder(&[
        ("in/games/a.sgf", FINE.as_bytes()),
        ("in/games.zip", &zip_of(&[("a.sgf", TO_FIX.as_bytes()), ("z.sgf", FINE.as_bytes())])),
    ]);
    for jobs in ["1", "3"] {
        let out = format!("out{jobs}");
        let (code, doc) = fix_json(dir.path(), &["-j", jobs, "--out-dir", &out, "in"]);
        assert_eq!(code, 2, "{doc:#}");
        let files = doc["files"].as_array().unwrap();
        assert_eq!(files[0]["written"], format!("{out}/games/a.sgf"));
        assert_eq!(files[1]["path"], "in/games.zip!/a.sgf");
        assert_eq!(
            files[1]["error"]["message"],
            format!("its copy would be {out}/games/a.sgf, where the copy of in/games/a.sgf goes: not written")
        );
        assert_eq!(files[2]["written"], format!("{out}/games/z.sgf"));
        assert_eq!(std::fs::read_to_string(dir.path().join(&out).join("games/a.sgf")).unwrap(), FINE);
    }
}
