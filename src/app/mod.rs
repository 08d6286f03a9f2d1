//! The desktop app: incidents on a tiled map (walkers) beside the article they came from,
//! with the incident list and filters by date (histogram, play), type, fatalities and text.
//!
//! Layout: menu bar; filters on the left; the article on the right; the incident list at
//! the bottom; the map in the middle; a status bar with the basemap in use and import
//! progress. UI code reads the store each frame and emits [`Command`]s, applied after
//! drawing. Extraction runs on a background thread ([`import::ImportJob`]).

pub mod basemap;
pub mod edit_form;
pub mod import;
pub mod map;
mod panels;
pub mod review;
pub mod state;
pub mod tile_cache;
pub mod tiles;
pub mod view;
pub mod workspace_view;

use std::path::PathBuf;

use egui::{
    Align2, Color32, Context, FontId, Key, KeyboardShortcut, Modifiers, Rect, RichText, Ui, Vec2,
};
use walkers::{Map, MapMemory, MercatorProjection, Position, Projector, lat_lon};

use self::basemap::{Basemap, BasemapChoice, Credit};
use self::import::{ImportJob, ImportSource};
use self::map::{
    BordersLayer, Clusters, DragHandle, IncidentsLayer, MapEvents, frame_positions, type_color,
};
use self::state::{STATE_KEY, SortKey, State};
use self::tiles::TileServer;
use self::workspace_view::{ArticleSelection, Session, WsCommand};
use crate::dedup::merge_incidents;
use crate::export::{Format, write_incidents};
use crate::gazetteer::Gazetteer;
use crate::ingest::ImportProblem;
use crate::model::{Article, EventType, GeoPrecision, Incident, PlaceMention};
use crate::pipeline::PipelineOutput;
use crate::store::{FilterResult, Store};

/// Something the user asked for, applied after the frame is drawn.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// Select an incident (store index), or none.
    Select(Option<u32>),
    /// Show an article in the article panel.
    ShowArticle(String),
    /// Read and extract files or folders, adding their incidents.
    Open(Vec<PathBuf>),
    /// Ask for files (or a folder) with the native dialog.
    OpenDialog {
        /// A folder instead of files.
        folder: bool,
    },
    /// Write the filtered incidents.
    Export(PathBuf, Format),
    /// Ask where to export with the native dialog.
    ExportDialog(Format),
    /// Frame every shown incident.
    ZoomToAll,
    /// Frame the selected incident.
    ZoomToSelection,
    /// Centre the map on a point at a zoom level.
    FlyTo(f64, f64, f64),
    /// Reset every filter.
    ClearFilters,
    /// Stop the running import.
    CancelImport,
    /// Change the basemap.
    SetBasemap(BasemapChoice),
    /// A workspace action (review, edit, undo, open, import).
    Workspace(WsCommand),
}

/// Options of a new app.
#[derive(Debug, Clone, Default)]
pub struct AppOptions {
    /// Paths given on the command line (they replace the remembered ones).
    pub paths: Vec<PathBuf>,
    /// Probe the tile server (off in tests: the bundled basemap is used). Only the
    /// *Automatic* basemap ever probes.
    pub probe_tiles: bool,
    /// An XYZ tile server URL template (`--tiles`); it becomes the basemap choice.
    pub tiles: Option<String>,
}

/// The app.
pub struct IncidentApp {
    /// Persisted state.
    pub state: State,
    store: Store,
    articles: Vec<Article>,
    mentions: Vec<PlaceMention>,
    result: FilterResult,
    sorted: Vec<u32>,
    generation: u64,
    filter_dirty: bool,
    /// The selected incident (store index).
    pub selected: Option<u32>,
    article_shown: Option<String>,
    scroll_list: bool,
    scroll_article: bool,
    map_memory: MapMemory,
    map_home: (f64, f64),
    map_size: Vec2,
    map_rect: Rect,
    framed: bool,
    clusters: Clusters,
    basemap: Basemap,
    tile_url_input: String,
    tile_url_error: Option<String>,
    import: Option<ImportJob>,
    /// Problems of the imports so far.
    pub problems: Vec<ImportProblem>,
    show_report: bool,
    playing: bool,
    last_play_step: f64,
    notice: String,
    commands: Vec<Command>,
    /// The open workspace (none when the app shows files read into memory).
    session: Option<Session>,
    /// Words of the shown article selected for "Add incident from selection".
    article_selection: Option<ArticleSelection>,
    /// The selected incident's marker being dragged to a new place.
    marker_drag: Option<MarkerDrag>,
    /// The shown article cut into highlighted pieces, and what it was cut for.
    article_pieces_cache:
        std::cell::RefCell<Option<(panels::PiecesKey, std::rc::Rc<panels::ArticlePieces>)>>,
}

/// A marker being dragged on the map (a workspace's selected incident).
#[derive(Debug, Clone, PartialEq)]
struct MarkerDrag {
    event_id: String,
    /// Where the incident is (lat, lon).
    from: (f64, f64),
    /// Where it would be dropped now (lat, lon).
    to: (f64, f64),
    /// Where the pointer grabbed it (screen points).
    origin: egui::Pos2,
    /// From the pointer to the marker's centre when it was grabbed (screen points).
    grab: Vec2,
    /// True once the pointer moved past a click's wobble.
    moved: bool,
}

/// How far (points) the pointer moves before a press on a marker becomes a drag.
const MARKER_DRAG_POINTS: f32 = 3.0;

