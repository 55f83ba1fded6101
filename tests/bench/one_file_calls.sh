#!/usr/bin/env bash
# One file, one call (issue 41): each drop-in tool hashscope-cli installs (install-links) and `hash -a` on one
# file, against the installed tool it replaces, the way scripts, `find -exec ... \;` and build systems call it.
#
#   tests/bench/one_file_calls.sh [--runs 30] [--warmup 5] [--dir /dev/shm] [--cli build/bin/hashscope-cli]
#                                 [--baseline OTHER-CLI] [--only md5sum,b3sum,...] [--sizes empty,4K,1M,16M]
#
# Files: empty, 4 KiB, 1 MiB and 16 MiB of random bytes in --dir (RAM by default). For every tool (md5sum,
# sha1sum, sha224sum, sha256sum, sha384sum, sha512sum, b2sum, b3sum, xxhsum, cksum, sum) and file, hyperfine
# times the installed tool, its hashscope-cli link and `hashscope-cli hash -a ALGO` (-N: no shell between;
# --runs runs each after --warmup ones), and the table gives the medians in ms and each one's ratio to the
# tool's. `check`: `md5sum -c LIST` of a one-file list against the link's `md5sum -c` and `hashscope-cli check`.
# `--version`: hashscope-cli --version against md5sum --version.
# Goals (issue 41): ratio <= 1.25 for the empty and 4 KiB files, <= 1.10 for 1 MiB and 16 MiB (links, hash -a
# and check alike); --version <= 1.5. Each ratio is marked ok or MISSED; the summary counts them.
# --baseline: also times another build's links and hash -a (before/after a change), in the same hyperfine call.
# Before timing, each link's output is compared with the tool's (a wrong digest is reported, not timed).
# Timings on a busy machine say little: run it on a quiet one. Everything made is removed on exit.
# From a bundle (tests/bench/bundle.sh): DIR/run.sh one_file_calls.sh (hyperfine and the tools come with it).
set -euo pipefail

runs=30 warmup=5 dir=/dev/shm baseline="" only="" sizes="empty,4K,1M,16M"
cli="$(cd "$(dirname "$0")/../.." && pwd)/build/bin/hashscope-cli"
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --warmup) warmup=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    --cli) cli=$2; shift 2 ;;
    --baseline) baseline=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --sizes) sizes=$2; shift 2 ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    *) echo "one_file_calls.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$cli" ] || { echo "one_file_calls.sh: $cli not found: build first (./setup.sh build)" >&2; exit 2; }
[ -z "$baseline" ] || [ -x "$baseline" ] || { echo "one_file_calls.sh: baseline $baseline not found" >&2; exit 2; }
command -v hyperfine >/dev/null || { echo "one_file_calls.sh: needs hyperfine (apt-get install hyperfine)" >&2; exit 2; }

work=$(mktemp -d "$dir/hashscope-one-file-XXXXXX")
trap 'rm -rf "$work"' EXIT
cli=$(cd "$(dirname "$cli")" && pwd)/$(basename "$cli")
mkdir "$work/links"
"$cli" install-links "$work/links" >/dev/null
if [ -n "$baseline" ]; then
  baseline=$(cd "$(dirname "$baseline")" && pwd)/$(basename "$baseline")
  mkdir "$work/baseline-links"
  "$baseline" install-links "$work/baseline-links" >/dev/null
fi

# tool : hash -a algorithm
tools=(md5sum:md5 sha1sum:sha1 sha224sum:sha224 sha256sum:sha256 sha384sum:sha384 sha512sum:sha512
       b2sum:blake2b-512 b3sum:blake3 xxhsum:xxh64 cksum:cksum sum:sum-bsd)
declare -A bytes=([empty]=0 [4K]=4096 [1M]=1048576 [16M]=16777216)
declare -A limit=([empty]=1.25 [4K]=1.25 [1M]=1.10 [16M]=1.10)
IFS=, read -r -a size_list <<<"$sizes"
for s in "${size_list[@]}"; do
  [ -n "${bytes[$s]+x}" ] || { echo "one_file_calls.sh: sizes are empty, 4K, 1M, 16M (not $s)" >&2; exit 2; }
  head -c "${bytes[$s]}" /dev/urandom >"$work/file-$s"
done
wanted() { [ -z "$only" ] || [[ ",$only," == *",$1,"* ]]; }
q() { printf '%q' "$1"; }

# The installed tool NAME, unless what PATH finds is hashscope-cli itself (links installed over it).
reference() {
  local path
  path=$(command -v "$1" 2>/dev/null) || return 1
  [ "$(readlink -f "$path")" != "$(readlink -f "$cli")" ] || return 1
  printf '%s' "$path"
}

ok=0 missed=0 wrong=0
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
judge() {  # judge RATIO LIMIT: $verdict = ok or MISSED, counted
  if awk -v r="$1" -v l="$2" 'BEGIN { exit !(r <= l) }'; then ok=$((ok + 1)) verdict=ok; else missed=$((missed + 1)) verdict=MISSED; fi
}

