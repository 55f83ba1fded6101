#!/usr/bin/env bash
# Installs, on Debian 12 as root, what the Windows build from source needs (installer/cross/): mingw-w64,
# wine, NSIS, the host Qt tools, Xvfb for the app's run, and a deb-src line for each Debian source the
# machine has (build-windows-deps.sh builds every dependency from Debian's own source packages).
#   installer/cross/install-windows-tools.sh
# Does nothing that is already there: the deb-src lines go to /etc/apt/sources.list.d/hashscope-deb-src.sources,
# copied from the machine's own Debian sources (deb822 .sources files and one-line sources.list entries).
set -euo pipefail
[ "$(id -u)" = 0 ] || { echo "run as root: apt-get" >&2; exit 1; }
packages=(g++-mingw-w64-x86-64-posix mingw-w64-x86-64-dev dpkg-dev cmake ninja-build perl nasm nsis zip wine64 fonts-wine
  qt6-base-dev qt6-base-dev-tools librust-blake3-dev xvfb xdotool imagemagick xz-utils)
src_list=/etc/apt/sources.list.d/hashscope-deb-src.sources
update=0
# deb-src: needed by `apt-get source`. A deb822 file with Types: deb-src beside every Debian URI in use.
if ! apt-get indextargets 2>/dev/null | grep -q '^Identifier: Sources$'; then
  {
    # deb822 stanzas (Types: deb) with a Debian URI, and one-line "deb URI SUITE COMPONENTS" entries.
    for f in /etc/apt/sources.list.d/*.sources; do
      [ -f "$f" ] && [ "$f" != "$src_list" ] || continue
      awk 'BEGIN {RS = ""; ORS = "\n\n"} /Types:[^\n]*deb/ && /debian/ {sub(/Types:[^\n]*/, "Types: deb-src"); print}' "$f"
    done
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
      [ -f "$f" ] || continue
      awk '$1 == "deb" && /debian/ {
        opts = ""; i = 2
        if ($2 ~ /^\[/) { while ($i !~ /\]$/) i++; i++ }
        uri = $i; suite = $(i + 1); comps = ""
        for (j = i + 2; j <= NF; j++) comps = comps " " $j
        printf "Types: deb-src\nURIs: %s\nSuites: %s\nComponents:%s\n\n", uri, suite, comps }' "$f"
    done
  } >"$src_list"
  [ -s "$src_list" ] || { rm -f "$src_list"; echo "no Debian source in /etc/apt to add deb-src lines for" >&2; exit 1; }
  update=1
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] || update=1
if [ "$update" = 1 ]; then apt-get update -qq; fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "apt-get install ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
