//! The incident store: every incident with column indexes for fast filtering (day number,
//! type, fatalities, a lower-case search text), the filters the app offers, and what a
//! filter pass yields: the visible incidents, counts per sub-event type, and incidents per
//! day for the histogram. Knows nothing of the GUI.

use std::collections::BTreeSet;

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::model::{Incident, SubEventType};

/// The user's filters. `Default` shows everything.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct Filter {
    /// First day shown (inclusive).
    pub date_from: Option<NaiveDate>,
    /// Last day shown (inclusive).
    pub date_to: Option<NaiveDate>,
    /// Hidden sub-event types, as "event_type / sub_event_type".
    pub hidden_types: BTreeSet<String>,
    /// Smallest fatality figure shown.
    pub min_fatalities: u32,
    /// Words that must all occur in the incident's notes, place, actors or type.
    pub text: String,
}

impl Filter {
    /// True when nothing is filtered out.
    pub fn is_clear(&self) -> bool {
        *self == Filter::default()
    }
}

/// The key of a sub-event type in [`Filter::hidden_types`].
pub fn type_key(event_type: &str, sub_event_type: &str) -> String {
    format!("{event_type} / {sub_event_type}")
}

/// Every ACLED (event type, sub-event type) pair, in the codebook's order.
pub fn all_types() -> Vec<(&'static str, &'static str)> {
    SubEventType::ALL
        .iter()
        .map(|s| (s.event_type().as_str(), s.as_str()))
        .collect()
}

/// What a filter pass yields.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FilterResult {
    /// Indexes of the incidents shown, in store order.
    pub visible: Vec<u32>,
    /// Per type index (see [`all_types`]): incidents passing every filter but the type one.
    pub type_counts: Vec<u32>,
    /// Per day from [`Store::first_day`] to [`Store::last_day`]: incidents passing every
    /// filter but the date one.
    pub per_day: Vec<u32>,
}

/// Days are counted from 0001-01-01 (chrono's `num_days_from_ce`); undated incidents get
/// this value and pass date filters only when none is set.
const NO_DAY: i32 = i32::MIN;

/// All incidents and their column indexes.
#[derive(Debug, Clone, Default)]
pub struct Store {
    incidents: Vec<Incident>,
    days: Vec<i32>,
    types: Vec<u16>,
    fatalities: Vec<u32>,
    search: Vec<String>,
    first_day: Option<i32>,
    last_day: Option<i32>,
}

impl Store {
    /// Builds a store over incidents.
    pub fn new(incidents: Vec<Incident>) -> Store {
        let mut store = Store::default();
        for incident in &incidents {
            let day = incident.event_date.map_or(NO_DAY, |d| d.num_days_from_ce());
            store.days.push(day);
            store.types.push(incident.sub_event_type.index() as u16);
            store.fatalities.push(incident.fatalities);
            store.search.push(
                format!(
                    "{} {} {} {} {} {} {} {} {}",
                    incident.notes,
                    incident.location,
                    incident.admin1,
                    incident.admin2,
                    incident.country,
                    incident.actor1,
                    incident.actor2,
                    incident.event_type,
                    incident.sub_event_type
                )
                .to_lowercase(),
            );
            if day != NO_DAY {
                store.first_day = Some(store.first_day.map_or(day, |f| f.min(day)));
                store.last_day = Some(store.last_day.map_or(day, |l| l.max(day)));
            }
        }
        store.incidents = incidents;
        store
    }

    /// All incidents.
    pub fn incidents(&self) -> &[Incident] {
        &self.incidents
    }

    /// One incident.
    pub fn get(&self, index: u32) -> Option<&Incident> {
        self.incidents.get(index as usize)
    }

    /// Number of incidents.
    pub fn len(&self) -> usize {
        self.incidents.len()
    }

    /// True when the store holds no incident.
    pub fn is_empty(&self) -> bool {
        self.incidents.is_empty()
    }

