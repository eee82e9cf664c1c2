#!/usr/bin/env bash
# The soaks of docs/reliability.md ("Soaks (by hand)") in one go: bench/soak
# headless on the GPU solver, then on the CPU reference, each STEPS steps at
# GRID with one core kept busy by a spinning process, under glibc's heap
# checks (MALLOC_CHECK_=3 through libc_malloc_debug.so, MALLOC_PERTURB_), core
# dumps on; then the window soak (scripts/soak-window.sh) for MINUTES.
# Prints a PASS/FAIL line per soak and an overall one; exit 0 when all pass,
# 1 when one fails, 2 on bad arguments.
#
#   scripts/soak.sh [--steps 1000000] [--grid 32] [--every STEPS/100]
#                   [--backends "gpu cpu"] [--threads 1] [--max-minutes 0]
#                   [--window-minutes 60] [--build build/release] [--out DIR]
#                   [--llvmpipe-threads 0|N|mesa]
#
# --threads: the CPU solver's threads (1: the other core is the busy one).
# --max-minutes: each headless soak stops at its first sample past this wall
# time (0: none) and its verdict says at which step; on a loaded 2-core
# machine with llvmpipe the GPU solver takes 15-20 ms a step at 32x32
# whatever the grid below 64 (docs/reliability.md), so 1M steps are hours.
# --llvmpipe-threads: LP_NUM_THREADS for the headless soaks (default 0: Mesa's
# software rasterizer draws on the calling thread; at 32x32 a step's ~100 draws
# are each too small to split, and handing every one to llvmpipe's threads made
# the GPU step 7x slower here, 5.2 s against 0.73 s for 1,000 steps, idle;
# "mesa" leaves llvmpipe's own choice, one thread per core). A real GPU's
# driver ignores the variable.
# --window-minutes 0 skips the window soak. --build names the build folder
# whose bench/soak and src/fluidsim run (cmake --build --preset release
# --target soak fluidsim); an AddressSanitizer build (build/asan) is detected
# and run with ASAN_OPTIONS instead of glibc's checks, which ASan's own
# allocator replaces. Each soak writes soak-BACKEND.csv and soak-BACKEND.log
# into DIR (default a new /tmp/fluidsim-soak.XXXXXX), and a core dump, if
# any, goes where /proc/sys/kernel/core_pattern says (printed at start; a
# plain name means DIR, where the soaks run).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD

steps=1000000 grid=32 every='' backends='gpu cpu' threads=1 max_minutes=0 window_minutes=60 build=build/release out='' lp_threads=0
die() { echo "soak.sh: $1" >&2; exit 2; }
whole() { [[ "$1" =~ ^[0-9]+$ ]]; }
while (($#)); do
  (($# >= 2)) || die "missing value after $1"
  case "$1" in
    --steps) whole "$2" && (($2 >= 1)) || die "--steps takes a whole number >= 1, not '$2'"; steps=$2 ;;
    --grid) whole "$2" && (($2 >= 8 && $2 <= 1024)) || die "--grid takes 8..1024, not '$2'"; grid=$2 ;;
    --every) whole "$2" && (($2 >= 1)) || die "--every takes a whole number >= 1, not '$2'"; every=$2 ;;
    --backends)
      for b in $2; do [[ "$b" == gpu || "$b" == cpu ]] || die "--backends takes gpu and/or cpu, not '$b'"; done
      backends=$2 ;;
    --threads) whole "$2" && (($2 <= 1024)) || die "--threads takes 0..1024, not '$2'"; threads=$2 ;;
    --max-minutes) whole "$2" || die "--max-minutes takes a whole number (0: no limit), not '$2'"; max_minutes=$2 ;;
    --window-minutes) whole "$2" || die "--window-minutes takes a whole number (0: none), not '$2'"; window_minutes=$2 ;;
    --build) build=$2 ;;
    --llvmpipe-threads)
      [[ "$2" == mesa ]] || { whole "$2" && (($2 <= 64)); } || die "--llvmpipe-threads takes 0..64 or mesa, not '$2'"
      lp_threads=$2 ;;
    --out) out=$2 ;;
    *) die "unknown argument '$1' (see the comment at the top of scripts/soak.sh)" ;;
  esac
  shift 2
