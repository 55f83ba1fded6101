# CPack settings for every package format. Included from installer/CMakeLists.txt after the
# install() rules; every CPACK_* variable must be set before include(CPack).

set(CPACK_PACKAGE_NAME "HashScope")
set(CPACK_PACKAGE_VENDOR "The HashScope authors")
set(CPACK_PACKAGE_CONTACT "${HASHSCOPE_MAINTAINER_NAME} <${HASHSCOPE_MAINTAINER_EMAIL}>")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_HOMEPAGE_URL "${PROJECT_HOMEPAGE_URL}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "measure how fast files hash and what limits the speed")
# Wrapped at 72 columns: it becomes the Debian extended description and the RPM %description.
set(CPACK_PACKAGE_DESCRIPTION
"HashScope benchmarks how fast this machine hashes files with MD5,
SHA-1, SHA-2, SHA-3, BLAKE2, CRC32, Adler-32 and xxHash, and tells,
with numbers, whether the disk, the CPU or memory limited the speed.
It samples CPU and disk counters while a benchmark runs, shows live
throughput and bottleneck charts, compares itself with command-line
tools such as md5sum and sha256sum, and exports charts as PNG and
results as CSV or JSON. The package contains the Qt desktop app
(hashscope) and the command-line tool (hashscope-cli).")
set(CPACK_PACKAGE_INSTALL_DIRECTORY "HashScope")
# The installer's branding image: a BMP header for NSIS, the volume icon for the .dmg.
if(APPLE)
  set(CPACK_PACKAGE_ICON "${HASHSCOPE_ICON_DIR}/hashscope.icns")
elseif(WIN32)
  # NSIS mishandles all-forward-slash paths here; CMake's docs ask for one escaped backslash.
  set(CPACK_PACKAGE_ICON "${CMAKE_CURRENT_SOURCE_DIR}/windows\\\\nsis-header.bmp")
endif()
set(CPACK_PACKAGE_CHECKSUM SHA256)
set(CPACK_STRIP_FILES ON)
if(MINGW AND CMAKE_STRIP)
  # The DLLs a mingw build deploys by copy (Qt's, libstdc++ ...) keep their symbols: strip them too
  # (cpack-pre-build.cmake), as windeployqt's release deployment ships them without.
  set(CPACK_HASHSCOPE_DLL_STRIP "${CMAKE_STRIP}")
endif()
set(CPACK_SOURCE_IGNORE_FILES "/\\\\.git/" "/build[^/]*/" "/_CPack_Packages/")
# WiX only takes .txt or .rtf licence files, so give every generator a LICENSE.txt copy.
configure_file("${hs_top}/LICENSE" "${CMAKE_CURRENT_BINARY_DIR}/LICENSE.txt" COPYONLY)
set(CPACK_RESOURCE_FILE_LICENSE "${CMAKE_CURRENT_BINARY_DIR}/LICENSE.txt")
set(CPACK_RESOURCE_FILE_README "${hs_top}/README.md")

# Start-menu shortcut (NSIS, WiX): executable name, then its label.
if(TARGET hashscope)
  set(CPACK_PACKAGE_EXECUTABLES "hashscope" "HashScope")
endif()

# File names: hashscope_0.2.0_amd64.deb, hashscope-0.2.0-1.x86_64.rpm, HashScope-0.2.0-<os>-<arch>.*
string(TOLOWER "${CMAKE_SYSTEM_PROCESSOR}" hs_arch)
if(hs_arch MATCHES "^(amd64|x64)$")
  set(hs_arch x86_64)
elseif(hs_arch STREQUAL "arm64")
  set(hs_arch aarch64)
endif()
if(WIN32)
  set(hs_os windows)
elseif(APPLE)
  set(hs_os macos)
  if(CMAKE_OSX_ARCHITECTURES)
    string(REPLACE ";" "-" hs_arch "${CMAKE_OSX_ARCHITECTURES}")
  endif()
else()
  set(hs_os linux)
endif()
set(CPACK_PACKAGE_FILE_NAME "HashScope-${PROJECT_VERSION}-${hs_os}-${hs_arch}")

if(WIN32)
  set(CPACK_GENERATOR "NSIS;ZIP")
elseif(APPLE)
  set(CPACK_GENERATOR "DragNDrop")
else()
  set(CPACK_GENERATOR "DEB;RPM;TGZ")
endif()

# --- Debian -------------------------------------------------------------------------------------
set(CPACK_DEBIAN_PACKAGE_NAME "hashscope")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# Debian revision 1: an upstream release packaged once (keep in step with linux/changelog.in).
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_PACKAGE_SECTION "utils")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${HASHSCOPE_MAINTAINER_NAME} <${HASHSCOPE_MAINTAINER_EMAIL}>")
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${PROJECT_HOMEPAGE_URL}")
# Library dependencies (Qt, OpenSSL, xxHash, zlib, libstdc++) come from dpkg-shlibdeps.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(hs_recommends "")
if(TARGET hashscope)
  # Qt loads its platform plugins at run time, so dpkg-shlibdeps cannot see them.
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins")
  # The SVG image and icon-engine plugins draw the window icon (resources/icons/hashscope.svg).
  list(APPEND hs_recommends "libqt6svg6")
