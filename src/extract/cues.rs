//! Cues the event model reads beside the words, by meaning: who takes part (the state's
//! forces, armed groups, crowds, civilians) and what kind of deed is done (a crowd's
//! damage, a shooting, a blast, a seizure of people). What the model learns from one
//! country ("the army and the rebels clashed" is a battle, "supporters clashed" a riot,
//! "set tyres ablaze and blocked the road" a violent demonstration) then holds in a
//! country whose groups and phrasing it never saw.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, AhoCorasickKind, Input, MatchKind};

use super::groups::GROUPS;
use super::lexicon::WordSet;
use crate::text::{Word, parse_number_word, words};

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
    "cop",
    "cops",
    "gendarme",
    "officer",
    "constable",
    "constables",
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
    "vigilante",
    "vigilantes",
    "militiaman",
    "cadre",
    "cadres",
    "operative",
    "operatives",
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
    "set fires",
    "started fires",
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
    // Force against a place or a road: breaking in, blockading, fighting hand to hand.
    "blockaded",
    "tried to enter",
    "attempted to enter",
    "by force",
    "forced their way",
    "broke into",
    "brawl",
    "scuffled",
    "physical clash",
    "tire",
    "tyre",
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
    // A witch hunt is a crowd's violence (131 of the 133 violent development notes that
    // name sorcery or witchcraft, in eight countries, are mob violence).
    "sorcery",
    "witchcraft",
    "witch",
    "witches",
    "sorcerer",
    "sorcerers",
]);

/// True when a text (lower case) says a crowd burnt, stoned, looted or fought.
pub fn crowd_did_damage(text_lower: &str) -> bool {
    CROWD_DAMAGE.any_in(text_lower)
}

/// Phrases of fire traded between two sides: a fight both sides fought with arms.
static TWO_SIDED_FIRE: WordSet = WordSet::new(&[
    "gunfight",
    "gun battle",
    "gun-battle",
    "exchange of fire",
    "exchanged fire",
    "exchanging fire",
    "exchanged gunfire",
    "exchange of gunfire",
    "traded fire",
    "traded gunfire",
    "shootout",
    "shoot-out",
    "firefight",
    "fire fight",
    "armed clash",
    "armed clashes",
    "opened fire at each other",
    "opened fire on each other",
    "fired at each other",
    "fired on each other",
]);

/// True when a text (lower case) says two sides traded fire ("a gunfight", "exchanged
/// fire"): an armed clash, whoever the sides are.
pub fn two_sides_traded_fire(text_lower: &str) -> bool {
    TWO_SIDED_FIRE.any_in(text_lower)
}

/// Words that call a gathering peaceful.
static SAID_PEACEFUL: WordSet = WordSet::new(&["peaceful", "peacefully"]);

/// True when a text (lower case) calls a gathering peaceful ("a peaceful sit-in").
pub fn said_to_be_peaceful(text_lower: &str) -> bool {
    SAID_PEACEFUL.any_in(text_lower)
}

/// Verbs of stopping a gathering: what the state's forces do to a protest they intervene in
/// ("blocked", "turned back", "broke up").
const STOPPING_VERBS: &str = "blocked|prevented|stopped|barred|deterred|pushed back|chased|\
    repelled|turned back|broke up|foiled|thwarted|cordoned off|intervened|intervene|intervenes|\
    intervening";

/// "Gendarmes blocked them", "troops turned back the march", "police prevented students
/// from marching": the state's forces stopping a gathering, told by the verb and who does it
/// or to whom.
static FORCES_STOPPED_A_GATHERING: LazyLock<regex::Regex> = LazyLock::new(|| {
    let gathering = "protest|protests|protesters|demonstrators|march|marchers|demonstration|\
        rally|crowd|sit-in|procession|gathering";
    let forces = "police|policemen|gendarmes|gendarmerie|soldiers|forces|security forces|\
        security personnel|troops|army|military|authorities|officers";
    let stopping = STOPPING_VERBS;
    // (A pattern built from the constants above: a test parses it.)
    #[allow(clippy::expect_used)]
    regex::Regex::new(&format!(
        r"(?-u:\b)(?:(?:{stopping}) (?:them|the (?:{gathering}))|(?:{forces})(?: [a-z]+){{0,2}} (?:{stopping}))(?-u:\b)"
    ))
    .expect("the pattern of forces stopping a gathering is valid")
});

