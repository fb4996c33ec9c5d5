// nr_sc_top.hpp - a router of the kit as a SystemC module with every port on
// a signal of its own: nr_sc::Top<V> holds the Verilated router V (verilator
// --sc of nr_yarc or nr_nwn, any configuration: Vnr_yarc, Vnr_nwn) and binds
// each of its ports but the clock to an sc_signal named like the port
// (top.in_valid_p_i, top.out_phit_p_o, ...; the constant prm_* outputs to
// signals in `prm`). The clock is the wrapper's port clk_i: bind it to an
// sc_clock or a signal. Your modules bind their ports to the signals; the
// ports, their widths and their C++ types are in docs/systemc.md.
//
//   nr_sc::Top<Vnr_nwn> router("router");
//   router.clk_i(clk);                 // sc_clock, rising edge
//   src.phit(router.in_phit_p_i);      // sc_out<nr_sc::val_t<decltype(Vnr_nwn::in_phit_p_i)>>
//
// nr_sc::val_t<decltype(V::port)> is the value type of a port (bool,
// uint32_t, uint64_t or sc_bv<N>), nr_sc::width<that>::value the width of an
// sc_bv. Used by the kit's SystemC programs (tb/sc/rtr_sc.hpp) and the
// example (examples/sc).
#ifndef NR_SC_TOP_HPP
#define NR_SC_TOP_HPP
#include <string>
#include <type_traits>
#include <vector>

#include <systemc.h>

// The ports both router tops have, but the clock and the prm_* outputs.
// clang-format off
#define NR_SC_IN_PORTS(X)                                                                         \
    X(rst_ni) X(cfg_timeout_i) X(cfg_retry_limit_i) X(cfg_max_len_i) X(link_rx_p_i)               \
    X(in_valid_p_i) X(in_phit_p_i) X(out_cr_p_v_i) X(cfg_we_i) X(cfg_bcast_i) X(cfg_tile_i)      \
    X(cfg_addr_i) X(cfg_wdata_i)
#define NR_SC_OUT_PORTS(X)                                                                        \
    X(link_tx_p_o) X(ev_p_o) X(link_down_p_o) X(in_cr_p_v_o) X(out_valid_p_o) X(out_phit_p_o)    \
    X(tev_p_o)
// clang-format on

namespace nr_sc {

// The value type of a Verilated SystemC port member (sc_in<T> & or sc_out<T> &).
template <class Port> using val_t = typename std::remove_reference<Port>::type::data_type;
// The width of an sc_bv<N> (ports wider than 64 bits).
template <class T> struct width;
template <int N> struct width<sc_dt::sc_bv<N>> {
    static constexpr int value = N;
};

template <class V> struct Top : sc_module {
    sc_in<bool> clk_i;
    V dut;
#define NR_SC_SIG(p) sc_signal<val_t<decltype(V::p)>> p{#p};
    NR_SC_IN_PORTS(NR_SC_SIG)
    NR_SC_OUT_PORTS(NR_SC_SIG)
#undef NR_SC_SIG
    std::vector<sc_signal<uint32_t> *> prm;

    explicit Top(sc_module_name nm, const char *inst = "dut")
        : sc_module(nm), clk_i("clk_i"), dut(inst)
    {
        dut.clk_i(clk_i);
#define NR_SC_BIND(p) dut.p(p);
        NR_SC_IN_PORTS(NR_SC_BIND)
        NR_SC_OUT_PORTS(NR_SC_BIND)
#undef NR_SC_BIND
        // the constant parameter outputs, whichever the top has
        for (sc_object *o : dut.get_child_objects()) {
            auto *port = dynamic_cast<sc_out<uint32_t> *>(o);
            if (!port || std::string(o->basename()).compare(0, 4, "prm_")) continue;
            prm.push_back(new sc_signal<uint32_t>(o->basename()));
            (*port)(*prm.back());
        }
    }
};

} // namespace nr_sc
#endif
