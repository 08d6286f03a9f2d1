//! The app in egui_kittest (no screen needed): the sample's incidents listed and drawn,
//! filters changing the list and the markers, selection showing the evidence in the article
//! panel, importing a fixture folder, exporting GeoJSON.
#![cfg(feature = "gui")]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use incident_map::app::basemap::BasemapChoice;
use incident_map::app::state::State;
use incident_map::app::{AppOptions, Command, IncidentApp};
use incident_map::export::Format;

fn harness() -> Harness<'static, IncidentApp> {
    harness_with(State::default(), AppOptions::default(), 0.25)
}

/// The app on the sample, with the given state and options; `step_dt` is the time between
/// frames (a double click needs its clicks within 0.3 s).
fn harness_with(state: State, options: AppOptions, step_dt: f32) -> Harness<'static, IncidentApp> {
    let ctx = egui::Context::default();
    let mut app = IncidentApp::new(&ctx, state, options);
    app.wait_for_import();
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1400.0, 900.0))
        .with_step_dt(step_dt)
        .build_ui_state(|ui, app: &mut IncidentApp| app.show(ui), app);
    harness.run_steps(3);
    harness
}

/// A harness at 60 frames a second, for pointer gestures on the map.
fn map_harness() -> Harness<'static, IncidentApp> {
    harness_with(State::default(), AppOptions::default(), 1.0 / 60.0)
}

fn shown_label(n: usize, m: usize) -> String {
    format!("{n} of {m} incidents shown")
}

#[test]
fn the_window_lists_the_samples_incidents_and_draws_them() {
    let harness = harness();
    let app = harness.state();
    let n = app.store().len();
    assert!(
        n >= 8,
        "the sample yields at least the 8 expected incidents, got {n}"
    );
    harness.get_by_label(&shown_label(n, n));
    assert_eq!(app.visible().len(), n);
    assert_eq!(app.markers_drawn(), n, "every incident is on the map");
    // The import thread parsed the polygons, so the UI thread never waits for them.
    let polygons = incident_map::gazetteer::Gazetteer::bundled_if_loaded()
        .and_then(|g| g.polygons_if_loaded());
    assert!(polygons.is_some_and(|p| !p.admin1.is_empty()));
    // Rows of the list.
    harness.get_by_label("Kunduz, Afghanistan");
    harness.get_by_label("Bagram, Parwan");
}

#[test]
fn turning_a_type_off_changes_the_count_and_the_markers() {
    let mut harness = harness();
    let n = harness.state().store().len();
    let battles = harness
        .state()
        .store()
        .incidents()
        .iter()
        .filter(|i| i.event_type.as_str() == "Battles")
        .count();
    assert!(battles > 0);
    harness
        .get_by_label(&format!("Battles ({battles})"))
        .click();
    harness.run_steps(3);
    harness.get_by_label(&shown_label(n - battles, n));
    assert_eq!(harness.state().visible().len(), n - battles);
    assert_eq!(harness.state().markers_drawn(), n - battles);
    // One click clears every filter.
    harness.get_by_label("Clear all filters").click();
    harness.run_steps(3);
    harness.get_by_label(&shown_label(n, n));
}

#[test]
fn narrowing_the_date_range_changes_the_count_and_the_markers() {
    let mut harness = harness();
    let n = harness.state().store().len();
    let april = chrono::NaiveDate::from_ymd_opt(2020, 4, 1);
    let expected = harness
        .state()
        .store()
        .incidents()
        .iter()
        .filter(|i| i.event_date >= april)
        .count();
    assert!(expected < n);
    {
        let app = harness.state_mut();
        app.state.filter.date_from = april;
        app.filters_changed();
    }
    harness.run_steps(3);
    harness.get_by_label(&shown_label(expected, n));
    assert_eq!(harness.state().markers_drawn(), expected);
}

#[test]
fn selecting_an_incident_shows_its_sentence_with_the_evidence() {
    let mut harness = harness();
    // Newest first (clicking the sorted column's header flips it), then click the Paktia row.
    harness.get_by_label("Date (asc)").click();
    harness.run_steps(2);
    harness.get_by_label("Date (desc)");
    harness.get_by_label("Paktia, Afghanistan").click();
    harness.run_steps(3);
    let app = harness.state();
    let selected = app
        .selected
        .and_then(|s| app.store().get(s))
        .map(|i| i.sub_event_type.as_str().to_string());
    assert_eq!(selected.as_deref(), Some("Remote explosive/landmine/IED"));
    assert_eq!(
        app.shown_article().map(|a| a.id.as_str()),
        Some("004_be0ede7b569ede66.txt")
    );
    // The evidence is highlighted as pieces of its own: trigger, place, date, figure.
    for piece in ["car bomb", "Paktia province", "Tuesday", "three"] {
        assert!(
            harness.query_by_label(piece).is_some(),
            "{piece:?} is not a piece of the article text"
        );
    }
}

