// sc_example.cpp - one router of the kit in your own sc_main, next to a
// traffic generator and a sink written in SystemC (docs/systemc.md).
//
//   make sc-example                           build/bin/sc_example-fc-k16-bare
//   make sc-example SC_EXAMPLE_CFG=NAME       any bare configuration (UseLcb=0)
//   build/bin/sc_example-NAME [--packets N]   N packets per port (default 8)
//
// The router is the Verilated SystemC model of one configuration (verilator
// --sc; Vnr_nwn or Vnr_yarc), wrapped by nr_sc::Top (tb/sc/nr_sc_top.hpp),
// which puts each of its ports on a signal named like the port. Its routing
// tables come out of reset in single-router mode (a packet goes to the port
// its destination's low bits name), so nothing is programmed and the
// configuration port stays idle. The source sends N packets from every port
// to the other ports in turn, on every VC in turn, 4 to 16 phits, built by the kit's C
// library (csrc/lib: head, tag, payload, EOP with its CRC); it keeps the bare
// port's credit rule (docs/yarc-arch.md section 11: a head only with
// MaxPktLen credits of its VC). The sink returns a credit for every phit and
// checks every packet: well formed, CRC good, at the port its head names,
// equal to the packet the source built, in order per flow. The run passes
// when every packet has arrived and every credit is home.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <tuple>
#include <vector>

#include <systemc.h>

#ifndef NR_SC_MODEL
#define NR_SC_MODEL Vnr_nwn
#define NR_SC_MODEL_H "Vnr_nwn.h"
#endif
#ifndef NR_SC_CFG
#define NR_SC_CFG "fc-k16-bare"
#endif
#include NR_SC_MODEL_H
#include "nr_sc_top.hpp"
#include "port_bits.hpp"
extern "C" {
#include "nr_pkt.h"
}

using Router = NR_SC_MODEL;
#define PORT_T(port) nr_sc::val_t<decltype(Router::port)> // a port's value type
using nr_bits::getf;
using nr_bits::setf;

static const int NP = nr_sc::width<PORT_T(in_phit_p_i)>::value / 24; // 24-bit phit per port
static const int MAXLEN = 16;

// The router's shape, from its constant prm_* outputs once they settle.
struct Shape {
    int nv, inbuf, maxlen, cw;
};
static Shape shape_of(Router &r)
{
    Shape s{(int)r.prm_num_vcs_o.read(), (int)r.prm_in_buf_per_vc_o.read(),
            (int)r.prm_max_pkt_len_o.read(), 0};
    while ((1 << s.cw) < s.inbuf + 1) s.cw++; // credit count width, clog2(InBufPerVc + 1)
    return s;
}

SC_MODULE(source)
{
    sc_in<bool> clk, rst_n;
    sc_out<PORT_T(in_valid_p_i)> valid;
    sc_out<PORT_T(in_phit_p_i)> phit;
    sc_in<PORT_T(in_cr_p_v_o)> cr; // credits freed by the router's input queues
    Shape sh{};
    int npkts = 8, sent = 0;
    std::vector<int> cred; // per (port, VC)

    SC_CTOR(source) { SC_CTHREAD(run, clk.pos()); }
    bool credits_home() const
    {
        for (int c : cred)
            if (c != sh.inbuf) return false;
        return true;
    }
    void run()
    {
        cred.assign(NP * sh.nv, sh.inbuf);
        std::vector<int> pkt(NP, 0), pos(NP, 0), len(NP, 0), vc(NP, 0);
        std::vector<std::vector<uint32_t>> ph(NP, std::vector<uint32_t>(MAXLEN));
        std::map<std::tuple<int, int, int>, uint32_t> seq; // per flow (src, dest, vc)
        valid.write(0);
        do wait();
        while (!rst_n.read());
        for (;;) {
            const PORT_T(in_cr_p_v_o) c = cr.read(); // the cycle that just ended
            for (int i = 0; i < NP * sh.nv; i++) cred[i] += (int)getf(c, i * sh.cw, sh.cw);
            PORT_T(in_valid_p_i) v = 0;
            PORT_T(in_phit_p_i) d = 0;
            for (int p = 0; p < NP; p++) {
                if (pos[p] == 0) { // between packets: build the next one
                    if (pkt[p] == npkts) continue;
                    const int i = pkt[p], dst = (p + 1 + i % (NP - 1)) % NP;
                    vc[p] = i % sh.nv;
                    len[p] = 4 + (3 * i + p) % (MAXLEN - 3);
                    const nr_pkt_desc_t desc =
                        nr_pkt_desc(p, dst, vc[p], seq[{p, dst, vc[p]}], len[p]);
                    if (cred[p * sh.nv + vc[p]] < sh.maxlen) continue; // the head waits for credits
                    seq[{p, dst, vc[p]}]++;
                    nr_pkt_build(&desc, ph[p].data(), MAXLEN, NULL, 0);
                }
                setf(v, p, 1, 1);
                setf(d, p * 24, 24, ph[p][pos[p]]);
                cred[p * sh.nv + vc[p]]--;
                if (++pos[p] == len[p]) pos[p] = 0, pkt[p]++, sent++;
            }
            valid.write(v);
            phit.write(d);
            wait();
        }
    }
};

