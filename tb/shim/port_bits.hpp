// port_bits.hpp - read and write one field of a flat port vector, whatever
// C++ type Verilator gives the port: an integer (CData .. QData, or a
// SystemC uint32_t / uint64_t / bool), a VlWide<N> beyond 64 bits (C++
// models), or an sc_bv<N> beyond 64 bits (SystemC models). A field is at
// most 64 bits. Include it after the Verilated model's header (or
// verilated.h / systemc.h): the overloads of the types seen so far are made.
//
//   nr_bits::setf(port, lsb, width, value);   // port[lsb +: width] = value
//   uint64_t v = nr_bits::getf(port, lsb, width);
//
// Used by the router shims (tb/shim/rtr_shim.hpp) and the SystemC example
// (examples/sc).
#ifndef NR_PORT_BITS_HPP
#define NR_PORT_BITS_HPP
#include <cstddef>
#include <cstdint>

namespace nr_bits {

static inline uint64_t mask(int w) { return (w >= 64) ? ~0ull : ((1ull << w) - 1); }

template <typename T> static inline void setf(T &port, int lsb, int w, uint64_t v)
{
    uint64_t x = (uint64_t)port;
    x = (x & ~(mask(w) << lsb)) | ((v & mask(w)) << lsb);
    port = (T)x;
}
template <typename T> static inline uint64_t getf(const T &port, int lsb, int w)
{
    return ((uint64_t)port >> lsb) & mask(w);
}

// A field of a vector kept as 32-bit words (word i holds bits 32i+31..32i),
// through rd(i) and wr(i, word): word by word, at most three words.
template <class Rd, class Wr>
static inline void setf_words(Rd rd, Wr wr, int lsb, int w, uint64_t v)
{
    for (int i = 0; i < w;) {
        const int b = lsb + i, o = b % 32, n = (32 - o < w - i) ? 32 - o : w - i;
        const uint32_t m = (uint32_t)mask(n) << o;
        wr(b / 32, (rd(b / 32) & ~m) | (((uint32_t)(v >> i) << o) & m));
        i += n;
    }
}
template <class Rd> static inline uint64_t getf_words(Rd rd, int lsb, int w)
{
    uint64_t v = 0;
    for (int i = 0; i < w;) {
        const int b = lsb + i, o = b % 32, n = (32 - o < w - i) ? 32 - o : w - i;
        v |= (((uint64_t)rd(b / 32) >> o) & mask(n)) << i;
        i += n;
    }
    return v;
}

#ifdef VERILATOR_VERILATED_H_
template <std::size_t N> static inline void setf(VlWide<N> &port, int lsb, int w, uint64_t v)
{
    setf_words([&](int i) { return (uint32_t)port[i]; }, [&](int i, uint32_t x) { port[i] = x; },
               lsb, w, v);
}
template <std::size_t N> static inline uint64_t getf(const VlWide<N> &port, int lsb, int w)
{
    return getf_words([&](int i) { return (uint32_t)port[i]; }, lsb, w);
}
#endif

#ifdef SYSTEMC_VERSION
template <int N> static inline void setf(sc_dt::sc_bv<N> &port, int lsb, int w, uint64_t v)
{
    setf_words([&](int i) { return (uint32_t)port.get_word(i); },
               [&](int i, uint32_t x) { port.set_word(i, x); }, lsb, w, v);
}
template <int N> static inline uint64_t getf(const sc_dt::sc_bv<N> &port, int lsb, int w)
{
    return getf_words([&](int i) { return (uint32_t)port.get_word(i); }, lsb, w);
}
#endif

} // namespace nr_bits
#endif
