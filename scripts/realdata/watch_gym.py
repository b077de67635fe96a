#!/usr/bin/env python3
"""Convert the Apple Watch gym sets of the Kaggle "Gym Workout IMU Dataset" into an evaluation
folder `auralift eval` reads.

Source: github.com/ary3141/gym-segmentation (`notebooks/manual_segments/`), which splits each
recording of that dataset (kaggle.com/datasets/shakthisairam123/gym-workout-imu-dataset: one
lifter, an Apple Watch SE on the left wrist, 2024-25) into its `_active` part (the set, as
that repository's author marked it by hand) and its `_idle` rest, both keeping the recording's
clock (`secondsElapsed`, 100 Hz). Joined again they are the whole recording: the set with the
walking, waiting and re-racking around it, as a watch app exports it. The file name carries
the date, the exercise code, the weight, the set and the reps the lifter logged
(`ddmmyy_CODE_Wkg_Sn_Rreps`; one file writes the reps without its R). The set's bounds are not
passed on: the set is to be found in the recording (labels.csv keeps them, as that repository
marked them). A set whose idle part the clone lacks is
skipped: what is left of it is the set alone, cut by hand.

The watch's device motion gives gravity and the user's acceleration apart, both in g, and the
rotation rate in rad/s. Their sum is what an accelerometer reads; the gyroscope is written
beside it.

No licence is attached to the recordings, so nothing converted is committed: the folder is
made on the user's machine from a clone the user names.

usage: watch_gym.py CLONE OUT      (CLONE: a git clone or its .git directory)
"""
import csv
import io
import json
import re
import subprocess
import sys
from pathlib import Path

from evalfolder import git, split, write_source, write_tables

SOURCE = "watch-gym"
ORIGIN = "ary3141/gym-segmentation (Kaggle shakthisairam123/gym-workout-imu-dataset)"
FOLDER = "notebooks/manual_segments"
NAME = re.compile(r"^(\d{6})_([A-Z0-9]+)_W(\d+)(?:_(\d+))?_S(\d+)_R?(\d+)-(.+)_active\.csv$")
OVERHEAD_TRICEPS = ("overhead_triceps_extension", "Overhead Triceps Extension", "armExtension",
                    "triceps")
INCLINE_DUMBBELL = ("incline_dumbbell_press", "Incline Dumbbell Press", "horizontalPress",
                    "chest_upper")
CABLE_ROW = ("cable_row", "Cable Row", "row", "lats_upper")
# The dataset's exercise code -> (exercise id, name, movement pattern, primary muscles). Ids of
# the built-in catalog where it has the exercise; the pattern picks the phase order.
EXERCISES = {
    "APULL": ("pull_up", "", "", ""),
    "SBLP": ("lat_pulldown", "", "", ""),
    "SAP": ("lat_pulldown", "", "", ""),
    "IDBC": ("biceps_curl", "", "", ""),
    "PREC": ("biceps_curl", "", "", ""),
    "MPBC": ("biceps_curl", "", "", ""),
    "AIDBC": ("alternating_dumbbell_curl", "", "", ""),
    "SBCTP": ("triceps_pushdown", "", "", ""),
    "MTE": ("machine_triceps_extension", "Machine Triceps Extension", "armExtension",
            "triceps"),
    "SAOCTE": OVERHEAD_TRICEPS,
    "SAODTE": OVERHEAD_TRICEPS,
    "CGOCTE": OVERHEAD_TRICEPS,
    "30DBP": INCLINE_DUMBBELL,
    "45DBP": INCLINE_DUMBBELL,
    "30BP": ("incline_bench_press", "Incline Bench Press", "horizontalPress", "chest_upper"),
    "MIBP": ("machine_incline_press", "Machine Incline Press", "horizontalPress",
             "chest_upper"),
    "DSP": ("dumbbell_shoulder_press", "Dumbbell Shoulder Press", "verticalPress",
            "front_delts"),
    "MSP": ("machine_shoulder_press", "Machine Shoulder Press", "verticalPress", "front_delts"),
    "DLR": ("lateral_raise", "Lateral Raise", "verticalPress", "side_delts"),
    "SACLR": ("cable_lateral_raise", "Cable Lateral Raise", "verticalPress", "side_delts"),
    "NGCR": CABLE_ROW,
    "CGCR": CABLE_ROW,
    "MGTBR": ("t_bar_row", "T-bar Row", "row", "lats_upper"),
    "DWC": ("wrist_curl", "Wrist Curl", "curl", "forearms"),
}
AXES = ["X", "Y", "Z"]


