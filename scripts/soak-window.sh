#!/usr/bin/env bash
# Soaks the window: fluidsim under its own Xvfb for MINUTES (default 10),
# driven by xdotool in rounds of a left drag, a right drag, a view change (V),
# a screenshot, and now and then a reset (R), the panel toggled (F1), a resize
# to 1x1 and back, the window minimised and restored, and a grid change in the
# panel (its grid combo, 64 and 96 cells in turn). After every round it checks
# that the app is still answering (the screenshot it asked for appears within
# 60 s) and samples its resident memory and open file descriptors
# (/proc/PID/fd). At the end it closes the app with Escape and fails (exit 1)
# on a crash, a non-zero exit, a GL debug message or error line in the log, an
# unanswered screenshot, resident memory that grew by more than SLACK MiB
# (default 16) from the sample after the first tenth of the run, or a number
# of descriptors that changed after it.
#   scripts/soak-window.sh [MINUTES] [BINARY] [SLACK]   (BINARY: build/ci/src/fluidsim)
# Writes soak-window.csv (seconds, rss_mib, round, screenshot_latency_s, fds,
# grid) into the work directory it prints. docs/reliability.md has the figures.
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-10}
exe=${2:-build/ci/src/fluidsim}
slack=${3:-16}
[[ "$minutes" =~ ^[0-9]+$ && "$minutes" -ge 1 ]] || { echo "soak-window: MINUTES must be a whole number >= 1" >&2; exit 2; }
[[ "$slack" =~ ^[0-9]+$ ]] || { echo "soak-window: SLACK must be a whole number of MiB" >&2; exit 2; }
[ -x "$exe" ] || { echo "soak-window: $exe not found; build first (cmake --build --preset ci)" >&2; exit 2; }
for tool in Xvfb xdotool; do
  command -v "$tool" >/dev/null || { echo "soak-window: $tool is not installed (scripts/setup.sh)" >&2; exit 2; }
done

