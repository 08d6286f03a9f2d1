//! Name folding and the name index: every name and alias of every place, folded for case,
//! accents and punctuation, mapped to the places that carry it.

use rustc_hash::FxHashMap;

use crate::model::PlaceKind;

/// Folds a name for matching: lower case, accents stripped (deunicode), apostrophes
/// dropped, every other non-alphanumeric character a single space.
///
/// ```
/// use incident_map::gazetteer::fold;
/// assert_eq!(fold("Nahr-e Sarāj"), "nahr e saraj");
/// assert_eq!(fold("Ma‘rūf"), "maruf");
/// assert_eq!(fold("  KABUL  "), "kabul");
/// ```
pub fn fold(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    if name.is_ascii() {
        push_folded(&mut out, name);
    } else {
        let mut buf = String::with_capacity(name.len());
        for c in name.chars() {
            if is_apostrophe(c) {
                continue;
            }
            if c.is_ascii() {
                buf.push(c);
            } else {
                buf.push_str(deunicode::deunicode_char(c).unwrap_or(" "));
            }
        }
        push_folded(&mut out, &buf);
    }
    out
}

fn is_apostrophe(c: char) -> bool {
    matches!(c, '\'' | '`' | '‘' | '’' | 'ʻ' | 'ʼ' | 'ʿ' | 'ʾ' | '´')
}

fn push_folded(out: &mut String, ascii: &str) {
    let mut pending_space = false;
    for b in ascii.bytes() {
        if b.is_ascii_alphanumeric() {
            if pending_space && !out.is_empty() {
                out.push(' ');
            }
            pending_space = false;
            out.push(b.to_ascii_lowercase() as char);
        } else if matches!(b, b'\'' | b'`') {
            continue;
        } else {
            pending_space = true;
        }
    }
}

/// A looser key for transliteration variants of one name (Daykundi/Daikundi,
/// Kondoz/Kunduz, Paktya/Paktia, Herat/Hirat): vowels and semivowels merged, doubled
/// letters collapsed. Used only when no exact folded name matches.
///
/// ```
/// use incident_map::gazetteer::loose_key;
/// assert_eq!(loose_key("daikundi"), loose_key("daykundi"));
/// assert_eq!(loose_key("kondoz"), loose_key("kunduz"));
/// ```
pub fn loose_key(folded: &str) -> String {
    let mut out = String::with_capacity(folded.len());
    let mut last = '\0';
    for c in folded.chars() {
        let mapped = match c {
            'o' | 'u' => 'u',
            'e' | 'i' | 'y' => 'i',
            'w' | 'v' => 'v',
            'q' | 'k' | 'c' => 'k',
            ' ' | '-' => continue,
            other => other,
        };
        if mapped != last {
            out.push(mapped);
        }
        last = mapped;
    }
    out
}

/// Words that name an administrative level rather than a place ("Helmand Province",
/// "Qunduz viloyati", "Wilayat-e Kabul"). Folded forms.
const ADMIN1_WORDS: [&str; 14] = [
    "province",
    "provincia",
    "viloyati",
    "welayaty",
    "wilayat e",
    "velayat e",
    "state",
    "region",
    "oblast",
    "governorate",
    "department",
    "prefecture",
    "county",
    "district",
];

/// A cue a mention carries about the kind of place meant ("Kabul province", "Dand district").
pub fn kind_cue(folded: &str) -> (String, Option<PlaceKind>) {
    const CUES: [(&str, PlaceKind); 8] = [
        ("province", PlaceKind::Admin1),
        ("provinces", PlaceKind::Admin1),
        ("state", PlaceKind::Admin1),
        ("governorate", PlaceKind::Admin1),
        ("district", PlaceKind::Admin2),
        ("county", PlaceKind::Admin2),
        ("city", PlaceKind::PopulatedPlace),
        ("town", PlaceKind::PopulatedPlace),
    ];
    for (word, kind) in CUES {
        if let Some(base) = folded.strip_suffix(word).and_then(|b| b.strip_suffix(' ')) {
            if !base.is_empty() {
                return (base.to_string(), Some(kind));
            }
        }
        for prefix in ["of ", ""] {
            let lead = format!("{word} {prefix}");
            if let Some(base) = folded.strip_prefix(&lead) {
                if !base.is_empty() && prefix == "of " {
                    return (base.to_string(), Some(kind));
                }
            }
        }
    }
    (folded.to_string(), None)
}

