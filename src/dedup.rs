//! Merging the same incident reported by several articles (or twice in one).
//!
//! Two incidents are the same when they have the same event type and sub-event type, their
//! dates agree within their precision (the same day for day-precise dates, three days for
//! week precision, a month otherwise), their death tolls agree when both give one (within a
//! factor of two), and they are at the same place: the same first-level division (or both
//! only known to the same country), and within [`SAME_PLACE_KM`] when both are pinned to
//! towns. Undated reports never merge; reports known only to the country, or placed only
//! by what the article is about, merge only when both give death tolls and those agree.
//! A report that matches two others which do not match each other (towns far apart, death
//! tolls that disagree, different days) does not make them one event. Merged incidents keep every source
//! and all evidence; `fatalities` is the lowest
//! reported figure (ACLED's rule) and `fatalities_max` the highest; the most precise
//! location and date win.

use chrono::{Datelike, NaiveDate};
use geo::{Distance, Haversine, Point};
use rustc_hash::FxHashMap;

use crate::model::{GeoPrecision, Incident, SubEventType, TimePrecision};

/// Two town-level reports farther apart than this are different incidents.
pub const SAME_PLACE_KM: f64 = 25.0;

/// What [`same_incident`] asks of one report besides the fields every candidate in a block
/// shares (event type, sub-event type, country code, first-level division): small and
/// `Copy`, so that a block's reports sit side by side in memory while they are compared.
#[derive(Clone, Copy)]
pub(crate) struct Report {
    /// The date as a day number (days from the common era), cheap to subtract.
    day: Option<i32>,
    time_precision: TimePrecision,
    geo_precision: GeoPrecision,
    fatalities_max: u32,
    /// The incident's own text names its place (it has location evidence).
    stated_place: bool,
    /// Known only to the country (no first-level division).
    country_level: bool,
    /// Latitude and longitude, rounded to f32 precision.
    position: Option<(f64, f64)>,
}

/// A [`Report`] in 20 bytes instead of 40, for merges that keep millions of them: no date
/// is `i32::MIN`, no position is NaN (a parsed coordinate never is). Positions are kept as
/// f32, which [`Report::of`] already rounds them to, so packing loses nothing.
#[derive(Clone, Copy)]
pub(crate) struct PackedReport {
    position: [f32; 2],
    day: i32,
    fatalities_max: u32,
    time_precision: TimePrecision,
    geo_precision: GeoPrecision,
    stated_place: bool,
    country_level: bool,
}

impl PackedReport {
    const NO_DAY: i32 = i32::MIN;

    /// The report, packed.
    pub(crate) fn pack(report: &Report) -> PackedReport {
        PackedReport {
            position: report
                .position
                .map_or([f32::NAN; 2], |(la, lo)| [la as f32, lo as f32]),
            day: report.day.unwrap_or(Self::NO_DAY),
            fatalities_max: report.fatalities_max,
            time_precision: report.time_precision,
            geo_precision: report.geo_precision,
            stated_place: report.stated_place,
            country_level: report.country_level,
        }
    }

    /// The report again, exactly as it was packed.
    pub(crate) fn unpack(&self) -> Report {
        let [la, lo] = self.position;
        Report {
            day: (self.day != Self::NO_DAY).then_some(self.day),
            time_precision: self.time_precision,
            geo_precision: self.geo_precision,
            fatalities_max: self.fatalities_max,
            stated_place: self.stated_place,
            country_level: self.country_level,
            position: (!la.is_nan() && !lo.is_nan()).then_some((f64::from(la), f64::from(lo))),
        }
    }
}

impl Report {
    /// What merging compares of this incident.
    pub(crate) fn of(incident: &Incident) -> Report {
        Report {
            day: incident.event_date.map(|d| d.num_days_from_ce()),
            time_precision: incident.time_precision,
            geo_precision: incident.geo_precision,
            fatalities_max: incident.fatalities_max,
            stated_place: incident
                .evidence
                .iter()
                .any(|e| e.field == crate::model::EvidenceField::Location),
            country_level: incident.is_country_level(),
            // Rounded to f32 (a metre or two), so that a packed report compares the same.
            position: incident
                .position()
                .map(|(la, lo)| (f64::from(la as f32), f64::from(lo as f32))),
        }
    }
}

impl Report {
    /// The first-level division this report of `incident` is known to be in (what
    /// [`Incident::known_division`] gives, without asking the incident again): the block a
    /// merge compares it in.
    pub(crate) fn division_of<'a>(&self, incident: &'a Incident) -> &'a str {
        if self.country_level {
            ""
        } else {
            &incident.admin1
        }
    }

    /// The report's date and time precision.
    pub(crate) fn when(&self) -> (Option<NaiveDate>, TimePrecision) {
        (
            self.day.and_then(NaiveDate::from_num_days_from_ce_opt),
            self.time_precision,
        )
    }
}

/// True when two reported death tolls can be the same event's: both unknown, or ranges
/// that are within a factor of two of each other.
fn figures_agree(a: &Report, b: &Report) -> bool {
    match (a.fatalities_max, b.fatalities_max) {
        (0, 0) => true,
        (0, _) | (_, 0) => false,
        (x, y) => u64::from(x.min(y)) * 2 >= u64::from(x.max(y)),
    }
}

