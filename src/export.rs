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

/// Writes incidents in a format.
pub fn write_incidents(
    out: &mut dyn Write,
    incidents: &[Incident],
    format: Format,
) -> Result<(), ExportError> {
    write_incidents_with(out, incidents, &ExtraColumns::default(), format)
}

/// Columns a caller adds after [`CSV_COLUMNS`] (the workspace's `admin3`, `not_refound`,
/// ACLED's own columns...): names, and one row of values per incident (missing values are
/// empty). JSON Lines and GeoJSON get them as extra properties.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ExtraColumns {
    /// Column names, in order.
    pub names: Vec<String>,
    /// Per incident, the values of the columns (same order as `names`).
    pub rows: Vec<Vec<Value>>,
}

impl ExtraColumns {
    /// The extra properties of incident `index`.
    fn properties(&self, index: usize) -> impl Iterator<Item = (&String, Value)> {
        let row = self.rows.get(index);
        self.names.iter().enumerate().map(move |(i, name)| {
            (
                name,
                row.and_then(|r| r.get(i)).cloned().unwrap_or(Value::Null),
            )
        })
    }
}

/// A JSON value as a CSV cell: strings as they are, null as empty.
fn cell(value: Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(s) => s,
        other => other.to_string(),
    }
}

/// Writes incidents in a format with extra columns after ACLED's and the review columns.
pub fn write_incidents_with(
    out: &mut dyn Write,
    incidents: &[Incident],
    extra: &ExtraColumns,
    format: Format,
) -> Result<(), ExportError> {
    match format {
        Format::Jsonl => {
            for (index, incident) in incidents.iter().enumerate() {
                if extra.names.is_empty() {
                    serde_json::to_writer(&mut *out, incident)?;
                } else {
                    let mut value = serde_json::to_value(incident)?;
                    if let Value::Object(map) = &mut value {
                        for (name, v) in extra.properties(index) {
                            map.insert(name.clone(), v);
                        }
                    }
                    serde_json::to_writer(&mut *out, &value)?;
                }
                out.write_all(b"\n")?;
            }
        }
        Format::Geojson => {
            let mut collection = incidents_geojson(incidents);
            if let Some(Value::Array(features)) = collection.get_mut("features") {
                for (index, feature) in features.iter_mut().enumerate() {
                    if let Some(Value::Object(props)) = feature.get_mut("properties") {
                        for (name, v) in extra.properties(index) {
                            props.insert(name.clone(), v);
                        }
                    }
                }
            }
            serde_json::to_writer_pretty(&mut *out, &collection)?;
            out.write_all(b"\n")?;
        }
        Format::Csv => {
            let mut writer = csv::Writer::from_writer(out);
            writer.write_record(
                CSV_COLUMNS
                    .iter()
                    .copied()
                    .chain(extra.names.iter().map(String::as_str)),
            )?;
            for (index, i) in incidents.iter().enumerate() {
                let mut record = vec![
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
                ];
                record.extend(extra.properties(index).map(|(_, v)| cell(v)));
                writer.write_record(record)?;
            }
            writer.flush()?;
        }
    }
    Ok(())
}

/// The incidents as a GeoJSON FeatureCollection of points.
pub fn incidents_geojson(incidents: &[Incident]) -> Value {
    let features: Vec<Value> = incidents
        .iter()
        .map(|i| {
            let properties = serde_json::to_value(i).unwrap_or(Value::Null);
            // An unplaced incident has no geometry (GeoJSON's null), never 0,0.
            let geometry = match i.position() {
                Some((lat, lon)) => {
                    json!({"type": "Point", "coordinates": [round5(lon), round5(lat)]})
                }
                None => Value::Null,
            };
            json!({"type": "Feature", "geometry": geometry, "properties": properties})
        })
        .collect();
    json!({"type": "FeatureCollection", "features": features})
}

fn round5(x: f64) -> f64 {
    (x * 100_000.0).round() / 100_000.0
}

/// Writes place mentions as JSON Lines or CSV (GeoJSON gives points too).
pub fn write_mentions(
    out: &mut dyn Write,
    mentions: &[PlaceMention],
    format: Format,
) -> Result<(), ExportError> {
    match format {
        Format::Jsonl => {
            for m in mentions {
                serde_json::to_writer(&mut *out, m)?;
                out.write_all(b"\n")?;
            }
        }
        Format::Geojson => {
            let features: Vec<Value> = mentions
                .iter()
                .map(|m| json!({
                    "type": "Feature",
                    "geometry": {"type": "Point", "coordinates": [round5(m.longitude), round5(m.latitude)]},
                    "properties": serde_json::to_value(m).unwrap_or(Value::Null),
                }))
                .collect();
            serde_json::to_writer_pretty(
                &mut *out,
                &json!({"type": "FeatureCollection", "features": features}),
            )?;
            out.write_all(b"\n")?;
        }
        Format::Csv => {
            let mut writer = csv::Writer::from_writer(out);
            for m in mentions {
                writer.serialize(m)?;
            }
            writer.flush()?;
        }
    }
    Ok(())
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

    #[test]
    fn extra_columns_follow_the_review_columns() {
        let extra = ExtraColumns {
            names: vec!["admin3".into(), "not_refound".into()],
            rows: vec![vec![json!("Nad Ali"), json!(true)]],
        };
        let mut buf = Vec::new();
        assert!(write_incidents_with(&mut buf, &[sample()], &extra, Format::Csv).is_ok());
        let text = String::from_utf8(buf).unwrap_or_default();
        let mut lines = text.lines();
        assert!(
            lines
                .next()
                .unwrap_or_default()
                .ends_with("review_status,admin3,not_refound")
        );
        assert!(
            lines
                .next()
                .unwrap_or_default()
                .ends_with(",unreviewed,Nad Ali,true")
        );
        let mut buf = Vec::new();
        assert!(write_incidents_with(&mut buf, &[sample()], &extra, Format::Jsonl).is_ok());
        let value: Value = serde_json::from_slice(&buf).unwrap_or(Value::Null);
        assert_eq!(value["admin3"], json!("Nad Ali"));
        assert_eq!(value["event_id"], json!("a-1-1"));
    }
}
