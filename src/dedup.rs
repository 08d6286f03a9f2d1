//! Merging the same incident reported by several articles (or twice in one).
//!
//! Two incidents are the same when they have the same event type and sub-event type, their
//! dates agree within their precision (the same day for day-precise dates, three days for
//! week precision, a month otherwise), their death tolls agree when both give one (within a
//! factor of two), and they are at the same place: the same first-level division (or both
//! only known to the same country), and within [`SAME_PLACE_KM`] when both are pinned to
//! towns. Undated reports never merge; reports known only to the country, or placed only
//! by what the article is about, merge only when both give death tolls and those agree.
//! Merged incidents keep every source and all evidence; `fatalities` is the lowest
//! reported figure (ACLED's rule) and `fatalities_max` the highest; the most precise
//! location and date win.

use chrono::NaiveDate;
use geo::{Distance, Haversine, Point};
use rustc_hash::FxHashMap;

use crate::model::{GeoPrecision, Incident, SubEventType};

/// Two town-level reports farther apart than this are different incidents.
pub const SAME_PLACE_KM: f64 = 25.0;

/// True when two reported death tolls can be the same event's: both unknown, or ranges
/// that are within a factor of two of each other.
fn figures_agree(a: &Incident, b: &Incident) -> bool {
    match (a.fatalities_max, b.fatalities_max) {
        (0, 0) => true,
        (0, _) | (_, 0) => false,
        (x, y) => u64::from(x.min(y)) * 2 >= u64::from(x.max(y)),
    }
}

/// True when the incident's own text names its place (it has location evidence).
fn has_stated_place(incident: &Incident) -> bool {
    incident
        .evidence
        .iter()
        .any(|e| e.field == crate::model::EvidenceField::Location)
}

/// True when two incidents report the same event.
pub fn same_incident(a: &Incident, b: &Incident) -> bool {
    if a.event_type != b.event_type || a.sub_event_type != b.sub_event_type || a.iso != b.iso {
        return false;
    }
    let dates_agree = match (a.event_date, b.event_date) {
        (Some(x), Some(y)) => {
            let tolerance = a.time_precision.max(b.time_precision).tolerance_days();
            (x - y).num_days().abs() <= tolerance
        }
        // Undated reports cannot be told apart from any other report of the same kind.
        _ => false,
    };
    if !dates_agree || a.admin1 != b.admin1 {
        return false;
    }
    // Known only to the country, or placed only by what the article is about (no place
    // stated for the incident itself): the same day and type is not enough in a big
    // country or a busy state; the death tolls must agree too.
    let vague = a.admin1.is_empty() || !has_stated_place(a) || !has_stated_place(b);
    if vague && (a.fatalities_max == 0 || !figures_agree(a, b)) {
        return false;
    }
    // Both give a death toll and the tolls disagree: two incidents.
    if a.fatalities_max > 0 && b.fatalities_max > 0 && !figures_agree(a, b) {
        return false;
    }
    if a.geo_precision == GeoPrecision::Town && b.geo_precision == GeoPrecision::Town {
        let (Some((la, loa)), Some((lb, lob))) = (a.position(), b.position()) else {
            return false;
        };
        let km = Haversine.distance(Point::new(loa, la), Point::new(lob, lb)) / 1000.0;
        return km <= SAME_PLACE_KM;
    }
    true
}

