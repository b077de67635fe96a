#!/usr/bin/env bash
# Times the pipeline on generated datasets: cold run, no-op rerun, rerun after one changed
# session. Writes BENCHMARKS.md. Usage: scripts/bench.sh PATH_TO_AURALIFT
set -euo pipefail
bin=${1:-.build/release/auralift}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
athletes=${BENCH_ATHLETES:-20}
sessions=${BENCH_SESSIONS:-10}

# The processor by name, family, model and clock: a shared host may move between machines, and
# every rate in BENCHMARKS.md depends on which.
cpu() {
  awk -F': *' '/^model name/ && !name { name = $2 } /^cpu family/ && !family { family = $2 }
    /^model\t/ && !model { model = $2 } /^cpu MHz/ && !mhz { mhz = $2 }
    END { printf "%s (family %s model %s, %.0f MHz)", name, family, model, mhz }' /proc/cpuinfo
}

# Succeeds when rate $1 beats rate $2 (best-of bookkeeping).
faster() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > b) }'; }

seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" >"$work/last.log" 2>&1 || true
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f", e - s }'
}

"$bin" synth --out "$work/data" --athletes "$athletes" --sessions-per-athlete "$sessions" --seed 5 >/dev/null
# Megabytes (10^6 bytes, as the yardstick counts them) of recordings: every file but the
# manifests.
megabytes=$(find "$work/data/sessions" -type f ! -name session.json -printf '%s\n' \
  | awk '{ total += $1 } END { printf "%.1f", total / 1e6 }')
cold=$(seconds "$bin" run pipelines/nightly.yaml --dataset "$work/data" --out "$work/out")
peak() { grep -o 'peak memory [0-9]* MB' "$work/last.log" | grep -o '[0-9]*'; }
cold_peak=$(peak)
noop=$(seconds "$bin" run pipelines/nightly.yaml --dataset "$work/data" --out "$work/out")
first=$(ls "$work/data/sessions" | sed -n 1p)
sed -i 's/"notes" : null/"notes" : "edited"/; s/"logbook entry"/"logbook entry (edited)"/' "$work/data/sessions/$first/session.json"
echo "" >> "$work/data/sessions/$first/session.json"
one=$(seconds "$bin" run pipelines/nightly.yaml --dataset "$work/data" --out "$work/out")
# Peak memory must depend on the largest session, not on how many there are: the same athletes
# with twice the sessions.
"$bin" synth --out "$work/double" --athletes "$athletes" --sessions-per-athlete $((sessions * 2)) --seed 5 >/dev/null
double_cold=$(seconds "$bin" run pipelines/nightly.yaml --dataset "$work/double" --out "$work/double_out")
double_peak=$(peak)

# Issue 7's yardstick: a straightforward pandas/scipy script doing ingest and features on the
# base dataset's vision19 and generic IMU recordings, one process. Run just before and just
# after the 10k cold run (this shared host's speed drifts within minutes), the faster counts.
python3 -c "import pandas, scipy" 2>/dev/null || pip install -q pandas scipy >/dev/null 2>&1 || true
best_yardstick=0
time_yardstick() {
  local speed
  speed=$(python3 scripts/pandas_features.py "$work/data" "$work/pandas_reps.csv" 2>/dev/null \
    | awk '{print $(NF-1)}')
  # No output (pandas or scipy missing) leaves the best at 0: the ratio reads n/a.
  if faster "${speed:-0}" "$best_yardstick"; then best_yardstick=$speed; fi
}

# Copies session folder $1 to $2 as another session: the new id, its start an hour later (+1)
# or today at 10:00 UTC (today), its CSV recordings copied with blank lines at their end.
another_session() {
  cp -r "$1" "$2"
  python3 - "$2" "$3" <<'PY'
import datetime, glob, json, os, sys
folder, when = sys.argv[1], sys.argv[2]
path = os.path.join(folder, "session.json")
manifest = json.load(open(path))
manifest["session_id"] = os.path.basename(folder)
start = datetime.datetime.fromisoformat(manifest["start_time"].replace("Z", "+00:00"))
if when == "today":
    start = datetime.datetime.now(datetime.timezone.utc).replace(hour=10, minute=0, second=0)
else:
    start += datetime.timedelta(hours=1)
manifest["start_time"] = start.strftime("%Y-%m-%dT%H:%M:%SZ")
json.dump(manifest, open(path, "w"), indent=2)
# As many blank lines as the kinds above, so that two such sessions differ from each other too.
for recording in glob.glob(os.path.join(folder, "*.csv")):
    open(recording, "a").write("\n" * (2 if when == "today" else 1))
PY
}

