//! Writing incidents and place mentions: JSON Lines, GeoJSON (a FeatureCollection of points
//! with every incident field as a property) and CSV with ACLED's column names.

use std::io::Write;

use serde_json::{Value, json};

use crate::model::{Incident, PlaceMention};

/// Output formats.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// One JSON object a line.
    Jsonl,
    /// A GeoJSON FeatureCollection.
    Geojson,
    /// CSV with ACLED's column names.
    Csv,
}

impl Format {
    /// The usual file extension.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Jsonl => "jsonl",
            Format::Geojson => "geojson",
            Format::Csv => "csv",
        }
    }

    /// The format a file name asks for, by extension.
    pub fn from_path(path: &std::path::Path) -> Option<Format> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "jsonl" | "ndjson" => Some(Format::Jsonl),
            "geojson" | "json" => Some(Format::Geojson),
            "csv" => Some(Format::Csv),
            _ => None,
        }
    }
}

/// Errors while writing output.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// Writing failed.
    #[error("writing output: {0}")]
    Io(#[from] std::io::Error),
    /// Serialising failed.
    #[error("serialising output: {0}")]
    Json(#[from] serde_json::Error),
    /// CSV writing failed.
    #[error("writing CSV: {0}")]
    Csv(#[from] csv::Error),
}

/// ACLED's columns, in order, as CSV headers, then the review columns.
pub const CSV_COLUMNS: [&str; 22] = [
    "event_id",
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
    "location",
    "latitude",
    "longitude",
    "geo_precision",
    "fatalities",
    "fatalities_max",
    "notes",
    "sources",
    "evidence",
    "confidence",
    "review_status",
];

/// Writes records one at a time in a format, so that output streams: JSON Lines one object
/// a line, CSV with a header first, GeoJSON as a FeatureCollection with one feature a line.
pub struct RecordWriter<'w> {
    format: Format,
    out: Sink<'w>,
    written: usize,
}

enum Sink<'w> {
    Plain(&'w mut dyn Write),
    Csv(Box<csv::Writer<&'w mut dyn Write>>),
}

/// A record [`RecordWriter`] can write: its JSON properties, GeoJSON point and CSV cells.
pub trait Record: serde::Serialize {
    /// (latitude, longitude), when the record has a place.
    fn point(&self) -> Option<(f64, f64)>;
    /// The CSV header (written once, before the first record).
    fn csv_header() -> Option<&'static [&'static str]>;
    /// The record as CSV cells in header order; `None` writes it with serde.
    fn csv_cells(&self) -> Result<Option<Vec<String>>, ExportError>;
}

impl<'w> RecordWriter<'w> {
    /// A writer of `format` onto `out`.
    pub fn new(out: &'w mut dyn Write, format: Format) -> RecordWriter<'w> {
        let out = match format {
            Format::Csv => Sink::Csv(Box::new(csv::Writer::from_writer(out))),
            _ => Sink::Plain(out),
        };
        RecordWriter {
            format,
            out,
            written: 0,
        }
    }

    /// Writes one record.
    pub fn write<R: Record>(&mut self, record: &R) -> Result<(), ExportError> {
        let first = self.written == 0;
        self.written += 1;
        match (&mut self.out, self.format) {
            (Sink::Csv(writer), _) => {
                if first && let Some(header) = R::csv_header() {
                    writer.write_record(header)?;
                }
                match record.csv_cells()? {
                    Some(cells) => writer.write_record(cells)?,
                    None => writer.serialize(record)?,
                }
            }
            (Sink::Plain(out), Format::Geojson) => {
                out.write_all(if first {
                    b"{\"type\":\"FeatureCollection\",\"features\":[\n"
                } else {
                    b",\n"
                })?;
                serde_json::to_writer(&mut **out, &feature(record))?;
            }
            (Sink::Plain(out), _) => {
                serde_json::to_writer(&mut **out, record)?;
                out.write_all(b"\n")?;
            }
        }
        Ok(())
    }

    /// Ends the output (closes a GeoJSON collection, writes a CSV header when nothing was
    /// written) and flushes it.
    pub fn finish<R: Record>(mut self) -> Result<(), ExportError> {
        match (&mut self.out, self.format) {
            (Sink::Csv(writer), _) => {
                if self.written == 0
                    && let Some(header) = R::csv_header()
                {
                    writer.write_record(header)?;
                }
                writer.flush()?;
            }
            (Sink::Plain(out), Format::Geojson) => {
                out.write_all(if self.written == 0 {
                    b"{\"type\":\"FeatureCollection\",\"features\":[]}\n"
                } else {
                    b"\n]}\n"
                })?;
                out.flush()?;
            }
            (Sink::Plain(out), _) => out.flush()?,
        }
        Ok(())
    }
}

/// A record as a GeoJSON feature: a point, or null geometry when it has no place (never 0,0).
fn feature<R: Record>(record: &R) -> Value {
    let properties = serde_json::to_value(record).unwrap_or(Value::Null);
    let geometry = match record.point() {
        Some((lat, lon)) => json!({"type": "Point", "coordinates": [round5(lon), round5(lat)]}),
        None => Value::Null,
    };
    json!({"type": "Feature", "geometry": geometry, "properties": properties})
}

impl Record for Incident {
    fn point(&self) -> Option<(f64, f64)> {
        self.position()
    }

    fn csv_header() -> Option<&'static [&'static str]> {
        Some(&CSV_COLUMNS)
    }

    fn csv_cells(&self) -> Result<Option<Vec<String>>, ExportError> {
        let i = self;
        Ok(Some(vec![
            i.event_id.clone(),
            i.event_date.map(|d| d.to_string()).unwrap_or_default(),
            i.time_precision.to_string(),
            i.event_type.to_string(),
            i.sub_event_type.to_string(),
            i.actor1.clone(),
            i.actor2.clone(),
            i.country.clone(),
            i.iso.clone(),
            i.admin1.clone(),
            i.admin2.clone(),
            i.location.clone(),
            i.latitude.map(|x| format!("{x:.5}")).unwrap_or_default(),
            i.longitude.map(|x| format!("{x:.5}")).unwrap_or_default(),
            i.geo_precision.to_string(),
            i.fatalities.to_string(),
            i.fatalities_max.to_string(),
            i.notes.clone(),
            i.sources.join(";"),
            serde_json::to_string(&i.evidence)?,
            format!("{:.3}", i.confidence),
            i.review_status.to_string(),
        ]))
    }
}

impl Record for PlaceMention {
    fn point(&self) -> Option<(f64, f64)> {
        Some((self.latitude, self.longitude))
    }

    fn csv_header() -> Option<&'static [&'static str]> {
        None
    }

    fn csv_cells(&self) -> Result<Option<Vec<String>>, ExportError> {
        Ok(None)
    }
}

