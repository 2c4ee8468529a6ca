//! Edits of a text by byte ranges: each replaces `start..end` of the text it was found in with new text (an
//! insertion when the range is empty, a deletion when the text is). A round of fixes is a set of edits that do
//! not overlap, applied at once; positions found in a later round are mapped back through the earlier rounds to
//! the original text, for messages.

/// One edit of a text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Edit {
    /// The first byte replaced.
    pub(super) start: u32,
    /// After the last byte replaced (`start` for an insertion).
    pub(super) end: u32,
    /// What goes there.
    pub(super) text: String,
}

impl Edit {
    /// Replaces `start..end` with `text`.
    pub(super) fn replace(start: u32, end: u32, text: impl Into<String>) -> Edit {
        Edit { start, end, text: text.into() }
    }

    /// Inserts `text` at `at`.
    pub(super) fn insert(at: u32, text: impl Into<String>) -> Edit {
        Edit { start: at, end: at, text: text.into() }
    }

    /// Deletes `start..end`.
    pub(super) fn delete(start: u32, end: u32) -> Edit {
        Edit { start, end, text: String::new() }
    }

    /// Whether two edits touch the same bytes: ranges that share a byte, an insertion strictly inside a range,
    /// or two replacements that share a byte; two insertions at one place do not conflict (they go in the
    /// order accepted).
    fn overlaps(&self, other: &Edit) -> bool {
        let inside = |at: u32, e: &Edit| e.start < at && at < e.end;
        match (self.start == self.end, other.start == other.end) {
            (true, true) => false,
            (true, false) => inside(self.start, other),
            (false, true) => inside(other.start, self),
            (false, false) => self.start < other.end && other.start < self.end,
        }
    }
}

/// Edits accepted for one round, in the order accepted.
#[derive(Clone, Debug, Default)]
pub(super) struct Round {
    edits: Vec<Edit>,
}

impl Round {
    /// Accepts `edits` (one fix's) if none of them overlaps an edit already accepted or another of them;
    /// returns whether they were. A fix refused here is found again in the next round, on the edited text.
    pub(super) fn accept(&mut self, edits: &[Edit]) -> bool {
        let clash = edits
            .iter()
            .enumerate()
            .any(|(i, e)| self.edits.iter().any(|a| a.overlaps(e)) || edits[..i].iter().any(|a| a.overlaps(e)));
        if !clash {
            self.edits.extend_from_slice(edits);
        }
        !clash
    }

    /// Whether nothing was accepted.
    pub(super) fn is_empty(&self) -> bool {
        self.edits.is_empty()
    }

    /// The edits in text order: by start, insertions at a place before a replacement starting there, and
    /// insertions at one place in the order accepted.
    fn sorted(&self) -> Vec<&Edit> {
        let mut edits: Vec<&Edit> = self.edits.iter().collect();
        edits.sort_by_key(|e| (e.start, e.end != e.start));
        edits
    }

    /// The text with the round's edits made.
    pub(super) fn apply(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len() + 64);
        let mut at = 0usize;
        for e in self.sorted() {
            out.push_str(&text[at..e.start as usize]);
            out.push_str(&e.text);
            at = e.end as usize;
        }
        out.push_str(&text[at..]);
        out
    }

    /// Where an offset of the edited text was in the text before the round: an offset inside inserted text maps
    /// to the place of the insertion.
    pub(super) fn map_back(&self, offset: u32) -> u32 {
        let mut delta: i64 = 0;
        for e in self.sorted() {
            let new_start = i64::from(e.start) + delta;
            let new_end = new_start + e.text.len() as i64;
            let o = i64::from(offset);
            if o < new_start {
                break;
            }
            if o < new_end {
                return e.start;
            }
            delta += e.text.len() as i64 - i64::from(e.end - e.start);
        }
        (i64::from(offset) - delta).max(0) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_apply_in_text_order_and_positions_map_back() {
        let text = "(;GM[1]SZ[19]SZ[19];B[aa])";
        let mut round = Round::default();
        assert!(round.accept(&[Edit::delete(13, 19)]));
        assert!(round.accept(&[Edit::insert(2, "FF[4]")]));
        assert!(!round.accept(&[Edit::replace(15, 17, "9")]), "inside a deletion");
        assert!(round.accept(&[Edit::insert(2, "CA[UTF-8]")]));
        let edited = round.apply(text);
        assert_eq!(edited, "(;FF[4]CA[UTF-8]GM[1]SZ[19];B[aa])");
        // `;B` was at 19 before and is at 27 now; the inserted text maps to where it went in.
        assert_eq!(round.map_back(edited.find(";B").unwrap() as u32), 19);
        assert_eq!(round.map_back(4), 2);
        assert_eq!(round.map_back(0), 0);
    }

    #[test]
    fn insertions_at_the_edge_of_a_range_do_not_conflict() {
        let text = "(;Black[aa]W[bb])";
        let mut round = Round::default();
        assert!(round.accept(&[Edit::replace(2, 7, "B")]));
        assert!(round.accept(&[Edit::insert(11, ";")]));
        assert!(round.accept(&[Edit::insert(2, "")]));
        assert!(!round.accept(&[Edit::insert(4, "x")]));
        assert_eq!(round.apply(text), "(;B[aa];W[bb])");
    }
}
