//! Small word lists the extractor reasons with: words that look like place names but are not
//! (demonyms, titles, months), organisation words, verbs that make a capital stand for its
//! government, and the markers of unreal, generic or pandemic statements. All lower case.

use std::sync::OnceLock;

use rustc_hash::FxHashSet;

/// Capitalised words that are never place mentions on their own, though some gazetteer
/// entry carries them (titles, institutions, demonyms, common words; months and weekdays are
/// in [`MONTHS`] and [`WEEKDAYS`], and [`is_never_a_place`] reads all three).
pub static NOT_PLACES: WordSet = WordSet::new(&[
    // demonyms and group names
    "afghan",
    "afghans",
    "american",
    "americans",
    "pakistani",
    "pakistanis",
    "chinese",
    "iranian",
    "indian",
    "russian",
    "british",
    "german",
    "french",
    "qatari",
    "arab",
    "arabs",
    "latino",
    "latina",
    "latinos",
    "latinas",
    "hispanic",
    "hispanics",
    "islamic",
    "muslim",
    "muslims",
    "taliban",
    "talibans",
    "pashtun",
    "pashtuns",
    "tajik",
    "uzbek",
    "hazara",
    "hazaras",
    "baloch",
    "kurdish",
    "kurds",
    "syrian",
    "iraqi",
    "turkish",
    "saudi",
    "emirati",
    "israeli",
    "palestinian",
    "yemeni",
    "somali",
    "nigerian",
    "malian",
    "sudanese",
    "ethiopian",
    "ukrainian",
    "european",
    "african",
    "asian",
    "western",
    "eastern",
    "northern",
    "southern",
    "central",
    "islamist",
    "islamists",
    "sunni",
    "shia",
    "shiite",
    "christian",
    "jewish",
    "hindu",
    "sikh",
    "daesh",
    "isis",
    "isil",
    "al qaeda",
    "haqqani",
    "arbaki",
    "arbakis",
    "mujahid",
    "mujahideen",
    "nato",
    "un",
    "ana",
    "anp",
    "nds",
    "icrc",
    "covid",
    "ied",
    "ieds",
    // titles and roles
    "president",
    "minister",
    "secretary",
    "general",
    "gen",
    "governor",
    "spokesman",
    "spokesperson",
    "commander",
    "mr",
    "mrs",
    "dr",
    "chief",
    "officials",
    "official",
    "police",
    "army",
    "government",
    "ministry",
    "council",
    "security",
    "state",
    "department",
    "forces",
    "force",
    "national",
    "special",
    "military",
    "deputy",
    "senior",
    "local",
    "provincial",
    "district",
    "province",
    "city",
    "capital",
    "mullah",
    "sheikh",
    "king",
    "prince",
    "emir",
    "mayor",
    "senator",
    "judge",
    "colonel",
    "captain",
    // calendar (besides `MONTHS` and `WEEKDAYS`, see `is_never_a_place`)
    "today",
    "yesterday",
    // common words that are also the names of villages somewhere
    "a",
    "an",
    "the",
    "of",
    "and",
    "or",
    "but",
    "in",
    "on",
    "at",
    "to",
    "by",
    "for",
    "with",
    "as",
    "it",
    "its",
    "this",
    "that",
    "these",
    "those",
    "he",
    "she",
    "they",
    "we",
    "i",
    "you",
    "his",
    "her",
    "their",
    "our",
    "there",
    "here",
    "after",
    "before",
    "despite",
    "during",
    "since",
    "until",
    "while",
    "when",
    "where",
    "which",
    "who",
    "what",
    "why",
    "how",
    "both",
    "all",
    "some",
    "many",
    "most",
    "more",
    "other",
    "another",
    "such",
    "one",
    "two",
    "three",
    "first",
    "last",
    "next",
    "new",
    "old",
    "good",
    "great",
    "read",
    "more",
    "also",
    "however",
    "meanwhile",
    "according",
    "earlier",
    "later",
    "said",
    "says",
    "say",
    "will",
    "would",
    "can",
    "could",
    "should",
    "must",
    "if",
    "so",
    "no",
    "not",
    "yes",
    "than",
    "then",
    "thus",
    "just",
    "only",
    "even",
    "still",
    "very",
    "well",
    "hope",
    "peace",
    "unity",
    "liberty",
    "union",
    "independence",
    "progress",
    "justice",
    "eagle",
    "orange",
    "media",
    "news",
    "press",
    "post",
    "times",
    "home",
    "world",
    "earth",
    "north",
    "south",
    "east",
    "west",
    "northeast",
    "northwest",
    "southeast",
    "southwest",
    "north central",
    "midwest",
    "side",
    "downtown",
    "uptown",
    "gulf",
    "republic",
    "kingdom",
    "states",
    "island",
    "islands",
    "lake",
    "river",
    "mount",
    "sources",
    "source",
    "read more",
    "also read",
    "photo",
    "video",
    "reuters",
    "afp",
    "ap",
    "str",
    "red cross",
    "white house",
    "pentagon",
    "kremlin",
    "lockdown",
    "coronavirus",
    "bureau",
    // the generic part of a street, building or district name ("Bourbon Street")
    "street",
    "avenue",
    "road",
    "boulevard",
    "village",
    "harbor",
    "harbour",
    "park",
    "square",
    "city",
    "town",
    "county",
    "district",
    "center",
    "centre",
    "hospital",
    "church",
    "university",
    "college",
    "school",
]);