impl IncidentApp {
    /// A new app; starts extracting the given paths, the remembered ones, or the sample.
    pub fn new(ctx: &Context, state: State, options: AppOptions) -> IncidentApp {
        let paths = options.paths.clone();
        let mut app = IncidentApp::blank(ctx, state, options);
        let paths = if paths.is_empty() {
            app.state.paths.clone()
        } else {
            paths
        };
        app.state.paths.clear();
        let existing: Vec<PathBuf> = paths
            .into_iter()
            .filter(|p| p.exists() || p.as_os_str() == "-")
            .collect();
        if existing.is_empty() {
            app.start_import(
                ctx,
                ImportSource::Articles(crate::sample::sample_articles()),
            );
        } else {
            app.state.paths = existing.clone();
            app.start_import(ctx, ImportSource::Paths(existing));
        }
        app
    }

    /// A new app on a workspace file (created when missing); its incidents are read in
    /// the background, the first frame does not wait for them.
    pub fn on_workspace(
        ctx: &Context,
        state: State,
        options: AppOptions,
        workspace: &std::path::Path,
    ) -> IncidentApp {
        let mut app = IncidentApp::blank(ctx, state, options);
        app.open_workspace(ctx, workspace);
        app
    }

    /// An app with nothing loaded.
    fn blank(ctx: &Context, mut state: State, options: AppOptions) -> IncidentApp {
        if let Some(url) = options.tiles {
            state.basemap = BasemapChoice::TileServer(url);
        }
        let tile_url_input = match &state.basemap {
            BasemapChoice::TileServer(url) => url.clone(),
            _ => String::new(),
        };
        let basemap = Basemap::new(ctx, state.basemap.clone(), options.probe_tiles);
        let mut app = IncidentApp {
            store: Store::default(),
            articles: Vec::new(),
            mentions: Vec::new(),
            result: FilterResult::default(),
            sorted: Vec::new(),
            generation: 0,
            filter_dirty: true,
            selected: None,
            article_shown: None,
            scroll_list: false,
            scroll_article: false,
            map_memory: MapMemory::default(),
            map_home: (34.5, 66.0),
            map_size: Vec2::new(800.0, 600.0),
            map_rect: Rect::NOTHING,
            framed: state.view.is_some(),
            clusters: Clusters::default(),
            basemap,
            tile_url_input,
            tile_url_error: None,
            import: None,
            problems: Vec::new(),
            show_report: false,
            playing: false,
            last_play_step: 0.0,
            notice: String::new(),
            commands: Vec::new(),
            session: None,
            article_selection: None,
            marker_drag: None,
            article_pieces_cache: std::cell::RefCell::new(None),
            state,
        };
        if let Some(((lat, lon), zoom)) = app.state.view {
            app.map_home = (lat, lon);
            let _ = app.map_memory.set_zoom(zoom);
        } else {
            let _ = app.map_memory.set_zoom(5.0);
        }
        app
    }

    fn start_import(&mut self, ctx: &Context, source: ImportSource) {
        let repaint = ctx.clone();
        match ImportJob::start(source, move || repaint.request_repaint()) {
            Ok(job) => self.import = Some(job),
            Err(err) => self.notice = format!("could not start the import thread: {err}"),
        }
    }

    /// Blocks until the running import is done and applies it (tests).
    pub fn wait_for_import(&mut self) {
        if let Some(mut job) = self.import.take() {
            match job.wait() {
                Ok(output) => self.apply_import(output),
                Err(err) => self.notice = err,
            }
        }
    }

    /// True while an import runs.
    pub fn importing(&self) -> bool {
        self.import.is_some()
    }

    fn apply_import(&mut self, output: PipelineOutput) {
        let new_ids: Vec<String> = output.articles.iter().map(|a| a.id.clone()).collect();
        self.articles.retain(|a| !new_ids.contains(&a.id));
        self.mentions.retain(|m| !new_ids.contains(&m.article));
        let mut incidents: Vec<Incident> = self
            .store
            .incidents()
            .iter()
            .filter(|i| !i.sources.iter().all(|s| new_ids.contains(s)))
            .cloned()
            .collect();
        incidents.extend(output.incidents);
        self.articles.extend(output.articles);
        self.mentions.extend(output.mentions);
        let read = output.problems.iter().filter(|p| !p.recovered).count();
        if !output.problems.is_empty() {
            self.show_report = read > 0;
        }
        self.problems.extend(output.problems);
        self.store = Store::new(merge_incidents(incidents));
        self.selected = None;
        self.filter_dirty = true;
        self.notice = format!(
            "{} articles, {} incidents{}{}",
            self.articles.len(),
            self.store.len(),
            if output.cancelled {
                " (import cancelled)"
            } else {
                ""
            },
            if read > 0 {
                format!(", {read} file(s) could not be read")
            } else {
                String::new()
            }
        );
        if !self.framed {
            self.commands.push(Command::ZoomToAll);
            self.framed = true;
        }
        if self.article_shown.is_none() {
            self.article_shown = self.articles.first().map(|a| a.id.clone());
        }
    }

    /// The filtered incidents, in list order.
    pub fn visible(&self) -> &[u32] {
        &self.sorted
    }

