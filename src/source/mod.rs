//! Where records come from: containers (archives and compressed streams, [`archive`]) and collections of any
//! size streamed game by game ([`split`]). Nothing here checks a record; it hands out bytes with the path a
//! report names them by.
//!
//! A pipeline that reads one file's bytes and calls `analyze_bytes(bytes, display, …)` reads an input as:
//!
//! ```no_run
//! use std::ops::ControlFlow;
//! use gotool::source::archive::{self, Item, SourceOptions};
//! use gotool::source::split::Piece;
//! # let (path, display) = (std::path::Path::new("kgs.tar.bz2"), "kgs.tar.bz2");
//! let options = SourceOptions::with_max_file_size(64 << 20);
//! let _ = archive::walk_path(path, display, &options, &mut |item| {
//!     match item {
//!         // A file or member read whole: checked as today, named `kgs.tar.bz2!/2015/01/x.sgf`.
//!         Item::Record { path, bytes } => { /* analyze_bytes(&bytes, &path, …) */ }
//!         // One game of a collection too large to read whole: checked alone, its places moved by
//!         // `game.place(line, column)`, named `path#index+1`.
//!         Item::Piece { path, piece: Piece::Game(game) } => { /* analyze_bytes(&game.bytes, …) */ }
//!         // A game that could not be cut out: its error, at `broken.start`; the stream goes on.
//!         Item::Piece { path, piece: Piece::Broken(broken) } => {}
//!         Item::Piece { path, piece: Piece::Junk(junk) } => {}
//!         // A member, the input, or the rest of an archive that could not be read: a file error.
//!         Item::Failed { path, error } => { /* FileReport with error.code, error.message */ }
//!     }
//!     ControlFlow::Continue(())
//! });
//! ```
//!
//! [`archive::items`] runs the same walk on a thread of its own and hands the items out as an iterator, so
//! that the members of an archive can be spread over workers while the next ones are decompressed.

pub mod archive;
pub mod split;
