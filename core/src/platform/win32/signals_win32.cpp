#include <floodgate/signals.h>

#include <windows.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace fg {
namespace {

// The console's control events arrive on a thread Windows makes; the
// handler runs on a thread of its own, as the POSIX version's does.
std::mutex g_lock;
std::condition_variable g_wake;
int g_pending = 0;
std::atomic<bool> g_interrupted{false};

BOOL WINAPI onConsoleEvent(DWORD event)
{
    switch (event) {
    case CTRL_C_EVENT:
    case CTRL_BREAK_EVENT:
    case CTRL_CLOSE_EVENT:
    case CTRL_SHUTDOWN_EVENT:
        if (g_interrupted.exchange(true)) ::ExitProcess(128 + 2); // a second one ends it at once
        {
            std::lock_guard lock(g_lock);
            ++g_pending;
        }
        g_wake.notify_one();
        // For a window closing, Windows ends the process when this returns:
        // give the job a moment to stop cleanly.
        if (event == CTRL_CLOSE_EVENT || event == CTRL_SHUTDOWN_EVENT) ::Sleep(4000);
        return TRUE;
    default:
        return FALSE;
    }
}

} // namespace

void onInterrupt(std::function<void()> handler, std::function<void()> reload)
{
    // Windows has no SIGHUP; a daemon reloads through its admin door
    // (`floodgate serve --reload`).
    (void)reload;
    std::thread([handler = std::move(handler)] {
        std::unique_lock lock(g_lock);
        g_wake.wait(lock, [] { return g_pending > 0; });
        lock.unlock();
        handler();
    }).detach();
    ::SetConsoleCtrlHandler(onConsoleEvent, TRUE);
}

} // namespace fg
