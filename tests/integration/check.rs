//! `gotool check` on the hand-made rules fixtures (`fixtures/sgf/rules/`): the verdict, error code, move,
//! colour, point and line:column of each, worked out by hand (the analysis is in each file's root comment).

use crate::util::{check_json, codes, only_game, run, the_error, with_severity};

/// Asserts a game is valid, with exactly these warning codes (in order) and `moves` moves.
#[track_caller]
fn assert_valid(path: &str, extra: &[&str], warnings: &[&str], moves: u64) {
    let (code, doc) = check_json(path, extra);
    let game = only_game(&doc);
    assert_eq!(game["valid"], true, "{game:#}");
    assert!(with_severity(game, "error").is_empty(), "{game:#}");
    assert_eq!(codes(game, "warning"), warnings, "{game:#}");
    assert_eq!(game["moves"], moves, "{game:#}");
    assert_eq!(code, 0, "all games valid: exit 0");
}

/// The one error of an invalid single-game file: (code, move, colour, point, sgf_point, line, column).
#[track_caller]
fn assert_illegal(path: &str, extra: &[&str], expected: (&str, u64, &str, Option<&str>, &str, u64, u64)) {
    let (code, doc) = check_json(path, extra);
    let game = only_game(&doc);
    assert_eq!(game["valid"], false, "{game:#}");
    let e = the_error(game);
    let (err_code, mv, color, point, sgf_point, line, column) = expected;
    assert_eq!(e["code"], err_code, "{e:#}");
    assert_eq!(e["move"], mv, "{e:#}");
    assert_eq!(e["color"], color, "{e:#}");
    match point {
        Some(p) => assert_eq!(e["point"], p, "{e:#}"),
        None => assert!(e["point"].is_null(), "{e:#}"),
    }
    assert_eq!(e["sgf_point"], sgf_point, "{e:#}");
    assert_eq!((e["line"].as_u64(), e["column"].as_u64()), (Some(line), Some(column)), "{e:#}");
    // The replay stops at the illegal move: it is the last one counted.
    assert_eq!(game["moves"], mv, "{game:#}");
    assert_eq!(code, 1, "an invalid game: exit 1");
}

#[test]
fn captures_in_corner_edge_and_centre_are_legal() {
    // 9 B A9 has no liberty of its own but captures W B9 and W A8, each in atari:
    //    A B C            A B C
    // 9  . O X         9  X . X
    // 8  O X .   →     8  . X .
    // 7  X . .         7  X . .
    assert_valid("sgf/rules/capture.sgf", &[], &[], 23);
}

#[test]
fn immediate_ko_recapture_is_illegal() {
    //    C D E F        9 B E5 captures D5; 10 W D5 would retake at once
    // 6  . X O .
    // 5  X O . O
    // 4  . X O .
    assert_illegal("sgf/rules/ko-illegal.sgf", &[], ("ko", 10, "W", Some("D5"), "de", 16, 1));
}

#[test]
fn ko_rule_applies_under_superko_rules_too() {
    for rules in ["chinese", "aga", "nz", "tromp-taylor", "korean"] {
        let (code, doc) = check_json("sgf/rules/ko-illegal.sgf", &["--rules", rules]);
        let game = only_game(&doc);
        assert_eq!(game["rules"], rules);
        assert_eq!(the_error(game)["code"], "ko", "--rules {rules}");
        assert_eq!(code, 1);
    }
}

#[test]
fn ko_retaken_after_a_threat_is_legal() {
    assert_valid("sgf/rules/ko-after-threat.sgf", &[], &[], 14);
}

#[test]
fn snapback_is_not_a_ko() {
    //    A B C D       11 B B9 (throw-in), 12 W A9 captures it, 13 B B9 captures five
    // 9  . . O X
    // 8  O O O X
    // 7  X X X .
    assert_valid("sgf/rules/snapback.sgf", &[], &[], 13);
    assert_valid("sgf/rules/snapback.sgf", &["--rules", "chinese"], &[], 13);
}

