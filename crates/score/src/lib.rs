//! Scoring a final position: dead stones, territory and seki, the Japanese (territory) and Chinese (area) counts
//! side by side, the terms that explain why their margins differ, and warnings about the position and its markup.
//! Pure library code: no I/O, no SGF text.
//!
//! # Calling it
//!
//! ```
//! use gotool_go::{Board, Preset};
//! use gotool_score::{score, ScoreInput};
//!
//! let board = Board::from_diagram("
//!     . X O .
//!     X X O O
//!     . X O .
//! ");
//! let rules = Preset::Japanese.rules();
//! let s = score(&ScoreInput {
//!     board: &board,
//!     dead: &[],
//!     dead_from_markup: false,
//!     territory_marks: None,
//!     prisoners: [0, 0],
//!     placed: [4, 4],
//!     komi: 0.5,
//!     handicap: 0,
//!     rules: &rules,
//!     handicap_bonus: None,
//! });
//! // Two points of territory each; White wins by the komi in both counts.
//! assert_eq!(s.japanese.result, "W+0.5");
//! assert_eq!(s.chinese.result, "W+0.5");
//! assert_eq!(s.margin_difference, 0.0);
//! ```
//!
//! # What is counted (rules.md sections 5 and 6)
//!
//! * Dead stones are expanded to whole chains; they become prisoners of the other colour.
//! * **Japanese** ([`Score::japanese`]): territory (empty points and points under dead stones that a colour's living
//!   stones enclose, seki eyes, false eyes and other points that must be filled left out; see `life.rs` and
//!   `fill.rs`) + prisoners (captured in play + the opponent's dead stones); komi to White. **Korean** is counted
//!   the same way.
//! * **Chinese** ([`Score::chinese`]): living stones + area (empty points and dead stones reached by one colour
//!   only, seki eyes included); komi and handicap compensation to White. **AGA** and **NZ** are area counts with
//!   their own compensation; **Tromp-Taylor** is an area count that removes no dead stones.
//! * Handicap compensation: [`ScoreInput::handicap_bonus`] when given, applied to every area count; otherwise
//!   1 point per handicap stone in the Chinese count, one fewer under AGA, none under NZ and Tromp-Taylor (and
//!   under KataGo rule strings, what the string says). Territory counts never get any.
//! * [`Score::margin_difference`] = Chinese margin − Japanese margin, always equal to the sum of
//!   [`Score::terms`]:
//!   - `stone-parity`: stones Black put on the board minus stones White did (living + dead + captured, setup and
//!     handicap stones included);
//!   - `seki-eyes`: Black's seki eye points minus White's (area, not territory);
//!   - `false-eyes`: Black's minus White's false-eye points that must be filled (area, not territory);
//!   - `fill-points`: Black's minus White's points inside a territory that the owner must fill to save a chain
//!     short of liberties (`fill.rs`; area, not territory);
//!   - `area-only`: any other point area counting gives to one colour and territory counting does not (kept so
//!     the identity holds; the analysis never produces one on its own);
//!   - `handicap-compensation`: minus the points White gets for handicap stones under area counting.
//!   - `komi` is reserved for a future komi that differs between the counts; both use [`ScoreInput::komi`] now.
//!
//! The result is a [`Score`] (in `model`, with its JSON shape).
//!
//! # Warnings ([`ScoreWarning::code`])
//!
//! | code | when |
//! |---|---|
//! | `partial-dead-chain` | markup marks only some stones of a chain; the whole chain is taken as dead |
//! | `dead-on-empty-point`, `dead-point-off-board` | a user's dead point names no stone (ignored) |
//! | `dead-stones-without-territory` | a dead stone the opponent does not surround (no area for anyone there) |
//! | `dead-stone-in-seki` | a dead stone in a seki eye: a prisoner, but its point is not territory (rules.md §4) |
//! | `territory-markup-mismatch` | `TB`/`TW` on empty points disagree with the computed territory (area for area rules) |
//! | `territory-mark-on-own-stone` | `TB` on a Black stone or `TW` on a White one |
//! | `dead-markup-differs` | dead stones came from the user and the record's markup marks others |
//! | `unfilled-dame` | neutral empty points in lines one point wide that are not liberties of a seki |
//! | `open-border` | enclosed space the other colour can still reach, or neutral space two points wide |
//! | `placed-count-mismatch` | `placed` disagrees with living + dead + captured stones (parity uses the latter) |

