/* test_traffic.c - exact mappings, permutation-ness, random-pattern
 * distributions, parameter errors and the name table. */
#include "nr_traffic.h"
#include "nr_test.h"

static nr_traffic_t mk(nr_tp_kind_t kind, int k)
{
    nr_traffic_cfg_t c = {.kind = kind, .k = k};
    nr_traffic_t t;
    char err[160];
    int rc = nr_traffic_init(&t, &c, nr_test_seed, err, sizeof err);
    if (rc) {
        fprintf(stderr, "init %s k=%d: %s\n", nr_tp_name(kind), k, err);
        exit(1);
    }
    return t;
}

static double chi2(const long *c, int bins, long total)
{
    double e = (double)total / bins, x = 0;
    for (int i = 0; i < bins; i++) x += (c[i] - e) * (c[i] - e) / e;
    return x;
}

/* Tables computed once by an independent Python transcription of the
 * definitions in nr_traffic.h (string reversal for bitrev, etc.). */
static const struct {
    nr_tp_kind_t kind;
    int k;
    int d[32];
} tables[] = {
    {NR_TP_BITCOMP, 16, {15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}},
    {NR_TP_BITREV, 16, {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15}},
    {NR_TP_BITROT, 16, {0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15}},
    {NR_TP_SHUFFLE, 16, {0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15}},
    {NR_TP_TRANSPOSE, 16, {0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15}},
    {NR_TP_TORNADO, 16, {7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6}},
    {NR_TP_NEIGHBOR, 16, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0}},
    {NR_TP_BITREV, 32, {0, 16, 8, 24, 4, 20, 12, 28, 2, 18, 10, 26, 6, 22, 14, 30,
                        1, 17, 9, 25, 5, 21, 13, 29, 3, 19, 11, 27, 7, 23, 15, 31}},
    {NR_TP_BITROT, 32, {0, 16, 1, 17, 2,  18, 3,  19, 4,  20, 5,  21, 6,  22, 7,  23,
                        8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31}},
    {NR_TP_SHUFFLE, 32, {0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30,
                         1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31}},
    {NR_TP_TRANSPOSE, 32, {0, 4, 8,  12, 16, 20, 24, 28, 1, 5, 9,  13, 17, 21, 25, 29,
                           2, 6, 10, 14, 18, 22, 26, 30, 3, 7, 11, 15, 19, 23, 27, 31}},
    {NR_TP_TORNADO, 32, {15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30,
                         31, 0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14}},
};

static void tp_exact(void)
{
    /* ---- exact mappings ---- */
    for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
        nr_traffic_t t = mk(tables[i].kind, tables[i].k);
        for (int n = 0; n < tables[i].k; n++)
            CHECK_EQ(nr_traffic_dest(&t, n, NULL), tables[i].d[n]);
        nr_traffic_free(&t);
    }
    /* Tornado and neighbor on k that is not a power of two. */
    {
        nr_traffic_t t = mk(NR_TP_TORNADO, 5); /* ceil(5/2)-1 = 2 */
        CHECK_EQ(nr_traffic_dest(&t, 0, NULL), 2);
        CHECK_EQ(nr_traffic_dest(&t, 4, NULL), 1);
        t = mk(NR_TP_TORNADO, 2); /* ceil(2/2)-1 = 0: every node to itself */
        CHECK_EQ(nr_traffic_dest(&t, 1, NULL), 1);
        CHECK_EQ(t.self_count, 1);
        t = mk(NR_TP_NEIGHBOR, 10);
        CHECK_EQ(nr_traffic_dest(&t, 9, NULL), 0);
    }
}

