//! An incident as the workspace keeps it ([`IncidentRecord`]): ACLED's fields, the review,
//! which fields a person set, where it came from; the editable fields ([`Field`]) with their
//! text form and validation; and the mapping between records and table rows.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::str::FromStr;

use chrono::NaiveDate;
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

use super::error::{Result, WorkspaceError};
use crate::model::{Evidence, EvidenceField, Incident};
use crate::taxonomy::{EventType, GeoPrecision, ReviewStatus, SubEventType, TimePrecision};

/// Where an incident came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Origin {
    /// Found by the extractor in imported articles.
    Extracted,
    /// A row of an ACLED export, imported as ACLED coded it.
    Acled,
    /// Added by the analyst.
    Analyst,
}

impl Origin {
    /// The name stored and exported.
    pub fn as_str(self) -> &'static str {
        match self {
            Origin::Extracted => "extracted",
            Origin::Acled => "acled",
            Origin::Analyst => "analyst",
        }
    }

    fn parse(text: &str) -> Result<Origin> {
        match text {
            "extracted" => Ok(Origin::Extracted),
            "acled" => Ok(Origin::Acled),
            "analyst" => Ok(Origin::Analyst),
            other => Err(WorkspaceError::Damaged(format!("unknown origin {other:?}"))),
        }
    }
}

/// Whether an incident row is shown, or hidden by a merge or a deletion (kept for undo and
/// for splitting a merge back apart).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum RowState {
    Active,
    Merged,
    Deleted,
}

impl RowState {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            RowState::Active => "active",
            RowState::Merged => "merged",
            RowState::Deleted => "deleted",
        }
    }

    fn parse(text: &str) -> Result<RowState> {
        match text {
            "active" => Ok(RowState::Active),
            "merged" => Ok(RowState::Merged),
            "deleted" => Ok(RowState::Deleted),
            other => Err(WorkspaceError::Damaged(format!("unknown state {other:?}"))),
        }
    }
}

/// An incident as the workspace keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IncidentRecord {
    /// ACLED's fields, the sources (article ids), the evidence spans of every source, the
    /// confidence and the review status.
    pub incident: Incident,
    /// ACLED's third-level division (empty unless an ACLED export gave one or a person set it).
    pub admin3: String,
    /// Every other column of an ACLED export, as ACLED wrote it (column name to text).
    pub extra: BTreeMap<String, String>,
    /// Where the incident came from.
    pub origin: Origin,
    /// The extractor version(s) that coded its sources (`0.1.0+r1`), `acled` or `analyst`.
    pub extractor_version: String,
    /// The fields a person set: re-extraction keeps them.
    pub human_fields: BTreeSet<Field>,
    /// True when a re-extraction no longer found the incident in its articles but a person
    /// had reviewed it, so it was kept.
    pub not_refound: bool,
}

impl IncidentRecord {
    /// A record for an incident, with nothing set by a person.
    pub fn new(incident: Incident, origin: Origin, extractor_version: &str) -> IncidentRecord {
        IncidentRecord {
            incident,
            admin3: String::new(),
            extra: BTreeMap::new(),
            origin,
            extractor_version: extractor_version.to_string(),
            human_fields: BTreeSet::new(),
            not_refound: false,
        }
    }

    /// The event id.
    pub fn event_id(&self) -> &str {
        &self.incident.event_id
    }

    /// The review status.
    pub fn status(&self) -> ReviewStatus {
        self.incident.review_status
    }
}

