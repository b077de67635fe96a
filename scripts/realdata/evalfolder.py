"""What every real-data converter writes beside its sessions: the split of a set, labels.csv,
exercises.csv, athletes.csv and SOURCE.md (docs/real-data.md describes the folder)."""
import csv
import hashlib
import subprocess
from pathlib import Path


def split(session_id: str) -> str:
    """A third of the sets, chosen by a hash of their id, is held out from tuning."""
    return "holdout" if int(hashlib.sha1(session_id.encode()).hexdigest(), 16) % 3 == 0 else "tune"


def git(clone: Path, *args: str) -> bytes:
    """The output of a git command in `clone` (a clone or its .git directory)."""
    return subprocess.run(["git", "-C", str(clone), *args], check=True, capture_output=True).stdout


def write_tables(out: Path, labels: list, exercises, equipment: str, athletes: dict) -> None:
    """labels.csv (one row per set: session, set, source, exercise, reps, bounds, split),
    exercises.csv (id, name, pattern, muscles) and athletes.csv (id -> username)."""
    with (out / "labels.csv").open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["session_id", "set_number", "source", "exercise", "reps", "start_s", "end_s",
                         "split"])
        writer.writerows(sorted(labels))
    with (out / "exercises.csv").open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["exercise_id", "name", "pattern", "primary_muscles", "equipment"])
        for exercise_id, name, pattern, muscles in sorted(exercises):
            writer.writerow([exercise_id, name, pattern, muscles, equipment])
    (out / "athletes.csv").write_text(
        "athlete_id,username\n" + "".join(f"{a},{u}\n" for a, u in sorted(athletes.items())))


def write_source(out: Path, script: str, origin: str, clone: Path, what: str) -> None:
    """SOURCE.md: where the folder came from, and that it stays out of the repository."""
    commit = git(clone, "rev-parse", "HEAD").decode().strip()
    (out / "SOURCE.md").write_text(
        f"Converted by scripts/realdata/{script} from {origin} at {commit}.\n"
        f"No licence is attached to these {what}: keep this folder out of the repository.\n")
