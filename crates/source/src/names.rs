//! What a file's name says it holds: a record (by the one table of record extensions, `gotool_sgf::formats::
//! EXTENSIONS`), SGF text, an archive or a compressed file (by the tables of container and compression
//! extensions here), and the names of archive members (`a.zip!/b/c.sgf`). Folder walks, archive walks and
//! `fix --out-dir` all ask here.

use std::path::Path;

use gotool_sgf::formats::Format;

/// The extensions of a compressed stream of one record or archive (`x.sgf.gz`, `x.tar.bz2`).
pub const COMPRESSIONS: [&str; 4] = [".gz", ".bz2", ".xz", ".zst"];

/// The extensions of an archive of members, alone or compressed in one (`.tgz` is `.tar.gz`).
pub const ARCHIVES: [&str; 8] = [".zip", ".tar", ".7z", ".tgz", ".tbz", ".tbz2", ".txz", ".tzst"];

/// The extension of the first volume of a split 7z set: the volume a walk opens the set by.
pub const FIRST_VOLUME: &str = ".7z.001";

/// The parts of a member path, outermost first: `a.zip!/b.tar.gz!/c.sgf` → `a.zip`, `b.tar.gz`, `c.sgf`.
pub fn split_member_path(path: &str) -> Vec<&str> {
    path.split("!/").collect()
}

/// The last part of a path or member path (`a.zip!/b/c.sgf` → `c.sgf`).
pub fn leaf(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

/// Named like a record in any format gotool reads (`gotool_sgf::formats::EXTENSIONS`).
pub fn is_record_name(name: &str) -> bool {
    Format::from_name(name).is_some()
}

/// A path whose extension names a record format (a dot file such as `.sgf` has no extension).
pub fn is_record_file(path: &Path) -> bool {
    path.extension().and_then(|e| e.to_str()).and_then(Format::from_extension).is_some()
}

/// Named like SGF text (`.sgf`, `.mgt`, `.sgfs`, any letter case, also compressed; a member path's last part):
/// what `fix` takes from folders and archives.
pub fn is_sgf_name(path: &str) -> bool {
    Format::from_name(without_compression(leaf(path))) == Some(Format::Sgf)
}

/// Named like an archive, or like a compressed record or archive (`x.sgf.gz`, `x.tar.bz2`; not `notes.txt.gz`).
pub fn is_archive_name(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    if ARCHIVES.iter().any(|e| lower.ends_with(e)) || is_first_volume(&lower) {
        return true;
    }
    COMPRESSIONS.iter().any(|e| {
        lower.strip_suffix(e).is_some_and(|stem| is_record_name(stem) || ARCHIVES.iter().any(|a| stem.ends_with(a)))
    })
}

/// `name.7z.001` (lower case): the first of a split 7z set.
pub fn is_first_volume(lower: &str) -> bool {
    lower.ends_with(FIRST_VOLUME)
}

/// `name` without its compressions (`x.sgf.gz` → `x.sgf`), or all of it when that would leave nothing.
pub fn without_compression(name: &str) -> &str {
    strip_suffixes(name, &COMPRESSIONS)
}

/// `name` without its container and compression suffixes (`games.tar.gz` → `games`), or all of it when that
/// would leave nothing.
pub fn archive_stem(name: &str) -> &str {
    let containers = [&[FIRST_VOLUME][..], &ARCHIVES[..]].concat();
    strip_suffixes(name, &[&COMPRESSIONS[..], &containers[..]].concat())
}

/// `name` without the `suffixes` at its end (any letter case), taken off one after another, the first of
/// `suffixes` that fits each time; never down to nothing, `.` or `..` (`...zip` stays as it is), so that the
/// stem is a plain name wherever the name was one.
fn strip_suffixes<'n>(name: &'n str, suffixes: &[&str]) -> &'n str {
    let mut stem = name;
    while let Some(shorter) = suffixes.iter().find_map(|s| {
        let cut = stem.len().checked_sub(s.len())?;
        let shorter = stem.get(..cut)?;
        (stem[cut..].eq_ignore_ascii_case(s) && !matches!(shorter, "" | "." | "..")).then_some(shorter)
    }) {
        stem = shorter;
    }
    stem
}

/// Whether a walk (of a folder or an archive) leaves out a file or folder by its name: macOS metadata always
/// (`__MACOSX`, the folder of resource forks a Mac zip holds; `._*`, AppleDouble files; `.DS_Store`, Finder's),
/// since they are never records even when named like one, and other hidden names (starting with `.`, as
/// ripgrep and fd take them) unless `hidden`. A path named on the command line is never left out.
pub fn is_left_out(name: &str, hidden: bool) -> bool {
    name == "__MACOSX"
        || name.starts_with("._")
        || name == ".DS_Store"
        || (!hidden && name.starts_with('.') && name != "." && name != "..")
}

/// Whether an archive member is left out: some part of its path is ([`is_left_out`]).
pub fn is_left_out_member(member: &str, hidden: bool) -> bool {
    member.split(['/', '\\']).any(|part| is_left_out(part, hidden))
}
