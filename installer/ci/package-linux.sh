#!/usr/bin/env bash
# Builds HashScope for packaging and makes the Linux packages with CPack, then checks them.
#   installer/ci/package-linux.sh [BUILD_DIR]      (default: build-package)
# Output: BUILD_DIR/packages/hashscope_<ver>_<arch>.deb, hashscope-<ver>-1.<arch>.rpm,
#         HashScope-<ver>-linux-<arch>.tar.gz (+ .sha256 files).
# Set HASHSCOPE_PACKAGE_GENERATORS="DEB" to make fewer formats, HASHSCOPE_SKIP_CHECKS=1 to skip
# lintian/validators. Uses Debian's hardening flags (dpkg-buildflags) when available.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="${1:-$root/build-package}"
generators="${HASHSCOPE_PACKAGE_GENERATORS:-DEB;RPM;TGZ}"
jobs="${HASHSCOPE_JOBS:-$(nproc)}"
log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

flags=()
if command -v dpkg-buildflags >/dev/null; then
  # Hardening (fortify, stack protector, relro, bindnow) as Debian's own packages are built.
  export DEB_BUILD_MAINT_OPTIONS="hardening=+all"
  flags+=("-DCMAKE_C_FLAGS=$(dpkg-buildflags --get CFLAGS) $(dpkg-buildflags --get CPPFLAGS)"
          "-DCMAKE_CXX_FLAGS=$(dpkg-buildflags --get CXXFLAGS) $(dpkg-buildflags --get CPPFLAGS)"
          "-DCMAKE_EXE_LINKER_FLAGS=$(dpkg-buildflags --get LDFLAGS)")
fi
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)

log "Configuring a release build in $build"
cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_INSTALL_PREFIX=/usr -DHASHSCOPE_BUILD_TESTS=OFF "${flags[@]}" >/dev/null
log "Building with $jobs jobs"
cmake --build "$build" -j "$jobs"

log "Packaging: $generators"
rm -rf "$build/packages"
(cd "$build" && cpack -G "$generators" -B "$build/packages" >/dev/null)
rm -rf "$build/packages/_CPack_Packages"
ls -l "$build/packages"

[ "${HASHSCOPE_SKIP_CHECKS:-0}" = 1 ] && exit 0
"$root/installer/ci/check-linux-packages.sh" "$build/packages"
