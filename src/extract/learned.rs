//! The learned part of the extractor: two linear models over hashed features (see
//! [`crate::linear`]), trained by `examples/train.rs` on the development sets and bundled
//! from `data/model/`.
//!
//! - The event model reads an incident's sentence (and the one after it) and gives the
//!   probability of each ACLED sub-event type. Its features are the words and word pairs,
//!   plus what the rules saw: the sub-event types of the trigger phrases in the window,
//!   the sides of who did it and to whom, and whether a death toll or injuries are
//!   reported. The rules find where an incident is; the model weighs every cue for what it
//!   is.
//! - The relevance model reads a whole document and gives the probability that it reports
//!   an incident at all (statements, analysis and history report none).
//! - The country model reads a whole document and gives the probability of each country it
//!   was trained on: where a text that names no place the gazetteer knows is about (its
//!   villages, parties, peoples, local words: "upazila", "woreda", "sheriff's deputies").

use std::borrow::Cow;
use std::sync::{LazyLock, OnceLock};

use regex::Regex;

use crate::linear::{Featurizer, LinearModel, ModelError};
use crate::taxonomy::{EventType, SubEventType};

use super::triggers::{TriggerRule, TriggerTable};
use super::{ActorMention, Roles};
use super::{cues, fatalities};

/// Hash bits of every model's features.
pub const FEATURE_BITS: u32 = 20;

/// The bundled event model.
pub const BUNDLED_EVENT_MODEL: &[u8] = include_bytes!("../../data/model/event.bin");
/// The bundled relevance model.
pub const BUNDLED_RELEVANCE_MODEL: &[u8] = include_bytes!("../../data/model/relevance.bin");

/// The bundled country model, and its classes (one ISO 3166-1 code a line, in class order).
pub const BUNDLED_COUNTRY_MODEL: &[u8] = include_bytes!("../../data/model/country.bin");
/// The classes of [`BUNDLED_COUNTRY_MODEL`].
pub const BUNDLED_COUNTRY_CLASSES: &str = include_str!("../../data/model/country.tsv");

/// Words of a document the country model reads (the relevance model's lead, so that one
/// pass featurises both).
pub const COUNTRY_WORDS: usize = RELEVANCE_WORDS;

/// An environment variable naming a folder with `event.bin` and `relevance.bin` (and
/// optionally `country.bin` and `country.tsv`) to use instead of the bundled models
/// (measuring models trained on part of the data).
pub const MODELS_VARIABLE: &str = "INCIDENT_MAP_MODELS";

/// Words of a document the relevance model reads (the lead carries the story).
pub const RELEVANCE_WORDS: usize = 400;

/// Adds the event features of an incident: the words and word pairs of its clause, the
/// words of its sentence and the next one as context, the sub-event type of the trigger
/// that chose the clause and of every trigger in the clause, the sides of its actors, and
/// the casualties it reports.
pub fn event_features(
    f: &mut Featurizer,
    clause: &str,
    window: &str,
    rule: Option<&TriggerRule>,
    roles: &Roles,
    triggers: &TriggerTable,
) {
    f.clear();
    f.add("bias");
    f.add_words(clause);
    f.add_context_words(window);
    if let Some(rule) = rule {
        f.add_joined(&["t:", rule.sub_event_type.as_str()]);
        f.add_joined(&["tt:", rule.event_type.as_str()]);
    } else {
        f.add("t:none");
    }
    let lower = window.to_ascii_lowercase();
    for m in triggers.find(window) {
        if super::condition_holds(m.rule.condition, &lower) {
            f.add_joined(&["tw:", m.rule.sub_event_type.as_str()]);
        }
    }
    add_cue_features(f, clause, window, rule);
    add_role_features(f, roles, rule);
    let toll = fatalities::death_toll(clause, &[]);
    if toll.killed > 0 {
        f.add("c:killed");
    }
    if toll.injuries {
        f.add("c:injured");
    }
}

