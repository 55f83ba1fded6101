#!/usr/bin/env bash
# Builds HashScope for 64-bit Windows on Debian 12 with mingw-w64: hashscope.exe, hashscope-cli.exe and
# the Catch2 test programs (warnings as errors), the Qt and other DLLs deployed beside them as
# windeployqt would, the NSIS installer and a zip.
#   installer/cross/build-windows.sh [--no-gui] PREFIX [BUILD_DIR]   (BUILD_DIR default: build-windows)
# --no-gui: hashscope-cli and its tests only, without Qt (minutes instead of hours for the first build).
# PREFIX holds the Windows builds of Qt, OpenSSL, SQLite, xxHash, zlib, Catch2, nlohmann/json and BLAKE3's sources:
# installer/cross/build-windows-deps.sh PREFIX makes it (run first here, it skips what PREFIX has).
# Afterwards, installer/cross/test-windows-wine.sh BUILD_DIR runs everything under wine.
# Rerun it after changes: the build folder is reused (ninja rebuilds what changed) and the staging
# folder and packages are made again. Prints the time of each part.
# Needs: g++-mingw-w64-x86-64-posix mingw-w64-x86-64-dev cmake ninja-build nsis zip wine64 (test
# discovery runs the test programs) qt6-base-dev-tools (Qt's host tools: moc, rcc, uic).
{
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
top="$(cd "$here/../.." && pwd)"
gui=ON
if [ "${1:-}" = --no-gui ]; then gui=OFF; shift; fi
[ $# -ge 1 ] || { sed -n '2,10p' "$0" >&2; exit 2; }
prefix="$(mkdir -p "$1" && cd "$1" && pwd)"
build="$(mkdir -p "${2:-$top/build-windows}" && cd "${2:-$top/build-windows}" && pwd)"
jobs="${HASHSCOPE_JOBS:-2}"
triple=x86_64-w64-mingw32
log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
die() { log "$*"; exit 1; }
times="$build/times.txt"
: >"$times"
part_start() { part_name="$1"; part_t0=$(date +%s); log "$1"; }
part_end() {
  local secs=$(( $(date +%s) - part_t0 ))
  printf '%-34s %3dm%02ds  load average at the end: %s\n' "$part_name" $((secs / 60)) $((secs % 60)) \
    "$(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$times" >&2
}
for tool in makensis cmake ninja; do
  command -v "$tool" >/dev/null || die "$tool is missing: apt-get install nsis cmake ninja-build"
done

part_start "Windows dependencies (build-windows-deps.sh)"
deps=(zlib openssl sqlite xxhash blake3 isal catch2 nlohmann)
[ "$gui" = ON ] && deps+=(qtbase qtcharts)
"$here/build-windows-deps.sh" "$prefix" "${deps[@]}"
part_end

# wine runs the cross-built programs at build time (Catch2 lists each test program's tests) and in
# ctest: the DLLs they link live in PREFIX/bin and beside the mingw compiler, so wine gets them on
# WINEPATH. Each build folder gets a wine prefix of its own.
wine="$(command -v wine64 || command -v wine || ls /usr/lib/wine/wine64 2>/dev/null || true)"
[ -n "$wine" ] || die "wine is missing: apt-get install wine64"
dll_dirs=("$prefix/bin")
for dll in libstdc++-6.dll libgcc_s_seh-1.dll libwinpthread-1.dll; do
  found="$($triple-g++-posix -print-file-name=$dll)"
  [ -f "$found" ] && dll_dirs+=("$(cd "$(dirname "$found")" && pwd -P)")
done
winepath=""
for d in "${dll_dirs[@]}"; do winepath+="Z:${d//\//\\};"; done
cat >"$build/wine-run.sh" <<EOF
#!/bin/sh
# Runs a Windows program of this build under wine, with the DLLs it links on WINEPATH.
export WINEPREFIX="\${WINEPREFIX:-$build/wine-prefix}" WINEDEBUG="\${WINEDEBUG:--all}"
export WINEPATH='${winepath%;}'
exec "$wine" "\$@"
EOF
chmod +x "$build/wine-run.sh"
if [ ! -d "$build/wine-prefix" ]; then
  part_start "wine prefix (wineboot)"
  WINEPREFIX="$build/wine-prefix" WINEDEBUG=-all DISPLAY= "$wine" wineboot --init >/dev/null 2>&1 || true
  part_end
fi
# Wine's Tahoma in the prefix's Fonts folder: the Windows UI font Qt asks for ("MS Shell Dlg") is Tahoma there,
# and Debian's fonts-wine keeps it where this prefix does not look. Without it Qt took a math font from the
# host (DejaVu Math TeX Gyre), whose glyphs a QLineEdit draws above its clip: every spin box and editable
# combo box of the app showed no text under wine (installer/README.md). Windows has Segoe UI and Tahoma.
wine_fonts="$build/wine-prefix/drive_c/windows/Fonts"
for font in /usr/share/wine/fonts/tahoma.ttf /usr/share/wine/fonts/tahomabd.ttf; do
  [ -f "$font" ] || { echo "build-windows.sh: no $font (fonts-wine): line edits will show no text under wine" >&2; continue; }
  [ -d "$wine_fonts" ] && [ ! -f "$wine_fonts/$(basename "$font")" ] && cp "$font" "$wine_fonts/"
done

part_start "configure (cmake)"
blake3_root="$(ls -d "$prefix"/src 2>/dev/null)"
launcher=()
# ccache, where installed: with the checkout as its base folder, a fresh clone elsewhere (CI's) hits the
# objects an earlier clone compiled.
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$top}"
fi
cmake -S "$top" -B "$build" -G Ninja "${launcher[@]}" \
  -DCMAKE_TOOLCHAIN_FILE="$here/mingw-toolchain.cmake" -DHASHSCOPE_MINGW_PREFIX="$prefix" \
  -DHASHSCOPE_MINGW_STATIC_RUNTIME=OFF -DCMAKE_CROSSCOMPILING_EMULATOR="$build/wine-run.sh" \
  -DCMAKE_BUILD_TYPE=Release -DHASHSCOPE_WARNINGS_AS_ERRORS=ON \
  -DHASHSCOPE_BUILD_GUI="$gui" -DHASHSCOPE_BUILD_TESTS=ON \
  -DQT_HOST_PATH=/usr -DQT_HOST_PATH_CMAKE_DIR=/usr/lib/x86_64-linux-gnu/cmake \
  -DHASHSCOPE_BLAKE3_SOURCE_ROOT="$blake3_root" \
  >"$build/configure.log" 2>&1 || { tail -n 40 "$build/configure.log"; die "configure failed: $build/configure.log"; }
part_end

part_start "build (hashscope, hashscope-cli, tests)"
cmake --build "$build" -j"$jobs" >"$build/build.log" 2>&1 ||
  { grep -E 'error|Error' "$build/build.log" | head -n 40; die "build failed: $build/build.log"; }
part_end

# Install into a staging folder: the install rules deploy the DLLs (installer/CMakeLists.txt).
part_start "deploy (cmake --install)"
stage="$build/stage"
rm -rf "$stage"
cmake --install "$build" --prefix "$stage" --strip >"$build/install.log" 2>&1 ||
  { tail -n 30 "$build/install.log"; die "install failed: $build/install.log"; }
# Every DLL any installed program or DLL imports must be installed too, or be part of Windows.
"$here/check-windows-imports.sh" "$stage" || die "the staged programs import DLLs that are not deployed"
part_end

part_start "packages (cpack NSIS + ZIP)"
rm -rf "$build/packages"
(cd "$build" && cpack -G "NSIS;ZIP" -B "$build/packages") >"$build/cpack.log" 2>&1 ||
  { tail -n 30 "$build/cpack.log"; die "cpack failed: $build/cpack.log"; }
part_end

log "Built:"
for f in "$stage/bin/hashscope.exe" "$stage/bin/hashscope-cli.exe" "$build"/packages/HashScope-*.exe "$build"/packages/HashScope-*.zip; do
  [ -f "$f" ] && printf '  %-70s %s\n' "${f#"$top"/}" "$(du -h "$f" | cut -f1)"
done
log "Time of each part ($times):"
cat "$times"
exit 0
}
