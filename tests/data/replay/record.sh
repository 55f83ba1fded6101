#!/usr/bin/env bash
# Records the sample streams that tests/core/test_analysis_replay.cpp replays: real runs of this machine,
# written by the CLI's JSON export (which keeps every sample). Re-record after a change to the verdict
# rules or to the JSON shape, then check that the replay test's expectations still describe the runs.
#
#   tests/data/replay/record.sh [--cli build/bin/hashscope-cli] [--disk-dir /var/tmp] [OUT_DIR]
#
# OUT_DIR defaults to this folder; existing files are never overwritten (the CLI refuses), so remove the
# ones to re-record first.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
cli="$here/../../../build/bin/hashscope-cli" disk_dir=/var/tmp
while [ $# -gt 0 ]; do
  case "$1" in
    --cli) cli=$2; shift 2 ;;
    --disk-dir) disk_dir=$2; shift 2 ;;
    -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) break ;;
  esac
done
out=${1:-$here}
[ -x "$cli" ] || { echo "record.sh: $cli not found: build first" >&2; exit 2; }

ram=$(mktemp -d /dev/shm/hashscope-record-XXXXXX)
disk=$(mktemp -d "$disk_dir/hashscope-record-XXXXXX")
hogs=()
cleanup() {
  for pid in "${hogs[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$ram" "$disk"
}
trap cleanup EXIT

# One location, its read and hash-memory references and one hash-file, 20 samples a second.
bench() { "$cli" bench --size 256M --sample-hz 20 --no-save --format json -w read -w hash-memory -w hash-file "$@"; }

bench -l "$ram" -a md5 -o "$out/ram_md5_cpu.json"
bench -l "$disk" -a xxh3-64 --cache cold -o "$out/disk_xxh3_cold.json"
bench -l "$disk" -a md5 --cache warm -o "$out/disk_md5_warm.json"
bench -l "$disk" -a md5 -j 4 --cache cold -o "$out/disk_md5_4streams.json"
# A busy machine: two CPU hogs (one per core of the 2-core VM) while xxh3-64 hashes from RAM.
for _ in 1 2; do yes >/dev/null & hogs+=($!); done
sleep 1
bench -l "$ram" -a xxh3-64 -o "$out/ram_xxh3_busy.json"
