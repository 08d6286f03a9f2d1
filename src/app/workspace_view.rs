//! The app on a workspace file (`.imap`): the open [`Workspace`], the incidents read from
//! it on a background thread (the first frame never waits for them), imports into it on a
//! background thread, and every correction (review, edit, undo) applied through the
//! workspace API, committed at once, then mirrored into the map's in-memory store.
//!
//! Panels ([`super::review`], [`super::edit_form`]) only draw and emit [`WsCommand`]s; this
//! module applies them.
//!
//! Two corrections start elsewhere than in a form:
//! - *Add incident from selection* (the article panel's button or context menu): the
//!   bundled extractor (loaded in the background when the session opens) reads the
//!   sentence(s) holding the selected words and pre-fills a new incident
//!   ([`Workspace::add_incident_from_selection`]); it is added as the analyst's (`edited`,
//!   one action of the log, so Ctrl+Z removes it) and opened in the edit form.
//! - Dragging the selected incident's marker on the map moves it: on release the new
//!   coordinates (4 decimals, as ACLED writes them) and geo precision 1 (the point is now
//!   exact) are saved as an edit, like the form's, so Ctrl+Z puts it back. The location
//!   name and the admin names are kept: a marker is usually nudged onto the right spot of
//!   the place it names; naming another place is the edit form's job (its gazetteer
//!   candidates set every place field together).

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use egui::Context;

use super::edit_form::EditForm;
use super::{Command, IncidentApp};
use crate::extract::Extractor;
use crate::model::{Article, Incident};
use crate::store::Store;
use crate::taxonomy::ReviewStatus;
use crate::workspace::{
    Counts, ImportSummary, IncidentExtractor, IncidentRecord, RunOptions, StatusFilter, Workspace,
};

/// How many queue entries are read at a time.
pub const QUEUE_PAGE: usize = 200;

/// How many workspaces the File menu remembers.
pub const RECENT_MAX: usize = 8;

/// A correction or workspace action asked for by a panel, applied after drawing.
#[derive(Debug, Clone, PartialEq)]
pub enum WsCommand {
    /// Create (or open) a workspace file and switch to it.
    Open(PathBuf),
    /// Ask for a new workspace file with the native dialog.
    NewDialog,
    /// Ask for an existing workspace file with the native dialog.
    OpenDialog,
    /// Import files or folders into the workspace (background).
    Import(Vec<PathBuf>),
    /// Ask what to import with the native dialog.
    ImportDialog {
        /// A folder instead of files.
        folder: bool,
    },
    /// Set the review status of the target incident (the selection, else the queue's
    /// current entry) and move on to the next in the queue.
    Review(ReviewStatus),
    /// Select the next entry of the review queue.
    Next,
    /// Select the previous entry of the review queue.
    Previous,
    /// Select one incident by event id.
    SelectEvent(String),
    /// Open the edit form on the target incident.
    Edit,
    /// Save the edit form: `(field, value)` pairs for the incident.
    SaveEdit(String, Vec<(String, String)>),
    /// Close the edit form without saving.
    CloseEdit,
    /// Undo the latest correction.
    Undo,
    /// Redo the latest undone correction.
    Redo,
    /// Merge the second incident into the first.
    Merge(String, String),
    /// Split a merged incident back into its sources.
    Split(String),
    /// Mark an incident as the one a later merge keeps.
    MarkForMerge(String),
    /// Add an incident the extractor missed, coded from selected words of an article, and
    /// open it in the edit form.
    AddFromSelection {
        /// The article's id.
        article: String,
        /// The selection, in code points of the article's text.
        chars: Range<usize>,
    },
    /// Move an incident to a point dragged to on the map (saved as an edit).
    MoveIncident {
        /// The incident's event id.
        event_id: String,
        /// Where it was dropped: latitude in degrees.
        latitude: f64,
        /// Where it was dropped: longitude in degrees.
        longitude: f64,
    },
}

/// Words of the shown article the analyst selected (remembered when the text loses the
/// focus, e.g. to the button that uses them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArticleSelection {
    /// The article's id.
    pub article: String,
    /// The selected code points of its text, start before end, never empty.
    pub chars: Range<usize>,
}

/// The egui id of the article text on a workspace (a read-only text field whose words can
/// be selected); its `TextEditState` holds the selection.
pub fn article_text_id() -> egui::Id {
    egui::Id::unique("incident-map-article-text")
}

