//! From an article to incidents: sentences and clauses, triggers from the table in
//! `data/triggers.tsv`, the death toll, actors, the date (relative to the article's date)
//! and the place the incident happened at, each with the evidence it came from.
//!
//! The rules a coder follows, in order:
//! 1. A clause reports an incident when it holds a trigger (or a death toll) that is not
//!    unreal (future, wish, denial: "will be released", "to stop attacking"), not generic
//!    ("frequently", "increased", "so far") and not about the pandemic.
//! 2. The type is the highest-priority trigger's, refined by who was hit (an attack on
//!    civilians by an armed group is violence against civilians; on soldiers, a battle).
//! 3. The date is the nearest date expression in the clause, else in the clauses joined to
//!    it by "and". Agreements need a day; violence needs a date, or a place and a death toll.
//! 4. The place is the clause's locative mention ("in southern Helmand province"), else a
//!    joined clause's, else (for agreements) where the article says the same thing happens,
//!    else the article's focus country at geo_precision 3. Never a false pin.

mod actors;
mod clauses;
pub mod confidence;
mod cues;
mod event_dates;
mod fatalities;
pub mod groups;
pub mod learned;
mod lexicon;
mod non_events;
mod places;
mod triggers;

use chrono::Datelike;
use rayon::prelude::*;
use rustc_hash::FxHashMap;

pub use actors::{ActorDictionary, ActorKind, ActorMention, Roles};
pub use clauses::{Clause, split_clauses};
pub use fatalities::{Toll, coded_figure, death_toll};
pub use places::{
    AllMentions, Mention, Role, find_all_mentions, find_all_mentions_under, find_mentions,
    resolve_toponyms,
};
pub use triggers::{
    BUNDLED_TRIGGERS, Condition, TriggerMatch, TriggerRule, TriggerTable, TriggerTableError,
};

use crate::gazetteer::{Gazetteer, GazetteerError, NameMatch, Place, fold};
use crate::linear::Featurizer;
use crate::model::{Article, Evidence, EvidenceField, Incident, PlaceKind, PlaceMention};
use crate::taxonomy::{EventType, GeoPrecision, SubEventType, TimePrecision};
use crate::text::{
    CharOffsets, DateExpr, Dateline, Sentence, Span, find_dateline, find_dates,
    headline_as_a_sentence, normalize_for_analysis, split_sentences,
};

use self::confidence::{Calibration, ConfidenceInputs};
use self::learned::Models;
use self::non_events::{
    after_years_gone_by, counts_a_running_total, earlier_event_after_a_comma,
    first_word_of_a_trend, is_a_protests_grievance, is_a_question_of_why_or_how, is_a_review,
    is_history, kills_figuratively, kills_only_figuratively, lead_of, mentions_an_earlier_year,
    mentions_years_gone_by, names_a_craft, names_a_pit, names_an_earlier_year,
    names_an_unarmed_attack, opens_on_a_drill, recalled_by_an_anniversary, runs_riot,
    tells_of_a_celebration, tells_of_a_debate, tells_of_a_game, tells_of_a_natural_death,
    tells_of_a_show_of_arms, tells_of_an_accident, tells_of_earlier_deaths, tells_of_games,
    told_after_an_anniversary,
};
use self::places::read_through_a_namesakes_name;

/// The event model's probability of a violent type above which it may type violent a
/// clause whose words the rules read as a strategic development.
const SURE_OF_VIOLENCE: f32 = 0.8;

/// How sure the reading of a title's place must be for its country to count in reading
/// the text's names.
const TITLE_COUNTRY_EVIDENCE: f32 = 0.8;

/// A sentence without a casualty word needs more bytes than this to stand as the lead
/// incident's sentence.
const LEAD_SENTENCE_MIN_BYTES: usize = 20;

/// The country model's probability above which its country helps read the text's names
/// (as a title's country does).
const TEXT_COUNTRY_AS_CONTEXT: f32 = 0.9;

/// The country model's probability above which a text that names no place is put in its
/// country.
const TEXT_COUNTRY_AS_FOCUS: f32 = 0.0;

/// A document the relevance model gives less than this reports no incident. (Its relevance
/// F1 on the MUC-4 half it was not trained on is flat from 0.4 to 0.7, 0.735-0.736, recall
/// rising as the bar falls; below 0.7 it no longer drops a wire item on an air strike
/// whose words ("state media said") the MUC-4 keys count as irrelevant, nor 0.1-0.6 % of
/// the ACLED notes of countries the models never saw.)
pub const RELEVANT: f32 = 0.5;

/// A document whose clauses the rules read were all put aside tells its incident in its
/// lead only when the relevance model is this sure (a surer bar than [`RELEVANT`]: the
/// rules found something and set it aside, which is itself a hint of no incident).
const LEAD_AFTER_ALL_PUT_ASIDE: f32 = 0.9;

/// How much of a body is read for an accident before its headline is read for an
/// incident.
const HEADLINE_CHECK_LEAD_BYTES: usize = 600;

/// Errors setting up the extractor.
#[derive(Debug, thiserror::Error)]
pub enum ExtractError {
    /// The gazetteer failed to load.
    #[error(transparent)]
    Gazetteer(#[from] GazetteerError),
    /// The trigger table is malformed.
    #[error(transparent)]
    Triggers(#[from] TriggerTableError),
    /// The actor dictionary failed to build.
    #[error("actor dictionary: {0}")]
    Actors(String),
}

/// What one article yields.
#[derive(Debug, Clone, Default)]
pub struct Extraction {
    /// Every resolved place mention.
    pub mentions: Vec<PlaceMention>,
    /// The incidents, in text order.
    pub incidents: Vec<Incident>,
}

/// The extractor: gazetteer, trigger table and actor dictionary.
#[derive(Debug, Clone)]
pub struct Extractor<'g> {
    gazetteer: &'g Gazetteer,
    triggers: TriggerTable,
    actors: ActorDictionary,
    models: Option<&'static Models>,
    calibration: Calibration,
    acled_notes: bool,
    incidents_only: bool,
}

/// An incident found in a clause, before it is written out.
struct Found<'t> {
    sentence: usize,
    clause: usize,
    group: usize,
    sentence_span: Span,
    /// The clause (byte span in the article) that reports the incident.
    clause_span: Span,
    rule: Option<&'t TriggerRule>,
    trigger: Option<Span>,
    sub_event_type: SubEventType,
    date: Option<DateExpr>,
    place: Option<(usize, GeoPrecision)>,
    toll: Toll,
    roles: Roles,
    /// The event model's probability of the chosen event type (0 when rules chose it).
    type_probability: f32,
}

impl Extractor<'static> {
    /// The extractor over the bundled gazetteer and trigger table.
    pub fn bundled() -> Result<Extractor<'static>, ExtractError> {
        Extractor::new(Gazetteer::bundled()?, TriggerTable::bundled()?)
    }
}

