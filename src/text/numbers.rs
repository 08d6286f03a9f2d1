//! Number expressions: figures ("13", "6,000"), number words ("Eight", "twenty-five",
//! "one hundred"), vague amounts ("dozens", "several") and their qualifiers ("at least",
//! "nearly", "more than").

use std::sync::LazyLock;

use regex::Regex;

use super::Span;

/// A number found in text.
#[derive(Debug, Clone, PartialEq)]
pub struct Quantity {
    /// The value; for vague words, the figure coders use (dozens 12, hundreds 100).
    pub value: u32,
    /// Byte span in the searched text, qualifier included.
    pub span: Span,
    /// A vague amount ("dozens", "several").
    pub vague: bool,
    /// A four-digit figure that reads as a year (1900 to 2099 with no qualifier).
    pub year_like: bool,
    /// Followed by "%" or "percent".
    pub percent: bool,
}

const UNITS: [(&str, u32); 20] = [
    ("zero", 0),
    ("one", 1),
    ("two", 2),
    ("three", 3),
    ("four", 4),
    ("five", 5),
    ("six", 6),
    ("seven", 7),
    ("eight", 8),
    ("nine", 9),
    ("ten", 10),
    ("eleven", 11),
    ("twelve", 12),
    ("thirteen", 13),
    ("fourteen", 14),
    ("fifteen", 15),
    ("sixteen", 16),
    ("seventeen", 17),
    ("eighteen", 18),
    ("nineteen", 19),
];
const TENS: [(&str, u32); 8] = [
    ("twenty", 20),
    ("thirty", 30),
    ("forty", 40),
    ("fifty", 50),
    ("sixty", 60),
    ("seventy", 70),
    ("eighty", 80),
    ("ninety", 90),
];
/// Vague amounts and the figure a coder records for them (ACLED: lowest plausible figure).
const VAGUE: [(&str, u32); 12] = [
    ("a dozen", 12),
    ("dozen", 12),
    ("dozens", 12),
    ("scores", 20),
    ("hundreds", 100),
    ("thousands", 1000),
    ("several", 3),
    ("a few", 3),
    ("few", 3),
    ("a couple", 2),
    ("couple", 2),
    ("a number", 3),
];

/// Parses one number word or hyphenated compound ("eight", "Twenty-five", "a"): None if not
/// a number word.
///
/// ```
/// use incident_map::text::parse_number_word;
/// assert_eq!(parse_number_word("Eight"), Some(8));
/// assert_eq!(parse_number_word("twenty-five"), Some(25));
/// assert_eq!(parse_number_word("Taliban"), None);
/// ```
pub fn parse_number_word(word: &str) -> Option<u32> {
    let lower = word.to_ascii_lowercase();
    if let Some((tens, unit)) = lower.split_once('-') {
        let t = TENS.iter().find(|(w, _)| *w == tens)?.1;
        let u = UNITS.iter().find(|(w, _)| *w == unit)?.1;
        return Some(t + u);
    }
    UNITS
        .iter()
        .chain(TENS.iter())
        .find(|(w, _)| *w == lower)
        .map(|(_, v)| *v)
}

static NUMBER: LazyLock<Regex> = LazyLock::new(|| {
    let words = "zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety";
    let pattern = format!(
        r"(?ix)
        (?P<qual>\b(?:at\ least|at\ most|nearly|almost|about|around|approximately|roughly|some|more\ than|over|up\ to|as\ many\ as|less\ than|fewer\ than|under)\s+)?
        (?:
          (?P<digits>\b\d{{1,3}}(?:,\d{{3}})+\b|\b\d+\b)
          |
          (?P<words>\b(?:{words})(?:-(?:{words}))?(?:\s+(?:hundred|thousand))?\b|\ba\s+hundred\b|\bone\s+hundred\b)
          |
          (?P<vague>\b(?:a\ dozen|dozens|dozen|scores|hundreds|thousands|several|a\ few|a\ couple|a\ number)\b)
        )
        (?P<pct>\s*(?:%|percent|per\ cent))?"
    );
    #[allow(clippy::expect_used)]
    Regex::new(&pattern.replace(r"\b", r"(?-u:\b)")).expect("number pattern is valid")
});

/// Finds every number expression in a text.
///
/// ```
/// use incident_map::text::find_quantities;
/// let q = find_quantities("a roadside bomb killed at least seven civilians");
/// assert_eq!(q[0].value, 7);
/// ```
pub fn find_quantities(text: &str) -> Vec<Quantity> {
    let mut out = Vec::new();
    for caps in NUMBER.captures_iter(text) {
        let Some(whole) = caps.get(0) else { continue };
        let qualified = caps.name("qual").is_some();
        let percent = caps.name("pct").is_some();
        let (value, vague, year_like) = if let Some(d) = caps.name("digits") {
            let digits: String = d.as_str().chars().filter(char::is_ascii_digit).collect();
            let Ok(value) = digits.parse::<u32>() else {
                continue;
            };
            let year_like = d.as_str().len() == 4 && (1900..2100).contains(&value) && !qualified;
            (value, false, year_like)
        } else if let Some(w) = caps.name("words") {
            let lower = w.as_str().to_ascii_lowercase();
            let mut parts = lower.split_whitespace();
            let first = parts.next().unwrap_or("");
            let base = if first == "a" {
                1
            } else {
                parse_number_word(first).unwrap_or(0)
            };
            let value = match parts.next() {
                Some("hundred") => base * 100,
                Some("thousand") => base * 1000,
                _ => base,
            };
            (value, false, false)
        } else if let Some(v) = caps.name("vague") {
            let lower = v.as_str().to_ascii_lowercase();
            let value = VAGUE
                .iter()
                .find(|(w, _)| *w == lower)
                .map_or(3, |(_, n)| *n);
            (value, true, false)
        } else {
            continue;
        };
        // "hundred" following a figure: "2 hundred"
        out.push(Quantity {
            value,
            span: (whole.start(), whole.end()),
            vague,
            year_like,
            percent,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantities_table() {
        // (text, [(value, vague, year_like, percent)])
        let rows: [(&str, &[(u32, bool, bool, bool)]); 11] = [
            ("Eight civilians", &[(8, false, false, false)]),
            ("nearly 200 prisoners", &[(200, false, false, false)]),
            ("at least 20 personnel", &[(20, false, false, false)]),
            ("13 Taliban insurgents", &[(13, false, false, false)]),
            ("dozens of people", &[(12, true, false, false)]),
            ("6,000 prisoners", &[(6000, false, false, false)]),
            ("One hundred prisoners", &[(100, false, false, false)]),
            ("twenty-five dead", &[(25, false, false, false)]),
            ("the 2017 truck bombing", &[(2017, false, true, false)]),
            ("more than 40% of territory", &[(40, false, false, true)]),
            ("the Taliban said", &[]),
        ];
        for (text, expected) in rows {
            let got: Vec<(u32, bool, bool, bool)> = find_quantities(text)
                .into_iter()
                .map(|q| (q.value, q.vague, q.year_like, q.percent))
                .collect();
            assert_eq!(got, expected, "{text}");
        }
    }

    #[test]
    fn qualifier_is_inside_the_span() {
        let text = "killed at least seven civilians";
        let q = &find_quantities(text)[0];
        assert_eq!(&text[q.span.0..q.span.1], "at least seven");
    }
}
