#!/bin/bash
# Sharded runs on a real Slurm: a one-node cluster on loopback (local_cluster.sh), the
# deploy/slurm scripts as a user submits them, and the auralift binary given as $1.
#
#   scripts/slurm/test_sharded_run.sh .build/release/auralift
#
# Checks: an array of 4 shards and its publish give the database (row for row) and the CSVs
# (byte for byte) that `auralift run` gives; a shard missing from the array leaves nothing
# published and publish refusing with 75, and submitting that index alone then publishes the
# same; a duplicate shard changes nothing; a truncated cache entry is recomputed by its
# shard; a publisher whose lock is held exits 75 and one whose lock holder was killed
# publishes. The cluster is stopped by a trap, whatever happens.
set -uo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
binary=$(realpath "${1:?usage: $0 AURALIFT_BINARY}")
source "$repo/scripts/slurm/local_cluster.sh"
work=$(mktemp -d /tmp/auralift-slurm.XXXXXX)
trap 'cluster_stop; rm -rf "$work"' EXIT
source "$repo/scripts/lib/checks.sh"

cluster_start "$work/cluster" || exit 1
dataset=$work/dataset
"$binary" synth --out "$dataset" --athletes 4 --sessions-per-athlete 5 --seed 41 >/dev/null
pipeline=$repo/pipelines/nightly.yaml
export AURALIFT=$binary AURALIFT_ATTEMPTS=1
export SBATCH_ARGS="--cpus-per-task=1 --output=$work/%x-%A_%a.log"
"$binary" run "$pipeline" --dataset "$dataset" --out "$work/single" --quiet

# Same rows in every published table but the run's own record, and the same CSV bytes.
same_publication() {
  python3 - "$1/current/auralift.sqlite" "$2/current/auralift.sqlite" <<'PY' || return 1
import sqlite3, sys
a, b = (sqlite3.connect(path) for path in sys.argv[1:3])
tables = [name for (name,) in a.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'"
    " AND name NOT LIKE 'grdb%' AND name NOT IN ('run', 'run_parameter')")]
different = [t for t in tables if sorted(a.execute(f"SELECT * FROM {t}")) !=
             sorted(b.execute(f"SELECT * FROM {t}"))]
if different:
    sys.exit(f"tables differ: {different}")
PY
  local file
  for file in "$1"/current/csv/*.csv; do
    case $(basename "$file") in run.csv | run_parameter.csv) continue ;; esac
    cmp -s "$file" "$2/current/csv/$(basename "$file")" || { echo "differs: $file" >&2; return 1; }
  done
}
job_state() { cluster_wait "$1"; }
submit_publish() {
  sbatch --parsable --export=ALL,AURALIFT_PIPELINE="$pipeline",AURALIFT_RUN_ID="$1",AURALIFT_SHARDS=4,AURALIFT_ARGS="--dataset $dataset --out $2" \
    $SBATCH_ARGS "$repo/deploy/slurm/publish.sbatch"
}
submit_shards() {
  sbatch --parsable --array="$3" --export=ALL,AURALIFT_PIPELINE="$pipeline",AURALIFT_RUN_ID="$1",AURALIFT_SHARDS=4,AURALIFT_ARGS="--dataset $dataset --out $2" \
    $SBATCH_ARGS "$repo/deploy/slurm/shard.sbatch"
}

# 1. submit.sh: the array and the publish with afterok.
out=$work/sharded
line=$("$repo/deploy/slurm/submit.sh" "$pipeline" 4 night1 -- --dataset "$dataset" --out "$out")
publish_job=$(sed -n 's/.*publish job \([0-9]*\).*/\1/p' <<<"$line")
state=$(job_state "$publish_job")
check "array of 4 shards and publish complete ($line; publish $state)" grep -q COMPLETED <<<"$state"
check "4 manifests written" test "$(ls "$out"/.cache/.shards/night1 | wc -l)" -eq 4
check "sharded publication equals auralift run" same_publication "$out" "$work/single"
digest=$(sha256sum "$out/current/auralift.sqlite" | cut -d' ' -f1)

