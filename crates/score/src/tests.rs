//! Tests of the scoring layer: the table of hand-counted positions in `fixtures/positions/*.txt`, a few
//! diagrams checked here directly, the JSON shape, and the margin identity on random finished games.

use super::*;
use gotool_go::{Board, Color, Game, HandicapBonus, Point, Preset};
use std::collections::BTreeSet;
use std::path::Path;

/// Owned inputs for one scoring run, so tests can build a [`ScoreInput`] from a diagram and a few settings.
struct Case {
    board: Board,
    rules: Rules,
    komi: f64,
    handicap: u32,
    handicap_bonus: Option<HandicapBonus>,
    dead: Vec<Point>,
    dead_from_markup: bool,
    marks: Option<(Vec<Point>, Vec<Point>)>,
    prisoners: [u32; 2],
    placed: Option<[u32; 2]>,
}

impl Case {
    fn new(diagram: &str) -> Case {
        Case {
            board: Board::from_diagram(diagram),
            rules: Preset::Japanese.rules(),
            komi: 0.0,
            handicap: 0,
            handicap_bonus: None,
            dead: Vec::new(),
            dead_from_markup: false,
            marks: None,
            prisoners: [0, 0],
            placed: None,
        }
    }

    fn points(&self, names: &str) -> Vec<Point> {
        names
            .split_whitespace()
            .map(|n| {
                Point::from_board_notation(n, self.board.width(), self.board.height())
                    .unwrap_or_else(|| panic!("bad point {n}"))
            })
            .collect()
    }

    /// Stones each colour put on the board, when the case does not say: what is on it plus what was captured.
    fn derived_placed(&self) -> [u32; 2] {
        let on_board = |c: Color| self.board.stones_on_board(c);
        [on_board(Color::Black) + self.prisoners[1], on_board(Color::White) + self.prisoners[0]]
    }

    fn score(&self) -> Score {
        let marks = self.marks.as_ref().map(|(b, w)| (b.as_slice(), w.as_slice()));
        score(&ScoreInput {
            board: &self.board,
            dead: &self.dead,
            dead_from_markup: self.dead_from_markup,
            territory_marks: marks,
            prisoners: self.prisoners,
            placed: self.placed.unwrap_or_else(|| self.derived_placed()),
            komi: self.komi,
            handicap: self.handicap,
            rules: &self.rules,
            handicap_bonus: self.handicap_bonus,
        })
    }
}

fn codes(s: &Score) -> BTreeSet<&'static str> {
    s.warnings.iter().map(|w| w.code).collect()
}

fn assert_identity(s: &Score) {
    let sum: f64 = s.terms.iter().map(|t| t.value).sum();
    assert!((s.margin_difference - sum).abs() < 1e-9, "terms {:?} do not add up to {}", s.terms, s.margin_difference);
    assert!((s.margin_difference - (s.chinese.margin - s.japanese.margin)).abs() < 1e-9);
}

/// `B 29 W 33` → (29.0, 33.0).
fn pair(value: &str) -> (f64, f64) {
    let t: Vec<&str> = value.split_whitespace().collect();
    assert!(t.len() == 4 && t[0] == "B" && t[2] == "W", "expected `B n W n`, got {value:?}");
    (t[1].parse().unwrap(), t[3].parse().unwrap())
}

