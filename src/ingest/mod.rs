//! Reading articles: text and Markdown (with optional front matter), JSON, JSON Lines, HTML,
//! CSV with a `notes` or `text` column (ACLED exports), folders, and `-` for JSON Lines on
//! stdin. Every problem becomes one [`ImportProblem`] naming the file; the rest goes on.

mod decode;
mod html;
mod json;
mod table;
mod text;

use std::io::Read;
use std::path::{Path, PathBuf};

use crate::model::Article;

pub use decode::{MAX_FILE_BYTES, decode_bytes};

/// One input that could not be read, or was read with a warning.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ImportProblem {
    /// The file (or `-` for stdin), with a line number when it applies.
    pub path: String,
    /// What was wrong, in words.
    pub problem: String,
    /// True when the file was still read (a warning), false when it was skipped.
    pub recovered: bool,
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
    /// Articles in the order of their paths (folders sorted by name).
    pub articles: Vec<Article>,
    /// Problems, one per file (or line of a JSON Lines file).
    pub problems: Vec<ImportProblem>,
    /// Number of files looked at.
    pub files_read: usize,
}

impl ImportReport {
    /// True when any input was skipped (not just warned about).
    pub fn has_errors(&self) -> bool {
        self.problems.iter().any(|p| !p.recovered)
    }

    fn problem(&mut self, path: &Path, problem: impl Into<String>, recovered: bool) {
        self.problems.push(ImportProblem {
            path: path.display().to_string(),
            problem: problem.into(),
            recovered,
        });
    }
}

/// Extensions this module knows how to read.
pub const SUPPORTED_EXTENSIONS: [&str; 7] = ["txt", "md", "json", "jsonl", "html", "htm", "csv"];

/// Lists the article files under the given paths: files as given, folders walked
/// recursively in name order keeping supported extensions. Missing paths are reported.
pub fn list_files(paths: &[PathBuf], report: &mut ImportReport) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            files.push(path.clone());
        } else if path.is_dir() {
            walk(path, &mut files, report);
        } else if path.is_file() {
            files.push(path.clone());
        } else {
            report.problem(path, "no such file or folder", false);
        }
    }
    files
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>, report: &mut ImportReport) {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(err) => {
            report.problem(dir, format!("cannot list folder: {err}"), false);
            return;
        }
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            walk(&path, files, report);
        } else if has_supported_extension(&path) {
            files.push(path);
        }
    }
}

fn has_supported_extension(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| SUPPORTED_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
}

/// Reads every article under the given paths.
pub fn read_paths(paths: &[PathBuf]) -> ImportReport {
    let mut report = ImportReport::default();
    for file in list_files(paths, &mut report) {
        read_file_into(&file, &mut report);
    }
    report
}

/// Reads one file (or `-` for stdin) and appends its articles and problems to the report.
pub fn read_file_into(path: &Path, report: &mut ImportReport) {
    report.files_read += 1;
    let bytes = if path.as_os_str() == "-" {
        let mut buf = Vec::new();
        match std::io::stdin().read_to_end(&mut buf) {
            Ok(_) => buf,
            Err(err) => return report.problem(path, format!("cannot read stdin: {err}"), false),
        }
    } else {
        match std::fs::metadata(path) {
            Ok(meta) if meta.len() > MAX_FILE_BYTES as u64 => {
                return report.problem(
                    path,
                    format!(
                        "file is {} MB, larger than the {} MB limit for one input",
                        meta.len() / 1_000_000,
                        MAX_FILE_BYTES / 1_000_000
                    ),
                    false,
                );
            }
            _ => {}
        }
        match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(err) => return report.problem(path, format!("cannot read: {err}"), false),
        }
    };
    let before = report.articles.len();
    parse_bytes(path, &bytes, report);
    if report.articles.len() == before
        && !report
            .problems
            .iter()
            .any(|p| p.path == path.display().to_string())
    {
        report.problem(path, "no article text found", false);
    }
}

/// Parses the bytes of one input according to its extension (JSON Lines for stdin).
pub fn parse_bytes(path: &Path, bytes: &[u8], report: &mut ImportReport) {
    let text = match decode_bytes(bytes) {
        Ok((text, warning)) => {
            if let Some(warning) = warning {
                report.problem(path, warning, true);
            }
            text
        }
        Err(problem) => return report.problem(path, problem, false),
    };
    let id = file_id(path);
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    let stdin = path.as_os_str() == "-";
    let result = match ext.as_str() {
        _ if stdin => json::parse_json_lines(&text, &id),
        "json" => json::parse_json(&text, &id),
        "jsonl" => json::parse_json_lines(&text, &id),
        "html" | "htm" => html::parse_html(&text, &id).map(|a| (vec![a], vec![])),
        "csv" => table::parse_csv(&text, &id),
        _ => text::parse_text(&text, &id).map(|(a, w)| (vec![a], w)),
    };
    match result {
        Ok((articles, warnings)) => {
            for warning in warnings {
                report.problem(path, warning, true);
            }
            report.articles.extend(articles);
        }
        Err(problem) => report.problem(path, problem, false),
    }
}

/// The article id of a file: its file name ("000_b317e708e16fc87c.txt").
pub fn file_id(path: &Path) -> String {
    if path.as_os_str() == "-" {
        return "stdin".into();
    }
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

/// Parses a date the way articles write it in metadata: `2020-04-01`, an RFC 3339
/// timestamp, or "1 April 2020" / "April 1, 2020".
pub fn parse_metadata_date(text: &str) -> Option<chrono::NaiveDate> {
    let text = text.trim();
    let head = text.get(..10).unwrap_or(text);
    if let Ok(date) = chrono::NaiveDate::parse_from_str(head, "%Y-%m-%d") {
        return Some(date);
    }
    for format in ["%d %B %Y", "%B %d, %Y", "%d %b %Y", "%b %d, %Y", "%Y/%m/%d"] {
        if let Ok(date) = chrono::NaiveDate::parse_from_str(text, format) {
            return Some(date);
        }
    }
    None
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
        ];
        for (text, expected) in rows {
            let expected = expected.and_then(|(y, m, d)| chrono::NaiveDate::from_ymd_opt(y, m, d));
            assert_eq!(parse_metadata_date(text), expected, "{text}");
        }
    }
}
