//! Cues the event model reads beside the words, by meaning: who takes part (the state's
//! forces, armed groups, crowds, civilians) and what kind of deed is done (a crowd's
//! damage, a shooting, a blast, a seizure of people). What the model learns from one
//! country ("the army and the rebels clashed" is a battle, "supporters clashed" a riot,
//! "set tyres ablaze and blocked the road" a violent demonstration) then holds in a
//! country whose groups and phrasing it never saw.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, Input, MatchKind};

use super::groups::GROUPS;
use super::lexicon::WordSet;

/// The kinds of party an incident can have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum PartyKind {
    /// A state's soldiers, police and other forces.
    State,
    /// An organised armed group: rebels, militants, a militia, a named armed group.
    Armed,
    /// People acting together without arms: protesters, a mob, supporters, students.
    Crowd,
    /// People harmed or threatened: civilians, villagers, a woman, a child.
    Civilian,
}

impl PartyKind {
    /// Every kind, in order.
    pub const ALL: [PartyKind; 4] = [
        PartyKind::State,
        PartyKind::Armed,
        PartyKind::Crowd,
        PartyKind::Civilian,
    ];

    /// The kind's name in features.
    pub fn as_str(self) -> &'static str {
        match self {
            PartyKind::State => "state",
            PartyKind::Armed => "armed",
            PartyKind::Crowd => "crowd",
            PartyKind::Civilian => "civilian",
        }
    }
}

/// Words that name a state's forces.
const STATE_WORDS: &[&str] = &[
    "army",
    "soldier",
    "soldiers",
    "troops",
    "military",
    "police",
    "policeman",
    "policemen",
    "officers",
    "gendarmes",
    "gendarmerie",
    "navy",
    "marines",
    "commandos",
    "servicemen",
    "paramilitary",
    "paramilitaries",
];

/// Words that name an organised armed group.
const ARMED_WORDS: &[&str] = &[
    "militants",
    "militant",
    "insurgents",
    "insurgent",
    "rebels",
    "rebel",
    "gunmen",
    "gunman",
    "fighters",
    "jihadists",
    "jihadist",
    "militia",
    "militias",
    "militiamen",
    "bandits",
    "terrorists",
    "extremists",
    "guerrillas",
    "guerrilla",
    "assailants",
    "attackers",
    "raiders",
    "mercenaries",
];

/// Words that name people acting together without arms.
const CROWD_WORDS: &[&str] = &[
    "protesters",
    "protestors",
    "demonstrators",
    "marchers",
    "rioters",
    "mob",
    "crowd",
    "crowds",
    "youths",
    "supporters",
    "activists",
];

/// Words that name people harmed or threatened.
const CIVILIAN_WORDS: &[&str] = &[
    "civilian",
    "civilians",
    "villager",
    "villagers",
    "woman",
    "women",
    "man",
    "men",
    "child",
    "children",
    "girl",
    "boy",
    "farmer",
    "farmers",
    "journalist",
    "journalists",
    "family",
    "passengers",
    "worshippers",
    "pupils",
];

/// The kinds of deed an incident can report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeedKind {
    /// Damage a crowd does: burning, stoning, blocking roads, looting.
    CrowdDamage,
    /// Shooting or cutting people.
    Weapons,
    /// Blasts and fire from afar: bombs, shells, air strikes, mines.
    Blast,
    /// Taking people: arrests, abductions, detentions.
    Seizure,
    /// A gathering without violence: a march, a sit-in, a petition.
    Peaceful,
}

impl DeedKind {
    /// Every kind, in order.
    pub const ALL: [DeedKind; 5] = [
        DeedKind::CrowdDamage,
        DeedKind::Weapons,
        DeedKind::Blast,
        DeedKind::Seizure,
        DeedKind::Peaceful,
    ];

    /// The kind's name in features.
    pub fn as_str(self) -> &'static str {
        match self {
            DeedKind::CrowdDamage => "damage",
            DeedKind::Weapons => "weapons",
            DeedKind::Blast => "blast",
            DeedKind::Seizure => "seizure",
            DeedKind::Peaceful => "peaceful",
        }
    }
}

/// Phrases of damage or violence done by a crowd: said of a demonstration, they make it a
/// violent one (ACLED's codebook: demonstrators who burn, stone, loot or fight).
static CROWD_DAMAGE: WordSet = WordSet::new(CROWD_DAMAGE_PHRASES);

