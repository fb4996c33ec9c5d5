# cli_test_lib.sh - the shared part of the kit's command-line tests
# (scripts/rtr_cli_test.sh, scripts/lcb_cli_test.sh); sourced, not run.
# The test sets SIM (the program) before sourcing; this sets TMP (removed on
# exit), the counters pass and fail, and:
#   expect CODE REGEX ARGS...  run "$SIM ARGS...": exit status CODE and
#                              stdout+stderr matching the extended REGEX.
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
pass=0; fail=0
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