/// Adds the sides of who did it and to whom, as the rules read them (see
/// [`ActorKind::side`]): alone, together, and with the trigger's type ("civilians attacked
/// by an armed group", "the state's forces and an armed group, with a clash").
fn add_role_features(f: &mut Featurizer, roles: &Roles, rule: Option<&TriggerRule>) {
    let trigger = rule.map_or("none", |r| r.sub_event_type.as_str());
    let side = |a: Option<ActorMention>| a.map_or("none", |a| a.kind.side());
    let (doer, done_to) = (side(roles.actor1), side(roles.actor2));
    f.add_joined(&["r1:", doer]);
    f.add_joined(&["r2:", done_to]);
    f.add_joined(&["r12:", doer, "&", done_to]);
    f.add_joined(&["r12t:", doer, "&", done_to, "&", trigger]);
}

/// Adds the kinds of party and of deed the clause and its window name (see [`cues`]):
/// alone, in pairs, and with the trigger's type ("an armed group and the state, with a
/// clash": a battle anywhere).
fn add_cue_features(f: &mut Featurizer, clause: &str, window: &str, rule: Option<&TriggerRule>) {
    let (in_clause, harmed) = cues::cues_and_harmed_in(clause);
    let in_window = cues::cues_in(window);
    let trigger = rule.map_or("none", |r| r.sub_event_type.as_str());
    let parties: Vec<cues::PartyKind> = in_clause.parties().collect();
    for (i, a) in parties.iter().enumerate() {
        f.add_joined(&["p:", a.as_str()]);
        f.add_joined(&["pt:", a.as_str(), "&", trigger]);
        for b in &parties[i + 1..] {
            f.add_joined(&["pp:", a.as_str(), "&", b.as_str()]);
            f.add_joined(&["ppt:", a.as_str(), "&", b.as_str(), "&", trigger]);
        }
    }
    if parties.is_empty() {
        f.add_joined(&["pt:none&", trigger]);
    }
    for a in in_window.parties() {
        f.add_joined(&["pw:", a.as_str()]);
    }
    for d in in_clause.deeds() {
        f.add_joined(&["d:", d.as_str()]);
        f.add_joined(&["dt:", d.as_str(), "&", trigger]);
        for a in &parties {
            f.add_joined(&["dp:", d.as_str(), "&", a.as_str()]);
        }
    }
    for d in in_window.deeds() {
        f.add_joined(&["dw:", d.as_str()]);
    }
    for h in harmed.parties() {
        f.add_joined(&["h:", h.as_str()]);
        f.add_joined(&["ht:", h.as_str(), "&", trigger]);
    }
}

/// Adds the relevance features of a document: the words and word pairs of its lead, and the
/// event types its trigger phrases name.
pub fn relevance_features(f: &mut Featurizer, text: &str, triggers: &TriggerTable) {
    f.clear();
    f.add("bias");
    let lead = document_lead(text, RELEVANCE_WORDS);
    f.add_words(&lead);
    add_trigger_kinds(f, &lead, triggers);
}

/// The relevance and the country features of a document at once (they read the same lead):
/// the same features as [`relevance_features`] and [`country_features`] give.
pub fn lead_features(
    relevance: &mut Featurizer,
    country: &mut Featurizer,
    text: &str,
    triggers: &TriggerTable,
) {
    relevance.clear();
    relevance.add("bias");
    country.clear();
    country.add("bias");
    let lead = document_lead(text, RELEVANCE_WORDS);
    relevance.add_words_and_context(country, &lead);
    add_trigger_kinds(relevance, &lead, triggers);
}

/// Bracketed notes of a wire service ("[TEXT]", "[REPORT]", "[PRESS AGENCY]"): marks of a
/// source's format, not words of the story. Read, they teach the document models which
/// source a text is from instead of what it reports.
static BRACKETED_NOTE: LazyLock<Regex> = LazyLock::new(|| {
    #[allow(clippy::expect_used)]
    Regex::new(r"\[[^\[\]\n]{1,80}\]").expect("the bracketed-note pattern is valid")
});

