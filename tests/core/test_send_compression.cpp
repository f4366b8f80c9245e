// The sender's compress stage: what each mode does with a frame, what it
// counts, and how the auto level follows the load it is fed.

#include "common/clock.h"
#include "send/send_compression.h"
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

// One payload through one connection's stream, its order released at once
// (nothing is sent here).
PackedPayload pack(SendCompression& c, const std::string& t, codec::AutoCompressState& state, LinkCompression& link)
{
    std::unique_lock<std::mutex> order;
    const PackedPayload out = c.pack(bytes(t), t.size(), state, link, order);
    return out;
}

constexpr uint64_t kPeriod = 250'000'000; // ns, the stats tick

} // namespace

class TestSendCompression : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void noneLeavesFramesAloneAndCountsNothing()
    {
        StageSet stages;
        StageCounters& stage = stages[StageId::Compress];
        SendCompression none(CompressSpec{}, stages);
        QVERIFY(!none.enabled());
        const std::string t = text(100'000);
        auto state = none.startFile("a.txt");
        LinkCompression link;
        const PackedPayload out = pack(none, t, state, link);
        QVERIFY(out.algo == codec::Algo::None && out.data == bytes(t) && out.size == t.size());
        QCOMPARE(stage.bytes(), uint64_t(0));
        QVERIFY(none.summary().empty());
    }

    // lz4 compresses every frame that saves and sends the rest raw; zstd puts
    // every frame into the connection's stream, whatever it saves, and packs
    // it while holding the stream's order.
    void fixedModesCompressEveryFrame()
    {
        for (const CompressSpec spec : {CompressSpec{CompressMode::Zstd, 3}, CompressSpec{CompressMode::Lz4, 3}}) {
            const bool zstd = spec.mode == CompressMode::Zstd;
            StageSet stages;
            SendCompression c(spec, stages);
            LinkCompression link;
            const std::string t = text(200'000);
            const std::string noise = fgtest::randomBytes(200'000, 7);
            auto state = c.startFile("photo.jpg"); // names do not matter here
            {
                std::unique_lock<std::mutex> order;
                const PackedPayload packed = c.pack(bytes(t), t.size(), state, link, order);
                QVERIFY(packed.algo == (zstd ? codec::Algo::Zstd : codec::Algo::Lz4));
                QCOMPARE(order.owns_lock(), zstd);
                QVERIFY(packed.size < t.size() / 4);
            }
            const PackedPayload second = pack(c, noise, state, link);
            if (zstd) {
                // In zstd's raw blocks: a few bytes more than it was.
                QVERIFY(second.algo == codec::Algo::Zstd);
                QVERIFY(second.size > noise.size() && second.size < noise.size() + 64);
            } else {
                QVERIFY(second.algo == codec::Algo::None && second.data == bytes(noise));
            }
            const StageSnapshot s = stages.snapshotOf(StageId::Compress);
            QCOMPARE(s.bytes, uint64_t(400'000)); // bytes in, both frames
            QCOMPARE(s.items, uint64_t(zstd ? 2 : 1)); // frames that went compressed
            const std::string expect = zstd ? "2 of 2 frames compressed" : "1 of 2 frames compressed";
            QVERIFY2(c.summary().find(expect) != std::string::npos, c.summary().c_str());
            if (zstd) {
                // A big frame of a file not known to compress is looked at
                // first, and noise goes raw, outside the stream; a small one
                // is too cheap to look at and goes in.
                auto fresh = c.startFile("noise.bin");
                QVERIFY(pack(c, noise, fresh, link).algo == codec::Algo::None);
                const std::string smallNoise = noise.substr(0, 10'000);
                QVERIFY(pack(c, smallNoise, fresh, link).algo == codec::Algo::Zstd);
            }
        }
    }

    // Frames packed on one link are pieces of one stream: a frame whose lines
    // an earlier frame carried costs a fraction of what it does alone, and
    // the pieces decode in order, raw frames between them left out.
    void zstdFramesShareTheirLinksHistory()
    {
        StageSet stages;
        SendCompression c(CompressSpec{CompressMode::Auto, 3}, stages);
        LinkCompression link;
        codec::StreamDecompressor receiver;
        codec::FrameCompressor alone;
        std::vector<uint8_t> out, single;
        // Lines that repeat across files, in another order in each.
        std::vector<std::string> lines;
        for (int i = 0; i < 200; ++i) lines.push_back(text(60 + i % 50).substr(i % 40) + std::to_string(i * 7919) + "\n");
        size_t streamed = 0, independent = 0;
        for (int f = 0; f < 40; ++f) {
            std::string file;
            for (int i = 0; i < 60; ++i) file += lines[size_t(f * 37 + i * 11) % lines.size()];
            auto state = c.startFile("log" + std::to_string(f) + ".txt");
            const PackedPayload p = pack(c, file, state, link);
            QVERIFY(p.algo == codec::Algo::Zstd);
            QVERIFY(receiver.decompress(p.data, p.size, out, 256 * 1024).ok());
            QCOMPARE(std::string(out.begin(), out.end()), file);
            QCOMPARE(alone.compress(bytes(file), file.size(), single, codec::Algo::Zstd, 3), codec::Algo::Zstd);
            if (f >= 10) {
                streamed += p.size;
                independent += single.size();
            }
            // A known compressed name goes raw: not in the stream, which
            // goes on undisturbed.
            const std::string noise = fgtest::randomBytes(3000, uint64_t(f));
            auto jpg = c.startFile("p" + std::to_string(f) + ".jpg");
            QVERIFY(pack(c, noise, jpg, link).algo == codec::Algo::None);
        }
        QVERIFY2(streamed * 3 < independent, qPrintable(QStringLiteral("%1 streamed, %2 alone").arg(streamed).arg(independent)));
    }
    void autoSkipsKnownCompressedNames()
    {
        StageSet stages;
        StageCounters& stage = stages[StageId::Compress];
        SendCompression c(CompressSpec{CompressMode::Auto, 3}, stages);
        const std::string t = text(200'000);
        auto jpg = c.startFile("dir/IMG_0001.JPG");
        LinkCompression link;
        for (int i = 0; i < 3; ++i) QVERIFY(pack(c, t, jpg, link).algo == codec::Algo::None);
        auto txt = c.startFile("dir/notes.txt");
        QVERIFY(pack(c, t, txt, link).algo == codec::Algo::Zstd);
        QCOMPARE(stage.items(), uint64_t(1));
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

    // Whether compressing, flat out, feeds more than the network carried at
    // its best: 100 MB in 0.5 s of one worker's time, 2 workers = 400 MB/s.
    void outrunsTheLinkComparesCompressingWithTheBestNetworkRate()
    {
        CompressLoad load;
        load.elapsedNs = kPeriod;
        load.workers = 2;
        load.compressNs = 500'000'000;
        load.packedBytes = 100'000'000;
        QVERIFY(!observationOf(load).outrunsLink); // no network-bound period seen yet
        load.linkBytesPerSec = 60e6;               // a 500 Mbit/s link
        QVERIFY(observationOf(load).outrunsLink);
        load.linkBytesPerSec = 1e9;                // a fast LAN
        QVERIFY(!observationOf(load).outrunsLink);
    }

    // While compressing takes all the workers' time, auto steps down a level a
    // period, down to none, and then sends text raw.
    void autoBacksOffWhenCompressionIsTheLimit()
    {
        StageSet stages;
        StageCounters& stage = stages[StageId::Compress];
        SendCompression c(CompressSpec{CompressMode::Auto, 3}, stages);
        const StageSnapshot send;
        // This thread compresses all the time (its track is busy compressing
        // unless told otherwise), for three short periods.
        StageTrack compressing(stages, {StageId::Compress});
        (void)stage;
        c.observe(send, 1, fg::monotonicNs()); // the first only sets the baseline
        for (int i = 0; i < 3; ++i) {
            QTest::qSleep(20);
            c.observe(send, 1, fg::monotonicNs());
        }
        const std::string t = text(100'000);
        auto state = c.startFile("notes.txt");
        LinkCompression link;
        QVERIFY(pack(c, t, state, link).algo == codec::Algo::None);
        QVERIFY2(c.summary().find("auto (zstd level 3 \u2192 none)") != std::string::npos, c.summary().c_str());
    }
    // The diagnosis's verdict reaches auto's observation: where fewer bytes
    // cannot help, the level does not rise on the send stage's waits.
    void theVerdictSaysWhetherFewerBytesHelp()
    {
        for (const char* helps : {"", "unknown", "network-congestion", "network-loss", "receive-window", "bandwidth-limit"})
            QVERIFY2(fewerBytesMayHelp(helps), helps);
        for (const char* not_ : {"destination-write", "decompression", "remote-cpu", "encryption", "per-file-overhead",
                                 "source-read", "hashing"})
            QVERIFY2(!fewerBytesMayHelp(not_), not_);
        CompressLoad load;
        load.elapsedNs = 1'000'000'000;
        load.workers = 1;
        load.sendNs = 900'000'000;
        QVERIFY(!observationOf(load).limitElsewhere);
        load.limitElsewhere = true;
        QVERIFY(observationOf(load).limitElsewhere);
    }
};

QTEST_GUILESS_MAIN(TestSendCompression)
#include "test_send_compression.moc"
