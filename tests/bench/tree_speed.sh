#!/usr/bin/env bash
# Speed of `hashscope-cli hash -r` over trees of files, and stream scaling, against the issue 12 goals.
#
#   tests/bench/tree_speed.sh [--runs 5] [--dir /dev/shm] [--cli build/bin/hashscope-cli] [--quick]
#                             [--baseline OTHER-CLI] [--no-ramp] [--only lognormal|tiny]
#
# Trees are made in --dir (RAM by default) from a fixed seed, so every run hashes the same bytes:
#   lognormal: 2390 files, 1 GiB in all, lognormal sizes (sigma 1.5), 40 folders;
#   tiny:      100000 files of 0..2 KiB in 100 folders.
# md5 over the lognormal tree with 2 jobs against `find | xargs -0 -n 100 -P2 md5sum` (-n so that xargs
# really runs two md5sum at once) and `md5deep -r -j2`; md5 over the tiny files against
# `find | xargs -0 md5sum`. Ramp: `bench -w hash-memory -w hash-file` from --dir (warm) with 1 and 2
# streams, 2 streams >= 0.95 x 2 x one stream. Commands are interleaved run by run; medians of --runs.
# --quick: smaller trees (for trying the script, not for the goals). --baseline: also time another build's
# hashscope-cli, interleaved with the others (before/after a change). --no-ramp, --only: run less (each
# run under the shared bench lock stays short). Everything made is removed on exit.
set -euo pipefail

runs=5 dir=/dev/shm quick=0 baseline="" ramp=1 only=""
cli="$(cd "$(dirname "$0")/../.." && pwd)/build/bin/hashscope-cli"
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    --cli) cli=$2; shift 2 ;;
    --quick) quick=1; shift ;;
    --baseline) baseline=$2; shift 2 ;;
    --no-ramp) ramp=0; shift ;;
    --only) only=$2; shift 2 ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    *) echo "tree_speed.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$cli" ] || { echo "tree_speed.sh: $cli not found: build first" >&2; exit 2; }
[ -z "$baseline" ] || [ -x "$baseline" ] || { echo "tree_speed.sh: baseline $baseline not found" >&2; exit 2; }
case "$only" in ""|lognormal|tiny) ;; *) echo "tree_speed.sh: --only lognormal or tiny" >&2; exit 2 ;; esac
work=$(mktemp -d "$dir/hashscope-tree-bench-XXXXXX")
trap 'rm -rf "$work"' EXIT

files_log=2390 bytes_log=$((1024 * 1024 * 1024)) files_tiny=100000
[ "$quick" = 1 ] && files_log=300 bytes_log=$((64 * 1024 * 1024)) files_tiny=5000

make_tree() {  # make_tree DIR COUNT TOTAL_BYTES KIND
  python3 - "$@" <<'PY'
import os, random, sys
root, count, total, kind = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rng = random.Random(20261122)
pool = rng.randbytes(64 << 20) if kind == "lognormal" else rng.randbytes(1 << 20)
if kind == "lognormal":
    raw = [rng.lognormvariate(0, 1.5) for _ in range(count)]
    scale = total / sum(raw)
    sizes = [int(r * scale) for r in raw]
    sizes[0] += total - sum(sizes)
    folders = 40
else:
    sizes = [rng.randrange(0, 2049) for _ in range(count)]
    folders = 100
for i, size in enumerate(sizes):
    d = os.path.join(root, "d%03d" % (i % folders))
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "f%06d.bin" % i), "wb") as f:
        off = (i * 7919) % len(pool)
        while size > 0:
            chunk = pool[off:off + size]
            f.write(chunk)
            size -= len(chunk)
            off = 0
PY
}

now_ns() { date +%s%N; }
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
have() { command -v "$1" >/dev/null 2>&1; }
summary=()

# run_group TITLE NAME1 CMD1 NAME2 CMD2 ... (CMD: a shell command line); medians printed, ratios vs the first
declare -A med
run_group() {
  local title=$1; shift
  local names=() cmds=() i r
  while [ $# -gt 0 ]; do names+=("$1"); cmds+=("$2"); shift 2; done
  declare -A times=()
  for ((r = 0; r < runs; r++)); do
    for i in "${!cmds[@]}"; do
      local t0 t1
      t0=$(now_ns); bash -c "${cmds[$i]}" >/dev/null; t1=$(now_ns)
      times[$i]+="$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", (b - a) / 1e9 }') "
    done
  done
  printf '\n%s (%d runs, medians)\n' "$title" "$runs"
  printf '  %-58s %9s %9s\n' "command" "seconds" "vs first"
  local first=""
  for i in "${!cmds[@]}"; do
    # shellcheck disable=SC2086
    local m; m=$(median ${times[$i]})
    [ -z "$first" ] && first=$m
    med[${names[$i]}]=$m
    printf '  %-58s %9.3f %9.3f\n' "${names[$i]}" "$m" "$(awk -v a="$m" -v b="$first" 'BEGIN { print a / b }')"
  done
}
ratio() { awk -v a="${med[$1]}" -v b="${med[$2]}" 'BEGIN { printf "%.3f", a / b }'; }
goal() {  # goal LABEL A B LIMIT: "A / B = x (target <= LIMIT) ok|MISSED"
  local r; r=$(ratio "$2" "$3")
  summary+=("$(printf '%-44s %s (target <= %s) %s' "$1" "$r" "$4" "$(awk -v r="$r" -v l="$4" 'BEGIN { print (r <= l) ? "ok" : "MISSED" }')")")
}

