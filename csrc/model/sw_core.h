/* sw_core.h - nr_sw_core: the part of a switch model that the YARC model and
 * the network switches (yarc.c, nwn.c) have alike around their input units
 * and allocators (docs/nwn-arch.md §6.5: YARC is a special case of the
 * network switches' pieces): the cycle count, the buffers' ring pool, the
 * credit pipe, the port front ends and their views, the configuration write
 * of the cycle, the sequential allocator, the errors and the activity
 * masks; and the steps of a cycle they take alike (sw_core.c, and inline
 * here where a cycle's speed depends on it). A piece of the switch models;
 * sw_common.h says how the pieces work. */
#ifndef NR_SW_CORE_H
#define NR_SW_CORE_H
#include "mutil.h"
#include "swparts.h"

typedef struct {
    uint32_t now;        /* cycle counter */
    nr_ringpool *rp;     /* the rings of every buffer (sw_bufs.h) */
    nr_chpipe chp;       /* the credit returns of the internal buffers */
    nr_route_set rt;     /* the ports' routing tables (port p's: *rt.tp[p]) */
    nr_port_front fr;    /* the port front ends (LCB or bare) */
    nr_pview *pv;        /* [ports] this cycle's port views */
    nr_route_cfgw d_cfg; /* configuration write of this cycle */
    nr_fb_seq fb;        /* the flattened-butterfly sequential allocator's state */
    const int *gq;       /* UGAL-G's oracle (nr_fb_in.gq; the network's), NULL: none */
    nr_errs errs;        /* interface violations, internal inconsistencies */
    /* Activity (speed only; bit p: port p, and its input unit). A cycle
     * evaluates only the input units and ports that may do something, which
     * decides what a scan of all of them would (docs/yarc-model.md and
     * docs/nwn-model.md, "Activity"). */
    uint64_t all;     /* every port */
    uint64_t iu_hot;  /* input units whose last evaluation was not idle */
    uint64_t iu_live; /* input units with staging, a route or a read in flight */
    uint64_t avail;   /* bare ports with something to read (pv[p].rd_avail) */
    uint64_t ie, pe;  /* input units and ports evaluated this cycle */
} nr_sw_core;

/* ---- creation (sw_core.c) ---- */
/* The port parameters pp need the LCB run-time configuration lcfg when they
 * ask for LCBs: 0, or -1 with a message. */
int nr_sw_core_check(const nr_port_params *pp, const nr_lcb_cfg *lcfg, char *err, int errlen);
/* The ring pool, the views and the routing tables (reset) of n ports
 * (before the buffers, which take their rings from the pool): 0, -1 out of
 * memory. */
int nr_sw_core_alloc(nr_sw_core *c, int n);
/* The sequential allocator (FbSeq fb_seq), the front ends of n ports of
 * parameters pp (LCBs with lcfg), the mask of every port, and the bare
 * ports' reset views (view(m, p): the model's nr_sw_core_view of port p;
 * later a port's view changes at its clock edge): 0, or -1 with the front
 * ends' message. */
int nr_sw_core_start(nr_sw_core *c, int n, const nr_port_params *pp, int fb_seq,
                     const nr_lcb_cfg *lcfg, void (*view)(void *m, int p), void *m, char *err,
                     int errlen);
/* Frees what the core holds; after the allocators, whose rings the pool
 * holds. */
void nr_sw_core_release(nr_sw_core *c);
/* "WHO: out of memory" in err. */
void nr_sw_core_nomem(const char *who, char *err, int errlen);

/* ---- a cycle ---- */
/* Port p's view taken (a bare port's after its clock edge, an LCB port's
 * when its state changed), kept between cycles so that a cycle reads only
 * the views that changed; returns its vc_ok for the port's output. */
static inline unsigned nr_sw_core_view(nr_sw_core *c, int p)
{
    nr_port_front_view(&c->fr, p, &c->pv[p]);
    c->avail = (c->avail & ~(1ull << p)) | (uint64_t)(c->pv[p].rd_avail != 0) << p;
    return c->pv[p].vc_ok;
}