/// The lead of a document as the document models read it: its first `words` words, without
/// bracketed notes.
fn document_lead(text: &str, words: usize) -> Cow<'_, str> {
    let lead = lead_of(text, words);
    if lead.contains('[') {
        BRACKETED_NOTE.replace_all(lead, " ")
    } else {
        Cow::Borrowed(lead)
    }
}

/// The first `words` words of a text.
fn lead_of(text: &str, words: usize) -> &str {
    let lead_end = text
        .split_whitespace()
        .take(words)
        .last()
        .map(|w| w.as_ptr() as usize - text.as_ptr() as usize + w.len())
        .unwrap_or(0);
    text.get(..lead_end).unwrap_or(text)
}

/// Adds the event types the trigger phrases of a lead name, and how many kinds there are.
fn add_trigger_kinds(f: &mut Featurizer, lead: &str, triggers: &TriggerTable) {
    let lower = lead.to_ascii_lowercase();
    let mut kinds = 0;
    for m in triggers.find(lead) {
        if super::condition_holds(m.rule.condition, &lower) {
            f.add_joined(&["tt:", m.rule.event_type.as_str()]);
            kinds += 1;
        }
    }
    f.add(&format!("n:triggers{}", kinds.min(5)));
}

/// Adds the country features of a document: the words of its lead (pairs add little to
/// where a text is from, and would double the model's look-ups).
pub fn country_features(f: &mut Featurizer, text: &str) {
    f.clear();
    f.add("bias");
    f.add_context_words(&document_lead(text, COUNTRY_WORDS));
}

/// The country model: a linear model and the country (ISO 3166-1 alpha-2) of each class.
#[derive(Debug, Clone)]
pub struct CountryModel {
    model: LinearModel,
    countries: Vec<String>,
}

impl CountryModel {
    /// A model and its classes' countries (the trainer).
    pub fn from_parts(
        model: LinearModel,
        countries: Vec<String>,
    ) -> Result<CountryModel, ModelError> {
        if model.classes() != countries.len() || countries.is_empty() {
            return Err(ModelError::Format {
                name: "country".into(),
                problem: format!(
                    "{} classes but {} countries listed",
                    model.classes(),
                    countries.len()
                ),
            });
        }
        Ok(CountryModel { model, countries })
    }

    /// A model from its file's bytes and its classes' list (a code a line).
    pub fn from_bytes(bytes: &[u8], classes: &str) -> Result<CountryModel, ModelError> {
        let countries = classes
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_string)
            .collect();
        CountryModel::from_parts(LinearModel::from_bytes("country", bytes)?, countries)
    }

    /// The countries of the classes, in class order.
    pub fn countries(&self) -> &[String] {
        &self.countries
    }

    /// The likeliest country of a document and its probability.
    pub fn predict(&self, f: &mut Featurizer, text: &str) -> Option<(&str, f32)> {
        country_features(f, text);
        self.predict_from(f)
    }

    /// The likeliest country for the country features already in `f`.
    pub fn predict_from(&self, f: &mut Featurizer) -> Option<(&str, f32)> {
        let p = self.model.probabilities(f.features());
        let (best, &prob) = p.iter().enumerate().max_by(|a, b| a.1.total_cmp(b.1))?;
        Some((self.countries.get(best)?.as_str(), prob))
    }

    /// The probabilities of the classes for features already collected (the trainer).
    pub fn probabilities(&self, features: &[u32]) -> Vec<f32> {
        self.model.probabilities(features)
    }

    /// The model's bytes and its classes' list, as the two files hold them.
    pub fn to_files(&self) -> (Vec<u8>, String) {
        let mut classes = String::from("# countries of the country model's classes, in order\n");
        for c in &self.countries {
            classes.push_str(c);
            classes.push('\n');
        }
        (self.model.to_bytes(), classes)
    }
}

