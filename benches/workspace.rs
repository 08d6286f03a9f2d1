//! The workspace at work: importing articles (the bundled sample repeated, each copy a new
//! article), and opening a workspace of 1,000,000 incidents to show the counts and the
//! first page of the review queue (target: under 2 s). The big workspace is generated once
//! with a bulk insert and kept under the target directory; `cargo test` runs this with
//! 10,000 incidents as a smoke test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use incident_map::extract::Extractor;
use incident_map::sample::sample_articles;
use incident_map::store::synthetic_incidents;
use incident_map::taxonomy::ReviewStatus;
use incident_map::workspace::{RunOptions, StatusFilter, Workspace, schema};

/// 1,000,000 under `cargo bench`, 10,000 as a test.
fn big_n() -> usize {
    if std::env::args().any(|a| a == "--bench") {
        1_000_000
    } else {
        10_000
    }
}

/// Copies of the sample articles repeated: how many times.
const COPIES: usize = 20;

fn import(c: &mut Criterion) {
    let extractor = Extractor::bundled().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("articles.jsonl");
    let mut lines = Vec::new();
    let mut bytes = 0;
    for copy in 0..COPIES {
        for mut a in sample_articles() {
            a.id = format!("{}-{copy}", a.id);
            a.text = format!("{}\n\nCopy {copy}.", a.text);
            bytes += a.text.len();
            lines.push(serde_json::to_string(&a).unwrap());
        }
    }
    std::fs::write(&input, lines.join("\n")).unwrap();
    let articles = lines.len();
    let mut group = c.benchmark_group("workspace import");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function(format!("{articles} articles into a new workspace"), |b| {
        b.iter_batched(
            || {
                let d = tempfile::tempdir().unwrap();
                let path = d.path().join("w.imap");
                (d, path)
            },
            |(_d, path)| {
                let mut ws = Workspace::open(&path).unwrap();
                let s = ws
                    .import(
                        std::slice::from_ref(&input),
                        &extractor,
                        RunOptions::default(),
                    )
                    .unwrap();
                assert_eq!(s.articles_added, articles);
                s.incidents_added
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

/// The big workspace, generated on first use (written aside, then renamed into place).
fn big_workspace(n: usize) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(format!(
        "workspace-bench-{n}-v{}.imap",
        schema::CURRENT_VERSION
    ));
    if path.exists() {
        return path;
    }
    let partial = dir.join(format!("workspace-bench-{n}.partial.imap"));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", partial.display()));
    }
    let start = Instant::now();
    {
        let mut ws = Workspace::open(&partial).unwrap();
        let mut incidents = synthetic_incidents(n);
        for (i, incident) in incidents.iter_mut().enumerate() {
            // A spread of confidences for the queue's order.
            incident.confidence = ((i * 7919) % 1000) as f32 / 1000.0;
        }
        // Most unreviewed; a tenth of each other status.
        let tenth = n / 10;
        let mut rest = incidents.split_off(tenth * 4);
        for (k, status) in [
            ReviewStatus::Accepted,
            ReviewStatus::Rejected,
            ReviewStatus::Edited,
            ReviewStatus::Imported,
        ]
        .into_iter()
        .enumerate()
        {
            let chunk: Vec<_> = incidents[k * tenth..(k + 1) * tenth].to_vec();
            ws.insert_coded_incidents(chunk, status).unwrap();
        }
        ws.insert_coded_incidents(std::mem::take(&mut rest), ReviewStatus::Unreviewed)
            .unwrap();
        ws.integrity_check().unwrap();
    }
    std::fs::rename(&partial, &path).unwrap();
    for suffix in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", partial.display()));
    }
    eprintln!(
        "generated a workspace of {n} incidents in {:.1} s ({})",
        start.elapsed().as_secs_f64(),
        path.display()
    );
    path
}

fn open_and_first_page(c: &mut Criterion) {
    let n = big_n();
    let path = big_workspace(n);
    let show = || {
        let ws = Workspace::open_existing(&path).unwrap();
        let counts = ws.counts().unwrap();
        let page = ws
            .review_queue(StatusFilter::Only(ReviewStatus::Unreviewed), 0, 50)
            .unwrap();
        (counts, page)
    };
    let start = Instant::now();
    let (counts, page) = show();
    eprintln!(
        "first open of {n} incidents, counts and first page: {:.0} ms",
        start.elapsed().as_secs_f64() * 1000.0
    );
    assert_eq!(counts.incidents(), n as u64);
    assert_eq!(page.len(), 50);
    assert!(
        page.windows(2)
            .all(|w| w[0].incident.confidence <= w[1].incident.confidence)
    );
    let mut group = c.benchmark_group(format!("workspace of {n} incidents"));
    group.sample_size(10);
    group.bench_function("open, counts, first page of the review queue", |b| {
        b.iter(|| black_box(show()).1.len())
    });
    group.finish();
}

criterion_group!(benches, import, open_and_first_page);
criterion_main!(benches);