/// A field of an incident that can be edited (`FIELD=VALUE`), by its ACLED column name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Field {
    /// `event_date`: ISO date (2020-04-01), "1 April 2020", or empty.
    EventDate,
    /// `time_precision`: 1 day, 2 week, 3 month or more.
    TimePrecision,
    /// `event_type`: one of ACLED's six.
    EventType,
    /// `sub_event_type`: one of ACLED's 25 (sets the event type with it).
    SubEventType,
    /// `actor1`.
    Actor1,
    /// `actor2`.
    Actor2,
    /// `country`.
    Country,
    /// `iso`: ISO 3166-1 alpha-2, or empty.
    Iso,
    /// `admin1`.
    Admin1,
    /// `admin2`.
    Admin2,
    /// `admin3`.
    Admin3,
    /// `location`.
    Location,
    /// `latitude`: -90 to 90, or empty with longitude for an unplaced incident.
    Latitude,
    /// `longitude`: -180 to 180, or empty with latitude.
    Longitude,
    /// `geo_precision`: 1 town, 2 district or near, 3 province or country.
    GeoPrecision,
    /// `fatalities`: the lowest reported figure.
    Fatalities,
    /// `fatalities_max`: the highest reported figure.
    FatalitiesMax,
    /// `notes`.
    Notes,
}

impl Field {
    /// Every field, in ACLED's column order.
    pub const ALL: [Field; 18] = [
        Field::EventDate,
        Field::TimePrecision,
        Field::EventType,
        Field::SubEventType,
        Field::Actor1,
        Field::Actor2,
        Field::Country,
        Field::Iso,
        Field::Admin1,
        Field::Admin2,
        Field::Admin3,
        Field::Location,
        Field::Latitude,
        Field::Longitude,
        Field::GeoPrecision,
        Field::Fatalities,
        Field::FatalitiesMax,
        Field::Notes,
    ];

