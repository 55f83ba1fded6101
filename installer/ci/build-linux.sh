#!/usr/bin/env bash
# CI (and by hand): install the Debian/Ubuntu packages, build, and run the whole test suite
# offscreen, then make and check the Linux packages. Runs as root or with sudo.
#   installer/ci/build-linux.sh            test + package
#   installer/ci/build-linux.sh test       only build and test
#   installer/ci/build-linux.sh package    only package (installer/ci/package-linux.sh)
# Packages end up in build-package/packages/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export QT_QPA_PLATFORM=offscreen
what="${1:-all}"
if [ "$what" = all ] || [ "$what" = test ]; then
  ./setup.sh test
fi
if [ "$what" = all ] || [ "$what" = package ]; then
  ./setup.sh package
fi
