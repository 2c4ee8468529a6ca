//! The 47 hard cases of `../shared/tools/deadstones/hard-cases.txt` (#13): the finished games of
//! `$GOTOOL_CORPUS/finished` where GNU Go 3.8 disagrees with the record's dead-stone markup. Each was checked by
//! hand on the board (the note says what decides it), and the test pins how gotool's estimate (`--dead auto`)
//! differs from the markup: nothing, the markup's own mistake (stones dead by the rules that the players left
//! standing, or a seki or a two-eyed group they counted dead), or a known difference of the estimate. Any change,
//! better or worse, fails the test, so that the table is updated with the reason. Skipped without
//! `GOTOOL_CORPUS`.
//!
//! Points are SGF coordinates; `extra` are stones the estimate calls dead and the markup does not, `missed` the
//! other way round.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use serde_json::Value;

use crate::util::{corpus, gotool, only_game, run_in};

#[derive(Debug, Clone, Copy, PartialEq)]
enum Verdict {
    /// The estimate equals the markup (GNU Go is the one that differs).
    Agrees,
    /// The markup is wrong by the rules and the estimate right: the stones in `extra` are dead.
    MarkupWrong,
    /// The markup kills a group that is in seki by the rules, and the estimate keeps it: the stones in `missed`
    /// are alive.
    MarkupKillsSeki,
    /// The markup kills a group that has two eyes by the rules, and the estimate keeps it: the stones in `missed`
    /// are alive, and those in `extra` are the opponent's stones dead in its eye space.
    MarkupKillsLiving,
    /// The estimate differs from a markup that is right, or that cannot be settled by hand.
    KnownDifference,
}

use Verdict::*;

struct Case {
    path: &'static str,
    verdict: Verdict,
    extra: &'static [&'static str],
    missed: &'static [&'static str],
    note: &'static str,
}

const KGS: &str = "kgs-u-go.net/kgs-19-";

