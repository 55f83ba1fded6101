#!/bin/sh
# CTest's entry for coreutils' own checksum tests: makes the links with `hashscope-cli install-links` in a
# temporary folder and runs run-upstream-tests.sh against them; every case listed in expected-pass.txt (the
# cases this project's reference machine passes, see README.md) must pass.
#   ctest-upstream.sh HASHSCOPE_CLI TEST_NAME
set -u
cli=$1
name=$2
here=$(cd "$(dirname "$0")" && pwd)
skip() {
  echo "skipped: $1"
  [ -n "${HASHSCOPE_SKIP_LOG:-}" ] && printf '%s\twhole\t%s\n' "$name" "$1" >> "$HASHSCOPE_SKIP_LOG"
  exit 77
}
command -v perl >/dev/null 2>&1 || skip "perl is not installed (coreutils' tests are shell and Perl scripts)"
perl -MFile::Compare -e 1 2>/dev/null || skip "perl lacks File::Compare (Debian: the perl package)"
links=$(mktemp -d "${TMPDIR:-/tmp}/hashscope-links.XXXXXX")
trap 'rm -rf "$links"' EXIT
"$cli" install-links "$links" > /dev/null || exit 1
# Each link must lead to this hashscope-cli (a missing one would let the system's tool be tested in its place).
target=$(readlink -f "$cli")
for tool in md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum cksum sum; do
  if [ ! -L "$links/$tool" ] || [ "$(readlink -f "$links/$tool")" != "$target" ]; then
    echo "install-links made no link $tool to $cli" >&2
    exit 1
  fi
done
"$here/run-upstream-tests.sh" --programs "$links" --expect "$here/expected-pass.txt"
