#!/bin/bash
# Submits a sharded AuraLift run to Slurm: an array of N shards, then the publish step with
# afterok (cancelled, not run, if a shard fails for good). Prints the two job ids.
#
#   deploy/slurm/submit.sh PIPELINE N [RUN_ID] [-- extra auralift flags]
#
# RUN_ID defaults to the date and time. To redo a failed shard K of the same run:
#   AURALIFT_PIPELINE=... AURALIFT_RUN_ID=... AURALIFT_SHARDS=N \
#     sbatch --array=K --export=ALL deploy/slurm/shard.sbatch
# then submit publish.sbatch the same way.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -lt 2 ]; then
  echo "usage: $0 PIPELINE N [RUN_ID] [-- auralift flags]" >&2
  exit 64
fi
pipeline=$(realpath "$1")
shards=$2
run_id=${3:-$(date -u +%Y%m%dT%H%M%S)}
shift $(($# >= 3 ? 3 : 2))
[ "${1:-}" = "--" ] && shift
export AURALIFT_PIPELINE=$pipeline AURALIFT_RUN_ID=$run_id AURALIFT_SHARDS=$shards
export AURALIFT_ARGS="$*"
array=$(sbatch --parsable --export=ALL --array="0-$((shards - 1))" ${SBATCH_ARGS:-} \
  "$here/shard.sbatch")
publish=$(sbatch --parsable --export=ALL --dependency="afterok:${array%%;*}" \
  --kill-on-invalid-dep=yes ${SBATCH_ARGS:-} "$here/publish.sbatch")
echo "run $run_id: shards job ${array%%;*}, publish job ${publish%%;*}"
