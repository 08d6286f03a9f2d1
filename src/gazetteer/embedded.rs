//! The bundled data, decompressed by build.rs from `data/gazetteer/*.gz` and embedded, so
//! the app and CLI work from any directory.

/// The places table (TSV with a header row).
pub const PLACES: &str = include_str!(concat!(env!("OUT_DIR"), "/places.tsv"));
/// Admin-1 polygons (GeoJSON FeatureCollection).
pub const ADMIN1: &str = include_str!(concat!(env!("OUT_DIR"), "/admin1.geojson"));
/// Country outlines (GeoJSON FeatureCollection).
pub const COUNTRIES: &str = include_str!(concat!(env!("OUT_DIR"), "/countries.geojson"));
/// The name index of the places table, folded at build time (`key<TAB>id:h,...`, sorted).
pub const NAMES: &str = include_str!(concat!(env!("OUT_DIR"), "/names.idx"));
/// The transliteration-variant index, likewise.
pub const LOOSE_NAMES: &str = include_str!(concat!(env!("OUT_DIR"), "/loose.idx"));
/// The spelling ACLED's coders give first-level divisions, where it differs from or pins the
/// gazetteer's name (`country<TAB>admin1 code<TAB>spelling`), learned by `examples/train.rs`.
pub const ADMIN1_SPELLINGS: &str = include_str!("../../data/model/admin1_spellings.tsv");
