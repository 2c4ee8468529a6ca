//! `gotool stats`: the archive at a glance (#14 items 5, 19, 20): totals that say what they are of, missing
//! `RU`/`KM` told apart, the breakdowns, histograms, lists, duplicates, and the JSON document against its schema.

use crate::util::{run_in, write_file};

/// A folder with the given records, for a run.
fn archive(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        write_file(dir.path(), name, text);
    }
    dir
}

// `RE[B+0.0]`: servers write it for games that ended by resignation or time (here after two moves, komi 7.5:
// no count can tie). It is a win without a margin, so the game is not scored as if it had been counted.
#[test]
fn a_win_by_zero_points_is_a_win_without_a_margin() {
    let dir = archive(&[("zero.sgf", "(;GM[1]SZ[9]KM[7.5]RU[Japanese]RE[B+0.0];B[ee];W[cc])")]);
    let score = run_in(dir.path(), &["score", "-q", "--format", "json", "zero.sgf"]);
    let game = &score.json()["files"][0]["games"][0];
    assert!(game["score"].is_null(), "{game:#}");
    let notes: Vec<&str> =
        game["diagnostics"].as_array().unwrap().iter().filter_map(|d| d["message"].as_str()).collect();
    assert!(notes.iter().any(|m| m.contains("RE[B+0.0] gives no count")), "{notes:?}");
}

/// The row of a text table whose label is `label`: its words after the label.
fn text_row<'a>(text: &'a str, label: &str) -> Vec<&'a str> {
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with(label) && l.trim_start()[label.len()..].starts_with("  "))
        .unwrap_or_else(|| panic!("no row {label:?} in\n{text}"));
    line.trim_start()[label.len()..].split_whitespace().collect()
}

