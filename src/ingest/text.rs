//! Plain text and Markdown, with an optional `---` front-matter block of `key: value` lines
//! (title, date, source, url, id).

use crate::model::Article;

/// Parses a text or Markdown article. Returns the article and warnings.
pub fn parse_text(text: &str, id: &str) -> Result<(Article, Vec<String>), String> {
    let mut article = Article {
        id: id.to_string(),
        ..Article::default()
    };
    let mut warnings = Vec::new();
    let body = match split_front_matter(text) {
        Some((front, body)) => {
            for (n, line) in front.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let Some((key, value)) = line.split_once(':') else {
                    warnings.push(format!(
                        "front matter line {}: expected `key: value`",
                        n + 2
                    ));
                    continue;
                };
                let value = value
                    .trim()
                    .trim_matches('"')
                    .trim_matches('\'')
                    .to_string();
                match key.trim() {
                    "title" => article.title = Some(value),
                    "source" => article.source = Some(value),
                    "url" => article.url = Some(value),
                    "id" if value.is_empty() => warnings.push(format!(
                        "front matter line {}: empty id; the file name is used",
                        n + 2
                    )),
                    "id" => article.id = value,
                    "date" => match super::parse_metadata_date(&value) {
                        Some(date) => article.date = Some(date),
                        None => warnings.push(format!(
                            "front matter line {}: date {value:?} is not YYYY-MM-DD",
                            n + 2
                        )),
                    },
                    _ => {}
                }
            }
            body
        }
        None => text,
    };
    article.text = body.trim_start_matches(['\n', '\r']).to_string();
    if article.text.trim().is_empty() {
        return Err("the article has no text after its front matter".into());
    }
    Ok((article, warnings))
}

/// Splits `---\n...\n---\n` from the start of a document.
fn split_front_matter(text: &str) -> Option<(&str, &str)> {
    let rest = text.strip_prefix("---")?;
    let rest = rest
        .strip_prefix("\r\n")
        .or_else(|| rest.strip_prefix('\n'))?;
    let mut offset = 0;
    for line in rest.split_inclusive('\n') {
        if line.trim_end() == "---" {
            return Some((&rest[..offset], &rest[offset + line.len()..]));
        }
        offset += line.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn front_matter_is_read_and_removed() {
        let input = "---\ntitle: Blast in Helmand\ndate: 2020-04-01\nsource: AFP\n---\nEight civilians were killed.";
        let (article, warnings) = parse_text(input, "a.md").unwrap_or_default();
        assert!(warnings.is_empty());
        assert_eq!(article.title.as_deref(), Some("Blast in Helmand"));
        assert_eq!(
            article.date.map(|d| d.to_string()).as_deref(),
            Some("2020-04-01")
        );
        assert_eq!(article.source.as_deref(), Some("AFP"));
        assert_eq!(article.text, "Eight civilians were killed.");
    }

    #[test]
    fn text_without_front_matter_is_kept_whole() {
        let (article, _) = parse_text("KABUL - text\n---\nmore", "a.txt").unwrap_or_default();
        assert_eq!(article.text, "KABUL - text\n---\nmore");
        assert_eq!(article.date, None);
    }

    #[test]
    fn bad_front_matter_date_is_a_warning() {
        let (article, warnings) =
            parse_text("---\ndate: soon\n---\nBody", "a.md").unwrap_or_default();
        assert_eq!(article.text, "Body");
        assert_eq!(warnings.len(), 1);
        assert!(warnings[0].contains("soon"), "{warnings:?}");
    }

    /// Found by fuzzing: `id: ""` gave the article an empty id.
    #[test]
    fn empty_front_matter_id_keeps_the_file_name() {
        for input in [
            "---\nid: \"\"\n---\nΣ",
            "---\nid:\n---\nBody",
            "---\nid: ''\n---\nBody",
        ] {
            let (article, warnings) = parse_text(input, "a.md").unwrap_or_default();
            assert_eq!(article.id, "a.md", "{input:?}");
            assert_eq!(warnings.len(), 1, "{input:?}");
        }
    }

    #[test]
    fn front_matter_only_is_an_error() {
        assert!(parse_text("---\ntitle: x\n---\n", "a.md").is_err());
    }
}
