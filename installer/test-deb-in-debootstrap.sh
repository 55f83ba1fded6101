#!/usr/bin/env bash
# Installs HashScope's .deb on a clean Debian 12 (bookworm) root made with debootstrap, uses it, and
# removes it again, as a user on a fresh machine would:
#   1. build the .deb (installer/ci/package-linux.sh), unless --deb FILE is given;
#   2. make a minimal bookworm root under build/debootstrap/ (the finished root is cached as a
#      tarball there, so reruns skip debootstrap);
#   3. `apt-get install ./hashscope_*.deb` inside it: apt resolves the dependencies from the
#      Debian mirror this machine's /etc/apt/sources.list* names;
#   4. run hashscope-cli --version, a short hashscope-cli bench, and the GUI offscreen
#      (started and closed again);
#   5. `apt-get purge` it and check that none of its files is left.
# Needs root (debootstrap, chroot, mounts) and the packages debootstrap and dpkg-dev.
#   installer/test-deb-in-debootstrap.sh [--deb FILE] [--keep] [--fresh]
#     --keep   leave the root folder in place afterwards (for a look inside)
#     --fresh  ignore the cached root tarball and debootstrap again
# On a machine whose apt does not use a Debian mirror (an Ubuntu CI runner), set
# HASHSCOPE_DEBIAN_MIRROR (and HASHSCOPE_DEBIAN_SECURITY) to the mirror to use.
set -euo pipefail
root_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$root_dir/build/debootstrap"
cache="$work/bookworm-minbase.tar"
chroot_dir="$work/root"
deb="" keep=0 fresh=0
while [ $# -gt 0 ]; do
  case "$1" in
    --deb) deb="$(realpath "$2")"; shift 2 ;;
    --keep) keep=1; shift ;;
    --fresh) fresh=1; shift ;;
    *) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
done
log() { printf '\033[1m==> [%4ss] %s\033[0m\n' "$SECONDS" "$*" >&2; }
fail() { printf 'FAILED: %s\n' "$*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "run as root: debootstrap, chroot and mount need it"
command -v debootstrap >/dev/null || fail "debootstrap is missing: apt-get install debootstrap"

# The Debian mirror configured on this machine (deb822 .sources or one-line .list format).
apt_sources() {
  cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null || true
}
mirror="${HASHSCOPE_DEBIAN_MIRROR:-}"
[ -n "$mirror" ] || mirror="$(apt_sources | awk '
  /^[[:space:]]*#/ {next}
  /^URIs:/ {for (i = 2; i <= NF; i++) if ($i ~ /\/debian\/?$/) {print $i; exit}}
  /^deb[[:space:]]/ {for (i = 2; i <= NF; i++) if ($i ~ /^(https?|file):/ && $i ~ /\/debian\/?$/) {print $i; exit}}')"
security="${HASHSCOPE_DEBIAN_SECURITY:-}"
[ -n "$security" ] || [ -n "${HASHSCOPE_DEBIAN_MIRROR:-}" ] || security="$(apt_sources | awk '
  /^[[:space:]]*#/ {next}
  /^URIs:/ {for (i = 2; i <= NF; i++) if ($i ~ /debian-security\/?$/) {print $i; exit}}
  /^deb[[:space:]]/ {for (i = 2; i <= NF; i++) if ($i ~ /^(https?|file):/ && $i ~ /debian-security\/?$/) {print $i; exit}}')"
[ -n "$mirror" ] || fail "no Debian mirror found in /etc/apt/sources.list*"
log "Debian mirror: $mirror${security:+ (security: $security)}"

mounted=()
cleanup() {
  local m
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[$i]}" 2>/dev/null || true; done
  if [ "$keep" = 0 ] && [ -d "$chroot_dir" ]; then rm -rf --one-file-system "$chroot_dir"; fi
}
trap cleanup EXIT
in_root() { chroot "$chroot_dir" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
  LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }

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
rm -rf --one-file-system "$chroot_dir"
mkdir -p "$chroot_dir"
if [ "$fresh" = 0 ] && [ -s "$cache" ]; then
  log "Unpacking the cached root $cache"
  tar -xpf "$cache" -C "$chroot_dir"
else
  log "debootstrap --variant=minbase bookworm (first run: a few minutes)"
  keyring=()
  [ -f /usr/share/keyrings/debian-archive-keyring.gpg ] &&
    keyring=(--keyring=/usr/share/keyrings/debian-archive-keyring.gpg)
  debootstrap "${keyring[@]}" --variant=minbase bookworm "$chroot_dir" "$mirror" >"$work/debootstrap.log" 2>&1 ||
    { tail -n 20 "$work/debootstrap.log" >&2; fail "debootstrap failed (log: $work/debootstrap.log)"; }
  {
    echo "deb $mirror bookworm main"
    echo "deb $mirror bookworm-updates main"
    [ -n "$security" ] && echo "deb $security bookworm-security main"
  } >"$chroot_dir/etc/apt/sources.list"
  in_root apt-get clean
  tar -cpf "$cache.tmp" -C "$chroot_dir" . && mv "$cache.tmp" "$cache"
  log "Cached the root as $cache ($(du -h "$cache" | cut -f1))"
fi
t_root=$SECONDS
for m in proc sys dev/pts; do
  mkdir -p "$chroot_dir/$m"
done
mount -t proc proc "$chroot_dir/proc" && mounted+=("$chroot_dir/proc")
mount -t sysfs sysfs "$chroot_dir/sys" && mounted+=("$chroot_dir/sys")
mount -t devpts -o newinstance,ptmxmode=0666 devpts "$chroot_dir/dev/pts" && mounted+=("$chroot_dir/dev/pts")
# Downloaded .debs are kept between runs (apt checks them against the index, so they stay honest).
mkdir -p "$work/apt-archives/partial"
mount --bind "$work/apt-archives" "$chroot_dir/var/cache/apt/archives" &&
  mounted+=("$chroot_dir/var/cache/apt/archives")
# No services may start inside the chroot (the usual policy-rc.d for build roots).
printf '#!/bin/sh\nexit 101\n' >"$chroot_dir/usr/sbin/policy-rc.d"
chmod 755 "$chroot_dir/usr/sbin/policy-rc.d"
# A throw-away root needs no fsync after every file: halves the install time on a slow disk.
echo force-unsafe-io >"$chroot_dir/etc/dpkg/dpkg.cfg.d/hashscope-test-unsafe-io"
cp /etc/resolv.conf "$chroot_dir/etc/resolv.conf" 2>/dev/null || true
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
