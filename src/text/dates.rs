//! Date expressions, resolved against the article's publication date: explicit dates
//! ("March 4, 2020", "On 28 September 2019", "07-April-2019"), years ("2017"), months
//! ("in February"), weekdays ("on Tuesday" in a Wednesday article is the day before),
//! "yesterday", "last week", "last month", "in the last 24 hours". Each carries ACLED's
//! time_precision (1 day, 2 week, 3 month or more).

use std::sync::LazyLock;

use chrono::{Datelike, Days, Months, NaiveDate, Weekday};
use regex::Regex;

use super::Span;
use crate::taxonomy::TimePrecision;

/// A date expression found in text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DateExpr {
    /// The day (first day of the week, month or year for coarser precisions).
    pub date: NaiveDate,
    /// ACLED time_precision: day, week, month or more.
    pub precision: TimePrecision,
    /// Byte span in the searched text.
    pub span: Span,
    /// A report date ("As reported on ..."), the anchor of relative expressions after it,
    /// not the date of an event.
    pub report_date: bool,
}

/// The months' names, lower case.
pub const MONTH_NAMES: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// The weekdays' names, lower case.
pub const WEEKDAY_NAMES: [&str; 7] = [
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];

const MONTHS: &str = "january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec";
const WEEKDAYS: &str = "monday|tuesday|wednesday|thursday|friday|saturday|sunday";

