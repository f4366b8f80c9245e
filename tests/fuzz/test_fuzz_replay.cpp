// Replays random and mutated inputs through the fuzz targets: the same code
// libFuzzer drives, run in every ctest (and under the sanitizers).

#include "codec/compress.h"
#include "fuzz_targets.h"
#include "proto/compressed_frames.h"
#include "proto/messages.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

using namespace fg::proto;

namespace {

// The seed's folder: a long name, repeated in its entries' paths, so the
// list batch goes compressed (protocol 18), a seed for the list's expansion.
const std::string kFolder = "a-folder-whose-name-repeats-in-every-path";

// A valid session from the sender's side: the seed that mutations start from.
std::vector<Frame> validSessionFrames()
{
    std::vector<Frame> frames;
    frames.push_back(toFrame(FileListBeginMsg{}));
    FileListBatchMsg batch;
    WireEntry root;
    root.path = ".";
    root.type = WireFileType::Directory;
    root.mode = 0755;
    const std::string& d = kFolder;
    WireEntry dir;
    dir.path = d;
    dir.type = WireFileType::Directory;
    dir.mode = 0755;
    WireEntry file;
    file.path = d + "/f";
    file.size = 5;
    file.mode = 0644;
    WireEntry link;
    link.path = "l";
    link.type = WireFileType::Symlink;
    link.linkTarget = d + "/f";
    // Two compressible files that come compressed: one zstd SmallFile, one
    // lz4 Data frame, seeds for the decompressing paths.
    const std::string text = [] {
        std::string t;
        for (int i = 0; t.size() < 4096; ++i) t += "line " + std::to_string(i % 17) + " of a text file\n";
        t.resize(4096);
        return t;
    }();
    const auto* raw = reinterpret_cast<const uint8_t*>(text.data());
    WireEntry zstdFile = file;
    zstdFile.path = d + "/z";
    zstdFile.size = text.size();
    WireEntry lz4File = zstdFile;
    lz4File.path = d + "/y";
    batch.entries = {root, dir, file, link, zstdFile, lz4File};
    fg::codec::FrameCompressor compressor;
    frames.push_back(toCompressedFrame(batch, compressor));
    FileListEndMsg end;
    end.count = 6;
    frames.push_back(toFrame(end));
    frames.push_back(makeDataFrame(2, 0, reinterpret_cast<const uint8_t*>("hello"), 5, true));
    FileEndMsg fe;
    fe.index = 2;
    fe.size = 5;
    fe.hash = fg::digestOf(fg::ChecksumChoice::Xxh128, "hello", 5);
    frames.push_back(toFrame(fe));
    // The same file again as one SmallFile frame, and a chunk end: seeds
    // for the other data paths.
    SmallFileHeader small;
    small.index = 2;
    small.hash = fg::digestOf(fg::ChecksumChoice::Xxh128, "hello", 5);
    frames.push_back(makeSmallFileFrame(small, reinterpret_cast<const uint8_t*>("hello"), 5));
    // And as-listed (its time and mode from the list), raw and compressed below.
    small.asListed = true;
    frames.push_back(makeSmallFileFrame(small, reinterpret_cast<const uint8_t*>("hello"), 5));
    ChunkEndMsg ce;
    ce.index = 2;
    ce.length = 5;
    ce.hash = fg::digestOf(fg::ChecksumChoice::Xxh128, "hello", 5);
    frames.push_back(toFrame(ce));
    std::vector<uint8_t> packed;
    SmallFileHeader z;
    z.index = 4;
    z.hash = fg::digestOf(fg::ChecksumChoice::Xxh128, raw, text.size());
    const auto zstdUsed = compressor.compress(raw, text.size(), packed, fg::codec::Algo::Zstd, 3);
    frames.push_back(makeSmallFileFrame(z, packed.data(), packed.size(), zstdUsed));
    z.asListed = true;
    const auto lz4Small = compressor.compress(raw, text.size(), packed, fg::codec::Algo::Lz4, 0);
    frames.push_back(makeSmallFileFrame(z, packed.data(), packed.size(), lz4Small));
    const auto lz4Used = compressor.compress(raw, text.size(), packed, fg::codec::Algo::Lz4, 0);
    frames.push_back(makeDataFrame(5, 0, packed.data(), packed.size(), true, lz4Used));
    FileEndMsg ye;
    ye.index = 5;
    ye.size = text.size();
    ye.hash = z.hash;
    frames.push_back(toFrame(ye));
    frames.push_back(toFrame(SenderDoneMsg{}));
    return frames;
}

std::vector<uint8_t> validSession() { return encodeFrames(validSessionFrames()); }

void mutate(std::vector<uint8_t>& data, std::mt19937& rng)
{
    int edits = int(rng() % 4) + 1;
    for (int i = 0; i < edits && !data.empty(); ++i) {
        size_t pos = rng() % data.size();
        switch (rng() % 4) {
        case 0: data[pos] = uint8_t(rng()); break;                 // flip a byte
        case 1: data.erase(data.begin() + std::ptrdiff_t(pos)); break; // drop one
        case 2: data.insert(data.begin() + std::ptrdiff_t(pos), uint8_t(rng())); break;
        case 3: data.resize(pos); break;                           // truncate
        }
    }
}

} // namespace

