#!/usr/bin/env bash
# Builds the Windows NSIS installer with the real installer/ configuration around two stand-in
# programs (mingw-w64; there is no Windows Qt/OpenSSL on Debian), to check that the install rules,
# the .rc resources, the runtime-dependency set and the CPack NSIS settings produce an installer.
#   installer/cross/check-nsis.sh [BUILD_DIR]        (default: build-nsis)
# Needs: g++-mingw-w64-x86-64-posix, nsis (makensis). Running the installer needs 32-bit wine
# (wine32:i386), which this check does not install.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
top="$(cd "$here/../.." && pwd)"
build="${1:-$top/build-nsis}"
command -v makensis >/dev/null || { echo "makensis is missing: apt-get install nsis" >&2; exit 1; }
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
cmake -S "$here/nsis-standin" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
  -DHASHSCOPE_TOP="$top" -DCMAKE_TOOLCHAIN_FILE="$here/mingw-toolchain.cmake" >/dev/null
cmake --build "$build" >/dev/null
(cd "$build" && cpack -G NSIS -B "$build/packages")
exe="$(ls "$build"/packages/HashScope-*-windows-*.exe)"
echo "NSIS installer: $exe ($(du -h "$exe" | cut -f1))"
if command -v 7z >/dev/null; then
  7z l "$exe" | sed -n '/^-----/,/^-----/p'
fi
