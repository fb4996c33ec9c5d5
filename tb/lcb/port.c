/* port.c - model, RTL and lockstep ports behind one interface (port.h). */
#include "port.h"

#include <stdlib.h>
#include <string.h>

#include "port_rtl.h"

static const char *const ev_names[NR_EV_COUNT] = {
    "TX_PKT",     "TX_REPLAY",   "TX_TIMEOUT",  "TX_NACK", "TX_SOFT",    "TX_PROTO",
    "TX_ACK",     "LINK_DOWN",   "RX_OK",       "RX_CRC",  "RX_CLIP",    "RX_DUP",
    "RX_MARKER",  "RX_IDLE_BAD", "CTL_OK",      "CTL_BAD", "CTL_REJECT", "CTL_SYNC_LOST",
    "INQ_REWIND", "INQ_OVF",     "TX_DOWN_DROP"};

const char *lcb_ev_name(int bit) { return bit >= 0 && bit < NR_EV_COUNT ? ev_names[bit] : "?"; }

typedef struct {
    int64_t cycle;
    nr_lcbp_in in;
    nr_lcbp_out o; /* what drove the testbench (RTL in lockstep) */
    nr_lcbp_out m; /* the shadow model (lockstep only) */
} hist_t;

struct lcb_port {
    char name[32];
    lcb_impl impl;
    int lockstep;
    nr_lcb_params p;
    nr_lcbp *model; /* MODEL port, or the shadow of an RTL port */
    void *rtl;
    int64_t cycle;
    int64_t st_diverge; /* self-test: cycle the shadow gets a flipped link_rx bit */
    hist_t hist[LCB_PORT_HIST];
    int nhist;
    /* divergence */
    int64_t div_cycle;
    char div_field[32];
    char div_detail[512];
};

lcb_port *lcb_port_new(lcb_impl impl, int lockstep, const nr_lcb_params *p, const nr_lcb_cfg *c,
                       const char *name, char *err, int errlen)
{
    lcb_port *pt = calloc(1, sizeof *pt);
    if (!pt) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    snprintf(pt->name, sizeof pt->name, "%s", name);
    pt->impl = impl;
    pt->lockstep = impl == LCB_IMPL_RTL && lockstep;
    pt->p = *p;
    pt->div_cycle = -1;
    pt->st_diverge = -1;
    if (impl == LCB_IMPL_RTL) {
        nr_lcb_params rp;
        if (!lcb_port_have_rtl() || lcb_port_rtl_params(&rp)) {
            snprintf(err, errlen, "port %s: this binary has no RTL linked in", name);
            free(pt);
            return NULL;
        }
        if (memcmp(&rp, p, sizeof rp) != 0) {
            snprintf(err, errlen,
                     "port %s: RTL build has NumVcs=%d BufPerVc=%d ReplayDepth=%d Window=%d "
                     "MaxPktLen=%d, asked for %d/%d/%d/%d/%d",
                     name, rp.num_vcs, rp.buf_per_vc, rp.replay_depth, rp.window, rp.max_pkt_len,
                     p->num_vcs, p->buf_per_vc, p->replay_depth, p->window, p->max_pkt_len);
            free(pt);
            return NULL;
        }
        pt->rtl = lcb_rtl_open(c, err, errlen);
        if (!pt->rtl) {
            free(pt);
            return NULL;
        }
    }
    if (impl == LCB_IMPL_MODEL || pt->lockstep) {
        pt->model = nr_lcbp_new(p, c, err, errlen);
        if (!pt->model) {
            if (pt->rtl) lcb_rtl_close(pt->rtl);
            free(pt);
            return NULL;
        }
    }
    return pt;
}

void lcb_port_free(lcb_port *p)
{
    if (!p) return;
    if (p->rtl) lcb_rtl_close(p->rtl);
    if (p->model) nr_lcbp_free(p->model);
    free(p);
}

void lcb_port_peek(lcb_port *p, nr_lcbp_out *out)
{
    if (p->impl == LCB_IMPL_MODEL) {
        nr_lcbp_peek(p->model, out);
        return;
    }
    /* The RTL shim has no peek: evaluate with neutral inputs. The state-only
     * outputs do not depend on inputs; the final eval() overwrites the rest. */
    nr_lcbp_in z;
    memset(&z, 0, sizeof z);
    lcb_rtl_eval(p->rtl, &z, out);
}

