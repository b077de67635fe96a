#!/usr/bin/env python3
"""Copies a published database and gives every athlete's latest session the longest reasons
the pipeline writes (a count left unknown, an entry to check, an input set aside), and one
athlete a 64-character username without a space (athletes.csv sets no length), so that `auralift report --database`
renders pages a phone must still hold (make test-browser)."""
import shutil
import sqlite3
import sys

source, target = sys.argv[1], sys.argv[2]
shutil.copyfile(source, target)
UNKNOWN = ("the recording lost packets of samples without their time (numbered samples "
           "1,204-1,316, 2,880-2,992 and 4,115-4,227 are missing), so reps made meanwhile are "
           "missing from it")
CHECK = ("e1RM 2,450.0 kg is more than 1.5 times the best of the last 42 days "
         "(86.5 kg on Sat_14_Nov_back_squat_competition_pause_variation)")
with sqlite3.connect(target) as db:
    db.execute(
        "UPDATE user_profile SET username = ? WHERE id = (SELECT min(id) FROM user_profile)",
        ("maximilianavonhohenzollernsigmaringen" + "x" * 27,))
    latest = db.execute(
        "SELECT user_profile_id, max(start_time) FROM workout_session GROUP BY user_profile_id"
    ).fetchall()
    for athlete, start in latest:
        (session,) = db.execute(
            "SELECT id FROM workout_session WHERE user_profile_id = ? AND start_time = ?",
            (athlete, start)).fetchone()
        sets = [row[0] for row in db.execute(
            "SELECT set_number FROM workout_set WHERE session_id = ? ORDER BY set_number",
            (session,))]
        if sets:
            db.execute(
                "UPDATE workout_set SET reps = NULL, reps_unknown_reason = ? "
                "WHERE session_id = ? AND set_number = ?", (UNKNOWN, session, sets[0]))
            db.execute(
                "UPDATE workout_set SET entry_check = ? WHERE session_id = ? AND set_number = ?",
                (CHECK, session, sets[-1]))
        db.execute(
            "UPDATE coach_roster SET flags = trim(coalesce(flags, '') || ',check_entry', ',') "
            "WHERE athlete_id = ?", (athlete,))
        db.execute(
            "INSERT INTO quarantine (path, line, reason, athlete_id) VALUES (?, ?, ?, ?)",
            (f"sessions/{session}/imu_recording_from_the_watch_app_export_2026.csv", 1_204,
             "the time column goes back by 0.250000 s (from 1,204.750000 s to 1,204.500000 s): "
             "samples out of order cannot be placed on the recording's time", athlete))
