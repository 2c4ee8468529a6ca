//! Byte offsets → 1-based line and column, for messages. Used by every reader that reports places in a text.

/// Turns byte offsets into 1-based line and column (columns count characters). CR, LF and CRLF each end a line.
///
/// A column is found in constant time (at most one block of bytes is counted), not in the length of its line:
/// many records are a single line, and a hostile one with a diagnostic on each of a million nodes would
/// otherwise cost quadratic time (issue #6).
pub struct LineIndex<'t> {
    text: &'t str,
    line_starts: Vec<usize>,
    /// The number of characters before each `COLUMN_BLOCK`-byte block of the text (offsets fit in `u32`; see
    /// `Span`); empty when the text is ASCII, where characters are bytes.
    chars_before_block: Vec<u32>,
}

const COLUMN_BLOCK: usize = 64;

fn count_chars(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| (b & 0xC0) != 0x80).count()
}

impl<'t> LineIndex<'t> {
    /// The line table of `text`.
    pub fn new(text: &'t str) -> Self {
        let bytes = text.as_bytes();
        let mut line_starts = vec![0];
        // Line breaks are few: memchr jumps from one to the next. The `\n` of a CRLF was taken with its `\r`.
        for i in memchr::memchr2_iter(b'\n', b'\r', bytes) {
            if bytes[i] == b'\n' && i > 0 && bytes[i - 1] == b'\r' {
                continue;
            }
            let crlf = bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n');
            line_starts.push(i + 1 + usize::from(crlf));
        }
        // In ASCII text (most records) a column is a count of bytes: no table.
        let mut chars_before_block = Vec::new();
        if !text.is_ascii() {
            chars_before_block.reserve(bytes.len() / COLUMN_BLOCK + 2);
            let mut chars = 0u32;
            for block in bytes.chunks(COLUMN_BLOCK) {
                chars_before_block.push(chars);
                chars += count_chars(block) as u32;
            }
            chars_before_block.push(chars);
        }
        LineIndex { text, line_starts, chars_before_block }
    }

    /// Characters in the text before byte `offset`.
    fn chars_before(&self, offset: usize) -> usize {
        if self.chars_before_block.is_empty() {
            return offset;
        }
        let block = offset / COLUMN_BLOCK;
        let start = block * COLUMN_BLOCK;
        self.chars_before_block[block] as usize + count_chars(&self.text.as_bytes()[start..offset])
    }

    /// The 1-based line and column of a byte offset.
    pub fn line_col(&self, offset: usize) -> (u32, u32) {
        let offset = offset.min(self.text.len());
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        let start = self.line_starts[line];
        let column = self.chars_before(offset) - self.chars_before(start);
        (line as u32 + 1, column as u32 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_follow_cr_lf_and_crlf() {
        let text = "(;\r\nB[aa]\rW[bb]\nB[cé]X";
        let index = LineIndex::new(text);
        assert_eq!(index.line_col(0), (1, 1));
        assert_eq!(index.line_col(4), (2, 1));
        assert_eq!(index.line_col(10), (3, 1));
        let x = text.find('X').unwrap();
        assert_eq!(index.line_col(x), (4, 6));
    }

    #[test]
    fn columns_count_characters_across_blocks_of_a_long_line() {
        // Multi-byte characters straddle the 64-byte blocks; every column must match a plain count.
        let text = format!("(;C[{}]\nB[{}]X", "é李".repeat(50), "a€".repeat(70));
        let index = LineIndex::new(&text);
        let (mut line, mut line_start) = (1, 0);
        for (offset, c) in text.char_indices() {
            let column = text[line_start..offset].chars().count() as u32 + 1;
            assert_eq!(index.line_col(offset), (line, column), "offset {offset}");
            if c == '\n' {
                (line, line_start) = (line + 1, offset + 1);
            }
        }
        // The end of the text: `B[`, 140 characters, `]X` make 144, so the end is column 145.
        assert_eq!(index.line_col(text.len()), (2, 145));
    }
}
