//! Death tolls in a clause: figures tied to a death word ("killed at least seven civilians",
//! "13 Taliban insurgents were killed", "a policeman was killed"), not to an injury word,
//! and not a subset ("including six children"). ACLED's rule: the lowest reported figure.

use super::lexicon::{self, WordSet};
use crate::text::{Quantity, Span, Word, find_quantities, words};

/// A death toll found in a clause.
#[derive(Debug, Clone, PartialEq)]
pub struct Toll {
    /// People killed.
    pub killed: u32,
    /// Byte spans (in the clause) of the figures.
    pub spans: Vec<Span>,
    /// Byte span of the noun phrase after each figure ("civilians", "Taliban insurgents").
    pub victims: Vec<Span>,
    /// True when the clause reports injuries (with or without deaths).
    pub injuries: bool,
}

impl Toll {
    /// No casualty: no one killed, no figure, no injury.
    pub fn none() -> Toll {
        Toll {
            killed: 0,
            spans: Vec::new(),
            victims: Vec::new(),
            injuries: false,
        }
    }
}

/// The ways a coder's note states the figure coded for its event, most specific first; each
/// pattern's first group is the figure, or (for a bare split) the number of parts.
static CODED_FIGURES: std::sync::LazyLock<Vec<(regex::Regex, Coded)>> = std::sync::LazyLock::new(
    || {
        let patterns = [
            // "Fatalities split across 4 events (5)", "coded across 2 events, 9 fatalities"
            (
                r"(?:split|coded|distributed|divided)\s+(?:across|over|between|among|into)\s+\d+\s+(?:events|locations|incidents)(?:\s*\((\d+)\)|,\s*(\d+)\s+fatalit)",
                Coded::Figure,
            ),
            // "Fatalities split in half (3)"
            (r"split\s+in\s+half\s*\((\d+)\)", Coded::Figure),
            // "Unknown fatalities are coded as 3"
            (
                r"fatalities\s+(?:are\s+|were\s+|is\s+)?coded\s+as\s+(\d+)",
                Coded::Figure,
            ),
            // "remaining 76 coded here"
            (
                r"remaining\s+(\d+)\s+(?:fatalities\s+)?coded\s+here",
                Coded::Figure,
            ),
            // "14 fatalities coded to include the attacker", "8 total fatalities coded."
            (
                r"(\d+)\s+(?:total\s+)?fatalities\s+(?:are\s+|were\s+)?coded(?:\s+(?:to|for|here)|\s*[.;]|$)",
                Coded::Figure,
            ),
            // "Total fatalities 7", "Total fatalities is 10"
            (
                r"total\s+fatalities\s+(?:is\s+|are\s+|of\s+|:\s*)?(\d+)",
                Coded::Figure,
            ),
            // "coded as half, rounded down"
            (r"coded\s+as\s+(half)", Coded::Half),
            // "split across 3 events": the toll shared out
            (
                r"(?:split|coded|distributed|divided)\s+(?:across|over|between|among|into)\s+(\d+)\s+(?:events|locations|incidents)",
                Coded::Parts,
            ),
        ];
        patterns
            .into_iter()
            .filter_map(|(p, how)| {
                regex::Regex::new(&format!(r"(?i)(?-u:\b){p}"))
                    .ok()
                    .map(|r| (r, how))
            })
            .collect()
    },
);

/// How a coded-figure pattern gives the figure.
#[derive(Debug, Clone, Copy)]
enum Coded {
    /// The number it captures.
    Figure,
    /// Half the toll read from the text.
    Half,
    /// The toll divided by the number of parts it captures, rounded.
    Parts,
}

/// What a coder's note says about the figure coded for this event: "Fatalities split across
/// 2 events (12)" (12), "split across 3 events" (the toll divided by 3), "Unknown fatalities
/// are coded as 10" (10), "27 fatalities coded" (27), "Total fatalities 7" (7), "coded as
/// half" (half the toll). Returns the figure given the toll read from the text.
pub fn coded_figure(text: &str, toll: u32) -> Option<u32> {
    // Most texts say nothing of the kind: skip the patterns unless a key word is there.
    let lower = text.to_ascii_lowercase();
    if ![
        "split",
        "coded",
        "distributed",
        "divided",
        "total fatalities",
    ]
    .iter()
    .any(|k| lower.contains(k))
    {
        return None;
    }
    for (pattern, how) in CODED_FIGURES.iter() {
        let Some(caps) = pattern.captures(text) else {
            continue;
        };
        let number = (1..caps.len())
            .filter_map(|i| caps.get(i))
            .find_map(|m| m.as_str().parse::<u32>().ok());
        return match how {
            Coded::Figure => number,
            Coded::Half => Some(toll / 2),
            Coded::Parts => {
                let parts = number?.max(1);
                Some((toll + parts / 2) / parts)
            }
        };
    }
    None
}

/// Stems of every death and injury word ("kill" for killed, killing...), any case.
static CASUALTY_STEMS: std::sync::LazyLock<Option<aho_corasick::AhoCorasick>> =
    std::sync::LazyLock::new(|| {
        aho_corasick::AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .kind(Some(aho_corasick::AhoCorasickKind::DFA))
            .build([
                "kill",
                "neutrali",
                "eliminated",
                "dead",
                "deceased",
                "died",
                "die",
                "death",
                "lives",
                "slain",
                "fatal",
                "lost",
                "wound",
                "injur",
                "hurt",
                "gunned down",
                "gunned him down",
                "gunned her down",
                "murder",
                "homicide",
                "assassin",
                "massacre",
                "executed",
                "execution",
                "slay",
                "slew",
                "slaughter",
                "body of",
                "bodies of",
                "corpse",
                "behead",
                "decapitat",
                "lynch",
                "succumb",
                "martyr",
                "passed away",
            ])
            .ok()
    });

/// True when a text has a word that could report a death or an injury (a quick test: a
/// text without one has no death toll).
pub fn mentions_casualty(text: &str) -> bool {
    CASUALTY_STEMS
        .as_ref()
        .is_none_or(|stems| stems.is_match(text))
}

/// "About 20 terrorists were neutralised": armies' communiqués say so of fighters they
/// killed. Read as "killed", unless the clause tells of things made harmless (drones,
/// bombs, mines, threats).
/// "27 militants were eliminated" too, where the clause names fighters (not "eliminated
/// 200 jobs", "eliminated from the cup").
fn read_neutralised_as_killed(lower: &mut [String]) {
    let fighters_named = lower.iter().any(|w| FIGHTERS.contains(w));
    let means_killed = |w: &str| {
        matches!(w, "neutralised" | "neutralized") || (fighters_named && w == "eliminated")
    };
    if !lower.iter().any(|w| means_killed(w))
        || lower.iter().any(|w| HARMLESS_MADE_THINGS.contains(w))
    {
        return;
    }
    for w in lower.iter_mut().filter(|w| means_killed(w)) {
        *w = "killed".to_string();
    }
}

/// Words for fighters, whom an army's communiqué "eliminates".
static FIGHTERS: WordSet = WordSet::new(&[
    "terrorists",
    "terrorist",
    "militants",
    "militant",
    "fighters",
    "combatants",
    "insurgents",
    "jihadists",
    "jihadis",
    "bandits",
    "rebels",
    "assailants",
    "attackers",
    "gunmen",
    "extremists",
]);

/// "A landmine claimed the lives of two deminers", "took the lives of 13 people": the
/// figure after "the lives of" is of the dead, as after "killed". Read so ("of" stands for
/// the verb before the figure).
fn read_the_lives_of_as_killed(lower: &mut [String]) {
    for k in 3..lower.len() {
        if lower[k] == "of"
            && lower[k - 1] == "lives"
            && lower[k - 2] == "the"
            && matches!(
                lower[k - 3].as_str(),
                "claimed" | "claiming" | "took" | "taking" | "cost"
            )
        {
            lower[k] = "killed".to_string();
        }
    }
}

/// Things that are "neutralised" without anyone dying: shot down, defused, countered.
static HARMLESS_MADE_THINGS: WordSet = WordSet::new(&[
    "drone",
    "drones",
    "uav",
    "uavs",
    "missile",
    "missiles",
    "rocket",
    "rockets",
    "bomb",
    "bombs",
    "device",
    "devices",
    "ied",
    "ieds",
    "mine",
    "mines",
    "explosive",
    "explosives",
    "threat",
    "threats",
    "shell",
    "shells",
    "projectile",
    "projectiles",
    "boat",
    "boats",
    "vessel",
    "vessels",
    "cell",
    "network",
]);

/// True when the figure of words `first..=last` is part of a unit's or a group's name, not
/// a count: digits after capital letters or a unit's noun ("Densus 88 shot a militant", "a
/// BGF 1019 soldier", "Battalion 101"), or before a capitalised word and a gang's noun ("the
/// 400 Lakou gang"); a figure of one word only.
fn names_a_unit(
    clause: &str,
    tokens: &[crate::text::Word],
    lower: &[String],
    first: usize,
    last: usize,
) -> bool {
    let digits = first == last && lower[first].bytes().all(|b| b.is_ascii_digit());
    // ("killed 3 Sinaloa cartel members" counts them: the gang's name takes "the", and its
    // noun ends the phrase.)
    let a_gangs_name = || {
        first > 0
            && lower[first - 1] == "the"
            && tokens
                .get(last + 1)
                .is_some_and(|next| crate::text::is_capitalized(next.text(clause)))
            && lower
                .get(last + 2)
                .is_some_and(|noun| GANG_NOUNS.contains(noun))
            && !lower.get(last + 3).is_some_and(|next| {
                matches!(
                    next.as_str(),
                    "members" | "member" | "fighters" | "leader" | "leaders" | "gunmen"
                )
            })
    };
    if digits && a_gangs_name() {
        return true;
    }
    if !digits || first == 0 || clause[tokens[first - 1].span.1..tokens[first].span.0] != *" " {
        return false;
    }
    let before = tokens[first - 1].text(clause);
    // (Not a word of a text in capitals, "KILLED BETWEEN 10 AND 15", nor a dateline's
    // place opening a line, "WACO 9 dead".)
    let opens_a_line = clause[..tokens[first - 1].span.0]
        .trim_end_matches([' ', '\t'])
        .chars()
        .next_back()
        .is_none_or(|c| c == '\n');
    let acronym = before.len() >= 2
        && before.bytes().all(|b| b.is_ascii_uppercase())
        && !crate::text::is_common_word(&lower[first - 1])
        && !opens_a_line;
    acronym || (crate::text::is_capitalized(before) && UNIT_NOUNS.contains(&lower[first - 1]))
}

/// The index of the words that join a figure starting at word `first` to the one before:
/// "and", "as well as", "together with", "along with".
fn joining_words_before(lower: &[String], first: usize) -> Option<usize> {
    let word = |back: usize| first.checked_sub(back).map(|k| lower[k].as_str());
    if word(1) == Some("and") && word(2) != Some("as") {
        Some(first - 1)
    } else if (word(3), word(2), word(1)) == (Some("as"), Some("well"), Some("as")) {
        Some(first - 3)
    } else if matches!(word(2), Some("together" | "along")) && word(1) == Some("with") {
        Some(first - 2)
    } else {
        None
    }
}

/// Nouns after a group's name that has a figure in it ("the 400 Lakou gang").
static GANG_NOUNS: WordSet = WordSet::new(&["gang", "gangs", "cartel"]);

/// Nouns of an armed unit, which a number names ("Detachment 88", "Battalion 101").
static UNIT_NOUNS: WordSet = WordSet::new(&[
    "detachment",
    "densus",
    "battalion",
    "brigade",
    "regiment",
    "division",
    "unit",
    "company",
    "squadron",
    "platoon",
    "corps",
    "sector",
    "operation",
]);

/// Verbs of a crowd's doing: after a figure, the figure counts a crowd, not the dead of a
/// death word further on ("about 400 people marched against the death of ...").
static CROWD_VERBS: WordSet = WordSet::new(&[
    "marched",
    "protested",
    "rallied",
    "gathered",
    "demonstrated",
    "staged",
    "assembled",
    "converged",
    "attended",
    "participated",
    "took",
    "held",
    "joined",
    "mourned",
]);

/// Words looked at after a figure for the death or injury word it belongs to.
const WINDOW_AFTER: usize = 7;

/// Clauses a thread remembers the death toll of before it forgets them all and starts again.
const TOLL_MEMO_SIZE: usize = 2_048;

thread_local! {
    /// Each thread's memo of death tolls, by clause and the spans skipped in it.
    static TOLLS: crate::memo::Memo<(Box<str>, Vec<Span>), Toll> = std::cell::RefCell::default();
}

/// Reads the death toll of a clause. `skip` are byte spans (dates) whose figures are no toll.
/// (Remembered per thread: an incident's clause is read for its toll when it is found and
/// again when its type is weighed.)
pub fn death_toll(clause: &str, skip: &[Span]) -> Toll {
    // Most clauses report no casualty: skip them at once.
    if !mentions_casualty(clause) {
        return Toll::none();
    }
    crate::memo::remember(
        &TOLLS,
        (clause.into(), skip.to_vec()),
        TOLL_MEMO_SIZE,
        || read_death_toll(clause, skip),
    )
}

/// The death toll of a clause that mentions a casualty (see [`death_toll`]).
fn read_death_toll(clause: &str, skip: &[Span]) -> Toll {
    let tokens = words(clause);
    let mut lower: Vec<String> = tokens
        .iter()
        .map(|w| w.text(clause).to_ascii_lowercase())
        .collect();
    read_neutralised_as_killed(&mut lower);
    read_the_lives_of_as_killed(&mut lower);
    let mut toll = Toll {
        killed: 0,
        spans: vec![],
        victims: vec![],
        // ("No one on the ground was hurt": an injury denied is none.)
        injuries: lower
            .iter()
            .enumerate()
            .any(|(k, w)| lexicon::INJURY_WORDS.contains(w) && !denied_before(&lower, k)),
    };
    let ages = age_words(clause, &tokens, &lower);
    let read = TollClause {
        clause,
        tokens: &tokens,
        lower: &lower,
        ages: &ages,
    };
    read.count_figures(&mut toll, skip);
    if toll.killed == 0 {
        read.count_one_killed_by_a_verb(&mut toll);
    }
    if toll.killed == 0 {
        read.count_both(&mut toll);
    }
    if toll.killed == 0 {
        read.count_a_multiple_killing(&mut toll);
    }
    read.count_named_victims(&mut toll);
    if toll.killed == 0 {
        read.count_one_person(&mut toll);
    }
    read.count_the_killer(&mut toll);
    toll
}

/// A clause as the steps of [`death_toll`] read it.
#[derive(Clone, Copy)]
struct TollClause<'a> {
    /// The clause.
    clause: &'a str,
    /// Its words.
    tokens: &'a [Word],
    /// Its words, lower-cased.
    lower: &'a [String],
    /// For each word, true when it gives someone's age ([`age_words`]).
    ages: &'a [bool],
}

/// What a word of a clause says of one person's death ([`TollClause::one_death_at`]).
enum OneDeath {
    /// One person died; the words that say so end at this index.
    EndsAt(usize),
    /// Persons listed by name after a killing verb: how many, and the index of the last word.
    Listed(u32, usize),
    /// A rule for the word applies but finds no death: no later rule is tried for it.
    NotHere,
}