/// The edit that moves an incident to a point: latitude and longitude rounded to 4
/// decimals (about 10 m, as ACLED writes them; the longitude brought into -180..180) and
/// geo precision 1, the exact point. The location name is left as it is.
///
/// ```
/// use incident_map::app::workspace_view::move_edit;
/// let edit = move_edit(31.613_337, 425.709_912);
/// assert_eq!(edit[0], ("latitude".to_string(), "31.6133".to_string()));
/// assert_eq!(edit[1], ("longitude".to_string(), "65.7099".to_string()));
/// assert_eq!(edit[2], ("geo_precision".to_string(), "1".to_string()));
/// ```
pub fn move_edit(latitude: f64, longitude: f64) -> Vec<(String, String)> {
    let latitude = latitude.clamp(-90.0, 90.0);
    let longitude = (longitude + 180.0).rem_euclid(360.0) - 180.0;
    vec![
        ("latitude".into(), format!("{latitude:.4}")),
        ("longitude".into(), format!("{longitude:.4}")),
        (
            "geo_precision".into(),
            crate::taxonomy::GeoPrecision::Town.code().to_string(),
        ),
    ]
}

/// The extractor of "Add incident from selection": loaded on a background thread when the
/// session opens (it needs the gazetteer, which that thread loads first).
enum ExtractorSlot {
    Loading(Receiver<Result<Extractor<'static>, String>>),
    Ready(Box<Extractor<'static>>),
    Failed(String),
}

impl ExtractorSlot {
    fn start() -> ExtractorSlot {
        let (sender, receiver) = channel();
        let spawned = std::thread::Builder::new()
            .name("extractor-load".into())
            .spawn(move || {
                let loaded = crate::extract::Extractor::bundled().map_err(|e| e.to_string());
                if let Ok(extractor) = &loaded {
                    // The map's borders and the edit form's candidates use it too.
                    let _ = extractor.gazetteer().polygons();
                }
                let _ = sender.send(loaded);
            });
        match spawned {
            Ok(_) => ExtractorSlot::Loading(receiver),
            Err(e) => ExtractorSlot::Failed(format!("could not start the extractor thread: {e}")),
        }
    }

    /// The extractor, waiting for it if it is still loading; why not when it failed.
    fn get(&mut self) -> Result<&Extractor<'static>, String> {
        if let ExtractorSlot::Loading(receiver) = self {
            *self = match receiver.recv() {
                Ok(Ok(extractor)) => ExtractorSlot::Ready(Box::new(extractor)),
                Ok(Err(e)) => ExtractorSlot::Failed(e),
                Err(_) => ExtractorSlot::Failed("the extractor thread went away".into()),
            };
        }
        match self {
            ExtractorSlot::Ready(extractor) => Ok(extractor),
            ExtractorSlot::Failed(e) => Err(e.clone()),
            ExtractorSlot::Loading(_) => Err("the extractor is still loading".into()),
        }
    }
}

/// Finds nothing: the selection's defaults when the extractor could not load.
struct NoFindings;

impl IncidentExtractor for NoFindings {
    fn version(&self) -> String {
        crate::workspace::ANALYST_VERSION.into()
    }

    fn extract(&self, _: &Article) -> Vec<Incident> {
        Vec::new()
    }
}

/// Which tab the left panel shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LeftTab {
    /// The review queue.
    #[default]
    Review,
    /// The filters.
    Filters,
    /// How often the analyst left the extractor's values unchanged.
    Agreement,
}

/// A running import into the workspace.
pub struct WorkspaceImport {
    receiver: Receiver<Result<ImportSummary, String>>,
    cancel: Arc<AtomicBool>,
    done: Arc<AtomicUsize>,
    label: String,
}

impl WorkspaceImport {
    /// Starts a named thread with its own connection to the workspace file.
    pub fn start(
        workspace: &Path,
        paths: Vec<PathBuf>,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> std::io::Result<WorkspaceImport> {
        let (sender, receiver) = channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicUsize::new(0));
        let label = match paths.as_slice() {
            [one] => one.display().to_string(),
            many => format!("{} paths", many.len()),
        };
        let (worker_cancel, worker_done) = (Arc::clone(&cancel), Arc::clone(&done));
        let file = workspace.to_path_buf();
        std::thread::Builder::new()
            .name("workspace-import".into())
            .spawn(move || {
                let work = std::panic::AssertUnwindSafe(|| {
                    let extractor =
                        crate::extract::Extractor::bundled().map_err(|e| e.to_string())?;
                    let mut ws = Workspace::open(&file).map_err(|e| e.to_string())?;
                    let progress = |n: usize| {
                        worker_done.store(n, Ordering::Relaxed);
                        wake();
                    };
                    let summary = ws
                        .import(
                            &paths,
                            &extractor,
                            RunOptions {
                                progress: Some(&progress),
                                cancel: Some(&worker_cancel),
                            },
                        )
                        .map_err(|e| e.to_string())?;
                    let _ = extractor.gazetteer().polygons();
                    Ok::<_, String>(summary)
                });
                let result = std::panic::catch_unwind(work)
                    .unwrap_or_else(|_| Err("the import stopped on an internal error".into()));
                let _ = sender.send(result);
                wake();
            })?;
        Ok(WorkspaceImport {
            receiver,
            cancel,
            done,
            label,
        })
    }

