#include "platform/machine_load.h"

#include <cstdio>
#include <cstring>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

namespace fg::platform {

std::optional<Writeback> readWriteback()
{
#if defined(__linux__)
    std::FILE* f = std::fopen("/proc/vmstat", "re");
    if (!f) return std::nullopt;
    const long page = sysconf(_SC_PAGESIZE);
    uint64_t dirty = 0, writeback = 0, threshold = 0, background = 0;
    bool sawThreshold = false;
    char name[64];
    unsigned long long value = 0;
    while (std::fscanf(f, "%63s %llu", name, &value) == 2) {
        if (std::strcmp(name, "nr_dirty") == 0) dirty = value;
        else if (std::strcmp(name, "nr_writeback") == 0) writeback = value;
        else if (std::strcmp(name, "nr_dirty_threshold") == 0) threshold = value, sawThreshold = true;
        else if (std::strcmp(name, "nr_dirty_background_threshold") == 0) background = value;
    }
    std::fclose(f);
    if (!sawThreshold || page <= 0) return std::nullopt;
    const auto bytes = [page](uint64_t pages) { return pages * uint64_t(page); };
    return Writeback{bytes(dirty + writeback), bytes(threshold), bytes(background)};
#else
    return std::nullopt;
#endif
}

std::optional<uint64_t> ioStallMicroseconds()
{
#if defined(__linux__)
    // "some avg10=0.00 avg60=0.00 avg300=0.00 total=12345" (absent: a kernel
    // without PSI, or PSI switched off at boot, which reads as EOPNOTSUPP).
    std::FILE* f = std::fopen("/proc/pressure/io", "re");
    if (!f) return std::nullopt;
    char line[256];
    std::optional<uint64_t> total;
    while (std::fgets(line, sizeof line, f)) {
        if (std::strncmp(line, "some ", 5) != 0) continue;
        const char* at = std::strstr(line, "total=");
        unsigned long long value = 0;
        if (at && std::sscanf(at + 6, "%llu", &value) == 1) total = value;
        break;
    }
    std::fclose(f);
    return total;
#else
    return std::nullopt;
#endif
}

std::optional<double> processCpuSeconds()
{
    rusage usage{};
    if (getrusage(RUSAGE_SELF, &usage) != 0) return std::nullopt;
    const auto seconds = [](const timeval& t) { return double(t.tv_sec) + double(t.tv_usec) / 1e6; };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

std::optional<double> threadCpuSeconds()
{
    timespec t{};
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) != 0) return std::nullopt;
    return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

} // namespace fg::platform
