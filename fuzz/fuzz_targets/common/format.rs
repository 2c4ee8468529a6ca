//! The body of the fuzz targets over the readers of GIB, NGF and UGF/UGI (issue #16), `format_gib`,
//! `format_ngf` and `format_ugf`: one target per reader, so that each fuzzer's corpus grows inputs of its own
//! format. The bytes are checked as the format (told by the content, then the name, as `gotool check` does),
//! drawn as `gotool show` draws them, and converted as `gotool convert` converts them. Anything that panics,
//! hangs or allocates without bound is a finding, and so is a conversion that does not replay as the original:
//! the SGF written must give the same moves to `check`.

use gotool_sgf::convert;
use gotool_model::FileReport;
use gotool_check::{Plan, View};
use gotool_score::game::ScoreOptions;
use gotool_sgf::Limits;

/// One input, read as the file `name` (its extension names the format when the content does not).
pub fn run(data: &[u8], name: &str) {
    let plan = Plan { score: Some(ScoreOptions { force: true, ..ScoreOptions::default() }), ..Plan::default() };
    let direct = plan.check_bytes(data, name);
    no_internal_error(&direct);
    if let Ok(picture) = (View { game: 1, ..View::default() }).draw(data, name) {
        std::hint::black_box(picture);
    }
    let Ok(conversion) = convert::convert(data, name, &Limits::default()) else { return };
    // The SGF is read back as SGF: the same game, move for move.
    let converted = plan.check_bytes(conversion.sgf.as_bytes(), "converted.sgf");
    no_internal_error(&converted);
    assert!(converted.error.is_none(), "the SGF written does not read: {:?}\n{}", converted.error, conversion.sgf);
    let moves = |r: &FileReport| r.games.iter().map(|g| (g.moves, g.is_valid())).collect::<Vec<_>>();
    assert_eq!(moves(&direct), moves(&converted), "{}", conversion.sgf);
}

/// A caught panic is a crash: panic again, with the message the user would have seen.
fn no_internal_error(report: &FileReport) {
    if let Some(error) = &report.error {
        assert_ne!(error.code, "internal-error", "{}", error.message);
    }
}