static DATE: LazyLock<Regex> = LazyLock::new(|| {
    let pattern = format!(
        r"(?ix-u)
        (?P<reported>\b(?:(?:as\s+)?reported\s+on\s+|(?:last\s+)?(?:posted|updated|published|created|modified)(?:\s*:\s*|\s+on\s+)(?:(?:{WEEKDAYS}),?\s+)?|(?:posted|updated|published)\s+(?:{WEEKDAYS}),\s+|date\s*:\s*))?
        (?P<prior>\b(?:on\s+a\s+)?(?:night\s+)?prior\s+to\s+)?
        (?:
          \b(?P<rm>{MONTHS})\.?\s+(?P<ra>\d{{1,2}})(?:st|nd|rd|th)?\s*(?:-|–|to\s|and\s)\s*(?P<rb>\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s+(?P<ry>\d{{4}})\b)?
        | \b(?P<ra2>\d{{1,2}})(?:st|nd|rd|th)?\s*(?:-|–|to\s|and\s)\s*(?P<rb2>\d{{1,2}})(?:st|nd|rd|th)?[\s\-]+(?:of\s+)?(?P<rm2>{MONTHS})\b\.?(?:,?\s+(?P<ry2>\d{{4}})\b)?
        | \b(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?[\s\-/]+(?:of\s+)?(?P<m1>{MONTHS})\.?(?:[\s\-/,]+(?:\([a-z.\s]{{1,20}}\)\s*)?(?P<y1>\d{{4}}))?\b
        | \b(?P<m2>{MONTHS})\.?\s+(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?[\s\-]+(?P<y2>\d{{4}})\b)?
        | \b(?P<d3>\d{{1,2}})[\s/.\-](?P<n3>\d{{1,2}})[\s/.\-](?P<y3>\d{{4}})\b
        | \b(?:(?P<late>(?:early|mid|late|earlier|later)[\s\-]+)(?:in\s+)?)?(?P<m4>{MONTHS})\b(?:\s+(?P<y4>\d{{4}}))?
        | \b(?P<holiday>(?:on\ |over\ )?christmas\ (?:day|eve|night|morning)|(?:on|over)\ christmas|(?u:new\ year(?:'|’)?s?\ (?:day|eve))|halloween|(?:on\ |over\ )?thanksgiving\ (?:day|night|eve)|(?:on|over)\ thanksgiving|(?:the\ )?fourth\ of\ july)\b
        | \b(?P<weekend>(?:over|during)\ the\ weekend|last\ weekend|weekend\ (?:shootings?|violence|attacks?|stabbings?|killings?))\b
        | \b(?P<wd>{WEEKDAYS})\b
        | \b(?P<daybefore>(?:the\ )?day\ before\ yesterday)\b
        | \b(?P<yesterday>yesterday|last\ night)\b
        | \b(?P<today>today|this\ morning|tonight|this\ evening|earlier\ today)\b
        | \b(?P<last24>(?:in|over|during)\ (?:the\ )?(?:last\ |past\ )?(?:24|twenty-four|48)\ hours)\b
        | \b(?P<lastdays>(?:in|over|during)\ the\ (?:last|past)\ (?:few|several|two|three|\d)\ days|as\ happening\ overnight)\b
        | \b(?P<agon>a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d{{1,2}})[\s\-]+(?P<agounit>days?|weeks?|months?)\s+ago\b
        | \b(?P<lastweek>last\ week|earlier\ last\ week|this\ week|earlier\ this\ week|past\ week|in\ recent\ days)\b
        | \b(?P<lastmonth>last\ month|this\ month|earlier\ this\ month|past\ month)\b
        | \b(?P<lastyear>last\ year|this\ year)\b
        | \b(?P<year>(?:19[5-9]\d|20\d\d))\b
        )"
    );
    #[allow(clippy::expect_used)]
    Regex::new(&pattern.replace(r"\b", r"(?-u:\b)")).expect("date pattern is valid")
});

pub(super) fn month_number(name: &str) -> Option<u32> {
    let lower = name.to_ascii_lowercase();
    let key = lower.get(..3)?;
    let months = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    months.iter().position(|m| *m == key).map(|i| i as u32 + 1)
}

fn weekday(name: &str) -> Option<Weekday> {
    name.to_ascii_lowercase().parse::<Weekday>().ok()
}

/// A month-and-day without a year takes the anchor's year, or the year before when that
/// would put it more than a month after the anchor.
fn with_anchor_year(month: u32, day: u32, anchor: Option<NaiveDate>) -> Option<NaiveDate> {
    let anchor = anchor?;
    let date = NaiveDate::from_ymd_opt(anchor.year(), month, day)?;
    // Past chrono's last day, no date can be later than the anchor by a month.
    if anchor
        .checked_add_days(Days::new(31))
        .is_some_and(|limit| date > limit)
    {
        NaiveDate::from_ymd_opt(anchor.year() - 1, month, day)
    } else {
        Some(date)
    }
}

/// True when the text before a bare year ends with a word that makes it a date: "in",
/// "of", "since", "the", "during", "by".
fn year_cue_before(before: &str) -> bool {
    let trimmed = before.trim_end();
    if trimmed.len() == before.len() {
        return false; // the year must be its own word
    }
    let word_start = trimmed
        .char_indices()
        .rev()
        .find(|(_, c)| !c.is_ascii_alphabetic())
        .map_or(0, |(i, c)| i + c.len_utf8());
    let word = &trimmed[word_start..];
    ["in", "of", "since", "the", "during", "by"]
        .iter()
        .any(|cue| word.eq_ignore_ascii_case(cue))
}

/// The number a count word or figure of "two days ago" stands for ("a" is one).
fn count_word(word: &str) -> u64 {
    let words = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    let lower = word.to_ascii_lowercase();
    match lower.as_str() {
        "a" | "an" => 1,
        _ => words
            .iter()
            .position(|w| *w == lower)
            .map_or_else(|| lower.parse().unwrap_or(0), |i| i as u64 + 1),
    }
}

/// A date written in figures, "08/09/2014": day first as most of the world writes it,
/// unless that day is after the anchor and the month-first reading (as the United States
/// writes it) is not; then the latter.
fn numeric_date(
    year: i32,
    first: u32,
    second: u32,
    anchor: Option<NaiveDate>,
) -> Option<NaiveDate> {
    let day_first = NaiveDate::from_ymd_opt(year, second, first);
    let month_first = NaiveDate::from_ymd_opt(year, first, second);
    match (day_first, month_first, anchor) {
        (Some(d), Some(m), Some(a)) if d > a && m <= a => Some(m),
        (None, Some(m), _) => Some(m),
        (d, _, _) => d,
    }
}

/// The last day with this weekday on or before the anchor. The weekday right after the
/// anchor ("Thursday" in an article dated Wednesday) is the anchor itself: the article's
/// date is then a day behind its story (another time zone, the date of a first version),
/// not six days ahead of it.
fn last_weekday(day: Weekday, anchor: NaiveDate) -> Option<NaiveDate> {
    let back = (anchor.weekday().num_days_from_monday() + 7 - day.num_days_from_monday()) % 7;
    if back == 6 {
        return Some(anchor);
    }
    anchor.checked_sub_days(Days::new(u64::from(back)))
}

/// The day a holiday's name stands for, in the year that puts it on or before the anchor
/// (within a month after it, as a month-and-day without a year): Christmas Day or Eve,
/// New Year's Day or Eve, Halloween, Thanksgiving (the fourth Thursday of November, as in
/// the United States), the Fourth of July.
fn holiday(name: &str, anchor: Option<NaiveDate>) -> Option<NaiveDate> {
    let lower = name.to_ascii_lowercase();
    let (month, day) = if lower.contains("christmas") {
        (12, if lower.ends_with("eve") { 24 } else { 25 })
    } else if lower.contains("new year") {
        if lower.ends_with("eve") {
            (12, 31)
        } else {
            (1, 1)
        }
    } else if lower.contains("halloween") {
        (10, 31)
    } else if lower.contains("july") {
        (7, 4)
    } else {
        let anchor = anchor?;
        let year = with_anchor_year(11, 22, Some(anchor))?.year();
        let thanksgiving = NaiveDate::from_weekday_of_month_opt(year, 11, Weekday::Thu, 4)?;
        return if lower.ends_with("eve") {
            thanksgiving.pred_opt()
        } else {
            Some(thanksgiving)
        };
    };
    with_anchor_year(month, day, anchor)
}

/// The date written right after a weekday: ", Dec. 29", " (January 3)", ", 12 March"
/// (in the anchor's year, as a month-and-day without a year is read).
fn following_date(after: &str, anchor: Option<NaiveDate>) -> Option<NaiveDate> {
    let rest = after.trim_start_matches([',', ' ', '(']);
    if rest.len() == after.len() {
        return None;
    }
    let word_end = |s: &str| -> usize {
        s.find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(s.len())
    };
    let month_of = |w: &str| {
        MONTHS
            .split('|')
            .any(|m| m.eq_ignore_ascii_case(w))
            .then(|| month_number(w))
            .flatten()
    };
    let first = &rest[..word_end(rest)];
    let next = rest[first.len()..].trim_start_matches(['.', ' ']);
    let second = &next[..word_end(next)];
    let (month, day) = match month_of(first) {
        Some(month) => (month, second.parse::<u32>().ok()?),
        None if (1..=2).contains(&first.len()) => (month_of(second)?, first.parse::<u32>().ok()?),
        None => return None,
    };
    with_anchor_year(month, day, anchor)
}

/// Finds the date expressions of a text. `anchor` is the article's publication date; an
/// expression that needs one ("on Tuesday") is left out when there is none. A report date,
/// "As reported on DATE" or a page's "Posted: DATE" / "Updated on DATE", becomes the anchor
/// for the rest of the text.
///
/// ```
/// use chrono::NaiveDate;
/// use incident_map::text::find_dates;
/// let wednesday = NaiveDate::from_ymd_opt(2020, 4, 1);
/// let found = find_dates("talks in Kabul on Tuesday", wednesday);
/// assert_eq!(found[0].date, NaiveDate::from_ymd_opt(2020, 3, 31).unwrap());
/// ```
pub fn find_dates(text: &str, anchor: Option<NaiveDate>) -> Vec<DateExpr> {
    let mut anchor = anchor;
    let mut out = Vec::new();
    for caps in DATE.captures_iter(text) {
        let Some(whole) = caps.get(0) else { continue };
        let found = DateMatch {
            text,
            caps: &caps,
            whole,
        };
        let Some((date, precision)) = found.resolve(anchor) else {
            continue;
        };
        let report_date = found.is_report_date(precision);
        if report_date {
            anchor = Some(date);
        }
        out.push(DateExpr {
            date,
            precision: TimePrecision::from_code(precision).unwrap_or(TimePrecision::Month),
            span: found.span(),
            report_date,
        });
    }
    out
}

/// One match of the date pattern, as the steps of [`find_dates`] read it.
struct DateMatch<'c, 't> {
    /// The searched text.
    text: &'t str,
    /// The pattern's groups.
    caps: &'c regex::Captures<'t>,
    /// The whole match.
    whole: regex::Match<'t>,
}

impl<'t> DateMatch<'_, 't> {
    /// The text of a group, if it took part in the match.
    fn get(&self, name: &str) -> Option<&'t str> {
        self.caps.name(name).map(|m| m.as_str())
    }

    /// The figure of a group, read as a day or a month number.
    fn num(&self, name: &str) -> Option<u32> {
        self.get(name).and_then(|s| s.parse::<u32>().ok())
    }

    /// The figure of a group, read as a year. A figure below 1900 after a comma is a count
    /// that opens the next phrase, no year ("On 13 March, 1200 people were held").
    fn year(&self, name: &str) -> Option<i32> {
        let group = self.caps.name(name)?;
        let year = group.as_str().parse::<i32>().ok()?;
        let after_a_comma = self.text[..group.start()].trim_end().ends_with(',');
        (year >= 1900 || !after_a_comma).then_some(year)
    }

    /// The date the match stands for and its precision code (1 day, 2 week, 3 month or
    /// more), by the kind of expression it is; None for one that names no date here (a
    /// "May" that is a verb, a year without its cue, anything relative without `anchor`).
    fn resolve(&self, anchor: Option<NaiveDate>) -> Option<(NaiveDate, u8)> {
        let get = |name: &str| self.get(name);
        let num = |name: &str| self.num(name);
        let year = |name: &str| self.year(name);
        let range = (get("rm").or(get("rm2")).and_then(month_number))
            .zip(num("ra").or(num("ra2")))
            .zip(num("rb").or(num("rb2")));
        if let Some(((m, first), last)) = range {
            self.range_start(m, first, last, anchor)
        } else if let (Some(d), Some(m)) = (num("d1"), get("m1").and_then(month_number)) {
            month_day(year("y1"), m, d, anchor).map(|date| (date, 1))
        } else if let (Some(m), Some(d)) = (get("m2").and_then(month_number), num("d2")) {
            month_day(year("y2"), m, d, anchor).map(|date| (date, 1))
        } else if let (Some(d), Some(m), Some(y)) = (num("d3"), num("n3"), year("y3")) {
            numeric_date(y, d, m, anchor).map(|date| (date, 1))
        } else if let Some(m) = get("m4").and_then(month_number) {
            self.bare_month(m, anchor)
        } else if let Some(name) = get("holiday") {
            self.holiday_date(name, anchor)
        } else if self.caps.name("weekend").is_some() {
            // "over the weekend", "a weekend shooting": the weekend before the story, from
            // its Saturday, at week precision.
            anchor.and_then(|a| Some((last_weekday(Weekday::Sat, a)?, 2)))
        } else if let Some(day) = get("wd").and_then(weekday) {
            self.weekday_date(day, anchor)
        } else if self.caps.name("daybefore").is_some() {
            anchor.and_then(|a| Some((a.checked_sub_days(Days::new(2))?, 1)))
        } else if self.caps.name("yesterday").is_some() {
            anchor.and_then(|a| Some((a.checked_sub_days(Days::new(1))?, 1)))
        } else if self.caps.name("today").is_some() {
            self.today(anchor)
        } else if self.caps.name("last24").is_some() {
            anchor.and_then(|a| Some((a.checked_sub_days(Days::new(1))?, 1)))
        } else if let Some(phrase) = get("lastdays") {
            // "as happening overnight": the night before the report; "over the past 3
            // days": coded, as ACLED does, to the day before the report, within a week.
            let precision = if phrase.contains("overnight") { 1 } else { 2 };
            anchor.and_then(|a| Some((a.checked_sub_days(Days::new(1))?, precision)))
        } else if let (Some(n), Some(unit)) = (get("agon"), get("agounit")) {
            time_ago(n, unit, anchor)
        } else if let Some(phrase) = get("lastweek") {
            this_or_last_week(phrase, anchor)
        } else if let Some(phrase) = get("lastmonth") {
            this_or_last_month(phrase, anchor)
        } else if let Some(phrase) = get("lastyear") {
            this_or_last_year(phrase, anchor)
        } else if let Some(y) = year("year") {
            self.bare_year(y, anchor)
        } else {
            None
        }
    }

    /// A range of days in month `m`, `first` to `last` ("September 26-28 2019", "25 and 26
    /// August"): its first day.
    fn range_start(
        &self,
        m: u32,
        first: u32,
        last: u32,
        anchor: Option<NaiveDate>,
    ) -> Option<(NaiveDate, u8)> {
        // "September 26-28 2019", "25 and 26 August": the first day, at week
        // precision when the range is no longer than a week.
        let year = self.year("ry").or(self.year("ry2"));
        let precision = if last > first && last - first <= 7 {
            2
        } else {
            3
        };
        month_day(year, m, first, anchor).map(|date| (date, precision))
    }

    /// A month named without a day (month `m`): "in February", "late March 2019"; its
    /// first day, in the year given or the latest one not after `anchor`.
    fn bare_month(&self, m: u32, anchor: Option<NaiveDate>) -> Option<(NaiveDate, u8)> {
        // A bare month name: "May" is too often a verb to trust without a cue.
        // ("in" is read before the match, not in it: "in September 14, 2018" is a day.)
        let word_before = self.text[..self.whole.start()]
            .trim_end()
            .rsplit(|c: char| !c.is_ascii_alphabetic())
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        // "last August", "this March": the month of the past year, or of the anchor's.
        let which = ["last", "past", "this"].contains(&word_before.as_str());
        let cued = self.caps.name("late").is_some()
            || self.caps.name("y4").is_some()
            || word_before == "in"
            || which
            || self.whole.as_str().to_ascii_lowercase().contains("in ");
        let is_may_verb = self.get("m4").is_some_and(|s| s == "may");
        if !cued || is_may_verb {
            None
        } else {
            let y = self.year("y4").or_else(|| {
                anchor.map(|a| {
                    let this_one = word_before == "this";
                    let before_the_anchors = !this_one && word_before != "in" && which;
                    if m > a.month() && !this_one || m == a.month() && before_the_anchors {
                        a.year() - 1
                    } else {
                        a.year()
                    }
                })
            });
            y.and_then(|y| NaiveDate::from_ymd_opt(y, m, 1))
                .map(|date| (date, 3))
        }
    }

    /// A holiday by its `name` ("on Christmas Eve"): its day ([`holiday`]), in the year
    /// written after it ("on Christmas Eve in 2023", "New Year's Eve 2017"); none for a
    /// holiday's weekend.
    fn holiday_date(&self, name: &str, anchor: Option<NaiveDate>) -> Option<(NaiveDate, u8)> {
        let after = self.text[self.whole.end()..].trim_start();
        // "over the Thanksgiving weekend" is the weekend after the holiday.
        let a_weekend = after
            .get(..7)
            .is_some_and(|w| w.eq_ignore_ascii_case("weekend"));
        if a_weekend {
            return None;
        }
        let written_year = after
            .strip_prefix("in ")
            .or_else(|| after.strip_prefix("of "))
            .or_else(|| after.strip_prefix(", "))
            .unwrap_or(after)
            .get(..4)
            .filter(|y| y.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|y| y.parse::<i32>().ok())
            .filter(|y| (1900..=2100).contains(y));
        // (the holiday in that year: the year's last day as its anchor)
        let anchor = match written_year {
            Some(year) => NaiveDate::from_ymd_opt(year, 12, 31),
            None => anchor,
        };
        holiday(name, anchor).map(|date| (date, 1))
    }

    /// A weekday ("on Tuesday"): the last such day on or before `anchor`; none when an
    /// explicit date of that weekday follows (that date is read on its own).
    fn weekday_date(&self, day: Weekday, anchor: Option<NaiveDate>) -> Option<(NaiveDate, u8)> {
        // "Thursday, Dec. 29", "Tuesday (January 3)": the explicit date that follows
        // says which Thursday; it is read on its own (also when it falls on another day
        // of the week: a writer slips on the weekday more often than on the date).
        let its_date = following_date(&self.text[self.whole.end()..], anchor);
        // "last Wednesday" in a Tuesday article is six days before it, never its own day.
        let after_last = self.text[..self.whole.start()]
            .trim_end()
            .rsplit(|c: char| !c.is_ascii_alphabetic())
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case("last"));
        if its_date.is_some() {
            None
        } else if after_last {
            anchor.and_then(|a| {
                // (on the same weekday, "last Wednesday" is a week back)
                let back =
                    match (a.weekday().num_days_from_monday() + 7 - day.num_days_from_monday()) % 7
                    {
                        0 => 7,
                        back => back,
                    };
                Some((a.checked_sub_days(Days::new(u64::from(back)))?, 1))
            })
        } else {
            anchor.and_then(|a| Some((last_weekday(day, a)?, 1)))
        }
    }

    /// "today", "this morning", "tonight": the `anchor` itself; none for a word of a name
    /// ("USA Today").
    fn today(&self, anchor: Option<NaiveDate>) -> Option<(NaiveDate, u8)> {
        // "USA Today", "the Today show": a name's word, not the day.
        let in_a_name = self.whole.as_str().starts_with('T')
            && self.text[..self.whole.start()]
                .trim_end()
                .rsplit(' ')
                .next()
                .is_some_and(|w| w.starts_with(char::is_uppercase) && !w.ends_with('.'));
        if in_a_name {
            None
        } else {
            anchor.map(|a| (a, 1))
        }
    }

    /// A bare year `y` ("in 2017", "the 2017 bombing"): its first day, at month precision
    /// or more; none without a cue word before it or after `anchor`'s year.
    fn bare_year(&self, y: i32, anchor: Option<NaiveDate>) -> Option<(NaiveDate, u8)> {
        // A bare year needs its cue word ("in 2017", "the 2017 bombing"); the cue is
        // checked here rather than in the pattern, which then starts only at digits.
        let cued = year_cue_before(&self.text[..self.whole.start()]);
        let plausible = cued && anchor.is_none_or(|a| y <= a.year());
        if plausible {
            NaiveDate::from_ymd_opt(y, 1, 1).map(|d| (d, 3))
        } else {
            None
        }
    }

    /// True when the date found, of precision code `precision`, is a report date: after
    /// "As reported on", "Posted:", or a page's time stamp.
    fn is_report_date(&self, precision: u8) -> bool {
        let (text, whole) = (self.text, self.whole);
        // "July 6, 2015, 11:11 AM": a page's time stamp, the day it was published.
        // So is a full date alone on its line, or on a byline's ("By: Staff  May 16,
        // 2016", "Updated at 5:17 pm, March 31st, 2016").
        self.caps.name("reported").is_some()
            || (precision == 1
                && whole.as_str().bytes().filter(u8::is_ascii_digit).count() >= 5
                && (followed_by_a_clock_time(&text[whole.end()..])
                    || stands_on_a_stamp_line(text, whole.start(), whole.end())
                    || runs_into_a_sentence(text, whole.start(), whole.end())))
    }

    /// The byte span of the date expression.
    fn span(&self) -> Span {
        // The year pattern includes its cue word ("the 2017"); the span is the year alone.
        match self.caps.name("year") {
            Some(y) => (y.start(), y.end()),
            None => (self.whole.start(), self.whole.end()),
        }
    }
}

/// The day `day` of month `month`, in `year` when given, else in the anchor's year
/// ([`with_anchor_year`]).
fn month_day(
    year: Option<i32>,
    month: u32,
    day: u32,
    anchor: Option<NaiveDate>,
) -> Option<NaiveDate> {
    match year {
        Some(y) => NaiveDate::from_ymd_opt(y, month, day),
        None => with_anchor_year(month, day, anchor),
    }
}

/// "two days ago" (`n` "two", `unit` "days"): that many days, weeks or months before the
/// anchor, at day, week or month precision.
fn time_ago(n: &str, unit: &str, anchor: Option<NaiveDate>) -> Option<(NaiveDate, u8)> {
    // "two days ago" is a day; "three weeks ago" a week; "a month ago" a month.
    let n = count_word(n);
    let unit = unit.to_ascii_lowercase();
    anchor.and_then(|a| {
        if unit.starts_with("day") {
            Some((a.checked_sub_days(Days::new(n))?, 1))
        } else if unit.starts_with("week") {
            Some((a.checked_sub_days(Days::new(7 * n))?, 2))
        } else {
            Some((
                a.checked_sub_months(Months::new(u32::try_from(n).ok()?))?,
                3,
            ))
        }
    })
}

/// "last week" (the anchor less seven days), "this week", "in recent days" (the anchor),
/// at week precision.
fn this_or_last_week(phrase: &str, anchor: Option<NaiveDate>) -> Option<(NaiveDate, u8)> {
    let back = if phrase.to_ascii_lowercase().contains("last") {
        7
    } else {
        0
    };
    anchor.and_then(|a| Some((a.checked_sub_days(Days::new(back))?, 2)))
}

/// "last month", "this month": the first day of the month before the anchor's, or of the
/// anchor's, at month precision.
fn this_or_last_month(phrase: &str, anchor: Option<NaiveDate>) -> Option<(NaiveDate, u8)> {
    let last = phrase.to_ascii_lowercase().starts_with("last");
    anchor.and_then(|a| {
        let first = NaiveDate::from_ymd_opt(a.year(), a.month(), 1)?;
        let month = if last {
            first.checked_sub_months(Months::new(1))?
        } else {
            first
        };
        Some((month, 3))
    })
}

/// "last year", "this year": the first day of the year before the anchor's, or of the
/// anchor's, at month precision or more.
fn this_or_last_year(phrase: &str, anchor: Option<NaiveDate>) -> Option<(NaiveDate, u8)> {
    let back = i32::from(phrase.to_ascii_lowercase().starts_with("last"));
    anchor
        .and_then(|a| NaiveDate::from_ymd_opt(a.year() - back, 1, 1))
        .map(|d| (d, 3))
}

/// True when a clock time with its half of the day comes right after a date ("2015, 11:11
/// AM", " 6:02 p.m."): with the year, they stamp a page.
fn followed_by_a_clock_time(after: &str) -> bool {
    let rest = after.trim_start_matches([',', ' ', '\t', '-', '|', '@']);
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if !(1..=2).contains(&digits) || rest.as_bytes().get(digits) != Some(&b':') {
        return false;
    }
    let minutes = &rest[digits + 1..];
    if minutes.bytes().take_while(u8::is_ascii_digit).count() != 2 {
        return false;
    }
    let half = minutes[2..].trim_start().to_ascii_lowercase();
    ["am", "pm", "a.m.", "p.m."]
        .iter()
        .any(|h| half.starts_with(h))
        // "Nov 22, 2014, 00:10": a clock of 24 hours ends its line.
        || (digits == 2
            && minutes[2..]
                .trim_start_matches([' ', '\t'])
                .chars()
                .next()
                .is_none_or(|c| c == '\n' || c == '\r'))
}

/// True when the date at `start..end` stands on a line of its own (with a clock time at
/// most), or on a byline's or a time stamp's line ("By ...", "Updated ...", "Posted ..."):
/// the page's date, not an event's.
fn stands_on_a_stamp_line(text: &str, start: usize, end: usize) -> bool {
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i);
    let before = text[line_start..start].trim();
    let after = text[end..line_end].trim_matches(|c: char| c.is_whitespace() || c == ',');
    let stamp_word = before
        .split(|c: char| !c.is_alphanumeric())
        .next()
        .is_some_and(|w| {
            matches!(
                w.to_ascii_lowercase().as_str(),
                "by" | "updated" | "posted" | "published"
            )
        });
    let time_only = after.bytes().all(|b| {
        b.is_ascii_digit()
            || matches!(
                b,
                b':' | b' ' | b'.' | b'a' | b'p' | b'm' | b'A' | b'P' | b'M'
            )
    });
    (before.is_empty() || stamp_word) && time_only
}

