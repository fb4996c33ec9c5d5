#!/bin/bash
# cfg.sh NAME [top|params|gparams] - look up a named configuration in configs/configs.txt.
#   top      the top module
#   params   "P=V P=V ..."
#   gparams  "-GP=V -GP=V ..." (Verilator), the default
set -eu
# NR_CONFIGS names another configurations file (README "Your own configuration").
F=${NR_CONFIGS:-"$(dirname "$0")/../configs/configs.txt"}
[ -r "$F" ] || { echo "cfg.sh: cannot read the configurations file $F" >&2; exit 2; }
[ $# -ge 1 ] || { echo "usage: cfg.sh NAME [top|params|gparams]" >&2; exit 2; }
# '#' starts a comment anywhere on a line (as tb/rtr/cfgfile.c reads it)
line=$(awk -v n="$1" '{ sub(/#.*/, "") } $1 == n { print; exit }' "$F")
[ -n "$line" ] || { echo "cfg.sh: no configuration '$1' in $F (have: $(awk '!/^#/ && NF {printf "%s ", $1}' "$F"))" >&2; exit 2; }
set -- $line "${2:-gparams}"
name=$1; top=$2; shift 2
what=${!#}
params=("${@:1:$#-1}")
case $what in
    top) echo "$top" ;;
    params) echo "${params[*]}" ;;
    gparams) for p in "${params[@]}"; do printf -- "-G%s " "$p"; done; echo ;;
    *) echo "cfg.sh: unknown field '$what'" >&2; exit 2 ;;
esac
