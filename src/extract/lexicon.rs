//! Small word lists the extractor reasons with: words that look like place names but are not
//! (demonyms, titles, months), organisation words, verbs that make a capital stand for its
//! government, and the markers of unreal, generic or pandemic statements. All lower case.

/// Capitalised words that are never place mentions on their own, though some gazetteer
/// entry carries them (months, weekdays, titles, institutions, demonyms, common words).
pub const NOT_PLACES: &[&str] = &[
    // demonyms and group names
    "afghan", "afghans", "american", "americans", "pakistani", "pakistanis", "chinese", "iranian",
    "indian", "russian", "british", "german", "french", "qatari", "arab", "arabs", "islamic", "muslim",
    "muslims", "taliban", "talibans", "pashtun", "pashtuns", "tajik", "uzbek", "hazara", "hazaras",
    "baloch", "kurdish", "kurds", "syrian", "iraqi", "turkish", "saudi", "emirati", "israeli",
    "palestinian", "yemeni", "somali", "nigerian", "malian", "sudanese", "ethiopian", "ukrainian",
    "european", "african", "asian", "western", "eastern", "northern", "southern", "central",
    "islamist", "islamists", "sunni", "shia", "shiite", "christian", "jewish", "hindu", "sikh",
    "daesh", "isis", "isil", "al qaeda", "haqqani", "arbaki", "arbakis", "mujahid", "mujahideen",
    "nato", "un", "ana", "anp", "nds", "icrc", "covid", "ied", "ieds",
    // titles and roles
    "president", "minister", "secretary", "general", "gen", "governor", "spokesman", "spokesperson",
    "commander", "mr", "mrs", "dr", "chief", "officials", "official", "police", "army", "government",
    "ministry", "council", "security", "state", "department", "forces", "force", "national", "special",
    "military", "deputy", "senior", "local", "provincial", "district", "province", "city", "capital",
    "mullah", "sheikh", "king", "prince", "emir", "mayor", "senator", "judge", "colonel", "captain",
    // calendar
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
    "sunday", "today", "yesterday",
    // common words that are also the names of villages somewhere
    "a", "an", "the", "of", "and", "or", "but", "in", "on", "at", "to", "by", "for", "with", "as",
    "it", "its", "this", "that", "these", "those", "he", "she", "they", "we", "i", "you", "his", "her",
    "their", "our", "there", "here", "after", "before", "despite", "during", "since", "until",
    "while", "when", "where", "which", "who", "what", "why", "how", "both", "all", "some", "many",
    "most", "more", "other", "another", "such", "one", "two", "three", "first", "last", "next", "new",
    "old", "good", "great", "read", "more", "also", "however", "meanwhile", "according", "earlier",
    "later", "said", "says", "say", "will", "would", "can", "could", "should", "must", "if", "so",
    "no", "not", "yes", "than", "then", "thus", "just", "only", "even", "still", "very", "well",
    "victoria", "hope", "peace", "unity", "liberty", "union", "independence", "progress", "justice",
    "reading", "mobile", "nice", "split", "bath", "bristol", "florence", "troy", "eagle", "orange",
    "media", "news", "press", "post", "times", "home", "world", "earth", "north", "south", "east",
    "west", "gulf", "republic", "kingdom", "states", "island", "islands", "lake", "river", "mount",
    "sources", "source", "read more", "also read", "photo", "video", "reuters", "afp", "ap", "str",
    "red cross", "white house", "pentagon", "kremlin", "lockdown", "coronavirus", "bureau",
];

/// Words that make a capitalised phrase an organisation ("Germany Embassy", "Afghan National
/// Army", "National Security Council"): a country inside such a phrase is not a place.
pub const ORGANISATION_WORDS: &[&str] = &[
    "army", "council", "committee", "ministry", "department", "bureau", "hotel", "embassy",
    "consulate", "university", "party", "forces", "force", "office", "agency", "bank", "cross",
    "crescent", "nations", "organization", "organisation", "front", "movement", "police",
    "commission", "court", "parliament", "assembly", "airlines", "airways", "company",
    "corporation", "news", "times", "post", "press", "television", "radio", "institute", "school",
    "hospital", "mission", "network", "group", "brigade", "corps", "guard", "navy", "command",
    "directorate", "service", "services", "foundation", "club", "team", "league", "federation",
    "channel", "daily", "tribune", "herald", "journal", "agency", "union", "alliance", "coalition",
];

/// Verbs after a capital or a country that make it stand for its government
/// ("Washington signed a deal", "Kabul has been gripped by infighting").
pub const GOVERNMENT_VERBS: &[&str] = &[
    "signed", "said", "says", "say", "has", "have", "had", "is", "was", "will", "would", "wants",
    "want", "accused", "accuses", "denied", "denies", "rejected", "rejects", "agreed", "agrees",
    "announced", "announces", "called", "calls", "urged", "urges", "warned", "warns", "insists",
    "insisted", "demanded", "demands", "welcomed", "welcomes", "condemned", "condemns", "refused",
    "refuses", "responded", "began", "begins", "hailed", "blamed", "blames", "stressed", "stresses",
    "supports", "supported", "backs", "backed", "sent", "sends", "imposed", "ordered", "released",
    "plans", "planned", "declared", "declares", "vowed", "pledged", "promised", "threatened",
];

