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
    match format {
        Format::Jsonl => {
            for incident in incidents {
                serde_json::to_writer(&mut *out, incident)?;
                out.write_all(b"\n")?;
            }
        }
        Format::Geojson => {
            serde_json::to_writer_pretty(&mut *out, &incidents_geojson(incidents))?;
            out.write_all(b"\n")?;
        }
        Format::Csv => {
            let mut writer = csv::Writer::from_writer(out);
            writer.write_record(CSV_COLUMNS)?;
            for i in incidents {
                writer.write_record([
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
                ])?;
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
                Some((lat, lon)) => json!({"type": "Point", "coordinates": [round5(lon), round5(lat)]}),
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
}
