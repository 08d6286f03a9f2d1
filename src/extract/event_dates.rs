//! Whose day is a date? In a follow-up story the days beside the verbs are often those of
//! later steps ("was charged Tuesday", "police said Wednesday", "was arraigned on Monday"),
//! while the event's own day is written beside a noun for it ("in the March 3 shooting",
//! "the May 9 robbery at") or a verb of happening ("The attack happened the night of
//! June 2"). These helpers tell the two apart, so that an incident dated only by a later
//! step takes the day the story gives its event.

use chrono::NaiveDate;

use crate::taxonomy::TimePrecision;
use crate::text::{DateExpr, Sentence};

/// Verbs and nouns of what follows an event: statements, arrests, charges, courts.
const LATER_STEPS: &[&str] = &[
    "said",
    "says",
    "told",
    "announced",
    "confirmed",
    "identified",
    "charged",
    "arrested",
    "arraigned",
    "booked",
    "indicted",
    "sentenced",
    "convicted",
    "pleaded",
    "appeared",
    "testified",
    "filed",
    "ruled",
    "release",
    "conference",
    "reporters",
    "hearing",
    "court",
    "vigil",
    "funeral",
    "buried",
    "investigation",
    "investigating",
    "unclear",
    "remembering",
    "remembered",
    "mourned",
    "mourning",
    "posted",
    "tune",
    "searching",
    "search",
    "sought",
    "seeking",
    "learned",
    "arraignment",
    "waived",
    "jury",
    "deadlocked",
    "canvassed",
    "surgery",
    // A state after the event: "remained in critical condition Friday".
    "remained",
    "remains",
    "remain",
];

/// Verbs of telling, which date the telling from farther back ("told the county's daily
/// newspaper on Friday", "Tune in to the evening news Thursday").
const VERBS_OF_TELLING: &[&str] = &[
    "said",
    "says",
    "told",
    "announced",
    "confirmed",
    "pleaded",
    "posted",
    "tune",
];

/// How many words back a verb of telling still dates the telling.
const TELLING_REACH: usize = 5;

/// Words that open a clause of its own between a verb of telling and a date ("says the
/// agency was notified Monday": the day is the notice's).
const CLAUSE_OPENERS: &[&str] = &[
    "was", "were", "is", "are", "had", "has", "have", "been", "that", "who", "which", "when",
];

/// Nouns for an event that a date written before them dates ("the June 4 shooting").
const EVENT_NOUNS: &[&str] = &[
    "shooting",
    "shootings",
    "killing",
    "killings",
    "slaying",
    "slayings",
    "murder",
    "murders",
    "homicide",
    "stabbing",
    "death",
    "deaths",
    "attack",
    "attacks",
    "incident",
    "robbery",
    "ambush",
    "bombing",
    "blast",
    "explosion",
    "raid",
    "clash",
    "clashes",
    "massacre",
    "assault",
    "shootout",
    "gunfight",
    "carjacking",
    "invasion",
    "rampage",
    "riot",
    "riots",
    "protest",
    "protests",
    "demonstration",
];

/// Verbs of the event itself that a date written after them dates ("happened Feb. 20",
/// "was shot on May 2"). Not "died": a victim may die days after the attack.
const EVENT_VERBS: &[&str] = &[
    "happened", "occurred", "place", "erupted", "shot", "killed", "wounded", "stabbed", "slain",
    "attacked", "murdered",
];

/// Words between a verb and its date that say nothing of whose day it is.
const FILLERS: &[&str] = &[
    "on",
    "the",
    "late",
    "early",
    "last",
    "this",
    "of",
    "about",
    "around",
    "at",
    "in",
    "night",
    "morning",
    "afternoon",
    "evening",
    "was",
    "were",
    "had",
    "been",
    "and",
    "a",
];

/// Small words that start a phrase of their own after a date.
const PHRASE_STARTS: &[&str] = &[
    "with", "for", "to", "after", "by", "from", "that", "who", "as", "when", "over", "into",
    "while", "but", "because", "before",
];

/// Words of a clock or a part of a day written right after a date ("Tuesday night").
const PARTS_OF_DAY: &[&str] = &["night", "morning", "afternoon", "evening", "s"];

/// Punctuation that ends the phrase a date stands in.
const PHRASE_MARKS: [char; 9] = [',', ';', ':', '.', '(', ')', '"', '—', '\n'];