    /// The earliest event date.
    pub fn first_day(&self) -> Option<NaiveDate> {
        self.first_day
            .and_then(NaiveDate::from_num_days_from_ce_opt)
    }

    /// The latest event date.
    pub fn last_day(&self) -> Option<NaiveDate> {
        self.last_day.and_then(NaiveDate::from_num_days_from_ce_opt)
    }

    /// Applies a filter: one pass over the columns.
    pub fn apply(&self, filter: &Filter) -> FilterResult {
        let types = all_types();
        let hidden: Vec<bool> = types
            .iter()
            .map(|(t, s)| filter.hidden_types.contains(&type_key(t, s)))
            .chain(std::iter::once(false))
            .collect();
        let from = filter.date_from.map(|d| d.num_days_from_ce());
        let to = filter.date_to.map(|d| d.num_days_from_ce());
        let query = filter.text.to_lowercase();
        let words: Vec<memchr::memmem::Finder<'_>> = query
            .split_whitespace()
            .map(memchr::memmem::Finder::new)
            .collect();
        let span = match (self.first_day, self.last_day) {
            (Some(f), Some(l)) => (l - f + 1) as usize,
            _ => 0,
        };
        let mut result = FilterResult {
            visible: Vec::new(),
            type_counts: vec![0; types.len() + 1],
            per_day: vec![0; span],
        };
        for i in 0..self.incidents.len() {
            if self.fatalities[i] < filter.min_fatalities {
                continue;
            }
            if !words.is_empty()
                && !words
                    .iter()
                    .all(|w| w.find(self.search[i].as_bytes()).is_some())
            {
                continue;
            }
            let day = self.days[i];
            let in_dates = (from.is_none() && to.is_none())
                || (day != NO_DAY && from.is_none_or(|f| day >= f) && to.is_none_or(|t| day <= t));
            let type_index = self.types[i] as usize;
            let type_shown = !hidden[type_index];
            if in_dates {
                result.type_counts[type_index] += 1;
            }
            if type_shown
                && day != NO_DAY
                && let Some(first) = self.first_day
                && let Some(slot) = result.per_day.get_mut((day - first) as usize)
            {
                *slot += 1;
            }
            if in_dates && type_shown {
                result.visible.push(i as u32);
            }
        }
        result
    }
}

/// A synthetic store for scale tests and benchmarks: `n` incidents spread over Afghanistan
/// and two years, with every type. Deterministic.
pub fn synthetic_incidents(n: usize) -> Vec<Incident> {
    let start = NaiveDate::from_ymd_opt(2019, 1, 1).unwrap_or_default();
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..n)
        .map(|i| {
            let sub = SubEventType::ALL[(next() % SubEventType::ALL.len() as u64) as usize];
            let lat = 29.5 + (next() % 9_000) as f64 / 1000.0;
            let lon = 61.0 + (next() % 14_000) as f64 / 1000.0;
            let fatalities = (next() % 20) as u32;
            Incident {
                event_id: format!("synthetic-{i}"),
                event_date: start.checked_add_days(chrono::Days::new(next() % 730)),
                time_precision: crate::model::TimePrecision::Day,
                event_type: sub.event_type(),
                sub_event_type: sub,
                country: "Afghanistan".into(),
                iso: "AF".into(),
                latitude: Some(lat),
                longitude: Some(lon),
                geo_precision: crate::model::GeoPrecision::from_code(1 + (next() % 3) as u8)
                    .unwrap_or_default(),
                fatalities,
                fatalities_max: fatalities,
                notes: format!("Synthetic incident {i} near {lat:.2}, {lon:.2}"),
                ..Incident::default()
            }
        })
        .collect()
}

/// Day index helper for the histogram: the day `offset` days after `first`.
pub fn day_after(first: NaiveDate, offset: usize) -> Option<NaiveDate> {
    first.checked_add_days(chrono::Days::new(offset as u64))
}

