//! Named armed groups and the countries they fight in (`data/armed_groups.tsv`). A text that
//! names a group is read, for its ambiguous place names, as one that names those countries:
//! "Boko Haram raided Tagawa" is no story of Japan. Where a group fights in one province of
//! a country, the table gives that province ("Boko Haram" in Cameroon: the Far North).

use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};

/// The bundled table.
pub const BUNDLED_GROUPS: &str = include_str!("../../data/armed_groups.tsv");

/// The groups' names and, for each name, the countries of its group and the provinces it
/// fights in.
#[derive(Debug)]
pub struct GroupTable {
    matcher: Option<AhoCorasick>,
    /// The names, as the table writes them.
    names: Vec<String>,
    countries: Vec<Vec<String>>,
    /// Per name: (country code, GeoNames admin1 code) of the group's home provinces.
    homes: Vec<Vec<(String, String)>>,
    /// Per name: the group's name as an actor, the first its line gives.
    actor_names: Vec<String>,
    /// Per name: whether its group is a state's own force or mission (`state` in the
    /// line's fourth column: "FAMa", "Tatmadaw"), whose soldiers are their state's forces.
    state_forces: Vec<bool>,
    /// Per name: whether its group is a political party (`party` in the fourth column).
    parties: Vec<bool>,
    /// The length in bytes of the longest name.
    longest_name: usize,
}

/// A group a text writes right before a word ("Houthi forces", "FAMa soldiers").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WrittenGroup<'t> {
    /// The group's name as an actor (its line's first name).
    pub actor_name: &'t str,
    /// True for a state's own force or mission.
    pub state_force: bool,
    /// The countries (ISO alpha-2) the group acts in.
    pub countries: &'t [String],
}

/// The name that ends `text` (before spaces): its run of capitalised words, with the small
/// words inside a name ("Front for the Liberation of X"), when it holds two capitalised
/// words or more; else empty.
fn capitalised_name_ending(text: &str) -> &str {
    let head = text.trim_end();
    let (mut start, mut capitalised, mut rest) = (head.len(), 0, head);
    loop {
        let word_start = rest.rfind(' ').map_or(0, |k| k + 1);
        let word = &rest[word_start..];
        // ("On 3 May, the Social Democratic Front": a comma ends the name before it.)
        if word.ends_with(|c: char| !c.is_alphanumeric()) {
            break;
        }
        if word.chars().next().is_some_and(char::is_uppercase) {
            capitalised += 1;
            start = word_start;
        } else if !matches!(word, "of" | "for" | "the" | "and" | "de" | "du" | "des") {
            break;
        }
        if word_start == 0 {
            break;
        }
        rest = rest[..word_start - 1].trim_end();
    }
    if capitalised >= 2 { &head[start..] } else { "" }
}

/// The bundled table, parsed once.
pub static GROUPS: LazyLock<GroupTable> = LazyLock::new(|| GroupTable::parse(BUNDLED_GROUPS));

impl GroupTable {
    /// A table from its text: one group per line, its names, its countries' codes and, if
    /// any, its home provinces ("CM.12=Far North|NG.27=Borno": country and admin1 code,
    /// then the province's name for the reader), then `state` for a state's own force or
    /// mission or `party` for a political party. Comment lines start with `#`; a line
    /// without names and countries is left out.
    pub fn parse(text: &str) -> GroupTable {
        let mut names = Vec::new();
        let mut countries = Vec::new();
        let mut homes = Vec::new();
        let mut actor_names = Vec::new();
        let mut state_forces = Vec::new();
        let mut parties = Vec::new();
        for line in text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        {
            let Some((written, rest)) = line.split_once('\t') else {
                continue;
            };
            let mut columns = rest.split('\t');
            let codes = columns.next().unwrap_or("");
            let provinces = columns.next().unwrap_or("");
            let role = columns.next().map_or("", str::trim);
            let (state_force, party) = (role == "state", role == "party");
            let provinces: Vec<(String, String)> = provinces
                .split('|')
                .filter_map(|p| p.split('=').next()?.trim().split_once('.'))
                .map(|(cc, a1)| (cc.to_string(), a1.to_string()))
                .collect();
            let codes: Vec<String> = codes
                .split('|')
                .map(str::trim)
                .filter(|c| c.len() == 2)
                .map(str::to_string)
                .collect();
            if codes.is_empty() {
                continue;
            }
            let written: Vec<&str> = written
                .split('|')
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .collect();
            for name in &written {
                names.push(name.to_string());
                countries.push(codes.clone());
                homes.push(provinces.clone());
                actor_names.push(written[0].to_string());
                state_forces.push(state_force);
                parties.push(party);
            }
        }
        let matcher = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .kind(Some(AhoCorasickKind::DFA))
            .match_kind(MatchKind::LeftmostLongest)
            .build(&names)
            .ok();
        GroupTable {
            longest_name: names.iter().map(String::len).max().unwrap_or(0),
            matcher,
            names,
            countries,
            homes,
            actor_names,
            state_forces,
            parties,
        }
    }

