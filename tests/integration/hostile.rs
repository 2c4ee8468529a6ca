//! Hostile input (issue #6): every class of broken, odd or oversized input named in the issue, generated here
//! (nothing is committed) and run through the real binary. Each run must end with a documented exit status
//! (0 valid, 1 problems), the expected code at the expected line:column (worked out by hand from the bytes
//! written; columns count characters) and no panic text. No test here measures time: a run that takes longer
//! than the hang guard (`HANG_GUARD`) is killed, and how long a case takes is measured in `benches/bounded.rs`.
//!
//! The huge inputs (10 MiB comment, 1,000,000 nodes, 1,000,000 values, 100,000 nested or sibling variations,
//! a 20 MiB collection) are `#[ignore]`d: `cargo test --release --test integration -- --ignored hostile`.

use std::path::Path;
use std::time::Duration;

use serde_json::Value;

use crate::util::{Run, gotool, write_file};

/// A hang guard, not a speed test: the slowest run here (an `#[ignore]`d huge case) takes about a second in
/// release on an idle machine, so five minutes is far beyond any loaded two-core machine or debug build, and
/// only a run that never ends reaches it. Speed is measured in `benches/bounded.rs`.
pub(crate) const HANG_GUARD: Duration = Duration::from_secs(300);

/// A line:column.
type Place = Option<(u64, u64)>;

fn at(line: u64, column: u64) -> Place {
    Some((line, column))
}

/// No line:column: the finding is about the file as a whole.
const NOWHERE: Place = None;

/// Runs `gotool <args>` in `dir`, killed by the hang guard if it never ends. Checks what must hold for every
/// input: it ended by itself with a documented status, and nothing in its output speaks of a panic. Also used
/// by `regression` and `new_user`.
#[track_caller]
pub(crate) fn run_guarded(dir: &Path, args: &[&str]) -> Run {
    let output = gotool().current_dir(dir).args(args).timeout(HANG_GUARD).output().expect("gotool runs");
    assert!(
        output.status.code().is_some(),
        "gotool {args:?} was killed (status {:?}): it hung past the {HANG_GUARD:?} guard or crashed",
        output.status
    );
    let run = Run::from_output(output);
    for text in [&run.stdout, &run.stderr] {
        for bad in ["panicked", "internal-error", "RUST_BACKTRACE"] {
            assert!(!text.contains(bad), "gotool {args:?}: {bad:?} in the output:\n{}\n{}", run.stdout, run.stderr);
        }
    }
    assert!(matches!(run.code, 0..=2), "gotool {args:?}: undocumented exit status {}", run.code);
    run
}

