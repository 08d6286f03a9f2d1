//! Trains the extractor's two linear models on the development sets in `../shared/eval/`
//! and writes their weights to `data/model/` (hashed weights only, never text):
//!
//! ```text
//! cargo run --release --no-default-features --example train -- [--eval DIR] [--folds K] [--out DIR] [--half even] [--spellings-only] [--odd-half-to DIR] [--by-country [--unseen-misses FILE]] [--leave-out A,B]
//! ```
//!
//! `--half even` trains on the half of each set whose items' keys (note text, MUC-4 id, GVA
//! incident id) hash even, so that the other half measures the result end to end: run the
//! binary with `INCIDENT_MAP_MODELS=DIR` on that half, which `--odd-half-to DIR` writes out
//! (outside the repository) in each set's own format, for the scorers.
//!
//! - event model: each ACLED note (world and Afghanistan files) labelled with ACLED's
//!   sub-event type; the window read is the note's incident sentence and the one after it,
//!   as the extractor reads it.
//! - relevance model: MUC-4 texts (relevant when the key has a non-optional template), GVA
//!   articles and ACLED notes (all relevant).
//!
//! - country model: every text labelled with the country it is about: ACLED notes (their
//!   `country`; the Afghan file, Afghanistan), GVA articles (the United States) and MUC-4
//!   texts (the country of their first template).
//!
//! - admin1 spellings: for each first-level division ACLED's notes are coded in, the one
//!   of the gazetteer's own names ACLED spells it with (`admin1_spellings.tsv`; names only,
//!   never note text).
//!
//! `--leave-out A,B --out DIR` trains on everything but the ACLED notes of countries A and
//! B, and writes those notes to `DIR/left_out.csv`: the extractor run with
//! `INCIDENT_MAP_MODELS=DIR` on them reads as it would news from a country it never saw.
//!
//! `--by-country` also reports the event model on each country it has not seen: for each
//! country with 200 notes or more, trained on every other country's notes and scored on
//! that one's (news from a country the development sets lack reads like this, not like the
//! k-fold figures). `--unseen-misses FILE` writes each note it then reads wrong, to read
//! by cause (country, gold sub-event type, the type read, the note; keep it outside the
//! repository).
//!
//! Before writing, it reports k-fold accuracy on the sets it trains on (the figures to
//! quote), per country and per type for the event model, and for the country model how
//! often its country is right at each probability it gives.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use incident_map::extract::confidence::{Calibration, ConfidenceInputs};
use incident_map::extract::{Extractor, learned};
use incident_map::linear::{Featurizer, LinearModel, softmax};
use incident_map::model::Article;
use incident_map::taxonomy::SubEventType;

/// Which half of the development data to train on: all of it, or only the items whose key
/// hashes even (the odd half then measures the models honestly, see `--half`).
#[derive(Clone, Copy, PartialEq)]
enum Half {
    All,
    Even,
}

impl Half {
    fn keeps(self, key: &str) -> bool {
        let hash = incident_map::linear::fnv1a(key.as_bytes());
        (self == Half::All || hash.is_multiple_of(2))
            && !LEFT_OUT
                .get()
                .is_some_and(|left_out| left_out.contains(&hash))
    }
}

/// The hashes of the ACLED notes of the countries `--leave-out` names: no model sees them.
static LEFT_OUT: std::sync::OnceLock<std::collections::HashSet<u64>> = std::sync::OnceLock::new();

/// Leaves the ACLED notes of `countries` out of every model, and writes them to
/// `left_out.csv` in `dir` (outside the repository), for the scorer: the extractor with
/// models that never saw a country, on that country's notes, reads as it would a country
/// the development sets lack.
fn leave_out(eval: &Path, countries: &str, dir: &Path) -> anyhow::Result<()> {
    let countries: Vec<&str> = countries.split(',').map(str::trim).collect();
    let mut reader = csv::Reader::from_path(eval.join("acled/acled-world-dev.csv"))?;
    let headers = reader.headers()?.clone();
    let col = |n: &str| headers.iter().position(|h| h == n);
    let (Some(notes), Some(country)) = (col("notes"), col("country")) else {
        anyhow::bail!("acled-world-dev.csv: no notes or country column");
    };
    std::fs::create_dir_all(dir)?;
    let mut writer = csv::Writer::from_path(dir.join("left_out.csv"))?;
    writer.write_record(&headers)?;
    let mut hashes = std::collections::HashSet::new();
    for record in reader.records().flatten() {
        if countries.contains(&record.get(country).unwrap_or("")) {
            hashes.insert(incident_map::linear::fnv1a(
                record.get(notes).unwrap_or("").as_bytes(),
            ));
            writer.write_record(&record)?;
        }
    }
    writer.flush()?;
    println!(
        "left out {} notes of {}",
        hashes.len(),
        countries.join(", ")
    );
    LEFT_OUT.set(hashes).ok();
    Ok(())
}

/// One training example: features, label, and a group for reporting.
struct Example {
    features: Vec<u32>,
    label: usize,
    group: String,
    /// The item's key hashes even (it belongs to the training half of `--half even`).
    even: bool,
    /// How much the example counts, on top of its class's weight.
    weight: f32,
    /// The text, for the misses `--unseen-misses` writes (ACLED notes only; else empty).
    text: String,
}

/// FTRL-Proximal for a softmax over classes (McMahan et al. 2013), sparse by its L1 term.
struct Ftrl {
    classes: usize,
    alpha: f32,
    beta: f32,
    l1: f32,
    l2: f32,
    z: Vec<f32>,
    n: Vec<f32>,
}

