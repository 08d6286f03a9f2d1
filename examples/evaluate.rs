//! Scores the geocoder and the extractor on the development evaluation data in
//! `../shared/eval/` (never copied into the repository):
//!
//! ```text
//! cargo run --release --example evaluate -- [geoparse|acled|clusters|all] [--eval DIR] [--misses FILE]
//! ```
//!
//! Each mode reads every file of its kind in its folder: `geoparse/*.xml` (TR-News,
//! GeoWebNews), `acled/*.csv`, `clusters/*.jsonl`.
//!
//! - geoparse: Acc@161 and mean error (km) on the gold toponyms of TR-News and GeoWebNews,
//!   each resolved in the context of its article, and the precision and recall of place
//!   mention detection end to end (places and references, as `incident-map places` lists).
//! - acled: each ACLED `notes` text as an article of its own; accuracy of event_type,
//!   sub_event_type, admin1, fatalities and event_date against ACLED's coding.
//! - clusters: Gun Violence Archive incidents with several articles each; pairwise precision
//!   and recall of merging (articles of one incident must merge, others must not).
//!
//! Files that are absent are reported and skipped; the command does not fail for them.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use anyhow::Context as _;
use geo::{Distance, Haversine, Point};
use incident_map::extract::Extractor;
use incident_map::gazetteer::{Gazetteer, fold};
use incident_map::model::{Article, Incident};
use rayon::prelude::*;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let what = args
        .first()
        .map(String::as_str)
        .unwrap_or("all")
        .to_string();
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let eval = PathBuf::from(flag("--eval").unwrap_or_else(|| "../shared/eval".into()));
    let misses_path =
        PathBuf::from(flag("--misses").unwrap_or_else(|| "target/eval-misses.txt".into()));
    let mut misses = std::fs::File::create(&misses_path)
        .with_context(|| format!("creating {}", misses_path.display()))?;
    if matches!(what.as_str(), "geoparse" | "all") {
        for path in files_in(&eval.join("geoparse"), "xml") {
            let label = label_of(&path);
            match std::fs::read_to_string(&path) {
                Ok(xml) => geoparse(&xml, &label, &mut misses)?,
                Err(err) => println!("{label}: cannot read {}: {err}", path.display()),
            }
        }
    }
    if matches!(what.as_str(), "acled" | "all") {
        for path in files_in(&eval.join("acled"), "csv") {
            acled(&path, &mut misses)?;
        }
    }
    if matches!(what.as_str(), "clusters" | "all") {
        for path in files_in(&eval.join("clusters"), "jsonl") {
            clusters(&path)?;
        }
    }
    println!("misses listed in {}", misses_path.display());
    Ok(())
}

/// The files with this extension in a folder of the evaluation data, in name order; says so
/// (and gives none) when the folder is absent or holds none.
fn files_in(dir: &Path, extension: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == extension))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    if files.is_empty() {
        println!(
            "{}: no .{extension} evaluation file there, skipped",
            dir.display()
        );
    }
    files
}

/// A short label for a file: its name without extension.
fn label_of(path: &Path) -> String {
    path.file_stem().map_or_else(
        || path.display().to_string(),
        |s| s.to_string_lossy().into_owned(),
    )
}

struct Toponym {
    start: usize,
    end: usize,
    /// The surface form the annotators give (`phrase`, `extractedName`), when they give one.
    phrase: Option<String>,
    lat: f64,
    lon: f64,
    kind: String,
}

/// Byte offset of a char offset.
fn byte_at(text: &str, chars: usize) -> usize {
    text.char_indices()
        .nth(chars)
        .map_or(text.len(), |(b, _)| b)
}

/// The byte span of a gold toponym. Some corpora count offsets in a copy of the text whose
/// line indentation was collapsed, so the span is anchored on the annotated phrase: its
/// occurrence nearest to the stated offset, else the stated offsets as they are.
fn anchored_span(text: &str, t: &Toponym) -> (usize, usize) {
    let stated = (byte_at(text, t.start), byte_at(text, t.end));
    let Some(phrase) = t.phrase.as_deref().filter(|p| !p.is_empty()) else {
        return stated;
    };
    if text.get(stated.0..stated.1) == Some(phrase) {
        return stated;
    }
    text.match_indices(phrase)
        .map(|(at, _)| at)
        .min_by_key(|&at| at.abs_diff(stated.0))
        .map_or(stated, |at| (at, at + phrase.len()))
}

