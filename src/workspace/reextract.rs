//! Re-extraction: running a newer extractor over every imported article (ACLED rows and
//! incidents added by hand are left alone) and bringing the workspace's incidents up to
//! date without losing the analyst's work.
//!
//! Each article is handled in its own transaction. What the new extractor finds in it is
//! matched to the sources the article already gives, one to one, in two passes:
//! 1. same article, overlapping evidence sentence span, and the same event type;
//! 2. same article and overlapping sentence span (the new extractor changed the type).
//!
//! A matched source takes the new coding and its incident's machine values are recomputed;
//! every field a person set stays, and so does the review status (a rejected incident stays
//! rejected). A new finding that matches no source is stored as an import would store it
//! (joining the incident that reports the same event, or as a new one). A source the new
//! extractor no longer finds is dropped, unless it is the last source of an incident a
//! person reviewed (accepted, edited or rejected): that incident stays as it was, flagged
//! `not_refound` (exported as a column). An unreviewed incident left without sources is
//! removed.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, Ordering};

use rusqlite::{Connection, Transaction, TransactionBehavior, params};
use serde::Serialize;

use super::Workspace;
use super::combine::refresh;
use super::error::Result;
use super::import::{RunOptions, store_report};
use super::record::{SourceRow, delete_source, load_row, load_sources, write_row, write_source};
use super::source::{self, BATCH_ARTICLES, IncidentExtractor};
use crate::model::{Article, EvidenceField, Incident};
use crate::taxonomy::ReviewStatus;

/// What a re-extraction did.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ReextractSummary {
    /// Articles extracted again.
    pub articles: usize,
    /// Sources found again (their coding replaced by the new extractor's).
    pub refound: usize,
    /// New findings that became new incidents.
    pub incidents_added: usize,
    /// New findings that joined an incident already there.
    pub incidents_merged: usize,
    /// Sources no longer found and dropped.
    pub sources_dropped: usize,
    /// Unreviewed incidents removed because no article reports them any more.
    pub incidents_removed: usize,
    /// Reviewed incidents no longer found, kept and flagged `not_refound`.
    pub kept_not_refound: usize,
    /// True when cancelled before the end.
    pub cancelled: bool,
}

/// Where a headline's spans are put among the text's, so that they only meet headlines'.
const HEADLINE_SPANS_FROM: usize = usize::MAX / 2;

/// The sentence spans (code points) of a coding; a headline's are set apart from the
/// text's (their offsets are in the title).
fn sentences(coded: &Incident) -> Vec<(usize, usize)> {
    coded
        .evidence
        .iter()
        .filter_map(|e| match e.field {
            EvidenceField::Sentence => Some((e.start, e.end)),
            EvidenceField::Headline => {
                Some((HEADLINE_SPANS_FROM + e.start, HEADLINE_SPANS_FROM + e.end))
            }
            _ => None,
        })
        .collect()
}

fn overlap(a: &[(usize, usize)], b: &[(usize, usize)]) -> bool {
    a.iter().any(|x| b.iter().any(|y| x.0 < y.1 && y.0 < x.1))
}

/// Pairs new findings with old sources (indexes), by the two passes of the module doc.
fn match_findings(new: &[Incident], old: &[(i64, SourceRow)]) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    let mut used_new = BTreeSet::new();
    let mut used_old = BTreeSet::new();
    for same_type in [true, false] {
        for (n, finding) in new.iter().enumerate() {
            if used_new.contains(&n) {
                continue;
            }
            let spans = sentences(finding);
            let found = old.iter().enumerate().find(|(o, (_, s))| {
                !used_old.contains(o)
                    && (!same_type || s.coded.event_type == finding.event_type)
                    && overlap(&spans, &sentences(&s.coded))
            });
            if let Some((o, _)) = found {
                used_new.insert(n);
                used_old.insert(o);
                pairs.push((n, o));
            }
        }
    }
    pairs
}

impl Workspace {
    /// Extracts every imported article again with `extractor` and updates the incidents
    /// (see the module doc for what is kept).
    pub fn reextract(
        &mut self,
        extractor: &dyn IncidentExtractor,
        options: RunOptions<'_>,
    ) -> Result<ReextractSummary> {
        let never = AtomicBool::new(false);
        let cancel = options.cancel.unwrap_or(&never);
        let version = extractor.version();
        self.conn.pragma_update(None, "synchronous", "NORMAL")?;
        let result = self.reextract_all(extractor, &version, options, cancel);
        self.conn.pragma_update(None, "synchronous", "FULL")?;
        result
    }

