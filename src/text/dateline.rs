//! The dateline that opens a wire or newspaper story: "KANSAS CITY, Kan. (AP) —",
//! "GAO, Mali, March 4 (Reuters) -", "AMMAN/BEIRUT (Reuters) -", "SAN SALVADOR, 3 JAN 90 (RADIO VENCEREMOS) --". It says
//! where the story was filed (the story's own place, which outweighs a same-named town
//! abroad) and, sometimes, when; it is never the place or date of an event itself.

use std::sync::LazyLock;

use chrono::NaiveDate;
use regex::Regex;

use super::Span;

/// A dateline found at the start of a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dateline {
    /// The whole dateline, separator included (byte span).
    pub span: Span,
    /// The place it names ("KANSAS CITY, Kan.", "GAO, Mali"), as written (byte span).
    pub place: Span,
    /// The day it gives, when it gives one.
    pub date: Option<NaiveDate>,
}

/// How far into a text a dateline may start (after a headline, a caption, a "related
/// coverage" line).
const SEARCH_BYTES: usize = 600;

/// How many line breaks may come before a dateline (blank lines count).
const MAX_LINES_BEFORE: usize = 8;

static DATELINE: LazyLock<Regex> = LazyLock::new(|| {
    #[allow(clippy::expect_used)]
    Regex::new(
        r"(?x)
        (?:^|\n)[\ \t]*
        (?P<place>
            [A-Z][A-Za-z.'\-]+(?:\ [A-Z][A-Za-z.'\-]+){0,3}      # a city
            (?:/[A-Z][A-Za-z.'\-]+(?:\ [A-Z][A-Za-z.'\-]+){0,2})? # /another city
            (?:,\ [A-Z][A-Za-z.'\-]+(?:\ (?:(?:of|the|and)\ ){0,2}[A-Z][A-Za-z.'\-]+){0,3})? # , State or Country (Republic of Congo)
        )
        (?:,\ (?P<date>
            \d{1,2}\ [A-Za-z]{3,9}\.?(?:\ \d{2,4})?              # 3 JAN 90
          | [A-Z][a-z]{2,8}\.?\ \d{1,2}(?:,\ \d{4})?             # March 4, 2020
        ))?
        (?:\ \((?P<source>[^()\n]{1,40})\))?
        [\ \t]*(?:--|—|–|-\ |:\ )
        ",
    )
    .expect("dateline pattern is valid")
});

/// The dateline at the start of a text, if it has one. The place must be written in
/// capitals ("KANSAS CITY") or followed by a news agency in parentheses.
///
/// ```
/// use incident_map::text::find_dateline;
/// let text = "KANSAS CITY, Kan. (AP) — Two men were shot outside a bar.";
/// let d = find_dateline(text, None).unwrap();
/// assert_eq!(&text[d.place.0..d.place.1], "KANSAS CITY, Kan.");
/// ```
pub fn find_dateline(text: &str, anchor: Option<NaiveDate>) -> Option<Dateline> {
    let head_end = text
        .char_indices()
        .map(|(i, _)| i)
        .find(|&i| i >= SEARCH_BYTES)
        .unwrap_or(text.len());
    let head = &text[..head_end];
    let (caps, whole, place) = DATELINE.captures_iter(head).find_map(|caps| {
        let whole = caps.get(0)?;
        let place = caps.name("place")?;
        // A scraped page may open with a caption or a "related coverage" line or two.
        if head[..whole.start()].matches('\n').count() > MAX_LINES_BEFORE {
            return None;
        }
        let city = place.as_str().split(',').next().unwrap_or("");
        let in_capitals = city.chars().filter(|c| c.is_alphabetic()).count() >= 3
            && city.chars().all(|c| !c.is_lowercase());
        (in_capitals || caps.name("source").is_some()).then_some((caps, whole, place))
    })?;
    let start = whole.start() + (whole.as_str().len() - whole.as_str().trim_start().len());
    // "SAVANNAH, GA (August 2, 2015):": the parentheses may hold the day instead of a
    // source, written in full.
    let date = caps
        .name("date")
        .and_then(|d| parse_dateline_date(d.as_str(), anchor))
        .or_else(|| {
            caps.name("source")
                .and_then(|s| super::find_dates(s.as_str(), None).into_iter().next())
                .filter(|d| d.precision == crate::model::TimePrecision::Day)
                .map(|d| d.date)
        });
    Some(Dateline {
        span: (start, whole.end()),
        place: (place.start(), place.end()),
        date,
    })
}