    /// The column name.
    pub fn as_str(self) -> &'static str {
        match self {
            Field::EventDate => "event_date",
            Field::TimePrecision => "time_precision",
            Field::EventType => "event_type",
            Field::SubEventType => "sub_event_type",
            Field::Actor1 => "actor1",
            Field::Actor2 => "actor2",
            Field::Country => "country",
            Field::Iso => "iso",
            Field::Admin1 => "admin1",
            Field::Admin2 => "admin2",
            Field::Admin3 => "admin3",
            Field::Location => "location",
            Field::Latitude => "latitude",
            Field::Longitude => "longitude",
            Field::GeoPrecision => "geo_precision",
            Field::Fatalities => "fatalities",
            Field::FatalitiesMax => "fatalities_max",
            Field::Notes => "notes",
        }
    }

    /// True for the fields of [`Incident`] (the extractor codes them); `admin3` is the
    /// workspace's own.
    pub fn is_coded(self) -> bool {
        self != Field::Admin3
    }

    /// The field's value as text (empty for none).
    pub fn get(self, r: &IncidentRecord) -> String {
        let i = &r.incident;
        match self {
            Field::EventDate => i.event_date.map(|d| d.to_string()).unwrap_or_default(),
            Field::TimePrecision => i.time_precision.to_string(),
            Field::EventType => i.event_type.to_string(),
            Field::SubEventType => i.sub_event_type.to_string(),
            Field::Actor1 => i.actor1.clone(),
            Field::Actor2 => i.actor2.clone(),
            Field::Country => i.country.clone(),
            Field::Iso => i.iso.clone(),
            Field::Admin1 => i.admin1.clone(),
            Field::Admin2 => i.admin2.clone(),
            Field::Admin3 => r.admin3.clone(),
            Field::Location => i.location.clone(),
            Field::Latitude => i.latitude.map(|x| x.to_string()).unwrap_or_default(),
            Field::Longitude => i.longitude.map(|x| x.to_string()).unwrap_or_default(),
            Field::GeoPrecision => i.geo_precision.to_string(),
            Field::Fatalities => i.fatalities.to_string(),
            Field::FatalitiesMax => i.fatalities_max.to_string(),
            Field::Notes => i.notes.clone(),
        }
    }

    /// Parses `value` and sets the field. The value alone is checked here; consistency
    /// between fields (type and sub-type, both coordinates) by [`check_consistency`].
    pub fn set(self, r: &mut IncidentRecord, value: &str) -> Result<()> {
        let bad = |problem: &str| WorkspaceError::invalid(self.as_str(), value, problem);
        let text = value.trim();
        let i = &mut r.incident;
        match self {
            Field::EventDate => {
                i.event_date = if text.is_empty() {
                    None
                } else {
                    Some(parse_date(text).ok_or_else(|| {
                        bad("not a date (write 2020-04-01 or 1 April 2020, or nothing)")
                    })?)
                }
            }
            Field::TimePrecision => {
                i.time_precision = text
                    .parse::<TimePrecision>()
                    .map_err(|_| bad("must be 1 (day), 2 (week) or 3 (month or more)"))?
            }
            Field::EventType => {
                i.event_type = text.parse::<EventType>().map_err(|e| bad(&e.to_string()))?
            }
            Field::SubEventType => {
                i.sub_event_type = text
                    .parse::<SubEventType>()
                    .map_err(|e| bad(&e.to_string()))?
            }
            Field::Actor1 => i.actor1 = text.to_string(),
            Field::Actor2 => i.actor2 = text.to_string(),
            Field::Country => i.country = text.to_string(),
            Field::Iso => {
                if !(text.is_empty()
                    || (text.len() == 2 && text.bytes().all(|b| b.is_ascii_alphabetic())))
                {
                    return Err(bad(
                        "not an ISO 3166-1 alpha-2 country code (two letters such as AF), or nothing",
                    ));
                }
                i.iso = text.to_ascii_uppercase();
            }
            Field::Admin1 => i.admin1 = text.to_string(),
            Field::Admin2 => i.admin2 = text.to_string(),
            Field::Admin3 => r.admin3 = text.to_string(),
            Field::Location => i.location = text.to_string(),
            Field::Latitude => i.latitude = parse_coordinate(text, 90.0).map_err(|p| bad(&p))?,
            Field::Longitude => i.longitude = parse_coordinate(text, 180.0).map_err(|p| bad(&p))?,
            Field::GeoPrecision => {
                i.geo_precision = text.parse::<GeoPrecision>().map_err(|_| {
                    bad("must be 1 (town), 2 (district or near) or 3 (province or country)")
                })?
            }
            Field::Fatalities => {
                i.fatalities = text
                    .parse::<u32>()
                    .map_err(|_| bad("not a whole number of deaths (0 or more)"))?
            }
            Field::FatalitiesMax => {
                i.fatalities_max = text
                    .parse::<u32>()
                    .map_err(|_| bad("not a whole number of deaths (0 or more)"))?
            }
            Field::Notes => i.notes = value.to_string(),
        }
        Ok(())
    }

    /// Copies the field from a coded incident (the machine's value).
    pub(crate) fn copy_from(self, from: &Incident, to: &mut Incident) {
        match self {
            Field::EventDate => to.event_date = from.event_date,
            Field::TimePrecision => to.time_precision = from.time_precision,
            Field::EventType => to.event_type = from.event_type,
            Field::SubEventType => to.sub_event_type = from.sub_event_type,
            Field::Actor1 => to.actor1.clone_from(&from.actor1),
            Field::Actor2 => to.actor2.clone_from(&from.actor2),
            Field::Country => to.country.clone_from(&from.country),
            Field::Iso => to.iso.clone_from(&from.iso),
            Field::Admin1 => to.admin1.clone_from(&from.admin1),
            Field::Admin2 => to.admin2.clone_from(&from.admin2),
            Field::Admin3 => {}
            Field::Location => to.location.clone_from(&from.location),
            Field::Latitude => to.latitude = from.latitude,
            Field::Longitude => to.longitude = from.longitude,
            Field::GeoPrecision => to.geo_precision = from.geo_precision,
            Field::Fatalities => to.fatalities = from.fatalities,
            Field::FatalitiesMax => to.fatalities_max = from.fatalities_max,
            Field::Notes => to.notes.clone_from(&from.notes),
        }
    }

    /// The accepted field names, comma-separated (with `status`).
    pub fn names() -> String {
        let mut names: Vec<&str> = Field::ALL.iter().map(|f| f.as_str()).collect();
        names.push("status");
        names.join(", ")
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Field {
    type Err = WorkspaceError;
    fn from_str(text: &str) -> Result<Field> {
        let wanted = text.trim();
        Field::ALL
            .into_iter()
            .find(|f| f.as_str().eq_ignore_ascii_case(wanted))
            .ok_or_else(|| WorkspaceError::UnknownField {
                field: text.to_string(),
                expected: Field::names(),
            })
    }
}

/// Parses a date as analysts and ACLED write it: `2020-04-01`, `28 September 2019`,
/// `28-September-2019`, `September 28, 2019`, `28 Sep 2019`.
pub fn parse_date(text: &str) -> Option<NaiveDate> {
    let text = text.trim();
    [
        "%Y-%m-%d",
        "%d %B %Y",
        "%d-%B-%Y",
        "%B %d, %Y",
        "%d %b %Y",
        "%d-%b-%Y",
        "%Y/%m/%d",
    ]
    .iter()
    .find_map(|format| NaiveDate::parse_from_str(text, format).ok())
}

/// A latitude or longitude within ±`limit`, or none for empty text.
fn parse_coordinate(text: &str, limit: f64) -> Result<Option<f64>, String> {
    if text.is_empty() {
        return Ok(None);
    }
    let x: f64 = text
        .parse()
        .map_err(|_| "not a number of degrees".to_string())?;
    if !x.is_finite() || x.abs() > limit {
        return Err(format!("out of range (-{limit} to {limit} degrees)"));
    }
    Ok(Some(x))
}

/// Checks a whole incident: coordinates in range and the ISO code well formed, and what
/// single fields cannot: the sub-event type belongs to the event type, both coordinates or
/// neither, the highest figure not below the lowest.
pub fn check_consistency(r: &IncidentRecord) -> Result<()> {
    let i = &r.incident;
    if i.sub_event_type.event_type() != i.event_type {
        let subs: Vec<&str> = i
            .event_type
            .sub_types()
            .iter()
            .map(|s| s.as_str())
            .collect();
        return Err(WorkspaceError::invalid(
            "sub_event_type",
            i.sub_event_type.as_str(),
            format!(
                "belongs to {}, not {}; give a sub_event_type of {} ({}) or set sub_event_type alone",
                i.sub_event_type.event_type(),
                i.event_type,
                i.event_type,
                subs.join(", ")
            ),
        ));
    }
    for (field, value, limit) in [
        ("latitude", i.latitude, 90.0),
        ("longitude", i.longitude, 180.0),
    ] {
        if let Some(x) = value
            && !(x.is_finite() && x.abs() <= limit)
        {
            return Err(WorkspaceError::invalid(
                field,
                &x.to_string(),
                format!("out of range (-{limit} to {limit} degrees)"),
            ));
        }
    }
    if !(i.iso.is_empty() || (i.iso.len() == 2 && i.iso.bytes().all(|b| b.is_ascii_uppercase()))) {
        return Err(WorkspaceError::invalid(
            "iso",
            &i.iso,
            "not an ISO 3166-1 alpha-2 country code (two capital letters such as AF), or nothing",
        ));
    }
    if i.latitude.is_some() != i.longitude.is_some() {
        return Err(WorkspaceError::invalid(
            if i.latitude.is_some() {
                "longitude"
            } else {
                "latitude"
            },
            "",
            "latitude and longitude must both be given, or both be empty for an unplaced incident",
        ));
    }
    if i.fatalities_max < i.fatalities {
        return Err(WorkspaceError::invalid(
            "fatalities_max",
            &i.fatalities_max.to_string(),
            format!("below fatalities ({})", i.fatalities),
        ));
    }
    Ok(())
}

/// An incident row as stored: the record (its `sources` and `evidence` empty; they live in
/// the sources table) and the row's bookkeeping.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Row {
    pub num: i64,
    pub record: IncidentRecord,
    pub state: RowState,
    pub merged_into: Option<i64>,
    pub created_at: String,
}

