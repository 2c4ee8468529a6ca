//! Replays each game record through the rules core and reports what is wrong, with its place: the main line
//! first (it gives the move count, the handicap check and the final position), then, when asked, every
//! variation. Pure: no files, no printing. The first illegal move ends the replay of its line (the position
//! after it is undefined); warnings never do.

mod fingerprint;
mod line;
mod messages;
mod variations;

use gotool_go::{Game, Preset, Rules};
use gotool_model::{Diagnostic, GameReport, Sink, Source};
use gotool_sgf::record::{GameRecord, InfoField, NONE};
use line::LineState;

/// What the caller decides about replaying (from the command line).
#[derive(Clone, Debug, Default)]
pub struct ReplayOptions {
    /// `--rules`: overrides the record's `RU`.
    pub rules: Option<Preset>,
    /// `--komi`: overrides the record's `KM`.
    pub komi: Option<f64>,
    /// `--all-variations`: replay every branch, not only the main line.
    pub all_variations: bool,
    /// Compute each game's [`Fingerprint`](gotool_model::Fingerprint) (signature and move hashes): only when the
    /// output shows them (JSON, JSON Lines, `stats --duplicates`), since they cost about 70 instructions a move.
    pub fingerprints: bool,
}

/// What a game is played and counted under: the record's information with the caller's overrides applied.
#[derive(Clone, Debug)]
pub struct GameSettings {
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
    /// The rules.
    pub rules: Rules,
    /// The komi.
    pub komi: f64,
    /// Handicap stones (`HA` of 2 or more), else 0.
    pub handicap: u32,
    /// The rules came from `--rules` or a recognised `RU` (not the Japanese default for a missing or unknown one).
    pub rules_known: bool,
}

/// The end of a game's main line, replayed, for scoring and pictures.
#[derive(Clone)]
pub struct Replayed {
    /// The game at the end of the line.
    pub game: Game,
    /// What it was played under.
    pub settings: GameSettings,
    /// The last node replayed (territory markup lives there).
    pub last_node: u32,
    /// The replay stopped at an illegal move before the end of the line.
    pub stopped_early: bool,
}

/// The settings of a record that can be replayed, with the findings about its game information that still
/// apply (a finding about the rules or the komi does not when the caller gives them).
fn settings(record: &GameRecord, options: &ReplayOptions, out: &mut Vec<Diagnostic>) -> Option<GameSettings> {
    let overridden = |about: InfoField| match about {
        InfoField::Rules => options.rules.is_some(),
        InfoField::Komi => options.komi.is_some(),
        InfoField::Game | InfoField::Handicap => false,
    };
    out.extend(record.findings.iter().filter(|f| !overridden(f.about)).map(|f| f.diagnostic.clone()));
    let info = record.info.as_ref()?;
    let (rules, rules_known) = match options.rules {
        Some(preset) => (preset.rules(), true),
        None => (info.rules.rules.clone(), info.rules.recognised),
    };
    Some(GameSettings {
        width: info.width,
        height: info.height,
        rules,
        komi: options.komi.unwrap_or_else(|| info.komi.as_ref().map_or(0.0, |k| k.value)),
        handicap: info.handicap.as_ref().map_or(0, |h| h.stones),
        rules_known,
    })
}

/// Checks game `index` of a file, read into `record`. Returns its report and, when the game could be replayed
/// at all, the end of its main line.
pub fn check_game(record: &GameRecord, index: usize, options: &ReplayOptions) -> (GameReport, Option<Replayed>) {
    let mut diags = Vec::new();
    let settings = settings(record, options, &mut diags);
    let mut report = GameReport {
        index,
        rules: None,
        board_size: None,
        komi: None,
        handicap: 0,
        moves: 0,
        result: None,
        black_player: None,
        white_player: None,
        ended_by_passes: false,
        diagnostics: Vec::new(),
        score: None,
        picture: None,
        rules_source: Source::Missing,
        komi_source: Source::Missing,
        year: None,
        fingerprint: None,
    };
    let (Some(settings), Some(info)) = (settings, record.info.as_ref()) else {
        report.diagnostics = diags;
        return (report, None);
    };
    report.rules = Some(settings.rules.name);
    report.board_size = Some([settings.width, settings.height]);
    report.komi = Some(settings.komi);
    report.handicap = settings.handicap;
    report.result = info.result.clone();
    report.black_player = info.black_player.clone();
    report.white_player = info.white_player.clone();
    report.year = info.year;
    if options.fingerprints {
        report.fingerprint = Some(fingerprint::fingerprint(record, settings.width, settings.height));
    }
    report.rules_source = match (options.rules, &info.rules) {
        (Some(_), _) => Source::Flag,
        (None, rules) if rules.recognised => Source::Record,
        (None, rules) if rules.written => Source::Unreadable,
        (None, _) => Source::Missing,
    };
    report.komi_source = match (options.komi, &info.komi) {
        (Some(_), _) => Source::Flag,
        (None, Some(_)) => Source::Record,
        (None, None) if info.komi_written => Source::Unreadable,
        (None, None) => Source::Missing,
    };

    let mut line = LineState::new(&settings, record.nodes.len() as u32);
    let mut node = 0;
    let mut stopped_early = false;
    let mut sink = Sink::into(&mut diags);
    let last_node = loop {
        if line.apply_node(record, node, &settings, &mut sink).is_err() {
            stopped_early = true;
            break node;
        }
        match record.node(node).first_child {
            NONE => break node,
            child => node = child,
        }
    };
    report.moves = line.moves;
    report.ended_by_passes = !stopped_early && line.game.consecutive_passes() >= 2;
    check_handicap(record, &line, &mut diags);

    if options.all_variations {
        // Variations start from a small history that grows with each line: copies of lines are kept and replayed
        // for them, and a table sized for every node of the game would be copied each time.
        variations::check_variations(record, &LineState::new(&settings, 0), &settings, &mut diags);
    }

    report.diagnostics = diags;
    let end = Replayed { game: line.game, settings, last_node, stopped_early };
    (report, Some(end))
}

/// Replays the main line up to (not including) move `before_move`, for `show --move`. `None` if the game
/// cannot be replayed that far.
pub fn position_before_move(record: &GameRecord, options: &ReplayOptions, before_move: u32) -> Option<Replayed> {
    let settings = settings(record, options, &mut Vec::new())?;
    let mut line = LineState::new(&settings, (record.nodes.len() as u32).min(before_move));
    let mut node = 0;
    loop {
        if record.first_move(node).is_some() && line.moves + 1 >= before_move {
            break;
        }
        line.apply_node(record, node, &settings, &mut Sink::quiet()).ok()?;
        match record.node(node).first_child {
            NONE => break,
            child => node = child,
        }
    }
    Some(Replayed { game: line.game, settings, last_node: node, stopped_early: false })
}

/// `HA` against the black stones set up before the first move.
fn check_handicap(record: &GameRecord, line: &LineState, diags: &mut Vec<Diagnostic>) {
    let Some(declared) = record.info.as_ref().and_then(|info| info.handicap.as_ref()) else {
        return;
    };
    let placed = line.black_setup_before_first_move;
    if placed == declared.stones {
        return;
    }
    let message = if placed == 0 {
        format!("{} but no black setup stones before the first move", declared.written)
    } else {
        format!("{} but {placed} black setup stones before the first move", declared.written)
    };
    diags.push(Diagnostic::warning("handicap-mismatch", message).at(declared.offset));
}
