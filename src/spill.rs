//! Merging more reports than memory should hold: `extract` and `merge` write each report to
//! a spill file (an unnamed temporary file, gone when the process ends) as it arrives and
//! keep only what merging compares and orders by, about 90 bytes a report. Once every
//! report is in, the same blocked merge as [`merge_incidents`](crate::dedup::merge_incidents) finds the
//! clusters, and each merged incident is read back, combined and handed out one at a time,
//! in the same order and with the same content as the in-memory merge gives.

use std::fs::File;
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};

use chrono::NaiveDate;
use rustc_hash::FxHashMap;

use crate::dedup::{Clusters, Report, combine_reports, combined_date, link};
use crate::model::{EventType, Incident, SubEventType};

/// Where the reports wait: a temporary file, or memory when no temporary file can be made.
enum Spill {
    File(BufWriter<File>),
    Memory(Vec<u8>),
}

/// What is kept in memory of one report.
struct Held {
    /// Event type, sub-event type and the number of its (country code, first-level division).
    block: (EventType, SubEventType, u32),
    report: Report,
    /// Where its event id ends in [`SpillMerge::event_ids`] (it starts where the previous
    /// report's ends).
    event_id_end: u64,
    /// How long its JSON is in the spill (it starts where the previous report's ends).
    len: u32,
}

/// Reports taken in one by one, merged at the end (see the module's documentation).
pub struct SpillMerge {
    spill: Spill,
    held: Vec<Held>,
    /// Every report's event id, one after another (one allocation, not one a report).
    event_ids: String,
    /// A number for each (country code, first-level division) seen.
    places: FxHashMap<(String, String), u32>,
}

impl Default for SpillMerge {
    fn default() -> Self {
        SpillMerge::new()
    }
}

impl SpillMerge {
    /// A merge spilling to a temporary file (in memory when none can be created).
    pub fn new() -> SpillMerge {
        let spill = match tempfile::tempfile() {
            Ok(file) => Spill::File(BufWriter::new(file)),
            Err(err) => {
                log::warn!("no temporary file for merging ({err}); merging in memory");
                Spill::Memory(Vec::new())
            }
        };
        SpillMerge::with_spill(spill)
    }

    /// A merge that keeps the reports in memory (for tests).
    pub fn in_memory() -> SpillMerge {
        SpillMerge::with_spill(Spill::Memory(Vec::new()))
    }

    fn with_spill(spill: Spill) -> SpillMerge {
        SpillMerge {
            spill,
            held: Vec::new(),
            event_ids: String::new(),
            places: FxHashMap::default(),
        }
    }

    /// How many reports have been taken in.
    pub fn len(&self) -> usize {
        self.held.len()
    }

    /// True before the first report.
    pub fn is_empty(&self) -> bool {
        self.held.is_empty()
    }

    /// Takes in one report.
    pub fn push(&mut self, incident: &Incident) -> std::io::Result<()> {
        let json = serde_json::to_vec(incident)?;
        let len = u32::try_from(json.len())
            .map_err(|_| std::io::Error::other("an incident of more than 4 GB"))?;
        match &mut self.spill {
            Spill::File(file) => file.write_all(&json)?,
            Spill::Memory(bytes) => bytes.extend_from_slice(&json),
        }
        let next = self.places.len() as u32;
        let place = *self
            .places
            .entry((incident.iso.clone(), incident.admin1.clone()))
            .or_insert(next);
        self.event_ids.push_str(&incident.event_id);
        self.held.push(Held {
            block: (incident.event_type, incident.sub_event_type, place),
            report: Report::of(incident),
            event_id_end: self.event_ids.len() as u64,
            len,
        });
        Ok(())
    }

    /// Merges every report taken in: the merged incidents, sorted by date and then event id,
    /// each read back and combined as the iterator reaches it.
    pub fn into_merged(self) -> std::io::Result<Merged> {
        let SpillMerge {
            spill,
            held,
            event_ids,
            ..
        } = self;
        let event_id = |i: usize| {
            let start = if i == 0 { 0 } else { held[i - 1].event_id_end };
            event_ids
                .get(start as usize..held[i].event_id_end as usize)
                .unwrap_or_default()
        };
        let clusters = link(held.iter().map(|h| h.block), |i| held[i].report).into_clusters();
        // The in-memory merge's order: by the merged date (undated first), then the merged
        // event id (its reports' least), then the first report.
        // (Report and cluster numbers as u32: 12 bytes a cluster, not 24.)
        let mut order: Vec<(Option<NaiveDate>, u32, u32)> = clusters
            .iter()
            .enumerate()
            .map(|(c, members)| {
                let mut by_id = members.to_vec();
                by_id.sort_by(|&a, &b| event_id(a as usize).cmp(event_id(b as usize)));
                let when = combined_date(by_id.iter().map(|&i| held[i as usize].report.when()));
                (when.and_then(|w| w.0), by_id[0], c as u32)
            })
            .collect();
        order.sort_by(|a, b| {
            a.0.cmp(&b.0)
                .then_with(|| event_id(a.1 as usize).cmp(event_id(b.1 as usize)))
        });
        // Where each report ends in the spill (it starts where the one before ends).
        let mut at = 0u64;
        let ends = held
            .iter()
            .map(|h| {
                at += u64::from(h.len);
                at
            })
            .collect();
        drop(held);
        drop(event_ids);
        let stored = match spill {
            Spill::File(file) => Stored::File(file.into_inner().map_err(|e| e.into_error())?),
            Spill::Memory(bytes) => Stored::Memory(bytes),
        };
        Ok(Merged {
            stored,
            ends,
            clusters,
            order: order.into_iter(),
            buffer: Vec::new(),
        })
    }
}