#[test]
fn single_stone_suicide_is_illegal_everywhere() {
    //    A B        5 B A9: no liberty, captures nothing
    // 9  . O
    // 8  O .
    assert_illegal("sgf/rules/suicide-single.sgf", &[], ("suicide", 5, "B", Some("A9"), "aa", 9, 1));
    for rules in ["japanese", "chinese", "aga", "nz", "tromp-taylor"] {
        assert_illegal(
            "sgf/rules/suicide-single.sgf",
            &["--rules", rules],
            ("suicide", 5, "B", Some("A9"), "aa", 9, 1),
        );
    }
}

#[test]
fn multi_stone_suicide_follows_the_rules() {
    //    A B C        7 B B9 joins A9: two stones, no liberty, nothing captured
    // 9  X . O
    // 8  O O .
    assert_valid("sgf/rules/suicide-multi.sgf", &[], &[], 8); // RU[NZ]
    assert_valid("sgf/rules/suicide-multi.sgf", &["--rules", "tromp-taylor"], &[], 8);
    for rules in ["japanese", "korean", "chinese", "aga"] {
        assert_illegal(
            "sgf/rules/suicide-multi.sgf",
            &["--rules", rules],
            ("suicide", 7, "B", Some("B9"), "ba", 12, 13),
        );
    }
}

#[test]
fn suicide_message_counts_the_stones() {
    let (_, doc) = check_json("sgf/rules/suicide-multi.sgf", &["--rules", "japanese"]);
    let message = the_error(only_game(&doc))["message"].as_str().unwrap().to_string();
    assert!(message.contains("2 stones"), "{message}");
}

#[test]
fn triple_ko_cycle_breaks_superko_rules() {
    // Moves 22-27 take three kos in turn; 27 B G9 recreates the position after move 21, White to play.
    assert_illegal("sgf/rules/superko-triple-ko.sgf", &[], ("superko", 27, "B", Some("G9"), "ga", 23, 1));
    let (_, doc) = check_json("sgf/rules/superko-triple-ko.sgf", &[]);
    let message = the_error(only_game(&doc))["message"].as_str().unwrap().to_string();
    assert!(message.contains("after move 21"), "{message}");
    // Situational superko: the same player (White) is to move after 21 and after 27.
    for rules in ["aga", "nz", "tromp-taylor"] {
        assert_illegal(
            "sgf/rules/superko-triple-ko.sgf",
            &["--rules", rules],
            ("superko", 27, "B", Some("G9"), "ga", 23, 1),
        );
    }
}

#[test]
fn triple_ko_cycle_is_a_long_cycle_under_japanese_rules() {
    for rules in ["japanese", "korean"] {
        let (code, doc) = check_json("sgf/rules/superko-triple-ko.sgf", &["--rules", rules]);
        let game = only_game(&doc);
        assert_eq!(game["valid"], true);
        assert_eq!(game["moves"], 27);
        let warnings = with_severity(game, "warning");
        assert_eq!(warnings.len(), 1, "{game:#}");
        let w = warnings[0];
        assert_eq!(w["code"], "long-cycle");
        assert_eq!(w["move"], 27);
        assert_eq!(w["point"], "G9");
        assert!(w["message"].as_str().unwrap().contains("after move 21"), "{w:#}");
        assert_eq!(code, 0);
    }
}

#[test]
fn occupied_point_is_illegal() {
    assert_illegal("sgf/rules/occupied.sgf", &[], ("occupied", 4, "W", Some("E5"), "ee", 6, 19));
}

#[test]
fn off_board_move_is_illegal() {
    // jj is the tenth column and row of a 9x9 board; it has no board name, so only the SGF text is given.
    assert_illegal("sgf/rules/off-board.sgf", &[], ("off-board", 3, "B", None, "jj", 6, 13));
}

#[test]
fn garbled_coordinate_is_reported() {
    assert_illegal("sgf/rules/bad-coordinate.sgf", &[], ("bad-coordinate", 3, "B", None, "e1", 6, 13));
}

#[test]
fn play_after_two_passes_is_a_resumption_warning() {
    let (code, doc) = check_json("sgf/rules/passes-resumed.sgf", &[]);
    let game = only_game(&doc);
    assert_eq!(game["valid"], true);
    assert_eq!(game["moves"], 6);
    assert_eq!(game["ended_by_passes"], false);
    let warnings = with_severity(game, "warning");
    assert_eq!(warnings.len(), 1, "{game:#}");
    assert_eq!(warnings[0]["code"], "resumed-after-passes");
    assert_eq!(warnings[0]["move"], 5);
    assert_eq!(warnings[0]["color"], "B");
    assert_eq!(warnings[0]["point"], "G3");
    assert_eq!((warnings[0]["line"].as_u64(), warnings[0]["column"].as_u64()), (Some(8), Some(1)));
    assert_eq!(code, 0);
}

