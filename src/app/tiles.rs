//! Raster tiles from XYZ tile servers (OpenStreetMap, or the user's own), fetched politely:
//! a User-Agent that names the app, its version and where it comes from; at most two
//! downloads at a time from OpenStreetMap's server (four from any other); HTTP cache headers
//! honoured (`Cache-Control: max-age`, `Expires`, `ETag` revalidation, through walkers'
//! HTTP cache); and a disk cache kept under a size bound ([`super::tile_cache`]).
//!
//! ```
//! use incident_map::app::tiles::TileServer;
//! use walkers::TileId;
//!
//! let server = TileServer::parse("https://tiles.example.org/{z}/{x}/{y}.png").unwrap();
//! // Kabul at zoom 10.
//! let url = server.url_for(TileId { x: 708, y: 410, zoom: 10 });
//! assert_eq!(url, "https://tiles.example.org/10/708/410.png");
//! assert_eq!(TileServer::openstreetmap().parallel_downloads(), 2);
//! ```

use std::collections::HashSet;
use std::path::PathBuf;

use egui::Context;
use walkers::sources::{Attribution, TileSource};
use walkers::{
    HeaderValue, HttpOptions, HttpTiles, MaxParallelDownloads, TileId, TilePiece, Tiles,
};

use super::tile_cache::CacheTrimmer;

/// Where the app comes from (named in the User-Agent sent to tile servers).
pub const REPOSITORY_URL: &str = env!("CARGO_PKG_REPOSITORY");

/// The User-Agent sent to tile servers, e.g.
/// `incident-map/0.1.0 (+https://github.com/incident-map/incident-map)`.
pub const USER_AGENT: &str = concat!(
    env!("CARGO_PKG_NAME"),
    "/",
    env!("CARGO_PKG_VERSION"),
    " (+",
    env!("CARGO_PKG_REPOSITORY"),
    ")"
);

/// OpenStreetMap's standard tile layer.
pub const OPENSTREETMAP_URL: &str = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

/// Where OpenStreetMap's attribution links to.
pub const OPENSTREETMAP_COPYRIGHT_URL: &str = "https://www.openstreetmap.org/copyright";

/// Parallel downloads from OpenStreetMap's servers: their tile usage policy allows two.
pub const OPENSTREETMAP_PARALLEL_DOWNLOADS: usize = 2;

/// Parallel downloads from any other server: a user's own server usually allows more than
/// OpenStreetMap's, but not the six of a browser.
pub const CUSTOM_PARALLEL_DOWNLOADS: usize = 4;

/// After this many tiles not seen before, the disk cache is trimmed to its bound again.
pub const TRIM_EVERY_NEW_TILES: usize = 200;

/// Why a tile URL was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TileUrlError {
    /// Nothing was given.
    #[error("the tile URL is empty; give one like https://tiles.example.org/{{z}}/{{x}}/{{y}}.png")]
    Empty,
    /// Not http or https.
    #[error("the tile URL {0:?} must start with http:// or https://")]
    Scheme(String),
    /// No host after the scheme.
    #[error("the tile URL {0:?} names no server after the scheme")]
    NoHost(String),
    /// A placeholder is missing.
    #[error("the tile URL {url:?} lacks {missing}; it needs {{z}}, {{x}} and {{y}}")]
    Missing {
        /// The URL given.
        url: String,
        /// The placeholders it lacks, e.g. `{x}, {y}`.
        missing: String,
    },
    /// A placeholder the app does not fill (e.g. `{s}` or `{r}`).
    #[error(
        "the tile URL {url:?} holds {placeholder}, which the app does not fill; only {{z}}, {{x}} and {{y}} are replaced (write a subdomain instead of {{s}})"
    )]
    Unknown {
        /// The URL given.
        url: String,
        /// The unknown placeholder.
        placeholder: String,
    },
    /// Spaces or control characters.
    #[error("the tile URL {0:?} contains spaces or control characters")]
    Whitespace(String),
}

/// An XYZ raster tile server: a URL template with `{z}`, `{x}` and `{y}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TileServer {
    template: String,
    host: String,
}

impl TileServer {
    /// OpenStreetMap's standard tile layer.
    pub fn openstreetmap() -> TileServer {
        TileServer {
            template: OPENSTREETMAP_URL.to_string(),
            host: "tile.openstreetmap.org".to_string(),
        }
    }