static void tp_permutations(void)
{
    /* ---- permutation-ness of every deterministic pattern, k = 2..1024 ---- */
    {
        static const nr_tp_kind_t det[] = {NR_TP_BITCOMP,   NR_TP_BITREV,  NR_TP_BITROT,
                                           NR_TP_TRANSPOSE, NR_TP_SHUFFLE, NR_TP_TORNADO,
                                           NR_TP_NEIGHBOR,  NR_TP_RANDPERM};
        static int seen[1024];
        for (size_t i = 0; i < sizeof det / sizeof det[0]; i++) {
            CHECK(nr_tp_is_deterministic(det[i]));
            for (int k = 2; k <= 1024; k++) {
                if (nr_tp_needs_pow2(det[i]) && (k & (k - 1))) continue;
                nr_traffic_t t = mk(det[i], k);
                memset(seen, 0, sizeof seen);
                for (int n = 0; n < k; n++) {
                    int d = nr_traffic_dest(&t, n, NULL);
                    CHECK(d >= 0 && d < k);
                    seen[d]++;
                }
                for (int n = 0; n < k; n++) CHECK_EQ(seen[n], 1);
                nr_traffic_free(&t);
            }
        }
    }
    /* Fixed points are sent to themselves and counted: bitrev at k=16 has
     * the 4 palindromes 0, 6, 9, 15; transpose at k=16 the diagonal 0,5,10,15. */
    {
        nr_traffic_t t = mk(NR_TP_BITREV, 16);
        for (int n = 0; n < 16; n++) nr_traffic_dest(&t, n, NULL);
        CHECK_EQ(t.calls, 16);
        CHECK_EQ(t.self_count, 4);
        CHECK_EQ(nr_traffic_dest(&t, 6, NULL), 6);
        t = mk(NR_TP_TRANSPOSE, 16);
        for (int n = 0; n < 16; n++) nr_traffic_dest(&t, n, NULL);
        CHECK_EQ(t.self_count, 4);
        t = mk(NR_TP_BITCOMP, 16);
        for (int n = 0; n < 16; n++) nr_traffic_dest(&t, n, NULL);
        CHECK_EQ(t.self_count, 0);
    }
}

/* ---- random permutation: a derangement, fixed by the seed ---- */
static void tp_random_perm(void)
{
    char err[160];
    nr_traffic_t a = mk(NR_TP_RANDPERM, 64), b = mk(NR_TP_RANDPERM, 64);
    int same = 1;
    for (int n = 0; n < 64; n++) {
        CHECK(a.perm[n] != n);
        same &= a.perm[n] == b.perm[n];
    }
    CHECK(same); /* same seed, same permutation */
    nr_traffic_cfg_t c = a.cfg;
    nr_traffic_t o;
    CHECK_EQ(nr_traffic_init(&o, &c, nr_test_seed + 1, err, sizeof err), 0);
    same = 1;
    for (int n = 0; n < 64; n++) same &= a.perm[n] == o.perm[n];
    CHECK(!same);
    nr_traffic_free(&a);
    nr_traffic_free(&b);
    nr_traffic_free(&o);
    /* Uniform over derangements: by symmetry perm[0] is uniform over the
     * other k-1 nodes. k = 8, 7000 seeds, 6 dof: 0.999 quantile 22.46. */
    long cnt[7] = {0};
    c.k = 8;
    for (int s = 0; s < 7000; s++) {
        CHECK_EQ(nr_traffic_init(&o, &c, (uint64_t)s, err, sizeof err), 0);
        CHECK(o.perm[0] >= 1);
        cnt[o.perm[0] - 1]++;
        nr_traffic_free(&o);
    }
    double x = chi2(cnt, 7, 7000);
    printf("randperm perm[0] chi2 = %.2f (6 dof)\n", x);
    CHECK(x < 22.46);
}

/* ---- uniform: never self, uniform over the other k-1 ---- */
static void tp_uniform(void)
{
    nr_rng_t r;
    nr_traffic_t t = mk(NR_TP_UNIFORM, 16);
    long c[16] = {0}, c15[15];
    nr_rng_stream(&r, nr_test_seed, NR_RNG_STREAM(NR_RNG_P_DEST, 5));
    for (int i = 0; i < 150000; i++) c[nr_traffic_dest(&t, 5, &r)]++;
    CHECK_EQ(c[5], 0);
    CHECK_EQ(t.self_count, 0);
    for (int i = 0, j = 0; i < 16; i++)
        if (i != 5) c15[j++] = c[i];
    /* 14 dof: 0.999 quantile 36.12, 0.001 quantile 3.04. */
    double x = chi2(c15, 15, 150000);
    printf("uniform chi2 = %.2f (14 dof)\n", x);
    CHECK(x < 36.12 && x > 3.04);
    /* k = 2: the only other node. */
    t = mk(NR_TP_UNIFORM, 2);
    for (int i = 0; i < 100; i++) CHECK_EQ(nr_traffic_dest(&t, 1, &r), 0);
}

/* ---- transpose-random: row A -> uniform over column A (r: a stream this
 * starts, which the next two go on drawing from) ---- */