/// Words that make a capitalised phrase an organisation ("Germany Embassy", "Afghan National
/// Army", "National Security Council"): a country inside such a phrase is not a place.
pub static ORGANISATION_WORDS: WordSet = WordSet::new(&[
    "army",
    "council",
    "committee",
    "ministry",
    "department",
    "bureau",
    "hotel",
    "embassy",
    "consulate",
    "university",
    "party",
    "forces",
    "force",
    "office",
    "agency",
    "bank",
    "cross",
    "crescent",
    "nations",
    "organization",
    "organisation",
    "front",
    "movement",
    "police",
    "commission",
    "court",
    "parliament",
    "assembly",
    "airlines",
    "airways",
    "company",
    "corporation",
    "news",
    "times",
    "post",
    "press",
    "television",
    "radio",
    "institute",
    "school",
    "hospital",
    "mission",
    "network",
    "group",
    "brigade",
    "corps",
    "guard",
    "navy",
    "command",
    "directorate",
    "service",
    "services",
    "foundation",
    "club",
    "team",
    "league",
    "federation",
    "channel",
    "daily",
    "tribune",
    "herald",
    "journal",
    "agency",
    "union",
    "alliance",
    "coalition",
]);

/// Verbs after a capital or a country that make it stand for its government
/// ("Washington signed a deal", "Kabul has been gripped by infighting").
pub static GOVERNMENT_VERBS: WordSet = WordSet::new(&[
    "signed",
    "said",
    "says",
    "say",
    "has",
    "have",
    "had",
    "is",
    "was",
    "will",
    "would",
    "wants",
    "want",
    "accused",
    "accuses",
    "denied",
    "denies",
    "rejected",
    "rejects",
    "agreed",
    "agrees",
    "announced",
    "announces",
    "called",
    "calls",
    "urged",
    "urges",
    "warned",
    "warns",
    "insists",
    "insisted",
    "demanded",
    "demands",
    "welcomed",
    "welcomes",
    "condemned",
    "condemns",
    "refused",
    "refuses",
    "responded",
    "began",
    "begins",
    "hailed",
    "blamed",
    "blames",
    "stressed",
    "stresses",
    "supports",
    "supported",
    "backs",
    "backed",
    "sent",
    "sends",
    "imposed",
    "ordered",
    "released",
    "plans",
    "planned",
    "declared",
    "declares",
    "vowed",
    "pledged",
    "promised",
    "threatened",
]);

/// Words that open a report of another incident ("In another attack", "a separate
/// blast", "Elsewhere, ..."): the clause is not a follow-up of the one before.
pub static ANOTHER_INCIDENT: WordSet = WordSet::new(&[
    "another",
    "separate",
    "separately",
    "elsewhere",
    "meanwhile",
    "second",
    "also",
]);

/// Words before a trigger that make the event unreal: future, wishes, plans, conditions.
pub static IRREALIS: WordSet = WordSet::new(&[
    "will",
    "would",
    "could",
    "should",
    "may",
    "might",
    "shall",
    "to",
    "plan",
    "plans",
    "planned",
    "planning",
    "expected",
    "supposed",
    "meant",
    "going",
    "threatened",
    "threatens",
    "vowed",
    "want",
    "wants",
    "wanted",
    "calls",
    "called",
    "call",
    "urged",
    "urge",
    "demanded",
    "demand",
    "ready",
    "aim",
    "aims",
    "seek",
    "seeks",
    "hope",
    "hopes",
    "if",
    "unless",
    "possible",
    "potential",
    "prevent",
    "prevented",
    "avoid",
    "stop",
    "halt",
    "against",
    "accused",
    "alleged",
    "allegations",
    "denied",
    "deny",
    "not",
    "no",
    "never",
    "without",
    "failed",
    "before",
]);

/// Words that say people were killed or hurt, by someone or something: a dated story's
/// sentence with one tells an incident even where its victims cannot be counted ("gunmen
/// killed the village head").
pub static KILLED_OR_HURT: WordSet = WordSet::new(&[
    "killed",
    "slain",
    "murdered",
    "assassinated",
    "massacred",
    "lynched",
    "shot dead",
    "wounded",
    "injured",
    "hurt",
]);

/// Words that deny what a sentence says ("No one was hurt", "none were killed").
pub static NEGATIONS: WordSet =
    WordSet::new(&["no", "not", "none", "never", "without", "nobody", "denied"]);

/// Verbs of warning or fearing: before "that" they tell of what may come ("experts warn
/// that clashes could spread"), not of what happened.
pub static WARNED: WordSet = WordSet::new(&[
    "warn", "warns", "warned", "warning", "fear", "fears", "feared",
]);

/// Verbs that dismiss what others said, and the nouns of what they said: "police dismissed
/// social media reports of a protest" tells of no protest.
pub static DISMISSED: WordSet = WordSet::new(&[
    "dismissed",
    "dismisses",
    "denied",
    "denies",
    "rejected",
    "rejects",
    "refuted",
    "refutes",
]);

/// What is dismissed in [`DISMISSED`]'s sense: reports, rumours, claims.
pub static REPORTS: WordSet = WordSet::new(&[
    "report", "reports", "rumour", "rumours", "rumor", "rumors", "claim", "claims",
]);

/// What is "killed" in a figure of speech, right after the verb: "killing any hope of
/// profit", "killed the penalty" (a team on ice), "killed the deal".
pub static FIGURATIVE_KILL_OBJECTS: WordSet = WordSet::new(&[
    "any hope",
    "all hope",
    "hope",
    "hopes",
    "the hopes",
    "the hope",
    "any chance",
    "the chances",
    "the penalty",
    "a penalty",
    "the power play",
    "the deal",
    "the bill",
    "the idea",
    "the mood",
    "the momentum",
    "the clock",
    "the lights",
    "the engine",
    "the rumour",
    "the rumor",
    "the story",
]);

/// Words that say what a protest is about: a trend named after one is its grievance
/// ("over the rising cost of living", "to demand a wage increase").
pub static GRIEVANCE: WordSet = WordSet::new(&[
    "over",
    "against",
    "about",
    "demand",
    "demands",
    "demanding",
    "demanded",
    "for",
    "denounce",
    "denounced",
    "denouncing",
    "condemn",
    "condemned",
    "condemning",
    "protest",
    "protesting",
    "claim",
    "claiming",
    "seek",
    "seeking",
    "ask",
    "asking",
    "call",
    "calling",
]);