const CASES: &[Case] = &[
    Case {
        path: "fuego/2008/KGS/9/16/Fuego-masaician.sgf",
        verdict: MarkupWrong,
        extra: &["be"],
        missed: &[],
        note: "B B15 has two liberties (A15 B16) in White's upper-left corner, walled by living White stones",
    },
    Case {
        path: "2016-08-new/2016-08-14-36.sgf",
        verdict: MarkupWrong,
        extra: &["gp"],
        missed: &[],
        note: "B G4 in atari; its liberty G3 is walled by White",
    },
    Case {
        path: "2016-08-new/2016-08-27-13.sgf",
        verdict: MarkupWrong,
        extra: &["ok"],
        missed: &[],
        note: "B P9 in atari; O9 is walled by White",
    },
    Case {
        path: "2016-08-new/2016-08-28-51.sgf",
        verdict: KnownDifference,
        extra: &["gr", "hq", "hr", "iq", "is", "jp", "jq", "jr", "kp", "kq"],
        missed: &[],
        note: "B G2-L4 with J1: one eye (J2), H1 and K1 shared with White's chains; GNU Go's dragon status is dead \
               too, the markup keeps it: not settled by hand",
    },
    Case {
        path: "2016-08-new/2016-08-28-76.sgf",
        verdict: MarkupWrong,
        extra: &["fe", "gd", "ge", "gf", "ie", "if", "je"],
        missed: &[],
        note: "W F15-G16 and J15-K15 share their only liberties H15 H14, no eye; B H15 (joined to H16) ataris",
    },
    Case {
        path: "2016-08-new/2016-08-30-22.sgf",
        verdict: Agrees,
        extra: &[],
        missed: &[],
        note: "W G6 H6 connect at H5 or J6 (miai)",
    },
    Case {
        path: "2016-09-new/2016-09-09-24.sgf",
        verdict: Agrees,
        extra: &[],
        missed: &[],
        note: "W P10 (one eye) and B K15 in a race neither wins (GNU Go's semeai reading agrees)",
    },
    Case {
        path: "2016-09-new/2016-09-11-12.sgf",
        verdict: Agrees,
        extra: &[],
        missed: &[],
        note: "W R11 R10, R7 S7 and S12 inside Black's right side: dead",
    },
    Case {
        path: "2016-09-new/2016-09-13-14.sgf",
        verdict: Agrees,
        extra: &[],
        missed: &[],
        note: "W E17 in atari, E18 walled by Black: dead",
    },
    Case {
        path: "2016-09-new/2016-09-13-25.sgf",
        verdict: MarkupWrong,
        extra: &["hm", "im"],
        missed: &[],
        note: "B H7 J7 in atari; J8 then J9 lead nowhere",
    },
    Case {
        path: "2016-09-new/2016-09-16-20.sgf",
        verdict: MarkupWrong,
        extra: &["ab"],
        missed: &[],
        note: "B A18 in atari in White's corner; A19 then B19 captures",
    },
    Case {
        path: "2016-09-new/2016-09-22-10.sgf",
        verdict: Agrees,
        extra: &[],
        missed: &[],
        note: "B C19 is a ko shape beside its own corner; B H8 J8 connect at H7 or J7",
    },
    Case {
        path: "2016-09-new/2016-09-22-32.sgf",
        verdict: MarkupWrong,
        extra: &["jm"],
        missed: &[],
        note: "B K7's liberties J7 and K6 are both walled by White",
    },
    Case {
        path: "2016-10-new/2016-10-03-31.sgf",
        verdict: MarkupWrong,
        extra: &["oe", "of"],
        missed: &[],
        note: "B P15 P14 in atari; Q14 is walled by White",
    },
    Case {
        path: "2016-10-new/2016-10-05-1.sgf",
        verdict: MarkupWrong,
        extra: &["dk"],
        missed: &[],
        note: "W D9 in atari; D8 is walled by Black",
    },
    Case {
        path: "2016-10-new/2016-10-08-13.sgf",
        verdict: Agrees,
        extra: &[],
        missed: &[],
        note: "B B19 in atari; A19 is walled by White",
    },
    Case {
        path: "2016-10-new/2016-10-10-16.sgf",
        verdict: MarkupWrong,
        extra: &["gp", "gq", "gr", "gs", "hs"],
        missed: &[],
        note: "B G4-G1 and H1 in atari; H3 is walled by White",
    },
    Case {
        path: "2016-11-new/2016-11-17-25.sgf",
        verdict: MarkupWrong,
        extra: &["an"],
        missed: &[],
        note: "W A6 in atari, B6 walled by Black (Benson: inside Black's pass-alive area)",
    },
    Case {
        path: "2016-11-new/2016-11-25-12.sgf",
        verdict: MarkupWrong,
        extra: &["ep", "eq", "fq", "fr"],
        missed: &[],
        note: "W E4 E3 F3 F2 in atari, G2 walled by Black (Benson)",
    },
    Case {
        path: "2016-12-new/2016-12-02-36.sgf",
        verdict: Agrees,
        extra: &[],
        missed: &[],
        note: "W A15 A14 B15 connect at A16 or B16",
    },
    Case {
        path: "2016-12-new/2016-12-07-18.sgf",
        verdict: Agrees,
        extra: &[],
        missed: &[],
        note: "a large fight in the centre; GNU Go kills 11 stones the players kept and keeps 4 they marked",
    },
    Case {
        path: "2016-12-new/2016-12-19-29.sgf",
        verdict: MarkupWrong,
        extra: &["pg"],
        missed: &[],
        note: "W Q13 in atari, P13 walled by Black (Benson)",
    },
    Case {
        path: "2016-12-new/2016-12-21-21.sgf",
        verdict: MarkupWrong,
        extra: &["en"],
        missed: &[],
        note: "B E6 in atari; E7 is walled by White",
    },
    Case {
        path: "2016-12-new/2016-12-21-22.sgf",
        verdict: MarkupWrong,
        extra: &["kg"],
        missed: &[],
        note: "W L13 in atari; L12 is walled by Black",
    },
    Case {
        path: "2016-12-new/2016-12-21-8.sgf",
        verdict: MarkupWrong,
        extra: &["mk"],
        missed: &[],
        note: "W N9 in atari, O9 walled by Black (Benson)",
    },
    Case {
        path: "2017-01-new/2017-01-04-35.sgf",
        verdict: MarkupWrong,
        extra: &["pg"],
        missed: &[],
        note: "W Q13 in atari; Q12 is walled by Black",
    },
    Case {
        path: "2017-01-new/2017-01-13-14.sgf",
        verdict: Agrees,
        extra: &[],
        missed: &[],
        note: "B S13 is a ko shape beside its own stones",
    },
    Case {
        path: "2017-01-new/2017-01-15-11.sgf",
        verdict: Agrees,
        extra: &[],
        missed: &[],
        note: "B Q19 is a ko shape beside its own stones",
    },
    Case {
        path: "2017-01-new/2017-01-15-17.sgf",
        verdict: MarkupWrong,
        extra: &["cf"],
        missed: &[],
        note: "W C14 in atari, C13 walled by Black (Benson)",
    },
    Case {
        path: "2017-01-new/2017-01-19-4.sgf",
        verdict: Agrees,
        extra: &[],
        missed: &[],
        note: "W C5 is a ko shape beside its own stones",
    },
    Case {
        path: "2017-01-new/2017-01-26-3.sgf",
        verdict: MarkupWrong,
        extra: &["dk", "ek"],
        missed: &[],
        note: "W D9 E9 in atari; E8 is walled by Black",
    },
    Case {
        path: "2017-01-new/2017-01-31-2.sgf",
        verdict: KnownDifference,
        extra: &["dg", "dl", "dm", "fh", "gk", "hh", "ih", "jh", "nr", "oh", "or", "pc", "pd", "qf", "rf"],
        missed: &[],
        note: "unfinished: the centre is open and the players marked none of these stones; GNU Go kills them too, \
               but they are not clearly dead",
    },
    Case {
        path: "2017-02-new/2017-02-15-11.sgf",
        verdict: MarkupKillsLiving,
        extra: &["kc"],
        missed: &["ic", "ie", "jb", "jc", "jd", "je", "ka", "kb", "kd", "ke", "ld", "ma", "mb", "mc", "md", "me", "na"],
        note: "White's top centre chain (J17-N15, 17 stones) has no outside liberty, but its eye space M17 M18 M19 \
               with Black's lone L17 is a bent four: Black M18 is answered by White M17 (taking L17) and M19 \
               (taking M18), eyes at L17 and M18; Black M17 by White M18, taking both; Black M19 by White M18. It \
               lives whoever starts (GNU Go's owl_attack K18 finds no attack, final_status alive); the players \
               counted it dead (RE B+47.5)",
    },
    Case {
        path: "2017-02-new/2017-02-18-44.sgf",
        verdict: MarkupKillsSeki,
        extra: &[],
        missed: &[
            "ci", "dg", "dh", "di", "dj", "ee", "eg", "ej", "el", "fd", "fe", "ff", "fg", "fj", "fk", "fl", "ge", "gg",
            "gk", "hg", "hh", "hi", "hj", "if", "ig", "ih", "ij", "ik", "jf", "jg", "jk",
        ],
        note: "Black's 31-stone group (C11-K14) has no eye and no outside liberty, and neither has White's F12 F11 \
               G11 inside it: both have only E12, E11, G12 and G10. Whoever fills the second-last of them is captured: \
               a seki, not a dead group (GNU Go also keeps it)",
    },
    Case {
        path: "2017-03-new/2017-03-02-34.sgf",
        verdict: MarkupWrong,
        extra: &["nr"],
        missed: &[],
        note: "B O2 in atari in White's small lower area; White N2 captures",
    },
    Case {
        path: "2017-03-new/2017-03-06-10.sgf",
        verdict: KnownDifference,
        extra: &[],
        missed: &["ba", "bb", "cb"],
        note: "W B19 B18 C18 inside Black's living corner: the estimate leaves them open (Black's D2 and E3 in \
               White's lower left die once D6 and F4, beside them, lose their race)",
    },
    Case {
        path: "2017-03-new/2017-03-09-1.sgf",
        verdict: MarkupWrong,
        extra: &["io"],
        missed: &[],
        note: "W J5 in atari; J6 is walled by Black",
    },
    Case {
        path: "2017-03-new/2017-03-13-22.sgf",
        verdict: MarkupWrong,
        extra: &["eg"],
        missed: &[],
        note: "W E13 in atari; E14 is walled by Black",
    },
    Case {
        path: "2017-03-new/2017-03-13-3.sgf",
        verdict: MarkupWrong,
        extra: &["rn", "ro"],
        missed: &[],
        note: "W S6 S5 share T6 T5 with Black's edge, no eye; Black T6 ataris",
    },
    Case {
        path: "2017-03-new/2017-03-31-14.sgf",
        verdict: Agrees,
        extra: &[],
        missed: &[],
        note: "a large fight on the left; GNU Go kills 55 stones the players kept",
    },
    Case {
        path: "2017-05-new/2017-05-10-7.sgf",
        verdict: MarkupWrong,
        extra: &["bo"],
        missed: &[],
        note: "B B5's liberties B4 and C5 are both walled by White",
    },
    Case {
        path: "2017-05-new/2017-05-12-25.sgf",
        verdict: MarkupWrong,
        extra: &["ds"],
        missed: &[],
        note: "W D1 in atari; E1 is walled by Black",
    },
    Case {
        path: "2017-05-new/2017-05-13-23.sgf",
        verdict: MarkupWrong,
        extra: &[
            "ab", "ac", "ad", "ae", "af", "bc", "cc", "cd", "ce", "db", "dc", "dd", "de", "ea", "eb", "ec", "ee", "ef",
        ],
        missed: &[],
        note: "Black's upper-left group (18 stones) and White's B19 C19 D19 C18 share A19 and B18, Black's only \
               liberties: no seki. White throws in at B18, Black must capture five stones at A19 and is left with \
               the bulky five B19 C19 D19 B18 C18; White takes C19 and Black is dead (GNU Go agrees; the reading \
               finds it whoever moves first). Checked again by hand: the first reading (alive) missed the throw-in",
    },
    Case {
        path: "2017-06-new/2017-06-03-5.sgf",
        verdict: KnownDifference,
        extra: &[],
        missed: &["ak", "bj", "bk", "bl"],
        note: "W A9 B9 B10 B8 share their liberties A10 A8 with Black's 34-stone left group, whose one other liberty \
               is the ko at E11 (White E11 takes E12). Whoever captures, Black is left a bulky five (after White \
               A10) or a pyramid four (after Black A10 and White E11) with White to play the vital point B9, so \
               Black lives only by winning that ko. The players counted Black alive and White dead; the estimate \
               keeps both (reading runs out of its budget; with 100 times it finds Black captured whoever moves \
               first, which is right when White wins every ko, as the search assumes)",
    },
    Case {
        path: "2017-06-new/2017-06-07-14.sgf",
        verdict: MarkupWrong,
        extra: &["aa", "ab", "bb", "bc", "ca", "cb"],
        missed: &[],
        note: "B's corner A19-C18: eye B19; White A16 then A17 leaves it one eye (Black A16 would make two): \
               dead with the opponent to play, the rules' test",
    },
    Case {
        path: "2017-06-new/2017-06-23-11.sgf",
        verdict: Agrees,
        extra: &[],
        missed: &[],
        note: "W O1 is a ko shape beside its own stones",
    },
    Case {
        path: "2017-06-new/2017-06-29-51.sgf",
        verdict: KnownDifference,
        extra: &["pd"],
        missed: &[],
        note: "unfinished: B Q16, a handicap stone in White's open right side, is not clearly dead",
    },
];

