//! Bytes → text. Strips a BOM, recognises UTF-16, and decodes with the record's `CA` charset before
//! anything is tokenised: in GBK and Shift_JIS the second byte of a character can be `\` (0x5C) or `]`
//! (0x5D), so a byte-level tokenizer would cut values in the wrong place (STYLE.md, sgf-parse limitation 1).
//!
//! The order (issue #2): valid UTF-8 as is; else the `CA` charset; else a charset guessed from the bytes
//! (chardetng, made for encoding_rs) when the guess reads them cleanly; else windows-1252 (Latin-1 with the
//! Windows additions), which reads any byte, with a warning. A guess is always said, and so is a guess that
//! changes how the text splits into properties: in a multi-byte charset a `]` or `\` byte can be half of a
//! character (issue #14, item 22).

use std::borrow::Cow;

use encoding_rs::{DecoderResult, Encoding, UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252};

use gotool_model::{Diagnostic, Severity, plural};

/// Something about the charset a user should hear about. Never fatal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CharsetNote {
    /// The bytes are not valid in the declared (or assumed) charset; they were read as windows-1252.
    Fallback {
        /// The declared charset, if any.
        declared: Option<String>,
    },
    /// `CA` names one charset but the bytes are clearly another.
    Mismatch {
        /// The declared charset.
        declared: String,
        /// The charset used.
        used: &'static str,
    },
    /// `CA` says UTF-16 but the file is 8-bit text: the `CA` property itself is written in single bytes.
    NotUtf16 {
        /// The declared charset.
        declared: String,
        /// The charset used.
        used: &'static str,
    },
    /// `CA` names a charset gotool does not know.
    Unknown {
        /// The declared charset.
        declared: String,
    },
    /// The text is UTF-8 but for a few broken sequences (a character cut short, as servers cut long names at a
    /// byte count), each read as U+FFFD.
    BrokenUtf8 {
        /// The declared charset, if any.
        declared: Option<String>,
        /// How many sequences were replaced.
        replaced: usize,
    },
    /// The charset was guessed from the bytes: none is declared, or the declared one does not read them.
    Guessed {
        /// The declared charset, if any.
        declared: Option<String>,
        /// The charset guessed and used.
        guessed: &'static str,
        /// Bytes that a single-byte reading takes for `[`, `]`, `\`, `(`, `)` or `;` and the guessed charset
        /// reads as parts of characters: how much the guess changes the structure of the record.
        structure_bytes: usize,
    },
    /// A record format that declares no charset (GIB, NGF, UGF) read in the charset a header field implies.
    Implied {
        /// The format's name (`GIB`).
        format: &'static str,
        /// The field that implies it (`GIBOKIND=Korea`).
        field: String,
        /// The charset used.
        used: &'static str,
    },
    /// A record format that declares no charset, not UTF-8: the charset was guessed from its bytes (the one a
    /// header field implies, if any, does not read them).
    FormatGuessed {
        /// The format's name.
        format: &'static str,
        /// The field that implied a charset that does not read the bytes.
        implied: Option<String>,
        /// The charset guessed and used.
        guessed: &'static str,
    },
    /// A record format that declares no charset, not UTF-8 nor any charset tried: read as windows-1252.
    FormatFallback {
        /// The format's name.
        format: &'static str,
    },
    /// More than one different `CA` in the file; one charset is used for the whole file, chosen by the first
    /// `CA` as far as the bytes fit it (the other notes say when they did not).
    Several {
        /// The first one declared.
        first: String,
        /// Another.
        other: String,
    },
}