/// The spilled reports, ready to be read back.
enum Stored {
    File(File),
    Memory(Vec<u8>),
}

/// The merged incidents of a [`SpillMerge`], in order, read back one at a time.
pub struct Merged {
    stored: Stored,
    /// Where each report ends in the spill (it starts where the one before ends).
    ends: Vec<u64>,
    clusters: Clusters,
    /// The clusters still to hand out, in output order (date and least report, cluster).
    order: std::vec::IntoIter<(Option<NaiveDate>, u32, u32)>,
    buffer: Vec<u8>,
}

impl Merged {
    /// Reads report `i` back from the spill.
    fn read(&mut self, i: usize) -> std::io::Result<Incident> {
        let at = if i == 0 { 0 } else { self.ends[i - 1] };
        let len = usize::try_from(self.ends[i] - at).map_err(std::io::Error::other)?;
        let bytes: &[u8] = match &mut self.stored {
            Stored::File(file) => {
                self.buffer.resize(len, 0);
                file.seek(SeekFrom::Start(at))?;
                file.read_exact(&mut self.buffer)?;
                &self.buffer
            }
            Stored::Memory(bytes) => {
                let start = usize::try_from(at).map_err(std::io::Error::other)?;
                bytes
                    .get(start..start + len)
                    .ok_or_else(|| std::io::Error::other("the spill is shorter than written"))?
            }
        };
        Ok(serde_json::from_slice(bytes)?)
    }
}

impl Iterator for Merged {
    type Item = std::io::Result<Incident>;

    fn next(&mut self) -> Option<Self::Item> {
        let (_, _, c) = self.order.next()?;
        let members = self.clusters.get(c as usize).to_vec();
        let reports: std::io::Result<Vec<Incident>> =
            members.into_iter().map(|i| self.read(i as usize)).collect();
        Some(reports.map(combine_reports))
    }
}

/// Merges reports through an in-memory spill (the tests' way to compare with other merges).
#[cfg(test)]
pub(crate) fn merge_through_spill(reports: &[Incident]) -> Vec<Incident> {
    let mut spill = SpillMerge::in_memory();
    for report in reports {
        spill.push(report).unwrap_or_default();
    }
    match spill.into_merged() {
        Ok(merged) => merged.filter_map(Result::ok).collect(),
        Err(_) => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dedup::{merge_incidents, synthetic_reports};

    /// Merges through a spill (file or memory) and in memory, and says whether they agree.
    fn spill_agrees(reports: Vec<Incident>, spill: SpillMerge) {
        let mut spill = spill;
        for report in &reports {
            spill.push(report).unwrap();
        }
        assert_eq!(spill.len(), reports.len());
        let spilled: Vec<Incident> = spill.into_merged().unwrap().map(Result::unwrap).collect();
        assert_eq!(spilled, merge_incidents(reports));
    }

    #[test]
    fn a_spilled_merge_equals_the_in_memory_merge() {
        let reports = synthetic_reports(3_000);
        spill_agrees(reports.clone(), SpillMerge::new());
        spill_agrees(reports, SpillMerge::in_memory());
    }

    #[test]
    fn no_reports_merge_to_nothing() {
        assert_eq!(SpillMerge::new().into_merged().unwrap().count(), 0);
    }

    #[test]
    fn the_finest_date_of_the_least_event_id_orders_the_output() {
        use crate::model::TimePrecision;
        // One event: a month-precise report with the least id, and two day-precise ones that
        // disagree by a day in the same block; plus an undated report, which comes first.
        let mut reports = synthetic_reports(1);
        reports[0].event_id = "c".into();
        reports[0].fatalities_max = 0;
        reports[0].fatalities = 0;
        let mut month = reports[0].clone();
        month.event_id = "a".into();
        month.time_precision = TimePrecision::Month;
        let mut day = reports[0].clone();
        day.event_id = "b".into();
        let mut undated = reports[0].clone();
        undated.event_id = "z".into();
        undated.event_date = None;
        spill_agrees(
            vec![reports[0].clone(), month, day, undated],
            SpillMerge::new(),
        );
    }
}