/// Words of an anniversary or a commemoration: a sentence with one recalls its dead.
pub static ANNIVERSARY: WordSet = WordSet::new(&[
    "anniversary",
    "commemorate",
    "commemorated",
    "commemorates",
    "commemorating",
    "commemoration",
]);

/// Words that count the years since an event ("ten years after", "a decade since").
pub static COUNT_WORDS: WordSet = WordSet::new(&[
    "a", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "fifteen", "twenty", "thirty", "forty", "fifty", "hundred", "several", "many", "few",
]);

/// Words before "to" that make what follows an outcome, not a purpose or a plan ("led to a
/// shooting", "due to the attack").
pub static LED_TO: WordSet = WordSet::new(&[
    "led", "leading", "leads", "lead", "due", "linked", "related", "owing",
]);

/// Words in a clause that mark a generic statement, a trend or an aggregate, not one event.
pub static GENERIC: WordSet = WordSet::new(&[
    "frequently",
    "often",
    "usually",
    "regularly",
    "routinely",
    "increase",
    "increased",
    "increases",
    "increasing",
    "surge",
    "rise",
    "rising",
    "escalate",
    "escalated",
    "escalating",
    "overall",
    "thus far",
    "so far",
    "since the",
    "have been killed since",
    "has been the scene",
    "every day",
    "each day",
    "per day",
    "a day",
    "in recent years",
    "have become",
    "has become",
    "decades",
    "delayed",
    "postponed",
    "cancelled",
    "canceled",
    "suspended",
    "stalled",
    "yet to",
]);

/// Nouns for armed or organised groups: a name right before one of them names the group,
/// not a place ("Wagner forces", "Haram fighters").
pub static GROUP_NOUNS: WordSet = WordSet::new(&[
    "forces",
    "force",
    "militia",
    "militias",
    "militiamen",
    "militants",
    "fighters",
    "rebels",
    "soldiers",
    "troops",
    "gunmen",
    "group",
    "groups",
    "movement",
    "brigade",
    "battalion",
    "tribe",
    "tribesmen",
    "clan",
    "clansmen",
    "supporters",
    "members",
    "mercenaries",
    "insurgents",
    "jihadists",
    "faction",
    "factions",
    "cadres",
    "activists",
    "loyalists",
    "elements",
    "operatives",
    "affiliates",
    "combatants",
    "herders",
    "herdsmen",
    "settlers",
    "community",
    "communities",
    "vigilantes",
    "gang",
    "gangs",
    "assailants",
    "contractors",
    "pmc",
    "youths",
    "convoy",
    "convoys",
    "patrol",
    "patrols",
]);

/// Verbs of accusation and denial: an event after them in a clause is claimed or denied,
/// not reported ("accused the army of shelling", "denied attacking the convoy").
pub static ACCUSATION: WordSet = WordSet::new(&[
    "accused", "accuses", "accusing", "accuse", "blamed", "blames", "blaming", "denied", "denies",
    "deny", "denying",
]);

/// Words that make a clause about the pandemic, whose deaths are no conflict incident.
pub static PANDEMIC: WordSet = WordSet::new(&[
    "coronavirus",
    "covid",
    "covid-19",
    "virus",
    "pandemic",
    "infections",
    "infected",
    "confirmed cases",
    "tested positive",
    "epidemic",
]);

/// Nouns for a state's forces and government, after a demonym ("Somali troops").
pub static STATE_FORCE_NOUNS: WordSet = WordSet::new(&[
    "troops",
    "army",
    "soldiers",
    "soldier",
    "forces",
    "police",
    "policemen",
    "gendarmes",
    "gendarmerie",
    "military",
    "government",
    "authorities",
    "security",
    "navy",
    "armed",
    "defence",
    "defense",
]);

/// Words that make a prisoner trigger apply ("released 100 Taliban prisoners").
pub static PRISONER_WORDS: WordSet = WordSet::new(&[
    "prisoner",
    "prisoners",
    "detainee",
    "detainees",
    "captive",
    "captives",
    "inmates",
    "jail",
    "prison",
    "custody",
    "hostages",
    "taliban",
    "militants",
    "fighters",
    "insurgents",
    "security forces",
    "soldiers",
    "members",
]);

/// Objects that make a capture trigger a territorial one.
pub static TERRITORY_WORDS: WordSet = WordSet::new(&[
    "district",
    "districts",
    "village",
    "villages",
    "area",
    "areas",
    "checkpoint",
    "checkpoints",
    "check point",
    "check posts",
    "base",
    "bases",
    "post",
    "posts",
    "outpost",
    "city",
    "town",
    "centre",
    "center",
    "headquarters",
    "compound",
    "territory",
    "province",
    "road",
    "highway",
    "control",
]);

/// Verbs whose object, named right after them, is a place when a place carries the name
/// ("militants raided Bouar", "troops retook Baoro").
pub static PLACE_TAKING_VERBS: WordSet = WordSet::new(&[
    "raided",
    "stormed",
    "overran",
    "captured",
    "recaptured",
    "retook",
    "besieged",
    "shelled",
    "bombarded",
    "invaded",
    "occupied",
    "entered",
    "attacked",
    "torched",
    "looted",
    "ransacked",
    "encircled",
    "surrounded",
    "reached",
    "evacuated",
]);

/// Words for a way between two places named with a hyphen ("the Kaya-Dori road", "the
/// axis Djibo-Mentao").
pub static ROUTE_NOUNS: WordSet = WordSet::new(&[
    "road", "axis", "route", "highway", "corridor", "stretch", "section",
]);

