//! A text made easier to read for the extractor, byte for byte the same length as the
//! original (so every span found in it is a span of the original too):
//!
//! - **Hard-wrapped lines joined.** Wire copy is often broken into lines of about 70
//!   characters; a sentence then spans several lines. In a document whose lines are wrapped
//!   like that, a line break inside a paragraph becomes a space (a blank line or an indented
//!   line still starts a paragraph).
//! - **Capitals made ordinary.** In a text written in capitals, every word looks like a
//!   name. A word that the bundled list of common English words holds is written in lower
//!   case, any other word capitalised (so "KILLED IN SAN MIGUEL" reads "killed in San
//!   Miguel"); the first word of a sentence is capitalised.

use std::borrow::Cow;
use std::sync::OnceLock;

use rustc_hash::FxHashSet;

/// The bundled common English words (lower case, one a line; see `data/SOURCES.md`).
const COMMON_WORDS_GZ: &[u8] = include_bytes!("../../data/lexicon/common-words.txt.gz");

/// Words kept capitalised in a text written in capitals even though they are also common
/// English words: particles and words of place names in the languages of the regions the
/// app covers, and country names that are English words.
const KEEP_CAPITALISED: [&str; 22] = [
    "la", "las", "el", "los", "de", "del", "san", "santa", "santo", "do", "da", "dos", "al",
    "chile", "china", "turkey", "jordan", "chad", "niger", "georgia", "guinea", "colon",
];

/// Share of cased letters that must be capitals for a text to count as written in capitals.
const CAPITALS_SHARE: f64 = 0.8;
/// Capital letters a text needs, besides their share, to be read as written in capitals:
/// a one-sentence wire item is (about 60), a line of acronyms ("UN, NATO") is not.
const MIN_CAPITALS: usize = 40;
/// A document is hard-wrapped when at least this share of its lines (of 5 or more) is long.
const WRAPPED_SHARE: f64 = 0.6;
/// A line this long or longer counts as filled by a wrap.
const WRAPPED_LINE: usize = 50;
/// A wrapped document's lines are no longer than this.
const WRAP_WIDTH: usize = 110;

/// A bundled gzip word list (one lower-case word a line) as a set; empty, with a warning,
/// if it cannot be read.
fn read_word_list(gz: &[u8], what: &str) -> FxHashSet<String> {
    use std::io::Read;
    let mut text = String::new();
    if flate2::read::GzDecoder::new(gz)
        .read_to_string(&mut text)
        .is_err()
    {
        log::warn!("the bundled {what} could not be read");
        return FxHashSet::default();
    }
    text.lines()
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

fn common_words() -> &'static FxHashSet<String> {
    static WORDS: OnceLock<FxHashSet<String>> = OnceLock::new();
    WORDS.get_or_init(|| read_word_list(COMMON_WORDS_GZ, "common-word list"))
}

/// True when a word is a common English word (lower case given).
pub fn is_common_word(lower: &str) -> bool {
    common_words().contains(lower)
}

/// The bundled common words that are also names ("john", "rose", "bush"; see
/// `data/SOURCES.md`).
const NAME_WORDS_GZ: &[u8] = include_bytes!("../../data/lexicon/name-words.txt.gz");

fn name_words() -> &'static FxHashSet<String> {
    static WORDS: OnceLock<FxHashSet<String>> = OnceLock::new();
    WORDS.get_or_init(|| read_word_list(NAME_WORDS_GZ, "list of name words"))
}

/// The next word of a text after byte `end` when only spaces stand between (a name goes on
/// across a space, not across a comma or a line's end).
fn next_word(text: &str, end: usize) -> &str {
    let rest = &text[end..];
    let trimmed = rest.trim_start_matches(' ');
    if trimmed.len() == rest.len() {
        return "";
    }
    let stop = trimmed
        .find(|c: char| !(c.is_alphabetic() || c == '\''))
        .unwrap_or(trimmed.len());
    &trimmed[..stop]
}

/// True when a word in capitals is a name (a word no common list holds).
fn is_a_name_in_capitals(word: &str) -> bool {
    let lower = lower_same_length(word);
    word.chars().count() > 1 && !is_common_word(&lower)
}

