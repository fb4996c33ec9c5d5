/* trafopt.c - the traffic options (trafopt.h). */
#include "trafopt.h"

#include <stdio.h>
#include <string.h>

#include "nr_pkt.h"

static nr_tp_kind_t pattern_of(nr_cli_t *c, const char *v)
{
    int kind = nr_tp_from_name(v);
    if (kind < 0) nr_cli_enum(c, v, nr_tp_names()); /* prints the names, exits 2 */
    return (nr_tp_kind_t)kind;
}

int tb_trafopt_handle(nr_cli_t *c, const char *n, const char *v, nr_traffic_cfg_t *tp,
                      nr_inj_cfg_t *inj, int *tp_set)
{
    if (!strcmp(n, "pattern")) {
        tp->kind = pattern_of(c, v);
        *tp_set = 1;
    } else if (!strcmp(n, "load")) {
        inj->load = nr_cli_double(c, v, 0.0, 1.0);
    } else if (!strcmp(n, "inject")) {
        if (!strcmp(v, "bernoulli"))
            inj->kind = NR_INJ_BERNOULLI;
        else if (!strncmp(v, "bursty:", 7)) {
            inj->kind = NR_INJ_ONOFF;
            inj->burst = nr_cli_double(c, v + 7, 1.0, 1e6);
            inj->peak = 1.0;
        } else
            nr_cli_die(c, "--inject: expected bernoulli or bursty:B, got '%s'", v);
    } else if (!strcmp(n, "len")) {
        int a, b;
        char tail;
        nr_lendist_t *l = &inj->len;
        if (sscanf(v, "fixed:%d%c", &a, &tail) == 1) {
            l->kind = NR_LEN_FIXED;
            l->a = l->b = a;
        } else if (sscanf(v, "uniform:%d:%d%c", &a, &b, &tail) == 2) {
            l->kind = NR_LEN_UNIFORM;
            l->a = a;
            l->b = b;
        } else if (!strcmp(v, "bw")) {
            l->kind = NR_LEN_BWMIX;
        } else
            nr_cli_die(c, "--len: expected fixed:N, uniform:A:B or bw, got '%s'", v);
        if (l->kind != NR_LEN_BWMIX && (l->a < 4 || l->b < l->a || l->b > NR_PKT_LEN_LIMIT))
            nr_cli_die(c,
                       "--len: lengths must satisfy 4 <= A <= B (tagged packets need 4 "
                       "phits), got '%s'",
                       v);
    } else if (!strcmp(n, "hotspot")) {
        char buf[256], e[256];
        snprintf(buf, sizeof buf, "%s", v);
        char *colon = strrchr(buf, ':');
        if (!colon)
            nr_cli_die(c, "--hotspot: expected NODES:F, e.g. 5:0.5 or 3,9:0.25, got '%s'", v);
        *colon = 0;
        if (nr_cli_parse_list(buf, 0, NR_TP_MAX_NODES - 1, tp->hot, NR_TP_MAX_HOT, &tp->nhot, e,
                              sizeof e))
            nr_cli_die(c, "--hotspot: %s", e);
        tp->hot_frac = nr_cli_double(c, colon + 1, 0.0, 1.0);
        if (!*tp_set) tp->kind = NR_TP_HOTSPOT;
    } else if (!strcmp(n, "turn")) {
        tp->turn_frac = nr_cli_double(c, v, 0.0, 1.0);
    } else if (!strcmp(n, "turn-pattern")) {
        tp->turn_kind = pattern_of(c, v);
    } else {
        return 0;
    }
    return 1;
}

static void rate_len(nr_cli_t *c, const char *v, double *rate, int *len, int maxlen)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", v);
    char *colon = strchr(buf, ':');
    if (!colon) nr_cli_die(c, "--%s: expected RATE:LEN, got '%s'", c->cur, v);
    *colon = 0;
    *rate = nr_cli_double(c, buf, 0.0, 1.0);
    *len = (int)nr_cli_long(c, colon + 1, 1, maxlen);
}

int tb_linkopt_handle(nr_cli_t *c, const char *n, const char *v, lcb_ch_cfg *ch)
{
    if (!strcmp(n, "ber"))
        ch->ber_data = nr_cli_double(c, v, 0.0, 0.5);
    else if (!strcmp(n, "sb-ber"))
        ch->ber_sb = nr_cli_double(c, v, 0.0, 0.5);
    else if (!strcmp(n, "burst"))
        rate_len(c, v, &ch->burst_rate, &ch->burst_len, LCB_CH_MAX_BURST);
    else if (!strcmp(n, "drop"))
        ch->drop_rate = nr_cli_double(c, v, 0.0, 1.0);
    else if (!strcmp(n, "outage"))
        rate_len(c, v, &ch->outage_rate, &ch->outage_len, 1000000);
    else if (!strcmp(n, "ctl-ber"))
        ch->ctl_ber = nr_cli_double(c, v, 0.0, 1.0);
    else
        return 0;
    return 1;
}
