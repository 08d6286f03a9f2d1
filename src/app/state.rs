//! What the app remembers across restarts (eframe storage): the opened files, the filters,
//! the basemap, the view and the list's sort order. Caches are not persisted.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::basemap::BasemapChoice;
use crate::store::Filter;

/// How the incident list is sorted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum SortKey {
    /// By event date.
    #[default]
    Date,
    /// By sub-event type.
    Type,
    /// By fatalities.
    Fatalities,
    /// By place.
    Place,
}

/// The persisted state.
#[derive(Debug, Clone, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct State {
    /// Files and folders opened (empty: the bundled sample).
    pub paths: Vec<PathBuf>,
    /// The filters.
    pub filter: Filter,
    /// The basemap (with the URL of the user's own tile server, when that is the choice).
    pub basemap: BasemapChoice,
    /// Map centre (lat, lon) and zoom, once the user moved it.
    pub view: Option<((f64, f64), f64)>,
    /// List sort key.
    pub sort: SortKey,
    /// List sort direction.
    pub descending: bool,
    /// Workspaces opened lately, the latest first (File > Open recent).
    pub recent_workspaces: Vec<PathBuf>,
}

/// The storage key.
pub const STATE_KEY: &str = "incident-map-state";
