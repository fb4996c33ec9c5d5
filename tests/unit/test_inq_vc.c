/* test_inq_vc.c - nr_inq_vc (csrc/model/inq_vc.h), one VC of the input queue,
 * against a reference written from docs/link-protocol.md §8.4 in another
 * shape: the stored phits as a list, each tagged with whether its packet has
 * ended good, instead of the leaf's done/pend counters and pointers (the
 * RTL's formal proof in nr_inq_vc.sv uses the same idea).
 *
 * Random cycles of a read (when rd_avail) and a write, over BufPerVc 8, 9
 * and 16, with packets that start with a HEAD or without one (a bare
 * sender's strays, a lone EOP), bad EOPs, and a sender that either keeps to
 * its credits or ignores them. Every cycle:
 *   - the phit read (or the cut's EOP), the credits freed and the events
 *     equal the reference's; avail and occupancy too;
 *   - the leaf's storage writes land inside the region, never on the entry
 *     read in the same cycle;
 *   - with a sender that keeps to its credits (a non-EOP phit needs 2, an
 *     EOP 1, a good packet's credits come back as its phits are read, a bad
 *     one's at its cut): nothing overflows, and sender credits + stored +
 *     pend = BufPerVc.
 * Directed: a stray EOP is a packet of one (its credit returns when read);
 * a stray EOP at a full region is cut without dropping the packet after it;
 * a HEAD at BufPerVc - 1 stored overflows and its EOP only ends the drop.
 * INQ_TRACE=1 in the environment prints every cycle's inputs and both
 * states (for a failing seed). */
#include "inq_vc.h"
#include "nr_rng.h"
#include "nr_test.h"

#define MAXB 16

typedef struct {
    uint32_t ph;
    int done; /* its packet ended good */
} ent;

typedef struct { /* the reference */
    ent e[MAXB + 1];
    int n;    /* stored */
    int open; /* a packet arriving */
    int ncur; /* its phits stored */
    int pend; /* its phits read */
    int ovf, abort;
} ref_q;

static void ref_cut(ref_q *r)
{
    r->n -= r->ncur; /* the arriving packet's stored phits are at the tail */
    if (r->pend) r->abort = 1;
    r->open = 0;
    r->ncur = 0;
    r->pend = 0;
}

/* One cycle of the reference: returns the read phit (or the abort EOP) in
 * *rph, credits in *cr, events (NR_INQ_VC_REWIND | NR_INQ_VC_OVF) returned;
 * *cut_ph = the phits of a packet a bad EOP cut (its stored and read phits
 * and the EOP: what an honest sender gets back for its retransmission). */
static unsigned ref_cycle(ref_q *r, int B, int rd, int wr, uint32_t ph, int bad, uint32_t *rph,
                          unsigned *cr, int *cut_ph)
{
    *cr = 0;
    *cut_ph = 0;
    const int occ0 = r->n;
    if (rd) {
        if (r->abort) {
            r->abort = 0;
            *rph = NR_INQ_ABORT_EOP;
        } else {
            *rph = r->e[0].ph;
            if (r->e[0].done) {
                *cr = 1;
            } else {
                r->pend++;
                r->ncur--;
            }
            for (int i = 1; i < r->n; i++) r->e[i - 1] = r->e[i];
            r->n--;
        }
    }
    if (!wr) return 0;
    unsigned k = (ph >> NR_KIND_LSB) & 3u;
    if (r->ovf) {
        if (k == NR_KIND_EOP) r->ovf = 0;
        return 0;
    }
    const int starts = k == NR_KIND_HEAD || !r->open;
    CHECKF(!(k == NR_KIND_HEAD && r->open), "%s", "the stimulus sent a HEAD inside a packet");
    if (starts) {
        r->open = 1;
        r->ncur = 0;
        r->pend = 0;
    }
    if (k == NR_KIND_EOP) {
        if (starts && occ0 >= B) {
            ref_cut(r);
            return NR_INQ_VC_REWIND | NR_INQ_VC_OVF;
        }
        if (bad) {
            *cut_ph = r->ncur + r->pend + 1;
            ref_cut(r);
            return NR_INQ_VC_REWIND;
        }
        r->e[r->n++] = (ent){ph, 1};
        for (int i = r->n - 1 - r->ncur; i < r->n; i++) r->e[i].done = 1;
        *cr += (unsigned)r->pend;
        r->open = 0;
        r->ncur = 0;
        r->pend = 0;
        return 0;
    }
    if (r->n >= B - 1) {
        ref_cut(r);
        r->ovf = 1;
        return NR_INQ_VC_REWIND | NR_INQ_VC_OVF;
    }
    r->e[r->n++] = (ent){ph, 0};
    r->ncur++;
    return 0;
}

typedef struct { /* the leaf with its storage */
    nr_inq_vc s;
    uint32_t ram[MAXB];
} dut_q;