    /// Checks a URL template: http or https, a server name, and `{z}`, `{x}` and `{y}`.
    ///
    /// ```
    /// use incident_map::app::tiles::{TileServer, TileUrlError};
    ///
    /// assert!(TileServer::parse("http://localhost:8080/{z}/{x}/{y}.png").is_ok());
    /// assert!(matches!(
    ///     TileServer::parse("https://tiles.example.org/{z}/{x}.png"),
    ///     Err(TileUrlError::Missing { .. })
    /// ));
    /// assert!(matches!(
    ///     TileServer::parse("ftp://tiles.example.org/{z}/{x}/{y}.png"),
    ///     Err(TileUrlError::Scheme(_))
    /// ));
    /// ```
    pub fn parse(url: &str) -> Result<TileServer, TileUrlError> {
        let url = url.trim();
        if url.is_empty() {
            return Err(TileUrlError::Empty);
        }
        if url.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(TileUrlError::Whitespace(url.to_string()));
        }
        let lower = url.to_ascii_lowercase();
        let rest = if lower.starts_with("https://") {
            url.get("https://".len()..)
        } else if lower.starts_with("http://") {
            url.get("http://".len()..)
        } else {
            None
        }
        .ok_or_else(|| TileUrlError::Scheme(url.to_string()))?;
        let missing: Vec<&str> = ["{z}", "{x}", "{y}"]
            .into_iter()
            .filter(|p| !url.contains(p))
            .collect();
        if !missing.is_empty() {
            return Err(TileUrlError::Missing {
                url: url.to_string(),
                missing: missing.join(", "),
            });
        }
        let leftover = url.replace("{z}", "").replace("{x}", "").replace("{y}", "");
        if let Some(start) = leftover.find('{') {
            let placeholder: String = leftover
                .get(start..)
                .unwrap_or_default()
                .chars()
                .take_while(|&c| c != '}')
                .chain(std::iter::once('}'))
                .collect();
            return Err(TileUrlError::Unknown {
                url: url.to_string(),
                placeholder,
            });
        }
        let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
        // Strip user info and port: only the host name decides the download limit.
        let host_port = authority.rsplit('@').next().unwrap_or_default();
        let host = if host_port.starts_with('[') {
            host_port.split(']').next().map(|h| format!("{h}]"))
        } else {
            host_port.split(':').next().map(str::to_string)
        }
        .unwrap_or_default()
        .to_ascii_lowercase();
        if host.is_empty() || host == "]" {
            return Err(TileUrlError::NoHost(url.to_string()));
        }
        Ok(TileServer {
            template: url.to_string(),
            host,
        })
    }

    /// The URL template as given.
    pub fn template(&self) -> &str {
        &self.template
    }

    /// The server's host name (lower case, without port).
    pub fn host(&self) -> &str {
        &self.host
    }

    /// True for OpenStreetMap's own servers (`openstreetmap.org` and its subdomains).
    pub fn is_openstreetmap(&self) -> bool {
        self.host == "openstreetmap.org" || self.host.ends_with(".openstreetmap.org")
    }

    /// How many tiles may be downloaded at the same time from this server.
    pub fn parallel_downloads(&self) -> usize {
        if self.is_openstreetmap() {
            OPENSTREETMAP_PARALLEL_DOWNLOADS
        } else {
            CUSTOM_PARALLEL_DOWNLOADS
        }
    }

    /// The URL of one tile.
    pub fn url_for(&self, tile: TileId) -> String {
        self.template
            .replace("{z}", &tile.zoom.to_string())
            .replace("{x}", &tile.x.to_string())
            .replace("{y}", &tile.y.to_string())
    }
}

impl TileSource for TileServer {
    fn tile_url(&self, tile_id: TileId) -> String {
        self.url_for(tile_id)
    }

    fn attribution(&self) -> Attribution {
        // The app draws its own attribution (see `Basemap::attribution`).
        if self.is_openstreetmap() {
            Attribution {
                text: "© OpenStreetMap contributors",
                url: OPENSTREETMAP_COPYRIGHT_URL,
                logo_light: None,
                logo_dark: None,
            }
        } else {
            Attribution {
                text: "custom tile server",
                url: "",
                logo_light: None,
                logo_dark: None,
            }
        }
    }
}

/// The disk cache of downloaded tiles: where, and how large it may grow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CacheConfig {
    /// The folder (shared by every tile server; entries are keyed by URL).
    pub dir: PathBuf,
    /// The size bound in bytes; the oldest files are deleted beyond it.
    pub max_bytes: u64,
}

impl CacheConfig {
    /// The platform cache folder (e.g. `~/.cache/incident-map/tiles`) with the default bound
    /// ([`super::tile_cache::DEFAULT_MAX_BYTES`]), or `None` when the platform has none.
    pub fn platform_default() -> Option<CacheConfig> {
        directories::ProjectDirs::from("org", "incident-map", "incident-map").map(|d| CacheConfig {
            dir: d.cache_dir().join("tiles"),
            max_bytes: super::tile_cache::DEFAULT_MAX_BYTES,
        })
    }
}

/// Tiles downloaded from a [`TileServer`] under the polite rules above.
pub struct ServerTiles {
    server: TileServer,
    inner: HttpTiles,
    trimmer: Option<CacheTrimmer>,
    seen: HashSet<TileId>,
    new_since_trim: usize,
}

impl ServerTiles {
    /// Starts the download thread; trims the disk cache (in the background) right away.
    pub fn new(server: TileServer, cache: Option<CacheConfig>, ctx: &Context) -> ServerTiles {
        let options = HttpOptions {
            cache: cache.as_ref().map(|c| c.dir.clone()),
            user_agent: Some(HeaderValue::from_static(USER_AGENT)),
            max_parallel_downloads:
                MaxParallelDownloads::value_manually_confirmed_with_provider_limits(
                    server.parallel_downloads(),
                ),
            ..HttpOptions::default()
        };
        let trimmer = cache.map(|c| CacheTrimmer::new(c.dir, c.max_bytes));
        if let Some(t) = &trimmer {
            t.start();
        }
        ServerTiles {
            inner: HttpTiles::with_options(server.clone(), options, ctx.clone()),
            server,
            trimmer,
            seen: HashSet::new(),
            new_since_trim: 0,
        }
    }

