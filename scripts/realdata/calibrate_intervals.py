#!/usr/bin/env python3
"""The reps intervals' calibration (`RepCountCalibration.halfWidths`) from `make eval-real`'s
set lists: for each class of count (what recorded it, bounds found or given, whether its rhythm
agrees or its recording lost part of the set), the ceil((n + 1) x 0.9)-th smallest of the n absolute
count errors of its tuning sets (split conformal), or the largest where n is under 9. Prints the
Swift table, then each source's coverage and median width on both splits with that table. A
set whose recording shows neither a rep nor swings of it (class "no count") gets 1 to the
ceil((n + 1) x 0.9)-th smallest of the n such tuning sets' counts (the largest where that rank
is past n): one-sided, since every such set holds at least one rep. With --leave-one-source-out, each
source's sets (both splits) get the intervals calibrated on the other sources' sets alone (a
class no other source has takes the widest half-width): how far the calibration travels.
Without it, the Swift table of `RepCountCalibration.tallies` (exact / counted per sensor and
bounds, where the rhythm agrees and where not, the sets that lost part of their recording
left out) is printed first: the counts the confidence is made of.

usage: calibrate_intervals.py [--leave-one-source-out] [EVAL_DIR]
       (EVAL_DIR: .realdata/eval after make eval-real)
"""
import collections
import csv
import glob
import math
import os
import statistics
import sys

LEVEL = 0.9


def sets(folder, split):
    """Every set of the split's set lists, found and within bounds."""
    for path in sorted(glob.glob(os.path.join(folder, f"*-{split}-sets.csv"))
                       + glob.glob(os.path.join(folder, f"*-{split}-bounded-sets.csv"))):
        source = os.path.basename(path).split("-")[0]
        bounds = "given" if "-bounded-" in path else "found"
        for row in csv.DictReader(open(path)):
            row["_source"], row["_bounds"] = source, bounds
            yield row


def count(row):
    """What the row's interval is made around: the count found, or where no rep was found,
    the swings (class "swings", or "swings/part lost" where packets were lost)."""
    return int(row["swings"] if row["interval_class"].startswith("swings") else row["measured_reps"])


def no_count(row):
    """Whether the recording shows neither a rep nor swings of the set (not a session that
    could not be read, whose sets get no range)."""
    return row["interval_class"] == "no count" or (
        row["unknown_reason"] == "no reps found" and not row["swings"])


def half_widths(rows):
    errors = collections.defaultdict(list)
    for row in rows:
        if no_count(row):
            # Not an error around a count: the count itself, bounding the range from above.
            errors["no count"].append(int(row["labelled_reps"]))
        elif row["interval_class"] and row["measured_reps"]:
            errors[row["interval_class"]].append(abs(int(row["labelled_reps"]) - count(row)))
    table = {}
    for name, values in errors.items():
        values.sort()
        rank = math.ceil((len(values) + 1) * LEVEL)
        table[name] = (len(values), values[rank - 1] if rank <= len(values) else values[-1])
    return table


def interval(row, table):
    """The row's interval under `table`, as RepCountCalibration.interval makes it."""
    widest = max(half for name, (_, half) in table.items() if name != "no count")
    if no_count(row):
        return 1, table.get("no count", (0, widest))[1]
    half = table.get(row["interval_class"], (0, widest))[1]
    return max(1, count(row) - half), max(1, count(row) + half)


def coverage(rows, table=None):
    """(sets, held, widths) per (source, bounds), with the intervals the rows carry, or those
    `table` gives."""
    by_source = collections.defaultdict(lambda: [0, 0, []])
    for row in rows:
        tally = by_source[(row["_source"], row["_bounds"])]
        tally[0] += 1
        if row["reps_low"]:
            low, high = ((int(row["reps_low"]), int(row["reps_high"])) if table is None
                         else interval(row, table))
            tally[1] += low <= int(row["labelled_reps"]) <= high
            tally[2].append(high - low)
    return by_source


def leave_one_source_out(folder):
    rows = list(sets(folder, "tune")) + list(sets(folder, "holdout"))
    print("| source | bounds | sets | interval holds the count | median width |")
    print("| --- | --- | --- | --- | --- |")
    for source in sorted({row["_source"] for row in rows}):
        table = half_widths(row for row in rows if row["_source"] != source)
        mine = [row for row in rows if row["_source"] == source]
        for (_, bounds), (n, held, widths) in sorted(coverage(mine, table).items()):
            width = f"{statistics.median(widths):g}" if widths else "–"
            print(f"| {source} | {bounds} | {n} | {100 * held / n:.0f} % | {width} |")
    return 0


def tallies(rows):
    """(exact, counted) per (sensor, bounds, rhythm agrees) of the rows with a count; a load's
    sets within given bounds take its found sets' tally (none of its sets came with bounds)."""
    counts = collections.defaultdict(lambda: [0, 0])
    for row in rows:
        name = row["interval_class"]
        if not row["evidence_reps"] or not name or name.count("/") != 2:
            continue
        sensor, bounds, evidence = name.split("/")
        if evidence == "part lost":
            continue
        tally = counts[(sensor, bounds, evidence == "rhythm agrees")]
        tally[0] += int(row["evidence_reps"]) == int(row["labelled_reps"])
        tally[1] += 1
    return counts


def print_tallies(rows):
    counts = tallies(rows)
    for sensor in ("loadImu", "limb", "camera"):
        def tally(bounds):
            given = bounds if (sensor, bounds, True) in counts else "found"
            agreeing, other = counts[(sensor, given, True)], counts[(sensor, given, False)]
            return f"Tally(({agreeing[0]}, {agreeing[1]}), ({other[0]}, {other[1]}))"
        print(f"    .{sensor}: (found: {tally('found')}, given: {tally('given')}),")
    print()


def main(folder):
    print_tallies(sets(folder, "tune"))
    table = half_widths(sets(folder, "tune"))
    swift_sensor = {"loadImu": ".loadImu", "limb": ".limb", "camera": ".camera"}
    swift_evidence = {"rhythm agrees": ".rhythmAgrees", "rhythm disagrees": ".rhythmDisagrees",
                      "part lost": ".partLost"}
    for name in sorted(table):
        if name.startswith("swings") or name == "no count":
            print(f"    {name}: {table[name]}")
            continue
        sensor, bounds, evidence = name.split("/")
        n, half = table[name]
        print(f"    .init(sensor: {swift_sensor[sensor]}, boundsFound: {str(bounds == 'found').lower()}, "
              f"evidence: {swift_evidence[evidence]}): ({n}, {half}),")
    print()
    print("| source | bounds | split | sets | interval holds the count | median width |")
    print("| --- | --- | --- | --- | --- | --- |")
    for split in ("tune", "holdout"):
        for (source, bounds), (n, held, widths) in sorted(coverage(sets(folder, split)).items()):
            width = f"{statistics.median(widths):g}" if widths else "–"
            print(f"| {source} | {bounds} | {split} | {n} | {100 * held / n:.0f} % | {width} |")
    return 0


if __name__ == "__main__":
    arguments = sys.argv[1:]
    loso = "--leave-one-source-out" in arguments
    arguments = [a for a in arguments if a != "--leave-one-source-out"]
    folder = arguments[0] if arguments else ".realdata/eval"
    sys.exit(leave_one_source_out(folder) if loso else main(folder))