    /// Incidents drawn on the map (in point clusters and area halos) at the last frame.
    pub fn markers_drawn(&self) -> usize {
        self.clusters.incidents_drawn()
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The article shown in the article panel.
    pub fn shown_article(&self) -> Option<&Article> {
        self.article_shown
            .as_ref()
            .and_then(|id| self.articles.iter().find(|a| &a.id == id))
    }

    /// Queues a command (tests and UI code).
    pub fn command(&mut self, command: Command) {
        self.commands.push(command);
    }

    /// Marks the filters as changed.
    pub fn filters_changed(&mut self) {
        self.filter_dirty = true;
    }

    fn refresh(&mut self) {
        if !self.filter_dirty {
            return;
        }
        self.filter_dirty = false;
        self.generation += 1;
        self.result = self.store.apply(&self.state.filter);
        self.sort();
        if self
            .selected
            .is_some_and(|s| !self.result.visible.contains(&s))
        {
            self.selected = None;
        }
    }

    fn sort(&mut self) {
        let store = &self.store;
        let mut sorted = self.result.visible.clone();
        let key = self.state.sort;
        sorted.sort_by(|&a, &b| {
            let (Some(x), Some(y)) = (store.get(a), store.get(b)) else {
                return std::cmp::Ordering::Equal;
            };
            let order = match key {
                SortKey::Date => x.event_date.cmp(&y.event_date),
                SortKey::Type => x.sub_event_type.cmp(&y.sub_event_type),
                SortKey::Fatalities => x.fatalities.cmp(&y.fatalities),
                SortKey::Place => {
                    (&x.country, &x.admin1, &x.location).cmp(&(&y.country, &y.admin1, &y.location))
                }
            };
            order.then(a.cmp(&b))
        });
        if self.state.descending {
            sorted.reverse();
        }
        self.sorted = sorted;
    }

    /// Draws the whole app into `ui` (the eframe root, or a test harness).
    pub fn show(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        self.poll(&ctx);
        self.poll_session();
        self.keyboard(&ctx);
        self.refresh();
        egui::Panel::top("menu").show(ui, |ui| self.menu_ui(ui));
        egui::Panel::bottom("status").show(ui, |ui| self.status_ui(ui));
        egui::Panel::left("filters")
            .resizable(true)
            .default_size(290.0)
            .show(ui, |ui| self.left_ui(ui));
        egui::Panel::right("article")
            .resizable(true)
            .default_size(430.0)
            .show(ui, |ui| self.article_ui(ui));
        egui::Panel::bottom("list")
            .resizable(true)
            .default_size(230.0)
            .show(ui, |ui| self.list_ui(ui));
        egui::CentralPanel::default().show(ui, |ui| self.map_ui(ui));
        self.report_window(&ctx);
        if let Some(form) = self.session.as_mut().and_then(|s| s.form.as_mut()) {
            for command in edit_form::edit_window(&ctx, form) {
                self.commands.push(Command::Workspace(command));
            }
        }
        self.play_step(&ctx);
        let commands = std::mem::take(&mut self.commands);
        for command in commands {
            self.apply(&ctx, command);
        }
        self.refresh();
    }

    fn poll(&mut self, ctx: &Context) {
        self.basemap.poll();
        if let Some(job) = &mut self.import
            && let Some(done) = job.poll()
        {
            self.import = None;
            match done {
                Ok(output) => self.apply_import(output),
                Err(err) => self.notice = format!("import failed: {err}"),
            }
        }
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        });
        if !dropped.is_empty() {
            self.commands.push(Command::Open(dropped));
        }
    }

    fn keyboard(&mut self, ctx: &Context) {
        let open = KeyboardShortcut::new(Modifiers::COMMAND, Key::O);
        if ctx.input_mut(|i| i.consume_shortcut(&open)) {
            self.commands.push(Command::OpenDialog { folder: false });
        }
        if self.session.is_some() {
            for command in review::review_keys(ctx) {
                self.commands.push(Command::Workspace(command));
            }
        }
        let typing = ctx.memory(|m| m.focused().is_some());
        if typing || self.sorted.is_empty() {
            return;
        }
        let (down, up) =
            ctx.input(|i| (i.key_pressed(Key::ArrowDown), i.key_pressed(Key::ArrowUp)));
        if down || up {
            let at = self
                .selected
                .and_then(|s| self.sorted.iter().position(|&i| i == s));
            let next = match (at, down) {
                (None, _) => 0,
                (Some(p), true) => (p + 1).min(self.sorted.len() - 1),
                (Some(p), false) => p.saturating_sub(1),
            };
            self.commands
                .push(Command::Select(self.sorted.get(next).copied()));
        }
    }

    fn apply(&mut self, ctx: &Context, command: Command) {
        match command {
            Command::Select(index) => {
                self.selected = index;
                if let Some(incident) = index.and_then(|i| self.store.get(i)) {
                    let keep = self
                        .article_shown
                        .as_ref()
                        .is_some_and(|a| incident.sources.contains(a));
                    if !keep {
                        self.article_shown = incident.sources.first().cloned();
                    }
                    self.scroll_list = true;
                    self.scroll_article = true;
                }
            }
            Command::ShowArticle(id) => self.article_shown = Some(id),
            Command::Open(paths) if self.session.is_some() => {
                self.apply_workspace(ctx, WsCommand::Import(paths));
            }
            Command::Open(paths) => {
                if self.import.is_some() {
                    self.notice = "an import is already running".into();
                    return;
                }
                for p in &paths {
                    if !self.state.paths.contains(p) {
                        self.state.paths.push(p.clone());
                    }
                }
                self.start_import(ctx, ImportSource::Paths(paths));
            }
            Command::OpenDialog { folder } => {
                let dialog = rfd::FileDialog::new().set_title("Open articles");
                let picked = if folder {
                    dialog.pick_folder().map(|f| vec![f])
                } else {
                    dialog
                        .add_filter("Articles", &crate::ingest::SUPPORTED_EXTENSIONS)
                        .pick_files()
                };
                if let Some(paths) = picked {
                    self.commands.push(Command::Open(paths));
                }
            }
            Command::Export(path, format) => self.export(&path, format),
            Command::ExportDialog(format) => {
                let name = format!("incidents.{}", format.extension());
                if let Some(path) = rfd::FileDialog::new().set_file_name(name).save_file() {
                    self.export(&path, format);
                }
            }
            Command::ZoomToAll => {
                let positions: Vec<(f64, f64)> = self
                    .result
                    .visible
                    .iter()
                    .filter_map(|&i| self.store.get(i))
                    .filter_map(|i| i.position())
                    .collect();
                if let Some(((lat, lon), zoom)) = frame_positions(&positions, self.map_size) {
                    self.fly_to(lat, lon, zoom);
                }
            }
            Command::ZoomToSelection => {
                if let Some(i) = self.selected.and_then(|s| self.store.get(s)) {
                    let zoom = match i.geo_precision {
                        GeoPrecision::Town => 10.0,
                        GeoPrecision::District => 8.0,
                        GeoPrecision::Province => 6.5,
                    };
                    if let Some((lat, lon)) = i.position() {
                        self.fly_to(lat, lon, zoom);
                    }
                }
            }
            Command::FlyTo(lat, lon, zoom) => self.fly_to(lat, lon, zoom),
            Command::ClearFilters => {
                self.state.filter = Default::default();
                self.playing = false;
                self.filter_dirty = true;
            }
            Command::Workspace(command) => self.apply_workspace(ctx, command),
            Command::CancelImport => {
                if self.cancel_workspace_import() {
                    return;
                }
                if let Some(job) = &self.import {
                    job.cancel();
                }
            }
            Command::SetBasemap(choice) => {
                self.state.basemap = choice.clone();
                self.basemap.set_choice(ctx, choice);
            }
        }
    }

    fn fly_to(&mut self, lat: f64, lon: f64, zoom: f64) {
        self.map_home = (lat, lon);
        self.map_memory.center_at(lat_lon(lat, lon));
        let _ = self.map_memory.set_zoom(zoom);
    }

    fn export(&mut self, path: &std::path::Path, format: Format) {
        let mut chosen: Vec<Incident> = self
            .sorted
            .iter()
            .filter_map(|&i| self.store.get(i))
            .cloned()
            .collect();
        chosen.sort_by(|a, b| {
            a.event_date
                .cmp(&b.event_date)
                .then_with(|| a.event_id.cmp(&b.event_id))
        });
        let result = std::fs::File::create(path)
            .map_err(|e| e.to_string())
            .and_then(|file| {
                let mut writer = std::io::BufWriter::new(file);
                write_incidents(&mut writer, &chosen, format).map_err(|e| e.to_string())?;
                std::io::Write::flush(&mut writer).map_err(|e| e.to_string())
            });
        self.notice = match result {
            Ok(()) => format!("exported {} incidents to {}", chosen.len(), path.display()),
            Err(err) => format!("export to {} failed: {err}", path.display()),
        };
    }

    /// The map's zoom level.
    pub fn map_zoom(&self) -> f64 {
        self.map_memory.zoom()
    }

    /// The map's centre (lat, lon).
    pub fn map_center(&self) -> (f64, f64) {
        self.map_memory
            .detached()
            .map_or(self.map_home, |p| (p.y(), p.x()))
    }

    /// Where the map was drawn at the last frame (screen rectangle).
    pub fn map_rect(&self) -> Rect {
        self.map_rect
    }

    /// The basemap's one-line status (as in the status bar).
    pub fn basemap_status(&self) -> String {
        self.basemap.status()
    }

    /// True once the basemap opened (or tried to open) a network connection.
    pub fn network_used(&self) -> bool {
        self.basemap.network_used()
    }

    /// The mouse wheel over the map zooms around the pointer, half a level a notch whatever
    /// the frame rate (walkers' own wheel zoom scales with the frame time).
    fn wheel_zoom(&mut self, ui: &mut Ui) {
        let scrolled = ui.input(|i| i.smooth_scroll_delta.y);
        let pointer = ui.input(|i| i.pointer.hover_pos());
        let (Some(pointer), true) = (pointer, scrolled != 0.0) else {
            return;
        };
        if !ui.rect_contains_pointer(self.map_rect) {
            return;
        }
        ui.input_mut(|i| i.smooth_scroll_delta = Vec2::ZERO);
        let zoom = self.map_memory.zoom();
        let size = (f64::from(self.map_size.x), f64::from(self.map_size.y));
        let new_zoom = (zoom + f64::from(scrolled) / view::WHEEL_POINTS_PER_LEVEL)
            .clamp(view::min_zoom(size.0, size.1), view::MAX_ZOOM);
        let offset = pointer - self.map_rect.center();
        let (lat, lon) = view::zoom_around(
            self.map_center(),
            zoom,
            new_zoom,
            (f64::from(offset.x), f64::from(offset.y)),
        );
        let _ = self.map_memory.set_zoom(new_zoom);
        self.map_memory.center_at(lat_lon(lat, lon));
    }

    /// Keeps the view inside the world (see [`view::clamp_view`]); true if it moved.
    fn clamp_view(&mut self) -> bool {
        let center = self.map_center();
        let zoom = self.map_memory.zoom();
        let size = (f64::from(self.map_size.x), f64::from(self.map_size.y));
        let ((lat, lon), clamped_zoom) = view::clamp_view(center, zoom, size);
        let mut moved = false;
        if clamped_zoom != zoom {
            let _ = self.map_memory.set_zoom(clamped_zoom);
            moved = true;
        }
        if (lat, lon) != center {
            self.map_memory.center_at(lat_lon(lat, lon));
            moved = true;
        }
        moved
    }

    /// Saves the view into the state.
    pub fn remember_view(&mut self) {
        let center = self
            .map_memory
            .detached()
            .map_or(self.map_home, |p| (p.y(), p.x()));
        self.state.view = Some((center, self.map_memory.zoom()));
    }

    fn menu_ui(&mut self, ui: &mut Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                self.workspace_menu_ui(ui);
                if ui.button("Open files…  (Ctrl+O)").clicked() {
                    self.commands.push(Command::OpenDialog { folder: false });
                }
                if ui.button("Open folder…").clicked() {
                    self.commands.push(Command::OpenDialog { folder: true });
                }
                ui.separator();
                for (label, format) in [
                    ("Export shown incidents as GeoJSON…", Format::Geojson),
                    (
                        "Export shown incidents as CSV (ACLED columns)…",
                        Format::Csv,
                    ),
                    ("Export shown incidents as JSON Lines…", Format::Jsonl),
                ] {
                    if ui.button(label).clicked() {
                        self.commands.push(Command::ExportDialog(format));
                    }
                }
                ui.separator();
                if ui
                    .button(format!("Import report ({})", self.problems.len()))
                    .clicked()
                {
                    self.show_report = true;
                }
                if ui.button("Quit").clicked() {
                    ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
                }
            });
            ui.menu_button("View", |ui| {
                self.zoom_buttons_ui(ui);
                if ui.button("Clear filters").clicked() {
                    self.commands.push(Command::ClearFilters);
                }
            });
            // Clicks inside keep this menu open: the tile URL field needs them, and an error
            // about the URL must stay readable. Choosing closes it.
            let keep_open = egui::containers::menu::MenuConfig::new()
                .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
            egui::containers::menu::MenuButton::new("Basemap")
                .config(keep_open)
                .ui(ui, |ui| {
                    let choices = [
                        (
                            "Automatic (online when reachable)",
                            BasemapChoice::Automatic,
                        ),
                        ("OpenStreetMap", BasemapChoice::OpenStreetMap),
                        ("Bundled offline basemap", BasemapChoice::Bundled),
                    ];
                    for (label, choice) in choices {
                        if ui.radio(*self.basemap.choice() == choice, label).clicked() {
                            self.commands.push(Command::SetBasemap(choice));
                            ui.close();
                        }
                    }
                    if ui.button("Open a .pmtiles file…").clicked() {
                        ui.close();
                        if let Some(path) = rfd::FileDialog::new()
                            .add_filter("PMTiles", &["pmtiles"])
                            .pick_file()
                        {
                            self.commands
                                .push(Command::SetBasemap(BasemapChoice::PmTiles(path)));
                        }
                    }
                    ui.separator();
                    if self.tile_server_ui(ui) {
                        ui.close();
                    }
                });
        });
    }

    /// The user's own XYZ tile server: a URL field, *Apply*, and what was wrong with it.
    /// True when a valid URL was applied.
    fn tile_server_ui(&mut self, ui: &mut Ui) -> bool {
        let mut applied = false;
        let current = matches!(self.basemap.choice(), BasemapChoice::TileServer(_));
        let label = ui
            .horizontal(|ui| {
                let label = ui.label("Your tile server:");
                if current {
                    ui.weak("(in use)");
                }
                label
            })
            .inner;
        let field = ui
            .add(
                egui::TextEdit::singleline(&mut self.tile_url_input)
                    .hint_text("https://tiles.example.org/{z}/{x}/{y}.png")
                    .desired_width(320.0),
            )
            .labelled_by(label.id);
        if field.changed() {
            self.tile_url_error = None;
        }
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
        if ui.button("Apply tile server").clicked() || entered {
            match TileServer::parse(&self.tile_url_input) {
                Ok(server) => {
                    self.tile_url_error = None;
                    applied = true;
                    self.commands
                        .push(Command::SetBasemap(BasemapChoice::TileServer(
                            server.template().to_string(),
                        )));
                }
                Err(err) => self.tile_url_error = Some(err.to_string()),
            }
        }
        if let Some(err) = &self.tile_url_error {
            // Left-aligned: the menu's justified layout would stretch the wrapped words apart.
            ui.with_layout(egui::Layout::top_down(egui::Align::LEFT), |ui| {
                ui.set_max_width(320.0);
                ui.colored_label(Color32::from_rgb(210, 60, 60), err);
            });
        }
        applied
    }

    fn zoom_buttons_ui(&mut self, ui: &mut Ui) {
        if ui.button("Zoom to all").clicked() {
            self.commands.push(Command::ZoomToAll);
        }
        let selection = ui.add_enabled(
            self.selected.is_some(),
            egui::Button::new("Zoom to selection"),
        );
        if selection.clicked() {
            self.commands.push(Command::ZoomToSelection);
        }
    }

    fn status_ui(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            ui.label(format!("Basemap: {}", self.basemap.status()));
            ui.separator();
            if let Some(session) = &self.session {
                ui.label(RichText::new(session.status_line()).strong());
                ui.separator();
                if session.loading() {
                    ui.spinner();
                    ui.label("reading incidents…");
                }
                if let Some(job) = session.import() {
                    ui.label(job.describe());
                    ui.spinner();
                    if ui.button("Cancel").clicked() {
                        self.commands.push(Command::CancelImport);
                    }
                    ui.separator();
                }
            }
            if let Some(job) = &self.import {
                ui.add(
                    egui::ProgressBar::new(job.fraction())
                        .desired_width(260.0)
                        .text(job.describe()),
                );
                let cancelling = job.is_cancelling();
                if ui
                    .add_enabled(
                        !cancelling,
                        egui::Button::new(if cancelling {
                            "Cancelling…"
                        } else {
                            "Cancel"
                        }),
                    )
                    .clicked()
                {
                    self.commands.push(Command::CancelImport);
                }
                ui.spinner();
            } else {
                ui.label(&self.notice);
            }
        });
    }

    fn report_window(&mut self, ctx: &Context) {
        let mut open = self.show_report;
        egui::Window::new("Import report")
            .open(&mut open)
            .default_width(520.0)
            .show(ctx, |ui| {
                if self.problems.is_empty() {
                    ui.label("Every file was read.");
                }
                egui::ScrollArea::vertical()
                    .max_height(320.0)
                    .show(ui, |ui| {
                        for p in &self.problems {
                            let color = if p.recovered {
                                Color32::from_rgb(200, 150, 0)
                            } else {
                                Color32::from_rgb(210, 60, 60)
                            };
                            ui.colored_label(color, p.to_string());
                        }
                    });
            });
        self.show_report = open;
    }

    fn play_step(&mut self, ctx: &Context) {
        if !self.playing {
            return;
        }
        let now = ctx.input(|i| i.time);
        if now - self.last_play_step < 0.35 {
            ctx.request_repaint_after(std::time::Duration::from_millis(60));
            return;
        }
        self.last_play_step = now;
        let (Some(first), Some(last)) = (self.store.first_day(), self.store.last_day()) else {
            self.playing = false;
            return;
        };
        let from = self.state.filter.date_from.unwrap_or(first);
        let to = self.state.filter.date_to.unwrap_or(from);
        if to >= last {
            self.playing = false;
            return;
        }
        self.state.filter.date_from = from.succ_opt();
        self.state.filter.date_to = to.succ_opt();
        self.filter_dirty = true;
        ctx.request_repaint_after(std::time::Duration::from_millis(350));
    }

    fn map_ui(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        self.map_size = ui.available_size();
        self.wheel_zoom(ui);
        // Gestures move the map inside `Map::show`; clamping before drawing and again after
        // keeps the world filling the view (the second pass shows on the next frame).
        self.clamp_view();
        // Loaded by the import thread; the UI never waits for it.
        let gazetteer = Gazetteer::bundled_if_loaded();
        let center = self
            .map_memory
            .detached()
            .map_or(self.map_home, |p| (p.y(), p.x()));
        self.clusters.update(
            &self.store,
            &self.result.visible,
            self.generation,
            self.map_memory.zoom(),
            center,
        );
        let bundled = self.basemap.is_bundled();
        let attribution = self.basemap.attribution();
        let mut events = MapEvents::default();
        let home = lat_lon(self.map_home.0, self.map_home.1);
        // A press on the selected workspace incident grabs its marker: the map does not pan
        // while it is dragged (decided before the map sees the drag).
        self.grab_marker(ui, home);
        let handle = self.drag_handle();
        let tiles = self.basemap.tiles(&ctx);
        // The plain wheel zooms (`wheel_zoom`; walkers would pan with it), Ctrl+wheel and
        // pinch zoom through walkers; the double click is handled below, to centre on the
        // clicked point.
        let mut map = Map::new(Some(tiles), &mut self.map_memory, home)
            .panning(false)
            .double_click_to_zoom(false);
        if self.marker_drag.is_some() {
            map = map.drag_pan_buttons(egui::DragPanButtons::empty());
        }
        if let (true, Some(g)) = (bundled, gazetteer) {
            map = map.with_plugin(BordersLayer { gazetteer: g });
        }
        map = map.with_plugin(IncidentsLayer {
            store: &self.store,
            clusters: &self.clusters,
            polygons: gazetteer.and_then(|g| g.polygons_if_loaded()),
            gazetteer,
            selected: self.selected,
            handle,
            events: &mut events,
        });
        let response = ui.add(map);
        let rect = response.rect;
        self.map_rect = rect;
        self.drag_marker(ui, home);
        if let Some(index) = events.clicked {
            self.commands.push(Command::Select(Some(index)));
        }
        if let Some((lat, lon)) = events.zoom_into {
            let zoom = (self.map_memory.zoom() + 2.0).min(view::MAX_ZOOM);
            self.commands.push(Command::FlyTo(lat, lon, zoom));
        } else if events.clicked.is_none()
            && response.double_clicked()
            && let Some(pos) = response.interact_pointer_pos()
        {
            // Double click on the map (not on a marker): zoom in, centred on that point.
            let projector = Projector::new(rect, &MercatorProjection, &self.map_memory, home);
            let at = projector.unproject(pos.to_vec2());
            let zoom = (self.map_memory.zoom() + 1.0).min(view::MAX_ZOOM);
            self.commands.push(Command::FlyTo(at.y(), at.x(), zoom));
        }
        if self.clamp_view() {
            ctx.request_repaint();
        }
        self.map_overlays(ui, rect, &attribution);
    }

    /// Where a position is on the screen, as the map was drawn at the last frame.
    pub fn screen_position(&self, lat: f64, lon: f64) -> Option<egui::Pos2> {
        self.map_projector(self.home())
            .map(|p| p.project(lat_lon(lat, lon)).to_pos2())
    }

    /// The position (lat, lon) under a point of the screen, as the map was drawn at the
    /// last frame.
    pub fn map_position_at(&self, pos: egui::Pos2) -> Option<(f64, f64)> {
        self.map_projector(self.home()).map(|p| {
            let at = p.unproject(pos.to_vec2());
            (at.y(), at.x())
        })
    }

    /// The words of the article selected for "Add incident from selection".
    pub fn article_selection(&self) -> Option<&ArticleSelection> {
        self.article_selection.as_ref()
    }

    /// True while a marker is dragged on the map.
    pub fn dragging_marker(&self) -> bool {
        self.marker_drag.is_some()
    }

    fn home(&self) -> Position {
        lat_lon(self.map_home.0, self.map_home.1)
    }

    /// The map's projection at the last frame (none before the map was drawn).
    fn map_projector(&self, home: Position) -> Option<Projector<'static>> {
        (self.map_rect.is_positive() && self.map_rect.is_finite())
            .then(|| Projector::new(self.map_rect, &MercatorProjection, &self.map_memory, home))
    }

    /// The selected incident, when it is a workspace's and has a place: its event id,
    /// position and the radius around it that grabs it.
    fn draggable(&self) -> Option<(String, (f64, f64), f32)> {
        self.session.as_ref()?;
        let incident = self.selected.and_then(|s| self.store.get(s))?;
        let position = incident.position()?;
        let radius = map::marker_radius(incident.fatalities).max(map::HANDLE_RADIUS) + 4.0;
        Some((incident.event_id.clone(), position, radius))
    }

    /// Starts dragging the selected incident's marker when the primary button is pressed
    /// on it (over the map itself, not a window above it).
    fn grab_marker(&mut self, ui: &Ui, home: Position) {
        if self.marker_drag.is_some() {
            return;
        }
        let Some((event_id, (lat, lon), radius)) = self.draggable() else {
            return;
        };
        let (pressed, origin) =
            ui.input(|i| (i.pointer.primary_pressed(), i.pointer.press_origin()));
        let Some(origin) = origin.filter(|_| pressed) else {
            return;
        };
        let Some(projector) = self.map_projector(home) else {
            return;
        };
        let center = projector.project(lat_lon(lat, lon)).to_pos2();
        if (origin - center).length() > radius || !ui.rect_contains_pointer(self.map_rect) {
            return;
        }
        self.marker_drag = Some(MarkerDrag {
            event_id,
            from: (lat, lon),
            to: (lat, lon),
            origin,
            grab: center - origin,
            moved: false,
        });
    }

    /// Follows the pointer while a marker is dragged; on release, moves the incident there
    /// (an edit, logged and undoable). Escape cancels.
    fn drag_marker(&mut self, ui: &Ui, home: Position) {
        let Some(projector) = self.map_projector(home) else {
            return;
        };
        let Some(drag) = &mut self.marker_drag else {
            return;
        };
        let (down, pointer, escape) = ui.input(|i| {
            (
                i.pointer.primary_down(),
                i.pointer.latest_pos(),
                i.key_pressed(Key::Escape),
            )
        });
        if escape {
            self.marker_drag = None;
            return;
        }
        if let Some(pos) = pointer {
            if (pos - drag.origin).length() > MARKER_DRAG_POINTS {
                drag.moved = true;
            }
            if drag.moved {
                let at = projector.unproject((pos + drag.grab).to_vec2());
                drag.to = (at.y(), at.x());
            }
            ui.ctx().set_cursor_icon(egui::CursorIcon::Grabbing);
        }
        if !down {
            if drag.moved {
                self.commands
                    .push(Command::Workspace(WsCommand::MoveIncident {
                        event_id: drag.event_id.clone(),
                        latitude: drag.to.0,
                        longitude: drag.to.1,
                    }));
            }
            self.marker_drag = None;
        }
        ui.ctx().request_repaint();
    }

    /// The handle drawn on the selected workspace incident (where it is dragged to).
    fn drag_handle(&self) -> Option<DragHandle> {
        if let Some(drag) = &self.marker_drag {
            return Some(DragHandle {
                from: drag.from,
                to: drag.to,
            });
        }
        let (_, position, _) = self.draggable()?;
        Some(DragHandle {
            from: position,
            to: position,
        })
    }

    fn map_overlays(&mut self, ui: &mut Ui, rect: Rect, attribution: &[Credit]) {
        let painter = ui.painter_at(rect);
        attribution_ui(ui, rect, attribution);
        // Legend, bottom left.
        let types = EventType::ALL;
        let legend = Rect::from_min_size(
            rect.left_bottom() + Vec2::new(8.0, -8.0 - 18.0 * types.len() as f32 - 26.0),
            Vec2::new(230.0, 18.0 * types.len() as f32 + 26.0),
        );
        painter.rect_filled(legend, 4.0, Color32::from_white_alpha(220));
        for (k, t) in types.iter().enumerate() {
            let y = legend.top() + 10.0 + 18.0 * k as f32;
            painter.circle_filled(egui::pos2(legend.left() + 12.0, y), 5.0, type_color(*t));
            painter.text(
                egui::pos2(legend.left() + 24.0, y),
                Align2::LEFT_CENTER,
                *t,
                FontId::proportional(12.0),
                Color32::BLACK,
            );
        }
        painter.text(
            egui::pos2(legend.left() + 8.0, legend.bottom() - 10.0),
            Align2::LEFT_CENTER,
            "size: fatalities · halo: province/country only",
            FontId::proportional(10.5),
            Color32::DARK_GRAY,
        );
        // Zoom buttons, top right.
        let buttons = Rect::from_min_size(
            rect.right_top() + Vec2::new(-262.0, 8.0),
            Vec2::new(254.0, 24.0),
        );
        ui.scope_builder(egui::UiBuilder::new().max_rect(buttons), |ui| {
            // An opaque backing: a disabled button is drawn see-through, so without it the
            // map's own place names showed through "Zoom to selection" and read as its label
            // drawn twice, overlapped. Painted first, sized once the row is laid out.
            let backing = ui.painter().add(egui::Shape::Noop);
            let row = ui.horizontal(|ui| self.zoom_buttons_ui(ui)).response.rect;
            ui.painter().set(
                backing,
                egui::epaint::RectShape::filled(row.expand(3.0), 5.0, ui.visuals().panel_fill),
            );
        });
    }
}