fn full_path(case: &Case) -> String {
    if case.path.starts_with("fuego/") { case.path.to_string() } else { format!("{KGS}{}", case.path) }
}

/// Dead stones (SGF points) per file path.
type DeadStones = BTreeMap<String, BTreeSet<String>>;

/// `score.dead` of each game, by path relative to `root`, from one `gotool score` run over `files`.
fn dead_stones(root: &PathBuf, files: &[String], extra: &[&str]) -> DeadStones {
    per_game(root, files, extra, |score| {
        score["dead"]
            .as_array()
            .map_or_else(BTreeSet::new, |d| d.iter().map(|p| p.as_str().unwrap().to_string()).collect())
    })
}

/// `pick` of each game's `score`, by path relative to `root`, from one `gotool score` run over `files`.
fn per_game(root: &PathBuf, files: &[String], extra: &[&str], pick: impl Fn(&Value) -> BTreeSet<String>) -> DeadStones {
    let output = gotool()
        .current_dir(root)
        .args(["score", "-q", "--force", "--format", "jsonl"])
        .args(extra)
        .args(files)
        .output()
        .expect("gotool runs");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8 output");
    let mut out = BTreeMap::new();
    for line in stdout.lines() {
        let value: Value = serde_json::from_str(line).expect("JSON lines");
        if value["type"] != "game" {
            continue;
        }
        out.insert(value["path"].as_str().unwrap().to_string(), pick(&value["score"]));
    }
    out
}

/// Each file's dead stones by its markup and by the estimate (`--dead auto`).
fn marked_and_estimated(root: &PathBuf, files: &[String]) -> (DeadStones, DeadStones) {
    (dead_stones(root, files, &[]), dead_stones(root, files, &["--dead", "auto"]))
}

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn hard_cases_differ_from_the_markup_as_checked_by_hand() {
    let root = corpus().join("finished");
    let files: Vec<String> = CASES.iter().map(full_path).collect();
    let (marked, estimated) = marked_and_estimated(&root, &files);
    let mut wrong = Vec::new();
    for (case, path) in CASES.iter().zip(&files) {
        let (m, e) = (&marked[path], &estimated[path]);
        let extra: Vec<&str> = e.difference(m).map(String::as_str).collect();
        let missed: Vec<&str> = m.difference(e).map(String::as_str).collect();
        if extra != case.extra || missed != case.missed {
            wrong.push(format!("{path} ({:?}: {}): extra {extra:?}, missed {missed:?}", case.verdict, case.note));
        }
        if case.verdict == Agrees {
            assert!(case.extra.is_empty() && case.missed.is_empty(), "{path}: an agreement lists differences");
        }
        if case.verdict == MarkupWrong {
            assert!(case.missed.is_empty(), "{path}: a markup error of this kind is stones left standing");
        }
        if case.verdict == MarkupKillsSeki {
            assert!(case.extra.is_empty(), "{path}: a seki the markup kills is stones the estimate keeps");
        }
        if case.verdict == MarkupKillsLiving {
            assert!(!case.missed.is_empty(), "{path}: a living group the markup kills is stones the estimate keeps");
        }
    }
    assert!(wrong.is_empty(), "the estimate changed on {} hard case(s):\n{}", wrong.len(), wrong.join("\n"));
    let count = |v: Verdict| CASES.iter().filter(|c| c.verdict == v).count();
    let counts = [Agrees, MarkupWrong, MarkupKillsSeki, MarkupKillsLiving, KnownDifference].map(count);
    assert_eq!(counts, [13, 27, 1, 1, 5]);
}

