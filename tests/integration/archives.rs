//! The container layer (`gotool_source`): every archive kind built here at test time from small generated
//! records (or, with `GOTOOL_CORPUS` set, from corpus files too), member paths and order, nesting, split 7z
//! volumes, non-seekable input, every hostile case, and a streamed 10,000-game collection with a broken game.
//! No archive is committed: the hostile ones are made by patching good ones.

use std::io::{Cursor, Read, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use gotool_sgf::split::{BrokenKind, Piece};
use gotool_source::archive::{self, Item, Origin, SourceOptions};

/// A small record, different for each `n`.
fn record(n: usize) -> Vec<u8> {
    let x = (b'a' + (n % 19) as u8) as char;
    let y = (b'a' + ((n / 19) % 19) as u8) as char;
    format!("(;GM[1]FF[4]SZ[19]PB[black {n}]PW[white]C[game (number {n}) \\] ok];B[{x}{y}];W[dd])\n").into_bytes()
}

/// Member names and their contents: a few records in folders, and files that are not records.
fn members() -> Vec<(String, Vec<u8>)> {
    let mut list: Vec<(String, Vec<u8>)> = (0..6).map(|n| (format!("games/{n:02}.sgf"), record(n))).collect();
    list.insert(2, ("README.txt".to_string(), b"not a record".to_vec()));
    list.push(("GAMES/UPPER.SGF".to_string(), record(40)));
    list.push(("old/x.MGT".to_string(), record(41)));
    list.push(("selfplay.sgfs".to_string(), [record(42), record(43)].concat()));
    list
}

/// The member names a walk should yield, in order: the records.
fn record_names(list: &[(String, Vec<u8>)]) -> Vec<String> {
    list.iter().filter(|(n, _)| gotool_source::names::is_record_name(n)).map(|(n, _)| n.clone()).collect()
}

fn zip_of(list: &[(String, Vec<u8>)], method: zip::CompressionMethod) -> Vec<u8> {
    let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default().compression_method(method);
    for (name, bytes) in list {
        writer.start_file(name.as_str(), options).unwrap();
        writer.write_all(bytes).unwrap();
    }
    writer.finish().unwrap().into_inner()
}

fn tar_of(list: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut builder = tar::Builder::new(Vec::new());
    for (name, bytes) in list {
        let mut header = tar::Header::new_gnu();
        header.set_size(bytes.len() as u64);
        header.set_mode(0o644);
        builder.append_data(&mut header, name, bytes.as_slice()).unwrap();
    }
    builder.into_inner().unwrap()
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

fn bzip2(bytes: &[u8]) -> Vec<u8> {
    let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

fn xz(bytes: &[u8]) -> Vec<u8> {
    let mut w = lzma_rust2::XzWriter::new(Vec::new(), lzma_rust2::XzOptions::default()).unwrap();
    w.write_all(bytes).unwrap();
    w.finish().unwrap()
}

fn zstd(bytes: &[u8]) -> Vec<u8> {
    ruzstd::encoding::compress_to_vec(bytes, ruzstd::encoding::CompressionLevel::Fastest)
}

/// A 7z archive; `solid` puts every member in one block.
fn seven_z_of(list: &[(String, Vec<u8>)], solid: bool) -> Vec<u8> {
    let mut writer = sevenz_rust2::ArchiveWriter::new(Cursor::new(Vec::new())).unwrap();
    if solid {
        let entries: Vec<sevenz_rust2::ArchiveEntry> =
            list.iter().map(|(n, _)| sevenz_rust2::ArchiveEntry::new_file(n)).collect();
        let readers: Vec<sevenz_rust2::SourceReader<&[u8]>> =
            list.iter().map(|(_, b)| sevenz_rust2::SourceReader::new(b.as_slice())).collect();
        writer.push_archive_entries(entries, readers).unwrap();
    } else {
        for (name, bytes) in list {
            writer.push_archive_entry(sevenz_rust2::ArchiveEntry::new_file(name), Some(bytes.as_slice())).unwrap();
        }
    }
    writer.finish().unwrap().into_inner()
}

fn small_limits(max: u64) -> SourceOptions {
    SourceOptions::with_max_file_size(max)
}

fn walk(bytes: &[u8], display: &str, options: &SourceOptions) -> Vec<Item> {
    let mut items = Vec::new();
    let _ = archive::walk_bytes(bytes, display, options, &mut |item| {
        items.push(item);
        ControlFlow::Continue(())
    });
    items
}

/// Each item in short: `path` for a record (its bytes checked by the caller), `path: code: message` for a
/// failure, `path#index` for a streamed piece.
fn describe(items: &[Item]) -> Vec<String> {
    items
        .iter()
        .map(|item| match item {
            Item::Record { path, .. } => path.clone(),
            Item::Failed { path, error } => format!("{path}: {}: {}", error.code, error.message),
            Item::Piece { path, piece: Piece::Game(g) } => format!("{path}#{}", g.index + 1),
            Item::Piece { path, piece: Piece::Broken(b) } => format!("{path}#{} broken", b.index + 1),
            Item::Piece { path, piece: Piece::Junk(j) } => format!("{path} junk at {}", j.start),
        })
        .collect()
}

fn records(items: &[Item]) -> Vec<(&str, &[u8])> {
    items
        .iter()
        .filter_map(
            |i| if let Item::Record { path, bytes } = i { Some((path.as_str(), bytes.as_slice())) } else { None },
        )
        .collect()
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gotool-archives-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn every_archive_kind_yields_its_records_in_order_with_their_paths() {
    let list = members();
    let names = record_names(&list);
    let tar = tar_of(&list);
    let kinds: Vec<(&str, Vec<u8>)> = vec![
        ("a.zip", zip_of(&list, zip::CompressionMethod::Deflated)),
        ("stored.zip", zip_of(&list, zip::CompressionMethod::Stored)),
        ("a.tar", tar.clone()),
        ("a.tar.gz", gzip(&tar)),
        ("a.tar.bz2", bzip2(&tar)),
        ("a.tar.xz", xz(&tar)),
        ("a.tar.zst", zstd(&tar)),
        ("a.7z", seven_z_of(&list, false)),
        ("solid.7z", seven_z_of(&list, true)),
    ];
    for (display, bytes) in &kinds {
        let items = walk(bytes, display, &SourceOptions::default());
        let expected: Vec<String> = names.iter().map(|n| format!("{display}!/{n}")).collect();
        assert_eq!(describe(&items), expected, "{display}");
        for ((_, bytes), name) in records(&items).into_iter().zip(&names) {
            let original = &list.iter().find(|(n, _)| n == name).unwrap().1;
            assert_eq!(bytes, original.as_slice(), "{display}!/{name}");
        }
    }
}

#[test]
fn compressed_records_are_read_under_their_own_name() {
    let text = record(7);
    for (display, bytes) in
        [("x.sgf.gz", gzip(&text)), ("x.sgf.bz2", bzip2(&text)), ("x.sgf.xz", xz(&text)), ("x.sgf.zst", zstd(&text))]
    {
        let items = walk(&bytes, display, &SourceOptions::default());
        assert_eq!(records(&items), [(display, text.as_slice())], "{display}");
    }
    // Concatenated streams are read through, as `gzip -dc` does.
    let both = [gzip(&record(1)), gzip(&record(2))].concat();
    assert_eq!(records(&walk(&both, "two.sgf.gz", &SourceOptions::default()))[0].1, [record(1), record(2)].concat());
    let frames = [zstd(&record(1)), zstd(&record(2))].concat();
    assert_eq!(records(&walk(&frames, "two.sgf.zst", &SourceOptions::default()))[0].1, [record(1), record(2)].concat());
}

#[test]
fn detection_is_by_magic_bytes_not_names() {
    let list = members();
    // A zip named .sgf, a gzip named .tar, a tar.gz member named .sgf inside a zip.
    let items = walk(&zip_of(&list, zip::CompressionMethod::Deflated), "misnamed.sgf", &SourceOptions::default());
    assert_eq!(items.len(), record_names(&list).len());
    let items = walk(&gzip(&record(3)), "plain.tar", &SourceOptions::default());
    assert_eq!(records(&items), [("plain.tar", record(3).as_slice())]);
    let inner = gzip(&tar_of(&list[..2]));
    let outer = zip_of(&[("really-a-tgz.sgf".to_string(), inner)], zip::CompressionMethod::Stored);
    assert_eq!(
        describe(&walk(&outer, "o.zip", &SourceOptions::default())),
        ["o.zip!/really-a-tgz.sgf!/games/00.sgf", "o.zip!/really-a-tgz.sgf!/games/01.sgf"]
    );
}

#[test]
fn nested_archives_are_read_with_nested_paths() {
    let list = members();
    let tgz = gzip(&tar_of(&list[..3]));
    let seven = seven_z_of(&list[..2], false);
    let outer = zip_of(
        &[
            ("first.sgf".to_string(), record(9)),
            ("inner/b.tar.gz".to_string(), tgz),
            ("inner/c.7z".to_string(), seven),
            ("inner/d.sgf.xz".to_string(), xz(&record(10))),
        ],
        zip::CompressionMethod::Deflated,
    );
    assert_eq!(
        describe(&walk(&outer, "a.zip", &SourceOptions::default())),
        [
            "a.zip!/first.sgf",
            "a.zip!/inner/b.tar.gz!/games/00.sgf",
            "a.zip!/inner/b.tar.gz!/games/01.sgf",
            "a.zip!/inner/c.7z!/games/00.sgf",
            "a.zip!/inner/c.7z!/games/01.sgf",
            "a.zip!/inner/d.sgf.xz",
        ]
    );
    assert_eq!(
        gotool_source::names::split_member_path("a.zip!/inner/b.tar.gz!/games/00.sgf"),
        ["a.zip", "inner/b.tar.gz", "games/00.sgf"]
    );
    // Deeper than the limit: refused, and the rest goes on.
    let deep =
        zip_of(&[("l2.zip".to_string(), outer), ("z.sgf".to_string(), record(1))], zip::CompressionMethod::Stored);
    let options = SourceOptions { max_nesting: 2, ..SourceOptions::default() };
    let items = describe(&walk(&deep, "top.zip", &options));
    assert_eq!(items[0], "top.zip!/l2.zip!/first.sgf");
    assert!(
        items[1].starts_with("top.zip!/l2.zip!/inner/b.tar.gz: limit: an archive nested more than 2 deep"),
        "{items:?}"
    );
    assert_eq!(items.last().unwrap(), "top.zip!/z.sgf");
}

#[test]
fn a_split_7z_set_is_read_through_its_first_volume() {
    let list = members();
    let whole = seven_z_of(&list, true);
    let dir = scratch("volumes");
    let third = whole.len() / 3 + 1;
    for (i, part) in whole.chunks(third).enumerate() {
        std::fs::write(dir.join(format!("fox.7z.{:03}", i + 1)), part).unwrap();
    }
    let first = dir.join("fox.7z.001");
    let mut items = Vec::new();
    let _ = archive::walk_path(&first, "fox.7z.001", &SourceOptions::default(), &mut |item| {
        items.push(item);
        ControlFlow::Continue(())
    });
    let expected: Vec<String> = record_names(&list).iter().map(|n| format!("fox.7z.001!/{n}")).collect();
    assert_eq!(describe(&items), expected);
    assert!(archive::is_later_volume(&dir.join("fox.7z.002")) && !archive::is_later_volume(&first));
    // The iterator walks on its own thread and gives the same.
    let from_thread: Vec<Item> =
        archive::items(Origin::Path(first), "fox.7z.001".into(), SourceOptions::default()).collect();
    assert_eq!(describe(&from_thread), expected);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
#[cfg_attr(not(gotool_corpus), ignore = "needs GOTOOL_CORPUS")]
fn corpus_records_survive_every_archive_kind() {
    let corpus = crate::util::corpus();
    let mut files: Vec<PathBuf> = Vec::new();
    collect_records(&Path::new(&corpus).join("games"), &mut files);
    files.sort();
    files.truncate(300);
    let root = Path::new(&corpus);
    let list: Vec<(String, Vec<u8>)> = files
        .iter()
        .map(|f| (f.strip_prefix(root).unwrap().to_string_lossy().into_owned(), std::fs::read(f).unwrap()))
        .collect();
    let tar = tar_of(&list);
    for (display, bytes) in [
        ("corpus.zip", zip_of(&list, zip::CompressionMethod::Deflated)),
        ("corpus.tar.gz", gzip(&tar)),
        ("corpus.tar.zst", zstd(&tar)),
        ("corpus.tar.bz2", bzip2(&tar)),
        ("corpus.7z", seven_z_of(&list, true)),
    ] {
        let items = walk(&bytes, display, &SourceOptions::default());
        let got: Vec<(&str, &[u8])> = records(&items);
        assert_eq!(got.len(), list.len(), "{display}: {:?}", describe(&items).iter().find(|d| d.contains(": ")));
        for ((path, bytes), (name, original)) in got.iter().zip(&list) {
            assert_eq!(*path, format!("{display}!/{name}"));
            assert_eq!(*bytes, original.as_slice(), "{path}");
        }
    }
}

fn collect_records(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect_records(&path, out);
        } else if gotool_source::names::is_record_name(&path.to_string_lossy()) {
            out.push(path);
        }
    }
}

// Non-seekable input (standard input).

#[test]
fn streams_are_read_as_they_come_and_zip_within_the_limit_in_memory() {
    let list = members();
    let names = record_names(&list);
    let tgz = gzip(&tar_of(&list));
    let mut items = Vec::new();
    let _ = archive::walk_reader(&mut tgz.as_slice(), "-", &SourceOptions::default(), &mut |item| {
        items.push(item);
        ControlFlow::Continue(())
    });
    assert_eq!(describe(&items), names.iter().map(|n| format!("-!/{n}")).collect::<Vec<_>>());

    let zip = zip_of(&list, zip::CompressionMethod::Deflated);
    let from_stdin = |bytes: &[u8], options: &SourceOptions| {
        let mut items = Vec::new();
        let _ = archive::walk_reader(&mut &bytes[..], "-", options, &mut |item| {
            items.push(item);
            ControlFlow::Continue(())
        });
        items
    };
    assert_eq!(from_stdin(&zip, &SourceOptions::default()).len(), names.len());
    let refused = describe(&from_stdin(&zip, &small_limits(100)));
    assert_eq!(refused.len(), 1);
    assert!(
        refused[0].starts_with("-: limit: a zip archive read as a stream (standard input, or inside a compression) must be read into memory"),
        "{refused:?}"
    );
    // Plain text on standard input is a record, or streamed when large.
    let text = [record(1), record(2)].concat();
    assert_eq!(describe(&from_stdin(&text, &SourceOptions::default())), ["-"]);
    assert_eq!(describe(&from_stdin(&text, &small_limits(100))), ["-#1", "-#2"]);
}

// Hostile archives: each an error for that member, the others still read.

/// The offsets of a zip's central directory entries.
fn central_entries(zip: &[u8]) -> Vec<usize> {
    memchr::memmem::find_iter(zip, b"PK\x01\x02").collect()
}

#[test]
fn zip_members_that_overlap_are_refused() {
    let list =
        vec![("a.sgf".to_string(), record(1)), ("b.sgf".to_string(), record(2)), ("c.sgf".to_string(), record(3))];
    let mut zip = zip_of(&list, zip::CompressionMethod::Stored);
    // Point b's central entry at a's local header: two members sharing one set of bytes.
    let entries = central_entries(&zip);
    let a_offset: [u8; 4] = zip[entries[0] + 42..entries[0] + 46].try_into().unwrap();
    zip[entries[1] + 42..entries[1] + 46].copy_from_slice(&a_offset);
    let items = describe(&walk(&zip, "bomb.zip", &SourceOptions::default()));
    let message = "archive: the member's data overlap another member's (a zip bomb's trick): not read";
    assert_eq!(
        items,
        [format!("bomb.zip!/a.sgf: {message}"), format!("bomb.zip!/b.sgf: {message}"), "bomb.zip!/c.sgf".into()]
    );
}

#[test]
fn absolute_and_climbing_member_paths_are_refused() {
    let names = ["/etc/evil.sgf", "../../evil.sgf", "ok/../../evil.sgf", "C:\\evil.sgf", "fine/../ok.sgf"];
    let list: Vec<(String, Vec<u8>)> = names.iter().map(|n| (n.to_string(), record(1))).collect();
    let zip = zip_of(&list, zip::CompressionMethod::Stored);
    let items = describe(&walk(&zip, "p.zip", &SourceOptions::default()));
    assert_eq!(items.len(), 5);
    assert_eq!(items[0], "p.zip!//etc/evil.sgf: archive: the member's name is an absolute path: not read");
    assert_eq!(
        items[1],
        "p.zip!/../../evil.sgf: archive: the member's name is a path that leaves the archive with '..': not read"
    );
    assert!(items[2].contains("leaves the archive") && items[3].contains("absolute"), "{items:?}");
    assert_eq!(items[4], "p.zip!/fine/../ok.sgf");

    // tar: written with the raw header, since tar::Builder refuses such names.
    let mut tar = Vec::new();
    for name in ["../up.sgf", "/abs.sgf", "ok.sgf"] {
        tar.extend_from_slice(&raw_tar_entry(name, b'0', b"", &record(2)));
    }
    tar.extend_from_slice(&[0u8; 1024]);
    let items = describe(&walk(&tar, "p.tar", &SourceOptions::default()));
    assert!(
        items[0].ends_with("leaves the archive with '..': not read")
            && items[1].ends_with("an absolute path: not read"),
        "{items:?}"
    );
    assert_eq!(items[2], "p.tar!/ok.sgf");
}

/// One tar entry with its header written by hand: `kind` is the type flag, `link` the link target.
fn raw_tar_entry(name: &str, kind: u8, link: &[u8], data: &[u8]) -> Vec<u8> {
    let mut header = [0u8; 512];
    header[..name.len()].copy_from_slice(name.as_bytes());
    header[100..107].copy_from_slice(b"0000644");
    header[108..115].copy_from_slice(b"0000000");
    header[116..123].copy_from_slice(b"0000000");
    header[124..135].copy_from_slice(format!("{:011o}", data.len()).as_bytes());
    header[136..147].copy_from_slice(b"00000000000");
    header[156] = kind;
    header[157..157 + link.len()].copy_from_slice(link);
    header[257..263].copy_from_slice(b"ustar\0");
    header[263..265].copy_from_slice(b"00");
    header[148..156].copy_from_slice(b"        ");
    let sum: u32 = header.iter().map(|&b| u32::from(b)).sum();
    header[148..155].copy_from_slice(format!("{sum:06o}\0").as_bytes());
    let mut entry = header.to_vec();
    entry.extend_from_slice(data);
    entry.resize(entry.len().div_ceil(512) * 512, 0);
    entry
}

#[test]
fn tar_links_and_devices_are_not_followed() {
    let mut tar = Vec::new();
    tar.extend_from_slice(&raw_tar_entry("link.sgf", b'2', b"/etc/passwd", b""));
    tar.extend_from_slice(&raw_tar_entry("hard.sgf", b'1', b"real.sgf", b""));
    tar.extend_from_slice(&raw_tar_entry("dev.sgf", b'3', b"", b""));
    tar.extend_from_slice(&raw_tar_entry("fifo.sgf", b'6', b"", b""));
    tar.extend_from_slice(&raw_tar_entry("quiet-link", b'2', b"/etc/passwd", b""));
    tar.extend_from_slice(&raw_tar_entry("real.sgf", b'0', b"", &record(5)));
    tar.extend_from_slice(&[0u8; 1024]);
    let items = describe(&walk(&tar, "l.tar", &SourceOptions::default()));
    assert_eq!(
        items,
        [
            "l.tar!/link.sgf: archive: a symbolic link to \"/etc/passwd\", not a file: not followed",
            "l.tar!/hard.sgf: archive: a hard link to \"real.sgf\", not a file: not followed",
            "l.tar!/dev.sgf: archive: a device or FIFO, not a file: not read",
            "l.tar!/fifo.sgf: archive: a device or FIFO, not a file: not read",
            "l.tar!/real.sgf",
        ]
    );
}

#[test]
fn decompression_bombs_stop_at_the_limit() {
    let zeros = vec![b' '; 8 << 20];
    let limit = small_limits(1 << 20);
    let over = "limit: more than 1048576 bytes once decompressed, over the limit (see --max-file-size): not read";
    // A zip member: refused by its declared size; a tar.gz member: read up to the limit only.
    let list = vec![("bomb.sgf".to_string(), zeros.clone()), ("ok.sgf".to_string(), record(1))];
    let items = describe(&walk(&zip_of(&list, zip::CompressionMethod::Deflated), "b.zip", &limit));
    assert!(items[0].starts_with(&format!("b.zip!/bomb.sgf: {over}")), "{items:?}");
    assert_eq!(items[1], "b.zip!/ok.sgf");
    // A tar.gz member over the limit that compresses like text is skipped and the next member read; one that
    // compresses a thousand times stops the stream there (its ratio gives it away).
    let noise: Vec<u8> = (0u32..(2 << 20)).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    let big = vec![("big.sgf".to_string(), noise), ("ok.sgf".to_string(), record(1))];
    let items = describe(&walk(&gzip(&tar_of(&big)), "b.tar.gz", &limit));
    assert!(items[0].starts_with(&format!("b.tar.gz!/big.sgf: {over}")) && items[1] == "b.tar.gz!/ok.sgf", "{items:?}");
    let items = describe(&walk(&gzip(&tar_of(&list)), "b.tar.gz", &limit));
    assert!(items[0].starts_with(&format!("b.tar.gz!/bomb.sgf: {over}")), "{items:?}");
    assert!(items[1].contains("decompresses to more than 1000 times its size (a decompression bomb)"), "{items:?}");
    // 7z, solid: the bomb is not decoded through, and the member after it in its block is named.
    let items = describe(&walk(&seven_z_of(&list, true), "b.7z", &limit));
    assert!(items[0].starts_with(&format!("b.7z!/bomb.sgf: {over}")), "{items:?}");
    assert!(items[1].starts_with("b.7z!/ok.sgf: archive: not read: it follows b.7z!/bomb.sgf"), "{items:?}");
    // A compressed member inside an archive, and a compression of a compression.
    let nested = zip_of(&[("z.sgf.gz".to_string(), gzip(&zeros))], zip::CompressionMethod::Stored);
    assert!(describe(&walk(&nested, "n.zip", &limit))[0].starts_with(&format!("n.zip!/z.sgf.gz: {over}")));
    // At the top level a stream over the limit is a collection to stream, and a bomb stops where no game has
    // come for as long as the limit.
    let noise = &big[0].1;
    let binary = [record(1), noise.clone(), record(2)].concat();
    let items = describe(&walk(&gzip(&binary), "bomb.sgf.gz", &limit));
    assert_eq!(items[..2], ["bomb.sgf.gz#1", "bomb.sgf.gz junk at 2:1"]);
    assert!(
        items[2].starts_with("bomb.sgf.gz: limit: cannot read past byte")
            && items[2].contains("no game tree in 1048576 bytes"),
        "{items:?}"
    );
    // With a ratio that gives it away, it stops sooner: bzip2 packs 8 MiB of one byte into a few dozen bytes.
    let bomb = [record(1), zeros.clone(), record(2)].concat();
    let items = describe(&walk(&bzip2(&bomb), "bomb.sgf.bz2", &limit));
    assert_eq!(items.len(), 1, "{items:?}");
    assert!(items[0].contains("this bzip2 stream decompresses to more than 1000 times its size"), "{items:?}");
    let layers = gzip(&gzip(&gzip(&gzip(&record(1)))));
    assert_eq!(
        describe(&walk(&layers, "x.sgf.gz.gz.gz.gz", &limit)),
        ["x.sgf.gz.gz.gz.gz: archive: more than 3 compressions stacked on one another: not read"]
    );
}

#[test]
fn truncated_and_corrupt_streams_are_errors_for_their_member() {
    let text = record(1);
    let gz = gzip(&text);
    let truncated = &gz[..gz.len() - 6];
    let items = describe(&walk(truncated, "t.sgf.gz", &SourceOptions::default()));
    assert_eq!(items.len(), 1);
    assert!(items[0].starts_with("t.sgf.gz: archive: cannot read: the data ends too early (truncated?)"), "{items:?}");
    // A wrong CRC in the gzip trailer.
    let mut bad_crc = gz.clone();
    let at = bad_crc.len() - 8;
    bad_crc[at] ^= 0xFF;
    assert!(
        describe(&walk(&bad_crc, "c.sgf.gz", &SourceOptions::default()))[0]
            .starts_with("c.sgf.gz: archive: cannot read:")
    );
    // A stored zip member with a changed byte: its CRC no longer matches; the next member is read.
    let list = vec![("a.sgf".to_string(), text.clone()), ("b.sgf".to_string(), record(2))];
    let mut zip = zip_of(&list, zip::CompressionMethod::Stored);
    let data = memchr::memmem::find(&zip, b"black 1").unwrap();
    zip[data] = b'B';
    let items = describe(&walk(&zip, "crc.zip", &SourceOptions::default()));
    assert!(
        items[0].starts_with("crc.zip!/a.sgf: archive: cannot read:") && items[0].contains("checksum"),
        "{items:?}"
    );
    assert_eq!(items[1], "crc.zip!/b.sgf");
    // A truncated tar.gz: the members before the cut are read, then one error for the rest.
    let many: Vec<(String, Vec<u8>)> = (0..40).map(|n| (format!("{n}.sgf"), record(n))).collect();
    let tgz = gzip(&tar_of(&many));
    let items = describe(&walk(&tgz[..tgz.len() / 2], "cut.tar.gz", &SourceOptions::default()));
    let (last, read) = items.split_last().unwrap();
    assert!(!read.is_empty() && read.iter().all(|i| !i.contains(": ")), "{items:?}");
    assert!(
        last.starts_with("cut.tar.gz") && last.contains(": archive: cannot read")
            || last.contains(": archive: cannot read the tar archive"),
        "{last}"
    );
    // A 7z with a changed byte in a member's data (non-solid: only that member is lost).
    let mut seven = seven_z_of(&list, false);
    let packed = 32 + 10;
    seven[packed] ^= 0x55;
    let items = describe(&walk(&seven, "crc.7z", &SourceOptions::default()));
    assert_eq!(
        items,
        ["crc.7z!/a.sgf: archive: cannot read: wrong checksum (CRC): the data are corrupt", "crc.7z!/b.sgf"]
    );
    // Garbage that starts like each archive is an error for the archive, never a panic.
    for (display, magic) in [
        ("g.zip", &b"PK\x03\x04"[..]),
        ("g.7z", b"7z\xBC\xAF\x27\x1C"),
        ("g.xz", b"\xFD7zXZ\x00"),
        ("g.zst", b"\x28\xB5\x2F\xFD"),
        ("g.bz2", b"BZh91AY&SY"),
    ] {
        let mut junk = magic.to_vec();
        junk.extend_from_slice(&[0x5A; 600]);
        let items = walk(&junk, display, &SourceOptions::default());
        assert!(matches!(&items[..], [Item::Failed { .. }]), "{display}: {:?}", describe(&items));
    }
}

#[test]
fn a_7z_with_many_empty_entries_is_walked_entry_by_entry() {
    // See the ignored test below for a million.
    many_empty_entries(100_000);
}

#[test]
#[ignore = "large hostile input: cargo test --release --test integration -- --ignored hostile"]
fn hostile_7z_with_a_million_empty_entries() {
    many_empty_entries(1_000_000);
}

fn many_empty_entries(count: usize) {
    let mut writer = sevenz_rust2::ArchiveWriter::new(Cursor::new(Vec::new())).unwrap();
    for i in 0..count {
        let name = if i % 2 == 0 { format!("e/{i}.sgf") } else { format!("e/{i}.txt") };
        writer.push_archive_entry::<&[u8]>(sevenz_rust2::ArchiveEntry::new_file(&name), None).unwrap();
    }
    writer.push_archive_entry(sevenz_rust2::ArchiveEntry::new_file("real.sgf"), Some(record(3).as_slice())).unwrap();
    let bytes = writer.finish().unwrap().into_inner();
    let (mut empty, mut real) = (0, 0);
    let _ = archive::walk_bytes(&bytes, "many.7z", &SourceOptions::default(), &mut |item| {
        match item {
            Item::Record { bytes, .. } if bytes.is_empty() => empty += 1,
            Item::Record { .. } => real += 1,
            other => panic!("{other:?}"),
        }
        ControlFlow::Continue(())
    });
    // Bounded work, counted: every entry is seen once, the empty ones as empty records and the rest skipped by
    // name. How long the walk takes is measured in `benches/bounded.rs`.
    assert_eq!((empty, real), (count / 2, 1));
}

#[test]
fn the_iterator_stops_its_walk_when_dropped() {
    let many: Vec<(String, Vec<u8>)> = (0..5000).map(|n| (format!("{n}.sgf"), record(n))).collect();
    let dir = scratch("drop");
    let path = dir.join("many.tar");
    std::fs::write(&path, tar_of(&many)).unwrap();
    let mut items = archive::items(Origin::Path(path.clone()), "many.tar".into(), SourceOptions::default());
    assert_eq!(items.next().map(|i| i.path().to_string()), Some("many.tar!/0.sgf".to_string()));
    drop(items);
    let all: Vec<Item> = archive::items(Origin::Path(path), "many.tar".into(), SourceOptions::default()).collect();
    assert_eq!(all.len(), 5000);
    std::fs::remove_dir_all(dir).unwrap();
}

// Collections streamed game by game.

/// `count` games, one of them (`broken`) missing its `)`, from the corpus when there is one.
fn collection(count: usize, broken: usize) -> (Vec<u8>, Vec<usize>) {
    let mut sources: Vec<Vec<u8>> = Vec::new();
    if let Some(corpus) = std::env::var_os("GOTOOL_CORPUS").filter(|c| !c.is_empty()) {
        let mut files = Vec::new();
        collect_records(&Path::new(&corpus).join("games/kgs-u-go.net"), &mut files);
        files.sort();
        for f in files.iter().take(500) {
            let bytes = std::fs::read(f).unwrap();
            // One game a file, starting at its `(;` and ending at its last `)`, with a root property first.
            if let (Some(start), Some(end)) =
                (memchr::memmem::find(&bytes, b"(;GM["), bytes.iter().rposition(|&b| b == b')'))
                && memchr::memmem::find_iter(&bytes[start + 1..], b"(;GM[").next().is_none()
            {
                sources.push(bytes[start..=end].to_vec());
            }
        }
    }
    if sources.is_empty() {
        sources = (0..50).map(|n| record(n).trim_ascii_end().to_vec()).collect();
    }
    let mut text = Vec::new();
    let mut lines = Vec::new();
    let mut line = 1;
    for i in 0..count {
        lines.push(line);
        let mut game = sources[i % sources.len()].clone();
        if i == broken {
            game.pop();
        }
        line += game.iter().filter(|&&b| b == b'\n').count() + 1;
        text.extend_from_slice(&game);
        text.push(b'\n');
    }
    (text, lines)
}

#[test]
fn a_streamed_collection_loses_only_its_broken_game() {
    let (text, lines) = collection(10_000, 5_000);
    let dir = scratch("collection");
    let path = dir.join("all.sgf");
    std::fs::write(&path, &text).unwrap();
    std::fs::write(dir.join("all.sgf.gz"), gzip(&text)).unwrap();
    // A limit far below the file's size: the file is streamed, each game well under it.
    let options = SourceOptions { max_member_bytes: 1 << 18, ..SourceOptions::default() };
    assert!(text.len() > 1 << 18);
    for (name, display) in [("all.sgf", "all.sgf"), ("all.sgf.gz", "all.sgf.gz")] {
        let mut games = 0;
        let mut broken = Vec::new();
        let _ = archive::walk_path(&dir.join(name), display, &options, &mut |item| {
            match item {
                Item::Piece { piece: Piece::Game(g), path } => {
                    assert_eq!(path, display);
                    assert_eq!((g.start.line, g.start.column), (lines[g.index as usize] as u64, 1), "game {}", g.index);
                    games += 1;
                }
                Item::Piece { piece: Piece::Broken(b), .. } => broken.push(b),
                other => panic!("{other:?}"),
            }
            ControlFlow::Continue(())
        });
        assert_eq!(games, 9_999, "{name}");
        assert_eq!(broken.len(), 1);
        let b = &broken[0];
        assert_eq!((b.index, b.start.line, b.start.column), (5_000, lines[5_000] as u64, 1));
        assert!(matches!(b.kind, BrokenKind::Unclosed { next_game } if next_game.line == lines[5_001] as u64));
        assert!(
            b.to_string()
                .starts_with(&format!("game 5001 (at {}:1): the game tree is never closed with ')'", lines[5_000])),
            "{b}"
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_games_a_walk_streams_read_like_the_file_they_came_from() {
    // Each streamed game, checked alone, gives the diagnostics its game gets in the whole file, at the same
    // line:column once placed with `Game::place`.
    use gotool_check::Plan;
    let text = "(;GM[1]SZ[9];B[aa];W[aa])\n(;GM[1]SZ[9]\n;B[bb];W[bb])";
    let whole = Plan::default().check_bytes(text.as_bytes(), "c.sgf");
    let mut places = Vec::new();
    for piece in gotool_sgf::split::Splitter::new(text.as_bytes(), Default::default()) {
        let Piece::Game(game) = piece.unwrap() else { panic!() };
        let report = Plan::default().check_bytes(&game.bytes, "c.sgf");
        for d in report.games[0].diagnostics.iter().filter(|d| d.line.is_some()) {
            places.push((d.code, game.place(d.line.unwrap(), d.column.unwrap())));
        }
    }
    let expected: Vec<(&str, (u64, u64))> = whole
        .games
        .iter()
        .flat_map(|g| &g.diagnostics)
        .filter(|d| d.line.is_some())
        .map(|d| (d.code, (u64::from(d.line.unwrap()), u64::from(d.column.unwrap()))))
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(places, expected);
}

#[test]
fn the_iterator_reads_standard_input_like_a_file() {
    let list = members();
    let bytes = zstd(&tar_of(&list));
    let reader: Box<dyn Read + Send> = Box::new(Cursor::new(bytes));
    let items: Vec<Item> = archive::items(Origin::Reader(reader), "-".into(), SourceOptions::default()).collect();
    assert_eq!(describe(&items), record_names(&list).iter().map(|n| format!("-!/{n}")).collect::<Vec<_>>());
}

/// Seeds for the `containers` fuzz target: one small archive of every kind, written to `fuzz/corpus/containers`
/// (never committed). `cargo test --release --test integration -- --ignored write_fuzz_seeds`
#[test]
#[ignore = "writes fuzz seeds; run by hand before fuzzing"]
fn write_fuzz_seeds() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/containers");
    std::fs::create_dir_all(&dir).unwrap();
    let list: Vec<(String, Vec<u8>)> = members().into_iter().take(4).collect();
    let tar = tar_of(&list);
    let nested = zip_of(&[("in/a.tar.gz".to_string(), gzip(&tar))], zip::CompressionMethod::Stored);
    let kinds = [
        ("zip", zip_of(&list, zip::CompressionMethod::Deflated)),
        ("tar.zst", zstd(&tar)),
        ("tar.xz", xz(&tar)),
        ("tar.bz2", bzip2(&tar)),
        ("7z", seven_z_of(&list, false)),
        ("solid.7z", seven_z_of(&list, true)),
        ("nested.zip", nested),
        ("sgf.zst", zstd(&record(1))),
    ];
    for (name, bytes) in kinds {
        std::fs::write(dir.join(format!("seed-{name}")), bytes).unwrap();
    }
}
