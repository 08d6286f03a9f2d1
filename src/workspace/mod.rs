//! The analyst's workspace: one SQLite file (`.imap`) that keeps every article read, every
//! incident found, the analyst's review of each (status, corrected fields), and the
//! append-only log of corrections, so work survives restarts, crashes and better extractors.
//!
//! # Workflow
//!
//! 1. [`Workspace::import`] articles (and ACLED exports): each new article is extracted and
//!    its incidents merged with those already there; importing again adds nothing twice.
//! 2. Review: [`Workspace::review_queue`] gives the least confident incidents first;
//!    [`Workspace::apply_edit`], [`Workspace::set_status`], [`Workspace::merge`],
//!    [`Workspace::split`], [`Workspace::add_incident`] (or
//!    [`Workspace::add_incident_from_selection`], for an incident the extractor missed in
//!    an article) and [`Workspace::delete_incident`] correct them, each committed at once; [`Workspace::undo`] and [`Workspace::redo`]
//!    work across restarts.
//! 3. A better extractor: [`Workspace::reextract`] replaces the machine's values and keeps
//!    every field a person set.
//! 4. [`Workspace::export`] the incidents (CSV, JSON Lines, GeoJSON, with review status and
//!    confidence) and [`Workspace::export_corrections`] the corrections as a gold set;
//!    [`Workspace::agreement`] tells how often the analyst left each field as coded.
//!
//! # The file
//!
//! Tables (see [`schema`] for the SQL and the migrations between versions): `articles`
//! (id, title, date, source, url, path, text, sha256 content hash, import time), `incidents`
//! (every field of [`crate::model::Incident`], ACLED's `admin3` and other columns, review
//! status, confidence, the fields a person set, origin, extractor version, the
//! `not_refound` flag), `sources` (which article gave which coding of an incident, with the
//! extractor version), `evidence` (spans of each source), `actions`, `corrections` and
//! `action_states` (the append-only history), FTS5 indexes over article text and incident
//! notes, and an R*Tree over incident coordinates. The file is in WAL mode: readers never
//! wait for a writer, and a process killed at any moment loses at most the transaction in
//! flight, never the file. Edits are committed with `synchronous = FULL`; imports and
//! re-extractions with `NORMAL` (a power cut may lose their last articles, which the next
//! import adds again).
//!
//! # Threads
//!
//! A [`Workspace`] is one connection, used from one thread at a time. The app opens a
//! second [`Workspace`] on the same file for a background import: the two take turns at
//! writing (each import transaction is one article), and reads never block.
//!
//! ```
//! use incident_map::workspace::{StatusFilter, Workspace};
//! use incident_map::model::Incident;
//! use incident_map::taxonomy::SubEventType;
//!
//! let dir = tempfile::tempdir()?;
//! let mut ws = Workspace::open(&dir.path().join("work.imap"))?;
//! let mut incident = Incident { fatalities: 2, fatalities_max: 2, ..Incident::default() };
//! incident.set_type(SubEventType::Grenade);
//! let id = ws.add_incident(incident)?;
//! ws.apply_edit(&id, &[("fatalities", "3"), ("status", "accepted")])?;
//! assert_eq!(ws.incident(&id)?.incident.fatalities, 3);
//! ws.undo()?;
//! assert_eq!(ws.incident(&id)?.incident.fatalities, 2);
//! assert_eq!(ws.review_queue(StatusFilter::All, 0, 50)?.len(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod acled;
mod combine;
mod edit;
mod error;
mod export;
mod history;
mod import;
mod query;
mod record;
mod reextract;
pub mod schema;
mod selection;
mod source;
mod stats;

use std::path::{Path, PathBuf};
use std::time::Duration;

use chrono::{DateTime, SecondsFormat, Utc};
use rusqlite::{Connection, OpenFlags, Transaction, TransactionBehavior};

