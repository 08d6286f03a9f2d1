//! The app on a workspace, in egui_kittest: the review keys (A, R, J, K), the edit form
//! (a bad value refused, a good one saved), undo/redo, adding a missed incident from words
//! selected in the article, and moving an incident by dragging its marker, each checked in
//! the workspace file itself through a second connection.
#![cfg(feature = "gui")]
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::{Path, PathBuf};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use incident_map::app::basemap::BasemapChoice;
use incident_map::app::state::State;
use incident_map::app::workspace_view::article_text_id;
use incident_map::app::{AppOptions, Command, IncidentApp};
use incident_map::model::EvidenceField;
use incident_map::taxonomy::{GeoPrecision, ReviewStatus, SubEventType};
use incident_map::workspace::{CorrectionKind, RunOptions, StatusFilter, Workspace};

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

/// An article of ours: the stand-in extractor finds the protest of its first sentence and
/// misses the rocket fire of the second (which the bundled extractor reads). Letters
/// outside ASCII come first, so code point and byte offsets differ.
const MISSED: &str = "Traders in Mazār-e Sharīf’s bazaar held a protest over fuel prices. \
     Insurgents fired rockets at a police checkpoint in Jalalabad on Sunday, killing three \
     officers. Shops reopened the next day.";

fn incidents_in_file(path: &Path) -> usize {
    Workspace::open_existing(path)
        .unwrap()
        .incidents(StatusFilter::All)
        .unwrap()
        .len()
}

#[test]
fn words_selected_in_the_article_become_a_new_incident_that_undo_removes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("missed.imap");
    let file = common::write_article(dir.path(), "rockets.txt", "2021-03-09", MISSED);
    Workspace::open(&path)
        .unwrap()
        .import(&[file], &common::OLD, RunOptions::default())
        .unwrap();
    let before = incidents_in_file(&path);
    assert_eq!(before, 1, "the stand-in finds only the protest");
    let mut harness = harness(&path);
    harness
        .state_mut()
        .command(Command::ShowArticle("rockets.txt".into()));
    harness.run_steps(3);
    // Nothing selected yet: the action is there, disabled.
    assert!(harness.state().article_selection().is_none());
    harness.get_by_label("Add incident from selection");
    harness.get_by_label_contains("select words in the text");

    // A drag of the pointer across the start of the text selects its first words, also
    // when the window does not have the system's focus (as under Xvfb, without a window
    // manager; egui's `Response::has_focus` is false then).
    harness.input_mut().focused = false;
    let field = harness
        .get_by_role(egui::accesskit::Role::MultilineTextInput)
        .rect();
    let y = field.top() + 8.0;
    harness.hover_at(egui::pos2(field.left() + 1.0, y));
    harness.run_steps(1);
    harness.drag_at(egui::pos2(field.left() + 1.0, y));
    harness.run_steps(1);
    for x in [30.0, 60.0, 90.0] {
        harness.hover_at(egui::pos2(field.left() + x, y));
        harness.run_steps(1);
    }
    harness.drop_at(egui::pos2(field.left() + 90.0, y));
    harness.run_steps(2);
    let dragged = harness.state().article_selection().cloned().unwrap();
    assert_eq!(dragged.article, "rockets.txt");
    assert_eq!(dragged.chars.start, 0);
    assert!(dragged.chars.len() > 5, "{dragged:?}");
    harness.get_by_label_contains("character(s) selected");

    // Select "killing three officers" in the article's text field (its state, as a drag
    // or Shift+arrows leave it).
    let text = Workspace::open_existing(&path)
        .unwrap()
        .article_text("rockets.txt")
        .unwrap();
    let byte = text.find("killing three officers").unwrap();
    let start = text[..byte].chars().count();
    assert!(
        start < byte,
        "the fixture has letters outside ASCII before the selection"
    );
    let selection = start..start + "killing three officers".chars().count();
    let id = article_text_id();
    let ctx = harness.ctx.clone();
    let mut state = egui::text_edit::TextEditState::load(&ctx, id).unwrap_or_default();
    state
        .cursor
        .set_char_range(Some(egui::text::CCursorRange::two(
            egui::text::CCursor::new(selection.start),
            egui::text::CCursor::new(selection.end),
        )));
    state.store(&ctx, id);
    ctx.memory_mut(|m| m.request_focus(id));
    harness.run_steps(2);
    let remembered = harness.state().article_selection().cloned().unwrap();
    assert_eq!(remembered.article, "rockets.txt");
    assert_eq!(remembered.chars, selection);
    harness.get_by_label_contains("22 character(s) selected");

    // The action: one more incident, in the file at once, the form open on it.
    harness.get_by_label("Add incident from selection").click();
    harness.run_steps(3);
    assert_eq!(incidents_in_file(&path), before + 1);
    let added = harness
        .state()
        .session()
        .unwrap()
        .form
        .as_ref()
        .map(|f| f.event_id.clone())
        .expect("the edit form is open on the new incident");
    harness.get_by_label(&format!("Edit incident {added}"));
    assert_eq!(harness.state().selected_event_id().as_ref(), Some(&added));
    let record = Workspace::open_existing(&path)
        .unwrap()
        .incident(&added)
        .unwrap();
    let incident = &record.incident;
    // The analyst's, from this article, the selection its evidence sentence...
    assert_eq!(record.status(), ReviewStatus::Edited);
    assert_eq!(incident.sources, ["rockets.txt"]);
    assert!(
        incident
            .evidence
            .iter()
            .any(|e| e.field == EvidenceField::Sentence
                && (e.start, e.end) == (selection.start, selection.end))
    );
    // ... pre-filled by the extractor from the sentence: rocket fire at Jalalabad on the
    // Sunday before the article, three dead, the police hit.
    assert_eq!(
        incident.sub_event_type,
        SubEventType::ShellingArtilleryMissileAttack
    );
    assert_eq!(incident.fatalities, 3);
    assert_eq!(incident.location, "Jalalabad");
    assert_eq!(
        incident.event_date,
        chrono::NaiveDate::from_ymd_opt(2021, 3, 7)
    );
    assert!(incident.actor2.contains("Police"), "{}", incident.actor2);
    let chars_of = |start: usize, end: usize| -> String {
        text.chars().skip(start).take(end - start).collect()
    };
    let trigger = incident
        .evidence
        .iter()
        .find(|e| e.field == EvidenceField::Trigger)
        .map(|e| chars_of(e.start, e.end));
    assert_eq!(
        trigger.as_deref(),
        Some("rockets"),
        "evidence in the article's offsets"
    );
    // One line of the log, an addition.
    let log = Workspace::open_existing(&path)
        .unwrap()
        .corrections()
        .unwrap();
    assert!(
        log.iter()
            .any(|c| c.incident == added && c.kind == CorrectionKind::Add),
        "{log:?}"
    );
    assert!(harness.state().article_selection().is_none());

    // Ctrl+Z removes it again, form and all.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run_steps(2);
    assert_eq!(incidents_in_file(&path), before);
    assert!(
        Workspace::open_existing(&path)
            .unwrap()
            .incident(&added)
            .is_err()
    );
    assert!(harness.state().session().unwrap().form.is_none());
    assert!(
        !harness
            .state()
            .store()
            .incidents()
            .iter()
            .any(|i| i.event_id == added)
    );
}

