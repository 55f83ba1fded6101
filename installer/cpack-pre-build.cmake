# CPACK_PRE_BUILD_SCRIPTS hook, run after CPack has installed (and stripped) into its staging
# folder and before it builds the package.
# - DragNDrop (.dmg): put a link to /Applications next to HashScope.app, so users install by
#   dragging.
# - DEB/RPM/TGZ: also drop the .comment and .note sections that plain `strip` keeps (what
#   dh_strip does for Debian's own packages).
# - NSIS/ZIP of a mingw build: strip the DLLs deployed beside the programs (CPack strips only the
#   programs it built).
set(stage "${CPACK_TEMPORARY_INSTALL_DIRECTORY}")
if(NOT stage OR NOT IS_DIRECTORY "${stage}")
  return()
endif()

if(CPACK_GENERATOR STREQUAL "DragNDrop")
  set(link "${stage}/Applications")
  if(NOT EXISTS "${link}" AND NOT IS_SYMLINK "${link}")
    file(CREATE_LINK /Applications "${link}" SYMBOLIC)
  endif()
elseif(CPACK_GENERATOR MATCHES "^(DEB|RPM|TGZ)$" AND CPACK_STRIP_FILES)
  find_program(strip_tool strip)
  file(GLOB_RECURSE programs LIST_DIRECTORIES false "${stage}/*")
  list(FILTER programs INCLUDE REGEX "/bin/[^/]+$")
  foreach(program IN LISTS programs)
    if(strip_tool AND NOT IS_SYMLINK "${program}")
      execute_process(COMMAND "${strip_tool}" --remove-section=.comment --remove-section=.note
        "${program}" RESULT_VARIABLE rc ERROR_QUIET)
    endif()
  endforeach()
elseif(CPACK_GENERATOR MATCHES "^(NSIS|ZIP)$" AND CPACK_STRIP_FILES AND CPACK_HASHSCOPE_DLL_STRIP)
  file(GLOB_RECURSE dlls LIST_DIRECTORIES false "${stage}/*.dll")
  foreach(dll IN LISTS dlls)
    execute_process(COMMAND "${CPACK_HASHSCOPE_DLL_STRIP}" --strip-unneeded "${dll}" RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "could not strip ${dll} (${rc})")
    endif()
  endforeach()
endif()