impl<'a> TollClause<'a> {
    /// The lower-cased word at `at`, or "" past the clause's end.
    fn word(self, at: usize) -> &'a str {
        self.lower.get(at).map_or("", String::as_str)
    }

    /// True when the word at `at` ends its phrase: the clause ends after it, or a mark
    /// ("," ";" "." ":") stands before the next word.
    fn ends_a_phrase(self, at: usize) -> bool {
        match (self.tokens.get(at), self.tokens.get(at + 1)) {
            (Some(_), None) => true,
            (Some(this), Some(next)) => self
                .clause
                .get(this.span.1..next.span.0)
                .is_some_and(|gap| gap.contains([',', ';', '.', ':'])),
            _ => false,
        }
    }

    /// True when "a" or "an" is among the five words before `at`, ages not counted.
    fn after_a(self, at: usize) -> bool {
        // An age does not stand between the article and its noun ("a 29-year-old man").
        words_before(self.lower, self.ages, at, 5).any(|w| matches!(w, "a" | "an"))
    }

    /// Figures tied to a death word ("killed at least seven civilians", "13 Taliban
    /// insurgents were killed"): adds each to the toll, with the noun phrase of its victims.
    fn count_figures(self, toll: &mut Toll, skip: &[Span]) {
        let TollClause {
            clause,
            tokens,
            lower,
            ..
        } = self;
        let mut last_counted: Option<Span> = None;
        for q in find_quantities(clause) {
            let Some((first, last)) = self.figure_words(&q, skip, last_counted) else {
                continue;
            };
            if self.is_no_count_of_people(first, last) {
                continue;
            }
            if self.counts_deaths(&q, (first, last), last_counted) {
                toll.killed = toll
                    .killed
                    .saturating_add(q.value)
                    .saturating_add(single_persons_beside(clause, tokens, lower, first, last));
                toll.spans.push(q.span);
                last_counted = Some(q.span);
                let noun_end = victim_phrase_end(lower, last);
                if noun_end > last {
                    toll.victims
                        .push((tokens[last + 1].span.0, tokens[noun_end].span.1));
                }
            }
        }
    }

    /// The first and last word of a figure `q` that may be a toll; none for a year, a
    /// percentage, a time of day, a figure within `skip`, or the upper end of a range whose
    /// lower end is `last_counted`.
    fn figure_words(
        self,
        q: &Quantity,
        skip: &[Span],
        last_counted: Option<Span>,
    ) -> Option<(usize, usize)> {
        let TollClause { clause, tokens, .. } = self;
        if q.year_like
            || q.percent
            || is_clock_time(clause, q.span)
            || is_part_of_a_time(clause, q.span)
            || skip.iter().any(|s| s.0 <= q.span.0 && q.span.1 <= s.1)
        {
            return None;
        }
        // "26-28 were killed", "2 to 3 militants": the upper end of a range is no second
        // toll (ACLED codes the lowest figure).
        // "between 5 and 8 were killed": so is the second of a range set by "between".
        if let Some(previous) = last_counted
            && previous.1 <= q.span.0
            && (matches!(clause[previous.1..q.span.0].trim(), "-" | "–" | "to" | "or")
                || (clause[previous.1..q.span.0]
                    .trim()
                    .eq_ignore_ascii_case("and")
                    && opens_a_range(clause, previous)))
        {
            return None;
        }
        let first = tokens.iter().position(|w| w.span.0 >= q.span.0);
        let last = tokens.iter().rposition(|w| w.span.1 <= q.span.1);
        first.zip(last)
    }

    /// True when the figure of words `first..=last` counts no people (dead or alive): an
    /// age, a time ("9 days ago"), a distance ("30 km away"), a day of a month, "no one", a
    /// subset ("including six children") or the deaths a protest is about.
    fn is_no_count_of_people(self, first: usize, last: usize) -> bool {
        let TollClause {
            clause,
            tokens,
            lower,
            ages,
        } = self;
        // "a 17-year-old", "Ana Ruiz, 20,": an age, not a toll; "9 days ago": a time; "3
        // May", "May 3": a day of a month.
        let is_month = |k: Option<usize>| {
            k.and_then(|k| lower.get(k))
                .map(|w| w.trim_end_matches('.'))
                .is_some_and(|w| {
                    lexicon::MONTHS.contains(w) || lexicon::MONTH_ABBREVIATIONS.contains(w)
                })
        };
        let day_like = first == last
            && lower[first]
                .parse::<u8>()
                .is_ok_and(|d| (1..=31).contains(&d));
        if ages[last]
            || lower.get(last + 1).is_some_and(|w| {
                TIME_UNITS.contains(w)
                    || DISTANCE_UNITS.contains(w)
                    || NOT_PEOPLE_COUNTED.contains(w)
            })
            || (day_like
                && (is_month(Some(last + 1))
                    || (is_month(first.checked_sub(1))
                        && !clause[tokens[first - 1].span.1..tokens[first].span.0].contains(','))))
        {
            return true;
        }
        // "no one was killed": nobody.
        if first > 0 && lower[first - 1] == "no" {
            return true;
        }
        // "a father of three, died": the children a parent has.
        if first >= 2 && lower[first - 1] == "of" && PARENTS.contains(&lower[first - 2]) {
            return true;
        }
        // "members of MS-13", "an F-16": a name with a number.
        let before = &clause[..tokens[first].span.0];
        if let Some(head) = before.strip_suffix('-')
            && head.chars().next_back().is_some_and(char::is_alphabetic)
        {
            return true;
        }
        if names_a_unit(clause, tokens, lower, first, last) {
            return true;
        }
        if is_subset(lower, first) {
            return true;
        }
        // "protesting the killing of 2 men", "to denounce the deaths of 3 miners": the
        // deaths a protest is about, not deaths at it.
        protests_a_death(clause, tokens, lower, first)
    }

    /// True when the figure `q` of words `first..=last` counts deaths: joined by "and" to
    /// the victims of the figure counted last (`last_counted`), the others a killer took
    /// with him, a family killed, or a figure with a death word ([`is_death_count`]).
    fn counts_deaths(
        self,
        q: &Quantity,
        (first, last): (usize, usize),
        last_counted: Option<Span>,
    ) -> bool {
        let TollClause {
            clause,
            tokens,
            lower,
            ..
        } = self;
        // "the murder of five teachers and two cooks": a figure joined by "and" to the
        // victims of a figure just counted shares its death.
        // Not "2 deaths and several injured", "10 deaths and thousands of shillings".
        // ("killing 6 students as well as 2 escorts", "together with": the same.)
        let connector = joining_words_before(lower, first);
        let joined_to_counted = !q.vague
            && last_counted.is_some_and(|previous| {
                let previous_last = last_index(tokens, previous);
                connector.is_some_and(|start| {
                    // (The victims' phrase may run on over the connector, "4 farmers
                    // together with 2 herders": its own words end before it.)
                    let previous_end = victim_phrase_end(lower, previous_last).min(start - 1);
                    previous.1 <= tokens[start].span.0
                        && previous_end + 1 == start
                        && previous_end > previous_last
                        && !lower[previous_last + 1..=previous_end]
                            .iter()
                            .any(|w| is_casualty_noun(w))
                })
            })
            && victim_phrase_end(lower, last) > last
            && !lower[last + 1..=victim_phrase_end(lower, last)]
                .iter()
                .any(|w| is_casualty_noun(w));
        // "killing himself and 3 others": the others (the killer's own death is counted
        // by `the_killer_died_too`).
        let with_the_killer = first >= 3
            && lower[first - 1] == "and"
            && REFLEXIVES.contains(&lower[first - 2])
            && is_a_killing_verb(&lower[first - 3]);
        // "killed a family of four"
        let a_family = first >= 4
            && lower[first - 1] == "of"
            && lower[first - 2] == "family"
            && lower[first - 3] == "a"
            && is_a_killing_verb(&lower[first - 4]);
        joined_to_counted
            || with_the_killer
            || a_family
            || is_death_count(clause, tokens, lower, (first, last), q.vague)
    }

    /// One person after a verb of killing ("killed an NDS agent", "assassinated a regime
    /// officer"), with the persons listed beside ("killed a judge, a colonel and a
    /// journalist"): sets the toll by the first such verb.
    fn count_one_killed_by_a_verb(self, toll: &mut Toll) {
        let TollClause {
            clause,
            tokens,
            lower,
            ..
        } = self;
        let Some(k) = (0..lower.len()).find(|&k| self.kills_one_at(k)) else {
            return;
        };
        toll.killed = 1;
        if let (Some(a), Some(b)) = (tokens.get(k + 1), tokens.get(k + 2)) {
            toll.spans.push((a.span.0, b.span.1));
        }
        // "killed a judge, a colonel and a journalist", "killed a guard as well as
        // two farmers": the others too.
        // (The noun of "a rubber tapper and his wife" is the word before "and"; of "a
        // 32-year-old man", the word after the age.)
        let start = past_an_age(lower, k + 2);
        let noun = (start..lower.len().min(start + 3))
            .find(|&j| lexicon::ONE_PERSON_NOUNS.contains(&lower[j]))
            .or_else(|| {
                (start..lower.len().min(start + 3))
                    .find(|&j| self.ends_a_phrase(j) || self.word(j + 1) == "and")
            })
            .unwrap_or(start);
        if let Some((more, span)) = companions(clause, tokens, lower, noun, true) {
            toll.killed = toll.killed.saturating_add(more);
            toll.spans.push(span);
        }
    }

    /// True when the word at `k` is a verb of killing followed by one person: "killed a",
    /// "killed the mayor", "killed another villager".
    fn kills_one_at(self, k: usize) -> bool {
        let lower = self.lower;
        let w = self.word(k);
        // "killed an NDS agent", "shot and killed a tribal elder"; by another verb of
        // killing, a person within a few words ("assassinated a regime officer", "shot
        // dead a teacher"; not "executed a raid").
        let article = lower.get(k + 1).map(String::as_str);
        let after = lower.get(k + 2).map_or("", String::as_str);
        // "shot the victim dead", "shot a man dead"
        let shot_dead = w == "shot" && lower.get(k + 3).is_some_and(|d| d == "dead");
        // "assassinated a police interpreter": only a person is assassinated.
        let assassinated = w == "assassinated";
        // "abduct and kill a gendarme", not "tried to kill a leader".
        let kill_done = w == "kill"
            && !k
                .checked_sub(1)
                .is_some_and(|j| matches!(lower[j].as_str(), "to" | "will" | "would" | "could"));
        let killing = matches!(w, "killed" | "killing" | "kills")
            || kill_done
            || assassinated
            || (shot_dead
                && lower
                    .get(k + 2)
                    .is_some_and(|n| lexicon::ONE_PERSON_NOUNS.contains(n)))
            || ((KILLING_VERBS.contains(w) || self.shoots_dead_at(k))
                && (k + 2..lower.len().min(k + 6))
                    .any(|j| lexicon::ONE_PERSON_NOUNS.contains(&lower[j])))
            // "shot dead a rubber tapper", "gunned down a 19-year-old": only people (and
            // beasts) are shot dead, whatever their noun.
            || (self.shoots_dead_at(k)
                && (k + 2..lower.len().min(k + 5)).all(|j| !ANIMALS.contains(&lower[j])));
        // "killed the mayor of the town": one person by "the" and a noun for one ("killed
        // the Liban kebele chairperson": a few words of where or what before it; not past a
        // mark: "killed the game early," manager X said).
        let (clause, tokens) = (self.clause, self.tokens);
        let the_one = article == Some("the")
            && (k + 2..lower.len().min(k + 5))
                .take_while(|&j| {
                    !clause[tokens[j - 1].span.1..tokens[j].span.0]
                        .contains([',', ';', '.', '"', '\u{201d}', '('])
                })
                .any(|j| lexicon::ONE_PERSON_NOUNS.contains(&lower[j]));
        // "killed another villager": one more person.
        killing
            && (matches!(article, Some("a" | "an"))
                || the_one
                || (article == Some("another") && !about_an_earlier_death(lower, k)))
            && !matches!(
                after,
                "total"
                    | "number"
                    | "dozen"
                    | "few"
                    | "handful"
                    | "couple"
                    | "lot"
                    | "score"
                    | "estimated"
                    | "average"
                    | "additional"
            )
            && !after.is_empty()
    }

    /// True when the word at `k` ends "shot dead" or "gunned down" ("shooting dead",
    /// "gunning down").
    fn shoots_dead_at(self, k: usize) -> bool {
        k > 0
            && matches!(
                (self.word(k - 1), self.word(k)),
                ("shot" | "shooting", "dead") | ("gunned" | "gunning", "down")
            )
    }

    /// Two people by "both" and a verb of death ("both men were killed"): sets the toll
    /// to two.
    fn count_both(self, toll: &mut Toll) {
        let TollClause { tokens, lower, .. } = self;
        // Two people: "both men were killed", "both were pronounced dead at the scene".
        if let Some(k) = lower.iter().position(|w| w == "both") {
            let verb = (k + 1..lower.len().min(k + 6))
                .find(|&j| matches!(lower[j].as_str(), "were" | "died"));
            let dead = verb.is_some_and(|j| {
                let word = |at: usize| self.word(at);
                word(j) == "died"
                    || matches!(word(j + 1), "killed" | "dead" | "slain" | "murdered")
                    || (matches!(word(j + 1), "pronounced" | "found") && word(j + 2) == "dead")
                    || (matches!(word(j + 1), "shot" | "stabbed")
                        && (word(j + 2) == "dead"
                            || (word(j + 2) == "to" && word(j + 3) == "death")
                            || (word(j + 2) == "and" && word(j + 3) == "killed")))
            });
            if let (true, Some(j)) = (dead && !negated_before(lower, k + 1), verb) {
                toll.killed = 2;
                toll.spans.push((tokens[k].span.0, tokens[j].span.1));
            }
        }
    }

    /// A killing of several by a word for how many ("a double homicide"): sets the toll
    /// to that many.
    fn count_a_multiple_killing(self, toll: &mut Toll) {
        let TollClause { tokens, lower, .. } = self;
        // "a double homicide", "the triple murder": as many dead as the word says (not an
        // arrest or a trial over one).
        let multiple = lower.windows(2).enumerate().find_map(|(k, pair)| {
            let n = match pair[0].as_str() {
                "double" => 2,
                "triple" => 3,
                "quadruple" => 4,
                _ => return None,
            };
            matches!(
                pair[1].as_str(),
                "homicide"
                    | "homicides"
                    | "murder"
                    | "murders"
                    | "killing"
                    | "killings"
                    | "slaying"
            )
            .then_some((k, n))
        });
        if let Some((k, n)) = multiple
            && !about_an_earlier_death(lower, k)
        {
            toll.killed = n;
            toll.spans.push((tokens[k].span.0, tokens[k + 1].span.1));
        }
    }

    /// Named victims ([`named_victims`]): their number replaces a smaller toll whose
    /// figures lie within their span.
    fn count_named_victims(self, toll: &mut Toll) {
        let TollClause {
            clause,
            tokens,
            lower,
            ages,
        } = self;
        if let Some((count, span)) = named_victims(clause, tokens, lower, ages)
            && count > toll.killed
            && toll.spans.iter().all(|s| s.0 >= span.0 && s.1 <= span.1)
        {
            // "Ana Ruiz, 20, and Luis Vega, 21, were murdered": the persons named; "a woman
            // and her two children were found dead": all of them, not the figure alone.
            toll.killed = count;
            toll.spans = vec![span];
        }
    }

    /// One person dead, by the first word that says so ([`TollClause::one_death_at`]), with
    /// the persons listed beside ("along with two other militants").
    fn count_one_person(self, toll: &mut Toll) {
        let TollClause {
            clause,
            tokens,
            lower,
            ..
        } = self;
        // One person: "a policeman was killed", "a 17-year-old was shot dead", "a teenager
        // was shot and killed", "a toddler is dead", "the shooting death of a child".
        for k in 0..lower.len() {
            let end = match self.one_death_at(k) {
                Some(OneDeath::EndsAt(end)) => end,
                Some(OneDeath::Listed(n, end)) => {
                    toll.killed = n;
                    if let (Some(a), Some(b)) = (tokens.get(k + 1), tokens.get(end)) {
                        toll.spans.push((a.span.0, b.span.1));
                    }
                    break;
                }
                Some(OneDeath::NotHere) | None => continue,
            };
            toll.killed = 1;
            if let (Some(a), Some(b)) = (tokens.get(k.saturating_sub(3)), tokens.get(end)) {
                toll.spans.push((a.span.0, b.span.1));
            }
            // "... was shot to death along with two other militants": and they; "killed
            // a judge, a colonel and a journalist": all three.
            let last_word = self.word(end);
            let victim_ends_there = !lexicon::DEATH_WORDS.contains(last_word)
                && !matches!(
                    last_word,
                    "dead" | "away" | "himself" | "herself" | "shot" | "death" | "shooting"
                );
            if let Some((more, span)) = companions(clause, tokens, lower, end, victim_ends_there) {
                toll.killed = toll.killed.saturating_add(more);
                toll.spans.push(span);
            }
            break;
        }
    }

    /// What the word at `k` says of one person's death, by the first of the rules below
    /// that applies to it (their order matters).
    fn one_death_at(self, k: usize) -> Option<OneDeath> {
        self.one_death_by_was_or_of(k)
            .or_else(|| self.one_death_by_words_of_dying(k))
            .or_else(|| self.one_death_done_to_someone(k))
            .or_else(|| self.one_death_of_a_named_person(k))
    }

    /// The first rules for one death, by a singular "was" or a death "of" someone: "a
    /// policeman was killed", "was shot dead", "shot and killed", "the death of a child",
    /// "the murder of a councilman", "the shooting death of 17-year-old Ana Ruiz". None when
    /// no rule applies to the word.
    fn one_death_by_was_or_of(self, k: usize) -> Option<OneDeath> {
        let TollClause {
            clause,
            tokens,
            lower,
            ages,
        } = self;
        let word = |at: usize| self.word(at);
        let after_a = |at: usize| self.after_a(at);
        let w = word(k);
        let end = match w {
            "was" | "is" if matches!(word(k + 1), "killed" | "dead") && after_a(k) => k + 1,
            // A singular verb: one person ("Mayor X, a party leader, was shot to
            // death", "the driver was also killed", "was gunned down"), unless nobody
            // was.
            "was" | "has" if !negated_before(lower, k) && reports_one_death(lower, k + 1) => k + 1,
            "was" | "is" if word(k + 1) == "shot" && word(k + 2) == "dead" && after_a(k) => k + 2,
            // ("A farmer shot and killed five oxen": the one who shot, with what he killed
            // after the verb.)
            "shot"
                if word(k + 1) == "and"
                    && word(k + 2) == "killed"
                    && after_a(k)
                    && !is_active_killing(clause, tokens, lower, k + 2) =>
            {
                k + 2
            }
            // ("protested the death of a man in custody" reports no death of its own.)
            "death"
                if word(k + 1) == "of"
                    && matches!(word(k + 2), "a" | "an")
                    && !protests_a_death(clause, tokens, lower, k)
                    && !reacts_to_a_death(lower, k) =>
            {
                k + 3
            }
            // "the murder of a councilman", "the body of an unknown man was found": one
            // person (not a protest over it: "rallied against the murder of a
            // student" reports no death of its own). ("The killing of a trader" is
            // mostly what set off the riot a note reports: no death of its own.)
            "murder" | "assassination" | "slaying" | "body"
                if word(k + 1) == "of"
                    && matches!(word(k + 2), "a" | "an")
                    && !about_an_earlier_death(lower, k) =>
            {
                k + 3
            }
            // "found the bodies of a man and a woman": the first, the rest listed after.
            "bodies" | "corpses"
                if word(k + 1) == "of"
                    && matches!(word(k + 2), "a" | "an")
                    && !about_an_earlier_death(lower, k) =>
            {
                victims_item(lower, k + 2).map_or(k + 3, |(_, noun)| noun)
            }
            // "the shooting death of 17-year-old Ana Ruiz", "found the body of Luis
            // Vega": one person, named (not a protest over it).
            // "the murder of former defense minister Hugo Lema": named after a title.
            "death" | "murder" | "slaying" | "killing" | "body"
                if word(k + 1) == "of"
                    && (named_at(clause, tokens, ages, k + 2)
                        .or_else(|| named_after_a_title(clause, tokens, lower, ages, k + 2)))
                    .is_some()
                    && !about_an_earlier_death(lower, k) =>
            {
                named_at(clause, tokens, ages, k + 2)
                    .or_else(|| named_after_a_title(clause, tokens, lower, ages, k + 2))
                    .unwrap_or(k + 2)
            }
            // "the stabbing death of his roommate", "the murder of her husband": one person
            // of the killer's kin or home.
            "death" | "murder" | "slaying" | "killing"
                if word(k + 1) == "of"
                    && matches!(word(k + 2), "his" | "her")
                    && (KIN_AND_ROLES.contains(word(k + 3))
                        || HOUSEHOLD.contains(word(k + 3))
                        || lexicon::ONE_PERSON_NOUNS.contains(word(k + 3)))
                    && !about_an_earlier_death(lower, k) =>
            {
                k + 3
            }
            _ => return None,
        };
        Some(OneDeath::EndsAt(end))
    }

    /// The next rules for one death, by words of dying with one person for subject or
    /// object: "killed himself", "he passed away", "the assassination of Senator Ana Ruiz",
    /// "left a man dead", "a teenager died", "was pronounced dead", "a man was fatally
    /// shot". None when no rule applies to the word.
    fn one_death_by_words_of_dying(self, k: usize) -> Option<OneDeath> {
        let TollClause {
            clause,
            tokens,
            lower,
            ages,
        } = self;
        let word = |at: usize| self.word(at);
        let w = word(k);
        let end = match w {
            // "killed himself", "shot herself to death", "fatally shot himself".
            "killed" | "shot"
                if matches!(word(k + 1), "himself" | "herself")
                    && (w == "killed"
                        || (word(k + 2) == "to" && word(k + 3) == "death")
                        || word(k + 2) == "dead"
                        || (k > 0 && word(k - 1) == "fatally")) =>
            {
                k + 1
            }
            // "he passed away", "the victim passed away"
            "passed" if word(k + 1) == "away" && one_person_before(lower, ages, k) => k + 1,
            // "a guard lost his life", "the driver lost her life" (not the death a riot
            // followed: "after an accident where a girl lost her life, youths rioted").
            "lost"
                if matches!(word(k + 1), "his" | "her")
                    && word(k + 2) == "life"
                    && one_person_before(lower, ages, k)
                    && !about_an_earlier_death(lower, k) =>
            {
                k + 2
            }
            // "the assassination of Senator Ana Ruiz", "of presidential candidate
            // Luis Vega": one person (a figure or a plural after "of" is no one).
            "assassination"
                if word(k + 1) == "of"
                    && tokens.get(k + 2).is_some_and(|t| {
                        let next = word(k + 2);
                        !starts_a_figure(next)
                            && !matches!(next, "the" | "these" | "those" | "their")
                            && (t.text(clause).starts_with(char::is_uppercase)
                                || !next.ends_with('s'))
                    }) =>
            {
                k + 2
            }
            // "the shooting left a man dead", "left a 20-year-old woman dead"
            // "leaving a child killed" too.
            "left" | "leaving"
                if matches!(word(k + 1), "a" | "an") && !negated_before(lower, k) =>
            {
                match (k + 2..lower.len().min(k + 8))
                    .filter(|&j| !ages[j])
                    .take(3)
                    .find(|&j| matches!(lower[j].as_str(), "dead" | "killed"))
                {
                    Some(end) => end,
                    None => return Some(OneDeath::NotHere),
                }
            }
            // "A teenager died after ...", "he was pronounced dead", "the victim was
            // found dead", "a man was fatally shot": one person, singular subject.
            // ("It's a blessing nobody died": no one.)
            "died" | "dies" | "succumbed"
                if one_person_before(lower, ages, k) && !negated_before(lower, k) =>
            {
                k
            }
            // "Arwood was pronounced dead": a surname alone names one person too.
            "pronounced" | "found" | "discovered"
                if matches!(word(k + 1), "dead" | "deceased")
                    && (one_person_before(lower, ages, k)
                        || (k >= 2
                            && word(k - 1) == "was"
                            && a_surname_at(clause, tokens, lower, k - 2))) =>
            {
                k + 1
            }
            "fatally"
                if FATAL_PARTICIPLES.contains(word(k + 1))
                    && (one_person_before(lower, ages, k)
                        || a_lone_person_just_before(lower, ages, k)) =>
            {
                k + 1
            }
            _ => return None,
        };
        Some(OneDeath::EndsAt(end))
    }

    /// The next rules for one death, by what was done to one person: "he killed his wife",
    /// "fatally shoots his grandfather", "beat a man to death", "four men were shot, one
    /// fatally", "found a woman dead", "was shot and later died", "a fatal shooting". None
    /// when no rule applies to the word.
    fn one_death_done_to_someone(self, k: usize) -> Option<OneDeath> {
        let TollClause {
            clause,
            tokens,
            lower,
            ages,
        } = self;
        let word = |at: usize| self.word(at);
        let end = match word(k) {
            // "he killed his wife", "shot dead her neighbour": one person after an
            // active killing verb.
            _ if matches!(word(k + 1), "his" | "her")
                && is_active_killing(clause, tokens, lower, k)
                && one_person_after(lower, ages, k + 1) =>
            {
                k + 2
            }
            // "abducted a trader and killed him", "threw him from a roof and murdered
            // him", "a mine went off under a shepherd, killing him": one person, by a
            // pronoun, after a killing verb.
            "killed" | "murdered" | "executed" | "assassinated" | "strangled" | "beheaded"
                if matches!(word(k + 1), "him" | "her")
                    && !negated_before(lower, k)
                    && !only_possible_before(lower, k) =>
            {
                k + 1
            }
            // (The participle's pronoun ends its phrase: "for killing her husband" is a
            // charge, "her" a possessive.)
            "killing" | "murdering" | "executing" | "beheading"
                if matches!(word(k + 1), "him" | "her")
                    && self.ends_a_phrase(k + 1)
                    && !matches!(word(k.wrapping_sub(1)), "for" | "of")
                    && !negated_before(lower, k)
                    && !only_possible_before(lower, k) =>
            {
                k + 1
            }
            // "unknown men beat to death a trader": one person done to death, named after.
            "beat" | "stoned" | "hacked" | "clubbed" | "stabbed" | "burned" | "burnt"
            | "lynched" | "tortured"
                if word(k + 1) == "to"
                    && word(k + 2) == "death"
                    && one_person_after(lower, ages, k + 3) =>
            {
                k + 3
            }
            // "a 6-year-old fatally shoots his grandfather": one person after the verb.
            "fatally"
                if FATAL_VERBS.contains(word(k + 1)) && one_person_after(lower, ages, k + 2) =>
            {
                k + 1
            }
            // "villagers lynched a suspected thief to death", "beat a man to death",
            // "before burning him to death": one person, done to death.
            "lynched" | "beat" | "stoned" | "hacked" | "clubbed" | "stabbed" | "burned"
            | "burnt" | "tortured" | "beating" | "burning" | "hacking" | "stoning" | "clubbing"
            | "stabbing" | "lynching"
                if (matches!(word(k + 1), "a" | "an" | "his" | "her")
                    || (matches!(word(k + 1), "him" | "her")
                        && word(k + 2) == "to"
                        && word(k + 3) == "death"))
                    && (k + 2..lower.len().min(k + 7))
                        .take_while(|&j| {
                            !starts_a_figure(&lower[j])
                                && !lexicon::PLURAL_PERSON_WORDS.contains(&lower[j])
                        })
                        .any(|j| lower[j] == "to" && word(j + 1) == "death") =>
            {
                k + 1
            }
            // "gunmen shot him dead", "gunned her down": one person.
            "shot" | "gunned"
                if matches!(word(k + 1), "him" | "her")
                    && matches!(
                        (word(k), word(k + 2)),
                        ("shot", "dead") | ("gunned", "down")
                    ) =>
            {
                k + 2
            }
            // "four men were shot, one fatally": one of those shot died.
            "one"
                if word(k + 1) == "fatally"
                    && k > 0
                    && clause[tokens[k - 1].span.1..tokens[k].span.0]
                        .contains([',', '-', '—', '–', '(']) =>
            {
                k + 1
            }
            // "a toddler was shot on Friday and later died": the clause's one person.
            // "officers found a woman dead in the car", "found a man shot to death": one
            // person found dead.
            "found" | "discovered"
                if matches!(word(k + 1), "a" | "an" | "the")
                    && (k + 2..lower.len().min(k + 6))
                        .filter(|&j| !ages[j])
                        .take(2)
                        .any(|j| {
                            lexicon::ONE_PERSON_NOUNS.contains(&lower[j])
                                && (matches!(word(j + 1), "dead" | "deceased")
                                    || (matches!(word(j + 1), "shot" | "stabbed" | "beaten")
                                        && (word(j + 2) == "dead"
                                            || (word(j + 2) == "to" && word(j + 3) == "death"))))
                        }) =>
            {
                k + 1
            }
            // "... was rushed to the hospital but died"; "Ana Ruiz, 24, was shot on June 3 and
            // died later that night".
            "died" | "dies" | "succumbed"
                if k >= 2
                    // ("a trader who was shot on Monday later died": "later" says so too.)
                    && (matches!(word(k - 1), "and" | "but" | "later"))
                    && (the_subject_is_one_person(lower, ages, k)
                        || a_named_one_was_before(clause, tokens, lower, ages, k)) =>
            {
                k
            }
            // "a man shot in the city on Saturday died Monday": one person harmed, who died.
            "died" | "dies" | "succumbed" if one_person_harmed_before(lower, ages, k) => k,
            // "The 58-year-old clerk, a father of three, died at the scene": one person,
            // the clause's subject.
            "died" | "dies" if one_person_opens_the_clause(clause, tokens, lower, k) => k,
            // "a fatal shooting", "a deadly shooting Wednesday night": at least one dead.
            "fatal" | "deadly"
                if matches!(word(k + 1), "shooting" | "stabbing" | "attack")
                    && k >= 1
                    // ("Thursday's" is read without its possessive.)
                    && (matches!(word(k - 1), "a" | "the" | "in")
                        || lexicon::WEEKDAYS.contains(word(k - 1))) =>
            {
                k + 1
            }
            _ => return None,
        };
        Some(OneDeath::EndsAt(end))
    }

    /// The last rules for one death, by a person named or a headline's bare noun: "gunmen
    /// killed Judge Ana Ruiz", "murdered magistrate Ana Ruiz, commander Luis Vega and
    /// Senator Rosa Paz" (each one listed), "Man shot dead in Dayton", "Dale Cobb Jr., 17,
    /// was pronounced dead". None when no rule finds a death.
    fn one_death_of_a_named_person(self, k: usize) -> Option<OneDeath> {
        let TollClause {
            clause,
            tokens,
            lower,
            ages,
        } = self;
        let word = |at: usize| self.word(at);
        let w = word(k);
        let end = match w {
            // "gunmen killed Judge Ana Ruiz", "a bomb killed Mayor Luis Vega", "they
            // murdered Ana Ruiz in her home": one person, named after the verb.
            // "murdered magistrate Ana Ruiz, commander Luis Vega and Senator Rosa Paz":
            // each person listed.
            _ if persons_listed_after(clause, tokens, lower, k).is_some() => {
                let (n, end) = persons_listed_after(clause, tokens, lower, k).unwrap_or((1, k));
                return Some(OneDeath::Listed(n, end));
            }
            _ if is_active_killing(clause, tokens, lower, k)
                && names_one_person_after(clause, tokens, lower, ages, k) =>
            {
                k + 2
            }
            // A named person: "Inspector Juan Perez died in the blast", "Mayor Ana
            // Ruiz was murdered".
            // Headline grammar, without an article: "Man shot dead in Dayton",
            // "Dalton area boy, 8, dies", "Teen fatally shot": a noun for one person
            // that opens the clause.
            _ if lexicon::ONE_PERSON_NOUNS.contains(w)
                && opens_the_clause_bare(clause, tokens, lower, ages, k) =>
            {
                let next = (k + 1..lower.len())
                    .find(|&j| !ages[j])
                    .unwrap_or(lower.len());
                if matches!(word(next), "dies" | "died") {
                    next
                } else if reports_one_death(lower, next)
                    || (word(next) == "fatally" && FATAL_PARTICIPLES.contains(word(next + 1)))
                {
                    (next + 1).min(lower.len() - 1)
                } else {
                    return Some(OneDeath::NotHere);
                }
            }
            // "Dale Cobb Jr., 17, was pronounced dead"; "Luis Vega, the party's candidate
            // for mayor, has died".
            "died" | "was" | "has"
                if ((k >= 2 && named_before(clause, tokens, ages, k))
                    || (k >= 1 && a_surname_at(clause, tokens, lower, k - 1))
                    || named_before_an_aside(clause, tokens, lower, k))
                    && (w == "died"
                        || (w == "has" && word(k + 1) == "died")
                        || (w == "was"
                            && (SINGLE_DEATH_PARTICIPLES.contains(word(k + 1))
                                || (matches!(word(k + 1), "pronounced" | "found")
                                    && matches!(word(k + 2), "dead" | "deceased"))))) =>
            {
                match w {
                    "died" => k,
                    "has" => k + 1,
                    _ if SINGLE_DEATH_PARTICIPLES.contains(word(k + 1)) => k + 1,
                    _ => k + 2,
                }
            }
            _ => return None,
        };
        Some(OneDeath::EndsAt(end))
    }

    /// The killer's own death after killing others: one more when the toll has some and
    /// does not hold the word that says so ([`the_killer_died_too`]).
    fn count_the_killer(self, toll: &mut Toll) {
        let TollClause { tokens, lower, .. } = self;
        // "killed his wife and then himself", "killing two, then himself", "before turning
        // the gun on himself": the killer died too.
        if toll.killed > 0
            && let Some(at) = the_killer_died_too(lower)
            && !toll
                .spans
                .iter()
                .any(|s| s.0 <= tokens[at].span.0 && tokens[at].span.1 <= s.1)
        {
            toll.killed = toll.killed.saturating_add(1);
            toll.spans.push(tokens[at].span);
        }
    }
}