/// Words that make a seizure a disrupted weapons use.
pub static WEAPON_WORDS: WordSet = WordSet::new(&[
    "weapons",
    "weapon",
    "arms",
    "ammunition",
    "explosives",
    "explosive",
    "mines",
    "mine",
    "ied",
    "ieds",
    "bomb",
    "bombs",
    "rockets",
    "rocket",
    "missile",
    "missiles",
    "drone",
    "drones",
    "projectile",
    "projectiles",
    "grenades",
    "suicide vest",
]);

/// Words that report a death ("killed", "dead").
pub static DEATH_WORDS: WordSet = WordSet::new(&[
    "killed",
    "killing",
    "kill",
    "kills",
    "dead",
    "died",
    "die",
    "dies",
    "deaths",
    "death",
    "lives",
    "slain",
    "fatalities",
    "fatality",
    "lost",
    "murdered",
    "assassinated",
    "massacred",
    "slaughtered",
    "executed",
    "lynched",
    "succumbed",
]);

/// Words of a game and its play: a clause with two of them tells of sport, whatever words
/// of war it uses ([`GAME_WORDS`] in `tells_of_a_game`).
pub static GAME_WORDS: WordSet = WordSet::new(&[
    "match",
    "matches",
    "game",
    "goal",
    "goals",
    "penalty",
    "penalties",
    "striker",
    "midfielder",
    "goalkeeper",
    "coach",
    "stadium",
    "pitch",
    "league",
    "tournament",
    "championship",
    "semifinal",
    "quarterfinal",
    "final",
    "par",
    "birdie",
    "innings",
    "wickets",
    "bowlers",
    "batting",
    "marathon",
    "referee",
    "whistle",
    "scoring",
    "scored",
    "season",
    "playoff",
    "playoffs",
    "inning",
    "touchdown",
    "quarterback",
    "kickoff",
    "points",
    "fans",
    "half",
    "stroke",
    "strokes",
]);

/// Words of a death or injury no one inflicted: a crash, a flood, a collapse, a disease.
/// A sentence with one and no word of violence ([`VIOLENCE_WORDS`]) tells of an accident or
/// a disaster, not a political violence event.
pub static ACCIDENT_WORDS: WordSet = WordSet::new(&[
    "road accident",
    "traffic accident",
    "car accident",
    "collided",
    "collision",
    "crashed",
    "capsized",
    "overturned",
    "flood",
    "floods",
    "flooding",
    "landslide",
    "landslides",
    "mudslide",
    "lightning",
    "stampede",
    "cyclone",
    "hurricane",
    "typhoon",
    "tornado",
    "earthquake",
    "drowned",
    "electrocuted",
    "cholera",
    "ebola",
    "measles",
    "building collapsed",
    "house fire",
    "gas cylinder",
    "gas explosion",
    "gas leak",
]);

/// Words of violence done by people, and of guns: with one, a sentence's crash or drowning
/// may be an attack's ("the helicopter crashed after rebels fired on it"), and a gun's
/// accident is a shooting all the same.
pub static VIOLENCE_WORDS: WordSet = WordSet::new(&[
    "firearm",
    "rifle",
    "shotgun",
    "handgun",
    "pistol",
    "weapon",
    "dynamite",
    "sabotage",
    "blew up",
    "blown up",
    "shot down",
    "downed",
    "attack",
    "attacks",
    "attacked",
    "attackers",
    "shot",
    "shooting",
    "shootings",
    "gunfire",
    "gunshot",
    "gun",
    "guns",
    "fired",
    "opened fire",
    "gunmen",
    "gunman",
    "armed",
    "militants",
    "rebels",
    "insurgents",
    "bandits",
    "terrorists",
    "jihadists",
    "fighters",
    "militia",
    "bomb",
    "bombs",
    "bombing",
    "explosive",
    "explosives",
    "grenade",
    "ied",
    "rocket",
    "rockets",
    "missile",
    "mortar",
    "shelling",
    "airstrike",
    "air strike",
    "drone",
    "arson",
    "set fire",
    "torched",
    "stabbed",
    "murder",
    "murdered",
    "clash",
    "clashes",
    "clashed",
    "stormed",
    "crowd",
    "roadblock",
    "roadblocks",
    "blocked",
    "burnt",
    "burned",
    "looted",
    "tear gas",
    "beaten",
    "assaulted",
    "kidnapped",
    "abducted",
    "protest",
    "protesters",
    "protests",
    "riot",
    "rioters",
    "mob",
    "lynched",
]);

/// Words of armed men and police: a clause with one tells of more than a game.
pub static ARMED_OR_POLICE: WordSet = WordSet::new(&[
    "police",
    "policemen",
    "officers",
    "soldiers",
    "troops",
    "army",
    "gunmen",
    "militants",
    "militia",
    "fighters",
    "insurgents",
    "gunman",
    "security",
    "forces",
]);

/// True when a capitalised word is never a place mention on its own: a word of
/// [`NOT_PLACES`], a month's or a weekday's name.
pub fn is_never_a_place(word: &str) -> bool {
    NOT_PLACES.contains(word) || MONTHS.contains(word) || WEEKDAYS.contains(word)
}

/// Month names written in full.
pub static MONTHS: WordSet = WordSet::new(&[
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]);

/// Short forms of month names ("Nov", "Sept").
pub static MONTH_ABBREVIATIONS: WordSet = WordSet::new(&[
    "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
]);

/// The days of the week.
pub static WEEKDAYS: WordSet = WordSet::new(&[
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
]);

/// Words that report an injury (a figure next to them is not a death toll).
pub static INJURY_WORDS: WordSet = WordSet::new(&[
    "wounded", "wounding", "injured", "injuring", "injuries", "hurt", "wounds", "injury",
]);