/// The words (lower case) of `text` before `end`, last first, up to a punctuation mark that
/// ends a phrase.
fn words_before(text: &str, end: usize) -> Vec<String> {
    let head = text.get(..end).unwrap_or("");
    let stop = head
        .char_indices()
        .rev()
        .find(|(_, c)| PHRASE_MARKS.contains(c))
        .map_or(0, |(i, c)| i + c.len_utf8());
    head[stop..]
        .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '\''))
        .filter(|w| !w.is_empty())
        .rev()
        .map(str::to_ascii_lowercase)
        .collect()
}

/// The words (lower case) of `text` after `start`, first first, up to a punctuation mark
/// that ends a phrase.
fn words_after(text: &str, start: usize) -> Vec<String> {
    let tail = text.get(start..).unwrap_or("");
    // A year after a comma belongs to the date ("March 2, 2013 shooting").
    let tail = tail
        .strip_prefix(", ")
        .filter(|t| t.len() > 4 && t.as_bytes()[..4].iter().all(u8::is_ascii_digit))
        .map_or(tail, |t| &t[4..]);
    let stop = tail.find(PHRASE_MARKS).unwrap_or(tail.len());
    tail[..stop]
        .split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect()
}

/// How many words after a date that opens its sentence its verb may stand ("On Wednesday,
/// the Clark County Sheriff's Office said").
const OPENER_REACH: usize = 7;

/// True when a date is that of a step after the event: a statement, an arrest, a charge, a
/// court day, a funeral ("police said Wednesday", "was charged late Tuesday", "Police on
/// Monday arrested ..."). A date that names an event ("Tuesday's shooting") is not.
pub(super) fn dates_a_later_step(text: &str, date: &DateExpr) -> bool {
    if names_the_event(text, date) {
        return false;
    }
    if is_a_posts_date(text, date) {
        return true;
    }
    let before = words_before(text, date.span.0);
    let is_step = |w: &String| LATER_STEPS.contains(&w.as_str());
    if before.iter().take(4).any(is_step) {
        return true;
    }
    // Farther back, a verb of telling, unless a verb of the event stands between ("said the
    // two were shot on Friday" dates the shooting).
    if before
        .iter()
        .take(TELLING_REACH)
        .take_while(|w| {
            !EVENT_VERBS.contains(&w.as_str())
                && !CLAUSE_OPENERS.contains(&w.as_str())
                && w.as_str() != "died"
        })
        .any(|w| VERBS_OF_TELLING.contains(&w.as_str()))
    {
        return true;
    }
    // "On Wednesday, the sheriff said ...": a date opening its sentence dates the verb
    // after its comma.
    if opens_its_sentence(text, date)
        && text.get(date.span.1..).is_some_and(|t| t.starts_with(", "))
        && words_after(text, date.span.1 + 2)
            .iter()
            .take(OPENER_REACH)
            .take_while(|w| !EVENT_VERBS.contains(&w.as_str()))
            .any(is_step)
    {
        return true;
    }
    // "Police on Monday arrested ...", "Tuesday evening police said ...": the step's
    // verb follows within the date's own phrase.
    words_after(text, date.span.1)
        .iter()
        .filter(|w| !PARTS_OF_DAY.contains(&w.as_str()))
        .take(3)
        .take_while(|w| !PHRASE_STARTS.contains(&w.as_str()) && w.as_str() != "and")
        .any(is_step)
}

/// True when a date, with small words before it, opens its sentence ("On Wednesday, ...",
/// "Late Tuesday, ..."), not when it ends a clause after a comma ("in Dayton, late
/// Wednesday, police said").
fn opens_its_sentence(text: &str, date: &DateExpr) -> bool {
    let mut head = text.get(..date.span.0).unwrap_or("").trim_end();
    let mut fillers = 0;
    while let Some(last) = head.rsplit([' ', '\n']).next().filter(|w| !w.is_empty()) {
        if !FILLERS.contains(&last.to_ascii_lowercase().as_str()) {
            break;
        }
        fillers += 1;
        head = head[..head.len() - last.len()].trim_end();
    }
    fillers > 0 && (head.is_empty() || head.ends_with(['.', '!', '?', '\n', ':', '"']))
}

/// True when a date is that of a death ("died Sunday", "was pronounced dead early Monday",
/// "succumbed to his wounds Tuesday"): a victim may die days after the attack, so such a
/// day gives way to an earlier one the story gives the event, when it gives one.
pub(super) fn dates_a_death(text: &str, date: &DateExpr) -> bool {
    let before = words_before(text, date.span.0);
    let mut words = before.iter().filter(|w| !FILLERS.contains(&w.as_str()));
    let last = words.next().map(String::as_str);
    let next = words.next().map(String::as_str);
    matches!(last, Some("died" | "succumbed"))
        || (last == Some("dead") && next == Some("pronounced"))
        || (matches!(last, Some("wounds" | "injuries")) && words.any(|w| w == "succumbed"))
}