    /// Asks the worker to stop; what it stored so far stays.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// The result, once there is one.
    pub fn poll(&mut self) -> Option<Result<ImportSummary, String>> {
        match self.receiver.try_recv() {
            Ok(result) => Some(result),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err("the import thread went away".into())),
        }
    }

    /// Blocks until the worker is done (tests).
    pub fn wait(&mut self) -> Result<ImportSummary, String> {
        self.receiver
            .recv()
            .unwrap_or_else(|_| Err("the import thread went away".into()))
    }

    /// One line for the status bar.
    pub fn describe(&self) -> String {
        format!(
            "importing into the workspace: {} articles · {}",
            self.done.load(Ordering::Relaxed),
            self.label
        )
    }
}

/// The incidents of a workspace, read on a background thread with its own connection.
type Loaded = Result<Vec<Incident>, String>;

fn start_loader(path: &Path, wake: impl Fn() + Send + 'static) -> Option<Receiver<Loaded>> {
    let (sender, receiver) = channel();
    let file = path.to_path_buf();
    let spawned = std::thread::Builder::new()
        .name("workspace-load".into())
        .spawn(move || {
            let loaded = Workspace::open_existing(&file)
                .and_then(|ws| ws.incidents(StatusFilter::NotRejected))
                .map(|records| records.into_iter().map(|r| r.incident).collect())
                .map_err(|e| e.to_string());
            let _ = sender.send(loaded);
            wake();
        });
    spawned.ok().map(|_| receiver)
}

/// The open workspace and what the app shows of it.
pub struct Session {
    /// The connection the UI thread uses (reads, and every correction).
    pub ws: Workspace,
    /// Counts per review status (status bar), refreshed after each change.
    pub counts: Counts,
    /// A page of the review queue: unreviewed incidents, least confident first.
    pub queue: Vec<IncidentRecord>,
    /// The queue entry J/K move from.
    pub cursor: usize,
    /// The left panel's tab.
    pub tab: LeftTab,
    /// The edit form, when open.
    pub form: Option<EditForm>,
    /// The last thing done or refused, for the status bar.
    pub message: String,
    /// The incident marked to merge the selected one into.
    pub merge_into: Option<String>,
    loader: Option<Receiver<Loaded>>,
    import: Option<WorkspaceImport>,
    extractor: ExtractorSlot,
    ctx: Context,
}

impl Session {
    /// Opens (creating if needed) a workspace; its incidents load in the background.
    pub fn open(ctx: &Context, path: &Path) -> Result<Session, String> {
        let ws = Workspace::open(path).map_err(|e| e.to_string())?;
        let mut session = Session {
            ws,
            counts: Counts::default(),
            queue: Vec::new(),
            cursor: 0,
            tab: LeftTab::Review,
            form: None,
            message: String::new(),
            merge_into: None,
            loader: None,
            import: None,
            // With the gazetteer (edit form's place candidates, map borders), off the UI
            // thread.
            extractor: ExtractorSlot::start(),
            ctx: ctx.clone(),
        };
        session.reload();
        session.refresh_queue();
        Ok(session)
    }

    /// The file.
    pub fn path(&self) -> &Path {
        self.ws.path()
    }

    /// Reads every shown incident again, in the background.
    fn reload(&mut self) {
        let repaint = self.ctx.clone();
        self.loader = start_loader(self.ws.path(), move || repaint.request_repaint());
    }

    /// True while incidents are being read.
    pub fn loading(&self) -> bool {
        self.loader.is_some()
    }

    /// The running import, if any.
    pub fn import(&self) -> Option<&WorkspaceImport> {
        self.import.as_ref()
    }

