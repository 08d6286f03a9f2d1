//! The app on a workspace, in egui_kittest: the review keys (A, R, J, K), the edit form
//! (a bad value refused, a good one saved) and undo/redo, each checked in the workspace
//! file itself through a second connection.
#![cfg(feature = "gui")]
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::{Path, PathBuf};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use incident_map::app::basemap::BasemapChoice;
use incident_map::app::state::State;
use incident_map::app::{AppOptions, IncidentApp};
use incident_map::taxonomy::ReviewStatus;
use incident_map::workspace::{RunOptions, StatusFilter, Workspace};

/// A workspace of the three fixture articles (four incidents, confidences 0.1 to 0.2).
fn workspace(dir: &Path) -> PathBuf {
    let path = dir.join("review.imap");
    let mut ws = Workspace::open(&path).unwrap();
    ws.import(
        &common::three_articles(dir),
        &common::OLD,
        RunOptions::default(),
    )
    .unwrap();
    path
}

fn harness(path: &Path) -> Harness<'static, IncidentApp> {
    let ctx = egui::Context::default();
    let state = State {
        basemap: BasemapChoice::Bundled,
        ..State::default()
    };
    let mut app = IncidentApp::on_workspace(&ctx, state, AppOptions::default(), path);
    app.wait_for_workspace();
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1400.0, 900.0))
        .with_step_dt(0.25)
        .build_ui_state(|ui, app: &mut IncidentApp| app.show(ui), app);
    harness.run_steps(3);
    harness
}

/// The unreviewed incidents, least confident first, as the file has them now.
fn queue(path: &Path) -> Vec<String> {
    Workspace::open_existing(path)
        .unwrap()
        .review_queue(StatusFilter::Only(ReviewStatus::Unreviewed), 0, 100)
        .unwrap()
        .iter()
        .map(|r| r.event_id().to_string())
        .collect()
}

fn status_in_file(path: &Path, id: &str) -> ReviewStatus {
    Workspace::open_existing(path)
        .unwrap()
        .incident(id)
        .unwrap()
        .status()
}

fn press(harness: &mut Harness<'static, IncidentApp>, key: egui::Key) {
    harness.key_press(key);
    harness.run_steps(2);
}

fn selected(harness: &Harness<'static, IncidentApp>) -> Option<String> {
    harness.state().selected_event_id()
}

#[test]
fn the_review_keys_move_through_the_queue_and_save_each_status() {
    let dir = tempfile::tempdir().unwrap();
    let path = workspace(dir.path());
    let before = queue(&path);
    assert!(before.len() >= 3, "{before:?}");
    let mut harness = harness(&path);
    assert_eq!(harness.state().store().len(), before.len());
    harness.get_by_label(&format!("0 reviewed · {} unreviewed", before.len()));

    // J selects the first (least confident), J the second, K back to the first.
    press(&mut harness, egui::Key::J);
    assert_eq!(selected(&harness).as_ref(), Some(&before[0]));
    press(&mut harness, egui::Key::J);
    assert_eq!(selected(&harness).as_ref(), Some(&before[1]));
    press(&mut harness, egui::Key::K);
    assert_eq!(selected(&harness).as_ref(), Some(&before[0]));

    // A accepts it, in the file at once, and moves on to the next.
    press(&mut harness, egui::Key::A);
    assert_eq!(status_in_file(&path, &before[0]), ReviewStatus::Accepted);
    assert_eq!(selected(&harness).as_ref(), Some(&before[1]));

    // R rejects that one: gone from the map's store, the next selected.
    press(&mut harness, egui::Key::R);
    assert_eq!(status_in_file(&path, &before[1]), ReviewStatus::Rejected);
    assert_eq!(selected(&harness).as_ref(), Some(&before[2]));
    assert!(
        !harness
            .state()
            .store()
            .incidents()
            .iter()
            .any(|i| i.event_id == before[1])
    );
    assert_eq!(queue(&path), before[2..].to_vec());
    harness.get_by_label(&format!("2 reviewed · {} unreviewed", before.len() - 2));

    // Each review is a line of the corrections log.
    let log = Workspace::open_existing(&path)
        .unwrap()
        .corrections()
        .unwrap();
    assert!(
        log.iter()
            .any(|c| c.incident == before[0] && c.field == "review_status")
    );
    assert!(
        log.iter()
            .any(|c| c.incident == before[1] && c.field == "review_status")
    );
}