/// The word that tells a killer took his or her own life after killing others ("then
/// himself", "killing herself", "turned the gun on himself", "took his own life").
fn the_killer_died_too(lower: &[String]) -> Option<usize> {
    let word = |at: usize| lower.get(at).map_or("", String::as_str);
    (1..lower.len()).find(|&j| match word(j) {
        "himself" | "herself" => {
            // ("a bomber killed three soldiers and himself")
            matches!(word(j - 1), "killing" | "killed" | "kills" | "then" | "and")
                || (word(j - 1) == "on"
                    && word(j.saturating_sub(2)) == "gun"
                    && matches!(word(j.saturating_sub(4)), "turning" | "turned" | "turns"))
        }
        "life" => {
            word(j - 1) == "own"
                && matches!(word(j.saturating_sub(2)), "his" | "her")
                && matches!(word(j.saturating_sub(3)), "took" | "taking" | "takes")
        }
        // "killing 3 policemen and the attacker" (not "... and the attacker fled")
        killer if KILLER_NOUNS.contains(killer) => {
            word(j - 1) == "the"
                && word(j.saturating_sub(2)) == "and"
                && (j + 1 == lower.len() || word(j + 1) == "dead")
        }
        // "killed seven people before police shot him dead", "until officers killed him"
        // (not "officers killed her husband": "her" there is his).
        "him" | "her" => {
            let shot_dead = word(j - 1) == "shot" && word(j + 1) == "dead";
            let ends_there = word(j) == "him" || j + 1 == lower.len();
            (word(j - 1) == "killed" && ends_there || shot_dead)
                && FORCES_THAT_STOP_A_KILLER.contains(word(j.saturating_sub(2)))
        }
        _ => false,
    })
}

/// Who does the killing, in "... and the attacker": one person who died with the victims.
static KILLER_NOUNS: WordSet = WordSet::new(&[
    "attacker",
    "assailant",
    "bomber",
    "gunman",
    "shooter",
    "perpetrator",
]);

/// Those who stop a killer by killing him ("before police killed him").
static FORCES_THAT_STOP_A_KILLER: WordSet = WordSet::new(&[
    "police", "officers", "deputies", "troops", "soldiers", "guards", "agents",
]);

/// Two or more persons named as the subject of a plural verb of death: "Ana Ruiz, 20,
/// and Luis Vega were murdered", "Juan Perez and Pedro Diaz were shot to death". The
/// names (capitalised words, ages set off by commas) are counted between the "and"s and
/// commas that part them; anything else in the subject ("two men and ...") counts none.
fn named_victims(
    clause: &str,
    tokens: &[crate::text::Word],
    lower: &[String],
    ages: &[bool],
) -> Option<(u32, Span)> {
    let word = |at: usize| lower.get(at).map_or("", String::as_str);
    // "were killed", "were found dead", "were shot dead", "were shot to death", "were shot
    // and killed", "were gunned down", "were fatally stabbed"; "were both killed".
    let dies_after = |k: usize| {
        let k = if matches!(word(k), "both" | "all") {
            k + 1
        } else {
            k
        };
        // "were abducted and later found dead": what was done first, then the death.
        let k = match (word(k + 1), word(k + 2)) {
            ("and", "later") if word(k).ends_with("ed") => k + 3,
            _ => k,
        };
        SINGLE_DEATH_PARTICIPLES.contains(word(k))
            || (word(k) == "found" && word(k + 1) == "dead")
            || (word(k) == "gunned" && word(k + 1) == "down")
            || (word(k) == "fatally" && INJURY_PARTICIPLES.contains(word(k + 1)))
            || (INJURY_PARTICIPLES.contains(word(k))
                && (word(k + 1) == "dead"
                    || (word(k + 1) == "to" && word(k + 2) == "death")
                    || (word(k + 1) == "and" && SINGLE_DEATH_PARTICIPLES.contains(word(k + 2)))))
    };
    let verb = (1..lower.len())
        .find(|&k| (word(k) == "were" && dies_after(k + 1)) || word(k) == "died")?;
    if negated_before(lower, verb) {
        return None;
    }
    let capitalised = |k: usize| {
        tokens[k]
            .text(clause)
            .chars()
            .next()
            .is_some_and(char::is_uppercase)
    };
    let mut persons = 0u32;
    let mut in_name = false;
    let mut start = verb;
    // "On Monday, a man and his son were killed": the subject starts after the phrase.
    let subject_from = opening_phrase_end(clause, tokens, lower, verb).unwrap_or(0);
    for k in (subject_from..verb).rev() {
        let gap = &clause[tokens[k].span.1..tokens[k + 1].span.0];
        // A name ends at a comma or an "and"; so does the one after it.
        if gap.contains(',') || word(k) == "and" {
            in_name = false;
        }
        if word(k) == "and" || ages[k] || matches!(word(k), "years" | "year" | "old") {
            start = k;
            continue;
        }
        // A sentence's capital is no name: "A woman and ...", "Her son and ...", "Four
        // children were".
        // (A figure in digits only before the noun it counts: "her 2 children", not a
        // date's "2020,".)
        if matches!(word(k), "a" | "an" | "the" | "her" | "his" | "their")
            || crate::text::parse_number_word(word(k)).is_some()
            || (in_name && word(k).parse::<u32>().is_ok())
        {
            start = k;
            continue;
        }
        if !capitalised(k) {
            // "her son", "her two children", "a woman": persons named by a noun; "a
            // carpenter", "his helper": by a noun of a person's trade after an article.
            let a_trade = names_a_person_by_trade(word(k))
                && (k.saturating_sub(3)..k)
                    .any(|j| matches!(word(j), "a" | "an") || POSSESSIVES.contains(word(j)));
            if lexicon::ONE_PERSON_NOUNS.contains(word(k))
                || KIN_PLURALS.contains(word(k))
                || a_trade
            {
                let figure = k.checked_sub(1).and_then(|b| figure_of(word(b)));
                // "her son, 17-year-old Tom Marr, were": the name after the comma is
                // the son, counted once.
                let apposition = clause[tokens[k].span.1..tokens[k + 1].span.0].contains(',')
                    && (k + 1..verb).all(|j| {
                        ages[j] || capitalised(j) || matches!(word(j), "years" | "year" | "old")
                    });
                // "former minister Luis Vega": a title of the name after it.
                let title = in_name;
                persons += match figure {
                    _ if apposition || title => 0,
                    Some(n) => n,
                    None if KIN_PLURALS.contains(word(k)) => break,
                    None => 1,
                };
                // Capitalised words right before the noun describe it ("one KNLA
                // soldier"): no name of another person.
                in_name = true;
                start = k;
                continue;
            }
            // "a police officer", "a local farmer": words between an article and the
            // noun just counted describe that person.
            if in_name && describes_the_noun_after(lower, k) {
                start = k;
                continue;
            }
            break;
        }
        if !in_name {
            persons += 1;
            in_name = true;
        }
        start = k;
    }
    // The subject opens the clause, or what someone said: "police said X and Y were
    // killed".
    let before = clause[..tokens[start].span.0]
        .trim_end()
        .to_ascii_lowercase();
    let opens = start == subject_from
        || before.is_empty()
        || before.ends_with(" said")
        || before.ends_with(" say")
        || before.ends_with(" that");
    let end = tokens.get(verb + 1).unwrap_or(&tokens[verb]).span.1;
    (persons >= 2 && opens).then(|| (persons, (tokens[start].span.0, end)))
}

/// The first word after a phrase of time, place or circumstance that opens the clause
/// and ends at a comma before the word at `verb` ("On 3 May 2021,", "In the attack,",
/// "When gunmen stormed the village,"); none when the clause opens otherwise.
fn opening_phrase_end(
    clause: &str,
    tokens: &[crate::text::Word],
    lower: &[String],
    verb: usize,
) -> Option<usize> {
    let first = lower.first()?;
    if !OPENING_WORDS.contains(first) && !lexicon::WEEKDAYS.contains(first) {
        return None;
    }
    (0..verb)
        .find(|&k| clause[tokens[k].span.1..tokens[k + 1].span.0].contains(','))
        .map(|k| k + 1)
}

/// Words that open a phrase of time, place or circumstance before a clause's subject.
static OPENING_WORDS: WordSet = WordSet::new(&[
    "on",
    "in",
    "at",
    "during",
    "early",
    "late",
    "last",
    "overnight",
    "yesterday",
    "earlier",
    "later",
    "meanwhile",
    "separately",
    "elsewhere",
    "after",
    "before",
    "when",
    "while",
    "following",
    "shortly",
    "near",
    "around",
]);

/// True when the lower-case word at `k` stands between an article (or a possessive or a
/// figure) at most two words before it and the noun after it: "police" in "a police
/// officer", "local" in "her local pastor".
fn describes_the_noun_after(lower: &[String], k: usize) -> bool {
    let opens_a_noun = |w: &str| {
        matches!(w, "a" | "an" | "the") || POSSESSIVES.contains(w) || figure_of(w).is_some()
    };
    let plain = |w: &str| w.chars().all(|c| c.is_ascii_lowercase() || c == '-') && w != "and";
    plain(&lower[k])
        && (k.saturating_sub(2)..k)
            .rev()
            .find(|&j| opens_a_noun(&lower[j]))
            .is_some_and(|j| lower[j + 1..k].iter().all(|w| plain(w)))
}

/// True when a lower-case noun has an ending of persons by what they do or are ("baker",
/// "tailor", "ferryman", "florist", "musician", "merchant", "student").
fn names_a_person_by_trade(word: &str) -> bool {
    word.len() > 4
        && ["er", "or", "man", "ist", "ian", "ant", "ent"]
            .iter()
            .any(|ending| word.ends_with(ending))
}

/// The number a word writes, in figures or in words ("3", "three").
fn figure_of(word: &str) -> Option<u32> {
    word.parse::<u32>()
        .ok()
        .or_else(|| crate::text::parse_number_word(word))
}

/// Words that say whose kin a victim was ("his wife", "her two children").
static POSSESSIVES: WordSet = WordSet::new(&["his", "her", "their"]);

/// Nouns for several kin or children, counted by the figure before them ("her two
/// children").
static KIN_PLURALS: WordSet = WordSet::new(&[
    "children",
    "sons",
    "daughters",
    "kids",
    "brothers",
    "sisters",
    "grandchildren",
]);

/// True when a figure is part of a clock's or a video's time ("3:50", "0:34", "4 o'clock",
/// "6.30pm"), of a decimal, or a year cut short ("the winter of '96").
fn is_part_of_a_time(clause: &str, span: Span) -> bool {
    let before = clause[..span.0].chars().next_back();
    let after = clause[span.1..].chars().next();
    let digit_after_point = clause[span.1..]
        .strip_prefix('.')
        .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()));
    let digit_before_point = clause[..span.0]
        .strip_suffix('.')
        .is_some_and(|head| head.ends_with(|c: char| c.is_ascii_digit()));
    digit_after_point
        || digit_before_point
        || before == Some(':')
        || before == Some('\'')
        || before == Some('’')
        || (after == Some(':') && clause[span.1 + 1..].starts_with(|c: char| c.is_ascii_digit()))
        || is_an_hour(&clause[span.1..])
}

/// True when the words after a figure make it an hour ("4 o'clock", "11 p.m.", "6am").
fn is_an_hour(after: &str) -> bool {
    let after = after.trim_start().to_ascii_lowercase();
    ["o'clock", "o’clock", "a.m", "p.m"]
        .iter()
        .any(|w| after.starts_with(w))
        || ["am", "pm"].iter().any(|w| {
            after
                .strip_prefix(w)
                .is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_alphanumeric()))
        })
}

/// True when a figure is a time of day written the wire's way: four digits after "at" or
/// before "GMT", "hours" or "local time" ("at 0945 GMT, three bystanders were killed").
fn is_clock_time(clause: &str, span: Span) -> bool {
    let written = &clause[span.0..span.1];
    if written.len() != 4 || !written.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    let (hours, minutes) = (&written[..2], &written[2..]);
    if hours > "23" || minutes > "59" {
        return false;
    }
    let before = clause[..span.0].trim_end().to_ascii_lowercase();
    let after = clause[span.1..].trim_start().to_ascii_lowercase();
    before.ends_with(" at")
        || before == "at"
        || ["gmt", "utc", "hours", "hrs", "local time"]
            .iter()
            .any(|w| after.starts_with(w))
}

/// True when a negation stands in the few words before `k` ("no one was killed").
fn negated_before(lower: &[String], k: usize) -> bool {
    lower[k.saturating_sub(4)..k].iter().any(|w| {
        matches!(
            w.as_str(),
            "no" | "nobody" | "none" | "anyone" | "anybody" | "not" | "never" | "if" | "whether"
        )
    })
}

/// True when the few words before `k` deny it ("no one on the ground was hurt", "nobody
/// was injured", "no injuries"), more widely than [`negated_before`] but only by words of
/// no one.
fn denied_before(lower: &[String], k: usize) -> bool {
    lower[k.saturating_sub(6)..k]
        .iter()
        .any(|w| matches!(w.as_str(), "no" | "nobody" | "none"))
}

/// What "fatally" qualifies when it reports a death ("fatally shot").
static FATAL_PARTICIPLES: WordSet =
    WordSet::new(&["shot", "stabbed", "wounded", "injured", "struck", "beaten"]);

