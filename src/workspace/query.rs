//! Reading a workspace: counts, the review queue, one incident, articles (their text only
//! when asked), text search (FTS5) and the map's bounding-box query (R*Tree).

use std::collections::BTreeMap;
use std::str::FromStr;

use chrono::NaiveDate;
use rusqlite::{OptionalExtension, params};
use serde::{Deserialize, Serialize};

use super::Workspace;
use super::error::{Result, WorkspaceError};
use super::record::{
    IncidentRecord, ROW_COLUMNS, RowState, complete, load_sources, num_of, parse_date, read_row,
};
use crate::taxonomy::{EventType, ReviewStatus, SubEventType, UnknownTerm};

/// Which incidents a query or an export covers, by review status. Merged-away and deleted
/// incidents are never shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum StatusFilter {
    /// Every status but `rejected` (what exports give by default).
    #[default]
    NotRejected,
    /// Every status, `rejected` too.
    All,
    /// One status.
    Only(ReviewStatus),
}

impl StatusFilter {
    /// The SQL condition (on `incidents`) and its parameter.
    fn condition(self) -> (&'static str, Option<&'static str>) {
        match self {
            StatusFilter::NotRejected => ("review_status != ?2", Some("rejected")),
            StatusFilter::All => ("?2 IS NULL", None),
            StatusFilter::Only(s) => ("review_status = ?2", Some(s.as_str())),
        }
    }
}

impl FromStr for StatusFilter {
    type Err = UnknownTerm;
    /// `all`, or a review status.
    fn from_str(text: &str) -> Result<StatusFilter, UnknownTerm> {
        if text.trim().eq_ignore_ascii_case("all") {
            return Ok(StatusFilter::All);
        }
        text.parse::<ReviewStatus>()
            .map(StatusFilter::Only)
            .map_err(|mut e| {
                e.expected = format!("all, {}", e.expected);
                e
            })
    }
}

/// How many articles and incidents a workspace holds.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Counts {
    /// Articles (ACLED rows included: each is the article of its incident).
    pub articles: u64,
    /// Shown incidents per review status (every status present, zero or not).
    pub by_status: BTreeMap<ReviewStatus, u64>,
}

impl Counts {
    /// Shown incidents of every status.
    pub fn incidents(&self) -> u64 {
        self.by_status.values().sum()
    }

    /// Shown incidents of one status.
    pub fn of(&self, status: ReviewStatus) -> u64 {
        self.by_status.get(&status).copied().unwrap_or(0)
    }
}

/// An article without its text (ask [`Workspace::article_text`] for that).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArticleInfo {
    /// The article id (file name, JSON id, or ACLED event id).
    pub id: String,
    /// `article`, or `acled` for the notes of an ACLED row.
    pub kind: String,
    /// Headline.
    pub title: Option<String>,
    /// Publication date.
    pub date: Option<NaiveDate>,
    /// Outlet.
    pub source: Option<String>,
    /// Where it was published.
    pub url: Option<String>,
    /// The file it was imported from.
    pub path: Option<String>,
    /// sha256 of the text (of the whole row for ACLED rows), hexadecimal.
    pub content_hash: String,
    /// When it was imported (RFC 3339, UTC).
    pub imported_at: String,
}

/// A bounding box in degrees.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct BoundingBox {
    /// Southern edge.
    pub min_lat: f64,
    /// Northern edge.
    pub max_lat: f64,
    /// Western edge.
    pub min_lon: f64,
    /// Eastern edge.
    pub max_lon: f64,
}

/// What the map needs of an incident.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MapPoint {
    /// Event id.
    pub event_id: String,
    /// Latitude.
    pub latitude: f64,
    /// Longitude.
    pub longitude: f64,
    /// Event type.
    pub event_type: EventType,
    /// Sub-event type.
    pub sub_event_type: SubEventType,
    /// Fatalities.
    pub fatalities: u32,
    /// Review status.
    pub review_status: ReviewStatus,
}

const ARTICLE_COLUMNS: &str = "id, kind, title, date, source, url, path, content_hash, imported_at";

fn read_article(r: &rusqlite::Row<'_>) -> rusqlite::Result<ArticleInfo> {
    let date: Option<String> = r.get(3)?;
    Ok(ArticleInfo {
        id: r.get(0)?,
        kind: r.get(1)?,
        title: r.get(2)?,
        date: date.as_deref().and_then(parse_date),
        source: r.get(4)?,
        url: r.get(5)?,
        path: r.get(6)?,
        content_hash: r.get(7)?,
        imported_at: r.get(8)?,
    })
}

