#include <floodgate/signals.h>

#include <csignal>
#include <pthread.h>
#include <thread>
#include <unistd.h>

namespace fg {

void onInterrupt(std::function<void()> handler)
{
    // Block the signals in every thread (those started later inherit the mask)
    // and take them synchronously on one thread with sigwait.
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
    std::thread([set, handler = std::move(handler)]() mutable {
        int sig = 0;
        if (sigwait(&set, &sig) != 0) return;
        handler();
        if (sigwait(&set, &sig) != 0) return;
        _exit(128 + sig);
    }).detach();
}

} // namespace fg