    /// Reads the counts and the first page of the queue again.
    pub fn refresh_queue(&mut self) {
        match (
            self.ws.counts(),
            self.ws
                .review_queue(StatusFilter::Only(ReviewStatus::Unreviewed), 0, QUEUE_PAGE),
        ) {
            (Ok(counts), Ok(queue)) => {
                self.counts = counts;
                self.queue = queue;
                self.cursor = self.cursor.min(self.queue.len().saturating_sub(1));
            }
            (Err(e), _) | (_, Err(e)) => self.message = format!("reading the workspace: {e}"),
        }
    }

    /// Reviewed (accepted, rejected, edited) and unreviewed counts, for the status bar.
    pub fn status_line(&self) -> String {
        let reviewed: u64 = ReviewStatus::ALL
            .iter()
            .filter(|s| s.is_reviewed())
            .map(|s| self.counts.of(*s))
            .sum();
        format!(
            "{} reviewed · {} unreviewed",
            reviewed,
            self.counts.of(ReviewStatus::Unreviewed)
        )
    }

    /// The article, read from the file (text included).
    pub fn article(&self, id: &str) -> Option<Article> {
        let info = self.ws.article(id).ok()?;
        let text = self.ws.article_text(id).ok()?;
        Some(Article {
            id: info.id,
            title: info.title,
            date: info.date,
            source: info.source,
            url: info.url,
            text,
        })
    }
}

/// The workspace opened when none is given: `workspace.imap` in the platform's data folder
/// (created with its folder when missing), so nothing imported is lost between launches.
pub fn default_workspace_path() -> Option<PathBuf> {
    let dirs = directories::ProjectDirs::from("org", "incident-map", "incident-map")?;
    let dir = dirs.data_dir();
    std::fs::create_dir_all(dir).ok()?;
    Some(dir.join("workspace.imap"))
}

/// The window title for a workspace.
pub fn title_of(path: &Path) -> String {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into(),
    );
    format!("{name} — incident-map")
}

impl IncidentApp {
    /// The open workspace session, if the app runs on a workspace.
    pub fn session(&self) -> Option<&Session> {
        self.session.as_ref()
    }

    /// Switches the app to a workspace file (created when missing).
    pub fn open_workspace(&mut self, ctx: &Context, path: &Path) {
        match Session::open(ctx, path) {
            Ok(session) => {
                let path = session.path().to_path_buf();
                self.session = Some(session);
                self.store = Store::new(Vec::new());
                self.articles.clear();
                self.mentions.clear();
                self.article_shown = None;
                self.article_selection = None;
                self.marker_drag = None;
                self.selected = None;
                self.filter_dirty = true;
                self.framed = self.state.view.is_some();
                self.state.recent_workspaces.retain(|p| p != &path);
                self.state.recent_workspaces.insert(0, path.clone());
                self.state.recent_workspaces.truncate(RECENT_MAX);
                ctx.send_viewport_cmd(egui::ViewportCommand::Title(title_of(&path)));
                self.notice = format!("workspace {}", path.display());
                self.seed_default_workspace(ctx, &path);
            }
            Err(err) => self.notice = format!("could not open the workspace: {err}"),
        }
    }

    /// Blocks until the workspace's incidents are read and a running import is done
    /// (tests).
    pub fn wait_for_workspace(&mut self) {
        let Some(session) = &mut self.session else {
            return;
        };
        if let Some(mut job) = session.import.take() {
            let result = job.wait();
            self.import_done(result);
        }
        let Some(session) = &mut self.session else {
            return;
        };
        if let Some(loader) = session.loader.take() {
            let loaded = loader
                .recv()
                .unwrap_or_else(|_| Err("the loader went away".into()));
            self.loaded(loaded);
        }
    }

    /// Takes what the background threads finished.
    pub(super) fn poll_session(&mut self) {
        let Some(session) = &mut self.session else {
            return;
        };
        if let Some(job) = &mut session.import
            && let Some(result) = job.poll()
        {
            session.import = None;
            self.import_done(result);
        }
        let Some(session) = &mut self.session else {
            return;
        };
        if let Some(loader) = &session.loader {
            match loader.try_recv() {
                Ok(loaded) => {
                    session.loader = None;
                    self.loaded(loaded);
                }
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => session.loader = None,
            }
        }
        self.ensure_article_loaded();
    }

    fn import_done(&mut self, result: Result<ImportSummary, String>) {
        self.notice = match &result {
            Ok(s) => format!(
                "imported {} articles ({} already there), {} new incidents, {} merged{}",
                s.articles_added + s.acled_rows_added,
                s.articles_already_present + s.acled_rows_already_present,
                s.incidents_added,
                s.incidents_merged,
                if s.cancelled { " (cancelled)" } else { "" }
            ),
            Err(e) => format!("import failed: {e}"),
        };
        if let Ok(summary) = result {
            let unreadable = summary.problems.iter().filter(|p| !p.recovered).count();
            self.show_report = unreadable > 0;
            self.problems.extend(summary.problems);
        }
        if let Some(session) = &mut self.session {
            session.refresh_queue();
            session.reload();
        }
    }

