#!/bin/bash
# net_links_spread.sh - how evenly a network's channels are loaded, from the
# CSV that net_sim --links writes (docs/network.md): for each level and
# direction of the router-to-router channels (up: to a router of a higher
# level; down: to a lower one; side: to one of the same level), the number
# of channels and their load over the window: mean, standard deviation,
# coefficient of variation (sd / mean), 99th percentile and maximum. Node
# channels (to_router = -1) are left out.
#
#   scripts/net_links_spread.sh LINKS.csv
#
# Columns are read by header name (router, level, to_router, load;
# scripts/csv_lib.sh). Exit 2 on a missing file or column.
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -u
. "$(dirname "$0")/csv_lib.sh"
[ $# = 1 ] || { echo "usage: net_links_spread.sh LINKS.csv" >&2; exit 2; }
[ -r "$1" ] || { echo "net_links_spread: cannot read '$1'" >&2; exit 2; }
csv_need "$1" router level to_router load || exit 2
csv_awk 'NR > 1 { n++; lv[$col("router")] = $col("level"); r[n] = $col("router"); t[n] = $col("to_router"); ld[n] = $col("load") }
    END {
        if (CSV_BAD) exit 2
        for (i = 1; i <= n; i++) {
            if (t[i] < 0) continue
            d = (lv[t[i]] > lv[r[i]]) ? "up" : (lv[t[i]] < lv[r[i]]) ? "down" : "side"
            k = lv[r[i]] " " d; c[k]++; s[k] += ld[i]; q[k] += ld[i] * ld[i]; v[k, c[k]] = ld[i]
        }
        printf "%-5s %-4s %8s %8s %8s %6s %8s %8s\n", "level", "dir", "channels", "mean", "sd", "cv", "p99", "max"
        for (k in c) {
            m = c[k]; mu = s[k] / m; var = q[k] / m - mu * mu; sd = var > 0 ? sqrt(var) : 0
            for (i = 1; i <= m; i++) a[i] = v[k, i]
            # insertion sort of the group (a few thousand values)
            for (i = 2; i <= m; i++) { x = a[i]; j = i - 1; while (j > 0 && a[j] > x) { a[j + 1] = a[j]; j-- } a[j + 1] = x }
            p = int(0.99 * m); if (p < 0.99 * m) p++  # nearest rank
            split(k, kk, " ")
            printf "%-5s %-4s %8d %8.4f %8.4f %6.3f %8.4f %8.4f\n", kk[1], kk[2], m, mu, sd, (mu > 0 ? sd / mu : 0), a[p], a[m]
        }
    }' "$1" | { IFS= read -r h; echo "$h"; sort -k1,1n -k2,2; }
exit "${PIPESTATUS[0]}"
