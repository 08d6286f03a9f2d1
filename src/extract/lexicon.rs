//! Small word lists the extractor reasons with: words that look like place names but are not
//! (demonyms, titles, months), organisation words, verbs that make a capital stand for its
//! government, and the markers of unreal, generic or pandemic statements. All lower case.

use std::sync::OnceLock;

use rustc_hash::FxHashSet;

/// Capitalised words that are never place mentions on their own, though some gazetteer
/// entry carries them (months, weekdays, titles, institutions, demonyms, common words).
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
    // calendar
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
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
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
    "victoria",
    "hope",
    "peace",
    "unity",
    "liberty",
    "union",
    "independence",
    "progress",
    "justice",
    "reading",
    "mobile",
    "nice",
    "split",
    "bath",
    "bristol",
    "florence",
    "troy",
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
    "lost",
]);

/// Words that report an injury (a figure next to them is not a death toll).
pub static INJURY_WORDS: WordSet = WordSet::new(&[
    "wounded", "wounding", "injured", "injuring", "injuries", "hurt", "wounds", "injury",
]);

/// Words between a preposition and a place that keep the place locative
/// ("in the southern Helmand province", "at the Bagram military base").
pub static LOCATIVE_FILLERS: WordSet = WordSet::new(&[
    "the",
    "a",
    "an",
    "southern",
    "northern",
    "eastern",
    "western",
    "central",
    "northeastern",
    "northwestern",
    "southeastern",
    "southwestern",
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
    "planned",
    "yet to",
]);

/// What security forces do to a protest that makes it a protest with intervention.
pub static PROTEST_INTERVENTION: WordSet =
    WordSet::new(&["tear gas", "dispersed", "fired", "arrested", "detained"]);

/// A list of lower-case words or phrases, hashed on first use, and searched for in text by
/// one automaton (built on first use) rather than one scan per entry.
pub struct WordSet {
    words: &'static [&'static str],
    set: OnceLock<FxHashSet<&'static str>>,
    automaton: OnceLock<Option<aho_corasick::AhoCorasick>>,
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
        let set = self
            .set
            .get_or_init(|| self.words.iter().copied().collect());
        if word.bytes().any(|b| b.is_ascii_uppercase()) {
            set.contains(word.to_ascii_lowercase().as_str())
        } else {
            set.contains(word)
        }
    }

    /// True when any entry occurs in `text_lower` as whole words.
    pub fn any_in(&self, text_lower: &str) -> bool {
        let automaton = self.automaton.get_or_init(|| {
            aho_corasick::AhoCorasick::builder()
                .kind(Some(aho_corasick::AhoCorasickKind::DFA))
                .match_kind(aho_corasick::MatchKind::LeftmostLongest)
                .build(self.words)
                .ok()
        });
        let Some(automaton) = automaton else {
            return self.words.iter().any(|w| contains_phrase(text_lower, w));
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
                return true;
            }
            from = m.start() + 1;
        }
        false
    }
}

/// True when `phrase` occurs in `text` as whole words. Both lower case.
pub fn contains_phrase(text: &str, phrase: &str) -> bool {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(pos) = text[from..].find(phrase) {
        let start = from + pos;
        let end = start + phrase.len();
        let before = start == 0 || !bytes[start - 1].is_ascii_alphanumeric();
        let after = end == bytes.len() || !bytes[end].is_ascii_alphanumeric();
        if before && after {
            return true;
        }
        from = start + 1;
        while !text.is_char_boundary(from) {
            from += 1;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

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
            NOT_PLACES.contains("Taliban")
                && NOT_PLACES.contains("march")
                && !NOT_PLACES.contains("kabul")
        );
    }
}
