# The tally the integration tests (scripts/*/test_*.sh) keep, sourced by each:
# `check WHAT COMMAND...` runs COMMAND and counts it passed or failed, saying which;
# `checks_done` prints the tally and fails when a check failed.
failures=0
passed=0
check() {
  local what=$1
  shift
  if "$@"; then
    passed=$((passed + 1))
    echo "ok: $what"
  else
    failures=$((failures + 1))
    echo "FAILED: $what" >&2
  fi
}
checks_done() {
  echo "$passed passed, $failures failed"
  [ "$failures" -eq 0 ]
}
