# One test of cmake/check_layers.cmake: copies the fixture tree (fixture/: layers low <- mid, low <- high), breaks
# it the way CASE says, runs the check and expects it to fail naming the file, line and rule (or, for "clean",
# to pass).
#   cmake -DCASE=<case> -DFIXTURE=<tests/layers/fixture> -DCHECK=<check_layers.cmake> -P run_case.cmake
# The copy goes to a folder of its own in the temp folder, removed at the end: the build tree may belong to another
# user (CI's part 3 runs the suite as nobody).
cmake_minimum_required(VERSION 3.25)
set(tmp "/tmp")
foreach(variable TMPDIR TEMP TMP)
  if(DEFINED ENV{${variable}} AND IS_DIRECTORY "$ENV{${variable}}")
    set(tmp "$ENV{${variable}}")
    break()
  endif()
endforeach()
string(RANDOM LENGTH 12 suffix)
set(scratch "${tmp}/hashscope-layers-${CASE}-${suffix}")
set(WORK "${scratch}/core")
file(COPY "${FIXTURE}/" DESTINATION "${WORK}")
# fail(<why>): removes the scratch copy, then fails the test saying why.
function(fail why)
  file(REMOVE_RECURSE "${scratch}")
  message(FATAL_ERROR "${why}")
endfunction()

# add_line(<file under WORK> <line>): appends it; `at` is "<file>:<its line number>" as the check names it.
function(add_line rel text)
  file(STRINGS "${WORK}/${rel}" lines)
  list(LENGTH lines count)
  math(EXPR line "${count} + 1")
  file(APPEND "${WORK}/${rel}" "${text}\n")
  set(at "core/${rel}:${line}" PARENT_SCOPE)
endfunction()

if(CASE STREQUAL "clean")
  set(expect "")
elseif(CASE STREQUAL "upward")           # low reaching up into mid
  add_line(src/low/low.cpp "#include \"mid/mid.hpp\"")
  set(expect "${at}: #include \"mid/mid.hpp\": mid is above low in core/layers.cmake: a layer may only use the layers below it (low uses: nothing)")
elseif(CASE STREQUAL "private")          # high reaching a header low keeps to itself
  add_line(src/high/high.cpp "#include \"low/hidden.hpp\"")
  set(expect "${at}: #include \"low/hidden.hpp\": hidden.hpp is private to low (low exports: low.hpp)")
elseif(CASE STREQUAL "undeclared")       # mid is below high, but high does not say it uses mid
  add_line(src/high/high.cpp "#  include <mid/mid.hpp>")
  set(expect "${at}: #  include <mid/mid.hpp>: high does not use mid in core/layers.cmake (high uses: low)")
elseif(CASE STREQUAL "dotdot")           # a relative path around the areas
  add_line(src/high/high.cpp "#include \"../mid/mid.hpp\"")
  set(expect "${at}: #include \"../mid/mid.hpp\": write it as <area>/<file>")
elseif(CASE STREQUAL "public-header")    # the public interface depending on an area
  add_line(include/fix/api.hpp "#include \"low/low.hpp\"")
  set(expect "${at}: #include \"low/low.hpp\": public headers include no area")
elseif(CASE STREQUAL "table-up")         # the table itself pointing up
  file(READ "${WORK}/layers.cmake" table)
  string(REPLACE "hashscope_area(low " "hashscope_area(low USES high " table "${table}")
  file(WRITE "${WORK}/layers.cmake" "${table}")
  set(expect "core/layers.cmake: low USES high, which is not in a row above it")
elseif(CASE STREQUAL "no-row")           # a new folder nobody placed
  file(WRITE "${WORK}/src/extra/extra.cpp" "int extra() { return 0; }\n")
  set(expect "core/src/extra/ has no row in core/layers.cmake")
else()
  fail("unknown CASE \"${CASE}\"")
endif()

execute_process(COMMAND "${CMAKE_COMMAND}" "-DHS_CORE=${WORK}" -P "${CHECK}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
message("${out}")
file(REMOVE_RECURSE "${scratch}")
if(expect STREQUAL "")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the check failed on the unbroken fixture (exit ${rc})")
  endif()
  return()
endif()
if(rc EQUAL 0)
  message(FATAL_ERROR "the check passed a tree broken by \"${CASE}\"")
endif()
string(FIND "${out}" "${expect}" found)
if(found LESS 0)
  message(FATAL_ERROR "the check failed without saying: ${expect}")
endif()
