# CMake toolchain for cross-compiling to 64-bit Windows with Debian's mingw-w64 (posix threads,
# needed for std::thread/std::jthread):
#   apt-get install g++-mingw-w64-x86-64-posix mingw-w64-x86-64-dev
#   cmake -B build-mingw -DCMAKE_TOOLCHAIN_FILE=installer/cross/mingw-toolchain.cmake ...
# A full HashScope build also needs Windows builds of Qt, OpenSSL, xxHash and zlib under
# CMAKE_FIND_ROOT_PATH (Debian has none); installer/cross/check-windows-platform.sh uses the same
# compiler directly for the parts that need none of them.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(HASHSCOPE_MINGW_TRIPLE x86_64-w64-mingw32)

find_program(CMAKE_C_COMPILER NAMES ${HASHSCOPE_MINGW_TRIPLE}-gcc-posix ${HASHSCOPE_MINGW_TRIPLE}-gcc REQUIRED)
find_program(CMAKE_CXX_COMPILER NAMES ${HASHSCOPE_MINGW_TRIPLE}-g++-posix ${HASHSCOPE_MINGW_TRIPLE}-g++ REQUIRED)
find_program(CMAKE_RC_COMPILER NAMES ${HASHSCOPE_MINGW_TRIPLE}-windres REQUIRED)

set(CMAKE_FIND_ROOT_PATH /usr/${HASHSCOPE_MINGW_TRIPLE} ${HASHSCOPE_MINGW_PREFIX})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# Run cross-built test programs (try_run, ctest) through wine when it is installed.
find_program(HASHSCOPE_WINE NAMES wine64 wine)
if(HASHSCOPE_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${HASHSCOPE_WINE})
endif()
# Static runtime: the programs run under wine or on Windows without the mingw DLLs beside them.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static -static-libgcc -static-libstdc++")
# install(RUNTIME_DEPENDENCY_SET) on this Linux host reads the PE imports with mingw's objdump.
set(CMAKE_GET_RUNTIME_DEPENDENCIES_PLATFORM "windows+pe")
set(CMAKE_GET_RUNTIME_DEPENDENCIES_TOOL "objdump")
find_program(CMAKE_GET_RUNTIME_DEPENDENCIES_COMMAND ${HASHSCOPE_MINGW_TRIPLE}-objdump)