/// Runs one fixture: header lines `# key: value` set up the case and its expectations; other `#` lines are the
/// hand count; the remaining lines are the diagram.
fn run_fixture(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let mut settings = Vec::new();
    let mut expectations = Vec::new();
    let mut diagram = String::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix('#') {
            let rest = rest.trim();
            if let Some(exp) = rest.strip_prefix("expect ") {
                let (k, v) = exp.split_once(':').unwrap_or_else(|| panic!("{name}: bad line {line:?}"));
                expectations.push((k.trim().to_string(), v.trim().to_string()));
            } else if let Some((k, v)) = rest.split_once(':') {
                let k = k.trim();
                if matches!(
                    k,
                    "rules"
                        | "komi"
                        | "handicap"
                        | "handicap-bonus"
                        | "dead"
                        | "dead-from-markup"
                        | "tb"
                        | "tw"
                        | "prisoners"
                        | "placed"
                ) {
                    settings.push((k.to_string(), v.trim().to_string()));
                }
            }
        } else if !line.trim().is_empty() {
            diagram.push_str(line);
            diagram.push('\n');
        }
    }
    let mut case = Case::new(&diagram);
    let mut tb = None;
    let mut tw = None;
    for (k, v) in &settings {
        match k.as_str() {
            "rules" => case.rules = v.parse::<Preset>().unwrap().rules(),
            "komi" => case.komi = v.parse().unwrap(),
            "handicap" => case.handicap = v.parse().unwrap(),
            "handicap-bonus" => {
                case.handicap_bonus = Some(match v.as_str() {
                    "n" => HandicapBonus::N,
                    "n-1" => HandicapBonus::NMinusOne,
                    _ => HandicapBonus::None,
                })
            }
            "dead" => case.dead = case.points(v),
            "dead-from-markup" => case.dead_from_markup = v == "yes",
            "tb" => tb = Some(case.points(v)),
            "tw" => tw = Some(case.points(v)),
            "prisoners" => {
                let (b, w) = pair(v);
                case.prisoners = [b as u32, w as u32];
            }
            "placed" => {
                let (b, w) = pair(v);
                case.placed = Some([b as u32, w as u32]);
            }
            _ => unreachable!(),
        }
    }
    if tb.is_some() || tw.is_some() {
        let (tb, tw) = (tb.unwrap_or_default(), tw.unwrap_or_default());
        if case.dead_from_markup && case.dead.is_empty() {
            // What the record layer does: a stone under the other colour's territory mark is dead.
            let board = &case.board;
            case.dead = tb
                .iter()
                .filter(|&&p| board.get(p) == Some(Color::White))
                .chain(tw.iter().filter(|&&p| board.get(p) == Some(Color::Black)))
                .copied()
                .collect();
        }
        case.marks = Some((tb, tw));
    }

    let s = case.score();
    assert_identity(&s);
    for (k, v) in &expectations {
        let ctx = format!("{name}: expect {k}: {v}");
        match k.as_str() {
            "japanese" => assert_eq!(s.japanese.result, *v, "{ctx}"),
            "chinese" => assert_eq!(s.chinese.result, *v, "{ctx}"),
            "territory" => {
                let (b, w) = pair(v);
                assert_eq!(
                    (f64::from(s.japanese.black.territory), f64::from(s.japanese.white.territory)),
                    (b, w),
                    "{ctx}"
                );
                assert_eq!(s.points.territory.black.len() as f64, b, "{ctx}");
            }
            "totals japanese" => assert_eq!((s.japanese.black.total, s.japanese.white.total), pair(v), "{ctx}"),
            "totals chinese" => assert_eq!((s.chinese.black.total, s.chinese.white.total), pair(v), "{ctx}"),
            "margin-difference" => assert_eq!(s.margin_difference, v.parse::<f64>().unwrap(), "{ctx}"),
            "handicap-bonus" => assert_eq!(s.handicap_bonus, v.parse::<u32>().unwrap(), "{ctx}"),
            "dead" => assert_eq!(s.dead.len(), v.parse::<usize>().unwrap(), "{ctx}"),
            "dame" => assert_eq!(s.points.dame.len(), v.parse::<usize>().unwrap(), "{ctx}"),
            "seki" => {
                let (b, w) = pair(v);
                assert_eq!((s.points.seki.black.len() as f64, s.points.seki.white.len() as f64), (b, w), "{ctx}");
            }
            "terms" => {
                let got: Vec<String> = s.terms.iter().map(|t| format!("{} {}", t.name, t.value)).collect();
                let want: Vec<String> = v.split(',').map(|t| t.trim().to_string()).collect();
                assert_eq!(got, want, "{ctx}\n{:#?}", s.terms);
            }
            "warnings" => {
                let want: BTreeSet<&str> =
                    if v == "none" { BTreeSet::new() } else { v.split(',').map(str::trim).collect() };
                assert_eq!(codes(&s), want, "{ctx}\n{:#?}", s.warnings);
            }
            rules => {
                let count = s.record_rules.as_ref().unwrap_or_else(|| panic!("{ctx}: no count for the record's rules"));
                assert_eq!(count.rules.as_str(), rules, "{ctx}");
                assert_eq!(count.count.result, *v, "{ctx}");
            }
        }
    }
}

