//! Basemaps: OpenStreetMap tiles or the user's own XYZ tile server (both fetched politely
//! and cached on disk, see [`super::tiles`]), the bundled offline basemap (NASA Blue Marble cut
//! into Web Mercator tiles on the fly), and a user's own raster `.pmtiles` file. *Automatic*
//! starts on OpenStreetMap when its tile server answers and on the bundled basemap otherwise;
//! only *Automatic* probes the server, so a chosen bundled basemap opens no connection at all.

use std::collections::HashMap;
use std::net::{TcpStream, ToSocketAddrs};
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use egui::{Color32, ColorImage, Context, TextureHandle, TextureOptions, pos2};
use serde::{Deserialize, Serialize};
use walkers::sources::Attribution;
use walkers::{Tile, TileId, TilePiece, Tiles};

use super::tiles::{CacheConfig, OPENSTREETMAP_COPYRIGHT_URL, ServerTiles, TileServer};

/// The bundled imagery (NASA Blue Marble, plate carrée, 5400 x 2700).
const BLUE_MARBLE: &[u8] = include_bytes!("../../assets/basemap.jpg");
/// Host probed to decide between online and offline.
const TILE_HOST: (&str, u16) = ("tile.openstreetmap.org", 443);
/// Bundled tiles kept as textures before the cache is emptied.
const MAX_CACHED_TILES: usize = 600;

/// The user's choice of basemap (persisted).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum BasemapChoice {
    /// OpenStreetMap when reachable, else the bundled basemap.
    #[default]
    Automatic,
    /// OpenStreetMap tiles.
    OpenStreetMap,
    /// The bundled offline basemap.
    Bundled,
    /// A raster `.pmtiles` file.
    PmTiles(PathBuf),
    /// The user's own XYZ tile server: a URL template with `{z}`, `{x}` and `{y}`.
    TileServer(String),
}

impl BasemapChoice {
    /// True when this choice needs to know whether OpenStreetMap answers (only *Automatic*).
    pub fn needs_probe(&self) -> bool {
        matches!(self, BasemapChoice::Automatic)
    }
}

/// Whether the tile server answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reachability {
    /// Not asked (the choice needs no probe, or probing is off).
    NotChecked,
    /// Still probing.
    Probing,
    /// It answered.
    Online,
    /// It did not.
    Offline,
}

/// One piece of the attribution drawn on the map, and where it links to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Credit {
    /// The text shown.
    pub text: String,
    /// The page it opens when clicked.
    pub url: Option<String>,
}

impl Credit {
    fn new(text: impl Into<String>, url: Option<&str>) -> Credit {
        Credit {
            text: text.into(),
            url: url.map(str::to_string),
        }
    }
}

/// The basemap in use, its tiles, and why it was chosen.
pub struct Basemap {
    choice: BasemapChoice,
    server: Option<ServerTiles>,
    bundled: Option<BundledTiles>,
    pmtiles: Option<(PathBuf, walkers::PmTiles)>,
    probe: Option<Receiver<bool>>,
    probe_allowed: bool,
    probe_started: bool,
    cache: Option<CacheConfig>,
    /// Result of the probe.
    pub reachability: Reachability,
}

impl Basemap {
    /// Sets up the basemaps. When the choice is *Automatic* and `probe` is true, probes
    /// OpenStreetMap's tile server in the background; no other choice probes.
    pub fn new(ctx: &Context, choice: BasemapChoice, probe: bool) -> Basemap {
        let mut basemap = Basemap {
            choice,
            server: None,
            bundled: None,
            pmtiles: None,
            probe: None,
            probe_allowed: probe,
            probe_started: false,
            cache: CacheConfig::platform_default(),
            reachability: Reachability::NotChecked,
        };
        basemap.probe_if_needed(ctx);
        basemap
    }

    /// What the user chose.
    pub fn choice(&self) -> &BasemapChoice {
        &self.choice
    }

    /// Changes the basemap; probes the tile server if the new choice needs it.
    pub fn set_choice(&mut self, ctx: &Context, choice: BasemapChoice) {
        self.choice = choice;
        self.probe_if_needed(ctx);
    }

