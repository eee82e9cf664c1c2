#!/usr/bin/env bash
# The picture over time, measured: screenshots fluidsim (no flags, no settings
# file, no input, 1024x768, its panel hidden with F1) and, when given its tree,
# Pavel Dobryakov's WebGL fluid demo (scripts/demo-screenshot.sh) at the same
# times after each window appears, and prints src/image/look_metrics.hpp's
# numbers for every picture: lit, lightness, saturation, detail, staircase.
# The area measured is the fluid's: fluidsim's hint strip near the bottom and
# the demo's dat.gui panel at the top right are left out.
#
# Usage: scripts/look-over-time.sh [DEMO_DIR]
# Environment:
#   LOOK_TIMES="2 6 15 60"  seconds after the window appeared (add 600 for ten minutes)
#   DEMO_TIMES=LOOK_TIMES   the demo's times (one browser run each)
#   LOOK_OUT=DIR            where the pictures go (default: a new folder under /tmp, printed)
#   FLUIDSIM_EXE            the fluidsim to run (default build/release/src/fluidsim, built if missing)
#   LOOK_FLAGS              extra fluidsim flags (default none: the newcomer's window)
# Needs: Xvfb, xdotool; for the demo also chromium, imagemagick, python3.
# Wall-clock times: run it on an idle machine; the figures depend on its speed
# as the window's pick does (docs, README "Beside the WebGL demo").
set -euo pipefail
cd "$(dirname "$0")/.."
demo=${1:-}
times=${LOOK_TIMES:-2 6 15 60}
out=${LOOK_OUT:-$(mktemp -d /tmp/look.XXXXXX)}
mkdir -p "$out"
# shellcheck source=scripts/look-window.sh
source scripts/look-window.sh
look_tools

# fluidsim: one run, an F12 screenshot at each time.
look_screen
mkdir -p "$work/shots"
look_window "$work/log" --screenshot-dir "$work/shots"
wid=$(timeout 60 xdotool search --sync --name '^fluidsim$' | head -1)
start=$(date +%s.%N)
xdotool key --window "$wid" F1  # the panel hidden: the fluid's area only
for t in $times; do
  wait_s=$(echo "$start + $t - $(date +%s.%N)" | bc)
  [[ $wait_s == -* ]] || sleep "$wait_s"
  before=$(ls "$work/shots" | wc -l)
  xdotool key --window "$wid" F12
  for _ in $(seq 100); do (($(ls "$work/shots" | wc -l) > before)) && break; sleep 0.1; done
  sleep 0.3
  cp "$work/shots/$(ls -t "$work/shots" | head -1)" "$out/fluidsim-${t}s.png"
done
kill "$app" 2>/dev/null || true
wait "$app" 2>/dev/null || true
grep -oE "grid [0-9]+x[0-9]+( \(dye [^)]*\))?|while running, [^(]*" "$work/log" | sed "s/^/fluidsim: /" || true
grep -q "the dye carried sharply" "$work/log" && echo "fluidsim: the dye carried sharply (the pick had room for its cubic read)"
cp "$work/log" "$out/fluidsim.log"  # the pick's note in full

shots=()
for t in $times; do shots+=("$out/fluidsim-${t}s.png"); done
echo "fluidsim (the hint's strip, y 670-750, left out):"
"$look" "${shots[@]}" --exclude 0,670,1024,80

if [[ -n "$demo" ]]; then
  demo_shots=()
  for t in ${DEMO_TIMES:-$times}; do
    DEMO_SECONDS=$t bash scripts/demo-screenshot.sh "$demo" "$out/demo-${t}s.png" >/dev/null
    demo_shots+=("$out/demo-${t}s.png")
  done
  echo "WebGL demo (its panel, x 709-1009 y 0-524, left out):"
  "$look" "${demo_shots[@]}" --exclude 709,0,300,524
fi
echo "pictures in $out"
