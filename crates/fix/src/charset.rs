//! How a file's text is held while it is fixed, and how it is written back. A charset gotool knows (declared by
//! `CA` and read cleanly, UTF-16, or guessed from enough bytes without changing the record's structure) is
//! rewritten as UTF-8 with `CA[UTF-8]`; a charset gotool is not sure of (text read as windows-1252 for want of
//! a better guess, UTF-8 with broken sequences) is left as it is: the fixed file keeps every byte of its text
//! that no fix touched, and the fixes write ASCII only. A guess that changes the structure is not sure enough to
//! fix anything by: such a file is left alone.

use encoding_rs::WINDOWS_1252;

use gotool_sgf::decode::{CharsetNote, Decoded};

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// Invalid bytes of a broken UTF-8 text are held as these characters (`BASE + byte`, in the last private-use
/// plane) while it is fixed, so that writing the text back gives them back unchanged.
const BROKEN_BYTE_BASE: u32 = 0x10_FF00;

/// How the text is held and written back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// UTF-8 already; `bom` when the file starts with a byte-order mark (dropped when written).
    Utf8 {
        /// The file starts with a UTF-8 byte-order mark.
        bom: bool,
    },
    /// Read in a charset gotool is sure of (named), written as UTF-8.
    Transcode {
        /// The charset it was read in.
        from: &'static str,
        /// Why gotool is sure: `CA[…]`, a byte-order mark, or the guess.
        why: String,
    },
    /// Read as windows-1252 because nothing else read it: written back in windows-1252.
    Windows1252,
    /// UTF-8 with broken sequences: written back with the broken bytes as they were.
    BrokenUtf8 {
        /// The file starts with a UTF-8 byte-order mark.
        bom: bool,
    },
    /// The charset was guessed in a way that changes the record's structure: nothing is fixed.
    Unsure(String),
}

impl Mode {
    /// The mode for a file's bytes as `decode` read them.
    pub(super) fn of(bytes: &[u8], decoded: &Decoded) -> Mode {
        let bom = bytes.starts_with(UTF8_BOM);
        let broken = decoded.notes.iter().any(|(n, _)| matches!(n, CharsetNote::BrokenUtf8 { .. }));
        let fallback =
            decoded.notes.iter().any(|(n, _)| matches!(n, CharsetNote::Fallback { .. } | CharsetNote::NotUtf16 { .. }));
        let guessed = decoded.notes.iter().find_map(|(n, _)| match n {
            CharsetNote::Guessed { declared, structure_bytes, .. } => Some((declared.clone(), *structure_bytes)),
            _ => None,
        });
        match decoded.charset {
            "UTF-8" if broken => Mode::BrokenUtf8 { bom },
            "UTF-8" => Mode::Utf8 { bom },
            "UTF-16LE" | "UTF-16BE" => Mode::Transcode { from: decoded.charset, why: "the text is UTF-16".to_string() },
            "windows-1252" if fallback => Mode::Windows1252,
            charset => match guessed {
                Some((None, 0)) => Mode::Transcode {
                    from: charset,
                    why: "no CA names a charset; guessed from the bytes, which it reads cleanly".to_string(),
                },
                Some((declared, structure)) => Mode::Unsure(match declared {
                    Some(d) => format!("the text is not valid {d} as CA[{d}] declares, and {charset} is only a guess"),
                    None => format!(
                        "the charset ({charset}) is a guess that reads {structure} byte(s) of the record's structure \
                         as parts of characters"
                    ),
                }),
                None => Mode::Transcode { from: charset, why: "as CA declares".to_string() },
            },
        }
    }