/// The text with wrapped lines joined and capitals made ordinary, as needed; the same
/// length in bytes as the original.
///
/// ```
/// use incident_map::text::normalize_for_analysis;
/// let wire = "REBELS AMBUSHED AN ARMY PATROL NEAR SAN MIGUEL YESTERDAY, KILLING FIVE\n\
///             SOLDIERS. THE ARMY SAID THE PATROL WAS GUARDING THE ROAD TO THE DAM WHEN\n\
///             THE ATTACK BEGAN.";
/// let normal = normalize_for_analysis(wire);
/// assert_eq!(normal.len(), wire.len());
/// assert!(normal.starts_with("Rebels ambushed an army patrol near San Miguel yesterday"));
/// ```
pub fn normalize_for_analysis(text: &str) -> Cow<'_, str> {
    let wrapped = is_hard_wrapped(text);
    let capitals = is_in_capitals(text);
    if !wrapped && !capitals {
        return Cow::Borrowed(text);
    }
    let mut out = text.to_string();
    if wrapped {
        join_wrapped_lines(&mut out);
    }
    if capitals {
        out = ordinary_case(&out, false);
    }
    Cow::Owned(out)
}

/// True when most lines of a multi-line text end where a fixed width cut them.
pub fn is_hard_wrapped(text: &str) -> bool {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.trim().is_empty())
        .collect();
    if lines.len() < 5 {
        return false;
    }
    let long = lines.iter().filter(|l| l.len() >= WRAPPED_LINE).count();
    let too_long = lines.iter().any(|l| l.len() > WRAP_WIDTH);
    !too_long && long as f64 >= WRAPPED_SHARE * lines.len() as f64
}

/// True when a text is written in capitals.
pub fn is_in_capitals(text: &str) -> bool {
    let (mut upper, mut lower) = (0usize, 0usize);
    for c in text.chars() {
        if c.is_uppercase() {
            upper += 1;
        } else if c.is_lowercase() {
            lower += 1;
        }
    }
    upper >= MIN_CAPITALS && upper as f64 >= CAPITALS_SHARE * (upper + lower) as f64
}

/// Replaces each line break inside a paragraph with a space. A paragraph starts after a
/// blank line or at an indented line.
fn join_wrapped_lines(text: &mut String) {
    let bytes = text.as_bytes();
    let mut joins = Vec::new();
    for (i, &b) in bytes.iter().enumerate() {
        if b != b'\n' {
            continue;
        }
        let before_blank = i == 0
            || bytes[i - 1] == b'\n'
            || (bytes[i - 1] == b'\r' && i >= 2 && bytes[i - 2] == b'\n');
        let next = bytes.get(i + 1).copied();
        let next_starts_paragraph = matches!(next, None | Some(b'\n' | b'\r' | b' ' | b'\t'));
        if !before_blank && !next_starts_paragraph {
            joins.push(i);
        }
    }
    // Safe on bytes: a newline is one byte in UTF-8 and so is a space.
    let mut bytes = std::mem::take(text).into_bytes();
    for i in joins {
        bytes[i] = b' ';
        if i > 0 && bytes[i - 1] == b'\r' {
            bytes[i - 1] = b' ';
        }
    }
    *text = String::from_utf8(bytes).unwrap_or_default();
}

/// A headline written in title case ("Man Shot In Muncie") or in capitals, written as a
/// sentence ("Man shot in Muncie"): the common words lower-cased, names kept; the same
/// length in bytes. A headline already written as a sentence comes back as it is.
///
/// ```
/// use incident_map::text::headline_as_a_sentence;
/// assert_eq!(
///     headline_as_a_sentence("Two Hurt As Gunmen Open Fire In Muncie"),
///     "Two hurt as gunmen open fire in Muncie"
/// );
/// ```
pub fn headline_as_a_sentence(headline: &str) -> Cow<'_, str> {
    let (words, capitalised) = words_and_capitalised(headline);
    if words >= 3 && capitalised * 2 > words {
        Cow::Owned(ordinary_case(headline, true))
    } else {
        Cow::Borrowed(headline)
    }
}

/// The last words of a street's name, written out ("Main Street", "Lake Drive").
pub const STREET_ENDINGS: [&str; 9] = [
    "street",
    "avenue",
    "road",
    "lane",
    "drive",
    "boulevard",
    "parkway",
    "highway",
    "terrace",
];

