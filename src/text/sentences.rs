//! Sentence splitting: a full stop, question or exclamation mark (with any closing quote)
//! followed by a space and a capital, digit or quote ends a sentence, unless it closes an
//! abbreviation (U.S., Gen., Dr.); a line break always does (captions, headlines and
//! datelines have no full stop). A direct scan: several times faster than Unicode sentence
//! segmentation, which news text does not need.

use super::Span;

/// One sentence: its byte span in the article and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sentence<'a> {
    /// Byte span in the article text (trimmed of surrounding whitespace).
    pub span: Span,
    /// The sentence text.
    pub text: &'a str,
}

/// Words that end with a full stop without ending a sentence.
const ABBREVIATIONS: [&str; 34] = [
    "u.s", "u.n", "u.k", "e.u", "gen", "lt", "col", "maj", "capt", "sgt", "cpl", "pvt", "adm",
    "dr", "mr", "mrs", "ms", "prof", "sen", "rep", "gov", "st", "no", "jan", "feb", "aug", "sept",
    "oct", "nov", "dec", "vs", "etc", "approx", "mt",
];

/// Splits a text into sentences.
///
/// ```
/// use incident_map::text::split_sentences;
/// let s = split_sentences("U.S. Gen. Scott Miller met the Taliban. Talks went on.");
/// assert_eq!(s.len(), 2);
/// assert_eq!(s[0].text, "U.S. Gen. Scott Miller met the Taliban.");
/// ```
pub fn split_sentences(text: &str) -> Vec<Sentence<'_>> {
    let bytes = text.as_bytes();
    let mut spans: Vec<Span> = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'\n' {
            spans.push((start, i));
            start = i + 1;
        } else if matches!(b, b'.' | b'!' | b'?') {
            // The end of the terminator run, closing quotes and brackets included.
            let mut end = i + 1;
            while end < bytes.len()
                && matches!(bytes[end], b'.' | b'!' | b'?' | b'"' | b'\'' | b')')
            {
                end += 1;
            }
            for closer in ["”", "’"] {
                if text[end..].starts_with(closer) {
                    end += closer.len();
                }
            }
            let next = text[end..].trim_start_matches([' ', '\t']);
            let spaced = next.len() < text.len() - end || next.is_empty();
            let starts_sentence = next.is_empty()
                || next.starts_with('\n')
                || next.chars().next().is_some_and(|c| {
                    c.is_uppercase()
                        || c.is_ascii_digit()
                        || matches!(c, '"' | '“' | '‘' | '\'' | '(')
                });
            if spaced
                && starts_sentence
                && !(b == b'.'
                    && ends_with_abbreviation(&text[start..i + 1])
                    && !starts_new_clause(next))
            {
                spans.push((start, end));
                start = end;
            }
            i = end;
            continue;
        }
        i += 1;
    }
    spans.push((start, text.len()));
    spans
        .into_iter()
        .filter_map(|(s, e)| {
            let piece = &text[s..e];
            let trimmed_start = s + (piece.len() - piece.trim_start().len());
            let trimmed_end = e - (piece.len() - piece.trim_end().len());
            (trimmed_end > trimmed_start).then(|| Sentence {
                span: (trimmed_start, trimmed_end),
                text: &text[trimmed_start..trimmed_end],
            })
        })
        .collect()
}

fn ends_with_abbreviation(sentence: &str) -> bool {
    let trimmed = sentence.trim_end();
    let Some(body) = trimmed.strip_suffix('.') else {
        return false;
    };
    let word = body
        .rsplit(|c: char| c.is_whitespace() || c == '(' || c == '"' || c == '“')
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    ABBREVIATIONS.contains(&word.as_str())
        || (word.len() == 1 && word.chars().all(char::is_alphabetic))
}

/// After "U.S." a quote or a line break starts something new.
fn starts_new_clause(next: &str) -> bool {
    next.starts_with(['"', '“', '\n'])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentence_table() {
        let rows: [(&str, &[&str]); 6] = [
            ("One. Two.", &["One.", "Two."]),
            (
                "U.S. forces left. Gen. Miller met them.",
                &["U.S. forces left.", "Gen. Miller met them."],
            ),
            (
                "Caption without stop\n\nKABUL - Body text. More.",
                &["Caption without stop", "KABUL - Body text.", "More."],
            ),
            ("Dr. Abdullah said so.", &["Dr. Abdullah said so."]),
            (
                "He said: \"Go.\" Then left.",
                &["He said: \"Go.\"", "Then left."],
            ),
            ("", &[]),
        ];
        for (input, expected) in rows {
            let got: Vec<&str> = split_sentences(input).into_iter().map(|s| s.text).collect();
            assert_eq!(got, expected, "{input:?}");
        }
    }

    #[test]
    fn spans_point_into_the_text() {
        let text = "  First one.  Second one.";
        for s in split_sentences(text) {
            assert_eq!(&text[s.span.0..s.span.1], s.text);
        }
    }
}
