//! The workspace through its library API: round trips, migration, idempotent import,
//! corrections with undo and redo across restarts, merge and split, re-extraction, ACLED
//! exports, statistics, search and map queries, and a reader while a writer imports.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::{Path, PathBuf};

use chrono::NaiveDate;
use common::{Fake, NEW, OLD, assert_counters_are_true, three_articles, write_article};
use incident_map::export::Format;
use incident_map::model::{Evidence, EvidenceField, Incident};
use incident_map::taxonomy::{EventType, GeoPrecision, ReviewStatus, SubEventType, TimePrecision};
use incident_map::workspace::{
    BoundingBox, CorrectionKind, Field, RunOptions, StatusFilter, Workspace, WorkspaceError, schema,
};

fn fixed_clock() -> chrono::DateTime<chrono::Utc> {
    chrono::DateTime::from_timestamp(1_700_000_000, 0).unwrap_or_default()
}

fn open(path: &Path) -> Workspace {
    let mut ws = Workspace::open(path).unwrap();
    ws.set_clock(fixed_clock);
    ws
}

/// A workspace with the three fixture articles imported by the old stand-in extractor.
fn imported(dir: &Path) -> (Workspace, PathBuf) {
    let path = dir.join("w.imap");
    let mut ws = open(&path);
    let summary = ws
        .import(&three_articles(dir), &OLD, RunOptions::default())
        .unwrap();
    assert_eq!(summary.articles_added, 3, "{summary:?}");
    assert_eq!(
        (summary.incidents_added, summary.incidents_merged),
        (3, 1),
        "the Kandahar clash of b.txt joins a.txt's: {summary:?}"
    );
    (ws, path)
}

/// The event id of the shown incident whose notes hold `words`.
fn find(ws: &Workspace, words: &str) -> String {
    let hits = ws.search_incidents(words, 10).unwrap();
    assert_eq!(hits.len(), 1, "{words}: {hits:?}");
    hits[0].clone()
}

fn full_incident() -> Incident {
    let mut incident = Incident {
        event_id: "HAND1".into(),
        event_date: NaiveDate::from_ymd_opt(2020, 2, 29),
        time_precision: TimePrecision::Week,
        actor1: "Rebels of the Hills".into(),
        actor2: "Civilians (Afghanistan)".into(),
        country: "Afghanistan".into(),
        iso: "AF".into(),
        admin1: "Helmand".into(),
        admin2: "Nad Ali".into(),
        location: "Marjah".into(),
        latitude: Some(31.516_667),
        longitude: Some(64.116_667),
        geo_precision: GeoPrecision::District,
        fatalities: 3,
        fatalities_max: 5,
        notes: "A roadside bomb hit a van near Marjah; \"three\" or five died.".into(),
        confidence: 0.25,
        ..Incident::default()
    };
    incident.set_type(SubEventType::RemoteExplosiveLandmineIed);
    incident
}

#[test]
fn every_field_round_trips_through_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("w.imap");
    let (_ws, _) = imported(dir.path());
    let mut ws = open(&path);
    // An article for the added incident to cite.
    let id = ws.add_incident(full_incident()).unwrap();
    assert_eq!(id, "HAND1");
    let mut expected = full_incident();
    expected.review_status = ReviewStatus::Edited;
    let stored = ws.incident(&id).unwrap();
    assert_eq!(stored.incident, expected);
    assert_eq!(stored.human_fields.len(), Field::ALL.len());
    // Every field set through its text form, then read back after reopening.
    let values: [(Field, &str); 18] = [
        (Field::EventDate, "2019-12-31"),
        (Field::TimePrecision, "3"),
        (Field::EventType, "Riots"),
        (Field::SubEventType, "Mob violence"),
        (Field::Actor1, "Mob"),
        (Field::Actor2, "Shopkeepers"),
        (Field::Country, "Pakistan"),
        (Field::Iso, "pk"),
        (Field::Admin1, "Sindh"),
        (Field::Admin2, "Karachi"),
        (Field::Admin3, "Saddar"),
        (Field::Location, "Karachi - Saddar"),
        (Field::Latitude, "24.8556"),
        (Field::Longitude, "67.0233"),
        (Field::GeoPrecision, "1"),
        (Field::Fatalities, "0"),
        (Field::FatalitiesMax, "1"),
        (
            Field::Notes,
            "A crowd set fire to two shops; one man later died.",
        ),
    ];
    let pairs: Vec<(&str, &str)> = values.iter().map(|(f, v)| (f.as_str(), *v)).collect();
    ws.apply_edit(&id, &pairs).unwrap();
    drop(ws);
    let ws = open(&path);
    let stored = ws.incident(&id).unwrap();
    for (field, value) in values {
        let want = if field == Field::Iso { "PK" } else { value };
        assert_eq!(field.get(&stored), want, "{field}");
    }
    // An extracted incident keeps its coding, sources and evidence.
    let clash = ws.incident(&find(&ws, "clashed")).unwrap();
    assert_eq!(clash.incident.sources, ["a.txt", "b.txt"]);
    assert_eq!(clash.incident.fatalities, 5);
    assert_eq!(clash.extractor_version, OLD.version);
    assert_eq!(
        clash
            .incident
            .evidence
            .iter()
            .filter(|e| e.field == EvidenceField::Sentence)
            .count(),
        2
    );
    // The same fields come out of an export.
    let mut out = Vec::new();
    ws.export(&mut out, Format::Jsonl, StatusFilter::All)
        .unwrap();
    let line = String::from_utf8(out)
        .unwrap()
        .lines()
        .find(|l| l.contains("\"HAND1\""))
        .map(str::to_string)
        .unwrap();
    let value: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(value["admin3"], "Saddar");
    assert_eq!(value["sub_event_type"], "Mob violence");
    assert_eq!(value["latitude"], 24.8556);
    assert_eq!(value["review_status"], "edited");
}

