#!/usr/bin/env bash
# Sets everything up, builds the release binary and runs the simulator.
# Arguments go to fluidsim (see: scripts/run.sh --help).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release --target fluidsim
exec build/release/src/fluidsim "$@"
