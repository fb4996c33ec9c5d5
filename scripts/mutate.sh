#!/bin/bash
# mutate.sh - mutation testing of the regression (make mutate; issue 13 §5;
# docs/testplan.md "Mutation testing").
#
#   scripts/mutate.sh [-b BUILD] [-j JOBS] [-l MUTANTS] [-L TESTLIST]... [-n] [-k] [-c] [ID...]
#
# Each mutant of the list (default tests/mutate/mutants.list) is a seeded
# one-line bug: a sed expression that must change exactly one line of one
# file under rtl/ (or csrc/, for the checks that judge a policy only the C
# model has), and the regression entries that should catch it. The
# whole list is checked first: an unknown test, a file outside rtl/ and csrc/, a
# duplicate id, or a sed that changes no line or more than one line is
# refused with exit 2 before anything runs. Then the mutants run as the
# entries of a regression list (scripts/regress.sh: JOBS at a time, a time
# limit each, progress on a terminal), each one scripts/mutant.sh in a
# scratch tree that reuses BUILD's Verilated builds the edit cannot change
# (the real rtl/ and csrc/ are never written; make rebuilds the objects a
# csrc/ edit changes in the scratch copy). First the baseline: every named test
# must pass on the unmutated scratch build (a test broken by itself cannot
# count as a catch); it sets the per-test limit (20 x the slowest, at least
# 60 s). A mutant is CAUGHT, ESCAPED, NOT-BUILT (make failed: never a catch)
# or HARNESS (a test could not run: never a catch); scripts/mutant.sh says how.
#
# Options:
#   -b BUILD   the build to mutate (default build; relative to the
#              repository). Outside BUILD/mutate/ it is only read, except
#              that make first brings the named tests' programs up to date
#              there (not with -n).
#   -j JOBS    mutants at once (default 1); one mutant alone gets JOBS jobs
#   -l FILE    the mutant list (default tests/mutate/mutants.list)
#   -L FILE    one more regression list the mutants may name (repeatable)
#   -n         do not run make in BUILD first: use what is built
#   -k         keep the scratch trees (BUILD/mutate/run.*/)
#   -c         check the list and stop: nothing is built or run
#   ID...      run only these mutants
#   -h, --help this text
# List format: one mutant per line ('#' comments): ID MODE FILE TESTS SED, ID
# [A-Za-z0-9_.+-]+, MODE a one-word tag, FILE under rtl/ or csrc/, TESTS
# comma-separated entry names, SED the rest of the line (GNU sed, --sandbox).
# Output: a line per mutant as it ends, then the table in list order and
# "mutants: N caught of M (P %)", also in BUILD/mutate/summary.txt (a run
# of the whole default list) or BUILD/mutate/summary-part.txt (any other run,
# such as make test's mutate-selftest: it leaves the whole run's summary
# alone); per mutant BUILD/mutate/logs/ID/. One run at a time per BUILD: a
# run holds BUILD/mutate/lock (flock) and a second one exits 2. The comment lines just above a mutant's line
# say what the bug is.
# Publication (docs/testplan.md "Mutation testing"): a run of the whole
# default list (no -l, -L or ID, the default configurations file) starts by
# removing BUILD/results/publish-mutate.txt and, when every mutant was
# CAUGHT, writes it (scripts/sweep_lib.sh, pub_finish) with the table
# BUILD/results/mutate.md (each mutant, its mode, file, the bug, and the
# entries that caught it): `make publish-mutate` puts it into
# docs/testplan.md, stamped with the command, commit and machine. Any other
# run leaves the manifest alone and publishes nothing.
# Exit 0 if every mutant was caught, 1 if one escaped or was not built, 2 on
# bad usage, a bad list, a failing baseline or a harness failure.
set -u
CALLER=$PWD
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
unset MAKEFLAGS MFLAGS MAKELEVEL   # this script runs make itself
usage() { echo "usage: mutate.sh [-b BUILD] [-j JOBS] [-l MUTANTS] [-L TESTLIST]... [-n] [-k] [-c] [ID...] (--help)" >&2; exit 2; }
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
BUILD=build JOBS=1 MLIST=tests/mutate/mutants.list XLISTS=() NOMAKE=0 KEEP=0 CHECK=0
abs() { case $1 in /*) echo "$1" ;; *) echo "$CALLER/$1" ;; esac; }
while getopts "b:j:l:L:nkc" o; do
    case $o in
        b) BUILD=$OPTARG ;;
        j) [[ $OPTARG =~ ^[1-9][0-9]*$ ]] || { echo "mutate: -j wants a positive integer, got '$OPTARG'" >&2; exit 2; }; JOBS=$OPTARG ;;
        l) MLIST=$(abs "$OPTARG") ;;
        L) XLISTS+=("$(abs "$OPTARG")") ;;
        n) NOMAKE=1 ;; k) KEEP=1 ;; c) CHECK=1 ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
BUILD=${BUILD%/}; BUILD=${BUILD#./}
case $BUILD in ''|/*|..|../*|*/..|*/../*) echo "mutate: -b wants a build directory relative to the repository ($ROOT), got '$BUILD'" >&2; exit 2 ;; esac
[ -d "$BUILD" ] || { echo "mutate: no build directory '$BUILD'" >&2; exit 2; }
[ -r "$MLIST" ] || { echo "mutate: cannot read the mutant list '$MLIST'" >&2; exit 2; }
for x in "${XLISTS[@]}"; do [ -r "$x" ] || { echo "mutate: cannot read list '$x'" >&2; exit 2; }; done
sed --sandbox -e p < /dev/null > /dev/null 2>&1 || { echo "mutate: needs GNU sed with --sandbox (4.3 or later)" >&2; exit 2; }

# the regression entries, name -> command, as regress.sh reads them
declare -A TCMD
while IFS=$'\t' read -r name cmd; do TCMD[$name]=$cmd; done < <(scripts/regress.sh -n -b "$BUILD" tests/*.list "${XLISTS[@]}") ||
    { echo "mutate: the regression lists do not read (scripts/regress.sh -n)" >&2; exit 2; }
# targets NAME...: the programs of BUILD these entries run: the words
# BUILD/{bin,cells,tests}/X, and rtr_sim-CFG for rtr_sim --impl rtl|lockstep --cfg CFG,
# net_sim-CFG for net_sim --impl rtl|lockstep (its --rtl CFG, else its first --cfg)
targets() {
    local t c
    for t in "$@"; do
        c=${TCMD[$t]}
        grep -oE "(^|[[:space:]=\"'(<>|;&])$BUILD/(bin|cells|tests)/[A-Za-z0-9_.+/-]+" <<< "$c" | sed -E 's#^[^A-Za-z0-9_.]##' 
        if [[ $c =~ rtr_sim ]] && [[ $c =~ --impl[[:space:]]+(lockstep|rtl) ]]; then
            grep -oE -- '--cfg[[:space:]]+[A-Za-z0-9_.+-]+' <<< "$c" | sed "s#^--cfg[[:space:]]*#$BUILD/bin/rtr_sim-#"
        fi
        if [[ $c =~ net_sim ]] && [[ $c =~ --impl[[:space:]]+(lockstep|rtl) ]]; then
            { grep -oE -- '--rtl[[:space:]]+[A-Za-z0-9_.+-]+' <<< "$c" || grep -oE -- '--cfg[[:space:]]+[A-Za-z0-9_.+-]+' <<< "$c"; } |
                head -1 | sed -E "s#^--(rtl|cfg)[[:space:]]*#$BUILD/bin/net_sim-#"
        fi
    done | sort -u
}

# ---- read and check the mutant list (nothing runs before it is all good) ----
declare -A SEEN
IDS=() MODE=() FILE=() TESTS=() SEDX=() BUG=()
errs=0 lineno=0 cmt=""
err() { echo "mutate: $MLIST:$lineno: $*" >&2; errs=$((errs + 1)); }
CHK=$(mktemp); trap 'rm -f "$CHK"' EXIT
while IFS= read -r line || [ -n "$line" ]; do
    lineno=$((lineno + 1))
    # the comment lines just above a mutant say what its bug is (a blank line or a "# ----" heading ends them)
    if [[ $line =~ ^[[:space:]]*# ]]; then
        c=${line#*#}; c=${c# }
        if [[ $c =~ ^---- ]]; then cmt=""; else cmt=${cmt:+$cmt }$c; fi
        continue
    fi
    [[ $line =~ ^[[:space:]]*$ ]] && { cmt=""; continue; }
    bug=$cmt cmt=""
    read -r id mode file tests sx <<< "$line"
    [ -n "$sx" ] || { err "expected 'ID MODE FILE TESTS SED', got '$line'"; continue; }
    [[ $id =~ ^[A-Za-z0-9_.+-]+$ ]] && [ "$id" != base ] || { err "bad mutant id '$id'"; continue; }
    [ -z "${SEEN[$id]:-}" ] || { err "duplicate mutant id '$id' (first at line ${SEEN[$id]})"; continue; }
    SEEN[$id]=$lineno
    case $file in rtl/* | csrc/*) [ -f "$file" ] || { err "$id: no file $file"; continue; } ;; *) err "$id: $file is not under rtl/ or csrc/"; continue ;; esac
    bad=0
    for t in ${tests//,/ }; do
        [ -n "${TCMD[$t]:-}" ] || { err "$id: no regression entry '$t' in tests/*.list${XLISTS[*]:+ ${XLISTS[*]}}"; bad=1; }
    done
    [ $bad = 0 ] || continue
    out=$(sed --sandbox -e "$sx" "$file" 2>&1 > "$CHK") || { err "$id: sed '$sx' on $file: ${out:-failed}"; continue; }
    if [ "$(wc -l < "$file")" != "$(wc -l < "$CHK")" ]; then err "$id: sed '$sx' changes the line count of $file (one line must change)"; continue; fi
    n=$(diff "$file" "$CHK" | grep -c '^<')
    [ "$n" != 0 ] || { err "$id: sed '$sx' changes nothing in $file: the mutant does not apply"; continue; }
    [ "$n" = 1 ] || { err "$id: sed '$sx' changes $n lines of $file (exactly one must change)"; continue; }
    IDS+=("$id") MODE+=("$mode") FILE+=("$file") TESTS+=("${tests//,/ }") SEDX+=("$sx") BUG+=("$bug")
done < "$MLIST"
[ $errs = 0 ] || { echo "mutate: $errs error(s) in $MLIST; nothing was run" >&2; exit 2; }
[ ${#IDS[@]} -gt 0 ] || { echo "mutate: no mutants in $MLIST" >&2; exit 2; }
for want in "$@"; do [ -n "${SEEN[$want]:-}" ] || { echo "mutate: no mutant '$want' in $MLIST" >&2; exit 2; }; done
SEL=()
for i in "${!IDS[@]}"; do [ $# = 0 ] || [[ " $* " == *" ${IDS[$i]} "* ]] && SEL+=("$i"); done
NSEL=${#SEL[@]}
[ $CHECK = 0 ] || { echo "mutate: $MLIST: $NSEL mutants, each changes one line"; exit 0; }

# ---- publication: only a run of the whole default list ----
. scripts/sweep_lib.sh
PUB=1
[ "$(realpath "$MLIST")" = "$ROOT/tests/mutate/mutants.list" ] || PUB_WHY="$PUB_WHY -l"
[ ${#XLISTS[@]} = 0 ] || PUB_WHY="$PUB_WHY -L"
[ $# = 0 ] || PUB_WHY="$PUB_WHY ID"
pub_configs
[ -z "$PUB_WHY" ] || PUB=0
OUT=$BUILD/mutate
mkdir -p "$OUT/logs" || exit 2
# one run per BUILD: two would share OUT's logs and the scratch trees' builds
exec 9> "$OUT/lock" || { echo "mutate: cannot open $OUT/lock" >&2; exit 2; }
flock -n 9 || { echo "mutate: another mutate.sh runs on $BUILD (it holds $OUT/lock); wait for it to end" >&2; exit 2; }
[ $PUB = 0 ] || pub_begin mutate "$BUILD/results"

# ---- the named tests' programs up to date in BUILD; a snapshot of the sources ----
ALLT=()
for i in "${SEL[@]}"; do ALLT+=(${TESTS[$i]}); done
mapfile -t ALLT < <(printf '%s\n' "${ALLT[@]}" | sort -u)
mapfile -t ALLP < <(targets "${ALLT[@]}")
T0=$(date +%s)
if [ $NOMAKE = 0 ] && [ ${#ALLP[@]} -gt 0 ]; then
    echo "mutate: make -j$JOBS in $BUILD: ${#ALLP[@]} programs for ${#ALLT[@]} tests"
    make --no-print-directory -j"$JOBS" BUILD="$BUILD" "${ALLP[@]}" > "$OUT/make.log" 2>&1 ||
        { tail -20 "$OUT/make.log" >&2; echo "mutate: cannot build the unmutated programs (log $OUT/make.log)" >&2; exit 2; }
fi
for p in "${ALLP[@]}"; do [ -e "$p" ] || { echo "mutate: $p is not built (make BUILD=$BUILD $p)" >&2; exit 2; }; done
WORK=$(mktemp -d "$ROOT/$OUT/run.XXXXXX") || exit 2
[ $KEEP = 1 ] || trap 'rm -f "$CHK"; rm -rf "$WORK"' EXIT
trap 'exit 130' INT TERM
mkdir -p "$WORK/src"
# the sources as in the working tree (edits included): git's tracked and
# untracked, not ignored, files; without git, everything but the builds
if git rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    git ls-files -co --exclude-standard -z | grep -zvE "^($BUILD|build|build-[^/]*)/" |
        xargs -0 -r sh -c 'for f; do [ -f "$f" ] && printf "%s\0" "$f"; done' _ | tar --null -T - -cf - | tar -xf - -C "$WORK/src"
else
    tar --exclude="./$BUILD" --exclude='./build' --exclude='./build-*' --exclude=./.git --exclude=./.venv -cf - . | tar -xf - -C "$WORK/src"
fi || { echo "mutate: cannot copy the sources" >&2; exit 2; }

# ---- the runs: the baseline, then the mutants, as regression entries ----
PAR=$((JOBS < NSEL ? JOBS : NSEL)) SUBJ=$((JOBS / PAR))
mut_dir() { # ID FILE SED TESTS...
    local m=$WORK/m/$1
    mkdir -p "$m" && printf '%s\n' "$2" > "$m/file" && printf '%s\n' "$3" > "$m/sed" || exit 2
    shift 3
    printf '%s\n' "$@" > "$m/tests"
    targets "$@" > "$m/targets"
}
settings() { # TL SUBJ
    printf 'BUILD=%q\nSUBJ=%q\nTL=%q\nKEEP=%q\nXL=%q\n' "$BUILD" "$2" "$1" "$KEEP" "$(cd "$WORK/src" && echo tests/*.list) ${XLISTS[*]}" > "$WORK/env"
}
mut_dir base - - "${ALLT[@]}"
settings 900 "$JOBS"
echo "mutate: $NSEL mutants of $MLIST on $BUILD, $PAR at a time; baseline: ${#ALLT[@]} tests"
echo "base: scripts/mutant.sh $WORK base" > "$WORK/base.list"
NR_PROGRESS=0 scripts/regress.sh -b "$WORK" -t 0 "$WORK/base.list" > "$WORK/base.out" 2>&1
bad=0
for t in "${ALLT[@]}"; do
    grep -qE "^PASS $t " "$WORK/res/base.regress" 2> /dev/null && continue
    mkdir -p "$OUT/logs/baseline"; cp "$OUT/logs/base/$t.log" "$OUT/logs/baseline/" 2> /dev/null
    echo "mutate: baseline: $t fails on the unmutated build ($(grep -E "^(FAIL) $t " "$WORK/res/base.regress" 2> /dev/null | cut -c1-100 || echo 'did not run')); it cannot judge a mutant (log: $OUT/logs/baseline/$t.log)" >&2
    bad=1
done
[ $bad = 0 ] || exit 2
# the slowest test in tenths of a second (regress.sh prints %.1f)
m=$(sed -nE 's/^PASS [^ ]+ +([0-9]+)\.([0-9])s$/\1\2/p' "$WORK/res/base.regress" | sort -n | tail -1)
TL=$((20 * 10#${m:-0} / 10 + 1)); [ "$TL" -ge 60 ] || TL=60
echo "mutate: baseline: ${#ALLT[@]} tests pass; per-test limit $TL s"
settings "$TL" "$SUBJ"
: > "$WORK/mutants.list"
for i in "${SEL[@]}"; do
    mut_dir "${IDS[$i]}" "${FILE[$i]}" "${SEDX[$i]}" ${TESTS[$i]}
    echo "${IDS[$i]}: scripts/mutant.sh $WORK ${IDS[$i]}" >> "$WORK/mutants.list"
done
# one line per mutant as it ends (its verdict, not regress.sh's PASS or FAIL)
scripts/regress.sh -b "$WORK" -j "$PAR" -t 0 "$WORK/mutants.list" | while read -r v name _; do
    [[ $v =~ ^(PASS|FAIL)$ ]] && IFS=$'\t' read -r a b c < "$WORK/res/$name" 2> /dev/null &&
        printf '%-9s %-24s %4ds  %s\n' "$a" "$name" "$b" "$c"
done
WALL=$(($(date +%s) - T0))

# ---- the table, in list order, and the score ----
SUMMARY=$OUT/summary.txt
[ $PUB = 1 ] || SUMMARY=$OUT/summary-part.txt
caught=0 escaped=0 notbuilt=0 harness=0
{
    printf '%-9s %-24s %-8s %-34s %5s  %s\n' RESULT ID MODE FILE TIME DETAIL
    for i in "${SEL[@]}"; do
        IFS=$'\t' read -r v dt detail < "$WORK/res/${IDS[$i]}" 2> /dev/null || { v=HARNESS dt=0 detail="no result"; }
        case $v in CAUGHT) caught=$((caught + 1)) ;; ESCAPED) escaped=$((escaped + 1)) ;;
                   NOT-BUILT) notbuilt=$((notbuilt + 1)) ;; *) harness=$((harness + 1)) ;; esac
        printf '%-9s %-24s %-8s %-34s %4ds  %s\n' "$v" "${IDS[$i]}" "${MODE[$i]}" "${FILE[$i]}" "$dt" "$detail"
    done
    echo "escaped $escaped, not built $notbuilt, harness failures $harness; wall time $((WALL / 60)):$(printf '%02d' $((WALL % 60))) with -j $JOBS"
    echo "mutants: $caught caught of $NSEL ($((100 * caught / NSEL)) %)"
} > "$SUMMARY" || { echo "mutate: cannot write $SUMMARY" >&2; exit 2; }
echo
cat "$SUMMARY"
if [ $PUB = 1 ]; then
    TABLE=$BUILD/results/mutate.md
    {
        echo "**mutants: $caught caught of $NSEL ($((100 * caught / NSEL)) %)**; escaped $escaped, not built $notbuilt, harness failures $harness."
        echo
        echo "| id | mode | file | the bug | result | caught by |"
        echo "|---|---|---|---|---|---|"
        for i in "${SEL[@]}"; do
            IFS=$'\t' read -r v dt detail < "$WORK/res/${IDS[$i]}" 2> /dev/null || { v=HARNESS detail="no result"; }
            if [ "$v" = CAUGHT ]; then detail=${detail#by }; detail="\`${detail//,/\`, \`}\`"; fi
            b=${BUG[$i]:-(no comment in the list)}
            printf '| `%s` | %s | `%s` | %s | %s | %s |\n' "${IDS[$i]}" "${MODE[$i]}" "${FILE[$i]}" "${b//|/\\|}" "$v" "${detail//|/\\|}"
        done
    } > "$TABLE.tmp" && mv "$TABLE.tmp" "$TABLE" || { echo "mutate: cannot write $TABLE" >&2; exit 2; }
    pub_table mutate docs/testplan.md "$TABLE"
    pub_finish $([ $caught = "$NSEL" ] && echo 0 || echo 1) "make mutate (scripts/mutate.sh -b $BUILD -j $JOBS)"
else
    echo "mutate: not a run of the whole default list ($PUB_WHY): nothing to publish"
fi
[ $harness = 0 ] || exit 2
[ $caught = "$NSEL" ]
