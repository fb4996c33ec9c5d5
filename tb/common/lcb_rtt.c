/* lcb_rtt.c - LCB link sizing rules (protocol section 11). See lcb_rtt.h. */
#include "lcb_rtt.h"

static int clog2i(int x)
{
    int n = 0;
    while ((1 << n) < x) n++;
    return n;
}

/* Control word length W = 25 + NumVcs*CW (protocol section 2, with the word
 * toggle and the CRC-16 of section 5.1). Used for RTT_ack estimates and the
 * quiescence window only, never to decode words. */
int lcb_tb_wbits(const nr_lcb_params *p) { return 25 + p->num_vcs * clog2i(p->buf_per_vc + 1); }

int lcb_tb_rtt_ack(const nr_lcb_params *p, int latency)
{
    /* one more with the trailer: the RX decides a cycle later (4.1) */
    return 2 * latency + 2 * lcb_tb_wbits(p) + 4 + (p->link_crc_w == 32);
}

void lcb_tb_down_window(const nr_lcb_params *p, const nr_lcb_cfg *c, int lat, long long C,
                        long long *lo, long long *hi)
{
    const long long T = c->timeout, R = c->retry_limit, M = p->max_pkt_len, D = p->replay_depth;
    const long long rtt = lcb_tb_rtt_ack(p, lat);
    /* first timeout: the timer was reset by the last ack advance, at least
     * C + 1 - (RTT_ack + M) and at most C + 2; it fires when it reaches T */
    long long t0_lo = C + 1 - (rtt + M) + T + 1, t0_hi = C + 2 + T + 1;
    /* each further timeout: the replay decision waits for the packet being
     * taken (<= M cycles), the replay runs (<= D + 1 cycles, timer 0), then
     * T cycles; at least T + 2 after the one before */
    *lo = t0_lo + R * (T + 2) + 1;
    *hi = t0_hi + R * (T + M + D + 3) + M + 1;
}

int lcb_tb_rec_bound(const nr_lcb_params *p, int lat_fwd, int lat_rev)
{
    const int W = lcb_tb_wbits(p), M = p->max_pkt_len, x = p->link_crc_w == 32;
    /* the next control word starts within W - 1 cycles of the verdict,
     * serializes in W, crosses lat_rev and is applied 2 cycles later; the
     * sender finishes the packet in progress (M - 1 phits, M with the
     * trailer), sends the marker and resends the packet (M phits, one more
     * with the trailer), which crosses lat_fwd and is decided 1 cycle after
     * its EOP (2 with the trailer) */
    return (W - 1) + W + lat_rev + 2 + (M - 1 + x) + 1 + (M + x) + lat_fwd + 1 + x;
}

int lcb_tb_warn_sizing(FILE *f, const char *prefix, const char *dir, const nr_lcb_params *p,
                       unsigned timeout, int latency, double mean_len)
{
    int rtt = lcb_tb_rtt_ack(p, latency), n = 0;
    if ((int)timeout <= rtt + p->max_pkt_len) {
        fprintf(f,
                "%swarning: %s: timeout %u <= RTT_ack %d + MaxPktLen %d: the timer can "
                "fire before the ack returns (protocol section 11)\n",
                prefix, dir, timeout, rtt, p->max_pkt_len);
        n++;
    }
    if (p->replay_depth < rtt + p->max_pkt_len) {
        fprintf(f,
                "%swarning: %s: ReplayDepth %d < RTT_ack %d + MaxPktLen %d: not full "
                "rate\n",
                prefix, dir, p->replay_depth, rtt, p->max_pkt_len);
        n++;
    }
    /* Section 11's buffer rule is for one VC alone; the testbenches' traffic
     * uses every VC (uniform over them, or bwmix's two), so the rule that
     * limits their runs is the link's: the VCs' credits together must cover
     * the round trip. (With 2 VCs of 128 at latency 4, RTT_ack 94 + 64 =
     * 158 <= 256: a default configuration is not credit-limited.) */
    if (p->num_vcs * p->buf_per_vc < rtt + p->max_pkt_len) {
        fprintf(f,
                "%swarning: %s: BufPerVc %d < RTT_ack %d + MaxPktLen %d, and so is NumVcs x "
                "BufPerVc = %d: the link is credit-limited even with every VC in use (protocol "
                "section 11)\n",
                prefix, dir, p->buf_per_vc, rtt, p->max_pkt_len, p->num_vcs * p->buf_per_vc);
        n++;
    }
    if (p->buf_per_vc & (p->buf_per_vc - 1)) {
        fprintf(f,
                "%swarning: %s: BufPerVc %d is not a power of two: after an undetected "
                "wrong control word an overdraw can wrap the credit count (protocol sections "
                "7.4, 11)\n",
                prefix, dir, p->buf_per_vc);
        n++;
    }
    if (mean_len > 0 && p->window < rtt / mean_len + 1) {
        fprintf(f,
                "%swarning: %s: Window %d < RTT_ack/L + 1 = %.1f for mean length %.1f: "
                "not full rate\n",
                prefix, dir, p->window, rtt / mean_len + 1, mean_len);
        n++;
    }
    return n;
}
