/* lcb_rtt.h - the LCB link sizing rules of protocol section 11, shared by the
 * LCB pair testbench (lcb_sim) and the router testbench (rtr_sim), so both
 * warn about the same thing with the same numbers. */
#ifndef LCB_RTT_H
#define LCB_RTT_H
#include <stdio.h>

#include "nr_lcb.h"

/* Control word length W of protocol section 2 (25 + NumVcs*CW). */
int lcb_tb_wbits(const nr_lcb_params *p);
/* Ack round trip estimate 2*Lat + 2*W + 4 of protocol section 11. */
int lcb_tb_rtt_ack(const nr_lcb_params *p, int latency);
/* The cycles in which a port's link_down may rise when its link goes black
 * (every phit erased, both directions) from cycle C on, protocol section 7.6
 * "How long link-down takes": [*lo, *hi], for a port that was sending with
 * packets outstanding at C on an otherwise clean link, whose core has no gap
 * inside a packet. lat: the longer one-way latency. */
void lcb_tb_down_window(const nr_lcb_params *p, const nr_lcb_cfg *c, int lat, long long C,
                        long long *lo, long long *hi);
/* The longest single-error recovery of protocol section 7.7 "How long one
 * error takes to repair": from the receiver's RX_CRC to the RX_OK of the good
 * copy, for a sender whose core has no gap inside a packet, on a link with
 * one-way latencies lat_fwd (data) and lat_rev (the NACK's way). */
int lcb_tb_rec_bound(const nr_lcb_params *p, int lat_fwd, int lat_rev);
/* Print one line per broken sizing rule of protocol section 11 for a link of
 * one-way latency `latency` carrying packets of mean length mean_len, each
 * "<prefix>warning: <dir>: ...":
 *   timeout <= RTT_ack + MaxPktLen     the timer can fire before the ack
 *   ReplayDepth < RTT_ack + MaxPktLen  not full rate
 *   NumVcs*BufPerVc < RTT_ack + MaxPktLen  the link is credit-limited with
 *                                          every VC in use (section 11 states
 *                                          the rule for one VC alone; the
 *                                          testbenches' traffic uses them all)
 *   Window < RTT_ack/L + 1             not full rate
 * Returns the number of lines printed. */
int lcb_tb_warn_sizing(FILE *f, const char *prefix, const char *dir, const nr_lcb_params *p,
                       unsigned timeout, int latency, double mean_len);

#endif
