#!/usr/bin/env bash
# The end of a test run, as ./setup.sh test and CI's restricted run print it:
#   tests/summarise.sh CTEST_OUTPUT SKIP_LOG
# CTEST_OUTPUT: what `ctest --output-on-failure` printed; SKIP_LOG: the skips tests/support/skip.hpp logged
# ("name<TAB>whole|part<TAB>reason" lines). Prints, after one blank line and with no blank line between them:
#   - each skip with its reason ("skipped: NAME: REASON", "partly skipped (the rest passed): NAME: REASON"),
#     and "skipped: NAME: (no reason given)" for a test CTest skipped that logged none (it exited 77 itself),
#   - each failed test ("failed: NAME (Failed|Timeout|...)") with the first lines of what it printed (Catch2's
#     failed assertions, indented), so that a log that keeps only the summary still says what went wrong,
#   - one line "N passed, N failed, N skipped" (CTest counts a skipped test as passed; here it is not).
# Exit status 0; 1 when CTEST_OUTPUT has no CTest summary (the run ended early).
set -euo pipefail
[ $# = 2 ] || { sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
output="$1" skip_log="$2"
total="$(sed -n 's/.*tests failed out of \([0-9]*\).*/\1/p' "$output" | tail -n1)"
failed="$(sed -n 's/.* \([0-9]*\) tests failed out of .*/\1/p' "$output" | tail -n1)"
if [ -z "$total" ] || [ -z "$failed" ]; then
  echo "The test run ended without CTest's summary: see above."
  exit 1
fi
[ -f "$skip_log" ] || skip_log=/dev/null
# CTest lists skipped tests as "  12 - name (Skipped)" under "The following tests did not run:".
skipped_names="$(sed -n 's/^[[:space:]]*[0-9]* - \(.*\) (Skipped)$/\1/p' "$output")"
skipped=0
[ -n "$skipped_names" ] && skipped="$(printf '%s\n' "$skipped_names" | wc -l)"
echo
while IFS=$'\t' read -r name kind reason; do
  case "$kind" in
    whole) echo "skipped: $name: $reason" ;;
    part) echo "partly skipped (the rest passed): $name: $reason" ;;
  esac
done <"$skip_log"
while IFS= read -r name; do
  # awk reads the whole log: `cut | grep -q` under pipefail failed when grep quit at an early match and cut
  # got SIGPIPE (a loaded machine: a skip that was logged came out as "skipped without saying why").
  if [ -n "$name" ] && ! NAME="$name" awk -F'\t' '$1 == ENVIRON["NAME"] {found = 1} END {exit !found}' "$skip_log"; then
    echo "skipped: $name: (no reason given)"
  fi
done <<<"$skipped_names"
# Each failed test, from CTest's "The following tests FAILED:" list, with the start of its output: the lines
# after its "***Failed" (or Timeout, Exception ...) line up to the next test, less Catch2's banner, rules and
# blank lines, 24 lines at most.
awk '
  function flush() { if (current != "") excerpt[current] = text; current = ""; text = ""; lines = 0 }
  /^[[:space:]]*Start [0-9]+: / || /^[0-9]+\/[0-9]+ Test +#[0-9]+: / { flush() }
  /^[0-9]+\/[0-9]+ Test +#[0-9]+: .*\*\*\*/ {
    name = $0
    sub(/^[0-9]+\/[0-9]+ Test +#[0-9]+: /, "", name)
    sub(/ \.+ *\*\*\*.*$/, "", name)
    current = name
    next
  }
  /^The following tests FAILED:/ { flush(); listing = 1; next }
  listing && /^[[:space:]]*[0-9]+ - / {
    line = $0
    sub(/^[[:space:]]*[0-9]+ - /, "", line)
    name = line
    sub(/ \([^()]*\)$/, "", name)
    print "failed: " line
    n = split(excerpt[name], out, "\n")
    for (i = 1; i < n; ++i) print "    " out[i]
    next
  }
  listing { listing = 0 }
  current != "" {
    if ($0 ~ /^[[:space:]]*$/ || $0 ~ /^(~+|-+|\.+|=+)$/ || $0 ~ /^Filters: / || $0 ~ / is a Catch v[0-9.]+ host application\.$/ ||
        $0 ~ /^Run with -\? for options$/ || $0 ~ /^(test cases|assertions): /)
      next
    if (++lines <= 24) text = text $0 "\n"
    else if (lines == 25) text = text "...\n"
  }
' "$output"
echo "$((total - failed - skipped)) passed, $failed failed, $skipped skipped"