impl Ftrl {
    fn new(bits: u32, classes: usize, l1: f32) -> Ftrl {
        let size = (1usize << bits) * classes;
        Ftrl {
            classes,
            alpha: 0.1,
            beta: 1.0,
            l1,
            l2: 1.0,
            z: vec![0.0; size],
            n: vec![0.0; size],
        }
    }

    fn weight(&self, i: usize) -> f32 {
        let z = self.z[i];
        if z.abs() <= self.l1 {
            0.0
        } else {
            -(z - z.signum() * self.l1) / ((self.beta + self.n[i].sqrt()) / self.alpha + self.l2)
        }
    }

    fn scores(&self, features: &[u32]) -> Vec<f32> {
        let mut s = vec![0.0; self.classes];
        for &f in features {
            for (c, sc) in s.iter_mut().enumerate() {
                *sc += self.weight(f as usize * self.classes + c);
            }
        }
        s
    }

    fn update(&mut self, features: &[u32], label: usize, weight: f32) {
        let p = softmax(&self.scores(features));
        for &f in features {
            for (c, pc) in p.iter().enumerate() {
                let i = f as usize * self.classes + c;
                let g = weight * (pc - if c == label { 1.0 } else { 0.0 });
                let w = self.weight(i);
                let sigma = ((self.n[i] + g * g).sqrt() - self.n[i].sqrt()) / self.alpha;
                self.z[i] += g - sigma * w;
                self.n[i] += g * g;
            }
        }
    }

    fn model(&self, bits: u32) -> LinearModel {
        let dense: Vec<f32> = (0..self.z.len()).map(|i| self.weight(i)).collect();
        // The bias is a feature like any other ("bias"), kept in the weights.
        LinearModel::from_dense(bits, self.classes, vec![0.0; self.classes], &dense, 1e-4)
    }
}

/// Deterministic shuffle (xorshift), so runs are reproducible.
fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut state = seed.max(1);
    for i in (1..items.len()).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        items.swap(i, (state % (i as u64 + 1)) as usize);
    }
}

/// The event model on each country it was not trained on (see `--by-country`).
fn report_unseen_countries(
    events: &[Example],
    classes: usize,
    epochs: usize,
    l1: f32,
    weights: &[f32],
    misses_to: Option<&Path>,
) {
    let mut misses = String::new();
    let mut countries: BTreeMap<&str, usize> = BTreeMap::new();
    for e in events {
        *countries.entry(e.group.as_str()).or_default() += 1;
    }
    println!("  unseen country (trained on all the others):");
    println!("  {:<34} {:>6} {:>6} {:>6}", "country", "n", "type", "sub");
    let (mut n_all, mut t_all, mut s_all) = (0, 0, 0);
    let mut confusions: BTreeMap<(String, String), usize> = BTreeMap::new();
    for (country, _) in countries.iter().filter(|(_, n)| **n >= 200) {
        let others: Vec<&Example> = events.iter().filter(|e| e.group != *country).collect();
        let model = train(&others, classes, epochs, l1, weights).model(learned::FEATURE_BITS);
        let (mut n, mut t, mut s) = (0, 0, 0);
        for e in events.iter().filter(|e| e.group == *country) {
            let (sub, _, _) = learned::TypeScores {
                probabilities: model.probabilities(&e.features),
            }
            .best();
            let gold = SubEventType::ALL[e.label];
            n += 1;
            t += usize::from(sub.event_type() == gold.event_type());
            s += usize::from(sub == gold);
            if sub.event_type() != gold.event_type() {
                let pair = (gold.to_string(), sub.to_string());
                *confusions.entry(pair).or_default() += 1;
            }
            if sub != gold {
                misses.push_str(&format!("{country}\t{gold}\t{sub}\t{}\n", e.text));
            }
        }
        println!(
            "  {:<34} {:>6} {:>6.3} {:>6.3}",
            country,
            n,
            t as f64 / n as f64,
            s as f64 / n as f64
        );
        (n_all, t_all, s_all) = (n_all + n, t_all + t, s_all + s);
    }
    let mut worst: Vec<((String, String), usize)> = confusions.into_iter().collect();
    worst.sort_by_key(|&(_, n)| std::cmp::Reverse(n));
    println!("  commonest wrong event types on unseen countries (gold sub-type -> read as):");
    for ((gold, read), n) in worst.iter().take(20) {
        println!("  {n:>6}  {gold} -> {read}");
    }
    if let Some(path) = misses_to {
        match std::fs::write(path, misses) {
            Ok(()) => println!(
                "  wrong sub-event types on unseen countries: {}",
                path.display()
            ),
            Err(e) => println!("  {}: {e}", path.display()),
        }
    }
    let n_all = n_all.max(1) as f64;
    println!(
        "  unseen countries, all: event type {:.3}, sub-event type {:.3}",
        t_all as f64 / n_all,
        s_all as f64 / n_all
    );
}

fn train(examples: &[&Example], classes: usize, epochs: usize, l1: f32, weights: &[f32]) -> Ftrl {
    let mut ftrl = Ftrl::new(learned::FEATURE_BITS, classes, l1);
    let mut order: Vec<usize> = (0..examples.len()).collect();
    for epoch in 0..epochs {
        shuffle(&mut order, 17 + epoch as u64);
        for &i in &order {
            let e = examples[i];
            ftrl.update(&e.features, e.label, weights[e.label] * e.weight);
        }
    }
    ftrl
}

