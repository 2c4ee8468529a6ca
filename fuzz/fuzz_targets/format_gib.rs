//! Fuzz target over the reader of Tygem's GIB: see `common/format.rs`.
#![no_main]

#[path = "common/format.rs"]
mod format;

libfuzzer_sys::fuzz_target!(|data: &[u8]| format::run(data, "fuzz.gib"));
