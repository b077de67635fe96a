"""Splits the benchmark page bench.sh assembles: BENCHMARKS.md keeps each section's summary
table, and the per-exercise, per-format and per-source tables under two sections go to a
page of their own, linked from it.

usage: split_benchmarks.py FULL.md BENCHMARKS.md DETAILS.md
"""
import re
import sys

# Sections whose ### tables are details, and the one table of each that stays.
SUMMARIES = {
    "## Feature accuracy against ground truth": "### The targets, three seeds",
    "## Rep counts on real recordings": "### Right or unknown, every source and split",
}


def split(text):
    main, details = [], []
    for section in re.split(r"(?m)^(?=## )", text):
        title = next((t for t in SUMMARIES if section.startswith(t)), None)
        if title is None:
            main.append(section)
            continue
        parts = re.split(r"(?m)^(?=### )", section)
        kept = [parts[0]] + [p for p in parts[1:] if p.startswith(SUMMARIES[title])]
        moved = [p for p in parts[1:] if not p.startswith(SUMMARIES[title])]
        link = "Per exercise, format and source: [docs/accuracy-tables.md](docs/accuracy-tables.md).\n\n"
        main.append(kept[0].rstrip("\n") + "\n\n" + link + "".join(kept[1:]))
        details.append(section.splitlines()[0] + "\n\n" + "".join(moved))
    return "".join(main), "".join(details)


def main():
    full = open(sys.argv[1], encoding="utf-8").read()
    head = full.split("\n## ", 1)[0]
    machine = "\n".join(l for l in head.splitlines() if l.startswith(("Machine:", "Command:")))
    kept, moved = split(full)
    open(sys.argv[2], "w", encoding="utf-8").write(kept.rstrip("\n") + "\n")
    page = (
        "# Accuracy tables\n\nThe tables behind [BENCHMARKS.md](../BENCHMARKS.md)'s accuracy "
        "summaries, written by the same `make bench`.\n\n" + machine + "\n\n" + moved.rstrip("\n") + "\n"
    )
    open(sys.argv[3], "w", encoding="utf-8").write(page.replace("](docs/", "]("))


main()
