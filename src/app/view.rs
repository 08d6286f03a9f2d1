//! How far the map may go: the world always fills the view (no blank band past the poles or
//! beyond ±180° of longitude), and zoom stays between the level at which the world just
//! covers the view and [`MAX_ZOOM`]. Pure arithmetic on Web Mercator, tested without egui.
//!
//! ```
//! use incident_map::app::view::clamp_view;
//!
//! // Looking past the North Pole from Kabul's longitude in an 800 x 600 view at zoom 3:
//! let ((lat, lon), zoom) = clamp_view((89.0, 69.2), 3.0, (800.0, 600.0));
//! assert_eq!((lon, zoom), (69.2, 3.0));
//! assert!(lat < 80.0, "pulled down so the world reaches the top of the view: {lat}");
//! ```

use super::map::{mercator, unmercator};

/// The deepest zoom level (OpenStreetMap's tiles stop at 19).
pub const MAX_ZOOM: f64 = 19.0;

/// Size of the whole world at zoom 0, in points (one 256-point tile).
const WORLD_POINTS_AT_ZOOM_0: f64 = 256.0;

/// The lowest zoom at which the world covers a view of `width` x `height` points in both
/// directions.
///
/// ```
/// use incident_map::app::view::min_zoom;
///
/// assert_eq!(min_zoom(256.0, 100.0), 0.0);
/// assert_eq!(min_zoom(1024.0, 600.0), 2.0);
/// ```
pub fn min_zoom(width: f64, height: f64) -> f64 {
    let widest = width.max(height);
    if widest.is_finite() && widest > WORLD_POINTS_AT_ZOOM_0 {
        (widest / WORLD_POINTS_AT_ZOOM_0).log2().min(MAX_ZOOM)
    } else {
        0.0
    }
}

/// The centre `(lat, lon)` and zoom nearest to the given ones at which a view of `size`
/// (width, height in points) shows only the world. Values already allowed come back
/// unchanged (bit for bit), so calling this every frame never nudges a still map.
pub fn clamp_view(center: (f64, f64), zoom: f64, size: (f64, f64)) -> ((f64, f64), f64) {
    let zoom = if zoom.is_finite() {
        zoom.clamp(min_zoom(size.0, size.1), MAX_ZOOM)
    } else {
        min_zoom(size.0, size.1)
    };
    let (lat, lon) = (
        if center.0.is_finite() { center.0 } else { 0.0 },
        if center.1.is_finite() { center.1 } else { 0.0 },
    );
    let world = WORLD_POINTS_AT_ZOOM_0 * zoom.exp2();
    // Half the view, as a fraction of the world (at most half of it).
    let half_x = (size.0.max(0.0) / 2.0 / world).min(0.5);
    let half_y = (size.1.max(0.0) / 2.0 / world).min(0.5);
    let (x, y) = mercator(lat, lon);
    let (cx, cy) = (x.clamp(half_x, 1.0 - half_x), y.clamp(half_y, 1.0 - half_y));
    let lat = if cy == y && lat.abs() <= 85.0511 {
        lat
    } else {
        unmercator(cx, cy).0
    };
    let lon = if cx == x { lon } else { unmercator(cx, cy).1 };
    ((lat, lon), zoom)
}

/// Scrolled points per zoom level: one wheel notch (40 points in egui) is half a level.
pub const WHEEL_POINTS_PER_LEVEL: f64 = 80.0;

/// The centre that keeps the place under the pointer where it is while zooming from `zoom`
/// to `new_zoom`; `offset` is the pointer's distance from the view's centre, in points.
///
/// ```
/// use incident_map::app::view::zoom_around;
///
/// // Zooming in by one level with the pointer 100 points right of the centre moves the
/// // centre towards the pointer by 50 points' worth of the old zoom.
/// let (lat, lon) = zoom_around((0.0, 0.0), 4.0, 5.0, (100.0, 0.0));
/// assert!(lat.abs() < 1e-9);
/// assert!((lon - 50.0 / 4096.0 * 360.0).abs() < 1e-9);
/// ```
pub fn zoom_around(center: (f64, f64), zoom: f64, new_zoom: f64, offset: (f64, f64)) -> (f64, f64) {
    let (world, new_world) = (
        WORLD_POINTS_AT_ZOOM_0 * zoom.exp2(),
        WORLD_POINTS_AT_ZOOM_0 * new_zoom.exp2(),
    );
    let (x, y) = mercator(center.0, center.1);
    // The pointer's place, then the centre that puts it back under the pointer.
    let (px, py) = (x + offset.0 / world, y + offset.1 / world);
    unmercator(px - offset.0 / new_world, py - offset.1 / new_world)
}