/// Finished games where the liberty counts call a capturing race lost and reading shows the loser keeping its
/// stones even with the winner moving first (#13): the estimate equals the markup, as it does for GNU Go.
const READ_RACES: &[(&str, &str)] = &[(
    "2016-12-new/2016-12-09-4.sgf",
    "W Q3-T3 S2 T2 S4 have two liberties, T4 and T1, against Black's lower right, but Black T4 puts its own P3-T5 \
     chain in atari (its last liberty P2) and Black T1 puts S1 in atari (White R1 takes): seki, not a race",
)];

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn races_the_counts_get_wrong_are_read_out() {
    estimate_equals_markup("the read races", READ_RACES);
}

/// The estimate equals the markup on each game of `cases` (paths under `finished/`, with a note for the failure).
fn estimate_equals_markup(what: &str, cases: &[(&str, &str)]) {
    let root = corpus().join("finished");
    let files: Vec<String> = cases.iter().map(|(path, _)| format!("{KGS}{path}")).collect();
    let (marked, estimated) = marked_and_estimated(&root, &files);
    for ((_, note), path) in cases.iter().zip(&files) {
        assert_eq!(estimated[path], marked[path], "{what}: {path}: {note}");
    }
}

/// Each game's stones the estimate lists as uncertain and counts alive (`score.uncertain`, `counted_dead` false).
fn uncertain_alive(root: &PathBuf, files: &[String]) -> DeadStones {
    per_game(root, files, &["--dead", "auto"], |score| {
        score["uncertain"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|u| u["counted_dead"] == false)
            .flat_map(|u| u["stones"].as_array().unwrap().iter().map(|p| p.as_str().unwrap().to_string()))
            .collect()
    })
}

/// The estimate equals the markup on each game of `cases`, or leaves the markup's dead stones it does not kill
/// listed as uncertain and counted alive: since #47 a group dead on fewer than half of its playouts is a guess the
/// estimate does not count dead, and the games of the lists that use this were settled by such guesses (the Go in
/// each note still holds: the stones are dead; the estimate now says it cannot show it).
fn estimate_equals_markup_or_leaves_it_uncertain(what: &str, cases: &[(&str, &str)]) {
    let root = corpus().join("finished");
    let files: Vec<String> = cases.iter().map(|(path, _)| format!("{KGS}{path}")).collect();
    let (marked, estimated) = marked_and_estimated(&root, &files);
    let uncertain = uncertain_alive(&root, &files);
    for ((_, note), path) in cases.iter().zip(&files) {
        let (m, e) = (&marked[path], &estimated[path]);
        let extra: Vec<&String> = e.difference(m).collect();
        let unflagged: Vec<&String> = m.difference(e).filter(|p| !uncertain[path].contains(*p)).collect();
        assert!(
            extra.is_empty() && unflagged.is_empty(),
            "{what}: {path}: extra {extra:?}, missed and not listed {unflagged:?}: {note}"
        );
    }
}

/// A finished game where the playouts kill a living group by a narrow majority and reading shows it living
/// whoever moves first (#13).
const READ_ALIVE: &[(&str, &str)] = &[(
    "2017-03-new/2017-03-06-22.sgf",
    "Black's H3-L3 group at the bottom, with the eye K2 and White's dead H2 and J1 inside, is captured in 50-70% \
     of the playouts but lives in reading with either side first",
)];

/// Finished games where reading kills an open group, and the stones beside it that the first playouts could not
/// capture (they were short of the liberties the capture gives back) die in the second (#13).
const REFEREED_AFTER_A_CAPTURE: &[(&str, &str)] = &[
    (
        "2017-02-new/2017-02-21-3.sgf",
        "reading captures White's F18 in Black's top framework; with it off the board, the second playouts kill \
         White's other stones there (L18-N18, L16-L13, H15, O14), which the first left alive, and with them every \
         point of the framework dame",
    ),
    (
        "2017-02-new/2017-02-25-13.sgf",
        "White's one-eyed K19-T14 group along the top, which reading cannot save, is dead; with it off the board, \
         Black's eleven-stone R19 group has its liberties back and White's S19-S17 beside it die in the \
         second playouts",
    ),
];

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn the_playouts_run_again_once_reading_has_captured_a_group() {
    estimate_equals_markup_or_leaves_it_uncertain("the games refereed after a capture", REFEREED_AFTER_A_CAPTURE);
}

/// A finished game where two weak groups race and reading captures one whoever moves first, while the other,
/// which the playouts kill by less than an even share, is too big to read out (#13).
const WINS_A_RACE: &[(&str, &str)] = &[(
    "2016-09-new/2016-09-01-2.sgf",
    "Black's eyeless D18-G17 group at the top, between White's upper-left corner (C18-B16) and White's living \
     E17 and G18, is captured by reading whoever moves first; the corner, which the playouts capture in a third \
     of them, wins the race and lives with the top edge as its eye space",
)];

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn a_group_whose_racing_neighbour_reading_captures_lives() {
    estimate_equals_markup("the won race", WINS_A_RACE);
}