/// Inverse-frequency weights (square-rooted) so rare classes are not ignored.
fn class_weights(examples: &[Example], classes: usize) -> Vec<f32> {
    let mut counts = vec![0usize; classes];
    for e in examples {
        counts[e.label] += 1;
    }
    let total = examples.len() as f32;
    counts
        .iter()
        .map(|&c| {
            if c == 0 {
                1.0
            } else {
                (total / (classes as f32 * c as f32)).sqrt().clamp(0.5, 3.0)
            }
        })
        .collect()
}

/// Relevance weights within a set that has both labels: its relevant texts weigh, in all, as
/// much as its irrelevant ones. (MUC-4's irrelevant texts are the only negatives, so the
/// pooled class weights made them outweigh MUC-4's relevant texts about three to one, and
/// the model called too many reports of attacks irrelevant.)
fn balance_within_sets(docs: &mut [Example], weights: &[f32]) {
    let mut totals: BTreeMap<String, [f32; 2]> = BTreeMap::new();
    for e in docs.iter() {
        totals.entry(e.group.clone()).or_default()[e.label] += weights[e.label];
    }
    for e in docs.iter_mut() {
        let [irrelevant, relevant] = totals.get(&e.group).copied().unwrap_or_default();
        if e.label == 1 && irrelevant > 0.0 && relevant > 0.0 {
            e.weight = irrelevant / relevant;
        }
    }
}

fn read_acled(
    path: &Path,
    half: Half,
    extractor: &Extractor<'_>,
    f: &mut Featurizer,
    out: &mut Vec<Example>,
) {
    let Ok(mut reader) = csv::Reader::from_path(path) else {
        println!("{}: cannot read", path.display());
        return;
    };
    let headers = reader.headers().unwrap().clone();
    let col = |n: &str| headers.iter().position(|h| h == n);
    let (Some(notes), Some(sub)) = (col("notes"), col("sub_event_type")) else {
        return;
    };
    let country = col("country");
    let source = path.file_stem().unwrap().to_string_lossy().to_string();
    for record in reader.records().flatten() {
        let Some(label) = record.get(sub).and_then(|s| s.parse::<SubEventType>().ok()) else {
            continue;
        };
        let text = record.get(notes).unwrap_or("");
        if !half.keeps(text) {
            continue;
        }
        let article = Article {
            id: "note".into(),
            text: text.to_string(),
            ..Article::default()
        };
        if !extractor.first_incident_features(&article, f) {
            continue;
        }
        let group = country
            .and_then(|c| record.get(c))
            .map_or_else(|| source.clone(), str::to_string);
        out.push(Example {
            features: f.features().to_vec(),
            label: label.index(),
            group,
            even: Half::Even.keeps(text),
            weight: 1.0,
            text: text.to_string(),
        });
    }
}

/// The documents of the relevance model, each read as the extractor reads it (normalised,
/// its dateline's date and source and its page furniture blanked).
fn read_relevance(
    eval: &Path,
    half: Half,
    extractor: &Extractor<'_>,
    f: &mut Featurizer,
) -> Vec<Example> {
    let mut out = Vec::new();
    let mut add = |article: Article, relevant: bool, group: &str, key: &str, f: &mut Featurizer| {
        extractor.relevance_features(&article, f);
        out.push(Example {
            features: f.features().to_vec(),
            label: usize::from(relevant),
            group: group.to_string(),
            even: Half::Even.keeps(key),
            weight: 1.0,
            text: String::new(),
        });
    };
    if let Ok(text) = std::fs::read_to_string(eval.join("muc4/muc4-dev.jsonl")) {
        for line in text.lines() {
            let Ok(doc) = serde_json::from_str::<serde_json::Value>(line) else {
                continue;
            };
            if !half.keeps(doc["id"].as_str().unwrap_or("")) {
                continue;
            }
            let relevant = doc["templates"]
                .as_array()
                .is_some_and(|t| t.iter().any(|t| !t["optional"].as_bool().unwrap_or(false)));
            let article = Article {
                text: doc["text"].as_str().unwrap_or("").to_string(),
                date: doc["dateline"]["date"]
                    .as_str()
                    .and_then(|d| d.parse().ok()),
                ..Article::default()
            };
            add(
                article,
                relevant,
                "muc4",
                doc["id"].as_str().unwrap_or(""),
                f,
            );
        }
    }
    if let Ok(text) = std::fs::read_to_string(eval.join("clusters/gva-dev.jsonl")) {
        for line in text.lines() {
            let Ok(doc) = serde_json::from_str::<serde_json::Value>(line) else {
                continue;
            };
            let id = gva_key(&doc);
            if !half.keeps(&id) {
                continue;
            }
            for a in doc["articles"].as_array().into_iter().flatten() {
                let body = a["content"].as_str().unwrap_or("");
                if !body.trim().is_empty() {
                    let article = Article {
                        text: body.to_string(),
                        date: a["dct"]
                            .as_str()
                            .and_then(|d| d.get(..10))
                            .and_then(|d| d.parse().ok()),
                        ..Article::default()
                    };
                    add(article, true, "gva", &id, f);
                }
            }
        }
    }
    // ACLED notes: every tenth, so that notes do not outweigh news.
    for name in [
        "acled/acled-world-dev.csv",
        "acled/acled-afghanistan-2019-taliban.csv",
    ] {
        if let Ok(mut reader) = csv::Reader::from_path(eval.join(name)) {
            let headers = reader.headers().unwrap().clone();
            let notes = headers.iter().position(|h| h == "notes").unwrap_or(0);
            for (i, record) in reader.records().flatten().enumerate() {
                let text = record.get(notes).unwrap_or("");
                if i % 10 == 0 && half.keeps(text) {
                    let article = Article {
                        text: text.to_string(),
                        ..Article::default()
                    };
                    add(article, true, "acled", text, f);
                }
            }
        }
    }
    out
}

