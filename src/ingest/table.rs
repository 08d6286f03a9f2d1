//! CSV with one article a row: a `text` or `notes` column (ACLED exports use `notes`), and
//! optional `id`/`event_id_cnty`, `date`/`event_date`, `title`, `source`, `url` columns.
//! Read record by record, so a CSV of any size streams.

use std::io::Read;

use crate::model::Article;

/// What reading a CSV yields, record by record.
#[derive(Debug)]
pub enum CsvItem {
    /// An article.
    Article(Article),
    /// A row skipped (the message names the line).
    Warning(String),
    /// Nothing can be read (no text column, bad header).
    Error(String),
}

/// Reads a CSV of articles record by record, handing each article (or a warning naming the
/// line) to `emit`, which returns false to stop. Returns an error when the header has no
/// text column; rows without text are skipped with a warning.
pub fn stream_csv(input: impl Read, id: &str, emit: &mut dyn FnMut(CsvItem) -> bool) {
    let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(input);
    let headers = match reader.headers() {
        Ok(h) => h.clone(),
        Err(e) => {
            emit(CsvItem::Error(format!("invalid CSV header: {e}")));
            return;
        }
    };
    let column = |names: &[&str]| {
        names.iter().find_map(|n| {
            headers
                .iter()
                .position(|h| h.trim().eq_ignore_ascii_case(n))
        })
    };
    let Some(text_col) = column(&["text", "notes", "body"]) else {
        emit(CsvItem::Error("CSV has no `text` or `notes` column".into()));
        return;
    };
    let id_col = column(&["id", "event_id_cnty", "event_id"]);
    let date_col = column(&["date", "event_date"]);
    let title_col = column(&["title"]);
    let source_col = column(&["source"]);
    let url_col = column(&["url"]);
    let mut record = csv::StringRecord::new();
    let mut line = 1usize;
    loop {
        line += 1;
        match reader.read_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {}
            Err(e) => {
                if !emit(CsvItem::Warning(format!("line {line}: {e}; skipped"))) {
                    return;
                }
                continue;
            }
        }
        if let Some(position) = record.position() {
            line = position.line() as usize;
        }
        let get = |col: Option<usize>| {
            col.and_then(|c| record.get(c))
                .map(str::trim)
                .filter(|s| !s.is_empty())
        };
        let Some(body) = get(Some(text_col)) else {
            if !emit(CsvItem::Warning(format!("line {line}: no text; skipped"))) {
                return;
            }
            continue;
        };
        let article = Article {
            id: get(id_col).map_or_else(|| format!("{id}#{line}"), str::to_string),
            title: get(title_col).map(str::to_string),
            date: get(date_col).and_then(super::parse_metadata_date),
            source: get(source_col).map(str::to_string),
            url: get(url_col).map(str::to_string),
            text: body.to_string(),
        };
        if !emit(CsvItem::Article(article)) {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(csv: &str) -> (Vec<Article>, Vec<String>) {
        let mut articles = Vec::new();
        let mut warnings = Vec::new();
        stream_csv(csv.as_bytes(), "e.csv", &mut |item| {
            match item {
                CsvItem::Article(a) => articles.push(a),
                CsvItem::Warning(w) | CsvItem::Error(w) => warnings.push(w),
            }
            true
        });
        (articles, warnings)
    }

    #[test]
    fn acled_style_rows() {
        let (articles, warnings) = read(
            "event_date,notes,admin1\n2 March 2018,\"On 2 March 2018, rebels raided a depot.\",Gao\n1 May 2018,,Gao\n",
        );
        assert_eq!(articles.len(), 1);
        assert_eq!(articles[0].id, "e.csv#2");
        assert_eq!(
            articles[0].date.map(|d| d.to_string()).as_deref(),
            Some("2018-03-02")
        );
        assert_eq!(warnings, ["line 3: no text; skipped"]);
        let (articles, warnings) = read("a,b\n1,2\n");
        assert!(articles.is_empty());
        assert!(warnings[0].contains("no `text` or `notes` column"));
    }
}
