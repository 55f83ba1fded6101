#!/usr/bin/env bash
# Sampling overhead (issue 3): throughput with the CPU/disk sampler at 10 Hz vs no sampling, side by side.
#
#   tests/bench/sampling_overhead.sh [--runs 9] [--size 512M] [--location /dev/shm] [--cli build/bin/hashscope-cli]
#
# Runs hash-memory (md5, xxh3-64) and hash-file (md5, xxh3-64, as-is cache) with --sample-hz 0 and
# --sample-hz 10, alternating run by run, and prints the median MB/s of each and their ratio.
# Goal: sampled / unsampled >= 0.99 (within 1%).
set -euo pipefail

runs=9 size=512M location=/dev/shm
cli="$(cd "$(dirname "$0")/../.." && pwd)/build/bin/hashscope-cli"
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --size) size=$2; shift 2 ;;
    --location) location=$2; shift 2 ;;
    --cli) cli=$2; shift 2 ;;
    -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "sampling_overhead.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$cli" ] || { echo "sampling_overhead.sh: $cli not found: build first (./setup.sh build)" >&2; exit 2; }

median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# mbps WORKLOAD ALGO HZ: MB/s of one run (the mb_per_s column of the CSV of that workload's row)
mbps() {
  "$cli" bench --location "$location" --size "$size" --keep-sample --workload "$1" -a "$2" --cache as-is \
    --duration 2 --sample-hz "$3" --format csv 2>/dev/null |
    awk -F, -v w="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "mb_per_s") c = i } NR > 1 && $1 == w { print $c }'
}

echo "HashScope sampling overhead — $(date -u +%FT%TZ), $(nproc) cores, location $location, $runs runs each"
"$cli" sample create --location "$location" --size "$size" >/dev/null
printf '%-12s %-9s %14s %14s %8s\n' workload algorithm "MB/s no-sample" "MB/s 10 Hz" ratio
for workload in hash-memory hash-file; do
  for algo in md5 xxh3-64; do
    off=() on=()
    for ((r = 0; r < runs; r++)); do
      off+=("$(mbps "$workload" "$algo" 0)")
      on+=("$(mbps "$workload" "$algo" 10)")
    done
    m0=$(median "${off[@]}") m1=$(median "${on[@]}")
    printf '%-12s %-9s %14.1f %14.1f %8.3f\n' "$workload" "$algo" "$m0" "$m1" "$(awk -v a="$m1" -v b="$m0" 'BEGIN { print a / b }')"
  done
done
"$cli" sample remove --location "$location" --size "$size" >/dev/null
