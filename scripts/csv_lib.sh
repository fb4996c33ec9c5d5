# csv_lib.sh - read the kit's CSV by column name (sourced; not a program).
# Every script that reads a CSV the kit writes (rtr_sim --csv, sw_counts,
# lcb_sweep.sh's tables) selects its columns through these, so a column that
# moves is still found, and a column that is missing stops the script with
# exit 2 and a message that names it.
#
# csv_need FILE NAME...   return 2 (after a message on stderr) unless FILE's
#                         header has every NAME
# csv_idx FILE NAME       print NAME's 1-based column index (csv_need first)
# csv_awk [AWK ARGS...]   awk -F, with col(NAME) defined: the index of NAME in
#                         the current file's header (read at each file's first
#                         line), so a program says $col("load"). A name
#                         missing there prints a message and exits 2; an END
#                         block should begin with `if (CSV_BAD) exit 2`.
#                         Call csv_need first to stop before any output.
# The header is the first line; names are matched exactly.

csv_need() {
    local f=$1 n hdr miss=""
    shift
    [ -r "$f" ] || { echo "csv: cannot read '$f'" >&2; return 2; }
    IFS= read -r hdr < "$f" || true
    for n in "$@"; do
        [[ ",$hdr," == *",$n,"* ]] || miss="$miss $n"
    done
    [ -z "$miss" ] && return 0
    echo "csv: $f: no column${miss// /, } (header: $hdr)" | sed 's/no column, /no column /' >&2
    return 2
}

csv_idx() {
    csv_need "$1" "$2" || return 2
    head -1 "$1" | tr ',' '\n' | grep -nxF -- "$2" | head -1 | cut -d: -f1
}

CSV_AWK_LIB='
function col(name) {
    if ((FILENAME, name) in CSV_H) return CSV_H[FILENAME, name]
    if (!CSV_BAD) printf "csv: %s: no column %s (header: %s)\n", FILENAME, name, CSV_HDR[FILENAME] > "/dev/stderr"
    CSV_BAD = 1
    exit 2
}
FNR == 1 { CSV_HDR[FILENAME] = $0; for (CSV_I = 1; CSV_I <= NF; CSV_I++) if (!((FILENAME, $CSV_I) in CSV_H)) CSV_H[FILENAME, $CSV_I] = CSV_I }
'
csv_awk() {
    local args=() prog=""
    # the program is the first argument that is not an option (or -v/-f value)
    while [ $# -gt 0 ]; do
        case $1 in
            -v) args+=("$1" "$2"); shift 2 ;;
            -v*) args+=("$1"); shift ;;
            *) prog=$1; shift; break ;;
        esac
    done
    awk -F, "${args[@]}" "$CSV_AWK_LIB$prog" "$@"
}
