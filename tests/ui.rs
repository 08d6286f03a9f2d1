//! The app in egui_kittest (no screen needed): the sample's incidents listed and drawn,
//! filters changing the list and the markers, selection showing the evidence in the article
//! panel, importing a fixture folder, exporting GeoJSON.
#![cfg(feature = "gui")]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use incident_map::app::state::State;
use incident_map::app::{AppOptions, Command, IncidentApp};
use incident_map::export::Format;

fn harness() -> Harness<'static, IncidentApp> {
    let ctx = egui::Context::default();
    let mut app = IncidentApp::new(
        &ctx,
        State::default(),
        AppOptions {
            paths: vec![],
            probe_tiles: false,
        },
    );
    app.wait_for_import();
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut IncidentApp| app.show(ui), app);
    harness.run_steps(3);
    harness
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
    harness.get_by_label("Paktiya, Afghanistan").click();
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
