#!/bin/bash
# Runs coreutils' own tests of md5sum, sha*sum, b2sum, cksum and sum (tests/cksum/ of the coreutils
# repository) against a folder of programs: the links `hashscope-cli install-links DIR` makes, or the
# system's coreutils. Prints one line per case (a test of a .pl file is a case; a .sh file is one case):
#   PASS|FAIL|SKIP  FILE[:CASE]
# then "N passed, N failed, N skipped". Exit status 0 when no case failed and nothing in --expect failed.
#
#   tests/coreutils/run-upstream-tests.sh --programs DIR [--suite DIR] [--expect FILE] [--keep]
#
# --suite: a coreutils tree holding init.cfg and tests/ (default: tests/coreutils/upstream, a copy of the
#          newest tests, see its README); 9.1's own (apt-get source coreutils) works the same way.
# --expect: a list of cases (one per line, as printed above) that must pass; any other case may fail
#          (the cases the system's coreutils fails too: see tests/coreutils/README.md).
# --keep:  leave the work folder (printed) for a look at a failure.
set -u
here=$(cd "$(dirname "$0")" && pwd)
suite=$here/upstream
programs=
expect=
keep=no
while [ $# -gt 0 ]; do
  case $1 in
    --suite) suite=$(cd "$2" && pwd); shift 2 ;;
    --programs) programs=$(cd "$2" && pwd); shift 2 ;;
    --expect) expect=$2; shift 2 ;;
    --keep) keep=yes; shift ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done
[ -n "$programs" ] || { echo "--programs DIR is needed" >&2; exit 2; }
# Newer coreutils keep these tests in tests/cksum/, 9.1 and older in tests/misc/ among the others.
if [ -d "$suite/tests/cksum" ]; then
  testdir=tests/cksum
  tests=$(ls "$suite/$testdir"/*.sh "$suite/$testdir"/*.pl)
else
  testdir=tests/misc
  tests=$(ls "$suite/$testdir"/*.sh "$suite/$testdir"/*.pl 2>/dev/null |
          grep -E '/(b2sum|cksum[^/]*|md5sum[^/]*|sha[0-9]+sum[^/]*|sm3sum|sum[^/]*)\.(sh|pl)$')
fi
[ -f "$suite/init.cfg" ] && [ -n "$tests" ] || { echo "$suite holds no coreutils tests" >&2; exit 2; }
command -v perl >/dev/null || { echo "perl is needed" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/hashscope-coreutils-tests.XXXXXX")
cleanup() { [ $keep = yes ] && echo "work folder: $work" >&2 || rm -rf "$work"; }
trap cleanup EXIT

# The tests put ./src first in PATH: there go the programs under test, and getlimits (a coreutils build
# helper the tests read the type limits from).
mkdir -p "$work/src" "$work/$testdir"
# Every program must be there: one that is missing would be found further along PATH (the system's own), and
# the tests would check that instead.
for tool in md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum cksum sum; do
  [ -x "$programs/$tool" ] || { echo "$programs has no $tool: every program under test must be there" >&2; exit 2; }
  ln -s "$programs/$tool" "$work/src/$tool"
done
cat > "$work/src/getlimits" <<'EOF'
#!/bin/sh
echo INT_MAX=2147483647 INT_MIN=-2147483648 INT_OFLOW=2147483648 INT_UFLOW=-2147483649
echo UINT_MAX=4294967295 UINT_OFLOW=4294967296
echo LONG_MAX=9223372036854775807 LONG_MIN=-9223372036854775808 LONG_OFLOW=9223372036854775808
echo ULONG_MAX=18446744073709551615 ULONG_OFLOW=18446744073709551616
echo INTMAX_MAX=9223372036854775807 INTMAX_OFLOW=9223372036854775808
echo UINTMAX_MAX=18446744073709551615 UINTMAX_OFLOW=18446744073709551616
echo SIZE_MAX=18446744073709551615 SIZE_OFLOW=18446744073709551616
echo SSIZE_MAX=9223372036854775807 SSIZE_OFLOW=9223372036854775808
echo OFF_T_MAX=9223372036854775807 OFF_T_OFLOW=9223372036854775808
echo IDX_MAX=9223372036854775807
EOF
chmod +x "$work/src/getlimits"

export LC_ALL=C LANG=C LANGUAGE=C
export srcdir=$suite abs_srcdir=$suite abs_top_srcdir=$suite top_srcdir=$suite abs_top_builddir=$work
export built_programs="md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum cksum sum shuf date od printf seq"
export PERL=perl SHELL=/bin/sh fail=0 host_os=linux-gnu VERSION=upstream EXEEXT= PATH="$work/src:$PATH"
export CONFIG_HEADER=/dev/null MAKE=make AWK=awk EGREP="grep -E" CC=cc

pass=0 failed=0 skipped=0
results=$work/results
: > "$results"
record() { echo "$1 $2" | tee -a "$results"; }

for test in $tests; do
  name=$testdir/$(basename "$test")
  log=$work/$(basename "$test").log
  case $test in
    *.sh)
      (cd "$work" && timeout 600 "$SHELL" "$test") > "$log" 2>&1
      status=$?
      case $status in
        0) record PASS "$name" ;;
        77) record SKIP "$name" ;;
        *) record FAIL "$name" ;;
      esac ;;
    *.pl)
      (cd "$work" && VERBOSE=yes timeout 600 perl -w -I"$suite/tests" -MCuSkip -MCoreutils \
         -M"CuTmpdir qw($name)" "$test") > "$log" 2>&1
      status=$?
      if [ $status = 77 ]; then
        record SKIP "$name"
        continue
      fi
      # Coreutils.pm says "CASE..." before each case and "PROGRAM: test CASE: ..." when one fails.
      cases=$(sed -n 's/^\([^ ]*\)\.\.\.$/\1/p' "$log")
      failing=$(sed -n 's/^[^ ]*: test \([^ :]*\)[: ].*/\1/p' "$log" | sort -u)
      if [ -z "$cases" ]; then
        record FAIL "$name"
        continue
      fi
      for case in $cases; do
        if printf '%s\n' "$failing" | grep -qx -- "$case"; then
          record FAIL "$name:$case"
        else
          record PASS "$name:$case"
        fi
      done
      # A failure that names no case (the script died, or checks after its cases): one more failed case.
      if [ $status != 0 ] && [ -z "$failing" ]; then
        record FAIL "$name"
      fi ;;
  esac
done

pass=$(grep -c '^PASS ' "$results")
failed=$(grep -c '^FAIL ' "$results")
skipped=$(grep -c '^SKIP ' "$results")
echo "$pass passed, $failed failed, $skipped skipped"
if [ -n "$expect" ]; then
  missing=0
  while read -r case; do
    case $case in ''|'#'*) continue ;; esac
    grep -qx "PASS $case" "$results" || { echo "expected to pass: $case" >&2; missing=$((missing + 1)); }
  done < "$expect"
  [ $missing = 0 ] || exit 1
  exit 0
fi
[ "$failed" = 0 ]
