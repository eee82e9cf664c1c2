#!/usr/bin/env bash
# Takes the README's screenshot of the real app: starts a private Xvfb, runs
# fluidsim, paints a few strokes with xdotool, saves with F12.
# Usage: scripts/screenshot.sh [output.png] [extra fluidsim flags...]
#   (default docs/images/fluidsim.png; the README's water view:
#    scripts/screenshot.sh docs/images/water.png --view water --water-relief 3;
#    rising smoke, two emitters placed with Shift+click instead of strokes:
#    SCENE=smoke scripts/screenshot.sh docs/images/smoke.png --gravity 9.81 --cooling 0.3 --dye-grid 480;
#    vortex shedding behind an obstacle painted with Ctrl+drag in the wind tunnel:
#    SCENE=obstacle scripts/screenshot.sh docs/images/shedding.png --boundary tunnel;
#    the first sight, 1024x768 with no flags and no settings, 2 s after it opens:
#    SCENE=first scripts/screenshot.sh docs/images/first_sight.png)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/images/fluidsim.png}
shift || true
exe=${FLUIDSIM_EXE:-build/release/src/fluidsim}
[[ -x "$exe" ]] || { cmake --preset release >/dev/null && cmake --build --preset release --target fluidsim; }

work=$(mktemp -d)
display=":$((200 + RANDOM % 200))"
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $app $xvfb 2>/dev/null || true; rm -rf "$work"' EXIT
export DISPLAY=$display
sleep 1

if [[ "${SCENE:-strokes}" == first ]]; then
  # What a newcomer sees: no flags but the size, no settings file, no input.
  mkdir -p "$work/home"
  HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" \
    "$exe" --width 1024 --height 768 --screenshot-dir "$work" "$@" >"$work/log" 2>&1 &
else
  "$exe" --no-config --first-sight off --width 1100 --height 700 --grid 160 --vorticity 8 --exposure 3 --screenshot-dir "$work" "$@" >"$work/log" 2>&1 &
fi
app=$!
wid=$(timeout 60 xdotool search --sync --name '^fluidsim$' | head -1)
sleep 2

stroke() {  # button x0 y0 x1 y1
  xdotool mousemove --window "$wid" "$2" "$3" mousedown "$1"
  local n=30
  for ((k = 1; k <= n; k++)); do
    xdotool mousemove --window "$wid" $(($2 + ($4 - $2) * k / n)) $(($3 + ($5 - $3) * k / n))
    sleep 0.05
  done
  xdotool mouseup "$1"
  sleep 0.3
}
if [[ "${SCENE:-strokes}" == first ]]; then
  sleep "${FIRST_SECONDS:-0}"  # the burst, the hint and the panel 2 s after the window appeared (above)
elif [[ "${SCENE:-strokes}" == smoke ]]; then
  # F1 hides the panel; Shift+click: a smoke emitter under the pointer; then
  # let the plumes rise.
  xdotool key --window "$wid" F1
  sleep 0.5
  for x in 440 660; do
    xdotool mousemove --window "$wid" "$x" 640 keydown shift click 1 keyup shift
    sleep 0.3
  done
  sleep "${SMOKE_SECONDS:-8}"
elif [[ "${SCENE:-strokes}" == obstacle ]]; then
  # F1 hides the panel; Ctrl+drag paints a solid bar across the stream; then
  # let the wake shed (the tunnel's inlet streaklines show it).
  xdotool key --window "$wid" F1
  sleep 0.5
  xdotool keydown ctrl
  stroke 1 300 300 300 400
  xdotool keyup ctrl
  sleep "${SHEDDING_SECONDS:-25}"
else
  stroke 1 480 600 640 380
  stroke 1 1040 200 820 330
  stroke 1 700 120 760 330
  stroke 1 560 260 700 420
  sleep 3
fi
xdotool key --window "$wid" F12
for _ in $(seq 50); do ls "$work"/*.png >/dev/null 2>&1 && break; sleep 0.2; done
sleep 0.5
mkdir -p "$(dirname "$out")"
cp "$(ls "$work"/*.png | head -1)" "$out"
echo "saved $out"
