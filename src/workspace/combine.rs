//! An incident's machine values from its sources, and the fields a person set on top.
//!
//! Each source holds what one article said about the incident (as the extractor coded it).
//! The incident's machine values combine them with the merge rules of [`crate::dedup`]:
//! the most precise place and date win, `fatalities` is the lowest reported figure and
//! `fatalities_max` the highest, notes are joined, actors filled in from the first source
//! that names them. Then every field in [`IncidentRecord::human_fields`] keeps the value the
//! person gave. [`refresh`] recomputes a row after its sources changed (import, merge,
//! split, re-extraction).
//!
//! [`IncidentRecord::human_fields`]: super::IncidentRecord::human_fields

use rusqlite::{Connection, OptionalExtension, params};

use super::error::Result;
use super::record::{Field, RowState, SourceRow, load_row, load_sources, write_row};
use super::source;
use crate::model::Incident;

/// Combines the codings of one incident's sources (`None` when there are none).
pub(crate) fn combine<'a>(codings: impl IntoIterator<Item = &'a Incident>) -> Option<Incident> {
    let codings: Vec<Incident> = codings.into_iter().cloned().collect();
    // The incident is as sure as its surest source.
    let confidence = codings.iter().map(|c| c.confidence).reduce(f32::max)?;
    let mut out = crate::dedup::combine_reports(codings);
    out.confidence = confidence;
    Some(out)
}

/// The extractor versions of a set of sources, distinct, comma-separated.
pub(crate) fn versions(sources: &[SourceRow]) -> String {
    let mut v: Vec<&str> = sources
        .iter()
        .map(|s| s.extractor_version.as_str())
        .collect();
    v.sort_unstable();
    v.dedup();
    v.join(", ")
}

/// Recomputes an incident's machine values from its sources, keeping every field a person
/// set. An incident without sources (added by hand) is left as it is.
pub(crate) fn refresh(conn: &Connection, num: i64, now: &str) -> Result<()> {
    let Some(mut row) = load_row(conn, num)? else {
        return Ok(());
    };
    let sources = load_sources(conn, num)?;
    let Some(machine) = combine(sources.iter().map(|s| &s.coded)) else {
        return Ok(());
    };
    let record = &mut row.record;
    for field in Field::ALL {
        if field.is_coded() && !record.human_fields.contains(&field) {
            field.copy_from(&machine, &mut record.incident);
        }
    }
    let incident = &mut record.incident;
    // A person's sub-event type decides the type; a machine figure never undercuts theirs.
    if record.human_fields.contains(&Field::SubEventType) {
        incident.event_type = incident.sub_event_type.event_type();
    } else if incident.sub_event_type.event_type() != incident.event_type {
        incident.sub_event_type = machine.sub_event_type;
        incident.event_type = machine.sub_event_type.event_type();
    }
    if incident.fatalities_max < incident.fatalities {
        incident.fatalities_max = incident.fatalities;
    }
    if incident.latitude.is_some() != incident.longitude.is_some() {
        incident.latitude = machine.latitude;
        incident.longitude = machine.longitude;
    }
    incident.confidence = machine.confidence;
    record.extractor_version = versions(&sources);
    write_row(conn, &row, now)?;
    Ok(())
}

/// The extracted, shown incident that reports the same event as `report` (by the rules of
/// [`crate::dedup::same_incident`]), if any.
pub(crate) fn find_same(conn: &Connection, report: &Incident) -> Result<Option<i64>> {
    let Some(date) = report.event_date else {
        // Undated reports never merge.
        return Ok(None);
    };
    let window = chrono::Days::new(31);
    let from = date.checked_sub_days(window).unwrap_or(date).to_string();
    let to = date.checked_add_days(window).unwrap_or(date).to_string();
    let candidates: Vec<i64> = conn
        .prepare_cached(
            "SELECT num FROM incidents WHERE sub_event_type = ?1 AND iso = ?2 AND admin1 = ?3 \
             AND event_date BETWEEN ?4 AND ?5 AND state = ?6 AND origin = 'extracted' \
             ORDER BY num",
        )?
        .query_map(
            params![
                report.sub_event_type.as_str(),
                report.iso,
                report.admin1,
                from,
                to,
                RowState::Active.as_str()
            ],
            |r| r.get(0),
        )?
        .collect::<rusqlite::Result<_>>()?;
    for num in candidates {
        let Some(row) = load_row(conn, num)? else {
            continue;
        };
        // The rules look at the evidence only to ask whether a place was stated: one
        // location span stands for all of them (no need to read every source).
        let mut incident = row.record.incident;
        let stated: Option<(String, i64, i64)> = conn
            .prepare_cached(
                "SELECT e.article, e.start, e.end FROM evidence e \
                 JOIN sources s ON s.num = e.source \
                 WHERE s.incident = ?1 AND e.field = 'location' LIMIT 1",
            )?
            .query_row([num], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .optional()?;
        if let Some((article, start, end)) = stated {
            incident.evidence.push(crate::model::Evidence {
                article,
                field: crate::model::EvidenceField::Location,
                start: usize::try_from(start).unwrap_or(0),
                end: usize::try_from(end).unwrap_or(0),
            });
        }
        if source::same_incident(&incident, report) {
            return Ok(Some(num));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::taxonomy::GeoPrecision;

    fn report(id: &str, killed: u32, precision: GeoPrecision) -> Incident {
        Incident {
            event_id: id.into(),
            fatalities: killed,
            fatalities_max: killed,
            geo_precision: precision,
            location: format!("place of {id}"),
            notes: format!("notes of {id}"),
            sources: vec![format!("{id}.txt")],
            ..Incident::default()
        }
    }

    #[test]
    fn combined_sources_keep_the_range_and_the_most_precise_place() {
        let a = report("a", 7, GeoPrecision::Province);
        let b = report("b", 9, GeoPrecision::Town);
        let c = report("c", 0, GeoPrecision::Province);
        let out = combine([&a, &b, &c]).unwrap();
        assert_eq!((out.fatalities, out.fatalities_max), (7, 9));
        assert_eq!(out.location, "place of b");
        assert_eq!(out.sources, ["a.txt", "b.txt", "c.txt"]);
        assert_eq!(out.notes, "notes of a | notes of b | notes of c");
        assert!(combine(std::iter::empty()).is_none());
    }
}
