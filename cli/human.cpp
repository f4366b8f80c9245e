#include "human.h"

#include <cmath>
#include <cstdio>

namespace fg::cli {

// Binary units labelled KB/MB/GB, as the GUI, Windows and --bwlimit ("20M" is
// 20 x 1024 x 1024 bytes/s) count them, so one figure reads the same everywhere.
std::string humanBytes(uint64_t bytes)
{
    static const char* units[] = {"B", "KB", "MB", "GB", "TB", "PB"};
    double v = double(bytes);
    int u = 0;
    while (v >= 999.5 && u < 5) {
        v /= 1024.0;
        ++u;
    }
    char buf[32];
    if (u == 0) std::snprintf(buf, sizeof buf, "%llu B", static_cast<unsigned long long>(bytes));
    else std::snprintf(buf, sizeof buf, v < 10 ? "%.2f %s" : v < 100 ? "%.1f %s" : "%.0f %s", v, units[u]);
    return buf;
}

std::string humanRate(double bytesPerSec)
{
    if (!std::isfinite(bytesPerSec) || bytesPerSec < 0) bytesPerSec = 0;
    return humanBytes(uint64_t(bytesPerSec)) + "/s";
}

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