/// True when a text (lower case) tells of the state's forces stopping a gathering: a
/// protest with intervention, though no tear gas or arrest is named.
pub fn forces_stopped_a_gathering(text_lower: &str) -> bool {
    // ("the police did not intervene": no stop.)
    FORCES_STOPPED_A_GATHERING.find_iter(text_lower).any(|m| {
        !m.as_str()
            .split(' ')
            .any(|w| matches!(w, "not" | "never" | "didn't"))
    })
}

/// "Police arrested 18 protesters", "several demonstrators were detained", "the march was
/// disrupted by police": the crowd itself taken or stopped. (An arrest a protest is about,
/// "demanding the release of those arrested", is no intervention.)
static GATHERING_TAKEN_OR_STOPPED: LazyLock<regex::Regex> = LazyLock::new(|| {
    let crowd = "protesters|protestors|demonstrators|marchers|participants|strikers|of them";
    let taken = "arrested|arrest|arrests|detained|detain|detains|rounded up";
    let gathering = "protest|demonstration|march|rally|sit-in|procession";
    // (A pattern built from the words above: a test parses it.)
    #[allow(clippy::expect_used)]
    regex::Regex::new(&format!(
        r"(?-u:\b)(?:(?:{taken})(?: [a-z0-9,]+){{0,3}} (?:{crowd})|(?:{crowd})(?: [a-z]+){{0,2}} (?:were|was|had been|have been) (?:{taken})|(?:{taken})(?: [a-z0-9]+){{0,3}} (?:part of|at|during) the (?:{gathering})|(?:{gathering}) (?:was|were) (?:interrupted|disrupted|broken up) by)(?-u:\b)"
    ))
    .expect("the pattern of a crowd taken or stopped is valid")
});

/// True when a text (lower case) tells of protesters arrested or a gathering stopped by
/// others: a protest with intervention. ("Protesters who were arrested" earlier are what a
/// protest is about.)
pub fn gathering_taken_or_stopped(text_lower: &str) -> bool {
    GATHERING_TAKEN_OR_STOPPED
        .find_iter(text_lower)
        .any(|m| !m.as_str().contains(" who "))
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
        .kind(Some(AhoCorasickKind::DFA))
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
    let mut cues = Cues::default();
    for_each_cue(text, |_, _, kinds| {
        cues.parties |= kinds.parties;
        cues.deeds |= kinds.deeds;
    });
    cues
}

/// Calls `found` with the byte span and kinds of every cue a text names, cue phrases first
/// (whole words only), then named groups (armed, or the state's own forces).
fn for_each_cue(text: &str, mut found: impl FnMut(usize, usize, Cues)) {
    let table = &*CUE_TABLE;
    if let Some(matcher) = &table.matcher {
        let bytes = text.as_bytes();
        let mut from = 0;
        while let Some(m) = matcher.find(Input::new(text).span(from..bytes.len())) {
            let before = m.start() == 0 || !bytes[m.start() - 1].is_ascii_alphanumeric();
            let after = m.end() == bytes.len() || !bytes[m.end()].is_ascii_alphanumeric();
            if before && after {
                if let Some(&kinds) = table.kinds.get(m.pattern().as_usize()) {
                    found(m.start(), m.end(), kinds);
                }
                from = m.end();
            } else {
                // Only part of a word ("army" in "barmy"): on from the next position.
                from = m.start() + 1;
            }
        }
    }
    for (start, end, state_force) in GROUPS.spans_named(text) {
        let kind = if state_force {
            PartyKind::State
        } else {
            PartyKind::Armed
        };
        let kinds = Cues {
            parties: 1 << kind as u8,
            deeds: 0,
        };
        found(start, end, kinds);
    }
}

/// Verbs whose object is the party harmed ("gunmen killed two soldiers", "an attack
/// targeting police").
static HARM_DONE_TO: WordSet = WordSet::new(&[
    "kill",
    "kills",
    "killed",
    "killing",
    "shot",
    "shoots",
    "shooting",
    "attack",
    "attacks",
    "attacked",
    "attacking",
    "ambush",
    "ambushed",
    "ambushing",
    "wounded",
    "wounding",
    "injured",
    "injuring",
    "abducted",
    "abducting",
    "kidnapped",
    "kidnapping",
    "targeted",
    "targeting",
    "stabbed",
    "stabbing",
    "beat",
    "beating",
    "assaulted",
    "lynched",
    "executed",
    "murdered",
    "hacked",
    "raided",
]);