pub mod estimate;
mod fill;
pub mod game;
mod grid;
mod life;
#[cfg(test)]
mod tests;

use gotool_go::PointSet;
use gotool_go::{Board, Color, HandicapBonus, Point, Preset, Rules, Scoring};
use gotool_model::{
    ByColor, Count, Method, PointList, RulesCount, Score, ScoreWarning, ScoredPoints, Side, Term, format_margin, plural,
};
use grid::Grid;

/// Everything [`score`] needs about a finished game.
#[derive(Clone, Copy)]
pub struct ScoreInput<'a> {
    /// The final position exactly as replayed: dead stones still on it.
    pub board: &'a Board,
    /// Stones declared dead (from `TB`/`TW` markup or the user); each is expanded to its whole chain.
    /// Empty points are ignored (with a warning unless they came from markup, where they are territory marks).
    pub dead: &'a [Point],
    /// True when `dead` came from the record's `TB`/`TW`: a partly marked chain is then worth a warning.
    pub dead_from_markup: bool,
    /// The record's `TB` and `TW` point sets, to check against the computed territory.
    pub territory_marks: Option<(&'a [Point], &'a [Point])>,
    /// Stones captured in play by Black and by White (index [`Color::index`]).
    pub prisoners: [u32; 2],
    /// Every stone each colour put on the board, setup and handicap stones included (`Put_X` of rules.md §6).
    /// Checked against living + dead + captured stones; the stone-parity term uses the board's numbers, so the
    /// identity holds even when this is off (a `placed-count-mismatch` warning says so).
    pub placed: [u32; 2],
    /// The komi.
    pub komi: f64,
    /// Number of handicap stones (0 for an even game).
    pub handicap: u32,
    /// The record's ruleset: decides which count is shown besides the Japanese and Chinese ones.
    pub rules: &'a Rules,
    /// Overrides White's handicap compensation in every area count; `None` = per ruleset.
    pub handicap_bonus: Option<HandicapBonus>,
}

/// How many points a message names before it says "and N more".
const NAMED_IN_MESSAGE: usize = 8;

/// Scores a finished position under territory and area counting. Never fails: doubtful input (a dead stone on an
/// empty point, markup that disagrees, counts that do not add up) becomes a [`ScoreWarning`].
/// Does not decide which stones are dead: that is the caller's (markup or user) input.
pub fn score(input: &ScoreInput) -> Score {
    let board = input.board;
    let mut warnings = Vec::new();
    let dead_chains = expand_dead(input, &mut warnings);
    let grid = Grid::new(board, &dead_chains);
    let mut analysis = life::analyse(&grid);
    // Points a colour must fill to save a chain short of liberties (fill.rs): area, not territory.
    let fill = fill::fill_points(&grid, &analysis.territory);
    analysis.territory = [0, 1].map(|c| analysis.territory[c] - fill[c]);
    let split = PointSplit::new(&grid, &analysis, &fill);

    let count = |set: PointSet| set.len() as u32;
    let live = grid.living.map(count);
    let dead = grid.dead_stones.map(count);
    let territory = split.territory.map(count);
    let area = split.area.map(count);
    let [b, w] = [0, 1];
    let japanese = territory_count(territory, [input.prisoners[b] + dead[w], input.prisoners[w] + dead[b]], input.komi);
    let chinese_bonus = input.handicap_bonus.unwrap_or(HandicapBonus::N);
    let compensation = chinese_bonus.points(input.handicap);
    let chinese = area_count(live, area, input.komi, compensation);
    let record_rules = record_rules_count(input, &grid, &japanese, live, area);

    // The terms of rules.md §6. Put_X is taken from the board (living + dead + captured by the opponent), which
    // is what makes the identity exact; the caller's `placed` is only checked against it.
    let put = [live[b] + dead[b] + input.prisoners[w], live[w] + dead[w] + input.prisoners[b]];
    if put != input.placed {
        warnings.push(placed_mismatch(input, put));
    }
    let terms = margin_terms(input, put, &split, chinese_bonus, compensation);
    let margin_difference = chinese.margin - japanese.margin;
    debug_assert!(
        (margin_difference - terms.iter().map(|t| t.value).sum::<f64>()).abs() < 1e-9,
        "terms do not add up: {terms:?} vs {margin_difference}"
    );

    position_warnings(&grid, &analysis, input, &mut warnings);
    Score {
        dead: PointList((grid.dead_stones[0] | grid.dead_stones[1]).sorted_points()),
        komi: input.komi,
        handicap: input.handicap,
        handicap_bonus: compensation,
        japanese,
        chinese,
        record_rules,
        margin_difference,
        terms,
        points: split.scored_points(&grid, &analysis),
        warnings,
    }
}