impl CharsetNote {
    /// The diagnostic code.
    pub fn code(&self) -> &'static str {
        match self {
            CharsetNote::Fallback { .. } => "charset-fallback",
            CharsetNote::Mismatch { .. } | CharsetNote::NotUtf16 { .. } => "charset-mismatch",
            CharsetNote::Unknown { .. } => "unknown-charset",
            CharsetNote::Several { .. } => "charset-conflict",
            CharsetNote::Guessed { .. } | CharsetNote::FormatGuessed { .. } => "charset-guessed",
            CharsetNote::Implied { .. } => "charset-implied",
            CharsetNote::FormatFallback { .. } => "charset-fallback",
            CharsetNote::BrokenUtf8 { .. } => "broken-utf8",
        }
    }

    /// A guess made without a declaration, that leaves the structure as a single-byte reading sees it, is a
    /// note; everything else is worth a warning.
    pub fn severity(&self) -> Severity {
        match self {
            CharsetNote::Guessed { declared: None, structure_bytes: 0, .. }
            | CharsetNote::Implied { .. }
            | CharsetNote::FormatGuessed { implied: None, .. } => Severity::Info,
            _ => Severity::Warning,
        }
    }

    /// The message for a report; `used` is the charset the whole file was read with.
    pub fn message(&self, used: &str) -> String {
        match self {
            CharsetNote::Fallback { declared: Some(d) } => {
                format!(
                    "the text is not valid {d} as CA[{d}] declares; read as windows-1252 (names and comments may be \
                     garbled)"
                )
            }
            CharsetNote::Fallback { declared: None } => {
                "the text is not valid UTF-8 and no CA property names its charset; read as windows-1252".to_string()
            }
            CharsetNote::BrokenUtf8 { declared, replaced } => {
                let declared = match declared {
                    Some(d) if d.eq_ignore_ascii_case("utf-8") || d.eq_ignore_ascii_case("utf8") => String::new(),
                    Some(d) => format!(" (not {d} as CA[{d}] declares)"),
                    None => String::new(),
                };
                format!(
                    "the text is UTF-8{declared} but for {replaced} broken sequence{} (a character cut short?), read \
                     as U+FFFD",
                    plural(*replaced)
                )
            }
            CharsetNote::Guessed { declared, guessed, structure_bytes } => {
                let why = match declared {
                    Some(d) => format!("the text is not valid {d} as CA[{d}] declares"),
                    None => "the text is not valid UTF-8 and no CA property names its charset".to_string(),
                };
                let structure = match structure_bytes {
                    0 => String::new(),
                    n => format!(
                        "; {n} byte{} that a single-byte charset reads as `[`, `]`, `\\`, `(`, `)` or `;` {} part of \
                         characters in {guessed}, which changes how the record splits into properties (check the moves)",
                        plural(*n),
                        if *n == 1 { "is" } else { "are" }
                    ),
                };
                format!("{why}; read as {guessed}, guessed from its bytes{structure}")
            }
            CharsetNote::Mismatch { declared, used } => {
                format!("CA[{declared}] does not match the bytes, which are valid {used}; read as {used}")
            }
            CharsetNote::NotUtf16 { declared, used } => format!(
                "CA[{declared}] declares UTF-16, but the file is 8-bit text (the CA property itself is written in \
                 single bytes); read as {used}"
            ),
            CharsetNote::Unknown { declared } => format!("unknown charset CA[{declared}]"),
            CharsetNote::Implied { format, field, used } => {
                format!("the {format} file is not UTF-8; read as {used}, as {field} implies")
            }
            CharsetNote::FormatGuessed { format, implied: Some(field), guessed } => format!(
                "the {format} file is neither UTF-8 nor valid in the charset {field} implies; read as {guessed}, \
                 guessed from its bytes"
            ),
            CharsetNote::FormatGuessed { format, implied: None, guessed } => {
                format!(
                    "the {format} file is not UTF-8 and names no charset; read as {guessed}, guessed from its bytes"
                )
            }
            CharsetNote::FormatFallback { format } => format!(
                "the {format} file is not UTF-8 nor in any East Asian charset gotool tried; read as windows-1252 \
                 (names and comments may be garbled)"
            ),
            CharsetNote::Several { first, other } => {
                format!(
                    "the file declares two charsets, CA[{first}] and CA[{other}]; the whole file was read as {used}"
                )
            }
        }
    }
}

/// Why bytes cannot be read as an SGF text at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// Nothing but white space.
    #[error("the file is empty")]
    Empty,
    /// A known binary format (named).
    #[error("this is a {0} file, not an SGF record")]
    Binary(&'static str),
    /// NUL bytes at the start.
    #[error("the file starts with NUL bytes: binary data, not an SGF text")]
    NulBytes,
}

/// Decoded text and how it was decoded.
#[derive(Debug)]
pub struct Decoded<'a> {
    /// The text.
    pub text: Cow<'a, str>,
    /// The charset actually used, e.g. `UTF-8`, `GBK`, `windows-1252`.
    pub charset: &'static str,
    /// Each note with the byte offset in `text` it is about, where there is one: the first character that is
    /// not valid in the declared charset, the first non-ASCII character read as UTF-8 against `CA`, or the
    /// `CA` value in question.
    pub notes: Vec<(CharsetNote, Option<usize>)>,
}

