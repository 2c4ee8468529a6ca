//! Exact counts of a quantity (a winning margin, a game length) and their summary and bars, for `stats`.

use std::collections::BTreeMap;

use serde::Serialize;

/// Exact counts of a quantity (a margin in quarter points, a number of moves): value → games. Holds one entry per
/// distinct value, so medians and bins are exact.
#[derive(Clone, Debug, Default)]
pub(crate) struct Histogram(BTreeMap<u64, usize>);

/// One bar of a histogram: the games with `from <= value < to`; `from` is `None` for the bar of everything
/// below the others, `to` for the bar of everything above.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Bin {
    pub(crate) from: Option<f64>,
    pub(crate) to: Option<f64>,
    pub(crate) games: usize,
}

/// A histogram's summary and bars, in the quantity's own unit (points, moves).
#[derive(Clone, Debug, Default, Serialize)]
pub(crate) struct Distribution {
    pub(crate) games: usize,
    pub(crate) min: Option<f64>,
    /// The lower median: a value some game had.
    pub(crate) median: Option<f64>,
    pub(crate) max: Option<f64>,
    pub(crate) bins: Vec<Bin>,
}

/// Margins are kept in hundredths of a point: results write `B+0.02`.
pub(crate) const MARGIN_SCALE: u64 = 100;

/// At most this many bars cover the values between the 1st and the 95th percentile; the rest go into a bar
/// below and one above (the tail of very long games and huge margins would otherwise squash the bars).
pub(crate) const MAX_BINS: u64 = 20;

impl Histogram {
    pub(crate) fn add(&mut self, value: u64) {
        *self.0.entry(value).or_default() += 1;
    }

    pub(crate) fn total(&self) -> usize {
        self.0.values().sum()
    }

    /// The smallest value with more than `rank` games below or at it (0-based rank).
    pub(crate) fn value_at(&self, rank: usize) -> Option<u64> {
        let mut seen = 0;
        self.0.iter().find_map(|(&v, &n)| {
            seen += n;
            (seen > rank).then_some(v)
        })
    }

    /// The summary and bars; values are in units of `1 / scale` (100 for hundredths of a point).
    pub(crate) fn distribution(&self, scale: u64) -> Distribution {
        let total = self.total();
        let unit = |v: u64| v as f64 / scale as f64;
        if total == 0 {
            return Distribution::default();
        }
        let (min, max) = (*self.0.keys().next().unwrap_or(&0), *self.0.keys().next_back().unwrap_or(&0));
        let low = self.value_at(total / 100).unwrap_or(min);
        let high = self.value_at(total - 1 - total / 20).unwrap_or(max);
        // A round width (1, 2 or 5 × a power of ten, in the quantity's unit: whole points, so that every bar holds
        // as many of the half points margins are made of) that covers the 1st to the 95th percentile in at most
        // MAX_BINS bars, starting at a multiple of itself.
        let width = (0..12)
            .flat_map(|power| [1, 2, 5].map(|m| m * 10u64.pow(power) * scale))
            .find(|&w| high / w - low / w < MAX_BINS)
            .unwrap_or(u64::MAX);
        let (start, end) = (low / width * width, (high / width + 1) * width);
        let count = |range: std::ops::Range<u64>| self.0.range(range).map(|(_, n)| n).sum::<usize>();
        let mut bins = Vec::new();
        if min < start {
            bins.push(Bin { from: None, to: Some(unit(start)), games: count(0..start) });
        }
        for from in (start..end).step_by(width as usize) {
            bins.push(Bin { from: Some(unit(from)), to: Some(unit(from + width)), games: count(from..from + width) });
        }
        if max >= end {
            bins.push(Bin { from: Some(unit(end)), to: None, games: count(end..u64::MAX) });
        }
        Distribution {
            games: total,
            min: Some(unit(min)),
            median: self.value_at((total - 1) / 2).map(unit),
            max: Some(unit(max)),
            bins,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bins_are_round_and_cover_every_game() {
        let mut h = Histogram::default();
        for moves in [0u64, 12, 150, 151, 180, 199, 200, 211, 250, 263, 299, 312, 330, 349, 420] {
            h.add(moves);
        }
        let d = h.distribution(1);
        assert_eq!(d.bins.iter().map(|b| b.games).sum::<usize>(), 15);
        assert_eq!(d.bins[0], Bin { from: Some(0.0), to: Some(50.0), games: 2 });
        assert_eq!(d.bins.last(), Some(&Bin { from: Some(400.0), to: Some(450.0), games: 1 }));
        assert!(d.bins.len() as u64 <= MAX_BINS + 2);
        // Margins in hundredths of a point: bars in points.
        let mut m = Histogram::default();
        for hundredths in [50u64, 150, 350, 550, 750, 31650] {
            m.add(hundredths);
        }
        let d = m.distribution(MARGIN_SCALE);
        assert_eq!((d.min, d.max), (Some(0.5), Some(316.5)));
        assert_eq!(d.bins.iter().map(|b| b.games).sum::<usize>(), 6);
        let widths: Vec<f64> = d.bins.iter().filter_map(|b| Some(b.to? - b.from?)).collect();
        assert!(widths.windows(2).all(|w| w[0] == w[1]), "{:?}", d.bins);
    }
}