class TestFuzzReplay : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void wireDecodersSurviveRandomInput()
    {
        std::mt19937 rng(12345);
        size_t frames = 0, decoded = 0, refused = 0;
        for (int i = 0; i < 20000; ++i) {
            std::vector<uint8_t> data(rng() % 512);
            for (auto& b : data) b = uint8_t(rng());
            // Mostly plausible headers, so payload decoders get exercised.
            if (data.size() >= 8) {
                uint32_t len = uint32_t(data.size() - 8);
                data[0] = uint8_t(len);
                data[1] = uint8_t(len >> 8);
                data[2] = data[3] = 0;
                data[4] = uint8_t(rng() % 28);
                data[5] = 0;
            }
            fgfuzz::fuzzWire(data.data(), data.size());
            const auto stats = fgfuzz::lastWireStats();
            frames += stats.frames;
            decoded += stats.decoded;
            refused += stats.refused;
        }
        // The plausible headers made frames, and random payloads reached the
        // decoders both ways: some taken (empty messages are valid), most
        // refused.
        QVERIFY2(frames > 10000, qPrintable(QString::number(frames)));
        QVERIFY2(decoded > 0 && refused > decoded, qPrintable(QStringLiteral("%1 taken, %2 refused").arg(decoded).arg(refused)));
    }

private:
    // The seed itself: each of its `frames` frames decodes as its type; then
    // mutations of it land in payloads that still decode, and break others.
    void wireDecodersSurviveMutationsOf(const std::vector<uint8_t>& seed, size_t frames, unsigned rngSeed)
    {
        std::mt19937 rng(rngSeed);
        fgfuzz::fuzzWire(seed.data(), seed.size());
        const auto whole = fgfuzz::lastWireStats();
        QCOMPARE(whole.frames, frames);
        QCOMPARE(whole.decoded, whole.frames);
        size_t intact = 0, broken = 0;
        for (int i = 0; i < 20000; ++i) {
            auto data = seed;
            mutate(data, rng);
            fgfuzz::fuzzWire(data.data(), data.size());
            const auto stats = fgfuzz::lastWireStats();
            if (stats.frames == whole.frames && stats.refused == 0) ++intact;
            if (stats.refused > 0 || stats.frames < whole.frames) ++broken;
        }
        QVERIFY2(intact > 0 && broken > 0, qPrintable(QStringLiteral("%1 intact, %2 broken").arg(intact).arg(broken)));
    }

