//! Rulesets: the presets gotool knows (rules.md section 2) and how a record's `RU` value maps onto them.

use std::fmt;
use std::str::FromStr;

/// Which repetitions are forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KoRule {
    /// Only the immediate recapture of a ko; a longer cycle voids the game (Japanese 1989, Korean).
    Simple,
    /// No move may recreate any earlier whole-board position (Chinese, Tromp-Taylor).
    Positional,
    /// No move may recreate an earlier position with the same player to move (AGA, New Zealand).
    Situational,
}

/// How the final position is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    Territory,
    Area,
}

/// White's compensation for handicap stones under area counting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandicapBonus {
    None,
    /// One point per handicap stone (Chinese).
    N,
    /// One point per handicap stone after the first (AGA).
    NMinusOne,
}

impl HandicapBonus {
    /// The points White receives for `handicap` stones.
    pub fn points(self, handicap: u32) -> u32 {
        match self {
            HandicapBonus::None => 0,
            HandicapBonus::N => handicap,
            HandicapBonus::NMinusOne => handicap.saturating_sub(1),
        }
    }
}

/// The named presets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Preset {
    Japanese,
    Korean,
    Chinese,
    Aga,
    Nz,
    TrompTaylor,
}

impl Preset {
    pub const ALL: [Preset; 6] =
        [Preset::Japanese, Preset::Korean, Preset::Chinese, Preset::Aga, Preset::Nz, Preset::TrompTaylor];

    pub fn name(self) -> &'static str {
        match self {
            Preset::Japanese => "japanese",
            Preset::Korean => "korean",
            Preset::Chinese => "chinese",
            Preset::Aga => "aga",
            Preset::Nz => "nz",
            Preset::TrompTaylor => "tromp-taylor",
        }
    }

    pub fn rules(self) -> Rules {
        let (ko, scoring, multi_stone_suicide, handicap_bonus, default_komi) = match self {
            Preset::Japanese | Preset::Korean => (KoRule::Simple, Scoring::Territory, false, HandicapBonus::None, 6.5),
            Preset::Chinese => (KoRule::Positional, Scoring::Area, false, HandicapBonus::N, 7.5),
            Preset::Aga => (KoRule::Situational, Scoring::Area, false, HandicapBonus::NMinusOne, 7.5),
            Preset::Nz => (KoRule::Situational, Scoring::Area, true, HandicapBonus::None, 7.0),
            Preset::TrompTaylor => (KoRule::Positional, Scoring::Area, true, HandicapBonus::None, 7.5),
        };
        Rules {
            name: self.name().to_string(),
            preset: Some(self),
            ko,
            scoring,
            multi_stone_suicide,
            handicap_bonus,
            remove_dead_stones: self != Preset::TrompTaylor,
            default_komi,
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Preset::ALL.into_iter().find(|p| p.name().eq_ignore_ascii_case(s.trim())).ok_or_else(|| {
            format!("unknown rules {s:?} (expected one of japanese, korean, chinese, aga, nz, tromp-taylor)")
        })
    }
}

/// A complete ruleset: what is legal and how the end is counted.
#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    /// The preset's name, or `katago` for a KataGo rules string.
    pub name: String,
    pub preset: Option<Preset>,
    pub ko: KoRule,
    pub scoring: Scoring,
    pub multi_stone_suicide: bool,
    pub handicap_bonus: HandicapBonus,
    /// False under Tromp-Taylor, where every stone on the board counts as it stands.
    pub remove_dead_stones: bool,
    /// The komi usual under these rules, for messages (a record without `KM` still means komi 0).
    pub default_komi: f64,
}

/// How a record's `RU` was understood.
#[derive(Clone, Debug, PartialEq)]
pub struct RulesFromRecord {
    pub rules: Rules,
    /// False when `RU` was missing or unknown and the Japanese default was taken.
    pub recognised: bool,
    /// Set when the mapping is an approximation worth telling the user about (e.g. Ing → nz).
    pub note: Option<String>,
}

/// Maps a record's `RU` text onto a ruleset, as rules.md section 2 describes. `None` means no `RU`.
pub fn rules_from_record(ru: Option<&str>) -> RulesFromRecord {
    let Some(text) = ru.map(str::trim).filter(|t| !t.is_empty()) else {
        return RulesFromRecord { rules: Preset::Japanese.rules(), recognised: false, note: None };
    };
    if let Some(rules) = parse_katago_rules(text) {
        return RulesFromRecord { rules, recognised: true, note: None };
    }
    let lower = text.to_ascii_lowercase();
    let squeezed: String = lower.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
    let preset = match squeezed.as_str() {
        "japanese" | "jp" | "japan" | "nihonkiin" | "japanese1989" => Some(Preset::Japanese),
        "korean" | "ko" | "kr" | "korea" => Some(Preset::Korean),
        "chinese" | "cn" | "china" | "chinese2002" => Some(Preset::Chinese),
        "aga" | "american" | "bga" | "french" => Some(Preset::Aga),
        "nz" | "newzealand" => Some(Preset::Nz),
        "tt" | "tromptaylor" | "tromp" => Some(Preset::TrompTaylor),
        _ => None,
    };
    if let Some(p) = preset {
        return RulesFromRecord { rules: p.rules(), recognised: true, note: None };
    }
    if matches!(squeezed.as_str(), "goe" | "ing" | "ingrules" | "ing1996") {
        // Ing rules count area and allow multi-stone suicide; their ko rules are nearest to situational superko.
        return RulesFromRecord {
            rules: Preset::Nz.rules(),
            recognised: true,
            note: Some(format!("RU[{text}] (Ing/GOE) is checked as nz: area counting, suicide allowed")),
        };
    }
    RulesFromRecord { rules: Preset::Japanese.rules(), recognised: false, note: None }
}

