//! Ranking the candidates of a name in context: kind of place, population, the document's
//! focus countries and provinces, containment cues ("X in Y", "X, Y", "X province").

use rustc_hash::FxHashMap;

use super::{Gazetteer, NameMatch, Place, fold, kind_cue};
use crate::model::PlaceKind;

/// What the surrounding document says about where its places are.
#[derive(Debug, Clone, Default)]
pub struct Context {
    /// Weight of each country in the document (ISO alpha-2 -> share of its place mentions).
    pub countries: FxHashMap<&'static str, f64>,
    /// First-level divisions mentioned in the document, (ISO alpha-2, GeoNames admin1 code).
    pub admin1s: Vec<(&'static str, &'static str)>,
    /// A place the mention is said to be inside ("X in Y", "X, Y"), already resolved: its
    /// country, first-level division code and kind.
    pub container: Option<(&'static str, &'static str, PlaceKind)>,
    /// Restrict candidates to one country (the CLI's `--country`).
    pub only_country: Option<String>,
    /// Where a spelling variant may be read: when set, a name matched only through its
    /// transliteration key resolves only to a place in one of these countries (those the
    /// document's exactly written names support), so an unknown village is not read as a
    /// look-alike city abroad.
    pub loose_countries: Option<Vec<&'static str>>,
}

impl Context {
    /// The focus of a document from its resolved mentions: each country's share of the
    /// mentions (weighted by confidence and `weight`), and the provinces it names.
    pub fn from_resolved<'g>(resolved: impl IntoIterator<Item = (&'g Place, f32, f32)>) -> Context {
        let mut weights: FxHashMap<&'static str, f64> = FxHashMap::default();
        let mut admin1s = Vec::new();
        let mut total = 0.0;
        for (place, confidence, weight) in resolved {
            let w = f64::from(confidence) * f64::from(weight);
            *weights.entry(place.country).or_default() += w;
            total += w;
            if place.kind != PlaceKind::Country && confidence > 0.5 {
                admin1s.push((place.country, place.admin1));
            }
        }
        if total > 0.0 {
            for w in weights.values_mut() {
                *w /= total;
            }
        }
        Context {
            countries: weights,
            admin1s,
            ..Context::default()
        }
    }
}

/// A candidate place for a name, with its score.
#[derive(Debug, Clone)]
pub struct Candidate<'g> {
    /// The place.
    pub place: &'g Place,
    /// Ranking score, higher is better.
    pub score: f64,
    /// How the name matched.
    pub matched: NameMatch,
    /// Found only through a transliteration variant of the name.
    pub loose: bool,
}

/// The chosen place for a mention.
#[derive(Debug, Clone)]
pub struct Resolution<'g> {
    /// The place.
    pub place: &'g Place,
    /// Precision: the place's kind.
    pub precision: PlaceKind,
    /// 0 to 1, from the margin over the runner-up.
    pub confidence: f32,
    /// Found only through a transliteration variant of the name.
    pub loose: bool,
}

/// Score a division gets in place of a population (as if it had about this many people).
const ADMIN1_BASE: f64 = 6.0;
const ADMIN2_BASE: f64 = 4.6;
const COUNTRY_BASE: f64 = 10.0;
/// A country or territory smaller than this has divisions too small to outrank towns.
const SMALL_TERRITORY_POPULATION: u64 = 1_000_000;
/// Taken off the score of such a division.
const SMALL_TERRITORY_PENALTY: f64 = 1.5;
/// Fewest letters of each part when a division's name written as one word is split in two
/// ("north west" of "northwest").
const MIN_SPLIT_PART: usize = 4;
/// A written name of fewer letters is not read as another name joined or split ("Ede" is
/// no "E De").
const MIN_JOINED_LETTERS: usize = 4;
/// Taken off every candidate found only through a transliteration variant.
const LOOSE_PENALTY: f64 = 1.0;
/// Added to a place written exactly as its abbreviation ("BC", "EU"): a form that precise
/// outranks the namesakes its folded letters happen to match.
const ABBREVIATION_BONUS: f64 = 3.0;
/// The same for an abbreviation with dots ("Ky.", "B.C."), which nothing else is written as
/// (while "KY" is also the Cayman Islands' country code).
const DOTTED_ABBREVIATION_BONUS: f64 = 6.0;

/// Populated places smaller than this are read as a transliteration variant only where
/// the written name is close to one of theirs ([`CloseSpelling`]): a loose key is
/// shared by too many villages ("Wambashe" and Ombesa) for the key alone to say which.
const CLOSE_SPELLING_BELOW_POPULATION: u64 = 20_000;

/// A populated place under [`CLOSE_SPELLING_BELOW_POPULATION`].
fn is_a_small_town(place: &Place) -> bool {
    place.kind == PlaceKind::PopulatedPlace && place.population < CLOSE_SPELLING_BELOW_POPULATION
}

/// How alike a written name and a small place's name must be (normalised edit distance of
/// their letters, Arabic articles left out): "Ain Issa" and Ayn Isa are, "Maasai" and Masii
/// are not.
const CLOSE_SPELLING_SIMILARITY: f64 = 0.7;

/// The letters of a written name (folded), to tell whether a place name is spelled nearly
/// alike: without spaces, hyphens, apostrophes and Arabic articles, the two differ by at
/// most three edits in ten.
struct CloseSpelling {
    letters: String,
}

impl CloseSpelling {
    fn of(folded: &str) -> CloseSpelling {
        CloseSpelling {
            letters: Self::letters(folded),
        }
    }

    fn letters(folded: &str) -> String {
        super::fold::words_without_articles(folded)
            .flat_map(str::chars)
            .filter(char::is_ascii_alphabetic)
            .collect()
    }