impl Decoded<'_> {
    /// The notes as diagnostics (with byte offsets, not yet placed).
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        self.notes
            .iter()
            .map(|(note, at)| {
                let d = Diagnostic::new(note.severity(), note.code(), note.message(self.charset));
                if let Some(offset) = *at { d.at(offset) } else { d }
            })
            .collect()
    }
}

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// Decodes a file's bytes. Fails only on input that is plainly not text (empty, a known binary format, NUL bytes).
pub fn decode(bytes: &[u8]) -> Result<Decoded<'_>, DecodeError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(DecodeError::Empty);
    }
    if let Some(kind) = binary_signature(bytes) {
        return Err(DecodeError::Binary(kind));
    }
    if let Some(encoding) = utf16_kind(bytes) {
        let (text, _, _) = encoding.decode(bytes); // strips a BOM if there is one
        return Ok(Decoded { text: Cow::Owned(text.into_owned()), charset: encoding.name(), notes: Vec::new() });
    }
    let body = bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes);
    // A NUL byte inside is left to the scanner: in a value it is harmless, elsewhere a syntax error with its
    // place. Only text that starts with one is refused outright.
    if body.first() == Some(&0) {
        return Err(DecodeError::NulBytes);
    }
    let declared = declared_charsets(body);
    // Notes with byte offsets into `body`; turned into offsets into the decoded text at the end.
    let mut notes: Vec<(CharsetNote, Option<usize>)> = Vec::new();
    if let [(first, _), .., (last, last_at)] = declared.as_slice()
        && !first.eq_ignore_ascii_case(last)
    {
        notes.push((CharsetNote::Several { first: first.clone(), other: last.clone() }, Some(*last_at)));
    }
    let (declared, declared_at) = declared.into_iter().next().map_or((None, None), |(l, at)| (Some(l), Some(at)));
    let known = declared.as_deref().map(|label| (label, encoding_for_ca(label)));
    // A real UTF-16 file was recognised above; a `CA[UTF-16]` found byte by byte is in an 8-bit text, written by
    // a program that declared a charset it did not use. Decoding it as UTF-16 would turn it into garbage.
    let lying_utf16 =
        known.and_then(|(label, enc)| enc.filter(|&e| e == UTF_16LE || e == UTF_16BE).map(|_| label.to_string()));

    let utf8 = std::str::from_utf8(body);
    if let Ok(text) = utf8 {
        // Valid UTF-8 is taken as UTF-8 whatever CA says (OGS and others write UTF-8 without CA, or with a stale CA).
        if let Some(declared) = lying_utf16 {
            notes.push((CharsetNote::NotUtf16 { declared, used: "UTF-8" }, declared_at));
        } else if let Some((label, Some(enc))) = known
            && enc != UTF_8
            && !text.is_ascii()
        {
            let first_non_ascii = body.iter().position(|b| !b.is_ascii());
            notes.push((CharsetNote::Mismatch { declared: label.to_string(), used: "UTF-8" }, first_non_ascii));
        } else if let Some((label, None)) = known {
            notes.push((CharsetNote::Unknown { declared: label.to_string() }, declared_at));
        }
        return Ok(Decoded { text: Cow::Borrowed(text), charset: "UTF-8", notes });
    }
    // Where the text stops being UTF-8: the place of a fallback from UTF-8, declared or assumed.
    let first_non_utf8 = utf8.err().map(|e| e.valid_up_to());

    // The declaration that did not read the text (for the fallback's note), and where it first failed.
    let (failed, first_bad) = match known {
        Some(_) if let Some(declared) = lying_utf16 => {
            notes.push((CharsetNote::NotUtf16 { declared, used: "windows-1252" }, declared_at));
            return Ok(read_as(WINDOWS_1252, body, notes));
        }
        Some((_, Some(enc))) if enc != UTF_8 => match decode_strictly(enc, body) {
            Ok(text) => {
                let notes = place_notes(notes, enc, body);
                return Ok(Decoded { text: Cow::Owned(text), charset: enc.name(), notes });
            }
            Err(first_invalid) => (declared.clone(), first_invalid),
        },
        Some((label, None)) => {
            notes.push((CharsetNote::Unknown { declared: label.to_string() }, declared_at));
            (None, first_non_utf8)
        }
        Some((label, Some(_))) => (Some(label.to_string()), first_non_utf8),
        None => (None, first_non_utf8),
    };
    if let Some(replaced) = mostly_utf8(body) {
        let Decoded { text, charset, notes: mut placed } = read_as(UTF_8, body, notes);
        let at = first_bad.map(|at| std::str::from_utf8(&body[..at]).map_or(at, str::len));
        placed.push((CharsetNote::BrokenUtf8 { declared: failed, replaced }, at));
        return Ok(Decoded { text, charset, notes: placed });
    }
    if let Some(guessed) = guess(body) {
        let Decoded { text, charset, notes: mut placed } = read_as(guessed, body, notes);
        let structure_bytes = structure_bytes(body).saturating_sub(structure_bytes(text.as_bytes()));
        placed.push((CharsetNote::Guessed { declared: failed, guessed: charset, structure_bytes }, None));
        return Ok(Decoded { text, charset, notes: placed });
    }
    notes.push((CharsetNote::Fallback { declared: failed }, first_bad));
    Ok(read_as(WINDOWS_1252, body, notes))
}

/// What a file's own bytes say about its charset, for [`decode_format`]: the formats that declare no charset (GIB, NGF, UGF) imply one in their header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CharsetHint {
    /// The format's name, for messages.
    pub format: &'static str,
    /// The charset the header implies (an `encoding_rs` label) and the field that implies it
    /// (`GIBOKIND=Korea`).
    pub implied: Option<(&'static str, String)>,
    /// The charsets to guess among when the text is not UTF-8 and nothing implies one (or the implied one does
    /// not read it), most likely first.
    pub candidates: &'static [&'static str],
}

