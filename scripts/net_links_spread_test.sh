#!/bin/bash
# net_links_spread_test.sh - scripts/net_links_spread.sh: on a hand-made
# links CSV with known loads (columns reordered, a node channel and a side
# channel among them) every figure of every group is exact; on a 128-node
# folded Clos run of net_sim --links, the groups are level 1 up and level 2
# down with 128 channels each, and their means equal the CSV's; a missing
# file or column exits 2. Prints "net_links_spread_test: N passed" or the
# first failure, exit 1.
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -u
cd "$(dirname "$0")/.."
S=scripts/net_links_spread.sh
. scripts/csv_lib.sh
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
n=0
fail() { echo "net_links_spread_test: FAIL: $*" >&2; exit 1; }
# routers 0, 1 at level 1, 2 at level 2; up loads 0.2, 0.4, 0.6 (mean 0.4,
# sd sqrt(0.08/3)), down 0.5, side 0.3, a node channel 0.9 left out
cat > "$T/l.csv" <<'C'
load,to_router,level,router,phits
0.2000,2,1,0,20
0.4000,2,1,1,40
0.6000,2,1,0,60
0.5000,0,2,2,50
0.3000,1,1,0,30
0.9000,-1,1,1,90
C
out=$(bash $S "$T/l.csv") || fail "exit $? on the fixture"
echo "$out" | grep -qx '1     up          3   0.4000   0.1633  0.408   0.6000   0.6000' || fail "level 1 up: $out"; n=$((n + 1))
echo "$out" | grep -qx '1     side        1   0.3000   0.0000  0.000   0.3000   0.3000' || fail "level 1 side: $out"; n=$((n + 1))
echo "$out" | grep -qx '2     down        1   0.5000   0.0000  0.000   0.5000   0.5000' || fail "level 2 down: $out"; n=$((n + 1))
[ "$(echo "$out" | wc -l)" = 4 ] || fail "a node channel was counted: $out"; n=$((n + 1))
build/bin/net_sim --topo fclos:levels=2 --cfg yarc-k16-bare --load 0.5 --warmup 100 --measure 500 --quiet \
    --links "$T/r.csv" > "$T/run.log" 2>&1 || fail "net_sim: $(tail -3 "$T/run.log")"
out=$(bash $S "$T/r.csv") || fail "exit $? on a run"
up=$(echo "$out" | awk '$1 == 1 && $2 == "up" { print $3, $4 }')
dn=$(echo "$out" | awk '$1 == 2 && $2 == "down" { print $3, $4 }')
[ "$(echo "$out" | wc -l)" = 3 ] || fail "groups of a 2-level run: $out"; n=$((n + 1))
ref=$(csv_awk 'NR > 1 && $col("to_router") >= 0 { l = $col("level") == 1 ? "u" : "d"; c[l]++; s[l] += $col("load") } END { if (CSV_BAD) exit 2; printf "%d %.4f %d %.4f", c["u"], s["u"] / c["u"], c["d"], s["d"] / c["d"] }' "$T/r.csv")
[ "$up $dn" = "$ref" ] || fail "run: up/down '$up $dn', from the CSV '$ref'"; n=$((n + 1))
bash $S "$T/none.csv" 2>/dev/null; [ $? = 2 ] || fail "a missing file does not exit 2"; n=$((n + 1))
cut -d, -f1-3 "$T/l.csv" > "$T/bad.csv"
bash $S "$T/bad.csv" 2>/dev/null; [ $? = 2 ] || fail "a missing column does not exit 2"; n=$((n + 1))
echo "net_links_spread_test: $n passed"