static unsigned dut_cycle(dut_q *d, int B, int rd, int wr, uint32_t ph, int bad, uint32_t *rph,
                          unsigned *cr)
{
    const unsigned occ0 = nr_inq_vc_occ(&d->s, (unsigned)B);
    unsigned crr = 0, crw = 0, widx = 0, ev = 0;
    int ridx = -2;
    if (rd) {
        ridx = nr_inq_vc_read(&d->s, (unsigned)B, &crr);
        *rph = ridx < 0 ? NR_INQ_ABORT_EOP : d->ram[ridx];
    }
    if (wr) {
        unsigned res =
            nr_inq_vc_write(&d->s, (unsigned)B, (ph >> NR_KIND_LSB) & 3u, bad, occ0, &widx, &crw);
        if (res & NR_INQ_VC_STORE) {
            CHECKF(widx < (unsigned)B, "write index %u outside a region of %d", widx, B);
            CHECKF((int)widx != ridx, "write to entry %u, read in the same cycle", widx);
            d->ram[widx] = ph;
        }
        ev = res & (NR_INQ_VC_REWIND | NR_INQ_VC_OVF);
    }
    *cr = crr + crw;
    return ev;
}

static uint32_t mk(unsigned kind, uint32_t data)
{
    return (kind << NR_KIND_LSB) | (data & 0x3FFFFFu);
}

/* one cycle of both, compared */
static unsigned both(ref_q *r, dut_q *d, int B, int rd, int wr, uint32_t ph, int bad, unsigned *cr,
                     long cyc, int *cut_ph)
{
    uint32_t a = 0, b = 0;
    unsigned ca, cb;
    CHECKF(nr_inq_vc_avail(&d->s) == (r->n > 0 || r->abort), "cycle %ld: avail", cyc);
    static int trace = -1;
    if (trace < 0) trace = getenv("INQ_TRACE") != NULL;
    if (trace)
        fprintf(stderr,
                "c%ld rd%d wr%d k%u bad%d | n%d open%d ncur%d pend%d ovf%d ab%d | wr%u rd%u ps%u "
                "done%u pend%u cur%d\n",
                cyc, rd, wr, (ph >> NR_KIND_LSB) & 3u, bad, r->n, r->open, r->ncur, r->pend, r->ovf,
                r->abort, d->s.wr, d->s.rd, d->s.pstart, d->s.done, d->s.pend, d->s.cur);
    unsigned ea = ref_cycle(r, B, rd, wr, ph, bad, &a, &ca, cut_ph);
    unsigned eb = dut_cycle(d, B, rd, wr, ph, bad, &b, &cb);
    if (rd) CHECKF(a == b, "cycle %ld: read %06x, reference %06x", cyc, b, a);
    CHECKF(ca == cb, "cycle %ld: credits %u, reference %u", cyc, cb, ca);
    CHECKF(ea == eb, "cycle %ld: events %u, reference %u", cyc, eb, ea);
    CHECKF((int)nr_inq_vc_occ(&d->s, (unsigned)B) == r->n, "cycle %ld: stored %u, reference %d",
           cyc, nr_inq_vc_occ(&d->s, (unsigned)B), r->n);
    CHECKF(d->s.ovf == r->ovf && d->s.abort == r->abort, "cycle %ld: ovf/abort", cyc);
    *cr = cb;
    return eb;
}

static void run_random(int B, int honest, long ncyc, uint64_t seed)
{
    ref_q r = {0};
    dut_q d = {0};
    nr_rng_t g;
    nr_rng_seed(&g, seed);
    long sc = B; /* the honest sender's credits */
    int open = 0, len = 0;
    unsigned nev = 0;
    for (long cyc = 0; cyc < ncyc; cyc++) {
        int rd = (r.n > 0 || r.abort) && nr_rng_bernoulli(&g, 0.45);
        int wr = nr_rng_bernoulli(&g, 0.7), bad = 0;
        uint32_t ph = 0;
        if (wr) {
            uint32_t data = (uint32_t)nr_rng_below(&g, 1u << 22);
            unsigned k;
            if (!open) {
                int x = (int)nr_rng_below(&g, 10);
                k = x < 7   ? NR_KIND_HEAD
                    : x < 8 ? NR_KIND_BODY
                    : x < 9 ? NR_KIND_RSVD
                            : NR_KIND_EOP;
            } else {
                k = len + 2 >= B || nr_rng_bernoulli(&g, 0.25) ? NR_KIND_EOP : NR_KIND_BODY;
            }
            if (k == NR_KIND_EOP) bad = nr_rng_bernoulli(&g, 0.15);
            if (honest && sc < (k == NR_KIND_EOP ? 1 : 2)) {
                wr = 0;
            } else {
                ph = mk(k, data);
                if (k == NR_KIND_EOP) {
                    open = 0;
                    len = 0;
                } else {
                    open = 1;
                    len++;
                }
            }
        }
        unsigned cr;
        int cut_ph;
        unsigned ev = both(&r, &d, B, rd, wr, ph, bad, &cr, cyc, &cut_ph);
        nev += ev != 0;
        if (honest) {
            sc += (long)cr - wr + cut_ph;
            CHECKF(!(ev & NR_INQ_VC_OVF), "cycle %ld: an honest sender overflowed B=%d", cyc, B);
            CHECKF(sc + r.n + r.pend == B, "cycle %ld: credits %ld + stored %d + pend %d != %d",
                   cyc, sc, r.n, r.pend, B);
        }
    }
    CHECKF(nev > 0, "B=%d honest=%d: no cut in %ld cycles", B, honest, ncyc);
}