impl<'g> Extractor<'g> {
    /// An extractor over a gazetteer and a trigger table.
    pub fn new(
        gazetteer: &'g Gazetteer,
        triggers: TriggerTable,
    ) -> Result<Extractor<'g>, ExtractError> {
        let models = match Models::bundled() {
            Ok(models) => models,
            Err(err) => {
                log::warn!("the learned models could not be read ({err}); rules only");
                None
            }
        };
        Ok(Extractor {
            gazetteer,
            triggers,
            actors: ActorDictionary::new().map_err(ExtractError::Actors)?,
            models,
            calibration: Calibration::bundled().clone(),
            acled_notes: false,
            incidents_only: false,
        })
    }

    /// True when a text holds a word that may report an event: a trigger of the table or a
    /// word of death or injury. (The trainer takes everyday news without one as texts that
    /// report no incident.)
    pub fn has_an_event_word(&self, text: &str) -> bool {
        !self.triggers.find(text).is_empty() || fatalities::mentions_casualty(text)
    }

    /// The same extractor, reading every article as an ACLED coder's note: a figure the note
    /// says was coded ("Fatalities split across 2 events (12)") is the incident's toll.
    /// News never states such figures, so this is off by default.
    pub fn with_acled_notes(mut self, on: bool) -> Self {
        self.acled_notes = on;
        self
    }

    /// The same extractor for a run that keeps only the incidents (`extract`, not `places`
    /// or the app): a document the relevance model says reports none is read no further,
    /// so its place mentions are not listed. The incidents are the same either way.
    pub fn incidents_only(mut self, on: bool) -> Self {
        self.incidents_only = on;
        self
    }

    /// The same extractor with other models and calibration (the trainer measuring models
    /// fitted on part of the data).
    pub fn with_models(mut self, models: &'static Models, calibration: Calibration) -> Self {
        self.models = Some(models);
        self.calibration = calibration;
        self
    }

    /// The same extractor without the learned models (rules alone).
    pub fn without_models(mut self) -> Self {
        self.models = None;
        self
    }

    /// The trigger table in use.
    pub fn triggers(&self) -> &TriggerTable {
        &self.triggers
    }

    /// The gazetteer in use.
    pub fn gazetteer(&self) -> &'g Gazetteer {
        self.gazetteer
    }

    /// Extracts many articles in parallel (rayon); results in input order.
    pub fn extract_all(&self, articles: &[Article]) -> Vec<Extraction> {
        articles.par_iter().map(|a| self.extract(a)).collect()
    }

    /// Extracts the place mentions and incidents of one article.
    pub fn extract(&self, article: &Article) -> Extraction {
        self.extract_explained(article).0
    }

    /// Extracts an article's place mentions and incidents, with what each incident's
    /// confidence was computed from (the trainer fits the calibration on these).
    pub fn extract_explained(&self, article: &Article) -> (Extraction, Vec<ConfidenceInputs>) {
        let (mut extraction, mut explained) = self.extract_text(article);
        // A review of a film, a book or a show tells its story in words of war, and
        // reports no incident.
        if article.title.as_deref().is_some_and(is_a_review) {
            extraction.incidents.clear();
            explained.clear();
            return (extraction, explained);
        }
        if extraction.incidents.is_empty()
            && let Some((incidents, inputs)) = self.headline_incidents(article)
        {
            extraction.incidents = incidents;
            explained = inputs;
        }
        if let Some(title) = article.title.as_deref() {
            take_the_headlines_toll(title, &article.id, &mut extraction.incidents);
        }
        (extraction, explained)
    }

    /// The incidents of a page whose body reports none (a paywall, a sign-in form, a video
    /// page) but whose headline does ("Man shoots two at a pool party"): the headline is
    /// read as the text's first sentence, the body still saying where the story is. Their
    /// evidence is the headline ([`EvidenceField::Headline`], offsets in the title) and
    /// what the body gave (a place, a date), with offsets in the body.
    fn headline_incidents(
        &self,
        article: &Article,
    ) -> Option<(Vec<Incident>, Vec<ConfidenceInputs>)> {
        let title = article.title.as_deref()?.trim();
        if title.is_empty() || !self.has_an_event_word(title) || opens_on_a_genre_label(title) {
            return None;
        }
        // A body that opens on an accident, or a story of games, says what the headline's
        // words of violence are ("Fire at market kills 46", "Spell destroys top order").
        if tells_of_an_accident(
            &lead_of(&article.text, HEADLINE_CHECK_LEAD_BYTES).to_ascii_lowercase(),
        ) || tells_of_games(&article.text)
        {
            return None;
        }
        let title_chars = title.chars().count();
        // The headline ends with a full stop of its own so that it is one sentence.
        let joint = if title.ends_with(['.', '!', '?']) {
            "\n\n"
        } else {
            ".\n\n"
        };
        let shift = title_chars + joint.chars().count();
        let headline = title_as_a_sentence(title);
        let read = Article {
            title: None,
            text: format!("{headline}{joint}{}", article.text),
            ..article.clone()
        };
        let (extraction, explained) = self.extract_text(&read);
        let mut kept = Vec::new();
        for (k, (mut incident, inputs)) in
            extraction.incidents.into_iter().zip(explained).enumerate()
        {
            let from_the_headline = incident
                .evidence
                .iter()
                .any(|e| e.field == EvidenceField::Sentence && e.start < title_chars);
            if !from_the_headline {
                continue;
            }
            incident.evidence = std::iter::once(Evidence {
                article: article.id.clone(),
                field: EvidenceField::Headline,
                start: 0,
                end: title_chars,
            })
            .chain(
                incident
                    .evidence
                    .iter()
                    .filter(|e| e.start >= shift)
                    .map(|e| Evidence {
                        start: e.start - shift,
                        end: e.end.saturating_sub(shift),
                        ..e.clone()
                    }),
            )
            .collect();
            incident.event_id = format!("{}-0-{}", article.id, k + 1);
            incident.notes = title.to_string();
            kept.push((incident, inputs));
        }
        if kept.is_empty() {
            return None;
        }
        Some(kept.into_iter().unzip())
    }

    /// Extracts the incidents the text of an article reports (its title only helps read
    /// the text's places).
    fn extract_text(&self, article: &Article) -> (Extraction, Vec<ConfidenceInputs>) {
        let reading = Reading::of(article);
        let text = reading.text.as_str();
        let mut featurizer = Featurizer::new(learned::FEATURE_BITS);
        let (relevance, text_country) = self.read_the_document(&mut featurizer, text);
        if self.incidents_only && relevance.is_some_and(|p| p < RELEVANT) {
            // Statements, analysis, sport: nothing of it would be kept (see the end).
            return (Extraction::default(), Vec::new());
        }
        let offsets = CharOffsets::new(&article.text);
        let title_mentions = article
            .title
            .as_deref()
            .map(|t| self.title_mentions(t))
            .unwrap_or_default();
        let ToldCountries {
            all: told_countries,
            of_groups: group_countries,
            guessed_only,
        } = self.countries_the_text_is_told_of(text, &title_mentions, text_country);
        let AllMentions {
            places: mentions,
            references,
        } = find_all_mentions_under(
            self.gazetteer,
            text,
            &told_countries,
            self.models
                .and_then(|m| m.country())
                .map(learned::CountryModel::countries)
                .filter(|_| guessed_only),
        );
        let sentences = split_sentences(text);
        let mut story = Story::of(
            self.gazetteer,
            text,
            &mentions,
            &title_mentions,
            reading.dateline.as_ref(),
            lead_end(text, &sentences, reading.dateline.as_ref()),
        );
        self.move_the_focus_across_a_border(
            &mut story,
            text,
            &title_mentions,
            &mentions,
            &references,
            &group_countries,
        );
        if story.focus.is_none() {
            self.focus_from_words(
                &mut story,
                text,
                &references,
                &group_countries,
                text_country,
            );
        }
        self.read_the_groups_home_province(&mut story, text);
        let (triggers_by_sentence, found) =
            self.triggers_and_clauses(text, &sentences, &mentions, reading.anchor);
        let parts = ArticleParts {
            article,
            text,
            offsets: &offsets,
            sentences: &sentences,
            triggers_by_sentence: &triggers_by_sentence,
            mentions: &mentions,
            story: &story,
            anchor: reading.anchor,
            relevance,
        };
        let mut written = self.write_incidents(&parts, &mut featurizer, found);
        written.drop_the_background();
        if relevance.is_some_and(|p| p < RELEVANT) {
            // Statements, analysis and history: the document reports no incident.
            written = Written::default();
        }
        let extraction = Extraction {
            mentions: {
                let mut listed: Vec<&Mention<'g>> = mentions.iter().chain(&references).collect();
                listed.sort_by_key(|m| m.span);
                listed
                    .into_iter()
                    .map(|m| self.place_mention(article, &offsets, text, m))
                    .collect()
            },
            incidents: written.incidents,
        };
        (extraction, written.explained)
    }

    /// The trigger phrases of each sentence, found once (clauses take theirs from here, and
    /// agreements look here for the place another sentence gives), and the incidents the
    /// clauses report.
    fn triggers_and_clauses(
        &self,
        text: &str,
        sentences: &[Sentence<'_>],
        mentions: &[Mention<'g>],
        anchor: Option<chrono::NaiveDate>,
    ) -> (Vec<Vec<TriggerMatch<'_>>>, Vec<Found<'_>>) {
        let triggers_by_sentence: Vec<Vec<TriggerMatch<'_>>> = sentences
            .iter()
            .map(|s| self.triggers.find(s.text))
            .collect();
        let found = self.clause_incidents(text, sentences, &triggers_by_sentence, mentions, anchor);
        (triggers_by_sentence, found)
    }

    /// Whether the document reports an incident at all, and the country its words are of,
    /// as the learned models read its lead (none without the models).
    fn read_the_document(
        &self,
        featurizer: &mut Featurizer,
        text: &str,
    ) -> (Option<f32>, Option<(&'g Place, f32)>) {
        let Some(models) = self.models else {
            return (None, None);
        };
        let mut country_features = Featurizer::new(learned::FEATURE_BITS);
        let (relevance, country) =
            models.relevance_and_country(featurizer, &mut country_features, text, &self.triggers);
        let country = country.and_then(|(iso, p)| Some((self.gazetteer.country(iso)?, p)));
        (Some(relevance), country)
    }

    /// The countries the text is told to be of, towards which its ambiguous names are read:
    /// the ones its title names (a station's town says which country's Birmingham), the
    /// ones where the armed groups it names fight ("Boko Haram raided Tagawa" is no story of
    /// Japan), and the country its words are surely of (its villages, parties and local
    /// words: a town the text names bare is read there first). Also, apart, the armed
    /// groups' countries, and whether the words' country is all that tells them.
    fn countries_the_text_is_told_of(
        &self,
        text: &str,
        title_mentions: &[Mention<'g>],
        text_country: Option<(&'g Place, f32)>,
    ) -> ToldCountries<'g> {
        let mut told: Vec<&Place> = title_mentions
            .iter()
            .filter(|m| m.confidence >= TITLE_COUNTRY_EVIDENCE)
            .filter_map(|m| self.gazetteer.country(m.place.country))
            .collect();
        let group_countries: Vec<&Place> = groups::GROUPS
            .countries_named(text)
            .into_iter()
            .filter_map(|iso| self.gazetteer.country(iso))
            .collect();
        told.extend(group_countries.iter().copied());
        let named = !told.is_empty();
        told.extend(
            text_country
                .filter(|(_, p)| *p >= TEXT_COUNTRY_AS_CONTEXT)
                .map(|(c, _)| c),
        );
        told.sort_unstable_by_key(|c| c.country);
        told.dedup_by_key(|c| c.country);
        ToldCountries {
            guessed_only: !named && !told.is_empty(),
            all: told,
            of_groups: group_countries,
        }
    }

    /// "Burkinabe troops raided camps along the border with Mali", "armed men from CAR
    /// clashed with Cameroonian soldiers", "militiamen attacked families fleeing to Chad": a
    /// country named only across a border or as where people came from or fled to is not
    /// where the forces of another country, or the one armed group of another, fought.
    fn move_the_focus_across_a_border(
        &self,
        story: &mut Story<'g>,
        text: &str,
        title_mentions: &[Mention<'g>],
        mentions: &[Mention<'g>],
        references: &[Mention<'g>],
        group_countries: &[&'g Place],
    ) {
        if let Some(focus) = story.focus
            && !title_mentions
                .iter()
                .any(|m| m.place.country == focus.country)
            && named_only_beyond_its_border(text, mentions, focus.country)
            && let Some(forces) = the_one_country_whose_forces_are_named(
                self.gazetteer,
                text,
                references.iter().chain(mentions),
            )
            .or(match group_countries {
                [one] => Some(*one),
                _ => None,
            })
            && forces.country != focus.country
        {
            story.focus = Some(forces);
            story.focus_from_words = true;
        }
    }

    /// The country of a story whose names give none. "Nigerian troops killed five bandits
    /// in a forest": a text that names no place is in the one country its peoples and forces
    /// are named after. "Houthi forces shelled a market": a group that fights in one country.
    /// Failing all names, the country its words are of ("the 5600 block of Elm Street ...
    /// sheriff's deputies"), as sure as the country model is of it.
    fn focus_from_words(
        &self,
        story: &mut Story<'g>,
        text: &str,
        references: &[Mention<'g>],
        group_countries: &[&'g Place],
        text_country: Option<(&'g Place, f32)>,
    ) {
        let group_country = match group_countries {
            [only] => Some(*only),
            _ => None,
        };
        // Groups that fight in several countries: the country the words are surely of, if
        // it is one of theirs, else the one where the group named first fights most ("Al
        // Shabaab fighters left a village" names no place the gazetteer has: Somalia,
        // unless the words are surely of Kenya).
        let words_agree_with_the_groups = |&(country, p): &(&'g Place, f32)| {
            p >= TEXT_COUNTRY_AS_FOCUS
                && (group_countries.is_empty()
                    || (p >= TEXT_COUNTRY_AS_CONTEXT
                        && group_countries.iter().any(|g| g.country == country.country)))
        };
        let groups_main_country = || {
            groups::GROUPS
                .main_country_named(text)
                .and_then(|iso| self.gazetteer.country(iso))
        };
        story.focus = the_one_country_of_its_forces(self.gazetteer, text, references)
            .or(group_country)
            .or(text_country
                .filter(words_agree_with_the_groups)
                .map(|(c, _)| c))
            .or_else(groups_main_country)
            .or(text_country
                .filter(|(_, p)| *p >= TEXT_COUNTRY_AS_FOCUS)
                .map(|(c, _)| c));
        story.focus_from_words = story.focus.is_some();
    }

    /// "Boko Haram raided a village in Cameroon": a text that names no province of its
    /// country, of a group that fights in one province there, is of that province.
    fn read_the_groups_home_province(&self, story: &mut Story<'g>, text: &str) {
        if story.home.is_none()
            && let Some(focus) = story.focus
            && let Some(code) = groups::GROUPS.home_province_named(text, focus.country)
        {
            story.group_home = self.gazetteer.admin1(focus.country, code);
        }
    }

    /// The incidents of the clauses `found`, typed and dated, each with what its confidence
    /// was computed from. When the rules keep none (no clause named one in words the rules
    /// know, or every clause they read was put aside: a later step with no place of its own,
    /// a denial), the lead may still tell the incident ("Gunmen beat a trader in X. Police
    /// arrested two."), when the relevance model is sure enough of the document.
    fn write_incidents<'t>(
        &'t self,
        parts: &ArticleParts<'_, 'g>,
        featurizer: &mut Featurizer,
        mut found: Vec<Found<'t>>,
    ) -> Written {
        // How sure the relevance model must be for the lead sentence, as the model reads it,
        // to tell the incident.
        let lead_bar = if found.is_empty() {
            RELEVANT
        } else {
            LEAD_AFTER_ALL_PUT_ASIDE
        };
        let mut written = Written::default();
        let mut lead_tried = false;
        loop {
            if let Some(models) = self.models {
                self.type_by_the_model(models, featurizer, parts, &mut found);
            }
            mark_protests_met_with_force(parts.text, parts.sentences, &mut found);
            mark_crowd_violence(parts.text, parts.sentences, &mut found);
            let mut kept = attach_continuations(parts.text, found);
            read_deaths_told_next(parts.sentences, parts.anchor, &mut kept);
            read_abductions_with_dead_as_attacks(&mut kept);
            forget_the_dead_of_bloodless_incidents(&mut kept);
            if self.acled_notes
                && let Some(first) = kept.first_mut()
                && let Some(figure) = coded_figure(parts.text, first.toll.killed)
            {
                // An ACLED note states the figure coded for its event ("Fatalities split
                // across 2 events (12)"): its first incident takes it. News never says this.
                first.toll.killed = figure;
            }
            for f in kept {
                self.write_one(parts, f, &mut written);
            }
            if written.incidents.is_empty()
                && !lead_tried
                && parts.relevance.is_some_and(|p| p >= lead_bar)
                && let Some(f) = self.lead_incident(parts.sentences, parts.mentions, parts.anchor)
            {
                lead_tried = true;
                found = vec![f];
                continue;
            }
            return written;
        }
    }

    /// Sets each clause's sub-event type (and the probability of its type) as the event
    /// model reads it with its trigger rule.
    fn type_by_the_model(
        &self,
        models: &Models,
        featurizer: &mut Featurizer,
        parts: &ArticleParts<'_, 'g>,
        found: &mut [Found<'_>],
    ) {
        // Violence needs words of violence: unless it is sure, the model does not turn a
        // release or a meeting into a battle because the clause names soldiers.
        let violent = |t: EventType| {
            !matches!(
                t,
                EventType::StrategicDevelopments | EventType::Protests | EventType::Riots
            )
        };
        for f in found {
            let (clause, window) = model_input(parts.text, parts.sentences, f);
            let scores =
                models.event_type(featurizer, clause, window, f.rule, &f.roles, &self.triggers);
            let (mut sub, mut type_p) = scores.settle(
                f.rule
                    .map(|rule| (f.sub_event_type, rule.phrase.contains(' '))),
            );
            if f.rule
                .is_some_and(|r| r.event_type == EventType::StrategicDevelopments)
                && violent(sub.event_type())
                && type_p < SURE_OF_VIOLENCE
                && f.toll.killed == 0
                && !parts
                    .triggers_by_sentence
                    .get(f.sentence)
                    .is_some_and(|ms| {
                        ms.iter().any(|m| {
                            let start = f.sentence_span.0 + m.span.0;
                            violent(m.rule.event_type)
                                && start >= f.clause_span.0
                                && start < f.clause_span.1
                        })
                    })
            {
                sub = f.sub_event_type;
                type_p = scores.of(sub);
            }
            // "held a demonstration against the killing of a teacher": violence a protest is
            // about is its grievance, not what the crowd did (unless the model is sure).
            if f.sub_event_type.event_type() == EventType::Protests
                && sub.event_type() == EventType::Riots
                && type_p < SURE_OF_VIOLENCE
                && violence_is_only_the_grievance(parts, f)
            {
                sub = f.sub_event_type;
                type_p = scores.of(sub);
            }
            // "Students held a demonstration in the city.": a crowd of whom neither its
            // sentence nor those beside it tell a deed of violence, a hurt or a death stays
            // a protest when the model is unsure, however often it saw crowds so named riot.
            if f.sub_event_type.event_type() == EventType::Protests
                && sub.event_type() == EventType::Riots
                && type_p < SURE_OF_VIOLENCE
                && !violence_told_around(parts, f)
            {
                sub = f.sub_event_type;
                type_p = scores.of(sub);
            }
            // "Youths protested violently, setting fire to the town hall": a crowd whose own
            // clause says it turned violent riots, however peaceful its words sounded to the
            // model (a deed the protest is about is its grievance, not the crowd's).
            if matches!(
                sub,
                SubEventType::PeacefulProtest | SubEventType::ProtestWithIntervention
            ) && the_crowd_turned_violent(parts, f)
            {
                sub = SubEventType::ViolentDemonstration;
                type_p = scores.of(sub);
            }
            // "Police arrested two men ... They were tortured in custody": people taken and
            // then abused or found dead are the codebook's attack on civilians, not an arrest.
            if sub == SubEventType::Arrests && the_taken_were_abused(parts, f) {
                sub = SubEventType::Attack;
                type_p = scores.of(sub);
            }
            // "gunmen abducted and executed a village chief", "a trader was kidnapped; his
            // body was found the next day": people abducted and then killed are attacked,
            // in the codebook's words (those beaten and let go stay abducted).
            if sub == SubEventType::AbductionForcedDisappearance && the_taken_were_killed(parts, f)
            {
                sub = SubEventType::Attack;
                type_p = scores.of(sub);
            }
            // A weapon intercepted, shot down, defused or cleared did not go off: the
            // codebook's disrupted weapons use, however much the weapon's own words
            // ("a ballistic missile", "landmines") sound like an explosion to the model.
            if f.sub_event_type == SubEventType::DisruptedWeaponsUse
                && sub.event_type() == EventType::ExplosionsRemoteViolence
                && f.toll.killed == 0
            {
                sub = f.sub_event_type;
                type_p = scores.of(sub);
            }
            // "took control of the town following two days of fighting": territory taken
            // in a sentence of fighting was not handed over.
            if matches!(
                f.sub_event_type,
                SubEventType::NonStateActorOvertakesTerritory
                    | SubEventType::GovernmentRegainsTerritory
            ) && sub == SubEventType::NonViolentTransferOfTerritory
                && parts
                    .triggers_by_sentence
                    .get(f.sentence)
                    .is_some_and(|ms| {
                        ms.iter().any(|m| {
                            m.rule.sub_event_type == SubEventType::ArmedClash
                                && ["fight", "clash", "battle"]
                                    .iter()
                                    .any(|w| m.rule.phrase.starts_with(w))
                        })
                    })
            {
                sub = f.sub_event_type;
                type_p = scores.of(sub);
            }
            // "warplanes bombed a market, killing 9 civilians": an air strike or a shelling
            // stays one whoever it kills (the codebook names the civilians its targets,
            // not the event an attack on them).
            if matches!(
                f.sub_event_type,
                SubEventType::AirDroneStrike | SubEventType::ShellingArtilleryMissileAttack
            ) && sub == SubEventType::Attack
            {
                sub = f.sub_event_type;
                type_p = scores.of(sub);
            }
            // "a strike on the market killed 16", "the toll from a missile strike rose to
            // 23": a strike read as one from afar for the harm it did, or a violent trigger
            // with dead in a sentence with no word of a crowd but "strike", is no peaceful
            // walk-out, whatever the word's usual sense.
            let no_protest_but_strikes = || {
                !parts
                    .triggers_by_sentence
                    .get(f.sentence)
                    .is_some_and(|ms| {
                        ms.iter().any(|m| {
                            matches!(m.rule.event_type, EventType::Protests | EventType::Riots)
                                && !matches!(m.rule.phrase.as_str(), "strike" | "strikes")
                        })
                    })
            };
            if sub == SubEventType::PeacefulProtest
                && f.rule.is_some_and(|r| {
                    r.condition == Condition::Harm
                        || (violent(r.event_type) && f.toll.killed > 0 && no_protest_but_strikes())
                })
            {
                sub = f.sub_event_type;
                type_p = scores.of(sub);
            }
            // "Ukrainian drones set fire to a fuel depot": aircraft that struck, in a
            // sentence with no word of a crowd, make no riot or protest.
            if f.sub_event_type == SubEventType::AirDroneStrike
                && matches!(sub.event_type(), EventType::Riots | EventType::Protests)
                && no_protest_but_strikes()
            {
                sub = f.sub_event_type;
                type_p = scores.of(sub);
            }
            // An armed group that took the ground gained it, whatever the state's word the
            // model reads in its name ("the Arakan Army captured the town").
            if sub == SubEventType::GovernmentRegainsTerritory
                && f.roles.actor1.is_some_and(|a| a.kind.is_armed_group())
                && actors::names_a_group_by_a_states_word(clause)
            {
                sub = SubEventType::NonStateActorOvertakesTerritory;
                type_p = scores.of(sub);
            }
            f.sub_event_type = sub;
            f.type_probability = type_p;
        }
    }

    /// Writes the incident of one kept clause into `written`, unless it is not reportable:
    /// its place (told elsewhere, or just before), its date (its own, or the story's), its
    /// confidence.
    fn write_one(&self, parts: &ArticleParts<'_, 'g>, mut f: Found<'_>, written: &mut Written) {
        let (text, sentences, anchor) = (parts.text, parts.sentences, parts.anchor);
        let own_place = f.place.is_some();
        if f.place.is_none() && f.sub_event_type.event_type() == EventType::StrategicDevelopments {
            f.place =
                place_told_elsewhere(sentences, parts.triggers_by_sentence, parts.mentions, &f);
        }
        // A text without a publication date (a note) may date an agreement by its day and
        // month only ("On 8 October, the two clans signed a truce"), and its lead need give
        // no day: the note is about that one event.
        // ("25 March. Massive arrests in Buea": a note's lead may follow a line of its date.)
        let leads = f.sentence == 0
            || (anchor.is_none()
                && sentences[..f.sentence]
                    .iter()
                    .all(|s| is_a_date_line(s.text)));
        let a_note_dates_it_enough =
            anchor.is_none() && (leads || names_a_day_of_a_month(text, f.clause_span));
        if !self.is_reportable(&f, parts.mentions, a_note_dates_it_enough, leads) {
            return;
        }
        if anchor.is_some_and(|day| f.date.as_ref().is_some_and(|d| is_history(d, day))) {
            return;
        }
        if f.place.is_none() && parts.story.town.is_none() {
            f.place = place_told_just_before(text, sentences, parts.mentions, parts.story, &f);
        }
        if let Some(day) = day_of_the_event_itself(text, sentences, anchor, &f) {
            f.date = Some(day);
        }
        if let Some(day) = a_day_within(text, sentences, anchor, f.date.as_ref()) {
            f.date = Some(day);
        }
        let own_date = f.date.is_some();
        // "A court sentenced a soldier for the murder of four civilians ... The soldier shot
        // the men at a checkpoint": a story that opens on a trial tells its charged deed
        // again; a deed it gives no day of its own is that one, no new incident.
        // (Its first sentence's main word is the verdict: no trigger before it. "Police
        // dispersed youths protesting a verdict" tells the dispersal.)
        let opens_on_a_trial = || {
            let (Some(first), Some(triggers)) =
                (sentences.first(), parts.triggers_by_sentence.first())
            else {
                return false;
            };
            verdict_end(&first.text.to_ascii_lowercase())
                .is_some_and(|end| triggers.iter().all(|m| m.span.0 >= end))
        };
        if anchor.is_some() && f.sentence > 0 && !own_date && opens_on_a_trial() {
            return;
        }
        // "Troops retook the town of Tessit ... About 20 fighters were killed during the
        // operation": a later sentence that names neither a place nor a day of its own and
        // tells its event again by a definite noun ("the operation", "the attack") counts
        // the dead of the incident of its kind told before it.
        if f.sentence > 0
            && !own_place
            && !own_date
            && tells_its_event_again(text, &f)
            && let Some(previous) = written.incidents.last_mut().filter(|previous| {
                previous.event_type == f.sub_event_type.event_type()
                    && written.read_from.last().is_some_and(|&s| s < f.sentence)
            })
        {
            previous.fatalities = previous.fatalities.max(f.toll.killed);
            previous.fatalities_max = previous.fatalities_max.max(previous.fatalities);
            return;
        }
        written.read_from.push(f.sentence);
        written.dated_by_month.push(
            f.date
                .as_ref()
                .is_some_and(|d| d.precision == TimePrecision::Month),
        );
        if f.date.is_none() {
            f.date = story_date(text, sentences, f.sentence, anchor);
        }
        let inputs = confidence_inputs(&f, parts.mentions, parts.story, parts.relevance, own_date);
        let mut incident = self.write_incident(
            parts.article,
            text,
            parts.offsets,
            parts.mentions,
            parts.story,
            f,
        );
        incident.confidence = self.calibration.confidence(&inputs);
        written.explained.push(inputs);
        written.incidents.push(incident);
    }

    /// The relevance model's features of an article, read exactly as
    /// [`Extractor::extract`] reads it (the trainer learns relevance from these).
    pub fn relevance_features(&self, article: &Article, featurizer: &mut Featurizer) {
        let reading = Reading::of(article);
        learned::relevance_features(featurizer, &reading.text, &self.triggers);
    }

    /// The country model's features of an article, read exactly as
    /// [`Extractor::extract`] reads it (the trainer learns countries from these).
    pub fn country_features(&self, article: &Article, featurizer: &mut Featurizer) {
        let reading = Reading::of(article);
        learned::country_features(featurizer, &reading.text);
    }

    /// The event model's features of the first incident the rules find in an article (or of
    /// its lead sentence): what the trainer learns types from, read exactly as
    /// [`Extractor::extract`] reads it.
    pub fn first_incident_features(&self, article: &Article, featurizer: &mut Featurizer) -> bool {
        let reading = Reading::of(article);
        let text = reading.text.as_str();
        let mentions = find_mentions(self.gazetteer, text);
        let sentences = split_sentences(text);
        let (_, found) = self.triggers_and_clauses(text, &sentences, &mentions, reading.anchor);
        let first = found
            .into_iter()
            .next()
            .or_else(|| self.lead_incident(&sentences, &mentions, reading.anchor));
        let Some(f) = first else { return false };
        let (clause, window) = model_input(text, &sentences, &f);
        learned::event_features(featurizer, clause, window, f.rule, &f.roles, &self.triggers);
        true
    }

    /// The incidents the clauses of each sentence report, in text order.
    fn clause_incidents<'t>(
        &'t self,
        text: &str,
        sentences: &[crate::text::Sentence<'_>],
        triggers_by_sentence: &[Vec<TriggerMatch<'t>>],
        mentions: &[Mention<'g>],
        anchor: Option<chrono::NaiveDate>,
    ) -> Vec<Found<'t>> {
        let article_year = anchor.map(|d| d.year());
        let mut anchor = anchor;
        let mut found: Vec<Found<'t>> = Vec::new();
        let natural_death_told = std::cell::OnceCell::new();
        let story = StoryKinds {
            text,
            games: std::cell::OnceCell::new(),
            joy: std::cell::OnceCell::new(),
        };
        let story_of_strikes = std::cell::OnceCell::new();
        for (si, sentence) in sentences.iter().enumerate() {
            let s0 = sentence.span.0;
            // A sentence with neither a trigger nor a casualty word reports no incident; it
            // is read for dates only when it may set the report date ("As reported on").
            let sentence_triggers = &triggers_by_sentence[si];
            let may_report_incident =
                !sentence_triggers.is_empty() || fatalities::mentions_casualty(sentence.text);
            if !may_report_incident && !may_set_report_date(sentence.text) {
                continue;
            }
            let dates = dates_of(sentence, anchor);
            if let Some(report) = dates.iter().find(|d| d.report_date) {
                anchor = Some(report.date);
            }
            if !may_report_incident {
                continue;
            }
            let sentence_lower = sentence.text.to_ascii_lowercase();
            // The pandemic's dead and cases are no incident ("the virus is killing
            // hundreds"), nor are plans and talks made amid it ("the swap begins this week
            // amid a coronavirus pandemic"); a protest or violence over its measures is
            // ("nurses protested over unpaid COVID-19 allowances", "police beat a man for
            // breaking the curfew").
            let a_deed_is_told = || {
                sentence_triggers.iter().any(|m| {
                    m.rule.event_type != EventType::StrategicDevelopments
                        && !PANDEMIC_DEATH_TRIGGERS.contains(&m.rule.phrase.as_str())
                })
            };
            if lexicon::PANDEMIC.any_in(&sentence_lower) && !a_deed_is_told() {
                continue;
            }
            let clauses = split_clauses(sentence.text);
            let first_of_sentence = found.len();
            let sense = SentenceSense {
                accident: tells_of_an_accident(&sentence_lower),
                anniversary: lexicon::ANNIVERSARY.any_in(&sentence_lower),
                natural_death: ["died", "dies", "passed away"]
                    .iter()
                    .any(|w| sentence_lower.contains(w))
                    && *natural_death_told.get_or_init(|| tells_of_a_natural_death_in(sentences)),
                story: &story,
                strikes_from_afar: *story_of_strikes.get_or_init(|| {
                    // (a strike from afar by its harm only where that harm is told)
                    triggers_by_sentence.iter().zip(sentences).any(|(ms, s)| {
                        ms.iter().any(|m| {
                            matches!(
                                m.rule.sub_event_type,
                                SubEventType::AirDroneStrike
                                    | SubEventType::ShellingArtilleryMissileAttack
                            ) && (m.rule.condition == Condition::None
                                || condition_holds(m.rule.condition, &s.text.to_ascii_lowercase()))
                        })
                    })
                }),
            };
            for (ci, clause) in clauses.iter().enumerate() {
                let span = (s0 + clause.span.0, s0 + clause.span.1);
                let group = group_span(&clauses, clause.group, s0);
                let clause_triggers: Vec<TriggerMatch<'t>> = sentence_triggers
                    .iter()
                    .filter(|m| m.span.0 >= clause.span.0 && m.span.1 <= clause.span.1)
                    .map(|m| TriggerMatch {
                        rule: m.rule,
                        span: (m.span.0 - clause.span.0, m.span.1 - clause.span.0),
                    })
                    .collect();
                if let Some(mut f) = self.clause_incident(
                    text,
                    span,
                    clause_triggers,
                    &dates,
                    article_year,
                    sense,
                    mentions,
                    si,
                    ci,
                    clause.group,
                    sentence.span,
                ) {
                    // What the clause lacks, the clauses joined to it by "and" may give;
                    // failing that, a report date ("As reported on ...") dates the event
                    // (a page's "Posted:" date is when the page was, not the event).
                    if f.date.is_none() {
                        let at = f.trigger.map_or(span.0, |t| t.0);
                        f.date = nearest_date(&dates, group, at)
                            .or_else(|| a_day_of_its_sentence(text, &dates, at))
                            .or_else(|| {
                                dates
                                    .iter()
                                    .find(|d| d.report_date && is_reported_on(text, d))
                                    .cloned()
                            });
                    }
                    f.date = prefer_the_day(text, f.date, &dates);
                    f.date = before_today(text, f.date, &dates, group);
                    if f.place.is_none() {
                        f.place = choose_place(mentions, group);
                    }
                    // "At least 219 civilians were killed and 1,018 injured in the country
                    // in July": the dead and hurt counted over a month or longer, in a whole
                    // country or nowhere named, with no word of what harmed them, are a
                    // tally of many events.
                    let only_the_dying = f.trigger.is_none_or(|t| {
                        lexicon::DEATH_WORDS.contains(text.get(t.0..t.1).unwrap_or_default())
                    });
                    if only_the_dying
                        && tallied_over_a_period(
                            &text[group.0..group.1],
                            &dates,
                            group,
                            f.place,
                            mentions,
                        )
                    {
                        continue;
                    }
                    found.push(f);
                }
            }
            Self::share_within_groups(&mut found, first_of_sentence);
        }
        found
    }

    /// An incident from the lead sentence of a document that reports one in words no
    /// trigger knows: the first sentence with a casualty word (in a dated story, one that
    /// names no earlier year), else, in a note, the first sentence of some length.
    fn lead_incident(
        &self,
        sentences: &[crate::text::Sentence<'_>],
        mentions: &[Mention<'g>],
        anchor: Option<chrono::NaiveDate>,
    ) -> Option<Found<'static>> {
        // (A dated story's sentence that names an earlier year, "the 148 killed in the 2015
        // attack", tells of the past.)
        let of_the_past = |s: &crate::text::Sentence<'_>| {
            anchor.is_some_and(|day| mentions_an_earlier_year(s.text, day.year()))
        };
        // (A dated story that opens on a drill, "staged a mock attack to test their
        // response", tells of no incident: its "injured passengers" are actors.)
        if anchor.is_some() && opens_on_a_drill(sentences) {
            return None;
        }
        let natural_death = std::cell::OnceCell::new();
        let natural_death_told =
            || *natural_death.get_or_init(|| tells_of_a_natural_death_in(sentences));
        // (A death without violence, in a story of a death by illness or age.)
        let an_obituarys_death =
            |lower: &str| natural_death_told() && !lexicon::VIOLENCE_WORDS.any_in(lower);
        let casualty_sentences = || {
            sentences.iter().enumerate().filter(|(_, s)| {
                fatalities::mentions_casualty(s.text) && !of_the_past(s) && {
                    let lower = s.text.to_ascii_lowercase();
                    // (The pandemic's dead are no incident's, nor an obituary's.)
                    !tells_of_an_accident(&lower)
                        && !an_obituarys_death(&lower)
                        && !lexicon::PANDEMIC.any_in(&lower)
                        && !mentions_years_gone_by(&lower)
                        && !counts_over_months(&lower)
                        && !counts_deaths_as_a_rate(&lower)
                        && !told_after_an_anniversary(&lower)
                }
            })
        };
        // (A war's dead counted over its years, "to end the war that has cost 70,000
        // lives", make no lead.)
        // (Nor does a trial's: "Five men were sentenced to death for the killing of 11".)
        let tells_no_incidents_toll = |s: &crate::text::Sentence<'_>, toll: &Toll| {
            let lower = s.text.to_ascii_lowercase();
            verdict_end(&lower).is_some()
                || toll
                    .spans
                    .iter()
                    .any(|&figure| counts_a_running_total(&lower, figure))
        };
        let (si, sentence, toll) = casualty_sentences()
            .map(|(si, s)| (si, s, death_toll(s.text, &[])))
            // (A casualty denied, "No deaths reported", makes no lead.)
            .find(|(_, s, toll)| {
                // ("nobody has been injured"; but "doctors without borders tended four
                // wounded")
                let hurt_not_denied = || {
                    toll.injuries
                        && !s.text.split(|c: char| !c.is_alphanumeric()).any(|w| {
                            ["no", "not", "none", "nobody", "never"]
                                .iter()
                                .any(|n| w.eq_ignore_ascii_case(n))
                        })
                };
                (toll.killed > 0 || hurt_not_denied()) && !tells_no_incidents_toll(s, toll)
            })
            .or_else(|| {
                // A note (a text without a date of its own) is written about one event, so
                // its first sentence tells it; a dated story tells one only where a sentence
                // says people were killed or hurt, uncounted ("killed the village head"),
                // and denies nothing: with none (an election, a market report, a speech),
                // it tells none.
                if anchor.is_some() {
                    return casualty_sentences()
                        .filter(|(_, s)| {
                            let lower = s.text.to_ascii_lowercase();
                            lexicon::KILLED_OR_HURT.any_in(&lower)
                                && !lexicon::NEGATIONS.any_in(&lower)
                                && !kills_only_figuratively(&lower)
                        })
                        .map(|(si, s)| (si, s, death_toll(s.text, &[])))
                        .find(|(_, s, toll)| !tells_no_incidents_toll(s, toll));
                }
                sentences
                    .iter()
                    .enumerate()
                    .find(|(_, s)| s.text.len() > LEAD_SENTENCE_MIN_BYTES)
                    .map(|(si, s)| (si, s, death_toll(s.text, &[])))
            })?;
        // (A game's report, in the words of war sport uses, is no incident's lead; nor is a
        // report the lead calls untrue.)
        let lower = sentence.text.to_lowercase();
        if tells_of_a_game(&lower, || false) || calls_a_report_untrue(&lower) {
            return None;
        }
        let dates = dates_of(sentence, anchor);
        let place = choose_place(mentions, sentence.span);
        if toll.killed > 0
            && tallied_over_a_period(sentence.text, &dates, sentence.span, place, mentions)
        {
            return None;
        }
        let shift = |s: &Span| (s.0 + sentence.span.0, s.1 + sentence.span.0);
        Some(Found {
            sentence: si,
            clause: 0,
            group: 0,
            sentence_span: sentence.span,
            clause_span: sentence.span,
            rule: None,
            trigger: None,
            sub_event_type: SubEventType::Other,
            date: nearest_date(&dates, sentence.span, sentence.span.0),
            place,
            toll: Toll {
                spans: toll.spans.iter().map(shift).collect(),
                victims: toll.victims.iter().map(shift).collect(),
                ..toll
            },
            roles: Roles::default(),
            type_probability: 0.0,
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn clause_incident<'t>(
        &'t self,
        text: &str,
        span: Span,
        triggers: Vec<TriggerMatch<'t>>,
        dates: &[DateExpr],
        article_year: Option<i32>,
        sense: SentenceSense<'_>,
        mentions: &[Mention<'g>],
        sentence: usize,
        clause: usize,
        group: usize,
        sentence_span: Span,
    ) -> Option<Found<'t>> {
        let ctext = &text[span.0..span.1];
        let lower = ctext.to_ascii_lowercase();
        // A word of a trend ("rising", "an increase") makes the clause a trend's, unless
        // it names what a protest is about ("protested over the rising cost of living").
        let a_trend = first_word_of_a_trend(&lower).is_some_and(|at| {
            !triggers.iter().any(|m| {
                matches!(m.rule.event_type, EventType::Protests | EventType::Riots)
                    && is_a_protests_grievance(&lower, m.span.1, at)
            })
        });
        if a_trend
            || is_a_tally(&lower)
            || counts_deaths_as_a_rate(&lower)
            || counts_over_months(&text[sentence_span.0..sentence_span.1])
        {
            return None;
        }
        // A question of why or how ("Why do militias keep attacking villages?") asks about
        // violence in general; it reports none.
        if is_a_question_of_why_or_how(&text[sentence_span.0..sentence_span.1]) {
            return None;
        }
        // A game's report uses words of war ("attacked", "shot", "beat"); fans' protests,
        // riots and clashes at a game are events all the same. (Read only for a clause
        // with another trigger.)
        let a_game = std::cell::OnceCell::new();
        // (Nor are the dead of an earlier event the clause goes on to: "killed 12 on
        // Thursday, weeks after the gang massacred 100".)
        let date_skips: Vec<Span> = dates
            .iter()
            .filter(|d| d.span.0 >= span.0 && d.span.1 <= span.1)
            .map(|d| (d.span.0 - span.0, d.span.1 - span.0))
            .chain(earlier_event_after_a_comma(&lower).map(|at| (at, ctext.len())))
            .collect();
        let toll = death_toll(ctext, &date_skips);
        // "jailed over the 2013 mall attack": an event of an earlier year, named by it, is
        // the story's past, not its news (and the dead of the clause are its dead).
        let of_an_earlier_year = |m: &TriggerMatch<'_>| {
            article_year.is_some_and(|year| names_an_earlier_year(&lower, m.span, year))
                || after_years_gone_by(&lower, m.span)
                || recalled_by_an_anniversary(&lower, m.span)
                || (sense.anniversary
                    && told_after_an_anniversary(
                        &text[sentence_span.0..span.0 + m.span.0].to_ascii_lowercase(),
                    ))
        };
        let (past, triggers): (Vec<TriggerMatch<'t>>, Vec<TriggerMatch<'t>>) =
            triggers.into_iter().partition(of_an_earlier_year);
        // "held a demonstration over the killing of two traders": violence after a word of
        // grievance that follows a protest's trigger is what the protest is about, and so
        // are its dead.
        let grievances = grievances_of_protests(&triggers, &lower);
        let candidates: Vec<TriggerMatch<'t>> = triggers
            .into_iter()
            .filter(|m| !grievances.contains(&m.span))
            .filter(|m| condition_holds(m.rule.condition, &lower))
            .filter(|m| !is_unreal(&lower, m.span, Some(m.rule.event_type)))
            .filter(|m| {
                !names_a_craft(&lower, m.span)
                    && !kills_figuratively(&lower, m.span)
                    && !names_an_unarmed_attack(&lower, m.span)
                    && !names_a_pit(&lower, m.span)
            })
            .filter(|m| {
                let a_crowd = matches!(m.rule.event_type, EventType::Protests | EventType::Riots);
                (a_crowd && !runs_riot(&lower, m.span))
                    || m.rule.phrase.starts_with("clash")
                    || !*a_game.get_or_init(|| tells_of_a_game(&lower, || sense.story.of_games()))
            })
            .collect();
        // "clashed over the economy in a televised debate"; "poured into the streets to
        // celebrate the win": words, and joy, no event.
        // (A crowd's violence anywhere in the story makes its celebration a riot's.)
        let a_debate = std::cell::OnceCell::new();
        let candidates: Vec<TriggerMatch<'t>> = candidates
            .into_iter()
            .filter(|m| {
                let crowd = matches!(m.rule.event_type, EventType::Protests | EventType::Riots);
                // (Fireworks' rockets and shells, in a story of them, are no attack.)
                let explosion = m.rule.event_type == EventType::ExplosionsRemoteViolence;
                let joy = ((crowd && tells_of_a_celebration(&lower)) || explosion)
                    && sense.story.of_joy().celebrates
                    && (crowd || sense.story.of_joy().fireworks);
                let a_fight = ["clash", "attack", "fight", "fought", "battle"]
                    .iter()
                    .any(|w| m.rule.phrase.starts_with(w));
                let words = a_fight && *a_debate.get_or_init(|| tells_of_a_debate(&lower));
                !joy && !words
            })
            .collect();
        // "The ministry did not comment on the strike", in a story of an air strike: the
        // strike is that one, no walk-out.
        let a_strike_from_afar = |m: &TriggerMatch<'_>| {
            sense.strikes_from_afar
                && matches!(m.rule.phrase.as_str(), "strike" | "strikes")
                && m.rule.event_type == EventType::Protests
                && !tells_of_labour(&lower)
        };
        // "held talks, but no agreement was reached": talks that failed agreed nothing.
        let talks_failed = std::cell::OnceCell::new();
        let failed_talks = |m: &TriggerMatch<'_>| {
            m.rule.sub_event_type == SubEventType::Agreement
                && *talks_failed.get_or_init(|| {
                    lexicon::NO_AGREEMENT
                        .any_in(&text[sentence_span.0..sentence_span.1].to_ascii_lowercase())
                })
        };
        // "called for a week of marches": a protest asked for is none held.
        let only_called_for = |m: &TriggerMatch<'_>| {
            m.rule.event_type == EventType::Protests
                && is_only_called_for(&lower, m.span, || {
                    text.get(span.1..sentence_span.1)
                        .unwrap_or("")
                        .to_ascii_lowercase()
                })
        };
        // "This is the biggest attack on the forces in two years": the incident told,
        // weighed against others, and no new one (when the clause counts no dead of it).
        let weighed =
            |m: &TriggerMatch<'_>| toll.killed == 0 && follows_a_superlative(&lower, m.span);
        let candidates: Vec<TriggerMatch<'t>> = candidates
            .into_iter()
            .filter(|m| {
                !a_strike_from_afar(m) && !failed_talks(m) && !only_called_for(m) && !weighed(m)
            })
            .collect();
        let candidates = without_the_backing(candidates, &lower);
        let candidates = without_the_charges(candidates, &lower);
        let verdict = verdict_end(&lower);
        let candidates = without_the_verdicts_deeds(candidates, &lower, verdict);
        let best = choose_trigger(&candidates, toll.killed > 0 || toll.injuries);
        // "Five men were sentenced to death for the killing of 11 villagers": a trial's
        // clause, whose deed is a charge, tells of no incident (nor are the convicts dead).
        if best.is_none() && verdict.is_some() {
            return None;
        }
        // "a vigil ten years after gunmen killed 40 students": the dead counted after years
        // gone by, or beside a past event's trigger at a gathering, are the past's; so are
        // the dead a gathering for an anniversary recalls ("to mark the anniversary of the
        // genocide, in which 800,000 were killed").
        let a_gathering = best.is_some_and(|m| m.rule.event_type == EventType::Protests);
        let a_past_toll = toll.spans.first().is_some_and(|&figure| {
            after_years_gone_by(&lower, figure)
                || counts_a_running_total(&lower, figure)
        }) || (sense.anniversary && best.is_none_or(|_| a_gathering))
            // "A hundred years after the battle, when 20,000 soldiers were killed, ...":
            // the dead a sentence of years gone by counts without a trigger of their own.
            // (The sentence is read for it only when there are such dead: few.)
            || (best.is_none()
                && !toll.spans.is_empty()
                && mentions_years_gone_by(
                    &text[sentence_span.0..sentence_span.1].to_ascii_lowercase(),
                ));
        if best.is_none() && (!past.is_empty() || a_past_toll) {
            return None;
        }
        let a_grievances_toll = a_gathering
            && !toll.spans.is_empty()
            && toll
                .spans
                .iter()
                .all(|figure| names_a_grievances_dead(&lower, &grievances, *figure));
        let toll = if a_past_toll || (a_gathering && !past.is_empty()) || a_grievances_toll {
            Toll::none()
        } else {
            toll
        };
        if tells_of_a_show_of_arms(&lower) {
            return None;
        }
        // The deaths of an accident are no incident; a protest or a riot over one is.
        if best.is_none_or(|m| !matches!(m.rule.event_type, EventType::Protests | EventType::Riots))
            && sense.accident
        {
            return None;
        }
        if best.is_none() && toll.killed == 0 && !(toll.injuries && has_figure(ctext)) {
            return None;
        }
        // "died at 79 after a long illness", and "he died at a hospital" in that story: a
        // death no one caused.
        if best.is_none() && sense.natural_death && !lexicon::VIOLENCE_WORDS.any_in(&lower) {
            return None;
        }
        if best.is_none()
            && (is_unreal(&lower, (lower.len(), lower.len()), None)
                || calls_a_report_untrue(&lower))
        {
            return None;
        }
        let trigger = best.map(|m| m.span);
        let roles = self.actors.roles(ctext, trigger, &toll.victims);
        let sub_event_type = classify(best.map(|m| m.rule), &roles, &toll, &lower);
        let to_abs = |s: Span| (s.0 + span.0, s.1 + span.0);
        let anchor_pos = trigger.map_or(span.0, |t| t.0 + span.0);
        let date = nearest_date(dates, span, anchor_pos);
        // "Days after protests in Baghdad, police shot three demonstrators in Nasiriyah":
        // the place of the earlier event the clause opens with is not this one's.
        let place = after_an_earlier_event(ctext)
            .and_then(|from| choose_place(mentions, (span.0 + from, span.1)))
            .or_else(|| choose_place(mentions, span));
        Some(Found {
            sentence,
            clause,
            group,
            sentence_span,
            clause_span: span,
            rule: best.map(|m| m.rule),
            trigger: trigger.map(to_abs),
            sub_event_type,
            date,
            place,
            toll: Toll {
                spans: toll.spans.iter().map(|s| to_abs(*s)).collect(),
                victims: toll.victims.iter().map(|s| to_abs(*s)).collect(),
                ..toll
            },
            roles: Roles {
                actor1: roles.actor1.map(|a| ActorMention {
                    span: to_abs(a.span),
                    ..a
                }),
                actor2: roles.actor2.map(|a| ActorMention {
                    span: to_abs(a.span),
                    ..a
                }),
            },
            type_probability: 0.0,
        })
    }

    /// Clauses joined by "and" share what they lack: date, place, actors. Siblings that
    /// neither have a place of their own nor a trigger of their own merge into the first.
    fn share_within_groups(found: &mut Vec<Found<'_>>, from: usize) {
        for i in from..found.len() {
            for j in from..found.len() {
                if i == j || found[i].group != found[j].group {
                    continue;
                }
                // "4 died and 6 were hurt by a mine": the bare toll takes the
                // sibling's trigger.
                if found[i].rule.is_none() && found[j].rule.is_some() {
                    found[i].rule = found[j].rule;
                    found[i].trigger = found[j].trigger;
                    found[i].sub_event_type = found[j].sub_event_type;
                }
                if found[i].date.is_none() {
                    found[i].date = found[j].date.clone();
                }
                if found[i].place.is_none() {
                    found[i].place = found[j].place;
                }
                if found[i].roles.actor1.is_none() && found[i].roles.actor2.is_none() {
                    found[i].roles = found[j].roles;
                }
            }
        }
        // Siblings that now tell the same incident at the same place are one incident.
        let mut k = from;
        while k < found.len() {
            let same = (from..k).find(|&p| {
                found[p].group == found[k].group
                    && found[p].sub_event_type == found[k].sub_event_type
                    && found[p].place.map(|x| x.0) == found[k].place.map(|x| x.0)
            });
            match same {
                Some(p) => {
                    let sibling = found.remove(k);
                    let first = &mut found[p];
                    first.toll.killed = first.toll.killed.saturating_add(sibling.toll.killed);
                    first.toll.spans.extend(sibling.toll.spans);
                    first.toll.injuries |= sibling.toll.injuries;
                }
                None => k += 1,
            }
        }
    }

    /// The places a title names: all of them when it is written as a sentence or in Title
    /// Case (read as a sentence: common words lower-cased, names kept), else only the
    /// publisher's own place ("... - WXYZ News, Springfield, Ohio"), where a local station
    /// says where it is.
    fn title_mentions(&self, title: &str) -> Vec<Mention<'g>> {
        // (A town read from a name other towns carry as their own is no sure town:
        // "Salisbury", in a headline alone, is not Harare.)
        let find = |s: &str| -> Vec<Mention<'g>> {
            find_mentions(self.gazetteer, s)
                .into_iter()
                .filter(|m| {
                    !read_through_a_namesakes_name(self.gazetteer, &s[m.span.0..m.span.1], m.place)
                })
                .collect()
        };
        if is_sentence_case(title) {
            return find(title);
        }
        // "Man Shot In Muncie": a headline in title case, read as a sentence.
        let read = title_as_a_sentence(title);
        let Some(publisher) = publisher_of(title) else {
            return find(&read);
        };
        // "Woman hurt in Tulsa - KXQT News 8 Fort Smith, Arkansas": a headline before the
        // station's name says where the story is; the station's town, maybe in a
        // neighbouring state, only when the headline names none.
        let headline = headline_before(&read, publisher);
        if is_sentence_case(headline) {
            let named = find(headline);
            if !named.is_empty() {
                return named;
            }
        }
        find(publisher)
            .into_iter()
            // "TV", "FM": a station's letters, not Tuvalu.
            .filter(|m| m.place.kind != PlaceKind::Country || m.span.1 - m.span.0 > 3)
            .collect()
    }

    /// An agreement (talks, releases) needs its day: plans and announcements of one are
    /// everywhere in the news (`a_note_dates_it_enough`: a note without a publication date
    /// that gives a day without its year, or tells it in its lead). Any other incident a
    /// clause reports counts, dated or not (a short report often gives its date elsewhere,
    /// or none).
    fn is_reportable(
        &self,
        f: &Found<'_>,
        mentions: &[Mention<'g>],
        a_note_dates_it_enough: bool,
        leads: bool,
    ) -> bool {
        if f.sub_event_type == SubEventType::Agreement {
            return a_note_dates_it_enough
                || f.date
                    .as_ref()
                    .is_some_and(|d| d.precision == TimePrecision::Day);
        }
        if f.sub_event_type.event_type() == EventType::StrategicDevelopments {
            // Other developments need a date of their own too, unless they lead the
            // text: undated further down, they are the background of the story ("the
            // group, which controls ...").
            return f.date.is_some() || leads;
        }
        let located = f
            .place
            .is_some_and(|(i, _)| mentions.get(i).is_some_and(|m| m.role == Role::Locative));
        f.rule.is_some() || f.date.is_some() || located || f.toll.killed > 0 || f.toll.injuries
    }

    /// The incident of one clause, as ACLED's columns code it.
    fn write_incident(
        &self,
        article: &Article,
        text: &str,
        offsets: &CharOffsets,
        mentions: &[Mention<'g>],
        story: &Story<'g>,
        f: Found<'_>,
    ) -> Incident {
        let g = self.gazetteer;
        let named_division = division_named_for_a_newer_one(&f, mentions);
        let (place, geo_precision, place_span) = incident_place(&f, mentions, story);
        let country_iso = place.map(|p| p.country).unwrap_or("");
        let country = g.country_name(country_iso).to_string();
        let evidence = evidence_of(article, offsets, &f, place_span);
        // Actors are of the incident's country ("BEIRUT — Syrian warplanes struck a village
        // in Idlib": Syria's, not the dateline's), else of the story's.
        let actors_country = if country.is_empty() {
            story.focus.map_or("", |p| g.country_name(p.country))
        } else {
            country.as_str()
        };
        let (actor1, actor2) = name_actors(g, &f, actors_country, &article.text);
        let (event_date, time_precision) = event_date_of(text, f.date.as_ref(), article.date);
        // A province or a country placed as such is pinned, as ACLED codes it, at its
        // capital: a text that names no place within a country mostly tells of the
        // government, parliament and protests of its capital.
        let point = place.map(|p| g.seat_of(p).unwrap_or(p));
        let ascii = |s: &str| deunicode::deunicode(s);
        // A country placed as such is coded, as ACLED codes national events, in its
        // capital's division (the point is the capital's already); its location stays the
        // country, at country precision.
        let admin1 = named_division
            .or(place)
            .map(|p| match (p.kind, point) {
                (PlaceKind::Country, Some(capital)) => g.admin1_name(capital).into(),
                _ => admin1_as_written(g, text, mentions, p)
                    .unwrap_or_else(|| g.admin1_name(p).into()),
            })
            .map(|a| ascii(&a))
            .unwrap_or_default();
        Incident {
            event_id: format!("{}-{}-{}", article.id, f.sentence + 1, f.clause + 1),
            event_date,
            time_precision,
            event_type: f.sub_event_type.event_type(),
            sub_event_type: f.sub_event_type,
            actor1,
            actor2,
            country,
            iso: country_iso.to_string(),
            admin2: place.map(|p| ascii(g.admin2_name(p))).unwrap_or_default(),
            // A province placed as such is named as its admin1 is.
            location: match place {
                Some(p) if p.kind == PlaceKind::Admin1 => admin1.clone(),
                Some(p) => ascii(p.name),
                None => String::new(),
            },
            admin1,
            latitude: point.map(|p| p.latitude),
            longitude: point.map(|p| p.longitude),
            geo_precision,
            fatalities: f.toll.killed,
            fatalities_max: f.toll.killed,
            notes: article
                .text
                .get(f.sentence_span.0..f.sentence_span.1)
                .unwrap_or_default()
                .to_string(),
            sources: vec![article.id.clone()],
            evidence,
            confidence: 0.0,
            review_status: Default::default(),
        }
    }

    fn place_mention(
        &self,
        article: &Article,
        offsets: &CharOffsets,
        text: &str,
        m: &Mention<'g>,
    ) -> PlaceMention {
        let g = self.gazetteer;
        PlaceMention {
            article: article.id.clone(),
            text: text[m.span.0..m.span.1].to_string(),
            start: offsets.to_char(m.span.0),
            end: offsets.to_char(m.span.1),
            kind: m.place.kind,
            name: m.place.name.to_string(),
            country: g.country_name(m.place.country).to_string(),
            iso: m.place.country.to_string(),
            admin1: g.admin1_name(m.place).to_string(),
            latitude: m.place.latitude,
            longitude: m.place.longitude,
            geonames_id: m.place.geonames_id,
            confidence: m.confidence,
        }
    }
}

/// The province the text names for an incident's place that the gazetteer codes in a
/// division made since ("Merauke city, Papua province").
fn division_named_for_a_newer_one<'g>(
    f: &Found<'_>,
    mentions: &[Mention<'g>],
) -> Option<&'g Place> {
    f.place
        .and_then(|(i, _)| mentions.get(i))
        .filter(|m| m.in_an_older_division)
        .and_then(|m| m.container)
        .and_then(|c| mentions.get(c))
        .map(|c| c.place)
}

/// Where an incident is, how precisely, and the span of the text that says so (none when
/// the place comes from the story rather than the clause).
fn incident_place<'g>(
    f: &Found<'_>,
    mentions: &[Mention<'g>],
    story: &Story<'g>,
) -> (Option<&'g Place>, GeoPrecision, Option<Span>) {
    match f.place.and_then(|(i, p)| mentions.get(i).map(|m| (m, p))) {
        // "CHICAGO — A shooting in Austin": a neighbourhood the gazetteer lacks, read as a
        // town far away; the story's town is the place.
        Some((m, _)) if is_a_local_name_read_far_away(m, mentions, story) => {
            (story.town, GeoPrecision::District, None)
        }
        // "SAN ANGELO, Texas — ... at a home in West Texas": a clause that names only the
        // province of a local story whose town lies there is at that town.
        Some((m, _))
            if m.place.kind == PlaceKind::Admin1
                && story.town.is_some_and(|t| {
                    t.country == m.place.country && t.admin1 == m.place.admin1
                }) =>
        {
            (story.town, GeoPrecision::District, None)
        }
        // "Boko Haram attacked a village in Cameroon": the group's one province there says
        // more than the country.
        Some((m, _))
            if m.place.kind == PlaceKind::Country
                && story
                    .group_home
                    .is_some_and(|h| h.country == m.place.country) =>
        {
            (story.group_home, GeoPrecision::Province, None)
        }
        Some((m, p)) => (Some(m.place), p, Some(m.span)),
        // No place in the incident's clauses: the town a local story is about (geo_precision
        // 2, near a town), else the one province the article is about, else its focus
        // country (both at geo_precision 3).
        None => match story.town {
            Some(town) => (Some(town), GeoPrecision::District, None),
            None => (
                story.home.or(story.group_home).or(story.focus),
                GeoPrecision::Province,
                None,
            ),
        },
    }
}

/// The evidence of an incident: its sentence, trigger, place (`place_span`), date, death
/// tolls and actors, as character offsets in the article.
fn evidence_of(
    article: &Article,
    offsets: &CharOffsets,
    f: &Found<'_>,
    place_span: Option<Span>,
) -> Vec<Evidence> {
    let mut evidence = Vec::new();
    let mut push = |field: EvidenceField, span: Span| {
        evidence.push(Evidence {
            article: article.id.clone(),
            field,
            start: offsets.to_char(span.0),
            end: offsets.to_char(span.1),
        });
    };
    push(EvidenceField::Sentence, f.sentence_span);
    if let Some(t) = f.trigger {
        push(EvidenceField::Trigger, t);
    }
    if let Some(s) = place_span {
        push(EvidenceField::Location, s);
    }
    if let Some(d) = &f.date {
        push(EvidenceField::Date, d.span);
    }
    for s in &f.toll.spans {
        push(EvidenceField::Fatalities, *s);
    }
    for a in [f.roles.actor1, f.roles.actor2].into_iter().flatten() {
        push(EvidenceField::Actor, a.span);
    }
    evidence
}

/// An incident's date and its precision: its own, else the publication date (to the week),
/// else none.
fn event_date_of(
    text: &str,
    date: Option<&DateExpr>,
    published: Option<chrono::NaiveDate>,
) -> (Option<chrono::NaiveDate>, TimePrecision) {
    match (date, published) {
        // A month alone is coded, as ACLED codes it, at its middle day.
        (Some(d), _)
            if d.precision == TimePrecision::Month
                && d.date.day() == 1
                && text
                    .get(d.span.0..d.span.1)
                    .is_some_and(|w| w.contains(char::is_alphabetic)) =>
        {
            (d.date.with_day(15), d.precision)
        }
        (Some(d), _) => (Some(d.date), d.precision),
        (None, Some(published)) => (Some(published), TimePrecision::Week),
        (None, None) => (None, TimePrecision::Month),
    }
}

/// True when one of an article's sentences tells of a death by illness or age
/// ([`tells_of_a_natural_death`]).
fn tells_of_a_natural_death_in(sentences: &[crate::text::Sentence<'_>]) -> bool {
    sentences
        .iter()
        .any(|s| tells_of_a_natural_death(&s.text.to_ascii_lowercase()))
}

/// What kinds of story an article is (of games, of a celebration), each read on first
/// asking.
struct StoryKinds<'t> {
    text: &'t str,
    games: std::cell::OnceCell<bool>,
    joy: std::cell::OnceCell<StoryOfJoy>,
}

/// Whether a story tells of a celebration and of fireworks.
#[derive(Clone, Copy)]
struct StoryOfJoy {
    /// It tells of a celebration with no violence ([`tells_of_a_celebration`]).
    celebrates: bool,
    /// It names fireworks.
    fireworks: bool,
}

impl StoryKinds<'_> {
    /// True when the article is a story of games ([`tells_of_games`]).
    fn of_games(&self) -> bool {
        *self.games.get_or_init(|| tells_of_games(self.text))
    }

    /// What the article tells of a celebration.
    fn of_joy(&self) -> StoryOfJoy {
        *self.joy.get_or_init(|| {
            let lower = self.text.to_ascii_lowercase();
            StoryOfJoy {
                celebrates: tells_of_a_celebration(&lower),
                fireworks: lower.contains("fireworks"),
            }
        })
    }
}

/// What a sentence as a whole tells, read once for all its clauses.
#[derive(Clone, Copy)]
struct SentenceSense<'s> {
    /// It tells of an accident or a disaster ([`tells_of_an_accident`]).
    accident: bool,
    /// It marks an anniversary: the dead it counts without a trigger are the past's.
    anniversary: bool,
    /// It tells of a death, in a text that tells of a death by illness or age
    /// ([`tells_of_a_natural_death`]): "he died in hospital" in an obituary.
    natural_death: bool,
    /// The kinds of story it may be a sentence of (games, celebrations: read on first
    /// asking, few clauses need them).
    story: &'s StoryKinds<'s>,
    /// It is a sentence of a story of strikes from the air or by artillery: a bare
    /// "strike" there is one of them, no walk-out.
    strikes_from_afar: bool,
}

/// What the steps after the place mentions read of one article.
struct ArticleParts<'r, 'g> {
    article: &'r Article,
    /// The text as read (normalised, the dateline's place and date marked).
    text: &'r str,
    offsets: &'r CharOffsets,
    sentences: &'r [Sentence<'r>],
    triggers_by_sentence: &'r [Vec<TriggerMatch<'r>>],
    mentions: &'r [Mention<'g>],
    story: &'r Story<'g>,
    /// The publication date, or the date the text gives itself.
    anchor: Option<chrono::NaiveDate>,
    /// How sure the relevance model is that the document reports an incident.
    relevance: Option<f32>,
}

/// The incidents written from an article's clauses, with what the confidence of each was
/// computed from.
#[derive(Default)]
struct Written {
    incidents: Vec<Incident>,
    explained: Vec<ConfidenceInputs>,
    /// Per incident: its own date is only a month or a year ("in June", "last month", "in
    /// 2013").
    dated_by_month: Vec<bool>,
    /// Per incident: the sentence it was read from.
    read_from: Vec<usize>,
}

/// Nouns by which a story tells its incident again ("during the operation", "in the
/// attack").
static EVENT_TOLD_AGAIN: lexicon::WordSet = lexicon::WordSet::new(&[
    "operation",
    "attack",
    "assault",
    "raid",
    "ambush",
    "offensive",
    "clash",
    "clashes",
    "fighting",
    "incident",
]);

/// True when an incident's trigger is a noun of its event after "the", "this" or "that"
/// ("killed during the operation"): the story telling an event it told before.
fn tells_its_event_again(text: &str, f: &Found<'_>) -> bool {
    let Some((start, end)) = f.trigger else {
        return false;
    };
    let noun = text.get(start..end).unwrap_or("").to_ascii_lowercase();
    let before = text.get(..start).unwrap_or("").trim_end();
    let determiner = before
        .rsplit(|c: char| !c.is_ascii_alphabetic())
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    EVENT_TOLD_AGAIN.contains(noun.as_str())
        && matches!(determiner.as_str(), "the" | "this" | "that")
}

impl Written {
    /// An article that dates one incident to the day and another only by its month or year
    /// tells of the other as background (history, an earlier attack, a yearly count), not as
    /// news: the other goes.
    fn drop_the_background(&mut self) {
        if !self
            .incidents
            .iter()
            .any(|i| i.time_precision == TimePrecision::Day)
        {
            return;
        }
        let incidents = std::mem::take(&mut self.incidents);
        let explained = std::mem::take(&mut self.explained);
        (self.incidents, self.explained) = incidents
            .into_iter()
            .zip(explained)
            .zip(&self.dated_by_month)
            .filter(|&(_, &background)| !background)
            .map(|(pair, _)| pair)
            .unzip();
    }
}

/// Where the lead ends: after its first two sentences, from the dateline when one comes
/// after a caption or a headline line.
fn lead_end(text: &str, sentences: &[Sentence<'_>], dateline: Option<&Dateline>) -> usize {
    let lead_start = dateline.map_or(0, |d| {
        sentences
            .iter()
            .position(|s| s.span.1 > d.span.0)
            .unwrap_or(0)
    });
    sentences
        .get(lead_start + 1)
        .or(sentences.get(lead_start))
        .map_or(text.len(), |s| s.span.1)
}

/// "Teachers marched on the ministry. Police intervened and dispersed them.": the force used
/// on a peaceful protest is often told in the next sentence.
fn mark_protests_met_with_force(text: &str, sentences: &[Sentence<'_>], found: &mut [Found<'_>]) {
    for f in found {
        if f.sub_event_type == SubEventType::PeacefulProtest {
            let (_, window) = model_input(text, sentences, f);
            let window = window.to_ascii_lowercase();
            if lexicon::FORCE_ON_A_PROTEST.any_in(&window)
                || cues::forces_stopped_a_gathering(&window)
                || cues::gathering_taken_or_stopped(&window)
            {
                f.sub_event_type = SubEventType::ProtestWithIntervention;
            }
        }
    }
}

/// The countries a text is told to be of (see `Extractor::countries_the_text_is_told_of`).
struct ToldCountries<'g> {
    /// All of them, sorted, each once.
    all: Vec<&'g Place>,
    /// The countries of the armed groups it names.
    of_groups: Vec<&'g Place>,
    /// True when the country model's guess from the words is all that tells them (no title,
    /// no armed group).
    guessed_only: bool,
}

/// A demonstration whose crowd burnt, stoned, looted or fought is a violent one; violence a
/// mob did ("a mob lynched", "angry residents beat") is mob violence, not an armed group's
/// attack; fire traded between two sides is an armed clash, whoever the sides are.
/// ACLED's codebook draws these lines by what was done, in any country.
fn mark_crowd_violence(text: &str, sentences: &[Sentence<'_>], found: &mut [Found<'_>]) {
    for f in found {
        let event_type = f.sub_event_type.event_type();
        if !matches!(
            event_type,
            EventType::Protests
                | EventType::ViolenceAgainstCivilians
                | EventType::Battles
                | EventType::Riots
        ) {
            continue;
        }
        let (_, window) = model_input(text, sentences, f);
        let window = window.to_ascii_lowercase();
        // (Lower-cased only for the incidents whose type asks it.)
        let own_sentence = || {
            text.get(f.sentence_span.0..f.sentence_span.1)
                .unwrap_or("")
                .to_ascii_lowercase()
        };
        match event_type {
            EventType::Protests => {
                // ("They gathered at the office. They demanded ... . They blockaded the
                // road.": what the crowd did is often told a few sentences on.)
                let told_after = text
                    .get(f.sentence_span.0..protest_story_end(sentences, f))
                    .unwrap_or("")
                    .to_ascii_lowercase();
                // (A protest the text calls peaceful is so, unless its own sentences say
                // otherwise: "They sat across the road" after "a peaceful protest".)
                if cues::crowd_did_damage(&window)
                    || (cues::crowd_did_damage(&told_after)
                        && !cues::said_to_be_peaceful(&told_after))
                {
                    f.sub_event_type = SubEventType::ViolentDemonstration;
                }
            }
            // (In its own sentence: "arrested after a shoot-out with police" told after an
            // arson is no clash of the arsonists'.)
            EventType::Riots | EventType::ViolenceAgainstCivilians
                if cues::two_sides_traded_fire(&own_sentence()) =>
            {
                f.sub_event_type = SubEventType::ArmedClash;
            }
            EventType::ViolenceAgainstCivilians | EventType::Battles
                if cues::done_by_a_mob(&window) || done_by_ordinary_people(f) =>
            {
                f.sub_event_type = SubEventType::MobViolence;
            }
            _ => {}
        }
    }
}

/// "Kidnapped and killed a village chief", "one dead, three girls abducted": people taken
/// and people killed in one incident make it an attack (the codebook's rule: the gravest
/// violence done types the event), not an abduction.
fn read_abductions_with_dead_as_attacks(found: &mut [Found<'_>]) {
    for f in found {
        if f.sub_event_type == SubEventType::AbductionForcedDisappearance && f.toll.killed > 0 {
            f.sub_event_type = SubEventType::Attack;
        }
    }
}

/// Triggers that only say people die, which a disease does as well as a deed: in a
/// sentence of the pandemic, they tell no incident.
const PANDEMIC_DEATH_TRIGGERS: [&str; 3] = ["killing", "kills", "kill"];

/// "Residents protested against the assassination of a local figure", "the two sides
/// signed a truce after fighting that killed 12": the dead told beside an incident that
/// kills no one by definition (see [`SubEventType::kills_no_one`]) are not its dead.
fn forget_the_dead_of_bloodless_incidents(found: &mut [Found<'_>]) {
    for f in found {
        if f.sub_event_type.kills_no_one() {
            f.toll.killed = 0;
            f.toll.spans.clear();
        }
    }
}

/// How many sentences after a protest's own may tell what its crowd did.
const PROTEST_SENTENCES_AFTER: usize = 3;

/// Where the sentences that may tell what a protest's crowd did end: a few sentences after
/// its own.
fn protest_story_end(sentences: &[Sentence<'_>], f: &Found<'_>) -> usize {
    let last = (f.sentence + PROTEST_SENTENCES_AFTER).min(sentences.len().saturating_sub(1));
    sentences
        .get(last)
        .filter(|_| last > f.sentence)
        .map_or(f.sentence_span.1, |s| s.span.1)
}

/// "A thief was beaten by villagers", "police officers attacked by locals": violence done by
/// ordinary people, no armed group or force, is a mob's (ACLED's mob violence).
fn done_by_ordinary_people(f: &Found<'_>) -> bool {
    f.roles
        .actor1
        .is_some_and(|a| a.kind == ActorKind::Civilians)
}

/// Who did it and to whom, in ACLED's names.
fn name_actors(g: &Gazetteer, f: &Found<'_>, country: &str, text: &str) -> (String, String) {
    let kind1 = f.roles.actor1.map(|a| a.kind);
    let kind2 = f.roles.actor2.map(|a| a.kind);
    let sentence = text[f.sentence_span.0..f.sentence_span.1].to_ascii_lowercase();
    // "the insurgent group", "militants": the Taliban when the sentence names them.
    let named = |k: Option<ActorKind>| match k {
        Some(ActorKind::Militants) if lexicon::contains_phrase(&sentence, "taliban") => {
            Some(ActorKind::Taliban)
        }
        other => other,
    };
    let (kind1, mut kind2) = (named(kind1), named(kind2));
    let mut kind1 = match kind1 {
        Some(k) => Some(k),
        None if kind2.is_some_and(ActorKind::is_armed_group) => Some(ActorKind::Military),
        None if kind2.is_some_and(|k| k.is_state_force() || k == ActorKind::Civilians)
            && lexicon::contains_phrase(&sentence, "taliban") =>
        {
            Some(ActorKind::Taliban)
        }
        None => None,
    };
    if f.sub_event_type == SubEventType::Agreement {
        // Prisoner releases and talks: the government on one side, the armed group on the
        // other. The government is the subject ("Afghanistan began releasing"), named, or
        // the state side of the exchange ("special forces members ... were freed").
        let government = lexicon::contains_phrase(&sentence, "government")
            || sentence.starts_with(&country.to_lowercase())
            || kind1.is_none_or(ActorKind::is_state_force)
            || kind1 == Some(ActorKind::Government);
        let taliban = lexicon::contains_phrase(&sentence, "taliban");
        if government && (taliban || kind1 != Some(ActorKind::Taliban)) {
            kind1 = Some(ActorKind::Government);
            kind2 = taliban.then_some(ActorKind::Taliban);
        }
    }
    if kind1 == kind2 {
        kind2 = None;
    }
    let actor_name = |mention: Option<ActorMention>, kind: Option<ActorKind>| {
        let Some(kind) = kind else {
            return String::new();
        };
        // Where the text writes the actor the way it is named (not a kind inferred from the
        // other side).
        let written = mention.filter(|m| m.kind == kind);
        let at = written.map(|m| m.span.0);
        let group = at
            .and_then(|at| groups::GROUPS.group_written_before(text, at))
            .or_else(|| written.and_then(|m| groups::GROUPS.group_named_at(text, m.span)));
        // (Foreign forces named after their country are that country's military.)
        let forces_of = |iso: &str| {
            let name = g.country_name(iso);
            let kind = match kind {
                ActorKind::ForeignForces => ActorKind::Military,
                other => other,
            };
            (!name.is_empty()).then(|| kind.acled_name(name))
        };
        match (kind, group) {
            // "Ansaroul Islam militants", "Houthi forces", "Koglweogo militia": fighters the
            // text names a group of are that group.
            (ActorKind::Militants | ActorKind::Military | ActorKind::Militia, Some(group))
                if !group.state_force =>
            {
                group.actor_name.to_string()
            }
            // "FAMa soldiers": a state's own army is its state's military forces.
            (ActorKind::Military | ActorKind::Police, Some(group)) => match group.countries {
                [one] => forces_of(one).unwrap_or_else(|| kind.acled_name(country)),
                _ => kind.acled_name(country),
            },
            // "Turkish troops", "Kenya's police": a state's forces are the country's they are
            // named after, wherever they act.
            (ActorKind::Military | ActorKind::Police | ActorKind::ForeignForces, None) => at
                .and_then(|at| country_of_a_force(g, text, at))
                .and_then(|c| forces_of(c.country))
                .unwrap_or_else(|| kind.acled_name(country)),
            (ActorKind::Militia, _) => mention
                .filter(|m| m.kind == kind)
                .and_then(|m| militia_of_a_people(text, m.span, country))
                .unwrap_or_else(|| kind.acled_name(country)),
            _ => kind.acled_name(country),
        }
    };
    let actor1 = actor_name(f.roles.actor1, kind1);
    let actor2 = actor_name(f.roles.actor2, kind2);
    // The state's side, where the clause names it ("police dispersed the marchers").
    let state_side = || {
        [(kind1, &actor1), (kind2, &actor2)]
            .into_iter()
            .find(|(k, _)| k.is_some_and(ActorKind::is_state_force))
            .map(|(_, name)| name.clone())
            .unwrap_or_default()
    };
    // ACLED names the crowd by its country: protesters march against the state's forces
    // (or are met with its force), rioters attack whoever the clause names.
    let protesters = || actors::of_the_country("Protesters", country);
    match f.sub_event_type {
        SubEventType::ExcessiveForceAgainstProtesters => (state_side(), protesters()),
        // A peaceful protest has no second side, even outside a police station or a base
        // (ACLED names none: the state's forces are a protest's actor only when they act).
        SubEventType::PeacefulProtest => (protesters(), String::new()),
        s if s.event_type() == EventType::Protests => (protesters(), state_side()),
        s if s.event_type() == EventType::Riots => {
            let other = if kind1.is_some_and(|k| k.is_state_force() || k.is_armed_group()) {
                actor1
            } else {
                actor2
            };
            (actors::of_the_country("Rioters", country), other)
        }
        _ => (actor1, actor2),
    }
}

/// ACLED's name for a militia the text writes as a plain "militia" or "militiamen": of the
/// people or faith named right before it ("Fulani militia": Fulani Ethnic Militia (Mali);
/// "Christian militiamen": Christian Militia (Nigeria)), else an unidentified communal militia.
/// None for the state's auxiliaries ("Arbaki", "uprising forces", "pro-government militia"),
/// which keep their own name.
fn militia_of_a_people(text: &str, span: Span, country: &str) -> Option<String> {
    const PLAIN: [&str; 4] = ["militia", "militiamen", "militia member", "militia members"];
    const FAITHS: [&str; 4] = ["Muslim", "Christian", "Islamist", "Catholic"];
    let written = text.get(span.0..span.1)?.to_ascii_lowercase();
    if !PLAIN.contains(&written.as_str()) {
        return None;
    }
    let before = text.get(..span.0)?.strip_suffix(' ').unwrap_or("");
    let word = before
        .rsplit(|c: char| !(c.is_alphabetic() || c == '-'))
        .next()
        .filter(|w| w.starts_with(char::is_uppercase) && w.chars().count() > 2);
    let name = match word {
        Some(faith) if FAITHS.contains(&faith) => format!("{faith} Militia"),
        // ("Armed militiamen", "Local militia": an English word opening a sentence.)
        Some(people) if !crate::text::is_common_word(&people.to_lowercase()) => {
            format!("{people} Ethnic Militia")
        }
        _ => "Unidentified Communal Militia".to_string(),
    };
    Some(actors::of_the_country(&name, country))
}

/// The country whose name or people's name the text writes just before byte `at` ("Turkish
/// troops", "South Sudanese soldiers", "Kenya's police"): the country a force belongs to.
fn country_of_a_force<'g>(g: &'g Gazetteer, text: &str, at: usize) -> Option<&'g Place> {
    let head = text.get(..at)?.strip_suffix(' ')?;
    let word_start = |s: &str| {
        s.char_indices()
            .rev()
            .find(|&(_, c)| !(c.is_alphanumeric() || matches!(c, '\'' | '’' | '-')))
            .map_or(0, |(i, c)| i + c.len_utf8())
    };
    let last = word_start(head);
    // The last word, and the last two ("South Sudanese", "Central African").
    let two = head[..last]
        .strip_suffix(' ')
        .map(word_start)
        .unwrap_or(last);
    [two, last].into_iter().find_map(|start| {
        let written = head.get(start..)?;
        let (written, possessive) = match written
            .strip_suffix("'s")
            .or_else(|| written.strip_suffix("’s"))
        {
            Some(owner) => (owner, true),
            None => (written, false),
        };
        if !written.starts_with(char::is_uppercase) {
            return None;
        }
        g.names()
            .get(&fold(written))
            .into_iter()
            .filter(|&(_, how)| how == NameMatch::Demonym || possessive)
            .filter_map(|(id, _)| g.place(id))
            .find(|p| p.kind == PlaceKind::Country)
    })
}

/// The spans of the violent triggers of a clause (lower case) that tell what a protest in it
/// is about: each follows a word of grievance after a protest's trigger ("marched against
/// the bombing of a school", "protested over the killing of a trader").
fn grievances_of_protests(triggers: &[TriggerMatch<'_>], lower: &str) -> Vec<Span> {
    let protest_ends: Vec<usize> = triggers
        .iter()
        .filter(|m| m.rule.event_type == EventType::Protests)
        .map(|m| m.span.1)
        .collect();
    if protest_ends.is_empty() {
        return Vec::new();
    }
    triggers
        .iter()
        .filter(|m| {
            !matches!(
                m.rule.event_type,
                EventType::Protests | EventType::Riots | EventType::StrategicDevelopments
            ) && protest_ends
                .iter()
                .any(|&end| is_the_grievance_of(lower, end, m.span.0))
        })
        .map(|m| m.span)
        .collect()
}

/// True when the violent trigger starting at `trigger_start` of a clause (lower case) tells
/// what the protest whose trigger ends at `protest_end` is about: a word of grievance stands
/// right before it ("over the killing", not "over the sale of land when they were
/// attacked").
fn is_the_grievance_of(lower: &str, protest_end: usize, trigger_start: usize) -> bool {
    let Some(between) = lower.get(protest_end..trigger_start) else {
        return false;
    };
    let words: Vec<&str> = between.split_whitespace().collect();
    let Some(grievance_at) = words.iter().rposition(|w| lexicon::GRIEVANCE.contains(w)) else {
        return false;
    };
    let words_after = words.len() - grievance_at - 1;
    // "to demand the return of women and children abducted by the group": a deed done by
    // someone to the people the grievance names, one noun phrase on (no clause between).
    let a_deed_said_of_its_people = || {
        words_after <= GRIEVANCE_PHRASE_WORDS
            && lower
                .get(trigger_start..)
                .and_then(|rest| rest.split_whitespace().nth(1))
                .is_some_and(|next| next == "by")
            && !words[grievance_at + 1..].iter().any(|w| {
                w.ends_with([',', ';'])
                    || matches!(
                        *w,
                        "was" | "were" | "been" | "is" | "are" | "when" | "after"
                    )
            })
    };
    // "to demand justice for a lawmaker who was assaulted", "punishment for a contractor
    // who beat an engineer", "for a trader whose shop was set ablaze": a deed told in a
    // relative clause of the grievance's noun.
    let a_deed_of_its_relative_clause = || {
        let after = &words[grievance_at + 1..];
        let relative = after
            .iter()
            .rposition(|w| matches!(*w, "who" | "whom" | "which" | "that" | "whose"))
            .filter(|&k| k > 0 && after[..k].iter().all(|w| !w.ends_with([',', ';'])));
        relative.is_some_and(|k| {
            // ("whose" takes its noun: "whose shop")
            let verb_from = if after[k] == "whose" { k + 2 } else { k + 1 };
            after.len() <= GRIEVANCE_PHRASE_WORDS
                && after.get(verb_from..).unwrap_or(&[]).iter().all(|w| {
                    matches!(
                        *w,
                        "was"
                            | "were"
                            | "had"
                            | "has"
                            | "have"
                            | "been"
                            | "allegedly"
                            | "reportedly"
                    )
                })
        })
    };
    words_after < GRIEVANCE_TRIGGER_WORDS
        || a_deed_said_of_its_people()
        || a_deed_of_its_relative_clause()
}

/// The most words a grievance's noun phrase runs to before a deed said of its people ("the
/// return of women and children abducted by").
const GRIEVANCE_PHRASE_WORDS: usize = 8;

/// The most words before a violent trigger among which the word of a protest's grievance
/// stands ("against the bombing", "to condemn the recent killing").
const GRIEVANCE_TRIGGER_WORDS: usize = 3;

/// The most words between a grievance's trigger and a figure of its dead ("the killing of
/// two traders").
const GRIEVANCE_FIGURE_WORDS: usize = 4;

/// True when the figure at `figure` counts the dead of a protest's grievance: it follows
/// one of the `grievances`' triggers within [`GRIEVANCE_FIGURE_WORDS`] words.
fn names_a_grievances_dead(lower: &str, grievances: &[Span], figure: Span) -> bool {
    grievances.iter().any(|g| {
        g.1 <= figure.0
            && lower
                .get(g.1..figure.0)
                .is_some_and(|between| between.split_whitespace().count() <= GRIEVANCE_FIGURE_WORDS)
    })
}

/// True when the clause of a protest `f` names violence only as what the protest is about:
/// it has no trigger of a riot, and each trigger of violence follows a word of grievance
/// after the protest's own ("marched against the bombing of a school", "protested over the
/// killing of a trader").
fn violence_is_only_the_grievance(parts: &ArticleParts<'_, '_>, f: &Found<'_>) -> bool {
    let (Some(trigger), Some(matches)) = (f.trigger, parts.triggers_by_sentence.get(f.sentence))
    else {
        return false;
    };
    let lower = clause_in_lower_case(parts.text, f);
    let in_clause = |start: usize| start >= f.clause_span.0 && start < f.clause_span.1;
    let mut violence = matches
        .iter()
        .map(|m| (m, f.sentence_span.0 + m.span.0))
        .filter(|&(m, start)| {
            in_clause(start)
                && !matches!(
                    m.rule.event_type,
                    EventType::Protests | EventType::StrategicDevelopments
                )
        })
        .peekable();
    violence.peek().is_some()
        && violence.all(|(m, start)| {
            m.rule.event_type != EventType::Riots
                && trigger.1 <= start
                && is_the_grievance_of(&lower, trigger.1 - f.clause_span.0, start - f.clause_span.0)
        })
}

/// Words that say a crowd itself turned violent: "protested violently", "turned violent",
/// "violent demonstrators", "lit bonfires", "set fire to".
static THE_CROWD_TURNED_VIOLENT: lexicon::WordSet = lexicon::WordSet::new(&[
    "protested violently",
    "protesting violently",
    "protest violently",
    "demonstrated violently",
    "demonstrating violently",
    "demonstrate violently",
    "turned violent",
    "turns violent",
    "became violent",
    "becomes violent",
    "grew violent",
    "violent protest",
    "violent protests",
    "violent demonstration",
    "violent demonstrations",
    "violent protesters",
    "violent protestors",
    "violent demonstrators",
    "lit fires",
    "lit bonfires",
    "set fire to",
    "setting fire to",
    "set ablaze",
    "burnt down",
    "burned down",
    "burn down",
]);

/// The clause of `f`, in lower case.
fn clause_in_lower_case(text: &str, f: &Found<'_>) -> String {
    text.get(f.clause_span.0..f.clause_span.1)
        .unwrap_or("")
        .to_ascii_lowercase()
}

/// Whether the clause of a protest says the crowd turned violent (see
/// [`says_the_crowd_turned_violent`]).
fn the_crowd_turned_violent(parts: &ArticleParts<'_, '_>, f: &Found<'_>) -> bool {
    let Some(trigger) = f.trigger else {
        return false;
    };
    let lower = clause_in_lower_case(parts.text, f);
    says_the_crowd_turned_violent(&lower, trigger.1.saturating_sub(f.clause_span.0))
}

/// Whether a protest's clause (lower case; its protest word ends at `protest_end`) says the
/// crowd turned violent ([`THE_CROWD_TURNED_VIOLENT`]) other than as the grievance the
/// protest is about ("to demand justice for a trader whose shop was set ablaze").
fn says_the_crowd_turned_violent(lower: &str, protest_end: usize) -> bool {
    let mut from = 0;
    while let Some(at) = lower
        .get(from..)
        .and_then(|rest| THE_CROWD_TURNED_VIOLENT.first_in(rest))
    {
        let start = from + at;
        if !is_the_grievance_of(lower, protest_end, start) {
            return true;
        }
        // (Entries start with an ASCII letter: the next byte starts a character.)
        from = start + 1;
    }
    false
}

/// Words of harm done to people held: torture, beatings, death in custody.
static ABUSE_OF_THE_TAKEN: lexicon::WordSet = lexicon::WordSet::new(&[
    "tortured",
    "torture",
    "ill-treatment",
    "ill-treated",
    "mistreated",
    "abused",
    "beaten",
    "beat",
    "died in custody",
    "died in detention",
    "died while in custody",
]);

/// Words that tell people held were found dead: a body, remains or a grave found.
static THE_TAKEN_FOUND_DEAD: lexicon::WordSet = lexicon::WordSet::new(&[
    "found dead",
    "mass grave",
    "remains were found",
    "body was found",
    "bodies were found",
    "body of",
    "bodies of",
]);

/// Whether the sentence of an arrest or the next tells that those taken were tortured,
/// beaten or found dead. (A death toll alone is not enough: arrests often follow a killing,
/// "a day after a shopkeeper was shot, troops rounded up 30 youths".)
fn the_taken_were_abused(parts: &ArticleParts<'_, '_>, f: &Found<'_>) -> bool {
    told_in_its_sentence_or_the_next(parts, f, &ABUSE_OF_THE_TAKEN)
        || told_in_its_sentence_or_the_next(parts, f, &THE_TAKEN_FOUND_DEAD)
}

/// Whether the sentence of `f` or the one after it holds one of `words`.
fn told_in_its_sentence_or_the_next(
    parts: &ArticleParts<'_, '_>,
    f: &Found<'_>,
    words: &lexicon::WordSet,
) -> bool {
    (f.sentence..(f.sentence + 2).min(parts.sentences.len())).any(|k| {
        words
            .first_in(&parts.sentences[k].text.to_ascii_lowercase())
            .is_some()
    })
}

/// Words of a killing of people held: "executed", "beheaded".
static KILLING_OF_THE_TAKEN: lexicon::WordSet =
    lexicon::WordSet::new(&["killed", "executed", "beheaded", "murdered", "shot dead"]);

/// Whether the sentence of an abduction or the next tells that someone was killed there
/// ("abducted and executed a chief", "the body of the trader was found").
fn the_taken_were_killed(parts: &ArticleParts<'_, '_>, f: &Found<'_>) -> bool {
    told_in_its_sentence_or_the_next(parts, f, &KILLING_OF_THE_TAKEN)
        || told_in_its_sentence_or_the_next(parts, f, &THE_TAKEN_FOUND_DEAD)
}

/// Words of a crowd's violence that are no trigger or cue of their own ("protested
/// violently", "confrontations broke out", "blocking the road", "mutinying soldiers").
static CROWD_VIOLENCE_WORDS: lexicon::WordSet = lexicon::WordSet::new(&[
    "violent",
    "violently",
    "violence",
    "confrontation",
    "confrontations",
    "blocking",
    "roadblock",
    "roadblocks",
    "stormed",
    "storming",
    "besieged",
    "sieged",
    "confined",
    "unrest",
    "disturbances",
    "mutiny",
    "mutinied",
    "mutinying",
    "mutineers",
    "burning",
    "burn",
    "blockade",
    "blockaded",
    "blockading",
    "road block",
    "road blocks",
    "broke",
    "shattered",
    "shattering",
    "locked up",
    "firing",
    "tension",
    "tensions",
    "panic",
    "fight",
    "fighting",
    "battles",
    "clashing",
    "threw",
    "thrown",
    "toppled",
    "fought",
    "attacked",
    "assaulted",
    "beat",
    "hostage",
]);

/// Whether the sentence of `f`, the one before or the one after tells violence: a trigger
/// of a deed other than a protest, an arrest or a meeting (a clash, stones thrown, a road
/// blocked, property burnt), a cue of damage, weapons or blasts, a word of a crowd's
/// violence, or anyone hurt or killed.
fn violence_told_around(parts: &ArticleParts<'_, '_>, f: &Found<'_>) -> bool {
    let violent = |m: &TriggerMatch<'_>| {
        m.rule.event_type != EventType::Protests
            && (m.rule.event_type != EventType::StrategicDevelopments
                || m.rule.sub_event_type == SubEventType::LootingPropertyDestruction)
    };
    let first = f.sentence.saturating_sub(1);
    let around = first..(f.sentence + 2).min(parts.sentences.len());
    around.into_iter().any(|k| {
        let sentence = parts.sentences[k].text;
        let lower = sentence.to_ascii_lowercase();
        parts.triggers_by_sentence.get(k).is_some_and(|ms| {
            ms.iter()
                .any(|m| violent(m) && condition_holds(m.rule.condition, &lower))
        }) || cues::cues_in(sentence).deeds().any(|d| {
            matches!(
                d,
                cues::DeedKind::CrowdDamage | cues::DeedKind::Weapons | cues::DeedKind::Blast
            )
        }) || CROWD_VIOLENCE_WORDS.first_in(&lower).is_some()
            || {
                let toll = fatalities::death_toll(sentence, &[]);
                toll.killed > 0 || toll.injuries
            }
    })
}

/// The trigger that decides the type. Highest priority wins, except that (ACLED's practice)
/// ground fighting with air or artillery support is a battle (unless the weapon was stopped:
/// intercepted, defused), and a clause with casualties is a violent event even when it also
/// mentions a seizure or an arrest.
fn choose_trigger<'a, 't>(
    candidates: &'a [TriggerMatch<'t>],
    casualties: bool,
) -> Option<&'a TriggerMatch<'t>> {
    let by_priority = |a: &&TriggerMatch<'_>, b: &&TriggerMatch<'_>| {
        a.rule
            .priority
            .cmp(&b.rule.priority)
            .then(b.span.0.cmp(&a.span.0))
    };
    let violent = |m: &&TriggerMatch<'_>| m.rule.event_type != EventType::StrategicDevelopments;
    let ground = candidates
        .iter()
        .filter(|m| m.rule.sub_event_type == SubEventType::ArmedClash)
        .max_by(by_priority);
    let support = candidates.iter().any(|m| {
        matches!(
            m.rule.sub_event_type,
            SubEventType::AirDroneStrike | SubEventType::ShellingArtilleryMissileAttack
        )
    });
    let remote = candidates.iter().any(|m| {
        matches!(
            m.rule.sub_event_type,
            SubEventType::RemoteExplosiveLandmineIed
                | SubEventType::SuicideBomb
                | SubEventType::Grenade
        )
    });
    let best = candidates.iter().max_by(by_priority)?;
    // "intercepted a missile fired at the city": the weapon stopped is no fire support.
    let disrupted = best.rule.sub_event_type == SubEventType::DisruptedWeaponsUse;
    if let (Some(g), true, false, false) = (ground, support, remote, disrupted) {
        return Some(g);
    }
    if casualties
        && best.rule.event_type == EventType::StrategicDevelopments
        && best.rule.sub_event_type != SubEventType::Agreement
    {
        return candidates
            .iter()
            .filter(violent)
            .max_by(by_priority)
            .or(None);
    }
    Some(best)
}

/// The type: the trigger's, refined by who was hit.
fn classify(rule: Option<&TriggerRule>, roles: &Roles, toll: &Toll, lower: &str) -> SubEventType {
    use SubEventType as S;
    let a1 = roles.actor1.map(|a| a.kind);
    let a2 = roles.actor2.map(|a| a.kind);
    let civilians_hit = a2 == Some(ActorKind::Civilians);
    let armed_hit = a2.is_some_and(|k| k.is_state_force() || k.is_armed_group());
    let Some(rule) = rule else {
        return if civilians_hit && !armed_hit {
            S::Attack
        } else {
            S::ArmedClash
        };
    };
    match rule.sub_event_type {
        S::ArmedClash if civilians_hit && a1.is_none_or(ActorKind::is_armed_group) => S::Attack,
        S::Attack if armed_hit => S::ArmedClash,
        S::NonStateActorOvertakesTerritory if a1.is_some_and(ActorKind::is_state_force) => {
            S::GovernmentRegainsTerritory
        }
        S::GovernmentRegainsTerritory if a1.is_some_and(ActorKind::is_armed_group) => {
            S::NonStateActorOvertakesTerritory
        }
        s if s.event_type() == EventType::Protests && toll.killed > 0 => {
            S::ExcessiveForceAgainstProtesters
        }
        s if s.event_type() == EventType::Protests
            && lexicon::PROTEST_INTERVENTION.any_in(lower) =>
        {
            S::ProtestWithIntervention
        }
        s => s,
    }
}

/// True when a report date is a source's report of the event ("As reported on 9 May"),
/// not a page's own date ("Posted: Friday, June 4").
fn is_reported_on(text: &str, date: &DateExpr) -> bool {
    text.get(date.span.0..date.span.1)
        .is_some_and(|w| w.to_ascii_lowercase().contains("reported"))
}

/// True when a sentence may hold a report date ("As reported on ...", "Reported on ..."),
/// the anchor of the relative dates after it.
fn may_set_report_date(sentence: &str) -> bool {
    // "As reported on", and a page's "Posted:", "Updated on", "Published:", "Created:" or
    // "Last modified:" (either case of the first letter).
    [
        "eported", "osted", "pdated", "ublished", "reated", "odified",
    ]
    .iter()
    .any(|cue| sentence.contains(cue))
}

/// For an agreement without a place in its clause: the place another sentence of the
/// article gives for the same kind of event ("the prisoners are to be released at the
/// Bagram military base"), even when that sentence is not itself an incident.
fn place_told_elsewhere(
    sentences: &[crate::text::Sentence<'_>],
    triggers_by_sentence: &[Vec<TriggerMatch<'_>>],
    mentions: &[Mention<'_>],
    f: &Found<'_>,
) -> Option<(usize, GeoPrecision)> {
    let rule = f.rule?;
    for (si, (sentence, triggers)) in sentences.iter().zip(triggers_by_sentence).enumerate() {
        if si == f.sentence {
            continue;
        }
        for m in triggers {
            if m.rule.sub_event_type != rule.sub_event_type
                || !condition_holds(m.rule.condition, &sentence.text.to_ascii_lowercase())
            {
                continue;
            }
            if let Some(place) = choose_place(mentions, sentence.span)
                .filter(|(i, _)| mentions[*i].role == Role::Locative)
            {
                return Some(place);
            }
        }
    }
    None
}

/// How many sentences back an incident without a place of its own looks for one.
const PLACE_CARRIES_OVER: usize = 2;

/// For an incident whose clauses name no place, in a story without one town: the place
/// below country level of one of the two sentences before it in the same paragraph, when
/// that sentence names no other province and the place lies in the story's country and
/// province ("Gunmen stormed a market in X. Police fired back, killing four."): the reader
/// takes the place as still in force.
fn place_told_just_before(
    text: &str,
    sentences: &[crate::text::Sentence<'_>],
    mentions: &[Mention<'_>],
    story: &Story<'_>,
    f: &Found<'_>,
) -> Option<(usize, GeoPrecision)> {
    // The province a mention is said to lie in: the one the text gives it when the
    // gazetteer codes it in a province made since ("Yahukimo regency, Papua province").
    let province_of = |i: usize| {
        let m = &mentions[i];
        m.container
            .filter(|_| m.in_an_older_division)
            .and_then(|c| mentions.get(c))
            .map_or((m.place.country, m.place.admin1), |c| {
                (c.place.country, c.place.admin1)
            })
    };
    let fits = |i: usize| {
        let m = &mentions[i];
        let (country, admin1) = province_of(i);
        m.place.kind != PlaceKind::Country
            && story.focus.is_none_or(|c| c.country == country)
            && story
                .home
                .is_none_or(|h| h.country == country && h.admin1 == admin1)
    };
    let mut after = f.sentence_span.0;
    for si in (f.sentence.saturating_sub(PLACE_CARRIES_OVER)..f.sentence).rev() {
        let sentence = sentences.get(si)?;
        // A new paragraph is a new scene.
        if text
            .get(sentence.span.1..after)
            .is_none_or(|gap| gap.contains('\n'))
        {
            return None;
        }
        if let Some(place) = choose_place(mentions, sentence.span) {
            // "Fighting went on in X and Y provinces.": of two provinces, neither.
            let chosen = province_of(place.0);
            let one_province = mentions
                .iter()
                .enumerate()
                .filter(|(_, m)| m.span.0 >= sentence.span.0 && m.span.1 <= sentence.span.1)
                .filter(|(_, m)| m.role != Role::Reference && m.place.kind != PlaceKind::Country)
                .all(|(i, _)| province_of(i) == chosen);
            return (one_province && fits(place.0)).then_some(place);
        }
        after = sentence.span.0;
    }
    None
}

/// Words that open what backs a force ("backed by Turkish artillery", "under the cover of
/// air strikes"): the support, not the deed.
const BACKING_WORDS: [&str; 7] = [
    "backed by",
    "supported by",
    "aided by",
    "covered by",
    "with the support of",
    "with support from",
    "under the cover of",
];

/// How many words after a word of backing may name the support.
const BACKING_REACH_WORDS: usize = 4;

/// "Factions backed by Turkish artillery recaptured the town": a weapon from afar named in
/// what backs a force gives way to the clause's other triggers (its deed); alone, it
/// stands.
fn without_the_backing<'t>(
    candidates: Vec<TriggerMatch<'t>>,
    lower: &str,
) -> Vec<TriggerMatch<'t>> {
    let in_the_backing = |m: &TriggerMatch<'_>| {
        if m.rule.event_type != EventType::ExplosionsRemoteViolence {
            return false;
        }
        let before = lower.get(..m.span.0).unwrap_or("");
        // (The backing phrase's own words, at most four, and the support's.)
        let mut words: Vec<&str> = before
            .split_whitespace()
            .rev()
            .take(BACKING_REACH_WORDS + 4)
            .collect();
        words.reverse();
        let recent = words.join(" ");
        BACKING_WORDS.iter().any(|b| {
            recent.rfind(b).is_some_and(|at| {
                recent[at + b.len()..].split_whitespace().count() <= BACKING_REACH_WORDS
                    && !recent[at..].contains([',', ';'])
            })
        })
    };
    if candidates.iter().all(in_the_backing) {
        return candidates;
    }
    candidates
        .into_iter()
        .filter(|m| !in_the_backing(m))
        .collect()
}

/// Words before a deed that make it what people are arrested for ("arrested 14 in
/// connection with a hotel bombing", "detained two men suspected of the killing").
const CHARGE_WORDS: [&str; 9] = [
    "in connection with",
    "over",
    "for",
    "suspected of",
    "accused of",
    "charged with",
    "on charges of",
    "linked to",
    "involvement in",
];

/// How many words after a word of charge may stand before the deed charged.
const CHARGE_REACH_WORDS: usize = 3;

/// "Police arrested 14 people in connection with a hotel bombing": the deed an arrest is
/// for, after the arrest's trigger and a word of charge, is no trigger of the clause's own.
fn without_the_charges<'t>(
    candidates: Vec<TriggerMatch<'t>>,
    lower: &str,
) -> Vec<TriggerMatch<'t>> {
    let Some(arrest_end) = candidates
        .iter()
        .filter(|m| m.rule.sub_event_type == SubEventType::Arrests)
        .map(|m| m.span.1)
        .min()
    else {
        return candidates;
    };
    let charged = |m: &TriggerMatch<'_>| {
        m.rule.sub_event_type != SubEventType::Arrests
            && m.span.0 >= arrest_end
            && lower.get(arrest_end..m.span.0).is_some_and(|between| {
                let words: Vec<&str> = between.split_whitespace().collect();
                // "arrested 12 suspected kidnappers": the deed names those arrested.
                let names_the_suspects = words.len() <= CHARGE_REACH_WORDS
                    && words
                        .last()
                        .is_some_and(|w| matches!(*w, "suspected" | "alleged" | "presumed"));
                // (The deed named as a noun, after a determiner: "accused of killing two
                // people Thursday night" tells the killing itself.)
                names_the_suspects
                    || CHARGE_WORDS.iter().any(|charge| {
                        let n = charge.split(' ').count();
                        words.windows(n).enumerate().any(|(at, w)| {
                            w.join(" ") == *charge
                                && words.len() - at - n <= CHARGE_REACH_WORDS
                                && words[at + n..].iter().any(|w| is_a_determiner(w))
                        })
                    })
            })
    };
    candidates.into_iter().filter(|m| !charged(m)).collect()
}

/// Words of a verdict or a trial: what follows them ("for the killing of", "of murdering")
/// is the charge, not an event the clause tells.
const VERDICT_WORDS: [&str; 10] = [
    "sentenced",
    "sentencing",
    "convicted",
    "convicting",
    "acquitted",
    "found guilty",
    "pleaded guilty",
    "pleaded not guilty",
    "on trial",
    "verdict",
];

/// The end of the first word of a verdict in the lower-case clause, if it has one.
fn verdict_end(lower: &str) -> Option<usize> {
    VERDICT_WORDS
        .iter()
        .filter_map(|w| {
            lower.match_indices(w).find_map(|(at, _)| {
                let end = at + w.len();
                let bounded = (at == 0 || !lower.as_bytes()[at - 1].is_ascii_alphabetic())
                    && lower
                        .as_bytes()
                        .get(end)
                        .is_none_or(|b| !b.is_ascii_alphabetic());
                bounded.then_some(end)
            })
        })
        .min()
}

/// Verbs that carry a clause of its own ("... were shot dead").
const AUXILIARIES: [&str; 8] = ["was", "were", "is", "are", "has", "have", "had", "been"];

/// Words that name the deed a verdict is for ("sentenced ... for the killing", "convicted
/// ... of murdering", "convicted over the attack").
const VERDICT_CHARGE_WORDS: [&str; 3] = ["for", "of", "over"];

/// "A court sentenced five men for the killing of 11 villagers", "convicted three men of
/// murdering a trader": the deed after a verdict and a word of its charge is no trigger of
/// the clause's own. (`verdict`: where the clause's verdict ends, [`verdict_end`].)
fn without_the_verdicts_deeds<'t>(
    candidates: Vec<TriggerMatch<'t>>,
    lower: &str,
    verdict: Option<usize>,
) -> Vec<TriggerMatch<'t>> {
    let Some(verdict_end) = verdict else {
        return candidates;
    };
    let charged = |m: &TriggerMatch<'_>| {
        m.span.0 >= verdict_end
            && lower.get(verdict_end..m.span.0).is_some_and(|between| {
                let words: Vec<&str> = between.split_whitespace().collect();
                // ("sentenced to death": the sentence itself)
                words.is_empty()
                    || words.iter().enumerate().any(|(at, w)| {
                        // (no verb of the clause's own between: "convicted of robbery
                        // were shot dead" tells the shooting)
                        VERDICT_CHARGE_WORDS.contains(w)
                            && words.len() - at - 1 <= CHARGE_REACH_WORDS
                            && !words[at + 1..].iter().any(|w| AUXILIARIES.contains(w))
                    })
            })
    };
    candidates.into_iter().filter(|m| !charged(m)).collect()
}

