#!/usr/bin/env bash
# Installs what fluidsim needs to build, test and run on Debian/Ubuntu.
# Quick when everything is there: apt-get runs only for missing packages.
# Usage: scripts/setup.sh [--docs]   (--docs adds what scripts/plot_validation.py needs)
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config
  libglm-dev libepoxy-dev libglfw3-dev libimgui-dev libstb-dev
  libgtest-dev libbenchmark-dev
  libavformat-dev libavcodec-dev libavdevice-dev libavutil-dev libswscale-dev   # motion input: video, cameras
  libegl-dev libegl1 libegl-mesa0 libgl1-mesa-dri   # headless GL: EGL + Mesa llvmpipe
  fonts-dejavu-core                                 # the panel's font (ImGui's built-in one without it)
  xvfb xdotool                                      # real-window tests and screenshots
  clang-format                                      # the format gate (scripts/format.sh --check)
  clang                                             # the tsan preset: clang's ThreadSanitizer
  lintian groff-base                                # the package test (scripts/check-package.sh)
  doxygen                                           # the API reference (the docs target; the ci preset requires it)
)
if [[ "${1:-}" == "--docs" ]]; then
  packages+=(python3-matplotlib)                    # scripts/plot_validation.py
  packages+=(chromium imagemagick)                  # scripts/demo-screenshot.sh (the WebGL demo beside ours)
elif [[ -n "${1:-}" ]]; then
  echo "setup: unknown option '$1' (usage: scripts/setup.sh [--docs])" >&2
  exit 2
fi

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done

if ((${#missing[@]} == 0)); then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

if ! command -v apt-get >/dev/null; then
  echo "setup: apt-get not found; install these packages by hand: ${missing[*]}" >&2
  exit 1
fi
sudo=()
if ((EUID != 0)); then
  command -v sudo >/dev/null || { echo "setup: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo=(sudo)
fi
echo "setup: installing ${missing[*]}"
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