done
[ -n "$every" ] || every=$((steps >= 100 ? steps / 100 : 1))
[[ "$build" == /* ]] || build=$root/$build
soak_exe=$build/bench/soak
app_exe=$build/src/fluidsim
[ -x "$soak_exe" ] || die "$soak_exe not found; build first: cmake --build --preset ${build##*/} --target soak fluidsim"
if ((window_minutes > 0)); then
  [ -x "$app_exe" ] || die "$app_exe not found; build first: cmake --build --preset ${build##*/} --target soak fluidsim"
fi

if [ -z "$out" ]; then out=$(mktemp -d /tmp/fluidsim-soak.XXXXXX); else mkdir -p "$out" || die "cannot make $out"; fi
out=$(cd "$out" && pwd)

# Core dumps: the soak's crash witness re-raises the signal after its note.
ulimit -c unlimited 2>/dev/null || ulimit -c "$(ulimit -Hc)"
echo "soak.sh: files in $out; core dumps: ulimit -c $(ulimit -c), core_pattern '$(cat /proc/sys/kernel/core_pattern)'"

# glibc >= 2.34 reads MALLOC_CHECK_ only with libc_malloc_debug.so preloaded;
# under ASan the sanitizer's allocator (with its own checks) replaces glibc's.
# (Not `ldd | grep -q`: grep's early exit gives ldd a SIGPIPE, which pipefail
# turns into "not sanitized".)
sanitized=0
case "$(ldd "$soak_exe")" in *libasan*) sanitized=1 ;; esac
perturb=$((RANDOM % 255 + 1))
heap_env=(MALLOC_CHECK_=3 "MALLOC_PERTURB_=$perturb")
if ((sanitized)); then
  # abort_on_error: ASan dumps no core by default (its shadow memory is
  # terabytes). quarantine_size_mb=0: freed blocks are not held back, whose
  # quarantine grows resident memory for hundreds of steps without a leak
  # (tests/CMakeLists.txt, Soak.ShortRun).
  heap_env+=("ASAN_OPTIONS=halt_on_error=1:detect_leaks=0:abort_on_error=1:quarantine_size_mb=0")
else
  debug_lib=$(ls /usr/lib/*/libc_malloc_debug.so.0 /lib/*/libc_malloc_debug.so.0 2>/dev/null | head -1)
  [ -n "$debug_lib" ] || die "libc_malloc_debug.so.0 not found (glibc >= 2.34 needs it for MALLOC_CHECK_)"
  heap_env+=("LD_PRELOAD=$debug_lib")
fi
[[ "$lp_threads" == mesa ]] || heap_env+=("LP_NUM_THREADS=$lp_threads")
echo "soak.sh: environment: ${heap_env[*]}"

# One core kept busy for the whole run, as the machine was when the heap
# corruption was seen.
bash -c 'while :; do :; done' &
busy_pid=$!
trap 'kill "$busy_pid" 2>/dev/null' EXIT
echo "soak.sh: pid $busy_pid keeps a core busy"

overall=0
results=()
for backend in $backends; do
  log=$out/soak-$backend.log csv=$out/soak-$backend.csv
  echo "soak.sh: $backend: $steps steps at ${grid}x$grid, a sample every $every"
  args=(--backend "$backend" --steps "$steps" --grid "$grid" --every "$every" --max-minutes "$max_minutes" --csv "$csv")
  [ "$backend" = cpu ] && args+=(--threads "$threads")
  echo "  (cd $out && ${heap_env[*]} $soak_exe ${args[*]})"
  start=$SECONDS
  (cd "$out" && exec env "${heap_env[@]}" "$soak_exe" "${args[@]}") >"$log" 2>&1
  status=$?
  verdict=$(grep -E '^soak: (PASS|FAIL)' "$log" | tail -1)
  if ((status == 0)); then
    line="soak.sh: $backend: PASS in $((SECONDS - start)) s: ${verdict#soak: PASS: }"
  else
    overall=1
    why=${verdict:-"exit $status, no verdict"}
    if ((status > 128)); then
      why="killed by signal $((status - 128)) ($(kill -l $((status - 128)) 2>/dev/null)); $(grep -m1 'soak: CRASH' "$log")"
      why+="; last sample: $(grep -E '^ +[0-9]+ ' "$log" | tail -1 | tr -s ' ')"
      cores=$(ls "$out"/core* 2>/dev/null | tr '\n' ' ')
      why+="; core: ${cores:-none in $out}"
    fi
    line="soak.sh: $backend: FAIL after $((SECONDS - start)) s: $why"
  fi
  echo "$line"
  results+=("$line")
done

if ((window_minutes > 0)); then
  echo "soak.sh: window: $window_minutes min (scripts/soak-window.sh)"
  if "$root/scripts/soak-window.sh" "$window_minutes" "$app_exe" >"$out/soak-window.log" 2>&1; then
    line="soak.sh: window: PASS: $(grep -m1 '^soak-window: [0-9]* rounds' "$out/soak-window.log" | cut -d' ' -f2-)"
  else
    overall=1
    line="soak.sh: window: FAIL: $(grep -E 'FAIL' "$out/soak-window.log" | head -2 | tr '\n' ' ')"
  fi
  echo "$line"
  results+=("$line")
fi

echo "soak.sh: ---"
printf '%s\n' "${results[@]}"
if ((overall)); then echo "soak.sh: FAIL (files in $out)"; exit 1; fi
echo "soak.sh: PASS (files in $out)"