fn condition_holds(condition: Condition, lower: &str) -> bool {
    match condition {
        Condition::None => true,
        Condition::Prisoners => lexicon::PRISONER_WORDS.any_in(lower),
        Condition::Territory => lexicon::TERRITORY_WORDS.any_in(lower),
        Condition::Weapons => lexicon::WEAPON_WORDS.any_in(lower),
        // ("Roads were blocked by debris": by no crowd.)
        Condition::Ways => {
            lexicon::WAY_WORDS.any_in(lower) && !lexicon::BLOCKED_BY_NATURE.any_in(lower)
        }
        Condition::Harm => {
            // ("no information on casualties": none counted)
            fatalities::mentions_casualty(lower)
                && !tells_of_labour(lower)
                && !lexicon::NEGATIONS.any_in(lower)
                && {
                    let toll = death_toll(lower, &[]);
                    toll.killed > 0 || toll.injuries
                }
        }
    }
}

/// True when a clause (lower case) has a word of work, pay or protest that makes a "strike"
/// a walk-out; workers who come to help ("rescue workers said") are none.
fn tells_of_labour(lower: &str) -> bool {
    if !lexicon::WALKOUT_WORDS.any_in(lower) {
        return false;
    }
    let mut helpers_blanked = lower.to_string();
    for helpers in lexicon::HELPING_WORKERS {
        helpers_blanked = helpers_blanked.replace(helpers, "");
    }
    lexicon::WALKOUT_WORDS.any_in(&helpers_blanked)
}

