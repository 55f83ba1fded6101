#!/usr/bin/env bash
# Speed of `hashscope-cli hash` against the peer tools, side by side in one run (issue 2's speed goal).
#
#   tests/bench/peer_speed.sh [--size 1G] [--runs 5] [--disk-dir /var/tmp] [--cli build/bin/hashscope-cli]
#                             [--no-disk] [--blake3-only]
#
# RAM: a random file in /dev/shm. For md5, sha1, sha256, sha512 the reference is OpenSSL's in-memory
# speed (`openssl speed -evp ALGO -bytes 1048576`); HashScope end to end from the file should be within
# 3% of it, so clearly faster than `openssl dgst` and `md5sum`, which read and hash in turn.
# For xxh3-64, crc32, cksum and blake3 the reference is `cat FILE >/dev/null`, run in the same group (issue 12:
# HashScope's time <= 1.05 x cat's) and the peer tool (xxhsum -H3, coreutils cksum: time <= 0.95 x theirs).
# For blake3 the peer is b3sum: on all cores (one file split over them) and with one thread
# (--threads-per-file 1 vs --num-threads 1), HashScope's time should be <= 1.00 x b3sum's.
# Peak memory: /usr/bin/time's maximum RSS of each read path on the RAM file (mapped windows with the window
# helper, BLAKE3's tree, hash -r with 1 and 2 jobs; cached files are never read through the pipelined reader
# any more), goal < 96 MiB; use --size 2G for issue 12's row.
# Disk: a file in --disk-dir, its pages dropped from the cache before every timed command
# (`dd iflag=nocache count=0`, no root needed), so every tool reads from the device.
# Commands are interleaved run by run so drift on a shared machine hits all tools alike; medians reported.
set -euo pipefail

size=1G runs=5 disk_dir=/var/tmp do_disk=1 blake3_only=0
cli="$(cd "$(dirname "$0")/../.." && pwd)/build/bin/hashscope-cli"
while [ $# -gt 0 ]; do
  case "$1" in
    --size) size=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --disk-dir) disk_dir=$2; shift 2 ;;
    --cli) cli=$2; shift 2 ;;
    --no-disk) do_disk=0; shift ;;
    --blake3-only) blake3_only=1; do_disk=0; shift ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "peer_speed.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$cli" ] || { echo "peer_speed.sh: $cli not found: build first (./setup.sh build)" >&2; exit 2; }

bytes=$(numfmt --from=iec "$size")
files=() dirs=()
cleanup() { rm -f "${files[@]}"; rm -rf "${dirs[@]}"; }
trap cleanup EXIT

make_file() {  # make_file DIR: $made = a new random file of $bytes bytes (mktemp: never overwrites)
  # Not called in $(...): the file must be registered for the exit trap in this shell, not a subshell
  # (a failed run used to leave its file behind).
  made=$(mktemp "$1/hashscope-bench-XXXXXX.bin")
  files+=("$made")
  openssl rand -out "$made" "$bytes" 2>/dev/null || head -c "$bytes" /dev/urandom >"$made"
}

