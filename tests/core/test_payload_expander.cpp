// A connection's decoder of file data, on its own: raw frames pass as they
// are; lz4 and zstd frames (a zstd stream across frames, started afresh for
// a new connection) come back raw behind the same header with the placement
// flags kept; a SmallFile keeps its header; what may not be (the fill flag
// off a Delta, unknown flags, more than a frame may hold, a broken payload)
// is refused with a message that follows the frame's description.

#include "codec/compress.h"
#include "codec/compress_stream.h"
#include "proto/messages.h"
#include "receive/payload_expander.h"

#include <QTest>

#include <string>
#include <vector>

using namespace fg;

namespace {
std::vector<uint8_t> text(size_t n, char seed)
{
    std::vector<uint8_t> out(n);
    for (size_t i = 0; i < n; ++i) out[i] = uint8_t(seed + (i / 64) % 5); // compressible
    return out;
}

// `raw` as one lz4 block, as a sender compresses a frame's payload.
std::vector<uint8_t> lz4Of(const std::vector<uint8_t>& raw)
{
    codec::FrameCompressor compressor;
    std::vector<uint8_t> packed;
    if (compressor.compress(raw.data(), raw.size(), packed, codec::Algo::Lz4, 0) != codec::Algo::Lz4) return {};
    return packed;
}

std::vector<uint8_t> dataOf(const proto::Frame& frame)
{
    const uint8_t* data = nullptr;
    size_t n = 0;
    if (!proto::decodeDataHeader(frame, &data, &n).ok()) return {};
    return {data, data + n};
}

proto::Frame lz4Frame(const std::vector<uint8_t>& raw, bool start)
{
    codec::FrameCompressor compressor;
    std::vector<uint8_t> packed;
    const codec::Algo algo = compressor.compress(raw.data(), raw.size(), packed, codec::Algo::Lz4, 0);
    if (algo != codec::Algo::Lz4) qFatal("lz4 did not take");
    return proto::makeDataFrame(3, 4096, packed.data(), packed.size(), start, codec::Algo::Lz4);
}
} // namespace