/// The attribution, bottom right of the map, always: each credit a link when it has one.
fn attribution_ui(ui: &mut Ui, map: Rect, credits: &[Credit]) {
    let font = FontId::proportional(11.0);
    let separator = " · ";
    // Measure first, to place the box against the map's corner.
    let width_of = |text: &str| {
        ui.painter()
            .layout_no_wrap(text.to_string(), font.clone(), Color32::BLACK)
            .size()
    };
    let mut size = Vec2::ZERO;
    for (k, credit) in credits.iter().enumerate() {
        let piece = width_of(&credit.text);
        size.x += piece.x + if k > 0 { width_of(separator).x } else { 0.0 };
        size.y = size.y.max(piece.y);
    }
    let margin = Vec2::new(4.0, 2.0);
    let rect = Rect::from_min_size(
        map.right_bottom() - size - margin * 2.0 - Vec2::new(4.0, 4.0),
        size + margin * 2.0,
    );
    ui.painter_at(map)
        .rect_filled(rect, 3.0, Color32::from_white_alpha(215));
    ui.scope_builder(
        egui::UiBuilder::new()
            .max_rect(rect.shrink2(margin))
            .layout(egui::Layout::left_to_right(egui::Align::Center)),
        |ui| {
            ui.spacing_mut().item_spacing.x = 0.0;
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
            for (k, credit) in credits.iter().enumerate() {
                if k > 0 {
                    ui.label(
                        egui::RichText::new(separator)
                            .font(font.clone())
                            .color(Color32::BLACK),
                    );
                }
                let text = egui::RichText::new(&credit.text).font(font.clone());
                match &credit.url {
                    Some(url) => {
                        ui.add(egui::Hyperlink::from_label_and_url(
                            text.color(Color32::from_rgb(20, 70, 160)),
                            url,
                        ))
                        .on_hover_text(url);
                    }
                    None => {
                        ui.label(text.color(Color32::BLACK));
                    }
                }
            }
        },
    );
}

