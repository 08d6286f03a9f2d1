//! Merging more reports than memory should hold: `extract` and `merge` write each report to
//! a spill file (an unnamed temporary file, gone when the process ends) as it arrives and
//! keep only what merging compares and orders by, about 45 bytes a report. Once every
//! report is in, the same blocked merge as [`merge_incidents`](crate::dedup::merge_incidents) finds the
//! clusters, and each merged incident is read back, combined and handed out one at a time,
//! in the same order and with the same content as the in-memory merge gives.
//!
//! Memory is what bounds a run of millions of reports, so each list is kept in fixed chunks
//! (no spare half while it grows) and the event ids, needed only to order the output, are
//! turned into ranks (4 bytes a report) before the merge itself begins.

use std::fs::File;
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};

use chrono::NaiveDate;
use rustc_hash::FxHashMap;

use crate::dedup::{Clusters, PackedReport, combine_reports, combined_date, link};
use crate::model::{EventType, Incident, SubEventType, TimePrecision};

/// Where the reports wait: a temporary file, or memory when no temporary file can be made.
enum Spill {
    File(BufWriter<File>),
    Memory(Vec<u8>),
}

/// Reports taken in one by one, merged at the end (see the module's documentation).
///
/// What is kept of each report is held column by column, so that each column can be let go
/// as soon as the merge is done with it: 32 bytes and the event id while reports come in.
pub struct SpillMerge {
    spill: Spill,
    /// What merging compares of each report.
    reports: Chunked<PackedReport>,
    /// The number of each report's (event type, sub-event type, country code, first-level
    /// division).
    blocks: Chunked<u32>,
    /// Where each report's event id is in `event_ids`.
    event_id_at: Chunked<EventIdAt>,
    event_ids: EventIds,
    /// How long each report's JSON is in the spill (it starts where the one before ends).
    lengths: Chunked<u32>,
    /// A number for each (event type, sub-event type, country code, first-level division) seen.
    block_numbers: FxHashMap<(EventType, SubEventType, String, String), u32>,
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
            reports: Chunked::default(),
            blocks: Chunked::default(),
            event_id_at: Chunked::default(),
            event_ids: EventIds::default(),
            lengths: Chunked::default(),
            block_numbers: FxHashMap::default(),
        }
    }

    /// How many reports have been taken in.
    pub fn len(&self) -> usize {
        self.reports.len()
    }

    /// True before the first report.
    pub fn is_empty(&self) -> bool {
        self.reports.len() == 0
    }

    /// Takes in one report.
    pub fn push(&mut self, incident: &Incident) -> std::io::Result<()> {
        let json = serde_json::to_vec(incident)?;
        let len = u32::try_from(json.len())
            .map_err(|_| std::io::Error::other("an incident of more than 4 GB"))?;
        let event_id = self.event_ids.push(&incident.event_id)?;
        match &mut self.spill {
            Spill::File(file) => file.write_all(&json)?,
            Spill::Memory(bytes) => bytes.extend_from_slice(&json),
        }
        let report = crate::dedup::Report::of(incident);
        let next = self.block_numbers.len() as u32;
        let block = *self
            .block_numbers
            .entry((
                incident.event_type,
                incident.sub_event_type,
                incident.iso.clone(),
                report.division_of(incident).to_string(),
            ))
            .or_insert(next);
        self.reports.push(PackedReport::pack(&report));
        self.blocks.push(block);
        self.event_id_at.push(event_id);
        self.lengths.push(len);
        Ok(())
    }

    /// Merges every report taken in: the merged incidents, sorted by date and then event id,
    /// each read back and combined as the iterator reaches it.
    pub fn into_merged(self) -> std::io::Result<Merged> {
        let SpillMerge {
            spill,
            reports,
            blocks,
            event_id_at,
            event_ids,
            lengths,
            block_numbers,
        } = self;
        drop(block_numbers);
        // Event ids matter only through their order: a rank each (equal ids, equal ranks).
        let ranks = event_id_ranks(&event_ids, reports.len(), |i| *event_id_at.get(i));
        drop((event_id_at, event_ids));
        let links = link(blocks.iter().copied(), |i| reports.get(i).unpack());
        drop(blocks);
        // Only the dates are needed from here on.
        // (Sized first: a chunked list's iterator gives no length, and a growing Vec would
        // briefly hold three times the dates.)
        let mut whens: Vec<(Option<NaiveDate>, TimePrecision)> = Vec::with_capacity(reports.len());
        whens.extend(reports.iter().map(|r| r.unpack().when()));
        drop(reports);
        let clusters = links.into_clusters();
        // The in-memory merge's order: by the merged date (undated first), then the merged
        // event id (its reports' least), then the first report.
        // (Report and cluster numbers as u32: 12 bytes a cluster, not 24.)
        let mut order: Vec<(Option<NaiveDate>, u32, u32)> = clusters
            .iter()
            .enumerate()
            .map(|(c, members)| {
                // By event id, as combine_reports reads them (a stable sort: equal ids in
                // input order).
                let mut by_id = members.to_vec();
                by_id.sort_by_key(|&i| ranks[i as usize]);
                let when = combined_date(by_id.iter().map(|&i| whens[i as usize]));
                (when.and_then(|w| w.0), ranks[by_id[0] as usize], c as u32)
            })
            .collect();
        drop((ranks, whens));
        order.sort_by_key(|&(when, least_id, _)| (when, least_id));
        let stored = match spill {
            Spill::File(file) => Stored::File(file.into_inner().map_err(|e| e.into_error())?),
            Spill::Memory(bytes) => Stored::Memory(bytes),
        };
        Ok(Merged {
            stored,
            offsets: SpillOffsets::new(lengths),
            clusters,
            order: order.into_iter(),
            buffer: Vec::new(),
        })
    }
}

