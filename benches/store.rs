//! The store and the map at scale: 1,000,000 synthetic incidents. A filter change must take
//! under 20 ms; the map regroups incidents into clusters once per filter and zoom level, so
//! that a frame only draws the clusters (a few hundred shapes), not a million markers.

use criterion::{Criterion, criterion_group, criterion_main};
use incident_map::store::{Filter, Store, synthetic_incidents, type_key};
use std::hint::black_box;

const N: usize = 1_000_000;

fn filters(c: &mut Criterion) {
    let store = Store::new(synthetic_incidents(N));
    let mut group = c.benchmark_group("store 1M");
    group.sample_size(10);
    let day = |m, d| chrono::NaiveDate::from_ymd_opt(2019, m, d);
    let cases = [
        ("no filter", Filter::default()),
        (
            "date range (3 months)",
            Filter {
                date_from: day(3, 1),
                date_to: day(5, 31),
                ..Filter::default()
            },
        ),
        (
            "two types hidden",
            Filter {
                hidden_types: [
                    type_key("Battles", "Armed clash"),
                    type_key("Protests", "Peaceful protest"),
                ]
                .into(),
                ..Filter::default()
            },
        ),
        (
            "min fatalities 10",
            Filter {
                min_fatalities: 10,
                ..Filter::default()
            },
        ),
        (
            "free text",
            Filter {
                text: "incident 4242".into(),
                ..Filter::default()
            },
        ),
    ];
    for (name, filter) in cases {
        group.bench_function(name, |b| {
            b.iter(|| black_box(store.apply(&filter)).visible.len())
        });
    }
    group.finish();

    #[cfg(feature = "gui")]
    {
        use incident_map::app::map::Clusters;
        let visible = store.apply(&Filter::default()).visible;
        let mut group = c.benchmark_group("map 1M");
        group.sample_size(10);
        let mut generation = 0;
        for zoom in [5.0, 8.0, 12.0] {
            let mut clusters = Clusters::default();
            group.bench_function(format!("regroup into clusters at zoom {zoom}"), |b| {
                b.iter(|| {
                    generation += 1;
                    clusters.update(&store, &visible, generation, zoom, (34.5, 67.5));
                    clusters.clusters.len() + clusters.areas.len()
                })
            });
            let mut clusters = Clusters::default();
            clusters.update(&store, &visible, 0, zoom, (34.5, 67.5));
            println!(
                "zoom {zoom}: {} point clusters, {} area halos to draw",
                clusters.clusters.len(),
                clusters.areas.len()
            );
        }
        group.finish();
    }
}

criterion_group!(benches, filters);
criterion_main!(benches);