/// Decodes the bytes of a record in a format that declares no charset (GIB, NGF, UGF: docs/formats.md,
/// ambiguity 27), with what its header implies (`hint`): valid UTF-8 as is; else the implied charset when it
/// reads every byte; else UTF-8 with a few broken sequences; else the candidate chardetng guesses, or the first
/// that reads every byte; else windows-1252. The charset used is always said when it is not UTF-8. Fails only on
/// input that is plainly not text, as [`decode`].
pub fn decode_format<'a>(bytes: &'a [u8], hint: &CharsetHint) -> Result<Decoded<'a>, DecodeError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(DecodeError::Empty);
    }
    if let Some(kind) = binary_signature(bytes) {
        return Err(DecodeError::Binary(kind));
    }
    if bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF") {
        let encoding = if bytes[0] == 0xFF { UTF_16LE } else { UTF_16BE };
        let (text, _, _) = encoding.decode(bytes);
        return Ok(Decoded { text: Cow::Owned(text.into_owned()), charset: encoding.name(), notes: Vec::new() });
    }
    let body = bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes);
    if body.first() == Some(&0) {
        return Err(DecodeError::NulBytes);
    }
    let format = hint.format;
    let utf8 = std::str::from_utf8(body);
    if let Ok(text) = utf8 {
        return Ok(Decoded { text: Cow::Borrowed(text), charset: "UTF-8", notes: Vec::new() });
    }
    let first_bad = utf8.err().map(|e| e.valid_up_to());
    let mut failed = None;
    if let Some((label, field)) = &hint.implied
        && let Some(enc) = Encoding::for_label(label.as_bytes())
    {
        match decode_strictly(enc, body) {
            Ok(text) => {
                let note = CharsetNote::Implied { format, field: field.clone(), used: enc.name() };
                return Ok(Decoded { text: Cow::Owned(text), charset: enc.name(), notes: vec![(note, None)] });
            }
            Err(_) => failed = Some(field.clone()),
        }
    }
    if let Some(replaced) = mostly_utf8(body) {
        let Decoded { text, charset, .. } = read_as(UTF_8, body, Vec::new());
        let at = first_bad.map(|at| std::str::from_utf8(&body[..at]).map_or(at, str::len));
        return Ok(Decoded { text, charset, notes: vec![(CharsetNote::BrokenUtf8 { declared: None, replaced }, at)] });
    }
    let candidates: Vec<&'static Encoding> =
        hint.candidates.iter().filter_map(|label| Encoding::for_label(label.as_bytes())).collect();
    // chardetng names GBK for Chinese text; GB18030 reads all of GBK and more.
    let guessed = guess(body).map(|g| if g == encoding_rs::GBK { encoding_rs::GB18030 } else { g });
    let chosen = guessed
        .filter(|g| candidates.contains(g))
        .or_else(|| candidates.iter().copied().find(|&enc| decode_strictly(enc, body).is_ok()));
    if let Some(enc) = chosen {
        let Decoded { text, charset, .. } = read_as(enc, body, Vec::new());
        let note = CharsetNote::FormatGuessed { format, implied: failed, guessed: charset };
        return Ok(Decoded { text, charset, notes: vec![(note, None)] });
    }
    let at = first_bad.map(|at| WINDOWS_1252.decode_without_bom_handling(&body[..at]).0.len());
    let Decoded { text, charset, .. } = read_as(WINDOWS_1252, body, Vec::new());
    Ok(Decoded { text, charset, notes: vec![(CharsetNote::FormatFallback { format }, at)] })
}

/// When the bytes are UTF-8 but for a few broken sequences, how many: at least two valid non-ASCII characters
/// for each broken one (text in another multi-byte charset is almost never valid UTF-8, so its characters come
/// out nearly all broken).
fn mostly_utf8(body: &[u8]) -> Option<usize> {
    let text = String::from_utf8_lossy(body);
    let broken = text.chars().filter(|&c| c == char::REPLACEMENT_CHARACTER).count();
    let valid = text.chars().filter(|&c| !c.is_ascii() && c != char::REPLACEMENT_CHARACTER).count();
    (broken > 0 && valid >= 2 * broken).then_some(broken)
}