/* The input units of mask ie, in the sequential allocator's order from sptr
 * (fbfly-routing §6.4; without it any order decides the same): eval(m, p,
 * fb) decides the unit of port p and returns it. Their events go to out;
 * iu_hot keeps those whose evaluation was not idle. A unit left out is idle:
 * its last evaluation presented and decided nothing, and this one would
 * decide the same. */
static inline void nr_sw_core_eval_ius(nr_sw_core *c, uint64_t ie, nr_rtr_out *out,
                                       const nr_iu *(*eval)(void *m, int p, const nr_fb_env *fb),
                                       void *m)
{
    uint64_t hot = 0, pass[2];
    nr_fb_seq_begin(&c->fb);
    nr_fb_seq_order(&c->fb, ie, pass);
    const nr_fb_env fb = nr_fb_seq_env(&c->fb, c->pv, c->gq);
    for (int n = 0; n < 2; n++)
        for (uint64_t b = pass[n]; b; b &= b - 1) {
            const int p = __builtin_ctzll(b);
            const nr_iu *u = eval(m, p, &fb);
            nr_fb_seq_note(&c->fb, u);
            out->tev[p] = u->d_tev;
            hot |= (uint64_t)!u->d_idle << p;
        }
    c->iu_hot = hot;
}

/* Bare ports of cand with an input this cycle: a phit in, or credits back. */
static inline uint64_t nr_sw_core_bare_inputs(const nr_rtr_in *in, uint64_t cand)
{
    uint64_t b = 0;
    for (; cand; cand &= cand - 1) {
        const int p = __builtin_ctzll(cand);
        const uint32_t *cr = in->out_cr[p];
        if (in->in_valid[p] || (cr[0] | cr[1] | cr[2] | cr[3])) b |= 1ull << p;
    }
    return b;
}

/* Port p's cycle, with input unit u's reads and what output j of allocator
 * a sends; the send is cancelled when the LCB did not take it. */
static inline void nr_sw_core_port_eval(nr_sw_core *c, int p, const nr_iu *u, nr_swalloc *a, int j,
                                        const nr_rtr_in *in, nr_rtr_out *out)
{
    char msg[160];
    const int tx_valid = (int)((a->d_mask >> j) & 1u);
    const uint32_t tx_phit = tx_valid ? a->d_phit[j] : 0;
    const int r =
        nr_port_front_eval(&c->fr, p, u->d_rd, tx_valid, tx_phit, in, out, msg, (int)sizeof msg);
    if (r) nr_errs_add(&c->errs, "cycle %u: port %d: %s", c->now, p, msg);
    if (r == 1) nr_swalloc_cancel(a, j); /* the LCB did not take it */
}

/* The end of eval: the input units ie and ports pe evaluated; §9, the
 * configuration write of n ports' tables (CFG_BAD in this cycle); the ports
 * that did nothing. */
static inline void nr_sw_core_eval_end(nr_sw_core *c, uint64_t ie, uint64_t pe, int n, int fb_seq,
                                       int side_tab, const nr_rtr_in *in, nr_rtr_out *out)
{
    c->ie = ie;
    c->pe = pe;
    nr_route_cfg_latch(&c->d_cfg, in, n, fb_seq, side_tab, out->tev);
    out->idle = in->cfg_we ? 0 : c->all & ~pe;
}

/* The clock edge of the ports evaluated this cycle. */
static inline void nr_sw_core_tick_ports(nr_sw_core *c)
{
    const int nomem = nr_port_front_tick_mask(&c->fr, c->pe);
    if (nomem >= 0)
        nr_errs_add(&c->errs, "cycle %u: port %d: input queue storage: out of memory", c->now,
                    nomem);
}

/* Input unit u of port p after its commit: live while it has a read in
 * flight, staging or a route. */
