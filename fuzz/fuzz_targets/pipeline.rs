//! Fuzz target over the whole per-file pipeline (issue #6), through the same `Plan`s and `View`s the command
//! line builds: `check --all-variations --board`, `score --force`, and `show` (the final position, the scored
//! one, and the one before a move), then every report format and both renderers. Anything that panics, hangs or
//! allocates without bound is a finding.
//!
//! `Plan::check_bytes` turns a panic into an `internal-error` report so that a batch goes on; here that report
//! is turned back into a panic, otherwise the fuzzer would never see the crash.
#![no_main]

use libfuzzer_sys::fuzz_target;

use gotool_model::{FileReport, Summary};
use gotool_check::{Plan, View};
use gotool_render::svg::{self, SvgOptions};
use gotool_render::text::{self, TextOptions};
use gotool_replay::ReplayOptions;
use gotool::report::Reporter;
use gotool::report::json::{JsonLinesReporter, JsonReporter};
use gotool::report::text::{TextReporter, TextStyle};
use gotool_score::game::ScoreOptions;

fuzz_target!(|data: &[u8]| {
    // `check --all-variations --board`: every branch replayed, finished games scored, a picture of each error.
    let check = Plan {
        replay: ReplayOptions { all_variations: true, ..ReplayOptions::default() },
        score: Some(ScoreOptions { position_findings_as_notes: true, ..ScoreOptions::default() }),
        error_pictures: Some(TextOptions { ascii: false, color: true }),
        ..Plan::default()
    };
    let report = check.check_bytes(data, "fuzz.sgf");
    no_internal_error(&report);
    write_reports(&report);

    // `score --force`: every game scored, whether finished or not.
    let score = Plan { score: Some(ScoreOptions { force: true, ..ScoreOptions::default() }), ..Plan::default() };
    let report = score.check_bytes(data, "fuzz.sgf");
    no_internal_error(&report);
    write_reports(&report);

    // `show`, `show --score` and `show --move 2` of the first two games, drawn both ways.
    let scored = Some(ScoreOptions { force: true, ..ScoreOptions::default() });
    let views = [1, 2].into_iter().flat_map(|game| {
        [
            View { game, ..View::default() },
            View { game, score: scored.clone(), ..View::default() },
            View { game, move_number: Some(2), ..View::default() },
        ]
    });
    for view in views {
        if let Ok(picture) = view.draw(data, "fuzz.sgf") {
            std::hint::black_box(text::render(&picture.diagram, &TextOptions { ascii: true, color: false }));
            std::hint::black_box(svg::render(&picture.diagram, &SvgOptions::default()));
        }
    }
});

/// A caught panic is a crash: panic again, with the message the user would have seen.
fn no_internal_error(report: &FileReport) {
    if let Some(error) = &report.error {
        assert_ne!(error.code, "internal-error", "{}", error.message);
    }
}

/// Every report format, into memory.
fn write_reports(report: &FileReport) {
    let mut summary = Summary::default();
    summary.add(report);
    let mut out = Vec::new();
    let styles = [
        TextStyle { verbose: true, ..TextStyle::default() },
        TextStyle { color: true, score_table: true, ..TextStyle::default() },
    ];
    for style in styles {
        let mut r = TextReporter::new(&mut out, style);
        r.file(report).expect("writing to memory");
        r.finish(&summary).expect("writing to memory");
    }
    let mut r = JsonReporter::new(&mut out);
    r.file(report).expect("writing to memory");
    r.finish(&summary).expect("writing to memory");
    let mut r = JsonLinesReporter::new(&mut out);
    r.file(report).expect("writing to memory");
    r.finish(&summary).expect("writing to memory");
    std::hint::black_box(out);
}
