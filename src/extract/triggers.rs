//! The trigger table (`data/triggers.tsv`): words and phrases that report an event, mapped
//! to ACLED's event type and sub-event type, matched on whole words with aho-corasick.

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};

use crate::taxonomy::{EventType, SubEventType};

/// The bundled trigger table.
pub const BUNDLED_TRIGGERS: &str = include_str!("../../data/triggers.tsv");

/// When a trigger counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Condition {
    /// Always.
    None,
    /// Only when the clause is about prisoners, detainees or captives.
    Prisoners,
    /// Only with a territorial object (district, village, checkpoint, base...).
    Territory,
    /// Only with weapons, explosives or mines in the clause.
    Weapons,
    /// Only with a way people pass (road, highway, bridge, entrance, gate) in the clause.
    Ways,
    /// Only with a death or an injury the clause counts, and no word of work, pay or
    /// protest: a strike that kills is no walk-out.
    Harm,
}

/// One row of the table.
#[derive(Debug, Clone, PartialEq)]
pub struct TriggerRule {
    /// The phrase, lower case.
    pub phrase: String,
    /// Higher wins when a clause holds several triggers.
    pub priority: u8,
    /// ACLED event type (the type of `sub_event_type`).
    pub event_type: EventType,
    /// ACLED sub-event type.
    pub sub_event_type: SubEventType,
    /// When the rule applies.
    pub condition: Condition,
}

/// A trigger found in a text.
#[derive(Debug, Clone, PartialEq)]
pub struct TriggerMatch<'t> {
    /// The rule.
    pub rule: &'t TriggerRule,
    /// Byte span in the searched text.
    pub span: (usize, usize),
}

/// Errors in a trigger table.
#[derive(Debug, thiserror::Error)]
pub enum TriggerTableError {
    /// A row is malformed.
    #[error("trigger table line {line}: {problem}")]
    BadRow {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        problem: String,
    },
    /// The automaton could not be built.
    #[error("trigger table: {0}")]
    Build(String),
}

/// The parsed table with its matcher.
#[derive(Debug, Clone)]
pub struct TriggerTable {
    /// Rules grouped by phrase: `rules[i]` are the rules of pattern `i`.
    rules: Vec<Vec<TriggerRule>>,
    matcher: AhoCorasick,
}

impl TriggerTable {
    /// The table bundled with the app.
    pub fn bundled() -> Result<TriggerTable, TriggerTableError> {
        TriggerTable::parse(BUNDLED_TRIGGERS)
    }