static void hist_push(lcb_port *p, const nr_lcbp_in *in, const nr_lcbp_out *o, const nr_lcbp_out *m)
{
    hist_t *h = &p->hist[p->cycle % LCB_PORT_HIST];
    h->cycle = p->cycle;
    h->in = *in;
    h->o = *o;
    if (m)
        h->m = *m;
    else
        memset(&h->m, 0, sizeof h->m);
    if (p->nhist < LCB_PORT_HIST) p->nhist++;
}

/* Compare the RTL (a) with the model (e); return 0 or fill the divergence. */
static int compare(lcb_port *p, const nr_lcbp_out *a, const nr_lcbp_out *e)
{
    char *d = p->div_detail;
    int n = (int)sizeof p->div_detail, k = 0;
    const char *first = NULL;
    char fbuf[32];
#define CMP(fname, x, y)                                                                           \
    do {                                                                                           \
        if ((uint64_t)(x) != (uint64_t)(y)) {                                                      \
            if (!first) {                                                                          \
                snprintf(fbuf, sizeof fbuf, "%s", fname);                                          \
                first = fbuf;                                                                      \
            }                                                                                      \
            if (k < n)                                                                             \
                k += snprintf(d + k, n - k,                                                        \
                              "  %-12s expected (model) 0x%llx  actual (RTL) 0x%llx\n", fname,     \
                              (unsigned long long)(y), (unsigned long long)(x));                   \
        }                                                                                          \
    } while (0)
    CMP("link_tx", a->link_tx, e->link_tx);
    CMP("tx_ready", a->tx_ready, e->tx_ready);
    CMP("tx_vc_ok", a->tx_vc_ok, e->tx_vc_ok);
    CMP("rd_avail", a->rd_avail, e->rd_avail);
    CMP("rd_valid", a->rd_valid, e->rd_valid);
    if (a->rd_valid && e->rd_valid) CMP("rd_phit", a->rd_phit, e->rd_phit);
    CMP("ev", a->ev, e->ev);
    CMP("link_down", a->link_down, e->link_down);
    CMP("ctl_sync", a->ctl_sync, e->ctl_sync);
    CMP("debit", a->debit, e->debit);
    for (int v = 0; v < p->p.num_vcs; v++) {
        char nm[16];
        snprintf(nm, sizeof nm, "occ[%d]", v);
        CMP(nm, a->occ[v], e->occ[v]);
        snprintf(nm, sizeof nm, "credits[%d]", v);
        CMP(nm, a->credits[v], e->credits[v]);
        snprintf(nm, sizeof nm, "inq_cr[%d]", v);
        CMP(nm, a->inq_cr[v], e->inq_cr[v]);
    }
#undef CMP
    if (!first) return 0;
    if (a->ev != e->ev && k < n) {
        k += snprintf(d + k, n - k, "  ev differs in:");
        for (int i = 0; i < NR_EV_COUNT && k < n; i++)
            if (((a->ev ^ e->ev) >> i) & 1)
                k += snprintf(d + k, n - k, " %s(model %u, RTL %u)", ev_names[i], (e->ev >> i) & 1,
                              (a->ev >> i) & 1);
        if (k < n) k += snprintf(d + k, n - k, "\n");
    }
    p->div_cycle = p->cycle;
    snprintf(p->div_field, sizeof p->div_field, "%s", first);
    return -1;
}

int lcb_port_eval(lcb_port *p, const nr_lcbp_in *in, nr_lcbp_out *out)
{
    if (p->impl == LCB_IMPL_MODEL) {
        nr_lcbp_eval(p->model, in, out);
        hist_push(p, in, out, NULL);
        return 0;
    }
    lcb_rtl_eval(p->rtl, in, out);
    if (!p->lockstep) {
        hist_push(p, in, out, NULL);
        return 0;
    }
    nr_lcbp_out m;
    nr_lcbp_in min = *in;
    if (p->cycle == p->st_diverge) min.link_rx ^= 1u << 5;
    nr_lcbp_eval(p->model, &min, &m);
    hist_push(p, in, out, &m);
    if (p->div_cycle >= 0) return 0; /* compare up to the first divergence only */
    return compare(p, out, &m);
}

