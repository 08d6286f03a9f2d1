//! The whole pipeline for a set of paths: read (in parallel), extract (in parallel),
//! merge. Used by the CLI and by the app's import worker, with progress and cancel.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use rayon::prelude::*;

use crate::dedup::merge_incidents;
use crate::extract::Extractor;
use crate::ingest::{self, ImportProblem, ImportReport};
use crate::model::{Article, Incident, PlaceMention};

/// What a run produced.
#[derive(Debug, Clone, Default)]
pub struct PipelineOutput {
    /// Articles read, in path order.
    pub articles: Vec<Article>,
    /// Merged incidents, sorted by date then id.
    pub incidents: Vec<Incident>,
    /// Every place mention, in article order.
    pub mentions: Vec<PlaceMention>,
    /// Inputs that could not be read (or were read with a warning).
    pub problems: Vec<ImportProblem>,
    /// True when the run was cancelled before the end.
    pub cancelled: bool,
}

/// Progress of a run: which stage, how far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Reading files: done of total files.
    Reading,
    /// Extracting: done of total articles.
    Extracting,
    /// Merging reports of the same incident.
    Merging,
}

/// Reads every path and returns the articles and problems (files read in parallel, results
/// kept in path order).
pub fn read_articles(
    paths: &[PathBuf],
    progress: &(dyn Fn(Stage, usize, usize) + Sync),
    cancel: &AtomicBool,
) -> ImportReport {
    let mut report = ImportReport::default();
    let files = ingest::list_files(paths, &mut report);
    let done = AtomicUsize::new(0);
    let parts: Vec<ImportReport> = files
        .par_iter()
        .map(|file| {
            let mut part = ImportReport::default();
            if !cancel.load(Ordering::Relaxed) {
                ingest::read_file_into(file, &mut part);
            }
            progress(
                Stage::Reading,
                done.fetch_add(1, Ordering::Relaxed) + 1,
                files.len(),
            );
            part
        })
        .collect();
    for part in parts {
        report.articles.extend(part.articles);
        report.problems.extend(part.problems);
        report.files_read += part.files_read;
    }
    report
}

/// Runs the pipeline over articles already read.
pub fn extract_articles(
    extractor: &Extractor<'_>,
    articles: Vec<Article>,
    progress: &(dyn Fn(Stage, usize, usize) + Sync),
    cancel: &AtomicBool,
) -> PipelineOutput {
    let done = AtomicUsize::new(0);
    let total = articles.len();
    let results: Vec<Option<crate::extract::Extraction>> = articles
        .par_iter()
        .map(|a| {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            let r = extractor.extract(a);
            progress(
                Stage::Extracting,
                done.fetch_add(1, Ordering::Relaxed) + 1,
                total,
            );
            Some(r)
        })
        .collect();
    let cancelled = results.iter().any(Option::is_none);
    let mut incidents = Vec::new();
    let mut mentions = Vec::new();
    for r in results.into_iter().flatten() {
        incidents.extend(r.incidents);
        mentions.extend(r.mentions);
    }
    progress(Stage::Merging, 0, 1);
    let incidents = merge_incidents(incidents);
    progress(Stage::Merging, 1, 1);
    PipelineOutput {
        articles,
        incidents,
        mentions,
        problems: Vec::new(),
        cancelled,
    }
}

/// Reads and extracts a set of paths.
pub fn run(
    extractor: &Extractor<'_>,
    paths: &[PathBuf],
    progress: &(dyn Fn(Stage, usize, usize) + Sync),
    cancel: &AtomicBool,
) -> PipelineOutput {
    let report = read_articles(paths, progress, cancel);
    let mut out = extract_articles(extractor, report.articles, progress, cancel);
    out.problems = report.problems;
    out.cancelled |= cancel.load(Ordering::Relaxed);
    out
}
