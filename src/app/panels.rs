//! The side panels: filters (text, date range over a histogram with play, fatalities, event
//! types with counts), the incident list (sortable, virtualised), and the article with the
//! evidence behind the selected incident highlighted.

use std::ops::Range;
use std::rc::Rc;

use egui::text::{CCursor, LayoutJob};
use egui::{Align, Color32, RichText, Sense, Stroke, TextFormat, Ui, Vec2};
use egui_extras::{Column, TableBuilder};

use super::map::type_color;
use super::state::SortKey;
use super::workspace_view::{ArticleSelection, WsCommand, article_text_id};
use super::{Command, IncidentApp};
use crate::model::{Article, EventType, EvidenceField, PlaceKind, PlaceMention, SubEventType};
use crate::store::{days_between, type_key};

/// How a stretch of article text is highlighted.
#[derive(Debug, Clone, Copy, Default)]
struct Marks {
    sentence: bool,
    /// In the analyst's remembered selection.
    selected: bool,
    field: Option<EvidenceField>,
    place: Option<usize>,
}

fn field_color(field: EvidenceField) -> Color32 {
    match field {
        EvidenceField::Trigger => Color32::from_rgb(255, 170, 160),
        EvidenceField::Location => Color32::from_rgb(160, 200, 255),
        EvidenceField::Date => Color32::from_rgb(170, 230, 170),
        EvidenceField::Fatalities => Color32::from_rgb(255, 205, 130),
        EvidenceField::Actor => Color32::from_rgb(215, 185, 255),
        EvidenceField::Sentence | EvidenceField::Headline => Color32::from_rgb(255, 248, 200),
    }
}

impl IncidentApp {
    pub(super) fn filters_ui(&mut self, ui: &mut Ui) {
        ui.heading("Filters");
        ui.label(
            RichText::new(format!(
                "{} of {} incidents shown",
                self.result.visible.len(),
                self.store.len()
            ))
            .strong(),
        );
        if ui
            .add_enabled(
                !self.state.filter.is_clear(),
                egui::Button::new("Clear all filters"),
            )
            .clicked()
        {
            self.commands.push(Command::ClearFilters);
        }
        ui.add_space(6.0);
        let search = ui.add(
            egui::TextEdit::singleline(&mut self.state.filter.text)
                .hint_text("Search notes, places, actors…")
                .desired_width(f32::INFINITY),
        );
        if search.changed() {
            self.filter_dirty = true;
        }
        ui.add_space(6.0);
        self.dates_ui(ui);
        ui.add_space(6.0);
        let max = self
            .store
            .incidents()
            .iter()
            .map(|i| i.fatalities)
            .max()
            .unwrap_or(0)
            .max(1);
        if ui
            .add(
                egui::Slider::new(&mut self.state.filter.min_fatalities, 0..=max)
                    .text("min. fatalities"),
            )
            .changed()
        {
            self.filter_dirty = true;
        }
        ui.add_space(6.0);
        ui.label(RichText::new("Event types").strong());
        self.types_ui(ui);
    }

