#!/usr/bin/env bash
# Packs what the benchmark scripts need into one folder that runs on a Linux machine without HashScope's build
# dependencies (a big server, a cloud machine): measure there without building there.
#
#   tests/bench/bundle.sh DIR [--cli build/bin/hashscope-cli] [--baseline OTHER-BUILD/bin/hashscope-cli]
#
# DIR (created; must not exist yet) gets:
#   bin/      hashscope-cli (without its debug information), with --baseline also another build of it as
#             hashscope-cli-baseline (a before/after comparison in one run), and the peer tools found here (md5sum,
#             sha1sum, sha224sum, sha256sum, sha384sum, sha512sum, b2sum, cksum, sum, xxhsum, b3sum, md5deep,
#             openssl, hyperfine for one_file_calls.sh, cat, find, xargs), GNU time and strace (many_core.sh's
#             context switches and system calls), each as it is on this machine;
#   lib/      every shared library they load that is not part of the C library itself (found with ldd, and for
#             hashscope-cli those it opens when first needed: ISA-L), so whatever the build links shared comes
#             along (OpenSSL, xxHash, zlib, SQLite and the C++ runtime, where not linked statically);
#   bench/    the benchmark scripts (many_core.sh, peer_speed.sh, tree_speed.sh ...);
#   run.sh    runs a script from bench/ with bin/ first on PATH, lib/ on LD_LIBRARY_PATH and --cli set:
#               DIR/run.sh many_core.sh --runs 5
#             (copy DIR to the other machine first: tar -C DIR/.. -czf bundle.tgz NAME); with a baseline in the
#             bundle, the scripts that take --baseline (many_core.sh) are given it;
# For many_core.sh and peer_speed.sh the other machine needs a C library at least as new as this one's, bash,
# perl (every Debian and Ubuntu has perl-base), coreutils and findutils; nothing else. tree_speed.sh,
# stability.sh and fidelity.sh also need python3 (and fidelity.sh fio) there.
# installer/test-bundle-in-debootstrap.sh runs many_core.sh from a bundle on a clean Debian 12 root.
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
cli="$root/build/bin/hashscope-cli"
out="" baseline=""
while [ $# -gt 0 ]; do
  case "$1" in
    --cli) cli=$2; shift 2 ;;
    --baseline) baseline=$2; shift 2 ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    -*) echo "bundle.sh: unknown option $1" >&2; exit 2 ;;
    *) [ -z "$out" ] || { echo "bundle.sh: one folder, please" >&2; exit 2; }; out=$1; shift ;;
  esac
done
[ -n "$out" ] || { echo "usage: tests/bench/bundle.sh DIR [--cli PATH]" >&2; exit 2; }
[ -x "$cli" ] || { echo "bundle.sh: $cli not found: build first (./setup.sh build)" >&2; exit 2; }
[ -z "$baseline" ] || [ -x "$baseline" ] || { echo "bundle.sh: baseline $baseline not found" >&2; exit 2; }
[ ! -e "$out" ] || { echo "bundle.sh: $out exists: give a new folder (nothing is overwritten)" >&2; exit 2; }
mkdir -p "$out/bin" "$out/lib" "$out/bench"

# The C library and its loader stay the target's own: they must match its kernel and each other.
system_lib() {
  case "$(basename "$1")" in
    ld-linux*|libc.so*|libm.so*|libpthread.so*|libdl.so*|librt.so*|libresolv.so*|libutil.so*|libanl.so*) return 0 ;;
  esac
  return 1
}
copy_lib_files() {  # the libraries named on stdin, one path a line, but the C library's, into lib/
  while read -r lib; do
    system_lib "$lib" && continue
    [ -e "$out/lib/$(basename "$lib")" ] || cp -L "$lib" "$out/lib/"
  done
}
copy_libs() {  # copy_libs BINARY: its shared libraries (not the C library's) into lib/
  ldd "$1" 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }' | copy_lib_files
}
add_tool() {  # add_tool NAME: the tool found on PATH (skipped when absent)
  local path
  path=$(command -v "$1" 2>/dev/null) || { echo "  (not here: $1)"; return 0; }
  case "$path" in /*) ;; *) echo "  (not a program: $1)"; return 0 ;; esac
  cp -L "$path" "$out/bin/$1"
  copy_libs "$path"
}

add_cli() {  # add_cli BINARY NAME: a hashscope-cli build, its debug information left out (a tenth of the size)
  cp -L "$1" "$out/bin/$2"
  if command -v strip >/dev/null; then strip --strip-debug "$out/bin/$2"; fi
  copy_libs "$1"
  # ...and the libraries it opens only when first needed (ISA-L, for a checksum past 64 KiB), which ldd cannot
  # list: those the loader initialises while `algorithms` names every implementation (which opens them all).
  LD_DEBUG=libs "$1" algorithms 2>&1 >/dev/null | sed -n 's/.*calling init: \(\/.*\)$/\1/p' | copy_lib_files
  echo "bundle.sh: $2 is $("$1" --version | head -1)"
}
add_cli "$cli" hashscope-cli
[ -z "$baseline" ] || add_cli "$baseline" hashscope-cli-baseline
for tool in md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum cksum sum xxhsum b3sum md5deep openssl \
            hyperfine cat find xargs strace; do add_tool "$tool"; done
if [ -x /usr/bin/time ]; then cp -L /usr/bin/time "$out/bin/time"; copy_libs /usr/bin/time; else echo "  (not here: GNU time)"; fi
cp "$root"/tests/bench/*.sh "$out/bench/"
rm -f "$out/bench/bundle.sh"
cat >"$out/run.sh" <<'RUN'
#!/usr/bin/env bash
# Runs a benchmark script of this bundle: DIR/run.sh many_core.sh [its options]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
[ $# -ge 1 ] || { echo "usage: $0 SCRIPT [OPTIONS] (scripts: $(cd "$here/bench" && echo *.sh))" >&2; exit 2; }
script=$1; shift
[ -f "$here/bench/$script" ] || { echo "$0: no $script in $here/bench" >&2; exit 2; }
export PATH="$here/bin:$PATH" LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
args=()
if grep -q -- '--cli)' "$here/bench/$script"; then args+=(--cli "$here/bin/hashscope-cli"); fi
if [ -x "$here/bin/hashscope-cli-baseline" ] && grep -q -- '--baseline)' "$here/bench/$script"; then
  args+=(--baseline "$here/bin/hashscope-cli-baseline")
fi
exec bash "$here/bench/$script" "${args[@]}" "$@"
RUN
chmod +x "$out/run.sh"
# Every program must start with the bundled libraries alone (a library ldd could not find fails here).
missing=$(LD_LIBRARY_PATH="$out/lib" ldd "$out"/bin/* 2>/dev/null | grep 'not found' || true)
[ -z "$missing" ] || { echo "bundle.sh: libraries not found: $missing" >&2; exit 1; }
echo "bundle.sh: $out ($(du -sh "$out" | cut -f1)): $(ls "$out/bin" | tr '\n' ' ')"
echo "  run: $out/run.sh many_core.sh   (or peer_speed.sh; tree_speed.sh needs python3 there)"
