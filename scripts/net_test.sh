#!/bin/bash
# net_test.sh - net_sim (docs/network.md) as a user meets it:
#   - bad input exits 2 with a message that names the fault: topology specs,
#     configurations that cannot form the network (bare ports facing LCB
#     ports, mismatched port parameters, a bilateral butterfly at the top, whose up-to-up turn
#     a folded Clos's top needs), patterns of one router, packet lengths;
#   - the same seed gives the same output, and another seed another one;
#     --threads 1, 2 and 3 give the same output;
#   - the CSV row has the columns its header names.
# Prints "N passed, N failed".
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -u
SIM=${1:-build/bin/net_sim}
. "$(dirname "$0")/cli_test_lib.sh"
Q="--warmup 100 --measure 300 --quiet"
expect 2 "levels: expected an integer in \[1, 4\], got '5'" --topo fclos:levels=5
# an output file that cannot be written stops the program before the run
expect 2 "--links: cannot write '/nonexistent/l.csv': No such file or directory" --links /nonexistent/l.csv
expect 2 "--turns: cannot write '/nonexistent/t.csv'" --turns /nonexistent/t.csv
expect 2 "--csv: cannot write '/nonexistent/r.csv'" --csv /nonexistent/r.csv
expect 2 "k = 8, but the routers have 16 ports" --topo fclos:k=8
expect 2 "expected key=value with a key of k levels tophalf taper links side planes; got 'x'" --topo fclos:levels=2,x=1
expect 2 "unknown kind 'slimfly' \\(kinds: [a-z, ]*fbfly, fclos, [a-z, ]*ring[a-z, ]*; net_sim --help" --topo slimfly:q=5
expect 2 "links = 2: must be a power of two up to the 8 wired up ports, and more than 1 only with levels >= 2" --topo fclos:levels=1,links=2
expect 2 "links = 4: must be a power of two up to the 2 wired up ports" --topo fclos:levels=2,links=4,taper=2
expect 2 "links = 3: must be a power of two" --topo fclos:levels=2,links=3
expect 2 "BlackWidow's routers have 64 ports, these have 16" --topo bw:rank=2
expect 2 "rank: expected an integer in \[1, 3\], got '4'" --topo bw:rank=4 --cfg yarc-k64-bare
expect 2 "a taper needs rank 2 or 3" --topo bw:rank=1,taper=8 --cfg yarc-k64-bare
expect 2 "taper = 1 up link cannot carry the two links" --topo bw:rank=2,taper=1 --cfg yarc-k64-bare
# side links (fclos side=S, bw:rank=2,side=S; docs/network.md): the copies, the tops' ports, the side table
expect 2 "side: expected an integer in \[2, 9\], got '1'" --topo fclos:levels=2,side=1 --cfg yarc-k16-bare-side
expect 2 "side = 7 copies: needs S - 1 dividing the top routers' 8 side ports, or S even" --topo fclos:levels=2,side=7 --cfg yarc-k16-bare-side
expect 2 "side = 7 copies: needs S - 1 dividing" --topo fclos:levels=1,side=7 --cfg yarc-k16-bare-side
expect 0 "24 nodes, 3 routers, 12 links; tables checked: routes of 1..2 routers" --topo fclos:levels=1,side=3 --cfg yarc-k16-bare-side --measure 300
expect 2 "has side links: its top routers \(level 2\) need a configuration with SideTab=1, .*; yarc-k16-bare has none" --topo fclos:levels=2,side=3 --cfg yarc-k16-bare
expect 2 "has side links: its top routers \(level 2\) need a configuration with SideTab=1, .*; fc-k16-bare has none" --topo fclos:levels=2,side=3 --cfg yarc-k16-bare-side,fc-k16-bare
expect 2 "side links join R1 routers \(rank 1.5: side=9, 288 processors\), rank-2 subtrees of 512 processors .* or rank-3 subtrees of 8192 .*: side needs rank 3 at most 4, and no taper" --topo bw:rank=3,side=5 --cfg yarc-k64-bare-side
expect 2 "side = 7 copies: needs S - 1 dividing the top routers' 32 side ports" --topo bw:rank=1,side=7 --cfg yarc-k64-bare-side
expect 2 "side links join R1 routers" --topo bw:rank=2,taper=8,side=2 --cfg yarc-k64-bare-side
expect 2 "n: expected an integer in \[2, 16\], got '17'" --topo fbfly:k=4,n=17 --routing min
expect 2 "node [0-9]+'s route to node [0-9]+ needs 4 hops, more than the route phit's 3" --topo fbfly:k=2,n=4,c=2 --routing min
expect 2 "minad with 3 dimensions takes a VC per hop, 3 VCs; these routers have 2" --topo fbfly:k=2,n=4,c=2 --routing minad
expect 2 "needs k and c powers of two" --topo fbfly:k=3,n=2,c=4 --routing val
expect 2 "needs the sequential allocator: a configuration with FbSeq=1" --topo fbfly:k=8,n=2 --routing ugals
expect 2 "needs the sequential allocator: a configuration with FbSeq=1" --topo fbfly:k=8,n=2 --routing closad
expect 2 "router [0-9]+: node [0-9]+'s route turns from port [0-9]+ back to port [0-9]+, which this organization has no crosspoint for" --topo fbfly:k=8,n=2 --cfg fc-k16-bare --routing val
expect 2 "shared internal buffers, have a cycle through router [0-9]+ port [0-9]+ VC 0: a deadlock is possible" --topo fbfly:k=4,n=3 --cfg yarc-k16-bare --routing val
expect 2 "--routing val does not route fclos; its routings: updown-adaptive updown-hash updown-det" --routing val
expect 2 "a router needs 22 ports \(c \+ \(n-1\)\(k-1\)\), the routers have 16" --topo fbfly:k=8,n=3 --routing min
expect 2 "--routing updown-adaptive does not route fbfly; its routings: min min-rc val ugal ugals closad minad val-dd ugal-dd ugals-dd" --topo fbfly:k=4,n=3 --routing updown-adaptive
expect 2 "--routing min does not route fclos" --routing min
expect 2 "configuration yarc-k16-bare-g2 has UpPick=2, the greedy_r\(2\) up choice .*: --routing updown-hash on fclos has none \(updown-adaptive on fclos or bw\)" --topo fclos:levels=2 --cfg yarc-k16-bare-g2 --routing updown-hash
expect 2 "configuration fc-k16-bare-g2 has UpPick=2" --topo fbfly:k=8,n=2 --cfg fc-k16-bare-g2 --routing min
expect 2 "with its route phit needs 5 to 64 phits" --topo fbfly:k=4,n=3 --routing min --len fixed:4
expect 2 "differ in NumPorts, NumVcs, InBufPerVc, MaxPktLen, UseLcb" --cfg yarc-k16-bare,yarc-k16
expect 2 "differ in NumPorts" --cfg yarc-k16-bare,fc-k32-4vc
expect 2 "router 2[0-9] \(level 2\): node [0-9]+'s route turns from port [0-9]+ to port [0-9]+, which this organization has no crosspoint for" --cfg bb-k16-bare
expect 2 "2 router configurations for a network of 1 levels" --topo fclos:levels=1 --cfg yarc-k16-bare,fc-k16-bare
expect 2 "no configuration 'yarc-k7'" --cfg yarc-k7
expect 2 "describes the ports of one router" --pattern rowcol
expect 2 "with its hash phit needs 5 to 64 phits" --routing updown-hash --len fixed:4
expect 2 "--routing ugal2 does not route fclos; its routings: updown-adaptive updown-hash updown-det" --routing ugal2
expect 2 "--link-lat: expected" --link-lat 0
expect 1 "FAIL the batch was not delivered: [0-9]+ of 1280 packets" --topo fbfly:k=8,n=2 --routing min --pattern wc --batch 20 --len fixed:8 --drain-max 500
expect 2 "--batch: expected" --batch 0
expect 0 "usage: net_sim" --help
# the same seed, the same result; the seed matters
strip() { grep -v "cycles in .* s," "$1"; }
"$SIM" $Q --seed 7 > "$TMP/a" 2>&1; "$SIM" $Q --seed 7 > "$TMP/b" 2>&1; "$SIM" $Q --seed 8 > "$TMP/c" 2>&1
if cmp -s <(strip "$TMP/a") <(strip "$TMP/b") && ! cmp -s <(strip "$TMP/a") <(strip "$TMP/c") &&
   grep -q PASS "$TMP/a"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: seeds"; fi