    fn loaded(&mut self, loaded: Loaded) {
        match loaded {
            Ok(incidents) => {
                let keep = self.selected_event_id();
                self.store = Store::new(incidents);
                self.filter_dirty = true;
                self.selected = keep.and_then(|id| self.index_of(&id));
                if !self.framed && !self.store.is_empty() {
                    self.commands.push(Command::ZoomToAll);
                    self.framed = true;
                }
                if let Some(session) = &self.session
                    && self.store.is_empty()
                    && session.import.is_none()
                {
                    self.notice = "an empty workspace: File > Import into workspace…".into();
                }
            }
            Err(e) => self.notice = format!("reading the workspace failed: {e}"),
        }
    }

    /// The selected incident's event id.
    pub fn selected_event_id(&self) -> Option<String> {
        self.selected
            .and_then(|s| self.store.get(s))
            .map(|i| i.event_id.clone())
    }

    /// The store index of an event id.
    fn index_of(&self, event_id: &str) -> Option<u32> {
        self.store
            .incidents()
            .iter()
            .position(|i| i.event_id == event_id)
            .and_then(|p| u32::try_from(p).ok())
    }

    /// Reads the shown article from the workspace when it is not in memory yet.
    fn ensure_article_loaded(&mut self) {
        let (Some(session), Some(id)) = (&self.session, &self.article_shown) else {
            return;
        };
        if self.articles.iter().any(|a| &a.id == id) {
            return;
        }
        if let Some(article) = session.article(id) {
            // A small cache: the text of the last articles shown.
            if self.articles.len() >= 32 {
                self.articles.remove(0);
            }
            self.articles.push(article);
        }
    }

    /// The incident corrections act on: the selection, else the queue's current entry.
    fn target(&self) -> Option<String> {
        self.selected_event_id().or_else(|| {
            let s = self.session.as_ref()?;
            s.queue.get(s.cursor).map(|r| r.event_id().to_string())
        })
    }

    /// Selects an incident by event id (on the map and in the list; it may be filtered out
    /// of the list, then only the article shows).
    fn select_event(&mut self, event_id: &str) {
        let index = self.index_of(event_id);
        self.commands.push(Command::Select(index));
        if index.is_none()
            && let Some(session) = &self.session
            && let Ok(record) = session.ws.incident(event_id)
        {
            self.article_shown = record.incident.sources.first().cloned();
        }
    }

    /// Selects the queue entry at the cursor.
    fn select_cursor(&mut self) {
        let id = self
            .session
            .as_ref()
            .and_then(|s| s.queue.get(s.cursor).map(|r| r.event_id().to_string()));
        if let Some(id) = id {
            self.select_event(&id);
        }
    }

    /// Mirrors the workspace's current state of some incidents into the map's store.
    fn sync_incidents(&mut self, ids: &[String]) {
        let Some(session) = &self.session else {
            return;
        };
        let keep = self.selected_event_id();
        let mut incidents = self.store.incidents().to_vec();
        for id in ids {
            let shown = session.ws.is_shown(id).unwrap_or(false);
            let record = session.ws.incident(id).ok();
            let at = incidents.iter().position(|i| &i.event_id == id);
            match (record, at) {
                (Some(r), Some(p)) if shown && r.status() != ReviewStatus::Rejected => {
                    if let Some(slot) = incidents.get_mut(p) {
                        *slot = r.incident;
                    }
                }
                (Some(r), None) if shown && r.status() != ReviewStatus::Rejected => {
                    incidents.push(r.incident);
                }
                (_, Some(p)) => {
                    incidents.remove(p);
                }
                (_, None) => {}
            }
        }
        self.store = Store::new(incidents);
        self.filter_dirty = true;
        self.selected = keep.and_then(|id| self.index_of(&id));
        if let Some(session) = &mut self.session {
            session.refresh_queue();
        }
    }

