#!/usr/bin/env python3
"""Convert RepCount-A MediaPipe poses into an evaluation folder `auralift eval` reads.

Source: github.com/DanielC-MST/RepCount-Using-Skeleton-Information (RepCount_pose/), MediaPipe
33-landmark poses of RepCount-A test videos, each frame's coordinates normalised to that
frame's own bounding box (zeros where nothing was detected), with the authors' rep boundaries
per clip (annotation/test.csv: count and start/end frame of every rep).

The squat, bench-press and push-up clips of this test split are reserved for independent
checks (shared/realdata/README.md) and are never read. Pommel horse, battle rope and "others"
are not strength exercises and are skipped. The videos' frame rates are not published: the
manifests state 30 fps (what most of the clips were recorded at), which changes every time
but no count.

No licence is attached to the poses, so nothing converted is committed: the folder is made on
the user's machine from a clone the user names.

usage: repcount_pose.py CLONE OUT      (CLONE: a git clone or its .git directory)
"""
import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import numpy as np

from evalfolder import git, split, write_source, write_tables

RESERVED = {"squat", "squant", "bench_pressing", "benchpressing", "push_up", "pushups"}
# Class name -> (exercise id, name, movement pattern, primary muscles). The pattern picks the
# joint the features time reps on and the point tracked as the load.
EXERCISES = {
    "front_raise": ("front_raise", "Front Raise", "verticalPress", "front_delts"),
    "frontraise": ("front_raise", "Front Raise", "verticalPress", "front_delts"),
    "jump_jack": ("jumping_jack", "Jumping Jack", "verticalPress", "side_delts"),
    "jumpjacks": ("jumping_jack", "Jumping Jack", "verticalPress", "side_delts"),
    "pull_up": ("pull_up", "Pull-up", "pulldown", "lats_upper"),
    "pullups": ("pull_up", "Pull-up", "pulldown", "lats_upper"),
    "situp": ("sit_up", "Sit-up", "hinge", "abs_upper"),
}
LANDMARKS = [
    "nose", "left_eye_inner", "left_eye", "left_eye_outer", "right_eye_inner", "right_eye",
    "right_eye_outer", "left_ear", "right_ear", "mouth_left", "mouth_right", "left_shoulder",
    "right_shoulder", "left_elbow", "right_elbow", "left_wrist", "right_wrist", "left_pinky",
    "right_pinky", "left_index", "right_index", "left_thumb", "right_thumb", "left_hip",
    "right_hip", "left_knee", "right_knee", "left_ankle", "right_ankle", "left_heel",
    "right_heel", "left_foot_index", "right_foot_index",
]
FPS = 30.0
SOURCE = "repcount-a-pose"
ORIGIN = "DanielC-MST/RepCount-Using-Skeleton-Information"


def git_bytes(clone: Path, path: str) -> bytes:
    return git(clone, "show", f"HEAD:{path}")


def write_pose(frames: np.ndarray, path: Path) -> None:
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["t"] + [f"{n}_{a}" for n in LANDMARKS for a in ("x", "y", "z", "visibility")])
        for index, frame in enumerate(frames):
            points = frame[:99].reshape(33, 3)
            seen = bool(np.any(points != 0))
            row = [f"{index / FPS:.4f}"]
            for x, y, z in points:
                row += [f"{x:.5f}", f"{y:.5f}", f"{z:.5f}", "0.99" if seen else "0"]
            writer.writerow(row)


def write_clip(out: Path, session_id: str, athlete_id: str, exercise_id: str,
               frames: np.ndarray, note: str) -> None:
    """A clip as a session of one set: its poses and a manifest stating the assumed rate."""
    folder = out / "sessions" / session_id
    folder.mkdir(exist_ok=True)
    write_pose(frames, folder / "pose.csv")
    manifest = {
        "session_id": session_id, "athlete_id": athlete_id, "start_time": "2023-07-12T12:00:00Z",
        "notes": f"{note}; frame rate not published, 30 fps assumed",
        "recordings": [{"kind": "pose", "path": "pose.csv", "format": "mediapipe33",
                        "fps": FPS, "view": "unknown"}],
        "sets": [{"set_number": 1, "exercise": exercise_id}],
    }
    (folder / "session.json").write_text(json.dumps(manifest, indent=2) + "\n")


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 64
    clone, out = Path(sys.argv[1]), Path(sys.argv[2])
    labels = list(csv.reader(io.StringIO(git_bytes(clone, "RepCount_pose/annotation/test.csv").decode())))
    header = labels[0]
    (out / "sessions").mkdir(parents=True, exist_ok=True)
    rows, exercises = [], {}
    for record in labels[1:]:
        item = dict(zip(header, record))
        action = item["type"].strip()
        if action in RESERVED or action not in EXERCISES:
            continue
        name = item["name"].strip()
        try:
            frames = np.load(io.BytesIO(git_bytes(
                clone, f"RepCount_pose/test_poses_5_ave/{name.replace('.mp4', '.npy')}")))
        except subprocess.CalledProcessError:
            print(f"{name}: no pose file, skipped", file=sys.stderr)
            continue
        exercise = EXERCISES[action]
        exercises[exercise[0]] = exercise
        session_id = "rc-" + name.replace(".mp4", "")
        write_clip(out, session_id, "rc", exercise[0], frames, f"RepCount-A test clip {name}")
        bounds = [int(v) for v in record[4:] if v.strip()]
        start = bounds[0] / FPS if bounds else ""
        end = bounds[-1] / FPS if bounds else ""
        rows.append([session_id, 1, SOURCE, exercise[0], int(item["count"]), start, end,
                     split(session_id)])
    write_tables(out, rows, exercises.values(), "bodyweight", {"rc": "repcount_a"})
    write_source(out, "repcount_pose.py", ORIGIN, clone, "poses")
    print(f"{len(rows)} sets written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