    /// True when the folded place name is spelled nearly as the written one.
    fn is_close_to(&self, folded_name: &str) -> bool {
        let other = Self::letters(folded_name);
        let longest = self.letters.len().max(other.len());
        // (Lengths too far apart cannot be close: no edit distance to compute.)
        if longest == 0
            || self.letters.len().abs_diff(other.len()) as f64
                > (1.0 - CLOSE_SPELLING_SIMILARITY) * longest as f64
        {
            return false;
        }
        strsim::normalized_levenshtein(&self.letters, &other) >= CLOSE_SPELLING_SIMILARITY
    }
}

/// A look-up of a name's other spellings that [`Gazetteer::remembered`] keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum SpellingQuery {
    /// The places whose name has the same letters, joined or split.
    Joined,
    /// The places of a transliteration variant of the name.
    Variants,
}

/// Names a thread remembers the spellings of before it forgets them all and starts again.
/// (With villages in the transliteration index more names are asked about: at 50,000 the
/// memo was cleared so often on 40 MB of news that each thread redid a tenth of its work;
/// at this size it holds them, for about 15 MB more at 2 GB.)
const SPELLING_MEMO_SIZE: usize = 400_000;

/// A spelling's entries, by gazetteer (its serial number), query and folded name.
type SpellingMemo = FxHashMap<(u64, SpellingQuery, Box<str>), Vec<(u32, NameMatch)>>;

/// A name's reading alone (place index, confidence, found through a variant), by gazetteer
/// serial and the name as written.
type AloneMemo = FxHashMap<(u64, Box<str>), Option<(u32, f32, bool)>>;

thread_local! {
    /// Each thread's memo of spellings looked up (see [`Gazetteer::remembered`]).
    static SPELLINGS: std::cell::RefCell<SpellingMemo> = std::cell::RefCell::default();
    /// Each thread's memo of names read alone (see [`Gazetteer::resolve_alone`]).
    static ALONE: std::cell::RefCell<AloneMemo> = std::cell::RefCell::default();
}

