#!/usr/bin/env bash
# Runs the Spark job (scale/incident_job.py) with local[2] on a small corpus and checks that
# its output equals one `incident-map extract` run over the same input: the same incidents
# with the same sources, compared as canonical JSON, in any order.
#
#   scale/run_local.sh [BINARY]      (default: target/release/incident-map, else target/debug)
#
# Needs java (17) and pyspark on PYTHON (default: python3). The corpus is the bundled sample
# (data/articles) as JSON Lines, COPIES times (default 4) with distinct ids, so that reports
# of one incident sit in different partitions and must be merged across them; the job runs
# with more partitions than articles, so that some partitions are empty.
set -euo pipefail
cd "$(dirname "$0")/.."

bin="${1:-}"
if [ -z "$bin" ]; then
  for candidate in target/release/incident-map target/debug/incident-map; do
    [ -x "$candidate" ] && { bin="$candidate"; break; }
  done
fi
[ -n "$bin" ] && [ -x "$bin" ] || { echo "run_local.sh: no incident-map binary (build it first)" >&2; exit 2; }
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
python="${PYTHON:-python3}"
copies="${COPIES:-4}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$python" - "$copies" data/articles "$work/articles.jsonl" <<'PY'
import json, pathlib, sys

copies, folder, out = int(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3]
with open(out, "w", encoding="utf-8") as sink:
    for copy in range(copies):
        for path in sorted(folder.iterdir()):
            text = path.read_text(encoding="utf-8")
            meta = {}
            if text.startswith("---\n"):
                head, _, text = text[4:].partition("\n---\n")
                for line in head.splitlines():
                    key, _, value = line.partition(":")
                    meta[key.strip()] = value.strip().strip('"')
            article = {"id": f"copy{copy}/{path.name}", "text": text}
            for key in ("title", "date", "source", "url"):
                if meta.get(key):
                    article[key] = meta[key]
            sink.write(json.dumps(article, ensure_ascii=False) + "\n")
PY
articles=$(wc -l < "$work/articles.jsonl")

"$bin" extract "$work/articles.jsonl" > "$work/single.jsonl"

started=$(date +%s%N)
PYSPARK_PYTHON="$python" "$python" scale/incident_job.py \
  --master "local[2]" \
  --input "$work/articles.jsonl" \
  --output "$work/spark" \
  --binary "$bin" \
  --partitions $((articles + 3)) \
  --geojson "$work/spark.geojson"
ended=$(date +%s%N)

"$python" - "$work/single.jsonl" "$work/spark" "$work/spark.geojson" <<'PY'
import json, pathlib, sys

def canonical(lines):
    return sorted(json.dumps(json.loads(l), sort_keys=True) for l in lines if l.strip())

single = canonical(open(sys.argv[1], encoding="utf-8"))
spark = canonical(
    line for part in sorted(pathlib.Path(sys.argv[2]).glob("part-*"))
    for line in open(part, encoding="utf-8")
)
if not single:
    sys.exit("run_local.sh: the single run found no incidents; nothing was compared")
if single != spark:
    only_single = sorted(set(single) - set(spark))
    only_spark = sorted(set(spark) - set(single))
    print(f"run_local.sh: MISMATCH: {len(single)} incidents from one run, {len(spark)} from Spark", file=sys.stderr)
    for line in only_single[:5]:
        print("  only in the single run:", line[:300], file=sys.stderr)
    for line in only_spark[:5]:
        print("  only in the Spark run: ", line[:300], file=sys.stderr)
    sys.exit(1)
features = json.load(open(sys.argv[3], encoding="utf-8"))["features"]
assert len(features) == len(spark), (len(features), len(spark))
print(f"run_local.sh: OK: {len(spark)} incidents, the same as one incident-map extract run")
PY
echo "run_local.sh: $articles articles, Spark job $(( (ended - started) / 1000000 )) ms with local[2]"