    /// Parses a table in the `data/triggers.tsv` format.
    pub fn parse(text: &str) -> Result<TriggerTable, TriggerTableError> {
        let mut phrases: Vec<String> = Vec::new();
        let mut rules: Vec<Vec<TriggerRule>> = Vec::new();
        let mut classes: Vec<(String, Vec<String>)> = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line_no = n + 1;
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = |problem: String| TriggerTableError::BadRow {
                line: line_no,
                problem,
            };
            // "@aircraft<TAB>jet|jets|drone": a class of words that phrases name as one
            // (two columns, where a phrase's row has five).
            if let Some(class) = line.strip_prefix('@')
                && let Some((name, words)) = class.split_once('\t')
                && !words.contains('\t')
            {
                let words: Vec<String> = words
                    .split('|')
                    .map(|w| w.trim().to_ascii_lowercase())
                    .filter(|w| !w.is_empty())
                    .collect();
                if words.is_empty() {
                    return Err(bad(format!("word class @{name} has no words")));
                }
                let name = format!("@{}", name.trim());
                // (A second definition would silently lose to the first.)
                if classes.iter().any(|(known, _)| *known == name) {
                    return Err(bad(format!("word class {name} is defined twice")));
                }
                classes.push((name, words));
                continue;
            }
            let cols: Vec<&str> = line.split('\t').collect();
            let [phrase, priority, event_type, sub_event_type, condition] = cols[..] else {
                return Err(bad(format!(
                    "expected 5 tab-separated columns, found {}",
                    cols.len()
                )));
            };
            let priority = priority
                .parse::<u8>()
                .map_err(|_| bad(format!("priority {priority:?} is not a number 0-255")))?;
            let event_type: EventType = event_type.parse().map_err(|e| bad(format!("{e}")))?;
            let sub_event_type = SubEventType::parse_within(event_type, sub_event_type)
                .map_err(|e| bad(format!("{e}")))?;
            let condition = match condition {
                "-" => Condition::None,
                "prisoners" => Condition::Prisoners,
                "territory" => Condition::Territory,
                "weapons" => Condition::Weapons,
                "ways" => Condition::Ways,
                "harm" => Condition::Harm,
                other => return Err(bad(format!("unknown condition {other:?}"))),
            };
            for phrase in expand_classes(&phrase.trim().to_ascii_lowercase(), &classes)
                .map_err(|class| bad(format!("unknown word class {class}")))?
            {
                let rule = TriggerRule {
                    phrase: phrase.clone(),
                    priority,
                    event_type,
                    sub_event_type,
                    condition,
                };
                match phrases.iter().position(|p| *p == phrase) {
                    Some(i) => rules[i].push(rule),
                    None => {
                        phrases.push(phrase);
                        rules.push(vec![rule]);
                    }
                }
            }
        }
        let matcher = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::LeftmostLongest)
            .kind(Some(aho_corasick::AhoCorasickKind::DFA))
            .build(&phrases)
            .map_err(|e| TriggerTableError::Build(e.to_string()))?;
        Ok(TriggerTable { rules, matcher })
    }

    /// Number of phrases.
    pub fn len(&self) -> usize {
        self.rules.len()
    }

    /// True when the table has no rows.
    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    /// Every whole-word trigger in a text, each with all rules of its phrase. A longest
    /// phrase that is only part of a word ("hand grenade" in "hand grenades") sends the
    /// search on from its next byte, so that a shorter phrase inside it ("grenades") is
    /// still found.
    pub fn find<'t>(&'t self, text: &str) -> Vec<TriggerMatch<'t>> {
        let bytes = text.as_bytes();
        let mut out = Vec::new();
        let mut from = 0;
        while let Some(m) = self
            .matcher
            .find(aho_corasick::Input::new(text).span(from..bytes.len()))
        {
            let before_ok = m.start() == 0 || !is_word_byte(bytes[m.start() - 1]);
            let after_ok = m.end() == bytes.len() || !is_word_byte(bytes[m.end()]);
            if !(before_ok && after_ok) {
                from = m.start() + 1;
                continue;
            }
            from = m.end();
            if is_month(text, m.start(), m.end())
                || is_an_adjective(text, m.start(), m.end())
                || names_a_riot_force_or_its_gear(text, m.start(), m.end())
                || names_a_pit_that_is_dug(text, m.start(), m.end())
                || shuts_oneself_in(text, m.start(), m.end())
            {
                continue;
            }
            if let Some(rules) = self.rules.get(m.pattern().as_usize()) {
                for rule in rules {
                    out.push(TriggerMatch {
                        rule,
                        span: (m.start(), m.end()),
                    });
                }
            }
        }
        out
    }
}

/// Every phrase a table row's phrase stands for: each `@class` word replaced by each word
/// of its class ("@aircraft struck" is "jet struck", "drones struck"...). The unknown
/// class's name when a word names none.
fn expand_classes(phrase: &str, classes: &[(String, Vec<String>)]) -> Result<Vec<String>, String> {
    let mut expanded = vec![String::new()];
    for word in phrase.split(' ') {
        let choices: Vec<&str> = if word.starts_with('@') {
            let (_, words) = classes
                .iter()
                .find(|(name, _)| name == word)
                .ok_or_else(|| word.to_string())?;
            words.iter().map(String::as_str).collect()
        } else {
            vec![word]
        };
        expanded = expanded
            .iter()
            .flat_map(|start| {
                choices.iter().map(move |choice| {
                    if start.is_empty() {
                        choice.to_string()
                    } else {
                        format!("{start} {choice}")
                    }
                })
            })
            .collect();
    }
    Ok(expanded)
}

/// Words after "riot" that make it the name of a force or its gear ("riot police",
/// "anti-riot units", "riot gear"), not a riot.
const RIOT_FORCE_WORDS: &[&str] = &[
    "police",
    "policemen",
    "squad",
    "squads",
    "unit",
    "units",
    "gear",
    "control",
    "officers",
    "troops",
    "forces",
    "shields",
    "helmets",
    "brigade",
];

