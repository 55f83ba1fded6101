#!/usr/bin/env bash
# Cross-compiles HashScope's Windows-only sources with Debian's mingw-w64 and, where wine is
# installed, runs a small test of them. Windows files cannot run here otherwise.
#   installer/cross/check-windows-platform.sh [BUILD_DIR]     (default: build-mingw)
# Compiles what a Windows build of core/ compiles (core/src/*/CMakeLists.txt with
# HASHSCOPE_PLATFORM=win; hash/ and library/ against the Linux OpenSSL/SQLite/zlib/xxHash/BLAKE3
# headers, compiled only) and hashscope-cli's sources (compiled, not linked), warnings as errors,
# reports each file, compiles the MSVC-only branches with clang -fms-extensions, lists hashscope::
# functions used but defined in no Windows source, links
# installer/cross/test_windows_platform.cpp with the installer's .rc (icon + version info) and runs
# it under wine. Needs: g++-mingw-w64-x86-64-posix mingw-w64-x86-64-dev (compile), clang (MSVC-only
# branches), wine64 (run),
# icoutils (check the .exe's resources).
# Used on Debian 12 with g++-mingw-w64-x86-64-posix 12.2, clang 14 and wine64 8.0: the test prints
# each check and the count at the end (70 checks under wine when this line was written).
# The whole app, its Catch2 tests and the installer: installer/cross/build-windows.sh.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
top="$(cd "$here/../.." && pwd)"
build="${1:-$top/build-mingw}"
log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
command -v x86_64-w64-mingw32-g++-posix >/dev/null ||
  { log "mingw-w64 is missing: apt-get install g++-mingw-w64-x86-64-posix mingw-w64-x86-64-dev"; exit 1; }

generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
mkdir -p "$build"
cmake -S "$here" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_TOOLCHAIN_FILE="$here/mingw-toolchain.cmake" >"$build/configure.log" 2>&1 ||
  { cat "$build/configure.log"; exit 1; }
# -k 0: keep going, so every file that fails is reported, not only the first.
cmake --build "$build" -j "${HASHSCOPE_JOBS:-2}" -- -k 0 >"$build/build.log" 2>&1
built=$?

status=0
log "Windows compile of the core sources (x86_64-w64-mingw32-g++-posix -std=c++20)"
while IFS= read -r src; do
  [ -n "$src" ] || continue
  rel="${src#"$top"/}"
  obj="$(find "$build" -path "*.dir*${src}.obj" 2>/dev/null | head -n1)"
  if [ -n "$obj" ]; then
    printf '  compiled  %s\n' "$rel"
  else
    printf '  FAILED    %s\n' "$rel"; status=1
  fi
done <"$build/sources.txt"
while IFS= read -r src; do
  [ -n "$src" ] && printf '  missing   %s (listed for Windows, not written yet)\n' "${src#"$top"/}" && status=1
done <"$build/missing.txt"
if [ "$built" != 0 ]; then
  log "Compiler errors (first 60 lines of $build/build.log):"
  grep -E "error|Error" "$build/build.log" | head -n 60
  status=1
fi

# Code only MSVC compiles (#ifdef _MSC_VER: SEH __try/__except, <intrin.h>) is invisible to mingw's g++.
# clang accepts those Microsoft extensions on the mingw target: each such file's own includes come first
# (include guards then keep system headers out of it), _MSC_VER is defined for the file's code alone.
if command -v clang++ >/dev/null; then
  gcc_cxx="$(dirname "$(x86_64-w64-mingw32-g++-posix -print-libgcc-file-name)")/include/c++"
  msvc_dir="$build/msvc-branches"
  mkdir -p "$msvc_dir"
  log "MSVC-only branches (clang++ --target=x86_64-w64-windows-gnu -fms-extensions, _MSC_VER=1930)"
  while IFS= read -r src; do
    [ -n "$src" ] && grep -q '_MSC_VER' "$src" || continue
    rel="${src#"$top"/}"
    wrapper="$msvc_dir/$(basename "$src")"
    { grep -E '^[[:space:]]*#[[:space:]]*include' "$src"; echo '#define _MSC_VER 1930'; echo "#include \"$src\""; } >"$wrapper"
    if clang++ --target=x86_64-w64-windows-gnu -std=c++20 -fms-extensions -fsyntax-only \
         -isystem "$gcc_cxx" -isystem "$gcc_cxx/x86_64-w64-mingw32" -isystem "$build/third_party" \
         -I"$top/core/include" -I"$top/core/src" -I"$top/app/cli" -DNOMINMAX -DWIN32_LEAN_AND_MEAN \
         -D_WIN32_WINNT=0x0A00 -Wall -Wextra -Werror "$wrapper" 2>"$wrapper.log"; then
      printf '  compiled  %s\n' "$rel"
    else
      printf '  FAILED    %s\n' "$rel"; sed 's/^/    /' "$wrapper.log" | head -n 20; status=1
    fi
  done <"$build/sources.txt"
else
  log "clang++ is missing: the MSVC-only branches (#ifdef _MSC_VER) were not compiled"
fi

# A function declared in a header but defined only in the POSIX files compiles on Windows and fails
# only when hashscope-cli or the app is linked: list every hashscope:: symbol some object uses that
# none defines (third-party symbols are left out: those libraries are not linked here).
nm_tool=x86_64-w64-mingw32-nm
objects=()
while IFS= read -r obj; do objects+=("$obj"); done < <(find "$build/CMakeFiles" -name '*.obj' \
  \( -path '*hashscope_core.dir*' -o -path '*hs_cli_objects.dir*' \) | sort)
if [ "${#objects[@]}" -gt 0 ]; then
  unresolved="$(comm -23 \
    <("$nm_tool" -C --undefined-only "${objects[@]}" | sed -n 's/^ *U //p' | grep 'hashscope::' | sort -u) \
    <("$nm_tool" -C --defined-only "${objects[@]}" | sed -n 's/^[0-9a-f]* [A-Za-z] //p' | sort -u))"
  if [ -n "$unresolved" ]; then
    log "Used but defined in no Windows source (a Windows link would fail):"
    sed 's/^/  /' <<<"$unresolved"
    status=1
  else
    log "Every hashscope:: function the Windows objects use is defined in them (${#objects[@]} objects)"
  fi
fi

exe="$build/test_windows_platform.exe"
if [ -f "$exe" ]; then
  if command -v wrestool >/dev/null; then
    log "Resources in the .exe (from installer/windows/hashscope.rc.in)"
    wrestool -l "$exe" | sed 's/^/  /'
  fi
  # Debian's wine64 package alone installs no wine64 on PATH, only /usr/lib/wine/wine64.
  wine=$(command -v wine64 || command -v wine || ls /usr/lib/wine/wine64 2>/dev/null || true)
  if [ -n "$wine" ]; then
    log "Running the test under wine ($($wine --version 2>/dev/null))"
    export WINEPREFIX="${WINEPREFIX:-$top/build/wine-prefix}" WINEDEBUG=-all
    mkdir -p "$WINEPREFIX"
    timeout 300 "$wine" "$exe" || { log "the Windows test FAILED under wine"; status=1; }
  else
    log "wine is not installed: compiled only (apt-get install wine64)"
  fi
else
  log "test_windows_platform.exe was not built (see above)"
  status=1
fi
if ! grep -q '_win\.cpp$' "$build/sources.txt"; then
  log "No core/src/**/*_win.cpp exists yet: only the portable files were compiled for Windows"
fi
[ "$status" = 0 ] && log "Windows platform check passed" || log "Windows platform check FAILED"
exit "$status"
