//! The workspace's tables and the forward migrations between schema versions.
//!
//! The schema version lives in SQLite's `PRAGMA user_version`; a file is marked as a
//! workspace by `PRAGMA application_id` ([`APPLICATION_ID`]). Opening a file runs every
//! migration after its version in order, each in its own transaction that also sets the new
//! version, so a crash mid-migration leaves the file at the version before. Migrations are
//! only ever appended: never edit one that has shipped.
//!
//! Version 1 (the first layout): articles, incidents (ACLED's columns, review status,
//! confidence, the fields a person set, origin, extractor version), sources (which article
//! gave which coding of an incident), evidence spans, and the append-only history (actions,
//! corrections, the incident states each action changed, for undo and redo).
//!
//! Version 2: ACLED's extra columns (`admin3`, and every other column of an ACLED export in
//! `extra` as a JSON object), the `not_refound` flag of re-extraction, full-text search
//! (FTS5) over article text and incident notes, and an R*Tree over incident coordinates for
//! the map's bounding-box queries; both indexes are filled from the rows already there and
//! kept in step by triggers.
//!
//! Version 3: `counters`, the number of articles and of incidents per state and review
//! status, kept by triggers, so that opening a workspace of a million incidents shows its
//! counts without reading them all (a cold count took seconds).

use rusqlite::{Connection, TransactionBehavior};

use super::error::{Result, WorkspaceError};

/// `PRAGMA application_id` of a workspace file: "IMAP" in ASCII.
pub const APPLICATION_ID: i32 = 0x494D_4150;

/// The schema version this build writes.
pub const CURRENT_VERSION: u32 = MIGRATIONS.len() as u32;

/// Migration `i` leads from version `i` to version `i + 1`.
pub const MIGRATIONS: [&str; 3] = [V1, V2, V3];

/// Version 1: the first layout.
pub const V1: &str = r#"
CREATE TABLE articles (
    num          INTEGER PRIMARY KEY AUTOINCREMENT,
    id           TEXT NOT NULL UNIQUE,
    kind         TEXT NOT NULL DEFAULT 'article' CHECK (kind IN ('article', 'acled')),
    title        TEXT,
    date         TEXT,
    source       TEXT,
    url          TEXT,
    path         TEXT,
    text         TEXT NOT NULL,
    content_hash TEXT NOT NULL UNIQUE,
    imported_at  TEXT NOT NULL
);

CREATE TABLE incidents (
    num               INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id          TEXT NOT NULL UNIQUE,
    event_date        TEXT,
    time_precision    INTEGER NOT NULL,
    event_type        TEXT NOT NULL,
    sub_event_type    TEXT NOT NULL,
    actor1            TEXT NOT NULL DEFAULT '',
    actor2            TEXT NOT NULL DEFAULT '',
    country           TEXT NOT NULL DEFAULT '',
    iso               TEXT NOT NULL DEFAULT '',
    admin1            TEXT NOT NULL DEFAULT '',
    admin2            TEXT NOT NULL DEFAULT '',
    location          TEXT NOT NULL DEFAULT '',
    latitude          REAL,
    longitude         REAL,
    geo_precision     INTEGER NOT NULL,
    fatalities        INTEGER NOT NULL DEFAULT 0,
    fatalities_max    INTEGER NOT NULL DEFAULT 0,
    notes             TEXT NOT NULL DEFAULT '',
    confidence        REAL NOT NULL DEFAULT 0,
    review_status     TEXT NOT NULL DEFAULT 'unreviewed',
    human_fields      TEXT NOT NULL DEFAULT '[]',
    origin            TEXT NOT NULL DEFAULT 'extracted',
    extractor_version TEXT NOT NULL DEFAULT '',
    state             TEXT NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'merged', 'deleted')),
    merged_into       INTEGER,
    created_at        TEXT NOT NULL,
    updated_at        TEXT NOT NULL
);
CREATE INDEX incidents_queue ON incidents(state, review_status, confidence, num);
CREATE INDEX incidents_by_confidence ON incidents(state, confidence, num);
CREATE INDEX incidents_matching ON incidents(sub_event_type, iso, admin1, event_date);

CREATE TABLE sources (
    num               INTEGER PRIMARY KEY AUTOINCREMENT,
    incident          INTEGER NOT NULL REFERENCES incidents(num),
    article           INTEGER REFERENCES articles(num),
    event_id          TEXT NOT NULL,
    extractor_version TEXT NOT NULL,
    coded             TEXT NOT NULL
);
CREATE INDEX sources_by_incident ON sources(incident);
CREATE INDEX sources_by_article ON sources(article);

CREATE TABLE evidence (
    source  INTEGER NOT NULL REFERENCES sources(num) ON DELETE CASCADE,
    article TEXT NOT NULL,
    field   TEXT NOT NULL,
    start   INTEGER NOT NULL,
    end     INTEGER NOT NULL
);
CREATE INDEX evidence_by_source ON evidence(source);

CREATE TABLE actions (
    id      INTEGER PRIMARY KEY,
    kind    TEXT NOT NULL,
    time    TEXT NOT NULL,
    reverts INTEGER REFERENCES actions(id)
);

