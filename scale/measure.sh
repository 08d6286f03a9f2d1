#!/usr/bin/env bash
# Whole-process throughput and peak memory of `incident-map extract`, the way a user runs it:
# JSON Lines in (the bundled sample, data/articles, repeated with distinct ids to about
# MB megabytes, default 40), JSON Lines out, measured with /usr/bin/time -f %M.
#
#   scale/measure.sh [BINARY] [MB] [CORPUS.jsonl]   (default: target/release/incident-map, 40)
#
# With CORPUS (JSON Lines articles, e.g. varied real news gathered for measuring), that file is
# measured instead of the repeated sample.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-target/release/incident-map}"
mb="${2:-40}"
corpus="${3:-}"
[ -x "$bin" ] || { echo "measure.sh: build $bin first (cargo build --release)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "measure.sh: needs GNU time (apt-get install time)" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if [ -n "$corpus" ]; then
  cp "$corpus" "$work/corpus.jsonl"
else
python3 - "$mb" data/articles "$work/corpus.jsonl" <<'PY'
import json, pathlib, sys
target, folder, out = int(sys.argv[1]) * 1_000_000, pathlib.Path(sys.argv[2]), sys.argv[3]
articles = []
for path in sorted(folder.iterdir()):
    text = path.read_text(encoding="utf-8")
    meta = {}
    if text.startswith("---\n"):
        head, _, text = text[4:].partition("\n---\n")
        for line in head.splitlines():
            key, _, value = line.partition(":")
            meta[key.strip()] = value.strip().strip('"')
    articles.append((path.name, meta, text))
written, copy = 0, 0
with open(out, "w", encoding="utf-8") as sink:
    while written < target:
        for name, meta, text in articles:
            article = {"id": f"copy{copy}/{name}", "text": text}
            if meta.get("title"):
                article["title"] = meta["title"]
            if meta.get("date"):
                article["date"] = meta["date"]
            line = json.dumps(article, ensure_ascii=False) + "\n"
            sink.write(line)
            written += len(line.encode("utf-8"))
        copy += 1
PY
fi
bytes=$(stat -c %s "$work/corpus.jsonl")
for mode in "extract" "extract --no-merge"; do
  start=$(date +%s%N)
  /usr/bin/time -f %M -o "$work/rss" "$bin" $mode "$work/corpus.jsonl" > "$work/out.jsonl"
  end=$(date +%s%N)
  ms=$(( (end - start) / 1000000 ))
  echo "$mode: $bytes bytes in $ms ms = $(awk "BEGIN{printf \"%.1f\", $bytes / 1000 / $ms}") MB/s, peak RSS $(( $(cat "$work/rss") / 1024 )) MB, $(wc -l < "$work/out.jsonl") incidents"
done
