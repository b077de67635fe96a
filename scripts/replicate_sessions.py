#!/usr/bin/env python3
"""Makes a large dataset from a small one: the gym repeated COPIES times. Copy K of each
athlete is athlete `<id>-rK` (their rows of every table repeated under that id), and copy K
of each session folder is `<session>-rK`, theirs (recordings hard-linked, session.json
rewritten), so a 10k-session benchmark does not need 10k generated recordings on disk. Each
copy belongs to an athlete of its own: the same recordings under one athlete would be one
session uploaded twice, which a run counts once.
Usage: replicate_sessions.py SOURCE DESTINATION COPIES"""
import csv
import json
import os
import shutil
import sys

source, destination, copies = sys.argv[1], sys.argv[2], int(sys.argv[3])
os.makedirs(os.path.join(destination, "sessions"), exist_ok=True)


def replica(athlete, copy):
    return f"{athlete}-r{copy:03d}"


# Tables with an athlete column: every row repeated for each copy of its athlete.
athlete_columns = {"athletes.csv": "athlete_id", "wellness.csv": "athlete_id",
                   "nutrition.csv": "athlete_id", "morpho.csv": "athlete_id"}
for name in os.listdir(source):
    path = os.path.join(source, name)
    if os.path.isfile(path) and name in athlete_columns:
        with open(path, newline="") as handle:
            reader = csv.DictReader(handle)
            rows, fields = list(reader), reader.fieldnames
        with open(os.path.join(destination, name), "w", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=fields)
            writer.writeheader()
            for copy in range(copies):
                for row in rows:
                    row = dict(row)
                    row[athlete_columns[name]] = replica(row[athlete_columns[name]], copy)
                    if name == "athletes.csv" and row.get("username"):
                        row["username"] = replica(row["username"], copy)
                    writer.writerow(row)
    elif os.path.isfile(path):
        shutil.copy(path, destination)
    elif name == "health":
        for athlete in os.listdir(path):
            for copy in range(copies):
                shutil.copytree(os.path.join(path, athlete),
                                os.path.join(destination, name, replica(athlete, copy)),
                                copy_function=os.link, dirs_exist_ok=True)
for session in sorted(os.listdir(os.path.join(source, "sessions"))):
    folder = os.path.join(source, "sessions", session)
    with open(os.path.join(folder, "session.json")) as handle:
        manifest = json.load(handle)
    athlete = manifest["athlete_id"]
    for copy in range(copies):
        new_id = f"{session}-r{copy:03d}"
        target = os.path.join(destination, "sessions", new_id)
        for root, _, files in os.walk(folder):
            relative = os.path.relpath(root, folder)
            os.makedirs(os.path.join(target, relative), exist_ok=True)
            for file in files:
                if relative == "." and file == "session.json":
                    continue
                os.link(os.path.join(root, file), os.path.join(target, relative, file))
        manifest["session_id"] = new_id
        manifest["athlete_id"] = replica(athlete, copy)
        with open(os.path.join(target, "session.json"), "w") as handle:
            json.dump(manifest, handle, indent=2)
