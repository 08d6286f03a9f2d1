//! Agreement between the extractor and the analyst: of the incidents a person reviewed and
//! kept (accepted or edited, extracted ones only: ACLED rows and incidents added by hand have
//! no machine values to agree with), the share of each field the person left as the
//! extractor coded it, overall and per event type (the type the person settled on).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::Workspace;
use super::combine::combine;
use super::error::{Result, WorkspaceError};
use super::record::{Field, complete, load_row, load_sources};
use crate::taxonomy::EventType;

/// How often one field was left unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldAgreement {
    /// The field.
    pub field: Field,
    /// Reviewed incidents whose field the person left as coded.
    pub unchanged: u64,
    /// Reviewed incidents.
    pub reviewed: u64,
}

impl FieldAgreement {
    /// `unchanged / reviewed` (1 when none were reviewed).
    pub fn share(&self) -> f64 {
        if self.reviewed == 0 {
            1.0
        } else {
            self.unchanged as f64 / self.reviewed as f64
        }
    }
}

/// The agreement statistics of a workspace.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Agreement {
    /// Reviewed (accepted or edited) extracted incidents.
    pub reviewed: u64,
    /// Per field, in [`Field::ALL`] order.
    pub per_field: Vec<FieldAgreement>,
    /// Per event type with reviewed incidents, per field.
    pub per_event_type: BTreeMap<EventType, Vec<FieldAgreement>>,
}

fn empty_row() -> Vec<FieldAgreement> {
    Field::ALL
        .iter()
        .map(|&field| FieldAgreement {
            field,
            unchanged: 0,
            reviewed: 0,
        })
        .collect()
}

impl Workspace {
    /// Agreement statistics (see the module doc).
    pub fn agreement(&self) -> Result<Agreement> {
        let nums: Vec<(i64, String)> = self
            .conn
            .prepare_cached(
                "SELECT num, human_fields FROM incidents WHERE state = 'active' \
                 AND origin = 'extracted' AND review_status IN ('accepted', 'edited') ORDER BY num",
            )?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?;
        let mut out = Agreement {
            per_field: empty_row(),
            ..Agreement::default()
        };
        for (num, human) in nums {
            let Some(row) = load_row(&self.conn, num)? else {
                continue;
            };
            let event_type = row.record.incident.event_type;
            // Fields a person set may still hold the machine's value.
            let changed: Vec<Field> = if human == "[]" {
                Vec::new()
            } else {
                let sources = load_sources(&self.conn, num)?;
                let record = complete(&row, &sources);
                let Some(machine) = combine(sources.iter().map(|s| &s.coded)) else {
                    continue;
                };
                let mut machine_record = record.clone();
                machine_record.incident = machine;
                machine_record.admin3 = String::new();
                record
                    .human_fields
                    .iter()
                    .copied()
                    .filter(|f| f.get(&record) != f.get(&machine_record))
                    .collect()
            };
            out.reviewed += 1;
            let per_type = out
                .per_event_type
                .entry(event_type)
                .or_insert_with(empty_row);
            for (i, field) in Field::ALL.iter().enumerate() {
                let same = u64::from(!changed.contains(field));
                for row in [&mut out.per_field, &mut *per_type] {
                    let cell = row
                        .get_mut(i)
                        .ok_or_else(|| WorkspaceError::Damaged("agreement table".into()))?;
                    cell.reviewed += 1;
                    cell.unchanged += same;
                }
            }
        }
        Ok(out)
    }
}