static void tp_transpose_random(nr_rng_t *r)
{
    /* k = 16: 4 x 4. Node 6 = (row 1, col 2) -> column 1 = {1, 5, 9, 13}. */
    nr_traffic_t t = mk(NR_TP_TR, 16);
    long c[16] = {0};
    nr_rng_stream(r, nr_test_seed, NR_RNG_STREAM(NR_RNG_P_DEST, 6));
    for (int i = 0; i < 40000; i++) c[nr_traffic_dest(&t, 6, r)]++;
    long col[4] = {c[1], c[5], c[9], c[13]};
    CHECK_EQ(col[0] + col[1] + col[2] + col[3], 40000);
    /* 3 dof: 0.999 quantile 16.27. */
    CHECK(chi2(col, 4, 40000) < 16.27);
    /* k = 32: R = 4 rows x C = 8 columns, n = row*8 + col. Node 13 is in
     * row 1 -> column 1 = {1, 9, 17, 25}; node 31 in row 3 -> {3, 11, 19, 27}. */
    t = mk(NR_TP_TR, 32);
    for (int i = 0; i < 1000; i++) {
        int d = nr_traffic_dest(&t, 13, r);
        CHECK(d == 1 || d == 9 || d == 17 || d == 25);
        d = nr_traffic_dest(&t, 31, r);
        CHECK(d % 8 == 3 && d < 32);
    }
    /* Node 0 (row 0, col 0) can draw itself: counted. */
    for (int i = 0; i < 1000; i++) nr_traffic_dest(&t, 0, r);
    CHECK(t.self_count > 150 && t.self_count < 350); /* 1/4 of 1000, sd 13.7 */
}

/* ---- YARC row-to-column adversary ---- */
static void tp_yarc_adversary(nr_rng_t *r)
{
    char err[160];
    nr_traffic_cfg_t c = {.kind = NR_TP_ROWCOL, .k = 32, .rows = 8, .cols = 4};
    nr_traffic_t t;
    CHECK_EQ(nr_traffic_init(&t, &c, nr_test_seed, err, sizeof err), 0);
    /* Port 13 at tile (3, 1): tile row 3 -> column 3: {3, 7, ..., 31}.
     * Port 29 at tile (7, 1): column 7 mod 4 = 3. Port 2 at (0, 2): column 0. */
    long cnt[8] = {0};
    for (int i = 0; i < 8000; i++) {
        int d = nr_traffic_dest(&t, 13, r);
        CHECK_EQ(d % 4, 3);
        cnt[d / 4]++;
        CHECK_EQ(nr_traffic_dest(&t, 29, r) % 4, 3);
        CHECK_EQ(nr_traffic_dest(&t, 2, r) % 4, 0);
    }
    CHECK(chi2(cnt, 8, 8000) < 24.32); /* 7 dof, 0.999 quantile */
    c.rows = 4;
    c.cols = 8; /* port 13 at tile (1, 5): column 1 = {1, 9, 17, 25} */
    CHECK_EQ(nr_traffic_init(&t, &c, nr_test_seed, err, sizeof err), 0);
    for (int i = 0; i < 1000; i++) {
        int d = nr_traffic_dest(&t, 13, r);
        CHECK(d == 1 || d == 9 || d == 17 || d == 25);
    }
    /* Not a power of two is fine: 3 x 5. */
    c.k = 15;
    c.rows = 3;
    c.cols = 5;
    CHECK_EQ(nr_traffic_init(&t, &c, nr_test_seed, err, sizeof err), 0);
    CHECK_EQ(nr_traffic_dest(&t, 14, r) % 5, 2);
    c.rows = 4;
    CHECK_EQ(nr_traffic_init(&t, &c, nr_test_seed, err, sizeof err), NR_TP_ERR_PARAM);
    CHECK_STR(err, "rows x cols = k");
}