/// The columns [`read_row`] expects, in order.
pub(crate) const ROW_COLUMNS: &str = "num, event_id, event_date, time_precision, event_type, \
     sub_event_type, actor1, actor2, country, iso, admin1, admin2, admin3, location, latitude, \
     longitude, geo_precision, fatalities, fatalities_max, notes, confidence, review_status, \
     human_fields, origin, extractor_version, state, merged_into, not_refound, extra, created_at";

fn damaged(what: &str, value: &str) -> WorkspaceError {
    WorkspaceError::Damaged(format!("bad {what} {value:?}"))
}

/// Reads a row selected with [`ROW_COLUMNS`].
pub(crate) fn read_row(row: &rusqlite::Row<'_>) -> Result<Row> {
    let text = |i: usize| -> Result<String> { Ok(row.get::<_, String>(i)?) };
    let code = |i: usize| -> Result<u8> { Ok(u8::try_from(row.get::<_, i64>(i)?).unwrap_or(0)) };
    let count =
        |i: usize| -> Result<u32> { Ok(u32::try_from(row.get::<_, i64>(i)?).unwrap_or(u32::MAX)) };
    let date: Option<String> = row.get(2)?;
    let event_date = match date {
        Some(d) => Some(parse_date(&d).ok_or_else(|| damaged("event_date", &d))?),
        None => None,
    };
    let time_precision = TimePrecision::from_code(code(3)?)
        .ok_or_else(|| damaged("time_precision", &code(3).unwrap_or(0).to_string()))?;
    let event_type_text = text(4)?;
    let event_type = event_type_text
        .parse()
        .map_err(|_| damaged("event_type", &event_type_text))?;
    let sub_text = text(5)?;
    let sub_event_type = sub_text
        .parse()
        .map_err(|_| damaged("sub_event_type", &sub_text))?;
    let geo_precision = GeoPrecision::from_code(code(16)?)
        .ok_or_else(|| damaged("geo_precision", &code(16).unwrap_or(0).to_string()))?;
    let status_text = text(21)?;
    let review_status = status_text
        .parse()
        .map_err(|_| damaged("review_status", &status_text))?;
    let human_fields: BTreeSet<Field> = serde_json::from_str(&text(22)?)?;
    let extra: BTreeMap<String, String> = serde_json::from_str(&text(28)?)?;
    let confidence: f64 = row.get(20)?;
    let incident = Incident {
        event_id: text(1)?,
        event_date,
        time_precision,
        event_type,
        sub_event_type,
        actor1: text(6)?,
        actor2: text(7)?,
        country: text(8)?,
        iso: text(9)?,
        admin1: text(10)?,
        admin2: text(11)?,
        location: text(13)?,
        latitude: row.get(14)?,
        longitude: row.get(15)?,
        geo_precision,
        fatalities: count(17)?,
        fatalities_max: count(18)?,
        notes: text(19)?,
        sources: Vec::new(),
        evidence: Vec::new(),
        confidence: confidence as f32,
        review_status,
    };
    Ok(Row {
        num: row.get(0)?,
        record: IncidentRecord {
            incident,
            admin3: text(12)?,
            extra,
            origin: Origin::parse(&text(23)?)?,
            extractor_version: text(24)?,
            human_fields,
            not_refound: row.get::<_, i64>(27)? != 0,
        },
        state: RowState::parse(&text(25)?)?,
        merged_into: row.get(26)?,
        created_at: text(29)?,
    })
}

