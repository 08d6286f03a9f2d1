//! What is drawn over the basemap: incidents as markers coloured by event type and sized
//! by fatalities, grouped into clusters with counts where they crowd (a grid per zoom level,
//! computed once per filter and zoom, so a million incidents pan smoothly); incidents known
//! only to a province or a country as a halo over that area's outline, never as a pin; and,
//! on the bundled basemap, country and province borders and names.

use egui::{Align2, Color32, FontId, Pos2, Rect, Response, Shape, Stroke, Ui, Vec2};
use geo::BoundingRect;
use rustc_hash::FxHashMap;
use walkers::{MapMemory, Plugin, Projector, lat_lon};

use crate::gazetteer::{AdminPolygons, Gazetteer};
use crate::model::{EventType, GeoPrecision, PlaceKind};
use crate::store::Store;

/// Colour of an ACLED event type.
pub fn type_color(event_type: EventType) -> Color32 {
    match event_type {
        EventType::Battles => Color32::from_rgb(220, 50, 47),
        EventType::ExplosionsRemoteViolence => Color32::from_rgb(255, 140, 0),
        EventType::ViolenceAgainstCivilians => Color32::from_rgb(148, 0, 211),
        EventType::Protests => Color32::from_rgb(38, 139, 210),
        EventType::Riots => Color32::from_rgb(0, 160, 120),
        EventType::StrategicDevelopments => Color32::from_rgb(100, 190, 60),
    }
}

/// Screen-space size of a cluster cell, in points.
const CELL_POINTS: f64 = 44.0;

/// A group of precisely located incidents in one grid cell at one zoom level.
#[derive(Debug, Clone)]
pub struct Cluster {
    /// Mean position.
    pub lat: f64,
    /// Mean position.
    pub lon: f64,
    /// Number of incidents in the cell.
    pub count: u32,
    /// One of them (the one a click on a single marker selects).
    pub first: u32,
    /// The grid cell at the cluster's zoom level.
    pub cell: (i64, i64),
    /// Event type most members have.
    pub event_type: EventType,
    /// Sum of fatalities.
    pub fatalities: u32,
}

/// Incidents known only to a province or country, grouped by area.
#[derive(Debug, Clone)]
pub struct AreaGroup {
    /// ISO alpha-2.
    pub country: String,
    /// Admin1 name, empty for a country.
    pub admin1: String,
    /// Label point.
    pub lat: f64,
    /// Label point.
    pub lon: f64,
    /// Members (store indexes).
    pub members: Vec<u32>,
    /// Event type most members have.
    pub event_type: EventType,
}

/// Clusters and area groups for the current filter, zoom level and (when zoomed in) view.
#[derive(Debug, Default)]
pub struct Clusters {
    key: Option<(u64, u8, Option<(i64, i64)>)>,
    level: u8,
    /// Web Mercator position (0..1) of every store incident, computed once per store.
    projected: Vec<(f64, f64)>,
    projected_for: usize,
    /// Point clusters.
    pub clusters: Vec<Cluster>,
    /// Area groups.
    pub areas: Vec<AreaGroup>,
}

/// Web Mercator world coordinates (0..1) of a position.
pub(crate) fn mercator(lat: f64, lon: f64) -> (f64, f64) {
    let lat = lat.clamp(-85.0511, 85.0511).to_radians();
    let x = (lon + 180.0) / 360.0;
    let y = (1.0 - (lat.tan() + 1.0 / lat.cos()).ln() / std::f64::consts::PI) / 2.0;
    (x, y)
}

/// The position of Web Mercator world coordinates (0..1).
pub(crate) fn unmercator(x: f64, y: f64) -> (f64, f64) {
    let lon = x * 360.0 - 180.0;
    let lat = (std::f64::consts::PI * (1.0 - 2.0 * y))
        .sinh()
        .atan()
        .to_degrees();
    (lat, lon)
}

/// From this zoom level on, only incidents near the view are grouped.
const WINDOWED_FROM_LEVEL: u8 = 7;

