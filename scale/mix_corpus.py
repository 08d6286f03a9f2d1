#!/usr/bin/env python3
"""Builds the mixed real-news corpus the README's whole-process figures are measured on.

    python3 scale/mix_corpus.py MB OUT.jsonl [EVAL_DIR]   (EVAL_DIR: default ../shared/eval)

Reads the development sets at run time (nothing of them is kept in the repository): the
TR-News and GeoWebNews articles, every article of the GVA incidents (with its title), the
MUC-4 texts (with their dateline's date) and the sample articles, then writes them as
JSON Lines articles, over and over with distinct ids, until MB megabytes are written.
"""
import json
import pathlib
import sys
import xml.etree.ElementTree as ET


def articles(ev: pathlib.Path, seeds: pathlib.Path):
    for corpus in ("geoparse/TR-News.xml", "geoparse/GWN.xml"):
        for a in ET.parse(ev / corpus).getroot().iter("article"):
            yield {"text": a.findtext("text") or ""}
    with open(ev / "clusters/gva-dev.jsonl", encoding="utf-8") as lines:
        for line in lines:
            for art in json.loads(line)["articles"]:
                yield {"title": art.get("title") or "", "text": art.get("content") or ""}
    with open(ev / "muc4/muc4-dev.jsonl", encoding="utf-8") as lines:
        for line in lines:
            doc = json.loads(line)
            article = {"text": doc["text"]}
            date = (doc.get("dateline") or {}).get("date")
            if date:
                article["date"] = date
            yield article
    for path in sorted(seeds.iterdir()):
        yield {"text": path.read_text(encoding="utf-8")}


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    target = int(sys.argv[1]) * 1_000_000
    out = sys.argv[2]
    ev = pathlib.Path(sys.argv[3] if len(sys.argv) > 3 else "../shared/eval")
    if not ev.is_dir():
        print(f"mix_corpus.py: no evaluation data at {ev}", file=sys.stderr)
        return 2
    texts = [a for a in articles(ev, ev.parent / "seeds") if a["text"].strip()]
    written, copy = 0, 0
    with open(out, "w", encoding="utf-8") as sink:
        while written < target:
            for i, article in enumerate(texts):
                line = json.dumps({**article, "id": f"c{copy}-{i}"}, ensure_ascii=False) + "\n"
                sink.write(line)
                written += len(line.encode("utf-8"))
                if written >= target:
                    break
            copy += 1
    print(f"{out}: {written} bytes, {len(texts)} distinct articles")
    return 0


if __name__ == "__main__":
    sys.exit(main())
