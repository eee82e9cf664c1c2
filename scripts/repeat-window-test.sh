#!/usr/bin/env bash
# Runs the window test N times in a row (default 10) and prints each run's
# result and measured values, then the pass count. With --busy, two busy
# loops keep both cores loaded the whole time, to show the test does not
# depend on how fast frames are drawn.
#   scripts/repeat-window-test.sh [N] [--busy]      (after a build: cmake --build --preset ci)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=10
busy=0
for arg in "$@"; do
  case "$arg" in
    --busy) busy=1 ;;
    ''|*[!0-9]*) echo "usage: $0 [N] [--busy]" >&2; exit 2 ;;
    *) runs=$arg ;;
  esac
done
loops=()
stop_loops() { for pid in "${loops[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap stop_loops EXIT
if [ "$busy" = 1 ]; then
  for _ in 1 2; do (while :; do :; done) & loops+=($!); done
fi
passed=0
for n in $(seq "$runs"); do
  if ctest --preset ci -L window >/dev/null 2>&1; then result=pass; passed=$((passed + 1)); else result=FAIL; fi
  log=build/ci/Testing/Temporary/LastTest.log
  echo "run $n: $result $(grep -h '\[ measured \]' "$log" | tr '\n' ' ')"
  [ "$result" = pass ] || grep -h -A8 'Failure' "$log" || true
done
echo "window test: $passed of $runs passed$([ "$busy" = 1 ] && echo ' (both cores busy)')"
[ "$passed" = "$runs" ]