#[derive(Default)]
struct Cell {
    lat: f64,
    lon: f64,
    count: u32,
    first: u32,
    members: Vec<u32>,
    types: [u32; 6],
    fatalities: u32,
}

fn dominant(types: &[u32; 6]) -> EventType {
    let best = (0..6)
        .max_by_key(|&i| (types[i], std::cmp::Reverse(i)))
        .unwrap_or(0);
    EventType::ALL[best]
}

impl Clusters {
    /// The grid cell an incident falls in at the current level (to find its cluster).
    pub fn cell_of(&self, index: u32) -> Option<(i64, i64)> {
        let &(x, y) = self.projected.get(index as usize)?;
        let world = 256.0 * f64::from(1u32 << self.level);
        Some((
            (x * world / CELL_POINTS) as i64,
            (y * world / CELL_POINTS) as i64,
        ))
    }

    /// Incidents drawn: in point clusters and in area halos.
    pub fn incidents_drawn(&self) -> usize {
        self.clusters
            .iter()
            .map(|c| c.count as usize)
            .sum::<usize>()
            + self.areas.iter().map(|a| a.members.len()).sum::<usize>()
    }

    /// Regroups when the filter (its generation number), the integer zoom or, when zoomed
    /// in, the part of the world in view changed. `view` is the map centre (lat, lon).
    pub fn update(
        &mut self,
        store: &Store,
        visible: &[u32],
        generation: u64,
        zoom: f64,
        view: (f64, f64),
    ) {
        let level = zoom.floor().clamp(0.0, 20.0) as u8;
        let world = 256.0 * f64::from(1u32 << level);
        // When zoomed in, group what lies within two screens (~2048 px) of the centre; the
        // window moves in steps of one screen.
        let window = (level >= WINDOWED_FROM_LEVEL).then(|| {
            let (x, y) = mercator(view.0, view.1);
            ((x * world / 1024.0) as i64, (y * world / 1024.0) as i64)
        });
        if self.key == Some((generation, level, window)) {
            return;
        }
        self.key = Some((generation, level, window));
        if self.projected_for != store.len() || self.projected.len() != store.len() {
            self.projected = store
                .incidents()
                .iter()
                .map(|i| {
                    i.position()
                        .map_or((f64::NAN, f64::NAN), |(la, lo)| mercator(la, lo))
                })
                .collect();
            self.projected_for = store.len();
        }
        let mut cells: FxHashMap<(i64, i64), Cell> = FxHashMap::default();
        let mut areas: FxHashMap<(&str, &str), Cell> = FxHashMap::default();
        for &i in visible {
            let Some(inc) = store.get(i) else { continue };
            // An unplaced incident is listed, never drawn.
            let Some((lat, lon)) = inc.position() else {
                continue;
            };
            if inc.geo_precision == GeoPrecision::Province {
                let e = areas
                    .entry((inc.iso.as_str(), inc.known_division()))
                    .or_insert_with(|| Cell {
                        lat,
                        lon,
                        ..Cell::default()
                    });
                e.members.push(i);
                e.types[inc.event_type.index()] += 1;
                continue;
            }
            let Some(&(x, y)) = self.projected.get(i as usize) else {
                continue;
            };
            let (px, py) = (x * world, y * world);
            if let Some((wx, wy)) = window {
                let (cx, cy) = (px / 1024.0 - wx as f64, py / 1024.0 - wy as f64);
                if !(-2.0..3.0).contains(&cx) || !(-2.0..3.0).contains(&cy) {
                    continue;
                }
            }
            let cell = ((px / CELL_POINTS) as i64, (py / CELL_POINTS) as i64);
            let e = cells.entry(cell).or_insert_with(|| Cell {
                first: i,
                ..Cell::default()
            });
            e.lat += x;
            e.lon += y;
            e.count += 1;
            e.types[inc.event_type.index()] += 1;
            e.fatalities += inc.fatalities;
        }
        self.level = level;
        self.clusters = cells
            .into_iter()
            .map(|(cell, c)| {
                let n = f64::from(c.count.max(1));
                let (lat, lon) = unmercator(c.lat / n, c.lon / n);
                Cluster {
                    lat,
                    lon,
                    count: c.count,
                    first: c.first,
                    cell,
                    event_type: dominant(&c.types),
                    fatalities: c.fatalities,
                }
            })
            .collect();
        self.clusters.sort_by_key(|c| (c.count, c.cell));
        self.areas = areas
            .into_iter()
            .map(|((country, admin1), c)| AreaGroup {
                country: country.to_string(),
                admin1: admin1.to_string(),
                lat: c.lat,
                lon: c.lon,
                event_type: dominant(&c.types),
                members: c.members,
            })
            .collect();
        self.areas
            .sort_by(|a, b| (&a.country, &a.admin1).cmp(&(&b.country, &b.admin1)));
    }
}

