//! Real output validated against the JSON Schemas in `schema/`: the `check` and `score` documents over every
//! fixture and each JSON Lines object on its own (`report.schema.json`), and `stats` documents
//! (`stats.schema.json`, which takes its diagnostics from the report schema).

use serde_json::Value;

use crate::util::run;

pub(crate) fn validator() -> jsonschema::Validator {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/schema/report.schema.json");
    let schema: Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("schema file")).expect("schema is JSON");
    jsonschema::validator_for(&schema).expect("schema compiles")
}

pub(crate) fn assert_valid(validator: &jsonschema::Validator, value: &Value, what: &str) {
    let errors: Vec<String> = validator.iter_errors(value).map(|e| format!("{e} at {}", e.instance_path())).collect();
    assert!(errors.is_empty(), "{what} does not match the schema:\n{}\n{value:#}", errors.join("\n"));
}

#[test]
fn json_documents_match_the_schema() {
    let validator = validator();
    for command in ["check", "score"] {
        let r = run(&[command, "-q", "--format", "json", "sgf"]);
        assert_valid(&validator, &r.json(), &format!("{command} --format json"));
    }
}

#[test]
fn every_json_line_matches_the_schema() {
    let validator = validator();
    for command in ["check", "score"] {
        let r = run(&[command, "-q", "--format", "jsonl", "sgf"]);
        let mut lines = 0;
        for line in r.stdout.lines() {
            let value: Value = serde_json::from_str(line).expect("each line is JSON");
            assert_valid(&validator, &value, &format!("{command} --format jsonl line {line}"));
            lines += 1;
        }
        assert!(lines > 30, "{lines} lines");
    }
}

#[test]
fn the_schema_rejects_a_report_missing_a_field() {
    // The schema must be able to fail: a game without `valid` is not a report.
    let validator = validator();
    let r = run(&["check", "-q", "--format", "json", "sgf/example.sgf"]);
    let mut doc = r.json();
    doc["files"][0]["games"][0].as_object_mut().unwrap().remove("valid");
    assert!(!validator.is_valid(&doc));
}

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn scored_corpus_games_match_the_schema() {
    let corpus = crate::util::corpus();
    let validator = validator();
    let finished = std::path::Path::new(&corpus).join("finished");
    let output =
        crate::util::gotool().args(["score", "-q", "--format", "jsonl"]).arg(&finished).output().expect("gotool runs");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8 output");
    let mut scored = 0;
    for line in stdout.lines() {
        let value: Value = serde_json::from_str(line).expect("each line is JSON");
        assert_valid(&validator, &value, "a finished game's JSON line");
        scored += usize::from(value["score"].is_object());
    }
    assert!(scored > 2000, "{scored} scored games");
}

