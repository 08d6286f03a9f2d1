//! incident-map: finds conflict incidents in news articles, codes them with ACLED's event
//! types, geocodes them against a bundled offline gazetteer, merges reports of the same
//! incident, and shows them on a map.
//!
//! The pipeline (each stage a module, none of them knowing about the GUI):
//!
//! ```text
//! articles -> ingest -> text -> gazetteer -> extract -> dedup -> store -> app / export
//! ```
#![warn(missing_docs)]
#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used))]

#[cfg(feature = "gui")]
pub mod app;
pub mod dedup;
pub mod export;
pub mod extract;
pub mod gazetteer;
pub mod ingest;
pub mod linear;
pub mod memo;
pub mod model;
pub mod pipeline;
pub mod sample;
pub mod spill;
pub mod store;
pub mod taxonomy;
pub mod text;
pub mod workspace;