/// Finished games where an eyeless group inside the opponent's area, with a few of the opponent's stones among
/// its own, is not saved by reading with its owner moving first, and the playouts capture it in 25-30% of their
/// lines (they mostly capture the stones among it first) (#13).
const UNSAVED: &[(&str, &str)] = &[
    (
        "2016-08-new/2016-08-19-37.sgf",
        "White's G6-L1 stones at the bottom (seven chains), around Black's J5, G3-H3, J2 and H1-K1, have no eye: \
         dead, as the markup has it",
    ),
    (
        "2017-01-new/2017-01-22-34.sgf",
        "White's O19-T16 stones in Black's upper-right corner, around Black's R19-S19 and T18, have no eye: \
         capturing those three leaves a space Black kills by placement",
    ),
    (
        "2016-09-new/2016-09-01-24.sgf",
        "Black's eyeless B19-G11 stones in the upper left (seven chains, sixteen liberties), between White's living \
         groups outside and White's A17-E14 inside, whose eye A13-C13 wins the race: Black E17 joins them to \
         eleven liberties, no escape beside White's eye, and the playouts capture them in 28% of their lines",
    ),
];

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn groups_reading_cannot_save_die_on_a_quarter_of_the_playouts() {
    estimate_equals_markup_or_leaves_it_uncertain("the unsaved groups", UNSAVED);
}

/// A finished game where a group that reading cannot save is in seki by the liberty counts with the opposing
/// group beside it, and the counts read it right: the playouts' split does not kill it (#13).
const SEKI_BY_THE_COUNTS: &[(&str, &str)] = &[(
    "2017-01-new/2017-01-02-27.sgf",
    "White's G15-B8 chain (17 stones) inside Black's left side has three liberties, E11 E10 E9, all shared with \
     Black's H15-E8 chain, which has those and J14. White J14 leaves three shared liberties; Black E9 first is \
     answered by White J14, and then whoever fills E10 or E11 is captured: a seki either way, as the markup and \
     GNU Go have it (the playouts captured White in 40% of their lines)",
)];

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn a_seki_the_liberty_counts_read_right_survives_split_playouts() {
    estimate_equals_markup("the seki by the counts", SEKI_BY_THE_COUNTS);
}

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn groups_the_playouts_narrowly_kill_live_when_reading_says_so() {
    estimate_equals_markup("the read split groups", READ_ALIVE);
}

/// Finished games where a few stones short of liberties inside the opponent's area were strong to the estimate
/// because the scorer joined them across dame to other stones of their colour (#13): the estimate equals the
/// markup.
const BORROWED_LIFE: &[(&str, &str)] = &[
    (
        "2016-09-new/2016-09-23-18.sgf",
        "W B15, one stone with two liberties (A15, C15) in Black's upper-left corner, was joined to White's weak \
         stones on the left edge and kept alive; it is dead, and so are W A10 and B9",
    ),
    (
        "2016-09-new/2016-09-12-51.sgf",
        "B H12, one stone with two liberties in White's centre, was strong, and Black's eyeless B11-B15 group \
         counted it as a living friend; both are dead",
    ),
    (
        "2016-09-new/2016-09-11-5.sgf",
        "W R7-R6-S6, three stones with four liberties (R8 S7 T6 Q6) and no eye in Black's lower-right area, \
         borrowed life from the dame-like open centre beside Black's lone S8 and kept that area from being \
         Black's territory (101 points); they are dead",
    ),
    (
        "2017-02-new/2017-02-09-12.sgf",
        "W B18, one stone in atari in Black's upper-left corner beside Black's captive C18, was strong because C18 \
         is no bigger; with it dead, White's eyeless C17-G18 group beside it loses its strength and dies too",
    ),
    (
        "2017-04-new/2017-04-19-11.sgf",
        "Black's three-stone P2 group, in atari beside White's captive M2-O2, was strong for the same reason; with \
         it dead, Black's one-eyed K4 group dies as the markup has it",
    ),
];

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn small_groups_do_not_borrow_life_from_the_scorer() {
    estimate_equals_markup("the borrowed-life games", BORROWED_LIFE);
}

/// Finished games where a group without eyes of its own inside the opponent's area, too well supplied with
/// liberties to count as borrowing life, was declared alive because the scorer joined it across dame to other
/// stones of its colour; left to the playouts, it dies as the markup has it (#13).
const LEFT_TO_THE_REFEREE: &[(&str, &str)] = &[
    (
        "2017-01-new/2017-01-03-20.sgf",
        "White's thirteen stones J4-P1 at the bottom, in several chains inside Black's lower area, have no eye of \
         their own: dead, and the bottom is Black's (the count matches RE, W+79.5)",
    ),
    (
        "2017-01-new/2017-01-14-27.sgf",
        "Black's fourteen stones O6-S9 on the lower right, in several chains inside White's area, have no eye of \
         their own: dead, and the right side is White's (the count matches RE, W+3.5)",
    ),
    (
        "2017-03-new/2017-03-27-11.sgf",
        "White's four-stone O18-R18 with five liberties, Q16 and S17 in Black's upper-right area, beside Black's \
         lone R17 and S18, have no eye: dead, and the area is Black's (the count matches RE, B+10.5)",
    ),
];

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn small_groups_without_eyes_are_left_to_the_referee() {
    estimate_equals_markup_or_leaves_it_uncertain("the refereed strong groups", LEFT_TO_THE_REFEREE);
}

/// A finished game where a group with two eyes by the count has one only: a bent four on the edge that hangs on
/// a chain with one liberty inside it and one outside. Reading runs out of budget there, and the count with the
/// inside liberty filled says one eye (#13).
const CUT_SHORT: &[(&str, &str)] = &[(
    "2016-11-new/2016-11-01-4.sgf",
    "Black's 18-stone F6-L1 group in White's lower left: F4 is a false eye (D5-E4 has it as its only liberty), \
     and the H1-K1 space (White's H1 captured) needs K1 filled once White L2 puts L1 in atari, leaving a bent \
     three: dead",
)];

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn a_group_whose_eye_space_hangs_on_a_chain_short_of_liberties_is_dead() {
    estimate_equals_markup("the cut-short group", CUT_SHORT);
}