/// Each report's rank among all event ids, ids ordered as their bytes are (as strings
/// order): equal ids share a rank. `at(i)` is where report `i`'s id is.
fn event_id_ranks(ids: &EventIds, n: usize, at: impl Fn(usize) -> EventIdAt) -> Vec<u32> {
    let id = |i: u32| ids.get(at(i as usize));
    let mut by_id: Vec<u32> = (0..n as u32).collect();
    by_id.sort_unstable_by(|&a, &b| id(a).cmp(id(b)));
    let mut ranks = vec![0u32; n];
    let mut rank = 0u32;
    for k in 0..by_id.len() {
        if k > 0 && id(by_id[k - 1]) != id(by_id[k]) {
            rank += 1;
        }
        ranks[by_id[k] as usize] = rank;
    }
    ranks
}

/// A list grown in fixed chunks: no copy of everything, and no spare half of it, each time
/// it outgrows its allocation (a `Vec` of millions of reports briefly needs three times
/// their size while it grows).
struct Chunked<T> {
    chunks: Vec<Vec<T>>,
    len: usize,
}

impl<T> Default for Chunked<T> {
    fn default() -> Self {
        Chunked {
            chunks: Vec::new(),
            len: 0,
        }
    }
}

impl<T> Chunked<T> {
    /// Items a chunk holds.
    const CHUNK: usize = 1 << 16;

    fn push(&mut self, item: T) {
        match self.chunks.last_mut() {
            Some(chunk) if chunk.len() < Self::CHUNK => chunk.push(item),
            _ => {
                let mut chunk = Vec::with_capacity(Self::CHUNK);
                chunk.push(item);
                self.chunks.push(chunk);
            }
        }
        self.len += 1;
    }

    fn get(&self, i: usize) -> &T {
        &self.chunks[i / Self::CHUNK][i % Self::CHUNK]
    }

    fn len(&self) -> usize {
        self.len
    }

    fn iter(&self) -> impl Clone + Iterator<Item = &T> {
        self.chunks.iter().flatten()
    }
}

/// Where an event id is in [`EventIds`]: its chunk (high bits) and its offset there (the
/// low [`EventIds::OFFSET_BITS`]).
#[derive(Clone, Copy)]
struct EventIdAt(u32);

/// Every report's event id, packed into chunks of a megabyte, each id preceded by its
/// length (one byte, or 255 and four bytes): one allocation a megabyte, not one a report,
/// and no copying as it grows. An id longer than a chunk gets a chunk of its own.
#[derive(Default)]
struct EventIds {
    chunks: Vec<Vec<u8>>,
}

impl EventIds {
    const OFFSET_BITS: u32 = 20;
    /// Bytes a chunk holds (more when one id is longer).
    const CHUNK: usize = 1 << Self::OFFSET_BITS;
    /// The length byte that says four length bytes follow.
    const LONG: u8 = u8::MAX;

    fn push(&mut self, id: &str) -> std::io::Result<EventIdAt> {
        let long = id.len() >= usize::from(Self::LONG);
        let needed = if long { 5 } else { 1 } + id.len();
        let fits = self
            .chunks
            .last()
            .is_some_and(|chunk| chunk.len() + needed <= Self::CHUNK);
        if !fits {
            self.chunks
                .push(Vec::with_capacity(Self::CHUNK.max(needed)));
        }
        let chunk_index = self.chunks.len() - 1;
        if chunk_index >= 1 << (32 - Self::OFFSET_BITS) {
            return Err(std::io::Error::other("more than 4 GB of event ids"));
        }
        let chunk = &mut self.chunks[chunk_index];
        let at = EventIdAt(((chunk_index as u32) << Self::OFFSET_BITS) | chunk.len() as u32);
        if long {
            let len = u32::try_from(id.len())
                .map_err(|_| std::io::Error::other("an event id of more than 4 GB"))?;
            chunk.push(Self::LONG);
            chunk.extend_from_slice(&len.to_le_bytes());
        } else {
            chunk.push(id.len() as u8);
        }
        chunk.extend_from_slice(id.as_bytes());
        Ok(at)
    }