/// The last words of a site's or a neighbourhood's name ("Ellis Square", "Boni Forest",
/// "Nevada Knolls").
pub const SITE_ENDINGS: [&str; 11] = [
    "square", "plaza", "mall", "park", "forest", "reserve", "stadium", "knolls", "gardens",
    "estates", "meadows",
];

/// Words after a headline's name that stay capitalised with it when they end in one of
/// [`STREET_ENDINGS`] or [`SITE_ENDINGS`] ("Oakmont Willow Road"), so that the name reads as
/// the street's or the site's, not as a town's.
const HEADLINE_NAME_WORDS: usize = 2;

/// The words of a headline (those that start with a letter) and how many of them start
/// with a capital.
pub fn words_and_capitalised(headline: &str) -> (usize, usize) {
    let words = headline
        .split_whitespace()
        .filter(|w| w.chars().next().is_some_and(char::is_alphabetic));
    words.fold((0, 0), |(all, capitalised), w| {
        let capital = w.chars().next().is_some_and(char::is_uppercase);
        (all + 1, capitalised + usize::from(capital))
    })
}

/// Writes a text in capitals in ordinary case (see the module documentation). In a
/// `headline`, a word no common list holds is a name at the start too ("Dalton Reyes, 15,
/// Shot ...": "Smith" after it stays a name), and up to [`HEADLINE_NAME_WORDS`] words after
/// a name stay with it when they end in a street's or a site's word.
fn ordinary_case(text: &str, headline: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut sentence_start = true;
    // After "San", "Santa", "Santo", "Sao" or "Saint" a name follows ("SAN MARTIN" is San
    // Martín, not San and a bird).
    let mut after_a_saint = false;
    // The word before was a name, with only a space after it.
    let mut previous_was_a_name = false;
    // Words a headline's name has kept after it so far.
    let mut kept_after_a_name = 0;
    let mut after_a_determiner = false;
    let mut chars = text.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        if !c.is_alphabetic() {
            if c != ' ' {
                previous_was_a_name = false;
                kept_after_a_name = 0;
            }
            out.push(c);
            if matches!(c, '.' | '!' | '?' | '\n') {
                sentence_start = true;
            } else if !c.is_whitespace() && !matches!(c, '"' | '\'' | '(' | '[' | '-') {
                sentence_start = false;
            }
            continue;
        }
        // The whole word (letters and apostrophes inside it).
        let mut end = start + c.len_utf8();
        while let Some(&(i, d)) = chars.peek() {
            if d.is_alphabetic() || (d == '\'' && text[i + 1..].starts_with(char::is_alphabetic)) {
                end = i + d.len_utf8();
                chars.next();
            } else {
                break;
            }
        }
        let word = &text[start..end];
        let lower = lower_same_length(word);
        let bare = lower.split('\'').next().unwrap_or(&lower);
        let common =
            word.chars().count() > 1 && is_common_word(bare) && !KEEP_CAPITALISED.contains(&bare);
        // "JOHN PAOLO", "MARTA ROSE OCHOA": a common word that is also a name, beside a
        // name, is a name.
        // Not after a determiner: "HIS SISTER MARTA" is his sister.
        let beside_a_name = common
            && name_words().contains(bare)
            && !after_a_determiner
            && (is_a_name_in_capitals(next_word(text, end)) || previous_was_a_name);
        after_a_determiner = matches!(
            bare,
            "the" | "a" | "an" | "his" | "her" | "their" | "its" | "our" | "my" | "your"
        );
        let ends_a_street = |w: &str| {
            let lower = lower_same_length(w);
            STREET_ENDINGS.contains(&lower.as_str()) || SITE_ENDINGS.contains(&lower.as_str())
        };
        let kept_with_a_name = headline
            && common
            && previous_was_a_name
            && kept_after_a_name < HEADLINE_NAME_WORDS
            && (ends_a_street(bare) || ends_a_street(next_word(text, end)));
        kept_after_a_name = if kept_with_a_name {
            kept_after_a_name + 1
        } else {
            0
        };
        let capitalise = sentence_start
            || after_a_saint
            || !common
            || beside_a_name
            || kept_with_a_name
            || names_a_month_or_day(text, start, end, bare);
        previous_was_a_name = (!common || kept_with_a_name)
            && (headline || !sentence_start)
            && word.chars().count() > 1;
        after_a_saint = matches!(bare, "san" | "santa" | "santo" | "sao" | "saint");
        if capitalise && word.chars().count() > 1 {
            let mut letters = word.chars();
            if let Some(first) = letters.next() {
                out.push(first);
            }
            out.push_str(&lower[word.chars().next().map_or(0, char::len_utf8)..]);
        } else if capitalise {
            out.push_str(word);
        } else {
            out.push_str(&lower);
        }
        sentence_start = false;
    }
    out
}

