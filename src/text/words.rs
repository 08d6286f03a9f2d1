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
    let mut out = Vec::new();
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].1.is_alphanumeric() {
            i += 1;
            continue;
        }
        let start = chars[i].0;
        let mut j = i + 1;
        while j < chars.len() {
            let c = chars[j].1;
            let joins = matches!(c, '\'' | '’' | '.')
                && chars.get(j + 1).is_some_and(|(_, n)| n.is_alphanumeric());
            if c.is_alphanumeric() || joins {
                j += 1;
            } else {
                break;
            }
        }
        let mut end = chars.get(j).map_or(text.len(), |(b, _)| *b);
        let word = &text[start..end];
        for suffix in ["'s", "’s", "'S"] {
            if word.len() > suffix.len() + 1 && word.ends_with(suffix) {
                end -= suffix.len();
                break;
            }
        }
        out.push(Word { span: (start, end) });
        i = j;
    }
    out
}

/// True when a word starts with an upper-case letter.
pub fn is_capitalized(word: &str) -> bool {
    word.chars().next().is_some_and(char::is_uppercase)
}