#[test]
fn fixtures_in_positions_folder_score_as_counted_by_hand() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/positions");
    let mut paths: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    paths.retain(|p| p.extension().is_some_and(|e| e == "txt"));
    paths.sort();
    assert!(paths.len() >= 15, "fixtures missing from {}", dir.display());
    for p in &paths {
        run_fixture(p);
    }
}

#[test]
fn dead_chain_is_expanded_and_sorted() {
    // The White chain B2 C2 is named by one stone; both are dead, sorted.
    let mut case = Case::new(
        "
        . . . X .
        . . . X .
        X X X X .
        . O O X .
        . . . X .",
    );
    case.dead = case.points("C2");
    let s = case.score();
    assert_eq!(s.dead.0, case.points("B2 C2"));
    assert!(codes(&s).is_empty(), "{:?}", s.warnings);
}

#[test]
fn user_partial_chain_is_silent_but_markup_partial_chain_warns() {
    let mut case = Case::new(
        "
        . . X O .
        . O X O .
        . O X O .
        . . X O .",
    );
    case.dead = case.points("B3");
    assert!(!codes(&case.score()).contains("partial-dead-chain"));
    case.dead_from_markup = true;
    let s = case.score();
    let w = s.warnings.iter().find(|w| w.code == "partial-dead-chain").expect("warning");
    assert_eq!(w.points.0, case.points("B2"));
    assert!(w.message.contains("B2"), "{}", w.message);
    assert_eq!(s.dead.len(), 2);
}

#[test]
fn korean_record_shows_a_territory_count_like_japanese() {
    let mut case = Case::new(
        "
        . . X O . . .
        . . X O . . .
        . . X O . . .",
    );
    case.rules = Preset::Korean.rules();
    case.komi = 0.5;
    let s = case.score();
    let korean = s.record_rules.as_ref().unwrap();
    assert_eq!(korean.rules.as_str(), "korean");
    assert_eq!(korean.count, s.japanese);
    // B 6 (A1-B3, a rectangular six: two eyes), W 9 + 0.5.
    assert_eq!(korean.count.result, "W+3.5");
}

#[test]
fn handicap_bonus_override_applies_to_every_area_count() {
    // handicap-2 position, AGA record, compensation forced to none: Chinese W 5 + 15 + 0.5 = 20.5 against B 15.
    let mut case = Case::new(
        "
        X . X O . . .
        . . X O . . .
        . . X O . . .
        . . X O . . .
        . . X O . . .",
    );
    case.rules = Preset::Aga.rules();
    case.komi = 0.5;
    case.handicap = 2;
    case.handicap_bonus = Some(HandicapBonus::None);
    let s = case.score();
    assert_eq!(s.handicap_bonus, 0);
    assert_eq!(s.chinese.result, "W+5.5");
    assert_eq!(s.record_rules.as_ref().unwrap().count.result, "W+5.5");
    assert!(s.terms.iter().all(|t| t.name != "handicap-compensation"));
    assert_identity(&s);
}

#[test]
fn draw_reads_zero() {
    // Two one-point eyes each (A3 A1, D3 D1), no komi.
    let s = Case::new(
        "
        . X O .
        X X O O
        . X O .",
    )
    .score();
    assert_eq!(s.japanese.result, "0");
    assert_eq!(s.japanese.margin, 0.0);
    assert_eq!(s.chinese.margin, 0.0);
}

