#!/usr/bin/env bash
# The real-data table of BENCHMARKS.md: converts each public source the user has cloned into
# .realdata/ (ignored by git) and counts its sets with `auralift eval`, the tuning and the
# held-out split apart. usage: eval_real.sh BIN   (docs/real-data.md says what to clone)
set -euo pipefail
bin=${1:?usage: eval_real.sh BIN}
root=${REALDATA:-.realdata}
repcount=${REPCOUNT_CLONE:-$root/RepCount-Using-Skeleton-Information}
if [ ! -d "$repcount" ]; then
  echo "no clone of DanielC-MST/RepCount-Using-Skeleton-Information at $repcount" >&2
  echo "(see docs/real-data.md; REPCOUNT_CLONE=path names another place)" >&2
  exit 64
fi
python3 scripts/realdata/repcount_pose.py "$repcount" "$root/eval/repcount" >/dev/null
for split in tune holdout; do
  echo "### RepCount-A poses, $split split"
  echo
  "$bin" eval "$root/eval/repcount" --split "$split" \
    --reps "$root/eval/repcount-$split-sets.csv" || true
  echo
done