#[test]
fn a_version_1_file_is_migrated_on_open() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.imap");
    {
        // A workspace as the first release wrote it, made by hand.
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch(schema::MIGRATIONS[0]).unwrap();
        conn.execute_batch(&format!(
            "PRAGMA user_version = 1; PRAGMA application_id = {};
             INSERT INTO articles (id, title, text, content_hash, imported_at)
               VALUES ('old.txt', 'Old news', 'Farmers marched to the governor''s office in Ghazni.', 'h1', 't');
             INSERT INTO incidents (event_id, event_date, time_precision, event_type, sub_event_type,
               country, iso, admin1, latitude, longitude, geo_precision, notes, review_status,
               human_fields, origin, extractor_version, created_at, updated_at)
               VALUES ('old.txt-1', '2019-05-01', 1, 'Protests', 'Peaceful protest', 'Afghanistan',
               'AF', 'Ghazni', 33.55, 68.42, 3, 'Farmers marched to the governor''s office.',
               'accepted', '[\"notes\"]', 'extracted', '0.0.1+r1', 't', 't');
             INSERT INTO sources (incident, article, event_id, extractor_version, coded)
               VALUES (1, 1, 'old.txt-1', '0.0.1+r1', '{}');",
            schema::APPLICATION_ID,
            serde_json::to_string(&Incident::default()).unwrap()
        ))
        .unwrap();
    }
    let ws = open(&path);
    assert_eq!(ws.schema_version().unwrap(), schema::CURRENT_VERSION);
    assert_eq!(schema::CURRENT_VERSION, 3);
    let record = ws.incident("old.txt-1").unwrap();
    assert_eq!(record.incident.review_status, ReviewStatus::Accepted);
    assert_eq!(record.admin3, "");
    assert!(!record.not_refound);
    assert!(record.human_fields.contains(&Field::Notes));
    assert_eq!(record.incident.sources, ["old.txt"]);
    // The indexes version 2 adds cover the rows version 1 had.
    assert_eq!(
        ws.search_articles("farmers governor", 5).unwrap(),
        ["old.txt"]
    );
    assert_eq!(ws.search_incidents("marched", 5).unwrap(), ["old.txt-1"]);
    let bbox = BoundingBox {
        min_lat: 33.0,
        max_lat: 34.0,
        min_lon: 68.0,
        max_lon: 69.0,
    };
    let points = ws.incidents_in(bbox, StatusFilter::All, 10).unwrap();
    assert_eq!(points.len(), 1);
    // Version 3's counters start from the rows there.
    let counts = ws.counts().unwrap();
    assert_eq!((counts.articles, counts.incidents()), (1, 1));
    assert_eq!(counts.of(ReviewStatus::Accepted), 1);
    assert_eq!(ws.integrity_check().unwrap(), "ok");
}

#[test]
fn files_that_are_not_workspaces_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let text = dir.path().join("notes.imap");
    std::fs::write(&text, "these are not the droids").unwrap();
    let err = Workspace::open(&text).unwrap_err();
    assert!(matches!(err, WorkspaceError::NotAWorkspace { .. }), "{err}");
    let other = dir.path().join("other.imap");
    rusqlite::Connection::open(&other)
        .unwrap()
        .execute_batch("CREATE TABLE t (x)")
        .unwrap();
    let err = Workspace::open(&other).unwrap_err().to_string();
    assert!(err.contains("another program"), "{err}");
    let err = Workspace::open_existing(&dir.path().join("missing.imap")).unwrap_err();
    assert!(err.to_string().contains("no workspace at"), "{err}");
}