/// The phrases of [`CROWD_DAMAGE`].
const CROWD_DAMAGE_PHRASES: &[&str] = &[
    "set fire",
    "set ablaze",
    "set alight",
    "set on fire",
    "torched",
    "burnt",
    "burned",
    "stones",
    "stoned",
    "stoning",
    "pelted",
    "pelting",
    "rocks",
    "barricades",
    "barricaded",
    "looted",
    "looting",
    "vandalised",
    "vandalized",
    "vandalism",
    "ransacked",
    "smashed",
    "destroyed",
    "damaged",
    "tyres",
    "tires",
    "rioted",
    "rioting",
    "rioters",
    "turned violent",
    "hurled",
    "bottles",
    "bricks",
    "brickbats",
    "projectiles",
    "fireworks",
    "molotov",
    "petrol bombs",
    "clashed",
    "mob",
    "lynched",
];

/// Phrases that make the people who did violence a mob, not an organised group: "a mob",
/// "lynched", "angry residents" (ACLED's mob violence).
static MOB: WordSet = WordSet::new(&[
    "mob",
    "mobs",
    "lynched",
    "lynching",
    "lynch",
    "mob justice",
    "jungle justice",
    "angry residents",
    "angry villagers",
    "angry youths",
    "angry youth",
    "angry crowd",
    "irate",
]);

/// True when a text (lower case) says a crowd burnt, stoned, looted or fought.
pub fn crowd_did_damage(text_lower: &str) -> bool {
    CROWD_DAMAGE.any_in(text_lower)
}

/// True when a text (lower case) says the violence was a mob's.
pub fn done_by_a_mob(text_lower: &str) -> bool {
    MOB.any_in(text_lower)
}

/// Phrases of shooting and cutting.
const WEAPONS: &[&str] = &[
    "shot",
    "shooting",
    "gunfire",
    "opened fire",
    "fired",
    "gun",
    "guns",
    "rifle",
    "rifles",
    "firearms",
    "machete",
    "machetes",
    "knife",
    "stabbed",
    "hacked",
    "gunshot",
    "ambushed",
    "ambush",
];

/// Phrases of blasts and fire from afar.
const BLAST: &[&str] = &[
    "bomb",
    "bombs",
    "bombing",
    "explosion",
    "exploded",
    "blast",
    "ied",
    "mine",
    "landmine",
    "shelled",
    "shelling",
    "shells",
    "artillery",
    "mortar",
    "mortars",
    "rocket",
    "rockets",
    "grenade",
    "airstrike",
    "airstrikes",
    "air strike",
    "air strikes",
    "drone",
    "missile",
];

/// Phrases of taking people.
const SEIZURE: &[&str] = &[
    "arrested",
    "arrest",
    "arrests",
    "detained",
    "detention",
    "abducted",
    "abduction",
    "kidnapped",
    "kidnapping",
    "seized",
    "captured",
    "custody",
    "hostage",
];

/// Phrases of a gathering without violence.
const PEACEFUL: &[&str] = &[
    "peaceful",
    "peacefully",
    "march",
    "marched",
    "rally",
    "rallied",
    "sit-in",
    "petition",
    "placards",
    "banners",
    "chanting",
    "strike",
    "gathered",
];

/// The party and deed kinds a text names, as bit sets (bit `k as u8`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cues {
    parties: u8,
    deeds: u8,
}

impl Cues {
    /// The kinds of party named, in kind order.
    pub fn parties(self) -> impl Iterator<Item = PartyKind> {
        PartyKind::ALL
            .into_iter()
            .filter(move |k| self.parties & (1 << *k as u8) != 0)
    }

    /// The kinds of deed named, in kind order.
    pub fn deeds(self) -> impl Iterator<Item = DeedKind> {
        DeedKind::ALL
            .into_iter()
            .filter(move |k| self.deeds & (1 << *k as u8) != 0)
    }
}

/// Every cue phrase once, with the party and deed kinds it names (bit sets), searched for
/// by one automaton.
struct CueTable {
    matcher: Option<AhoCorasick>,
    kinds: Vec<Cues>,
}

