//! What a new user trips over (issue #14): one test per item, named `r14_<item>_<slug>` with a `// See: #14`
//! line, each through the binary, each failing on the code before the fix.

use crate::util::{run_in, write_file};

/// Writes `text` as `name` in a new temporary folder and runs `gotool <args> name` there.
fn run_on(name: &str, text: &str, args: &[&str]) -> crate::util::Run {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), name, text);
    let mut all: Vec<&str> = args.to_vec();
    all.push(name);
    run_in(dir.path(), &all)
}

// See: #14 (A)
#[test]
fn r14_a_superko_history_starts_after_the_setup() {
    let run =
        run_on("a.sgf", "(;GM[1]FF[4]SZ[2]AB[aa];B[ab];W[];B[ba];W[];B[bb])", &["check", "--rules", "tromp-taylor"]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert!(run.stdout.starts_with("a.sgf: ok"), "{}", run.stdout);
}

// See: #14 (B)
#[test]
fn r14_b_the_first_mover_was_the_one_to_move() {
    let text = "(;GM[1]FF[4]SZ[2];W[aa];B[];W[ab];B[];W[ba];B[];W[bb])";
    let run = run_on("b.sgf", text, &["check", "--rules", "nz"]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert!(run.stdout.starts_with("b.sgf: ok\n"), "no superko, no wrong-turn warning: {}", run.stdout);
    // The same with PL[W] said explicitly gives the same verdict.
    let run = run_on("b.sgf", &text.replace("SZ[2]", "SZ[2]PL[W]"), &["check", "--rules", "nz"]);
    assert!(run.stdout.starts_with("b.sgf: ok\n"), "{}", run.stdout);
    // Under positional superko the empty board is recreated: illegal.
    let run = run_on("b.sgf", text, &["check", "--rules", "tromp-taylor"]);
    assert!(run.stdout.contains("move 7 (W B1 / bb): positional superko"), "{}", run.stdout);
}

// See: #14 (1)
#[test]
fn r14_1_two_values_in_a_move_name_the_colour_and_show_the_values() {
    let run = run_on("ww.sgf", "(;GM[1]SZ[9];B[ee];W[dd][cc])", &["check"]);
    assert!(
        run.stdout.starts_with(
            "ww.sgf:1:19: error: move 2 (W [dd][cc]): more than one value in one move property (which was played?): \
             W[dd][cc] [multiple-moves]"
        ),
        "{}",
        run.stdout
    );
    let run = run_on("ww.sgf", "(;GM[1]SZ[9];B[ee];W[dd][cc])", &["check", "--format", "json"]);
    let doc = run.json();
    let error = crate::util::the_error(crate::util::only_game(&doc));
    assert_eq!((&error["color"], &error["sgf_point"], &error["move"]), (&"W".into(), &"[dd][cc]".into(), &2.into()));
}

// See: #14 (2)
#[test]
fn r14_2_flag_values_that_mean_nothing_are_usage_errors() {
    let text = "(;GM[1]SZ[9];B[ee])";
    for komi in ["nan", "inf", "-inf", "-1e308", "6.3", "1000.5"] {
        let run = run_on("k.sgf", text, &["score", "--force", "--komi", komi]);
        assert_eq!(run.code, 2, "--komi {komi}: {}", run.stdout);
        assert!(run.stderr.contains("komi is a multiple of 0.25 from -1000 to 1000"), "{}", run.stderr);
    }
    for komi in ["6.5", "-7", "2.75", "1000"] {
        assert_ne!(run_on("k.sgf", text, &["score", "--force", "--komi", komi]).code, 2, "--komi {komi}");
    }
    assert_eq!(run_on("k.sgf", text, &["check", "-j", "0"]).code, 2);
    let run = run_on("k.sgf", text, &["check", "--max-file-size", "5000000000"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("at most 4294967295 bytes"), "{}", run.stderr);
}

// See: #14 (12)
#[test]
fn r14_12_dead_values_that_name_no_point_are_usage_errors() {
    let text = "(;GM[1]SZ[9]RE[B+R];B[ee];W[dd])";
    for dead in ["Z99x", "E", "aaa", "auto,D4", "D4,none", "I5", ""] {
        let run = run_on("d.sgf", text, &["score", "--force", "--dead", dead]);
        assert_eq!(run.code, 2, "--dead {dead:?}: {}", run.stdout);
        assert!(run.stderr.contains("--dead"), "--dead {dead:?}: {}", run.stderr);
    }
    let run = run_on("d.sgf", text, &["show", "--score", "--dead", "Q99"]);
    assert_eq!(run.code, 2, "{}", run.stdout);
    // A point that lies on some board but not on this one is that game's warning, not a usage error.
    let run = run_on("d.sgf", text, &["score", "--force", "--dead", "T19"]);
    assert_ne!(run.code, 2, "{}", run.stderr);
    assert!(run.stdout.contains("--dead T19: not a point on the 9x9 board; ignored"), "{}", run.stdout);
    // The keywords, in any letter case, and points of both notations.
    for dead in ["auto", "NONE", "E5,dd", "ee"] {
        let run = run_on("d.sgf", text, &["score", "--force", "--dead", dead]);
        assert_ne!(run.code, 2, "--dead {dead}: {}", run.stderr);
    }
    let run = run_on("d.sgf", text, &["check", "--dead", "some"]);
    assert_eq!(run.code, 2, "{}", run.stdout);
    // `show` says what it ignored, as `score` does.
    let run = run_on("d.sgf", text, &["show", "--score", "--dead", "Z9"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("note: --dead Z9: not a point on the 9x9 board; ignored"), "{}", run.stdout);
    let run = run_on("d.sgf", text, &["show", "--score", "--dead", "A1"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("note: no stone to mark dead at A1: ignored"), "{}", run.stdout);
}

// See: #14 (2) — a size or count limit of 0 refuses every file: a usage error, not a limit error per file.
#[test]
fn r14_2_limits_of_zero_are_usage_errors() {
    let text = "(;GM[1]SZ[9];B[ee])";
    for flag in ["--max-file-size", "--max-games", "--max-nodes", "--max-depth"] {
        let run = run_on("z.sgf", text, &["check", flag, "0"]);
        assert_eq!(run.code, 2, "{flag} 0: {}", run.stdout);
        assert!(run.stderr.contains("at least 1"), "{flag} 0: {}", run.stderr);
        let run = run_on("z.sgf", text, &["check", flag, "1000"]);
        assert_ne!(run.code, 2, "{flag} 1000: {}", run.stderr);
    }
}

// See: #14 (8) — a folder given for the picture is a usage error, as for `--output`.
#[test]
fn r14_8_svg_into_a_folder_is_a_usage_error() {
    let run = run_on("s.sgf", "(;GM[1]SZ[9];B[ee])", &["show", "--svg", "."]);
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(run.stderr.contains("--svg .: that is a folder"), "{}", run.stderr);
    // A path written as a folder, and a folder that is not there: said of the path the user gave, not of a
    // temporary file's random name.
    let run = run_on("s.sgf", "(;GM[1]SZ[9];B[ee])", &["check", "-o", "sub/"]);
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(run.stderr.contains("--output sub/: that is a folder"), "{}", run.stderr);
    let run = run_on("s.sgf", "(;GM[1]SZ[9];B[ee])", &["check", "-o", "nowhere/r.txt"]);
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(run.stderr.contains("cannot write nowhere/r.txt: there is no folder nowhere"), "{}", run.stderr);
    assert!(!run.stderr.contains(".tmp"), "{}", run.stderr);
}

// See: #14 (6) — plurals in `stats` for one game.
#[test]
fn r14_6_stats_of_one_game_say_game() {
    let run = run_on("one.sgf", "(;GM[1]SZ[9]KM[6.5]RE[W+6.5];B[ee];W[dd];B[];W[])", &["stats"]);
    assert!(!run.stdout.contains("1 games"), "{}", run.stdout);
    assert!(run.stdout.contains("(% of the 1 game)"), "{}", run.stdout);
}

// See: #14 (7)
#[cfg(unix)]
#[test]
fn r14_7_jobs_are_clamped() {
    // 100,000 threads for one file once ran for minutes. Clamped to four a core, the run fits in the address
    // space of that many workers' stacks (16 MiB each, counted twice over) plus 256 MiB; 100,000 stacks would
    // need 1.6 TB. A file over `--max-file-size` is streamed, which takes every worker asked for (within the
    // clamp), so the clamp and not the number of files is what bounds them here.
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "one.sgf", "(;GM[1]SZ[9];B[ee])(;GM[1]SZ[9];B[cc])");
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let mib = 256 + 4 * cores * 16 * 2;
    let args = ["check", "-q", "-j", "100000", "--max-file-size", "30", "one.sgf"];
    let run = crate::hostile::run_within(dir.path(), &args, mib);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let help = crate::util::run(&["check", "--help"]);
    assert!(help.stdout.contains("at most 4 times the cores"), "{}", help.stdout);
}

// See: #14 (3)
#[test]
fn r14_3_same_margin_only_when_every_count_shown_agrees() {
    // A 9x9 game with two handicap stones (B2 and B7 on column B), RU[AGA]: Black fills column B, White column
    // C, then both pass. Column A is Black's area, D to J White's; every stone alive. AGA gives White one point
    // of compensation (N - 1), Chinese two (N): the AGA margin is one point better for Black than the Chinese.
    let mut text = String::from("(;GM[1]FF[4]SZ[9]KM[0.5]HA[2]RU[AGA]AB[bc][bg]");
    // Black fills the rest of column B, White column C; then both pass.
    let black: Vec<String> = (0..9).filter(|&y| y != 2 && y != 6).map(|y| format!("b{}", (b'a' + y) as char)).collect();
    let white: Vec<String> = (0..9).map(|y| format!("c{}", (b'a' + y) as char)).collect();
    for (i, w) in white.iter().enumerate() {
        text.push_str(&format!(";W[{w}]"));
        if let Some(b) = black.get(i) {
            text.push_str(&format!(";B[{b}]"));
        } else {
            text.push_str(";B[]");
        }
    }
    text.push_str(";W[])");
    let run = run_on("aga.sgf", &text, &["score"]);
    let table = &run.stdout;
    let margin_row = table.lines().find(|l| l.starts_with("Margin")).unwrap_or_else(|| panic!("{table}"));
    assert!(!margin_row.contains("same margin"), "{table}");
    assert!(
        table
            .contains("AGA margin − Chinese margin = 1 (Black minus White): +1 handicap compensation (1 instead of 2)"),
        "{table}"
    );
    let run = run_on("aga.sgf", &text, &["check"]);
    assert!(run.stdout.contains("AGA margin 1 more for Black than Chinese)"), "{}", run.stdout);
    assert!(!run.stdout.contains("same margin"), "{}", run.stdout);
}

// See: #14 (4)
#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn r14_4_a_result_the_records_marks_give_says_where_the_counts_differ() {
    let corpus = crate::util::corpus();
    let corpus = std::fs::canonicalize(corpus).unwrap();
    let path = corpus.join("finished/kgs-u-go.net/kgs-19-2016-12-new/2016-12-08-54.sgf");
    let run = crate::util::run(&["score", "--strict", path.to_str().unwrap()]);
    // RE W+12.50 is the count of the record's own marks, which give P4 to Black; gotool's Japanese count does not
    // (P4 is a false eye Black must fill), W+13.5. A note, not a warning: --strict passes.
    assert!(
        run.stdout.contains(
            "RE W+12.50: counting the record's own TB/TW marks gives RE; gotool's count differs from the marks at P4 \
             (marked Black, counted for nobody: a false eye that must be filled) (info note result-matches-markup, shown with -v)."
        ),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("[result-mismatch]"), "{}", run.stdout);
    // The markup warning names the point in the same words.
    let run = crate::util::run(&["check", "-v", path.to_str().unwrap()]);
    assert!(run.stdout.contains("P4 marked Black, counted for nobody"), "{}", run.stdout);
}

// See: #14 (6)
#[test]
fn r14_6_plurals() {
    let run = run_on("one.sgf", "(;GM[1]SZ[9];B[ee])", &["check", "--format", "github"]);
    assert!(
        run.stdout
            .ends_with("gotool: 1 file, 1 game: 1 valid, 0 invalid, 0 warnings, 0 files not fully readable as SGF\n"),
        "{}",
        run.stdout
    );
    let run = run_on("nodes.sgf", "(;;;)", &["check", "--max-nodes", "1"]);
    assert!(run.stdout.contains("more than 1 node (limit"), "{}", run.stdout);
    let run = run_on("one.sgf", "(;GM[1]SZ[9];B[ee])", &["show", "--game", "2"]);
    assert!(
        run.stderr.contains("the file holds 1 game\n") || run.stderr.contains("holds 1 readable game"),
        "{}",
        run.stderr
    );
}

/// Runs gotool as the user `nobody` where this test runs as root (root reads everything, so a permission test
/// as root proves nothing); as another user, directly.
#[cfg(unix)]
fn run_unprivileged(dir: &std::path::Path, args: &[&str]) -> crate::util::Run {
    let root = std::process::Command::new("id").arg("-u").output().map(|o| o.stdout == b"0\n").unwrap_or(false);
    let output = if root {
        std::process::Command::new("setpriv")
            .args(["--reuid=nobody", "--regid=nogroup", "--clear-groups", env!("CARGO_BIN_EXE_gotool")])
            .args(args)
            .current_dir(dir)
            .output()
            .expect("setpriv runs (util-linux)")
    } else {
        crate::util::gotool().current_dir(dir).args(args).output().unwrap()
    };
    crate::util::Run::from_output(output)
}

// See: #14 (10)
#[cfg(unix)]
#[test]
fn r14_10_unreadable_paths_exit_2_and_folders_are_not_files() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let top = dir.path();
    let mode = |p: &std::path::Path, m: u32| std::fs::set_permissions(p, std::fs::Permissions::from_mode(m)).unwrap();
    mode(top, 0o755);
    std::fs::create_dir_all(top.join("tree/ok")).unwrap();
    std::fs::create_dir_all(top.join("tree/locked")).unwrap();
    for p in ["tree/ok/a.sgf", "tree/locked/b.sgf", "closed.sgf"] {
        write_file(top, p, "(;GM[1]SZ[9];B[ee])");
    }
    for p in ["tree", "tree/ok"] {
        mode(&top.join(p), 0o755);
    }
    mode(&top.join("tree/ok/a.sgf"), 0o644);
    mode(&top.join("closed.sgf"), 0o000);
    mode(&top.join("tree/locked"), 0o000);

    // A named file that cannot be read: exit 2, and the report says why in every format, as it does for such a
    // file inside a folder.
    let run = run_unprivileged(top, &["check", "closed.sgf"]);
    assert_eq!(run.code, 2, "{} {}", run.stdout, run.stderr);
    assert!(run.stdout.starts_with("closed.sgf: error: cannot read: Permission denied"), "{}", run.stdout);
    let run = run_unprivileged(top, &["check", "--format", "json", "closed.sgf"]);
    assert_eq!(run.code, 2, "{} {}", run.stdout, run.stderr);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["files"][0]["path"], "closed.sgf", "{}", run.stdout);
    assert_eq!(report["files"][0]["error"]["code"], "io", "{}", run.stdout);
    let run = run_unprivileged(top, &["check", "--format", "github", "closed.sgf"]);
    assert!(run.stdout.starts_with("::error file=closed.sgf,"), "{}", run.stdout);
    // A folder inside a walk that cannot be read: said on stderr, not counted as a file, exit 2.
    let run = run_unprivileged(top, &["check", "tree"]);
    assert_eq!(run.code, 2, "{} {}", run.stdout, run.stderr);
    assert!(run.stderr.contains("gotool: tree/locked: cannot read: Permission denied"), "{}", run.stderr);
    assert!(run.stdout.ends_with("1 file, 1 game: 1 valid, 0 invalid, 0 warnings\n"), "{}", run.stdout);
    // A named folder that cannot be read.
    let run = run_unprivileged(top, &["check", "tree/locked"]);
    assert_eq!(run.code, 2);
    mode(&top.join("tree/locked"), 0o755);
}

// See: #14 (13)
#[test]
fn r14_13_a_folder_without_records_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("empty")).unwrap();
    write_file(dir.path(), "notes/readme.txt", "no games here");
    for folder in ["empty", "notes"] {
        let run = run_in(dir.path(), &["check", folder]);
        assert_eq!(run.code, 2, "{folder}");
        assert!(run.stderr.contains("no records found in this folder"), "{}", run.stderr);
        assert_eq!(run_in(dir.path(), &["check", "--allow-empty", folder]).code, 0);
    }
}

