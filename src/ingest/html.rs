//! HTML pages: the visible text of the body (paragraphs and headings, no scripts, styles or
//! navigation), the title, and a publication date from the usual meta tags.

use scraper::{ElementRef, Html, Node, Selector};

use crate::model::Article;

/// Meta tags that carry a publication date, in order of preference.
const DATE_META: [&str; 6] = [
    "article:published_time",
    "datePublished",
    "date",
    "pubdate",
    "og:published_time",
    "DC.date.issued",
];

/// Elements whose text is never shown to readers.
const HIDDEN: [&str; 8] = [
    "script", "style", "noscript", "nav", "footer", "template", "svg", "head",
];

/// Elements that end a line of text.
const BLOCKS: [&str; 14] = [
    "p",
    "div",
    "br",
    "li",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "tr",
    "article",
    "section",
    "figcaption",
];

/// Parses an HTML page into an article.
pub fn parse_html(text: &str, id: &str) -> Result<Article, String> {
    let document = Html::parse_document(text);
    let mut article = Article {
        id: id.to_string(),
        ..Article::default()
    };
    if let Ok(selector) = Selector::parse("title") {
        article.title = document
            .select(&selector)
            .next()
            .map(|t| t.text().collect::<String>().trim().to_string())
            .filter(|t| !t.is_empty());
    }
    if let Ok(selector) = Selector::parse("meta") {
        for name in DATE_META {
            let found = document.select(&selector).find_map(|meta| {
                let element = meta.value();
                let key = element
                    .attr("property")
                    .or(element.attr("name"))
                    .or(element.attr("itemprop"))?;
                if key.eq_ignore_ascii_case(name) {
                    element.attr("content").and_then(super::parse_metadata_date)
                } else {
                    None
                }
            });
            if found.is_some() {
                article.date = found;
                break;
            }
        }
        if article.source.is_none() {
            article.source = document.select(&selector).find_map(|meta| {
                let element = meta.value();
                (element.attr("property") == Some("og:site_name"))
                    .then(|| element.attr("content"))?
                    .map(str::to_string)
            });
        }
    }
    let mut out = String::new();
    let root = Selector::parse("body")
        .ok()
        .and_then(|s| document.select(&s).next())
        .unwrap_or_else(|| document.root_element());
    visible_text(root, &mut out);
    article.text = out
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n\n");
    if article.text.is_empty() {
        return Err("the HTML page has no visible text".into());
    }
    Ok(article)
}

fn visible_text(element: ElementRef<'_>, out: &mut String) {
    for child in element.children() {
        match child.value() {
            Node::Text(text) => out.push_str(text),
            Node::Element(e) => {
                let name = e.name();
                if HIDDEN.contains(&name) {
                    continue;
                }
                if let Some(child) = ElementRef::wrap(child) {
                    visible_text(child, out);
                }
                if BLOCKS.contains(&name) {
                    out.push('\n');
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visible_text_title_and_date() {
        let page = r#"<html><head><title>Blast kills 8</title>
            <meta property="article:published_time" content="2020-04-01T10:00:00Z">
            <style>p{}</style></head>
            <body><nav>Home | World</nav><h1>Blast kills 8</h1>
            <p>Eight civilians were <b>killed</b> in Helmand.</p><script>var x=1;</script>
            <p>Officials said &amp; confirmed.</p></body></html>"#;
        let article = parse_html(page, "a.html").unwrap_or_default();
        assert_eq!(article.title.as_deref(), Some("Blast kills 8"));
        assert_eq!(
            article.date.map(|d| d.to_string()).as_deref(),
            Some("2020-04-01")
        );
        assert_eq!(
            article.text,
            "Blast kills 8\n\nEight civilians were killed in Helmand.\n\nOfficials said & confirmed."
        );
    }

    #[test]
    fn empty_page_is_an_error() {
        assert!(parse_html("<html><body><script>x</script></body></html>", "a.html").is_err());
    }
}
