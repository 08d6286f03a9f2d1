//! The whole pipeline as a stream: a reader thread reads the inputs one after another
//! (line by line for JSON Lines, CSV and standard input), extraction workers take articles
//! from a bounded channel, and the caller receives each article's extraction in input
//! order. Memory stays bounded by the channels, whatever the size of the input; only what
//! the caller keeps (incidents for merging, say) grows with it.
//!
//! Used by the CLI (`extract`, `places`), the app's import worker and the workspace import.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crossbeam_channel::{Receiver, Sender, bounded};

use crate::dedup::merge_incidents;
use crate::extract::{Extraction, Extractor};
use crate::ingest::{self, ImportProblem, InputFile, ReadItem};
use crate::model::{Article, Incident, PlaceMention};

/// Batches waiting for a worker (and results waiting for the caller), per worker.
const QUEUE_PER_WORKER: usize = 4;

/// Articles handed to a worker at once: one hand-over (and one wake-up of a waiting thread)
/// per batch instead of per article, which on a loaded machine cost a tenth of the run.
const BATCH_ARTICLES: usize = 8;

/// A batch is handed over early once its texts hold this many bytes (long articles).
const BATCH_BYTES: usize = 256 * 1024;

/// What the reader and the workers hand to the calling thread, tagged with their place in
/// the input order.
enum Done {
    Extracted(Article, Extraction),
    Problem(ImportProblem),
    /// One input was read to its end (for progress).
    FileRead,
}

/// What the caller receives, in input order.
#[derive(Debug)]
pub enum Event {
    /// An article and what was extracted from it.
    Extracted(Article, Extraction),
    /// An input that could not be read, or was read with a warning.
    Problem(ImportProblem),
}

/// How far a run is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Progress {
    /// Inputs listed.
    pub files_total: usize,
    /// Inputs read so far.
    pub files_done: usize,
    /// Bytes of the listed inputs (0 for standard input).
    pub bytes_total: u64,
    /// Bytes read so far.
    pub bytes_done: u64,
    /// Articles extracted so far.
    pub articles_done: usize,
}

impl Progress {
    /// Fraction done, 0 to 1 (by bytes when sizes are known, else by files).
    pub fn fraction(&self) -> f32 {
        if self.bytes_total > 0 {
            (self.bytes_done as f64 / self.bytes_total as f64).min(1.0) as f32
        } else if self.files_total > 0 {
            self.files_done as f32 / self.files_total as f32
        } else {
            0.0
        }
    }
}

/// Options of a run.
#[derive(Debug, Clone, Copy)]
pub struct RunOptions {
    /// Extraction threads (at least one).
    pub threads: usize,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            threads: default_threads(),
        }
    }
}

