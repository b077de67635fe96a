#!/usr/bin/env python3
"""How far the publication gate travels: each source's sets (and each bar lifter's, the one
source of its kind), published as the pipeline publishes them but with the confidence
(`RepCountCalibration.tallies`: exact / counted per class, smoothed by one exact and one wrong
count) tallied on every other source's or lifter's sets alone, both splits. A count found in
its recording, or a limb's within given bounds, is published where that confidence reaches
0.9 and the count is plausible; a bar's or a camera's within given bounds is published unless
implausible, as today. Prints, per group, split and bounds: sets, the share published today
and left out, and the exact and within-one shares among those published left out.

usage: gate_travel.py [EVAL_DIR]      (EVAL_DIR: .realdata/eval after make eval-real)
"""
import collections
import csv
import glob
import os
import sys

from calibrate_intervals import tallies

MIN_CONFIDENCE = 0.9


def rows(folder):
    """Every set of the set lists, with its source, lifter group, split and bounds."""
    for path in sorted(glob.glob(os.path.join(folder, "*-sets.csv"))):
        name = os.path.basename(path)[:-len("-sets.csv")].split("-")
        source, split, bounds = name[0], name[1], "given" if "bounded" in name else "found"
        for row in csv.DictReader(open(path)):
            # The bar's sets are named bar-<exercise>-<lifter>-<n>: one source, four people.
            group = f"bar {row['session_id'].split('-')[2]}" if source == "bar" else source
            row.update(_source=source, _group=group, _split=split, _bounds=bounds)
            yield row


def gated(row):
    """Whether the row's count must reach the confidence (else it is published unless
    implausible): a set found in its recording, or a limb's."""
    return row["_bounds"] == "found" or row["interval_class"].startswith("limb/")


def plausible(row):
    """A count was found and nothing but the confidence kept it back."""
    reason = row["unknown_reason"]
    return bool(row["evidence_reps"]) and (
        not reason or " reps were counted, but the recording does not show them" in reason)


def published(row, counts):
    if not plausible(row):
        return False
    if not gated(row):
        return True
    sensor, bounds, evidence = row["interval_class"].split("/")
    exact, counted = counts.get((sensor, bounds, evidence == "rhythm agrees"), (0, 0))
    return (exact + 1) / (counted + 2) >= MIN_CONFIDENCE


def pct(part, whole):
    return f"{100 * part / whole:.0f} %" if whole else "–"


def main(folder):
    everything = list(rows(folder))
    print("| group | split | bounds | sets | published today | published, gate tallied without the group "
          "| exact among them | within one among them |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for group in sorted({row["_group"] for row in everything}):
        counts = tallies(row for row in everything if row["_group"] != group)
        mine = collections.defaultdict(list)
        for row in everything:
            if row["_group"] == group:
                mine[(row["_split"], row["_bounds"])].append(row)
        for (split, bounds), sets in sorted(mine.items(), key=lambda item: (item[0][1], item[0][0] != "tune")):
            today = sum(1 for row in sets if row["measured_reps"] and not row["unknown_reason"])
            shown = [row for row in sets if published(row, counts)]
            errors = [abs(int(row["evidence_reps"]) - int(row["labelled_reps"])) for row in shown]
            print(f"| {group} | {split} | {bounds} | {len(sets)} | {pct(today, len(sets))} | "
                  f"{pct(len(shown), len(sets))} | {pct(errors.count(0), len(shown))} | "
                  f"{pct(sum(1 for e in errors if e <= 1), len(shown))} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else ".realdata/eval"))
