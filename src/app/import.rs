//! Extraction in the background: a named thread runs the pipeline over the chosen paths,
//! reports progress through a channel, and stops early when cancelled. The UI polls it each
//! frame and stays responsive.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};

use crate::extract::Extractor;
use crate::model::Article;
use crate::pipeline::{self, PipelineOutput, Stage};

/// What the worker sends.
pub enum ImportMessage {
    /// Progress: stage, done, total.
    Progress(Stage, usize, usize),
    /// The result.
    Done(Box<PipelineOutput>),
    /// The worker could not start (the extractor failed to load).
    Failed(String),
}

/// A running import.
pub struct ImportJob {
    receiver: Receiver<ImportMessage>,
    cancel: Arc<AtomicBool>,
    /// Latest progress: stage, done, total.
    pub progress: (Stage, usize, usize),
    /// What is being read, for the status line.
    pub label: String,
}

/// Where the articles come from.
pub enum ImportSource {
    /// Files and folders.
    Paths(Vec<PathBuf>),
    /// Articles already in memory (the bundled sample).
    Articles(Vec<Article>),
}

impl ImportJob {
    /// Starts the worker thread. `wake` is called after each message (to repaint the UI).
    pub fn start(
        source: ImportSource,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> std::io::Result<ImportJob> {
        let (sender, receiver) = channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let label = match &source {
            ImportSource::Paths(paths) if paths.len() == 1 => paths[0].display().to_string(),
            ImportSource::Paths(paths) => format!("{} paths", paths.len()),
            ImportSource::Articles(a) => format!("{} bundled articles", a.len()),
        };
        let worker_cancel = Arc::clone(&cancel);
        std::thread::Builder::new()
            .name("import".into())
            .spawn(move || {
                let extractor = match Extractor::bundled() {
                    Ok(e) => e,
                    Err(err) => {
                        let _ = sender.send(ImportMessage::Failed(err.to_string()));
                        wake();
                        return;
                    }
                };
                let progress_sender = sender.clone();
                let progress = move |stage: Stage, done: usize, total: usize| {
                    let _ = progress_sender.send(ImportMessage::Progress(stage, done, total));
                    wake();
                };
                let output = match source {
                    ImportSource::Paths(paths) => {
                        pipeline::run(&extractor, &paths, &progress, &worker_cancel)
                    }
                    ImportSource::Articles(articles) => {
                        pipeline::extract_articles(&extractor, articles, &progress, &worker_cancel)
                    }
                };
                // The map draws borders and areas from the polygons: parse them here, off the
                // UI thread, before the UI first needs them.
                let _ = extractor.gazetteer().polygons();
                let _ = sender.send(ImportMessage::Done(Box::new(output)));
                progress(Stage::Merging, 1, 1);
            })?;
        Ok(ImportJob {
            receiver,
            cancel,
            progress: (Stage::Reading, 0, 0),
            label,
        })
    }

    /// Asks the worker to stop; what it has done so far is still delivered.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// True once cancel was asked.
    pub fn is_cancelling(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Takes the finished output if there is one, updating progress on the way.
    pub fn poll(&mut self) -> Option<Result<PipelineOutput, String>> {
        while let Ok(message) = self.receiver.try_recv() {
            match message {
                ImportMessage::Progress(stage, done, total) => self.progress = (stage, done, total),
                ImportMessage::Done(output) => return Some(Ok(*output)),
                ImportMessage::Failed(err) => return Some(Err(err)),
            }
        }
        None
    }

    /// Blocks until the worker finishes (tests and the CLI).
    pub fn wait(&mut self) -> Result<PipelineOutput, String> {
        loop {
            match self.receiver.recv() {
                Ok(ImportMessage::Done(output)) => return Ok(*output),
                Ok(ImportMessage::Failed(err)) => return Err(err),
                Ok(ImportMessage::Progress(stage, done, total)) => {
                    self.progress = (stage, done, total)
                }
                Err(_) => return Err("the import thread stopped without a result".into()),
            }
        }
    }

    /// Fraction done, 0 to 1, over both stages.
    pub fn fraction(&self) -> f32 {
        let (stage, done, total) = self.progress;
        let part = if total == 0 {
            0.0
        } else {
            done as f32 / total as f32
        };
        match stage {
            Stage::Reading => 0.2 * part,
            Stage::Extracting => 0.2 + 0.75 * part,
            Stage::Merging => 0.95 + 0.05 * part,
        }
    }
}
