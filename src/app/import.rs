//! Extraction in the background: a named thread streams the chosen paths through the
//! pipeline, reports progress through a channel, and stops early when cancelled. The UI
//! polls it each frame and stays responsive. If the thread dies (a panic), the UI is told
//! so instead of waiting forever.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use crate::extract::Extractor;
use crate::model::Article;
use crate::pipeline::{self, PipelineOutput, Progress, RunOptions};

/// What the worker sends.
pub enum ImportMessage {
    /// Progress so far.
    Progress(Progress),
    /// The result.
    Done(Box<PipelineOutput>),
    /// The worker failed (the extractor did not load, or the work panicked).
    Failed(String),
}

/// A running import.
pub struct ImportJob {
    receiver: Receiver<ImportMessage>,
    cancel: Arc<AtomicBool>,
    /// Latest progress.
    pub progress: Progress,
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

/// The words of a panic payload.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown cause".into())
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
                let work = std::panic::AssertUnwindSafe(|| {
                    let extractor = Extractor::bundled().map_err(|e| e.to_string())?;
                    let output = match source {
                        ImportSource::Paths(paths) => pipeline::run(
                            &extractor,
                            &paths,
                            RunOptions::default(),
                            &mut |p| {
                                let _ = sender.send(ImportMessage::Progress(p));
                                wake();
                            },
                            &worker_cancel,
                        ),
                        ImportSource::Articles(articles) => {
                            pipeline::extract_articles(&extractor, articles, &worker_cancel)
                        }
                    };
                    // The map draws borders and areas from the polygons: parse them here, off
                    // the UI thread, before the UI first needs them.
                    let _ = extractor.gazetteer().polygons();
                    Ok::<_, String>(output)
                });
                let message = match std::panic::catch_unwind(work) {
                    Ok(Ok(output)) => ImportMessage::Done(Box::new(output)),
                    Ok(Err(err)) => ImportMessage::Failed(err),
                    Err(panic) => ImportMessage::Failed(format!(
                        "the import stopped on an internal error ({}); what was imported before is kept",
                        panic_message(panic.as_ref())
                    )),
                };
                let _ = sender.send(message);
                wake();
            })?;
        Ok(ImportJob {
            receiver,
            cancel,
            progress: Progress::default(),
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

    fn take(&mut self, message: ImportMessage) -> Option<Result<PipelineOutput, String>> {
        match message {
            ImportMessage::Progress(p) => {
                self.progress = p;
                None
            }
            ImportMessage::Done(output) => Some(Ok(*output)),
            ImportMessage::Failed(err) => Some(Err(err)),
        }
    }

    /// Takes the finished output if there is one, updating progress on the way. A worker
    /// that went away without a result is reported as a failure.
    pub fn poll(&mut self) -> Option<Result<PipelineOutput, String>> {
        loop {
            match self.receiver.try_recv() {
                Ok(message) => {
                    if let Some(done) = self.take(message) {
                        return Some(done);
                    }
                }
                Err(TryRecvError::Empty) => return None,
                Err(TryRecvError::Disconnected) => {
                    return Some(Err("the import thread stopped without a result".into()));
                }
            }
        }
    }

    /// Blocks until the worker finishes (tests and the CLI).
    pub fn wait(&mut self) -> Result<PipelineOutput, String> {
        loop {
            match self.receiver.recv() {
                Ok(message) => {
                    if let Some(done) = self.take(message) {
                        return done;
                    }
                }
                Err(_) => return Err("the import thread stopped without a result".into()),
            }
        }
    }

    /// Fraction done, 0 to 1.
    pub fn fraction(&self) -> f32 {
        self.progress.fraction()
    }

    /// One line for the status bar.
    pub fn describe(&self) -> String {
        let p = self.progress;
        format!(
            "{} of {} files, {} articles · {}",
            p.files_done, p.files_total, p.articles_done, self.label
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_worker_gone_without_a_result_is_a_failure() {
        let (sender, receiver) = channel::<ImportMessage>();
        let mut job = ImportJob {
            receiver,
            cancel: Arc::new(AtomicBool::new(false)),
            progress: Progress::default(),
            label: "test".into(),
        };
        assert!(job.poll().is_none());
        drop(sender);
        assert!(matches!(job.poll(), Some(Err(e)) if e.contains("stopped")));
    }

    #[test]
    fn panic_messages_are_reported() {
        let caught = std::panic::catch_unwind(|| panic!("boom at line 3")).unwrap_err();
        assert_eq!(panic_message(caught.as_ref()), "boom at line 3");
    }
}
