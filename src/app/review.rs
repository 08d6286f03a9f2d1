//! The review queue: the workspace's unreviewed incidents, least confident first, and the
//! keys that review them (A accept, R reject, E edit, J/K next/previous, Ctrl+Z undo,
//! Ctrl+Shift+Z redo). It only draws and emits [`WsCommand`]s.

use egui::{Color32, Context, Key, KeyboardShortcut, Modifiers, RichText, Ui};

use super::map::type_color;
use super::workspace_view::{Session, WsCommand};
use crate::taxonomy::ReviewStatus;

/// The review keys pressed this frame (none while a text field has the focus, so typing in
/// the edit form never reviews anything; the article's read-only text does not count, so
/// the keys work after selecting words in it).
pub fn review_keys(ctx: &Context) -> Vec<WsCommand> {
    let mut out = Vec::new();
    let redo = KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    let undo = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
    let article = super::workspace_view::article_text_id();
    let typing = ctx.memory(|m| m.focused().is_some_and(|id| id != article));
    if typing {
        return out;
    }
    ctx.input_mut(|i| {
        // The longer shortcut first: Ctrl+Shift+Z also matches Ctrl+Z's keys.
        if i.consume_shortcut(&redo) {
            out.push(WsCommand::Redo);
        } else if i.consume_shortcut(&undo) {
            out.push(WsCommand::Undo);
        }
        let plain = i.modifiers.is_none();
        for (key, command) in [
            (Key::A, WsCommand::Review(ReviewStatus::Accepted)),
            (Key::R, WsCommand::Review(ReviewStatus::Rejected)),
            (Key::E, WsCommand::Edit),
            (Key::J, WsCommand::Next),
            (Key::K, WsCommand::Previous),
        ] {
            if plain && i.key_pressed(key) {
                out.push(command);
            }
        }
    });
    out
}

/// Draws the review queue; `selected` is the selected incident's event id.
pub fn review_queue_ui(ui: &mut Ui, session: &Session, selected: Option<&str>) -> Vec<WsCommand> {
    let mut out = Vec::new();
    ui.heading("Review queue");
    ui.label(
        RichText::new(format!(
            "{} unreviewed, least confident first",
            session.counts.of(ReviewStatus::Unreviewed)
        ))
        .weak(),
    );
    ui.horizontal_wrapped(|ui| {
        for (label, command) in [
            ("Accept (A)", WsCommand::Review(ReviewStatus::Accepted)),
            ("Reject (R)", WsCommand::Review(ReviewStatus::Rejected)),
            ("Edit (E)", WsCommand::Edit),
        ] {
            if ui.button(label).clicked() {
                out.push(command);
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        if ui.button("Previous (K)").clicked() {
            out.push(WsCommand::Previous);
        }
        if ui.button("Next (J)").clicked() {
            out.push(WsCommand::Next);
        }
        let undo = session.ws.next_undo().ok().flatten();
        let redo = session.ws.next_redo().ok().flatten();
        if ui
            .add_enabled(undo.is_some(), egui::Button::new("Undo"))
            .on_hover_text("Ctrl+Z")
            .clicked()
        {
            out.push(WsCommand::Undo);
        }
        if ui
            .add_enabled(redo.is_some(), egui::Button::new("Redo"))
            .on_hover_text("Ctrl+Shift+Z")
            .clicked()
        {
            out.push(WsCommand::Redo);
        }
    });
    if let Some(id) = selected {
        ui.horizontal_wrapped(|ui| {
            match &session.merge_into {
                Some(kept) if kept != id => {
                    if ui.button(format!("Merge into {kept}")).clicked() {
                        out.push(WsCommand::Merge(kept.clone(), id.to_string()));
                    }
                }
                _ => {
                    if ui
                        .button("Mark for merge")
                        .on_hover_text("then select the same event's other incident")
                        .clicked()
                    {
                        out.push(WsCommand::MarkForMerge(id.to_string()));
                    }
                }
            }
            if ui
                .button("Split")
                .on_hover_text("split a merged incident back into its sources")
                .clicked()
            {
                out.push(WsCommand::Split(id.to_string()));
            }
        });
    }
    if !session.message.is_empty() {
        ui.label(RichText::new(&session.message).italics());
    }
    ui.separator();
    if session.queue.is_empty() {
        ui.label(if session.loading() {
            "Reading the workspace…"
        } else {
            "Nothing waits for review."
        });
        return out;
    }
    egui::ScrollArea::vertical()
        .id_salt("review-queue")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for (k, record) in session.queue.iter().enumerate() {
                let i = &record.incident;
                let id = record.event_id();
                let is_selected = selected == Some(id);
                let place = if i.location.is_empty() {
                    if i.country.is_empty() {
                        "(no place)"
                    } else {
                        &i.country
                    }
                } else {
                    &i.location
                };
                let text = format!(
                    "{:.2} · {} · {} · {}",
                    i.confidence,
                    i.event_date
                        .map(|d| d.to_string())
                        .unwrap_or_else(|| "undated".into()),
                    i.sub_event_type,
                    place
                );
                let cursor = k == session.cursor && selected.is_none();
                let label = RichText::new(text).color(if cursor {
                    Color32::WHITE
                } else {
                    type_color(i.event_type)
                });
                if ui.selectable_label(is_selected || cursor, label).clicked() {
                    out.push(WsCommand::SelectEvent(id.to_string()));
                }
            }
        });
    out
}

/// The share of reviewed (accepted or edited) extracted incidents whose field the analyst
/// left as the extractor coded it, per field.
pub fn agreement_ui(ui: &mut Ui, session: &Session) {
    ui.heading("Agreement");
    let agreement = match session.ws.agreement() {
        Ok(a) => a,
        Err(e) => {
            ui.label(e.to_string());
            return;
        }
    };
    ui.label(
        RichText::new(format!(
            "{} reviewed incident(s): share left unchanged",
            agreement.reviewed
        ))
        .weak(),
    );
    egui::Grid::new("agreement-grid")
        .striped(true)
        .show(ui, |ui| {
            for cell in &agreement.per_field {
                ui.label(cell.field.as_str());
                ui.label(format!("{:.0}%", cell.share() * 100.0));
                ui.label(RichText::new(format!("{}/{}", cell.unchanged, cell.reviewed)).weak());
                ui.end_row();
            }
        });
    for (event_type, row) in &agreement.per_event_type {
        let changed: Vec<String> = row
            .iter()
            .filter(|c| c.unchanged < c.reviewed)
            .map(|c| format!("{} {:.0}%", c.field.as_str(), c.share() * 100.0))
            .collect();
        ui.label(format!(
            "{event_type}: {}",
            if changed.is_empty() {
                "every field unchanged".to_string()
            } else {
                changed.join(", ")
            }
        ));
    }
}