void lcb_port_tick(lcb_port *p)
{
    if (p->rtl) lcb_rtl_tick(p->rtl);
    if (p->model) nr_lcbp_tick(p->model);
    p->cycle++;
}

int lcb_port_errors(const lcb_port *p, char *buf, int buflen)
{
    if (buflen > 0) buf[0] = 0;
    return p->model ? nr_lcbp_errors(p->model, buf, buflen) : 0;
}

void lcb_port_selftest_diverge(lcb_port *p, int64_t cycle) { p->st_diverge = cycle; }

const char *lcb_port_div_field(const lcb_port *p) { return p->div_field; }

int lcb_port_trace(lcb_port *p, const char *path)
{
    return p->rtl ? lcb_rtl_trace(p->rtl, path) : -1;
}

void lcb_port_trace_stop(lcb_port *p)
{
    if (p->rtl) lcb_rtl_trace_stop(p->rtl);
}

void lcb_fmt_in(const nr_lcbp_in *in, char *buf, int n)
{
    snprintf(buf, n, "rx=%06x tx=%d:%06x rd=%d:%d", in->link_rx & 0xFFFFFFu, in->tx_valid,
             in->tx_phit & 0xFFFFFFu, in->rd_en, in->rd_vc);
}

void lcb_fmt_out(const nr_lcbp_out *o, int nvcs, char *buf, int n)
{
    int k = snprintf(buf, n, "ltx=%06x rdy=%d vcok=%x av=%x rv=%d:%06x ev=%05x dn=%d sy=%d db=%x",
                     o->link_tx & 0xFFFFFFu, o->tx_ready, o->tx_vc_ok, o->rd_avail, o->rd_valid,
                     o->rd_phit & 0xFFFFFFu, o->ev, o->link_down, o->ctl_sync, o->debit);
    if (k < n) k += snprintf(buf + k, n - k, " cr=");
    for (int v = 0; v < nvcs && k < n; v++)
        k += snprintf(buf + k, n - k, "%s%u", v ? "," : "", o->credits[v]);
    if (k < n) k += snprintf(buf + k, n - k, " occ=");
    for (int v = 0; v < nvcs && k < n; v++)
        k += snprintf(buf + k, n - k, "%s%u", v ? "," : "", o->occ[v]);
    if (k < n) k += snprintf(buf + k, n - k, " icr=");
    for (int v = 0; v < nvcs && k < n; v++)
        k += snprintf(buf + k, n - k, "%s%u", v ? "," : "", o->inq_cr[v]);
}

void lcb_port_report_divergence(const lcb_port *p, FILE *f)
{
    if (p->div_cycle < 0) return;
    fprintf(f, "LOCKSTEP DIVERGENCE on port %s at cycle %lld: first field %s\n", p->name,
            (long long)p->div_cycle, p->div_field);
    fputs(p->div_detail, f);
    fprintf(f,
            "last %d cycles of port %s (in: link_rx, tx_valid:tx_phit, rd_en:rd_vc; "
            "RTL out; model out on the next line where it differs):\n",
            p->nhist, p->name);
    int64_t first = p->cycle - p->nhist + 1;
    for (int64_t c = first; c <= p->cycle; c++) {
        const hist_t *h = &p->hist[c % LCB_PORT_HIST];
        char bi[96], bo[256], bm[256];
        lcb_fmt_in(&h->in, bi, sizeof bi);
        lcb_fmt_out(&h->o, p->p.num_vcs, bo, sizeof bo);
        lcb_fmt_out(&h->m, p->p.num_vcs, bm, sizeof bm);
        fprintf(f, "  %8lld %s | rtl   %s\n", (long long)h->cycle, bi, bo);
        if (strcmp(bo, bm) != 0) fprintf(f, "  %8s %*s | model %s\n", "", (int)strlen(bi), "", bm);
    }
}
