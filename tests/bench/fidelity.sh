#!/usr/bin/env bash
# HashScope's ceilings against independent references on this machine, in one run (issues 9 and 18):
#
#   tests/bench/fidelity.sh [--size 512M] [--passes 3] [--disk-dir /var/tmp] [--streams N]
#                           [--cli build/bin/hashscope-cli]
#
# 1. md5, sha1, sha256, sha512 per core: HashScope's one per-core figure (hash-memory, one stream: the median
#    pass per second of the hashing thread's CPU time, hash_mb_per_s) vs `openssl speed -evp ALGO -bytes
#    1048576`, which divides by the CPU time it used; medians of as many runs as passes. Goal: within 5%.
# 2. md5 and sha256 with N streams (default: the logical cores): HashScope's hash-memory -j N (wall clock) and
#    the limit its model gives N streams (N x per core) vs `openssl speed -elapsed -multi N`. Goal: within 5%.
# 3. read (cold) vs `fio --direct=1 --rw=read --bs=1M`: HashScope at its reader's queue depth (3 reads in
#    flight) vs fio --iodepth=3, passes alternating, medians; and what the device gives with one read in
#    flight and with 32 (fio --iodepth=1 and 32), against HashScope's deep-queue read where the CLI has one.
# 4. memory: HashScope's memory workload (memcpy in 1 MiB blocks, 1 and N streams) vs `mbw -t2 -b 1048576`
#    (memcpy in 1 MiB blocks over 256 MiB) in 1 and N processes at once, summed: the memory-bandwidth reference
#    of the RAM ceilings. (mbw -t0 copies its whole array in one memcpy, which glibc does with non-temporal
#    stores: another operation, 13-16 GB/s against 19-23 for the block copy on the PVM guest.)
# 5. hash-file (cold) from the disk vs the bytes the device and the process's own I/O accounting delivered
#    during it: a cold run must have fetched (nearly) every byte it hashed.
# Prints one table; exit status 0 even when a goal is missed (it is a measurement, read the table).
set -euo pipefail

size=512M passes=3 disk_dir=/var/tmp streams=$(nproc)
cli="$(cd "$(dirname "$0")/../.." && pwd)/build/bin/hashscope-cli"
while [ $# -gt 0 ]; do
  case "$1" in
    --size) size=$2; shift 2 ;;
    --passes) passes=$2; shift 2 ;;
    --disk-dir) disk_dir=$2; shift 2 ;;
    --streams) streams=$2; shift 2 ;;
    --cli) cli=$2; shift 2 ;;
    -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "fidelity.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$cli" ] || { echo "fidelity.sh: $cli not found: build first" >&2; exit 2; }
command -v fio >/dev/null || { echo "fidelity.sh: fio is not installed" >&2; exit 2; }
command -v openssl >/dev/null || { echo "fidelity.sh: openssl is not installed" >&2; exit 2; }
command -v mbw >/dev/null || { echo "fidelity.sh: mbw is not installed (apt-get install mbw)" >&2; exit 2; }
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) logical cores; N = $streams streams"

work=$(mktemp -d "$disk_dir/hashscope-fidelity-XXXXXX")
trap 'rm -rf "$work"' EXIT

printf '%-34s %12s %12s %8s  %s\n' "measurement" "HashScope" "reference" "diff" "reference tool"

