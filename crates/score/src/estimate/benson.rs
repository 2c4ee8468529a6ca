//! Benson's unconditional life (D. B. Benson, "Life in the game of Go", 1976): chains that stay on the board
//! whatever the opponent plays, even if their owner always passes, and the space they enclose in which the
//! opponent can never make an eye. The only part of the estimator that is a proof rather than a judgement.

use super::pos::{NONE, Pos, Pt};
use gotool_go::Color;

/// What Benson's algorithm proves for one colour.
pub(crate) struct PassAlive {
    /// Per chain of the position: pass-alive (always false for the other colour's chains).
    pub chains: Vec<bool>,
    /// Points (empty or opposing stones) of regions enclosed by pass-alive chains in which every empty point
    /// touches one of them: the opponent can never have an eye there, so its stones there are dead.
    pub area: Vec<Pt>,
}

/// The chains of the colour bordering a region, each with whether the region is vital to it.
type Border = Vec<(usize, bool)>;

/// Runs the algorithm for `color`. A region is a connected piece of points not holding `color`'s stones; it is
/// vital to a chain when all its empty points are liberties of that chain. Chains with fewer than two vital
/// regions are discarded, then regions touching a discarded chain, until nothing changes: what is left lives.
pub(crate) fn pass_alive(pos: &Pos, color: Color) -> PassAlive {
    let n = pos.len();
    let mut region_of = vec![NONE; n];
    // Per region: its points, and the chains of `color` bordering it with whether it is vital to each.
    let mut regions: Vec<(Vec<Pt>, Border)> = Vec::new();
    let mut stack = Vec::new();
    for start in 0..n {
        if region_of[start] != NONE || pos.stone[start] == Some(color) {
            continue;
        }
        let id = regions.len() as u32;
        let mut points = Vec::new();
        region_of[start] = id;
        stack.push(start as Pt);
        while let Some(p) = stack.pop() {
            points.push(p);
            for &q in pos.neighbours(p) {
                let qi = usize::from(q);
                if pos.stone[qi] != Some(color) && region_of[qi] == NONE {
                    region_of[qi] = id;
                    stack.push(q);
                }
            }
        }
        // The bordering chains, and for each how many of the region's empty points it touches.
        let mut border: Vec<(usize, usize)> = Vec::new();
        let mut empty = 0;
        for &p in &points {
            let is_empty = pos.stone[usize::from(p)].is_none();
            empty += usize::from(is_empty);
            let mut seen = [usize::MAX; 4];
            for (k, &q) in pos.neighbours(p).iter().enumerate() {
                let Some(c) = pos.chain_at(q) else { continue };
                if pos.chains[c].color != color || seen.contains(&c) {
                    continue;
                }
                seen[k] = c;
                match border.iter_mut().find(|(b, _)| *b == c) {
                    Some(entry) => entry.1 += usize::from(is_empty),
                    None => border.push((c, usize::from(is_empty))),
                }
            }
        }
        let border = border.into_iter().map(|(c, touched)| (c, empty > 0 && touched == empty)).collect();
        regions.push((points, border));
    }

    let mut chain_alive: Vec<bool> = pos.chains.iter().map(|c| c.color == color).collect();
    let mut region_alive = vec![true; regions.len()];
    loop {
        let mut changed = false;
        let mut vital = vec![0u32; pos.chains.len()];
        for (r, (_, border)) in regions.iter().enumerate() {
            if region_alive[r] {
                for &(c, is_vital) in border {
                    vital[c] += u32::from(is_vital);
                }
            }
        }
        for (c, alive) in chain_alive.iter_mut().enumerate() {
            if *alive && vital[c] < 2 {
                *alive = false;
                changed = true;
            }
        }
        for (r, (_, border)) in regions.iter().enumerate() {
            if region_alive[r] && border.iter().any(|&(c, _)| !chain_alive[c]) {
                region_alive[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }

    let mut area = Vec::new();
    for (r, (points, border)) in regions.iter().enumerate() {
        if !region_alive[r] || border.is_empty() {
            continue;
        }
        // No empty point out of the pass-alive chains' touch: nowhere for an opposing eye.
        let sealed = points.iter().all(|&p| pos.stone[usize::from(p)].is_some() || pos.touches(p, |c| chain_alive[c]));
        if sealed {
            area.extend_from_slice(points);
        }
    }
    area.sort_unstable();
    PassAlive { chains: chain_alive, area }
}