/// Reads KataGo's compact rules strings, e.g. `koPOSITIONALscoreAREAtaxNONEsui1`
/// (KataGo `Rules::parseRules`): `ko`, `score`, `tax`, `sui`, optional `button`, `whb`, `fpok`.
fn parse_katago_rules(text: &str) -> Option<Rules> {
    let rest = text.strip_prefix("ko")?;
    let (ko, rest) = if let Some(r) = rest.strip_prefix("SIMPLE") {
        (KoRule::Simple, r)
    } else if let Some(r) = rest.strip_prefix("POSITIONAL") {
        (KoRule::Positional, r)
    } else if let Some(r) = rest.strip_prefix("SITUATIONAL") {
        (KoRule::Situational, r)
    } else {
        return None;
    };
    let rest = rest.strip_prefix("score")?;
    let (scoring, rest) = if let Some(r) = rest.strip_prefix("AREA") {
        (Scoring::Area, r)
    } else if let Some(r) = rest.strip_prefix("TERRITORY") {
        (Scoring::Territory, r)
    } else {
        return None;
    };
    let multi_stone_suicide = rest.contains("sui1");
    let handicap_bonus = if rest.contains("whbN-1") {
        HandicapBonus::NMinusOne
    } else if rest.contains("whbN") {
        HandicapBonus::N
    } else {
        HandicapBonus::None
    };
    Some(Rules {
        name: "katago".to_string(),
        preset: None,
        ko,
        scoring,
        multi_stone_suicide,
        handicap_bonus,
        remove_dead_stones: true,
        default_komi: 7.5,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ru_values_seen_in_the_wild_map_to_presets() {
        for (ru, preset) in [
            ("Japanese", Preset::Japanese),
            ("Chinese", Preset::Chinese),
            ("AGA", Preset::Aga),
            ("NZ", Preset::Nz),
            ("New Zealand", Preset::Nz),
            ("Korean", Preset::Korean),
            ("Tromp-Taylor", Preset::TrompTaylor),
            ("TT", Preset::TrompTaylor),
        ] {
            let r = rules_from_record(Some(ru));
            assert!(r.recognised, "{ru}");
            assert_eq!(r.rules.preset, Some(preset), "{ru}");
        }
    }

    #[test]
    fn missing_or_unknown_ru_means_japanese_unrecognised() {
        let r = rules_from_record(None);
        assert_eq!(r.rules.preset, Some(Preset::Japanese));
        assert!(!r.recognised);
        let r = rules_from_record(Some("house rules, no komi"));
        assert_eq!(r.rules.preset, Some(Preset::Japanese));
        assert!(!r.recognised);
    }

    #[test]
    fn katago_strings_give_their_ko_scoring_and_suicide() {
        let r = rules_from_record(Some("koSITUATIONALscoreTERRITORYtaxSEKIsui1")).rules;
        assert_eq!((r.ko, r.scoring, r.multi_stone_suicide), (KoRule::Situational, Scoring::Territory, true));
        let r = rules_from_record(Some("koPOSITIONALscoreAREAtaxNONEsui0whbN")).rules;
        assert_eq!((r.ko, r.scoring, r.multi_stone_suicide), (KoRule::Positional, Scoring::Area, false));
        assert_eq!(r.handicap_bonus, HandicapBonus::N);
    }

    #[test]
    fn preset_table_matches_rules_md() {
        let j = Preset::Japanese.rules();
        assert_eq!((j.ko, j.scoring, j.multi_stone_suicide), (KoRule::Simple, Scoring::Territory, false));
        let c = Preset::Chinese.rules();
        assert_eq!((c.ko, c.handicap_bonus), (KoRule::Positional, HandicapBonus::N));
        let a = Preset::Aga.rules();
        assert_eq!((a.ko, a.handicap_bonus), (KoRule::Situational, HandicapBonus::NMinusOne));
        assert!(Preset::Nz.rules().multi_stone_suicide);
        let tt = Preset::TrompTaylor.rules();
        assert!(tt.multi_stone_suicide && !tt.remove_dead_stones);
        assert_eq!(HandicapBonus::NMinusOne.points(4), 3);
        assert_eq!(HandicapBonus::NMinusOne.points(0), 0);
    }
}