CREATE TABLE corrections (
    id        INTEGER PRIMARY KEY,
    action    INTEGER NOT NULL REFERENCES actions(id),
    incident  TEXT NOT NULL,
    field     TEXT NOT NULL,
    old_value TEXT,
    new_value TEXT,
    time      TEXT NOT NULL,
    kind      TEXT NOT NULL
);
CREATE INDEX corrections_by_action ON corrections(action);

CREATE TABLE action_states (
    action   INTEGER NOT NULL REFERENCES actions(id),
    incident INTEGER NOT NULL,
    before   TEXT,
    after    TEXT,
    PRIMARY KEY (action, incident)
);

CREATE TRIGGER actions_append_only_update BEFORE UPDATE ON actions
BEGIN SELECT RAISE(ABORT, 'the history is append-only'); END;
CREATE TRIGGER actions_append_only_delete BEFORE DELETE ON actions
BEGIN SELECT RAISE(ABORT, 'the history is append-only'); END;
CREATE TRIGGER corrections_append_only_update BEFORE UPDATE ON corrections
BEGIN SELECT RAISE(ABORT, 'the corrections log is append-only'); END;
CREATE TRIGGER corrections_append_only_delete BEFORE DELETE ON corrections
BEGIN SELECT RAISE(ABORT, 'the corrections log is append-only'); END;
CREATE TRIGGER action_states_append_only_update BEFORE UPDATE ON action_states
BEGIN SELECT RAISE(ABORT, 'the history is append-only'); END;
CREATE TRIGGER action_states_append_only_delete BEFORE DELETE ON action_states
BEGIN SELECT RAISE(ABORT, 'the history is append-only'); END;
"#;

/// Version 2: ACLED's extra columns, re-extraction's flag, text search and the map index.
pub const V2: &str = r#"
ALTER TABLE incidents ADD COLUMN admin3 TEXT NOT NULL DEFAULT '';
ALTER TABLE incidents ADD COLUMN extra TEXT NOT NULL DEFAULT '{}';
ALTER TABLE incidents ADD COLUMN not_refound INTEGER NOT NULL DEFAULT 0;

CREATE VIRTUAL TABLE articles_fts USING fts5(
    title, text, content='articles', content_rowid='num'
);
CREATE TRIGGER articles_fts_insert AFTER INSERT ON articles BEGIN
    INSERT INTO articles_fts(rowid, title, text) VALUES (new.num, new.title, new.text);
END;
CREATE TRIGGER articles_fts_delete AFTER DELETE ON articles BEGIN
    INSERT INTO articles_fts(articles_fts, rowid, title, text)
    VALUES ('delete', old.num, old.title, old.text);
END;
CREATE TRIGGER articles_fts_update AFTER UPDATE OF title, text ON articles BEGIN
    INSERT INTO articles_fts(articles_fts, rowid, title, text)
    VALUES ('delete', old.num, old.title, old.text);
    INSERT INTO articles_fts(rowid, title, text) VALUES (new.num, new.title, new.text);
END;
INSERT INTO articles_fts(articles_fts) VALUES ('rebuild');

CREATE VIRTUAL TABLE notes_fts USING fts5(notes, content='incidents', content_rowid='num');
CREATE TRIGGER notes_fts_insert AFTER INSERT ON incidents BEGIN
    INSERT INTO notes_fts(rowid, notes) VALUES (new.num, new.notes);
END;
CREATE TRIGGER notes_fts_delete AFTER DELETE ON incidents BEGIN
    INSERT INTO notes_fts(notes_fts, rowid, notes) VALUES ('delete', old.num, old.notes);
END;
CREATE TRIGGER notes_fts_update AFTER UPDATE OF notes ON incidents
WHEN old.notes IS NOT new.notes BEGIN
    INSERT INTO notes_fts(notes_fts, rowid, notes) VALUES ('delete', old.num, old.notes);
    INSERT INTO notes_fts(rowid, notes) VALUES (new.num, new.notes);
END;
INSERT INTO notes_fts(notes_fts) VALUES ('rebuild');

CREATE VIRTUAL TABLE incidents_rtree USING rtree(num, min_lat, max_lat, min_lon, max_lon);
CREATE TRIGGER incidents_rtree_insert AFTER INSERT ON incidents
WHEN new.latitude IS NOT NULL AND new.longitude IS NOT NULL BEGIN
    INSERT INTO incidents_rtree VALUES
        (new.num, new.latitude, new.latitude, new.longitude, new.longitude);
END;
CREATE TRIGGER incidents_rtree_delete AFTER DELETE ON incidents BEGIN
    DELETE FROM incidents_rtree WHERE num = old.num;
END;
CREATE TRIGGER incidents_rtree_update AFTER UPDATE OF latitude, longitude ON incidents
WHEN old.latitude IS NOT new.latitude OR old.longitude IS NOT new.longitude BEGIN
    DELETE FROM incidents_rtree WHERE num = old.num;
    INSERT INTO incidents_rtree
        SELECT new.num, new.latitude, new.latitude, new.longitude, new.longitude
        WHERE new.latitude IS NOT NULL AND new.longitude IS NOT NULL;
