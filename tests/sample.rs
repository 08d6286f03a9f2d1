//! The bundled sample (data/articles): the incidents an ACLED coder would code from the five
//! articles of the 2020 Afghan prisoner exchange, and the things that must not come out.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use incident_map::extract::Extractor;
use incident_map::model::Incident;
use incident_map::pipeline;

fn sample_incidents() -> Vec<Incident> {
    let extractor = match Extractor::bundled() {
        Ok(e) => e,
        Err(err) => panic!("extractor: {err}"),
    };
    let out = pipeline::run(
        &extractor,
        &[PathBuf::from("data/articles")],
        pipeline::RunOptions::default(),
        &mut |_| {},
        &AtomicBool::new(false),
    );
    assert!(out.problems.is_empty(), "{:?}", out.problems);
    assert_eq!(out.articles.len(), 5);
    out.incidents
}

/// What one expected incident must show. `admin1` is any spelling the gazetteer knows
/// ("" for a country-level incident); `dates` the accepted days.
struct Expected {
    what: &'static str,
    event_type: &'static str,
    sub_event_type: &'static str,
    admin1: &'static str,
    dates: &'static [&'static str],
    fatalities: (u32, u32),
    sources: &'static [&'static str],
}

const A0: &str = "000_b317e708e16fc87c.txt";
const A1: &str = "001_96addb07b944f045.txt";
const A2: &str = "002_abd05ca60672111f.txt";
const A4: &str = "004_be0ede7b569ede66.txt";

const EXPECTED: [Expected; 8] = [
    Expected {
        what: "Helmand landmine, reported by two articles",
        event_type: "Explosions/Remote violence",
        sub_event_type: "Remote explosive/landmine/IED",
        admin1: "Helmand",
        dates: &["2020-04-01"],
        fatalities: (7, 8),
        sources: &[A0, A2],
    },
    Expected {
        what: "attack on the Kunduz outpost (photo caption)",
        event_type: "Battles",
        sub_event_type: "Armed clash",
        admin1: "Kunduz",
        dates: &["2020-03-04"],
        fatalities: (0, 0),
        sources: &[A0],
    },
    Expected {
        what: "prisoner release at Bagram",
        event_type: "Strategic developments",
        sub_event_type: "Agreement",
        admin1: "Parwan",
        dates: &["2020-04-02"],
        fatalities: (0, 0),
        sources: &[A1, A2],
    },
    Expected {
        what: "Sunday's attacks on security forces, no place given",
        event_type: "Battles",
        sub_event_type: "Armed clash",
        admin1: "",
        dates: &["2020-03-29"],
        fatalities: (20, 20),
        sources: &[A2],
    },
    Expected {
        what: "release of nearly 200 prisoners in Kabul on Monday evening and Tuesday",
        event_type: "Strategic developments",
        sub_event_type: "Agreement",
        admin1: "Kabul",
        dates: &["2020-08-31", "2020-09-01"],
        fatalities: (0, 0),
        sources: &[A4],
    },
    Expected {
        what: "Paktia car bomb",
        event_type: "Explosions/Remote violence",
        sub_event_type: "Remote explosive/landmine/IED",
        admin1: "Paktia",
        dates: &["2020-09-01"],
        fatalities: (3, 3),
        sources: &[A4],
    },
    Expected {
        what: "13 Taliban killed in Kandahar",
        event_type: "Battles",
        sub_event_type: "Armed clash",
        admin1: "Kandahar",
        dates: &["2020-09-01", "2020-09-02"],
        fatalities: (13, 13),
        sources: &[A4],
    },
    Expected {
        what: "11 more killed in Faryab (same sentence)",
        event_type: "Battles",
        sub_event_type: "Armed clash",
        admin1: "Faryab",
        dates: &["2020-09-01", "2020-09-02"],
        fatalities: (11, 11),
        sources: &[A4],
    },
];

fn same_admin1(got: &Incident, want: &str) -> bool {
    if want.is_empty() {
        // Known only to the country (coded, as ACLED codes it, in the capital's division).
        return got.is_country_level() && got.geo_precision.code() == 3 && got.iso == "AF";
    }
    let Ok(g) = incident_map::gazetteer::Gazetteer::bundled() else {
        return false;
    };
    let fold = incident_map::gazetteer::fold;
    let wanted = g.resolve_name(&format!("{want} province"), &Default::default());
    wanted.is_some_and(|w| {
        std::iter::once(w.place.name)
            .chain(w.place.alias_list())
            .any(|n| fold(n) == fold(&got.admin1))
    })
}

