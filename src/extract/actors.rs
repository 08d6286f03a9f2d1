//! Actors: a small dictionary of the groups news names (Taliban, security forces, police,
//! civilians, Islamic State...) with ACLED's actor names, and who did what to whom in a
//! clause (perpetrator after "by" or before the trigger; victims after a death toll or
//! before "were killed"; the target of "an attack on a checkpoint").

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};

use crate::text::Span;

/// ACLED's name for people of a country, not its state ("Civilians (Kenya)", "Protesters
/// (Ghana)", "Rioters (Sri Lanka)"); the bare word where the country is not known.
pub fn of_the_country(people: &str, country: &str) -> String {
    if country.is_empty() {
        people.to_string()
    } else {
        format!("{people} ({country})")
    }
}

/// A country's name as ACLED writes it after "of": with "the" where English puts one
/// ("Military Forces of the United States", "Police Forces of the Philippines").
fn with_its_article(country: &str) -> String {
    const WITH_THE: [&str; 6] = [
        "United ",
        "Central African Republic",
        "Democratic Republic of Congo",
        "Republic of Congo",
        "Philippines",
        "Netherlands",
    ];
    if WITH_THE.iter().any(|w| country.starts_with(w)) {
        format!("the {country}")
    } else {
        country.to_string()
    }
}

/// Which actor a phrase names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ActorKind {
    /// The Taliban.
    Taliban,
    /// Islamic State.
    IslamicState,
    /// Militants not named.
    Militants,
    /// The country's army and security forces.
    Military,
    /// The country's police.
    Police,
    /// Pro-government militias (Arbaki, uprising forces).
    Militia,
    /// The country's government.
    Government,
    /// United States or NATO forces.
    ForeignForces,
    /// Civilians.
    Civilians,
}

impl ActorKind {
    /// ACLED's name for the actor in a country ("Military Forces of Afghanistan").
    pub fn acled_name(self, country: &str) -> String {
        let of = |what: &str| {
            if country.is_empty() {
                what.to_string()
            } else {
                format!("{what} of {}", with_its_article(country))
            }
        };
        match self {
            ActorKind::Taliban => "Taliban".into(),
            ActorKind::IslamicState => "Islamic State".into(),
            ActorKind::Militants => {
                if country.is_empty() {
                    "Unidentified Armed Group".into()
                } else {
                    format!("Unidentified Armed Group ({country})")
                }
            }
            ActorKind::Military => of("Military Forces"),
            ActorKind::Police => of("Police Forces"),
            ActorKind::Militia => "Militia (Pro-Government)".into(),
            ActorKind::Government => of("Government"),
            ActorKind::ForeignForces => "Military Forces of the United States".into(),
            ActorKind::Civilians => of_the_country("Civilians", country),
        }
    }

    /// True for the state's forces (soldiers, police, militias, foreign troops).
    pub fn is_state_force(self) -> bool {
        matches!(
            self,
            ActorKind::Military | ActorKind::Police | ActorKind::Militia | ActorKind::ForeignForces
        )
    }

    /// The side the actor is on, as the event model reads it: "armed" (a group), "state"
    /// (its forces), "government" or "civilians". Kinds of one side read alike, so that what
    /// the model learns of one country's actors carries over to another's.
    pub fn side(self) -> &'static str {
        if self.is_armed_group() {
            "armed"
        } else if self.is_state_force() {
            "state"
        } else if self == ActorKind::Government {
            "government"
        } else {
            "civilians"
        }
    }

    /// True for armed non-state groups.
    pub fn is_armed_group(self) -> bool {
        matches!(
            self,
            ActorKind::Taliban | ActorKind::IslamicState | ActorKind::Militants
        )
    }
}

