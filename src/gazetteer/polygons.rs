//! Admin-1 polygons and country outlines (Natural Earth), with point-in-polygon lookup.

use geo::{BoundingRect, Contains, Coord, LineString, MultiPolygon, Point, Polygon};
use rstar::{AABB, RTree, primitives::GeomWithData, primitives::Rectangle};
use serde::Deserialize;

/// Errors while reading polygon data.
#[derive(Debug, thiserror::Error)]
pub enum PolygonError {
    /// The GeoJSON did not parse.
    #[error("polygon GeoJSON ({what}): {source}")]
    Json {
        /// Which file.
        what: &'static str,
        /// Parser error.
        source: serde_json::Error,
    },
}

/// One named area: a first-level division or a country.
#[derive(Debug, Clone)]
pub struct AdminArea {
    /// ISO alpha-2 of the country.
    pub country: String,
    /// GeoNames admin1 code, empty for countries and unmatched divisions.
    pub admin1: String,
    /// Display name.
    pub name: String,
    /// The outline.
    pub shape: MultiPolygon<f64>,
}

/// How far off its outline a place may lie and still be near it, in degrees (about 11 km at
/// the equator): the outlines are simplified, and a coastal town's point can fall just off
/// its own division's shore.
pub const OUTLINE_TOLERANCE_DEGREES: f64 = 0.1;

impl AdminArea {
    /// True when the point lies inside the outline or within [`OUTLINE_TOLERANCE_DEGREES`]
    /// of it.
    pub fn is_near(&self, latitude: f64, longitude: f64) -> bool {
        use geo::{Distance, Euclidean};
        let point = Point::new(longitude, latitude);
        if self.shape.contains(&point) {
            return true;
        }
        let near_the_box = self.shape.bounding_rect().is_some_and(|rect| {
            let (min, max) = (rect.min(), rect.max());
            (min.x - OUTLINE_TOLERANCE_DEGREES..=max.x + OUTLINE_TOLERANCE_DEGREES)
                .contains(&longitude)
                && (min.y - OUTLINE_TOLERANCE_DEGREES..=max.y + OUTLINE_TOLERANCE_DEGREES)
                    .contains(&latitude)
        });
        near_the_box && Euclidean.distance(&self.shape, &point) <= OUTLINE_TOLERANCE_DEGREES
    }
}

/// All admin-1 areas and countries, with a bounding-box index.
#[derive(Debug, Default)]
pub struct AdminPolygons {
    /// First-level divisions.
    pub admin1: Vec<AdminArea>,
    /// Countries.
    pub countries: Vec<AdminArea>,
    boxes: RTree<GeomWithData<Rectangle<[f64; 2]>, usize>>,
    /// Indices of `admin1` sorted by (country, admin1 code), for looking an area up by its
    /// code without scanning them all.
    by_code: Vec<usize>,
}

#[derive(Deserialize)]
struct FeatureCollection {
    features: Vec<Feature>,
}

#[derive(Deserialize)]
struct Feature {
    properties: Properties,
    geometry: Geometry,
}

#[derive(Deserialize)]
struct Properties {
    #[serde(default)]
    country: String,
    #[serde(default)]
    iso: String,
    #[serde(default)]
    admin1: String,
    #[serde(default)]
    name: String,
}

#[derive(Deserialize)]
struct Geometry {
    coordinates: Vec<Vec<Vec<[f64; 2]>>>,
}

fn to_areas(json: &str, what: &'static str) -> Result<Vec<AdminArea>, PolygonError> {
    let collection: FeatureCollection =
        serde_json::from_str(json).map_err(|source| PolygonError::Json { what, source })?;
    Ok(collection
        .features
        .into_iter()
        .map(|f| {
            let polygons = f
                .geometry
                .coordinates
                .into_iter()
                .filter(|rings| !rings.is_empty())
                .map(|rings| {
                    let mut rings = rings.into_iter().map(|ring| {
                        LineString::new(ring.into_iter().map(|[x, y]| Coord { x, y }).collect())
                    });
                    let exterior = rings.next().unwrap_or_else(|| LineString::new(vec![]));
                    Polygon::new(exterior, rings.collect())
                })
                .collect();
            let country = if f.properties.country.is_empty() {
                f.properties.iso
            } else {
                f.properties.country
            };
            AdminArea {
                country,
                admin1: f.properties.admin1,
                name: f.properties.name,
                shape: MultiPolygon::new(polygons),
            }
        })
        .collect())
}

