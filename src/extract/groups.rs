//! Named armed groups and the countries they fight in (`data/armed_groups.tsv`). A text that
//! names a group is read, for its ambiguous place names, as one that names those countries:
//! "Boko Haram raided Tagawa" is no story of Japan.

use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};

/// The bundled table.
pub const BUNDLED_GROUPS: &str = include_str!("../../data/armed_groups.tsv");

/// The groups' names and, for each name, the countries of its group.
#[derive(Debug)]
pub struct GroupTable {
    matcher: Option<AhoCorasick>,
    countries: Vec<Vec<String>>,
}

/// The bundled table, parsed once.
pub static GROUPS: LazyLock<GroupTable> = LazyLock::new(|| GroupTable::parse(BUNDLED_GROUPS));

impl GroupTable {
    /// A table from its text: one group per line, its names and its countries' codes.
    /// Comment lines start with `#`; a line without both columns is left out.
    pub fn parse(text: &str) -> GroupTable {
        let mut names = Vec::new();
        let mut countries = Vec::new();
        for line in text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        {
            let Some((written, codes)) = line.split_once('\t') else {
                continue;
            };
            let codes: Vec<String> = codes
                .split('|')
                .map(str::trim)
                .filter(|c| c.len() == 2)
                .map(str::to_string)
                .collect();
            if codes.is_empty() {
                continue;
            }
            for name in written.split('|').map(str::trim).filter(|n| !n.is_empty()) {
                names.push(name.to_string());
                countries.push(codes.clone());
            }
        }
        let matcher = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .kind(Some(AhoCorasickKind::DFA))
            .match_kind(MatchKind::LeftmostLongest)
            .build(&names)
            .ok();
        GroupTable { matcher, countries }
    }

    /// The countries (ISO alpha-2, sorted, once each) of the groups a text names, each name
    /// matched as whole words.
    pub fn countries_named(&self, text: &str) -> Vec<&str> {
        let Some(matcher) = &self.matcher else {
            return Vec::new();
        };
        let bytes = text.as_bytes();
        let mut out: Vec<&str> = matcher
            .find_iter(text)
            .filter(|m| {
                let before = m.start() == 0 || !bytes[m.start() - 1].is_ascii_alphanumeric();
                let after = m.end() == bytes.len() || !bytes[m.end()].is_ascii_alphanumeric();
                before && after
            })
            .flat_map(|m| {
                self.countries[m.pattern().as_usize()]
                    .iter()
                    .map(String::as_str)
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_name_their_countries_table() {
        let rows: [(&str, &[&str]); 5] = [
            (
                "Boko Haram fighters raided a village",
                &["CM", "NE", "NG", "TD"],
            ),
            ("AL SHABAAB MILITANTS ATTACKED A BASE", &["KE", "SO"]),
            ("the Houthis fired a drone", &["YE"]),
            // whole words only: no group in "Hamasaki" or "Talibanised"
            ("Hamasaki spoke of Talibanised rhetoric", &[]),
            ("gunmen attacked a market", &[]),
        ];
        for (text, want) in rows {
            assert_eq!(GROUPS.countries_named(text), want, "{text}");
        }
    }

    #[test]
    fn bad_lines_are_left_out() {
        let table = GroupTable::parse("# a comment\nNo countries\t\nGood Group\tXX|YY\nno tab\n");
        assert_eq!(table.countries_named("the Good Group struck"), ["XX", "YY"]);
        assert!(table.countries_named("No countries").is_empty());
    }

    #[test]
    fn every_bundled_line_parses() {
        let lines = BUNDLED_GROUPS
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
        for line in lines {
            let (names, codes) = line.split_once('\t').unwrap_or(("", ""));
            assert!(!names.is_empty(), "{line}");
            assert!(codes.split('|').all(|c| c.len() == 2), "{line}");
        }
    }
}
