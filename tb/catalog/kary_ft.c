/* kary_ft.c - the torus's routing ft around failed links (docs/network.md
 * "Topology: torus and mesh", "Faults: failed links"): dimension order
 * with datelines, X (dimension 0), then Y, then Z, and where a link on that
 * route is dead the rules of [AK11 §8.2.2.2-8.2.2.4] with their look-ahead.
 * The rules pick each router's one hop per destination, so they fill the
 * shared tables' DLUT and its VC bit (DL_VC); the caller's check then proves
 * the routes reach their nodes and the dependency graph has no cycle, or
 * stops the run. Where the seed is silent (docs/network.md says which), the
 * choices are ours. */
#include "catalog/topo_torus.h"

#include <stdio.h>
#include <stdlib.h>

enum { FT_X, FT_Y, FT_Z };

typedef struct {
    const net_topo *t;
    const kary_t *k;
    const uint64_t *dead;
} ft_net;

static int ft_digit(const kary_t *k, int x, int j) { return (int)(x / net_ipow(k->k, j) % k->k); }

/* Router x's port toward direction s (+1, -1) of dimension j. */
static int ft_port(const kary_t *k, int j, int s) { return k->c + 2 * j + (s < 0); }

/* Router x's neighbour in direction s of dimension j over a live link, or
 * -1 (no such dimension, or the link dead). */
static int ft_nb(const ft_net *f, int x, int j, int s)
{
    if (j >= f->k->n) return -1;
    const int q = ft_port(f->k, j, s);
    const net_end e = f->t->r[x].peer[q];
    return e.rtr >= 0 && !(f->dead[x] >> q & 1) ? e.rtr : -1;
}

/* The dateline of router x's ring in dimension j: the link from L to L +
 * 1 (mod K), L returned; K - 1, but a Z ring with a dead link has it
 * there (ours: the seed places its Z dateline to suit the faults). */
static int ft_dateline(const ft_net *f, int x, int j)
{
    const kary_t *k = f->k;
    const long st = net_ipow(k->k, j);
    const int base = x - ft_digit(k, x, j) * (int)st;
    for (int z = 0; j == FT_Z && z < k->k; z++)
        if (ft_nb(f, base + z * (int)st, j, 1) < 0) return z;
    return k->k - 1;
}

/* The dateline rule: 1 (the upper VC) when the way from x in direction s of
 * dimension j to coordinate b does not cross x's ring's dateline. */
static int ft_upper(const ft_net *f, int x, int j, int s, int b)
{
    const int K = f->k->k, a = ft_digit(f->k, x, j), L = ft_dateline(f, x, j);
    int n = (s > 0 ? b - a : a - b) + K;
    n = n % K ? n % K : K; /* hops to b, a whole ring for b = a */
    return (s > 0 ? L - a + K : a - (L + 1) + K) % K >= n;
}

/* The hop the fault-free route wants at router x for router d, with
 * §8.2.2.4's z- rule: dimension order, the shorter way round (a tie the +
 * way); a z- route with a dead link anywhere on it to d's Z goes z+, the
 * long way round. 0 when x = d. */
static int ft_want(const ft_net *f, int x, int d, int *j, int *s)
{
    const kary_t *k = f->k;
    for (*j = 0; *j < k->n; (*j)++) {
        const int a = ft_digit(k, x, *j), b = ft_digit(k, d, *j);
        if (a == b) continue;
        *s = 2 * ((b - a + k->k) % k->k) <= k->k ? 1 : -1;
        for (int y = x; *j == FT_Z && *s < 0 && ft_digit(k, y, FT_Z) != b;) {
            const int z = ft_nb(f, y, FT_Z, -1);
            if (z < 0) *s = 1;
            y = z;
        }
        return 1;
    }
    return 0;
}

/* The wanted link of dimension w is dead at x: §8.2.2.2 (X: y+, else z+,
 * which must not cross the Z dateline), §8.2.2.3 (Y: z+, else the other Y
 * way), §8.2.2.4 (Z: y+, else y-). 0, or -1 with why in err. */
static int ft_detour(const ft_net *f, int x, int w, int *j, int *s, char *err, int errlen)
{
    const int sy = *s;
    static const int alt[3][2][2] = {
        {{FT_Y, 1}, {FT_Z, 1}}, {{FT_Z, 1}, {FT_Y, 0}}, {{FT_Y, 1}, {FT_Y, -1}}};
    for (int i = 0; i < 2; i++) {
        *j = alt[w][i][0], *s = alt[w][i][1] ? alt[w][i][1] : -sy;
        if (ft_nb(f, x, *j, *s) < 0) continue;
        if (w == FT_X && *j == FT_Z && ft_digit(f->k, x, FT_Z) == ft_dateline(f, x, FT_Z)) {
            snprintf(err, (size_t)errlen,
                     "router %d: its X and y+ links are dead and its z+ link crosses the Z "
                     "dateline, which [AK11 §8.2.2.2]'s detour must not",
                     x);
            return -1;
        }
        return 0;
    }
    snprintf(err, (size_t)errlen,
             "router %d: its %c link and both of [AK11 §8.2.2]'s detours for it are dead or absent",
             x, "XYZ"[w]);
    return -1;
}

