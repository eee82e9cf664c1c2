# shellcheck shell=bash
# Sourced by scripts/look-over-time.sh and scripts/look-replay.sh: the
# fluidsim they run, and the newcomer's window (no settings file, 1024x768)
# on a private X screen. Sets exe, look, work, display, xvfb and app, and a
# trap that stops the window and the screen and removes $work on exit.
# Environment: FLUIDSIM_EXE, LOOK_FLAGS (see the scripts).

# exe: FLUIDSIM_EXE or the release build's fluidsim; look: the fluidsim-look
# beside it. Builds the release preset's two when either is missing.
look_tools() {
  exe=${FLUIDSIM_EXE:-build/release/src/fluidsim}
  look=$(dirname "$exe")/fluidsim-look
  if [[ ! -x "$exe" || ! -x "$look" ]]; then
    cmake --preset release >/dev/null
    cmake --build --preset release --target fluidsim fluidsim-look
    exe=build/release/src/fluidsim
    look=build/release/src/fluidsim-look
  fi
}

# A private Xvfb screen as DISPLAY, and $work with an empty home in it.
look_screen() {
  work=$(mktemp -d)
  display=":$((200 + RANDOM % 200))"
  Xvfb "$display" -screen 0 1280x1024x24 -nolisten tcp >/dev/null 2>&1 &
  xvfb=$!
  app=''
  trap 'kill $app $xvfb 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"' EXIT
  export DISPLAY=$display
  sleep 1
  kill -0 "$xvfb" 2>/dev/null || { echo "$0: Xvfb could not start on $display (in use?); run again" >&2; exit 1; }
  mkdir -p "$work/home"
}

# look_window LOG [FLAGS...]: the window with FLAGS and LOOK_FLAGS, in the
# background ($app), its output in LOG.
look_window() {
  local log=$1
  shift
  # shellcheck disable=SC2086  # LOOK_FLAGS is a list of flags
  HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" \
    "$exe" --width 1024 --height 768 "$@" ${LOOK_FLAGS:-} >"$log" 2>&1 &
  app=$!
}
