#!/usr/bin/env bash
# Runs every command line of the README's `sh` blocks as a reader would, on the bundled sample,
# in a temporary folder laid out like the repository (its pipelines, datasets and deploy
# copied, the release binary linked), and fails on the first line that fails. The crontab line
# runs under cron's bare environment and must print nothing; a line that opens a browser must
# name a file that exists. Lines that need a cluster or are the two make commands are named
# with the check that runs them.
#   usage: test_readme.sh AURALIFT_BINARY [PYTHON_WITH_PANDAS]
set -euo pipefail
binary=$(realpath "$1")
python=${2:-python3}
[[ "$python" == */* ]] && python=$(realpath -s "$python")
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/.build/release"
ln -s "$binary" "$work/.build/release/auralift"
cp -r "$repo/pipelines" "$repo/datasets" "$repo/deploy" "$work/"

ran=0
fail() { echo "README line failed: $1" >&2; echo "$2" >&2; exit 1; }
while IFS= read -r line; do
  command=$(sed -E 's/[[:space:]]+#.*$//' <<<"$line")
  [[ -z "${command// /}" || "$command" =~ ^[[:space:]]*# ]] && continue
  case "$command" in
    make\ *)
      echo "skipped (the two commands; .ci/run runs make test): $command"
      continue ;;
    deploy/slurm/*)
      echo "skipped (needs a Slurm cluster; make test-slurm runs it): $command"
      continue ;;
    xdg-open\ *|open\ *)
      target=$(awk '{print $2}' <<<"$command")
      [ -e "$work/$target" ] || fail "$command" "no such file after the lines before it: $target"
      echo "exists: $target"
      ran=$((ran + 1))
      continue ;;
  esac
  # The crontab line: its five time fields off, /srv paths into the temporary folder, run with
  # cron's environment from $HOME; it must succeed and print nothing.
  if [[ "$command" =~ ^([0-9*/,-]+[[:space:]]+){5}(.*)$ ]]; then
    command=${BASH_REMATCH[2]}
    cron=1
  else
    cron=0
  fi
  command=${command//\/srv\/auralift/$work}
  command=${command//\/srv\/data/$work\/datasets\/sample}
  command=${command//\/srv\/reports/$work\/reports}
  command=${command//python3 /$python }
  if [ $cron = 1 ]; then
    output=$(cd "$work" && env -i HOME="$work" PATH=/usr/bin:/bin SHELL=/bin/sh \
      /bin/sh -c "$command" 2>&1) || fail "$line" "$output"
    [ -z "$output" ] || fail "$line" "printed under cron: $output"
  else
    output=$(cd "$work" && bash -c "$command" 2>&1) || fail "$line" "$output"
  fi
  # An example sweep must be one whose objective moves, so that it names a best variant.
  if grep -q "no variation" <<<"$output"; then fail "$line" "its sweep names no best variant"; fi
  echo "ran: $command"
  ran=$((ran + 1))
done < <(awk '/^```sh$/ { inside = 1; next } /^```/ { inside = 0 } inside' "$repo/README.md")
[ $ran -gt 0 ] || { echo "no README command line ran" >&2; exit 1; }
echo "README: $ran lines ran"