/// What the user did on the map this frame.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct MapEvents {
    /// An incident was clicked.
    pub clicked: Option<u32>,
    /// A cluster was clicked: zoom in there.
    pub zoom_into: Option<(f64, f64)>,
}

/// Radius of a single incident's marker.
pub fn marker_radius(fatalities: u32) -> f32 {
    (4.0 + 2.0 * (fatalities as f32).sqrt()).min(16.0)
}

/// Radius (points) of the handle drawn on a workspace's selected incident, which can be
/// dragged to move it.
pub const HANDLE_RADIUS: f32 = 7.0;

/// The handle on the selected incident of a workspace: where the incident is, and where it
/// is being dragged to (the same point when it is not dragged).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DragHandle {
    /// Where the incident is (lat, lon).
    pub from: (f64, f64),
    /// Where the handle is drawn (lat, lon).
    pub to: (f64, f64),
}

/// Draws incidents, clusters and area halos; reports hover and clicks.
pub struct IncidentsLayer<'a> {
    /// The store.
    pub store: &'a Store,
    /// Clusters for this frame.
    pub clusters: &'a Clusters,
    /// Admin polygons for area outlines.
    pub polygons: Option<&'a AdminPolygons>,
    /// The gazetteer, to find an area's division under any of its names.
    pub gazetteer: Option<&'a Gazetteer>,
    /// The selected incident.
    pub selected: Option<u32>,
    /// The drag handle of the selected incident, on a workspace.
    pub handle: Option<DragHandle>,
    /// Output.
    pub events: &'a mut MapEvents,
}