    /// Applies a workspace command.
    pub(super) fn apply_workspace(&mut self, ctx: &Context, command: WsCommand) {
        if self.session.is_none() {
            match command {
                WsCommand::Open(path) => self.open_workspace(ctx, &path),
                WsCommand::NewDialog | WsCommand::OpenDialog => self.workspace_dialog(ctx, command),
                _ => self.notice = "no workspace is open (File > Open workspace…)".into(),
            }
            return;
        }
        match command {
            WsCommand::Open(path) => self.open_workspace(ctx, &path),
            WsCommand::NewDialog | WsCommand::OpenDialog => self.workspace_dialog(ctx, command),
            WsCommand::Import(paths) => self.start_workspace_import(ctx, paths),
            WsCommand::ImportDialog { folder } => {
                let dialog = rfd::FileDialog::new().set_title("Import into the workspace");
                let picked = if folder {
                    dialog.pick_folder().map(|f| vec![f])
                } else {
                    dialog.pick_files()
                };
                if let Some(paths) = picked {
                    self.start_workspace_import(ctx, paths);
                }
            }
            WsCommand::Review(status) => {
                let Some(id) = self.target() else {
                    self.set_message("nothing to review");
                    return;
                };
                let was_current = self
                    .session
                    .as_ref()
                    .is_some_and(|s| s.queue.get(s.cursor).is_some_and(|r| r.event_id() == id));
                let result = self.session_mut().map(|s| s.ws.set_status(&id, status));
                match result {
                    Some(Ok(_)) => {
                        self.set_message(&format!("{id}: {status}"));
                        self.sync_incidents(std::slice::from_ref(&id));
                        // The reviewed entry left the queue: the cursor now points at the
                        // next one.
                        if was_current || self.selected.is_none() {
                            self.select_cursor();
                        }
                    }
                    Some(Err(e)) => self.set_message(&e.to_string()),
                    None => {}
                }
            }
            WsCommand::Next | WsCommand::Previous => {
                if let Some(s) = &mut self.session {
                    let current = self
                        .selected
                        .and_then(|i| self.store.get(i))
                        .map(|i| &i.event_id);
                    let at = current.and_then(|id| s.queue.iter().position(|r| r.event_id() == id));
                    let last = s.queue.len().saturating_sub(1);
                    s.cursor = match (at, command == WsCommand::Next) {
                        (None, _) => s.cursor.min(last),
                        (Some(p), true) => (p + 1).min(last),
                        (Some(p), false) => p.saturating_sub(1),
                    };
                }
                self.select_cursor();
            }
            WsCommand::SelectEvent(id) => {
                if let Some(s) = &mut self.session
                    && let Some(p) = s.queue.iter().position(|r| r.event_id() == id)
                {
                    s.cursor = p;
                }
                self.select_event(&id);
            }
            WsCommand::Edit => {
                let Some(id) = self.target() else {
                    self.set_message("select an incident to edit");
                    return;
                };
                if let Some(s) = &mut self.session {
                    match s.ws.incident(&id) {
                        Ok(record) => s.form = Some(EditForm::new(&record)),
                        Err(e) => s.message = e.to_string(),
                    }
                }
            }
            WsCommand::SaveEdit(id, assignments) => {
                let Some(s) = &mut self.session else {
                    return;
                };
                let pairs: Vec<(&str, &str)> = assignments
                    .iter()
                    .map(|(f, v)| (f.as_str(), v.as_str()))
                    .collect();
                match s.ws.apply_edit(&id, &pairs) {
                    Ok(outcome) => {
                        s.form = None;
                        s.message = if outcome.changes.is_empty() {
                            format!("{id}: nothing changed")
                        } else {
                            format!("{id}: {} field(s) corrected", outcome.changes.len())
                        };
                        self.sync_incidents(std::slice::from_ref(&id));
                    }
                    Err(e) => {
                        // Refused: the workspace is unchanged, the form stays open.
                        if let Some(form) = &mut s.form {
                            form.error = Some(e.to_string());
                        }
                    }
                }
            }
            WsCommand::MoveIncident {
                event_id,
                latitude,
                longitude,
            } => self.move_incident(&event_id, latitude, longitude),
            WsCommand::AddFromSelection { article, chars } => {
                self.add_from_selection(&article, chars);
            }
            WsCommand::CloseEdit => {
                if let Some(s) = &mut self.session {
                    s.form = None;
                }
            }
            WsCommand::Undo | WsCommand::Redo => {
                let undo = command == WsCommand::Undo;
                let Some(s) = &mut self.session else {
                    return;
                };
                let result = if undo { s.ws.undo() } else { s.ws.redo() };
                match result {
                    Ok(Some(info)) => {
                        s.form = None;
                        s.message = format!(
                            "{} {} of {}",
                            if undo { "undid" } else { "redid" },
                            info.kind.as_str(),
                            info.incidents.join(", ")
                        );
                        let ids = info.incidents.clone();
                        self.sync_incidents(&ids);
                        if let Some(first) = ids.first() {
                            self.select_event(first);
                        }
                    }
                    Ok(None) => {
                        s.message = format!("nothing to {}", if undo { "undo" } else { "redo" })
                    }
                    Err(e) => s.message = e.to_string(),
                }
            }
            WsCommand::Merge(kept, absorbed) => {
                let Some(s) = &mut self.session else {
                    return;
                };
                s.merge_into = None;
                match s.ws.merge(&kept, &absorbed) {
                    Ok(_) => {
                        s.message = format!("merged {absorbed} into {kept}");
                        self.sync_incidents(&[kept.clone(), absorbed]);
                        self.select_event(&kept);
                    }
                    Err(e) => s.message = e.to_string(),
                }
            }
            WsCommand::MarkForMerge(id) => {
                if let Some(s) = &mut self.session {
                    s.message = format!("{id} marked: select another incident to merge into it");
                    s.merge_into = Some(id);
                }
            }
            WsCommand::Split(id) => {
                let Some(s) = &mut self.session else {
                    return;
                };
                match s.ws.split(&id) {
                    Ok(mut ids) => {
                        s.message = format!("split {id} into {}", ids.join(", "));
                        ids.push(id);
                        self.sync_incidents(&ids);
                    }
                    Err(e) => s.message = e.to_string(),
                }
            }
        }
    }