/// Phrases (lower case) and the actor they name. Longest match wins.
const ACTOR_PHRASES: &[(&str, ActorKind)] = &[
    ("taliban", ActorKind::Taliban),
    ("taliban militants", ActorKind::Taliban),
    ("taliban insurgents", ActorKind::Taliban),
    ("taliban fighters", ActorKind::Taliban),
    ("islamic state", ActorKind::IslamicState),
    ("isis", ActorKind::IslamicState),
    ("isil", ActorKind::IslamicState),
    ("daesh", ActorKind::IslamicState),
    ("iskp", ActorKind::IslamicState),
    ("is-k", ActorKind::IslamicState),
    ("is militants", ActorKind::IslamicState),
    ("militants", ActorKind::Militants),
    ("militant", ActorKind::Militants),
    ("insurgents", ActorKind::Militants),
    ("insurgent", ActorKind::Militants),
    ("gunmen", ActorKind::Militants),
    ("gunman", ActorKind::Militants),
    ("fighters", ActorKind::Militants),
    ("bandits", ActorKind::Militants),
    ("bandit", ActorKind::Militants),
    ("armed men", ActorKind::Militants),
    ("armed bandits", ActorKind::Militants),
    ("assailants", ActorKind::Militants),
    ("attackers", ActorKind::Militants),
    ("kidnappers", ActorKind::Militants),
    ("jihadists", ActorKind::Militants),
    ("rebels", ActorKind::Militants),
    // An armed opposition's forces are no state's ("opposition forces", "rebel forces").
    ("opposition forces", ActorKind::Militants),
    ("opposition fighters", ActorKind::Militants),
    ("opposition factions", ActorKind::Militants),
    ("armed opposition", ActorKind::Militants),
    ("armed factions", ActorKind::Militants),
    ("rebel factions", ActorKind::Militants),
    ("rebel forces", ActorKind::Militants),
    ("insurgent forces", ActorKind::Militants),
    ("rebel", ActorKind::Militants),
    ("fighter", ActorKind::Militants),
    ("separatists", ActorKind::Militants),
    ("separatist", ActorKind::Militants),
    ("separatist fighters", ActorKind::Militants),
    ("jihadist", ActorKind::Militants),
    ("terrorists", ActorKind::Militants),
    ("extremists", ActorKind::Militants),
    ("guerrillas", ActorKind::Militants),
    ("combatants", ActorKind::Militants),
    ("armed group", ActorKind::Militants),
    ("armed groups", ActorKind::Militants),
    ("armed individuals", ActorKind::Militants),
    ("gang", ActorKind::Militants),
    ("gangs", ActorKind::Militants),
    ("gang members", ActorKind::Militants),
    ("gangsters", ActorKind::Militants),
    ("pirates", ActorKind::Militants),
    ("raiders", ActorKind::Militants),
    ("afghan national army", ActorKind::Military),
    ("ana", ActorKind::Military),
    ("army", ActorKind::Military),
    ("soldiers", ActorKind::Military),
    ("soldier", ActorKind::Military),
    ("troops", ActorKind::Military),
    ("security forces", ActorKind::Military),
    ("security force", ActorKind::Military),
    ("security personnel", ActorKind::Military),
    ("special forces", ActorKind::Military),
    ("commandos", ActorKind::Military),
    ("military forces", ActorKind::Military),
    ("afghan forces", ActorKind::Military),
    ("government forces", ActorKind::Military),
    ("forces", ActorKind::Military),
    ("outpost", ActorKind::Military),
    ("checkpoint", ActorKind::Military),
    ("check point", ActorKind::Military),
    ("check post", ActorKind::Military),
    ("security post", ActorKind::Military),
    ("military base", ActorKind::Military),
    ("convoy", ActorKind::Military),
    ("nds", ActorKind::Military),
    ("nds agents", ActorKind::Military),
    ("intelligence agents", ActorKind::Military),
    ("agents", ActorKind::Military),
    ("guard", ActorKind::Military),
    ("guards", ActorKind::Military),
    ("checkpoint guard", ActorKind::Military),
    ("security guards", ActorKind::Military),
    ("commander", ActorKind::Military),
    ("military vehicle", ActorKind::Military),
    ("military post", ActorKind::Military),
    ("army post", ActorKind::Military),
    ("navy", ActorKind::Military),
    ("marines", ActorKind::Military),
    ("military personnel", ActorKind::Military),
    ("army personnel", ActorKind::Military),
    ("border guards", ActorKind::Military),
    ("barracks", ActorKind::Military),
    ("army camp", ActorKind::Military),
    ("military camp", ActorKind::Military),
    ("security base", ActorKind::Military),
    ("police", ActorKind::Police),
    ("policemen", ActorKind::Police),
    ("policeman", ActorKind::Police),
    ("police officers", ActorKind::Police),
    ("anp", ActorKind::Police),
    ("police post", ActorKind::Police),
    ("police checkpoint", ActorKind::Police),
    ("gendarmes", ActorKind::Police),
    ("gendarme", ActorKind::Police),
    ("gendarmerie", ActorKind::Police),
    ("police reservists", ActorKind::Police),
    ("reservists", ActorKind::Police),
    ("reservist", ActorKind::Police),
    ("cops", ActorKind::Police),
    ("arbaki", ActorKind::Militia),
    ("arbakis", ActorKind::Militia),
    ("local police", ActorKind::Militia),
    ("uprising forces", ActorKind::Militia),
    ("militia", ActorKind::Militia),
    ("militiamen", ActorKind::Militia),
    ("militia member", ActorKind::Militia),
    ("militia members", ActorKind::Militia),
    ("pro-government militia", ActorKind::Militia),
    // Armed volunteers and communal self-defence groups: those they fight fight an armed
    // side ("gunmen killed a VDP member" is a clash).
    ("militiaman", ActorKind::Militia),
    ("vdp", ActorKind::Militia),
    ("vdps", ActorKind::Militia),
    ("vdp member", ActorKind::Militia),
    ("vdp members", ActorKind::Militia),
    ("volunteer fighter", ActorKind::Militia),
    ("volunteer fighters", ActorKind::Militia),
    ("home guard", ActorKind::Militia),
    ("home guards", ActorKind::Militia),
    ("koglweogo", ActorKind::Militia),
    ("koglweogos", ActorKind::Militia),
    ("koglweogo member", ActorKind::Militia),
    ("koglweogo members", ActorKind::Militia),
    ("dozo", ActorKind::Militia),
    ("dozos", ActorKind::Militia),
    ("dozo hunters", ActorKind::Militia),
    ("dozo member", ActorKind::Militia),
    ("dozo members", ActorKind::Militia),
    ("cjtf", ActorKind::Militia),
    ("civilian joint task force", ActorKind::Militia),
    ("self-defence group", ActorKind::Militia),
    ("self-defense group", ActorKind::Militia),
    ("arbaki post", ActorKind::Militia),
    ("government", ActorKind::Government),
    ("authorities", ActorKind::Government),
    ("u.s. forces", ActorKind::ForeignForces),
    ("us forces", ActorKind::ForeignForces),
    ("american forces", ActorKind::ForeignForces),
    ("u.s. troops", ActorKind::ForeignForces),
    ("us troops", ActorKind::ForeignForces),
    ("american troops", ActorKind::ForeignForces),
    ("foreign forces", ActorKind::ForeignForces),
    ("foreign troops", ActorKind::ForeignForces),
    ("coalition forces", ActorKind::ForeignForces),
    ("nato", ActorKind::ForeignForces),
    ("civilians", ActorKind::Civilians),
    ("civilian", ActorKind::Civilians),
    ("children", ActorKind::Civilians),
    ("child", ActorKind::Civilians),
    ("women", ActorKind::Civilians),
    ("villagers", ActorKind::Civilians),
    ("passengers", ActorKind::Civilians),
    ("people", ActorKind::Civilians),
    ("residents", ActorKind::Civilians),
    ("locals", ActorKind::Civilians),
    ("youths", ActorKind::Civilians),
    ("settlers", ActorKind::Civilians),
    ("tribesmen", ActorKind::Civilians),
    ("clansmen", ActorKind::Civilians),
    ("relatives", ActorKind::Civilians),
    ("neighbours", ActorKind::Civilians),
    ("neighbors", ActorKind::Civilians),
    ("students", ActorKind::Civilians),
    ("workers", ActorKind::Civilians),
    ("farmers", ActorKind::Civilians),
    ("family", ActorKind::Civilians),
    ("elders", ActorKind::Civilians),
    ("teachers", ActorKind::Civilians),
    ("journalists", ActorKind::Civilians),
    ("men", ActorKind::Civilians),
    ("traders", ActorKind::Civilians),
    ("herders", ActorKind::Civilians),
    ("fishermen", ActorKind::Civilians),
    ("worshippers", ActorKind::Civilians),
    ("pupils", ActorKind::Civilians),
    ("supporters", ActorKind::Civilians),
    ("persons", ActorKind::Civilians),
    ("labourers", ActorKind::Civilians),
    ("laborers", ActorKind::Civilians),
    ("miners", ActorKind::Civilians),
    ("tourists", ActorKind::Civilians),
    ("pilgrims", ActorKind::Civilians),
    ("shopkeepers", ActorKind::Civilians),
    ("vendors", ActorKind::Civilians),
    ("migrants", ActorKind::Civilians),
    ("refugees", ActorKind::Civilians),
    ("patients", ActorKind::Civilians),
    ("customers", ActorKind::Civilians),
    ("mourners", ActorKind::Civilians),
    ("peasants", ActorKind::Civilians),
    ("motorists", ActorKind::Civilians),
    ("bystanders", ActorKind::Civilians),
];