impl Plugin for IncidentsLayer<'_> {
    fn run(
        self: Box<Self>,
        ui: &mut Ui,
        response: &Response,
        projector: &Projector,
        _memory: &MapMemory,
    ) {
        let painter = ui.painter().with_clip_rect(response.rect);
        let hover = response.hover_pos();
        let mut hovered: Option<(String, f32)> = None;
        let mut clicked = None;
        let mut zoom_into = None;
        let to_screen =
            |lat: f64, lon: f64| -> Pos2 { projector.project(lat_lon(lat, lon)).to_pos2() };
        // Areas first, under the points.
        for area in &self.clusters.areas {
            let color = type_color(area.event_type);
            let outline = self.polygons.and_then(|p| {
                if area.admin1.is_empty() {
                    return p.country_area(&area.country);
                }
                // The division by any of its names (incidents carry the spelling coders
                // use, which may not be the outline's), else the outline's own name.
                self.gazetteer
                    .and_then(|g| {
                        g.lookup(&area.admin1)
                            .into_iter()
                            .find(|d| d.kind == PlaceKind::Admin1 && d.country == area.country)
                    })
                    .and_then(|d| p.admin1_area(d.country, d.admin1))
                    .or_else(|| {
                        p.admin1.iter().find(|a| {
                            a.country == area.country
                                && crate::gazetteer::fold(&a.name)
                                    == crate::gazetteer::fold(&area.admin1)
                        })
                    })
            });
            let mut radius = 18.0f32;
            if let Some(outline) = outline {
                if let Some(bbox) = outline.shape.bounding_rect() {
                    let a = to_screen(bbox.min().y, bbox.min().x);
                    let b = to_screen(bbox.max().y, bbox.max().x);
                    radius = ((a - b).length() / 4.0).clamp(14.0, 110.0);
                }
                draw_outline(&painter, projector, outline, Stroke::new(2.0, color));
            }
            let center = to_screen(area.lat, area.lon);
            painter.circle(
                center,
                radius,
                color.gamma_multiply(0.18),
                Stroke::new(1.5, color.gamma_multiply(0.8)),
            );
            let label = format!("{}", area.members.len());
            painter.text(
                center,
                Align2::CENTER_CENTER,
                label,
                FontId::proportional(12.0),
                Color32::WHITE,
            );
            if self.selected.is_some_and(|s| area.members.contains(&s)) {
                painter.circle_stroke(center, radius + 3.0, Stroke::new(3.0, Color32::YELLOW));
            }
            if let Some(p) = hover {
                let d = (p - center).length();
                if d <= radius.min(30.0) {
                    let what = if area.admin1.is_empty() {
                        "the country"
                    } else {
                        "the province"
                    };
                    let text = format!(
                        "{} incident(s) known only to {what}: {}",
                        area.members.len(),
                        self.describe(&area.members)
                    );
                    if hovered.as_ref().is_none_or(|(_, best)| d < *best) {
                        hovered = Some((text, d));
                    }
                    if response.clicked() {
                        clicked = area.members.first().copied();
                    }
                }
            }
        }
        let selected_cell = self.selected.and_then(|s| self.clusters.cell_of(s));
        let selected_is_point = self
            .selected
            .and_then(|s| self.store.get(s))
            .is_some_and(|i| i.geo_precision < GeoPrecision::Province);
        for cluster in &self.clusters.clusters {
            let center = to_screen(cluster.lat, cluster.lon);
            if !response.rect.expand(30.0).contains(center) {
                continue;
            }
            let color = type_color(cluster.event_type);
            let single = cluster.count == 1;
            let radius = if single {
                marker_radius(cluster.fatalities)
            } else {
                (9.0 + 3.0 * (cluster.count as f32).log2()).min(28.0)
            };
            painter.circle(center, radius, color, Stroke::new(1.5, Color32::WHITE));
            if !single {
                painter.text(
                    center,
                    Align2::CENTER_CENTER,
                    cluster.count.to_string(),
                    FontId::proportional(11.0),
                    Color32::BLACK,
                );
            }
            if selected_is_point && selected_cell == Some(cluster.cell) {
                painter.circle_stroke(center, radius + 3.0, Stroke::new(3.0, Color32::YELLOW));
            }
            if let Some(p) = hover {
                let d = (p - center).length();
                if d <= radius + 2.0 && hovered.as_ref().is_none_or(|(_, best)| d < *best) {
                    let text = if single {
                        self.describe(&[cluster.first])
                    } else {
                        self.describe_many(cluster.count, cluster.fatalities)
                    };
                    hovered = Some((text, d));
                    if response.clicked() {
                        if single {
                            clicked = Some(cluster.first);
                            zoom_into = None;
                        } else {
                            zoom_into = Some((cluster.lat, cluster.lon));
                            clicked = None;
                        }
                    }
                }
            }
        }
        if let Some(handle) = self.handle {
            let from = to_screen(handle.from.0, handle.from.1);
            let to = to_screen(handle.to.0, handle.to.1);
            if handle.from != handle.to {
                painter.add(Shape::dashed_line(
                    &[from, to],
                    Stroke::new(2.0, Color32::BLACK),
                    6.0,
                    4.0,
                ));
            }
            let color = self
                .selected
                .and_then(|s| self.store.get(s))
                .map_or(Color32::WHITE, |i| type_color(i.event_type));
            painter.circle(to, HANDLE_RADIUS, color, Stroke::new(2.5, Color32::BLACK));
            painter.circle_stroke(to, HANDLE_RADIUS + 2.5, Stroke::new(2.0, Color32::YELLOW));
            if let Some(p) = hover
                && (p - to).length() <= HANDLE_RADIUS + 4.0
                && handle.from == handle.to
            {
                hovered = Some(("Drag to move this incident".into(), 0.0));
                ui.ctx().set_cursor_icon(egui::CursorIcon::Grab);
            }
        }
        if let (Some((text, _)), Some(pos)) = (hovered, hover) {
            let galley = painter.layout(text, FontId::proportional(13.0), Color32::BLACK, 420.0);
            let rect = Rect::from_min_size(
                pos + Vec2::new(10.0, 10.0),
                galley.size() + Vec2::splat(8.0),
            );
            painter.rect_filled(
                rect,
                4.0,
                Color32::from_rgba_unmultiplied(255, 255, 240, 235),
            );
            painter.galley(rect.min + Vec2::splat(4.0), galley, Color32::BLACK);
        }
        self.events.clicked = clicked;
        self.events.zoom_into = zoom_into;
    }
}