/// How the points of one analysis split between the counts, per colour (pairs by colour index): what each count
/// gives, and the points area counting gives and territory counting does not, by why.
struct PointSplit {
    territory: [PointSet; 2],
    /// Area, without the living stones.
    area: [PointSet; 2],
    area_only: [PointSet; 2],
    seki_eyes: [PointSet; 2],
    false_eyes: [PointSet; 2],
    fill_points: [PointSet; 2],
    /// Any other point of area that is not territory.
    other_area: [PointSet; 2],
    territory_not_area: [PointSet; 2],
}

impl PointSplit {
    fn new(grid: &Grid, analysis: &life::Analysis, fill: &[PointSet; 2]) -> PointSplit {
        let open = grid.open();
        let territory = analysis.territory;
        let area = analysis.area.map(|set| set & open);
        let area_only = [0, 1].map(|c| area[c] - territory[c]);
        PointSplit {
            territory,
            area,
            area_only,
            seki_eyes: [0, 1].map(|c| area_only[c] & analysis.seki[c]),
            false_eyes: [0, 1].map(|c| (area_only[c] - analysis.seki[c]) & analysis.unscorable),
            fill_points: [0, 1].map(|c| (area_only[c] - analysis.seki[c] - analysis.unscorable) & fill[c]),
            other_area: [0, 1].map(|c| area_only[c] - analysis.seki[c] - analysis.unscorable - fill[c]),
            territory_not_area: [0, 1].map(|c| territory[c] - area[c]),
        }
    }

    /// The point lists of the score (sorted).
    fn scored_points(&self, grid: &Grid, analysis: &life::Analysis) -> ScoredPoints {
        let list = |set: PointSet| PointList(set.sorted_points());
        ScoredPoints {
            territory: ByColor { black: list(self.territory[0]), white: list(self.territory[1]) },
            area_only: ByColor { black: list(self.area_only[0]), white: list(self.area_only[1]) },
            seki: ByColor { black: list(analysis.seki[0]), white: list(analysis.seki[1]) },
            dame: list(grid.empty - analysis.area[0] - analysis.area[1]),
        }
    }
}

/// The warning that the caller's `placed` disagrees with what the board gives (`put`).
fn placed_mismatch(input: &ScoreInput, put: [u32; 2]) -> ScoreWarning {
    let [b, w] = [0, 1];
    ScoreWarning {
        code: "placed-count-mismatch",
        message: format!(
            "stones placed were given as B {}, W {}, but the board, the dead stones and the captures add up to \
             B {}, W {}; stone parity uses the latter",
            input.placed[b], input.placed[w], put[b], put[w]
        ),
        points: PointList::default(),
    }
}

