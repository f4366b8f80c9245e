#include "platform/cpu.h"

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>

#if defined(__linux__) && defined(__aarch64__)
#include <asm/hwcap.h>
#include <sys/auxv.h>
#endif

namespace fg::platform {
namespace {

bool detectAes()
{
#if defined(__x86_64__) || defined(__i386__)
    // GCM's GHASH needs the carry-less multiply as much as the cipher needs AES-NI.
    return __builtin_cpu_supports("aes") && __builtin_cpu_supports("pclmul");
#elif defined(__linux__) && defined(__aarch64__)
    const unsigned long caps = getauxval(AT_HWCAP);
    return (caps & HWCAP_AES) != 0 && (caps & HWCAP_PMULL) != 0;
#else
    // Unknown: say no, so auto picks ChaCha20, which is never slow.
    return false;
#endif
}

} // namespace

bool hasAesAcceleration()
{
    static const bool has = detectAes();
    return has;
}

Result<CpuTimes> cpuTimes()
{
#if defined(__linux__)
    std::FILE* f = std::fopen("/proc/stat", "re");
    if (!f) return Error(Errc::Io, std::string("/proc/stat: ") + std::strerror(errno), errno);
    // user nice system idle iowait irq softirq steal (guest time is already in user)
    uint64_t v[8] = {};
    const int got = std::fscanf(f, "cpu %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64
                                   " %" SCNu64 " %" SCNu64,
                                &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]);
    std::fclose(f);
    // Kernels before 2.6.11 have fewer fields; four are enough for idle.
    if (got < 4) return Error(Errc::Io, "/proc/stat: no cpu line");
    CpuTimes t;
    t.idle = v[3] + v[4];
    for (int i = 0; i < got; ++i) t.total += v[i];
    return t;
#else
    return Error(Errc::Internal, "this system does not report CPU times");
#endif
}

Result<std::vector<CpuInterruptTimes>> perCpuInterruptTimes()
{
#if defined(__linux__)
    std::FILE* f = std::fopen("/proc/stat", "re");
    if (!f) return Error(Errc::Io, std::string("/proc/stat: ") + std::strerror(errno), errno);
    std::vector<CpuInterruptTimes> out;
    char line[512];
    while (std::fgets(line, sizeof line, f)) {
        if (std::strncmp(line, "cpu", 3) != 0) {
            if (!out.empty()) break; // the cpu lines come first, together
            continue;
        }
        unsigned cpu = 0;
        uint64_t v[8] = {};
        // "cpu " (all together) has no number and is skipped.
        if (std::sscanf(line, "cpu%u %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64
                              " %" SCNu64,
                        &cpu, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7])
            != 9)
            continue;
        CpuInterruptTimes t;
        t.cpu = cpu;
        t.interrupt = v[5] + v[6];
        for (uint64_t x : v) t.total += x;
        out.push_back(t);
    }
    std::fclose(f);
    if (out.empty()) return Error(Errc::Io, "/proc/stat: no per-CPU lines");
    return out;
#else
    return Error(Errc::Internal, "this system does not report per-CPU times");
#endif
}

} // namespace fg::platform
