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
} > BENCHMARKS.md
cat BENCHMARKS.md