/// True when a word between a preposition and a place keeps the place locative.
pub fn is_locative_filler(word: &str) -> bool {
    LOCATIVE_FILLERS.contains(word) || DIRECTION_ADJECTIVES.contains(word)
}

/// Adjectives of direction before a name ("southern Kandahar", "northern Shan state").
pub static DIRECTION_ADJECTIVES: WordSet = WordSet::new(&[
    "southern",
    "northern",
    "eastern",
    "western",
    "central",
    "northeastern",
    "northwestern",
    "southeastern",
    "southwestern",
]);

/// Words between a preposition and a place that keep the place locative
/// ("at the Bagram military base"), besides [`DIRECTION_ADJECTIVES`] ("in the southern
/// Helmand province"): see [`is_locative_filler`].
pub static LOCATIVE_FILLERS: WordSet = WordSet::new(&[
    "the",
    "a",
    "an",
    "south",
    "north",
    "east",
    "west",
    "remote",
    "restive",
    "neighbouring",
    "neighboring",
    "volatile",
    "troubled",
    "embattled",
    "nearby",
    "province",
    "provincial",
    "district",
    "city",
    "capital",
    "town",
    "village",
    "area",
    "outskirts",
    "part",
    "parts",
    "region",
    "nation",
    "country",
    "of",
    "main",
    "downtown",
    "mountainous",
    "gulf",
    "key",
    "strategic",
    "vicinity",
    "suburbs",
    "suburb",
    "center",
    "centre",
    // The local units a report names before the town that holds them ("at Kalo
    // settlement, Port Moresby", "in Bema kebele, Gondar").
    "settlement",
    "camp",
    "market",
    "neighbourhood",
    "neighborhood",
    "quarter",
    "hamlet",
    "locality",
    "ward",
    "township",
    "kebele",
    "woreda",
    "county",
    "municipality",
    "commune",
    "sector",
    "subdistrict",
]);

/// Prepositions that put an event at a place.
pub static LOCATIVE_PREPOSITIONS: WordSet = WordSet::new(&[
    "in",
    "at",
    "near",
    "outside",
    "inside",
    "across",
    "around",
    "into",
    "within",
    "throughout",
]);

/// Nouns of an attack whose "on X" names what was attacked ("an attack on X", "raids on X"):
/// a place named so is where the attack was.
pub static ATTACKS_ON: WordSet = WordSet::new(&[
    "attack",
    "attacks",
    "raid",
    "raids",
    "assault",
    "assaults",
    "offensive",
    "ambush",
    "incursion",
    "incursions",
    "airstrike",
    "airstrikes",
    "strike",
    "strikes",
    "bombardment",
    "bombing",
    "shelling",
    "onslaught",
]);

/// Nouns whose "of X" puts what follows in X: its people ("residents of X", "the Muslim
/// community of X"), its parts ("the streets of X", "the market of X"), its sites ("the
/// central mosque of X", "his hometown of X") and who governs a town ("the mayor of X").
pub static DWELLERS_AND_PARTS: WordSet = WordSet::new(&[
    "residents",
    "inhabitants",
    "people",
    "population",
    "villagers",
    "citizens",
    "natives",
    "locals",
    "dwellers",
    "youths",
    "youth",
    "community",
    "communities",
    // its people by what they do: "the students of X", "the traders of X"
    "students",
    "pupils",
    "teachers",
    "traders",
    "merchants",
    "farmers",
    "fishermen",
    "women",
    "elders",
    "streets",
    "market",
    "outskirts",
    "suburbs",
    "suburb",
    // Its ground around or within: "in the area of X", "the surroundings of X", "the Kaya
    // area".
    "area",
    "areas",
    "surroundings",
    "environs",
    "vicinity",
    "periphery",
    "neighbourhood",
    "neighborhood",
    "premises",
    "centre",
    "center",
    "heart",
    // Sites that stand in a town: "in the central mosque of X", "at the prison of X".
    "mosque",
    "church",
    "cathedral",
    "temple",
    "hospital",
    "prison",
    "jail",
    "camp",
    "stadium",
    "airport",
    "port",
    "harbour",
    "harbor",
    "hometown",
    // Bodies that sit in a town: "students of the school of X", "the office of X".
    "school",
    "schools",
    "university",
    "college",
    "polytechnic",
    "academy",
    "institute",
    "campus",
    "clinic",
    "office",
    "offices",
    "headquarters",
    "station",
    "court",
    "courthouse",
    // Who governs a town, there: "the mayor of X banned motorbikes" (not a province's
    // governor or council, who speak for all of it).
    "mayor",
    "prefect",
    "sub-prefect",
]);

/// Verbs of fleeing: the place people flee "to" or "into" is where they went, not where the
/// event was ("fled into Cameroon"). (Not "returned to": troops return to a village to act
/// there; nor "crossed into", an incursion, unless they crossed back.)
pub static FLIGHT_VERBS: WordSet = WordSet::new(&[
    "fled",
    "flee",
    "flees",
    "fleeing",
    "escaped",
    "escape",
    "escapes",
    "escaping",
    "retreated",
    "retreating",
    "withdrew",
    "withdrawing",
    "repatriated",
    "deported",
]);

/// Directions that make a place a reference point ("north of the capital, Kabul").
pub static DIRECTIONS: WordSet = WordSet::new(&[
    "north",
    "south",
    "east",
    "west",
    "northeast",
    "northwest",
    "southeast",
    "southwest",
    "km",
    "kilometres",
    "kilometers",
    "miles",
    "outside",
]);

/// Words after a strategic development's trigger that make it a plan, not a fact ("the
/// release ... will happen").
pub static MODAL_AFTER: WordSet = WordSet::new(&[
    "will",
    "would",
    "could",
    "should",
    "might",
    "may",
    "is to",
    "are to",
    "tomorrow",
    "supposed",
    "meant to",
    "expected to",
    "set to",
    "due to",
    "yet to",
    "intensify",
]);