/// How many words before a protest's trigger may end or put it off ("called off a
/// three-week strike").
const PROTEST_CALLED_OFF_WORDS: usize = 5;

/// How many words before "that" a verb of warning may stand ("warned on Friday that").
const WARNED_THAT_GAP: usize = 3;

/// True when a word (lower case) is an article or a possessive that opens a noun phrase.
fn is_a_determiner(word: &str) -> bool {
    matches!(
        word,
        "the" | "a" | "an" | "his" | "her" | "their" | "its" | "this" | "these" | "those" | "our"
    )
}

/// Future, wish, plan, denial: the three words before the trigger, and for strategic
/// developments a modal anywhere after it ("the release ... will happen").
fn is_unreal(lower: &str, trigger: Span, event_type: Option<EventType>) -> bool {
    let head = lower.get(..trigger.0).unwrap_or("");
    let words = words_of(head);
    let protest = event_type == Some(EventType::Protests);
    let n = words.len();
    // "accused the army of shelling", "denied attacking": a claim, not a report. But "a man
    // accused of killing two", "the group blamed for the bombing": the act is reported, and
    // only its author alleged.
    let author_alleged = |k: usize| {
        k + 2 == n
            && matches!(
                (words[k], words[k + 1]),
                ("accused", "of") | ("blamed", "for")
            )
    };
    let irrealis = (n.saturating_sub(3)..n).any(|k| {
        let w = words[k];
        let is_number = |j: usize| {
            words
                .get(j)
                .is_some_and(|x| x.bytes().all(|b| b.is_ascii_digit()))
        };
        match w {
            // "On 3 May 2020": the month, not the modal.
            "may" if is_number(k + 1) || (k > 0 && is_number(k - 1)) => false,
            // "gathered to protest": the purpose of a gathering is the protest itself.
            "to" if protest => false,
            // "led to a shooting", "due to the attack": a cause's outcome, no purpose.
            "to" if k > 0 && lexicon::LED_TO.contains(words[k - 1]) => false,
            // "forces loyal to the council clashed": "to" before a noun's article is a
            // preposition, no verb's purpose.
            "to" if words.get(k + 1).is_some_and(|next| is_a_determiner(next)) => false,
            // "experts warn that clashes could spread": a warning of what may come.
            // (Also with a time between: "the U.N. warned on Friday that fighting could
            // spread".)
            "that"
                if words[k.saturating_sub(WARNED_THAT_GAP)..k]
                    .iter()
                    .any(|w| lexicon::WARNED.contains(w)) =>
            {
                true
            }
            _ if author_alleged(k) => false,
            _ => lexicon::IRREALIS.contains(w),
        }
    });
    // An accusation set off by commas is of something else: "a woman, accused of
    // witchcraft, was beaten"; not so a list of what is alleged, "accused of driving
    // drunk, killing a deputy". (Asked only of an accusation's `k`th word of the head.)
    let set_off = |k: usize| {
        head.char_indices()
            .filter(|&(i, c)| {
                c.is_alphanumeric()
                    && !head[..i]
                        .chars()
                        .next_back()
                        .is_some_and(char::is_alphanumeric)
            })
            .nth(k)
            .is_some_and(|(at, _)| head[..at].trim_end().ends_with(',') && head[at..].contains(','))
    };
    // "accuses the death squads of perpetrating the 31 October attack", "denied any links
    // with the assassination of": an event named by a noun phrase of its own, a determiner
    // nearer to it than the accusation, happened; only who did it is claimed or denied.
    // (Not "accused the army of shelling": the determiner there is the accused's, and "of"
    // makes the act the accusation's.)
    let named_as_having_happened = words
        .iter()
        .rev()
        .take(NOUN_PHRASE_WORDS)
        .take_while(|w| {
            !lexicon::ACCUSATION.contains(w) && !matches!(**w, "of" | "for" | "to" | "with")
        })
        .any(|w| matches!(*w, "the" | "this" | "that" | "these" | "those"));
    let claimed = !named_as_having_happened
        && words
            .iter()
            .enumerate()
            .any(|(k, w)| lexicon::ACCUSATION.contains(w) && !author_alleged(k) && !set_off(k));
    // "ended a two-week strike", "called off the march": no protest is held.
    let called_off = protest && {
        let near = words[n.saturating_sub(PROTEST_CALLED_OFF_WORDS)..].join(" ");
        lexicon::PROTEST_CALLED_OFF.any_in(&near)
    };
    // "police dismissed social media reports of a protest": what others said, dismissed.
    let dismissed = words
        .iter()
        .position(|w| lexicon::DISMISSED.contains(w))
        .is_some_and(|k| words[k + 1..].iter().any(|w| lexicon::REPORTS.contains(w)));
    // "the report that a guard was shot is unfounded", "reports of gunfire at the mall were
    // false": a report the sentence goes on to call untrue.
    let found_untrue = words.iter().any(|w| lexicon::REPORTS.contains(w))
        && says_untrue(&words_of(&lower[trigger.1.min(lower.len())..]));
    // "negotiators will meet next week for a new round of talks": talks, a release or a
    // deal still to come, however far the modal stands before its word.
    let to_come = event_type == Some(EventType::StrategicDevelopments)
        && words.iter().any(|w| matches!(*w, "will" | "shall"));
    // "UN warns fighting in Ituri could spread": a warning, its modal after the trigger.
    let warned = || {
        words.iter().any(|w| lexicon::WARNED.contains(w))
            && lexicon::MODAL_AFTER.any_in(&lower[trigger.1.min(lower.len())..])
    };
    if irrealis || claimed || called_off || dismissed || found_untrue || to_come || warned() {
        return true;
    }
    if event_type.is_none_or(|t| t == EventType::StrategicDevelopments) {
        let after = &lower[trigger.1.min(lower.len())..];
        return lexicon::MODAL_AFTER.any_in(after);
    }
    false
}