/// Finished games where stones of one colour fill the only eye space of an eyeless group of the other: capturing
/// them fills their liberties and leaves one eye, and the stones' owner cannot approach either, so both live in
/// seki, as the markup has them (#13).
const ENCLOSED_SEKI: &[(&str, &str)] = &[
    (
        "2017-02-new/2017-02-08-7.sgf",
        "Black's J10 J9 K9 inside White's 27-stone centre group, with the liberties H10 and K8: White capturing \
         leaves the bent three J10 J9 K9 (one eye, and Black fills M6 and M4 outside); Black filling H10 lets White \
         capture four and live. Seki; killing the White group was 58 points off",
    ),
    (
        "2016-10-new/2016-10-17-4.sgf",
        "Black's J13 J12 J11 inside White's 30-stone centre group, with the liberties H13 and J10: White capturing \
         leaves the straight three, Black filling H13 leaves White a bent four. Seki, as the markup has it",
    ),
];

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn stones_filling_an_eyeless_group_s_only_space_are_in_seki_with_it() {
    estimate_equals_markup("the enclosed sekis", ENCLOSED_SEKI);
}

/// A finished game where a group lives by capturing several opposing chains in separate places: each capture
/// is an eye of its own (#13).
const SEPARATE_CAPTURES: &[(&str, &str)] = &[(
    "2016-08-new/2016-08-14-42.sgf",
    "Black's top group A19-M17 captures White's F19, G18-H18, J19 and M18-M19 where they stand, apart from \
     each other: two eyes and more, so the White stones are dead (counted as one space they were one eye, and the \
     Black group was killed, 74 points off)",
)];

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn captures_in_separate_places_are_separate_eyes() {
    estimate_equals_markup("the separate captures", SEPARATE_CAPTURES);
}

/// A finished game where a chain joins the rest of its group through two points that each touch a different
/// chain of it: one link to each chain, two to the group, so the opponent cannot cut (#13).
const TWO_LINKS_TO_A_GROUP: &[(&str, &str)] = &[(
    "2016-08-new/2016-08-27-30.sgf",
    "Black's F14-H17 chain reaches Black's centre at H15 (to J15) and at H13 (to J13), around White's dead H14: \
     one group with two eyes, not an eyeless chain killed with the centre (54 points off)",
)];

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn two_single_links_to_one_group_connect() {
    estimate_equals_markup("the two links", TWO_LINKS_TO_A_GROUP);
}

/// Finished games where a weaker chain of one colour, in atari and unable to escape, stands between two groups
/// of the other colour that would die with it in the same round: capturing it joins them, and the joined group
/// lives (#13). The weaker chain dies first and the rest is judged again.
const JOINED_BY_CAPTURE: &[(&str, &str)] = &[
    (
        "2016-08-new/2016-08-30-52.sgf",
        "White's E11-E10 is in atari (D10; White D10 leaves it one liberty) between Black's C16-E12 chain and \
         Black's D11 and F11-C9 chains: Black D10 takes it and joins them around its space, so White's eyeless \
         C13-D7 stones inside the left side are the dead ones (39 stones and 136 points off before)",
    ),
    (
        "2017-01-new/2017-01-15-22.sgf",
        "the same shape in the upper left: the chain in atari between two Black groups dies first, and Black's \
         joined group lives (25 stones off before)",
    ),
];

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn a_chain_whose_capture_joins_two_groups_dies_first() {
    estimate_equals_markup("the joining captures", JOINED_BY_CAPTURE);
}

/// Finished games where a solid group with one eye loses a capturing race by the liberty counts while a living
/// group also surrounds it, and reading shows it living: capturing the race winner gives it a second eye, or
/// the winner's own space is short (#13). The estimate equals the markup, and GNU Go's final statuses agree.
const ONE_EYE_READ_OUT: &[(&str, &str)] = &[
    (
        "2016-11-new/2016-11-27-22.sgf",
        "White's T17-R9 group has one eye, the bent three S14 T14 T15; Black's S12 T12 T11 beside it are in \
         atari at T10, which also touches Black's eyeless S10 group. T10 and T14 are miai: Black T10 is answered \
         at T14, Black T14 by White T10 taking three stones. White lives; Black's S10 group dies (30 stones off \
         before)",
    ),
    (
        "2016-10-new/2016-10-02-50.sgf",
        "White's R16-T18 corner has the eye T17 and shares T19 with Black's S19; Black's O18-R18 wall, joined to \
         Q19 and S19 at R19, has the eye Q18 once White takes P19 (or Black does). One eye each and one shared \
         liberty: whoever fills T19 is left in atari, a seki, as the markup and GNU Go have it. Listed until now \
         as a markup error, from a reading that missed White P19",
    ),
];

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn a_one_eyed_group_beside_a_living_one_is_read_out() {
    estimate_equals_markup("the one-eyed groups", ONE_EYE_READ_OUT);
}

/// Finished games where a weak group escaped by "capturing" a weak group of the other colour that it neither
/// touches nor shares a liberty with, which other stones attack (#13): only captures of groups it races count.
/// The estimate equals the markup, and GNU Go finds as many dead stones in each.
const CAPTURES_IN_CONTACT: &[(&str, &str)] = &[
    (
        "2017-04-new/2017-04-01-10.sgf",
        "White's lower-left invasion (A6-B6, C5-D6, E7, F3-G6) makes one eye at most; it lived by counting a \
         capture of Black's A10-B10-A9, which White's A11-B11 and C10-D10 attack, not it (15 stones off before)",
    ),
    (
        "2017-06-new/2017-06-26-46.sgf",
        "Black's eyeless B18-D17 stones and B15 in White's upper-left area, dead for the markup and for GNU Go, \
         were kept alive by counting a capture of White stones out of their contact (8 stones off before)",
    ),
];

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn only_captures_of_groups_in_contact_give_life() {
    estimate_equals_markup("the captures in contact", CAPTURES_IN_CONTACT);
}

/// A finished game where a group held in the opponent's living area escaped by counting the capture of a few
/// stones inside it with their liberties as its space (#13): the capturing stones stay there, and the space left
/// is one eye. The estimate equals the markup, as GNU Go's final statuses do.
const NAKADE_CAPTURE: &[(&str, &str)] = &[(
    "2016-12-new/2016-12-12-5.sgf",
    "White's S18 T18 S17 in Black's top-right corner have the liberties T19 and S16. Black captures them (S16, \
     then T19) and is left the bent three S18 T18 S17, one eye; waiting, it loses R18-R16 once White fills Q18, \
     Q19 and R19. Black's eight stones are dead and White's three live (34 points off before)",
)];

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn a_capture_of_a_few_stones_inside_leaves_only_their_points() {
    estimate_equals_markup("the captures of a few stones", NAKADE_CAPTURE);
}