/// Inserts a row (a new number when `row.num` is 0) or updates it in place. Returns its
/// number.
pub(crate) fn write_row(conn: &Connection, row: &Row, now: &str) -> Result<i64> {
    let r = &row.record;
    let i = &r.incident;
    let human = serde_json::to_string(&r.human_fields)?;
    let extra = serde_json::to_string(&r.extra)?;
    let num = if row.num == 0 { None } else { Some(row.num) };
    let mut stmt = conn.prepare_cached(
        "INSERT INTO incidents (num, event_id, event_date, time_precision, event_type, \
         sub_event_type, actor1, actor2, country, iso, admin1, admin2, admin3, location, \
         latitude, longitude, geo_precision, fatalities, fatalities_max, notes, confidence, \
         review_status, human_fields, origin, extractor_version, state, merged_into, \
         not_refound, extra, created_at, updated_at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, \
         ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29, ?30, ?31) \
         ON CONFLICT(num) DO UPDATE SET event_id = excluded.event_id, \
         event_date = excluded.event_date, time_precision = excluded.time_precision, \
         event_type = excluded.event_type, sub_event_type = excluded.sub_event_type, \
         actor1 = excluded.actor1, actor2 = excluded.actor2, country = excluded.country, \
         iso = excluded.iso, admin1 = excluded.admin1, admin2 = excluded.admin2, \
         admin3 = excluded.admin3, location = excluded.location, latitude = excluded.latitude, \
         longitude = excluded.longitude, geo_precision = excluded.geo_precision, \
         fatalities = excluded.fatalities, fatalities_max = excluded.fatalities_max, \
         notes = excluded.notes, confidence = excluded.confidence, \
         review_status = excluded.review_status, human_fields = excluded.human_fields, \
         origin = excluded.origin, extractor_version = excluded.extractor_version, \
         state = excluded.state, merged_into = excluded.merged_into, \
         not_refound = excluded.not_refound, extra = excluded.extra, \
         created_at = excluded.created_at, updated_at = excluded.updated_at",
    )?;
    stmt.execute(params![
        num,
        i.event_id,
        i.event_date.map(|d| d.to_string()),
        i.time_precision.code(),
        i.event_type.as_str(),
        i.sub_event_type.as_str(),
        i.actor1,
        i.actor2,
        i.country,
        i.iso,
        i.admin1,
        i.admin2,
        r.admin3,
        i.location,
        i.latitude,
        i.longitude,
        i.geo_precision.code(),
        i.fatalities,
        i.fatalities_max,
        i.notes,
        f64::from(i.confidence),
        i.review_status.as_str(),
        human,
        r.origin.as_str(),
        r.extractor_version,
        row.state.as_str(),
        row.merged_into,
        r.not_refound,
        extra,
        row.created_at,
        now,
    ])?;
    Ok(num.unwrap_or_else(|| conn.last_insert_rowid()))
}

