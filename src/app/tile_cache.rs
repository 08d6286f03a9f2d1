//! Keeps the disk cache of downloaded tiles under a size bound: walks the cache folder and
//! deletes the oldest files (by modification time) until the rest fits. walkers' HTTP cache
//! honours the servers' cache headers but never deletes anything, so without this step the
//! folder would grow for ever.
//!
//! Deleting is safe at any moment: the cache (cacache, used by walkers through http-cache)
//! treats a missing index or content file as a miss and downloads the tile again. Its `tmp`
//! folder (writes in progress) is left alone.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::SystemTime;

/// The default bound: about 500 MB.
pub const DEFAULT_MAX_BYTES: u64 = 500 * 1024 * 1024;

/// What one trim did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TrimReport {
    /// Files deleted.
    pub removed_files: usize,
    /// Bytes deleted.
    pub removed_bytes: u64,
    /// Bytes left in the cache.
    pub kept_bytes: u64,
}

/// Deletes the oldest files under `dir` until the rest holds at most `max_bytes`.
///
/// Files that cannot be deleted (in use on some platforms) are counted as kept. A missing
/// folder is an empty cache.
///
/// ```
/// use incident_map::app::tile_cache::trim_cache;
///
/// let dir = tempfile::tempdir().unwrap();
/// std::fs::write(dir.path().join("a"), [0u8; 600]).unwrap();
/// let report = trim_cache(dir.path(), 1000).unwrap();
/// assert_eq!((report.removed_files, report.kept_bytes), (0, 600));
/// ```
pub fn trim_cache(dir: &Path, max_bytes: u64) -> io::Result<TrimReport> {
    let mut files = Vec::new();
    match collect_files(dir, &mut files) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(TrimReport::default()),
        other => other?,
    }
    let mut total: u64 = files.iter().map(|f| f.bytes).sum();
    // Oldest first; the path breaks ties so the order is deterministic.
    files.sort_by(|a, b| {
        a.modified
            .cmp(&b.modified)
            .then_with(|| a.path.cmp(&b.path))
    });
    let mut report = TrimReport::default();
    for file in files {
        if total <= max_bytes {
            break;
        }
        match std::fs::remove_file(&file.path) {
            Ok(()) => {
                total -= file.bytes;
                report.removed_files += 1;
                report.removed_bytes += file.bytes;
            }
            // Gone already (another trim, or the cache replaced it): no longer counted.
            Err(e) if e.kind() == io::ErrorKind::NotFound => total -= file.bytes,
            Err(e) => log::debug!("tile cache: cannot delete {}: {e}", file.path.display()),
        }
    }
    report.kept_bytes = total;
    Ok(report)
}

struct CachedFile {
    path: PathBuf,
    bytes: u64,
    modified: SystemTime,
}

fn collect_files(dir: &Path, files: &mut Vec<CachedFile>) -> io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let Ok(meta) = entry.metadata() else { continue };
        let path = entry.path();
        if meta.is_dir() {
            // Writes in progress live in `tmp`; deleting them would fail those writes.
            if entry.file_name() != "tmp" {
                match collect_files(&path, files) {
                    Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                    other => other?,
                }
            }
        } else if meta.is_file() {
            files.push(CachedFile {
                path,
                bytes: meta.len(),
                modified: meta.modified().unwrap_or(SystemTime::UNIX_EPOCH),
            });
        }
    }
    Ok(())
}

/// Runs [`trim_cache`] on a background thread, one run at a time.
#[derive(Debug, Clone)]
pub struct CacheTrimmer {
    dir: PathBuf,
    max_bytes: u64,
    running: Arc<AtomicBool>,
}

impl CacheTrimmer {
    /// A trimmer for `dir` with the bound `max_bytes`.
    pub fn new(dir: PathBuf, max_bytes: u64) -> CacheTrimmer {
        CacheTrimmer {
            dir,
            max_bytes,
            running: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Starts a trim unless one is running; returns at once.
    pub fn start(&self) {
        if self.running.swap(true, Ordering::AcqRel) {
            return;
        }
        let (dir, max_bytes, running) = (self.dir.clone(), self.max_bytes, self.running.clone());
        let spawned = std::thread::Builder::new()
            .name("tile-cache-trim".into())
            .spawn(move || {
                match trim_cache(&dir, max_bytes) {
                    Ok(r) if r.removed_files > 0 => log::info!(
                        "tile cache {}: removed {} files ({} bytes), {} bytes kept",
                        dir.display(),
                        r.removed_files,
                        r.removed_bytes,
                        r.kept_bytes
                    ),
                    Ok(_) => {}
                    Err(e) => log::warn!("tile cache {}: trim failed: {e}", dir.display()),
                }
                running.store(false, Ordering::Release);
            });
        if let Err(e) = spawned {
            log::warn!("tile cache: cannot start the trim thread: {e}");
            self.running.store(false, Ordering::Release);
        }
    }

    /// True while a trim runs.
    pub fn is_running(&self) -> bool {
        self.running.load(Ordering::Acquire)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use std::time::Duration;

    fn file(dir: &Path, name: &str, bytes: usize, age_s: u64) -> PathBuf {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).unwrap();
        }
        std::fs::write(&path, vec![0u8; bytes]).unwrap();
        let when = SystemTime::now() - Duration::from_secs(age_s);
        std::fs::File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_modified(when)
            .unwrap();
        path
    }

    #[test]
    fn oldest_files_go_first_until_the_rest_fits() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let oldest = file(d, "content-v2/sha256/aa/oldest", 400, 3000);
        let old = file(d, "index-v5/bb/old", 300, 2000);
        let recent = file(d, "content-v2/sha256/cc/recent", 300, 100);
        let newest = file(d, "newest", 200, 10);
        let report = trim_cache(d, 600).unwrap();
        assert_eq!(
            report,
            TrimReport {
                removed_files: 2,
                removed_bytes: 700,
                kept_bytes: 500
            }
        );
        assert!(!oldest.exists() && !old.exists());
        assert!(recent.exists() && newest.exists());
    }

    #[test]
    fn writes_in_progress_are_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let writing = file(dir.path(), "tmp/partial", 5000, 9000);
        let report = trim_cache(dir.path(), 0).unwrap();
        assert_eq!(report, TrimReport::default());
        assert!(writing.exists());
    }

    #[test]
    fn a_missing_folder_is_an_empty_cache() {
        let dir = tempfile::tempdir().unwrap();
        let report = trim_cache(&dir.path().join("never-created"), 10).unwrap();
        assert_eq!(report, TrimReport::default());
    }

    #[test]
    fn the_trimmer_runs_in_the_background_and_finishes() {
        let dir = tempfile::tempdir().unwrap();
        let old = file(dir.path(), "old", 1000, 100);
        let trimmer = CacheTrimmer::new(dir.path().to_path_buf(), 10);
        trimmer.start();
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while (trimmer.is_running() || old.exists()) && std::time::Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(!old.exists());
    }
}
