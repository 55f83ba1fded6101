#!/usr/bin/env bash
# Runs the benchmark bundle (tests/bench/bundle.sh) on a clean Debian 12 (bookworm) minbase root, a machine
# that has none of HashScope's build dependencies, as a user measuring a server without building there:
#   1. tests/bench/bundle.sh makes the bundle from build/bin/hashscope-cli (or --cli PATH);
#   2. a minbase bookworm root (installer/bookworm-root.sh: cached tarball, its own /proc, /sys and a tmpfs on
#      /dev/shm), into which only the bundle is copied: nothing is installed there;
#   3. checks that the root lacks the libraries hashscope-cli links (it must then fail to start without the
#      bundle's lib/, which proves the bundle brings them), and that it starts with them;
#   4. runs DIR/run.sh many_core.sh --quick --jobs 2 (or the --jobs given) inside, with an empty environment,
#      and checks that every row it times ran (no command failed, every summary line has a result).
# Needs root (debootstrap, chroot, mounts) and debootstrap. The figures of a --quick run on a shared machine
# only show that the script works, not what the machine can do.
#   installer/test-bundle-in-debootstrap.sh [--cli PATH] [--jobs N] [--runs R] [--keep] [--fresh]
set -euo pipefail
root_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=installer/bookworm-root.sh
. "$root_dir/installer/bookworm-root.sh"
work="$root_dir/build/bundle-check"
chroot_dir="$work/root"
cli="$root_dir/build/bin/hashscope-cli" jobs=2 runs=1 fresh=""
while [ $# -gt 0 ]; do
  case "$1" in
    --cli) cli="$(realpath "$2")"; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --keep) export BOOKWORM_KEEP=1; shift ;;
    --fresh) fresh=--fresh; shift ;;
    *) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
done
log() { bookworm_log "$@"; }
fail() { bookworm_fail "$@"; }
[ "$(id -u)" = 0 ] || fail "run as root: debootstrap, chroot and mount need it"
[ -x "$cli" ] || fail "$cli not found: build first"
mkdir -p "$work"
trap bookworm_root_cleanup EXIT
trap "exit 130" INT
trap "exit 143" TERM

# 1. The bundle.
rm -rf "$work/bundle"
"$root_dir/tests/bench/bundle.sh" "$work/bundle" --cli "$cli" >&2

# 2. The clean root, with the bundle copied in.
bookworm_root_make "$chroot_dir" $fresh
bookworm_root_enter "$chroot_dir"
mkdir -p "$chroot_dir/opt"
cp -a "$work/bundle" "$chroot_dir/opt/hashscope-bench"

# 3. The root has none of the libraries the bundle brings, so the CLI starts only with the bundle's lib/.
missing=$(in_root sh -c 'cd /opt/hashscope-bench/lib && for l in *; do [ -e "/usr/lib/x86_64-linux-gnu/$l" ] || [ -e "/lib/x86_64-linux-gnu/$l" ] || echo "$l"; done')
[ -n "$missing" ] || fail "the clean root already has every library of the bundle: it proves nothing"
log "Libraries only the bundle has: $(echo $missing)"
if in_root /opt/hashscope-bench/bin/hashscope-cli --version >/dev/null 2>&1; then
  fail "hashscope-cli started in the clean root without the bundle's libraries"
fi
in_root env LD_LIBRARY_PATH=/opt/hashscope-bench/lib /opt/hashscope-bench/bin/hashscope-cli --version >&2 ||
  fail "hashscope-cli does not start in the clean root with the bundle's libraries"

# 4. The many-core benchmark from the bundle.
log "many_core.sh --quick --jobs $jobs --runs $runs in the clean root"
status=0
in_root /opt/hashscope-bench/run.sh many_core.sh --quick --jobs "$jobs" --runs "$runs" \
  >"$work/many_core.log" 2>&1 || status=$?
cat "$work/many_core.log"
[ "$status" = 0 ] || fail "many_core.sh exited with status $status (log: $work/many_core.log)"
# A timed command that failed (its median then times an error message) or a row without a figure is a failure
# of the bundle, not a slow machine: every summary line must carry a ratio, a speed-up or a size.
summary=$(awk '/^Summary/ { on = 1; next } on' "$work/many_core.log")
[ -n "$summary" ] || fail "many_core.sh printed no summary"
bad=$(printf '%s\n' "$summary" | grep -Ev ' (ok|MISSED)$' || true)
[ -z "$bad" ] || fail "rows without a result: $bad"
grep -q 'failed:' "$work/many_core.log" && fail "a timed command failed (see above)"
log "The bundle ran in a clean Debian 12 root: $(printf '%s\n' "$summary" | wc -l) rows"
