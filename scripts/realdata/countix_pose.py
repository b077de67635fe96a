#!/usr/bin/env python3
"""Convert Countix-Fitness MediaPipe poses into an evaluation folder `auralift eval` reads.

Source: github.com/Wantong66/Countix-Fitness (test_poses/), MediaPipe 33-landmark poses of
fitness clips from Countix (Kinetics videos), laid out as RepCount-A's poses are (each frame
normalised to its own bounding box, zeros where nothing was detected), with the authors' rep
count per clip (annotation/test.csv). The count is the clip's: a clip is a set bounded by the
clip's own start and end, which labels.csv gives as its bounds.

The squat, bench-press and push-up clips of this test split are reserved for independent
checks (shared/realdata/README.md) and are never read. The videos' frame rates are not
published: the manifests state 30 fps, which changes every time but no count.

No licence is attached to the poses, so nothing converted is committed: the folder is made on
the user's machine from a clone the user names.

usage: countix_pose.py CLONE OUT      (CLONE: a git clone or its .git directory)
"""
import csv
import io
import subprocess
import sys
from pathlib import Path

import numpy as np

from evalfolder import git, split, write_source, write_tables
from repcount_pose import FPS, write_clip

RESERVED = {"squat", "bench_pressing", "push_up"}
# Class name -> (exercise id, name, movement pattern, primary muscles), as repcount_pose.py
# describes its classes; lunges and rope pushdowns are the catalog's own exercises.
EXERCISES = {
    "front_raise": ("front_raise", "Front Raise", "verticalPress", "front_delts"),
    "pull_ups": ("pull_up", "Pull-up", "pulldown", "lats_upper"),
    "sit_up": ("sit_up", "Sit-up", "hinge", "abs_upper"),
    "lunge": ("lunge", None, None, None),
    "rope_pushdown": ("triceps_pushdown", None, None, None),
}
SOURCE = "countix-fitness-pose"
ORIGIN = "Wantong66/Countix-Fitness"


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 64
    clone, out = Path(sys.argv[1]), Path(sys.argv[2])
    labels = list(csv.reader(io.StringIO(git(clone, "show", "HEAD:annotation/test.csv").decode())))
    header = labels[0]
    (out / "sessions").mkdir(parents=True, exist_ok=True)
    rows, exercises, empty = [], {}, []
    for record in labels[1:]:
        item = dict(zip(header, record))
        action = item.get("type", "").strip()
        if action in RESERVED or action not in EXERCISES:
            continue
        name = item["name"].strip()
        try:
            frames = np.load(io.BytesIO(git(
                clone, "show", f"HEAD:test_poses/{name.replace('.mp4', '.npy')}")))
        except subprocess.CalledProcessError:
            print(f"{name}: no pose file, skipped", file=sys.stderr)
            continue
        if len(frames) < 2:
            empty.append(name)
            continue
        exercise = EXERCISES[action]
        if exercise[1]:
            exercises[exercise[0]] = exercise
        session_id = "cx-" + name.replace(".mp4", "")
        write_clip(out, session_id, "cx", exercise[0], frames, f"Countix-Fitness test clip {name}")
        end = (len(frames) - 1) / FPS
        rows.append([session_id, 1, SOURCE, exercise[0], int(item["count"]), 0.0, round(end, 4),
                     split(session_id)])
    write_tables(out, rows, exercises.values(), "bodyweight", {"cx": "countix_fitness"})
    write_source(out, "countix_pose.py", ORIGIN, clone, "poses")
    if empty:
        print(f"{len(empty)} clips hold no pose frame and are skipped: {', '.join(empty)}",
              file=sys.stderr)
    print(f"{len(rows)} sets written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