// #14 item 5: `valid 18326 100.0 %` beside 6 invalid games, and blocks of different totals.
#[test]
fn percentages_say_what_they_are_of_and_never_round_a_part_to_all_or_none() {
    // 2,001 valid games and one invalid in a collection, and a game of another kind (GM[2]) that cannot be
    // replayed: it still counts in every per-game block, as a row of its own. 2,002 of 2,003 is 99.95 %.
    let mut collection = "(;GM[1]SZ[9]KM[6.5]RU[Japanese];B[ee])".repeat(2001);
    collection.push_str("(;GM[1]SZ[9]KM[6.5]RU[Japanese];B[ee];W[ee])(;GM[2]SZ[9])");
    let dir = archive(&[("many.sgf", &collection)]);
    let r = run_in(dir.path(), &["stats", "-q", "many.sgf"]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    let text = &r.stdout;
    assert_eq!(text_row(text, "valid"), ["2002", ">99.9", "%"]);
    assert_eq!(text_row(text, "invalid"), ["1", "<0.1", "%"]);
    assert!(text.contains("games  (% of the 2003 games)"), "{text}");
    for title in ["board sizes", "komi (no KM means 0)", "handicap", "results"] {
        assert!(text.contains(&format!("{title}  (% of the 2003 games)")), "{title}:\n{text}");
    }
    assert!(text.contains("rules (as checked; no RU means japanese)  (% of the 2003 games)"), "{text}");
    assert_eq!(text_row(text, "9x9"), ["2002", ">99.9", "%"]);
    assert_eq!(text_row(text, "(not replayable)"), ["1", "<0.1", "%"]);
    assert!(text.contains("wins by  (% of the 0 won games)"), "{text}");
    assert!(text.contains("winning margins  (no games won by counting)"), "{text}");
}

// #14 item 5: a `B+0.0` is a win without a margin in the stats too: no margin of 0.
#[test]
fn a_win_by_zero_points_is_no_margin_in_the_stats() {
    let dir = archive(&[
        ("zero.sgf", "(;GM[1]SZ[9]KM[7.5]RE[B+0.0];B[ee];W[cc])"),
        ("half.sgf", "(;GM[1]SZ[9]KM[7.5]RE[W+0.5];B[ee];W[cc])"),
    ]);
    let doc = run_in(dir.path(), &["stats", "-q", "--format", "json", "."]).json();
    assert_eq!((&doc["results"]["black_wins"], &doc["results"]["white_wins"]), (&1.into(), &1.into()));
    assert_eq!((&doc["wins"]["counted"], &doc["wins"]["other"]), (&1.into(), &1.into()));
    assert_eq!((&doc["margins"]["games"], &doc["margins"]["min"]), (&1.into(), &0.5.into()));
}

// #14 item 19: a missing RU or KM is not a Japanese or 0-komi record.
#[test]
fn missing_rules_and_komi_are_counted_apart() {
    let dir = archive(&[
        ("stated.sgf", "(;GM[1]SZ[9]RU[Japanese]KM[0];B[ee])"),
        ("silent.sgf", "(;GM[1]SZ[9];B[ee])"),
        ("odd.sgf", "(;GM[1]SZ[9]RU[house rules]KM[lots];B[ee])"),
    ]);
    let text = run_in(dir.path(), &["stats", "-q", "."]).stdout;
    assert_eq!(text_row(&text, "japanese"), ["1", "33.3", "%"]);
    assert_eq!(text_row(&text, "japanese (no RU)"), ["1", "33.3", "%"]);
    assert_eq!(text_row(&text, "japanese (unknown RU)"), ["1", "33.3", "%"]);
    assert_eq!(text_row(&text, "0"), ["1", "33.3", "%"]);
    assert_eq!(text_row(&text, "0 (no KM)"), ["1", "33.3", "%"]);
    assert_eq!(text_row(&text, "0 (KM unreadable)"), ["1", "33.3", "%"]);
    let doc = run_in(dir.path(), &["stats", "-q", "--format", "json", "."]).json();
    let sources: Vec<(&str, &str)> = doc["komi"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| (row["source"].as_str().unwrap(), row["komi"].as_f64().map(|_| "0").unwrap()))
        .collect();
    assert_eq!(sources, [("record", "0"), ("missing", "0"), ("unreadable", "0")]);
    // --rules and --komi override the record: then the flag is where they came from.
    let doc =
        run_in(dir.path(), &["stats", "-q", "--format", "json", "--rules", "chinese", "--komi", "7.5", "."]).json();
    assert_eq!(doc["rules"], serde_json::json!([{"rules": "chinese", "source": "flag", "games": 3}]));
    assert_eq!(doc["komi"], serde_json::json!([{"komi": 7.5, "source": "flag", "games": 3}]));
}

// #14 item 19: per-folder and per-year breakdowns.
#[test]
fn by_folder_and_year_break_the_counts_down() {
    let dir = archive(&[
        ("old/a.sgf", "(;GM[1]SZ[9]DT[1998-05-12]RU[Japanese]KM[6.5]RE[B+R];B[ee])"),
        ("old/b.sgf", "(;GM[1]SZ[9]DT[1998.06.01]RE[W+R];B[ee];W[ee])"),
        ("new/c.sgf", "(;GM[1]SZ[9]DT[2016-08-07,08]RU[Chinese]KM[7.5]RE[B+R];B[ee])"),
        ("new/d.sgf", "(;GM[1]SZ[9];B[ee]"),
    ]);
    let r = run_in(dir.path(), &["stats", "-q", "--by", "folder", "--by", "year", "."]);
    let text = &r.stdout;
    let row = |key: &str| -> Vec<&str> {
        let line = text.lines().find(|l| l.ends_with(&format!("  {key}"))).unwrap_or_else(|| panic!("{key}:\n{text}"));
        line.split_whitespace().collect()
    };
    //          files unreadable games invalid RE-contradicted noRU noKM median Black%  key
    assert_eq!(row("./old"), ["2", "0", "2", "1", "0", "1", "1", "1", "50.0", "%", "./old"]);
    assert_eq!(row("./new"), ["2", "1", "1", "0", "0", "0", "0", "1", "100.0", "%", "./new"]);
    assert_eq!(row("1998"), ["2", "1", "0", "1", "1", "1", "50.0", "%", "1998"]);
    assert_eq!(row("2016"), ["1", "0", "0", "0", "0", "1", "100.0", "%", "2016"]);
    let doc = run_in(dir.path(), &["stats", "-q", "--format", "json", "--by", "year,size,rules", "."]).json();
    let years: Vec<&str> = doc["by"]["year"].as_array().unwrap().iter().map(|g| g["key"].as_str().unwrap()).collect();
    assert_eq!(years, ["1998", "2016"]);
    assert_eq!(doc["by"]["size"][0]["games"], 3);
    assert!(doc["by"]["rules"].as_array().unwrap().iter().any(|g| g["key"] == "japanese (no RU)"), "{doc:#}");
    assert!(doc["by"].get("folder").is_none());
}

// #14 item 19: the list of what to look at.
#[test]
fn list_names_the_unreadable_files_and_invalid_games() {
    let dir = archive(&[
        ("ok.sgf", "(;GM[1]SZ[9];B[ee])"),
        ("bad.sgf", "(;GM[1]SZ[9];B[ee];W[ee])"),
        ("cut.sgf", "(;GM[1]SZ[9];B[ee]"),
        ("two.sgf", "(;GM[1]SZ[9];B[ee])(;GM[1]SZ[9];B[zz])"),
    ]);
    let text = run_in(dir.path(), &["stats", "-q", "--list", "."]).stdout;
    let listed = |title: &str| -> Vec<&str> {
        let start = text.find(title).unwrap_or_else(|| panic!("{title}:\n{text}"));
        text[start..].lines().skip(1).take_while(|l| l.starts_with("    ")).map(str::trim).collect()
    };
    assert_eq!(
        listed("invalid games (2)"),
        [
            "./bad.sgf:1:19: error: move 2 (W E5 / ee): the point is already occupied; the rest of this line was not \
             replayed [occupied]",
            "./two.sgf#2:1:32: error: move 1 (B zz): zz is off the 9x9 board [off-board]",
        ]
    );
    let unreadable = listed("files not readable whole (1)");
    assert_eq!(unreadable.len(), 1, "{text}");
    assert!(unreadable[0].starts_with("./cut.sgf:1:19: error: ") && unreadable[0].ends_with("[syntax]"), "{text}");
    let doc = run_in(dir.path(), &["stats", "-q", "--format", "json", "--list", "."]).json();
    let invalid = &doc["lists"]["invalid"];
    assert_eq!((&invalid[1]["path"], &invalid[1]["index"]), (&"./two.sgf".into(), &1.into()));
    assert_eq!(invalid[1]["error"]["code"], "off-board");
    assert_eq!(doc["lists"]["unreadable"][0]["code"], "syntax");
    // Without --list, nothing is kept or printed.
    assert!(run_in(dir.path(), &["stats", "-q", "--format", "json", "."]).json().get("lists").is_none());
}

// #14 item 19: histograms of margins and game lengths, drawn and as bins.
#[test]
fn histograms_draw_margins_and_lengths() {
    let mut files = Vec::new();
    for (i, margin) in ["0.5", "1.5", "2.5", "3.5", "6.5", "12.5", "30.5", "99.5"].iter().enumerate() {
        // 2, 4, … 16 moves on points of their own.
        let moves: String = (0..2 * (i + 1))
            .map(|k| {
                format!(
                    ";{}[{}{}]",
                    ["B", "W"][k % 2],
                    (b'a' + (k % 19) as u8) as char,
                    (b'a' + (k / 19) as u8) as char
                )
            })
            .collect();
        files.push((format!("g{i}.sgf"), format!("(;GM[1]SZ[19]KM[6.5]RE[W+{margin}]{moves})")));
    }
    let files: Vec<(&str, &str)> = files.iter().map(|(n, t)| (n.as_str(), t.as_str())).collect();
    let dir = archive(&files);
    let doc = run_in(dir.path(), &["stats", "-q", "--format", "json", "."]).json();
    for (name, games) in [("margins", 8), ("lengths", 8)] {
        let d = &doc[name];
        assert_eq!(d["games"], games, "{name}: {d:#}");
        let bins = d["bins"].as_array().unwrap();
        assert_eq!(bins.iter().map(|b| b["games"].as_u64().unwrap()).sum::<u64>(), games, "{name}: {d:#}");
    }
    assert_eq!((&doc["margins"]["min"], &doc["margins"]["max"]), (&0.5.into(), &99.5.into()));
    assert_eq!(doc["lengths"]["median"], 8.0);
    let text = run_in(dir.path(), &["stats", "-q", "."]).stdout;
    assert!(text.contains("winning margins  (8 games won by counting: min 0.5, median 3.5, max 99.5 points"), "{text}");
    assert!(text.contains('█'), "{text}");
    let ascii = run_in(dir.path(), &["stats", "-q", "--ascii", "."]).stdout;
    let histograms = &ascii[ascii.find("winning margins").unwrap()..ascii.find("RE checks").unwrap()];
    assert!(histograms.contains('#') && histograms.is_ascii(), "{histograms}");
}

// #14 item 11 (for stats): the help offers only what stats accepts.
#[test]
fn stats_help_offers_only_what_stats_accepts() {
    let help = run_in(std::path::Path::new("."), &["stats", "--help"]).stdout;
    for absent in ["--problems-only", "--verbose", "jsonl", "github", "--all-variations", "--no-score"] {
        assert!(!help.contains(absent), "stats --help offers {absent}:\n{help}");
    }
    for present in
        ["--by", "--list", "--duplicates", "--ascii", "--format", "--rules", "--komi", "--jobs", "--shard", "--output"]
    {
        assert!(help.contains(present), "stats --help lacks {present}:\n{help}");
    }
    for args in [&["stats", "--format", "jsonl", "."][..], &["stats", "-v", "."], &["stats", "--problems-only", "."]] {
        let r = run_in(std::path::Path::new("."), args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
    }
}

/// A 19×19 game of `n` moves on points of their own, each point written through `map` (a symmetry).
fn scattered_game(n: usize, map: impl Fn(u8, u8) -> (u8, u8)) -> String {
    let mut text = String::from("(;GM[1]FF[4]SZ[19]KM[6.5]");
    for k in 0..n {
        let (x, y) = map((k * 3 % 19) as u8, ((k * 7 + 2 + k / 19) % 19) as u8);
        text.push_str(&format!(";{}[{}{}]", ["B", "W"][k % 2], (b'a' + x) as char, (b'a' + y) as char));
    }
    text + ")"
}

/// A symmetry of the 19×19 board, on a point's coordinates.
type Symmetry = fn(u8, u8) -> (u8, u8);

/// The 8 symmetries of the 19×19 board.
const SYMMETRIES: [Symmetry; 8] = [
    |x, y| (x, y),
    |x, y| (18 - x, y),
    |x, y| (x, 18 - y),
    |x, y| (18 - x, 18 - y),
    |x, y| (y, x),
    |x, y| (18 - y, x),
    |x, y| (y, 18 - x),
    |x, y| (18 - y, 18 - x),
];

// #14 item 20: each game's JSON carries the Dyer signature and a hash its symmetric copies share.
#[test]
fn games_carry_a_signature_and_a_hash_their_symmetric_copies_share() {
    let names: Vec<String> = (0..8).map(|i| format!("copy{i}.sgf")).collect();
    let texts: Vec<String> = SYMMETRIES.iter().map(|&map| scattered_game(120, map)).collect();
    let mut files: Vec<(&str, &str)> = names.iter().map(String::as_str).zip(texts.iter().map(String::as_str)).collect();
    let other = scattered_game(120, SYMMETRIES[0]).replacen(";B[ac]", ";B[jj]", 1);
    files.push(("other.sgf", &other));
    let dir = archive(&files);
    let doc = run_in(dir.path(), &["check", "-q", "--format", "json", "."]).json();
    let games: Vec<&serde_json::Value> = doc["files"].as_array().unwrap().iter().map(|f| &f["games"][0]).collect();
    let hash = |i: usize| games[i]["moves_hash"].as_str().unwrap().to_string();
    assert_eq!(hash(0).len(), 16);
    for i in 1..8 {
        assert_eq!(hash(i), hash(0), "copy {i}");
        assert_eq!(games[i]["prefix_hash"], games[0]["prefix_hash"]);
    }
    assert_ne!(hash(8), hash(0), "a game with another first move");
    // Move n is point n - 1 of the list: moves 20, 40, 60 and 31, 51, 71 of the unturned copy.
    let point = |k: usize| {
        format!("{}{}", (b'a' + (k * 3 % 19) as u8) as char, (b'a' + ((k * 7 + 2 + k / 19) % 19) as u8) as char)
    };
    let signature = format!("{}{}{} {}{}{}", point(19), point(39), point(59), point(30), point(50), point(70));
    assert_eq!(games[0]["signature"], signature.as_str());
    // JSON Lines carries them too.
    let jsonl = run_in(dir.path(), &["check", "-q", "--format", "jsonl", "copy0.sgf"]).stdout;
    let line: serde_json::Value = serde_json::from_str(jsonl.lines().next().unwrap()).unwrap();
    assert_eq!((line["moves_hash"].as_str().unwrap(), &line["signature"]), (hash(0).as_str(), &games[0]["signature"]));
    // A short game has no prefix hash; a game that cannot be replayed has none of them.
    let dir = archive(&[("short.sgf", "(;GM[1]SZ[9];B[ee];W[cc])"), ("notgo.sgf", "(;GM[2])")]);
    let doc = run_in(dir.path(), &["check", "-q", "--format", "json", "."]).json();
    let (notgo, short) = (&doc["files"][0]["games"][0], &doc["files"][1]["games"][0]);
    assert_eq!((&short["signature"], &short["prefix_hash"]), (&"------ ------".into(), &serde_json::Value::Null));
    assert!(short["moves_hash"].is_string());
    assert!(notgo["signature"].is_null() && notgo["moves_hash"].is_null() && notgo["prefix_hash"].is_null());
}

// #14 item 20: `stats --duplicates` groups the copies, the symmetric ones and the truncated ones too.
#[test]
fn duplicates_groups_copies_turned_and_cut_short() {
    let turned: Vec<String> = [0, 3, 5].iter().map(|&g| scattered_game(120, SYMMETRIES[g])).collect();
    // Cut after move 100 (a truncated copy), and the same game parting from it at move 61.
    let cut = scattered_game(100, SYMMETRIES[6]);
    let mut parting = scattered_game(120, SYMMETRIES[0]);
    let move_61 = parting.match_indices(";B[").nth(30).unwrap().0;
    parting.replace_range(move_61..move_61 + 6, ";B[ss]");
    let unrelated = scattered_game(120, |x, y| (y, (x + 5) % 19));
    let collection = format!("{}{}", scattered_game(10, SYMMETRIES[0]), turned[2]);
    let dir = archive(&[
        ("a.sgf", &turned[0]),
        ("b.sgf", &turned[1]),
        ("sub/c.sgf", &collection),
        ("cut.sgf", &cut),
        ("parting.sgf", &parting),
        ("unrelated.sgf", &unrelated),
    ]);
    let doc = run_in(dir.path(), &["stats", "-q", "--format", "json", "--duplicates", "."]).json();
    let d = &doc["duplicates"];
    // The 10-move game of the collection is too short to compare.
    assert_eq!((&d["games_compared"], &d["too_short"]), (&6.into(), &1.into()), "{d:#}");
    let same = d["same_moves"].as_array().unwrap();
    assert_eq!(same.len(), 1, "{d:#}");
    let names: Vec<(&str, u64)> = same[0]["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| (g["path"].as_str().unwrap(), g["index"].as_u64().unwrap()))
        .collect();
    assert_eq!(names, [("./a.sgf", 0), ("./b.sgf", 0), ("./sub/c.sgf", 1)]);
    assert_eq!(same[0]["moves"], 120);
    let opening = d["same_opening"].as_array().unwrap();
    assert_eq!(opening.len(), 1, "{d:#}");
    let rows: Vec<(&str, u64, u64)> = opening[0]["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (g["path"].as_str().unwrap(), g["moves"].as_u64().unwrap(), g["shared_with_longest"].as_u64().unwrap())
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("./a.sgf", 120, 120),
            ("./b.sgf", 120, 120),
            ("./parting.sgf", 120, 50),
            ("./sub/c.sgf", 120, 120),
            ("./cut.sgf", 100, 100)
        ]
    );
    let text = run_in(dir.path(), &["stats", "-q", "--duplicates", "."]).stdout;
    assert!(text.contains("same moves: 1 group, 3 games, 2 of them extra copies"), "{text}");
    assert!(
        text.contains(
            "  100 moves  ./cut.sgf  (a truncated copy? agrees with the longest at every 50th move up to 100)"
        ),
        "{text}"
    );
    assert!(text.contains("  120 moves  ./parting.sgf  (parts from the longest after move 50, by move 100)"), "{text}");
    assert!(!text.contains("unrelated"), "{text}");
}