/// The number of extraction threads when none is asked for: `RAYON_NUM_THREADS` when set
/// (so a process inside a Spark task slot uses that slot's cores), else every core.
pub fn default_threads() -> usize {
    std::env::var("RAYON_NUM_THREADS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Reads and extracts the inputs, handing every article's extraction and every problem to
/// `on_event` in input order, on the calling thread. `progress` is called from the calling
/// thread too. Stops early when `cancel` is set. Returns the final progress.
pub fn stream(
    extractor: &Extractor<'_>,
    inputs: &[InputFile],
    options: RunOptions,
    on_event: &mut dyn FnMut(Event),
    progress: &mut dyn FnMut(Progress),
    cancel: &AtomicBool,
) -> Progress {
    let threads = options.threads.max(1);
    let bytes_done = AtomicU64::new(0);
    let mut state = Progress {
        files_total: inputs.len(),
        bytes_total: inputs.iter().map(|i| i.bytes).sum(),
        ..Progress::default()
    };
    // Items in input order: articles go to the workers in batches, problems straight to the
    // caller.
    let (work_tx, work_rx) = bounded::<Vec<(u64, Article)>>(threads * QUEUE_PER_WORKER);
    let (done_tx, done_rx) = bounded::<Vec<(u64, Done)>>(threads * QUEUE_PER_WORKER);
    std::thread::scope(|scope| {
        let reader_done_tx = done_tx.clone();
        let bytes_done = &bytes_done;
        let reader = std::thread::Builder::new()
            .name("read".into())
            .spawn_scoped(scope, move || {
                read_in_batches(inputs, &work_tx, &reader_done_tx, bytes_done, cancel);
            });
        if let Err(err) = reader {
            on_event(Event::Problem(ImportProblem {
                path: String::new(),
                problem: format!("cannot start the reading thread: {err}"),
                recovered: false,
            }));
            return;
        }
        for n in 0..threads {
            let work_rx = work_rx.clone();
            let done_tx = done_tx.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("extract-{n}"))
                .spawn_scoped(scope, move || {
                    extract_batches(extractor, &work_rx, &done_tx)
                });
            if spawned.is_err() && n == 0 {
                on_event(Event::Problem(ImportProblem {
                    path: String::new(),
                    problem: "cannot start an extraction thread".into(),
                    recovered: false,
                }));
                return;
            }
        }
        drop(done_tx);
        drop(work_rx);
        deliver_in_order(done_rx, &mut state, bytes_done, on_event, progress);
    });
    state.bytes_done = bytes_done.load(Ordering::Relaxed);
    state
}

/// Reads the inputs on the reading thread: each article and each problem takes the next
/// number (the caller gets them back in that order); articles go to `work_tx` in batches,
/// problems and the end of each file straight to `done_tx`. Stops when `cancel` is set or
/// the workers are gone.
fn read_in_batches(
    inputs: &[InputFile],
    work_tx: &Sender<Vec<(u64, Article)>>,
    done_tx: &Sender<Vec<(u64, Done)>>,
    bytes_done: &AtomicU64,
    cancel: &AtomicBool,
) {
    // Every item takes the next number, so the caller gets them in input order.
    let mut next_seq = 0u64;
    let mut number = move || {
        next_seq += 1;
        next_seq - 1
    };
    let mut batch: Vec<(u64, Article)> = Vec::with_capacity(BATCH_ARTICLES);
    let mut batch_bytes = 0usize;
    for input in inputs {
        if cancel.load(Ordering::Relaxed) {
            break;
        }
        let read = ingest::read_input(input, &mut |item| {
            if cancel.load(Ordering::Relaxed) {
                return false;
            }
            let seq = number();
            match item {
                ReadItem::Article(article) => {
                    batch_bytes += article.text.len();
                    batch.push((seq, article));
                    if batch.len() < BATCH_ARTICLES && batch_bytes < BATCH_BYTES {
                        return true;
                    }
                    batch_bytes = 0;
                    let full = std::mem::replace(&mut batch, Vec::with_capacity(BATCH_ARTICLES));
                    work_tx.send(full).is_ok()
                }
                ReadItem::Problem(problem) => {
                    done_tx.send(vec![(seq, Done::Problem(problem))]).is_ok()
                }
            }
        });
        bytes_done.fetch_add(read, Ordering::Relaxed);
        let _ = done_tx.send(vec![(number(), Done::FileRead)]);
    }
    if !batch.is_empty() {
        let _ = work_tx.send(batch);
    }
}

/// Extracts the batches of articles `work_rx` brings, on a worker thread, and sends each
/// batch's results, with their numbers, to `done_tx`.
fn extract_batches(
    extractor: &Extractor<'_>,
    work_rx: &Receiver<Vec<(u64, Article)>>,
    done_tx: &Sender<Vec<(u64, Done)>>,
) {
    for batch in work_rx {
        let results: Vec<(u64, Done)> = batch
            .into_iter()
            .map(|(seq, article)| {
                let done = match extract_guarded(extractor, &article) {
                    Ok(extraction) => Done::Extracted(article, extraction),
                    Err(problem) => Done::Problem(problem),
                };
                (seq, done)
            })
            .collect();
        if done_tx.send(results).is_err() {
            break;
        }
    }
}

/// Hands the results to the caller in input order, on the calling thread: a result is held
/// back until every earlier one has arrived. Counts what is done in `state`.
fn deliver_in_order(
    done_rx: Receiver<Vec<(u64, Done)>>,
    state: &mut Progress,
    bytes_done: &AtomicU64,
    on_event: &mut dyn FnMut(Event),
    progress: &mut dyn FnMut(Progress),
) {
    let mut next = 0u64;
    let mut waiting: BTreeMap<u64, Done> = BTreeMap::new();
    for (seq, item) in done_rx.into_iter().flatten() {
        waiting.insert(seq, item);
        while let Some(item) = waiting.remove(&next) {
            next += 1;
            match item {
                Done::Extracted(article, extraction) => {
                    state.articles_done += 1;
                    on_event(Event::Extracted(article, extraction));
                }
                Done::FileRead => {
                    state.files_done += 1;
                    state.bytes_done = bytes_done.load(Ordering::Relaxed);
                    progress(*state);
                }
                Done::Problem(problem) => on_event(Event::Problem(problem)),
            }
        }
    }
}

/// What a run collected.
#[derive(Debug, Clone, Default)]
pub struct PipelineOutput {
    /// Articles read, in input order.
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

/// Reads, extracts and merges every input, keeping everything in memory (the app on a
/// handful of files, tests). Large runs should use [`stream`] and keep only what they need.
pub fn run(
    extractor: &Extractor<'_>,
    paths: &[PathBuf],
    options: RunOptions,
    progress: &mut dyn FnMut(Progress),
    cancel: &AtomicBool,
) -> PipelineOutput {
    let mut out = PipelineOutput::default();
    let inputs = ingest::list_inputs(paths, &mut out.problems);
    let mut incidents = Vec::new();
    stream(
        extractor,
        &inputs,
        options,
        &mut |event| match event {
            Event::Extracted(article, extraction) => {
                incidents.extend(extraction.incidents);
                out.mentions.extend(extraction.mentions);
                out.articles.push(article);
            }
            Event::Problem(problem) => out.problems.push(problem),
        },
        progress,
        cancel,
    );
    out.incidents = merge_incidents(incidents);
    out.cancelled = cancel.load(Ordering::Relaxed);
    out
}

/// Extracts one article. Should the extractor fail on it (a bug: it panicked), the article
/// is skipped with a problem naming it and what went wrong, and the rest of the work goes
/// on.
fn extract_guarded(
    extractor: &Extractor<'_>,
    article: &Article,
) -> Result<Extraction, ImportProblem> {
    guarded(article, || extractor.extract(article))
}

/// Runs `work` on an article, a panic turned into a problem naming the article.
fn guarded<T>(article: &Article, work: impl FnOnce() -> T) -> Result<T, ImportProblem> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)).map_err(|payload| {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "an unknown error".into());
        ImportProblem {
            path: article.source.clone().unwrap_or_default(),
            problem: format!(
                "article {}: the extractor failed ({what}); the article was skipped",
                article.id
            ),
            recovered: false,
        }
    })
}

