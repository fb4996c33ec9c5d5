# bench_lib.sh - what the benchmarks against an older commit share (make
# bench: scripts/bench_base.sh; make bench-net: scripts/net_bench.sh). Source
# it from the tree's root.
#
#   bench_rev_build REV TARGET...   check out REV (git worktree, detached) in
#       $BUILD/bench-base/SHORT and make TARGET... there with its own
#       Makefile; then write a wrapper $BUILD/bench-base/SHORT.PROG for each
#       program that runs it with REV's own configs/configs.txt. Sets
#       BENCH_REV_DIR (the checkout) and BENCH_REV_SHORT. 0, or 1 with a
#       message (2: REV is not a commit).
#   bench_median                    the median of the numbers on stdin
#   bench_stamp                     "the tree at HASH[ with uncommitted
#       changes]": what a table is stamped with

bench_rev_build() {
    local rev=$1 full t w
    shift
    full=$(git rev-parse --verify --quiet "$rev^{commit}") || {
        echo "bench: '$rev' is not a commit of this repository" >&2
        return 2
    }
    BENCH_REV_SHORT=$(git rev-parse --short "$full")
    BENCH_REV_DIR=$(cd "${BUILD:-build}" && pwd)/bench-base/$BENCH_REV_SHORT
    w=$BENCH_REV_DIR
    if [ ! -d "$w" ]; then
        mkdir -p "$(dirname "$w")"
        git worktree prune
        git worktree add --detach --quiet "$w" "$full" || {
            echo "bench: cannot check out $BENCH_REV_SHORT" >&2
            return 1
        }
    fi
    echo "bench: building $* at $BENCH_REV_SHORT in $w" >&2
    if ! env -u NR_CONFIGS -u MAKEFLAGS make -C "$w" BUILD=build -j "${JOBS:-$(nproc)}" \
        --no-print-directory "$@" > "$w.make.log" 2>&1; then
        echo "bench: the build at $BENCH_REV_SHORT failed (log $w.make.log):" >&2
        tail -5 "$w.make.log" >&2
        return 1
    fi
    # wrappers: the old programs with the old configurations
    for t in "$@"; do
        printf '#!/bin/sh\nexec "%s/%s" --cfg-file "%s/configs/configs.txt" "$@"\n' "$w" "$t" "$w" \
            > "$w.$(basename "$t")" && chmod +x "$w.$(basename "$t")" || return 1
    done
}

bench_median() {
    sort -g | awk '{ a[NR] = $1 } END { if (NR) print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

bench_stamp() {
    local dirty=""
    git diff --quiet HEAD -- csrc tb rtl configs scripts || dirty=" with uncommitted changes"
    echo "the tree at $(git rev-parse --short HEAD)$dirty"
}
