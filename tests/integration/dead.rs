//! Dead stones on the command line (#13): `--dead auto|none|POINTS` on `score`, the estimate `score` makes by
//! default for a finished game without markup, `check --dead auto`, and the estimate's fields in JSON.

use serde_json::{Value, json};

use crate::util::{only_game, run_in, write_file};

/// A finished 9×9 game (setup, then two passes) without markup. Black holds the upper left, White the rest; a
/// White stone at B8 inside Black's corner and a Black stone at F8 against White's wall are dead:
/// ```text
///    A B C D E F G H J
///  9 . . . X O . . . .
///  8 . O . X O X . . .
///  7 . . . X O . . . .
///  6 X X X X O . . . .
///  5 O O O O O . . . .
///  4 . . . . . . . . .
///  3 . . . . . . . . .
/// ```
const FINISHED: &str = "(;GM[1]FF[4]SZ[9]KM[0.5]RU[Japanese]RE[W+47.5]\
    AB[da][db][dc][dd][ad][bd][cd][fb]AW[ea][eb][ec][ed][ee][ae][be][ce][de][bb];B[];W[])";

/// Writes [`FINISHED`] as `name` in `dir` with `marks` (TB/TW properties) on its last node.
fn write_marked(dir: &std::path::Path, name: &str, marks: &str) {
    write_file(dir, name, FINISHED.replace(";B[];W[])", &format!(";B[];W[]{marks})")));
}

fn game_json(dir: &std::path::Path, args: &[&str]) -> Value {
    let r = run_in(dir, args);
    assert!(r.code == 0 || r.code == 1, "exit {}: {}", r.code, r.stdout);
    only_game(&r.json()).clone()
}

#[test]
fn score_estimates_a_finished_game_without_markup() {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "g.sgf", FINISHED);
    let game = game_json(dir.path(), &["score", "--format", "json", "g.sgf"]);
    let score = &game["score"];
    assert_eq!(score["dead_source"], "estimated", "{score:#}");
    assert_eq!(score["dead"], json!(["bb", "fb"]));
    let chains = score["dead_chains"].as_array().unwrap();
    assert_eq!(chains.len(), 2, "{chains:#?}");
    for chain in chains {
        assert!(chain["reason"].as_str().is_some_and(|r| r.contains("surrounded")), "{chain:#}");
        assert!((0.5..=1.0).contains(&chain["confidence"].as_f64().unwrap()), "{chain:#}");
    }
    // Japanese, by hand: Black 8 empty points + B8 = 9 territory, 1 prisoner: 10. White 55 empty points + F8 = 56,
    // 1 prisoner, komi 0.5: 57.5. Chinese: Black 7 stones + 9 = 16; White 9 stones + 56 + 0.5 = 65.5.
    assert_eq!(score["japanese"]["result"], "W+47.5", "{score:#}");
    assert_eq!(
        (score["chinese"]["black"]["total"].as_f64(), score["chinese"]["white"]["total"].as_f64()),
        (Some(16.0), Some(65.5))
    );
    assert_eq!(score["matches_record"], true);
    let text = run_in(dir.path(), &["score", "g.sgf"]);
    assert!(text.stdout.contains("Dead stones (estimated): B8 F8"), "{}", text.stdout);
    assert!(text.stdout.contains("matches the Japanese count with estimated dead stones"), "{}", text.stdout);
}

#[test]
fn dead_none_counts_every_stone_alive_and_points_still_work() {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "g.sgf", FINISHED);
    let game = game_json(dir.path(), &["score", "--format", "json", "--dead", "none", "g.sgf"]);
    assert_eq!(game["score"]["dead_source"], "none");
    assert_eq!(game["score"]["dead"], json!([]));
    assert!(game["score"].get("dead_chains").is_none());
    let game = game_json(dir.path(), &["score", "--format", "json", "--dead", "F8", "g.sgf"]);
    assert_eq!(game["score"]["dead_source"], "cli");
    assert_eq!(game["score"]["dead"], json!(["fb"]));
}

