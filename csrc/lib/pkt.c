/* pkt.c - core phit fields, PCRC, packet builder and parser. See nr_pkt.h. */
#include "nr_pkt.h"

#include <stdio.h>
#include <string.h>

#include "nr_crc.h"
#include "nr_rng.h"
#include "liberr.h"

#define FIELD(ph, lsb, w) (((ph) >> (lsb)) & ((1u << (w)) - 1u))
#define SETF(ph, lsb, w, v)                                                                        \
    (((ph) & ~(((1u << (w)) - 1u) << (lsb))) | (((v) & ((1u << (w)) - 1u)) << (lsb)))

unsigned nr_phit_kind(uint32_t ph) { return FIELD(ph, NR_KIND_LSB, NR_KIND_W); }
uint32_t nr_phit_data(uint32_t ph) { return ph & NR_DATA_MASK; }
uint32_t nr_phit_make(unsigned kind, uint32_t data)
{
    return ((kind & 3u) << NR_KIND_LSB) | (data & NR_DATA_MASK);
}

uint32_t nr_head_make(unsigned dest, unsigned vc, unsigned r, unsigned a, unsigned h)
{
    uint32_t d = 0;
    d = SETF(d, NR_HEAD_DEST_LSB, NR_HEAD_DEST_W, dest);
    d = SETF(d, NR_HEAD_VC_LSB, NR_HEAD_VC_W, vc);
    d = SETF(d, NR_HEAD_R_BIT, 1, r);
    d = SETF(d, NR_HEAD_A_BIT, 1, a);
    d = SETF(d, NR_HEAD_H_BIT, 1, h);
    return nr_phit_make(NR_KIND_HEAD, d);
}
unsigned nr_head_dest(uint32_t ph) { return FIELD(ph, NR_HEAD_DEST_LSB, NR_HEAD_DEST_W); }
unsigned nr_head_vc(uint32_t ph) { return FIELD(ph, NR_HEAD_VC_LSB, NR_HEAD_VC_W); }
unsigned nr_head_r(uint32_t ph) { return FIELD(ph, NR_HEAD_R_BIT, 1); }
unsigned nr_head_a(uint32_t ph) { return FIELD(ph, NR_HEAD_A_BIT, 1); }
unsigned nr_head_h(uint32_t ph) { return FIELD(ph, NR_HEAD_H_BIT, 1); }
unsigned nr_head_rsvd(uint32_t ph) { return FIELD(ph, NR_HEAD_RSVD_LSB, NR_HEAD_RSVD_W); }
uint32_t nr_head_set_dest(uint32_t ph, unsigned v)
{
    return SETF(ph, NR_HEAD_DEST_LSB, NR_HEAD_DEST_W, v);
}
uint32_t nr_head_set_vc(uint32_t ph, unsigned v)
{
    return SETF(ph, NR_HEAD_VC_LSB, NR_HEAD_VC_W, v);
}
uint32_t nr_head_set_r(uint32_t ph, unsigned v) { return SETF(ph, NR_HEAD_R_BIT, 1, v); }
uint32_t nr_head_set_a(uint32_t ph, unsigned v) { return SETF(ph, NR_HEAD_A_BIT, 1, v); }
uint32_t nr_head_set_h(uint32_t ph, unsigned v) { return SETF(ph, NR_HEAD_H_BIT, 1, v); }

static int route_lsb(int hop) { return NR_DATA_W - NR_ROUTE_PORT_W * (hop + 1); /* 16, 10, 4 */ }

uint32_t nr_route_make(const unsigned *ports, int nhops)
{
    uint32_t d = 0;
    for (int i = 0; i < nhops && i < NR_ROUTE_HOPS; i++)
        d = SETF(d, route_lsb(i), NR_ROUTE_PORT_W, ports[i]);
    return nr_phit_make(NR_KIND_BODY, d);
}
unsigned nr_route_port(uint32_t ph, int hop)
{
    if (hop < 0 || hop >= NR_ROUTE_HOPS) return 0;
    return FIELD(ph, route_lsb(hop), NR_ROUTE_PORT_W);
}
uint32_t nr_route_set_port(uint32_t ph, int hop, unsigned port)
{
    if (hop < 0 || hop >= NR_ROUTE_HOPS) return ph;
    return SETF(ph, route_lsb(hop), NR_ROUTE_PORT_W, port);
}