impl IncidentsLayer<'_> {
    fn describe_many(&self, count: u32, fatalities: u32) -> String {
        format!("{count} incidents, {fatalities} fatalities (click to zoom in)")
    }

    fn describe(&self, members: &[u32]) -> String {
        match members {
            [one] => self.store.get(*one).map_or_else(String::new, |i| {
                let place = if i.location.is_empty() {
                    i.country.clone()
                } else {
                    i.location.clone()
                };
                format!(
                    "{} · {} · {}\n{}, {} fatalities",
                    i.event_date
                        .map(|d| d.to_string())
                        .unwrap_or_else(|| "undated".into()),
                    i.sub_event_type,
                    place,
                    i.event_type,
                    i.fatalities
                )
            }),
            many => {
                let total: u32 = many
                    .iter()
                    .filter_map(|&i| self.store.get(i))
                    .map(|i| i.fatalities)
                    .sum();
                self.describe_many(many.len() as u32, total)
            }
        }
    }
}

fn draw_outline(
    painter: &egui::Painter,
    projector: &Projector,
    area: &crate::gazetteer::AdminArea,
    stroke: Stroke,
) {
    for polygon in &area.shape.0 {
        let points: Vec<Pos2> = polygon
            .exterior()
            .points()
            .map(|p| projector.project(lat_lon(p.y(), p.x())).to_pos2())
            .collect();
        if points.len() > 1 {
            painter.add(Shape::line(points, stroke));
        }
    }
}

/// Country and province borders and names, for the bundled basemap.
pub struct BordersLayer<'a> {
    /// The gazetteer (polygons and label points).
    pub gazetteer: &'a Gazetteer,
}

impl Plugin for BordersLayer<'_> {
    fn run(
        self: Box<Self>,
        ui: &mut Ui,
        response: &Response,
        projector: &Projector,
        memory: &MapMemory,
    ) {
        let painter = ui.painter().with_clip_rect(response.rect);
        let view = response.rect;
        let zoom = memory.zoom();
        let Some(polygons) = self.gazetteer.polygons_if_loaded() else {
            return;
        };
        let visible = |area: &crate::gazetteer::AdminArea| {
            area.shape.bounding_rect().is_some_and(|b| {
                let a = projector.project(lat_lon(b.max().y, b.min().x)).to_pos2();
                let c = projector.project(lat_lon(b.min().y, b.max().x)).to_pos2();
                Rect::from_two_pos(a, c).intersects(view)
            })
        };
        if zoom >= 4.0 {
            for area in polygons.admin1.iter().filter(|a| visible(a)) {
                draw_outline(
                    &painter,
                    projector,
                    area,
                    Stroke::new(0.8, Color32::from_rgba_unmultiplied(255, 255, 255, 120)),
                );
                if zoom >= 5.5
                    && !area.admin1.is_empty()
                    && let Some(place) = self.gazetteer.admin1(&area.country, &area.admin1)
                {
                    let at = projector
                        .project(lat_lon(place.latitude, place.longitude))
                        .to_pos2();
                    label(&painter, at, &deunicode::deunicode(place.name), 11.0);
                }
            }
        }
        for area in polygons.countries.iter().filter(|a| visible(a)) {
            draw_outline(
                &painter,
                projector,
                area,
                Stroke::new(1.4, Color32::from_rgba_unmultiplied(255, 230, 140, 220)),
            );
            if (2.5..5.5).contains(&zoom)
                && let Some(place) = self.gazetteer.country(&area.country)
            {
                let at = projector
                    .project(lat_lon(place.latitude, place.longitude))
                    .to_pos2();
                label(&painter, at, &place.name.to_uppercase(), 12.0);
            }
        }
    }
}