median() { python3 -c 'import sys; v=sorted(map(float, sys.argv[1:])); n=len(v); print(v[n//2] if n%2 else (v[n//2-1]+v[n//2])/2)' "$@"; }
# openssl speed's figure for ALGO with 1 MiB blocks, in MB/s ("The 'numbers' are in 1000s of bytes per second").
openssl_speed() { # ALGO [openssl speed options...]
  local algo=$1; shift
  openssl speed "$@" -evp "$algo" -bytes 1048576 -seconds 2 2>/dev/null |
    awk -v a="$algo" 'tolower($1)==a {v=$NF; sub(/k$/,"",v); printf "%.1f", v*1000/1e6}'
}
field() { python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"][0]; print(r[sys.argv[2]] or 0)' "$@"; }
row() { # LABEL OURS REF TOOL (OURS "-": a reference alone, nothing of HashScope's to compare)
  python3 -c 'import sys
r = float(sys.argv[3] or 0)
if sys.argv[2] == "-":
    print("%-34s %12s %12.0f %8s  %s" % (sys.argv[1], "-", r, "", sys.argv[4]))
else:
    o = float(sys.argv[2]); d = (o - r) / r * 100 if r else float("nan")
    print("%-34s %12.0f %12.0f %+7.1f%%  %s" % (sys.argv[1], o, r, d, sys.argv[4]))' "$@"
}

# 1. Per core: hash-memory vs openssl speed.
for algo in md5 sha1 sha256 sha512; do
  json="$work/mem-$algo.json"
  "$cli" bench -w hash-memory -a "$algo" --duration 2 --passes "$passes" --location "$work" --no-save \
    --format json --output "$json" 2>/dev/null
  runs=()
  for ((i = 0; i < passes; i++)); do runs+=("$(openssl_speed "$algo")"); done
  row "$algo per core MB/s" "$(field "$json" hash_mb_per_s)" "$(median "${runs[@]}")" \
    "openssl speed -evp $algo, median of $passes (goal: within 5%)"
done

# 2. N streams: hash-memory -j N, and the model's N x per core, vs openssl speed -elapsed -multi N.
for algo in md5 sha256; do
  json="$work/mem-$algo-$streams.json"
  "$cli" bench -w hash-memory -a "$algo" -j "$streams" --duration 2 --passes "$passes" --location "$work" \
    --no-save --format json --output "$json" 2>/dev/null
  runs=()
  for ((i = 0; i < passes; i++)); do runs+=("$(openssl_speed "$algo" -elapsed -multi "$streams")"); done
  ref=$(median "${runs[@]}")
  row "$algo x$streams streams MB/s" "$(field "$json" mb_per_s)" "$ref" "openssl speed -elapsed -multi $streams"
  row "  its limit: $streams x per core" "$(field "$json" limit_mb_per_s)" "$ref" "the model HashScope judges N streams by"
done

# 3. read (cold) vs fio at the same queue depth and pass count, on one sample file. The passes alternate
#    (HashScope, fio, HashScope, fio ...) so the device's drift between passes hits both alike.
ours_runs=() fio_runs=()
for ((i = 0; i < passes; i++)); do
  json="$work/read$i.json"
  "$cli" bench -w read --size "$size" --location "$work" --keep-sample --no-save --format json --output "$json" 2>/dev/null
  sample=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["target"])' "$json")
  ours_runs+=("$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["mb_per_s"])' "$json")")
  fio_runs+=("$(fio --name=fidelity --filename="$sample" --direct=1 --rw=read --bs=1M --ioengine=libaio \
                 --iodepth=3 --readonly --output-format=json 2>/dev/null |
               python3 -c 'import json,sys; print(json.load(sys.stdin)["jobs"][0]["read"]["bw_bytes"]/1e6)')")
