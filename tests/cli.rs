//! The command line on bad and unusual input, as a new user meets it: no panic, no hang, a
//! clear message naming the file, and the rest of the work done. Every fixture is written
//! here (the project's own sentences).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_incident-map"))
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("the binary runs")
}

fn run_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("the binary ends");
    let _ = writer.join();
    output
}

fn lines(output: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("JSON Lines"))
        .collect()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn no_panic(output: &Output) {
    let err = stderr(output);
    assert!(!err.contains("panicked"), "{err}");
    assert_ne!(output.status.code(), Some(101), "{err}");
}

fn write(path: &Path, bytes: &[u8]) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn a_year_after_a_curly_apostrophe_or_a_copyright_sign_does_not_panic() {
    // Regression: the year cue check sliced inside a multi-byte character (exit 101).
    let articles = [
        "The minister’s 2018 plan failed. Rebels shelled Gao’s 2017 market on Monday.",
        "© 2018 Valley Courier. Gunmen killed two guards in Mopti in 2018.",
        "Talks in «2019» broke down; the army’s 2020 offensive killed 40 rebels in Gao.",
    ];
    let input: String = articles
        .iter()
        .enumerate()
        .map(|(i, t)| {
            serde_json::json!({"id": format!("a{i}"), "date": "2020-04-01", "text": t}).to_string()
                + "\n"
        })
        .collect();
    let output = run_stdin(&["extract", "-"], input.as_bytes());
    no_panic(&output);
    assert!(output.status.success(), "{}", stderr(&output));
}

#[test]
fn legacy_encodings_are_decoded_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    // UTF-16 with a byte-order mark, as Windows tools save text.
    let mut utf16 = vec![0xFF, 0xFE];
    for unit in
        "Rebels attacked a police post in Bogotá on Monday, killing 3 officers.".encode_utf16()
    {
        utf16.extend_from_slice(&unit.to_le_bytes());
    }
    write(&dir.path().join("utf16.txt"), &utf16);
    // Windows-1252 without any declaration.
    write(
        &dir.path().join("latin.txt"),
        b"Des hommes arm\xE9s ont attaqu\xE9 un poste \xE0 Bogot\xE1. Gunmen attacked a post in Bogot\xE1 on Monday.",
    );
    let output = run(&["places", dir.path().to_str().unwrap()]);
    no_panic(&output);
    let err = stderr(&output);
    assert!(
        err.contains("utf16.txt") && err.contains("utf-16le"),
        "{err}"
    );
    assert!(
        err.contains("latin.txt") && err.contains("windows-1252"),
        "{err}"
    );
    let mentions = lines(&output);
    for file in ["utf16.txt", "latin.txt"] {
        assert!(
            mentions
                .iter()
                .any(|m| m["article"] == file && m["text"] == "Bogotá"),
            "{file}: {mentions:?}"
        );
    }
    // Warnings only: every file was read.
    assert!(output.status.success(), "{err}");
}

#[test]
fn same_file_name_in_two_folders_stays_two_articles() {
    let dir = tempfile::tempdir().unwrap();
    write(
        &dir.path().join("north/index.html"),
        b"<html><body><p>Rebels shelled Gao on 3 March 2021, killing 4 civilians.</p></body></html>",
    );
    write(
        &dir.path().join("south/index.html"),
        b"<html><body><p>Gunmen attacked a bus in Mopti on 9 May 2021, killing 6 passengers.</p></body></html>",
    );
    let output = run(&["extract", "--no-merge", dir.path().to_str().unwrap()]);
    no_panic(&output);
    let sources: std::collections::BTreeSet<String> = lines(&output)
        .iter()
        .flat_map(|i| i["sources"].as_array().cloned().unwrap_or_default())
        .filter_map(|s| s.as_str().map(str::to_string))
        .collect();
    assert_eq!(
        sources.into_iter().collect::<Vec<_>>(),
        ["north/index.html", "south/index.html"]
    );
}