impl Gazetteer {
    /// The name-index entries of a folded name, with the name they were found under and the
    /// kind of place it cues. A place named with its kind word ("Cape Town", "Garden City",
    /// "Suffolk County") is found under its whole name; otherwise the kind word is a cue
    /// ("Kabul city": "kabul", populated place).
    pub(super) fn exact_entries<'n>(
        &self,
        folded: &'n str,
    ) -> (Vec<(u32, NameMatch)>, &'n str, Option<PlaceKind>) {
        let mut whole = self.names().get(folded);
        // "Western Region", "Eastern Province": a province's name written with its level
        // word, which some provinces carry in their name (or as another name) and others
        // not, is any of them.
        if !whole.is_empty()
            && let (base, Some(cue @ PlaceKind::Admin1)) = kind_cue(folded)
            && whole.iter().all(|&(i, matched)| {
                matched == NameMatch::Alias || self.place(i).is_some_and(|p| p.kind == cue)
            })
        {
            for (i, matched) in self.names().get(base) {
                if matched == NameMatch::Primary
                    && self.place(i).is_some_and(|p| p.kind == cue)
                    && !whole.iter().any(|&(j, _)| j == i)
                {
                    whole.push((i, matched));
                }
            }
        }
        if !whole.is_empty() {
            return (whole, folded, None);
        }
        match kind_cue(folded) {
            (base, Some(cue)) => (self.names().get(base), base, Some(cue)),
            (_, None) => (whole, folded, None),
        }
    }

    /// All candidates of a name, ranked best first.
    pub fn candidates(&self, name: &str, context: &Context) -> Vec<Candidate<'_>> {
        let folded = fold(name);
        let (matches, base, cue) = self.exact_entries(&folded);
        let english = base.split(' ').all(crate::text::is_common_word);
        let Spellings {
            matches,
            joined,
            penalty,
        } = self.entries_of_its_spellings(matches, base, cue, english, context);
        let facts = NameFacts {
            base,
            cue,
            english,
            penalty,
            joined: &joined,
            level_countries: countries_of_its_level_word(&folded),
            context,
        };
        let written = name.trim();
        let abbreviated = self.abbreviated(written);
        let abbreviation_bonus = if written.contains('.') {
            DOTTED_ABBREVIATION_BONUS
        } else {
            ABBREVIATION_BONUS
        };
        // "Bo", "Ga": two letters in ordinary case are no country's code ("BO", "GA"),
        // though a town may bear them.
        let two_letters_in_ordinary_case =
            written.chars().count() == 2 && !written.chars().all(char::is_uppercase);
        let found: Vec<Candidate<'_>> = matches
            .iter()
            .filter(|&&(i, matched)| {
                !(two_letters_in_ordinary_case
                    && matched == NameMatch::Alias
                    && self.place(i).is_some_and(|p| p.kind == PlaceKind::Country))
            })
            .map(|&(i, matched)| (i, matched, 0.0))
            .chain(
                abbreviated
                    .iter()
                    .map(|&i| (i, NameMatch::Alias, abbreviation_bonus + penalty)),
            )
            .filter_map(|(i, matched, bonus)| self.candidate(&facts, i, matched, bonus))
            .collect();
        self.ranked(found)
    }

    /// The index entries of a name (`matches`, its exact ones, for its folded `base` and
    /// kind word `cue`) with those of its other spellings, the entries joined or split among
    /// them, and the penalty its entries take (a spelling variant's).
    fn entries_of_its_spellings(
        &self,
        mut matches: Vec<(u32, NameMatch)>,
        base: &str,
        cue: Option<PlaceKind>,
        english: bool,
        context: &Context,
    ) -> Spellings {
        let mut penalty = 0.0;
        // "Muse, Shan State" for Mu-se: the same letters as a place's name, only joined or
        // split, read where no place is written exactly so, or none of those lies where the
        // text says (an English word only there). A spelling variant is read where nothing
        // is written exactly so, never for an English word ("Neither" is no "Natore"). Both
        // come from the transliteration index, filtered once per name and thread.
        let in_container = |i: u32| {
            context.container.as_ref().is_none_or(|container| {
                self.place(i)
                    .is_some_and(|place| lies_in_container(place, container))
            })
        };
        // A division's name split is the same name ("Northwest region": Cameroon's North-West
        // as much as Iceland's Northwest): read both where the text says it is a division,
        // or names only divisions so, and let the other names choose.
        let names_a_division = matches!(cue, Some(PlaceKind::Admin1 | PlaceKind::Admin2))
            || !matches.is_empty()
                && matches.iter().all(|&(i, _)| {
                    self.place(i)
                        .is_some_and(|p| matches!(p.kind, PlaceKind::Admin1 | PlaceKind::Admin2))
                });
        let joined_wanted = if matches.is_empty() {
            !english || context.container.is_some()
        } else {
            context.container.is_some() && !matches.iter().any(|&(i, _)| in_container(i))
        };
        let variant_wanted = matches.is_empty() && !english;
        let joined = if joined_wanted {
            self.remembered(SpellingQuery::Joined, base, || {
                self.joined_spellings(base, &self.loose_names().get(&super::loose_key(base)))
            })
        } else {
            Vec::new()
        };
        let resplit = if names_a_division {
            self.divisions_written_split(base)
        } else {
            Vec::new()
        };
        let joined: Vec<(u32, NameMatch)> = joined.into_iter().chain(resplit).collect();
        for &(i, _) in &joined {
            if !matches.iter().any(|&(j, _)| j == i) {
                matches.push((i, NameMatch::Alias));
            }
        }
        if matches.is_empty()
            && variant_wanted
            && let Some(bare) = super::fold::without_leading_article(base)
        {
            // "Ar-Raqqa", "al-Mansoura": written with the Arabic article where the gazetteer
            // spells the name without it ("Raqqa") is that name exactly, before any
            // look-alike ("Riga" shares the loose key).
            matches = self.names().get(bare);
        }
        if matches.is_empty() && variant_wanted {
            // A short key is shared by unrelated names: only spellings that keep the
            // consonants stand ("Teppi" for Tepi, not "Kinwo" for Kano).
            matches = self.spelling_variants(base);
            penalty = LOOSE_PENALTY;
        }
        Spellings {
            matches,
            joined,
            penalty,
        }
    }

    /// The `i`th index entry as a candidate of the name `facts` tell of, matched as
    /// `matched`, with a `bonus` (an abbreviation's), or none where the name cannot be it.
    fn candidate(
        &self,
        facts: &NameFacts<'_>,
        i: u32,
        matched: NameMatch,
        bonus: f64,
    ) -> Option<Candidate<'_>> {
        let place = self.place(i)?;
        // An English word is a place's other name only as the short form of its
        // own ("Central" for "Central Region"): "Gold" is no Gold Coast, "Golden"
        // no California (its "Golden State").
        let is_joined = facts.joined.iter().any(|&(j, _)| j == i);
        if facts.english
            && matched == NameMatch::Alias
            && bonus == 0.0
            && place.kind != PlaceKind::Country
            && !is_short_form_of_own_name(place, facts.base)
            && !is_joined
        {
            return None;
        }
        // "the Green Zone", "a red zone": an English word with a level word names a place
        // of that level only, and not one whose own name carries another level word
        // ("Green County" is no Green Zone; a town called Red, no red zone). (A name that
        // holds its own level word, "the Hall County town", is a name already.)
        if facts.english
            && let Some(cue) = facts.cue
            && kind_cue(facts.base).1.is_none()
            && place.kind != PlaceKind::Country
            && (place.kind != cue || names_it_with_another_kind_word(place, facts.base))
        {
            return None;
        }
        if let Some(only) = &facts.context.only_country
            && !place.country.eq_ignore_ascii_case(only)
        {
            return None;
        }
        // "Santhia upazila": a level of local government only one country has says
        // the place is in that country (not Santhià, Italy).
        if let Some(countries) = facts.level_countries
            && !countries.contains(&place.country)
        {
            return None;
        }
        // A spelling variant is trusted only where the text says the place is: a
        // loose match outside the named container ("Dand, Kandahar" read as a
        // village of India) is another place.
        // (A name joined or split is as sure as the text's own spelling, but no surer
        // where it lies.)
        let guessed = facts.penalty > 0.0 || is_joined;
        if guessed
            && let Some(container) = &facts.context.container
            && !lies_in_container(place, container)
        {
            return None;
        }
        // Nor outside the provinces the text names in that country ("Minbya
        // Township, Rakhine State" is no variant of a town of another province).
        if guessed
            && bonus == 0.0
            && facts
                .context
                .admin1s
                .iter()
                .any(|&(c, _)| c == place.country)
            && !facts
                .context
                .admin1s
                .iter()
                .any(|&(c, a)| c == place.country && a == place.admin1)
        {
            return None;
        }
        if guessed
            && bonus == 0.0
            && let Some(countries) = &facts.context.loose_countries
            && !countries.contains(&place.country)
        {
            return None;
        }
        // Countries rank by size among themselves ("French": France, not the French
        // Southern Territories).
        let size = match place.kind {
            PlaceKind::Country => {
                0.1 * (self.country_population(place.country) as f64 + 1.0).log10()
            }
            // A parish of a territory of a few thousand people ("Michael", Isle of
            // Man; "West End", Anguilla) does not stand as a province of a large
            // country does.
            PlaceKind::Admin1
                if self.country_population(place.country) < SMALL_TERRITORY_POPULATION =>
            {
                -SMALL_TERRITORY_PENALTY
            }
            _ => 0.0,
        };
        // "Mora" of Bilimora: the tail of a word of a town's own name, a clipping
        // in some other language, says less than a town's own name.
        let clipped = if matched == NameMatch::Alias && is_the_tail_of_its_name(place, facts.base) {
            CLIPPED_ALIAS_PENALTY
        } else {
            0.0
        };
        Some(Candidate {
            place,
            score: score(place, matched, facts.cue, facts.context) - facts.penalty - clipped
                + size
                + bonus,
            matched,
            loose: guessed && bonus == 0.0,
        })
    }

    /// The candidates ranked best first; a place found twice (its name and its
    /// abbreviation) counts once, at its best.
    fn ranked<'a>(&self, mut found: Vec<Candidate<'a>>) -> Vec<Candidate<'a>> {
        found.sort_by(|a, b| b.score.total_cmp(&a.score));
        let mut seen = rustc_hash::FxHashSet::default();
        found.retain(|c| seen.insert(std::ptr::from_ref(c.place)));
        found.sort_by(|a, b| {
            b.score
                .total_cmp(&a.score)
                .then(b.place.population.cmp(&a.place.population))
                // Same-named divisions that nothing else tells apart: the one of the more
                // populous country (Florida the state, not the department of Uruguay).
                // (Looked up only for such ties.)
                .then_with(|| {
                    self.country_population(b.place.country)
                        .cmp(&self.country_population(a.place.country))
                })
                .then(a.place.geonames_id.cmp(&b.place.geonames_id))
        });
        found
    }

    /// The places a folded name (without its kind word) is a transliteration variant of
    /// ("Urozgan": Uruzgan): those whose loose key it shares, where the key is short only
    /// those with its consonants, and of small towns only those spelled nearly alike.
    pub fn spelling_variants(&self, base: &str) -> Vec<(u32, NameMatch)> {
        self.remembered(SpellingQuery::Variants, base, || {
            let key = super::loose_key(base);
            let short = key.len() < super::fold::SHORT_LOOSE_KEY;
            let written = CloseSpelling::of(base);
            let spelling = super::fold::LooseSpelling::of(base, &key);
            self.loose_names()
                .get(&key)
                .into_iter()
                .filter(|&(i, _)| {
                    self.place(i).is_some_and(|place| {
                        let small = is_a_small_town(place);
                        if !short && !small {
                            return true;
                        }
                        let division = matches!(place.kind, PlaceKind::Admin1 | PlaceKind::Admin2);
                        // One folding of each of its names serves both tests.
                        std::iter::once(place.name)
                            .chain(place.alias_list())
                            .any(|raw| {
                                let name = fold(raw);
                                (!short || spelling.is_a_spelling_of(&name, division))
                                    && (!small || written.is_close_to(&name))
                            })
                    })
                })
                .collect()
        })
    }

    /// What `query` gives for the folded name `base`, from this thread's memo when it was
    /// asked before (`compute` otherwise): an article looks its names up again in every
    /// reading, and filtering a spelling's look-alikes by their names is slow.
    fn remembered(
        &self,
        query: SpellingQuery,
        base: &str,
        compute: impl FnOnce() -> Vec<(u32, NameMatch)>,
    ) -> Vec<(u32, NameMatch)> {
        crate::memo::remember(
            &SPELLINGS,
            (self.serial, query, Box::<str>::from(base)),
            SPELLING_MEMO_SIZE,
            compute,
        )
    }

    /// The places (of the transliteration index: towns of some size and divisions) one of
    /// whose names has the same letters as the written name, only joined or split by spaces
    /// and hyphens ("Muse" and Mu-se, "Putao" and Puta-O, "Kut Kai" and Kutkai): the same
    /// spelling, as sure as an alias, where a loose match is only a guess.
    fn joined_spellings(
        &self,
        base: &str,
        loose_entries: &[(u32, NameMatch)],
    ) -> Vec<(u32, NameMatch)> {
        let letters = |s: &str| s.replace(' ', "");
        let written = letters(base);
        if written.len() < MIN_JOINED_LETTERS {
            return Vec::new();
        }
        self.entries_with_a_name_that(loose_entries, |raw, division| {
            // Most names fail on their letters alone: fold only those that could pass.
            if !division && !super::fold::folds_to_letters(raw, &written) {
                return false;
            }
            let name = fold(raw);
            let name = if division {
                super::fold::strip_province_words(&name).unwrap_or(&name)
            } else {
                &name
            };
            name != base && letters(name) == written
        })
        .into_iter()
        // (A village's name joined or split is too weak a sign against the names the
        // text does write: only towns of some size and divisions.)
        .filter(|&(i, _)| self.place(i).is_some_and(|place| !is_a_small_town(place)))
        .collect()
    }

    /// The divisions whose name is the written one-word name split in two at some point
    /// ("northwest" for North-West), each part at least [`MIN_SPLIT_PART`] letters: exact
    /// look-ups only, no spelling variants.
    fn divisions_written_split(&self, base: &str) -> Vec<(u32, NameMatch)> {
        let is_division = |&(i, _): &(u32, NameMatch)| {
            self.place(i)
                .is_some_and(|p| matches!(p.kind, PlaceKind::Admin1 | PlaceKind::Admin2))
        };
        if base.contains(' ') || !base.is_ascii() || base.len() < 2 * MIN_SPLIT_PART {
            return Vec::new();
        }
        (MIN_SPLIT_PART..=base.len() - MIN_SPLIT_PART)
            .flat_map(|k| {
                self.names()
                    .get(&format!("{} {}", &base[..k], &base[k..]))
                    .into_iter()
                    .filter(is_division)
            })
            .collect()
    }

    /// The index entries one of whose place's names or aliases `fits` (given the name as
    /// written and whether the place is a division).
    fn entries_with_a_name_that(
        &self,
        entries: &[(u32, NameMatch)],
        fits: impl Fn(&str, bool) -> bool,
    ) -> Vec<(u32, NameMatch)> {
        entries
            .iter()
            .copied()
            .filter(|&(i, _)| {
                self.place(i).is_some_and(|place| {
                    let division = matches!(place.kind, PlaceKind::Admin1 | PlaceKind::Admin2);
                    std::iter::once(place.name)
                        .chain(place.alias_list())
                        .any(|raw| fits(raw, division))
                })
            })
            .collect()
    }

    /// The best place for a name in context, or none when no place carries the name. A
    /// name no place carries may still hold one: an adjective of a place ("Korean": Korea)
    /// or a facility, event or area named after one ("Colorado State University", "Dubai
    /// World Cup", "Greater Toronto Area"), resolved at lower confidence.
    pub fn resolve_name(&self, name: &str, context: &Context) -> Option<Resolution<'_>> {
        self.resolve_exact(name, context)
            .or_else(|| self.resolve_inside(name, context))
    }

    /// [`Gazetteer::resolve_name`] with no context: the reading a name has alone, from this
    /// thread's memo when it was asked before (every article reads its names alone first,
    /// and news names the same places again and again).
    pub fn resolve_alone(&self, name: &str) -> Option<Resolution<'_>> {
        let (index, confidence, loose) = crate::memo::remember(
            &ALONE,
            (self.serial, Box::<str>::from(name)),
            SPELLING_MEMO_SIZE,
            || {
                self.resolve_name(name, &Context::default())
                    .and_then(|r| Some((self.index_of(r.place)?, r.confidence, r.loose)))
            },
        )?;
        let place = self.place(index)?;
        Some(Resolution {
            place,
            precision: place.kind,
            confidence,
            loose,
        })
    }

    fn resolve_exact(&self, name: &str, context: &Context) -> Option<Resolution<'_>> {
        let ranked = self.candidates(name, context);
        let best = ranked.first()?;
        let margin = ranked
            .iter()
            .skip(1)
            .find(|other| !one_place_at_two_levels(best.place, other.place))
            .map_or(4.0, |second| best.score - second.score);
        let confidence = (1.0 - (-(margin + 0.3)).exp()).clamp(0.05, 1.0) as f32;
        Some(Resolution {
            place: best.place,
            precision: best.place.kind,
            confidence,
            loose: best.loose,
        })
    }
}