#[test]
fn check_estimates_only_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "g.sgf", FINISHED);
    let plain = game_json(dir.path(), &["check", "--format", "json", "g.sgf"]);
    assert_eq!(plain["score"]["dead_source"], "none");
    let auto = game_json(dir.path(), &["check", "--format", "json", "--dead", "auto", "g.sgf"]);
    assert_eq!(auto["score"]["dead_source"], "estimated");
    assert_eq!(auto["score"]["dead"], json!(["bb", "fb"]));
    let r = run_in(dir.path(), &["check", "--dead", "maybe", "g.sgf"]);
    assert_eq!(r.code, 2, "a value other than auto or none is a usage error: {}", r.stderr);
}

#[test]
fn markup_that_misses_a_dead_stone_is_compared_with_the_estimate() {
    // The same game with TB/TW that mark Black's corner and the dead White stone, but leave F8 standing.
    let dir = tempfile::tempdir().unwrap();
    write_marked(dir.path(), "m.sgf", "TB[aa][ba][ca][ab][bb][cb][ac][bc][cc]");
    let game = game_json(dir.path(), &["score", "--format", "json", "m.sgf"]);
    assert_eq!(game["score"]["dead_source"], "record");
    let warning = diagnostic(&game, "markup-differs-from-estimate");
    assert!(warning["message"].as_str().unwrap().contains("estimated dead but not marked: Black F8"), "{warning:#}");
    // --dead auto uses the estimate even so.
    let game = game_json(dir.path(), &["score", "--format", "json", "--dead", "auto", "m.sgf"]);
    assert_eq!(game["score"]["dead_source"], "estimated");
    assert_eq!(game["score"]["dead"], json!(["bb", "fb"]));
}

/// The diagnostic with `code` of a game's report.
fn diagnostic<'a>(game: &'a Value, code: &str) -> &'a Value {
    game["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == code)
        .unwrap_or_else(|| panic!("no {code}: {game:#}"))
}

#[test]
fn markup_of_territory_alone_is_named_when_the_estimate_gives_re() {
    // The older convention: TB/TW on empty points only, Black's corner and part of White's area, and the dead
    // stones B8 and F8 left standing unmarked. Counted as marked (nothing dead), the count misses RE; the
    // estimate's dead stones give it, and the RE warning says so.
    let dir = tempfile::tempdir().unwrap();
    write_marked(dir.path(), "t.sgf", "TB[aa][ba][ca][ab][cb][ac][bc][cc]TW[ga][ha][ia][gb][hb][ib]");
    let game = game_json(dir.path(), &["score", "--format", "json", "t.sgf"]);
    assert_eq!(game["score"]["dead_source"], "record");
    assert_eq!(game["score"]["dead"], json!([]));
    assert_eq!(game["score"]["matches_record"], false);
    let message = diagnostic(&game, "result-mismatch")["message"].as_str().unwrap().to_string();
    assert!(
        message.contains("counting gotool's estimated dead stones instead (White B8, Black F8) gives RE")
            && message.contains("mark only empty points and no stone"),
        "{message}"
    );

    // With the estimate, the marks' difference from it is a warning of its own.
    let game = game_json(dir.path(), &["score", "--format", "json", "--dead", "auto", "t.sgf"]);
    assert_eq!(
        diagnostic(&game, "dead-markup-differs")["message"],
        "the record's TB/TW leave 2 stones unmarked that are counted dead (B8 F8)"
    );

    // Markup that marks a dead stone and misses another: the same hint, without the convention.
    write_marked(dir.path(), "m.sgf", "TB[aa][ba][ca][ab][bb][cb][ac][bc][cc]");
    let game = game_json(dir.path(), &["score", "--format", "json", "m.sgf"]);
    let message = diagnostic(&game, "result-mismatch")["message"].as_str().unwrap().to_string();
    assert!(message.contains("estimated dead stones instead (White B8, Black F8) gives RE (--dead auto)"), "{message}");
    let game = game_json(dir.path(), &["score", "--format", "json", "--dead", "auto", "m.sgf"]);
    assert_eq!(
        diagnostic(&game, "dead-markup-differs")["message"],
        "the record's TB/TW leave 1 stone unmarked that is counted dead (F8)"
    );

    // Markup that gives RE draws no hint.
    write_marked(dir.path(), "f.sgf", "TB[aa][ba][ca][ab][bb][cb][ac][bc][cc]TW[fb]");
    let game = game_json(dir.path(), &["score", "--format", "json", "f.sgf"]);
    assert_eq!(game["score"]["matches_record"], true, "{game:#}");
}
