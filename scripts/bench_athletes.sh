#!/usr/bin/env bash
# How time, peak memory and disk grow with athletes: the sample plus N athlete rows of
# athletes with nothing else in the data (a platform's idle accounts; no coach, no guild), a
# cold run each, then a no-op rerun of the largest. Writes the section between
# <!-- athletes --> marks of BENCHMARKS.md.
# Usage: scripts/bench_athletes.sh PATH_TO_AURALIFT [N ...] (default 1000 10000 100000 1000000)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "$1")
shift
[ $# -gt 0 ] && sizes=("$@") || sizes=(1000 10000 100000 1000000)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Writes the sample with $1 more athlete rows into $2.
dataset() {
  cp -r datasets/sample "$2"
  python3 - "$2/athletes.csv" "$1" <<'PY'
import random, sys
path, count = sys.argv[1], int(sys.argv[2])
rng = random.Random(1)
with open(path, "a") as out:
    for i in range(count):
        sex = rng.choice(["male", "female"])
        out.write(f"x-{i:07d},idle{i},idle{i}@example.com,1990-01-01,{sex},"
                  f"{160 + rng.random() * 30:.1f},{55 + rng.random() * 45:.1f},20.0,,,,\n")
PY
}

# "wall s | peak MB" of one run of $1 into $2 (GNU time; the run's day fixed so that the
# sample's sessions are never in the future).
run() {
  AURALIFT_TODAY=2026-11-28 /usr/bin/time -f '%e %M' -o "$work/time" \
    "$bin" run pipelines/nightly.yaml --dataset "$1" --out "$2" --quiet >/dev/null
  awk '{ printf "%.1f | %.0f", $1, $2 / 1024 }' "$work/time"
}

rows=""
for n in "${sizes[@]}"; do
  dataset "$n" "$work/data_$n"
  bytes=$(stat -c %s "$work/data_$n/athletes.csv")
  cold=$(run "$work/data_$n" "$work/out_$n")
  noop=$(run "$work/data_$n" "$work/out_$n")
  release=$(du -sm "$work/out_$n/releases" | cut -f1)
  cache=$(du -sm "$work/out_$n/.cache" | cut -f1)
  rows+="| $n | $((bytes / 1000000)) | $cold | $noop | $release | $cache |"$'\n'
  # What one idle athlete costs, from the largest size: wall ms and KB of release.
  each=$(awk -v c="${cold%% *}" -v r="$release" -v n="$n" \
    'BEGIN { printf "%.2f ms of wall time and %.0f KB of release", c * 1000 / n, r * 1024 / n }')
  rm -rf "$work/data_$n" "$work/out_$n"
done

section=$(
  echo "<!-- athletes -->"
  echo "## Scale: athletes (\`scripts/bench_athletes.sh\`)"
  echo
  echo "The sample (3 athletes, 18 sessions) plus N rows of athletes with nothing else in the data, cold run then no-op rerun, GNU time, default workers; $(date -u +%Y-%m-%d), this machine ($(nproc) cores). Such an athlete gets a short page saying nothing of theirs is in the data, is counted once in the index, and has no cache entry: what they cost is their rows (user_profile, muscle_group, coach_roster, leaderboard_exclusion) and that page. What a run holds in memory for each is their id and their athletes.csv row's place in the file (32 bytes; the row is read again when asked for); the tables are read 256 KB at a time, and their aggregation work, rows, page and manifest line are made and written a page of athletes at a time and let go."
  echo
  echo "| athlete rows | athletes.csv MB | cold s | cold peak MB | no-op s | no-op peak MB | release MB | cache MB |"
  echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
  printf "%s" "$rows"
  echo
  echo "One athlete without sessions costs about $each (from the largest size above)."
  echo "<!-- /athletes -->"
)
python3 scripts/lib/replace_section.py BENCHMARKS.md athletes "$section" "## Scale: 1k and 10k sessions"
echo "$section"