/// The charset the bytes most likely are, when it is a multi-byte one that reads all of them: chardetng's guess
/// from the non-ASCII bytes. A single-byte guess is not taken: windows-1252 reads any byte, and for the few
/// accented letters of a European name chardetng cannot tell one single-byte charset from another.
fn guess(body: &[u8]) -> Option<&'static Encoding> {
    // A few bytes are as likely one charset as another (`C[\xC5\xCC\xC3\xE6]` reads as GBK and as EUC-JP):
    // below this many non-ASCII bytes there is nothing to guess from.
    const ENOUGH_TO_GUESS: usize = 8;
    if body.iter().filter(|b| !b.is_ascii()).count() < ENOUGH_TO_GUESS {
        return None;
    }
    let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    detector.feed(body, true);
    let guessed = detector.guess(None, chardetng::Utf8Detection::Deny);
    let multi_byte =
        [encoding_rs::GBK, encoding_rs::BIG5, encoding_rs::SHIFT_JIS, encoding_rs::EUC_JP, encoding_rs::EUC_KR];
    (multi_byte.contains(&guessed) && decode_strictly(guessed, body).is_ok()).then_some(guessed)
}

/// How many bytes of `text` are the ASCII characters SGF's structure is made of.
fn structure_bytes(text: &[u8]) -> usize {
    text.iter().filter(|b| matches!(b, b'[' | b']' | b'\\' | b'(' | b')' | b';')).count()
}

/// The whole text read with `enc`, which reads every byte (malformed sequences become U+FFFD), its notes placed.
fn read_as<'a>(enc: &'static Encoding, body: &[u8], notes: Vec<(CharsetNote, Option<usize>)>) -> Decoded<'a> {
    let (text, _) = enc.decode_without_bom_handling(body);
    let notes = place_notes(notes, enc, body);
    Decoded { text: Cow::Owned(text.into_owned()), charset: enc.name(), notes }
}

/// Turns the notes' byte offsets in `body` into offsets in its text decoded with `enc` (the decoded prefix's
/// length). Latin-1 (windows-1252) turns each byte into one character, of one to three bytes in the text.
fn place_notes(
    notes: Vec<(CharsetNote, Option<usize>)>,
    enc: &'static Encoding,
    body: &[u8],
) -> Vec<(CharsetNote, Option<usize>)> {
    let place = |at: usize| enc.decode_without_bom_handling(&body[..at.min(body.len())]).0.len();
    notes.into_iter().map(|(note, at)| (note, at.map(place))).collect()
}

/// `bytes` decoded with `enc` in one pass, or, when they are not valid in it, where the first bad byte sequence
/// starts (`None` only if the text is too large to decode at all).
fn decode_strictly(enc: &'static Encoding, bytes: &[u8]) -> Result<String, Option<usize>> {
    let mut decoder = enc.new_decoder_without_bom_handling();
    let capacity = decoder.max_utf8_buffer_length_without_replacement(bytes.len()).ok_or(None)?;
    let mut out = String::with_capacity(capacity);
    match decoder.decode_to_string_without_replacement(bytes, &mut out, true) {
        (DecoderResult::InputEmpty, _) => Ok(out),
        // (length of the bad sequence, bytes read after it), and the bytes read in all.
        (DecoderResult::Malformed(bad, after), read) => {
            Err(Some(read.saturating_sub(usize::from(bad) + usize::from(after))))
        }
        (DecoderResult::OutputFull, _) => Err(None),
    }
}

/// The codec for a `CA` value: WHATWG labels (`encoding_rs`), plus spellings seen in real records that the
/// WHATWG list lacks (`ISO8859_1`, `EUC-CN`, `UTF8`, `SJIS`, `CP936`, `MacRoman`, `Big-5`, `CP950`). The one
/// reading of a `CA` value: the decoder and the splitter of streamed collections both ask here.
pub(crate) fn encoding_for_ca(label: &str) -> Option<&'static Encoding> {
    let label = label.trim();
    if let Some(enc) = Encoding::for_label(label.as_bytes()) {
        return Some(enc);
    }
    let squeezed: String = label.chars().filter(|c| c.is_ascii_alphanumeric()).collect::<String>().to_ascii_lowercase();
    let alias = match squeezed.as_str() {
        "utf8" => "utf-8",
        "euccn" | "cp936" | "gb2312" => "gbk",
        "sjis" | "cp932" | "ms932" | "xsjis" | "mskanji" | "shiftjis" => "shift_jis",
        "big5" | "cp950" => "big5",
        "cp949" | "uhc" | "euckr" => "euc-kr",
        "macroman" | "macintosh" => "macintosh",
        s if s.starts_with("iso8859") => {
            let part = &s["iso8859".len()..];
            return Encoding::for_label(format!("iso-8859-{part}").as_bytes());
        }
        s if s.starts_with("cp125") || s.starts_with("windows125") => {
            let digit = &s[s.len() - 1..];
            return Encoding::for_label(format!("windows-125{digit}").as_bytes());
        }
        _ => return None,
    };
    Encoding::for_label(alias.as_bytes())
}

