# Shell functions the screenshot scripts share (sourced, not run): find the app's window, wait while a run goes,
# take a shot of the whole screen. They use $WORK (a throwaway folder) and $OUT (where the shots go).
window() { xdotool search --name '^HashScope' | head -1; }
wait_running() {  # the title shows "HashScope (NN%)" while a run goes on
  for _ in $(seq 1 50); do
    xdotool getwindowname "$(window)" | grep -q '%' && return 0
    sleep 0.2
  done
}
wait_idle() {
  for _ in $(seq 1 1200); do
    [ "$(xdotool getwindowname "$(window)")" = "HashScope" ] && return 0
    sleep 1
  done
  return 1
}
shot() { import -window root "$WORK/shot.png" && convert "$WORK/shot.png" -strip -colors 256 "PNG8:$OUT/$1"; }
