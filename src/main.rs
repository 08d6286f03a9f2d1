//! The `incident-map` command: the app (default, or on a workspace `W.imap`), or `extract`,
//! `places`, `geocode`, and the workspace commands `import`, `export`, `edit`, `reextract`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context as _;

/// Writes a line to standard output, as `println!` does, but returns the error (a reader
/// that closed the pipe, as `head` does) instead of panicking.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*).context("writing to standard output")?;
    }};
}
use clap::{Parser, Subcommand};
use incident_map::export::{Format, RecordWriter};
use incident_map::extract::Extractor;
use incident_map::gazetteer::{Context, Gazetteer};
use incident_map::ingest;
use incident_map::model::{Incident, PlaceMention};
use incident_map::pipeline::{self, Event, RunOptions};
use incident_map::spill::SpillMerge;
use incident_map::workspace::{self, StatusFilter, Workspace};

#[derive(Parser)]
#[command(
    name = "incident-map",
    version,
    about = "Conflict incidents from news articles, on a map"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Files or folders of articles to open in the app (default: the bundled sample), or one
    /// workspace file (`W.imap`).
    paths: Vec<PathBuf>,
    /// The app's basemap from your own XYZ tile server: a URL with {z}, {x} and {y}, e.g.
    /// https://tiles.example.org/{z}/{x}/{y}.png (remembered for the next start).
    #[arg(long, value_name = "URL")]
    tiles: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Extract incidents from articles (files, folders, or - for JSON Lines on stdin).
    Extract {
        #[command(flatten)]
        output: OutputArgs,
        /// Write each article's incidents as they are extracted, without merging reports of
        /// the same incident across articles (merge them later with `merge`).
        #[arg(long)]
        no_merge: bool,
    },
    /// List every place mention found in the articles.
    Places(OutputArgs),
    /// Merge incidents (JSON Lines, as `extract --no-merge` writes them) that report the
    /// same event, with the same rules as `extract`.
    Merge {
        /// A JSON Lines file of incidents, or - for standard input.
        #[arg(default_value = "-")]
        input: PathBuf,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Jsonl)]
        format: Format,
        /// Write to this file instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Print the ranked gazetteer candidates for each name.
    Geocode {
        /// Place names ("Helmand", "Kabul province", "Bagram").
        #[arg(required = true)]
        names: Vec<String>,
        /// Only candidates in this country (ISO 3166-1 alpha-2).
        #[arg(long)]
        country: Option<String>,
        /// Print a JSON array of candidates, best first.
        #[arg(long)]
        json: bool,
        /// How many candidates to list per name.
        #[arg(long, default_value_t = 5)]
        limit: usize,
    },
    /// Import articles and ACLED exports into a workspace (created if missing); articles
    /// already there are skipped.
    Import {
        /// The workspace file (`W.imap`).
        #[arg(long)]
        workspace: PathBuf,
        /// Files or folders of articles, ACLED CSV exports, or - for JSON Lines on stdin.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Export a workspace's incidents (rejected ones only when asked), or its corrections.
    Export {
        /// The workspace file.
        #[arg(long)]
        workspace: PathBuf,
        /// Output format (corrections are always JSON Lines).
        #[arg(long, value_enum)]
        format: Option<Format>,
        /// Which review status to export: unreviewed, accepted, rejected, edited, imported,
        /// or all (default: all but rejected).
        #[arg(long, value_parser = parse_status_filter)]
        status: Option<StatusFilter>,
        /// Write to this file instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Export every correction of the log as JSON Lines instead of the incidents.
        #[arg(long)]
        corrections: bool,
    },
    /// Correct an incident: FIELD=VALUE... (e.g. fatalities=9 status=accepted).
    Edit {
        /// The workspace file.
        #[arg(long)]
        workspace: PathBuf,
        /// The incident's event id.
        event_id: String,
        /// Assignments: any incident field (event_date, event_type, sub_event_type, actor1,
        /// latitude, fatalities, notes...) or status.
        #[arg(required = true, value_name = "FIELD=VALUE")]
        assignments: Vec<String>,
    },
    /// Extract every article of a workspace again with this build's extractor, keeping every
    /// field a person set and every review.
    Reextract {
        /// The workspace file.
        #[arg(long)]
        workspace: PathBuf,
    },
}

fn parse_status_filter(text: &str) -> Result<StatusFilter, String> {
    text.parse()
        .map_err(|e: incident_map::taxonomy::UnknownTerm| e.to_string())
}

