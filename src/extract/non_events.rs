//! What a story tells that is not its news: an earlier year's event ("jailed over the 2013
//! mall attack"), an accident or a disaster, a game told in words of war, a show of arms, a
//! craft named for its use ("attack helicopters"), a question of why, an event years gone by
//! ("ten years after gunmen killed"), a killing in a figure of speech ("killing any hope").
//! The extractor reads no incident from these.

use super::{DateExpr, Span, fatalities, lexicon};
use crate::taxonomy::TimePrecision;

/// How long before a story's date an event known only by its month or year is the story's
/// history ("the 2015 bombing" in a 2019 story), not its news.
const HISTORY_DAYS: i64 = 366;

/// How long before a story's date an event told to the day is the story's history ("on
/// June 6, 1944" in a book review). Shorter spans are news told late (a trial, a report,
/// an assassination a story recalls to say who ordered it), and a story's own date may be
/// off by a year or two.
const HISTORY_DAYS_TO_THE_DAY: i64 = 10 * 365;

/// True when `date` lies more than [`HISTORY_DAYS`] (known to the month or more only) or
/// [`HISTORY_DAYS_TO_THE_DAY`] (told to the day) before the story's date `day`.
pub(super) fn is_history(date: &DateExpr, day: chrono::NaiveDate) -> bool {
    let days_before = (day - date.date).num_days();
    match date.precision {
        TimePrecision::Month => days_before > HISTORY_DAYS,
        TimePrecision::Day => days_before > HISTORY_DAYS_TO_THE_DAY,
        _ => false,
    }
}

/// How many words before a trigger a year may name the event ("the 2013 Westgate mall
/// attack").
const YEAR_BEFORE_TRIGGER_WORDS: usize = 4;

/// How many words after a trigger "in <year>" may date the event ("the killing of a police
/// officer during a dispute in 2016").
const YEAR_AFTER_TRIGGER_WORDS: usize = 8;

/// True when `word` is a year (from 1900) before `article_year`.
fn is_an_earlier_year(word: &str, article_year: i32) -> bool {
    word.len() == 4
        && word.bytes().all(|b| b.is_ascii_digit())
        && word
            .parse::<i32>()
            .is_ok_and(|y| (1900..article_year).contains(&y))
}

/// True when a text names a year before `article_year` anywhere ("the 148 killed in the 2015
/// attack").
pub(super) fn mentions_an_earlier_year(text: &str, article_year: i32) -> bool {
    text.split(|c: char| !c.is_ascii_digit())
        .any(|w| is_an_earlier_year(w, article_year))
}

/// True when the trigger at `trigger` (in the lower-case clause) is an event named by a year
/// before `article_year`: a year among the few words right before it ("the 1995 massacre",
/// "in 2015 gunmen attacked") or "in <year>" among the words after it ("the killing of an
/// officer in 2016"), with no punctuation between.
pub(super) fn names_an_earlier_year(lower: &str, trigger: Span, article_year: i32) -> bool {
    const BREAKS: [char; 6] = [',', '.', ';', ':', '(', ')'];
    let head = lower.get(..trigger.0).unwrap_or("");
    let head = head.rfind(BREAKS).map_or(head, |i| &head[i + 1..]);
    if head
        .split_whitespace()
        .rev()
        .take(YEAR_BEFORE_TRIGGER_WORDS)
        .any(|w| is_an_earlier_year(w, article_year))
    {
        return true;
    }
    let tail = lower.get(trigger.1..).unwrap_or("");
    let tail = tail.find(BREAKS).map_or(tail, |i| &tail[..i]);
    let after: Vec<&str> = tail
        .split_whitespace()
        .take(YEAR_AFTER_TRIGGER_WORDS)
        .collect();
    after
        .windows(2)
        .any(|pair| pair[0] == "in" && is_an_earlier_year(pair[1], article_year))
}

/// How many words may stand between "ten years after" and the trigger ("ten years after
/// gunmen killed 166 people"), or between the trigger and "ten years ago" ("killed in an
/// explosion at a prison in the occupied town two years ago").
const YEARS_GONE_BY_WORDS: usize = 8;

/// How many words may stand between "ten years after" and the event it dates ("105
/// years after the first day of the battle").
const YEARS_AFTER_REACH: usize = 8;

/// The words (lower case, letters and digits) of a clause, split at anything else.
fn words_of(text: &str) -> Vec<&str> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect()
}

/// True when three words count years gone by: a count ("ten", "25", "a"), "years" (or
/// "decades"), and `then` ("after", "since", "ago").
fn counts_years(words: &[&str], then: &[&str]) -> bool {
    let [count, unit, word] = words else {
        return false;
    };
    (lexicon::COUNT_WORDS.contains(count) || count.bytes().all(|b| b.is_ascii_digit()))
        && matches!(*unit, "year" | "years" | "decade" | "decades")
        && then.contains(word)
}

/// True when the trigger at `trigger` (in the lower-case clause) is an event years gone by:
/// right after "ten years after" or "a year since" ("a vigil ten years after gunmen killed
/// 166 people", "one year since the murder of six priests"), or before "ten years ago".
pub(super) fn after_years_gone_by(lower: &str, trigger: Span) -> bool {
    const BREAKS: [char; 6] = [',', '.', ';', ':', '(', ')'];
    let before = lower.get(..trigger.0).unwrap_or("");
    let mut head = words_of(before.rfind(BREAKS).map_or(before, |i| &before[i + 1..]));
    // "Three years after insurgents overran the town, killing dozens, ...": a trigger
    // that opens its stretch after a comma goes on with the one before, whose years open
    // it however long it is.
    let mut from = head.len().saturating_sub(YEARS_AFTER_REACH + 2);
    if head.is_empty()
        && let Some(comma) = before.trim_end().strip_suffix(',')
    {
        head = words_of(comma.rfind(BREAKS).map_or(comma, |i| &comma[i + 1..]));
        from = 0;
    }
    if head[from..]
        .windows(3)
        .any(|w| counts_years(w, &["after", "since"]))
    {
        return true;
    }
    let tail = lower.get(trigger.1..).unwrap_or("");
    let tail = words_of(tail.find(BREAKS).map_or(tail, |i| &tail[..i]));
    let to = tail.len().min(YEARS_GONE_BY_WORDS + 3);
    tail[..to].windows(3).any(|w| counts_years(w, &["ago"]))
}

