#!/usr/bin/env bash
# The functions a one-file call runs, for hashscope-cli's link to place side by side (issue 41): writes
# app/cli/start_order.txt, the section ordering file the link gives gold (app/cli/CMakeLists.txt).
#
#   tests/bench/start_order.sh [--cli build/bin/hashscope-cli] [--out app/cli/start_order.txt]
#
# Why: a call that hashes one file runs a few hundred functions, which the linker left scattered over 6 MB of
# code, so that each first touch of one costs a page fault (21 of a call's 98, xxhsum link on 4 KiB; each some
# microseconds in a VM). With our code built with -ffunction-sections and the libstdc++ archive's own
# function sections, gold puts the sections listed here first: 83 faults.
# How: every drop-in tool (on an empty, a 4 KiB and a 1 MiB file), `hash -a` with six algorithms, `md5sum -c`,
# `check` and `--version` run under valgrind's callgrind, which names every function each executes; the
# union of those in hashscope-cli itself, in the order first seen, becomes section names (.text.NAME, and
# .text.startup.NAME and .text.hot.NAME where GCC puts them; a constructor's complete-object symbol C1 lies in
# its base-object C2's section). Run it again after changing what a one-file call runs: a stale name only
# leaves its function where it was. Needs valgrind; any build with symbols will do.
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
cli="$root/build/bin/hashscope-cli" out="$root/app/cli/start_order.txt"
while [ $# -gt 0 ]; do
  case "$1" in
    --cli) cli=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    *) echo "start_order.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$cli" ] || { echo "start_order.sh: $cli not found: build first (./setup.sh build)" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "start_order.sh: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
cli=$(readlink -f "$cli")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
head -c 0 /dev/urandom >"$work/empty"
head -c 4096 /dev/urandom >"$work/4K"
head -c 1048576 /dev/urandom >"$work/1M"
mkdir "$work/links"
"$cli" install-links "$work/links" >/dev/null
"$work/links/md5sum" "$work/4K" >"$work/list"

calls=()
for tool in md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum b3sum xxhsum cksum sum; do
  for file in empty 4K 1M; do
    calls+=("$work/links/$tool $work/$file")
  done
done
for algorithm in md5 sha256 xxh64 blake3 crc32 cksum; do
  calls+=("$cli hash -a $algorithm $work/1M")
done
calls+=("$work/links/md5sum -c $work/list" "$cli check $work/list" "$cli --version")

: >"$work/names"
for call in "${calls[@]}"; do
  # shellcheck disable=SC2086  # the call's words (no spaces in these paths: mktemp's)
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/cg.out" $call >/dev/null 2>&1 ||
    { echo "start_order.sh: failed under valgrind: $call" >&2; exit 1; }
  # callgrind names an object and a function once, "ob=(N) PATH" / "fn=(N) NAME" (or cob=, cfn= for a
  # callee), then by number alone; a "fn=" line starts the costs of a function executed in the last "ob=".
  awk -v cli="$cli" '
    function define(kind, line,   id, rest) {
      id = line; sub(/^\(/, "", id); sub(/\).*$/, "", id)
      rest = line; if (sub(/^\([0-9]+\) /, "", rest)) names[kind, id] = rest
      return id
    }
    /^ob=/  { id = define("ob", substr($0, 4)); inCli = (names["ob", id] == cli); next }
    /^cob=/ { define("ob", substr($0, 5)); next }
    /^cfn=/ { define("fn", substr($0, 5)); next }
    /^fn=/  { id = define("fn", substr($0, 4))
              # not "(below main)", nor the address that names an unnamed function (0x40a040: no section)
              if (inCli && (("fn", id) in names) && names["fn", id] !~ /[ (]|^0x/) print names["fn", id] }
  ' "$work/cg.out" >>"$work/names"
done

awk '!seen[$0]++' "$work/names" >"$work/unique"
awk '
  { variants[1] = $0; n = 1
    for (i = 1; i <= 3; i++) {
      from = i == 1 ? "C1E" : i == 2 ? "D1E" : "C1I"; to = i == 1 ? "C2E" : i == 2 ? "D2E" : "C2I"
      if (index($0, from)) { v = $0; sub(from, to, v); variants[++n] = v }
    }
    for (k = 1; k <= n; k++) {
      print ".text.startup." variants[k]; print ".text.hot." variants[k]; print ".text." variants[k]
    }
  }' "$work/unique" >"$work/order"
{
  echo "# hashscope-cli's one-file path, first in its code (gold --section-ordering-file). Written by"
  echo "# tests/bench/start_order.sh from $(basename "$cli") $("$cli" --version | awk '{ print $NF }'), $(date -u +%Y-%m-%d)."
  cat "$work/order"
} >"$out"
echo "start_order.sh: $(wc -l <"$work/unique") functions, $out"
