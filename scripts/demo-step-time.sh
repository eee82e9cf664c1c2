#!/usr/bin/env bash
# The GPU step beside the WebGL demo's (github.com/PavelDoGreat/WebGL-Fluid-Simulation)
# on this machine, in one run: the demo's own step() timed in Chromium by
# bench/peer/step_time.js, and two of ours on the demo's grids (256x256
# velocity, 512x512 dye, one splat a step), alternately, ROUNDS times each:
#   - the demo's configuration (BM_GpuStepPeerDyeGrid/velocity:256/dye:512: 20
#     Jacobi pressure sweeps, vorticity on, semi-Lagrangian, collocated);
#   - our default step (BM_GpuStepDefaultsDyeGrid/velocity:256/dye:512: staggered,
#     MacCormack, multigrid pressure, viscosity, vorticity).
# Each side's step is followed by a finish, so all three time the work a step
# queues, done, and each side gives its median step (solver_bench's median_ms
# counter: the demo's timing takes the median of its steps). Prints each round, the ratios of the medians (the demo's
# step over ours: above 1 means ours is faster), and each round's own ratio
# with how many rounds reach the goal.
#
# Usage: scripts/demo-step-time.sh DEMO_DIR [ROUNDS] [BUILD_DIR]
#   DEMO_DIR:  a checkout or exported tree of the demo (index.html, script.js);
#              nothing is downloaded, e.g.
#                git --git-dir=<bare clone> archive HEAD | tar -x -C /tmp/webgl-demo
#   ROUNDS:    default 3
#   BUILD_DIR: default build/ci (its bench/solver_bench)
# Environment: DEMO_STEPS=200 timed steps per demo round; DEMO_WARMUP=1
# rounds of each side first, printed and not counted (a first round starts
# cold: the browser's caches, the page cache, the machine's clock; it was the
# low round of the runs more often than not); DEMO_GL as
# scripts/demo-screenshot.sh (llvmpipe: WebGL through ANGLE on the system's
# OpenGL, the rasteriser our bench uses; swiftshader: Chromium's own).
# DEMO_TRADES=1 also times, each round, our default step with one default
# given up (BM_GpuStepDefaultsTraded: two V-cycles, the dye semi-Lagrangian
# or cubic, ...) and prints each one's ratio to the demo's step: what reaching
# it would cost (bench/README.md, "What each default costs").
# Needs: chromium, xvfb, xdotool, python3, and a built solver_bench.
set -euo pipefail

demo=${1:?usage: scripts/demo-step-time.sh DEMO_DIR [ROUNDS] [BUILD_DIR]}
rounds=${2:-3}
build=${3:-build/ci}
steps=${DEMO_STEPS:-200}
warmup=${DEMO_WARMUP:-1}
trades=${DEMO_TRADES:-0}
root=$(cd "$(dirname "$0")/.." && pwd)
bench="$build/bench/solver_bench"

[[ -f "$demo/index.html" && -f "$demo/script.js" ]] ||
  { echo "demo-step-time: $demo has no index.html and script.js (not the demo's tree?)" >&2; exit 1; }
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "demo-step-time: ROUNDS must be a positive whole number, not '$rounds'" >&2; exit 2; }
[[ "$warmup" =~ ^[0-9]+$ ]] || { echo "demo-step-time: DEMO_WARMUP must be a whole number, not '$warmup'" >&2; exit 2; }
[[ "$trades" == 0 || "$trades" == 1 ]] || { echo "demo-step-time: DEMO_TRADES must be 0 or 1, not '$trades'" >&2; exit 2; }
[[ -x "$bench" ]] || { echo "demo-step-time: $bench not found (cmake --preset ci && cmake --build build/ci)" >&2; exit 1; }
for tool in chromium Xvfb xdotool python3; do
  command -v "$tool" >/dev/null ||
    { echo "demo-step-time: '$tool' not found (apt-get install chromium xvfb xdotool)" >&2; exit 1; }
done
case "${DEMO_GL:-llvmpipe}" in
  llvmpipe) gl=(--ignore-gpu-blocklist --use-gl=angle --use-angle=gl) ;;
  swiftshader) gl=(--use-gl=angle --use-angle=swiftshader --enable-unsafe-swiftshader) ;;
  *) echo "demo-step-time: DEMO_GL must be llvmpipe or swiftshader" >&2; exit 2 ;;
esac
sandbox=()
((EUID != 0)) || sandbox=(--no-sandbox --test-type)