/// Inputs and output of `extract` and `places`.
#[derive(clap::Args)]
struct OutputArgs {
    /// Files or folders of articles.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Jsonl)]
    format: Format,
    /// Write to this file instead of standard output.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Extraction threads (default: the RAYON_NUM_THREADS variable, else every core).
    #[arg(long)]
    threads: Option<usize>,
}

/// mimalloc: reports are allocated on the extraction threads and freed on the output thread,
/// which glibc's malloc does slowly (see Cargo.toml).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's `mi_option_purge_delay` (its place in mimalloc 2's option list).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// From now on memory freed goes back to the system at once (mimalloc waits a second by
/// default). Merging frees each of its lists as soon as it is done with it and then makes
/// the next; returned at once, they do not add up in the peak. (While extracting, the
/// delay is kept: returning every freed page at once costs about a tenth of the speed.)
fn return_freed_memory_at_once() {
    // SAFETY: setting an option of the allocator this program links; any value is valid.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 0) };
}

/// True when an error comes from writing to a pipe whose reader has gone ("| head"):
/// nothing is wrong, the reader wanted no more.
fn is_a_closed_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(err) if is_a_closed_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("incident-map: {err:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    if cli.command.is_none()
        && let Some(path) = workspace_to_open(&cli.paths)?
    {
        return run_app_on_workspace(path);
    }
    match cli.command {
        Some(Command::Import { workspace, paths }) => import(&workspace, &paths),
        Some(Command::Export {
            workspace,
            format,
            status,
            out,
            corrections,
        }) => export_workspace(&workspace, format, status, out, corrections),
        Some(Command::Edit {
            workspace,
            event_id,
            assignments,
        }) => edit(&workspace, &event_id, &assignments),
        Some(Command::Reextract { workspace }) => reextract(&workspace),
        Some(Command::Geocode {
            names,
            country,
            json,
            limit,
        }) => geocode(&names, country, json, limit),
        Some(Command::Extract { output, no_merge }) => {
            let what = if no_merge {
                Output::Incidents
            } else {
                Output::MergedIncidents
            };
            extract(&output, what)
        }
        Some(Command::Places(output)) => extract(&output, Output::Mentions),
        Some(Command::Merge { input, format, out }) => merge(&input, format, out),
        None => run_app(cli.paths, cli.tiles),
    }
}

fn geocode(
    names: &[String],
    country: Option<String>,
    json: bool,
    limit: usize,
) -> anyhow::Result<ExitCode> {
    let gazetteer = Gazetteer::bundled().context("loading the bundled gazetteer")?;
    let context = Context {
        only_country: country,
        ..Context::default()
    };
    let mut all = Vec::new();
    let mut missing = false;
    for name in names {
        let mut ranked: Vec<(&incident_map::gazetteer::Place, f64)> = gazetteer
            .candidates(name, &context)
            .iter()
            .map(|c| (c.place, c.score))
            .collect();
        if ranked.is_empty() {
            // No place carries the whole name; it may hold one ("Colorado State University").
            match gazetteer.resolve_name(name, &context) {
                Some(inside) => {
                    eprintln!("{name}: no place of that name; the place it holds:");
                    ranked.push((inside.place, f64::from(inside.confidence)));
                }
                None => {
                    eprintln!("{name}: no place of that name in the gazetteer");
                    missing = true;
                }
            }
        }
        if !json {
            outln!("{name}:");
        }
        for (rank, &(place, score)) in ranked.iter().take(limit).enumerate() {
            let mention = PlaceMention {
                article: String::new(),
                text: name.clone(),
                start: 0,
                end: name.chars().count(),
                kind: place.kind,
                name: place.name.to_string(),
                country: gazetteer.country_name(place.country).to_string(),
                iso: place.country.to_string(),
                admin1: gazetteer.admin1_name(place).to_string(),
                latitude: place.latitude,
                longitude: place.longitude,
                geonames_id: place.geonames_id,
                confidence: score as f32,
            };
            if json {
                all.push(mention);
            } else {
                outln!(
                    "  {}. {} ({:?}, {}{}{}) {:.4}, {:.4} pop {} score {:.2}",
                    rank + 1,
                    mention.name,
                    mention.kind,
                    if mention.admin1.is_empty() {
                        ""
                    } else {
                        &mention.admin1
                    },
                    if mention.admin1.is_empty() { "" } else { ", " },
                    mention.country,
                    mention.latitude,
                    mention.longitude,
                    place.population,
                    score
                );
            }
        }
    }
    if json {
        outln!("{}", serde_json::to_string_pretty(&all)?);
    }
    Ok(if missing {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// What `extract` and `places` write.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Output {
    /// Every place mention, article by article.
    Mentions,
    /// Incidents article by article, unmerged.
    Incidents,
    /// Incidents merged across articles, sorted by date (written at the end).
    MergedIncidents,
}

/// Opens the output: a file, or standard output.
fn open_output(out: &Option<PathBuf>) -> anyhow::Result<Box<dyn std::io::Write>> {
    Ok(match out {
        Some(path) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(path)
                .with_context(|| format!("cannot create {}", path.display()))?,
        )),
        None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
    })
}

