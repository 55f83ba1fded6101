#!/bin/sh
# Takes the shots of what people share and compare, from build/bin/hashscope under Xvfb, driving the real app
# with xdotool at 1280x800 and 1366x768, light and dark (the settings file's view/theme key):
#   share-chart-SIZE-THEME.png       the file File > Export chart PNG writes (Ctrl+Shift+S, 1600x900)
#   share-scoreboard-SIZE-THEME.png  the file File > Export scoreboard as PNG writes (Ctrl+Shift+P)
#   share-compare-SIZE-THEME.png     History > Compare of the last two runs (the window)
#   share-tile-details-SIZE-THEME.png a tile's details (the window)
#   share-live-SIZE-THEME.png        the Live tab after the run (the throughput on its log scale: RAM beside disk)
# Needs xvfb, xdotool, imagemagick and xset (x11-xserver-utils).
#   resources/screenshots/take-share-screenshots.sh [BINARY] [OUTPUT_DIR]
# Each screen runs the default suite once (quick preset, 256 MiB sample, default locations: temp and home, or
# what the first start ticks), the first one twice so Compare has two runs; the history is a throwaway file
# shared by the runs. SIZES and THEMES choose the screens.
set -eu
BIN=$(realpath "${1:-build/bin/hashscope}")
mkdir -p "${2:-resources/screenshots}"
OUT=$(realpath "${2:-resources/screenshots}")
WORK=$(mktemp -d)
DISPLAY_NUMBER=${DISPLAY_NUMBER:-:96}
APP=""
XVFB=""
trap 'kill $APP $XVFB 2>/dev/null || true; rm -rf "$WORK"' EXIT
export HASHSCOPE_HISTORY_DB="$WORK/history.sqlite"
TILE_X=${TILE_X:-200} TILE_Y=${TILE_Y:-175}

. "$(dirname "$0")/xvfb-helpers.sh"  # window, wait_running, wait_idle, shot
dialog() {  # $1: the title of a dialog to wait for; prints its window id
  for _ in $(seq 1 40); do
    D=$(xdotool search --onlyvisible --name "$1" | head -1)
    [ -n "$D" ] && { echo "$D"; return 0; }
    sleep 0.25
  done
  return 1
}
saved() {  # $1: a file name pattern in the pictures folder; waits for it, copies it to $2
  for _ in $(seq 1 40); do
    F=$(ls "$WORK/pics" | grep -e "$1" | head -1 || true)
    [ -n "$F" ] && { sleep 0.5; cp "$WORK/pics/$F" "$OUT/$2"; rm "$WORK/pics/$F"; return 0; }
    sleep 0.25
  done
  echo "take-share-screenshots.sh: $2 was not saved" >&2
  return 1
}
benchmark() {
  xdotool key --window "$W" ctrl+b
  wait_running
  wait_idle
  sleep 1
}

settings() {  # $1 = theme
  cat <<CONF
[view]
theme=$1
[options]
preset=quick
waitQuiet=false
cache=cold
streams=1
hashMemorySeconds=0.5
[samples]
size=268435456
content=random
[export]
folder=$WORK/pics
CONF
}

mkdir -p "$WORK/config" "$WORK/pics"
echo "XDG_PICTURES_DIR=\"$WORK/pics\"" >"$WORK/config/user-dirs.dirs"
SAMPLES="/tmp/hashscope-sample-random-256MiB.bin $HOME/hashscope-sample-random-256MiB.bin"
OURS=""
for f in $SAMPLES; do [ -e "$f" ] || OURS="$OURS $f"; done
FIRST=yes

for SIZE in ${SIZES:-1280x800 1366x768}; do
  Xvfb "$DISPLAY_NUMBER" -screen 0 "${SIZE}x24" >/dev/null 2>&1 &
  XVFB=$!
  export DISPLAY="$DISPLAY_NUMBER"
  sleep 1
  xset r off
  for THEME in ${THEMES:-light dark}; do
    SUFFIX="-$SIZE-$THEME"
    rm -rf "$WORK/config/HashScope"
    mkdir -p "$WORK/config/HashScope"
    settings "$THEME" >"$WORK/config/HashScope/HashScope.conf"
    XDG_CONFIG_HOME="$WORK/config" "$BIN" >"$WORK/app.log" 2>&1 &
    APP=$!
    W=""
    for _ in $(seq 1 60); do
      W=$(window)
      [ -n "$W" ] && break
      sleep 0.5
    done
    [ -n "$W" ] || { echo "take-share-screenshots.sh: no HashScope window:" >&2; cat "$WORK/app.log" >&2; exit 1; }
    sleep 1
    xdotool windowsize "$W" "${SIZE%x*}" "${SIZE#*x}"
    xdotool windowmove "$W" 0 0
    xdotool windowfocus --sync "$W" 2>/dev/null || true
    sleep 1
    if [ "$FIRST" = yes ]; then benchmark; FIRST=no; fi
    benchmark
    xdotool key --window "$W" alt+l
    sleep 1
    shot "share-live$SUFFIX.png"
    xdotool key --window "$W" alt+t
    sleep 1
    # The exports first, from the Results tab: the comparison chart, then the scoreboard.
    xdotool key --window "$W" ctrl+shift+s
    dialog '^Export chart' >/dev/null && { sleep 1; xdotool key Return; }  # the focused dialog: its window id
    dialog '^Save chart as PNG' >/dev/null && { sleep 1; xdotool key Return; }  # can change while it opens
    saved 'hashing-speed' "share-chart$SUFFIX.png" || true
    xdotool windowfocus --sync "$W" 2>/dev/null || true  # the window again, after the chart's dialogs
    sleep 0.5
    xdotool key --window "$W" ctrl+shift+p
    dialog '^Export scoreboard' >/dev/null && { sleep 1; xdotool key Return; }
    saved 'scoreboard' "share-scoreboard$SUFFIX.png" || true
    # A tile's details.
    xdotool windowfocus --sync "$W" 2>/dev/null || true
    xdotool mousemove --window "$W" "$TILE_X" "$TILE_Y" click 1
    sleep 1
    shot "share-tile-details$SUFFIX.png"
    xdotool key --window "$W" Escape
    # History: the two newest runs compared.
    xdotool key --window "$W" alt+y
    sleep 1
    xdotool mousemove --window "$W" 100 87 click 1   # the first row of the runs table
    xdotool key --window "$W" shift+Down
    sleep 0.5
    xdotool key --window "$W" alt+c
    sleep 2
    shot "share-compare$SUFFIX.png"
    kill $APP; wait $APP 2>/dev/null || true
  done
  kill $XVFB; wait $XVFB 2>/dev/null || true
done
[ -n "$OURS" ] && rm -f $OURS
ls -l "$OUT"/share-*
