//! Importing articles and ACLED exports into a workspace.
//!
//! Files are read in order; articles are extracted in parallel batches and each article is
//! then stored in its own transaction, together with its incidents: each incident found in
//! it either joins the shown, extracted incident that reports the same event (the rules of
//! [`crate::dedup::same_incident`]) or becomes a new one. An article already in the
//! workspace (same sha256 of its text) is skipped before extraction, so importing the same
//! files twice, or again after an import was killed half way, adds nothing twice. ACLED
//! exports are stored as coded (see [`super::acled`]), a batch of rows per transaction.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use rusqlite::{Connection, OptionalExtension, Transaction, TransactionBehavior, params};
use serde::Serialize;
use sha2::{Digest, Sha256};

use super::Workspace;
use super::acled::{self, ACLED_VERSION, AcledRow};
use super::combine::{find_same, refresh};
use super::edit::{insert_row, unique_event_id};
use super::error::Result;
use super::record::{IncidentRecord, Origin, SourceRow, num_of, write_source};
use super::source::{self, IncidentExtractor, Item};
use crate::ingest::ImportProblem;
use crate::model::{Article, Evidence, EvidenceField, Incident};

/// ACLED rows stored per transaction.
const ACLED_BATCH: usize = 500;

/// How an import or a re-extraction reports progress and is cancelled.
#[derive(Clone, Copy, Default)]
pub struct RunOptions<'a> {
    /// Called after each article (or ACLED row) is stored, with how many so far.
    pub progress: Option<&'a (dyn Fn(usize) + Sync)>,
    /// Set to stop after the article being stored (what is stored stays).
    pub cancel: Option<&'a AtomicBool>,
}

impl std::fmt::Debug for RunOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RunOptions")
            .field("progress", &self.progress.is_some())
            .field("cancel", &self.cancel.map(|c| c.load(Ordering::Relaxed)))
            .finish()
    }
}

/// What an import did.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ImportSummary {
    /// Articles stored.
    pub articles_added: usize,
    /// Articles skipped because the workspace already had them (same text).
    pub articles_already_present: usize,
    /// New incidents.
    pub incidents_added: usize,
    /// Incidents found that joined one already in the workspace (a new source for it).
    pub incidents_merged: usize,
    /// ACLED rows stored as incidents.
    pub acled_rows_added: usize,
    /// ACLED rows skipped because the workspace already had them.
    pub acled_rows_already_present: usize,
    /// Inputs (files, lines, rows) that could not be read, or were read with a warning.
    pub problems: Vec<ImportProblem>,
    /// True when the import was cancelled before the end.
    pub cancelled: bool,
}

impl ImportSummary {
    /// True when some input was skipped (not just warned about).
    pub fn has_errors(&self) -> bool {
        self.problems.iter().any(|p| !p.recovered)
    }
}

/// sha256 of an article's text, hexadecimal: what makes two articles the same.
pub fn content_hash(text: &str) -> String {
    acled::hex(&Sha256::digest(text.as_bytes()))
}

fn has_hash(conn: &Connection, hash: &str) -> Result<bool> {
    Ok(conn
        .prepare_cached("SELECT 1 FROM articles WHERE content_hash = ?1")?
        .query_row([hash], |_| Ok(()))
        .optional()?
        .is_some())
}

fn has_article_id(conn: &Connection, id: &str) -> Result<bool> {
    Ok(conn
        .prepare_cached("SELECT 1 FROM articles WHERE id = ?1")?
        .query_row([id], |_| Ok(()))
        .optional()?
        .is_some())
}

/// `id`, or `id~2`, `id~3`... whichever no article has (nor `taken`).
fn unique_article_id(conn: &Connection, id: &str, taken: &HashSet<String>) -> Result<String> {
    let free = |c: &str| -> Result<bool> { Ok(!taken.contains(c) && !has_article_id(conn, c)?) };
    if free(id)? {
        return Ok(id.to_string());
    }
    let mut n = 2;
    loop {
        let candidate = format!("{id}~{n}");
        if free(&candidate)? {
            return Ok(candidate);
        }
        n += 1;
    }
}

