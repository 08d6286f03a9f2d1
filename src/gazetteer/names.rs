//! The name index: every name and alias of every place, folded for case, accents and
//! punctuation ([`fold`]), mapped to the places that carry it. The bundled gazetteer's index
//! is built by build.rs and read without allocating; other gazetteers build one in memory.

use rustc_hash::FxHashMap;

use crate::model::PlaceKind;

pub use super::fold::{fold, index_keys, loose_index_keys, loose_key, strip_admin_words};

/// Lengths of the key prefixes hashed for [`NameIndex::may_start_with`].
const PREFIX_LENGTHS: [usize; 3] = [4, 5, 6];

/// A cue a mention carries about the kind of place meant ("Kabul province", "Dand district").
pub fn kind_cue(folded: &str) -> (&str, Option<PlaceKind>) {
    const CUES: [(&str, PlaceKind); 11] = [
        ("province", PlaceKind::Admin1),
        ("provinces", PlaceKind::Admin1),
        ("state", PlaceKind::Admin1),
        ("governorate", PlaceKind::Admin1),
        ("oblast", PlaceKind::Admin1),
        ("regency", PlaceKind::Admin2),
        ("co", PlaceKind::Admin2),
        ("district", PlaceKind::Admin2),
        ("county", PlaceKind::Admin2),
        ("city", PlaceKind::PopulatedPlace),
        ("town", PlaceKind::PopulatedPlace),
    ];
    for (word, kind) in CUES {
        if let Some(base) = folded.strip_suffix(word).and_then(|b| b.strip_suffix(' '))
            && !base.is_empty()
        {
            return (base, Some(kind));
        }
        if let Some(base) = folded
            .strip_prefix(word)
            .and_then(|rest| rest.strip_prefix(" of "))
            && !base.is_empty()
        {
            return (base, Some(kind));
        }
    }
    (folded, None)
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
    built: FxHashMap<Box<str>, Vec<(u32, NameMatch)>>,
    /// Sorted `(key, postings)` lines of a prebuilt index ("kabul" -> "12:p,40:a").
    prebuilt: Vec<(&'static str, &'static str)>,
    /// First word of every prebuilt key -> the most words a key starting with it has.
    first_words: std::sync::OnceLock<FxHashMap<&'static str, u8>>,
    /// Prebuilt key -> its postings, hashed on first use (lookups without binary search).
    hashed: std::sync::OnceLock<FxHashMap<&'static str, &'static str>>,
    /// The 4-, 5- and 6-byte prefixes of every prebuilt key, hashed on first use.
    prefixes: std::sync::OnceLock<rustc_hash::FxHashSet<&'static str>>,
}

impl NameMatch {
    fn from_code(code: u8) -> NameMatch {
        match code {
            b'p' => NameMatch::Primary,
            b'd' => NameMatch::Demonym,
            _ => NameMatch::Alias,
        }
    }
}

impl NameIndex {
    /// Reads a prebuilt index: lines `key<TAB>id:h,id:h` sorted by key (see build.rs).
    pub fn prebuilt(text: &'static str) -> NameIndex {
        let prebuilt = text
            .lines()
            .filter_map(|line| line.split_once('\t'))
            .collect();
        NameIndex {
            built: FxHashMap::default(),
            prebuilt,
            first_words: std::sync::OnceLock::new(),
            hashed: std::sync::OnceLock::new(),
            prefixes: std::sync::OnceLock::new(),
        }
    }

    /// Adds one folded name for a place; a place is listed once per name, best match kept.
    pub fn insert(&mut self, folded: &str, place: u32, how: NameMatch) {
        if folded.is_empty() {
            return;
        }
        match self.built.get_mut(folded) {
            Some(list) => {
                if let Some(entry) = list.iter_mut().find(|(p, _)| *p == place) {
                    entry.1 = entry.1.min(how);
                } else {
                    list.push((place, how));
                }
            }
            None => {
                self.built.insert(folded.into(), vec![(place, how)]);
            }
        }
    }

    /// The places carrying exactly this folded name.
    pub fn get(&self, folded: &str) -> Vec<(u32, NameMatch)> {
        let mut out = self.built.get(folded).cloned().unwrap_or_default();
        if let Some(postings) = self.prebuilt_postings(folded) {
            out.extend(postings.split(',').filter_map(|posting| {
                let (id, how) = posting.split_once(':')?;
                Some((
                    id.parse().ok()?,
                    NameMatch::from_code(*how.as_bytes().first()?),
                ))
            }));
        }
        out
    }

    /// True when some place carries this folded name as its name or an alias (a demonym
    /// alone does not count). Does not allocate.
    pub fn names_a_place(&self, folded: &str) -> bool {
        if let Some(list) = self.built.get(folded)
            && list.iter().any(|(_, how)| *how != NameMatch::Demonym)
        {
            return true;
        }
        self.prebuilt_postings(folded)
            .is_some_and(|postings| postings.split(',').any(|p| !p.ends_with(":d")))
    }

