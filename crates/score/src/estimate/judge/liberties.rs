//! Liberties once the dead stones are off the board, and what a stone played on an empty point would have: whether
//! it can stand there (a cut), and whether connecting there holds.

use crate::estimate::pos::{Pos, Pt};
use gotool_go::Color;

/// Each living chain's liberties once the dead stones are off the board: its empty neighbours and the points of
/// dead stones beside it, sorted. Empty for dead chains.
pub(crate) fn effective_libs(pos: &Pos, dead: &[bool]) -> Vec<Vec<Pt>> {
    pos.chains
        .iter()
        .enumerate()
        .map(|(c, chain)| {
            if dead[c] {
                return Vec::new();
            }
            let mut libs = chain.libs.clone();
            for &s in &chain.stones {
                for &q in pos.neighbours(s) {
                    if pos.chain_at(q).is_some_and(|d| dead[d]) {
                        libs.push(q);
                    }
                }
            }
            libs.sort_unstable();
            libs.dedup();
            libs
        })
        .collect()
}

/// Would a stone of `color` on empty `p` keep at least two liberties once its captures are made? A stone that
/// would be suicide, self-atari, or capture only to be captured back (ko, snapback) cannot cut.
pub(crate) fn can_stand(pos: &Pos, libs: &[Vec<Pt>], dead: &[bool], p: Pt, color: Color) -> bool {
    liberties_after(pos, libs, dead, p, color).len() >= 2
}

/// Does connecting at empty `p` make a chain of `color` the opponent cannot put in atari at once? It fails when
/// the connected chain is left with two liberties and the opponent can stand on one of them: connecting there
/// only leaves the chain in atari (small chains inside the opponent's eye, say).
pub(crate) fn connects_firmly(pos: &Pos, libs: &[Vec<Pt>], dead: &[bool], p: Pt, color: Color) -> bool {
    let after = liberties_after(pos, libs, dead, p, color);
    match after.len() {
        0 | 1 => false,
        2 => after.iter().all(|&l| !can_stand(pos, libs, dead, l, color.opponent())),
        _ => true,
    }
}

/// The liberties a stone of `color` on empty `p` has, with the chains it joins, once its captures are made.
pub(crate) fn liberties_after(pos: &Pos, libs: &[Vec<Pt>], dead: &[bool], p: Pt, color: Color) -> Vec<Pt> {
    let mut got: Vec<Pt> = Vec::with_capacity(8);
    let mut joined: Vec<usize> = Vec::with_capacity(4);
    let mut captured: Vec<usize> = Vec::with_capacity(4);
    for &q in pos.neighbours(p) {
        match pos.chain_at(q) {
            Some(c) if !dead[c] => {
                if pos.chains[c].color == color {
                    joined.push(c);
                    got.extend(libs[c].iter().copied().filter(|&l| l != p));
                } else if libs[c].len() == 1 {
                    captured.push(c);
                }
            }
            _ => got.push(q),
        }
    }
    // Captured stones beside the new stone or the chains it joins become liberties.
    for &c in &captured {
        for &s in &pos.chains[c].stones {
            let beside =
                pos.neighbours(s).iter().any(|&q| q == p || pos.chain_at(q).is_some_and(|d| joined.contains(&d)));
            if beside {
                got.push(s);
            }
        }
    }
    got.sort_unstable();
    got.dedup();
    got
}

/// Whether a living stone of `color` stands beside `p`.
pub(crate) fn touched_by(pos: &Pos, dead: &[bool], p: Pt, color: Color) -> bool {
    pos.touches(p, |c| !dead[c] && pos.chains[c].color == color)
}