SC_MODULE(sink)
{
    sc_in<bool> clk, rst_n;
    sc_in<PORT_T(out_valid_p_o)> valid;
    sc_in<PORT_T(out_phit_p_o)> phit;
    sc_out<PORT_T(out_cr_p_v_i)> cr; // a credit back for every phit taken
    Shape sh{};
    int expect = 0, got = 0, bad = 0;
    int last = 0; // the clock edge the last packet arrived at (1: the first after reset)

    SC_CTOR(sink) { SC_CTHREAD(run, clk.pos()); }
    void check(int p, const std::vector<uint32_t> &pk)
    {
        nr_pkt_info_t info;
        uint32_t want[MAXLEN];
        const nr_pkt_status_t st = nr_pkt_parse(pk.data(), (int)pk.size(), sh.nv, sh.maxlen, &info);
        const nr_pkt_desc_t d =
            nr_pkt_desc(info.tag_src, info.dest, info.vc, info.tag_seq, (int)pk.size());
        const bool same = pk.size() <= MAXLEN &&
                          nr_pkt_build(&d, want, MAXLEN, NULL, 0) == (int)pk.size() &&
                          !std::memcmp(want, pk.data(), pk.size() * sizeof want[0]);
        uint32_t &next = seq[{(int)info.tag_src, (int)info.dest, (int)info.vc}];
        if (st != NR_PKT_GOOD || !info.has_tag || (int)(info.dest % NP) != p || !same ||
            info.tag_seq != next) {
            std::printf(
                "sc_example: FAIL port %d: packet from %u seq %u (%s, %s, expected seq %u)\n", p,
                info.tag_src, info.tag_seq, nr_pkt_status_name(st),
                (int)(info.dest % NP) != p ? "wrong port"
                : same                     ? "intact"
                                           : "changed",
                next);
            bad++;
        }
        next = info.tag_seq + 1;
        got++;
        last =
            (int)(sc_time_stamp().to_seconds() * 0.5e9) - 2; // 2 ns clock, reset released at 5 ns
    }
    void run()
    {
        std::vector<std::vector<uint32_t>> cur(NP);
        std::vector<int> vc(NP, 0);
        cr.write(0);
        do wait();
        while (!rst_n.read());
        for (;;) {
            const PORT_T(out_valid_p_o) v = valid.read();
            const PORT_T(out_phit_p_o) d = phit.read();
            PORT_T(out_cr_p_v_i) c = 0;
            for (int p = 0; p < NP; p++) {
                if (!getf(v, p, 1)) continue;
                const uint32_t x = (uint32_t)getf(d, p * 24, 24);
                if (nr_phit_kind(x) == NR_KIND_HEAD)
                    vc[p] = (int)nr_head_vc(x) % sh.nv, cur[p].clear();
                cur[p].push_back(x);
                setf(c, (p * sh.nv + vc[p]) * sh.cw, sh.cw, 1);
                if (nr_phit_kind(x) == NR_KIND_EOP) check(p, cur[p]), cur[p].clear();
            }
            cr.write(c);
            wait();
        }
    }

  private:
    std::map<std::tuple<int, int, int>, uint32_t> seq;
};

static int usage(FILE *f, int rc)
{
    std::fprintf(f, "usage: sc_example [--packets N]   (" NR_SC_CFG
                    " router, N packets per port, 1..1000, "
                    "default 8)\n");
    return rc;
}

int sc_main(int argc, char **argv)
{
    int npkts = 8;
    for (int i = 1; i < argc; i++) {
        char *end;
        if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h")) return usage(stdout, 0);
        if (!std::strcmp(argv[i], "--packets") && i + 1 < argc) {
            npkts = (int)std::strtol(argv[++i], &end, 10);
            if (*end || npkts < 1 || npkts > 1000) return usage(stderr, 2);
        } else {
            std::fprintf(stderr, "sc_example: unknown option '%s'\n", argv[i]);
            return usage(stderr, 2);
        }
    }
    Verilated::commandArgs(argc, argv);

    sc_clock clk("clk", 2, SC_NS);
    nr_sc::Top<Router> router("router"); // every port on a signal: router.in_phit_p_i, ...
    source src("src");
    sink snk("snk");
    router.clk_i(clk);
    src.clk(clk), src.rst_n(router.rst_ni), src.valid(router.in_valid_p_i),
        src.phit(router.in_phit_p_i);
    src.cr(router.in_cr_p_v_o);
    snk.clk(clk), snk.rst_n(router.rst_ni), snk.valid(router.out_valid_p_o),
        snk.phit(router.out_phit_p_o);
    snk.cr(router.out_cr_p_v_i);

    sc_start(SC_ZERO_TIME); // elaborate; the constant prm_* outputs settle
    if (router.dut.prm_use_lcb_o.read()) {
        std::fprintf(stderr,
                     "sc_example: " NR_SC_CFG " has LCB ports; the example drives bare ones: "
                     "make sc-example SC_EXAMPLE_CFG=<a configuration with UseLcb=0>\n");
        return 2;
    }
    src.sh = snk.sh = shape_of(router.dut);
    src.npkts = npkts;
    snk.expect = NP * npkts;
    std::printf("sc_example: " NR_SC_CFG ", %d ports, %d VCs, %d packets per port\n", NP, src.sh.nv,
                npkts);

    router.rst_ni.write(
        false); // reset (asynchronous, active low) for two edges, released with the clock low
    sc_start(5, SC_NS);
    router.rst_ni.write(true); // then traffic until every packet is in, or 100 k cycles
    while (snk.got < snk.expect && sc_time_stamp() < sc_time(200, SC_US)) sc_start(200, SC_NS);
    sc_start(400, SC_NS); // the last credits come home
    router.dut.final();

    const bool pass = snk.got == snk.expect && snk.bad == 0 && src.credits_home();
    std::printf(
        "sc_example: %d packets sent, %d arrived, %d bad, credits %s, the last at cycle %d\n",
        src.sent, snk.got, snk.bad, src.credits_home() ? "home" : "missing", snk.last);
    std::printf("%s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
