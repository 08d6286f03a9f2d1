//! Gazetteer load time and name lookups. Targets: load under 150 ms (release), lookups above
//! one million a second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use incident_map::gazetteer::{Context, Gazetteer, fold};
use std::hint::black_box;

const NAMES: [&str; 10] = [
    "Kabul",
    "Helmand province",
    "Bagram",
    "Doha",
    "Paktia",
    "London",
    "Washington",
    "Springfield",
    "Nahr-e Saraj",
    "Xqzzyville",
];

fn load(c: &mut Criterion) {
    let mut group = c.benchmark_group("gazetteer");
    group.sample_size(10);
    group.bench_function("load bundled (places and name index)", |b| {
        b.iter(|| black_box(Gazetteer::load_bundled().map(|g| g.places().len())))
    });
    group.bench_function(
        "load bundled ready to read text (with the hash tables and outlines, two threads)",
        |b| b.iter(|| black_box(Gazetteer::load_bundled_ready().map(|g| g.places().len()))),
    );
    group.finish();
}

fn lookups(c: &mut Criterion) {
    let g = match Gazetteer::bundled() {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    let folded: Vec<String> = NAMES.iter().map(|n| fold(n)).collect();
    let mut group = c.benchmark_group("lookup");
    group.throughput(Throughput::Elements(NAMES.len() as u64));
    group.bench_function("name index get (folded)", |b| {
        b.iter(|| {
            folded
                .iter()
                .map(|n| g.names().get(black_box(n)).len())
                .sum::<usize>()
        })
    });
    group.bench_function("fold + get", |b| {
        b.iter(|| {
            NAMES
                .iter()
                .map(|n| g.names().get(&fold(black_box(n))).len())
                .sum::<usize>()
        })
    });
    group.bench_function("resolve_name (ranked, in context)", |b| {
        let ctx = Context::default();
        b.iter(|| {
            NAMES
                .iter()
                .filter(|n| g.resolve_name(black_box(n), &ctx).is_some())
                .count()
        })
    });
    group.finish();
    let mut points = c.benchmark_group("spatial");
    let _ = g.admin1_at(31.6, 64.4);
    let _ = g.nearest_place(31.6, 64.4);
    points.bench_function("admin1_at (point in polygon)", |b| {
        b.iter(|| g.admin1_at(black_box(31.6), black_box(64.4)))
    });
    points.bench_function("nearest_place (rstar)", |b| {
        b.iter(|| g.nearest_place(black_box(31.6), black_box(64.4)))
    });
    points.finish();
}

criterion_group!(benches, load, lookups);
criterion_main!(benches);