    /// True once the basemap has opened (or tried to open) a network connection: the probe,
    /// or a tile server's downloads.
    pub fn network_used(&self) -> bool {
        self.probe_started || self.server.is_some()
    }

    fn probe_if_needed(&mut self, ctx: &Context) {
        if !self.probe_allowed || self.probe_started || !self.choice.needs_probe() {
            return;
        }
        self.probe_started = true;
        self.reachability = Reachability::Probing;
        let (sender, receiver) = channel();
        let repaint = ctx.clone();
        let spawned = std::thread::Builder::new()
            .name("tile-probe".into())
            .spawn(move || {
                let reachable = TILE_HOST
                    .to_socket_addrs()
                    .ok()
                    .and_then(|mut addrs| addrs.next())
                    .is_some_and(|addr| {
                        TcpStream::connect_timeout(&addr, Duration::from_secs(3)).is_ok()
                    });
                let _ = sender.send(reachable);
                repaint.request_repaint();
            });
        match spawned {
            Ok(_) => self.probe = Some(receiver),
            Err(e) => {
                log::warn!("cannot start the tile probe: {e}");
                self.reachability = Reachability::Offline;
            }
        }
    }

    /// Picks up the probe's answer.
    pub fn poll(&mut self) {
        if let Some(rx) = &self.probe
            && let Ok(online) = rx.try_recv()
        {
            self.reachability = if online {
                Reachability::Online
            } else {
                Reachability::Offline
            };
            self.probe = None;
        }
    }

    /// True when the bundled basemap is drawn (borders and names are then drawn over it).
    pub fn is_bundled(&self) -> bool {
        matches!(self.active(), Active::Bundled)
    }

    fn active(&self) -> Active {
        match &self.choice {
            BasemapChoice::OpenStreetMap => Active::Server(TileServer::openstreetmap()),
            BasemapChoice::TileServer(url) => match TileServer::parse(url) {
                Ok(server) => Active::Server(server),
                Err(_) => Active::Bundled,
            },
            BasemapChoice::Bundled => Active::Bundled,
            BasemapChoice::PmTiles(_) => Active::PmTiles,
            BasemapChoice::Automatic => match self.reachability {
                Reachability::Online => Active::Server(TileServer::openstreetmap()),
                _ => Active::Bundled,
            },
        }
    }

    /// One line for the status bar: which basemap and why.
    pub fn status(&self) -> String {
        match (&self.choice, self.reachability) {
            (BasemapChoice::Automatic, Reachability::Online) => "OpenStreetMap (online)".into(),
            (BasemapChoice::Automatic, Reachability::Probing) => {
                "bundled basemap (checking for tiles...)".into()
            }
            (BasemapChoice::Automatic, Reachability::Offline) => {
                "bundled basemap (offline: tiles unreachable)".into()
            }
            (BasemapChoice::Automatic, Reachability::NotChecked) => {
                "bundled basemap (tile server not checked)".into()
            }
            (BasemapChoice::OpenStreetMap, Reachability::Offline) => {
                "OpenStreetMap (tiles unreachable: switch to the bundled basemap)".into()
            }
            (BasemapChoice::OpenStreetMap, _) => "OpenStreetMap".into(),
            (BasemapChoice::Bundled, _) => "bundled basemap (chosen; no network)".into(),
            (BasemapChoice::PmTiles(path), _) => format!("{} (PMTiles)", path.display()),
            (BasemapChoice::TileServer(url), _) => match TileServer::parse(url) {
                Ok(server) => format!("tiles from {}", server.host()),
                Err(err) => format!("bundled basemap ({err})"),
            },
        }
    }

    /// The attribution to draw on the map, piece by piece with their links.
    pub fn attribution(&self) -> Vec<Credit> {
        match self.active() {
            Active::Server(server) if server.is_openstreetmap() => vec![Credit::new(
                "© OpenStreetMap contributors",
                Some(OPENSTREETMAP_COPYRIGHT_URL),
            )],
            Active::Server(server) => vec![Credit::new(format!("Tiles: {}", server.host()), None)],
            Active::Bundled => vec![
                Credit::new(
                    "NASA Blue Marble",
                    Some("https://visibleearth.nasa.gov/collection/1484/blue-marble"),
                ),
                Credit::new("Natural Earth", Some("https://www.naturalearthdata.com")),
                Credit::new("GeoNames (CC-BY 4.0)", Some("https://www.geonames.org")),
            ],
            Active::PmTiles => vec![Credit::new("PMTiles: see the file's own attribution", None)],
        }
    }