/// The actor phrases that are acronyms, matched only when written in capitals.
const ONLY_IN_CAPITALS: [&str; 6] = ["ana", "anp", "nds", "isil", "iskp", "is-k"];

/// An actor named in a clause.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActorMention {
    /// Who.
    pub kind: ActorKind,
    /// Byte span in the clause.
    pub span: Span,
}

/// The dictionary matcher.
#[derive(Debug, Clone)]
pub struct ActorDictionary {
    matcher: AhoCorasick,
}

/// Who did what to whom.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Roles {
    /// Perpetrator.
    pub actor1: Option<ActorMention>,
    /// Victim or target.
    pub actor2: Option<ActorMention>,
}

impl ActorDictionary {
    /// Builds the matcher.
    pub fn new() -> Result<ActorDictionary, String> {
        let matcher = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::LeftmostLongest)
            .kind(Some(aho_corasick::AhoCorasickKind::DFA))
            .build(ACTOR_PHRASES.iter().map(|(p, _)| p))
            .map_err(|e| e.to_string())?;
        Ok(ActorDictionary { matcher })
    }

    /// Actor mentions in a text, whole words only: the actor phrases, and the groups of the
    /// groups table named on their own ("Boko Haram raided the village": an armed group's
    /// fighters; "FAMa killed two": a state's forces; a political party's name alone is
    /// none). A group named before a phrase of its people ("Boko Haram militants") is that
    /// phrase's mention.
    pub fn find(&self, text: &str) -> Vec<ActorMention> {
        let mut found = self.phrases_in(text);
        let named_alone: Vec<ActorMention> = super::groups::GROUPS
            .fighters_named(text)
            .filter(|&(start, end, _)| {
                let rest = text.get(end..).unwrap_or("");
                let next = end + (rest.len() - rest.trim_start().len());
                is_a_subject_at(text, start, end)
                    && !found
                        .iter()
                        .any(|m| m.span.0 < end && start < m.span.1 || m.span.0 == next)
            })
            .map(|(start, end, state_force)| ActorMention {
                kind: if state_force {
                    ActorKind::Military
                } else {
                    ActorKind::Militants
                },
                span: (start, end),
            })
            .collect();
        if !named_alone.is_empty() {
            found.extend(named_alone);
            found.sort_by_key(|m| m.span);
        }
        found
    }

    /// The mentions of the actor phrases in a text, whole words only.
    fn phrases_in(&self, text: &str) -> Vec<ActorMention> {
        let bytes = text.as_bytes();
        self.matcher
            .find_iter(text)
            .filter(|m| {
                (m.start() == 0 || !bytes[m.start() - 1].is_ascii_alphanumeric())
                    && (m.end() == bytes.len() || !bytes[m.end()].is_ascii_alphanumeric())
            })
            .filter_map(|m| {
                let (phrase, kind) = ACTOR_PHRASES.get(m.pattern().as_usize())?;
                // Acronyms ("ANA", "ANP", "IS-K") only in capitals: "ana" and "nds" are
                // words of other languages. ("army", "navy" and "gang" are words.)
                if ONLY_IN_CAPITALS.contains(phrase)
                    && text[m.start()..m.end()].chars().any(char::is_lowercase)
                {
                    return None;
                }
                Some(ActorMention {
                    kind: *kind,
                    span: (m.start(), m.end()),
                })
            })
            .collect()
    }

    /// Assigns perpetrator and victim in a clause, given the trigger span and the victim
    /// noun phrases of its death toll.
    pub fn roles(&self, clause: &str, trigger: Option<Span>, victims: &[Span]) -> Roles {
        let lower = clause.to_ascii_lowercase();
        // "..., police said": who tells of the deed at the end is no party to it.
        let found: Vec<ActorMention> = self
            .find(clause)
            .into_iter()
            .filter(|a| !only_tells_of_it(&lower, a.span))
            .map(|a| as_its_group_names_it(clause, a))
            .collect();
        let is_victim = |a: &ActorMention| {
            victims.iter().any(|v| v.0 <= a.span.0 && a.span.1 <= v.1)
                || passive_victim(&lower, a.span)
                || target_of_attack(&lower, a.span)
        };
        let after_by = |a: &ActorMention| {
            let before = lower[..a.span.0].trim_end();
            // "forces backed by tribesmen fought": who backs or leads the doers is not the
            // agent of the deed, as "killed by gunmen" names it.
            let backing = before
                .strip_suffix(" by")
                .and_then(|b| b.split_whitespace().next_back())
                .is_some_and(|w| BACKING_PARTICIPLES.contains(&w));
            if backing {
                return false;
            }
            before.ends_with(" by")
                || before.ends_with(" by the")
                || before.ends_with(" by a")
                || before.ends_with("blamed the blast on the")
                || before.ends_with(" on the")
        };
        let mut roles = Roles {
            actor1: found.iter().copied().find(|a| after_by(a) && !is_victim(a)),
            actor2: None,
        };
        if roles.actor1.is_none() {
            let limit = trigger.map_or(clause.len(), |t| t.1);
            roles.actor1 = found
                .iter()
                .copied()
                .find(|a| a.span.1 <= limit && !is_victim(a) && a.kind != ActorKind::Civilians);
        }
        // "Villagers beat a man", "relatives of the dead woman burned the house": ordinary
        // people who do the deed themselves, where no armed actor does.
        if roles.actor1.is_none() {
            roles.actor1 = found.iter().copied().find(|a| {
                a.kind == ActorKind::Civilians
                    && lower
                        .get(a.span.0..a.span.1)
                        .is_some_and(|w| PEOPLE_OF_A_PLACE.contains(&w))
                    && !an_armed_band_of(&lower, a.span)
                    && !is_victim(a)
                    && is_the_subject_of(&lower, a.span, trigger)
            });
        }
        roles.actor2 = found
            .iter()
            .copied()
            .find(|a| is_victim(a) && Some(a.kind) != roles.actor1.map(|p| p.kind));
        if roles.actor2.is_none() {
            roles.actor2 = found.iter().copied().find(|a| {
                Some(a.kind) != roles.actor1.map(|p| p.kind)
                    && trigger.is_some_and(|t| a.span.0 >= t.1)
            });
        }
        // Named armed groups outrank "militants" said of the same people.
        if let (Some(a1), Some(_)) = (
            roles.actor1,
            found.iter().find(|a| a.kind == ActorKind::Taliban),
        ) && a1.kind == ActorKind::Militants
        {
            roles.actor1 = found
                .iter()
                .copied()
                .find(|a| a.kind == ActorKind::Taliban && !is_victim(a))
                .or(Some(a1));
        }
        roles
    }
}

