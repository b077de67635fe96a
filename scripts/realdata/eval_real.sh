#!/usr/bin/env bash
# The real-data table of BENCHMARKS.md: converts each public source the user has cloned into
# .realdata/ (ignored by git) and counts its sets with `auralift eval`, the tuning and the
# held-out split apart, and again within the authors' set bounds where labels.csv has them.
# usage: [EVAL_OUT=dir] eval_real.sh BIN   (docs/real-data.md says what to clone)
set -euo pipefail
bin=${1:?usage: eval_real.sh BIN}
root=${REALDATA:-.realdata}
# Where the evaluation folders, tables and set lists go (another binary's apart from these).
out=${EVAL_OUT:-$root/eval}
repcount=${REPCOUNT_CLONE:-$root/RepCount-Using-Skeleton-Information}
muvr=${MUVR_CLONE:-$root/muvr-training-data}
watch=${WATCH_CLONE:-$root/gym-segmentation}
bar=${BAR_CLONE:-$root/wireless-imu-activity-tracking}
countix=${COUNTIX_CLONE:-$root/Countix-Fitness}
sources=()
[ -d "$repcount" ] && sources+=(repcount)
[ -d "$muvr" ] && sources+=(muvr)
[ -d "$watch" ] && sources+=(watch)
[ -d "$bar" ] && sources+=(bar)
[ -d "$countix" ] && sources+=(countix)
if [ ${#sources[@]} -eq 0 ]; then
  echo "no clone of a real-data source under $root" >&2
  echo "(see docs/real-data.md; REPCOUNT_CLONE, MUVR_CLONE, WATCH_CLONE, BAR_CLONE and COUNTIX_CLONE name other places)" >&2
  exit 64
fi
# The same parameters with every count found published, whatever its confidence: the counters
# alone, for the summary below.
mkdir -p "$out"
sed 's/^\( *min_reps_confidence:\) *[0-9.]*/\1 0/' pipelines/nightly.yaml > "$out/every-count.yaml"
summary=()
for source in "${sources[@]}"; do
  case $source in
    repcount) title="RepCount-A poses" convert=repcount_pose.py clone=$repcount ;;
    muvr) title="muvr wrist accelerometer" convert=muvr_wrist.py clone=$muvr ;;
    watch) title="Apple Watch gym sets" convert=watch_gym.py clone=$watch ;;
    bar) title="Bar-mounted IMU sets" convert=bar_imu.py clone=$bar ;;
    countix) title="Countix-Fitness poses" convert=countix_pose.py clone=$countix ;;
  esac
  rm -rf "${out:?}/$source"
  python3 "scripts/realdata/$convert" "$clone" "$out/$source" >/dev/null
  for split in tune holdout; do
    echo "### $title, $split split"
    echo
    "$bin" eval "$out/$source" --split "$split" \
      --reps "$out/$source-$split-sets.csv" --csv "$out/$source-$split.csv" || true
    "$bin" eval "$out/$source" --split "$split" --pipeline "$out/every-count.yaml" \
      --csv "$out/$source-$split-every-count.csv" >/dev/null || true
    summary+=("$title|$split|found|$out/$source-$split.csv|$out/$source-$split-every-count.csv")
    echo
  done
  # Where the authors marked each set's bounds, the sets are counted within them as well: how
  # far the count is off once the set is found.
  marked='NR == 1 { for (i = 1; i <= NF; i++) if ($i == "start_s") c = i }
    NR > 1 && c && $c != "" { found = 1 } END { exit !found }'
  if awk -F, "$marked" "$out/$source/labels.csv"; then
    for split in tune holdout; do
      echo "### $title, $split split, counted within the authors' set bounds"
      echo
      "$bin" eval "$out/$source" --split "$split" --given-bounds \
        --reps "$out/$source-$split-bounded-sets.csv" \
        --csv "$out/$source-$split-bounded.csv"
      summary+=("$title|$split|given|$out/$source-$split-bounded.csv|")
      echo
    done
  fi
done
echo "### Right or unknown, every source and split"
echo
python3 scripts/realdata/contract_summary.py "${summary[@]}"
