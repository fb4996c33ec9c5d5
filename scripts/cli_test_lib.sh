# cli_test_lib.sh - the shared part of the kit's script and command-line tests
# (scripts/rtr_cli_test.sh, lcb_cli_test.sh, net_test.sh, publish_test.sh,
# publish_runs_test.sh, sweep_selftest.sh, regress_selftest.sh,
# mutate_selftest.sh, cov_summary_test.sh); sourced, not run.
# This sets TMP (removed on exit), the counters pass and fail, and:
#   ok [WHAT]                  one check passed ("ok: WHAT" shown when SAY_OK=1)
#   bad WHAT                   one check failed: "FAIL: WHAT", then the last
#                              BAD_TAIL (12) lines of $TMP/out when it exists
#   check DESC WANT RC [REGEX] exit status RC is WANT, and $TMP/out matches
#                              the extended REGEX when one is given
#   expect CODE REGEX ARGS...  run "$SIM ARGS..." (the test sets SIM): exit
#                              status CODE and stdout+stderr matching REGEX
#   finish                     prints "N passed, N failed"; status 0 when none
#                              failed (a test's last command)
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
pass=0; fail=0
ok() {
    pass=$((pass + 1))
    if [ "${SAY_OK:-0}" = 1 ]; then echo "ok: $*"; fi
}
bad() {
    fail=$((fail + 1))
    echo "FAIL: $*"
    if [ -f "$TMP/out" ]; then sed 's/^/    | /' "$TMP/out" | tail -"${BAD_TAIL:-12}"; fi
}
check() {
    if [ "$3" != "$2" ]; then bad "$1: exit $3, want $2"; return; fi
    if [ -n "${4:-}" ] && ! grep -Eq -- "$4" "$TMP/out"; then bad "$1: no /$4/ in the output"; return; fi
    ok
}
expect() {
    local code=$1 re=$2; shift 2
    "$SIM" "$@" > "$TMP/out" 2>&1; local rc=$?
    if [ $rc -eq "$code" ] && grep -Eq -- "$re" "$TMP/out"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: $(basename "$SIM") $* -> exit $rc (want $code, /$re/):"; sed 's/^/    | /' "$TMP/out" | tail -5
    fi
}
finish() {
    echo "$pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}
