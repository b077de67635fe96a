#!/usr/bin/env python3
"""Where a logged count and a clear rhythm disagree: for a source counted within its authors'
bounds, every set whose rhythm is clear (autocorrelation at its period of 0.8 or more) and
whose count found differs from the logged one, beside the bounds' length over the rhythm's
period, a third reading that needs no rep to be cut. Where that reading gives the count found
and not the logged one, a rhythm that repeats as clearly cannot fit the logged reps in the
bounds: the log (or the bounds) is likely off, not the count.

usage: logged_vs_rhythm.py [SOURCE] [EVAL_DIR]      (default: watch .realdata/eval)
"""
import csv
import os
import sys

CLEAR = 0.8
# How near the bounds' length over the period must come to the count found to give it.
NEAR = 0.6


def main(source, folder):
    bounds = {(r["session_id"], r["set_number"]): (float(r["start_s"]), float(r["end_s"]))
              for r in csv.DictReader(open(os.path.join(folder, source, "labels.csv")))
              if r["start_s"]}
    print("| split | set | logged | found | bounds over period |")
    print("| --- | --- | --- | --- | --- |")
    for split in ("tune", "holdout"):
        clear = differ = explained = 0
        for row in csv.DictReader(open(os.path.join(folder, f"{source}-{split}-bounded-sets.csv"))):
            if not row["strength"] or float(row["strength"]) < CLEAR:
                continue
            clear += 1
            found, logged = int(row["evidence_reps"]), int(row["labelled_reps"])
            if found == logged:
                continue
            differ += 1
            start, end = bounds[(row["session_id"], row["set_number"])]
            periods = (end - start) / float(row["period_s"])
            explained += abs(periods - found) <= NEAR
            print(f"| {split} | {row['session_id']} | {logged} | {found} | {periods:.1f} |")
        print(f"| {split} | {clear} sets with a clear rhythm: {differ} differ from the log, "
              f"{explained} of them as the bounds over the period say | | | |")
    return 0


if __name__ == "__main__":
    arguments = sys.argv[1:]
    sys.exit(main(arguments[0] if arguments else "watch",
                  arguments[1] if len(arguments) > 1 else ".realdata/eval"))