#[test]
fn term_details_name_the_evidence() {
    let mut case = Case::new(
        "
        X . X O . . .
        . . X O . . .
        . . X O . . .
        . . X O . . .
        . . X O . . .",
    );
    case.komi = 0.5;
    let s = case.score();
    let parity = &s.terms[0];
    assert_eq!(parity.name, "stone-parity");
    assert_eq!(parity.detail, "Black placed 1 more stone than White (B 6, W 5: Black played the last stone)");
    case.handicap = 2;
    case.rules = Preset::Chinese.rules();
    let s = case.score();
    let comp = s.terms.iter().find(|t| t.name == "handicap-compensation").unwrap();
    assert_eq!(
        comp.detail,
        "handicap compensation to White under area counting: 2 (chinese rules: 1 point per handicap stone, 2 stones)"
    );
    assert_eq!(
        s.terms[0].detail,
        "Black placed 1 more stone than White (B 6, W 5, Black's including 2 handicap stones: White played the last stone)"
    );
}

#[test]
fn seki_eye_term_lists_the_points() {
    // seki-one-eye-each-dead-stone: Black's seki eyes A8 A7, White's E8.
    let mut case = Case::new(
        "
        . X . O . O X . . .
        O X X O O O X . . .
        X X O X X X X . . .
        O O O X . . . . . .
        . . O X . . . . . .
        . . O X . . . . . .
        . . O X . . . . . .
        . . O X . . . . . .",
    );
    case.dead = case.points("A7");
    case.prisoners = [2, 0];
    let s = case.score();
    let seki = s.terms.iter().find(|t| t.name == "seki-eyes").unwrap();
    assert_eq!(
        seki.detail,
        "seki eyes: Black 2 (A8 A7), White 1 (E8) (area counting counts them, territory counting does not)"
    );
    let mut want = case.points("A8 A7 E8");
    want.sort();
    assert_eq!(seki.points.0, want);
    assert_eq!(s.points.area_only.black.0, case.points("A8 A7"));
    let w = s.warnings.iter().find(|w| w.code == "dead-stone-in-seki").unwrap();
    assert_eq!(w.points.0, case.points("A7"));
}

#[test]
fn json_has_the_documented_shape() {
    let mut case = Case::new(
        "
        . . X O . . .
        . O X O . X .
        . . X O . . .
        . . X O . X X
        . . X O . . .",
    );
    case.rules = Preset::Aga.rules();
    case.komi = 0.5;
    case.dead = case.points("B4 F4 F2");
    case.prisoners = [2, 0];
    let v = serde_json::to_value(case.score()).unwrap();
    assert_eq!(v["dead"], serde_json::json!(["bb", "fb", "fd", "gd"]));
    assert_eq!(v["komi"], 0.5);
    assert_eq!(v["handicap_bonus"], 0);
    assert_eq!(v["japanese"]["black"]["territory"], 10);
    assert_eq!(v["japanese"]["black"]["prisoners"], 3);
    assert_eq!(v["japanese"]["white"]["total"], 18.5);
    assert!(v["japanese"]["black"].get("stones").is_none());
    assert_eq!(v["japanese"]["result"], "W+5.5");
    assert_eq!(v["chinese"]["black"]["stones"], 5);
    assert!(v["chinese"]["black"].get("prisoners").is_none());
    assert_eq!(v["chinese"]["margin"], -5.5);
    assert_eq!(v["aga"]["result"], "W+5.5");
    assert_eq!(v["margin_difference"], 0.0);
    assert_eq!(v["terms"][0]["name"], "stone-parity");
    assert!(v["terms"][0].get("points").is_none());
    assert_eq!(v["points"]["territory"]["black"].as_array().unwrap().len(), 10);
    assert_eq!(v["warnings"], serde_json::json!([]));
}

