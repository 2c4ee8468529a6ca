//! Fuzz target over the reader of Pandanet's UGF/UGI (a `.ugi` is read by the same reader): see `common/format.rs`.
#![no_main]

#[path = "common/format.rs"]
mod format;

libfuzzer_sys::fuzz_target!(|data: &[u8]| format::run(data, "fuzz.ugf"));