#[test]
fn importing_twice_adds_nothing_twice() {
    let dir = tempfile::tempdir().unwrap();
    let (mut ws, _) = imported(dir.path());
    let before = ws.counts().unwrap();
    assert_eq!(before.articles, 3);
    assert_eq!(before.of(ReviewStatus::Unreviewed), 3);
    let again = ws
        .import(&[dir.path().to_path_buf()], &OLD, RunOptions::default())
        .unwrap();
    assert_eq!(again.articles_added, 0);
    assert_eq!(again.articles_already_present, 3);
    assert_eq!(ws.counts().unwrap(), before);
    // The same text under another name is the same article; another text under a name the
    // workspace has gets a name of its own.
    let other = tempfile::tempdir().unwrap();
    write_article(
        other.path(),
        "copy.txt",
        "2021-03-05",
        "Teachers held a protest in Balkh about unpaid wages.",
    );
    write_article(
        other.path(),
        "a.txt",
        "2021-04-01",
        "Students held a protest in Kabul.",
    );
    let third = ws
        .import(&[other.path().to_path_buf()], &OLD, RunOptions::default())
        .unwrap();
    assert_eq!(
        (third.articles_added, third.articles_already_present),
        (1, 1)
    );
    assert_eq!(
        ws.article("a.txt~2").unwrap().date,
        NaiveDate::from_ymd_opt(2021, 4, 1)
    );
    assert!(ws.article_text("a.txt~2").unwrap().contains("Students"));
    let students = ws.incident(&find(&ws, "Students")).unwrap();
    assert_eq!(students.incident.sources, ["a.txt~2"]);
    assert_eq!(students.incident.event_id, "a.txt~2-1");
}

#[test]
fn the_review_queue_starts_with_the_least_confident() {
    let dir = tempfile::tempdir().unwrap();
    let (mut ws, _) = imported(dir.path());
    let queue = ws
        .review_queue(StatusFilter::Only(ReviewStatus::Unreviewed), 0, 10)
        .unwrap();
    let confidences: Vec<f32> = queue.iter().map(|r| r.incident.confidence).collect();
    let mut sorted = confidences.clone();
    sorted.sort_by(f32::total_cmp);
    assert_eq!(confidences, sorted);
    assert_eq!(queue.len(), 3);
    let first = queue[0].event_id().to_string();
    ws.set_status(&first, ReviewStatus::Accepted).unwrap();
    let page = ws
        .review_queue(StatusFilter::Only(ReviewStatus::Unreviewed), 1, 1)
        .unwrap();
    assert_eq!(page.len(), 1);
    assert_eq!(page[0].event_id(), queue[2].event_id());
    let counts = ws.counts().unwrap();
    assert_eq!(
        (
            counts.of(ReviewStatus::Unreviewed),
            counts.of(ReviewStatus::Accepted)
        ),
        (2, 1)
    );
}

#[test]
fn a_refused_edit_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (mut ws, _) = imported(dir.path());
    let id = find(&ws, "Herat");
    let before = ws.incident(&id).unwrap();
    // (assignments, words the error must hold)
    let rows: [(&[(&str, &str)], &str); 8] = [
        (&[("fatalities", "lots")], "fatalities=\"lots\""),
        (&[("event_type", "Bombing")], "unknown event type"),
        (&[("latitude", "200")], "out of range"),
        (&[("colour", "red")], "unknown field \"colour\""),
        (&[("status", "maybe")], "unknown review status"),
        (
            &[("event_type", "Riots")],
            "belongs to Violence against civilians",
        ),
        (
            &[("event_type", "Riots"), ("sub_event_type", "Grenade")],
            "belongs to Explosions/Remote violence",
        ),
        // A good value first, a bad one after: all or nothing.
        (&[("fatalities", "9"), ("longitude", "x")], "longitude"),
    ];
    for (assignments, words) in rows {
        let err = ws.apply_edit(&id, assignments).unwrap_err().to_string();
        assert!(err.contains(words), "{assignments:?}: {err}");
        assert_eq!(ws.incident(&id).unwrap(), before, "{assignments:?}");
    }
    let err = ws.apply_edit("nope", &[("fatalities", "1")]).unwrap_err();
    assert!(matches!(err, WorkspaceError::UnknownIncident(_)), "{err}");
    assert!(ws.corrections().unwrap().is_empty());
}

