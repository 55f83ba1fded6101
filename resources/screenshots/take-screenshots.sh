#!/bin/sh
# Takes the README screenshots of build/bin/hashscope under Xvfb, driving the real app with xdotool, at
# 1280x800 and 1920x1080, light and dark (the settings file's view/theme key): the setup page before a run,
# the scoreboard filling in and the Live tab while it runs, the scoreboard when done, a tile's details and
# the Details sub-tab; then exports the HTML report of the first run (File > Export report).
# Needs xvfb, xdotool, imagemagick and xset (x11-xserver-utils).
#   resources/screenshots/take-screenshots.sh [BINARY] [OUTPUT_DIR]
# Each run uses the app's defaults (a 256 MiB sample, half-second references, waiting for a quiet machine) plus
# the warm pass and the stream ramp (so the Details sub-tab has its ramp chart), in the default locations (temp
# and home): the standard preset (3 passes per step) for the 1280x800 light run, the README's main shots, the
# quick preset for the others. Before each run the script waits until the machine is quiet (the 1-minute load
# average under QUIET_LOAD, 0.5 by default, for at most QUIET_WAIT seconds, 900 by default) and says when it was
# not: shots whose tiles say "machine busy" do not belong in the README (look at each before committing it).
# SIZES (e.g. "1280x800 1366x768 1920x1080") and THEMES choose the screens; SCALE=1.5 takes them at 150%.
# Settings go to a throwaway folder; the samples the runs write are removed afterwards. Files: NAME.png for
# 1280x800 light, NAME-SIZE-THEME.png for the others, and report.png (Chromium) or hashscope-report.html.
set -eu
BIN=$(realpath "${1:-build/bin/hashscope}")
mkdir -p "${2:-resources/screenshots}"
OUT=$(realpath "${2:-resources/screenshots}")
WORK=$(mktemp -d)
DISPLAY_NUMBER=${DISPLAY_NUMBER:-:97}
APP=""
XVFB=""
trap 'kill $APP $XVFB 2>/dev/null || true; rm -rf "$WORK"' EXIT
export HASHSCOPE_HISTORY_DB="$WORK/history.sqlite"  # the runs are not added to the user's own library
# Where the tiles and the sub-tabs are, in window coordinates at 100% (the layout starts at the top left, so one
# place serves every size; click() scales them by SCALE): the first algorithm's tile of the first location, the
# "Details" sub-tab.
TILE_X=${TILE_X:-200} TILE_Y=${TILE_Y:-175}
DETAILS_TAB_X=${DETAILS_TAB_X:-200} DETAILS_TAB_Y=${DETAILS_TAB_Y:-62}

. "$(dirname "$0")/xvfb-helpers.sh"  # window, wait_running, wait_idle, shot
click() {  # $1 $2: a place in window coordinates at 100%
  x=$(awk -v v="$1" -v s="${SCALE:-1}" 'BEGIN { printf "%d", v * s }')
  y=$(awk -v v="$2" -v s="${SCALE:-1}" 'BEGIN { printf "%d", v * s }')
  xdotool mousemove --window "$W" "$x" "$y" click 1
  sleep 1
}

export_report() {  # File > Export report, into the throwaway Documents folder below
  for _ in 1 2 3; do
    xdotool key --window "$W" ctrl+shift+r
    for _ in $(seq 1 20); do
      D=$(xdotool search --onlyvisible --name '^Export report' | head -1)
      [ -n "$D" ] && break
      sleep 0.5
    done
    [ -n "$D" ] && break
  done
  sleep 2
  D=$(xdotool search --onlyvisible --name '^Export report' | head -1)
  xdotool key --window "$D" Return  # the proposed name, hashscope-report.html
  # The file saved in the folder, whatever its name: a key released late can still type into the name box.
  for _ in $(seq 1 20); do
    F=$(ls "$WORK/docs" | head -1)
    [ -n "$F" ] && { sleep 1; cp "$WORK/docs/$F" "$OUT/hashscope-report.html"; return 0; }
    sleep 0.5
  done
  echo "The report was not saved: see $OUT/report-failed.png" >&2
  shot report-failed.png
  return 1
}

settings() {  # $1 = theme, $2 = preset: the settings file of one run
  cat <<CONF
[view]
theme=$1
[options]
preset=$2
waitQuiet=${WAIT_QUIET:-true}
cache=cold
warm=true
streams=1
ramp=true
maxStreams=2
hashMemorySeconds=0.5
[samples]
size=268435456
content=random
CONF
}

