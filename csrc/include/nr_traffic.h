/* nr_traffic.h - destination patterns over k nodes (or router ports).
 *
 * Nodes are 0..k-1. Bit patterns need k = 2^b and act on the b-bit id
 * n = n_{b-1}..n_0; the others take any k >= 2 (k <= 32768, the head's dest
 * range). Exact definitions, k=16 examples in docs/testbench-library.md:
 *
 *   uniform          dest uniform over the k-1 other nodes (self excluded)
 *   bitcomp          d = ~n & (k-1)
 *   bitrev           d_i = n_{b-1-i}
 *   bitrot           rotate right by 1: d = n >> 1 | (n & 1) << (b-1)
 *   transpose        R = 2^floor(b/2) rows x C = 2^ceil(b/2) cols, n = row*C+col;
 *                    d = col*R + row (swap the high floor(b/2) bits and the low
 *                    ceil(b/2) bits; for even b the classic half swap)
 *   transpose-random same matrix; source in row A sends to a uniformly random
 *                    node of column A mod C (= A): d = U[0,R)*C + A
 *   shuffle          rotate left by 1: d = (n << 1 | n >> (b-1)) & (k-1)
 *   tornado          d = (n + ceil(k/2) - 1) mod k
 *   neighbor         d = (n + 1) mod k
 *   hotspot          with probability f, d = one of the H hot nodes (uniform);
 *                    otherwise d uniform as in `uniform`
 *   randperm         d = perm[n], a uniformly random derangement drawn once from
 *                    the seed (no node sends to itself)
 *   rowcol           YARC row-to-column adversary on a Rows x Cols tile grid
 *                    (k = Rows*Cols, port p at tile (p / Cols, p % Cols)): a source
 *                    in tile row r sends to a uniformly random port of tile column
 *                    r mod Cols: d = U[0,Rows)*Cols + (r mod Cols)
 *   quad             a router inside a folded-Clos network (seed 001 §4.1,
 *                    Fig 6): ports 0..k/2-1 face down, k/2..k-1 face up. A
 *                    down port sends, with probability turn_frac, a turning
 *                    packet d = base(src) by the base pattern over the k/2
 *                    down ports (quadrant I), else an up-going packet to a
 *                    uniformly random up port (II). An up port sends a
 *                    down-going packet to a uniformly random down port (III)
 *                    and, by flow balance, at (1 - turn_frac) of the down
 *                    ports' load (nr_traffic_src_load). Up to up (IV) never.
 *
 * Self traffic: only uniform and randperm exclude the source. Every other
 * pattern sends a packet to its own source when the formula says so (bitrev
 * of a palindrome, bitcomp never, tornado at k=2, a hot source drawing
 * itself...). The packet is generated and sent; nr_traffic_t counts such
 * draws in self_count so a report can say how much traffic was self-directed.
 */
#ifndef NR_TRAFFIC_H
#define NR_TRAFFIC_H
#include <stddef.h>
#include <stdint.h>
#include "nr_rng.h"

typedef enum {
    NR_TP_UNIFORM,
    NR_TP_BITCOMP,
    NR_TP_BITREV,
    NR_TP_BITROT,
    NR_TP_TRANSPOSE,
    NR_TP_TR,
    NR_TP_SHUFFLE,
    NR_TP_TORNADO,
    NR_TP_NEIGHBOR,
    NR_TP_HOTSPOT,
    NR_TP_RANDPERM,
    NR_TP_ROWCOL,
    NR_TP_QUAD,
    NR_TP_COUNT
} nr_tp_kind_t;

#define NR_TP_MAX_NODES 32768 /* 15-bit dest */
#define NR_TP_MAX_HOT 64

/* Pattern configuration: fill, then call nr_traffic_init(). */
typedef struct {
    nr_tp_kind_t kind;
    int k;                  /* nodes (ports) */
    double hot_frac;        /* hotspot: f in [0,1] */
    int nhot;               /* hotspot: H, 1..NR_TP_MAX_HOT */
    int hot[NR_TP_MAX_HOT]; /* hotspot: the H hot nodes, each < k */
    int rows, cols;         /* rowcol: tile grid, rows*cols == k */
    double turn_frac;       /* quad: fraction of a down port's packets that turn */
    nr_tp_kind_t turn_kind; /* quad: pattern of the turning packets over k/2 nodes */
} nr_traffic_cfg_t;

typedef struct nr_traffic {
    nr_traffic_cfg_t cfg;
    int bits;                /* log2 k if k is a power of two, else -1 */
    int *perm;               /* randperm only: perm[n] = dest (malloc'd) */
    struct nr_traffic *base; /* quad only: the turning pattern (malloc'd) */
    uint64_t calls;          /* nr_traffic_dest() calls */
    uint64_t self_count;     /* ... that returned the source itself */
} nr_traffic_t;

/* Error codes of nr_traffic_init. A CLI turns any of them into exit 2. */
enum {
    NR_TP_OK = 0,
    NR_TP_ERR_KIND = 1,  /* unknown kind */
    NR_TP_ERR_K = 2,     /* k out of range (2..32768) */
    NR_TP_ERR_POW2 = 3,  /* the pattern needs k to be a power of two */
    NR_TP_ERR_PARAM = 4, /* hotspot, rowcol or quad parameters invalid */
    NR_TP_ERR_NOMEM = 5
};

/* Set up pattern t from cfg; randperm draws its derangement from stream
 * NR_RNG_STREAM(NR_RNG_P_TRAFFIC, 0) of seed. Returns NR_TP_OK, or an error
 * code with a one-line message in err. Call once before the run; pair with
 * nr_traffic_free(). */
int nr_traffic_init(nr_traffic_t *t, const nr_traffic_cfg_t *cfg, uint64_t seed, char *err,
                    size_t errlen);
/* Release what nr_traffic_init allocated. Safe on a zeroed struct. */
void nr_traffic_free(nr_traffic_t *t);

/* Destination for one packet from node src (0..k-1). Random patterns draw from
 * rng, which should be the source's own stream (NR_RNG_P_DEST, src) so sources
 * stay independent; deterministic patterns do not touch rng (it may be NULL
 * for them). Call once per generated packet. */
int nr_traffic_dest(nr_traffic_t *t, int src, nr_rng_t *rng);

/* Relative injection load of source src: 1, except for quad's up ports
 * (1 - turn_frac). A testbench scales each source's offered load by it. */
double nr_traffic_src_load(const nr_traffic_t *t, int src);

/* 1 if the pattern's destination depends only on src (a fixed mapping). */
int nr_tp_is_deterministic(nr_tp_kind_t kind);
/* 1 if the pattern needs k to be a power of two. */
int nr_tp_needs_pow2(nr_tp_kind_t kind);

/* Canonical name of a kind ("uniform", "bitcomp", ... "rowcol"). */
const char *nr_tp_name(nr_tp_kind_t kind);
/* Kind for a name: canonical names, plus the short forms ur, bc, br, tr of
 * the seed papers. Returns -1 for an unknown name. */
int nr_tp_from_name(const char *name);
/* The canonical names in enum order, for nr_cli enum parsing and messages. */
const char *const *nr_tp_names(void);

#endif
