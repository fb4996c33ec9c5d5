// port_bits.hpp - read and write one field of a flat port vector, whatever
// C++ type Verilator gives the port: an integer (CData .. QData) or a
// VlWide<N> beyond 64 bits. A field is at most 64 bits. Include it after the
// Verilated model's header (or verilated.h).
//
//   nr_bits::setf(port, lsb, width, value);   // port[lsb +: width] = value
//   uint64_t v = nr_bits::getf(port, lsb, width);
//
// Used by the router shims (tb/shim/rtr_shim.hpp).
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

#ifdef VERILATOR_VERILATED_H_
template <std::size_t N> static inline void setf(VlWide<N> &port, int lsb, int w, uint64_t v)
{
    for (int i = 0; i < w; i++) {
        const int b = lsb + i;
        const uint32_t bit = 1u << (b % 32);
        if ((v >> i) & 1u) port[b / 32] |= bit;
        else port[b / 32] &= ~bit;
    }
}
template <std::size_t N> static inline uint64_t getf(const VlWide<N> &port, int lsb, int w)
{
    uint64_t v = 0;
    for (int i = 0; i < w; i++) {
        const int b = lsb + i;
        v |= (uint64_t)((port[b / 32] >> (b % 32)) & 1u) << i;
    }
    return v;
}
#endif

} // namespace nr_bits
#endif
