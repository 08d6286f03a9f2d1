//! The analyst's corrections: set fields, set the review status, merge two incidents, split
//! a merged one back into its sources, add and delete incidents. Each is one transaction
//! that also appends to the history (see [`super::history`]); a refused edit changes nothing.

use std::collections::BTreeMap;

use rusqlite::{Connection, OptionalExtension};

use super::Workspace;
use super::combine::{combine, refresh, versions};
use super::error::{Result, WorkspaceError};
use super::history::{Correction, CorrectionKind, Recorder};
use super::record::{
    Field, IncidentRecord, Origin, Row, RowState, SourceRow, check_consistency, load_row,
    load_sources, move_source, num_of, write_row, write_source,
};
use crate::model::Incident;
use crate::taxonomy::ReviewStatus;

/// What an edit did: the log lines it appended (none when the values were already so).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct EditOutcome {
    /// The action's id in the history, none when nothing changed.
    pub action: Option<i64>,
    /// The corrections, field by field.
    pub changes: Vec<Correction>,
}

/// The extractor version stored with incidents added by hand.
pub const ANALYST_VERSION: &str = "analyst";

impl Workspace {
    /// Sets fields of an incident (`("fatalities", "9")`, `("status", "accepted")`), all or
    /// nothing. Each value is checked ([`Field::set`]); setting `sub_event_type` alone sets
    /// the event type with it, and `event_type` must agree with the sub-event type (give
    /// both to change type). The fields given are marked as set by a person (re-extraction
    /// keeps them, even when the value was already so) and, when a value changed, the
    /// incident becomes `edited`, unless `status` is given too.
    pub fn apply_edit(
        &mut self,
        event_id: &str,
        assignments: &[(&str, &str)],
    ) -> Result<EditOutcome> {
        let now = self.now();
        let tx = self.write_transaction()?;
        let num = active_num(&tx, event_id, "edit")?;
        let Some(mut row) = load_row(&tx, num)? else {
            return Err(WorkspaceError::UnknownIncident(event_id.to_string()));
        };
        let mut record = row.record.clone();
        let mut status = None;
        let mut set = Vec::new();
        for (name, value) in assignments {
            if name.trim().eq_ignore_ascii_case("status")
                || name.trim().eq_ignore_ascii_case("review_status")
            {
                status = Some(
                    value
                        .parse::<ReviewStatus>()
                        .map_err(|e| WorkspaceError::invalid("status", value, e.to_string()))?,
                );
                continue;
            }
            let field: Field = name.parse()?;
            field.set(&mut record, value)?;
            set.push(field);
        }
        let incident = &mut record.incident;
        if set.contains(&Field::SubEventType) && !set.contains(&Field::EventType) {
            incident.event_type = incident.sub_event_type.event_type();
            set.push(Field::EventType);
        }
        if set.contains(&Field::EventType) && !set.contains(&Field::SubEventType) {
            // The type alone: fine when it is already the sub-type's; else refused below.
            set.push(Field::SubEventType);
        }
        if set.contains(&Field::Fatalities)
            && !set.contains(&Field::FatalitiesMax)
            && incident.fatalities_max < incident.fatalities
        {
            incident.fatalities_max = incident.fatalities;
            set.push(Field::FatalitiesMax);
        }
        check_consistency(&record)?;
        record.human_fields.extend(set.iter().copied());
        // A value that changed makes the incident `edited`; confirming one does not.
        let changed = Field::ALL
            .iter()
            .any(|f| f.get(&record) != f.get(&row.record));
        record.incident.review_status = match status {
            Some(s) => s,
            None if changed => ReviewStatus::Edited,
            None => record.incident.review_status,
        };
        if record == row.record {
            return Ok(EditOutcome::default());
        }
        let mut recorder = Recorder::default();
        recorder.touch(&tx, num)?;
        row.record = record;
        write_row(&tx, &row, &now)?;
        let kind = if set.is_empty() {
            CorrectionKind::Status
        } else {
            CorrectionKind::Edit
        };
        let action = recorder.finish(&tx, kind, None, &now)?;
        let changes = match action {
            Some(a) => super::history::corrections_of(&tx, a)?,
            None => Vec::new(),
        };
        tx.commit()?;
        Ok(EditOutcome { action, changes })
    }

    /// Sets the review status of an incident.
    pub fn set_status(&mut self, event_id: &str, status: ReviewStatus) -> Result<EditOutcome> {
        self.apply_edit(event_id, &[("status", status.as_str())])
    }