/// Writes incidents in a format.
pub fn write_incidents(
    out: &mut dyn Write,
    incidents: &[Incident],
    format: Format,
) -> Result<(), ExportError> {
    write_all(out, incidents, format)
}

/// Writes place mentions in a format.
pub fn write_mentions(
    out: &mut dyn Write,
    mentions: &[PlaceMention],
    format: Format,
) -> Result<(), ExportError> {
    write_all(out, mentions, format)
}

fn write_all<R: Record>(
    out: &mut dyn Write,
    records: &[R],
    format: Format,
) -> Result<(), ExportError> {
    let mut writer = RecordWriter::new(out, format);
    for record in records {
        writer.write(record)?;
    }
    writer.finish::<R>()
}

/// The incidents as a GeoJSON FeatureCollection (null geometry for unplaced ones).
pub fn incidents_geojson(incidents: &[Incident]) -> Value {
    let features: Vec<Value> = incidents.iter().map(feature).collect();
    json!({"type": "FeatureCollection", "features": features})
}

fn round5(x: f64) -> f64 {
    (x * 100_000.0).round() / 100_000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Incident {
        Incident {
            event_id: "a-1-1".into(),
            event_date: chrono::NaiveDate::from_ymd_opt(2020, 4, 1),
            notes: "Taliban attacked, \"heavily\".".into(),
            latitude: Some(31.123456),
            longitude: Some(64.654321),
            sources: vec!["a.txt".into(), "b.txt".into()],
            ..Incident::default()
        }
    }

    #[test]
    fn csv_has_acled_columns_and_quotes_notes() {
        let mut buf = Vec::new();
        assert!(write_incidents(&mut buf, &[sample()], Format::Csv).is_ok());
        let text = String::from_utf8(buf).unwrap_or_default();
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let headers: Vec<String> = reader
            .headers()
            .map(|h| h.iter().map(String::from).collect())
            .unwrap_or_default();
        assert_eq!(headers, CSV_COLUMNS);
        let row = reader.records().next().and_then(Result::ok);
        assert_eq!(
            row.as_ref().and_then(|r| r.get(17)),
            Some("Taliban attacked, \"heavily\".")
        );
        assert_eq!(row.as_ref().and_then(|r| r.get(18)), Some("a.txt;b.txt"));
    }

    #[test]
    fn an_unplaced_incident_has_no_coordinates() {
        let unplaced = Incident {
            latitude: None,
            longitude: None,
            ..sample()
        };
        let value = incidents_geojson(std::slice::from_ref(&unplaced));
        assert_eq!(value["features"][0]["geometry"], Value::Null);
        let mut buf = Vec::new();
        assert!(write_incidents(&mut buf, &[unplaced], Format::Csv).is_ok());
        let text = String::from_utf8(buf).unwrap_or_default();
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let row = reader.records().next().and_then(Result::ok);
        assert_eq!(row.as_ref().and_then(|r| r.get(12)), Some(""));
        assert_eq!(row.as_ref().and_then(|r| r.get(13)), Some(""));
    }

    #[test]
    fn streamed_geojson_is_one_valid_collection() {
        for incidents in [vec![], vec![sample()], vec![sample(), sample()]] {
            let mut buf = Vec::new();
            assert!(write_incidents(&mut buf, &incidents, Format::Geojson).is_ok());
            let value: Value = serde_json::from_slice(&buf).unwrap();
            assert_eq!(
                value["features"].as_array().map(Vec::len),
                Some(incidents.len())
            );
        }
        let mut buf = Vec::new();
        assert!(write_incidents(&mut buf, &[], Format::Csv).is_ok());
        assert!(String::from_utf8(buf).unwrap().starts_with("event_id,"));
    }

    #[test]
    fn geojson_points_are_lon_lat() {
        let value = incidents_geojson(&[sample()]);
        assert_eq!(
            value["features"][0]["geometry"]["coordinates"],
            json!([64.65432, 31.12346])
        );
        assert_eq!(
            value["features"][0]["properties"]["event_date"],
            json!("2020-04-01")
        );
    }
}
