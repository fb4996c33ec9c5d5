#!/bin/bash
# area_split.sh NAME... - the std-cell area of a router from `make area`
# (build/area/NAME/stat.txt) split by the modules it keeps as hierarchy
# (scripts/area.sh KEEP): per module kind, instances x area each, and the
# top's own cells (for nr_nwn the channel pipelines and wiring). Prints one
# markdown row per NAME: name | ports | subswitches | top | fabric (all but
# the ports) | total. SRAM macros are not included (area.sh counts them apart).
set -eu
echo "| configuration | ports (${KIND_PORT:=nr_nwn_port}) | subswitches (${KIND_SUB:=nr_nwn_sub}) | top wiring and channel pipes | fabric (subswitches + top) | std-cell total |"
echo "|---|---|---|---|---|---|"
for n in "$@"; do
    f=build/area/$n/stat.txt
    [ -r "$f" ] || { echo "area_split: $f missing (make area AREA_CONFIGS=$n)" >&2; exit 1; }
    awk -v n="$n" -v kp="$KIND_PORT" -v ks="$KIND_SUB" '
        /Chip area for module/ { m = $0; sub(/.*module .?/, "", m); sub(/.: [0-9.]+$/, "", m);
                                 sub(/^\\/, "", m); A[m] = $NF }
        /Chip area for top module/ { total = $NF }
        /=== design hierarchy ===/ { h = 1; next }
        h && NF == 2 && $2 ~ /^[0-9]+$/ { C[$1] = $2 }
        h && /Number of wires/ { h = 0 }
        END {
            for (m in C) {
                k = m; sub(/^.*\\/, "", k)
                if (k == kp) P += C[m] * A[m]; else if (k == ks) S += C[m] * A[m]; else T += C[m] * A[m]
            }
            printf "| %s | %.2f M (%.0f %%) | %.2f M (%.0f %%) | %.2f M | %.2f M | %.2f M um^2 |\n", n,
                   P / 1e6, 100 * P / total, S / 1e6, 100 * S / total, T / 1e6, (S + T) / 1e6, total / 1e6
        }' "$f"
done
