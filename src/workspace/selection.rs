//! An incident the extractor missed, coded from a stretch of an article the analyst
//! selected: the extractor reads the sentence(s) holding the selection (with the article's
//! title and date as context) and its best finding pre-fills the incident; when it finds
//! nothing, the incident starts as a strategic development on the article's date with the
//! selected words as notes. Either way the article is the incident's source and the
//! selection its evidence sentence.
//!
//! Offsets are Unicode code points (as in [`Evidence`] and egui's text cursors), never bytes.

use std::ops::Range;

use super::Workspace;
use super::error::{Result, WorkspaceError};
use super::source::IncidentExtractor;
use crate::model::{Article, Evidence, EvidenceField, Incident};
use crate::taxonomy::{GeoPrecision, SubEventType, TimePrecision};
use crate::text::{CharOffsets, split_sentences};

/// The confidence of an incident the analyst asserted: they read it in the article.
const ANALYST_CONFIDENCE: f32 = 1.0;

/// The byte offset of a code point offset (the text's length past its end).
fn byte_of(text: &str, char_index: usize) -> usize {
    text.char_indices()
        .nth(char_index)
        .map_or(text.len(), |(b, _)| b)
}

/// The selection clamped to the text, in order, as code points; none when it is empty.
fn clamp(text: &str, selection: &Range<usize>) -> Option<Range<usize>> {
    let chars = text.chars().count();
    let (a, b) = (selection.start.min(chars), selection.end.min(chars));
    let range = a.min(b)..a.max(b);
    (!range.is_empty()).then_some(range)
}

/// The code point range of the whole sentence(s) a selection (code points) touches:
/// from the start of the first sentence it overlaps to the end of the last. A selection of
/// blanks only between two sentences gives none; a text without sentence ends is one
/// sentence.
///
/// ```
/// use incident_map::workspace::sentence_range;
/// let text = "Rain fell on Kābul. Gunmen shot two guards in Hérat. Talks went on.";
/// // "shot two" (code points 27..35) lies in the second sentence.
/// let range = sentence_range(text, 27..35).unwrap_or_default();
/// let sentence: String = text.chars().skip(range.start).take(range.len()).collect();
/// assert_eq!(sentence, "Gunmen shot two guards in Hérat.");
/// ```
pub fn sentence_range(text: &str, selection: Range<usize>) -> Option<Range<usize>> {
    let selection = clamp(text, &selection)?;
    let (start, end) = (byte_of(text, selection.start), byte_of(text, selection.end));
    let touched: Vec<(usize, usize)> = split_sentences(text)
        .iter()
        .map(|s| s.span)
        .filter(|&(a, b)| a < end && start < b)
        .collect();
    let offsets = CharOffsets::new(text);
    match (touched.first(), touched.last()) {
        (Some(first), Some(last)) => Some(offsets.to_char(first.0)..offsets.to_char(last.1)),
        _ => None,
    }
}

/// The text of a code point range (empty when out of range).
fn slice_chars<'t>(text: &'t str, range: &Range<usize>) -> &'t str {
    text.get(byte_of(text, range.start)..byte_of(text, range.end))
        .unwrap_or_default()
}

/// How many code points two ranges share.
fn overlap(a: &Range<usize>, b: &Range<usize>) -> usize {
    a.end.min(b.end).saturating_sub(a.start.max(b.start))
}