    /// The table's entries (by name) of the groups a text names, each name matched as
    /// whole words, with its byte span.
    fn named_spans<'a>(
        &'a self,
        text: &'a str,
    ) -> impl Iterator<Item = (usize, usize, usize)> + 'a {
        let bytes = text.as_bytes();
        self.matcher
            .iter()
            .flat_map(move |matcher| matcher.find_iter(text))
            .filter(move |m| {
                let before = m.start() == 0 || !bytes[m.start() - 1].is_ascii_alphanumeric();
                let after = m.end() == bytes.len() || !bytes[m.end()].is_ascii_alphanumeric();
                before && after
            })
            .map(|m| (m.pattern().as_usize(), m.start(), m.end()))
    }

    /// The table's entries (by name) of the groups a text names, but for a group's acronym
    /// the text spells out as another name: "the Social Democratic Front (SDF)" is no
    /// Syrian Democratic Forces.
    fn named_in<'a>(&'a self, text: &'a str) -> impl Iterator<Item = usize> + 'a {
        self.named_spans(text)
            .filter(move |&(i, start, end)| {
                !self.spelled_out_as_another(text, i, &text[start..end])
            })
            .map(|(i, _, _)| i)
    }

    /// Whether `written`, the table's name `i` as the text writes it, is an acronym the text
    /// spells out, somewhere, as a name other than its group's ("Social Democratic Front
    /// (SDF)"), when the table gives the group another name to tell them apart.
    fn spelled_out_as_another(&self, text: &str, i: usize, written: &str) -> bool {
        let is_acronym = written.len() <= 6
            && written.len() >= 2
            && written.bytes().all(|b| b.is_ascii_uppercase());
        if !is_acronym {
            return false;
        }
        let group = self.actor_names[i].as_str();
        let own_names: Vec<String> = (0..self.names.len())
            .filter(|&k| self.actor_names[k] == group && self.names[k] != written)
            .map(|k| self.names[k].to_ascii_lowercase())
            .collect();
        text.match_indices(&format!("({written})")).any(|(at, _)| {
            let words: Vec<String> = capitalised_name_ending(&text[..at])
                .split(' ')
                .filter(|w| w.chars().next().is_some_and(char::is_uppercase))
                .map(str::to_lowercase)
                .collect();
            // Spelled out: the capitalised words' initials are the acronym ("Raila Odinga
            // (ODM)" spells nothing out).
            let initials: String = words.iter().filter_map(|w| w.chars().next()).collect();
            let spelled_out = !words.is_empty() && initials.eq_ignore_ascii_case(written);
            // As its own group's name, give or take a small word ("Front of the Restoration
            // of Unity" for "Front for the Restoration of Unity").
            let as_its_own = own_names.iter().any(|name| {
                let shared = words
                    .iter()
                    .filter(|w| name.split(' ').any(|n| n == w.as_str()))
                    .count();
                shared * 3 >= words.len() * 2
            });
            // (A group the table knows by its acronym only may be spelled out any way.)
            spelled_out && !own_names.is_empty() && !as_its_own
        })
    }

    /// The group whose name the text writes just before byte `at`, one space away
    /// ("Ansaroul Islam militants", at "militants": Ansaroul Islam; "Harakat al-Shabaab
    /// fighters": Al Shabaab).
    pub fn group_written_before(&self, text: &str, at: usize) -> Option<WrittenGroup<'_>> {
        let head = text.get(..at)?.strip_suffix(' ')?;
        // Only the end of the text can hold a name that ends there: scanning all of it for
        // every word made this grow with the square of an article's length.
        let mut from = head.len().saturating_sub(self.longest_name);
        while !head.is_char_boundary(from) {
            from -= 1;
        }
        let tail = &head[from..];
        self.named_spans(tail)
            .find(|&(_, start, end)| {
                let start = from + start;
                end == tail.len()
                    && (start == 0 || !head.as_bytes()[start - 1].is_ascii_alphanumeric())
            })
            .map(|(i, _, _)| self.written_group(i))
    }

    /// The group of the table's name `i`, as a text writes it.
    fn written_group(&self, i: usize) -> WrittenGroup<'_> {
        WrittenGroup {
            actor_name: self.actor_names[i].as_str(),
            state_force: self.state_forces[i],
            countries: &self.countries[i],
        }
    }

    /// The group whose name is exactly `span` of `text` ("Boko Haram" in "Boko Haram
    /// raided ...").
    pub fn group_named_at(&self, text: &str, span: (usize, usize)) -> Option<WrittenGroup<'_>> {
        let name = text.get(span.0..span.1)?;
        self.named_spans(name)
            .find(|&(_, start, end)| start == 0 && end == name.len())
            .map(|(i, _, _)| self.written_group(i))
    }

    /// Where a text names a group that fights (byte span; no political party), and whether
    /// that group is a state's own force (`true`) or an armed group (`false`).
    pub fn fighters_named<'a>(
        &'a self,
        text: &'a str,
    ) -> impl Iterator<Item = (usize, usize, bool)> + 'a {
        self.named_spans(text)
            .filter(|&(i, _, _)| !self.parties[i])
            .map(|(i, start, end)| (start, end, self.state_forces[i]))
    }

    /// Where a text names a group (byte span), and whether that group is a state's own
    /// force (`true`) or an armed group (`false`).
    pub fn spans_named<'a>(
        &'a self,
        text: &'a str,
    ) -> impl Iterator<Item = (usize, usize, bool)> + 'a {
        self.named_spans(text)
            .map(|(i, start, end)| (start, end, self.state_forces[i]))
    }

    /// The countries (ISO alpha-2, sorted, once each) of the groups a text names.
    pub fn countries_named(&self, text: &str) -> Vec<&str> {
        let mut out: Vec<&str> = self
            .named_in(text)
            .flat_map(|i| self.countries[i].iter().map(String::as_str))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The country where the group a text names first fights most: the first its line
    /// gives ("Al Shabaab": Somalia before Kenya).
    pub fn main_country_named(&self, text: &str) -> Option<&str> {
        self.named_in(text)
            .next()
            .and_then(|i| self.countries[i].first())
            .map(String::as_str)
    }

    /// The one province (GeoNames admin1 code) of `country` that the groups a text names
    /// fight in, when they name exactly one there.
    pub fn home_province_named(&self, text: &str, country: &str) -> Option<&str> {
        let mut provinces: Vec<&str> = self
            .named_in(text)
            .flat_map(|i| self.homes[i].iter())
            .filter(|(cc, _)| cc == country)
            .map(|(_, a1)| a1.as_str())
            .collect();
        provinces.sort_unstable();
        provinces.dedup();
        match provinces.as_slice() {
            [one] => Some(one),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_ending_a_longer_word_is_no_group_before_it() {
        let table = GroupTable::parse("Red Hand Brigade|RHB\tXA\n");
        // Only the end of the text is read, as long as the longest name: the word the name
        // would start inside lies before what is read.
        let before = |text: &str| {
            let at = text.find(" men").map_or(0, |i| i + 1);
            table.group_written_before(text, at).map(|g| g.actor_name)
        };
        assert_eq!(before("xRed Hand Brigade men"), None);
        assert_eq!(before("a Red Hand Brigade men"), Some("Red Hand Brigade"));
        assert_eq!(before("Red Hand Brigade men"), Some("Red Hand Brigade"));
        assert_eq!(before("the XRHB men"), None);
    }

    #[test]
    fn a_group_written_before_a_word_is_named_by_its_lines_first_name() {
        let table = GroupTable::parse(
            "Red Hand|Red Hand Brigade|RHB\tXA\n# a comment\nBlue Lions\tXB\tXB.01=Norvale\n\
             Xandian Guard|XG\tXA\t\tstate\n",
        );
        let text = "Suspected Red Hand Brigade fighters and Blue Lions militants met RHB men \
                    and XG soldiers.";
        // (the byte the actor word starts at, the group written just before it, whether
        // it is a state's force)
        let at = |word: &str| text.find(word).unwrap_or(0);
        for (start, group) in [
            (at("fighters"), Some(("Red Hand", false))),
            (at("militants"), Some(("Blue Lions", false))),
            (at("men "), Some(("Red Hand", false))),
            (at("soldiers"), Some(("Xandian Guard", true))),
            // not right before: "and" stands between
            (at("and Blue"), None),
            // the start of the text
            (0, None),
        ] {
            let found = table
                .group_written_before(text, start)
                .map(|g| (g.actor_name, g.state_force));
            assert_eq!(found, group, "{start}");
        }
    }

    #[test]
    fn groups_name_their_countries_table() {
        let rows: [(&str, &[&str]); 8] = [
            (
                "Boko Haram fighters raided a village",
                &["CM", "NE", "NG", "TD"],
            ),
            ("AL SHABAAB MILITANTS ATTACKED A BASE", &["KE", "SO"]),
            ("the Houthis fired a drone", &["YE"]),
            // whole words only: no group in "Hamasaki" or "Talibanised"
            ("Hamasaki spoke of Talibanised rhetoric", &[]),
            ("gunmen attacked a market", &[]),
            ("Densus 88 officers arrested two men", &["ID"]),
            ("the New People's Army ambushed a patrol", &["PH"]),
            ("Sangaris troops patrolled the market", &["CF"]),
        ];
        for (text, want) in rows {
            assert_eq!(GROUPS.countries_named(text), want, "{text}");
        }
    }

    /// An acronym the text spells out as another name is not the group's: it names no
    /// country; spelled out as the group's own name, or not at all, it does.
    #[test]
    fn an_acronym_spelled_out_as_another_name_is_no_group() {
        let table = GroupTable::parse("Red Hand Brigade|RHB\tXA\n");
        for (text, want) in [
            ("RHB fighters raided a farm", &["XA"][..]),
            ("the Red Hand Brigade (RHB) raided a farm", &["XA"]),
            (
                "the Rural Help Board (RHB) held a rally; RHB members marched",
                &[],
            ),
            ("On 3 May, the Rural Help Board (RHB) held a rally", &[]),
            // one word before the brackets spells nothing out
            ("members of (RHB) marched", &["XA"]),
            // a person's name before the brackets, or the group's name with another small
            // word
            ("a rally for Ruth Banda (RHB) was held", &["XA"]),
            ("the Red Hand of Brigade (RHB) raided a farm", &["XA"]),
        ] {
            assert_eq!(table.countries_named(text), want, "{text}");
        }
        // a group known by its acronym alone
        let table = GroupTable::parse("RHB\tXA\n");
        assert_eq!(
            table.countries_named("the Rural Help Board (RHB) held a rally"),
            ["XA"]
        );
    }

    #[test]
    fn a_group_of_one_province_names_it() {
        let table = GroupTable::parse(
            "North Front\tXX|YY\tXX.07=Hills\nSea Front\tXX\tXX.09=Coast\nAll Front\tXX\n",
        );
        assert_eq!(
            table.home_province_named("the North Front struck", "XX"),
            Some("07")
        );
        assert_eq!(
            table.home_province_named("the North Front struck", "YY"),
            None
        );
        // Two groups of two provinces: neither.
        assert_eq!(
            table.home_province_named("the North Front and the Sea Front", "XX"),
            None
        );
        assert_eq!(
            table.home_province_named("the All Front struck", "XX"),
            None
        );
    }

    #[test]
    fn bad_lines_are_left_out() {
        let table = GroupTable::parse("# a comment\nNo countries\t\nGood Group\tXX|YY\nno tab\n");
        assert_eq!(table.countries_named("the Good Group struck"), ["XX", "YY"]);
        assert!(table.countries_named("No countries").is_empty());
    }

    #[test]
    fn every_bundled_line_parses() {
        let Ok(gazetteer) = crate::gazetteer::Gazetteer::bundled() else {
            panic!("the bundled gazetteer");
        };
        let lines = BUNDLED_GROUPS
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
        for line in lines {
            let (names, rest) = line.split_once('\t').unwrap_or(("", ""));
            let mut columns = rest.split('\t');
            let codes = columns.next().unwrap_or("");
            let provinces = columns.next().unwrap_or("");
            assert!(
                matches!(columns.next(), None | Some("state" | "party")),
                "{line}"
            );
            assert!(columns.next().is_none(), "{line}");
            assert!(!names.is_empty(), "{line}");
            assert!(codes.split('|').all(|c| c.len() == 2), "{line}");
            // Each home province is "CC.code=Name", in one of the group's countries, and is
            // the gazetteer's province of that code and name.
            for province in provinces.split('|').filter(|p| !p.is_empty()) {
                let (code, name) = province.split_once('=').unwrap_or(("", ""));
                let (cc, a1) = code.split_once('.').unwrap_or(("", ""));
                assert!(codes.split('|').any(|c| c == cc), "{line}");
                let found = gazetteer.admin1(cc, a1).map(|p| p.name);
                assert_eq!(found, Some(name), "{line}");
            }
        }
    }
}
