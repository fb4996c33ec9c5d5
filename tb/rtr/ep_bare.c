/* ep_bare.c - the bare endpoint of the router harness (harness_int.h): the
 * source drives the router's in_valid/in_phit against per-VC credits from
 * in_cr, as an upstream router's output port would (virtual cut-through); the
 * sink takes out_valid/out_phit, holds each phit's credit and returns it on
 * out_cr after a random delay (backpressure).
 */
#include "harness_int.h"

static int bare_init(sim_t *s, int p, char *err, int errlen)
{
    (void)s, (void)p, (void)err, (void)errlen;
    return 0;
}

static void bare_release(port_t *pt) { (void)pt; }

/* Step 2: the router's input phit and the credits the sink returns. */
static void bare_inputs(sim_t *s, int p, int idle, int phase_end)
{
    port_t *pt = &s->pt[p];
    s->rin.in_valid[p] = 0;
    /* Virtual cut-through, as an upstream router's output port
     * (docs/yarc-arch.md section 11): a head only with credits for a
     * maximum-size packet; the input queue keeps no room for a
     * packet it cannot finish (link-protocol.md section 8.4). */
    if (pt->len > 0 && !idle && tb_vctsend_may(&pt->vct, pt->vc, pt->pos == 0)) {
        s->rin.in_valid[p] = 1;
        s->rin.in_phit[p] = pt->ph[pt->pos];
    }
    memset(s->rin.out_cr[p], 0, sizeof s->rin.out_cr[p]);
    uint64_t hv;
    if (pt->hold.n && !h_chance(&pt->rng_bp, phase_end ? 0.0 : s->o->sink_bp) &&
        fifo_pop(&pt->hold, &hv) == 0)
        s->rin.out_cr[p][hv] = 1;
}

/* Step 4 of a cycle for a bare router, port p: the phit the router took
 * from the source, the credits it freed, and the phit its output sent. */
static void bare_outputs(sim_t *s, int p, uint64_t t, int in_window, int *fail)
{
    const nr_rtr_out *po = s->po;
    const int V = s->nvcs;
    port_t *pt = &s->pt[p];
    if (s->rin.in_valid[p]) {
        h_hist_add(s, pt, (int64_t)t, 0, s->rin.in_phit[p], nr_phit_kind(s->rin.in_phit[p]));
        if (pt->pos == 0 && !pt->unroutable) s->rec[pt->rec].head_in = t - s->t0;
        tb_vctsend_sent(&pt->vct, pt->vc);
        if (++pt->pos == pt->len) pt->len = 0;
    }
    uint32_t over = 0;
    const uint32_t *icr = po->in_cr[p];
    int bad = (icr[0] | icr[1] | icr[2] | icr[3]) ? tb_vctsend_return(&pt->vct, icr, &over) : -1;
    if (bad >= 0) {
        *fail = 1;
        h_say(s, "FAIL cycle %" PRIu64 " port %d: input credits[%d] = %u > %d\n", t, p, bad, over,
              s->g.in_buf_per_vc);
    }
    if (po->out_valid[p]) {
        uint32_t ph = po->out_phit[p];
        h_hist_add(s, pt, (int64_t)t, 1, ph, nr_phit_kind(ph));
        s->phit_hops++;
        /* the packet's VC: from its head (output ports send one
         * packet at a time) */
        if (nr_phit_kind(ph) == NR_KIND_HEAD) pt->cur_vc = nr_head_vc(ph) % V;
        fifo_push(&pt->hold, (uint64_t)pt->cur_vc);
        h_sink_phit(s, p, 0, ph, t, t - s->t0, in_window);
    }
}

static void bare_nothing(sim_t *s, int p) { (void)s, (void)p; }

/* credits held by the sink, or not yet back from the router */
static int bare_busy(sim_t *s, int p)
{
    port_t *pt = &s->pt[p];
    return pt->hold.n || !tb_vctsend_home(&pt->vct);
}

static void bare_report_busy(sim_t *s, int p)
{
    port_t *pt = &s->pt[p];
    for (int v = 0; v < s->nvcs; v++)
        if (pt->vct.cred[v] != pt->vct.full)
            h_say(s, "  port %d vc %d: input credits %u/%u\n", p, v, pt->vct.cred[v], pt->vct.full);
}

static void bare_final_checks(sim_t *s, int p, int *fail) { (void)s, (void)p, (void)fail; }

static void bare_final_stats(sim_t *s, int p, rtr_result *r) { (void)s, (void)p, (void)r; }

static void bare_fmt_out(const port_t *pt, uint32_t ph, char *buf, int n)
{
    (void)pt;
    rtr_fmt_core(ph, buf, n);
}

static void bare_fmt_hist(uint32_t ph, int kind, char *buf, int n)
{
    (void)kind;
    rtr_fmt_core(ph, buf, n);
}

const rtr_ep rtr_ep_bare = {
    .name = "bare",
    .quiet = 64u,
    .init = bare_init,
    .release = bare_release,
    .inputs = bare_inputs,
    .outputs = bare_outputs,
    .tick = bare_nothing,
    .stop_errors = bare_nothing,
    .busy = bare_busy,
    .report_busy = bare_report_busy,
    .final_checks = bare_final_checks,
    .final_stats = bare_final_stats,
    .fmt_out = bare_fmt_out,
    .fmt_hist = bare_fmt_hist,
};
