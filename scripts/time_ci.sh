#!/bin/bash
# Times .ci/run as CI runs it, on a fresh clone of HEAD in a temporary folder (every
# dependency built from nothing; the Debian packages the Makefile installs are whatever this
# machine has), and writes the table into BENCHMARKS.md between its `<!-- ci -->` marks,
# which `make bench` keeps.
#
#   scripts/time_ci.sh        (make ci-time)
set -uo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/auralift-ci.XXXXXX)
trap 'rm -rf "$work"' EXIT
git clone -q "$repo" "$work/clone" || exit 1
commit=$(git -C "$repo" rev-parse --short=12 HEAD)
started=$SECONDS
(cd "$work/clone" && CI=true bash .ci/run </dev/null) >"$work/ci.log" 2>&1
status=$?
total=$((SECONDS - started))
if [ "$status" -ne 0 ]; then
  tail -40 "$work/ci.log" >&2
  echo "time_ci: .ci/run failed (exit $status) after $total s; BENCHMARKS.md unchanged" >&2
  exit "$status"
fi
build=$(grep -oE 'Build complete! \(([0-9.]+)s\)' "$work/ci.log" | head -1 | grep -oE '[0-9.]+')
tests=$(grep -oE 'Test run with [0-9]+ tests in [0-9]+ suites passed after [0-9.]+ seconds' \
  "$work/ci.log" | head -1)
section=$(
  echo "<!-- ci -->"
  echo "## CI: a fresh clone's \`.ci/run\` (\`make ci-time\`, scripts/time_ci.sh)"
  echo
  echo "Commit $commit, $(date -u +%F), on $(nproc) cores; Debian packages already installed."
  echo "Total: **$total s** ($(awk -v s="$total" 'BEGIN { printf "%.1f", s / 60 }') min); the release build with the tests: ${build:-?} s; ${tests:-the suite}."
  echo
  echo "| step | seconds |"
  echo "| --- | --- |"
  sed -nE 's/^ci: (.*) ([0-9]+) s$/| `\1` | \2 |/p' "$work/ci.log"
  echo "<!-- /ci -->"
)
python3 - "$repo/BENCHMARKS.md" "$section" <<'PY'
import re, sys
path, section = sys.argv[1], sys.argv[2]
text = open(path, encoding="utf-8").read()
if "<!-- ci -->" in text:
    text = re.sub(r"<!-- ci -->.*?<!-- /ci -->", lambda _: section, text, flags=re.S)
else:
    # After the first table (the run's headline numbers), before the first section.
    head, sep, rest = text.partition("\n## ")
    text = head.rstrip("\n") + "\n\n" + section + "\n\n## " + rest
open(path, "w", encoding="utf-8").write(text)
PY
echo "$section"