uint32_t nr_hash_make(uint32_t key) { return nr_phit_make(NR_KIND_BODY, key); }
uint32_t nr_hash_key(uint32_t ph) { return ph & NR_DATA_MASK; }

uint32_t nr_eop_make(unsigned ok, uint16_t crc)
{
    uint32_t d = SETF(0u, NR_EOP_OK_LSB, NR_EOP_OK_W, ok);
    d = SETF(d, NR_EOP_CRC_LSB, NR_EOP_CRC_W, crc);
    return nr_phit_make(NR_KIND_EOP, d);
}
unsigned nr_eop_ok(uint32_t ph) { return FIELD(ph, NR_EOP_OK_LSB, NR_EOP_OK_W); }
unsigned nr_eop_rsvd(uint32_t ph) { return FIELD(ph, NR_EOP_RSVD_LSB, NR_EOP_RSVD_W); }
uint16_t nr_eop_crc(uint32_t ph) { return (uint16_t)FIELD(ph, NR_EOP_CRC_LSB, NR_EOP_CRC_W); }

uint16_t nr_pcrc(const uint32_t *ph, int len)
{
    uint16_t crc = NR_CRC16_INIT;
    if (len < 1) return crc;
    for (int i = 0; i < len - 1; i++) crc = nr_crc16_bits(crc, ph[i] & NR_DATA_MASK, NR_DATA_W);
    /* EOP bits 21:16: ok and rsvd. */
    return nr_crc16_bits(crc, (ph[len - 1] >> NR_EOP_RSVD_LSB) & 0x3Fu,
                         NR_EOP_OK_W + NR_EOP_RSVD_W);
}

void nr_pkt_fix_crc(uint32_t *ph, int len)
{
    if (len < 1) return;
    ph[len - 1] = SETF(ph[len - 1], NR_EOP_CRC_LSB, NR_EOP_CRC_W, nr_pcrc(ph, len));
}

void nr_pkt_set_ok(uint32_t *ph, int len, unsigned ok)
{
    if (len < 1) return;
    ph[len - 1] = SETF(ph[len - 1], NR_EOP_OK_LSB, NR_EOP_OK_W, ok);
    nr_pkt_fix_crc(ph, len);
}

nr_pkt_desc_t nr_pkt_desc(unsigned src, unsigned dest, unsigned vc, uint32_t seq, int len)
{
    nr_pkt_desc_t d = {.dest = dest, .vc = vc, .src = src, .seq = seq, .len = len};
    return d;
}

int nr_pkt_min_len(const nr_pkt_desc_t *d)
{
    return 1 + (d->r ? 1 : 0) + (d->h ? 1 : 0) + NR_TAG_PHITS + (d->e2e ? NR_E2E_PHITS : 0) + 1;
}

/* Header phits (head, route, hash) of a packet whose first phit is ph0. */
static int hdr_phits(uint32_t ph0) { return 1 + (int)nr_head_r(ph0) + (int)nr_head_h(ph0); }

void nr_pkt_route_hop(uint32_t *ph, int len)
{
    if (len < 3 || !nr_head_r(ph[0])) return;
    uint32_t d = nr_phit_data(ph[1]);
    ph[1] =
        nr_phit_make(NR_KIND_BODY, ((d << NR_ROUTE_PORT_W) | (d >> (NR_DATA_W - NR_ROUTE_PORT_W))) &
                                       NR_DATA_MASK);
    nr_pkt_fix_crc(ph, len);
}

uint32_t nr_pkt_e2e_crc(const uint32_t *ph, int len)
{
    uint32_t c = 0xFFFFFFFFu;
    if (len < 1) return c;
    c = nr_crc32c_bits(c, nr_phit_data(ph[0]) >> 2, 20);
    for (int j = hdr_phits(ph[0]); j < len - 1 - NR_E2E_PHITS; j++)
        c = nr_crc32c_bits(c, nr_phit_data(ph[j]), 22);
    return c;
}

void nr_pkt_e2e_seal(uint32_t *ph, int len)
{
    if (len < hdr_phits(ph[0]) + NR_E2E_PHITS + 1) return;
    uint32_t c = nr_pkt_e2e_crc(ph, len);
    ph[len - 3] = nr_phit_make(NR_KIND_BODY, c >> 16);
    ph[len - 2] = nr_phit_make(NR_KIND_BODY, c & 0xFFFFu);
}

