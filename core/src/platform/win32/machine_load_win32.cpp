#include "platform/machine_load.h"

#include <windows.h>

namespace fg::platform {
namespace {
double seconds(const FILETIME& t) { return double((uint64_t(t.dwHighDateTime) << 32) | t.dwLowDateTime) / 1e7; }
} // namespace

// Windows keeps its dirty-page and I/O-stall figures in performance
// counters, not in a file a process can read cheaply: the diagnosis says it
// cannot tell, as it does on a Linux without /proc/pressure.
std::optional<Writeback> readWriteback() { return std::nullopt; }
std::optional<uint64_t> ioStallMicroseconds() { return std::nullopt; }

std::optional<double> processCpuSeconds()
{
    FILETIME created{}, exited{}, kernel{}, user{};
    if (!::GetProcessTimes(::GetCurrentProcess(), &created, &exited, &kernel, &user)) return std::nullopt;
    return seconds(kernel) + seconds(user);
}

std::optional<double> threadCpuSeconds()
{
    FILETIME created{}, exited{}, kernel{}, user{};
    if (!::GetThreadTimes(::GetCurrentThread(), &created, &exited, &kernel, &user)) return std::nullopt;
    return seconds(kernel) + seconds(user);
}

} // namespace fg::platform
