#!/bin/sh
# Takes the README screenshots of the History, Compare and Planner tabs under Xvfb at 1280x800, from a
# throwaway history filled with three real CLI bench runs (64 MiB in /dev/shm, md5 and sha256, 3 passes).
# Light, and the Compare view once more in the dark theme (compare-dark.png). Needs xvfb, xdotool and
# imagemagick.
#   resources/screenshots/take-history-screenshots.sh [BUILD_BIN_DIR] [OUTPUT_DIR]
set -eu
BIN=$(realpath "${1:-build/bin}")
mkdir -p "${2:-resources/screenshots}"
OUT=$(realpath "${2:-resources/screenshots}")
LOCATION=${LOCATION:-/dev/shm}
WORK=$(mktemp -d)
DISPLAY_NUMBER=${DISPLAY_NUMBER:-:96}
APP=""
trap 'kill $APP $XVFB 2>/dev/null || true; rm -rf "$WORK"' EXIT
export HASHSCOPE_HISTORY_DB="$WORK/history.sqlite"

cli() { "$BIN/hashscope-cli" "$@"; }
bench() { cli bench -l "$LOCATION" -a md5,sha256 --size 64M --duration 0.5 --passes 3 --sample-hz 0 "$@" >/dev/null; }
bench -w hash-memory --streams 2
bench -w read,hash-memory,hash-file
bench -w read,hash-memory,hash-file
cli history rename 1 "2 streams"
cli history rename 2 "before tuning"
cli history rename 3 "after tuning"

window() { xdotool search --name '^HashScope' | head -1; }
shot() { import -window root "$WORK/shot.png" && convert "$WORK/shot.png" -strip -colors 256 "PNG8:$OUT/$1"; }
start_app() {  # $1 = theme: light or dark (the settings file's view/theme key)
  mkdir -p "$WORK/config/HashScope"
  printf '[view]\ntheme=%s\n' "${1:-light}" >"$WORK/config/HashScope/HashScope.conf"
  XDG_CONFIG_HOME="$WORK/config" "$BIN/hashscope" >"$WORK/app.log" 2>&1 &
  APP=$!
  sleep 3
  W=$(window)
  xdotool windowsize "$W" 1280 800
  xdotool windowfocus --sync "$W" 2>/dev/null || true
  sleep 1
}
stop_app() { kill $APP; wait $APP 2>/dev/null || true; }

Xvfb "$DISPLAY_NUMBER" -screen 0 1280x800x24 >/dev/null 2>&1 &
XVFB=$!
export DISPLAY="$DISPLAY_NUMBER"
sleep 1

# History: no baseline yet, the newest run opened below the list.
start_app
xdotool key --window "$W" alt+y
sleep 1
shot history.png
# Planner: 1 TB in a minute, from the newest run.
xdotool key --window "$W" alt+p
sleep 1
shot planner.png
stop_app

# Compare: run 2 as the baseline; the newest run is compared with it when the app opens.
cli history baseline 2
start_app
xdotool key --window "$W" alt+y
sleep 1
shot compare.png
stop_app
start_app dark
xdotool key --window "$W" alt+y
sleep 1
shot compare-dark.png
stop_app
