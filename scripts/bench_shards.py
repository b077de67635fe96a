#!/usr/bin/env python3
"""Sharded runs on one host, measured as what predicts many machines (BENCHMARKS.md):

- the map phase (auralift shard: ingest, features, scoring) cold, as 1 shard of one worker
  and as 2 shards of one worker each running side by side;
- work conservation: the summed CPU time (user + system, whole processes) of N shards run
  one after another from a cold cache, against one shard's, for N = 1 … 16;
- the fixed cost of a shard: one whose share holds no session;
- publish on a warm cache (every session computed) at the sizes given, recordings
  hard-linked (scripts/replicate_sessions.py);
- from these, the predicted speedup and efficiency of M machines.

Usage: bench_shards.py AURALIFT [SIZES…]   (sizes in sessions, default 10000 100000)
Prints Markdown on stdout."""
import hashlib
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

binary = os.path.abspath(sys.argv[1])
sizes = [int(size) for size in sys.argv[2:]] or [10000, 100000]
repository = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
pipeline = os.path.join(repository, "pipelines", "nightly.yaml")
rounds = int(os.environ.get("BENCH_ROUNDS", "3"))


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(commands):
    """Runs the commands side by side; wall seconds until the last ends, and their CPU."""
    cpu = children_cpu()
    start = time.monotonic()
    processes = [subprocess.Popen(c, stdout=subprocess.DEVNULL) for c in commands]
    for process in processes:
        if process.wait() not in (0, 3):
            sys.exit(f"{process.args} exited {process.returncode}")
    return time.monotonic() - start, children_cpu() - cpu


def shard(dataset, out, index, count, run_id="bench", workers=1):
    return [binary, "shard", pipeline, "--dataset", dataset, "--out", out, "--run-id", run_id,
            "--shard", f"{index}/{count}", "--workers", str(workers), "--quiet"]


def cold(out):
    shutil.rmtree(out, ignore_errors=True)


def shard_of(folder, count):
    return int(hashlib.sha256(folder.encode()).hexdigest()[:16], 16) % count


root = tempfile.mkdtemp(prefix="auralift-shard-bench-")
try:
    base = os.path.join(root, "base")
    subprocess.run([binary, "synth", "--out", base, "--athletes", "20",
                    "--sessions-per-athlete", "10", "--seed", "5"], check=True,
                   stdout=subprocess.DEVNULL)
    folders = sorted(os.listdir(os.path.join(base, "sessions")))
    out = os.path.join(root, "out")
    # The map phase and work conservation on 10 copies of it (2000 sessions): on 200, a shard's
    # fixed cost is a tenth of a 16-shard share's work and hides what scales.
    copies = int(os.environ.get("BENCH_MAP_COPIES", "10"))
    mapped = os.path.join(root, "mapped")
    subprocess.run([sys.executable, os.path.join(repository, "scripts", "replicate_sessions.py"),
                    base, mapped, str(copies)], check=True)
    mapped_folders = sorted(os.listdir(os.path.join(mapped, "sessions")))
    print(f"Dataset: `auralift synth --athletes 20 --sessions-per-athlete 10 --seed 5` "
          f"({len(folders)} sessions), repeated {copies} times for the map phase "
          f"({len(mapped_folders)} sessions, recordings hard-linked); {rounds} rounds, "
          f"medians.\n")

    one, two = [], []
    for _ in range(rounds):
        cold(out)
        one.append(run([shard(mapped, out, 0, 1)])[0])
        cold(out)
        two.append(run([shard(mapped, out, 0, 2), shard(mapped, out, 1, 2)])[0])
    ratio = statistics.median(b / a for a, b in zip(one, two))
    print("| map phase, cold | wall s |\n| --- | --- |")
    print(f"| 1 shard, 1 worker | {statistics.median(one):.2f} |")
    print(f"| 2 shards side by side, 1 worker each | {statistics.median(two):.2f} |")
    print(f"\n2 shards take {ratio:.2f}× the time of 1 (target: at most 0.55×).\n")

    print("| shards, run one after another from a cold cache | summed CPU s | × one shard's |")
    print("| --- | --- | --- |")
    single = None
    for count in [1, 2, 4, 8, 16]:
        samples = []
        for _ in range(rounds):
            cold(out)
            total = 0.0
            for index in range(count):
                total += run([shard(mapped, out, index, count)])[1]
            samples.append(total)
        cpu = statistics.median(samples)
        single = single or cpu
        print(f"| {count} | {cpu:.2f} | {cpu / single:.3f} |")
    print("\nTarget: at most 1.05× for 1 to 16 shards.\n")

    # A share with no session: what a shard costs before its first session.
    empty = next(k for k in range(4096) if all(shard_of(f, 4096) != k for f in folders))
    samples = []
    for _ in range(rounds * 2):
        samples.append(run([shard(base, out, empty, 4096)]))
    fixed_wall = statistics.median(s[0] for s in samples)
    fixed_cpu = statistics.median(s[1] for s in samples)
    print(f"Fixed cost of a shard (a share of no session, {len(folders)}-session dataset): "
          f"{fixed_wall:.3f} s wall, {fixed_cpu:.3f} s CPU.\n")

    per_session_cpu = single / len(mapped_folders)
    print("| sessions | map on this host (2 shards × 1 worker), s | publish on a warm cache, s "
          "| publish peak RSS MB |")
    print("| --- | --- | --- | --- |")
    measured = []
    for size in sizes:
        dataset = os.path.join(root, f"d{size}")
        copies = (size + len(folders) - 1) // len(folders)
        subprocess.run([sys.executable, os.path.join(repository, "scripts",
                                                     "replicate_sessions.py"),
                        base, dataset, str(copies)], check=True)
        big = os.path.join(root, f"o{size}")
        wall_map, _ = run([shard(dataset, big, 0, 2, "warm"), shard(dataset, big, 1, 2, "warm")])
        peak_file = os.path.join(root, "peak")
        wall_publish, _ = run([["/usr/bin/time", "-f", "%M", "-o", peak_file, binary, "publish",
                                pipeline, "--dataset", dataset, "--out", big, "--run-id", "warm",
                                "--shards", "2", "--quiet"]])
        with open(peak_file) as handle:
            peak = int(handle.read().split()[-1])
        print(f"| {copies * len(folders)} | {wall_map:.1f} | {wall_publish:.1f} "
              f"| {peak / 1024:.0f} |")
        measured.append((copies * len(folders), wall_map, wall_publish))
        shutil.rmtree(dataset, ignore_errors=True)
        shutil.rmtree(big, ignore_errors=True)

    print("\nPredicted for M machines of this host's kind (2 cores, 2 shards each), from the "
          "figures above: map time / M + a shard's fixed cost + publish; speedup against one "
          "machine's map + publish, efficiency = speedup / M.\n")
    print("| sessions | M = 4: speedup (efficiency) | M = 16 | M = 64 |")
    print("| --- | --- | --- | --- |")
    for sessions, wall_map, wall_publish in measured:
        whole = wall_map + wall_publish
        cells = []
        for machines in [4, 16, 64]:
            predicted = wall_map / machines + fixed_wall + wall_publish
            speedup = whole / predicted
            cells.append(f"{speedup:.1f}× ({speedup / machines:.0%})")
        print(f"| {sessions} | " + " | ".join(cells) + " |")
    print(f"\nCPU per session in a shard: {per_session_cpu * 1000:.1f} ms.")
finally:
    shutil.rmtree(root, ignore_errors=True)
