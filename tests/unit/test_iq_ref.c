/* test_iq_ref.c - a textbook input-queued virtual-channel router, written
 * from the definition (Dally and Towles, "Principles and Practices of
 * Interconnection Networks", the chapters on router architecture and
 * allocation), not from the kit's models: k ports, V VCs per input with deep
 * queues, a single-iteration separable switch allocator, input first (each
 * input bids one VC by round robin, each output grants one bid by round
 * robin), one flit per input and per output each cycle, and sinks that never
 * stall. Two modes:
 *   flit    the switch is allocated per flit: an output interleaves the
 *           flits of up to V packets (one per output VC), an input the flits
 *           of its VCs' packets;
 *   packet  an output, once it takes a head, takes only that packet's flits
 *           until its tail, and an input serves that packet alone until its
 *           tail (the kit's port outputs and held inputs, docs/nwn-arch.md
 *           sections 6.2 and 7);
 *   staged  packet, and each input reads one flit per cycle from its queue into
 *           per-VC staging of 4 flits (usable two cycles later), round robin
 *           over the VCs (the kit's input unit, docs/nwn-arch.md section 4.1);
 *   open    staged, but an input serves its packet only while that packet has
 *           a flit ready, and may start another one meanwhile (the kit's
 *           held-input rule at S = 1, docs/nwn-arch.md section 6.2).
 * A source sends one packet at a time, one flit per cycle, on a VC drawn at
 * random (gen) or on the VC with the fewest flits queued (free).
 * Traffic: Bernoulli packets of L flits, uniform random destinations over
 * the other k - 1 ports (rtr_sim's ur). Latency: generation to the tail's delivery, in cycles.
 *
 * usage: test_iq_ref flit|packet|staged|open gen|free LOAD L [SEED]
 * prints "mean latency M over N packets, accepted A, output gaps G per 100
 * flits" (A: phits per cycle per port delivered in the window; G: cycles in
 * which a held output got no flit); exit 2 on bad arguments. Used by nwn-iq-ref (tests/nwn_model.list, docs/results.md 4.1).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nr_rng.h"

enum { K = 64, V = 4, QCAP = 2048, PIPE_IN = 3, WARM = 1000, MEAS = 4000, DRAIN = 50000 };

typedef struct {
    int dest, len;
    long gen;
    int meas;
} pkt_t;

typedef struct {  /* one flit in an input VC queue */
    int pkt, idx; /* packet id, flit index (0 head, len - 1 tail) */
    long ready;   /* first cycle it may be allocated (staged: LONG_MAX until read) */
    long arr;     /* staged: first cycle it may be read from the input queue */
} flit_t;

static pkt_t *pk;
static int npk, cappk;
static flit_t q[K][V][QCAP];
static int qh[K][V], qn[K][V];
static int ovc_busy[K]; /* output VCs held (flit mode), or 1 while a packet is sent (packet) */
static int oown[K];     /* packet mode: the input holding the output, -1 none */
static int icur[K];     /* packet mode: the VC whose packet the input serves, -1 none */
static int iptr[K], optr[K];
static int oownv[K];            /* the VC of the packet holding the output */
static unsigned inprog[K];      /* open: the VCs whose packet holds an output */
static int nst[K][V], rdptr[K]; /* staged: flits read (staged or in flight) per VC; read pointer */
static int src_pkt[K], src_pos[K], src_vc[K]; /* the packet being sent by each source */
static int srcq[K][4096], srch[K], srcn[K];   /* each source's queue of packet ids */

static int new_pkt(int dest, int len, long t, int meas)
{
    if (npk == cappk) {
        cappk = cappk ? 2 * cappk : 4096;
        pk = realloc(pk, (size_t)cappk * sizeof *pk);
        if (!pk) exit(1);
    }
    pk[npk] = (pkt_t){dest, len, t, meas};
    return npk++;
}

