//! Where records come from: containers (archives and compressed streams) and collections streamed game by
//! game.

pub mod archive;
pub mod split;
