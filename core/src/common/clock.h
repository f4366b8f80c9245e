#pragma once
#include "internal.h"

#include <chrono>
#include <cstdint>

namespace fg {

// Monotonic nanoseconds, for durations only.
inline uint64_t monotonicNs()
{
    return uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                        std::chrono::steady_clock::now().time_since_epoch())
                        .count());
}

} // namespace fg