now_ns() { date +%s%N; }
# time_cmd VAR CMD...: seconds of one run of CMD (stdout discarded) appended to the array VAR
time_cmd() {
  local -n out=$1; shift
  local t0 t1
  t0=$(now_ns); "$@" >/dev/null; t1=$(now_ns)
  out+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", (b - a) / 1e9 }')")
}
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
mbps() { awk -v b="$bytes" -v s="$1" 'BEGIN { printf "%.0f", b / s / 1e6 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
# verdict VALUE LIMIT le|ge: "ok" or "MISSED"
verdict() { awk -v v="$1" -v l="$2" -v how="$3" 'BEGIN { ok = (how == "le") ? (v <= l) : (v >= l); print ok ? "ok" : "MISSED" }'; }
have() { command -v "$1" >/dev/null 2>&1; }
# In-memory MB/s of `openssl speed -evp ALGO` on 1 MiB blocks (its "k" is 1000 bytes). -elapsed: per second
# of wall time like the other commands (by default it divides by its CPU time, which a busy machine does not
# slow down); run_group runs it once per round, between the timed commands, so it sees the same load.
openssl_speed() {
  openssl speed -elapsed -seconds 2 -bytes 1048576 -evp "$1" 2>/dev/null | awk -v a="$1" '$1 == a { sub("k", "", $2); printf "%.0f", $2 / 1000 }'
}

# run_group TITLE FILE REF_NAME REF EVICT NAME1 CMD1 NAME2 CMD2 ...  (CMD: a string split on spaces)
# REF: a speed in MB/s, "openssl:ALGO" (openssl_speed ALGO once per round, median) or "" for none.
run_group() {
  local title=$1 file=$2 ref_name=$3 ref_mbps=$4 evict=$5; shift 5
  local names=() cmds=() i r ref_algo="" refs=()
  while [ $# -gt 0 ]; do names+=("$1"); cmds+=("$2"); shift 2; done
  declare -A times=()
  case "$ref_mbps" in openssl:*) ref_algo=${ref_mbps#openssl:} ;; esac
  for ((r = 0; r < runs; r++)); do
    [ -n "$ref_algo" ] && refs+=("$(openssl_speed "$ref_algo")")
    for i in "${!cmds[@]}"; do
      local arr=()
      [ "$evict" = 1 ] && dd if="$file" iflag=nocache count=0 status=none
      read -r -a argv <<<"${cmds[$i]}"
      time_cmd arr "${argv[@]}" "$file"
      times[$i]+="${arr[0]} "
    done
  done
  # shellcheck disable=SC2068
  [ -n "$ref_algo" ] && ref_mbps=$(median ${refs[@]})
  medians=()
  printf '\n%s (%s, %d runs, medians)\n' "$title" "$(numfmt --to=iec "$bytes")B" "$runs"
  printf '  %-34s %10s %10s %10s\n' "command" "seconds" "MB/s" "vs ref"
  [ -n "$ref_mbps" ] && printf '  %-34s %10s %10s %10s\n' "$ref_name (reference)" "-" "$ref_mbps" "1.000"
  for i in "${!cmds[@]}"; do
    # shellcheck disable=SC2086
    local m; m=$(median ${times[$i]})
    medians+=("$m")
    local speed; speed=$(mbps "$m")
    local ratio="-"
    [ -n "$ref_mbps" ] && ratio=$(awk -v a="$speed" -v b="$ref_mbps" 'BEGIN { printf "%.3f", a / b }')
    printf '  %-34s %10.3f %10s %10s\n' "${names[$i]}" "$m" "$speed" "$ratio"
    if [ "$i" -eq 0 ] && [ -n "$ref_mbps" ]; then first_ratio=$ratio; fi
  done
}

echo "HashScope peer speed benchmark — $(date -u +%FT%TZ), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "hashscope-cli $("$cli" --version 2>/dev/null | head -1), $(openssl version)"

make_file /dev/shm; ram=$made
summary=()
if [ "$blake3_only" = 0 ]; then
  for algo in md5 sha1 sha256 sha512; do
    group=("hashscope-cli hash -a $algo" "$cli hash -a $algo" "openssl dgst -$algo" "openssl dgst -$algo")
    have "${algo}sum" && group+=("${algo}sum" "${algo}sum")
    first_ratio=""
    run_group "$algo, file in RAM (/dev/shm)" "$ram" "openssl speed -evp $algo" "openssl:$algo" 0 "${group[@]}"
    summary+=("$(printf '%-8s RAM  hashscope speed / openssl speed -evp = %s (target >= 0.970) %s' "$algo" "$first_ratio" "$(verdict "$first_ratio" 0.970 ge)")")
  done

  # `cat FILE >/dev/null` runs in each group (interleaved): time ratios against it and against the peer.
  for algo in xxh3-64 crc32 cksum; do
    group=("cat FILE >/dev/null" "cat" "hashscope-cli hash -a $algo" "$cli hash -a $algo")
    peer=""
    [ "$algo" = xxh3-64 ] && have xxhsum && peer="xxhsum -H3"
    [ "$algo" = cksum ] && have cksum && peer="cksum"
    [ -n "$peer" ] && group+=("$peer" "$peer")
    run_group "$algo, file in RAM (/dev/shm)" "$ram" "" "" 0 "${group[@]}"
    r=$(ratio "${medians[1]}" "${medians[0]}")
    summary+=("$(printf '%-8s RAM  hashscope time / cat time = %s (target <= 1.050) %s' "$algo" "$r" "$(verdict "$r" 1.05 le)")")
    if [ -n "$peer" ]; then
      r=$(ratio "${medians[1]}" "${medians[2]}")
      summary+=("$(printf '%-8s RAM  hashscope time / %s time = %s (target <= 0.950) %s' "$algo" "$peer" "$r" "$(verdict "$r" 0.95 le)")")
    fi
  done
fi
if have b3sum; then
  # Time ratios, commands interleaved: HashScope / b3sum on all cores, and on one thread each; cat as above.
  run_group "blake3, file in RAM (/dev/shm)" "$ram" "" "" 0 \
    "hashscope-cli hash -a blake3" "$cli hash -a blake3" "b3sum" "b3sum" \
    "hashscope-cli --threads-per-file 1" "$cli hash -a blake3 --threads-per-file 1" \
    "b3sum --num-threads 1" "b3sum --num-threads 1" "cat FILE >/dev/null" "cat"
  r=$(ratio "${medians[0]}" "${medians[1]}")
  summary+=("$(printf '%-8s RAM  hashscope / b3sum time = %s, all cores (target <= 1.000) %s' blake3 "$r" "$(verdict "$r" 1.0 le)")")
  r=$(ratio "${medians[2]}" "${medians[3]}")
  summary+=("$(printf '%-8s RAM  hashscope / b3sum time = %s, one thread (target <= 1.000) %s' blake3 "$r" "$(verdict "$r" 1.0 le)")")
  r=$(ratio "${medians[0]}" "${medians[4]}")
  summary+=("$(printf '%-8s RAM  hashscope time / cat time = %s, all cores (target <= 1.050) %s' blake3 "$r" "$(verdict "$r" 1.05 le)")")
else
  summary+=("blake3   b3sum is not installed: not compared")
fi

# Peak memory of every read path on the RAM file (maximum resident set size, /usr/bin/time -f %M, in KiB).
if [ -x /usr/bin/time ]; then
  printf '\nPeak memory hashing the %sB file in RAM (maximum RSS)\n' "$(numfmt --to=iec "$bytes")"
  tree_dir=$(mktemp -d /dev/shm/hashscope-bench-tree-XXXXXX)
  dirs+=("$tree_dir")
  ln "$ram" "$tree_dir/file.bin"
  rss_paths=("mapped + helper (md5)" "$cli hash -a md5 $ram"
             "mapped + helper (xxh3-64)" "$cli hash -a xxh3-64 $ram"
             "blake3 tree, all cores" "$cli hash -a blake3 $ram"
             "blake3, one thread" "$cli hash -a blake3 --threads-per-file 1 $ram"
             "hash -r -j 2 (md5)" "$cli hash -r -j 2 -a md5 $tree_dir"
             "hash -r (xxh3-64)" "$cli hash -r -a xxh3-64 $tree_dir")
  for ((i = 0; i < ${#rss_paths[@]}; i += 2)); do
    read -r -a argv <<<"${rss_paths[$((i + 1))]}"
    kib=$( { /usr/bin/time -f '%M' "${argv[@]}" >/dev/null; } 2>&1 | tail -1)
    mib=$(awk -v k="$kib" 'BEGIN { printf "%.1f", k / 1024 }')
    printf '  %-34s %8s MiB\n' "${rss_paths[$i]}" "$mib"
    summary+=("$(printf 'memory   peak RSS, %-24s = %s MiB (target < 96) %s' "${rss_paths[$i]}" "$mib" "$(awk -v m="$mib" 'BEGIN { print (m < 96) ? "ok" : "MISSED" }')")")
  done
  rm -rf "$tree_dir"
fi
rm -f "$ram"

if [ "$do_disk" = 1 ]; then
  make_file "$disk_dir"; disk=$made
  dd if="$disk" iflag=nocache count=0 status=none
  group=("cat (cold)" "cat" "hashscope-cli hash -a md5 (cold)" "$cli hash -a md5" "openssl dgst -md5 (cold)" "openssl dgst -md5"
         "hashscope-cli hash -a xxh3-64 (cold)" "$cli hash -a xxh3-64")
  have md5sum && group+=("md5sum (cold)" "md5sum")
  have xxhsum && group+=("xxhsum -H3 (cold)" "xxhsum -H3")
  first_ratio=""
  run_group "On disk ($disk_dir, page cache dropped before each command)" "$disk" "" "" 1 "${group[@]}"
fi

printf '\nSummary\n'
printf '  %s\n' "${summary[@]}"
