//! Fuzz target over the reader of WBaduk/Oro's NGF: see `common/format.rs`.
#![no_main]

#[path = "common/format.rs"]
mod format;

libfuzzer_sys::fuzz_target!(|data: &[u8]| format::run(data, "fuzz.ngf"));