END;
INSERT INTO incidents_rtree
    SELECT num, latitude, latitude, longitude, longitude FROM incidents
    WHERE latitude IS NOT NULL AND longitude IS NOT NULL;
"#;

/// Version 3: counts kept by triggers.
pub const V3: &str = r#"
CREATE TABLE counters (name TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
INSERT INTO counters SELECT 'articles', count(*) FROM articles;
INSERT INTO counters SELECT 'incidents:' || state || ':' || review_status, count(*)
    FROM incidents GROUP BY state, review_status;
CREATE TRIGGER counters_article_insert AFTER INSERT ON articles BEGIN
    INSERT INTO counters VALUES ('articles', 1) ON CONFLICT(name) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER counters_article_delete AFTER DELETE ON articles BEGIN
    UPDATE counters SET n = n - 1 WHERE name = 'articles';
END;
CREATE TRIGGER counters_incident_insert AFTER INSERT ON incidents BEGIN
    INSERT INTO counters VALUES ('incidents:' || new.state || ':' || new.review_status, 1)
        ON CONFLICT(name) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER counters_incident_delete AFTER DELETE ON incidents BEGIN
    UPDATE counters SET n = n - 1
        WHERE name = 'incidents:' || old.state || ':' || old.review_status;
END;
CREATE TRIGGER counters_incident_update AFTER UPDATE OF state, review_status ON incidents
WHEN old.state IS NOT new.state OR old.review_status IS NOT new.review_status BEGIN
    UPDATE counters SET n = n - 1
        WHERE name = 'incidents:' || old.state || ':' || old.review_status;
    INSERT INTO counters VALUES ('incidents:' || new.state || ':' || new.review_status, 1)
        ON CONFLICT(name) DO UPDATE SET n = n + 1;
END;
"#;

/// The schema version of an open database.
pub fn version(conn: &Connection) -> Result<u32> {
    let v: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    Ok(u32::try_from(v).unwrap_or(0))
}

/// Runs every migration after the file's version, each in its own transaction. Returns the
/// version the file had before. `path` only names the file in errors.
pub fn migrate(conn: &mut Connection, path: &std::path::Path) -> Result<u32> {
    let before = version(conn)?;
    if before > CURRENT_VERSION {
        return Err(WorkspaceError::TooNew {
            path: path.to_path_buf(),
            found: before,
            known: CURRENT_VERSION,
        });
    }
    for (index, sql) in MIGRATIONS.iter().enumerate() {
        let target = index as u32 + 1;
        let failed = |source| WorkspaceError::Migration {
            version: target,
            source,
        };
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(failed)?;
        // Another process may have migrated between our check and our lock.
        let now: i64 = tx
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(failed)?;
        if now >= i64::from(target) {
            continue;
        }
        tx.execute_batch(sql).map_err(failed)?;
        tx.execute_batch(&format!(
            "PRAGMA user_version = {target}; PRAGMA application_id = {APPLICATION_ID};"
        ))
        .map_err(failed)?;
        tx.commit().map_err(failed)?;
    }
    Ok(before)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_sqlite_has_fts5_and_rtree() {
        let conn = Connection::open_in_memory().unwrap();
        let options: Vec<String> = conn
            .prepare("PRAGMA compile_options")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert!(options.iter().any(|o| o == "ENABLE_FTS5"), "{options:?}");
        assert!(options.iter().any(|o| o == "ENABLE_RTREE"), "{options:?}");
    }

    #[test]
    fn migrations_reach_the_current_version_once() {
        let mut conn = Connection::open_in_memory().unwrap();
        assert_eq!(migrate(&mut conn, "mem".as_ref()).unwrap(), 0);
        assert_eq!(version(&conn).unwrap(), CURRENT_VERSION);
        // Running again is a no-op.
        assert_eq!(migrate(&mut conn, "mem".as_ref()).unwrap(), CURRENT_VERSION);
        let id: i32 = conn
            .query_row("PRAGMA application_id", [], |r| r.get(0))
            .unwrap();
        assert_eq!(id, APPLICATION_ID);
    }

    #[test]
    fn a_newer_file_is_refused() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.execute_batch("PRAGMA user_version = 99").unwrap();
        let err = migrate(&mut conn, "new.imap".as_ref()).unwrap_err();
        assert!(err.to_string().contains("version 99"), "{err}");
    }

    #[test]
    fn the_history_is_append_only() {
        let mut conn = Connection::open_in_memory().unwrap();
        migrate(&mut conn, "mem".as_ref()).unwrap();
        conn.execute(
            "INSERT INTO actions (id, kind, time) VALUES (1, 'edit', 't')",
            [],
        )
        .unwrap();
        conn.execute(
            "INSERT INTO corrections (action, incident, field, time, kind) VALUES (1, 'x', 'f', 't', 'edit')",
            [],
        )
        .unwrap();
        let err = conn.execute("DELETE FROM corrections", []).unwrap_err();
        assert!(err.to_string().contains("append-only"), "{err}");
        assert!(conn.execute("UPDATE actions SET kind = 'x'", []).is_err());
    }
}
