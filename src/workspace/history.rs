//! The append-only history: every analyst action (edit, status, merge, split, add, delete,
//! undo, redo) with the corrections it made, field by field, and the state of each incident
//! it touched before and after, so that undo and redo work across restarts.
//!
//! An action is recorded in the same transaction as the change itself. Undo restores the
//! "before" states of the latest action not yet undone and records that as an `undo`
//! action; redo restores the "after" states of the latest undone action (as a `redo`
//! action); a new action after an undo clears what could be redone. The stacks are worked
//! out from the log each time, so nothing but the log is stored. Undo (or redo) is refused
//! when an incident it would restore changed since by something outside the history (an
//! import or a re-extraction): the undo history stops there instead of overwriting that.

use std::collections::{BTreeMap, BTreeSet};

use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

use super::error::{Result, WorkspaceError};
use super::record::{
    Field, Row, SourceRow, complete, delete_source, load_row, load_sources, write_row, write_source,
};

/// What kind of correction a log line records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CorrectionKind {
    /// A field set by hand.
    Edit,
    /// The review status set.
    Status,
    /// Two incidents merged into one.
    Merge,
    /// A merged incident split back into its sources.
    Split,
    /// An incident added by hand.
    Add,
    /// An incident deleted by hand.
    Delete,
    /// An action undone.
    Undo,
    /// An undone action done again.
    Redo,
}

impl CorrectionKind {
    /// The name stored and exported.
    pub fn as_str(self) -> &'static str {
        match self {
            CorrectionKind::Edit => "edit",
            CorrectionKind::Status => "status",
            CorrectionKind::Merge => "merge",
            CorrectionKind::Split => "split",
            CorrectionKind::Add => "add",
            CorrectionKind::Delete => "delete",
            CorrectionKind::Undo => "undo",
            CorrectionKind::Redo => "redo",
        }
    }

    fn parse(text: &str) -> Result<CorrectionKind> {
        serde_json::from_value(serde_json::Value::String(text.to_string()))
            .map_err(|_| WorkspaceError::Damaged(format!("unknown correction kind {text:?}")))
    }
}

/// One line of the corrections log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Correction {
    /// Position in the log.
    pub id: i64,
    /// The action it belongs to (one edit command, one merge...).
    pub action: i64,
    /// The incident's event id.
    pub incident: String,
    /// The field (`fatalities`, `review_status`, `sources`, `state`, `merged_into`, or
    /// `incident` for a whole incident added or removed, its value as JSON).
    pub field: String,
    /// The value before, none when there was none.
    pub old_value: Option<String>,
    /// The value after.
    pub new_value: Option<String>,
    /// When (RFC 3339, UTC).
    pub time: String,
    /// What kind of correction.
    pub kind: CorrectionKind,
}

/// An action that can be undone or redone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActionInfo {
    /// Its number in the log.
    pub id: i64,
    /// What it was (for a redo: `undo`, the action that would be reverted).
    pub kind: CorrectionKind,
    /// When.
    pub time: String,
    /// The event ids it touched.
    pub incidents: Vec<String>,
}

/// An incident's whole state: its row and its sources.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Snapshot {
    pub row: Row,
    pub sources: Vec<SourceRow>,
}

/// The state of an incident now (none when the row does not exist).
pub(crate) fn snapshot(conn: &Connection, num: i64) -> Result<Option<Snapshot>> {
    let Some(row) = load_row(conn, num)? else {
        return Ok(None);
    };
    let sources = load_sources(conn, num)?;
    Ok(Some(Snapshot { row, sources }))
}

/// Collects the incidents an action touches (their state before), then records the action.
#[derive(Debug, Default)]
pub(crate) struct Recorder {
    before: BTreeMap<i64, Option<Snapshot>>,
    order: Vec<i64>,
}

impl Recorder {
    /// Remembers an incident's state before the action first changes it.
    pub fn touch(&mut self, conn: &Connection, num: i64) -> Result<()> {
        if let std::collections::btree_map::Entry::Vacant(slot) = self.before.entry(num) {
            slot.insert(snapshot(conn, num)?);
            self.order.push(num);
        }
        Ok(())
    }

    /// Remembers an incident the action creates.
    pub fn created(&mut self, num: i64) {
        if let std::collections::btree_map::Entry::Vacant(slot) = self.before.entry(num) {
            slot.insert(None);
            self.order.push(num);
        }
    }