/// Words of a military exercise, parade or weapons test: a clause with one and no casualty
/// tells of a show of arms, not of their use.
pub static EXERCISE_WORDS: WordSet = WordSet::new(&[
    "military exercise",
    "military exercises",
    "joint exercise",
    "joint exercises",
    "naval exercise",
    "drill",
    "drills",
    "war games",
    "military parade",
    "passing-out parade",
    "test-fired",
    "test-fire",
    "test-fires",
    "missile test",
    "simulated",
]);

/// What a trigger word names when a craft follows it ("attack aircraft", "attack
/// helicopters"): a kind of weapon, not an attack.
pub static CRAFT_NOUNS: WordSet = WordSet::new(&[
    "launcher",
    "launchers",
    "aircraft",
    "helicopter",
    "helicopters",
    "jet",
    "jets",
    "plane",
    "planes",
    "submarine",
    "submarines",
    "boat",
    "boats",
    "dog",
    "dogs",
]);

/// Verbs that end or put off a protest before the trigger ("called off the strike", "ended a
/// two-week strike"): no protest is held.
pub static PROTEST_CALLED_OFF: WordSet = WordSet::new(&[
    "ended",
    "end",
    "ends",
    "called off",
    "calls off",
    "suspended",
    "suspend",
    "postponed",
    "cancelled",
    "canceled",
]);

/// What security forces do to a protest that makes it a protest with intervention.
pub static PROTEST_INTERVENTION: WordSet =
    WordSet::new(&["tear gas", "dispersed", "fired", "arrested", "detained"]);

/// Force used on a protest, in the sentence after it too ("Police intervened and broke up
/// the march"): words that seldom tell of anything else near a protest.
pub static FORCE_ON_A_PROTEST: WordSet = WordSet::new(&[
    "tear gas",
    "teargas",
    "tear-gas",
    "water cannon",
    "water cannons",
    "rubber bullets",
    "intervened",
    "disperse",
    "dispersed",
    "dispersing",
    "broke up",
]);

/// A list of lower-case words or phrases, hashed on first use, and searched for in text by
/// one automaton (built on first use) rather than one scan per entry.
pub struct WordSet {
    words: &'static [&'static str],
    set: OnceLock<(FxHashSet<&'static str>, Sieve)>,
    automaton: OnceLock<Option<aho_corasick::AhoCorasick>>,
}

/// A bit for each length and first and last letter an entry has (hashed into 256 bits): most
/// words asked about are in no list, and most of those are told so by one bit, without
/// hashing the word.
#[derive(Debug, Default)]
struct Sieve([u64; 4]);

impl Sieve {
    fn of(words: &[&str]) -> Sieve {
        let mut sieve = Sieve::default();
        for word in words {
            let bit = Sieve::bit(word);
            sieve.0[bit / 64] |= 1 << (bit % 64);
        }
        sieve
    }

    /// The bit of a word's length and (ASCII lower-cased) first and last bytes.
    fn bit(word: &str) -> usize {
        let bytes = word.as_bytes();
        let lower = |b: Option<&u8>| usize::from(b.map_or(0, u8::to_ascii_lowercase));
        (word.len().wrapping_mul(31) ^ lower(bytes.first()).wrapping_mul(7) ^ lower(bytes.last()))
            .wrapping_mul(0x9E37_79B9)
            >> 8
            & 255
    }

    /// False when no entry can be `word` (in any case of ASCII letters).
    fn may_hold(&self, word: &str) -> bool {
        let bit = Sieve::bit(word);
        self.0[bit / 64] & (1 << (bit % 64)) != 0
    }
}

impl WordSet {
    /// A set over a list.
    pub const fn new(words: &'static [&'static str]) -> WordSet {
        WordSet {
            words,
            set: OnceLock::new(),
            automaton: OnceLock::new(),
        }
    }

    /// True when `word` (any case of ASCII letters; the lists are ASCII) is in the set.
    pub fn contains(&self, word: &str) -> bool {
        let (set, sieve) = self
            .set
            .get_or_init(|| (self.words.iter().copied().collect(), Sieve::of(self.words)));
        if !sieve.may_hold(word) {
            return false;
        }
        if !word.bytes().any(|b| b.is_ascii_uppercase()) {
            return set.contains(word);
        }
        // Lower-cased on the stack: no allocation for a word of up to 32 bytes.
        let mut buffer = [0u8; 32];
        match buffer.get_mut(..word.len()) {
            Some(lower) => {
                lower.copy_from_slice(word.as_bytes());
                lower.make_ascii_lowercase();
                std::str::from_utf8(lower).is_ok_and(|w| set.contains(w))
            }
            None => set.contains(word.to_ascii_lowercase().as_str()),
        }
    }

    /// True when any entry occurs in `text_lower` as whole words.
    pub fn any_in(&self, text_lower: &str) -> bool {
        self.first_in(text_lower).is_some()
    }

    /// Where the first entry occurring in `text_lower` as whole words starts.
    pub fn first_in(&self, text_lower: &str) -> Option<usize> {
        let automaton = self.automaton.get_or_init(|| {
            aho_corasick::AhoCorasick::builder()
                .kind(Some(aho_corasick::AhoCorasickKind::DFA))
                .match_kind(aho_corasick::MatchKind::LeftmostLongest)
                .build(self.words)
                .ok()
        });
        let Some(automaton) = automaton else {
            return self
                .words
                .iter()
                .filter_map(|w| phrase_at(text_lower, w))
                .min();
        };
        // The longest entry at each position; one that is only part of a word ("rise" in
        // "sunrise") sends the search on from the next position.
        let bytes = text_lower.as_bytes();
        let mut from = 0;
        while let Some(m) =
            automaton.find(aho_corasick::Input::new(text_lower).span(from..bytes.len()))
        {
            let before = m.start() == 0 || !bytes[m.start() - 1].is_ascii_alphanumeric();
            let after = m.end() == bytes.len() || !bytes[m.end()].is_ascii_alphanumeric();
            if before && after {
                return Some(m.start());
            }
            from = m.start() + 1;
        }
        None
    }
}