/// True when two incidents report the same event.
pub fn same_incident(a: &Incident, b: &Incident) -> bool {
    a.event_type == b.event_type
        && a.sub_event_type == b.sub_event_type
        && a.iso == b.iso
        && a.known_division() == b.known_division()
        && same_report(&Report::of(a), &Report::of(b))
}

/// [`same_incident`] for two reports known to share event type, sub-event type, country
/// code and first-level division.
fn same_report(a: &Report, b: &Report) -> bool {
    let dates_agree = match (a.day, b.day) {
        (Some(x), Some(y)) => {
            let tolerance = a.time_precision.max(b.time_precision).tolerance_days();
            (i64::from(x) - i64::from(y)).abs() <= tolerance
        }
        // Undated reports cannot be told apart from any other report of the same kind.
        _ => false,
    };
    if !dates_agree {
        return false;
    }
    // Known only to the country, or placed only by what the article is about (no place
    // stated for the incident itself): the same day and type is not enough in a big
    // country or a busy state; the death tolls must agree too.
    let vague = a.country_level || !a.stated_place || !b.stated_place;
    if vague && (a.fatalities_max == 0 || !figures_agree(a, b)) {
        return false;
    }
    // Both give a death toll and the tolls disagree: two incidents.
    if a.fatalities_max > 0 && b.fatalities_max > 0 && !figures_agree(a, b) {
        return false;
    }
    if a.geo_precision == GeoPrecision::Town && b.geo_precision == GeoPrecision::Town {
        let (Some((la, loa)), Some((lb, lob))) = (a.position, b.position) else {
            return false;
        };
        return km((la, loa), (lb, lob)) <= SAME_PLACE_KM;
    }
    true
}

/// Merges incidents that report the same event. Output is sorted by date, then event id
/// (ties in input order).
///
/// Near-linear: only incidents that [`same_incident`] could join are compared. Candidates
/// are blocked by what must be equal (event type, sub-event type, country code, first-level
/// division); undated incidents never merge and are not compared; inside a block, reports
/// are sorted by date and each is compared only with those within the date tolerance of
/// the pair's coarser time precision. The result is the same as comparing all pairs.
pub fn merge_incidents(incidents: Vec<Incident>) -> Vec<Incident> {
    let reports: Vec<Report> = incidents.iter().map(Report::of).collect();
    let links = link(
        incidents.iter().zip(&reports).map(|(inc, report)| {
            (
                inc.event_type,
                inc.sub_event_type,
                inc.iso.as_str(),
                report.division_of(inc),
            )
        }),
        |i| reports[i],
    );
    links.into_merged(incidents)
}

/// Finds which reports are the same event, given each report's block key in input order
/// (what must be equal for two reports to merge: event type, sub-event type, country code
/// and first-level division, in any form that compares equal exactly when those do) and
/// the [`Report`] of the report at an index. See [`merge_incidents`] for how candidates are
/// chosen. A block holds only each report's day and index (8 bytes), not a copy of it.
pub(crate) fn link<K: std::hash::Hash + Eq>(
    keys: impl Iterator<Item = K> + Clone,
    report: impl Fn(usize) -> Report,
) -> Links {
    // Per block, the dated reports of each time precision (day, week, month). Counted
    // first, so that each list is allocated once at its size (no spare room while growing).
    let mut sizes: FxHashMap<K, [u32; 3]> = FxHashMap::default();
    let mut n = 0;
    for (i, key) in keys.clone().enumerate() {
        n = i + 1;
        let r = report(i);
        if r.day.is_some() {
            sizes.entry(key).or_default()[precision_index(r.time_precision)] += 1;
        }
    }
    let mut blocks: FxHashMap<K, [Vec<(i32, u32)>; 3]> = FxHashMap::default();
    blocks.reserve(sizes.len());
    for (i, key) in keys.enumerate() {
        let r = report(i);
        let Some(day) = r.day else {
            continue;
        };
        let lists = match blocks.entry(key) {
            std::collections::hash_map::Entry::Occupied(lists) => lists.into_mut(),
            std::collections::hash_map::Entry::Vacant(slot) => {
                let size = sizes.get(slot.key()).copied().unwrap_or_default();
                slot.insert(size.map(|k| Vec::with_capacity(k as usize)))
            }
        };
        lists[precision_index(r.time_precision)].push((day, i as u32));
    }
    drop(sizes);
    let mut links = Links::new(n);
    // Two reports already joined (through others) need no comparison: many copies of one
    // story on one day are then compared about once each, not pair by pair.
    let mut compare = |&(_, i): &(i32, u32), &(_, j): &(i32, u32)| {
        let (i, j) = (i as usize, j as usize);
        if links.root(i) != links.root(j) && same_report(&report(i), &report(j)) {
            links.join(i, j);
        }
    };
    for by_precision in blocks.values_mut() {
        for class in by_precision.iter_mut() {
            class.sort_unstable();
        }
        for (p, class) in by_precision.iter().enumerate() {
            // Two reports of the same precision: a sliding window over the sorted dates.
            let window_days = PRECISIONS[p].tolerance_days();
            let gap = |a: &(i32, u32), b: &(i32, u32)| i64::from(b.0) - i64::from(a.0);
            for (k, a) in class.iter().enumerate() {
                for b in &class[k + 1..] {
                    if gap(a, b) > window_days {
                        break;
                    }
                    compare(a, b);
                }
            }
            // A report of this precision against the finer ones: the coarser tolerance.
            for finer in &by_precision[..p] {
                for a in class {
                    let from = finer.partition_point(|b| gap(b, a) > window_days);
                    for b in &finer[from..] {
                        if gap(a, b) > window_days {
                            break;
                        }
                        compare(a, b);
                    }
                }
            }
        }
    }
    links.part_bridged_groups(
        blocks
            .values()
            .flat_map(|by_precision| by_precision.iter().flatten())
            .map(|&(_, i)| i as usize),
        report,
    );
    links
}

