#!/usr/bin/env bash
# Checks the Linux packages in DIR: lintian on the .deb (fails on errors), the .deb's contents and
# dependencies, the .rpm's requirements, desktop-file-validate and appstreamcli validate.
#   installer/ci/check-linux-packages.sh DIR
set -euo pipefail
dir="${1:?usage: $0 PACKAGE_DIR}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
app_id=io.github.hashscope.HashScope
log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
status=0

for tool in desktop-file-validate appstreamcli; do
  command -v "$tool" >/dev/null || { log "$tool is missing (apt-get install desktop-file-utils appstream)"; status=1; }
done
if command -v desktop-file-validate >/dev/null; then
  log "desktop-file-validate"
  desktop-file-validate "$root/resources/linux/$app_id.desktop" || status=1
fi
if command -v appstreamcli >/dev/null; then
  log "appstreamcli validate --no-net"
  appstreamcli validate --no-net "$root/resources/linux/$app_id.metainfo.xml" || status=1
fi

shopt -s nullglob
for deb in "$dir"/*.deb; do
  log "$(basename "$deb"): control"
  dpkg-deb --field "$deb" Package Version Architecture Depends Recommends Suggests Section Installed-Size
  contents="$(dpkg-deb --contents "$deb")"
  for f in ./usr/bin/hashscope-cli ./usr/share/man/man1/hashscope-cli.1.gz ./usr/share/doc/hashscope/copyright; do
    grep -q " $f\$" <<<"$contents" || { log "missing in the .deb: $f"; status=1; }
  done
  if command -v lintian >/dev/null; then
    log "lintian $(basename "$deb")"
    # Exit status 2 = errors found; warnings are shown but do not fail the check.
    lintian --info --display-info --fail-on error "$deb" || status=1
  else
    log "lintian is missing (apt-get install lintian)"; status=1
  fi
done
for rpm in "$dir"/*.rpm; do
  if command -v rpm >/dev/null; then
    log "$(basename "$rpm"): requirements"
    rpm -qp --requires "$rpm" 2>/dev/null | grep -v '^rpmlib(' | sort -u | tr '\n' ' '; echo
  fi
done
for tgz in "$dir"/*.tar.gz; do
  log "$(basename "$tgz"): $(tar -tzf "$tgz" | grep -c -v '/$') files"
done
[ "$status" = 0 ] && log "package checks passed" || log "package checks FAILED"
exit "$status"