    /// The id's bytes (event ids order as their bytes do).
    fn get(&self, at: EventIdAt) -> &[u8] {
        let chunk = &self.chunks[(at.0 >> Self::OFFSET_BITS) as usize];
        let start = (at.0 & ((1 << Self::OFFSET_BITS) - 1)) as usize;
        if chunk[start] == Self::LONG {
            let mut len = [0u8; 4];
            len.copy_from_slice(&chunk[start + 1..start + 5]);
            &chunk[start + 5..start + 5 + u32::from_le_bytes(len) as usize]
        } else {
            &chunk[start + 1..start + 1 + usize::from(chunk[start])]
        }
    }
}

/// Where each report is in the spill, from its length: the start of every
/// [`SpillOffsets::EVERY`]th report is kept, and a report's start is found by adding the
/// lengths after it (4 bytes a report, not the 8 of an offset each).
struct SpillOffsets {
    lengths: Chunked<u32>,
    starts: Vec<u64>,
}

impl SpillOffsets {
    const EVERY: usize = 64;

    fn new(lengths: Chunked<u32>) -> SpillOffsets {
        let mut starts = Vec::with_capacity(lengths.len() / Self::EVERY + 1);
        let mut at = 0u64;
        for (i, &len) in lengths.iter().enumerate() {
            if i % Self::EVERY == 0 {
                starts.push(at);
            }
            at += u64::from(len);
        }
        SpillOffsets { lengths, starts }
    }

    /// Where report `i` starts in the spill, and its length.
    fn span(&self, i: usize) -> (u64, usize) {
        let first = i - i % Self::EVERY;
        let start = self.starts[i / Self::EVERY]
            + (first..i)
                .map(|k| u64::from(*self.lengths.get(k)))
                .sum::<u64>();
        (start, *self.lengths.get(i) as usize)
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
    offsets: SpillOffsets,
    clusters: Clusters,
    /// The clusters still to hand out, in output order (date, least event id's rank, cluster).
    order: std::vec::IntoIter<(Option<NaiveDate>, u32, u32)>,
    buffer: Vec<u8>,
}

impl Merged {
    /// Reads report `i` back from the spill.
    fn read(&mut self, i: usize) -> std::io::Result<Incident> {
        let (at, len) = self.offsets.span(i);
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

    #[test]
    fn a_chunked_list_gives_back_every_item_across_its_chunks() {
        let mut list = Chunked::default();
        let n = Chunked::<u32>::CHUNK * 2 + 3;
        for i in 0..n as u32 {
            list.push(i);
        }
        assert_eq!(list.len(), n);
        assert_eq!(list.chunks.len(), 3);
        for i in [
            0,
            1,
            Chunked::<u32>::CHUNK - 1,
            Chunked::<u32>::CHUNK,
            n - 1,
        ] {
            assert_eq!(*list.get(i), i as u32);
        }
        assert!(list.iter().copied().eq(0..n as u32));
    }

    #[test]
    fn event_ids_come_back_whole_whatever_their_length() {
        let mut ids = EventIds::default();
        let long = "x".repeat(EventIds::CHUNK + 10);
        let mut written = Vec::new();
        for i in 0..200_000 {
            let id = match i {
                7 => long.clone(),
                8 => String::new(),
                _ => format!("article-{i}-1-2"),
            };
            written.push((ids.push(&id).unwrap(), id));
        }
        assert!(ids.chunks.len() > 2, "the ids spread over several chunks");
        for (at, id) in &written {
            assert_eq!(ids.get(*at), id.as_bytes());
        }
    }

    #[test]
    fn spill_offsets_add_up_the_lengths_before_a_report() {
        let mut lengths = Chunked::default();
        for len in 1..=200u32 {
            lengths.push(len);
        }
        let offsets = SpillOffsets::new(lengths);
        for i in [0usize, 1, 63, 64, 65, 127, 128, 199] {
            let before: u64 = (1..=i as u64).sum();
            assert_eq!(offsets.span(i), (before, i + 1), "report {i}");
        }
    }

    #[test]
    fn event_id_ranks_order_ids_as_strings_do() {
        let mut ids = EventIds::default();
        let written = ["b-2", "a-10", "b-2", "a-9", ""];
        let at: Vec<EventIdAt> = written.iter().map(|id| ids.push(id).unwrap()).collect();
        assert_eq!(
            event_id_ranks(&ids, at.len(), |i| at[i]),
            vec![3, 1, 3, 2, 0]
        );
    }

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