/// Splits a group of reports that a vaguer report bridges between towns far apart (a
/// protest in one city and one in another, both joined to a report that names only their
/// province) into one event per town: each town's reports with the vaguer ones that match
/// that town alone; the vaguer ones that match several towns, or none, stay together apart.
/// Returns `None` when the group's towns lie within [`SAME_PLACE_KM`] of each other.
/// Depends only on the group's reports, not on their order.
fn part_by_town(members: &[(usize, Report)]) -> Option<Vec<Vec<usize>>> {
    let pinned = |r: &Report| r.position.filter(|_| r.geo_precision == GeoPrecision::Town);
    let key = |(la, lo): (f64, f64)| (la.to_bits(), lo.to_bits());
    let mut points: Vec<(f64, f64)> = members.iter().filter_map(|(_, r)| pinned(r)).collect();
    points.sort_unstable_by_key(|&p| key(p));
    points.dedup_by_key(|p| key(*p));
    if points.len() < 2 {
        return None;
    }
    // Sites: the points joined by chains of steps within SAME_PLACE_KM.
    let mut sites = Links::new(points.len());
    for p in 0..points.len() {
        for q in p + 1..points.len() {
            if km(points[p], points[q]) <= SAME_PLACE_KM {
                sites.join(p, q);
            }
        }
    }
    let site: Vec<usize> = (0..points.len()).map(|p| sites.root(p)).collect();
    if site.iter().all(|&s| s == site[0]) {
        return None;
    }
    // The site of each member pinned to a town.
    let site_of: Vec<Option<usize>> = members
        .iter()
        .map(|(_, r)| {
            let p = pinned(r)?;
            points
                .binary_search_by_key(&key(p), |&q| key(q))
                .ok()
                .map(|k| site[k])
        })
        .collect();
    Some(attach_the_rest(members, &site_of))
}

/// Splits a group of reports that a report without a death toll bridges between tolls that
/// disagree ("1 killed" and "8 killed", both joined to a report of the same
/// day and province) into one event per band of agreeing tolls: the tolls from the lowest
/// up, each band holding those within a factor of two of its lowest; the reports without a
/// toll join the one band whose reports they match, if only one. Returns `None` when all the
/// group's tolls agree. Depends only on the group's reports, not on their order.
fn part_by_toll(members: &[(usize, Report)]) -> Option<Vec<Vec<usize>>> {
    let mut tolls: Vec<u32> = members
        .iter()
        .map(|(_, r)| r.fatalities_max)
        .filter(|&t| t > 0)
        .collect();
    tolls.sort_unstable();
    tolls.dedup();
    let (&lowest, &highest) = (tolls.first()?, tolls.last()?);
    if u64::from(lowest) * 2 >= u64::from(highest) {
        return None;
    }
    // The lowest toll of each band.
    let mut bands: Vec<u32> = Vec::new();
    for &t in &tolls {
        if bands
            .last()
            .is_none_or(|&b| u64::from(b) * 2 < u64::from(t))
        {
            bands.push(t);
        }
    }
    let band_of: Vec<Option<usize>> = members
        .iter()
        .map(|(_, r)| {
            (r.fatalities_max > 0).then(|| bands.partition_point(|&b| b <= r.fatalities_max) - 1)
        })
        .collect();
    Some(attach_the_rest(members, &band_of))
}

/// Splits a group of reports that a vaguer-dated report bridges between different days
/// ("on 3 May" and "on 9 May", both joined to a report of "in May" at the same place) into
/// one event per day: the reports of a day together; the vaguer ones join the one day whose
/// reports they match, if only one. Returns `None` when the group's day-precise reports all
/// fall on one day. Depends only on the group's reports, not on their order.
fn part_by_day(members: &[(usize, Report)]) -> Option<Vec<Vec<usize>>> {
    let day_of = |r: &Report| r.day.filter(|_| r.time_precision == TimePrecision::Day);
    let mut days: Vec<i32> = members.iter().filter_map(|(_, r)| day_of(r)).collect();
    days.sort_unstable();
    days.dedup();
    if days.len() < 2 {
        return None;
    }
    let day_part: Vec<Option<usize>> = members
        .iter()
        .map(|(_, r)| day_of(r).and_then(|d| days.binary_search(&d).ok()))
        .collect();
    Some(attach_the_rest(members, &day_part))
}

