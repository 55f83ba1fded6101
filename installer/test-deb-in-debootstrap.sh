#!/usr/bin/env bash
# Installs HashScope's .deb on a clean Debian 12 (bookworm) root made with debootstrap, uses it, and
# removes it again, as a user on a fresh machine would:
#   1. build the .deb (installer/ci/package-linux.sh), unless --deb FILE is given;
#   2. make a minimal bookworm root under build/debootstrap/ (installer/bookworm-root.sh, which
#      caches the minbase root as a tarball, so reruns skip debootstrap);
#   3. `apt-get install ./hashscope_*.deb` inside it: apt resolves the dependencies from the
#      Debian mirror this machine's /etc/apt/sources.list* names;
#   4. run hashscope-cli --version, a short hashscope-cli bench, and the GUI offscreen
#      (started and closed again);
#   5. `apt-get purge` it and check that none of its files is left.
# Needs root (debootstrap, chroot, mounts) and the packages debootstrap and dpkg-dev.
#   installer/test-deb-in-debootstrap.sh [--deb FILE] [--keep] [--fresh]
#     --keep   leave the root folder in place afterwards (unmounted, for a look inside)
#     --fresh  ignore the cached root tarball and debootstrap again
# On a machine whose apt does not use a Debian mirror (an Ubuntu CI runner), set
# HASHSCOPE_DEBIAN_MIRROR (and HASHSCOPE_DEBIAN_SECURITY) to the mirror to use.
set -euo pipefail
root_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=installer/bookworm-root.sh
. "$root_dir/installer/bookworm-root.sh"
work="$root_dir/build/debootstrap"
chroot_dir="$work/root"
deb="" fresh=""
while [ $# -gt 0 ]; do
  case "$1" in
    --deb) deb="$(realpath "$2")"; shift 2 ;;
    --keep) export BOOKWORM_KEEP=1; shift ;;
    --fresh) fresh=--fresh; shift ;;
    *) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
done
log() { bookworm_log "$@"; }
fail() { bookworm_fail "$@"; }
[ "$(id -u)" = 0 ] || fail "run as root: debootstrap, chroot and mount need it"
mkdir -p "$work"
trap bookworm_root_cleanup EXIT
trap "exit 130" INT
trap "exit 143" TERM

# 1. The package.
if [ -z "$deb" ]; then
  log "Building the .deb"
  HASHSCOPE_PACKAGE_GENERATORS=DEB HASHSCOPE_SKIP_CHECKS=1 "$root_dir/installer/ci/package-linux.sh" >&2
  deb="$(ls -t "$root_dir"/build-package/packages/hashscope_*.deb | head -n1)"
fi
[ -f "$deb" ] || fail "no .deb at $deb"
log "Package: $deb"
t_start=$SECONDS

# 2. A clean bookworm root, from the cached tarball when there is one.
bookworm_root_make "$chroot_dir" $fresh
t_root=$SECONDS
bookworm_root_enter "$chroot_dir"
# What the root holds before the install, to prove the purge leaves nothing behind.
before="$work/files-before.txt"
(cd "$chroot_dir" && find usr etc opt -xdev \( -type f -o -type l \) | sort) >"$before"

# 3. Install with apt, which fetches the dependencies (Qt, OpenSSL, ...) from the mirror.
cp "$deb" "$chroot_dir/tmp/"
pkg_file="/tmp/$(basename "$deb")"
log "apt-get update"
in_root apt-get update -qq
log "apt-get install $pkg_file"
in_root apt-get install -y -qq --no-install-recommends "$pkg_file" >"$work/apt-install.log" 2>&1 ||
  { tail -n 30 "$work/apt-install.log" >&2; fail "apt-get install failed (log: $work/apt-install.log)"; }
log "Installed with $(grep -c '^Setting up' "$work/apt-install.log") packages set up"
t_installed=$SECONDS

# 4. Use it.
log "hashscope-cli --version"
in_root hashscope-cli --version || fail "hashscope-cli --version"
log "hashscope-cli bench (short)"
bench_dir=/var/tmp/hashscope-bench
in_root mkdir -p "$bench_dir"
in_root timeout 300 hashscope-cli bench --location "$bench_dir" -a md5 -a xxh3-64 --size 16M ||
  fail "hashscope-cli bench"
in_root rm -rf "$bench_dir"
if in_root test -x /usr/bin/hashscope; then
  log "hashscope --version"
  in_root env QT_QPA_PLATFORM=offscreen hashscope --version || fail "hashscope --version"
  gui_help="$(in_root env QT_QPA_PLATFORM=offscreen hashscope --help 2>&1 || true)"
  if grep -q -- '--quit-after' <<<"$gui_help"; then
    log "hashscope offscreen, quitting by itself after 3 s"
    in_root env QT_QPA_PLATFORM=offscreen timeout 60 hashscope --quit-after 3000 ||
      fail "hashscope --quit-after 3000 (exit $?)"
  else
    # No self-quit option: it must still be running after 5 s (timeout's exit 124) or have
    # closed itself cleanly (0), not crashed.
    log "hashscope offscreen for up to 5 s, then closed with SIGTERM"
    rc=0
    in_root env QT_QPA_PLATFORM=offscreen timeout 5 hashscope || rc=$?
    [ "$rc" = 124 ] || [ "$rc" = 0 ] || fail "hashscope exited with $rc before it was closed"
  fi
fi
t_used=$SECONDS

# 5. Remove it: nothing of it may stay.
log "apt-get purge hashscope"
in_root apt-get purge -y -qq hashscope >/dev/null
in_root apt-get autoremove --purge -y -qq >/dev/null
left="$(cd "$chroot_dir" && find usr etc opt -xdev \( -type f -o -type l \) | sort | comm -13 "$before" - |
  grep -i 'hashscope' || true)"
[ -z "$left" ] || fail "files left after purge: $left"
in_root dpkg-query -W hashscope >/dev/null 2>&1 && fail "hashscope still registered with dpkg"
t_end=$SECONDS

log "PASSED: root $((t_root - t_start)) s, install $((t_installed - t_root)) s," \
  "use $((t_used - t_installed)) s, purge $((t_end - t_used)) s, total $((t_end - t_start)) s" \
  "(plus the build before)"
