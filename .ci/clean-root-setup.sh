#!/usr/bin/env bash
# The README's two commands, exactly, on a clean Debian 12 machine:
#   1. a debootstrap minbase bookworm root plus git and nothing else (installer/bookworm-root.sh: its own
#      /, /proc, /sys, /dev/pts and a tmpfs on /dev/shm, as a booted machine has);
#   2. `git clone` of this checkout's committed HEAD inside it (uncommitted files are not in it, so a
#      file that was never committed fails here too);
#   3. `./setup.sh run` (no display: the headless CLI benchmark) and `./setup.sh test`, as root, with
#      a login-like environment that has nothing of this machine's.
# A package setup.sh forgets to install, because this machine happened to have it, makes step 3 fail
# and this script exit non-zero. Needs root (debootstrap, chroot, mounts) and debootstrap.
# The skips of `./setup.sh test` there, with their reasons, must be those the clone's .ci/clean-root-skips.txt
# lists (.ci/check-skips.sh): a test that starts or stops skipping on a clean machine fails this script.
#   .ci/clean-root-setup.sh [--package] [--keep] [--fresh] [--update-skips]
#     --package  then also `./setup.sh package` (the .deb/.rpm/.tar.gz and their checks, without the
#                nested --debootstrap), to prove the packaging's package list on the clean root too
#     --update-skips  write the skips of this run into this checkout's .ci/clean-root-skips.txt (after a
#                deliberate change)
#     --keep   leave the root in build/clean-root/root afterwards (unmounted, for a look inside)
#     --fresh  debootstrap again instead of unpacking the cached minbase tarball
# Logs: build/clean-root/{run,test,package}.log. Timings are printed at the end.
set -euo pipefail
root_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=installer/bookworm-root.sh
. "$root_dir/installer/bookworm-root.sh"
work="$root_dir/build/clean-root"
chroot_dir="$work/root"
fresh="" with_package=0 update_skips=0
while [ $# -gt 0 ]; do
  case "$1" in
    --keep) export BOOKWORM_KEEP=1; shift ;;
    --fresh) fresh=--fresh; shift ;;
    --package) with_package=1; shift ;;
    --update-skips) update_skips=1; shift ;;
    *) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
done
log() { bookworm_log "$@"; }
[ "$(id -u)" = 0 ] || bookworm_fail "run as root: debootstrap, chroot and mount need it"
git -C "$root_dir" diff --quiet HEAD 2>/dev/null ||
  log "Note: uncommitted changes here are not tested: the root gets a clone of HEAD"
mkdir -p "$work"
trap 'bookworm_root_cleanup; rm -f "${cpu_file:-}"' EXIT
trap "exit 130" INT
trap "exit 143" TERM

# CPU seconds (user + system) of all finished child processes so far, chroot included.
# (`times` must run in this shell, not in a pipe or $(...): a subshell counts only its own children.)
cpu_file="$(mktemp)"
children_cpu() {  # sets cpu_now
  times >"$cpu_file"
  cpu_now="$(awk 'NR == 2 {
    n = 0
    for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); n += t[1] * 60 + t[2] }
    printf "%d", n }' "$cpu_file")"
}
timings=()
cpu_at=0
part() {  # part NAME START: remember how long a part took (wall, and CPU since the last part)
  children_cpu
  timings+=("$(printf '%-40s %5d s wall, %5d s CPU' "$1" $((SECONDS - $2)) $((cpu_now - cpu_at)))")
  cpu_at=$cpu_now
}

t=$SECONDS
bookworm_root_make "$chroot_dir" $fresh
bookworm_root_enter "$chroot_dir"
part "minbase root" "$t"

t=$SECONDS
log "apt-get install git (minbase plus git: the machine the README starts from)"
in_root apt-get update -qq
in_root apt-get install -y -qq --no-install-recommends git >"$work/git-install.log" 2>&1 ||
  { tail -n 30 "$work/git-install.log" >&2; bookworm_fail "apt-get install git (log: $work/git-install.log)"; }
git -C "$root_dir" bundle create "$chroot_dir/root/hashscope.bundle" HEAD 2>/dev/null
in_root git -c advice.detachedHead=false clone -q /root/hashscope.bundle /root/HashScope
rm -f "$chroot_dir/root/hashscope.bundle"
log "Cloned $(in_root git -C /root/HashScope log -1 --format='%h %s')"
part "git + clone" "$t"

# dpkg's line per package unpacked and set up: in the log file, not on the console.
dpkg_chatter='^(Selecting previously unselected|Preparing to unpack|Unpacking |Setting up |\(Reading database|Processing triggers|update-alternatives: |debconf: )'

# A root login's environment on a fresh machine: no DISPLAY, no CI variables, nothing of this host's.
as_user() {
  local name="$1" limit="$2" command="$3"
  log "$command"
  local rc=0
  timeout --kill-after=30 "$limit" chroot "$chroot_dir" /usr/bin/env -i \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root USER=root LOGNAME=root \
    SHELL=/bin/bash LANG=C.UTF-8 TERM=dumb \
    /bin/bash -c "cd /root/HashScope && $command" </dev/null 2>&1 | tee "$work/$name.log" |
    { grep -v --line-buffered -E "$dpkg_chatter" || true; } || rc=$?
  if [ "$rc" != 0 ]; then
    [ "$rc" = 124 ] && log "$command: still running after $limit s, stopped"
    part "$command (FAILED)" "$t"
    printf '  %s\n' "${timings[@]}" >&2
    bookworm_fail "$command exited with $rc in the clean root (log: $work/$name.log)"
  fi
}

t=$SECONDS
as_user run 2400 "./setup.sh run"
part "./setup.sh run (install, build, bench)" "$t"

t=$SECONDS
as_user test 2400 "./setup.sh test"
part "./setup.sh test" "$t"
# Its skips against the clone's list (with --update-skips: written into this checkout's list instead).
clone="$chroot_dir/root/HashScope"
if [ "$update_skips" = 1 ]; then
  cp "$clone/.ci/clean-root-skips.txt" "$work/clean-root-skips.txt" 2>/dev/null || : >"$work/clean-root-skips.txt"
  "$root_dir/.ci/check-skips.sh" "$work/clean-root-skips.txt" "$clone/build/Testing/skipped.tsv" \
    "$clone/build/Testing/ctest-output.txt" --update || true
  cp "$work/clean-root-skips.txt" "$root_dir/.ci/clean-root-skips.txt"
  log "Wrote the skips of this run into $root_dir/.ci/clean-root-skips.txt"
else
  "$root_dir/.ci/check-skips.sh" "$clone/.ci/clean-root-skips.txt" "$clone/build/Testing/skipped.tsv" \
    "$clone/build/Testing/ctest-output.txt" ||
    bookworm_fail "the skips of ./setup.sh test in the clean root are not those .ci/clean-root-skips.txt lists"
fi

# Beyond the README: the packaging command, so its package list is proven on a clean root too.
if [ "$with_package" = 1 ]; then
  t=$SECONDS
  as_user package 2400 "./setup.sh package"
  part "./setup.sh package (no --debootstrap)" "$t"
fi

log "PASSED: the README's commands on a clean Debian 12 root"
printf '  %s\n' "${timings[@]}" >&2
