# hashscope_add_platform_resources(<target> [GUI] [DESCRIPTION <text>])
#
# Gives an executable what each desktop platform expects of a program file:
# - Windows: a .rc (from installer/windows/hashscope.rc.in) with the icon and VERSIONINFO;
#   with GUI, the Windows subsystem (no console window).
# - macOS, with GUI: an app bundle "HashScope.app" with Info.plist (installer/macos/Info.plist.in),
#   bundle identifier, versions and the .icns icon in Contents/Resources.
# - Linux: nothing (the .desktop file and hicolor icons are installed by installer/CMakeLists.txt).
# Safe to call more than once (later calls do nothing), and from any directory: installer/
# calls it for the targets hashscope and hashscope-cli if their own CMakeLists did not.
include_guard(GLOBAL)

set(HASHSCOPE_APP_ID "io.github.hashscope.HashScope" CACHE INTERNAL "Reverse-DNS application id")
set(HASHSCOPE_INSTALLER_DIR "${CMAKE_CURRENT_LIST_DIR}/.." CACHE INTERNAL "installer/ folder")
get_filename_component(HASHSCOPE_INSTALLER_DIR "${HASHSCOPE_INSTALLER_DIR}" ABSOLUTE)
get_filename_component(HASHSCOPE_ICON_DIR "${HASHSCOPE_INSTALLER_DIR}/../resources/icons" ABSOLUTE)
set(HASHSCOPE_ICON_DIR "${HASHSCOPE_ICON_DIR}" CACHE INTERNAL "rendered icons")

function(hashscope_add_platform_resources target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "GUI" "DESCRIPTION" "")
  get_target_property(done ${target} HASHSCOPE_PLATFORM_RESOURCES)
  if(done)
    return()
  endif()
  set_property(TARGET ${target} PROPERTY HASHSCOPE_PLATFORM_RESOURCES ON)
  if(NOT arg_DESCRIPTION)
    set(arg_DESCRIPTION "HashScope")
  endif()

  if(WIN32)
    get_target_property(name ${target} OUTPUT_NAME)
    if(NOT name)
      set(name ${target})
    endif()
    set(HS_RC_ICON "${HASHSCOPE_ICON_DIR}/hashscope.ico")
    string(REPLACE "\\" "/" HS_RC_ICON "${HS_RC_ICON}")
    set(HS_RC_FILE_DESCRIPTION "${arg_DESCRIPTION}")
    set(HS_RC_INTERNAL_NAME "${name}")
    set(HS_RC_ORIGINAL_FILENAME "${name}.exe")
    set(rc "${CMAKE_BINARY_DIR}/installer/rc/${target}.rc")
    configure_file("${HASHSCOPE_INSTALLER_DIR}/windows/hashscope.rc.in" "${rc}" @ONLY)
    target_sources(${target} PRIVATE "${rc}")
    if(arg_GUI)
      set_property(TARGET ${target} PROPERTY WIN32_EXECUTABLE ON)
    endif()
  endif()

  if(APPLE AND arg_GUI)
    set(icns "${HASHSCOPE_ICON_DIR}/hashscope.icns")
    target_sources(${target} PRIVATE "${icns}")
    # Source file properties are per directory: attach it to the target's own directory.
    set_source_files_properties("${icns}" TARGET_DIRECTORY ${target}
      PROPERTIES MACOSX_PACKAGE_LOCATION Resources)
    set_target_properties(${target} PROPERTIES
      MACOSX_BUNDLE ON
      OUTPUT_NAME HashScope
      MACOSX_BUNDLE_INFO_PLIST "${HASHSCOPE_INSTALLER_DIR}/macos/Info.plist.in"
      MACOSX_BUNDLE_BUNDLE_NAME HashScope
      MACOSX_BUNDLE_GUI_IDENTIFIER "${HASHSCOPE_APP_ID}"
      MACOSX_BUNDLE_SHORT_VERSION_STRING "${PROJECT_VERSION}"
      MACOSX_BUNDLE_BUNDLE_VERSION "${PROJECT_VERSION}"
      MACOSX_BUNDLE_INFO_STRING "HashScope ${PROJECT_VERSION}"
      MACOSX_BUNDLE_COPYRIGHT "The HashScope authors, GPL-3.0-or-later"
      MACOSX_BUNDLE_ICON_FILE hashscope.icns)
  endif()
endfunction()
