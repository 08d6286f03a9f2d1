//! The workspace's only calls into the reading, extraction and merging pipeline
//! (`ingest`, `extract`, `dedup`, `gazetteer`), kept narrow on purpose: that code is being
//! rewritten to stream in parallel, and these few functions are all it has to keep working.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use crate::extract::Extractor;
use crate::ingest::{self, ImportProblem, ReadItem};
use crate::model::{Article, Incident, PlaceKind};

/// Articles extracted in parallel at a time; each is then stored in its own transaction.
pub const BATCH_ARTICLES: usize = 64;

/// What turns an article into incidents: the bundled [`Extractor`], or a stand-in in tests.
pub trait IncidentExtractor: Sync {
    /// The version stored with every incident it codes (see [`super::extractor_version`]).
    fn version(&self) -> String;
    /// The incidents of one article, as found (not yet merged).
    fn extract(&self, article: &Article) -> Vec<Incident>;
}

impl IncidentExtractor for Extractor<'_> {
    fn version(&self) -> String {
        super::extractor_version()
    }

    fn extract(&self, article: &Article) -> Vec<Incident> {
        Extractor::extract(self, article).incidents
    }
}

/// One item of [`read_and_extract`], in input order.
#[derive(Debug)]
pub(crate) enum Item {
    /// An article read and kept by `prepare`, with its incidents merged within the article.
    Article {
        /// The file it came from (`-` for standard input).
        path: PathBuf,
        /// The article, as `prepare` left it.
        article: Article,
        /// Its incidents.
        incidents: Vec<Incident>,
    },
    /// A file `is_coded` claimed (an ACLED export): the caller reads it.
    Coded(PathBuf),
    /// An input that could not be read, or was read with a warning.
    Problem(ImportProblem),
}

/// Reads every input under `paths` in order (streamed: JSON Lines and CSV files one record
/// at a time) and extracts the articles `prepare` keeps (it may also rename them), in
/// parallel batches, handing each item to `sink` in input order. Files `is_coded` claims are
/// handed over unread. Stops at the first error of `prepare` or `sink`, or when `cancel` is
/// set.
pub(crate) fn read_and_extract<E>(
    paths: &[PathBuf],
    extractor: &dyn IncidentExtractor,
    is_coded: &dyn Fn(&Path) -> bool,
    prepare: &mut dyn FnMut(&mut Article) -> Result<bool, E>,
    sink: &mut dyn FnMut(Item) -> Result<(), E>,
    cancel: &AtomicBool,
) -> Result<(), E> {
    let mut problems = Vec::new();
    let inputs = ingest::list_inputs(paths, &mut problems);
    for problem in problems {
        sink(Item::Problem(problem))?;
    }
    let mut batch: Vec<(PathBuf, Article)> = Vec::new();
    for input in inputs {
        if cancel.load(Ordering::Relaxed) {
            return Ok(());
        }
        if is_coded(&input.path) {
            flush(extractor, &mut batch, sink, cancel)?;
            sink(Item::Coded(input.path.clone()))?;
            continue;
        }
        let mut failure = None;
        ingest::read_input(&input, &mut |item| {
            let step = || -> Result<(), E> {
                match item {
                    ReadItem::Problem(problem) => sink(Item::Problem(problem))?,
                    ReadItem::Article(mut article) => {
                        if prepare(&mut article)? {
                            batch.push((input.path.clone(), article));
                            if batch.len() >= BATCH_ARTICLES {
                                flush(extractor, &mut batch, sink, cancel)?;
                            }
                        }
                    }
                }
                Ok(())
            };
            match step() {
                Ok(()) => !cancel.load(Ordering::Relaxed),
                Err(err) => {
                    failure = Some(err);
                    false
                }
            }
        });
        if let Some(err) = failure {
            return Err(err);
        }
    }
    flush(extractor, &mut batch, sink, cancel)
}

/// A file's text, whatever its encoding, or what is wrong with it.
pub(crate) fn read_text(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read: {e}"))?;
    ingest::decode_bytes(&bytes).map(|decoded| decoded.text)
}

fn flush<E>(
    extractor: &dyn IncidentExtractor,
    batch: &mut Vec<(PathBuf, Article)>,
    sink: &mut dyn FnMut(Item) -> Result<(), E>,
    cancel: &AtomicBool,
) -> Result<(), E> {
    let articles: Vec<Article> = batch.iter().map(|(_, a)| a.clone()).collect();
    let extracted = extract_each(extractor, &articles);
    for ((path, article), incidents) in batch.drain(..).zip(extracted) {
        if cancel.load(Ordering::Relaxed) {
            return Ok(());
        }
        sink(Item::Article {
            path,
            article,
            incidents,
        })?;
    }
    Ok(())
}

/// The incidents of each article (in parallel), merged within each article.
pub(crate) fn extract_each(
    extractor: &dyn IncidentExtractor,
    articles: &[Article],
) -> Vec<Vec<Incident>> {
    articles
        .par_iter()
        .map(|a| crate::dedup::merge_incidents(extractor.extract(a)))
        .collect()
}

/// True when two codings report the same event ([`crate::dedup::same_incident`]).
pub(crate) fn same_incident(a: &Incident, b: &Incident) -> bool {
    crate::dedup::same_incident(a, b)
}

/// The ISO 3166-1 alpha-2 code of a country name, from the bundled gazetteer.
pub(crate) fn country_code(name: &str) -> Option<String> {
    let gazetteer = crate::gazetteer::Gazetteer::bundled().ok()?;
    gazetteer
        .lookup(name)
        .into_iter()
        .find(|p| p.kind == PlaceKind::Country)
        .map(|p| p.country.to_string())
}