/// True when a lower-case sentence names a report and then calls it untrue ("the report
/// that a guard was shot is unfounded").
fn calls_a_report_untrue(lower: &str) -> bool {
    let words = words_of(lower);
    words
        .iter()
        .position(|w| lexicon::REPORTS.contains(w))
        .is_some_and(|k| says_untrue(&words[k + 1..]))
}

/// The words of a text (runs of letters and digits).
fn words_of(text: &str) -> Vec<&str> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect()
}

/// True when lower-case words say something is untrue: a word of [`lexicon::UNTRUE`] as
/// what something is or is dismissed as ("is absolutely unfounded", "were false",
/// "dismissed as a hoax"), not as an adjective of a thing ("using false papers").
fn says_untrue(words: &[&str]) -> bool {
    let a_verb = |k: usize| {
        matches!(
            words.get(k).copied(),
            Some("is" | "was" | "were" | "are" | "be" | "been" | "as")
        )
    };
    words.iter().enumerate().any(|(k, w)| {
        lexicon::UNTRUE.contains(w)
            && k > 0
            && (a_verb(k - 1)
                || (k > 1
                    && a_verb(k - 2)
                    && matches!(
                        words[k - 1],
                        "a" | "an"
                            | "absolutely"
                            | "completely"
                            | "totally"
                            | "entirely"
                            | "utterly"
                    )))
    })
}

/// True when the trigger at `trigger` (in the lower-case clause) is weighed by a superlative
/// after a copula ("it was the deadliest attack", "is the most serious clash"), not told
/// ("the fiercest clashes in weeks broke out").
fn follows_a_superlative(lower: &str, trigger: Span) -> bool {
    const SUPERLATIVES: [&str; 8] = [
        "biggest",
        "deadliest",
        "worst",
        "largest",
        "bloodiest",
        "most",
        "heaviest",
        "fiercest",
    ];
    let words = words_before(lower, trigger);
    let n = words.len();
    (n.saturating_sub(2)..n).any(|k| {
        SUPERLATIVES.contains(&words[k])
            && k >= 2
            && words[k - 1] == "the"
            && matches!(words[k - 2], "is" | "was" | "marks" | "marked" | "became")
    })
}

/// The words of a clause before its trigger at `trigger`.
fn words_before(lower: &str, trigger: Span) -> Vec<&str> {
    words_of(lower.get(..trigger.0).unwrap_or(""))
}

/// True when the protest whose trigger is at `trigger` (in the lower-case clause) is only
/// called for: "called for a week of strikes and marches" asks for a protest, not held;
/// "called for justice during a march" tells a march held, and so does "called for a strike,
/// which was widely followed" (`rest`: the lower-case rest of the sentence).
fn is_only_called_for(lower: &str, trigger: Span, rest: impl FnOnce() -> String) -> bool {
    let words = words_before(lower, trigger);
    let n = words.len();
    let from = n.saturating_sub(CALLED_FOR_WORDS);
    words[from..]
        .windows(2)
        .rposition(|w| matches!(w[0], "called" | "calls" | "calling" | "urged") && w[1] == "for")
        .is_some_and(|at| {
            !words[from + at + 2..].iter().any(|w| {
                matches!(
                    *w,
                    "during" | "at" | "in" | "as" | "while" | "after" | "which" | "then"
                )
            })
        })
        && !lexicon::HELD_AS_CALLED.any_in(lower.get(trigger.1.min(lower.len())..).unwrap_or(""))
        && !lexicon::HELD_AS_CALLED.any_in(&rest())
}

/// How many words before a protest's trigger a call for it may stand ("called for a week of
/// strikes").
const CALLED_FOR_WORDS: usize = 12;

/// How many words before a trigger its own noun phrase may hold ("the 31 October attack").
const NOUN_PHRASE_WORDS: usize = 4;

/// Ordinal words up to the twentieth: "the third shooting".
const ORDINALS: [&str; 19] = [
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
];

/// What a tally counts: events of violence, or times they happened.
const TALLIED: [&str; 22] = [
    "time",
    "shooting",
    "shootings",
    "homicide",
    "killing",
    "murder",
    "attack",
    "incident",
    "death",
    "tragedy",
    "bombing",
    "stabbing",
    "robbery",
    "fatality",
    "slaying",
    "explosion",
    "blast",
    "clash",
    "raid",
    "kidnapping",
    "protest",
    "such",
];

/// A span of months or years that a sentence's figures add up over, set off at its head ("In
/// only four months, 120 bodies were found"; not "the largest offensive in 10 years"), or
/// "so far this year", "since the start of the year".
static MONTHS_OF_TALLY: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    #[allow(clippy::expect_used)]
    regex::Regex::new(
        r"(?i-u)(?:^\s*|, )(?:in|over|during|within) (?:only |just |the (?:past|last|first) )?(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a few|several) (?:months|years),|\bso far this year\b|\bsince the (?:beginning|start) of (?:the|this) year\b",
    )
    .expect("the tally pattern is valid")
});

/// Deaths counted as a rate: "about 2,000 road deaths every year", "kills 300 annually".
static DEATHS_AS_A_RATE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    #[allow(clippy::expect_used)]
    regex::Regex::new(
        r"(?i)\b(?:deaths|kill|killed|kills|dead|die|lives|homicides|murders|killings)\b[^.;]{0,60}?\b(?:(?:every|each|per) (?:year|month|week)|annually|a year on average)\b",
    )
    .expect("the rate pattern is valid")
});

/// True when a clause (lower case) counts deaths as a rate ("about 2,000 road deaths every
/// year"): a figure of a country's life, no event.
fn counts_deaths_as_a_rate(lower: &str) -> bool {
    // (The pattern runs only on the clauses that name a rate's word: few.)
    ["every ", "each ", "per ", "annually", "on average"]
        .iter()
        .any(|word| lower.contains(word))
        && DEATHS_AS_A_RATE.is_match(lower)
}

/// True when `told` (the text at `span`) counts many dead over a month or longer, in a whole
/// country or nowhere named (`place`, of `mentions`): "At least 219 civilians were killed in
/// the country in July" adds up many events ("a policeman was found killed in the country in
/// October" is one).
fn tallied_over_a_period(
    told: &str,
    dates: &[DateExpr],
    span: Span,
    place: Option<(usize, GeoPrecision)>,
    mentions: &[Mention<'_>],
) -> bool {
    event_dates_in(dates, span).any(|d| d.precision == TimePrecision::Month)
        && place.is_none_or(|(i, _)| mentions[i].place.kind == PlaceKind::Country)
        && death_toll(told, &[]).killed >= TALLY_FIGURE
}

/// The fewest dead that [`tallied_over_a_period`] takes for a tally: a month's toll of a
/// whole country runs to scores.
const TALLY_FIGURE: u32 = 20;

/// True when a headline opens on the label of a piece that weighs the news rather than
/// reports it ("Analysis: Drone strikes dent refining capacity", "EXPLAINER - Why ...").
fn opens_on_a_genre_label(title: &str) -> bool {
    const LABELS: [&str; 9] = [
        "analysis",
        "explainer",
        "opinion",
        "comment",
        "editorial",
        "factbox",
        "timeline",
        "insight",
        "q&a",
    ];
    title
        .split_once([':', '-', '|'])
        .is_some_and(|(label, _)| LABELS.iter().any(|l| label.trim().eq_ignore_ascii_case(l)))
}

/// True when a sentence (in any case) adds up events over months or years: a tally, no event
/// of its own (days and hours stay events: "over the past 24 hours, 5 militants were
/// killed").
fn counts_over_months(sentence: &str) -> bool {
    // (The pattern runs only on the sentences that name a year or a month: few.)
    let names_a_span = |word: &[u8]| {
        sentence
            .as_bytes()
            .windows(word.len())
            .any(|w| w.eq_ignore_ascii_case(word))
    };
    (names_a_span(b"year") || names_a_span(b"month")) && MONTHS_OF_TALLY.is_match(sentence)
}

/// True when a clause only counts the story's event among others: "This was the second
/// shooting in the county in 24 hours", "It is the city's 12th homicide this year", "That
/// marks the third attack". It reports no event of its own.
fn is_a_tally(lower: &str) -> bool {
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let is_ordinal = |w: &str| {
        ORDINALS.contains(&w)
            || ["st", "nd", "rd", "th"].iter().any(|end| {
                w.strip_suffix(end)
                    .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            })
    };
    let word = |k: usize| words.get(k).copied().unwrap_or("");
    (0..words.len()).any(|k| {
        let opens = k == 0 || !matches!(word(k - 1), "of" | "in" | "at" | "on" | "for");
        if !opens
            || !matches!(word(k), "this" | "it" | "that")
            || !matches!(
                word(k + 1),
                "is" | "was" | "marks" | "marked" | "became" | "becomes"
            )
        {
            return false;
        }
        // "the third", "the city's 12th", "Indio's third" ("city" then "s" once split)
        let mut at = k + 2;
        if word(at) == "the" {
            at += 1;
        }
        if word(at + 1) == "s" {
            at += 2;
        }
        at > k + 2
            && is_ordinal(word(at))
            // "the second (accidental) shooting", not "the second day of the strike"
            && (at + 1..at + 4).any(|j| TALLIED.contains(&word(j)))
    })
}

/// A year or month near the trigger is often background ("removed from the village in
/// 2010, residents protested"), while the sentence opens with the day of the event ("On 22
/// May 2019, ..."): a later day of the same sentence is the event's, unless it dates a later
/// step ("killed last August, police said on Monday").
fn prefer_the_day(
    text: &str,
    date: Option<DateExpr>,
    sentence_dates: &[DateExpr],
) -> Option<DateExpr> {
    let coarse = date.as_ref()?;
    if coarse.precision == TimePrecision::Day {
        return date;
    }
    sentence_dates
        .iter()
        .find(|d| {
            !d.report_date
                && d.precision == TimePrecision::Day
                && d.date > coarse.date
                && !event_dates::dates_a_later_step(text, d)
        })
        .cloned()
        .or(date)
}

/// "hospitalized today with wounds received late Friday": beside an earlier day of the
/// same clauses, "today" is when the story is told, and the earlier day the event's.
fn before_today(
    text: &str,
    date: Option<DateExpr>,
    dates: &[DateExpr],
    span: Span,
) -> Option<DateExpr> {
    let chosen = date.as_ref()?;
    let written = text
        .get(chosen.span.0..chosen.span.1)
        .unwrap_or("")
        .to_ascii_lowercase();
    if !matches!(written.as_str(), "today" | "tonight") {
        return date;
    }
    event_dates_in(dates, span)
        .find(|d| {
            d.precision == TimePrecision::Day
                && d.date < chosen.date
                && (chosen.date - d.date).num_days() <= 7
        })
        .cloned()
        .or(date)
}

/// "was shot in the chest while sitting in a car ... on Oct. 1": the day another clause of
/// the sentence gives, nearest to a position, when it is no later step's ("police said
/// Monday") nor a death's ("died on Friday").
fn a_day_of_its_sentence(text: &str, dates: &[DateExpr], position: usize) -> Option<DateExpr> {
    dates
        .iter()
        .filter(|d| {
            !d.report_date
                && d.precision == TimePrecision::Day
                && !event_dates::dates_a_later_step(text, d)
                && !event_dates::dates_a_death(text, d)
        })
        .min_by_key(|d| d.span.0.abs_diff(position))
        .cloned()
}

/// The event date inside a span nearest to a position (report dates excluded).
fn nearest_date(dates: &[DateExpr], span: Span, position: usize) -> Option<DateExpr> {
    event_dates_in(dates, span)
        .min_by_key(|d| d.span.0.abs_diff(position))
        .cloned()
}

/// The dates inside a span that may date an event (report dates left out).
fn event_dates_in(dates: &[DateExpr], span: Span) -> impl Iterator<Item = &DateExpr> {
    dates
        .iter()
        .filter(move |d| !d.report_date && d.span.0 >= span.0 && d.span.1 <= span.1)
}

/// The span (in the article) of all clauses of a group.
fn group_span(clauses: &[Clause], group: usize, offset: usize) -> Span {
    let members = clauses.iter().filter(|c| c.group == group);
    let start = members.clone().map(|c| c.span.0).min().unwrap_or(0);
    let end = members.map(|c| c.span.1).max().unwrap_or(0);
    (offset + start, offset + end)
}

fn has_figure(text: &str) -> bool {
    !crate::text::find_quantities(text).is_empty()
}

/// Where a clause's own event starts (a byte offset in it) when the clause opens with an
/// earlier event set off by a comma: "Following last week's bombing in Kabul, ...", "Days
/// after protests in Baghdad, ...", "A day after a blast in Gao, ...". A phrase without a
/// time apart ("After gunmen stormed the village, they ...") tells the same event.
fn after_an_earlier_event(clause: &str) -> Option<usize> {
    let comma = clause.find(',')?;
    let opening = clause[..comma].to_ascii_lowercase();
    let words: Vec<&str> = opening.split_whitespace().collect();
    if words.len() > MAX_OPENING_WORDS {
        return None;
    }
    // "days after", "two weeks after", "hours following", "in the wake of".
    let in_the_wake = opening.starts_with("in the wake of");
    let connective = if in_the_wake {
        3
    } else {
        words
            .iter()
            .position(|w| matches!(*w, "after" | "following"))?
    };
    let units_before = words[..connective].iter().any(|w| {
        matches!(
            w.trim_end_matches('s'),
            "hour" | "day" | "week" | "month" | "year"
        )
    });
    let opens_there = connective == 0 || in_the_wake || units_before;
    let time_apart = units_before
        || words[connective..].iter().any(|w| {
            matches!(
                *w,
                "last" | "earlier" | "previous" | "recent" | "yesterday's"
            ) || w.ends_with("week's")
                || w.ends_with("month's")
        });
    (opens_there && time_apart).then_some(comma + 1)
}

/// The most words an opening phrase of an earlier event may have.
const MAX_OPENING_WORDS: usize = 14;

/// The most bytes between a province's name and a place of it named right after it: a
/// possessive ("'s ", "’s "), a comma, or a short word.
const POSSESSIVE_GAP_BYTES: usize = 5;

/// The clause's place: its first locative mention (the container when the two disagree),
/// else its first plain mention below country level.
fn choose_place(mentions: &[Mention<'_>], span: Span) -> Option<(usize, GeoPrecision)> {
    let inside = |m: &&Mention<'_>| m.span.0 >= span.0 && m.span.1 <= span.1;
    let pick = |i: usize, m: &Mention<'_>| {
        let precision = if m.role == Role::Relative {
            GeoPrecision::District.max(m.place.kind.geo_precision())
        } else {
            m.place.kind.geo_precision()
        };
        // A container that disagrees with its content wins ("X district, Kandahar"), but
        // for a place in a division made since (its outline holds the place).
        if let Some(c) = m
            .container
            .filter(|_| !m.in_an_older_division)
            .and_then(|c| mentions.get(c).map(|cm| (c, cm)))
        {
            let (ci, cm) = c;
            if cm.place.kind == PlaceKind::Admin1
                && (cm.place.country != m.place.country || cm.place.admin1 != m.place.admin1)
            {
                return (ci, cm.place.kind.geo_precision());
            }
        }
        (i, precision)
    };
    let locative = mentions
        .iter()
        .enumerate()
        .filter(|(_, m)| inside(m) && m.role == Role::Locative)
        .min_by_key(|(_, m)| m.span.0);
    let first_below_country = |country: Option<&str>| {
        mentions
            .iter()
            .enumerate()
            .filter(|(_, m)| {
                inside(m)
                    && matches!(
                        m.role,
                        Role::Plain | Role::Locative | Role::Origin | Role::Relative
                    )
                    && m.place.kind != PlaceKind::Country
                    && country.is_none_or(|c| m.place.country == c)
            })
            // Where people came from is the place only when nothing else is named, and a
            // reference point ("in the desert east of Palmyra") only when not even that.
            // A name the text locates ("at Gordons station, Port Moresby (Capital
            // District)") says where more surely than one that only qualifies ("Morobe
            // youths").
            .min_by_key(|(_, m)| {
                (
                    m.role == Role::Relative,
                    m.role == Role::Origin,
                    m.container.is_none(),
                    m.span.0,
                )
            })
            .map(|(i, m)| pick(i, m))
    };
    // "displaced by the war in Tigray staged a sit-in in the town of Adigrat": a province
    // the event is put in gives way to the one town or district of it the clause names (not
    // one people came from, nor a point of reference; "several cities across Texas,
    // including Dallas and Austin" stay the province's).
    let within_the_province = |m: &Mention<'_>| {
        if m.place.kind != PlaceKind::Admin1 {
            return None;
        }
        let mut places_of_it = mentions.iter().enumerate().filter(|(_, l)| {
            inside(l)
                && matches!(l.role, Role::Plain | Role::Locative)
                && matches!(l.place.kind, PlaceKind::PopulatedPlace | PlaceKind::Admin2)
                && l.place.country == m.place.country
                && l.place.admin1 == m.place.admin1
        });
        let (k, first) = places_of_it.next()?;
        places_of_it
            .all(|(_, l)| std::ptr::eq(l.place, first.place))
            .then(|| pick(k, first))
    };
    if let Some((i, m)) = locative {
        // "in south Kashmir's Pulwama district", "in Sindh's Hyderabad city", "in Congo's
        // Djugu territory": a province or a country the event is put in gives way to a place
        // of it named right after it (a gap that holds a possessive, a comma or a short
        // word), before any other place of it the clause names (a dateline's town).
        if matches!(m.place.kind, PlaceKind::Admin1 | PlaceKind::Country)
            && let Some((k, within)) = mentions.iter().enumerate().find(|(_, l)| {
                inside(l)
                    && l.span.0 > m.span.1
                    && l.span.0 - m.span.1 <= POSSESSIVE_GAP_BYTES
                    && l.place.kind != m.place.kind
                    && l.place.kind != PlaceKind::Country
                    && l.place.country == m.place.country
                    && (m.place.kind == PlaceKind::Country || l.place.admin1 == m.place.admin1)
            })
        {
            return Some(within_the_province(within).unwrap_or_else(|| pick(k, within)));
        }
        // "outside the port in Kenya's second city, Mombasa": a country the event is put in
        // gives way to a place of it the clause names.
        if m.place.kind == PlaceKind::Country
            && let Some(inner) = first_below_country(Some(m.place.country))
        {
            return Some(inner);
        }
        // "families of students in Ukraine demonstrated in Rabat": a country that only says
        // where someone is gives way to a town or division the event is put in later.
        if m.place.kind == PlaceKind::Country
            && let Some((k, later)) = mentions.iter().enumerate().find(|(_, l)| {
                inside(l)
                    && l.role == Role::Locative
                    && l.span.0 > m.span.0
                    && l.place.kind != PlaceKind::Country
            })
        {
            return Some(pick(k, later));
        }
        return Some(within_the_province(m).unwrap_or_else(|| pick(i, m)));
    }
    first_below_country(None)
}

