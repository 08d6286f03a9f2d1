//! Text analysis: sentences, number expressions and date expressions, with byte spans into
//! the article text (converted to code points only at the output boundary, see
//! [`CharOffsets`]).

mod dateline;
mod dates;
mod normalize;
mod numbers;
mod sentences;
mod teasers;
mod words;

pub use dateline::{Dateline, find_dateline};
pub use dates::{DateExpr, MONTH_NAMES, WEEKDAY_NAMES, find_dates};
pub use normalize::{
    SITE_ENDINGS, STREET_ENDINGS, headline_as_a_sentence, is_common_word, is_hard_wrapped,
    is_in_capitals, normalize_for_analysis, words_and_capitalised,
};
pub use numbers::{Quantity, find_quantities, parse_number_word};
pub use sentences::{Sentence, split_sentences};
pub use teasers::{furniture_lines, teaser_lines};
pub use words::{Word, is_capitalized, last_word_lowercase, words};

/// Converts byte offsets of a text into Unicode code point offsets.
#[derive(Debug, Clone)]
pub struct CharOffsets {
    /// Byte offset of each char start, plus the text length.
    starts: Vec<usize>,
}

impl CharOffsets {
    /// Indexes a text.
    pub fn new(text: &str) -> CharOffsets {
        let mut starts: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
        starts.push(text.len());
        CharOffsets { starts }
    }

    /// The code point offset of a byte offset (rounded down to a char boundary).
    pub fn to_char(&self, byte: usize) -> usize {
        match self.starts.binary_search(&byte) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        }
    }
}

/// A byte range `[start, end)` in an article's text.
pub type Span = (usize, usize);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_to_char_offsets() {
        let offsets = CharOffsets::new("Kandahār is");
        assert_eq!(offsets.to_char(0), 0);
        assert_eq!(offsets.to_char(9), 8); // after "Kandahār" (ā is two bytes)
        assert_eq!(offsets.to_char(12), 11);
    }
}