/// Months whose names are ordinary words too ("they will march", "it may"): months only
/// beside a number or after a word of time.
const MONTHS_THAT_ARE_WORDS: [&str; 3] = ["march", "may", "august"];

/// Words of time after which a month's name that is an ordinary word is the month ("IN
/// MARCH", "SINCE MAY").
const BEFORE_A_MONTH: [&str; 12] = [
    "in", "since", "until", "till", "early", "mid", "late", "last", "next", "of", "during", "from",
];

/// True when the word `lower` at `start..end` of a text in capitals is a month's or a
/// weekday's name: "ON 11 MARCH", "MARCH 4", "IN MARCH", "SUNDAY"; not "THEY WILL MARCH".
fn names_a_month_or_day(text: &str, start: usize, end: usize, lower: &str) -> bool {
    if super::WEEKDAY_NAMES.contains(&lower) {
        return true;
    }
    if !super::MONTH_NAMES.contains(&lower) {
        return false;
    }
    if !MONTHS_THAT_ARE_WORDS.contains(&lower) {
        return true;
    }
    let before = text[..start].trim_end();
    let previous_word = super::last_word_lowercase(before);
    before.ends_with(|c: char| c.is_ascii_digit())
        || text[end..]
            .trim_start()
            .starts_with(|c: char| c.is_ascii_digit())
        || BEFORE_A_MONTH.contains(&previous_word.as_str())
}