/// The row with this number.
pub(crate) fn load_row(conn: &Connection, num: i64) -> Result<Option<Row>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {ROW_COLUMNS} FROM incidents WHERE num = ?1"
    ))?;
    let mut rows = stmt.query([num])?;
    match rows.next()? {
        Some(row) => Ok(Some(read_row(row)?)),
        None => Ok(None),
    }
}

/// The number of the incident with this event id (any state).
pub(crate) fn num_of(conn: &Connection, event_id: &str) -> Result<Option<i64>> {
    Ok(conn
        .query_row(
            "SELECT num FROM incidents WHERE event_id = ?1",
            [event_id],
            |r| r.get(0),
        )
        .optional()?)
}

/// One source of an incident: the article it came from and what the extractor (or ACLED,
/// or the analyst) coded from it, with the evidence spans.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct SourceRow {
    pub num: i64,
    pub article: Option<i64>,
    pub article_id: Option<String>,
    pub event_id: String,
    pub extractor_version: String,
    /// The coding, evidence included.
    pub coded: Incident,
}

/// The sources of an incident, in the order they were added.
pub(crate) fn load_sources(conn: &Connection, incident: i64) -> Result<Vec<SourceRow>> {
    let mut stmt = conn.prepare_cached(
        "SELECT s.num, s.article, a.id, s.event_id, s.extractor_version, s.coded \
         FROM sources s LEFT JOIN articles a ON a.num = s.article \
         WHERE s.incident = ?1 ORDER BY s.num",
    )?;
    let rows: Vec<(i64, Option<i64>, Option<String>, String, String, String)> = stmt
        .query_map([incident], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
            ))
        })?
        .collect::<rusqlite::Result<_>>()?;
    let mut out = Vec::with_capacity(rows.len());
    for (num, article, article_id, event_id, extractor_version, coded) in rows {
        let mut coded: Incident = serde_json::from_str(&coded)?;
        coded.evidence = load_evidence(conn, num)?;
        out.push(SourceRow {
            num,
            article,
            article_id,
            event_id,
            extractor_version,
            coded,
        });
    }
    Ok(out)
}