#[cfg(test)]
mod tests {
    use super::*;

    const VIEW: (f64, f64) = (800.0, 600.0);

    #[test]
    fn a_view_inside_the_world_is_left_alone() {
        for (center, zoom) in [
            ((34.5, 69.2), 5.0),
            ((-33.9, 18.4), 12.0),
            ((0.0, 0.0), 2.0),
        ] {
            assert_eq!(clamp_view(center, zoom, VIEW), (center, zoom));
        }
    }

    #[test]
    fn zooming_out_stops_where_the_world_fills_the_view() {
        let ((lat, lon), zoom) = clamp_view((0.0, 0.0), 0.5, VIEW);
        assert_eq!(zoom, (800.0f64 / 256.0).log2());
        assert_eq!((lat, lon), (0.0, 0.0));
        assert_eq!(clamp_view((0.0, 0.0), 25.0, VIEW).1, MAX_ZOOM);
    }

    /// Regression: one could pan past the pole into a blank half screen.
    #[test]
    fn panning_stops_at_the_poles_and_the_antimeridian() {
        let zoom = 3.0;
        let world = 256.0 * 8.0;
        let rows = [
            ((89.0, 10.0), "north"),
            ((-89.0, 10.0), "south"),
            ((10.0, 179.0), "east"),
            ((10.0, -179.0), "west"),
            ((85.0, 180.0), "north-east"),
        ];
        for (center, what) in rows {
            let ((lat, lon), z) = clamp_view(center, zoom, VIEW);
            assert_eq!(z, zoom);
            let (x, y) = mercator(lat, lon);
            // The view's edges, in world points, stay inside the world.
            let (left, right) = (x * world - 400.0, x * world + 400.0);
            let (top, bottom) = (y * world - 300.0, y * world + 300.0);
            assert!(
                left >= -1e-6 && right <= world + 1e-6,
                "{what}: {left}..{right}"
            );
            assert!(
                top >= -1e-6 && bottom <= world + 1e-6,
                "{what}: {top}..{bottom}"
            );
            // And touch the edge they were pushed against.
            let touches = [
                left.abs(),
                (right - world).abs(),
                top.abs(),
                (bottom - world).abs(),
            ];
            assert!(touches.iter().any(|d| *d < 1e-6), "{what}: {touches:?}");
        }
    }

    #[test]
    fn zooming_keeps_the_place_under_the_pointer() {
        let place_at = |center: (f64, f64), zoom: f64, offset: (f64, f64)| {
            let world = 256.0 * zoom.exp2();
            let (x, y) = mercator(center.0, center.1);
            unmercator(x + offset.0 / world, y + offset.1 / world)
        };
        let (center, offset) = ((34.5, 69.2), (-230.0, 140.0));
        for (zoom, new_zoom) in [(5.0, 5.5), (5.0, 4.25), (2.0, 9.0)] {
            let before = place_at(center, zoom, offset);
            let after = place_at(
                zoom_around(center, zoom, new_zoom, offset),
                new_zoom,
                offset,
            );
            assert!(
                (before.0 - after.0).abs() < 1e-9 && (before.1 - after.1).abs() < 1e-9,
                "{zoom} -> {new_zoom}: {before:?} moved to {after:?}"
            );
        }
    }

    #[test]
    fn nonsense_comes_back_as_a_world_view() {
        let ((lat, lon), zoom) = clamp_view((f64::NAN, f64::INFINITY), f64::NAN, VIEW);
        assert!(lat.is_finite() && lon.is_finite());
        assert_eq!(zoom, min_zoom(800.0, 600.0));
        assert_eq!(min_zoom(0.0, 0.0), 0.0);
    }
}