#[test]
fn dragging_the_selected_marker_moves_the_incident_and_undo_puts_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = workspace(dir.path());
    let first = queue(&path)[0].clone();
    let original = Workspace::open_existing(&path)
        .unwrap()
        .incident(&first)
        .unwrap()
        .incident;
    let (lat, lon) = original.position().unwrap();
    let mut harness = harness(&path);
    press(&mut harness, egui::Key::J);
    assert_eq!(selected(&harness).as_ref(), Some(&first));
    let center_before = harness.state().map_center();
    let from = harness.state().screen_position(lat, lon).unwrap();
    assert!(harness.state().map_rect().contains(from), "{from:?}");

    // Press on the marker, move 80 points right and 50 down, release.
    let to = from + egui::vec2(80.0, 50.0);
    let expected = harness.state().map_position_at(to).unwrap();
    harness.hover_at(from);
    harness.run_steps(1);
    harness.drag_at(from);
    harness.run_steps(1);
    assert!(harness.state().dragging_marker());
    for k in 1..=4 {
        harness.hover_at(from + egui::vec2(20.0, 12.5) * k as f32);
        harness.run_steps(1);
        // The map does not pan under the dragged marker.
        assert_eq!(harness.state().map_center(), center_before);
    }
    harness.drop_at(to);
    harness.run_steps(2);
    assert!(!harness.state().dragging_marker());
    assert_eq!(harness.state().map_center(), center_before);

    // Saved as an edit: the point dropped on, exact now, the place name kept.
    let moved = Workspace::open_existing(&path)
        .unwrap()
        .incident(&first)
        .unwrap();
    let (new_lat, new_lon) = moved.incident.position().unwrap();
    assert!(
        (new_lat - expected.0).abs() < 1e-3 && (new_lon - expected.1).abs() < 1e-3,
        "{new_lat},{new_lon} is not {expected:?}"
    );
    assert!((new_lat - lat).abs() > 1e-3 || (new_lon - lon).abs() > 1e-3);
    assert_eq!(moved.incident.geo_precision, GeoPrecision::Town);
    assert_eq!(moved.incident.location, original.location);
    assert_eq!(moved.status(), ReviewStatus::Edited);
    let log = Workspace::open_existing(&path)
        .unwrap()
        .corrections()
        .unwrap();
    for field in ["latitude", "longitude", "geo_precision"] {
        assert!(
            log.iter().any(|c| c.incident == first && c.field == field),
            "{field}: {log:?}"
        );
    }
    let shown = harness
        .state()
        .store()
        .incidents()
        .iter()
        .find(|i| i.event_id == first)
        .and_then(|i| i.position());
    assert_eq!(shown, Some((new_lat, new_lon)), "the map shows it moved");

    // Ctrl+Z puts it back where it was, as it was.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run_steps(2);
    let back = Workspace::open_existing(&path)
        .unwrap()
        .incident(&first)
        .unwrap();
    assert_eq!(back.incident, original);
    assert_eq!(back.status(), ReviewStatus::Unreviewed);
}

#[test]
fn a_click_on_the_selected_marker_moves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = workspace(dir.path());
    let first = queue(&path)[0].clone();
    let mut harness = harness(&path);
    press(&mut harness, egui::Key::J);
    let (lat, lon) = harness
        .state()
        .store()
        .incidents()
        .iter()
        .find(|i| i.event_id == first)
        .and_then(|i| i.position())
        .unwrap();
    let at = harness.state().screen_position(lat, lon).unwrap();
    harness.hover_at(at);
    harness.run_steps(1);
    harness.drag_at(at);
    harness.run_steps(1);
    harness.drop_at(at);
    harness.run_steps(2);
    assert!(
        Workspace::open_existing(&path)
            .unwrap()
            .corrections()
            .unwrap()
            .is_empty()
    );
}
