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
                      nr_inj_cfg_t *inj, int *set)
{
    char buf[512], e[300];
    if (!strcmp(n, "pattern")) {
        tp->kind = pattern_of(c, v);
        *set |= TB_TRAF_PATTERN;
    } else if (!strcmp(n, "load")) {
        inj->load = nr_cli_double(c, v, 0.0, 1.0);
    } else if (!strcmp(n, "inject")) {
        if (!strcmp(v, "bernoulli"))
            inj->kind = NR_INJ_BERNOULLI;
        else if (!strncmp(v, "bursty:", 7)) {
            inj->kind = NR_INJ_ONOFF;
            inj->burst = nr_cli_field_double(c, v, "B", v + 7, 1.0, 1e6);
            inj->peak = 1.0;
        } else
            nr_cli_die(c, "--inject: expected bernoulli or bursty:B, got '%s'", v);
    } else if (!strcmp(n, "len")) {
        /* the library's parser (nr_lendist_parse): every length strictly in
         * range, 4 the shortest tagged packet */
        if (nr_lendist_parse(v, 4, &inj->len, e, sizeof e))
            nr_cli_die(c, "--len: %s (tagged packets need 4 phits)", e);
    } else if (!strcmp(n, "hotspot")) {
        const char *colon = strrchr(v, ':');
        if (!colon || strlen(v) >= sizeof buf)
            nr_cli_die(c, "--hotspot: expected NODES:F, e.g. 5:0.5 or 3,9:0.25, got '%s'", v);
        memcpy(buf, v, (size_t)(colon - v));
        buf[colon - v] = 0;
        if (nr_cli_parse_list(buf, 0, NR_TP_MAX_NODES - 1, tp->hot, NR_TP_MAX_HOT, &tp->nhot, e,
                              sizeof e))
            nr_cli_die(c, "--hotspot: %s", e);
        tp->hot_frac = nr_cli_field_double(c, v, "F", colon + 1, 0.0, 1.0);
        if (!(*set & TB_TRAF_PATTERN)) tp->kind = NR_TP_HOTSPOT;
        *set |= TB_TRAF_HOTSPOT;
    } else if (!strcmp(n, "turn")) {
        tp->turn_frac = nr_cli_double(c, v, 0.0, 1.0);
        *set |= TB_TRAF_TURN;
    } else if (!strcmp(n, "turn-pattern")) {
        tp->turn_kind = pattern_of(c, v);
        *set |= TB_TRAF_TURN;
    } else {
        return 0;
    }
    return 1;
}

void tb_trafopt_check(nr_cli_t *c, const nr_traffic_cfg_t *tp, int set)
{
    if ((set & TB_TRAF_TURN) && tp->kind != NR_TP_QUAD)
        nr_cli_die(c, "--turn and --turn-pattern go with --pattern quad, not --pattern %s",
                   nr_tp_name(tp->kind));
    if ((set & TB_TRAF_HOTSPOT) && tp->kind != NR_TP_HOTSPOT)
        nr_cli_die(c,
                   "--hotspot goes with --pattern hotspot (which it selects when no --pattern "
                   "is given), not --pattern %s",
                   nr_tp_name(tp->kind));
    if (tp->kind == NR_TP_HOTSPOT && tp->nhot == 0)
        nr_cli_die(c, "--pattern hotspot needs --hotspot NODES:F");
}

static void rate_len(nr_cli_t *c, const char *v, double *rate, int *len, int maxlen)
{
    char buf[512];
    const char *f[2];
    nr_cli_fields(c, v, ':', 2, 2, "RATE:LEN", buf, sizeof buf, f);
    *rate = nr_cli_field_double(c, v, "RATE", f[0], 0.0, 1.0);
    *len = (int)nr_cli_field_long(c, v, "LEN", f[1], 1, maxlen);
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