/// True when the name at `start..end` of a text stands as a subject: it opens the text or a
/// clause (after a mark, or "the" there) and a lower-case word follows ("Boko Haram raided",
/// "On 2 May, the TPLF shelled"), not a name inside a phrase ("an attack by X", "fighters of
/// X", "X members").
fn is_a_subject_at(text: &str, start: usize, end: usize) -> bool {
    let before = text.get(..start).unwrap_or("").trim_end();
    let before = before
        .strip_suffix("the")
        .or_else(|| before.strip_suffix("The"))
        .filter(|b| b.is_empty() || b.ends_with(|c: char| !c.is_alphanumeric()))
        .map_or(before, str::trim_end);
    let opens = before.is_empty() || before.ends_with([',', ';', ':', '.', '(', '"']);
    let next_word = text.get(end..).unwrap_or("").trim_start();
    let verb_follows = next_word.starts_with(|c: char| c.is_ascii_lowercase())
        && ![
            "and ",
            "or ",
            "of ",
            "in ",
            "on ",
            "at ",
            "members",
            "fighters",
            "militants",
        ]
        .iter()
        .any(|w| next_word.starts_with(w));
    opens && verb_follows
}

/// True when a text names an armed group by a name with a state's word in it ("the Arakan
/// Army", "the Popular Defence Forces").
pub(super) fn names_a_group_by_a_states_word(text: &str) -> bool {
    super::groups::GROUPS
        .spans_named(text)
        .any(|(start, end, state)| {
            !state
                && text.get(start..end).is_some_and(|name| {
                    name.split(|c: char| !c.is_alphanumeric()).any(|w| {
                        ["army", "forces", "military", "guard", "guards"]
                            .iter()
                            .any(|s| w.eq_ignore_ascii_case(s))
                    })
                })
        })
}