# threads: the routers over 1, 2 or 3 threads, the same result
"$SIM" $Q --seed 7 --threads 2 > "$TMP/t2" 2>&1; "$SIM" $Q --seed 7 --threads 3 > "$TMP/t3" 2>&1
if cmp -s <(strip "$TMP/a") <(strip "$TMP/t2") && cmp -s <(strip "$TMP/a") <(strip "$TMP/t3"); then
    pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: threads"; diff <(strip "$TMP/a") <(strip "$TMP/t2") | head; fi
expect 2 "--threads: expected" --threads 0
expect 2 "--label: a label may not contain commas" --label a,b
expect 2 "link errors need LCB links" --cfg yarc-k16-bare --ber 1e-5
expect 2 "--pattern wc sends to the next router's nodes; this network has one" --topo fclos:levels=1 --pattern wc
expect 2 "--burst: expected RATE:LEN" --cfg yarc-k16 --burst 1e-5
# CSV: a header and one row per run, as many fields as the header
rm -f "$TMP/r.csv"
# (a topology spec with commas: written with ';', one field)
"$SIM" $Q --csv "$TMP/r.csv" > /dev/null &&
    "$SIM" $Q --topo fclos:k=16,levels=2 --seed 2 --label two --csv "$TMP/r.csv" > /dev/null
if [ "$(wc -l < "$TMP/r.csv")" = 3 ] &&
   awk -F, 'NR == 1 { n = NF } NF != n { bad = 1 } END { exit bad }' "$TMP/r.csv" &&
   head -1 "$TMP/r.csv" | grep -q '^label,topo,cfg,routing,pattern,load,seed,nodes,routers,offered,accepted' &&
   tail -1 "$TMP/r.csv" | grep -q '^two,fclos:k=16;levels=2,'; then
    pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: csv"; cat "$TMP/r.csv"; fi
finish