static CUE_TABLE: LazyLock<CueTable> = LazyLock::new(|| {
    let mut by_phrase: BTreeMap<&str, Cues> = BTreeMap::new();
    let parties = [
        (PartyKind::State, STATE_WORDS),
        (PartyKind::Armed, ARMED_WORDS),
        (PartyKind::Crowd, CROWD_WORDS),
        (PartyKind::Civilian, CIVILIAN_WORDS),
    ];
    for (kind, words) in parties {
        for w in words {
            by_phrase.entry(w).or_default().parties |= 1 << kind as u8;
        }
    }
    let deeds = [
        (DeedKind::CrowdDamage, CROWD_DAMAGE_PHRASES),
        (DeedKind::Weapons, WEAPONS),
        (DeedKind::Blast, BLAST),
        (DeedKind::Seizure, SEIZURE),
        (DeedKind::Peaceful, PEACEFUL),
    ];
    for (kind, words) in deeds {
        for w in words {
            by_phrase.entry(w).or_default().deeds |= 1 << kind as u8;
        }
    }
    let matcher = AhoCorasick::builder()
        .ascii_case_insensitive(true)
        .match_kind(MatchKind::LeftmostLongest)
        .build(by_phrase.keys())
        .ok();
    CueTable {
        matcher,
        kinds: by_phrase.into_values().collect(),
    }
});

/// The kinds of party and deed a text names, in one scan. A named armed group counts as
/// armed, or as the state's when it is a state's own force.
pub fn cues_in(text: &str) -> Cues {
    let table = &*CUE_TABLE;
    let mut cues = Cues::default();
    if let Some(matcher) = &table.matcher {
        let bytes = text.as_bytes();
        let mut from = 0;
        while let Some(m) = matcher.find(Input::new(text).span(from..bytes.len())) {
            let before = m.start() == 0 || !bytes[m.start() - 1].is_ascii_alphanumeric();
            let after = m.end() == bytes.len() || !bytes[m.end()].is_ascii_alphanumeric();
            if before && after {
                if let Some(kinds) = table.kinds.get(m.pattern().as_usize()) {
                    cues.parties |= kinds.parties;
                    cues.deeds |= kinds.deeds;
                }
                from = m.end();
            } else {
                // Only part of a word ("army" in "barmy"): on from the next position.
                from = m.start() + 1;
            }
        }
    }
    for state_force in GROUPS.kinds_named(text) {
        let kind = if state_force {
            PartyKind::State
        } else {
            PartyKind::Armed
        };
        cues.parties |= 1 << kind as u8;
    }
    cues
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parties_are_read_by_kind() {
        use PartyKind::*;
        let cases: &[(&str, &[PartyKind])] = &[
            ("Soldiers and rebels exchanged fire", &[State, Armed]),
            ("Supporters of two parties clashed", &[Crowd]),
            ("Gunmen shot a farmer", &[Armed, Civilian]),
            ("Police dispersed protesters", &[State, Crowd]),
            ("The KDF raided a camp", &[State]),
            ("Al Shabaab attacked a convoy", &[Armed]),
            ("Heavy rain fell", &[]),
        ];
        for (text, want) in cases {
            assert_eq!(cues_in(text).parties().collect::<Vec<_>>(), *want, "{text}");
        }
    }

    #[test]
    fn crowds_and_mobs_are_told_apart_from_peaceful_gatherings() {
        let cases: &[(&str, bool, bool)] = &[
            ("the marchers burned tyres and smashed windows", true, false),
            ("irate villagers beat a suspected thief", false, true),
            ("a mob beat two men", true, true),
            ("hundreds marched peacefully to the council", false, false),
            ("a farmer was shot by bandits", false, false),
        ];
        for (text, damage, mob) in cases {
            assert_eq!(crowd_did_damage(text), *damage, "{text}");
            assert_eq!(done_by_a_mob(text), *mob, "{text}");
        }
    }

    #[test]
    fn deeds_are_read_by_kind() {
        use DeedKind::*;
        let cases: &[(&str, &[DeedKind])] = &[
            ("they set tyres ablaze on the highway", &[CrowdDamage]),
            ("the crowd threw rocks at the convoy", &[CrowdDamage]),
            ("gunmen opened fire on a bus", &[Weapons]),
            ("a roadside mine struck a truck", &[Blast]),
            ("two traders were abducted", &[Seizure]),
            ("teachers marched peacefully", &[Peaceful]),
            (
                "a shop was looted and its owner shot",
                &[CrowdDamage, Weapons],
            ),
            ("the minister spoke at a conference", &[]),
        ];
        for (text, want) in cases {
            assert_eq!(cues_in(text).deeds().collect::<Vec<_>>(), *want, "{text}");
        }
    }
}
