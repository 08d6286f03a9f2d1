//! Merging at scale: 100,000 and 1,000,000 synthetic reports (a third of them re-reports of
//! an earlier event) through the blocked merge. Goal: 1M in under 10 s on a 2-core machine.
//! Also the way `extract` and `merge` run it: every report written to a spill file as it
//! comes, and each merged incident read back and combined at the end.

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use incident_map::dedup::{merge_incidents, synthetic_reports};
use incident_map::spill::SpillMerge;
use std::hint::black_box;

fn merge(c: &mut Criterion) {
    let mut group = c.benchmark_group("merge");
    group.sample_size(10);
    // `cargo test --all-targets` runs each benchmark once as a smoke test, in the debug
    // profile: small sizes there, the real ones under `cargo bench` (which passes --bench).
    let sizes: &[usize] = if std::env::args().any(|a| a == "--bench") {
        &[100_000, 1_000_000]
    } else {
        &[1_000]
    };
    for &n in sizes {
        let reports = synthetic_reports(n);
        group.bench_function(format!("{n} reports"), |b| {
            b.iter_batched(
                || reports.clone(),
                // The merged output is returned, so it is dropped outside the timing.
                |reports| merge_incidents(black_box(reports)),
                BatchSize::PerIteration,
            )
        });
        group.bench_function(format!("{n} reports, spilled"), |b| {
            b.iter(|| {
                let mut spill = SpillMerge::new();
                for report in &reports {
                    spill.push(black_box(report)).unwrap_or_default();
                }
                spill.into_merged().map_or(0, |merged| merged.count())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, merge);
criterion_main!(benches);
