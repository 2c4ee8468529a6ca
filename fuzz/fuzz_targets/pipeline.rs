//! Fuzz target over the whole per-file pipeline (issue #6): bytes → decode → scan → replay every branch →
//! score → reports and pictures. Anything that panics, hangs or allocates without bound is a finding.
//!
//! `analyze_bytes` turns a panic into an `internal-error` report so that a batch goes on; here that report is
//! turned back into a panic, otherwise the fuzzer would never see the crash.
#![no_main]

use libfuzzer_sys::fuzz_target;

use gotool::pipeline::{AnalyzeOptions, FileReport, analyze_bytes};
use gotool::replay::{CheckOptions, GameReport, LineEnd};
use gotool::score::game::{ScoreOptions, score_game};
use gotool::render::picture;
use gotool::render::svg::{self, SvgOptions};
use gotool::render::text::{self, TextOptions};
use gotool::report::json::{JsonLinesReporter, JsonReporter};
use gotool::report::text::{TextReporter, TextStyle};
use gotool::report::{Reporter, Summary};
use gotool::sgf::Collection;

fuzz_target!(|data: &[u8]| {
    // `check --all-variations --board`: every branch replayed, finished games scored, a picture of each error.
    let check = AnalyzeOptions {
        check: CheckOptions { all_variations: true, ..CheckOptions::default() },
        ..AnalyzeOptions::default()
    };
    let courtesy = ScoreOptions { position_findings_as_notes: true, ..ScoreOptions::default() };
    let check_hook = |c: &Collection, game: &mut GameReport, end: &LineEnd| {
        score_game(c, game, end, &courtesy);
        draw(c, game, end, &check.check);
    };
    let report = analyze_bytes(data, "fuzz.sgf", &check, Some(&check_hook));
    no_internal_error(&report);
    write_reports(&report);

    // `score --force`: every game scored, whether finished or not, with the score's pictures.
    let scoring = AnalyzeOptions::default();
    let forced = ScoreOptions { force: true, ..ScoreOptions::default() };
    let score_hook = |c: &Collection, game: &mut GameReport, end: &LineEnd| {
        score_game(c, game, end, &forced);
        if let Some(score) = &game.score {
            let mut diagram = picture::scored_position(end, score);
            diagram.title = Some(picture::title(game));
            std::hint::black_box(text::render(&diagram, &TextOptions { ascii: true, color: false }));
        }
    };
    let report = analyze_bytes(data, "fuzz.sgf", &scoring, Some(&score_hook));
    no_internal_error(&report);
    write_reports(&report);
});

/// A caught panic is a crash: panic again, with the message the user would have seen.
fn no_internal_error(report: &FileReport) {
    if let Some(error) = &report.error {
        assert_ne!(error.code, "internal-error", "{}", error.message);
    }
}

/// What `check --board` and `show` draw: the board around the first error, and the final position.
fn draw(c: &Collection, game: &mut GameReport, end: &LineEnd, options: &CheckOptions) {
    let mut final_diagram = picture::final_position(end);
    final_diagram.title = Some(picture::title(game));
    std::hint::black_box(text::render(&final_diagram, &TextOptions { ascii: false, color: true }));
    std::hint::black_box(svg::render(&final_diagram, &SvgOptions::default()));
    let first_error_move = game
        .diagnostics
        .iter()
        .find(|d| d.severity == gotool::model::diagnostic::Severity::Error && d.variation.is_none())
        .and_then(|d| d.move_number);
    if let Some(number) = first_error_move
        && let Some((diagram, point)) = picture::before_move(c, game.index, options, number)
    {
        let center = point.unwrap_or(gotool::go::Point::new(diagram.width / 2, diagram.height / 2));
        game.picture = Some(text::window(&diagram, center, 4, &TextOptions::default()));
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