/// Counts for place mention detection end to end: a gold toponym is found when a mention
/// overlaps it, a mention is right when it overlaps a gold toponym.
#[derive(Default)]
struct Detection {
    gold: usize,
    gold_found: usize,
    predicted: usize,
    predicted_right: usize,
}

fn geoparse(xml: &str, label: &str, misses: &mut std::fs::File) -> anyhow::Result<()> {
    let doc = roxmltree::Document::parse(xml).with_context(|| format!("{label}: XML"))?;
    let g = Gazetteer::bundled()?;
    let child_text = |n: roxmltree::Node<'_, '_>, name: &str| {
        n.descendants()
            .find(|c| c.has_tag_name(name))
            .and_then(|c| c.text())
            .map(|t| t.trim().to_string())
    };
    let mut errors_km = Vec::new();
    let mut by_type: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut detection = Detection::default();
    for article in doc.descendants().filter(|n| n.has_tag_name("article")) {
        let Some(text) = child_text(article, "text").or_else(|| {
            article
                .children()
                .find(|c| c.has_tag_name("text"))
                .and_then(|c| c.text())
                .map(str::to_string)
        }) else {
            continue;
        };
        let raw_text = article
            .children()
            .find(|c| c.has_tag_name("text"))
            .and_then(|c| c.text())
            .unwrap_or(&text)
            .to_string();
        let mut toponyms = Vec::new();
        for t in article.descendants().filter(|n| n.has_tag_name("toponym")) {
            let num = |name: &str| child_text(t, name).and_then(|s| s.parse::<f64>().ok());
            let (Some(start), Some(end)) = (num("start"), num("end")) else {
                continue;
            };
            let (Some(lat), Some(lon)) = (
                num("lat").or(num("latitude")),
                num("lon").or(num("longitude")),
            ) else {
                continue;
            };
            toponyms.push(Toponym {
                start: start as usize,
                end: end as usize,
                phrase: child_text(t, "phrase").or_else(|| child_text(t, "extractedName")),
                lat,
                lon,
                kind: child_text(t, "type").unwrap_or_else(|| "all".into()),
            });
        }
        toponyms.sort_by_key(|t| t.start);
        let spans: Vec<(usize, usize)> = toponyms
            .iter()
            .map(|t| anchored_span(&raw_text, t))
            .collect();
        // End to end: what the mention finder itself finds, against the gold spans.
        let found = incident_map::extract::find_all_mentions(g, &raw_text);
        let predicted: Vec<(usize, usize)> = found
            .places
            .iter()
            .chain(&found.references)
            .map(|m| m.span)
            .collect();
        let overlaps = |a: (usize, usize), b: (usize, usize)| a.0 < b.1 && b.0 < a.1;
        detection.gold += spans.len();
        detection.predicted += predicted.len();
        detection.gold_found += spans
            .iter()
            .filter(|&&s| predicted.iter().any(|&p| overlaps(s, p)))
            .count();
        detection.predicted_right += predicted
            .iter()
            .filter(|&&p| spans.iter().any(|&s| overlaps(s, p)))
            .count();
        let resolved = incident_map::extract::resolve_toponyms(g, &raw_text, &spans);
        for ((t, span), r) in toponyms.iter().zip(&spans).zip(resolved) {
            let km = r.as_ref().map_or(20_038.0, |r| {
                Haversine.distance(
                    Point::new(t.lon, t.lat),
                    Point::new(r.place.longitude, r.place.latitude),
                ) / 1000.0
            });
            errors_km.push(km);
            let entry = by_type.entry(t.kind.clone()).or_default();
            entry.1 += 1;
            if km <= 161.0 {
                entry.0 += 1;
            } else {
                let name = raw_text.get(span.0..span.1).unwrap_or("?");
                writeln!(
                    misses,
                    "{label}\t{name}\t{:.0} km\tgot {:?}",
                    km,
                    r.map(|r| (r.place.name, r.place.country, r.place.kind))
                )?;
            }
        }
    }
    let n = errors_km.len().max(1) as f64;
    let hits = errors_km.iter().filter(|&&k| k <= 161.0).count() as f64;
    let mean = errors_km.iter().sum::<f64>() / n;
    let mut sorted = errors_km.clone();
    sorted.sort_by(f64::total_cmp);
    let median = sorted.get(sorted.len() / 2).copied().unwrap_or(0.0);
    println!(
        "{label}: {} gold toponyms, Acc@161 {:.1}%, mean error {:.0} km, median {:.1} km",
        errors_km.len(),
        100.0 * hits / n,
        mean,
        median
    );
    println!(
        "{label}: mentions found end to end: precision {:.3}, recall {:.3} ({} found, {} gold)",
        detection.predicted_right as f64 / detection.predicted.max(1) as f64,
        detection.gold_found as f64 / detection.gold.max(1) as f64,
        detection.predicted,
        detection.gold
    );
    if by_type.len() > 1 {
        for (kind, (ok, all)) in &by_type {
            println!(
                "  {kind:<12} {ok:>5}/{all:<5} {:.1}%",
                100.0 * *ok as f64 / (*all).max(1) as f64
            );
        }
    }
    Ok(())
}