/// True when the trigger "riot" names the police who put riots down or their gear, by the
/// word after it.
fn names_a_riot_force_or_its_gear(text: &str, start: usize, end: usize) -> bool {
    text[start..end].eq_ignore_ascii_case("riot")
        // (The next word in the same phrase: "a riot, police said" is a riot.)
        && RIOT_FORCE_WORDS.contains(&neighbour_word(text, start, end, true).as_str())
}

/// The word before or after a trigger, lower-cased, when only a space parts them (a mark
/// between ends the phrase: "a riot, police said").
fn neighbour_word(text: &str, start: usize, end: usize, after: bool) -> String {
    let word = if after {
        text[end..]
            .strip_prefix(' ')
            .and_then(|rest| rest.split(|c: char| !c.is_alphanumeric()).next())
    } else {
        text[..start]
            .strip_suffix(' ')
            .and_then(|rest| rest.rsplit(|c: char| !c.is_alphanumeric()).next())
    };
    word.unwrap_or("").to_ascii_lowercase()
}

/// True when the trigger "mine" names a pit that is dug, not a bomb: by the ore before it
/// ("a gold mine", "the Soma coal mine") or the word after it ("mine workers", "the mine
/// owner", "a mine collapse").
fn names_a_pit_that_is_dug(text: &str, start: usize, end: usize) -> bool {
    if !matches!(
        text[start..end].to_ascii_lowercase().as_str(),
        "mine" | "mines"
    ) {
        return false;
    }
    ORES.contains(&neighbour_word(text, start, end, false).as_str())
        || PIT_WORDS.contains(&neighbour_word(text, start, end, true).as_str())
}

/// True when the trigger "barricaded" tells of one who shut himself in ("a man who then
/// barricaded himself inside a house"), no crowd's barricades.
fn shuts_oneself_in(text: &str, start: usize, end: usize) -> bool {
    text[start..end].eq_ignore_ascii_case("barricaded")
        && matches!(
            neighbour_word(text, start, end, true).as_str(),
            "himself" | "herself" | "themselves" | "itself"
        )
}

/// What is dug from a mine ("a gold mine", "coal mines").
const ORES: &[&str] = &[
    "gold",
    "coal",
    "copper",
    "tin",
    "diamond",
    "silver",
    "iron",
    "lithium",
    "cobalt",
    "bauxite",
    "uranium",
    "jade",
    "ruby",
    "emerald",
    "salt",
    "zinc",
    "nickel",
    "platinum",
    "manganese",
    "phosphate",
    "chrome",
    "coltan",
    "mica",
    "limestone",
    "sand",
    "open-pit",
    "opencast",
];

/// Words after "mine" that make it a pit and its trade ("mine workers", "the mine owner").
const PIT_WORDS: &[&str] = &[
    "workers",
    "worker",
    "owner",
    "owners",
    "company",
    "companies",
    "site",
    "sites",
    "shaft",
    "shafts",
    "collapse",
    "collapsed",
    "operator",
    "operators",
    "union",
    "unions",
    "federation",
    "labourers",
    "laborers",
    "employees",
    "concession",
    "concessions",
    "output",
    "closure",
];

/// True when a trigger that is also an adjective ("offensive") is used as one: after a
/// verb of being or finding or a word of degree ("comments you find offensive", "was
/// deeply offensive"), not as the noun of a military push ("launched an offensive").
fn is_an_adjective(text: &str, start: usize, end: usize) -> bool {
    if !text[start..end].eq_ignore_ascii_case("offensive") {
        return false;
    }
    let previous_word = crate::text::last_word_lowercase(&text[..start]);
    matches!(
        previous_word.as_str(),
        "find"
            | "finds"
            | "found"
            | "is"
            | "was"
            | "are"
            | "were"
            | "be"
            | "been"
            | "being"
            | "deemed"
            | "considered"
            | "very"
            | "so"
            | "too"
            | "more"
            | "most"
            | "deeply"
            | "highly"
            | "racially"
            | "sexually"
    )
}