int nr_pkt_e2e_ok(const uint32_t *ph, int len)
{
    if (len < 1 || len < hdr_phits(ph[0]) + NR_E2E_PHITS + 1) return 0;
    uint32_t c = nr_pkt_e2e_crc(ph, len);
    return nr_phit_data(ph[len - 3]) == (c >> 16) && nr_phit_data(ph[len - 2]) == (c & 0xFFFFu);
}

uint32_t nr_pkt_payload_data(unsigned src, unsigned dest, unsigned vc, uint32_t seq, int j)
{
    uint64_t k = ((uint64_t)(src & NR_DEST_MAX) << 39) | ((uint64_t)(dest & NR_DEST_MAX) << 24) |
                 ((uint64_t)(vc & 3u) << 22) | (seq & NR_SEQ_MASK);
    return (uint32_t)nr_rng_mix64(k ^ ((uint64_t)j << 54)) & NR_DATA_MASK;
}

int nr_pkt_build(const nr_pkt_desc_t *d, uint32_t *out, int cap, char *err, size_t n)
{
    if (d->dest > NR_DEST_MAX)
        return nr_errf(err, n, "pkt: dest %u out of range [0, %u]", d->dest, NR_DEST_MAX);
    if (d->src > NR_DEST_MAX)
        return nr_errf(err, n, "pkt: src %u out of range [0, %u]", d->src, NR_DEST_MAX);
    if (d->vc > 3) return nr_errf(err, n, "pkt: vc %u out of range [0, 3]", d->vc);
    if (d->r > 1 || d->a > 1 || d->h > 1)
        return nr_errf(err, n, "pkt: r/a/h must be 0 or 1 (got %u/%u/%u)", d->r, d->a, d->h);
    if (d->seq > NR_SEQ_MASK)
        return nr_errf(err, n, "pkt: seq %u does not fit in 22 bits", (unsigned)d->seq);
    if (d->h && d->hash > NR_DATA_MASK)
        return nr_errf(err, n, "pkt: hash key 0x%x does not fit in 22 bits", (unsigned)d->hash);
    if (d->r)
        for (int i = 0; i < NR_ROUTE_HOPS; i++)
            if (d->route[i] >= (1u << NR_ROUTE_PORT_W))
                return nr_errf(err, n, "pkt: route hop %d port %u out of range [0, 63]", i,
                               d->route[i]);
    int min = nr_pkt_min_len(d);
    if (d->len < min)
        return nr_errf(err, n,
                       "pkt: length %d too short: head + %d route + %d hash + 2 tag phits%s + EOP"
                       " needs at least %d",
                       d->len, (int)d->r, (int)d->h, d->e2e ? " + 2 end-to-end check phits" : "",
                       min);
    if (d->len > NR_PKT_LEN_LIMIT)
        return nr_errf(err, n, "pkt: length %d above the builder limit %d", d->len,
                       NR_PKT_LEN_LIMIT);
    if (cap < d->len)
        return nr_errf(err, n, "pkt: buffer of %d phits too small for length %d", cap, d->len);
    int j = 0;
    out[j++] = nr_head_make(d->dest, d->vc, d->r, d->a, d->h);
    if (d->r) out[j++] = nr_route_make(d->route, NR_ROUTE_HOPS);
    if (d->h) out[j++] = nr_hash_make(d->hash);
    out[j++] = nr_phit_make(NR_KIND_BODY, (NR_TAG_MAGIC << 17) | ((d->vc & 3u) << 15) | d->src);
    out[j++] = nr_phit_make(NR_KIND_BODY, d->seq);
    for (; j < d->len - 1; j++)
        out[j] = nr_phit_make(NR_KIND_BODY, nr_pkt_payload_data(d->src, d->dest, d->vc, d->seq, j));
    out[j] = nr_eop_make(NR_OK_HEALTHY, 0);
    if (d->e2e) nr_pkt_e2e_seal(out, d->len);
    nr_pkt_fix_crc(out, d->len);
    return d->len;
}

