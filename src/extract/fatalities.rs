//! Death tolls in a clause: figures tied to a death word ("killed at least seven civilians",
//! "13 Taliban insurgents were killed", "a policeman was killed"), not to an injury word,
//! and not a subset ("including six children"). ACLED's rule: the lowest reported figure.

use super::lexicon;
use crate::text::{Span, find_quantities, words};

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

static CODED_FIGURE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    #[allow(clippy::expect_used)]
    regex::Regex::new(
        r"(?i)(?-u:\b)(?:split|coded|distributed|divided)\s+(?:across|over|between|among|into)\s+(\d+)\s+(?:events|locations|incidents)(?:\s*\((\d+)\)|,\s*(\d+)\s+fatalit)?|(?-u:\b)fatalities\s+(?:are|were|is)\s+coded\s+as\s+(\d+)",
    )
    .expect("coded-figure pattern is valid")
});

/// What a coder's note says about the figure coded for this event: "Fatalities split across
/// 2 events (12)" (12), "split across 3 events" (the toll divided by 3), "Unknown fatalities
/// are coded as 10" (10). Returns the figure given the toll read from the text.
pub fn coded_figure(text: &str, toll: u32) -> Option<u32> {
    // Most texts say nothing of the kind: skip the regex unless a key word is there.
    let keyword = [
        "split",
        "Split",
        "coded",
        "Coded",
        "distributed",
        "Distributed",
        "divided",
        "Divided",
    ]
    .iter()
    .any(|k| text.contains(k));
    if !keyword {
        return None;
    }
    let caps = CODED_FIGURE.captures(text)?;
    let num = |i: usize| caps.get(i).and_then(|m| m.as_str().parse::<u32>().ok());
    if let Some(n) = num(4) {
        return Some(n);
    }
    if let Some(n) = num(2).or(num(3)) {
        return Some(n);
    }
    let parts = num(1)?.max(1);
    Some(toll / parts)
}

/// Stems of every death and injury word ("kill" for killed, killing...).
const CASUALTY_STEMS: [&str; 11] = [
    "kill", "dead", "died", "die", "death", "lives", "slain", "fatalit", "lost", "wound", "injur",
];

/// Words looked at after a figure for the death or injury word it belongs to.
const WINDOW_AFTER: usize = 7;

/// Reads the death toll of a clause. `skip` are byte spans (dates) whose figures are no toll.
pub fn death_toll(clause: &str, skip: &[Span]) -> Toll {
    // Most clauses report no casualty: skip them at once.
    let lower_clause = clause.to_ascii_lowercase();
    if !CASUALTY_STEMS
        .iter()
        .any(|stem| lower_clause.contains(stem))
    {
        return Toll {
            killed: 0,
            spans: vec![],
            victims: vec![],
            injuries: false,
        };
    }
    let tokens = words(clause);
    let lower: Vec<String> = tokens
        .iter()
        .map(|w| w.text(clause).to_lowercase())
        .collect();
    let mut toll = Toll {
        killed: 0,
        spans: vec![],
        victims: vec![],
        injuries: lower.iter().any(|w| lexicon::INJURY_WORDS.contains(w)),
    };
    for q in find_quantities(clause) {
        if q.year_like || q.percent || skip.iter().any(|s| s.0 <= q.span.0 && q.span.1 <= s.1) {
            continue;
        }
        let first = tokens.iter().position(|w| w.span.0 >= q.span.0);
        let last = tokens.iter().rposition(|w| w.span.1 <= q.span.1);
        let (Some(first), Some(last)) = (first, last) else {
            continue;
        };
        if is_subset(&lower, first) {
            continue;
        }
        if is_death_count(clause, &tokens, &lower, first, last) {
            toll.killed += q.value;
            toll.spans.push(q.span);
            let noun_end = victim_phrase_end(&lower, last);
            if noun_end > last {
                toll.victims
                    .push((tokens[last + 1].span.0, tokens[noun_end].span.1));
            }
        }
    }
    if toll.killed == 0 {
        // "a policeman was killed", "one civilian died"
        for (k, w) in lower.iter().enumerate() {
            if matches!(w.as_str(), "was" | "is")
                && lower.get(k + 1).is_some_and(|n| n == "killed")
                && (1..=4).any(|back| k >= back && matches!(lower[k - back].as_str(), "a" | "an"))
            {
                toll.killed = 1;
                if let (Some(a), Some(b)) = (tokens.get(k.saturating_sub(3)), tokens.get(k + 1)) {
                    toll.spans.push((a.span.0, b.span.1));
                }
                break;
            }
        }
    }
    toll
}

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

fn is_death_count(
    clause: &str,
    tokens: &[crate::text::Word],
    lower: &[String],
    first: usize,
    last: usize,
) -> bool {
    // "killed three Afghan security forces", "killing at least 20 personnel"
    if first > 0
        && matches!(
            lower[first - 1].as_str(),
            "killed" | "killing" | "kill" | "kills" | "killed,"
        )
    {
        return true;
    }
    if first > 1
        && lower[first - 1] == "to"
        && matches!(
            lower[first - 2].as_str(),
            "rose" | "risen" | "climbed" | "toll"
        )
    {
        return true;
    }
    // "13 Taliban insurgents were killed", "seven dead"
    for k in last + 1..(last + 1 + WINDOW_AFTER).min(tokens.len()) {
        let gap = &clause[tokens[k - 1].span.1..tokens[k].span.0];
        if gap.contains([';', '('])
            || (gap.contains(',') && k > last + 1 && !lower[k].starts_with("includ"))
        {
            return false;
        }
        let w = lower[k].as_str();
        if lexicon::INJURY_WORDS.contains(w) {
            return false;
        }
        if lexicon::DEATH_WORDS.contains(w) {
            return w != "lost" || lower.get(k + 1).is_some_and(|n| n == "their");
        }
        if k > last + 1 && w == "and" {
            return false;
        }
    }
    false
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
    fn tolls_table() {
        let rows: [(&str, u32); 13] = [
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
            ("killing 2 policemen and injuring 3", 2),
            ("5 Taliban militants were killed and 3 were wounded", 5),
            ("1 Arbaki was wounded by Taliban militants", 0),
            ("a policeman was killed in the attack", 1),
            (
                "releasing 100 Taliban militants in a prisoner swap for 20 of its security forces",
                0,
            ),
            ("the death toll rose to 12", 12),
            ("three people lost their lives", 3),
        ];
        for (text, expected) in rows {
            assert_eq!(death_toll(text, &[]).killed, expected, "{text}");
        }
    }

    #[test]
    fn coded_figures_table() {
        let rows = [
            (
                "24 were killed. Fatalities split across 2 events (12).",
                24,
                Some(12),
            ),
            (
                "12 militants were killed (split across 3 events) in Musa Qala",
                12,
                Some(4),
            ),
            (
                "46 militants were killed (coded across 3 events, 15 fatalities each)",
                46,
                Some(15),
            ),
            (
                "multiple soldiers were killed. Unknown fatalities are coded as 10.",
                0,
                Some(10),
            ),
            ("5 were killed in Kunduz", 5, None),
        ];
        for (text, toll, expected) in rows {
            assert_eq!(coded_figure(text, toll), expected, "{text}");
        }
    }

    #[test]
    fn victims_and_injuries_are_reported() {
        let text = "killing 2 soldiers and injuring 2";
        let toll = death_toll(text, &[]);
        assert!(toll.injuries);
        assert_eq!(
            toll.victims.first().map(|s| &text[s.0..s.1]),
            Some("soldiers")
        );
    }
}