/// The terms of rules.md §6 that add up to the Chinese margin minus the Japanese one.
fn margin_terms(
    input: &ScoreInput,
    put: [u32; 2],
    split: &PointSplit,
    chinese_bonus: HandicapBonus,
    compensation: u32,
) -> Vec<Term> {
    let height = input.board.height();
    let [b, w] = [0, 1];
    let mut terms = vec![stone_parity(put, input.handicap)];
    let by_colour = [
        ("seki-eyes", "seki eyes", &split.seki_eyes, "area counting counts them, territory counting does not"),
        (
            "false-eyes",
            "false eyes",
            &split.false_eyes,
            "points that must be filled before the end: area, not territory",
        ),
        (
            "fill-points",
            "points to fill",
            &split.fill_points,
            "points inside a territory that its owner must fill to save a chain short of liberties: area, not \
             territory",
        ),
    ];
    for (name, label, sets, why) in by_colour {
        if !sets[b].is_empty() || !sets[w].is_empty() {
            terms.push(Term {
                name,
                value: diff(sets[b].len(), sets[w].len()),
                detail: format!("{} ({why})", sided(label, sets, height)),
                points: PointList((sets[b] | sets[w]).sorted_points()),
            });
        }
    }
    if let Some(term) = area_only_term(split, height) {
        terms.push(term);
    }
    if compensation != 0 {
        terms.push(compensation_term(input, chinese_bonus, compensation));
    }
    terms
}

/// `label: Black 2 (C17 D18), White 0`.
fn sided(label: &str, v: &[PointSet; 2], height: u8) -> String {
    let [b, w] = [0, 1];
    format!(
        "{label}: Black {}{}, White {}{}",
        v[b].len(),
        in_parens(&v[b], height),
        v[w].len(),
        in_parens(&v[w], height)
    )
}

/// The `area-only` term: any other point area counting gives to one colour and territory counting does not, less
/// the points of territory that are not area (none when there are neither).
fn area_only_term(split: &PointSplit, height: u8) -> Option<Term> {
    let [b, w] = [0, 1];
    let (other_area, territory_not_area) = (&split.other_area, &split.territory_not_area);
    if !other_area.iter().chain(territory_not_area).any(|v| !v.is_empty()) {
        return None;
    }
    let other = [
        other_area[b].len() as f64 - territory_not_area[b].len() as f64,
        other_area[w].len() as f64 - territory_not_area[w].len() as f64,
    ];
    Some(Term {
        name: "area-only",
        value: other[b] - other[w],
        detail: format!(
            "{}; territory but not area: Black {}, White {}",
            sided("other points that are area but not territory", other_area, height),
            territory_not_area[b].len(),
            territory_not_area[w].len()
        ),
        // The four sets never share a point: territory is never the other colour's area.
        points: PointList(
            (other_area[b] | other_area[w] | territory_not_area[b] | territory_not_area[w]).sorted_points(),
        ),
    })
}

/// The `handicap-compensation` term: minus the points White gets for handicap stones under area counting.
fn compensation_term(input: &ScoreInput, chinese_bonus: HandicapBonus, compensation: u32) -> Term {
    let how = match chinese_bonus {
        HandicapBonus::N => "1 point per handicap stone",
        HandicapBonus::NMinusOne => "1 point per handicap stone after the first",
        HandicapBonus::None => "none",
    };
    let source = if input.handicap_bonus.is_some() { "as requested" } else { "chinese rules" };
    Term {
        name: "handicap-compensation",
        value: -f64::from(compensation),
        detail: format!(
            "handicap compensation to White under area counting: {compensation} ({source}: {how}, {} stones)",
            input.handicap
        ),
        points: PointList::default(),
    }
}

fn diff(a: usize, b: usize) -> f64 {
    a as f64 - b as f64
}

/// `" (C17 D18)"`, or nothing for an empty set.
fn in_parens(set: &PointSet, height: u8) -> String {
    if set.is_empty() {
        String::new()
    } else {
        format!(" ({})", name_first(set.points().map(|(x, y)| to_point(x, y)), set.len(), height))
    }
}

