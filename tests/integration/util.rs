//! Shared helpers: the `gotool` command, fixture paths, running `check` and reading its JSON back.

use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;
use serde_json::Value;

/// The `gotool` binary built for this test run, with a clean environment for colours.
pub(crate) fn gotool() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gotool"));
    cmd.env_remove("NO_COLOR");
    cmd
}

/// A file or folder under `fixtures/`, e.g. `fixture("sgf/rules/ko-illegal.sgf")`.
pub(crate) fn fixture(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures").join(path)
}

/// The `fixtures/` folder itself (tests run there to get short, stable paths in reports).
pub(crate) fn fixtures_dir() -> PathBuf {
    fixture("")
}

/// What one run printed and how it ended.
pub(crate) struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    pub(crate) fn from_output(output: Output) -> Run {
        Run {
            code: output.status.code().expect("gotool was killed by a signal"),
            stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
            stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
        }
    }

    /// The stdout of a `--format json` run, parsed.
    pub(crate) fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not one JSON document ({e}):\n{}", self.stdout))
    }
}

/// Runs `gotool <args>` in `fixtures/` and returns what happened. Never panics on a non-zero exit.
pub(crate) fn run(args: &[&str]) -> Run {
    run_in(&fixtures_dir(), args)
}

/// Runs `gotool <args>` in `dir`.
pub(crate) fn run_in(dir: &Path, args: &[&str]) -> Run {
    let output = gotool().current_dir(dir).args(args).output().expect("gotool runs");
    let run = Run::from_output(output);
    assert!(!run.stderr.contains("panicked"), "gotool panicked:\n{}", run.stderr);
    run
}

/// `gotool check -q --format json <extra...> <path>` in `fixtures/`: exit code and the parsed document.
pub(crate) fn check_json(path: &str, extra: &[&str]) -> (i32, Value) {
    let mut args = vec!["check", "-q", "--format", "json"];
    args.extend_from_slice(extra);
    args.push(path);
    let run = run(&args);
    let json = run.json();
    (run.code, json)
}

/// The only game of the only file of a `check --format json` document.
pub(crate) fn only_game(doc: &Value) -> &Value {
    let files = doc["files"].as_array().expect("files is an array");
    assert_eq!(files.len(), 1, "one file expected: {doc:#}");
    let games = files[0]["games"].as_array().expect("games is an array");
    assert_eq!(games.len(), 1, "one game expected: {doc:#}");
    &games[0]
}

/// The diagnostics of a game (or file) with the given severity.
pub(crate) fn with_severity<'a>(holder: &'a Value, severity: &str) -> Vec<&'a Value> {
    holder["diagnostics"]
        .as_array()
        .expect("diagnostics is an array")
        .iter()
        .filter(|d| d["severity"] == severity)
        .collect()
}

/// The codes of the diagnostics of a game (or file) with the given severity, in order.
pub(crate) fn codes(holder: &Value, severity: &str) -> Vec<String> {
    with_severity(holder, severity).iter().map(|d| d["code"].as_str().expect("code is a string").to_string()).collect()
}

/// The single error of a game; fails if there is not exactly one.
pub(crate) fn the_error(game: &Value) -> &Value {
    let errors = with_severity(game, "error");
    assert_eq!(errors.len(), 1, "exactly one error expected: {game:#}");
    errors[0]
}

/// Writes `contents` to `dir/name`, creating parent folders.
pub(crate) fn write_file(dir: &Path, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).expect("create folders");
    }
    std::fs::write(&path, contents).expect("write file");
    path
}

/// The shared corpus folder named by `GOTOOL_CORPUS`. The tests that call this are
/// `#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]`: `build.rs` sets `gotool_corpus` when the
/// variable is set at build time, so a run without the corpus lists them as ignored instead of passing them.
pub(crate) fn corpus() -> PathBuf {
    match std::env::var_os("GOTOOL_CORPUS") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => panic!("this test needs GOTOOL_CORPUS, the shared corpus folder (it was set when the tests were built)"),
    }
}
