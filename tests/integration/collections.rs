//! Collections with one broken game: no intact game is ever lost to a broken neighbour (issue #43).
//!
//! The inputs are generated from real corpus games: three intact games written one after another with a victim
//! among them, the victim broken at a dense deterministic sample of places (cut short at a byte offset, its `)`
//! removed, one `]` removed, a stray `(` added), or NUL and binary bytes between games. The facts asserted are
//! worked out apart from the code under test: each intact game must get the report it gets when read alone
//! (valid or not, its diagnostic codes, its `moves_hash`), in order, and every game written must be accounted
//! for: reported, or named as lost (`games + games_lost` = games written). The library's `Plan` checks the
//! bulk of the cases in-process; a sample goes through the `gotool` binary as a file, as an archive member and
//! on standard input.

use std::io::Write;
use std::path::PathBuf;

use gotool_check::Plan;
use gotool_model::FileReport;
use serde_json::Value;

use crate::util::{gotool, write_file};

/// What must not change about an intact game when a neighbour breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Verdict {
    valid: bool,
    codes: Vec<String>,
    moves_hash: Option<String>,
}

impl Verdict {
    fn of(game: &gotool_model::GameReport) -> Verdict {
        Verdict {
            valid: game.is_valid(),
            codes: game.diagnostics.iter().map(|d| d.code.to_string()).collect(),
            moves_hash: game.fingerprint.as_ref().map(|f| format!("{:016x}", f.moves_hash)),
        }
    }

    fn of_json(game: &Value) -> Verdict {
        Verdict {
            valid: game["valid"].as_bool().expect("valid"),
            codes: game["diagnostics"]
                .as_array()
                .expect("diagnostics")
                .iter()
                .map(|d| d["code"].as_str().expect("code").to_string())
                .collect(),
            moves_hash: game["moves_hash"].as_str().map(str::to_string),
        }
    }
}

/// Real games of the corpus, each long enough that a UTF-16 sniff of a collection's first bytes sees only the
/// first game.
fn corpus_games(count: usize) -> Vec<Vec<u8>> {
    let folder = crate::util::corpus().join("games/kgs-u-go.net/kgs-19-2015");
    let mut names: Vec<PathBuf> = std::fs::read_dir(&folder)
        .expect("the corpus's KGS 2015 games")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    names.sort();
    // Spread over the folder, deterministically.
    let step = (names.len() / (count * 3)).max(1);
    names
        .iter()
        .step_by(step)
        .map(|p| std::fs::read(p).expect("read game"))
        .filter(|bytes| bytes.len() > 600 && bytes.trim_ascii_end().ends_with(b")"))
        .map(|bytes| bytes.trim_ascii_end().to_vec())
        .take(count)
        .collect()
}

/// Up to `wanted` offsets of `0..=len`, every one when there are fewer, else evenly spread (first and last kept).
fn sample(len: usize, wanted: usize) -> Vec<usize> {
    if len < wanted {
        return (0..=len).collect();
    }
    let mut offsets: Vec<usize> = (0..wanted).map(|i| i * len / (wanted - 1)).collect();
    offsets.dedup();
    offsets
}

/// The ways a victim is broken, each giving the victim's broken bytes.
fn breaks(victim: &[u8], per_kind: usize) -> Vec<(String, Vec<u8>)> {
    let mut cases = Vec::new();
    for at in sample(victim.len(), per_kind) {
        cases.push((format!("cut at {at}"), victim[..at].to_vec()));
    }
    let without_close = victim.strip_suffix(b")").expect("ends with )");
    cases.push(("its ')' removed".to_string(), without_close.to_vec()));
    let brackets: Vec<usize> = victim.iter().enumerate().filter(|(_, b)| **b == b']').map(|(i, _)| i).collect();
    for i in sample(brackets.len() - 1, per_kind / 4) {
        let at = brackets[i];
        let mut broken = victim.to_vec();
        broken.remove(at);
        cases.push((format!("the ']' at {at} removed"), broken));
    }
    for at in sample(victim.len(), per_kind / 2) {
        let mut broken = victim.to_vec();
        broken.insert(at, b'(');
        cases.push((format!("a '(' added at {at}"), broken));
    }
    cases
}

/// The collection written: the games one per line, the victim (broken) at `victim_at`.
fn collection(intact: &[Vec<u8>], victim_at: usize, broken: &[u8]) -> Vec<u8> {
    let mut text = Vec::new();
    let mut intact = intact.iter();
    for i in 0..=3 {
        let game: &[u8] = if i == victim_at { broken } else { intact.next().expect("three intact games") };
        text.extend_from_slice(game);
        text.push(b'\n');
    }
    text
}