    fn reextract_all(
        &self,
        extractor: &dyn IncidentExtractor,
        version: &str,
        options: RunOptions<'_>,
        cancel: &AtomicBool,
    ) -> Result<ReextractSummary> {
        let nums: Vec<i64> = self
            .conn
            .prepare("SELECT num FROM articles WHERE kind = 'article' ORDER BY num")?
            .query_map([], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        let mut summary = ReextractSummary::default();
        for chunk in nums.chunks(BATCH_ARTICLES) {
            let mut articles = Vec::with_capacity(chunk.len());
            for num in chunk {
                articles.push((*num, load_article(&self.conn, *num)?));
            }
            let list: Vec<Article> = articles.iter().map(|(_, a)| a.clone()).collect();
            let found = source::extract_each(extractor, &list);
            for ((num, article), findings) in articles.into_iter().zip(found) {
                if cancel.load(Ordering::Relaxed) {
                    summary.cancelled = true;
                    return Ok(summary);
                }
                let now = self.now();
                let tx = Transaction::new_unchecked(&self.conn, TransactionBehavior::Immediate)?;
                update_article(
                    &tx,
                    (num, &article.id),
                    findings,
                    version,
                    &now,
                    &mut summary,
                )?;
                tx.commit()?;
                summary.articles += 1;
                if let Some(p) = options.progress {
                    p(summary.articles);
                }
            }
        }
        Ok(summary)
    }
}

fn load_article(conn: &Connection, num: i64) -> Result<Article> {
    Ok(conn.query_row(
        "SELECT id, title, date, source, url, text FROM articles WHERE num = ?1",
        [num],
        |r| {
            let date: Option<String> = r.get(2)?;
            Ok(Article {
                id: r.get(0)?,
                title: r.get(1)?,
                date: date.as_deref().and_then(super::record::parse_date),
                source: r.get(3)?,
                url: r.get(4)?,
                text: r.get(5)?,
            })
        },
    )?)
}

/// Brings one article's sources and incidents up to date with its new findings.
fn update_article(
    conn: &Connection,
    article: (i64, &str),
    findings: Vec<Incident>,
    version: &str,
    now: &str,
    summary: &mut ReextractSummary,
) -> Result<()> {
    // The article's sources, with the incident each belongs to.
    let incidents: Vec<i64> = conn
        .prepare_cached(
            "SELECT DISTINCT incident FROM sources WHERE article = ?1 ORDER BY incident",
        )?
        .query_map(params![article.0], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let mut old: Vec<(i64, SourceRow)> = Vec::new();
    for incident in &incidents {
        for s in load_sources(conn, *incident)? {
            if s.article == Some(article.0) && s.extractor_version != super::edit::ANALYST_VERSION {
                old.push((*incident, s));
            }
        }
    }
    let pairs = match_findings(&findings, &old);
    let matched_new: BTreeSet<usize> = pairs.iter().map(|p| p.0).collect();
    let matched_old: BTreeSet<usize> = pairs.iter().map(|p| p.1).collect();
    let mut touched: BTreeMap<i64, bool> = BTreeMap::new(); // incident -> refound
    for (n, o) in &pairs {
        let (incident, source) = &old[*o];
        let mut updated = source.clone();
        let mut coded = findings[*n].clone();
        coded.review_status = ReviewStatus::default();
        updated.coded = coded;
        updated.extractor_version = version.to_string();
        write_source(conn, *incident, &updated)?;
        touched.insert(*incident, true);
        summary.refound += 1;
    }
    for (o, (incident, source)) in old.iter().enumerate() {
        if matched_old.contains(&o) {
            continue;
        }
        let remaining = load_sources(conn, *incident)?.len();
        let Some(row) = load_row(conn, *incident)? else {
            continue;
        };
        let reviewed = matches!(
            row.record.status(),
            ReviewStatus::Accepted | ReviewStatus::Edited | ReviewStatus::Rejected
        );
        if remaining > 1 || !reviewed {
            delete_source(conn, source.num)?;
            summary.sources_dropped += 1;
            if remaining > 1 {
                touched.entry(*incident).or_insert(false);
            } else {
                conn.prepare_cached("DELETE FROM incidents WHERE num = ?1")?
                    .execute([incident])?;
                touched.remove(incident);
                summary.incidents_removed += 1;
            }
        } else {
            let mut row = row;
            if !row.record.not_refound {
                row.record.not_refound = true;
                write_row(conn, &row, now)?;
            }
            summary.kept_not_refound += 1;
        }
    }
    for (num, refound) in touched {
        refresh(conn, num, now)?;
        if refound
            && let Some(mut row) = load_row(conn, num)?
            && row.record.not_refound
        {
            row.record.not_refound = false;
            write_row(conn, &row, now)?;
        }
    }
    for (n, finding) in findings.into_iter().enumerate() {
        if matched_new.contains(&n) {
            continue;
        }
        if store_report(conn, article, finding, version, now)? {
            summary.incidents_merged += 1;
        } else {
            summary.incidents_added += 1;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Evidence;
    use crate::taxonomy::SubEventType;

    fn finding(sub: SubEventType, span: (usize, usize)) -> Incident {
        let mut i = Incident {
            evidence: vec![Evidence {
                article: "a".into(),
                field: EvidenceField::Sentence,
                start: span.0,
                end: span.1,
            }],
            ..Incident::default()
        };
        i.set_type(sub);
        i
    }

    fn source(coded: Incident) -> SourceRow {
        SourceRow {
            num: 0,
            article: Some(1),
            article_id: Some("a".into()),
            event_id: String::new(),
            extractor_version: String::new(),
            coded,
        }
    }

    #[test]
    fn findings_match_same_type_first_then_same_sentence() {
        let old = vec![
            (1, source(finding(SubEventType::Attack, (0, 50)))),
            (2, source(finding(SubEventType::ArmedClash, (0, 50)))),
            (3, source(finding(SubEventType::Arrests, (100, 150)))),
        ];
        let new = vec![
            finding(SubEventType::ArmedClash, (10, 40)),
            finding(SubEventType::Grenade, (0, 50)),
            finding(SubEventType::Arrests, (200, 250)),
        ];
        let pairs = match_findings(&new, &old);
        // The clash finds the clash (same type) though the attack comes first; the grenade
        // takes the attack's sentence in the second pass; the arrest elsewhere is new.
        assert_eq!(pairs, vec![(0, 1), (1, 0)]);
    }
}