/// The groups of a parted cluster: the members placed in a part (`part_of`) with their
/// part; each other member with the one part whose placed members it matches, if only one;
/// the rest one event per chain of matching reports.
fn attach_the_rest(members: &[(usize, Report)], part_of: &[Option<usize>]) -> Vec<Vec<usize>> {
    let mut groups: FxHashMap<usize, Vec<usize>> = FxHashMap::default();
    let mut unattached: Vec<(usize, Report)> = Vec::new();
    for (&(i, r), own_part) in members.iter().zip(part_of) {
        if let Some(s) = own_part {
            groups.entry(*s).or_default().push(i);
            continue;
        }
        // The parts whose placed reports it matches: it joins the one, if only one.
        let mut matched = members
            .iter()
            .zip(part_of)
            .filter_map(|((_, placed), s)| s.filter(|_| same_report(&r, placed)));
        match matched.next() {
            Some(s) if matched.all(|other| other == s) => groups.entry(s).or_default().push(i),
            _ => unattached.push((i, r)),
        }
    }
    // The vaguer reports left over: one event per chain of matching reports.
    let mut chains = Links::new(unattached.len());
    for a in 0..unattached.len() {
        for b in a + 1..unattached.len() {
            if same_report(&unattached[a].1, &unattached[b].1) {
                chains.join(a, b);
            }
        }
    }
    let mut leftover: FxHashMap<usize, Vec<usize>> = FxHashMap::default();
    for (k, &(i, _)) in unattached.iter().enumerate() {
        leftover.entry(chains.root(k)).or_default().push(i);
    }
    groups.into_values().chain(leftover.into_values()).collect()
}

/// Great-circle distance between two (latitude, longitude) points, in kilometres.
fn km((la, lo): (f64, f64), (lb, lob): (f64, f64)) -> f64 {
    Haversine.distance(Point::new(lo, la), Point::new(lob, lb)) / 1000.0
}

/// Merges by comparing every pair of incidents: the slow, obvious version that
/// [`merge_incidents`] must always agree with (the tests' oracle).
#[cfg(test)]
pub(crate) fn merge_incidents_all_pairs(incidents: Vec<Incident>) -> Vec<Incident> {
    let mut links = Links::new(incidents.len());
    for i in 0..incidents.len() {
        for j in i + 1..incidents.len() {
            if same_incident(&incidents[i], &incidents[j]) {
                links.join(i, j);
            }
        }
    }
    let reports: Vec<Report> = incidents.iter().map(Report::of).collect();
    links.part_bridged_groups(
        (0..reports.len()).filter(|&i| reports[i].day.is_some()),
        |i| reports[i],
    );
    links.into_merged(incidents)
}

/// The time precisions, finest first, as [`precision_index`] numbers them.
const PRECISIONS: [TimePrecision; 3] = [
    TimePrecision::Day,
    TimePrecision::Week,
    TimePrecision::Month,
];

fn precision_index(precision: TimePrecision) -> usize {
    match precision {
        TimePrecision::Day => 0,
        TimePrecision::Week => 1,
        TimePrecision::Month => 2,
    }
}

/// Which reports were found to be the same event: a union-find whose root is always the
/// lowest index of its cluster, so the clusters do not depend on the order of the joins.
/// Indices are kept as u32 (4 bytes a report, not 8): a merge of more than four billion
/// reports would not fit in memory anyway.
pub(crate) struct Links {
    parent: Vec<u32>,
}

impl Links {
    fn new(n: usize) -> Links {
        Links {
            parent: (0..n as u32).collect(),
        }
    }

    fn root(&mut self, i: usize) -> usize {
        let mut i = i as u32;
        while self.parent[i as usize] != i {
            let grandparent = self.parent[self.parent[i as usize] as usize];
            self.parent[i as usize] = grandparent;
            i = grandparent;
        }
        i as usize
    }

    /// Applies [`part_by_town`], then [`part_by_toll`], then [`part_by_day`], to every group
    /// of the dated reports given.
    fn part_bridged_groups(
        &mut self,
        dated: impl Iterator<Item = usize> + Clone,
        report: impl Fn(usize) -> Report,
    ) {
        // Only a group of three or more with two town reports can need parting (two towns
        // far apart never join directly: a bridge needs a third report).
        let is_town = |r: &Report| r.geo_precision == GeoPrecision::Town && r.position.is_some();
        self.part_groups(dated.clone(), &report, is_town, part_by_town);
        // Nor do two death tolls that disagree: a report without one bridged them.
        self.part_groups(
            dated.clone(),
            &report,
            |r| r.fatalities_max > 0,
            part_by_toll,
        );
        // Nor do two days: a report dated only by its week or month bridged them.
        let is_a_day = |r: &Report| r.time_precision == TimePrecision::Day;
        self.part_groups(dated, &report, is_a_day, part_by_day);
    }