/// `C17 D18 E5 and 3 more`, top row first, left to right.
fn name_points(points: &[Point], height: u8) -> String {
    let mut sorted_points = points.to_vec();
    sorted_points.sort_by_key(|p| (p.y, p.x));
    name_first(sorted_points.into_iter(), points.len(), height)
}

/// The first few of `total` points, taken in row order from the top, in board notation, and how many more.
fn name_first(points: impl Iterator<Item = Point>, total: usize, height: u8) -> String {
    use std::fmt::Write;
    // Written into one string, without a string per point.
    let mut text = String::new();
    for p in points.take(NAMED_IN_MESSAGE) {
        if !text.is_empty() {
            text.push(' ');
        }
        p.write_board_notation(height, &mut text);
    }
    if total > NAMED_IN_MESSAGE {
        if !text.is_empty() {
            text.push(' ');
        }
        write!(text, "and {} more", total - NAMED_IN_MESSAGE).expect("writing to a String");
    }
    text
}

fn territory_count(territory: [u32; 2], prisoners: [u32; 2], komi: f64) -> Count {
    let black = f64::from(territory[0] + prisoners[0]);
    let white = f64::from(territory[1] + prisoners[1]) + komi;
    let margin = black - white;
    Count {
        method: Method::Territory,
        black: Side { territory: territory[0], prisoners: Some(prisoners[0]), stones: None, total: black },
        white: Side { territory: territory[1], prisoners: Some(prisoners[1]), stones: None, total: white },
        komi,
        handicap_compensation: 0,
        margin,
        result: format_margin(margin),
    }
}

fn area_count(stones: [u32; 2], area: [u32; 2], komi: f64, compensation: u32) -> Count {
    let black = f64::from(stones[0] + area[0]);
    let white = f64::from(stones[1] + area[1]) + komi + f64::from(compensation);
    let margin = black - white;
    Count {
        method: Method::Area,
        black: Side { territory: area[0], prisoners: None, stones: Some(stones[0]), total: black },
        white: Side { territory: area[1], prisoners: None, stones: Some(stones[1]), total: white },
        komi,
        handicap_compensation: compensation,
        margin,
        result: format_margin(margin),
    }
}

/// The count under the record's ruleset when it is not Japanese or Chinese.
fn record_rules_count(
    input: &ScoreInput,
    grid: &Grid,
    japanese: &Count,
    live: [u32; 2],
    area: [u32; 2],
) -> Option<RulesCount> {
    let rules = input.rules;
    if matches!(rules.name.preset(), Some(Preset::Japanese | Preset::Chinese)) {
        return None;
    }
    let count = match rules.scoring {
        Scoring::Territory => japanese.clone(),
        Scoring::Area => {
            let compensation = input.handicap_bonus.unwrap_or(rules.handicap_bonus).points(input.handicap);
            if rules.remove_dead_stones {
                area_count(live, area, input.komi, compensation)
            } else {
                // Tromp-Taylor: every stone counts as it stands, dead or not.
                let stones = [0, 1].map(|c| grid.living[c] | grid.dead_stones[c]);
                let reach = life::strict_reach(grid, &stones);
                let empty = [0, 1].map(|c| ((reach[c] - reach[1 - c]) & grid.empty).len() as u32);
                area_count(stones.map(|s| s.len() as u32), empty, input.komi, compensation)
            }
        }
    };
    Some(RulesCount { rules: rules.name, count })
}

