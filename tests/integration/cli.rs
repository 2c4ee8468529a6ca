//! The command line itself: help and version, usage errors (exit 2), missing paths, and the flags that
//! change what is reported (`--strict`, `--problems-only`, `--verbose`) in the text format.

use crate::util::{check_json, fixture, only_game, run, run_in, write_file};

#[test]
fn help_lists_the_check_command() {
    let r = run(&["--help"]);
    assert_eq!(r.code, 0);
    assert!(r.stdout.contains("check"), "{}", r.stdout);
    let r = run(&["check", "--help"]);
    assert_eq!(r.code, 0);
    for flag in ["--rules", "--komi", "--format", "--output", "--jobs", "--follow-links", "--shard", "--strict"] {
        assert!(r.stdout.contains(flag), "check --help lacks {flag}:\n{}", r.stdout);
    }
    for rules in ["japanese", "korean", "chinese", "aga", "nz", "tromp-taylor"] {
        assert!(r.stdout.contains(rules), "check --help lacks {rules}");
    }
}

#[test]
fn version_is_the_crate_version() {
    let r = run(&["--version"]);
    assert_eq!(r.code, 0);
    // The crate version, then the commit when built from a checkout (#14 item 21).
    assert!(r.stdout.starts_with(&format!("gotool {}", env!("CARGO_PKG_VERSION"))), "{}", r.stdout);
    assert!(r.stdout.ends_with('\n') && r.stdout.lines().count() == 1, "{}", r.stdout);
}

#[test]
fn usage_errors_exit_2_and_print_nothing_on_stdout() {
    for args in [
        &[][..],
        &["check"][..],
        &["check", "--bogus", "sgf/rules/capture.sgf"][..],
        &["check", "--rules", "french", "sgf/rules/capture.sgf"][..],
        &["check", "--format", "xml", "sgf/rules/capture.sgf"][..],
        &["check", "--shard", "3/2", "sgf/rules/capture.sgf"][..],
        &["check", "--shard", "0/2", "sgf/rules/capture.sgf"][..],
        &["check", "--komi", "lots", "sgf/rules/capture.sgf"][..],
        &["frobnicate"][..],
    ] {
        let r = run(args);
        assert_eq!(r.code, 2, "gotool {args:?}: {}", r.stderr);
        assert!(r.stdout.is_empty(), "gotool {args:?} printed on stdout: {}", r.stdout);
        assert!(!r.stderr.is_empty(), "gotool {args:?} said nothing on stderr");
    }
}

#[test]
fn unknown_rules_value_lists_the_known_ones() {
    let r = run(&["check", "--rules", "ing", "sgf/rules/capture.sgf"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("tromp-taylor"), "{}", r.stderr);
}

#[test]
fn missing_path_exits_2_but_the_others_are_still_checked() {
    let r = run(&["check", "no-such-file.sgf", "sgf/rules/capture.sgf"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("no-such-file.sgf"), "{}", r.stderr);
    assert!(r.stdout.starts_with("sgf/rules/capture.sgf: ok\n"), "{}", r.stdout);
    let r = run(&["check", "no-such-folder/"]);
    assert_eq!(r.code, 2);
}

#[test]
fn absolute_paths_are_reported_as_given() {
    let path = fixture("sgf/rules/capture.sgf");
    let path = path.to_str().unwrap();
    let r = run(&["check", path]);
    assert_eq!(r.code, 0);
    assert_eq!(r.stdout.lines().next().unwrap(), format!("{path}: ok"));
}

#[test]
fn text_report_has_one_line_per_game_and_a_summary() {
    let r = run(&["check", "sgf/rules/capture.sgf", "sgf/rules/occupied.sgf", "sgf/rules/wrong-turn.sgf"]);
    assert_eq!(r.code, 1);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(
        lines,
        [
            "sgf/rules/capture.sgf: ok",
            "sgf/rules/occupied.sgf:6:19: error: move 4 (W E5 / ee): the point is already occupied; \
             the rest of this line was not replayed [occupied]",
            "sgf/rules/wrong-turn.sgf: ok",
            "  warning: sgf/rules/wrong-turn.sgf:7:7: move 2 (B C7 / cc): Black moved but White was to play [wrong-turn]",
            "3 files, 3 games: 2 valid, 1 invalid, 1 warning",
        ]
    );
    assert!(!r.stdout.contains('\x1b'), "no colours when stdout is not a terminal");
}

#[test]
fn strict_turns_warnings_into_exit_1() {
    assert_eq!(run(&["check", "sgf/rules/wrong-turn.sgf"]).code, 0);
    assert_eq!(run(&["check", "--strict", "sgf/rules/wrong-turn.sgf"]).code, 1);
    assert_eq!(run(&["check", "--strict", "sgf/rules/capture.sgf"]).code, 0);
}

#[test]
fn problems_only_hides_clean_games() {
    let r = run(&["check", "--problems-only", "sgf/rules/capture.sgf", "sgf/rules/wrong-turn.sgf"]);
    assert_eq!(r.code, 0);
    assert!(!r.stdout.contains("capture.sgf"), "{}", r.stdout);
    assert!(r.stdout.contains("wrong-turn.sgf: ok"), "{}", r.stdout);
    assert!(r.stdout.ends_with("2 files, 2 games: 2 valid, 0 invalid, 1 warning\n"), "{}", r.stdout);
}

#[test]
fn verbose_shows_info_notes() {
    let quiet = run(&["check", "sgf/rules/fox-komi.sgf"]);
    assert!(!quiet.stdout.contains("normalised-komi"), "{}", quiet.stdout);
    let verbose = run(&["check", "-v", "sgf/rules/fox-komi.sgf"]);
    assert!(
        verbose.stdout.contains("info: sgf/rules/fox-komi.sgf:1:51: KM[375] read as komi 7.5 [normalised-komi]"),
        "{}",
        verbose.stdout
    );
}

#[test]
fn a_file_named_explicitly_is_checked_whatever_its_extension() {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "notes.txt", "Not a game record at all.\n");
    let r = run_in(dir.path(), &["check", "notes.txt"]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(r.stdout.starts_with("notes.txt:1:1: error: "), "{}", r.stdout);
    assert!(r.stdout.contains("[syntax]"), "{}", r.stdout);
}

#[test]
fn no_score_leaves_finished_games_unscored() {
    // The bundled example ends with two passes, so check scores it; --no-score skips the count and its notes.
    let example = fixture("sgf/example.sgf").display().to_string();
    let (code, scored) = check_json(&example, &[]);
    assert_eq!(code, 0);
    assert!(only_game(&scored)["score"].is_object(), "{scored:#}");
    let (code, unscored) = check_json(&example, &["--no-score"]);
    assert_eq!(code, 0);
    let game = only_game(&unscored);
    assert!(game["score"].is_null(), "{unscored:#}");
    assert_eq!(game["valid"], true);
    let codes: Vec<&str> = game["diagnostics"].as_array().unwrap().iter().filter_map(|d| d["code"].as_str()).collect();
    assert!(!codes.iter().any(|c| c.contains("score") || c.starts_with("result")), "{codes:?}");
    let text = run(&["check", "--no-score", &example]);
    assert!(!text.stdout.contains("score:"), "{}", text.stdout);
}