/// True when `phrase` occurs in `text` as whole words. Both lower case.
pub fn contains_phrase(text: &str, phrase: &str) -> bool {
    phrase_at(text, phrase).is_some()
}

/// Where `phrase` first occurs in `text` as whole words.
fn phrase_at(text: &str, phrase: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(pos) = text[from..].find(phrase) {
        let start = from + pos;
        let end = start + phrase.len();
        let before = start == 0 || !bytes[start - 1].is_ascii_alphanumeric();
        let after = end == bytes.len() || !bytes[end].is_ascii_alphanumeric();
        if before && after {
            return Some(start);
        }
        from = start + 1;
        while !text.is_char_boundary(from) {
            from += 1;
        }
    }
    None
}

/// Given names common in English-language news (the United States' most frequent, and
/// frequent names of West Africa and the Muslim world): the first word of a person's name
/// ("Michael Smith", "Leroy Brown"), not the parish or county of that name.
pub static GIVEN_NAMES: WordSet = WordSet::new(&[
    // French given names that are places' French names ("Maurice" for Mauritius).
    "maurice",
    "florence",
    "james",
    "john",
    "robert",
    "michael",
    "william",
    "david",
    "richard",
    "joseph",
    "thomas",
    "charles",
    "christopher",
    "daniel",
    "matthew",
    "anthony",
    "mark",
    "donald",
    "steven",
    "paul",
    "andrew",
    "joshua",
    "kenneth",
    "kevin",
    "brian",
    "george",
    "timothy",
    "ronald",
    "edward",
    "jason",
    "jeffrey",
    "ryan",
    "jacob",
    "gary",
    "nicholas",
    "eric",
    "jonathan",
    "stephen",
    "larry",
    "justin",
    "scott",
    "brandon",
    "benjamin",
    "samuel",
    "gregory",
    "alexander",
    "frank",
    "patrick",
    "raymond",
    "jack",
    "dennis",
    "jerry",
    "tyler",
    "aaron",
    "jose",
    "adam",
    "nathan",
    "henry",
    "douglas",
    "zachary",
    "peter",
    "kyle",
    "ethan",
    "walter",
    "noah",
    "jeremy",
    "christian",
    "keith",
    "roger",
    "terry",
    "gerald",
    "harold",
    "sean",
    "austin",
    "carl",
    "arthur",
    "lawrence",
    "dylan",
    "jesse",
    "jordan",
    "bryan",
    "billy",
    "joe",
    "bruce",
    "gabriel",
    "logan",
    "albert",
    "willie",
    "alan",
    "juan",
    "wayne",
    "elijah",
    "randy",
    "roy",
    "vincent",
    "ralph",
    "eugene",
    "russell",
    "bobby",
    "mason",
    "philip",
    "louis",
    "leroy",
    "darnell",
    "tyrone",
    "deshawn",
    "jamal",
    "marcus",
    "terrence",
    "andre",
    "antonio",
    "carlos",
    "luis",
    "miguel",
    "jorge",
    "pedro",
    "manuel",
    "ricardo",
    "francisco",
    "mary",
    "patricia",
    "jennifer",
    "linda",
    "elizabeth",
    "barbara",
    "susan",
    "jessica",
    "sarah",
    "karen",
    "lisa",
    "nancy",
    "betty",
    "margaret",
    "sandra",
    "ashley",
    "kimberly",
    "emily",
    "donna",
    "michelle",
    "carol",
    "amanda",
    "dorothy",
    "melissa",
    "deborah",
    "stephanie",
    "rebecca",
    "sharon",
    "laura",
    "cynthia",
    "kathleen",
    "amy",
    "angela",
    "shirley",
    "anna",
    "brenda",
    "pamela",
    "emma",
    "nicole",
    "helen",
    "samantha",
    "katherine",
    "christine",
    "debra",
    "rachel",
    "carolyn",
    "janet",
    "catherine",
    "maria",
    "heather",
    "diane",
    "ruth",
    "julie",
    "olivia",
    "joyce",
    "virginia",
    "victoria",
    "kelly",
    "lauren",
    "christina",
    "joan",
    "evelyn",
    "judith",
    "megan",
    "andrea",
    "cheryl",
    "hannah",
    "jacqueline",
    "martha",
    "gloria",
    "teresa",
    "ann",
    "sara",
    "madison",
    "frances",
    "kathryn",
    "janice",
    "jean",
    "abigail",
    "alice",
    "judy",
    "sophia",
    "grace",
    "denise",
    "amber",
    "doris",
    "marilyn",
    "danielle",
    "beverly",
    "isabella",
    "theresa",
    "diana",
    "natalie",
    "brittany",
    "charlotte",
    "marie",
    "kayla",
    "alexis",
    "lori",
    "tiffany",
    "latoya",
    "keisha",
    "shanice",
    "ebony",
    "ronnie",
    "tony",
    "jimmy",
    "johnny",
    "danny",
    "eddie",
    "tommy",
    "ricky",
    "freddie",
    "marvin",
    "calvin",
    "curtis",
    "derrick",
    "travis",
    "shawn",
    "corey",
    "jamie",
    "tracy",
    "stacy",
    "travon",
    "trayvon",
    "dwayne",
    "darius",
    "demetrius",
    "jermaine",
    "lamar",
    "reginald",
    "cedric",
    "rodney",
    "troy",
    "shane",
    "chad",
    "brett",
    "cody",
    "dustin",
    "jared",
    "wesley",
    "luke",
    "ian",
    "evan",
    "connor",
    "hunter",
    "caleb",
    "isaiah",
    "jayden",
    "javier",
    "alejandro",
    "fernando",
    "rafael",
    "sergio",
    "eduardo",
    "roberto",
    "oscar",
    "hector",
    "alberto",
    "mario",
    "angel",
    "rosa",
    "carmen",
    "ana",
    "sofia",
    "lucia",
    "guadalupe",
    "yolanda",
    "tanya",
    "crystal",
    "erica",
    "monica",
    "veronica",
    "wanda",
    "tamika",
    "aaliyah",
    "destiny",
    "jasmine",
    "brianna",
    "kiara",
    "mohammed",
    "mohammad",
    "muhammad",
    "ahmed",
    "ahmad",
    "ali",
    "hassan",
    "hussein",
    "mahmoud",
    "mustafa",
    "omar",
    "abdul",
    "abdullah",
    "ibrahim",
    "khalid",
    "yusuf",
    "youssef",
    "amir",
    "karim",
    "fatima",
    "aisha",
    "zainab",
    "maryam",
    "abubakar",
    "musa",
    "ismail",
    "idris",
    "sani",
    "aliyu",
    "emmanuel",
    "samuel",
    "blessing",
    "chinedu",
    "oluwaseun",
    "kwame",
    "kofi",
    "jean-pierre",
    "pierre",
    "jacques",
    "francois",
]);

