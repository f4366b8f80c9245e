#include "proto/frame.h"
#include "codec/compress_stream.h"
#include "net/identity.h"
#include "net/tcp_stream.h"
#include "net/tls_context.h"
#include "proto/compressed_frames.h"
#include "proto/messages.h"
#include "probe/probe_messages.h"
#include "receive/payload_expander.h"
#include "role/same_machine.h"
#include "tls_pair.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <random>
#include <thread>

using namespace fg;
using namespace fg::proto;

namespace {

// What follows the session token in a JobRequest (version 8): the compare
// rules (u8 flags, u64, u64), the delete rules (u8, u64) and the metadata
// rules (u8, an empty --chmod string: u32 length), the backup rules (u8,
// two empty strings), the --link-dest count (u32), the scan rules (u8, u32),
// ownership (u8, two empty strings), the --partial-dir (an empty string);
// then (version 9) the timeout (u32) and no session resumed (u8 0); then
// (version 14) the name mapping (u8); then (version 15) --snapshot (u8) and
// its four retention counts (u32 each).
constexpr size_t kVersion15Tail = 1 + 4 * 4;
constexpr size_t kVersion9Tail = 4 + 1 + 1 + kVersion15Tail;
constexpr size_t kAfterToken = 1 + 8 + 8 + 1 + 8 + 1 + 4 + 1 + 4 + 4 + 4 + 1 + 4 + 1 + 4 + 4 + 4 + kVersion9Tail;

template <class M>
M roundTrip(const M& msg)
{
    Frame f = toFrame(msg);
    auto back = fromFrame<M>(f);
    if (!back.ok()) qFatal("decode failed: %s", back.error().message.c_str());
    return std::move(back).value();
}

// Moves every whole frame the decoder holds into `into`; false on a decoder error.
bool drain(FrameDecoder& decoder, std::vector<Frame>& into)
{
    for (;;) {
        Frame f;
        auto r = decoder.next(&f);
        if (!r.ok()) return false;
        if (!*r) return true;
        into.push_back(std::move(f));
    }
}

bool sameFrame(const Frame& a, const Frame& b)
{
    return a.type == b.type && a.flags == b.flags && a.payload == b.payload;
}

// Frames of every size class the link treats apart: empty, small (batched),
// just under and at the size read and written in place, file data, the largest.
std::vector<Frame> mixedFrames()
{
    std::vector<Frame> frames;
    std::mt19937 rng(11);
    const size_t sizes[] = {0, 1, 100, 4096, 64 * 1024 - 1, 64 * 1024, 64 * 1024 + 1, 256 * 1024, 256 * 1024 + 8,
                            kMaxFramePayload};
    for (int round = 0; round < 12; ++round) {
        for (size_t size : sizes) {
            Frame f;
            f.type = uint16_t(rng() % 60000 + 1);
            f.flags = uint16_t(rng());
            f.payload.resize(size == kMaxFramePayload && round % 4 != 0 ? 300 : size);
            for (auto& b : f.payload) b = uint8_t(rng());
            frames.push_back(std::move(f));
        }
    }
    std::shuffle(frames.begin(), frames.end(), rng);
    return frames;
}

// Sends the frames on one link (batched where `more` allows) and checks that
// the other end receives each whole and in order.
void carryOver(FrameLink& from, FrameLink& to)
{
    const std::vector<Frame> frames = mixedFrames();
    uint64_t bytes = 0;
    for (const auto& f : frames) bytes += kFrameHeaderSize + f.payload.size();
    std::thread sender([&] {
        std::mt19937 rng(5);
        for (size_t i = 0; i < frames.size(); ++i) {
            const bool more = rng() % 3 != 0 && i + 1 < frames.size();
            // Lent, given, or in two parts split anywhere: the link must send
            // the same bytes every way.
            const Frame& f = frames[i];
            const size_t split = f.payload.empty() ? 0 : rng() % (f.payload.size() + 1);
            const std::span<const uint8_t> all(f.payload.data(), f.payload.size());
            Status sent;
            switch (rng() % 3) {
            case 0: sent = from.sendBorrowed(f, more); break;
            case 1: sent = from.send(f, more); break;
            default: sent = from.sendParts(f.type, f.flags, all.first(split), all.subspan(split), more); break;
            }
            if (!sent.ok()) return;
        }
        (void)from.flush();
    });
    // Received into a frame of its own, or into one reused whatever it held
    // before (a reader that recycles its buffers): the same frames.
    std::mt19937 rng(7);
    Frame reused;
    size_t got = 0;
    for (; got < frames.size(); ++got) {
        if (rng() % 2) {
            if (!to.receiveInto(reused).ok() || !sameFrame(reused, frames[got])) break;
            continue;
        }
        auto f = to.receive();
        if (!f.ok()) break;
        if (!sameFrame(*f, frames[got])) break;
    }
    sender.join();
    QCOMPARE(got, frames.size());
    QCOMPARE(from.bytesSent(), bytes);
    QCOMPARE(to.bytesReceived(), bytes);
}

} // namespace

