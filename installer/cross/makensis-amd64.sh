#!/bin/sh
# makensis for CPack on a Linux host building the installer of a 64-bit Windows build
# (installer/packaging.cmake sets CPACK_NSIS_EXECUTABLE to this script). NSIS builds 32-bit installers
# unless told otherwise; a 64-bit one (Target amd64-unicode, whose stubs and plugins Debian's nsis
# package ships) installs into the 64-bit Program Files and registry view without WOW64 redirection,
# and runs under a 64-bit-only wine (Debian's wine64) where a 32-bit installer cannot.
for arg in "$@"; do
  case "$arg" in
    *.nsi) exec makensis "-XTarget amd64-unicode" "$@" ;;
  esac
done
exec makensis "$@"
