//! Extraction throughput on article text (the bundled sample repeated to about 2 MB): one
//! core, and all cores with rayon. Target: 20 MB/s on one core.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use incident_map::extract::Extractor;
use incident_map::model::Article;
use std::path::PathBuf;

fn corpus() -> Vec<Article> {
    let report = incident_map::ingest::read_paths(&[PathBuf::from("data/articles")]);
    let mut articles = Vec::new();
    let mut bytes = 0;
    let mut i = 0;
    while bytes < 2_000_000 && !report.articles.is_empty() {
        let mut a = report.articles[i % report.articles.len()].clone();
        a.id = format!("{}#{i}", a.id);
        bytes += a.text.len();
        articles.push(a);
        i += 1;
    }
    articles
}

fn throughput(c: &mut Criterion) {
    let extractor = match Extractor::bundled() {
        Ok(e) => e,
        Err(e) => panic!("{e}"),
    };
    let articles = corpus();
    let bytes: usize = articles.iter().map(|a| a.text.len()).sum();
    let mut group = c.benchmark_group("extract");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("one core", |b| {
        b.iter(|| {
            articles
                .iter()
                .map(|a| extractor.extract(a).incidents.len())
                .sum::<usize>()
        })
    });
    group.bench_function("all cores (rayon)", |b| {
        b.iter(|| {
            extractor
                .extract_all(&articles)
                .iter()
                .map(|e| e.incidents.len())
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, throughput);
criterion_main!(benches);
