#!/usr/bin/env bash
# The CPU solver's thread counts on a shared machine: runs solver_bench's CPU
# rows at 1 and 2 threads (medians of 3), first idle, then with another
# process spinning on one core, for each benchmark binary given (to compare
# two trees, build the older one beside this one and pass both).
#   scripts/bench-busy-core.sh [BENCH ...]      (default build/release/bench/solver_bench)
#   FILTER='BM_CpuStep20x20/threads:[12]/256' scripts/bench-busy-core.sh ...
set -euo pipefail
cd "$(dirname "$0")/.."
(($#)) || set -- build/release/bench/solver_bench
for bench in "$@"; do
  [ -x "$bench" ] || { echo "bench-busy-core: $bench not found (cmake --build --preset release --target solver_bench)" >&2; exit 2; }
done
filter=${FILTER:-'BM_CpuStepDefaults/threads:[12]/128/|BM_CpuStep20x20/threads:[12]/256/'}
spinner=''
trap '[ -n "$spinner" ] && kill "$spinner" 2>/dev/null || true' EXIT
for load in idle 'a core busy'; do
  if [ "$load" != idle ]; then
    bash -c 'while :; do :; done' &
    spinner=$!
  fi
  for bench in "$@"; do
    echo "== $load: $bench"
    "$bench" --benchmark_filter="$filter" --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \
      --benchmark_min_time=0.5 2>/dev/null | grep -E '_median' | awk '{printf "  %-50s %10s %s\n", $1, $2, $3}'
  done
done