/// When the window was asked for, for the start-up time logged once the first frame is drawn
/// (`RUST_LOG=incident_map=info`: "first frame drawn N ms after start").
static WINDOW_ASKED: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();

/// Logs the time to the first frame, once.
fn log_first_frame() {
    static FIRST_FRAME: std::sync::Once = std::sync::Once::new();
    FIRST_FRAME.call_once(|| {
        if let Some(asked) = WINDOW_ASKED.get() {
            log::info!(
                "first frame drawn {} ms after start",
                asked.elapsed().as_millis()
            );
        }
    });
}

impl eframe::App for IncidentApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
        log_first_frame();
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.remember_view();
        eframe::set_value(storage, STATE_KEY, &self.state);
    }
}

/// Opens the app window on the given paths; with none, on the default workspace in the
/// platform data folder (the remembered files, or the sample, if that folder is not
/// writable), with the basemap from the given XYZ tile server when `tiles` is set.
pub fn run(paths: Vec<PathBuf>, tiles: Option<String>) -> Result<(), eframe::Error> {
    let workspace = if paths.is_empty() {
        workspace_view::default_workspace_path()
    } else {
        None
    };
    run_window(paths, workspace, tiles)
}

fn run_window(
    paths: Vec<PathBuf>,
    workspace: Option<PathBuf>,
    tiles: Option<String>,
) -> Result<(), eframe::Error> {
    WINDOW_ASKED.get_or_init(std::time::Instant::now);
    let title = workspace
        .as_deref()
        .map_or_else(|| "incident-map".to_string(), workspace_view::title_of);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(title)
            .with_inner_size([1400.0, 900.0])
            .with_drag_and_drop(true),
        ..Default::default()
    };
    eframe::run_native(
        "incident-map",
        options,
        Box::new(move |cc| {
            let state: State = cc
                .storage
                .and_then(|s| eframe::get_value(s, STATE_KEY))
                .unwrap_or_default();
            let options = AppOptions {
                paths,
                probe_tiles: true,
                tiles,
            };
            Ok(Box::new(match workspace {
                Some(w) => IncidentApp::on_workspace(&cc.egui_ctx, state, options, &w),
                None => IncidentApp::new(&cc.egui_ctx, state, options),
            }))
        }),
    )
}

/// Opens the app window on a workspace file (`incident-map W.imap`, already opened and
/// migrated by the command line): its incidents on the map, the review queue, the edit
/// form, undo and redo through its corrections log.
pub fn run_workspace(workspace: PathBuf) -> Result<(), eframe::Error> {
    log::info!("opening the app on workspace {}", workspace.display());
    run_window(Vec::new(), Some(workspace), None)
}