/// Words before a trigger that make the event unreal: future, wishes, plans, conditions.
pub const IRREALIS: &[&str] = &[
    "will", "would", "could", "should", "may", "might", "shall", "to", "plan", "plans", "planned",
    "planning", "expected", "supposed", "meant", "going", "threatened", "threatens", "vowed",
    "want", "wants", "wanted", "calls", "called", "call", "urged", "urge", "demanded", "demand",
    "ready", "aim", "aims", "seek", "seeks", "hope", "hopes", "if", "unless", "possible",
    "potential", "prevent", "prevented", "avoid", "stop", "halt", "against", "accused", "alleged",
    "allegations", "denied", "deny", "not", "no", "never", "without", "failed", "before",
];

/// Words in a clause that mark a generic statement, a trend or an aggregate, not one event.
pub const GENERIC: &[&str] = &[
    "frequently", "often", "usually", "regularly", "routinely", "increase", "increased",
    "increases", "increasing", "surge", "rise", "rising", "escalate", "escalated", "escalating",
    "overall", "thus far", "so far", "since the", "have been killed since", "has been the scene",
    "every day", "each day", "per day", "a day", "in recent years", "decades",
    "delayed", "postponed", "cancelled", "canceled", "suspended", "stalled", "yet to",
];

/// Words that make a clause about the pandemic, whose deaths are no conflict incident.
pub const PANDEMIC: &[&str] = &[
    "coronavirus", "covid", "covid-19", "virus", "pandemic", "infections", "infected",
    "confirmed cases", "tested positive", "epidemic",
];

/// Words that make a prisoner trigger apply ("released 100 Taliban prisoners").
pub const PRISONER_WORDS: &[&str] = &[
    "prisoner", "prisoners", "detainee", "detainees", "captive", "captives", "inmates", "jail",
    "prison", "custody", "hostages", "taliban", "militants", "fighters", "insurgents",
    "security forces", "soldiers", "members",
];

/// Objects that make a capture trigger a territorial one.
pub const TERRITORY_WORDS: &[&str] = &[
    "district", "districts", "village", "villages", "area", "areas", "checkpoint", "checkpoints",
    "check point", "check posts", "base", "bases", "post", "posts", "outpost", "city", "town",
    "centre", "center", "headquarters", "compound", "territory", "province", "road", "highway",
    "control",
];

/// Words that make a seizure a disrupted weapons use.
pub const WEAPON_WORDS: &[&str] = &[
    "weapons", "weapon", "arms", "ammunition", "explosives", "explosive", "mines", "mine",
    "ied", "ieds", "bomb", "bombs", "rockets", "grenades", "suicide vest",
];

/// Words that report a death ("killed", "dead").
pub const DEATH_WORDS: &[&str] = &[
    "killed", "killing", "kill", "kills", "dead", "died", "die", "dies", "deaths", "death",
    "lives", "slain", "fatalities", "lost",
];

/// Words that report an injury (a figure next to them is not a death toll).
pub const INJURY_WORDS: &[&str] = &[
    "wounded", "wounding", "injured", "injuring", "injuries", "hurt", "wounds", "injury",
];

/// Words between a preposition and a place that keep the place locative
/// ("in the southern Helmand province", "at the Bagram military base").
pub const LOCATIVE_FILLERS: &[&str] = &[
    "the", "a", "an", "southern", "northern", "eastern", "western", "central", "northeastern",
    "northwestern", "southeastern", "southwestern", "south", "north", "east", "west", "remote",
    "restive", "neighbouring", "neighboring", "volatile", "troubled", "embattled", "nearby",
    "province", "provincial", "district", "city", "capital", "town", "village", "area", "outskirts",
    "part", "parts", "region", "nation", "country", "of", "main", "downtown", "mountainous",
    "gulf", "key", "strategic", "vicinity", "suburbs", "suburb", "center", "centre",
];

/// Prepositions that put an event at a place.
pub const LOCATIVE_PREPOSITIONS: &[&str] = &[
    "in", "at", "near", "outside", "inside", "across", "around", "into", "within", "throughout",
];

/// Directions that make a place a reference point ("north of the capital, Kabul").
pub const DIRECTIONS: &[&str] = &[
    "north", "south", "east", "west", "northeast", "northwest", "southeast", "southwest",
    "km", "kilometres", "kilometers", "miles", "outside",
];

/// True when `word` (any case) is in `list`.
pub fn contains(list: &[&str], word: &str) -> bool {
    let lower = word.to_lowercase();
    list.contains(&lower.as_str())
}

/// True when any entry of `list` occurs in `text` (lower case) as whole words.
pub fn mentions_any(list: &[&str], text_lower: &str) -> bool {
    list.iter().any(|w| contains_phrase(text_lower, w))
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
        assert!(mentions_any(PANDEMIC, "the spread of the coronavirus"));
    }
}