fn acled(path: &Path, misses: &mut std::fs::File) -> anyhow::Result<()> {
    let g = Gazetteer::bundled()?;
    let extractor = Extractor::bundled()?;
    let mut reader = csv::Reader::from_path(path)?;
    let headers = reader.headers()?.clone();
    let col = |name: &str| headers.iter().position(|h| h == name);
    let (Some(notes_c), Some(et_c), Some(st_c), Some(a1_c), Some(f_c), Some(d_c)) = (
        col("notes"),
        col("event_type"),
        col("sub_event_type"),
        col("admin1"),
        col("fatalities"),
        col("date"),
    ) else {
        anyhow::bail!("{}: missing columns", path.display());
    };
    let rows: Vec<csv::StringRecord> = reader.records().collect::<Result<_, _>>()?;
    // Each note is an article of its own, with no publication date: the date must come
    // from the text, as a coder reads it.
    let results: Vec<Vec<Incident>> = rows
        .par_iter()
        .enumerate()
        .map(|(i, r)| {
            let article = Article {
                id: format!("acled#{}", i + 2),
                text: r.get(notes_c).unwrap_or("").to_string(),
                ..Article::default()
            };
            extractor.extract(&article).incidents
        })
        .collect();
    let mut admin1_names: HashMap<String, Vec<String>> = HashMap::new();
    let mut score = [0usize; 6];
    // Fatalities where ACLED coded a figure above 0, and rows coded 0 whose note reports deaths.
    let (mut coded_rows, mut coded_hits, mut zero_with_deaths) = (0usize, 0usize, 0usize);
    let fields = [
        "found",
        "event_type",
        "sub_event_type",
        "admin1",
        "fatalities",
        "event_date",
    ];
    for (r, incidents) in rows.iter().zip(&results) {
        let get = |c: usize| r.get(c).unwrap_or("").trim().to_string();
        let gold_admin1 = get(a1_c);
        let spellings = admin1_names.entry(gold_admin1.clone()).or_insert_with(|| {
            let mut names = vec![fold(&gold_admin1)];
            let ctx = incident_map::gazetteer::Context {
                only_country: Some("AF".into()),
                ..Default::default()
            };
            if let Some(p) = g.resolve_name(&format!("{gold_admin1} province"), &ctx) {
                names.push(fold(p.place.name));
                names.extend(p.place.alias_list().map(fold));
            }
            names
        });
        // The incident a coder would have coded: the first with a date, else the first.
        let Some(best) = incidents
            .iter()
            .find(|i| i.event_date.is_some())
            .or(incidents.first())
        else {
            writeln!(misses, "acled\tnone\t{}", get(notes_c))?;
            continue;
        };
        score[0] += 1;
        let checks = [
            best.event_type.as_str() == get(et_c),
            best.sub_event_type.as_str() == get(st_c),
            spellings.contains(&fold(&best.admin1)),
            best.fatalities.to_string() == get(f_c),
            best.event_date.map(|d| d.to_string()) == Some(get(d_c)),
        ];
        let gold_fatalities: u32 = get(f_c).parse().unwrap_or(0);
        if gold_fatalities > 0 {
            coded_rows += 1;
            coded_hits += usize::from(best.fatalities == gold_fatalities);
        } else if best.fatalities > 0 {
            zero_with_deaths += 1;
        }
        let got = [
            best.event_type.to_string(),
            best.sub_event_type.to_string(),
            best.admin1.clone(),
            best.fatalities.to_string(),
            best.event_date.map(|d| d.to_string()).unwrap_or_default(),
        ];
        let want = [
            get(et_c),
            get(st_c),
            gold_admin1.clone(),
            get(f_c),
            get(d_c),
        ];
        for (k, ok) in checks.iter().enumerate() {
            if *ok {
                score[k + 1] += 1;
            } else {
                writeln!(
                    misses,
                    "acled\t{}\tgot {:?}\twant {:?}\t{}",
                    fields[k + 1],
                    got[k],
                    want[k],
                    get(notes_c)
                )?;
            }
        }
    }
    let n = rows.len().max(1) as f64;
    println!("ACLED notes: {} rows", rows.len());
    for (k, name) in fields.iter().enumerate() {
        println!("  {name:<15} {:.3}", score[k] as f64 / n);
    }
    println!(
        "  fatalities where ACLED coded a figure > 0: {:.3} of {coded_rows} rows; rows ACLED coded 0 whose note reports deaths: {zero_with_deaths}",
        coded_hits as f64 / coded_rows.max(1) as f64
    );
    Ok(())
}