/// True when two places are one to a reader: a town and the district of its name around it
/// ("Sunyani" and the Sunyani district), which do not make the name ambiguous.
fn one_place_at_two_levels(a: &Place, b: &Place) -> bool {
    a.country == b.country
        && a.admin1 == b.admin1
        && matches!(
            (a.kind, b.kind),
            (PlaceKind::PopulatedPlace, PlaceKind::Admin2)
                | (PlaceKind::Admin2, PlaceKind::PopulatedPlace)
        )
        && a.km_to(b) < ONE_PLACE_KM
}

/// How far (km) a district's point may lie from the town of its name for the two to be one
/// place.
const ONE_PLACE_KM: f64 = 30.0;

/// Levels of local government that only some countries have, as English-language reports
/// name them after the place, with those countries' codes.
const COUNTRY_LEVEL_WORDS: [(&str, &[&str]); 5] = [
    ("upazila", &["BD"]),
    ("upazilla", &["BD"]),
    ("woreda", &["ET"]),
    ("regency", &["ID"]),
    ("lga", &["NG"]),
];

/// A name's index entries with those of its other spellings (see
/// [`Gazetteer::entries_of_its_spellings`]).
struct Spellings {
    matches: Vec<(u32, NameMatch)>,
    /// The entries whose name is the written one only joined or split.
    joined: Vec<(u32, NameMatch)>,
    /// Taken off every entry's score: a spelling variant's.
    penalty: f64,
}