/// A finished game where weak stones in the unsettled framework of another weak group of the same colour were
/// killed as surrounded, and their capture saved the opponent's invaders (#13): a weak group with open space of
/// its own is not clearly dead, nor are its colour's weak groups in its pocket. The estimate equals the markup, as
/// GNU Go's final statuses do.
const FRAMEWORK_FRIEND: &[(&str, &str)] = &[(
    "2017-01-new/2017-01-11-7.sgf",
    "White's one-eyed left-side group has the open side A5-D11 (31 points of room). Black's eyeless F11-F7 and \
     D4-F4 groups stand in it beside White's E5-F5 and C1; killing those as surrounded joined Black's groups, \
     which then looked alive. Black's 17 stones there lose their races (6 liberties against 32, 7 against 45) \
     and White's 3 live (80 points off before)",
)];

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn stones_in_an_unsettled_framework_of_their_colour_are_not_surrounded() {
    estimate_equals_markup("the stones in a framework", FRAMEWORK_FRIEND);
}

/// An eyeless group that wins its race against stones inside it by the counts, but takes them only by filling
/// their liberties itself, which leaves an eye at most (#13). It loses its race against the one-eyed wall
/// around it, and the stones it would capture live. The estimate equals the markup, as GNU Go's final statuses do.
const ENGULFED_CAPTURE: &[(&str, &str)] = &[(
    "2016-08-new/2016-08-04-8.sgf",
    "Black's eyeless B19 corner (6 liberties) wins by the counts against White's A18-A17 (2), but takes them \
     only by playing A19 and B17: one eye at most, against the one eye (D15) of White's wall. Counted as two \
     eyes once A18-A17 were off, the corner lived (34 points off before)",
)];

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn a_capture_that_fills_its_own_liberties_leaves_one_eye_at_most() {
    estimate_equals_markup("an eyeless group's capture", ENGULFED_CAPTURE);
}

/// A race lost by the counts against an eyeless group, where the loser's liberties are points the winner's colour
/// fills only by self-atari beside its own stone inside (#13): the capture that answers it gives the loser an eye,
/// and an eye against none wins. The estimate equals the markup, as GNU Go's final statuses do.
const HELD_LIBERTIES: &[(&str, &str)] = &[(
    "2017-04-new/2017-04-06-6.sgf",
    "White's lower-left group (B2-J1, D1) has three liberties, C1 D2 E1, against Black's eyeless A6-C5 and \
     D4-G7 groups. Black's E2 inside makes D2 and E1 self-atari for Black, and C1 too: Black cannot approach, \
     White captures E2 for an eye, and Black's 20 stones there die (84 points off before)",
)];

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn liberties_the_winner_fills_only_by_self_atari_are_an_eye() {
    estimate_equals_markup("liberties held by a stone inside", HELD_LIBERTIES);
}

/// Finished games outside `hard-cases.txt` (GNU Go's final statuses agree with their markup) where the markup
/// is wrong by the rules, checked by hand: it leaves standing stones that are dead (GNU Go's own reading agrees:
/// `owl_attack` succeeds, `owl_defend` fails). The estimate has exactly the stones listed as `extra` more and
/// `missed` fewer. `(path, extra, missed, note)`.
const MARKUP_ERRORS: &[(&str, &[&str], &[&str], &str)] = &[
    (
        "2016-08-new/2016-08-28-51.sgf",
        &["gr", "hq", "hr", "iq", "is", "jp", "jq", "jr", "kp", "kq"],
        &[],
        "Black's G2-L4 group has one eye (J2) and two liberties shared with White's living groups, H1 and K1 (J1 \
         is a lone stone in the eye space): White H1 and K1 leave it in atari, so it is dead, not a seki",
    ),
    (
        "2016-10-new/2016-10-27-2.sgf",
        &["rb", "rc", "sb"],
        &[],
        "White's S18-T18-S17 in Black's upper-right corner has two liberties, T17 and T19: Black R16 joins S16-T16 \
         to its wall, then T17 is atari and White T19 would be suicide, so it is dead, not a seki (GNU Go's \
         owl_attack: dead without a move; owl_defend fails)",
    ),
    (
        "2016-10-new/2016-10-30-1.sgf",
        &["ar", "bs"],
        &[],
        "White's A2 and B1 in Black's lower-left corner share the liberties A1 and B2: Black B2 puts both in atari \
         and White A1 would be suicide, and Black keeps the D1-D2 eye, so they are dead, not a seki (GNU Go's \
         owl_attack B2 succeeds, owl_defend fails)",
    ),
    (
        "2017-02-new/2017-02-13-1.sgf",
        &["rs", "sr"],
        &[],
        "Black's S1 and T2 in White's lower-right corner share the liberties S2 and T1; White's R1-T3 group \
         around them has the eye Q1-Q2 and can play S2, then T1 captures both (Black T1 would be suicide): dead, \
         not the seki the players counted (GNU Go's owl_attack S2 succeeds, owl_defend fails)",
    ),
    (
        "2017-05-new/2017-05-02-1.sgf",
        &["rs", "sr"],
        &[],
        "the same corner as 2017-02-13-1 (Black S1 and T2, White's P1-T3 group with the eye Q1-Q2): White S2 \
         and T1 capture them, so they are dead, not a seki (GNU Go's owl_attack S2 succeeds, owl_defend fails)",
    ),
    (
        "2016-08-new/2016-08-16-10.sgf",
        &["bb"],
        &[],
        "White's lone B18 in Black's upper-left corner is in atari (A18); White A18 would be suicide, since \
         Black's A19-C18 keeps C17 and A17-B17 keeps C17 too: dead, and the record's RE (B+6.5) counts it so",
    ),
    (
        "2017-05-new/2017-05-26-7.sgf",
        &[],
        &[
            "am", "an", "ap", "bm", "bp", "bs", "cl", "cm", "co", "cp", "cq", "cr", "cs", "dl", "dp", "dq", "ds", "ek",
            "el", "em", "eo", "es", "fl", "fm", "fn", "fo", "fp", "fs", "gn",
        ],
        "a double seki in the lower left that the markup kills (and GNU Go, whose owl_attack E9 answers PASS): \
         Black's E9-A6 chain (16 stones) and White's A5-D6 have the same two liberties, D7 and E6, and Black's \
         C5-F1 chain (13) and White's A2-B3 the same two, A1 and A3. Each of those four moves puts the mover's \
         chain in atari, and the other side takes it at the other point; no chain of the four has another \
         liberty or can gain one: seki, so Black's 29 stones are alive (RE W+31.5 counts them dead)",
    ),
];