/// A state's forces by their word, as the armed group named before that word makes them:
/// "TPLF forces", "Ambazonian soldiers" are a group's fighters, not a state's; so is the
/// word inside a group's name ("the Arakan Army", "the Kachin Independence Army").
fn as_its_group_names_it(clause: &str, mention: ActorMention) -> ActorMention {
    let named_by_a_group = || {
        super::groups::GROUPS
            .group_written_before(clause, mention.span.0)
            .is_some_and(|group| !group.state_force)
    };
    let inside_a_groups_name = || {
        super::groups::GROUPS
            .spans_named(clause)
            .any(|(start, end, state)| !state && start <= mention.span.0 && mention.span.1 <= end)
    };
    if mention.kind.is_state_force() && (named_by_a_group() || inside_a_groups_name()) {
        ActorMention {
            kind: ActorKind::Militants,
            ..mention
        }
    } else {
        mention
    }
}

/// True when the actor at `span` of a lower-cased clause only tells of the deed: "...,
/// police said", "..., the army reported", "according to police".
fn only_tells_of_it(lower: &str, span: Span) -> bool {
    let before = lower[..span.0].trim_end();
    let before = before.strip_suffix("the").map_or(before, str::trim_end);
    if before.ends_with("according to") {
        return true;
    }
    let mut after = lower[span.1..].split_whitespace();
    let mut next = after.next().unwrap_or("");
    if matches!(
        next,
        "officials" | "official" | "spokesman" | "spokeswoman" | "spokesperson" | "sources"
    ) {
        next = after.next().unwrap_or("");
    }
    before.ends_with(',')
        && matches!(
            next.trim_end_matches(|c: char| !c.is_alphanumeric()),
            "said" | "says" | "reported" | "reports" | "told" | "stated" | "added" | "confirmed"
        )
}