/* ---- hotspot: P(d = hot h) = f/H + (1-f)/(k-1) for a cold source ---- */
static void tp_hotspot(nr_rng_t *r)
{
    char err[160];
    nr_traffic_cfg_t c = {
        .kind = NR_TP_HOTSPOT, .k = 16, .hot_frac = 0.3, .nhot = 2, .hot = {3, 7}};
    nr_traffic_t t;
    CHECK_EQ(nr_traffic_init(&t, &c, nr_test_seed, err, sizeof err), 0);
    long cnt[16] = {0};
    const long n = 200000;
    for (long i = 0; i < n; i++) cnt[nr_traffic_dest(&t, 0, r)]++;
    double ph = 0.15 + 0.7 / 15, pc = 0.7 / 15;
    /* Binomial sd of a fraction: sqrt(p(1-p)/n) <= 0.0011; tolerance 0.005. */
    CHECK_NEAR(cnt[3] / (double)n, ph, 0.005);
    CHECK_NEAR(cnt[7] / (double)n, ph, 0.005);
    CHECK_NEAR(cnt[9] / (double)n, pc, 0.003);
    CHECK_EQ(cnt[0], 0);
    /* A hot source may draw itself in the hot branch: counted. */
    for (int i = 0; i < 10000; i++) nr_traffic_dest(&t, 3, r);
    CHECK(t.self_count > 1200 && t.self_count < 1800); /* 0.15 * 10000, sd 36 */
    c.hot_frac = 1.5;
    CHECK_EQ(nr_traffic_init(&t, &c, nr_test_seed, err, sizeof err), NR_TP_ERR_PARAM);
    CHECK_STR(err, "fraction");
    c.hot_frac = 0.5;
    c.hot[1] = 16;
    CHECK_EQ(nr_traffic_init(&t, &c, nr_test_seed, err, sizeof err), NR_TP_ERR_PARAM);
    CHECK_STR(err, "hot node 16");
    c.nhot = 0;
    CHECK_EQ(nr_traffic_init(&t, &c, nr_test_seed, err, sizeof err), NR_TP_ERR_PARAM);
}

/* ---- errors ---- */
static void tp_errors(void)
{
    char err[160];
    nr_traffic_cfg_t c = {.kind = NR_TP_BITREV, .k = 12};
    nr_traffic_t t;
    CHECK_EQ(nr_traffic_init(&t, &c, 1, err, sizeof err), NR_TP_ERR_POW2);
    CHECK_STR(err, "bitrev needs k to be a power of two, got 12");
    c.kind = NR_TP_TR;
    CHECK_EQ(nr_traffic_init(&t, &c, 1, err, sizeof err), NR_TP_ERR_POW2);
    c.kind = NR_TP_TORNADO;
    CHECK_EQ(nr_traffic_init(&t, &c, 1, err, sizeof err), NR_TP_OK);
    c.k = 1;
    CHECK_EQ(nr_traffic_init(&t, &c, 1, err, sizeof err), NR_TP_ERR_K);
    c.k = 65536;
    CHECK_EQ(nr_traffic_init(&t, &c, 1, err, sizeof err), NR_TP_ERR_K);
    c.k = 16;
    c.kind = (nr_tp_kind_t)99;
    CHECK_EQ(nr_traffic_init(&t, &c, 1, err, sizeof err), NR_TP_ERR_KIND);
}

static void tp_names(void)
{
    /* ---- names ---- */
    for (int i = 0; i < NR_TP_COUNT; i++) {
        CHECK_EQ(nr_tp_from_name(nr_tp_name((nr_tp_kind_t)i)), i);
        CHECK(nr_tp_names()[i] == nr_tp_name((nr_tp_kind_t)i));
    }
    CHECK(nr_tp_names()[NR_TP_COUNT] == NULL);
    CHECK_EQ(nr_tp_from_name("tr"), NR_TP_TR);
    CHECK_EQ(nr_tp_from_name("ur"), NR_TP_UNIFORM);
    CHECK_EQ(nr_tp_from_name("bc"), NR_TP_BITCOMP);
    CHECK_EQ(nr_tp_from_name("br"), NR_TP_BITREV);
    CHECK_EQ(nr_tp_from_name("nope"), -1);
}

/* ---- source independence: a source's draws do not depend on others ---- */
static void tp_source_independence(void)
{
    nr_traffic_t t = mk(NR_TP_UNIFORM, 64);
    nr_rng_t a, b, x;
    nr_rng_stream(&a, nr_test_seed, NR_RNG_STREAM(NR_RNG_P_DEST, 1));
    nr_rng_stream(&b, nr_test_seed, NR_RNG_STREAM(NR_RNG_P_DEST, 1));
    nr_rng_stream(&x, nr_test_seed, NR_RNG_STREAM(NR_RNG_P_DEST, 2));
    int seq_a[50];
    for (int i = 0; i < 50; i++) seq_a[i] = nr_traffic_dest(&t, 1, &a);
    for (int i = 0; i < 50; i++) {
        nr_traffic_dest(&t, 2, &x); /* interleave another source */
        CHECK_EQ(nr_traffic_dest(&t, 1, &b), seq_a[i]);
    }
}

