#!/usr/bin/env python3
"""Convert muvr's labelled wrist recordings into an evaluation folder `auralift eval` reads.

Source: github.com/muvr/muvr-training-data (`labelled/<group>/*.csv`), recorded in 2015 with
the muvr watch app: one file per set, each row one accelerometer sample in g (x, y, z; no
gyroscope) followed by the exercise, an empty intensity, the weight and the repetitions the
lifter logged for that set. Sets whose repetitions are 0 or empty carry no count and are
skipped, as is the 18-09-15 folder, whose files carry none. So are the sets recorded for
less than a second per logged rep (12 of them, down to 2 s for 10 reps): their recording
cannot hold the count logged for them.

The files state no sampling rate. The muvr watch app of that time (muvr/muvr-pebble,
src/main.c) sampled its accelerometer at 50 Hz, so the manifests state 50 Hz: that scales
every duration but changes no count.

No licence is attached to the recordings, so nothing converted is committed: the folder is
made on the user's machine from a clone the user names.

usage: muvr_wrist.py CLONE OUT      (CLONE: a git clone or its .git directory)
"""
import csv
import io
import json
import sys
from pathlib import Path

from evalfolder import git, split, write_source, write_tables

RATE_HZ = 50.0
SHORTEST_REP_S = 1.0
SOURCE = "muvr-wrist"
ORIGIN = "muvr/muvr-training-data"
# muvr's exercise name -> (exercise id, name, movement pattern, primary muscles). Ids of the
# built-in catalog where it has the exercise; the pattern picks the phase order.
EXERCISES = {
    "alt-dumbbell-biceps-curl": ("alternating_dumbbell_curl", "", "", ""),
    "barbell-biceps-curl": ("biceps_curl", "", "", ""),
    "dumbbell-biceps-curl": ("biceps_curl", "", "", ""),
    "rope-biceps-curl": ("biceps_curl", "", "", ""),
    "straight-bar-biceps-curl": ("biceps_curl", "", "", ""),
    "rope-triceps-extension": ("triceps_pushdown", "", "", ""),
    "straight-bar-triceps-extension": ("triceps_pushdown", "", "", ""),
    "lat-pulldown-angled": ("lat_pulldown", "", "", ""),
    "lat-pulldown-straight": ("lat_pulldown", "", "", ""),
    "barbell-pullup": ("pull_up", "Pull-up", "pulldown", "lats_upper"),
    "overhead-pull": ("overhead_pull", "Overhead Pull", "pulldown", "lats_upper"),
    "angle-chest-press": ("incline_chest_press", "Incline Chest Press", "horizontalPress",
                          "chest_upper"),
    "dumbbell-chest-press": ("dumbbell_chest_press", "Dumbbell Chest Press", "horizontalPress",
                             "chest_middle"),
    "dumbbell-chest-fly": ("dumbbell_chest_fly", "Dumbbell Chest Fly", "horizontalPress",
                           "chest_middle"),
    "cable-cross-overs": ("cable_cross_over", "Cable Cross-over", "horizontalPress",
                          "chest_lower"),
    "cable-deltoid-cross-overs": ("cable_rear_delt_fly", "Cable Rear Delt Fly", "row",
                                  "rear_delts"),
    "barbell-press": ("overhead_press", "", "", ""),
    "dumbbell-press": ("dumbbell_shoulder_press", "Dumbbell Shoulder Press", "verticalPress",
                       "front_delts"),
    "dumbbell-front-rise": ("front_raise", "Front Raise", "verticalPress", "front_delts"),
    "dumbbell-side-rise": ("lateral_raise", "Lateral Raise", "verticalPress", "side_delts"),
    "lateral-raise": ("lateral_raise", "Lateral Raise", "verticalPress", "side_delts"),
    "deltoid-row": ("upright_row", "Upright Row", "row", "side_delts"),
    "dumbbell-row": ("dumbbell_row", "Dumbbell Row", "row", "lats_upper"),
    "leverage-high-row": ("machine_high_row", "Machine High Row", "row", "lats_upper"),
    "triceps-dips": ("triceps_dip", "Triceps Dip", "armExtension", "triceps"),
    "side-dips": ("side_bend", "Side Bend", "hinge", "obliques"),
    "pulldown-crunch": ("cable_crunch", "Cable Crunch", "hinge", "abs_upper"),
    "twist": ("russian_twist", "Russian Twist", "hinge", "obliques"),
}


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 64
    clone, out = Path(sys.argv[1]), Path(sys.argv[2])
    paths = [p for p in git(clone, "ls-tree", "-r", "--name-only", "HEAD", "labelled").decode()
             .splitlines() if p.endswith(".csv") and "/18-09-15-" not in p]
    (out / "sessions").mkdir(parents=True, exist_ok=True)
    rows, custom, athletes, skipped, too_short = [], {}, set(), 0, 0
    for path in sorted(paths):
        samples = list(csv.reader(io.StringIO(git(clone, "show", f"HEAD:{path}").decode())))
        name, weight, reps = samples[0][3].strip(), samples[0][5].strip(), samples[0][6].strip()
        if not reps or float(reps) <= 0 or name not in EXERCISES:
            skipped += 1
            continue
        if len(samples) / RATE_HZ < SHORTEST_REP_S * float(reps):
            too_short += 1
            continue
        exercise = EXERCISES[name]
        if exercise[1]:
            custom[exercise[0]] = exercise
        stem = Path(path).stem.removeprefix("labelled_")  # e.g. arms_jan-2_13
        lifter = stem.split("_")[1].split("-")[0]
        athletes.add(lifter)
        session_id = f"muvr-{stem.replace('_', '-')}"
        folder = out / "sessions" / session_id
        folder.mkdir(exist_ok=True)
        with (folder / "wrist.csv").open("w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["t", "ax", "ay", "az"])
            for index, sample in enumerate(samples):
                writer.writerow([f"{index / RATE_HZ:.3f}", *sample[:3]])
        set_row = {"set_number": 1, "exercise": exercise[0]}
        if weight and float(weight) > 0:
            set_row["load_kg"] = float(weight)
        manifest = {
            "session_id": session_id, "athlete_id": f"muvr-{lifter}",
            "start_time": "2015-07-10T12:00:00Z",
            "notes": f"muvr labelled set {path} ({name}); 50 Hz, as muvr's watch app sampled",
            "recordings": [{"kind": "imu", "path": "wrist.csv", "format": "generic",
                            "placement": "wrist", "accel_unit": "g"}],
            "sets": [set_row],
        }
        (folder / "session.json").write_text(json.dumps(manifest, indent=2) + "\n")
        rows.append([session_id, 1, SOURCE, exercise[0], int(float(reps)), "", "",
                     split(session_id)])
    write_tables(out, rows, custom.values(), "dumbbell",
                 {f"muvr-{a}": f"muvr_{a}" for a in athletes})
    write_source(out, "muvr_wrist.py", ORIGIN, clone, "recordings")
    print(f"{len(rows)} sets written to {out} ({skipped} without a logged count and "
          f"{too_short} recorded for under {SHORTEST_REP_S:.0f} s a rep skipped)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
