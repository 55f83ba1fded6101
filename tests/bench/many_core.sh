#!/usr/bin/env bash
# One HashScope process against N processes of the peer tools, with N = the machine's logical cores
# (issue 19's goals; the 16-core measurements are in docs/benchmarks.md):
#
#   tests/bench/many_core.sh [--jobs N] [--runs 5] [--dir /dev/shm] [--cli build/bin/hashscope-cli]
#                            [--tree-size 4G] [--tiny 100000] [--file-size 4G] [--baseline OTHER-CLI]
#                            [--quick] [--only tiny|tree|blake3|ram|scaling|rss|kernel] [--no-kernel]
#
# Data in --dir (RAM by default), made from a fixed seed with perl (every Debian has perl-base), removed
# on exit:
#   tiny:  --tiny files of 0..2 KiB in 100 folders;
#   tree:  a lognormal tree (sizes lognormal, mu 11, sigma 2, capped at 64 MiB; 60 files per folder) of
#          --tree-size bytes (4 GiB: 11 000 files or so, as in docs/benchmarks.md);
#   file:  one random file of --file-size bytes.
# Rows (ratios of median times, commands interleaved run by run; goal in brackets):
#   tiny, md5, hash -r -j N / find | xargs -0 -n 500 -P N md5sum                      (<= 0.90)
#   tree, xxh3-64 and crc32, hash -r -j N / find | xargs -0 -n 100 -P N xxhsum -H3      (<= 1.00)
#   tree, md5, hash -r -j N / find | xargs -0 -n 100 -P N md5sum                        (<= 0.90)
#   tree, md5, xxh3-64 and crc32, hash -r -j N / md5deep -r -j N                        (<= 0.80)
#   file, blake3 on all cores / b3sum                                                   (<= 1.00)
#   file, hash-file md5 and sha256 with N streams (bench, warm) / openssl speed -elapsed -multi N (>= 0.90)
#   tree, md5, hash -r -j N speed-up over -j 1                                         (>= 0.8 x N)
#   peak RSS of hash -r -j N over the tree and of blake3 on the file                    (< 96 MiB)
# and the issue's title, one HashScope process as fast as N: hash -r -j N against the same hashscope-cli run
# as N processes (find | xargs -0 -P N hashscope-cli hash, each given an Nth of the files), tiny and tree,
# md5 and xxh3-64                                                                      (<= 1.00)
# Every command also gets its user and system CPU seconds (bash's `time`, children included), which say
# where the time goes when the wall times are close. A peer that is not installed is skipped (said so).
# Kernel work (no goal; --no-kernel leaves it out): the work that grows with the cores when threads share one
# process, counted for hash -r -j N (tiny files and the tree, md5), hash -a blake3 of the file, and beside them
# xargs -P N md5sum (each process its own address space and descriptor table) and b3sum, so a 2-core run shows
# the trend a 16-core run would: voluntary and involuntary context switches (GNU time, %w and %c: medians of up
# to 3 runs) and futex, mmap, munmap, mprotect and madvise calls (strace -c -f, every thread and child process:
# medians of up to 3 runs, slowed by the tracing, so compare rows with each other, not with the timed runs),
# per file and per GiB (tiny files, tree) and per GiB (file). Where GNU time or strace is missing, or ptrace is not
# allowed, its columns show "-" and a line says why.
# --baseline: also time another build's hashscope-cli in every group (before/after a change).
# --quick: small data (trying the script on a small machine, not for the goals).
# Runs from a bundle made by tests/bench/bundle.sh on a machine without HashScope's build dependencies.
set -euo pipefail

