//! What the repository itself may hold. Regression: a scoring script's 20 MB output of
//! scored evaluation rows was once committed at the top level by `git add -A`; evaluation
//! text is for measuring only, and scratch output belongs under `target/` or `/tmp`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::process::Command;

/// The entries the top level of the repository may hold (DESIGN.md's layout).
const TOP_LEVEL: &[&str] = &[
    ".ci",
    ".gitignore",
    "Cargo.lock",
    "Cargo.toml",
    "README.md",
    "assets",
    "benches",
    "build.rs",
    "data",
    "examples",
    "scale",
    "src",
    "tests",
];

/// Folders whose tracked files may be large: generated data with a build script, and images.
const LARGE_ALLOWED_UNDER: &[&str] = &["data/", "assets/"];

/// A tracked file outside `LARGE_ALLOWED_UNDER` larger than this is almost surely output.
const MAX_SOURCE_BYTES: u64 = 512 * 1024;

/// The tracked files, or `None` when this is no git checkout (a crate unpacked from a tarball).
fn tracked_files() -> Option<Vec<String>> {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root)
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).expect("git ls-files prints UTF-8 paths");
    Some(
        text.split('\0')
            .filter(|p| !p.is_empty())
            .map(str::to_string)
            .collect(),
    )
}

/// The problems of one tracked path of `bytes` bytes, none when it may be there.
fn problems(path: &str, bytes: u64) -> Vec<String> {
    let mut out = Vec::new();
    let top = path.split('/').next().unwrap_or(path);
    if !TOP_LEVEL.contains(&top) {
        out.push(format!(
            "{path}: not a top-level entry of the project's layout"
        ));
    }
    let large_ok = LARGE_ALLOWED_UNDER.iter().any(|d| path.starts_with(d));
    if !large_ok && bytes > MAX_SOURCE_BYTES {
        out.push(format!(
            "{path}: {bytes} bytes, more than a source file holds (output of a script?)"
        ));
    }
    out
}

#[test]
fn path_rules_catch_scratch_output() {
    let rows: &[(&str, u64, bool)] = &[
        ("src/lib.rs", 2_000, true),
        ("res.json", 20_000_000, false),
        ("res.json", 10, false),
        ("misses.tsv", 10, false),
        ("tests/huge_fixture.rs", 2_000_000, false),
        ("data/gazetteer/places.tsv.gz", 9_000_000, true),
        ("assets/basemap.jpg", 3_000_000, true),
        (".ci/run", 300, true),
    ];
    for &(path, bytes, ok) in rows {
        assert_eq!(
            problems(path, bytes).is_empty(),
            ok,
            "{path} ({bytes} bytes)"
        );
    }
}

#[test]
fn tracked_files_follow_the_layout() {
    let Some(files) = tracked_files() else {
        eprintln!("not a git checkout: nothing to check");
        return;
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for path in &files {
        // A file deleted in the work tree but still in the index has no size to check.
        let Ok(meta) = std::fs::metadata(root.join(path)) else {
            continue;
        };
        found.extend(problems(path, meta.len()));
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}
