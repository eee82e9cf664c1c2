#!/usr/bin/env bash
# The picture over a minute, frame by frame: one window start at the defaults
# (no flags, no settings file, no input, 1024x768 under Xvfb) is recorded
# with --record-input, replayed headless with the window's dye view
# (--view dye --exposure 3: the window's exposure; headless frames have no
# relief and no glow, and are drawn at the dye grid's size), and every frame
# from LOOK_FROM s on is measured by fluidsim-look. A screenshot at one time
# (scripts/look-over-time.sh) is one sample of a picture whose staircase moves
# by 0.2-0.3 from second to second with where the idle splats are; the replay
# gives the spread, the same for every run of one record (replays are
# deterministic), and the grid is whatever the window's pick took on this
# machine (printed). Also measured without a strip of 1/64 of the picture's
# width along each wall ("walls out"), where dye pressed onto a wall lies in
# sheets along it.
#
# Usage: scripts/look-replay.sh [SECONDS]     (default 64: frames from 5 s to about 64 s of fluid)
# Environment:
#   LOOK_EVERY=0.5   seconds of fluid time between measured frames
#   LOOK_FROM=5      the first measured second
#   LOOK_OUT=DIR     the record, the frames and fluidsim-look's tables (default: a new /tmp folder)
#   FLUIDSIM_EXE     the fluidsim to run (default build/release/src/fluidsim, built if missing)
#   LOOK_FLAGS       extra flags for the window's run (default none: the newcomer's window)
# Needs: Xvfb, xdotool.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-64}
every=${LOOK_EVERY:-0.5}
from=${LOOK_FROM:-5}
out=${LOOK_OUT:-$(mktemp -d /tmp/look-replay.XXXXXX)}
mkdir -p "$out"
# shellcheck source=scripts/look-window.sh
source scripts/look-window.sh
look_tools

# The window's run, recorded; stopped by SIGTERM, which writes the record out.
look_screen
look_window "$out/window.log" --record-input "$out/input.txt"
timeout 60 xdotool search --sync --name '^fluidsim$' >/dev/null
sleep "$seconds"
kill "$app" 2>/dev/null || true
wait "$app" 2>/dev/null || true
app=''
grep -oE "grid [0-9]+x[0-9]+( \(dye [^)]*\))?|while running, [^(]*" "$out/window.log" | sed "s/^/window: /" || true

# The replay: one frame every LOOK_EVERY s of fluid time.
dt=$(awk '$1 == "param" && $2 == "dt" { print $3; exit }' "$out/input.txt")
steps=$(awk -v e="$every" -v dt="$dt" 'BEGIN { printf "%d", e / dt + 0.5 }')
((steps >= 1)) || steps=1
rm -rf "$out/frames"
"$exe" --headless --replay "$out/input.txt" --out "$out/frames" --frames-every "$steps" --view dye --exposure 3 \
  >"$out/replay.log" 2>&1 || { cat "$out/replay.log" >&2; exit 1; }
first=$(awk -v s="$from" -v dt="$dt" 'BEGIN { printf "%d", s / dt + 0.5 }')
frames=()
shopt -s nullglob
for f in "$out"/frames/frame_*.png; do
  n=${f##*frame_}
  n=$((10#${n%.png}))
  ((n >= first)) && frames+=("$f")
done
((${#frames[@]} > 0)) || { echo "look-replay: no frames from ${from} s on (run longer than ${from} s)" >&2; exit 1; }
# A PNG's width and height: big-endian, bytes 16-23. The replay runs the
# record's grid throughout, so every frame has the first one's size.
pngSize() {
  local w0 w1 w2 w3 h0 h1 h2 h3
  read -r w0 w1 w2 w3 h0 h1 h2 h3 < <(od -An -tu1 -j16 -N8 "$1")
  echo "$(((w0 << 24) | (w1 << 16) | (w2 << 8) | w3)) $(((h0 << 24) | (h1 << 16) | (h2 << 8) | h3))"
}
read -r width height < <(pngSize "${frames[0]}")
[[ $(pngSize "${frames[-1]}") == "$width $height" ]] ||
  echo "look-replay: the frames change size during the replay; the walls' strips fit the first" >&2
strip=$(((width + 63) / 64))
"$look" "${frames[@]}" >"$out/look.txt"
"$look" "${frames[@]}" --exclude "0,0,$width,$strip" --exclude "0,$((height - strip)),$width,$strip" \
  --exclude "0,0,$strip,$height" --exclude "$((width - strip)),0,$strip,$height" >"$out/look-walls-out.txt"

# fluidsim-look's columns: picture lit lightness saturation detail staircase.
summary() {
  local median
  median=$(awk 'NR > 1 { print $6 }' "$2" | sort -g | awk '{ s[NR] = $1 } END { print s[int((NR + 1) / 2)] }')
  awk -v label="$1" -v median="$median" 'NR > 1 {
      n++; lit += $2; sat += $4; detail += $5; sum += $6; if ($6 > 1.3) above++
      if ($6 > max) max = $6
    }
    END {
      printf "%-10s %3d frames  lit %.2f  sat %.2f  detail %.3f  staircase mean %.3f median %.2f max %.2f, above 1.3: %d (%.0f%%)\n",
        label, n, lit / n, sat / n, detail / n, sum / n, median, max, above, 100 * above / n
    }' "$2"
}
echo "frames from ${from} s to $(grep -oE 'steps +[0-9]+ \(t = [0-9.]+' "$out/replay.log" | grep -oE '[0-9.]+$') s, every ${every} s (${steps} steps of ${dt} s), ${width}x${height}:"
summary "whole" "$out/look.txt"
summary "walls out" "$out/look-walls-out.txt"
echo "frame by frame: $out/look.txt, $out/look-walls-out.txt"