#[test]
fn edits_mark_fields_and_keep_types_consistent() {
    let dir = tempfile::tempdir().unwrap();
    let (mut ws, _) = imported(dir.path());
    let id = find(&ws, "Herat");
    // The sub-event type alone sets the type.
    let outcome = ws
        .apply_edit(&id, &[("sub_event_type", "Grenade"), ("fatalities", "9")])
        .unwrap();
    let r = ws.incident(&id).unwrap();
    assert_eq!(r.incident.event_type, EventType::ExplosionsRemoteViolence);
    assert_eq!((r.incident.fatalities, r.incident.fatalities_max), (9, 9));
    assert_eq!(r.incident.review_status, ReviewStatus::Edited);
    for f in [
        Field::SubEventType,
        Field::EventType,
        Field::Fatalities,
        Field::FatalitiesMax,
    ] {
        assert!(r.human_fields.contains(&f), "{f}");
    }
    let fields: Vec<(&str, Option<&str>, Option<&str>, CorrectionKind)> = outcome
        .changes
        .iter()
        .map(|c| {
            (
                c.field.as_str(),
                c.old_value.as_deref(),
                c.new_value.as_deref(),
                c.kind,
            )
        })
        .collect();
    assert_eq!(
        fields,
        [
            (
                "review_status",
                Some("unreviewed"),
                Some("edited"),
                CorrectionKind::Status
            ),
            (
                "event_type",
                Some("Violence against civilians"),
                Some("Explosions/Remote violence"),
                CorrectionKind::Edit
            ),
            (
                "sub_event_type",
                Some("Attack"),
                Some("Grenade"),
                CorrectionKind::Edit
            ),
            ("fatalities", Some("3"), Some("9"), CorrectionKind::Edit),
            ("fatalities_max", Some("3"), Some("9"), CorrectionKind::Edit),
        ]
    );
    // An explicit status wins over `edited`; setting a value it already has changes nothing.
    ws.apply_edit(&id, &[("notes", "Fixed."), ("status", "accepted")])
        .unwrap();
    assert_eq!(ws.incident(&id).unwrap().status(), ReviewStatus::Accepted);
    let none = ws.apply_edit(&id, &[("notes", "Fixed.")]).unwrap();
    assert!(none.action.is_none() && none.changes.is_empty());
    // Both coordinates or neither.
    let err = ws.apply_edit(&id, &[("latitude", "")]).unwrap_err();
    assert!(err.to_string().contains("both"), "{err}");
    ws.apply_edit(&id, &[("latitude", ""), ("longitude", "")])
        .unwrap();
    assert_eq!(ws.incident(&id).unwrap().incident.position(), None);
}

#[test]
fn undo_and_redo_work_across_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let (mut ws, path) = imported(dir.path());
    let id = find(&ws, "Herat");
    ws.apply_edit(&id, &[("fatalities", "9")]).unwrap();
    ws.set_status(&id, ReviewStatus::Accepted).unwrap();
    drop(ws);

    let mut ws = open(&path);
    assert_eq!(
        ws.next_undo().unwrap().map(|a| a.kind),
        Some(CorrectionKind::Status)
    );
    ws.undo().unwrap();
    assert_eq!(ws.incident(&id).unwrap().status(), ReviewStatus::Edited);
    ws.undo().unwrap();
    let r = ws.incident(&id).unwrap();
    assert_eq!(r.incident.fatalities, 3);
    assert_eq!(r.status(), ReviewStatus::Unreviewed);
    assert!(r.human_fields.is_empty(), "undo unmarks the field");
    assert!(ws.undo().unwrap().is_none(), "nothing more to undo");
    drop(ws);

    let mut ws = open(&path);
    let redone = ws.redo().unwrap().unwrap();
    assert_eq!(redone.kind, CorrectionKind::Edit);
    assert_eq!(ws.incident(&id).unwrap().incident.fatalities, 9);
    // A new action clears what could be redone.
    ws.apply_edit(&id, &[("actor1", "Gunmen")]).unwrap();
    assert!(ws.next_redo().unwrap().is_none());
    assert!(ws.redo().unwrap().is_none());
    let kinds: Vec<CorrectionKind> = ws.corrections().unwrap().iter().map(|c| c.kind).collect();
    use CorrectionKind::*;
    assert_eq!(
        kinds,
        [
            Status, Edit, Edit, Status, Undo, Undo, Undo, Undo, Redo, Redo, Redo, Edit
        ]
    );
}

#[test]
fn undo_stops_where_an_import_changed_the_incident() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("w.imap");
    let mut ws = open(&path);
    let paths = three_articles(dir.path());
    ws.import(&paths[..1], &OLD, RunOptions::default()).unwrap();
    let id = find(&ws, "clashed");
    ws.apply_edit(&id, &[("actor1", "Army")]).unwrap();
    // b.txt reports the same clash: it joins the edited incident.
    ws.import(&paths[1..2], &OLD, RunOptions::default())
        .unwrap();
    assert_eq!(ws.incident(&id).unwrap().incident.sources.len(), 2);
    let err = ws.undo().unwrap_err().to_string();
    assert!(err.contains("changed since") && err.contains(&id), "{err}");
    assert_eq!(ws.incident(&id).unwrap().incident.actor1, "Army");
}

