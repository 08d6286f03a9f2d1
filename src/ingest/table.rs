//! CSV with one article a row: a `text` or `notes` column (ACLED exports use `notes`), and
//! optional `id`/`event_id_cnty`, `date`/`event_date`, `title`, `source`, `url` columns.

use crate::model::Article;

/// Parses a CSV of articles. Rows without text are skipped with a warning.
pub fn parse_csv(text: &str, id: &str) -> Result<(Vec<Article>, Vec<String>), String> {
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(text.as_bytes());
    let headers = reader
        .headers()
        .map_err(|e| format!("invalid CSV header: {e}"))?
        .clone();
    let column = |names: &[&str]| {
        names
            .iter()
            .find_map(|n| headers.iter().position(|h| h.eq_ignore_ascii_case(n)))
    };
    let text_col = column(&["text", "notes", "body"])
        .ok_or_else(|| "CSV has no `text` or `notes` column".to_string())?;
    let id_col = column(&["id", "event_id_cnty", "event_id"]);
    let date_col = column(&["date", "event_date"]);
    let title_col = column(&["title"]);
    let source_col = column(&["source"]);
    let url_col = column(&["url"]);
    let mut articles = Vec::new();
    let mut warnings = Vec::new();
    for (n, record) in reader.records().enumerate() {
        let line = n + 2;
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                warnings.push(format!("line {line}: {e}; skipped"));
                continue;
            }
        };
        let get = |col: Option<usize>| {
            col.and_then(|c| record.get(c))
                .map(str::trim)
                .filter(|s| !s.is_empty())
        };
        let Some(body) = get(Some(text_col)) else {
            warnings.push(format!("line {line}: no text; skipped"));
            continue;
        };
        articles.push(Article {
            id: get(id_col).map_or_else(|| format!("{id}#{line}"), str::to_string),
            title: get(title_col).map(str::to_string),
            date: get(date_col).and_then(super::parse_metadata_date),
            source: get(source_col).map(str::to_string),
            url: get(url_col).map(str::to_string),
            text: body.to_string(),
        });
    }
    if articles.is_empty() {
        return Err("no article rows in the CSV".into());
    }
    Ok((articles, warnings))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn acled_style_rows() {
        let csv = "event_date,notes,admin1\n28 September 2019,\"On 28 September 2019, Taliban attacked.\",Kabul\n1 May 2019,,Kabul\n";
        let (articles, warnings) = parse_csv(csv, "e.csv").unwrap_or_default();
        assert_eq!(articles.len(), 1);
        assert_eq!(articles[0].id, "e.csv#2");
        assert_eq!(
            articles[0].date.map(|d| d.to_string()).as_deref(),
            Some("2019-09-28")
        );
        assert_eq!(warnings, ["line 3: no text; skipped"]);
        assert!(parse_csv("a,b\n1,2\n", "x.csv").is_err());
    }
}
