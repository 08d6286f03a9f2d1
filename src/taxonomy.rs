//! ACLED's coding vocabulary as types: the six event types and 25 sub-event types, time and
//! geo precision, and the review status of an incident. Each serialises with ACLED's exact
//! strings (or numbers), so exported files open unchanged in analysts' tools, and parses
//! back case-insensitively with a clear error.
//!
//! ```
//! use incident_map::taxonomy::{EventType, SubEventType};
//! let sub: SubEventType = "Remote explosive/landmine/IED".parse().unwrap();
//! assert_eq!(sub.event_type(), EventType::ExplosionsRemoteViolence);
//! assert_eq!(sub.event_type().as_str(), "Explosions/Remote violence");
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A value that is not one of ACLED's terms.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} {value:?} (expected one of: {expected})")]
pub struct UnknownTerm {
    /// Which vocabulary ("event type", "sub-event type", ...).
    pub what: &'static str,
    /// The value given.
    pub value: String,
    /// The accepted values, comma-separated.
    pub expected: String,
}

/// Serialises a term as its string and parses it back with [`FromStr`].
macro_rules! string_serde {
    ($ty:ty) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = std::borrow::Cow::<'de, str>::deserialize(d)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

/// Finds the term whose string equals `text`, ignoring case and surrounding space.
fn parse_term<T: Copy>(
    all: &[T],
    name: impl Fn(T) -> &'static str,
    what: &'static str,
    text: &str,
) -> Result<T, UnknownTerm> {
    let wanted = text.trim();
    all.iter()
        .copied()
        .find(|t| name(*t).eq_ignore_ascii_case(wanted))
        .ok_or_else(|| UnknownTerm {
            what,
            value: text.to_string(),
            expected: all.iter().map(|t| name(*t)).collect::<Vec<_>>().join(", "),
        })
}

/// ACLED's six event types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum EventType {
    /// Violent interaction between two organised armed groups.
    #[default]
    Battles,
    /// One-sided violence at a distance: bombs, shelling, air strikes.
    ExplosionsRemoteViolence,
    /// Violence by an organised armed group against unarmed civilians.
    ViolenceAgainstCivilians,
    /// Peaceful public demonstrations.
    Protests,
    /// Violent demonstrations and mob violence.
    Riots,
    /// Non-violent events that shape a conflict: agreements, arrests, looting, bases.
    StrategicDevelopments,
}

impl EventType {
    /// Every event type, in ACLED's order.
    pub const ALL: [EventType; 6] = [
        EventType::Battles,
        EventType::ExplosionsRemoteViolence,
        EventType::ViolenceAgainstCivilians,
        EventType::Protests,
        EventType::Riots,
        EventType::StrategicDevelopments,
    ];

    /// ACLED's string.
    pub fn as_str(self) -> &'static str {
        match self {
            EventType::Battles => "Battles",
            EventType::ExplosionsRemoteViolence => "Explosions/Remote violence",
            EventType::ViolenceAgainstCivilians => "Violence against civilians",
            EventType::Protests => "Protests",
            EventType::Riots => "Riots",
            EventType::StrategicDevelopments => "Strategic developments",
        }
    }

    /// The sub-event types of this type, in ACLED's order.
    pub fn sub_types(self) -> &'static [SubEventType] {
        let all = &SubEventType::ALL;
        let first = all.iter().position(|s| s.event_type() == self).unwrap_or(0);
        let count = all.iter().filter(|s| s.event_type() == self).count();
        &all[first..first + count]
    }

    /// Position in [`EventType::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// True for the four types whose events are violent.
    pub fn is_violent(self) -> bool {
        !matches!(self, EventType::Protests | EventType::StrategicDevelopments)
    }
}

impl FromStr for EventType {
    type Err = UnknownTerm;
    fn from_str(text: &str) -> Result<Self, UnknownTerm> {
        parse_term(&EventType::ALL, EventType::as_str, "event type", text)
    }
}

string_serde!(EventType);

