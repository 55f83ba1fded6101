#!/usr/bin/env bash
# Runs the Windows build that installer/cross/build-windows.sh made, under wine (and Xvfb):
#   installer/cross/test-windows-wine.sh [--no-gui] BUILD_DIR [PART...]
# PARTS (default: all): tests cli installer gui
#   tests      each Catch2 test program (bin/hashscope_*_tests.exe): its summary, its skips
#   cli        the deployed hashscope-cli.exe: --version, hash (against sha256sum), plain `bench`
#   installer  the NSIS installer: silent install (/S) into a fresh wine prefix, the installed files,
#              Start-menu entry and uninstall entry, the installed CLI's bench, silent uninstall
#   gui        the deployed hashscope.exe at 1280x800, light and dark: a quick benchmark of the temp
#              folder to its scoreboard; screenshots resources/screenshots/windows-*.png (or in
#              $HASHSCOPE_SCREENSHOTS)
# The tests part compares each program's failed test cases with .ci/windows-expected-failures.txt (or
# $HASHSCOPE_WINDOWS_EXPECTED): a failure not listed there, or a listed one that passed, fails it. Their skips,
# each with its reason, must be those .ci/windows-skips.txt lists (.ci/check-skips.sh; with
# HASHSCOPE_WINDOWS_UPDATE_SKIPS=1 this run's skips are written there instead, after a deliberate change).
# Logs and a summary go to BUILD_DIR/wine-results/. Exits 1 when a part fails.
# Display: Xvfb on :${HASHSCOPE_XVFB_DISPLAY:-13}. Needs wine64, xvfb, xdotool, imagemagick.
{
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
top="$(cd "$here/../.." && pwd)"
gui=ON
if [ "${1:-}" = --no-gui ]; then gui=OFF; shift; fi
[ $# -ge 1 ] || { sed -n '2,15p' "$0" >&2; exit 2; }
build="$(cd "$1" && pwd)"
shift
parts=("$@")
if [ ${#parts[@]} -eq 0 ]; then
  parts=(tests cli installer)
  [ "$gui" = ON ] && parts+=(gui)
fi
run="$build/wine-run.sh"   # wine with the build's DLLs on WINEPATH (build-windows.sh writes it)
[ -x "$run" ] || { echo "$run is missing: run installer/cross/build-windows.sh first" >&2; exit 2; }
out="$build/wine-results"
mkdir -p "$out"
summary="$out/summary.txt"
: >"$summary"
export WINEDEBUG=-all
log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
note() { printf '%s\n' "$*" | tee -a "$summary"; }
status=0
fail() { note "  FAIL: $*"; status=1; }
stage="$build/stage"
wine_bin="$(sed -n 's/^exec "\([^"]*\)".*/\1/p' "$run")"

# The expected failures: "program<TAB>fails|maybe<TAB>test case<TAB>Windows reason" lines (.ci/run's Windows
# part reads the same file). "fails": must fail here (one that passes is to be taken off the list, which
# only shrinks); "maybe": fails in some runs only (wine's timing), allowed either way. Any other failure
# is new and fails this part; a line without a reason is refused.
expected_file="${HASHSCOPE_WINDOWS_EXPECTED:-$top/.ci/windows-expected-failures.txt}"
skips_file="$top/.ci/windows-skips.txt"
part_tests() {
  local exe name rc line t0 results skip_log xvfb=""
  local display=":${HASHSCOPE_XVFB_TESTS_DISPLAY:-14}"
  : >"$out/skips.tsv"
  # The GUI tests run on Qt's windows platform, as the app does on Windows (its fonts, focus and dialogs), on a
  # virtual 1920x1080 display. (Qt's "minimal" platform needs none, but its 240x320 screen without fonts
  # failed 15 of them for that alone.)
  if [ -f "$build/bin/hashscope_gui_tests.exe" ]; then
    if command -v Xvfb >/dev/null; then
      Xvfb "$display" -screen 0 1920x1080x24 >/dev/null 2>&1 &
      xvfb=$!
      sleep 1
    else
      fail "the GUI tests need Xvfb (apt-get install xvfb)"
    fi
  fi
  if [ -f "$expected_file" ]; then
    local bad
    bad="$(awk -F'\t' '!/^#/ && NF && (NF != 4 || ($2 != "fails" && $2 != "maybe") || $4 !~ /[^ ]/) {print FILENAME ":" FNR ": " $0}' "$expected_file")"
    [ -z "$bad" ] || fail "lines of the expected list without program, fails|maybe, test case and reason: $bad"
  fi
  for exe in "$build"/bin/hashscope_*_tests.exe; do
    [ -f "$exe" ] || continue
    name="$(basename "$exe" .exe)"
    t0=$(date +%s)
    results="$out/$name.results.tsv"
    skip_log="$out/$name.skips.tsv"
    rm -f "$results" "$skip_log"
    # HASHSCOPE_RESULT_LOG: one line per test case (tests/support/skip.cpp), HASHSCOPE_SKIP_LOG: one line per
    # skip; Windows paths.
    (cd "$build" && DISPLAY="$display" HASHSCOPE_GUI_TEST_PLATFORM=windows HASHSCOPE_RESULT_LOG="Z:${results//\//\\}" \
      HASHSCOPE_SKIP_LOG="Z:${skip_log//\//\\}" timeout 3600 "$run" "$exe" >"$out/$name.log" 2>&1)
    rc=$?
    [ -f "$results" ] && sed -i 's/\r$//' "$results"  # CRLF where the C runtime wrote it in text mode
    [ -f "$skip_log" ] && sed 's/\r$//' "$skip_log" >>"$out/skips.tsv"
    line="$(grep -E '^(All tests passed|test cases:)' "$out/$name.log" | tail -n1 | tr -d '\r')"
    note "$name: exit $rc in $(( $(date +%s) - t0 )) s: ${line:-no summary (see $out/$name.log)}"
    grep -E '(partly )?skipped: ' "$out/$name.log" | tr -d '\r' | sort | uniq -c | sed 's/^/    /' | tee -a "$summary"
    if [ -z "$line" ] || [ ! -f "$results" ]; then
      fail "$name ended without Catch2's summary or its result log (exit $rc): it crashed or hung ($out/$name.log)"
      tail -n 30 "$out/$name.log" >>"$summary"
      continue
    fi
    local ran failed_n listed
    ran="$(wc -l <"$results")"
    failed_n="$(awk -F'\t' '$2 == "failed"' "$results" | LC_ALL=C sort -u | wc -l)"
    listed="$(sed -n 's/^test cases: *\([0-9]*\).*/\1/p; s/^All tests passed ([0-9]* assertions* in \([0-9]*\) test cases*)/\1/p' <<<"$line")"
    [ -z "$listed" ] || [ "$listed" = "$ran" ] ||
      fail "$name: Catch2 counted $listed test cases, its result log $ran"
    [ "$rc" = 0 ] || [ "$rc" = 77 ] || [ "$failed_n" -gt 0 ] || fail "$name exit $rc with no failed test case logged"
    if [ ! -f "$expected_file" ]; then
      [ "$failed_n" = 0 ] || fail "$name: $failed_n test cases failed (no expected list: $expected_file)"
      continue
    fi
    # Compare with the expected list.
    awk -F'\t' '$2 == "failed" {print $1}' "$results" | LC_ALL=C sort -u >"$out/$name.failed.txt"
    awk -F'\t' -v p="$name" '$1 == p && $2 == "fails" {print $3}' "$expected_file" | LC_ALL=C sort -u >"$out/$name.expected.txt"
    awk -F'\t' -v p="$name" '$1 == p && $2 == "maybe" {print $3}' "$expected_file" | LC_ALL=C sort -u >"$out/$name.maybe.txt"
    local new fixed
    new="$(LC_ALL=C comm -23 "$out/$name.failed.txt" <(LC_ALL=C sort -u "$out/$name.expected.txt" "$out/$name.maybe.txt"))"
    fixed="$(LC_ALL=C comm -13 "$out/$name.failed.txt" "$out/$name.expected.txt")"
    note "    $failed_n failed: $(LC_ALL=C comm -12 "$out/$name.failed.txt" "$out/$name.expected.txt" | wc -l) as listed," \
      "$(LC_ALL=C comm -12 "$out/$name.failed.txt" "$out/$name.maybe.txt" | wc -l) listed as maybe," \
      "$( [ -n "$new" ] && printf '%s\n' "$new" | wc -l || echo 0) new"
    if [ -n "$new" ]; then
      fail "$name: failures that are not in ${expected_file#"$top/"} (a new Windows failure):"
      printf '%s\n' "$new" | sed 's/^/      - /' | tee -a "$summary"
      # Catch2's report of each new failure, from the log.
      while IFS= read -r t; do
        grep -m1 -A25 -F -- "${t:0:60}" "$out/$name.log" | tr -d '\r' | sed 's/^/        /' >>"$summary"
      done <<<"$new"
    fi
    if [ -n "$fixed" ]; then
      fail "$name: listed in ${expected_file#"$top/"} as failing, but passed or did not run (take them off the list):"
      printf '%s\n' "$fixed" | sed 's/^/      - /' | tee -a "$summary"
    fi
  done
  [ -z "$xvfb" ] || { kill "$xvfb" 2>/dev/null; wait "$xvfb" 2>/dev/null; }
  # The skips of all three programs against their list (a test case's name is unique across them).
  : >"$out/no-ctest-output.txt"
  local update=()
  [ "${HASHSCOPE_WINDOWS_UPDATE_SKIPS:-0}" = 1 ] && update=(--update)
  if [ ! -f "$build/bin/hashscope_gui_tests.exe" ]; then
    note "skips: not compared with ${skips_file#"$top/"}, which lists the GUI tests' too (a build without Qt)"
  elif "$top/.ci/check-skips.sh" "$skips_file" "$out/skips.tsv" "$out/no-ctest-output.txt" "${update[@]}" \
      >"$out/skips-check.txt" 2>&1; then
    note "skips: $(tail -n1 "$out/skips-check.txt")"
  else
    fail "the skips under wine are not those ${skips_file#"$top/"} lists:"
    sed 's/^/      /' "$out/skips-check.txt" | tee -a "$summary"
  fi
}

part_cli() {
  local cli="$stage/bin/hashscope-cli.exe" work="$build/wine-cli"
  [ -f "$cli" ] || { fail "no $cli"; return; }
  rm -rf "$work"; mkdir -p "$work"
  # The deployed folder alone: no WINEPATH, as on a machine without the build's DLLs.
  local plain=(env WINEPREFIX="$build/wine-prefix" WINEDEBUG=-all "$wine_bin")
  local v; v="$("${plain[@]}" "$cli" --version 2>&1 | tr -d '\r')"
  note "hashscope-cli.exe --version: $v"
  [ -n "$v" ] || fail "--version printed nothing"
  head -c 5000000 /dev/urandom >"$work/data.bin"
  local ours theirs
  ours="$(cd "$work" && "${plain[@]}" "$cli" hash -a sha256 data.bin 2>&1 | tr -d '\r' | awk '{print $1}')"
  theirs="$(sha256sum "$work/data.bin" | awk '{print $1}')"
  if [ "$ours" = "$theirs" ]; then note "hash -a sha256 matches sha256sum"; else fail "hash: $ours, sha256sum: $theirs"; fi
  # A location and a history file with non-ASCII names, as a user called José has them (issue 39).
  local place="$work/Café Ünïcode" history="$work/José/history.sqlite"
  mkdir -p "$place" "$(dirname "$history")"
  local t0=$(date +%s)
  (cd "$work" && timeout 1800 "${plain[@]}" "$cli" bench --location 'Z:'"${place//\//\\}" --size 32M \
      --history-db 'Z:'"${history//\//\\}" >"$out/cli-bench.log" 2>&1)
  local rc=$?
  note "hashscope-cli.exe bench --location <temp>/Café Ünïcode --size 32M --history-db <temp>/José/...: exit $rc in $(( $(date +%s) - t0 )) s"
  sed 's/^/    /' "$out/cli-bench.log" | tr -d '\r' | tee -a "$summary" >/dev/null
  [ "$rc" = 0 ] || fail "bench exit $rc ($out/cli-bench.log)"
  grep -q 'Café Ünïcode' "$out/cli-bench.log" || fail "bench did not name its location as it is called (Café Ünïcode)"
  ls "$place" | grep -q sample && fail "bench left a sample behind: $(ls "$place")"
  [ -f "$history" ] || fail "bench saved no history at $history: $(ls -R "$work" | head)"
  "${plain[@]}" "$cli" history list --history-db 'Z:'"${history//\//\\}" >"$out/cli-history.log" 2>&1 ||
    fail "history list failed ($out/cli-history.log)"
  if grep -q 'Café Ünïcode' "$out/cli-history.log"; then
    note "history list --history-db <temp>/José/...: the run, its location named Café Ünïcode"
  else
    fail "history list does not name the location Café Ünïcode ($out/cli-history.log)"
  fi
  rm -rf "$work"
}

part_installer() {
  local setup prefix="$build/wine-install-prefix" t0
  setup="$(ls "$build"/packages/HashScope-*-windows-*.exe 2>/dev/null | head -n1)"
  [ -n "$setup" ] || { fail "no installer in $build/packages"; return; }
  note "installer: $(basename "$setup"), $(du -k "$setup" | cut -f1) KiB ($(stat -c %s "$setup") bytes)"
  rm -rf "$prefix"
  local w=(env WINEPREFIX="$prefix" WINEDEBUG=-all "$wine_bin")
  t0=$(date +%s)
  "${w[@]}" wineboot --init >/dev/null 2>&1
  note "  fresh wine prefix: $(( $(date +%s) - t0 )) s"
  t0=$(date +%s)
  timeout 600 "${w[@]}" "$setup" /S >"$out/install.log" 2>&1
  local rc=$?
  "${w[@]}" wineserver -w 2>/dev/null || WINEPREFIX="$prefix" "$(dirname "$wine_bin")/wineserver" -w
  note "  silent install (/S): exit $rc in $(( $(date +%s) - t0 )) s"
  local dir="$prefix/drive_c/Program Files/HashScope"
  # A --no-gui build installs hashscope-cli alone: no app, no Qt, and no Start-menu entry for it.
  local expected=("$dir/bin/hashscope-cli.exe") shortcut=HashScope.lnk
  [ "$gui" = ON ] && expected+=("$dir/bin/hashscope.exe" "$dir/bin/platforms/qwindows.dll")
  [ "$gui" = ON ] || shortcut=Uninstall.lnk
  local missing_files=() f
  for f in "${expected[@]}"; do [ -f "$f" ] || missing_files+=("${f#"$dir/"}"); done
  if [ ${#missing_files[@]} -eq 0 ]; then
    note "  installed: $(find "$dir" -type f | wc -l) files, $(du -sh "$dir" | cut -f1) in C:\\Program Files\\HashScope"
  else
    fail "not installed in C:\\Program Files\\HashScope: ${missing_files[*]} ($(ls -R "$dir" 2>&1 | head -n 20))"
  fi
  local lnk; lnk="$(find "$prefix/drive_c" -ipath '*HashScope*' -iname "$shortcut" 2>/dev/null | head -n1)"
  if [ -n "$lnk" ]; then note "  Start-menu entry: ${lnk#"$prefix/drive_c/"}"; else fail "no Start-menu entry ($shortcut)"; fi
  if "${w[@]}" reg query 'HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall\HashScope' >"$out/uninstall-key.txt" 2>&1; then
    note "  uninstall entry: $(grep -i 'DisplayName' "$out/uninstall-key.txt" | tr -s ' ' | tr -d '\r')"
  else
    fail "no uninstall entry in the registry"
  fi
  # The installed CLI, run from the installed folder with nothing on WINEPATH.
  local work="$build/wine-install-bench"
  rm -rf "$work"; mkdir -p "$work"
  (cd "$work" && timeout 1800 "${w[@]}" "$dir/bin/hashscope-cli.exe" bench --location 'Z:'"${work//\//\\}" \
      --size 32M --no-save >"$out/installed-bench.log" 2>&1)
  rc=$?
  note "  installed hashscope-cli.exe bench: exit $rc ($(grep -ciE 'bound' "$out/installed-bench.log") verdict lines)"
  [ "$rc" = 0 ] || fail "installed bench exit $rc ($out/installed-bench.log)"
  rm -rf "$work"
  t0=$(date +%s)
  timeout 600 "${w[@]}" "$dir/Uninstall.exe" /S >"$out/uninstall.log" 2>&1
  rc=$?
  # The NSIS uninstaller copies itself to the temp folder and runs from there: wait for its work.
  local until=$(( $(date +%s) + 300 ))
  while [ -e "$dir/bin/hashscope.exe" ] && [ "$(date +%s)" -lt "$until" ]; do sleep 1; done
  WINEPREFIX="$prefix" "$(dirname "$wine_bin")/wineserver" -w 2>/dev/null
  note "  silent uninstall (/S): exit $rc in $(( $(date +%s) - t0 )) s"
  if [ -e "$dir" ]; then fail "left after uninstall: $(find "$dir" | head -n 10)"; else note "  C:\\Program Files\\HashScope is gone"; fi
  lnk="$(find "$prefix/drive_c" -ipath '*HashScope*' -iname "$shortcut" 2>/dev/null | head -n1)"
  [ -z "$lnk" ] && note "  the Start-menu entry is gone" || fail "Start-menu entry left: $lnk"
  if "${w[@]}" reg query 'HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall\HashScope' >/dev/null 2>&1; then
    fail "the uninstall entry is left in the registry"
  else
    note "  the uninstall entry is gone"
  fi
  WINEPREFIX="$prefix" "$(dirname "$wine_bin")/wineserver" -k 2>/dev/null
  rm -rf "$prefix"
}

part_gui() {
  local app="$stage/bin/hashscope.exe" display=":${HASHSCOPE_XVFB_DISPLAY:-13}"
  local shots="${HASHSCOPE_SCREENSHOTS:-$top/resources/screenshots}"
  mkdir -p "$shots"
  [ -f "$app" ] || { fail "no $app"; return; }
  command -v Xvfb >/dev/null && command -v xdotool >/dev/null && command -v import >/dev/null ||
    { fail "the GUI part needs xvfb, xdotool and imagemagick"; return; }
  local size=1280x800 theme xvfb pid win t0 title temp
  Xvfb "$display" -screen 0 "${size}x24" >/dev/null 2>&1 &
  xvfb=$!
  sleep 2
  local w=(env DISPLAY="$display" WINEPREFIX="$build/wine-prefix" WINEDEBUG=-all "$wine_bin")
  # A screenshot of the whole screen with the window at its top left: wine sometimes places a new window
  # below where xdotool moved it (the first run's window sat 22 pixels low, its status bar cut off).
  shot() {
    DISPLAY="$display" xdotool windowmove "$win" 0 0 2>/dev/null && sleep 0.5
    DISPLAY="$display" import -window root "$work/$1.png"
  }
  local work="$build/wine-gui"
  for theme in light dark; do
    rm -rf "$work"; mkdir -p "$work"
    # The app's settings (QSettings: the registry on Windows): theme, a quick run on a 64 MiB sample in
    # the temp folder, and the history in a throwaway file.
    cat >"$work/settings.reg" <<EOF
Windows Registry Editor Version 5.00

[-HKEY_CURRENT_USER\\Software\\HashScope\\HashScope]

[HKEY_CURRENT_USER\\Software\\HashScope\\HashScope\\view]
"theme"="$theme"

[HKEY_CURRENT_USER\\Software\\HashScope\\HashScope\\options]
"preset"="quick"
"waitQuiet"="false"
"cache"="cold"
"warm"="true"
"streams"="1"
"ramp"="false"
"hashMemorySeconds"="1"

[HKEY_CURRENT_USER\\Software\\HashScope\\HashScope\\samples]
"size"="67108864"
"content"="random"
EOF
    "${w[@]}" regedit /S "$(sed 's|/|\\|g; s|^|Z:|' <<<"$work/settings.reg")" >/dev/null 2>&1
    # One location, wine's temp folder: on first start the app also checks the home folder, which wine
    # maps to another drive (Z:\, the Linux root) where Windows would find the temp folder's own volume.
    # A folder of it with a non-ASCII name, and the history under one too (issue 39: a user called José).
    temp="$("${w[@]}" cmd /c 'echo %TEMP%' 2>/dev/null | tr -d '\r')\Café Ünïcode"
    "${w[@]}" cmd /c mkdir "$temp" >/dev/null 2>&1
    "${w[@]}" reg add 'HKCU\Software\HashScope\HashScope\selection' /v extraFolders /t REG_MULTI_SZ /d "$temp" /f \
      >/dev/null 2>&1  # a folder of the user's (File > Add folder...)
    "${w[@]}" reg add 'HKCU\Software\HashScope\HashScope\selection' /v locations /t REG_MULTI_SZ /d "$temp" /f \
      >/dev/null 2>&1  # ticked
    mkdir -p "$work/José"
    (cd "$work" && HASHSCOPE_HISTORY_DB='Z:'"${work//\//\\}"'\José\history.sqlite' "${w[@]}" "$app" >"$out/gui-$theme.log" 2>&1) &
    pid=$!
    win=""
    for _ in $(seq 1 120); do
      win="$(DISPLAY="$display" xdotool search --name '^HashScope' 2>/dev/null | head -n1)"
      [ -n "$win" ] && break
      sleep 1
    done
    [ -n "$win" ] || { fail "no HashScope window ($theme)"; kill "$pid" 2>/dev/null; continue; }
    DISPLAY="$display" xdotool windowmove "$win" 0 0 windowsize "$win" "${size%x*}" "${size#*x}" 2>/dev/null
    sleep 3
    shot before
    DISPLAY="$display" xdotool windowfocus --sync "$win" 2>/dev/null
    DISPLAY="$display" xdotool key --window "$win" ctrl+b
    t0=$(date +%s)
    # Running: the title shows "HashScope (NN%)"; done: the title is "HashScope" again (hang bound 20 min).
    local seen_running=0
    while [ $(( $(date +%s) - t0 )) -lt 1200 ]; do
      title="$(DISPLAY="$display" xdotool getwindowname "$win" 2>/dev/null)"
      case "$title" in *%*) seen_running=1 ;; HashScope) [ "$seen_running" = 1 ] && break ;; esac
      # Never started (nothing ticked, a refused location): say so within a minute, not at the hang bound.
      [ "$seen_running" = 0 ] && [ $(( $(date +%s) - t0 )) -ge 60 ] && { shot results; break; }
      if [ "$seen_running" = 1 ] && [ ! -f "$work/running.png" ] && [ $(( $(date +%s) - t0 )) -ge 3 ]; then
        shot running
      fi
      sleep 1
    done
    sleep 2
    shot results
    note "gui ($theme): benchmark $( [ "$title" = HashScope ] && [ "$seen_running" = 1 ] && echo "finished" || echo "did NOT finish (title: $title)") in $(( $(date +%s) - t0 )) s"
    [ "$title" = HashScope ] && [ "$seen_running" = 1 ] || fail "the GUI benchmark did not finish ($theme)"
    for shot in before running results; do
      [ -f "$work/$shot.png" ] &&
        convert "$work/$shot.png" -strip -colors 256 "PNG8:$shots/windows-$shot-$size-$theme.png"
    done
    kill "$pid" 2>/dev/null
    "${w[@]}" wineserver -k 2>/dev/null || WINEPREFIX="$build/wine-prefix" "$(dirname "$wine_bin")/wineserver" -k 2>/dev/null
    wait "$pid" 2>/dev/null
    # The sample the run wrote in wine's temp folder (it is kept for the next run, as on Windows).
  done
  kill "$xvfb" 2>/dev/null; wait "$xvfb" 2>/dev/null
  rm -rf "$work"
  note "screenshots: $(ls "$shots"/windows-*.png 2>/dev/null | xargs -n1 basename | tr '\n' ' ')"
}

for part in "${parts[@]}"; do
  declare -F "part_$part" >/dev/null || { echo "unknown part $part" >&2; exit 2; }
  log "$part"
  t0=$(date +%s)
  "part_$part"
  note "[$part: $(( $(date +%s) - t0 )) s, load average $(cut -d' ' -f1-3 /proc/loadavg)]"
done
log "Summary ($summary):"
cat "$summary"
exit "$status"
}