#[test]
fn keyboard_steps_through_the_list() {
    let mut harness = harness();
    harness.key_press(egui::Key::ArrowDown);
    harness.run_steps(2);
    let first = harness.state().selected;
    assert_eq!(first, harness.state().visible().first().copied());
    harness.key_press(egui::Key::ArrowDown);
    harness.run_steps(2);
    assert_eq!(
        harness.state().selected,
        harness.state().visible().get(1).copied()
    );
}

#[test]
fn opening_a_fixture_folder_adds_its_incidents_and_reports_bad_files() {
    let mut harness = harness();
    let before = harness.state().store().len();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("ghazni.md"),
        "---\ntitle: Ghazni attack\ndate: 2021-05-12\n---\nOn Monday, a roadside bomb killed four police officers in Ghazni city, officials said.\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("broken.json"), "{\"text\": ").unwrap();
    harness
        .state_mut()
        .command(Command::Open(vec![dir.path().to_path_buf()]));
    harness.run_steps(2);
    harness.state_mut().wait_for_import();
    harness.run_steps(3);
    let app = harness.state();
    assert_eq!(app.store().len(), before + 1);
    let added = app
        .store()
        .incidents()
        .iter()
        .find(|i| i.sources == ["ghazni.md"])
        .unwrap();
    assert_eq!((added.fatalities, added.admin1.as_str()), (4, "Ghazni"));
    assert!(
        app.problems
            .iter()
            .any(|p| p.path.ends_with("broken.json") && !p.recovered),
        "{:?}",
        app.problems
    );
    harness.get_by_label(&shown_label(before + 1, before + 1));
    harness.get_by_label("Import report");
}

#[test]
fn export_writes_valid_geojson_of_the_shown_incidents() {
    let mut harness = harness();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.geojson");
    let shown = harness.state().visible().len();
    harness
        .state_mut()
        .command(Command::Export(path.clone(), Format::Geojson));
    harness.run_steps(2);
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(value["type"], "FeatureCollection");
    let features = value["features"].as_array().unwrap();
    assert_eq!(features.len(), shown);
    for f in features {
        assert_eq!(f["geometry"]["type"], "Point");
        assert!(f["properties"]["event_type"].is_string());
    }
}

fn wheel(harness: &Harness<'static, IncidentApp>, at: egui::Pos2, lines: f32) {
    harness.hover_at(at);
    harness.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Line,
        delta: egui::vec2(0.0, lines),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
        modifiers: egui::Modifiers::NONE,
    });
}

#[test]
fn the_mouse_wheel_zooms_the_map_without_ctrl() {
    let mut harness = map_harness();
    let rect = harness.state().map_rect();
    assert!(rect.width() > 100.0 && rect.height() > 100.0, "{rect:?}");
    let (before, center) = (harness.state().map_zoom(), harness.state().map_center());
    // Wheel up over the middle of the map: zoom in, the centre stays put (the wheel no
    // longer pans).
    wheel(&harness, rect.center(), 3.0);
    harness.run_steps(30);
    let zoomed_in = harness.state().map_zoom();
    assert!(zoomed_in > before + 0.2, "zoom {before} -> {zoomed_in}");
    let (lat, lon) = harness.state().map_center();
    assert!(
        (lat - center.0).abs() < 0.05 && (lon - center.1).abs() < 0.05,
        "the wheel panned the map: {center:?} -> {:?}",
        (lat, lon)
    );
    // Wheel down: zoom out again.
    wheel(&harness, rect.center(), -3.0);
    harness.run_steps(30);
    let zoomed_out = harness.state().map_zoom();
    assert!(
        zoomed_out < zoomed_in - 0.2,
        "zoom {zoomed_in} -> {zoomed_out}"
    );
}

