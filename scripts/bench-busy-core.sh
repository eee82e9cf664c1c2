#!/usr/bin/env bash
# The CPU solver's thread counts on a shared machine, on the staggered layout
# (the user's), first idle, then with another process spinning on one core:
#  - bench/seed/step_time.cpp's step (256^2, 20 + 20 Jacobi sweeps,
#    semi-Lagrangian, as the seed comparison) at the default thread count
#    (0: every core the process may run on), 1 and 2 threads, in alternating
#    rounds; the figure is the default over one thread (at most 1.0);
#  - solver_bench's BM_CpuStepDefaults rows (the user's solvers) at 1 and 2
#    threads (medians of 3).
# For each benchmark binary given (to compare two trees, build the older one
# beside this one and pass both); step_time is built against the libraries
# of the binary's build folder.
#   scripts/bench-busy-core.sh [BENCH ...]      (default build/release/bench/solver_bench)
#   FILTER='BM_CpuStepDefaults/threads:[12]/256' ROUNDS=5 scripts/bench-busy-core.sh ...
set -euo pipefail
cd "$(dirname "$0")/.."
(($#)) || set -- build/release/bench/solver_bench
for bench in "$@"; do
  [ -x "$bench" ] || { echo "bench-busy-core: $bench not found (cmake --build --preset release --target solver_bench)" >&2; exit 2; }
done
filter=${FILTER:-'BM_CpuStepDefaults/threads:[12]/(128|256)/'}
rounds=${ROUNDS:-3}
work=$(mktemp -d)
spinner=''
trap '[ -n "$spinner" ] && kill "$spinner" 2>/dev/null || true; rm -rf "$work"' EXIT
steps=()
for n in $(seq 1 $#); do
  build=$(dirname "$(dirname "${!n}")")
  g++ -std=c++20 -O3 -DNDEBUG -DOURS -Isrc bench/seed/step_time.cpp -o "$work/step_$n" \
    "$build/src/libfluid_reference.a" "$build/src/libfluid_core.a" -lpthread
  steps+=("$work/step_$n")
done
for load in idle 'a core busy'; do
  if [ "$load" != idle ]; then
    bash -c 'while :; do :; done' &
    spinner=$!
  fi
  for n in $(seq 1 $#); do
    bench=${!n}
    echo "== $load: $bench"
    echo "  staggered 256^2 20+20, ms per step: round  default  1 thread  2 threads  default/1"
    for r in $(seq 1 "$rounds"); do
      t0=$("${steps[n - 1]}" 0 5 staggered)
      t1=$("${steps[n - 1]}" 1 5 staggered)
      t2=$("${steps[n - 1]}" 2 5 staggered)
      printf '  %47d  %7s  %8s  %9s  %9.2f\n' "$r" "$t0" "$t1" "$t2" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print a / b }')"
    done
    "$bench" --benchmark_filter="$filter" --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \
      --benchmark_min_time=0.5 2>/dev/null | grep -E '_median' | awk '{printf "  %-50s %10s %s\n", $1, $2, $3}'
  done
done