/// The sub-event type probabilities of an incident.
#[derive(Debug, Clone)]
pub struct TypeScores {
    /// Probability of each sub-event type, indexed like [`SubEventType::ALL`].
    pub probabilities: Vec<f32>,
}

impl TypeScores {
    /// The likeliest event type (summing its sub-types) and, within it, the likeliest
    /// sub-type, with the probability of each.
    pub fn best(&self) -> (SubEventType, f32, f32) {
        let type_p = |t: EventType| -> f32 {
            t.sub_types()
                .iter()
                .map(|s| self.probabilities.get(s.index()).copied().unwrap_or(0.0))
                .sum()
        };
        let event_type = EventType::ALL
            .into_iter()
            .max_by(|a, b| type_p(*a).total_cmp(&type_p(*b)))
            .unwrap_or_default();
        let sub = event_type
            .sub_types()
            .iter()
            .copied()
            .max_by(|a, b| {
                let pa = self.probabilities.get(a.index()).copied().unwrap_or(0.0);
                let pb = self.probabilities.get(b.index()).copied().unwrap_or(0.0);
                pa.total_cmp(&pb)
            })
            .unwrap_or_default();
        let sub_p = self.probabilities.get(sub.index()).copied().unwrap_or(0.0);
        (sub, type_p(event_type), sub_p)
    }

    /// The probability of one sub-event type.
    pub fn of(&self, sub: SubEventType) -> f32 {
        self.probabilities.get(sub.index()).copied().unwrap_or(0.0)
    }

    /// The sub-type to code, given the one the rules read (if any) and whether they read it
    /// from a phrase of several words ("prisoner swap", "car bomb"): the model chooses the
    /// event type; within it, the rules' sub-type stands when it came from such a phrase,
    /// which names the sub-type as the codebook defines it, or when the model gives it at
    /// least a third of its own choice. Returns the sub-type and the probability of its
    /// event type.
    pub fn settle(&self, rules: Option<(SubEventType, bool)>) -> (SubEventType, f32) {
        let (best, type_p, best_p) = self.best();
        match rules {
            Some((rule, phrase))
                if rule != best
                    && rule.event_type() == best.event_type()
                    && (phrase || self.of(rule) * 3.0 >= best_p) =>
            {
                (rule, type_p)
            }
            _ => (best, type_p),
        }
    }
}

/// The bundled models.
#[derive(Debug, Clone)]
pub struct Models {
    event: LinearModel,
    relevance: LinearModel,
    country: Option<CountryModel>,
}