#[test]
fn two_moves_of_one_colour_are_a_wrong_turn_warning() {
    assert_valid("sgf/rules/wrong-turn.sgf", &[], &["wrong-turn"], 4);
    let (_, doc) = check_json("sgf/rules/wrong-turn.sgf", &[]);
    let w = &with_severity(only_game(&doc), "warning")[0];
    assert_eq!((w["move"].as_u64(), w["color"].as_str(), w["point"].as_str()), (Some(2), Some("B"), Some("C7")));
    assert_eq!((w["line"].as_u64(), w["column"].as_u64()), (Some(7), Some(7)));
}

#[test]
fn handicap_stones_then_white_first_is_clean() {
    assert_valid("sgf/rules/handicap.sgf", &[], &[], 4);
    let (_, doc) = check_json("sgf/rules/handicap.sgf", &[]);
    let game = only_game(&doc);
    assert_eq!(game["handicap"], 2);
    assert_eq!(game["komi"], 0.5);
}

#[test]
fn handicap_count_that_disagrees_with_the_stones_is_a_warning() {
    assert_valid("sgf/rules/handicap-mismatch.sgf", &[], &["handicap-mismatch"], 4);
    let (_, doc) = check_json("sgf/rules/handicap-mismatch.sgf", &[]);
    let game = only_game(&doc);
    assert_eq!(game["handicap"], 3);
    let w = &with_severity(game, "warning")[0];
    assert!(w["message"].as_str().unwrap().contains("HA[3]"), "{w:#}");
    assert!(w["move"].is_null());
}

#[test]
fn setup_in_later_nodes_is_applied_with_warnings() {
    // AE[ee] removes the black stone, so 4 W E5 is on an empty point, not an occupied one.
    assert_valid("sgf/rules/setup.sgf", &[], &["setup-after-moves", "setup-after-moves"], 5);
    let (_, doc) = check_json("sgf/rules/setup.sgf", &[]);
    let places: Vec<(u64, u64)> = with_severity(only_game(&doc), "warning")
        .iter()
        .map(|w| (w["line"].as_u64().unwrap(), w["column"].as_u64().unwrap()))
        .collect();
    assert_eq!(places, [(10, 1), (12, 1)]);
}

#[test]
fn setup_stone_without_liberties_is_an_error() {
    //    A B       AW[aa] with AB[ba][ab]: the white stone has no liberty
    // 9  O X
    // 8  X .
    let (code, doc) = check_json("sgf/rules/illegal-setup.sgf", &[]);
    let game = only_game(&doc);
    assert_eq!(game["valid"], false);
    let e = the_error(game);
    assert_eq!(e["code"], "illegal-setup");
    assert_eq!(e["point"], "A9");
    assert_eq!(e["sgf_point"], "aa");
    assert!(e["move"].is_null());
    assert_eq!(game["moves"], 0);
    assert_eq!(code, 1);
}

#[test]
fn tt_is_a_pass_on_19x19() {
    assert_valid("sgf/rules/tt-pass-19.sgf", &[], &[], 6);
    let (_, doc) = check_json("sgf/rules/tt-pass-19.sgf", &[]);
    assert_eq!(only_game(&doc)["ended_by_passes"], true);
}

#[test]
fn tt_is_a_point_on_21x21() {
    // 9 B S1 captures U1 and T1 only if U2 (tt) holds a black stone; 10 W T1 is then legal.
    assert_valid("sgf/rules/tt-21x21.sgf", &[], &[], 10);
    let (_, doc) = check_json("sgf/rules/tt-21x21.sgf", &[]);
    assert_eq!(only_game(&doc)["board_size"], serde_json::json!([21, 21]));
}

#[test]
fn rectangular_board_keeps_width_and_height_apart() {
    assert_valid("sgf/rules/rectangular.sgf", &[], &[], 8);
    let (_, doc) = check_json("sgf/rules/rectangular.sgf", &[]);
    assert_eq!(only_game(&doc)["board_size"], serde_json::json!([19, 13]));
}

