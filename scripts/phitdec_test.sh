#!/bin/bash
# phitdec_test.sh DECODER - unit test of the GTKWave phit decoder
# (tb/waves/phitdec.c) on hand-made phits, core and link side, and on
# malformed input (bad hex, wrong width, empty line, a very long line, no
# final newline): every input line gives exactly one output line, a
# malformed one "?"; a bad option exits 2. Exit 0 pass, 1 fail.
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -u
D=${1:?usage: phitdec_test.sh DECODER}
fail=0
check() {  # check MODE "in" "want"
    local got
    got=$(printf '%s\n' "$2" | "$D" "$1")
    if [ "$got" != "$3" ]; then echo "FAIL $1 '$2': got '$got', want '$3'"; fail=1; fi
}
# core phits: kind in 23:22 (01 HEAD, 00 BODY, 10 EOP, 11 RSVD)
check --core 400A08 "HEAD dst=20 vc=0 -a-"       # dest 20 (bits 21:7), a (bit 3)
check --core 7FFFFC "HEAD dst=32767 vc=3 rah"
check --core 400A0B "HEAD dst=20 vc=0 -a- rsvd=3"
check --core 00ABCD "BODY 00abcd"
check --core 8000F1 "EOP ok crc=00f1"
check --core 9029B1 "EOP txerr crc=29b1"
check --core A51234 "EOP softerr crc=1234 rsvd=5"
check --core C00001 "RSVD 000001"
check --core 000001000000400280800000 "BODY 000001 | BODY 000000 | HEAD dst=5 vc=0 --- | EOP ok crc=0000"
# link phits: F = bit 23, C = bit 22
check --link 000000 "IDLE"
check --link 400000 "IDLE C"
check --link 300000 "PAD"
check --link 300010 "PAD? 300010"
check --link 10A06B "MARK seq=5"                 # marker: CRC-8 over bits 21:8 = 0x6B
check --link 10A06C "EOP txerr crc=a06c"   # CRC-8 wrong: not a marker
check --link 0029B1 "EOP ok crc=29b1"
check --link 800A08 "F 000a08 (hd dst=20 vc=0 -a-)"
check --link C0ABCD "F 00abcd C"
# malformed: one "?" line each, no crash
for bad in 12345 1234567 GGGGGG "12 345" "" 0x 1000000 "-00001"; do
    check --core "$bad" "?"
    check --link "$bad" "?"
done
check --core xxxxxx "x"
check --core zzzzzz "z"
check --core xx00zz "?"
long=$(head -c 5000 /dev/zero | tr '\0' 'A')
check --core "$long" "?"
# one line out per line in, also without a final newline
n=$(printf '400A08\nzz\n\n800000' | "$D" | wc -l)
[ "$n" = 4 ] || { echo "FAIL: 4 lines in, $n lines out"; fail=1; }
# binary junk
n=$(head -c 3000 /dev/urandom | "$D" > /dev/null; echo $?)
[ "$n" = 0 ] || { echo "FAIL: random bytes: exit $n"; fail=1; }
# the -link name selects link mode; unknown options exit 2
got=$(echo 300000 | "$D-link")
[ "$got" = PAD ] || { echo "FAIL: $D-link: got '$got', want PAD"; fail=1; }
"$D" --frobnicate < /dev/null > /dev/null 2>&1; rc=$?
[ $rc = 2 ] || { echo "FAIL: unknown option: exit $rc, want 2"; fail=1; }
[ $fail = 0 ] && echo "phitdec: all checks passed"
exit $fail
