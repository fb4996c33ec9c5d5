#!/bin/bash
# mutate.sh - mutation testing of the regression (make mutate; issue 13 §5).
#
#   scripts/mutate.sh [-b BUILD] [-j JOBS] [-l MUTANTS] [-L TESTLIST]... [-n] [-k] [-c] [ID...]
#
# Each mutant of the list (default tests/mutate/mutants.list) is a seeded
# one-line RTL bug: a sed expression that must change exactly one line of one
# file under rtl/, and the regression entries (names from tests/*.list) that
# should catch it. For each mutant this script
#   1. copies the source tree (a snapshot taken once per run) into a scratch
#      directory under BUILD/mutate/ and applies the edit there: the real rtl/
#      is never written;
#   2. mirrors BUILD into the scratch tree (hard links for the binaries and
#      the Verilated models, copies of the small objects and stamps), deletes
#      the Verilated builds whose deps.mk lists the mutated file (the only
#      ones the edit can change) and runs make there for the programs the
#      named tests use: only those builds are Verilated again, and ccache
#      compiles only the C++ that the edit changed. The programs are those
#      a test names (build/bin/X, build/cells/X, build/tests/X) and
#      rtr_sim-CFG for rtr_sim --impl rtl|lockstep --cfg CFG; a program a
#      test reaches another way keeps BUILD's unmutated copy, which can only
#      make a mutant escape, never a false catch. Traced programs are left
#      out (a lockstep divergence would rerun them for a waveform);
#   3. runs the named tests on that build (scripts/regress.sh -b) and
#      classifies the mutant:
#        CAUGHT     a named test failed its checks (an assertion, a lockstep
#                   divergence, a scoreboard error, a timeout);
#        ESCAPED    every named test passed;
#        NOT-BUILT  make failed (e.g. Verilator lint warnings): never a catch;
#        HARNESS    a test could not run (exit 126/127, a missing program or
#                   RTL build): never a catch.
# Before any mutant, every named test must pass on the unmutated build (the
# baseline, in a scratch tree of its own), so a test that is broken by itself
# cannot count as a catch; the baseline also sets the per-test time limit
# (20 x its slowest named test, at least 60 s).
# The whole list is checked first: an unknown test, a file outside rtl/, a
# duplicate id, or a sed that changes no line or more than one line (or the
# line count) is refused with exit 2 before anything runs: a mutant that does
# not apply is not a caught one.
#
# Options:
#   -b BUILD   the build to mutate (default build; a path relative to the
#              repository, like regress.sh -b). Outside BUILD/mutate/ (the
#              scratch trees, logs and summary) BUILD is only read, except
#              that make first brings the named tests' programs up to date
#              there (not with -n).
#   -j JOBS    mutants at once (default 1); one mutant alone gets JOBS make
#              and test jobs.
#   -l FILE    the mutant list (default tests/mutate/mutants.list).
#   -L FILE    one more regression list whose names the mutants may use
#              (repeatable; tests/*.list are always read). For self-tests;
#              its commands run in the scratch tree, like those of tests/.
#   -n         do not run make in BUILD first: use what is built.
#   -k         keep the scratch trees (BUILD/mutate/run.*/).
#   -c         check the list (as above) and stop: nothing is built or run.
#   ID...      run only these mutants.
#
# List format: one mutant per line, blank lines and # comments ignored:
#   ID  MODE  FILE  TESTS  SED
# ID is [A-Za-z0-9_.+-]+; MODE a one-word failure-mode tag (free text, shown
# in the table); FILE a path under rtl/; TESTS comma-separated regression
# entry names, cheapest first; SED the rest of the line: one GNU sed
# expression, run with --sandbox (no e, r or w commands).
#
# Output: one line per mutant as it finishes, then the table in list order
# and the score line "mutants: N caught of M (P %)"; the same in
# BUILD/mutate/summary.txt, and per mutant in BUILD/mutate/logs/ID/: the
# diff, make.log, the regress output and the logs of the failing tests. On a
# terminal a status line shows mutants done / total and an ETA (stderr;
# NR_PROGRESS=0 turns it off; nothing is shown off a terminal).
# Exit 0 if every mutant was caught, 1 if any escaped or was not built, 2 on
# bad usage, a bad list, a failing baseline or a harness failure.
set -u
CALLER=$PWD
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
. scripts/jobrun.sh
# this script runs make itself; a parent make's flags (jobserver) must not leak in
unset MAKEFLAGS MFLAGS MAKELEVEL