/// Where a clause (lower case) goes on, after a comma, to an earlier event set some days,
/// weeks or months back ("killed 12 people on Thursday, weeks after the same gang
/// massacred more than 100"): the byte offset of that comma. The dead counted after it are
/// the earlier event's.
pub(super) fn earlier_event_after_a_comma(lower: &str) -> Option<usize> {
    lower.match_indices(',').map(|(at, _)| at).find(|&at| {
        let words = words_of(&lower[at + 1..]);
        let Some(after) = words
            .iter()
            .take(EARLIER_EVENT_OPENING_WORDS)
            .position(|w| *w == "after")
        else {
            return false;
        };
        after > 0
            && matches!(
                words[after - 1],
                "hours" | "days" | "weeks" | "months" | "day" | "week" | "month"
            )
            && words[..after - 1].iter().all(|w| {
                lexicon::COUNT_WORDS.contains(w)
                    || w.bytes().all(|b| b.is_ascii_digit())
                    || matches!(
                        *w,
                        "a" | "an"
                            | "just"
                            | "only"
                            | "barely"
                            | "nearly"
                            | "about"
                            | "less"
                            | "more"
                            | "than"
                            | "few"
                            | "several"
                            | "some"
                    )
            })
    })
}

/// Where the first word of a trend is in a clause (lower case): a word of
/// [`lexicon::GENERIC`] ("rising", "so far", "twice a day"), but not "a day" that tells a
/// time apart ("arrested on Friday, a day after the attack") nor "declined to" that tells a
/// refusal ("after the senate declined to review fees").
pub(super) fn first_word_of_a_trend(lower: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(at) = lexicon::GENERIC
        .first_in(&lower[from..])
        .map(|at| from + at)
    {
        let next = lower[at..]
            .strip_prefix("a day")
            .and_then(|rest| rest.split_whitespace().next());
        let apart = next.is_some_and(|w| {
            matches!(
                w.trim_end_matches([',', '.', ';']),
                "before" | "after" | "later" | "earlier" | "ago"
            )
        });
        if !apart && !a_refusal(&lower[at..]) {
            return Some(at);
        }
        from = at + lower[at..].find(' ').unwrap_or(lower.len() - at);
    }
    None
}

/// Words that open the level a count "declined to" ("the lowest level", "about 40").
const BEFORE_A_LEVEL: [&str; 14] = [
    "a", "an", "the", "its", "their", "about", "around", "just", "less", "fewer", "only", "under",
    "below", "zero",
];

/// True when a text (lower case) starts with "declined" said of a refusal ("the senate
/// declined to review fees"), not of a count ("attacks declined to 40", "declined to the
/// lowest level").
fn a_refusal(lower: &str) -> bool {
    let mut words = lower.split_whitespace();
    words.next() == Some("declined")
        && words.next() == Some("to")
        && words.next().is_some_and(|w| {
            w.starts_with(|c: char| c.is_ascii_alphabetic()) && !BEFORE_A_LEVEL.contains(&w)
        })
}

/// How many words after the comma may open an earlier event ("just over two weeks after").
const EARLIER_EVENT_OPENING_WORDS: usize = 6;

/// How many words after a death toll's figure "since" may start its span ("200
/// Palestinians have been killed in the territory since January").
const SINCE_WORDS: usize = 8;

/// True when the words after "since" start a span of months or years: a month ("since
/// January", "since Oct. 7"), a year ("since 2019"), the start of something ("since the
/// start of the year") or records ("since records began").
fn a_long_span_since(then: &str, next: &str) -> bool {
    lexicon::MONTHS.contains(then)
        || lexicon::MONTH_ABBREVIATIONS.contains(then)
        || (then.len() == 4 && then.bytes().all(|b| b.is_ascii_digit()))
        || (then == "the" && matches!(next, "start" | "beginning" | "outbreak"))
        || then == "records"
}

/// True when the figure at `figure` (in the lower-case clause) is a running total of the
/// dead since a month or a year ("more than 200 killed since January", "1,000 dead since
/// 2019", "since the start of the year"), or is counted in the perfect after such a span
/// ("the exchanges of fire since October have killed more than 200"): many events added up,
/// no one incident's toll.
fn counts_since_a_month(lower: &str, figure: Span) -> bool {
    let tail = words_of(lower.get(figure.1..).unwrap_or(""));
    let word = |at: usize| tail.get(at).copied().unwrap_or("");
    let since_after = (0..tail.len().min(SINCE_WORDS))
        .any(|k| word(k) == "since" && a_long_span_since(word(k + 1), word(k + 2)));
    since_after || since_before_a_perfect(lower, figure)
}

/// How many words before a figure its clause's "since" may stand ("the raids since March
/// on the border villages have killed 40").
const SINCE_BEFORE_WORDS: usize = 12;

/// True when a span of months or years opens the clause before a figure counted in the
/// perfect ("the exchanges of fire since October have killed more than 200"), or records
/// do ("the deadliest month since records began, with 12 killed").
fn since_before_a_perfect(lower: &str, figure: Span) -> bool {
    let head = lower.get(..figure.0).unwrap_or("");
    let head = head.rfind(['.', ';', ':']).map_or(head, |i| &head[i + 1..]);
    let words = words_of(head);
    let near = &words[words.len().saturating_sub(SINCE_BEFORE_WORDS)..];
    // (a hedge may stand between: "have killed more than 200")
    let in_the_perfect = near[near.len().saturating_sub(4)..].windows(2).any(|pair| {
        matches!(pair[0], "has" | "have")
            && matches!(pair[1], "killed" | "claimed" | "left" | "cost")
    });
    let word = |at: usize| near.get(at).copied().unwrap_or("");
    let since_records = near.windows(2).any(|pair| pair == ["since", "records"]);
    since_records
        || in_the_perfect
            && (0..near.len())
                .any(|k| word(k) == "since" && a_long_span_since(word(k + 1), word(k + 2)))
}

/// True when the figure at `figure` (in the lower-case clause) counts many events' dead:
/// a war's over its years, a running total since a month, or the dead of a war told after
/// the figure. No one incident's toll.
pub(super) fn counts_a_running_total(lower: &str, figure: Span) -> bool {
    counts_a_wars_dead(lower, figure)
        || counts_since_a_month(lower, figure)
        || counted_in_a_war_after(lower, figure)
}

/// True when the dead counted at `figure` (in the lower-case clause) are told, after it,
/// in the perfect of a war as a whole: "more than 40,000 people have been killed in the
/// conflict", "3,000 have died in the war so far".
fn counted_in_a_war_after(lower: &str, figure: Span) -> bool {
    const REACH: usize = 10;
    let tail = lower.get(figure.1..).unwrap_or("");
    let tail = tail.find(['.', ';', ':']).map_or(tail, |i| &tail[..i]);
    let words = words_of(tail);
    let near = &words[..words.len().min(REACH)];
    let Some(perfect) = near
        .windows(2)
        .position(|pair| matches!(pair[0], "has" | "have") && matches!(pair[1], "been" | "died"))
    else {
        return false;
    };
    near[perfect..].windows(3).any(|w| {
        matches!(w[0], "in" | "during" | "throughout")
            && (WARS.contains(&w[1])
                || matches!(w[1], "the" | "this" | "that") && WARS.contains(&w[2]))
    })
}

