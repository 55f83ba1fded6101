#!/usr/bin/env bash
# Checks a deployed Windows program folder the way Windows' loader would: every DLL that an .exe or
# .dll in it imports must be in the programs' folder (bin/, where plugins in bin/<kind>/ also find
# theirs) or be part of Windows. "Part of Windows" is what wine provides as a native Windows DLL (its
# x86_64-windows folder), plus the API sets.
#   installer/cross/check-windows-imports.sh STAGE_DIR      (the folder `cmake --install` filled)
# Prints each program with its imports; exits 1 when one is missing. Needs x86_64-w64-mingw32-objdump.
set -euo pipefail
stage="$1"
bin="$stage/bin"
[ -d "$bin" ] || { echo "no $bin" >&2; exit 2; }
windows_dlls="$(ls /usr/lib/x86_64-linux-gnu/wine/x86_64-windows/ 2>/dev/null | tr 'A-Z' 'a-z')"
[ -n "$windows_dlls" ] || { echo "wine64's Windows DLLs are missing (apt-get install wine64): cannot tell system DLLs" >&2; exit 2; }
deployed="$(ls "$bin" | tr 'A-Z' 'a-z')"
status=0
while IFS= read -r file; do
  missing=()
  while IFS= read -r dll; do
    lower="$(tr 'A-Z' 'a-z' <<<"$dll")"
    if grep -qxF "$lower" <<<"$deployed"; then continue; fi
    if grep -qxF "$lower" <<<"$windows_dlls"; then continue; fi
    case "$lower" in api-ms-*|ext-ms-*) continue ;; esac
    missing+=("$dll")
  done < <(x86_64-w64-mingw32-objdump -p "$file" | sed -n 's/^[[:space:]]*DLL Name: //p')
  if [ ${#missing[@]} -gt 0 ]; then
    printf '  MISSING for %s: %s\n' "${file#"$stage"/}" "${missing[*]}"
    status=1
  fi
done < <(find "$stage" -type f \( -iname '*.exe' -o -iname '*.dll' \) | sort)
count="$(find "$stage" -type f \( -iname '*.exe' -o -iname '*.dll' \) | wc -l)"
[ "$status" = 0 ] && echo "  every DLL the $count programs and DLLs in $stage import is deployed or part of Windows"
exit "$status"
