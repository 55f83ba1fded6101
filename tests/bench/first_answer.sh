#!/usr/bin/env bash
# The first answer (issue 20): a first start with every default, Benchmark clicked as soon as the window shows.
#
#   tests/bench/first_answer.sh [--runs 3] [--build build]
#
# Runs the hidden measurement "[first_answer]" of hashscope_gui_tests (offscreen, fresh settings, the default
# locations, algorithms and options, waiting for a quiet machine) --runs times, one after the other, and prints
# each run's figures and their medians:
#   window_shown_s   from creating the window to its first show
#   first_tile_s     from the Benchmark click to the first tile with a figure (goal: 10 s)
#   full_answer_s    from the click to the run's end (goal: 60 s on a quiet 2-core machine)
#   end_error_pct    at 10%, 50% and 90% of the run: |time so far + time left estimated - true end| / true end
#   left_error_pct   the same for the time left itself (goal for both: 25%)
# The load average before and after each run is printed: quote figures only from runs whose load average
# stayed well under the core count (a busy machine makes the run wait, then flag its steps). Exits 1 if a
# median misses its goal.
set -euo pipefail

runs=3
build="$(cd "$(dirname "$0")/../.." && pwd)/build"
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) echo "first_answer.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
tests=$build/bin/hashscope_gui_tests
[ -x "$tests" ] || { echo "first_answer.sh: $tests not found: build first (./setup.sh build)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HASHSCOPE_HISTORY_DB="$work/history.sqlite"  # the runs are not added to the user's own library

median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

first=() full=() e10=() e50=() e90=() l10=() l50=() l90=()
for i in $(seq 1 "$runs"); do
  out="$work/run$i.txt"
  QT_QPA_PLATFORM=offscreen "$tests" "[first_answer]" >"$out" 2>&1 || { cat "$out"; exit 1; }
  echo "run $i:"
  grep -E '^(locations|algorithms|window_shown_s|first_tile_s|full_answer_s|estimate_at|worst_end|busy_tiles|loadavg)' "$out" | sed 's/^/  /'
  first+=("$(awk '/^first_tile_s/ { print $2 }' "$out")")
  full+=("$(awk '/^full_answer_s/ { print $2 }' "$out")")
  for p in 10 50 90; do
    end=$(awk -v p="estimate_at_${p}_pct" '$1 == p && $2 == "left_s" { print $7 }' "$out")
    left=$(awk -v p="estimate_at_${p}_pct" '$1 == p && $2 == "left_s" { print $9 }' "$out")
    eval "e$p+=(\"\${end:-100}\")"
    eval "l$p+=(\"\${left:-100}\")"
  done
done

m_first=$(median "${first[@]}") m_full=$(median "${full[@]}")
echo "median over $runs runs:"
echo "  first tile    ${m_first} s (goal <= 10)"
echo "  full answer   ${m_full} s (goal <= 60 on a quiet 2-core machine)"
missed=0
awk -v v="$m_first" 'BEGIN { exit !(v > 10) }' && missed=1
awk -v v="$m_full" 'BEGIN { exit !(v > 60) }' && missed=1
for p in 10 50 90; do
  eval "me=\$(median \"\${e$p[@]}\")"
  eval "ml=\$(median \"\${l$p[@]}\")"
  echo "  estimate at ${p}%: end off by ${me}%, time left off by ${ml}% (goal <= 25)"
  awk -v v="$me" 'BEGIN { exit !(v > 25) }' && missed=1
done
exit $missed
