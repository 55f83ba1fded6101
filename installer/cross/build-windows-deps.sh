#!/usr/bin/env bash
# Builds, for x86_64-w64-mingw32, everything a Windows build of HashScope links, from Debian 12's own
# source packages (apt-get source: needs a deb-src line; nothing is downloaded from anywhere else):
#   installer/cross/build-windows-deps.sh PREFIX [PART...]
# PARTS (default: all, in this order): zlib openssl sqlite xxhash blake3 isal catch2 nlohmann qtbase qtcharts
# Each part installs into PREFIX (headers, import libraries, DLLs, CMake packages) and leaves a stamp
# in PREFIX/.stamps naming the source version and a fingerprint of the part's recipe (below); a part
# whose stamp has the same recipe is skipped, so a complete PREFIX is reused and an interrupted one
# resumes at the part that did not finish (Qt's own build folder is kept, so ninja resumes inside it
# too), while a part whose recipe changed is built again. The time of each part is printed and kept in
# PREFIX/.stamps/times.txt.
# Sources and build folders go to ${HASHSCOPE_DEPS_WORK:-PREFIX.work}. Jobs: ${HASHSCOPE_JOBS:-2}.
# Qt is cross-built with Debian's own Qt 6.4 host tools (moc, rcc, uic from qt6-base-dev-tools);
# only what the app uses: Core, Gui, Widgets, Test, the windows platform plugin, the Windows styles
# and Qt Charts (no Sql, Network, OpenGL, DBus, Vulkan, PrintSupport, examples, tests; release only).
# Needs: g++-mingw-w64-x86-64-posix mingw-w64-x86-64-dev dpkg-dev cmake ninja-build perl
#        qt6-base-dev qt6-base-dev-tools (the host Qt, same 6.4.2 as the sources) catch2
# The whole script is one brace group: bash reads it completely before running it, so editing the
# file while a long build runs cannot change what the running copy does next.
{
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[ $# -ge 1 ] || { sed -n '2,4p' "$0" >&2; exit 2; }
prefix="$(mkdir -p "$1" && cd "$1" && pwd)"
shift
parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(zlib openssl sqlite xxhash blake3 isal catch2 nlohmann qtbase qtcharts)
work="${HASHSCOPE_DEPS_WORK:-$prefix.work}"
jobs="${HASHSCOPE_JOBS:-2}"
triple=x86_64-w64-mingw32
mkdir -p "$work/src" "$work/build" "$prefix/.stamps" "$prefix/bin" "$prefix/lib" "$prefix/include"
log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
die() { log "$*"; exit 1; }
for tool in $triple-gcc-posix $triple-g++-posix $triple-ar $triple-windres dpkg-source cmake ninja perl; do
  command -v "$tool" >/dev/null || die "$tool is missing: apt-get install g++-mingw-w64-x86-64-posix \
mingw-w64-x86-64-dev dpkg-dev cmake ninja-build perl"
done
export CC=$triple-gcc-posix CXX=$triple-g++-posix AR=$triple-ar RANLIB=$triple-ranlib \
  RC=$triple-windres WINDRES=$triple-windres STRIP=$triple-strip

# Cross CMake for the CMake-built parts: the project's own toolchain, shared mingw runtime (as Qt).
cmake_cross=(-G Ninja -DCMAKE_TOOLCHAIN_FILE="$here/mingw-toolchain.cmake" -DHASHSCOPE_MINGW_STATIC_RUNTIME=OFF
  -DHASHSCOPE_MINGW_PREFIX="$prefix" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix")

# fetch PACKAGE: unpacks Debian's source package into $work/src (its patches are applied by
# apply_debian_patches) and sets $src to its folder and $version to its Debian version. The newest
# version apt knows is tried first, then older ones (a mirror may lack a security update's files).
fetch() {
  local pkg="$1" v upstream dsc
  src=""
  for v in $(apt-cache showsrc "$pkg" 2>/dev/null | sed -n 's/^Version: //p' | sort -Vru); do
    upstream="${v#*:}"; upstream="${upstream%-*}"
    if [ -f "$work/src/$pkg-$upstream/.unpacked" ]; then
      src="$work/src/$pkg-$upstream"; version="$v"; return 0
    fi
    dsc="$work/src/${pkg}_${v#*:}.dsc"
    if [ ! -f "$dsc" ]; then
      (cd "$work/src" && apt-get source --download-only "$pkg=$v") >"$work/src/$pkg.fetch.log" 2>&1 || continue
    fi
    rm -rf "$work/src/$pkg-$upstream"
    dpkg-source --no-check --skip-patches -x "$dsc" "$work/src/$pkg-$upstream" >/dev/null || continue
    touch "$work/src/$pkg-$upstream/.unpacked"
    src="$work/src/$pkg-$upstream"; version="$v"; return 0
  done
  log "no downloadable source package $pkg (add a deb-src line and run apt-get update; $work/src/$pkg.fetch.log)"
  return 1
}

# apply_debian_patches [NAME...]: applies the named patches of debian/patches/series (all without
# names), once.
apply_debian_patches() {
  [ -f "$src/.patched" ] && return 0
  local series="$src/debian/patches/series" p
  if [ -f "$series" ]; then
    while IFS= read -r p; do
      p="${p%%#*}"; p="${p## }"; p="${p%% *}"
      [ -n "$p" ] || continue
      if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qxF "$p"; then continue; fi
      patch -d "$src" -p1 -N --silent <"$src/debian/patches/$p" || die "patch $p failed in $src"
    done <"$series"
  fi
  touch "$src/.patched"
}

# recipe PART: a fingerprint of how this script builds PART (its build function, the helpers it calls, the
# cross CMake settings and the toolchain file). A stamp names the source version and this fingerprint,
# so a changed recipe rebuilds its part; a stamp without a recipe line (made before fingerprints, or
# written by an import of a prebuilt part) is kept as it is.
recipe() {
  { declare -f fetch apply_debian_patches "build_$1"
    printf '%s\n' "${cmake_cross[@]}" | grep -v -e '^-DHASHSCOPE_MINGW_PREFIX=' -e '^-DCMAKE_INSTALL_PREFIX=' -e '^-DCMAKE_TOOLCHAIN_FILE='
    cat "$here/mingw-toolchain.cmake"; } | sha256sum | cut -c1-16
}

# ---- zlib: compiled straight into zlib1.dll + libz.dll.a (Debian's dfsg tarball drops win32/, whose
# Makefile.gcc and zlib1.rc zlib's own Windows builds use; without a .def file mingw exports every
# public function, which is what zlib1.dll exports).
build_zlib() {
  fetch zlib   # Debian's two patches change zlib's Unix Makefile only
  local b="$work/build/zlib" f objs=()
  rm -rf "$b"; mkdir -p "$b"
  for f in adler32 compress crc32 deflate gzclose gzlib gzread gzwrite infback inffast inflate \
           inftrees trees uncompr zutil; do
    $CC -O2 -c "$src/$f.c" -o "$b/$f.o"; objs+=("$b/$f.o")
  done
  $CC -shared -o "$prefix/bin/zlib1.dll" "${objs[@]}" -Wl,--out-implib,"$prefix/lib/libz.dll.a"
  cp "$src/zlib.h" "$src/zconf.h" "$prefix/include/"
}

# ---- OpenSSL 3.0: libcrypto only is linked; mingw64 target, no tests, no docs.
build_openssl() {
  fetch openssl
  apply_debian_patches
  local b="$work/build/openssl"
  rm -rf "$b"; mkdir -p "$b"
  (cd "$b" && CC=gcc AR=ar RANLIB=ranlib RC=windres "$src/Configure" mingw64 --cross-compile-prefix=$triple- \
      --prefix="$prefix" --libdir=lib --openssldir="$prefix/ssl" shared no-tests \
      no-engine no-module no-legacy -O2) >"$b.log" 2>&1
  make -C "$b" -j"$jobs" build_libs >>"$b.log" 2>&1
  make -C "$b" install_dev install_runtime_libs >>"$b.log" 2>&1
}

# ---- SQLite 3: the amalgamation (sqlite3.c) made by the source package's own build (its host tools
# run here: BEXE= keeps them without ".exe"), compiled into libsqlite3-0.dll + libsqlite3.dll.a.
build_sqlite() {
  fetch sqlite3
  local b="$work/build/sqlite3"
  rm -rf "$b"; mkdir -p "$b"
  (cd "$b" && "$src/configure" --host=$triple --prefix="$prefix" --disable-tcl --disable-readline \
      --disable-editline --enable-threadsafe) >"$b.log" 2>&1
  make -C "$b" BEXE= sqlite3.c sqlite3.h >>"$b.log" 2>&1
  $CC -O2 -DSQLITE_THREADSAFE=1 -DSQLITE_ENABLE_MATH_FUNCTIONS -shared -o "$prefix/bin/libsqlite3-0.dll" \
    "$b/sqlite3.c" -Wl,--out-implib,"$prefix/lib/libsqlite3.dll.a" >>"$b.log" 2>&1
  cp "$b/sqlite3.h" "$src/src/sqlite3ext.h" "$prefix/include/"
}

# ---- xxHash: the library and its header (xxhsum is not needed).
build_xxhash() {
  fetch xxhash
  local b="$work/build/xxhash"
  rm -rf "$b"; mkdir -p "$b"
  cmake -S "$src/cmake_unofficial" -B "$b" "${cmake_cross[@]}" -DBUILD_SHARED_LIBS=ON \
    -DXXHASH_BUILD_XXHSUM=OFF >"$b.log" 2>&1
  cmake --build "$b" -j"$jobs" >>"$b.log" 2>&1
  cmake --install "$b" >>"$b.log" 2>&1
}

# ---- BLAKE3: the official C implementation, which the project's cmake/FindOrBuildBLAKE3.cmake
# compiles itself (with its Windows intrinsics files and its internal tree functions). Its source is
# copied into PREFIX/src/blake3-<version>/c from Debian's rust-blake3 source package or, where the
# mirror lacks that, from librust-blake3-dev (the same Debian source, installed as a crate).
build_blake3() {
  local c=""
  if fetch rust-blake3; then
    c="$src/c"
  else
    c="$(ls -d /usr/share/cargo/registry/blake3-*/c 2>/dev/null | sort -V | tail -n1)"
    [ -n "$c" ] || { log "apt-get install librust-blake3-dev"; return 1; }
    version="$(basename "$(dirname "$c")") (librust-blake3-dev)"
  fi
  local v; v="$(basename "$(dirname "$c")")"; v="${v#blake3-}"; v="${v#rust-blake3-}"
  rm -rf "$prefix/src/blake3-"*
  mkdir -p "$prefix/src/blake3-$v"
  cp -a "$c" "$prefix/src/blake3-$v/c"
}

# ---- ISA-L (CRC32C, igzip): built if the mingw toolchain can; the project falls back to its own
# CRC32C and to zlib otherwise.
build_isal() {
  fetch libisal
  local b="$work/build/isal"
  rm -rf "$b"; cp -a "$src" "$b"
  command -v nasm >/dev/null || command -v yasm >/dev/null || { log "ISA-L needs nasm: skipped"; return 1; }
  (cd "$b" && make -f Makefile.unx arch=mingw host_cpu=x86_64 AS=nasm CC=$CC AR=$AR -j"$jobs" lib) >"$b.log" 2>&1 || return 1
  cp "$b"/bin/isa-l.a "$prefix/lib/libisal.a"
  mkdir -p "$prefix/include/isa-l"
  cp "$b"/include/*.h "$prefix/include/isa-l/"
  cp "$b"/include/isa-l.h "$prefix/include/" 2>/dev/null || true
}

# ---- Catch2 2.13: header-only; its CMake package from the Debian source, installed into PREFIX
# so the cross build's find_package finds it inside CMAKE_FIND_ROOT_PATH.
build_catch2() {
  fetch catch2
  local b="$work/build/catch2"
  rm -rf "$b"; mkdir -p "$b"
  cmake -S "$src" -B "$b" "${cmake_cross[@]}" -DCATCH_BUILD_TESTING=OFF -DCATCH_INSTALL_DOCS=OFF \
    -DCATCH_INSTALL_HELPERS=ON -DBUILD_TESTING=OFF >"$b.log" 2>&1
  cmake --install "$b" >>"$b.log" 2>&1
}

# ---- nlohmann/json 3.11: header-only; its headers and CMake package from the Debian source, installed into
# PREFIX like Catch2's (find_package(nlohmann_json) looks only inside CMAKE_FIND_ROOT_PATH).
build_nlohmann() {
  fetch nlohmann-json3
  local b="$work/build/nlohmann"
  rm -rf "$b"; mkdir -p "$b"
  cmake -S "$src" -B "$b" "${cmake_cross[@]}" -DJSON_BuildTests=OFF -DJSON_Install=ON >"$b.log" 2>&1
  cmake --install "$b" >>"$b.log" 2>&1
}

# ---- Qt 6.4 qtbase, cross-compiled with Debian's Qt 6.4 host tools (QT_HOST_PATH=/usr).
# Debian's CVE and upstream fixes are applied; its Debian-only packaging patches are not.
qt_host_cmake=/usr/lib/x86_64-linux-gnu/cmake
build_qtbase() {
  fetch qt6-base
  apply_debian_patches cve-2023-32762.diff cve-2023-32763.diff cve-2023-33285.diff cve-2023-24607.patch
  [ -f "$qt_host_cmake/Qt6CoreTools/Qt6CoreToolsConfig.cmake" ] ||
    die "the host Qt tools are missing: apt-get install qt6-base-dev qt6-base-dev-tools"
  local b="$work/build/qtbase"
  # Debian's source (+dfsg) leaves out src/3rdparty/wintab, the Wacom header the windows platform plugin's
  # tablet support includes: no tablet events (pen input reaches the app as mouse events). And FEATURE_opengl
  # alone leaves dynamicgl on, which the plugin's qwindowswindow.cpp cannot compile ('QOpenGLStaticContext has
  # not been declared'), while dynamicgl off alone makes configure stop ("The OpenGL functionality tests
  # failed"): INPUT_opengl=no is configure's own -no-opengl, which turns them all off. Without Direct2D (off
  # below), Qt 6.4's Gui leaves out QWindowsDirectWriteFontDatabase while directwrite3 stays on, and the plugin
  # that uses it then fails to link ("undefined reference to QWindowsDirectWriteFontDatabase"): directwrite3
  # off as well (the plugin then uses its GDI font database, with DirectWrite font engines).
  local qt_windows_fixes=(-DINPUT_opengl=no -DFEATURE_tabletevent=OFF -DFEATURE_dynamicgl=OFF
                          -DFEATURE_opengl_dynamic=OFF -DFEATURE_directwrite3=OFF)
  mkdir -p "$b"   # kept between runs: ninja resumes an interrupted build
  if [ -f "$b/CMakeCache.txt" ] && ! { grep -q '^FEATURE_tabletevent:BOOL=OFF' "$b/CMakeCache.txt" &&
                                        grep -q '^FEATURE_dynamicgl:BOOL=OFF' "$b/CMakeCache.txt" &&
                                        grep -q '^FEATURE_directwrite3:BOOL=OFF' "$b/CMakeCache.txt"; }; then
    cmake -S "$src" -B "$b" "${qt_windows_fixes[@]}" >>"$b.configure.log" 2>&1 ||
      die "qtbase configure failed: $b.configure.log"
  fi
  if [ ! -f "$b/build.ninja" ]; then
    cmake -S "$src" -B "$b" "${cmake_cross[@]}" \
      -DQT_HOST_PATH=/usr -DQT_HOST_PATH_CMAKE_DIR="$qt_host_cmake" -DQT_QMAKE_TARGET_MKSPEC=win32-g++ \
      -DBUILD_SHARED_LIBS=ON -DQT_BUILD_EXAMPLES=OFF -DQT_BUILD_TESTS=OFF -DQT_BUILD_BENCHMARKS=OFF \
      -DQT_GENERATE_SBOM=OFF -DFEATURE_optimize_size=OFF \
      -DFEATURE_sql=OFF -DFEATURE_network=OFF -DFEATURE_dbus=OFF -DFEATURE_opengl=OFF \
      -DFEATURE_vulkan=OFF -DFEATURE_printsupport=OFF -DFEATURE_concurrent=OFF -DFEATURE_xml=OFF \
      -DFEATURE_testlib=ON -DFEATURE_widgets=ON -DFEATURE_gui=ON \
      -DFEATURE_zstd=OFF -DFEATURE_openssl=OFF -DFEATURE_freetype=OFF -DFEATURE_fontconfig=OFF \
      -DFEATURE_system_zlib=OFF -DFEATURE_system_pcre2=OFF -DFEATURE_system_harfbuzz=OFF \
      -DFEATURE_system_png=OFF -DFEATURE_jpeg=OFF -DFEATURE_system_jpeg=OFF \
      -DFEATURE_direct2d=OFF -DFEATURE_icu=OFF -DFEATURE_glib=OFF \
      -DFEATURE_androiddeployqt=OFF -DFEATURE_qmake=OFF "${qt_windows_fixes[@]}" \
      >"$b.configure.log" 2>&1 || { tail -n 40 "$b.configure.log"; rm -f "$b/build.ninja"; die "qtbase configure failed: $b.configure.log"; }
  fi
  cmake --build "$b" -j"$jobs" >>"$b.log" 2>&1 || { tail -n 40 "$b.log"; die "qtbase build failed: $b.log"; }
  cmake --install "$b" >>"$b.log" 2>&1
}

# ---- Qt Charts 6.4, against the qtbase above. From Debian's qt6-charts source package; where the
# mirror lacks its files, from a git clone of Qt's own qtcharts repository at the same release tag
# (HASHSCOPE_QTCHARTS_GIT=/path/to/qtcharts.git: `git archive v6.4.2`, the content of the tarball
# Debian repackages).
build_qtcharts() {
  if ! fetch qt6-charts; then
    local git="${HASHSCOPE_QTCHARTS_GIT:-}" tag="v$(qtbase_version)"
    [ -n "$git" ] || { log "set HASHSCOPE_QTCHARTS_GIT to a clone of qt/qtcharts"; return 1; }
    src="$work/src/qtcharts-${tag#v}"
    if [ ! -f "$src/.unpacked" ]; then
      rm -rf "$src"; mkdir -p "$src"
      git --git-dir="$git" archive "$tag" | tar -x -C "$src"
      touch "$src/.unpacked"
    fi
    version="${tag#v} (git $tag)"
  else
    apply_debian_patches
  fi
  local b="$work/build/qtcharts"
  mkdir -p "$b"
  if [ ! -f "$b/build.ninja" ]; then
    cmake -S "$src" -B "$b" "${cmake_cross[@]}" -DQT_HOST_PATH=/usr -DQT_HOST_PATH_CMAKE_DIR="$qt_host_cmake" \
      -DCMAKE_PREFIX_PATH="$prefix" -DQT_BUILD_EXAMPLES=OFF -DQT_BUILD_TESTS=OFF \
      >"$b.configure.log" 2>&1 || { tail -n 40 "$b.configure.log"; rm -f "$b/build.ninja"; return 1; }
  fi
  cmake --build "$b" -j"$jobs" >>"$b.log" 2>&1 || { tail -n 40 "$b.log"; return 1; }
  cmake --install "$b" >>"$b.log" 2>&1
}
qtbase_version() { sed -n 's/.*QT_REPO_MODULE_VERSION "\([0-9.]*\)".*/\1/p' "$work"/src/qt6-base-*/.cmake.conf | head -n1; }

status=0
for part in "${parts[@]}"; do
  declare -F "build_$part" >/dev/null || die "unknown part: $part"
  stamp="$prefix/.stamps/$part"
  if [ -f "$stamp" ]; then
    made="$(sed -n 's/^recipe //p' "$stamp")"
    if [ -z "$made" ] || [ "$made" = "$(recipe "$part")" ]; then
      log "$part $(head -n1 "$stamp"): already in $prefix$([ -n "$made" ] && echo ", recipe $made" || echo ", stamp without a recipe") (delete $stamp to rebuild)"
      continue
    fi
    log "$part $(head -n1 "$stamp"): built by another recipe ($made, now $(recipe "$part")): rebuilding"
    rm -f "$stamp"
  fi
  log "$part: building (logs: $work/build/$part*.log)"
  start=$(date +%s)
  # A subshell with errexit on: a failing command inside the part stops the part (errexit would be
  # ignored inside a function called as an if condition). It prints the source version it used.
  set +e; used="$( set -e; "build_$part" >&2; echo "$version" )"; rc=$?; set -e
  if [ "$rc" = 0 ]; then
    secs=$(( $(date +%s) - start ))
    printf '%s\nrecipe %s\n' "$used" "$(recipe "$part")" >"$prefix/.stamps/$part"
    printf '%-8s %-28s %3dm%02ds  load average at the end: %s\n' "$part" "$used" $((secs / 60)) $((secs % 60)) \
      "$(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$prefix/.stamps/times.txt" >&2
  elif [ "$part" = isal ]; then
    log "ISA-L did not build for mingw ($work/build/isal.log): the Windows build uses its own CRC32C and zlib"
  else
    status=1; log "$part FAILED"; break
  fi
done
exit "$status"
}