#[test]
fn the_edit_form_refuses_a_bad_figure_and_saves_a_good_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = workspace(dir.path());
    let first = queue(&path)[0].clone();
    let original = Workspace::open_existing(&path)
        .unwrap()
        .incident(&first)
        .unwrap();
    let mut harness = harness(&path);
    press(&mut harness, egui::Key::J);
    press(&mut harness, egui::Key::E);
    harness.get_by_label(&format!("Edit incident {first}"));

    // "lots" is no number of deaths: refused, said so, nothing written.
    let field = harness.get_by_label("Fatalities (lowest)");
    field.click();
    harness.run_steps(1);
    harness
        .get_by_label("Fatalities (lowest)")
        .type_text("lots");
    harness.run_steps(2);
    harness.get_by_label("Save").click();
    harness.run_steps(2);
    harness.get_by_label_contains("not a whole number of deaths");
    let unchanged = Workspace::open_existing(&path)
        .unwrap()
        .incident(&first)
        .unwrap();
    assert_eq!(unchanged, original);
    assert!(
        Workspace::open_existing(&path)
            .unwrap()
            .corrections()
            .unwrap()
            .is_empty()
    );

    // A figure and an actor: saved, logged, the incident becomes `edited`.
    press(&mut harness, egui::Key::Escape);
    harness.get_by_label("Cancel").click();
    harness.run_steps(2);
    assert!(harness.state().session().unwrap().form.is_none());
    press(&mut harness, egui::Key::E);
    let figure = format!("{}0", original.incident.fatalities);
    harness.get_by_label("Fatalities (lowest)").click();
    harness.run_steps(1);
    harness.get_by_label("Fatalities (lowest)").type_text("0");
    harness.get_by_label("Actor 1").click();
    harness.run_steps(1);
    harness.get_by_label("Actor 1").type_text("Militia");
    harness.run_steps(2);
    harness.get_by_label("Save").click();
    harness.run_steps(2);
    assert!(harness.state().session().unwrap().form.is_none());
    let saved = Workspace::open_existing(&path)
        .unwrap()
        .incident(&first)
        .unwrap();
    assert_eq!(saved.incident.fatalities.to_string(), figure);
    assert_eq!(
        saved.incident.actor1,
        format!("{}Militia", original.incident.actor1)
    );
    assert_eq!(saved.status(), ReviewStatus::Edited);
    // The map's store shows the corrected figure too.
    let shown = harness
        .state()
        .store()
        .incidents()
        .iter()
        .find(|i| i.event_id == first)
        .map(|i| i.fatalities.to_string());
    assert_eq!(shown, Some(figure));
}

#[test]
fn ctrl_z_undoes_and_ctrl_shift_z_redoes_through_the_log_across_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let path = workspace(dir.path());
    let first = queue(&path)[0].clone();
    {
        let mut harness = harness(&path);
        press(&mut harness, egui::Key::J);
        press(&mut harness, egui::Key::R);
        assert_eq!(status_in_file(&path, &first), ReviewStatus::Rejected);
        harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
        harness.run_steps(2);
        assert_eq!(status_in_file(&path, &first), ReviewStatus::Unreviewed);
        assert!(
            harness
                .state()
                .store()
                .incidents()
                .iter()
                .any(|i| i.event_id == first),
            "the undone rejection is back on the map"
        );
        harness.key_press_modifiers(
            egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
            egui::Key::Z,
        );
        harness.run_steps(2);
        assert_eq!(status_in_file(&path, &first), ReviewStatus::Rejected);
    }
    // A new app on the same file undoes what the first one did.
    let mut harness = harness(&path);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run_steps(2);
    assert_eq!(status_in_file(&path, &first), ReviewStatus::Unreviewed);
    assert_eq!(queue(&path)[0], first);
}

#[test]
fn marking_one_incident_then_merging_another_into_it_is_saved() {
    let dir = tempfile::tempdir().unwrap();
    let path = workspace(dir.path());
    let before = queue(&path);
    let mut harness = harness(&path);
    press(&mut harness, egui::Key::J);
    harness.get_by_label("Mark for merge").click();
    harness.run_steps(2);
    press(&mut harness, egui::Key::J);
    harness
        .get_by_label(&format!("Merge into {}", before[0]))
        .click();
    harness.run_steps(2);
    let ws = Workspace::open_existing(&path).unwrap();
    assert!(!ws.is_shown(&before[1]).unwrap());
    assert_eq!(
        ws.incident(&before[0]).unwrap().status(),
        ReviewStatus::Edited
    );
    assert_eq!(harness.state().store().len(), before.len() - 1);
    harness.get_by_label("Agreement").click();
    harness.run_steps(2);
    harness.get_by_label_contains("reviewed incident(s): share left unchanged");
}
