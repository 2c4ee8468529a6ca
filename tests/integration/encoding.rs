//! Bytes to text: a UTF-8 BOM, Latin-1 without CA, GB2312/GBK names whose trail bytes are `]` and `\`,
//! UTF-8 without CA, and UTF-16 (generated here from the UTF-8 fixture).

use crate::util::{check_json, codes, fixture, only_game, run_in, write_file};

#[test]
fn utf8_bom_is_dropped() {
    let bytes = std::fs::read(fixture("sgf/encoding/utf8-bom.sgf")).unwrap();
    assert!(bytes.starts_with(b"\xEF\xBB\xBF("), "the fixture starts with a BOM");
    let (code, doc) = check_json("sgf/encoding/utf8-bom.sgf", &[]);
    let file = &doc["files"][0];
    assert_eq!(file["charset"], "UTF-8");
    assert_eq!(file["diagnostics"], serde_json::json!([]));
    let game = only_game(&doc);
    assert_eq!(game["valid"], true);
    assert_eq!(game["black_player"], "Müller");
    assert_eq!(game["white_player"], "Ōta");
    assert_eq!(game["moves"], 4);
    assert_eq!(code, 0);
}

#[test]
fn latin1_without_ca_falls_back_with_a_warning() {
    let bytes = std::fs::read(fixture("sgf/encoding/latin1.sgf")).unwrap();
    assert!(bytes.windows(5).any(|w| w == b"Jos\xE9]"), "the fixture holds the Latin-1 byte E9");
    let (code, doc) = check_json("sgf/encoding/latin1.sgf", &[]);
    let file = &doc["files"][0];
    assert_eq!(file["charset"], "windows-1252");
    assert_eq!(codes(file, "warning"), ["charset-fallback"]);
    let game = only_game(&doc);
    assert_eq!(game["valid"], true);
    assert_eq!(game["black_player"], "José");
    assert_eq!(game["white_player"], "Françoise");
    assert_eq!(doc["summary"]["warnings"], 1);
    assert_eq!(code, 0);
    let (strict, _) = check_json("sgf/encoding/latin1.sgf", &["--strict"]);
    assert_eq!(strict, 1, "the fallback is a warning, so --strict fails");
}

#[test]
fn gbk_trail_bytes_that_look_like_sgf_delimiters_stay_inside_names() {
    let bytes = std::fs::read(fixture("sgf/encoding/gb2312.sgf")).unwrap();
    assert!(bytes.windows(4).any(|w| w == b"PB[\x8F"), "廬 (8F 5D) opens PB");
    assert!(bytes.windows(2).any(|w| w == b"\x8F\x5D"), "廬 has the trail byte ]");
    assert!(bytes.windows(2).any(|w| w == b"\x9C\x5C"), "淺 has the trail byte \\");
    assert!(std::str::from_utf8(&bytes).is_err(), "the fixture is not UTF-8");
    let (code, doc) = check_json("sgf/encoding/gb2312.sgf", &[]);
    let file = &doc["files"][0];
    assert!(file["error"].is_null(), "{file:#}");
    assert_eq!(file["charset"], "GBK");
    assert_eq!(file["diagnostics"], serde_json::json!([]));
    let game = only_game(&doc);
    assert_eq!(game["valid"], true);
    assert_eq!(game["black_player"], "廬山");
    assert_eq!(game["white_player"], "淺田");
    assert_eq!(game["moves"], 4);
    assert!(codes(game, "warning").is_empty());
    assert_eq!(code, 0);
}

#[test]
fn utf8_without_ca_needs_no_warning() {
    let (code, doc) = check_json("sgf/encoding/no-ca-utf8.sgf", &[]);
    let file = &doc["files"][0];
    assert_eq!(file["charset"], "UTF-8");
    assert_eq!(file["diagnostics"], serde_json::json!([]));
    let game = only_game(&doc);
    assert_eq!(game["black_player"], "柯洁");
    assert_eq!(game["white_player"], "古力");
    assert!(codes(game, "warning").is_empty());
    assert_eq!(code, 0);
}

#[test]
fn utf16_with_and_without_bom() {
    let text = std::fs::read_to_string(fixture("sgf/encoding/utf8-bom.sgf")).unwrap();
    let text = text.trim_start_matches('\u{FEFF}');
    let dir = tempfile::tempdir().unwrap();
    let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    write_file(dir.path(), "le-bom.sgf", [&[0xFF, 0xFE][..], &le].concat());
    write_file(dir.path(), "be-bom.sgf", [&[0xFE, 0xFF][..], &be].concat());
    write_file(dir.path(), "le.sgf", &le);
    let r = run_in(dir.path(), &["check", "--format", "json", "."]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    let doc = r.json();
    let files = doc["files"].as_array().unwrap();
    assert_eq!(files.len(), 3);
    for (file, charset) in files.iter().zip(["UTF-16BE", "UTF-16LE", "UTF-16LE"]) {
        assert_eq!(file["charset"], charset, "{}", file["path"]);
        assert_eq!(file["games"][0]["black_player"], "Müller");
        assert_eq!(file["games"][0]["white_player"], "Ōta");
    }
}

#[test]
fn line_and_column_count_characters_not_bytes() {
    // The second line holds a four-character, twelve-byte name before the illegal move.
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "wide.sgf", "(;GM[1]SZ[9]\nPB[柯洁古力];B[ee];W[ee])\n");
    let r = run_in(dir.path(), &["check", "--format", "json", "wide.sgf"]);
    let doc = r.json();
    let e = crate::util::the_error(only_game(&doc));
    assert_eq!(e["code"], "occupied");
    // `PB[柯洁古力]` is 8 characters, `;B[ee]` 6 more: the `;` of W is column 15.
    assert_eq!((e["line"].as_u64(), e["column"].as_u64()), (Some(2), Some(15)));
}