/// Participles that make the party before them the one harmed ("two soldiers were
/// killed", "three policemen dead").
static HARMED_PARTICIPLES: WordSet = WordSet::new(&[
    "killed",
    "shot",
    "wounded",
    "injured",
    "hurt",
    "attacked",
    "abducted",
    "kidnapped",
    "ambushed",
    "beaten",
    "stabbed",
    "lynched",
    "executed",
    "murdered",
    "hacked",
    "targeted",
    "assaulted",
    "dead",
    "died",
]);

/// Auxiliaries of the passive ("were killed", "was reportedly shot").
pub(super) static PASSIVE_AUXILIARIES: WordSet =
    WordSet::new(&["was", "were", "is", "are", "been", "being", "got"]);

/// Words that may stand between a passive auxiliary and its participle ("were later
/// found dead", "had been reportedly shot").
static BETWEEN_AUXILIARY_AND_PARTICIPLE: WordSet = WordSet::new(&[
    "been",
    "being",
    "also",
    "later",
    "reportedly",
    "allegedly",
    "found",
    "fatally",
    "seriously",
    "critically",
    "all",
]);

/// How many words before a party a verb of harm may stand and still have it as object
/// ("killed two off-duty police officers").
const HARM_REACH: usize = 6;

/// The kinds of party and deed a text names (as [`cues_in`] gives them) and, apart, the
/// kinds of party it says were harmed: the object of a verb of harm ("gunmen killed two
/// soldiers"), the subject of a passive one ("a policeman was shot"), or a counted party a
/// participle follows ("three vigilantes dead"). Who was harmed tells a battle from an
/// attack on civilians where the verbs are the same. One scan of the text serves both.
pub fn cues_and_harmed_in(text: &str) -> (Cues, Cues) {
    let mut named = Cues::default();
    let mut parties = Vec::new();
    for_each_cue(text, |start, end, kinds| {
        named.parties |= kinds.parties;
        named.deeds |= kinds.deeds;
        if kinds.parties != 0 {
            parties.push((start, end, kinds.parties));
        }
    });
    let mut harmed = Cues::default();
    if !parties.is_empty() {
        let tokens = words(text);
        for (start, end, kinds) in parties {
            if is_harmed(text, &tokens, start, end) {
                harmed.parties |= kinds;
            }
        }
    }
    (named, harmed)
}

/// True when the party written at `start..end` is the one a verb of harm is done to.
fn is_harmed(text: &str, tokens: &[Word], start: usize, end: usize) -> bool {
    let first = tokens.partition_point(|w| w.span.0 < start);
    let after = tokens.partition_point(|w| w.span.0 < end);
    let word = |i: usize| tokens.get(i).map_or("", |w| w.text(text));
    // Between two words, a full stop, a semicolon or a colon ends the clause.
    let breaks_after = |i: usize| {
        let from = tokens.get(i).map_or(0, |w| w.span.1);
        let to = tokens.get(i + 1).map_or(text.len(), |w| w.span.0);
        text.get(from..to)
            .is_some_and(|gap| gap.contains(['.', ';', ':', '!', '?']))
    };
    for i in (first.saturating_sub(HARM_REACH)..first).rev() {
        if breaks_after(i) || word(i).eq_ignore_ascii_case("by") {
            break;
        }
        if HARM_DONE_TO.contains(word(i)) {
            return true;
        }
    }
    if after == 0 || breaks_after(after - 1) {
        return false;
    }
    // "two police officers were shot": the party's head noun comes after its cue word.
    let after = after + usize::from(PARTY_HEADS.contains(word(after)));
    let (next, then) = (word(after), word(after + 1));
    if PASSIVE_AUXILIARIES.contains(next) || next.eq_ignore_ascii_case("had") {
        return HARMED_PARTICIPLES.contains(then)
            || (BETWEEN_AUXILIARY_AND_PARTICIPLE.contains(then)
                && HARMED_PARTICIPLES.contains(word(after + 2)));
    }
    // "Two soldiers killed in an ambush": a headline's counted party.
    HARMED_PARTICIPLES.contains(next) && first > 0 && is_a_count(word(first - 1))
}

/// True for a number written in figures or in words ("12", "three", "several").
fn is_a_count(word: &str) -> bool {
    word.bytes().all(|b| b.is_ascii_digit()) && !word.is_empty()
        || parse_number_word(word).is_some()
        || COUNT_WORDS.contains(word)
}

