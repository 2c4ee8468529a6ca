//! Puts the commit into `gotool --version` when gotool is built from a git checkout (`0.1.0 (commit 1a2b3c4d5e6f)`,
//! `+dirty` when the working tree had changes); a build from a source package says the version alone.
//!
//! Also sets the cfg `gotool_corpus` when `GOTOOL_CORPUS` names a folder at build time: the tests that need the
//! shared corpus are `#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]`, so a run without it lists
//! them as ignored instead of passing them unrun.

use std::process::Command;

fn main() {
    let version = env!("CARGO_PKG_VERSION");
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let full = match git(&["rev-parse", "--short=12", "HEAD"]) {
        Some(commit) if !commit.is_empty() => {
            let dirty = git(&["status", "--porcelain", "--untracked-files=no"]).is_some_and(|s| !s.is_empty());
            format!("{version} (commit {commit}{})", if dirty { "+dirty" } else { "" })
        }
        _ => version.to_string(),
    };
    println!("cargo:rustc-env=GOTOOL_VERSION={full}");
    println!("cargo::rustc-check-cfg=cfg(gotool_corpus)");
    println!("cargo:rerun-if-env-changed=GOTOOL_CORPUS");
    if std::env::var_os("GOTOOL_CORPUS").is_some_and(|c| !c.is_empty()) {
        println!("cargo:rustc-cfg=gotool_corpus");
    }
    // A new commit or checkout changes HEAD or the branch it points to. Their paths are asked of git, since in a
    // worktree `.git` is a file; a path that does not exist would make cargo run this script on every build.
    let mut watched = vec!["HEAD".to_string(), "index".to_string()];
    watched.extend(git(&["symbolic-ref", "-q", "HEAD"]));
    for name in watched {
        if let Some(path) = git(&["rev-parse", "--git-path", &name]).filter(|p| std::path::Path::new(p).exists()) {
            println!("cargo:rerun-if-changed={path}");
        }
    }
}
