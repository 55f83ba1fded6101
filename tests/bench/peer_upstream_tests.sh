#!/bin/sh
# The xxhsum and b3sum links against those tools' own command-line tests, beside the installed tools.
#
#   tests/bench/peer_upstream_tests.sh HASHSCOPE_CLI [XXHASH_CHECKOUT]
#
# XXHASH_CHECKOUT: a copy of xxHash's repository (the tag of the installed xxhsum, v0.8.1 on Debian 12) that
# you fetched yourself; nothing is downloaded here. Its Makefile's CLI targets (test-xxhsum-c, check) run in a
# scratch folder with ./xxhsum being, in turn, the installed xxhsum and the link `hashscope-cli install-links`
# makes; every command of the recipe counts (make -i goes on past a failure), and the two columns are printed
# side by side. Without a checkout this part says so and is skipped.
#
# BLAKE3's own tests of b3sum (b3sum/tests/cli_tests.rs) are Rust and need crates this machine cannot fetch:
# their cases are reimplemented below as shell checks (each names the Rust test it comes from) and in
# tests/cli/test_cli_hostile_input.cpp, and run against the installed b3sum and the link alike.
#
# Exit status: 0 when the link passes every test the installed tool passes, 1 otherwise, 77 when there is
# nothing to compare with (neither tool installed, no checkout).
set -u
cli=${1:?usage: peer_upstream_tests.sh HASHSCOPE_CLI [XXHASH_CHECKOUT]}
checkout=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/links" && "$cli" install-links "$work/links" >/dev/null || { echo "install-links failed"; exit 1; }
status=0
compared=0

# ---- xxHash: the Makefile's CLI recipes ----
# Runs `make -i TARGET` from the checkout's Makefile in a scratch folder whose ./xxhsum is $1; prints
# "commands failed" for the recipe (comments are commands too in make's eyes: they are not counted).
xxhash_run() {
  tool=$1 target=$2 dir=$work/xx-$3
  rm -rf "$dir" && mkdir -p "$dir"
  cp "$checkout/xxhash.c" "$checkout/xxhash.h" "$checkout/README.md" "$checkout/LICENSE" "$dir/" 2>/dev/null
  ln -s "$tool" "$dir/xxhsum"
  # -o xxhsum: the tool is there already, never built; -i: every command runs, failures are counted.
  (cd "$dir" && LC_ALL=C make -i -o xxhsum -f "$checkout/Makefile" "$target" >"$dir/out" 2>&1)
  # The recipe's commands, as make -n lists them (comments and the final printf are not tests).
  commands=$(cd "$dir" && make -n -o xxhsum -f "$checkout/Makefile" "$target" 2>/dev/null | grep -v '^#' |
             grep -vc '^printf')
  failed=$(grep -c 'Error [0-9]* (ignored)' "$dir/out")
  echo "$commands $failed"
}

if [ -n "$checkout" ] && [ -f "$checkout/Makefile" ] && command -v xxhsum >/dev/null 2>&1; then
  for target in test-xxhsum-c check; do
    theirs=$(xxhash_run "$(command -v xxhsum)" $target real)
    mine=$(xxhash_run "$work/links/xxhsum" $target link)
    echo "xxHash make $target: installed xxhsum $(echo "$theirs" | awk '{print $1-$2 " of " $1}') passed;" \
         "the link $(echo "$mine" | awk '{print $1-$2 " of " $1}') passed"
    grep -B2 'Error [0-9]* (ignored)' "$work/xx-link/out" | sed 's/^/    link: /' | head -40
    compared=1
    [ "$(echo "$mine" | awk '{print $2}')" -le "$(echo "$theirs" | awk '{print $2}')" ] || status=1
  done
else
  echo "xxHash: skipped (give a checkout of xxHash's repository as the second argument, and install xxhsum)"
fi