/// Codes an incident from a selection (code points) of an article, ready for
/// [`Workspace::add_incident`]: no event id yet, the article as its only source, the
/// selection as its evidence sentence (with the extractor's evidence for the other fields),
/// the extractor's values for type, sub-type, date, place, fatalities and actors when it
/// finds an incident in the sentence(s) holding the selection (the one whose evidence
/// overlaps the selection most), else a strategic development ("Other") on the article's
/// date, without a place, noting the selected words. None when the selection holds no text.
pub fn incident_from_selection(
    extractor: &dyn IncidentExtractor,
    article: &Article,
    selection: Range<usize>,
) -> Option<Incident> {
    let selection = clamp(&article.text, &selection)?;
    let selected = slice_chars(&article.text, &selection).trim();
    if selected.is_empty() {
        return None;
    }
    let sentences =
        sentence_range(&article.text, selection.clone()).unwrap_or_else(|| selection.clone());
    // The sentence(s) alone, with the article's id, title and date as context.
    let excerpt = Article {
        text: slice_chars(&article.text, &sentences).to_string(),
        ..article.clone()
    };
    let mut found = extractor.extract(&excerpt);
    for incident in &mut found {
        for e in &mut incident.evidence {
            e.start += sentences.start;
            e.end += sentences.start;
        }
    }
    let touching = |i: &Incident| -> usize {
        i.evidence
            .iter()
            .filter(|e| e.article == article.id)
            .map(|e| overlap(&(e.start..e.end), &selection))
            .sum()
    };
    // The most overlap wins; on a tie, the first in the text.
    let best = found
        .iter()
        .enumerate()
        .max_by_key(|(k, i)| (touching(i), std::cmp::Reverse(*k)))
        .map(|(k, _)| k);
    let mut incident = match best.and_then(|k| found.into_iter().nth(k)) {
        Some(mut coded) => {
            coded.evidence.retain(|e| {
                e.article == article.id
                    && e.field != EvidenceField::Sentence
                    && e.field != EvidenceField::Headline
                    && e.start >= sentences.start
                    && e.end <= sentences.end
            });
            if coded.notes.trim().is_empty() {
                coded.notes = selected.to_string();
            }
            coded
        }
        None => {
            let mut blank = Incident {
                event_date: article.date,
                time_precision: TimePrecision::Day,
                geo_precision: GeoPrecision::Province,
                notes: selected.split_whitespace().collect::<Vec<_>>().join(" "),
                ..Incident::default()
            };
            blank.set_type(SubEventType::Other);
            blank
        }
    };
    if incident.latitude.is_none() {
        // The sentence names no place: the article's own place (that of the first incident
        // found in the whole article), at the precision of a province, as the extractor
        // places an incident its clause does not place.
        if let Some(story) = extractor
            .extract(article)
            .into_iter()
            .find(|i| i.latitude.is_some())
        {
            incident.country = story.country;
            incident.iso = story.iso;
            incident.admin1 = story.admin1;
            incident.admin2 = story.admin2;
            incident.location = story.location;
            incident.latitude = story.latitude;
            incident.longitude = story.longitude;
            incident.geo_precision = GeoPrecision::Province;
        }
    }
    incident.event_id = String::new();
    incident.sources = vec![article.id.clone()];
    incident.evidence.push(Evidence {
        article: article.id.clone(),
        field: EvidenceField::Sentence,
        start: selection.start,
        end: selection.end,
    });
    incident.evidence.sort();
    incident.confidence = ANALYST_CONFIDENCE;
    Some(incident)
}

