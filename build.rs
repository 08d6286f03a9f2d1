//! Prepares the bundled gazetteer for embedding: decompresses `data/gazetteer/*.gz` into
//! OUT_DIR, and folds every name once here (with the library's own folding code) into a
//! sorted name index, so that loading at run time neither decompresses nor folds.

use std::io::Read;
use std::path::Path;

#[allow(dead_code)]
mod fold {
    include!("src/gazetteer/fold.rs");
}

const FILES: [&str; 3] = [
    "data/gazetteer/places.tsv.gz",
    "data/gazetteer/admin1.geojson.gz",
    "data/gazetteer/countries.geojson.gz",
];

fn main() {
    println!("cargo:rerun-if-changed=src/gazetteer/fold.rs");
    let out_dir = std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into());
    let out = Path::new(&out_dir);
    let mut places = String::new();
    for file in FILES {
        println!("cargo:rerun-if-changed={file}");
        let name = Path::new(file)
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("data");
        let mut text = String::new();
        let read = std::fs::File::open(file)
            .map(flate2::read::GzDecoder::new)
            .and_then(|mut gz| gz.read_to_string(&mut text));
        if let Err(err) = read {
            panic!(
                "{file}: cannot read the bundled data ({err}); run `python3 data/build_data.py`"
            );
        }
        write(&out.join(name), &text);
        if name == "places.tsv" {
            places = text;
        }
    }
    let (names, loose) = name_indexes(&places);
    write(&out.join("names.idx"), &names);
    write(&out.join("loose.idx"), &loose);
}

fn write(path: &Path, text: &str) {
    if let Err(err) = std::fs::write(path, text) {
        panic!("cannot write {}: {err}", path.display());
    }
}

/// `key<TAB>id:h,id:h` lines sorted by key, one posting per place (its best match kind).
fn name_indexes(places: &str) -> (String, String) {
    let mut names: Vec<(String, u32, u8)> = Vec::new();
    let mut loose: Vec<(String, u32, u8)> = Vec::new();
    for (i, line) in places.lines().skip(1).filter(|l| !l.is_empty()).enumerate() {
        let cols: Vec<&str> = line.split('\t').collect();
        let col = |k: usize| cols.get(k).copied().unwrap_or("");
        let (kind, name, iso, aliases, demonyms) = (col(1), col(5), col(10), col(11), col(12));
        let id = i as u32;
        for (key, how) in fold::index_keys(kind, name, aliases, iso, demonyms) {
            names.push((key, id, rank(how)));
        }
        for key in fold::loose_index_keys(kind, name, aliases) {
            loose.push((key, id, rank(b'a')));
        }
    }
    (render(names), render(loose))
}

/// Primary before alias before demonym.
fn rank(how: u8) -> u8 {
    match how {
        b'p' => 0,
        b'a' => 1,
        _ => 2,
    }
}

fn render(mut entries: Vec<(String, u32, u8)>) -> String {
    entries.sort();
    entries.dedup_by(|b, a| a.0 == b.0 && a.1 == b.1);
    let mut out = String::with_capacity(entries.len() * 16);
    let mut last: Option<&str> = None;
    for (key, id, how) in &entries {
        if key.contains('\t') || key.contains('\n') {
            continue;
        }
        let code = ['p', 'a', 'd'][*how as usize];
        if last == Some(key.as_str()) {
            out.push_str(&format!(",{id}:{code}"));
        } else {
            if last.is_some() {
                out.push('\n');
            }
            out.push_str(&format!("{key}\t{id}:{code}"));
            last = Some(key.as_str());
        }
    }
    out.push('\n');
    out
}