usage() { echo "usage: mutate.sh [-b BUILD] [-j JOBS] [-l MUTANTS] [-L TESTLIST]... [-n] [-k] [-c] [ID...]" >&2; exit 2; }
BUILD=build; JOBS=1; MLIST=tests/mutate/mutants.list; XLISTS=(); NOMAKE=0; KEEP=0; CHECK=0
while getopts "b:j:l:L:nkc" o; do
    case $o in
        b) BUILD=$OPTARG ;;
        j) [[ $OPTARG =~ ^[1-9][0-9]*$ ]] || { echo "mutate: -j wants a positive integer, got '$OPTARG'" >&2; exit 2; }; JOBS=$OPTARG ;;
        l) MLIST=$OPTARG ;;
        L) XLISTS+=("$OPTARG") ;;
        n) NOMAKE=1 ;;
        k) KEEP=1 ;;
        c) CHECK=1 ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
# list files are named as the caller sees them; BUILD is relative to the repository
abs() { case $1 in /*) echo "$1" ;; *) echo "$CALLER/$1" ;; esac; }
[ "$MLIST" = tests/mutate/mutants.list ] || MLIST=$(abs "$MLIST")
for i in "${!XLISTS[@]}"; do XLISTS[$i]=$(abs "${XLISTS[$i]}"); done
BUILD=${BUILD%/}; BUILD=${BUILD#./}
case $BUILD in
    ''|/*|..|../*|*/..|*/../*) echo "mutate: -b wants a build directory relative to the repository ($ROOT), got '$BUILD'" >&2; exit 2 ;;
esac
[ -d "$BUILD" ] || { echo "mutate: no build directory '$BUILD'" >&2; exit 2; }
[ -r "$MLIST" ] || { echo "mutate: cannot read the mutant list '$MLIST'" >&2; exit 2; }
for x in "${XLISTS[@]}"; do [ -r "$x" ] || { echo "mutate: cannot read list '$x'" >&2; exit 2; }; done
command -v sed > /dev/null && sed --sandbox -e p < /dev/null > /dev/null 2>&1 \
    || { echo "mutate: needs GNU sed with --sandbox (4.3 or later)" >&2; exit 2; }

# ---- the regression entries: name -> command (the syntax of regress.sh) ----
declare -A TCMD
LISTS=(tests/*.list "${XLISTS[@]}")
for f in "${LISTS[@]}"; do
    while IFS= read -r line || [ -n "$line" ]; do
        [[ $line =~ ^[[:space:]]*(#|$) ]] && continue
        [[ $line =~ ^([A-Za-z0-9_.+-]+)([[:space:]]*\[timeout=([0-9]+)\])?:[[:space:]]*(.+)$ ]] || continue
        TCMD[${BASH_REMATCH[1]}]=${BASH_REMATCH[4]}
    done < "$f"
done

# targets NAME...: the programs of BUILD that these entries run (the words
# build/{bin,cells,tests}/X of their commands, and rtr_sim-CFG for an RTL or
# lockstep run of rtr_sim --cfg CFG, which rtr_sim hands to that program)
targets() {
    local t c w
    for t in "$@"; do
        c=${TCMD[$t]}
        grep -oE "(^|[[:space:]=\"'(<>|;&])build/(bin|cells|tests)/[A-Za-z0-9_.+/-]+" <<< "$c" \
            | sed -E "s#^[^b]*build/#$BUILD/#"
        if [[ $c =~ rtr_sim ]] && [[ $c =~ --impl[[:space:]]+(lockstep|rtl) ]]; then
            for w in $(grep -oE -- '--cfg[[:space:]]+[A-Za-z0-9_.+-]+' <<< "$c" | awk '{ print $2 }'); do
                echo "$BUILD/bin/rtr_sim-$w"
            done
        fi
    done | sort -u
}

# changed_lines OLD NEW: the number of lines that differ (-1: the line count changed)
changed_lines() {
    [ "$(wc -l < "$1")" = "$(wc -l < "$2")" ] || { echo -1; return; }
    awk 'NR == FNR { a[FNR] = $0; next } a[FNR] != $0 { n++ } END { print n + 0 }' "$1" "$2"
}

# ---- read and check the mutant list (nothing runs before it is all good) ----
declare -A SEEN
IDS=(); MODE=(); FILE=(); TESTS=(); SEDX=()
errs=0; lineno=0
err() { echo "mutate: $MLIST:$lineno: $*" >&2; errs=$((errs + 1)); }
CHK=$(mktemp); trap 'rm -f "$CHK"' EXIT
while IFS= read -r line || [ -n "$line" ]; do
    lineno=$((lineno + 1))
    [[ $line =~ ^[[:space:]]*(#|$) ]] && continue
    read -r id mode file tests sx <<< "$line"
    if [ -z "$sx" ]; then err "expected 'ID MODE FILE TESTS SED', got '$line'"; continue; fi
    [[ $id =~ ^[A-Za-z0-9_.+-]+$ ]] || { err "bad mutant id '$id'"; continue; }
    [ -z "${SEEN[$id]:-}" ] || { err "duplicate mutant id '$id' (first at line ${SEEN[$id]})"; continue; }
    SEEN[$id]=$lineno
    case $file in rtl/*) ;; *) err "$id: $file is not under rtl/"; continue ;; esac
    [ -f "$file" ] || { err "$id: no file $file"; continue; }
    bad=0
    for t in ${tests//,/ }; do
        [ -n "${TCMD[$t]:-}" ] || { err "$id: no regression entry '$t' in tests/*.list${XLISTS[*]:+ ${XLISTS[*]}}"; bad=1; }
    done
    [ $bad = 0 ] || continue
    if ! out=$(sed --sandbox -e "$sx" "$file" 2>&1 > "$CHK"); then
        err "$id: sed '$sx' on $file: ${out:-failed}"; continue
    fi
    n=$(changed_lines "$file" "$CHK")
    if [ "$n" = 0 ]; then err "$id: sed '$sx' changes nothing in $file: the mutant does not apply"; continue; fi
    if [ "$n" = -1 ]; then err "$id: sed '$sx' changes the line count of $file (one line must change)"; continue; fi
    if [ "$n" != 1 ]; then err "$id: sed '$sx' changes $n lines of $file (exactly one must change)"; continue; fi
    IDS+=("$id"); MODE+=("$mode"); FILE+=("$file"); TESTS+=("${tests//,/ }"); SEDX+=("$sx")
done < "$MLIST"
[ $errs = 0 ] || { echo "mutate: $errs error(s) in $MLIST; nothing was run" >&2; exit 2; }
[ ${#IDS[@]} -gt 0 ] || { echo "mutate: no mutants in $MLIST" >&2; exit 2; }

# the mutants selected on the command line, in list order
SEL=()
for want in "$@"; do
    [ -n "${SEEN[$want]:-}" ] || { echo "mutate: no mutant '$want' in $MLIST" >&2; exit 2; }
done
for i in "${!IDS[@]}"; do
    if [ $# -eq 0 ]; then SEL+=("$i"); continue; fi
    for want in "$@"; do [ "$want" = "${IDS[$i]}" ] && { SEL+=("$i"); break; }; done
done
NSEL=${#SEL[@]}
if [ $CHECK = 1 ]; then echo "mutate: $MLIST: $NSEL mutants, each changes one line"; exit 0; fi

# ---- the unmutated build: the named tests' programs up to date in BUILD ----
ALLT=()
for i in "${SEL[@]}"; do ALLT+=(${TESTS[$i]}); done
mapfile -t ALLT < <(printf '%s\n' "${ALLT[@]}" | sort -u)
mapfile -t ALLP < <(targets "${ALLT[@]}")
T0=$(date +%s)
if [ $NOMAKE = 0 ] && [ ${#ALLP[@]} -gt 0 ]; then
    echo "mutate: make -j$JOBS in $BUILD: ${#ALLP[@]} programs for ${#ALLT[@]} tests"
    mkdir -p "$BUILD/mutate" || exit 2
    if ! make --no-print-directory -j"$JOBS" BUILD="$BUILD" "${ALLP[@]}" > "$BUILD/mutate/make.log" 2>&1; then
        tail -20 "$BUILD/mutate/make.log" >&2
        echo "mutate: cannot build the unmutated programs (log $BUILD/mutate/make.log)" >&2; exit 2
    fi
fi
for p in "${ALLP[@]}"; do
    [ -e "$p" ] || { echo "mutate: $p is not built (make BUILD=$BUILD $p)" >&2; exit 2; }
done

# ---- the work area: a snapshot of the sources, one scratch tree per mutant ----
OUT=$BUILD/mutate
mkdir -p "$OUT/logs" || exit 2
WORK=$(mktemp -d "$ROOT/$OUT/run.XXXXXX") || exit 2
if [ $KEEP = 0 ]; then trap 'rm -f "$CHK"; rm -rf "$WORK"' EXIT; else trap 'rm -f "$CHK"' EXIT; fi
trap 'exit 130' INT TERM   # the EXIT trap cleans up after an interrupt too
SNAP=$WORK/src
mkdir -p "$SNAP"
# the sources as they are in the working tree (edits included): git's tracked
# and untracked, not ignored, files; without git, everything but the builds
if git rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    git ls-files -co --exclude-standard -z | while IFS= read -r -d '' f; do
        case $f in "$BUILD"/*|build/*|build-*/*) continue ;; esac
        [ -f "$f" ] && printf '%s\0' "$f"
    done | tar --format=posix --null -T - -cf - | tar -xf - -C "$SNAP" || { echo "mutate: cannot copy the sources" >&2; exit 2; }
