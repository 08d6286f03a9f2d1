//! The tile source against a tiny HTTP tile server on 127.0.0.1, driven as the map drives it
//! (`Tiles::at` every frame) but without a window: what arrives at the server (User-Agent,
//! paths, how many requests at once), and whether cache headers and the disk cache bound are
//! honoured.
#![cfg(feature = "gui")]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use incident_map::app::tiles::{
    CUSTOM_PARALLEL_DOWNLOADS, CacheConfig, OPENSTREETMAP_PARALLEL_DOWNLOADS, ServerTiles,
    TileServer, USER_AGENT,
};
use walkers::{TileId, Tiles};

/// How the stub server answers.
#[derive(Clone)]
struct Behaviour {
    /// Time spent on each request before answering (so that requests overlap).
    delay: Duration,
    /// Extra response headers, e.g. `Cache-Control: max-age=3600`.
    headers: Vec<String>,
    /// Answer `304 Not Modified` when the request's `If-None-Match` equals this.
    etag: Option<String>,
}

/// One request as the server saw it.
#[derive(Debug, Clone)]
struct Seen {
    path: String,
    user_agent: Option<String>,
    if_none_match: Option<String>,
}

/// A tile server on 127.0.0.1 that records what it is asked.
struct Stub {
    port: u16,
    seen: Arc<Mutex<Vec<Seen>>>,
    in_flight: Arc<AtomicUsize>,
    max_in_flight: Arc<AtomicUsize>,
    connections: Arc<AtomicUsize>,
}

impl Stub {
    fn start(behaviour: Behaviour) -> Stub {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let stub = Stub {
            port,
            seen: Arc::default(),
            in_flight: Arc::default(),
            max_in_flight: Arc::default(),
            connections: Arc::default(),
        };
        let png = Arc::new(png_tile());
        let (seen, in_flight, max_in_flight, connections) = (
            stub.seen.clone(),
            stub.in_flight.clone(),
            stub.max_in_flight.clone(),
            stub.connections.clone(),
        );
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { continue };
                connections.fetch_add(1, Ordering::SeqCst);
                let (seen, in_flight, max_in_flight, png, behaviour) = (
                    seen.clone(),
                    in_flight.clone(),
                    max_in_flight.clone(),
                    png.clone(),
                    behaviour.clone(),
                );
                std::thread::spawn(move || {
                    let _ = serve_connection(
                        stream,
                        &behaviour,
                        &png,
                        &seen,
                        &in_flight,
                        &max_in_flight,
                    );
                });
            }
        });
        stub
    }

    fn template(&self) -> String {
        format!("http://127.0.0.1:{}/{{z}}/{{x}}/{{y}}.png", self.port)
    }

    fn seen(&self) -> Vec<Seen> {
        self.seen.lock().unwrap().clone()
    }
}

/// Answers the requests of one keep-alive connection until the client closes it.
fn serve_connection(
    stream: TcpStream,
    behaviour: &Behaviour,
    png: &[u8],
    seen: &Mutex<Vec<Seen>>,
    in_flight: &AtomicUsize,
    max_in_flight: &AtomicUsize,
) -> std::io::Result<()> {
    let mut writer = stream.try_clone()?;
    let mut reader = BufReader::new(stream);
    loop {
        let mut request_line = String::new();
        if reader.read_line(&mut request_line)? == 0 {
            return Ok(());
        }
        if request_line.trim().is_empty() {
            continue;
        }
        let path = request_line
            .split_whitespace()
            .nth(1)
            .unwrap_or_default()
            .to_string();
        let mut headers = BTreeMap::new();
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line)? == 0 {
                return Ok(());
            }
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some((name, value)) = line.split_once(':') {
                headers.insert(name.trim().to_ascii_lowercase(), value.trim().to_string());
            }
        }
        // Counted from the request's arrival until just before the answer is written, a span
        // inside the client's own, so overlapping here means overlapping there.
        let now = in_flight.fetch_add(1, Ordering::SeqCst) + 1;
        max_in_flight.fetch_max(now, Ordering::SeqCst);
        std::thread::sleep(behaviour.delay);
        let if_none_match = headers.get("if-none-match").cloned();
        seen.lock().unwrap().push(Seen {
            path,
            user_agent: headers.get("user-agent").cloned(),
            if_none_match: if_none_match.clone(),
        });
        in_flight.fetch_sub(1, Ordering::SeqCst);
        let mut head = String::new();
        let not_modified = behaviour.etag.is_some() && behaviour.etag == if_none_match;
        if not_modified {
            head.push_str("HTTP/1.1 304 Not Modified\r\n");
        } else {
            head.push_str("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n");
            head.push_str(&format!("Content-Length: {}\r\n", png.len()));
        }
        if let Some(etag) = &behaviour.etag {
            head.push_str(&format!("ETag: {etag}\r\n"));
        }
        for h in &behaviour.headers {
            head.push_str(h);
            head.push_str("\r\n");
        }
        head.push_str("\r\n");
        writer.write_all(head.as_bytes())?;
        if !not_modified {
            writer.write_all(png)?;
        }
        writer.flush()?;
    }
}

