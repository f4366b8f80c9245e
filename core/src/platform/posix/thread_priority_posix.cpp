#include "platform/thread_priority.h"

#include <sys/resource.h>

#include <cerrno>

namespace fg::platform {
#if defined(__linux__)
namespace {

// `nice`'s own default: a tenth of a normal thread's weight.
constexpr int kBackgroundNice = 10;

// The calling thread's nice value, or an error.
Result<int> niceOfThisThread()
{
    errno = 0;
    const int nice = getpriority(PRIO_PROCESS, 0);
    if (nice == -1 && errno != 0) return sysError(errno, "getpriority");
    return nice;
}

} // namespace
#endif

Status moveThisThreadToBackground()
{
#if defined(__linux__)
    // PRIO_PROCESS with 0 is the calling thread on Linux, not the process.
    FG_TRY_ASSIGN(const int nice, niceOfThisThread());
    if (nice >= kBackgroundNice) return {};
    if (setpriority(PRIO_PROCESS, 0, kBackgroundNice) != 0) return sysError(errno, "setpriority");
    return {};
#else
    // Elsewhere a nice value is the process's: the window's thread would go
    // to the background with the job's.
    return Error(Errc::InvalidArgument, "a thread of its own priority needs Linux or Windows");
#endif
}

bool thisThreadIsInBackground()
{
#if defined(__linux__)
    auto nice = niceOfThisThread();
    return nice && *nice >= kBackgroundNice;
#else
    return false;
#endif
}

} // namespace fg::platform
