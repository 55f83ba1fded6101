# A clean Debian 12 (bookworm) minbase root to run something on "a machine that has nothing yet".
# Sourced (not run) by installer/test-deb-in-debootstrap.sh and .ci/clean-root-setup.sh, which need root.
#   bookworm_root_make DIR [--fresh]  make DIR a fresh minbase root: unpacks the cached tarball, or runs
#                                     debootstrap (first time, or --fresh) and caches the result
#   bookworm_root_enter DIR           mount what a booted machine has (its own /, /proc, /sys, /dev/pts,
#                                     a tmpfs on /dev/shm) plus the shared apt .deb cache
#   in_root CMD...                    run CMD inside, as root, with an empty environment (env -i)
#   bookworm_root_cleanup             unmount everything (newest first), then delete DIR unless
#                                     BOOKWORM_KEEP=1; the callers run it from their EXIT trap
# The cache (minbase tarball and downloaded .debs) lives in $HASHSCOPE_ROOT_CACHE, by default
# /var/cache/hashscope/debootstrap: outside the checkout, so a fresh clone (CI) reuses it. Reusing
# .debs changes nothing about what is tested: apt still installs every package the root needs, and
# checks each cached file against the index. The root is never upgraded: it is recreated each run.
# On a machine whose apt does not use a Debian mirror (an Ubuntu CI runner), set
# HASHSCOPE_DEBIAN_MIRROR (and HASHSCOPE_DEBIAN_SECURITY) to the mirror to use.

bookworm_cache="${HASHSCOPE_ROOT_CACHE:-/var/cache/hashscope/debootstrap}"
bookworm_dir=""
bookworm_mounts=()

bookworm_log() { printf '\033[1m==> [%4ss] %s\033[0m\n' "$SECONDS" "$*" >&2; }
bookworm_fail() { printf 'FAILED: %s\n' "$*" >&2; exit 1; }

# The Debian mirror configured on this machine (deb822 .sources or one-line .list format).
bookworm_apt_sources() {
  cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null || true
}
bookworm_mirror() {
  # $1: a regular expression for the end of the URI (/debian or debian-security).
  bookworm_apt_sources | awk -v tail="$1" '
    /^[[:space:]]*#/ {next}
    /^URIs:/ {for (i = 2; i <= NF; i++) if ($i ~ tail) {print $i; exit}}
    /^deb[[:space:]]/ {for (i = 2; i <= NF; i++) if ($i ~ /^(https?|file):/ && $i ~ tail) {print $i; exit}}'
}

in_root() {
  chroot "$bookworm_dir" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"
}

bookworm_root_make() {
  bookworm_dir="$(realpath -m "$1")"
  local fresh="${2:-}" cache="$bookworm_cache/bookworm-minbase.tar"
  [ "$(id -u)" = 0 ] || bookworm_fail "run as root: debootstrap, chroot and mount need it"
  mkdir -p "$bookworm_cache"
  rm -rf --one-file-system "$bookworm_dir"
  mkdir -p "$bookworm_dir"
  if [ "$fresh" != --fresh ] && [ -s "$cache" ]; then
    bookworm_log "Unpacking the cached minbase root $cache"
    tar -xpf "$cache" -C "$bookworm_dir"
    return 0
  fi
  command -v debootstrap >/dev/null || bookworm_fail "debootstrap is missing: apt-get install debootstrap"
  local mirror="${HASHSCOPE_DEBIAN_MIRROR:-}" security="${HASHSCOPE_DEBIAN_SECURITY:-}"
  [ -n "$mirror" ] || mirror="$(bookworm_mirror '/debian/?$')"
  [ -n "$security" ] || [ -n "${HASHSCOPE_DEBIAN_MIRROR:-}" ] || security="$(bookworm_mirror 'debian-security/?$')"
  [ -n "$mirror" ] || bookworm_fail "no Debian mirror found in /etc/apt/sources.list*"
  bookworm_log "debootstrap --variant=minbase bookworm from $mirror (first run: a few minutes)"
  local keyring=()
  [ -f /usr/share/keyrings/debian-archive-keyring.gpg ] &&
    keyring=(--keyring=/usr/share/keyrings/debian-archive-keyring.gpg)
  debootstrap "${keyring[@]}" --variant=minbase bookworm "$bookworm_dir" "$mirror" \
    >"$bookworm_cache/debootstrap.log" 2>&1 ||
    { tail -n 20 "$bookworm_cache/debootstrap.log" >&2; bookworm_fail "debootstrap failed (log: $bookworm_cache/debootstrap.log)"; }
  {
    echo "deb $mirror bookworm main"
    echo "deb $mirror bookworm-updates main"
    [ -n "$security" ] && echo "deb $security bookworm-security main"
  } >"$bookworm_dir/etc/apt/sources.list"
  in_root apt-get clean
  tar -cpf "$cache.tmp" -C "$bookworm_dir" . && mv "$cache.tmp" "$cache"
  bookworm_log "Cached the root as $cache ($(du -h "$cache" | cut -f1))"
}