/// A finished game outside `hard-cases.txt` that reading settles only with 5,000 expansions for its question
/// (3,000 were too few), checked by hand (#13).
const READ_DEEP: &[(&str, &str)] = &[(
    "2016-12-new/2016-12-06-34.sgf",
    "White's A1-A3-B2 in the lower-left corner has two liberties, A4 and B3, both shared with Black's \
     B1-D2-C4-A5 chain, which has those and D3. White D3 kills: White then throws in at B3, Black must take five \
     stones at A4 and is left the bulky five A1-A3 B2 B3 with White to play A2 (GNU Go's owl_attack C1 answers \
     D3). Black first cannot take the corner: after Black B3 (or A4), White D3 and Black's capture leave the \
     pyramid four A1-A3 B2 with White to play A2, and Black D3 makes a seki. So Black's chain is dead and the \
     corner lives, as marked",
)];

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn a_corner_that_takes_deep_reading_is_read_out() {
    estimate_equals_markup("the deep reading", READ_DEEP);
}

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn markup_errors_outside_the_hard_cases_are_the_estimate_s_differences() {
    let root = corpus().join("finished");
    let files: Vec<String> = MARKUP_ERRORS.iter().map(|(path, _, _, _)| format!("{KGS}{path}")).collect();
    let (marked, estimated) = marked_and_estimated(&root, &files);
    for ((_, extra, missed, note), path) in MARKUP_ERRORS.iter().zip(&files) {
        let (m, e) = (&marked[path], &estimated[path]);
        let found: Vec<&str> = e.difference(m).map(String::as_str).collect();
        assert_eq!(found, *extra, "{path}: {note}");
        let kept: Vec<&str> = m.difference(e).map(String::as_str).collect();
        assert_eq!(kept, *missed, "{path}: {note}");
    }
}

/// An unmarked finished game of `games/` where small groups of both colours fight inside Black's framework
/// (Black H14 with three liberties among White's G15, F12 and D10): they keep the strength the scorer gives
/// them, and the estimate's count equals the record's RE (B+1.5). Taking it from them killed Black's 41-stone
/// framework (W+114.5).
#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn a_fight_among_weak_groups_of_both_colours_keeps_their_strength() {
    let root = corpus();
    let path = "games/kgs-u-go.net/kgs-19-2015/2015-05-08-13.sgf";
    let doc = run_in(&root, &["score", "-q", "--format", "json", path]).json();
    let game = only_game(&doc);
    assert_eq!(game["score"]["dead_source"], "estimated");
    assert_eq!(game["score"]["matches_record"], true, "{}", game["score"]["japanese"]);
}

/// Finished games where a lone stone or a small chain of the losing side sits inside the other side's eye space
/// and shares a point with the rest of its side's stones: connecting there would leave two liberties, so it is
/// no link, and the big group it seemed to join dies as the markup says (#13).
const SHORT_LINKS: &[(&str, &str)] = &[
    (
        "2017-06-new/2017-06-16-18.sgf",
        "Black's L19-L18 inside White's K19-K18 space meets Black's J19 at K19; connected there they have H19 and \
         K18 only, and White K18 ataris them, so White's J18-N16 group has two eyes (K19-K18 once it captures, and \
         M17-N16) and Black's eyeless D17-J16 group in White's upper-left area is dead, not the winner of a race \
         against it (152 points off)",
    ),
    (
        "2017-04-new/2017-04-10-42.sgf",
        "Black's lone S19 meets Black's Q19-Q18 group at R19 between White's R18-T18; connected there the chain \
         keeps two liberties, so S19 adds nothing to the eyeless Black group inside White's upper-right corner: \
         S19, Q19-Q18, P17-T17 and the stones below them to R12-S12 are dead",
    ),
];

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn a_link_that_leaves_two_liberties_joins_nothing() {
    estimate_equals_markup("the short links", SHORT_LINKS);
}

/// Finished games where a chain of two stones or more has as its only liberty a point that looks like an eye of
/// its colour (every neighbour is its colour's stone): the opponent captures there without a ko, so the point is
/// no eye and holds nothing together, and the group around it dies as the markup says (#13).
const CAPTURED_AT_THE_EYE: &[(&str, &str)] = &[
    (
        "2017-04-new/2017-04-21-19.sgf",
        "Black's H2-J2 has one liberty, G2, the point inside Black's G1, F2 and G3: White G2 takes the two stones \
         whenever it likes, so White's H3-M2 group, with two liberties of its own (L1, N2), gains liberties there \
         and Black's eyeless E2-H3 group between it and White's lower-left corner dies, with D1 and H2-J2",
    ),
    (
        "2016-12-new/2016-12-12-21.sgf",
        "White's G16-G15-H15 has one liberty, J15, the point inside White's J16, K15 and J14: Black J15 takes \
         three stones, so J15 is no eye of White's 26 stones from F19 and G16 to M11 and N18, which die inside \
         Black's top (the count said W+111.5 before; RE is B+3.5)",
    ),
];

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn a_chain_in_atari_at_an_eye_holds_no_eye() {
    estimate_equals_markup("the captures at an eye", CAPTURED_AT_THE_EYE);
}

/// A finished game where an eyeless group walls a space the opponent touches at one point only: it can close
/// the space itself, so it is not held captive there (#13).
const WALLS_ITS_SPACE: &[(&str, &str)] = &[(
    "2016-08-new/2016-08-08-6.sgf",
    "Black's A18-D18 group in the upper left walls A19-D19 and B18-B16, which White's E19 touches at D19 only: \
     Black D19 closes it, and White's 25 eyeless stones around it, E19-H19 down to A15-F14, die",
)];

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn a_group_walling_its_own_space_is_not_captive_in_it() {
    estimate_equals_markup("the walled spaces", WALLS_ITS_SPACE);
}