work=$(mktemp -d)
server='' xvfb='' browser=''
cleanup() {
  kill $browser $xvfb $server 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# The demo's tree with one page more: its index.html, step_time.js loaded after script.js.
cp -r "$demo" "$work/demo"
cp "$root/bench/peer/step_time.js" "$work/demo/step_time.js"
python3 - "$work/demo" <<'PY'
import pathlib, sys
demo = pathlib.Path(sys.argv[1])
page = (demo / "index.html").read_text()
tag = '<script src="./script.js"></script>'
if tag not in page:
    sys.exit("demo-step-time: the demo's index.html does not load ./script.js as expected")
(demo / "step_time.html").write_text(page.replace(tag, tag + '\n<script src="./step_time.js"></script>'))
PY

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$work/demo" >"$work/http.log" 2>&1 &
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

# One round of the demo: a fresh browser, the page's title once the timing is done.
demo_round() {
  rm -rf "$work/profile"
  chromium "${sandbox[@]}" "${gl[@]}" \
    --user-data-dir="$work/profile" --no-first-run --no-default-browser-check \
    --disable-background-networking --disable-component-update --disable-sync --no-pings \
    --host-resolver-rules='MAP * ~NOTFOUND, EXCLUDE 127.0.0.1' \
    --window-position=0,0 --window-size=600,600 \
    --app="http://127.0.0.1:$port/step_time.html?steps=$steps" >"$work/chromium.log" 2>&1 &
  browser=$!
  local wid
  wid=$(timeout 300 xdotool search --sync --name '^demo step: ' | head -1) ||
    { echo "demo-step-time: the demo's timing did not finish; chromium said:" >&2; tail -20 "$work/chromium.log" >&2; exit 1; }
  xdotool getwindowname "$wid"
  kill "$browser" 2>/dev/null || true
  wait "$browser" 2>/dev/null || true
  browser=''
}

ours_round() {
  "$bench" --benchmark_filter='BM_GpuStep(PeerDyeGrid|DefaultsDyeGrid)/velocity:256/dye:512/' \
    --benchmark_min_time=2 --benchmark_format=csv 2>/dev/null |
    awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) if ($i == "\"median_ms\"") column = i }
             column && /BM_GpuStepPeerDyeGrid/ { peer = $column }
             column && /BM_GpuStepDefaultsDyeGrid/ { user = $column }
             END { if (peer != "" && user != "") printf "ours: %.3f ms, our defaults: %.3f ms\n", peer, user }'
}

# trades_round ROUND: appends "ROUND<TAB>label<TAB>median ms" for each row of
# BM_GpuStepDefaultsTraded to $work/trades.tsv, and prints them.
trades_round() {
  "$bench" --benchmark_filter='BM_GpuStepDefaultsTraded/' --benchmark_min_time=2 --benchmark_format=csv 2>/dev/null |
    python3 -c '
import csv, sys
rows = list(csv.DictReader(line for line in sys.stdin if not line.startswith("Run on")))
for row in rows:
    if row.get("median_ms"):
        label, ms = row["label"], float(row["median_ms"])
        print(f"{sys.argv[1]}\t{label}\t{ms:.3f}")
' "$1" | tee -a "$work/trades.tsv" | awk -F'\t' '{ printf "round %s: our defaults, %s given up: %s ms\n", $1, $2, $3 }'
  grep -q "^$1"$'\t' "$work/trades.tsv" ||
    { echo "demo-step-time: $bench printed no BM_GpuStepDefaultsTraded rows" >&2; exit 1; }
}

for ((r = 1; r <= warmup; ++r)); do
  echo "warm-up $r (not counted): $(demo_round)"
  echo "warm-up $r (not counted): $(ours_round)"
done
demo_ms=() ours_ms=() user_ms=()
for ((r = 1; r <= rounds; ++r)); do
  line=$(demo_round)
  echo "round $r: $line"
  demo_ms+=("$(sed -n 's/^demo step: median \([0-9.]*\) ms.*/\1/p' <<<"$line")")
  line=$(ours_round)
  [[ -n "$line" ]] || { echo "demo-step-time: $bench printed no BM_GpuStepPeerDyeGrid and BM_GpuStepDefaultsDyeGrid rows at 256/512" >&2; exit 1; }
  echo "round $r: $line"
  ours_ms+=("$(sed -n 's/^ours: \([0-9.]*\) ms.*/\1/p' <<<"$line")")
  user_ms+=("$(sed -n 's/.*our defaults: \([0-9.]*\) ms/\1/p' <<<"$line")")
  ((trades == 0)) || trades_round "$r"
done
touch "$work/trades.tsv"
python3 - "${demo_ms[*]}" "${ours_ms[*]}" "${user_ms[*]}" "$work/trades.tsv" <<'PY'
import collections, statistics, sys
demo, ours, user = ([float(x) for x in arg.split()] for arg in sys.argv[1:4])
d, o, u = statistics.median(demo), statistics.median(ours), statistics.median(user)
print(f"medians: demo {d:.3f} ms, ours in its configuration {o:.3f} ms, our defaults {u:.3f} ms per step")
print(f"the demo's step takes {d / o:.2f}x ours in its configuration (goal >= 2) "
      f"and {d / u:.2f}x our default step (goal >= 1)")
# Each round's own pair (the demo's round and ours right after it), so that a
# goal asked of every alternating run reads off directly.
for name, mine, goal in (("ours in its configuration", ours, 2.0), ("our default step", user, 1.0)):
    ratios = [a / b for a, b in zip(demo, mine)]
    met = sum(r >= goal for r in ratios)
    print(f"each round, the demo's step over {name}: " + ", ".join(f"{r:.2f}" for r in ratios) +
          f" ({met} of {len(ratios)} at >= {goal:g})")
traded = collections.defaultdict(dict)
with open(sys.argv[4]) as rows:
    for line in rows:
        round_, label, ms = line.rstrip("\n").split("\t")
        traded[label][int(round_)] = float(ms)
for label, by_round in traded.items():
    ratios = [demo[r - 1] / ms for r, ms in sorted(by_round.items())]
    met = sum(r >= 1.0 for r in ratios)
    print(f"our default step, {label} given up: median {statistics.median(by_round.values()):.3f} ms, "
          f"the demo's step over it {d / statistics.median(by_round.values()):.2f}x; each round "
          + ", ".join(f"{r:.2f}" for r in ratios) + f" ({met} of {len(ratios)} at >= 1)")
PY
