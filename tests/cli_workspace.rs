//! The workspace commands as a user runs them: `import`, `export`, `edit`, `reextract`,
//! their exit codes, messages and outputs, every refused edit, and an import killed with
//! SIGKILL half way then run again.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use incident_map::workspace::{Workspace, extractor_version};
use serde_json::Value;

fn bin() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_incident-map"));
    cmd.env("RUST_LOG", "warn");
    cmd
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Three news items in the project's own words (two report the same ambush).
fn articles(dir: &Path) -> PathBuf {
    let folder = dir.join("news");
    std::fs::create_dir_all(&folder).unwrap();
    let items = [
        (
            "ambush.txt",
            "2020-06-09",
            "Taliban fighters ambushed an army convoy in Zabul province on Monday, killing six soldiers, the provincial governor said.",
        ),
        (
            "ambush-again.txt",
            "2020-06-09",
            "Six soldiers were killed on Monday when Taliban fighters ambushed an army convoy in Zabul province.",
        ),
        (
            "bomb.txt",
            "2020-06-11",
            "A roadside bomb exploded in Lashkar Gah, the capital of Helmand province, on Wednesday, killing two civilians.",
        ),
    ];
    for (name, date, body) in items {
        std::fs::write(
            folder.join(name),
            format!("---\ndate: {date}\n---\n{body}\n"),
        )
        .unwrap();
    }
    folder
}

fn export(ws: &Path, extra: &[&str]) -> Vec<Value> {
    let mut args = vec!["export", "--workspace", ws.to_str().unwrap()];
    args.extend_from_slice(extra);
    let out = run(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn by_id<'a>(incidents: &'a [Value], id: &str) -> &'a Value {
    incidents
        .iter()
        .find(|i| i["event_id"] == id)
        .unwrap_or_else(|| panic!("{id} not exported"))
}

