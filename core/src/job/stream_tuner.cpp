#include "job/stream_tuner.h"

namespace fg {

StreamAdvice streamAdviceFor(const std::string& layer, const std::string& congestion, std::string* why)
{
    // No verdict shown yet (one must hold 2 s first; the first seconds of a
    // long path's job show none): look again; the tuner stops waiting after
    // a few looks and lets its measurement decide, as before.
    if (layer.empty() || layer == "unknown") {
        *why = "no verdict yet";
        return StreamAdvice::Wait;
    }
    // Per connection: another connection brings its own window, buffer,
    // congestion window or core.
    for (const char* perConnection : {"receive-window", "send-buffer", "encryption", "decryption", "network-stack"})
        if (layer == perConnection) return StreamAdvice::Add;
    if (layer == "network-loss") {
        if (congestion != "bbr") return StreamAdvice::Add; // each loss-based connection halves on its own losses
        *why = "the path drops packets at random, which BBR does not slow down for; more connections would only "
               "fill the path's queue";
        return StreamAdvice::Stop;
    }
    if (layer == "round-trips") {
        *why = "the connections are still opening their windows";
        return StreamAdvice::Wait;
    }
    *why = "the limit is " + layer + ", which more connections do not relieve";
    return StreamAdvice::Stop;
}

void StreamTuner::run(const Hooks& hooks, const StreamTuning& tuning)
{
    // Bytes a second over one interval; negative when the job ended meanwhile.
    auto rateOver = [&](std::chrono::milliseconds d) -> double {
        const uint64_t before = hooks.bytesMoved();
        const auto t0 = std::chrono::steady_clock::now();
        if (!hooks.wait(d)) return -1;
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        return double(hooks.bytesMoved() - before) / secs;
    };
    if (!hooks.wait(tuning.settle)) return;
    double rate = rateOver(tuning.interval);
    unsigned waits = 0; // in a row
    while (rate >= 0) {
        if (rate == 0) {
            // Nothing moved (the job waits on a scan, a signature, the disk):
            // another connection would carry nothing either.
            rate = rateOver(tuning.interval);
            continue;
        }
        if (double(hooks.bytesRemaining()) < rate * tuning.minRemainingSeconds) return;
        if (hooks.advice) {
            std::string why;
            const StreamAdvice advice = hooks.advice(&why);
            if (advice == StreamAdvice::Stop) {
                hooks.log("streams: no more connections: " + why);
                return;
            }
            if (advice == StreamAdvice::Wait && waits < tuning.maxWaits) {
                ++waits;
                rate = rateOver(tuning.interval);
                continue;
            }
        }
        waits = 0;
        const std::optional<unsigned> streams = hooks.addStreams(tuning.step);
        if (!streams) return;
        if (!hooks.wait(tuning.settle)) return;
        const double next = rateOver(tuning.interval);
        if (next < 0) return;
        hooks.log("streams: " + std::to_string(*streams) + " now carry " + std::to_string(uint64_t(next / 1e6))
                  + " MB/s (was " + std::to_string(uint64_t(rate / 1e6)) + " MB/s)");
        if (next < rate * tuning.gain) return;
        rate = next;
    }
}

} // namespace fg