# 2. A duplicate shard (an index run again) and a second publish change nothing.
job_state "$(submit_shards night1 "$out" 1)" >/dev/null
job_state "$(submit_publish night1 "$out")" >/dev/null
check "a duplicate shard and publish leave the database as it was" \
  test "$(sha256sum "$out/current/auralift.sqlite" | cut -d' ' -f1)" = "$digest"

# 3. Shard 2 missing: publish refuses with 75 and publishes nothing; index 2 alone, then publish.
out2=$work/missing
shards=$(submit_shards night2 "$out2" 0,1,3)
job_state "$shards" >/dev/null
status=0
"$binary" publish "$pipeline" --run-id night2 --shards 4 --dataset "$dataset" --out "$out2" \
  2>"$work/refused.txt" || status=$?
check "publish without shard 2 exits 75 (got $status)" test "$status" -eq 75
check "and names shard 2" grep -q "lacks the manifest of shard 2 of 4" "$work/refused.txt"
check "and publishes nothing" test ! -e "$out2/current"
job_state "$(submit_shards night2 "$out2" 2)" >/dev/null
state=$(job_state "$(submit_publish night2 "$out2")")
check "after index 2 alone, publish completes ($state)" grep -q COMPLETED <<<"$state"
check "with the same publication" same_publication "$out2" "$work/single"

# 4. A truncated cache entry: publish refuses; its shard recomputes it; publish is the same.
out3=$work/damaged
job_state "$(submit_shards night3 "$out3" 0-3)" >/dev/null
entry=$(find "$out3/.cache/scoring" -name '*.v2.bin' | sort | head -n 1)
size=$(stat -c %s "$entry")
truncate -s $((size / 2)) "$entry"
key=$(basename "$entry" .v2.bin)
shard=$(python3 - "$out3/.cache/.shards/night3" "$key" <<'PY'
import json, pathlib, sys
for path in pathlib.Path(sys.argv[1]).glob("*.json"):
    manifest = json.loads(path.read_text())
    if any(s["keys"]["scoring"] == sys.argv[2] for s in manifest["sessions"]):
        print(manifest["shard"])
PY
)
status=0
"$binary" publish "$pipeline" --run-id night3 --shards 4 --dataset "$dataset" --out "$out3" \
  2>"$work/damaged.txt" || status=$?
check "publish over a truncated entry exits 2 (got $status)" test "$status" -eq 2
check "and says to run its shard again" grep -q "run its shard again" "$work/damaged.txt"
job_state "$(submit_shards night3 "$out3" "$shard")" >/dev/null
check "shard $shard recomputed the entry" test "$(stat -c %s "$entry")" -eq "$size"
state=$(job_state "$(submit_publish night3 "$out3")")
check "then publish completes ($state)" grep -q COMPLETED <<<"$state"
check "with the same publication" same_publication "$out3" "$work/single"

# 5. The lock: held, publish exits 75; its holder killed, publish goes on.
out4=$work/locked
job_state "$(submit_shards night4 "$out4" 0-3)" >/dev/null
mkdir -p "$out4/.state"
# -o: the lock stays with flock alone (not its command), so killing flock frees it.
flock -o "$out4/.state/lock" sleep 60 &
holder=$!
sleep 0.5
status=0
"$binary" publish "$pipeline" --run-id night4 --shards 4 --dataset "$dataset" --out "$out4" \
  --quiet 2>/dev/null || status=$?
check "publish while another holds the lock exits 75 (got $status)" test "$status" -eq 75
# Its `sleep` goes too: left running, it would hold this script's output open for a minute.
{ pkill -9 -P "$holder"; kill -9 "$holder"; wait "$holder"; } 2>/dev/null
status=0
"$binary" publish "$pipeline" --run-id night4 --shards 4 --dataset "$dataset" --out "$out4" \
  --quiet || status=$?
check "once the holder is killed, publish completes (got $status)" test "$status" -eq 0

checks_done
