#!/bin/bash
# launch_record.sh FILE [--] CMD [ARGS...] - a launcher that runs nothing: it
# appends CMD ARGS, shell-quoted, as one line to FILE. With a sweep's -l (or
# SWEEP_LAUNCHER) it turns the sweep into a list of commands, one per point,
# for a Slurm job array (docs/usage.md, "Clusters and the regression runner"):
#   scripts/rtr_sweep.sh -l "scripts/launch_record.sh cmds.txt --"
#   sbatch --wait --array=1-$(wc -l < cmds.txt) --wrap 'eval "$(sed -n "${SLURM_ARRAY_TASK_ID}p" cmds.txt)"'
#   SWEEP_REPORT_ONLY=1 scripts/rtr_sweep.sh
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -u
[ $# -ge 2 ] || { echo "usage: launch_record.sh FILE [--] CMD [ARGS...]" >&2; exit 2; }
f=$1; shift
[ "$1" = -- ] && shift
[ $# -ge 1 ] || { echo "launch_record.sh: no command" >&2; exit 2; }
line=$(printf '%q ' "$@")
printf '%s\n' "${line% }" >> "$f"   # one write per line: parallel points do not mix
