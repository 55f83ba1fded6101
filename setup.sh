#!/usr/bin/env bash
# HashScope set-up in one command on a fresh Debian 12 (or Ubuntu) machine:
#   ./setup.sh run    install what is missing, build, and start the app
#                     (no display: a short headless CLI benchmark of the temp folder instead)
#   ./setup.sh test   install what is missing, build, and run the whole test suite
#   ./setup.sh build  install what is missing and build (build/bin/hashscope, build/bin/hashscope-cli)
#   ./setup.sh deps   only install the packages
#   ./setup.sh screenshots  install what is missing (Xvfb, xdotool, ImageMagick, xset), build, and retake
#                     the README screenshots (resources/screenshots/take-*.sh: real runs, minutes)
#   ./setup.sh package [--debootstrap]  build release packages (.deb, .rpm, .tar.gz in
#                     build-package/packages/), check them (lintian, desktop-file-validate,
#                     appstreamcli); --debootstrap: also install the .deb on a clean Debian 12 root
# Packages are installed with apt-get as root, or through sudo.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

# Build and test dependencies (Debian 12 names), then the peer tools the tests compare against.
# Installed without Recommends, so each package the build needs is listed here, even one that most
# machines already have: libqt6opengl6-dev is only a Recommends of qt6-base-dev, but Qt6Charts'
# CMake package needs Qt6OpenGL. CI runs both README commands on a minbase Debian 12 root plus git
# (.ci/clean-root-setup.sh), so a missing entry turns it red.
BUILD_PACKAGES=(cmake ninja-build g++ pkg-config git
  qt6-base-dev libqt6opengl6-dev qt6-charts-dev libgl-dev catch2
  libssl-dev libxxhash-dev libisal-dev zlib1g-dev
  librust-blake3-dev libsqlite3-dev  # BLAKE3's C sources (cmake/FindOrBuildBLAKE3.cmake builds them); the run library
  nlohmann-json3-dev)  # run documents read back (header-only)
# perl: coreutils' own checksum tests (tests/coreutils/); strace: the test that looks at each write of `hash`,
# and with time (GNU time) the kernel work and peak memory tests/bench/many_core.sh counts.
# fuse3 + libfuse3-dev: the test FUSE filesystem of the network/FUSE location tests (tests/support/ratefs.cpp).
# openssh-client + openssh-server: bench --host against sshd "machines" on loopback ports (tests/cli/test_cli_remote.cpp).
# hyperfine: the timings of tests/bench/one_file_calls.sh (one call per file against md5sum, b3sum ...).
TEST_PACKAGES=(coreutils openssl xxhash b3sum hashdeep desktop-file-utils appstream sqlite3 fuse3 libfuse3-dev perl strace
  time openssh-client openssh-server hyperfine)
# The README screenshots (resources/screenshots/take-*.sh): the app under Xvfb, driven by xdotool, shot by
# ImageMagick; xset turns off key auto-repeat. Chromium, when present, also shoots the HTML report.
SCREENSHOT_PACKAGES=(xvfb xdotool imagemagick x11-xserver-utils)
# Packaging and its checks (installer/ci/package-linux.sh, installer/test-deb-in-debootstrap.sh).
PACKAGE_PACKAGES=(dpkg-dev fakeroot file rpm lintian appstream desktop-file-utils debootstrap)

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

missing_packages() {
  local pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || echo "$pkg"
  done
}

install_packages() {
  if ! command -v dpkg-query >/dev/null || ! command -v apt-get >/dev/null; then
    log "Not a Debian-based system: install CMake >= 3.25, a C++20 compiler, Qt 6 (Widgets, Charts),"
    log "OpenSSL 3, xxHash, zlib, SQLite, nlohmann/json, ISA-L (optional) and Catch2 yourself, then run: $0 build"
    return 0
  fi
  local missing
  mapfile -t missing < <(missing_packages "$@")
  [ "${#missing[@]}" -eq 0 ] && return 0
  log "Installing: ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { log "Need root or sudo to install: ${missing[*]}"; exit 1; }
    sudo=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

build() {
  install_packages "${BUILD_PACKAGES[@]}"
  command -v ninja >/dev/null && export CMAKE_GENERATOR=Ninja
  log "Configuring (CMake preset: default)"
  cmake --preset default >/dev/null
  log "Building with $(nproc) jobs"
  cmake --build --preset default -j "$(nproc)"
}

has_display() {
  [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ] || [ "$(uname)" = Darwin ]
}

case "${1:-run}" in
  deps)
    install_packages "${BUILD_PACKAGES[@]}" "${TEST_PACKAGES[@]}"
    ;;
  build)
    build
    ;;
  test)
    install_packages "${TEST_PACKAGES[@]}"
    build
    log "Running the test suite"
    mkdir -p build/Testing
    skip_log="$PWD/build/Testing/skipped.tsv"
    : >"$skip_log"
    rc=0
    # Serially: several tests check that a stop returns within 200 ms, which needs free cores.
    HASHSCOPE_SKIP_LOG="$skip_log" ctest --preset default 2>&1 | tee build/Testing/ctest-output.txt || rc=$?
    tests/summarise.sh build/Testing/ctest-output.txt "$skip_log" || true
    exit "$rc"
    ;;
  run)
    build
    if has_display && [ -x build/bin/hashscope ]; then
      log "Starting HashScope"
      exec build/bin/hashscope
    fi
    log "No display: running a short headless benchmark of the temp folder instead"
    exec build/bin/hashscope-cli bench --suite --location "${TMPDIR:-/tmp}" --size 256M \
      -a md5 -a sha256 -a xxh3-64 -a crc32
    ;;
  screenshots)
    install_packages "${SCREENSHOT_PACKAGES[@]}"
    build
    resources/screenshots/take-screenshots.sh build/bin/hashscope resources/screenshots
    resources/screenshots/take-history-screenshots.sh build/bin resources/screenshots
    ;;
  package)
    install_packages "${BUILD_PACKAGES[@]}" "${PACKAGE_PACKAGES[@]}"
    installer/ci/package-linux.sh
    if [ "${2:-}" = --debootstrap ]; then
      installer/test-deb-in-debootstrap.sh --deb "$(ls -t build-package/packages/hashscope_*.deb | head -n1)"
    fi
    ;;
  *)
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