/// A progress bar on standard error for long runs (hidden when it is not a terminal).
fn progress_bar() -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::with_draw_target(
        None,
        indicatif::ProgressDrawTarget::stderr_with_hz(4),
    );
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{elapsed_precise} {wide_bar} {binary_bytes}/{binary_total_bytes} · {binary_bytes_per_sec} · {msg}",
    ) {
        bar.set_style(style);
    }
    bar
}

fn extract(args: &OutputArgs, what: Output) -> anyhow::Result<ExitCode> {
    let extractor = Extractor::bundled()
        .context("loading the extractor")?
        .incidents_only(what != Output::Mentions);
    let mut problems = Vec::new();
    let inputs = ingest::list_inputs(&args.paths, &mut problems);
    let mut failed = false;
    for problem in &problems {
        eprintln!("{problem}");
        failed |= !problem.recovered;
    }
    let mut sink = open_output(&args.out)?;
    let mut writer = RecordWriter::new(&mut *sink, args.format);
    // Reports wait here for merging (a temporary file is made only when merging).
    let mut kept = (what == Output::MergedIncidents).then(SpillMerge::new);
    let mut write_error: Option<anyhow::Error> = None;
    let bar = progress_bar();
    bar.set_length(inputs.iter().map(|i| i.bytes).sum());
    let started = std::time::Instant::now();
    let options = RunOptions {
        threads: args.threads.unwrap_or_else(pipeline::default_threads),
    };
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let done = pipeline::stream(
        &extractor,
        &inputs,
        options,
        &mut |event| match event {
            Event::Extracted(_, extraction) => {
                let result = match what {
                    Output::Mentions => extraction
                        .mentions
                        .iter()
                        .try_for_each(|m| writer.write(m))
                        .map_err(anyhow::Error::from),
                    Output::Incidents => extraction
                        .incidents
                        .iter()
                        .try_for_each(|i| writer.write(i))
                        .map_err(anyhow::Error::from),
                    Output::MergedIncidents => extraction
                        .incidents
                        .iter()
                        .try_for_each(|i| kept.as_mut().map_or(Ok(()), |k| k.push(i)))
                        .context("keeping incidents for merging in a temporary file"),
                };
                if let Err(err) = result {
                    write_error.get_or_insert(err);
                    cancel.store(true, std::sync::atomic::Ordering::Relaxed);
                }
            }
            Event::Problem(problem) => {
                bar.suspend(|| eprintln!("{problem}"));
                failed |= !problem.recovered;
            }
        },
        &mut |p| {
            bar.set_position(p.bytes_done);
            let seconds = started.elapsed().as_secs_f64().max(1e-3);
            bar.set_message(format!(
                "{} articles, {:.0} articles/s",
                p.articles_done,
                p.articles_done as f64 / seconds
            ));
        },
        &cancel,
    );
    bar.finish_and_clear();
    if let Some(err) = write_error {
        return Err(err);
    }
    if let Some(kept) = kept {
        return_freed_memory_at_once();
        for incident in kept.into_merged().context("merging")? {
            writer.write(&incident.context("merging")?)?;
        }
    }
    match what {
        Output::Mentions => writer.finish::<PlaceMention>()?,
        _ => writer.finish::<Incident>()?,
    }
    drop(sink);
    log::info!(
        "{} files, {} articles, {} bytes in {:.2} s",
        done.files_done,
        done.articles_done,
        done.bytes_done,
        started.elapsed().as_secs_f64()
    );
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// Reads incidents as JSON Lines and merges those that report the same event.
fn merge(
    input: &std::path::Path,
    format: Format,
    out: Option<PathBuf>,
) -> anyhow::Result<ExitCode> {
    use std::io::BufRead;
    let reader: Box<dyn BufRead> = if input.as_os_str() == "-" {
        Box::new(std::io::BufReader::new(std::io::stdin().lock()))
    } else {
        Box::new(std::io::BufReader::new(
            std::fs::File::open(input)
                .with_context(|| format!("cannot read {}", input.display()))?,
        ))
    };
    let mut incidents = SpillMerge::new();
    let mut failed = false;
    for (n, line) in reader.lines().enumerate() {
        let line = line.with_context(|| format!("reading {}", input.display()))?;
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Incident>(&line) {
            Ok(incident) => incidents
                .push(&incident)
                .context("keeping incidents for merging in a temporary file")?,
            Err(err) => {
                eprintln!(
                    "{}: error: line {}: not an incident ({err}); skipped",
                    input.display(),
                    n + 1
                );
                failed = true;
            }
        }
    }
    let mut sink = open_output(&out)?;
    let mut writer = RecordWriter::new(&mut *sink, format);
    return_freed_memory_at_once();
    for incident in incidents.into_merged().context("merging")? {
        writer.write(&incident.context("merging")?)?;
    }
    writer.finish::<Incident>()?;
    drop(sink);
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

#[cfg(feature = "gui")]
fn run_app(paths: Vec<PathBuf>, tiles: Option<String>) -> anyhow::Result<ExitCode> {
    if let Some(url) = &tiles {
        incident_map::app::tiles::TileServer::parse(url).context("--tiles")?;
    }
    incident_map::app::run(paths, tiles)
        .map_err(|e| anyhow::anyhow!("the app window failed: {e}"))?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(not(feature = "gui"))]
fn run_app(_paths: Vec<PathBuf>, _tiles: Option<String>) -> anyhow::Result<ExitCode> {
    anyhow::bail!(
        "this build has no GUI (built without the `gui` feature); use a subcommand, see --help"
    )
}

/// The workspace the app should open: one path ending in `.imap` given alone.
fn workspace_to_open(paths: &[PathBuf]) -> anyhow::Result<Option<PathBuf>> {
    match paths {
        [one] if workspace::is_workspace_path(one) => Ok(Some(one.clone())),
        _ if paths.iter().any(|p| workspace::is_workspace_path(p)) => anyhow::bail!(
            "a workspace (.imap) opens alone; to add articles to it use `incident-map import --workspace W.imap PATH...`"
        ),
        _ => Ok(None),
    }
}

/// Opens (creating or migrating) the workspace, then the app on it.
fn run_app_on_workspace(path: PathBuf) -> anyhow::Result<ExitCode> {
    Workspace::open(&path)?;
    run_app_workspace(path)
}

#[cfg(feature = "gui")]
fn run_app_workspace(path: PathBuf) -> anyhow::Result<ExitCode> {
    incident_map::app::run_workspace(path)
        .map_err(|e| anyhow::anyhow!("the app window failed: {e}"))?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(not(feature = "gui"))]
fn run_app_workspace(path: PathBuf) -> anyhow::Result<ExitCode> {
    anyhow::bail!(
        "this build has no GUI (built without the `gui` feature) to open {}; use a subcommand, see --help",
        path.display()
    )
}

fn import(path: &std::path::Path, paths: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let mut ws = Workspace::open(path)?;
    let extractor = Extractor::bundled().context("loading the extractor")?;
    let summary = ws.import(paths, &extractor, workspace::RunOptions::default())?;
    for problem in &summary.problems {
        eprintln!("{problem}");
    }
    let counts = ws.counts()?;
    outln!(
        "{}: {} article(s) added, {} already there; {} new incident(s), {} merged into incidents already there; {} ACLED row(s) added, {} already there; now {} article(s), {} incident(s)",
        path.display(),
        summary.articles_added,
        summary.articles_already_present,
        summary.incidents_added,
        summary.incidents_merged,
        summary.acled_rows_added,
        summary.acled_rows_already_present,
        counts.articles,
        counts.incidents(),
    );
    Ok(if summary.has_errors() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

fn export_workspace(
    path: &std::path::Path,
    format: Option<Format>,
    status: Option<StatusFilter>,
    out: Option<PathBuf>,
    corrections: bool,
) -> anyhow::Result<ExitCode> {
    let ws = Workspace::open_existing(path)?;
    if corrections {
        if let Some(f) = format.filter(|f| *f != Format::Jsonl) {
            anyhow::bail!(
                "--corrections are exported as JSON Lines only, not {}",
                f.extension()
            );
        }
        if status.is_some() {
            anyhow::bail!(
                "--status does not apply to --corrections (the log has every correction)"
            );
        }
    }
    let mut sink = open_output(&out)?;
    if corrections {
        ws.export_corrections(&mut sink)?;
    } else {
        ws.export(
            &mut sink,
            format.unwrap_or(Format::Jsonl),
            status.unwrap_or_default(),
        )?;
    }
    sink.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn edit(
    path: &std::path::Path,
    event_id: &str,
    assignments: &[String],
) -> anyhow::Result<ExitCode> {
    let mut pairs = Vec::with_capacity(assignments.len());
    for a in assignments {
        let Some((field, value)) = a.split_once('=') else {
            anyhow::bail!("expected FIELD=VALUE, got {a:?} (e.g. fatalities=9 or status=accepted)");
        };
        pairs.push((field.trim(), value));
    }
    let mut ws = Workspace::open_existing(path)?;
    let outcome = ws.apply_edit(event_id, &pairs)?;
    if outcome.changes.is_empty() {
        outln!("{event_id}: no change (the values were already so)");
    }
    for c in &outcome.changes {
        outln!(
            "{}: {} {:?} -> {:?}",
            c.incident,
            c.field,
            c.old_value.as_deref().unwrap_or(""),
            c.new_value.as_deref().unwrap_or("")
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn reextract(path: &std::path::Path) -> anyhow::Result<ExitCode> {
    let mut ws = Workspace::open_existing(path)?;
    let extractor = Extractor::bundled().context("loading the extractor")?;
    let s = ws.reextract(&extractor, workspace::RunOptions::default())?;
    outln!(
        "{}: {} article(s) extracted again with {}: {} incident source(s) found again, {} new incident(s), {} merged into incidents already there, {} source(s) no longer found, {} unreviewed incident(s) removed, {} reviewed incident(s) kept as not_refound",
        path.display(),
        s.articles,
        workspace::extractor_version(),
        s.refound,
        s.incidents_added,
        s.incidents_merged,
        s.sources_dropped,
        s.incidents_removed,
        s.kept_not_refound,
    );
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    /// The option number is mimalloc's purge delay: its default is a second, and setting it
    /// is read back (a mimalloc whose options moved would fail here, not merge slowly).
    #[test]
    fn the_purge_delay_option_is_the_one_set() {
        // SAFETY: reading and setting an option of the linked allocator.
        let default = unsafe { libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY) };
        assert_eq!(default, 1000);
        return_freed_memory_at_once();
        let now = unsafe { libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY) };
        assert_eq!(now, 0);
    }

    #[test]
    fn a_lone_imap_path_opens_the_workspace() {
        let p = |s: &str| PathBuf::from(s);
        assert_eq!(
            workspace_to_open(&[p("w.imap")]).unwrap(),
            Some(p("w.imap"))
        );
        assert_eq!(
            workspace_to_open(&[p("W.IMAP")]).unwrap(),
            Some(p("W.IMAP"))
        );
        assert_eq!(workspace_to_open(&[p("articles")]).unwrap(), None);
        assert_eq!(workspace_to_open(&[]).unwrap(), None);
        assert!(workspace_to_open(&[p("w.imap"), p("a.txt")]).is_err());
    }

    #[test]
    fn cli_parses_the_workspace_commands() {
        let cli = Cli::try_parse_from(["incident-map", "w.imap"]).unwrap();
        assert!(cli.command.is_none());
        assert_eq!(cli.paths, [PathBuf::from("w.imap")]);
        let cli = Cli::try_parse_from([
            "incident-map",
            "edit",
            "--workspace",
            "w.imap",
            "AF1",
            "fatalities=9",
            "status=accepted",
        ])
        .unwrap();
        assert!(
            matches!(cli.command, Some(Command::Edit { ref assignments, .. }) if assignments.len() == 2)
        );
        let cli = Cli::try_parse_from([
            "incident-map",
            "export",
            "--workspace",
            "w.imap",
            "--status",
            "all",
        ])
        .unwrap();
        assert!(matches!(
            cli.command,
            Some(Command::Export {
                status: Some(StatusFilter::All),
                ..
            })
        ));
        assert!(
            Cli::try_parse_from([
                "incident-map",
                "export",
                "--workspace",
                "w",
                "--status",
                "maybe"
            ])
            .is_err()
        );
    }
}
