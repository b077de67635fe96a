#!/usr/bin/env python3
"""Convert the bar-mounted IMU sets of suzanmanasreh/wireless-imu-activity-tracking into an
evaluation folder `auralift eval` reads.

Source: that repository's `data2/<exercise>/<exercise>_<lifter>_set<n>_rep[s]<reps>_1.csv`:
an IMU strapped to the centre of the bar, one file a set, the reps the lifter did in the
name. Each row: a constant, the device clock in milliseconds, then the accelerometer (m/s²),
the gyroscope (rad/s) and the magnetometer (µT) on three axes each. Rows come 30-70 a second,
irregularly, and a sample is often repeated under a later time (the device resent it): the
rows are written as they are, as a user's export would arrive.

Only the lifters adam, anuj, kamyar and suzan are read. The other lifters' recordings (and
every copy of them elsewhere in that repository) are reserved for independent checks
(shared/realdata/README.md): their files are never opened, not even to be skipped.

The split is drawn by lifter, not by set: a lifter's two sets of an exercise are alike, and a
holdout that shares lifters with the tuning split would flatter it.

No licence is attached to the recordings, so nothing converted is committed: the folder is
made on the user's machine from a clone the user names.

usage: bar_imu.py CLONE OUT      (CLONE: a git clone or its .git directory)
"""
import csv
import io
import json
import re
import sys
from pathlib import Path

from evalfolder import git, split, write_source, write_tables

SOURCE = "bar-imu"
ORIGIN = "suzanmanasreh/wireless-imu-activity-tracking"
LIFTERS = ("adam", "anuj", "kamyar", "suzan")
NAME = re.compile(r"^data2/[a-z_]+/([a-z]+)_([a-z]+)_set(\d+)_reps?(\d+)_\d+\.csv$")
# The file's exercise word -> exercise id of the built-in catalog.
EXERCISES = {
    "bicep": "biceps_curl",
    "dead": "deadlift",
    "rdl": "romanian_deadlift",
    "row": "barbell_row",
    "shoulder": "overhead_press",
    "squat": "back_squat",
}


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 64
    clone, out = Path(sys.argv[1]), Path(sys.argv[2])
    (out / "sessions").mkdir(parents=True, exist_ok=True)
    rows, athletes = [], set()
    for path in sorted(git(clone, "ls-tree", "-r", "--name-only", "HEAD", "data2").decode()
                       .splitlines()):
        match = NAME.match(path)
        # The lifter is read from the name before anything else: a reserved lifter's file is
        # never opened.
        if not match or match.group(2) not in LIFTERS or match.group(1) not in EXERCISES:
            continue
        word, lifter, set_number, reps = match.groups()
        samples = list(csv.reader(io.StringIO(git(clone, "show", f"HEAD:{path}").decode())))
        session_id = f"bar-{word}-{lifter}-{set_number}"
        folder = out / "sessions" / session_id
        folder.mkdir(exist_ok=True)
        start_ms = float(samples[0][1])
        with (folder / "bar.csv").open("w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["t", "ax", "ay", "az", "gx", "gy", "gz", "mx", "my", "mz"])
            for sample in samples:
                writer.writerow([f"{(float(sample[1]) - start_ms) / 1000:.3f}", *sample[2:11]])
        manifest = {
            "session_id": session_id, "athlete_id": f"bar-{lifter}",
            "start_time": "2023-04-01T12:00:00Z",
            "notes": f"{ORIGIN} {path}",
            "recordings": [{"kind": "imu", "path": "bar.csv", "format": "generic",
                            "placement": "barbell", "accel_unit": "m/s2",
                            "gyro_unit": "rad/s"}],
            "sets": [{"set_number": 1, "exercise": EXERCISES[word]}],
        }
        (folder / "session.json").write_text(json.dumps(manifest, indent=2) + "\n")
        athletes.add(lifter)
        rows.append([session_id, 1, SOURCE, EXERCISES[word], int(reps), "", "", split(lifter)])
    write_tables(out, rows, [], "barbell", {f"bar-{a}": f"bar_{a}" for a in athletes})
    write_source(out, "bar_imu.py", ORIGIN, clone, "recordings")
    print(f"{len(rows)} sets of {len(athletes)} lifters written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