/// True when the figure at `figure` (in the lower-case clause) counts the dead of a whole
/// war, told in the perfect: "the war, which has cost 70,000 lives", "a conflict that has
/// killed more than 10,000 people". That is background, not an incident.
pub(super) fn counts_a_wars_dead(lower: &str, figure: Span) -> bool {
    const REACH: usize = 8;
    let head = lower.get(..figure.0).unwrap_or("");
    let head = head.rfind(['.', ';', ':']).map_or(head, |i| &head[i + 1..]);
    let words = words_of(head);
    let near = &words[words.len().saturating_sub(REACH)..];
    let told_in_the_perfect = near.windows(2).any(|pair| {
        matches!(pair[0], "has" | "have" | "had")
            && matches!(pair[1], "cost" | "claimed" | "killed" | "left" | "taken")
    });
    // "Those wars killed 300,000 people": a war that kills, in any tense. (Its years may
    // stand between, set off by commas: "the civil war, from 2013 to 2018, killed".)
    let kills = |w: &str| matches!(w, "cost" | "claimed" | "killed" | "left");
    let the_war_kills = near
        .windows(2)
        .any(|pair| WARS.contains(&pair[0]) && kills(pair[1]))
        || WARS.iter().any(|war| {
            head.rfind(&format!("{war}, ")).is_some_and(|at| {
                let aside = &head[at + war.len() + 2..];
                aside.find(", ").is_some_and(|end| {
                    let rest = words_of(&aside[end + 2..]);
                    words_of(&aside[..end]).len() <= ASIDE_WORDS
                        && rest.len() <= 3
                        && rest.first().is_some_and(|w| kills(w))
                })
            })
        });
    // "the years of war that followed, in which 300,000 were killed"
    let years_of_war = words[words.len().saturating_sub(2 * REACH)..]
        .windows(3)
        .any(|w| matches!(w[0], "years" | "decades") && w[1] == "of" && WARS.contains(&w[2]))
        && near.ends_with(&["in", "which"]);
    // "the incursion has killed dozens", "raids have killed hundreds in recent years": a
    // campaign's dead, told in the perfect, are a running total too.
    let of_a_war_or_campaign = |w: &&str| WARS.contains(w) || CAMPAIGNS.contains(w);
    (told_in_the_perfect && near.iter().any(of_a_war_or_campaign)) || the_war_kills || years_of_war
}

/// Words for a campaign of many days or many events, whose dead told in the perfect ("the
/// offensive has killed 300") are a running total.
/// (Not "the violence", "the clashes" or "the fighting": after a clash is told, "the
/// violence has killed seven" is that clash's own toll.)
const CAMPAIGNS: [&str; 9] = [
    "incursion",
    "invasion",
    "offensive",
    "occupation",
    "siege",
    "crackdown",
    "campaign",
    "raids",
    "attacks",
];

/// How many words an aside between a war and the verb that counts its dead may hold.
const ASIDE_WORDS: usize = 6;

/// Words for a war as a whole, whose dead are counted over its years.
const WARS: [&str; 7] = [
    "war",
    "wars",
    "conflict",
    "insurgency",
    "uprising",
    "rebellion",
    "warfare",
];

/// How many words may stand between an anniversary's word and the event it recalls ("to
/// mark the anniversary of the massacre").
const ANNIVERSARY_REACH: usize = 5;

/// True when the trigger at `trigger` (in the lower-case clause) is the event an anniversary
/// or a commemoration recalls, a few words after it ("to mark the anniversary of the
/// massacre", "commemorating the 1994 genocide").
pub(super) fn recalled_by_an_anniversary(lower: &str, trigger: Span) -> bool {
    let head = words_of(lower.get(..trigger.0).unwrap_or(""));
    let from = head.len().saturating_sub(ANNIVERSARY_REACH);
    head[from..]
        .iter()
        .any(|w| lexicon::ANNIVERSARY.contains(w))
}

/// How many words an anniversary's event may run on before the clause that tells it ("the
/// anniversary of the mill massacre, when soldiers shot"; not "in commemoration of 1 May
/// 1963 in the city, when police arrested": that is the gathering's place and day).
const ANNIVERSARY_RECALL_WORDS: usize = 5;

/// True when the sentence before a trigger or a toll (lower case) marks an anniversary and
/// then tells what happened on the day it recalls: "to mark the anniversary of the massacre,
/// when soldiers shot dead 13 people", "the anniversary of the raid in which 40 died".
/// Not when a day of the gathering comes first ("marked the anniversary on Friday, when
/// police fired tear gas": that day's).
pub(super) fn told_after_an_anniversary(head: &str) -> bool {
    let words = words_of(head);
    let Some(at) = words.iter().rposition(|w| lexicon::ANNIVERSARY.contains(w)) else {
        return false;
    };
    let after = &words[at + 1..];
    let recalls = after.iter().position(|w| matches!(*w, "when" | "which"));
    // (A weekday's name may name the past event itself: "of Bloody Sunday, when".)
    let a_day_of_the_gathering = |at: usize| {
        let w = after[at];
        matches!(w, "today" | "yesterday" | "tonight")
            || (lexicon::WEEKDAYS.contains(w)
                && at > 0
                && matches!(after[at - 1], "on" | "last" | "this"))
    };
    recalls.is_some_and(|k| k <= ANNIVERSARY_RECALL_WORDS && !(0..k).any(a_day_of_the_gathering))
}

/// True when a sentence (lower case) counts years gone by anywhere ("ten years after",
/// "a year since", "25 years ago"): its dead, named without a trigger, may be the past's.
pub(super) fn mentions_years_gone_by(lower: &str) -> bool {
    words_of(lower)
        .windows(3)
        .any(|w| counts_years(w, &["after", "since", "ago"]))
}

/// True when a sentence (lower case) puts its deaths before an incident told before it:
/// "two victims who had died in the conflict", "a brawl the day before killed a man".
pub(super) fn tells_of_earlier_deaths(lower: &str) -> bool {
    const TOLD_AS_EARLIER: [&str; 9] = [
        "had died",
        "had been killed",
        "had killed",
        "day before",
        "previous day",
        "days before",
        "days earlier",
        "last year",
        "last month",
    ];
    TOLD_AS_EARLIER.iter().any(|p| lower.contains(p))
}