/// What "fatally" qualifies when an active verb follows ("fatally shoots his father").
static FATAL_VERBS: WordSet = WordSet::new(&[
    "shoots", "shot", "shooting", "stabs", "stabbed", "stabbing", "wounds",
]);

/// True when a noun for one person, or an age standing for one ("17-year-old"), comes
/// right before `k`, with no figure before it: "police identify teen fatally shot".
fn a_lone_person_just_before(lower: &[String], ages: &[bool], k: usize) -> bool {
    if k == 0 {
        return false;
    }
    let noun = k - 1;
    if !(lexicon::ONE_PERSON_NOUNS.contains(&lower[noun]) || ages[noun]) {
        return false;
    }
    let mut before = noun;
    while before > 0 && ages[before - 1] {
        before -= 1;
    }
    !(before > 0 && names_several(&lower[before - 1]))
}

/// True for a word that counts or names more than one person: a figure ("3", "two"), or
/// a plural noun for people ("men", "others").
fn names_several(word: &str) -> bool {
    word.parse::<u32>().is_ok()
        || crate::text::parse_number_word(word).is_some_and(|n| n >= 2)
        || lexicon::PLURAL_PERSON_WORDS.contains(word)
}

/// True when one person is named right at `k`: an article or a possessive, then within a
/// few words (ages left out) a noun for one person ("his grandfather", "a 40-year-old man").
fn one_person_after(lower: &[String], ages: &[bool], k: usize) -> bool {
    if !matches!(
        lower.get(k).map(String::as_str),
        Some("a" | "an" | "his" | "her" | "the" | "their")
    ) {
        return false;
    }
    (k + 1..lower.len().min(k + 6))
        .filter(|&j| !ages[j])
        .take(2)
        .any(|j| lexicon::ONE_PERSON_NOUNS.contains(&lower[j]))
}

/// True when the clause before `k` opens with one person as the subject of a singular
/// verb ("A toddler was shot ... and later died"), and names no more people on the way.
fn the_subject_is_one_person(lower: &[String], ages: &[bool], k: usize) -> bool {
    let Some(verb) = lower[..k]
        .iter()
        .position(|w| matches!(w.as_str(), "was" | "is" | "were" | "are"))
    else {
        return false;
    };
    matches!(lower[verb].as_str(), "was" | "is")
        && one_person_before(lower, ages, verb)
        // (Those by whom it was done are not its subject: "was shot by soldiers".)
        && !(verb..k).any(|j| {
            let w = lower[j].as_str();
            (lexicon::PLURAL_PERSON_WORDS.contains(w)
                && j.checked_sub(1).map(|b| lower[b].as_str()) != Some("by"))
                || matches!(w, "were" | "are" | "others")
        })
}

/// True when the clause opens with one person, an article and a noun for one (an age or
/// two words between), and an aside set off by commas may follow before the verb at `k`:
/// "The 58-year-old clerk, a father of three, died", "A teenager died".
fn one_person_opens_the_clause(clause: &str, tokens: &[Word], lower: &[String], k: usize) -> bool {
    let mut head = clause[..tokens[k].span.0].trim_end();
    if let Some(before_aside) = head.strip_suffix(',') {
        head = before_aside.rfind(',').map_or("", |at| &before_aside[..at]);
    }
    // (The clause's own words that end within the head.)
    let words = &lower[..tokens.iter().take_while(|t| t.span.1 <= head.len()).count()];
    (2..=5).contains(&words.len())
        && matches!(words[0].as_str(), "a" | "an" | "the")
        && words
            .last()
            .is_some_and(|w| lexicon::ONE_PERSON_NOUNS.contains(w))
}

/// True when the clause's "was" before `k` has a person's name for subject ("Ana Ruiz, 24,
/// was shot ... and died"), and no other person or verb of several stands between.
fn a_named_one_was_before(
    clause: &str,
    tokens: &[Word],
    lower: &[String],
    ages: &[bool],
    k: usize,
) -> bool {
    let Some(was) = lower[..k].iter().position(|w| w == "was") else {
        return false;
    };
    was >= 2
        && named_before(clause, tokens, ages, was)
        && !lower[was..k - 1].iter().any(|w| {
            matches!(w.as_str(), "and" | "were" | "others")
                || lexicon::PLURAL_PERSON_WORDS.contains(w)
        })
}

/// How many words before "died" the harm its one subject suffered may stand ("a man
/// shot outside a bar on Grand Avenue late Saturday died").
const HARMED_THEN_DIED_REACH: usize = 12;

/// How many words after "by" name who harmed ("by two unidentified men").
const AGENT_WORDS: usize = 3;

/// True when "died" at `k` has for subject one person harmed, named by an article and a
/// noun for one person before a participle of harm: "a man shot in the city on Saturday
/// died", "the teenager, 16, who was stabbed outside the school, died" (not "two men shot
/// ... died", not "a man shot his wife and died").
fn one_person_harmed_before(lower: &[String], ages: &[bool], k: usize) -> bool {
    let word = |at: usize| lower.get(at).map_or("", String::as_str);
    let harmed = (k.saturating_sub(HARMED_THEN_DIED_REACH)..k)
        .find(|&j| INJURY_PARTICIPLES.contains(word(j)));
    let Some(j) = harmed else {
        return false;
    };
    // "who was shot", "shot": the noun before.
    let mut noun = j;
    if noun >= 2 && word(noun - 1) == "was" && word(noun - 2) == "who" {
        noun -= 2;
    }
    noun = match noun.checked_sub(1) {
        Some(n) => n,
        None => return false,
    };
    while noun > 0 && ages[noun] {
        noun -= 1;
    }
    // ("a 17-year-old boy": the age between the article and the noun)
    let mut article = noun.saturating_sub(1);
    while article > 0 && ages[article] {
        article -= 1;
    }
    let one_person = lexicon::ONE_PERSON_NOUNS.contains(word(noun))
        && noun >= 1
        && matches!(word(article), "a" | "an" | "the");
    // (Several harmed, or none, is no one's death; but the several who harmed are named
    // after "by": "a farmer who was attacked by unidentified men on June 3 succumbed".)
    let by_at = (j + 1..k).find(|&at| word(at) == "by");
    one_person
        && !(j + 1..k).any(|at| {
            matches!(word(at), "and" | "were" | "not" | "never")
                || (lexicon::PLURAL_PERSON_WORDS.contains(word(at))
                    && by_at.is_none_or(|by| at > by + AGENT_WORDS))
        })
}

/// One person, named by a singular subject in the few words before `k` (ages left out):
/// "a" or "an" ("a 17-year-old boy has"), "he", "she", or "the" and a noun for one person
/// ("the victim was later"), or "one of" ("one of the victims, a man, has been").
fn one_person_before(lower: &[String], ages: &[bool], k: usize) -> bool {
    let mut window: Vec<&str> = words_before(lower, ages, k, 6).collect();
    window.reverse();
    if window.contains(&"and") {
        return false;
    }
    // "one of the two victims, a woman, was pronounced dead"
    let mut wider: Vec<&str> = words_before(lower, ages, k, 9).collect();
    wider.reverse();
    if !wider.contains(&"and") && wider.windows(2).any(|pair| pair == ["one", "of"]) {
        return true;
    }
    if window.iter().any(|w| names_several(w)) {
        return false;
    }
    window.iter().enumerate().any(|(n, w)| match *w {
        // "One trader was wounded and later died"
        "a" | "an" | "he" | "she" | "one" => true,
        "the" => window
            .get(n + 1)
            .is_some_and(|next| lexicon::ONE_PERSON_NOUNS.contains(next)),
        _ => false,
    })
}

/// True when the word at `k` opens its clause without an article, as headlines write a
/// subject: nothing before it but capitalised words of a place or a name, "area", ages
/// and punctuation ("Dalton area boy", "Police: Man").
fn opens_the_clause_bare(
    clause: &str,
    tokens: &[crate::text::Word],
    lower: &[String],
    ages: &[bool],
    k: usize,
) -> bool {
    const MOST_WORDS_BEFORE: usize = 4;
    k <= MOST_WORDS_BEFORE
        && (0..k).all(|j| {
            ages[j]
                || lower[j] == "area"
                || (tokens[j].text(clause).starts_with(char::is_uppercase)
                    && !matches!(lower[j].as_str(), "a" | "an" | "the" | "one" | "another"))
        })
}

/// The `n` words before `k` that are not part of an age, nearest first.
fn words_before<'a>(
    lower: &'a [String],
    ages: &'a [bool],
    k: usize,
    n: usize,
) -> impl Iterator<Item = &'a str> + 'a {
    (0..k.min(lower.len()))
        .rev()
        .filter(|&j| !ages[j])
        .take(n)
        .map(|j| lower[j].as_str())
}

/// Which words of a clause give someone's age: "a 29-year-old man" (29, year, old), "a
/// nine-month-old", "20 y/o", "Ana Ruiz, 20, was" and "the boy, 11, died" (20 and 11 set
/// off by commas after a name or a noun for one person), "aged 45", "ages 7 and 10". An age
/// is no toll, and it does not stand between an article and its noun.
fn age_words(clause: &str, tokens: &[crate::text::Word], lower: &[String]) -> Vec<bool> {
    let mut ages = vec![false; tokens.len()];
    let is_figure = |w: &str| {
        w.bytes().all(|b| b.is_ascii_digit()) || crate::text::parse_number_word(w).is_some()
    };
    let gap = |a: usize, b: usize| clause[tokens[a].span.1..tokens[b].span.0].trim();
    for k in 0..tokens.len() {
        if !is_figure(&lower[k]) {
            continue;
        }
        // "29-year-old", "3 years old", "8-month-old", "20 y/o", "40-yr-old"
        let rest = &clause[tokens[k].span.1..];
        let head = (0..=rest.len().min(8))
            .rev()
            .find(|&n| rest.is_char_boundary(n))
            .unwrap_or(0);
        let after = rest[..head].to_ascii_lowercase();
        let unit = [
            "-year", " year", " years", "-month", " month", " months", "-week", " week", " weeks",
            " y/o", "-yr", " yr",
        ]
        .iter()
        .any(|u| after.starts_with(u));
        let old =
            (k + 1..tokens.len().min(k + 4)).find(|&j| matches!(lower[j].as_str(), "old" | "o"));
        if unit && let Some(end) = old {
            ages[k..=end].iter_mut().for_each(|a| *a = true);
            continue;
        }
        // "aged 45", "ages 7 and 10", "aged 6, 7 and 9", "aged between 46 and 71"
        let aged = |j: usize| matches!(lower[j].as_str(), "aged" | "ages" | "age");
        if k > 0 && (aged(k - 1) || (k > 1 && lower[k - 1] == "between" && aged(k - 2))) {
            ages[k] = true;
            let mut last = k;
            while let Some(next) = (last + 1..tokens.len().min(last + 3)).find(|&j| {
                is_figure(&lower[j])
                    && (j == last + 1 && gap(last, j) == ","
                        || j == last + 2 && matches!(lower[last + 1].as_str(), "and" | "or" | "to"))
            }) {
                ages[next] = true;
                last = next;
            }
            continue;
        }
        // "Ana Ruiz, 20, was killed", "a boy, 11, died": a number between commas after a
        // name or a noun for one person.
        let digits = lower[k].bytes().all(|b| b.is_ascii_digit());
        // ("Dale Cobb Jr., 17,": the dot of the suffix before the comma)
        let set_off = k > 0
            && matches!(gap(k - 1, k), "," | ".,")
            && (k + 1 == tokens.len() || gap(k, k + 1).starts_with(','));
        // "Ramesh Kumar (32) and Suresh Pal (28)": an age in parentheses, as papers in
        // South Asia set it.
        let in_parentheses = k > 0
            && gap(k - 1, k) == "("
            && clause[tokens[k].span.1..].trim_start().starts_with(')');
        // ("a retired schoolteacher, 58,": a singular noun of a person's trade or standing,
        // by its ending, that an article opens a word or two before; not "the attack, 12,".)
        let after_an_article = |noun: usize| {
            ["er", "or", "ist", "ian", "man", "ent", "ant", "ee"]
                .iter()
                .any(|ending| lower[noun].ends_with(ending))
                && (noun.saturating_sub(3)..noun)
                    .any(|j| matches!(lower[j].as_str(), "a" | "an" | "the"))
        };
        let person = k > 0
            && (tokens[k - 1].text(clause).starts_with(char::is_uppercase)
                || lexicon::ONE_PERSON_NOUNS.contains(&lower[k - 1])
                || after_an_article(k - 1));
        if digits
            && (set_off || in_parentheses)
            && person
            && lower[k].parse::<u32>().is_ok_and(|n| n <= 110)
        {
            ages[k] = true;
        }
    }
    // "his 12- and 10-year-old sons": the first age shares the unit of the second.
    for k in (0..tokens.len().saturating_sub(2)).rev() {
        if is_figure(&lower[k])
            && gap(k, k + 1) == "-"
            && matches!(lower[k + 1].as_str(), "and" | "or" | "to")
            && ages[k + 2]
        {
            ages[k] = true;
        }
    }
    ages
}

/// True when the words from `k` (after a singular "was" or "has") report a death: "killed",
/// "been murdered", "also killed", "shot to death", "shot dead", "shot and killed",
/// "gunned down", "found stabbed to death".
fn reports_one_death(lower: &[String], mut k: usize) -> bool {
    let word = |at: usize| lower.get(at).map_or("", String::as_str);
    if word(k) == "been" {
        k += 1;
    }
    // "was found shot to death", "was discovered beaten to death"
    if matches!(word(k), "found" | "discovered") {
        k += 1;
    }
    if matches!(
        word(k),
        "also" | "reportedly" | "allegedly" | "brutally" | "later" | "then" | "accidentally"
    ) {
        k += 1;
    }
    SINGLE_DEATH_PARTICIPLES.contains(word(k))
        // "was pronounced dead at the scene" (not "declared dead": mostly the death that
        // set off what a note reports)
        || (word(k) == "pronounced" && word(k + 1) == "dead")
        || (matches!(word(k), "shot" | "stabbed" | "beaten" | "hacked")
            && ((word(k + 1) == "to" && word(k + 2) == "death")
                || word(k + 1) == "dead"
                || (word(k + 1) == "and" && word(k + 2) == "killed")))
        || (word(k) == "gunned" && word(k + 1) == "down")
        // "was attacked and killed", "was abducted and murdered", "was kidnapped and later
        // killed"
        || (matches!(
            word(k),
            "attacked" | "abducted" | "kidnapped" | "tortured" | "ambushed" | "beaten"
        ) && word(k + 1) == "and"
            && (SINGLE_DEATH_PARTICIPLES.contains(word(k + 2))
                || (matches!(word(k + 2), "later" | "then" | "subsequently")
                    && SINGLE_DEATH_PARTICIPLES.contains(word(k + 3)))))
}

/// True when the words before a killing noun at `k` make it a past death that this clause
/// reacts to, not one it reports: a protest, a trial or an arrest over it.
fn about_an_earlier_death(lower: &[String], k: usize) -> bool {
    lower[..k].iter().any(|w| {
        matches!(
            w.as_str(),
            "against"
                | "over"
                | "protest"
                | "protested"
                | "protesting"
                | "protests"
                | "demonstrated"
                | "condemned"
                | "condemning"
                | "denounce"
                | "denounced"
                | "denouncing"
                | "demanding"
                | "justice"
                | "anniversary"
                | "commemorate"
                | "commemorated"
                | "charged"
                | "convicted"
                | "sentenced"
                | "guilty"
                | "enraged"
                | "angered"
                | "grieving"
                | "avenge"
                | "revenge"
                | "retaliation"
                | "accused"
                | "suspected"
                | "arrested"
                | "trial"
                | "investigation"
                | "investigating"
                | "investigations"
                | "after"
                | "following"
                | "discovery"
                | "vigil"
                | "remember"
                | "mourn"
                | "mourned"
                | "wake"
                | "sparked"
                | "triggered"
                | "mobilized"
                | "mobilised"
                | "honour"
                | "honor"
                | "memory"
                | "movement"
                | "demonstration"
                | "demonstrators"
                | "march"
                | "marched"
                | "rally"
                | "outrage"
        )
    })
}

/// The reflexive pronouns of a killer who dies too ("killing himself and 3 others").
static REFLEXIVES: WordSet =
    WordSet::new(&["himself", "herself", "themselves", "themself", "itself"]);

/// True for "killed", "killing" or another verb of killing.
fn is_a_killing_verb(word: &str) -> bool {
    matches!(word, "killed" | "killing" | "kill" | "kills") || KILLING_VERBS.contains(word)
}

/// True when a word before `k` in the clause makes what follows the object of a protest
/// or of mourning ("protesting the killing of", "a vigil for"). (Not "condemned" or
/// "denounced": a statement condemning a massacre is how wire news reports it.)
/// The cue stands at most [`PROTEST_CUE_REACH`] words before, with no comma between:
/// "police opened fire on protesting students, killing one" counts its death.
fn protests_a_death(
    clause: &str,
    tokens: &[crate::text::Word],
    lower: &[String],
    k: usize,
) -> bool {
    (k.saturating_sub(PROTEST_CUE_REACH)..k).any(|j| {
        PROTEST_OBJECT_CUES.contains(&lower[j])
            && !clause[tokens[j].span.1..tokens[k].span.0].contains([',', ';'])
    })
}

/// True when a word among the three before `k` makes the deed there only possible or
/// nearly done: "it could easily have killed her", "nearly killed him".
fn only_possible_before(lower: &[String], k: usize) -> bool {
    lower[k.saturating_sub(3)..k].iter().any(|w| {
        matches!(
            w.as_str(),
            "could" | "would" | "might" | "may" | "should" | "nearly" | "almost"
        )
    })
}

/// True when the death at `k` is what a protest, a riot or a revenge in the clause follows
/// ("rioters stoned the station following the death of a man in a crash", "marched over
/// the sudden death of a pupil"): that death is an earlier one, not the clause's. (A
/// charge "after the shooting death of a boy" is about the clause's own death.)
fn reacts_to_a_death(lower: &[String], k: usize) -> bool {
    let governed = (k.saturating_sub(REACTION_CUE_REACH)..k)
        .any(|j| REACTION_PREPOSITIONS.contains(&lower[j]));
    governed && lower.iter().any(|w| REACTIONS.contains(w))
}

/// How many words before "death" its preposition may stand (see [`reacts_to_a_death`]):
/// "after the sudden death".
const REACTION_CUE_REACH: usize = 3;

/// The prepositions of a reaction to a death, and the words of anger that govern one
/// ("angered by the death"; see [`reacts_to_a_death`]).
static REACTION_PREPOSITIONS: WordSet = WordSet::new(&[
    "following",
    "after",
    "over",
    "against",
    "wake",
    "into",
    "angered",
    "outraged",
    "enraged",
    "incensed",
]);

/// Words of a protest, a riot or a revenge (see [`reacts_to_a_death`]).
static REACTIONS: WordSet = WordSet::new(&[
    "protest",
    "protests",
    "protested",
    "protesters",
    "demonstration",
    "demonstrators",
    "demonstrated",
    "marched",
    "march",
    "rally",
    "rallied",
    "riot",
    "rioted",
    "rioters",
    "blockaded",
    "roadblock",
    "stormed",
    "torched",
    "mob",
    "retaliation",
    "retaliatory",
    "revenge",
]);

/// How many words before a figure a protest's cue may stand (see [`protests_a_death`]).
const PROTEST_CUE_REACH: usize = 8;

/// Words of protesting or mourning something (see [`protests_a_death`]).
static PROTEST_OBJECT_CUES: WordSet = WordSet::new(&[
    "protest",
    "protested",
    "protesting",
    "vigil",
    "mourn",
    "mourned",
    "mourning",
    "commemorate",
    "commemorated",
    "commemorating",
    "anniversary",
]);

/// Participles of harm that a death may follow ("shot and killed", "stabbed to death",
/// "fatally wounded").
static INJURY_PARTICIPLES: WordSet = WordSet::new(&[
    "shot",
    "stabbed",
    "beaten",
    "hacked",
    "wounded",
    "injured",
    "struck",
    "attacked",
    "assaulted",
]);

/// Participles that report one person's death after "was" ("was murdered").
static SINGLE_DEATH_PARTICIPLES: WordSet = WordSet::new(&[
    "killed",
    "murdered",
    "assassinated",
    "executed",
    "slain",
    "martyred",
    "beheaded",
    "decapitated",
    "massacred",
]);

