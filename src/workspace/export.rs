//! Exports from a workspace: incidents through [`crate::export`] (ACLED's columns, then
//! `confidence` and `review_status`, then the workspace's own columns
//! [`WORKSPACE_COLUMNS`] and every extra column of imported ACLED rows), and the
//! corrections log as JSON Lines, a gold set in the making.

use std::collections::BTreeSet;
use std::io::Write;

use serde_json::{Value, json};

use super::Workspace;
use super::error::Result;
use super::query::StatusFilter;
use crate::export::{ExtraColumns, Format, write_incidents_with};

/// The columns a workspace export adds after the review columns, before ACLED's extras.
pub const WORKSPACE_COLUMNS: [&str; 5] = [
    "admin3",
    "not_refound",
    "origin",
    "extractor_version",
    "human_fields",
];

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
        let acled: BTreeSet<&String> = records.iter().flat_map(|r| r.extra.keys()).collect();
        let mut names: Vec<String> = WORKSPACE_COLUMNS.iter().map(|s| s.to_string()).collect();
        names.extend(acled.iter().map(|s| s.to_string()));
        let rows = records
            .iter()
            .map(|r| {
                let human: Vec<&str> = r.human_fields.iter().map(|f| f.as_str()).collect();
                let mut row = vec![
                    json!(r.admin3),
                    json!(r.not_refound),
                    json!(r.origin.as_str()),
                    json!(r.extractor_version),
                    json!(human.join(";")),
                ];
                row.extend(
                    acled
                        .iter()
                        .map(|k| r.extra.get(*k).map_or(Value::Null, |v| json!(v))),
                );
                row
            })
            .collect();
        let incidents: Vec<_> = records.into_iter().map(|r| r.incident).collect();
        write_incidents_with(out, &incidents, &ExtraColumns { names, rows }, format)?;
        Ok(incidents.len())
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
