#!/usr/bin/env bash
# CI's Windows part (and the one command for anyone with the Qt prefix at hand): cross-builds HashScope for
# 64-bit Windows with mingw-w64 from this checkout, then runs it under wine:
#   .ci/windows-test.sh
#  1. tools: mingw-w64, wine, NSIS ... and deb-src lines (installer/cross/install-windows-tools.sh; root)
#  2. the dependencies without Qt (zlib, OpenSSL, SQLite, xxHash, BLAKE3, ISA-L, Catch2), built by this
#     checkout's installer/cross/build-windows-deps.sh into a cache prefix that later runs reuse: a part is
#     built again only when its recipe (the script's build function, the toolchain file) changed
#  3. Qt 6.4 (qtbase, qtcharts) from the prefix tarball in ../shared/windows-deps/ (import-windows-qt.sh:
#     Qt's files only); without it the app and its GUI tests are left out, with a line saying so
#  4. the build: build-windows.sh (hashscope-cli, hashscope, the three test programs, warnings as errors,
#     the DLLs deployed, the NSIS installer and the zip)
#  5. under wine (test-windows-wine.sh): each test program, its counts, its failures against
#     .ci/windows-expected-failures.txt (a failure not listed there, with its Windows reason, or a listed
#     one that passed, fails this part); the deployed CLI; the installer's silent install, the installed
#     CLI's bench and the silent uninstall; the app's quick run, light and dark (with Qt)
# Ends with the time of each step and the test programs' counts. Exits 1 when a step fails.
# Settings (environment):
#   HASHSCOPE_WINDOWS_CACHE        the cache folder (default /var/cache/hashscope/windows): prefix/ and the
#                                  dependencies' sources and build folders (work/)
#   HASHSCOPE_WINDOWS_QT_TARBALL   the prefix tarball with Qt (default: ../shared/windows-deps/
#                                  hashscope-windows-deps.tar.xz beside this checkout, else beside the
#                                  checkout it was cloned from); "none": build without Qt
#   HASHSCOPE_WINDOWS_BUILD        the build folder (default build-windows-ci/ in this checkout)
set -uo pipefail
root_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cross="$root_dir/installer/cross"
cache="${HASHSCOPE_WINDOWS_CACHE:-/var/cache/hashscope/windows}"
build="${HASHSCOPE_WINDOWS_BUILD:-$root_dir/build-windows-ci}"
prefix="$cache/prefix"
export HASHSCOPE_DEPS_WORK="$cache/work"
log() { printf '\033[1m==> %s\033[0m\n' "$*"; }

steps=() failed=()
step() {  # step TITLE COMMAND...: runs and times one step
  local title="$1" start=$SECONDS rc=0
  shift
  log "$title"
  "$@" || rc=$?
  local took=$((SECONDS - start))
  steps+=("$(printf '%-52s %3d min %02d s  %s' "$title" $((took / 60)) $((took % 60)) \
    "$([ "$rc" = 0 ] && echo ok || echo "FAILED (exit $rc)")")")
  [ "$rc" = 0 ] || failed+=("$title")
  return "$rc"
}
finish() {
  printf '\n\033[1m=== Windows part: the time of each step (load average now: %s)\033[0m\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
  printf '  %s\n' "${steps[@]}"
  if [ -f "$build/times.txt" ]; then
    printf '  step 4, as build-windows.sh timed it:\n'
    sed 's/  load average.*//; s/^/     /' "$build/times.txt"
  fi
  if [ -f "$build/wine-results/summary.txt" ]; then
    printf '\nUnder wine:\n'
    grep -E '^(hashscope_.*_tests: |    [0-9]+ failed: |      - |  FAIL|installer: |  [a-zA-Z]|hashscope-cli.exe |hash -a|gui \(|\[)' \
      "$build/wine-results/summary.txt" | sed 's/^/  /'
  fi
  if [ "${#failed[@]}" -gt 0 ]; then
    printf 'WINDOWS PART FAILED: %s\n' "$(IFS=';'; echo "${failed[*]}")"
    exit 1
  fi
  printf 'Windows part passed: built, and every failure under wine is an expected one with its Windows reason.\n'
  exit 0
}

# The Qt prefix tarball: set, or ../shared beside this checkout, or beside the checkout this one was
# cloned from (a clone in another folder: origin is a local path).
qt_tarball="${HASHSCOPE_WINDOWS_QT_TARBALL:-}" candidates=()
if [ -z "$qt_tarball" ]; then
  candidates=("$root_dir/../shared/windows-deps/hashscope-windows-deps.tar.xz")
  origin="$(git -C "$root_dir" config --get remote.origin.url 2>/dev/null || true)"
  origin="${origin#file://}"
  [ -n "$origin" ] && [ -d "$origin" ] &&
    candidates+=("$(cd "$origin" && git rev-parse --show-toplevel 2>/dev/null || pwd)/../shared/windows-deps/hashscope-windows-deps.tar.xz")
  qt_tarball=none
  for c in "${candidates[@]}"; do
    if [ -f "$c" ]; then qt_tarball="$(realpath "$c")"; break; fi
  done
fi

step "1. tools (mingw-w64, wine, NSIS; deb-src lines)" "$cross/install-windows-tools.sh" || finish
step "2. dependencies without Qt (cache: $prefix)" \
  "$cross/build-windows-deps.sh" "$prefix" zlib openssl sqlite xxhash blake3 isal catch2 || finish
gui=()
if [ "$qt_tarball" != none ] && [ -f "$qt_tarball" ]; then
  step "3. Qt 6.4 from $(basename "$(dirname "$qt_tarball")")/$(basename "$qt_tarball")" \
    "$cross/import-windows-qt.sh" "$qt_tarball" "$prefix" || finish
else
  gui=(--no-gui)
  log "3. Qt: SKIPPED: no Qt prefix tarball (looked for ${candidates[*]:-$HASHSCOPE_WINDOWS_QT_TARBALL}; set HASHSCOPE_WINDOWS_QT_TARBALL):" \
    "the app, its GUI tests and its run are not built or tested here; the CLI, the core and CLI tests and the installer are"
  steps+=("3. Qt: SKIPPED, no prefix tarball: no app, no GUI tests")
fi
step "4. build (build-windows.sh${gui:+ --no-gui})" "$cross/build-windows.sh" "${gui[@]}" "$prefix" "$build" || finish
rm -f "$build/wine-results/summary.txt"
export HASHSCOPE_SCREENSHOTS="$build/screenshots"
step "5. test programs under wine (tests)" "$cross/test-windows-wine.sh" "${gui[@]}" "$build" tests
cp "$build/wine-results/summary.txt" "$build/wine-results/summary-tests.txt" 2>/dev/null
parts=(cli installer)
[ ${#gui[@]} = 0 ] && parts+=(gui)
for part in "${parts[@]}"; do
  step "   $part under wine" "$cross/test-windows-wine.sh" "${gui[@]}" "$build" "$part"
  cat "$build/wine-results/summary.txt" >>"$build/wine-results/summary-tests.txt"
done
mv "$build/wine-results/summary-tests.txt" "$build/wine-results/summary.txt" 2>/dev/null
finish
