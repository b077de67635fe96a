#!/usr/bin/env bash
# Times the pipeline on generated datasets: cold run, no-op rerun, rerun after one changed
# session. Writes BENCHMARKS.md. Usage: scripts/bench.sh PATH_TO_AURALIFT
set -euo pipefail
bin=${1:-.build/release/auralift}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
athletes=${BENCH_ATHLETES:-20}
sessions=${BENCH_SESSIONS:-10}

seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1 || true
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f", e - s }'
}

"$bin" synth --out "$work/data" --athletes "$athletes" --sessions-per-athlete "$sessions" --seed 5 >/dev/null
megabytes=$(du -sm "$work/data/sessions" | cut -f1)
cold=$(seconds "$bin" run pipelines/nightly.yaml --dataset "$work/data" --out "$work/out")
noop=$(seconds "$bin" run pipelines/nightly.yaml --dataset "$work/data" --out "$work/out")
first=$(ls "$work/data/sessions" | head -1)
sed -i 's/"notes" : null/"notes" : "edited"/; s/"logbook entry"/"logbook entry (edited)"/' "$work/data/sessions/$first/session.json"
echo "" >> "$work/data/sessions/$first/session.json"
one=$(seconds "$bin" run pipelines/nightly.yaml --dataset "$work/data" --out "$work/out")

# Ingest throughput, single core: a ~100 MB vision19 CSV (rows of a generated recording
# repeated with rising time), an OpenPose folder and a generic IMU CSV; pandas.read_csv on the
# same pose CSV for the side-by-side ratio.
"$bin" synth --out "$work/formats" --athletes 1 --sessions-per-athlete 3 --seed 6 --log-only-share 0 \
  --pose-formats openpose --imu-formats generic >/dev/null
python3 scripts/enlarge_csv.py "$(ls "$work"/data/sessions/*/pose.csv | head -1)" "$work/pose_big.csv" 100
python3 scripts/enlarge_csv.py "$(ls "$work"/data/sessions/*/bar.csv | head -1)" "$work/imu_big.csv" 50
openpose_folder=$(ls -d "$work"/formats/sessions/*/keypoints | head -1)
openpose_fps=$(grep -o '"fps" : [0-9.]*' "$(dirname "$openpose_folder")/session.json" | grep -o '[0-9.]*$')
pose_line=$("$bin" bench-ingest "$work/pose_big.csv" --format vision19)
openpose_line=$("$bin" bench-ingest "$openpose_folder" --format openpose --fps "$openpose_fps")
imu_line=$("$bin" bench-ingest "$work/imu_big.csv" --kind imu --format generic)
python3 -c "import pandas" 2>/dev/null || pip install -q pandas >/dev/null 2>&1 || true
pandas_line=$(python3 scripts/pandas_read.py "$work/pose_big.csv" 3 2>/dev/null || echo "pandas unavailable")
ours=$(echo "$pose_line" | awk '{print $(NF-3)}')
theirs=$(echo "$pandas_line" | awk '{print $(NF-1)}')
ratio=$(awk -v a="$ours" -v b="$theirs" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }')

{
  echo "# Benchmarks"
  echo
  echo "Machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -m); $(swift --version 2>&1 | head -1)."
  echo "Command: \`BENCH_ATHLETES=$athletes BENCH_SESSIONS=$sessions make bench\` (scripts/bench.sh), $(date -u +%Y-%m-%d)."
  echo
  echo "Dataset: \`auralift synth --athletes $athletes --sessions-per-athlete $sessions --seed 5\` ($((athletes * sessions)) sessions, ${megabytes} MB of recordings)."
  echo
  echo "| run | seconds |"
  echo "| --- | --- |"
  echo "| cold (empty cache) | $cold |"
  echo "| no-op rerun | $noop |"
  echo "| rerun after one session changed | $one |"
  echo
  echo "## Ingest throughput (single core, best of 5; \`auralift bench-ingest\`)"
  echo
  echo '```'
  echo "$pose_line"
  echo "$openpose_line"
  echo "$imu_line"
  echo "$pandas_line"
  echo '```'
  echo
  echo "vision19 CSV vs pandas.read_csv on the same file: ${ratio}x."
} > BENCHMARKS.md
cat BENCHMARKS.md
