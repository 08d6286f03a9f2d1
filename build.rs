//! Decompresses the bundled gazetteer into OUT_DIR so that the binary embeds it and loading
//! at run time costs no decompression (see src/gazetteer/embedded.rs).

use std::io::Read;
use std::path::Path;

const FILES: [&str; 3] = [
    "data/gazetteer/places.tsv.gz",
    "data/gazetteer/admin1.geojson.gz",
    "data/gazetteer/countries.geojson.gz",
];

fn main() {
    let out_dir = std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into());
    for file in FILES {
        println!("cargo:rerun-if-changed={file}");
        let name = Path::new(file)
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("data");
        let mut text = Vec::new();
        let read = std::fs::File::open(file)
            .map(flate2::read::GzDecoder::new)
            .and_then(|mut gz| gz.read_to_end(&mut text));
        if let Err(err) = read {
            panic!("{file}: cannot read the bundled data ({err}); run `python3 data/build_data.py`");
        }
        if let Err(err) = std::fs::write(Path::new(&out_dir).join(name), &text) {
            panic!("cannot write {name} into {out_dir}: {err}");
        }
    }
}