/// What a name says of the places it may be, read once for all its entries.
struct NameFacts<'a> {
    /// The name folded, without its kind word.
    base: &'a str,
    /// The kind of place its kind word cues.
    cue: Option<PlaceKind>,
    /// Every word of it is a common English word.
    english: bool,
    penalty: f64,
    joined: &'a [(u32, NameMatch)],
    /// The countries whose level of local government its last word is.
    level_countries: Option<&'static [&'static str]>,
    context: &'a Context,
}

/// The countries a name's level word ("Santhia upazila") confines it to, if it has one.
fn countries_of_its_level_word(folded: &str) -> Option<&'static [&'static str]> {
    let (_, last) = folded.rsplit_once(' ')?;
    COUNTRY_LEVEL_WORDS
        .iter()
        .find(|(word, _)| *word == last)
        .map(|(_, countries)| *countries)
}

/// Words that name what a facility or event is, not where ("University", "Hospital"): a
/// place that happens to carry one of them alone is not what a longer name holds.
const FACILITY_WORDS: [&str; 60] = [
    "university",
    "college",
    "school",
    "academy",
    "institute",
    "hospital",
    "clinic",
    "church",
    "cathedral",
    "mosque",
    "temple",
    "museum",
    "gallery",
    "library",
    "airport",
    "station",
    "stadium",
    "arena",
    "center",
    "centre",
    "park",
    "street",
    "road",
    "avenue",
    "square",
    "bridge",
    "tower",
    "court",
    "hall",
    "house",
    "office",
    "market",
    "mall",
    "club",
    "cup",
    "area",
    "estate",
    "memorial",
    "international",
    "national",
    "city",
    "town",
    "village",
    "county",
    "district",
    "state",
    "province",
    "north",
    "south",
    "east",
    "west",
    "northern",
    "southern",
    "eastern",
    "western",
    "central",
    "upper",
    "lower",
    "greater",
    "new",
];