#[test]
fn a_text_naming_no_place_is_placed_at_a_country_never_a_false_pin() {
    // No place name: the country model puts it in the country its words are of, at country
    // precision (an unplaced incident would have null coordinates: see export's tests).
    let input = r#"{"id":"x","date":"2021-05-03","text":"Gunmen shot dead two guards on Sunday night, the owner said."}"#;
    let output = run_stdin(&["extract", "-"], input.as_bytes());
    no_panic(&output);
    let incidents = lines(&output);
    assert!(!incidents.is_empty(), "{}", stderr(&output));
    for incident in &incidents {
        assert_eq!(incident["geo_precision"], 3, "{incident}");
        assert_eq!(incident["location"], incident["country"], "{incident}");
        assert!(incident["confidence"].as_f64().unwrap() < 0.5, "{incident}");
    }
}

#[test]
fn deeply_nested_html_is_read_without_hanging() {
    let dir = tempfile::tempdir().unwrap();
    let depth = 200_000;
    let page = format!(
        "<html><body>{}<p>Rebels shelled Gao on 3 March 2021, killing 4 civilians.</p>{}</body></html>",
        "<div>".repeat(depth),
        "</div>".repeat(depth)
    );
    write(&dir.path().join("deep.html"), page.as_bytes());
    let output = run(&["extract", dir.path().join("deep.html").to_str().unwrap()]);
    no_panic(&output);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(lines(&output).len(), 1);
}