/// True when the two words before `k` are capitalised (a person's name, "Juan Perez") and
/// no punctuation stands between them and `k`, but for an age set off by commas ("Juan
/// Perez, 40, died").
fn named_before(clause: &str, tokens: &[crate::text::Word], ages: &[bool], k: usize) -> bool {
    let capitalised = |t: &crate::text::Word| {
        t.text(clause)
            .chars()
            .next()
            .is_some_and(char::is_uppercase)
    };
    let mut end = k;
    while end > 0 && ages[end - 1] {
        end -= 1;
    }
    end >= 2
        && capitalised(&tokens[end - 1])
        && capitalised(&tokens[end - 2])
        && clause[tokens[end - 2].span.0..tokens[end - 1].span.1]
            .chars()
            .all(|c| c.is_alphabetic() || c == ' ' || c == '.')
        && clause[tokens[end - 1].span.1..tokens[k].span.0]
            .chars()
            .all(|c| {
                if end == k {
                    c == ' ' || c == '.'
                } else {
                    // ("Dale Cobb Jr., 17, died": the suffix's dot)
                    c.is_ascii_digit() || c == ',' || c == ' ' || c == '.'
                }
            })
}

/// True when the clause opens with a person's name set off by an aside just before the word
/// at `k` ("Luis Vega, the party's candidate for mayor, died", "Ana Ruiz, a former judge of
/// the high court, was killed"): two or three capitalised words, a comma, an aside of a few
/// words that reports no speech, and a comma right before `k`.
fn named_before_an_aside(
    clause: &str,
    tokens: &[crate::text::Word],
    lower: &[String],
    k: usize,
) -> bool {
    const ASIDE_MAX_WORDS: usize = 15;
    let Some(at) = tokens.get(k) else {
        return false;
    };
    // In capitals every word is capitalised: no name can be told there.
    if !clause.chars().any(char::is_lowercase) {
        return false;
    }
    let capitalised = |j: usize| tokens_capitalised(clause, tokens, j);
    let name = (0..tokens.len().min(3))
        .take_while(|&j| capitalised(j))
        .count();
    if !(2..=3).contains(&name) || k <= name + 1 || k - name > ASIDE_MAX_WORDS {
        return false;
    }
    let opening = &clause[..tokens[0].span.0];
    let after_name = &clause[tokens[name - 1].span.1..tokens[name].span.0];
    let before_k = &clause[tokens[k - 1].span.1..at.span.0];
    // "Ana Ruiz, 45, a former mayor, was murdered": an age may open the aside.
    let aged = lower[name].bytes().all(|b| b.is_ascii_digit())
        && clause[tokens[name].span.1..].trim_start().starts_with(',');
    let aside_start = if aged { name + 1 } else { name };
    if aside_start >= k {
        return false;
    }
    let aside = &clause[tokens[aside_start].span.0..tokens[k - 1].span.1];
    opening.trim().is_empty()
        && after_name.trim() == ","
        && before_k.trim() == ","
        && !aside.contains([',', ';', '"'])
        && !lower[name..k].iter().any(|w| {
            matches!(
                w.as_str(),
                "said" | "says" | "told" | "reported" | "according"
            )
        })
}

/// True when the word at `at` is a surname standing alone as a sentence's subject
/// ("Arwood was pronounced dead", "..., and Ruiz died"): capitalised in text that is not all
/// capitals, no ordinary word, and not the end of a longer capitalised name.
fn a_surname_at(clause: &str, tokens: &[crate::text::Word], lower: &[String], at: usize) -> bool {
    let Some(token) = tokens.get(at) else {
        return false;
    };
    let w = token.text(clause);
    let capitalised =
        w.starts_with(char::is_uppercase) && w.chars().skip(1).all(char::is_lowercase);
    let alone = at == 0
        || !tokens[at - 1].text(clause).starts_with(char::is_uppercase)
        || clause[tokens[at - 1].span.1..token.span.0].trim() != "";
    capitalised
        && w.len() >= 3
        && alone
        && !crate::text::is_common_word(&lower[at])
        && !lexicon::GROUP_NOUNS.contains(&lower[at])
}

/// The last word of a person's name at `j` (ages before it skipped): two or three
/// capitalised words ("17-year-old Ana Ruiz"), in text that is not all capitals.
fn named_at(clause: &str, tokens: &[crate::text::Word], ages: &[bool], j: usize) -> Option<usize> {
    let mut j = j;
    while ages.get(j).copied().unwrap_or(false) {
        j += 1;
    }
    let capitalised = |k: usize| {
        tokens.get(k).is_some_and(|t| {
            let w = t.text(clause);
            w.starts_with(char::is_uppercase) && w.chars().skip(1).any(char::is_lowercase)
        })
    };
    let run = (j..tokens.len().min(j + 3))
        .take_while(|&k| capitalised(k))
        .count();
    let joined = (j..j + run.saturating_sub(1))
        .all(|k| clause[tokens[k].span.1..tokens[k + 1].span.0] == *" ");
    (run >= 2 && joined).then(|| j + run - 1)
}

/// The name after a person's title written in lower case, within three words of `from`
/// ("former defense minister Hugo Lema", "retired general Luis Vega"): the index of the
/// name's last word. None without a title there, or without a name after it.
fn named_after_a_title(
    clause: &str,
    tokens: &[crate::text::Word],
    lower: &[String],
    ages: &[bool],
    from: usize,
) -> Option<usize> {
    let title = (from..lower.len().min(from + 3))
        .take_while(|&j| !starts_a_figure(&lower[j]) && !tokens_capitalised(clause, tokens, j))
        .find(|&j| ONE_PERSONS_TITLES.contains(&lower[j]))?;
    named_at(clause, tokens, ages, end_of_title(lower, title) + 1)
}

/// The last word of the title that starts at `j`: "attorney general Luis Vega", "police
/// chief Ana Ruiz" end at "general" and "chief".
fn end_of_title(lower: &[String], j: usize) -> usize {
    let mut end = j;
    while lower
        .get(end + 1)
        .is_some_and(|w| ONE_PERSONS_TITLES.contains(w))
    {
        end += 1;
    }
    end
}

/// True when the `j`th word starts with a capital.
fn tokens_capitalised(clause: &str, tokens: &[crate::text::Word], j: usize) -> bool {
    tokens
        .get(j)
        .is_some_and(|t| crate::text::is_capitalized(t.text(clause)))
}

/// Verbs of killing besides "kill", read before a figure ("murdered 4 farmers").
static KILLING_VERBS: WordSet = WordSet::new(&[
    "murdered",
    "murdering",
    "murder",
    "massacred",
    "massacring",
    "executed",
    "executing",
    "assassinated",
    "slaughtered",
    "slew",
    "slain",
    "beheaded",
    "beheading",
    "decapitated",
    // A mob's killing ("a mob lynched two thieves").
    "lynched",
]);

/// Animals, whose killing is no death toll ("slaughtered 40 cattle").
static ANIMALS: WordSet = WordSet::new(&[
    "goats",
    "goat",
    "cattle",
    "cows",
    "cow",
    "sheep",
    "camels",
    "camel",
    "donkeys",
    "livestock",
    "animals",
    "chickens",
    "pigs",
    "horses",
    "dogs",
    "heads",
    "oxen",
    "ox",
    "bulls",
    "calves",
    "buffaloes",
    "donkey",
    "dog",
    "pig",
    "horse",
    "poultry",
]);

/// Units of time: a figure before one is a duration ("killed 9 days ago").
static TIME_UNITS: WordSet = WordSet::new(&[
    "seconds", "minutes", "minute", "hours", "hour", "days", "day", "weeks", "week", "months",
    "month", "years",
]);

/// Things counted after a figure that are no people ("hit by four bullets", "fired 30
/// rounds", "served three tours").
static NOT_PEOPLE_COUNTED: WordSet = WordSet::new(&[
    "bullets", "rounds", "shots", "gunshots", "times", "tours", "wounds", "stab", "blows",
]);

/// Units of a distance after a figure ("about 30 km from the town"): no count of people.
static DISTANCE_UNITS: WordSet = WordSet::new(&[
    "km",
    "kms",
    "kilometres",
    "kilometers",
    "kilometre",
    "kilometer",
    "miles",
    "mile",
    "metres",
    "meters",
    "yards",
    "feet",
]);

/// How far after a death the companions of its victim may be named ("was killed near his
/// home in the capital, along with two of his bodyguards").
const COMPANIONS_REACH: usize = 14;

/// The others killed with the victim of a death reported up to the word at `end`: "along
/// with two other militants", "as well as two farmers", "together with 3 of his guards",
/// "along with a bodyguard"; after "himself", "and two others" ("a bomber killed himself
/// and two others"; not "one was killed and two others arrested"). When the victim itself
/// ends at `end` (the object of "killed a judge"), the victims listed after it count too:
/// "killed a judge, a colonel and a journalist". Their number and span.
fn companions(
    clause: &str,
    tokens: &[crate::text::Word],
    lower: &[String],
    end: usize,
    victim_ends_there: bool,
) -> Option<(u32, Span)> {
    let word = |at: usize| lower.get(at).map_or("", String::as_str);
    if matches!(word(end), "himself" | "herself")
        && word(end + 1) == "and"
        && let Some((n, item_end)) = victims_item(lower, end + 2)
        && matches!(word(end + 3), "other" | "others")
    {
        return Some((n, (tokens[end + 2].span.0, tokens[item_end].span.1)));
    }
    let joined = |k: usize| match (word(k), word(k + 1), word(k + 2)) {
        ("along" | "together", "with", _) => Some(k + 2),
        ("as", "well", "as") => Some(k + 3),
        _ => None,
    };
    if let Some(from) = (end + 1..lower.len().min(end + 1 + COMPANIONS_REACH)).find_map(joined) {
        let (n, item_end) = victims_item(lower, from)?;
        return Some((n, (tokens[from].span.0, tokens[item_end].span.1)));
    }
    if !victim_ends_there {
        return None;
    }
    // A list: ", a colonel and a journalist", each item one person or a figure of persons,
    // its last item after "and". After a name, the first item set off by commas says who
    // that is ("killed Luis Vega, a judge, and a guard").
    let mut k = end + 1;
    let mut count = 0u32;
    let mut last = end;
    let mut apposition = !lexicon::ONE_PERSON_NOUNS.contains(word(end));
    let mut closed_by_and = false;
    loop {
        let gap = match (tokens.get(k.wrapping_sub(1)), tokens.get(k)) {
            (Some(a), Some(b)) => clause.get(a.span.1..b.span.0).unwrap_or(""),
            _ => "",
        };
        let from = if word(k) == "and" {
            k + 1
        } else if gap.contains(',') {
            k
        } else {
            break;
        };
        let Some((n, item_end)) = victims_item(lower, from) else {
            break;
        };
        closed_by_and = from > k;
        if !apposition || closed_by_and {
            count = count.saturating_add(n);
        }
        apposition = false;
        last = item_end;
        k = item_end + 1;
    }
    // The list must end its phrase, after "and": "killed a judge, a colonel was wounded"
    // lists nothing. ("The bodies of a man and a boy were found": the dead found are
    // listed before their verb.)
    let next = word(last + 1);
    let dead_found = (end.saturating_sub(4)..end)
        .any(|j| j > 0 && word(j) == "of" && matches!(word(j - 1), "bodies" | "corpses"));
    let ends_there = (dead_found && matches!(next, "was" | "were"))
        || !matches!(
            next,
            "was" | "were" | "is" | "are" | "has" | "have" | "had" | "wounded" | "injured" | "hurt"
        );
    (count > 0 && ends_there && closed_by_and)
        .then(|| (count, (tokens[end + 1].span.0, tokens[last].span.1)))
}

/// The single persons coordinated with a counted figure ("five policemen and a civilian",
/// "a driver and two guards"): one each. Figures beside it are counted as figures.
fn single_persons_beside(
    clause: &str,
    tokens: &[crate::text::Word],
    lower: &[String],
    first: usize,
    last: usize,
) -> u32 {
    let word = |at: usize| lower.get(at).map_or("", String::as_str);
    // ("one civilian" is a figure, counted as one.)
    // ("their commander": one too.)
    let one = |from: usize| {
        (matches!(word(from), "a" | "an")
            || (POSSESSIVES.contains(word(from))
                && lexicon::ONE_PERSON_NOUNS.contains(word(from + 1))))
        .then(|| victims_item(lower, from))
        .flatten()
    };
    let mut count = 0;
    // After: "... and a civilian", ", a driver and a guard".
    let mut k = victim_phrase_end(lower, last) + 1;
    loop {
        let comma = k > 0
            && k < tokens.len()
            && clause
                .get(tokens[k - 1].span.1..tokens[k].span.0)
                .is_some_and(|g| g.contains(','));
        let from = if word(k) == "and" {
            k + 1
        } else if comma {
            k
        } else {
            break;
        };
        let Some((_, end)) = one(from) else { break };
        count += 1;
        k = end + 1;
    }
    // "killed nine civilians, a local official and a health worker said": the persons
    // after the figure are who told it.
    if count > 0 && matches!(word(k), "said" | "says" | "told" | "reported") {
        count = 0;
    }
    // Before: "a civilian and five policemen".
    if first >= 3 && word(first - 1) == "and" {
        let start = (first.saturating_sub(5)..first - 1)
            .find(|&j| one(j).is_some_and(|(_, end)| end == first - 2));
        if start.is_some() {
            count += 1;
        }
    }
    count
}

/// One item of a list of victims starting at word `from`: "a bodyguard", "a police colonel"
/// (one person), "two farmers", "3 of his guards", "two others" (the figure). Its number and
/// last word.
fn victims_item(lower: &[String], from: usize) -> Option<(u32, usize)> {
    let word = |at: usize| lower.get(at).map_or("", String::as_str);
    let first = word(from);
    // ("a 29-year-old woman", "his 70-year-old mother": the age's words read past.)
    // ("killing a commander and another member": one more person.)
    if matches!(first, "a" | "an" | "one" | "another") {
        // The person's noun within three words: "a local police colonel".
        let start = past_an_age(lower, from + 1);
        let noun = (start..lower.len().min(start + 3))
            .find(|&j| lexicon::ONE_PERSON_NOUNS.contains(word(j)))?;
        return Some((1, noun));
    }
    // "his wife", "her two children", "their 3 sons": a victim's kin, one or the figure
    // ("her teenage son": a word may stand before the one person).
    if POSSESSIVES.contains(first) {
        let start = past_an_age(lower, from + 1);
        if let Some(noun) = (start..lower.len().min(start + 2))
            .find(|&j| lexicon::ONE_PERSON_NOUNS.contains(word(j)))
        {
            return Some((1, noun));
        }
        return victims_item(lower, from + 1).filter(|&(_, end)| end > from + 1);
    }
    let value = figure_of(first)?;
    if matches!(word(from + 1), "other" | "others") {
        let end = if word(from + 1) == "others" {
            from + 1
        } else {
            from + 2
        };
        return Some((value, end.min(lower.len() - 1)));
    }
    if word(from + 1) == "of" && matches!(word(from + 2), "his" | "her" | "their" | "its") {
        return (!word(from + 3).is_empty()).then_some((value, from + 3));
    }
    // "two farmers", "three police officers": persons, not "two hours" or "two goats".
    (from + 1..lower.len().min(from + 4))
        .find(|&j| {
            let w = word(j);
            lexicon::PLURAL_PERSON_WORDS.contains(w)
                || (w.len() > 3
                    && w.ends_with('s')
                    && !TIME_UNITS.contains(w)
                    && !ANIMALS.contains(w)
                    && !matches!(w, "was" | "has" | "is" | "his" | "this"))
        })
        .map(|j| (value, j))
}

/// The word after an age that starts at word `j` ("29 year old", as "29-year-old" is read),
/// or `j` when none starts there.
fn past_an_age(lower: &[String], j: usize) -> usize {
    let word = |at: usize| lower.get(at).map_or("", String::as_str);
    let unit = matches!(
        word(j + 1),
        "year" | "years" | "month" | "months" | "week" | "weeks"
    );
    if figure_of(word(j)).is_some() && unit && word(j + 2) == "old" {
        j + 3
    } else {
        j
    }
}

/// Nouns of killing that take their victims after "of" ("the murder of five teachers").
static KILLING_NOUNS: WordSet = WordSet::new(&[
    "murder",
    "murders",
    "killing",
    "killings",
    "death",
    "deaths",
    "assassination",
    "assassinations",
    "massacre",
    "execution",
    "executions",
    "slaying",
    "slayings",
    "lynching",
    "lynchings",
    // The dead found: "the bodies of three fishermen".
    "bodies",
    "corpses",
]);

/// "including six children": a part of a figure already counted.
fn is_subset(lower: &[String], first: usize) -> bool {
    (1..=2).any(|back| {
        first >= back
            && matches!(
                lower[first - back].as_str(),
                "including" | "among" | "includes"
            )
    })
}

/// True when the figure of words `first..=last` counts deaths: a death word before it
/// ("killed three soldiers", "the murder of five teachers") or after it in its phrase ("13
/// insurgents were killed"), and no animals ("slaughtered 2 goats"). `vague` for a vague
/// figure ("dozens").
fn is_death_count(
    clause: &str,
    tokens: &[crate::text::Word],
    lower: &[String],
    (first, last): (usize, usize),
    vague: bool,
) -> bool {
    // ("attacked by three unknown men ... succumbed": a figure after "by" counts who or
    // what did it, or by how much a figure grew; "wounding seven people before he was
    // shot dead": a figure after a verb of wounding counts the wounded.)
    let after = |words: &[&str]| {
        first > 0
            && words.contains(&lower[first - 1].as_str())
            && !clause[tokens[first - 1].span.1..tokens[first].span.0].contains([',', ';', '.'])
    };
    if counts_animals(lower, last)
        || after(&["by"])
        || after(&["wounding", "injuring", "wounded", "injured", "hurting"])
    {
        return false;
    }
    if a_death_word_before(clause, tokens, lower, first, vague) {
        return true;
    }
    PhraseAfter::new(clause, tokens, lower, last).reports_deaths()
}

/// True when the figure ending at word `last` counts animals ("2 goats"), not people ("2
/// cattle traders").
fn counts_animals(lower: &[String], last: usize) -> bool {
    // "slaughtered 2 goats": animals are no toll; "2 cattle traders" are people.
    let of_people = |w: &str| w.ends_with("ers") || w.ends_with("men");
    lower.get(last + 1).is_some_and(|w| ANIMALS.contains(w))
        && !lower.get(last + 2).is_some_and(|w| of_people(w))
}

/// True when a word of death just before the figure starting at word `first` ties it to
/// deaths: a killing verb ("killed three soldiers"), a killing noun and "of" ("the murder of
/// five teachers"; not of a `vague` figure), "shot dead", "gunned down", "rose to".
fn a_death_word_before(
    clause: &str,
    tokens: &[crate::text::Word],
    lower: &[String],
    first: usize,
    vague: bool,
) -> bool {
    // "killed three Afghan security forces", "killing at least 20 personnel", "killed a
    // total of 5" (but not "8 were killed, 4 were injured": a comma ends the verb's reach)
    let total_of = first >= 3 && lower[first - 3..first].join(" ") == "a total of";
    // "killed between five and eight people": the range's first figure.
    let between = first >= 1 && lower[first - 1] == "between";
    // "killed his two daughters", "the murder of their three sons": the killer's kin.
    let kin = first >= 1 && POSSESSIVES.contains(&lower[first - 1]);
    let verb = if total_of {
        first - 3
    } else if between || kin {
        first - 1
    } else {
        first
    };
    // ("threatened to kill 10 judges", "would kill 5": a killing intended, not done;
    // "managed to kill 1 person" is done.)
    let done_after = |at: usize| {
        at.checked_sub(1)
            .is_some_and(|j| matches!(lower[j].as_str(), "managed" | "succeeded" | "able"))
    };
    let intended = verb > 1
        && lower[verb - 1] == "kill"
        && matches!(
            lower[verb - 2].as_str(),
            "to" | "would" | "will" | "could" | "might" | "can" | "not"
        )
        && !(lower[verb - 2] == "to" && done_after(verb - 2));
    if verb > 0
        && !intended
        && (matches!(
            lower[verb - 1].as_str(),
            "killed" | "killing" | "kill" | "kills"
        ) || KILLING_VERBS.contains(&lower[verb - 1]))
        && !clause[tokens[verb - 1].span.1..tokens[verb].span.0].contains([',', ';', '.'])
    {
        return true;
    }
    // "the murder of five teachers", "resulted in the deaths of 10 workers", "the murder of
    // the two nurses" (not "the deaths of dozens": a vague figure after a noun is no
    // count)
    let of_at = if verb > 2 && matches!(lower[verb - 1].as_str(), "the" | "these" | "those") {
        verb - 1
    } else {
        verb
    };
    if of_at > 1
        && !vague
        && lower[of_at - 1] == "of"
        && KILLING_NOUNS.contains(&lower[of_at - 2])
        && !clause[tokens[of_at - 2].span.0..tokens[verb].span.0].contains([',', ';', '.'])
    {
        return true;
    }
    // "shot dead 3 guards", "gunned down 2 officers", "fatally shot two men"
    if verb > 1
        && matches!(
            (lower[verb - 2].as_str(), lower[verb - 1].as_str()),
            ("shot", "dead")
                | ("gunned", "down")
                | ("to", "death")
                | (
                    "fatally",
                    "shot" | "stabbed" | "wounded" | "injured" | "struck"
                )
        )
        && !clause[tokens[verb - 2].span.0..tokens[verb].span.0].contains([',', ';', '.'])
    {
        return true;
    }
    first > 1
        && lower[first - 1] == "to"
        && matches!(
            lower[first - 2].as_str(),
            "rose" | "risen" | "climbed" | "toll"
        )
}

