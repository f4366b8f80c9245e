// The frame codec (compress, decompress, its limits), auto mode's per-file
// policy and the adaptive level controller.

#include "codec/adaptive_level.h"
#include "codec/compress.h"
#include "codec/compress_policy.h"

#include "test_support.h"

#include <QTest>

#include <zstd.h>

#include <algorithm>
#include <initializer_list>
#include <random>
#include <string>
#include <vector>

using namespace fg::codec;

namespace {

// proto::kMaxDataPayload: the most a data frame carries, so the receiver's limit.
constexpr size_t kFrameLimit = 256 * 1024;

std::vector<uint8_t> bytes(const std::string& s) { return {s.begin(), s.end()}; }

std::vector<uint8_t> randomData(size_t n, uint64_t seed) { return bytes(fgtest::randomBytes(n, seed)); }

// Made-up prose: repeats like text does (about 3:1 under zstd), no two
// sentences the same.
std::vector<uint8_t> textData(size_t n, uint32_t seed = 1)
{
    static const char* words[] = {"the",    "file",   "was",     "copied",  "to",      "a",       "server",
                                  "and",    "its",    "hash",    "matched", "before",  "rename",  "stream",
                                  "chunk",  "window", "receiver", "sender", "network", "disk",    "bottleneck",
                                  "of",     "every",  "frame",   "level",   "zstd",    "compression"};
    std::mt19937 rng(seed);
    std::string s;
    while (s.size() < n) {
        s += words[rng() % std::size(words)];
        s += rng() % 9 == 0 ? ".\n" : " ";
    }
    s.resize(n);
    return bytes(s);
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

#define VERIFY_OK(status) QVERIFY2((status).ok(), (status).ok() ? "" : (status).error().message.c_str())
#define VERIFY_REFUSED(status, part)                                                                                   \
    do {                                                                                                               \
        const auto& s_ = (status);                                                                                     \
        QVERIFY2(!s_.ok(), "expected a refusal mentioning: " part);                                                    \
        QCOMPARE(int(s_.error().code), int(fg::Errc::Protocol));                                                       \
        QVERIFY2(contains(s_.error().message, part), s_.error().message.c_str());                                     \
    } while (0)

// A zstd frame of `n` zeros, made with the given parameters.
std::vector<uint8_t> zstdZeros(size_t n, bool withContentSize, int windowLog)
{
    const std::vector<uint8_t> zeros(n, 0);
    std::vector<uint8_t> out(ZSTD_compressBound(n));
    ZSTD_CCtx* cctx = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_contentSizeFlag, withContentSize ? 1 : 0);
    if (windowLog) ZSTD_CCtx_setParameter(cctx, ZSTD_c_windowLog, windowLog);
    const size_t got = ZSTD_compress2(cctx, out.data(), out.size(), zeros.data(), zeros.size());
    ZSTD_freeCCtx(cctx);
    if (ZSTD_isError(got)) qFatal("zstd: %s", ZSTD_getErrorName(got));
    out.resize(got);
    return out;
}

// The fraction of the period each stage would show, for a toy pipeline:
// a link, a disk, and a compressor whose speed and ratio depend on the level.
struct ToyPipeline {
    double linkMBps = 40;  // wire bytes
    double diskMBps = 500; // raw bytes
    static double speed(std::optional<int> level) // raw MB/s one core compresses
    {
        static const double s[] = {0, 500, 450, 400, 220, 150, 110, 100, 70, 50};
        return level ? s[*level] : 1e9;
    }
    static double ratio(std::optional<int> level)
    {
        static const double r[] = {1, 0.45, 0.43, 0.42, 0.41, 0.405, 0.40, 0.39, 0.388, 0.385};
        return level ? r[*level] : 1.0;
    }
    double rate(std::optional<int> level) const
    {
        return std::min({linkMBps / ratio(level), speed(level), diskMBps});
    }
    LevelObservation observe(std::optional<int> level) const
    {
        const double r = rate(level);
        LevelObservation o;
        o.compressBusy = level ? r / speed(level) : 0;
        o.netWait = r >= linkMBps / ratio(level) - 1e-9 ? 0.9 : 0.05;
        o.cpuIdle = 1.0 - (0.25 + o.compressBusy / 2); // two cores, a quarter used by the rest
        return o;
    }
};

} // namespace