impl Models {
    /// The models bundled with the app (parsed once); none before the first training run
    /// wrote them (empty files).
    pub fn bundled() -> Result<Option<&'static Models>, ModelError> {
        static MODELS: OnceLock<Result<Option<Models>, String>> = OnceLock::new();
        MODELS
            .get_or_init(|| {
                if let Some(dir) = std::env::var_os(MODELS_VARIABLE) {
                    let dir = std::path::PathBuf::from(dir);
                    let read = |name: &str| {
                        std::fs::read(dir.join(name))
                            .map_err(|e| format!("{}: {e}", dir.join(name).display()))
                    };
                    let mut models =
                        Models::from_bytes(&read("event.bin")?, &read("relevance.bin")?)
                            .map_err(|e| e.to_string())?;
                    // A folder without a country model measures the others alone.
                    if let (Ok(bytes), Ok(classes)) = (
                        std::fs::read(dir.join("country.bin")),
                        std::fs::read_to_string(dir.join("country.tsv")),
                    ) {
                        models.country = Some(
                            CountryModel::from_bytes(&bytes, &classes)
                                .map_err(|e| e.to_string())?,
                        );
                    }
                    return Ok(Some(models));
                }
                if BUNDLED_EVENT_MODEL.is_empty() || BUNDLED_RELEVANCE_MODEL.is_empty() {
                    return Ok(None);
                }
                let mut models = Models::from_bytes(BUNDLED_EVENT_MODEL, BUNDLED_RELEVANCE_MODEL)
                    .map_err(|e| e.to_string())?;
                if !BUNDLED_COUNTRY_MODEL.is_empty() {
                    models.country = Some(
                        CountryModel::from_bytes(BUNDLED_COUNTRY_MODEL, BUNDLED_COUNTRY_CLASSES)
                            .map_err(|e| e.to_string())?,
                    );
                }
                Ok(Some(models))
            })
            .as_ref()
            .map(Option::as_ref)
            .map_err(|e| ModelError::Format {
                name: "bundled".into(),
                problem: e.clone(),
            })
    }

    /// Models from two trained linear models (the trainer).
    pub fn from_parts(event: LinearModel, relevance: LinearModel) -> Models {
        Models {
            event,
            relevance,
            country: None,
        }
    }

    /// The same models with a country model (or none).
    pub fn with_country(mut self, country: Option<CountryModel>) -> Models {
        self.country = country;
        self
    }

    /// The country model, when there is one.
    pub fn country(&self) -> Option<&CountryModel> {
        self.country.as_ref()
    }

    /// Models from their files' bytes.
    pub fn from_bytes(event: &[u8], relevance: &[u8]) -> Result<Models, ModelError> {
        let event = LinearModel::from_bytes("event", event)?;
        let relevance = LinearModel::from_bytes("relevance", relevance)?;
        if event.classes() != SubEventType::ALL.len() || relevance.classes() != 2 {
            return Err(ModelError::Format {
                name: "bundled".into(),
                problem: "unexpected number of classes".into(),
            });
        }
        Ok(Models {
            event,
            relevance,
            country: None,
        })
    }

    /// Sub-event type probabilities of an incident.
    pub fn event_type(
        &self,
        f: &mut Featurizer,
        clause: &str,
        window: &str,
        rule: Option<&TriggerRule>,
        roles: &Roles,
        triggers: &TriggerTable,
    ) -> TypeScores {
        event_features(f, clause, window, rule, roles, triggers);
        TypeScores {
            probabilities: self.event.probabilities(f.features()),
        }
    }

    /// The probability that a document reports an incident.
    pub fn relevance(&self, f: &mut Featurizer, text: &str, triggers: &TriggerTable) -> f32 {
        relevance_features(f, text, triggers);
        self.relevance_from(f)
    }

    /// The probability that a document reports an incident, and the likeliest country it is
    /// about (when there is a country model), from one reading of its lead.
    pub fn relevance_and_country(
        &self,
        f: &mut Featurizer,
        country: &mut Featurizer,
        text: &str,
        triggers: &TriggerTable,
    ) -> (f32, Option<(&str, f32)>) {
        lead_features(f, country, text, triggers);
        let relevance = self.relevance_from(f);
        let country = self.country.as_ref().and_then(|m| m.predict_from(country));
        (relevance, country)
    }

    fn relevance_from(&self, f: &mut Featurizer) -> f32 {
        self.relevance
            .probabilities(f.features())
            .get(1)
            .copied()
            .unwrap_or(0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_country_model_needs_a_country_for_each_class() {
        let model = LinearModel::from_dense(8, 2, vec![0.0, 1.0], &[], 1e-4);
        let two = CountryModel::from_parts(model.clone(), vec!["KE".into(), "UG".into()]);
        let two = two.expect("two classes, two countries");
        assert!(CountryModel::from_parts(model.clone(), vec!["KE".into()]).is_err());
        // The files round-trip, and the bias makes the second class the likeliest.
        let (bytes, classes) = two.to_files();
        let back = CountryModel::from_bytes(&bytes, &classes).expect("round trip");
        assert_eq!(back.countries(), ["KE", "UG"]);
        let mut f = Featurizer::new(8);
        assert_eq!(
            back.predict(&mut f, "any words").map(|(c, _)| c),
            Some("UG")
        );
        assert!(CountryModel::from_bytes(&bytes, "KE\n").is_err());
    }

    #[test]
    fn one_reading_of_the_lead_gives_both_models_their_own_features() {
        let triggers = TriggerTable::bundled().expect("bundled triggers");
        let text = "Gunmen attacked a checkpoint near Elmwood on Monday, killing 3 guards. \
                    Police said 2 more were hurt."
            .repeat(40);
        let (mut relevance, mut country) = (Featurizer::new(20), Featurizer::new(20));
        lead_features(&mut relevance, &mut country, &text, &triggers);
        let (mut alone_relevance, mut alone_country) = (Featurizer::new(20), Featurizer::new(20));
        relevance_features(&mut alone_relevance, &text, &triggers);
        country_features(&mut alone_country, &text);
        assert_eq!(relevance.features(), alone_relevance.features());
        assert_eq!(country.features(), alone_country.features());
        assert!(relevance.features().len() > country.features().len());
    }

    #[test]
    fn a_wire_services_bracketed_notes_are_no_words_of_the_lead() {
        let triggers = TriggerTable::bundled().expect("bundled triggers");
        let features = |text: &str| {
            let mut f = Featurizer::new(20);
            relevance_features(&mut f, text, &triggers);
            f.features().to_vec()
        };
        assert_eq!(
            features("LIMA, 4 MAY [TEXT] [CITY RADIO] Gunmen attacked a bus."),
            features("LIMA, 4 MAY Gunmen attacked a bus."),
        );
        assert_eq!(
            features("[Gunmen attacked a bus in Lima."),
            features("Gunmen attacked a bus in Lima."),
            "a bracket never closed takes no words with it"
        );
    }

    #[test]
    fn who_did_it_and_to_whom_are_features_by_side() {
        use super::super::{ActorDictionary, ActorKind};
        let triggers = TriggerTable::bundled().expect("bundled triggers");
        let dict = ActorDictionary::new().expect("actor dictionary");
        let features = |text: &str, trigger: &str| {
            let at = text.find(trigger).map(|s| (s, s + trigger.len()));
            let roles = dict.roles(text, at, &[]);
            let mut f = Featurizer::new(FEATURE_BITS);
            event_features(&mut f, text, text, None, &roles, &triggers);
            f.features().to_vec()
        };
        let has = |features: &[u32], name: &str| {
            let mut one = Featurizer::new(FEATURE_BITS);
            one.add(name);
            features.contains(&one.features()[0])
        };
        let rows = [
            // (text, trigger, the feature it must give, one it must not)
            (
                "Rebels attacked an army post.",
                "attacked",
                "r12:armed&state",
                "r2:civilians",
            ),
            (
                "Soldiers raided the rebels' camp.",
                "raided",
                "r12:state&armed",
                "r1:armed",
            ),
            (
                "A shop was looted by gendarmes.",
                "looted",
                "r1:state",
                "r1:none",
            ),
            (
                "Villagers were killed by gunmen.",
                "killed",
                "r12:armed&civilians",
                "r2:state",
            ),
            (
                "Something happened.",
                "happened",
                "r12:none&none",
                "r1:state",
            ),
        ];
        for (text, trigger, given, not_given) in rows {
            let f = features(text, trigger);
            assert!(has(&f, given), "{text}: {given}");
            assert!(!has(&f, not_given), "{text}: not {not_given}");
        }
        // Kinds of one side read alike.
        assert_eq!(ActorKind::Taliban.side(), ActorKind::Militants.side());
        assert_eq!(ActorKind::Police.side(), ActorKind::Military.side());
    }

    #[test]
    fn the_bundled_country_model_reads_its_classes() {
        if BUNDLED_COUNTRY_MODEL.is_empty() {
            return;
        }
        let model = CountryModel::from_bytes(BUNDLED_COUNTRY_MODEL, BUNDLED_COUNTRY_CLASSES)
            .expect("bundled country model");
        assert!(model.countries().iter().any(|c| c == "US"));
        assert!(model.countries().iter().all(|c| c.len() == 2));
    }
}
