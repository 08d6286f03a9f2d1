//! Lines of a scraped page that are no part of its story.
//!
//! - Teasers point to other stories: a link after "Related:", "More:", "Read more:",
//!   "Watch:"; what they report is not the story's news. (A video list's titles, "3:02
//!   Mayor opens the bridge", are left: a page's first video is often its own story's, and
//!   blanking them all measured no better.)
//! - Page furniture speaks to the reader about the page itself: the reader's account
//!   ("Already a subscriber?", "Please sign in"), the browser ("Please enable JavaScript"),
//!   rights notices, sharing buttons. A paywall page holds nothing else, and its first line
//!   is no incident's sentence.

use std::sync::LazyLock;

use regex::Regex;

use super::Span;

static TEASER: LazyLock<Regex> = LazyLock::new(|| {
    #[allow(clippy::expect_used)]
    Regex::new(
        r"(?mx)
        ^[\ \t]*
        (?:[\p{So}•·»>*\-–—]+[\ \t]*)?                               # after a bullet: ► Related:
        (?:
            (?i:related(?:\ (?:coverage|stories|story|links?))?|read\ more|more|watch|video|also\ see|see\ also
               |read\ also|also\ read|you\ (?:may|might)\ also\ like|recommended|most\ read|trending|top\ stories
               |more\ stories|latest\ news|lire\ aussi|à\ lire\ aussi|más\ noticias|leia\ também)
            [\ \t]*:[^\n]*                                            # Related: a link
        )$",
    )
    .expect("teaser pattern is valid")
});

/// Labels of teasers that a page flattened into one line writes after a story's sentence
/// ("... the source said. Related: Floods in the north | Fire at the mill"): only labels no
/// story's sentence opens with, as written (capitalised).
const INLINE_TEASER_LABELS: [&str; 20] = [
    "Related",
    "Related coverage",
    "Related Coverage",
    "Related stories",
    "Related Stories",
    "Related story",
    "Related links",
    "RELATED",
    "RELATED STORIES",
    "Read more",
    "Read also",
    "Also read",
    "See also",
    "You may also like",
    "You might also like",
    "Most read",
    "More stories",
    "Más noticias",
    "À lire aussi",
    "Lire aussi",
];

/// The spans of the teasers inside lines: a label of [`INLINE_TEASER_LABELS`] and its colon
/// after a sentence's end and a space, to the end of the line. (Read from the colons, which
/// are few: a pattern tried at every sentence's end cost a sixth of extraction.)
fn inline_teasers(text: &str) -> impl Iterator<Item = Span> + '_ {
    text.match_indices(':').filter_map(move |(colon, _)| {
        let head = text[..colon].trim_end_matches([' ', '\t']);
        let label = INLINE_TEASER_LABELS
            .iter()
            .filter(|l| head.ends_with(*l))
            .max_by_key(|l| l.len())?;
        let start = head.len() - label.len();
        let before = text[..start].trim_end_matches([' ', '\t']);
        let spaced = before.len() < start;
        let after_a_sentence = before
            .chars()
            .next_back()
            .is_some_and(|c| matches!(c, '.' | '!' | '?' | '"' | '”' | ')'));
        let end = text[colon..].find('\n').map_or(text.len(), |i| colon + i);
        (spaced && after_a_sentence).then_some((start, end))
    })
}

