//! Lines of a scraped page that point to other stories: a link after "Related:", "More:",
//! "Read more:", "Watch:". They are no part of the story, and what they report is not its
//! news. (A video list's titles, "3:02 Mayor opens the bridge", are left: a page's first
//! video is often its own story's, and blanking them all measured no better.)

use std::sync::LazyLock;

use regex::Regex;

use super::Span;

static TEASER: LazyLock<Regex> = LazyLock::new(|| {
    #[allow(clippy::expect_used)]
    Regex::new(
        r"(?mx)
        ^[\ \t]*
        (?:
            (?i:related(?:\ (?:coverage|stories|story|links?))?|read\ more|more|watch|video|also\ see|see\ also)
            [\ \t]*:[^\n]*                                            # Related: a link
        )$",
    )
    .expect("teaser pattern is valid")
});

/// The byte spans of the lines of a text that point to other stories.
///
/// ```
/// use incident_map::text::teaser_lines;
/// let page = "A man was shot on Elm Road.\nRelated: Fire at the mill";
/// let spans = teaser_lines(page);
/// assert_eq!(spans.len(), 1);
/// assert_eq!(&page[spans[0].0..spans[0].1], "Related: Fire at the mill");
/// ```
pub fn teaser_lines(text: &str) -> Vec<Span> {
    TEASER
        .find_iter(text)
        .map(|m| (m.start(), m.end()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn teasers_table() {
        // (page, the teaser lines it has)
        let rows: [(&str, &[&str]); 5] = [
            (
                "A boy was shot.\nMore: Girl, 4, hurt in crash\nRELATED STORIES: Storm",
                &["More: Girl, 4, hurt in crash", "RELATED STORIES: Storm"],
            ),
            (
                "Read more: Fire at the mill\nTwo men were hurt.",
                &["Read more: Fire at the mill"],
            ),
            ("More than 20 people marched: nobody was hurt.", &[]),
            ("Police said more: the road stays shut", &[]),
            ("Two men were hurt. Watch: the video", &[]),
        ];
        for (page, want) in rows {
            let got: Vec<&str> = teaser_lines(page)
                .into_iter()
                .map(|(a, b)| &page[a..b])
                .collect();
            assert_eq!(got, want, "{page}");
        }
    }
}
