#include "platform/cpu.h"

#include <windows.h>

namespace fg::platform {
namespace {

bool detectAes()
{
#if defined(__x86_64__) || defined(__i386__)
    // GCM's GHASH needs the carry-less multiply as much as the cipher needs AES-NI.
    return __builtin_cpu_supports("aes") && __builtin_cpu_supports("pclmul");
#else
    // Windows on ARM64: every ARMv8 CPU it runs on has the crypto extensions.
    return ::IsProcessorFeaturePresent(PF_ARM_V8_CRYPTO_INSTRUCTIONS_AVAILABLE);
#endif
}

uint64_t ticks(const FILETIME& t) { return (uint64_t(t.dwHighDateTime) << 32) | t.dwLowDateTime; }

} // namespace

bool hasAesAcceleration()
{
    static const bool has = detectAes();
    return has;
}

Result<CpuTimes> cpuTimes()
{
    // Kernel time includes idle time on Windows.
    FILETIME idle{}, kernel{}, user{};
    if (!::GetSystemTimes(&idle, &kernel, &user)) return Error(Errc::Io, "GetSystemTimes failed");
    CpuTimes t;
    t.idle = ticks(idle);
    t.total = ticks(kernel) + ticks(user);
    return t;
}

Result<std::vector<CpuInterruptTimes>> perCpuInterruptTimes()
{
    // Per-CPU interrupt time is in NtQuerySystemInformation's processor
    // performance class, which Microsoft documents as subject to change:
    // the diagnosis goes without it here.
    return Error(Errc::Internal, "this system does not report per-CPU interrupt times");
}

} // namespace fg::platform
