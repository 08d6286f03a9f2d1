//! ACLED CSV exports, read as coded incidents (not as text to re-extract).
//!
//! A CSV file is an ACLED export when its header holds every column of [`ACLED_COLUMNS`].
//! Each row keeps every column as ACLED coded it: `event_id_cnty` becomes the event id;
//! event and sub-event types, dates ("28 September 2019" or ISO), precisions, actors,
//! admin1 to admin3, location, coordinates, fatalities and notes fill the incident's fields;
//! every other column (`year`, `disorder_type`, `inter1`, `source`, `tags`, ...) is kept in
//! the incident's `extra` map under ACLED's name, and a numeric `iso` (ACLED writes ISO
//! 3166 numeric codes) is kept as `acled_iso` while `iso` gets the alpha-2 code of the
//! country. The notes become the incident's article, so the article panel shows them. A bad
//! row is reported with its file and line, and the rest are read.

use std::collections::BTreeMap;
use std::path::Path;

use sha2::{Digest, Sha256};

use super::record::{IncidentRecord, Origin, parse_date};
use crate::ingest::ImportProblem;
use crate::model::{Article, Incident};
use crate::taxonomy::{EventType, GeoPrecision, ReviewStatus, SubEventType, TimePrecision};

/// The columns whose presence in a CSV header marks an ACLED export.
pub const ACLED_COLUMNS: [&str; 7] = [
    "event_id_cnty",
    "event_date",
    "event_type",
    "sub_event_type",
    "notes",
    "latitude",
    "longitude",
];

/// The extractor version stored with ACLED-coded incidents.
pub const ACLED_VERSION: &str = "acled";

/// Columns that fill incident fields (everything else goes to `extra`).
const MAPPED: [&str; 18] = [
    "event_id_cnty",
    "event_date",
    "time_precision",
    "event_type",
    "sub_event_type",
    "actor1",
    "actor2",
    "country",
    "iso",
    "admin1",
    "admin2",
    "admin3",
    "location",
    "latitude",
    "longitude",
    "geo_precision",
    "fatalities",
    "notes",
];

/// One row of an ACLED export, ready to store.
#[derive(Debug, Clone)]
pub(crate) struct AcledRow {
    /// 1-based line in the file.
    pub line: usize,
    /// The incident as ACLED coded it (status `imported`).
    pub record: IncidentRecord,
    /// The notes as an article (id = the event id).
    pub article: Article,
    /// sha256 of the whole row, so importing the same export again adds nothing.
    pub hash: String,
}

/// True when the file is a CSV whose header is an ACLED export's.
pub(crate) fn is_acled_export(path: &Path) -> bool {
    let is_csv = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("csv"));
    if !is_csv {
        return false;
    }
    let Ok(file) = std::fs::File::open(path) else {
        return false;
    };
    let mut reader = csv::Reader::from_reader(std::io::BufReader::new(file));
    let Ok(headers) = reader.headers() else {
        return false;
    };
    let names: Vec<String> = headers
        .iter()
        .map(|h| h.trim_start_matches('\u{feff}').trim().to_ascii_lowercase())
        .collect();
    ACLED_COLUMNS.iter().all(|c| names.iter().any(|n| n == c))
}

/// Reads every row of an ACLED export; bad rows become problems naming file and line.
pub(crate) fn read_acled(path: &Path) -> (Vec<AcledRow>, Vec<ImportProblem>) {
    let name = path.display().to_string();
    let problem = |line: Option<usize>, text: String| ImportProblem {
        path: match line {
            Some(l) => format!("{name}:{l}"),
            None => name.clone(),
        },
        problem: text,
        recovered: false,
    };
    let text = match super::source::read_text(path) {
        Ok(text) => text,
        Err(e) => return (Vec::new(), vec![problem(None, e)]),
    };
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(text.as_bytes());
    let headers: Vec<String> = match reader.headers() {
        Ok(h) => h.iter().map(|h| h.trim().to_ascii_lowercase()).collect(),
        Err(e) => {
            return (
                Vec::new(),
                vec![problem(None, format!("bad CSV header: {e}"))],
            );
        }
    };
    let mut rows = Vec::new();
    let mut problems = Vec::new();
    for (index, record) in reader.records().enumerate() {
        let fallback_line = index + 2;
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                problems.push(problem(Some(fallback_line), format!("bad CSV row: {e}")));
                continue;
            }
        };
        let line = record
            .position()
            .map_or(fallback_line, |p| p.line() as usize);
        let values: BTreeMap<String, String> = headers
            .iter()
            .cloned()
            .zip(record.iter().map(str::to_string))
            .collect();
        match parse_row(&values) {
            Ok((record, article)) => rows.push(AcledRow {
                line,
                hash: row_hash(&values),
                record,
                article,
            }),
            Err(text) => problems.push(problem(Some(line), text)),
        }
    }
    (rows, problems)
}

