// Auto streams' policy on its own, against a link whose rate grows with the
// streams up to a ceiling: streams are added while a step gains enough, not
// when the rest of the job is small, not when no more may be opened, and the
// tuner stops as soon as the job ends.

#include "job/stream_tuner.h"

#include <QTest>

#include <algorithm>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

using namespace fg;
using namespace std::chrono_literals;

namespace {
// A job moving bytes at a rate set by its number of streams: each adds
// `perStream` bytes a second, up to `ceiling` (the link's).
class FakeLink {
public:
    FakeLink(double perStream, double ceiling, unsigned streams, unsigned maxStreams)
        : m_perStream(perStream), m_ceiling(ceiling), m_streams(streams), m_max(maxStreams),
          m_last(std::chrono::steady_clock::now())
    {
    }

    uint64_t moved()
    {
        std::lock_guard lock(m_mutex);
        advance();
        return uint64_t(m_bytes);
    }
    std::optional<unsigned> add(unsigned count)
    {
        std::lock_guard lock(m_mutex);
        advance();
        const unsigned room = m_max - m_streams;
        if (room == 0) return std::nullopt;
        m_streams += std::min(count, room);
        return m_streams;
    }
    unsigned streams()
    {
        std::lock_guard lock(m_mutex);
        return m_streams;
    }

private:
    void advance()
    {
        const auto now = std::chrono::steady_clock::now();
        m_bytes += std::min(m_ceiling, m_perStream * m_streams) * std::chrono::duration<double>(now - m_last).count();
        m_last = now;
    }

    std::mutex m_mutex;
    const double m_perStream;
    const double m_ceiling;
    unsigned m_streams;
    const unsigned m_max;
    double m_bytes = 0;
    std::chrono::steady_clock::time_point m_last;
};

StreamTuning quick()
{
    StreamTuning t;
    t.settle = 20ms;
    t.interval = 60ms;
    return t;
}

StreamTuner::Hooks hooksFor(FakeLink& link, uint64_t remaining, std::vector<std::string>& log)
{
    StreamTuner::Hooks h;
    h.wait = [](std::chrono::milliseconds d) {
        std::this_thread::sleep_for(d);
        return true;
    };
    h.bytesMoved = [&link] { return link.moved(); };
    h.bytesRemaining = [remaining] { return remaining; };
    h.addStreams = [&link](unsigned n) { return link.add(n); };
    h.log = [&log](const std::string& line) { log.push_back(line); };
    return h;
}
} // namespace

class TestStreamTuner : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void addsStreamsWhileTheRateRisesEnough()
    {
        // 10 MB/s a stream, a 60 MB/s link: 2 -> 4 -> 6 gain, 6 -> 8 does not.
        FakeLink link(10e6, 60e6, 2, 16);
        std::vector<std::string> log;
        StreamTuner::run(hooksFor(link, UINT64_MAX, log), quick());
        QCOMPARE(link.streams(), 8u);
        QCOMPARE(log.size(), size_t(3));
        QVERIFY2(log.back().find("streams: 8") == 0, log.back().c_str());
    }

    void stopsWhereNoMoreMayBeOpened()
    {
        FakeLink link(10e6, 1e9, 2, 5);
        std::vector<std::string> log;
        StreamTuner::run(hooksFor(link, UINT64_MAX, log), quick());
        QCOMPARE(link.streams(), 5u);
    }

    void aJobNearlyOverGetsNoMoreStreams()
    {
        // 20 MB/s now and 1 MB to go: not worth a connection.
        FakeLink link(10e6, 1e9, 2, 16);
        std::vector<std::string> log;
        StreamTuner::run(hooksFor(link, 1u << 20, log), quick());
        QCOMPARE(link.streams(), 2u);
        QVERIFY(log.empty());
    }

    void stopsAtOnceWhenTheJobEnds()
    {
        FakeLink link(10e6, 1e9, 2, 16);
        std::vector<std::string> log;
        auto hooks = hooksFor(link, UINT64_MAX, log);
        int waits = 0;
        hooks.wait = [&waits](std::chrono::milliseconds) { return ++waits < 3; };
        StreamTuner::run(hooks, quick());
        QVERIFY(waits <= 3);
        QVERIFY(link.streams() <= 4u);
    }
    void theDiagnosisSaysWhenMoreConnectionsCannotHelp()
    {
        // The same link that rewards more streams, but the verdict is a full
        // path: no connection is added, and the log says why.
        FakeLink link(10e6, 60e6, 2, 16);
        std::vector<std::string> log;
        auto hooks = hooksFor(link, UINT64_MAX, log);
        hooks.advice = [](std::string* why) { return streamAdviceFor("network-congestion", "bbr", why); };
        StreamTuner::run(hooks, quick());
        QCOMPARE(link.streams(), 2u);
        QCOMPARE(log.size(), size_t(1));
        QVERIFY2(log.front().find("network-congestion") != std::string::npos, log.front().c_str());

        // Slow start first (wait), then a receive window: streams are added as before.
        FakeLink windowed(10e6, 60e6, 2, 16);
        log.clear();
        hooks = hooksFor(windowed, UINT64_MAX, log);
        int asked = 0;
        hooks.advice = [&asked](std::string* why) {
            return streamAdviceFor(++asked < 3 ? "round-trips" : "receive-window", "bbr", why);
        };
        StreamTuner::run(hooks, quick());
        QCOMPARE(windowed.streams(), 8u);
        QVERIFY(asked >= 3);
    }

    void whichLayersMoreConnectionsRelieve()
    {
        std::string why;
        for (const char* add : {"receive-window", "send-buffer", "encryption", "decryption", "network-stack"})
            QVERIFY2(streamAdviceFor(add, "bbr", &why) == StreamAdvice::Add, add);
        // Random loss: a loss-based control halves each connection at each
        // loss (more connections help); BBR does not slow down for it.
        QVERIFY(streamAdviceFor("network-loss", "cubic", &why) == StreamAdvice::Add);
        QVERIFY(streamAdviceFor("network-loss", "bbr", &why) == StreamAdvice::Stop);
        QVERIFY(why.find("BBR") != std::string::npos);
        QVERIFY(streamAdviceFor("round-trips", "bbr", &why) == StreamAdvice::Wait);
        QVERIFY(streamAdviceFor("", "bbr", &why) == StreamAdvice::Wait);
        QVERIFY(streamAdviceFor("unknown", "bbr", &why) == StreamAdvice::Wait);
        for (const char* stop : {"network-congestion", "bandwidth-limit", "destination-write", "source-read",
                                 "per-file-overhead", "compression", "hashing", "remote-cpu"})
            QVERIFY2(streamAdviceFor(stop, "bbr", &why) == StreamAdvice::Stop, stop);
    }
    void aVerdictThatNeverComesDoesNotHoldTheStreamsBack()
    {
        // The diagnosis never names a layer (an old far end, say): after a
        // few intervals the measurement decides, as without the diagnosis.
        FakeLink link(10e6, 60e6, 2, 16);
        std::vector<std::string> log;
        auto hooks = hooksFor(link, UINT64_MAX, log);
        int asked = 0;
        hooks.advice = [&asked](std::string* why) {
            ++asked;
            return streamAdviceFor("unknown", "bbr", why);
        };
        StreamTuning t = quick();
        t.maxWaits = 3;
        StreamTuner::run(hooks, t);
        QCOMPARE(link.streams(), 8u);
        QVERIFY(asked >= 4);
    }
};

QTEST_GUILESS_MAIN(TestStreamTuner)
#include "test_stream_tuner.moc"
