//! Single articles through the extractor: how ACLED-style coding reads figures, dates and
//! places the sample articles do not exercise. Texts are the project's own fixtures.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::NaiveDate;
use incident_map::extract::Extractor;
use incident_map::model::{Article, Incident};

fn extract(text: &str, date: Option<(i32, u32, u32)>) -> Vec<Incident> {
    let extractor = match Extractor::bundled() {
        Ok(e) => e,
        Err(err) => panic!("extractor: {err}"),
    };
    let article = Article {
        id: "fixture".into(),
        date: date.and_then(|(y, m, d)| NaiveDate::from_ymd_opt(y, m, d)),
        text: text.into(),
        ..Article::default()
    };
    extractor.extract(&article).incidents
}

fn day(y: i32, m: u32, d: u32) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(y, m, d)
}

#[test]
fn figures_dates_and_places_table() {
    // (text, article date, expected (date, time_precision, admin1, fatalities))
    let rows: [(
        &str,
        Option<(i32, u32, u32)>,
        (Option<NaiveDate>, u8, &str, u32),
    ); 5] = [
        (
            "On 12 May 2019, 7 Taliban militants and 2 Afghan Border Police were killed in clashes in Shorabak district, Kandahar province.",
            None,
            (day(2019, 5, 12), 1, "Kandahar", 9),
        ),
        (
            "Between September 26-28 2019, 6 Afghan soldiers were killed in attacks by Taliban militants in Almar district, Faryab.",
            None,
            (day(2019, 9, 26), 2, "Faryab", 6),
        ),
        (
            "Reported on 19 September 2019 as happening overnight, Taliban militants shot and killed 2 soldiers in Zawal of Shindand district, Herat.",
            None,
            (day(2019, 9, 18), 1, "Herat", 2),
        ),
        (
            "On 3 August 2019, airstrikes killed 20 militants in Musa Qala, Sangin and Nad Ali districts, Helmand. Fatalities split across 3 events (7).",
            None,
            (day(2019, 8, 3), 1, "Helmand", 7),
        ),
        (
            "On 20 August 2019, Taliban fighters killed an NDS agent in Farah province.",
            None,
            (day(2019, 8, 20), 1, "Farah", 1),
        ),
    ];
    for (text, date, (want_date, want_precision, want_admin1, want_killed)) in rows {
        let incidents = extract(text, date);
        let first = incidents
            .first()
            .unwrap_or_else(|| panic!("no incident: {text}"));
        assert_eq!(first.event_date, want_date, "{text}");
        assert_eq!(first.time_precision, want_precision, "{text}");
        assert!(
            incident_map::gazetteer::fold(&first.admin1)
                .starts_with(&incident_map::gazetteer::fold(want_admin1)),
            "{text}: admin1 {}",
            first.admin1
        );
        assert_eq!(first.fatalities, want_killed, "{text}");
    }
}

#[test]
fn local_story_without_a_place_in_the_sentence_takes_its_one_province() {
    let text = "WMC Action News 5 - Memphis, Tennessee\n\nSeven people were shot and two of \
                them were killed outside a nightclub on Saturday, police said.";
    let incidents = extract(text, Some((2014, 6, 1)));
    let first = incidents.first().expect("an incident");
    assert_eq!(first.admin1, "Tennessee");
    assert_eq!(first.geo_precision, 3);
}

#[test]
fn a_story_across_provinces_falls_back_to_the_country() {
    let text = "Fighting continued in Helmand and Kandahar provinces. On Monday 5 soldiers \
                were killed in an ambush, officials said.";
    let incidents = extract(text, Some((2020, 4, 1)));
    let first = incidents.first().expect("an incident");
    assert!(first.admin1.is_empty(), "got {}", first.admin1);
    assert_eq!((first.iso.as_str(), first.geo_precision), ("AF", 3));
}