    /// Merges `absorbed` into `kept`: the kept incident takes the other's sources (its
    /// machine values are recomputed from all of them; fields a person set stay) and becomes
    /// `edited`; the absorbed one is hidden, kept for undo and for [`Workspace::split`].
    pub fn merge(&mut self, kept: &str, absorbed: &str) -> Result<EditOutcome> {
        let now = self.now();
        let what = format!("merge {absorbed} into {kept}");
        if kept == absorbed {
            return Err(WorkspaceError::refused(
                what,
                "an incident cannot be merged with itself",
            ));
        }
        let tx = self.write_transaction()?;
        let keep = active_num(&tx, kept, &what)?;
        let gone = active_num(&tx, absorbed, &what)?;
        let mut recorder = Recorder::default();
        recorder.touch(&tx, keep)?;
        recorder.touch(&tx, gone)?;
        for source in load_sources(&tx, gone)? {
            move_source(&tx, source.num, keep)?;
        }
        if let Some(mut row) = load_row(&tx, gone)? {
            row.state = RowState::Merged;
            row.merged_into = Some(keep);
            write_row(&tx, &row, &now)?;
        }
        refresh(&tx, keep, &now)?;
        if let Some(mut row) = load_row(&tx, keep)? {
            row.record.incident.review_status = ReviewStatus::Edited;
            write_row(&tx, &row, &now)?;
        }
        let action = recorder.finish(&tx, CorrectionKind::Merge, None, &now)?;
        let changes = match action {
            Some(a) => super::history::corrections_of(&tx, a)?,
            None => Vec::new(),
        };
        tx.commit()?;
        Ok(EditOutcome { action, changes })
    }

    /// Splits an incident reported by several articles back into one incident per source
    /// article. The incident keeps the article its event id came from; an incident merged
    /// into it by hand comes back as it was (with the fields a person set on it); other
    /// articles become new, unreviewed incidents. Returns the event ids split off.
    pub fn split(&mut self, event_id: &str) -> Result<Vec<String>> {
        let now = self.now();
        let what = format!("split {event_id}");
        let tx = self.write_transaction()?;
        let num = active_num(&tx, event_id, &what)?;
        let sources = load_sources(&tx, num)?;
        // One group per article (a source without an article is a group of its own).
        let mut groups: BTreeMap<(i64, i64), Vec<SourceRow>> = BTreeMap::new();
        for s in sources {
            let key = s.article.map_or((1, s.num), |a| (0, a));
            groups.entry(key).or_default().push(s);
        }
        if groups.len() < 2 {
            return Err(WorkspaceError::refused(
                what,
                "it has only one source article; there is nothing to split",
            ));
        }
        let own = groups
            .iter()
            .find(|(_, g)| g.iter().any(|s| s.event_id == event_id))
            .map(|(k, _)| *k)
            .or_else(|| groups.keys().next().copied());
        let mut recorder = Recorder::default();
        recorder.touch(&tx, num)?;
        let mut split_off = Vec::new();
        for (key, group) in groups {
            if Some(key) == own {
                continue;
            }
            let Some(first) = group.first() else {
                continue;
            };
            let revived = match num_of(&tx, &first.event_id)? {
                Some(n) => load_row(&tx, n)?
                    .filter(|r| r.state == RowState::Merged && r.merged_into == Some(num)),
                None => None,
            };
            let piece = match revived {
                Some(mut row) => {
                    recorder.touch(&tx, row.num)?;
                    row.state = RowState::Active;
                    row.merged_into = None;
                    write_row(&tx, &row, &now)?
                }
                None => {
                    let Some(mut coded) = combine(group.iter().map(|s| &s.coded)) else {
                        continue;
                    };
                    coded.event_id = unique_event_id(&tx, &first.event_id)?;
                    coded.review_status = ReviewStatus::Unreviewed;
                    let origin = load_row(&tx, num)?.map_or(Origin::Extracted, |r| r.record.origin);
                    let record = IncidentRecord::new(coded, origin, &versions(&group));
                    let n = insert_row(&tx, record, &now)?;
                    recorder.created(n);
                    n
                }
            };
            for s in &group {
                move_source(&tx, s.num, piece)?;
            }
            refresh(&tx, piece, &now)?;
            if let Some(row) = load_row(&tx, piece)? {
                split_off.push(row.record.incident.event_id);
            }
        }
        refresh(&tx, num, &now)?;
        if let Some(mut row) = load_row(&tx, num)? {
            row.record.incident.review_status = ReviewStatus::Edited;
            write_row(&tx, &row, &now)?;
        }
        recorder.finish(&tx, CorrectionKind::Split, None, &now)?;
        tx.commit()?;
        Ok(split_off)
    }