/// Strips administrative words from the start or end of a folded division name.
pub fn strip_admin_words(folded: &str) -> Option<&str> {
    for word in ADMIN1_WORDS {
        if let Some(base) = folded.strip_suffix(word).and_then(|b| b.strip_suffix(' ')) {
            if !base.is_empty() {
                return Some(base);
            }
        }
        if let Some(base) = folded.strip_prefix(word).and_then(|b| b.strip_prefix(' ')) {
            if !base.is_empty() {
                return Some(base);
            }
        }
    }
    None
}

/// How a name of a place matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum NameMatch {
    /// The place's own name.
    Primary,
    /// An alias or alternate name.
    Alias,
    /// A demonym of a country ("Turkish"): a toponym to geoparsing, no place to an event.
    Demonym,
}

/// Folded name -> (place index, how it matched).
#[derive(Debug, Default)]
pub struct NameIndex {
    map: FxHashMap<Box<str>, Vec<(u32, NameMatch)>>,
}

impl NameIndex {
    /// Adds one folded name for a place; a place is listed once per name, best match kept.
    pub fn insert(&mut self, folded: &str, place: u32, how: NameMatch) {
        if folded.is_empty() {
            return;
        }
        match self.map.get_mut(folded) {
            Some(list) => {
                if let Some(entry) = list.iter_mut().find(|(p, _)| *p == place) {
                    entry.1 = entry.1.min(how);
                } else {
                    list.push((place, how));
                }
            }
            None => {
                self.map.insert(folded.into(), vec![(place, how)]);
            }
        }
    }

    /// The places carrying exactly this folded name.
    pub fn get(&self, folded: &str) -> &[(u32, NameMatch)] {
        self.map.get(folded).map(Vec::as_slice).unwrap_or(&[])
    }

    /// True when some place carries this folded name.
    pub fn contains(&self, folded: &str) -> bool {
        self.map.contains_key(folded)
    }

    /// Number of distinct folded names.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// True when no name is indexed.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_table() {
        let rows = [
            ("Kandahār", "kandahar"),
            ("Sar-e Pol", "sar e pol"),
            ("Qunḏūz", "qunduz"),
            ("Ghulam 'Ali", "ghulam ali"),
            ("Lashkar Gah", "lashkar gah"),
            ("DOHA", "doha"),
            ("Côte d’Ivoire", "cote divoire"),
            ("", ""),
        ];
        for (input, expected) in rows {
            assert_eq!(fold(input), expected, "fold({input:?})");
        }
    }

    #[test]
    fn kind_cues_table() {
        let rows = [
            ("kabul province", "kabul", Some(PlaceKind::Admin1)),
            ("province of kabul", "kabul", Some(PlaceKind::Admin1)),
            ("dand district", "dand", Some(PlaceKind::Admin2)),
            ("kabul city", "kabul", Some(PlaceKind::PopulatedPlace)),
            ("kabul", "kabul", None),
            ("province", "province", None),
        ];
        for (input, base, kind) in rows {
            assert_eq!(kind_cue(input), (base.to_string(), kind), "{input}");
        }
    }

    #[test]
    fn admin_words_are_stripped_at_either_end() {
        assert_eq!(strip_admin_words("hilmand viloyati"), Some("hilmand"));
        assert_eq!(strip_admin_words("wilayat e kabul"), Some("kabul"));
        assert_eq!(strip_admin_words("kabul"), None);
    }
}
