#!/usr/bin/env bash
# A cold run pinned to one CPU (what a Slurm task or a Kubernetes pod with `cpu: 1` gets): its
# wall time against its CPU time, median of 5 runs after a warm-up, on the sample and on a
# generated 80-session dataset. Writes the section between <!-- one-cpu --> marks of
# BENCHMARKS.md. Usage: scripts/bench_one_cpu.sh PATH_TO_AURALIFT
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" synth --out "$work/gen80" --athletes 8 --sessions-per-athlete 10 --seed 5 \
  --log-only-share 0 >/dev/null

# One cold run pinned to CPU 0: "wall cpu" seconds (CPU = user + system, GNU time).
run_once() {
  rm -rf "$work/out"
  /usr/bin/time -f '%e %U %S' -o "$work/time" taskset -c 0 \
    "$bin" run pipelines/nightly.yaml --dataset "$1" --out "$work/out" --quiet >/dev/null
  awk '{ printf "%s %.3f\n", $1, $2 + $3 }' "$work/time"
}

# "median wall, median CPU, ratio" of 5 runs after one warm-up.
measure() {
  run_once "$1" >/dev/null
  for _ in 1 2 3 4 5; do run_once "$1"; done | python3 -c '
import statistics, sys
rows = [tuple(map(float, line.split())) for line in sys.stdin]
wall = statistics.median(r[0] for r in rows)
cpu = statistics.median(r[1] for r in rows)
print(f"{wall:.2f} | {cpu:.2f} | {wall / cpu:.2f}")'
}

section=$(
  echo "<!-- one-cpu -->"
  echo "## One CPU: wall time against CPU time (\`scripts/bench_one_cpu.sh\`)"
  echo
  echo "A cold run pinned to one CPU (\`taskset -c 0\`, default workers), median of 5 runs after a warm-up, timed by GNU time; $(date -u +%Y-%m-%d), this machine. Target: wall at most 1.25× CPU on the sample and 1.10× on the generated dataset (\`auralift synth --athletes 8 --sessions-per-athlete 10 --seed 5 --log-only-share 0\`, 80 recorded sessions)."
  echo
  echo "| dataset | wall s | CPU s | wall / CPU |"
  echo "| --- | --- | --- | --- |"
  echo "| datasets/sample | $(measure datasets/sample) |"
  echo "| generated, 80 sessions | $(measure "$work/gen80") |"
  echo "<!-- /one-cpu -->"
)
python3 scripts/lib/replace_section.py BENCHMARKS.md one-cpu "$section"
echo "$section"