endif()
if(HASHSCOPE_ISAL_SONAME)
  # ISA-L is opened when first needed (core/src/hash/isal.hpp), so dpkg-shlibdeps cannot see it; without it the
  # checksums run on zlib and HashScope's own code, slower, and say so.
  list(APPEND hs_recommends "libisal2")
endif()
list(JOIN hs_recommends ", " CPACK_DEBIAN_PACKAGE_RECOMMENDS)
# The peer tools HashScope can compare itself with.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "openssl, xxhash, b3sum, hashdeep")

# --- RPM ----------------------------------------------------------------------------------------
set(CPACK_RPM_PACKAGE_NAME "hashscope")
set(CPACK_RPM_FILE_NAME RPM-DEFAULT)
set(CPACK_RPM_PACKAGE_RELEASE 1)
set(CPACK_RPM_PACKAGE_LICENSE "GPL-3.0-or-later")
set(CPACK_RPM_PACKAGE_GROUP "Applications/System")
set(CPACK_RPM_PACKAGE_URL "${PROJECT_HOMEPAGE_URL}")
set(CPACK_RPM_PACKAGE_AUTOREQ ON)
set(CPACK_RPM_PACKAGE_AUTOPROV OFF)
set(CPACK_RPM_PACKAGE_SUGGESTS "openssl, xxhash, b3sum, qt6-qtsvg")
# Folders owned by the filesystem and hicolor-icon-theme packages: do not claim them.
set(hs_rpm_owned /usr/share/applications /usr/share/metainfo /usr/share/icons /usr/share/icons/hicolor
  /usr/share/icons/hicolor/scalable /usr/share/icons/hicolor/scalable/apps
  /usr/share/man /usr/share/man/man1 /usr/share/doc /usr/share/lintian /usr/share/lintian/overrides)
foreach(size 16 22 24 32 48 64 128 256 512)
  list(APPEND hs_rpm_owned /usr/share/icons/hicolor/${size}x${size}
    /usr/share/icons/hicolor/${size}x${size}/apps)
endforeach()
set(CPACK_RPM_EXCLUDE_FROM_AUTO_FILELIST_ADDITION ${hs_rpm_owned})

# --- Windows: NSIS (.exe) and WiX (.msi) --------------------------------------------------------
set(CPACK_NSIS_DISPLAY_NAME "HashScope ${PROJECT_VERSION}")
set(CPACK_NSIS_PACKAGE_NAME "HashScope")
set(CPACK_NSIS_MUI_ICON "${HASHSCOPE_ICON_DIR}/hashscope.ico")
set(CPACK_NSIS_MUI_UNIICON "${HASHSCOPE_ICON_DIR}/hashscope.ico")
set(CPACK_NSIS_INSTALLED_ICON_NAME "bin\\\\hashscope.exe")
set(CPACK_NSIS_URL_INFO_ABOUT "${PROJECT_HOMEPAGE_URL}")
set(CPACK_NSIS_HELP_LINK "${PROJECT_HOMEPAGE_URL}/issues")
set(CPACK_NSIS_CONTACT "${HASHSCOPE_MAINTAINER_EMAIL}")
set(CPACK_NSIS_ENABLE_UNINSTALL_BEFORE_INSTALL ON)
set(CPACK_NSIS_EXECUTABLES_DIRECTORY "bin")
# Offer to put bin\ on PATH so hashscope-cli works from any console.
set(CPACK_NSIS_MODIFY_PATH ON)
set(CPACK_NSIS_MANIFEST_DPI_AWARE ON)
# A 64-bit build packaged on a Linux host (installer/cross/build-windows.sh): makensis through a
# wrapper that makes a 64-bit installer (see the script).
if(WIN32 AND CMAKE_HOST_UNIX AND CMAKE_SIZEOF_VOID_P EQUAL 8)
  set(CPACK_NSIS_EXECUTABLE "${hs_top}/installer/cross/makensis-amd64.sh")
endif()

# A fixed upgrade code lets a newer .msi replace an older one instead of installing beside it.
set(CPACK_WIX_UPGRADE_GUID "6F1D3C2A-8B4E-4F57-9A0C-2E7B5D9C4A31")
set(CPACK_WIX_PRODUCT_ICON "${HASHSCOPE_ICON_DIR}/hashscope.ico")
set(CPACK_WIX_PROGRAM_MENU_FOLDER "HashScope")
set(CPACK_WIX_PROPERTY_ARPURLINFOABOUT "${PROJECT_HOMEPAGE_URL}")
set(CPACK_WIX_PROPERTY_ARPHELPLINK "${PROJECT_HOMEPAGE_URL}/issues")

# --- macOS: .dmg with HashScope.app and a link to /Applications --------------------------------
set(CPACK_DMG_VOLUME_NAME "HashScope ${PROJECT_VERSION}")
set(CPACK_DMG_FORMAT UDZO)
set(CPACK_PRE_BUILD_SCRIPTS "${CMAKE_CURRENT_SOURCE_DIR}/cpack-pre-build.cmake")

include(CPack)