/// Extracts and merges articles already in memory (the bundled sample), in parallel.
pub fn extract_articles(
    extractor: &Extractor<'_>,
    articles: Vec<Article>,
    cancel: &AtomicBool,
) -> PipelineOutput {
    use rayon::prelude::*;
    let results: Vec<Option<Result<Extraction, ImportProblem>>> = articles
        .par_iter()
        .map(|a| (!cancel.load(Ordering::Relaxed)).then(|| extract_guarded(extractor, a)))
        .collect();
    let cancelled = results.iter().any(Option::is_none);
    let mut incidents = Vec::new();
    let mut mentions = Vec::new();
    let mut problems = Vec::new();
    for r in results.into_iter().flatten() {
        match r {
            Ok(r) => {
                incidents.extend(r.incidents);
                mentions.extend(r.mentions);
            }
            Err(problem) => problems.push(problem),
        }
    }
    PipelineOutput {
        articles,
        incidents: merge_incidents(incidents),
        mentions,
        problems,
        cancelled,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Articles cross to the workers in batches: whatever the batches and the threads, the
    /// caller gets every article and every problem in input order, the last, partial batch
    /// included.
    #[test]
    fn batched_extraction_keeps_the_input_order() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("feed.jsonl");
        let mut lines: Vec<String> = (0..2 * BATCH_ARTICLES + 3)
            .map(|k| format!(r#"{{"id": "story-{k}", "text": "Gunmen shot a guard in Kano."}}"#))
            .collect();
        lines.insert(5, "not an article".into());
        std::fs::write(&path, lines.join("\n")).expect("the feed is written");
        let mut problems = Vec::new();
        let inputs = ingest::list_inputs(&[path], &mut problems);
        let extractor = Extractor::bundled().expect("the bundled extractor");
        let mut seen = Vec::new();
        stream(
            &extractor,
            &inputs,
            RunOptions { threads: 2 },
            &mut |event| match event {
                Event::Extracted(article, _) => seen.push(article.id),
                Event::Problem(_) => seen.push("problem".into()),
            },
            &mut |_| {},
            &AtomicBool::new(false),
        );
        let mut expected: Vec<String> = (0..2 * BATCH_ARTICLES + 3)
            .map(|k| format!("story-{k}"))
            .collect();
        expected.insert(5, "problem".into());
        assert_eq!(seen, expected);
    }

    #[test]
    fn a_panic_on_one_article_is_a_problem_naming_it() {
        let article = Article {
            id: "story-7".into(),
            source: Some("feeds/day.jsonl".into()),
            ..Article::default()
        };
        let failed: Result<(), ImportProblem> = guarded(&article, || panic!("index 9 past 8"));
        let problem = failed.expect_err("the panic is caught");
        assert_eq!(problem.path, "feeds/day.jsonl");
        assert!(problem.problem.contains("story-7"), "{}", problem.problem);
        assert!(
            problem.problem.contains("index 9 past 8"),
            "{}",
            problem.problem
        );
        assert!(!problem.recovered);
        assert_eq!(guarded(&article, || 5), Ok(5));
    }
}