jobs=$(nproc) runs=5 dir=/dev/shm tree_size=4G tiny=100000 file_size=4G baseline="" only="" quick=0 kernel=1
cli="$(cd "$(dirname "$0")/../.." && pwd)/build/bin/hashscope-cli"
while [ $# -gt 0 ]; do
  case "$1" in
    --jobs) jobs=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    --cli) cli=$2; shift 2 ;;
    --tree-size) tree_size=$2; shift 2 ;;
    --tiny) tiny=$2; shift 2 ;;
    --file-size) file_size=$2; shift 2 ;;
    --baseline) baseline=$2; shift 2 ;;
    --quick) quick=1; shift ;;
    --only) only=$2; shift 2 ;;
    --no-kernel) kernel=0; shift ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    *) echo "many_core.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$cli" ] || { echo "many_core.sh: $cli not found: build first (./setup.sh build) or use a bundle" >&2; exit 2; }
[ -z "$baseline" ] || [ -x "$baseline" ] || { echo "many_core.sh: baseline $baseline not found" >&2; exit 2; }
case "$only" in ""|tiny|tree|blake3|ram|scaling|rss|kernel) ;; *) echo "many_core.sh: --only tiny, tree, blake3, ram, scaling, rss or kernel" >&2; exit 2 ;; esac
[ "$kernel" = 1 ] || [ "$only" != kernel ] || { echo "many_core.sh: --only kernel and --no-kernel exclude each other" >&2; exit 2; }
command -v perl >/dev/null || { echo "many_core.sh: perl is needed to make the data" >&2; exit 2; }
if [ "$quick" = 1 ]; then tree_size=128M tiny=5000 file_size=256M; fi
want() { if [ "$1" = kernel ]; then [ "$kernel" = 1 ] && { [ -z "$only" ] || [ "$only" = kernel ]; }; else [ -z "$only" ] || [ "$only" = "$1" ]; fi; }
have() { command -v "$1" >/dev/null 2>&1; }

work=$(mktemp -d "$dir/hashscope-many-core-XXXXXX")
trap 'rm -rf "$work"' EXIT
tree_bytes=$(numfmt --from=iec "$tree_size") file_bytes=$(numfmt --from=iec "$file_size")

# make_data KIND DIR ARG: "tiny DIR COUNT" or "tree DIR BYTES"; file contents come from a 64 MiB random pool.
make_data() {
  perl - "$@" <<'PERL'
use strict; use warnings;
my ($kind, $root, $arg) = @ARGV;
srand(20261126);
open(my $rnd, '<:raw', '/dev/urandom') or die "cannot read /dev/urandom: $!";
my $pool = ''; read($rnd, $pool, 64 << 20) == (64 << 20) or die "short read of /dev/urandom"; close $rnd;
my $plen = length $pool;
sub write_file {
  my ($path, $size, $i) = @_;
  open(my $f, '>:raw', $path) or die "cannot create $path: $!";
  my $off = ($i * 7919) % $plen;
  while ($size > 0) {
    my $n = $plen - $off; $n = $size if $n > $size;
    print $f substr($pool, $off, $n); $size -= $n; $off = 0;
  }
  close $f or die "cannot write $path: $!";
}
mkdir $root or die "cannot create $root: $!";
if ($kind eq 'tiny') {
  mkdir sprintf("%s/d%03d", $root, $_) for 0 .. 99;
  write_file(sprintf("%s/d%03d/f%06d.bin", $root, $_ % 100, $_), int(rand(2049)), $_) for 0 .. $arg - 1;
} else {
  my ($total, $i) = (0, 0);
  while ($total < $arg) {
    # lognormal(mu 11, sigma 2) from two uniforms (Box-Muller), capped at 64 MiB, the last file cut to fit
    my $z = sqrt(-2 * log(1 - rand())) * cos(6.283185307179586 * rand());
    my $size = int(exp(11 + 2 * $z)); $size = 64 << 20 if $size > (64 << 20);
    $size = $arg - $total if $total + $size > $arg;
    my $d = sprintf("%s/d%03d", $root, int($i / 60));
    mkdir $d unless -d $d;
    write_file(sprintf("%s/f%06d.bin", $d, $i), $size, $i);
    $total += $size; $i++;
  }
}
PERL
}