/// Runs `gotool <args>` in `dir` as `run_guarded` does, with its address space limited to `mib` MiB
/// (`ulimit -v`): a run that needs more memory than that fails to allocate and ends by a signal or with exit
/// status 2, and the test fails. This is how a test asserts that memory stays bounded without measuring it.
#[cfg(unix)]
#[track_caller]
pub(crate) fn run_within(dir: &Path, args: &[&str], mib: u64) -> Run {
    let output = assert_cmd::Command::new("sh")
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .args(["-c", r#"ulimit -v "$1" || exit 99; shift; exec "$@""#, "sh"])
        .arg((mib * 1024).to_string())
        .arg(env!("CARGO_BIN_EXE_gotool"))
        .args(args)
        .timeout(HANG_GUARD)
        .output()
        .expect("sh runs");
    let run_args = args.to_vec();
    assert!(
        output.status.code().is_some_and(|c| c < 2),
        "gotool {run_args:?} did not finish within {mib} MiB of address space (status {:?}):\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    let run = Run::from_output(output);
    assert!(!run.stderr.contains("panicked"), "gotool {run_args:?} panicked:\n{}", run.stderr);
    run
}

/// The result of `gotool check -q --format json [extra] hostile.sgf` on the given bytes.
struct Checked {
    code: i32,
    doc: Value,
}

fn check(bytes: impl AsRef<[u8]>) -> Checked {
    check_with(bytes, &[])
}

fn check_with(bytes: impl AsRef<[u8]>, extra: &[&str]) -> Checked {
    let dir = tempfile::tempdir().expect("temp dir");
    write_file(dir.path(), "hostile.sgf", bytes);
    check_path(dir.path(), "hostile.sgf", extra)
}

fn check_path(dir: &Path, name: &str, extra: &[&str]) -> Checked {
    let mut args = vec!["check", "-q", "--format", "json"];
    args.extend_from_slice(extra);
    args.push(name);
    let run = run_guarded(dir, &args);
    Checked { code: run.code, doc: run.json() }
}

fn place_of(d: &Value) -> Place {
    d["line"].as_u64().zip(d["column"].as_u64())
}

impl Checked {
    fn file(&self) -> &Value {
        &self.doc["files"][0]
    }

    fn game(&self, index: usize) -> &Value {
        let game = &self.file()["games"][index];
        assert!(game.is_object(), "no game {index}: {:#}", self.doc);
        game
    }

    fn games(&self) -> usize {
        self.file()["games"].as_array().map_or(0, Vec::len)
    }

    /// The file could not be read as SGF at all: exit 1, no games, this code at this place.
    #[track_caller]
    fn file_error(&self, code: &str, place: Place) -> &Self {
        let error = &self.file()["error"];
        assert_eq!(error["code"], code, "{:#}", self.doc);
        assert_eq!(place_of(error), place, "{:#}", self.doc);
        assert!(!error["message"].as_str().unwrap_or_default().is_empty());
        assert_eq!(self.games(), 0);
        assert_eq!(self.code, 1, "a file unreadable as SGF: exit 1");
        self
    }

    /// Game `index` is invalid, and its first error has this code and place.
    #[track_caller]
    fn error(&self, index: usize, code: &str, place: Place) -> &Value {
        let game = self.game(index);
        assert_eq!(game["valid"], false, "{:#}", self.doc);
        let first = game["diagnostics"]
            .as_array()
            .and_then(|ds| ds.iter().find(|d| d["severity"] == "error"))
            .unwrap_or_else(|| panic!("no error in game {index}: {:#}", self.doc));
        assert_eq!(first["code"], code, "{:#}", self.doc);
        assert_eq!(place_of(first), place, "{:#}", self.doc);
        assert_eq!(self.code, 1, "an invalid game: exit 1");
        first
    }

    /// Every game read and valid (exit 0), game 0 with this many moves on the main line.
    #[track_caller]
    fn valid(&self, moves: u64) -> &Self {
        assert!(self.file()["error"].is_null(), "{:#}", self.doc);
        for i in 0..self.games() {
            assert_eq!(self.game(i)["valid"], true, "game {i}: {:#}", self.doc);
        }
        assert_eq!(self.game(0)["moves"], moves, "{:#}", self.doc);
        assert_eq!(self.code, 0, "{:#}", self.doc);
        self
    }

    /// A warning with this code at this place: on the file (`game` = `None`) or on a game.
    #[track_caller]
    fn warning(&self, game: Option<usize>, code: &str, place: Place) -> &Self {
        let holder = match game {
            None => self.file(),
            Some(i) => self.game(i),
        };
        let found = holder["diagnostics"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|d| d["severity"] == "warning" && d["code"] == code)
            .map(place_of)
            .collect::<Vec<_>>();
        assert!(found.contains(&place), "warning {code} at {place:?} expected, found at {found:?}: {:#}", self.doc);
        self
    }

    /// No warning or error anywhere in the file (info notes are fine).
    #[track_caller]
    fn quiet(&self) -> &Self {
        let all = self.file()["diagnostics"]
            .as_array()
            .into_iter()
            .flatten()
            .chain((0..self.games()).flat_map(|i| self.game(i)["diagnostics"].as_array().into_iter().flatten()));
        for d in all {
            assert_eq!(d["severity"], "info", "unexpected finding {d}: {:#}", self.doc);
        }
        self
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Bytes that are not (quite) text

#[test]
fn hostile_empty_and_whitespace_only_files() {
    check(b"").file_error("syntax", NOWHERE);
    check(b" \n\t\r\n  \x0C").file_error("syntax", NOWHERE);
}

#[test]
fn hostile_binary_garbage() {
    // Deterministic noise without `(`, starting with a byte that is no BOM or signature: read as Latin-1 text in
    // which no game tree starts, reported at its first character.
    let mut x: u32 = 0x2545_F491;
    let mut noise: Vec<u8> = (0..4096)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x >> 24) as u8
        })
        .map(|b| if b == b'(' { b'x' } else { b })
        .collect();
    noise[0] = 0x80;
    check(&noise).file_error("syntax", at(1, 1));
    // The same noise after a NUL byte is refused as binary data.
    noise[0] = 0;
    check(&noise).file_error("encoding", NOWHERE);
    // A PNG someone pointed gotool at; a broken ZIP and a truncated gzip file, told by their bytes and opened as
    // what they are (#15).
    check(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10\0\0\0\x10\x08\x06").file_error("encoding", NOWHERE);
    check(b"PK\x03\x04\x14\0\0\0\x08\0(;B[aa])").file_error("archive", NOWHERE);
    check(b"\x1F\x8B\x08\0\0\0\0\0\0\x03").file_error("archive", NOWHERE);
}

#[test]
fn hostile_invalid_utf8_is_read_as_latin1_and_columns_count_characters() {
    // `(;GM[1]PB[` is 10 characters, the two bytes 0xE9 are two characters (é é), `]` is 13th, `;` 14th.
    // The fallback is placed at the first byte that is not UTF-8, the 11th.
    let c = check(b"(;GM[1]PB[\xE9\xE9];B[zz])");
    c.warning(None, "charset-fallback", at(1, 11));
    assert_eq!(c.file()["charset"], "windows-1252");
    assert_eq!(c.game(0)["black_player"], "éé");
    c.error(0, "off-board", at(1, 14));
    // Stray continuation bytes and a truncated sequence, no CA: the same fallback.
    check(b"(;GM[1]PB[\x80\xBF\xC3];B[aa])").valid(1).warning(None, "charset-fallback", at(1, 11));
}

#[test]
fn hostile_latin1_with_and_without_ca() {
    let without = check(b"(;GM[1]PB[Jos\xE9]PW[M\xFCller];B[aa])");
    without.valid(1).warning(None, "charset-fallback", at(1, 14));
    assert_eq!(without.game(0)["white_player"], "Müller");

    let with = check(b"(;GM[1]CA[ISO-8859-1]PB[Jos\xE9]PW[M\xFCller];B[aa])");
    with.valid(1).quiet();
    assert_eq!(with.game(0)["black_player"], "José");

    // CA says UTF-8 but the bytes are Latin-1: read as Latin-1 with a warning naming the declared charset.
    let lying = check(b"(;GM[1]CA[UTF-8]PB[Jos\xE9];B[aa])");
    lying.valid(1).warning(None, "charset-fallback", at(1, 23));
    assert_eq!(lying.game(0)["black_player"], "José");

    // See: #6 — the fallback names the line:column of the first byte the declared charset cannot read. Line 2:
    // `PB[`, the GBK character C4 E3 (two characters once read as Latin-1: Ä ã), `]PW[`, then FF at column 10.
    let gbk = check(b"(;GM[1]CA[GBK]\nPB[\xC4\xE3]PW[\xFF];B[aa])");
    gbk.valid(1).warning(None, "charset-fallback", at(2, 10));
    assert_eq!(gbk.game(0)["white_player"], "ÿ");
    // In a file that cannot be parsed too.
    check(b"(;GM[1]PB[Jos\xE9]\n;B[aa]").file_error("syntax", at(2, 7)).warning(None, "charset-fallback", at(1, 14));
}

#[test]
fn hostile_ca_utf16_on_8_bit_text() {
    // See: #6 — CA says UTF-16 but the bytes are 8-bit text (no NUL byte): read as UTF-8, or else Latin-1, with
    // a warning saying so, never decoded as UTF-16 into garbage.
    let utf8 = check("(;GM[1]CA[UTF-16]PB[李昌镐]PW[Müller];B[aa])".as_bytes());
    // The warning is placed at the CA value: `(;GM[1]CA[` is 10 characters.
    utf8.valid(1).warning(None, "charset-mismatch", at(1, 11));
    assert_eq!(utf8.file()["charset"], "UTF-8");
    assert_eq!((&utf8.game(0)["black_player"], &utf8.game(0)["white_player"]), (&"李昌镐".into(), &"Müller".into()));
    let latin1 = check(b"(;GM[1]CA[UTF-16LE]PB[Jos\xE9]PW[M\xFCller];B[aa])");
    latin1.valid(1).warning(None, "charset-mismatch", at(1, 11));
    assert_eq!(latin1.file()["charset"], "windows-1252");
    assert_eq!((&latin1.game(0)["black_player"], &latin1.game(0)["white_player"]), (&"José".into(), &"Müller".into()));
    let message = latin1.file()["diagnostics"][0]["message"].as_str().unwrap();
    assert!(message.contains("CA[UTF-16LE] declares UTF-16, but the file is 8-bit text"), "{message}");
}

#[test]
fn hostile_utf8_bom_is_not_a_column() {
    // After the BOM: `(;GM[1]PB[Sé]` is 13 characters, so the second node's `;` is at column 14.
    let c = check("\u{FEFF}(;GM[1]PB[Sé];B[zz])".as_bytes());
    c.error(0, "off-board", at(1, 14));
    assert_eq!(c.file()["charset"], "UTF-8");
    assert_eq!(c.game(0)["black_player"], "Sé");
}

#[test]
fn hostile_utf16_little_and_big_endian() {
    // Without a BOM, UTF-16 is recognised from the zero bytes in most code units of the first few hundred bytes.
    // `(;GM[1]FF[4]SZ[19]KM[6.5]RU[Japanese]PB[李]` is 42 characters: the second node is at column 43.
    let text = "(;GM[1]FF[4]SZ[19]KM[6.5]RU[Japanese]PB[李];B[zz])";
    let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    let cases = [
        ([&[0xFF, 0xFE][..], &le].concat(), "UTF-16LE"),
        (le.clone(), "UTF-16LE"),
        ([&[0xFE, 0xFF][..], &be].concat(), "UTF-16BE"),
        (be.clone(), "UTF-16BE"),
    ];
    for (bytes, charset) in cases {
        let c = check(&bytes);
        assert_eq!(c.file()["charset"], charset);
        assert_eq!(c.game(0)["black_player"], "李");
        c.error(0, "off-board", at(1, 43));
    }
    // See: #6 — names in Chinese, Japanese and Korean within the first 32 characters, no BOM: still UTF-16.
    // `(;PB[李昌镐]PW[井山裕太]PC[서울]GM[1]SZ[19]` is 34 characters: the second node is at column 35.
    let text = "(;PB[李昌镐]PW[井山裕太]PC[서울]GM[1]SZ[19];B[zz])";
    for (bytes, charset) in [
        (text.encode_utf16().flat_map(u16::to_le_bytes).collect::<Vec<u8>>(), "UTF-16LE"),
        (text.encode_utf16().flat_map(u16::to_be_bytes).collect(), "UTF-16BE"),
    ] {
        let c = check(&bytes);
        assert_eq!(c.file()["charset"], charset, "{:#}", c.doc);
        assert_eq!(c.game(0)["black_player"], "李昌镐");
        assert_eq!(c.game(0)["white_player"], "井山裕太");
        c.error(0, "off-board", at(1, 35));
    }
    // 8-bit text with a few NUL bytes in a comment is not UTF-16.
    let c = check(b"(;GM[1]C[a\0b\0c\0d\0e\0]PB[Jos\xE9];B[aa])");
    assert_eq!(c.file()["charset"], "windows-1252");
    assert_eq!(c.game(0)["black_player"], "José");
    c.valid(1);
    // An odd number of bytes: the last one is a broken code unit, not a crash.
    let mut odd = [&[0xFF, 0xFE][..], &le].concat();
    odd.push(b'x');
    check(&odd);
}

#[test]
fn hostile_cr_lf_crlf_mixtures() {
    // Lines: 1 `(;GM[1]` CRLF, 2 `;B[aa]` CR, 3 `;W[bb]` LF, 4 `;B[cc]` LF, 5 empty CR, 6 `;W[zz])`.
    check(b"(;GM[1]\r\n;B[aa]\r;W[bb]\n;B[cc]\n\r;W[zz])").error(0, "off-board", at(6, 1));
    // A value spanning mixed line ends (lines 1 to 4), an empty line 5, then a garbled move on line 6.
    check(b"(;GM[1]C[a\r\nb\rc\n]\n\r\n;B[z1])").error(0, "bad-coordinate", at(6, 1));
}

#[test]
fn hostile_nul_bytes() {
    // Leading NUL: binary. Inside a value: harmless. Between nodes: a syntax error at its place.
    check(b"\0(;GM[1];B[aa])").file_error("encoding", NOWHERE);
    check(b"(;GM[1]C[a\0b];B[aa])").valid(1);
    check(b"(;GM[1]C[a\0b];B[aa]\0)").file_error("syntax", at(1, 20));
}

#[test]
fn hostile_terminal_escapes_in_record_text_never_reach_the_terminal() {
    // ESC sequences (colour, clear screen, an OSC title ending in BEL) and a bidi override in names, result,
    // komi, rules and a move value. `\]` keeps the OSC's bracket inside the value.
    let record = b"(;GM[1]SZ[9]PB[\x1b[31mRed\x1b[0m]PW[\xE2\x80\xAEevil]RE[B+\x1b\\]0;pwned\x07]KM[\x1b[2J]\
RU[\x1b[5m];B[ee];W[\x1b[1m])";
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "esc.sgf", record);
    let commands: [&[&str]; 7] = [
        &["check", "esc.sgf"],
        &["check", "-v", "--board", "esc.sgf"],
        &["score", "--force", "esc.sgf"],
        &["stats", "esc.sgf"],
        &["show", "esc.sgf"],
        &["show", "--score", "esc.sgf"],
        &["show", "--move", "2", "esc.sgf"],
    ];
    for args in commands {
        let run = run_guarded(dir.path(), args);
        for (stream, text) in [("stdout", &run.stdout), ("stderr", &run.stderr)] {
            assert!(
                !text.contains(['\x1b', '\x07', '\u{202E}']),
                "gotool {args:?}: raw control character on {stream}:\n{text}"
            );
        }
    }
    let c = check_path(dir.path(), "esc.sgf", &[]);
    // `(;GM[1]SZ[9]PB[` is 15 characters, PB's value 12 (16..=27), `]PW[` 28..=31, PW's value 5 (32..=36),
    // `]RE[` 37..=40, RE's value 13 (41..=53; `\]` is two), `]KM[` 54..=57: KM's value at 58 is 4 characters,
    // `]RU[` 62..=65: RU's value at 66 is 4, `]` 70, `;B[ee]` 71..=76, and the W node at 77.
    c.warning(Some(0), "bad-komi", at(1, 58));
    c.warning(Some(0), "unknown-rules", at(1, 66));
    let error = c.error(0, "bad-coordinate", at(1, 77));
    assert_eq!(error["move"], 2);
}

// ---------------------------------------------------------------------------------------------------------------
// Structure

#[test]
fn hostile_unterminated_values() {
    // Reported where the value opens.
    check(b"(;GM[1];B[aa").file_error("syntax", at(1, 10));
    check(b"(;GM[1];C[abc\\").file_error("syntax", at(1, 10));
    check(b"(;GM[1];C[abc\\]").file_error("syntax", at(1, 10));
    check(b"(;GM[1]\n;B[aa]\n;C[first line\nsecond line\n").file_error("syntax", at(3, 3));
    // 1 MiB of text after an open value: still reported at the `[`.
    let long = [&b"(;GM[1]C["[..], &b"x".repeat(1 << 20)].concat();
    check(&long).file_error("syntax", at(1, 9));
}

#[test]
fn hostile_unbalanced_parentheses() {
    // A missing `)` is reported at the end of the text: 21 bytes, so column 22. The message names where the
    // unclosed `(` opened.
    let c = check(b"(;GM[1];B[aa](;W[bb])");
    c.file_error("syntax", at(1, 22));
    assert_eq!(
        c.file()["error"]["message"],
        "unexpected end of file: the game tree opened at 1:1 is never closed with ')'"
    );
    let c = check(b"(;GM[1];B[aa]\n(;W[bb]\n(;B[cc]");
    c.file_error("syntax", at(3, 8));
    assert_eq!(
        c.file()["error"]["message"],
        "unexpected end of file: the variation opened at 3:1 is never closed with ')', nor are the 2 enclosing it, \
         out to the game tree opened at 1:1"
    );
    // Extra `(` before the game are text outside it, with a warning.
    check(b"((((((;GM[1])").valid(0).warning(None, "junk-outside-tree", at(1, 1));
    // One `)` too many after the last tree: the text after it is outside the tree, with a warning.
    check(b"(;GM[1];B[aa]))").valid(1).warning(None, "junk-outside-tree", at(1, 15));
    check(b"(;GM[1];B[aa])\n)\n)").valid(1).warning(None, "junk-outside-tree", at(2, 1));
}

#[test]
fn hostile_missing_semicolons() {
    check(b"(GM[1]SZ[9];B[aa])").file_error("syntax", at(1, 2));
    check(b"( \n GM[1])").file_error("syntax", at(2, 2));
    // A variation without `;`: `(;GM[1](` is 8 characters.
    check(b"(;GM[1](B[aa]))").file_error("syntax", at(1, 9));
}

#[test]
fn hostile_empty_variations_and_trees() {
    // `()` alone is not a game tree.
    check(b"()").file_error("syntax", at(1, 1));
    check(b"( )\n( )").file_error("syntax", at(1, 1));
    // An empty variation is reported at its `(`.
    check(b"(;GM[1];B[aa]())").file_error("syntax", at(1, 14));
    check(b"(;GM[1];B[aa](;W[bb])()(;W[cc]))").file_error("syntax", at(1, 22));
    // A tree of one empty node is a valid empty game; `()` after a game is text outside it.
    check(b"(;)").valid(0);
    check(b"(;GM[1])()").valid(0).warning(None, "junk-outside-tree", at(1, 9));
}

#[test]
fn hostile_escapes_and_soft_line_breaks() {
    let c = check(b"(;GM[1]C[a \\] b \\\\]PB[Lee \\] Sedol]PW[back\\\\];B[aa])");
    c.valid(1).quiet();
    assert_eq!(c.game(0)["black_player"], "Lee ] Sedol");
    assert_eq!(c.game(0)["white_player"], "back\\");
    // Soft line breaks (backslash before LF, CRLF or CR) vanish from text.
    let c = check(b"(;GM[1]PB[Lee\\\nSe\\\r\ndol]PW[Cho\\\rChikun]RE[B+\\\nR];B[aa])");
    c.valid(1);
    assert_eq!(c.game(0)["black_player"], "LeeSedol");
    assert_eq!(c.game(0)["white_player"], "ChoChikun");
    assert_eq!(c.game(0)["result_recorded"], "B+R");
    // A move value is not text: a soft line break inside it leaves no point.
    check(b"(;GM[1];B[p\\\nd])").error(0, "bad-coordinate", at(1, 8));
}

#[test]
fn hostile_unescaped_bracket_in_a_comment() {
    // `C[he said ]` ends the comment; ` B[aa] oops]` must not become a move. `(;GM[1]C[he said ]` is 18
    // characters, ` B[aa] ` takes 19..=25, so "oops" starts at 26.
    check(b"(;GM[1]C[he said ] B[aa] oops];W[bb])").file_error("syntax", at(1, 26));
    // Inside a comment that spans lines.
    check(b"(;GM[1]\nC[line one\nsee [1] and B[aa]\n];W[bb])").file_error("syntax", at(3, 9));
}

#[test]
fn hostile_values_without_identifiers_and_identifiers_without_values() {
    check(b"(;GM[1];[aa])").file_error("syntax", at(1, 9));
    // `[cc]` on the next line is a third value of B; `;[dd]` is the error.
    check(b"(;GM[1];B[aa][bb]\n [cc] ;[dd])").file_error("syntax", at(2, 8));
    check(b"(;GM[1];B;W[aa])").file_error("syntax", at(1, 9));
    check(b"(;GM[1];B)").file_error("syntax", at(1, 9));
    check(b"(;GM[1]SZ\n)").file_error("syntax", at(1, 8));
}

#[test]
fn hostile_junk_between_nodes() {
    check(b"(;GM[1];B[aa] xyz ;W[bb])").file_error("syntax", at(1, 15));
    check(b"(;GM[1];B[aa]%;W[bb])").file_error("syntax", at(1, 14));
    check(b"(;GM[1];B[aa]\n  12. ;W[bb])").file_error("syntax", at(2, 3));
    check("(;GM[1];B[aa]×;W[bb])".as_bytes()).file_error("syntax", at(1, 14));
    // Lower-case identifiers are not SGF.
    check(b"(;GM[1];b[aa])").file_error("syntax", at(1, 9));
}

#[test]
fn hostile_long_identifiers() {
    let ident = |n: usize| [&b"(;GM[1]"[..], &b"X".repeat(n), &b"[v];B[aa])"[..]].concat();
    // 32 letters is the limit: an unknown property, ignored.
    check(ident(32)).valid(1);
    check(ident(33)).file_error("limit", at(1, 8));
    check(ident(100_000)).file_error("limit", at(1, 8));
    // An FF[3] identifier with many lower-case letters counts every letter.
    let long_ff3 = [&b"(;GM[1]A"[..], &b"d".repeat(40), &b"[aa])"[..]].concat();
    check(long_ff3).file_error("limit", at(1, 8));
}

#[test]
fn hostile_mail_headers_and_trailing_garbage() {
    let mail = b"From: club@example.org\nSubject: our game (the final one)\nContent-Type: text/plain\n\n\
(;GM[1]SZ[9];B[ee];W[cc])\n-- \nSent from my phone :-)\n";
    let c = check(mail);
    c.valid(2);
    c.warning(None, "junk-outside-tree", at(1, 1));
    c.warning(None, "junk-outside-tree", at(6, 1));
    // Garbage right after the last `)`.
    check(b"(;GM[1];B[aa])trailing )( garbage").valid(1).warning(None, "junk-outside-tree", at(1, 15));
}

#[test]
fn hostile_collections() {
    // See: #6, #43 — the second game is broken: the first, complete before it, is read and checked as alone, and
    // the broken game is lost, named with its index and place (where its tree starts); the summary counts it and
    // the exit status is 1.
    let c = check(b"(;GM[1];B[aa])(;GM[1];B[bb]");
    assert_eq!(c.games(), 1, "{:#}", c.doc);
    assert_eq!((&c.game(0)["valid"], &c.game(0)["moves"]), (&true.into(), &1.into()));
    let error = &c.file()["error"];
    assert_eq!((&error["code"], place_of(error)), (&"syntax".into(), at(1, 15)), "{:#}", c.doc);
    assert_eq!(error["message"], "game 2 (at 1:15): the input ends inside this game tree (1 '(' not closed with ')')");
    assert_eq!(c.file()["lost_games"][0]["index"], 1, "{:#}", c.doc);
    assert_eq!(
        c.doc["summary"],
        serde_json::json!({"files": 1, "games": 1, "valid": 1, "invalid": 0, "warnings": 0, "file_errors": 0, "games_lost": 1, "skipped": 0})
    );
    assert_eq!(c.code, 1);
    // Stray text inside the third game's tree: that game is lost, the fourth after it is still read.
    let c = check(b"(;GM[1];B[aa])\n(;GM[1];B[zz])\n(;GM[1];B[bb] ?)(;GM[1])");
    assert_eq!(c.games(), 3, "{:#}", c.doc);
    assert_eq!(c.game(0)["valid"], true);
    c.error(1, "off-board", at(2, 8));
    assert_eq!(c.game(2)["index"], 3, "{:#}", c.doc);
    assert_eq!((&c.file()["error"]["code"], place_of(&c.file()["error"])), (&"syntax".into(), at(3, 15)));
    assert!(c.file()["error"]["message"].as_str().unwrap().starts_with("game 3: "), "{:#}", c.doc);
    // A stray `)` cut the second game short: it is lost with the error, the first is kept.
    let c = check(b"(;GM[1];B[aa])\n(;GM[1];B[bb]);W[cc])");
    assert_eq!(c.games(), 1, "{:#}", c.doc);
    assert_eq!(place_of(&c.file()["error"]), at(2, 1));
    // Broken in the first game: the second is still read (it used to become the first's variation).
    let c = check(b"(;GM[1];B[aa]\n(;GM[1];B[bb])");
    assert_eq!(c.games(), 1, "{:#}", c.doc);
    assert_eq!((&c.game(0)["index"], &c.game(0)["moves"]), (&1.into(), &1.into()));
    assert_eq!((&c.file()["error"]["code"], place_of(&c.file()["error"])), (&"syntax".into(), at(1, 1)));
    // In text, each kept game as `path#n`, then the lost game at path:line:col, then the summary.
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "two.sgf", b"(;GM[1];B[aa])(;GM[1];B[bb]");
    let run = run_guarded(dir.path(), &["check", "two.sgf"]);
    assert_eq!(
        run.stdout.lines().collect::<Vec<_>>(),
        [
            "two.sgf#1: ok",
            "two.sgf:1:15: error: game 2 (at 1:15): the input ends inside this game tree (1 '(' not closed with ')') \
             [syntax]",
            "1 file, 1 game: 1 valid, 0 invalid, 0 warnings, 1 game lost to a broken game tree",
        ]
    );
    assert_eq!(run.code, 1);
    // `show` draws a game kept before the error, and names the error when asked for the broken game.
    let run = run_guarded(dir.path(), &["show", "--ascii", "two.sgf"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("19 (X). . ."), "{}", run.stdout);
    let run = run_guarded(dir.path(), &["show", "--game", "2", "two.sgf"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("two.sgf:1:28: unexpected end of file"), "{}", run.stderr);
    // The second game has an illegal move: the first is still valid.
    let c = check(b"(;GM[1];B[aa])\n(;GM[1];B[zz])");
    assert_eq!(c.game(0)["valid"], true);
    c.error(1, "off-board", at(2, 8));
}

// ---------------------------------------------------------------------------------------------------------------
// Size

#[test]
fn hostile_long_main_line_of_200_000_nodes() {
    let text = [&b"(;GM[1]SZ[19]KM[6.5]"[..], &b";B[];W[]".repeat(100_000), &b")"[..]].concat();
    let c = check(text);
    c.valid(200_000);
    assert_eq!(c.game(0)["ended_by_passes"], true);
}

#[test]
fn hostile_nested_and_sibling_variations_beyond_and_within_the_limits() {
    // 20,000 nested variations: over the depth limit of 10,000. `(;GM[1]` is 7 bytes and each `(;B[aa]` 7 more:
    // the 10,000th nested `(` is at offset 7 + 7 × 9,999 = 70,000.
    let nested = |n: usize| [&b"(;GM[1]"[..], &b"(;B[aa]".repeat(n), &b")".repeat(n + 1)].concat();
    check(nested(20_000)).file_error("limit", at(1, 70_001));
    // 9,999 nested fit: the line replays until B plays on its own stone.
    let c = check_with(nested(9_999), &["--all-variations"]);
    c.error(0, "occupied", at(1, 16));
    // 10,000 sibling variations, every branch replayed.
    let siblings = [&b"(;GM[1]SZ[9];B[ee]"[..], &b"(;W[cc])".repeat(10_000), &b")"[..]].concat();
    check_with(siblings, &["--all-variations"]).valid(2).quiet();
}

#[test]
fn hostile_many_values_and_repeated_properties() {
    // 20,000 values in one property: over the limit of 10,000. `(;GM[1]AB` is 9 bytes, each `[aa]` 4: the
    // 10,001st value opens at offset 9 + 4 × 10,000 = 40,009.
    let values = [&b"(;GM[1]AB"[..], &b"[aa]".repeat(20_000), &b";W[bb])"[..]].concat();
    check(values).file_error("limit", at(1, 40_010));
    // A property repeated 100,000 times in one node: GM plus 9,999 `C[x]` fill the 10,000 allowed; the next
    // starts at offset 7 + 4 × 9,999 = 40,003.
    let repeated = [&b"(;GM[1]"[..], &b"C[x]".repeat(100_000), &b";B[aa])"[..]].concat();
    check(repeated).file_error("limit", at(1, 40_004));
    // 100,000 nodes each repeating the same property: fine.
    let spread = [&b"(;GM[1]"[..], &b";C[x]".repeat(100_000), &b";B[aa])"[..]].concat();
    check(spread).valid(1);
}

#[test]
fn hostile_file_over_the_size_limit_is_streamed_and_stops_at_the_limit() {
    // A sparse 65 MiB file of NUL bytes: too large to read whole, so it is streamed game by game (#15); with no
    // game tree in the first 64 MiB (the limit) reading stops there, with a `limit` error.
    let dir = tempfile::tempdir().unwrap();
    let file = std::fs::File::create(dir.path().join("huge.sgf")).unwrap();
    file.set_len(65 << 20).unwrap();
    let checked = check_path(dir.path(), "huge.sgf", &[]);
    let files = checked.doc["files"].as_array().unwrap();
    let last = files.last().unwrap();
    assert_eq!(last["error"]["code"], "limit", "{:#}", checked.doc);
    assert!(last["error"]["message"].as_str().unwrap().contains("no game tree in 67108864 bytes"), "{last:#}");
    assert_eq!(checked.doc["summary"]["files"], 1, "one file, in parts: {:#}", checked.doc);
    assert_eq!(checked.code, 1);
}

// ---------------------------------------------------------------------------------------------------------------
// Board sizes and coordinates

#[test]
fn hostile_board_sizes() {
    // `(;GM[1]SZ[` is 10 characters: SZ's value starts at column 11.
    for bad in ["0", "53", "-5", "abc", "", "19.5", "256", "12345678901234567890", "19:0", "0:0", ":", "19:", "9 9"] {
        let c = check(format!("(;GM[1]SZ[{bad}];B[aa])"));
        c.error(0, "bad-size", at(1, 11));
        assert_eq!(c.game(0)["moves"], 0, "SZ[{bad}]");
    }
    // Odd but valid sizes.
    check(b"(;GM[1]SZ[1];B[])").valid(1);
    check(b"(;GM[1]SZ[1];B[aa])").error(0, "suicide", at(1, 13));
    check(b"(;GM[1]SZ[2];B[aa];W[bb];B[ab])").valid(3);
    check(b"(;GM[1]SZ[52];B[ZZ];W[aZ])").valid(2);
    check(b"(;GM[1]SZ[19:19];B[ss])").valid(1);
    let rect = check(b"(;GM[1]SZ[19:13];B[sm];W[sn])");
    assert_eq!(rect.game(0)["board_size"], serde_json::json!([19, 13]));
    rect.error(0, "off-board", at(1, 23));
    // SZ twice in the root: the first counts, with a warning.
    let twice = check(b"(;GM[1]SZ[9]SZ[13];B[kk])");
    twice.warning(Some(0), "duplicate-property", at(1, 8));
    twice.error(0, "off-board", at(1, 19));
    // SZ in a later node is ignored, with a warning at the property.
    let later = check(b"(;GM[1]SZ[9];B[aa];SZ[19]W[ss])");
    later.warning(Some(0), "misplaced-root-property", at(1, 20));
    later.error(0, "off-board", at(1, 19));
}

#[test]
fn hostile_coordinates() {
    // (SZ, move, expected error code or None for valid). Sizes are written with two digits, so `(;GM[1]SZ[19]` is
    // 13 characters and the move's node starts at column 14.
    let cases: [(&str, &str, Option<&str>); 12] = [
        ("19", "PD", Some("off-board")), // upper case letters are columns 26..=51
        ("52", "PD", None),
        ("19", "a1", Some("bad-coordinate")),
        ("19", "abc", Some("bad-coordinate")),
        ("19", "a", Some("bad-coordinate")),
        ("19", "??", Some("bad-coordinate")),
        ("09", "jj", Some("off-board")),
        ("09", "tt", None), // a pass on boards up to 19x19
        ("19", "tt", None),
        ("20", "tt", None), // a point on larger boards
        ("21", "tt", None),
        ("19", "ss", None),
    ];
    for (size, point, expected) in cases {
        let c = check(format!("(;GM[1]SZ[{size}];B[{point}])"));
        match expected {
            Some(code) => {
                let e = c.error(0, code, at(1, 14));
                assert_eq!(e["move"], 1);
            }
            None => {
                c.valid(1);
            }
        }
    }
    // On 20x20 and 21x21, tt is a point: playing it twice is occupied.
    check(b"(;GM[1]SZ[20];B[tt];W[tt])").error(0, "occupied", at(1, 20));
    check(b"(;GM[1]SZ[19];B[tt];W[tt])").valid(2);
}

#[test]
fn hostile_moves_and_setup_in_odd_places() {
    // B and W in one node: both played, with a warning.
    check(b"(;GM[1];B[aa]W[bb])").valid(2).warning(Some(0), "multiple-moves", at(1, 8));
    // Two values in one move: which one was played? An error.
    check(b"(;GM[1];B[aa][bb])").error(0, "multiple-moves", at(1, 8));
    check(b"(;GM[1];B[aa]B[bb])").error(0, "multiple-moves", at(1, 8));
    // A move in the root node is a move.
    check(b"(;GM[1]SZ[9]B[ee];W[cc])").valid(2).quiet();
    // Setup and a move in one node: setup first, with a warning.
    check(b"(;GM[1];AB[cc]B[aa])").valid(1).warning(Some(0), "setup-and-move", at(1, 8));
    check(b"(;GM[1];AB[cc]B[cc])").error(0, "occupied", at(1, 8));
    // The same point set up black and white.
    let both = check(b"(;GM[1]AB[aa]AW[bb][aa];B[cc])");
    let e = both.error(0, "illegal-setup", at(1, 2));
    assert_eq!(e["sgf_point"], "aa");
    // Setup stones without liberties.
    check(b"(;GM[1]SZ[3]AB[ab][ba]AW[aa];B[cc])").error(0, "illegal-setup", at(1, 2));
    // Garbled and off-board setup points.
    check(b"(;GM[1]SZ[9]AB[a1])").error(0, "bad-coordinate", at(1, 16));
    check(b"(;GM[1]SZ[9]AB[aa:jj])").error(0, "off-board", at(1, 16));
    // Setup after moves: a warning.
    check(b"(;GM[1];B[aa];AW[cc];B[dd])").valid(2).warning(Some(0), "setup-after-moves", at(1, 14));
}

#[test]
fn hostile_setup_churn_on_a_huge_chain() {
    // One black chain of 2,652 stones fills a 52x52 board but its first column; then 7,580 nodes take a stone
    // out of it (`AE`) and put it back (`AB`). Each removal regroups the chain, which once relabelled it again
    // for every stone (16 s for this file at the start of this session); now each stone is visited once.
    let letter = |i: usize| (if i < 26 { b'a' + i as u8 } else { b'A' + (i - 26) as u8 }) as char;
    let points: Vec<String> = (0..52)
        .flat_map(|y| (1..52).map(move |x| (x, y)))
        .map(|(x, y)| format!("{}{}", letter(x), letter(y)))
        .collect();
    let mut text = String::from("(;GM[1]FF[4]SZ[52]AB");
    for p in &points {
        text.push_str(&format!("[{p}]"));
    }
    for _ in 0..10 {
        for p in points.iter().step_by(7) {
            text.push_str(&format!(";AE[{p}];AB[{p}]"));
        }
    }
    text.push(')');
    check(text).valid(0).quiet();
}

#[test]
fn hostile_compressed_point_lists_in_either_corner_order() {
    // `AB[aa:cc]` (top-left to bottom-right) and `AW[gg:ee]` (the other way) each cover a 3x3 square: a move
    // inside either is on a stone. `(;GM[1]SZ[9]AB[aa:cc]AW[gg:ee]` is 30 characters.
    check(b"(;GM[1]SZ[9]AB[aa:cc]AW[gg:ee];B[ff])").error(0, "occupied", at(1, 31));
    check(b"(;GM[1]SZ[9]AB[aa:cc]AW[gg:ee];B[bb])").error(0, "occupied", at(1, 31));
    // The other diagonal (top-right to bottom-left) and a degenerate rectangle of one point.
    check(b"(;GM[1]SZ[9]AB[ca:ac]AW[ee:ee];B[bb])").error(0, "occupied", at(1, 31));
    check(b"(;GM[1]SZ[9]AB[aa:cc]AW[gg:ee];B[dd])").valid(1);
}

// ---------------------------------------------------------------------------------------------------------------
// Game information

#[test]
fn hostile_handicap_values() {
    // `(;GM[1]HA[` is 10 characters: HA's value at 11.
    for bad in ["abc", "-1", "2.5", "", "99999999999"] {
        let c = check(format!("(;GM[1]HA[{bad}];B[aa])"));
        c.valid(1).warning(Some(0), "bad-handicap", at(1, 11));
        assert_eq!(c.game(0)["handicap"], 0);
    }
    for even in ["0", "1"] {
        check(format!("(;GM[1]HA[{even}];B[aa])")).valid(1).quiet();
    }
    check(b"(;GM[1]HA[2]AB[dd][pp];W[dp])").valid(1).quiet();
    check(b"(;GM[1]HA[3]AB[dd][pp];W[dp])").valid(1).warning(Some(0), "handicap-mismatch", at(1, 11));
    check(b"(;GM[1]HA[9];B[pd])").valid(1).warning(Some(0), "handicap-mismatch", at(1, 11));
}

#[test]
fn hostile_komi_values() {
    // `(;GM[1]KM[` is 10 characters: KM's value at 11.
    for bad in ["abc", "NaN", "inf", "-inf", "1e400", "", "6.5.5", "0x10", "６.５"] {
        let c = check(format!("(;GM[1]KM[{bad}];B[aa])"));
        c.valid(1).warning(Some(0), "bad-komi", at(1, 11));
        assert_eq!(c.game(0)["komi"], 0.0, "KM[{bad}]");
    }
    for (written, read) in [("6,5", 6.5), ("2.75", 5.5), ("650", 6.5), ("-0", 0.0), (" 7.5 ", 7.5), ("+0.5", 0.5)] {
        let c = check(format!("(;GM[1]KM[{written}];B[aa])"));
        c.valid(1).quiet();
        assert_eq!(c.game(0)["komi"], read, "KM[{written}]");
    }
}

#[test]
fn hostile_results_and_move_numbers() {
    for re in ["B+R", "W+Resign", "?", "0", "Draw", "Void", "B+", "W+-3", "B+1e400", "B+NaN", "\\]", "😀", ""] {
        let c = check(format!("(;GM[1]SZ[9]KM[6.5]RE[{re}];B[ee];W[];B[])"));
        c.valid(3);
    }
    // A counted result that does not match: a note or warning, never an error.
    check(b"(;GM[1]SZ[9]KM[6.5]RE[B+1000];B[ee];W[];B[];W[])").valid(4);
    // MN renumbers moves for display only; odd values change nothing.
    check(b"(;GM[1];B[aa]MN[-5];W[bb]MN[abc];B[cc]MN[99999999999999999999999])").valid(3).quiet();
}

#[test]
fn hostile_territory_markup_on_stones_and_off_the_board() {
    // TW on a black stone marks it dead; TB on a black stone marks nothing; points off the board are ignored.
    // `(;GM[1]SZ[5]KM[0.5]RE[W+0.5];B[cc];W[];B[];` is 43 characters: the last node's `;` is at 43,
    // `TW[cc][aa:ee]TB[` ends at 59, so `zz` is at 60.
    let record = b"(;GM[1]SZ[5]KM[0.5]RE[W+0.5];B[cc];W[];B[];TW[cc][aa:ee]TB[zz][a1])";
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "tw.sgf", record);
    let c = check_path(dir.path(), "tw.sgf", &[]);
    c.valid(3).warning(Some(0), "bad-markup", at(1, 60)).warning(Some(0), "bad-markup", at(1, 64));
    assert_eq!(c.game(0)["score"]["dead"], serde_json::json!(["cc"]), "{:#}", c.doc);
    let own = check(b"(;GM[1]SZ[5]KM[0.5]RE[B+24.5];B[cc];W[];B[];TB[cc][aa:ee])");
    own.valid(3);
    assert_eq!(own.game(0)["score"]["dead"], serde_json::json!([]));
    let run = run_guarded(dir.path(), &["score", "--format", "json", "tw.sgf"]);
    assert_eq!(run.code, 0);
}

#[test]
fn hostile_sgf_versions_and_other_games() {
    // FF[3] long identifiers: AddBlack is AB, Black is B, SiZe is SZ.
    let c = check(b"(;FF[3]GaMe[1]SiZe[9]AddBlack[cc]AddWhite[gg];Black[ee];White[cc])");
    assert_eq!(c.game(0)["board_size"], serde_json::json!([9, 9]));
    c.error(0, "occupied", at(1, 56));
    // GM[2] is not Go: skipped with a warning (exit 0), an error with --strict.
    check(b"(;GM[2]SZ[8];B[aa])").warning(Some(0), "not-go", at(1, 6));
    assert_eq!(check(b"(;GM[2]SZ[8];B[aa])").code, 0);
    assert_eq!(check_with(b"(;GM[2]SZ[8];B[aa])", &["--strict"]).code, 1);
    // FF[5]: unknown version, read as FF[4].
    check(b"(;FF[5]GM[1];B[aa])").valid(1).warning(Some(0), "unknown-ff", at(1, 6));
    // A mixed collection: not Go, valid Go, invalid Go.
    let mixed = check(b"(;GM[2];B[aa])(;GM[1];B[aa])(;FF[3]GM[1];B[zz])");
    mixed.warning(Some(0), "not-go", at(1, 6));
    assert_eq!(mixed.game(1)["valid"], true);
    mixed.error(2, "off-board", at(1, 41));
}

// ---------------------------------------------------------------------------------------------------------------
// Every class through every command, as a folder

/// The fast classes as files: every one is read, none crashes any command, and the folder's status is 1.
#[test]
fn hostile_folder_through_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let le: Vec<u8> = "\u{FEFF}(;GM[1];B[aa])".encode_utf16().flat_map(u16::to_le_bytes).collect();
    let files: Vec<(&str, Vec<u8>)> = vec![
        ("empty.sgf", b"".to_vec()),
        ("png.sgf", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec()),
        ("latin1.sgf", b"(;GM[1]PB[Jos\xE9];B[aa])".to_vec()),
        ("utf16.sgf", le),
        ("unterminated.sgf", b"(;GM[1];C[abc\\".to_vec()),
        ("unbalanced.sgf", b"(;GM[1];B[aa](;W[bb])".to_vec()),
        ("escapes.sgf", b"(;GM[1]PB[\x1b[31mRed];B[aa];W[\x1b[1m])".to_vec()),
        ("sizes.sgf", b"(;SZ[0])(;SZ[53])(;SZ[1];B[aa])(;SZ[52];B[ZZ])(;SZ[19:13];B[tt])".to_vec()),
        ("coords.sgf", b"(;SZ[9];B[tt];W[PD])(;SZ[21];B[tt];W[tt])".to_vec()),
        ("setup.sgf", b"(;AB[aa]AW[aa])(;AB[aa:cc]B[bb])(;B[aa]W[bb])(;B[aa][bb])".to_vec()),
        ("info.sgf", b"(;HA[abc]KM[1e400]RE[B+NaN]MN[-1];B[];W[];TB[zz][aa:ss]TW[pd])".to_vec()),
        ("games.sgf", b"(;FF[3]AddBlack[aa])(;GM[2])(;FF[5])".to_vec()),
        ("variations.sgf", b"(;SZ[5];B[cc](;W[bc](;B[bb])(;B[cb]))(;W[bb](;B[cb];W[bc])))".to_vec()),
    ];
    for (name, bytes) in &files {
        write_file(d, name, bytes);
    }
    let commands: [&[&str]; 6] = [
        &["check", "-q", "-j", "2", "--all-variations", "--board", "."],
        &["check", "-q", "--format", "json", "--all-variations", "."],
        &["check", "-q", "--format", "jsonl", "."],
        &["check", "-q", "--format", "github", "."],
        &["score", "-q", "--force", "."],
        &["stats", "-q", "."],
    ];
    for args in commands {
        let run = run_guarded(d, args);
        assert_eq!(run.code, 1, "gotool {args:?}: some files are broken\n{}", run.stdout);
    }
    let json = run_guarded(d, &["check", "-q", "--format", "json", "."]).json();
    assert_eq!(json["summary"]["files"], files.len());
    for file in json["files"].as_array().unwrap() {
        if let Some(code) = file["error"]["code"].as_str() {
            assert!(["syntax", "encoding"].contains(&code), "{file:#}");
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Huge inputs: `cargo test --release --test integration -- --ignored hostile`

/// Writes `bytes` to a temp file and runs `check` on it.
fn check_big(bytes: &[u8], extra: &[&str]) -> Checked {
    check_with(bytes, extra)
}

#[test]
#[ignore = "huge input; run with --ignored in release"]
fn hostile_big_comment_of_10_mib() {
    let c = check_big(&[&b"(;GM[1]SZ[19]C["[..], &b"x".repeat(10 << 20), &b"];B[pd];W[dp])"[..]].concat(), &[]);
    c.valid(2);
    // The same comment never closed: reported where it opens after scanning all of it.
    check_big(&[&b"(;GM[1]SZ[19]C["[..], &b"x\\]".repeat(4 << 20)].concat(), &[]).file_error("syntax", at(1, 15));
}

#[test]
#[ignore = "huge input; run with --ignored in release"]
fn hostile_big_main_line_of_1_000_000_nodes() {
    let text = [&b"(;GM[1]SZ[19]KM[6.5]"[..], &b";B[];W[]".repeat(500_000), &b")"[..]].concat();
    let c = check_big(&text, &["--all-variations"]);
    c.valid(1_000_000);
    assert_eq!(c.game(0)["ended_by_passes"], true);
    // One node over the limit of 2,000,000: `(;GM[1]` holds node 1, each `;` is 1 byte, so node 2,000,001 is at
    // offset 7 + 1,999,999 = 2,000,006.
    let over = [&b"(;GM[1]"[..], &b";".repeat(2_000_000), &b")"[..]].concat();
    check_big(&over, &[]).file_error("limit", at(1, 2_000_007));
}

#[test]
#[ignore = "huge input; run with --ignored in release"]
fn hostile_big_property_with_1_000_000_values() {
    let text = [&b"(;GM[1]AB"[..], &b"[aa]".repeat(1_000_000), &b";W[bb])"[..]].concat();
    check_big(&text, &[]).file_error("limit", at(1, 40_010));
}

#[test]
#[ignore = "huge input; run with --ignored in release"]
fn hostile_big_100_000_nested_variations() {
    let text = [&b"(;GM[1]"[..], &b"(;B[aa]".repeat(100_000), &b")".repeat(100_001)].concat();
    check_big(&text, &[]).file_error("limit", at(1, 70_001));
    // With the limit lifted, the chain is replayed without recursion: B's second move is on its own stone.
    check_big(&text, &["--max-depth", "200000", "--all-variations"]).error(0, "occupied", at(1, 16));
}

#[test]
#[ignore = "huge input; run with --ignored in release"]
fn hostile_big_100_000_sibling_variations() {
    let text = [&b"(;GM[1]SZ[9];B[ee]"[..], &b"(;W[cc];B[gg])".repeat(100_000), &b")"[..]].concat();
    check_big(&text, &["--all-variations"]).valid(3).quiet();
}

#[test]
#[ignore = "huge input; run with --ignored in release"]
fn hostile_big_collection_of_20_mib() {
    let text = collection_of_20_mib();
    assert!(text.len() >= 20 << 20);
    let c = check_big(&text, &[]);
    c.valid(78);
    assert_eq!(c.games(), text.len() / game_text(0).len());
}

/// One game of 76 moves on 19x19 with no captures (black and white fill separate rows), ended by two passes,
/// and a 1 KiB comment. Every game of the collection has the same length.
fn game_text(index: usize) -> Vec<u8> {
    let mut s = format!("(;GM[1]FF[4]SZ[19]KM[6.5]RU[Japanese]GN[game {index:06}]C[{}]", "c".repeat(1024));
    for x in b'a'..=b's' {
        s.push_str(&format!(";B[{}d];W[{}p]", x as char, x as char));
    }
    for x in b'a'..=b's' {
        s.push_str(&format!(";B[{}f];W[{}n]", x as char, x as char));
    }
    s.push_str(";B[];W[])\n");
    s.into_bytes()
}

fn collection_of_20_mib() -> Vec<u8> {
    let mut text = Vec::with_capacity((20 << 20) + 4096);
    let mut index = 0;
    while text.len() < 20 << 20 {
        text.extend(game_text(index));
        index += 1;
    }
    text
}
