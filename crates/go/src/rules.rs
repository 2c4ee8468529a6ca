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
    /// Territory and prisoners (Japanese, Korean).
    Territory,
    /// Stones and territory (Chinese, AGA, New Zealand, Tromp-Taylor).
    Area,
}

/// White's compensation for handicap stones under area counting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandicapBonus {
    /// No compensation.
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
    /// Japanese 1989.
    Japanese,
    /// Korean (as Japanese).
    Korean,
    /// Chinese.
    Chinese,
    /// American Go Association.
    Aga,
    /// New Zealand.
    Nz,
    /// Tromp-Taylor.
    TrompTaylor,
}

impl Preset {
    /// Every preset.
    pub const ALL: [Preset; 6] =
        [Preset::Japanese, Preset::Korean, Preset::Chinese, Preset::Aga, Preset::Nz, Preset::TrompTaylor];

    /// The name `--rules` and reports use.
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

    /// The complete ruleset.
    pub fn rules(self) -> Rules {
        let (ko, scoring, multi_stone_suicide, handicap_bonus, default_komi) = match self {
            Preset::Japanese | Preset::Korean => (KoRule::Simple, Scoring::Territory, false, HandicapBonus::None, 6.5),
            Preset::Chinese => (KoRule::Positional, Scoring::Area, false, HandicapBonus::N, 7.5),
            Preset::Aga => (KoRule::Situational, Scoring::Area, false, HandicapBonus::NMinusOne, 7.5),
            Preset::Nz => (KoRule::Situational, Scoring::Area, true, HandicapBonus::None, 7.0),
            Preset::TrompTaylor => (KoRule::Positional, Scoring::Area, true, HandicapBonus::None, 7.5),
        };
        Rules {
            name: RulesName::Preset(self),
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

/// Which ruleset a [`Rules`] is: one of the presets, or rules read from a KataGo rules string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesName {
    /// A named preset.
    Preset(Preset),
    /// A KataGo rules string (`koPOSITIONALscoreAREA…`): whatever it says, under one name.
    KataGo,
}

impl RulesName {
    /// The Japanese preset.
    pub const JAPANESE: RulesName = RulesName::Preset(Preset::Japanese);
    /// The Chinese preset.
    pub const CHINESE: RulesName = RulesName::Preset(Preset::Chinese);

    /// The preset's name (`japanese`, `tromp-taylor`), or `katago`.
    pub fn as_str(self) -> &'static str {
        match self {
            RulesName::Preset(p) => p.name(),
            RulesName::KataGo => "katago",
        }
    }

    /// The preset, if it is one.
    pub fn preset(self) -> Option<Preset> {
        match self {
            RulesName::Preset(p) => Some(p),
            RulesName::KataGo => None,
        }
    }
}

impl fmt::Display for RulesName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A complete ruleset: what is legal and how the end is counted.
#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    /// Which ruleset this is.
    pub name: RulesName,
    /// Which repetitions are forbidden.
    pub ko: KoRule,
    /// How the end is counted.
    pub scoring: Scoring,
    /// Whether a move may leave its own chain of several stones without liberties (it is then removed).
    pub multi_stone_suicide: bool,
    /// White's compensation for handicap stones under area counting.
    pub handicap_bonus: HandicapBonus,
    /// False under Tromp-Taylor, where every stone on the board counts as it stands.
    pub remove_dead_stones: bool,
    /// The komi usual under these rules, for messages (a record without `KM` still means komi 0).
    pub default_komi: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

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
