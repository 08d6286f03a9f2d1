//! JSON (one article or an array) and JSON Lines (one article a line).

use serde::Deserialize;

use crate::model::Article;

/// Article JSON as users write it: only `text` is required; `date` may be any date form
/// [`super::parse_metadata_date`] reads; `body`/`content` are accepted for `text`.
#[derive(Deserialize)]
struct ArticleJson {
    #[serde(default)]
    id: Option<serde_json::Value>,
    #[serde(default)]
    title: Option<String>,
    #[serde(default, alias = "published", alias = "publication_date")]
    date: Option<String>,
    #[serde(default)]
    source: Option<String>,
    #[serde(default)]
    url: Option<String>,
    #[serde(alias = "body", alias = "content")]
    text: String,
}

type Parsed = Result<(Vec<Article>, Vec<String>), String>;

/// The article of a JSON object; an error when its text is empty (or only white space),
/// as for every other format.
fn convert(
    raw: ArticleJson,
    fallback_id: String,
    warnings: &mut Vec<String>,
) -> Result<Article, String> {
    if raw.text.trim().is_empty() {
        return Err("the article's text is empty".into());
    }
    let id = match raw.id {
        Some(serde_json::Value::String(s)) if !s.is_empty() => s,
        Some(serde_json::Value::Number(n)) => n.to_string(),
        _ => fallback_id.clone(),
    };
    let date = raw.date.as_deref().and_then(|d| {
        let parsed = super::parse_metadata_date(d);
        if parsed.is_none() {
            warnings.push(format!("{fallback_id}: date {d:?} not understood"));
        }
        parsed
    });
    Ok(Article {
        id,
        title: raw.title,
        date,
        source: raw.source,
        url: raw.url,
        text: raw.text,
    })
}

/// One article object or an array of them.
pub fn parse_json(text: &str, id: &str) -> Parsed {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("invalid JSON: {e}"))?;
    let mut warnings = Vec::new();
    let items = match value {
        serde_json::Value::Array(items) => items,
        other => vec![other],
    };
    let single = items.len() == 1;
    let mut articles = Vec::new();
    for (i, item) in items.into_iter().enumerate() {
        let fallback = if single {
            id.to_string()
        } else {
            format!("{id}#{}", i + 1)
        };
        match serde_json::from_value::<ArticleJson>(item)
            .map_err(|e| format!("not an article ({e})"))
            .and_then(|raw| convert(raw, fallback, &mut warnings))
        {
            Ok(article) => articles.push(article),
            Err(e) => warnings.push(format!("item {}: {e}; skipped", i + 1)),
        }
    }
    if articles.is_empty() {
        return Err(warnings
            .pop()
            .unwrap_or_else(|| "no article in the JSON".into()));
    }
    Ok((articles, warnings))
}

/// One line of a JSON Lines input: an article object.
pub fn parse_json_line(line: &str, fallback_id: &str) -> Result<(Article, Vec<String>), String> {
    let raw: ArticleJson =
        serde_json::from_str(line).map_err(|e| format!("not an article ({e})"))?;
    let mut warnings = Vec::new();
    let article = convert(raw, fallback_id.to_string(), &mut warnings)?;
    Ok((article, warnings))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_array_and_lines() {
        let one = parse_json(r#"{"id":"a","date":"2020-04-01","text":"x"}"#, "f.json");
        assert_eq!(one.map(|(a, _)| a[0].id.clone()), Ok("a".to_string()));
        let many = parse_json(r#"[{"text":"x"},{"text":"y"}]"#, "f.json");
        let ids: Vec<String> = many
            .map(|(a, _)| a.into_iter().map(|a| a.id).collect())
            .unwrap_or_default();
        assert_eq!(ids, ["f.json#1", "f.json#2"]);
        let line = parse_json_line("{\"text\":\"y\",\"id\":7}", "f.jsonl#3");
        assert_eq!(line.map(|(a, _)| a.id), Ok("7".to_string()));
        let line = parse_json_line("{\"text\":\"y\"}", "f.jsonl#3");
        assert_eq!(line.map(|(a, _)| a.id), Ok("f.jsonl#3".to_string()));
        assert!(parse_json_line("not json", "f.jsonl#2").is_err());
        // A lone surrogate in an escape is an error for that line, not a panic.
        assert!(parse_json_line(r#"{"text":"a\ud800b"}"#, "f.jsonl#4").is_err());
    }

    /// Found by fuzzing: `{"text":""}` was an article with no text (other formats refuse
    /// one).
    #[test]
    fn empty_text_is_no_article() {
        for text in ["", "  \n\t "] {
            let line = serde_json::json!({ "text": text }).to_string();
            let err = parse_json_line(&line, "f.jsonl#1")
                .err()
                .unwrap_or_default();
            assert!(err.contains("text is empty"), "{err}");
            assert!(parse_json(&line, "f.json").is_err());
        }
        let (articles, warnings) =
            parse_json(r#"[{"text":""},{"text":"x"}]"#, "f.json").unwrap_or_default();
        assert_eq!(articles.len(), 1);
        assert_eq!(warnings, ["item 1: the article's text is empty; skipped"]);
    }

    #[test]
    fn malformed_json_is_an_error_that_says_so() {
        let err = parse_json("{\"text\": ", "f.json")
            .err()
            .unwrap_or_default();
        assert!(err.starts_with("invalid JSON"), "{err}");
        assert!(parse_json(r#"{"title":"no text"}"#, "f.json").is_err());
    }
}