/// A town found inside a longer name counts without support from the document's countries
/// only from this many people ("Dubai World Cup", "Liverpool Academy").
const INSIDE_CITY_POPULATION: u64 = 50_000;

/// What an alias that clips the start off a word of the town's own name ("Mora" of
/// Bilimora) loses beside the alias penalty: a tenth of the town's weight.
const CLIPPED_ALIAS_PENALTY: f64 = 1.0;

/// Confidence kept by a place found inside a longer name.
const INSIDE_CONFIDENCE: f32 = 0.5;

impl Gazetteer {
    /// The place a name holds when no place carries the whole name: its adjective stem
    /// ("Central American": Central America), else the best-scoring longest run of
    /// capitalised words that names a country, division or town of 1,000 people or more.
    fn resolve_inside(&self, name: &str, context: &Context) -> Option<Resolution<'_>> {
        let trimmed = name.trim();
        if let Some(stem) = trimmed.strip_suffix('n')
            && stem.ends_with('a')
            && stem.len() >= 4
            && let Some(r) = self.resolve_exact(stem, context)
        {
            return Some(Resolution {
                confidence: r.confidence * INSIDE_CONFIDENCE,
                ..r
            });
        }
        let words: Vec<&str> = trimmed
            .split(|c: char| c.is_whitespace() || c == '-')
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
            .filter(|w| !w.is_empty())
            .collect();
        for n in (1..words.len()).rev() {
            let best = (0..=words.len() - n)
                .filter(|&start| {
                    words[start..start + n]
                        .iter()
                        .all(|w| w.starts_with(char::is_uppercase))
                })
                .filter(|&start| {
                    !words[start..start + n]
                        .iter()
                        .all(|w| FACILITY_WORDS.contains(&w.to_ascii_lowercase().as_str()))
                })
                .map(|start| words[start..start + n].join(" "))
                .filter(|part| part.len() >= 4)
                // Spelled exactly as the gazetteer has it (no transliteration variant).
                .filter(|part| self.names().contains(&fold(part)))
                .filter_map(|part| {
                    let best = self.candidates(&part, context).into_iter().next()?;
                    // A division, a city, or a town in a country the document is about:
                    // the small namesake of an ordinary word ("Hatch", "Wing") is not.
                    let town = best.place.kind == PlaceKind::PopulatedPlace;
                    let notable = !town
                        || best.place.population >= INSIDE_CITY_POPULATION
                        || (best.place.population >= 1_000
                            && context.countries.contains_key(best.place.country));
                    notable.then_some(best)
                })
                .max_by(|a, b| a.score.total_cmp(&b.score));
            if let Some(best) = best {
                return Some(Resolution {
                    place: best.place,
                    precision: best.place.kind,
                    confidence: INSIDE_CONFIDENCE * 0.5,
                    loose: best.loose,
                });
            }
        }
        None
    }
}

fn score(place: &Place, matched: NameMatch, cue: Option<PlaceKind>, context: &Context) -> f64 {
    let mut score = match place.kind {
        PlaceKind::Country => COUNTRY_BASE,
        PlaceKind::Admin1 => ADMIN1_BASE,
        // Among same-named districts the more populous is the likelier (Orange County).
        PlaceKind::Admin2 => ADMIN2_BASE + 0.03 * (place.population as f64 + 1.0).log10(),
        PlaceKind::Other => COUNTRY_BASE - 0.5,
        PlaceKind::PopulatedPlace => {
            let mut s = (place.population as f64 + 1.0).log10();
            // A capital's or seat's standing goes with its own name: an alias (a historical
            // or foreign name, such as a capital's classical one) does not outrank a large
            // city that carries the name as its own.
            let seat = match place.feature_code() {
                _ if place.is_capital() => 1.6,
                "PPLA" => 0.8,
                "PPLA2" => 0.3,
                _ => 0.0,
            };
            s += if matched == NameMatch::Alias {
                seat / 2.0
            } else {
                seat
            };
            s
        }
    };
    match matched {
        NameMatch::Primary => {}
        NameMatch::Alias => score -= 0.7,
        NameMatch::Demonym => score -= 1.0,
    }
    if let Some(kind) = cue {
        if kind == place.kind {
            score += 6.0;
        } else if place.kind == PlaceKind::Country {
            score -= 6.0;
        }
    }
    if let Some(weight) = context.countries.get(place.country) {
        score += 3.0 * weight.clamp(0.0, 1.0) + 0.5;
    }
    if context
        .admin1s
        .iter()
        .any(|&(c, a)| c == place.country && a == place.admin1)
        && place.kind != PlaceKind::Country
    {
        score += 1.5;
    }
    if let Some(container) = &context.container
        && lies_in_container(place, container)
        && place.kind != PlaceKind::Country
    {
        score += 5.0;
    }
    score
}

/// True when a place lies in a container the text names (country, first-level division
/// code, kind): in its country, and in its division unless the container is a country.
fn lies_in_container(place: &Place, &(country, admin1, kind): &(&str, &str, PlaceKind)) -> bool {
    place.country == country && (kind == PlaceKind::Country || place.admin1 == admin1)
}

/// True when a folded name is the end of a word of a place's own name, cut inside the word
/// ("mora" of Bilimora, "anoi" of Hanoi).
fn is_the_tail_of_its_name(place: &Place, folded: &str) -> bool {
    let own = fold(place.name);
    own.len() > folded.len()
        && own.ends_with(folded)
        && own[..own.len() - folded.len()].ends_with(|c: char| c.is_ascii_alphanumeric())
}

