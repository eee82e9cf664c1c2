#!/usr/bin/env bash
# Sets everything up and runs every test twice, GPU tests included (headless,
# via EGL; Mesa's llvmpipe when there is no GPU):
#   1. the ci preset: release build, warnings as errors;
#   2. the asan preset: AddressSanitizer + UBSan (CMakePresets.json), every
#      report fatal (halt_on_error, -fno-sanitize-recover=all), leaks checked at
#      each test program's exit. Built at -O1, the whole suite, validation
#      flows included at full size, runs in about 2 minutes on 2 cores.
# Exits non-zero if a build fails, a test fails, or any test is skipped.
# Usage: scripts/test.sh [extra ctest arguments for both runs, e.g. -L gpu]
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
  ctest --preset "$preset" "$@" 2>&1 | tee "$log" || status=1
  echo "test.sh: $preset tests took $((SECONDS - start)) s"
  if grep -qE '\*\*\*Skipped|[0-9]+ tests? skipped|Not Run' "$log"; then
    echo "test.sh: some $preset tests were skipped or not run; every test must run" >&2
    status=1
  fi
}

run_preset ci "$@"
run_preset asan "$@"
exit "$status"