    /// The tiles to draw this frame.
    pub fn tiles(&mut self, ctx: &Context) -> &mut dyn Tiles {
        match self.active() {
            Active::Server(server) => {
                if self.server.as_ref().is_none_or(|t| t.server() != &server) {
                    self.server = Some(ServerTiles::new(server, self.cache.clone(), ctx));
                }
                match &mut self.server {
                    Some(tiles) => tiles,
                    None => self.bundled.get_or_insert_with(|| BundledTiles::new(ctx)),
                }
            }
            Active::PmTiles => {
                if let BasemapChoice::PmTiles(path) = &self.choice {
                    let stale = self.pmtiles.as_ref().is_none_or(|(p, _)| p != path);
                    if stale {
                        self.pmtiles =
                            Some((path.clone(), walkers::PmTiles::new(path, ctx.clone())));
                    }
                }
                match &mut self.pmtiles {
                    Some((_, tiles)) => tiles,
                    None => self.bundled.get_or_insert_with(|| BundledTiles::new(ctx)),
                }
            }
            Active::Bundled => self.bundled.get_or_insert_with(|| BundledTiles::new(ctx)),
        }
    }
}

enum Active {
    Server(TileServer),
    Bundled,
    PmTiles,
}

/// The bundled imagery as Web Mercator tiles, cut on the fly from the decoded image.
pub struct BundledTiles {
    image: Arc<OnceLock<Option<image::RgbImage>>>,
    cache: HashMap<TileId, TextureHandle>,
    ctx: Context,
}

impl BundledTiles {
    /// Starts decoding the imagery on a background thread.
    pub fn new(ctx: &Context) -> BundledTiles {
        let image = Arc::new(OnceLock::new());
        let slot = Arc::clone(&image);
        let repaint = ctx.clone();
        let _ = std::thread::Builder::new()
            .name("basemap-decode".into())
            .spawn(move || {
                let decoded =
                    image::load_from_memory_with_format(BLUE_MARBLE, image::ImageFormat::Jpeg)
                        .map(|i| i.to_rgb8())
                        .map_err(|e| log::error!("bundled basemap: {e}"))
                        .ok();
                let _ = slot.set(decoded);
                repaint.request_repaint();
            });
        BundledTiles {
            image,
            cache: HashMap::new(),
            ctx: ctx.clone(),
        }
    }
}

/// Cuts one 256-pixel Web Mercator tile out of a plate carrée image.
pub fn render_tile(image: &image::RgbImage, tile: TileId) -> ColorImage {
    let (w, h) = (image.width() as f64, image.height() as f64);
    let n = f64::from(1u32 << tile.zoom.min(30));
    let mut pixels = Vec::with_capacity(256 * 256);
    for py in 0..256 {
        let y = (f64::from(tile.y) + (f64::from(py) + 0.5) / 256.0) / n;
        let lat = (std::f64::consts::PI * (1.0 - 2.0 * y))
            .sinh()
            .atan()
            .to_degrees();
        let sy = (((90.0 - lat) / 180.0 * h) as u32).min(image.height() - 1);
        for px in 0..256 {
            let lon = (f64::from(tile.x) + (f64::from(px) + 0.5) / 256.0) / n * 360.0 - 180.0;
            let sx = (((lon + 180.0) / 360.0 * w) as u32).min(image.width() - 1);
            let p = image.get_pixel(sx, sy);
            pixels.push(Color32::from_rgb(p[0], p[1], p[2]));
        }
    }
    ColorImage::new([256, 256], pixels)
}