/// Whether the broken victim is still a game tree: it keeps its `(;` (a lone `(` is junk between games).
fn victim_is_a_tree(broken: &[u8]) -> bool {
    broken.len() >= 2
}

/// Checks the promise on one report of a collection: `expected` (the intact games' verdicts read alone) appear
/// in order, at most one other game is reported (the victim), and games + lost = games written.
fn assert_accounted(games: &[Verdict], lost: usize, expected: &[Verdict], written: usize, what: &str) {
    let mut want = expected.iter().peekable();
    let mut others = 0;
    for got in games {
        if want.peek() == Some(&got) {
            want.next();
        } else {
            others += 1;
        }
    }
    assert!(want.peek().is_none(), "{what}: an intact game was lost or changed: {:?} not in {games:?}", want.peek());
    assert!(others <= 1, "{what}: {others} games besides the intact ones: {games:?}");
    assert_eq!(games.len() + lost, written, "{what}: games {} + lost {lost} != written {written}", games.len());
}

fn check_report(report: &FileReport, expected: &[Verdict], written: usize, what: &str) {
    let games: Vec<Verdict> = report.games.iter().map(Verdict::of).collect();
    assert_accounted(&games, report.lost.len(), expected, written, what);
    for lost in &report.lost {
        assert!(lost.line.is_some() && lost.column.is_some(), "{what}: lost game without a place: {lost:?}");
    }
}

/// Every case of every victim (four games in turn, each between the others) through the library.
fn every_break(games: usize, per_kind: usize) {
    let plan = Plan { open_containers: true, ..Plan::default() };
    let all = corpus_games(games);
    assert_eq!(all.len(), games, "enough corpus games");
    let alone: Vec<Verdict> = all
        .iter()
        .map(|g| {
            let report = plan.check_bytes(g, "alone.sgf");
            assert_eq!(report.games.len(), 1, "a corpus game read alone is one game");
            Verdict::of(&report.games[0])
        })
        .collect();
    let mut cases = 0;
    for v in 0..games {
        let intact: Vec<Vec<u8>> = (1..=3).map(|k| all[(v + k) % games].clone()).collect();
        let expected: Vec<Verdict> = (1..=3).map(|k| alone[(v + k) % games].clone()).collect();
        // The victim second (games on both sides), or last for every fourth victim.
        let victim_at = if v % 4 == 3 { 3 } else { 1 };
        for (how, broken) in breaks(&all[v], per_kind) {
            let text = collection(&intact, victim_at, &broken);
            let written = 3 + usize::from(victim_is_a_tree(&broken));
            let report = plan.check_bytes(&text, "collection.sgf");
            check_report(&report, &expected, written, &format!("victim {v} {how}"));
            cases += 1;
        }
    }
    assert!(cases >= games * per_kind.min(300), "{cases} cases");
}

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn a_broken_game_loses_itself_alone() {
    // 4 victims, each cut at 300 offsets, 75 ']' removed, 150 '(' added, its ')' removed.
    every_break(4, 300);
}

#[test]
#[ignore = "heavy: every byte offset of 12 victims (run with --ignored)"]
fn a_broken_game_loses_itself_alone_at_every_offset() {
    every_break(12, usize::MAX / 2);
}

/// NUL and binary bytes between games are junk: every game around them is read as alone.
#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn binary_junk_between_games_loses_no_game() {
    let plan = Plan { open_containers: true, ..Plan::default() };
    let all = corpus_games(4);
    let expected: Vec<Verdict> = all.iter().map(|g| Verdict::of(&plan.check_bytes(g, "alone.sgf").games[0])).collect();
    // A deterministic byte generator (xorshift), its bytes never `(`: a `(` followed by `;` would be a game.
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    for case in 0..200 {
        let mut text = Vec::new();
        for (i, game) in all.iter().enumerate() {
            text.extend_from_slice(game);
            if i + 1 < all.len() {
                text.push(0);
                for _ in 0..(case % 40) {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    let b = (state >> 56) as u8;
                    text.push(if b == b'(' { 0 } else { b });
                }
                text.push(b'\n');
            }
        }
        let report = plan.check_bytes(&text, "junk.sgf");
        check_report(&report, &expected, 4, &format!("junk case {case}"));
    }
}

/// A zip holding `files` (name, bytes), stored.
fn zip_of(files: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, bytes) in files {
        zip.start_file(*name, zip::write::SimpleFileOptions::default()).expect("start member");
        zip.write_all(bytes).expect("write member");
    }
    zip.finish().expect("finish zip").into_inner()
}

/// The games (verdicts) and lost games of `gotool check --format json` over one input, read from its summary and
/// reports.
fn cli_games(doc: &Value) -> (Vec<Verdict>, usize) {
    let files = doc["files"].as_array().expect("files");
    let games = files.iter().flat_map(|f| f["games"].as_array().expect("games").iter()).map(Verdict::of_json);
    let lost = doc["summary"]["games_lost"].as_u64().expect("games_lost") as usize;
    (games.collect(), lost)
}