# Scale: the gym above repeated to 1k and 10k sessions (each copy with athletes of its own,
# recordings hard-linked, manifests rewritten; scripts/replicate_sessions.py): cold run with MB/s of recordings, no-op rerun,
# rerun after one new session (the same day, then a later day), peak memory.
base=$((athletes * sessions))
scale_rows=""
# Each size gets folders of its own, all removed at the end: this machine's ext4 has no
# journal, and without one every file created within minutes of a mass delete waits while
# the inode allocator skips the recently freed inodes (`recently_deleted`): a cold 10k run
# seconds after deleting another run's 20k files took 26.8 s against 24.1 s on a disk left
# alone for 90 s, none of it the pipeline's work.
for target in 1000 10000; do
  copies=$(( (target + base - 1) / base ))
  scale="$work/scale_$target"
  scale_out="$work/scale_out_$target"
  python3 scripts/replicate_sessions.py "$work/data" "$scale" "$copies"
  count=$(ls "$scale/sessions" | wc -l)
  # Nightly data is hours old; files hashed within two seconds of being written (or linked:
  # a hard link changes ctime) are hashed again by the next run (racy-clean rule), which
  # would make the first no-op look slow.
  sleep 3
  scale_megabytes=$(awk -v m="$megabytes" -v c="$copies" 'BEGIN { printf "%.0f", m * c }')
  if [ "$target" -eq 10000 ]; then time_yardstick; fi
  scale_cold=$(seconds "$bin" run pipelines/nightly.yaml --dataset "$scale" --out "$scale_out")
  scale_cold_peak=$(peak)
  if [ "$target" -eq 10000 ]; then time_yardstick; fi
  scale_noop=$(seconds "$bin" run pipelines/nightly.yaml --dataset "$scale" --out "$scale_out")
  scale_noop_peak=$(peak)
  # One new session: an athlete's first session an hour later under a new id (its week is an
  # early one, so every later week of that athlete is recomputed). Its recordings are copied
  # and end in a blank line: the same bytes under one athlete would be one upload twice,
  # which a run counts once.
  newest=$(ls "$scale/sessions" | sed -n 1p)
  another_session "$scale/sessions/$newest" "$scale/sessions/$newest-new" +1
  scale_one=$(seconds "$bin" run pipelines/nightly.yaml --dataset "$scale" --out "$scale_out")
  scale_one_peak=$(peak)
  # A later night: one new session dated today, after the data's last day, in a week of its
  # own (the athlete's earlier weeks come from the cache), which moves every athlete's
  # recovery, weekly volume and roster line.
  another_session "$scale/sessions/$newest" "$scale/sessions/$newest-next" today
  scale_next=$(seconds "$bin" run pipelines/nightly.yaml --dataset "$scale" --out "$scale_out")
  rate=$(awk -v m="$scale_megabytes" -v s="$scale_cold" 'BEGIN { printf "%.0f", m / s }')
  scale_rows+="| $count | $scale_megabytes | $scale_cold ($rate MB/s) | ${scale_cold_peak} MB | $scale_noop | ${scale_noop_peak} MB | $scale_one | ${scale_one_peak} MB | $scale_next |"$'\n'
done

# Ingest throughput, single core: a ~100 MB vision19 CSV (rows of a generated recording
# repeated with rising time), an OpenPose folder and a generic IMU CSV; pandas.read_csv on the
# same pose CSV for the side-by-side ratio.
"$bin" synth --out "$work/formats" --athletes 1 --sessions-per-athlete 3 --seed 6 --log-only-share 0 \
  --pose-formats openpose --imu-formats generic >/dev/null