/// ACLED's 25 sub-event types; each belongs to one [`EventType`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum SubEventType {
    /// Battles: armed clash.
    #[default]
    ArmedClash,
    /// Battles: government regains territory.
    GovernmentRegainsTerritory,
    /// Battles: non-state actor overtakes territory.
    NonStateActorOvertakesTerritory,
    /// Explosions/Remote violence: air/drone strike.
    AirDroneStrike,
    /// Explosions/Remote violence: suicide bomb.
    SuicideBomb,
    /// Explosions/Remote violence: shelling/artillery/missile attack.
    ShellingArtilleryMissileAttack,
    /// Explosions/Remote violence: remote explosive/landmine/IED.
    RemoteExplosiveLandmineIed,
    /// Explosions/Remote violence: grenade.
    Grenade,
    /// Explosions/Remote violence: chemical weapon.
    ChemicalWeapon,
    /// Violence against civilians: attack.
    Attack,
    /// Violence against civilians: abduction/forced disappearance.
    AbductionForcedDisappearance,
    /// Violence against civilians: sexual violence.
    SexualViolence,
    /// Protests: peaceful protest.
    PeacefulProtest,
    /// Protests: protest with intervention.
    ProtestWithIntervention,
    /// Protests: excessive force against protesters.
    ExcessiveForceAgainstProtesters,
    /// Riots: violent demonstration.
    ViolentDemonstration,
    /// Riots: mob violence.
    MobViolence,
    /// Strategic developments: agreement.
    Agreement,
    /// Strategic developments: arrests.
    Arrests,
    /// Strategic developments: change to group/activity.
    ChangeToGroupActivity,
    /// Strategic developments: disrupted weapons use.
    DisruptedWeaponsUse,
    /// Strategic developments: headquarters or base established.
    HeadquartersOrBaseEstablished,
    /// Strategic developments: looting/property destruction.
    LootingPropertyDestruction,
    /// Strategic developments: non-violent transfer of territory.
    NonViolentTransferOfTerritory,
    /// Strategic developments: other.
    Other,
}

impl SubEventType {
    /// Every sub-event type, grouped by event type in ACLED's order.
    pub const ALL: [SubEventType; 25] = [
        SubEventType::ArmedClash,
        SubEventType::GovernmentRegainsTerritory,
        SubEventType::NonStateActorOvertakesTerritory,
        SubEventType::AirDroneStrike,
        SubEventType::SuicideBomb,
        SubEventType::ShellingArtilleryMissileAttack,
        SubEventType::RemoteExplosiveLandmineIed,
        SubEventType::Grenade,
        SubEventType::ChemicalWeapon,
        SubEventType::Attack,
        SubEventType::AbductionForcedDisappearance,
        SubEventType::SexualViolence,
        SubEventType::PeacefulProtest,
        SubEventType::ProtestWithIntervention,
        SubEventType::ExcessiveForceAgainstProtesters,
        SubEventType::ViolentDemonstration,
        SubEventType::MobViolence,
        SubEventType::Agreement,
        SubEventType::Arrests,
        SubEventType::ChangeToGroupActivity,
        SubEventType::DisruptedWeaponsUse,
        SubEventType::HeadquartersOrBaseEstablished,
        SubEventType::LootingPropertyDestruction,
        SubEventType::NonViolentTransferOfTerritory,
        SubEventType::Other,
    ];