/// Plays random legal moves on a small board until two passes in a row (or a move limit), the way a weak but
/// legal game ends. Each player mostly avoids filling a one-point eye of its own so that groups live.
fn random_game(width: u8, height: u8, seed: u64, preset: Preset, setup: &[(Point, Color)]) -> Game {
    let mut game = Game::new(width, height, preset.rules());
    let (black, white): (Vec<Point>, Vec<Point>) = (
        setup.iter().filter(|(_, c)| *c == Color::Black).map(|(p, _)| *p).collect(),
        setup.iter().filter(|(_, c)| *c == Color::White).map(|(p, _)| *p).collect(),
    );
    if !setup.is_empty() {
        game.setup(&black, &white, &[]);
        game.set_to_move(Color::White);
    }
    let mut state = seed | 1;
    let mut next = move || {
        // xorshift64*
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    let area = u64::from(width) * u64::from(height);
    let pass_chance = 2 + next() % 10;
    for _ in 0..area * 3 {
        let color = game.to_move();
        let mut played = false;
        if next() % 100 >= pass_chance {
            for _ in 0..12 {
                let p = Point::new((next() % u64::from(width)) as u8, (next() % u64::from(height)) as u8);
                let loc = game.board().loc(p);
                if !game.board().is_empty_at(loc) {
                    continue;
                }
                let own_eye = game.board().neighbours(loc).all(|n| game.board().color_at(n) == Some(color));
                if own_eye && next() % 16 != 0 {
                    continue;
                }
                if game.play(color, Some(p)).is_ok() {
                    played = true;
                    break;
                }
            }
        }
        if !played {
            game.play(color, None).unwrap();
            if game.consecutive_passes() >= 2 {
                break;
            }
        }
    }
    game
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        /// The margin identity of rules.md §6 holds exactly for any finished game and any set of dead chains:
        /// chinese margin − japanese margin = the sum of the terms.
        #[test]
        fn margin_difference_is_the_sum_of_the_terms(
            width in 2u8..10,
            height in 2u8..10,
            seed in any::<u64>(),
            dead_pick in any::<u64>(),
            half_komi in -20i32..30,
            handicap in 0u32..4,
            preset_index in 0usize..6,
        ) {
            let preset = Preset::ALL[preset_index];
            let setup: Vec<(Point, Color)> = (0..handicap)
                .map(|i| (Point::new((i as u8 * 2) % width, (i as u8) % height), Color::Black))
                .collect();
            let mut setup = setup;
            setup.dedup();
            let game = random_game(width, height, seed, preset, &setup);
            let board = game.board();
            // Random dead chains: each chain is dead when its bit of `dead_pick` (by chain id) is set.
            let dead: Vec<Point> = board
                .locs()
                .filter(|&l| board.color_at(l).is_some() && (dead_pick >> (board.chain_id(l) % 64)) & 1 == 1)
                .map(|l| board.point(l))
                .collect();
            let rules = preset.rules();
            let s = score(&ScoreInput {
                board,
                dead: &dead,
                dead_from_markup: seed % 2 == 0,
                territory_marks: None,
                prisoners: [game.prisoners(Color::Black), game.prisoners(Color::White)],
                placed: [game.stones_placed(Color::Black), game.stones_placed(Color::White)],
                komi: f64::from(half_komi) / 2.0,
                handicap: setup.len() as u32,
                rules: &rules,
                handicap_bonus: None,
            });
            let sum: f64 = s.terms.iter().map(|t| t.value).sum();
            prop_assert!((s.margin_difference - sum).abs() < 1e-9, "{:?} vs {}", s.terms, s.margin_difference);
            prop_assert!((s.margin_difference - (s.chinese.margin - s.japanese.margin)).abs() < 1e-9);
            // Game's own bookkeeping of placed stones agrees with the board's, so no mismatch is reported.
            prop_assert!(s.warnings.iter().all(|w| w.code != "placed-count-mismatch"), "{:?}", s.warnings);
            // Territory is always part of area, and no point is both colours' territory.
            for p in s.points.territory.black.iter() {
                prop_assert!(!s.points.territory.white.contains(p));
            }
            prop_assert!(s.chinese.black.territory >= s.japanese.black.territory);
            prop_assert!(s.chinese.white.territory >= s.japanese.white.territory);
        }
    }
}

#[test]
fn board_rows_come_as_stone_masks() {
    // Grid::new copies the board a row at a time, as bit masks of each colour's stones.
    let board = Board::from_diagram(
        "
        X O .
        . X O
    ",
    );
    assert_eq!(board.row_stones(0), [0b001, 0b010]);
    assert_eq!(board.row_stones(1), [0b010, 0b100]);
}
