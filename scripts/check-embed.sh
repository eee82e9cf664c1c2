#!/usr/bin/env bash
# The package, checked as a user of it would: installs the build folder BUILD
# (cmake --install) into a new, empty prefix, configures and builds
# examples/embed against that prefix alone (find_package(fluidsim), no path
# into this source tree), and runs the example with --headless, which must
# print its line and exit 0. Exit 1 on any failure, with the failing step's log.
#   scripts/check-embed.sh BUILD      (e.g. build/ci; a ctest test of the ci preset runs it)
set -euo pipefail
(($# == 1)) || { echo "usage: scripts/check-embed.sh BUILD_FOLDER" >&2; exit 2; }
[ -f "$1/CMakeCache.txt" ] || { echo "check-embed: $1 is not a configured build folder" >&2; exit 2; }
build=$(cd "$1" && pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/fluidsim-embed.XXXXXX)
trap 'rm -rf "$work"' EXIT

step() {  # step NAME COMMAND...: runs it into NAME.log, shows the log when it fails
  if ! "${@:2}" >"$work/$1.log" 2>&1; then
    echo "check-embed: $1 failed: ${*:2}" >&2
    cat "$work/$1.log" >&2
    exit 1
  fi
}
step install cmake --install "$build" --prefix "$work/prefix"
step configure cmake -S "$root/examples/embed" -B "$work/embed" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
# Against the prefix alone: not one include path may point into the sources.
if grep -q -- "-I$root/src" "$work/embed/compile_commands.json"; then
  echo "check-embed: the example's compile line reaches into $root/src, not the prefix" >&2
  exit 1
fi
step build cmake --build "$work/embed"
step run "$work/embed/embed" --headless
cat "$work/run.log"
grep -q '^embed: 10 steps' "$work/run.log" || { echo "check-embed: no result line from embed --headless" >&2; exit 1; }
echo "check-embed: PASS: installed into a fresh prefix, examples/embed built against it and ran"