/// The number of days from `first` to `day`.
pub fn days_between(first: NaiveDate, day: NaiveDate) -> i64 {
    i64::from(day.num_days_from_ce()) - i64::from(first.num_days_from_ce())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> Option<NaiveDate> {
        NaiveDate::from_ymd_opt(y, m, d)
    }

    fn store() -> Store {
        let mk = |id: &str, date, t: &str, s: &str, f: u32, notes: &str| Incident {
            event_id: id.into(),
            event_date: date,
            event_type: t.parse().unwrap(),
            sub_event_type: s.parse().unwrap(),
            fatalities: f,
            notes: notes.into(),
            ..Incident::default()
        };
        Store::new(vec![
            mk(
                "a",
                day(2020, 4, 1),
                "Battles",
                "Armed clash",
                3,
                "clash in Kunduz",
            ),
            mk(
                "b",
                day(2020, 4, 2),
                "Explosions/Remote violence",
                "Suicide bomb",
                10,
                "bomb in Kabul",
            ),
            mk(
                "c",
                day(2020, 4, 4),
                "Battles",
                "Armed clash",
                0,
                "fighting in Kabul",
            ),
            mk("d", None, "Strategic developments", "Agreement", 0, "talks"),
        ])
    }

    #[test]
    fn filters_table() {
        let s = store();
        let hide_clash: BTreeSet<String> = [type_key("Battles", "Armed clash")].into();
        // (filter, visible ids)
        let rows: Vec<(Filter, &[&str])> = vec![
            (Filter::default(), &["a", "b", "c", "d"]),
            (
                Filter {
                    date_from: day(2020, 4, 2),
                    ..Filter::default()
                },
                &["b", "c"],
            ),
            (
                Filter {
                    date_to: day(2020, 4, 2),
                    ..Filter::default()
                },
                &["a", "b"],
            ),
            (
                Filter {
                    hidden_types: hide_clash,
                    ..Filter::default()
                },
                &["b", "d"],
            ),
            (
                Filter {
                    min_fatalities: 3,
                    ..Filter::default()
                },
                &["a", "b"],
            ),
            (
                Filter {
                    text: "KABUL bomb".into(),
                    ..Filter::default()
                },
                &["b"],
            ),
        ];
        for (filter, expected) in rows {
            let got: Vec<&str> = s
                .apply(&filter)
                .visible
                .iter()
                .map(|&i| s.incidents()[i as usize].event_id.as_str())
                .collect();
            assert_eq!(got, expected, "{filter:?}");
        }
    }

    #[test]
    fn counts_and_histogram_ignore_their_own_filter() {
        let s = store();
        let clash = all_types()
            .iter()
            .position(|t| *t == ("Battles", "Armed clash"))
            .unwrap_or(0);
        let mut filter = Filter::default();
        filter
            .hidden_types
            .insert(type_key("Battles", "Armed clash"));
        let r = s.apply(&filter);
        assert_eq!(
            r.type_counts[clash], 2,
            "a hidden type still shows its count"
        );
        assert_eq!(
            r.per_day,
            vec![0, 1, 0, 0],
            "the histogram follows the type filter"
        );
        let r = s.apply(&Filter {
            date_from: day(2020, 4, 3),
            ..Filter::default()
        });
        assert_eq!(
            r.per_day,
            vec![1, 1, 0, 1],
            "the histogram ignores the date filter"
        );
        assert_eq!(s.first_day(), day(2020, 4, 1));
        assert_eq!(s.last_day(), day(2020, 4, 4));
    }

    #[test]
    fn synthetic_incidents_are_deterministic_and_typed() {
        let a = synthetic_incidents(1000);
        assert_eq!(a, synthetic_incidents(1000));
        let s = Store::new(a);
        assert_eq!(s.apply(&Filter::default()).visible.len(), 1000);
    }
}
