#!/usr/bin/env bash
# Runs the window at its defaults under a private Xvfb for a fixed time while
# xdotool drags circles, then quits it and prints its own summary line
# (frames/s and real-time factor while running).
# Usage: scripts/window-speed.sh [seconds] [fluidsim binary] [extra fluidsim flags...]
set -euo pipefail
seconds=${1:-20}
binary=${2:-build/ci/src/fluidsim}
shift $(( $# > 2 ? 2 : $# ))
display=:$(( 90 + RANDOM % 100 ))
Xvfb "$display" -screen 0 1280x1024x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 1
log=$(mktemp)
DISPLAY=$display "$binary" --no-config "$@" >"$log" 2>&1 &
app=$!
window=""
for _ in $(seq 1 100); do
  window=$(DISPLAY=$display xdotool search --name fluidsim 2>/dev/null | head -1 || true)
  [ -n "$window" ] && break
  sleep 0.2
done
[ -n "$window" ] || { echo "window-speed.sh: no window appeared" >&2; cat "$log" >&2; exit 1; }
sleep 2
end=$(( $(date +%s) + seconds ))
DISPLAY=$display xdotool mousemove --window "$window" 600 400 mousedown 1
while [ "$(date +%s)" -lt "$end" ]; do
  for p in "700 400" "700 500" "600 500" "600 400"; do
    DISPLAY=$display xdotool mousemove --window "$window" $p
    sleep 0.1
  done
done
DISPLAY=$display xdotool mouseup 1 key --window "$window" Escape
wait "$app" || true
grep -E "grid|real time" "$log"
rm -f "$log"
