#!/usr/bin/env bash
# Takes Qt (qtbase and qtcharts) for mingw-w64 from a prefix tarball that build-windows-deps.sh made
# elsewhere (../shared/windows-deps/hashscope-windows-deps.tar.xz) into PREFIX, beside the other
# dependencies this checkout's build-windows-deps.sh builds there itself:
#   installer/cross/import-windows-qt.sh TARBALL PREFIX
# Only Qt's files are taken (its DLLs, headers, CMake packages, plugins, mkspecs): the tarball's zlib,
# OpenSSL, SQLite, xxHash, BLAKE3, ISA-L and Catch2 are left out, so the build links what this
# checkout's script built (Qt links none of them: it is built with its own zlib, libpng and harfbuzz, no
# OpenSSL). A file of the tarball that is neither Qt's nor in PREFIX is named (a part the script no
# longer builds, or builds elsewhere). Qt's CMake packages are relocatable; its .prl, .pc and mkspecs
# files still name the tarball's prefix path, which the CMake build does not read.
# The import is kept until the tarball changes (its SHA-256 in PREFIX/.stamps/qt-import); then the
# files of the previous import (PREFIX/.stamps/qt-import.files) are removed first. The Qt stamps
# (PREFIX/.stamps/qtbase, qtcharts) are the tarball's, with the import named: build-windows-deps.sh
# keeps them and does not build Qt.
set -euo pipefail
[ $# = 2 ] || { sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
tarball="$(realpath "$1")"
prefix="$(mkdir -p "$2" && cd "$2" && pwd)"
stamps="$prefix/.stamps"
mkdir -p "$stamps"
# Qt's files in a prefix of build-windows-deps.sh (qtbase and qtcharts install nothing else).
qt_files='^(bin/(Qt6[^/]*|qt[^/]*|qmake|syncqt\.pl|target_qt\.conf|ensure_pro_file\.cmake|android_emulator_launcher\.sh)$|include/Qt[^/]*/|lib/(libQt6[^/]*|Qt6[^/]*\.prl|cmake/Qt6[^/]*/.*|metatypes/qt6[^/]*|pkgconfig/Qt6[^/]*)$|mkspecs/|modules/|plugins/|doc/|mingw-toolchain\.cmake$|\.stamps/qt(base|charts)$)'

sum="$(sha256sum "$tarball" | cut -c1-16)"
if [ -f "$stamps/qt-import" ] && [ "$(head -n1 "$stamps/qt-import")" = "$sum" ] &&
   [ -f "$stamps/qtbase" ] && [ -f "$stamps/qtcharts" ]; then
  echo "Qt from $tarball (sha256 $sum...): already in $prefix ($(wc -l <"$stamps/qt-import.files") files)"
  exit 0
fi
if [ -f "$stamps/qt-import.files" ]; then
  echo "removing the previous Qt import ($(wc -l <"$stamps/qt-import.files") files)"
  while IFS= read -r f; do rm -f "$prefix/$f"; done <"$stamps/qt-import.files"
  rm -f "$stamps/qt-import" "$stamps/qt-import.files"
fi
tmp="$(mktemp -d "$prefix.qt-import.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
tar -C "$tmp" -xJf "$tarball"
top="$(find "$tmp" -mindepth 1 -maxdepth 1 -type d)"
[ "$(printf '%s\n' "$top" | wc -l)" = 1 ] && [ -f "$top/.stamps/qtbase" ] && [ -f "$top/.stamps/qtcharts" ] ||
  { echo "$tarball is not a prefix of build-windows-deps.sh with qtbase and qtcharts in it" >&2; exit 1; }
(cd "$top" && find . \( -type f -o -type l \) | sed 's|^\./||') | LC_ALL=C sort >"$tmp/all"
grep -E "$qt_files" "$tmp/all" >"$tmp/qt" || true
grep -vE "$qt_files" "$tmp/all" | grep -v '^\.stamps/' >"$tmp/other" || true
[ -s "$tmp/qt" ] || { echo "no Qt files in $tarball" >&2; exit 1; }
(cd "$top" && tar -cf - -T "$tmp/qt") | tar -C "$prefix" -xf -
for part in qtbase qtcharts; do
  printf 'imported from %s (sha256 %s...)\n' "$(basename "$tarball")" "$sum" >>"$stamps/$part"
done
grep -v '^\.stamps/' "$tmp/qt" >"$stamps/qt-import.files"
echo "$sum" >"$stamps/qt-import"
echo "Qt $(head -n1 "$stamps/qtbase") + Qt Charts $(head -n1 "$stamps/qtcharts") from $tarball (sha256 $sum...):" \
  "$(wc -l <"$stamps/qt-import.files") files into $prefix; $(wc -l <"$tmp/other") other files of it left out"
stray=()
while IFS= read -r f; do [ -e "$prefix/$f" ] || stray+=("$f"); done <"$tmp/other"
if [ ${#stray[@]} -gt 0 ]; then
  echo "in $(basename "$tarball") but neither Qt's nor built here (left out): ${stray[*]}"
fi