#[test]
fn a_double_click_zooms_in_centred_on_the_clicked_point() {
    let mut harness = map_harness();
    let rect = harness.state().map_rect();
    let (zoom, center) = (harness.state().map_zoom(), harness.state().map_center());
    // A point up and left of the centre, away from the sample's markers.
    let at = rect.center() + egui::vec2(-rect.width() * 0.3, -rect.height() * 0.3);
    let mut memory = walkers::MapMemory::default();
    memory.center_at(walkers::lat_lon(center.0, center.1));
    memory.set_zoom(zoom).unwrap();
    let home = walkers::lat_lon(center.0, center.1);
    let target = walkers::Projector::new(rect, &walkers::MercatorProjection, &memory, home)
        .unproject(at.to_vec2());
    harness.hover_at(at);
    for pressed in [true, false, true, false] {
        harness.event(egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
    }
    harness.run_steps(4);
    let app = harness.state();
    assert!(
        (app.map_zoom() - (zoom + 1.0)).abs() < 1e-6,
        "zoom {zoom} -> {}",
        app.map_zoom()
    );
    let (lat, lon) = app.map_center();
    assert!(
        (lat - target.y()).abs() < 0.01 && (lon - target.x()).abs() < 0.01,
        "centre {:?}, clicked point {:?}",
        (lat, lon),
        (target.y(), target.x())
    );
    assert_eq!(app.selected, None, "the double click hit a marker");
}

/// Regression: one could pan past the pole into a blank half screen.
#[test]
fn dragging_past_the_pole_stops_at_the_edge_of_the_world() {
    let mut harness = map_harness();
    let rect = harness.state().map_rect();
    // Zoom out as far as the map goes, then drag the map down by several screens.
    for _ in 0..6 {
        wheel(&harness, rect.center(), -5.0);
        harness.run_steps(10);
    }
    let zoom = harness.state().map_zoom();
    let mut pos = rect.center();
    harness.drag_at(pos);
    for _ in 0..40 {
        pos.y = (pos.y + 60.0).min(rect.bottom() - 2.0);
        harness.hover_at(pos);
        harness.run_steps(1);
        if pos.y >= rect.bottom() - 2.0 {
            harness.drop_at(pos);
            harness.run_steps(2);
            pos = rect.center();
            harness.drag_at(pos);
        }
    }
    harness.drop_at(pos);
    harness.run_steps(30);
    let (lat, _) = harness.state().map_center();
    let zoom_now = harness.state().map_zoom();
    // The top of the view is at most at the world's top edge (85.05° N).
    let world = 256.0 * zoom_now.exp2();
    let y = (1.0
        - (lat.to_radians().tan() + 1.0 / lat.to_radians().cos()).ln() / std::f64::consts::PI)
        / 2.0;
    let top = y * world - f64::from(rect.height()) / 2.0;
    assert!(
        top >= -1.0,
        "{top} points of blank above the world (zoom {zoom} -> {zoom_now}, lat {lat})"
    );
    assert!(lat > 0.0, "the drag went north: {lat}");
}

/// The shapes of the last frame, in paint order, flattened.
fn painted(harness: &Harness<'static, IncidentApp>) -> Vec<egui::Shape> {
    fn flatten(shape: &egui::Shape, out: &mut Vec<egui::Shape>) {
        match shape {
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| flatten(s, out)),
            other => out.push(other.clone()),
        }
    }
    let mut out = Vec::new();
    for clipped in &harness.output().shapes {
        flatten(&clipped.shape, &mut out);
    }
    out
}

/// Regression: "Zoom to selection" looked drawn twice, overlapped. The disabled button is
/// see-through, and the map's place names painted under it read as a second label. Now its
/// label is painted once, over an opaque backing painted after everything on the map.
#[test]
fn zoom_to_selection_is_drawn_once_over_an_opaque_backing() {
    let mut harness = harness();
    for selected in [false, true] {
        if selected {
            harness.key_press(egui::Key::ArrowDown);
            harness.run_steps(3);
        }
        assert_eq!(harness.state().selected.is_some(), selected);
        assert_eq!(harness.get_all_by_label("Zoom to selection").count(), 1);
        let shapes = painted(&harness);
        let labels: Vec<(usize, egui::Rect)> = shapes
            .iter()
            .enumerate()
            .filter_map(|(k, shape)| match shape {
                egui::Shape::Text(t) if t.galley.text() == "Zoom to selection" => {
                    Some((k, t.visual_bounding_rect()))
                }
                _ => None,
            })
            .collect();
        assert_eq!(labels.len(), 1, "selected {selected}: painted {labels:?}");
        let (label_at, label_rect) = labels[0];
        let backing = shapes[..label_at].iter().rposition(|shape| match shape {
            egui::Shape::Rect(r) => r.fill.a() == 255 && r.rect.contains_rect(label_rect),
            _ => false,
        });
        let backing = backing.expect("no opaque backing under the label");
        let map = harness.state().map_rect();
        // Whatever the map painted there: tiles (meshes), borders, place names, markers.
        let last_on_map = shapes[..label_at]
            .iter()
            .rposition(|shape| match shape {
                egui::Shape::Rect(_) => false,
                egui::Shape::Text(t) if t.galley.text() == "Zoom to all" => false,
                other => other.visual_bounding_rect().intersects(label_rect),
            })
            .expect("the map paints under the zoom buttons");
        assert!(
            backing > last_on_map,
            "selected {selected}: the map shows through the label (no opaque backing over map shape {last_on_map}; map {map:?})"
        );
    }
}

