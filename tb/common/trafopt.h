/* trafopt.h - the traffic options every simulator of the kit takes (rtr_sim,
 * net_sim): pattern, load, injection process, packet lengths, hotspot and
 * quad parameters, parsed one way into nr_traffic_cfg_t and nr_inj_cfg_t;
 * and their link error options into lcb_ch_cfg.
 *
 * Use: put TB_TRAFOPT_OPTS(UNIT) in the program's nr_cli_opt_t table (UNIT:
 * what --load is per, "port" for one router, "node" for a network), hand
 * every option to tb_trafopt_handle first (it returns 1 when the option was
 * one of these; bad values exit 2 through nr_cli), and call
 * tb_trafopt_check once the command line is read.
 */
#ifndef TB_COMMON_TRAFOPT_H
#define TB_COMMON_TRAFOPT_H
#include "common/channel.h"
#include "nr_cli.h"
#include "nr_inj.h"
#include "nr_traffic.h"

#define TB_TRAFOPT_OPTS(UNIT)                                                                      \
    {"pattern", "NAME",                                                                            \
     "traffic pattern: ur bc br tr uniform bitcomp bitrev bitrot transpose "                       \
     "shuffle tornado neighbor hotspot randperm rowcol quad"},                                     \
        {"load", "F", "offered load, phits/cycle/" UNIT " (default 0.3)"},                         \
        {"inject", "KIND", "bernoulli | bursty:B (on/off, B packets per burst on average)"},       \
        {"len", "DIST", "fixed:N | uniform:A:B | bw (BlackWidow 4/19-phit mix)"},                  \
        {"hotspot", "NODES:F",                                                                     \
         "hot nodes (comma list) and the fraction of packets sent to them (selects --pattern "     \
         "hotspot)"},                                                                              \
        {"turn", "F", "quad pattern: fraction of a down port's packets that turn (default 0.25)"}, \
    {                                                                                              \
        "turn-pattern", "NAME",                                                                    \
            "quad pattern: pattern of the turning packets over the down ports (default ur)"        \
    }

/* Which of the options were given (the set argument's bits). */
enum { TB_TRAF_PATTERN = 1, TB_TRAF_HOTSPOT = 2, TB_TRAF_TURN = 4 };
/* Handle option `name` with value v into *tp and *inj; 1 if it was a
 * traffic option, else 0. *set (start at 0) collects TB_TRAF_* of the options
 * seen: --hotspot selects the hotspot pattern unless --pattern came first. */
int tb_trafopt_handle(nr_cli_t *c, const char *name, const char *v, nr_traffic_cfg_t *tp,
                      nr_inj_cfg_t *inj, int *set);
/* After the command line: an option that cannot apply is an error (exit 2):
 * --turn or --turn-pattern without --pattern quad; --hotspot with a pattern
 * other than hotspot; --pattern hotspot without --hotspot. */
void tb_trafopt_check(nr_cli_t *c, const nr_traffic_cfg_t *tp, int set);

/* The link error options (the channel's processes, tb/common/channel.h), the
 * same way: TB_LINKOPT_OPTS in the table, tb_linkopt_handle into *ch. */
#define TB_LINKOPT_OPTS                                                                            \
    {"ber", "F", "link data-bit error rate"},                                                      \
        {"sb-ber", "F", "link sideband (F, C) bit error rate"},                                    \
        {"burst", "RATE:LEN", "error bursts per phit and bits per burst"},                         \
        {"drop", "F", "erased phits per phit"},                                                    \
        {"outage", "RATE:LEN", "outages per cycle and their length in cycles"},                    \
    {                                                                                              \
        "ctl-ber", "F", "extra control-bit flips per phit"                                         \
    }
int tb_linkopt_handle(nr_cli_t *c, const char *name, const char *v, lcb_ch_cfg *ch);

#endif