quiet_machine() {  # waits until the 1-minute load average is under QUIET_LOAD; says so when it never was
  limit=${QUIET_LOAD:-0.5}
  for _ in $(seq 1 "${QUIET_WAIT:-900}"); do
    awk -v l="$limit" '{ exit !($1 < l) }' /proc/loadavg && return 0
    sleep 1
  done
  echo "take-screenshots.sh: the machine stayed busy (load average $(cut -d' ' -f1 /proc/loadavg)): its shots may say \"machine busy\"" >&2
}

# The report's save dialog opens in the Documents folder: a throwaway one.
mkdir -p "$WORK/config" "$WORK/docs"
echo "XDG_DOCUMENTS_DIR=\"$WORK/docs\"" >"$WORK/config/user-dirs.dirs"

SAMPLES="/tmp/hashscope-sample-random-256MiB.bin $HOME/hashscope-sample-random-256MiB.bin"
OURS=""
for f in $SAMPLES; do [ -e "$f" ] || OURS="$OURS $f"; done

for SIZE in ${SIZES:-1280x800 1920x1080}; do
  Xvfb "$DISPLAY_NUMBER" -screen 0 "${SIZE}x24" >/dev/null 2>&1 &
  XVFB=$!
  export DISPLAY="$DISPLAY_NUMBER"
  sleep 1
  xset r off  # no auto-repeat: a key released late (the dialog took the focus) must not type on
  for THEME in ${THEMES:-light dark}; do
    SUFFIX="-$SIZE-$THEME"
    PRESET=quick
    if [ "$SIZE-$THEME" = 1280x800-light ]; then SUFFIX="" PRESET=${MAIN_PRESET:-standard}; fi
    rm -rf "$WORK/config/HashScope"
    mkdir -p "$WORK/config/HashScope"
    settings "$THEME" "$PRESET" >"$WORK/config/HashScope/HashScope.conf"
    quiet_machine
    XDG_CONFIG_HOME="$WORK/config" QT_SCALE_FACTOR="${SCALE:-1}" "$BIN" >"$WORK/app.log" 2>&1 &
    APP=$!
    W=""
    for _ in $(seq 1 60); do  # a loaded machine can take a while to show the window
      W=$(window)
      [ -n "$W" ] && break
      sleep 0.5
    done
    [ -n "$W" ] || { echo "take-screenshots.sh: no HashScope window after 30 s (see $WORK/app.log)" >&2; exit 1; }
    sleep 1
    # The app centres its first window in the screen at 1280x800 at most; the shots fill the screen.
    xdotool windowsize "$W" "${SIZE%x*}" "${SIZE#*x}"
    xdotool windowmove "$W" 0 0
    xdotool windowfocus --sync "$W" 2>/dev/null || true
    sleep 1
    shot "before$SUFFIX.png"
    xdotool key --window "$W" ctrl+b
    wait_running
    if [ "$PRESET" = quick ]; then sleep 4; else sleep 12; fi  # about a third of the run
    shot "running$SUFFIX.png"             # the scoreboard filling in
    xdotool key --window "$W" alt+l
    sleep 2
    shot "live$SUFFIX.png"
    wait_idle
    sleep 1
    xdotool key --window "$W" alt+t       # the Results tab (a quick run may end while Live shows)
    sleep 1
    shot "results$SUFFIX.png"
    click "$TILE_X" "$TILE_Y"
    shot "tile-details$SUFFIX.png"
    click "$DETAILS_TAB_X" "$DETAILS_TAB_Y"
    shot "details$SUFFIX.png"
    if [ -z "$SUFFIX" ]; then             # File > Export report, saved where the dialog proposes
      export_report || true
    fi
    kill $APP; wait $APP 2>/dev/null || true
  done
  kill $XVFB; wait $XVFB 2>/dev/null || true
done
# The report as a browser shows it (report.png), when Chromium is at hand; the HTML file itself is not kept.
if [ -s "$OUT/hashscope-report.html" ] && command -v chromium >/dev/null; then
  chromium --headless --no-sandbox --disable-gpu --screenshot="$WORK/report.png" --window-size=1280,2000 \
    "file://$OUT/hashscope-report.html" >/dev/null 2>&1 &&
    convert "$WORK/report.png" -strip -colors 256 "PNG8:$OUT/report.png" && rm "$OUT/hashscope-report.html"
fi
# Remove the samples this script's runs created (not ones that were there before).
[ -n "$OURS" ] && rm -f $OURS
ls -l "$OUT"
