// The sender's compress stage: what each mode does with a frame, what it
// counts, and how the auto level follows the load it is fed.

#include "engine/send_compression.h"
#include "test_support.h"

#include <QTest>

#include <string>

using namespace fg;

namespace {

std::string text(size_t n)
{
    std::string t;
    for (int i = 0; t.size() < n; ++i) t += "record " + std::to_string(i % 500) + ": ok\n";
    t.resize(n);
    return t;
}

const uint8_t* bytes(const std::string& s) { return reinterpret_cast<const uint8_t*>(s.data()); }

constexpr uint64_t kPeriod = 250'000'000; // ns, the stats tick

} // namespace

class TestSendCompression : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void noneLeavesFramesAloneAndCountsNothing()
    {
        StageCounters stage("compress");
        SendCompression none(CompressSpec{}, stage);
        QVERIFY(!none.enabled());
        const std::string t = text(100'000);
        auto state = none.startFile("a.txt");
        const PackedPayload out = none.pack(bytes(t), t.size(), state);
        QVERIFY(out.algo == codec::Algo::None && out.data == bytes(t) && out.size == t.size());
        QCOMPARE(stage.snapshot().bytes, uint64_t(0));
        QVERIFY(none.summary().empty());
    }

    // Fixed modes compress every frame that saves, and send the rest raw.
    void fixedModesCompressWhatSaves()
    {
        for (const CompressSpec spec : {CompressSpec{CompressMode::Zstd, 3}, CompressSpec{CompressMode::Lz4, 3}}) {
            StageCounters stage("compress");
            SendCompression c(spec, stage);
            const std::string t = text(200'000);
            const std::string noise = fgtest::randomBytes(200'000, 7);
            auto state = c.startFile("photo.jpg"); // names do not matter here
            const PackedPayload packed = c.pack(bytes(t), t.size(), state);
            QVERIFY(packed.algo == (spec.mode == CompressMode::Zstd ? codec::Algo::Zstd : codec::Algo::Lz4));
            QVERIFY(packed.size < t.size() / 4);
            const PackedPayload raw = c.pack(bytes(noise), noise.size(), state);
            QVERIFY(raw.algo == codec::Algo::None && raw.data == bytes(noise));
            const StageSnapshot s = stage.snapshot();
            QCOMPARE(s.bytes, uint64_t(400'000)); // bytes in, both frames
            QCOMPARE(s.items, uint64_t(1));       // frames that went compressed
            QVERIFY2(c.summary().find("1 of 2 frames compressed") != std::string::npos, c.summary().c_str());
        }
    }

    void autoSkipsKnownCompressedNames()
    {
        StageCounters stage("compress");
        SendCompression c(CompressSpec{CompressMode::Auto, 3}, stage);
        const std::string t = text(200'000);
        auto jpg = c.startFile("dir/IMG_0001.JPG");
        for (int i = 0; i < 3; ++i) QVERIFY(c.pack(bytes(t), t.size(), jpg).algo == codec::Algo::None);
        auto txt = c.startFile("dir/notes.txt");
        QVERIFY(c.pack(bytes(t), t.size(), txt).algo == codec::Algo::Zstd);
        QCOMPARE(stage.snapshot().items, uint64_t(1));
    }

    // The load over a period, as fractions of what the workers could do.
    void observationsAreFractionsOfTheWorkersTime()
    {
        CompressLoad load;
        load.elapsedNs = kPeriod;
        load.workers = 2;
        load.sendNs = 2 * kPeriod * 8 / 10;
        load.compressNs = 2 * kPeriod / 10;
        codec::LevelObservation obs = observationOf(load);
        QCOMPARE(obs.netWait, 0.8);
        QCOMPARE(obs.compressBusy, 0.1);
        QCOMPARE(obs.cpuIdle, 1.0); // unknown: no veto from the machine's figure
        load.cpuIdle = 0.3;
        load.sendNs = 5 * kPeriod; // timers that landed late: clamped
        obs = observationOf(load);
        QCOMPARE(obs.netWait, 1.0);
        QCOMPARE(obs.cpuIdle, 0.3);
        load.workers = 0;
        QCOMPARE(observationOf(load).netWait, 0.0);
    }

    // While compressing takes all the workers' time, auto steps down a level a
    // period, down to none, and then sends text raw.
    void autoBacksOffWhenCompressionIsTheLimit()
    {
        StageCounters stage("compress");
        SendCompression c(CompressSpec{CompressMode::Auto, 3}, stage);
        const StageSnapshot send;
        uint64_t now = 1'000'000'000;
        c.observe(send, 1, now); // the first only sets the baseline
        for (int i = 0; i < 3; ++i) {
            now += kPeriod;
            stage.addBusy(kPeriod);
            c.observe(send, 1, now);
        }
        const std::string t = text(100'000);
        auto state = c.startFile("notes.txt");
        QVERIFY(c.pack(bytes(t), t.size(), state).algo == codec::Algo::None);
        QVERIFY2(c.summary().find("auto (zstd level 3 \u2192 none)") != std::string::npos, c.summary().c_str());
    }
};

QTEST_GUILESS_MAIN(TestSendCompression)
#include "test_send_compression.moc"