    /// Re-forms every group of three or more reports, two of them `marked`, as `part`
    /// splits it. Counted first, so that the many small groups cost two passes over numbers
    /// and nothing more; the groups to look at are gathered as report numbers (4 bytes a
    /// report), each group's reports fetched only when it is parted.
    fn part_groups(
        &mut self,
        dated: impl Iterator<Item = usize> + Clone,
        report: &impl Fn(usize) -> Report,
        marked: impl Fn(&Report) -> bool,
        part: fn(&[(usize, Report)]) -> Option<Vec<Vec<usize>>>,
    ) {
        // Per root, its group's size up to 3 (low bits) and marked reports up to 2 (high
        // bits): one byte a report.
        const SIZE: u8 = 0b0011;
        const MARKS: u8 = 0b1100;
        let mut counts = vec![0u8; self.parent.len()];
        for i in dated.clone() {
            let root = self.root(i);
            let c = &mut counts[root];
            if *c & SIZE < 3 {
                *c += 1;
            }
            if *c & MARKS < 2 << 2 && marked(&report(i)) {
                *c += 1 << 2;
            }
        }
        let needs_parting = |c: u8| c & SIZE == 3 && c & MARKS == 2 << 2;
        let mut by_root: FxHashMap<u32, Vec<u32>> = FxHashMap::default();
        for i in dated {
            let root = self.root(i);
            if needs_parting(counts[root]) {
                by_root.entry(root as u32).or_default().push(i as u32);
            }
        }
        drop(counts);
        for (_, mut numbers) in by_root {
            numbers.sort_unstable();
            let members: Vec<(usize, Report)> = numbers
                .iter()
                .map(|&i| (i as usize, report(i as usize)))
                .collect();
            let Some(groups) = part(&members) else {
                continue;
            };
            for &(i, _) in &members {
                self.parent[i] = i as u32;
            }
            for group in groups {
                for pair in group.windows(2) {
                    self.join(pair[0], pair[1]);
                }
            }
        }
    }

    fn join(&mut self, i: usize, j: usize) {
        let (ri, rj) = (self.root(i), self.root(j));
        if ri != rj {
            self.parent[ri.max(rj)] = ri.min(rj) as u32;
        }
    }

    /// The clusters, each listing its reports in input order.
    pub(crate) fn into_clusters(mut self) -> Clusters {
        let n = self.parent.len();
        // Every report's root, in place of its parent.
        for i in 0..n {
            let root = self.root(i) as u32;
            self.parent[i] = root;
        }
        let roots = self.parent;
        // Each cluster's members listed under its root, in input order (a counting sort):
        // `members[start[r]..start[r + 1]]`. The root is the cluster's lowest index.
        let mut start = vec![0u32; n + 1];
        for &r in &roots {
            start[r as usize + 1] += 1;
        }
        for k in 0..n {
            start[k + 1] += start[k];
        }
        // Filled from the last report back: `start[r + 1]`, cluster r's end, moves down one
        // slot a member until it is cluster r's start.
        let mut members = vec![0u32; n];
        for (i, &r) in roots.iter().enumerate().rev() {
            let end = &mut start[r as usize + 1];
            *end -= 1;
            members[*end as usize] = i as u32;
        }
        // Now `start[r + 1]` holds cluster r's start: shifted down to the usual layout.
        start.rotate_left(1);
        start[n] = n as u32;
        let firsts = roots
            .iter()
            .enumerate()
            .filter(|&(i, &r)| i == r as usize)
            .map(|(i, _)| i as u32)
            .collect();
        Clusters {
            start,
            members,
            firsts,
        }
    }

    /// Merges each cluster (in the order of its first report), then sorts by date and id.
    fn into_merged(self, incidents: Vec<Incident>) -> Vec<Incident> {
        let clusters = self.into_clusters();
        // Reports are taken out of the input one cluster at a time (an empty incident, with
        // no text allocated, stays in each slot): no second copy of every report is held.
        let mut slots = incidents;
        let mut merged: Vec<Incident> = Vec::with_capacity(clusters.len());
        for cluster in clusters.iter() {
            let reports: Vec<Incident> = cluster
                .iter()
                .map(|&i| std::mem::take(&mut slots[i as usize]))
                .collect();
            merged.push(combine_reports(reports));
        }
        drop(slots);
        merged.sort_by(|a, b| {
            a.event_date
                .unwrap_or(NaiveDate::MIN)
                .cmp(&b.event_date.unwrap_or(NaiveDate::MIN))
                .then_with(|| a.event_id.cmp(&b.event_id))
        });
        merged
    }
}

/// Reports grouped by event: each cluster's reports (their input indices, ascending),
/// clusters in the order of their first report.
pub(crate) struct Clusters {
    /// `members[start[r]..start[r + 1]]` are the reports of the cluster whose first is `r`.
    start: Vec<u32>,
    members: Vec<u32>,
    /// The first report of each cluster, ascending.
    firsts: Vec<u32>,
}

impl Clusters {
    /// How many clusters (merged incidents) there are.
    pub(crate) fn len(&self) -> usize {
        self.firsts.len()
    }

    /// The reports of cluster `c` (numbered in the order of their first report).
    pub(crate) fn get(&self, c: usize) -> &[u32] {
        let r = self.firsts[c] as usize;
        &self.members[self.start[r] as usize..self.start[r + 1] as usize]
    }

    /// Each cluster's reports, clusters in the order of their first report.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &[u32]> + '_ {
        (0..self.len()).map(|c| self.get(c))
    }
}

/// The date and time precision a merged incident takes, given its reports' in the order
/// [`combine_reports`] reads them (by event id): the first of the most precise. None for
/// no reports.
pub(crate) fn combined_date(
    reports: impl IntoIterator<Item = (Option<NaiveDate>, TimePrecision)>,
) -> Option<(Option<NaiveDate>, TimePrecision)> {
    let mut reports = reports.into_iter();
    let mut best = reports.next()?;
    for report in reports {
        if report.1 < best.1 {
            best = report;
        }
    }
    Some(best)
}