int main(int argc, char **argv)
{
    if (argc < 5 ||
        (strcmp(argv[1], "flit") && strcmp(argv[1], "packet") && strcmp(argv[1], "staged") &&
         strcmp(argv[1], "open")) ||
        (strcmp(argv[2], "gen") && strcmp(argv[2], "free"))) {
        fprintf(stderr, "usage: test_iq_ref flit|packet|staged|open gen|free LOAD L [SEED]\n");
        return 2;
    }
    const int open = !strcmp(argv[1], "open"), staged = open || !strcmp(argv[1], "staged");
    const int pmode = staged || !strcmp(argv[1], "packet");
    const int vfree = !strcmp(argv[2], "free");
    const double load = atof(argv[3]);
    const int L = atoi(argv[4]);
    if (load <= 0 || load >= 1 || L < 1 || L > 64) {
        fprintf(stderr, "test_iq_ref: LOAD in (0, 1), L in 1..64\n");
        return 2;
    }
    nr_rng_t rng;
    nr_rng_seed(&rng, argc > 5 ? strtoull(argv[5], NULL, 0) : 1);
    for (int i = 0; i < K; i++) oown[i] = icur[i] = src_pkt[i] = -1;
    double sum = 0;
    long done = 0, measured = 0, win_tails = 0, gaps = 0, t;
    for (t = 0; t < WARM + MEAS + DRAIN; t++) {
        const int in_win = t >= WARM && t < WARM + MEAS;
        /* generation */
        for (int s = 0; t < WARM + MEAS && s < K; s++)
            if (nr_rng_bernoulli(&rng, load / L)) {
                if (srcn[s] == 4096) return fprintf(stderr, "source queue full\n"), 1;
                int d = (int)nr_rng_below(&rng, K - 1),
                    id = new_pkt(d < s ? d : d + 1, L, t, in_win);
                srcq[s][(srch[s] + srcn[s]++) % 4096] = id;
                measured += in_win;
            }
        /* staged: each input reads one flit per cycle from its queue, round
         * robin over the VCs with an unread flit and fewer than 4 read */
        for (int i = 0; staged && i < K; i++)
            for (int n = 0; n < V; n++) {
                int v = (rdptr[i] + n) % V;
                if (nst[i][v] >= 4 || nst[i][v] >= qn[i][v]) continue;
                flit_t *f = &q[i][v][(qh[i][v] + nst[i][v]) % QCAP];
                if (f->arr > t) continue;
                f->ready = t + 2, nst[i][v]++, rdptr[i] = (v + 1) % V;
                break;
            }
        /* switch allocation: each input bids one VC, each output grants one */
        int bid_v[K], bid_o[K];
        for (int i = 0; i < K; i++) {
            bid_v[i] = -1;
            unsigned cont = 0; /* open: VCs whose packet holds an output and has a flit ready */
            for (int v = 0; open && v < V; v++)
                if (((inprog[i] >> v) & 1u) && qn[i][v] && q[i][v][qh[i][v]].ready <= t)
                    cont |= 1u << v;
            for (int n = 0; n < V; n++) {
                int v = (iptr[i] + n) % V;
                if (!open && pmode && icur[i] >= 0 && v != icur[i]) continue;
                if (open && (cont ? !((cont >> v) & 1u) : (inprog[i] >> v) & 1u)) continue;
                if (!qn[i][v]) continue;
                const flit_t *f = &q[i][v][qh[i][v]];
                if (f->ready > t) continue;
                int o = pk[f->pkt].dest;
                if (f->idx == 0 && (pmode ? oown[o] >= 0 : ovc_busy[o] >= V)) continue;
                bid_v[i] = v, bid_o[i] = o;
                break;
            }
        }
        for (int o = 0; o < K; o++) {
            int win = -1;
            for (int n = 0; n < K && win < 0; n++) {
                int i = (optr[o] + n) % K;
                if (bid_v[i] >= 0 && bid_o[i] == o &&
                    (!pmode || oown[o] < 0 || (oown[o] == i && oownv[o] == bid_v[i])))
                    win = i;
            }
            if (win < 0) {
                gaps += pmode && in_win && oown[o] >= 0; /* a held output without a flit */
                continue;
            }
            const int v = bid_v[win];
            flit_t *f = &q[win][v][qh[win][v]];
            const pkt_t *p = &pk[f->pkt];
            const int head = f->idx == 0, tail = f->idx == p->len - 1;
            if (head) ovc_busy[o]++, oown[o] = pmode ? win : -1, icur[win] = pmode ? v : -1;
            if (head) oownv[o] = v, inprog[win] |= 1u << v;
            if (tail) inprog[win] &= ~(1u << v);
            if (tail) {
                ovc_busy[o]--, oown[o] = -1, icur[win] = -1;
                win_tails += in_win;
                if (p->meas) sum += (double)(t + 2 - p->gen), done++; /* ST and the link */
            }
            qh[win][v] = (qh[win][v] + 1) % QCAP, qn[win][v]--, nst[win][v] -= staged;
            optr[o] = (win + 1) % K;
            if (!open || tail) iptr[win] = (v + 1) % V; /* open: stays on a packet to its tail */
        }
        /* sources: one flit per cycle into the router's input VC queue */
        for (int s = 0; s < K; s++) {
            if (src_pkt[s] < 0 && srcn[s]) {
                src_pkt[s] = srcq[s][srch[s]], srch[s] = (srch[s] + 1) % 4096, srcn[s]--;
                src_pos[s] = 0;
                int v = (int)nr_rng_below(&rng, V);
                if (vfree)
                    for (int w = v = 0; w < V; w++)
                        if (qn[s][w] < qn[s][v]) v = w;
                src_vc[s] = v;
            }
            if (src_pkt[s] < 0) continue;
            const int v = src_vc[s];
            if (qn[s][v] == QCAP) return fprintf(stderr, "input queue full\n"), 1;
            q[s][v][(qh[s][v] + qn[s][v]++) % QCAP] =
                (flit_t){src_pkt[s], src_pos[s], staged ? LONG_MAX : t + PIPE_IN, t + 1};
            if (++src_pos[s] == pk[src_pkt[s]].len) src_pkt[s] = -1;
        }
        if (t >= WARM + MEAS && done == measured) break;
    }
    if (done != measured)
        return fprintf(stderr, "test_iq_ref: %ld of %ld measured packets delivered\n", done,
                       measured),
               1;
    printf("mean latency %.1f over %ld packets, accepted %.4f, output gaps %.1f per 100 flits\n",
           done ? sum / (double)done : 0.0, done, (double)win_tails * L / (double)MEAS / K,
           win_tails ? 100.0 * (double)gaps / (double)(win_tails * L) : 0.0);
    free(pk);
    return 0;
}
