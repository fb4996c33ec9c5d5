#!/bin/bash
# lcb_tally.sh - after `make test-lcb` (or the LCB part of `make test`): sum
# the randomized-error link-cycles (cycles with error injection on, x 2
# directions) over the lcb_sim runs whose logs are in build/regress/.
# usage: scripts/lcb_tally.sh [LOGDIR]
dir=${1:-build/regress}
ls "$dir"/lcb-*.log >/dev/null 2>&1 || { echo "lcb_tally: no lcb-*.log in $dir" >&2; exit 1; }
grep -h '^lcb_result' "$dir"/lcb-*.log | tr ' ' '\n' | awk -F= '
    $1 == "err_link_cycles" { e += $2 }
    $1 == "run" { c += $2; n++ }
    END { printf "lcb_tally: %d lcb_sim runs, %.3g simulated pair-cycles, %.3g randomized-error link-cycles\n", n, c, e }'
