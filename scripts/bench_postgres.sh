#!/bin/bash
# PostgreSQL publication against SQLite's (BENCHMARKS.md): a throwaway PostgreSQL 15 on
# loopback (fsync=off, as the tests start it), the bench dataset repeated to each size
# (scripts/replicate_sessions.py), the session cache filled first. Then, 3 rounds, medians:
# a run into a new output with a warm cache (publication alone: SQLite), the same with
# --store (SQLite, then PostgreSQL: the difference is PostgreSQL's), and one new session
# added to a published store.
#
#   scripts/bench_postgres.sh AURALIFT [SIZES…]   (default 1000 10000)
set -euo pipefail
binary=$(realpath "$1")
shift
sizes=${*:-1000 10000}
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/auralift-pg-bench.XXXXXX)
pg=$work/pg
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
bin=/usr/lib/postgresql/15/bin
cleanup() {
  runuser -u postgres -- "$bin/pg_ctl" -D "$pg/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$pg"
chown postgres "$pg"
chmod 0755 "$work"
(cd /tmp && runuser -u postgres -- "$bin/initdb" -D "$pg/data" -A trust --no-sync >/dev/null)
(cd /tmp && runuser -u postgres -- "$bin/pg_ctl" -D "$pg/data" -l "$pg/log" -w \
  -o "-p $port -k $pg -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null </dev/null)
version=$(psql -h "$pg" -p "$port" -U postgres -Atc 'SHOW server_version')

seconds() { # the wall seconds of a command, its output dropped
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}
median() { printf '%s\n' "$@" | sort -g | sed -n "$((($# + 1) / 2))p"; }

"$binary" synth --out "$work/base" --athletes 20 --sessions-per-athlete 10 --seed 5 >/dev/null
echo "PostgreSQL $version on loopback; \`scripts/bench_postgres.sh\`; medians of 3."
echo
echo "| sessions | SQLite publication, s | + PostgreSQL publication, s | PostgreSQL ÷ SQLite | one new session into PostgreSQL, s |"
echo "| --- | --- | --- | --- | --- |"
for size in $sizes; do
  data=$work/d$size
  python3 "$repo/scripts/replicate_sessions.py" "$work/base" "$data" $(((size + 199) / 200))
  printf 'name: bench\ndataset: %s\nout: %s\ncache: %s\n' "$data" "$work/o" "$work/cache" \
    > "$work/header.yaml"
  sed -e '/^name:/d; /^dataset:/d; /^out:/d; /^cache:/d' "$repo/pipelines/nightly.yaml" >> "$work/header.yaml"
  pipeline=$work/header.yaml
  (cd "$repo" && "$binary" run "$pipeline" --out "$work/warm" --quiet)
  sqlite=() both=() added=()
  for round in 1 2 3; do
    rm -rf "$work/a" "$work/b"
    sqlite+=("$(cd "$repo" && seconds "$binary" run "$pipeline" --out "$work/a" --quiet)")
    url="postgresql://postgres@127.0.0.1:$port/postgres?sslmode=disable&schema=b${size}r$round"
    both+=("$(cd "$repo" && seconds "$binary" run "$pipeline" --out "$work/b" --store "$url" --quiet)")
    # One new session: the last session an hour later under a new id (its recordings end in
    # a blank line, so that it is not the same upload twice), published into the store.
    last=$(ls "$data/sessions" | sort | tail -n 1)
    cp -r "$data/sessions/$last" "$data/sessions/zz-new-$round"
    python3 - "$data/sessions/zz-new-$round" "zz-new-$round" <<'PY'
import datetime, glob, json, os, sys
folder, new_id = sys.argv[1], sys.argv[2]
path = os.path.join(folder, "session.json")
manifest = json.load(open(path))
start = datetime.datetime.fromisoformat(manifest["start_time"].replace("Z", "+00:00"))
manifest["session_id"] = new_id
manifest["start_time"] = (start + datetime.timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
json.dump(manifest, open(path, "w"), indent=2)
for recording in glob.glob(os.path.join(folder, "*.csv")):
    open(recording, "a").write("\n")
PY
    rm -rf "$work/c"
    cp -a "$work/b" "$work/c"
    # The SQLite side of the same run, for the difference: the same new session without the
    # store, timed once the session is in the cache (as it then is for the run with it).
    rm -rf "$work/d" "$work/e"
    cp -a "$work/a" "$work/e"
    (cd "$repo" && "$binary" run "$pipeline" --out "$work/e" --quiet)
    cp -a "$work/a" "$work/d"
    plain=$(cd "$repo" && seconds "$binary" run "$pipeline" --out "$work/d" --quiet)
    with=$(cd "$repo" && seconds "$binary" run "$pipeline" --out "$work/c" --store "$url" --quiet)
    added+=("$(echo "$with - $plain" | bc)")
    rm -rf "$data/sessions/zz-new-$round"
  done
  s=$(median "${sqlite[@]}")
  b=$(median "${both[@]}")
  pgonly=$(echo "$b - $s" | bc)
  printf '| %s | %.2f | %.2f | %.2f | %.2f |\n' "$size" "$s" "$pgonly" \
    "$(echo "$pgonly / $s" | bc -l)" "$(median "${added[@]}")"
  rm -rf "$data" "$work/warm" "$work/a" "$work/b" "$work/c" "$work/d" "$work/e" "$work/cache"
done
echo
echo "PostgreSQL's time is the run with --store less the same run without: its COPYs, the"
echo "schema's migration on the first publication, and the transaction's commit."