/// The same promise through the binary: the collection as a file, as a zip member and on standard input, for a
/// sample of cuts; the exit status says games were lost, and the text output names each lost game at
/// path:line:col.
#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn files_members_and_stdin_lose_no_game_to_a_neighbour() {
    let all = corpus_games(4);
    let dir = std::env::temp_dir().join(format!("gotool-collections-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    // Each intact game read alone by the same command.
    let expected: Vec<Verdict> = all[1..]
        .iter()
        .map(|g| {
            let alone = write_file(&dir, "alone.sgf", g);
            let output = gotool().args(["check", "--format", "json"]).arg(&alone).output().expect("gotool runs");
            let doc: Value = serde_json::from_slice(&output.stdout).expect("JSON report");
            Verdict::of_json(&doc["files"][0]["games"][0])
        })
        .collect();
    let victim = &all[0];
    for at in sample(victim.len(), 12).into_iter().filter(|&at| at >= 2 && at < victim.len()) {
        let text = collection(&all[1..], 1, &victim[..at]);
        let file = write_file(&dir, "c.sgf", &text);
        let zip = write_file(&dir, "c.zip", zip_of(&[("in/c.sgf", &text)]));
        for (source, args) in
            [("file", vec![file.to_str().unwrap()]), ("member", vec![zip.to_str().unwrap()]), ("stdin", vec!["-"])]
        {
            let output = gotool()
                .args(["check", "--format", "json"])
                .args(&args)
                .write_stdin(text.clone())
                .output()
                .expect("gotool runs");
            let doc: Value = serde_json::from_slice(&output.stdout).expect("JSON report");
            let (games, lost) = cli_games(&doc);
            assert_accounted(&games, lost, &expected, 4, &format!("{source}, victim cut at {at}"));
            assert_eq!(lost, 1, "{source}, cut at {at}: the victim is lost: {doc}");
            assert_eq!(output.status.code(), Some(1), "{source}, cut at {at}: the exit status says so");
        }
        let output = gotool().args(["check", file.to_str().unwrap()]).output().expect("gotool runs");
        let stdout = String::from_utf8_lossy(&output.stdout);
        let place = format!("{}:", file.display());
        assert!(
            stdout.lines().any(|l| l.starts_with(&place) && l.contains("game 2") && l.contains(": error: ")),
            "cut at {at}: the lost game named at path:line:col:\n{stdout}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `fix --write` never merges games: a collection whose first game is broken (cut short at a sample of offsets,
/// or only its `)` removed) is left byte for byte as it was, with exit 1; one whose last game alone is cut
/// short gets it closed and keeps every game (checked again: as many game trees as written, none lost).
#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn fix_leaves_a_collection_with_a_broken_game_alone_and_never_merges_games() {
    let all = corpus_games(3);
    let dir = std::env::temp_dir().join(format!("gotool-collections-fix-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let first = &all[0];
    let mut victims: Vec<Vec<u8>> = sample(first.len(), 8)
        .into_iter()
        .filter(|&at| at > 2 && at < first.len())
        .map(|at| first[..at].to_vec())
        .collect();
    victims.push(first.strip_suffix(b")").expect("ends with )").to_vec());
    for victim in victims {
        let mut text = victim.clone();
        for game in &all[1..] {
            text.push(b'\n');
            text.extend_from_slice(game);
        }
        text.push(b'\n');
        let file = write_file(&dir, "c.sgf", &text);
        let output = gotool().args(["fix", "--write"]).arg(&file).output().expect("gotool runs");
        assert_eq!(std::fs::read(&file).expect("read back"), text, "{}", String::from_utf8_lossy(&output.stdout));
        assert_eq!(output.status.code(), Some(1));
    }
    // The last game without its `)`: closed where the file ends, every game kept apart.
    let last = &all[2];
    let text = [&all[0][..], b"\n", &all[1][..], b"\n", &last[..last.len() - 1]].concat();
    let file = write_file(&dir, "c.sgf", &text);
    let fixed = gotool().args(["fix", "--write"]).arg(&file).output().expect("gotool runs");
    assert_eq!(fixed.status.code(), Some(0), "{}", String::from_utf8_lossy(&fixed.stdout));
    let output = gotool().args(["check", "--format", "json"]).arg(&file).output().expect("gotool runs");
    let doc: Value = serde_json::from_slice(&output.stdout).expect("JSON report");
    assert_eq!(doc["summary"]["games"], 3, "{doc}");
    assert_eq!(doc["summary"]["games_lost"], 0, "{doc}");
    let _ = std::fs::remove_dir_all(&dir);
}