    /// Saves a marker dragged on the map: the same edit path as the form (checked, logged,
    /// undoable).
    fn move_incident(&mut self, event_id: &str, latitude: f64, longitude: f64) {
        let Some(s) = &mut self.session else {
            return;
        };
        let assignments = move_edit(latitude, longitude);
        let pairs: Vec<(&str, &str)> = assignments
            .iter()
            .map(|(f, v)| (f.as_str(), v.as_str()))
            .collect();
        match s.ws.apply_edit(event_id, &pairs) {
            Ok(_) => {
                let value = |field: &str| {
                    pairs
                        .iter()
                        .find(|(f, _)| *f == field)
                        .map_or("", |(_, v)| *v)
                };
                s.message = format!(
                    "{event_id} moved to {}, {} (Ctrl+Z puts it back)",
                    value("latitude"),
                    value("longitude")
                );
                // A form open on it, not changed yet, shows the new place.
                let fresh = s
                    .form
                    .as_ref()
                    .is_some_and(|f| f.event_id == event_id && f.changes().is_empty());
                if fresh && let Ok(record) = s.ws.incident(event_id) {
                    s.form = Some(EditForm::new(&record));
                }
                self.sync_incidents(&[event_id.to_string()]);
            }
            Err(e) => s.message = e.to_string(),
        }
    }

    /// Adds an incident coded from selected words of an article, selects it and opens it in
    /// the edit form.
    fn add_from_selection(&mut self, article: &str, chars: Range<usize>) {
        let Some(s) = &mut self.session else {
            return;
        };
        let (added, unavailable) = match s.extractor.get() {
            Ok(extractor) => (
                s.ws.add_incident_from_selection(extractor, article, chars),
                None,
            ),
            Err(why) => (
                s.ws.add_incident_from_selection(&NoFindings, article, chars),
                Some(why),
            ),
        };
        let id = match added {
            Ok(id) => id,
            Err(e) => {
                s.message = e.to_string();
                return;
            }
        };
        match s.ws.incident(&id) {
            Ok(record) => s.form = Some(EditForm::new(&record)),
            Err(e) => s.message = e.to_string(),
        }
        s.message = match unavailable {
            None => format!("added {id} from the selection (Ctrl+Z removes it)"),
            Some(why) => format!("added {id} from the selection, unfilled: {why}"),
        };
        self.article_selection = None;
        self.sync_incidents(std::slice::from_ref(&id));
        self.select_event(&id);
    }

    fn session_mut(&mut self) -> Option<&mut Session> {
        self.session.as_mut()
    }

    fn set_message(&mut self, text: &str) {
        if let Some(s) = &mut self.session {
            s.message = text.to_string();
        }
    }

    fn workspace_dialog(&mut self, ctx: &Context, command: WsCommand) {
        let dialog = rfd::FileDialog::new().add_filter("Workspace", &[crate::workspace::EXTENSION]);
        let picked = if command == WsCommand::NewDialog {
            dialog
                .set_title("New workspace")
                .set_file_name("analysis.imap")
                .save_file()
        } else {
            dialog.set_title("Open workspace").pick_file()
        };
        if let Some(mut path) = picked {
            if !crate::workspace::is_workspace_path(&path) {
                path.set_extension(crate::workspace::EXTENSION);
            }
            self.open_workspace(ctx, &path);
        }
    }

