//! The readers and the conversion on the hand-written records of `fixtures/formats/`, against the SGF written by
//! hand beside each (`NAME.expected.sgf`; fixtures/formats/README.md works every value out).

use std::path::Path;

use super::*;
use crate::scan_collection;

fn fixture(path: &str) -> Vec<u8> {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/formats").join(path);
    std::fs::read(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

/// A node's properties, each with its values.
type Properties = Vec<(String, Vec<String>)>;

/// A game tree as compared: each node (depth first) with its parent's index and its properties, each with its
/// values sorted (the order of `AB`'s points is not significant), the properties sorted; `AP` left out.
fn shape(sgf: &str) -> Vec<(u32, Properties)> {
    let (c, error) = scan_collection(sgf, &Limits::default());
    assert!(error.is_none(), "{error:?} in\n{sgf}");
    assert_eq!(c.games.len(), 1, "{sgf}");
    let mut out = Vec::new();
    for (n, node) in c.nodes.iter().enumerate() {
        let mut props: Vec<(String, Vec<String>)> = c
            .properties(n as u32)
            .iter()
            .map(|p| {
                let mut values: Vec<String> = c.values(p).iter().map(|v| c.slice(*v).to_string()).collect();
                values.sort();
                (c.ident(p), values)
            })
            .filter(|(ident, _)| ident != "AP")
            .collect();
        props.sort();
        out.push((node.parent, props));
    }
    out
}

/// Converts a fixture and compares it with its expected SGF; returns the conversion.
fn converts_as_expected(name: &str) -> Conversion {
    let bytes = fixture(name);
    let conversion = convert(&bytes, name, &Limits::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
    let expected_name = format!("{}.expected.sgf", name.rsplit_once('.').unwrap().0);
    let expected = String::from_utf8(fixture(&expected_name)).unwrap();
    let (got, want) = (shape(&conversion.sgf), shape(&expected));
    if got != want {
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            if g != w {
                panic!("{name}: node {i} differs:\n got  {g:?}\n want {w:?}\nfull output:\n{}", conversion.sgf);
            }
        }
        panic!("{name}: {} nodes, expected {}:\n{}", got.len(), want.len(), conversion.sgf);
    }
    assert!(conversion.sgf.contains("AP[gotool:"), "{}", conversion.sgf);
    conversion
}

fn codes(c: &Conversion) -> Vec<&'static str> {
    c.diagnostics.iter().map(|d| d.code).collect()
}

fn has_warning(c: &Conversion) -> bool {
    c.diagnostics.iter().any(|d| d.severity >= gotool_model::Severity::Warning)
}

#[test]
fn gib_korean_euc_kr() {
    let c = converts_as_expected("gib/korean-euckr.gib");
    assert_eq!((c.format, c.charset), (Format::Gib, "EUC-KR"));
    assert!(codes(&c).contains(&"charset-implied"), "{:?}", c.diagnostics);
    assert!(!has_warning(&c), "{:?}", c.diagnostics);
    assert!(c.not_mapped.iter().any(|m| m.starts_with("GAMECONDITION=")), "{:?}", c.not_mapped);
}

#[test]
fn gib_three_stone_handicap_in_utf8() {
    let c = converts_as_expected("gib/handicap3-utf8.gib");
    assert_eq!(c.charset, "UTF-8");
    assert!(!has_warning(&c), "{:?}", c.diagnostics);
    assert!(!codes(&c).contains(&"handicap-layout-guessed"));
}

#[test]
fn gib_counted_game_with_passes() {
    let c = converts_as_expected("gib/count-passes-utf8.gib");
    assert!(!has_warning(&c), "{:?}", c.diagnostics);
}

#[test]
fn gib_truncated_header_is_a_file_error() {
    let e = convert(&fixture("gib/malformed/truncated-header.gib"), "x.gib", &Limits::default()).unwrap_err();
    assert_eq!(e.code, "syntax");
    assert_eq!(e.place.map(|p| p.0), Some(8), "{e}");
}

#[test]
fn gib_off_board_move_is_refused_at_its_line() {
    let e = convert(&fixture("gib/malformed/off-board.gib"), "x.gib", &Limits::default()).unwrap_err();
    assert_eq!(e.code, "not-convertible");
    assert_eq!(e.place.map(|p| p.0), Some(18), "{e}");
    assert!(e.message.contains("off the board"), "{e}");
}

#[test]
fn ngf_oro2000_counted_with_passes() {
    let c = converts_as_expected("ngf/oro2000-count-pass.ngf");
    assert_eq!(c.format, Format::Ngf);
    assert!(!has_warning(&c), "{:?}", c.diagnostics);
    assert!(c.not_mapped.contains(&"line 10 = 10".to_string()), "{:?}", c.not_mapped);
}

#[test]
fn ngf_handicap_and_resignation_without_the_marker() {
    let c = converts_as_expected("ngf/no-marker-handicap-resign.ngf");
    assert!(!has_warning(&c), "{:?}", c.diagnostics);
}

#[test]
fn ngf_wrong_move_count_is_a_warning_and_keeps_every_move() {
    let c = converts_as_expected("ngf/malformed/wrong-count.ngf");
    let d = c.diagnostics.iter().find(|d| d.code == "move-count-mismatch").expect("a move-count warning");
    assert_eq!(d.line, Some(12));
    assert!(d.message.contains("15") && d.message.contains("12"), "{}", d.message);
}

#[test]
fn ngf_off_board_and_truncated() {
    let e = convert(&fixture("ngf/malformed/off-board.ngf"), "x.ngf", &Limits::default()).unwrap_err();
    assert_eq!((e.code, e.place.map(|p| p.0)), ("not-convertible", Some(15)), "{e}");
    let e = convert(&fixture("ngf/malformed/truncated-header.ngf"), "x.ngf", &Limits::default()).unwrap_err();
    assert_eq!((e.code, e.place.map(|p| p.0)), ("syntax", Some(7)), "{e}");
}

#[test]
fn ugf_shift_jis_handicap_and_resignation() {
    let c = converts_as_expected("ugf/handicap-resign-sjis.ugf");
    assert_eq!((c.format, c.charset), (Format::Ugf, "Shift_JIS"));
    assert!(!has_warning(&c), "{:?}", c.diagnostics);
}

#[test]
fn ugi_review_with_a_variation_and_comments() {
    let c = converts_as_expected("ugf/review-variation.ugi");
    assert!(!has_warning(&c), "{:?}", c.diagnostics);
}

#[test]
fn ugf_off_board_column_is_refused() {
    let e = convert(&fixture("ugf/malformed/off-board.ugf"), "x.ugf", &Limits::default()).unwrap_err();
    assert_eq!((e.code, e.place.map(|p| p.0)), ("not-convertible", Some(17)), "{e}");
}

#[test]
fn sgf_is_not_converted() {
    let e = convert(b"(;GM[1];B[aa])", "x.sgf", &Limits::default()).unwrap_err();
    assert_eq!(e.code, "not-convertible");
}

#[test]
fn the_detection_goes_by_content_before_the_name() {
    // A GIB file named .sgf is still SGF by name (check's fast path); named anything else, its content decides.
    let gib = fixture("gib/count-passes-utf8.gib");
    assert_eq!(Format::detect("game.txt", &gib), Format::Gib);
    assert_eq!(Format::detect("game.ngf", &gib), Format::Gib);
    assert_eq!(Format::detect("game", &fixture("ugf/review-variation.ugi")), Format::Ugf);
    assert_eq!(Format::detect("game", &fixture("ngf/oro2000-count-pass.ngf")), Format::Ngf);
}

#[test]
fn damaged_inputs_never_panic() {
    // Every prefix of every fixture, and each with a byte flipped: an error or a conversion, never a panic.
    for name in [
        "gib/korean-euckr.gib",
        "gib/count-passes-utf8.gib",
        "ngf/oro2000-count-pass.ngf",
        "ngf/no-marker-handicap-resign.ngf",
        "ugf/handicap-resign-sjis.ugf",
        "ugf/review-variation.ugi",
    ] {
        let bytes = fixture(name);
        for cut in (0..bytes.len()).step_by(7) {
            let _ = convert(&bytes[..cut], name, &Limits::default());
            let mut flipped = bytes.clone();
            flipped[cut] ^= 0x55;
            let _ = convert(&flipped, name, &Limits::default());
        }
    }
}