# ---- BLAKE3: b3sum/tests/cli_tests.rs, case by case ----
if command -v b3sum >/dev/null 2>&1; then
  b3dir=$work/b3 && mkdir -p "$b3dir/c" "$b3dir/subdir"
  cd "$b3dir" || exit 1
  printf foo >file1 && printf bar >file2 && printf a >a && printf b >b && printf cd >c/d
  for n in abcdef 'abc
def' 'abc\def' "$(printf 'abc\rdef')" "$(printf 'abc\r\ndef')" subdir/foo "$(printf 'abc\377def')"; do : >"$n"; done
  keyfile=$b3dir/key && head -c 32 /dev/zero | tr '\0' '*' >"$keyfile"
  # name, then the command (run by sh in $b3dir with B3 naming the tool), stdin from the file named after it
  cat >"$work/b3cases" <<'EOF'
test_hash_one|printf foo | "$B3"
test_hash_one_raw|printf foo | "$B3" --raw | od -An -tx1
test_hash_many|"$B3" file1 file2; "$B3" --no-names file1 file2
test_missing_files|"$B3" file1 missing_file file2 2>&1; echo "exit $?"
test_hash_length|printf foo | "$B3" --length=100
test_keyed|"$B3" --keyed --no-names file1 <key
test_derive_key|"$B3" --derive-key "BLAKE3 2019-12-28 10:28:41 example context" --no-names file1
test_no_mmap|"$B3" --no-mmap --no-names file1
test_length_without_value_is_an_error|printf foo | "$B3" --length >/dev/null 2>&1; echo "exit $?"
test_raw_with_multi_files_is_an_error|"$B3" --raw file1 >/dev/null; echo "exit $?"; "$B3" --raw file1 file2 >/dev/null 2>&1; echo "exit $?"
test_newline_and_backslash_escaping_on_unix|"$B3" abcdef 'abc
def' 'abc\def' "$(printf 'abc\rdef')" "$(printf 'abc\r\ndef')" subdir/foo
test_invalid_unicode_on_unix|"$B3" abcdef "$(printf 'abc\377def')"
test_check|"$B3" a b c/d >sums; "$B3" --check <sums; "$B3" --check sums sums; printf CORRUPTION >b; "$B3" --check sums; echo "exit $?"; rm b; "$B3" --check sums; echo "exit $?"; "$B3" --check --quiet sums; echo "exit $?"; printf b >b
test_check_invalid_characters|printf '0000000000000000000000000000000000000000000000000000000000000000  \0' | "$B3" --check 2>&1; echo "exit $?"; printf '0000000000000000000000000000000000000000000000000000000000000000  \357\277\275' | "$B3" --check 2>&1; echo "exit $?"; printf '\\0000000000000000000000000000000000000000000000000000000000000000  \\a' | "$B3" --check 2>&1; echo "exit $?"
test_globbing|"$B3" file*
EOF
  total=0 passed=0
  while IFS='|' read -r name command; do
    [ -n "$name" ] || continue
    total=$((total + 1))
    theirs=$(B3=b3sum sh -c "$command" 2>&1 | sed "s#$(command -v b3sum)#b3sum#g")
    mine=$(B3="$work/links/b3sum" sh -c "$command" 2>&1 | sed "s#$work/links/b3sum#b3sum#g")
    if [ "$theirs" = "$mine" ]; then
      passed=$((passed + 1))
    else
      echo "  b3sum $name differs:"
      printf '%s\n' "$theirs" >"$work/theirs" && printf '%s\n' "$mine" >"$work/mine"
      diff -u "$work/theirs" "$work/mine" | sed 's/^/    /' | head -20
      status=1
    fi
  done <"$work/b3cases"
  echo "BLAKE3 cli_tests.rs cases: the link printed what the installed b3sum prints in $passed of $total"
  compared=1
else
  echo "BLAKE3: skipped (b3sum is not installed)"
fi
[ "$compared" = 1 ] || exit 77
exit $status