/// The article as the extractor reads it: its text with wrapped lines joined and capitals
/// made ordinary (same length as the original, so spans carry over), the dateline cut off
/// from the first sentence, links to other stories blanked, and the date relative
/// expressions are read against.
struct Reading {
    text: String,
    dateline: Option<Dateline>,
    anchor: Option<chrono::NaiveDate>,
}

impl Reading {
    fn of(article: &Article) -> Reading {
        let normalized = normalize_for_analysis(&article.text);
        // A wire text in capitals is read in ordinary case, and its dateline's place with
        // it ("Lima, 20 Jun 90 --"): the dateline is then also looked for as written ("LIMA,
        // 20 JUN 90 --"; the two are the same length). A text read as written is searched
        // once.
        let read_as_written = matches!(normalized, std::borrow::Cow::Borrowed(_));
        let mut text = normalized.into_owned();
        let dateline = find_dateline(&text, article.date).or_else(|| {
            (!read_as_written)
                .then(|| find_dateline(&article.text, article.date))
                .flatten()
        });
        if let Some(d) = &dateline {
            // Keep the place (a sentence of its own), blank its date and source: they are
            // no event's.
            let mut bytes = text.into_bytes();
            for (k, b) in bytes.iter_mut().enumerate().take(d.span.1).skip(d.place.1) {
                *b = if k == d.place.1 { b'.' } else { b' ' };
            }
            text = String::from_utf8(bytes)
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        }
        // A scraped page's links to other stories are none of this one's, nor is what the
        // page says of itself (its paywall, its buttons).
        let not_the_story: Vec<Span> = crate::text::teaser_lines(&text)
            .into_iter()
            .chain(crate::text::furniture_lines(&text))
            .collect();
        for (start, end) in not_the_story {
            text.replace_range(start..end, &" ".repeat(end - start));
        }
        // "24 September. Gunmen burned a school in X.": a note's date on its own opens
        // the sentence it dates.
        if let Some(stop) = leading_date_stop(&text, article.date) {
            text.replace_range(stop..=stop, ",");
            lower_a_common_first_word(&mut text, stop + 1);
        }
        // "SAVANNAH, GA (August 2, 2015): ... this morning": a day the dateline gives is the
        // day the story was written, which an archive's or a feed's later date is not.
        let written_on = dateline.as_ref().and_then(|d| d.date);
        let anchor = match (article.date, written_on) {
            (Some(published), Some(written)) if written < published => Some(written),
            (published, written) => published.or(written),
        };
        Reading {
            text,
            dateline,
            anchor,
        }
    }
}

/// True when a span of a text names a day of a month ("8 October", "October 8th"), read
/// with a stand-in year: a text without a publication date cannot say which year.
fn names_a_day_of_a_month(text: &str, span: Span) -> bool {
    let some_year = chrono::NaiveDate::from_ymd_opt(2000, 12, 31);
    text.get(span.0..span.1).is_some_and(|clause| {
        find_dates(clause, some_year)
            .iter()
            .any(|d| d.precision == TimePrecision::Day && !d.report_date)
    })
}

/// True when a sentence is only a date: "25 March.", "Month of May.", "12th October".
fn is_a_date_line(sentence: &str) -> bool {
    const MONTHS: [&str; 12] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    let words: Vec<String> = sentence
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    (1..=4).contains(&words.len())
        && words
            .iter()
            .any(|w| MONTHS.iter().any(|m| w.starts_with(m)))
        && words.iter().all(|w| {
            let digits = w.trim_end_matches(['s', 't', 'n', 'd', 'r', 'h']);
            (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
                || MONTHS.iter().any(|m| w.starts_with(m))
                || matches!(
                    w.as_str(),
                    "month" | "of" | "early" | "late" | "mid" | "the"
                )
        })
}

/// "24 September, Residents of X ...": once a note's date opens the sentence, the common
/// word that began it is written in lower case, so that it is not read as the start of a
/// name ("Residents of X" as an organisation's). A name ("Boko Haram") stays as written.
fn lower_a_common_first_word(text: &mut str, from: usize) {
    let Some(rest) = text.get(from..) else {
        return;
    };
    let start = from + (rest.len() - rest.trim_start().len());
    let word_end = text[start..]
        .find(|c: char| !c.is_ascii_alphabetic())
        .map_or(text.len(), |k| start + k);
    let word = &text[start..word_end];
    if word.len() > 1
        && word.starts_with(|c: char| c.is_ascii_uppercase())
        && word[1..].bytes().all(|b| b.is_ascii_lowercase())
        && crate::text::is_common_word(&word.to_ascii_lowercase())
    {
        // ASCII for ASCII: the text's byte offsets stay as they were.
        text[start..start + 1].make_ascii_lowercase();
    }
}

/// The full stop after a date that stands alone at the start of a text ("24 September.",
/// "Week of 06 March.", "13 December (on or before)."), when a sentence follows it.
fn leading_date_stop(text: &str, anchor: Option<chrono::NaiveDate>) -> Option<usize> {
    let start = text.len() - text.trim_start().len();
    let stop = start + text[start..].find(". ")?;
    let head = &text[start..stop];
    if head.len() > 48 || head.contains('\n') {
        return None;
    }
    // Without a publication date, "24 September" has no year but is a date all the same.
    let some_day = chrono::NaiveDate::from_ymd_opt(2000, 1, 1);
    let dates = find_dates(head, anchor.or(some_day));
    let first = dates.first()?;
    // Nothing but the date and words about it.
    let rest = format!("{}{}", &head[..first.span.0], &head[first.span.1..]);
    let about_the_date = rest
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .all(|w| {
            matches!(
                w.to_ascii_lowercase().as_str(),
                "week"
                    | "month"
                    | "of"
                    | "on"
                    | "or"
                    | "before"
                    | "after"
                    | "the"
                    | "early"
                    | "late"
                    | "mid"
                    | "around"
                    | "between"
                    | "and"
            )
        });
    let next = text[stop + 2..].trim_start();
    (about_the_date && next.starts_with(char::is_uppercase)).then_some(stop)
}

/// Where the story as a whole is: the country and (for a local story) the province it is
/// about, which place incidents whose own words name no place.
struct Story<'g> {
    focus: Option<&'g Place>,
    /// The focus is the country the text's words are of, no name's.
    focus_from_words: bool,
    home: Option<&'g Place>,
    /// The one town a local story is about (its dateline's, or the only town of the home
    /// province its lead or title names), or its dateline's county when it names no town.
    town: Option<&'g Place>,
    /// For a text that names no province: the one province of its country where the armed
    /// groups it names fight (`data/armed_groups.tsv`).
    group_home: Option<&'g Place>,
    /// The dateline names a country ("ERBIL, Iraq —"): an international wire's story, which
    /// reports from across the country, not a local paper's.
    from_a_foreign_desk: bool,
}

/// How far from a local story's town a bare town of another province of its country may
/// lie and still be read as that town.
const LOCAL_STORY_REACH_KM: f64 = 150.0;

/// True when a local story's incident is put in a town of another province of the same
/// country, far from the story's town, that the text gives no container for and whose
/// province it never names: a neighbourhood or street the gazetteer lacks, read as a
/// namesake elsewhere ("CHICAGO — A shooting in Austin" is no Texas shooting).
fn is_a_local_name_read_far_away(
    m: &Mention<'_>,
    mentions: &[Mention<'_>],
    story: &Story<'_>,
) -> bool {
    // A national capital's dateline heads national news, which reports from all over; so
    // does a dateline that names its country ("ERBIL, Iraq — ... in Sinjar").
    let Some(town) = story
        .town
        .filter(|t| !t.is_capital() && !story.from_a_foreign_desk)
    else {
        return false;
    };
    // The national capital is no neighbourhood the gazetteer lacks ("a Chittagong
    // official said teachers marched in Dhaka").
    if m.place.kind != PlaceKind::PopulatedPlace
        || m.place.is_capital()
        || m.container.is_some()
        || m.place.country != town.country
        || m.place.admin1 == town.admin1
    {
        return false;
    }
    let province_named = mentions.iter().any(|o| {
        o.place.country == m.place.country
            && o.place.admin1 == m.place.admin1
            && o.place.kind == PlaceKind::Admin1
    });
    let km = m.place.km_to(town);
    !province_named && km > LOCAL_STORY_REACH_KM
}

/// "Boy, 8, dies after accidental shooting": a headline's death toll is its story's. When
/// the body gives none of its incidents a toll, the one it tells first (its lead) takes the
/// headline's, with the headline as evidence.
fn take_the_headlines_toll(title: &str, article: &str, incidents: &mut [Incident]) {
    if incidents.iter().any(|i| i.fatalities > 0) {
        return;
    }
    let killed = fatalities::death_toll(title, &[]).killed;
    if killed == 0 {
        return;
    }
    let told_at = |incident: &Incident| {
        incident
            .evidence
            .iter()
            .filter(|e| e.field == EvidenceField::Sentence)
            .map(|e| e.start)
            .min()
            .unwrap_or(usize::MAX)
    };
    let Some(lead) = incidents.iter_mut().min_by_key(|i| told_at(i)) else {
        return;
    };
    if lead.sub_event_type.kills_no_one() {
        return;
    }
    lead.fatalities = killed;
    lead.fatalities_max = lead.fatalities_max.max(killed);
    lead.evidence.push(Evidence {
        article: article.to_string(),
        field: EvidenceField::Headline,
        start: 0,
        end: title.chars().count(),
    });
}

/// Where a title's mentions stand among the text's (they have no span in the text).
const TITLE_SPAN: Span = (usize::MAX - 1, usize::MAX);

/// True when a title is written as a sentence ("Woman held after stabbing at Elmwood bakery"),
/// where capitals mark names; in Title Case every word would look like one.
fn is_sentence_case(title: &str) -> bool {
    let (words, capitalised) = crate::text::words_and_capitalised(title);
    words >= 3 && capitalised * 2 < words
}

/// A title with its headline read as a sentence ("Man Shot In Muncie" as "Man shot in
/// Muncie", see [`headline_as_a_sentence`]) and its publisher's name, if any, as written:
/// the same length as the title, so that its offsets hold.
fn title_as_a_sentence(title: &str) -> String {
    match publisher_of(title) {
        Some(publisher) => {
            let headline = headline_before(title, publisher);
            format!(
                "{}{}",
                headline_as_a_sentence(headline),
                &title[headline.len()..]
            )
        }
        None => headline_as_a_sentence(title).into_owned(),
    }
}

/// The headline of a title before its `publisher` (a part of the title that
/// [`publisher_of`] gave) and the separator before that.
fn headline_before<'t>(title: &'t str, publisher: &str) -> &'t str {
    title
        .get(..title.len().saturating_sub(publisher.len() + 3))
        .unwrap_or("")
}

/// The publisher a title ends with, after " - " or " | " ("Man shot - KXYZ.com News,
/// Weather, Sports - Springfield, MO"): the part from the first separator whose rest reads
/// like a news outlet's name (it says "news" or gives a web address).
fn publisher_of(title: &str) -> Option<&str> {
    title
        .match_indices(" - ")
        .chain(title.match_indices(" | "))
        .map(|(at, _)| &title[at + 3..])
        .filter(|rest| {
            let lower = rest.to_ascii_lowercase();
            lower.contains("news") || lower.contains(".com")
        })
        .max_by_key(|rest| rest.len())
}

/// A dateline's place counts this many times an ordinary mention for the story's focus.
const DATELINE_WEIGHT: f32 = 4.0;

impl<'g> Story<'g> {
    /// The story of a text's mentions and its title's (which count as much as a
    /// dateline's place, and as part of the lead).
    fn of(
        gazetteer: &'g Gazetteer,
        text: &str,
        mentions: &[Mention<'g>],
        title_mentions: &[Mention<'g>],
        dateline: Option<&Dateline>,
        lead_end: usize,
    ) -> Story<'g> {
        let mut all = mentions.to_vec();
        all.extend(title_mentions.iter().map(|m| Mention {
            span: TITLE_SPAN,
            container: None,
            in_an_older_division: false,
            ..m.clone()
        }));
        let in_dateline = |m: &Mention<'_>| {
            m.span == TITLE_SPAN
                || dateline.is_some_and(|d| m.span.0 >= d.place.0 && m.span.1 <= d.place.1)
        };
        let focus = focus_country(gazetteer, &all, &in_dateline);
        let from_a_foreign_desk = mentions
            .iter()
            .any(|m| m.place.kind == PlaceKind::Country && in_dateline(m));
        let dateline_home = dateline_province(gazetteer, mentions, focus, &in_dateline);
        // "... a Chicago police officer told reporters": the town whose own police speak is the
        // story's, unless a dateline or a province's own name says otherwise.
        if dateline_home.is_none()
            && !all.iter().any(|m| m.place.kind == PlaceKind::Admin1)
            && let Some(town) = the_town_whose_police_speak(text, mentions, focus)
        {
            return Story {
                focus,
                focus_from_words: false,
                home: gazetteer.admin1(town.country, town.admin1),
                town: Some(town),
                group_home: None,
                from_a_foreign_desk,
            };
        }
        let home = dateline_home.or_else(|| focus_province(gazetteer, &all, focus, lead_end));
        let town = home.and_then(|h| home_town(&all, h, lead_end, &in_dateline));
        if home.is_none()
            && let Some(town) = the_lead_town(&all, focus, lead_end).or_else(|| {
                the_lead_town(&all, focus, usize::MAX).filter(|_| names_one_place(&all))
            })
        {
            // "A Lafayette teen ...": the one town the lead names, however unsure its
            // reading, when nothing names a province; or, past the lead, the one place the
            // whole text names ("... Lafayette police say").
            let home = gazetteer.admin1(town.country, town.admin1);
            return Story {
                focus,
                focus_from_words: false,
                home,
                town: Some(town),
                group_home: None,
                from_a_foreign_desk,
            };
        }
        Story {
            focus,
            focus_from_words: false,
            home,
            town,
            group_home: None,
            from_a_foreign_desk,
        }
    }
}

/// How sure the reading of the lead's one town must be for it to be the story's town.
const LEAD_TOWN_CONFIDENCE: f32 = 0.3;

/// The one town of the focus country the title and the lead name (not its capital), when
/// they name exactly one.
fn the_lead_town<'g>(
    mentions: &[Mention<'g>],
    focus: Option<&'g Place>,
    lead_end: usize,
) -> Option<&'g Place> {
    let country = focus?.country;
    let mut towns = mentions
        .iter()
        .filter(|m| m.span.0 < lead_end || m.span == TITLE_SPAN)
        .filter(|m| {
            m.place.kind == PlaceKind::PopulatedPlace
                && m.place.country == country
                && !m.place.is_capital()
                && m.confidence >= LEAD_TOWN_CONFIDENCE
        })
        .map(|m| m.place);
    let first = towns.next()?;
    towns.all(|t| std::ptr::eq(t, first)).then_some(first)
}

/// The one town of the focus country a text names right before its police ("Chicago
/// Police said", "a Chicago police officer"), when it names one such town.
fn the_town_whose_police_speak<'g>(
    text: &str,
    mentions: &[Mention<'g>],
    focus: Option<&'g Place>,
) -> Option<&'g Place> {
    let country = focus?.country;
    let mut towns = mentions
        .iter()
        .filter(|m| {
            m.place.kind == PlaceKind::PopulatedPlace
                && m.place.country == country
                && text
                    .get(m.span.1..)
                    .is_some_and(|rest| rest.starts_with(" Police") || rest.starts_with(" police"))
        })
        .map(|m| m.place);
    let first = towns.next()?;
    towns.all(|t| std::ptr::eq(t, first)).then_some(first)
}

/// True when the mentions below the country level all name one place.
fn names_one_place(mentions: &[Mention<'_>]) -> bool {
    let mut places = mentions
        .iter()
        .filter(|m| !matches!(m.place.kind, PlaceKind::Country | PlaceKind::Other))
        .map(|m| m.place);
    places
        .next()
        .is_some_and(|first| places.all(|p| std::ptr::eq(p, first)))
}

/// The town a local story is about, in its home province: the dateline's town, else the
/// only town of that province its lead or title names.
fn home_town<'g>(
    mentions: &[Mention<'g>],
    home: &'g Place,
    lead_end: usize,
    in_dateline: &dyn Fn(&Mention<'_>) -> bool,
) -> Option<&'g Place> {
    let towns_of_home = |m: &&Mention<'g>| {
        m.place.kind == PlaceKind::PopulatedPlace
            && m.place.country == home.country
            && m.place.admin1 == home.admin1
            && m.confidence >= 0.5
    };
    if let Some(m) = mentions
        .iter()
        .filter(towns_of_home)
        .find(|m| in_dateline(m) && m.span != TITLE_SPAN)
    {
        return Some(m.place);
    }
    // "MIAMI-DADE COUNTY, Fla. —": a dateline that names a county of the home province
    // places the story there when it names no town.
    if let Some(m) = mentions.iter().find(|m| {
        in_dateline(m)
            && m.span != TITLE_SPAN
            && m.place.kind == PlaceKind::Admin2
            && m.place.country == home.country
            && m.place.admin1 == home.admin1
            && m.confidence >= LEAD_TOWN_CONFIDENCE
    }) {
        return Some(m.place);
    }
    let mut towns = mentions
        .iter()
        .filter(towns_of_home)
        .filter(|m| m.span.0 < lead_end || m.span == TITLE_SPAN)
        .map(|m| m.place);
    if let Some(first) = towns.next() {
        return towns.all(|t| std::ptr::eq(t, first)).then_some(first);
    }
    // The lead names none: the town of the province the text names most (by the
    // confidence of its mentions), when no other town there is named as much. Not the capital: a national story
    // names it for the government seated there ("officials in Kabul said").
    let mut counts: Vec<(&'g Place, f32)> = Vec::new();
    for m in mentions
        .iter()
        .filter(towns_of_home)
        .filter(|m| !m.place.is_capital())
    {
        match counts.iter_mut().find(|(p, _)| std::ptr::eq(*p, m.place)) {
            Some(entry) => entry.1 += m.confidence,
            None => counts.push((m.place, m.confidence)),
        }
    }
    counts.sort_by(|a, b| b.1.total_cmp(&a.1));
    let (town, weight) = counts.first().copied()?;
    let runner_up = counts.get(1).map_or(0.0, |c| c.1);
    (weight > runner_up).then_some(town)
}

/// The province of the dateline's place, when it is in the focus country.
fn dateline_province<'g>(
    gazetteer: &'g Gazetteer,
    mentions: &[Mention<'g>],
    focus: Option<&'g Place>,
    in_dateline: &dyn Fn(&Mention<'_>) -> bool,
) -> Option<&'g Place> {
    let country = focus?.country;
    let m = mentions.iter().find(|m| {
        in_dateline(m)
            && m.place.country == country
            && !matches!(m.place.kind, PlaceKind::Country | PlaceKind::Other)
    })?;
    if m.place.kind == PlaceKind::Admin1 {
        Some(m.place)
    } else {
        gazetteer.admin1(country, m.place.admin1)
    }
}

/// What an incident's confidence is computed from.
fn confidence_inputs(
    f: &Found<'_>,
    mentions: &[Mention<'_>],
    story: &Story<'_>,
    relevance: Option<f32>,
    own_date: bool,
) -> ConfidenceInputs {
    let placed = f.place.and_then(|(i, p)| mentions.get(i).map(|m| (m, p)));
    ConfidenceInputs::new(
        if f.rule.is_some() && f.type_probability == 0.0 {
            0.5
        } else {
            f.type_probability
        },
        relevance.unwrap_or(1.0),
        placed.map(|(m, _)| m.confidence),
        placed.is_some_and(|(_, p)| p == GeoPrecision::Town),
        placed.is_none() && (story.home.is_some() || story.focus.is_some()),
        // A country read from the words alone, no name, is as good as no place.
        placed.is_none()
            && story.home.is_none()
            && (story.focus.is_none() || story.focus_from_words),
        own_date,
        f.rule.is_some(),
    )
}

/// Sentences a thread remembers the dates of before it forgets them all and starts again:
/// enough for the longest article, whose sentences its readings ask about again and again.
const DATE_MEMO_SIZE: usize = 2_048;

thread_local! {
    /// Each thread's memo of sentences' dates (spans in the sentence), by sentence and the
    /// anchor they were read against (see [`remembered_dates`]).
    static DATES: crate::memo::Memo<(Box<str>, Option<chrono::NaiveDate>), Vec<DateExpr>> =
        std::cell::RefCell::default();
}

/// The dates of a sentence read against `anchor`, from this thread's memo when they were
/// asked before: the date, the lead, the step and the weekend readings of an article each
/// read its sentences' dates again.
fn remembered_dates(sentence: &str, anchor: Option<chrono::NaiveDate>) -> Vec<DateExpr> {
    crate::memo::remember(&DATES, (sentence.into(), anchor), DATE_MEMO_SIZE, || {
        find_dates(sentence, anchor)
    })
}

/// The date expressions of a sentence, with spans in the article.
fn dates_of(sentence: &Sentence<'_>, anchor: Option<chrono::NaiveDate>) -> Vec<DateExpr> {
    remembered_dates(sentence.text, anchor)
        .into_iter()
        .map(|mut d| {
            d.span = (d.span.0 + sentence.span.0, d.span.1 + sentence.span.0);
            d
        })
        .collect()
}

/// Words of a follow-up sentence that count more dead of the incident told just before:
/// others killed with its victims, and the wounded who died of their wounds since.
const MORE_DEAD_OF_THE_SAME: [&str; 11] = [
    "also killed",
    "also died",
    "also dead",
    "also slain",
    "also murdered",
    "later died",
    "later succumbed",
    "died of his",
    "died of her",
    "died of their",
    "succumbed to",
];

/// A follow-up right after an incident belongs to it ("... in Gao. Four died.").
fn attach_continuations<'t>(text: &str, found: Vec<Found<'t>>) -> Vec<Found<'t>> {
    let mut kept: Vec<Found<'t>> = Vec::new();
    for f in found {
        let clause = text
            .get(f.clause_span.0..f.clause_span.1)
            .unwrap_or("")
            .to_lowercase();
        let another_incident = tells_of_another_incident(&clause);
        let undated_unplaced = f.date.is_none() && f.place.is_none() && !another_incident;
        // "... attacked a checkpoint in Muzayrib (Dar'a); 3 soldiers were killed": a later
        // clause of the same sentence, dated and placed only as its first clause is (what
        // it inherits from it), tells more of the same incident.
        let only_inherits_from = |prev: &Found<'_>| {
            f.sentence == prev.sentence
                && !another_incident
                && f.date
                    .as_ref()
                    .is_none_or(|d| prev.date.as_ref().is_some_and(|p| p.span == d.span))
                && f.place
                    .is_none_or(|(i, _)| prev.place.is_some_and(|(j, _)| i == j))
        };
        // "... His two bodyguards were also killed.", "A teacher later died of her
        // wounds.": more dead of the same incident ("also" otherwise tells of another).
        let more_dead = f.toll.killed > 0
            && f.date.is_none()
            && f.place.is_none()
            && MORE_DEAD_OF_THE_SAME.iter().any(|p| clause.contains(p));
        // "... attacked a detachment, killing 12 soldiers. 20 attackers were killed when
        // soldiers repelled the assault.": the incident named again ("the assault"), with
        // no date or place of its own, and more dead.
        let named_again = || {
            let words: Vec<&str> = clause
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .collect();
            words.windows(2).any(|pair| {
                matches!(pair[0], "the" | "this")
                    && matches!(
                        pair[1],
                        "attack"
                            | "assault"
                            | "raid"
                            | "ambush"
                            | "offensive"
                            | "blast"
                            | "explosion"
                            | "bombing"
                    )
            })
        };
        match kept.last_mut() {
            Some(prev)
                if (more_dead || (undated_unplaced && f.toll.killed > 0 && named_again()))
                    && prev.toll.killed > 0
                    && f.sentence == prev.sentence + 1 =>
            {
                prev.toll.killed = prev.toll.killed.saturating_add(f.toll.killed);
                prev.toll.spans.extend(f.toll.spans);
            }
            // "... killed in a blast in Gao. Four died." or "... No group claimed the
            // blast.": a follow-up with no date or place of its own, of no type or of the
            // incident's type, tells more of the same incident.
            Some(prev)
                if (undated_unplaced || only_inherits_from(prev))
                    && f.sentence <= prev.sentence + 1
                    && (f.rule.is_none()
                        || ((f.sub_event_type == prev.sub_event_type
                            // ("... a suicide bomber blew himself up at a market. The
                            // blast killed 4.")
                            || (f.sub_event_type.event_type() == prev.sub_event_type.event_type()
                                && named_again()))
                            && (f.toll.killed == 0 || prev.toll.killed == 0))) =>
            {
                if prev.toll.killed == 0 {
                    prev.toll.killed = f.toll.killed;
                    prev.toll.spans.extend(f.toll.spans);
                }
            }
            _ => kept.push(f),
        }
    }
    kept
}

