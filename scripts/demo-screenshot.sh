#!/usr/bin/env bash
# Screenshots Pavel Dobryakov's WebGL fluid demo
# (github.com/PavelDoGreat/WebGL-Fluid-Simulation) at its defaults, the way
# scripts/screenshot.sh's SCENE=first takes fluidsim: a private Xvfb, a
# 1024x768 window, no input, the picture a fixed time after the window opens.
# The demo's random start-up splats and its dat.gui panel stay as they are.
#
# Usage: scripts/demo-screenshot.sh DEMO_DIR [output.png]
#   DEMO_DIR: a checkout or exported tree of the demo (index.html, script.js);
#             this script downloads nothing, e.g.
#               git --git-dir=<bare clone> archive HEAD | tar -x -C /tmp/webgl-demo
#   output.png: default webgl_demo.png in the current directory.
# Environment:
#   DEMO_SECONDS=2     seconds between the window appearing and the grab
#   DEMO_SIZE=1024x768 the browser viewport (and picture) size
#   DEMO_GL=llvmpipe   WebGL through ANGLE on the system's OpenGL (Mesa llvmpipe
#                      here, the rasteriser fluidsim runs on); DEMO_GL=swiftshader
#                      uses Chromium's own software GPU instead (several times
#                      slower on this kind of machine). Chromium with no GL flags
#                      blocklists llvmpipe and the demo gets no WebGL at all.
# Needs: chromium, xvfb, xdotool, imagemagick (import), python3.
#
# How: the demo is served from 127.0.0.1 by python3's http.server (from
# file:// Chromium refuses the demo's dithering texture as cross-origin data
# and the script stops); every host name but 127.0.0.1 resolves to nothing, so
# the page's analytics script and Chromium's background requests go nowhere.
# Chromium runs in --app mode (no tabs or toolbar; no window manager, so no
# frame) and the grab is the window's rectangle of the X screen.
# Mind: the demo's dt is capped at 1/60 s per frame, so where the software
# renderer draws fewer than 60 frames/s its fluid has moved less than 2 s's worth.
set -euo pipefail

demo=${1:?usage: scripts/demo-screenshot.sh DEMO_DIR [output.png]}
out=${2:-webgl_demo.png}
seconds=${DEMO_SECONDS:-2}
size=${DEMO_SIZE:-1024x768}
width=${size%x*}
height=${size#*x}

[[ -f "$demo/index.html" && -f "$demo/script.js" ]] ||
  { echo "demo-screenshot: $demo has no index.html and script.js (not the demo's tree?)" >&2; exit 1; }
for tool in chromium Xvfb xdotool import python3; do
  command -v "$tool" >/dev/null ||
    { echo "demo-screenshot: '$tool' not found (apt-get install chromium xvfb xdotool imagemagick)" >&2; exit 1; }
done
case "${DEMO_GL:-llvmpipe}" in
  llvmpipe) gl=(--ignore-gpu-blocklist --use-gl=angle --use-angle=gl) ;;
  swiftshader) gl=(--use-gl=angle --use-angle=swiftshader --enable-unsafe-swiftshader) ;;
  *) echo "demo-screenshot: DEMO_GL must be llvmpipe or swiftshader" >&2; exit 2 ;;
esac
sandbox=()
((EUID != 0)) || sandbox=(--no-sandbox --test-type)  # root: no sandbox; --test-type hides its warning bar

work=$(mktemp -d)
server='' xvfb='' browser=''
trap 'kill $browser $xvfb $server 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"' EXIT

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$demo" >"$work/http.log" 2>&1 &
server=$!
for _ in $(seq 50); do
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
  sleep 0.1
done

display=":$((200 + RANDOM % 200))"
Xvfb "$display" -screen 0 1280x1024x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb=$!
export DISPLAY=$display
unset WAYLAND_DISPLAY
sleep 1

chromium "${sandbox[@]}" "${gl[@]}" \
  --user-data-dir="$work/profile" --no-first-run --no-default-browser-check \
  --disable-background-networking --disable-component-update --disable-sync --no-pings \
  --host-resolver-rules='MAP * ~NOTFOUND, EXCLUDE 127.0.0.1' \
  --window-position=0,0 --window-size="$width,$height" \
  --app="http://127.0.0.1:$port/index.html" >"$work/chromium.log" 2>&1 &
browser=$!

# The page's title is set as soon as its HTML is parsed, before script.js runs
# (compiles its shaders, throws its splats): from then on the clock runs.
wid=$(timeout 60 xdotool search --sync --onlyvisible --name '^WebGL Fluid Simulation$' | head -1) ||
  { echo "demo-screenshot: the demo's window did not open; chromium said:" >&2; tail -20 "$work/chromium.log" >&2; exit 1; }
sleep "$seconds"
X=0 Y=0 WIDTH=0 HEIGHT=0
eval "$(xdotool getwindowgeometry --shell "$wid")"  # sets X Y WIDTH HEIGHT
mkdir -p "$(dirname "$out")"
import -window root -crop "${WIDTH}x${HEIGHT}+${X}+${Y}" +repage "$out"
if [[ "${WIDTH}x${HEIGHT}" != "$size" ]]; then
  echo "demo-screenshot: warning: the window is ${WIDTH}x${HEIGHT}, not $size" >&2
fi
echo "saved $out"