/* ---- quad: the quadrant model of seed 001 §4.1 ---- */
static void tp_quad(void)
{
    char err[160];
    nr_traffic_cfg_t c = {
        .kind = NR_TP_QUAD, .k = 64, .turn_frac = 0.25, .turn_kind = NR_TP_UNIFORM};
    nr_traffic_t t;
    CHECK_EQ(nr_traffic_init(&t, &c, nr_test_seed, err, sizeof err), NR_TP_OK);
    nr_rng_t r;
    nr_rng_stream(&r, nr_test_seed, NR_RNG_STREAM(NR_RNG_P_DEST, 3));
    const int N = 200000;
    long quad[4] = {0, 0, 0, 0}, hits_up[64] = {0}, hits_down[64] = {0};
    for (int i = 0; i < N; i++) {
        int src = (int)nr_rng_below(&r, 64);
        int d = nr_traffic_dest(&t, src, &r);
        CHECK(d >= 0 && d < 64);
        int qi = src < 32 ? (d < 32 ? 0 : 1) : (d < 32 ? 2 : 3); /* I II III IV */
        quad[qi]++;
        if (src < 32 && d >= 32) hits_up[d]++;
        if (src >= 32) hits_down[d]++;
        if (qi == 0) CHECK(d != src); /* uniform base excludes self */
    }
    CHECK_EQ(quad[3], 0); /* never up to up */
    double down = (double)(quad[0] + quad[1]);
    CHECK(fabs(quad[0] / down - 0.25) < 0.01); /* turn fraction */
    /* II and III spread evenly: every port within 10% of its share */
    for (int d = 32; d < 64; d++) CHECK(fabs(hits_up[d] / (quad[1] / 32.0) - 1.0) < 0.1);
    for (int d = 0; d < 32; d++) CHECK(fabs(hits_down[d] / (quad[2] / 32.0) - 1.0) < 0.1);
    /* flow balance: up ports inject at (1 - f) */
    CHECK(nr_traffic_src_load(&t, 0) == 1.0);
    CHECK(nr_traffic_src_load(&t, 31) == 1.0);
    CHECK(fabs(nr_traffic_src_load(&t, 32) - 0.75) < 1e-12);
    nr_traffic_free(&t);
    CHECK(t.base == NULL);

    /* a deterministic base acts on the down ports only: bitrev over 32 */
    c.turn_kind = NR_TP_BITREV;
    c.turn_frac = 1.0;
    CHECK_EQ(nr_traffic_init(&t, &c, 1, err, sizeof err), NR_TP_OK);
    CHECK_EQ(nr_traffic_dest(&t, 1, &r), 16); /* 00001 -> 10000 */
    CHECK_EQ(nr_traffic_dest(&t, 6, &r), 12); /* 00110 -> 01100 */
    nr_traffic_free(&t);
    c.turn_frac = 0.0; /* everything goes up */
    CHECK_EQ(nr_traffic_init(&t, &c, 1, err, sizeof err), NR_TP_OK);
    for (int i = 0; i < 100; i++) CHECK(nr_traffic_dest(&t, i % 32, &r) >= 32);
    CHECK(nr_traffic_src_load(&t, 40) == 1.0);
    nr_traffic_free(&t);

    /* bad parameters */
    c.turn_frac = 1.5;
    CHECK_EQ(nr_traffic_init(&t, &c, 1, err, sizeof err), NR_TP_ERR_PARAM);
    CHECK(strstr(err, "turn fraction") != NULL);
    c.turn_frac = 0.5;
    c.turn_kind = NR_TP_QUAD;
    CHECK_EQ(nr_traffic_init(&t, &c, 1, err, sizeof err), NR_TP_ERR_PARAM);
    c.turn_kind = NR_TP_BITREV;
    c.k = 12; /* 6 down ports: bitrev needs a power of two */
    CHECK_EQ(nr_traffic_init(&t, &c, 1, err, sizeof err), NR_TP_ERR_POW2);
    CHECK(strstr(err, "quad turning pattern over k/2 = 6") != NULL);
    c.k = 3;
    CHECK_EQ(nr_traffic_init(&t, &c, 1, err, sizeof err), NR_TP_ERR_PARAM);
}

int main(void)
{
    NR_TEST_BEGIN("test_traffic", 31337);
    tp_exact();
    tp_permutations();
    tp_random_perm();
    tp_uniform();
    nr_rng_t r;
    tp_transpose_random(&r);
    tp_yarc_adversary(&r);
    tp_hotspot(&r);
    tp_errors();
    tp_names();
    tp_source_independence();
    tp_quad();
    NR_TEST_END("test_traffic");
}