now_ns() { date +%s%N; }
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
summary=()
failures=0
declare -A med usr sys

# run_group TITLE NAME1 CMD1 NAME2 CMD2 ... (CMD: a shell command line, run with bash -c); each command's
# median wall time, and the user and system seconds of that median run, go to med/usr/sys[NAME].
run_group() {
  local title=$1; shift
  local names=() cmds=() i r
  while [ $# -gt 0 ]; do names+=("$1"); cmds+=("$2"); shift 2; done
  declare -A walls=() cpu=()
  for ((r = 0; r < runs; r++)); do
    for i in "${!cmds[@]}"; do
      local out
      rm -f "$work/failed"
      out=$( { TIMEFORMAT='%3R %3U %3S'; time { bash -c "${cmds[$i]}" >/dev/null 2>"$work/stderr" || echo $? >"$work/failed"; }; } 2>&1 | tail -1)
      if [ -e "$work/failed" ]; then  # its time would be that of an error: said, and the script fails at the end
        printf '  failed: %s (exit status %s): %s\n' "${names[$i]}" "$(cat "$work/failed")" "$(head -c 300 "$work/stderr" | tr '\n' ' ')"
        failures=$((failures + 1))
      fi
      walls[$i]+="${out%% *} "
      cpu[$i]+="${out// /,};"
    done
  done
  printf '\n%s (%d runs, medians)\n' "$title" "$runs"
  printf '  %-62s %8s %8s %8s %8s\n' "command" "seconds" "user" "system" "vs first"
  local first=""
  for i in "${!cmds[@]}"; do
    # shellcheck disable=SC2086
    local m; m=$(median ${walls[$i]})
    [ -z "$first" ] && first=$m
    # user and system of the run whose wall time is the median (or nearest to it)
    local us; us=$(printf '%s' "${cpu[$i]}" | tr ';' '\n' | awk -F, -v m="$m" 'NF == 3 { d = $1 - m; d = d < 0 ? -d : d; if (best == "" || d < best) { best = d; u = $2; s = $3 } } END { print u, s }')
    med[${names[$i]}]=$m usr[${names[$i]}]=${us% *} sys[${names[$i]}]=${us#* }
    printf '  %-62s %8.3f %8s %8s %8.3f\n' "${names[$i]}" "$m" "${us% *}" "${us#* }" "$(awk -v a="$m" -v b="$first" 'BEGIN { print a / b }')"
  done
}
ratio() { awk -v a="${med[$1]}" -v b="${med[$2]}" 'BEGIN { printf "%.3f", a / b }'; }
# goal LABEL A B LIMIT le|ge: the ratio of median times A / B against LIMIT
goal() {
  local r; r=$(ratio "$2" "$3")
  summary+=("$(printf '%-58s %s (target %s %s) %s' "$1" "$r" "$([ "$5" = le ] && echo '<=' || echo '>=')" "$4" \
    "$(awk -v r="$r" -v l="$4" -v how="$5" 'BEGIN { ok = (how == "le") ? (r <= l) : (r >= l); print ok ? "ok" : "MISSED" }')")")
}
skip() { summary+=("$(printf '%-58s skipped: %s' "$1" "$2")"); }

# The kernel work a command makes (see the header). timer: GNU time, the program (bash's `time` keyword counts no
# context switches): the bundle's bin/time, or the system's. tracer: strace, where it can trace here.
timer="" timer_why="" tracer="" tracer_why="" tracer_opts=()
if t=$(type -P time) && "$t" -f '%w %c' true >/dev/null 2>&1; then timer=$t
else timer_why="GNU time (/usr/bin/time) is not installed"; fi
if ! have strace; then tracer_why="strace is not installed"
elif ! strace -f -c -o /dev/null true >/dev/null 2>&1; then tracer_why="strace cannot trace here (ptrace not allowed)"
else
  tracer=strace
  # --seccomp-bpf stops only at the traced calls (strace 5.3+, Linux 5.0+); without it every call stops
  if strace -f --seccomp-bpf -e trace=futex -c -o /dev/null true >/dev/null 2>&1; then tracer_opts=(--seccomp-bpf); fi
fi
kernel_calls=(futex mmap munmap mprotect madvise)
kernel_runs=$(( runs < 3 ? runs : 3 ))
# kernel_counts NAME CMD: sets kc to "VOL INVOL FUTEX MMAP MUNMAP MPROTECT MADVISE" for the command line CMD (run
# with bash -c, which execs a lone command), each the median of kernel_runs runs, "-" where not measured.
kernel_counts() {
  local name=$1 cmd=$2 r vols=() invols=() calls=() counts
  kc=""
  if [ -n "$timer" ]; then
    for ((r = 0; r < kernel_runs; r++)); do
      if "$timer" -f '%w %c' -o "$work/time.out" bash -c "$cmd" >/dev/null 2>"$work/stderr"; then
        read -r v c < <(tail -1 "$work/time.out"); vols+=("$v") invols+=("$c")
      else
        printf '  failed: %s under GNU time: %s\n' "$name" "$(head -c 300 "$work/stderr" | tr '\n' ' ')"
        failures=$((failures + 1)); kc="- - - - - - -"; return
      fi
    done
    kc="$(median "${vols[@]}") $(median "${invols[@]}")"
  else
    kc="- -"
  fi
  if [ -n "$tracer" ]; then
    local -A byCall=()
    for ((r = 0; r < kernel_runs; r++)); do
      if ! strace -f "${tracer_opts[@]}" -e trace="$(IFS=,; echo "${kernel_calls[*]}")" -c -o "$work/strace.out" \
           bash -c "$cmd" >/dev/null 2>"$work/stderr"; then
        printf '  failed: %s under strace: %s\n' "$name" "$(head -c 300 "$work/stderr" | tr '\n' ' ')"
        failures=$((failures + 1)); kc+=" - - - - -"; return
      fi
      # strace -c's table: "% time  seconds  usecs/call  calls  [errors]  syscall"; a call never made has no row
      counts=$(awk -v want="${kernel_calls[*]}" 'BEGIN { n = split(want, w, " ") }
        $NF ~ /^[a-z_0-9]+$/ && $4 ~ /^[0-9]+$/ { c[$NF] = $4 }
        END { for (i = 1; i <= n; i++) printf "%s ", (w[i] in c) ? c[w[i]] : 0 }' "$work/strace.out")
      read -r -a calls <<<"$counts"
      local k; for k in "${!kernel_calls[@]}"; do byCall[$k]+="${calls[$k]} "; done
    done
    local k; for k in "${!kernel_calls[@]}"; do
      # shellcheck disable=SC2086
      kc+=" $(median ${byCall[$k]})"
    done
  else
    kc+=" - - - - -"
  fi
}
# kernel_group TITLE "UNIT:COUNT ..." NAME1 CMD1 NAME2 CMD2 ...: one table per unit (file, GiB), each command's
# counts divided by COUNT.
kernel_group() {
  local title=$1 units=$2 names=() rows=() i u; shift 2
  if [ -z "$timer" ] && [ -z "$tracer" ]; then return; fi
  while [ $# -gt 0 ]; do kernel_counts "$1" "$2"; names+=("$1") rows+=("$kc"); shift 2; done
  for u in $units; do
    printf '\nKernel work per %s: %s\n' "${u%%:*}" "$title"
    printf '  %-48s %9s %9s %9s %9s %9s %9s %9s\n' "command" "vol cs" "invol cs" "${kernel_calls[@]}"
    for i in "${!names[@]}"; do
      printf '  %-48s%s\n' "${names[$i]}" "$(awk -v d="${u#*:}" '{ for (k = 1; k <= NF; k++) {
        if ($k == "-") { printf " %9s", "-"; continue }
        v = $k / d
        printf " %9s", (v == 0 ? "0" : v >= 100 ? sprintf("%.0f", v) : v >= 10 ? sprintf("%.1f", v) : v >= 1 ? sprintf("%.2f", v) : sprintf("%.4f", v)) } }' <<<"${rows[$i]}")"
    done
  done
}

echo "HashScope many-core benchmark — $(date -u +%FT%TZ), $(nproc) logical cores, N = $jobs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "$("$cli" --version 2>/dev/null | head -1); $(uname -sr); data in $dir"
[ -z "$baseline" ] || echo "baseline: $baseline ($("$baseline" --version 2>/dev/null | head -1))"
if want kernel; then
  if [ -z "$timer" ] && [ -z "$tracer" ]; then
    echo "kernel work: skipped: $timer_why; $tracer_why"; skip "kernel work" "$timer_why; $tracer_why"
  else
    [ -n "$timer" ] || { echo "kernel work: context switches skipped: $timer_why"; skip "kernel work, context switches" "$timer_why"; }
    [ -n "$tracer" ] || { echo "kernel work: system calls skipped: $tracer_why"; skip "kernel work, system calls" "$tracer_why"; }
  fi
fi
add_base() {  # add_base ARRAY NAME CMD
  local -n arr=$1
  [ -z "$baseline" ] || arr+=("baseline ${2#hashscope-cli }" "${3//"'$cli'"/"'$baseline'"}")
}

if want tiny || want kernel; then
  make_data tiny "$work/tiny" "$tiny"
  sync
  per=$(( (tiny + jobs - 1) / jobs ))
fi
if want tiny; then
  group=("hashscope-cli hash -r -j $jobs -a md5" "'$cli' hash -r -j $jobs -a md5 '$work/tiny'"
         "find | xargs -0 -n 500 -P $jobs md5sum" "find '$work/tiny' -type f -print0 | xargs -0 -n 500 -P $jobs md5sum"
         "$jobs processes: xargs -0 -n $per -P $jobs hashscope-cli hash -a md5"
         "find '$work/tiny' -type f -print0 | xargs -0 -n $per -P $jobs '$cli' hash -a md5")
  add_base group "hashscope-cli hash -r -j $jobs -a md5" "'$cli' hash -r -j $jobs -a md5 '$work/tiny'"
  run_group "md5, $tiny files of 0..2 KiB in $dir" "${group[@]}"
  goal "tiny md5 -j$jobs / xargs -P$jobs md5sum" "hashscope-cli hash -r -j $jobs -a md5" "find | xargs -0 -n 500 -P $jobs md5sum" 0.90 le
  goal "tiny md5 one process -j$jobs / $jobs hashscope processes" "hashscope-cli hash -r -j $jobs -a md5" \
    "$jobs processes: xargs -0 -n $per -P $jobs hashscope-cli hash -a md5" 1.00 le
fi
if want kernel; then
  find "$work/tiny" -type f -print0 >"$work/tiny.list"
  tiny_bytes=$(find "$work/tiny" -type f -printf '%s\n' | awk '{ t += $1 } END { print t + 0 }')
  group=("hash -r -j 1 -a md5" "'$cli' hash -r -j 1 -a md5 '$work/tiny'"
         "hash -r -j $jobs -a md5" "'$cli' hash -r -j $jobs -a md5 '$work/tiny'")
  [ -z "$baseline" ] || group+=("baseline hash -r -j $jobs -a md5" "'$baseline' hash -r -j $jobs -a md5 '$work/tiny'")
  group+=("xargs -0 -n 500 -P $jobs md5sum" "xargs -0 -a '$work/tiny.list' -n 500 -P $jobs md5sum")
  kernel_group "md5, $tiny files of 0..2 KiB in $dir" \
    "file:$tiny GiB:$(awk -v b="$tiny_bytes" 'BEGIN { print b / 1073741824 }')" "${group[@]}"
fi
rm -rf "$work/tiny" "$work/tiny.list"

if want tree || want scaling || want rss || want kernel; then
  make_data tree "$work/tree" "$tree_bytes"
  sync
  tree_files=$(find "$work/tree" -type f | wc -l)
  tree_per=$(( (tree_files + jobs - 1) / jobs ))
  echo "lognormal tree: $tree_files files, $(numfmt --to=iec "$tree_bytes")B, $(find "$work/tree" -mindepth 1 -type d | wc -l) folders"
fi
# procs_name/procs_cmd ALGO: the same hashscope-cli as N processes over the tree (row name, command)
procs_name() { echo "$jobs processes: xargs -0 -n $tree_per -P $jobs hashscope-cli hash -a $1"; }
procs_cmd() { echo "find '$work/tree' -type f -print0 | xargs -0 -n $tree_per -P $jobs '$cli' hash -a $1"; }
if want tree; then
  for algo in xxh3-64 crc32; do
    group=("hashscope-cli hash -r -j $jobs -a $algo" "'$cli' hash -r -j $jobs -a $algo '$work/tree'")
    have xxhsum && group+=("find | xargs -0 -n 100 -P $jobs xxhsum -H3" "find '$work/tree' -type f -print0 | xargs -0 -n 100 -P $jobs xxhsum -H3")
    have md5deep && group+=("md5deep -r -j $jobs" "md5deep -r -j $jobs '$work/tree'")
    if [ "$algo" = xxh3-64 ]; then group+=("$(procs_name "$algo")" "$(procs_cmd "$algo")"); fi
    add_base group "hashscope-cli hash -r -j $jobs -a $algo" "'$cli' hash -r -j $jobs -a $algo '$work/tree'"
    run_group "$algo, lognormal tree in $dir" "${group[@]}"
    if [ "$algo" = xxh3-64 ]; then goal "tree $algo one process -j$jobs / $jobs hashscope processes" \
      "hashscope-cli hash -r -j $jobs -a $algo" "$(procs_name "$algo")" 1.00 le; fi
    if have xxhsum; then goal "tree $algo -j$jobs / xargs -P$jobs xxhsum -H3" "hashscope-cli hash -r -j $jobs -a $algo" "find | xargs -0 -n 100 -P $jobs xxhsum -H3" 1.00 le
    else skip "tree $algo / xxhsum" "xxhsum is not installed"; fi
    if have md5deep; then goal "tree $algo -j$jobs / md5deep -r -j$jobs" "hashscope-cli hash -r -j $jobs -a $algo" "md5deep -r -j $jobs" 0.80 le
    else skip "tree $algo / md5deep" "md5deep is not installed"; fi
  done
  group=("hashscope-cli hash -r -j $jobs -a md5" "'$cli' hash -r -j $jobs -a md5 '$work/tree'"
         "find | xargs -0 -n 100 -P $jobs md5sum" "find '$work/tree' -type f -print0 | xargs -0 -n 100 -P $jobs md5sum")
  have md5deep && group+=("md5deep -r -j $jobs" "md5deep -r -j $jobs '$work/tree'")
  group+=("$(procs_name md5)" "$(procs_cmd md5)")
  add_base group "hashscope-cli hash -r -j $jobs -a md5" "'$cli' hash -r -j $jobs -a md5 '$work/tree'"
  run_group "md5, lognormal tree in $dir" "${group[@]}"
  goal "tree md5 one process -j$jobs / $jobs hashscope processes" "hashscope-cli hash -r -j $jobs -a md5" "$(procs_name md5)" 1.00 le
  goal "tree md5 -j$jobs / xargs -P$jobs md5sum" "hashscope-cli hash -r -j $jobs -a md5" "find | xargs -0 -n 100 -P $jobs md5sum" 0.90 le
  if have md5deep; then goal "tree md5 -j$jobs / md5deep -r -j$jobs" "hashscope-cli hash -r -j $jobs -a md5" "md5deep -r -j $jobs" 0.80 le
  else skip "tree md5 / md5deep" "md5deep is not installed"; fi
fi
if want scaling; then
  group=()
  for n in 1 "$jobs"; do group+=("hashscope-cli hash -r -j $n -a md5 (scaling)" "'$cli' hash -r -j $n -a md5 '$work/tree'"); done
  run_group "md5, lognormal tree, 1 and $jobs jobs" "${group[@]}"
  s=$(ratio "hashscope-cli hash -r -j 1 -a md5 (scaling)" "hashscope-cli hash -r -j $jobs -a md5 (scaling)")
  t=$(awk -v n="$jobs" 'BEGIN { printf "%.2f", 0.8 * n }')
  summary+=("$(printf '%-58s x%s (target >= x%s) %s' "tree md5 speed-up -j1 -> -j$jobs" "$s" "$t" "$(awk -v s="$s" -v t="$t" 'BEGIN { print (s >= t) ? "ok" : "MISSED" }')")")
fi

if want kernel; then
  find "$work/tree" -type f -print0 >"$work/tree.list"
  group=("hash -r -j $jobs -a md5" "'$cli' hash -r -j $jobs -a md5 '$work/tree'")
  [ -z "$baseline" ] || group+=("baseline hash -r -j $jobs -a md5" "'$baseline' hash -r -j $jobs -a md5 '$work/tree'")
  group+=("xargs -0 -n 100 -P $jobs md5sum" "xargs -0 -a '$work/tree.list' -n 100 -P $jobs md5sum")
  kernel_group "md5, lognormal tree ($tree_files files) in $dir" \
    "file:$tree_files GiB:$(awk -v b="$tree_bytes" 'BEGIN { print b / 1073741824 }')" "${group[@]}"
fi

if want blake3 || want ram || want rss || want kernel; then
  head -c "$file_bytes" /dev/urandom >"$work/file.bin"
fi
if want blake3; then
  if have b3sum; then
    group=("hashscope-cli hash -a blake3" "'$cli' hash -a blake3 '$work/file.bin'" "b3sum" "b3sum '$work/file.bin'")
    add_base group "hashscope-cli hash -a blake3" "'$cli' hash -a blake3 '$work/file.bin'"
    run_group "blake3, one $(numfmt --to=iec "$file_bytes")B file in $dir, all cores" "${group[@]}"
    goal "blake3 one file, all cores / b3sum" "hashscope-cli hash -a blake3" "b3sum" 1.00 le
  else
    skip "blake3 / b3sum" "b3sum is not installed"
  fi
fi

if want ram; then
  # hash-file with N streams from RAM (warm: the sample is read into the cache first, not timed) against
  # OpenSSL's in-memory speed on N processes; both MB/s, medians of --runs, interleaved.
  ram_size=$(( file_bytes > 1073741824 ? 1073741824 : file_bytes ))
  printf '\nhash-file from RAM with %d streams (bench, warm, %sB sample) / openssl speed -elapsed -multi %d (%d runs, medians)\n' \
    "$jobs" "$(numfmt --to=iec "$ram_size")" "$jobs" "$runs"
  printf '  %-10s %14s %14s %8s%s\n' "algorithm" "hashscope MB/s" "openssl MB/s" "ratio" "${baseline:+   baseline MB/s}"
  bench_mbps() {  # bench_mbps CLI ALGO: hash-file's MB/s from one warm bench run
    "$1" bench -l "$dir" -w hash-file -a "$2" -j "$jobs" -s "$ram_size" --cache warm --sample-hz 0 --no-save -f csv 2>/dev/null |
      awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "mb_per_s") c = i } NR > 1 && $1 == "hash-file" { print $c }'
  }
  for algo in md5 sha256; do
    hs=() os=() bs=()
    for ((r = 0; r < runs; r++)); do
      hs+=("$(bench_mbps "$cli" "$algo")")
      [ -z "$baseline" ] || bs+=("$(bench_mbps "$baseline" "$algo")")
      os+=("$(openssl speed -elapsed -seconds 2 -bytes 1048576 -multi "$jobs" -evp "$algo" 2>/dev/null |
              awk -v a="$algo" '$1 == a { sub("k", "", $NF); printf "%.0f", $NF / 1000 }' | tail -1)")
    done
    if printf '%s\n' "${hs[@]}" "${os[@]}" "${bs[@]}" | grep -qvE '^[0-9.]+$'; then
      printf '  failed: %s: bench gave "%s", openssl speed gave "%s"%s\n' "$algo" "${hs[*]}" "${os[*]}" "${baseline:+, baseline gave \"${bs[*]}\"}"
      failures=$((failures + 1))
      continue
    fi
    h=$(median "${hs[@]}") o=$(median "${os[@]}") b=""
    [ -z "$baseline" ] || b=$(printf '%17.0f' "$(median "${bs[@]}")")
    r=$(awk -v a="$h" -v b="$o" 'BEGIN { printf "%.3f", a / b }')
    printf '  %-10s %14.0f %14.0f %8s%s\n' "$algo" "$h" "$o" "$r" "$b"
    summary+=("$(printf '%-58s %s (target >= 0.90) %s' "hash-file $algo RAM -j$jobs / openssl speed -multi $jobs" "$r" "$(awk -v r="$r" 'BEGIN { print (r >= 0.90) ? "ok" : "MISSED" }')")")
  done
fi

if want kernel; then
  group=("hash -a blake3" "'$cli' hash -a blake3 '$work/file.bin'")
  [ -z "$baseline" ] || group+=("baseline hash -a blake3" "'$baseline' hash -a blake3 '$work/file.bin'")
  if have b3sum; then group+=("b3sum" "b3sum '$work/file.bin'"); fi
  kernel_group "blake3, one $(numfmt --to=iec "$file_bytes")B file in $dir, all cores" \
    "GiB:$(awk -v b="$file_bytes" 'BEGIN { print b / 1073741824 }')" "${group[@]}"
fi

if want rss; then
  if [ -n "$timer" ]; then  # GNU time (see above)
    printf '\nPeak memory (maximum RSS)\n'
    for row in "hash -r -j $jobs -a md5 (tree)|'$cli' hash -r -j $jobs -a md5 '$work/tree'" \
               "hash -a blake3 (file)|'$cli' hash -a blake3 '$work/file.bin'"; do
      name=${row%%|*} cmd=${row#*|}
      kib=$( { "$timer" -f '%M' bash -c "exec $cmd >/dev/null"; } 2>&1 | tail -1)
      mib=$(awk -v k="$kib" 'BEGIN { printf "%.1f", k / 1024 }')
      printf '  %-40s %8s MiB\n' "$name" "$mib"
      summary+=("$(printf '%-58s %s MiB (target < 96) %s' "peak RSS, $name" "$mib" "$(awk -v m="$mib" 'BEGIN { print (m < 96) ? "ok" : "MISSED" }')")")
    done
  else
    skip "peak RSS" "$timer_why"
  fi
fi

printf '\nSummary (N = %d; ratios of median times, lower is faster, except hash-file vs openssl and the speed-up)\n' "$jobs"
if [ ${#summary[@]} -gt 0 ]; then printf '  %s\n' "${summary[@]}"; else echo "  (no goal in this run)"; fi
if [ "$failures" -gt 0 ]; then
  printf '\n%d timed command(s) failed (see "failed:" above): their figures mean nothing\n' "$failures"
  exit 1
fi