/// True when the trigger at `trigger` (in the lower-case clause) kills, attacks or shoots in
/// a figure of speech, or things no one counts as victims: "killing any hope of profit",
/// "killed the penalty", "cells that kill tumour cells", "attacked the budget plan",
/// "locusts attacked crops", "a hunter shot a buck".
pub(super) fn kills_figuratively(lower: &str, trigger: Span) -> bool {
    let rest = lower.get(trigger.1..).unwrap_or("");
    let head = || object_head(rest);
    match lower.get(trigger.0..trigger.1) {
        Some(t) if t.starts_with("kill") => {
            follows_a_figurative_object(rest)
                || head().is_some_and(|h| lexicon::NO_VICTIMS.contains(h))
        }
        // ("an attack on online competitors": the object after "on")
        Some(t) if t.starts_with("attack") => {
            let object = rest
                .trim_start()
                .strip_prefix("on ")
                .or_else(|| rest.trim_start().strip_prefix("against "))
                .unwrap_or(rest);
            object_head(object)
                .is_some_and(|h| lexicon::NO_VICTIMS.contains(h) || lexicon::CRITICISED.contains(h))
        }
        // "fighting a war on two fronts, against the worm and against drought": a fight
        // against an ill, not against people
        Some(t) if is_a_word_of_fighting(t) => foe_of_a_fight(rest)
            .is_some_and(|h| lexicon::NO_VICTIMS.contains(h) || lexicon::ILLS_FOUGHT.contains(h)),
        // "a hunter shot a 12-point buck"
        Some("shot" | "shoot" | "shoots") => rest
            .split_whitespace()
            .take(3)
            .any(|w| lexicon::NO_VICTIMS.contains(w.trim_end_matches([',', '.', ';']))),
        _ => false,
    }
}

/// True when a trigger's words name a fight or a war ("fighting", "battled", "war").
fn is_a_word_of_fighting(trigger: &str) -> bool {
    ["fight", "battl", "combat"]
        .iter()
        .any(|stem| trigger.starts_with(stem))
        || matches!(trigger, "war" | "wars" | "waged war")
}

/// The head of what a fight is against, in the clause after its trigger: the object of the
/// first "against" within [`FOE_WORDS`] words, else of the first "on" ("a war on poverty").
fn foe_of_a_fight(rest: &str) -> Option<&str> {
    let object_after = |preposition: &str| {
        let word = rest
            .split_whitespace()
            .take(FOE_WORDS)
            .find(|w| *w == preposition)?;
        // (the word's end, as a byte offset into `rest`)
        let end = word.as_ptr() as usize - rest.as_ptr() as usize + word.len();
        object_head(&rest[end..])
    };
    object_after("against").or_else(|| object_after("on"))
}

/// How many words after a fight's trigger are read for what it is against.
const FOE_WORDS: usize = 10;

/// True when `rest` opens with an object that a verb of killing takes only in a figure of
/// speech ("any hope", "the penalty"), or with a noun phrase whose head is a thing no one
/// dies of being ("its proposed $14 billion merger with a rival").
fn follows_a_figurative_object(rest: &str) -> bool {
    let opening: Vec<&str> = rest.split_whitespace().take(3).collect();
    (1..=opening.len()).any(|n| {
        let phrase = opening[..n].join(" ");
        lexicon::FIGURATIVE_KILL_OBJECTS.contains(phrase.trim_end_matches([',', '.', ';']))
    }) || object_head(rest).is_some_and(|head| lexicon::FIGURATIVE_KILL_NOUNS.contains(head))
}

/// How many words a verb's object may run to before its head noun.
const OBJECT_WORDS: usize = 6;

/// The last word of the noun phrase `rest` opens with: the words up to a preposition, a
/// conjunction or a punctuation mark (at most [`OBJECT_WORDS`]).
fn object_head(rest: &str) -> Option<&str> {
    const ENDS: [&str; 15] = [
        "with", "of", "in", "on", "at", "for", "after", "before", "by", "from", "during", "and",
        "that", "as", "near",
    ];
    let mut head = None;
    for word in rest.split_whitespace().take(OBJECT_WORDS) {
        let bare = word.trim_end_matches([',', '.', ';', ':', '"', ')']);
        if ENDS.contains(&bare) {
            break;
        }
        head = Some(bare);
        if bare.len() < word.len() {
            break;
        }
    }
    head
}

/// True when the trigger at `trigger` (in the lower-case clause) names an attack no one
/// armed made: an illness ("a heart attack", "a panic attack"), a beast's ("a shark
/// attack") or one on computers ("a ransomware attack").
pub(super) fn names_an_unarmed_attack(lower: &str, trigger: Span) -> bool {
    lower
        .get(trigger.0..trigger.1)
        .is_some_and(|t| t.starts_with("attack"))
        && words_of(lower.get(..trigger.0).unwrap_or(""))
            .last()
            .is_some_and(|w| lexicon::UNARMED_ATTACKERS.contains(w))
}

/// True when the trigger at `trigger` (in the lower-case clause) is "mine" or "mines" in a
/// clause of mining, with no word of a blast: "killed three miners at a gold mine" is no
/// landmine ("a mine exploded near the coal pit" still is).
pub(super) fn names_a_pit(lower: &str, trigger: Span) -> bool {
    matches!(lower.get(trigger.0..trigger.1), Some("mine" | "mines"))
        && lexicon::MINING_WORDS.any_in(lower)
        && !lexicon::BLAST_WORDS.any_in(lower)
}

/// True when the riot's trigger at `trigger` (in the lower-case clause) is one a player
/// "ran riot" in: in a game, a figure of speech.
pub(super) fn runs_riot(lower: &str, trigger: Span) -> bool {
    lower.get(trigger.0..trigger.1) == Some("riot")
        && words_of(lower.get(..trigger.0).unwrap_or(""))
            .last()
            .is_some_and(|w| matches!(*w, "ran" | "run" | "runs" | "running"))
}

/// True when a title is a review's ("Review: a war film that...", "Book review: ..."): a
/// film, a book or a show told in words of war.
pub(super) fn is_a_review(title: &str) -> bool {
    const REVIEWS: [&str; 7] = [
        "film review",
        "book review",
        "movie review",
        "album review",
        "theatre review",
        "theater review",
        "tv review",
    ];
    let lower = title.trim().to_ascii_lowercase();
    lower.starts_with("review:") || REVIEWS.iter().any(|r| lower.contains(r))
}