/// Recognises common binary formats that users point tools at by mistake.
fn binary_signature(bytes: &[u8]) -> Option<&'static str> {
    const SIGNATURES: &[(&[u8], &str)] = &[
        (b"\x89PNG\r\n\x1a\n", "PNG image"),
        (b"\xFF\xD8\xFF", "JPEG image"),
        (b"GIF8", "GIF image"),
        (b"%PDF", "PDF"),
        (b"PK\x03\x04", "ZIP archive"),
        (b"\x1F\x8B", "gzip archive"),
        (b"BZh", "bzip2 archive"),
        (b"\x7FELF", "ELF executable"),
    ];
    SIGNATURES.iter().find(|(sig, _)| bytes.starts_with(sig)).map(|&(_, name)| name)
}

/// How many bytes at the start of a file decide whether it is UTF-16 without a BOM.
pub(crate) const UTF16_SNIFF_BYTES: usize = 512;

/// UTF-16 by BOM, or without one by the shape of the first few hundred bytes: SGF structure and property
/// names are ASCII, so in UTF-16LE most odd bytes are NUL (in UTF-16BE most even ones) and the punctuation
/// `(`, `;`, `[`, `]` appears as whole code units. Names and comments in Chinese, Japanese or Korean have no
/// NUL byte, so they only lower the share of such units, however far: the test is the punctuation and one
/// byte order clearly ahead of the other. 8-bit text (UTF-8, Latin-1, GBK) has a NUL only by accident, and
/// hardly ever right after `(` or `;` in the same parity twice.
pub(crate) fn utf16_kind(bytes: &[u8]) -> Option<&'static Encoding> {
    if bytes.starts_with(b"\xFF\xFE") {
        return Some(UTF_16LE);
    }
    if bytes.starts_with(b"\xFE\xFF") {
        return Some(UTF_16BE);
    }
    let head = &bytes[..bytes.len().min(UTF16_SNIFF_BYTES) & !1];
    let units = head.len() / 2;
    // Most files have no NUL byte at all: one fast search settles them.
    if units < 2 || memchr::memchr(0, head).is_none() {
        return None;
    }
    let is_punct = |b: u8| matches!(b, b'(' | b';' | b'[' | b']');
    // (NUL high bytes, ASCII punctuation units) for each byte order.
    let (mut le, mut be) = ((0, 0), (0, 0));
    for pair in head.chunks_exact(2) {
        let (first, second) = (pair[0], pair[1]);
        if second == 0 {
            le.0 += 1;
            le.1 += usize::from(is_punct(first));
        }
        if first == 0 {
            be.0 += 1;
            be.1 += usize::from(is_punct(second));
        }
    }
    // Far fewer units look ASCII in the other byte order, and either every unit is ASCII (a short file) or
    // the SGF punctuation is there as whole units: `(` and `;` at least. No share of ASCII units is asked for:
    // a header of a few properties followed by a long comment in Chinese leaves only a few dozen in the sample.
    let looks_like = |(zero, punct): (usize, usize), (other_zero, _): (usize, usize)| {
        4 * other_zero <= zero && (zero == units || (zero >= 4 && punct >= 2))
    };
    if looks_like(le, be) {
        Some(UTF_16LE)
    } else if looks_like(be, le) {
        Some(UTF_16BE)
    } else {
        None
    }
}

/// Each `CA[...]` value in the raw bytes, in order, with the offset of its text: the one search for them, which
/// the decoder and the splitter of streamed collections both use. The charset name is ASCII, so a byte search
/// finds it without decoding (and a value cut short by a trail byte cannot hide it); `CA` must not be the tail
/// of a longer identifier, and a value longer than 64 bytes is no charset name.
pub(crate) fn ca_values(bytes: &[u8]) -> impl Iterator<Item = (&[u8], usize)> {
    // A vectorised substring search over the whole input.
    memchr::memmem::find_iter(bytes, b"CA").filter_map(move |start| {
        if start > 0 && bytes[start - 1].is_ascii_alphabetic() {
            return None;
        }
        let open = start + 2 + bytes[start + 2..].iter().position(|b| !b.is_ascii_whitespace())?;
        if bytes[open] != b'[' {
            return None;
        }
        let len = bytes[open + 1..].iter().take(64).position(|&b| b == b']')?;
        Some((&bytes[open + 1..open + 1 + len], open + 1))
    })
}