    /// The server the tiles come from.
    pub fn server(&self) -> &TileServer {
        &self.server
    }

    /// Tiles being downloaded right now.
    pub fn in_progress(&self) -> usize {
        self.inner.stats().in_progress
    }
}

impl Tiles for ServerTiles {
    fn at(&mut self, tile_id: TileId) -> Option<TilePiece> {
        // Each tile not seen before is one request at most (walkers keeps what it fetched), so
        // counting them bounds how far the disk cache can outgrow its bound between trims.
        if self.seen.insert(tile_id) {
            self.new_since_trim += 1;
            if self.seen.len() > 8 * TRIM_EVERY_NEW_TILES {
                self.seen.clear();
            }
            if self.new_since_trim >= TRIM_EVERY_NEW_TILES {
                self.new_since_trim = 0;
                if let Some(t) = &self.trimmer {
                    t.start();
                }
            }
        }
        self.inner.at(tile_id)
    }

    fn attribution(&self) -> Attribution {
        self.inner.attribution()
    }

    fn tile_size(&self) -> u32 {
        self.inner.tile_size()
    }

    fn stats(&self) -> walkers::Stats {
        self.inner.stats()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_agent_names_the_app_its_version_and_where_it_comes_from() {
        assert_eq!(
            USER_AGENT,
            format!(
                "incident-map/{} (+https://github.com/incident-map/incident-map)",
                env!("CARGO_PKG_VERSION")
            )
        );
    }

    #[test]
    fn tile_urls_are_checked() {
        let rows: &[(&str, Result<&str, &str>)] = &[
            (
                "https://tiles.example.org/{z}/{x}/{y}.png",
                Ok("tiles.example.org"),
            ),
            ("http://127.0.0.1:8080/{z}/{x}/{y}.png", Ok("127.0.0.1")),
            (
                "HTTPS://Tile.OpenStreetMap.org/{z}/{x}/{y}.png",
                Ok("tile.openstreetmap.org"),
            ),
            (
                "https://user:pw@tiles.example.org:8443/t?z={z}&x={x}&y={y}",
                Ok("tiles.example.org"),
            ),
            ("http://[::1]:8080/{z}/{x}/{y}.png", Ok("[::1]")),
            ("", Err("empty")),
            ("   ", Err("empty")),
            (
                "tiles.example.org/{z}/{x}/{y}.png",
                Err("http:// or https://"),
            ),
            ("file:///tmp/{z}/{x}/{y}.png", Err("http:// or https://")),
            ("https:///{z}/{x}/{y}.png", Err("names no server")),
            (
                "https://{s}.tile.example.org/{z}/{x}/{y}.png",
                Err("holds {s}"),
            ),
            ("https://tiles.example.org/{z}/{x}.png", Err("lacks {y}")),
            (
                "https://tiles.example.org/tile.png",
                Err("lacks {z}, {x}, {y}"),
            ),
            (
                "https://tiles.example.org/{z}/{x}/{y}{r}.png",
                Err("holds {r}"),
            ),
            ("https://tiles.example.org/{z}/{x}/{y} .png", Err("spaces")),
        ];
        for (url, expected) in rows {
            match (TileServer::parse(url), expected) {
                (Ok(server), Ok(host)) => assert_eq!(server.host(), *host, "{url}"),
                (Err(err), Err(words)) => {
                    assert!(err.to_string().contains(words), "{url}: {err}")
                }
                (got, _) => panic!("{url}: expected {expected:?}, got {got:?}"),
            }
        }
    }

    #[test]
    fn openstreetmap_gets_two_downloads_other_servers_four() {
        assert_eq!(TileServer::openstreetmap().parallel_downloads(), 2);
        let osm_mirror = TileServer::parse("https://a.tile.openstreetmap.org/{z}/{x}/{y}.png");
        assert_eq!(osm_mirror.map(|s| s.parallel_downloads()), Ok(2));
        let lookalike = TileServer::parse("https://notopenstreetmap.org/{z}/{x}/{y}.png");
        assert_eq!(lookalike.map(|s| s.parallel_downloads()), Ok(4));
        let own = TileServer::parse("https://tiles.example.org/{z}/{x}/{y}.png");
        assert_eq!(own.map(|s| s.parallel_downloads()), Ok(4));
    }

    #[test]
    fn placeholders_are_filled() {
        let server = TileServer::parse("https://t.example.org/{z}/{x}/{y}.png?key=k")
            .unwrap_or_else(|_| TileServer::openstreetmap());
        assert_eq!(
            server.url_for(TileId {
                x: 5,
                y: 7,
                zoom: 3
            }),
            "https://t.example.org/3/5/7.png?key=k"
        );
    }
}