fn stone_parity(put: [u32; 2], handicap: u32) -> Term {
    let d = i64::from(put[0]) - i64::from(put[1]);
    let h = i64::from(handicap);
    let lead = match d {
        0 => "Black and White placed the same number of stones".to_string(),
        d if d > 0 => format!("Black placed {d} more stone{} than White", plural(d.unsigned_abs() as usize)),
        d => format!("White placed {} more stone{} than Black", -d, plural(d.unsigned_abs() as usize)),
    };
    let handicap_note =
        if handicap > 0 { format!(", Black's including {handicap} handicap stones") } else { String::new() };
    // Without passes beyond the final two, the difference tells who placed the last stone: in an even game Black
    // moves first (difference 1 = Black last, 0 = White last); with h handicap stones White moves first
    // (h = Black last, h − 1 = White last).
    let base = if handicap > 0 { h - 1 } else { 0 };
    let last = if d == base + 1 {
        ": Black played the last stone"
    } else if d == base {
        ": White played the last stone"
    } else {
        ": more passes or setup stones on one side"
    };
    Term {
        name: "stone-parity",
        value: d as f64,
        detail: format!("{lead} (B {}, W {}{handicap_note}{last})", put[0], put[1]),
        points: PointList::default(),
    }
}

/// Marks every stone of each chain named in `input.dead`, warning about points that name no stone and, for
/// markup, chains only partly marked.
fn expand_dead(input: &ScoreInput, warnings: &mut Vec<ScoreWarning>) -> PointSet {
    let board = input.board;
    let height = board.height();
    let mut named = PointSet::empty(usize::from(board.width()), usize::from(height));
    let mut dead = named;
    let mut off_board = Vec::new();
    let mut empty = Vec::new();
    for &p in input.dead {
        if !board.contains(p) {
            off_board.push(p);
        } else if board.get(p).is_none() {
            empty.push(p);
        } else {
            named.insert(usize::from(p.x), usize::from(p.y));
        }
    }
    let mut unnamed = Vec::new();
    let mut partial_chains = 0;
    for &p in input.dead {
        if !board.contains(p) || board.get(p).is_none() || dead.contains(usize::from(p.x), usize::from(p.y)) {
            continue;
        }
        let mut missing = Vec::new();
        for s in board.chain_stones(board.loc(p)) {
            let sp = board.point(s);
            let (x, y) = (usize::from(sp.x), usize::from(sp.y));
            dead.insert(x, y);
            if !named.contains(x, y) {
                missing.push(sp);
            }
        }
        if !missing.is_empty() {
            partial_chains += 1;
            unnamed.extend(missing);
        }
    }
    if input.dead_from_markup && !unnamed.is_empty() {
        unnamed.sort();
        warnings.push(ScoreWarning {
            code: "partial-dead-chain",
            message: format!(
                "{partial_chains} chain{} only partly marked dead; the whole chain is taken as dead, so these stones \
                 are dead too: {}",
                if partial_chains == 1 { " is" } else { "s are" },
                name_points(&unnamed, height)
            ),
            points: PointList(unnamed),
        });
    }
    if !off_board.is_empty() {
        off_board.sort();
        warnings.push(ScoreWarning {
            code: "dead-point-off-board",
            message: format!("{} dead point{} off the board ignored", off_board.len(), plural(off_board.len())),
            points: PointList(off_board),
        });
    }
    // Markup on an empty point is a territory mark, not a dead stone: only the user's list is worth a word.
    if !input.dead_from_markup && !empty.is_empty() {
        empty.sort();
        warnings.push(ScoreWarning {
            code: "dead-on-empty-point",
            message: format!("no stone to mark dead at {}: ignored", name_points(&empty, height)),
            points: PointList(empty),
        });
    }
    dead
}

