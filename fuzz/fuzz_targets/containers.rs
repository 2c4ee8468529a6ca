//! Fuzz target over the container layer (issue #15): bytes → container detection → members (nested) →
//! games, through `source::archive::walk_bytes` and `sgf::split::Splitter`, and each item then checked by
//! `Plan::check_item` as the command line checks it. Anything that panics, hangs
//! or allocates without bound is a finding: limits are small here, so a bomb must stop at them.
//!
//! A panic inside a walk is turned into an `internal-error` item so that a batch goes on; here that item is
//! turned back into a panic, otherwise the fuzzer would never see the crash.
#![no_main]

use std::ops::ControlFlow;

use libfuzzer_sys::fuzz_target;

use gotool_check::Plan;
use gotool_source::archive::{Item, SourceOptions, walk_bytes, walk_reader};
use gotool_sgf::split::{Piece, SplitOptions, Splitter};

/// Small limits: the fuzzer's inputs are small, and what they decompress to must stay small too.
const LIMIT: u64 = 1 << 20;

fuzz_target!(|data: &[u8]| {
    let options = SourceOptions {
        max_member_bytes: LIMIT,
        split: SplitOptions { max_game_bytes: 4096, ..SplitOptions::default() },
        ..SourceOptions::default()
    };
    let mut held = 0usize;
    let plan = Plan { open_containers: true, ..Plan::default() };
    let mut each = |item: Item| {
        match &item {
            Item::Failed { error, .. } => assert_ne!(error.code, "internal-error", "{}", error.message),
            Item::Record { bytes, .. } => {
                assert!(bytes.len() as u64 <= LIMIT);
                held += bytes.len();
                split_and_check(bytes, options.split);
            }
            Item::Piece { piece, .. } => check_piece(piece, options.split),
        }
        let report = plan.check_item(item, false);
        if let Some(error) = &report.error {
            assert_ne!(error.code, "internal-error", "{}", error.message);
        }
        ControlFlow::Continue(())
    };
    let _ = walk_bytes(data, "fuzz.bin", &options, &mut each);
    // The same bytes as a stream that cannot seek (standard input).
    let _ = walk_reader(&mut &data[..], "-", &options, &mut each);
    // And as a collection too large to be read whole: streamed game by game.
    let tiny = SourceOptions { max_member_bytes: 64, ..options };
    let _ = walk_reader(&mut &data[..], "-", &tiny, &mut each);
    std::hint::black_box(held);
});

/// Splits a record's bytes into games and checks what comes out.
fn split_and_check(bytes: &[u8], options: SplitOptions) {
    let mut last_index = None;
    for piece in Splitter::new(bytes, options) {
        let piece = match piece {
            Ok(piece) => piece,
            // Reading from memory fails only at a limit (a flood of empty games, no game in too many bytes).
            Err(e) => {
                assert!(e.is_limit(), "{e}");
                break;
            }
        };
        let index = match &piece {
            Piece::Game(g) => Some(g.index),
            Piece::Broken(b) => Some(b.index),
            Piece::Junk(_) => None,
        };
        if let Some(index) = index {
            assert!(last_index.is_none_or(|l| index == l + 1), "games counted in order");
            last_index = Some(index);
        }
        check_piece(&piece, options);
    }
}

fn check_piece(piece: &Piece, options: SplitOptions) {
    match piece {
        Piece::Game(g) => {
            // UTF-16 games come back re-encoded with a BOM, twice as long; others are the `(` … `)` bytes.
            if !g.bytes.starts_with(b"\xFF\xFE") && !g.bytes.starts_with(b"\xFE\xFF") {
                assert!(g.bytes.len() as u64 <= options.max_game_bytes);
                assert_eq!(g.bytes.first(), Some(&b'('));
                assert_eq!(g.bytes.last(), Some(&b')'));
            }
            assert!(g.start.line >= 1 && g.start.column >= 1);
        }
        Piece::Broken(b) => {
            std::hint::black_box(b.to_string());
        }
        Piece::Junk(j) => assert!(j.length >= 1),
    }
}