# time_row LABEL LIMIT NAME CMD [NAME CMD ...]: one hyperfine call; the first command is the reference, the
# others get their median and ratio, judged against LIMIT (a baseline's, named b*, is shown, not judged); prints
# one row.
time_row() {
  local label=$1 lim=$2; shift 2
  local args=() names=() n csv="$work/times.csv"
  while [ $# -gt 0 ]; do names+=("$1"); args+=(-n "$1" "$2"); shift 2; done
  if ! hyperfine -N --style none --warmup "$warmup" --runs "$runs" --export-csv "$csv" "${args[@]}" >/dev/null 2>"$work/err"; then
    printf '%-24s FAILED: %s\n' "$label" "$(grep -m1 Error "$work/err" || tail -1 "$work/err")"
    missed=$((missed + 1))
    return
  fi
  declare -A median=()
  while IFS=, read -r n _ _ med _; do median[$n]=$med; done < <(tail -n +2 "$csv")
  local ref=${median[${names[0]}]} line
  line=$(printf '%-24s %9.3f' "$label" "$(awk -v s="$ref" 'BEGIN { print s * 1000 }')")
  for n in "${names[@]:1}"; do
    local r
    r=$(ratio "${median[$n]}" "$ref")
    verdict=-
    [[ $n == b* ]] || judge "$r" "$lim"
    line+=$(printf ' | %9.3f %5s %-6s' "$(awk -v s="${median[$n]}" 'BEGIN { print s * 1000 }')" "$r" "$verdict")
  done
  printf '%s\n' "$line"
}

header() {  # header COLUMN...
  local line
  line=$(printf '%-24s %9s' "command, file" "tool ms")
  for c in "$@"; do line+=$(printf ' | %9s %5s %-6s' "$c ms" "x" "goal"); done
  printf '%s\n' "$line"
}

echo "one_file_calls.sh: $("$cli" --version | head -1) ($cli)$([ -n "$baseline" ] && echo ", baseline $("$baseline" --version | head -1) ($baseline)")"
echo "  $(hyperfine --version), -N, medians of $runs runs after $warmup, files in $dir, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "  goals: x <= 1.25 (empty, 4K), <= 1.10 (1M, 16M), --version <= 1.5; x = median / the tool's median"
echo
columns=(link "hash -a")
[ -z "$baseline" ] || columns+=("base link" "base -a")
header "${columns[@]}"

for entry in "${tools[@]}"; do
  tool=${entry%%:*} algo=${entry#*:}
  wanted "$tool" || continue
  if ! ref=$(reference "$tool"); then
    printf '%-24s (no %s here to compare with)\n' "$tool" "$tool"
    continue
  fi
  for s in "${size_list[@]}"; do
    file="$work/file-$s"
    # stdout only: xxhsum clears a status line on stderr.
    want=$("$ref" "$file" 2>/dev/null | sed "s|$work/||") || true
    got=$("$work/links/$tool" "$file" 2>/dev/null | sed "s|$work/||") || true
    if [ "$want" != "$got" ]; then
      printf '%-24s WRONG: %s printed %s, %s printed %s\n' "$tool $s" "$tool" "$want" "the link" "$got"
      wrong=$((wrong + 1))
      continue
    fi
    row=(ref "$(q "$ref") $(q "$file")" link "$(q "$work/links/$tool") $(q "$file")"
         hash "$(q "$cli") hash -a $algo $(q "$file")")
    [ -z "$baseline" ] || row+=(blink "$(q "$work/baseline-links/$tool") $(q "$file")"
                                 bhash "$(q "$baseline") hash -a $algo $(q "$file")")
    time_row "$tool $s" "${limit[$s]}" "${row[@]}"
  done
done

if wanted check && ref=$(reference md5sum); then
  echo
  header "link -c" check $([ -z "$baseline" ] || echo "base-c")
  for s in "${size_list[@]}"; do
    list="$work/list-$s"
    "$ref" "$work/file-$s" >"$list"
    row=(ref "$(q "$ref") -c $(q "$list")" link "$(q "$work/links/md5sum") -c $(q "$list")"
         check "$(q "$cli") check $(q "$list")")
    [ -z "$baseline" ] || row+=(bcheck "$(q "$baseline") check $(q "$list")")
    time_row "md5sum -c, $s" "${limit[$s]}" "${row[@]}"
  done
fi

if wanted version && ref=$(reference md5sum); then
  echo
  header "--version" $([ -z "$baseline" ] || echo "base")
  row=(ref "$(q "$ref") --version" ours "$(q "$cli") --version")
  [ -z "$baseline" ] || row+=(base "$(q "$baseline") --version")
  time_row "--version (md5sum's)" 1.5 "${row[@]}"
fi

echo
echo "Summary: $ok ok, $missed MISSED$([ "$wrong" = 0 ] || echo ", $wrong WRONG digests") (goals of $cli)"
