//! Criterion benchmarks of gotool's per-file pipeline, stage by stage, on 9×9, 13×13 and 19×19 records:
//! `parse` (`sgf::scan` on decoded text, throughput in bytes), `replay` (`check_game` on every game of an
//! already scanned collection, throughput in moves) and `end_to_end` (`analyze_bytes` from the file's bytes,
//! throughput in records). Scoring is not benchmarked yet: the score module is still being written.
//!
//! Records: up to 200 per size from `$GOTOOL_CORPUS` (see `benches/common`), else fixtures, else generated.
//! Run: `GOTOOL_CORPUS=/work/shared/corpus cargo bench --bench pipeline`; BENCHMARKS.md has the figures.

mod common;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gotool::analyze::{AnalyzeOptions, analyze_bytes};
use gotool::check::{CheckOptions, check_game};
use gotool::input;
use gotool::sgf::{self, Limits};

/// Records per board size.
const PER_SIZE: usize = 200;

fn pipeline(c: &mut Criterion) {
    for size in [9u8, 13, 19] {
        let set = common::record_set(size, PER_SIZE);
        let bytes: u64 = set.records.iter().map(|r| r.bytes.len() as u64).sum();
        eprintln!(
            "{}: {} records, {} moves, {} bytes ({})",
            set.label,
            set.records.len(),
            set.moves,
            bytes,
            set.source
        );

        // Decoding is part of end_to_end only; parse and replay start from text.
        let texts: Vec<String> = set
            .records
            .iter()
            .map(|r| input::decode(&r.bytes).map(|d| d.text.into_owned()).unwrap_or_default())
            .collect();
        let text_bytes: u64 = texts.iter().map(|t| t.len() as u64).sum();
        let limits = Limits::default();
        let collections: Vec<sgf::Collection> = texts.iter().filter_map(|t| sgf::scan(t, &limits).ok()).collect();
        let check = CheckOptions::default();
        let analyze = AnalyzeOptions::default();

        let mut group = c.benchmark_group(format!("parse/{}", set.label));
        group.throughput(Throughput::Bytes(text_bytes));
        group.bench_function("sgf::scan", |b| {
            b.iter(|| {
                for text in &texts {
                    black_box(sgf::scan(black_box(text), &limits).ok());
                }
            })
        });
        group.finish();

        let mut group = c.benchmark_group(format!("replay/{}", set.label));
        group.throughput(Throughput::Elements(set.moves.max(1)));
        group.bench_function("check_game", |b| {
            b.iter(|| {
                for collection in &collections {
                    for index in 0..collection.games.len() {
                        black_box(check_game(black_box(collection), index, &check));
                    }
                }
            })
        });
        group.finish();

        let mut group = c.benchmark_group(format!("end_to_end/{}", set.label));
        group.throughput(Throughput::Elements(set.records.len() as u64));
        group.bench_function("analyze_bytes", |b| {
            b.iter(|| {
                for record in &set.records {
                    black_box(analyze_bytes(black_box(&record.bytes), &record.name, &analyze, None));
                }
            })
        });
        group.finish();
    }
}

criterion_group! {
    name = benches;
    // A shared 2-core machine: fewer, longer samples than the default keep a run near two minutes.
    config = Criterion::default().sample_size(30).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(4));
    targets = pipeline
}
criterion_main!(benches);
