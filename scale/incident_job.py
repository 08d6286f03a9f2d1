"""Extracts conflict incidents from a corpus of news articles on Apache Spark.

Extraction is a pure function of one article, so it is a map step: each partition of
articles (JSON Lines, one article a line, as `incident-map extract -` reads them) is piped
through `incident-map extract --no-merge --threads 1 -`. Merging is a keyed reduce: two
reports can only be the same incident when they share event type, sub-event type, country
code (iso) and first-level division (admin1), so the incidents are partitioned by that key,
sorted by date inside each partition, and each partition (a set of whole groups) is piped
through `incident-map merge -`, which applies the same Rust rules (blocked merge) as a
single `incident-map extract` run. The result is the same set of incidents as one
`incident-map extract` over the whole corpus.

    spark-submit scale/incident_job.py --input articles.jsonl --output out/ \
        [--binary target/release/incident-map] [--partitions 8] [--geojson out.geojson]

On a cluster, ship the binary with `--files target/release/incident-map` and pass
`--binary incident-map` (it is then looked up among the files Spark shipped), or install it
at the same path on every node.
"""

import argparse
import json
import os
import shutil
import stat

from pyspark import SparkConf, SparkContext, SparkFiles
from pyspark.rdd import portable_hash


def group_key(incident):
    """The fields two reports of one incident always share (see src/dedup.rs)."""
    return (
        incident.get("event_type", ""),
        incident.get("sub_event_type", ""),
        incident.get("iso", ""),
        incident.get("admin1", ""),
    )


def resolve_binary(name):
    """The path of the incident-map binary on this node: a path that exists as given, or a
    file shipped with spark-submit --files (made executable, as --files drops the bit)."""
    if os.path.sep in name and os.path.exists(name):
        return os.path.abspath(name)
    shipped = SparkFiles.get(name)
    if os.path.exists(shipped):
        mode = os.stat(shipped).st_mode
        if not mode & stat.S_IXUSR:
            os.chmod(shipped, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        return shipped
    found = shutil.which(name)
    if found:
        return found
    raise FileNotFoundError(f"incident-map binary not found: {name}")


def to_feature(line):
    """One incident (a JSON line) as a GeoJSON feature line, as `--format geojson` writes it."""
    incident = json.loads(line)
    lat, lon = incident.get("latitude"), incident.get("longitude")
    geometry = None
    if lat is not None and lon is not None:
        geometry = {"type": "Point", "coordinates": [round(lon, 5), round(lat, 5)]}
    return json.dumps(
        {"type": "Feature", "geometry": geometry, "properties": incident},
        separators=(",", ":"),
        ensure_ascii=False,
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--input", required=True, help="JSON Lines articles (file, folder or glob)")
    parser.add_argument("--output", required=True, help="output folder for JSON Lines incidents")
    parser.add_argument("--binary", default="incident-map", help="incident-map binary: a path, or a name shipped with --files")
    parser.add_argument("--partitions", type=int, default=0, help="partitions for both stages (default: Spark's)")
    parser.add_argument("--master", help="Spark master when run without spark-submit, e.g. local[2]")
    parser.add_argument("--geojson", help="also write the incidents as one GeoJSON file (on the driver)")
    args = parser.parse_args()

    conf = SparkConf().setAppName("incident-map").setIfMissing("spark.ui.showConsoleProgress", "false")
    if args.master:
        conf = conf.setMaster(args.master)
    sc = SparkContext.getOrCreate(conf)
    sc.setLogLevel("WARN")
    # Resolved on each executor: a path there, or a file shipped with --files.
    binary = args.binary

    # One extractor process per partition, one thread each: Spark's task slots are the
    # parallelism, so the process must not start a thread per core on top of them.
    env = {"RAYON_NUM_THREADS": "1"}

    def extract(lines):
        import subprocess

        exe = resolve_binary(binary)
        return _pipe([exe, "extract", "--no-merge", "--threads", "1", "-"], lines, env, subprocess)

    def merge(lines):
        import subprocess

        exe = resolve_binary(binary)
        return _pipe([exe, "merge", "-"], lines, env, subprocess)

    articles = sc.textFile(args.input).filter(lambda line: line.strip())
    partitions = args.partitions or articles.getNumPartitions()
    if args.partitions:
        articles = articles.repartition(partitions)
    incidents = articles.mapPartitions(extract)
    keyed = incidents.map(json.loads).map(
        lambda i: ((group_key(i), i.get("event_date") or ""), json.dumps(i, ensure_ascii=False))
    )
    # Whole groups to one partition, sorted by date inside it: then one `merge` process per
    # partition merges every group it holds exactly as one run over everything would.
    grouped = keyed.repartitionAndSortWithinPartitions(
        numPartitions=partitions,
        partitionFunc=lambda key: portable_hash(key[0]),
    )
    merged = grouped.values().mapPartitions(merge)
    merged.saveAsTextFile(args.output)

    if args.geojson:
        with open(args.geojson, "w", encoding="utf-8") as out:
            out.write('{"type":"FeatureCollection","features":[\n')
            first = True
            for line in sc.textFile(args.output).toLocalIterator():
                if not line.strip():
                    continue
                out.write(("" if first else ",\n") + to_feature(line))
                first = False
            out.write("\n]}\n")
    sc.stop()


def _pipe(command, lines, env, subprocess):
    """Streams lines through a command and yields its output lines; fails the task when the
    command fails (its standard error is in the message)."""
    import tempfile
    import threading

    errors = tempfile.TemporaryFile()
    process = subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=errors,
        env={**os.environ, **env},
    )

    def feed():
        try:
            for line in lines:
                process.stdin.write(line.encode("utf-8"))
                process.stdin.write(b"\n")
        except BrokenPipeError:
            pass
        finally:
            try:
                process.stdin.close()
            except BrokenPipeError:
                pass

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    for raw in process.stdout:
        line = raw.decode("utf-8").rstrip("\n")
        if line:
            yield line
    writer.join()
    code = process.wait()
    if code != 0:
        errors.seek(0)
        message = errors.read().decode("utf-8", "replace")[-4000:]
        raise RuntimeError(f"{' '.join(command)} exited with {code}: {message}")


if __name__ == "__main__":
    main()