#[test]
fn merge_and_split_by_hand() {
    let dir = tempfile::tempdir().unwrap();
    let (mut ws, path) = imported(dir.path());
    let clash = find(&ws, "clashed");
    let attack = find(&ws, "Herat");
    let protest = find(&ws, "Teachers");
    // The import merged two reports of the clash; splitting gives one per article.
    let pieces = ws.split(&clash).unwrap();
    assert_eq!(pieces, ["b.txt-1"]);
    assert_eq!(ws.incident(&clash).unwrap().incident.sources, ["a.txt"]);
    assert_eq!(ws.incident("b.txt-1").unwrap().incident.sources, ["b.txt"]);
    assert_eq!(ws.counts().unwrap().incidents(), 4);
    ws.undo().unwrap();
    assert_eq!(ws.counts().unwrap().incidents(), 3);
    assert!(ws.incident("b.txt-1").is_err(), "undo removes the piece");
    assert_eq!(ws.incident(&clash).unwrap().incident.sources.len(), 2);
    ws.redo().unwrap();
    assert_eq!(ws.counts().unwrap().incidents(), 4);

    // Merge two different incidents by hand: the protest (with a person's edit) into the attack.
    ws.apply_edit(&protest, &[("actor1", "Teachers")]).unwrap();
    let merged = ws.merge(&attack, &protest).unwrap();
    assert!(merged.changes.iter().any(|c| c.field == "sources"));
    let r = ws.incident(&attack).unwrap();
    assert_eq!(r.incident.sources, ["a.txt", "c.txt"]);
    assert_eq!(r.status(), ReviewStatus::Edited);
    assert!(!ws.is_shown(&protest).unwrap());
    let err = ws.apply_edit(&protest, &[("fatalities", "1")]).unwrap_err();
    assert!(err.to_string().contains("merged into"), "{err}");
    assert!(ws.merge(&attack, &attack).is_err());
    drop(ws);

    // Split it back (after a restart): the protest comes back as it was, edit included.
    let mut ws = open(&path);
    let back = ws.split(&attack).unwrap();
    assert_eq!(back, std::slice::from_ref(&protest));
    let p = ws.incident(&protest).unwrap();
    assert_eq!(p.incident.actor1, "Teachers");
    assert_eq!(p.incident.sources, ["c.txt"]);
    assert!(ws.is_shown(&protest).unwrap());
    assert_eq!(ws.incident(&attack).unwrap().incident.sources, ["a.txt"]);
    let err = ws.split(&attack).unwrap_err().to_string();
    assert!(err.contains("only one source"), "{err}");
    // Delete, and undo the delete.
    ws.delete_incident(&attack).unwrap();
    assert!(!ws.is_shown(&attack).unwrap());
    ws.undo().unwrap();
    assert!(ws.is_shown(&attack).unwrap());
    assert_eq!(ws.integrity_check().unwrap(), "ok");
    assert_counters_are_true(&path);
}

#[test]
fn reextraction_keeps_the_analysts_work() {
    let dir = tempfile::tempdir().unwrap();
    let (mut ws, path) = imported(dir.path());
    let clash = find(&ws, "clashed");
    let attack = find(&ws, "Herat");
    let protest = find(&ws, "Teachers");
    assert_eq!(ws.incident(&attack).unwrap().incident.fatalities, 3);
    ws.apply_edit(&clash, &[("notes", "Checked by hand.")])
        .unwrap();
    ws.set_status(&protest, ReviewStatus::Rejected).unwrap();
    // A newer extractor: exact tolls, and it no longer sees protests nor the bus attack.
    let newer = Fake {
        ignore: &["protest", "bus"],
        ..NEW
    };
    write_article(
        dir.path(),
        "d.txt",
        "2021-03-09",
        "Guards fought off an attack in Kunduz, 1 guard died.",
    );
    ws.import(&[dir.path().join("d.txt")], &OLD, RunOptions::default())
        .unwrap();
    let kunduz = find(&ws, "Kunduz");
    ws.set_status(&kunduz, ReviewStatus::Accepted).unwrap();
    let summary = ws.reextract(&newer, RunOptions::default()).unwrap();
    assert_eq!(summary.articles, 4, "{summary:?}");
    assert_eq!(summary.refound, 3, "{summary:?}");
    drop(ws);

    let ws = open(&path);
    // Machine values replaced, the person's notes kept, still edited.
    let c = ws.incident(&clash).unwrap();
    assert_eq!(c.incident.fatalities, 4);
    assert_eq!(c.incident.notes, "Checked by hand.");
    assert_eq!(c.status(), ReviewStatus::Edited);
    assert_eq!(c.extractor_version, NEW.version);
    assert!(!c.not_refound);
    // The unreviewed bus attack is gone; the rejected protest stays rejected, flagged.
    assert!(ws.incident(&attack).is_err());
    let p = ws.incident(&protest).unwrap();
    assert_eq!(p.status(), ReviewStatus::Rejected);
    assert!(p.not_refound);
    // Refound and accepted: the new toll, still accepted.
    let k = ws.incident(&kunduz).unwrap();
    assert_eq!(
        (k.incident.fatalities, k.status()),
        (1, ReviewStatus::Accepted)
    );
    // The flag is exported.
    let mut out = Vec::new();
    ws.export(&mut out, Format::Csv, StatusFilter::All).unwrap();
    let text = String::from_utf8(out).unwrap();
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let headers = reader.headers().unwrap().clone();
    let column = headers.iter().position(|h| h == "not_refound").unwrap();
    let flagged: Vec<String> = reader
        .records()
        .map(|r| r.unwrap())
        .filter(|r| &r[column] == "true")
        .map(|r| r[0].to_string())
        .collect();
    assert_eq!(flagged, [protest]);
    assert_counters_are_true(&path);
}

