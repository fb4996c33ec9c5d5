#!/bin/bash
# cfg_stamps.sh DIR [CONFIGS] - one stamp file per named configuration:
# DIR/<name>.stamp holds that configuration's line of configs/configs.txt
# (comments and the builds column dropped, blanks squeezed: what the build
# is made from). A stamp is rewritten only when its line
# changes, so a Verilated build that depends on its configuration's stamp
# (mk/*_rtl.mk, mk/sc.mk) is rebuilt after an edit of that line and of no
# other. A stamp seen for the first time is dated 1970-01-01: adding stamps to
# an existing tree rebuilds nothing (rtr_sim still catches a stale build).
# The Makefile runs this while it reads the makefiles; it prints nothing.
set -eu
DIR=$1
F=${2:-$(dirname "$0")/../configs/configs.txt}
mkdir -p "$DIR"
awk '{ sub(/#.*/, "") } NF >= 3 && !index($3, "=") { $3 = "" } { $1 = $1 } NF >= 2 && !seen[$1]++ { print }' "$F" |
while IFS= read -r line; do
    name=${line%% *}
    case $name in */*|.*) continue ;; esac   # not a file name: cfg.sh will complain
    st=$DIR/$name.stamp
    if [ ! -e "$st" ]; then
        printf '%s\n' "$line" > "$st" && touch -d @0 "$st"
    elif [ "$(cat "$st")" != "$line" ]; then
        printf '%s\n' "$line" > "$st"
    fi
done