pub use acled::{ACLED_COLUMNS, ACLED_VERSION};
pub use edit::{ANALYST_VERSION, EditOutcome};
pub use error::{Result, WorkspaceError};
pub use export::WORKSPACE_COLUMNS;
pub use history::{ActionInfo, Correction, CorrectionKind};
pub use import::{ImportSummary, RunOptions, content_hash};
pub use query::{ArticleInfo, BoundingBox, Counts, MapPoint, StatusFilter};
pub use record::{Field, IncidentRecord, Origin, check_consistency, parse_date};
pub use reextract::ReextractSummary;
pub use selection::{incident_from_selection, sentence_range};
pub use source::{BATCH_ARTICLES, IncidentExtractor};
pub use stats::{Agreement, FieldAgreement};

use crate::model::Incident;
use crate::taxonomy::ReviewStatus;

/// The extractor's revision within a crate version. Bump it whenever a change to
/// `src/extract`, `src/text`, `src/gazetteer`, `data/triggers.tsv` or the gazetteer data
/// changes what the extractor finds, without a new crate version: it is stored with every
/// incident (see [`extractor_version`]), so a workspace tells which extractor coded what,
/// and `incident-map reextract` brings old codings up to date.
pub const EXTRACTOR_REVISION: u32 = 1;

/// The version stored with every extracted coding: the crate version and
/// [`EXTRACTOR_REVISION`], as `0.1.0+r1`.
pub fn extractor_version() -> String {
    format!("{}+r{EXTRACTOR_REVISION}", env!("CARGO_PKG_VERSION"))
}

/// The file extension of workspaces.
pub const EXTENSION: &str = "imap";

/// True when a path names a workspace file (ends in `.imap`).
pub fn is_workspace_path(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case(EXTENSION))
}

/// Where time comes from (tests pass a fixed clock).
pub type Clock = fn() -> DateTime<Utc>;

