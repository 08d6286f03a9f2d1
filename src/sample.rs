//! The bundled sample: the five articles of `data/articles/`, embedded so the app opens on
//! them from any working directory.

use crate::ingest::parse_text_article;
use crate::model::Article;

/// (file name, contents) of the sample articles.
pub const SAMPLE_FILES: [(&str, &str); 5] = [
    (
        "000_b317e708e16fc87c.txt",
        include_str!("../data/articles/000_b317e708e16fc87c.txt"),
    ),
    (
        "001_96addb07b944f045.txt",
        include_str!("../data/articles/001_96addb07b944f045.txt"),
    ),
    (
        "002_abd05ca60672111f.txt",
        include_str!("../data/articles/002_abd05ca60672111f.txt"),
    ),
    (
        "003_7a022db9dd503b04.txt",
        include_str!("../data/articles/003_7a022db9dd503b04.txt"),
    ),
    (
        "004_be0ede7b569ede66.txt",
        include_str!("../data/articles/004_be0ede7b569ede66.txt"),
    ),
];

/// The sample articles, parsed as if read from `data/articles/`.
pub fn sample_articles() -> Vec<Article> {
    SAMPLE_FILES
        .iter()
        .filter_map(|(name, text)| parse_text_article(text, name).ok())
        .map(|(article, _)| article)
        .collect()
}
