#!/usr/bin/env bash
# The CPU reference against the seed's (commit 64925cc, OpenMP) on the same
# step: 256^2, 20 + 20 Jacobi sweeps, semi-Lagrangian, 2 threads
# (bench/seed/step_time.cpp). Builds the seed's solver from git and this
# tree's from build/ci (cmake --build --preset ci first), then runs the two
# alternately and prints each round's milliseconds per step and the ratio.
# This tree's runs on `layout`: staggered (the default, the user's) or
# collocated (the seed's only one).
# Usage: scripts/seed-cpu-compare.sh [rounds] [threads] [layout]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
threads=${2:-2}
layout=${3:-staggered}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[[ -f build/ci/src/libfluid_reference.a ]] || { echo "seed-cpu-compare.sh: build the ci preset first" >&2; exit 1; }
mkdir -p "$work/seed"
git archive 64925cc src | tar -x -C "$work/seed"
flags=(-std=c++20 -O3 -DNDEBUG)
g++ "${flags[@]}" -fopenmp -I"$work/seed/src" "$work"/seed/src/reference/*.cpp "$work"/seed/src/core/*.cpp \
  bench/seed/step_time.cpp -o "$work/seed_step"
g++ "${flags[@]}" -DOURS -Isrc bench/seed/step_time.cpp -o "$work/ours_step" \
  build/ci/src/libfluid_reference.a build/ci/src/libfluid_core.a -lpthread
echo "round  seed ms  this tree ms  ratio"
for r in $(seq 1 "$rounds"); do
  seed=$(OMP_NUM_THREADS=$threads "$work/seed_step" "$threads" 15)
  ours=$("$work/ours_step" "$threads" 15 "$layout")
  printf '%5d  %7s  %12s  %5.2f\n' "$r" "$seed" "$ours" "$(awk -v s="$seed" -v o="$ours" 'BEGIN { print s / o }')"
done