/// Phrases that only the page's own furniture uses, by what they are about; a short line
/// holding one is furniture. Matched case-insensitively at word bounds.
static FURNITURE: LazyLock<Regex> = LazyLock::new(|| {
    #[allow(clippy::expect_used)]
    Regex::new(
        r"(?ix-u)\b(?:
            # the reader's account
            already\ a\ (?:print\ )?subscriber | (?:become\ a|full[-\ ]access|digital|online)\ subscriber | subscribers?\ get | (?:online\ |digital\ )?subscription\ required
          | need\ an\ online\ subscription | subscribe\ (?:now|today|to\ (?:our|the)) | (?:please\ )?(?:sign|log)\ in\ (?:to|using|with|now)
          | please\ (?:sign|log)\ in | (?:sign|log)\ in\ or\ (?:sign|register) | already\ have\ an\ account | create\ (?:an|your)\ account
          | your\ (?:account|profile|password|notification) | existing\ account | no\ email\ address\ was
          | sign\ up\ (?:here|for\ (?:our|one|the)|to\ receive) | (?:email|news)\ alerts? | owner\ of\ this\ article | thank\ you\ for\ (?:registering|signing\ up|subscribing)
          | verification\ (?:email|message|link) | confirmation\ email | email\ notifications | (?:our|email)\ newsletters?
          | terms\ of\ (?:service|use)\ and\ privacy | by\ submitting\ your\ registration
            # the page and the browser
          | enable\ javascript | javascript\ (?:is\ )?(?:disabled|required) | your\ browser | ad\ ?blocker | accept\ cookies | uses?\ cookies
          | premium\ content | digital\ pass | view\ offers | click\ (?:here\ to|on\ the\ button) | scroll\ down\ for
          | (?:article|page)\ (?:is\ )?(?:outdated|no\ longer\ available) | moved\ to\ (?:the\ )?archive
            # rights and sharing
          | all\ rights\ reserved | may\ not\ be\ (?:published|reproduced),?\ broadcast | share\ this\ (?:story|article)?\s*: | like\ loading
          | join\ the\ conversation | report\ an\ error | submit\ a\ tip\ to
        )\b",
    )
    .expect("furniture pattern is valid")
});

/// Single words a page's buttons and headings are made of; a line holding only these (and
/// punctuation) is furniture.
const BUTTON_WORDS: &[&str] = &[
    "advertisement",
    "close",
    "comments",
    "comment",
    "email",
    "facebook",
    "twitter",
    "pinterest",
    "google",
    "linkedin",
    "reddit",
    "whatsapp",
    "print",
    "share",
    "tweet",
    "more",
    "menu",
    "search",
    "subscribe",
    "login",
    "loading",
];

/// A line longer than this is a paragraph of the story, whatever it holds.
const FURNITURE_LINE_MAX_BYTES: usize = 320;

/// True when a line of a page is furniture: a short line with a phrase only furniture uses,
/// or a line of button words alone ("Twitter | Email | Print").
#[cfg(test)]
fn is_furniture(line: &str) -> bool {
    is_short_line(line) && (FURNITURE.is_match(line) || is_buttons(line))
}

/// True when a line is short enough to be furniture.
fn is_short_line(line: &str) -> bool {
    let line = line.trim();
    !line.is_empty() && line.len() <= FURNITURE_LINE_MAX_BYTES
}

/// Words of a line cut short with an ellipsis that make it a page's heading or teaser
/// ("Read the full story...", "Almost there..."), not a sentence of the story.
const CUT_SHORT_MAX_WORDS: usize = 5;

/// True when a line holds button words alone ("Twitter | Email | Print"), or is a heading
/// cut short with an ellipsis.
fn is_buttons(line: &str) -> bool {
    let trimmed = line.trim();
    if (trimmed.ends_with("...") || trimmed.ends_with('…'))
        && trimmed.split_whitespace().count() <= CUT_SHORT_MAX_WORDS
    {
        return true;
    }
    let mut words = line
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .peekable();
    words.peek().is_some() && words.all(|w| BUTTON_WORDS.iter().any(|b| b.eq_ignore_ascii_case(w)))
}

/// The byte spans of the lines of a page that are furniture (see the module's notes).
///
/// ```
/// use incident_map::text::furniture_lines;
/// let page = "Already a subscriber?\nA man was shot on Elm Road.\nTwitter | Email";
/// let spans = furniture_lines(page);
/// let lines: Vec<&str> = spans.iter().map(|&(a, b)| &page[a..b]).collect();
/// assert_eq!(lines, ["Already a subscriber?", "Twitter | Email"]);
/// ```
pub fn furniture_lines(text: &str) -> Vec<Span> {
    // One pass of the phrases over the whole text, then the lines that hold a match.
    let mut phrases = FURNITURE.find_iter(text).map(|m| m.start()).peekable();
    let mut spans = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let end = start + line.len();
        let mut has_phrase = false;
        while let Some(&at) = phrases.peek() {
            if at >= end {
                break;
            }
            has_phrase = true;
            phrases.next();
        }
        let body = line.trim_end_matches(['\n', '\r']);
        if is_short_line(body) && (has_phrase || is_buttons(body)) {
            spans.push((start, start + body.len()));
        }
        start = end;
    }
    spans
}