/// "A woman was shot in her home on Monday. She was rushed to hospital but died a short
/// time later.": deaths the next sentence tells, in no incident of its own, of no other
/// day, accident or years gone by, are the dead of an incident that counted none (not of a
/// peaceful protest).
fn read_deaths_told_next(
    sentences: &[Sentence<'_>],
    anchor: Option<chrono::NaiveDate>,
    found: &mut [Found<'_>],
) {
    for k in 0..found.len() {
        let f = &found[k];
        let next = f.sentence + 1;
        let last_of_its_sentence = found.get(k + 1).is_none_or(|g| g.sentence != f.sentence);
        // (A peaceful protest kills no one: a death told after it is what it was about.)
        if f.toll.killed > 0
            || f.sub_event_type == SubEventType::PeacefulProtest
            || !last_of_its_sentence
            || found.iter().any(|g| g.sentence == next)
        {
            continue;
        }
        let Some(sentence) = sentences.get(next) else {
            continue;
        };
        if !fatalities::mentions_casualty(sentence.text) {
            continue;
        }
        let lower = sentence.text.to_lowercase();
        let another_day = dates_of(sentence, anchor)
            .iter()
            .any(|d| f.date.as_ref().is_none_or(|own| own.date != d.date));
        if another_day
            || tells_of_earlier_deaths(&lower)
            || tells_of_another_incident(&lower)
            || tells_of_an_accident(&lower)
            || mentions_years_gone_by(&lower)
        {
            continue;
        }
        let toll = death_toll(sentence.text, &[]);
        if toll.killed > 0 {
            let shift = |s: &Span| (s.0 + sentence.span.0, s.1 + sentence.span.0);
            found[k].toll.killed = toll.killed;
            found[k].toll.spans = toll.spans.iter().map(shift).collect();
        }
    }
}

/// True when a clause (lower case) says it tells of another incident ("in a separate
/// attack", "meanwhile", "another blast"); "another" of a person ("one was killed, another
/// wounded", "another civilian was killed") counts a victim, not an incident.
fn tells_of_another_incident(clause: &str) -> bool {
    const OF_A_PERSON: [&str; 10] = [
        "wounded", "injured", "hurt", "person", "man", "woman", "one", "was", "were", "died",
    ];
    let words = words_of(clause);
    words.iter().enumerate().any(|(k, w)| {
        lexicon::ANOTHER_INCIDENT.contains(w)
            && !(*w == "another"
                && words.get(k + 1).is_some_and(|n| {
                    OF_A_PERSON.contains(n)
                        || lexicon::ONE_PERSON_NOUNS.contains(&n.to_ascii_lowercase())
                }))
    })
}

/// The date of an incident whose own clauses give none: the first day the story names on
/// or up to a week before its anchor (the lead usually dates the story's event), else none
/// (the publication date is then used at week precision).
fn story_date(
    text: &str,
    sentences: &[Sentence<'_>],
    sentence: usize,
    anchor: Option<chrono::NaiveDate>,
) -> Option<DateExpr> {
    let Some(anchor) = anchor else {
        // No publication date: a day written in full (with its year) in the lead dates
        // the story ("On 4 May 2019, ..."). Failing that, a source's report of the event
        // ("As reported on 6 May 2019, ...") dates it, as ACLED codes it; and failing
        // that, a day standing as a sentence of its own ("4 May 2019. Two men were
        // shot"), which read alone looks like a page's time stamp: with no publication
        // date to tell them apart, it is the story's day.
        let lead_dates: Vec<DateExpr> = [sentence, 0, 1]
            .into_iter()
            .filter_map(|si| sentences.get(si))
            .flat_map(|s| dates_of(s, None))
            .collect();
        let a_day = |d: &&DateExpr| d.precision == TimePrecision::Day;
        return lead_dates
            .iter()
            .filter(a_day)
            .find(|d| !d.report_date)
            .or_else(|| {
                lead_dates
                    .iter()
                    .find(|d| d.report_date && is_reported_on(text, d))
            })
            .or_else(|| lead_dates.iter().find(a_day))
            .cloned();
    };
    let a_recent_day = |si: usize| {
        let s = sentences.get(si)?;
        if tells_of_what_is_to_come(s.text) {
            return None;
        }
        dates_of(s, Some(anchor)).into_iter().find(|d| {
            !d.report_date
                && d.precision == TimePrecision::Day
                && d.date <= anchor
                && (anchor - d.date).num_days() <= 7
                && !event_dates::dates_a_later_step(text, d)
        })
    };
    // A story whose lead gives no recent day ("was shot last month") is a follow-up: the
    // day it gives its event by name ("the incident happened Feb. 26") says more than a
    // day of another sentence (when officers were called, when he was charged). Not the
    // day of one event of a round-up's series ("The first incident happened Feb. 25").
    let a_follow_up = || a_recent_day(0).is_none() && a_recent_day(1).is_none();
    let named_in_a_follow_up = || {
        let one_event = sentences
            .iter()
            .filter(|s| !event_dates::tells_of_one_of_a_series(s.text));
        event_dates::day_the_story_names(text, one_event, anchor, |s| dates_of(s, Some(anchor)))
    };
    let named =
        || event_dates::day_the_story_names(text, sentences, anchor, |s| dates_of(s, Some(anchor)));
    a_recent_day(sentence)
        .or_else(|| a_follow_up().then(named_in_a_follow_up).flatten())
        .or_else(|| (0..sentences.len()).find_map(a_recent_day))
        .or_else(named)
}

/// An incident dated by a step after it ("was charged Tuesday", "police said Monday")
/// takes the day its story gives the event ("in the March 3 shooting"), when there is one.
/// Arrests and other strategic developments are themselves such steps and keep their day.
fn day_of_the_event_itself(
    text: &str,
    sentences: &[Sentence<'_>],
    anchor: Option<chrono::NaiveDate>,
    f: &Found<'_>,
) -> Option<DateExpr> {
    let own = f.date.as_ref()?;
    if own.precision != TimePrecision::Day
        || f.sub_event_type.event_type() == EventType::StrategicDevelopments
        || !(event_dates::dates_a_later_step(text, own) || event_dates::dates_a_death(text, own))
    {
        return None;
    }
    // "On Wednesday, the sheriff said deputies found the body on Tuesday night": another
    // day of the sentence, no step's, on or before the step.
    let same_sentence = sentences.get(f.sentence).and_then(|s| {
        dates_of(s, anchor).into_iter().find(|d| {
            !d.report_date
                && d.precision == TimePrecision::Day
                && d.span != own.span
                && d.date <= own.date
                && !event_dates::dates_a_later_step(text, d)
        })
    });
    same_sentence
        .or_else(|| {
            event_dates::day_the_story_names(text, sentences, own.date, |s| dates_of(s, anchor))
        })
        .or_else(|| a_day_before_the_step(text, sentences, anchor, f.sentence, own))
}

/// How many days before a step ("police said Tuesday") the story's other days may date its
/// event.
const DAYS_BEFORE_A_STEP: i64 = 7;

/// "... was shot, police said Tuesday. ... the gunman opened fire Monday evening": the
/// first day of the story (the incident's own sentence first) that is no step's, on or up
/// to a week before the step; a death's day only when the story gives no other.
fn a_day_before_the_step(
    text: &str,
    sentences: &[Sentence<'_>],
    anchor: Option<chrono::NaiveDate>,
    sentence: usize,
    step: &DateExpr,
) -> Option<DateExpr> {
    let candidates: Vec<DateExpr> = std::iter::once(sentence)
        .chain((0..sentences.len()).filter(|&si| si != sentence))
        .filter_map(|si| sentences.get(si))
        .filter(|s| !tells_of_what_is_to_come(s.text))
        .flat_map(|s| dates_of(s, anchor))
        .filter(|d| {
            !d.report_date
                && d.precision == TimePrecision::Day
                && d.span != step.span
                && d.date <= step.date
                && (step.date - d.date).num_days() <= DAYS_BEFORE_A_STEP
                && !event_dates::dates_a_later_step(text, d)
        })
        .collect();
    candidates
        .iter()
        .find(|d| !event_dates::dates_a_death(text, d))
        .or_else(|| candidates.first())
        .cloned()
}

/// "a shooting over the weekend ... The shooting started early Sunday", "killed late last
/// week ... The attack began on Thursday": an incident dated only to a weekend or a week
/// takes the day of it the article gives, unless that day is a later step's. (A month is
/// not narrowed so: "in June" mostly tells of other events than the days around it.)
fn a_day_within(
    text: &str,
    sentences: &[Sentence<'_>],
    anchor: Option<chrono::NaiveDate>,
    coarse: Option<&DateExpr>,
) -> Option<DateExpr> {
    let coarse = coarse?;
    let written = text
        .get(coarse.span.0..coarse.span.1)
        .unwrap_or("")
        .to_ascii_lowercase();
    if coarse.precision != TimePrecision::Week {
        return None;
    }
    // (A range of days, "on 12 and 13 February", is dated by its first day as written.)
    let days = if written.contains("weekend") {
        2
    } else if written.contains("week") {
        7
    } else {
        return None;
    };
    let end = coarse.date.checked_add_days(chrono::Days::new(days))?;
    sentences
        .iter()
        .flat_map(|s| dates_of(s, anchor))
        .find(|d| {
            !d.report_date
                && d.precision == TimePrecision::Day
                && d.date >= coarse.date
                && d.date < end
                && anchor.is_none_or(|a| d.date <= a)
                && !event_dates::dates_a_later_step(text, d)
        })
}

/// True when a sentence tells of what is still to come ("services will be held Friday",
/// "she is due in court Monday"): its days are not the day of an event that happened.
fn tells_of_what_is_to_come(sentence: &str) -> bool {
    let lower = sentence.to_ascii_lowercase();
    [
        " will ",
        " is scheduled",
        " are scheduled",
        " is due ",
        " are due ",
        " is set for ",
        " are set for ",
        " planned for ",
    ]
    .iter()
    .any(|cue| lower.contains(cue))
}

/// What the event model reads for an incident: its clause, and as context its sentence
/// and the one after it.
fn model_input<'t>(text: &'t str, sentences: &[Sentence<'_>], f: &Found<'_>) -> (&'t str, &'t str) {
    let clause = text.get(f.clause_span.0..f.clause_span.1).unwrap_or("");
    let end = sentences
        .get(f.sentence + 1)
        .map_or(f.sentence_span.1, |next| next.span.1);
    let window = text.get(f.sentence_span.0..end).unwrap_or(clause);
    (clause, window)
}

/// How many times the weight of any other province the focus province needs when the lead
/// does not name it.
const DOMINANT_PROVINCE: f32 = 1.5;

/// The province an article is about: the first-level division that holds most of the
/// confident mentions below the country level in its focus country (a local news story:
/// "Memphis, Tennessee"), when it holds more than half of them (a stray namesake in another
/// state does not unseat it); none when the article spreads over several (the Afghan
/// round-ups) or names none.
fn focus_province<'g>(
    gazetteer: &'g Gazetteer,
    mentions: &[Mention<'g>],
    focus: Option<&'g Place>,
    lead_end: usize,
) -> Option<&'g Place> {
    let country = focus?.country;
    let mut counts: Vec<(&str, f32, usize)> = Vec::new();
    let mut total = 0.0;
    let mut all_mentions = 0;
    for m in mentions
        .iter()
        .filter(|m| m.confidence >= 0.5 && m.place.country == country)
        .filter(|m| !matches!(m.place.kind, PlaceKind::Country | PlaceKind::Other))
        .filter(|m| !m.place.admin1.is_empty())
    {
        total += m.confidence;
        all_mentions += 1;
        match counts.iter_mut().find(|(a, _, _)| *a == m.place.admin1) {
            Some(entry) => {
                entry.1 += m.confidence;
                entry.2 += 1;
            }
            None => counts.push((m.place.admin1, m.confidence, 1)),
        }
    }
    counts.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(b.0)));
    let runner_up = counts.get(1).map_or(0.0, |c| c.1);
    let (admin1, weight, mentioned) = counts.first().copied()?;
    // A local story names its place in its lead, or names no other province much: a
    // national one may name its capital often further down (talks held there) beside
    // other provinces without being about it.
    let in_lead = mentions.iter().any(|m| {
        (m.span.0 < lead_end || m.span == TITLE_SPAN)
            && m.place.country == country
            && m.place.admin1 == admin1
    });
    // More than half of the weight and of the mentions: one surer name does not outvote
    // another province's name.
    let majority = weight * 2.0 > total && mentioned * 2 > all_mentions;
    // The capital does not count for that: a national story names it for the government
    // seated there.
    let beside_the_capital: f32 = mentions
        .iter()
        .filter(|m| m.confidence >= 0.5 && m.place.country == country)
        .filter(|m| m.place.admin1 == admin1 && !m.place.is_capital())
        .filter(|m| !matches!(m.place.kind, PlaceKind::Country | PlaceKind::Other))
        .map(|m| m.confidence)
        .sum();
    let dominant = beside_the_capital > 0.0 && beside_the_capital >= DOMINANT_PROVINCE * runner_up;
    // A province named only further down is not the home of a story whose lead names a
    // place of another province that another name of that province bears out, however
    // unsure their readings ("shot in Park City", "Sedgwick County deputies", both in
    // Kansas, before "near Douglas and Greenwich").
    let below_the_country = |m: &Mention<'_>| {
        m.place.country == country && !matches!(m.place.kind, PlaceKind::Country | PlaceKind::Other)
    };
    // (Named about as much: a teaser's town and state in a lead do not unseat the
    // province the story names all through.)
    let lead_names_another = || {
        mentions.iter().any(|m| {
            let of_its_province = || {
                mentions
                    .iter()
                    .filter(|o| below_the_country(o) && o.place.admin1 == m.place.admin1)
            };
            (m.span.0 < lead_end || m.span == TITLE_SPAN)
                && below_the_country(m)
                && m.place.admin1 != admin1
                && of_its_province().any(|o| o.place.kind != m.place.kind)
                && of_its_province().map(|o| o.confidence).sum::<f32>() * 2.0 >= weight
        })
    };
    ((in_lead || dominant && !lead_names_another()) && majority)
        .then(|| gazetteer.admin1(country, admin1))?
}

/// The one country whose own forces or government a text names ("Somali troops", "the
/// Nigerian army", "Malian authorities"), none when its demonyms name two or more countries
/// or no force. A nationality of people ("Chinese workers kidnapped") is often foreign to
/// the place, and does not count.
fn the_one_country_of_its_forces<'g>(
    gazetteer: &'g Gazetteer,
    text: &str,
    references: &[Mention<'g>],
) -> Option<&'g Place> {
    let first = references.first()?.place.country;
    if references.iter().any(|m| m.place.country != first) {
        return None;
    }
    the_one_country_whose_forces_are_named(gazetteer, text, references.iter())
}

/// True when a state's force follows the name ("Nigerian troops", "Togo police").
fn names_a_force(text: &str, m: &Mention<'_>) -> bool {
    let after = text.get(m.span.1..).unwrap_or("").trim_start();
    let word = &after[..after
        .find(|c: char| !c.is_alphabetic())
        .unwrap_or(after.len())];
    lexicon::STATE_FORCE_NOUNS.contains(word)
}

/// The one country whose forces the text names ("Togolese soldiers ... the border with
/// Ghana"), by a demonym or the country's name, when it names one country's only.
fn the_one_country_whose_forces_are_named<'g, 'm>(
    gazetteer: &'g Gazetteer,
    text: &str,
    names: impl Iterator<Item = &'m Mention<'g>>,
) -> Option<&'g Place>
where
    'g: 'm,
{
    let mut forces = names.filter(|m| names_a_force(text, m));
    let first = forces.next()?.place.country;
    forces
        .all(|m| m.place.country == first)
        .then(|| gazetteer.country(first))?
}

/// Words before a country's name that put it across a border from where things happen:
/// "along the border with Mali", "the frontier of Chad".
const ACROSS_A_BORDER: [&str; 6] = [
    "border with",
    "borders with",
    "border of",
    "borders of",
    "frontier with",
    "frontier of",
];

/// How many bytes before a country's name [`named_only_beyond_its_border`] reads.
const BORDER_WORDS_REACH: usize = 40;

/// Verbs of leaving a place: what leaves "from" a country was in it.
const LEAVING_VERBS: [&str; 12] = [
    "withdraw",
    "withdraws",
    "withdrew",
    "withdrawn",
    "withdrawing",
    "retreat",
    "retreated",
    "retreating",
    "expelled",
    "evicted",
    "out",
    "pulled",
];

/// True when the text names `country` only by its own name and only across a border or as
/// where people came from ("the border with Mali", "armed men from CAR"; "the border of
/// Nigeria and Equatorial Guinea"), never a place of it.
fn named_only_beyond_its_border(text: &str, mentions: &[Mention<'_>], country: &str) -> bool {
    let beyond = |i: usize| -> bool {
        let mut i = i;
        loop {
            let m = &mentions[i];
            // The few words before the name: enough for "withdrew from the", "borders with".
            let from = (0..=m.span.0.saturating_sub(BORDER_WORDS_REACH))
                .rev()
                .find(|&b| text.is_char_boundary(b))
                .unwrap_or(0);
            let before = text[from..m.span.0].trim_end().to_ascii_lowercase();
            let before = before.strip_suffix(" the").unwrap_or(&before);
            // (Not "troops withdrew from CAR": they were there.)
            if m.role == Role::Origin
                && !before
                    .strip_suffix(" from")
                    .and_then(|b| b.rsplit(' ').next())
                    .is_some_and(|verb| LEAVING_VERBS.contains(&verb))
            {
                return true;
            }
            if ACROSS_A_BORDER.iter().any(|w| before.ends_with(w)) {
                return true;
            }
            // "... with Mali and Niger": a name listed after one across the border.
            let listed = before.ends_with(" and") || before.ends_with(',');
            match i.checked_sub(1) {
                Some(j)
                    if listed
                        && mentions[j].place.kind == PlaceKind::Country
                        && text[mentions[j].span.1..m.span.0].len() <= ", and ".len() =>
                {
                    i = j
                }
                _ => return false,
            }
        }
    };
    let mut named = false;
    for (i, m) in mentions.iter().enumerate() {
        if m.place.country != country {
            continue;
        }
        if m.place.kind != PlaceKind::Country || !beyond(i) {
            return false;
        }
        named = true;
    }
    named
}

/// The country most of the article's mentions are in (a dateline's place counts most).
fn focus_country<'g>(
    gazetteer: &'g Gazetteer,
    mentions: &[Mention<'g>],
    in_dateline: &dyn Fn(&Mention<'_>) -> bool,
) -> Option<&'g Place> {
    // Where events happen counts more than who is named ("U.S. forces" is no place).
    let mut weight: FxHashMap<&str, (f32, Option<&'g Place>)> = FxHashMap::default();
    for m in mentions {
        let entry = weight.entry(m.place.country).or_insert((0.0, None));
        let role_weight = match (m.role, m.place.kind) {
            _ if in_dateline(m) => DATELINE_WEIGHT,
            (Role::Locative, _) => 2.0,
            (_, PlaceKind::Country) => 0.5,
            _ => 1.0,
        };
        entry.0 += m.confidence * role_weight;
        if m.place.kind == PlaceKind::Country {
            entry.1 = Some(m.place);
        }
    }
    let (iso, (_, place)) = weight
        .into_iter()
        .max_by(|a, b| a.1.0.total_cmp(&b.1.0).then(b.0.cmp(a.0)))?;
    place.or_else(|| gazetteer.country(iso))
}
/// The first-level division of a place as the document writes it ("Tigrai" where the
/// gazetteer says "Tigray"): the written form of a mention of that division, when it is one
/// of the division's names (not an abbreviation). Analysts and coders use the spelling
/// their sources use.
fn admin1_as_written(
    g: &Gazetteer,
    text: &str,
    mentions: &[Mention<'_>],
    place: &Place,
) -> Option<String> {
    if place.kind == PlaceKind::Country {
        return None;
    }
    let division = g.admin1(place.country, place.admin1)?;
    let named_itself = mentions.iter().any(|m| std::ptr::eq(m.place, division));
    // "Ilaga, Papua province": a town the gazetteer codes in a province made since (Papua
    // Tengah) is in the older province the text names, whose outline holds it.
    let named = if named_itself {
        division
    } else {
        older_division_named(g, mentions, place)?
    };
    // Coders spell a division one way whatever the text writes (Oromia for "Oromiya").
    if g.coded_admin1_spelling(named).is_some() {
        return Some(g.admin1_name(named).to_string());
    }
    if !named_itself {
        return Some(
            written_name(text, mentions, named, |written| {
                std::iter::once(named.name)
                    .chain(named.alias_list())
                    .any(|a| crate::gazetteer::fold(a) == written)
            })
            .unwrap_or_else(|| g.admin1_name(named).to_string()),
        );
    }
    written_name(text, mentions, division, |written| {
        written != crate::gazetteer::fold(division.name)
            && (division
                .alias_list()
                .any(|a| crate::gazetteer::fold(a) == written)
                || is_an_english_name_of(written, division))
    })
}

/// The first form a division's mentions write it in, without its level word, that
/// `is_its_name` accepts (given folded): title-cased when written in capitals. Codes and
/// abbreviations ("NWFP", "Calif.") are no such form.
fn written_name(
    text: &str,
    mentions: &[Mention<'_>],
    division: &Place,
    is_its_name: impl Fn(&str) -> bool,
) -> Option<String> {
    mentions
        .iter()
        .filter(|m| std::ptr::eq(m.place, division))
        .filter_map(|m| text.get(m.span.0..m.span.1))
        .map(without_level_words)
        .filter(|w| w.chars().count() >= 4 && !w.contains('.'))
        .find(|w| is_its_name(&crate::gazetteer::fold(w)))
        .map(|w| {
            if crate::text::is_in_capitals(w) {
                title_case(w)
            } else {
                // "in western Darfur": the compass word that opens it, as a name's word.
                let mut letters = w.chars();
                letters
                    .next()
                    .map(|first| first.to_uppercase().chain(letters).collect())
                    .unwrap_or_default()
            }
        })
}

/// True when a written name of a division is its name in English, a position word and a
/// name ("Middle Shabelle" of Shabeellaha Dhexe, "North Darfur" of Shamal Darfur, "East
/// Kalimantan" of Kalimantan Timur), as English-language sources and coders write it.
fn is_an_english_name_of(written: &str, division: &Place) -> bool {
    const POSITIONS: [&str; 12] = [
        "north", "south", "east", "west", "middle", "lower", "upper", "central", "northern",
        "southern", "eastern", "western",
    ];
    let words: Vec<String> = written
        .split([' ', '-'])
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    division.kind == PlaceKind::Admin1
        && words.len() >= 2
        && POSITIONS.contains(&words[0].as_str())
        && words[1..].iter().all(|w| !POSITIONS.contains(&w.as_str()))
}

/// A first-level division of the place's country, other than its own, that the text names
/// and whose outline holds the place (a province split since the text was written).
fn older_division_named<'g>(
    g: &'g Gazetteer,
    mentions: &[Mention<'g>],
    place: &Place,
) -> Option<&'g Place> {
    mentions
        .iter()
        .map(|m| m.place)
        .filter(|d| d.admin1 != place.admin1)
        .find(|d| places::lies_in_its_outline(g, place, d))
}

/// A division's name without the word for its level ("Helmand province", "the State of
/// Lagos", "Departamento de Cusco" as "Helmand", "Lagos", "Cusco").
fn without_level_words(written: &str) -> &str {
    const LEVELS: [&str; 13] = [
        "province",
        "district",
        "state",
        "region",
        "governorate",
        "oblast",
        "division",
        "county",
        "department",
        "departement",
        "departamento",
        "prefecture",
        "territory",
    ];
    let mut name = written.trim();
    name = name.strip_prefix("the ").unwrap_or(name);
    for level in LEVELS {
        if let Some((head, tail)) = name.rsplit_once(' ')
            && tail.eq_ignore_ascii_case(level)
        {
            name = head.trim_end();
        }
        if let Some((head, tail)) = name.split_once(" of ").or_else(|| name.split_once(" de "))
            && head.eq_ignore_ascii_case(level)
        {
            name = tail.trim_start();
        }
    }
    name
}

/// "NORTH KIVU" as "North Kivu".
fn title_case(words: &str) -> String {
    words
        .split(' ')
        .map(|w| {
            let mut chars = w.chars();
            chars.next().map_or_else(String::new, |c| {
                c.to_uppercase()
                    .chain(chars.flat_map(char::to_lowercase))
                    .collect()
            })
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    /// The incidents the bundled extractor reads in `text`, published on `date` (a note
    /// without one when `None`).
    fn incidents_of(text: &str, date: Option<NaiveDate>) -> Vec<Incident> {
        let Ok(extractor) = Extractor::bundled() else {
            panic!("the bundled extractor loads");
        };
        extractor
            .extract(&Article {
                id: "t".into(),
                text: text.into(),
                date,
                ..Article::default()
            })
            .incidents
    }

    /// A note that names no place the gazetteer has, of a group that fights in several
    /// countries, is put in the country where the group fights most, unless its forces
    /// or its people say which.
    #[test]
    fn a_group_of_several_countries_is_placed_where_it_fights_most() {
        for (note, country) in [
            (
                "On 4 May 2020, Al Shabaab fighters abducted three elders from a hamlet \
                 east of the river.",
                "Somalia",
            ),
            (
                "On 5 May 2020, ISIS militants attacked a checkpoint near a farm, killing \
                 two guards.",
                "Iraq",
            ),
            (
                "On 6 May 2020, Kenyan police clashed with Al Shabaab fighters near a \
                 hamlet, killing one.",
                "Kenya",
            ),
            // (the group's name written without its apostrophe)
            (
                "On 7 May 2020, fighters of Hayat Tahrir al-Sham shelled a hamlet.",
                "Syria",
            ),
        ] {
            let incidents = incidents_of(note, None);
            let countries: Vec<&str> = incidents.iter().map(|i| i.country.as_str()).collect();
            assert_eq!(countries.first(), Some(&country), "{note}: {incidents:#?}");
        }
    }

    /// A wire text in capitals keeps its dateline though its place is read in ordinary
    /// case ("QUEZON CITY" as "Quezon city", a common word in lower case): the dateline's
    /// day dates no event; the day the text gives does.
    #[test]
    fn a_dateline_in_capitals_dates_no_event() {
        let text = "QUEZON CITY, 20 JUN 90 -- [TEXT] REBELS BURNED A PASSENGER BUS AT THE \
                    MARKET OF THE TOWN OF LIPA IN BATANGAS PROVINCE ON 18 JUNE, THE ARMY SAID.";
        let incidents = incidents_of(text, NaiveDate::from_ymd_opt(1990, 6, 20));
        let dates: Vec<Option<NaiveDate>> = incidents.iter().map(|i| i.event_date).collect();
        assert_eq!(
            dates,
            [NaiveDate::from_ymd_opt(1990, 6, 18)],
            "{incidents:#?}"
        );
    }

    #[test]
    fn a_game_yields_no_incident_and_a_riot_at_one_does() {
        let read = |text: &str| incidents_of(text, NaiveDate::from_ymd_opt(2024, 5, 6));
        assert!(
            read("Rovers attacked from the first whistle and beat United 3-1 in the league match in Lagos on Saturday.")
                .is_empty()
        );
        let riot = read(
            "Fans rioted and burned cars outside the stadium in Lagos after the league match on Saturday.",
        );
        assert!(
            riot.iter().any(|i| i.event_type == EventType::Riots),
            "{riot:?}"
        );
    }

    #[test]
    fn a_notes_lead_may_follow_a_line_of_its_date() {
        for (line, date_line) in [
            ("25 March.", true),
            ("Month of May.", true),
            ("12th October", true),
            ("Late March 2021.", true),
            ("Police arrested six men.", false),
            ("March on.", false),
        ] {
            assert_eq!(is_a_date_line(line), date_line, "{line}");
        }
        let found = incidents_of(
            "25 March. 'Massive' arrests of traders throughout Buea in ongoing crackdowns.",
            None,
        );
        assert!(
            found
                .iter()
                .any(|i| i.sub_event_type == SubEventType::Arrests),
            "{found:?}"
        );
    }

    #[test]
    fn a_trend_a_protest_is_about_leaves_the_protest_and_a_trend_of_protests_is_none() {
        let read = |text: &str| incidents_of(text, NaiveDate::from_ymd_opt(2023, 9, 4));
        for text in [
            "Traders in Kaya protested over the rising cost of living on Monday.",
            "Truck drivers in Kaya marched on Monday to demand a wage increase.",
        ] {
            let found = read(text);
            assert!(
                found.iter().any(|i| i.event_type == EventType::Protests),
                "{text}: {found:?}"
            );
        }
        let found = read("Protests have increased across Kaya province this year, officials said.");
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn years_gone_by_and_figures_of_speech_tell_no_incident() {
        let read = |text: &str| incidents_of(text, NaiveDate::from_ymd_opt(2023, 9, 4));
        for text in [
            "Survivors met in Garissa on Monday, ten years after gunmen killed 40 students.",
            "Survivors met in Garissa on Monday, a year since the massacre of 40 students.",
            "Survivors met in Garissa on Monday, ten years after gunmen attacked the school.",
            "Falling prices are killing any hope of profit for cotton growers in Sikasso, traders said.",
            "The Rovers killed the penalty late in the third period and held on for a 2-1 win in Duluth.",
        ] {
            let found = read(text);
            assert!(found.is_empty(), "{text}: {found:?}");
        }
        // The news beside them is still read; a vigil is a gathering of its own, without
        // the past event's dead.
        let found = read("Gunmen killed two guards at a depot in Garissa on Monday.");
        assert_eq!(found.len(), 1, "{found:?}");
        for text in [
            "Families held a candlelight vigil in Garissa on Monday, ten years after gunmen killed 40 students.",
            "Hundreds gathered in Garissa on Sunday to mark the anniversary of the massacre, in which some 3,000 people were killed.",
            "Hundreds gathered in Garissa on Sunday to mark the anniversary of the genocide, in which some 3,000 people were killed.",
        ] {
            let gathering = read(text);
            assert!(
                gathering
                    .iter()
                    .all(|i| i.event_type == EventType::Protests && i.fatalities == 0),
                "{text}: {gathering:?}"
            );
        }
    }

    #[test]
    fn a_headline_under_a_genre_label_reports_nothing() {
        let rows = [
            ("Analysis: Drone strikes dent the north's fuel supply", true),
            ("EXPLAINER - Why gunmen keep attacking the mines", true),
            ("Opinion | The raids will not end the war", true),
            ("Gunmen kill five in raid on mine", false),
            ("Analysts say raids on mines rose: police", false),
            ("Drone strike kills two - officials", false),
        ];
        for (title, label) in rows {
            assert_eq!(opens_on_a_genre_label(title), label, "{title}");
        }
    }

    #[test]
    fn counts_set_against_others_are_trends() {
        let read = |text: &str| incidents_of(text, NaiveDate::from_ymd_opt(2023, 9, 4));
        for text in [
            "The number of strikes on depots in the region doubled in the second quarter.",
            "Attacks on convoys fell by a fifth compared with the previous quarter, monitors said.",
        ] {
            let found = read(text);
            assert!(found.is_empty(), "{text}: {found:?}");
        }
    }

    #[test]
    fn a_countrys_dead_counted_over_a_month_are_a_tally() {
        let read = |text: &str| incidents_of(text, NaiveDate::from_ymd_opt(2023, 9, 4));
        for text in [
            "At least 240 civilians were killed and 900 injured in Chad in August, monitors said.",
            "More than 130 people were killed in August, the mission said.",
        ] {
            let found = read(text);
            assert!(found.is_empty(), "{text}: {found:?}");
        }
        // A province's dead, a few dead, a day's dead, and dead told with what killed them
        // are events.
        for text in [
            "At least 240 people were killed in Ouaddai province in August, monitors said.",
            "Two traders were killed in Chad in August, monitors said.",
            "At least 240 civilians were killed in Chad on 12 August, monitors said.",
            "Air strikes killed at least 240 civilians in Chad in August, monitors said.",
        ] {
            let found = read(text);
            assert_eq!(found.len(), 1, "{text}: {found:?}");
        }
    }

    #[test]
    fn a_clause_without_a_day_takes_the_day_of_another_clause_of_its_sentence() {
        let story = NaiveDate::from_ymd_opt(2022, 3, 14);
        let day = |text: &str| {
            incidents_of(text, story)
                .first()
                .and_then(|i| i.event_date)
                .map(|d| d.to_string())
        };
        // The day stands in the clause after "while": it is still the shooting's.
        assert_eq!(
            day(
                "A delivery driver was shot in the leg while waiting at a light on Dover Road on March 2, 2022."
            ),
            Some("2022-03-02".into())
        );
        // A later step's day is not the event's.
        assert_eq!(
            day(
                "A delivery driver was shot in the leg, while police said Thursday that no one was arrested."
            ),
            Some("2022-03-14".into())
        );
    }

    #[test]
    fn a_dated_story_tells_no_incident_without_words_of_one_and_a_note_does() {
        let read = incidents_of;
        let story_date = NaiveDate::from_ymd_opt(2021, 6, 8);
        // A story of the past: the trial of an old attack, a memorial for its dead.
        for text in [
            "A court in Mombasa on Monday jailed two men for life over the 2014 ferry terminal bombing in which 23 people were killed.",
            "A plaque was unveiled in Kisumu on Tuesday for the 31 pupils killed in the 2012 attack on their school.",
        ] {
            let incidents = read(text, story_date);
            assert!(incidents.is_empty(), "{text}: {incidents:?}");
        }
        // News with no casualty and no words of an incident: none.
        let vote = "The ruling Harmony Party took 58 percent of the vote in Sunday's regional election in Kisumu, the commission said.";
        assert!(read(vote, story_date).is_empty());
        // The same sentence as a note, written about one event, is read for that event.
        assert!(!read(vote, None).is_empty());
        // Killed, uncounted, is an incident; a casualty denied is none.
        assert_eq!(
            read(
                "Bandits killed the village head in Garsen on Sunday.",
                story_date
            )
            .len(),
            1
        );
        assert!(
            read(
                "Nobody was killed when a wall of the market in Garsen gave way on Sunday.",
                story_date
            )
            .is_empty()
        );
        // This week's attack told beside the old one is news.
        let news = read(
            "Gunmen attacked a bus near Garsen on Sunday, killing four passengers, three years after the 2018 ambush on the same road.",
            story_date,
        );
        assert_eq!(news.len(), 1, "{news:?}");
        assert_eq!(news[0].fatalities, 4);
    }

    #[test]
    fn accidents_shows_of_arms_games_and_questions_tell_no_incident() {
        let rows: [(&str, bool); 13] = [
            // accidents and disasters
            (
                "Eleven passengers were killed when a minibus collided with a fuel tanker near Kitale on Sunday, police said.",
                false,
            ),
            (
                "Flash floods swept through three villages near Mopti on Tuesday, killing 14 people.",
                false,
            ),
            (
                "A landslide buried six homes in Bududa on Monday, killing nine villagers.",
                false,
            ),
            // a show of arms, a craft, a question, a strike called off, a game
            (
                "Navy and air force units began a joint exercise off Mombasa on Monday, firing missiles at floating targets.",
                false,
            ),
            (
                "Chad took delivery of eight attack helicopters in N'Djamena on Thursday, the air force said.",
                false,
            ),
            (
                "Why do armed groups keep attacking schools in the Sahel?",
                false,
            ),
            (
                "Nurses at the county hospital in Garissa called off a three-week strike on Wednesday after the county agreed to pay them.",
                false,
            ),
            (
                "The Rangers fought back from 12 points down to beat the Comets 88-80 in the final in Nairobi on Saturday.",
                false,
            ),
            // the same words beside violence, a protest or a gun
            (
                "Residents blocked the highway near Kitale on Sunday to protest after a minibus collided with a fuel tanker, killing eleven.",
                true,
            ),
            (
                "Gunmen opened fire on soldiers during a military exercise near Gao on Monday, killing two.",
                true,
            ),
            (
                "A police helicopter crashed near Kidal on Friday after militants fired on it, killing its crew.",
                true,
            ),
            (
                "A 9-year-old boy was accidentally shot by his brother with a hunting rifle in Dayton, Ohio, on Sunday.",
                true,
            ),
            (
                "Nurses at the county hospital in Garissa began a strike on Wednesday over unpaid salaries.",
                true,
            ),
        ];
        for (text, incident) in rows {
            let found = incidents_of(text, NaiveDate::from_ymd_opt(2021, 6, 8));
            assert_eq!(!found.is_empty(), incident, "{text}: {found:?}");
        }
    }

    #[test]
    fn an_arrest_ahead_of_a_planned_rally_is_news_and_the_plan_is_not() {
        let read = |text: &str| incidents_of(text, NaiveDate::from_ymd_opt(2021, 3, 10));
        let arrests = read(
            "Police in Kisumu detained 40 opposition supporters on Monday ahead of a planned rally.",
        );
        assert_eq!(arrests.len(), 1, "{arrests:?}");
        assert_eq!(arrests[0].sub_event_type, SubEventType::Arrests);
        for plan in [
            "Militants planned attacks on the port of Kisumu, police said on Monday.",
            "A planned march in Kisumu was called off on Monday.",
        ] {
            let incidents = read(plan);
            assert!(incidents.is_empty(), "{plan}: {incidents:?}");
        }
    }

    #[test]
    fn blowing_up_a_pipeline_is_an_explosion() {
        let incidents = incidents_of(
            "Rebels blew up a section of the oil pipeline near Saravena early on Sunday.",
            NaiveDate::from_ymd_opt(2021, 3, 10),
        );
        assert_eq!(incidents.len(), 1, "{incidents:?}");
        assert_eq!(
            incidents[0].sub_event_type,
            SubEventType::RemoteExplosiveLandmineIed
        );
    }

    #[test]
    fn a_violent_deed_after_a_protests_grievance_is_what_it_is_about() {
        // (lower-case clause, the protest's word, the violent word, its grievance)
        let rows = [
            (
                "traders marched against the killing of a vendor",
                "marched",
                "killing",
                true,
            ),
            // a deed told in a relative clause of the grievance's noun
            (
                "nurses marched to demand justice for a colleague who was assaulted",
                "marched",
                "assaulted",
                true,
            ),
            (
                "staff rallied demanding punishment for a guard who had beaten a clerk",
                "rallied",
                "beaten",
                true,
            ),
            (
                "farmers marched for justice for a herder whose hut was burned",
                "marched",
                "burned",
                true,
            ),
            // a deed of the crowd's own, after its grievance
            (
                "youths marched over fuel prices and then attacked a police post",
                "marched",
                "attacked",
                false,
            ),
            (
                "youths marched for a cause that, once they arrived, they attacked",
                "marched",
                "attacked",
                false,
            ),
        ];
        for (lower, protest, deed, grievance) in rows {
            let (Some(p), Some(d)) = (lower.find(protest), lower.rfind(deed)) else {
                panic!("{lower}");
            };
            assert_eq!(
                is_the_grievance_of(lower, p + protest.len(), d),
                grievance,
                "{lower}"
            );
        }
    }

    #[test]
    fn a_crowd_that_turned_violent_riots_unless_it_is_the_grievance() {
        // (lower-case clause, the protest's word, whether the crowd turned violent)
        let rows = [
            ("youths protested violently in the town", "protested", true),
            (
                "youths marched and set fire to the town hall",
                "marched",
                true,
            ),
            ("the march turned violent at noon", "march", true),
            ("violent protests broke out in the town", "protests", true),
            (
                "youths marched for justice for a trader whose shop was set ablaze",
                "marched",
                false,
            ),
            (
                "youths marched against the burned down market",
                "marched",
                false,
            ),
            ("youths marched peacefully in the town", "marched", false),
        ];
        for (lower, protest, violent) in rows {
            let Some(p) = lower.find(protest) else {
                panic!("{lower}");
            };
            assert_eq!(
                says_the_crowd_turned_violent(lower, p + protest.len()),
                violent,
                "{lower}"
            );
        }
        // The event model alone reads these as peaceful.
        for text in [
            "Residents protested violently in Mopti on Monday.",
            "Residents protested in Mopti on Monday, setting fire to the town hall.",
        ] {
            let incidents = incidents_of(text, NaiveDate::from_ymd_opt(2021, 3, 10));
            assert_eq!(
                incidents.first().map(|i| i.sub_event_type),
                Some(SubEventType::ViolentDemonstration),
                "{text}"
            );
        }
    }

    #[test]
    fn unreal_triggers_by_the_words_before_them() {
        // (lower-case clause, trigger word, its event type, unreal)
        let rows: [(&str, &str, EventType, bool); 21] = [
            // a warning with its time between; a deed denied
            (
                "the agency warned on monday that fighting in the valley could spread",
                "fighting",
                EventType::Battles,
                true,
            ),
            (
                "there was no shooting at the fair, the organisers said",
                "shooting",
                EventType::ViolenceAgainstCivilians,
                true,
            ),
            (
                "no one claimed the shooting at the fair",
                "shooting",
                EventType::ViolenceAgainstCivilians,
                false,
            ),
            // an accusation of something else, set off by commas, governs no trigger
            (
                "a woman, accused of witchcraft, was beaten by youths",
                "beaten",
                EventType::ViolenceAgainstCivilians,
                false,
            ),
            (
                "a man accused of driving drunk, killing a deputy, appeared in court",
                "killing",
                EventType::ViolenceAgainstCivilians,
                true,
            ),
            // an event named as having happened: only its author is denied
            (
                "they accused the militia of carrying out the 3 may ambush on the road",
                "ambush",
                EventType::Battles,
                false,
            ),
            (
                "the rebels denied any part in the ambush of the convoy",
                "ambush",
                EventType::Battles,
                false,
            ),
            // a warning of what may come; a report dismissed; talks still to come
            (
                "experts warn that clashes between herders could spread",
                "clashes",
                EventType::Battles,
                true,
            ),
            (
                "police dismissed social media reports of a protest in the square",
                "protest",
                EventType::Protests,
                true,
            ),
            // a report the sentence calls untrue; one it does not
            (
                "the report that gunmen attacked the mayor's office is unfounded",
                "attacked",
                EventType::Battles,
                true,
            ),
            (
                "the report said gunmen attacked the mayor's office",
                "attacked",
                EventType::Battles,
                false,
            ),
            (
                "the two sides will meet in the capital next month for a new round of talks",
                "talks",
                EventType::StrategicDevelopments,
                true,
            ),
            // a warning given, and a report of a protest, both real
            (
                "police warned the crowd that they would fire and then shot two protesters",
                "shot",
                EventType::ViolenceAgainstCivilians,
                false,
            ),
            (
                "reports of a protest in the square came in as students marched",
                "marched",
                EventType::Protests,
                false,
            ),
            (
                "gunmen plan to attack the depot",
                "attack",
                EventType::Battles,
                true,
            ),
            (
                "the army denied shelling the village",
                "shelling",
                EventType::ExplosionsRemoteViolence,
                true,
            ),
            (
                "the union called off a two-week strike",
                "strike",
                EventType::Protests,
                true,
            ),
            // an outcome, a purpose of the gathering itself, an author only alleged
            (
                "a quarrel over land led to a shooting at the farm",
                "shooting",
                EventType::ViolenceAgainstCivilians,
                false,
            ),
            (
                "two died due to a blast at the depot",
                "blast",
                EventType::ExplosionsRemoteViolence,
                false,
            ),
            (
                "students gathered to protest the fees",
                "protest",
                EventType::Protests,
                false,
            ),
            (
                "a man accused of killing two traders",
                "killing",
                EventType::ViolenceAgainstCivilians,
                false,
            ),
        ];
        for (clause, trigger, event_type, unreal) in rows {
            let Some(at) = clause.find(trigger) else {
                panic!("{trigger} in {clause}");
            };
            assert_eq!(
                is_unreal(clause, (at, at + trigger.len()), Some(event_type)),
                unreal,
                "{clause}"
            );
        }
    }

    #[test]
    fn a_protest_called_for_is_none_held() {
        // (clause, trigger, rest of the sentence, only called for)
        let rows = [
            (
                "the opposition called for a week of strikes and marches",
                "marches",
                " starting on thursday.",
                true,
            ),
            // held while calling for something, or told as held
            (
                "protesters called for justice during a march",
                "march",
                "",
                false,
            ),
            (
                "the mayor called for a strike, which was followed by a march",
                "march",
                "",
                false,
            ),
            (
                "the union called for a strike",
                "strike",
                ", which was widely observed.",
                false,
            ),
        ];
        for (clause, trigger, rest, called_for) in rows {
            let Some(at) = clause.rfind(trigger) else {
                panic!("{trigger} in {clause}");
            };
            assert_eq!(
                is_only_called_for(clause, (at, at + trigger.len()), || rest.to_string()),
                called_for,
                "{clause}"
            );
        }
    }

    #[test]
    fn an_earlier_event_opening_a_clause_is_set_apart() {
        let rows: [(&str, Option<&str>); 6] = [
            (
                "Following last week's blast in Tessa, gunmen raided a farm in Oron",
                Some(" gunmen raided a farm in Oron"),
            ),
            (
                "Two days after a riot in Tessa, police arrested ten men in Oron",
                Some(" police arrested ten men in Oron"),
            ),
            (
                "In the wake of recent clashes in Tessa, troops shelled Oron",
                Some(" troops shelled Oron"),
            ),
            // the same event's first step, with no time apart
            (
                "After gunmen stormed Tessa, they killed five residents",
                None,
            ),
            (
                "Following the raid on Tessa, soldiers burned the market",
                None,
            ),
            // no comma, no opening phrase
            ("Gunmen raided a farm in Oron after last week's blast", None),
        ];
        for (clause, own_event) in rows {
            assert_eq!(
                after_an_earlier_event(clause).map(|from| &clause[from..]),
                own_event,
                "{clause}"
            );
        }
    }

    #[test]
    fn publishers_at_the_end_of_titles() {
        let rows = [
            (
                "Man shot - KXQT.com - Tulsa, OK News, Weather",
                Some("KXQT.com - Tulsa, OK News, Weather"),
            ),
            (
                "Teen Hurt In Crash | Dayton News, Sports",
                Some("Dayton News, Sports"),
            ),
            ("Teen Hurt - Police Ask For Help", None),
            ("No separator at all in this News title", None),
        ];
        for (title, publisher) in rows {
            assert_eq!(publisher_of(title), publisher, "{title}");
        }
    }

    #[test]
    fn tallies_of_events_are_no_events() {
        let rows = [
            (
                "this was the second shooting in the county in 24 hours.",
                true,
            ),
            ("it is the city's 12th homicide this year.", true),
            ("that marks the third attack on the base.", true),
            ("it was the 3rd time police were called there.", true),
            // the event itself, or an ordinal that counts no event
            ("a second man was shot in the leg.", false),
            (
                "it was the second day of the strike when police fired.",
                false,
            ),
            ("police said it was a robbery.", false),
            ("the suspect fired a second shot at the car.", false),
            ("the clinic of it was the second floor.", false),
        ];
        for (clause, tally) in rows {
            assert_eq!(is_a_tally(clause), tally, "{clause}");
        }
        // Deaths counted as a rate are a country's figure, no event.
        let rows = [
            (
                "the country records about 2,000 road deaths every year",
                true,
            ),
            (
                "the disease kills about 300 people in the district annually",
                true,
            ),
            (
                "gunmen kill some 30 villagers in the valley each month",
                true,
            ),
            // a death a day after another, a year ago: events
            ("a second man died a day after the attack", false),
            ("gunmen killed 30 villagers in the valley last month", false),
        ];
        for (clause, rate) in rows {
            assert_eq!(counts_deaths_as_a_rate(clause), rate, "{clause}");
        }
    }

    #[test]
    fn division_names_without_their_level_words() {
        let rows = [
            ("Helmand province", "Helmand"),
            ("Province of Kunar", "Kunar"),
            ("the State of Lagos", "Lagos"),
            ("Tigrai Region", "Tigrai"),
            ("  Far North  ", "Far North"),
            ("La Paz Department", "La Paz"),
            ("Departamento de Cusco", "Cusco"),
            ("Varnova district", "Varnova"),
        ];
        for (written, name) in rows {
            assert_eq!(without_level_words(written), name, "{written}");
        }
        assert_eq!(title_case("NORTH KIVU"), "North Kivu");
    }

    fn date(y: i32, m: u32, d: u32, precision: TimePrecision, start: usize) -> DateExpr {
        DateExpr {
            date: NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default(),
            precision,
            span: (start, start + 4),
            report_date: false,
        }
    }

    #[test]
    fn a_verdict_ends_at_its_first_whole_word() {
        let rows = [
            (
                "five men were sentenced to death",
                Some("five men were sentenced".len()),
            ),
            (
                "he was found guilty of murder",
                Some("he was found guilty".len()),
            ),
            (
                "the verdict, then the sentencing",
                Some("the verdict".len()),
            ),
            ("the presentence report", None),
            ("police dispersed the crowd", None),
        ];
        for (lower, end) in rows {
            assert_eq!(verdict_end(lower), end, "{lower}");
        }
    }

    #[test]
    fn a_later_day_of_the_sentence_beats_a_year_near_the_trigger() {
        let day = date(2019, 5, 22, TimePrecision::Day, 3);
        let year = date(2010, 1, 1, TimePrecision::Month, 80);
        let sentence = [day.clone(), year.clone()];
        assert_eq!(
            prefer_the_day("", Some(year.clone()), &sentence),
            Some(day.clone())
        );
        // A day is kept; an earlier day does not replace a later month.
        assert_eq!(prefer_the_day("", Some(day.clone()), &sentence), Some(day));
        let early = date(2009, 3, 2, TimePrecision::Day, 3);
        assert_eq!(
            prefer_the_day("", Some(year.clone()), &[early, year.clone()]),
            Some(year)
        );
        assert_eq!(prefer_the_day("", None, &sentence), None);
        // A later step's day ("police said on Monday") does not replace the month.
        let text = "Gunmen killed a farmer last August, police said on Monday.";
        let month = DateExpr {
            span: (23, 34),
            ..date(2019, 8, 1, TimePrecision::Month, 23)
        };
        let monday = DateExpr {
            span: (48, 57),
            ..date(2020, 3, 30, TimePrecision::Day, 48)
        };
        assert_eq!(&text[48..57], "on Monday");
        assert_eq!(
            prefer_the_day(text, Some(month.clone()), &[month.clone(), monday]),
            Some(month)
        );
    }
}
