#!/usr/bin/env bash
# The benchmark set behind bench/README.md's real-GPU tables, in one command:
# profile_bench's per-group table (the user's, the peer's, the demo's, the
# staggered and the water wall's steps), solver_bench's defaults / peer /
# layout steps, and frame_bench's water wall frame at 1024x768.
#
#   scripts/real-gpu-bench.sh BENCH_DIR OUT_DIR [LABEL] [PART]
#
# BENCH_DIR holds the three programs (build/ci/bench after a Release build);
# each writes OUT_DIR/LABEL-<program>.txt. PART (profile, solver or frame)
# runs that one only. Each program needs nothing but GL, so a Release build
# made on another x86-64 machine runs as it is where its shared libraries are
# found (LD_LIBRARY_PATH). To compare two builds, run both in one session on
# one machine: milliseconds from different machines do not compare.
set -uo pipefail

if [[ $# -lt 2 ]]; then
    echo "usage: $0 BENCH_DIR OUT_DIR [LABEL] [profile|solver|frame]" >&2
    exit 2
fi
bench=$1 out=$2 label=${3:-run} part=${4:-all}
for program in profile_bench solver_bench frame_bench; do
    if [[ ! -x $bench/$program ]]; then
        echo "$0: $bench/$program is missing (build the bench targets first)" >&2
        exit 2
    fi
done
mkdir -p "$out"

status=0
aggregates=(--benchmark_repetitions=3 --benchmark_report_aggregates_only=true)
run() {  # run NAME PROGRAM ARGS...: into OUT_DIR/LABEL-NAME.txt, echoed
    local name=$1
    shift
    [[ $part == all || $part == "$name" ]] || return 0
    echo "== $label $name: $*"
    "$@" 2>&1 | tee "$out/$label-$name.txt"
    local rc=${PIPESTATUS[0]}
    [[ $rc -eq 0 ]] || { echo "$0: $label $name exited $rc" >&2; status=1; }
}

run profile "$bench/profile_bench" 300
run solver "$bench/solver_bench" --benchmark_filter='BM_GpuStep(Defaults|PeerConfig|Layout)/' \
    --benchmark_min_time=0.3 "${aggregates[@]}"
run frame "$bench/frame_bench" --benchmark_filter='BM_WaterWall|BM_WaterView' \
    --benchmark_min_time=0.5 "${aggregates[@]}"
exit $status
