#!/usr/bin/env bash
# The skips of one test run against the list of those expected where it ran: CI's parts 2, 3 and 4 each have
# their list (.ci/host-skips.txt, .ci/restricted-skips.txt, .ci/clean-root-skips.txt). A test that starts
# skipping, stops skipping, or skips for another reason fails the run, and so does a test CTest counted as
# skipped that gave no reason.
#   .ci/check-skips.sh EXPECTED SKIP_LOG CTEST_OUTPUT [--update]
#     EXPECTED      the list: "whole|part<TAB>test name<TAB>reason" lines, '#' comments; "maybe<TAB>name<TAB>
#                   reason": a partial skip that depends on how busy the machine is, allowed and not required
#     SKIP_LOG      what the run's tests logged (HASHSCOPE_SKIP_LOG: "name<TAB>whole|part<TAB>reason" lines)
#     CTEST_OUTPUT  what `ctest --output-on-failure` printed (for the tests it skipped)
#     --update      write this run's skips into EXPECTED (its comments and "maybe" lines kept), after a
#                   deliberate change; then read the difference before committing it
# Exit status 0 when the skips are the expected ones, 1 when not (each difference printed), 2 on bad usage.
set -euo pipefail
usage() { sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
if [ $# -lt 3 ] || [ $# -gt 4 ]; then usage; fi
expected="$1" skip_log="$2" output="$3" update=0
case "${4:-}" in
  "") ;;
  --update) update=1 ;;
  *) usage ;;
esac
[ -f "$output" ] || { echo "check-skips: no CTest output at $output" >&2; exit 2; }
[ -f "$skip_log" ] || skip_log=/dev/null
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
problems=0

# What this run skipped, as "kind<TAB>name<TAB>reason" (a test case logs a skip once per reason).
awk -F'\t' 'NF >= 3 {print $2 "\t" $1 "\t" $3}' "$skip_log" | LC_ALL=C sort -u >"$work/seen"

# A test CTest counted as skipped (exit code 77) must have logged why.
sed -n 's/^[[:space:]]*[0-9]* - \(.*\) (Skipped)$/\1/p' "$output" | while IFS= read -r name; do
  NAME="$name" awk -F'\t' '$1 == ENVIRON["NAME"] {found = 1} END {exit !found}' "$skip_log" ||
    printf '%s\n' "$name"
done >"$work/unexplained"
if [ -s "$work/unexplained" ]; then
  printf 'Skipped without saying why:\n' && sed 's/^/  /' "$work/unexplained"
  problems=1
fi

if [ "$update" = 1 ]; then
  {
    [ -f "$expected" ] && awk -F'\t' '/^#/ || $1 == "maybe"' "$expected"
    cat "$work/seen"
  } >"$work/new"
  cp "$work/new" "$expected"
  echo "check-skips: wrote $(wc -l <"$work/seen") skips to $expected"
fi
[ -f "$expected" ] || { echo "check-skips: $expected is missing (make it with --update)" >&2; exit 1; }

awk -F'\t' '!/^#/ && NF && $1 != "maybe"' "$expected" | LC_ALL=C sort -u >"$work/firm"
awk -F'\t' '$1 == "maybe" {print "part\t" $2 "\t" $3}' "$expected" | LC_ALL=C sort -u >"$work/maybe"
# Seen, less the allowed "maybe" skips: then exactly the firm ones.
LC_ALL=C comm -23 "$work/seen" "$work/maybe" >"$work/seen-firm"
unexpected="$(LC_ALL=C comm -23 "$work/seen-firm" "$work/firm")"
missing="$(LC_ALL=C comm -13 "$work/seen-firm" "$work/firm")"
if [ -n "$unexpected" ]; then
  printf 'Skipped here, but not in %s:\n%s\n' "$expected" "$unexpected" | sed 's/\t/  /g'
  problems=1
fi
if [ -n "$missing" ]; then
  printf 'In %s, but not skipped here (or for another reason):\n%s\n' "$expected" "$missing" | sed 's/\t/  /g'
  problems=1
fi
if [ "$problems" = 0 ]; then
  echo "check-skips: the $(wc -l <"$work/seen") skips are those $expected expects"
fi
exit "$problems"