done
python3 - "${#ours_runs[@]}" "${ours_runs[@]}" "${fio_runs[@]}" <<'PY'
import sys
n = int(sys.argv[1]); ours = sorted(map(float, sys.argv[2:2 + n])); fio = sorted(map(float, sys.argv[2 + n:]))
med = lambda v: v[(len(v) - 1) // 2]
print("%-34s %12.0f %12.0f %+7.1f%%  fio --direct=1 --rw=read --bs=1M --iodepth=3, medians of %d alternating passes"
      % ("read (cold) MB/s", med(ours), med(fio), (med(ours) - med(fio)) / med(fio) * 100, n))
print("%-34s %25s  HashScope %s / fio %s" % ("  its passes (MB/s)", "", ", ".join("%.0f" % v for v in ours),
                                              ", ".join("%.0f" % v for v in fio)))
PY

fio_at() { # DEPTH: fio's MB/s on the sample at that queue depth
  fio --name=fidelity --filename="$sample" --direct=1 --rw=read --bs=1M --ioengine=libaio --iodepth="$1" \
    --readonly --output-format=json 2>/dev/null | python3 -c 'import json,sys; print(json.load(sys.stdin)["jobs"][0]["read"]["bw_bytes"]/1e6)'
}
for depth in 1 32; do
  runs=()
  for ((i = 0; i < passes; i++)); do runs+=("$(fio_at "$depth")"); done
  ours=- tool="fio --iodepth=$depth: what the device gives"
  if [ "$depth" = 32 ] && "$cli" bench --help 2>/dev/null | grep -q -- '--queue-depth'; then
    json="$work/deep.json"
    "$cli" bench -w read --queue-depth 32 --size "$size" --passes "$passes" --location "$work" --no-save \
      --format json --output "$json" 2>/dev/null
    ours=$(field "$json" mb_per_s) tool="HashScope's deep-queue read vs fio --iodepth=32"
  fi
  row "read (cold), $depth in flight, MB/s" "$ours" "$(median "${runs[@]}")" "$tool"
done

# 3b. The RAM read ceiling: HashScope's read of a sample in /dev/shm (one stream, copies) vs fio reading the same
#     file with read() in 1 MiB blocks (--ioengine=psync), passes alternating, medians.
if [ -d /dev/shm ] && [ -w /dev/shm ]; then
  shm=$(mktemp -d /dev/shm/hashscope-fidelity-XXXXXX)
  trap 'rm -rf "$work" "$shm"' EXIT
  ours_runs=() fio_runs=()
  for ((i = 0; i < passes; i++)); do
    json="$shm/read$i.json"
    "$cli" bench -w read --size "$size" --passes 3 --location "$shm" --keep-sample --no-save --format json \
      --output "$json" 2>/dev/null
    ram_sample=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["target"])' "$json")
    ours_runs+=("$(field "$json" mb_per_s)")
    fio_runs+=("$(fio --name=fidelity --filename="$ram_sample" --rw=read --bs=1M --ioengine=psync --loops=3 \
                   --readonly --output-format=json 2>/dev/null |
                 python3 -c 'import json,sys; print(json.load(sys.stdin)["jobs"][0]["read"]["bw_bytes"]/1e6)')")
    rm -f "$json"
  done
  row "read of /dev/shm MB/s" "$(median "${ours_runs[@]}")" "$(median "${fio_runs[@]}")" \
    "fio --rw=read --bs=1M --ioengine=psync on the same tmpfs file, medians of $passes alternating runs"
fi

# 4. Memory: HashScope's memcpy streams vs mbw's memcpy in as many processes at once. mbw fills its arrays with
#    one repeated pattern: where the hypervisor merges identical pages (KSM), its source can be one page in a
#    cache and its figure is then an upper bound; HashScope fills its regions with random bytes.
mbw_copy() { # PROCESSES: the sum of their memcpy MB/s (mbw reports MiB/s)
  local n=$1 out=$work/mbw
  for ((p = 0; p < n; p++)); do mbw -q -n 5 -t2 -b 1048576 256 >"$out.$p" 2>/dev/null & done
  wait
  cat "$out".* | awk '/^AVG/ {for (i = 1; i <= NF; i++) if ($i == "Copy:") s += $(i+1)} END {printf "%.1f", s * 1.048576}'
  rm -f "$out".*
}
for n in 1 "$streams"; do
  json="$work/memory-$n.json"
  "$cli" bench -w memory -j "$n" --duration 2 --passes "$passes" --location "$work" --no-save \
    --format json --output "$json" 2>/dev/null
  row "memory x$n streams MB/s" "$(field "$json" mb_per_s)" "$(mbw_copy "$n")" "mbw -t2 -b 1048576 (memcpy in 1 MiB blocks) in $n process(es), summed"
done

# 5. hash-file (cold) vs what the device and the process delivered.
json="$work/file.json"
"$cli" bench -w hash-file -a xxh3-64 --size "$size" --passes "$passes" --location "$work" --no-save \
  --format json --output "$json" 2>/dev/null
python3 - "$json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
for i, p in enumerate(r["passes"]):
    own, dev = p.get("own_read_bytes"), p.get("device_read_bytes")
    ref = own if own is not None else dev
    label = "hash-file pass %d: bytes fetched" % (i + 1)
    if ref is None:
        print("%-34s %12d %12s %8s  no I/O accounting here" % (label, p["bytes"], "-", "-"))
        continue
    print("%-34s %12d %12d %+7.1f%%  own I/O (/proc/self/io); device counters: %s" % (
        label, p["bytes"], ref, (ref - p["bytes"]) / p["bytes"] * 100, dev if dev is not None else "n/a"))
PY