/// A small 256 x 256 PNG tile.
fn png_tile() -> Vec<u8> {
    let image = image::RgbImage::from_fn(256, 256, |x, y| image::Rgb([x as u8, y as u8, 90]));
    let mut bytes = std::io::Cursor::new(Vec::new());
    image.write_to(&mut bytes, image::ImageFormat::Png).unwrap();
    bytes.into_inner()
}

fn tile(x: u32, y: u32, zoom: u8) -> TileId {
    TileId { x, y, zoom }
}

/// Asks for the tiles every few milliseconds, as the map does every frame, until all arrived.
fn fetch(tiles: &mut ServerTiles, ids: &[TileId]) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let missing: Vec<TileId> = ids
            .iter()
            .copied()
            .filter(|&id| tiles.at(id).is_none())
            .collect();
        if missing.is_empty() {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "tiles never arrived: {missing:?}"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn cache(dir: &Path, max_bytes: u64) -> Option<CacheConfig> {
    Some(CacheConfig {
        dir: dir.to_path_buf(),
        max_bytes,
    })
}

/// Bytes of the files under a folder. A file or folder the cache removes while it is
/// read (the trimming runs in the background) counts nothing.
fn folder_bytes(dir: &Path) -> u64 {
    let mut total = 0;
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    for entry in entries.flatten() {
        let Ok(meta) = entry.metadata() else {
            continue;
        };
        total += if meta.is_dir() {
            folder_bytes(&entry.path())
        } else {
            meta.len()
        };
    }
    total
}

#[test]
fn requests_name_the_app_ask_for_z_x_y_and_never_exceed_the_parallel_limit() {
    let stub = Stub::start(Behaviour {
        delay: Duration::from_millis(250),
        headers: vec!["Cache-Control: max-age=3600".into()],
        etag: None,
    });
    let server = TileServer::parse(&stub.template()).unwrap();
    let limit = server.parallel_downloads();
    assert_eq!(limit, CUSTOM_PARALLEL_DOWNLOADS);
    assert_eq!(
        TileServer::openstreetmap().parallel_downloads(),
        OPENSTREETMAP_PARALLEL_DOWNLOADS
    );
    assert_eq!(
        OPENSTREETMAP_PARALLEL_DOWNLOADS, 2,
        "OpenStreetMap's policy"
    );

    let dir = tempfile::tempdir().unwrap();
    let ctx = egui::Context::default();
    let mut tiles = ServerTiles::new(server, cache(dir.path(), 1 << 30), &ctx);
    // Three times the limit, all wanted at once (one screen of zoom-4 tiles).
    let ids: Vec<TileId> = (0..3 * limit as u32).map(|x| tile(x, 5, 4)).collect();
    fetch(&mut tiles, &ids);

    let seen = stub.seen();
    let mut paths: Vec<String> = seen.iter().map(|s| s.path.clone()).collect();
    paths.sort();
    let mut expected: Vec<String> = ids
        .iter()
        .map(|t| format!("/{}/{}/{}.png", t.zoom, t.x, t.y))
        .collect();
    expected.sort();
    assert_eq!(paths, expected, "each tile asked once, as /z/x/y");

    let expected_agent = format!(
        "incident-map/{} (+https://github.com/incident-map/incident-map)",
        env!("CARGO_PKG_VERSION")
    );
    assert_eq!(USER_AGENT, expected_agent);
    for s in &seen {
        assert_eq!(s.user_agent.as_deref(), Some(USER_AGENT), "{}", s.path);
    }

    let max = stub.max_in_flight.load(Ordering::SeqCst);
    let connections = stub.connections.load(Ordering::SeqCst);
    assert!(
        max <= limit,
        "{max} requests at once (limit {limit}, {connections} connections opened)"
    );
    assert_eq!(
        max, limit,
        "the requests should have overlapped up to the limit, or this test proves nothing"
    );
}

#[test]
fn a_tile_fresh_by_max_age_is_not_downloaded_again() {
    let stub = Stub::start(Behaviour {
        delay: Duration::ZERO,
        headers: vec!["Cache-Control: max-age=3600".into()],
        etag: None,
    });
    let dir = tempfile::tempdir().unwrap();
    let ctx = egui::Context::default();
    let ids = [tile(3, 2, 3), tile(4, 2, 3)];
    for _ in 0..2 {
        // A new tile source each time, as after a restart: only the disk cache is shared.
        let server = TileServer::parse(&stub.template()).unwrap();
        let mut tiles = ServerTiles::new(server, cache(dir.path(), 1 << 30), &ctx);
        fetch(&mut tiles, &ids);
    }
    assert_eq!(stub.seen().len(), 2, "{:?}", stub.seen());
}

#[test]
fn a_tile_fresh_by_expires_is_not_downloaded_again() {
    let expires = (chrono::Utc::now() + chrono::Duration::hours(1))
        .format("%a, %d %b %Y %H:%M:%S GMT")
        .to_string();
    let stub = Stub::start(Behaviour {
        delay: Duration::ZERO,
        headers: vec![format!("Expires: {expires}")],
        etag: None,
    });
    let dir = tempfile::tempdir().unwrap();
    let ctx = egui::Context::default();
    for _ in 0..2 {
        let server = TileServer::parse(&stub.template()).unwrap();
        let mut tiles = ServerTiles::new(server, cache(dir.path(), 1 << 30), &ctx);
        fetch(&mut tiles, &[tile(1, 1, 2)]);
    }
    assert_eq!(stub.seen().len(), 1, "{:?}", stub.seen());
}

#[test]
fn a_stale_tile_is_revalidated_with_its_etag() {
    let stub = Stub::start(Behaviour {
        delay: Duration::ZERO,
        headers: vec!["Cache-Control: no-cache".into()],
        etag: Some("\"tile-v1\"".into()),
    });
    let dir = tempfile::tempdir().unwrap();
    let ctx = egui::Context::default();
    for _ in 0..2 {
        let server = TileServer::parse(&stub.template()).unwrap();
        let mut tiles = ServerTiles::new(server, cache(dir.path(), 1 << 30), &ctx);
        // The second time the server answers 304 and the tile comes from the disk cache.
        fetch(&mut tiles, &[tile(1, 1, 2)]);
    }
    let seen = stub.seen();
    assert_eq!(seen.len(), 2, "{seen:?}");
    assert_eq!(seen[0].if_none_match, None);
    assert_eq!(seen[1].if_none_match.as_deref(), Some("\"tile-v1\""));
}

#[test]
fn the_disk_cache_is_trimmed_to_its_bound_when_the_source_starts() {
    let stub = Stub::start(Behaviour {
        delay: Duration::ZERO,
        headers: vec!["Cache-Control: max-age=3600".into()],
        etag: None,
    });
    let dir = tempfile::tempdir().unwrap();
    let ctx = egui::Context::default();
    let ids: Vec<TileId> = (0..8).map(|x| tile(x, 3, 3)).collect();
    {
        let server = TileServer::parse(&stub.template()).unwrap();
        let mut tiles = ServerTiles::new(server, cache(dir.path(), 1 << 30), &ctx);
        fetch(&mut tiles, &ids);
    }
    let full = folder_bytes(dir.path());
    assert!(full > 8 * png_tile().len() as u64, "{full} bytes cached");
    let bound = full / 3;
    let server = TileServer::parse(&stub.template()).unwrap();
    let _tiles = ServerTiles::new(server, cache(dir.path(), bound), &ctx);
    let deadline = Instant::now() + Duration::from_secs(10);
    while folder_bytes(dir.path()) > bound {
        assert!(
            Instant::now() < deadline,
            "cache still {} bytes, bound {bound}",
            folder_bytes(dir.path())
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}