    /// ACLED's string.
    pub fn as_str(self) -> &'static str {
        use SubEventType::*;
        match self {
            ArmedClash => "Armed clash",
            GovernmentRegainsTerritory => "Government regains territory",
            NonStateActorOvertakesTerritory => "Non-state actor overtakes territory",
            AirDroneStrike => "Air/drone strike",
            SuicideBomb => "Suicide bomb",
            ShellingArtilleryMissileAttack => "Shelling/artillery/missile attack",
            RemoteExplosiveLandmineIed => "Remote explosive/landmine/IED",
            Grenade => "Grenade",
            ChemicalWeapon => "Chemical weapon",
            Attack => "Attack",
            AbductionForcedDisappearance => "Abduction/forced disappearance",
            SexualViolence => "Sexual violence",
            PeacefulProtest => "Peaceful protest",
            ProtestWithIntervention => "Protest with intervention",
            ExcessiveForceAgainstProtesters => "Excessive force against protesters",
            ViolentDemonstration => "Violent demonstration",
            MobViolence => "Mob violence",
            Agreement => "Agreement",
            Arrests => "Arrests",
            ChangeToGroupActivity => "Change to group/activity",
            DisruptedWeaponsUse => "Disrupted weapons use",
            HeadquartersOrBaseEstablished => "Headquarters or base established",
            LootingPropertyDestruction => "Looting/property destruction",
            NonViolentTransferOfTerritory => "Non-violent transfer of territory",
            Other => "Other",
        }
    }

    /// The event type this sub-event type belongs to.
    pub fn event_type(self) -> EventType {
        use SubEventType::*;
        match self {
            ArmedClash | GovernmentRegainsTerritory | NonStateActorOvertakesTerritory => {
                EventType::Battles
            }
            AirDroneStrike
            | SuicideBomb
            | ShellingArtilleryMissileAttack
            | RemoteExplosiveLandmineIed
            | Grenade
            | ChemicalWeapon => EventType::ExplosionsRemoteViolence,
            Attack | AbductionForcedDisappearance | SexualViolence => {
                EventType::ViolenceAgainstCivilians
            }
            PeacefulProtest | ProtestWithIntervention | ExcessiveForceAgainstProtesters => {
                EventType::Protests
            }
            ViolentDemonstration | MobViolence => EventType::Riots,
            Agreement
            | Arrests
            | ChangeToGroupActivity
            | DisruptedWeaponsUse
            | HeadquartersOrBaseEstablished
            | LootingPropertyDestruction
            | NonViolentTransferOfTerritory
            | Other => EventType::StrategicDevelopments,
        }
    }

    /// True for the sub-event types that kill no one by the codebook's definition: a
    /// protest met with no lethal force, and the strategic developments that are no
    /// violence (an agreement, arrests, a group's change, a base set up, territory handed
    /// over). Deaths told beside one are another incident's, or what it is about.
    pub fn kills_no_one(self) -> bool {
        use SubEventType::*;
        matches!(
            self,
            PeacefulProtest
                | ProtestWithIntervention
                | Agreement
                | Arrests
                | ChangeToGroupActivity
                | HeadquartersOrBaseEstablished
                | NonViolentTransferOfTerritory
        )
    }

    /// Position in [`SubEventType::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// Parses a sub-event type that must belong to `event_type`.
    pub fn parse_within(event_type: EventType, text: &str) -> Result<SubEventType, UnknownTerm> {
        let sub: SubEventType = text.parse()?;
        if sub.event_type() == event_type {
            Ok(sub)
        } else {
            Err(UnknownTerm {
                what: "sub-event type",
                value: format!(
                    "{text} (it belongs to {}, not {event_type})",
                    sub.event_type()
                ),
                expected: event_type
                    .sub_types()
                    .iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
        }
    }
}

impl FromStr for SubEventType {
    type Err = UnknownTerm;
    fn from_str(text: &str) -> Result<Self, UnknownTerm> {
        parse_term(
            &SubEventType::ALL,
            SubEventType::as_str,
            "sub-event type",
            text,
        )
    }
}

string_serde!(SubEventType);

/// Serialises a precision as ACLED's number and parses it back from a number or a digit.
macro_rules! number_serde {
    ($ty:ty, $what:literal) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_u8(self.code())
            }
        }
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                #[derive(Deserialize)]
                #[serde(untagged)]
                enum NumberOrText<'a> {
                    Number(u64),
                    Text(std::borrow::Cow<'a, str>),
                }
                let code = match NumberOrText::deserialize(d)? {
                    NumberOrText::Number(n) => n.to_string(),
                    NumberOrText::Text(t) => t.into_owned(),
                };
                code.parse().map_err(serde::de::Error::custom)
            }
        }
        impl FromStr for $ty {
            type Err = UnknownTerm;
            fn from_str(text: &str) -> Result<Self, UnknownTerm> {
                let code: u8 = text.trim().parse().unwrap_or(0);
                Self::from_code(code).ok_or_else(|| UnknownTerm {
                    what: $what,
                    value: text.to_string(),
                    expected: "1, 2, 3".into(),
                })
            }
        }
        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.code())
            }
        }
    };
}

/// How exactly an event's date is known (ACLED's time_precision).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum TimePrecision {
    /// 1: the day is known.
    #[default]
    Day,
    /// 2: the week (or a few days) is known.
    Week,
    /// 3: only the month or a longer period is known.
    Month,
}

impl TimePrecision {
    /// ACLED's number: 1 day, 2 week, 3 month or more.
    pub fn code(self) -> u8 {
        match self {
            TimePrecision::Day => 1,
            TimePrecision::Week => 2,
            TimePrecision::Month => 3,
        }
    }

    /// The precision of an ACLED number (0 counts as a day, more than 3 as a month).
    pub fn from_code(code: u8) -> Option<TimePrecision> {
        match code {
            1 => Some(TimePrecision::Day),
            2 => Some(TimePrecision::Week),
            3 => Some(TimePrecision::Month),
            _ => None,
        }
    }

    /// Days two dates of this precision may differ by and still be the same event.
    pub fn tolerance_days(self) -> i64 {
        match self {
            TimePrecision::Day => 0,
            TimePrecision::Week => 3,
            TimePrecision::Month => 31,
        }
    }
}

number_serde!(TimePrecision, "time precision");

/// How exactly an event's place is known (ACLED's geo_precision).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum GeoPrecision {
    /// 1: the town or village.
    #[default]
    Town,
    /// 2: near a town, or the district.
    District,
    /// 3: only the province, or the country.
    Province,
}