/// True when a date signs an embedded social-media post: "— A Reporter (@areporter) May 3,
/// 2021" is when the post was written.
fn is_a_posts_date(text: &str, date: &DateExpr) -> bool {
    let head = text.get(..date.span.0).unwrap_or("").trim_end();
    head.strip_suffix(')')
        .and_then(|h| h.rfind('(').map(|i| &h[i + 1..]))
        .is_some_and(|handle| handle.starts_with('@') && !handle.contains(' '))
}

/// True when a date names an event: written before a noun for it, with at most two words
/// between ("the Aug. 9 drive-by shooting", "Sunday's fatal stabbing"), or after a verb of
/// happening with only small words between ("happened the night of May 2", "was shot on
/// June 8").
pub(super) fn names_the_event(text: &str, date: &DateExpr) -> bool {
    // The noun follows the date at once or after words that describe it: a small word
    // between ("charged Tuesday with murder") puts the noun in another phrase.
    let after = words_after(text, date.span.1);
    let described = after.iter().filter(|w| !PARTS_OF_DAY.contains(&w.as_str()));
    for w in described.take(3) {
        if EVENT_NOUNS.contains(&w.as_str()) {
            return true;
        }
        if FILLERS.contains(&w.as_str()) || PHRASE_STARTS.contains(&w.as_str()) {
            break;
        }
    }
    words_before(text, date.span.0)
        .iter()
        .take(5)
        .find(|w| !FILLERS.contains(&w.as_str()))
        .is_some_and(|w| EVENT_VERBS.contains(&w.as_str()))
}

/// Words that number one event of a series ("the first incident", "the second shooting").
const SERIES_ORDINALS: &[&str] = &["first", "second", "third", "fourth", "fifth", "latest"];

/// True when a sentence tells of one event of a series ("The first incident happened Feb.
/// 25", "the second shooting"): a round-up, whose days are of its several events.
pub(super) fn tells_of_one_of_a_series(sentence: &str) -> bool {
    let lower = sentence.to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    words.iter().enumerate().any(|(k, w)| {
        SERIES_ORDINALS.contains(w)
            && words
                .iter()
                .skip(k + 1)
                .take(2)
                .any(|n| EVENT_NOUNS.contains(n))
    })
}