/// Nouns for one person, after "the" as the subject of a death ("the victim died").
pub static ONE_PERSON_NOUNS: WordSet = WordSet::new(&[
    "victim",
    "man",
    "woman",
    "boy",
    "girl",
    "teen",
    "teenager",
    "child",
    "toddler",
    "baby",
    "infant",
    "driver",
    "passenger",
    "officer",
    "deputy",
    "trooper",
    "suspect",
    "gunman",
    "shooter",
    "student",
    "resident",
    "father",
    "mother",
    "son",
    "daughter",
    "husband",
    "wife",
    "brother",
    "sister",
    "soldier",
    "policeman",
    "guard",
    "civilian",
    "journalist",
    "farmer",
    "herder",
    "chief",
    "leader",
    "commander",
    "official",
    "worker",
    "youth",
    "juvenile",
    "teacher",
    "trader",
    "merchant",
    "shopkeeper",
    "businessman",
    "villager",
    "elder",
    "cleric",
    "imam",
    "pastor",
    "priest",
    "doctor",
    "nurse",
    "activist",
    "politician",
    "councillor",
    "councilor",
    "member",
    "supporter",
    "militant",
    "fighter",
    "rebel",
    "motorcyclist",
    "bodyguard",
    "escort",
    "peasant",
    "judge",
    "magistrate",
    "prosecutor",
    "colonel",
    "captain",
    "sergeant",
    "mayor",
    "governor",
    "senator",
    "minister",
    "lawyer",
    "reporter",
    "photographer",
    "employee",
    "labourer",
    "laborer",
    "miner",
    "fisherman",
    "hostage",
    "prisoner",
    "detainee",
    "inmate",
    "agent",
    "policewoman",
    "grandfather",
    "grandmother",
    "grandson",
    "granddaughter",
    "uncle",
    "aunt",
    "nephew",
    "niece",
    "cousin",
    "stepfather",
    "stepson",
    "girlfriend",
    "boyfriend",
    "neighbor",
    "neighbour",
    "businesswoman",
]);

/// Words that make a subject more than one person ("the victims", "both"); figures are
/// read as numbers.
pub static PLURAL_PERSON_WORDS: WordSet = WordSet::new(&[
    "victims",
    "men",
    "women",
    "people",
    "persons",
    "boys",
    "girls",
    "teens",
    "teenagers",
    "children",
    "officers",
    "soldiers",
    "civilians",
    "students",
    "residents",
    "both",
    "they",
    "several",
    "many",
    "dozens",
]);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_set_holds_its_entries_in_any_case_and_nothing_else() {
        static SET: WordSet = WordSet::new(&["a", "ox", "ambush", "broke up", "gendarmes"]);
        let rows = [
            ("a", true),
            ("A", true),
            ("Ambush", true),
            ("AMBUSH", true),
            ("ambushed", false),
            ("ambus", false),
            ("bushma", false),
            ("Broke Up", true),
            ("GENDARMES", true),
            ("gendarme", false),
            ("", false),
            ("ox", true),
            ("xo", false),
            ("Ox", true),
            ("o", false),
            ("a much longer word than any of the entries here", false),
            ("\u{c9}tat", false),
        ];
        for (word, held) in rows {
            assert_eq!(SET.contains(word), held, "{word:?}");
        }
        // Every entry of the lexicon's lists passes its sieve.
        for set in [
            &NOT_PLACES,
            &ORGANISATION_WORDS,
            &GOVERNMENT_VERBS,
            &IRREALIS,
        ] {
            for word in set.words {
                assert!(set.contains(word), "{word}");
                assert!(set.contains(&word.to_ascii_uppercase()), "{word}");
            }
        }
    }

    #[test]
    fn phrase_matching_respects_word_bounds() {
        assert!(contains_phrase("so far 19 deaths", "so far"));
        assert!(!contains_phrase("the riser", "rise"));
        assert!(contains_phrase("a rise in attacks", "rise"));
        assert!(PANDEMIC.any_in("the spread of the coronavirus"));
        // whole words only, and a part-word match does not hide a later whole word
        static SET: WordSet = WordSet::new(&["rise", "so far", "far"]);
        assert!(!SET.any_in("the sunrise"));
        assert!(SET.any_in("the sunrise and a rise"));
        assert!(SET.any_in("so far"));
        assert!(SET.any_in("farther or far"));
        assert!(!SET.any_in("farther"));
        assert!(
            is_never_a_place("Taliban") && is_never_a_place("march") && !is_never_a_place("kabul")
        );
    }
}
