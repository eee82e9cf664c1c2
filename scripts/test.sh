#!/usr/bin/env bash
# Sets everything up, builds with warnings as errors, and runs every test,
# GPU tests included (headless, via EGL; Mesa's llvmpipe when there is no GPU).
# Usage: scripts/test.sh [extra ctest arguments, e.g. -L gpu]
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
cmake --preset ci
cmake --build --preset ci

# GPU tests must run: a skip request from the environment is not honoured here.
unset FLUIDSIM_SKIP_GPU_TESTS
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
ctest --preset ci "$@" 2>&1 | tee "$log" || status=$?
if grep -qE '\*\*\*Skipped|[0-9]+ tests? skipped|Not Run' "$log"; then
  echo "test.sh: some tests were skipped or not run; every test must run" >&2
  status=1
fi
exit "$status"
