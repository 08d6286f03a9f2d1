//! Exports from a workspace: incidents through [`crate::export`] (ACLED's columns, then
//! `confidence` and `review_status`, then the workspace's own columns
//! [`WORKSPACE_COLUMNS`]), and the corrections log as JSON Lines, a gold set in the making.

use std::collections::BTreeMap;
use std::io::Write;
use std::sync::LazyLock;

use serde::Serialize;

use super::Workspace;
use super::error::Result;
use super::query::StatusFilter;
use super::record::IncidentRecord;
use crate::export::{CSV_COLUMNS, ExportError, Format, Record, RecordWriter};
use crate::model::Incident;

/// The columns a workspace export adds after ACLED's and the review columns.
pub const WORKSPACE_COLUMNS: [&str; 6] = [
    "admin3",
    "not_refound",
    "origin",
    "extractor_version",
    "human_fields",
    "acled_columns",
];

static HEADER: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    CSV_COLUMNS
        .iter()
        .chain(WORKSPACE_COLUMNS.iter())
        .copied()
        .collect()
});

/// An incident as a workspace exports it. In JSON the other columns of an ACLED export
/// are properties of their own; in CSV (whose header is fixed) they are one JSON object in
/// `acled_columns`.
#[derive(Serialize)]
struct ExportRow<'a> {
    #[serde(flatten)]
    incident: &'a Incident,
    admin3: &'a str,
    not_refound: bool,
    origin: &'static str,
    extractor_version: &'a str,
    human_fields: String,
    #[serde(flatten)]
    acled: &'a BTreeMap<String, String>,
}

impl<'a> ExportRow<'a> {
    fn new(r: &'a IncidentRecord) -> ExportRow<'a> {
        let human: Vec<&str> = r.human_fields.iter().map(|f| f.as_str()).collect();
        ExportRow {
            incident: &r.incident,
            admin3: &r.admin3,
            not_refound: r.not_refound,
            origin: r.origin.as_str(),
            extractor_version: &r.extractor_version,
            human_fields: human.join(";"),
            acled: &r.extra,
        }
    }
}

impl Record for ExportRow<'_> {
    fn point(&self) -> Option<(f64, f64)> {
        self.incident.position()
    }

    fn csv_header() -> Option<&'static [&'static str]> {
        Some(HEADER.as_slice())
    }

    fn csv_cells(&self) -> Result<Option<Vec<String>>, ExportError> {
        let mut cells = self.incident.csv_cells()?.unwrap_or_default();
        cells.extend([
            self.admin3.to_string(),
            self.not_refound.to_string(),
            self.origin.to_string(),
            self.extractor_version.to_string(),
            self.human_fields.clone(),
            if self.acled.is_empty() {
                String::new()
            } else {
                serde_json::to_string(self.acled)?
            },
        ]);
        Ok(Some(cells))
    }
}

impl Workspace {
    /// Writes the shown incidents of the filter's statuses (by date, then event id).
    /// Returns how many.
    pub fn export(
        &self,
        out: &mut dyn Write,
        format: Format,
        filter: StatusFilter,
    ) -> Result<usize> {
        let records = self.incidents(filter)?;
        let mut writer = RecordWriter::new(out, format);
        for record in &records {
            writer.write(&ExportRow::new(record))?;
        }
        writer.finish::<ExportRow<'_>>()?;
        Ok(records.len())
    }

    /// Writes every line of the corrections log as JSON Lines, oldest first. Returns how
    /// many.
    pub fn export_corrections(&self, out: &mut dyn Write) -> Result<usize> {
        let lines = self.corrections()?;
        let io = |e: std::io::Error| crate::export::ExportError::Io(e);
        for line in &lines {
            serde_json::to_writer(&mut *out, line).map_err(crate::export::ExportError::Json)?;
            out.write_all(b"\n").map_err(io)?;
        }
        Ok(lines.len())
    }
}