    fn dates_ui(&mut self, ui: &mut Ui) {
        ui.label(RichText::new("Dates").strong());
        let (Some(first), Some(last)) = (self.store.first_day(), self.store.last_day()) else {
            ui.label("no dated incidents");
            return;
        };
        let span = (days_between(first, last) + 1).max(1) as usize;
        let from = self.state.filter.date_from.unwrap_or(first);
        let to = self.state.filter.date_to.unwrap_or(last);
        // Histogram of incidents per day (other filters applied), the chosen range in colour.
        let width = ui.available_width();
        let (rect, response) =
            ui.allocate_exact_size(Vec2::new(width, 64.0), Sense::click_and_drag());
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 2.0, ui.visuals().extreme_bg_color);
        let bins = span.min((width / 3.0) as usize).max(1);
        let days_per_bin = span.div_ceil(bins);
        let mut counts = vec![0u32; bins];
        for (day, &n) in self.result.per_day.iter().enumerate() {
            if let Some(c) = counts.get_mut(day / days_per_bin) {
                *c += n;
            }
        }
        let top = counts.iter().copied().max().unwrap_or(0).max(1) as f32;
        let bar = rect.width() / bins as f32;
        let from_day = days_between(first, from).max(0) as usize;
        let to_day = days_between(first, to).max(0) as usize;
        for (b, &c) in counts.iter().enumerate() {
            let h = (c as f32 / top) * (rect.height() - 4.0);
            let x = rect.left() + b as f32 * bar;
            let day = b * days_per_bin;
            let inside = day + days_per_bin > from_day && day <= to_day;
            let color = if inside {
                Color32::from_rgb(70, 130, 200)
            } else {
                Color32::GRAY
            };
            painter.rect_filled(
                egui::Rect::from_min_max(
                    egui::pos2(x, rect.bottom() - h),
                    egui::pos2(x + bar.max(1.0) - 0.5, rect.bottom()),
                ),
                0.0,
                color,
            );
        }
        // Drag across the histogram to choose a range.
        if let (Some(a), Some(b)) = (
            response.interact_pointer_pos(),
            ui.input(|i| i.pointer.press_origin()),
        ) && response.dragged()
        {
            let day_at = |x: f32| {
                (((x - rect.left()) / rect.width()).clamp(0.0, 1.0) * (span - 1) as f32).round()
                    as u64
            };
            let (d0, d1) = (day_at(a.x.min(b.x)), day_at(a.x.max(b.x)));
            self.state.filter.date_from = first.checked_add_days(chrono::Days::new(d0));
            self.state.filter.date_to = first.checked_add_days(chrono::Days::new(d1));
            self.filter_dirty = true;
        }
        let mut from_offset = from_day as i64;
        let mut to_offset = to_day as i64;
        let fmt = |offset: f64, _: std::ops::RangeInclusive<usize>| {
            first
                .checked_add_days(chrono::Days::new(offset.max(0.0) as u64))
                .map(|d| d.to_string())
                .unwrap_or_default()
        };
        let max_offset = (span - 1) as i64;
        let a = ui.add(
            egui::Slider::new(&mut from_offset, 0..=max_offset)
                .text("from")
                .custom_formatter(fmt),
        );
        let b = ui.add(
            egui::Slider::new(&mut to_offset, 0..=max_offset)
                .text("to")
                .custom_formatter(fmt),
        );
        if a.changed() || b.changed() {
            if from_offset > to_offset {
                std::mem::swap(&mut from_offset, &mut to_offset);
            }
            self.state.filter.date_from =
                first.checked_add_days(chrono::Days::new(from_offset as u64));
            self.state.filter.date_to = first.checked_add_days(chrono::Days::new(to_offset as u64));
            self.filter_dirty = true;
        }
        ui.horizontal(|ui| {
            let label = if self.playing { "Pause" } else { "Play" };
            if ui
                .button(label)
                .on_hover_text("Move the date window forward one day at a time")
                .clicked()
            {
                self.playing = !self.playing;
                if self.playing && self.state.filter.date_from.is_none() {
                    // Start with a one-week window at the beginning.
                    self.state.filter.date_from = Some(first);
                    self.state.filter.date_to = first
                        .checked_add_days(chrono::Days::new(6))
                        .map(|d| d.min(last));
                    self.filter_dirty = true;
                }
            }
            if ui.button("All dates").clicked() {
                self.state.filter.date_from = None;
                self.state.filter.date_to = None;
                self.playing = false;
                self.filter_dirty = true;
            }
        });
    }

    fn types_ui(&mut self, ui: &mut Ui) {
        for kind in EventType::ALL {
            let event_type = kind.as_str();
            let subs: Vec<&str> = kind.sub_types().iter().map(|s| s.as_str()).collect();
            let count = |sub: &str| {
                sub.parse::<SubEventType>()
                    .ok()
                    .and_then(|s| self.result.type_counts.get(s.index()))
                    .copied()
                    .unwrap_or(0)
            };
            let total: u32 = subs.iter().map(|s| count(s)).sum();
            let all_shown = subs.iter().all(|s| {
                !self
                    .state
                    .filter
                    .hidden_types
                    .contains(&type_key(event_type, s))
            });
            ui.horizontal(|ui| {
                let (dot, _) = ui.allocate_exact_size(Vec2::splat(12.0), Sense::hover());
                ui.painter()
                    .circle_filled(dot.center(), 5.0, type_color(kind));
                let mut shown = all_shown;
                if ui
                    .checkbox(&mut shown, format!("{event_type} ({total})"))
                    .changed()
                {
                    for s in subs.iter() {
                        let key = type_key(event_type, s);
                        if shown {
                            self.state.filter.hidden_types.remove(&key);
                        } else {
                            self.state.filter.hidden_types.insert(key);
                        }
                    }
                    self.filter_dirty = true;
                }
            });
            ui.indent(event_type, |ui| {
                for sub in subs.iter() {
                    let n = count(sub);
                    let key = type_key(event_type, sub);
                    let mut shown = !self.state.filter.hidden_types.contains(&key);
                    if n == 0 && shown {
                        continue;
                    }
                    if ui.checkbox(&mut shown, format!("{sub} ({n})")).changed() {
                        if shown {
                            self.state.filter.hidden_types.remove(&key);
                        } else {
                            self.state.filter.hidden_types.insert(key);
                        }
                        self.filter_dirty = true;
                    }
                }
            });
        }
    }

    pub(super) fn list_ui(&mut self, ui: &mut Ui) {
        let scroll_to = if self.scroll_list {
            self.selected
                .and_then(|s| self.sorted.iter().position(|&i| i == s))
        } else {
            None
        };
        self.scroll_list = false;
        let mut clicked = None;
        let mut sort_by = None;
        let header = |ui: &mut Ui,
                      label: &str,
                      key: SortKey,
                      current: SortKey,
                      descending: bool,
                      sort_by: &mut Option<SortKey>| {
            let arrow = if key == current {
                if descending { " (desc)" } else { " (asc)" }
            } else {
                ""
            };
            if ui
                .button(RichText::new(format!("{label}{arrow}")).strong())
                .clicked()
            {
                *sort_by = Some(key);
            }
        };
        let (current, descending) = (self.state.sort, self.state.descending);
        let mut table = TableBuilder::new(ui)
            .striped(true)
            .sense(Sense::click())
            .cell_layout(egui::Layout::left_to_right(Align::Center))
            .column(Column::exact(96.0))
            .column(Column::initial(260.0).resizable(true))
            .column(Column::exact(80.0))
            .column(Column::initial(220.0).resizable(true))
            .column(Column::remainder());
        if let Some(row) = scroll_to {
            table = table.scroll_to_row(row, Some(Align::Center));
        }
        table
            .header(24.0, |mut row| {
                row.col(|ui| header(ui, "Date", SortKey::Date, current, descending, &mut sort_by));
                row.col(|ui| header(ui, "Type", SortKey::Type, current, descending, &mut sort_by));
                row.col(|ui| {
                    header(
                        ui,
                        "Fatalities",
                        SortKey::Fatalities,
                        current,
                        descending,
                        &mut sort_by,
                    )
                });
                row.col(|ui| {
                    header(
                        ui,
                        "Place",
                        SortKey::Place,
                        current,
                        descending,
                        &mut sort_by,
                    )
                });
                row.col(|ui| {
                    ui.strong("Sources");
                });
            })
            .body(|body| {
                body.rows(20.0, self.sorted.len(), |mut row| {
                    let Some(&index) = self.sorted.get(row.index()) else {
                        return;
                    };
                    let Some(i) = self.store.get(index) else {
                        return;
                    };
                    row.set_selected(self.selected == Some(index));
                    let is_selected = self.selected == Some(index);
                    row.col(|ui| {
                        let date = i
                            .event_date
                            .map(|d| d.to_string())
                            .unwrap_or_else(|| "undated".into());
                        if ui.selectable_label(is_selected, date).clicked() {
                            clicked = Some(index);
                        }
                    });
                    row.col(|ui| {
                        let (dot, _) =
                            ui.allocate_exact_size(Vec2::new(14.0, 14.0), Sense::hover());
                        ui.painter()
                            .circle_filled(dot.center(), 4.5, type_color(i.event_type));
                        ui.label(i.sub_event_type.as_str());
                    });
                    row.col(|ui| {
                        let f = if i.fatalities_max > i.fatalities {
                            format!("{}–{}", i.fatalities, i.fatalities_max)
                        } else {
                            i.fatalities.to_string()
                        };
                        ui.label(f);
                    });
                    row.col(|ui| {
                        let place = match (i.location.as_str(), i.known_division()) {
                            ("", _) => i.country.clone(),
                            (l, "") if l == i.country => format!("{l} (country only)"),
                            (l, a) if a.is_empty() || l == a => format!("{l}, {}", i.country),
                            (l, a) => format!("{l}, {a}"),
                        };
                        if ui.selectable_label(is_selected, place).clicked() {
                            clicked = Some(index);
                        }
                    });
                    row.col(|ui| {
                        ui.label(i.sources.len().to_string());
                    });
                    if row.response().clicked() {
                        clicked = Some(index);
                    }
                });
            });
        if let Some(key) = sort_by {
            if self.state.sort == key {
                self.state.descending = !self.state.descending;
            } else {
                self.state.sort = key;
                self.state.descending = false;
            }
            self.sort();
        }
        if let Some(index) = clicked {
            self.commands.push(Command::Select(Some(index)));
        }
    }

    pub(super) fn article_ui(&mut self, ui: &mut Ui) {
        let Some(article) = self.shown_article().cloned() else {
            ui.heading("Article");
            ui.label("Select an incident to read the article it came from.");
            return;
        };
        let title = article.title.clone().unwrap_or_else(|| article.id.clone());
        // An incident read from the headline (the page held no story) marks it as its
        // sentence.
        let from_headline = self
            .selected
            .and_then(|s| self.store.get(s))
            .is_some_and(|i| {
                i.evidence
                    .iter()
                    .any(|e| e.article == article.id && e.field == EvidenceField::Headline)
            });
        if from_headline {
            ui.heading(
                RichText::new(title)
                    .background_color(field_color(EvidenceField::Headline))
                    .color(Color32::BLACK),
            )
            .on_hover_text("The selected incident was read from this headline");
        } else {
            ui.heading(title);
        }
        ui.horizontal_wrapped(|ui| {
            if let Some(date) = article.date {
                ui.label(RichText::new(date.format("%A %-d %B %Y").to_string()).weak());
            }
            if let Some(source) = &article.source {
                ui.label(RichText::new(source).weak());
            }
            ui.label(RichText::new(&article.id).weak().small());
        });
        // The incidents this article reports.
        let here: Vec<u32> = (0..self.store.len() as u32)
            .filter(|&i| {
                self.store
                    .get(i)
                    .is_some_and(|inc| inc.sources.contains(&article.id))
            })
            .collect();
        ui.label(RichText::new(format!("{} incident(s) in this article", here.len())).strong());
        for &index in &here {
            let Some(inc) = self.store.get(index) else {
                continue;
            };
            let text = format!(
                "{} · {} · {} · {} killed",
                inc.event_date.map(|d| d.to_string()).unwrap_or_default(),
                inc.sub_event_type,
                if inc.location.is_empty() {
                    &inc.country
                } else {
                    &inc.location
                },
                inc.fatalities
            );
            if ui
                .selectable_label(
                    self.selected == Some(index),
                    RichText::new(text).color(type_color(inc.event_type)),
                )
                .clicked()
            {
                self.commands.push(Command::Select(Some(index)));
            }
        }
        if let Some(sel) = self.selected.and_then(|s| self.store.get(s))
            && sel.sources.len() > 1
        {
            ui.horizontal_wrapped(|ui| {
                ui.label("Also reported by:");
                for s in sel.sources.iter().filter(|s| **s != article.id) {
                    if ui.link(s).clicked() {
                        self.commands.push(Command::ShowArticle(s.clone()));
                    }
                }
            });
        }
        ui.horizontal_wrapped(|ui| {
            for (field, label) in [
                (EvidenceField::Trigger, "event"),
                (EvidenceField::Location, "place"),
                (EvidenceField::Date, "date"),
                (EvidenceField::Fatalities, "fatalities"),
                (EvidenceField::Actor, "actor"),
            ] {
                ui.label(
                    RichText::new(label)
                        .background_color(field_color(field))
                        .color(Color32::BLACK)
                        .small(),
                );
            }
            ui.label(
                RichText::new("underlined: place, click to fly there")
                    .small()
                    .weak(),
            );
        });
        if self.session.is_some() {
            self.add_from_selection_ui(ui, &article);
        }
        ui.separator();
        egui::ScrollArea::vertical()
            .id_salt("article-text")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                if self.session.is_some() {
                    self.article_selectable_ui(ui, &article);
                } else {
                    self.article_text_ui(ui, &article);
                }
            });
    }

    /// The remembered selection, when it is in this article (code points).
    fn selection_in(&self, article: &Article) -> Option<Range<usize>> {
        self.article_selection
            .as_ref()
            .filter(|s| s.article == article.id)
            .map(|s| s.chars.clone())
    }

    /// The "Add incident from selection" button of a workspace session, enabled when words
    /// of the article are selected.
    fn add_from_selection_ui(&mut self, ui: &mut Ui, article: &Article) {
        let selection = self.selection_in(article);
        ui.vertical(|ui| {
            let button = ui
                .add_enabled(selection.is_some(), egui::Button::new(ADD_FROM_SELECTION))
                .on_hover_text(
                    "Codes an incident the extractor missed from the sentence(s) you selected, \
                     adds it to the workspace and opens it in the edit form (Ctrl+Z removes it)",
                )
                .on_disabled_hover_text("Select words of the article first");
            if button.clicked()
                && let Some(chars) = &selection
            {
                self.commands
                    .push(Command::Workspace(WsCommand::AddFromSelection {
                        article: article.id.clone(),
                        chars: chars.clone(),
                    }));
            }
            let hint = match &selection {
                Some(chars) => format!("{} character(s) selected", chars.len()),
                None => "select words in the text to add a missed incident".into(),
            };
            ui.label(RichText::new(hint).small().weak());
        });
    }

    /// The article's text cut into consecutive pieces (byte ranges covering the whole text)
    /// with their highlights: places, the selected incident's evidence and `selection`
    /// (code points); also the places and where the selected incident's sentence starts.
    fn article_pieces(
        &self,
        article: &Article,
        selection: Option<Range<usize>>,
    ) -> Rc<ArticlePieces> {
        let key = PiecesKey {
            article: article.id.clone(),
            text_len: article.text.len(),
            selection: selection.clone(),
            selected: self.selected,
            generation: self.generation,
            mentions: self.mentions.len(),
        };
        if let Some((cached_key, pieces)) = self.article_pieces_cache.borrow().as_ref()
            && *cached_key == key
        {
            return Rc::clone(pieces);
        }
        let pieces = Rc::new(self.cut_article(article, selection));
        *self.article_pieces_cache.borrow_mut() = Some((key, Rc::clone(&pieces)));
        pieces
    }

    /// [`IncidentApp::article_pieces`] computed afresh.
    fn cut_article(&self, article: &Article, selection: Option<Range<usize>>) -> ArticlePieces {
        let text = &article.text;
        let byte_of: Vec<usize> = text
            .char_indices()
            .map(|(b, _)| b)
            .chain(std::iter::once(text.len()))
            .collect();
        let to_byte = |c: usize| byte_of.get(c).copied().unwrap_or(text.len());
        let mut spans: Vec<(usize, usize, Marks)> = Vec::new();
        let places: Vec<PlaceMention> = self
            .mentions
            .iter()
            .filter(|m| m.article == article.id)
            .cloned()
            .collect();
        for (k, m) in places.iter().enumerate() {
            spans.push((
                to_byte(m.start),
                to_byte(m.end),
                Marks {
                    place: Some(k),
                    ..Marks::default()
                },
            ));
        }
        let mut sentence_start = None;
        if let Some(sel) = self.selected.and_then(|s| self.store.get(s)) {
            // A headline's offsets are in the title, not the text.
            for e in sel
                .evidence
                .iter()
                .filter(|e| e.article == article.id && e.field != EvidenceField::Headline)
            {
                let marks = if e.field == EvidenceField::Sentence {
                    sentence_start = sentence_start
                        .min(Some(to_byte(e.start)))
                        .or(Some(to_byte(e.start)));
                    Marks {
                        sentence: true,
                        ..Marks::default()
                    }
                } else {
                    Marks {
                        field: Some(e.field),
                        ..Marks::default()
                    }
                };
                spans.push((to_byte(e.start), to_byte(e.end), marks));
            }
        }
        if let Some(chars) = selection {
            spans.push((
                to_byte(chars.start),
                to_byte(chars.end),
                Marks {
                    selected: true,
                    ..Marks::default()
                },
            ));
        }
        let mut cuts: Vec<usize> = spans
            .iter()
            .flat_map(|s| [s.0, s.1])
            .chain([0, text.len()])
            .filter(|&b| b <= text.len())
            .collect();
        cuts.sort_unstable();
        cuts.dedup();
        let mut pieces = Vec::new();
        for w in cuts.windows(2) {
            let (a, b) = (w[0], w[1]);
            if a >= b {
                continue;
            }
            let mut marks = Marks::default();
            for s in spans.iter().filter(|s| s.0 <= a && b <= s.1) {
                marks.sentence |= s.2.sentence;
                marks.selected |= s.2.selected;
                marks.field = marks.field.or(s.2.field);
                marks.place = marks.place.or(s.2.place);
            }
            pieces.push((a, b, marks));
        }
        ArticlePieces {
            pieces,
            places,
            sentence_start,
        }
    }

    /// The article as separate labels (the app on files): places are links.
    fn article_text_ui(&mut self, ui: &mut Ui, article: &Article) {
        let text = &article.text;
        let cut = self.article_pieces(article, None);
        let (pieces, places, sentence_start) = (&cut.pieces, &cut.places, cut.sentence_start);
        let mut fly_to = None;
        let scroll = std::mem::take(&mut self.scroll_article);
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing = Vec2::new(0.0, 2.0);
            for &(a, b, marks) in pieces {
                let Some(piece) = text.get(a..b) else {
                    continue;
                };
                let mut job = LayoutJob::default();
                job.append(piece, 0.0, piece_format(ui, marks));
                let sense = if marks.place.is_some() {
                    Sense::click()
                } else {
                    Sense::hover()
                };
                let response = ui.add(egui::Label::new(job).sense(sense));
                if scroll && sentence_start == Some(a) {
                    response.scroll_to_me(Some(Align::Center));
                }
                if let Some(k) = marks.place
                    && let Some(m) = places.get(k)
                {
                    let response = response.on_hover_text(place_tooltip(m));
                    if response.clicked() {
                        fly_to = Some(fly_to_place(m));
                    }
                }
            }
        });
        if let Some(command) = fly_to {
            self.commands.push(command);
        }
    }

    /// The article as one read-only text field (the app on a workspace), so that words can
    /// be selected: the selection is remembered for "Add incident from selection" (button
    /// and context menu); a click on a place flies the map there.
    fn article_selectable_ui(&mut self, ui: &mut Ui, article: &Article) {
        let text = article.text.as_str();
        let id = article_text_id();
        let remembered = self.selection_in(article);
        let cut = self.article_pieces(article, remembered.clone());
        let (pieces, places, sentence_start) = (&cut.pieces, &cut.places, cut.sentence_start);
        let mut job = LayoutJob::default();
        for &(a, b, marks) in pieces {
            if let Some(piece) = text.get(a..b) {
                job.append(piece, 0.0, piece_format(ui, marks));
            }
        }
        if job.text != text {
            // Never a galley of another text than the field's (the cursor would be off).
            job = LayoutJob::simple(
                text.to_string(),
                egui::FontId::proportional(14.0),
                ui.visuals().text_color(),
                f32::INFINITY,
            );
        }
        let mut layouter = |ui: &Ui, _: &dyn egui::TextBuffer, wrap_width: f32| {
            let mut job = job.clone();
            job.wrap.max_width = wrap_width;
            ui.fonts_mut(|f| f.layout_job(job))
        };
        let mut shown = text;
        let output = egui::TextEdit::multiline(&mut shown)
            .id(id)
            .frame(egui::Frame::NONE)
            .desired_width(f32::INFINITY)
            .layouter(&mut layouter)
            .show(ui);
        let response = output.response.response;
        let char_at = |pos: egui::Pos2| {
            let local = pos - output.galley_pos + Vec2::new(output.galley.rect.left(), 0.0);
            output.galley.cursor_from_pos(local).index.0
        };
        let place_at = |c: usize| places.iter().find(|m| m.start <= c && c < m.end);
        // Remember what is selected while the field has the focus (it forgets its selection
        // when it loses it, e.g. to the button). A right click collapses the field's
        // selection to open the context menu: that keeps the remembered one.
        // (Egui's focus, not `Response::has_focus`: that is also false while the window
        // lacks the system's focus, e.g. under Xvfb, and the selection was then lost.)
        if ui.memory(|m| m.has_focus(id))
            && let Some(range) = output.cursor_range
        {
            let chars = range.as_sorted_char_range();
            let chars = chars.start.0..chars.end.0;
            let secondary = ui.input(|i| {
                i.pointer.secondary_pressed()
                    || i.pointer.secondary_down()
                    || i.pointer.secondary_released()
            });
            if !chars.is_empty() {
                self.article_selection = Some(ArticleSelection {
                    article: article.id.clone(),
                    chars,
                });
            } else if !secondary {
                self.article_selection = None;
            }
        }
        let mut fly_to = None;
        if response.clicked()
            && output.cursor_range.is_some_and(|r| r.is_empty())
            && let Some(pos) = response.interact_pointer_pos()
            && let Some(m) = place_at(char_at(pos))
        {
            fly_to = Some(fly_to_place(m));
        }
        let hovered_place = response.hover_pos().and_then(|p| place_at(char_at(p)));
        let selection = self.selection_in(article);
        let response = match hovered_place {
            Some(m) => {
                ui.ctx().set_cursor_icon(egui::CursorIcon::PointingHand);
                response.on_hover_text(place_tooltip(m))
            }
            None => response,
        };
        response.context_menu(|ui| {
            let button = ui.add_enabled(selection.is_some(), egui::Button::new(ADD_FROM_SELECTION));
            if button.clicked() {
                if let Some(chars) = &selection {
                    self.commands
                        .push(Command::Workspace(WsCommand::AddFromSelection {
                            article: article.id.clone(),
                            chars: chars.clone(),
                        }));
                }
                ui.close();
            }
        });
        if std::mem::take(&mut self.scroll_article)
            && let Some(byte) = sentence_start
        {
            let c = text.get(..byte).map_or(0, |t| t.chars().count());
            let rect = output
                .galley
                .pos_from_cursor(CCursor::new(c))
                .translate(output.galley_pos.to_vec2() - Vec2::new(output.galley.rect.left(), 0.0));
            ui.scroll_to_rect(rect, Some(Align::Center));
        }
        if let Some(command) = fly_to {
            self.commands.push(command);
        }
    }
}

