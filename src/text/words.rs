//! Word tokens with byte spans: runs of letters and digits, keeping internal apostrophes and
//! full stops ("U.S", "don't") and splitting at hyphens; a possessive "'s" is left out.

use super::Span;

/// A word token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Word {
    /// Byte span in the tokenized text.
    pub span: Span,
}

impl Word {
    /// The word's text.
    pub fn text<'a>(&self, source: &'a str) -> &'a str {
        source.get(self.span.0..self.span.1).unwrap_or("")
    }
}

/// Splits a text into word tokens.
///
/// ```
/// use incident_map::text::words;
/// let text = "U.S.-led forces in Nahr-e Saraj, Afghanistan's south";
/// let w: Vec<&str> = words(text).iter().map(|w| w.text(text)).collect();
/// assert_eq!(w, ["U.S", "led", "forces", "in", "Nahr", "e", "Saraj", "Afghanistan", "south"]);
/// ```
pub fn words(text: &str) -> Vec<Word> {
    let mut out = Vec::with_capacity(text.len() / 5);
    let mut chars = text.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        if !c.is_alphanumeric() {
            continue;
        }
        let mut end = start + c.len_utf8();
        while let Some(&(i, c)) = chars.peek() {
            if c.is_alphanumeric() {
                end = i + c.len_utf8();
                chars.next();
            } else if matches!(c, '\'' | '’' | '.') {
                // Joins only when a letter or digit follows ("U.S", "don't").
                let next = text[i + c.len_utf8()..].chars().next();
                if next.is_some_and(char::is_alphanumeric) {
                    chars.next();
                } else {
                    break;
                }
            } else {
                break;
            }
        }
        let word = &text[start..end];
        for suffix in ["'s", "’s", "'S"] {
            if word.len() > suffix.len() + 1 && word.ends_with(suffix) {
                end -= suffix.len();
                break;
            }
        }
        out.push(Word { span: (start, end) });
    }
    out
}

/// The word (letters and digits) that a text ends in, past any spaces, lower-cased; empty
/// when it ends in a mark ("on 4" gives "4", "said," gives "").
pub fn last_word_lowercase(before: &str) -> String {
    before
        .trim_end()
        .rsplit(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or("")
        .to_lowercase()
}

/// True when a word starts with an upper-case letter.
pub fn is_capitalized(word: &str) -> bool {
    word.chars().next().is_some_and(char::is_uppercase)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_word_is_read_past_spaces_and_lower_cased() {
        for (before, word) in [
            ("fighting broke out On ", "on"),
            ("as on 11 ", "11"),
            ("the minister said, ", ""),
            ("", ""),
            ("near Gaoua ", "gaoua"),
        ] {
            assert_eq!(last_word_lowercase(before), word, "{before:?}");
        }
    }
}