/// One incident from the reports of one event: the first report (by event id), with the
/// most precise place and date among them, the lowest figure of the reports that agree with
/// the highest and the highest, the actors and notes of all, and every source and evidence
/// span. No reports give the default incident.
pub fn combine_reports(mut reports: Vec<Incident>) -> Incident {
    reports.sort_by(|a, b| a.event_id.cmp(&b.event_id));
    // Room for every source and span at once: no trail of outgrown buffers per cluster.
    let sources: usize = reports.iter().map(|r| r.sources.len()).sum();
    let spans: usize = reports.iter().map(|r| r.evidence.len()).sum();
    let when = combined_date(reports.iter().map(|r| (r.event_date, r.time_precision)));
    let mut iter = reports.into_iter();
    let Some(mut out) = iter.next() else {
        return Incident::default();
    };
    out.sources
        .reserve_exact(sources.saturating_sub(out.sources.len()));
    out.evidence
        .reserve_exact(spans.saturating_sub(out.evidence.len()));
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
    if let Some((date, precision)) = when {
        (out.event_date, out.time_precision) = (date, precision);
    }
    // The lowest figure, as ACLED codes it, of the reports that agree with the highest
    // (within a factor of two, as merging asks of two reports): a report that names one
    // victim of six ("the murder of Father X") joined through reports without a toll is
    // no lower estimate of the toll.
    let top = figures.iter().map(|f| f.1).max().unwrap_or(0);
    out.fatalities = figures
        .iter()
        .filter(|f| u64::from(f.1) * 2 >= u64::from(top))
        .map(|f| f.0)
        .min()
        .unwrap_or(0);
    out.fatalities_max = top;
    out
}

