#!/bin/sh
# Takes the README screenshots of build/bin/hashscope under Xvfb: before, during and after a benchmark
# at 1280x800, and the results at 1920x1080. Needs xvfb, xdotool and imagemagick.
#   resources/screenshots/take-screenshots.sh [BINARY] [OUTPUT_DIR]
# The run uses a 128 MiB sample, the standard preset (3 passes per step; no waiting for a quiet machine, so
# the shots do not depend on what else runs), warm and ramp runs on, in the default locations (temp and home);
# settings go to a throwaway folder, the samples it writes are removed afterwards.
set -eu
BIN=$(realpath "${1:-build/bin/hashscope}")
OUT=$(realpath "${2:-resources/screenshots}")
mkdir -p "$OUT"
WORK=$(mktemp -d)
DISPLAY_NUMBER=${DISPLAY_NUMBER:-:97}
trap 'kill $APP $XVFB 2>/dev/null || true; rm -rf "$WORK"' EXIT

window() { xdotool search --name '^HashScope' | head -1; }
wait_idle() {  # the title shows "HashScope (NN%)" while a run goes on
  for _ in $(seq 1 50); do
    xdotool getwindowname "$(window)" | grep -q '%' && break
    sleep 0.2
  done
  for _ in $(seq 1 1200); do
    [ "$(xdotool getwindowname "$(window)")" = "HashScope" ] && return 0
    sleep 1
  done
  return 1
}
start_app() {  # $1 = settings file to use, or "" for first-start defaults
  rm -rf "$WORK/config"
  mkdir -p "$WORK/config/HashScope"
  [ -n "$1" ] && cp "$1" "$WORK/config/HashScope/HashScope.conf"
  XDG_CONFIG_HOME="$WORK/config" "$BIN" >"$WORK/app.log" 2>&1 &
  APP=$!
  sleep 3
}
shot() { import -window root "$WORK/shot.png" && convert "$WORK/shot.png" -strip -colors 256 "PNG8:$OUT/$1"; }

cat >"$WORK/run.conf" <<'CONF'
[options]
preset=standard
waitQuiet=false
cache=cold
warm=true
streams=1
ramp=true
maxStreams=2
hashMemorySeconds=1
[samples]
size=134217728
content=random
CONF

SAMPLES="/tmp/hashscope-sample-random-128MiB.bin $HOME/hashscope-sample-random-128MiB.bin"
OURS=""
for f in $SAMPLES; do [ -e "$f" ] || OURS="$OURS $f"; done

for SIZE in 1280x800 1920x1080; do
  Xvfb "$DISPLAY_NUMBER" -screen 0 "${SIZE}x24" >/dev/null 2>&1 &
  XVFB=$!
  export DISPLAY="$DISPLAY_NUMBER"
  sleep 1
  if [ "$SIZE" = 1280x800 ]; then
    start_app ""
    shot before.png
    kill $APP; wait $APP 2>/dev/null || true
  fi
  start_app "$WORK/run.conf"
  W=$(window)
  xdotool windowsize "$W" "${SIZE%x*}" "${SIZE#*x}"
  sleep 1
  xdotool windowfocus --sync "$W" 2>/dev/null || true
  xdotool key --window "$W" ctrl+b
  if [ "$SIZE" = 1280x800 ]; then
    sleep "${RUNNING_AFTER:-14}"
    shot running.png
  fi
  wait_idle
  sleep 1
  if [ "$SIZE" = 1280x800 ]; then shot results.png; else shot results-1920x1080.png; fi
  kill $APP; wait $APP 2>/dev/null || true
  kill $XVFB; wait $XVFB 2>/dev/null || true
done
# Remove the samples this script's runs created (not ones that were there before).
[ -n "$OURS" ] && rm -f $OURS
ls -l "$OUT"
