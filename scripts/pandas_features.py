"""Issue 7's yardstick: ingest and features of vision19 pose CSVs and generic IMU CSVs in one
Python process, written the straightforward pandas/scipy way (vectorised, no per-frame loops).

For every session of a dataset: pose frames sorted and de-duplicated, low-confidence joints
interpolated, knee/hip/elbow angles, a 6 Hz Butterworth low-pass (filtfilt), reps from the
primary angle's valleys, ROM and eccentric/concentric time per rep, bar velocity from the wrists
scaled by body height; the bar IMU's vertical acceleration (gravity from a 0.3 Hz low-pass)
integrated to velocity, drift removed per set, mean concentric velocity per rep and the set's
velocity loss. Writes one CSV of reps and prints the MB of recordings per second (imports and
the CSV write not timed). Usage: pandas_features.py DATASET OUT.csv

A yardstick for speed, not for accuracy: it measures what a first draft would (on the bench's
200-session dataset two sets in three get their exact rep count), and `auralift eval` is where
accuracy is judged.
"""

import functools
import json
import os
import sys
import time

import numpy as np
import pandas as pd
from scipy.signal import butter, filtfilt, find_peaks

CONFIDENCE = 0.3
GRAVITY = 9.80665
BODY_HEIGHT_M = 1.45  # shoulder to ankle, a typical adult's
LIMB_JOINTS = [
    side + "_" + part
    for side in ("left", "right")
    for part in ("shoulder", "elbow", "wrist", "hip", "knee", "ankle")
]


@functools.lru_cache
def butterworth(rate, cutoff):
    return butter(4, cutoff / (rate / 2))


def lowpass(values, rate, cutoff):
    b, a = butterworth(round(rate, 3), cutoff)
    return filtfilt(b, a, values, axis=0)


def angle(a, b, c):
    """Interior angle at b in degrees, for arrays of 2-D points."""
    u, v = a - b, c - b
    cross = u[:, 0] * v[:, 1] - u[:, 1] * v[:, 0]
    dot = (u * v).sum(axis=1)
    return np.degrees(np.abs(np.arctan2(cross, dot)))


def set_windows(manifest, end):
    windows = [
        (s["start_s"], s["end_s"]) for s in manifest["sets"] if "start_s" in s and "end_s" in s
    ]
    return windows or [(0.0, end)]


def reps_from_valleys(signal, rate, prominence):
    valleys, _ = find_peaks(-signal, prominence=prominence, distance=max(1, int(0.8 * rate)))
    peaks, _ = find_peaks(signal, prominence=prominence, distance=max(1, int(0.8 * rate)))
    tops = np.concatenate(([0], peaks, [len(signal) - 1]))
    reps = []
    for bottom in valleys:
        start = tops[tops < bottom].max()
        end = tops[tops > bottom].min()
        reps.append((start, bottom, end))
    return reps


def pose_reps(path, recording, manifest):
    columns = ["t"] + [joint + suffix for joint in LIMB_JOINTS for suffix in ("_x", "_y", "_c")]
    frame = pd.read_csv(path, usecols=columns).sort_values("t").drop_duplicates("t")
    t = frame["t"].to_numpy()
    rate = 1.0 / np.median(np.diff(t))
    width, height = recording.get("image_width", 1), recording.get("image_height", 1)
    xy_columns = [joint + axis for joint in LIMB_JOINTS for axis in ("_x", "_y")]
    xy = frame[xy_columns].to_numpy()
    low = frame[[joint + "_c" for joint in LIMB_JOINTS]].to_numpy() < CONFIDENCE
    xy[np.repeat(low, 2, axis=1)] = np.nan
    coordinates = pd.DataFrame(xy, columns=xy_columns).interpolate(limit_direction="both")

    def point(joint):
        return np.column_stack(
            (
                coordinates[joint + "_x"].to_numpy() * width,
                coordinates[joint + "_y"].to_numpy() * height,
            )
        )

    angles = {}
    for side in ("left", "right"):
        shoulder, elbow, wrist = (
            point(side + "_shoulder"),
            point(side + "_elbow"),
            point(side + "_wrist"),
        )
        hip, knee, ankle = point(side + "_hip"), point(side + "_knee"), point(side + "_ankle")
        angles[side + "_knee"] = lowpass(angle(hip, knee, ankle), rate, 6)
        angles[side + "_hip"] = lowpass(angle(shoulder, hip, knee), rate, 6)
        angles[side + "_elbow"] = lowpass(angle(shoulder, elbow, wrist), rate, 6)
    bar = (point("left_wrist")[:, 1] + point("right_wrist")[:, 1]) / 2
    body = np.nanmedian(np.abs(point("left_shoulder")[:, 1] - point("left_ankle")[:, 1]))
    velocity = np.gradient(lowpass(bar, rate, 6) * BODY_HEIGHT_M / body, t)
    rows = []
    for set_index, (start_s, end_s) in enumerate(set_windows(manifest, t[-1])):
        inside = (t >= start_s) & (t <= end_s)
        if inside.sum() < 3:
            continue
        primary = max(angles, key=lambda name: np.ptp(angles[name][inside]))
        signal, times, speed = angles[primary][inside], t[inside], velocity[inside]
        mean_velocities = []
        for rep, (top, bottom, end) in enumerate(reps_from_valleys(signal, rate, 20.0)):
            concentric = speed[bottom : end + 1]
            mean_velocity = (
                float(concentric[concentric > 0].mean()) if (concentric > 0).any() else 0.0
            )
            mean_velocities.append(mean_velocity)
            rows.append(
                {
                    "session_id": manifest["session_id"],
                    "source": "pose",
                    "set": set_index + 1,
                    "rep": rep + 1,
                    "joint": primary,
                    "rom_deg": float(signal[top : end + 1].max() - signal[bottom]),
                    "eccentric_s": float(times[bottom] - times[top]),
                    "concentric_s": float(times[end] - times[bottom]),
                    "mcv_m_s": mean_velocity,
                }
            )
        add_velocity_loss(rows, mean_velocities)
    return rows


