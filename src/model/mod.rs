//! The report model: what gotool found, as data. Replay and scoring fill it in; the writers in `report`
//! print it. Nothing here reads files or prints.

pub mod diagnostic;