fn label(painter: &egui::Painter, at: Pos2, text: &str, size: f32) {
    let font = FontId::proportional(size);
    for offset in [
        Vec2::new(1.0, 1.0),
        Vec2::new(-1.0, -1.0),
        Vec2::new(1.0, -1.0),
        Vec2::new(-1.0, 1.0),
    ] {
        painter.text(
            at + offset,
            Align2::CENTER_CENTER,
            text,
            font.clone(),
            Color32::from_black_alpha(200),
        );
    }
    painter.text(at, Align2::CENTER_CENTER, text, font, Color32::WHITE);
}

/// The zoom level and centre that frame a set of positions in a view of `size` points.
pub fn frame_positions(positions: &[(f64, f64)], size: Vec2) -> Option<((f64, f64), f64)> {
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for &(lat, lon) in positions {
        let (x, y) = mercator(lat, lon);
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x);
        y1 = y1.max(y);
    }
    if positions.is_empty() {
        return None;
    }
    let dx = ((x1 - x0) * 256.0).max(1e-9);
    let dy = ((y1 - y0) * 256.0).max(1e-9);
    let zoom = (f64::from(size.x) * 0.8 / dx)
        .min(f64::from(size.y) * 0.8 / dy)
        .log2()
        .clamp(2.0, 12.0);
    let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    let lon = cx * 360.0 - 180.0;
    let lat = (std::f64::consts::PI * (1.0 - 2.0 * cy))
        .sinh()
        .atan()
        .to_degrees();
    Some(((lat, lon), zoom))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Incident;

    fn incident(lat: f64, lon: f64, precision: u8) -> Incident {
        Incident {
            latitude: Some(lat),
            longitude: Some(lon),
            geo_precision: GeoPrecision::from_code(precision).unwrap_or_default(),
            iso: "AF".into(),
            admin1: "Kabul".into(),
            ..Incident::default()
        }
    }

    #[test]
    fn nearby_incidents_cluster_when_zoomed_out_and_split_when_zoomed_in() {
        let store = Store::new(vec![
            incident(34.50, 69.10, 1),
            incident(34.52, 69.12, 1),
            incident(31.6, 64.4, 1),
            incident(34.5, 69.1, 3),
        ]);
        let visible = [0, 1, 2, 3];
        let mut c = Clusters::default();
        c.update(&store, &visible, 1, 5.0, (34.5, 69.1));
        let mut sizes: Vec<u32> = c.clusters.iter().map(|c| c.count).collect();
        sizes.sort();
        assert_eq!(sizes, [1, 2]);
        assert_eq!(
            c.areas.len(),
            1,
            "the province-level incident is an area, not a point"
        );
        c.update(&store, &visible, 1, 14.0, (34.5, 69.1));
        assert_eq!(
            c.clusters.len(),
            2,
            "zoomed in on Kabul, the far-away Helmand incident is not grouped"
        );
        c.update(&store, &visible, 1, 14.0, (31.6, 64.4));
        assert_eq!(c.clusters.len(), 1);
    }

    #[test]
    fn framing_covers_the_positions() {
        let framed = frame_positions(&[(29.0, 61.0), (38.0, 75.0)], Vec2::new(800.0, 600.0));
        let ((lat, lon), zoom) = framed.unwrap_or(((0.0, 0.0), 0.0));
        assert!(
            (lon - 68.0).abs() < 0.01 && (30.0..37.0).contains(&lat),
            "{lat},{lon}"
        );
        assert!((3.0..6.0).contains(&zoom), "zoom {zoom}");
    }
}