/// True when the word at `k` opens a subset of the figure before it: "including three
/// officers", "among them two children".
fn opens_a_subset(lower: &[String], k: usize) -> bool {
    lower[k].starts_with("includ")
        || lower[k].starts_with("exclud")
        || (lower[k] == "among"
            && lower
                .get(k + 1)
                .is_some_and(|w| matches!(w.as_str(), "them" | "whom")))
}

/// True when "between" comes right before the figure at `span` ("between 5 and 8"): the
/// figure opens a range whose other end follows "and".
fn opens_a_range(clause: &str, span: Span) -> bool {
    let before = clause[..span.0].trim_end();
    before.len() >= 7
        && before.is_char_boundary(before.len() - 7)
        && before[before.len() - 7..].eq_ignore_ascii_case("between")
        && !before[..before.len() - 7].ends_with(char::is_alphanumeric)
}

/// The words after a figure as [`PhraseAfter::reports_deaths`] reads them: how far the
/// figure's phrase reaches, and which aside the reading is in.
struct PhraseAfter<'a> {
    /// The clause.
    clause: &'a str,
    /// Its words.
    tokens: &'a [crate::text::Word],
    /// Its words, lower-cased.
    lower: &'a [String],
    /// The figure's last word.
    last: usize,
    /// The word the reading stops before; asides and lists push it further.
    limit: usize,
    /// In parentheses: "14 guards (and gendarmes) died".
    in_parentheses: bool,
    /// In ages set off by commas: ", aged 19 and 21,".
    in_ages: bool,
    /// In a subset set off by commas: ", including a boy,".
    in_subset: bool,
}

/// The verbs a figure's phrase goes on with after a subset ("Two people, including a boy,
/// were killed").
static SUBSET_CLOSING_VERBS: WordSet = WordSet::new(&[
    "were", "was", "are", "is", "have", "has", "had", "died", "killed", "dead", "lost", "perished",
]);

/// Where a word stands towards the asides of a figure's phrase
/// ([`PhraseAfter::step_over_asides`]).
enum Aside {
    /// In no aside; `just_ended` when one ended right before the word.
    Out {
        /// An aside ended right before the word.
        just_ended: bool,
    },
    /// In an aside: the word does not count against the window.
    In,
    /// A subset aside goes on with another's verb: the figure reports no deaths.
    AnotherVerb,
}

impl<'a> PhraseAfter<'a> {
    /// The reading of the words after the figure ending at word `last`, the window not
    /// stretched yet.
    fn new(
        clause: &'a str,
        tokens: &'a [crate::text::Word],
        lower: &'a [String],
        last: usize,
    ) -> Self {
        PhraseAfter {
            clause,
            tokens,
            lower,
            last,
            limit: (last + 1 + WINDOW_AFTER).min(tokens.len()),
            in_parentheses: false,
            in_ages: false,
            in_subset: false,
        }
    }

    /// True when the figure's phrase goes on to a death word within the window: "13
    /// Taliban insurgents were killed", "seven dead"; not an injury word.
    fn reports_deaths(mut self) -> bool {
        // "13 Taliban insurgents were killed", "seven dead", "7 militants and 2 police were
        // killed", "5 rebels and/or bandits died", "14 guards (and gendarmes) died"
        let (clause, tokens, lower) = (self.clause, self.tokens, self.lower);
        let mut k = self.last + 1;
        while k < self.limit {
            let gap = &clause[tokens[k - 1].span.1..tokens[k].span.0];
            let aside_ends_here = match self.step_over_asides(gap, k) {
                Aside::Out { just_ended } => just_ended,
                Aside::In => {
                    k += 1;
                    continue;
                }
                Aside::AnotherVerb => return false,
            };
            if self.ends_before(gap, k, aside_ends_here) {
                return false;
            }
            let w = lower[k].as_str();
            self.stretch_over(w);
            // "two members of a local armed group were killed": who they are part of,
            // right after their noun (not "two groups of fighters", whose words are
            // their own figure's).
            if w == "of" && k == self.last + 2 && !COLLECTIVE_NOUNS.contains(&lower[k - 1]) {
                self.limit = (self.limit + 2).min(tokens.len());
            }
            // "four soldiers from the border guard forces were killed", "three police
            // officers from the rapid response unit": the unit they come from.
            if w == "from"
                && (k == self.last + 2 || k == self.last + 3)
                && !TIME_UNITS.contains(&lower[k - 1])
                && !NOT_PEOPLE_COUNTED.contains(&lower[k - 1])
            {
                self.limit = (self.limit + 3).min(tokens.len());
            }
            if let Some(dead) = self.what_the_word_says(k) {
                return dead;
            }
            if k > self.last + 1 && w == "and" && !self.goes_on_past_and(k) {
                return false;
            }
            k += 1;
        }
        false
    }

    /// Follows the asides (parentheses, ages and subsets set off by commas) the word at `k`
    /// enters or leaves, `gap` being the text before it; a word in one does not count
    /// against the window, which grows by one.
    fn step_over_asides(&mut self, gap: &str, k: usize) -> Aside {
        let lower = self.lower;
        if gap.contains('(') {
            self.in_parentheses = true;
        }
        let mut aside_ends_here = false;
        // ", aged 19 and 21,": the ages set off by commas are an aside too.
        if gap.contains(',') && matches!(lower[k].as_str(), "aged" | "ages") {
            self.in_ages = true;
        } else if self.in_ages && gap.contains(',') {
            self.in_ages = false;
            aside_ends_here = true;
        }
        // "Two people, including a boy, were killed": the subset set off by commas is an
        // aside, and its closing comma does not end the phrase.
        if gap.contains(',') && opens_a_subset(lower, k) {
            self.in_subset = true;
        } else if self.in_subset && gap.contains(',') {
            // The phrase goes on only with its own verb ("..., were killed"), not with
            // another's ("eight men, including a colonel, charged with killing six").
            if !SUBSET_CLOSING_VERBS.contains(&lower[k]) {
                return Aside::AnotherVerb;
            }
            self.in_subset = false;
            aside_ends_here = true;
        }
        // (", including civilians and members of the defence forces,": a subset's words,
        // its "and" among them, neither end the phrase nor count against the window; a verb
        // of the phrase ends it, comma or not: ", including children were killed".)
        if self.in_subset && SUBSET_CLOSING_VERBS.contains(&lower[k]) {
            self.in_subset = false;
        }
        if self.in_ages || self.in_subset {
            self.limit = (self.limit + 1).min(self.tokens.len());
            return Aside::In;
        }
        if self.in_parentheses {
            // An aside does not end the phrase; its words do not count against the window.
            self.in_parentheses = !gap.contains(')');
            if self.in_parentheses {
                self.limit = (self.limit + 1).min(self.tokens.len());
                return Aside::In;
            }
        }
        Aside::Out {
            just_ended: aside_ends_here,
        }
    }

    /// True when the punctuation `gap` before the word at `k` ends the phrase (a
    /// semicolon, a comma); a figure after a comma goes on with a list and a window of its
    /// own.
    fn ends_before(&mut self, gap: &str, k: usize, aside_ends_here: bool) -> bool {
        let lower = self.lower;
        // A comma ends the phrase, unless a list of figures goes on ("4 soldiers, 1
        // policeman were killed") or a subset follows ("6 soldiers, including 3 officers").
        if gap.contains(';')
            || (gap.contains(',')
                && !aside_ends_here
                && k > self.last + 1
                && !opens_a_subset(lower, k)
                && !starts_a_figure(&lower[k]))
        {
            return true;
        }
        if gap.contains(',') && starts_a_figure(&lower[k]) {
            self.limit = (k + 1 + WINDOW_AFTER).min(self.tokens.len());
        }
        false
    }

    /// Stretches the window over words that do not count against it: a relative clause
    /// ("who"), an adverb, a subset ("including").
    fn stretch_over(&mut self, w: &str) {
        let len = self.tokens.len();
        // "two women who worked with them were brutally murdered": a relative clause on
        // the victims and an adverb do not count against the window.
        if w == "who" {
            self.limit = (self.limit + 6).min(len);
        }
        if w.len() > 4 && w.ends_with("ly") {
            self.limit = (self.limit + 1).min(len);
        }
        if w.starts_with("includ") || w == "among" {
            // "8 guards including 5 local recruits died": the subset's words
            // do not count against the window.
            self.limit = (self.limit + 4).min(len);
        }
    }

    /// Whether the word at `k` settles the figure: `Some(true)` for a death ("killed",
    /// "fatally shot", "bodies"), `Some(false)` for an injury or a figure of killers, None
    /// when the reading goes on.
    fn what_the_word_says(&self, k: usize) -> Option<bool> {
        let (clause, tokens, lower) = (self.clause, self.tokens, self.lower);
        let w = lower[k].as_str();
        // "two men were fatally shot", "three fatally wounded": the wound killed them.
        if w == "fatally"
            && lower
                .get(k + 1)
                .is_some_and(|n| FATAL_PARTICIPLES.contains(n))
        {
            return Some(true);
        }
        // ("three of the wounded later died": those the figure is taken from.)
        let of_the = k >= 2 && lower[k - 1] == "the" && lower[k - 2] == "of";
        if lexicon::INJURY_WORDS.contains(w) && !of_the {
            return Some(false);
        }
        // "5 were shot", "4 shot, 1 dead": wounded, unless the wound killed them ("shot
        // dead", "shot to death", "stabbed and killed").
        if matches!(w, "shot" | "stabbed") {
            let next = |n: usize| lower.get(k + n).map_or("", String::as_str);
            // "two gunmen shot dead a trader": the figure is who shot, the victim after.
            let object_at = match (next(1), next(2)) {
                ("dead", _) => Some(k + 2),
                ("to", "death") => Some(k + 3),
                _ => None,
            };
            // ("were found shot dead a day after": found so, a time after)
            let passive = k >= 1
                && (super::cues::PASSIVE_AUXILIARIES.contains(&lower[k - 1])
                    || lower[k - 1] == "found");
            if object_at
                .is_some_and(|o| !passive && opens_a_victims_phrase(clause, tokens, lower, o))
            {
                return Some(false);
            }
            return Some(
                next(1) == "dead"
                    || (next(1) == "to" && next(2) == "death")
                    || (next(1) == "and"
                        && matches!(next(2), "killed" | "died")
                        // (not who shot: "two men who shot and killed a clerk")
                        && !is_active_killing(clause, tokens, lower, k + 2)),
            );
        }
        // "about 400 people marched against the death of ...", "300 protested after the
        // killing of ...": a crowd, whose verb comes before the death it is about.
        // ("three men who took part in the raid were killed": the verb of a relative clause
        // on them.)
        if CROWD_VERBS.contains(w) && !lower[self.last + 1..k].iter().any(|x| x == "who") {
            return Some(false);
        }
        // "several residents fled for their lives", "feared for their lives": lives saved.
        if w == "lives" && k >= 2 && lower[k - 2] == "for" {
            return Some(false);
        }
        // "arrested two men in the killing of a student", "held 3 over the death of": the
        // death is a crime the figure is tied to, named as a noun after a preposition.
        if matches!(w, "killing" | "death" | "deaths")
            && k >= 2
            && matches!(lower[k - 1].as_str(), "the" | "a" | "his" | "her" | "their")
            && matches!(
                lower[k - 2].as_str(),
                "in" | "over" | "for" | "with" | "after"
            )
        {
            return Some(false);
        }
        // "two traders were gunned down", "two gunned down in Buea": the dead; "two gunmen
        // gunned down a trader": who killed.
        if w == "gunned" && lower.get(k + 1).is_some_and(|n| n == "down") {
            let object_after = lower.get(k + 2).is_some_and(|o| {
                matches!(o.as_str(), "a" | "an" | "the" | "his" | "her" | "their")
                    || starts_a_figure(o)
                    || tokens
                        .get(k + 2)
                        .is_some_and(|t| t.text(clause).starts_with(char::is_uppercase))
            });
            return Some(!object_after);
        }
        if lexicon::DEATH_WORDS.contains(w) {
            // "six gunmen killed the leader", "8 men murdered 2 farmers": the figure is who
            // killed, not who died.
            if is_active_killing(clause, tokens, lower, k) {
                return Some(false);
            }
            // "lost their lives", "one guard lost his life" (not "lost his job").
            let next = |n: usize| lower.get(k + n).map_or("", String::as_str);
            return Some(
                w != "lost"
                    || next(1) == "their"
                    || matches!(next(1), "his" | "her") && next(2) == "life",
            );
        }
        // "two bodies were found", "three Fulani bodies": the dead.
        if matches!(w, "bodies" | "corpses") && k <= self.last + 2 {
            return Some(true);
        }
        None
    }

    /// After "and" at `k`: true when the phrase goes on, with a second verb ("shot and
    /// killed") or a coordinated figure ("five policemen and a civilian"), whose window
    /// then starts after the "and".
    fn goes_on_past_and(&mut self, k: usize) -> bool {
        let lower = self.lower;
        let and_or = self.clause[self.tokens[k].span.1..].starts_with('/');
        // "five policemen and a civilian were killed": one person is a figure too.
        // (Not the victim's kin: "one of the victims and her son died" counts no figure.)
        // ("5 soldiers and around 10 rebels were killed": a hedged figure of persons too.)
        let hedge = hedge_words(lower, k + 1);
        // (Only after a short phrase of persons: not "two boats carrying rangers and more
        // than 30 ...".)
        let first_phrase = &lower[(self.last + 1).min(k)..k];
        let hedged_persons = hedge > 0
            && victims_item(lower, k + 1 + hedge).is_some()
            && (1..=3).contains(&first_phrase.len())
            && first_phrase.iter().all(|w| !w.ends_with("ing"))
            && first_phrase.last().is_some_and(|w| {
                w.ends_with('s') && !ANIMALS.contains(w) && !TIME_UNITS.contains(w)
            });
        // ("9 soldiers and several militants", "and an unknown number of militants": a
        // vague or unknown number of persons too, after persons: not "two vehicles were
        // destroyed and several personnel killed".)
        let word = |n: usize| lower.get(k + n).map_or("", String::as_str);
        let after_persons = k > 0 && lexicon::PLURAL_PERSON_WORDS.contains(lower[k - 1].as_str());
        let vague_persons = after_persons
            && (matches!(word(1), "several" | "many" | "numerous")
                || (matches!(word(1), "an" | "a") && word(2) == "unknown" && word(3) == "number"));
        let next_is_figure = lower.get(k + 1).is_some_and(|n| starts_a_figure(n))
            || vague_persons
            || hedged_persons
            || (victims_item(lower, k + 1).is_some()
                && !lower.get(k + 1).is_some_and(|n| POSSESSIVES.contains(n)));
        // "two men were shot and killed": the second verb reports the deaths.
        let next_is_death = lower
            .get(k + 1)
            .is_some_and(|n| lexicon::DEATH_WORDS.contains(n) && n != "lost");
        if next_is_death {
            return true;
        }
        if !(and_or || next_is_figure) {
            return false;
        }
        // The coordinated figure shares the verb: look further for it.
        self.limit = (k + 1 + WINDOW_AFTER).min(self.tokens.len());
        true
    }
}

/// How many words from `at` hedge the figure after them: "around", "about", "nearly",
/// "at least", "more than", "up to".
fn hedge_words(lower: &[String], at: usize) -> usize {
    let word = |i: usize| lower.get(i).map_or("", String::as_str);
    match (word(at), word(at + 1)) {
        ("at", "least") | ("more" | "less" | "fewer", "than") | ("up", "to") => 2,
        ("around" | "about" | "nearly" | "almost" | "some" | "approximately" | "roughly", _) => 1,
        _ => 0,
    }
}

/// True for a word that says what happened to the persons of a figure ("deaths",
/// "injured"), not who they are.
fn is_casualty_noun(word: &str) -> bool {
    lexicon::DEATH_WORDS.contains(word)
        || lexicon::INJURY_WORDS.contains(word)
        || matches!(word, "fatalities" | "casualties" | "bodies")
}

/// The index of the last word inside a byte span.
fn last_index(tokens: &[crate::text::Word], span: Span) -> usize {
    tokens.iter().rposition(|w| w.span.1 <= span.1).unwrap_or(0)
}

/// True when the word at `k` is a verb of killing not in the passive ("was killed").
fn is_killing_verb_not_passive(lower: &[String], k: usize) -> bool {
    let verb = lower[k].as_str();
    let before = k.checked_sub(1).map_or("", |b| lower[b].as_str());
    (matches!(verb, "killed" | "kill" | "kills") || KILLING_VERBS.contains(verb))
        && !matches!(
            before,
            "were" | "was" | "been" | "being" | "be" | "are" | "is"
        )
}

/// Nouns of groups of people, whose "of" names their members ("two groups of fighters"),
/// not what the people counted are part of.
static COLLECTIVE_NOUNS: WordSet = WordSet::new(&[
    "groups",
    "sides",
    "factions",
    "clans",
    "communities",
    "families",
    "villages",
    "units",
    "teams",
    "gangs",
    "bands",
]);

/// Nouns of a span of time, after "a" ("a day after", "a week ago").
static TIME_NOUNS: WordSet = WordSet::new(&[
    "day",
    "week",
    "month",
    "year",
    "night",
    "few",
    "while",
    "fortnight",
]);

/// True when the word at `k` opens a noun phrase of victims right after a verb, no
/// punctuation between: an article, a possessive or a figure ("shot dead a trader", "shot
/// dead his two brothers"), not a time or a place ("shot dead on Monday", "in the city", "a
/// day after").
fn opens_a_victims_phrase(
    clause: &str,
    tokens: &[crate::text::Word],
    lower: &[String],
    k: usize,
) -> bool {
    let Some(word) = lower.get(k) else {
        return false;
    };
    let a_time = matches!(word.as_str(), "a" | "an")
        && lower
            .get(k + 1)
            .is_some_and(|next| TIME_NOUNS.contains(next));
    !clause[tokens[k - 1].span.1..tokens[k].span.0].contains([',', ';', '.', '('])
        && !a_time
        && (matches!(
            word.as_str(),
            "a" | "an" | "the" | "his" | "her" | "their" | "its" | "him" | "them"
        ) || word.bytes().all(|b| b.is_ascii_digit())
            || crate::text::parse_number_word(word).is_some())
}

/// True when the killing verb at `k` is active, with its victims after it: "gunmen killed
/// the leader", "murdered 2 men", "executed a trader" (not "were killed", "killed in the
/// blast", "killed on Monday").
fn is_active_killing(
    clause: &str,
    tokens: &[crate::text::Word],
    lower: &[String],
    k: usize,
) -> bool {
    let before = k.checked_sub(1).map_or("", |b| lower[b].as_str());
    let Some(next) = lower.get(k + 1) else {
        return false;
    };
    // "two men who shot and killed a clerk", "police shot and killed Ana Ruiz": the second of
    // two active verbs, with its object (not "two men were shot and killed", whose first
    // verb is passive).
    let second_of_two_active_verbs = before == "and"
        && k >= 2
        && !k.checked_sub(3).is_some_and(|j| {
            matches!(
                lower[j].as_str(),
                "was" | "were" | "is" | "are" | "been" | "be"
            )
        })
        && (matches!(next.as_str(), "a" | "an" | "the" | "his" | "her" | "their")
            || starts_a_figure(next)
            || tokens[k + 1].text(clause).starts_with(char::is_uppercase));
    // ("fighters loyal to recently killed leader Ana Ruiz": a participle said of the
    // leader, whose death is told elsewhere.)
    if !is_killing_verb_not_passive(lower, k)
        || (matches!(before, "and" | "or" | "also") && !second_of_two_active_verbs)
        || matches!(before, "recently" | "previously" | "newly")
    {
        return false;
    }
    if clause[tokens[k].span.1..tokens[k + 1].span.0].contains([',', ';', '.', '(']) {
        return false;
    }
    matches!(
        next.as_str(),
        "the" | "a" | "an" | "his" | "her" | "their" | "its" | "him" | "them" | "two" | "three"
    ) || next.bytes().all(|b| b.is_ascii_digit())
        || crate::text::parse_number_word(next).is_some()
        || tokens[k + 1].text(clause).starts_with(char::is_uppercase)
        // "killed former mayor Ana Ruiz", "killed finance minister Luis Vega".
        || (k + 1..lower.len().min(k + 4)).any(|j| ONE_PERSONS_TITLES.contains(&lower[j]))
}

/// Words for a parent, before "of" and the number of their children ("a mother of two").
static PARENTS: WordSet = WordSet::new(&[
    "father",
    "mother",
    "parent",
    "dad",
    "mom",
    "mum",
    "grandfather",
    "grandmother",
]);

