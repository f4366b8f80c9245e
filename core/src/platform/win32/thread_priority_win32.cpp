#include "platform/thread_priority.h"

#include "platform/win32/win_error.h"

#include <windows.h>

namespace fg::platform {

// Windows schedules by priority strictly: a thread below normal runs only
// when no normal one of the machine wants the core. A thread starts at normal
// whatever its creator's priority (exec::TaskThread carries it over).
Status moveThisThreadToBackground()
{
    if (thisThreadIsInBackground()) return {};
    if (!::SetThreadPriority(::GetCurrentThread(), THREAD_PRIORITY_BELOW_NORMAL)) return win32::lastError("SetThreadPriority");
    return {};
}

bool thisThreadIsInBackground()
{
    const int priority = ::GetThreadPriority(::GetCurrentThread());
    return priority != THREAD_PRIORITY_ERROR_RETURN && priority <= THREAD_PRIORITY_BELOW_NORMAL;
}

} // namespace fg::platform