else
    tar --exclude="./$BUILD" --exclude='./build' --exclude='./build-*' --exclude=./.git --exclude=./.venv --format=posix \
        -cf - . | tar -xf - -C "$SNAP" || { echo "mutate: cannot copy the sources" >&2; exit 2; }
fi
# the regression lists a scratch tree's regress.sh reads: its own copies of
# tests/*.list, and the extra lists (-L, absolute paths) where they are
XL="$(cd "$SNAP" && echo tests/*.list) ${XLISTS[*]}"

# scratch DIR: the snapshot and a mirror of BUILD. The binaries and the
# Verilated builds are hard links (make replaces a program when it relinks
# it: a new file); the objects, libraries and stamps, which make may write in
# place, are copies. Traced programs are left out: a lockstep divergence would
# rerun the unmutated traced build for a waveform.
scratch() {
    local d=$1 x
    cp -a "$SNAP" "$d" || return 1
    mkdir -p "$d/$BUILD" || return 1
    for x in bin cells tests v; do
        [ -e "$BUILD/$x" ] && { cp -al "$BUILD/$x" "$d/$BUILD/$x" || return 1; }
    done
    for x in obj cfg libnr.a libnrmodel.a genfmt .deps-ok; do
        [ -e "$BUILD/$x" ] && { cp -a "$BUILD/$x" "$d/$BUILD/$x" || return 1; }
    done
    rm -f "$d/$BUILD"/bin/*-trace
    return 0
}
# linked_writes DIR STAMP: files of DIR's mirror written in place since STAMP
# through a hard link (that would have changed BUILD itself)
linked_writes() {
    find "$1/$BUILD" -type f -links +1 -newer "$2" ! -name .lock 2> /dev/null
}
# run_tests DIR TIMELIMIT JOBS NAME...: the named entries on DIR's build;
# DIR/regress.out gets regress.sh's output
run_tests() {
    local d=$1 tl=$2 j=$3 re lists=()
    shift 3
    re=$(printf '%s\n' "$@" | sed 's/[.+]/\\&/g' | paste -sd '|')
    read -r -a lists <<< "$XL"
    (cd "$d" && NR_PROGRESS=0 scripts/regress.sh -b "$BUILD" -j "$j" -t "$tl" -f "^($re)\$" "${lists[@]}") \
        > "$d/regress.out" 2>&1
}
# verdicts DIR: "name<TAB>PASS|FAIL|TIMEOUT|HARNESS<TAB>detail" per test run
verdicts() {
    local d=$1 v name rest log x
    grep -E '^(PASS|FAIL) ' "$d/regress.out" | while read -r v name rest; do
        log=$d/$BUILD/regress/$name.log
        if [ "$v" = PASS ]; then printf '%s\tPASS\t\n' "$name"; continue; fi
        if [[ $rest =~ \(timed\ out ]]; then printf '%s\tTIMEOUT\ttimed out\n' "$name"; continue; fi
        if [[ $rest =~ \(exit\ (126|127), ]] \
           || grep -qE 'command not found|no RTL build for configuration|: No such file or directory$' "$log" 2> /dev/null; then
            printf '%s\tHARNESS\t%s\n' "$name" "$(grep -v '^[[:space:]]*$' "$log" 2> /dev/null | tail -1 | cut -c1-120)"
            continue
        fi
        x=$(grep -oE '\(exit [0-9]+' <<< "$rest"); x=${x#(}
        rest=$(grep -v '^[[:space:]]*$' "$log" 2> /dev/null | tail -1 | cut -c1-120)
        printf '%s\tFAIL\t%s%s\n' "$name" "$x" "${rest:+: $rest}"
    done
}

# ---- baseline: every named test passes on the unmutated scratch build ----
PAR=$(( JOBS < NSEL ? JOBS : NSEL )); SUBJ=$(( JOBS / PAR ))
echo "mutate: $NSEL mutants of $MLIST on $BUILD, $PAR at a time; baseline: ${#ALLT[@]} tests"
B=$WORK/base
scratch "$B" || { echo "mutate: cannot make the scratch tree $B" >&2; exit 2; }
touch "$WORK/base.stamp"
if [ ${#ALLP[@]} -gt 0 ] && ! (cd "$B" && make --no-print-directory -j"$JOBS" BUILD="$BUILD" "${ALLP[@]}") > "$B/make.log" 2>&1; then
    tail -20 "$B/make.log" >&2; echo "mutate: baseline: make failed in the scratch tree" >&2; exit 2
fi
lw=$(linked_writes "$B" "$WORK/base.stamp")
[ -z "$lw" ] || { echo "mutate: baseline: make wrote into $BUILD through hard links: $lw" >&2; exit 2; }
run_tests "$B" 900 "$JOBS" "${ALLT[@]}"
verdicts "$B" > "$WORK/base.v"
bad=0
for t in "${ALLT[@]}"; do
    v=$(awk -F'\t' -v n="$t" '$1 == n { print $2 "\t" $3 }' "$WORK/base.v")
    if [ -z "$v" ]; then
        echo "mutate: baseline: $t did not run; it cannot judge a mutant" >&2; bad=1
    elif [ "${v%%$'\t'*}" != PASS ]; then
        mkdir -p "$OUT/logs/baseline"; cp "$B/$BUILD/regress/$t.log" "$OUT/logs/baseline/" 2> /dev/null
        echo "mutate: baseline: $t fails on the unmutated build (${v%%$'\t'*}, ${v#*$'\t'}); it cannot judge a mutant (log: $OUT/logs/baseline/$t.log)" >&2
        bad=1
    fi
done
[ $bad = 0 ] || exit 2
# per-test time limit: 20 x the slowest named test's baseline time, at least 60 s
TL=$(grep -E '^PASS ' "$B/regress.out" | awk '{ t = $3; sub(/s$/, "", t); if (t + 0 > m) m = t + 0 } END { l = int(20 * m + 1); print (l < 60 ? 60 : l) }')
[ $KEEP = 1 ] || rm -rf "$B"
echo "mutate: baseline: ${#ALLT[@]} tests pass; per-test limit $TL s"

# ---- the mutants ----
mkdir -p "$WORK/m" "$WORK/res"
: > "$WORK/items"
for i in "${SEL[@]}"; do
    id=${IDS[$i]}; md=$WORK/m/$id
    mkdir -p "$md"
    printf '%s\n' "${FILE[$i]}" > "$md/file"
    printf '%s\n' "${SEDX[$i]}" > "$md/sed"
    printf '%s\n' ${TESTS[$i]} > "$md/tests"
    targets ${TESTS[$i]} > "$md/targets"
    printf '%s\n' "$id" >> "$WORK/items"
done

# mut_one ID: one mutant in its own scratch tree; prints its result line and
# leaves "verdict<TAB>seconds<TAB>detail" in $WORK/res/ID
mut_one() {
    local id=$1 md=$WORK/m/$1 d=$WORK/t/$1 log=$OUT/logs/$1 t0 file v dt detail x lw
    local -a tests targets affected
    t0=$(date +%s)
    file=$(cat "$md/file"); mapfile -t tests < "$md/tests"; mapfile -t targets < "$md/targets"
    rm -rf "$log"; mkdir -p "$log" "$WORK/t"
    finish() {
        dt=$(( $(date +%s) - t0 ))
        printf '%s\t%s\t%s\n' "$v" "$dt" "$detail" > "$WORK/res/$id"
        printf '%-9s %-24s %4ds  %s\n' "$v" "$id" "$dt" "$detail"
        [ "$KEEP" = 1 ] || rm -rf "$d"
        [ "$v" = CAUGHT ]
    }
    if ! scratch "$d"; then v=HARNESS; detail="cannot make the scratch tree $d"; finish; return; fi
    # the edit, on the snapshot's copy (checked before: exactly one line)
    if ! sed --sandbox -e "$(cat "$md/sed")" "$SNAP/$file" > "$d/$file"; then
        v=HARNESS; detail="sed failed"; finish; return
    fi
    diff -u "$SNAP/$file" "$d/$file" | sed "1,2s#$SNAP/##; 1,2s#$d/##" > "$log/diff"
    # the Verilated builds that read the file are made again from the mutant
    mapfile -t affected < <(grep -lx -F "$file:" "$d/$BUILD"/v/*/deps.mk 2> /dev/null | xargs -r -n1 dirname)
    for x in "${affected[@]}"; do rm -rf "$x"; done
    touch "$d/.stamp"
    if [ ${#targets[@]} -gt 0 ] && ! (cd "$d" && make --no-print-directory -j"$SUBJ" BUILD="$BUILD" "${targets[@]}") > "$log/make.log" 2>&1; then
        v=NOT-BUILT
        detail="make failed: $(grep -m1 -E '%(Warning|Error)|error:|\*\*\*' "$log/make.log" | cut -c1-110)"
        finish; return
    fi
    lw=$(linked_writes "$d" "$d/.stamp")
    if [ -n "$lw" ]; then v=HARNESS; detail="make wrote into $BUILD through a hard link: $lw"; finish; return; fi
    run_tests "$d" "$TL" "$SUBJ" "${tests[@]}"
    cp "$d/regress.out" "$log/regress.out"
    verdicts "$d" > "$log/verdicts"
    for x in $(awk -F'\t' '$2 != "PASS" { print $1 }' "$log/verdicts"); do
        cp "$d/$BUILD/regress/$x.log" "$log/" 2> /dev/null
    done
    local caught harness missing
    # the catching tests in the list's order (regress.sh reports them as they end)
    caught=$(for x in "${tests[@]}"; do
                 awk -F'\t' -v n="$x" '$1 == n && ($2 == "FAIL" || $2 == "TIMEOUT") { print n ($2 == "TIMEOUT" ? " (timeout)" : "") }' "$log/verdicts"
             done | paste -sd,)
    harness=$(awk -F'\t' '$2 == "HARNESS" { printf "%s%s: %s", s, $1, $3; s = "; " }' "$log/verdicts")
    missing=$(for x in "${tests[@]}"; do grep -q "^$x"$'\t' "$log/verdicts" || printf '%s ' "$x"; done)
    if [ -n "$caught" ]; then v=CAUGHT; detail="by $caught"
    elif [ -n "$harness" ] || [ -n "$missing" ]; then v=HARNESS; detail="${harness}${missing:+ did not run: $missing}"
    else v=ESCAPED; detail="all passed: $(paste -sd, "$md/tests")"
    fi
    finish
}
export -f mut_one scratch linked_writes run_tests verdicts
export WORK SNAP BUILD OUT TL SUBJ KEEP XL
jr_run "$WORK/items" "$PAR" mutate mut_one
WALL=$(( $(date +%s) - T0 ))

# ---- the table, in list order, and the score ----
{
    printf '%-9s %-24s %-8s %-34s %5s  %s\n' RESULT ID MODE FILE TIME DETAIL
    caught=0; escaped=0; notbuilt=0; harness=0
    for i in "${SEL[@]}"; do
        id=${IDS[$i]}
        IFS=$'\t' read -r v dt detail < "$WORK/res/$id" 2> /dev/null || { v=HARNESS; dt=0; detail="no result"; }
        case $v in CAUGHT) caught=$((caught + 1)) ;; ESCAPED) escaped=$((escaped + 1)) ;;
                   NOT-BUILT) notbuilt=$((notbuilt + 1)) ;; *) harness=$((harness + 1)) ;; esac
        printf '%-9s %-24s %-8s %-34s %4ds  %s\n' "$v" "$id" "${MODE[$i]}" "${FILE[$i]}" "$dt" "$detail"
    done
    echo "escaped $escaped, not built $notbuilt, harness failures $harness; wall time $(_jr_hms $WALL) with -j $JOBS"
    echo "mutants: $caught caught of $NSEL ($(( 100 * caught / NSEL )) %)"
} > "$WORK/summary"
cp "$WORK/summary" "$OUT/summary.txt"
echo
cat "$WORK/summary"
[ $harness = 0 ] || exit 2
[ $caught = "$NSEL" ]