/// True when a folded name is a place's own name without its level words ("central" of
/// "Central Region").
fn is_short_form_of_own_name(place: &Place, folded: &str) -> bool {
    let own = fold(place.name);
    // (Or its own name with its level word: "Western Region" for Ghana's Western.)
    super::strip_admin_words(&own).unwrap_or(&own) == folded
        || super::strip_admin_words(folded) == Some(own.as_str())
}

/// True when a place's own name is `base` followed by a level word ("Green County" for
/// "green"): a text that wrote `base` with a level word of its own and did not find the
/// place under its whole name wrote another level word.
fn names_it_with_another_kind_word(place: &Place, base: &str) -> bool {
    let own = fold(place.name);
    matches!(kind_cue(&own), (own_base, Some(_)) if own_base == base)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two made-up countries: Tal-sen, a city of Xandia's Norvale province, and Talsen, a
    /// hamlet of Yberia; Car-pet, a city of Norvale.
    const PLACES: &str = "id\tkind\tcountry\tadmin1\tadmin2\tname\tlat\tlon\tpopulation\tfeature_code\tiso_3166_2\taliases\tdemonyms\tabbreviations
1\tC\tXA\t\t\tXandia\t10.0\t10.0\t9000000\tPCLI\t\t\t\t
2\tA1\tXA\t01\t\tNorvale\t10.5\t10.5\t0\tADM1\t\t\t\t
3\tP\tXA\t01\t\tTal-sen\t10.6\t10.6\t80000\tPPL\t\t\t\t
4\tP\tXA\t01\t\tCar-pet\t10.7\t10.7\t60000\tPPL\t\t\t\t
5\tC\tXB\t\t\tYberia\t40.0\t40.0\t5000000\tPCLI\t\t\t\t
6\tA1\tXB\t02\t\tOstmark\t40.5\t40.5\t0\tADM1\t\t\t\t
7\tP\tXB\t02\t\tTalsen\t40.6\t40.6\t3000\tPPL\t\t\t\t
";

    fn inside(country: &'static str, admin1: &'static str) -> Context {
        Context {
            container: Some((country, admin1, PlaceKind::Admin1)),
            ..Context::default()
        }
    }

    #[test]
    fn a_name_joined_or_split_is_read_where_the_text_puts_it() {
        let g = Gazetteer::from_tsv(PLACES).expect("the fixture parses");
        let best = |name: &str, context: &Context| {
            g.candidates(name, context)
                .first()
                .map(|c| (c.place.name, c.place.country))
        };
        let cases: [(&str, Context, Option<(&str, &str)>); 6] = [
            // Written joined, said to be in Norvale: the city there, not the hamlet abroad.
            ("Talsen", inside("XA", "01"), Some(("Tal-sen", "XA"))),
            // Said to be in Ostmark, or nowhere: the place written exactly so.
            ("Talsen", inside("XB", "02"), Some(("Talsen", "XB"))),
            ("Talsen", Context::default(), Some(("Talsen", "XB"))),
            // Written split: the same letters.
            ("Tal Sen", inside("XA", "01"), Some(("Tal-sen", "XA"))),
            // An English word is a joined name only where the text puts it.
            ("Carpet", inside("XA", "01"), Some(("Car-pet", "XA"))),
            ("Carpet", Context::default(), None),
        ];
        for (name, context, expected) in cases {
            assert_eq!(best(name, &context), expected, "{name}");
        }
    }

    /// Two small towns, too small for a shared loose key alone to name them: Ayn Isa (or
    /// Ain Isa) in Xandia's Norvale, Dumbaro in Yberia's Ostmark; and a city, Kelvara.
    const SMALL_TOWNS: &str = "id\tkind\tcountry\tadmin1\tadmin2\tname\tlat\tlon\tpopulation\tfeature_code\tiso_3166_2\taliases\tdemonyms\tabbreviations
1\tC\tXA\t\t\tXandia\t10.0\t10.0\t9000000\tPCLI\t\t\t\t
2\tA1\tXA\t01\t\tNorvale\t10.5\t10.5\t0\tADM1\t\t\t\t
3\tP\tXA\t01\t\tAyn Isa\t10.6\t10.6\t0\tPPL\t\tAin Isa\t\t
4\tP\tXA\t01\t\tKelvara\t10.7\t10.7\t250000\tPPL\t\t\t\t
5\tC\tXB\t\t\tYberia\t40.0\t40.0\t5000000\tPCLI\t\t\t\t
6\tA1\tXB\t02\t\tOstmark\t40.5\t40.5\t0\tADM1\t\t\t\t
7\tP\tXB\t02\t\tDumbaro\t40.6\t40.6\t900\tPPL\t\t\t\t
";

    /// Zahir (or Zaheer), a town of Xandia's Norvale, and Zuhur, a city of Yberia: one
    /// loose key.
    const ARTICLE_TOWNS: &str = "id\tkind\tcountry\tadmin1\tadmin2\tname\tlat\tlon\tpopulation\tfeature_code\tiso_3166_2\taliases\tdemonyms\tabbreviations
1\tC\tXA\t\t\tXandia\t10.0\t10.0\t9000000\tPCLI\t\t\t\t
2\tA1\tXA\t01\t\tNorvale\t10.5\t10.5\t0\tADM1\t\t\t\t
3\tP\tXA\t01\t\tZahir\t10.6\t10.6\t20000\tPPL\t\tZaheer\t\t
4\tC\tXB\t\t\tYberia\t40.0\t40.0\t5000000\tPCLI\t\t\t\t
5\tA1\tXB\t02\t\tOstmark\t40.5\t40.5\t0\tADM1\t\t\t\t
6\tP\tXB\t02\t\tZuhur\t40.6\t40.6\t700000\tPPL\t\t\t\t
";

    #[test]
    fn a_name_written_with_the_arabic_article_is_the_name_without_it() {
        let g = Gazetteer::from_tsv(ARTICLE_TOWNS).expect("the fixture parses");
        let best = |name: &str| {
            g.candidates(name, &Context::default())
                .first()
                .map(|c| (c.place.name, c.place.country))
        };
        // The city abroad shares the written name's loose key: only the article, dropped,
        // says which place is meant.
        assert!(
            g.spelling_variants("az zaheer")
                .iter()
                .any(|&(i, _)| g.place(i).is_some_and(|p| p.name == "Zuhur"))
        );
        let cases: [(&str, Option<(&str, &str)>); 4] = [
            ("Az-Zaheer", Some(("Zahir", "XA"))),
            ("al Zahir", Some(("Zahir", "XA"))),
            ("Zaheer", Some(("Zahir", "XA"))),
            // No name without the article: a look-alike still reads it.
            ("Az-Zuhoor", Some(("Zuhur", "XB"))),
        ];
        for (name, expected) in cases {
            assert_eq!(best(name), expected, "{name}");
        }
    }

    #[test]
    fn a_small_town_is_read_through_a_spelling_close_to_its_own_only() {
        let g = Gazetteer::from_tsv(SMALL_TOWNS).expect("the fixture parses");
        let best = |name: &str| {
            g.candidates(name, &Context::default())
                .first()
                .map(|c| c.place.name)
        };
        let cases: [(&str, Option<&str>); 5] = [
            // Another transliteration, letter for letter nearly the same.
            ("Ain Issa", Some("Ayn Isa")),
            ("Dambarou", Some("Dumbaro")),
            // The same loose key, but half the letters differ: no reading.
            ("Dimbiraiya", None),
            // A city is read through its loose key alone.
            ("Kilvaru", Some("Kelvara")),
            ("Kolvaroo", Some("Kelvara")),
        ];
        for (name, expected) in cases {
            assert_eq!(best(name), expected, "{name}");
            assert_eq!(
                !g.spelling_variants(&fold(name)).is_empty(),
                expected.is_some(),
                "{name}"
            );
        }
    }

    /// Brenmoor, a town of Norvale, and the district of its name around it; Calder, a town
    /// of Norvale and a district of the name far off in the same province.
    const TOWNS_AND_THEIR_DISTRICTS: &str = "id\tkind\tcountry\tadmin1\tadmin2\tname\tlat\tlon\tpopulation\tfeature_code\tiso_3166_2\taliases\tdemonyms\tabbreviations
1\tC\tXA\t\t\tXandia\t10.0\t10.0\t9000000\tPCLI\t\t\t\t
2\tA1\tXA\t01\t\tNorvale\t10.5\t10.5\t0\tADM1\t\t\t\t
3\tP\tXA\t01\t\tBrenmoor\t10.60\t10.60\t40000\tPPLA2\t\t\t\t
4\tA2\tXA\t01\t\tBrenmoor\t10.65\t10.62\t90000\tADM2\t\t\t\t
5\tP\tXA\t01\t\tCalder\t10.60\t10.70\t40000\tPPL\t\t\t\t
6\tA2\tXA\t01\t\tCalder\t12.60\t12.70\t90000\tADM2\t\t\t\t
";

    #[test]
    fn a_town_and_the_district_of_its_name_around_it_are_one_place() {
        let g = Gazetteer::from_tsv(TOWNS_AND_THEIR_DISTRICTS).expect("the fixture parses");
        let confidence = |name: &str| {
            g.resolve_name(name, &Context::default())
                .map_or(0.0, |r| r.confidence)
        };
        // The district around the town makes the name no less sure.
        assert!(confidence("Brenmoor") > 0.95, "{}", confidence("Brenmoor"));
        // A district of the name 300 km off is another place: the name is ambiguous.
        assert!(confidence("Calder") < 0.9, "{}", confidence("Calder"));
    }

    #[test]
    fn a_name_read_alone_is_remembered_as_it_was_read() {
        let small = Gazetteer::from_tsv(SMALL_TOWNS).expect("the fixture parses");
        let other = Gazetteer::from_tsv(PLACES).expect("the fixture parses");
        for g in [&small, &other, &small] {
            for name in ["Ain Issa", "Talsen", "Kelvara", "Nowhere at all", "Norvale"] {
                let fresh = g
                    .resolve_name(name, &Context::default())
                    .map(|r| (r.place.geonames_id, r.confidence, r.loose));
                // Asked twice: once computed, once from the memo, the same both times.
                for _ in 0..2 {
                    let alone = g
                        .resolve_alone(name)
                        .map(|r| (r.place.geonames_id, r.confidence, r.loose));
                    assert_eq!(alone, fresh, "{name}");
                }
            }
        }
    }

    #[test]
    fn each_gazetteer_remembers_its_own_spellings() {
        let first = Gazetteer::from_tsv(PLACES).expect("the fixture parses");
        // The same places, the two cities' names swapped between their rows.
        let swapped = PLACES
            .replace("Tal-sen", "\u{0}")
            .replace("Car-pet", "Tal-sen")
            .replace('\u{0}', "Car-pet");
        // (The table lives as long as its places, for the whole test run.)
        let swapped: &'static str = Box::leak(swapped.into_boxed_str());
        let second = Gazetteer::from_tsv(swapped).expect("the fixture parses");
        let best = |g: &Gazetteer| {
            g.candidates("Talsen", &inside("XA", "01"))
                .first()
                .map(|c| (c.place.name, c.place.geonames_id))
        };
        // The same name on one thread, asked of each in turn: each answers from its own
        // places, however the other answered before.
        for _ in 0..2 {
            assert_eq!(best(&first), Some(("Tal-sen", 3)));
            assert_eq!(best(&second), Some(("Tal-sen", 4)));
        }
    }
}