/// An FTS5 query matching every word of `text` (each quoted, so no word is syntax).
fn fts_query(text: &str) -> Option<String> {
    let words: Vec<String> = text
        .split_whitespace()
        .map(|w| format!("\"{}\"", w.replace('"', "\"\"")))
        .collect();
    (!words.is_empty()).then(|| words.join(" "))
}

impl Workspace {
    /// Articles, and shown incidents per review status (read from counters the database
    /// keeps, so this costs the same for ten incidents or a million).
    pub fn counts(&self) -> Result<Counts> {
        let mut counts = Counts {
            articles: 0,
            by_status: ReviewStatus::ALL.iter().map(|s| (*s, 0)).collect(),
        };
        let mut stmt = self.conn.prepare_cached("SELECT name, n FROM counters")?;
        let rows: Vec<(String, i64)> = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?;
        for (name, n) in rows {
            let n = u64::try_from(n).unwrap_or(0);
            if name == "articles" {
                counts.articles = n;
            } else if let Some(status) = name.strip_prefix("incidents:active:") {
                let status: ReviewStatus = status.parse().map_err(|_| {
                    WorkspaceError::Damaged(format!("bad review_status in counter {name:?}"))
                })?;
                counts.by_status.insert(status, n);
            }
        }
        Ok(counts)
    }

    /// A page of the review queue: shown incidents of the filter's statuses, least
    /// confident first (then oldest first), `limit` from `offset`.
    pub fn review_queue(
        &self,
        filter: StatusFilter,
        offset: usize,
        limit: usize,
    ) -> Result<Vec<IncidentRecord>> {
        let (condition, value) = filter.condition();
        let sql = format!(
            "SELECT {ROW_COLUMNS} FROM incidents WHERE state = ?1 AND {condition} \
             ORDER BY confidence, num LIMIT ?3 OFFSET ?4"
        );
        self.records(
            &sql,
            params![
                RowState::Active.as_str(),
                value,
                limit as i64,
                offset as i64
            ],
        )
    }

    /// Every shown incident of the filter's statuses, by date (undated first) then event id.
    pub fn incidents(&self, filter: StatusFilter) -> Result<Vec<IncidentRecord>> {
        let (condition, value) = filter.condition();
        let sql = format!(
            "SELECT {ROW_COLUMNS} FROM incidents WHERE state = ?1 AND {condition} \
             ORDER BY coalesce(event_date, ''), event_id"
        );
        self.records(&sql, params![RowState::Active.as_str(), value])
    }