/// Fewer texts of a country than this, and the country model does not learn it.
const COUNTRY_MIN_TEXTS: usize = 8;

/// The ISO code of a country written out ("Central African Republic", "EL SALVADOR").
fn country_code(extractor: &Extractor<'_>, name: &str) -> Option<&'static str> {
    extractor
        .gazetteer()
        .lookup(name)
        .into_iter()
        .find(|p| p.kind == incident_map::model::PlaceKind::Country)
        .map(|p| p.country)
}

/// One ACLED note of the development files: its text, its country's ISO code (the Afghan
/// file's notes are Afghanistan's) and its coded first-level division.
struct AcledNote {
    text: String,
    country: Option<&'static str>,
    admin1: String,
}

/// Every note of the two ACLED development files.
fn acled_notes(eval: &Path, extractor: &Extractor<'_>) -> Vec<AcledNote> {
    let mut out = Vec::new();
    for (name, fixed) in [
        ("acled/acled-world-dev.csv", None),
        ("acled/acled-afghanistan-2019-taliban.csv", Some("AF")),
    ] {
        let Ok(mut reader) = csv::Reader::from_path(eval.join(name)) else {
            continue;
        };
        let headers = reader.headers().unwrap().clone();
        let col = |n: &str| headers.iter().position(|h| h == n);
        let Some(notes) = col("notes") else {
            continue;
        };
        let (country, admin1) = (col("country"), col("admin1"));
        for record in reader.records().flatten() {
            let cell = |c: Option<usize>| c.and_then(|c| record.get(c)).unwrap_or("");
            let country = fixed.or_else(|| country_code(extractor, cell(country)));
            out.push(AcledNote {
                text: cell(Some(notes)).to_string(),
                country,
                admin1: cell(admin1).to_string(),
            });
        }
    }
    out
}

/// The country model's examples (label: an ISO code, numbered later) and their groups.
fn read_countries(
    eval: &Path,
    half: Half,
    extractor: &Extractor<'_>,
    f: &mut Featurizer,
) -> Vec<(String, Vec<u32>, String, bool)> {
    let mut out = Vec::new();
    let mut add =
        |text: &str, title: Option<&str>, iso: &str, group: &str, key: &str, f: &mut Featurizer| {
            if !half.keeps(key) || text.trim().is_empty() {
                return;
            }
            let article = Article {
                id: "text".into(),
                title: title.map(str::to_string),
                text: text.to_string(),
                ..Article::default()
            };
            extractor.country_features(&article, f);
            out.push((
                iso.to_string(),
                f.features().to_vec(),
                group.to_string(),
                Half::Even.keeps(key),
            ));
        };
    for note in acled_notes(eval, extractor) {
        if let Some(iso) = note.country {
            add(&note.text, None, iso, "acled", &note.text, f);
        }
    }
    if let Ok(text) = std::fs::read_to_string(eval.join("clusters/gva-dev.jsonl")) {
        for line in text.lines() {
            let Ok(doc) = serde_json::from_str::<serde_json::Value>(line) else {
                continue;
            };
            let id = gva_key(&doc);
            for a in doc["articles"].as_array().into_iter().flatten() {
                let body = a["content"].as_str().unwrap_or("");
                add(body, a["title"].as_str(), "US", "gva", &id, f);
            }
        }
    }
    if let Ok(text) = std::fs::read_to_string(eval.join("muc4/muc4-dev.jsonl")) {
        for line in text.lines() {
            let Ok(doc) = serde_json::from_str::<serde_json::Value>(line) else {
                continue;
            };
            let country = doc["templates"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|t| t["country"].as_str())
                .find_map(|c| country_code(extractor, c));
            if let Some(iso) = country {
                let body = doc["text"].as_str().unwrap_or("");
                add(body, None, iso, "muc4", doc["id"].as_str().unwrap_or(""), f);
            }
        }
    }
    out
}

/// Words around a division's name that say only what it is ("Oromia Region").
const DIVISION_LEVEL_WORDS: [&str; 8] = [
    "province",
    "state",
    "region",
    "governorate",
    "division",
    "wilayat",
    "velayat",
    "welayat",
];

/// A division's name as compared with ACLED's: folded, level words and all but letters and
/// digits left out ("Extrême-Nord" and "Extreme Nord" are one).
fn division_key(name: &str) -> String {
    incident_map::gazetteer::fold(name)
        .split(' ')
        .filter(|w| !DIVISION_LEVEL_WORDS.contains(w))
        .collect::<String>()
}

/// ACLED's spelling of each first-level division its notes are coded in, where it is one of
/// the gazetteer's own names for it: `country<TAB>admin1 code<TAB>spelling` lines. A coded
/// admin1 counts for the one division of the note's country with that name (the primary
/// name first, then the aliases); a division is listed when at least
/// `SPELLING_MIN_NOTES` notes name it and most of them spell it one way.
fn admin1_spellings(eval: &Path, half: Half, extractor: &Extractor<'_>) -> String {
    use incident_map::model::PlaceKind;
    const SPELLING_MIN_NOTES: usize = 3;
    let g = extractor.gazetteer();
    let mut divisions: BTreeMap<&str, Vec<&incident_map::gazetteer::Place>> = BTreeMap::new();
    for p in g.places().iter().filter(|p| p.kind == PlaceKind::Admin1) {
        divisions.entry(p.country).or_default().push(p);
    }
    // (country, admin1 code) -> spelling -> notes
    let mut votes: BTreeMap<(&str, &str), BTreeMap<&str, usize>> = BTreeMap::new();
    for note in acled_notes(eval, extractor) {
        if !half.keeps(&note.text) {
            continue;
        }
        let (Some(iso), coded) = (note.country, &note.admin1) else {
            continue;
        };
        let key = division_key(coded);
        if key.is_empty() {
            continue;
        }
        let divisions = divisions.get(iso).map_or(&[][..], Vec::as_slice);
        let by_name: Vec<_> = divisions
            .iter()
            .filter(|d| division_key(d.name) == key)
            .map(|d| (*d, d.name))
            .collect();
        let found = if by_name.is_empty() {
            divisions
                .iter()
                .filter_map(|d| {
                    d.alias_list()
                        .find(|a| division_key(a) == key)
                        .map(|a| (*d, a))
                })
                .collect()
        } else {
            by_name
        };
        if let [(division, spelling)] = found[..] {
            let id = (division.country, division.admin1);
            *votes.entry(id).or_default().entry(spelling).or_default() += 1;
        }
    }
    let mut table = String::from(
        "# country\tadmin1 code\tspelling (one of the division's own names), written by examples/train.rs\n",
    );
    let mut changed = 0;
    for ((country, code), spellings) in &votes {
        let total: usize = spellings.values().sum();
        let Some((spelling, n)) = spellings
            .iter()
            .max_by_key(|(s, n)| (**n, std::cmp::Reverse(**s)))
        else {
            continue;
        };
        if *n >= SPELLING_MIN_NOTES && 2 * n > total {
            table.push_str(&format!("{country}\t{code}\t{spelling}\n"));
            if let Some(d) = g.admin1(country, code) {
                changed += usize::from(division_key(d.name) != division_key(spelling));
            }
        }
    }
    println!(
        "admin1 spellings: {} divisions, {changed} spelt otherwise than the gazetteer's name",
        table.lines().count() - 1
    );
    table
}

/// Writes [`admin1_spellings`] to `out/admin1_spellings.tsv`.
fn write_admin1_spellings(
    eval: &Path,
    half: Half,
    extractor: &Extractor<'_>,
    out: &Path,
) -> anyhow::Result<()> {
    std::fs::create_dir_all(out)?;
    let path = out.join("admin1_spellings.tsv");
    std::fs::write(&path, admin1_spellings(eval, half, extractor))?;
    println!("wrote {}", path.display());
    Ok(())
}

/// Trains the country model, reports its k-fold figures, and returns it.
fn country_model(
    eval: &Path,
    half: Half,
    extractor: &Extractor<'_>,
    f: &mut Featurizer,
    folds: usize,
    epochs: usize,
    l1: f32,
) -> (learned::CountryModel, Option<learned::CountryModel>) {
    let raw = read_countries(eval, half, extractor, f);
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for (iso, ..) in &raw {
        *counts.entry(iso.as_str()).or_default() += 1;
    }
    let countries: Vec<String> = counts
        .iter()
        .filter(|(_, n)| **n >= COUNTRY_MIN_TEXTS)
        .map(|(c, _)| c.to_string())
        .collect();
    let mut examples: Vec<Example> = raw
        .iter()
        .filter_map(|(iso, features, group, even)| {
            Some(Example {
                features: features.clone(),
                label: countries.iter().position(|c| c == iso)?,
                group: group.clone(),
                even: *even,
                weight: 1.0,
                text: String::new(),
            })
        })
        .collect();
    shuffle(&mut examples, 13);
    let classes = countries.len();
    let weights = class_weights(&examples, classes);
    println!(
        "country model: {} texts, {} countries, {folds}-fold",
        examples.len(),
        classes
    );
    // How often the country is right, by the probability given and by set.
    let mut bins = [(0usize, 0usize); 10];
    let mut by_group: BTreeMap<String, [usize; 2]> = BTreeMap::new();
    for k in 0..folds {
        let train_set: Vec<&Example> = examples
            .iter()
            .enumerate()
            .filter(|(i, _)| i % folds != k)
            .map(|(_, e)| e)
            .collect();
        let model = train(&train_set, classes, epochs, l1, &weights).model(learned::FEATURE_BITS);
        for e in examples
            .iter()
            .enumerate()
            .filter(|(i, _)| i % folds == k)
            .map(|(_, e)| e)
        {
            let p = model.probabilities(&e.features);
            let Some((best, &prob)) = p.iter().enumerate().max_by(|a, b| a.1.total_cmp(b.1)) else {
                continue;
            };
            let right = usize::from(best == e.label);
            let b = ((prob * 10.0) as usize).min(9);
            bins[b].0 += 1;
            bins[b].1 += right;
            let g = by_group.entry(e.group.clone()).or_default();
            g[0] += 1;
            g[1] += right;
        }
    }
    for (g, [n, right]) in &by_group {
        println!(
            "  {g:<8} n {n:>6}  country right {:.3}",
            *right as f64 / *n as f64
        );
    }
    println!("  {:<11} {:>6} {:>9}", "probability", "n", "right");
    for (b, (n, right)) in bins.iter().enumerate() {
        if *n > 0 {
            println!(
                "  {:.1}-{:.1}     {:>6} {:>9.3}",
                b as f64 / 10.0,
                (b + 1) as f64 / 10.0,
                n,
                *right as f64 / *n as f64
            );
        }
    }
    let fit = |set: &[&Example]| {
        let model = train(set, classes, epochs, l1, &weights).model(learned::FEATURE_BITS);
        learned::CountryModel::from_parts(model, countries.clone()).expect("classes match")
    };
    let all: Vec<&Example> = examples.iter().collect();
    let even: Vec<&Example> = examples.iter().filter(|e| e.even).collect();
    let half_model = (half == Half::All).then(|| fit(&even));
    (fit(&all), half_model)
}

/// Great-circle distance in km.
fn km(a: (f64, f64), b: (f64, f64)) -> f64 {
    let (la1, lo1, la2, lo2) = (
        a.0.to_radians(),
        a.1.to_radians(),
        b.0.to_radians(),
        b.1.to_radians(),
    );
    let h = ((la2 - la1) / 2.0).sin().powi(2)
        + la1.cos() * la2.cos() * ((lo2 - lo1) / 2.0).sin().powi(2);
    2.0 * 6371.0 * h.sqrt().min(1.0).asin()
}

/// Runs an extractor (with models that did not learn from these notes) over the odd half of
/// the ACLED notes: each first incident's confidence inputs, and whether it is right (event
/// type right and place within 161 km of ACLED's).
fn calibration_data(eval: &Path, extractor: &Extractor<'_>) -> Vec<(ConfidenceInputs, bool)> {
    let mut out = Vec::new();
    for name in [
        "acled/acled-world-dev.csv",
        "acled/acled-afghanistan-2019-taliban.csv",
    ] {
        let Ok(mut reader) = csv::Reader::from_path(eval.join(name)) else {
            continue;
        };
        let headers = reader.headers().unwrap().clone();
        let col = |n: &str| headers.iter().position(|h| h == n);
        let (Some(notes), Some(et), Some(lat), Some(lon)) = (
            col("notes"),
            col("event_type"),
            col("latitude"),
            col("longitude"),
        ) else {
            continue;
        };
        for record in reader.records().flatten() {
            let text = record.get(notes).unwrap_or("");
            if Half::Even.keeps(text) {
                continue;
            }
            let article = Article {
                id: "note".into(),
                text: text.to_string(),
                ..Article::default()
            };
            let (extraction, inputs) = extractor.extract_explained(&article);
            let first = extraction
                .incidents
                .iter()
                .enumerate()
                .min_by_key(|(_, i)| {
                    i.evidence
                        .iter()
                        .map(|e| e.start)
                        .min()
                        .unwrap_or(usize::MAX)
                });
            let Some((k, incident)) = first else { continue };
            let gold = (
                record.get(lat).and_then(|v| v.parse::<f64>().ok()),
                record.get(lon).and_then(|v| v.parse::<f64>().ok()),
            );
            let near = match (incident.position(), gold) {
                (Some(p), (Some(a), Some(b))) => km(p, (a, b)) <= 161.0,
                _ => false,
            };
            let right = near && Some(incident.event_type.as_str()) == record.get(et);
            if let Some(x) = inputs.get(k) {
                out.push((*x, right));
            }
        }
    }
    out
}

/// Logistic regression by gradient descent over the confidence inputs.
fn fit_calibration(data: &[(ConfidenceInputs, bool)]) -> Calibration {
    let mut c = Calibration::neutral();
    c.weights = [0.0; 9];
    let n = data.len().max(1) as f32;
    for _ in 0..3000 {
        let mut grad = [0.0f32; 9];
        for (x, y) in data {
            let p = c.confidence(x);
            let err = p - if *y { 1.0 } else { 0.0 };
            for (g, v) in grad.iter_mut().zip(x.values) {
                *g += err * v;
            }
        }
        for (w, g) in c.weights.iter_mut().zip(grad) {
            *w -= 2.0 * (g / n + 1e-4 * *w);
        }
    }
    c
}

/// The reliability table (10 bins) and expected calibration error of a calibration.
fn reliability(c: &Calibration, data: &[(ConfidenceInputs, bool)]) -> f64 {
    let mut bins = [(0usize, 0.0f64, 0usize); 10];
    for (x, y) in data {
        let p = f64::from(c.confidence(x));
        let b = ((p * 10.0) as usize).min(9);
        bins[b].0 += 1;
        bins[b].1 += p;
        bins[b].2 += usize::from(*y);
    }
    println!(
        "  {:<11} {:>6} {:>10} {:>9}",
        "confidence", "n", "mean given", "share right"
    );
    let mut ece = 0.0;
    for (b, (n, sum, right)) in bins.iter().enumerate() {
        if *n == 0 {
            continue;
        }
        let given = sum / *n as f64;
        let observed = *right as f64 / *n as f64;
        ece += (*n as f64 / data.len().max(1) as f64) * (given - observed).abs();
        println!(
            "  {:.1}-{:.1}     {:>6} {:>10.3} {:>9.3}",
            b as f64 / 10.0,
            (b + 1) as f64 / 10.0,
            n,
            given,
            observed
        );
    }
    println!("  expected calibration error {ece:.3}");
    ece
}

/// The key a GVA incident is split into halves by: its id, as written.
fn gva_key(doc: &serde_json::Value) -> String {
    match &doc["incident_id"] {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Writes the odd half of each development set (the items `--half even` leaves out) to
/// `dir`, in the sets' own formats, for the scorers to measure even-half models on:
/// `acled-world-dev.csv`, `acled-afghanistan-2019-taliban.csv`, `muc4-dev.jsonl`,
/// `gva-dev.jsonl` (with the GVA coordinates file beside it). Outside the repository, like
/// the sets themselves.
fn write_odd_half(eval: &Path, dir: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir)?;
    let odd = |key: &str| !Half::Even.keeps(key);
    for name in ["acled-world-dev.csv", "acled-afghanistan-2019-taliban.csv"] {
        let mut reader = csv::Reader::from_path(eval.join("acled").join(name))?;
        let headers = reader.headers()?.clone();
        let notes = headers.iter().position(|h| h == "notes").unwrap_or(0);
        let mut writer = csv::Writer::from_path(dir.join(name))?;
        writer.write_record(&headers)?;
        let mut kept = 0;
        for record in reader.records() {
            let record = record?;
            if odd(record.get(notes).unwrap_or("")) {
                writer.write_record(&record)?;
                kept += 1;
            }
        }
        writer.flush()?;
        println!("{}: {kept} notes", dir.join(name).display());
    }
    for (path, name) in [
        ("muc4/muc4-dev.jsonl", "muc4-dev.jsonl"),
        ("clusters/gva-dev.jsonl", "gva-dev.jsonl"),
    ] {
        let text = std::fs::read_to_string(eval.join(path))?;
        let mut out = String::new();
        let mut kept = 0;
        for line in text.lines() {
            let Ok(doc) = serde_json::from_str::<serde_json::Value>(line) else {
                continue;
            };
            let key = if name.starts_with("muc4") {
                doc["id"].as_str().unwrap_or("").to_string()
            } else {
                gva_key(&doc)
            };
            if odd(&key) {
                out.push_str(line);
                out.push('\n');
                kept += 1;
            }
        }
        std::fs::write(dir.join(name), out)?;
        println!("{}: {kept} items", dir.join(name).display());
    }
    // The GVA scorer finds its gold coordinates beside the articles it scores.
    let coordinates = eval.join("clusters/gva-dev.latlong.json");
    if coordinates.exists() {
        std::fs::copy(&coordinates, dir.join("gva-dev.latlong.json"))?;
    }
    Ok(())
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let eval = PathBuf::from(flag("--eval").unwrap_or_else(|| "../shared/eval".into()));
    let out = PathBuf::from(flag("--out").unwrap_or_else(|| "data/model".into()));
    let folds: usize = flag("--folds").and_then(|f| f.parse().ok()).unwrap_or(5);
    let epochs: usize = flag("--epochs").and_then(|f| f.parse().ok()).unwrap_or(4);
    let l1: f32 = flag("--l1").and_then(|f| f.parse().ok()).unwrap_or(0.5);
    let half = match flag("--half").as_deref() {
        Some("even") => Half::Even,
        _ => Half::All,
    };
    if !eval.exists() {
        println!(
            "no evaluation data at {} (it lives outside the repository); nothing trained",
            eval.display()
        );
        return Ok(());
    }
    if let Some(countries) = flag("--leave-out") {
        if flag("--out").is_none() {
            anyhow::bail!("--leave-out needs --out DIR: the bundled models stay as they are");
        }
        leave_out(&eval, &countries, &out)?;
    }
    if let Some(dir) = flag("--odd-half-to") {
        return write_odd_half(&eval, Path::new(&dir));
    }
    let extractor = Extractor::bundled()?.without_models();
    if args.iter().any(|a| a == "--spellings-only") {
        return write_admin1_spellings(&eval, half, &extractor, &out);
    }
    let mut f = Featurizer::new(learned::FEATURE_BITS);

    // Event model.
    let mut events = Vec::new();
    for name in [
        "acled/acled-world-dev.csv",
        "acled/acled-afghanistan-2019-taliban.csv",
    ] {
        read_acled(&eval.join(name), half, &extractor, &mut f, &mut events);
    }
    shuffle(&mut events, 7);
    let classes = SubEventType::ALL.len();
    let weights = class_weights(&events, classes);
    println!("event model: {} ACLED notes, {folds}-fold", events.len());
    let mut by_group: BTreeMap<String, [usize; 3]> = BTreeMap::new();
    let mut by_type: BTreeMap<&str, [usize; 3]> = BTreeMap::new();
    let (mut right_type, mut right_sub) = (0, 0);
    for k in 0..folds {
        let train_set: Vec<&Example> = events
            .iter()
            .enumerate()
            .filter(|(i, _)| i % folds != k)
            .map(|(_, e)| e)
            .collect();
        let model = train(&train_set, classes, epochs, l1, &weights).model(learned::FEATURE_BITS);
        for e in events
            .iter()
            .enumerate()
            .filter(|(i, _)| i % folds == k)
            .map(|(_, e)| e)
        {
            let scores = learned::TypeScores {
                probabilities: model.probabilities(&e.features),
            };
            let (sub, _, _) = scores.best();
            let gold = SubEventType::ALL[e.label];
            let t = usize::from(sub.event_type() == gold.event_type());
            let s = usize::from(sub == gold);
            right_type += t;
            right_sub += s;
            let g = by_group.entry(e.group.clone()).or_default();
            g[0] += 1;
            g[1] += t;
            g[2] += s;
            let g = by_type.entry(gold.event_type().as_str()).or_default();
            g[0] += 1;
            g[1] += t;
            g[2] += s;
        }
    }
    let n = events.len().max(1) as f64;
    println!(
        "  k-fold: event type {:.3}, sub-event type {:.3}",
        right_type as f64 / n,
        right_sub as f64 / n
    );
    println!("  {:<34} {:>6} {:>6} {:>6}", "country", "n", "type", "sub");
    for (g, [n, t, s]) in &by_group {
        if *n >= 50 {
            println!(
                "  {:<34} {:>6} {:>6.3} {:>6.3}",
                g,
                n,
                *t as f64 / *n as f64,
                *s as f64 / *n as f64
            );
        }
    }
    println!(
        "  {:<34} {:>6} {:>6} {:>6}",
        "event type", "n", "type", "sub"
    );
    for (g, [n, t, s]) in &by_type {
        println!(
            "  {:<34} {:>6} {:>6.3} {:>6.3}",
            g,
            n,
            *t as f64 / *n as f64,
            *s as f64 / *n as f64
        );
    }
    if args.iter().any(|a| a == "--by-country") {
        let misses_to = flag("--unseen-misses").map(PathBuf::from);
        report_unseen_countries(&events, classes, epochs, l1, &weights, misses_to.as_deref());
    }
    let all: Vec<&Example> = events.iter().collect();
    let event_model = train(&all, classes, epochs, l1, &weights).model(learned::FEATURE_BITS);

    // Relevance model.
    let mut docs = read_relevance(&eval, half, &extractor, &mut f);
    shuffle(&mut docs, 11);
    let weights = class_weights(&docs, 2);
    balance_within_sets(&mut docs, &weights);
    println!("relevance model: {} documents, {folds}-fold", docs.len());
    let mut tally: BTreeMap<String, [usize; 3]> = BTreeMap::new(); // tp, fp, fn
    // MUC-4 (the one set with irrelevant texts) at other thresholds: tp, fp, fn.
    const THRESHOLDS: [f32; 7] = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8];
    let mut by_threshold = [[0usize; 3]; THRESHOLDS.len()];
    for k in 0..folds {
        let train_set: Vec<&Example> = docs
            .iter()
            .enumerate()
            .filter(|(i, _)| i % folds != k)
            .map(|(_, e)| e)
            .collect();
        let model = train(&train_set, 2, epochs, l1, &weights).model(learned::FEATURE_BITS);
        for e in docs
            .iter()
            .enumerate()
            .filter(|(i, _)| i % folds == k)
            .map(|(_, e)| e)
        {
            let p = model.probabilities(&e.features)[1];
            if e.group == "muc4" {
                for (k, t) in THRESHOLDS.iter().enumerate() {
                    let cell = &mut by_threshold[k];
                    match (p >= *t, e.label == 1) {
                        (true, true) => cell[0] += 1,
                        (true, false) => cell[1] += 1,
                        (false, true) => cell[2] += 1,
                        _ => {}
                    }
                }
            }
            let predicted = p >= incident_map::extract::RELEVANT;
            let t = tally.entry(e.group.clone()).or_default();
            match (predicted, e.label == 1) {
                (true, true) => t[0] += 1,
                (true, false) => t[1] += 1,
                (false, true) => t[2] += 1,
                _ => {}
            }
        }
    }
    for (g, [tp, fp, fn_]) in &tally {
        let p = *tp as f64 / (*tp + *fp).max(1) as f64;
        let r = *tp as f64 / (*tp + *fn_).max(1) as f64;
        println!(
            "  {g:<8} precision {p:.3} recall {r:.3} F1 {:.3}",
            2.0 * p * r / (p + r).max(1e-9)
        );
    }
    for (t, [tp, fp, fn_]) in THRESHOLDS.iter().zip(by_threshold) {
        let p = tp as f64 / (tp + fp).max(1) as f64;
        let r = tp as f64 / (tp + fn_).max(1) as f64;
        println!(
            "  muc4 at p >= {t:.1}: precision {p:.3} recall {r:.3} F1 {:.3}",
            2.0 * p * r / (p + r).max(1e-9)
        );
    }
    let all: Vec<&Example> = docs.iter().collect();
    let relevance_model = train(&all, 2, epochs, l1, &weights).model(learned::FEATURE_BITS);

    // Country model.
    let (country, even_country) = country_model(&eval, half, &extractor, &mut f, folds, epochs, l1);

    // Calibration: models trained on the even half of every set code the odd half of the
    // ACLED notes; the confidence is fitted to how often those incidents are right.
    let calibration = if half == Half::All {
        println!("calibration: models from the even half, coding the odd half of the ACLED notes");
        let even_events: Vec<&Example> = events.iter().filter(|e| e.even).collect();
        let even_docs: Vec<&Example> = docs.iter().filter(|e| e.even).collect();
        let half_models: &'static learned::Models = Box::leak(Box::new(
            learned::Models::from_parts(
                train(
                    &even_events,
                    classes,
                    epochs,
                    l1,
                    &class_weights(&events, classes),
                )
                .model(learned::FEATURE_BITS),
                train(&even_docs, 2, epochs, l1, &class_weights(&docs, 2))
                    .model(learned::FEATURE_BITS),
            )
            .with_country(even_country),
        ));
        let coder = Extractor::bundled()?.with_models(half_models, Calibration::neutral());
        let data = calibration_data(&eval, &coder);
        println!(
            "  {} incidents; before fitting (the type probability alone):",
            data.len()
        );
        reliability(&Calibration::neutral(), &data);
        let fitted = fit_calibration(&data);
        println!("  fitted:");
        reliability(&fitted, &data);
        Some(fitted)
    } else {
        None
    };

    std::fs::create_dir_all(&out)?;
    for (name, model) in [
        ("event.bin", &event_model),
        ("relevance.bin", &relevance_model),
    ] {
        let bytes = model.to_bytes();
        std::fs::write(out.join(name), &bytes)?;
        println!(
            "wrote {} ({} KB)",
            out.join(name).display(),
            bytes.len() / 1024
        );
    }
    let (bytes, classes) = country.to_files();
    std::fs::write(out.join("country.bin"), &bytes)?;
    std::fs::write(out.join("country.tsv"), classes)?;
    println!(
        "wrote {} ({} KB) and country.tsv",
        out.join("country.bin").display(),
        bytes.len() / 1024
    );
    write_admin1_spellings(&eval, half, &extractor, &out)?;
    if let Some(calibration) = calibration {
        let path = out.join("calibration.tsv");
        std::fs::write(&path, calibration.to_tsv())?;
        println!("wrote {}", path.display());
    }
    Ok(())
}
