#!/usr/bin/env python3
"""The real-data contract at a glance: per source and split, how many sets are given a count,
how many of those are right, how many counts of 0 are published, what the counters alone (every
count found published) do, and how often the published reps interval (reps_low-reps_high) holds
the authors' count.

usage: contract_summary.py TITLE|SPLIT|BOUNDS|TABLE.csv|EVERY-COUNT.csv ...
(the tables are `auralift eval --csv` outputs, each beside its `--reps` set list, TABLE less
.csv plus -sets.csv; EVERY-COUNT may be empty. A table from a binary that published no reps
interval shows "–" there.)
"""
import csv
import os
import sys


def total(path):
    """The `all` rows of an `auralift eval --csv` table (one per modality), summed."""
    rows = [r for r in csv.DictReader(open(path)) if r["source"] == "all"]
    sets = sum(int(r["sets"]) for r in rows)
    unknown = sum(int(r["unknown_sets"]) for r in rows)
    def share(column, of):
        return sum(float(r[column] or 0) / 100 * of(r) for r in rows)
    exact = share("reps_exact_pct", lambda r: int(r["sets"]))
    counted_exact = share("counted_exact_pct", lambda r: int(r["sets"]) - int(r["unknown_sets"]))
    counted_within = share("counted_within_one_pct",
                           lambda r: int(r["sets"]) - int(r["unknown_sets"]))
    holds = (share("interval_holds_pct", lambda r: int(r["sets"]))
             if rows and "interval_holds_pct" in rows[0] else None)
    widths = [r["interval_median_width"] for r in rows if r.get("interval_median_width")]
    return sets, unknown, exact, counted_exact, counted_within, holds, "/".join(widths) or "–"


def published_zeros(table):
    """Sets published with a count of 0, from the table's set list (None without one)."""
    path = table[:-len(".csv")] + "-sets.csv"
    if not os.path.exists(path):
        return None
    return sum(1 for r in csv.DictReader(open(path))
               if r["measured_reps"] == "0" and not r["unknown_reason"])


def pct(part, whole):
    return f"{100 * part / whole:.0f} %" if whole and part is not None else "–"


def main(arguments):
    print("| source | split | bounds | sets | given a count | exact among them | within one among them "
          "| published 0 | exact of all sets | counters alone: exact | counters alone: within one "
          "| interval holds the count | interval's median width |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for argument in arguments:
        title, split, bounds, table, every = argument.split("|")
        sets, unknown, exact, counted_exact, counted_within, holds, width = total(table)
        counted = sets - unknown
        alone = ["–", "–"]
        if every:
            a_sets, a_unknown, _, a_exact, a_within, _, _ = total(every)
            alone = [pct(a_exact, a_sets), pct(a_within, a_sets)]
        zeros = published_zeros(table)
        print(f"| {title} | {split} | {bounds} | {sets} | {pct(counted, sets)} | "
              f"{pct(counted_exact, counted)} | {pct(counted_within, counted)} | "
              f"{'–' if zeros is None else zeros} | {pct(exact, sets)} | {alone[0]} | {alone[1]} | {pct(holds, sets)} | {width} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
