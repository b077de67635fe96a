#!/usr/bin/env python3
"""Makes a large dataset from a small one: the tables are copied, and every session folder is
repeated COPIES times under new ids (recordings hard-linked, session.json rewritten with the
new id), so a 10k-session benchmark does not need 10k generated recordings on disk.
Usage: replicate_sessions.py SOURCE DESTINATION COPIES"""
import json
import os
import shutil
import sys

source, destination, copies = sys.argv[1], sys.argv[2], int(sys.argv[3])
os.makedirs(os.path.join(destination, "sessions"), exist_ok=True)
for name in os.listdir(source):
    path = os.path.join(source, name)
    if os.path.isfile(path):
        shutil.copy(path, destination)
    elif name == "health":
        shutil.copytree(path, os.path.join(destination, name), dirs_exist_ok=True)
for session in sorted(os.listdir(os.path.join(source, "sessions"))):
    folder = os.path.join(source, "sessions", session)
    with open(os.path.join(folder, "session.json")) as handle:
        manifest = json.load(handle)
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
        with open(os.path.join(target, "session.json"), "w") as handle:
            json.dump(manifest, handle, indent=2)
