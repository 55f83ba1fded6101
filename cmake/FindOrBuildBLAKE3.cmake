# BLAKE3: the official C implementation, from the system when it has one, else built here from the
# sources Debian ships (librust-blake3-dev puts them in /usr/share/cargo/registry/blake3-<version>/c).
#
# Defines:
#   hashscope_blake3               the library to link (BLAKE3::blake3, or a small static library)
#   HASHSCOPE_BLAKE3_INTERNALS     ON when built here: blake3_impl.h and the library's compression
#                                  functions are usable, which one-file multi-threaded hashing needs
#   HASHSCOPE_BLAKE3_SOURCE_DIR    the source folder when built here
#
# The sources are the library's, not ours: they are compiled with the compiler's defaults, never with
# the project's warnings-as-errors.

set(HASHSCOPE_BLAKE3_INTERNALS OFF)
set(HASHSCOPE_BLAKE3_SOURCE_DIR "")

find_package(BLAKE3 CONFIG QUIET)
if(TARGET BLAKE3::blake3)
  add_library(hashscope_blake3 ALIAS BLAKE3::blake3)
  message(STATUS "BLAKE3: system library ${BLAKE3_DIR} (its internal compression functions are not "
                 "used: one file is hashed on one core)")
  return()
endif()

set(HASHSCOPE_BLAKE3_SOURCE_ROOT "/usr/share/cargo/registry" CACHE PATH
    "Folder holding blake3-<version>/c (Debian's librust-blake3-dev)")
file(GLOB _blake3_candidates LIST_DIRECTORIES true "${HASHSCOPE_BLAKE3_SOURCE_ROOT}/blake3-*")
set(_blake3_dir "")
set(_blake3_best "")
foreach(_candidate IN LISTS _blake3_candidates)
  if(EXISTS "${_candidate}/c/blake3.c" AND EXISTS "${_candidate}/c/blake3_impl.h")
    string(REGEX REPLACE "^.*/blake3-" "" _version "${_candidate}")
    if(_blake3_best STREQUAL "" OR _version VERSION_GREATER _blake3_best)
      set(_blake3_best "${_version}")
      set(_blake3_dir "${_candidate}/c")
    endif()
  endif()
endforeach()
if(_blake3_dir STREQUAL "")
  message(FATAL_ERROR
    "BLAKE3 not found. Install the official C library as a CMake package (vcpkg: blake3, Homebrew: "
    "blake3), or its sources: on Debian/Ubuntu `apt-get install librust-blake3-dev`, which puts them "
    "in ${HASHSCOPE_BLAKE3_SOURCE_ROOT}/blake3-<version>/c (set HASHSCOPE_BLAKE3_SOURCE_ROOT if elsewhere).")
endif()

add_library(hashscope_blake3 STATIC
  "${_blake3_dir}/blake3.c" "${_blake3_dir}/blake3_dispatch.c" "${_blake3_dir}/blake3_portable.c")
set_target_properties(hashscope_blake3 PROPERTIES POSITION_INDEPENDENT_CODE ON C_STANDARD 99)
target_include_directories(hashscope_blake3 PUBLIC "${_blake3_dir}")

include(CheckCCompilerFlag)
set(_blake3_x86_64 OFF)
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64|x64)$" AND CMAKE_SIZEOF_VOID_P EQUAL 8)
  set(_blake3_x86_64 ON)
endif()

if(_blake3_x86_64 AND NOT WIN32 AND NOT MSVC)
  # Linux and macOS: the hand-written assembly, as upstream recommends (fastest, no per-file flags).
  enable_language(ASM)
  foreach(_isa sse2 sse41 avx2 avx512)
    target_sources(hashscope_blake3 PRIVATE "${_blake3_dir}/blake3_${_isa}_x86-64_unix.S")
  endforeach()
elseif(_blake3_x86_64 OR CMAKE_SYSTEM_PROCESSOR MATCHES "^(i[3-6]86|x86|X86)$")
  # Windows (or 32-bit x86): the intrinsics files, each with its own instruction-set flags; a level
  # the compiler cannot build is left out of the dispatch with BLAKE3_NO_<ISA>.
  if(MSVC)
    set(_flags_sse2 "")
    set(_flags_sse41 "")
    set(_flags_avx2 "/arch:AVX2")
    set(_flags_avx512 "/arch:AVX512")
    set(_check_avx512 "/arch:AVX512")
  else()
    set(_flags_sse2 "-msse2")
    set(_flags_sse41 "-msse4.1")
    set(_flags_avx2 "-mavx2")
    set(_flags_avx512 "-mavx512f;-mavx512vl")
    set(_check_avx512 "-mavx512f -mavx512vl")
  endif()
  foreach(_isa sse2 sse41 avx2 avx512)
    string(TOUPPER "${_isa}" _ISA)
    set(_ok ON)
    if(_isa STREQUAL "avx512")
      check_c_compiler_flag("${_check_avx512}" HASHSCOPE_CC_HAS_AVX512)
      set(_ok ${HASHSCOPE_CC_HAS_AVX512})
    elseif(NOT "${_flags_${_isa}}" STREQUAL "")
      check_c_compiler_flag("${_flags_${_isa}}" HASHSCOPE_CC_HAS_${_ISA})
      set(_ok ${HASHSCOPE_CC_HAS_${_ISA}})
    endif()
    if(_ok)
      target_sources(hashscope_blake3 PRIVATE "${_blake3_dir}/blake3_${_isa}.c")
      set_source_files_properties("${_blake3_dir}/blake3_${_isa}.c" TARGET_DIRECTORY hashscope_blake3
        PROPERTIES COMPILE_OPTIONS "${_flags_${_isa}}")
    else()
      target_compile_definitions(hashscope_blake3 PUBLIC BLAKE3_NO_${_ISA})
    endif()
  endforeach()
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|ARM64)$")
  target_sources(hashscope_blake3 PRIVATE "${_blake3_dir}/blake3_neon.c")
endif()
# Anything else: the portable C alone (blake3_dispatch.c selects it when no SIMD is compiled in).

set(HASHSCOPE_BLAKE3_INTERNALS ON)
set(HASHSCOPE_BLAKE3_SOURCE_DIR "${_blake3_dir}")
message(STATUS "BLAKE3: built from ${_blake3_dir}")
