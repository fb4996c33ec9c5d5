/* area_model.c - the seeds' area models beside make area's synthesis
 * (scripts/area_docs.sh, docs/results.md section 4.0), from the formulas of
 * csrc/model/counts.c.
 *
 *   area_model t1
 *       reads lines "ORG K P R M" on stdin (ORG cn, hc, fc, bb, ft or hx; P the hc
 *       subswitch radix, R and M the fc top radix and top count; unused ones
 *       0) and prints, per line, CSV "org,k,p,r,m,area,xpoints,buffers":
 *       seed 001 Table 1's switch area (channel pitches squared), total
 *       crosspoints and subswitch buffers. fc with M != K/R: the area of the
 *       kit's extension nr_t1_fc_area_m, no crosspoint or buffer formula; bb:
 *       0.75 of that area (seed 001 §5.4, "bb reduces the switch area by
 *       25%"), no others; ft and hx: Table 1's rows (nr_t1_ft, nr_t1_hx, of
 *       K alone). "nan" where there is no formula.
 *   area_model fb V D
 *       seed 000 §6.3 and §6.4 (Abts and Kim, "High Performance Datacenter
 *       Networks", 2011): the intermediate buffers of the fully buffered
 *       crossbar (one per crosspoint and VC, k^2 v) and of the hierarchical
 *       crossbar (2 k^2 / p subswitch buffers per VC, p = sqrt(k), Table 1's
 *       hc), each of D phits, for k = 8, 16, ..., 128 and 50: CSV
 *       "k,p,fb_buffers,hc_buffers,fb_phits,hc_phits,ratio".
 *
 * Exit 0; 2 on bad usage or a bad line (with its number). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nr_nwn.h"

static void csvnum(double v, const char *sep)
{
    if (isnan(v))
        printf("nan%s", sep);
    else
        printf("%.6g%s", v, sep);
}

static int t1(void)
{
    char line[256], org[16];
    double k, p, r, m;
    int ln = 0;
    printf("org,k,p,r,m,area,xpoints,buffers\n");
    while (fgets(line, sizeof line, stdin)) {
        ln++;
        if (sscanf(line, "%15s %lf %lf %lf %lf", org, &k, &p, &r, &m) != 5 || k < 2) {
            fprintf(stderr, "area_model: stdin:%d: want ORG K P R M\n", ln);
            return 2;
        }
        nr_t1_row t = {NAN, NAN, NAN, NAN};
        if (!strcmp(org, "cn"))
            t = nr_t1_cn(k);
        else if (!strcmp(org, "ft"))
            t = nr_t1_ft(k);
        else if (!strcmp(org, "hx"))
            t = nr_t1_hx(k);
        else if (!strcmp(org, "hc") && p >= 1)
            t = nr_t1_hc(k, p);
        else if ((!strcmp(org, "fc") || !strcmp(org, "bb")) && r >= 1 && m >= 1) {
            if (fabs(m - k / r) < 1e-9 && !strcmp(org, "fc"))
                t = nr_t1_fc(k, r);
            else
                t.area = nr_t1_fc_area_m(k, r, m);
            if (!strcmp(org, "bb")) t = (nr_t1_row){NAN, NAN, NAN, 0.75 * t.area};
        } else {
            fprintf(stderr, "area_model: stdin:%d: unknown organization or shape '%s'\n", ln, org);
            return 2;
        }
        printf("%s,%g,%g,%g,%g,", org, k, p, r, m);
        csvnum(t.area, ",");
        csvnum(t.xpoints, ",");
        csvnum(t.buffers, "\n");
    }
    return 0;
}

static int fb(double v, double d)
{
    static const double ks[] = {8, 16, 32, 50, 64, 128};
    printf("k,p,fb_buffers,hc_buffers,fb_phits,hc_phits,ratio\n");
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
        const double k = ks[i], p = sqrt(k);
        const double fbb = k * k * v, hcb = nr_t1_hc(k, p).buffers * v;
        printf("%g,%.3g,%.6g,%.6g,%.6g,%.6g,%.3f\n", k, p, fbb, hcb, fbb * d, hcb * d, fbb / hcb);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "t1")) return t1();
    if (argc == 4 && !strcmp(argv[1], "fb")) {
        char *e1, *e2;
        const double v = strtod(argv[2], &e1), d = strtod(argv[3], &e2);
        if (*e1 || *e2 || v < 1 || d < 1) {
            fprintf(stderr, "area_model: fb V D: numbers >= 1\n");
            return 2;
        }
        return fb(v, d);
    }
    fprintf(stderr, "usage: area_model t1 < lines | area_model fb V D\n");
    return 2;
}