/// Warnings about the scored position: dead stones, markup, dame and open borders.
fn position_warnings(grid: &Grid, analysis: &life::Analysis, input: &ScoreInput, warnings: &mut Vec<ScoreWarning>) {
    let height = input.board.height();
    let mut push = |code: &'static str, message: String, mut points: Vec<Point>| {
        points.sort();
        warnings.push(ScoreWarning { code, message, points: PointList(points) });
    };

    // Dead stones the opponent does not surround, and dead stones in seki eyes (prisoners, not territory: §4).
    for c in [Color::Black, Color::White] {
        let opp = c.opponent();
        let dead_stones = grid.dead_stones[c.index()];
        let loose: Vec<Point> =
            (dead_stones - analysis.area[opp.index()]).points().map(|(x, y)| to_point(x, y)).collect();
        if !loose.is_empty() {
            push(
                "dead-stones-without-territory",
                format!(
                    "{} dead {} stone{} not surrounded by {}, so {} gets no area there: {}",
                    loose.len(),
                    c.name(),
                    plural(loose.len()),
                    opp.name(),
                    opp.name(),
                    name_points(&loose, height)
                ),
                loose,
            );
        }
        let in_seki: Vec<Point> =
            (dead_stones & analysis.seki[opp.index()]).points().map(|(x, y)| to_point(x, y)).collect();
        if !in_seki.is_empty() {
            push(
                "dead-stone-in-seki",
                format!(
                    "dead {} stone{} in a seki eye of {}: counted as prisoner{}, but the point{} not territory: {}",
                    c.name(),
                    plural(in_seki.len()),
                    opp.name(),
                    plural(in_seki.len()),
                    if in_seki.len() == 1 { " is" } else { "s are" },
                    name_points(&in_seki, height)
                ),
                in_seki,
            );
        }
    }

    if let Some((tb, tw)) = input.territory_marks {
        markup_warnings(grid, analysis, input, tb, tw, &mut push);
    }

    // Open borders: space of one colour the other can still walk into, and large neutral areas.
    let unsealed: Vec<Point> = analysis.unsealed.points().map(|(x, y)| to_point(x, y)).collect();
    // A line of dame, however long, lies between two walls; neutral space two points wide in both directions
    // (a 2x2 block) is a border nobody has closed: every neutral piece holding such a block is open.
    let neutral = analysis.neutral;
    let open_pieces = PointSet::spread(&neutral.two_by_two(), &neutral, &grid.no_points());
    let open: Vec<Point> = open_pieces.points().map(|(x, y)| to_point(x, y)).collect();
    // A liberty shared with a group in seki is the seki itself, not dame to fill.
    let dame: Vec<Point> = (neutral - open_pieces - (analysis.seki_stones | analysis.seki_stones.next_to()))
        .points()
        .map(|(x, y)| to_point(x, y))
        .collect();
    if !dame.is_empty() {
        push(
            "unfilled-dame",
            format!(
                "{} dame point{} left open: {} (they count for nobody; an area count of a game played out would \
                 have them filled)",
                dame.len(),
                plural(dame.len()),
                name_points(&dame, height)
            ),
            dame,
        );
    }
    if !unsealed.is_empty() || !open.is_empty() {
        let mut parts = Vec::new();
        if !unsealed.is_empty() {
            parts.push(format!(
                "{} point{} enclosed by one colour that the other can still reach: {}",
                unsealed.len(),
                plural(unsealed.len()),
                name_points(&unsealed, height)
            ));
        }
        if !open.is_empty() {
            parts.push(format!(
                "{} empty point{} in neutral areas two points wide or more: {}",
                open.len(),
                plural(open.len()),
                name_points(&open, height)
            ));
        }
        push(
            "open-border",
            format!(
                "the borders are not closed ({}); these points count for nobody — was the game finished?",
                parts.join("; ")
            ),
            [unsealed, open].concat(),
        );
    }
}

fn to_point(x: usize, y: usize) -> Point {
    Point::new(x as u8, y as u8)
}