#[test]
fn acled_exports_import_as_coded() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("acled.csv");
    std::fs::write(
        &csv,
        "event_id_cnty,event_date,year,time_precision,disorder_type,event_type,sub_event_type,actor1,actor2,iso,country,admin1,admin2,admin3,location,latitude,longitude,geo_precision,source,notes,fatalities\n\
         QQQ1,12 January 2022,2022,1,Political violence,Explosions/Remote violence,Air/drone strike,Air Force of Testland,Rebels,4,Afghanistan,Kunar,Asadabad,Asad town,Asadabad,34.8725,71.1469,2,Radio One,\"On 12 January 2022, an aircraft struck a compound near Asadabad; 6 rebels died.\",6\n\
         QQQ2,2022-01-13,2022,1,Demonstrations,Protests,Peaceful protest,Protesters,,4,Afghanistan,Kabul,Kabul,,Kabul,34.5167,69.1833,1,Radio Two,Shopkeepers protested new taxes in Kabul.,0\n\
         QQQ3,2022-01-14,2022,1,Demonstrations,Protests,Peaceful protest,Protesters,,4,Afghanistan,Kabul,Kabul,,Kabul,34.5167,69.1833,1,Radio Two,A march in Kabul.,lots\n",
    )
    .unwrap();
    let mut ws = open(&dir.path().join("w.imap"));
    let summary = ws
        .import(std::slice::from_ref(&csv), &NEW, RunOptions::default())
        .unwrap();
    assert_eq!(summary.acled_rows_added, 2, "{summary:?}");
    assert_eq!(
        summary.articles_added, 0,
        "ACLED notes are not re-extracted"
    );
    assert_eq!(summary.problems.len(), 1);
    let problem = summary.problems[0].to_string();
    assert!(
        problem.contains("acled.csv:4") && problem.contains("fatalities"),
        "{problem}"
    );
    let r = ws.incident("QQQ1").unwrap();
    assert_eq!(r.status(), ReviewStatus::Imported);
    assert_eq!(r.incident.sub_event_type, SubEventType::AirDroneStrike);
    assert_eq!(r.incident.event_date, NaiveDate::from_ymd_opt(2022, 1, 12));
    assert_eq!(r.incident.iso, "AF", "numeric ISO 4 is Afghanistan");
    assert_eq!(r.incident.geo_precision, GeoPrecision::District);
    assert_eq!((r.incident.fatalities, r.incident.fatalities_max), (6, 6));
    assert_eq!(r.admin3, "Asad town");
    assert_eq!(r.extra["disorder_type"], "Political violence");
    assert_eq!(r.extra["acled_iso"], "4");
    assert_eq!(r.extra["source"], "Radio One");
    assert_eq!(r.incident.sources, ["QQQ1"]);
    assert_eq!(ws.article_text("QQQ1").unwrap(), r.incident.notes);
    assert_eq!(
        r.incident.evidence,
        [Evidence {
            article: "QQQ1".into(),
            field: EvidenceField::Sentence,
            start: 0,
            end: r.incident.notes.chars().count(),
        }]
    );
    assert_eq!(ws.article("QQQ1").unwrap().kind, "acled");
    // Importing the same export again adds nothing; reextraction leaves ACLED rows alone.
    let again = ws.import(&[csv], &NEW, RunOptions::default()).unwrap();
    assert_eq!(
        (again.acled_rows_added, again.acled_rows_already_present),
        (0, 2)
    );
    let s = ws.reextract(&NEW, RunOptions::default()).unwrap();
    assert_eq!(s.articles, 0);
    assert_eq!(ws.incident("QQQ1").unwrap(), r);
}

