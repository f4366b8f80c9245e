// One zstd stream per connection: pieces decode in order and only in order,
// a level change inside the stream, later pieces referring to earlier ones,
// the 256 KiB limit on what one piece may produce, the window a stream may
// ask for, and the memory each end holds.

#include "codec/compress.h"
#include "codec/compress_stream.h"

#include "test_support.h"

#include <QTest>

#include <zstd.h>

#include <string>
#include <vector>

using namespace fg;
using namespace fg::codec;

namespace {

constexpr size_t kFrameLimit = 256 * 1024; // proto::kMaxDataPayload

const uint8_t* data(const std::string& s) { return reinterpret_cast<const uint8_t*>(s.data()); }
std::string text(const std::vector<uint8_t>& v) { return std::string(v.begin(), v.end()); }

// A log-like file: lines drawn from a shared pool, so files repeat each
// other's lines but not their order.
std::string logFile(const std::vector<std::string>& pool, size_t lines, uint64_t seed)
{
    std::string out;
    uint64_t x = seed * 0x9E3779B97F4A7C15ull + 1;
    for (size_t i = 0; i < lines; ++i) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        out += pool[x % pool.size()];
    }
    return out;
}

std::vector<std::string> linePool(size_t n)
{
    std::vector<std::string> pool;
    const std::string words = fgtest::randomBytes(n * 40, 99);
    for (size_t i = 0; i < n; ++i) {
        std::string line = "2024-05-01T12:" + std::to_string(i % 60) + " INFO worker[" + std::to_string(i * 7919 % 65536) + "]: ";
        for (size_t k = 0; k < 8; ++k) line += "abcdefghijklmnop"[uint8_t(words[i * 40 + k]) % 16] + std::string("xy");
        line += " value=" + std::to_string(i * 104729 % 100000) + "\n";
        pool.push_back(line);
    }
    return pool;
}

} // namespace

