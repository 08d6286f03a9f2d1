//! Shared by the workspace tests: a stand-in extractor whose findings are easy to foresee,
//! and article fixtures in the project's own words.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use incident_map::model::{Article, Evidence, EvidenceField, Incident};
use incident_map::taxonomy::{GeoPrecision, SubEventType, TimePrecision};
use incident_map::workspace::IncidentExtractor;

/// One incident per sentence holding `clash`, `attack` or `protest` (a sentence ends with a
/// full stop); the place is the capitalised word after " in ", the toll the first number
/// (plus `extra_deaths`), the date the article's. `ignore` words make it blind to
/// sentences holding them (a "newer" extractor that finds less).
pub struct Fake {
    pub version: &'static str,
    pub extra_deaths: u32,
    pub ignore: &'static [&'static str],
}

pub const OLD: Fake = Fake {
    version: "0.0.1+r1",
    extra_deaths: 1,
    ignore: &[],
};

pub const NEW: Fake = Fake {
    version: "0.0.2+r1",
    extra_deaths: 0,
    ignore: &[],
};

impl IncidentExtractor for Fake {
    fn version(&self) -> String {
        self.version.to_string()
    }

    fn extract(&self, article: &Article) -> Vec<Incident> {
        let mut out = Vec::new();
        let mut start = 0;
        for (n, sentence) in article.text.split_inclusive('.').enumerate() {
            let chars = sentence.chars().count();
            let span = (start, start + chars);
            start += chars;
            let lower = sentence.to_lowercase();
            let sub = if lower.contains("clash") {
                SubEventType::ArmedClash
            } else if lower.contains("attack") {
                SubEventType::Attack
            } else if lower.contains("protest") {
                SubEventType::PeacefulProtest
            } else {
                continue;
            };
            if self.ignore.iter().any(|w| lower.contains(w)) {
                continue;
            }
            let place = sentence
                .split(" in ")
                .nth(1)
                .and_then(|rest| rest.split(|c: char| !c.is_alphabetic()).next())
                .unwrap_or("")
                .to_string();
            let killed: u32 = sentence
                .split(|c: char| !c.is_ascii_digit())
                .find(|w| !w.is_empty())
                .and_then(|w| w.parse().ok())
                .map_or(0, |k: u32| k + self.extra_deaths);
            let mut evidence = vec![Evidence {
                article: article.id.clone(),
                field: EvidenceField::Sentence,
                start: span.0,
                end: span.1,
            }];
            if !place.is_empty() {
                evidence.push(Evidence {
                    article: article.id.clone(),
                    field: EvidenceField::Location,
                    start: span.0,
                    end: span.0 + 1,
                });
            }
            let mut incident = Incident {
                event_id: format!("{}-{}", article.id, n + 1),
                event_date: article.date,
                time_precision: TimePrecision::Day,
                country: "Afghanistan".into(),
                iso: "AF".into(),
                admin1: place.clone(),
                location: place,
                latitude: Some(34.5),
                longitude: Some(69.2),
                geo_precision: GeoPrecision::Province,
                fatalities: killed,
                fatalities_max: killed,
                notes: sentence.trim().to_string(),
                sources: vec![article.id.clone()],
                evidence,
                confidence: 0.1 * (n as f32 + 1.0),
                ..Incident::default()
            };
            incident.set_type(sub);
            out.push(incident);
        }
        out
    }
}

/// Writes a text article with front matter; returns its path.
pub fn write_article(
    dir: &std::path::Path,
    name: &str,
    date: &str,
    text: &str,
) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, format!("---\ndate: {date}\n---\n{text}\n")).unwrap();
    path
}

/// Three articles: a clash in Kandahar told twice (it merges), an attack and a protest.
pub fn three_articles(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    vec![
        write_article(
            dir,
            "a.txt",
            "2021-03-02",
            "Soldiers and fighters clashed for hours in Kandahar and 4 fighters died. \
             Gunmen attacked a bus in Herat, 2 passengers were killed.",
        ),
        write_article(
            dir,
            "b.txt",
            "2021-03-02",
            "A long clash in Kandahar left 4 dead on Tuesday.",
        ),
        write_article(
            dir,
            "c.txt",
            "2021-03-05",
            "Teachers held a protest in Balkh about unpaid wages.",
        ),
    ]
}

/// Checks that the counters the database keeps equal counts of the rows themselves.
pub fn assert_counters_are_true(path: &std::path::Path) {
    let conn = rusqlite::Connection::open(path).unwrap();
    let rows = |sql: &str| -> Vec<(String, i64)> {
        let mut stmt = conn.prepare(sql).unwrap();
        stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    let kept = rows("SELECT name, n FROM counters WHERE n != 0 ORDER BY name");
    let real = rows(
        "SELECT 'articles', count(*) FROM articles HAVING count(*) > 0 \
         UNION ALL SELECT 'incidents:' || state || ':' || review_status, count(*) \
         FROM incidents GROUP BY state, review_status ORDER BY 1",
    );
    assert_eq!(kept, real);
}
