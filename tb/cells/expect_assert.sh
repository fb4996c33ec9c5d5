#!/bin/bash
# expect_assert.sh - pass only if a command dies with a given NR_ASSERT.
#
# usage: expect_assert.sh ASSERT_NAME -- COMMAND [ARG...]
# Runs COMMAND and passes (exit 0) only if it exits non-zero AND its output
# contains "ASSERT FAILED" together with ASSERT_NAME (the message of
# rtl/inc/nr_assert.svh). A clean exit, a different failure or another
# assertion all fail (exit 1). Bad usage: exit 2.
set -u
[ $# -ge 3 ] && [ "$2" = "--" ] || { echo "usage: expect_assert.sh ASSERT_NAME -- COMMAND [ARG...]" >&2; exit 2; }
name=$1; shift 2
ulimit -c 0
out=$("$@" 2>&1); rc=$?
echo "$out"
if [ $rc -eq 0 ]; then
    echo "FAIL expect_assert: '$*' exited 0; expected assertion $name"; exit 1
fi
if ! grep -q "ASSERT FAILED.*: $name " <<< "$out"; then
    echo "FAIL expect_assert: '$*' exited $rc without 'ASSERT FAILED ... $name'"; exit 1
fi
echo "PASS expect_assert: $name fired as expected (exit $rc)"
