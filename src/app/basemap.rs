//! Basemaps: OpenStreetMap tiles (cached on disk in the platform cache directory), the
//! bundled offline basemap (NASA Blue Marble cut into Web Mercator tiles on the fly), and a
//! user's own raster `.pmtiles` file. The app starts on OpenStreetMap when its tile server
//! answers and on the bundled basemap otherwise, and says which one is in use and why.

use std::collections::HashMap;
use std::net::{TcpStream, ToSocketAddrs};
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use egui::{Color32, ColorImage, Context, TextureHandle, TextureOptions, pos2};
use serde::{Deserialize, Serialize};
use walkers::sources::{Attribution, OpenStreetMap};
use walkers::{HttpOptions, HttpTiles, Tile, TileId, TilePiece, Tiles};

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
}

/// Whether the tile server answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reachability {
    /// Still probing.
    Probing,
    /// It answered.
    Online,
    /// It did not.
    Offline,
}

/// The basemap in use, its tiles, and why it was chosen.
pub struct Basemap {
    /// What the user chose.
    pub choice: BasemapChoice,
    osm: Option<HttpTiles>,
    bundled: Option<BundledTiles>,
    pmtiles: Option<(PathBuf, walkers::PmTiles)>,
    probe: Option<Receiver<bool>>,
    /// Result of the probe.
    pub reachability: Reachability,
}

impl Basemap {
    /// Sets up the basemaps; probes the tile server in the background unless `probe` is false.
    pub fn new(ctx: &Context, choice: BasemapChoice, probe: bool) -> Basemap {
        let receiver = probe.then(|| {
            let (sender, receiver) = channel();
            let ctx = ctx.clone();
            let _ = std::thread::Builder::new()
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
                    ctx.request_repaint();
                });
            receiver
        });
        Basemap {
            choice,
            osm: None,
            bundled: None,
            pmtiles: None,
            reachability: if probe {
                Reachability::Probing
            } else {
                Reachability::Offline
            },
            probe: receiver,
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
            BasemapChoice::OpenStreetMap => Active::Osm,
            BasemapChoice::Bundled => Active::Bundled,
            BasemapChoice::PmTiles(_) => Active::PmTiles,
            BasemapChoice::Automatic => match self.reachability {
                Reachability::Online => Active::Osm,
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
            (BasemapChoice::OpenStreetMap, Reachability::Offline) => {
                "OpenStreetMap (tiles unreachable: switch to the bundled basemap)".into()
            }
            (BasemapChoice::OpenStreetMap, _) => "OpenStreetMap".into(),
            (BasemapChoice::Bundled, _) => "bundled basemap (chosen)".into(),
            (BasemapChoice::PmTiles(path), _) => format!("{} (PMTiles)", path.display()),
        }
    }

    /// The attribution to draw on the map.
    pub fn attribution(&self) -> &'static str {
        match self.active() {
            Active::Osm => "© OpenStreetMap contributors",
            Active::Bundled => "NASA Blue Marble · Natural Earth · GeoNames (CC-BY 4.0)",
            Active::PmTiles => "PMTiles: see the file's own attribution",
        }
    }

    /// The tiles to draw this frame.
    pub fn tiles(&mut self, ctx: &Context) -> &mut dyn Tiles {
        match self.active() {
            Active::Osm => self.osm.get_or_insert_with(|| {
                HttpTiles::with_options(OpenStreetMap, http_options(), ctx.clone())
            }),
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
    Osm,
    Bundled,
    PmTiles,
}

/// OpenStreetMap's tile policy asks for a cache and an identifying user agent.
fn http_options() -> HttpOptions {
    HttpOptions {
        cache: directories::ProjectDirs::from("org", "incident-map", "incident-map")
            .map(|d| d.cache_dir().join("tiles")),
        ..HttpOptions::default()
    }
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
