//! Plain serde data shared by every stage: articles, places, incidents and their evidence.
//!
//! Field names follow ACLED's columns so that exported incidents open unchanged in analysts'
//! tools (DESIGN.md section 3).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

pub use crate::taxonomy::{EventType, GeoPrecision, ReviewStatus, SubEventType, TimePrecision};

/// One news article as read from disk or stdin.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Article {
    /// Stable identifier: the file name, or the `id` field of JSON input.
    pub id: String,
    /// Headline, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Publication date, the anchor for relative dates ("on Tuesday").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<NaiveDate>,
    /// Outlet or agency.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// Where the article was published.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Body text.
    pub text: String,
}

/// What kind of place a gazetteer entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlaceKind {
    /// A sovereign country or territory.
    Country,
    /// A first-level division (province, state).
    Admin1,
    /// A second-level division (district, county).
    Admin2,
    /// A city, town or village.
    PopulatedPlace,
    /// A continent or other large region.
    Other,
}

impl PlaceKind {
    /// ACLED's geo_precision for an incident pinned to a place of this kind:
    /// 1 town, 2 district, 3 province or country.
    pub fn geo_precision(self) -> GeoPrecision {
        match self {
            PlaceKind::PopulatedPlace => GeoPrecision::Town,
            PlaceKind::Admin2 => GeoPrecision::District,
            PlaceKind::Admin1 | PlaceKind::Country | PlaceKind::Other => GeoPrecision::Province,
        }
    }
}

/// A place mention found in an article, resolved against the gazetteer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlaceMention {
    /// Article id.
    pub article: String,
    /// The text as written.
    pub text: String,
    /// Start offset in Unicode code points.
    pub start: usize,
    /// End offset (exclusive) in Unicode code points.
    pub end: usize,
    /// Kind of the resolved place.
    pub kind: PlaceKind,
    /// Canonical name of the resolved place.
    pub name: String,
    /// Country name.
    pub country: String,
    /// ISO 3166-1 alpha-2 code of the country.
    pub iso: String,
    /// Name of the first-level division, empty for countries.
    pub admin1: String,
    /// Latitude in degrees.
    pub latitude: f64,
    /// Longitude in degrees.
    pub longitude: f64,
    /// GeoNames id, 0 when the source had none.
    pub geonames_id: u64,
    /// Confidence of the resolution, 0 to 1.
    pub confidence: f32,
}

/// Which field of an incident a piece of evidence supports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EvidenceField {
    /// The sentence the incident came from.
    Sentence,
    /// The word or phrase that decided the event type.
    Trigger,
    /// The place.
    Location,
    /// The date expression.
    Date,
    /// The fatality figure.
    Fatalities,
    /// An actor.
    Actor,
    /// The article's title, when the incident came from it (offsets in the title, not the
    /// text): a page whose body holds no story, such as a paywall, still has its headline.
    Headline,
}

/// A span of an article supporting one field of an incident.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Evidence {
    /// Article id.
    pub article: String,
    /// The field supported.
    pub field: EvidenceField,
    /// Start offset in Unicode code points.
    pub start: usize,
    /// End offset (exclusive) in Unicode code points.
    pub end: usize,
}

/// One incident, with ACLED's column names.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Incident {
    /// Stable id derived from the first source and position.
    pub event_id: String,
    /// Day of the event.
    pub event_date: Option<NaiveDate>,
    /// 1 day, 2 week, 3 month or more.
    pub time_precision: TimePrecision,
    /// ACLED event type (always the type of `sub_event_type`).
    pub event_type: EventType,
    /// ACLED sub-event type.
    pub sub_event_type: SubEventType,
    /// Main actor.
    pub actor1: String,
    /// Other actor.
    pub actor2: String,
    /// Country name.
    pub country: String,
    /// ISO 3166-1 alpha-2.
    pub iso: String,
    /// First-level division.
    pub admin1: String,
    /// Second-level division.
    pub admin2: String,
    /// Name of the place pinned.
    pub location: String,
    /// Latitude in degrees; none when the incident has no place (never 0,0).
    pub latitude: Option<f64>,
    /// Longitude in degrees; none when the incident has no place.
    pub longitude: Option<f64>,
    /// 1 town, 2 district or near, 3 province or country.
    pub geo_precision: GeoPrecision,
    /// Lowest reported figure (ACLED's rule).
    pub fatalities: u32,
    /// Highest reported figure.
    pub fatalities_max: u32,
    /// The evidence sentence(s).
    pub notes: String,
    /// Article ids.
    pub sources: Vec<String>,
    /// Spans supporting each field.
    pub evidence: Vec<Evidence>,
    /// How likely the incident is right as coded, 0 to 1 (calibrated on development data).
    #[serde(default)]
    pub confidence: f32,
    /// Where the incident stands in the analyst's review.
    #[serde(default)]
    pub review_status: ReviewStatus,
}

impl Incident {
    /// Sets the sub-event type and, with it, the event type.
    pub fn set_type(&mut self, sub_event_type: SubEventType) {
        self.sub_event_type = sub_event_type;
        self.event_type = sub_event_type.event_type();
    }

    /// The point, when the incident has a place: (latitude, longitude).
    pub fn position(&self) -> Option<(f64, f64)> {
        Some((self.latitude?, self.longitude?))
    }

    /// True when the incident is known only to its country: it has no first-level division,
    /// or its location is the country itself (coded, as ACLED codes a national event, in
    /// its capital's division).
    pub fn is_country_level(&self) -> bool {
        self.admin1.is_empty()
            || (self.geo_precision == GeoPrecision::Province
                && !self.country.is_empty()
                && crate::gazetteer::fold(&self.location) == crate::gazetteer::fold(&self.country))
    }

    /// The first-level division the incident is known to be in: empty when it is known
    /// only to its country (see [`Incident::is_country_level`]).
    pub fn known_division(&self) -> &str {
        if self.is_country_level() {
            ""
        } else {
            &self.admin1
        }
    }
}