#[test]
fn the_attribution_is_a_row_of_links() {
    let harness = harness();
    for credit in ["NASA Blue Marble", "Natural Earth", "GeoNames (CC-BY 4.0)"] {
        harness.get_by_role_and_label(egui::accesskit::Role::Link, credit);
    }
}

#[test]
fn a_tile_server_from_the_command_line_becomes_the_remembered_basemap() {
    let url = "http://127.0.0.1:9/{z}/{x}/{y}.png";
    let harness = harness_with(
        State {
            basemap: BasemapChoice::Bundled,
            ..State::default()
        },
        AppOptions {
            tiles: Some(url.into()),
            ..AppOptions::default()
        },
        0.25,
    );
    let app = harness.state();
    assert_eq!(app.state.basemap, BasemapChoice::TileServer(url.into()));
    assert_eq!(app.basemap_status(), "tiles from 127.0.0.1");
    harness.get_by_label("Tiles: 127.0.0.1");
}

#[test]
fn an_invalid_tile_url_in_the_basemap_menu_says_what_is_wrong() {
    let mut harness = harness_with(
        State {
            basemap: BasemapChoice::Bundled,
            ..State::default()
        },
        AppOptions::default(),
        0.25,
    );
    harness.get_by_label("Basemap").click();
    harness.run_steps(2);
    let field = harness.get_by_label("Your tile server:");
    field.click();
    field.type_text("https://tiles.example.org/{z}/{x}.png");
    harness.run_steps(2);
    harness.get_by_label("Apply tile server").click();
    harness.run_steps(2);
    harness.get_by_label_contains("lacks {y}");
    assert_eq!(harness.state().state.basemap, BasemapChoice::Bundled);
    assert!(!harness.state().network_used());
}

/// With the bundled basemap chosen, the app opens no network connection, even when it is
/// allowed to probe (regression: it probed tile.openstreetmap.org regardless).
#[test]
fn the_bundled_basemap_uses_no_network() {
    let mut harness = harness_with(
        State {
            basemap: BasemapChoice::Bundled,
            ..State::default()
        },
        AppOptions {
            probe_tiles: true,
            ..AppOptions::default()
        },
        0.25,
    );
    harness.run_steps(5);
    assert!(!harness.state().network_used());
    assert_eq!(
        harness.state().basemap_status(),
        "bundled basemap (chosen; no network)"
    );
}

#[test]
fn a_valid_tile_url_in_the_basemap_menu_becomes_the_basemap() {
    // A port nothing listens on: the downloads fail at once, on this machine only.
    let url = "http://127.0.0.1:9/{z}/{x}/{y}.png";
    let mut harness = harness();
    harness.get_by_label("Basemap").click();
    harness.run_steps(2);
    let field = harness.get_by_label("Your tile server:");
    field.click();
    field.type_text(url);
    harness.run_steps(2);
    harness.get_by_label("Apply tile server").click();
    harness.run_steps(3);
    let app = harness.state();
    assert_eq!(app.state.basemap, BasemapChoice::TileServer(url.into()));
    assert_eq!(app.basemap_status(), "tiles from 127.0.0.1");
    assert!(
        harness.query_by_label("Apply tile server").is_none(),
        "the menu closes once a valid URL is applied"
    );
}

#[test]
fn one_wheel_notch_is_half_a_zoom_level_at_any_frame_rate() {
    for dt in [1.0f32 / 60.0, 1.0 / 20.0] {
        let mut harness = harness_with(State::default(), AppOptions::default(), dt);
        let rect = harness.state().map_rect();
        let before = harness.state().map_zoom();
        wheel(&harness, rect.center(), 1.0);
        harness.run_steps(60);
        let after = harness.state().map_zoom();
        assert!(
            (after - before - 0.5).abs() < 0.01,
            "{dt} s a frame: one notch zoomed {before} -> {after}"
        );
    }
}
