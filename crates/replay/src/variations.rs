//! `--all-variations`: every branch of a game tree besides the main line, depth first. Keeps a position
//! snapshot per open branch point while few are kept and replays from the root beyond that, so memory stays
//! bounded; a work budget stops hostile trees.

use super::GameSettings;
use super::line::LineState;
use gotool_model::{Diagnostic, Sink};
use gotool_sgf::record::{GameRecord, NONE};

/// Branches waiting with a snapshot of their parent position at most.
const MAX_SNAPSHOTS: usize = 64;
/// A snapshot of a deep line carries its whole position history (a record of a million positions holds tens of
/// megabytes); past this many bytes kept at once, branches are replayed from the root instead.
const SNAPSHOT_BUDGET: usize = 64 << 20;

/// Checks every branch except the main line (already replayed), numbering them in depth-first order.
pub(super) fn check_variations(
    record: &GameRecord,
    start: &LineState,
    settings: &GameSettings,
    diags: &mut Vec<Diagnostic>,
) {
    let mut walk = VariationWalk {
        record,
        settings,
        start,
        pending: Vec::new(),
        snapshot_bytes: 0,
        visits: 0,
        // Replaying prefixes again costs time; stop with a clear note beyond this many node visits.
        budget: 20 * record.nodes.len() as u64 + 100_000,
    };
    // Seed with the side branches of the main line, replaying it quietly and outside the budget.
    walk.follow(0, &mut start.clone(), &mut Sink::quiet());

    let mut variation = 0u32;
    while let Some((branch, snapshot)) = walk.pending.pop() {
        let Some(mut line) = walk.resume(branch, snapshot) else {
            continue;
        };
        variation += 1;
        if !walk.follow(branch, &mut line, &mut Sink::variation(diags, variation)) {
            diags.push(Diagnostic::warning(
                "variations-not-checked",
                "too many variations to check them all; the rest were skipped",
            ));
            return;
        }
    }
}

/// The state of a walk over a game's variations.
struct VariationWalk<'a, 't> {
    record: &'a GameRecord<'t>,
    settings: &'a GameSettings,
    start: &'a LineState,
    /// Branches waiting to be checked: the first node, and the line state at its parent if one was kept.
    pending: Vec<(u32, Option<LineState>)>,
    /// Heap memory held by the snapshots in `pending`.
    snapshot_bytes: usize,
    visits: u64,
    budget: u64,
}

impl VariationWalk<'_, '_> {
    /// The line state at the parent of `branch`: its snapshot, or the path from the root replayed again. Queues
    /// the branch's next sibling with the same parent position. `None` when the path cannot be replayed.
    fn resume(&mut self, branch: u32, snapshot: Option<LineState>) -> Option<LineState> {
        let node = self.record.node(branch);
        let (sibling, parent) = (node.next_sibling, node.parent);
        match snapshot {
            Some(s) => {
                if sibling != NONE {
                    // The sibling keeps the snapshot's bytes counted; this copy leaves with the branch.
                    self.pending.push((sibling, Some(s.clone())));
                } else {
                    self.snapshot_bytes -= s.game.heap_bytes();
                }
                Some(s)
            }
            None => {
                if sibling != NONE {
                    self.pending.push((sibling, None));
                }
                self.replay_path_quietly(parent)
            }
        }
    }

    /// Replays from `node` down the first children until the line ends or an error stops it, queueing every
    /// second child met on the way (with a snapshot of the position while few are kept). `false` when the work
    /// budget ran out; a quiet walk is not counted against it.
    fn follow(&mut self, mut node: u32, line: &mut LineState, sink: &mut Sink) -> bool {
        let record = self.record;
        loop {
            if !sink.is_quiet() {
                self.visits += 1;
                if self.visits > self.budget {
                    return false;
                }
            }
            if line.apply_node(record, node, self.settings, sink).is_err() {
                return true;
            }
            let first = record.node(node).first_child;
            if first == NONE {
                return true;
            }
            let second = record.node(first).next_sibling;
            if second != NONE {
                let bytes = line.game.heap_bytes();
                let keep = self.pending.len() < MAX_SNAPSHOTS && self.snapshot_bytes + bytes <= SNAPSHOT_BUDGET;
                if keep {
                    self.snapshot_bytes += bytes;
                }
                self.pending.push((second, keep.then(|| line.clone())));
            }
            node = first;
        }
    }

    /// Replays the root ..= `last` without reporting (the findings on that path were reported already).
    fn replay_path_quietly(&mut self, last: u32) -> Option<LineState> {
        let mut path = Vec::new();
        let mut n = last;
        while n != NONE {
            path.push(n);
            n = self.record.node(n).parent;
        }
        let mut line = self.start.clone();
        for &n in path.iter().rev() {
            self.visits += 1;
            line.apply_node(self.record, n, self.settings, &mut Sink::quiet()).ok()?;
        }
        Some(line)
    }
}
