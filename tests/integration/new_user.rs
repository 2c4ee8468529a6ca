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