/// Checks the record's `TB`/`TW` against the computed position: marks on a colour's own stones, marks on empty
/// points that disagree with the count of the record's own method, and (when the dead stones did not come from
/// the markup) stones the markup calls dead that are counted alive or the reverse.
fn markup_warnings(
    grid: &Grid,
    analysis: &life::Analysis,
    input: &ScoreInput,
    tb: &[Point],
    tw: &[Point],
    push: &mut impl FnMut(&'static str, String, Vec<Point>),
) {
    let height = input.board.height();
    let list = |set: PointSet| -> Vec<Point> { set.points().map(|(x, y)| to_point(x, y)).collect() };
    // The marks as sets; a point in both TB and TW counts as TW (the later mark wins).
    let mut marked = [grid.no_points(); 2];
    for (points, c) in [(tb, Color::Black), (tw, Color::White)] {
        for &p in points {
            if input.board.contains(p) {
                marked[c.index()].insert(usize::from(p.x), usize::from(p.y));
            }
        }
    }
    let mark = [marked[0] - marked[1], marked[1]];
    let stones = [0, 1].map(|c| grid.living[c] | grid.dead_stones[c]);
    let own = list((mark[0] & stones[0]) | (mark[1] & stones[1]));
    if !own.is_empty() {
        push(
            "territory-mark-on-own-stone",
            format!("TB on a Black stone or TW on a White stone marks nothing: {}", name_points(&own, height)),
            own,
        );
    }
    let by_area = input.rules.scoring == Scoring::Area;
    let owner = if by_area { analysis.area } else { analysis.territory };
    let color_in = |sets: &[PointSet; 2], x: usize, y: usize| {
        if sets[0].contains(x, y) {
            Some(Color::Black)
        } else if sets[1].contains(x, y) {
            Some(Color::White)
        } else {
            None
        }
    };
    // (Both pairs of sets are disjoint, so a point differs when it differs in either colour.)
    let differ = grid.empty & ((mark[0] ^ owner[0]) | (mark[1] ^ owner[1]));
    let differing = list(differ);
    if !differing.is_empty() {
        // In the words the RE verdict uses for the same points.
        let marked = |c: Option<Color>| c.map_or("not marked".to_string(), |c| format!("marked {}", c.name()));
        let counted =
            |c: Option<Color>| c.map_or("counted for nobody".to_string(), |c| format!("counted {}", c.name()));
        // Row by row, so that the first points are the ones the message names.
        let mut text: Vec<String> = differ
            .points()
            .take(NAMED_IN_MESSAGE)
            .map(|(x, y)| {
                format!(
                    "{} {}, {}",
                    to_point(x, y).to_board_notation(height),
                    marked(color_in(&mark, x, y)),
                    counted(color_in(&owner, x, y))
                )
            })
            .collect();
        if differing.len() > NAMED_IN_MESSAGE {
            text.push(format!("and {} more", differing.len() - NAMED_IN_MESSAGE));
        }
        push(
            "territory-markup-mismatch",
            format!(
                "the record's TB/TW disagree with the computed {} on {} empty point{}: {}",
                if by_area { "area" } else { "territory" },
                differing.len(),
                plural(differing.len()),
                text.join(", ")
            ),
            differing,
        );
    }
    if !input.dead_from_markup {
        // Stones the markup calls dead: a mark of the other colour on them.
        let marked_dead = (mark[1] & stones[0]) | (mark[0] & stones[1]);
        let dead = grid.dead_stones[0] | grid.dead_stones[1];
        let alive = marked_dead - dead;
        let unmarked = dead - marked_dead;
        if !alive.is_empty() || !unmarked.is_empty() {
            // "mark 2 stones dead that are counted alive here (D4 E4)", "leave 1 stone unmarked that is ...".
            let parts: Vec<String> = [(&alive, "mark", "dead", "alive here"), (&unmarked, "leave", "unmarked", "dead")]
                .into_iter()
                .filter(|(set, ..)| !set.is_empty())
                .map(|(set, verb, state, counted)| {
                    let n = set.len();
                    let is = if n == 1 { "is" } else { "are" };
                    format!(
                        "{verb} {n} stone{} {state} that {is} counted {counted}{}",
                        plural(n),
                        in_parens(set, height)
                    )
                })
                .collect();
            push("dead-markup-differs", format!("the record's TB/TW {}", parts.join(", and ")), list(alive | unmarked));
        }
    }
}