impl Tiles for BundledTiles {
    fn at(&mut self, tile_id: TileId) -> Option<TilePiece> {
        let image = self.image.get()?.as_ref()?;
        if self.cache.len() > MAX_CACHED_TILES {
            self.cache.clear();
        }
        let ctx = &self.ctx;
        let texture = self.cache.entry(tile_id).or_insert_with(|| {
            let name = format!("basemap-{}-{}-{}", tile_id.zoom, tile_id.x, tile_id.y);
            ctx.load_texture(name, render_tile(image, tile_id), TextureOptions::LINEAR)
        });
        Some(TilePiece::new(
            Tile::Raster(texture.clone()),
            egui::Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0)),
        ))
    }

    fn attribution(&self) -> Attribution {
        Attribution {
            text: "NASA Blue Marble, Natural Earth",
            url: "https://visibleearth.nasa.gov/collection/1484/blue-marble",
            logo_light: None,
            logo_dark: None,
        }
    }

    fn tile_size(&self) -> u32 {
        256
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_automatic_probes_the_tile_server() {
        let rows = [
            (BasemapChoice::Automatic, true),
            (BasemapChoice::OpenStreetMap, false),
            (BasemapChoice::Bundled, false),
            (
                BasemapChoice::PmTiles(PathBuf::from("world.pmtiles")),
                false,
            ),
            (
                BasemapChoice::TileServer("https://tiles.example.org/{z}/{x}/{y}.png".into()),
                false,
            ),
        ];
        for (choice, probes) in rows {
            assert_eq!(choice.needs_probe(), probes, "{choice:?}");
        }
    }

    /// Regression: `Basemap::new` probed tile.openstreetmap.org even when the bundled
    /// basemap was chosen.
    #[test]
    fn the_bundled_choice_opens_no_connection() {
        let ctx = Context::default();
        let mut basemap = Basemap::new(&ctx, BasemapChoice::Bundled, true);
        assert_eq!(basemap.reachability, Reachability::NotChecked);
        assert!(!basemap.network_used());
        let _ = basemap.tiles(&ctx).at(TileId {
            x: 0,
            y: 0,
            zoom: 0,
        });
        basemap.poll();
        assert!(basemap.is_bundled());
        assert!(!basemap.network_used(), "the probe or a download started");
    }

    #[test]
    fn a_refused_tile_url_falls_back_to_the_bundled_basemap_and_says_why() {
        let ctx = Context::default();
        let basemap = Basemap::new(
            &ctx,
            BasemapChoice::TileServer("https://tiles.example.org/{z}/{x}.png".into()),
            false,
        );
        assert!(basemap.is_bundled());
        assert!(
            basemap.status().contains("lacks {y}"),
            "{}",
            basemap.status()
        );
        assert!(!basemap.network_used());
    }

    #[test]
    fn openstreetmap_attribution_links_to_its_copyright_page() {
        let ctx = Context::default();
        let basemap = Basemap::new(&ctx, BasemapChoice::OpenStreetMap, false);
        // No tiles requested, so nothing is downloaded.
        assert_eq!(
            basemap.attribution(),
            [Credit {
                text: "© OpenStreetMap contributors".into(),
                url: Some("https://www.openstreetmap.org/copyright".into()),
            }]
        );
        assert!(!basemap.network_used());
    }

    #[test]
    fn tiles_are_cut_from_the_right_part_of_the_world() {
        // A 4x2 image: west half red, east half blue; north row bright, south row dark.
        let mut img = image::RgbImage::new(4, 2);
        for (x, y, p) in img.enumerate_pixels_mut() {
            let v = if y == 0 { 255 } else { 100 };
            *p = if x < 2 {
                image::Rgb([v, 0, 0])
            } else {
                image::Rgb([0, 0, v])
            };
        }
        let west_north = render_tile(
            &img,
            TileId {
                x: 0,
                y: 0,
                zoom: 1,
            },
        );
        let east_south = render_tile(
            &img,
            TileId {
                x: 1,
                y: 1,
                zoom: 1,
            },
        );
        assert_eq!(west_north.pixels[0], Color32::from_rgb(255, 0, 0));
        assert_eq!(
            east_south.pixels[256 * 256 - 1],
            Color32::from_rgb(0, 0, 100)
        );
    }
}
