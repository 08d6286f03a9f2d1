//! Cues the event model reads beside the words, by meaning: who takes part (the state's
//! forces, armed groups, crowds, civilians) and what kind of deed is done (a crowd's
//! damage, a shooting, a blast, a seizure of people). What the model learns from one
//! country ("the army and the rebels clashed" is a battle, "supporters clashed" a riot,
//! "set tyres ablaze and blocked the road" a violent demonstration) then holds in a
//! country whose groups and phrasing it never saw.

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
static STATE_WORDS: WordSet = WordSet::new(&[
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
]);

/// Words that name an organised armed group.
static ARMED_WORDS: WordSet = WordSet::new(&[
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
]);

/// Words that name people acting together without arms.
static CROWD_WORDS: WordSet = WordSet::new(&[
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
]);

/// Words that name people harmed or threatened.
static CIVILIAN_WORDS: WordSet = WordSet::new(&[
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
]);

/// The kinds of party a text names, each once, in kind order. A named armed group counts
/// as armed, or as the state's when it is a state's own force.
pub fn parties_named(text: &str) -> Vec<PartyKind> {
    let mut kinds = Vec::new();
    for word in text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        let kind = if STATE_WORDS.contains(word) {
            PartyKind::State
        } else if ARMED_WORDS.contains(word) {
            PartyKind::Armed
        } else if CROWD_WORDS.contains(word) {
            PartyKind::Crowd
        } else if CIVILIAN_WORDS.contains(word) {
            PartyKind::Civilian
        } else {
            continue;
        };
        kinds.push(kind);
    }
    for group in GROUPS.kinds_named(text) {
        kinds.push(if group {
            PartyKind::State
        } else {
            PartyKind::Armed
        });
    }
    kinds.sort_unstable();
    kinds.dedup();
    kinds
}

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

    fn phrases(self) -> &'static WordSet {
        match self {
            DeedKind::CrowdDamage => &CROWD_DAMAGE,
            DeedKind::Weapons => &WEAPONS,
            DeedKind::Blast => &BLAST,
            DeedKind::Seizure => &SEIZURE,
            DeedKind::Peaceful => &PEACEFUL,
        }
    }
}

/// Phrases of damage or violence done by a crowd: said of a demonstration, they make it a
/// violent one (ACLED's codebook: demonstrators who burn, stone, loot or fight).
static CROWD_DAMAGE: WordSet = WordSet::new(&[
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
]);

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
static WEAPONS: WordSet = WordSet::new(&[
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
]);

/// Phrases of blasts and fire from afar.
static BLAST: WordSet = WordSet::new(&[
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
]);

/// Phrases of taking people.
static SEIZURE: WordSet = WordSet::new(&[
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
]);

/// Phrases of a gathering without violence.
static PEACEFUL: WordSet = WordSet::new(&[
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
]);

/// The kinds of deed a text (lower case) names, in kind order.
pub fn deeds_named(text_lower: &str) -> Vec<DeedKind> {
    DeedKind::ALL
        .into_iter()
        .filter(|d| d.phrases().any_in(text_lower))
        .collect()
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
            assert_eq!(parties_named(text), *want, "{text}");
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
            assert_eq!(deeds_named(text), *want, "{text}");
        }
    }
}