work=$(mktemp -d /tmp/fluidsim-soak-window.XXXXXX)
echo "soak-window: $minutes min, files in $work"
xvfb_pid='' app_pid=''
cleanup() {
  [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null || true
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
}
trap cleanup EXIT

for n in $(seq 120 200); do
  [ -e "/tmp/.X$n-lock" ] && continue
  Xvfb ":$n" -screen 0 1024x768x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
  xvfb_pid=$!
  for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$n" ] && break; sleep 0.1; done
  if [ -e "/tmp/.X11-unix/X$n" ]; then export DISPLAY=":$n"; break; fi
  kill "$xvfb_pid" 2>/dev/null || true; xvfb_pid=''
done
[ -n "$xvfb_pid" ] || { echo "soak-window: could not start Xvfb" >&2; exit 1; }

"$exe" --no-config --width 640 --height 480 --grid 96 --screenshot-dir "$work/shots" >"$work/fluidsim.log" 2>&1 &
app_pid=$!
for _ in $(seq 600); do grep -q "Drag to paint" "$work/fluidsim.log" && break; sleep 0.1; done
grep -q "Drag to paint" "$work/fluidsim.log" || { echo "soak-window: fluidsim did not start" >&2; cat "$work/fluidsim.log" >&2; exit 1; }
window=$(timeout 30 xdotool search --sync --name '^fluidsim$' | head -1)

# xdotool fails once the window is gone; the liveness check after each round
# reports that, so a failed command must not end the script by itself.
x() { xdotool "$@" >>"$work/xdotool.log" 2>&1 || true; }
rss_mib() { awk '/^VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$app_pid/status"; }
fds() { find "/proc/$app_pid/fd" -mindepth 1 -maxdepth 1 2>/dev/null | wc -l; }
drag() {  # drag BUTTON X0 Y0 X1 Y1
  local chain="mousemove --window $window $2 $3 sleep 0.05 mousedown $1"
  for k in $(seq 1 12); do
    chain+=" mousemove --window $window $(($2 + ($4 - $2) * k / 12)) $(($3 + ($5 - $3) * k / 12)) sleep 0.03"
  done
  x $chain mouseup "$1"
}

# The panel's grid combo and two of its items, in window pixels at 640x480
# with the panel shown and not scrolled (found with a screenshot; the list
# opens upwards: auto, 64, 128, ...). Clicks are blind: xdotool cannot read
# the panel, so a grid change is only as sure as this layout.
combo_x=120 combo_y=437 item_x=60
declare -A item_y=([64]=328 [128]=345)
change_grid() {  # change_grid CELLS
  x mousemove --window "$window" 600 20 click 1 sleep 0.3  # closes a popup a drag may have opened
  x mousemove --window "$window" "$combo_x" "$combo_y" click 1 sleep 0.5
  x mousemove --window "$window" "$item_x" "${item_y[$1]}" click 1 sleep 0.3
  # And once more: a popup still open (a click that came before a slow frame
  # drew the list) keeps the keyboard in the panel, and the round's screenshot
  # key then never reaches the app (round 77 of the first 10-minute run).
  x mousemove --window "$window" 600 20 click 1
}
# Minimising needs a window manager, which this Xvfb does not run: there
# windowminimize is a no-op, and unmapping the window and mapping it again
# stands in for it (the app keeps drawing into an unmapped window). Under a
# window manager the minimise itself happens too (and the window manager
# restores the window when it is mapped again).
minimise() {
  x windowminimize "$window" sleep 1
  x windowunmap "$window" sleep 1
  x windowmap "$window" sleep 0.3
  # Unmapping took the keyboard focus away, and without a window manager
  # nothing gives it back: later keys would go nowhere.
  x windowfocus --sync "$window"
}

echo "seconds,rss_mib,round,screenshot_latency_s,fds,grid" >"$work/soak-window.csv"
start=$SECONDS
end=$((start + minutes * 60))
round=0 failures=0 panel=1 grid=96
while ((SECONDS < end)); do
  round=$((round + 1))
  kill -0 "$app_pid" 2>/dev/null || { echo "soak-window: FAIL: fluidsim exited during round $round" >&2; failures=1; break; }
  y=$((120 + (round * 37) % 240))
  # A drag that starts on the panel moves the panel (ImGui drags a window by
  # any empty spot) or a slider in it: the first grid-change soak found the
  # panel at (305, 72) after a few rounds, its grid combo off-screen, and the
  # vorticity slider at 100. So while the panel shows, drags start right of it.
  if ((panel)); then drag 1 540 $((480 - y)) 100 "$y"; else drag 1 100 "$y" 540 $((480 - y)); fi
  drag 3 540 "$y" 100 $((480 - y))
  x key --window "$window" v
  ((round % 3 == 0)) && x key --window "$window" r
  if ((round % 4 == 0)); then x key --window "$window" F1; panel=$((1 - panel)); fi
  if ((round % 5 == 0)); then
    x windowsize "$window" 1 1 sleep 1 windowsize "$window" 640 480
  fi
  ((round % 6 == 0)) && minimise
  rehide=0
  if ((round % 7 == 0)); then
    ((panel)) || { x key --window "$window" F1; sleep 1; rehide=1; }
    grid=$((grid == 64 ? 128 : 64))
    change_grid "$grid"
  fi
  shots_before=$(grep -c "saved screenshot" "$work/fluidsim.log" || true)
  asked=$SECONDS
  x key --window "$window" p
  answered=0
  for _ in $(seq 600); do
    if (($(grep -c "saved screenshot" "$work/fluidsim.log" || true) > shots_before)); then answered=1; break; fi
    kill -0 "$app_pid" 2>/dev/null || break
    sleep 0.1
  done
  if ! kill -0 "$app_pid" 2>/dev/null; then echo "soak-window: FAIL: fluidsim exited during round $round" >&2; failures=1; break; fi
  if ((answered == 0)); then echo "soak-window: FAIL: no screenshot within 60 s in round $round" >&2; failures=1; break; fi
  echo "$((SECONDS - start)),$(rss_mib),$round,$((SECONDS - asked)),$(fds),$grid" >>"$work/soak-window.csv"
  # The first two grid changes keep their screenshot, taken with the panel
  # shown: its grid combo says what it took, which is how to check that the
  # blind clicks did what they meant.
  if ((round % 7 == 0 && round <= 14)); then cp "$(ls "$work"/shots/*.png | tail -1)" "$work/grid-$grid-round-$round.png"; fi
  ((rehide)) && x key --window "$window" F1
  rm -f "$work"/shots/*.png
done

if kill -0 "$app_pid" 2>/dev/null; then
  x key --window "$window" Escape
  status=0
  wait "$app_pid" || status=$?
  app_pid=''
  ((status == 0)) || { echo "soak-window: FAIL: fluidsim exited with $status" >&2; failures=1; }
fi
if grep -nE "GL debug|GL error|error" "$work/fluidsim.log"; then
  echo "soak-window: FAIL: the log above has GL messages or errors" >&2
  failures=1
fi

samples=$(($(wc -l <"$work/soak-window.csv") - 1))
if ((samples >= 2)); then
  settled=$(awk -F, -v n="$samples" 'NR == 2 + int(n / 10) { print $2 }' "$work/soak-window.csv")
  last=$(tail -1 "$work/soak-window.csv" | cut -d, -f2)
  peak=$(awk -F, 'NR > 1 && $2 > m { m = $2 } END { print m }' "$work/soak-window.csv")
  slowest=$(awk -F, 'NR > 1 && $4 > m { m = $4 } END { print m + 0 }' "$work/soak-window.csv")
  fd_range=$(awk -F, -v n="$samples" 'NR >= 2 + int(n / 10) { if (lo == "" || $5 < lo) lo = $5; if ($5 > hi) hi = $5 }
                                      END { print lo ".." hi }' "$work/soak-window.csv")
  echo "soak-window: $round rounds in $((SECONDS - start)) s; resident memory $settled MiB after the first tenth," \
       "$last MiB at the end, peak $peak MiB; file descriptors $fd_range after the first tenth;" \
       "slowest screenshot answer ${slowest} s"
  if [ "${fd_range%%..*}" != "${fd_range##*..}" ]; then
    echo "soak-window: FAIL: the number of open file descriptors changed ($fd_range)" >&2
    failures=1
  fi
  if awk -v a="$settled" -v b="$last" -v s="$slack" 'BEGIN { exit !(b - a > s) }'; then
    echo "soak-window: FAIL: resident memory grew by more than $slack MiB" >&2
    failures=1
  fi
fi
tail -2 "$work/fluidsim.log"
if ((failures)); then echo "soak-window: FAIL (files in $work)"; exit 1; fi
echo "soak-window: PASS"
