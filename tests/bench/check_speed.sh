#!/usr/bin/env bash
# Speed of `hashscope-cli check -j N` (verifying a checksum list, issue 21) against `md5sum -c` and against
# the list split in N parts checked by `xargs -P N md5sum -c`.
#
#   tests/bench/check_speed.sh [--runs 5] [--dir /dev/shm] [--cli build/bin/hashscope-cli] [--jobs N]
#                              [--files 100000] [--max-kib 8]
#
# Makes --files files of 0..--max-kib KiB (fixed seed) in --dir (RAM by default: the page cache, as the
# issue's figures), an md5 list of them, and times, interleaved run by run (medians of --runs, --quiet so
# only failures print): md5sum -c; split -n l/N + xargs -P N md5sum -c; hashscope-cli check -j 1 and -j N
# (N: --jobs, default the number of cores). Every run must pass (exit 0). Everything made is removed on exit.
set -euo pipefail

runs=5 dir=/dev/shm files=100000 maxkib=8 jobs=$(nproc)
cli="$(cd "$(dirname "$0")/../.." && pwd)/build/bin/hashscope-cli"
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    --cli) cli=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --files) files=$2; shift 2 ;;
    --max-kib) maxkib=$2; shift 2 ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    *) echo "check_speed.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$cli" ] || { echo "check_speed.sh: $cli not found: build first" >&2; exit 2; }
command -v md5sum >/dev/null || { echo "check_speed.sh: md5sum (coreutils) is needed" >&2; exit 2; }
work=$(mktemp -d "$dir/hashscope-check-bench-XXXXXX")
trap 'rm -rf "$work"' EXIT

python3 - "$work/files" "$files" "$maxkib" <<'PY'
import os, random, sys
root, count, maxkib = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(21)
pool = rng.randbytes(maxkib * 1024 + 4096)
for i in range(count):
    d = os.path.join(root, "d%03d" % (i % 100))
    os.makedirs(d, exist_ok=True)
    size = rng.randrange(maxkib * 1024 + 1)
    off = (i * 7919) % 4096
    with open(os.path.join(d, "f%06d.bin" % i), "wb") as f:
        f.write(pool[off:off + size])
PY
(cd "$work" && find files -type f | sort | xargs -d '\n' md5sum > list.md5)
(cd "$work" && split -n "l/$jobs" list.md5 part.)
lines=$(wc -l < "$work/list.md5")
bytes=$(du -sb "$work/files" | cut -f1)

now_ns() { date +%s%N; }
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
names=("md5sum -c" "xargs -P $jobs md5sum -c (list split in $jobs)" "hashscope-cli check -j 1" "hashscope-cli check -j $jobs")
cmds=("md5sum -c --quiet list.md5"
      "ls part.* | xargs -P $jobs -n 1 md5sum -c --quiet"
      "'$cli' check -j 1 --quiet list.md5"
      "'$cli' check -j $jobs --quiet list.md5")
declare -A times=()
for ((r = 0; r < runs; r++)); do
  for i in "${!cmds[@]}"; do
    t0=$(now_ns)
    (cd "$work" && bash -c "${cmds[$i]}") >/dev/null || { echo "check_speed.sh: failed: ${cmds[$i]}" >&2; exit 1; }
    t1=$(now_ns)
    times[$i]+="$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", (b - a) / 1e9 }') "
  done
done

echo "HashScope check speed benchmark — $(date -u +%FT%TZ), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "$lines lines, $((bytes / 1048576)) MiB in $dir; $runs runs, medians"
printf '  %-52s %9s %9s\n' "command" "seconds" "vs md5sum -c"
first=""
for i in "${!cmds[@]}"; do
  # shellcheck disable=SC2086
  m=$(median ${times[$i]})
  [ -z "$first" ] && first=$m
  printf '  %-52s %9.3f %9.3f\n' "${names[$i]}" "$m" "$(awk -v a="$m" -v b="$first" 'BEGIN { print a / b }')"
done
