#!/bin/bash
# cfg.sh - look up the named configurations of configs/configs.txt.
#   cfg.sh NAME [top|builds|params|gparams]
#     top      the top module
#     builds   the builds column, one kind per line (nothing for '-')
#     params   "P=V P=V ..."
#     gparams  "-GP=V -GP=V ..." (Verilator), the default
#   cfg.sh --with KIND [TOP...]
#     the names of the configurations whose builds include KIND (any top, or
#     one of the TOPs), in file order, one line
#   cfg.sh --make
#     every configuration as make assignments (the Makefile includes them):
#     CFG_NAMES += NAME, CFG_TOP_NAME, CFG_BUILDS_NAME (kinds, space-separated),
#     CFG_GP_NAME (the -G parameters); names other than [A-Za-z0-9_.-]+ are
#     left out
#   cfg.sh --check
#     checks the builds column of every line (exit 2 with file:line)
# Columns: name top [builds] Param=Value ...; the builds column is a
# comma-separated list of rtl, trace, smoke, sc, area, lint, or '-', and may
# be left out (a third field with '=' is a parameter). configs/configs.txt
# says what each kind builds.
set -eu
# NR_CONFIGS names another configurations file (README "Your own configuration").
F=${NR_CONFIGS:-"$(dirname "$0")/../configs/configs.txt"}
[ -r "$F" ] || { echo "cfg.sh: cannot read the configurations file $F" >&2; exit 2; }
[ $# -ge 1 ] || { echo "usage: cfg.sh NAME [top|builds|params|gparams] | --with KIND [TOP...] | --check" >&2; exit 2; }
KINDS="rtl trace smoke sc area lint"

# Every non-comment line as "name top builds params...", builds '-' when the
# column is left out; a bad builds column stops here with file:line.
# '#' starts a comment anywhere on a line (as tb/rtr/cfgfile.c reads it).
norm() {
    awk -v f="$F" -v kinds="$KINDS" '
    BEGIN { nk = split(kinds, k, " "); for (i = 1; i <= nk; i++) ok[k[i]] = 1 }
    { sub(/#.*/, "") }
    NF == 0 { next }
    {
        if (NF == 2 || index($3, "=")) { b = "-"; first = 3 } else { b = $3; first = 4 }
        if (b != "-") {
            n = split(b, w, ",")
            for (i = 1; i <= n; i++)
                if (!(w[i] in ok)) {
                    printf "cfg.sh: %s:%d: unknown build kind '\''%s'\'' in the builds column of %s (kinds: %s, or -)\n",
                           f, FNR, w[i], $1, kinds > "/dev/stderr"
                    bad = 1; exit 2
                }
            for (i = 1; i <= n; i++)
                if ((w[i] == "smoke" || w[i] == "sc") && $2 != "nr_yarc" && $2 != "nr_nwn") {
                    printf "cfg.sh: %s:%d: build kind '\''%s'\'' of %s is for the router tops nr_yarc and nr_nwn, not %s\n",
                           f, FNR, w[i], $1, $2 > "/dev/stderr"
                    bad = 1; exit 2
                }
            # FbSeq (docs/fbfly-routing.md 6.4), UpPick and SideTab
            # (docs/yarc-arch.md 5, steps 4 prime and 3a): the C model only,
            # no build
            for (i = first; i <= NF; i++)
                if ($i ~ /^(FbSeq|UpPick|SideTab)=/ && $i !~ /=0$/) {
                    printf "cfg.sh: %s:%d: %s sets %s, a C-model-only parameter (no RTL has it): its builds column must be '\''-'\''\n",
                           f, FNR, $1, $i > "/dev/stderr"
                    bad = 1; exit 2
                }
        }
        line = $1 " " $2 " " b
        for (i = first; i <= NF; i++) line = line " " $i
        print line
    }
    END { if (bad) exit 2 }' "$F"
}
all=$(norm) || exit 2

case $1 in
--check) exit 0 ;;
--make)
    # a name make cannot use as a file and variable name gets no builds
    awk '$1 ~ /^[A-Za-z0-9_.-]+$/ && !seen[$1]++ {
        printf "CFG_NAMES += %s\nCFG_TOP_%s := %s\n", $1, $1, $2
        b = $3; if (b == "-") b = ""; gsub(/,/, " ", b)
        printf "CFG_BUILDS_%s := %s\nCFG_GP_%s :=", $1, b, $1
        for (i = 4; i <= NF; i++) printf " -G%s", $i
        print ""
    }' <<< "$all"
    exit 0 ;;
--with)
    [ $# -ge 2 ] || { echo "usage: cfg.sh --with KIND [TOP...]" >&2; exit 2; }
    case " $KINDS " in *" $2 "*) ;; *) echo "cfg.sh: unknown build kind '$2' (kinds: $KINDS)" >&2; exit 2 ;; esac
    kind=$2; shift 2
    awk -v kind="$kind" -v tops="$*" '
    BEGIN { nt = split(tops, t, " "); for (i = 1; i <= nt; i++) want[t[i]] = 1 }
    !seen[$1]++ && (nt == 0 || ($2 in want)) && ("," $3 ",") ~ ("," kind ",") { printf "%s%s", sep, $1; sep = " " }
    END { print "" }' <<< "$all"
    exit 0 ;;
esac

line=$(awk -v n="$1" '$1 == n { print; exit }' <<< "$all")
[ -n "$line" ] || { echo "cfg.sh: no configuration '$1' in $F (have: $(awk '{printf "%s ", $1}' <<< "$all"))" >&2; exit 2; }
set -- $line "${2:-gparams}"
top=$2; builds=$3; shift 3
what=${!#}
params=("${@:1:$#-1}")
case $what in
    top) echo "$top" ;;
    builds) [ "$builds" = - ] || tr ',' '\n' <<< "$builds" ;;
    params) echo "${params[*]}" ;;
    gparams) for p in "${params[@]}"; do printf -- "-G%s " "$p"; done; echo ;;
    *) echo "cfg.sh: unknown field '$what'" >&2; exit 2 ;;
esac
