#include <floodgate/units.h>

#include <cmath>
#include <cstdio>

namespace fg {

std::string formatBytes(uint64_t bytes)
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
    else if (v < 10) std::snprintf(buf, sizeof buf, "%.2f %s", v, units[u]);
    else if (v < 100) std::snprintf(buf, sizeof buf, "%.1f %s", v, units[u]);
    else std::snprintf(buf, sizeof buf, "%.0f %s", v, units[u]);
    return buf;
}

std::string formatRate(double bytesPerSec)
{
    if (!std::isfinite(bytesPerSec) || bytesPerSec < 0) bytesPerSec = 0;
    return formatBytes(uint64_t(bytesPerSec)) + "/s";
}

std::string formatClock(double seconds)
{
    if (!std::isfinite(seconds) || seconds < 0) return "--:--";
    const auto total = static_cast<unsigned long long>(seconds + 0.5);
    const unsigned long long h = total / 3600, m = (total / 60) % 60, s = total % 60;
    char buf[48];
    if (h > 0) std::snprintf(buf, sizeof buf, "%llu:%02llu:%02llu", h, m, s);
    else std::snprintf(buf, sizeof buf, "%llu:%02llu", m, s);
    return buf;
}

} // namespace fg
