//! The edit form of one incident: type and sub-type from ACLED's taxonomy, date and time
//! precision, fatalities (lowest, highest), actors, notes, geo precision, and the place,
//! moved by picking one of the gazetteer's candidates for the location name (ranked) or
//! for a search. Saving emits [`WsCommand::SaveEdit`] with the fields that changed; the
//! workspace checks every value and refuses the whole edit when one is bad, and the form
//! shows why.

use std::collections::BTreeMap;

use egui::{Color32, Context, RichText, Ui};

use super::workspace_view::WsCommand;
use crate::gazetteer::Context as PlaceContext;
use crate::gazetteer::Gazetteer;
use crate::taxonomy::{EventType, SubEventType};
use crate::workspace::{Field, IncidentRecord};

/// How many gazetteer candidates the form lists.
const CANDIDATES_SHOWN: usize = 12;

/// A place the form offers: what choosing it writes into the fields.
#[derive(Debug, Clone, PartialEq)]
pub struct PlaceChoice {
    /// One line to show.
    pub label: String,
    /// The fields it sets (location, coordinates, country, ISO, admin1, admin2, precision).
    pub fields: Vec<(Field, String)>,
}

/// The form's state: the incident's values as text, as loaded and as edited.
#[derive(Debug, Clone, PartialEq)]
pub struct EditForm {
    /// The incident edited.
    pub event_id: String,
    original: BTreeMap<Field, String>,
    /// The values in the form, by field.
    pub values: BTreeMap<Field, String>,
    /// Why the last save was refused.
    pub error: Option<String>,
    /// The gazetteer search box.
    pub place_query: String,
    /// Candidates for the location name or the search, best first.
    pub candidates: Vec<PlaceChoice>,
}

impl EditForm {
    /// A form on an incident's current values; candidates for its location name are
    /// listed at once when the gazetteer is loaded.
    pub fn new(record: &IncidentRecord) -> EditForm {
        let values: BTreeMap<Field, String> =
            Field::ALL.iter().map(|f| (*f, f.get(record))).collect();
        let mut form = EditForm {
            event_id: record.event_id().to_string(),
            original: values.clone(),
            values,
            error: None,
            place_query: record.incident.location.clone(),
            candidates: Vec::new(),
        };
        form.search_places();
        form
    }

    /// One field's value in the form.
    pub fn value(&self, field: Field) -> &str {
        self.values.get(&field).map_or("", String::as_str)
    }

    /// Sets one field's value (as typed).
    pub fn set(&mut self, field: Field, value: &str) {
        self.values.insert(field, value.to_string());
    }

    /// The `(field, value)` pairs that differ from the loaded incident.
    pub fn changes(&self) -> Vec<(String, String)> {
        self.values
            .iter()
            .filter(|(f, v)| self.original.get(f) != Some(v))
            .map(|(f, v)| (f.as_str().to_string(), v.clone()))
            .collect()
    }

    /// Lists the gazetteer's candidates for the search box (empty while the gazetteer
    /// still loads).
    pub fn search_places(&mut self) {
        self.candidates = match Gazetteer::bundled_if_loaded() {
            Some(g) => place_choices(g, &self.place_query),
            None => Vec::new(),
        };
    }

    /// Writes a candidate's fields into the form.
    pub fn choose(&mut self, choice: &PlaceChoice) {
        for (field, value) in &choice.fields {
            self.values.insert(*field, value.clone());
        }
    }
}

/// The gazetteer's candidates for a name, ranked, as form choices.
pub fn place_choices(g: &Gazetteer, name: &str) -> Vec<PlaceChoice> {
    if name.trim().is_empty() {
        return Vec::new();
    }
    g.candidates(name, &PlaceContext::default())
        .into_iter()
        .take(CANDIDATES_SHOWN)
        .map(|c| {
            let p = c.place;
            let country = g.country_name(p.country).to_string();
            let admin1 = g.admin1_name(p).to_string();
            let admin2 = g.admin2_name(p).to_string();
            let precision = p.kind.geo_precision();
            let label = format!(
                "{} ({:?}) · {}{}{} · {:.3}, {:.3}",
                p.name,
                p.kind,
                if admin1.is_empty() { "" } else { &admin1 },
                if admin1.is_empty() { "" } else { ", " },
                country,
                p.latitude,
                p.longitude
            );
            PlaceChoice {
                label,
                fields: vec![
                    (Field::Location, p.name.to_string()),
                    (Field::Latitude, p.latitude.to_string()),
                    (Field::Longitude, p.longitude.to_string()),
                    (Field::Country, country),
                    (Field::Iso, p.country.to_string()),
                    (Field::Admin1, admin1),
                    (Field::Admin2, admin2),
                    (Field::GeoPrecision, precision.code().to_string()),
                ],
            }
        })
        .collect()
}

/// Draws the form in a window; returns what the user asked for.
pub fn edit_window(ctx: &Context, form: &mut EditForm) -> Vec<WsCommand> {
    let mut out = Vec::new();
    let mut open = true;
    egui::Window::new(format!("Edit incident {}", form.event_id))
        .open(&mut open)
        .default_width(460.0)
        .show(ctx, |ui| {
            // Save, Cancel and the refusal stay in sight above the scrolled fields.
            out = buttons_ui(ui, form);
            ui.separator();
            egui::ScrollArea::vertical()
                .max_height(560.0)
                .show(ui, |ui| edit_form_ui(ui, form));
        });
    if !open {
        out.push(WsCommand::CloseEdit);
    }
    out
}