int main(void)
{
    NR_TEST_BEGIN("test_inq_vc", 20261129);
    for (int B = 8; B <= MAXB; B += (B == 8 ? 1 : 7)) {
        run_random(B, 1, 200000, nr_test_seed + (uint64_t)B);
        run_random(B, 0, 200000, nr_test_seed + 100 + (uint64_t)B);
    }

    /* directed, B = 8 */
    const int B = 8;
    ref_q r = {0};
    dut_q d = {0};
    unsigned cr, ev;
    int cut;
    long c = 0;
    /* a lone stray EOP: a packet of one; read, it returns its credit */
    ev = both(&r, &d, B, 0, 1, mk(NR_KIND_EOP, 5), 0, &cr, c++, &cut);
    CHECK(ev == 0 && nr_inq_vc_occ(&d.s, B) == 1 && d.s.done == 1);
    both(&r, &d, B, 1, 0, 0, 0, &cr, c++, &cut);
    CHECK(cr == 1 && nr_inq_vc_occ(&d.s, B) == 0);
    /* strays BODY, RSVD, EOP: one packet of three, counted once */
    both(&r, &d, B, 0, 1, mk(NR_KIND_BODY, 6), 0, &cr, c++, &cut);
    both(&r, &d, B, 0, 1, mk(NR_KIND_RSVD, 7), 0, &cr, c++, &cut);
    both(&r, &d, B, 0, 1, mk(NR_KIND_EOP, 8), 0, &cr, c++, &cut);
    CHECK(nr_inq_vc_occ(&d.s, B) == 3 && d.s.done == 3);
    for (int i = 0; i < 3; i++) both(&r, &d, B, 1, 0, 0, 0, &cr, c++, &cut);
    /* fill the region with one complete packet of 8 (HEAD, 6 BODY, EOP) */
    both(&r, &d, B, 0, 1, mk(NR_KIND_HEAD, 1), 0, &cr, c++, &cut);
    for (int i = 0; i < 6; i++)
        both(&r, &d, B, 0, 1, mk(NR_KIND_BODY, 2 + (uint32_t)i), 0, &cr, c++, &cut);
    ev = both(&r, &d, B, 0, 1, mk(NR_KIND_EOP, 9), 0, &cr, c++, &cut);
    CHECK(ev == 0 && nr_inq_vc_occ(&d.s, B) == 8);
    /* a stray EOP at the full region, with a read in the same cycle (the
     * entry read is not reused at once): cut, nothing stored, no drop */
    ev = both(&r, &d, B, 1, 1, mk(NR_KIND_EOP, 10), 0, &cr, c++, &cut);
    CHECK(ev == (NR_INQ_VC_REWIND | NR_INQ_VC_OVF) && !d.s.ovf && nr_inq_vc_occ(&d.s, B) == 7);
    /* 7 stored: a HEAD overflows (one entry is kept for the EOP), the rest
     * of its packet is dropped and its EOP only ends the drop */
    ev = both(&r, &d, B, 0, 1, mk(NR_KIND_HEAD, 11), 0, &cr, c++, &cut);
    CHECK(ev == (NR_INQ_VC_REWIND | NR_INQ_VC_OVF) && d.s.ovf && nr_inq_vc_occ(&d.s, B) == 7);
    ev = both(&r, &d, B, 0, 1, mk(NR_KIND_BODY, 12), 0, &cr, c++, &cut);
    CHECK(ev == 0 && d.s.ovf);
    ev = both(&r, &d, B, 0, 1, mk(NR_KIND_EOP, 13), 0, &cr, c++, &cut);
    CHECK(ev == 0 && !d.s.ovf && nr_inq_vc_occ(&d.s, B) == 7);
    /* one read: 6 stored, a HEAD fits */
    both(&r, &d, B, 1, 0, 0, 0, &cr, c++, &cut);
    ev = both(&r, &d, B, 0, 1, mk(NR_KIND_HEAD, 14), 0, &cr, c++, &cut);
    CHECK(ev == 0 && nr_inq_vc_occ(&d.s, B) == 7 && d.s.cur);
    NR_TEST_END("test_inq_vc");
}