/// "3 JAN 90", "4 March 2020", "March 4, 2020", "March 4" (year from the anchor).
fn parse_dateline_date(text: &str, anchor: Option<NaiveDate>) -> Option<NaiveDate> {
    let found = super::find_dates(text, anchor).into_iter().next();
    if let Some(d) = found {
        return Some(d.date);
    }
    // Two-digit years ("3 JAN 90").
    let parts: Vec<&str> = text.split_whitespace().collect();
    if let [day, month, year] = parts[..]
        && let (Ok(day), Ok(year)) = (day.parse::<u32>(), year.parse::<i32>())
        && year < 100
    {
        let year = if year >= 50 { 1900 + year } else { 2000 + year };
        let month = super::dates::month_number(month.trim_end_matches('.'))?;
        return NaiveDate::from_ymd_opt(year, month, day);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn datelines_table() {
        // (text, expected place, expected date)
        let rows: [(&str, Option<&str>, Option<(i32, u32, u32)>); 15] = [
            // a story filed from two cities
            (
                "AMMAN/BEIRUT, March 4, 2021 (Reuters) - Shells hit the camp.",
                Some("AMMAN/BEIRUT"),
                Some((2021, 3, 4)),
            ),
            // the parentheses may hold the day, and a colon end the dateline
            (
                "DORTON, GA (May 4, 2016): Two men were shot early this morning.",
                Some("DORTON, GA"),
                Some((2016, 5, 4)),
            ),
            ("LAGOS: Gunmen kidnapped a banker.", Some("LAGOS"), None),
            (
                "KANSAS CITY, Kan. (AP) — Two men were shot.",
                Some("KANSAS CITY, Kan."),
                None,
            ),
            ("INDIANAPOLIS — A woman died.", Some("INDIANAPOLIS"), None),
            (
                "  PUERTO LEMPIRA, 3 JAN 90 (RADIO CADENA) -- [TEXT] A BOMB WENT OFF.",
                Some("PUERTO LEMPIRA"),
                Some((1990, 1, 3)),
            ),
            (
                "GAO, Mali, March 4, 2021 (Reuters) - Rebels shelled the town.",
                Some("GAO, Mali"),
                Some((2021, 3, 4)),
            ),
            // a country's name with small words in it
            (
                "BUKAVU, Democratic Republic of the Congo, March 4, 2021 (Reuters) - Rebels \
                 shelled the town.",
                Some("BUKAVU, Democratic Republic of the Congo"),
                Some((2021, 3, 4)),
            ),
            (
                "MOSTAR, Bosnia and Herzegovina (AP) - A bomb went off.",
                Some("MOSTAR, Bosnia and Herzegovina"),
                None,
            ),
            (
                "Shooting leaves two hurt\nTOPEKA, Kan. (WIBW) - Police are looking for a man.",
                Some("TOPEKA, Kan."),
                None,
            ),
            // a scraped page's caption and "related" line come first
            (
                "Tape at the scene\n\nRelated: Council votes on budget\n\nSALEM, Ore. (KXYZ) — A man was hurt.",
                Some("SALEM, Ore."),
                None,
            ),
            // a capitalised line that is no dateline does not hide the one after it
            (
                "Update - Police Respond\nDOVER, Del. (AP) — Two were hurt.",
                Some("DOVER, Del."),
                None,
            ),
            (
                "Police said - and the mayor agreed - that it was calm.",
                None,
                None,
            ),
            ("The Army -- said nothing.", None, None),
            ("Rebels shelled Gao on Monday.", None, None),
        ];
        for (text, place, date) in rows {
            let found = find_dateline(text, None);
            assert_eq!(
                found.as_ref().map(|d| &text[d.place.0..d.place.1]),
                place,
                "{text}"
            );
            let want = date.and_then(|(y, m, d)| NaiveDate::from_ymd_opt(y, m, d));
            assert_eq!(found.and_then(|d| d.date), want, "{text}");
        }
    }
}
