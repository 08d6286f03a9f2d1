//! The `incident-map` command: the app (default), or `extract`, `places`, `geocode`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context as _;
use clap::{Parser, Subcommand};
use incident_map::export::{self, Format};
use incident_map::extract::Extractor;
use incident_map::gazetteer::{Context, Gazetteer};
use incident_map::model::PlaceMention;
use incident_map::pipeline;

#[derive(Parser)]
#[command(
    name = "incident-map",
    version,
    about = "Conflict incidents from news articles, on a map"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Files or folders of articles to open in the app (default: the bundled sample).
    paths: Vec<PathBuf>,
    /// The app's basemap from your own XYZ tile server: a URL with {z}, {x} and {y}, e.g.
    /// https://tiles.example.org/{z}/{x}/{y}.png (remembered for the next start).
    #[arg(long, value_name = "URL")]
    tiles: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Extract incidents from articles (files, folders, or - for JSON Lines on stdin).
    Extract(OutputArgs),
    /// List every place mention found in the articles.
    Places(OutputArgs),
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
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("incident-map: {err:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Some(Command::Geocode {
            names,
            country,
            json,
            limit,
        }) => geocode(&names, country, json, limit),
        Some(Command::Extract(args)) => extract(&args.paths, args.format, args.out, false),
        Some(Command::Places(args)) => extract(&args.paths, args.format, args.out, true),
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
            println!("{name}:");
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
                println!(
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
        println!("{}", serde_json::to_string_pretty(&all)?);
    }
    Ok(if missing {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

fn extract(
    paths: &[PathBuf],
    format: Format,
    out: Option<PathBuf>,
    places: bool,
) -> anyhow::Result<ExitCode> {
    let extractor = Extractor::bundled().context("loading the extractor")?;
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let output = pipeline::run(&extractor, paths, &|_, _, _| {}, &cancel);
    for problem in &output.problems {
        eprintln!("{problem}");
    }
    let mut sink: Box<dyn std::io::Write> = match &out {
        Some(path) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(path)
                .with_context(|| format!("cannot create {}", path.display()))?,
        )),
        None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
    };
    if places {
        export::write_mentions(&mut sink, &output.mentions, format)?;
    } else {
        export::write_incidents(&mut sink, &output.incidents, format)?;
    }
    sink.flush()?;
    let failed = output.problems.iter().any(|p| !p.recovered);
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
