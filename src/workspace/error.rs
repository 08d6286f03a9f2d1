//! What can go wrong with a workspace, each error saying what was wrong, with what, where.

use std::path::PathBuf;

/// Errors of the workspace. Edits refused for a bad value change nothing.
#[derive(Debug, thiserror::Error)]
pub enum WorkspaceError {
    /// The file could not be opened or created.
    #[error("cannot open workspace {path}: {source}")]
    Open {
        /// The workspace file.
        path: PathBuf,
        /// What SQLite said.
        source: rusqlite::Error,
    },
    /// The file does not exist (and the command does not create one).
    #[error("no workspace at {0} (`incident-map import --workspace FILE PATH...` creates one)")]
    Missing(PathBuf),
    /// The file exists but is not an incident-map workspace.
    #[error("{path} is not an incident-map workspace: {reason}")]
    NotAWorkspace {
        /// The file.
        path: PathBuf,
        /// Why it is not one.
        reason: String,
    },
    /// The file was written by a newer incident-map.
    #[error(
        "{path} has workspace schema version {found}, newer than this program's {known}; update incident-map"
    )]
    TooNew {
        /// The file.
        path: PathBuf,
        /// Its schema version.
        found: u32,
        /// The newest version this build knows.
        known: u32,
    },
    /// A migration failed; the file is left at the version before it.
    #[error("migrating the workspace to schema version {version} failed: {source}")]
    Migration {
        /// The version the migration leads to.
        version: u32,
        /// What SQLite said.
        source: rusqlite::Error,
    },
    /// A database operation failed.
    #[error("workspace database: {0}")]
    Sql(#[from] rusqlite::Error),
    /// No incident has this event id.
    #[error("no incident with event id {0:?} in the workspace")]
    UnknownIncident(String),
    /// No article has this id.
    #[error("no article with id {0:?} in the workspace")]
    UnknownArticle(String),
    /// An edit named a field incidents do not have.
    #[error("unknown field {field:?} (fields: {expected})")]
    UnknownField {
        /// The name given.
        field: String,
        /// The accepted names, comma-separated.
        expected: String,
    },
    /// An edit gave a value the field cannot hold.
    #[error("{field}={value:?}: {problem}")]
    InvalidValue {
        /// The field.
        field: String,
        /// The value given.
        value: String,
        /// What is wrong with it.
        problem: String,
    },
    /// An operation that cannot be done on this incident or in this state.
    #[error("cannot {action}: {reason}")]
    Refused {
        /// What was asked ("merge AF1 into AF2", "undo").
        action: String,
        /// Why not.
        reason: String,
    },
    /// Stored data that does not decode (a damaged or hand-edited file).
    #[error("damaged workspace data: {0}")]
    Damaged(String),
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// Writing an export failed.
    #[error(transparent)]
    Export(#[from] crate::export::ExportError),
}

impl WorkspaceError {
    /// A refusal of `action` for `reason`.
    pub(crate) fn refused(action: impl Into<String>, reason: impl Into<String>) -> Self {
        WorkspaceError::Refused {
            action: action.into(),
            reason: reason.into(),
        }
    }

    /// A bad value for a field.
    pub(crate) fn invalid(field: &str, value: &str, problem: impl Into<String>) -> Self {
        WorkspaceError::InvalidValue {
            field: field.to_string(),
            value: value.to_string(),
            problem: problem.into(),
        }
    }
}

impl From<serde_json::Error> for WorkspaceError {
    fn from(err: serde_json::Error) -> Self {
        WorkspaceError::Damaged(err.to_string())
    }
}

/// Results of workspace operations.
pub type Result<T, E = WorkspaceError> = std::result::Result<T, E>;