/// sha256 of a row's columns, in column-name order.
fn row_hash(values: &BTreeMap<String, String>) -> String {
    let mut hasher = Sha256::new();
    hasher.update(b"acled-row\n");
    for (k, v) in values {
        hasher.update(k.as_bytes());
        hasher.update([0]);
        hasher.update(v.as_bytes());
        hasher.update([0]);
    }
    hex(&hasher.finalize())
}

/// Lower-case hexadecimal.
pub(crate) fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// One row's incident and article, or what is wrong with it.
fn parse_row(values: &BTreeMap<String, String>) -> Result<(IncidentRecord, Article), String> {
    let get = |k: &str| values.get(k).map(|v| v.trim()).unwrap_or("");
    let event_id = get("event_id_cnty");
    if event_id.is_empty() {
        return Err("no event_id_cnty".into());
    }
    let event_date = parse_date(get("event_date")).ok_or_else(|| {
        format!(
            "event_date {:?} is not a date (28 September 2019 or 2019-09-28)",
            get("event_date")
        )
    })?;
    let event_type: EventType = get("event_type").parse().map_err(|e| format!("{e}"))?;
    let sub_event_type =
        SubEventType::parse_within(event_type, get("sub_event_type")).map_err(|e| e.to_string())?;
    let precision = |k: &str| -> Result<u8, String> {
        let v = get(k);
        v.parse::<u8>()
            .ok()
            .filter(|c| (1..=3).contains(c))
            .ok_or_else(|| format!("{k} {v:?} is not 1, 2 or 3"))
    };
    let time_precision = TimePrecision::from_code(precision("time_precision")?).unwrap_or_default();
    let geo_precision = GeoPrecision::from_code(precision("geo_precision")?).unwrap_or_default();
    let coordinate = |k: &str, limit: f64| -> Result<Option<f64>, String> {
        let v = get(k);
        if v.is_empty() {
            return Ok(None);
        }
        v.parse::<f64>()
            .ok()
            .filter(|x| x.is_finite() && x.abs() <= limit)
            .map(Some)
            .ok_or_else(|| format!("{k} {v:?} is not a number of degrees within ±{limit}"))
    };
    let latitude = coordinate("latitude", 90.0)?;
    let longitude = coordinate("longitude", 180.0)?;
    if latitude.is_some() != longitude.is_some() {
        return Err("latitude and longitude must both be given or both be empty".into());
    }
    let fatalities_text = get("fatalities");
    let fatalities: u32 = if fatalities_text.is_empty() {
        0
    } else {
        fatalities_text
            .parse()
            .map_err(|_| format!("fatalities {fatalities_text:?} is not a whole number"))?
    };
    // Other columns under ACLED's names; a name an export column already has gets `acled_`.
    let mut extra: BTreeMap<String, String> = values
        .iter()
        .filter(|(k, _)| !MAPPED.contains(&k.as_str()) && !k.is_empty())
        .map(|(k, v)| {
            let taken = crate::export::CSV_COLUMNS.contains(&k.as_str())
                || super::export::WORKSPACE_COLUMNS.contains(&k.as_str());
            let name = if taken {
                format!("acled_{k}")
            } else {
                k.clone()
            };
            (name, v.clone())
        })
        .collect();
    let iso_text = get("iso");
    let country = get("country").to_string();
    let iso = if iso_text.len() == 2 && iso_text.bytes().all(|b| b.is_ascii_alphabetic()) {
        iso_text.to_ascii_uppercase()
    } else {
        if !iso_text.is_empty() {
            extra.insert("acled_iso".into(), iso_text.to_string());
        }
        super::source::country_code(&country).unwrap_or_default()
    };
    let notes = values.get("notes").cloned().unwrap_or_default();
    let incident = Incident {
        event_id: event_id.to_string(),
        event_date: Some(event_date),
        time_precision,
        event_type,
        sub_event_type,
        actor1: get("actor1").into(),
        actor2: get("actor2").into(),
        country,
        iso,
        admin1: get("admin1").into(),
        admin2: get("admin2").into(),
        location: get("location").into(),
        latitude,
        longitude,
        geo_precision,
        fatalities,
        fatalities_max: fatalities,
        notes: notes.clone(),
        sources: Vec::new(),
        evidence: Vec::new(),
        confidence: 1.0,
        review_status: ReviewStatus::Imported,
    };
    let mut record = IncidentRecord::new(incident, Origin::Acled, ACLED_VERSION);
    record.admin3 = get("admin3").into();
    record.extra = extra;
    let article = Article {
        id: event_id.to_string(),
        title: Some(format!("ACLED {event_id}")),
        date: Some(event_date),
        source: Some(get("source").to_string()).filter(|s| !s.is_empty()),
        url: None,
        text: notes,
    };
    Ok((record, article))
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "event_id_cnty,event_date,year,time_precision,disorder_type,event_type,sub_event_type,actor1,assoc_actor_1,actor2,iso,country,admin1,admin2,admin3,location,latitude,longitude,geo_precision,source,notes,fatalities,tags";

    fn rows(body: &str) -> (Vec<AcledRow>, Vec<ImportProblem>) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("export.csv");
        std::fs::write(&path, format!("{HEADER}\n{body}")).unwrap();
        assert!(is_acled_export(&path));
        read_acled(&path)
    }

    #[test]
    fn a_row_keeps_every_column() {
        let (rows, problems) = rows(
            "XYZ101,28 September 2019,2019,1,Political violence,Battles,Armed clash,Military Forces of Ruritania,,Rebels of the North,AF,Afghanistan,Zabul,Qalat,Qalat town,Qalat,32.1058,66.9083,1,Local radio,\"On 28 September 2019, soldiers and rebels fought near Qalat; 3 rebels died.\",3,crowd size=no report\n",
        );
        assert!(problems.is_empty(), "{problems:?}");
        let r = &rows[0].record;
        let i = &r.incident;
        assert_eq!(i.event_id, "XYZ101");
        assert_eq!(
            i.event_date.map(|d| d.to_string()).as_deref(),
            Some("2019-09-28")
        );
        assert_eq!(i.sub_event_type, SubEventType::ArmedClash);
        assert_eq!((i.iso.as_str(), i.admin2.as_str()), ("AF", "Qalat"));
        assert_eq!(r.admin3, "Qalat town");
        assert_eq!((i.latitude, i.longitude), (Some(32.1058), Some(66.9083)));
        assert_eq!(i.fatalities, 3);
        assert_eq!(i.review_status, ReviewStatus::Imported);
        assert_eq!(
            r.extra.get("disorder_type").map(String::as_str),
            Some("Political violence")
        );
        assert_eq!(
            r.extra.get("source").map(String::as_str),
            Some("Local radio")
        );
        assert_eq!(
            r.extra.get("tags").map(String::as_str),
            Some("crowd size=no report")
        );
        assert_eq!(rows[0].article.text, i.notes);
    }

    #[test]
    fn bad_rows_are_reported_with_their_line() {
        let good = "A1,2020-04-01,2020,1,x,Riots,Mob violence,a,,b,AF,Afghanistan,Kabul,,,Kabul,34.5,69.2,1,s,A mob burned a shop.,0,\n";
        let (rows, problems) = rows(&format!(
            "{good}A2,someday,2020,1,x,Riots,Mob violence,a,,b,AF,Afghanistan,Kabul,,,Kabul,34.5,69.2,1,s,n,0,\n\
             A3,2020-04-01,2020,1,x,Riots,Grenade,a,,b,AF,Afghanistan,Kabul,,,Kabul,34.5,69.2,1,s,n,0,\n\
             A4,2020-04-01,2020,1,x,Riots,Mob violence,a,,b,AF,Afghanistan,Kabul,,,Kabul,200,69.2,1,s,n,0,\n\
             A5,2020-04-01,2020,1,x,Riots,Mob violence,a,,b,AF,Afghanistan,Kabul,,,Kabul,34.5,69.2,1,s,n,many,\n"
        ));
        assert_eq!(rows.len(), 1);
        let text: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
        assert_eq!(text.len(), 4, "{text:?}");
        assert!(
            text[0].contains("export.csv:3") && text[0].contains("not a date"),
            "{text:?}"
        );
        assert!(
            text[1].contains(":4") && text[1].contains("Grenade"),
            "{text:?}"
        );
        assert!(
            text[2].contains(":5") && text[2].contains("latitude"),
            "{text:?}"
        );
        assert!(
            text[3].contains(":6") && text[3].contains("fatalities"),
            "{text:?}"
        );
    }

    #[test]
    fn other_csv_files_are_not_acled_exports() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("articles.csv");
        std::fs::write(&path, "id,text\na,Some text.\n").unwrap();
        assert!(!is_acled_export(&path));
        assert!(!is_acled_export(&dir.path().join("missing.csv")));
    }
}