// See: #14 (9)
#[test]
fn r14_9_show_says_why_a_game_cannot_be_shown() {
    let text = "(;GM[1];B[aa])(;GM[1];B[bb])(;GM[2];B[cc])(;GM[1];B[dd]";
    let run = run_on("coll.sgf", text, &["show", "--game", "3"]);
    assert!(run.stderr.contains("the game cannot be replayed: GM[2]: not a game of Go"), "{}", run.stderr);
    let run = run_on("coll.sgf", text, &["show", "--game", "9"]);
    assert!(
        run.stderr.contains("--game 9 but the file holds 3 readable games; game 4 breaks at 1:56: unexpected end"),
        "{}",
        run.stderr
    );
}

/// Temporary files gotool may have left in `dir` (`.NAME.XXXXXX.tmp`).
fn leftovers(dir: &std::path::Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.') && n.ends_with(".tmp"))
        .collect()
}

// See: #14 (8)
#[test]
fn r14_8_no_temporary_file_is_left_behind() {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "ko.sgf", "(;GM[1]SZ[9];B[ee];W[];B[])");
    // A folder as the report's file: a usage error, said plainly.
    let run = run_in(dir.path(), &["check", "-o", ".", "ko.sgf"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("--output .: that is a folder"), "{}", run.stderr);
    // A picture that cannot be renamed into place (the target is a folder): an error, and no temporary file.
    std::fs::create_dir(dir.path().join("pic.svg")).unwrap();
    let run = run_in(dir.path(), &["show", "--svg", "pic.svg", "ko.sgf"]);
    assert_ne!(run.code, 0);
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

// See: #14 (8)
#[cfg(unix)]
#[test]
fn r14_8_an_interrupted_run_removes_its_temporary_report() {
    let dir = tempfile::tempdir().unwrap();
    // Enough games for the run to last well beyond the moment it is interrupted.
    let game: String = std::iter::once("(;GM[1]SZ[19]".to_string())
        .chain((0..300).map(|i| {
            format!(";{}[{}{}]", ["B", "W"][i % 2], (b'a' + (i % 19) as u8) as char, (b'a' + (i / 19) as u8) as char)
        }))
        .chain(std::iter::once(")".to_string()))
        .collect();
    for i in 0..4000 {
        write_file(dir.path(), &format!("games/{i:04}.sgf"), &game);
    }
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gotool"))
        .current_dir(dir.path())
        .args(["score", "--force", "-q", "-j", "1", "-o", "rep.txt", "games"])
        .spawn()
        .unwrap();
    // Wait until the report is being written, then interrupt. It is written with no name (Linux's O_TMPFILE) or
    // under a temporary one: either shows, the first as an open file in the folder ("…/#123 (deleted)"). The
    // deadline is a hang guard, not a speed test.
    let writing = |dir: &std::path::Path| {
        let open = std::fs::read_dir(format!("/proc/{}/fd", child.id())).into_iter().flatten().flatten();
        let in_dir = open.filter_map(|fd| std::fs::read_link(fd.path()).ok()).any(|to| to.parent() == Some(dir));
        in_dir || !leftovers(dir).is_empty()
    };
    let started = std::time::Instant::now();
    while !writing(dir.path()) && started.elapsed() < crate::hostile::HANG_GUARD {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(writing(dir.path()), "the run never started its report");
    std::process::Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{status:?}");
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    assert!(!dir.path().join("rep.txt").exists());
}

// See: #14 (14)
#[test]
fn r14_14_a_dash_means_stdout() {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "g.sgf", "(;GM[1]SZ[9];B[ee])");
    let run = run_in(dir.path(), &["show", "--svg", "-", "g.sgf"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("<svg") || run.stdout.starts_with("<?xml"), "{}", run.stdout);
    let run = run_in(dir.path(), &["check", "-o", "-", "g.sgf"]);
    assert!(run.stdout.starts_with("g.sgf: ok"), "{}", run.stdout);
    assert!(!dir.path().join("-").exists(), "no file named -");
}

// See: #14 (15)
#[cfg(unix)]
#[test]
fn r14_15_the_progress_bar_never_tears_a_line_of_the_report() {
    // The report and the bar share a terminal (a pseudo-terminal made by `script`). Every line that ends in a
    // newline must be report text alone: a bar drawn into a line of the report leaves that line in the
    // scrollback, torn. (Skipped where `script` cannot open a pseudo-terminal.)
    let dir = tempfile::tempdir().unwrap();
    let game: String = std::iter::once("(;GM[1]SZ[19]".to_string())
        .chain((0..200).map(|i| {
            format!(";{}[{}{}]", ["B", "W"][i % 2], (b'a' + (i % 19) as u8) as char, (b'a' + (i / 19) as u8) as char)
        }))
        .chain(std::iter::once(")".to_string()))
        .collect();
    for i in 0..6000 {
        write_file(dir.path(), &format!("games/{i:05}.sgf"), &game);
    }
    let command = format!("{} check -j1 games", env!("CARGO_BIN_EXE_gotool"));
    let Ok(output) =
        std::process::Command::new("script").args(["-qec", &command, "/dev/null"]).current_dir(dir.path()).output()
    else {
        eprintln!("note: r14_15 skipped: no `script` to make a pseudo-terminal");
        return;
    };
    let text = String::from_utf8_lossy(&output.stdout);
    if !text.contains(".sgf: ") {
        eprintln!("note: r14_15 skipped: `script` gave no terminal output");
        return;
    }
    // What stays on a line is what follows its last carriage return.
    let torn: Vec<&str> =
        text.split('\n').filter(|line| line.rsplit('\r').next().is_some_and(|v| v.contains("files/s"))).collect();
    assert_eq!(torn, Vec::<&str>::new(), "lines of the report with the bar drawn into them");
    // Until the walk is counted the bar says so, instead of a total and an ETA it cannot know.
    assert!(text.contains("(counting…)") || text.contains("ETA"), "the bar was drawn");
}

// See: #14 (18)
#[test]
fn r14_18_text_reports_read_consistently() {
    // A game-level error carries the `error:` label as a file error does.
    let run = run_on("occ.sgf", "(;GM[1]SZ[9];B[ee];W[ee])", &["check"]);
    assert!(
        run.stdout.starts_with("occ.sgf:1:19: error: move 2 (W E5 / ee): the point is already occupied"),
        "{}",
        run.stdout
    );
    // File-level warnings come before the file's games.
    let run = run_on("junk.sgf", "junk (;GM[1]SZ[9];B[ee])", &["check"]);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(lines[0].contains("[junk-outside-tree]") && lines[1] == "junk.sgf: ok", "{}", run.stdout);
    // The charset is named as in JSON.
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "latin.sgf", b"(;GM[1]SZ[9]PB[Jos\xE9];B[ee])");
    let text = run_in(dir.path(), &["check", "latin.sgf"]).stdout;
    let json = run_in(dir.path(), &["check", "--format", "json", "latin.sgf"]).json();
    assert_eq!(json["files"][0]["charset"], "windows-1252");
    assert!(text.contains("read as windows-1252"), "{text}");
    // Score tables are set apart by a blank line, and a game that is not scored says why in one line.
    let two = "(;GM[1]SZ[5]KM[0.5];B[cc];W[];B[])(;GM[1]SZ[5]KM[0.5]RE[W+R];B[cc];W[dd])";
    let run = run_on("two.sgf", two, &["score"]);
    assert!(run.stdout.contains("two.sgf#2: not scored: White won by resignation"), "{}", run.stdout);
    let three = "(;GM[1]SZ[5]KM[0.5];B[cc];W[];B[])(;GM[1]SZ[5]KM[1.5];B[cc];W[];B[])";
    let run = run_on("three.sgf", three, &["score"]);
    assert!(run.stdout.contains("no RE in the record.\n\nthree.sgf#2"), "{}", run.stdout);
}

// See: #14 (22)
#[test]
fn r14_22_a_charset_without_ca_is_guessed_and_said() {
    let dir = tempfile::tempdir().unwrap();
    // Shift_JIS without CA: the comment ends in 表 (95 5C), whose trail byte a single-byte reading takes for a
    // `\` escaping the `]`: the comment would swallow Black's first move.
    let sjis: Vec<u8> = [
        &b"(;GM[1]FF[4]SZ[9]PB["[..],
        &[0x8D, 0x95],
        b"]C[",
        &[0x83, 0x5C, 0x83, 0x74, 0x83, 0x67, 0x82, 0xCC, 0x95, 0x5C],
        b"];B[ee];W[dd];B[cc])",
    ]
    .concat();
    write_file(dir.path(), "sjis.sgf", &sjis);
    let run = run_in(dir.path(), &["check", "--format", "json", "sjis.sgf"]);
    let doc = run.json();
    assert_eq!(doc["files"][0]["charset"], "Shift_JIS");
    assert_eq!(doc["files"][0]["games"][0]["moves"], 3, "all three moves read");
    let note = &doc["files"][0]["diagnostics"][0];
    assert_eq!(note["code"], "charset-guessed");
    assert!(note["message"].as_str().unwrap().contains("read as Shift_JIS, guessed from its bytes; 2 bytes"), "{note}");
    // A name cut short in the middle of a UTF-8 character (as Fox writes some): UTF-8 with the broken
    // character said, not some other charset.
    write_file(
        dir.path(),
        "cut.sgf",
        b"(;GM[1]CA[UTF-8]PB[\xE8\x99\x8E\xE8\x99\x8E]PW[\xE4\xB8\x9C\xE6\x96\xB9\xE6\x98\x8E\xE7\x8F];B[ee])",
    );
    let doc = run_in(dir.path(), &["check", "--format", "json", "cut.sgf"]).json();
    assert_eq!(doc["files"][0]["charset"], "UTF-8");
    assert_eq!(doc["files"][0]["games"][0]["white_player"], "东方明\u{FFFD}");
    assert_eq!(doc["files"][0]["diagnostics"][0]["code"], "broken-utf8");
}

// See: #14 (21)
#[test]
fn r14_21_completions_man_pages_and_the_commit_in_the_version() {
    for shell in ["bash", "zsh", "fish"] {
        let run = crate::util::run(&["completions", shell]);
        assert_eq!(run.code, 0, "{shell}");
        assert!(run.stdout.contains("gotool") && run.stdout.contains("all-variations"), "{shell}: {}", run.stdout);
    }
    let page = crate::util::run(&["man"]).stdout;
    assert!(page.contains(".TH gotool 1"), "{page}");
    let page = crate::util::run(&["man", "check"]).stdout;
    assert!(page.contains(".TH gotool-check 1") && page.contains("all\\-variations"), "{page}");
    // Built from a checkout (as the tests are), the version names the commit.
    let version = crate::util::run(&["--version"]).stdout;
    let in_checkout = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(".git").exists();
    if in_checkout {
        assert!(version.starts_with("gotool 0.") && version.contains("(commit "), "{version}");
    }
}

// See: the new-user walk of #14 — flags that shape text output are usage errors with the other formats, rather
// than options that do nothing.
#[test]
fn r14_walk_text_only_flags_with_other_formats_are_usage_errors() {
    let text = "(;GM[1]SZ[9];B[ee];W[ee])";
    for (flag, format) in [("--board", "json"), ("--verbose", "jsonl"), ("--problems-only", "github")] {
        let run = run_on("t.sgf", text, &["check", flag, "--format", format]);
        assert_eq!(run.code, 2, "{flag} {format}: {}", run.stdout);
        assert!(run.stderr.contains(&format!("{flag} shapes text output")), "{}", run.stderr);
        let run = run_on("t.sgf", text, &["check", flag]);
        assert_eq!(run.code, 1, "{flag} with text: {}", run.stderr);
    }
}

// See: #14 (the walk) — `show` into a reader that has gone (`gotool show … | head -1`) ends quietly, as `check`
// does, and names the move a replay stopped at.
#[test]
fn r14_walk_show_into_a_closed_pipe_ends_quietly_and_names_the_stopping_move() {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "occ.sgf", "(;GM[1]SZ[9];B[ee];W[ee])");
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_gotool"))
        .args(["show", "occ.sgf"])
        .current_dir(dir.path())
        .stdout(writer)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    let run = run_in(dir.path(), &["show", "occ.sgf"]);
    assert!(run.stdout.starts_with("note: move 2 (W E5 / ee): the point is already occupied"), "{}", run.stdout);
}

