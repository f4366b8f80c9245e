#pragma once
#include "internal.h"
// The weak checksum that finds blocks at any offset: rsync's two running sums,
// kept at 32 bits each instead of 16. With blocks of kilobytes and more,
// 16-bit sums wrap so often that unrelated windows collide; 64 bits make a
// false weak match rare enough that the strong hash is almost only computed
// for real matches.
//   a = sum of x[i]            b = sum of (L - i) * x[i]     (mod 2^32)
// Both move one byte in O(1), which is what lets the matcher test every offset.

#include <cstddef>
#include <cstdint>

namespace fg::delta {

class RollingSum {
public:
    // The sums of one whole window.
    static RollingSum of(const uint8_t* data, size_t length)
    {
        // b = L*a - sum(i * x[i]). Taken 16 bytes at a time, sum(i * x[i])
        // splits into (chunk offset * chunk sum) + sum(k * x[o + k]) with
        // k < 16, which fits 16 bits: the inner loops then vectorise with
        // plain SSE2, where a 32-bit multiply per byte would not. Signing and
        // matching spend most of their time here.
        uint32_t a = 0;
        uint32_t weighted = 0;
        size_t i = 0;
        for (; i + 16 <= length; i += 16) {
            uint32_t sum = 0;
            uint32_t inner = 0;
            for (unsigned k = 0; k < 16; ++k) {
                sum += data[i + k];
                inner += k * data[i + k];
            }
            weighted += uint32_t(i) * sum + inner;
            a += sum;
        }
        for (; i < length; ++i) {
            a += data[i];
            weighted += uint32_t(i) * data[i];
        }
        RollingSum s;
        s.m_a = a;
        s.m_b = uint32_t(length) * a - weighted;
        s.m_length = uint32_t(length);
        return s;
    }

    // Slides the window one byte: `out` leaves at the front, `in` enters at the back.
    void roll(uint8_t out, uint8_t in)
    {
        m_a += uint32_t(in) - uint32_t(out);
        m_b += m_a - m_length * uint32_t(out);
    }

    uint64_t value() const { return uint64_t(m_b) << 32 | m_a; }
    // The 32 bits a signature carries: both sums, mixed (Fibonacci hashing)
    // so that neither half's patterns survive. 32 bits are plenty for a
    // filter in front of a 64-bit strong hash, and save 4 bytes a block.
    uint32_t key() const { return uint32_t((value() * 0x9E3779B97F4A7C15ull) >> 32); }

private:
    uint32_t m_a = 0;
    uint32_t m_b = 0;
    uint32_t m_length = 0;
};

} // namespace fg::delta