fn text_row(ui: &mut Ui, form: &mut EditForm, field: Field, label: &str) {
    let label = ui.label(label);
    let mut value = form.value(field).to_string();
    let response = ui
        .add(egui::TextEdit::singleline(&mut value).desired_width(260.0))
        .labelled_by(label.id);
    if response.changed() {
        form.set(field, &value);
    }
    ui.end_row();
}

fn choice_row(
    ui: &mut Ui,
    form: &mut EditForm,
    field: Field,
    label: &str,
    options: &[(&str, &str)],
) {
    ui.label(label);
    let current = form.value(field).to_string();
    let shown = options
        .iter()
        .find(|(v, _)| *v == current)
        .map_or(current.clone(), |(_, l)| (*l).to_string());
    egui::ComboBox::from_id_salt(field.as_str())
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for (value, text) in options {
                if ui.selectable_label(current == *value, *text).clicked() {
                    form.set(field, value);
                }
            }
        });
    ui.end_row();
}

/// Save and Cancel, and why the last save was refused.
fn buttons_ui(ui: &mut Ui, form: &EditForm) -> Vec<WsCommand> {
    let mut out = Vec::new();
    ui.horizontal(|ui| {
        if ui.button("Save").clicked() {
            out.push(WsCommand::SaveEdit(form.event_id.clone(), form.changes()));
        }
        if ui.button("Cancel").clicked() {
            out.push(WsCommand::CloseEdit);
        }
    });
    if let Some(error) = &form.error {
        ui.colored_label(
            Color32::from_rgb(210, 60, 60),
            format!("Not saved: {error}"),
        );
    }
    out
}

/// The form's fields.
pub fn edit_form_ui(ui: &mut Ui, form: &mut EditForm) {
    egui::Grid::new("edit-grid")
        .num_columns(2)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            ui.label("Event type");
            let sub = form.value(Field::SubEventType).to_string();
            let event_type = form.value(Field::EventType).to_string();
            egui::ComboBox::from_id_salt("event_type")
                .selected_text(event_type.clone())
                .show_ui(ui, |ui| {
                    for t in EventType::ALL {
                        if ui
                            .selectable_label(event_type == t.as_str(), t.as_str())
                            .clicked()
                            && event_type != t.as_str()
                        {
                            form.set(Field::EventType, t.as_str());
                            // A type change takes the new type's first sub-type.
                            if let Some(first) = t.sub_types().first() {
                                form.set(Field::SubEventType, first.as_str());
                            }
                        }
                    }
                });
            ui.end_row();
            ui.label("Sub-event type");
            let subs: Vec<SubEventType> = event_type
                .parse::<EventType>()
                .map(|t| t.sub_types().to_vec())
                .unwrap_or_else(|_| SubEventType::ALL.to_vec());
            egui::ComboBox::from_id_salt("sub_event_type")
                .selected_text(sub.clone())
                .show_ui(ui, |ui| {
                    for s in subs {
                        if ui.selectable_label(sub == s.as_str(), s.as_str()).clicked() {
                            form.set(Field::SubEventType, s.as_str());
                        }
                    }
                });
            ui.end_row();
            text_row(ui, form, Field::EventDate, "Date");
            choice_row(
                ui,
                form,
                Field::TimePrecision,
                "Time precision",
                &[("1", "1 day"), ("2", "2 week"), ("3", "3 month or more")],
            );
            text_row(ui, form, Field::Fatalities, "Fatalities (lowest)");
            text_row(ui, form, Field::FatalitiesMax, "Fatalities (highest)");
            text_row(ui, form, Field::Actor1, "Actor 1");
            text_row(ui, form, Field::Actor2, "Actor 2");
            text_row(ui, form, Field::Location, "Location");
            text_row(ui, form, Field::Admin1, "Admin 1");
            text_row(ui, form, Field::Admin2, "Admin 2");
            text_row(ui, form, Field::Country, "Country");
            text_row(ui, form, Field::Iso, "ISO");
            text_row(ui, form, Field::Latitude, "Latitude");
            text_row(ui, form, Field::Longitude, "Longitude");
            choice_row(
                ui,
                form,
                Field::GeoPrecision,
                "Geo precision",
                &[
                    ("1", "1 town"),
                    ("2", "2 district or near"),
                    ("3", "3 province or country"),
                ],
            );
        });
    ui.label("Notes");
    let mut notes = form.value(Field::Notes).to_string();
    if ui
        .add(
            egui::TextEdit::multiline(&mut notes)
                .desired_rows(3)
                .desired_width(f32::INFINITY),
        )
        .changed()
    {
        form.set(Field::Notes, &notes);
    }
    ui.separator();
    ui.label(RichText::new("Move the place: pick a gazetteer candidate").strong());
    ui.horizontal(|ui| {
        let search = ui.add(
            egui::TextEdit::singleline(&mut form.place_query)
                .hint_text("place name")
                .desired_width(220.0),
        );
        let entered = search.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui.button("Search the gazetteer").clicked() || entered {
            form.search_places();
        }
    });
    if Gazetteer::bundled_if_loaded().is_none() {
        ui.label(RichText::new("The gazetteer is still loading…").weak());
    }
    let mut chosen = None;
    for choice in &form.candidates {
        if ui.small_button(&choice.label).clicked() {
            chosen = Some(choice.clone());
        }
    }
    if let Some(choice) = chosen {
        form.choose(&choice);
    }
}