class TestPayloadExpander : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rawFramesPassAsTheyAre()
    {
        PayloadExpander expander;
        const auto raw = text(1000, 'a');
        proto::Frame frame = proto::makeDataFrame(1, 0, raw.data(), raw.size(), true);
        const auto before = frame.payload;
        auto made = expander.expand(frame);
        QVERIFY(made.ok());
        QCOMPARE(*made, size_t(0));
        QVERIFY(frame.payload == before);
        QCOMPARE(frame.flags, proto::kDataStart);
    }

    void lz4ComesBackRawWithItsPlacement()
    {
        PayloadExpander expander;
        const auto raw = text(50000, 'b');
        proto::Frame frame = lz4Frame(raw, true);
        QVERIFY(frame.payload.size() < raw.size());
        auto made = expander.expand(frame);
        QVERIFY(made.ok());
        QCOMPARE(*made, raw.size());
        QCOMPARE(frame.flags, proto::kDataStart); // raw now, still the chunk's start
        QVERIFY(dataOf(frame) == raw);
        const uint8_t* data = nullptr;
        size_t n = 0;
        auto header = proto::decodeDataHeader(frame, &data, &n);
        QCOMPARE(header->index, uint32_t(3));
        QCOMPARE(header->offset, uint64_t(4096));
    }

    void zstdIsOneStreamAConnection()
    {
        codec::StreamCompressor sender;
        PayloadExpander expander;
        std::vector<uint8_t> packed;
        for (int round = 0; round < 2; ++round) {
            // Each frame continues the stream of the ones before it.
            for (int i = 0; i < 3; ++i) {
                const auto raw = text(20000, char('c' + i));
                QVERIFY(sender.compress(raw.data(), raw.size(), packed, 3));
                proto::Frame frame = proto::makeDeltaFrame(2, uint64_t(i) * 20000, packed.data(), packed.size(), i == 0,
                                                           codec::Algo::Zstd, false);
                auto made = expander.expand(frame);
                QVERIFY2(made.ok(), made.ok() ? "" : made.error().message.c_str());
                QVERIFY(dataOf(frame) == raw);
                QCOMPARE(frame.type, uint16_t(proto::MsgType::Delta));
            }
            // A new connection: both ends start their streams again.
            sender.restart();
            expander.restart();
        }
    }

    void aSmallFileKeepsItsHeader()
    {
        PayloadExpander expander;
        const auto raw = text(3000, 'd');
        const std::vector<uint8_t> packed = lz4Of(raw);
        QVERIFY(!packed.empty());
        proto::SmallFileHeader header;
        header.index = 9;
        header.mode = 0640;
        header.hash = digestOf(ChecksumChoice::Xxh128, raw.data(), raw.size());
        proto::Frame frame = proto::makeSmallFileFrame(header, packed.data(), packed.size(), codec::Algo::Lz4);
        auto made = expander.expand(frame);
        QVERIFY(made.ok());
        const uint8_t* data = nullptr;
        size_t n = 0;
        auto decoded = proto::decodeSmallFile(frame, &data, &n);
        QVERIFY(decoded.ok());
        QCOMPARE(decoded->index, uint32_t(9));
        QCOMPARE(decoded->mode, uint32_t(0640));
        QVERIFY(std::vector<uint8_t>(data, data + n) == raw);
    }

    // An as-listed SmallFile (protocol 18) keeps its flag, and its shorter
    // header, through expansion; no other data frame may carry the flag.
    void anAsListedSmallFileKeepsItsFlagAndOthersMayNotHaveIt()
    {
        PayloadExpander expander;
        const auto raw = text(3000, 'g');
        const std::vector<uint8_t> packed = lz4Of(raw);
        QVERIFY(!packed.empty());
        proto::SmallFileHeader header;
        header.index = 11;
        header.asListed = true;
        header.hash = digestOf(ChecksumChoice::Xxh128, raw.data(), raw.size());
        proto::Frame frame = proto::makeSmallFileFrame(header, packed.data(), packed.size(), codec::Algo::Lz4);
        auto made = expander.expand(frame);
        QVERIFY(made.ok());
        QCOMPARE(frame.flags, proto::kSmallFileAsListed);
        const uint8_t* data = nullptr;
        size_t n = 0;
        auto decoded = proto::decodeSmallFile(frame, &data, &n);
        QVERIFY(decoded.ok());
        QVERIFY(decoded->asListed);
        QCOMPARE(decoded->index, uint32_t(11));
        QVERIFY(std::vector<uint8_t>(data, data + n) == raw);

        for (const bool compressed : {false, true}) {
            proto::Frame other = compressed ? proto::makeDataFrame(1, 0, packed.data(), packed.size(), true, codec::Algo::Lz4)
                                            : proto::makeDataFrame(1, 0, raw.data(), raw.size(), true);
            other.flags |= proto::kSmallFileAsListed;
            auto refused = expander.expand(other);
            QVERIFY(!refused.ok());
            QCOMPARE(refused.error().code, Errc::Protocol);
        }
    }

    void whatMayNotBeIsRefused()
    {
        PayloadExpander expander;
        const auto raw = text(100, 'e');
        proto::Frame fill = proto::makeDataFrame(1, 0, raw.data(), raw.size());
        fill.flags |= proto::kDeltaFill; // only a Delta's second pass has it
        auto refused = expander.expand(fill);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().code, Errc::Protocol);
        QCOMPARE(refused.error().message, std::string("carries the delta fill flag"));

        proto::Frame unknown = lz4Frame(raw, false);
        unknown.flags |= 0x40;
        QVERIFY(!expander.expand(unknown).ok());

        // More than a frame may carry, however well it compresses.
        const std::vector<uint8_t> huge(proto::kMaxDataPayload + 1, 0);
        proto::Frame tooBig = lz4Frame(huge, false);
        auto big = expander.expand(tooBig);
        QVERIFY(!big.ok());
        const std::string& said = big.error().message;
        QVERIFY2(said.front() == '(' && said.find(" bytes on the wire) does not expand") != std::string::npos, said.c_str());

        // A payload that is not what its flags say.
        proto::Frame broken = lz4Frame(text(5000, 'f'), false);
        for (size_t i = proto::kDataHeaderSize; i < broken.payload.size(); ++i) broken.payload[i] ^= 0x5a;
        QVERIFY(!expander.expand(broken).ok());
    }
};

QTEST_APPLESS_MAIN(TestPayloadExpander)
#include "test_payload_expander.moc"