class TestCompressStream : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Pieces at several levels (each change starts a new zstd frame inside
    // the stream), text and noise, come back one by one, in order.
    void piecesRoundTripInOrderAcrossLevelChanges()
    {
        StreamCompressor sender;
        StreamDecompressor receiver;
        const auto pool = linePool(500);
        std::vector<uint8_t> packed, out;
        const int levels[] = {3, 3, 1, 1, 9, -3, 3, 3, 19, 3};
        for (int i = 0; i < 10; ++i) {
            const std::string piece = i % 4 == 3 ? fgtest::randomBytes(100'000, uint64_t(i))
                                                 : logFile(pool, size_t(20 + i * 300), uint64_t(i));
            QVERIFY(sender.compress(data(piece), piece.size(), packed, levels[i]));
            QVERIFY(receiver.decompress(packed.data(), packed.size(), out, kFrameLimit).ok());
            QCOMPARE(text(out), piece);
        }
        // A piece of a full frame's size, and one of a single byte.
        const std::string full = logFile(pool, 10'000, 77).substr(0, kFrameLimit);
        QCOMPARE(full.size(), kFrameLimit);
        for (const std::string& piece : {full, std::string("x")}) {
            QVERIFY(sender.compress(data(piece), piece.size(), packed, 3));
            QVERIFY(receiver.decompress(packed.data(), packed.size(), out, kFrameLimit).ok());
            QCOMPARE(text(out), piece);
        }
        QVERIFY(sender.usable());
    }

    // The reason for the stream: small files that share lines cost a
    // fraction of what they cost compressed each on its own.
    void laterPiecesReferToEarlierOnes()
    {
        StreamCompressor sender;
        StreamDecompressor receiver;
        FrameCompressor alone;
        const auto pool = linePool(2000);
        std::vector<uint8_t> packed, single, out;
        size_t streamed = 0, independent = 0;
        for (uint64_t f = 0; f < 300; ++f) {
            const std::string file = logFile(pool, 40, f); // ~4 KiB
            QVERIFY(sender.compress(data(file), file.size(), packed, 3));
            QVERIFY(receiver.decompress(packed.data(), packed.size(), out, kFrameLimit).ok());
            QCOMPARE(text(out), file);
            QCOMPARE(alone.compress(data(file), file.size(), single, Algo::Zstd, 3), Algo::Zstd);
            streamed += packed.size();
            independent += single.size();
        }
        QVERIFY2(streamed * 2 < independent,
                 qPrintable(QStringLiteral("%1 bytes as a stream, %2 each on its own").arg(streamed).arg(independent)));
    }

    // A receiver that skipped a piece, or got them out of order, does not
    // produce the sender's bytes (the hashes would catch it; zstd usually
    // does first). This is why each connection has its own stream.
    void piecesOutOfOrderDoNotDecodeToTheSenderBytes()
    {
        StreamCompressor sender;
        const auto pool = linePool(300);
        const std::string first = logFile(pool, 400, 1), second = logFile(pool, 400, 2);
        std::vector<uint8_t> p1, p2, out;
        QVERIFY(sender.compress(data(first), first.size(), p1, 3));
        QVERIFY(sender.compress(data(second), second.size(), p2, 3));
        StreamDecompressor skipped;
        const Status st = skipped.decompress(p2.data(), p2.size(), out, kFrameLimit);
        QVERIFY(!st.ok() || text(out) != second);
    }

    // More than a frame may hold, however small the piece: refused with no
    // more than the limit and a byte allocated, and the stream stays
    // refused, since it has lost its step.
    void bombIsRefusedAndTheStreamStaysRefused()
    {
        StreamCompressor sender;
        StreamDecompressor receiver;
        const std::vector<uint8_t> zeros(4 * kFrameLimit, 0);
        std::vector<uint8_t> packed, out;
        QVERIFY(sender.compress(zeros.data(), zeros.size(), packed, 1));
        QVERIFY(packed.size() < 200);
        const Status st = receiver.decompress(packed.data(), packed.size(), out, kFrameLimit);
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, Errc::Protocol);
        QVERIFY2(st.error().message.find("more than") != std::string::npos, st.error().message.c_str());
        QVERIFY(out.capacity() <= kFrameLimit + 1);
        const std::string small = "hello";
        QVERIFY(sender.compress(data(small), small.size(), packed, 1));
        QVERIFY(!receiver.decompress(packed.data(), packed.size(), out, kFrameLimit).ok());
    }

    // A stream that asks for a window over 8 MiB is refused before zstd
    // allocates it.
    void largerWindowIsRefused()
    {
        ZSTD_CCtx* c = ZSTD_createCCtx();
        ZSTD_CCtx_setParameter(c, ZSTD_c_windowLog, kStreamWindowLog + 4);
        const std::string piece = "a piece from a sender with a 128 MiB window";
        std::vector<uint8_t> packed(ZSTD_compressBound(piece.size()) + 64);
        ZSTD_inBuffer in{piece.data(), piece.size(), 0};
        ZSTD_outBuffer outBuf{packed.data(), packed.size(), 0};
        QCOMPARE(ZSTD_compressStream2(c, &outBuf, &in, ZSTD_e_flush), size_t(0));
        ZSTD_freeCCtx(c);
        StreamDecompressor receiver;
        std::vector<uint8_t> out;
        const Status st = receiver.decompress(packed.data(), outBuf.pos, out, kFrameLimit);
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, Errc::Protocol);
        QVERIFY2(st.error().message.find("window") != std::string::npos, st.error().message.c_str());
        QVERIFY(receiver.memoryBytes() < (4u << 20));
    }

    void corruptPiecesAreRefused()
    {
        StreamCompressor sender;
        const auto pool = linePool(300);
        const std::string piece = logFile(pool, 800, 5);
        std::vector<uint8_t> packed, out;
        QVERIFY(sender.compress(data(piece), piece.size(), packed, 3));
        for (size_t at : {size_t(0), size_t(5), packed.size() / 2}) {
            std::vector<uint8_t> bad = packed;
            bad[at] ^= 0xA5;
            StreamDecompressor receiver;
            const Status st = receiver.decompress(bad.data(), bad.size(), out, kFrameLimit);
            QVERIFY(!st.ok() || text(out) != piece);
            QVERIFY(out.size() <= kFrameLimit);
        }
        StreamDecompressor receiver;
        const uint8_t garbage[] = {1, 2, 3, 4, 5, 6, 7, 8};
        QVERIFY(!receiver.decompress(garbage, sizeof garbage, out, kFrameLimit).ok());
    }

    // What each end holds per connection, at every level a user may ask for:
    // under 16 MiB on the sending end, about the window on the receiving one.
    void memoryPerConnectionIsBounded()
    {
        const auto pool = linePool(2000);
        const std::string piece = logFile(pool, 3000, 3).substr(0, kFrameLimit);
        std::vector<uint8_t> packed, out;
        size_t most = 0;
        for (int level = -7; level <= 19; ++level) {
            if (level == 0) continue;
            StreamCompressor sender;
            QCOMPARE(sender.memoryBytes(), size_t(0)); // nothing before the first frame
            QVERIFY(sender.compress(data(piece), piece.size(), packed, level));
            most = std::max(most, sender.memoryBytes());
            QVERIFY2(sender.memoryBytes() <= (16u << 20),
                     qPrintable(QStringLiteral("level %1: %2 bytes").arg(level).arg(sender.memoryBytes())));
            StreamDecompressor receiver;
            QVERIFY(receiver.decompress(packed.data(), packed.size(), out, kFrameLimit).ok());
            QVERIFY(receiver.memoryBytes() <= (9u << 20));
        }
        qInfo("most a sending end holds: %.1f MiB", double(most) / double(1 << 20));
    }
};

QTEST_GUILESS_MAIN(TestCompressStream)
#include "test_compress_stream.moc"