/* The seed's hop at x for router d into *j, *s (a dimension and a
 * direction); 0 at d, 1 a hop on the route's way, 2 a step aside into a
 * later dimension (X's detour, Y's z+), 3 into an earlier one (Z's
 * detour), -1 with why in err. */
static int ft_hop(const ft_net *f, int x, int d, int *j, int *s, char *err, int errlen)
{
    if (!ft_want(f, x, d, j, s)) return 0;
    const int w = *j, y = ft_nb(f, x, *j, *s);
    if (y < 0) return ft_detour(f, x, w, j, s, err, errlen) ? -1 : *j > w ? 2 : *j < w ? 3 : 1;
    int j2, s2;
    if (!ft_want(f, y, d, &j2, &s2) || ft_nb(f, x, FT_Z, 1) < 0) return 1;
    /* §8.2.2.2's look-ahead: the node across X would need a detour with
     * its y+ and z+ dead: z+ here, a step aside. §8.2.2.3's: the node
     * across Y wants a dead Z link next: z+ here, on Z's way. */
    if (*j == FT_X && j2 == FT_X && ft_nb(f, y, FT_X, s2) < 0 && ft_nb(f, y, FT_Y, 1) < 0 &&
        ft_nb(f, y, FT_Z, 1) < 0) {
        *j = FT_Z, *s = 1;
        return 2;
    }
    if (*j == FT_Y && j2 == FT_Z && ft_nb(f, y, FT_Z, s2) < 0) *j = FT_Z, *s = 1;
    return 1;
}

/* The tables of routing ft around the dead links (topo.h, avoid): for each
 * destination router d every router's hop by ft_hop, then §8.2.2.3's
 * look-ahead against a 180-degree turn: a router that would send a packet
 * straight back to a neighbour that detoured to it goes on in the
 * detour's direction. DL_VC's bit is the dateline rule's (ft_upper) for
 * the hop's dimension and direction, the lower VC for a step aside, the
 * wanted Z hop's for Z's detour. */
int net_kary_ft_tables(net_topo *t, const uint64_t *dead, char *err, int errlen)
{
    const kary_t *k = t->priv;
    const ft_net f = {t, k, dead};
    const int R = t->nrtr;
    if (k->n > 3) {
        snprintf(err, (size_t)errlen, "topology '%s': [AK11 §8.2.2]'s rules name X, Y and Z only",
                 t->spec);
        return -1;
    }
    int *hj = malloc(sizeof(int) * 4 * (size_t)R), *hs = hj + R, *det = hs + R, *side = det + R;
    if (!hj) {
        snprintf(err, (size_t)errlen, "out of memory");
        return -1;
    }
    int rc = 0;
    for (int d = 0; d < R && !rc; d++) {
        for (int x = 0; x < R && !rc; x++) {
            int wj = -1, ws = 0;
            const int h = ft_hop(&f, x, d, &hj[x], &hs[x], err, errlen);
            if (!h) hj[x] = 0, hs[x] = 1;
            rc = h < 0;
            if (h > 0) ft_want(&f, x, d, &wj, &ws);
            det[x] = h > 0 && (wj != hj[x] || ws != hs[x]);
            side[x] = h;
        }
        for (int pass = 0, moved = 1; pass < R && moved && !rc; pass++) {
            moved = 0;
            for (int x = 0; x < R; x++) {
                const int y = x == d ? -1 : ft_nb(&f, x, hj[x], hs[x]);
                if (y < 0 || !det[x] || y == d || ft_nb(&f, y, hj[y], hs[y]) != x) continue;
                if (ft_nb(&f, y, hj[x], hs[x]) < 0) break; /* the check refuses the loop */
                hj[y] = hj[x], hs[y] = hs[x], side[y] = side[x], det[y] = moved = 1;
            }
        }
        for (int x = 0; x < R && !rc; x++) {
            nr_route_vals *tb = &t->r[x].tab;
            int j = hj[x], s = hs[x];
            if (side[x] == 3) ft_want(&f, x, d, &j, &s);
            const int up = x == d || (side[x] != 2 && ft_upper(&f, x, j, s, ft_digit(k, d, j)));
            for (int i = 0; i < k->c; i++) {
                tb->dlut[d * k->c + i] = x == d ? i : ft_port(k, hj[x], hs[x]);
                tb->dlut_vc[d * k->c + i] = (int8_t)up;
            }
        }
    }
    if (rc) {
        char e2[256];
        snprintf(e2, sizeof e2, "%s", err);
        snprintf(err, (size_t)errlen, "topology '%s', routing ft: %s", t->spec, e2);
    }
    free(hj);
    return rc;
}
