# CMake toolchain for cross-compiling to 64-bit Windows with Debian's mingw-w64 (posix threads,
# needed for std::thread/std::jthread):
#   apt-get install g++-mingw-w64-x86-64-posix mingw-w64-x86-64-dev
#   cmake -B build-mingw -DCMAKE_TOOLCHAIN_FILE=installer/cross/mingw-toolchain.cmake ...
# A full HashScope build also needs Windows builds of Qt, OpenSSL, SQLite, xxHash and zlib under
# CMAKE_FIND_ROOT_PATH (Debian has none): installer/cross/build-windows-deps.sh builds them from
# Debian's source packages into a prefix given as -DHASHSCOPE_MINGW_PREFIX=..., and
# installer/cross/build-windows.sh drives the whole build. installer/cross/check-windows-platform.sh
# uses the same compiler directly for the parts that need none of them.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(HASHSCOPE_MINGW_TRIPLE x86_64-w64-mingw32)

find_program(CMAKE_C_COMPILER NAMES ${HASHSCOPE_MINGW_TRIPLE}-gcc-posix ${HASHSCOPE_MINGW_TRIPLE}-gcc REQUIRED)
find_program(CMAKE_CXX_COMPILER NAMES ${HASHSCOPE_MINGW_TRIPLE}-g++-posix ${HASHSCOPE_MINGW_TRIPLE}-g++ REQUIRED)
find_program(CMAKE_RC_COMPILER NAMES ${HASHSCOPE_MINGW_TRIPLE}-windres REQUIRED)

# HASHSCOPE_MINGW_PREFIX (installer/cross/build-windows-deps.sh) first: its zlib, not Debian's
# libz-mingw-w64 in /usr/x86_64-w64-mingw32, when both are there.
set(CMAKE_FIND_ROOT_PATH ${HASHSCOPE_MINGW_PREFIX} /usr/${HASHSCOPE_MINGW_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# Run cross-built test programs (try_run, ctest, Catch2's test discovery) through wine when it is
# installed, unless the caller names its own emulator (build-windows.sh: wine with the DLLs on WINEPATH).
find_program(HASHSCOPE_WINE NAMES wine64 wine)
if(HASHSCOPE_WINE AND NOT CMAKE_CROSSCOMPILING_EMULATOR)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${HASHSCOPE_WINE})
endif()
# Static runtime by default: the programs run under wine or on Windows without the mingw DLLs
# beside them. The full build (installer/cross/build-windows.sh) links Qt's DLLs, which use the
# shared runtime; it turns this off so one libstdc++/libgcc/winpthread serves the whole process
# and deploys those three DLLs as windeployqt does.
if(NOT DEFINED HASHSCOPE_MINGW_STATIC_RUNTIME)
  set(HASHSCOPE_MINGW_STATIC_RUNTIME ON)
endif()
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES HASHSCOPE_MINGW_STATIC_RUNTIME HASHSCOPE_MINGW_PREFIX)
if(HASHSCOPE_MINGW_STATIC_RUNTIME)
  set(CMAKE_EXE_LINKER_FLAGS_INIT "-static -static-libgcc -static-libstdc++")
endif()
# install(RUNTIME_DEPENDENCY_SET) on this Linux host reads the PE imports with mingw's objdump.
set(CMAKE_GET_RUNTIME_DEPENDENCIES_PLATFORM "windows+pe")
set(CMAKE_GET_RUNTIME_DEPENDENCIES_TOOL "objdump")
find_program(CMAKE_GET_RUNTIME_DEPENDENCIES_COMMAND ${HASHSCOPE_MINGW_TRIPLE}-objdump)