bookworm_mount() {
  # bookworm_mount TARGET mount-arguments...: mount, and remember it for the cleanup.
  local target="$1"
  shift
  [ -e "$target" ] || mkdir -p "$target"
  mount "$@" "$target" || bookworm_fail "mount $* $target"
  bookworm_mounts+=("$target")
}

bookworm_root_enter() {
  local dir
  dir="$(realpath -m "$1")"
  bookworm_dir="$dir"
  # The root is a mount point of its own, as / is on a machine: /proc/self/mountinfo inside then
  # shows "/" with its device, so storage detection sees what it would see on a real install.
  bookworm_mount "$dir" --bind "$dir"
  # Private: the mounts below (and those tests make inside) do not propagate to this machine's /.
  mount --make-private "$dir"
  bookworm_mount "$dir/proc" -t proc proc
  bookworm_mount "$dir/sys" -t sysfs sysfs
  bookworm_mount "$dir/dev/pts" -t devpts -o newinstance,ptmxmode=0666,mode=0620 devpts
  [ -e "$dir/dev/ptmx" ] || touch "$dir/dev/ptmx"
  bookworm_mount "$dir/dev/ptmx" --bind "$dir/dev/pts/ptmx"
  # Every Debian machine has a tmpfs on /dev/shm (systemd mounts it); a chroot would have a plain folder.
  bookworm_mount "$dir/dev/shm" -t tmpfs -o mode=1777,nosuid,nodev tmpfs
  # Downloaded .debs are kept between runs (apt checks them against the index, so they stay honest).
  mkdir -p "$bookworm_cache/apt-archives/partial"
  bookworm_mount "$dir/var/cache/apt/archives" --bind "$bookworm_cache/apt-archives"
  # No services may start inside the chroot (the usual policy-rc.d for build roots).
  printf '#!/bin/sh\nexit 101\n' >"$dir/usr/sbin/policy-rc.d"
  chmod 755 "$dir/usr/sbin/policy-rc.d"
  # A throw-away root needs no fsync after every file: halves the install time on a slow disk.
  echo force-unsafe-io >"$dir/etc/dpkg/dpkg.cfg.d/hashscope-test-unsafe-io"
  # apt in the root keeps what it downloads (in the shared cache above) instead of deleting it.
  rm -f "$dir/etc/apt/apt.conf.d/docker-clean"
  cp /etc/resolv.conf "$dir/etc/resolv.conf" 2>/dev/null || true
}

bookworm_root_cleanup() {
  local i p
  # Whatever still runs inside (a test that hung) would keep the mounts busy: stop it.
  if [ -n "$bookworm_dir" ]; then
    for p in /proc/[0-9]*; do
      [ "$(readlink "$p/root" 2>/dev/null)" = "$bookworm_dir" ] && kill -9 "${p#/proc/}" 2>/dev/null || true
    done
  fi
  for ((i = ${#bookworm_mounts[@]} - 1; i >= 0; i--)); do
    umount "${bookworm_mounts[$i]}" 2>/dev/null || umount -l "${bookworm_mounts[$i]}" 2>/dev/null || true
  done
  bookworm_mounts=()
  [ -n "$bookworm_dir" ] && [ -d "$bookworm_dir" ] && [ "${BOOKWORM_KEEP:-0}" = 0 ] || return 0
  # Never delete through a mount that is still there (the apt cache, or the host's /proc).
  if awk -v d="$bookworm_dir" '$2 == d || index($2, d "/") == 1 {found = 1} END {exit !found}' /proc/mounts; then
    printf 'WARNING: %s still has mounts: left in place\n' "$bookworm_dir" >&2
    return 0
  fi
  rm -rf --one-file-system "$bookworm_dir"
}
