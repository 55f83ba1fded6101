#!/usr/bin/env bash
# Importing a hostile run (issue 17, item 11): a run of 200 000 results, every one its own location (about
# 15 MB), must import in seconds (linear time), and the history must stay usable for others meanwhile.
#
#   tests/bench/import_speed.sh [--results 200000] [--runs 3] [--cli build/bin/hashscope-cli] [--timeout 600]
#
# Measures, run after run, on a fresh history each time:
#   import   wall time of `history import` of the run (a timeout counts as a miss, and says so)
#   list     wall time of a `history list` started once the import has the history file open (not after a
#            fixed sleep: as soon as the file is there), and whether it answered
#   save     the same for a second import (as a `bench` saving its run) right after the list, during the first
# Then the comparison of a small run with the big one (what every bench does once such a run is the
# baseline; it has the same timeout). Prints the median of each against its goal
# (import < 10 s, list < 2 s, compare < 10 s) and exits 1 if a median misses its goal, or if in any run the
# import, the list or the save failed (a list that fails at once with "database is locked" is quick, not a pass)
# or the import had ended before the list started (then nothing ran beside it). Run it on a quiet machine.
set -euo pipefail

results=200000 runs=3 timeout=600
cli="$(cd "$(dirname "$0")/../.." && pwd)/build/bin/hashscope-cli"
while [ $# -gt 0 ]; do
  case "$1" in
    --results) results=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --cli) cli=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) echo "import_speed.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$cli" ] || { echo "import_speed.sh: $cli not found: build first (./setup.sh build)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run="$work/hostile.json"
python3 - "$run" "$results" <<'EOF'
import sys
path, n = sys.argv[1], int(sys.argv[2])
with open(path, "w") as f:
    f.write('{"schema": "hashscope.run/3", "machine": {"cpu": "x", "logical_cores": 8}, "results": [')
    f.write(",".join('{"workload":"read","location":"/l%d","cache":"cold","mb_per_s":%d}' % (i, 100 + i % 7)
                     for i in range(n)))
    f.write("]}\n")
EOF
small="$(cd "$(dirname "$0")/.." && pwd)/data/runs/run_a.json"
echo "run: $results results, $(du -h "$run" | cut -f1); cli: $cli"

now() { date +%s.%N; }
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "nan"; else print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

imports=() lists=() saves=() baselines=() failures=()
for i in $(seq 1 "$runs"); do
  db="$work/h$i.sqlite"
  start=$(now)
  timeout "$timeout" "$cli" history import "$run" --history-db "$db" >/dev/null 2>"$work/import.err" &
  importer=$!
  # The list starts as soon as the import has made the history file: a state, not a guessed delay.
  while [ ! -s "$db" ] && kill -0 "$importer" 2>/dev/null; do sleep 0.01; done
  if kill -0 "$importer" 2>/dev/null; then concurrent=yes; else concurrent=no; fi
  l0=$(now)
  if "$cli" history list --history-db "$db" >/dev/null 2>"$work/list.err"; then list_ok=yes; else list_ok=no; fi
  l1=$(now)
  s0=$(now)
  if "$cli" history import --allow-duplicate "$small" --history-db "$db" >/dev/null 2>"$work/save.err"; then
    save_ok=yes
  else
    save_ok=no
  fi
  s1=$(now)
  if wait "$importer"; then rc=0; else rc=$?; fi
  end=$(now)
  import_s=$(echo "$end - $start" | bc -l)
  [ "$rc" = 124 ] && import_s=$timeout
  list_s=$(echo "$l1 - $l0" | bc -l) save_s=$(echo "$s1 - $s0" | bc -l)
  # A later save compared with a baseline of that size (what every bench does once a baseline is set).
  big_id=$("$cli" history list -f csv --history-db "$db" | awk -F, 'NR > 1 && $7 == "x" { print $1; exit }')
  small_id=$("$cli" history list -f csv --history-db "$db" | awk -F, 'NR > 1 && $7 != "x" { print $1; exit }')
  baseline_s=nan
  if [ -n "$big_id" ] && [ -n "$small_id" ]; then
    b0=$(now)
    if timeout "$timeout" "$cli" history compare "$big_id" "$small_id" -f json --history-db "$db" >/dev/null 2>&1; then
      crc=0
    else
      crc=$?
    fi
    b1=$(now)
    baseline_s=$(echo "$b1 - $b0" | bc -l)
    [ "$crc" = 124 ] && baseline_s=$timeout
  fi
  printf 'run %d: import %.2f s (exit %s)  list during it %.2f s (%s: %s)  save during it %.2f s (%s: %s)  compare with it %s s\n' \
    "$i" "$import_s" "$rc" "$list_s" "$list_ok" "$(head -c 120 "$work/list.err" | tr '\n' ' ')" "$save_s" "$save_ok" \
    "$(head -c 120 "$work/save.err" | tr '\n' ' ')" "$baseline_s"
  imports+=("$import_s") lists+=("$list_s") saves+=("$save_s") baselines+=("$baseline_s")
  [ "$rc" = 0 ] || failures+=("run $i: the import failed (exit $rc): $(head -c 200 "$work/import.err" | tr '\n' ' ')")
  [ "$concurrent" = yes ] || failures+=("run $i: the import had ended before the list started: nothing ran beside it")
  [ "$list_ok" = yes ] || failures+=("run $i: the list during the import failed")
  [ "$save_ok" = yes ] || failures+=("run $i: the save during the import failed")
done

import_median=$(printf '%s\n' "${imports[@]}" | median)
list_median=$(printf '%s\n' "${lists[@]}" | median)
save_median=$(printf '%s\n' "${saves[@]}" | median)
compare_median=$(printf '%s\n' "${baselines[@]}" | median)
printf 'median: import %.2f s (goal < 10 s), list during it %.2f s (goal < 2 s), save during it %.2f s, compare %s s (goal < 10 s)\n' \
  "$import_median" "$list_median" "$save_median" "$compare_median"
if [ "${#failures[@]}" -gt 0 ]; then
  printf '%s\n' "${failures[@]}"
  echo "goal missed: not every import, list and save succeeded"
  exit 1
fi
# A compare that never ran (the big run was not stored) is a miss too.
awk -v i="$import_median" -v l="$list_median" -v c="$compare_median" \
  'BEGIN { exit !(i < 10 && l < 2 && c != "nan" && c + 0 < 10) }' || { echo "goal missed"; exit 1; }