/// Inserts an article row. Returns its number.
fn insert_article(
    conn: &Connection,
    article: &Article,
    kind: &str,
    path: &Path,
    hash: &str,
    now: &str,
) -> Result<i64> {
    conn.prepare_cached(
        "INSERT INTO articles (id, kind, title, date, source, url, path, text, content_hash, imported_at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )?
    .execute(params![
        article.id,
        kind,
        article.title,
        article.date.map(|d| d.to_string()),
        article.source,
        article.url,
        path.display().to_string(),
        article.text,
        hash,
        now
    ])?;
    Ok(conn.last_insert_rowid())
}

/// Stores one coding of an article: it joins the incident that reports the same event, or
/// becomes a new one. Returns true when it joined one.
pub(crate) fn store_report(
    conn: &Connection,
    article: (i64, &str),
    report: Incident,
    version: &str,
    now: &str,
) -> Result<bool> {
    let mut coded = report;
    coded.review_status = Default::default();
    let source = SourceRow {
        num: 0,
        article: Some(article.0),
        article_id: Some(article.1.to_string()),
        event_id: coded.event_id.clone(),
        extractor_version: version.to_string(),
        coded: coded.clone(),
    };
    match find_same(conn, &coded)? {
        Some(num) => {
            write_source(conn, num, &source)?;
            refresh(conn, num, now)?;
            Ok(true)
        }
        None => {
            coded.event_id = unique_event_id(conn, &coded.event_id)?;
            let record = IncidentRecord::new(coded, Origin::Extracted, version);
            let num = insert_row(conn, record, now)?;
            write_source(conn, num, &source)?;
            Ok(false)
        }
    }
}

impl Workspace {
    /// Imports files and folders of articles (and ACLED exports): reads them, extracts each
    /// new article's incidents with `extractor`, merges them with what the workspace holds,
    /// stores each article in its own transaction. Problems with inputs are in the summary;
    /// an error is returned only when the workspace itself fails.
    pub fn import(
        &mut self,
        paths: &[PathBuf],
        extractor: &dyn IncidentExtractor,
        options: RunOptions<'_>,
    ) -> Result<ImportSummary> {
        let never = AtomicBool::new(false);
        let cancel = options.cancel.unwrap_or(&never);
        let version = extractor.version();
        let clock = self.clock;
        // Bulk work: a commit per article survives a killed process (WAL), not a power cut.
        self.conn.pragma_update(None, "synchronous", "NORMAL")?;
        let conn = &self.conn;
        let mut summary = ImportSummary::default();
        let mut already = 0;
        let mut seen: HashSet<String> = HashSet::new();
        let mut taken: HashSet<String> = HashSet::new();
        let mut prepare = |article: &mut Article| -> Result<bool> {
            let hash = content_hash(&article.text);
            if seen.contains(&hash) || has_hash(conn, &hash)? {
                already += 1;
                return Ok(false);
            }
            seen.insert(hash);
            article.id = unique_article_id(conn, &article.id, &taken)?;
            taken.insert(article.id.clone());
            Ok(true)
        };
        let mut done = 0;
        let mut sink = |item: Item| -> Result<()> {
            match item {
                Item::Problem(p) => summary.problems.push(p),
                Item::Coded(path) => {
                    import_acled_file(conn, &path, &mut summary, clock, cancel, &mut |n| {
                        done += n;
                        if let Some(p) = options.progress {
                            p(done);
                        }
                    })?;
                }
                Item::Article {
                    path,
                    article,
                    incidents,
                } => {
                    let now = super::timestamp(clock);
                    let tx = Transaction::new_unchecked(conn, TransactionBehavior::Immediate)?;
                    let hash = content_hash(&article.text);
                    if has_hash(&tx, &hash)? {
                        summary.articles_already_present += 1;
                        return Ok(());
                    }
                    let num = insert_article(&tx, &article, "article", &path, &hash, &now)?;
                    for report in incidents {
                        if store_report(&tx, (num, &article.id), report, &version, &now)? {
                            summary.incidents_merged += 1;
                        } else {
                            summary.incidents_added += 1;
                        }
                    }
                    tx.commit()?;
                    summary.articles_added += 1;
                    done += 1;
                    if let Some(p) = options.progress {
                        p(done);
                    }
                }
            }
            Ok(())
        };
        let result = source::read_and_extract(
            paths,
            extractor,
            &acled::is_acled_export,
            &mut prepare,
            &mut sink,
            cancel,
        );
        summary.articles_already_present += already;
        summary.cancelled = cancel.load(Ordering::Relaxed);
        self.conn.pragma_update(None, "synchronous", "FULL")?;
        result?;
        Ok(summary)
    }
}

/// Stores the rows of an ACLED export, a batch per transaction.
fn import_acled_file(
    conn: &Connection,
    path: &Path,
    summary: &mut ImportSummary,
    clock: super::Clock,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(usize),
) -> Result<()> {
    let (rows, problems) = acled::read_acled(path);
    summary.problems.extend(problems);
    for batch in rows.chunks(ACLED_BATCH) {
        if cancel.load(Ordering::Relaxed) {
            return Ok(());
        }
        let now = super::timestamp(clock);
        let tx = Transaction::new_unchecked(conn, TransactionBehavior::Immediate)?;
        let mut stored = 0;
        for row in batch {
            match store_acled_row(&tx, path, row, &now)? {
                Ok(true) => stored += 1,
                Ok(false) => summary.acled_rows_already_present += 1,
                Err(problem) => summary.problems.push(problem),
            }
        }
        tx.commit()?;
        summary.acled_rows_added += stored;
        progress(batch.len());
    }
    Ok(())
}

/// Stores one ACLED row. Ok(true) when stored, Ok(false) when already there, or the problem.
fn store_acled_row(
    conn: &Connection,
    path: &Path,
    row: &AcledRow,
    now: &str,
) -> Result<std::result::Result<bool, ImportProblem>> {
    if has_hash(conn, &row.hash)? {
        return Ok(Ok(false));
    }
    let event_id = row.record.incident.event_id.clone();
    if num_of(conn, &event_id)?.is_some() {
        return Ok(Err(ImportProblem {
            path: format!("{}:{}", path.display(), row.line),
            problem: format!(
                "event {event_id} is already in the workspace, coded differently; row skipped"
            ),
            recovered: false,
        }));
    }
    let mut article = row.article.clone();
    article.id = unique_article_id(conn, &article.id, &HashSet::new())?;
    let article_num = insert_article(conn, &article, "acled", path, &row.hash, now)?;
    let mut record = row.record.clone();
    let notes_chars = record.incident.notes.chars().count();
    record.incident.sources = vec![article.id.clone()];
    record.incident.evidence = if notes_chars > 0 {
        vec![Evidence {
            article: article.id.clone(),
            field: EvidenceField::Sentence,
            start: 0,
            end: notes_chars,
        }]
    } else {
        Vec::new()
    };
    let source = SourceRow {
        num: 0,
        article: Some(article_num),
        article_id: Some(article.id.clone()),
        event_id: event_id.clone(),
        extractor_version: ACLED_VERSION.into(),
        coded: record.incident.clone(),
    };
    let num = insert_row(conn, record, now)?;
    write_source(conn, num, &source)?;
    Ok(Ok(true))
}