/// Synthetic news reports for merge benchmarks and scale tests: `n` incidents over one year
/// in 5 countries of 10 first-level divisions each (one in ten known only to the country),
/// mostly of a few common sub-event types, with every time and place precision, and about
/// a third of them re-reports of an earlier event (other article, date a day off, toll and
/// place a little different). Deterministic.
pub fn synthetic_reports(n: usize) -> Vec<Incident> {
    const COUNTRIES: [(&str, &str, f64, f64); 5] = [
        ("Afghanistan", "AF", 33.0, 65.0),
        ("Mali", "ML", 15.0, -3.0),
        ("Nigeria", "NG", 9.0, 8.0),
        ("Syria", "SY", 35.0, 38.0),
        ("Yemen", "YE", 15.5, 47.5),
    ];
    const COMMON: [SubEventType; 5] = [
        SubEventType::ArmedClash,
        SubEventType::AirDroneStrike,
        SubEventType::Attack,
        SubEventType::PeacefulProtest,
        SubEventType::ShellingArtilleryMissileAttack,
    ];
    let start = NaiveDate::from_ymd_opt(2020, 1, 1).unwrap_or_default();
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move |below: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % below.max(1)
    };
    let mut out: Vec<Incident> = Vec::with_capacity(n);
    for i in 0..n {
        let article = format!("synthetic-{}", i / 3);
        if i > 0 && next(3) == 0 {
            // A re-report of one of the last thousand events.
            let back = 1 + next(1000.min(i as u64)) as usize;
            let mut again = out[i - back].clone();
            again.event_id = format!("{article}-{}", i % 3 + 1);
            again.event_date = again
                .event_date
                .and_then(|d| d.checked_add_days(chrono::Days::new(next(2))));
            again.fatalities += next(2) as u32;
            again.fatalities_max = again.fatalities;
            if let (Some(lat), 0) = (again.latitude, next(2)) {
                again.latitude = Some(lat + 0.05);
            }
            again.sources = vec![article.clone()];
            for e in &mut again.evidence {
                e.article = article.clone();
            }
            out.push(again);
            continue;
        }
        let (country, iso, lat0, lon0) = COUNTRIES[next(5) as usize];
        let sub = if next(4) == 0 {
            SubEventType::ALL[next(SubEventType::ALL.len() as u64) as usize]
        } else {
            COMMON[next(5) as usize]
        };
        let province = next(11);
        let admin1 = if province == 10 {
            String::new()
        } else {
            format!("{iso} province {province}")
        };
        let geo_precision = if admin1.is_empty() {
            GeoPrecision::Province
        } else {
            [
                GeoPrecision::Town,
                GeoPrecision::District,
                GeoPrecision::Province,
            ][next(3) as usize]
        };
        let time_precision = match next(20) {
            0 => TimePrecision::Month,
            1 | 2 => TimePrecision::Week,
            _ => TimePrecision::Day,
        };
        let lat = lat0 + (province as f64 - 5.0) * 0.5 + next(100) as f64 / 200.0;
        let lon = lon0 + next(100) as f64 / 100.0;
        let killed = [0, 0, 1, 2, 3, 5, 8, 12, 20, 40][next(10) as usize] as u32;
        let mut evidence = Vec::new();
        if next(4) != 0 {
            evidence.push(crate::model::Evidence {
                article: article.clone(),
                field: crate::model::EvidenceField::Location,
                start: 10,
                end: 17,
            });
        }
        out.push(Incident {
            event_id: format!("{article}-{}", i % 3 + 1),
            event_date: start.checked_add_days(chrono::Days::new(next(365))),
            time_precision,
            event_type: sub.event_type(),
            sub_event_type: sub,
            country: country.into(),
            iso: iso.into(),
            admin1,
            latitude: Some(lat),
            longitude: Some(lon),
            geo_precision,
            fatalities: killed,
            fatalities_max: killed,
            notes: format!("Synthetic report {i}."),
            sources: vec![article],
            evidence,
            ..Incident::default()
        });
    }
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
    fn a_national_report_coded_in_the_capitals_division_stays_country_level() {
        // Xandia's capital lies in Norvale. A report known only to Xandia is coded there,
        // with Xandia as its location; a report placed in Norvale itself is not it.
        let national = |id: &str, killed: u32| {
            let mut i = incident(id, (2020, 4, 1), "Norvale", killed);
            i.country = "Xandia".into();
            i.location = "Xandia".into();
            i
        };
        let mut provincial = incident("p", (2020, 4, 1), "Norvale", 3);
        provincial.country = "Xandia".into();
        provincial.location = "Norvale".into();
        assert!(national("a", 3).is_country_level());
        assert!(!provincial.is_country_level());
        assert_eq!(
            merge_incidents(vec![national("a", 3), provincial.clone()]).len(),
            2
        );
        // Two national reports with the same toll on the same day are one event.
        assert_eq!(
            merge_incidents(vec![national("a", 3), national("b", 3)]).len(),
            1
        );
        // Without a toll, a report known only to the country never merges.
        assert_eq!(
            merge_incidents(vec![national("a", 0), national("b", 0)]).len(),
            2
        );
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
    fn a_toll_far_below_the_highest_does_not_lower_the_minimum() {
        // Chained through a report without a toll: 6 and 1 never agree, 0 agrees with both.
        let combined = combine_reports(vec![
            incident("a", (2020, 4, 1), "Helmand", 6),
            incident("b", (2020, 4, 1), "Helmand", 0),
            incident("c", (2020, 4, 1), "Helmand", 1),
        ]);
        assert_eq!((combined.fatalities, combined.fatalities_max), (6, 6));
    }

    #[test]
    fn a_report_without_a_toll_does_not_bridge_tolls_that_disagree() {
        // 1 and 8 killed are two events; the report without a toll matches both, so it
        // stays apart; 9 agrees with 8 and joins it.
        let merged = merge_incidents(vec![
            incident("a", (2020, 4, 1), "Helmand", 1),
            incident("b", (2020, 4, 1), "Helmand", 0),
            incident("c", (2020, 4, 1), "Helmand", 8),
            incident("d", (2020, 4, 1), "Helmand", 9),
        ]);
        let mut groups: Vec<(Vec<String>, u32)> = merged
            .iter()
            .map(|m| (m.sources.clone(), m.fatalities))
            .collect();
        groups.sort();
        assert_eq!(
            groups,
            vec![
                (vec!["a.txt".to_string()], 1),
                (vec!["b.txt".to_string()], 0),
                (vec!["c.txt".to_string(), "d.txt".to_string()], 8),
            ]
        );
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

    /// A report known only to the province matches a town report in each of two towns
    /// far apart: it joins neither, and the towns stay two events. With one of the towns
    /// alone, it joins that town's event.
    #[test]
    fn a_vague_report_does_not_bridge_towns_far_apart() {
        let town = |id: &str, (lat, lon): (f64, f64)| {
            let mut t = incident(id, (2020, 4, 1), "Helmand", 1);
            t.geo_precision = GeoPrecision::Town;
            (t.latitude, t.longitude) = (Some(lat), Some(lon));
            t
        };
        let lashkar_gah = town("a", (31.59, 64.37));
        let sangin = town("b", (32.07, 64.83));
        let also_lashkar_gah = town("c", (31.60, 64.36));
        let province = incident("d", (2020, 4, 1), "Helmand", 1);
        let all = vec![
            lashkar_gah.clone(),
            sangin.clone(),
            also_lashkar_gah.clone(),
            province.clone(),
        ];
        let merged = merge_incidents(all.clone());
        let sources: Vec<Vec<String>> = merged.iter().map(|m| m.sources.clone()).collect();
        assert_eq!(merged.len(), 3, "{sources:?}");
        assert!(sources.contains(&vec!["a.txt".to_string(), "c.txt".to_string()]));
        assert!(sources.contains(&vec!["d.txt".to_string()]));
        agree(all);
        let one_town = merge_incidents(vec![lashkar_gah, province, also_lashkar_gah]);
        assert_eq!(one_town.len(), 1);
    }

    /// A report dated only by its month matches a report of the 1st and one of the 9th at
    /// the same place: it joins neither, and the days stay two events. With one of the days
    /// alone, it joins that day's event; a second report of that day joins it too.
    #[test]
    fn a_vaguer_date_does_not_bridge_two_days() {
        let first = incident("a", (2020, 4, 1), "Helmand", 3);
        let ninth = incident("b", (2020, 4, 9), "Helmand", 3);
        let also_first = incident("c", (2020, 4, 1), "Helmand", 3);
        let mut in_april = incident("d", (2020, 4, 1), "Helmand", 3);
        in_april.time_precision = TimePrecision::Month;
        let all = vec![
            first.clone(),
            ninth.clone(),
            also_first.clone(),
            in_april.clone(),
        ];
        let merged = merge_incidents(all.clone());
        let sources: Vec<Vec<String>> = merged.iter().map(|m| m.sources.clone()).collect();
        assert_eq!(merged.len(), 3, "{sources:?}");
        assert!(sources.contains(&vec!["a.txt".to_string(), "c.txt".to_string()]));
        assert!(sources.contains(&vec!["b.txt".to_string()]));
        assert!(sources.contains(&vec!["d.txt".to_string()]));
        agree(all);
        let one_day = merge_incidents(vec![first, in_april, also_first]);
        assert_eq!(one_day.len(), 1);
    }

    /// Whether the blocked merge and the all-pairs oracle agree on these reports.
    fn agree(incidents: Vec<Incident>) {
        let blocked = merge_incidents(incidents.clone());
        let spilled = crate::spill::merge_through_spill(&incidents);
        let oracle = merge_incidents_all_pairs(incidents);
        assert_eq!(blocked, oracle);
        assert_eq!(spilled, oracle);
    }

    #[test]
    fn blocked_merge_equals_all_pairs_at_the_edges_of_its_blocks() {
        use crate::model::TimePrecision::{Day, Month, Week};
        // (precision a, date a, precision b, date b, admin1 b, merged?)
        let rows: [(TimePrecision, u32, TimePrecision, u32, &str, bool); 10] = [
            (Day, 1, Day, 1, "Helmand", true),
            (Day, 1, Day, 2, "Helmand", false),
            (Day, 1, Week, 4, "Helmand", true),
            (Day, 1, Week, 5, "Helmand", false),
            (Week, 10, Day, 7, "Helmand", true),
            (Week, 10, Week, 13, "Helmand", true),
            (Month, 1, Day, 31, "Helmand", true),
            (Day, 31, Month, 1, "Helmand", true),
            (Week, 1, Month, 31, "Helmand", true),
            (Day, 1, Day, 1, "Kandahar", false),
        ];
        for (pa, da, pb, db, admin1, merged) in rows {
            let mut a = incident("a", (2020, 3, da), "Helmand", 4);
            let mut b = incident("b", (2020, 3, db), admin1, 4);
            a.time_precision = pa;
            b.time_precision = pb;
            let expected = if merged { 1 } else { 2 };
            let row = format!("{pa:?} {da} / {pb:?} {db} {admin1}");
            assert_eq!(
                merge_incidents(vec![a.clone(), b.clone()]).len(),
                expected,
                "{row}"
            );
            agree(vec![a, b]);
        }
    }

    #[test]
    fn blocked_merge_equals_all_pairs_on_synthetic_reports() {
        let reports = synthetic_reports(3_000);
        let merged = merge_incidents(reports.clone());
        // The re-reports do merge (about a third of the reports are re-reports).
        assert!(
            merged.len() < 2_700 && merged.len() > 1_800,
            "{}",
            merged.len()
        );
        agree(reports);
    }

    mod generated {
        use super::*;
        use crate::model::{Evidence, EvidenceField};
        use proptest::prelude::*;

        /// A report from small domains, so that many pairs are candidates.
        fn report() -> impl Strategy<Value = Incident> {
            (
                (0usize..3, 0usize..2, 0usize..3, 0usize..3),
                (proptest::option::weighted(0.9, 0u64..50), 0usize..3),
                (0usize..3, 0u32..3, 0u32..3, 0u32..12),
                (any::<bool>(), 0usize..4),
            )
                .prop_map(
                    |(
                        (sub, iso, admin1, id),
                        (day, time),
                        (geo, lat, lon, killed),
                        (stated, extra),
                    )| {
                        let sub = [
                            SubEventType::ArmedClash,
                            SubEventType::AirDroneStrike,
                            SubEventType::Attack,
                        ][sub];
                        let start = NaiveDate::from_ymd_opt(2020, 1, 1).unwrap_or_default();
                        let article = format!("art{id}");
                        let mut evidence = Vec::new();
                        if stated {
                            evidence.push(Evidence {
                                article: article.clone(),
                                field: EvidenceField::Location,
                                start: 0,
                                end: 5,
                            });
                        }
                        Incident {
                            // Few ids, so that ties in the output order are tested too.
                            event_id: format!("{article}-1"),
                            event_date: day
                                .and_then(|d| start.checked_add_days(chrono::Days::new(d))),
                            time_precision: PRECISIONS[time],
                            event_type: sub.event_type(),
                            sub_event_type: sub,
                            iso: ["AF", "ML"][iso].into(),
                            admin1: ["", "Helmand", "Kunduz"][admin1].into(),
                            latitude: Some(31.5 + f64::from(lat) * 0.15),
                            longitude: Some(64.3 + f64::from(lon) * 0.15),
                            geo_precision: [
                                GeoPrecision::Town,
                                GeoPrecision::District,
                                GeoPrecision::Province,
                            ][geo],
                            fatalities: killed,
                            fatalities_max: killed + u32::from(extra == 0) * killed,
                            notes: format!("report {extra}"),
                            sources: vec![article],
                            evidence,
                            ..Incident::default()
                        }
                    },
                )
        }

        proptest! {
            #[test]
            fn blocked_merge_equals_all_pairs(reports in proptest::collection::vec(report(), 0..60)) {
                let blocked = merge_incidents(reports.clone());
                let spilled = crate::spill::merge_through_spill(&reports);
                let oracle = merge_incidents_all_pairs(reports);
                prop_assert_eq!(&blocked, &oracle);
                prop_assert_eq!(spilled, oracle);
            }
        }
    }
}