nr_pkt_status_t nr_pkt_parse(const uint32_t *ph, int len, int num_vcs, int max_len,
                             nr_pkt_info_t *in)
{
    memset(in, 0, sizeof *in);
    in->bad_index = -1;
    if (max_len <= 0) max_len = NR_MAX_PKT_LEN;
    if (num_vcs < 1 || num_vcs > 4) num_vcs = 4;
    unsigned m = 0;
    if (len < NR_MIN_PKT_LEN) m |= NR_PKT_M_SHORT;
    if (len > max_len) m |= NR_PKT_M_LONG;
    if (len < 1) {
        in->malformed = m;
        in->status = NR_PKT_MALFORMED;
        return in->status;
    }
    for (int i = 0; i < len; i++) {
        unsigned k = nr_phit_kind(ph[i]), bad = 0;
        if (k == NR_KIND_RSVD) bad |= NR_PKT_M_RSVDKIND;
        if (i == 0 && k != NR_KIND_HEAD)
            bad |= NR_PKT_M_NOHEAD;
        else if (i > 0 && i == len - 1 && k != NR_KIND_EOP)
            bad |= NR_PKT_M_NOEOP;
        else if (i > 0 && i < len - 1 && (k == NR_KIND_HEAD || k == NR_KIND_EOP))
            bad |= NR_PKT_M_MIDKIND;
        if (bad && in->bad_index < 0) in->bad_index = i;
        m |= bad;
    }
    in->dest = nr_head_dest(ph[0]);
    in->vc = nr_head_vc(ph[0]);
    in->r = nr_head_r(ph[0]);
    in->a = nr_head_a(ph[0]);
    in->h = nr_head_h(ph[0]);
    in->hdr_len = 1 + (int)in->r + (int)in->h;
    if ((int)in->vc >= num_vcs) m |= NR_PKT_M_VC;
    if (nr_head_rsvd(ph[0])) m |= NR_PKT_M_HEADRSVD;
    if (len >= NR_MIN_PKT_LEN && len < in->hdr_len + 1) m |= NR_PKT_M_HDRLEN;
    if (len >= NR_MIN_PKT_LEN && nr_phit_kind(ph[len - 1]) == NR_KIND_EOP) {
        in->ok = nr_eop_ok(ph[len - 1]);
        if (nr_eop_rsvd(ph[len - 1])) m |= NR_PKT_M_EOPRSVD;
        if (in->ok == NR_OK_RSVD) m |= NR_PKT_M_OKRSVD;
    }
    if (len >= NR_MIN_PKT_LEN) {
        in->crc_rx = nr_eop_crc(ph[len - 1]);
        in->crc_calc = nr_pcrc(ph, len);
        in->crc_ok = in->crc_rx == in->crc_calc;
    }
    if (len >= in->hdr_len + NR_TAG_PHITS + 1) {
        uint32_t t0 = nr_phit_data(ph[in->hdr_len]);
        if ((t0 >> 17) == NR_TAG_MAGIC) {
            in->has_tag = 1;
            in->tag_src = t0 & NR_DEST_MAX;
            in->tag_vc = (t0 >> 15) & 3u;
            in->tag_seq = nr_phit_data(ph[in->hdr_len + 1]);
        }
    }
    in->malformed = m;
    if (m)
        in->status = NR_PKT_MALFORMED;
    else if (!in->crc_ok)
        in->status = NR_PKT_BAD_CRC;
    else if (in->ok != NR_OK_HEALTHY)
        in->status = NR_PKT_NOT_HEALTHY;
    else
        in->status = NR_PKT_GOOD;
    return in->status;
}

const char *nr_pkt_status_name(nr_pkt_status_t s)
{
    switch (s) {
    case NR_PKT_GOOD: return "good";
    case NR_PKT_NOT_HEALTHY: return "not_healthy";
    case NR_PKT_BAD_CRC: return "bad_crc";
    case NR_PKT_MALFORMED: return "malformed";
    }
    return "?";
}

static const char *const m_names[NR_PKT_M_COUNT] = {
    "short",    "long",      "no_head", "mid_kind", "no_eop",  "rsvd_kind",
    "vc_range", "head_rsvd", "hdr_len", "eop_rsvd", "ok_rsvd",
};

const char *nr_pkt_malformed_name(unsigned bit)
{
    for (int i = 0; i < NR_PKT_M_COUNT; i++)
        if (bit == (1u << i)) return m_names[i];
    return "?";
}

char *nr_pkt_malformed_str(unsigned mask, char *buf, size_t n)
{
    size_t used = 0;
    if (n == 0) return buf;
    buf[0] = 0;
    for (int i = 0; i < NR_PKT_M_COUNT; i++) {
        if (!(mask & (1u << i))) continue;
        int w = snprintf(buf + used, n - used, "%s%s", used ? "," : "", m_names[i]);
        if (w < 0 || (size_t)w >= n - used) break;
        used += (size_t)w;
    }
    return buf;
}