#[test]
fn import_export_and_edit_as_a_user_would() {
    let dir = tempfile::tempdir().unwrap();
    let news = articles(dir.path());
    let ws = dir.path().join("w.imap");
    let w = ws.to_str().unwrap();
    let n = news.to_str().unwrap();

    let out = run(&["import", "--workspace", w, n]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.contains("3 article(s) added, 0 already there"),
        "{said}"
    );

    // Again: nothing added. With a missing path: exit 1, the path named, the rest imported.
    let out = run(&["import", "--workspace", w, n]);
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("0 article(s) added, 3 already there"));
    let extra = dir.path().join("extra.txt");
    std::fs::write(
        &extra,
        "---\ndate: 2020-06-12\n---\nGunmen attacked a bus in Herat province, killing 3 passengers.\n",
    )
    .unwrap();
    let missing = dir.path().join("missing.txt");
    let out = run(&[
        "import",
        "--workspace",
        w,
        missing.to_str().unwrap(),
        extra.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("missing.txt") && err.contains("no such file"),
        "{err}"
    );
    assert!(text(&out.stdout).contains("1 article(s) added"));

    // Exports: JSON Lines by default, with review status and confidence; CSV; GeoJSON.
    let incidents = export(&ws, &[]);
    assert!(incidents.len() >= 3, "{incidents:?}");
    for i in &incidents {
        assert_eq!(i["review_status"], "unreviewed");
        assert!(i["confidence"].is_number());
    }
    let ambush = incidents
        .iter()
        .find(|i| i["sources"].as_array().is_some_and(|s| s.len() == 2))
        .expect("the two reports of the ambush merged")
        .clone();
    let id = ambush["event_id"].as_str().unwrap().to_string();
    let csv_path = dir.path().join("out.csv");
    let out = run(&[
        "export",
        "--workspace",
        w,
        "--format",
        "csv",
        "--out",
        csv_path.to_str().unwrap(),
    ]);
    assert!(out.status.success() && out.stdout.is_empty());
    let csv_text = std::fs::read_to_string(&csv_path).unwrap();
    let header = csv_text.lines().next().unwrap();
    assert!(
        header.starts_with("event_id,event_date,time_precision,event_type")
            && header.contains(",confidence,review_status,admin3,not_refound"),
        "{header}"
    );
    assert_eq!(csv_text.lines().count(), incidents.len() + 1);
    let out = run(&["export", "--workspace", w, "--format", "geojson"]);
    let geo: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(geo["type"], "FeatureCollection");

    // An edit: the value, the status, the log.
    let out = run(&[
        "edit",
        "--workspace",
        w,
        &id,
        "fatalities=9",
        "status=accepted",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.contains(&format!("{id}: fatalities")) && said.contains("\"9\""),
        "{said}"
    );
    let edited = export(&ws, &[]);
    assert_eq!(by_id(&edited, &id)["fatalities"], 9);
    assert_eq!(by_id(&edited, &id)["review_status"], "accepted");
    assert_eq!(
        by_id(&edited, &id)["human_fields"],
        "fatalities;fatalities_max"
    );

    // Refused edits: a clear message, exit code 1, nothing changed, nothing logged.
    let before = export(&ws, &["--status", "all"]);
    let log_before = export(&ws, &["--corrections"]);
    let refused: [(&[&str], &str); 9] = [
        (
            &["fatalities=lots"],
            "fatalities=\"lots\": not a whole number",
        ),
        (&["event_type=Bombing"], "unknown event type \"Bombing\""),
        (&["latitude=200"], "latitude=\"200\": out of range"),
        (&["longitude=-500"], "longitude=\"-500\": out of range"),
        (&["colour=red"], "unknown field \"colour\""),
        (&["fatalities"], "expected FIELD=VALUE"),
        (&["event_type=Riots"], "belongs to Battles, not Riots"),
        (&["status=maybe"], "unknown review status \"maybe\""),
        (&["event_date=someday"], "not a date"),
    ];
    for (assignments, words) in refused {
        let mut args = vec!["edit", "--workspace", w, id.as_str()];
        args.extend_from_slice(assignments);
        let out = run(&args);
        assert_eq!(out.status.code(), Some(1), "{assignments:?}");
        let err = text(&out.stderr);
        assert!(err.contains(words), "{assignments:?}: {err}");
    }
    let out = run(&["edit", "--workspace", w, "NO-SUCH-ID", "fatalities=1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("no incident with event id \"NO-SUCH-ID\""));
    assert_eq!(export(&ws, &["--status", "all"]), before);
    assert_eq!(export(&ws, &["--corrections"]), log_before);

    // The sub-event type alone sets the type.
    let bomb = incidents
        .iter()
        .find(|i| i["notes"].as_str().is_some_and(|n| n.contains("roadside")))
        .expect("the bomb")["event_id"]
        .as_str()
        .unwrap()
        .to_string();
    let out = run(&["edit", "--workspace", w, &bomb, "sub_event_type=Grenade"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let now = export(&ws, &[]);
    assert_eq!(
        by_id(&now, &bomb)["event_type"],
        "Explosions/Remote violence"
    );
    assert_eq!(by_id(&now, &bomb)["sub_event_type"], "Grenade");
    let out = run(&[
        "edit",
        "--workspace",
        w,
        &bomb,
        "sub_event_type=Peaceful protest",
    ]);
    assert!(out.status.success());
    assert_eq!(by_id(&export(&ws, &[]), &bomb)["event_type"], "Protests");

    // Rejected incidents leave the default export.
    let out = run(&["edit", "--workspace", w, &bomb, "status=rejected"]);
    assert!(out.status.success());
    let shown = export(&ws, &[]);
    assert!(shown.iter().all(|i| i["event_id"] != bomb.as_str()));
    let rejected = export(&ws, &["--status", "rejected"]);
    assert_eq!(rejected.len(), 1);
    assert_eq!(rejected[0]["event_id"], bomb.as_str());
    assert_eq!(export(&ws, &["--status", "all"]).len(), shown.len() + 1);
    let out = run(&["export", "--workspace", w, "--status", "bogus"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown review status"));

    // The corrections as a gold set.
    let log = export(&ws, &["--corrections"]);
    let kinds: Vec<&str> = log.iter().map(|c| c["kind"].as_str().unwrap()).collect();
    assert!(
        kinds.contains(&"edit") && kinds.contains(&"status"),
        "{kinds:?}"
    );
    let fatal = log.iter().find(|c| c["field"] == "fatalities").unwrap();
    assert_eq!(fatal["incident"], id.as_str());
    assert_eq!(fatal["new_value"], "9");
    let out = run(&[
        "export",
        "--workspace",
        w,
        "--corrections",
        "--format",
        "csv",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("JSON Lines only"));

    // No workspace there: said so.
    let gone = dir.path().join("gone.imap");
    let out = run(&["export", "--workspace", gone.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("no workspace at"));
    assert!(!gone.exists(), "export does not create a workspace");
    let out = run(&[
        "edit",
        "--workspace",
        gone.to_str().unwrap(),
        &id,
        "fatalities=1",
    ]);
    assert_eq!(out.status.code(), Some(1));
    // A workspace opens alone in the app.
    let out = run(&[w, extra.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("opens alone"));
}

#[test]
fn reextract_replaces_machine_values_and_keeps_the_analysts() {
    let dir = tempfile::tempdir().unwrap();
    let news = articles(dir.path());
    let ws = dir.path().join("w.imap");
    let w = ws.to_str().unwrap();
    let out = run(&["import", "--workspace", w, news.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let incidents = export(&ws, &[]);
    let fresh: Vec<(String, u64)> = incidents
        .iter()
        .map(|i| {
            (
                i["event_id"].as_str().unwrap().to_string(),
                i["fatalities"].as_u64().unwrap(),
            )
        })
        .collect();
    let (first, second) = (&fresh[0].0, &fresh[1].0);
    let out = run(&[
        "edit",
        "--workspace",
        w,
        first,
        "notes=Checked against the radio report.",
    ]);
    assert!(out.status.success());
    let out = run(&["edit", "--workspace", w, second, "status=rejected"]);
    assert!(out.status.success());
    // Pretend an older extractor coded everything with a toll of 99.
    {
        let conn = rusqlite::Connection::open(&ws).unwrap();
        conn.execute_batch(
            "UPDATE sources SET extractor_version = '0.0.0+r0',
               coded = json_set(coded, '$.fatalities', 99, '$.fatalities_max', 99);
             UPDATE incidents SET fatalities = 99, fatalities_max = 99, extractor_version = '0.0.0+r0';",
        )
        .unwrap();
    }
    let out = run(&["reextract", "--workspace", w]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(said.contains("3 article(s) extracted again"), "{said}");
    let after = export(&ws, &["--status", "all"]);
    assert_eq!(after.len(), incidents.len());
    for (id, fatalities) in &fresh {
        let i = by_id(&after, id);
        assert_eq!(i["fatalities"].as_u64(), Some(*fatalities), "{id}");
        assert_eq!(i["extractor_version"], extractor_version().as_str(), "{id}");
    }
    let checked = by_id(&after, first);
    assert_eq!(checked["notes"], "Checked against the radio report.");
    assert_eq!(checked["review_status"], "edited");
    assert_eq!(by_id(&after, second)["review_status"], "rejected");
}

#[test]
fn acled_exports_import_with_bad_rows_reported() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("acled-export.csv");
    std::fs::write(
        &csv,
        "event_id_cnty,event_date,year,time_precision,event_type,sub_event_type,actor1,actor2,iso,country,admin1,admin2,admin3,location,latitude,longitude,geo_precision,source,notes,fatalities\n\
         ZZZ7,3 March 2021,2021,1,Riots,Mob violence,Rioters,Civilians,AF,Afghanistan,Kabul,Kabul,District 5,Kabul,34.53,69.17,1,Daily paper,A crowd beat a man accused of theft in Kabul.,0\n\
         ZZZ8,4 March 2021,2021,1,Riots,Air/drone strike,Rioters,,AF,Afghanistan,Kabul,Kabul,,Kabul,34.53,69.17,1,Daily paper,Odd row.,0\n",
    )
    .unwrap();
    let ws = dir.path().join("w.imap");
    let w = ws.to_str().unwrap();
    let out = run(&["import", "--workspace", w, csv.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("acled-export.csv:3") && err.contains("Air/drone strike"),
        "{err}"
    );
    assert!(text(&out.stdout).contains("1 ACLED row(s) added"));
    let imported = export(&ws, &["--status", "imported"]);
    assert_eq!(imported.len(), 1);
    assert_eq!(imported[0]["event_id"], "ZZZ7");
    assert_eq!(imported[0]["admin3"], "District 5");
    assert_eq!(imported[0]["source"], "Daily paper");
    assert_eq!(imported[0]["origin"], "acled");
}

/// Reads the number of articles of a workspace another process writes, if it can yet.
fn articles_so_far(path: &Path) -> Option<i64> {
    let conn =
        rusqlite::Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .ok()?;
    conn.query_row("SELECT count(*) FROM articles", [], |r| r.get(0))
        .ok()
}

#[test]
fn an_import_killed_half_way_resumes_without_duplicates() {
    use std::os::unix::process::ExitStatusExt;
    const N: usize = 1500;
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("many.jsonl");
    let provinces = [
        "Kandahar",
        "Helmand",
        "Kunduz",
        "Balkh",
        "Herat",
        "Nangarhar",
    ];
    let lines: Vec<String> = (0..N)
        .map(|i| {
            let day = 1 + i % 28;
            let month = 1 + (i / 28) % 12;
            let year = 2015 + i / 336;
            serde_json::json!({
                "id": format!("wire-{i:05}"),
                "date": format!("{year}-{month:02}-{day:02}"),
                "text": format!(
                    "Item {i}. Militants attacked a police post in {} province on Sunday, killing {} officers. \
                     Officials said reinforcements arrived later in the day.",
                    provinces[i % provinces.len()],
                    2 + i % 9
                ),
            })
            .to_string()
        })
        .collect();
    std::fs::write(&input, lines.join("\n")).unwrap();
    let ws = dir.path().join("w.imap");
    let w = ws.to_str().unwrap();
    let mut child = bin()
        .args(["import", "--workspace", w, input.to_str().unwrap()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if articles_so_far(&ws).is_some_and(|n| n >= 1) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the import stored nothing in 60 s"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap(); // SIGKILL
    let status = child.wait().unwrap();
    assert_eq!(
        status.signal(),
        Some(9),
        "the import finished before it was killed; make the input larger"
    );

    let stored = {
        let workspace = Workspace::open_existing(&ws).unwrap();
        assert_eq!(workspace.integrity_check().unwrap(), "ok");
        let counts = workspace.counts().unwrap();
        assert!(
            counts.articles >= 1 && counts.articles < N as u64,
            "{counts:?}"
        );
        let conn = rusqlite::Connection::open(&ws).unwrap();
        let zero = |sql: &str| {
            let n: i64 = conn.query_row(sql, [], |r| r.get(0)).unwrap();
            assert_eq!(n, 0, "{sql}");
        };
        // Every incident has a source, every source an article, every article its incidents.
        zero(
            "SELECT count(*) FROM incidents i WHERE NOT EXISTS (SELECT 1 FROM sources s WHERE s.incident = i.num)",
        );
        zero(
            "SELECT count(*) FROM sources s WHERE NOT EXISTS (SELECT 1 FROM articles a WHERE a.num = s.article)",
        );
        zero(
            "SELECT count(*) FROM evidence e WHERE NOT EXISTS (SELECT 1 FROM sources s WHERE s.num = e.source)",
        );
        zero(
            "SELECT (SELECT count(*) FROM incidents WHERE latitude IS NOT NULL) - (SELECT count(*) FROM incidents_rtree)",
        );
        conn.execute_batch(
            "INSERT INTO notes_fts(notes_fts) VALUES ('integrity-check');
             INSERT INTO articles_fts(articles_fts) VALUES ('integrity-check');",
        )
        .unwrap();
        common::assert_counters_are_true(&ws);
        counts.articles
    };

    let out = run(&["import", "--workspace", w, input.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.contains(&format!(
            "{} article(s) added, {stored} already there",
            N as u64 - stored
        )),
        "{said}"
    );
    // The same as one import that was never killed.
    let clean = dir.path().join("clean.imap");
    let out = run(&[
        "import",
        "--workspace",
        clean.to_str().unwrap(),
        input.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let resumed = export(&ws, &["--status", "all"]);
    assert_eq!(resumed, export(&clean, &["--status", "all"]));
    let ids: std::collections::BTreeSet<&str> = resumed
        .iter()
        .map(|i| i["event_id"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), resumed.len(), "no duplicate incidents");
    assert_eq!(
        Workspace::open_existing(&ws)
            .unwrap()
            .counts()
            .unwrap()
            .articles,
        N as u64
    );
    common::assert_counters_are_true(&ws);
}