class TestFrames : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // appendBytes and assignBytes are what every frame's bytes go through:
    // what was there survives the payload's growth, nothing is lost or added.
    void payloadsGrowAndAreReplacedByteForByte()
    {
        std::mt19937 rng(11);
        Payload payload;
        std::vector<uint8_t> expected;
        for (int i = 0; i < 200; ++i) {
            std::vector<uint8_t> piece(rng() % (i % 10 == 0 ? 70000 : 300));
            for (auto& b : piece) b = uint8_t(rng());
            appendBytes(payload, piece.data(), piece.size());
            expected.insert(expected.end(), piece.begin(), piece.end());
            QCOMPARE(payload.size(), expected.size());
        }
        QVERIFY(std::equal(payload.begin(), payload.end(), expected.begin(), expected.end()));
        appendBytes(payload, nullptr, 0);
        QCOMPARE(payload.size(), expected.size());

        const uint8_t fresh[] = {1, 2, 3, 4, 5};
        assignBytes(payload, fresh, sizeof fresh);
        QCOMPARE(payload.size(), sizeof fresh);
        QVERIFY(std::equal(payload.begin(), payload.end(), std::begin(fresh), std::end(fresh)));
        assignBytes(payload, fresh, 0);
        QVERIFY(payload.empty());

        // Its own bytes, as the vector grows and as it is replaced.
        assignBytes(payload, fresh, sizeof fresh);
        payload.shrink_to_fit();
        appendBytes(payload, payload.data(), payload.size());
        const std::vector<uint8_t> twice = {1, 2, 3, 4, 5, 1, 2, 3, 4, 5};
        QVERIFY(std::equal(payload.begin(), payload.end(), twice.begin(), twice.end()));
        assignBytes(payload, payload.data() + 3, 5);
        const std::vector<uint8_t> tail = {4, 5, 1, 2, 3};
        QVERIFY(std::equal(payload.begin(), payload.end(), tail.begin(), tail.end()));
    }

    // A link that does not send borrowed frames in place sends a copy of
    // them, whole.
    void aBorrowedFrameIsSentWhole()
    {
        auto [a, b] = makeMemoryLinkPair(1 << 20);
        Frame f;
        f.type = 7;
        f.flags = 3;
        f.payload.resize(300000);
        for (size_t i = 0; i < f.payload.size(); ++i) f.payload[i] = uint8_t(i * 31);
        QVERIFY(a->sendBorrowed(f).ok());
        auto got = b->receive();
        QVERIFY(got.ok());
        QVERIFY(sameFrame(*got, f));
    }

    void decoderReassemblesAcrossArbitrarySplits()
    {
        std::vector<Frame> frames;
        for (int i = 0; i < 50; ++i) {
            Frame f;
            f.type = uint16_t(i + 1);
            f.flags = uint16_t(i * 3);
            f.payload.assign(size_t(i * 97), uint8_t(i));
            frames.push_back(f);
        }
        std::vector<uint8_t> bytes = encodeFrames(frames);
        std::mt19937 rng(7);
        FrameDecoder decoder;
        std::vector<Frame> got;
        size_t pos = 0;
        while (pos < bytes.size()) {
            size_t n = std::min(bytes.size() - pos, size_t(rng() % 300 + 1));
            decoder.feed(bytes.data() + pos, n);
            pos += n;
            QVERIFY(drain(decoder, got));
        }
        QCOMPARE(got.size(), frames.size());
        for (size_t i = 0; i < frames.size(); ++i) QVERIFY2(sameFrame(got[i], frames[i]), qPrintable(QString::number(i)));
        QCOMPARE(decoder.buffered(), size_t(0));
    }

    void decoderSaysWhenAWholeFrameIsBuffered()
    {
        // A reader holds back waking its writers while this says a frame is
        // at hand: it must say so exactly when next() needs no more input.
        std::vector<Frame> frames(3);
        for (size_t i = 0; i < frames.size(); ++i) {
            frames[i].type = uint16_t(i + 1);
            frames[i].payload.assign(100 * i, uint8_t(i));
        }
        const std::vector<uint8_t> bytes = encodeFrames(frames);
        FrameDecoder decoder;
        QVERIFY(!decoder.frameBuffered());
        size_t fed = 0;
        size_t taken = 0;
        while (taken < frames.size()) {
            Frame f;
            const bool buffered = decoder.frameBuffered();
            auto r = decoder.next(&f);
            QVERIFY(r.ok());
            QCOMPARE(buffered, *r); // whole frame: buffered; else next() wants more
            if (*r) {
                QVERIFY(sameFrame(f, frames[taken++]));
            } else {
                QVERIFY(fed < bytes.size());
                decoder.feed(bytes.data() + fed++, 1);
            }
        }
        QVERIFY(!decoder.frameBuffered());
        // An oversized header is at hand too: next() reports it at once.
        const uint8_t huge[8] = {0xff, 0xff, 0xff, 0xff, 1, 0, 0, 0};
        decoder.feed(huge, sizeof huge);
        QVERIFY(decoder.frameBuffered());
        Frame f;
        QVERIFY(!decoder.next(&f).ok());
    }

    void decoderReadInPlaceReassemblesToo()
    {
        // prepare/commit in place of feed, with odd sizes: the buffer moves
        // what is left to its front and grows as frames demand.
        std::vector<Frame> frames = mixedFrames();
        std::vector<uint8_t> bytes = encodeFrames(frames);
        std::mt19937 rng(3);
        FrameDecoder decoder;
        std::vector<Frame> got;
        size_t pos = 0;
        while (pos < bytes.size()) {
            const size_t room = rng() % 70000 + 1;
            const size_t n = std::min(bytes.size() - pos, size_t(rng() % room + 1));
            std::memcpy(decoder.prepare(room), bytes.data() + pos, n);
            decoder.commit(n);
            pos += n;
            QVERIFY(drain(decoder, got));
        }
        QCOMPARE(got.size(), frames.size());
        for (size_t i = 0; i < frames.size(); ++i) QVERIFY2(sameFrame(got[i], frames[i]), qPrintable(QString::number(i)));
        QCOMPARE(decoder.buffered(), size_t(0));
    }

    void aBigFrameCanBeTakenBeforeItsPayloadIsIn()
    {
        Frame small;
        small.type = 7;
        small.payload.assign(1000, 0x11);
        Frame big;
        big.type = 9;
        big.flags = 3;
        big.payload.resize(200 * 1024);
        for (size_t i = 0; i < big.payload.size(); ++i) big.payload[i] = uint8_t(i * 31);
        const std::vector<uint8_t> bytes = encodeFrames({small, big});

        FrameDecoder decoder;
        const size_t partial = 1000 + 2 * kFrameHeaderSize + 5000; // the small frame, the big one's header and 5000 bytes
        decoder.feed(bytes.data(), partial);
        Frame f;
        size_t total = 0;
        // The small frame first: whole, so it is next()'s, not takePartial's.
        auto r = decoder.takePartial(&f, 64 * 1024, &total);
        QVERIFY(r.ok() && !*r);
        QVERIFY(*decoder.next(&f));
        QCOMPARE(f.type, uint16_t(7));
        // Below the threshold the decoder keeps it.
        r = decoder.takePartial(&f, 300 * 1024, &total);
        QVERIFY(r.ok() && !*r);
        r = decoder.takePartial(&f, 64 * 1024, &total);
        QVERIFY(r.ok() && *r);
        QCOMPARE(total, big.payload.size());
        QCOMPARE(f.type, uint16_t(9));
        QCOMPARE(f.flags, uint16_t(3));
        // What arrived, with room for the rest (reserved, not filled).
        QCOMPARE(f.payload.size(), size_t(5000));
        QVERIFY(f.payload.capacity() >= total);
        QVERIFY(std::equal(f.payload.begin(), f.payload.end(), big.payload.begin()));
        QCOMPARE(decoder.buffered(), size_t(0));
        // A header alone is not a frame to take.
        FrameDecoder headerOnly;
        headerOnly.feed(bytes.data() + 1000 + kFrameHeaderSize, 4);
        r = headerOnly.takePartial(&f, 1, &total);
        QVERIFY(r.ok() && !*r);
    }

    void aTcpLinkCarriesFramesOfEverySize()
    {
        fgtest::TcpPair pair;
        const std::string failed = fgtest::connectTcpPair(pair);
        QVERIFY2(failed.empty(), failed.c_str());
        StreamFrameLink a(std::make_unique<net::TcpStream>(std::move(pair.client)));
        StreamFrameLink b(std::make_unique<net::TcpStream>(std::move(pair.server)));
        carryOver(a, b);
        carryOver(b, a);
    }

    void aTlsLinkCarriesFramesOfEverySize()
    {
        QTemporaryDir clientDir;
        QTemporaryDir serverDir;
        auto clientId = net::TlsIdentity::loadOrCreate(clientDir.path().toStdString());
        auto serverId = net::TlsIdentity::loadOrCreate(serverDir.path().toStdString());
        QVERIFY(clientId.ok() && serverId.ok());
        auto clientCtx = net::TlsContext::create(net::TlsContext::Role::Client, std::move(*clientId));
        auto serverCtx = net::TlsContext::create(net::TlsContext::Role::Server, std::move(*serverId));
        QVERIFY(clientCtx.ok() && serverCtx.ok());
        fgtest::TlsPair pair;
        const std::string failed = fgtest::connectTlsPair(**clientCtx, **serverCtx, pair);
        QVERIFY2(failed.empty(), failed.c_str());
        StreamFrameLink a(std::move(pair.client));
        StreamFrameLink b(std::move(pair.server));
        carryOver(a, b);
        carryOver(b, a);
    }

    void aMemoryLinkCarriesFramesOfEverySize()
    {
        auto [a, b] = makeMemoryLinkPair(64 << 20);
        carryOver(*a, *b);
    }

    void oversizedFrameIsAnErrorNotAnAllocation()
    {
        uint8_t header[kFrameHeaderSize];
        encodeFrameHeader(header, 0xFFFFFFF0u, 1, 0);
        FrameDecoder decoder;
        decoder.feed(header, sizeof header);
        Frame f;
        auto r = decoder.next(&f);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, Errc::Protocol);
        QVERIFY(r.error().message.find("exceeds the maximum") != std::string::npos);
        // The decoder stays failed: a corrupt stream is not resynchronised.
        QVERIFY(!decoder.next(&f).ok());
    }

    void messagesRoundTrip()
    {
        HelloMsg hello;
        hello.software = "floodgate test";
        hello.capabilities = 0x1234;
        QCOMPARE(roundTrip(hello).software, hello.software);

        JobRequestMsg req;
        req.direction = Direction::Pull;
        req.path = "photos/2024/";
        req.transfer.dryRun = true;
        req.transfer.deleteExtraneous = true;
        req.transfer.checksum = true;
        req.transfer.modifyWindowNs = 2'000'000'000;
        req.bwlimit = 1 << 20;
        req.transfer.filters = {{FilterSpec::Kind::Include, "*/"}, {FilterSpec::Kind::Exclude, "*.tmp"}};
        req.transfer.filesFrom = {"a", "b/c"};
        req.transfer.fsync = FsyncMode::File;
        for (size_t i = 0; i < req.token.size(); ++i) req.token[i] = uint8_t(0xA0 + i);
        JobRequestMsg back = roundTrip(req);
        QVERIFY(back.token == req.token);
        QVERIFY(back.transfer.fsync == FsyncMode::File);
        QCOMPARE(back.direction, Direction::Pull);
        QCOMPARE(back.path, req.path);
        QVERIFY(back.transfer.dryRun && back.transfer.deleteExtraneous && back.transfer.checksum && back.transfer.filesFrom);
        QCOMPARE(back.transfer.modifyWindowNs, req.transfer.modifyWindowNs);
        QCOMPARE(back.bwlimit, req.bwlimit);
        QVERIFY(back.transfer.filters == req.transfer.filters);
        QVERIFY(back.transfer.filesFrom == req.transfer.filesFrom);
        QVERIFY(!back.plainData);
        req.plainData = true;
        QVERIFY(roundTrip(req).plainData);
        QVERIFY(back.transfer.compress == CompressSpec{});
        for (const CompressSpec spec : {CompressSpec{CompressMode::Zstd, -7}, CompressSpec{CompressMode::Zstd, 19},
                                        CompressSpec{CompressMode::Lz4, 3}, CompressSpec{CompressMode::Auto, 3}}) {
            req.transfer.compress = spec;
            QVERIFY(roundTrip(req).transfer.compress == spec);
        }
        QCOMPARE(roundTrip(hello).capabilities, hello.capabilities);
        QCOMPARE(roundTrip(req).transfer.checksumChoice, ChecksumChoice::Xxh128);
        for (const ChecksumChoice choice : {ChecksumChoice::Xxh3, ChecksumChoice::Sha256}) {
            req.transfer.checksumChoice = choice;
            QCOMPARE(roundTrip(req).transfer.checksumChoice, choice);
        }

        FileListBatchMsg batch;
        WireEntry e1;
        e1.path = "dir/file.txt";
        e1.type = WireFileType::Regular;
        e1.mode = 0640;
        e1.size = 123456789012ull;
        e1.mtimeNs = -5;
        e1.hash = digestOf(ChecksumChoice::Xxh128, "x", 1);
        WireEntry e2;
        e2.path = "dir/link";
        e2.type = WireFileType::Symlink;
        e2.linkTarget = "../target";
        batch.entries = {e1, e2};
        FileListBatchMsg bb = roundTrip(batch);
        QCOMPARE(bb.entries.size(), size_t(2));
        QCOMPARE(bb.entries[0].path, e1.path);
        QCOMPARE(bb.entries[0].size, e1.size);
        QCOMPARE(bb.entries[0].mtimeNs, e1.mtimeNs);
        QCOMPARE(bb.entries[0].mode, 0640u);
        QVERIFY(bb.entries[0].hash && *bb.entries[0].hash == *e1.hash);
        QCOMPARE(bb.entries[1].linkTarget, e2.linkTarget);
        QVERIFY(!bb.entries[1].hash);

        FileEndMsg end;
        end.index = 7;
        end.size = 99;
        end.mtimeNs = 1700000000123456789;
        end.mode = 0755;
        end.hash = digestOf(ChecksumChoice::Xxh128, "abc", 3);
        FileEndMsg eb = roundTrip(end);
        QCOMPARE(eb.index, 7u);
        QVERIFY(eb.hash == end.hash);
        QCOMPARE(eb.mtimeNs, end.mtimeNs);

        StatsMsg stats;
        StageSnapshot s;
        s.id = StageId::Write;
        s.bytes = 5;
        s.busyNs = 6;
        s.waitInputNs = 7;
        s.waitOutputNs = 8;
        s.lifetimeNs = 21;
        stats.end.stages = {s};
        stats.end.cores = 2;
        stats.end.cpuSeconds = 1.5;
        stats.end.dirtyBytes = 4096; // measured
        // ioStallUs and the threshold not measured: they stay unset
        stats.end.netLimits.tcpRmemMax = 6 << 20;
        stats.end.netLimits.congestion = "cubic";
        fg::diagnosis::ConnectionReading conn;
        conn.id = 3;
        conn.sinceOpened.busyUs = 1000;
        conn.sinceOpened.rwndLimitedUs = 400;
        conn.sinceOpened.bytesRetrans = 9;
        conn.sinceOpened.minRttUs = 141000;
        conn.sinceOpened.cwndSegments = 77;
        conn.sinceOpened.deliveryRate = 12345678;
        conn.sinceOpened.congestion = "bbr";
        conn.sinceOpened.hasChronographs = false;
        stats.connections = {conn};
        {
            // Unmeasured, the interrupt load stays unmeasured; measured, it comes to the permille.
            QVERIFY(!roundTrip(stats).end.interrupts);
            stats.end.interrupts = fg::diagnosis::InterruptLoad{5, 0.873};
            const auto got = roundTrip(stats).end.interrupts;
            QVERIFY(got && got->cpu == 5u && std::abs(got->share - 0.873) < 1e-9);
        }
        StatsMsg sb = roundTrip(stats);
        QCOMPARE(sb.end.stages.size(), size_t(1));
        QVERIFY(sb.end.stages[0].id == StageId::Write);
        QCOMPARE(sb.end.stages[0].name, std::string("write")); // named by its id
        QCOMPARE(sb.end.stages[0].waitOutputNs, uint64_t(8));
        QCOMPARE(sb.end.stages[0].lifetimeNs, uint64_t(21));
        QVERIFY(sb.end.stages[0].remote);
        // The far end's machine: what it measured, and what it did not.
        QVERIFY(sb.end.present);
        QVERIFY(!sb.end.local);
        QCOMPARE(sb.end.cores, 2u);
        QVERIFY(sb.end.cpuSeconds.has_value());
        QCOMPARE(*sb.end.cpuSeconds, 1.5);
        QCOMPARE(sb.end.dirtyBytes.value_or(0), uint64_t(4096));
        QVERIFY(!sb.end.ioStallUs.has_value());
        QVERIFY(!sb.end.dirtyThresholdBytes.has_value());
        QCOMPARE(sb.end.netLimits.tcpRmemMax, uint64_t(6 << 20));
        QCOMPARE(sb.end.netLimits.congestion, std::string("cubic"));
        QCOMPARE(sb.connections.size(), size_t(1));
        QCOMPARE(sb.connections[0].id, 3u);
        QCOMPARE(sb.connections[0].sinceOpened.rwndLimitedUs, uint64_t(400));
        QCOMPARE(sb.connections[0].sinceOpened.bytesRetrans, uint64_t(9));
        QCOMPARE(sb.connections[0].sinceOpened.minRttUs, 141000u);
        QCOMPARE(sb.connections[0].sinceOpened.cwndSegments, 77u);
        QCOMPARE(sb.connections[0].sinceOpened.deliveryRate, uint64_t(12345678));
        QCOMPARE(sb.connections[0].sinceOpened.congestion, std::string("bbr"));
        QVERIFY(!sb.connections[0].sinceOpened.hasChronographs);
        // A stage this end does not know is refused, not shown as another.
        stats.end.stages[0].id = StageId::Count;
        QVERIFY(!fromFrame<StatsMsg>(toFrame(stats)).ok());
        // So is a connection count the frame cannot hold.
        {
            stats.end.stages[0].id = StageId::Write;
            Frame f = toFrame(stats);
            // The count is the last u32 before the one connection's 72 bytes.
            const size_t at = f.payload.size() - (4 + 1 + 5 * 8 + 3 * 4 + 8 + 4 + 3) - 4;
            f.payload[at] = 0xff;
            QVERIFY(!fromFrame<StatsMsg>(f).ok());
        }

        Frame data = makeDataFrame(3, 1 << 20, reinterpret_cast<const uint8_t*>("hello"), 5);
        const uint8_t* p = nullptr;
        size_t n = 0;
        auto h = decodeDataHeader(data, &p, &n);
        QVERIFY(h.ok());
        QCOMPARE(h->index, 3u);
        QCOMPARE(h->offset, uint64_t(1) << 20);
        QCOMPARE(std::string(reinterpret_cast<const char*>(p), n), std::string("hello"));
    }

    // Every transfer option travels: each field set to something other than
    // its default comes back equal (a new field the encoding forgets fails
    // here, before a daemon silently ignores it).
    void jobRequestCarriesEveryTransferOption()
    {
        JobRequestMsg req;
        TransferOptions& t = req.transfer;
        t.dryRun = t.mkpath = t.removeSourceFiles = t.deleteExtraneous = t.checksum = true;
        t.inPlace = false; // refused with a partial folder; set alone below
        t.partialDir = ".partial";
        t.deletion = DeleteRules{true, 7, true};
        t.compare = CompareRules{true, true, true, true, true, true, 1 << 20, 10};
        t.metadata = MetadataRules{false, false, "D755,F644"};
        t.backup = BackupRules{true, "old", "~"};
        t.linkDest = {"../a", "../b"};
        t.scan = ScanRules{true, true, true, true, {".nobackup"}};
        t.ownership = OwnershipRules{true, true, true, true, "alice", "staff"};
        t.filters = {{FilterSpec::Kind::Include, "*/"}, {FilterSpec::Kind::DirMerge, ".rsync-filter", FilterSpec::kNoInherit}};
        t.filesFrom = std::vector<std::string>{"a", "b/c"};
        t.modifyWindowNs = 2'000'000'000;
        t.chunkSize = 8 << 20;
        t.congestion = "cubic";
        t.fsync = FsyncMode::None;
        t.wholeFile = WholeFileMode::Never;
        t.compress = CompressSpec{CompressMode::Zstd, 7};
        t.checksumChoice = ChecksumChoice::Sha256;
        const JobRequestMsg back = roundTrip(req);
        QVERIFY(back.transfer == req.transfer);
        // A field left at its default is not a test of its encoding.
        QVERIFY(!(back.transfer == TransferOptions{}));
        req.transfer.partialDir.clear();
        req.transfer.inPlace = true;
        req.transfer.filesFrom.reset();
        QVERIFY(roundTrip(req).transfer == req.transfer);
    }

    void jobRequestCarriesCompareAndDeleteRules()
    {
        JobRequestMsg m;
        m.transfer.compare.update = true;
        m.transfer.compare.existingOnly = true;
        m.transfer.compare.ignoreTimes = true;
        m.transfer.compare.appendVerify = true;
        m.transfer.compare.maxSize = 123456;
        m.transfer.compare.minSize = 7;
        m.transfer.deletion.limited = true;
        m.transfer.deletion.maxDelete = 0;
        m.transfer.deletion.excluded = true;
        m.transfer.metadata.perms = false;
        m.transfer.metadata.chmod = "D755,F644";
        m.transfer.backup = {true, "../old", ".bak"};
        m.transfer.linkDest = {"../2026-11-30", "/srv/snap"};
        m.transfer.scan = {true, true, true, true, {".nobackup", "CACHEDIR.TAG"}};
        m.transfer.ownership = {true, true, true, true, "backup", "staff"};
        m.transfer.inPlace = true;
        m.transfer.partialDir = ".rsync-partial";
        m.transfer.snapshot = true;
        m.transfer.keep = {3, 7, 4, 12};
        JobRequestMsg back = roundTrip(m);
        QVERIFY(back.transfer.inPlace);
        QVERIFY(back.transfer.snapshot);
        QVERIFY(back.transfer.keep == m.transfer.keep);
        QCOMPARE(back.transfer.partialDir, m.transfer.partialDir);
        QVERIFY(back.transfer.metadata == m.transfer.metadata);
        QVERIFY(back.transfer.backup == m.transfer.backup);
        QVERIFY(back.transfer.linkDest == m.transfer.linkDest);
        QVERIFY(back.transfer.scan == m.transfer.scan);
        QVERIFY(back.transfer.ownership == m.transfer.ownership);
        QVERIFY(back.transfer.compare == m.transfer.compare);
        QVERIFY(back.transfer.deletion == m.transfer.deletion);
        QVERIFY(!back.transfer.compare.sizeOnly && !back.transfer.compare.ignoreExisting);
    }

    // Version 9: the client's --timeout, which the server keeps too, and the
    // session a reconnected job takes over.
    void jobRequestCarriesTheTimeoutAndTheSessionItResumes()
    {
        JobRequestMsg m;
        m.ioTimeoutSec = 45;
        SessionToken old{};
        old.fill(0x5a);
        m.resumes = old;
        JobRequestMsg back = roundTrip(m);
        QCOMPARE(back.ioTimeoutSec, 45u);
        QVERIFY(back.resumes && *back.resumes == old);
        QVERIFY(!roundTrip(JobRequestMsg{}).resumes);

        Frame f = toFrame(JobRequestMsg{});
        f.payload[f.payload.size() - kVersion15Tail - 2] = 2; // neither "none" nor "one follows"
        QVERIFY(!fromFrame<JobRequestMsg>(f).ok());
        f = toFrame(JobRequestMsg{});
        f.payload[f.payload.size() - kVersion15Tail - 2] = 1; // a token is said to follow, and does not
        QVERIFY(!fromFrame<JobRequestMsg>(f).ok());
        JobRequestMsg tooLong;
        tooLong.ioTimeoutSec = fg::kMaxTimeoutSec + 1;
        QVERIFY(!fromFrame<JobRequestMsg>(toFrame(tooLong)).ok());
    }

    // Version 15: JobDone says what became of a --snapshot.
    void jobDoneCarriesTheSnapshot()
    {
        JobDoneMsg m;
        m.filesDeleted = 3;
        QVERIFY(!roundTrip(m).snapshot);
        m.snapshot = fg::SnapshotOutcome{"2026-12-03_020000", true, {"2026-11-01_020000", "2026-10-01_020000"}};
        JobDoneMsg back = roundTrip(m);
        QCOMPARE(back.filesDeleted, 3u);
        QVERIFY(back.snapshot == m.snapshot);
        Frame f = toFrame(JobDoneMsg{});
        f.payload.back() = 2;
        QVERIFY(!fromFrame<JobDoneMsg>(f).ok());
        // A count of names the frame cannot hold is refused before anything is read.
        f = toFrame(JobDoneMsg{0, fg::SnapshotOutcome{"x", false, {}}});
        f.payload[f.payload.size() - 1] = 0x7f;
        QVERIFY(!fromFrame<JobDoneMsg>(f).ok());
    }

    // Version 14: --name-mapping in the request, and whether the source's
    // names are Windows' in the list's first message.
    void nameMappingTravels()
    {
        for (fg::NameMapping m : {fg::NameMapping::Refuse, fg::NameMapping::Map, fg::NameMapping::Off}) {
            JobRequestMsg req;
            req.transfer.nameMapping = m;
            QCOMPARE(roundTrip(req).transfer.nameMapping, m);
        }
        Frame f = toFrame(JobRequestMsg{});
        f.payload[f.payload.size() - kVersion15Tail - 1] = 3;
        QVERIFY(!fromFrame<JobRequestMsg>(f).ok());

        FileListBeginMsg begin;
        begin.windowsNames = true;
        QVERIFY(roundTrip(begin).windowsNames);
        QVERIFY(!roundTrip(FileListBeginMsg{}).windowsNames);
        Frame b = toFrame(FileListBeginMsg{});
        b.payload.back() = 4;
        QVERIFY(!fromFrame<FileListBeginMsg>(b).ok());
    }

    void jobRequestRefusesUnknownRuleFlags()
    {
        Frame f = toFrame(JobRequestMsg{});
        f.payload[f.payload.size() - kAfterToken] = 0x80;
        QVERIFY(!fromFrame<JobRequestMsg>(f).ok());
        f = toFrame(JobRequestMsg{});
        f.payload[f.payload.size() - kVersion9Tail - 45] = 0x04;
        QVERIFY(!fromFrame<JobRequestMsg>(f).ok());
        f = toFrame(JobRequestMsg{});
        f.payload[f.payload.size() - kVersion9Tail - 36] = 0x04;
        QVERIFY(!fromFrame<JobRequestMsg>(f).ok());
        f = toFrame(JobRequestMsg{});
        f.payload[f.payload.size() - kVersion9Tail - 18] = 0x10;
        QVERIFY(!fromFrame<JobRequestMsg>(f).ok());
        f = toFrame(JobRequestMsg{});
        f.payload[f.payload.size() - kVersion9Tail - 13] = 0x10;
        QVERIFY(!fromFrame<JobRequestMsg>(f).ok());
        // --snapshot is a yes or a no; a retention count has a ceiling.
        f = toFrame(JobRequestMsg{});
        f.payload[f.payload.size() - kVersion15Tail] = 2;
        QVERIFY(!fromFrame<JobRequestMsg>(f).ok());
        f = toFrame(JobRequestMsg{});
        f.payload[f.payload.size() - 1] = 0xff;
        QVERIFY(!fromFrame<JobRequestMsg>(f).ok());
        f = toFrame(JobRequestMsg{});
        f.payload[f.payload.size() - 4] = 7;
        QCOMPARE(fromFrame<JobRequestMsg>(f).value().transfer.keep.monthly, 7u);
    }

    // The compression fields and the checksum choice come before the session
    // token in a JobRequest: a mode or level no sender could use is refused
    // there, not when the first frame goes.
    void jobRequestRefusesUnknownCompression_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<int>("level");
        QTest::newRow("mode 4") << 4 << 3;
        QTest::newRow("level 0") << int(CompressMode::Zstd) << 0;
        QTest::newRow("level 20") << int(CompressMode::Zstd) << 20;
        QTest::newRow("level -8") << int(CompressMode::Zstd) << -8;
    }
    void jobRequestRefusesUnknownCompression()
    {
        QFETCH(int, mode);
        QFETCH(int, level);
        Frame f = toFrame(JobRequestMsg{});
        const size_t tail = f.payload.size() - sizeof(SessionToken) - kAfterToken;
        f.payload[tail - 3] = uint8_t(mode);
        f.payload[tail - 2] = uint8_t(int8_t(level));
        auto r = fromFrame<JobRequestMsg>(f);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, Errc::Protocol);
    }

    void jobRequestRefusesUnknownChecksumChoice()
    {
        Frame f = toFrame(JobRequestMsg{});
        f.payload[f.payload.size() - sizeof(SessionToken) - kAfterToken - 1] = 3;
        auto r = fromFrame<JobRequestMsg>(f);
        QVERIFY(!r.ok());
        QVERIFY(r.error().message.find("checksum") != std::string::npos);
    }

    // Every digest carries its size: each choice's travels whole, and a size
    // no choice has is refused, not read past.
    void digestsOfEveryChoiceRoundTrip()
    {
        for (const ChecksumChoice choice : {ChecksumChoice::Xxh128, ChecksumChoice::Xxh3, ChecksumChoice::Sha256}) {
            ChunkEndMsg end;
            end.index = 2;
            end.offset = 1 << 20;
            end.length = 4096;
            end.hash = digestOf(choice, "chunk", 5);
            ChunkEndMsg back = roundTrip(end);
            QCOMPARE(back.hash.size(), digestSize(choice));
            QVERIFY(back.hash == end.hash);
            QCOMPARE(back.length, end.length);
        }
    }
    void digestOfUnknownSizeIsRefused_data()
    {
        QTest::addColumn<int>("size");
        QTest::newRow("0") << 0;
        QTest::newRow("20") << 20;
        QTest::newRow("255") << 255;
    }
    void digestOfUnknownSizeIsRefused()
    {
        QFETCH(int, size);
        ChunkEndMsg end;
        end.hash = digestOf(ChecksumChoice::Sha256, "x", 1);
        Frame f = toFrame(end);
        // index u32, offset u64, length u64, then the digest's size byte.
        f.payload[20] = uint8_t(size);
        auto r = fromFrame<ChunkEndMsg>(f);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, Errc::Protocol);
    }

    // Flag bits 1-2 say how a data payload is encoded; a PayloadExpander gives
    // back the raw bytes, and refuses what it cannot vouch for.
    void aDataFrameFilledInPlaceIsTheDataFrameMadeByCopy()
    {
        // One frame reused for pieces of falling and rising sizes, as a
        // sender's worker does: each must be the frame makeDataFrame makes.
        Frame reused;
        std::mt19937 rng(11);
        for (size_t n : {size_t(kMaxDataPayload), size_t(4096), size_t(0), size_t(100'000), size_t(1)}) {
            std::vector<uint8_t> data(n);
            for (auto& b : data) b = uint8_t(rng());
            reused.payload.resize(kDataHeaderSize + n);
            std::copy(data.begin(), data.end(), reused.payload.begin() + kDataHeaderSize);
            const uint64_t offset = (uint64_t(1) << 40) + n;
            const bool start = n % 2 == 0;
            fillDataFrame(reused, 0x01020304u + uint32_t(n), offset, n, start);
            const Frame copied = makeDataFrame(0x01020304u + uint32_t(n), offset, data.data(), n, start);
            QVERIFY(sameFrame(reused, copied));
            const uint8_t* p = nullptr;
            size_t got = 0;
            auto header = decodeDataHeader(reused, &p, &got);
            QVERIFY(header.ok());
            QCOMPARE(header->offset, offset);
            QCOMPARE(got, n);
        }
    }

    void dataPayloadFlags()
    {
        std::string text;
        for (int i = 0; text.size() < 100'000; ++i) text += "row " + std::to_string(i % 300) + ";";
        const auto* raw = reinterpret_cast<const uint8_t*>(text.data());
        codec::FrameCompressor compressor;
        std::vector<uint8_t> packed;
        for (const codec::Algo algo : {codec::Algo::Lz4, codec::Algo::Zstd}) {
            // zstd payloads are pieces of a connection's stream: here each
            // frame is the first piece of a stream of its own.
            codec::StreamCompressor stream;
            if (algo == codec::Algo::Zstd) QVERIFY(stream.compress(raw, text.size(), packed, 3));
            else QCOMPARE(compressor.compress(raw, text.size(), packed, algo, 3), algo);
            const Frame frames[] = {makeDataFrame(7, 64, packed.data(), packed.size(), true, algo),
                                    makeDeltaFrame(7, 64, packed.data(), packed.size(), false, algo),
                                    makeSmallFileFrame(SmallFileHeader{.hash = digestOf(ChecksumChoice::Xxh3, "x", 1)},
                                                       packed.data(), packed.size(), algo)};
            for (const Frame& f : frames) {
                QCOMPARE(uint16_t(f.flags & kPayloadAlgoMask), payloadAlgoFlags(algo));
                const uint8_t* p = nullptr;
                size_t n = 0;
                if (f.type == uint16_t(MsgType::SmallFile)) QVERIFY(decodeSmallFile(f, &p, &n).ok());
                else QVERIFY(decodeDataHeader(f, &p, &n).ok());
                QCOMPARE(n, packed.size());
                PayloadExpander expander; // a connection of its own
                auto used = expander.expandBytes(f.flags, &p, &n);
                QVERIFY(used.ok());
                QCOMPARE(*used, algo);
                QCOMPARE(std::string(reinterpret_cast<const char*>(p), n), text);
            }
            QVERIFY(makeDataFrame(7, 0, raw, 1, true, algo).flags & kDataStart);
        }
        // Raw: left where it is.
        PayloadExpander expander;
        Frame plain = makeDataFrame(1, 0, raw, 10, false);
        QCOMPARE(plain.flags, uint16_t(0));
        const uint8_t* p = raw;
        size_t n = 10;
        auto used = expander.expandBytes(plain.flags, &p, &n);
        QVERIFY(used.ok() && *used == codec::Algo::None && p == raw && n == 10);
        // Algorithm 3 and unknown bits are refused (bit 3 is the Delta
        // frames' fill flag: the receiver refuses it on others).
        QCOMPARE(makeDeltaFrame(7, 0, raw, 1, false, codec::Algo::None, true).flags, kDeltaFill);
        for (uint16_t flags : {uint16_t(3u << kPayloadAlgoShift), uint16_t(1u << 4), uint16_t(0x8000)}) {
            auto refused = expander.expandBytes(flags, &p, &n);
            QVERIFY(!refused.ok());
            QCOMPARE(refused.error().code, Errc::Protocol);
        }
        // More than a frame may hold, however small on the wire: refused
        // with no more than the limit and a byte allocated.
        const std::vector<uint8_t> zeros(kMaxDataPayload + 1, 0);
        codec::StreamCompressor stream;
        QVERIFY(stream.compress(zeros.data(), zeros.size(), packed, 1));
        QVERIFY(packed.size() < 100);
        p = packed.data();
        n = packed.size();
        PayloadExpander fresh;
        auto bomb = fresh.expandBytes(payloadAlgoFlags(codec::Algo::Zstd), &p, &n);
        QVERIFY(!bomb.ok());
        QCOMPARE(bomb.error().code, Errc::Protocol);
        QVERIFY(fresh.bufferBytes() <= kMaxDataPayload + 1);
    }

    void truncatedAndPaddedMessagesAreRefused()
    {
        FileEndMsg end;
        Frame f = toFrame(end);
        Frame shorter = f;
        shorter.payload.pop_back();
        auto r1 = fromFrame<FileEndMsg>(shorter);
        QVERIFY(!r1.ok());
        QCOMPARE(r1.error().code, Errc::Protocol);
        Frame longer = f;
        longer.payload.push_back(0);
        QVERIFY(!fromFrame<FileEndMsg>(longer).ok());
        // A frame of another type is not silently decoded.
        QVERIFY(!fromFrame<FileDoneMsg>(f).ok());
    }

    // JobAccept says which machine the server is (version 18): a digest of
    // its boot id, which a client on the same kernel reads the same.
    void jobAcceptSaysWhichMachine()
    {
        JobAcceptMsg accept;
        accept.serverSoftware = "floodgate test";
        accept.streams = 3;
        accept.machine = machineToken();
#ifdef __linux__
        QCOMPARE(accept.machine.size(), size_t(32));
        // A new nonce each job: two jobs' tokens do not match each other.
        const std::string another = machineToken();
        QVERIFY(another != accept.machine);
        QVERIFY(isThisMachine(another));
        // Another machine's (its MAC does not match ours for the nonce).
        std::string forged = accept.machine;
        forged[20] = char(forged[20] ^ 1);
        QVERIFY(!isThisMachine(forged));
        // This morning's unkeyed 16-byte token reads as another machine.
        QVERIFY(!isThisMachine(accept.machine.substr(16)));
#endif
        const JobAcceptMsg back = roundTrip(accept);
        QCOMPARE(back.machine, accept.machine);
        QCOMPARE(back.streams, uint16_t(3));
        QCOMPARE(isThisMachine(back.machine), !accept.machine.empty());
        QVERIFY(!isThisMachine(std::string()));
        QVERIFY(!isThisMachine(std::string(32, 'x')));
        // A token is at most 32 bytes on the wire.
        accept.machine = std::string(33, 'x');
        QVERIFY(!fromFrame<JobAcceptMsg>(toFrame(accept)).ok());
    }

    // The list's batches go compressed where that saves (version 18): a
    // batch of a small-file tree shrinks to a fraction and decodes to the
    // same entries; one that does not shrink goes raw; unknown flags, a
    // corrupt payload and one that would expand past a raw frame's limit are
    // refused.
    void fileListBatchesGoCompressed()
    {
        FileListBatchMsg batch;
        for (int i = 0; i < 4096; ++i) {
            WireEntry e;
            char name[32];
            std::snprintf(name, sizeof name, "d%02d/s%02d/f%04d.bin", i / 1024, (i / 256) % 4, i % 256);
            e.path = name;
            e.type = WireFileType::Regular;
            e.mode = 0644;
            e.size = 4096;
            e.mtimeNs = 1'700'000'000'000'000'000 + int64_t(i) * 137'000;
            batch.entries.push_back(e);
        }
        codec::FrameCompressor compressor;
        codec::FrameDecompressor decompressor;
        const Frame raw = toFrame(batch);
        const Frame packed = toCompressedFrame(batch, compressor);
        QCOMPARE(packed.flags, payloadAlgoFlags(codec::Algo::Zstd));
        QVERIFY2(packed.payload.size() * 4 < raw.payload.size(),
                 (std::to_string(packed.payload.size()) + " of " + std::to_string(raw.payload.size())).c_str());
        auto back = fromCompressedFrame<FileListBatchMsg>(packed, decompressor);
        QVERIFY(back.ok());
        QCOMPARE(back->entries.size(), batch.entries.size());
        for (size_t i = 0; i < batch.entries.size(); i += 511) {
            QCOMPARE(back->entries[i].path, batch.entries[i].path);
            QCOMPARE(back->entries[i].mtimeNs, batch.entries[i].mtimeNs);
        }
        // Raw frames (an uncompressible batch, or a test's) decode as before.
        QVERIFY(fromCompressedFrame<FileListBatchMsg>(raw, decompressor).ok());
        FileListBatchMsg one;
        one.entries.push_back(batch.entries[0]);
        QCOMPARE(toCompressedFrame(one, compressor).flags, uint16_t(0));

        Frame flagged = packed;
        flagged.flags |= kDataStart;
        QVERIFY(!fromCompressedFrame<FileListBatchMsg>(flagged, decompressor).ok());
        Frame corrupt = packed;
        corrupt.payload.resize(corrupt.payload.size() / 2);
        QVERIFY(!fromCompressedFrame<FileListBatchMsg>(corrupt, decompressor).ok());
        // 5 MiB of zeros compress to a few hundred bytes: past kMaxFramePayload.
        Frame bomb;
        bomb.type = uint16_t(MsgType::FileListBatch);
        const std::vector<uint8_t> zeros(5u << 20, 0);
        std::vector<uint8_t> small;
        QCOMPARE(compressor.compress(zeros.data(), zeros.size(), small, codec::Algo::Zstd, 1), codec::Algo::Zstd);
        bomb.payload.assign(small.begin(), small.end());
        bomb.flags = payloadAlgoFlags(codec::Algo::Zstd);
        auto refused = fromCompressedFrame<FileListBatchMsg>(bomb, decompressor);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().code, Errc::Protocol);
        // The decompressor is still good for the next batch.
        QVERIFY(fromCompressedFrame<FileListBatchMsg>(packed, decompressor).ok());
    }

    void hostileCountsAndLengthsAreBounded()
    {
        // A batch claiming 4 billion entries in a few bytes.
        Frame f;
        f.type = uint16_t(MsgType::FileListBatch);
        WireWriter w(f.payload);
        w.u32(0xFFFFFFFFu);
        w.u32(5);
        auto r = fromFrame<FileListBatchMsg>(f);
        QVERIFY(!r.ok());
        QVERIFY(r.error().message.find("count") != std::string::npos);

        // A string claiming more than the path limit.
        Frame g;
        g.type = uint16_t(MsgType::FileListBatch);
        WireWriter w2(g.payload);
        w2.u32(1);
        w2.u32(1u << 30);
        g.payload.resize(g.payload.size() + 64);
        auto r2 = fromFrame<FileListBatchMsg>(g);
        QVERIFY(!r2.ok());
        QVERIFY(r2.error().message.find("exceeds the limit") != std::string::npos);
    }

    void signaturesRoundTripAndMustDescribeTheirBasis()
    {
        SignatureMsg sig;
        sig.index = 7;
        sig.basisSize = 10 * 4096 + 5;
        sig.blockLength = 4096;
        sig.seed = 99;
        sig.first = 8;
        sig.total = 10;
        sig.blocks = {{1, 2}, {3, 4}};
        SignatureMsg back = roundTrip(sig);
        QCOMPARE(back.blocks.size(), size_t(2));
        QCOMPARE(back.blocks[1].second, uint64_t(4));
        QCOMPARE(back.seed, uint64_t(99));

        auto refused = [](SignatureMsg m) { return fromFrame<SignatureMsg>(toFrame(m)); };
        SignatureMsg lying = sig;
        lying.total = 1'000'000; // a count the basis cannot have: no reservation follows
        QVERIFY(!refused(lying).ok());
        SignatureMsg past = sig;
        past.first = 9; // blocks 9 and 10 of 10
        QVERIFY(!refused(past).ok());
        SignatureMsg zeroBlock = sig;
        zeroBlock.blockLength = 0;
        QVERIFY(!refused(zeroBlock).ok());
        SignatureMsg none;
        none.index = 1;
        QVERIFY(refused(none).ok()); // "no old copy": send it whole
        none.blocks = {{1, 1}};
        QVERIFY(!refused(none).ok());
    }

    void planItemsCarryTheirMethod()
    {
        PlanBatchMsg plan;
        plan.items = {{1, WireAction::Update, WireMethod::Delta}, {2, WireAction::Copy, WireMethod::WholeNew}};
        PlanBatchMsg back = roundTrip(plan);
        QCOMPARE(int(back.items[0].method), int(WireMethod::Delta));
        QCOMPARE(int(back.items[1].method), int(WireMethod::WholeNew));
        // A delta needs an old copy: only an update can have one.
        PlanBatchMsg bad;
        bad.items = {{1, WireAction::Copy, WireMethod::Delta}};
        QVERIFY(!fromFrame<PlanBatchMsg>(toFrame(bad)).ok());
    }

    // A preview compares both sides: what the receiver has at a path travels
    // with its plan item, and with each deletion.
    void planItemsCarryTheDestinationsSide()
    {
        PlanBatchMsg plan;
        plan.items = {{1, WireAction::Update, WireMethod::Delta, 0, true, 4096, -1234567890123},
                      {2, WireAction::Copy, WireMethod::WholeNew}};
        PlanBatchMsg back = roundTrip(plan);
        QVERIFY(back.items[0].destinationExists);
        QCOMPARE(back.items[0].destinationSize, uint64_t(4096));
        QCOMPARE(back.items[0].destinationMtimeNs, int64_t(-1234567890123));
        QVERIFY(!back.items[1].destinationExists);
        // The flag is a boolean: a 2 there is a damaged frame, said so.
        Frame frame = toFrame(plan);
        frame.payload[4 + 4 + 3] = 2;
        QVERIFY(!fromFrame<PlanBatchMsg>(frame).ok());

        DeleteBatchMsg gone;
        gone.items = {{"old/a.txt", false, 10, 1700000000000000000}, {"old", true, 0, 5}};
        DeleteBatchMsg goneBack = roundTrip(gone);
        QCOMPARE(goneBack.items[0].size, uint64_t(10));
        QCOMPARE(goneBack.items[0].mtimeNs, int64_t(1700000000000000000));
        QVERIFY(goneBack.items[1].isDir);
    }

    void helloWithWrongMagicSaysSo()
    {
        HelloMsg hello;
        hello.magic = 0x1122334455667788ull;
        auto r = fromFrame<HelloMsg>(toFrame(hello));
        QVERIFY(!r.ok());
        QVERIFY(r.error().message.find("does not speak the floodgate protocol") != std::string::npos);
    }

    void probeMessagesRoundTripAndRefuseWhatTheyCannotMean()
    {
        ProbeRequestMsg req;
        req.direction = Direction::Pull;
        req.path = "m/sub";
        req.streams = 8;
        req.plainData = true;
        req.token[3] = 7;
        req.ioTimeoutSec = 30;
        req.congestion = "cubic";
        ProbeRequestMsg rb = roundTrip(req);
        QCOMPARE(rb.direction, Direction::Pull);
        QCOMPARE(rb.path, std::string("m/sub"));
        QCOMPARE(rb.streams, uint16_t(8));
        QVERIFY(rb.plainData);
        QCOMPARE(rb.token[3], uint8_t(7));
        QCOMPARE(rb.ioTimeoutSec, 30u);
        QCOMPARE(rb.congestion, std::string("cubic"));
        req.streams = kMaxStreams + 1;
        QVERIFY(!fromFrame<ProbeRequestMsg>(toFrame(req)).ok());

        ProbePhaseMsg phase;
        phase.kind = ProbePhaseMsg::Kind::Network;
        phase.direction = Direction::Pull;
        phase.streams = 4;
        phase.milliseconds = 3000;
        phase.diskBytes = 1 << 20;
        phase.diskMilliseconds = 2000;
        ProbePhaseMsg pb = roundTrip(phase);
        QCOMPARE(pb.kind, ProbePhaseMsg::Kind::Network);
        QCOMPARE(pb.direction, Direction::Pull);
        QCOMPARE(pb.streams, uint16_t(4));
        QCOMPARE(pb.milliseconds, 3000u);
        QCOMPARE(pb.diskBytes, uint64_t(1 << 20));
        QCOMPARE(pb.diskMilliseconds, 2000u);
        {
            Frame f = toFrame(phase);
            f.payload[0] = 3; // no such kind
            QVERIFY(!fromFrame<ProbePhaseMsg>(f).ok());
        }
        phase.milliseconds = 3'600'000; // an hour: more than a probe may ask
        QVERIFY(!fromFrame<ProbePhaseMsg>(toFrame(phase)).ok());

        ProbePhaseResultMsg result;
        result.drained = probe::DrainFigures{123456, 2.5};
        probe::PumpFigures pumped;
        pumped.bytes = 99;
        pumped.seconds = 3.25;
        pumped.steadyBytesPerSec = 1e9;
        pumped.cpuSeconds = 1.5;
        pumped.threadSeconds = 6.5;
        pumped.windowBytes = 55;
        pumped.windowSeconds = 1.5;
        diagnosis::ConnectionEvidence c;
        c.rwndLimitedUs = 400;
        c.minRttUs = 141000;
        c.congestion = "bbr";
        pumped.connections = {c, c};
        result.pumped = pumped;
        ProbePhaseResultMsg resb = roundTrip(result);
        QVERIFY(resb.drained && resb.pumped);
        QCOMPARE(resb.drained->bytes, uint64_t(123456));
        QCOMPARE(resb.drained->seconds, 2.5);
        QCOMPARE(resb.pumped->steadyBytesPerSec, 1e9);
        QCOMPARE(resb.pumped->threadSeconds, 6.5);
        QCOMPARE(resb.pumped->windowSeconds, 1.5);
        QCOMPARE(resb.pumped->connections.size(), size_t(2));
        QCOMPARE(resb.pumped->connections[1].rwndLimitedUs, uint64_t(400));
        QCOMPARE(resb.pumped->connections[1].congestion, std::string("bbr"));
        {
            Frame f = toFrame(result);
            f.payload[0] = 2; // a flag that is not one
            QVERIFY(!fromFrame<ProbePhaseResultMsg>(f).ok());
            f = toFrame(result);
            f.payload.pop_back(); // cut short
            QVERIFY(!fromFrame<ProbePhaseResultMsg>(f).ok());
        }

        ProbeMachineMsg machine;
        machine.machine.cores = 8;
        machine.machine.aesAcceleration = true;
        machine.machine.netLimits.tcpRmemMax = 6 << 20;
        machine.machine.netLimits.congestion = "bbr";
        machine.machine.ciphers = {{"aes128-gcm", 3.5e9, 0}};
        machine.machine.compressors = {{"zstd:1", 3.1e8, 4.0}};
        machine.machine.hashes = {{"xxh128", 1.6e10, 0}};
        machine.machine.disk.writeBytesPerSec = 4.2e8;
        machine.machine.disk.bytes = 256 << 20;
        machine.machine.disk.where = "m";
        machine.machine.disk.note = "flushed";
        machine.machine.disk.freeBytes = 123456789012ull;
        ProbeMachineMsg mb = roundTrip(machine);
        QCOMPARE(mb.machine.cores, 8u);
        QVERIFY(mb.machine.aesAcceleration);
        QCOMPARE(mb.machine.netLimits.tcpRmemMax, uint64_t(6 << 20));
        QCOMPARE(mb.machine.netLimits.congestion, std::string("bbr"));
        QCOMPARE(mb.machine.ciphers.at(0).name, std::string("aes128-gcm"));
        QCOMPARE(mb.machine.ciphers.at(0).bytesPerSec, 3.5e9);
        QCOMPARE(mb.machine.compressors.at(0).ratio, 4.0);
        QCOMPARE(mb.machine.hashes.at(0).bytesPerSec, 1.6e10);
        QVERIFY(mb.machine.disk.writeBytesPerSec && *mb.machine.disk.writeBytesPerSec == 4.2e8);
        QVERIFY(!mb.machine.disk.readBytesPerSec); // not measured stays not measured
        QVERIFY(mb.machine.disk.freeBytes && *mb.machine.disk.freeBytes == 123456789012ull);
        machine.machine.disk.freeBytes.reset();
        QVERIFY(!roundTrip(machine).machine.disk.freeBytes);
        QCOMPARE(mb.machine.disk.where, std::string("m"));
        QCOMPARE(mb.machine.disk.note, std::string("flushed"));
    }

    void memoryLinkPassesFramesAndSignalsClose()
    {
        auto [a, b] = makeMemoryLinkPair(1 << 20);
        Frame f;
        f.type = 42;
        f.payload = {1, 2, 3};
        QVERIFY(a->send(f).ok());
        auto got = b->receive();
        QVERIFY(got.ok());
        QCOMPARE(got->type, uint16_t(42));
        a->close();
        auto after = b->receive();
        QVERIFY(!after.ok());
        QCOMPARE(after.error().code, Errc::Network);
        QVERIFY(!b->send(f).ok());
    }
};

QTEST_GUILESS_MAIN(TestFrames)
#include "test_frames.moc"