    /// Records the action with its corrections and states. Returns its id, or none when it
    /// changed nothing (an undo or redo is always recorded).
    pub fn finish(
        self,
        conn: &Connection,
        kind: CorrectionKind,
        reverts: Option<i64>,
        now: &str,
    ) -> Result<Option<i64>> {
        let mut states = Vec::new();
        for num in &self.order {
            let before = self.before.get(num).cloned().flatten();
            let after = snapshot(conn, *num)?;
            if before != after {
                states.push((*num, before, after));
            }
        }
        let always = matches!(kind, CorrectionKind::Undo | CorrectionKind::Redo);
        if states.is_empty() && !always {
            return Ok(None);
        }
        conn.prepare_cached("INSERT INTO actions (kind, time, reverts) VALUES (?1, ?2, ?3)")?
            .execute(params![kind.as_str(), now, reverts])?;
        let action = conn.last_insert_rowid();
        for (num, before, after) in &states {
            conn.prepare_cached(
                "INSERT INTO action_states (action, incident, before, after) VALUES (?1, ?2, ?3, ?4)",
            )?
            .execute(params![
                action,
                num,
                before.as_ref().map(serde_json::to_string).transpose()?,
                after.as_ref().map(serde_json::to_string).transpose()?,
            ])?;
            for line in corrections_between(conn, before.as_ref(), after.as_ref(), kind)? {
                conn.prepare_cached(
                    "INSERT INTO corrections (action, incident, field, old_value, new_value, time, kind) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                )?
                .execute(params![
                    action,
                    line.incident,
                    line.field,
                    line.old_value,
                    line.new_value,
                    now,
                    line.kind.as_str()
                ])?;
            }
        }
        Ok(Some(action))
    }
}

/// The log lines that describe going from one state of an incident to another.
fn corrections_between(
    conn: &Connection,
    before: Option<&Snapshot>,
    after: Option<&Snapshot>,
    kind: CorrectionKind,
) -> Result<Vec<Correction>> {
    let line =
        |incident: &str, field: &str, old: Option<String>, new: Option<String>, k| Correction {
            id: 0,
            action: 0,
            incident: incident.to_string(),
            field: field.to_string(),
            old_value: old,
            new_value: new,
            time: String::new(),
            kind: k,
        };
    let whole = |s: &Snapshot| -> Result<String> {
        Ok(serde_json::to_string(&complete(&s.row, &s.sources))?)
    };
    let mut out = Vec::new();
    match (before, after) {
        (None, None) => {}
        (None, Some(a)) => out.push(line(
            a.row.record.event_id(),
            "incident",
            None,
            Some(whole(a)?),
            kind,
        )),
        (Some(b), None) => out.push(line(
            b.row.record.event_id(),
            "incident",
            Some(whole(b)?),
            None,
            kind,
        )),
        (Some(b), Some(a)) => {
            let id = a.row.record.event_id();
            let (rb, ra) = (complete(&b.row, &b.sources), complete(&a.row, &a.sources));
            let status_kind = if kind == CorrectionKind::Edit {
                CorrectionKind::Status
            } else {
                kind
            };
            if rb.status() != ra.status() {
                out.push(line(
                    id,
                    "review_status",
                    Some(rb.status().to_string()),
                    Some(ra.status().to_string()),
                    status_kind,
                ));
            }
            for field in Field::ALL {
                let (old, new) = (field.get(&rb), field.get(&ra));
                if old != new {
                    out.push(line(id, field.as_str(), Some(old), Some(new), kind));
                }
            }
            if rb.incident.sources != ra.incident.sources {
                out.push(line(
                    id,
                    "sources",
                    Some(rb.incident.sources.join(";")),
                    Some(ra.incident.sources.join(";")),
                    kind,
                ));
            }
            if b.row.state != a.row.state {
                out.push(line(
                    id,
                    "state",
                    Some(b.row.state.as_str().into()),
                    Some(a.row.state.as_str().into()),
                    kind,
                ));
            }
            if b.row.merged_into != a.row.merged_into {
                let name = |n: Option<i64>| -> Result<Option<String>> {
                    match n {
                        Some(n) => Ok(load_row(conn, n)?.map(|r| r.record.incident.event_id)),
                        None => Ok(None),
                    }
                };
                out.push(line(
                    id,
                    "merged_into",
                    name(b.row.merged_into)?,
                    name(a.row.merged_into)?,
                    kind,
                ));
            }
        }
    }
    Ok(out)
}

/// The undo stack (actions that can be undone, latest last) and the redo stack (undo
/// actions that can be redone, latest last), worked out from the log.
pub(crate) fn stacks(conn: &Connection) -> Result<(Vec<i64>, Vec<i64>)> {
    let mut stmt = conn.prepare_cached("SELECT id, kind FROM actions ORDER BY id")?;
    let rows: Vec<(i64, String)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let (mut undo, mut redo) = (Vec::new(), Vec::new());
    for (id, kind) in rows {
        match CorrectionKind::parse(&kind)? {
            CorrectionKind::Undo => {
                undo.pop();
                redo.push(id);
            }
            CorrectionKind::Redo => {
                redo.pop();
                undo.push(id);
            }
            _ => {
                undo.push(id);
                redo.clear();
            }
        }
    }
    Ok((undo, redo))
}

/// What an action was and which incidents it touched.
pub(crate) fn action_info(conn: &Connection, id: i64) -> Result<Option<ActionInfo>> {
    let head: Option<(String, String)> = conn
        .query_row("SELECT kind, time FROM actions WHERE id = ?1", [id], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .optional()?;
    let Some((kind, time)) = head else {
        return Ok(None);
    };
    let mut incidents: Vec<String> = conn
        .prepare_cached("SELECT DISTINCT incident FROM corrections WHERE action = ?1 ORDER BY id")?
        .query_map([id], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    incidents.dedup();
    Ok(Some(ActionInfo {
        id,
        kind: CorrectionKind::parse(&kind)?,
        time,
        incidents,
    }))
}

/// Reverts an action: checks every incident it touched is as the action left it, restores
/// the states before it, and records the revert as `kind` (undo or redo). Returns the id of
/// the new action.
pub(crate) fn revert(
    conn: &Connection,
    target: i64,
    kind: CorrectionKind,
    now: &str,
) -> Result<i64> {
    type State = (i64, Option<String>, Option<String>);
    let states: Vec<State> = conn
        .prepare_cached(
            "SELECT incident, before, after FROM action_states WHERE action = ?1 ORDER BY incident",
        )?
        .query_map([target], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let decode = |s: &Option<String>| -> Result<Option<Snapshot>> {
        s.as_deref()
            .map(serde_json::from_str::<Snapshot>)
            .transpose()
            .map_err(WorkspaceError::from)
    };
    let mut recorder = Recorder::default();
    let mut targets = Vec::new();
    for (num, before, after) in &states {
        // Compared as stored text: both come from the database, so equal states give equal
        // text, whatever float parsing does.
        let now_state = snapshot(conn, *num)?;
        let now_text = now_state.as_ref().map(serde_json::to_string).transpose()?;
        if now_text != *after {
            let expected = decode(after)?;
            let info = action_info(conn, target)?;
            let what = info.map_or_else(
                || format!("action {target}"),
                |i| format!("the {} of {}", i.kind.as_str(), i.incidents.join(", ")),
            );
            let name = now_state
                .or(expected)
                .map(|s| s.row.record.incident.event_id)
                .unwrap_or_default();
            return Err(WorkspaceError::refused(
                format!("{} {what}", kind.as_str()),
                format!(
                    "incident {name} changed since (by an import or a re-extraction); the history stops here"
                ),
            ));
        }
        recorder.touch(conn, *num)?;
        targets.push((*num, decode(before)?));
    }
    restore(conn, &targets, now)?;
    recorder
        .finish(conn, kind, Some(target), now)?
        .ok_or_else(|| WorkspaceError::Damaged("an undo was not recorded".into()))
}

/// Puts incidents back in the given states (none: the row is removed).
fn restore(conn: &Connection, targets: &[(i64, Option<Snapshot>)], now: &str) -> Result<()> {
    let touched: BTreeSet<i64> = targets.iter().map(|(n, _)| *n).collect();
    let mut claimed = BTreeSet::new();
    for (_, state) in targets {
        if let Some(s) = state {
            write_row(conn, &s.row, now)?;
        }
    }
    for (num, state) in targets {
        if let Some(s) = state {
            for source in &s.sources {
                write_source(conn, *num, source)?;
                claimed.insert(source.num);
            }
        }
    }
    for num in &touched {
        let sources: Vec<i64> = conn
            .prepare_cached("SELECT num FROM sources WHERE incident = ?1")?
            .query_map([num], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        for source in sources {
            if !claimed.contains(&source) {
                delete_source(conn, source)?;
            }
        }
    }
    for (num, state) in targets {
        if state.is_none() {
            conn.prepare_cached("DELETE FROM incidents WHERE num = ?1")?
                .execute([num])?;
        }
    }
    Ok(())
}

/// Every line of the corrections log, oldest first.
pub(crate) fn corrections(conn: &Connection) -> Result<Vec<Correction>> {
    corrections_where(conn, None)
}

/// The lines one action appended.
pub(crate) fn corrections_of(conn: &Connection, action: i64) -> Result<Vec<Correction>> {
    corrections_where(conn, Some(action))
}

fn corrections_where(conn: &Connection, action: Option<i64>) -> Result<Vec<Correction>> {
    let filter = if action.is_some() {
        "action = ?1"
    } else {
        "?1 IS NULL"
    };
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT id, action, incident, field, old_value, new_value, time, kind \
         FROM corrections WHERE {filter} ORDER BY id"
    ))?;
    let rows: Vec<(
        i64,
        i64,
        String,
        String,
        Option<String>,
        Option<String>,
        String,
        String,
    )> = stmt
        .query_map([action], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
                r.get(7)?,
            ))
        })?
        .collect::<rusqlite::Result<_>>()?;
    rows.into_iter()
        .map(
            |(id, action, incident, field, old_value, new_value, time, kind)| {
                Ok(Correction {
                    id,
                    action,
                    incident,
                    field,
                    old_value,
                    new_value,
                    time,
                    kind: CorrectionKind::parse(&kind)?,
                })
            },
        )
        .collect()
}