fn load_evidence(conn: &Connection, source: i64) -> Result<Vec<Evidence>> {
    let mut stmt = conn.prepare_cached(
        "SELECT article, field, start, end FROM evidence WHERE source = ?1 ORDER BY rowid",
    )?;
    let rows: Vec<(String, String, i64, i64)> = stmt
        .query_map([source], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
        })?
        .collect::<rusqlite::Result<_>>()?;
    rows.into_iter()
        .map(|(article, field, start, end)| {
            let field: EvidenceField = serde_json::from_value(serde_json::Value::String(field))?;
            Ok(Evidence {
                article,
                field,
                start: usize::try_from(start).unwrap_or(0),
                end: usize::try_from(end).unwrap_or(0),
            })
        })
        .collect()
}

/// Inserts a source (a new number when `source.num` is 0) or rewrites it, with its
/// evidence. Returns its number.
pub(crate) fn write_source(conn: &Connection, incident: i64, source: &SourceRow) -> Result<i64> {
    let mut coded = source.coded.clone();
    let evidence = std::mem::take(&mut coded.evidence);
    let json = serde_json::to_string(&coded)?;
    let num = if source.num == 0 {
        None
    } else {
        Some(source.num)
    };
    conn.prepare_cached(
        "INSERT INTO sources (num, incident, article, event_id, extractor_version, coded) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6) \
         ON CONFLICT(num) DO UPDATE SET incident = excluded.incident, article = excluded.article, \
         event_id = excluded.event_id, extractor_version = excluded.extractor_version, \
         coded = excluded.coded",
    )?
    .execute(params![
        num,
        incident,
        source.article,
        source.event_id,
        source.extractor_version,
        json
    ])?;
    let num = num.unwrap_or_else(|| conn.last_insert_rowid());
    conn.prepare_cached("DELETE FROM evidence WHERE source = ?1")?
        .execute([num])?;
    let mut insert = conn.prepare_cached(
        "INSERT INTO evidence (source, article, field, start, end) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for e in &evidence {
        let field = serde_json::to_value(e.field)?;
        insert.execute(params![
            num,
            e.article,
            field.as_str().unwrap_or_default(),
            e.start as i64,
            e.end as i64
        ])?;
    }
    Ok(num)
}

/// Points a source at another incident.
pub(crate) fn move_source(conn: &Connection, source: i64, incident: i64) -> Result<()> {
    conn.prepare_cached("UPDATE sources SET incident = ?2 WHERE num = ?1")?
        .execute(params![source, incident])?;
    Ok(())
}

/// Deletes a source and its evidence.
pub(crate) fn delete_source(conn: &Connection, source: i64) -> Result<()> {
    conn.prepare_cached("DELETE FROM evidence WHERE source = ?1")?
        .execute([source])?;
    conn.prepare_cached("DELETE FROM sources WHERE num = ?1")?
        .execute([source])?;
    Ok(())
}

