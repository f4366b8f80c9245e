#include <floodgate/signals.h>

#include <csignal>
#include <pthread.h>
#include <thread>
#include <unistd.h>

namespace fg {

void onInterrupt(std::function<void()> handler, std::function<void()> reload)
{
    // Block the signals in every thread (those started later inherit the mask)
    // and take them synchronously on one thread with sigwait.
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    if (reload) sigaddset(&set, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
    std::thread([set, handler = std::move(handler), reload = std::move(reload)]() mutable {
        bool interrupted = false;
        for (;;) {
            int sig = 0;
            if (sigwait(&set, &sig) != 0) return;
            if (sig == SIGHUP) {
                reload();
                continue;
            }
            if (interrupted) _exit(128 + sig);
            interrupted = true;
            handler();
        }
    }).detach();
}

} // namespace fg
