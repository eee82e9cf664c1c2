#!/usr/bin/env bash
# The Debian packages, checked as a user of them would: makes both .debs from
# the build folder BUILD (cpack -G DEB), unpacks them into a fresh root
# (dpkg-deb -x, no root rights needed), runs the unpacked `fluidsim --headless`
# for a few steps, builds every example in examples/ against the unpacked
# /usr alone (find_package(fluidsim) through CMAKE_PREFIX_PATH) and runs them:
# embed --headless prints its line, the two Taylor-Green clients decay within
# 0.5% of the exact rate, and the CPU one links no GL (ldd); then lintian,
# which must report no errors. Along the way it checks what the packages must
# hold: a stripped program, its man page, copyright and changelog, headers and
# libraries in the multiarch directory, the dependencies epoxy's dlopen hides
# from dpkg-shlibdeps, and -dev tied to the program's exact version.
# Exit 1 on the first failure, with the failing step's log.
#   scripts/check-package.sh BUILD      (e.g. build/ci; ctest Package.DebsInstallAndRun runs it)
# CPACK names the cpack to use (default: the one on PATH).
set -euo pipefail
(($# == 1)) || { echo "usage: scripts/check-package.sh BUILD_FOLDER" >&2; exit 2; }
[ -f "$1/CPackConfig.cmake" ] || { echo "check-package: $1 is not a configured build folder" >&2; exit 2; }
build=$(cd "$1" && pwd)
src=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/fluidsim-package.XXXXXX)
trap 'rm -rf "$work"' EXIT

fail() {
  echo "check-package: $*" >&2
  exit 1
}
step() {  # step NAME COMMAND...: runs it into NAME.log, shows the log when it fails
  if ! "${@:2}" >"$work/$1.log" 2>&1; then
    echo "check-package: $1 failed: ${*:2}" >&2
    cat "$work/$1.log" >&2
    exit 1
  fi
}
for tool in dpkg-deb apt-get readelf groff lintian; do
  command -v "$tool" >/dev/null || fail "$tool is not installed (scripts/setup.sh installs it)"
done

# --- the packages ---
step cpack "${CPACK:-cpack}" -G DEB --config "$build/CPackConfig.cmake" -B "$work/debs"
shopt -s nullglob
program_debs=("$work"/debs/fluidsim_*.deb)
dev_debs=("$work"/debs/libfluidsim-dev_*.deb)
shopt -u nullglob
((${#program_debs[@]} == 1)) || fail "cpack made ${#program_debs[@]} fluidsim_*.deb, not 1: $(ls "$work/debs")"
((${#dev_debs[@]} == 1)) || fail "cpack made ${#dev_debs[@]} libfluidsim-dev_*.deb, not 1: $(ls "$work/debs")"
program_deb=${program_debs[0]}
dev_deb=${dev_debs[0]}

# --- their control fields ---
version=$(dpkg-deb -f "$program_deb" Version)
[ "$(dpkg-deb -f "$dev_deb" Version)" = "$version" ] || fail "the two packages have different versions"
# depends DEB RELATION...: each relation appears in DEB's Depends (a whole
# comma-separated item, so "libegl1" does not match "libegl1-foo").
depends() {
  local deb=$1 field items
  field=$(dpkg-deb -f "$deb" Depends)
  items=",$(sed 's/, */,/g' <<<"$field"),"
  for relation in "${@:2}"; do
    [[ "$items" == *",$relation"[,\ ]* ]] || fail "$(basename "$deb"): Depends lacks '$relation' (it is: $field)"
  done
}
# The GL libraries epoxy loads at run time, an EGL driver, and what
# dpkg-shlibdeps found (libepoxy0 is linked, so it is there when the scan ran).
depends "$program_deb" libegl1 libgl1 "libegl-mesa0 | libegl-vendor" libepoxy0 libc6
dpkg-deb -f "$program_deb" Recommends | grep -qw libgl1-mesa-dri || fail "fluidsim does not recommend Mesa's drivers"
# -dev: the program at exactly its version, and what find_package(fluidsim) looks for.
depends "$dev_deb" "fluidsim (= $version)" libglm-dev libepoxy-dev pkg-config

# apt can install the two together on this machine: every Depends names a real
# package (setup.sh installs them all), nothing conflicts. A simulation: no root, no change.
# (Its exit status alone: where these versions are installed already, apt has nothing to do.)
step apt-simulate apt-get -s install "$program_deb" "$dev_deb"

# --- their files ---
dpkg-deb -c "$program_deb" | awk '$1 !~ /^d/ {print $6}' | sort >"$work/program.files"
dpkg-deb -c "$dev_deb" | awk '$1 !~ /^d/ {print $6}' | sort >"$work/dev.files"
shared=$(comm -12 "$work/program.files" "$work/dev.files")
[ -z "$shared" ] || fail "both packages hold these files, so dpkg would refuse the second: $shared"
root=$work/root
mkdir -p "$root"
dpkg-deb -x "$program_deb" "$root"
dpkg-deb -x "$dev_deb" "$root"
multiarch=$(gcc -print-multiarch 2>/dev/null || true)
[ -n "$multiarch" ] || multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
holds() {  # holds PACKAGE PATH WHY: PACKAGE (fluidsim or dev) has the file /PATH
  grep -qx "\./$2" "$work/$1.files" || fail "the $1 package lacks /$2 ($3)"
}
holds program usr/bin/fluidsim "the program"
holds program usr/share/man/man1/fluidsim.1.gz "the man page"
for package in fluidsim libfluidsim-dev; do
  list=program
  [ "$package" = fluidsim ] || list=dev
  holds $list "usr/share/doc/$package/copyright" "$package's copyright file"
  holds $list "usr/share/doc/$package/changelog.gz" "$package's changelog"
  head -n1 "$root/usr/share/doc/$package/copyright" | grep -q '^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' ||
    fail "$package's copyright file is not in the machine-readable format (DEP-5)"
done
holds dev "usr/lib/$multiarch/cmake/fluidsim/fluidsimConfig.cmake" "the CMake package, in the multiarch directory"
grep -qx "\./usr/lib/$multiarch/libfluid_[a-z_]*\.a" "$work/dev.files" || fail "the dev package has no libfluid_*.a in /usr/lib/$multiarch"
! grep -q '^\./usr/lib/[^/]*\.a$' "$work/dev.files" || fail "libraries in /usr/lib, not the multiarch /usr/lib/$multiarch"
holds dev "usr/lib/$multiarch/libfluidsim_api_cpu.a" "fluidsim::cpu"
holds dev "usr/lib/$multiarch/libfluidsim_api_gpu.a" "fluidsim::gpu"
holds dev usr/include/fluidsim/fluidsim.hpp "the public header"
holds dev usr/include/fluidsim/version.hpp "the configured version header"
# A client sees the API alone: no internal header (core/, sim/, gl/,
# platform/, shaders/) is installed.
! grep -E '^\./usr/include/fluidsim/.+/' "$work/dev.files" >"$work/internal.files" ||
  fail "the dev package installs internal headers: $(tr '\n' ' ' <"$work/internal.files")"
! grep -qE '^\./usr/(include/|lib/.*(\.a|\.cmake)$)' "$work/program.files" ||
  fail "the fluidsim package holds development files (they belong in libfluidsim-dev)"
! readelf -S "$root/usr/bin/fluidsim" | grep -q '\.symtab' || fail "/usr/bin/fluidsim is not stripped"
# The man page renders without a warning (what lintian's groff check asks) and documents the flags.
zcat "$root/usr/share/man/man1/fluidsim.1.gz" >"$work/fluidsim.1"
groff -man -Tutf8 -ww -z "$work/fluidsim.1" 2>"$work/groff.log" || fail "groff could not render the man page: $(cat "$work/groff.log")"
[ ! -s "$work/groff.log" ] || fail "the man page renders with warnings: $(cat "$work/groff.log")"
grep -q 'fB\\-\\-headless' "$work/fluidsim.1" || fail "the man page has no --headless entry"
# Every flag row of the unpacked program's --help is an entry of the page.
rows=$("$root/usr/bin/fluidsim" --help | grep -c '^  -')
entries=$(grep -c '^\.TP' "$work/fluidsim.1")
((rows == entries)) || fail "the man page has $entries option entries, fluidsim --help $rows flag rows"

# --- the program runs from the unpacked root: a few steps in EGL, from a
# folder outside the source tree (the shaders are embedded in the program) ---
mkdir -p "$work/run"
step headless env -C "$work/run" "$root/usr/bin/fluidsim" --headless --steps 3 --grid 64
echo "check-package: fluidsim --headless from the unpacked package: $(tail -n1 "$work/headless.log")"

# --- every example builds against the unpacked /usr alone ---
found=0
for dir in "$src"/examples/*/; do
  [ -f "$dir/CMakeLists.txt" ] || continue  # examples/common: their shared helper
  name=$(basename "$dir")
  found=$((found + 1))
  out=$work/examples/$name
  step "configure-$name" cmake -S "$dir" -B "$out" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$root/usr" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
  # The package found must be the unpacked one, not one installed on this machine.
  grep -q "^fluidsim_DIR:PATH=$root/usr/lib/$multiarch/cmake/fluidsim\$" "$out/CMakeCache.txt" ||
    fail "examples/$name found fluidsim at $(grep '^fluidsim_DIR' "$out/CMakeCache.txt"), not in the unpacked root"
  if grep -q -- "-I$src/src" "$out/compile_commands.json"; then
    fail "examples/$name's compile line reaches into $src/src, not the package"
  fi
  step "build-$name" cmake --build "$out"
  echo "check-package: examples/$name built against the unpacked packages"
done
((found > 0)) || fail "no example in $src/examples"
# The examples run from their builds, each checked by what it prints.
ran() {  # ran NAME: examples/NAME's program ran (as run-NAME.log) and printed its line
  local program=$work/examples/$1/$1
  [ -x "$program" ] || fail "examples/$1 built no program $1"
  step "run-$1" "$program" "${@:2}"
  echo "check-package: $(tail -n1 "$work/run-$1.log")"
}
ran embed --headless
grep -q '^embed: 10 steps' "$work/run-embed.log" || fail "no result line from embed --headless: $(cat "$work/run-embed.log")"
# Taylor-Green on each backend: the measured decay rate within 0.5% of the exact one.
for backend in cpu gpu; do
  name=taylor_green_$backend
  ran $name
  deviation=$(sed -n 's/^'"$name"':.* deviation \([-+][0-9.]*\)%$/\1/p' "$work/run-$name.log")
  [ -n "$deviation" ] || fail "$name printed no deviation: $(cat "$work/run-$name.log")"
  awk -v d="$deviation" 'BEGIN { exit !(d < 0.5 && d > -0.5) }' ||
    fail "$name: the decay rate is $deviation% off the exact one (at most 0.5%)"
done
# The CPU-only client links no GL: not one GL, EGL or loader library among
# what the dynamic loader resolves for it.
ldd "$work/examples/taylor_green_cpu/taylor_green_cpu" >"$work/ldd-cpu.log" 2>&1 || fail "ldd failed: $(cat "$work/ldd-cpu.log")"
grep -q 'libc\.so' "$work/ldd-cpu.log" || fail "ldd did not list the CPU client's libraries: $(cat "$work/ldd-cpu.log")"
! grep -E 'lib(epoxy|GL|GLX|EGL|OpenGL|GLdispatch|glfw)' "$work/ldd-cpu.log" >"$work/ldd-gl.log" ||
  fail "taylor_green_cpu links GL: $(cat "$work/ldd-gl.log")"
echo "check-package: taylor_green_cpu links no GL library"
# --- lintian: no errors; its warnings are printed for the reader ---
lintian --fail-on error --tag-display-limit 0 "$program_deb" "$dev_deb" >"$work/lintian.log" 2>&1 ||
  { cat "$work/lintian.log" >&2; fail "lintian reports errors"; }
# (Its note that it runs as root, as CI's containers do, is no finding.)
if grep -v 'running with root privileges' "$work/lintian.log" >"$work/lintian.tags"; then
  echo "check-package: lintian (no errors):"
  cat "$work/lintian.tags"
fi
echo "check-package: PASS: $(basename "$program_deb") and $(basename "$dev_deb") unpack into a fresh root, fluidsim --headless runs from it, $found example(s) build against it and run (Taylor-Green within 0.5% on both backends, the CPU one without GL), lintian reports no errors"