impl GeoPrecision {
    /// ACLED's number: 1 town, 2 district or near, 3 province or country.
    pub fn code(self) -> u8 {
        match self {
            GeoPrecision::Town => 1,
            GeoPrecision::District => 2,
            GeoPrecision::Province => 3,
        }
    }

    /// The precision of an ACLED number.
    pub fn from_code(code: u8) -> Option<GeoPrecision> {
        match code {
            1 => Some(GeoPrecision::Town),
            2 => Some(GeoPrecision::District),
            3 => Some(GeoPrecision::Province),
            _ => None,
        }
    }
}

number_serde!(GeoPrecision, "geo precision");

/// Where an incident stands in the analyst's review.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum ReviewStatus {
    /// Found by the extractor, not yet looked at.
    #[default]
    Unreviewed,
    /// Checked and kept as the extractor coded it.
    Accepted,
    /// Checked and thrown out (not an incident, or not one worth keeping).
    Rejected,
    /// Checked and corrected by hand.
    Edited,
    /// Coded elsewhere (an ACLED export) and imported as it was.
    Imported,
}

impl ReviewStatus {
    /// Every status.
    pub const ALL: [ReviewStatus; 5] = [
        ReviewStatus::Unreviewed,
        ReviewStatus::Accepted,
        ReviewStatus::Rejected,
        ReviewStatus::Edited,
        ReviewStatus::Imported,
    ];

    /// The status as written in exports and on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            ReviewStatus::Unreviewed => "unreviewed",
            ReviewStatus::Accepted => "accepted",
            ReviewStatus::Rejected => "rejected",
            ReviewStatus::Edited => "edited",
            ReviewStatus::Imported => "imported",
        }
    }

    /// True once a person has looked at the incident (or it was coded by people).
    pub fn is_reviewed(self) -> bool {
        self != ReviewStatus::Unreviewed
    }
}

impl FromStr for ReviewStatus {
    type Err = UnknownTerm;
    fn from_str(text: &str) -> Result<Self, UnknownTerm> {
        parse_term(
            &ReviewStatus::ALL,
            ReviewStatus::as_str,
            "review status",
            text,
        )
    }
}

string_serde!(ReviewStatus);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sub_type_round_trips_and_belongs_to_its_type() {
        for sub in SubEventType::ALL {
            assert_eq!(sub.as_str().parse::<SubEventType>(), Ok(sub));
            assert!(sub.event_type().sub_types().contains(&sub), "{sub}");
            let json = serde_json::to_string(&sub).unwrap();
            assert_eq!(json, format!("\"{}\"", sub.as_str()));
            assert_eq!(serde_json::from_str::<SubEventType>(&json).unwrap(), sub);
        }
        let counts: Vec<usize> = EventType::ALL.iter().map(|t| t.sub_types().len()).collect();
        assert_eq!(counts, vec![3, 6, 3, 3, 2, 8]);
    }

    #[test]
    fn parsing_table() {
        let rows: [(&str, Option<EventType>); 5] = [
            ("Battles", Some(EventType::Battles)),
            ("  protests ", Some(EventType::Protests)),
            (
                "EXPLOSIONS/REMOTE VIOLENCE",
                Some(EventType::ExplosionsRemoteViolence),
            ),
            ("Riots/Protests", None),
            ("", None),
        ];
        for (text, expected) in rows {
            assert_eq!(text.parse::<EventType>().ok(), expected, "{text:?}");
        }
        let err = "Bombing".parse::<SubEventType>().unwrap_err();
        assert!(err.to_string().contains("Bombing") && err.to_string().contains("Grenade"));
        assert!(SubEventType::parse_within(EventType::Riots, "Grenade").is_err());
        assert_eq!(
            SubEventType::parse_within(EventType::Riots, "mob violence"),
            Ok(SubEventType::MobViolence)
        );
    }

    #[test]
    fn precisions_serialise_as_acled_numbers() {
        assert_eq!(serde_json::to_string(&TimePrecision::Week).unwrap(), "2");
        assert_eq!(
            serde_json::from_str::<GeoPrecision>("3").unwrap(),
            GeoPrecision::Province
        );
        assert_eq!(
            serde_json::from_str::<GeoPrecision>("\"1\"").unwrap(),
            GeoPrecision::Town
        );
        assert!(serde_json::from_str::<TimePrecision>("7").is_err());
        assert!("x".parse::<TimePrecision>().is_err());
        assert_eq!("edited".parse::<ReviewStatus>(), Ok(ReviewStatus::Edited));
    }
}