#[test]
fn board_size_over_52_is_an_error() {
    let (code, doc) = check_json("sgf/rules/bad-size.sgf", &[]);
    let game = only_game(&doc);
    assert_eq!(game["valid"], false);
    let e = the_error(game);
    assert_eq!(e["code"], "bad-size");
    assert_eq!((e["line"].as_u64(), e["column"].as_u64()), (Some(1), Some(25)));
    assert_eq!(game["moves"], 0);
    assert_eq!(code, 1);
}

#[test]
fn fox_komi_is_normalised() {
    let (code, doc) = check_json("sgf/rules/fox-komi.sgf", &[]);
    let game = only_game(&doc);
    assert_eq!(game["valid"], true);
    assert_eq!(game["komi"], 7.5);
    assert_eq!(game["rules"], "chinese");
    assert!(codes(game, "info").contains(&"normalised-komi".to_string()), "{game:#}");
    assert!(with_severity(game, "warning").is_empty());
    assert_eq!(code, 0);
}

#[test]
fn komi_flag_overrides_the_record() {
    let (_, doc) = check_json("sgf/rules/fox-komi.sgf", &["--komi", "-3.5"]);
    let game = only_game(&doc);
    assert_eq!(game["komi"], -3.5);
    assert!(codes(game, "info").iter().all(|c| c != "normalised-komi"));
}

#[test]
fn every_rules_fixture_gets_the_verdict_in_its_comment() {
    // (file, valid under the record's own RU), in byte order: `-` sorts before `.`
    let expected = [
        ("bad-coordinate", false),
        ("bad-size", false),
        ("capture", true),
        ("fox-komi", true),
        ("handicap-mismatch", true),
        ("handicap", true),
        ("illegal-setup", false),
        ("ko-after-threat", true),
        ("ko-illegal", false),
        ("occupied", false),
        ("off-board", false),
        ("passes-resumed", true),
        ("rectangular", true),
        ("setup", true),
        ("snapback", true),
        ("suicide-multi", true),
        ("suicide-single", false),
        ("superko-triple-ko", false),
        ("tt-21x21", true),
        ("tt-pass-19", true),
        ("wrong-turn", true),
    ];
    let (code, doc) = check_json("sgf/rules", &[]);
    let files = doc["files"].as_array().unwrap();
    assert_eq!(files.len(), expected.len(), "one report per fixture");
    for (file, (name, valid)) in files.iter().zip(expected) {
        // Folders are listed in sorted order.
        assert_eq!(file["path"], format!("sgf/rules/{name}.sgf"));
        assert!(file["error"].is_null(), "{file:#}");
        assert_eq!(file["games"][0]["valid"], valid, "{name}");
    }
    assert_eq!(code, 1);
}

#[test]
fn example_game_is_legal_and_its_markup_gives_the_recorded_result() {
    let (code, doc) = check_json("sgf/example.sgf", &[]);
    let game = only_game(&doc);
    assert_eq!(game["valid"], true);
    assert!(with_severity(game, "warning").is_empty(), "{game:#}");
    assert_eq!(game["moves"], 28);
    assert_eq!(game["ended_by_passes"], true);
    assert_eq!(game["rules"], "japanese");
    assert_eq!(game["komi"], 6.5);
    assert_eq!(game["result_recorded"], "W+5.5");
    // Japanese: Black 29 territory + 1 prisoner = 30; White 28 + 1 + 6.5 = 35.5 (see the file's comment).
    let score = &game["score"];
    assert_eq!(score["japanese"]["result"], "W+5.5", "{score:#}");
    assert_eq!(score["chinese"]["result"], "W+5.5", "{score:#}");
    assert_eq!(code, 0);
}

#[test]
fn text_report_names_the_first_error_with_its_place() {
    let run = run(&["check", "sgf/rules/ko-illegal.sgf"]);
    assert_eq!(run.code, 1);
    let first = run.stdout.lines().next().unwrap();
    assert!(first.starts_with("sgf/rules/ko-illegal.sgf:16:1: error: move 10 (W D5 / de): "), "{first}");
    assert!(first.ends_with("[ko]"), "{first}");
    assert!(run.stdout.ends_with("1 file, 1 game: 0 valid, 1 invalid, 0 warnings\n"), "{}", run.stdout);
}