/// True when a full date stands between a page's words and a sentence that starts right
/// after it, no stop between, as a page flattened into one line writes its stamp
/// ("... Monitor staff September 20, 2023 Heavy fighting broke out"): not after a
/// preposition or a comma that would make it the sentence's own date ("on May 2, 2019 Police
/// said" is read as dated).
fn runs_into_a_sentence(text: &str, start: usize, end: usize) -> bool {
    let mut after = text[end..].chars();
    let spaced = after.next() == Some(' ');
    let capital = after.next().is_some_and(|c| c.is_ascii_uppercase());
    let lower_next = after.next().is_some_and(|c| c.is_ascii_lowercase());
    let before = text[..start].trim_end();
    let last_word = super::last_word_lowercase(before);
    let dated_by_its_sentence = before.ends_with(',')
        || matches!(
            last_word.as_str(),
            "on" | "in"
                | "of"
                | "since"
                | "until"
                | "till"
                | "by"
                | "from"
                | "to"
                | "before"
                | "after"
                | "between"
                | "and"
                | "the"
                | "that"
                | "as"
        );
    spaced && capital && lower_next && !before.is_empty() && !dated_by_its_sentence
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
    }

    #[test]
    fn overnight_is_the_night_before_the_report() {
        let found = find_dates(
            "Reported on 14 June 2018 as happening overnight, fighting",
            None,
        );
        let last = found
            .last()
            .map(|d| (d.date, d.precision.code(), d.report_date));
        assert_eq!(last, Some((day(2018, 6, 13), 1, false)));
    }

    #[test]
    fn dates_table() {
        let wednesday = Some(day(2020, 4, 1));
        // (text, anchor, expected (date, precision) of the first expression)
        let rows: [(&str, Option<NaiveDate>, Option<(NaiveDate, u8)>); 57] = [
            // a figure after the comma is a count, not the year
            (
                "On 13 March, 1200 people were held",
                wednesday,
                Some((day(2020, 3, 13), 1)),
            ),
            // a name's word, not the day
            ("a study by USA Today found", wednesday, None),
            // "in" before a month and its day is no bare month's cue; a hedge in brackets
            // between a day and its year leaves the date whole
            (
                "the house was raided in June 9, 2017, by soldiers",
                None,
                Some((day(2017, 6, 9), 1)),
            ),
            (
                "the strike began in June",
                wednesday,
                Some((day(2019, 6, 1), 3)),
            ),
            // "last" before the weekday after the anchor's is six days back
            (
                "gunmen abducted 12 farmers last Thursday",
                wednesday,
                Some((day(2020, 3, 26), 1)),
            ),
            (
                "gunmen abducted 12 farmers on Thursday",
                wednesday,
                Some((day(2020, 4, 1), 1)),
            ),
            (
                "gunmen abducted 12 farmers last Wednesday",
                wednesday,
                Some((day(2020, 3, 25), 1)),
            ),
            // "last" or "this" before a month names its year
            (
                "gunmen raided the farm last August",
                wednesday,
                Some((day(2019, 8, 1), 3)),
            ),
            (
                "the talks failed last April",
                wednesday,
                Some((day(2019, 4, 1), 3)),
            ),
            (
                "the talks failed last March",
                wednesday,
                Some((day(2020, 3, 1), 3)),
            ),
            (
                "the vote is due this December",
                wednesday,
                Some((day(2020, 12, 1), 3)),
            ),
            (
                "12 July (or around) 2018. Traders blocked the road",
                None,
                Some((day(2018, 7, 12), 1)),
            ),
            // a weekday followed by its date is that date, not the weekday before the anchor
            (
                "the pair were shot on Thursday, Dec. 29, outside a bar",
                Some(day(2017, 1, 4)),
                Some((day(2016, 12, 29), 1)),
            ),
            (
                "a man was killed Tuesday (March 3) at the depot",
                Some(day(2020, 3, 12)),
                Some((day(2020, 3, 3), 1)),
            ),
            // figures read day first, unless only month first is not after the story
            (
                "the shop was robbed on 08/09/2014 at noon",
                Some(day(2014, 8, 12)),
                Some((day(2014, 8, 9), 1)),
            ),
            (
                "the shop was robbed on 08/09/2014 at noon",
                Some(day(2014, 9, 12)),
                Some((day(2014, 9, 8), 1)),
            ),
            (
                "the shop was robbed on 25/07/2014 at noon",
                Some(day(2014, 8, 12)),
                Some((day(2014, 7, 25), 1)),
            ),
            // ... and so is one whose weekday is a slip (the 11th was a Friday)
            (
                "he was shot on Wednesday, November 11, near the dam",
                Some(day(2016, 11, 23)),
                Some((day(2016, 11, 11), 1)),
            ),
            // holidays, in the year written after them
            (
                "on Christmas Eve in 2019, gunmen raided the farm",
                Some(day(2022, 3, 1)),
                Some((day(2019, 12, 24), 1)),
            ),
            (
                "a blast on New Year's Eve 2012 killed two",
                Some(day(2022, 3, 1)),
                Some((day(2012, 12, 31), 1)),
            ),
            // holidays, in the year that puts them before the anchor
            (
                "a shooting on Christmas Eve left two hurt",
                Some(day(2016, 1, 2)),
                Some((day(2015, 12, 24), 1)),
            ),
            (
                "killed at a party on New Year’s Eve",
                Some(day(2019, 1, 1)),
                Some((day(2018, 12, 31), 1)),
            ),
            (
                "five were shot on Christmas weekend",
                Some(day(2020, 12, 30)),
                None,
            ),
            (
                "a stabbing on Thanksgiving night",
                Some(day(2020, 11, 30)),
                Some((day(2020, 11, 26), 1)),
            ),
            // the weekend before the story, from its Saturday, at week precision
            (
                "three people were shot over the weekend",
                Some(day(2020, 4, 6)),
                Some((day(2020, 4, 4), 2)),
            ),
            (
                "a spate of weekend shootings in the city",
                wednesday,
                Some((day(2020, 3, 28), 2)),
            ),
            // a weekday is on or before the article's date ...
            (
                "two men were shot on Monday",
                wednesday,
                Some((day(2020, 3, 30), 1)),
            ),
            // ... and the day after it means the article's own day
            (
                "two men were shot early Thursday",
                wednesday,
                Some((day(2020, 4, 1), 1)),
            ),
            // so long ago: a day, a week or a month back from the anchor
            (
                "gunmen shot a guard two days ago",
                wednesday,
                Some((day(2020, 3, 30), 1)),
            ),
            (
                "TWO WEEKS AGO, THE ARMY SHELLED",
                wednesday,
                Some((day(2020, 3, 18), 2)),
            ),
            (
                "the raid a month ago",
                wednesday,
                Some((day(2020, 3, 1), 3)),
            ),
            (
                "a 3-day-old ceasefire, 10 days ago",
                wednesday,
                Some((day(2020, 3, 22), 1)),
            ),
            (
                "clashes in Zari over the past 3 days",
                wednesday,
                Some((day(2020, 3, 31), 2)),
            ),
            // ranges: the first day, at week precision
            (
                "Between October 3-6 2018, 40 recruits",
                None,
                Some((day(2018, 10, 3), 2)),
            ),
            (
                "On 11 and 12 March 2018, the rebels",
                None,
                Some((day(2018, 3, 11), 2)),
            ),
            (
                "clashes on May 20 to 22",
                wednesday,
                Some((day(2019, 5, 20), 2)),
            ),
            (
                "in Kunduz Province on March 4, 2020.",
                None,
                Some((day(2020, 3, 4), 1)),
            ),
            (
                "On 28 September 2019, Taliban",
                None,
                Some((day(2019, 9, 28), 1)),
            ),
            (
                "On 07-April-2019, 5 Taliban",
                None,
                Some((day(2019, 4, 7), 1)),
            ),
            (
                "On 17 06 2018, rebel fighters",
                None,
                Some((day(2018, 6, 17), 1)),
            ),
            (
                "On July 02 2019, 7 Afghan",
                None,
                Some((day(2019, 7, 2), 1)),
            ),
            (
                "the 2017 truck bombing",
                wednesday,
                Some((day(2017, 1, 1), 3)),
            ),
            (
                "arrived in Kabul on Tuesday",
                wednesday,
                Some((day(2020, 3, 31), 1)),
            ),
            (
                "officials said on Wednesday",
                wednesday,
                Some((day(2020, 4, 1), 1)),
            ),
            ("arrived in Kabul on Tuesday", None, None),
            (
                "late Friday in Qatar",
                Some(day(2020, 4, 12)),
                Some((day(2020, 4, 10), 1)),
            ),
            ("killed yesterday", wednesday, Some((day(2020, 3, 31), 1))),
            (
                "killed the day before yesterday",
                wednesday,
                Some((day(2020, 3, 30), 1)),
            ),
            (
                "KILLED THE DAY BEFORE YESTERDAY",
                wednesday,
                Some((day(2020, 3, 30), 1)),
            ),
            (
                "released last week",
                Some(day(2020, 4, 12)),
                Some((day(2020, 4, 5), 2)),
            ),
            (
                "gathered in Kabul last month",
                Some(day(2020, 9, 2)),
                Some((day(2020, 8, 1), 3)),
            ),
            (
                "killed in the last 24 hours",
                Some(day(2020, 9, 2)),
                Some((day(2020, 9, 1), 1)),
            ),
            (
                "signed a deal in late February",
                wednesday,
                Some((day(2020, 2, 1), 3)),
            ),
            (
                "by March 10, at which point",
                wednesday,
                Some((day(2020, 3, 10), 1)),
            ),
            ("Taliban may attack", wednesday, None),
            ("6,000 prisoners", wednesday, None),
            (
                "the invasion of 2001",
                wednesday,
                Some((day(2001, 1, 1), 3)),
            ),
        ];
        for (text, anchor, expected) in rows {
            let got = find_dates(text, anchor)
                .first()
                .map(|d| (d.date, d.precision.code()));
            assert_eq!(got, expected, "{text}");
        }
    }

    #[test]
    fn a_flattened_pages_stamp_run_into_the_lead_is_a_report_date() {
        let page = "Valley Courier staff October 9, 2024 Raiders burned a mill on Monday.";
        let found = find_dates(page, None);
        assert!(found[0].report_date, "{found:?}");
        let monday = found.iter().find(|d| !d.report_date).map(|d| d.date);
        assert_eq!(monday, Some(day(2024, 10, 7)));
        // The sentence's own date, after a preposition or a comma, is no stamp.
        for text in [
            "Raiders struck on October 9, 2024 Police said.",
            "The mill burned, October 9, 2024 Police said.",
        ] {
            assert!(!find_dates(text, None)[0].report_date, "{text}");
        }
    }

    #[test]
    fn a_page_header_date_is_a_report_date_and_anchors_what_follows() {
        // Published on a Wednesday, the page says it was posted on the Monday before.
        let wednesday = NaiveDate::from_ymd_opt(2021, 6, 9);
        let found = find_dates("Posted: Monday. The shop was robbed on Saturday", wednesday);
        assert!(found[0].report_date);
        assert_eq!(found[0].date, day(2021, 6, 7));
        let saturday = found.iter().find(|d| !d.report_date).map(|d| d.date);
        assert_eq!(saturday, Some(day(2021, 6, 5)));
        let updated = find_dates("Last updated on 3 March 2015", None);
        assert!(updated[0].report_date);
        // Not a header: "posted" without its colon or "on".
        assert!(!find_dates("guards posted Monday at the gate", wednesday)[0].report_date);
        // Nor a full date in a sentence, nor one with a line's words after it.
        for text in [
            "Two were shot on June 4, 2021 in Macon",
            "June 4, 2021\u{20}was the day two were shot",
            "On June 4, 2021, 10 people were shot",
        ] {
            assert!(!find_dates(text, None)[0].report_date, "{text}");
        }
        // A weekday between the header's word and its date, and a press release's "Date:".
        for header in [
            "Posted: Friday, June 4, 2021 7:14 PM EDT. Two were shot on Wednesday",
            "(Published Friday, June 4, 2021) Two were shot on Wednesday",
            "Date: June 4, 2021. Two were shot on Wednesday",
            "June 4, 2021, 11:11 AM Two were shot on Wednesday",
            // a byline's date on a line of its own, and a 24-hour stamp ending its line
            "By: Staff Reports\n\nJune 4, 2021\n\nTwo were shot on Wednesday",
            "Jun 4, 2021, 00:10\n\nTwo were shot on Wednesday",
            "Updated at 5:17 pm, June 4th, 2021\nTwo were shot on Wednesday",
        ] {
            let found = find_dates(header, None);
            assert!(found[0].report_date, "{header}");
            let event = found.iter().find(|d| !d.report_date).map(|d| d.date);
            assert_eq!(event, Some(day(2021, 6, 2)), "{header}");
        }
    }

    #[test]
    fn as_reported_on_anchors_what_follows() {
        let found = find_dates(
            "As reported on February 9 2018, over the past 24 hours, 14 died",
            None,
        );
        assert_eq!(found.len(), 2);
        assert!(found[0].report_date);
        assert_eq!(found[1].date, day(2018, 2, 8));
    }
}