class TestCompress : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // ---- round trips ----------------------------------------------------------

    void roundTrips_data()
    {
        QTest::addColumn<int>("algo");
        QTest::addColumn<int>("level");
        const std::pair<const char*, std::pair<Algo, int>> cases[] = {
            {"lz4", {Algo::Lz4, 0}},       {"zstd -5", {Algo::Zstd, -5}}, {"zstd 1", {Algo::Zstd, 1}},
            {"zstd 3", {Algo::Zstd, 3}},   {"zstd 9", {Algo::Zstd, 9}},   {"zstd 19", {Algo::Zstd, 19}},
            {"none", {Algo::None, 0}},
        };
        for (const auto& [name, c] : cases) QTest::newRow(name) << int(c.first) << c.second;
    }
    void roundTrips()
    {
        QFETCH(int, algo);
        QFETCH(int, level);
        // One compressor and one decompressor for every frame: reuse must
        // carry nothing from one frame into the next.
        FrameCompressor compressor;
        FrameDecompressor decompressor;
        std::vector<uint8_t> packed;
        std::vector<uint8_t> unpacked;
        const size_t sizes[] = {0, 1, 2, 63, 64, 4096, 100000, kFrameLimit};
        for (size_t n : sizes) {
            for (int kind = 0; kind < 3; ++kind) {
                const std::vector<uint8_t> raw = kind == 0 ? textData(n, uint32_t(n))
                                                 : kind == 1 ? std::vector<uint8_t>(n, 0x5a)
                                                             : randomData(n, n);
                const Algo used = compressor.compress(raw.data(), raw.size(), packed, Algo(algo), level);
                const QByteArray where = QByteArray::number(qulonglong(n)) + " bytes, kind " + QByteArray::number(kind);
                if (used == Algo::None) {
                    QVERIFY2(packed.empty(), where.constData());
                    continue;
                }
                QCOMPARE(int(used), algo);
                QVERIFY2(packed.size() <= largestKeptSize(n), where.constData());
                VERIFY_OK(decompressor.decompress(used, packed.data(), packed.size(), unpacked, kFrameLimit));
                QVERIFY2(unpacked == raw, where.constData());
            }
        }
    }

    void textAndRunsCompress()
    {
        FrameCompressor compressor;
        std::vector<uint8_t> packed;
        const auto text = textData(kFrameLimit);
        const std::vector<uint8_t> run(kFrameLimit, 'a');
        for (const auto& [algo, level] : std::initializer_list<std::pair<Algo, int>>{
                 {Algo::Lz4, 0}, {Algo::Zstd, -5}, {Algo::Zstd, 1}, {Algo::Zstd, 3}, {Algo::Zstd, 9}}) {
            QCOMPARE(compressor.compress(text.data(), text.size(), packed, algo, level), algo);
            QVERIFY2(packed.size() < text.size() / 2, algoName(algo));
            QCOMPARE(compressor.compress(run.data(), run.size(), packed, algo, level), algo);
            QVERIFY2(packed.size() < run.size() / 100, algoName(algo));
        }
        // Higher levels do compress harder.
        QCOMPARE(compressor.compress(text.data(), text.size(), packed, Algo::Zstd, 1), Algo::Zstd);
        const size_t atOne = packed.size();
        QCOMPARE(compressor.compress(text.data(), text.size(), packed, Algo::Zstd, 9), Algo::Zstd);
        QVERIFY(packed.size() < atOne);
    }

    void randomDataGoesRaw()
    {
        FrameCompressor compressor;
        std::vector<uint8_t> packed = {1, 2, 3};
        const auto noise = randomData(kFrameLimit, 7);
        for (const auto& [algo, level] :
             std::initializer_list<std::pair<Algo, int>>{{Algo::Lz4, 0}, {Algo::Zstd, 1}, {Algo::Zstd, 9}}) {
            QCOMPARE(compressor.compress(noise.data(), noise.size(), packed, algo, level), Algo::None);
            QVERIFY(packed.empty());
        }
        QVERIFY(!compressor.sampleCompresses(noise.data(), noise.size()));
        const auto text = textData(kFrameLimit);
        QVERIFY(compressor.sampleCompresses(text.data(), text.size()));
        // Small frames are looked at whole...
        QVERIFY(!compressor.sampleCompresses(noise.data(), 1000));
        QVERIFY(compressor.sampleCompresses(text.data(), 1000));
        // ... down to where nothing can be said.
        QVERIFY(compressor.sampleCompresses(noise.data(), 63));
    }

    void barelyCompressibleGoesRaw()
    {
        // Random bytes with every 64th one zero: lz4 finds nothing, zstd's
        // entropy coder saves well under 3%, which is not worth keeping.
        auto data = randomData(kFrameLimit, 11);
        for (size_t i = 0; i < data.size(); i += 64) data[i] = 0;
        FrameCompressor compressor;
        std::vector<uint8_t> packed;
        QCOMPARE(compressor.compress(data.data(), data.size(), packed, Algo::Zstd, 3), Algo::None);
        QCOMPARE(compressor.compress(data.data(), data.size(), packed, Algo::Lz4, 0), Algo::None);
    }

    // ---- auto mode ----------------------------------------------------------------

    void knownCompressedNames()
    {
        for (const char* name : {"a.zip", "photo.JPG", "dir/sub/film.mkv", "x.tar.gz", "b.TGZ", "c.zst", "d.7z",
                                 "song.mp3", "v.MOV", "img.png", "e.xz", "f.docx", "g.jar", "h.deb", "i.heic",
                                 "j.webm", "k.opus", "l.flac", "m.bz2", "n.lz4", "o.rpm", "p.apk", "q.avif",
                                 "r.gpg", "dir.zip/inner.webp", "C:\\Users\\me\\clip.mp4"})
            QVERIFY2(isKnownCompressedName(name), name);
        for (const char* name : {"a.txt", "disk.iso", "scan.tiff", "doc.pdf", "main.ts", "Makefile", ".zip",
                                 "dir.zip/inner", "archive.zip.part", "a.", "", "zip", "photo.jpg.txt",
                                 "x.verylongextension", "a.tar"})
            QVERIFY2(!isKnownCompressedName(name), name);
    }

    void autoSkipsKnownCompressedWithoutTrying()
    {
        AutoCompressState state(isKnownCompressedName("movie.mp4"));
        for (int i = 0; i < 100; ++i) QCOMPARE(state.next(), FrameTry::Skip);
    }

    void autoBacksOffOnIncompressibleAndLooksAgain()
    {
        AutoCompressState state;
        // Looked at, failed: skip 1, 2, 4, ... then every kMaxSkip.
        std::vector<int> gaps;
        int skipped = 0;
        for (int frame = 0; frame < 400; ++frame) {
            const FrameTry how = state.next();
            if (how == FrameTry::Skip) {
                ++skipped;
                continue;
            }
            QCOMPARE(how, FrameTry::Sample);
            gaps.push_back(skipped);
            skipped = 0;
            state.record(false, kFrameLimit);
        }
        const std::vector<int> start = {0, 1, 2, 4, 8, 16, 32, 32, 32};
        QVERIFY(gaps.size() > start.size());
        QVERIFY(std::equal(start.begin(), start.end(), gaps.begin()));
        for (size_t i = start.size(); i < gaps.size(); ++i) QCOMPARE(gaps[i], int(AutoCompressState::kMaxSkip));
    }

    void autoCompressesWithoutSamplingOnceItWorks()
    {
        AutoCompressState state;
        QCOMPARE(state.next(), FrameTry::Sample);
        state.record(true, kFrameLimit);
        for (int i = 0; i < 10; ++i) {
            QCOMPARE(state.next(), FrameTry::Full);
            state.record(true, kFrameLimit);
        }
        // One frame that does not compress (a picture inside a document):
        // one skipped, then sampled again.
        state.record(false, kFrameLimit);
        QCOMPARE(state.next(), FrameTry::Skip);
        QCOMPARE(state.next(), FrameTry::Sample);
        state.record(true, kFrameLimit);
        QCOMPARE(state.next(), FrameTry::Full);
    }

    void autoFramesRoundTripAndRandomStaysRaw()
    {
        FrameCompressor compressor;
        FrameDecompressor decompressor;
        std::vector<uint8_t> packed;
        std::vector<uint8_t> unpacked;
        // A file that is random for 40 frames, then text: raw throughout the
        // noise with few looks, compressed again soon after the text starts.
        AutoCompressState state;
        const auto noise = randomData(kFrameLimit, 3);
        const auto text = textData(kFrameLimit);
        int looked = 0;
        for (int frame = 0; frame < 40; ++frame) {
            const FrameTry peek = AutoCompressState(state).next();
            looked += peek != FrameTry::Skip;
            QCOMPARE(compressAuto(compressor, state, noise.data(), noise.size(), packed, 3), Algo::None);
            QVERIFY(packed.empty());
        }
        QVERIFY2(looked <= 8, QByteArray::number(looked).constData());
        int firstCompressed = -1;
        for (int frame = 0; frame < 40; ++frame) {
            const Algo used = compressAuto(compressor, state, text.data(), text.size(), packed, 3);
            if (used == Algo::None) continue;
            QCOMPARE(used, Algo::Zstd);
            if (firstCompressed < 0) firstCompressed = frame;
            VERIFY_OK(decompressor.decompress(used, packed.data(), packed.size(), unpacked, kFrameLimit));
            QVERIFY(unpacked == text);
        }
        QVERIFY(firstCompressed >= 0 && firstCompressed <= int(AutoCompressState::kMaxSkip));
    }

    void extensionMemoryStopsLookingAtFilesThatNeverCompress()
    {
        // The benchmark's small tree: thousands of random 4 KiB *.bin files.
        ExtensionMemory memory;
        FrameCompressor compressor;
        std::vector<uint8_t> packed;
        const auto noise = randomData(4096, 21);
        std::vector<int> looked;
        for (int file = 0; file < 300; ++file) {
            AutoCompressState state = memory.start("d/f" + std::to_string(file) + ".BIN");
            if (AutoCompressState(state).next() != FrameTry::Skip) looked.push_back(file);
            QCOMPARE(compressAuto(compressor, state, noise.data(), noise.size(), packed, 9), Algo::None);
        }
        // Two in a row fail, then one in 2, 4, ... 64 is looked at.
        const std::vector<int> expected = {0, 1, 3, 7, 15, 31, 63, 127, 191, 255};
        QCOMPARE(looked, expected);

        // Other extensions keep their own record.
        const auto text = textData(4096);
        AutoCompressState txt = memory.start("notes.txt");
        QCOMPARE(compressAuto(compressor, txt, text.data(), text.size(), packed, 9), Algo::Zstd);

        // A big *.bin file starts backed off, gets its first look after
        // kMaxSkip frames, and when that compresses, *.bin files are looked
        // at from the start again.
        const auto bigText = textData(kFrameLimit);
        AutoCompressState big = memory.start("disk.bin");
        unsigned skipped = 0;
        while (compressAuto(compressor, big, bigText.data(), bigText.size(), packed, 3) == Algo::None) ++skipped;
        QCOMPARE(skipped, AutoCompressState::kMaxSkip);
        QCOMPARE(memory.start("next.bin").next(), FrameTry::Sample);
        QCOMPARE(memory.start("after.bin").next(), FrameTry::Sample);
    }

    void extensionMemoryKnowsCompressedNamesAndIsBounded()
    {
        ExtensionMemory memory;
        AutoCompressState jpg = memory.start("IMG_0001.JPG");
        for (int i = 0; i < 50; ++i) QCOMPARE(jpg.next(), FrameTry::Skip);
        // Files without an extension share a record.
        for (const char* name : {"Makefile", "dir.d/README"}) {
            AutoCompressState s = memory.start(name);
            QCOMPARE(s.next(), FrameTry::Sample);
            s.record(false, 4096);
        }
        QCOMPARE(memory.start("LICENSE").next(), FrameTry::Skip);
        // Tiny files fail for being tiny, whatever they hold: they teach nothing.
        for (int i = 0; i < 5; ++i) {
            AutoCompressState s = memory.start("tiny.json");
            QCOMPARE(s.next(), FrameTry::Sample);
            s.record(false, AutoCompressState::kTellingFrameBytes - 1);
        }
        // Past kMaxRecords extensions, new ones are not remembered.
        for (size_t i = 0; i < ExtensionMemory::kMaxRecords; ++i) (void)memory.start("f.e" + std::to_string(i));
        for (int i = 0; i < 5; ++i) {
            AutoCompressState s = memory.start("new.unremembered");
            QCOMPARE(s.next(), FrameTry::Sample);
            s.record(false, 4096);
        }
    }

    // ---- limits: what a peer may not make us do ----------------------------

    void zstdFrameDeclaringATebibyteIsRefusedWithoutAllocating()
    {
        // A complete, well-formed frame whose header claims 1 TiB: magic,
        // descriptor (8-byte content size, single segment), the size, and one
        // RLE block of 16 bytes.
        const std::vector<uint8_t> frame = {0x28, 0xb5, 0x2f, 0xfd, 0xe0, 0, 0, 0, 0, 0, 1, 0, 0, 0x83, 0, 0, 'x'};
        QCOMPARE(ZSTD_getFrameContentSize(frame.data(), frame.size()), 1ull << 40);
        FrameDecompressor decompressor;
        std::vector<uint8_t> out;
        VERIFY_REFUSED(decompressor.decompress(Algo::Zstd, frame.data(), frame.size(), out, kFrameLimit),
                       "zstd frame declares 1099511627776 bytes, more than the 262144 bytes a frame may hold");
        QCOMPARE(out.capacity(), size_t(0));
    }

    void zstdBombIsRefused()
    {
        FrameDecompressor decompressor;
        std::vector<uint8_t> out;
        // 8 MiB of zeros that say so: refused by the header alone.
        const auto honest = zstdZeros(8 << 20, true, 0);
        QVERIFY(honest.size() < 1024);
        VERIFY_REFUSED(decompressor.decompress(Algo::Zstd, honest.data(), honest.size(), out, kFrameLimit),
                       "declares 8388608 bytes");
        QCOMPARE(out.capacity(), size_t(0));
        // The same without a content size, in a window small enough to pass:
        // refused once the output passes the limit.
        const auto quiet = zstdZeros(8 << 20, false, 10);
        QCOMPARE(ZSTD_getFrameContentSize(quiet.data(), quiet.size()), ZSTD_CONTENTSIZE_UNKNOWN);
        VERIFY_REFUSED(decompressor.decompress(Algo::Zstd, quiet.data(), quiet.size(), out, kFrameLimit),
                       "decodes to more than the 262144 bytes");
        QVERIFY(out.capacity() <= kFrameLimit + 1);
        // ... and in zstd's default window (8 MiB): refused before zstd
        // allocates that window.
        const auto wide = zstdZeros(8 << 20, false, 0);
        VERIFY_REFUSED(decompressor.decompress(Algo::Zstd, wide.data(), wide.size(), out, kFrameLimit),
                       "needs a window larger than the 262144 bytes");
        // The decompressor is still good for honest frames.
        const auto text = textData(kFrameLimit);
        FrameCompressor compressor;
        std::vector<uint8_t> packed;
        QCOMPARE(compressor.compress(text.data(), text.size(), packed, Algo::Zstd, 3), Algo::Zstd);
        VERIFY_OK(decompressor.decompress(Algo::Zstd, packed.data(), packed.size(), out, kFrameLimit));
        QVERIFY(out == text);
    }

    void zstdFrameWithoutSizeWithinTheLimitDecodes()
    {
        // A streaming encoder's frame (no content size) of exactly the limit,
        // and one of a few bytes: the buffer grows from small to the limit.
        FrameDecompressor decompressor;
        std::vector<uint8_t> out;
        for (size_t n : {size_t(5), size_t(100000), kFrameLimit}) {
            const auto frame = zstdZeros(n, false, 18);
            VERIFY_OK(decompressor.decompress(Algo::Zstd, frame.data(), frame.size(), out, kFrameLimit));
            QCOMPARE(out.size(), n);
            QVERIFY(std::all_of(out.begin(), out.end(), [](uint8_t b) { return b == 0; }));
        }
        const auto over = zstdZeros(kFrameLimit + 1, false, 18);
        VERIFY_REFUSED(decompressor.decompress(Algo::Zstd, over.data(), over.size(), out, kFrameLimit),
                       "decodes to more than");
    }

    void lz4BombIsRefused()
    {
        FrameCompressor compressor;
        FrameDecompressor decompressor;
        std::vector<uint8_t> packed;
        std::vector<uint8_t> out;
        const std::vector<uint8_t> zeros(8 << 20, 0);
        QCOMPARE(compressor.compress(zeros.data(), zeros.size(), packed, Algo::Lz4, 0), Algo::Lz4);
        VERIFY_REFUSED(decompressor.decompress(Algo::Lz4, packed.data(), packed.size(), out, kFrameLimit),
                       "lz4 frame declares 8388608 bytes, more than the 262144 bytes");
        QCOMPARE(out.capacity(), size_t(0));
        // Lying about its size does not help: lz4 stops at the declared size.
        packed[0] = 0;
        packed[1] = 0;
        packed[2] = 4; // 256 KiB
        packed[3] = 0;
        VERIFY_REFUSED(decompressor.decompress(Algo::Lz4, packed.data(), packed.size(), out, kFrameLimit),
                       "truncated or corrupt lz4 frame");
        QVERIFY(out.capacity() <= kFrameLimit);
        // Nor does the largest size the header can hold.
        std::fill(packed.begin(), packed.begin() + 4, uint8_t(0xff));
        VERIFY_REFUSED(decompressor.decompress(Algo::Lz4, packed.data(), packed.size(), out, kFrameLimit),
                       "declares 4294967295 bytes");
    }

    void rawFrameOverTheLimitIsRefused()
    {
        FrameDecompressor decompressor;
        std::vector<uint8_t> out;
        const std::vector<uint8_t> big(kFrameLimit + 1, 1);
        VERIFY_REFUSED(decompressor.decompress(Algo::None, big.data(), big.size(), out, kFrameLimit),
                       "raw frame holds 262145 bytes");
        VERIFY_OK(decompressor.decompress(Algo::None, big.data(), kFrameLimit, out, kFrameLimit));
        QCOMPARE(out.size(), kFrameLimit);
    }

    void truncatedAndCorruptFramesAreRefused()
    {
        FrameCompressor compressor;
        FrameDecompressor decompressor;
        std::vector<uint8_t> zpacked;
        std::vector<uint8_t> lpacked;
        std::vector<uint8_t> out;
        const auto text = textData(kFrameLimit);
        QCOMPARE(compressor.compress(text.data(), text.size(), zpacked, Algo::Zstd, 3), Algo::Zstd);
        QCOMPARE(compressor.compress(text.data(), text.size(), lpacked, Algo::Lz4, 0), Algo::Lz4);

        const auto zstdRefuses = [&](std::vector<uint8_t> frame, const char* part) {
            auto status = decompressor.decompress(Algo::Zstd, frame.data(), frame.size(), out, kFrameLimit);
            QVERIFY2(!status.ok(), part);
            QCOMPARE(int(status.error().code), int(fg::Errc::Protocol));
            QVERIFY2(contains(status.error().message, part), status.error().message.c_str());
        };
        zstdRefuses({}, "not a zstd frame");
        zstdRefuses({zpacked.begin(), zpacked.begin() + 3}, "not a zstd frame");
        zstdRefuses({zpacked.begin(), zpacked.end() - 1}, "truncated or corrupt zstd frame");
        zstdRefuses({zpacked.begin(), zpacked.begin() + std::ptrdiff_t(zpacked.size() / 2)},
                    "truncated or corrupt zstd frame");
        auto garbage = randomData(1000, 5);
        zstdRefuses(garbage, "not a zstd frame");
        auto trailing = zpacked;
        trailing.push_back(0);
        zstdRefuses(trailing, "1 bytes after the end of the zstd frame");
        auto twice = zpacked;
        twice.insert(twice.end(), zpacked.begin(), zpacked.end());
        zstdRefuses(twice, "after the end of the zstd frame");
        // Garbage in place of the compressed blocks, header intact: zstd
        // notices (no per-frame checksum is needed for that; what it cannot
        // notice the whole-file hash does).
        auto scrambled = zpacked;
        for (size_t i = 20; i < scrambled.size(); ++i) scrambled[i] = uint8_t(i * 7);
        {
            auto status = decompressor.decompress(Algo::Zstd, scrambled.data(), scrambled.size(), out, kFrameLimit);
            QVERIFY(!status.ok());
            QCOMPARE(int(status.error().code), int(fg::Errc::Protocol));
        }

        const auto lz4Refuses = [&](std::vector<uint8_t> frame, const char* part, size_t maxOut = kFrameLimit) {
            auto status = decompressor.decompress(Algo::Lz4, frame.data(), frame.size(), out, maxOut);
            QVERIFY2(!status.ok(), part);
            QCOMPARE(int(status.error().code), int(fg::Errc::Protocol));
            QVERIFY2(contains(status.error().message, part), status.error().message.c_str());
        };
        lz4Refuses({}, "shorter than its size header");
        lz4Refuses({1, 0, 0}, "shorter than its size header");
        lz4Refuses({lpacked.begin(), lpacked.end() - 1}, "truncated or corrupt lz4 frame");
        lz4Refuses({lpacked.begin(), lpacked.begin() + 4}, "truncated or corrupt lz4 frame");
        // Declares one byte more than its block holds (under a limit that
        // would allow it), or one byte less.
        auto longer = lpacked;
        longer[0] = uint8_t(longer[0] + 1);
        lz4Refuses(longer, "decodes to 262144 bytes, not the 262145 bytes it declares", 2 * kFrameLimit);
        auto shorter = lpacked;
        shorter[0] = 0xff;
        shorter[1] = 0xff;
        shorter[2] = 3; // 0x03ffff = 262143
        lz4Refuses(shorter, "truncated or corrupt lz4 frame");

        auto status = decompressor.decompress(Algo(9), zpacked.data(), zpacked.size(), out, kFrameLimit);
        QVERIFY(!status.ok());
        QVERIFY2(contains(status.error().message, "unknown compression algorithm 9"), status.error().message.c_str());

        // Every refusal leaves the decompressor fit for the next frame.
        VERIFY_OK(decompressor.decompress(Algo::Zstd, zpacked.data(), zpacked.size(), out, kFrameLimit));
        QVERIFY(out == text);
        VERIFY_OK(decompressor.decompress(Algo::Lz4, lpacked.data(), lpacked.size(), out, kFrameLimit));
        QVERIFY(out == text);
    }

    void framesAreIndependent()
    {
        // Frames of one file decode in any order with a fresh decompressor
        // each: nothing of one is needed for another.
        FrameCompressor compressor;
        const auto text = textData(4 * kFrameLimit);
        std::vector<std::vector<uint8_t>> frames(4);
        for (size_t i = 0; i < 4; ++i)
            QCOMPARE(compressor.compress(text.data() + i * kFrameLimit, kFrameLimit, frames[i], Algo::Zstd, 3),
                     Algo::Zstd);
        std::vector<uint8_t> out;
        for (size_t i : {3u, 1u, 0u, 2u}) {
            FrameDecompressor fresh;
            VERIFY_OK(fresh.decompress(Algo::Zstd, frames[i].data(), frames[i].size(), out, kFrameLimit));
            QVERIFY(std::equal(out.begin(), out.end(), text.begin() + std::ptrdiff_t(i * kFrameLimit)));
        }
    }

    void movedFromCodecsAreSafe()
    {
        FrameCompressor a;
        FrameCompressor b(std::move(a));
        FrameDecompressor c;
        FrameDecompressor d(std::move(c));
        const auto text = textData(1000);
        std::vector<uint8_t> packed;
        std::vector<uint8_t> out;
        QCOMPARE(b.compress(text.data(), text.size(), packed, Algo::Zstd, 3), Algo::Zstd);
        VERIFY_OK(d.decompress(Algo::Zstd, packed.data(), packed.size(), out, kFrameLimit));
        QVERIFY(out == text);
        a = std::move(b);
        QCOMPARE(a.compress(text.data(), text.size(), packed, Algo::Zstd, 3), Algo::Zstd);
    }

    // ---- adaptive level -----------------------------------------------------------

    void adaptiveRisesWhileTheNetworkLimits()
    {
        AdaptiveLevel adaptive;
        QCOMPARE(adaptive.level(), std::optional<int>(3));
        const LevelObservation networkBound{0.9, 0.2, 0.6};
        adaptive.observe(networkBound);
        adaptive.observe(networkBound);
        QCOMPARE(adaptive.level(), std::optional<int>(3)); // not on one or two periods' evidence
        QCOMPARE(adaptive.observe(networkBound), std::optional<int>(4));
        for (int i = 0; i < 100; ++i) adaptive.observe(networkBound);
        QCOMPARE(adaptive.level(), std::optional<int>(9)); // and no higher
        // A disk-bound period (nobody waits on the network) interrupts the streak.
        AdaptiveLevel b;
        b.observe(networkBound);
        b.observe(networkBound);
        b.observe({0.0, 0.2, 0.6});
        b.observe(networkBound);
        QCOMPARE(b.level(), std::optional<int>(3));
        // No rise without CPU to spare, or while compressing is already busy.
        AdaptiveLevel c;
        for (int i = 0; i < 10; ++i) c.observe({0.9, 0.2, 0.1});
        for (int i = 0; i < 10; ++i) c.observe({0.9, 0.7, 0.5});
        QCOMPARE(c.level(), std::optional<int>(3));
        // The same waits when the diagnosis puts the limit elsewhere (the
        // receiver's disk closes the window): no rise, fewer bytes do not help.
        AdaptiveLevel d;
        LevelObservation echo = networkBound;
        echo.limitElsewhere = true;
        for (int i = 0; i < 10; ++i) d.observe(echo);
        QCOMPARE(d.level(), std::optional<int>(3));
    }

    void adaptiveFallsToNoneWhenCompressionLimits()
    {
        AdaptiveLevel adaptive;
        const LevelObservation compressionBound{0.0, 0.95, 0.3};
        QCOMPARE(adaptive.observe(compressionBound), std::optional<int>(2));
        QCOMPARE(adaptive.observe(compressionBound), std::optional<int>(1));
        QCOMPARE(adaptive.observe(compressionBound), std::nullopt);
        QCOMPARE(adaptive.observe(compressionBound), std::nullopt);
        // A saturated machine where compressing takes half of a core's time.
        AdaptiveLevel starved;
        QCOMPARE(starved.observe({0.6, 0.6, 0.02}), std::optional<int>(2));
    }

    // Text over a slow link: compressing limits, but even flat out it feeds
    // more than the link carried raw, so auto goes down to the lowest level
    // and stays there instead of sending raw (which would be slower still).
    void adaptiveKeepsCompressingWhileItOutrunsTheLink()
    {
        AdaptiveLevel adaptive;
        LevelObservation compressionBound{0.0, 0.95, 0.3};
        compressionBound.outrunsLink = true;
        QCOMPARE(adaptive.observe(compressionBound), std::optional<int>(2));
        QCOMPARE(adaptive.observe(compressionBound), std::optional<int>(1));
        QCOMPARE(adaptive.observe(compressionBound), std::optional<int>(1));
        QCOMPARE(adaptive.observe(compressionBound), std::optional<int>(1));
        // Once the link outruns it, compressing is what slows the transfer.
        compressionBound.outrunsLink = false;
        QCOMPARE(adaptive.observe(compressionBound), std::nullopt);
    }

    void adaptiveHoldsOffAfterAFallAndLongerAfterAnOvershoot()
    {
        AdaptiveLevel adaptive;
        const LevelObservation networkBound{0.9, 0.2, 0.6};
        const LevelObservation compressionBound{0.0, 0.95, 0.3};
        adaptive.observe(compressionBound); // 3 -> 2, hold-off 8
        int periods = 0;
        while (adaptive.level() == std::optional<int>(2)) {
            adaptive.observe(networkBound);
            ++periods;
        }
        QCOMPARE(periods, AdaptiveLevel::kBaseHoldOff);
        QCOMPARE(adaptive.level(), std::optional<int>(3));
        // 3 overshot: straight back down, and now twice as long before 3 again.
        adaptive.observe(compressionBound);
        periods = 0;
        while (adaptive.level() == std::optional<int>(2)) {
            adaptive.observe(networkBound);
            ++periods;
        }
        QCOMPARE(periods, 2 * AdaptiveLevel::kBaseHoldOff);
    }

    void adaptiveSettlesOnAToyPipeline_data()
    {
        QTest::addColumn<double>("linkMBps");
        QTest::newRow("wan 40 MB/s") << 40.0;
        QTest::newRow("gigabit 117 MB/s") << 117.0;
        QTest::newRow("10 gigabit 1170 MB/s") << 1170.0;
        QTest::newRow("dsl 2 MB/s") << 2.0;
        // Level 3 is half busy, level 4 (1.8x the cost) over 85%: every rise
        // to 4 overshoots.
        QTest::newRow("overshooting 80 MB/s") << 80.0;
    }
    void adaptiveSettlesOnAToyPipeline()
    {
        QFETCH(double, linkMBps);
        ToyPipeline pipe;
        pipe.linkMBps = linkMBps;
        double best = pipe.rate(std::nullopt);
        for (int l = 1; l <= 9; ++l) best = std::max(best, pipe.rate(l));

        AdaptiveLevel adaptive;
        double total = 0;
        int changes = 0;
        constexpr int kWarmUp = 200;
        constexpr int kPeriods = 2000;
        for (int i = 0; i < kWarmUp + kPeriods; ++i) {
            const auto before = adaptive.level();
            adaptive.observe(pipe.observe(before));
            if (i >= kWarmUp) {
                total += pipe.rate(adaptive.level());
                changes += adaptive.level() != before;
            }
        }
        const double mean = total / kPeriods;
        const QByteArray why = "mean " + QByteArray::number(mean) + " MB/s of a best " + QByteArray::number(best)
                               + ", " + QByteArray::number(changes) + " changes";
        QVERIFY2(mean >= 0.9 * best, why.constData());
        // Retries of a level that cannot be held are spaced out exponentially:
        // two changes (up, down) per kMaxHoldOff periods at most.
        QVERIFY2(changes <= 2 * (kPeriods / AdaptiveLevel::kMaxHoldOff + 2), why.constData());
    }

    void adaptiveRangeCanReachFastLevels()
    {
        AdaptiveLevel adaptive({-3, 2, 1});
        const LevelObservation compressionBound{0.0, 0.95, 0.3};
        std::vector<std::optional<int>> seen;
        for (int i = 0; i < 6; ++i) seen.push_back(adaptive.observe(compressionBound));
        const std::vector<std::optional<int>> expected = {-1, -2, -3, std::nullopt, std::nullopt, std::nullopt};
        QVERIFY(seen == expected); // zstd's 0 ("default") is not a step
    }
};

QTEST_GUILESS_MAIN(TestCompress)
#include "test_compress.moc"