/// True when a clause (lower case) tells of a debate, in words of a fight ("the candidates
/// clashed over the economy in a televised debate"): a word of one, none of armed men or
/// police, no casualty.
pub(super) fn tells_of_a_debate(lower: &str) -> bool {
    lexicon::DEBATE_WORDS.any_in(lower)
        && !words_of(lower)
            .iter()
            .any(|w| lexicon::ARMED_OR_POLICE.contains(w))
        && !fatalities::mentions_casualty(lower)
}

/// True when a clause (lower case) tells of a crowd that celebrates ("poured into the
/// streets to celebrate the win, setting off fireworks"), with no violence and no
/// casualty: no protest and no riot.
pub(super) fn tells_of_a_celebration(lower: &str) -> bool {
    lexicon::CELEBRATION_WORDS.any_in(lower)
        && !lexicon::CROWD_VIOLENCE.any_in(lower)
        && !fatalities::mentions_casualty(lower)
}

/// True when a sentence (lower case) tells of killing only in figures of speech: every
/// "kill" takes a figurative object ("The Pioneers killed the penalty late in the third
/// period"), and no other word tells of the dead or the hurt.
pub(super) fn kills_only_figuratively(lower: &str) -> bool {
    let mut kills = lower.match_indices("kill").peekable();
    if kills.peek().is_none() {
        return false;
    }
    let others = [
        "slain", "murdered", "wounded", "injured", "hurt", "dead", "died",
    ];
    !words_of(lower).iter().any(|w| others.contains(w))
        && kills.all(|(at, _)| {
            let rest = &lower[at..];
            let verb_end = rest
                .find(|c: char| !c.is_ascii_alphabetic())
                .unwrap_or(rest.len());
            follows_a_figurative_object(&rest[verb_end..])
        })
}

/// True when a word of a trend at `generic_at` ("rising", "an increase") names what a
/// protest ending at `protest_end` is about, a word of grievance standing between them
/// ("protested over the rising cost of living", "marched to demand a wage increase"), not
/// a trend of protests ("protests have increased").
pub(super) fn is_a_protests_grievance(lower: &str, protest_end: usize, generic_at: usize) -> bool {
    protest_end <= generic_at
        && lower.get(protest_end..generic_at).is_some_and(|between| {
            words_of(between)
                .iter()
                .any(|w| lexicon::GRIEVANCE.contains(w))
        })
}

/// True when a sentence asks why or how ("Why do militias keep attacking villages?", "How
/// did the war begin?").
pub(super) fn is_a_question_of_why_or_how(sentence: &str) -> bool {
    let sentence = sentence.trim();
    let first = sentence.split_whitespace().next().unwrap_or("");
    sentence.ends_with('?')
        && (first.eq_ignore_ascii_case("why") || first.eq_ignore_ascii_case("how"))
}

/// True when the trigger at `trigger` names a kind of craft, the next word being one ("attack
/// aircraft", "attack helicopters"), not an event.
pub(super) fn names_a_craft(lower: &str, trigger: Span) -> bool {
    lower
        .get(trigger.1..)
        .and_then(|rest| rest.split_whitespace().next())
        .is_some_and(|next| lexicon::CRAFT_NOUNS.contains(next.trim_end_matches([',', '.', ';'])))
}

/// True when a clause (lower case) tells of a game, in the words of war sport uses ("Al
/// Ahly attacked from the first whistle and beat Zamalek 3-1", "shot 3 under par"): two
/// words of a game, no word of death or injury and none of armed men or police.
/// In a story of games ([`tells_of_games`]) no word of a game is needed ("He destroyed me
/// today," the runner-up said).
/// (In a story of games a word of death that counts no one and hurts no one is a figure of
/// speech too: "he was killing us from everywhere," the coach said.)
pub(super) fn tells_of_a_game(lower: &str, in_a_story_of_games: impl FnOnce() -> bool) -> bool {
    let words = words_of(lower);
    if words.iter().any(|w| lexicon::ARMED_OR_POLICE.contains(w)) {
        return false;
    }
    if !fatalities::mentions_casualty(lower) {
        return distinct_game_words(&words) >= MIN_GAME_WORDS || in_a_story_of_games();
    }
    // (Only "kill" in the present: no one was killed, died or lies dead. The story is asked
    // before the toll: its kind is read once, a toll for each clause.)
    !words
        .iter()
        .any(|w| lexicon::DEATH_WORDS.contains(w) && !matches!(*w, "kill" | "kills" | "killing"))
        && in_a_story_of_games()
        && {
            let toll = fatalities::death_toll(lower, &[]);
            toll.killed == 0 && !toll.injuries
        }
}

/// True when a text (any case) is a story of games, or of markets, which use the words of
/// war as freely ("fired fresh shots in a price war", "a long battle for the company"):
/// words of a game, or of trade, of at least [`MIN_GAME_STORY_WORDS`] kinds, in its first
/// [`GAME_STORY_LEAD_BYTES`] (a match report or a market report says what it is early).
pub(super) fn tells_of_games(text: &str) -> bool {
    let words = words_of(lead_of(text, GAME_STORY_LEAD_BYTES));
    distinct_game_words(&words) >= MIN_GAME_STORY_WORDS
        || distinct_words_of(&lexicon::MARKET_WORDS, &words) >= MIN_GAME_STORY_WORDS
}