    fn records(&self, sql: &str, params: &[&dyn rusqlite::ToSql]) -> Result<Vec<IncidentRecord>> {
        let mut stmt = self.conn.prepare_cached(sql)?;
        let mut rows = stmt.query(params)?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            let row = read_row(row)?;
            let sources = load_sources(&self.conn, row.num)?;
            out.push(complete(&row, &sources));
        }
        Ok(out)
    }

    /// One incident, shown or not (a merged-away or deleted one too).
    pub fn incident(&self, event_id: &str) -> Result<IncidentRecord> {
        let num = num_of(&self.conn, event_id)?
            .ok_or_else(|| WorkspaceError::UnknownIncident(event_id.to_string()))?;
        super::record::load_record(&self.conn, num)?
            .map(|(_, record)| record)
            .ok_or_else(|| WorkspaceError::UnknownIncident(event_id.to_string()))
    }

    /// True when the incident is shown (not merged into another, not deleted).
    pub fn is_shown(&self, event_id: &str) -> Result<bool> {
        Ok(self
            .conn
            .query_row(
                "SELECT state = 'active' FROM incidents WHERE event_id = ?1",
                [event_id],
                |r| r.get(0),
            )
            .optional()?
            .unwrap_or(false))
    }

    /// One article's metadata.
    pub fn article(&self, id: &str) -> Result<ArticleInfo> {
        self.conn
            .query_row(
                &format!("SELECT {ARTICLE_COLUMNS} FROM articles WHERE id = ?1"),
                [id],
                read_article,
            )
            .optional()?
            .ok_or_else(|| WorkspaceError::UnknownArticle(id.to_string()))
    }

    /// Every article's metadata, in import order.
    pub fn articles(&self) -> Result<Vec<ArticleInfo>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {ARTICLE_COLUMNS} FROM articles ORDER BY num"
        ))?;
        Ok(stmt
            .query_map([], read_article)?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// An article's text, read when asked (opening a workspace reads none).
    pub fn article_text(&self, id: &str) -> Result<String> {
        self.conn
            .query_row("SELECT text FROM articles WHERE id = ?1", [id], |r| {
                r.get(0)
            })
            .optional()?
            .ok_or_else(|| WorkspaceError::UnknownArticle(id.to_string()))
    }

    /// The shown incidents an article is a source of, by event id.
    pub fn incidents_of_article(&self, id: &str) -> Result<Vec<String>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT DISTINCT i.event_id FROM sources s JOIN articles a ON a.num = s.article \
             JOIN incidents i ON i.num = s.incident \
             WHERE a.id = ?1 AND i.state = 'active' ORDER BY i.event_id",
        )?;
        Ok(stmt
            .query_map([id], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// Articles whose title or text holds every word of `words` (full-text search), best
    /// first, at most `limit`.
    pub fn search_articles(&self, words: &str, limit: usize) -> Result<Vec<String>> {
        let Some(query) = fts_query(words) else {
            return Ok(Vec::new());
        };
        let mut stmt = self.conn.prepare_cached(
            "SELECT a.id FROM articles_fts f JOIN articles a ON a.num = f.rowid \
             WHERE articles_fts MATCH ?1 ORDER BY rank LIMIT ?2",
        )?;
        Ok(stmt
            .query_map(params![query, limit as i64], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// Shown incidents whose notes hold every word of `words`, best first, at most `limit`.
    pub fn search_incidents(&self, words: &str, limit: usize) -> Result<Vec<String>> {
        let Some(query) = fts_query(words) else {
            return Ok(Vec::new());
        };
        let mut stmt = self.conn.prepare_cached(
            "SELECT i.event_id FROM notes_fts f JOIN incidents i ON i.num = f.rowid \
             WHERE notes_fts MATCH ?1 AND i.state = 'active' ORDER BY rank LIMIT ?2",
        )?;
        Ok(stmt
            .query_map(params![query, limit as i64], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// Shown, placed incidents of the filter's statuses inside a bounding box (R*Tree), at
    /// most `limit`, in no particular order.
    pub fn incidents_in(
        &self,
        bbox: BoundingBox,
        filter: StatusFilter,
        limit: usize,
    ) -> Result<Vec<MapPoint>> {
        let (condition, value) = filter.condition();
        let sql = format!(
            "SELECT i.event_id, i.latitude, i.longitude, i.event_type, i.sub_event_type, \
             i.fatalities, i.review_status \
             FROM incidents_rtree r JOIN incidents i ON i.num = r.num \
             WHERE r.max_lat >= ?3 AND r.min_lat <= ?4 AND r.max_lon >= ?5 AND r.min_lon <= ?6 \
             AND i.latitude BETWEEN ?3 AND ?4 AND i.longitude BETWEEN ?5 AND ?6 \
             AND i.state = ?1 AND {condition} LIMIT ?7"
        );
        let mut stmt = self.conn.prepare_cached(&sql)?;
        type Raw = (String, f64, f64, String, String, i64, String);
        let rows: Vec<Raw> = stmt
            .query_map(
                params![
                    RowState::Active.as_str(),
                    value,
                    bbox.min_lat,
                    bbox.max_lat,
                    bbox.min_lon,
                    bbox.max_lon,
                    limit as i64
                ],
                |r| {
                    Ok((
                        r.get(0)?,
                        r.get(1)?,
                        r.get(2)?,
                        r.get(3)?,
                        r.get(4)?,
                        r.get(5)?,
                        r.get(6)?,
                    ))
                },
            )?
            .collect::<rusqlite::Result<_>>()?;
        rows.into_iter()
            .map(|(event_id, latitude, longitude, t, s, f, status)| {
                let bad =
                    |what: &str, v: &str| WorkspaceError::Damaged(format!("bad {what} {v:?}"));
                Ok(MapPoint {
                    event_type: t.parse().map_err(|_| bad("event_type", &t))?,
                    sub_event_type: s.parse().map_err(|_| bad("sub_event_type", &s))?,
                    review_status: status.parse().map_err(|_| bad("review_status", &status))?,
                    event_id,
                    latitude,
                    longitude,
                    fatalities: u32::try_from(f).unwrap_or(0),
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_filters_parse() {
        assert_eq!("all".parse::<StatusFilter>(), Ok(StatusFilter::All));
        assert_eq!(
            "Rejected".parse::<StatusFilter>(),
            Ok(StatusFilter::Only(ReviewStatus::Rejected))
        );
        let err = "maybe".parse::<StatusFilter>().unwrap_err().to_string();
        assert!(err.contains("all, unreviewed"), "{err}");
    }

    #[test]
    fn search_words_are_quoted() {
        assert_eq!(fts_query("  "), None);
        assert_eq!(fts_query("car \"bomb"), Some("\"car\" \"\"\"bomb\"".into()));
    }
}
