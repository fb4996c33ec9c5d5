#!/bin/bash
# format_check.sh - every tracked C and C++ source is in the house format
# (.clang-format; clang-format 14 from Debian's package). Exit 1 naming the
# files that are not, with the command that fixes them; 0 otherwise.
# usage: scripts/format_check.sh [--help]
set -u
cd "$(dirname "$0")/.."
case "${1:-}" in
-h | --help) sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
'') ;;
*) echo "format_check: no arguments expected, got '$1' (--help)" >&2; exit 2 ;;
esac
command -v clang-format >/dev/null || { echo "format_check: clang-format missing (make deps)" >&2; exit 2; }
mapfile -t files < <(git ls-files '*.c' '*.h' '*.cpp' '*.hpp')
[ ${#files[@]} -gt 0 ] || { echo "format_check: no sources found (not a git checkout?)" >&2; exit 2; }
bad=$(clang-format --dry-run -Werror "${files[@]}" 2>&1 | sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: error: code should be clang-formatted.*/\1/p' | sort -u)
if [ -n "$bad" ]; then
    echo "format_check: not in the house format (fix: clang-format -i FILE):"
    printf '  %s\n' $bad
    exit 1
fi
echo "format_check: ${#files[@]} C/C++ files in the house format"
