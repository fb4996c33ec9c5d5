/* nwn_priv.h - private header of the network-within-a-network C reference
 * model (nwn*.c): the folded-Clos switch (fc), the bilateral butterfly (bb)
 * and the canonical crossbar (cn) of docs/nwn-arch.md ("the doc" below).
 *
 * Files:
 *   nwn.c       the nr_nwn.h API (check/new/free/eval/tick/errors), the
 *               wiring of ports, input units, subswitches and internal
 *               channels (§1, §5), the ports (LCB or bare, §7), the
 *               configuration port and events (§9)
 *   nwn_hop.c   the organization's pure policies: parameter rules (§3),
 *               geometry (§1), first hop (§4.3), downstream targets (§5),
 *               crosspoints (§10.1)
 * and the shared pieces of swparts.h: nr_iu (§4), nr_swalloc (§6), nr_port_bare.
 *
 * Subswitch numbering: bottoms 0 .. nb-1 (nb = R for fc and cn, R/2 for bb),
 * then tops nb .. nb+M-1. fb (§1.5): rows 0 .. k-1 as the bottoms, columns
 * k .. 2k-1 as the tops (nb = M = k). HyperX (§1.6) and the folded torus
 * (§1.8): hs x hs subswitches, all counted as bottoms (nb = nsw), subswitch s
 * at x = s mod hs, y = s / hs. */
#ifndef NWN_PRIV_H
#define NWN_PRIV_H
#include <stdint.h>

#include "nr_lcb.h"
#include "nr_nwn.h"
#include "nr_router.h"
#include "sw_core.h"

enum { NWN_CN = 0, NWN_FC = 1, NWN_BB = 2, NWN_FB = 3, NWN_HX = 4, NWN_FT = 5 };

/* The organization, from the parameters (§1, §3). */
typedef struct {
    int org; /* NWN_CN, NWN_FC, NWN_BB, NWN_FB, NWN_HX, NWN_FT */
    int hx;  /* HyperX (§1.6): 1 hxv, 2 hxm; side hs = k^(1/3), n = hs ports a subswitch */
    int ft;  /* folded torus (§1.8): side hs = sqrt(k), n = 1 */
    int hs;
    int k; /* NumPorts */
    int R, M;
    int n;          /* ports per bottom, k / R */
    int u;          /* bb: up ports per top, (k/2) / M; else 0 */
    int nb;         /* bottom subswitches */
    int nsw;        /* all subswitches: nb + M */
    int S;          /* Speedup of the bottoms */
    int S_top;      /* TopSpeedup of the tops */
    int top_choice; /* a = 1 top choice: 0 most credits, 1 pseudo-random (§4.3) */
    int self_turn;
} nwn_geom;

/* A subswitch input or output: (subswitch, index). */
typedef struct {
    int16_t sw, io;
} nwn_end;

/* First hop of a routed packet (§4.3). */
enum { NWN_HOP_DROP = 0, NWN_HOP_FIXED = 1, NWN_HOP_ADAPT = 2 };
typedef struct {
    int kind;   /* NWN_HOP_* */
    int tgt;    /* FIXED: the output of the first subswitch */
    int reason; /* DROP: NR_DROP_SELF or NR_DROP_UPUP */
} nwn_hop;

/* --- pure functions (nwn_hop.c): call them anywhere --- */
/* HyperX (§1.6): the channel output of subswitch s to coordinate o of
 * dimension dim (0 x, 1 y), channel c of the pair. */
int nwn_hx_out(const nwn_geom *g, int s, int dim, int o, int c);
/* The class c * 2 + dim of channel input or output io (X0, Y0, X1, Y1 = 0..3). */
static inline int nwn_hx_class(const nwn_geom *g, int io)
{
    const int x = io - g->n, per = 2 * (g->hs - 1);
    return ((x % per) % 2) * 2 + x / per;
}
/* The target output in s of a head with tag (q | ext << 6, §1.6). */
int nwn_hx_next(const nwn_geom *g, int s, unsigned tag);
/* hxv's intermediate subswitch (§1.6): a = 0 the flow's hash, a = 1 the
 * IU's LFSR as nwn_top_random; the first hop and ext of a packet from
 * subswitch s to port q through mid. Returns tgt | ext << 8. */
int nwn_hx_mid_hash(const nwn_geom *g, int p, unsigned dest, uint32_t hash);
int nwn_hx_mid_random(const nwn_geom *g, int p, unsigned rnd);
int nwn_hx_vfirst(const nwn_geom *g, int s, int q, int mid);
/* hxm's first-hop candidates from s to q (§1.6): their count (0: local) and
 * outputs c[0], c[1]. */
int nwn_hx_mcand(const nwn_geom *g, int s, int q, int *c);
/* The folded torus (§1.8): NWN_FT_C channels a link; channel output (and
 * input) 1 + dir * NWN_FT_C + c, dir 0 +x, 1 -x, 2 +y, 3 -y (an input: the
 * side the link comes from); the neighbour of s in direction dir. */
#define NWN_FT_C 2
static inline int nwn_ft_out(int dir, int c) { return 1 + dir * NWN_FT_C + c; }
int nwn_ft_nbr(const nwn_geom *g, int s, int dir);
/* The channels a ring segment from coordinate a to b (the shorter way, ties
 * +) may take: bit c when it does not cross channel c's dateline, the link
 * between S-1 and 0 for channel 0, between S/2-1 and S/2 for channel 1; 0
 * when a == b. */
