//! SGF: the one place where SGF text is understood. Bytes are decoded to text ([`decode`]), the text is scanned
//! into a flat tree of nodes and properties with their byte positions ([`scan`](mod@scan)), each game is read into a
//! [`GameRecord`](crate::record::GameRecord) ([`read`]) with its property values given their meaning
//! ([`values`]). Positions become line:column with [`LineIndex`]. SGF text is written with
//! [`write`](mod@write).

pub mod convert;
pub mod decode;
pub mod formats;
mod lines;
pub mod read;
pub mod record;
pub mod scan;
pub mod split;
pub mod values;
pub mod write;

pub use lines::LineIndex;
pub use read::read_game;
pub use scan::{Collection, Limits, NONE, PropId, Span, SyntaxError, SyntaxKind, scan, scan_collection};