    /// The text to fix: `decoded`'s, except for broken UTF-8, where each invalid byte is held as a character of
    /// its own so that it can be written back. `None` when such a text already holds those characters.
    pub(super) fn text(&self, bytes: &[u8], decoded: &Decoded) -> Option<String> {
        let Mode::BrokenUtf8 { bom } = self else {
            return Some(decoded.text.to_string());
        };
        let body = if *bom { &bytes[UTF8_BOM.len()..] } else { bytes };
        let mut text = String::with_capacity(body.len() + 16);
        for chunk in body.utf8_chunks() {
            if chunk.valid().chars().any(|c| c as u32 >= BROKEN_BYTE_BASE) {
                return None;
            }
            text.push_str(chunk.valid());
            text.extend(chunk.invalid().iter().filter_map(|&b| char::from_u32(BROKEN_BYTE_BASE + u32::from(b))));
        }
        Some(text)
    }

    /// Whether the fixed file is UTF-8 (and so can say `CA[UTF-8]`).
    pub(super) fn writes_utf8(&self) -> bool {
        matches!(self, Mode::Utf8 { .. } | Mode::Transcode { .. })
    }

    /// The fixed file's bytes for the fixed `text`. `None` when the text holds a character the file's charset
    /// cannot write (a fix wrote something other than ASCII into a file kept in windows-1252).
    pub(super) fn encode(&self, text: &str) -> Option<Vec<u8>> {
        match self {
            Mode::Utf8 { .. } | Mode::Transcode { .. } | Mode::Unsure(_) => Some(text.as_bytes().to_vec()),
            Mode::Windows1252 => {
                let (bytes, _, unmappable) = WINDOWS_1252.encode(text);
                (!unmappable).then(|| bytes.into_owned())
            }
            Mode::BrokenUtf8 { .. } => {
                let mut out = Vec::with_capacity(text.len());
                let mut utf8 = [0u8; 4];
                for c in text.chars() {
                    match (c as u32).checked_sub(BROKEN_BYTE_BASE) {
                        Some(b) if b <= 0xFF => out.push(b as u8),
                        _ => out.extend_from_slice(c.encode_utf8(&mut utf8).as_bytes()),
                    }
                }
                Some(out)
            }
        }
    }

    /// Whether the file starts with a UTF-8 byte-order mark that the fixed file leaves out.
    pub(super) fn drops_bom(&self) -> bool {
        matches!(self, Mode::Utf8 { bom: true } | Mode::BrokenUtf8 { bom: true })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gotool_sgf::decode::decode;

    fn round_trip(bytes: &[u8]) -> (Mode, Vec<u8>) {
        let decoded = decode(bytes).unwrap();
        let mode = Mode::of(bytes, &decoded);
        let text = mode.text(bytes, &decoded).unwrap();
        let out = mode.encode(&text).unwrap();
        (mode, out)
    }

    #[test]
    fn windows_1252_and_broken_utf8_write_back_every_byte() {
        // Every byte from 0x80 up, in a file that is not UTF-8: read as windows-1252 and written back as it was.
        let mut bytes = b"(;C[".to_vec();
        bytes.extend(0x80u8..=0xFF);
        bytes.extend_from_slice(b"])");
        assert_eq!(round_trip(&bytes), (Mode::Windows1252, bytes.clone()));
        // UTF-8 with a name cut in the middle of a character.
        let bytes = "(;PB[李昌镐]PW[趙治".as_bytes().iter().chain(b"\xE5\x8B]C[\xFF])").copied().collect::<Vec<u8>>();
        assert_eq!(round_trip(&bytes), (Mode::BrokenUtf8 { bom: false }, bytes.clone()));
    }

    #[test]
    fn known_charsets_are_written_as_utf8() {
        let (mode, out) = round_trip(b"(;CA[GBK]PB[\xC4\xE3\xBA\xC3])");
        assert!(matches!(mode, Mode::Transcode { from: "GBK", .. }), "{mode:?}");
        assert_eq!(out, "(;CA[GBK]PB[你好])".as_bytes());
        let (mode, out) = round_trip(b"\xEF\xBB\xBF(;B[aa])");
        assert_eq!((mode, out.as_slice()), (Mode::Utf8 { bom: true }, &b"(;B[aa])"[..]));
    }
}