/// True when a trigger that is also a month's name ("march") is the month or a name:
/// capitalised next to a number or after a word of time ("on 3 March", "March 10", "in
/// early March"), or before another capitalised word ("March Street").
fn is_month(text: &str, start: usize, end: usize) -> bool {
    let word = &text[start..end];
    if !word.eq_ignore_ascii_case("march") || !word.starts_with('M') {
        return false;
    }
    let next = text[end..].trim_start();
    let previous = text[..start].trim_end();
    let previous_word = crate::text::last_word_lowercase(previous);
    next.starts_with(|c: char| c.is_ascii_digit() || c.is_uppercase())
        || previous.ends_with(|c: char| c.is_ascii_digit())
        || matches!(
            previous_word.as_str(),
            "in" | "on"
                | "by"
                | "since"
                | "until"
                | "till"
                | "from"
                | "of"
                | "early"
                | "mid"
                | "late"
                | "last"
                | "next"
                | "this"
                | "before"
                | "after"
                | "during"
        )
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b >= 0x80
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_table_parses_and_uses_acled_types_only() {
        let table = TriggerTable::bundled();
        assert!(
            table.as_ref().is_ok_and(|t| t.len() > 150),
            "{:?}",
            table.err()
        );
    }

    #[test]
    fn a_word_class_stands_for_each_of_its_words() {
        let table = TriggerTable::parse(
            "@flier\tkite|glider\n@verb\tsank|dived\n\
             @flier @verb\t80\tExplosions/Remote violence\tAir/drone strike\t-\n",
        )
        .expect("a table with classes");
        assert_eq!(table.len(), 4);
        for text in ["the kite sank", "a glider dived", "the glider sank"] {
            assert_eq!(table.find(text).len(), 1, "{text}");
        }
        assert!(table.find("the kite flew").is_empty());
        // A class no line defines, or one without words, is an error naming its line.
        let unknown =
            TriggerTable::parse("@bird\tdived\n@boat sank\t80\tBattles\tArmed clash\t-\n");
        assert!(matches!(
            unknown,
            Err(TriggerTableError::BadRow { line: 2, .. })
        ));
        let twice = TriggerTable::parse("@bird\tkite\n@bird\tgull\n");
        assert!(
            matches!(&twice, Err(e) if e.to_string().contains("defined twice")),
            "{twice:?}"
        );
        let empty = TriggerTable::parse("@bird\t|\n");
        assert!(matches!(
            empty,
            Err(TriggerTableError::BadRow { line: 1, .. })
        ));
    }

    #[test]
    fn whole_words_only_and_longest_phrase_wins() {
        let table = TriggerTable::bundled().expect("bundled table");
        let found = |text: &str| -> Vec<&str> {
            table
                .find(text)
                .iter()
                .map(|m| m.rule.sub_event_type.as_str())
                .collect()
        };
        assert_eq!(
            found("a roadside bomb killed"),
            ["Remote explosive/landmine/IED"]
        );
        assert_eq!(found("a suicide car bomber struck"), ["Suicide bomb"]);
        assert!(found("the bombastic speech").is_empty());
        assert_eq!(found("an AIRSTRIKE hit"), ["Air/drone strike"]);
        // "seized" has two rules (territory, weapons): both are reported.
        assert_eq!(found("seized").len(), 2);
    }

    /// Asserts how many triggers each text holds.
    fn assert_trigger_counts(rows: &[(&str, usize)]) {
        let table = TriggerTable::bundled().expect("bundled table");
        for &(text, want) in rows {
            assert_eq!(table.find(text).len(), want, "{text}");
        }
    }

    #[test]
    fn offensive_as_an_adjective_is_no_offensive() {
        assert_trigger_counts(&[
            ("flag any comments you find offensive", 0),
            ("the remark was deeply offensive", 0),
            ("the army launched an offensive on the town", 1),
            ("a new offensive began", 1),
        ]);
    }

    #[test]
    fn headlines_in_the_present_tense_name_their_events() {
        let table = TriggerTable::bundled().expect("bundled table");
        // (headline, the sub-event type its trigger names)
        for (text, sub) in [
            (
                "Rebels seize two villages",
                "Non-state actor overtakes territory",
            ),
            (
                "Militia takes over the Korva crossing",
                "Non-state actor overtakes territory",
            ),
            (
                "Gunmen loot shops in Dalmore",
                "Looting/property destruction",
            ),
            (
                "Bandits abduct a trader on the Keld road",
                "Abduction/forced disappearance",
            ),
            ("Attackers behead a village chief", "Attack"),
            ("Police detain 40 students", "Arrests"),
            (
                "Youths torch the council office",
                "Looting/property destruction",
            ),
            ("Soldiers repel an attack on the Ostin post", "Armed clash"),
            // and a few deeds written without a verb of the table
            ("Raiders slit the throats of two herders", "Attack"),
            (
                "Militants set off explosives at a school",
                "Remote explosive/landmine/IED",
            ),
            ("A boy was hit by a stray bullet", "Attack"),
            ("The air force bombed a rebel camp", "Air/drone strike"),
        ] {
            let found: Vec<&str> = table
                .find(text)
                .iter()
                .map(|m| m.rule.sub_event_type.as_str())
                .collect();
            assert!(found.contains(&sub), "{text}: {found:?}");
        }
    }

    /// The sub-event type of the bundled table's highest-priority trigger in `text`.
    fn highest_priority_sub_type(text: &str) -> Option<&'static str> {
        let table = TriggerTable::bundled().expect("bundled table");
        table
            .find(text)
            .iter()
            .max_by_key(|m| m.rule.priority)
            .map(|m| m.rule.sub_event_type.as_str())
    }

    #[test]
    fn a_bomb_thrown_by_hand_is_a_grenade() {
        let best = |text: &str| highest_priority_sub_type(text);
        for text in [
            "Two men hurled crude bombs at a tea stall",
            "a bomb was thrown at the mayor's car",
            "raiders lobbed several bombs into the yard",
        ] {
            assert_eq!(best(text), Some("Grenade"), "{text}");
        }
        // A bomb set off, not thrown, is a remote explosive.
        assert_eq!(
            best("a bomb went off at the tea stall"),
            Some("Remote explosive/landmine/IED")
        );
    }

    /// Word classes multiply phrases: the bundled table stays small enough that its matcher
    /// costs little memory (a table of 7,000 phrases took 15 MB more at peak; 3,500 about
    /// 7 MB; 4,100, with the devices found before they went off, 1-3 MB more than 3,600).
    #[test]
    fn the_bundled_table_expands_to_a_bounded_number_of_phrases() {
        const MOST_PHRASES: usize = 4_200;
        let table = TriggerTable::bundled().expect("bundled table");
        assert!(
            table.len() <= MOST_PHRASES,
            "{} phrases: narrow the word classes",
            table.len()
        );
    }

    #[test]
    fn strategic_moves_are_read_by_meaning() {
        let best = |text: &str| highest_priority_sub_type(text);
        for (text, expected) in [
            // Pacts of any kind, ground retaken, arms laid down, towns entered unopposed.
            (
                "the two factions signed a power-sharing agreement in the capital",
                "Agreement",
            ),
            (
                "troops recovered control of the hill town",
                "Government regains territory",
            ),
            (
                "thirty fighters laid down their weapons at the camp",
                "Change to group/activity",
            ),
            (
                "two clans laid down their arms and made peace at the school",
                "Agreement",
            ),
            (
                "the militia entered Lowmere without resistance",
                "Non-violent transfer of territory",
            ),
            ("police arrested him without resistance", "Arrests"),
            // Aircraft that carry out strikes strike from the air, not a labour strike.
            (
                "Two jets carried out strikes on the ridge",
                "Air/drone strike",
            ),
            (
                "helicopters conducted several raids at dawn",
                "Air/drone strike",
            ),
            // New posts and fortified lines.
            (
                "the militia set up a new military post by the dam",
                "Headquarters or base established",
            ),
            (
                "rebels established new positions on the hill",
                "Headquarters or base established",
            ),
            (
                "the brigade dug trenches around the airfield",
                "Change to group/activity",
            ),
            (
                "both sides built fortifications along the canal",
                "Change to group/activity",
            ),
            // Mines cleared did not go off.
            (
                "engineers removed landmines from the farm road",
                "Disrupted weapons use",
            ),
            (
                "a demining team cleared unexploded ordnance near the school",
                "Disrupted weapons use",
            ),
            // Nor did devices found before they went off.
            (
                "herders discovered a landmine beside the well",
                "Disrupted weapons use",
            ),
            (
                "a bomb was found under a bench at the depot",
                "Disrupted weapons use",
            ),
            (
                "sappers neutralized three IEDs on the northern track",
                "Disrupted weapons use",
            ),
            (
                "a roadside bomb struck the convoy on the northern track",
                "Remote explosive/landmine/IED",
            ),
            // Sexual violence in any of its words.
            (
                "guards were accused of raping two detainees",
                "Sexual violence",
            ),
            (
                "a teacher sexually abused three pupils at the school",
                "Sexual violence",
            ),
            ("two girls were gang-raped near the well", "Sexual violence"),
            // Captives traded between sides.
            (
                "the two factions exchanged prisoners at the bridge",
                "Agreement",
            ),
        ] {
            assert_eq!(best(text), Some(expected), "{text}");
        }
        // A strike with no aircraft is still a strike of workers; fire traded with fighters
        // is still a clash.
        assert_eq!(
            best("dock workers staged strikes"),
            Some("Peaceful protest")
        );
        assert_eq!(
            best("troops exchanged fire with the fighters"),
            Some("Armed clash")
        );
    }

    #[test]
    fn a_bomber_who_dies_with_the_bomb_is_a_suicide_bomb() {
        let best = |text: &str| highest_priority_sub_type(text);
        for (text, expected) in [
            ("two suicide bombings shook the bus depot", "Suicide bomb"),
            ("a man set off a suicide bomb at the gate", "Suicide bomb"),
            ("twin suicide blasts hit the market", "Suicide bomb"),
            (
                "three girls blew themselves up near the mosque",
                "Suicide bomb",
            ),
            (
                "the attacker detonated his explosives at the checkpoint",
                "Suicide bomb",
            ),
            ("two kamikazes struck the camp at dawn", "Suicide bomb"),
            ("kamikaze drones hit the power station", "Air/drone strike"),
            (
                "a bomb hidden in a cart blew up",
                "Remote explosive/landmine/IED",
            ),
        ] {
            assert_eq!(best(text), Some(expected), "{text}");
        }
    }

    #[test]
    fn remote_attacks_and_pacts_are_read_by_their_means() {
        let best = |text: &str| highest_priority_sub_type(text);
        for (text, expected) in [
            (
                "warplanes hit a house on the edge of the town",
                "Air/drone strike",
            ),
            (
                "jets carried out six raids on the ridge",
                "Air/drone strike",
            ),
            (
                "a chemical attack on the suburb left dozens choking",
                "Chemical weapon",
            ),
            (
                "rockets carrying chlorine gas landed near the school",
                "Chemical weapon",
            ),
            ("the factory was fined for storing chlorine", "none"),
            // Charges set off or planted are bombs, whatever else was done with them.
            (
                "fighters damaged the bridge by setting off explosives",
                "Remote explosive/landmine/IED",
            ),
            (
                "rebels planted an explosive charge at the pylon",
                "Remote explosive/landmine/IED",
            ),
            // Bombs dropped from the air; people taken to where no one knows.
            (
                "the cartel dropped explosives from drones onto the checkpoint",
                "Air/drone strike",
            ),
            // Bombs made to be dropped, and an attack made with drones.
            ("guided bombs struck the depot at dawn", "Air/drone strike"),
            (
                "rebels attacked the fort with explosive-laden drones",
                "Air/drone strike",
            ),
            // drones that only spray or watch strike nothing
            ("the firm sprayed the fields with drones", "none"),
            (
                "soldiers detained a teacher and took him to an unknown location",
                "Abduction/forced disappearance",
            ),
            // Pacts are read by their verb and noun.
            (
                "the two militias reached an agreement on the road",
                "Agreement",
            ),
            (
                "elders signed a reconciliation agreement at the market",
                "Agreement",
            ),
        ] {
            assert_eq!(best(text).unwrap_or("none"), expected, "{text}");
        }
    }

    #[test]
    fn riot_police_and_riot_gear_are_no_riot() {
        assert_trigger_counts(&[
            ("riot police stood at the gate", 0),
            ("anti-riot units stood by the bridge", 0),
            ("officers in riot gear lined the road", 0),
            ("a riot broke out at the prison", 1),
            ("youths started a riot, police said", 1),
        ]);
    }

    #[test]
    fn a_pit_that_is_dug_is_no_mine_that_blows_up() {
        assert_trigger_counts(&[
            ("the Mine Workers Union met the minister", 0),
            ("guards shot two men at a gold mine", 1),
            ("the mine owner fled the village", 0),
            ("the truck struck a mine on the road", 1),
            ("soldiers laid mines along the road", 1),
        ]);
    }

    #[test]
    fn one_who_shuts_himself_in_raises_no_barricade() {
        assert_trigger_counts(&[
            ("the gunman barricaded himself inside a house", 0),
            ("youths barricaded the main road with tyres", 1),
        ]);
    }

    #[test]
    fn a_month_is_no_march() {
        assert_trigger_counts(&[
            ("the deal was due by March 10", 0),
            ("on 4 March the council met", 0),
            ("in early March nobody came", 0),
            ("police taped off March Street", 0),
            ("students march to the ministry", 1),
            ("A March through the old town", 1),
        ]);
    }

    #[test]
    fn plural_protests_are_protests() {
        let table = TriggerTable::bundled().expect("bundled table");
        for text in [
            "nurses held marches in three towns",
            "teachers held sit-ins at the ministry",
            "dockers held strikes for a week",
        ] {
            // (A strike's rule read only where it harms, `Condition::Harm`, is not asked.)
            let found: Vec<_> = table
                .find(text)
                .into_iter()
                .filter(|m| m.rule.condition == Condition::None)
                .collect();
            assert_eq!(found.len(), 1, "{text}");
            assert_eq!(found[0].rule.sub_event_type.as_str(), "Peaceful protest");
        }
    }

    #[test]
    fn a_phrase_that_is_part_of_a_word_leaves_the_shorter_phrase_inside_it() {
        let table = TriggerTable::parse(
            "hand grenade\t84\tExplosions/Remote violence\tGrenade\t-\n\
             grenades\t84\tExplosions/Remote violence\tGrenade\t-\n",
        )
        .expect("table");
        let found: Vec<&str> = table
            .find("they threw two hand grenades at the post")
            .iter()
            .map(|m| m.rule.phrase.as_str())
            .collect();
        assert_eq!(found, ["grenades"]);
    }

    #[test]
    fn events_in_other_words_of_the_same_meaning() {
        let table = TriggerTable::bundled().expect("bundled table");
        // (text, the one sub-event type found): taking to the streets in any words, a
        // present tense, a force that repels an incursion.
        let rows: [(&str, &str); 11] = [
            (
                "teachers went to the streets over unpaid bonuses",
                "Peaceful protest",
            ),
            (
                "thousands went down in the streets of the capital",
                "Peaceful protest",
            ),
            (
                "traders poured into the streets after the tax rise",
                "Peaceful protest",
            ),
            (
                "workers walked down to the street to ask for higher pay",
                "Peaceful protest",
            ),
            ("nurses hit the streets on monday", "Peaceful protest"),
            ("dockers observed a work stoppage", "Peaceful protest"),
            (
                "the community demonstrates against the eviction",
                "Peaceful protest",
            ),
            ("soldiers repelled the raiders", "Armed clash"),
            ("the militia repulsed them", "Armed clash"),
            ("a rebel incursion into the district", "Armed clash"),
            ("party men went on a rampage in the market", "Mob violence"),
        ];
        for (text, sub_event_type) in rows {
            let found: Vec<_> = table
                .find(text)
                .iter()
                .map(|m| m.rule.sub_event_type.as_str())
                .collect();
            assert_eq!(found, [sub_event_type], "{text}");
        }
    }

    #[test]
    fn aircraft_that_strike_are_air_strikes() {
        let table = TriggerTable::bundled().expect("bundled table");
        // (Aircraft with any verb of striking, by the table's word classes.)
        for text in [
            "a drone struck a car on the road",
            "enemy aircraft struck a depot",
            "a warplane hit the market",
            "army jets bombarded the camp",
            "a drone struck a pickup",
            "gunships strafed the convoy",
        ] {
            let found: Vec<_> = table
                .find(text)
                .iter()
                .map(|m| m.rule.sub_event_type.as_str())
                .collect();
            assert_eq!(found, ["Air/drone strike"], "{text}");
        }
    }

    #[test]
    fn bad_rows_name_the_line() {
        let err = TriggerTable::parse("# c\nbomb\t70\tBattles\tNope\t-\n").err();
        assert!(err.is_some_and(|e| e.to_string().starts_with("trigger table line 2")));
        let err = TriggerTable::parse("bomb\tx\tBattles\tArmed clash\t-\n").err();
        assert!(err.is_some_and(|e| e.to_string().contains("priority")));
    }
}
