/* nr_seastar.h - the SeaStar router of the Cray XT ([AK11 §8.2];
 * docs/seastar-arch.md): input queues with table routing at their heads
 * (two-level GLUT/LUT giving output port and VC), per-(source, VC) staging
 * buffers in front of each output, per-packet output arbitration mixing
 * round robin and age by the AGE_RR_SELECT mask. Per cycle it is an
 * nr_router.h router (nr_seastar_rtr gives its nr_rtr); the RTL is
 * rtl/seastar (nr_seastar).
 */
#ifndef NR_SEASTAR_H
#define NR_SEASTAR_H
#include <stdint.h>

#include "nr_lcb.h"
#include "nr_router.h"

/* Parameters (docs/seastar-arch.md §2). */
typedef struct {
    int num_ports;      /* 2..8; the seed's 7 */
    int stage_depth;    /* staging buffer per (source, VC), phits; >= MaxPktLen */
    int lut_bits;       /* LUT entries 2^lut_bits, indexed by dest[lut_bits-1:0]; 1..12 */
    int ars_init;       /* AGE_RR_SELECT at reset: 0 all 0s, 1 all 1s, 2 0101...0101 */
    int age_clock_init; /* AGE_CLOCK_PERIOD at reset */
    nr_port_params port;
} nr_seastar_params;

/* The configuration registers (docs/seastar-arch.md §5): cfg_addr values. */
enum {
    NR_SS_NODE_ID = 0x00,   /* bits 14:0, the router's node id (chip-wide) */
    NR_SS_AGE_CLOCK = 0x01, /* AGE_CLOCK_PERIOD, 32 bits (chip-wide; 0: ages do not grow) */
    NR_SS_AGE_BIAS = 0x02,  /* input port: bits 7:0 REQ_AGE_BIAS, 15:8 RSP_AGE_BIAS */
    NR_SS_ARS_LO = 0x03,    /* output port: AGE_RR_SELECT bits 31:0 */
    NR_SS_ARS_HI = 0x04,    /* output port: AGE_RR_SELECT bits 63:32 */
    NR_SS_GLUT = 0x05,      /* input port: wdata bits 18:16 index, 7:0 entry */
    NR_SS_LUT = 0x06        /* input port: wdata bits 27:16 index, 7:0 entry */
};
/* A table entry: valid, output port, VC mask and VC (out VC = (in VC & ~mask)
 * | (vc & mask)). */
static inline uint32_t nr_ss_entry(int port, unsigned vmask, unsigned vc)
{
    return 0x80u | ((unsigned)port & 7u) << 4 | (vmask & 3u) << 2 | (vc & 3u);
}
#define NR_SS_AGE_MAX 255

/* Check p: 0, or -1 with a message. */
int nr_seastar_check(const nr_seastar_params *p, char *err, int errlen);

typedef struct nr_seastar nr_seastar;
/* Create in reset state (every table entry invalid); NULL and a message on
 * a bad parameter or out of memory. */
nr_seastar *nr_seastar_new(const nr_seastar_params *p, const nr_lcb_cfg *lcfg, char *err,
                           int errlen);
void nr_seastar_free(nr_seastar *m);
void nr_seastar_eval(nr_seastar *m, const nr_rtr_in *in, nr_rtr_out *out);
void nr_seastar_tick(nr_seastar *m);
int nr_seastar_errors(const nr_seastar *m, char *buf, int buflen);
/* The model as an nr_rtr (nr_rtr_free frees it). */
nr_rtr nr_seastar_rtr(nr_seastar *m);

/* White-box views for the tests: output q's grants so far by policy
 * (age[0] round robin, age[1] age), and the age the last packet granted
 * at q had. */
void nr_seastar_grants(const nr_seastar *m, int q, uint64_t n[2], int *last_age);

#endif