/// The estimate's promises over every position of the corpus's `rules/` (each scored with `--force --dead auto`):
/// the report matches the schema (every dead chain's confidence at least 0.5), each stone of an uncertain group is
/// listed once, an uncertain group counted alive has none of its stones among the dead and one counted dead has all,
/// and the dead chains are exactly the dead stones.
#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn estimated_dead_stones_keep_the_schemas_promises_over_every_rules_position() {
    let corpus = crate::util::corpus();
    let validator = validator();
    let rules = std::path::Path::new(&corpus).join("rules");
    let output = crate::util::gotool()
        .args(["score", "-q", "--force", "--dead", "auto", "--format", "jsonl"])
        .arg(&rules)
        .output()
        .expect("gotool runs");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8 output");
    let (mut estimated, mut uncertain) = (0, 0);
    let mut broken = Vec::new();
    for line in stdout.lines() {
        let value: Value = serde_json::from_str(line).expect("each line is JSON");
        assert_valid(&validator, &value, "a rules/ position's JSON line");
        let score = &value["score"];
        if score["dead_source"] != "estimated" {
            continue;
        }
        estimated += 1;
        let strings = |v: &Value| -> Vec<String> {
            v.as_array().into_iter().flatten().map(|s| s.as_str().unwrap().to_string()).collect()
        };
        let dead = strings(&score["dead"]);
        let mut chained: Vec<String> =
            score["dead_chains"].as_array().unwrap().iter().flat_map(|c| strings(&c["stones"])).collect();
        let mut listed = Vec::new();
        let mut problems = Vec::new();
        for group in score["uncertain"].as_array().unwrap() {
            uncertain += 1;
            let stones = strings(&group["stones"]);
            let counted_dead = group["counted_dead"].as_bool().unwrap();
            if stones.iter().any(|s| dead.contains(s) != counted_dead) {
                problems
                    .push(format!("uncertain group {stones:?} counted_dead {counted_dead} against the dead stones"));
            }
            listed.extend(stones);
        }
        let n = listed.len();
        listed.sort();
        listed.dedup();
        if listed.len() != n {
            problems.push("a stone listed twice among the uncertain groups".to_string());
        }
        let mut sorted_dead = dead.clone();
        sorted_dead.sort();
        chained.sort();
        if chained != sorted_dead {
            problems.push("the dead chains are not the dead stones".to_string());
        }
        if !problems.is_empty() {
            broken.push(format!("{}: {}", value["path"], problems.join("; ")));
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
    assert!(estimated > 100 && uncertain > 0, "{estimated} estimated positions, {uncertain} uncertain groups");
}

#[test]
fn a_score_with_points_to_fill_matches_the_schema() {
    // Both colours must fill one point (the diagram of `both_colours_must_fill_one` in src/score/fill_tests.rs):
    // Black's A4 B4 B3 and White's M4 L4 L3 each have two liberties inside their own corner, one of which the
    // other side can take. The `fill-points` term must be one the schema knows.
    let dir = tempfile::tempdir().unwrap();
    let sgf = "(;GM[1]FF[4]SZ[12:7]KM[0]RU[Japanese]\
        AB[ga][gb][gc][hc][ic][jc][kc][lc][ad][bd][dd][ed][fd][jd][be][de][fe][je][cf][df][ff][cg][fg]\
        AW[fa][fb][ac][bc][cc][dc][ec][fc][cd][gd][hd][id][kd][ld][ce][ge][ie][ke][gf][if][jf][gg][jg];B[];W[])";
    std::fs::write(dir.path().join("fill.sgf"), sgf).unwrap();
    let doc =
        crate::util::run_in(dir.path(), &["score", "-q", "--dead", "none", "--format", "json", "fill.sgf"]).json();
    assert_valid(&validator(), &doc, "a score with points to fill");
    let score = &doc["files"][0]["games"][0]["score"];
    let term = score["terms"].as_array().unwrap().iter().find(|t| t["name"] == "fill-points").expect("fill-points");
    assert_eq!(term["value"], 0.0);
    assert_eq!(term["points"], serde_json::json!(["bf", "kf"]));
    assert_eq!(
        (score["japanese"]["black"]["territory"].as_u64(), score["chinese"]["black"]["territory"].as_u64()),
        (Some(18), Some(19))
    );
    let mut doc = doc;
    doc["files"][0]["games"][0]["score"]["terms"][1]["name"] = "fill-point".into();
    assert!(!validator().is_valid(&doc), "an unknown term name is refused");
}

/// The `stats` schema, with the report schema it refers to for diagnostics.
fn stats_validator() -> jsonschema::Validator {
    let read = |name: &str| -> Value {
        let path = format!("{}/schema/{name}", env!("CARGO_MANIFEST_DIR"));
        serde_json::from_str(&std::fs::read_to_string(path).expect("schema file")).expect("schema is JSON")
    };
    let registry = jsonschema::Registry::new()
        .add("https://gotool.invalid/schema/report.schema.json", read("report.schema.json"))
        .expect("report schema registers")
        .prepare()
        .expect("registry");
    jsonschema::options().with_registry(&registry).build(&read("stats.schema.json")).expect("stats schema compiles")
}

#[test]
fn stats_documents_match_the_schema() {
    let validator = stats_validator();
    for extra in [&[][..], &["--by", "folder,year,rules,size", "--list", "--duplicates"][..]] {
        let mut args = vec!["stats", "-q", "--format", "json"];
        args.extend_from_slice(extra);
        args.push("sgf");
        let doc = run(&args).json();
        assert_valid(&validator, &doc, &format!("stats {extra:?}"));
        assert_eq!(doc["schema_version"], 1);
    }
    let mut doc = run(&["stats", "-q", "--format", "json", "--list", "sgf"]).json();
    assert!(!doc["lists"]["invalid"].as_array().unwrap().is_empty(), "the fixtures hold invalid games");
    doc["rules"][0]["source"] = "somewhere".into();
    assert!(!validator.is_valid(&doc), "the stats schema must be able to fail");
}

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn stats_of_the_corpus_match_the_schema() {
    let corpus = crate::util::corpus();
    let validator = stats_validator();
    for folder in ["games", "finished", "malformed", "rules"] {
        let output = crate::util::gotool()
            .args(["stats", "-q", "--format", "json", "--by", "folder,year,rules,size", "--list", "--duplicates"])
            .arg(std::path::Path::new(&corpus).join(folder))
            .output()
            .expect("gotool runs");
        let doc: Value = serde_json::from_slice(&output.stdout).expect("stats prints one JSON document");
        assert_valid(&validator, &doc, &format!("stats of {folder}/"));
    }
}