    fn start_workspace_import(&mut self, ctx: &Context, paths: Vec<PathBuf>) {
        let Some(s) = &mut self.session else {
            return;
        };
        if s.import.is_some() {
            self.notice = "an import is already running".into();
            return;
        }
        let repaint = ctx.clone();
        match WorkspaceImport::start(s.ws.path(), paths, move || repaint.request_repaint()) {
            Ok(job) => s.import = Some(job),
            Err(e) => self.notice = format!("could not start the import thread: {e}"),
        }
    }

    /// The default workspace starts with the bundled sample (written as a JSON Lines file
    /// in the temporary folder and imported in the background), so a first launch shows
    /// incidents as the app always did.
    fn seed_default_workspace(&mut self, ctx: &Context, path: &Path) {
        let empty = self
            .session
            .as_ref()
            .is_some_and(|s| s.ws.counts().is_ok_and(|c| c.articles == 0));
        if !empty || default_workspace_path().as_deref() != Some(path) {
            return;
        }
        let file =
            std::env::temp_dir().join(format!("incident-map-sample-{}.jsonl", std::process::id()));
        let mut lines = String::new();
        for article in crate::sample::sample_articles() {
            if let Ok(line) = serde_json::to_string(&article) {
                lines.push_str(&line);
                lines.push('\n');
            }
        }
        match std::fs::write(&file, lines) {
            Ok(()) => self.start_workspace_import(ctx, vec![file]),
            Err(e) => self.notice = format!("could not write the sample articles: {e}"),
        }
    }

    /// Cancels the running workspace import; true if there was one.
    pub(super) fn cancel_workspace_import(&mut self) -> bool {
        match self.session.as_ref().and_then(|s| s.import.as_ref()) {
            Some(job) => {
                job.cancel();
                true
            }
            None => false,
        }
    }
}

impl IncidentApp {
    /// The left panel: on a workspace, tabs for the review queue and the filters.
    pub(super) fn left_ui(&mut self, ui: &mut egui::Ui) {
        let selected = self.selected_event_id();
        let Some(session) = &mut self.session else {
            egui::ScrollArea::vertical()
                .id_salt("filters-scroll")
                .show(ui, |ui| self.filters_ui(ui));
            return;
        };
        ui.horizontal(|ui| {
            ui.selectable_value(&mut session.tab, LeftTab::Review, "Review");
            ui.selectable_value(&mut session.tab, LeftTab::Filters, "Filters");
            ui.selectable_value(&mut session.tab, LeftTab::Agreement, "Agreement");
        });
        ui.separator();
        match session.tab {
            LeftTab::Review => {
                for command in super::review::review_queue_ui(ui, session, selected.as_deref()) {
                    self.commands.push(Command::Workspace(command));
                }
            }
            LeftTab::Filters => {
                egui::ScrollArea::vertical()
                    .id_salt("filters-scroll")
                    .show(ui, |ui| self.filters_ui(ui));
            }
            LeftTab::Agreement => super::review::agreement_ui(ui, session),
        }
    }

    /// The workspace entries of the File menu.
    pub(super) fn workspace_menu_ui(&mut self, ui: &mut egui::Ui) {
        let mut push = |c: WsCommand| self.commands.push(Command::Workspace(c));
        if ui.button("New workspace…").clicked() {
            push(WsCommand::NewDialog);
        }
        if ui.button("Open workspace…").clicked() {
            push(WsCommand::OpenDialog);
        }
        let recent = self.state.recent_workspaces.clone();
        ui.add_enabled_ui(!recent.is_empty(), |ui| {
            ui.menu_button("Open recent", |ui| {
                for path in recent {
                    if ui.button(path.display().to_string()).clicked() {
                        self.commands
                            .push(Command::Workspace(WsCommand::Open(path.clone())));
                    }
                }
            });
        });
        let open = self.session.is_some();
        if ui
            .add_enabled(open, egui::Button::new("Import files into workspace…"))
            .clicked()
        {
            self.commands
                .push(Command::Workspace(WsCommand::ImportDialog {
                    folder: false,
                }));
        }
        if ui
            .add_enabled(open, egui::Button::new("Import folder into workspace…"))
            .clicked()
        {
            self.commands
                .push(Command::Workspace(WsCommand::ImportDialog { folder: true }));
        }
        ui.separator();
    }
}