/// Lower case of a word, letter by letter, keeping a letter whose lower case would take a
/// different number of bytes (so the text keeps its length).
fn lower_same_length(word: &str) -> String {
    word.chars()
        .map(|c| {
            let mut lower = c.to_lowercase();
            match (lower.next(), lower.next()) {
                (Some(l), None) if l.len_utf8() == c.len_utf8() => l,
                _ => c,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_is_in_capitals_by_its_share_and_count_of_capitals() {
        let rows: [(&str, bool); 4] = [
            // a one-sentence wire item
            (
                "TWO GUARDS WERE KILLED IN PORTO VELHO WHEN BANDITS ATTACKED THEIR TRUCK.",
                true,
            ),
            // a line of acronyms, and too few capitals to say
            ("UN, NATO AND EU ENVOYS MET", false),
            // mixed case, whatever its acronyms
            (
                "Envoys of the UN, NATO, the EU, ECOWAS and the AU met in Accra on Monday.",
                false,
            ),
            ("", false),
        ];
        for (text, capitals) in rows {
            assert_eq!(is_in_capitals(text), capitals, "{text}");
        }
    }

    #[test]
    fn wrapped_lines_are_joined_within_paragraphs() {
        let text = "   THE ARMY SAID TODAY THAT GUERRILLAS BLEW UP A BRIDGE ON THE ROAD\n\
                    BETWEEN THE TWO TOWNS LAST NIGHT AND THAT NOBODY WAS HURT IN THE\n\
                    BLAST, WHICH DAMAGED THE MAIN SUPPORT OF THE OLD STONE BRIDGE.\n\n   \
                    OFFICIALS SAID REPAIRS WOULD TAKE SEVERAL WEEKS OF WORK BY CREWS\n\
                    FROM THE CAPITAL, AND THAT TRAFFIC WOULD USE A FERRY MEANWHILE.\n";
        assert!(is_hard_wrapped(text));
        let normal = normalize_for_analysis(text);
        assert_eq!(normal.len(), text.len());
        assert!(normal.contains("road between"), "{normal}");
        assert!(normal.contains("bridge.\n\n"), "{normal}");
        assert!(normal.contains("crews from"), "{normal}");
    }

    #[test]
    fn ordinary_text_is_left_alone() {
        let text = "Gunmen attacked a checkpoint.\nPolice said three people died.";
        assert!(matches!(normalize_for_analysis(text), Cow::Borrowed(_)));
    }

    #[test]
    fn headlines_in_title_case_are_read_as_sentences() {
        let rows = [
            // common words lower-cased, the town's name kept
            (
                "Two Hurt As Gunmen Open Fire In Peoria",
                "Two hurt as gunmen open fire in Peoria",
            ),
            // a name at the start goes on in the word after it
            (
                "Dalton Reyes, 15, Shot While Hunting Deer",
                "Dalton Reyes, 15, shot while hunting deer",
            ),
            // a street's name stays whole, its last word telling what it is
            (
                "Body Found On Oakmont Willow Road Near Peoria",
                "Body found on Oakmont Willow Road near Peoria",
            ),
            // a headline written as a sentence, or too short to tell, stays as it is
            ("Gunmen open fire in Peoria", "Gunmen open fire in Peoria"),
            ("Peoria Shooting", "Peoria Shooting"),
        ];
        for (headline, sentence) in rows {
            assert_eq!(headline_as_a_sentence(headline), sentence, "{headline}");
            assert_eq!(headline_as_a_sentence(headline).len(), headline.len());
        }
    }

    #[test]
    fn capitals_are_made_ordinary_keeping_names() {
        let text = "A CAR BOMB WENT OFF TODAY BESIDE THE TOWN HALL OF LA PAZ, \
                    WRECKING A BUS. NOBODY WAS HURT, THE POLICE OF SANTA ANA SAID. \
                    A CALLER TO A RADIO STATION SAID THE FMLN HAD PLANTED IT IN SAN \
                    MARTIN DEPARTMENT.";
        let normal = normalize_for_analysis(text);
        assert_eq!(normal.len(), text.len());
        assert!(
            normal.starts_with("A car bomb went off today beside the town hall of La Paz"),
            "{normal}"
        );
        assert!(
            normal.contains("Nobody was hurt, the police of Santa Ana said."),
            "{normal}"
        );
        assert!(normal.contains("the Fmln"), "{normal}");
        // a saint's title is followed by a name, even one that is an English word
        assert!(normal.contains("in San Martin department"), "{normal}");
    }

    #[test]
    fn months_and_weekdays_keep_their_capital() {
        let text = "ON 11 MARCH, AS ON SUNDAY, THE FARMERS SAID THEY WILL MARCH IN MAY                     WHATEVER MAY COME. TALKS SINCE MARCH LED NOWHERE; MAY 2 WAS NO                     HOLIDAY IN JANUARY OR AUGUST 9, AND THE AUGUST BODY MET."
            .repeat(2);
        let normal = normalize_for_analysis(&text);
        assert_eq!(normal.len(), text.len());
        for written in [
            "On 11 March, as on Sunday",
            "they will march in May",
            "whatever may come",
            "since March",
            "May 2 was",
            "in January or August 9",
            "the august body",
        ] {
            assert!(normal.contains(written), "{written}: {normal}");
        }
    }

    #[test]
    fn a_common_word_that_is_also_a_name_is_a_name_beside_a_name() {
        let text = "GUERRILLAS SHOT DEAD JOHN PAOLO OCHOA AND HIS SISTER MARTA ROSE \
                    YESTERDAY. PRICES ROSE AGAIN AND THE MAYOR SAID HE WILL RESIGN. "
            .repeat(2);
        let normal = normalize_for_analysis(&text);
        assert_eq!(normal.len(), text.len());
        for name in [
            "John Paolo Ochoa",
            "his sister Marta Rose",
            "rose again",
            "he will",
        ] {
            assert!(normal.contains(name), "{name}: {normal}");
        }
    }

    #[test]
    fn length_is_kept_for_any_letters() {
        for text in [
            "ÇA İSTANBUL ẞTRASSE ǅ Ǆ ΣΊΣΥΦΟΣ ".repeat(20),
            "Ⅻ ﬁ ß".repeat(50),
        ] {
            assert_eq!(normalize_for_analysis(&text).len(), text.len());
        }
    }
}