#[test]
fn agreement_counts_the_fields_left_as_coded() {
    let dir = tempfile::tempdir().unwrap();
    let (mut ws, _) = imported(dir.path());
    let clash = find(&ws, "clashed");
    let attack = find(&ws, "Herat");
    let protest = find(&ws, "Teachers");
    ws.set_status(&clash, ReviewStatus::Accepted).unwrap();
    ws.apply_edit(&attack, &[("fatalities", "7")]).unwrap();
    // Confirming the machine's value is agreement too.
    ws.apply_edit(&protest, &[("fatalities", "0"), ("status", "accepted")])
        .unwrap();
    let a = ws.agreement().unwrap();
    assert_eq!(a.reviewed, 3);
    let cell = |row: &[incident_map::workspace::FieldAgreement], f: Field| {
        *row.iter().find(|c| c.field == f).unwrap()
    };
    let fatalities = cell(&a.per_field, Field::Fatalities);
    assert_eq!((fatalities.unchanged, fatalities.reviewed), (2, 3));
    assert!((fatalities.share() - 2.0 / 3.0).abs() < 1e-9);
    assert_eq!(cell(&a.per_field, Field::FatalitiesMax).unchanged, 2);
    assert_eq!(cell(&a.per_field, Field::Notes).unchanged, 3);
    let vac = &a.per_event_type[&EventType::ViolenceAgainstCivilians];
    assert_eq!(cell(vac, Field::Fatalities).unchanged, 0);
    assert_eq!(
        cell(&a.per_event_type[&EventType::Battles], Field::Fatalities).unchanged,
        1
    );
}

#[test]
fn exports_leave_rejected_incidents_out_unless_asked() {
    let dir = tempfile::tempdir().unwrap();
    let (mut ws, _) = imported(dir.path());
    let protest = find(&ws, "Teachers");
    ws.set_status(&protest, ReviewStatus::Rejected).unwrap();
    let count = |filter| {
        let mut out = Vec::new();
        ws.export(&mut out, Format::Jsonl, filter).unwrap()
    };
    assert_eq!(count(StatusFilter::NotRejected), 2);
    assert_eq!(count(StatusFilter::All), 3);
    assert_eq!(count(StatusFilter::Only(ReviewStatus::Rejected)), 1);
    let mut out = Vec::new();
    ws.export(&mut out, Format::Geojson, StatusFilter::All)
        .unwrap();
    let value: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(value["features"].as_array().map(Vec::len), Some(3));
    let mut out = Vec::new();
    assert_eq!(ws.export_corrections(&mut out).unwrap(), 1);
    let line: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(line["kind"], "status");
    assert_eq!(line["new_value"], "rejected");
    assert_eq!(line["incident"], protest.as_str());
}

#[test]
fn text_search_and_map_boxes() {
    let dir = tempfile::tempdir().unwrap();
    let (mut ws, _) = imported(dir.path());
    assert_eq!(ws.search_articles("wages", 10).unwrap(), ["c.txt"]);
    assert_eq!(
        ws.search_articles("\"unbalanced quote", 10).unwrap().len(),
        0
    );
    assert_eq!(ws.incidents_of_article("b.txt").unwrap().len(), 1);
    let everywhere = BoundingBox {
        min_lat: -90.0,
        max_lat: 90.0,
        min_lon: -180.0,
        max_lon: 180.0,
    };
    assert_eq!(
        ws.incidents_in(everywhere, StatusFilter::All, 100)
            .unwrap()
            .len(),
        3
    );
    let attack = find(&ws, "Herat");
    ws.apply_edit(&attack, &[("latitude", "34.35"), ("longitude", "62.2")])
        .unwrap();
    let herat = BoundingBox {
        min_lat: 34.0,
        max_lat: 35.0,
        min_lon: 62.0,
        max_lon: 63.0,
    };
    let points = ws.incidents_in(herat, StatusFilter::All, 100).unwrap();
    assert_eq!(points.len(), 1);
    assert_eq!(points[0].event_id, attack);
    ws.apply_edit(&attack, &[("notes", "Gunmen stopped a minibus.")])
        .unwrap();
    assert_eq!(ws.search_incidents("minibus", 10).unwrap(), [attack]);
    assert!(ws.search_incidents("passengers", 10).unwrap().is_empty());
}

