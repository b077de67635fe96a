#!/usr/bin/env python3
"""Turn a dataset the generator wrote with a watch app's recordings into a folder that
`auralift eval` reads as it reads real recordings (docs/real-data.md): every set counted
without its bounds or logged reps, from the watch alone, beside the true count.

The dataset comes from `auralift synth --imu-placements wrist --watch-app ...`. Sessions
without a watch are left out; the camera is left out of the rest. labels.csv takes each
set's true count and bounds from truth.json; its split is "generated".

usage: watch_app_sets.py DATASET OUT
"""
import csv
import json
import shutil
import sys
from pathlib import Path


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 64
    dataset, out = Path(sys.argv[1]), Path(sys.argv[2])
    shutil.rmtree(out, ignore_errors=True)
    (out / "sessions").mkdir(parents=True)
    for table in dataset.glob("*.csv"):
        shutil.copy(table, out / table.name)
    truth = {s["session_id"]: s for s in json.loads((dataset / "truth.json").read_text())["sessions"]}
    labels = []
    for manifest_path in sorted((dataset / "sessions").glob("*/session.json")):
        manifest = json.loads(manifest_path.read_text())
        watch = [r for r in manifest["recordings"] if r["kind"] == "imu"]
        if not watch or manifest["session_id"] not in truth:
            continue
        folder = out / "sessions" / manifest_path.parent.name
        folder.mkdir()
        for recording in watch:
            source = manifest_path.parent / recording["path"]
            copy = shutil.copytree if source.is_dir() else shutil.copy
            copy(source, folder / recording["path"])
        manifest["recordings"] = watch
        (folder / "session.json").write_text(json.dumps(manifest, indent=1))
        exercises = {s["set_number"]: s["exercise"] for s in manifest["sets"]}
        for s in truth[manifest["session_id"]]["sets"]:
            labels.append([manifest["session_id"], s["set_number"], "generated-watch-app",
                           exercises[s["set_number"]], s["reps"], round(s["start_seconds"], 2),
                           round(s["end_seconds"], 2), "generated"])
    with (out / "labels.csv").open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["session_id", "set_number", "source", "exercise", "reps", "start_s", "end_s",
                         "split"])
        writer.writerows(labels)
    print(f"{out}: {len(labels)} sets")
    return 0


if __name__ == "__main__":
    sys.exit(main())
