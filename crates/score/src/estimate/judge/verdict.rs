//! What the judgement concludes about each chain: open, alive and why, or dead and why.

/// What the analysis concluded about one chain.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Verdict {
    /// Not settled: too weak to call alive, not clearly dead.
    Open,
    Alive(Life),
    Dead(Death),
}

/// Why a chain lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Life {
    /// Pass-alive (Benson).
    PassAlive,
    /// Its group has two eyes (or territory worth two).
    TwoEyes,
    /// In seki with a neighbouring group.
    Seki,
    /// Judged dead once, but not inside the other colour's area: held alive for the next judgement.
    Held,
}

/// Why a chain is dead.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Death {
    /// Inside the other colour's pass-alive area (Benson).
    PassAliveArea,
    /// Its group has no eye, or one, and every group of the other colour around it lives: `eyes` and the size
    /// of the largest space it encloses.
    Surrounded { eyes: u8, space: usize },
    /// Its group loses the capturing race against a group of the other colour whoever moves first.
    LosesRace { libs: u32, against: u32 },
    /// Left open, and judged dead by the playouts.
    Playouts,
    /// Left open, and captured by reading (see `search.rs`) whoever moves first.
    Captured,
    /// Two eyes by the count, but a chain beside its small eye space is short of liberties, and reading captures
    /// the group with the other colour moving first (see [`cut_short_groups`](super::reading::cut_short_groups)).
    CutShort,
}

impl Death {
    /// A verdict of the referee (reading or playouts) rather than of the static judgement.
    pub(crate) fn refereed(self) -> bool {
        matches!(self, Death::Playouts | Death::Captured)
    }
}

/// Whether each chain is judged dead.
pub(crate) fn dead_flags(verdict: &[Verdict]) -> Vec<bool> {
    verdict.iter().map(|v| matches!(v, Verdict::Dead(_))).collect()
}
