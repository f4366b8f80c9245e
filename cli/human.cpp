#include "human.h"

#include <floodgate/units.h>

#include <cmath>
#include <cstdio>

namespace fg::cli {

// The engine's own formatting (floodgate/units.h): one figure reads the same
// in the CLI, the GUI and the diagnosis's sentences.
std::string humanBytes(uint64_t bytes) { return formatBytes(bytes); }

std::string humanRate(double bytesPerSec) { return formatRate(bytesPerSec); }

std::string humanDuration(double seconds)
{
    if (!std::isfinite(seconds) || seconds < 0) return "--:--";
    auto total = uint64_t(seconds + 0.5);
    uint64_t h = total / 3600;
    uint64_t m = (total / 60) % 60;
    uint64_t s = total % 60;
    char buf[32];
    if (h > 0) std::snprintf(buf, sizeof buf, "%llu:%02llu:%02llu", static_cast<unsigned long long>(h),
                             static_cast<unsigned long long>(m), static_cast<unsigned long long>(s));
    else std::snprintf(buf, sizeof buf, "%llu:%02llu", static_cast<unsigned long long>(m), static_cast<unsigned long long>(s));
    return buf;
}

} // namespace fg::cli
