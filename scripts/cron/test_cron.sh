#!/bin/bash
# The README's crontab line, run as cron runs it: no terminal, the working directory $HOME,
# a minimal environment (HOME, LOGNAME, SHELL, PATH=/usr/bin:/bin), its /srv paths moved
# under a temporary folder that holds a copy of the sample as /srv/data and the binary
# given as $1 as /srv/auralift/.build/release/auralift.
#
#   scripts/cron/test_cron.sh .build/release/auralift
#
# Checks: the line succeeds and prints nothing (cron mails nothing), cold and up to date;
# the systemd service of deploy/systemd runs the same command.
set -uo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
binary=$(realpath "${1:?usage: $0 AURALIFT_BINARY}")
work=$(mktemp -d /tmp/auralift-cron.XXXXXX)
trap 'rm -rf "$work"' EXIT
source "$repo/scripts/lib/checks.sh"

line=$(grep -E '^[0-9*]+ [0-9*]+ [0-9*]+ [0-9*]+ [0-9*]+ /srv/' "$repo/README.md" | head -1)
check "the README has a crontab line" test -n "$line"
command=$(echo "$line" | cut -d' ' -f6-)
mkdir -p "$work/srv/auralift/.build/release" "$work/home"
ln -s "$binary" "$work/srv/auralift/.build/release/auralift"
cp -r "$repo/pipelines" "$work/srv/auralift/pipelines"
cp -r "$repo/datasets/sample" "$work/srv/data"
moved=${command//\/srv\//$work/srv/}
as_cron() {
  (cd "$work/home" && setsid env -i HOME="$work/home" LOGNAME=auralift SHELL=/bin/sh \
    PATH=/usr/bin:/bin /bin/sh -c "$moved" </dev/null >"$work/cron.out" 2>&1)
}
as_cron
check "the crontab line succeeds under cron's environment" test $? -eq 0
check "and prints nothing" test ! -s "$work/cron.out"
check "and publishes" test -f "$work/srv/reports/current/auralift.sqlite"
as_cron
check "up to date, it succeeds and prints nothing again" test $? -eq 0 -a ! -s "$work/cron.out"
[ -s "$work/cron.out" ] && cat "$work/cron.out" >&2
exec_start=$(sed -n 's/^ExecStart=//p' "$repo/deploy/systemd/auralift-nightly.service")
check "the systemd service runs the crontab's command" test "$exec_start" = "$command"
if command -v systemd-analyze >/dev/null; then
  # Verified with their paths moved too, so that the program they start exists.
  mkdir -p "$work/units"
  for unit in auralift-nightly.service auralift-nightly.timer; do
    sed -e "s|/srv/|$work/srv/|g; /^User=/d" "$repo/deploy/systemd/$unit" >"$work/units/$unit"
  done
  check "the systemd units verify" systemd-analyze verify --man=no \
    "$work/units/auralift-nightly.service" "$work/units/auralift-nightly.timer"
fi

checks_done