static inline void nr_sw_core_live(nr_sw_core *c, int p, const nr_iu *u)
{
    c->iu_live = (c->iu_live & ~(1ull << p)) | (uint64_t)((u->rdq | u->live) != 0) << p;
}

/* The end of the clock edge: this cycle's configuration write to the
 * ports' tables, the next cycle, the credits due then, and the next cycle's
 * views of the bare ports that changed (view(m, p): the model's
 * nr_sw_core_view of port p). */
static inline void nr_sw_core_tick_end(nr_sw_core *c, void (*view)(void *m, int p), void *m)
{
    if (c->d_cfg.we) {
        if (nr_route_set_write(&c->rt, c->d_cfg.lo, c->d_cfg.hi, c->d_cfg.addr, c->d_cfg.wdata))
            nr_errs_add(&c->errs, "cycle %u: routing tables: out of memory", c->now);
        c->d_cfg.we = 0;
    }
    c->now++;
    nr_chpipe_fire(&c->chp, c->now);
    if (!c->fr.lcb)
        for (uint64_t mk = c->pe; mk; mk &= mk - 1) view(m, __builtin_ctzll(mk));
}

/* At rest as far as the core goes (nr_rtr_ops.rest): bare ports, no input
 * unit with anything to read, staged, routed or in flight (none evaluated
 * last cycle either), no credit on the pipe, no table write pending. */
static inline int nr_sw_core_quiet(const nr_sw_core *c)
{
    return !(c->fr.lcb || (c->iu_hot | c->iu_live | c->avail) || c->chp.pending || c->d_cfg.we);
}
/* An idle cycle's clock edge: only the cycle count and the sequential
 * allocator's pointer move. */
static inline void nr_sw_core_rest(nr_sw_core *c)
{
    nr_fb_seq_idle(&c->fb);
    c->now++;
    c->ie = c->pe = 0;
}

/* UGAL-G's oracle (nr_fb_in.gq, docs/network.md "Topology: dfly"): output
 * port p's queue as this router's RC estimates it (fbfly-routing §6.1), from
 * its start-of-cycle view. */
static inline int nr_sw_core_out_q(const nr_sw_core *c, const nr_port_params *pp, int p)
{
    return nr_fb_port_q(&c->pv[p], pp->num_vcs, pp->in_buf_per_vc);
}

/* NR_SW_CORE_RTR(NAME, LABEL, REST): nr_NAME_rtr(m), the nr_rtr of the
 * switch model nr_NAME (nr_router.h) named LABEL: its operations call
 * nr_NAME_eval, _tick, _errors and _free, and REST is its nr_rtr_ops.rest.
 * One definition of the adapters for both models. */
#define NR_SW_CORE_RTR(NAME, LABEL, REST)                                                          \
    static void NAME##_rtr_eval(void *h, const nr_rtr_in *in, nr_rtr_out *out)                     \
    {                                                                                              \
        nr_##NAME##_eval(h, in, out);                                                              \
    }                                                                                              \
    static void NAME##_rtr_tick(void *h) { nr_##NAME##_tick(h); }                                  \
    static int NAME##_rtr_errors(void *h, char *buf, int buflen)                                   \
    {                                                                                              \
        return nr_##NAME##_errors(h, buf, buflen);                                                 \
    }                                                                                              \
    static void NAME##_rtr_free(void *h) { nr_##NAME##_free(h); }                                  \
    static const nr_rtr_ops NAME##_rtr_ops = {                                                     \
        LABEL, NAME##_rtr_eval, NAME##_rtr_tick, NAME##_rtr_errors, NAME##_rtr_free, NULL, NULL,   \
        REST};                                                                                     \
    nr_rtr nr_##NAME##_rtr(nr_##NAME *m)                                                           \
    {                                                                                              \
        nr_rtr r = {&NAME##_rtr_ops, m};                                                           \
        return r;                                                                                  \
    }

#endif