/// Participles before "by" that name who backs, leads or goes with the doers ("backed by",
/// "led by"), not who did the deed.
const BACKING_PARTICIPLES: &[&str] = &[
    "backed",
    "supported",
    "aided",
    "assisted",
    "accompanied",
    "escorted",
    "led",
    "joined",
    "reinforced",
    "flanked",
    "commanded",
];

/// Ordinary people named by where they live or whose kin they are: when they do the deed
/// themselves, no armed group does it ("villagers beat a thief"). (Men, youths, farmers,
/// herders or a party's supporters who attack are often an armed group of their own.)
const PEOPLE_OF_A_PLACE: &[&str] = &[
    "villagers",
    "residents",
    "locals",
    "relatives",
    "neighbours",
    "neighbors",
    "family",
];

/// "Armed villagers", "two rival groups of villagers": people of a place who bear arms
/// against another band are a militia of their own, not a crowd.
fn an_armed_band_of(lower: &str, span: Span) -> bool {
    lower
        .get(..span.0)
        .unwrap_or("")
        .split_whitespace()
        .rev()
        .take(3)
        .any(|w| matches!(w, "armed" | "rival" | "group" | "groups"))
}

/// Words that, between a noun and a verb, make the noun no subject of it: a verb of
/// saying or being, or a word opening another clause ("residents said gunmen killed",
/// "villagers who fled when fighters attacked").
const NOT_BETWEEN_A_SUBJECT_AND_ITS_VERB: &[&str] = &[
    "said", "says", "say", "told", "claimed", "claim", "reported", "saw", "heard", "were", "was",
    "is", "are", "been", "be", "being", "had", "has", "have", "who", "whom", "which", "that",
    "when", "where", "after", "before", "while", "as", "until", "because", "fled", "died", "if",
];

/// Words after a verb that make it a participle said of its noun ("villagers killed in a
/// raid", "residents attacked by gunmen"), not a deed the noun did.
const AFTER_A_PARTICIPLE: &[&str] = &[
    "in",
    "by",
    "during",
    "when",
    "after",
    "on",
    "at",
    "as",
    "while",
    "following",
    "over",
    "near",
    "and",
    "or",
    "last",
    "yesterday",
    "earlier",
];

/// Verbs in "-ed" that are no deed done to another ("villagers died of their wounds").
const NO_DEEDS: &[&str] = &[
    "died",
    "clashed",
    "fled",
    "protested",
    "demonstrated",
    "gathered",
    "marched",
    "rallied",
    "reported",
    "claimed",
];

/// Verbs of violence whose past tense does not end in "-ed".
const IRREGULAR_DEEDS: &[&str] = &[
    "beat", "shot", "burnt", "hit", "cut", "threw", "fought", "stole", "set", "took", "slew",
];

/// True when the actor at `span` is the subject of a deed in the active voice: of the verb
/// at `trigger`, or with none, of the first verb in "-ed" after it ("villagers killed a
/// trader"). Only a short run of modifiers lies between them ("relatives from a nearby
/// village killed"), no clause, and the verb takes an object.
fn is_the_subject_of(lower: &str, span: Span, trigger: Option<Span>) -> bool {
    let is_a_deed = |verb: &str| {
        let verb = verb.split_whitespace().next().unwrap_or("");
        (verb.ends_with("ed") && !NO_DEEDS.contains(&verb)) || IRREGULAR_DEEDS.contains(&verb)
    };
    let verb = match trigger {
        Some(t) if t.0 >= span.1 => t,
        Some(_) => return false,
        None => {
            let Some(rest) = lower.get(span.1..) else {
                return false;
            };
            // (Each word with its offset in `rest`, which it is a slice of.)
            let Some((start, word)) = rest
                .split_whitespace()
                .take(MAX_WORDS_BETWEEN_A_SUBJECT_AND_ITS_VERB + 1)
                .map(|w| (w.as_ptr() as usize - rest.as_ptr() as usize, w))
                .find(|(_, w)| is_a_deed(w))
            else {
                return false;
            };
            (span.1 + start, span.1 + start + word.len())
        }
    };
    let (Some(gap), Some(verb_text), Some(after)) = (
        lower.get(span.1..verb.0),
        lower.get(verb.0..verb.1),
        lower.get(verb.1..),
    ) else {
        return false;
    };
    let gap_words: Vec<&str> = gap.split_whitespace().collect();
    let next = after.split_whitespace().next().unwrap_or("");
    let takes_an_object = next.starts_with(|c: char| c.is_alphanumeric())
        && !AFTER_A_PARTICIPLE.contains(&next.trim_end_matches(|c: char| !c.is_alphanumeric()));
    is_a_deed(verb_text)
        && takes_an_object
        && gap_words.len() <= MAX_WORDS_BETWEEN_A_SUBJECT_AND_ITS_VERB
        && !gap.contains([',', ';', ':', '.', '(', ')'])
        && !gap_words
            .iter()
            .any(|w| NOT_BETWEEN_A_SUBJECT_AND_ITS_VERB.contains(w))
}