/// Merges incidents that report the same event. Output is sorted by date, then event id.
pub fn merge_incidents(incidents: Vec<Incident>) -> Vec<Incident> {
    // Group candidates by what must be equal, then compare within each group only.
    let mut groups: FxHashMap<(SubEventType, &str, &str), Vec<usize>> = FxHashMap::default();
    for (i, inc) in incidents.iter().enumerate() {
        groups
            .entry((inc.sub_event_type, inc.iso.as_str(), inc.admin1.as_str()))
            .or_default()
            .push(i);
    }
    let mut parent: Vec<usize> = (0..incidents.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for members in groups.values() {
        for (k, &i) in members.iter().enumerate() {
            for &j in &members[k + 1..] {
                if same_incident(&incidents[i], &incidents[j]) {
                    let (ri, rj) = (root(&mut parent, i), root(&mut parent, j));
                    if ri != rj {
                        parent[ri.max(rj)] = ri.min(rj);
                    }
                }
            }
        }
    }
    let mut clusters: FxHashMap<usize, Vec<Incident>> = FxHashMap::default();
    for (i, inc) in incidents.into_iter().enumerate() {
        let r = root(&mut parent, i);
        clusters.entry(r).or_default().push(inc);
    }
    let mut merged: Vec<Incident> = clusters.into_values().map(merge_cluster).collect();
    merged.sort_by(|a, b| {
        a.event_date
            .unwrap_or(NaiveDate::MIN)
            .cmp(&b.event_date.unwrap_or(NaiveDate::MIN))
            .then_with(|| a.event_id.cmp(&b.event_id))
    });
    merged
}

fn merge_cluster(mut reports: Vec<Incident>) -> Incident {
    reports.sort_by(|a, b| a.event_id.cmp(&b.event_id));
    let mut iter = reports.into_iter();
    let Some(mut out) = iter.next() else {
        return Incident::default();
    };
    let mut figures: Vec<(u32, u32)> = Vec::new();
    if out.fatalities_max > 0 {
        figures.push((out.fatalities, out.fatalities_max));
    }
    for r in iter {
        if r.fatalities_max > 0 {
            figures.push((r.fatalities, r.fatalities_max));
        }
        if r.geo_precision < out.geo_precision {
            out.location = r.location.clone();
            out.admin2 = r.admin2.clone();
            out.latitude = r.latitude;
            out.longitude = r.longitude;
            out.geo_precision = r.geo_precision;
        }
        if r.time_precision < out.time_precision {
            out.event_date = r.event_date;
            out.time_precision = r.time_precision;
        }
        if out.actor1.is_empty() {
            out.actor1 = r.actor1.clone();
        }
        if out.actor2.is_empty() || out.actor2 == out.actor1 {
            out.actor2 = if r.actor2 != out.actor1 {
                r.actor2.clone()
            } else {
                String::new()
            };
        }
        if !out.notes.contains(&r.notes) {
            out.notes = format!("{} | {}", out.notes, r.notes);
        }
        out.sources.extend(r.sources);
        out.evidence.extend(r.evidence);
    }
    out.sources.sort();
    out.sources.dedup();
    out.evidence.sort();
    out.evidence.dedup();
    out.fatalities = figures.iter().map(|f| f.0).min().unwrap_or(0);
    out.fatalities_max = figures.iter().map(|f| f.1).max().unwrap_or(0);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn incident(id: &str, date: (i32, u32, u32), admin1: &str, killed: u32) -> Incident {
        Incident {
            event_id: id.into(),
            event_date: NaiveDate::from_ymd_opt(date.0, date.1, date.2),
            time_precision: crate::model::TimePrecision::Day,
            event_type: SubEventType::RemoteExplosiveLandmineIed.event_type(),
            sub_event_type: SubEventType::RemoteExplosiveLandmineIed,
            iso: "AF".into(),
            admin1: admin1.into(),
            geo_precision: GeoPrecision::Province,
            fatalities: killed,
            fatalities_max: killed,
            sources: vec![format!("{id}.txt")],
            evidence: vec![crate::model::Evidence {
                article: format!("{id}.txt"),
                field: crate::model::EvidenceField::Location,
                start: 0,
                end: 7,
            }],
            ..Incident::default()
        }
    }

    #[test]
    fn placed_only_by_the_article_needs_agreeing_tolls() {
        // Two shootings in one state on one day, neither saying where: not the same one.
        let mut a = incident("a", (2020, 4, 1), "Illinois", 0);
        let mut b = incident("b", (2020, 4, 1), "Illinois", 0);
        a.evidence.clear();
        b.evidence.clear();
        assert_eq!(merge_incidents(vec![a.clone(), b.clone()]).len(), 2);
        // The same toll on the same day in the same state may be one event.
        a.fatalities_max = 3;
        b.fatalities_max = 3;
        assert_eq!(merge_incidents(vec![a, b]).len(), 1);
    }

    #[test]
    fn same_event_two_articles_merges_with_fatality_range() {
        let merged = merge_incidents(vec![
            incident("a", (2020, 4, 1), "Helmand", 8),
            incident("b", (2020, 4, 1), "Helmand", 7),
        ]);
        assert_eq!(merged.len(), 1);
        assert_eq!((merged[0].fatalities, merged[0].fatalities_max), (7, 8));
        assert_eq!(merged[0].sources, ["a.txt", "b.txt"]);
    }

    #[test]
    fn different_place_day_or_type_stay_apart() {
        let mut other_type = incident("d", (2020, 4, 1), "Helmand", 8);
        other_type.set_type(SubEventType::SuicideBomb);
        let merged = merge_incidents(vec![
            incident("a", (2020, 4, 1), "Helmand", 8),
            incident("b", (2020, 4, 1), "Kandahar", 8),
            incident("c", (2020, 4, 2), "Helmand", 8),
            other_type,
        ]);
        assert_eq!(merged.len(), 4);
    }

    #[test]
    fn unreported_toll_does_not_lower_the_minimum() {
        let merged = merge_incidents(vec![
            incident("a", (2020, 4, 1), "Helmand", 0),
            incident("b", (2020, 4, 1), "Helmand", 7),
        ]);
        assert_eq!((merged[0].fatalities, merged[0].fatalities_max), (7, 7));
    }

    #[test]
    fn weak_matches_stay_apart() {
        // Undated reports.
        let mut a = incident("a", (2020, 4, 1), "Helmand", 8);
        let mut b = incident("b", (2020, 4, 1), "Helmand", 8);
        a.event_date = None;
        b.event_date = None;
        assert_eq!(merge_incidents(vec![a, b]).len(), 2);
        // Country-level reports without tolls, or with tolls that disagree.
        let country = |id: &str, killed: u32| {
            let mut i = incident(id, (2020, 3, 29), "", killed);
            i.admin1.clear();
            i
        };
        assert_eq!(
            merge_incidents(vec![country("a", 0), country("b", 0)]).len(),
            2
        );
        assert_eq!(
            merge_incidents(vec![country("a", 20), country("b", 3)]).len(),
            2
        );
        assert_eq!(
            merge_incidents(vec![country("a", 20), country("b", 22)]).len(),
            1
        );
        // Same province and day but tolls of 2 and 30.
        let merged = merge_incidents(vec![
            incident("a", (2020, 4, 1), "Helmand", 2),
            incident("b", (2020, 4, 1), "Helmand", 30),
        ]);
        assert_eq!(merged.len(), 2);
    }

    #[test]
    fn towns_far_apart_are_different_incidents() {
        let mut a = incident("a", (2020, 4, 1), "Helmand", 1);
        let mut b = incident("b", (2020, 4, 1), "Helmand", 1);
        a.geo_precision = GeoPrecision::Town;
        b.geo_precision = GeoPrecision::Town;
        (a.latitude, a.longitude) = (Some(31.59), Some(64.37)); // Lashkar Gah
        (b.latitude, b.longitude) = (Some(32.37), Some(64.77)); // Sangin area, ~90 km away
        assert_eq!(merge_incidents(vec![a.clone(), b]).len(), 2);
        let mut near = a.clone();
        near.event_id = "c".into();
        near.latitude = Some(31.64);
        assert_eq!(merge_incidents(vec![a, near]).len(), 1);
    }
}
