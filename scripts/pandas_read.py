"""Times pandas.read_csv on one CSV (best of N) and prints MB/s, for the side-by-side in make bench."""
import os
import sys
import time

import pandas

path = sys.argv[1]
repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
best = float("inf")
rows = 0
for _ in range(repeats):
    start = time.perf_counter()
    frame = pandas.read_csv(path)
    best = min(best, time.perf_counter() - start)
    rows = len(frame)
megabytes = os.path.getsize(path) / 1e6
print(f"pandas.read_csv {os.path.basename(path)} {megabytes:.1f} MB {rows} rows {best:.4f} s {megabytes / best:.1f} MB/s")