/// How many words may stand between a subject and its verb ("relatives from the village
/// across the river burned").
const MAX_WORDS_BETWEEN_A_SUBJECT_AND_ITS_VERB: usize = 7;

/// "X were killed", "X was wounded": X is a victim.
fn passive_victim(lower: &str, span: Span) -> bool {
    let rest = lower[span.1..].trim_start();
    let mut saw_be = false;
    for w in rest.split_whitespace().take(7) {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric());
        if matches!(
            w,
            "were" | "was" | "have" | "has" | "been" | "had" | "being"
        ) {
            saw_be = true;
            continue;
        }
        if saw_be
            && matches!(
                w,
                "killed"
                    | "wounded"
                    | "injured"
                    | "hurt"
                    | "abducted"
                    | "kidnapped"
                    | "executed"
                    | "arrested"
                    | "detained"
                    | "released"
                    | "freed"
                    | "targeted"
                    | "attacked"
                    | "shot"
                    | "beheaded"
                    | "martyred"
            )
        {
            return true;
        }
        if !saw_be || matches!(w, "and" | "reportedly" | "also" | "fatally") {
            continue;
        }
        return false;
    }
    false
}

/// "attack on a checkpoint", "attacked a police post", "targeting soldiers".
fn target_of_attack(lower: &str, span: Span) -> bool {
    let before = lower[..span.0].trim_end();
    let tail: Vec<&str> = before.rsplit(|c: char| c.is_whitespace()).take(4).collect();
    tail.iter().enumerate().any(|(k, w)| {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric());
        matches!(
            w,
            "on" | "against"
                | "attacked"
                | "targeting"
                | "targeted"
                | "ambushed"
                | "stormed"
                | "killed"
                | "killing"
                | "wounding"
                | "injuring"
                | "abducted"
                | "kidnapped"
                | "freeing"
                | "releasing"
                | "released"
        ) && tail[..k].iter().all(|f| {
            let f = f.trim_matches(|c: char| !c.is_alphanumeric());
            matches!(
                f,
                "a" | "an"
                    | "the"
                    | "afghan"
                    | "two"
                    | "several"
                    | "local"
                    | "their"
                    | "its"
                    | "government"
                    | "security"
            ) || f.chars().all(|c| c.is_ascii_digit())
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roles(text: &str, trigger: &str) -> (Option<ActorKind>, Option<ActorKind>) {
        let Ok(dict) = ActorDictionary::new() else {
            return (None, None);
        };
        // (An empty trigger: the clause has none, as a killing told by its toll.)
        let t = text
            .find(trigger)
            .filter(|_| !trigger.is_empty())
            .map(|s| (s, s + trigger.len()));
        let toll = super::super::fatalities::death_toll(text, &[]);
        let r = dict.roles(text, t, &toll.victims);
        (r.actor1.map(|a| a.kind), r.actor2.map(|a| a.kind))
    }

    #[test]
    fn roles_table() {
        use ActorKind::*;
        let rows = [
            (
                "after a night attack by Taliban militants near a checkpoint of the Afghan National Army (ANA)",
                "attack",
                (Some(Taliban), Some(Military)),
            ),
            (
                "A Taliban car bomb killed three Afghan security forces in eastern Paktia province",
                "car bomb",
                (Some(Taliban), Some(Military)),
            ),
            (
                "13 Taliban insurgents were killed in southern Kandahar",
                "killed",
                (None, Some(Taliban)),
            ),
            (
                "Five civilians, two of them boys, were killed when their minibus struck a landmine laid by the Taliban",
                "landmine",
                (Some(Taliban), Some(Civilians)),
            ),
            (
                "Taliban gunmen stormed a police checkpoint at dawn, killing 4 policemen",
                "stormed",
                (Some(Taliban), Some(Police)),
            ),
            (
                "2 Arbakis were wounded by Taliban gunmen near the village of Sarband",
                "wounded",
                (Some(Taliban), Some(Militia)),
            ),
            // Words of any country's conflicts, not only Afghanistan's.
            (
                "Separatist fighters ambushed a gendarmerie patrol outside Lowmere",
                "ambushed",
                (Some(Militants), Some(Police)),
            ),
            (
                "Gang members shot dead two reservists near the Tarvo market",
                "shot dead",
                (Some(Militants), Some(Police)),
            ),
            (
                "Pirates fired on the navy off the coast of Kessin",
                "fired on",
                (Some(Militants), Some(Military)),
            ),
            (
                "A trader was beaten by supporters of the mayor in Oldbridge",
                "beaten",
                (Some(Civilians), None),
            ),
            // Ordinary people who do the deed themselves are its perpetrators; not where
            // the verb is a participle said of them or they only tell of it.
            (
                "Villagers beat a suspected cattle thief near Tarvo",
                "beat",
                (Some(Civilians), None),
            ),
            (
                "Relatives from a nearby hamlet burned the houses of two herders in Oldbridge",
                "burned",
                (Some(Civilians), None),
            ),
            (
                "Five villagers killed in a raid near Tarvo",
                "killed",
                (None, Some(Civilians)),
            ),
            (
                "Armed villagers from Tarvo burned down the granary of their rivals",
                "burned",
                (None, None),
            ),
            ("Farmers killed a herder near Tarvo", "", (None, None)),
            (
                "Residents said unknown gunmen killed a trader near Tarvo",
                "killed",
                (Some(Militants), None),
            ),
            (
                "Villagers killed a suspected cattle thief near Tarvo",
                "",
                (Some(Civilians), None),
            ),
            // A group's forces are no state's.
            (
                "TPLF forces shelled the police station in Mekele",
                "shelled",
                (Some(Militants), Some(Police)),
            ),
            // Who tells of the deed at the end of the clause is no party to it.
            (
                "Gunmen shot dead a shopkeeper in Tarvo, police said",
                "shot dead",
                (Some(Militants), None),
            ),
            (
                "Gunmen shot dead a shopkeeper in Tarvo, according to the army",
                "shot dead",
                (Some(Militants), None),
            ),
            (
                "Gunmen shot dead a policeman in Tarvo, the army said",
                "shot dead",
                (Some(Militants), Some(Police)),
            ),
            (
                "Residents who fled said the shop was looted",
                "looted",
                (None, None),
            ),
            // A group of the groups table named alone, as the subject, is its fighters (a
            // state's force, its forces); a party named so is none, nor is a group named
            // inside a phrase.
            (
                "Boko Haram killed two herders near Tarvo",
                "killed",
                (Some(Militants), Some(Civilians)),
            ),
            (
                "On 2 May, the TPLF shelled the police station in Mekele",
                "shelled",
                (Some(Militants), Some(Police)),
            ),
            (
                "FAMa killed two herders near Tarvo",
                "killed",
                (Some(Military), Some(Civilians)),
            ),
            (
                "KANU attacked its rivals in Tarvo",
                "attacked",
                (None, None),
            ),
            (
                "Soldiers repelled an attack by Boko Haram near Tarvo",
                "attack",
                (Some(Military), None),
            ),
            // armed volunteers and communal self-defence groups are an armed side
            (
                "Gunmen killed a volunteer fighter near Tarvo",
                "killed",
                (Some(Militants), Some(Militia)),
            ),
            (
                "Militants shot dead two Dozo hunters near Tarvo",
                "shot dead",
                (Some(Militants), Some(Militia)),
            ),
            (
                "Gunmen killed a Koglweogo member near Tarvo",
                "killed",
                (Some(Militants), Some(Militia)),
            ),
        ];
        for (text, trigger, expected) in rows {
            assert_eq!(roles(text, trigger), expected, "{text}");
        }
    }

    #[test]
    fn acled_names() {
        assert_eq!(
            ActorKind::Military.acled_name("Afghanistan"),
            "Military Forces of Afghanistan"
        );
        assert_eq!(ActorKind::Taliban.acled_name("Afghanistan"), "Taliban");
        assert_eq!(ActorKind::Police.acled_name(""), "Police Forces");
        assert_eq!(
            ActorKind::Police.acled_name("United States"),
            "Police Forces of the United States"
        );
        assert_eq!(
            ActorKind::Military.acled_name("Philippines"),
            "Military Forces of the Philippines"
        );
        assert_eq!(
            ActorKind::Civilians.acled_name("Kenya"),
            "Civilians (Kenya)"
        );
        assert_eq!(ActorKind::Civilians.acled_name(""), "Civilians");
        assert_eq!(of_the_country("Rioters", "Ghana"), "Rioters (Ghana)");
    }
}