/// Titles of one person, written before a name ("Judge Ana Ruiz", "Mayor Luis Vega").
static ONE_PERSONS_TITLES: WordSet = WordSet::new(&[
    "mayor",
    "judge",
    "governor",
    "senator",
    "attorney",
    "general",
    "colonel",
    "captain",
    "lieutenant",
    "sergeant",
    "inspector",
    "officer",
    "priest",
    "father",
    "bishop",
    "pastor",
    "imam",
    "journalist",
    "reporter",
    "councilman",
    "councilwoman",
    "councillor",
    "commander",
    "chief",
    "president",
    "minister",
    "professor",
    "leader",
    "activist",
    "chairman",
    "chairwoman",
    "director",
    "secretary",
    "deputy",
    "congressman",
    "congresswoman",
    "lawyer",
    "prosecutor",
    "magistrate",
    "councilor",
    "dr",
    "mr",
    "mrs",
    "ms",
]);

/// Words after a person's name that end the phrase the name stands in.
static AFTER_A_NAME: WordSet = WordSet::new(&[
    "in",
    "on",
    "at",
    "near",
    "outside",
    "inside",
    "during",
    "while",
    "when",
    "as",
    "after",
    "before",
    "and",
    "late",
    "early",
    "last",
    "yesterday",
    "today",
]);

/// The people of one's home and heart, one of whose death a clause may tell ("the stabbing
/// death of his roommate").
static HOUSEHOLD: WordSet = WordSet::new(&[
    "roommate",
    "boyfriend",
    "girlfriend",
    "fiance",
    "fiancee",
    "partner",
    "friend",
    "neighbor",
    "neighbour",
    "stepfather",
    "stepmother",
    "stepson",
    "stepdaughter",
    "grandson",
    "granddaughter",
    "grandmother",
    "grandfather",
]);

/// Kin and role words that may stand before a victim's name in a list ("brothers Ana and
/// Luis Vega", "their mother Rosa").
static KIN_AND_ROLES: WordSet = WordSet::new(&[
    "brother",
    "brothers",
    "sister",
    "sisters",
    "son",
    "sons",
    "daughter",
    "daughters",
    "mother",
    "father",
    "wife",
    "husband",
    "cousin",
    "cousins",
    "nephew",
    "uncle",
    "aunt",
    "police",
    "army",
    "party",
    "union",
    "leader",
    "leaders",
    "former",
    "local",
    "presidential",
]);

/// Two or more persons listed by name as the object of the killing verb at `k`: "murdered
/// magistrate Ana Ruiz, police commander Luis Vega, and Senator Rosa Paz", "killed brothers
/// Juan and Pedro Diaz and their mother Rosa". Each item is a name, after titles, kin or
/// role words if any; a bare "his driver" counts one; "a judge" set off by commas after a
/// name says who that is. The count and the last word, when there are two or more.
fn persons_listed_after(
    clause: &str,
    tokens: &[crate::text::Word],
    lower: &[String],
    k: usize,
) -> Option<(u32, usize)> {
    if !is_killing_verb_not_passive(lower, k) {
        return None;
    }
    let capitalised = |j: usize| {
        tokens
            .get(j)
            .is_some_and(|t| t.text(clause).starts_with(char::is_uppercase))
    };
    let word = |j: usize| lower.get(j).map_or("", String::as_str);
    let gap = |j: usize| match (j.checked_sub(1).and_then(|i| tokens.get(i)), tokens.get(j)) {
        (Some(a), Some(b)) => clause.get(a.span.1..b.span.0).unwrap_or(""),
        _ => "",
    };
    let mut j = k + 1;
    let mut count = 0u32;
    let mut last = k;
    loop {
        // One item: [his|her|their|the] [titles, kin, roles] [Name Name ...].
        let start = j;
        if matches!(word(j), "his" | "her" | "their" | "the") {
            j += 1;
        }
        let mut roles = 0;
        while j < lower.len()
            && !capitalised(j)
            && (ONE_PERSONS_TITLES.contains(word(j))
                || lexicon::ONE_PERSON_NOUNS.contains(word(j))
                || KIN_AND_ROLES.contains(word(j)))
            && roles < 3
        {
            j += 1;
            roles += 1;
        }
        let name_start = j;
        while j < lower.len()
            && capitalised(j)
            && j - name_start < 4
            && (j == name_start || !gap(j).contains(','))
        {
            j += 1;
        }
        let named = j > name_start;
        // ("his driver" is one; "Ana Ruiz, director of the bank": a role said of her.)
        let owned = start < name_start && POSSESSIVES.contains(word(start)) && roles > 0;
        if !(named || owned) {
            break;
        }
        count += 1;
        last = j - 1;
        // The separator: a comma, "and", or both; a comma before "a"/"an" opens an
        // apposition, skipped.
        let sep = gap(j);
        if word(j) == "and" {
            j += 1;
        } else if sep.contains(',') {
            if word(j) == "and" {
                j += 1;
            } else if matches!(word(j), "a" | "an") {
                // ", a judge," after a name: who that is.
                let end = (j + 1..lower.len().min(j + 5)).find(|&e| {
                    lexicon::ONE_PERSON_NOUNS.contains(word(e))
                        || ONE_PERSONS_TITLES.contains(word(e))
                });
                let Some(end) = end else { break };
                j = end + 1;
                if j < lower.len() && gap(j).contains(',') && word(j) == "and" {
                    j += 1;
                } else {
                    break;
                }
            }
        } else {
            break;
        }
        if j >= lower.len() || j == start {
            break;
        }
    }
    (count >= 2).then_some((count, last))
}

/// True when the words after the killing verb at `k` name one person: a title of one
/// person before a capitalised word ("killed Judge Ana Ruiz", "KILLED ATTORNEY GENERAL
/// LUIS VEGA"), or, in text that is not all capitals, two or three capitalised words that
/// end the phrase ("murdered Ana Ruiz in her home", "killed Luis Vega, a judge").
fn names_one_person_after(
    clause: &str,
    tokens: &[crate::text::Word],
    lower: &[String],
    ages: &[bool],
    k: usize,
) -> bool {
    // "killed 34-year-old Dale Webb": the age before the name is read past.
    let mut k = k;
    while ages.get(k + 1).copied().unwrap_or(false) {
        k += 1;
    }
    let capitalised = |j: usize| tokens_capitalised(clause, tokens, j);
    if lower.get(k + 1).is_none() {
        return false;
    }
    // "killed Judge Ana Ruiz", "killed the mayor", "killed Salvadoran Attorney General
    // Luis Vega", "killed former mayor Ana Ruiz": a title within three words, after no
    // figure, before a capitalised word.
    let title = (k + 1..lower.len().min(k + 4))
        .take_while(|&j| !starts_a_figure(&lower[j]))
        .find(|&j| ONE_PERSONS_TITLES.contains(&lower[j]));
    if let Some(j) = title
        && capitalised(end_of_title(lower, j) + 1)
    {
        return true;
    }
    // In capitals every word is capitalised: only a title tells a person there.
    let letters = clause.chars().filter(|c| c.is_alphabetic()).count();
    let lower_case = clause.chars().filter(|c| c.is_lowercase()).count();
    if lower_case * 10 < letters {
        return false;
    }
    let run = (k + 1..tokens.len().min(k + 5))
        .take_while(|&j| capitalised(j))
        .count();
    if !(2..=3).contains(&run) {
        return false;
    }
    let last = k + run;
    let gap = clause[tokens[last].span.1..]
        .chars()
        .find(|c| !c.is_whitespace());
    match gap {
        None | Some(',' | '.' | ';') => {
            // "killed Luis Vega, 34," or "..., a judge": a person; "killed Red Cross
            // staff" would not end the run at a mark.
            !clause[tokens[k + 1].span.0..tokens[last].span.1].contains([',', '.'])
        }
        _ => lower
            .get(last + 1)
            .is_some_and(|w| AFTER_A_NAME.contains(w)),
    }
}

/// True for a word that begins a figure ("7", "seven", "dozens").
fn starts_a_figure(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_digit())
        || crate::text::parse_number_word(word).is_some()
        || matches!(word, "dozens" | "scores" | "hundreds")
}