private Q_SLOTS:
    // The seed covers protocol 18's frames: a compressed list batch and
    // as-listed small files, raw and compressed.
    void theSeedHoldsACompressedListAndAsListedFiles()
    {
        int compressedLists = 0;
        int asListed = 0;
        int asListedCompressed = 0;
        for (const Frame& f : validSessionFrames()) {
            if (f.type == uint16_t(MsgType::FileListBatch) && f.flags != 0) ++compressedLists;
            if (f.type == uint16_t(MsgType::SmallFile) && (f.flags & kSmallFileAsListed)) {
                ++asListed;
                if (f.flags & kPayloadAlgoMask) ++asListedCompressed;
            }
        }
        QCOMPARE(compressedLists, 1);
        QCOMPARE(asListed, 2);
        QCOMPARE(asListedCompressed, 1);
    }

    void wireDecodersSurviveMutatedSessions() { wireDecodersSurviveMutationsOf(validSession(), 13, 777); }

    void probeDecodersSurviveMutatedConversations() { wireDecodersSurviveMutationsOf(fgfuzz::probeSeedSession(), 8, 4040); }

    void summaryDecodersSurviveMutatedSessions() { wireDecodersSurviveMutationsOf(fgfuzz::summarySeedSession(), 6, 1717); }

    void decompressorSurvivesMutatedFrames()
    {
        // Seeds: real frames of each algorithm, of a short and a long text.
        std::string text;
        for (int i = 0; text.size() < 200000; ++i) text += "frame " + std::to_string(i % 977) + " of a file; ";
        std::vector<std::vector<uint8_t>> seeds;
        fg::codec::FrameCompressor compressor;
        std::vector<uint8_t> packed;
        for (const auto algo : {fg::codec::Algo::Zstd, fg::codec::Algo::Lz4}) {
            for (size_t n : {size_t(300), text.size()}) {
                const auto* raw = reinterpret_cast<const uint8_t*>(text.data());
                const auto used = compressor.compress(raw, n, packed, algo, 3);
                QCOMPARE(used, algo);
                std::vector<uint8_t> seed(packed.size() + 1, uint8_t(algo));
                std::copy(packed.begin(), packed.end(), seed.begin() + 1);
                seeds.push_back(std::move(seed));
            }
        }
        std::mt19937 rng(99);
        // The seeds are what a sender makes: each decodes to its text (the
        // target checks that every frame it takes is within the limit and
        // that what it compresses comes back, and aborts otherwise).
        fg::codec::FrameDecompressor decompressor;
        std::vector<uint8_t> out;
        for (const auto& seed : seeds) {
            QVERIFY(decompressor.decompress(fg::codec::Algo(seed[0]), seed.data() + 1, seed.size() - 1, out,
                                            kMaxDataPayload).ok());
            QVERIFY(out.size() == 300 || out.size() == text.size());
            QVERIFY(std::equal(out.begin(), out.end(), text.begin()));
            fgfuzz::fuzzDecompress(seed.data(), seed.size());
        }
        for (int i = 0; i < 4000; ++i) {
            auto data = seeds[rng() % seeds.size()];
            mutate(data, rng);
            fgfuzz::fuzzDecompress(data.data(), data.size());
        }
        for (int i = 0; i < 4000; ++i) {
            std::vector<uint8_t> data(rng() % 2048);
            for (auto& b : data) b = uint8_t(rng());
            fgfuzz::fuzzDecompress(data.data(), data.size());
        }
    }

    void receiverSurvivesMutatedSessions()
    {
        std::mt19937 rng(4242);
        const auto seed = validSession();
        // The seed is a whole session: its files arrive as sent.
        fgfuzz::fuzzReceiver(seed.data(), seed.size());
        const auto tree = fgfuzz::receiverTreeAfterLastRun();
        QCOMPARE(tree.size(), size_t(5));
        QCOMPARE(tree.at(kFolder), std::string("/"));
        QCOMPARE(tree.at(kFolder + "/f"), std::string("hello"));
        QCOMPARE(tree.at("l"), "-> " + kFolder + "/f");
        QCOMPARE(tree.at(kFolder + "/z").size(), size_t(4096));
        QCOMPARE(tree.at(kFolder + "/y"), tree.at(kFolder + "/z"));
        // Mutants: nothing ever lands outside the destination (the target
        // aborts if it does); some still deliver every file, some none.
        int whole = 0, partial = 0;
        for (int i = 0; i < 300; ++i) {
            auto data = seed;
            mutate(data, rng);
            fgfuzz::fuzzReceiver(data.data(), data.size());
            const auto got = fgfuzz::receiverTreeAfterLastRun();
            ++(got == tree ? whole : partial);
        }
        QVERIFY2(whole > 0 && partial > 0, qPrintable(QStringLiteral("%1 whole, %2 not").arg(whole).arg(partial)));
    }

    void seedSessionLosesNoFileHoweverTheWritersRace()
    {
        // The seed sends one file as a Data frame and again as SmallFile
        // frames, which go to two writers: the one-frame claim and the open
        // file then race. A claim that made the file beside the Data writer's
        // once lost it (one run in six; caught here in each of 5 tries with the
        // fix taken out); each run must deliver the whole tree.
        const auto seed = validSession();
        fgfuzz::fuzzReceiver(seed.data(), seed.size());
        const auto tree = fgfuzz::receiverTreeAfterLastRun();
        QCOMPARE(tree.size(), size_t(5));
        for (int run = 0; run < 200; ++run) {
            fgfuzz::fuzzReceiver(seed.data(), seed.size());
            const auto got = fgfuzz::receiverTreeAfterLastRun();
            QVERIFY2(got == tree, qPrintable(QStringLiteral("run %1: %2 of %3 entries, %4")
                                                 .arg(run)
                                                 .arg(got.size())
                                                 .arg(tree.size())
                                                 .arg(got.count(kFolder + "/f") ? QStringLiteral("the raced file there")
                                                                                : QStringLiteral("the raced file lost"))));
        }
    }

    void deltaReceiverSurvivesMutatedDeltas()
    {
        std::mt19937 rng(4343);
        const auto seed = fgfuzz::deltaSeedSession();
        fgfuzz::fuzzDeltaReceiver(seed.data(), seed.size());
        // The seed itself is a delta that goes through: the file changed.
        const std::string before = fgfuzz::deltaTargetAfterLastRun();
        fgfuzz::fuzzDeltaReceiver(nullptr, 0);
        const std::string untouched = fgfuzz::deltaTargetAfterLastRun();
        QCOMPARE(before.size(), untouched.size());
        QVERIFY(before != untouched);
        // A mutated delta either rebuilds the new version (it verified) or
        // leaves the old copy as it was: never anything else.
        int rebuilt = 0, kept = 0;
        for (int i = 0; i < 150; ++i) {
            auto data = seed;
            mutate(data, rng);
            fgfuzz::fuzzDeltaReceiver(data.data(), data.size());
            const std::string after = fgfuzz::deltaTargetAfterLastRun();
            QVERIFY2(after == before || after == untouched, qPrintable(QStringLiteral("mutant %1").arg(i)));
            ++(after == before ? rebuilt : kept);
        }
        QVERIFY2(rebuilt > 0 && kept > 0, qPrintable(QStringLiteral("%1 rebuilt, %2 kept").arg(rebuilt).arg(kept)));
    }

    void configReaderSurvivesMutatedFiles()
    {
        const std::string seed = fgfuzz::configSeed();
        QCOMPARE(fgfuzz::fuzzConfig(reinterpret_cast<const uint8_t*>(seed.data()), seed.size()), 0);
        std::mt19937 rng(20261203);
        for (int i = 0; i < 3000; ++i) {
            std::vector<uint8_t> data(seed.begin(), seed.end());
            mutate(data, rng);
            fgfuzz::fuzzConfig(data.data(), data.size()); // aborts on a broken promise
        }
    }

    // The corpora libFuzzer grew (tests/fuzz/corpus/TARGET, minimised, kept
    // small): every input that reached new code once is run again here, so
    // a change that breaks one of those paths is caught without a fuzzer.
    void corporaReplay_data()
    {
        QTest::addColumn<QString>("target");
        for (const char* t : {"wire", "receiver", "delta", "decompress", "config"}) QTest::newRow(t) << QString::fromLatin1(t);
    }
    void corporaReplay()
    {
        QFETCH(QString, target);
        const QDir dir(QStringLiteral(FG_SOURCE_DIR "/tests/fuzz/corpus/") + target);
        const QStringList files = dir.entryList(QDir::Files);
        if (files.isEmpty()) QSKIP("no corpus kept for this target");
        using Target = int (*)(const uint8_t*, size_t);
        const Target run = target == QStringLiteral("wire")       ? fgfuzz::fuzzWire
                         : target == QStringLiteral("receiver")   ? fgfuzz::fuzzReceiver
                         : target == QStringLiteral("delta")      ? fgfuzz::fuzzDeltaReceiver
                         : target == QStringLiteral("config")     ? fgfuzz::fuzzConfig
                                                                  : fgfuzz::fuzzDecompress;
        for (const QString& name : files) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray data = f.readAll();
            run(reinterpret_cast<const uint8_t*>(data.constData()), size_t(data.size()));
        }
        qInfo("%lld inputs replayed", qlonglong(files.size()));
    }
};

QTEST_GUILESS_MAIN(TestFuzzReplay)
#include "test_fuzz_replay.moc"