/// A time as stored: RFC 3339, UTC, milliseconds.
pub(crate) fn timestamp(clock: Clock) -> String {
    clock().to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// How long a write waits for another process's transaction before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// An open workspace file (see the module doc).
pub struct Workspace {
    conn: Connection,
    path: PathBuf,
    clock: Clock,
}

impl std::fmt::Debug for Workspace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Workspace")
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

impl Workspace {
    /// Opens a workspace, creating the file when it does not exist, and brings its schema
    /// up to date. Reads no article or incident.
    pub fn open(path: &Path) -> Result<Workspace> {
        Workspace::open_with(path, true)
    }

    /// Opens an existing workspace (an error when there is no file).
    pub fn open_existing(path: &Path) -> Result<Workspace> {
        if !path.is_file() {
            return Err(WorkspaceError::Missing(path.to_path_buf()));
        }
        Workspace::open_with(path, false)
    }

    fn open_with(path: &Path, create: bool) -> Result<Workspace> {
        let failed = |source| WorkspaceError::Open {
            path: path.to_path_buf(),
            source,
        };
        let mut flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        if create {
            flags |= OpenFlags::SQLITE_OPEN_CREATE;
        }
        let mut conn = Connection::open_with_flags(path, flags).map_err(failed)?;
        conn.busy_timeout(BUSY_TIMEOUT).map_err(failed)?;
        // The first read tells whether this is a database at all.
        let not_ours = |reason: String| WorkspaceError::NotAWorkspace {
            path: path.to_path_buf(),
            reason,
        };
        let application_id: i32 = conn
            .query_row("PRAGMA application_id", [], |r| r.get(0))
            .map_err(|e| not_ours(e.to_string()))?;
        let tables: i64 = conn
            .query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))
            .map_err(|e| not_ours(e.to_string()))?;
        if application_id != schema::APPLICATION_ID && tables > 0 {
            return Err(not_ours(
                "it is an SQLite database of another program".into(),
            ));
        }
        let mode: String = conn
            .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
            .map_err(failed)?;
        if !mode.eq_ignore_ascii_case("wal") {
            log::warn!("{}: journal mode {mode}, not WAL", path.display());
        }
        conn.execute_batch("PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL;")
            .map_err(failed)?;
        schema::migrate(&mut conn, path)?;
        Ok(Workspace {
            conn,
            path: path.to_path_buf(),
            clock: Utc::now,
        })
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file's schema version (after the migrations run at open).
    pub fn schema_version(&self) -> Result<u32> {
        schema::version(&self.conn)
    }

    /// Uses another clock for the times written to the log (tests).
    pub fn set_clock(&mut self, clock: Clock) {
        self.clock = clock;
    }

    /// Now, as stored.
    fn now(&self) -> String {
        timestamp(self.clock)
    }

    /// A write transaction that takes the write lock at once (so it never fails half way
    /// for another writer).
    fn write_transaction(&mut self) -> Result<Transaction<'_>> {
        Ok(self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?)
    }

    /// Undoes the latest action not undone yet. Returns what was undone,
    /// none when there is nothing to undo.
    pub fn undo(&mut self) -> Result<Option<ActionInfo>> {
        let now = self.now();
        let tx = self.write_transaction()?;
        let (undo, _) = history::stacks(&tx)?;
        let Some(&target) = undo.last() else {
            return Ok(None);
        };
        let info = history::action_info(&tx, target)?;
        history::revert(&tx, target, CorrectionKind::Undo, &now)?;
        tx.commit()?;
        Ok(info)
    }

    /// Redoes the latest undone action, unless a new action came after it. Returns what was
    /// redone (the action originally done), none when there is nothing to redo.
    pub fn redo(&mut self) -> Result<Option<ActionInfo>> {
        let now = self.now();
        let tx = self.write_transaction()?;
        let (_, redo) = history::stacks(&tx)?;
        let Some(&target) = redo.last() else {
            return Ok(None);
        };
        let original: Option<i64> =
            tx.query_row("SELECT reverts FROM actions WHERE id = ?1", [target], |r| {
                r.get(0)
            })?;
        let info = match original {
            Some(id) => history::action_info(&tx, id)?,
            None => None,
        };
        history::revert(&tx, target, CorrectionKind::Redo, &now)?;
        tx.commit()?;
        Ok(info)
    }

    /// What [`Workspace::undo`] would undo.
    pub fn next_undo(&self) -> Result<Option<ActionInfo>> {
        let (undo, _) = history::stacks(&self.conn)?;
        match undo.last() {
            Some(&id) => history::action_info(&self.conn, id),
            None => Ok(None),
        }
    }

    /// What [`Workspace::redo`] would redo (the action originally done).
    pub fn next_redo(&self) -> Result<Option<ActionInfo>> {
        let (_, redo) = history::stacks(&self.conn)?;
        let Some(&id) = redo.last() else {
            return Ok(None);
        };
        let original: Option<i64> =
            self.conn
                .query_row("SELECT reverts FROM actions WHERE id = ?1", [id], |r| {
                    r.get(0)
                })?;
        match original {
            Some(id) => history::action_info(&self.conn, id),
            None => Ok(None),
        }
    }

    /// Every line of the corrections log, oldest first.
    pub fn corrections(&self) -> Result<Vec<Correction>> {
        history::corrections(&self.conn)
    }

    /// Stores incidents coded elsewhere as they are, without sources, matching or history,
    /// in one transaction (bulk loads for tools, tests and benchmarks). Returns how many.
    pub fn insert_coded_incidents(
        &mut self,
        incidents: impl IntoIterator<Item = Incident>,
        status: ReviewStatus,
    ) -> Result<usize> {
        let now = self.now();
        let tx = self.write_transaction()?;
        let mut count = 0;
        for mut incident in incidents {
            incident.review_status = status;
            incident.event_id = edit::unique_event_id(&tx, &incident.event_id)?;
            let record = IncidentRecord::new(incident, Origin::Acled, ACLED_VERSION);
            edit::insert_row(&tx, record, &now)?;
            count += 1;
        }
        tx.commit()?;
        Ok(count)
    }

    /// Runs `PRAGMA integrity_check`: `ok`, or what is wrong.
    pub fn integrity_check(&self) -> Result<String> {
        let lines: Vec<String> = self
            .conn
            .prepare("PRAGMA integrity_check")?
            .query_map([], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        Ok(lines.join("\n"))
    }
}
