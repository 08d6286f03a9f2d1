//! Clauses: a sentence can report several incidents ("13 ... were killed in southern
//! Kandahar and 11 more were killed in northern Faryab"). Clauses split at ";", ", while",
//! ", but", ", which", ", until" start new groups; " and " before a figure starts a sibling
//! in the same group, which shares dates, places and actors it lacks.

use std::sync::LazyLock;

use regex::Regex;

use crate::text::Span;

/// A clause of a sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clause {
    /// Byte span in the sentence.
    pub span: Span,
    /// Clauses joined by "and" share a group.
    pub group: usize,
}

static BOUNDARY: LazyLock<Regex> = LazyLock::new(|| {
    #[allow(clippy::expect_used)]
    Regex::new(
        r"(?i);\s+|,\s+(?:while|whereas|but|until|which|after which)\s+|\s+while\s+|\s+and\s+|,\s+and\s+",
    )
    .expect("clause pattern is valid")
});

/// Words after "and" that start a new incident of the same group.
const SIBLING_STARTS: [&str; 20] = [
    "at least",
    "another",
    "a further",
    "more than",
    "in a separate",
    "separately",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "nearly",
    "over",
];

/// Splits a sentence into clauses.
///
/// ```
/// use incident_map::extract::split_clauses;
/// let s = "13 insurgents were killed in Kandahar and 11 more were killed in Faryab";
/// let c = split_clauses(s);
/// assert_eq!(c.len(), 2);
/// assert_eq!(c[0].group, c[1].group);
/// ```
pub fn split_clauses(sentence: &str) -> Vec<Clause> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut group = 0;
    for m in BOUNDARY.find_iter(sentence) {
        let is_and = m
            .as_str()
            .trim()
            .trim_start_matches(',')
            .trim()
            .eq_ignore_ascii_case("and");
        let rest = &sentence.as_bytes()[m.end()..];
        let sibling = is_and
            && (rest.first().is_some_and(u8::is_ascii_digit)
                || SIBLING_STARTS.iter().any(|w| {
                    rest.len() > w.len()
                        && rest[..w.len()].eq_ignore_ascii_case(w.as_bytes())
                        && rest[w.len()] == b' '
                }));
        // "1 farmer and 1 guard died": figures before any verb share the verb
        // that follows, so they stay one clause; and "killed 3 soldiers and 2 farmers":
        // figures after the verb, with no verb of their own, share the one before.
        let next_boundary = BOUNDARY
            .find_at(sentence, m.end())
            .map_or(sentence.len(), |n| n.start());
        let (before, after) = (
            &sentence[start..m.start()],
            &sentence[m.end()..next_boundary],
        );
        // "leaving 2 soldiers and 1 rebel dead": figures share the death word after them
        // when the first figure's own words hold no verb, though the clause has one
        // before them ("the killing of one man and at least 20 houses burned": two deeds).
        let share_the_death_after =
            !has_verb(after_its_last_figure(before)) && names_a_death(after);
        if is_and && (!sibling || !has_verb(before) || !has_verb(after) || share_the_death_after) {
            continue;
        }
        if m.start() > start {
            out.push(Clause {
                span: (start, m.start()),
                group,
            });
        }
        if !sibling {
            group += 1;
        }
        start = m.end();
    }
    if start < sentence.len() {
        out.push(Clause {
            span: (start, sentence.len()),
            group,
        });
    }
    out
}

/// The words of a stretch after its last figure ("soldiers" of "a clash erupted, leaving 2
/// soldiers"), or the whole stretch when it has no figure: the phrase of that figure.
fn after_its_last_figure(text: &str) -> &str {
    let is_figure = |w: &str| {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric());
        w.bytes().next().is_some_and(|b| b.is_ascii_digit())
            || FIGURE_WORDS.iter().any(|n| w.eq_ignore_ascii_case(n))
    };
    text.split_whitespace()
        .rfind(|w| is_figure(w))
        // (A word split from `text` lies inside it: its end is an offset in `text`.)
        .map_or(text, |w| {
            let end = w.as_ptr() as usize - text.as_ptr() as usize + w.len();
            text.get(end..).unwrap_or("")
        })
}

/// True when a stretch says someone died ("1 rebel dead", "3 guards were killed").
fn names_a_death(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .any(|w| matches!(w.to_ascii_lowercase().as_str(), "dead" | "killed" | "died"))
}

/// Figures written as words that may open a coordinated count ("two soldiers and one").
const FIGURE_WORDS: [&str; 12] = [
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve",
];

/// True when a stretch of text has a verb ("were killed", "attacked", "died"): a past
/// participle or past tense other than the few adjectives news puts before nouns.
fn has_verb(text: &str) -> bool {
    text.split_whitespace().any(|w| {
        let w = w
            .trim_matches(|c: char| !c.is_ascii_alphabetic())
            .to_ascii_lowercase();
        (w.ends_with("ed")
            && !matches!(
                w.as_str(),
                "armed"
                    | "suspected"
                    | "alleged"
                    | "hundred"
                    | "united"
                    | "red"
                    | "unidentified"
                    | "aged"
            ))
            || matches!(
                w.as_str(),
                "died"
                    | "dead"
                    | "killing"
                    | "wounding"
                    | "injuring"
                    | "was"
                    | "were"
                    | "is"
                    | "are"
            )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clause_table() {
        let rows: [(&str, &[(&str, usize)]); 8] = [
            (
                "A car bomb killed three in Paktia on Tuesday, a local official said, while a statement said 13 were killed in Kandahar and 11 more were killed in Faryab",
                &[
                    (
                        "A car bomb killed three in Paktia on Tuesday, a local official said",
                        0,
                    ),
                    ("a statement said 13 were killed in Kandahar", 1),
                    ("11 more were killed in Faryab", 1),
                ],
            ),
            (
                "gunmen attacked and burned a checkpoint",
                &[("gunmen attacked and burned a checkpoint", 0)],
            ),
            (
                "5 were killed and 3 were wounded",
                &[("5 were killed", 0), ("3 were wounded", 0)],
            ),
            (
                "They fought; two died",
                &[("They fought", 0), ("two died", 1)],
            ),
            // figures before any verb share the verb that follows: one clause
            (
                "7 militants and 2 police were killed",
                &[("7 militants and 2 police were killed", 0)],
            ),
            // ... and figures after the verb, with none of their own, the verb before
            (
                "gunmen killed 3 guards and 2 cooks near the gate",
                &[("gunmen killed 3 guards and 2 cooks near the gate", 0)],
            ),
            // ... though a verb stands before the figures' own phrase
            (
                "a gunfight erupted, leaving 2 guards and 1 raider dead",
                &[("a gunfight erupted, leaving 2 guards and 1 raider dead", 0)],
            ),
            (
                "raiders set upon the killing of one man and at least 20 huts burned",
                &[
                    ("raiders set upon the killing of one man", 0),
                    ("at least 20 huts burned", 0),
                ],
            ),
        ];
        for (sentence, expected) in rows {
            let got: Vec<(&str, usize)> = split_clauses(sentence)
                .into_iter()
                .map(|c| (&sentence[c.span.0..c.span.1], c.group))
                .collect();
            assert_eq!(got, expected, "{sentence}");
        }
    }
}