/// An area's (country, admin1 code), the key it is looked up by.
fn area_code(area: &AdminArea) -> (&str, &str) {
    (area.country.as_str(), area.admin1.as_str())
}

impl AdminPolygons {
    /// Parses the admin-1 and country GeoJSON files `data/build_data.py` writes.
    pub fn from_geojson(admin1: &str, countries: &str) -> Result<AdminPolygons, PolygonError> {
        let admin1 = to_areas(admin1, "admin1")?;
        let countries = to_areas(countries, "countries")?;
        let boxes = admin1
            .iter()
            .enumerate()
            .flat_map(|(i, area)| {
                area.shape.0.iter().filter_map(move |poly| {
                    let rect = poly.bounding_rect()?;
                    Some(GeomWithData::new(
                        Rectangle::from_corners(
                            [rect.min().x, rect.min().y],
                            [rect.max().x, rect.max().y],
                        ),
                        i,
                    ))
                })
            })
            .collect();
        let mut by_code: Vec<usize> = (0..admin1.len()).collect();
        // Stable: of two areas with one code, the first in the file is found first.
        by_code.sort_by(|&a, &b| area_code(&admin1[a]).cmp(&area_code(&admin1[b])));
        Ok(AdminPolygons {
            admin1,
            countries,
            boxes: RTree::bulk_load(boxes),
            by_code,
        })
    }

    /// The (country, admin1 code) of the division containing a point.
    ///
    /// ```
    /// let g = incident_map::gazetteer::Gazetteer::bundled()?;
    /// // Lashkar Gah lies in Helmand (GeoNames admin1 code 10).
    /// assert_eq!(g.polygons().admin1_at(31.59, 64.37), Some(("AF", "10")));
    /// # Ok::<(), incident_map::gazetteer::GazetteerError>(())
    /// ```
    pub fn admin1_at(&self, latitude: f64, longitude: f64) -> Option<(&str, &str)> {
        let point = Point::new(longitude, latitude);
        let envelope = AABB::from_point([longitude, latitude]);
        let mut hits: Vec<usize> = self
            .boxes
            .locate_in_envelope_intersecting(&envelope)
            .map(|b| b.data)
            .collect();
        hits.sort_unstable();
        hits.dedup();
        hits.into_iter()
            .filter_map(|i| self.admin1.get(i))
            .find(|area| !area.admin1.is_empty() && area.shape.contains(&point))
            .map(|area| (area.country.as_str(), area.admin1.as_str()))
    }

    /// True when the area with this code holds the point: inside its outline, or, for a
    /// point that lies in no division's outline (a coastal town off the simplified shore),
    /// near it.
    pub fn admin1_holds(&self, country: &str, admin1: &str, latitude: f64, longitude: f64) -> bool {
        self.admin1_area(country, admin1).is_some_and(|area| {
            area.shape.contains(&Point::new(longitude, latitude))
                || (self.admin1_at(latitude, longitude).is_none()
                    && area.is_near(latitude, longitude))
        })
    }

    /// The admin-1 area with this code.
    pub fn admin1_area(&self, country: &str, admin1: &str) -> Option<&AdminArea> {
        let first = self
            .by_code
            .partition_point(|&i| area_code(&self.admin1[i]) < (country, admin1));
        self.by_code
            .get(first)
            .map(|&i| &self.admin1[i])
            .filter(|a| area_code(a) == (country, admin1))
    }

    /// The country outline with this ISO code.
    pub fn country_area(&self, country: &str) -> Option<&AdminArea> {
        self.countries.iter().find(|a| a.country == country)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_area_is_near_points_inside_and_just_off_its_outline() {
        let square = Polygon::new(
            LineString::from(vec![
                (0.0, 0.0),
                (1.0, 0.0),
                (1.0, 1.0),
                (0.0, 1.0),
                (0.0, 0.0),
            ]),
            vec![],
        );
        let area = AdminArea {
            country: "XX".into(),
            admin1: "01".into(),
            name: "Square".into(),
            shape: MultiPolygon::new(vec![square]),
        };
        // (latitude, longitude, held)
        let rows = [
            (0.5, 0.5, true),
            (0.5, 1.05, true),
            (-0.08, 0.5, true),
            (0.5, 1.3, false),
            (1.2, 1.2, false),
            (40.0, 40.0, false),
        ];
        for (latitude, longitude, held) in rows {
            assert_eq!(
                area.is_near(latitude, longitude),
                held,
                "{latitude}, {longitude}"
            );
        }
    }
}