/// Nouns that head a party after its cue word ("police officers", "army personnel", "Al
/// Shabaab members").
static PARTY_HEADS: WordSet = WordSet::new(&[
    "officer",
    "officers",
    "member",
    "members",
    "personnel",
    "commander",
    "commanders",
    "recruits",
    "agent",
    "agents",
    "guard",
    "guards",
    "patrol",
    "convoy",
]);

/// Words that count people without a number.
static COUNT_WORDS: WordSet = WordSet::new(&["several", "dozens", "many", "some", "numerous"]);

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
    fn forces_stopping_a_gathering_are_told_by_who_stops_whom() {
        let cases = [
            (
                "nurses marched to the ministry. gendarmes blocked them.",
                true,
            ),
            ("riot police turned back the march at the bridge", true),
            ("troops quickly broke up the sit-in", true),
            (
                "local security forces prevented teachers from gathering",
                true,
            ),
            (
                "the authorities prevented the rally from reaching the square",
                true,
            ),
            ("miners protested in the square. police intervened.", true),
            ("the police did not intervene in the march", false),
            ("students were stopped by police at the gate", false),
            ("protesters blocked the main road with stones", false),
            ("traders stopped work to protest the new tax", false),
            ("the march went ahead peacefully", false),
        ];
        for (text, stopped) in cases {
            assert_eq!(forces_stopped_a_gathering(text), stopped, "{text}");
        }
    }

    #[test]
    fn protesters_taken_or_a_gathering_stopped_by_others_is_an_intervention() {
        let cases = [
            ("police arrested 12 protesters outside the mill", true),
            ("officers arrest dozens of demonstrators at the gate", true),
            ("several marchers were detained near the bridge", true),
            ("the sit-in was broken up by gendarmes", true),
            ("the rally was disrupted by plain-clothes officers", true),
            (
                "clerks rallied at the ministry. six of them were arrested.",
                true,
            ),
            ("police arrested 14 people during the march", true),
            // What the protest is about.
            (
                "residents marched to demand the release of 9 men arrested",
                false,
            ),
            (
                "a vigil for the marchers who were detained in the spring",
                false,
            ),
            ("the protest disrupted deliveries to the port", false),
        ];
        for (text, taken) in cases {
            assert_eq!(gathering_taken_or_stopped(text), taken, "{text}");
        }
    }

    #[test]
    fn crowds_and_mobs_are_told_apart_from_peaceful_gatherings() {
        let cases: &[(&str, bool, bool)] = &[
            ("the marchers burned tyres and smashed windows", true, false),
            ("irate villagers beat a suspected thief", false, true),
            ("a mob beat two men", true, true),
            (
                "a widow accused of witchcraft was beaten to death",
                false,
                true,
            ),
            ("hundreds marched peacefully to the council", false, false),
            (
                "the crowd tried to enter the town hall by force",
                true,
                false,
            ),
            ("they blockaded the main road with logs", true, false),
            ("inmates set fires in two cell blocks", true, false),
            ("a farmer was shot by bandits", false, false),
        ];
        for (text, damage, mob) in cases {
            assert_eq!(crowd_did_damage(text), *damage, "{text}");
            assert_eq!(done_by_a_mob(text), *mob, "{text}");
        }
    }

    #[test]
    fn the_party_harmed_is_told_from_the_party_that_harms() {
        use PartyKind::*;
        let cases: &[(&str, &[PartyKind])] = &[
            ("Gunmen killed two soldiers near the bridge", &[State]),
            ("Soldiers killed two gunmen near the bridge", &[Armed]),
            ("A police officer was shot by unknown gunmen", &[State]),
            ("Three vigilantes dead after a night raid", &[Armed]),
            (
                "Rebels attacked a village, killing six civilians",
                &[Civilian],
            ),
            (
                "Villagers were attacked by bandits on the road",
                &[Civilian],
            ),
            ("Troops and rebels exchanged fire for an hour", &[]),
            ("Soldiers killed. Rebels fled the area", &[]),
            (
                "The Kataeb Rayan militia ambushed a convoy of cops",
                &[State],
            ),
        ];
        for (text, want) in cases {
            assert_eq!(
                cues_and_harmed_in(text).1.parties().collect::<Vec<_>>(),
                *want,
                "{text}"
            );
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
