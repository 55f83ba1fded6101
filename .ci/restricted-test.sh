#!/usr/bin/env bash
# The test suite as a user's or a packager's machine runs it. The tree ./setup.sh test built (build/) runs
# again, as the unprivileged user nobody, in a private mount namespace where
#   - /tmp is a fresh tmpfs (as on Fedora and Arch: size=50%, nodev, nosuid),
#   - there is no /dev/shm (/dev holds only null, zero, full, random, urandom, tty, and ptmx with a devpts of
#     its own, as in a container),
#   - PATH is one folder with only the programs the tests start themselves (sh, bash, cat, env, grep, ls, tr, mv, rm, nm,
#     sleep and the util-linux tools below): none of the peer hash tools (md5sum, openssl, xxhsum, b3sum ...), no sqlite3.
# Every test must pass or say why it skipped, and the skips (test name, whole or part, and reason) must be
# exactly those listed in .ci/restricted-skips.txt (.ci/check-skips.sh): a test that starts skipping here, stops,
# or skips for another reason fails this run.
#   .ci/restricted-test.sh [--build DIR] [--update]
#     --build DIR  the built tree (default build/)
#     --update     write the skips of this run into .ci/restricted-skips.txt (after a deliberate change)
# Needs root (unshare, mount, setpriv). Logs and CTest's files: DIR/restricted/. Ends with the skip lines
# and "N passed, N failed, N skipped", as ./setup.sh test does.
set -euo pipefail
root_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$root_dir/build" update=0
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build="$(realpath "$2")"; shift 2 ;;
    --update) update=1; shift ;;
    *) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
done
expected_file="$root_dir/.ci/restricted-skips.txt"
log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
fail() { printf 'FAILED: %s\n' "$*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || fail "run as root: unshare, mount and setpriv need it"
[ -f "$build/CTestTestfile.cmake" ] || fail "no built tree in $build: run ./setup.sh test (or build) first"
ctest_bin="$(command -v ctest)" || fail "ctest is missing"
user=65534  # nobody / nogroup on Debian

# The programs the tests run through PATH (everything else they start by its full path). No peer tool:
# findPeerTools() must find none here.
tools=(sh bash cat env grep ls tr mv rm sleep mount umount unshare script prlimit setpriv nm)
peer_programs=(md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum cksum sum openssl md5deep sha1deep
  sha256deep hashdeep xxhsum b3sum)
for tool in "${tools[@]}"; do
  for peer in "${peer_programs[@]}"; do
    [ "$tool" != "$peer" ] || fail "$tool is a peer tool: it must not be on the restricted PATH"
  done
done

out="$build/restricted"
rm -rf "$out"
mkdir -p "$out/bin" "$out/Testing" "$out/dev" "$build/Testing"
for tool in "${tools[@]}"; do
  path="$(command -v "$tool")" || fail "$tool is missing (the tests run it): install it"
  ln -s "$(realpath "$path")" "$out/bin/$tool"
done
: >"$out/skipped.tsv"
chown -R "$user:$user" "$out/Testing" "$out/skipped.tsv"
# nobody must reach the tree: every folder above it must be open to others.
setpriv --reuid="$user" --regid="$user" --clear-groups test -x "$build/bin/hashscope_core_tests" ||
  fail "the user nobody cannot run $build/bin/hashscope_core_tests (a folder above it is closed to others)"

log "The suite as nobody: tmpfs /tmp, no /dev/shm, PATH=$out/bin only"
rc=0
# A tree under /tmp (a CI clone in /tmp/ci-check) would be hidden by the fresh /tmp: the old /tmp is held
# at an empty folder outside it, and the tree is bound back at its own path inside the new one.
hold="$(mktemp -d /var/tmp/hashscope-restricted-hold.XXXXXX)"
trap 'rmdir "$hold" 2>/dev/null || true' EXIT
# shellcheck disable=SC2016  # expanded by the inner shell
unshare --mount --propagation private -- bash -euo pipefail -c '
  out="$1" build="$2" ctest_bin="$3" user="$4" hold="$5" root_dir="$6"
  mount --bind /tmp "$hold"
  mount -t tmpfs -o mode=1777,size=50%,nr_inodes=1m,nosuid,nodev hashscope-tmp /tmp
  for tree in "$root_dir" "$build"; do
    case "$tree" in
      /tmp/*)
        if [ ! -d "$tree" ]; then
          mkdir -p "$tree"
          mount --bind "$hold/${tree#/tmp/}" "$tree"
        fi ;;
    esac
  done
  mount -t tmpfs -o mode=755,size=1m hashscope-dev "$out/dev"
  for node in null zero full random urandom tty; do
    touch "$out/dev/$node"
    mount --bind "/dev/$node" "$out/dev/$node"
  done
  # Pseudo-terminals (the progress bar test runs the CLI under `script`): a devpts of its own, as a
  # container has: the host /dev/ptmx bound here cannot find it ("failed to create pseudo-terminal").
  mkdir "$out/dev/pts"
  mount -t devpts -o newinstance,ptmxmode=0666,mode=620 hashscope-pts "$out/dev/pts"
  ln -s pts/ptmx "$out/dev/ptmx"
  ln -s /proc/self/fd "$out/dev/fd"
  ln -s /proc/self/fd/0 "$out/dev/stdin"
  ln -s /proc/self/fd/1 "$out/dev/stdout"
  ln -s /proc/self/fd/2 "$out/dev/stderr"
  mount --move "$out/dev" /dev
  mount --bind "$out/Testing" "$build/Testing"
  mkdir /tmp/home
  chown "$user:$user" /tmp/home
  cd /tmp/home
  exec setpriv --reuid="$user" --regid="$user" --clear-groups \
    env -i PATH="$out/bin" HOME=/tmp/home USER=nobody LOGNAME=nobody LANG=C.UTF-8 TERM=dumb \
    QT_QPA_PLATFORM=offscreen HASHSCOPE_SKIP_LOG="$out/skipped.tsv" HASHSCOPE_HISTORY_DB=/tmp/test-history.sqlite \
    "$ctest_bin" --test-dir "$build" --output-on-failure --no-tests=error --timeout 600
' restricted "$out" "$build" "$ctest_bin" "$user" "$hold" "$root_dir" </dev/null 2>&1 | tee "$out/ctest-output.txt" || rc=$?

# The summary, as ./setup.sh test gives it (tests/summarise.sh): each skip with its reason, each failure with
# the start of its output, then the counts.
output="$out/ctest-output.txt"
summary="$("$root_dir/tests/summarise.sh" "$output" "$out/skipped.tsv")" ||
  fail "the restricted run ended without CTest's summary (exit $rc): see above"
printf '%s\n' "$summary"
failed="$(printf '%s\n' "$summary" | sed -n 's/^[0-9]* passed, \([0-9]*\) failed, .*/\1/p')"
problems=()
[ "$rc" = 0 ] || problems+=("CTest exited with $rc ($failed failed)")
# The skips, with their reasons, against the expected list (.ci/check-skips.sh, as CI's parts 2 and 4 do).
echo
check=("$root_dir/.ci/check-skips.sh" "$expected_file" "$out/skipped.tsv" "$output")
[ "$update" = 1 ] && check+=(--update)
"${check[@]}" || problems+=("the skips are not the expected ones")
if [ "${#problems[@]}" -gt 0 ]; then
  fail "restricted run: $(IFS=';'; echo "${problems[*]}")"
fi
log "PASSED: every test passed or said why it skipped, and the skips are the expected ones"
