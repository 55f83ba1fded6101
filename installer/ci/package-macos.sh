#!/usr/bin/env bash
# Makes the macOS disk image from an existing build: HashScope.app (Qt and the Homebrew dylibs
# copied in by macdeployqt, hashscope-cli inside Contents/MacOS) and a link to /Applications.
#   installer/ci/package-macos.sh BUILD_DIR
# The app is ad-hoc signed only (macdeployqt); notarisation needs an Apple developer account.
set -euo pipefail
build="${1:?usage: $0 BUILD_DIR}"
rm -rf "$build/packages"
(cd "$build" && cpack -G DragNDrop -B "$PWD/packages")
rm -rf "$build/packages/_CPack_Packages"
ls -l "$build/packages"
# A quick look inside: the bundle must carry its Qt frameworks and start without Homebrew paths.
dmg="$(ls "$build"/packages/*.dmg | head -n1)"
mnt="$(mktemp -d)"
hdiutil attach -nobrowse -readonly -mountpoint "$mnt" "$dmg" >/dev/null
trap 'hdiutil detach "$mnt" >/dev/null || true; rmdir "$mnt"' EXIT
app="$(ls -d "$mnt"/*.app | head -n1)"
ls "$app/Contents/Frameworks" | head -n 20
for exe in "$app"/Contents/MacOS/*; do
  echo "== $(basename "$exe")"
  otool -L "$exe" | grep -E '/(usr/local|opt/homebrew)/' && { echo "links to Homebrew: not relocatable" >&2; exit 1; }
  "$exe" --version
done
