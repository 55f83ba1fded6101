// The three remote shell scripts of a host's run, as constants: what varies (folders, bench options) reaches
// them only as positional parameters, each quoted with shellQuote, never pasted into the script's text.
#pragma once

namespace hashscope::remote {

// What is there: the platform, then the version line of a hashscope-cli on PATH (none: no second line).
inline constexpr const char* kProbeScript =
    "uname -sm; if command -v hashscope-cli >/dev/null 2>&1; then hashscope-cli --version 2>/dev/null | head -n 1; fi; "
    "exit 0";

// The bundle from stdin (a tar stream) into a fresh folder, whose path it prints; the folder is removed when the
// copy fails or breaks off (a dropped connection ends stdin early: tar fails). A failed copy ends with the space
// left there: GNU tar's own words for a full disk are only "Wrote only 4608 of 10240 bytes".
inline constexpr const char* kCopyScript =
    "d=$(mktemp -d \"${TMPDIR:-/tmp}/hashscope.XXXXXXXX\") || exit 97\n"
    "trap 'rm -rf \"$d\"; exit 1' HUP INT TERM\n"
    "if tar -xf - -C \"$d\" && [ -x \"$d/bin/hashscope-cli\" ]; then printf 'hashscope-folder %s\\n' \"$d\"; exit 0; fi\n"
    "echo \"$(df -Pk \"$d\" 2>/dev/null | awk 'NR == 2 { print $4 }') KiB free in ${TMPDIR:-/tmp}\" >&2\n"
    "rm -rf \"$d\"; exit 98\n";

// The benchmark: $1 the folder (empty: a fresh one), $2 "bundled" or "installed", $3 "sample" (the sample file
// goes into the folder) or "given" (the options name the location), then the bench options. Its folder is
// removed on every way out (the EXIT trap). stdin is HashScope's lifeline: it stays open and empty while the
// run is wanted, and reaches end-of-file when ssh goes away (Stop, Ctrl-C, a dropped connection): the watcher
// then interrupts the benchmark, which ends the script and so removes the folder.
inline constexpr const char* kRunScript =
    "d=$1; how=$2; where=$3; shift 3\n"
    "if [ -z \"$d\" ]; then d=$(mktemp -d \"${TMPDIR:-/tmp}/hashscope.XXXXXXXX\") || exit 97; fi\n"
    "pid=\n"
    "cleanup() {\n"
    "  if [ -n \"$pid\" ]; then\n"
    "    kill -INT \"$pid\" 2>/dev/null; n=0\n"
    "    while kill -0 \"$pid\" 2>/dev/null && [ $n -lt 30 ]; do sleep 0.1; n=$((n + 1)); done\n"
    "    kill -KILL \"$pid\" 2>/dev/null\n"
    "  fi\n"
    "  rm -rf \"$d\"\n"
    "}\n"
    "trap cleanup EXIT; trap 'exit 129' HUP; trap 'exit 130' INT; trap 'exit 143' TERM\n"
    "cli=hashscope-cli\n"
    "if [ \"$how\" = bundled ]; then\n"
    "  cli=\"$d/bin/hashscope-cli\"; LD_LIBRARY_PATH=\"$d/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}\"; export LD_LIBRARY_PATH\n"
    "fi\n"
    "if [ \"$where\" = sample ]; then set -- \"$@\" --location \"$d\"; fi\n"
    "exec 3<&0\n"
    "\"$cli\" bench \"$@\" --format json --progress-lines </dev/null 3<&- &\n"
    "pid=$!\n"
    "{ cat <&3 >/dev/null 2>&1; kill -INT \"$pid\" 2>/dev/null; } >/dev/null 2>&1 &\n"
    "watch=$!\n"
    "exec 3<&-\n"
    "wait \"$pid\"; status=$?; pid=\n"
    "kill \"$watch\" 2>/dev/null\n"
    "exit \"$status\"\n";

}  // namespace hashscope::remote