python3 scripts/enlarge_csv.py "$(ls "$work"/data/sessions/*/pose.csv | sed -n 1p)" "$work/pose_big.csv" 100
python3 scripts/enlarge_csv.py "$(ls "$work"/data/sessions/*/bar.csv | sed -n 1p)" "$work/imu_big.csv" 50
openpose_folder=$(ls -d "$work"/formats/sessions/*/keypoints | sed -n 1p)
openpose_fps=$(grep -o '"fps" : [0-9.]*' "$(dirname "$openpose_folder")/session.json" | grep -o '[0-9.]*$')
python3 scripts/health_export.py "$work/export.xml" 200
# Single core for both sides: pandas.read_csv otherwise uses a second thread. Three rounds,
# alternating, best of each, so that a noisy neighbour hurts both alike.
pin="taskset -c 0"
command -v taskset >/dev/null || pin=""
best_pose=0
best_pandas=0
for round in 1 2 3; do
  line=$($pin "$bin" bench-ingest "$work/pose_big.csv" --format vision19)
  speed=$(echo "$line" | sed 's/.* \([0-9.]*\) MB\/s.*/\1/')
  if faster "$speed" "$best_pose"; then best_pose=$speed; pose_line=$line; fi
  line=$($pin python3 scripts/pandas_read.py "$work/pose_big.csv" 5 2>/dev/null || echo "pandas unavailable 0 MB/s")
  speed=$(echo "$line" | awk '{print $(NF-1)}')
  if faster "$speed" "$best_pandas"; then best_pandas=$speed; pandas_line=$line; fi
done
openpose_line=$($pin "$bin" bench-ingest "$openpose_folder" --format openpose --fps "$openpose_fps")
imu_line=$($pin "$bin" bench-ingest "$work/imu_big.csv" --kind imu --format generic)
health_line=$($pin "$bin" bench-ingest "$work/export.xml" --kind health --repeats 2)
# Feature accuracy against the generator's truth, every pose and IMU format, at both noise
# levels (`auralift eval` exits 1 when a target is missed; the table is kept either way).
# Seed 17's tables are printed in full; seeds 23 and 29 join it in a summary of the targets.
# Rep counts on real public recordings, where the user has cloned them (docs/real-data.md).
real_data_section() {
  echo "## Rep counts on real recordings (\`make eval-real\`, docs/real-data.md)"
  echo
  echo "Sets counted without their bounds or logged counts, against their authors' counts, with the pipeline's parameters (\`features.min_reps_confidence\` 0.9: a set found in its recording gets a count only where its evidence was right that often on the tuning splits, docs/real-data.md). A set whose count is unknown is a miss in the shares of all sets and is left out of the \"counted\" shares, which are what a published count is worth. Thresholds were chosen on the tuning splits; the holdout splits were measured. The last table sums up every source and split, beside the counters alone (every count found published). Sources, licences and labels: docs/real-data.md."
  echo
  if ! scripts/realdata/eval_real.sh "$1" 2>/dev/null; then
    echo "Not rebuilt in this run: no source is cloned under .realdata/."
  fi
}

summary_inputs=""
for seed in 17 23 29; do
  for noise in low high; do
    "$bin" synth --out "$work/eval_${noise}_$seed" --athletes 10 --sessions-per-athlete 6 \
      --seed "$seed" --noise "$noise" --log-only-share 0 --pose-formats all --imu-formats all \
      >/dev/null
    "$bin" eval "$work/eval_${noise}_$seed" > "$work/eval_${noise}_$seed.md" || true
    summary_inputs="$summary_inputs $seed:$noise:$work/eval_${noise}_$seed.md"
    rm -rf "$work/eval_${noise}_$seed"
  done
done
# The three profiles the datasets above do not record (rows, push-ups, lunges), seed 17.
others="barbell_row,push_up,lunge"
for noise in low high; do
  "$bin" synth --out "$work/others_$noise" --athletes 6 --sessions-per-athlete 6 --seed 17 \
    --noise "$noise" --log-only-share 0 --pose-formats all --imu-formats all \
    --exercises "$others" >/dev/null
  "$bin" eval "$work/others_$noise" > "$work/others_$noise.md" || true
  rm -rf "$work/others_$noise"
done
# The generator's watch instead of a bar IMU (every lift), seed 17.
for noise in low high; do
  "$bin" synth --out "$work/wrist_$noise" --athletes 6 --sessions-per-athlete 6 --seed 17 \
    --noise "$noise" --log-only-share 0 --pose-formats all --imu-formats all \
    --imu-placements wrist >/dev/null
  "$bin" eval "$work/wrist_$noise" > "$work/wrist_$noise.md" || true
  rm -rf "$work/wrist_$noise"
done
# The same watch recorded as a watch app records (the walk up, the set-up and the put-down
# around each set), its sets counted without bounds as real recordings are, seed 17.
for noise in low high; do
  "$bin" synth --out "$work/watchapp_$noise" --athletes 6 --sessions-per-athlete 6 --seed 17 \
    --noise "$noise" --log-only-share 0 --pose-formats all --imu-formats all \
    --imu-placements wrist --watch-app >/dev/null
  python3 scripts/watch_app_sets.py "$work/watchapp_$noise" "$work/watchapp_eval_$noise" >/dev/null
  "$bin" eval "$work/watchapp_eval_$noise" > "$work/watchapp_$noise.md" || true
  rm -rf "$work/watchapp_$noise" "$work/watchapp_eval_$noise"
done
scale_vs_yardstick=$(awk -v a="$rate" -v b="$best_yardstick" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }')
ratio=$(awk -v a="$best_pose" -v b="$best_pandas" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }')

{
  echo "# Benchmarks"
  echo
  echo "Machine: $(cpu), $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -m); $(swift --version 2>&1 | sed -n 1p)."
  echo "Command: \`BENCH_ATHLETES=$athletes BENCH_SESSIONS=$sessions make bench\` (scripts/bench.sh), $(date -u +%Y-%m-%d)."
  echo
  echo "Dataset: \`auralift synth --athletes $athletes --sessions-per-athlete $sessions --seed 5\` ($((athletes * sessions)) sessions, ${megabytes} MB of recordings)."
  echo
  echo "| run | seconds | peak memory |"
  echo "| --- | --- | --- |"
  echo "| cold (empty cache), $((athletes * sessions)) sessions | $cold | ${cold_peak} MB |"
  echo "| no-op rerun | $noop | |"
  echo "| rerun after one session changed | $one | |"
  echo "| cold, twice the sessions ($((athletes * sessions * 2))) | $double_cold | ${double_peak} MB |"
  echo
  echo "## Scale: 1k and 10k sessions"
  echo
  echo "The gym above repeated (\`scripts/replicate_sessions.py\`: each copy with athletes of its own, recordings hard-linked, so after the first read they come from the page cache; MB counts every session's recordings). Both cores, default workers."
  echo
  echo "Targets: a cold run at least 5× as fast as a straightforward pandas/scipy script doing ingest and features (about 85 MB/s when the issue was written: 425 MB/s); no-op rerun on 10k sessions under 1 s; one new session about one session's work plus aggregation; peak memory flat in the number of sessions."
  echo
  echo "Aggregation is partitioned per athlete and ISO week: \"one new session\" copies an athlete's first session (same day), so all of that athlete's weeks are recomputed; \"on a later day\" is the nightly case, a session in a new last week, which recomputes that week alone."
  echo
  echo "| sessions | MB of recordings | cold, s (MB/s) | peak | no-op rerun, s | peak | one new session, s | peak | one new session on a later day, s |"
  echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
  printf "%s" "$scale_rows"
  echo
  echo "The yardstick, in this run on this host: \`scripts/pandas_features.py\` (pandas.read_csv, Butterworth filtfilt, joint angles, reps from scipy's find_peaks, ROM, tempo, bar velocity from pose and from the IMU, velocity loss) over the $((athletes * sessions))-session dataset's recordings in one process, just before and just after the 10k cold run, the faster of the two: ${best_yardstick} MB/s. The 10k cold run is ${scale_vs_yardstick}× it (target: 5×)."
  echo
  echo "## Ingest throughput (one core, \`taskset -c 0\`; best of 5 repeats, best of 3 rounds; \`auralift bench-ingest\`)"
  echo
  echo '```'
  echo "$pose_line"
  echo "$openpose_line"
  echo "$imu_line"
  echo "$health_line"
  echo "$pandas_line"
  echo '```'
  echo
  echo "vision19 CSV vs pandas.read_csv on the same file, same core: ${ratio}x."
  echo
  echo "The health line is a ~200 MB Apple Health export.xml (\`scripts/health_export.py\`), streamed in 1 MB chunks; \"frames\" there are the days found, and its peak RSS is the whole process's."
  echo
  echo "## Feature accuracy against ground truth (\`auralift eval\`)"
  echo
  echo "Datasets: \`auralift synth --athletes 10 --sessions-per-athlete 6 --seed 17|23|29 --noise low|high --log-only-share 0 --pose-formats all --imu-formats all\`."
  echo "Each recorded set is measured with its manifest bounds (reps, ROM, tempo, velocity, velocity loss) and again with the bounds removed (set F1). MCV and PCV rows marked imu are from the bar IMU, the rest from pose. MCV is the mean over the concentric phase's moving stretch (upward at 0.05 m/s or more; docs/methods.md, Velocity), compared with the same mean of the generator's noise-free bar, and so is velocity loss; tempo phases run from zero velocity to zero velocity."
  echo
  echo "### The targets, three seeds (a missed one in bold)"
  echo
  # shellcheck disable=SC2086 # one argument per seed and noise level
  python3 scripts/eval_summary.py $summary_inputs
  for noise in low high; do
    echo
    echo "### $noise noise, seed 17"
    echo
    sed '1,2d' "$work/eval_${noise}_17.md"
  done
  for noise in low high; do
    echo
    echo "### Rows, push-ups and lunges, $noise noise, seed 17"
    echo
    echo "\`auralift synth --athletes 6 --sessions-per-athlete 6 --seed 17 --noise $noise --log-only-share 0 --pose-formats all --imu-formats all --exercises $others\`; the target lines are those of the five profiles above, repeated for comparison."
    echo
    sed '1,2d' "$work/others_$noise.md"
  done
  for noise in low high; do
    echo
    echo "### A watch instead of a bar IMU, $noise noise, seed 17"
    echo
    echo "\`auralift synth --athletes 6 --sessions-per-athlete 6 --seed 17 --noise $noise --log-only-share 0 --pose-formats all --imu-formats all --imu-placements wrist\`. With the camera, the camera counts and times the reps (\`imu:…@wrist\`); without it (\`imu-only:…@wrist\`), the watch's axes count them or say they cannot, and give neither bar velocity nor phases (a watch cannot tell lowering from lifting), so the IMU velocity and tempo lines have nothing to measure."
    echo
    grep -E '^\| (exercise|---|all \| imu|[a-z_]+ \| imu)' "$work/wrist_$noise.md"
    echo
    grep -E 'IMU only' "$work/wrist_$noise.md"
  done
  for noise in low high; do
    echo
    echo "### A watch app's recordings, sets without bounds, $noise noise, seed 17"
    echo
    echo "The watch above, recorded as a watch app records (\`--watch-app\`: the walk up to each set, picking the load up, the set's posture, putting the load down), then \`scripts/watch_app_sets.py\`: each set counted from the watch alone without its bounds or logged reps, as real recordings are (docs/real-data.md)."
    echo
    cat "$work/watchapp_$noise.md"
  done
  echo
  echo "## Sharded runs (\`scripts/bench_shards.py\`)"
  echo
  # shellcheck disable=SC2086 # one argument per size
  python3 scripts/bench_shards.py "$bin" ${BENCH_SHARD_SIZES:-10000 100000}
  echo
  echo "## Publishing into PostgreSQL (\`scripts/bench_postgres.sh\`)"
  echo
  # shellcheck disable=SC2086 # one argument per size
  scripts/bench_postgres.sh "$bin" ${BENCH_POSTGRES_SIZES:-1000 10000}
  echo
  real_data_section "$bin"
} > "$work/BENCHMARKS.md"
# The sections measured apart are kept as they were: the CI timing (scripts/time_ci.sh) and
# the cost of a change against the binary before it (farm-bench, pinned to one core), and the
# one-CPU and athletes tables (scripts/bench_one_cpu.sh, scripts/bench_athletes.sh, which
# `make bench` runs next).
python3 - BENCHMARKS.md "$work/BENCHMARKS.md" <<'PY'
import os, re, sys
old = open(sys.argv[1], encoding="utf-8").read() if os.path.exists(sys.argv[1]) else ""
new = open(sys.argv[2], encoding="utf-8").read()
for name in ("cost", "ci", "one-cpu", "athletes"):
    kept = re.search(rf"<!-- {name} -->.*?<!-- /{name} -->", old, flags=re.S)
    if kept:
        head, sep, rest = new.partition("\n## ")
        new = head.rstrip("\n") + "\n\n" + kept.group(0) + "\n\n## " + rest
open(sys.argv[2], "w", encoding="utf-8").write(new)
PY
# BENCHMARKS.md keeps the summaries; the per-exercise and per-source tables get a page.
python3 scripts/split_benchmarks.py "$work/BENCHMARKS.md" BENCHMARKS.md docs/accuracy-tables.md
cat BENCHMARKS.md