/// The first `bytes` of a text (fewer, to end on a character's boundary): where a story
/// says what it is.
pub(super) fn lead_of(text: &str, bytes: usize) -> &str {
    let mut end = text.len().min(bytes);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// How many distinct words of a game the words (any case) hold.
fn distinct_game_words(words: &[&str]) -> usize {
    distinct_words_of(&lexicon::GAME_WORDS, words)
}

/// How many distinct words of `set` the words (any case) hold.
fn distinct_words_of(set: &lexicon::WordSet, words: &[&str]) -> usize {
    let mut found: Vec<String> = words
        .iter()
        .filter(|w| set.contains(w))
        .map(|w| w.to_ascii_lowercase())
        .collect();
    found.sort_unstable();
    found.dedup();
    found.len()
}

/// True when a clause (lower case) tells of a show of arms (an exercise, a military parade, a
/// missile test) with no casualty: no use of them.
pub(super) fn tells_of_a_show_of_arms(lower: &str) -> bool {
    lexicon::EXERCISE_WORDS.any_in(lower) && !fatalities::mentions_casualty(lower)
}

/// True when a story opens on a drill, a parade or a weapons test: a word of one in its
/// first [`DRILL_LEAD_SENTENCES`] sentences (the headline among them).
pub(super) fn opens_on_a_drill(sentences: &[crate::text::Sentence<'_>]) -> bool {
    sentences
        .iter()
        .take(DRILL_LEAD_SENTENCES)
        .any(|s| lexicon::EXERCISE_WORDS.any_in(&s.text.to_ascii_lowercase()))
}

/// How many of a story's first sentences are read for a drill.
const DRILL_LEAD_SENTENCES: usize = 2;

/// True when a sentence (lower case) tells of an accident or a disaster ("killed when a bus
/// collided with a truck", "floods have killed 23", "a stampede left 6 dead"): a word of one
/// and no word of violence done by people.
pub(super) fn tells_of_an_accident(lower: &str) -> bool {
    lexicon::ACCIDENT_WORDS.any_in(lower) && !lexicon::VIOLENCE_WORDS.any_in(lower)
}

/// True when a sentence (lower case) tells of a death by illness or age ("died at 79 after
/// a long illness"), with no word of violence.
pub(super) fn tells_of_a_natural_death(lower: &str) -> bool {
    lexicon::NATURAL_DEATH.any_in(lower) && !lexicon::VIOLENCE_WORDS.any_in(lower)
}

/// Distinct words of a game that make a clause a game's.
const MIN_GAME_WORDS: usize = 2;

/// Distinct words of a game that make a text a story of games.
const MIN_GAME_STORY_WORDS: usize = 4;

/// How much of a text is read for its words of a game.
const GAME_STORY_LEAD_BYTES: usize = 1_500;

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    #[test]
    fn a_wars_dead_counted_over_its_years_are_no_incident() {
        let rows: [(&str, &str, bool); 11] = [
            // a war's years set off by commas between it and its dead
            (
                "the civil war, from 1991 to 2002, killed an estimated 50,000 people",
                "50,000",
                true,
            ),
            (
                "the war veterans, angry at cuts, killed 3 guards",
                "3",
                false,
            ),
            (
                "the minister said the war, which has cost 9,000 lives, must end",
                "9,000",
                true,
            ),
            (
                "a conflict that has killed more than 400 people",
                "400",
                true,
            ),
            ("those wars killed 300,000 people", "300,000", true),
            (
                "the years of war that followed, in which 90,000 were killed",
                "90,000",
                true,
            ),
            // a campaign's dead in the perfect
            (
                "moscow says the incursion has killed dozens of civilians",
                "dozens",
                true,
            ),
            // a clash's own dead, and a toll that has risen
            ("the clash killed 4 soldiers near the river", "4", false),
            (
                "the violence has killed 4 soldiers near the river",
                "4",
                false,
            ),
            (
                "a clash in the war-torn north, in which 6 were killed",
                "6",
                false,
            ),
            (
                "the toll has risen to 12 after the war of words",
                "12",
                false,
            ),
        ];
        for (clause, figure, wars_dead) in rows {
            let at = clause.find(figure).unwrap_or(0);
            let span = (at, at + figure.len());
            assert_eq!(counts_a_wars_dead(clause, span), wars_dead, "{clause}");
        }
    }

    #[test]
    fn a_day_apart_and_a_refusal_are_no_trend() {
        let rows = [
            ("police held two men on friday, a day after the raid", None),
            ("a day later, police held two men", None),
            ("raids happen twice a day in the valley", Some(19)),
            ("a day after the raid, attacks were rising", Some(35)),
            (
                "pupils rioted after the board declined to reopen the hall",
                None,
            ),
            ("raids declined to 40 a month", Some(6)),
            ("raids declined to the lowest level in years", Some(6)),
        ];
        for (clause, want) in rows {
            assert_eq!(first_word_of_a_trend(clause), want, "{clause}");
        }
    }

    #[test]
    fn an_earlier_event_after_a_comma_is_set_apart() {
        // (clause, where the earlier event's comma is)
        let rows = [
            (
                "raiders killed 9 herders on friday, weeks after the same band killed 40",
                Some(34),
            ),
            (
                "a blast killed 3, just two days after a bombing in the same market",
                Some(16),
            ),
            // a time after that is no earlier event's, nor a comma without one
            ("a man died on friday, two days after he was shot", Some(20)),
            ("raiders killed 9 herders, the police said", None),
            (
                "raiders killed 9 herders on friday, after a dispute over cattle",
                None,
            ),
        ];
        for (clause, want) in rows {
            assert_eq!(earlier_event_after_a_comma(clause), want, "{clause}");
        }
    }

    #[test]
    fn a_game_told_in_words_of_war_is_a_game() {
        let rows: [(&str, bool); 8] = [
            (
                "their pace attack bowled the visitors out as they won the cricket match by 40 runs",
                true,
            ),
            (
                "the visitors attacked from the kickoff and scored twice in the league match",
                true,
            ),
            (
                "the champion weathered a fierce assault in the late rounds and won the bout",
                true,
            ),
            (
                "she attacked on the last climb and took the stage by ten seconds",
                true,
            ),
            (
                "she shot a 66, four under par, to lead the tournament",
                true,
            ),
            // armed men or a casualty make it more than a game
            (
                "police fired tear gas at fans outside the stadium after the match",
                false,
            ),
            ("a referee was stabbed to death after the match", false),
            // one word of a game is not enough
            ("gunmen attacked a bus carrying a football coach", false),
        ];
        for (clause, game) in rows {
            assert_eq!(tells_of_a_game(clause, || false), game, "{clause}");
        }
    }

    #[test]
    fn anniversaries_kills_and_attacks_in_figures_of_speech_and_market_stories() {
        // (sentence before the trigger, lower case; it tells the day an anniversary recalls)
        let rows = [
            (
                "crowds marked the 40th anniversary of the massacre, when soldiers",
                true,
            ),
            ("the anniversary of the raid in which", true),
            ("the anniversary of black friday, when troops", true),
            // a day of the gathering comes first: the clause is that day's
            (
                "crowds marked the anniversary of the uprising on friday, when police",
                false,
            ),
            ("crowds marked the anniversary, and police", false),
            (
                "a rally in commemoration of 1 may 1963 in the port city, when police",
                false,
            ),
        ];
        for (head, recalled) in rows {
            assert_eq!(told_after_an_anniversary(head), recalled, "{head}");
        }
        let rows = [
            (
                "engineered cells that kill tumour cells in mice",
                "kill",
                true,
            ),
            ("locusts attacked crops in the valley", "attacked", true),
            (
                "the opposition attacked the budget plan on tuesday",
                "attacked",
                true,
            ),
            ("gunmen attacked a rally in the square", "attacked", false),
            ("he launched an attack on online rivals", "attack", true),
            ("a hunter shot a 10-point buck at dawn", "shot", true),
            ("a sniper shot a boy at dawn", "shot", false),
            ("militants killed two traders", "killed", false),
            (
                "we are fighting a war on two fronts, against the worms and against dry spells",
                "fighting",
                true,
            ),
            (
                "the mayor declared war on poverty in the valley",
                "war",
                true,
            ),
            (
                "rangers battled against locusts near the lake",
                "battled",
                true,
            ),
            (
                "soldiers were fighting against rebels on the ridge",
                "fighting",
                false,
            ),
            ("gunmen fought on monday with the police", "fought", false),
        ];
        for (clause, trigger, figurative) in rows {
            assert_eq!(
                kills_figuratively(clause, span_of(clause, trigger)),
                figurative,
                "{clause}"
            );
        }
        // A market report's price war is words of war too; a story of a market attacked is
        // no market report.
        assert!(tells_of_games(
            "Shares in the retailer fell as investors fretted over profit margins in a price \
             war with rival supermarkets"
        ));
        assert!(!tells_of_games(
            "Gunmen attacked a market in the town, burning stalls and shops"
        ));
    }

    #[test]
    fn in_a_story_of_games_the_words_of_war_are_sports() {
        let story = "the champions won the final after a goal in the first half; the coach \
                     praised the fans";
        assert!(tells_of_games(story));
        // three kinds of game words are not yet a story of games
        assert!(!tells_of_games(
            "the coach of the league's team watched the match"
        ));
        let rows: [(&str, bool, bool); 6] = [
            ("\"she destroyed me today,\" the runner-up said", true, true),
            (
                "\"she destroyed me today,\" the runner-up said",
                false,
                false,
            ),
            // armed men or a casualty are news even in a story of games
            ("police attacked supporters outside", true, false),
            ("a steward was killed in the crush", true, false),
            (
                "\"he was killing us from everywhere,\" the coach said",
                true,
                true,
            ),
            (
                "\"he was killing us from everywhere,\" the coach said",
                false,
                false,
            ),
        ];
        for (clause, in_a_story, game) in rows {
            assert_eq!(tells_of_a_game(clause, || in_a_story), game, "{clause}");
        }
    }

    #[test]
    fn events_named_by_an_earlier_year_are_the_past() {
        // (clause in lower case, trigger word, the story's year, named by an earlier year)
        let rows: [(&str, &str, i32, bool); 8] = [
            (
                "three men were jailed over the 2011 harbour market attack",
                "attack",
                2021,
                true,
            ),
            (
                "she spoke at the memorial for the 1998 massacre",
                "massacre",
                2021,
                true,
            ),
            ("in 2016 gunmen attacked the depot", "attacked", 2021, true),
            (
                "convicted of shooting his cousin during a quarrel in 2017",
                "shooting",
                2021,
                true,
            ),
            // the story's own year, a later year, a punctuation mark between, too far after
            ("the 2021 attack on the depot", "attack", 2021, false),
            (
                "in 2016, the mayor said, gunmen attacked the depot",
                "attacked",
                2021,
                false,
            ),
            (
                "gunmen attacked the depot, as they had in 2016",
                "attacked",
                2021,
                false,
            ),
            (
                "gunmen attacked the depot and the school and the clinic near the market in 2016",
                "attacked",
                2021,
                false,
            ),
        ];
        for (clause, trigger, year, past) in rows {
            let Some(at) = clause.find(trigger) else {
                panic!("{trigger} in {clause}");
            };
            assert_eq!(
                names_an_earlier_year(clause, (at, at + trigger.len()), year),
                past,
                "{clause}"
            );
        }
    }

    #[test]
    fn a_date_known_to_the_month_a_year_before_the_story_is_history() {
        let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default();
        let date = |on, precision| DateExpr {
            date: on,
            precision,
            span: (0, 0),
            report_date: false,
        };
        let story = day(2021, 3, 10);
        let rows = [
            (date(day(2017, 1, 1), TimePrecision::Month), true),
            (date(day(2019, 12, 1), TimePrecision::Month), true),
            // last December, and a day long ago (told to the day, it is told as news)
            (date(day(2020, 12, 1), TimePrecision::Month), false),
            (date(day(2017, 5, 4), TimePrecision::Day), false),
            // a day decades before: a book's or an anniversary's
            (date(day(1944, 6, 6), TimePrecision::Day), true),
        ];
        for (d, history) in rows {
            assert_eq!(is_history(&d, story), history, "{d:?}");
        }
    }

    #[test]
    fn craft_questions_and_accidents_by_their_words() {
        assert!(names_a_craft("eight attack helicopters", (6, 12)));
        assert!(names_a_craft("he served as a bomb aimer", (15, 19)));
        assert!(names_a_craft("rebels seized a rocket launcher", (16, 22)));
        assert!(!names_a_craft("an attack on the depot", (3, 9)));
        assert!(is_a_question_of_why_or_how(
            "Why do militias keep raiding farms?"
        ));
        assert!(!is_a_question_of_why_or_how("Who fired on the convoy?"));
        assert!(!is_a_question_of_why_or_how(
            "Why the army withdrew is unclear."
        ));
        assert!(tells_of_an_accident(
            "a bus overturned near the bridge, killing four"
        ));
        assert!(!tells_of_an_accident(
            "a bus overturned after gunmen fired on it, killing four"
        ));
        assert!(!tells_of_an_accident(
            "the boy drowned after a gunman pushed him into the river"
        ));
        let table = [
            (
                "a lorry plunged into a gorge near the pass, killing nine",
                true,
            ),
            ("a van went off the road in thick fog", true),
            ("the bus went off a bend on the pass in fog", true),
            (
                "a fire tore through a textile mill overnight, killing 12",
                true,
            ),
            (
                "rebels set fire to the market; the blaze killed four",
                false,
            ),
            (
                "the militia claimed responsibility for the crash of the airliner",
                false,
            ),
        ];
        for (sentence, accident) in table {
            assert_eq!(tells_of_an_accident(sentence), accident, "{sentence}");
        }
        let clause = "she died of a heart attack at home";
        assert!(names_an_unarmed_attack(clause, span_of(clause, "attack")));
        let clause = "a surfer was hurt in a shark attack";
        assert!(names_an_unarmed_attack(clause, span_of(clause, "attack")));
        let clause = "a ransomware attack hit the hospital";
        assert!(names_an_unarmed_attack(clause, span_of(clause, "attack")));
        let clause = "the heart of the town came under attack";
        assert!(!names_an_unarmed_attack(clause, span_of(clause, "attack")));
    }

    #[test]
    fn a_running_total_since_a_month_is_no_incidents_toll() {
        let rows = [
            ("with more than 300 herders killed since march", "300", true),
            ("the 1,000 dead since 2019 in the region", "1,000", true),
            (
                "40 were killed since the start of the offensive",
                "40",
                true,
            ),
            ("gunmen killed 4 traders on monday", "4", false),
            ("5 were killed since the attack began", "5", false),
            // "since" farther after the figure, with a month abbreviated
            (
                "at least 9,120 people have been killed in the valley since oct. 3",
                "9,120",
                true,
            ),
            // a span of months before a figure counted in the perfect
            (
                "the daily shelling since june has killed more than 300 people",
                "300",
                true,
            ),
            ("the raid since dawn has killed 6 people", "6", false),
            // records before the figure
            (
                "the bloodiest week since records began, with 14 killed",
                "14",
                true,
            ),
            // a war's dead told in the perfect after the figure
            (
                "more than 20,000 have been killed in the insurgency",
                "20,000",
                true,
            ),
            ("300 have died in this war", "300", true),
            ("12 have been killed in clashes in the town", "12", false),
            ("12 were killed in the war's worst day", "12", false),
        ];
        for (clause, figure, total) in rows {
            assert_eq!(
                counts_a_running_total(clause, span_of(clause, figure)),
                total,
                "{clause}"
            );
        }
    }

    #[test]
    fn debates_celebrations_and_a_player_running_riot_are_no_events() {
        assert!(is_a_review("Review: a siege film that never lets up"));
        assert!(is_a_review("Book review: the long retreat"));
        assert!(!is_a_review("Army to review its checkpoints after ambush"));
        assert!(tells_of_a_debate(
            "the two mayoral hopefuls clashed over housing in a televised debate"
        ));
        assert!(!tells_of_a_debate(
            "supporters clashed with police after the debate, injuring six"
        ));
        assert!(tells_of_a_celebration(
            "thousands filled the square to celebrate the cup win, lighting fireworks"
        ));
        assert!(!tells_of_a_celebration(
            "fans celebrating the title clashed with riot police and looted shops"
        ));
        assert!(tells_of_a_celebration(
            "hundreds lined the road to welcome the relay team home"
        ));
        assert!(!tells_of_a_celebration(
            "hundreds lined the road to protest the closure of the clinic"
        ));
        assert!(tells_of_a_game(
            "she sacrificed a rook in a fierce attack at the chess olympiad",
            || false
        ));
        let clause = "the winger ran riot on the left";
        assert!(runs_riot(clause, span_of(clause, "riot")));
        let clause = "prisoners started a riot in the yard";
        assert!(!runs_riot(clause, span_of(clause, "riot")));
    }

    /// The span of `word` in `text`, for a trigger.
    fn span_of(text: &str, word: &str) -> Span {
        let at = text.find(word).unwrap_or(usize::MAX / 2);
        (at, at + word.len())
    }

    #[test]
    fn a_trend_a_protest_is_about_is_its_grievance() {
        // (lower-case clause, protest trigger, trend word, grievance)
        let rows: [(&str, &str, &str, bool); 4] = [
            (
                "traders protested over the rising cost of living",
                "protested",
                "rising",
                true,
            ),
            (
                "drivers marched to demand a wage increase",
                "marched",
                "increase",
                true,
            ),
            (
                "protests have increased across the region",
                "protests",
                "increased",
                false,
            ),
            (
                "as prices keep rising, traders protested",
                "protested",
                "rising",
                false,
            ),
        ];
        for (clause, protest, trend, grievance) in rows {
            assert_eq!(
                is_a_protests_grievance(
                    clause,
                    span_of(clause, protest).1,
                    span_of(clause, trend).0
                ),
                grievance,
                "{clause}"
            );
        }
    }

    #[test]
    fn events_years_gone_by_are_the_past() {
        // (lower-case clause, trigger word, years gone by)
        let rows: [(&str, &str, bool); 11] = [
            (
                "families held a vigil ten years after gunmen killed 40 people",
                "killed",
                true,
            ),
            (
                "a mass to mark one year since the murder of six monks",
                "murder",
                true,
            ),
            (
                "gunmen killed 40 people in the market 25 years ago",
                "killed",
                true,
            ),
            (
                "a decade since the bombing of the old bridge",
                "bombing",
                true,
            ),
            (
                "a hundred and five years after the first day of the battle",
                "battle",
                true,
            ),
            (
                "three years after rebels overran the old town of the north, killing dozens, people return",
                "killing",
                true,
            ),
            (
                "men killed in an explosion at a prison in the occupied town two years ago",
                "explosion",
                true,
            ),
            (
                "three years after the war, gunmen stormed a school, killing ten",
                "killing",
                false,
            ),
            // news beside the years: the count is of something else
            (
                "gunmen killed two farmers who had lived there for ten years",
                "killed",
                false,
            ),
            (
                "ten years after the war ended, it is calm, but gunmen shot a guard",
                "shot",
                false,
            ),
            (
                "two days after the riot, police arrested ten men",
                "arrested",
                false,
            ),
        ];
        for (clause, trigger, past) in rows {
            assert_eq!(
                after_years_gone_by(clause, span_of(clause, trigger)),
                past,
                "{clause}"
            );
        }
    }

    #[test]
    fn killing_in_a_figure_of_speech_is_no_killing() {
        let clause = "low prices are killing any hope of profit";
        assert!(kills_figuratively(clause, span_of(clause, "killing")));
        let clause = "gunmen killing three guards at the depot";
        assert!(!kills_figuratively(clause, span_of(clause, "killing")));
        assert!(kills_only_figuratively(
            "the rovers killed the penalty late in the third period"
        ));
        assert!(!kills_only_figuratively(
            "the rovers killed the penalty, and a fan was injured in a fight"
        ));
        assert!(!kills_only_figuratively("gunmen killed the village head"));
        let clause = "the senate killed her ambitious tax reform bill on monday";
        assert!(kills_figuratively(clause, span_of(clause, "killed")));
        let clause = "the gunmen killed the project's two engineers";
        assert!(!kills_figuratively(clause, span_of(clause, "killed")));
        assert!(!kills_only_figuratively("the army shelled the town"));
        assert!(mentions_years_gone_by(
            "a vigil two decades since the massacre"
        ));
        assert!(!mentions_years_gone_by(
            "a man who had lived there for ten years"
        ));
        let clause = "crowds gathered to mark the anniversary of the massacre";
        assert!(recalled_by_an_anniversary(
            clause,
            span_of(clause, "massacre")
        ));
        assert!(!recalled_by_an_anniversary(
            clause,
            span_of(clause, "gathered")
        ));
    }
}
