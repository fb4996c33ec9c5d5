#!/bin/bash
# cfg.sh - the named configurations for shell scripts: a thin front of the
# catalog's one reader, build/bin/nr_cat (tb/catalog/nr_cat.c; made here if
# it is missing or older than the catalog's sources). Nothing here reads
# configs/configs.txt itself.
#   cfg.sh NAME [top|builds|params|gparams|org]
#                        a configuration's top, builds column (one kind per
#                        line), "P=V ...", "-GP=V ..." (the default) or
#                        organization
#   cfg.sh --with KIND [TOP...]
#                        the configurations whose builds include KIND (of one
#                        of the TOPs), in file order, on one line
#   cfg.sh --check       every line of the file (exit 2 with file:line)
#   cfg.sh --help
# The file: $NR_CONFIGS if set, else configs/configs.txt. Exit 0, or 2 with
# nr_cat's message.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
case "${1:-}" in
-h | --help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
'') echo "usage: cfg.sh NAME [FIELD] | --with KIND [TOP...] | --check (--help)" >&2; exit 2 ;;
esac
B=${BUILD:-build}
case $B in /*) ;; *) B=$here/$B ;; esac
cat=$B/bin/nr_cat
if [ ! -x "$cat" ] || [ -n "$(find "$here/tb/catalog" "$here/csrc" -newer "$cat" -name '*.[ch]' 2>/dev/null | head -1)" ]; then
    make -s -C "$here" --no-print-directory BUILD="$B" "$cat" >&2 || { echo "cfg.sh: cannot make $cat" >&2; exit 2; }
fi
case $1 in
--with) shift; exec "$cat" with "$@" ;;
--check) exec "$cat" check-file ;;
-*) echo "cfg.sh: unknown option '$1' (--help)" >&2; exit 2 ;;
*) exec "$cat" get "$@" ;;
esac