/// The label of the action that adds a missed incident from the selected words.
pub const ADD_FROM_SELECTION: &str = "Add incident from selection";

/// What the article's pieces were cut for: they are cut again only when one of these
/// changes (not on every frame).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct PiecesKey {
    article: String,
    text_len: usize,
    selection: Option<Range<usize>>,
    selected: Option<u32>,
    generation: u64,
    mentions: usize,
}

/// The article in pieces (see [`IncidentApp::article_pieces`]).
pub(super) struct ArticlePieces {
    /// Consecutive byte ranges covering the text, with their highlights.
    pieces: Vec<(usize, usize, Marks)>,
    /// The article's place mentions (`Marks::place` indexes them).
    places: Vec<PlaceMention>,
    /// The byte where the selected incident's evidence sentence starts.
    sentence_start: Option<usize>,
}

/// How a piece of article text is drawn.
fn piece_format(ui: &Ui, marks: Marks) -> TextFormat {
    let mut format = TextFormat {
        font_id: egui::FontId::proportional(14.0),
        color: ui.visuals().text_color(),
        ..TextFormat::default()
    };
    if marks.sentence {
        format.background = field_color(EvidenceField::Sentence);
        format.color = Color32::BLACK;
    }
    if let Some(field) = marks.field {
        format.background = field_color(field);
        format.color = Color32::BLACK;
    }
    if marks.selected {
        format.background = ui.visuals().selection.bg_fill;
        format.color = ui.visuals().selection.stroke.color;
    }
    if marks.place.is_some() {
        format.underline = Stroke::new(1.0, Color32::from_rgb(40, 110, 220));
    }
    format
}

fn place_tooltip(m: &PlaceMention) -> String {
    format!("{} ({:?}), {}", m.name, m.kind, m.country)
}

/// Flies the map to a place mention, zoomed by its kind.
fn fly_to_place(m: &PlaceMention) -> Command {
    let zoom = match m.kind {
        PlaceKind::Country => 5.0,
        PlaceKind::Admin1 => 7.0,
        _ => 9.5,
    };
    Command::FlyTo(m.latitude, m.longitude, zoom)
}