    /// Adds an incident coded by hand (status `edited`, every field set by a person). An
    /// empty event id gets `analyst-N`; `sources` may name articles of the workspace. Returns
    /// the event id.
    pub fn add_incident(&mut self, incident: Incident) -> Result<String> {
        let now = self.now();
        let tx = self.write_transaction()?;
        let mut incident = incident;
        incident.review_status = ReviewStatus::Edited;
        if incident.event_id.trim().is_empty() {
            let next: i64 = tx
                .query_row(
                    "SELECT seq FROM sqlite_sequence WHERE name = 'incidents'",
                    [],
                    |r| r.get(0),
                )
                .optional()?
                .unwrap_or(0)
                + 1;
            incident.event_id = unique_event_id(&tx, &format!("analyst-{next}"))?;
        } else if num_of(&tx, &incident.event_id)?.is_some() {
            return Err(WorkspaceError::refused(
                format!("add {}", incident.event_id),
                "an incident with that event id is already in the workspace",
            ));
        }
        let mut record = IncidentRecord::new(incident.clone(), Origin::Analyst, ANALYST_VERSION);
        record.human_fields = Field::ALL.into_iter().collect();
        check_consistency(&record)?;
        let mut articles = Vec::new();
        for id in &incident.sources {
            let article: Option<i64> = tx
                .query_row("SELECT num FROM articles WHERE id = ?1", [id], |r| r.get(0))
                .optional()?;
            articles.push((
                id.clone(),
                article.ok_or_else(|| WorkspaceError::UnknownArticle(id.clone()))?,
            ));
        }
        let mut recorder = Recorder::default();
        let num = insert_row(&tx, record, &now)?;
        recorder.created(num);
        for (id, article) in articles {
            let mut coded = incident.clone();
            coded.sources = vec![id.clone()];
            coded.evidence.retain(|e| e.article == id);
            let source = SourceRow {
                num: 0,
                article: Some(article),
                article_id: Some(id),
                event_id: incident.event_id.clone(),
                extractor_version: ANALYST_VERSION.into(),
                coded,
            };
            write_source(&tx, num, &source)?;
        }
        recorder.finish(&tx, CorrectionKind::Add, None, &now)?;
        tx.commit()?;
        Ok(incident.event_id)
    }

    /// Deletes an incident (hidden from everything; undo brings it back).
    pub fn delete_incident(&mut self, event_id: &str) -> Result<EditOutcome> {
        let now = self.now();
        let tx = self.write_transaction()?;
        let num = active_num(&tx, event_id, &format!("delete {event_id}"))?;
        let mut recorder = Recorder::default();
        recorder.touch(&tx, num)?;
        if let Some(mut row) = load_row(&tx, num)? {
            row.state = RowState::Deleted;
            write_row(&tx, &row, &now)?;
        }
        let action = recorder.finish(&tx, CorrectionKind::Delete, None, &now)?;
        let changes = match action {
            Some(a) => super::history::corrections_of(&tx, a)?,
            None => Vec::new(),
        };
        tx.commit()?;
        Ok(EditOutcome { action, changes })
    }
}

/// The number of a shown incident, or why it cannot be `action`ed.
pub(crate) fn active_num(conn: &Connection, event_id: &str, action: &str) -> Result<i64> {
    let num = num_of(conn, event_id)?
        .ok_or_else(|| WorkspaceError::UnknownIncident(event_id.to_string()))?;
    let row = load_row(conn, num)?
        .ok_or_else(|| WorkspaceError::UnknownIncident(event_id.to_string()))?;
    match row.state {
        RowState::Active => Ok(num),
        RowState::Deleted => Err(WorkspaceError::refused(
            action,
            format!("incident {event_id} was deleted (undo brings it back)"),
        )),
        RowState::Merged => {
            let into = match row.merged_into {
                Some(n) => load_row(conn, n)?.map(|r| r.record.incident.event_id),
                None => None,
            };
            Err(WorkspaceError::refused(
                action,
                format!(
                    "incident {event_id} was merged into {}",
                    into.unwrap_or_else(|| "another".into())
                ),
            ))
        }
    }
}

/// `base`, or `base~2`, `base~3`... whichever no incident has.
pub(crate) fn unique_event_id(conn: &Connection, base: &str) -> Result<String> {
    if num_of(conn, base)?.is_none() {
        return Ok(base.to_string());
    }
    for n in 2.. {
        let candidate = format!("{base}~{n}");
        if num_of(conn, &candidate)?.is_none() {
            return Ok(candidate);
        }
    }
    Ok(base.to_string())
}

/// Inserts a new, shown incident row. Returns its number.
pub(crate) fn insert_row(conn: &Connection, mut record: IncidentRecord, now: &str) -> Result<i64> {
    record.incident.sources.clear();
    record.incident.evidence.clear();
    write_row(
        conn,
        &Row {
            num: 0,
            record,
            state: RowState::Active,
            merged_into: None,
            created_at: now.to_string(),
        },
        now,
    )
}
