#!/usr/bin/env bash
# Sets everything up and runs the tests three times, GPU and window tests
# included (headless through EGL, Mesa's llvmpipe when there is no GPU; the
# window tests in their own Xvfb):
#   1. the ci preset: release build, warnings as errors, every test;
#   2. the asan preset: AddressSanitizer + UBSan (CMakePresets.json), every
#      report fatal (halt_on_error, -fno-sanitize-recover=all), every test;
#   3. the tsan preset: clang's ThreadSanitizer, the tests that make no GL
#      context (label cpu), a headless run on two threads among them.
# The slow sweeps (parameter fuzz, extreme settings, command-line fuzz) run
# at their quick size; FLUIDSIM_TEST_SIZE=full runs them whole
# (tests/support/test_size.hpp). About 20-25 minutes on an idle 2-core
# machine, 37-40 on the slower days of late 2026 (docs/reliability.md, "The
# test suite's time", has the runs).
# Exits non-zero if a build fails, a test fails, or any test is skipped.
# Usage: scripts/test.sh [extra ctest arguments for the ci and asan runs, e.g. -L gpu]
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh

# GPU tests must run: a skip request from the environment is not honoured here.
unset FLUIDSIM_SKIP_GPU_TESTS
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0

# run_preset PRESET [ctest arguments]: builds and tests one preset, prints the
# wall time of each phase.
run_preset() {
  local preset=$1
  shift
  local start=$SECONDS
  cmake --preset "$preset"
  cmake --build --preset "$preset"
  echo "test.sh: $preset build took $((SECONDS - start)) s"
  start=$SECONDS
  rm -rf "build/$preset/test-times"
  ctest --preset "$preset" "$@" 2>&1 | tee "$log" || status=1
  echo "test.sh: $preset tests took $((SECONDS - start)) s"
  slowest "$preset"
  if grep -qE '\*\*\*Skipped|[0-9]+ tests? skipped|Not Run' "$log"; then
    echo "test.sh: some $preset tests were skipped or not run; every test must run" >&2
    status=1
  fi
}

# slowest PRESET: where a phase's time goes (docs/reliability.md, "The test
# suite's time"): the five ctest entries of the last run that took longest
# (a test binary's shard, or a script), and the ten single test cases, from
# the XML report each shard writes to build/PRESET/test-times
# (tests/CMakeLists.txt).
slowest() {
  echo "test.sh: the slowest $1 ctest entries (s):"
  awk '/ Test +#[0-9]+: / { for (i = 1; i <= NF; ++i) if ($i == "sec") printf "%8.2f  %s\n", $(i - 1), $4 }' "$log" |
    sort -rn | head -5 || true
  echo "test.sh: the slowest $1 test cases (s):"
  cat "build/$1/test-times/"*.xml 2>/dev/null |
    sed -n 's/.*<testcase name="\([^"]*\)".* time="\([^"]*\)".* classname="\([^"]*\)".*/\2 \3.\1/p' |
    sort -rn | head -10 | awk '{ printf "%8.2f  %s\n", $1, $2 }' || true
}

total=$SECONDS
run_preset ci "$@"
run_preset asan "$@"
run_preset tsan  # its own filter (label cpu); extra arguments are for the GL runs
echo "test.sh: all phases took $(((SECONDS - total) / 60)) min $(((SECONDS - total) % 60)) s"
if ((status != 0)); then
  echo "test.sh: FAILED" >&2
fi
exit "$status"
