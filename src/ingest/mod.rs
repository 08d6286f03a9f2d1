//! Reading articles: text and Markdown (with optional front matter), JSON, JSON Lines, HTML,
//! CSV with a `notes` or `text` column (ACLED exports), folders, and `-` for JSON Lines on
//! standard input. Any encoding with a byte-order mark, a declared charset, UTF-8 or a
//! guessable legacy encoding. JSON Lines, CSV and standard input are streamed. Every
//! problem becomes one [`ImportProblem`] naming the file (and line); the rest goes on.

mod decode;
mod html;
mod json;
mod read;
mod table;
mod text;
mod walk;

use std::path::{Path, PathBuf};

use crate::model::Article;

pub use decode::{
    Decoded, EncodingSource, MAX_FILE_BYTES, SNIFF_BYTES, decode_bytes, sniff_encoding,
};
pub use read::{MAX_LINE_BYTES, ReadItem, read_bounded_line, read_input};
pub use walk::{InputFile, SUPPORTED_EXTENSIONS, list_inputs};

/// One input that could not be read, or was read with a warning.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ImportProblem {
    /// The file (or `-` for stdin).
    pub path: String,
    /// What was wrong, in words (with the line, for streamed inputs).
    pub problem: String,
    /// True when the input was still read (a warning), false when it (or a part of it) was
    /// skipped.
    pub recovered: bool,
}

impl ImportProblem {
    /// An input (or part of one) that was skipped.
    pub fn error(path: &Path, problem: impl Into<String>) -> ImportProblem {
        ImportProblem {
            path: path.display().to_string(),
            problem: problem.into(),
            recovered: false,
        }
    }

    /// An input read with a warning.
    pub fn warning(path: &Path, problem: impl Into<String>) -> ImportProblem {
        ImportProblem {
            recovered: true,
            ..ImportProblem::error(path, problem)
        }
    }
}

impl std::fmt::Display for ImportProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let level = if self.recovered { "warning" } else { "error" };
        write!(f, "{}: {level}: {}", self.path, self.problem)
    }
}

/// The articles read from a set of paths, and what went wrong on the way.
#[derive(Debug, Clone, Default)]
pub struct ImportReport {
    /// Articles in input order (folders sorted by name).
    pub articles: Vec<Article>,
    /// Problems, in input order.
    pub problems: Vec<ImportProblem>,
    /// Number of inputs looked at.
    pub files_read: usize,
}

impl ImportReport {
    /// True when any input was skipped (not just warned about).
    pub fn has_errors(&self) -> bool {
        self.problems.iter().any(|p| !p.recovered)
    }
}

/// Reads every article under the given paths into memory (tests and small inputs; large
/// runs stream through [`crate::pipeline::stream`]).
pub fn read_paths(paths: &[PathBuf]) -> ImportReport {
    let mut report = ImportReport::default();
    let inputs = list_inputs(paths, &mut report.problems);
    for input in &inputs {
        report.files_read += 1;
        read_input(input, &mut |item| {
            match item {
                ReadItem::Article(article) => report.articles.push(article),
                ReadItem::Problem(problem) => report.problems.push(problem),
            }
            true
        });
    }
    report
}

/// Parses a text or Markdown article (with optional front matter) already in memory.
pub fn parse_text_article(text: &str, id: &str) -> Result<(Article, Vec<String>), String> {
    text::parse_text(text, id)
}

/// Years a publication date may have. chrono reads years far outside this range ("1 January
/// -262143" is its first day), and relative dates counted back or forward from such an
/// anchor ("yesterday", "on 1 June") fall off chrono's calendar; no article is dated there.
const PUBLICATION_YEARS: std::ops::RangeInclusive<i32> = 1..=9999;

/// Parses a date the way articles write it in metadata: `2020-04-01`, an RFC 3339
/// timestamp, or "1 April 2020" / "April 1, 2020". Years outside 1 to 9999 are no date.
pub fn parse_metadata_date(text: &str) -> Option<chrono::NaiveDate> {
    use chrono::Datelike;
    let text = text.trim();
    let head = text.get(..10).unwrap_or(text);
    let date = chrono::NaiveDate::parse_from_str(head, "%Y-%m-%d")
        .ok()
        .or_else(|| {
            ["%d %B %Y", "%B %d, %Y", "%d %b %Y", "%b %d, %Y", "%Y/%m/%d"]
                .iter()
                .find_map(|format| chrono::NaiveDate::parse_from_str(text, format).ok())
        })?;
    PUBLICATION_YEARS.contains(&date.year()).then_some(date)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metadata_dates_table() {
        let rows = [
            ("2020-04-01", Some((2020, 4, 1))),
            ("2020-04-01T08:30:00Z", Some((2020, 4, 1))),
            ("28 September 2019", Some((2019, 9, 28))),
            ("March 4, 2020", Some((2020, 3, 4))),
            ("yesterday", None),
            ("2020-04-0é", None),
            ("0001-01-01", Some((1, 1, 1))),
            ("31 December 9999", Some((9999, 12, 31))),
        ];
        for (text, expected) in rows {
            let expected = expected.and_then(|(y, m, d)| chrono::NaiveDate::from_ymd_opt(y, m, d));
            assert_eq!(parse_metadata_date(text), expected, "{text}");
        }
    }

    /// Found by fuzzing: "1 January -262143" was read as chrono's first day, and the
    /// article's "yesterday" then panicked the whole `extract` run.
    #[test]
    fn publication_dates_off_the_calendar_are_no_date() {
        for text in [
            "1 January -262143",
            "-262143-01-01",
            "31 December 262142",
            "0000-12-31",
            "31 December 0",
            "January 1, 10000",
        ] {
            assert_eq!(parse_metadata_date(text), None, "{text}");
        }
    }
}