echo "HashScope tree speed benchmark — $(date -u +%FT%TZ), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "hashscope-cli $("$cli" --version 2>/dev/null | head -1); trees in $dir"

log="$work/lognormal" tiny="$work/tiny"
[ "$only" = tiny ] || make_tree "$log" "$files_log" "$bytes_log" lognormal
[ "$only" = lognormal ] || make_tree "$tiny" "$files_tiny" 0 tiny
sync
[ -z "$baseline" ] || echo "baseline: $baseline"

if [ "$only" != tiny ]; then
  group=("hashscope-cli hash -r -j 2 -a md5" "'$cli' hash -r -j 2 -a md5 '$log'"
         "find | xargs -0 -n 100 -P2 md5sum" "find '$log' -type f -print0 | xargs -0 -n 100 -P2 md5sum")
  have md5deep && group+=("md5deep -r -j2" "md5deep -r -j2 '$log'")
  [ -z "$baseline" ] || group+=("baseline hash -r -j 2 -a md5" "'$baseline' hash -r -j 2 -a md5 '$log'")
  run_group "md5, lognormal tree ($files_log files, $(numfmt --to=iec "$bytes_log")B, in $dir), 2 jobs" "${group[@]}"
  goal "lognormal md5 -j2 / xargs -P2 md5sum" "hashscope-cli hash -r -j 2 -a md5" "find | xargs -0 -n 100 -P2 md5sum" 0.92
  have md5deep && goal "lognormal md5 -j2 / md5deep -j2" "hashscope-cli hash -r -j 2 -a md5" "md5deep -r -j2" 0.85
fi

if [ "$only" != lognormal ]; then
  group=("hashscope-cli hash -r -a md5" "'$cli' hash -r -a md5 '$tiny'"
         "hashscope-cli hash -r -j 2 -a md5" "'$cli' hash -r -j 2 -a md5 '$tiny'"
         "find | xargs -0 md5sum" "find '$tiny' -type f -print0 | xargs -0 md5sum")
  [ -z "$baseline" ] || group+=("baseline hash -r -a md5" "'$baseline' hash -r -a md5 '$tiny'"
                                "baseline hash -r -j 2 -a md5" "'$baseline' hash -r -j 2 -a md5 '$tiny'")
  run_group "md5, $files_tiny tiny files (0..2 KiB, in $dir)" "${group[@]}"
  goal "tiny md5 -j1 / xargs md5sum" "hashscope-cli hash -r -a md5" "find | xargs -0 md5sum" 1.0
  goal "tiny md5 -j2 / xargs md5sum" "hashscope-cli hash -r -j 2 -a md5" "find | xargs -0 md5sum" 1.0
fi

# Ramp: MB/s of 1 and N streams (N = cores, at most 2 here), warm, from $dir; medians of the runs.
cores=$(nproc)
ramp_mbps() {  # ramp_mbps WORKLOAD ALGO STREAMS -> MB/s (csv column mb_per_s)
  "$cli" bench -l "$dir" -w "$1" -a "$2" -j "$3" -s 512M -d 2 --cache warm --sample-hz 0 --no-save -f csv 2>/dev/null |
    awk -F, -v w="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "mb_per_s") c = i } NR > 1 && $1 == w { print $c }'
}
[ "$ramp" = 1 ] && printf '\nRamp (warm, %s, 512 MiB sample, %d runs, medians)\n' "$dir" "$runs"
[ "$ramp" = 1 ] && printf '  %-26s %10s %10s %10s %12s\n' "workload" "1 stream" "$cores streams" "scaling" "target"
for w in hash-memory hash-file; do
  [ "$ramp" = 1 ] || break
  for algo in md5 xxh3-64; do
    one=() many=()
    for ((r = 0; r < runs; r++)); do one+=("$(ramp_mbps "$w" "$algo" 1)"); many+=("$(ramp_mbps "$w" "$algo" "$cores")"); done
    m1=$(median "${one[@]}") mn=$(median "${many[@]}")
    s=$(awk -v a="$mn" -v b="$m1" 'BEGIN { printf "%.2f", a / b }')
    t=$(awk -v n="$cores" 'BEGIN { printf "%.2f", 0.95 * n }')
    printf '  %-26s %10.0f %10.0f %10s %12s\n' "$w $algo" "$m1" "$mn" "x$s" ">= x$t"
    summary+=("$(printf '%-44s x%s (target >= x%s) %s' "ramp $w $algo 1..$cores" "$s" "$t" "$(awk -v s="$s" -v t="$t" 'BEGIN { print (s >= t) ? "ok" : "MISSED" }')")")
  done
done

printf '\nSummary (ratios of median times, lower is faster; ramp: speed-up)\n'
printf '  %s\n' "${summary[@]}"