#[derive(serde::Deserialize)]
struct GvaIncident {
    incident_id: String,
    articles: Vec<GvaArticle>,
}

#[derive(serde::Deserialize)]
struct GvaArticle {
    doc_id: String,
    #[serde(default)]
    title: String,
    #[serde(default)]
    dct: String,
    #[serde(default)]
    content: String,
}

fn clusters(path: &Path) -> anyhow::Result<()> {
    let extractor = Extractor::bundled()?;
    let text = std::fs::read_to_string(path)?;
    let mut articles = Vec::new();
    let mut gold: HashMap<String, String> = HashMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let incident: GvaIncident = serde_json::from_str(line)?;
        for a in incident.articles {
            if gold
                .insert(a.doc_id.clone(), incident.incident_id.clone())
                .is_some()
            {
                continue; // an article listed under two incidents keeps its first
            }
            articles.push(Article {
                id: a.doc_id,
                title: Some(a.title.clone()),
                date: incident_map::ingest::parse_metadata_date(&a.dct),
                text: format!("{}\n\n{}", a.title, a.content),
                ..Article::default()
            });
        }
    }
    let out =
        incident_map::pipeline::extract_articles(&extractor, articles, &AtomicBool::new(false));
    let mut biggest: Vec<&Incident> = out
        .incidents
        .iter()
        .filter(|i| i.sources.len() > 2)
        .collect();
    biggest.sort_by_key(|i| std::cmp::Reverse(i.sources.len()));
    for i in biggest.iter().take(5) {
        println!(
            "  largest merge: {} sources, {:?} {} / {}, {} {:?} {:?} precision {}",
            i.sources.len(),
            i.event_date,
            i.event_type,
            i.sub_event_type,
            i.iso,
            i.admin1,
            i.location,
            i.geo_precision
        );
    }
    let mut predicted: HashSet<(String, String)> = HashSet::new();
    for incident in &out.incidents {
        for (i, a) in incident.sources.iter().enumerate() {
            for b in &incident.sources[i + 1..] {
                predicted.insert(if a < b {
                    (a.clone(), b.clone())
                } else {
                    (b.clone(), a.clone())
                });
            }
        }
    }
    let mut by_incident: HashMap<&str, Vec<&str>> = HashMap::new();
    for (doc, inc) in &gold {
        by_incident
            .entry(inc.as_str())
            .or_default()
            .push(doc.as_str());
    }
    let mut gold_pairs: HashSet<(String, String)> = HashSet::new();
    for docs in by_incident.values() {
        for (i, a) in docs.iter().enumerate() {
            for b in &docs[i + 1..] {
                gold_pairs.insert(if a < b {
                    (a.to_string(), b.to_string())
                } else {
                    (b.to_string(), a.to_string())
                });
            }
        }
    }
    let both = predicted.intersection(&gold_pairs).count() as f64;
    println!(
        "GVA clusters: {} articles, {} gold pairs, {} predicted pairs: pairwise precision {:.3}, recall {:.3}",
        gold.len(),
        gold_pairs.len(),
        predicted.len(),
        both / (predicted.len().max(1) as f64),
        both / (gold_pairs.len().max(1) as f64)
    );
    Ok(())
}