impl Workspace {
    /// Adds an incident the extractor missed, coded from a selection (code points) of one
    /// of the workspace's articles (see [`incident_from_selection`]), as
    /// [`Workspace::add_incident`] does: `edited`, every field set by a person, one action
    /// of the log (undo removes it). Returns the new event id.
    pub fn add_incident_from_selection(
        &mut self,
        extractor: &dyn IncidentExtractor,
        article_id: &str,
        selection: Range<usize>,
    ) -> Result<String> {
        let info = self.article(article_id)?;
        let article = Article {
            id: info.id,
            title: info.title,
            date: info.date,
            source: info.source,
            url: info.url,
            text: self.article_text(article_id)?,
        };
        let incident =
            incident_from_selection(extractor, &article, selection.clone()).ok_or_else(|| {
                WorkspaceError::refused(
                    format!(
                        "add an incident from characters {}..{} of {article_id}",
                        selection.start, selection.end
                    ),
                    "the selection holds no text",
                )
            })?;
        self.add_incident(incident)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    /// Finds a "raid" in each sentence holding the word: the place is the word after
    /// "in", the toll the first number; evidence offsets relative to the text it is given.
    struct Raids;

    impl IncidentExtractor for Raids {
        fn version(&self) -> String {
            "raids".into()
        }

        fn extract(&self, article: &Article) -> Vec<Incident> {
            let Some(at) = article.text.find("raid") else {
                return Vec::new();
            };
            let start = article.text[..at].chars().count();
            let mut incident = Incident {
                event_date: article.date,
                location: "Somewhere".into(),
                fatalities: 2,
                fatalities_max: 2,
                notes: article.text.clone(),
                sources: vec![article.id.clone()],
                evidence: vec![
                    Evidence {
                        article: article.id.clone(),
                        field: EvidenceField::Trigger,
                        start,
                        end: start + 4,
                    },
                    Evidence {
                        article: article.id.clone(),
                        field: EvidenceField::Sentence,
                        start: 0,
                        end: article.text.chars().count(),
                    },
                ],
                ..Incident::default()
            };
            incident.set_type(SubEventType::Attack);
            vec![incident]
        }
    }

    /// Raids, placed at a town when the text names it.
    struct PlacedRaids;

    impl IncidentExtractor for PlacedRaids {
        fn version(&self) -> String {
            "placed raids".into()
        }

        fn extract(&self, article: &Article) -> Vec<Incident> {
            let mut found = Raids.extract(article);
            if article.text.contains("Gardēz") {
                for incident in &mut found {
                    incident.location = "Gardēz".into();
                    incident.country = "Afghanistan".into();
                    incident.latitude = Some(33.6);
                    incident.longitude = Some(69.2);
                }
            }
            found
        }
    }

    #[test]
    fn a_sentence_naming_no_place_takes_the_articles_place_at_province_precision() {
        let text = "A raid in Gardēz was reported. Later a raid left two dead.";
        let byte = text.find("two dead").unwrap_or_default();
        let start = text[..byte].chars().count();
        let incident = incident_from_selection(&PlacedRaids, &article(text), start..start + 8);
        let incident = incident.unwrap_or_default();
        assert_eq!(incident.position(), Some((33.6, 69.2)));
        assert_eq!(incident.location, "Gardēz");
        assert_eq!(incident.country, "Afghanistan");
        assert_eq!(incident.geo_precision, GeoPrecision::Province);
        // A sentence that names its place keeps it, at its own precision.
        let own = text.find("Gardēz").unwrap_or_default();
        let own = incident_from_selection(&PlacedRaids, &article(text), own..own + 3);
        assert_eq!(own.map(|i| i.geo_precision), Some(GeoPrecision::Town));
    }

    fn article(text: &str) -> Article {
        Article {
            id: "art".into(),
            title: Some("Night in the valley".into()),
            date: NaiveDate::from_ymd_opt(2022, 6, 14),
            text: text.into(),
            ..Article::default()
        }
    }

    fn chars_of(text: &str, range: Range<usize>) -> String {
        text.chars().skip(range.start).take(range.len()).collect()
    }

    #[test]
    fn a_selection_widens_to_the_sentences_it_touches_in_code_points() {
        // Accents and curly quotes: byte and code point offsets differ from the first word.
        let text = "Ōmar’s café closed. Élite guards fled — quickly. “Calm” returned.";
        let find = |words: &str| {
            let byte = text.find(words).unwrap_or_default();
            let start = text[..byte].chars().count();
            start..start + words.chars().count()
        };
        for (selected, expected) in [
            ("café", Some("Ōmar’s café closed.")),
            ("guards fled", Some("Élite guards fled — quickly.")),
            ("—", Some("Élite guards fled — quickly.")),
            (
                "closed. Élite",
                Some("Ōmar’s café closed. Élite guards fled — quickly."),
            ),
            ("Calm", Some("“Calm” returned.")),
        ] {
            let got = sentence_range(text, find(selected)).map(|r| chars_of(text, r));
            assert_eq!(got.as_deref(), expected, "{selected:?}");
        }
        // Backwards, past the end, empty, and blanks between sentences.
        let end = text.chars().count();
        let last = sentence_range(text, end + 5..end - 3).map(|r| chars_of(text, r));
        assert_eq!(last.as_deref(), Some("“Calm” returned."));
        assert_eq!(sentence_range(text, 4..4), None);
        let blank = find(" Élite").start;
        assert_eq!(sentence_range(text, blank..blank + 1), None);
        assert_eq!(sentence_range("", 0..3), None);
    }

    #[test]
    fn the_extractors_finding_in_the_sentence_prefills_the_incident() {
        let text = "Wells ran dry in Tōrkham. Then a raid in Gardēz left two dead. Nothing else.";
        let art = article(text);
        let byte = text.find("two dead").unwrap_or_default();
        let start = text[..byte].chars().count();
        let incident = incident_from_selection(&Raids, &art, start..start + 8);
        let incident = incident.unwrap_or_default();
        assert_eq!(incident.sub_event_type, SubEventType::Attack);
        assert_eq!(incident.fatalities, 2);
        assert_eq!(incident.event_id, "");
        assert_eq!(incident.sources, ["art"]);
        assert_eq!(incident.event_date, NaiveDate::from_ymd_opt(2022, 6, 14));
        // The trigger's evidence moved to the article's offsets; the selection is the
        // evidence sentence.
        let trigger = incident
            .evidence
            .iter()
            .find(|e| e.field == EvidenceField::Trigger)
            .map(|e| chars_of(text, e.start..e.end));
        assert_eq!(trigger.as_deref(), Some("raid"));
        let sentence: Vec<_> = incident
            .evidence
            .iter()
            .filter(|e| e.field == EvidenceField::Sentence)
            .map(|e| chars_of(text, e.start..e.end))
            .collect();
        assert_eq!(sentence, ["two dead"]);
        assert_eq!(incident.notes, "Then a raid in Gardēz left two dead.");
    }

    #[test]
    fn nothing_found_gives_a_strategic_development_noting_the_selection() {
        let text = "Wells ran dry in Tōrkham.\nFarmers   left\ttheir fields.";
        let byte = text.find("Farmers").unwrap_or_default();
        let start = text[..byte].chars().count();
        let incident = incident_from_selection(&Raids, &article(text), start..start + 20);
        let incident = incident.unwrap_or_default();
        assert_eq!(incident.sub_event_type, SubEventType::Other);
        assert_eq!(incident.event_type, SubEventType::Other.event_type());
        assert_eq!(incident.event_date, NaiveDate::from_ymd_opt(2022, 6, 14));
        assert_eq!(incident.notes, "Farmers left their");
        assert_eq!(incident.position(), None);
        assert_eq!(incident.sources, ["art"]);
        assert_eq!(incident_from_selection(&Raids, &article(text), 3..3), None);
        assert_eq!(
            incident_from_selection(&Raids, &article("a   b"), 1..3),
            None
        );
    }
}