#[test]
fn every_expected_incident_comes_out_once_with_its_fields() {
    let incidents = sample_incidents();
    let mut failures = Vec::new();
    for want in &EXPECTED {
        let matching: Vec<&Incident> = incidents
            .iter()
            .filter(|i| {
                i.event_type.as_str() == want.event_type
                    && i.sub_event_type.as_str() == want.sub_event_type
                    && same_admin1(i, want.admin1)
                    && i.event_date
                        .is_some_and(|d| want.dates.contains(&d.to_string().as_str()))
                    && i.sources.iter().any(|s| want.sources.contains(&s.as_str()))
            })
            .collect();
        match matching.as_slice() {
            [one] => {
                if (one.fatalities, one.fatalities_max) != want.fatalities {
                    failures.push(format!(
                        "{}: fatalities {:?}",
                        want.what,
                        (one.fatalities, one.fatalities_max)
                    ));
                }
                if one.sources != want.sources {
                    failures.push(format!("{}: sources {:?}", want.what, one.sources));
                }
            }
            [] => failures.push(format!("{}: missing", want.what)),
            many => failures.push(format!("{}: {} copies", want.what, many.len())),
        }
    }
    assert!(
        failures.is_empty(),
        "{}\n\nall incidents:\n{incidents:#?}",
        failures.join("\n")
    );
}

#[test]
fn actors_are_coded_as_acled_does() {
    let incidents = sample_incidents();
    let find = |admin1: &str, sub: &str| {
        incidents
            .iter()
            .find(|i| i.admin1 == admin1 && i.sub_event_type.as_str() == sub)
    };
    let helmand = find("Helmand", "Remote explosive/landmine/IED");
    assert_eq!(
        helmand.map(|i| (i.actor1.as_str(), i.actor2.as_str())),
        Some(("Taliban", "Civilians (Afghanistan)"))
    );
    let kandahar = find("Kandahar", "Armed clash");
    assert_eq!(
        kandahar.map(|i| (i.actor1.as_str(), i.actor2.as_str())),
        Some(("Military Forces of Afghanistan", "Taliban"))
    );
    let bagram = find("Parwan", "Agreement");
    assert_eq!(
        bagram.map(|i| (i.actor1.as_str(), i.location.as_str())),
        Some(("Government of Afghanistan", "Bagram"))
    );
}

#[test]
fn negatives_never_come_out() {
    let incidents = sample_incidents();
    for i in &incidents {
        // Pandemic figures are no conflict deaths.
        assert!(
            !(i.fatalities == 4 || i.fatalities == 19),
            "pandemic figure as incident: {i:#?}"
        );
        // "Germany Embassy in Kabul", "Washington signed", "Chinese Foreign Ministry".
        assert!(
            !["DE", "US", "CN"].contains(&i.iso.as_str()),
            "placed in {}: {i:#?}",
            i.iso
        );
        // "The group, which controls more than 40% of Afghan territory"
        assert!(
            !i.notes.contains("controls more than 40%"),
            "background fact as incident"
        );
        assert!(
            !i.notes.contains("Washington signed"),
            "a statement as incident"
        );
    }
}

#[test]
fn past_event_named_in_passing_is_background_not_news() {
    // "the 2017 truck bombing" is history told beside incidents dated to the day: it is
    // neither redated to the article's day nor put on the map as the article's news.
    let incidents = sample_incidents();
    let bombing: Vec<_> = incidents
        .iter()
        .filter(|i| i.notes.contains("2017 truck bombing"))
        .map(|i| (i.event_date, i.time_precision.code()))
        .collect();
    assert!(bombing.is_empty(), "{bombing:?}");
    assert!(
        incidents.iter().any(|i| i.time_precision.code() == 1),
        "the sample's incidents dated to the day stay"
    );
}

#[test]
fn evidence_spans_point_at_the_words_behind_each_field() {
    let incidents = sample_incidents();
    let Some(paktia) = incidents.iter().find(|i| {
        i.sub_event_type.as_str() == "Remote explosive/landmine/IED" && i.fatalities == 3
    }) else {
        panic!("no Paktia incident");
    };
    let text = match std::fs::read_to_string("data/articles/004_be0ede7b569ede66.txt") {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    let body: Vec<char> = text
        .splitn(3, "---\n")
        .nth(2)
        .unwrap_or("")
        .chars()
        .collect();
    let said = |field: incident_map::model::EvidenceField| -> Vec<String> {
        paktia
            .evidence
            .iter()
            .filter(|e| e.field == field)
            .map(|e| body[e.start..e.end].iter().collect())
            .collect()
    };
    use incident_map::model::EvidenceField::*;
    assert_eq!(said(Trigger), ["car bomb"]);
    assert_eq!(said(Location), ["Paktia province"]);
    assert_eq!(said(Date), ["Tuesday"]);
    assert_eq!(said(Fatalities), ["three"]);
}