/// The full record of a row: its sources' article ids and all their evidence filled in.
pub(crate) fn complete(row: &Row, sources: &[SourceRow]) -> IncidentRecord {
    let mut record = row.record.clone();
    let mut ids: Vec<String> = sources
        .iter()
        .filter_map(|s| s.article_id.clone())
        .collect();
    ids.sort();
    ids.dedup();
    record.incident.sources = ids;
    let mut evidence: Vec<Evidence> = sources
        .iter()
        .flat_map(|s| s.coded.evidence.iter().cloned())
        .collect();
    evidence.sort();
    evidence.dedup();
    record.incident.evidence = evidence;
    record
}

/// The full record of the incident with this number.
pub(crate) fn load_record(conn: &Connection, num: i64) -> Result<Option<(Row, IncidentRecord)>> {
    let Some(row) = load_row(conn, num)? else {
        return Ok(None);
    };
    let sources = load_sources(conn, num)?;
    let record = complete(&row, &sources);
    Ok(Some((row, record)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> IncidentRecord {
        IncidentRecord::new(Incident::default(), Origin::Extracted, "0.1.0+r1")
    }

    #[test]
    fn bad_values_table() {
        // (field, value, words the message must hold)
        let rows: [(Field, &str, &str); 9] = [
            (Field::Fatalities, "lots", "whole number"),
            (Field::Fatalities, "-1", "whole number"),
            (Field::Latitude, "200", "out of range"),
            (Field::Longitude, "-181", "out of range"),
            (Field::Latitude, "north", "not a number"),
            (Field::EventType, "Bombing", "unknown event type"),
            (Field::SubEventType, "Bombing", "unknown sub-event type"),
            (Field::EventDate, "yesterday", "not a date"),
            (Field::Iso, "AFG", "alpha-2"),
        ];
        for (field, value, words) in rows {
            let mut r = record();
            let before = r.clone();
            let err = field.set(&mut r, value).unwrap_err().to_string();
            assert!(err.contains(words), "{field}={value}: {err}");
            assert!(err.contains(field.as_str()), "{err}");
            assert_eq!(r, before, "a refused value changes nothing");
        }
    }

    #[test]
    fn values_round_trip_through_text() {
        let mut r = record();
        let values = [
            (Field::EventDate, "2019-09-28"),
            (Field::TimePrecision, "2"),
            (Field::SubEventType, "Grenade"),
            (Field::EventType, "Explosions/Remote violence"),
            (Field::Actor1, "Taliban"),
            (Field::Iso, "AF"),
            (Field::Admin3, "Nad Ali"),
            (Field::Latitude, "31.5912"),
            (Field::Longitude, "64.3561"),
            (Field::GeoPrecision, "3"),
            (Field::Fatalities, "4"),
            (Field::FatalitiesMax, "9"),
        ];
        for (field, value) in values {
            field.set(&mut r, value).unwrap();
            assert_eq!(field.get(&r), value);
        }
        check_consistency(&r).unwrap();
        Field::EventDate.set(&mut r, "28 September 2019").unwrap();
        assert_eq!(Field::EventDate.get(&r), "2019-09-28");
        assert_eq!("FATALITIES".parse::<Field>().unwrap(), Field::Fatalities);
        assert!("colour".parse::<Field>().is_err());
    }

    #[test]
    fn consistency_table() {
        let mut r = record();
        r.incident.event_type = EventType::Riots;
        assert!(check_consistency(&r).is_err());
        r.incident.set_type(SubEventType::MobViolence);
        r.incident.latitude = Some(1.0);
        assert!(check_consistency(&r).is_err());
        r.incident.longitude = Some(1.0);
        r.incident.fatalities = 3;
        assert!(check_consistency(&r).is_err());
        r.incident.fatalities_max = 3;
        check_consistency(&r).unwrap();
    }
}
