#!/usr/bin/env bash
# CI (and by hand) on macOS: Homebrew dependencies, build, tests offscreen, then the .dmg.
#   installer/ci/build-macos.sh [BUILD_DIR]         (default: build-ci)
# Output: BUILD_DIR/packages/HashScope-<version>-macos-<arch>.dmg
# Not run in the project's own workplace (no Mac there): written from CMake/CPack/Qt docs.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
build="${1:-build-ci}"
export HOMEBREW_NO_AUTO_UPDATE=1 HOMEBREW_NO_INSTALL_CLEANUP=1
brew install --quiet cmake ninja qt openssl@3 xxhash catch2 isa-l blake3 sqlite nlohmann-json
prefix_path="$(brew --prefix qt);$(brew --prefix openssl@3);$(brew --prefix xxhash);$(brew --prefix blake3);$(brew --prefix catch2);$(brew --prefix isa-l);$(brew --prefix sqlite);$(brew --prefix nlohmann-json);$(brew --prefix)"

cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHASHSCOPE_WARNINGS_AS_ERRORS=ON \
  -DCMAKE_PREFIX_PATH="$prefix_path" -DOPENSSL_ROOT_DIR="$(brew --prefix openssl@3)" \
  -DCMAKE_OSX_DEPLOYMENT_TARGET=11.0
cmake --build "$build" --parallel
QT_QPA_PLATFORM=offscreen ctest --test-dir "$build" --output-on-failure --timeout 600

"$(dirname "${BASH_SOURCE[0]}")/package-macos.sh" "$build"