    /// True when some place carries this folded name.
    pub fn contains(&self, folded: &str) -> bool {
        self.built.contains_key(folded) || self.prebuilt_postings(folded).is_some()
    }

    /// The postings line of a prebuilt key.
    fn prebuilt_postings(&self, folded: &str) -> Option<&'static str> {
        if self.prebuilt.is_empty() {
            return None;
        }
        self.hashed
            .get_or_init(|| self.prebuilt.iter().copied().collect())
            .get(folded)
            .copied()
    }

    /// True when some name may start with `prefix` (always true for an index built in
    /// memory, exact for a prebuilt one). Lets a caller skip words no place name starts with.
    pub fn may_start_with(&self, prefix: &str) -> bool {
        if !self.built.is_empty() || self.prebuilt.is_empty() {
            return true;
        }
        if prefix.len() >= PREFIX_LENGTHS[0] {
            // A hashed prefix answers without a binary search: no key shares the first
            // bytes, so none starts with the whole prefix.
            let prefixes = self.prefixes.get_or_init(|| {
                let mut set = rustc_hash::FxHashSet::default();
                for (key, _) in &self.prebuilt {
                    for n in PREFIX_LENGTHS {
                        if let Some(p) = key.get(..n) {
                            set.insert(p);
                        }
                    }
                }
                set
            });
            let n = prefix.len().min(PREFIX_LENGTHS[PREFIX_LENGTHS.len() - 1]);
            if !prefix.get(..n).is_some_and(|p| prefixes.contains(p)) {
                return false;
            }
        }
        let at = self.prebuilt.partition_point(|(key, _)| *key < prefix);
        self.prebuilt
            .get(at)
            .is_some_and(|(key, _)| key.starts_with(prefix))
    }

    /// The most words a name starting with this folded word has (0: no name starts with
    /// it). Answers from a hash of first words, built on first use, so that the mention
    /// finder can skip most capitalised words at the cost of one lookup.
    pub fn longest_name_from(&self, first_word: &str) -> usize {
        if !self.built.is_empty() || self.prebuilt.is_empty() {
            return usize::MAX;
        }
        let first_words = self.first_words.get_or_init(|| {
            let mut map: FxHashMap<&'static str, u8> = FxHashMap::default();
            for (key, _) in &self.prebuilt {
                let mut words = key.split(' ');
                let Some(first) = words.next() else { continue };
                let count = u8::try_from(words.count() + 1).unwrap_or(u8::MAX);
                let longest = map.entry(first).or_default();
                *longest = (*longest).max(count);
            }
            map
        });
        first_words
            .get(first_word)
            .map_or(0, |&count| usize::from(count))
    }

    /// Number of distinct folded names.
    pub fn len(&self) -> usize {
        self.built.len() + self.prebuilt.len()
    }

    /// True when no name is indexed.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A prebuilt index as build.rs writes it: sorted `key<TAB>id:how` lines.
    const PREBUILT: &str = "afghan\t1:d\nkabul\t2:p\nkabul province\t3:a\nkandahar\t4:p,5:a\n\
                            new york city\t6:p\n";

    #[test]
    fn prebuilt_index_answers_without_building() {
        let index = NameIndex::prebuilt(PREBUILT);
        assert_eq!(
            index.get("kandahar"),
            [(4, NameMatch::Primary), (5, NameMatch::Alias)]
        );
        assert!(index.get("herat").is_empty());
        // names_a_place: a demonym alone does not name a place
        assert!(index.names_a_place("kabul"));
        assert!(!index.names_a_place("afghan"));
        assert!(!index.names_a_place("herat"));
        // longest_name_from: words of the longest key starting with a word
        let rows = [
            ("kabul", 2),
            ("new", 3),
            ("kandahar", 1),
            ("york", 0),
            ("zzz", 0),
        ];
        for (word, longest) in rows {
            assert_eq!(index.longest_name_from(word), longest, "{word}");
        }
        // may_start_with: a prefix of some key, hashed or searched
        let rows = [
            ("kand", true),
            ("kanda", true),
            ("kandahar", true),
            ("kandaharx", false),
            ("kanx", false),
            ("new y", true),
            ("ka", true),
            ("x", false),
        ];
        for (prefix, expected) in rows {
            assert_eq!(index.may_start_with(prefix), expected, "{prefix}");
        }
    }

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
            ("oconee co", "oconee", Some(PlaceKind::Admin2)),
            ("kabul city", "kabul", Some(PlaceKind::PopulatedPlace)),
            ("kabul", "kabul", None),
            ("province", "province", None),
        ];
        for (input, base, kind) in rows {
            assert_eq!(kind_cue(input), (base, kind), "{input}");
        }
    }

    #[test]
    fn admin_words_are_stripped_at_either_end() {
        assert_eq!(strip_admin_words("hilmand viloyati"), Some("hilmand"));
        assert_eq!(strip_admin_words("wilayat e kabul"), Some("kabul"));
        assert_eq!(strip_admin_words("kabul"), None);
    }
}