/// The byte spans of the lines of a text that point to other stories.
///
/// ```
/// use incident_map::text::teaser_lines;
/// let page = "A man was shot on Elm Road.\nRelated: Fire at the mill";
/// let spans = teaser_lines(page);
/// assert_eq!(spans.len(), 1);
/// assert_eq!(&page[spans[0].0..spans[0].1], "Related: Fire at the mill");
/// ```
pub fn teaser_lines(text: &str) -> Vec<Span> {
    let mut spans: Vec<Span> = TEASER
        .find_iter(text)
        .map(|m| (m.start(), m.end()))
        .chain(inline_teasers(text))
        .collect();
    spans.sort_unstable();
    spans
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn furniture_table() {
        // (line, furniture?)
        let rows: &[(&str, bool)] = &[
            ("Already a subscriber?", true),
            ("To play this clip, enable JavaScript", true),
            ("Copyright 2019 Channel 9. All rights reserved.", true),
            ("Thanks, and thank you for registering", true),
            (
                "We sent you a verification email; click the link in it.",
                true,
            ),
            ("Twitter | Facebook | Email", true),
            ("Advertisement", true),
            ("This page is no longer available, sorry", true),
            ("Sign in to keep reading", true),
            ("Sign up here to get our morning email alert", true),
            ("Why not become a digital subscriber today?", true),
            ("As the owner of this article you may edit it.", true),
            // the story's own sentences, even with a word of the web in them
            (
                "The gunman had posted threats on Facebook before the attack.",
                false,
            ),
            (
                "Protesters carried a sign in Spanish outside the court.",
                false,
            ),
            ("More than 20 people were hurt.", false),
            ("Police said the victim was a newspaper subscriber.", false),
            ("Close", true),
            ("Close to 300 people marched.", false),
            ("Continue with the full story...", true),
            ("Police said the gunman fled on foot and then...", false),
        ];
        for &(line, want) in rows {
            assert_eq!(is_furniture(line), want, "{line}");
        }
    }

    #[test]
    fn furniture_spans_are_whole_lines() {
        let page = "Subscription required\r\nTwo men were hurt in a fire.\nLike this: Like Loading";
        let got: Vec<&str> = furniture_lines(page)
            .into_iter()
            .map(|(a, b)| &page[a..b])
            .collect();
        assert_eq!(got, ["Subscription required", "Like this: Like Loading"]);
    }

    #[test]
    fn teasers_table() {
        // (page, the teaser lines it has)
        let rows: [(&str, &[&str]); 11] = [
            // a page flattened into one line: the label after a sentence's end
            (
                "Two men were hurt in Ridgeford. Related: Floods hit the valley | Fire at the mill",
                &["Related: Floods hit the valley | Fire at the mill"],
            ),
            (
                "A bus was hit near the depot (police said). You may also like: Storm warning",
                &["You may also like: Storm warning"],
            ),
            ("Officials said related: matters were discussed", &[]),
            (
                "Also read: Four hurt in a blast\nTwo men were hurt.",
                &["Also read: Four hurt in a blast"],
            ),
            (
                "A boy was shot.\nMore: Girl, 4, hurt in crash\nRELATED STORIES: Storm",
                &["More: Girl, 4, hurt in crash", "RELATED STORIES: Storm"],
            ),
            // after a bullet
            (
                "A boy was shot.\n► Related: Man, 20, killed in a crash\n• More: Storm",
                &["► Related: Man, 20, killed in a crash", "• More: Storm"],
            ),
            ("- 20 people marched: nobody was hurt.", &[]),
            (
                "Read more: Fire at the mill\nTwo men were hurt.",
                &["Read more: Fire at the mill"],
            ),
            ("More than 20 people marched: nobody was hurt.", &[]),
            ("Police said more: the road stays shut", &[]),
            ("Two men were hurt. Watch: the video", &[]),
        ];
        for (page, want) in rows {
            let got: Vec<&str> = teaser_lines(page)
                .into_iter()
                .map(|(a, b)| &page[a..b])
                .collect();
            assert_eq!(got, want, "{page}");
        }
    }
}