// See: #14 (the walk) — `stats --ascii` shapes the drawn histograms only: with --format json it is a usage error,
// as the text-only flags of check are.
#[test]
fn r14_walk_stats_ascii_with_json_is_a_usage_error() {
    let run = run_on("t.sgf", "(;GM[1]SZ[9];B[ee])", &["stats", "--ascii", "--format", "json"]);
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(run.stderr.contains("--ascii shapes text output"), "{}", run.stderr);
    assert_eq!(run_on("t.sgf", "(;GM[1]SZ[9];B[ee])", &["stats", "--ascii"]).code, 0);
}

// See: #14 (the walk) — a margin of 0 reads as a draw in text (JSON keeps SGF's "0").
#[test]
fn r14_walk_a_margin_of_zero_reads_as_a_draw() {
    let text = "(;GM[1]SZ[9]KM[0];B[ee];W[dd];B[];W[])";
    let run = run_on("j.sgf", text, &["check"]);
    assert!(run.stdout.contains("score: Japanese 0 (draw), Chinese 0 (draw) (same margin)"), "{}", run.stdout);
    let run = run_on("j.sgf", text, &["score"]);
    let margin_row = run.stdout.lines().find(|l| l.starts_with("Margin")).unwrap_or_default().to_string();
    assert!(margin_row.contains("0 (draw)"), "{}", run.stdout);
    let run = run_on("j.sgf", text, &["score", "--format", "json"]);
    assert!(run.stdout.contains(r#""result":"0""#), "{}", run.stdout);
}