#[test]
fn json_lines_stream_past_the_whole_file_limit() {
    // Over 50 MB (the limit for formats read whole), almost all of it blank lines: read line
    // by line, the file is no problem. A line over the per-line limit is skipped with a
    // warning naming it, and the lines after it are still read.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("archive.jsonl");
    let mut file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    writeln!(
        file,
        r#"{{"id":"first","date":"2021-03-04","text":"Rebels shelled Gao on Monday, killing 4 civilians."}}"#
    )
    .unwrap();
    let blank = vec![b'\n'; 1 << 20];
    for _ in 0..52 {
        file.write_all(&blank).unwrap();
    }
    let long = "x".repeat(21_000_000);
    writeln!(file, r#"{{"id":"huge","text":"{long}"}}"#).unwrap();
    writeln!(
        file,
        r#"{{"id":"last","date":"2021-03-09","text":"Gunmen attacked a bus in Mopti on Sunday, killing 6 passengers."}}"#
    )
    .unwrap();
    drop(file);
    let output = run(&["extract", "--no-merge", path.to_str().unwrap()]);
    no_panic(&output);
    let err = stderr(&output);
    assert!(
        err.contains("archive.jsonl") && err.contains("longer than"),
        "{err}"
    );
    let sources: Vec<String> = lines(&output)
        .iter()
        .filter_map(|i| i["sources"][0].as_str().map(str::to_string))
        .collect();
    assert!(sources.contains(&"first".to_string()), "{sources:?}");
    assert!(sources.contains(&"last".to_string()), "{sources:?}");
}

#[test]
fn empty_standard_input_is_no_error() {
    for args in [&["extract", "-"][..], &["extract", "--no-merge", "-"][..]] {
        let output = run_stdin(args, b"");
        no_panic(&output);
        assert!(output.status.success(), "{}", stderr(&output));
        assert!(output.stdout.is_empty());
    }
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_loop_is_reported_once_and_the_rest_is_read() {
    let dir = tempfile::tempdir().unwrap();
    write(
        &dir.path().join("news/a.txt"),
        b"Rebels shelled Gao on 3 March 2021, killing 4 civilians.",
    );
    std::os::unix::fs::symlink(dir.path().join("news"), dir.path().join("news/again")).unwrap();
    let output = run(&["extract", dir.path().join("news").to_str().unwrap()]);
    no_panic(&output);
    let err = stderr(&output);
    assert_eq!(err.matches("loop").count(), 1, "{err}");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(lines(&output).len(), 1);
}

#[test]
fn bad_inputs_are_named_and_the_rest_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    write(&dir.path().join("empty.txt"), b"");
    write(
        &dir.path().join("binary.txt"),
        b"PK\x03\x04\x00\x00\x14\x00binary",
    );
    write(&dir.path().join("broken.json"), b"{\"text\": ");
    write(
        &dir.path().join("good.txt"),
        b"Rebels shelled Gao on 3 March 2021, killing 4 civilians.",
    );
    let missing = dir.path().join("missing.txt");
    let output = run(&[
        "extract",
        dir.path().to_str().unwrap(),
        missing.to_str().unwrap(),
    ]);
    no_panic(&output);
    let err = stderr(&output);
    for name in ["empty.txt", "binary.txt", "broken.json", "missing.txt"] {
        assert!(
            err.lines().any(|l| l.contains(name) && l.contains("error")),
            "{name}: {err}"
        );
    }
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(lines(&output).len(), 1);
}

#[test]
fn extracting_unmerged_then_merging_equals_extracting() {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/articles");
    let whole = run(&["extract", sample.to_str().unwrap()]);
    assert!(whole.status.success());
    let unmerged = run(&["extract", "--no-merge", sample.to_str().unwrap()]);
    assert!(unmerged.status.success());
    let merged = run_stdin(&["merge", "-"], &unmerged.stdout);
    assert!(merged.status.success(), "{}", stderr(&merged));
    assert_eq!(lines(&merged), lines(&whole));
    assert!(lines(&unmerged).len() > lines(&whole).len());
}

/// What a Spark job does: extract parts of a corpus apart (unmerged), then merge them all.
/// merge(extract(a) ++ extract(b)) must equal extract(a ++ b), whichever way the sample is
/// split and in whichever order the parts come.
#[test]
fn merging_the_parts_of_a_split_corpus_equals_extracting_it_whole() {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/articles");
    let whole = run(&["extract", sample.to_str().unwrap()]);
    assert!(whole.status.success(), "{}", stderr(&whole));
    let mut names: Vec<_> = std::fs::read_dir(&sample)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    names.sort();
    for split in 1..names.len() {
        let dir = tempfile::tempdir().unwrap();
        let parts = [dir.path().join("a"), dir.path().join("b")];
        for (k, name) in names.iter().enumerate() {
            let part = &parts[usize::from(k >= split)];
            std::fs::create_dir_all(part).unwrap();
            std::fs::copy(sample.join(name), part.join(name)).unwrap();
        }
        let unmerged: Vec<Vec<u8>> = parts
            .iter()
            .map(|part| {
                let out = run(&["extract", "--no-merge", part.to_str().unwrap()]);
                assert!(out.status.success(), "{}", stderr(&out));
                out.stdout
            })
            .collect();
        for (first, second) in [(0, 1), (1, 0)] {
            let input = [unmerged[first].as_slice(), unmerged[second].as_slice()].concat();
            let merged = run_stdin(&["merge", "-"], &input);
            assert!(merged.status.success(), "{}", stderr(&merged));
            assert_eq!(
                lines(&merged),
                lines(&whole),
                "split after {split} articles"
            );
        }
    }
}

/// `places` lists every toponym a geoparser would, in text order: the places an event can be
/// in, and the demonyms and governments ("Norwegian", "Oslo says") that stand for a country.
#[test]
fn places_lists_demonyms_and_governments_in_text_order() {
    let input = br#"{"id":"a1","text":"Norwegian engineers reached Tromso on Monday. Oslo says the road will reopen."}"#;
    let output = run_stdin(&["places", "-"], input);
    no_panic(&output);
    let got: Vec<(String, String)> = lines(&output)
        .iter()
        .map(|m| {
            (
                m["text"].as_str().unwrap_or_default().to_string(),
                m["iso"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    let expected = [("Norwegian", "NO"), ("Tromso", "NO"), ("Oslo", "NO")];
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|(t, c)| (t.to_string(), c.to_string()))
        .collect();
    assert_eq!(got, expected);
}

#[test]
fn a_reader_that_stops_early_ends_the_output_quietly() {
    // "incident-map geocode ... | head -1": the pipe closes while the output goes on.
    let names: Vec<&str> = std::iter::repeat_n("Kabul", 3000).collect();
    let mut child = bin()
        .arg("geocode")
        .args(&names)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("the binary ends");
    no_panic(&output);
    assert!(output.status.success(), "{}", stderr(&output));
}