/// The first day the article gives its event by name ("the June 4 shooting"), on or before
/// `latest` and less than a year before it, read with `dates_of` for each sentence.
pub(super) fn day_the_story_names<'s>(
    text: &str,
    sentences: impl IntoIterator<Item = &'s Sentence<'s>>,
    latest: NaiveDate,
    dates_of: impl Fn(&'s Sentence<'s>) -> Vec<DateExpr>,
) -> Option<DateExpr> {
    sentences.into_iter().flat_map(dates_of).find(|d| {
        !d.report_date
            && d.precision == TimePrecision::Day
            && d.date <= latest
            && (latest - d.date).num_days() < 366
            && names_the_event(text, d)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str, written: &str) -> DateExpr {
        let start = text.find(written).unwrap_or(0);
        DateExpr {
            date: NaiveDate::from_ymd_opt(2021, 3, 9).unwrap_or_default(),
            precision: TimePrecision::Day,
            span: (start, start + written.len()),
            report_date: false,
        }
    }

    #[test]
    fn one_event_of_a_series() {
        let rows = [
            ("The first incident happened the evening of May 2.", true),
            ("It was the second shooting on Elm Lane this week.", true),
            ("The latest attack came on Tuesday.", true),
            ("The incident happened May 2 in a garage.", false),
            (
                "He was the first officer at the scene of the shooting.",
                false,
            ),
        ];
        for (sentence, want) in rows {
            assert_eq!(tells_of_one_of_a_series(sentence), want, "{sentence}");
        }
    }

    #[test]
    fn later_steps_table() {
        let rows = [
            (
                "Deputies said Thursday that the boy had found the gun.",
                "Thursday",
                true,
            ),
            (
                "He was charged late Monday night with murder.",
                "Monday",
                true,
            ),
            (
                "Police on Friday arrested a second suspect.",
                "Friday",
                true,
            ),
            ("She was arraigned in Dorton on Tuesday.", "Tuesday", true),
            (
                "Deputies were searching late Sunday for the driver of the van.",
                "Sunday",
                true,
            ),
            (
                "The chief met with reporters Wednesday to discuss it.",
                "Wednesday",
                true,
            ),
            (
                "Friday evening police said the girl had died.",
                "Friday",
                true,
            ),
            (
                "Two were shot Friday and police arrested a man.",
                "Friday",
                false,
            ),
            (
                "Scene tonight — Ana Ruiz (@anaruiz) May 3, 2021",
                "May 3",
                true,
            ),
            (
                "A man was shot and killed Sunday, police said.",
                "Sunday",
                false,
            ),
            (
                "Two men were wounded Saturday night in Eastvale.",
                "Saturday",
                false,
            ),
            (
                "Police said Tuesday's shooting was gang related.",
                "Tuesday",
                false,
            ),
            (
                "A woman was charged Monday with murder in a stabbing.",
                "Monday",
                true,
            ),
            // a verb of telling dates the telling from farther back ...
            (
                "The aunt told the Lakeside Courier on Friday that he was kind.",
                "Friday",
                true,
            ),
            // ... unless a verb of the event stands between
            (
                "Police said the two brothers were shot on Friday near a store.",
                "Friday",
                false,
            ),
            // a date opening its sentence dates the verb after its comma
            (
                "On Wednesday, the sheriff said the body was found in a ditch.",
                "Wednesday",
                true,
            ),
            (
                "On Wednesday, a gunman shot a clerk at the store.",
                "Wednesday",
                false,
            ),
            // the verb may follow an office's long name
            (
                "On Monday, the Lake County Sheriff's Office said a man was shot.",
                "Monday",
                true,
            ),
            (
                "On Monday, the three men from the county shot a deputy, police said.",
                "Monday",
                false,
            ),
            (
                "At his arraignment Thursday he said nothing.",
                "Thursday",
                true,
            ),
            (
                "Two men were shot in Dayton, Ohio, late Wednesday, police said.",
                "Wednesday",
                false,
            ),
            (
                "A spokesman says the office was notified Monday of the deaths.",
                "Monday",
                false,
            ),
            (
                "He had been shot at about 10 a.m. Monday, said Sgt. Lee.",
                "Monday",
                false,
            ),
            // a state the victim is still in is the day's of a later step
            (
                "The girl remained in critical condition Friday, hours after the attack.",
                "Friday",
                true,
            ),
        ];
        for (text, written, want) in rows {
            assert_eq!(dates_a_later_step(text, &at(text, written)), want, "{text}");
        }
    }

    #[test]
    fn dates_of_a_death_table() {
        let rows = [
            ("The boy died Sunday at a hospital.", "Sunday", true),
            ("She was pronounced dead early Monday.", "Monday", true),
            ("He succumbed to his wounds Tuesday.", "Tuesday", true),
            ("He was shot Sunday near the park.", "Sunday", false),
            ("Police said Sunday that he had died.", "Sunday", false),
        ];
        for (text, written, want) in rows {
            assert_eq!(dates_a_death(text, &at(text, written)), want, "{text}");
        }
    }

    #[test]
    fn dates_that_name_the_event_table() {
        let rows = [
            (
                "He is charged in the Jan. 4 shooting at a bar.",
                "Jan. 4",
                true,
            ),
            (
                "It stems from the April 2 drive-by shooting on Elm Street.",
                "April 2",
                true,
            ),
            (
                "Police said Friday night's shooting left two hurt.",
                "Friday",
                true,
            ),
            (
                "A man was held in Sunday night's fatal shooting.",
                "Sunday",
                true,
            ),
            ("She died Monday, days after the attack.", "Monday", false),
            (
                "Officers — on Sunday — found the car after the shooting.",
                "Sunday",
                false,
            ),
            (
                "after the April 9, 2011 stabbing death of a cook",
                "April 9",
                true,
            ),
            (
                "The shooting took place Feb. 20 while he cleaned a shotgun.",
                "Feb. 20",
                true,
            ),
            (
                "It took place on the evening of Sept. 10 by a bakery.",
                "Sept. 10",
                true,
            ),
            (
                "Marek was shot on November 3 near his home.",
                "November 3",
                true,
            ),
            (
                "He was arrested on Dec. 16 in a nearby town.",
                "Dec. 16",
                false,
            ),
            (
                "A hearing is set for July 20 in the county court.",
                "July 20",
                false,
            ),
        ];
        for (text, written, want) in rows {
            assert_eq!(names_the_event(text, &at(text, written)), want, "{text}");
        }
    }
}