#[test]
fn a_reader_is_never_blocked_by_an_import() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("w.imap");
    drop(open(&path));
    let articles = dir.path().join("many.jsonl");
    // Letters only: the stand-in's place is the alphabetic word after "in".
    let letters = |i: usize| -> String {
        i.to_string()
            .bytes()
            .map(|b| char::from(b'a' + (b - b'0')))
            .collect()
    };
    let lines: Vec<String> = (0..400)
        .map(|i| {
            serde_json::json!({
                "id": format!("n{i}"),
                "date": "2021-06-01",
                "text": format!("Report {i}. Rebels attacked a post in Place{} and {} guards died.", letters(i), i % 7 + 1),
            })
            .to_string()
        })
        .collect();
    std::fs::write(&articles, lines.join("\n")).unwrap();
    let writer = {
        let path = path.clone();
        std::thread::spawn(move || {
            let mut ws = open(&path);
            ws.import(&[articles], &OLD, RunOptions::default()).unwrap()
        })
    };
    let reader = open(&path);
    let mut seen = Vec::new();
    while !writer.is_finished() {
        let start = std::time::Instant::now();
        // The page first: counts read after it can only be higher.
        let page = reader.review_queue(StatusFilter::All, 0, 20).unwrap();
        let counts = reader.counts().unwrap();
        assert!(
            start.elapsed() < std::time::Duration::from_secs(2),
            "a read waited for the writer"
        );
        assert!(page.len() as u64 <= counts.incidents());
        seen.push(counts.articles);
    }
    let summary = writer.join().unwrap();
    assert_eq!(summary.articles_added, 400);
    assert!(seen.windows(2).all(|w| w[0] <= w[1]), "counts only grow");
    let last = reader.counts().unwrap();
    assert_eq!((last.articles, last.incidents()), (400, 400));
}

#[test]
fn an_incident_added_from_a_selection_is_coded_from_its_sentence_and_undone_in_one_step() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("w.imap");
    let mut ws = open(&path);
    // Imported by a stand-in blind to attacks: the article has no incident.
    const BLIND: Fake = Fake {
        version: "0.0.1+r1",
        extra_deaths: 0,
        ignore: &["attack"],
    };
    let text =
        "Farmers in Ōrgūn sold their wheat. Gunmen attacked a convoy in Khōst, 5 guards died.";
    let file = write_article(dir.path(), "khost.txt", "2021-07-01", text);
    ws.import(&[file], &BLIND, RunOptions::default()).unwrap();
    assert!(ws.incidents(StatusFilter::All).unwrap().is_empty());
    let article = ws.articles().unwrap()[0].id.clone();
    let text = ws.article_text(&article).unwrap();
    let chars = |words: &str| {
        let start = text[..text.find(words).unwrap()].chars().count();
        start..start + words.chars().count()
    };
    let selection = chars("5 guards died");

    // The extractor that reads attacks codes it from the sentence alone.
    let id = ws
        .add_incident_from_selection(&NEW, &article, selection.clone())
        .unwrap();
    let added = ws.incident(&id).unwrap();
    assert_eq!(added.status(), ReviewStatus::Edited);
    assert_eq!(added.incident.sub_event_type, SubEventType::Attack);
    assert_eq!(added.incident.fatalities, 5);
    assert_eq!(added.incident.location, "Khōst");
    assert_eq!(added.incident.sources, std::slice::from_ref(&article));
    assert_eq!(
        added.incident.event_date,
        NaiveDate::from_ymd_opt(2021, 7, 1)
    );
    assert!(added.incident.evidence.contains(&Evidence {
        article: article.clone(),
        field: EvidenceField::Sentence,
        start: selection.start,
        end: selection.end,
    }));
    let log = ws.corrections().unwrap();
    assert_eq!(log.len(), 1, "{log:?}");
    assert_eq!(
        (log[0].incident.as_str(), log[0].kind),
        (id.as_str(), CorrectionKind::Add)
    );

    // Nothing found: the article's date, a strategic development, the words as notes.
    let other = ws
        .add_incident_from_selection(&BLIND, &article, chars("Gunmen attacked"))
        .unwrap();
    let other = ws.incident(&other).unwrap().incident;
    assert_eq!(other.sub_event_type, SubEventType::Other);
    assert_eq!(other.event_date, NaiveDate::from_ymd_opt(2021, 7, 1));
    assert_eq!(other.notes, "Gunmen attacked");

    // A blank selection is refused; undo removes the added incidents one by one.
    let blank = chars(" Gunmen").start;
    assert!(
        ws.add_incident_from_selection(&NEW, &article, blank..blank + 1)
            .is_err()
    );
    ws.undo().unwrap();
    ws.undo().unwrap();
    assert!(ws.incidents(StatusFilter::All).unwrap().is_empty());
}
