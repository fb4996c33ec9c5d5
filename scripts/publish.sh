#!/bin/bash
# publish.sh - copy the results of complete runs into docs/ (make
# publish-FLOW; issue 42, class 1: a run writes only under build/, and only
# this, on a complete result, changes a tracked file).
#
# usage: scripts/publish.sh [-n] MANIFEST...
#   MANIFEST  build/results/publish-FLOW.txt, written by a run of FLOW only
#             when every part of it passed with the default settings
#             (scripts/sweep_lib.sh, pub_finish). Its lines:
#               complete FLOW
#               stamp TEXT            how the results were made
#               table MARKER DOC FILE FILE replaces the lines between
#                                     <!-- MARKER:begin --> and
#                                     <!-- MARKER:end --> of DOC, after a
#                                     line with the stamp
#               file DEST FILE        DEST becomes a copy of FILE
#             (DOC and DEST under docs/; FILE under build/ or the BUILD of
#             the run).
#   -n        check everything and say what would change; change nothing
#
# Every manifest is checked before anything is written: it exists, says
# complete, each FILE exists and is not empty, each DOC holds its markers
# once, in order, each destination is under docs/. Then every new document
# is made in a scratch directory and moved into place; if a move fails, the
# documents already moved are put back. Exit 0 when published (or, with -n,
# publishable); 1 when a manifest is missing, incomplete or names what is
# not there (nothing changed); 2 on bad usage.
set -u
cd "$(dirname "$0")/.." || exit 2
DRY=0
case ${1:-} in
-h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;;
-n) DRY=1; shift ;;
esac
[ $# -ge 1 ] || { echo "usage: scripts/publish.sh [-n] MANIFEST...   (--help)" >&2; exit 2; }
for m in "$@"; do
    case $m in -*) echo "publish: unknown option '$m' (--help)" >&2; exit 2 ;; esac
done
TMP=$(mktemp -d) || exit 2
trap 'rm -rf "$TMP"' EXIT
bad=0
err() { echo "publish: $*" >&2; bad=1; }
under_docs() { case $1 in docs/*) [[ $1 != *..* ]] ;; *) false ;; esac; }
# the new content of each destination: $TMP/new/<n>, its destination in $TMP/dest
n=0
: > "$TMP/dest"
# newdoc DOC: ND = the scratch copy of DOC that the tables go into (one per
# DOC; not in a subshell: n counts the scratch files)
newdoc() {
    local d
    d=$(awk -F'\t' -v p="$1" '$2 == p { print $1; exit }' "$TMP/dest")
    if [ -z "$d" ]; then
        n=$((n + 1)); d=$TMP/new.$n
        cp "$1" "$d" && printf '%s\t%s\n' "$d" "$1" >> "$TMP/dest" || return 1
    fi
    ND=$d
}
for m in "$@"; do
    if [ ! -r "$m" ]; then
        err "$m: no manifest: the last run of this flow did not complete with the default settings, or has not been made (run its make target first)"
        continue
    fi
    flow="" stamp=""
    lineno=0
    while read -r kind line; do
        lineno=$((lineno + 1))
        read -r a b c rest <<< "$line"
        case $kind in
        '' | '#'*) ;;
        complete) flow=$a ;;
        stamp) stamp=$line ;;
        table)
            [ -n "$flow" ] || { err "$m:$lineno: a table before the complete line"; continue; }
            under_docs "$b" && [ -f "$b" ] || { err "$m:$lineno: $b is not a file under docs/"; continue; }
            [ -s "$c" ] || { err "$m:$lineno: $c is missing or empty"; continue; }
            nb=$(grep -cxF "<!-- $a:begin -->" "$b"); ne=$(grep -cxF "<!-- $a:end -->" "$b")
            if [ "$nb" != 1 ] || [ "$ne" != 1 ]; then
                err "$m:$lineno: $b has $nb '<!-- $a:begin -->' and $ne '<!-- $a:end -->' lines (want one each)"; continue
            fi
            newdoc "$b" || { err "cannot copy $b"; continue; }
            d=$ND
            # the document with the table between its markers (text after the end marker kept)
            { sed -n "1,/^<!-- $a:begin -->\$/p" "$d"
              [ -z "$stamp" ] || printf '*%s.*\n\n' "$stamp"
              cat "$c"
              sed -n "/^<!-- $a:end -->\$/,\$p" "$d"; } > "$d.t" && mv "$d.t" "$d" ||
                { err "cannot write the scratch copy of $b"; continue; }
            grep -qxF "<!-- $a:end -->" "$d" || err "$b: the end marker of $a comes before its begin marker"
            ;;
        file)
            under_docs "$a" || { err "$m:$lineno: $a is not under docs/"; continue; }
            [ -s "$b" ] || { err "$m:$lineno: $b is missing or empty"; continue; }
            [ -d "$(dirname "$a")" ] || { err "$m:$lineno: no directory $(dirname "$a")"; continue; }
            n=$((n + 1)); cp "$b" "$TMP/new.$n" && printf '%s\t%s\n' "$TMP/new.$n" "$a" >> "$TMP/dest" ||
                err "cannot copy $b"
            ;;
        *) err "$m:$lineno: unknown line '$kind $a ...'" ;;
        esac
    done < "$m"
    [ -n "$flow" ] || err "$m: no 'complete' line: not the manifest of a complete run"
done
[ -s "$TMP/dest" ] || [ $bad = 1 ] || err "the manifests name nothing to publish"
if [ $bad = 1 ]; then
    echo "publish: nothing was changed" >&2
    exit 1
fi
changed=0
while IFS=$'\t' read -r new dest; do
    if [ -f "$dest" ] && cmp -s "$new" "$dest"; then continue; fi
    changed=$((changed + 1))
    echo "publish: $dest$([ $DRY = 1 ] && echo ' (would change)')"
done < "$TMP/dest"
[ $DRY = 0 ] || { echo "publish: $changed files would change"; exit 0; }
# move into place; on a failure put back what was moved
mkdir -p "$TMP/old"
k=0
while IFS=$'\t' read -r new dest; do
    k=$((k + 1))
    [ ! -f "$dest" ] || cp -p "$dest" "$TMP/old/$k" || { echo "publish: cannot save $dest" >&2; exit 1; }
done < "$TMP/dest"
k=0 failed=0
while IFS=$'\t' read -r new dest; do
    k=$((k + 1))
    if ! cat "$new" > "$dest.publish.tmp" || ! mv -f "$dest.publish.tmp" "$dest"; then
        rm -f "$dest.publish.tmp"; failed=$k; break
    fi
done < "$TMP/dest"
if [ $failed != 0 ]; then
    k=0
    while IFS=$'\t' read -r new dest; do
        k=$((k + 1)); [ $k -le $failed ] || break
        if [ -f "$TMP/old/$k" ]; then cp -p "$TMP/old/$k" "$dest"; else rm -f "$dest"; fi
    done < "$TMP/dest"
    echo "publish: writing $(sed -n "${failed}p" "$TMP/dest" | cut -f2) failed; every document was put back" >&2
    exit 1
fi
echo "publish: $changed of $(wc -l < "$TMP/dest") files changed"