int nwn_ft_chans(const nwn_geom *g, int a, int b);
/* ext (bit d: the channel of dimension d) is legal for subswitch s to q. */
static inline int nwn_ft_ext_ok(const nwn_geom *g, int s, int q, unsigned ext)
{
    for (int d = 0; d < 2; d++) {
        const int m =
            d ? nwn_ft_chans(g, s / g->hs, q / g->hs) : nwn_ft_chans(g, s % g->hs, q % g->hs);
        if (!((m ? m : 1) >> ((ext >> d) & 1u) & 1)) return 0;
    }
    return 1;
}
/* The target output in s of a head with tag (q | ext << 6): dimension order,
 * the shorter way (ties +), on channel bit d of ext in dimension d. */
int nwn_ft_next(const nwn_geom *g, int s, unsigned tag);
/* §3: 0, or -1 with a message naming the parameter. Checks the LCB
 * parameters too (with a legal run-time configuration) when use_lcb. */
int nwn_check(const nr_nwn_params *p, char *err, int errlen);
/* The geometry of legal parameters p. */
void nwn_geom_of(const nr_nwn_params *p, nwn_geom *g);
/* Number of inputs, and of outputs, of subswitch sw (equal but in fb, §1.5:
 * a row has 1 input and k outputs, a column k inputs and 1 output). */
int nwn_radix(const nwn_geom *g, int sw);
int nwn_nout(const nwn_geom *g, int sw);
/* 1 if subswitch sw is a bottom. */
static inline int nwn_is_bottom(const nwn_geom *g, int sw) { return sw < g->nb; }
/* Port p's input unit: the first subswitch and its input (§4); port p's
 * output side: the subswitch and its port output (§7). */
nwn_end nwn_port_in(const nwn_geom *g, int p);
nwn_end nwn_port_out(const nwn_geom *g, int p);
/* Inputs that are input units, and outputs that are port outputs, of sw. */
uint64_t nwn_iu_inputs(const nwn_geom *g, int sw);
uint64_t nwn_port_outputs(const nwn_geom *g, int sw);
/* The internal channel leaving channel output j of sw: the input it feeds
 * (§1.1, §1.2: up-links bottom b output n+t -> top t input b; down-links
 * top t output b -> bottom b input n+t). sw = -1 if j is a port output. */
nwn_end nwn_chan_dst(const nwn_geom *g, int sw, int j);
/* The output feeding buffered input i of sw (the inverse), sw = -1 if i is an
 * input unit. */
nwn_end nwn_chan_src(const nwn_geom *g, int sw, int i);
/* §4.3: the first hop from input port p to output port q (not a table drop).
 * ADAPT: the up-link n + t of the IU's bottom, t chosen by nwn_top_pick. */
nwn_hop nwn_fhop_shape(const nwn_geom *g, int p, int q);
/* §4.3, a = 0: the top t of the flow (input port p, head dest, hash phit
 * data or 0): upd8(0, (dest << 6 | p) ^ hash) mod M. */
int nwn_top_hash(const nwn_geom *g, int p, unsigned dest, uint32_t hash);
/* §4.3, a = 1 with TopChoice = 1: the IU's 16-bit Galois LFSR (reset
 * NWN_RND_RESET, taps 0xB400), one step per choice, and the top it names:
 * upd8(0, (rnd << 6) | p) mod M. The IU keeps rnd ^ NWN_RND_RESET in its up
 * pointer field, so its reset value 0 is the LFSR's reset value. */
#define NWN_RND_RESET 0xACE1u
static inline unsigned nwn_rnd_step(unsigned rnd)
{
    return ((rnd >> 1) ^ ((rnd & 1u) ? 0xB400u : 0u)) & 0xffffu;
}
int nwn_top_random(const nwn_geom *g, int p, unsigned rnd);
/* §4.3 adaptive choice: the top t with the most credits cc_up[t] (t < M);
 * ties to the first t at or after up_ptr. */
int nwn_top_pick(const int *cc_up, int M, int up_ptr);
/* §5: the target output, in subswitch sw, of a HEAD for output port q that
 * arrives on an internal channel. */
int nwn_chan_target(const nwn_geom *g, int sw, int q);
/* §10.1: the crosspoints of input i of subswitch sw (bit j: output j). */
uint64_t nwn_xpoints(const nwn_geom *g, int sw, int i);

/* The model. */
struct nr_nwn {
    nr_nwn_params p;
    nwn_geom g;
    int V;
    /* the cycle count, ring pool, routing tables, credit pipe (the internal channels'
     * credit returns), front ends and views, configuration write, sequential
     * allocator, errors and activity (sw_core.h; bit p: port p) */
    nr_sw_core c;
    nr_iu *iu;                     /* [k] input units */
    nwn_end *pin, *pout;           /* [k] where port p enters and leaves */
    nr_swalloc *sw;                /* [nsw] subswitches */
    uint8_t (*qmap)[NR_SW_QMAP];   /* [nsw] their tag -> target output tables */
    nwn_end (*dst)[NR_SW_MAX_IO];  /* [nsw][j] channel output j feeds this input */
    nwn_end (*src)[NR_SW_MAX_IO];  /* [nsw][i] buffered input i is fed by this output */
    int8_t (*oport)[NR_SW_MAX_IO]; /* [nsw][j]: the port of port output j, -1 */
    /* fb (§1.5): the credit return bus of each row, in one allocation (bus).
     * pend[(p * k + q) * V + v] credits waiting at crosspoint (p, q) on VC
     * v, pmask[p * V + v] bit q when any; bptr[p] row p's pointer over
     * r = q * V + v. */
    void *bus;
    uint64_t *pmask;
    uint16_t *pend, *bptr;
    uint64_t prow; /* bit p: row p has a pending credit */
};

/* Record an interface violation or internal inconsistency (first message
 * kept); nr_nwn_errors() reports them. Call wherever one is detected. */
#define nwn_error(m, ...) nr_errs_add(&(m)->c.errs, __VA_ARGS__)

#endif