/// Every different `CA[...]` value in the raw bytes, in order (the first two), with the offset of its text.
fn declared_charsets(bytes: &[u8]) -> Vec<(String, usize)> {
    let mut found: Vec<(String, usize)> = Vec::new();
    for (raw, at) in ca_values(bytes) {
        let value = String::from_utf8_lossy(raw).trim().trim_end_matches('\\').to_string();
        if !value.is_empty() && !found.iter().any(|(f, _)| f.eq_ignore_ascii_case(&value)) {
            found.push((value, at));
        }
        if found.len() >= 2 {
            break;
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_is_borrowed_and_bom_stripped() {
        let d = decode(b"\xEF\xBB\xBF(;GM[1])").unwrap();
        assert_eq!(d.text, "(;GM[1])");
        assert!(matches!(d.text, Cow::Borrowed(_)));
        assert!(d.notes.is_empty());
    }

    #[test]
    fn gbk_trail_byte_0x5d_stays_inside_its_character() {
        // 乗 is not GBK; use 臷 (GBK 0xC5 0x5D is "臷"? any pair with a 0x5D trail byte will do).
        let bytes = b"(;CA[GBK]PB[\xC5\x5D]B[aa])";
        let d = decode(bytes).unwrap();
        assert_eq!(d.charset, "GBK");
        // The `]` byte was part of a character: the text still has exactly the SGF brackets we wrote.
        assert_eq!(d.text.matches(']').count(), 3);
    }

    #[test]
    fn invalid_utf8_without_ca_falls_back_to_latin1() {
        let d = decode(b"(;PB[Jos\xE9])").unwrap();
        assert_eq!(d.text, "(;PB[José])");
        assert_eq!(d.notes, vec![(CharsetNote::Fallback { declared: None }, Some(8))]);
    }

    #[test]
    fn ca_utf8_contradicted_by_bytes_is_reported() {
        let d = decode(b"(;CA[UTF-8]PB[\xC4\xE3])").unwrap();
        assert_eq!(d.notes, vec![(CharsetNote::Fallback { declared: Some("UTF-8".into()) }, Some(14))]);
    }

    #[test]
    fn utf16_with_and_without_bom() {
        let le: Vec<u8> = "(;GM[1])".encode_utf16().flat_map(|u| u.to_le_bytes()).collect();
        let mut with_bom = vec![0xFF, 0xFE];
        with_bom.extend(&le);
        assert_eq!(decode(&with_bom).unwrap().text, "(;GM[1])");
        assert_eq!(decode(&le).unwrap().text, "(;GM[1])");
        let be: Vec<u8> = "(;GM[1])".encode_utf16().flat_map(|u| u.to_be_bytes()).collect();
        assert_eq!(decode(&be).unwrap().text, "(;GM[1])");
    }

    #[test]
    fn utf16_without_bom_with_cjk_names_at_the_start() {
        // See: #6 — the names come before any long ASCII run, so not every high byte is NUL.
        let text = "(;PB[李昌镐]PW[趙治勲]PC[서울]GM[1]SZ[19];B[pd])";
        let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        let d = decode(&le).unwrap();
        assert_eq!((d.text.as_ref(), d.charset), (text, "UTF-16LE"));
        let d = decode(&be).unwrap();
        assert_eq!((d.text.as_ref(), d.charset), (text, "UTF-16BE"));
    }

    #[test]
    fn utf16_without_bom_with_a_long_cjk_comment_after_the_header() {
        // See: #6 — found in review: a header of a few properties, then 300 CJK characters, leaves only 55
        // ASCII units among the first 256; a share-of-ASCII test refused it, the first-32-units test took it.
        let text = format!("(;GM[1]FF[4]SZ[19]KM[6.5]RU[Japanese]PB[Lee]PW[Cho]GC[{}];B[pd];W[dd])", "围".repeat(300));
        let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!(decode(&le).unwrap().charset, "UTF-16LE");
        assert_eq!(decode(&be).unwrap().text, text);
        // Even straight after `(;C[`.
        let text = format!("(;C[{}]GM[1];B[pd])", "囲碁".repeat(300));
        let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        assert_eq!(decode(&le).unwrap().text, text);
        // A three-character file.
        assert_eq!(decode(b"(\0;\0)\0").unwrap().charset, "UTF-16LE");
    }

    #[test]
    fn eight_bit_text_with_a_few_nul_bytes_is_not_utf16() {
        let d = decode(b"(;GM[1]C[a\0b\0c\0d\0]PB[Jos\xE9];B[aa])").unwrap();
        assert_eq!(d.charset, "windows-1252");
        assert!(d.text.starts_with("(;GM[1]C[a\0b"));
        let d = decode("(;C[\0\0\0\0]PB[李昌镐];B[aa])".as_bytes()).unwrap();
        assert_eq!(d.charset, "UTF-8");
        // Pairs of NUL bytes could be either byte order: not enough to call it UTF-16.
        assert!(utf16_kind(b"\0\0\0\0(;B[aa])").is_none());
    }

    #[test]
    fn ca_utf16_on_8_bit_text_is_read_as_utf8_or_windows_1252() {
        // See: #6 — a program wrote CA[UTF-16] on a file it wrote in UTF-8 or Latin-1.
        let d = decode("(;CA[UTF-16]PB[李昌镐]B[aa])".as_bytes()).unwrap();
        assert_eq!((d.text.as_ref(), d.charset), ("(;CA[UTF-16]PB[李昌镐]B[aa])", "UTF-8"));
        assert_eq!(d.notes, vec![(CharsetNote::NotUtf16 { declared: "UTF-16".into(), used: "UTF-8" }, Some(5))]);
        let d = decode(b"(;CA[UTF-16LE]PB[Jos\xE9]B[aa])").unwrap();
        assert_eq!((d.text.as_ref(), d.charset), ("(;CA[UTF-16LE]PB[José]B[aa])", "windows-1252"));
        assert_eq!(
            d.notes,
            vec![(CharsetNote::NotUtf16 { declared: "UTF-16LE".into(), used: "windows-1252" }, Some(5))]
        );
        assert_eq!(d.notes[0].0.code(), "charset-mismatch");
        let d = decode(b"(;CA[utf-16be]PB[Jos\xE9]B[aa])").unwrap();
        assert_eq!(d.text, "(;CA[utf-16be]PB[José]B[aa])");
        // ASCII is read the same either way, but the declaration is still wrong.
        let d = decode(b"(;CA[UTF-16]B[aa])").unwrap();
        assert_eq!(d.charset, "UTF-8");
        assert_eq!(d.notes.len(), 1);
    }

    #[test]
    fn binary_and_empty_inputs_are_refused() {
        assert_eq!(decode(b"").unwrap_err(), DecodeError::Empty);
        assert_eq!(decode(b" \n\t").unwrap_err(), DecodeError::Empty);
        assert_eq!(decode(b"\x89PNG\r\n\x1a\n....").unwrap_err(), DecodeError::Binary("PNG image"));
        assert_eq!(decode(b"\0\0\0\x01garbage").unwrap_err(), DecodeError::NulBytes);
        assert!(decode(b"(;C[\0]B[aa])").is_ok());
    }

    #[test]
    fn ca_spellings_from_real_records() {
        assert_eq!(encoding_for_ca("ISO8859_1").map(|e| e.name()), Some("windows-1252"));
        assert_eq!(encoding_for_ca("EUC-CN").map(|e| e.name()), Some("GBK"));
        assert_eq!(encoding_for_ca("MS_KANJI").map(|e| e.name()), Some("Shift_JIS"));
        assert_eq!(encoding_for_ca("UTF8").map(|e| e.name()), Some("UTF-8"));
        assert_eq!(encoding_for_ca("cp1251").map(|e| e.name()), Some("windows-1251"));
        assert_eq!(encoding_for_ca("foo"), None);
    }

    #[test]
    fn two_different_charsets_are_noted() {
        let d = decode(b"(;CA[UTF-8])(;CA[ISO-8859-1])").unwrap();
        assert_eq!(d.notes.len(), 1);
        assert_eq!(d.notes[0].0.code(), "charset-conflict");
        assert_eq!(d.notes[0].1, Some(17), "at the second CA's value");
        assert!(d.notes[0].0.message(d.charset).ends_with("the whole file was read as UTF-8"));
        // The first CA is UTF-8 but the bytes are not: the message names the charset really used.
        let d = decode(b"(;CA[UTF-8]PB[\xE9])(;CA[ISO-8859-1])").unwrap();
        let conflict = d.notes.iter().find(|(n, _)| n.code() == "charset-conflict").unwrap();
        assert!(conflict.0.message(d.charset).ends_with("read as windows-1252"), "{}", conflict.0.message(d.charset));
    }

    #[test]
    fn notes_point_at_the_first_character_the_declared_charset_cannot_read() {
        // See: #6 — each charset note is placed in the decoded text.
        // GBK: C4 E3 is one character, FF is no GBK byte. It is byte 17, but in the Latin-1 text the two bytes
        // before it became Ä and ã, two bytes each: offset 19.
        let d = decode(b"(;CA[GBK]PB[\xC4\xE3]C[\xFF\xFF])").unwrap();
        assert_eq!(d.charset, "windows-1252");
        assert_eq!(d.notes, vec![(CharsetNote::Fallback { declared: Some("GBK".into()) }, Some(19))]);
        assert_eq!(&d.text[19..], "ÿÿ])");
        // Shift_JIS: 82 A0 is あ, 82 FF is no character.
        let d = decode(b"(;CA[Shift_JIS]C[\x82\xA0\x82\xFF])").unwrap();
        assert_eq!(d.notes[0].1.map(|at| &d.text[at..]), Some("‚ÿ])"));
        // UTF-8 against CA: the first non-ASCII character.
        let d = decode("(;CA[GBK]PB[李]B[aa])".as_bytes()).unwrap();
        assert_eq!(d.notes, vec![(CharsetNote::Mismatch { declared: "GBK".into(), used: "UTF-8" }, Some(12))]);
        // An unknown CA is placed at its value, the fallback at the first byte that is not UTF-8.
        let d = decode(b"(;CA[klingon]PB[Jos\xE9])").unwrap();
        let places: Vec<_> = d.notes.iter().map(|(n, at)| (n.code(), *at)).collect();
        assert_eq!(places, [("unknown-charset", Some(5)), ("charset-fallback", Some(19))]);
    }
}