def samples(clone: Path, path: str) -> list:
    """(t, ax, ay, az, gx, gy, gz) of each complete row of one part of a recording."""
    rows = []
    for row in csv.DictReader(io.StringIO(git(clone, "show", f"HEAD:{path}").decode())):
        try:
            accel = [float(row[f"wristMotion_gravity{a}"]) + float(row[f"wristMotion_acceleration{a}"])
                     for a in AXES]
            gyro = [float(row[f"wristMotion_rotationRate{a}"]) for a in AXES]
            rows.append((float(row["secondsElapsed"]), *accel, *gyro))
        except ValueError:  # the watch had not started its device motion yet
            continue
    return rows


def present(clone: Path, path: str) -> bool:
    """Whether the clone holds the file's content (a partial clone may list a file it lacks)."""
    try:
        git(clone, "cat-file", "-e", f"HEAD:{path}")
        return True
    except subprocess.CalledProcessError:
        return False


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 64
    clone, out = Path(sys.argv[1]), Path(sys.argv[2])
    paths = set(git(clone, "ls-tree", "-r", "--name-only", "HEAD", FOLDER).decode().splitlines())
    (out / "sessions").mkdir(parents=True, exist_ok=True)
    rows, custom, skipped, unpaired = [], {}, 0, 0
    for path in sorted(p for p in paths if p.endswith("_active.csv")):
        match = NAME.match(Path(path).name)
        idle = path.replace("_active.csv", "_idle.csv")
        if not match or match[2] not in EXERCISES:
            skipped += 1
            continue
        if idle not in paths or not present(clone, idle):
            unpaired += 1
            continue
        date, code, kilos, decimals, set_number, reps, stamp = match.groups()
        exercise = EXERCISES[code]
        if exercise[1]:
            custom[exercise[0]] = exercise
        active = samples(clone, path)
        recording = sorted(active + samples(clone, idle))
        # With the clock time the recording began: one day has two recordings named alike,
        # which share a split.
        named = f"watch-{date}-{code.lower()}-s{set_number}"
        session_id = f"{named}-{stamp[-8:-3].replace('-', '')}"
        folder = out / "sessions" / session_id
        folder.mkdir(exist_ok=True)
        with (folder / "wrist.csv").open("w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["t", "ax", "ay", "az", "gx", "gy", "gz"])
            writer.writerows([f"{v:.6g}" for v in sample] for sample in recording)
        load = float(f"{kilos}.{decimals or 0}")
        manifest = {
            "session_id": session_id, "athlete_id": "watch-gym-1",
            "start_time": f"20{date[4:]}-{date[2:4]}-{date[:2]}T12:00:00Z",
            "notes": f"{ORIGIN}: {Path(path).name} without its bounds",
            "recordings": [{"kind": "imu", "path": "wrist.csv", "format": "generic",
                            "placement": "wrist", "accel_unit": "g", "gyro_unit": "rad/s"}],
            "sets": [{"set_number": 1, "exercise": exercise[0], "load_kg": load}],
        }
        (folder / "session.json").write_text(json.dumps(manifest, indent=2) + "\n")
        rows.append([session_id, 1, SOURCE, exercise[0], int(reps), f"{active[0][0]:g}",
                     f"{active[-1][0]:g}", split(named)])
    write_tables(out, rows, custom.values(), "dumbbell", {"watch-gym-1": "watch_gym_1"})
    write_source(out, "watch_gym.py", ORIGIN, clone, "recordings")
    print(f"{len(rows)} sets written to {out} ({skipped} with a name or code not known and "
          f"{unpaired} without their idle part skipped)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