/// The end (word index) of the noun phrase after a figure: "Afghan security force personnel".
fn victim_phrase_end(lower: &[String], last: usize) -> usize {
    let mut end = last;
    for (k, w) in lower.iter().enumerate().skip(last + 1).take(5) {
        if matches!(
            w.as_str(),
            "were"
                | "was"
                | "have"
                | "had"
                | "killed"
                | "dead"
                | "died"
                | "in"
                | "on"
                | "and"
                | "including"
                | "of"
                | "more"
        ) {
            break;
        }
        end = k;
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_injury_denied_is_none() {
        assert!(!death_toll("No one on the ground was hurt.", &[]).injuries);
        assert!(!death_toll("nobody in the bus was injured", &[]).injuries);
        assert!(death_toll("two guards were hurt in the blast", &[]).injuries);
    }

    #[test]
    fn tolls_table() {
        let rows: [(&str, u32); 427] = [
            // police ranks are persons
            ("detective shot dead outside his home", 1),
            ("an inspector was killed in the ambush", 1),
            // harmed, and later killed
            (
                "a party supporter was kidnapped and later killed by the gang",
                1,
            ),
            ("a trader was abducted and then murdered near the market", 1),
            // a subset set off by commas, however long, with its own "and"
            (
                "16 people, including civilians and members of the local defence forces, \
                 were killed",
                16,
            ),
            // fighters "eliminated" are dead; jobs and teams are not
            (
                "27 combatants were eliminated by the army near the border",
                27,
            ),
            ("troops eliminated 12 terrorists in the forest", 12),
            ("the reform eliminated 200 jobs at the mill", 0),
            ("two teams were eliminated in the first round", 0),
            // one who shot and killed, with what he killed after the verb
            ("a farmer shot and killed five oxen on his field", 0),
            ("a farmer shot and killed a thief on his field", 1),
            ("a man shot and killed his wife at their home", 1),
            ("a man shot and killed two neighbours on Sunday", 2),
            ("a gunman shot and killed the Dalo ward chairperson", 1),
            ("\"we killed the game early,\" manager Ana Ruiz said", 0),
            ("a man shot and killed outside a bar", 1),
            ("man shot and killed outside a bar", 1),
            ("two men who shot and killed five guards fled", 5),
            // the unit the dead come from, between their figure and the verb
            (
                "four soldiers from the border guard forces were killed at dawn",
                4,
            ),
            (
                "three police officers from the rapid response unit were killed",
                3,
            ),
            ("two days from the border the convoy was ambushed", 0),
            ("five men from the village killed a trader", 1),
            // a vague or unknown number after "and" shares the verb with the figure before
            (
                "nine soldiers and an unknown number of militants were killed",
                9,
            ),
            ("nine soldiers and several militants were killed", 12),
            ("two trucks were burned and several guards killed", 3),
            // "neutralised" fighters are dead; drones are not
            ("about 20 assailants were neutralised near the base", 20),
            ("troops neutralised 12 fighters in the forest", 12),
            ("air defences neutralised 20 drones overnight", 0),
            // "the lives of" after a verb that takes them
            ("a mine claimed the lives of two deminers", 2),
            ("the blast took the lives of 13 passengers", 13),
            ("the lives of 13 passengers were in danger", 0),
            // lists of ages; an age between an article and its noun; who the dead are part of
            ("two members of a local armed group were killed", 2),
            (
                "he stabbed shoppers, wounding seven people before he was shot dead",
                1,
            ),
            (
                "three boys aged 6, 7 and 9 were killed in the fire-bombing",
                3,
            ),
            ("two women and a man aged between 46 and 71 were killed", 3),
            ("gunmen killed a farmer and his 70-year-old mother", 2),
            (
                "a gunman shot dead a 32-year-old man and a 29-year-old woman",
                2,
            ),
            // who shot is no victim; an age in parentheses, no count; martyrs are dead; one
            // harmed by several who died
            ("three masked gunmen shot dead a grocer near the bridge", 1),
            ("two riders shot dead the village chief", 1),
            ("two brothers were shot dead near the bridge", 2),
            ("two farmers found shot dead a day after they vanished", 2),
            ("Arjun Mehta (41) and Vikram Rao (37) were shot dead", 2),
            ("four policemen were martyred in the blast", 4),
            ("two sepoys embraced martyrdom in the gunfight", 2),
            (
                "a farmer who was attacked by three unknown men last week succumbed to his injuries",
                1,
            ),
            ("gunmen stormed a bakery and shot dead the owner", 1),
            // a time with a point and a parent's children count no dead; one harmed who died
            (
                "a man was stabbed shortly after 6.30pm and died at the scene",
                1,
            ),
            ("the clerk, a father of three, died at the scene", 1),
            (
                "a man shot in the market on Saturday evening died Monday in hospital",
                1,
            ),
            (
                "a 17-year-old boy who was shot in the park on Saturday died Monday",
                1,
            ),
            ("robbers stormed a shop, shooting dead a guard", 1),
            ("gunmen shot him dead outside his shelter", 1),
            (
                "Dara Quill, 24, was shot on June 3 outside a shop and died later that night",
                1,
            ),
            ("the stabbing death of his roommate shocked the block", 1),
            (
                "he pleaded not guilty in the stabbing death of his roommate",
                0,
            ),
            (
                "a man enraged by the death of his brother stabbed a guard",
                0,
            ),
            ("two men gunned her down at the gate", 1),
            // the arrested are no victims; a person found shot to death is one
            ("police arrested two men in the killing of a student", 0),
            ("officers found a woman shot to death in her kitchen", 1),
            ("deputies found the man shot dead behind a barn", 1),
            // a name with a number counts no one; who told it is no victim
            ("members of XR-18 shot dead two drivers near the port", 2),
            (
                "the jets killed 9 herders, a local chief and a nurse said",
                9,
            ),
            ("the jets killed 9 herders and a nurse on the road", 10),
            // only people are shot dead, whatever their noun
            ("gunmen shot dead a cocoa farmer and his son on the road", 2),
            ("a sniper shot dead a 16-year-old near the market", 1),
            ("soldiers shot dead a stray dog near the gate", 0),
            ("the strike killed a militia leader and another member", 2),
            // a figure in a gang's name counts no one
            ("members of the 300 Tavo gang shot dead two drivers", 2),
            ("gunmen killed 4 Zalandi villagers near the ford", 4),
            ("a raid killed 3 Tavo gang members", 3),
            (
                "a helicopter was shot down, killing 3 Russian crew members",
                3,
            ),
            ("a union leader was attacked and killed by assailants", 1),
            // losing one's life, and losing anything else
            ("a night watchman lost his life when the depot burned", 1),
            ("one ranger lost her life in the ambush near the dam", 1),
            ("seven herders lost their lives in the raid", 7),
            ("the mayor lost his job after the riot", 0),
            ("the driver lost his leg in the blast", 0),
            (
                "following a crash where a boy lost his life, youths burned a bus",
                0,
            ),
            ("one fatality was reported after the clash", 1),
            ("youths rioted over the killing of a trader", 0),
            // the death a protest or a riot is about is an earlier one; a charge's death
            // is the clause's own
            (
                "villagers protested the death of a man in police custody",
                0,
            ),
            (
                "rioters stoned the police post following the death of a boy in a crash",
                0,
            ),
            (
                "deputies are investigating the death of a man found in a car",
                1,
            ),
            // one person killed, in more ways of saying so
            ("separatists abduct and kill a gendarme in the town", 1),
            ("gunmen tried to kill a judge in the town", 0),
            ("villagers killed another villager over a field", 1),
            // one person by a pronoun after a past killing verb, or done to death and
            // named after
            ("raiders seized a herder and killed him at dawn", 1),
            // a crowd's figure, its verb before the death it is about, counts no dead;
            // a relative clause's verb on the dead leaves them counted
            (
                "about 250 people marched against the killing of a teacher",
                0,
            ),
            ("four men who took part in the raid were killed", 4),
            // a number in a unit's name is no count
            ("Battalion 77 soldiers shot dead two smugglers", 2),
            ("a KRF 204 soldier was killed by a mine", 1),
            ("TOWNVILLE 3 dead after a shooting at a bar", 3),
            // a figure joined to the victims counted before shares their death
            ("raiders killed 5 herders as well as 3 guards", 8),
            ("the blast killed 2 pupils together with 1 teacher", 3),
            ("6 rangers and 2 civilian porters were killed", 8),
            ("the gang threatened to kill her", 0),
            ("the stray bullet could easily have killed her", 0),
            ("youths clubbed to death a man they accused of theft", 1),
            ("residents caught a thief and burnt him to death", 1),
            ("a mob tortured a suspect before burning him to death", 1),
            ("militants assassinated a court interpreter", 1),
            ("they were accused of killing another woman with sorcery", 0),
            ("the police shot the victim dead in the village", 1),
            // the others a killer took with him, and himself; a family of a number
            (
                "the bomber blew himself up, killing himself and 3 others",
                4,
            ),
            ("gunmen killed a family of five in their home", 5),
            // a subset set off by commas is an aside of the figure's phrase
            ("two people, including a boy, were killed in the blast", 2),
            ("six soldiers, including three officers, were killed", 6),
            (
                "eight soldiers, including a colonel, charged with killing six farmers",
                6,
            ),
            // the deaths a protest is about are not deaths at it; a death at it is
            (
                "villagers marched protesting the killing of 4 farmers last week",
                0,
            ),
            (
                "a strike was held in protest against the deaths of 3 miners",
                0,
            ),
            ("mourners held a vigil for 2 boys", 0),
            ("police fired on protesting traders, killing 2", 2),
            ("marchers demanded justice but troops killed 3 of them", 3),
            ("two missionaries, aged 19 and 21, were shot to death", 2),
            ("the bombs killed six soldiers and one civilian", 7),
            (
                "six priests and two women who worked with them were brutally murdered",
                8,
            ),
            ("gunmen killed the mayor of the town", 1),
            (
                "eight bombs that exploded in the city killed six soldiers",
                6,
            ),
            (
                "gunmen murdered magistrate Ana Ruiz, police commander Luis Vega, and Senator Rosa Paz",
                3,
            ),
            (
                "terrorists murdered brothers Juan and Pedro Diaz and their mother Rosa",
                3,
            ),
            (
                "gunmen killed Luis Vega, a judge, and his driver near the court",
                2,
            ),
            ("gunmen killed Luis Vega and his driver", 2),
            ("the army killed Ana Ruiz in her home", 1),
            // A title before a name is no second person.
            (
                "Former minister Luis Vega died on Saturday near the town",
                1,
            ),
            ("Mayor Ana Ruiz and her driver were killed", 2),
            // The others killed with a victim, and the victims listed after one.
            (
                "the minister was killed near his home, along with two of his bodyguards",
                3,
            ),
            ("a farmer was shot dead together with a herder", 2),
            (
                "gunmen murdered a judge, a police colonel and a journalist",
                3,
            ),
            ("rebels killed a guard as well as two drivers", 3),
            ("gunmen killed a guard, a driver was wounded", 1),
            ("a sniper killed a soldier along with two hours of fire", 1),
            ("five policemen and a civilian were killed in an ambush", 6),
            ("a civilian and five policemen were killed in an ambush", 6),
            ("five policemen and a civilian were wounded in an ambush", 0),
            // One person after another verb of killing.
            ("gunmen assassinated a regime intelligence officer", 1),
            ("gunmen shot dead a teacher near the market", 1),
            ("militants gunned down a local leader", 1),
            ("the army executed a raid on the camp", 0),
            // Headlines: one person, the subject without an article.
            ("Man shot dead outside a bar in Dayton", 1),
            ("Elmwood area boy, 8, dies after a fall", 1),
            ("Teen fatally shot near the school", 1),
            ("Woman killed in a crash on the highway", 1),
            ("Man shot, wounded near the park", 0),
            ("Man charged with the shooting", 0),
            // One person named after the verb of killing.
            ("a bomb killed Attorney General Ramon Ortiz today", 1),
            ("A BOMB KILLED JUDGE RAMON ORTIZ TODAY", 1),
            ("A BOMB KILLED PERUVIAN JUDGE RAMON ORTIZ TODAY", 1),
            ("gunmen killed the mayor, Ana Ruiz, at home", 1),
            ("gunmen killed two police officers", 2),
            (
                "police said Friday's shooting death of 17-year-old Ana Ruiz was an accident",
                1,
            ),
            ("deputies found the body of Luis Vega near the river", 1),
            ("marchers demanded justice over the killing of Ana Ruiz", 0),
            ("a Dorton man accidentally shot himself to death", 1),
            ("a hunter accidentally shot himself in the leg", 0),
            ("a bomber killed himself and two others at a market", 3),
            (
                "a rally in the wake of the death of Ana Ruiz at the hands of police",
                0,
            ),
            (
                "a migrant was killed and six others arrested at the border",
                1,
            ),
            ("a bomb killed the attorney general Luis Vega", 1),
            (
                "Lena Marr and her son, 17-year-old Tom Marr, were found dead",
                2,
            ),
            (
                "A woman and her two children were found dead inside the home",
                3,
            ),
            ("police said Ana Ruiz and Luis Vega died at the scene", 2),
            ("The boy succumbed to his injuries on Sunday", 1),
            ("Ana Ruiz and Luis Vega died", 2),
            ("Four children were killed on Sunday", 4),
            ("One KNLA soldier died", 1),
            ("Arwood was pronounced dead at the scene", 1),
            ("Kessel was murdered in his shop", 1),
            ("Kessel was arrested in his shop", 0),
            ("gunmen murdered Ana Ruiz in her home", 1),
            ("gunmen killed Luis Vega, a judge, near the court", 1),
            ("troops killed Red Cross staff near the camp", 0),
            ("TROOPS KILLED GOVERNMENT SOLDIERS TODAY", 0),
            // A wire's time of day is no toll.
            ("at 0945 GMT, three bystanders were killed", 3),
            ("3:50 Video: the deaths of six miners in 1988 recalled", 6),
            ("five guards were killed 9 days ago", 5),
            ("two bodies were found near the river", 2),
            ("the assassination of Senator Ana Ruiz shocked the city", 1),
            ("the assassination of presidential candidate Ana Ruiz", 1),
            ("the assassination of priests and nuns", 0),
            ("protests against the killing of a trader", 0),
            ("on 13 June, 4 bodies were found", 4),
            ("Ruiz was shot to death along with two other activists", 3),
            // Persons named in a list.
            (
                "Ana Ruiz, 20, and Luis Vega, 21, were murdered on Sunday",
                2,
            ),
            ("Tomas Rivera and Mateo Cruz were shot to death", 2),
            ("Rivera and Cruz were shot and killed in her home", 2),
            ("Rivera and Cruz were both killed on Sunday", 2),
            ("Ana Ruiz and her son Tomas were fatally stabbed", 2),
            ("Rivera and Cruz were shot and wounded", 0),
            // One named person, an age after a suffix's dot no count.
            ("Dale Cobb Jr., 17, was pronounced dead at the scene", 1),
            ("Dale Cobb Sr., 47, died at the hospital", 1),
            ("Dale Cobb was found dead in his car", 1),
            ("gunmen killed 34-year-old Dale Cobb at a bar", 1),
            ("gunmen killed 34-year-old Red Cross staff", 0),
            ("one of the two victims, a woman, was pronounced dead", 1),
            ("one of the victims and her son died", 0),
            ("Ana Ruiz and Luis Vega were not killed", 0),
            ("Ana Ruiz and Luis Vega were arrested", 0),
            // One person as the subject of a death.
            ("A teenager died after a shooting on Elm Road", 1),
            ("he was later pronounced dead at the hospital", 1),
            ("the victim was found dead in a parked car", 1),
            ("a clerk was fatally shot during the robbery", 1),
            (
                "Deputies arrested a man after a fatal shooting at the fair",
                1,
            ),
            (
                "Deputies said the deadly shooting on Oak Street is under review",
                1,
            ),
            ("Thursday's deadly stabbing left the town shaken", 1),
            (
                "Rebels killed finance minister Tomas Ribera Acosta in the capital on Friday",
                1,
            ),
            ("gunmen killed former mayor Ana Ruiz", 1),
            (
                "the militia admitted the murder of former trade minister Hugo Lema Paredes",
                1,
            ),
            (
                "the bishop mourned the murder of retired general Rafael Soto Nieves",
                1,
            ),
            (
                "rebels killed two bodyguards of defense minister Luis Vega",
                2,
            ),
            (
                "rebels fired on the convoy of defense minister Luis Vega",
                0,
            ),
            (
                "Hugo Lema, the union's treasurer, has died of his injuries",
                1,
            ),
            (
                "Rosa Paz Ortiz, a retired schoolteacher from the valley, died in a clinic on Monday",
                1,
            ),
            (
                "Luis Vega, the party's spokesman, said three guards died",
                3,
            ),
            ("Luis Vega, the party's spokesman, has denied the report", 0),
            (
                "Pedro Ibarra Solis, 52, a coffee grower from the hills, was murdered in his barn",
                1,
            ),
            ("The clerk was flown to a trauma center but died.", 1),
            ("The clerk was flown to a trauma center but survived.", 0),
            ("Thank heaven nobody died, a cousin told the paper", 0),
            ("luckily no one died in the crash", 0),
            (
                "One guard was hit by shrapnel and later died on the way to town",
                1,
            ),
            (
                "the victim was driven to a clinic by friends and later died",
                1,
            ),
            (
                "the bus driver was hit in the neck and was pronounced dead at the scene",
                1,
            ),
            (
                "the hunter was accidentally killed by a stray round near the lake",
                1,
            ),
            (
                "the farmer was carried to a field hospital, but died within the hour",
                1,
            ),
            (
                "the boy fired the pistol, fatally shooting his cousin in the leg",
                1,
            ),
            ("the deadly virus spread in the camp", 0),
            ("the two victims died at the scene", 2),
            ("the officers were found dead", 0),
            (
                "Mayor Ortiz, a party leader, was shot to death last night",
                1,
            ),
            ("the union secretary was murdered on Friday", 1),
            ("no one was killed in the blast", 0),
            (
                "Eight civilians, including children were killed in an explosion",
                8,
            ),
            (
                "a roadside bomb killed at least seven civilians, including six children in southern Helmand",
                7,
            ),
            (
                "A Taliban car bomb killed three Afghan security forces in eastern Paktia",
                3,
            ),
            ("13 Taliban insurgents were killed in southern Kandahar", 13),
            (
                "11 more were killed in northern Faryab in the last 24 hours",
                11,
            ),
            (
                "a series of Taliban attacks killing at least 20 Afghan security force personnel on Sunday",
                20,
            ),
            ("killing 4 guards and injuring 6", 4),
            ("6 militia members were killed and 9 others were wounded", 6),
            ("2 militiamen were wounded by gunmen", 0),
            ("a border guard was killed during the ambush", 1),
            (
                "releasing 100 Taliban militants in a prisoner swap for 20 of its security forces",
                0,
            ),
            ("the death toll rose to 12", 12),
            ("three people lost their lives", 3),
            // coordinated figures share the verb
            ("4 insurgents and 3 border guards were killed", 7),
            ("the murder of six teachers and two drivers", 8),
            ("the murder of the two clerks in the capital", 2),
            ("gunmen killed 3 soldiers and 2 farmers at dawn", 5),
            ("two people were murdered at the market", 2),
            ("seven peasants were massacred by the patrol", 7),
            ("5 soldiers and 2 guards were wounded", 0),
            ("the clash caused 2 deaths and several injuries", 2),
            ("fighting caused 10 deaths and thousands of losses", 10),
            // who killed is no toll
            ("six gunmen killed a village chief in his home", 1),
            ("six gunmen killed the village chief", 1),
            ("8 men from a hamlet murdered 2 herders", 2),
            ("6 soldiers killed in an ambush on the road", 6),
            ("On 3 May, six gunmen killed two farmers", 2),
            ("the bodies were found on May 12 near the dam", 0),
            ("08 May: One guard died in the riot", 1),
            // one person, by a singular verb or noun
            ("the driver, a retired clerk, was also killed", 1),
            ("the mayor was gunned down outside city hall", 1),
            ("Ruiz, the party secretary, was shot and killed", 1),
            ("the murder of a councilman in the north", 1),
            ("the body of an unknown man was found by the road", 1),
            ("students marched against the murder of a teacher", 0),
            ("police arrested two men over the murder of a guard", 0),
            ("he passed away at the clinic", 1),
            ("raiders slaughtered 12 goats and 3 cows", 0),
            ("3 cattle herders were killed by raiders near the well", 3),
            ("youths rioted after the body of a girl was found", 0),
            ("the guard was not killed", 0),
            ("10 killed 7km from the border post", 10),
            ("5 rebels and/or bandits were killed and 8 were wounded", 5),
            // an aside in parentheses
            (
                "at least 14 security personnel (troops and gendarmes) were killed",
                14,
            ),
            // a range counts its lowest figure
            ("3-4 fighters were killed including a commander", 3),
            ("31-35 were killed and 50 were wounded", 31),
            // a comma ends the reach of "killed"
            (
                "9 gunmen were killed, 2 were injured, and a truck was burned",
                9,
            ),
            // lists and subsets
            ("3 soldiers, 2 gendarmes, 1 militiaman were killed", 6),
            (
                "8 security personnel including 5 local guards were killed",
                8,
            ),
            (
                "1 farmer and 1 trader were killed, and 4 others were wounded",
                2,
            ),
            ("rebel fighters killed an NDS agent near the market", 1),
            ("the blast killed a total of 5 people", 5),
            // one person, without a figure
            ("a 17-year-old was shot dead outside his home", 1),
            ("raiders shot dead 4 herders near the well", 4),
            ("the gang gunned down 2 officers", 2),
            ("a court heard how the band murdered 4 ranchers", 4),
            ("the government condemned the murder of six teachers", 6),
            ("the raid resulted in the deaths of 12 miners", 12),
            ("Inspector Marta Quiroga died in the explosion", 1),
            (
                "Councillor Jon Ibarra was assassinated outside his office",
                1,
            ),
            ("the union said 40 members were on strike", 0),
            ("a teenager shot and killed by an officer", 1),
            ("a toddler is dead after the shooting", 1),
            ("the stabbing death of a nine-year-old boy", 1),
            ("the deaths of dozens were not confirmed", 0),
            // ages are no tolls, and do not hide one person
            ("a 34-year-old woman was shot and killed near the park", 1),
            ("an 8-month-old girl died at the hospital", 1),
            ("Marla Denton, 27, was killed in the crash", 1),
            ("Marla Denton, 27, died at the scene", 1),
            ("the driver, 52, was pronounced dead", 1),
            ("a retired schoolteacher, 58, was hacked to death", 1),
            ("in the attack, 12, among them children, were killed", 12),
            ("a 19 y/o was shot dead on the porch", 1),
            ("two brothers, aged 14 and 16, were wounded", 0),
            ("three people, ages 7 and 10 among them, were hurt", 0),
            // a wound and then the death: "shot and killed"
            ("two men were shot and killed outside the bar", 2),
            ("two men were fatally shot outside the bar", 2),
            ("three guards fatally wounded in the raid", 3),
            ("three people were stabbed and killed in the flat", 3),
            ("four were shot and wounded near the school", 0),
            ("five were shot and 2 killed in the square", 2),
            ("6 shot, 1 dead after the party", 1),
            // a beheading is a death; gunned down, the dead (or who killed, before an object)
            ("a farmer was beheaded by unknown men", 1),
            ("three herders were beheaded near the river", 3),
            ("two traders were gunned down by police", 2),
            ("two traders gunned down in the market", 2),
            ("two gunmen gunned down a trader", 1),
            // one or two people without a figure
            ("the crash left a 23-year-old cyclist dead", 1),
            ("the fire left a family homeless but no one dead", 0),
            ("both men were pronounced dead at the scene", 2),
            // a double or triple homicide says how many died
            ("a double homicide shook the street on Sunday", 2),
            ("detectives arrested a man over the double homicide", 0),
            ("the triple murder shocked the town", 3),
            ("a double shooting left two men wounded", 0),
            // a victim's kin listed after it, by a possessive
            ("raiders killed a trader and his wife at the ferry", 2),
            ("the shell killed a weaver and her 4 children", 5),
            ("bandits killed a herder and his two sons near the well", 3),
            ("the rebels killed three guards and their captain", 4),
            ("raiders killed a trader and his wife was wounded", 1),
            // persons described by more than their noun, after an opening phrase
            (
                "a border guard and a local farmer were killed by the mine",
                2,
            ),
            (
                "On 4 June 2031, a carpenter and his son were shot dead by robbers",
                2,
            ),
            (
                "After the raid on Tessa, a baker and a tailor were found dead",
                2,
            ),
            ("In Mirabelle, Ana Vos and her son were killed", 2),
            // the dead found, beheaded, or found dead after being taken
            ("the bodies of four drivers were pulled from the lake", 4),
            // the dead found, listed before their verb
            (
                "the bodies of a barber and his teenage nephew were found",
                2,
            ),
            (
                "searchers found the bodies of a man and a woman in the dunes",
                2,
            ),
            ("insurgents beheaded three loggers in the forest", 3),
            (
                "a ferryman and his helper were kidnapped and later found dead",
                2,
            ),
            (
                "a trader who was shot by soldiers on Monday later died in hospital",
                1,
            ),
            ("two traders were shot on Monday; one later died", 1),
            (
                "a suicide bomber killed 3 soldiers and himself at the gate",
                4,
            ),
            ("he killed his wife and wounded himself", 1),
            // a subset set off by commas, however said, and the verb after it
            (
                "fourteen people, among them three guards, were killed in the ambush",
                14,
            ),
            (
                "twenty people, including eight children, lost their lives in the fire raid",
                20,
            ),
            ("three of the wounded later succumbed to their injuries", 3),
            ("two of them later succumbed to their wounds", 2),
            ("three of the wounded were flown to the capital", 0),
            // a range set by "between": its lower figure
            (
                "gunmen killed between five and eight people in the village",
                5,
            ),
            ("between 5 and 8 people were killed in the raid", 5),
            ("ARMED MEN KILLED BETWEEN 10 AND 15 PEASANTS TODAY", 10),
            // lives saved, and a distance, are no deaths
            (
                "the fighting forced several families to flee for their lives",
                0,
            ),
            ("villagers feared for their lives after the raid", 0),
            (
                "troops moved 200 people 30 km away to prevent civilian deaths",
                0,
            ),
            // a mob's killing, done to death before the figure
            ("a mob lynched a suspect at the market", 1),
            ("villagers lynched two cattle rustlers", 2),
            ("a crowd beat to death two suspected kidnappers", 2),
            ("two thieves were lynched by a mob", 2),
            ("militants hacked to death 3 villagers", 3),
            // a person named after the second of two active verbs
            ("officers shot and killed Dana Kowalski in her driveway", 1),
            ("officers shot and wounded Dana Kowalski", 0),
            // the figure of those who shot and killed is no toll
            ("two men who shot and killed a clerk fled on foot", 1),
            ("three gunmen shot and killed the guard", 1),
            ("two guards were shot and killed the night before", 2),
            // a killer who took his own life after killing others counts too
            ("a man shot four relatives, killing two, then himself", 3),
            ("the farmer killed his wife and then himself", 2),
            // the killer's kin counted by a figure after "his", "her", "their"
            ("the farmer killed his two sons and then himself", 3),
            (
                "police are investigating the murder of their two daughters",
                2,
            ),
            ("a clerk fatally shot three customers", 3),
            // one person by an occupation or a station
            (
                "riders on scooters shot dead a police constable and a passer-by at the depot",
                2,
            ),
            ("the raiders gunned down a shepherd near the well", 1),
            ("a crowd lynched a suspected thief at the market", 1),
            // two ages joined by "and" are no figure of the dead
            ("a man killed his 9- and 7-year-old nephews", 0),
            ("a gunman killed three people before killing himself", 4),
            (
                "he fatally shot his neighbour before turning the gun on himself",
                2,
            ),
            ("the guard killed himself", 1),
            (
                "a man shot himself in the leg and two others were wounded",
                0,
            ),
            // found or pronounced deceased, found dead by others, succumbed later
            ("a courier was found deceased in a parked van", 1),
            ("the driver was pronounced deceased at the clinic", 1),
            ("a courier was discovered dead behind the depot", 1),
            ("deputies found a man dead inside the trailer", 1),
            ("a courier was shot and succumbed to his wounds", 1),
            // done to death; left killed; animals are no toll
            ("villagers lynched a suspected thief to death", 1),
            ("a mob beat a young man to death at the market", 1),
            ("a mine went off under a shepherd, killing him", 1),
            ("she was jailed for killing her husband", 0),
            (
                "a bomb killed a district commissioner and 2 of his guards",
                3,
            ),
            ("an officer shot dead a tricycle rider at the junction", 1),
            ("raiders stormed the farm, leaving a child killed", 1),
            ("soldiers killed about 40 oxen of the herders", 0),
            // an hour is no figure of the dead
            ("at 4 o’clock one person was found dead in the yard", 1),
            ("shortly after 11 pm one man was shot dead", 1),
            // one of several shot died; one person died later; one person shot by another
            ("five diners were shot, one fatally, at the cafe", 1),
            ("five diners were shot - one fatally - at the cafe", 1),
            (
                "a courier was shot on Tuesday and later died in hospital",
                1,
            ),
            ("three couriers were shot on Tuesday and one later died", 1),
            ("a 7-year-old fatally shoots his uncle with a rifle", 1),
            ("deputies name the 15-year-old fatally shot at the park", 1),
            ("police name woman fatally stabbed at the station", 1),
            ("two couriers fatally shot at the depot", 2),
            ("both drivers were shot and killed", 2),
            ("both were wounded in the exchange", 0),
            ("seven were shot dead at the checkpoint", 7),
            ("two girls were shot to death in the yard", 2),
            // a killer who dies with the victims; a killer stopped by police
            ("gunmen raided a post, killing 3 guards and the attacker", 4),
            (
                "gunmen raided a post, killing 3 guards and the attacker fled",
                3,
            ),
            ("a gunman killed five shoppers before police killed him", 6),
            ("a gunwoman killed two guards before police killed her", 3),
            (
                "a gunman killed two guards before officers killed her dog",
                2,
            ),
            (
                "a gunman shot dead two clerks until officers shot him dead",
                3,
            ),
            // a person found killed; a person named after a title of several words
            ("a cook was found stabbed to death behind the depot", 1),
            ("a woman was found guilty of the killing of her son", 0),
            (
                "gunmen murdered farm union leader Tomas Arce at his home",
                1,
            ),
            (
                "the body of party activist Rosa Lind was found in a ditch",
                1,
            ),
            // figures joined by "and" share the death word after them
            (
                "a gunfight erupted, leaving 2 rangers and 3 poachers dead",
                5,
            ),
            (
                "4 rangers and around 9 poachers were killed in the raid",
                13,
            ),
            (
                "4 rangers and at least 9 poachers were killed in the raid",
                13,
            ),
            ("two boats carrying rangers and more than 9 rangers died", 9),
            ("two boats and more than 9 rangers sank", 0),
            (
                "fighters loyal to recently killed leader Ana Ruiz burned a depot",
                0,
            ),
            (
                "gunmen assassinated Ana Ruiz, director of the Tarvo Bank, at home",
                1,
            ),
            ("gunmen murdered Ana Ruiz and her driver at home", 2),
            // a killing threatened or intended is none
            ("the cartel threatened to kill 12 jurors", 0),
            ("the rebels said they would kill 3 hostages", 0),
            ("a blast kills 3 passers-by at a market", 3),
            ("the sniper managed to kill 1 guard before he fled", 1),
            (
                "protesters angered by the death of a driver blocked the road",
                0,
            ),
        ];
        let wrong: Vec<String> = rows
            .iter()
            .filter(|(text, expected)| death_toll(text, &[]).killed != *expected)
            .map(|(text, expected)| {
                format!(
                    "{text}: want {expected}, got {}",
                    death_toll(text, &[]).killed
                )
            })
            .collect();
        assert!(wrong.is_empty(), "{wrong:#?}");
    }

    #[test]
    fn coded_figures_table() {
        let rows = [
            (
                "30 people died. Fatalities split across 2 events (15).",
                30,
                Some(15),
            ),
            (
                "18 fighters died (split across 3 events) near the river",
                18,
                Some(6),
            ),
            (
                "40 fighters died (coded across 4 events, 10 fatalities each)",
                40,
                Some(10),
            ),
            (
                "several guards died. Unknown fatalities are coded as 3.",
                0,
                Some(3),
            ),
            ("5 died near the dam", 5, None),
            ("20 died (split across 3 events)", 20, Some(7)),
            (
                "11-13 died. 12 fatalities coded to include the attacker.",
                11,
                Some(12),
            ),
            ("4 died. 7 total fatalities coded.", 4, Some(7)),
            (
                "7 were killed and wounded in the raid; deaths coded as half of the 7.",
                7,
                Some(3),
            ),
            (
                "killing 10 fighters. Fatalities split in half (5).",
                10,
                Some(5),
            ),
            (
                "4 guards and 2 raiders were killed. Total fatalities 9.",
                6,
                Some(9),
            ),
            (
                "remaining 16 fatalities coded across 2 events (8).",
                20,
                Some(8),
            ),
            (
                "90 died. 30 fatalities coded in a previous event; remaining 60 coded here.",
                90,
                Some(60),
            ),
        ];
        for (text, toll, expected) in rows {
            assert_eq!(coded_figure(text, toll), expected, "{text}");
        }
    }

    #[test]
    fn victims_and_injuries_are_reported() {
        let text = "killing 3 soldiers and injuring 5";
        let toll = death_toll(text, &[]);
        assert!(toll.injuries);
        assert_eq!(
            toll.victims.first().map(|s| &text[s.0..s.1]),
            Some("soldiers")
        );
    }
}