def imu_reps(path, recording, manifest):
    frame = pd.read_csv(path).sort_values("t").drop_duplicates("t")
    t = frame["t"].to_numpy()
    rate = 1.0 / np.median(np.diff(t))
    accel = frame[["ax", "ay", "az"]].to_numpy()
    if recording.get("accel_unit", "g") == "g":
        accel = accel * GRAVITY
    gravity = lowpass(accel, rate, 0.3)
    up = gravity / np.linalg.norm(gravity, axis=1, keepdims=True)
    vertical = lowpass(((accel - gravity) * up).sum(axis=1), rate, 10)
    rows = []
    for set_index, (start_s, end_s) in enumerate(set_windows(manifest, t[-1])):
        inside = (t >= start_s) & (t <= end_s)
        if inside.sum() < 3:
            continue
        times, rising = t[inside], vertical[inside]
        speed = np.concatenate(([0.0], np.cumsum(np.diff(times) * (rising[1:] + rising[:-1]) / 2)))
        speed -= np.linspace(speed[0], speed[-1], len(speed))
        mean_velocities = []
        for rep, (top, bottom, end) in enumerate(reps_from_valleys(-speed, rate, 0.2)):
            concentric = speed[max(top, bottom - int(rate)) : bottom + 1]
            concentric = concentric[concentric > 0]
            mean_velocity = float(concentric.mean()) if len(concentric) else 0.0
            mean_velocities.append(mean_velocity)
            rows.append(
                {
                    "session_id": manifest["session_id"],
                    "source": "imu",
                    "set": set_index + 1,
                    "rep": rep + 1,
                    "joint": "",
                    "rom_deg": np.nan,
                    "eccentric_s": np.nan,
                    "concentric_s": np.nan,
                    "mcv_m_s": mean_velocity,
                }
            )
        add_velocity_loss(rows, mean_velocities)
    return rows


def add_velocity_loss(rows, mean_velocities):
    if not mean_velocities:
        return
    best = max(mean_velocities)
    loss = 100.0 * (best - mean_velocities[-1]) / best if best > 0 else 0.0
    for row in rows[-len(mean_velocities) :]:
        row["velocity_loss_pct"] = loss


def main():
    dataset, out = sys.argv[1], sys.argv[2]
    sessions = os.path.join(dataset, "sessions")
    start = time.perf_counter()
    rows, size = [], 0
    for session in sorted(os.listdir(sessions)):
        folder = os.path.join(sessions, session)
        with open(os.path.join(folder, "session.json")) as handle:
            manifest = json.load(handle)
        for recording in manifest.get("recordings", []):
            path = os.path.join(folder, recording["path"])
            if recording["kind"] == "pose" and recording["format"] == "vision19":
                rows += pose_reps(path, recording, manifest)
            elif recording["kind"] == "imu" and recording["format"] == "generic":
                rows += imu_reps(path, recording, manifest)
            else:
                continue
            size += os.path.getsize(path)
    seconds = time.perf_counter() - start
    pd.DataFrame(rows).to_csv(out, index=False)
    megabytes = size / 1e6
    print(
        f"pandas/scipy features {megabytes:.1f} MB {len(rows)} reps {seconds:.2f} s {megabytes / seconds:.1f} MB/s"
    )


if __name__ == "__main__":
    main()
