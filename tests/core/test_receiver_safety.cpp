// A receiver fed by a hostile or broken sender: nothing may be written outside
// the destination, and every protocol violation ends the session with an error.

#include "delta/ops.h"
#include "proto/messages.h"
#include "receive/receiver.h"
#include "role_harness.h"
#include "test_support.h"

#include <QFileInfo>
#include <QTest>

#include <lz4.h>
#include <zstd.h>

#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <initializer_list>
#include <mutex>
#include <thread>
#include <tuple>
#include <vector>

using namespace fg;
using namespace fgtest;

namespace {

proto::WireEntry dirEntry(const std::string& path)
{
    proto::WireEntry e;
    e.path = path;
    e.type = proto::WireFileType::Directory;
    e.mode = 0755;
    return e;
}

proto::WireEntry fileEntry(const std::string& path, uint64_t size)
{
    proto::WireEntry e;
    e.path = path;
    e.type = proto::WireFileType::Regular;
    e.mode = 0644;
    e.size = size;
    e.mtimeNs = 1'600'000'000'000'000'000;
    return e;
}


// Text that compresses well.
std::string text(size_t n)
{
    std::string t;
    for (int i = 0; t.size() < n; ++i) t += "line " + std::to_string(i % 1000) + " of some text\n";
    t.resize(n);
    return t;
}

const uint8_t* bytes(const std::string& s) { return reinterpret_cast<const uint8_t*>(s.data()); }

// Payloads that inflate beyond what a frame may hold (kMaxDataPayload), or
// lie about their size, each a few hundred bytes on the wire.
std::vector<uint8_t> bomb(const std::string& kind)
{
    const std::string zeros((4u << 20), '\0');
    std::vector<uint8_t> out;
    if (kind == "zstd, size declared") {
        codec::FrameCompressor c;
        if (c.compress(bytes(zeros), zeros.size(), out, codec::Algo::Zstd, 1) != codec::Algo::Zstd) qFatal("no bomb");
    } else if (kind == "zstd, stream piece") {
        // As a sender's connection stream makes it: flushed, not ended.
        codec::StreamCompressor c;
        if (!c.compress(bytes(zeros), zeros.size(), out, 1)) qFatal("no bomb");
    } else if (kind == "zstd, size not declared") {
        // As a streaming encoder writes it: the receiver finds out only by
        // decoding, and must stop at its limit.
        ZSTD_CCtx* cctx = ZSTD_createCCtx();
        ZSTD_CCtx_setParameter(cctx, ZSTD_c_contentSizeFlag, 0);
        out.resize(ZSTD_compressBound(zeros.size()));
        ZSTD_outBuffer o{out.data(), out.size(), 0};
        ZSTD_inBuffer i{zeros.data(), zeros.size(), 0};
        while (ZSTD_compressStream2(cctx, &o, &i, ZSTD_e_end) != 0) {
        }
        out.resize(o.pos);
        ZSTD_freeCCtx(cctx);
    } else {
        // lz4: a declared size over the limit, or one under it that the block
        // then overruns.
        const uint32_t declared = kind == "lz4, size declared" ? uint32_t(zeros.size()) : 1000;
        out.resize(4 + size_t(LZ4_compressBound(int(zeros.size()))));
        const int n = LZ4_compress_default(zeros.data(), reinterpret_cast<char*>(out.data() + 4), int(zeros.size()),
                                           int(out.size() - 4));
        for (int b = 0; b < 4; ++b) out[size_t(b)] = uint8_t(declared >> (8 * b));
        out.resize(4 + size_t(n));
    }
    return out;
}

} // namespace

class TestReceiverSafety : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aQueuedFrameCostsItsWholeBuffer()
    {
        // A writer hands a small file's 16 KiB buffer back for the next
        // frame, which may be a 40-byte file: the queue must count the
        // 16 KiB, or frames of tiny files in recycled buffers would hold far
        // more memory than its bound says.
        proto::Frame recycled;
        recycled.payload.reserve(Receiver::kSpareFrameBytes);
        recycled.payload.resize(40);
        QVERIFY(Receiver::queuedFrameCost(recycled) >= Receiver::kSpareFrameBytes);
        // A fresh tiny frame costs little more than its bookkeeping.
        proto::Frame tiny;
        tiny.payload.resize(40);
        tiny.payload.shrink_to_fit();
        QVERIFY(Receiver::queuedFrameCost(tiny) < 1024);
        QVERIFY(Receiver::queuedFrameCost(tiny) > 40);
        // An empty one still costs its bookkeeping.
        QVERIFY(Receiver::queuedFrameCost(proto::Frame{}) > 0);
        proto::Frame big;
        big.payload.resize(1 << 20);
        QVERIFY(Receiver::queuedFrameCost(big) >= size_t(1) << 20);
    }

    void refusesHostilePaths_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("dotdot") << QStringLiteral("../outside.txt");
        QTest::newRow("inner dotdot") << QStringLiteral("a/../../outside.txt");
        QTest::newRow("absolute") << QStringLiteral("/tmp/outside.txt");
    }
    void refusesHostilePaths()
    {
        QFETCH(QString, path);
        ScratchDir s;
        writeFile(s.sub("dst/keep"), "k");
        ReceiverDriver sender(s.sub("dst"));
        sender.list({dirEntry("."), fileEntry(path.toStdString(), 3)});
        Status st = sender.finish();
        QVERIFY(!st.ok());
        QVERIFY2(st.error().code == Errc::UnsafePath || st.error().code == Errc::Protocol, st.error().message.c_str());
        QVERIFY(!exists(s.sub("outside.txt")));
        QCOMPARE(describeTree(s.path()).size(), size_t(2)); // dst and dst/keep
    }

    // A backslash is a character of a Linux name, not a separator: the file
    // lands under its own name inside the destination.
    void backslashNameIsOneFileInside()
    {
        ScratchDir s;
        ReceiverDriver sender(s.sub("dst"));
        const std::string name = "..\\outside.txt";
        sender.list({dirEntry("."), fileEntry(name, 3)});
        QVERIFY(sender.waitFor(proto::MsgType::PlanEnd).has_value());
        sender.sendFrame(proto::makeDataFrame(1, 0, reinterpret_cast<const uint8_t*>("abc"), 3, true));
        proto::FileEndMsg end;
        end.index = 1;
        end.size = 3;
        end.mode = 0644;
        end.hash = digestOf(ChecksumChoice::Xxh128, "abc", 3);
        sender.send(end);
        sender.send(proto::SenderDoneMsg{});
        QVERIFY(sender.waitFor(proto::MsgType::JobDone).has_value());
        QVERIFY(sender.finish().ok());
        QCOMPARE(readFile(s.sub("dst/" + name)), std::string("abc"));
        QVERIFY(!exists(s.sub("outside.txt")));
        QCOMPARE(describeTree(s.path()).size(), size_t(2)); // dst and the file
    }

    void symlinkInTheTargetIsNotFollowed()
    {
        ScratchDir s;
        ::mkdir(s.sub("outside").c_str(), 0755);
        ::mkdir(s.sub("dst").c_str(), 0755);
        ::symlink(s.sub("outside").c_str(), s.sub("dst/link").c_str());
        ReceiverDriver sender(s.sub("dst"));
        sender.list({dirEntry("."), dirEntry("link"), fileEntry("link/f", 3)});
        auto plan = sender.waitFor(proto::MsgType::PlanEnd);
        QVERIFY(plan.has_value());
        sender.sendFrame(proto::makeDataFrame(2, 0, reinterpret_cast<const uint8_t*>("abc"), 3, true));
        proto::FileEndMsg end;
        end.index = 2;
        end.size = 3;
        end.mode = 0644;
        end.hash = digestOf(ChecksumChoice::Xxh128, "abc", 3);
        sender.send(end);
        sender.send(proto::SenderDoneMsg{});
        QVERIFY(sender.waitFor(proto::MsgType::JobDone).has_value());
        QVERIFY(sender.finish().ok());
        // The link was replaced by a real directory; nothing went through it.
        QCOMPARE(describeTree(s.sub("outside")).size(), size_t(0));
        QCOMPARE(readFile(s.sub("dst/link/f")), std::string("abc"));
    }

    void entryBeforeItsDirectoryIsAProtocolError()
    {
        ScratchDir s;
        ReceiverDriver sender(s.sub("dst"));
        sender.list({dirEntry("."), fileEntry("nodir/f", 1)});
        Status st = sender.finish();
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, Errc::Protocol);
        QVERIFY(!exists(s.sub("dst/nodir")));
    }

    void dataForAFileNotAskedForEndsTheSession()
    {
        ScratchDir s;
        writeFile(s.sub("dst/f"), "same");
        setMtime(s.sub("dst/f"), 1'600'000'000);
        ReceiverDriver sender(s.sub("dst"));
        auto e = fileEntry("f", 4);
        e.mtimeNs = 1'600'000'000'000'000'000;
        // g keeps the job open (a job with nothing to send ends at its plan).
        sender.list({dirEntry("."), e, fileEntry("g", 4)});
        QVERIFY(sender.waitFor(proto::MsgType::PlanEnd).has_value());
        sender.sendFrame(proto::makeDataFrame(1, 0, reinterpret_cast<const uint8_t*>("evil"), 4, true));
        Status st = sender.finish();
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, Errc::Protocol);
        QCOMPARE(readFile(s.sub("dst/f")), std::string("same"));
    }

    void corruptDataFailsVerificationAndKeepsTheOldFile()
    {
        ScratchDir s;
        writeFile(s.sub("dst/f"), "old content");
        ReceiverDriver sender(s.sub("dst"));
        sender.list({dirEntry("."), fileEntry("f", 3)});
        QVERIFY(sender.waitFor(proto::MsgType::PlanEnd).has_value());
        sender.sendFrame(proto::makeDataFrame(1, 0, reinterpret_cast<const uint8_t*>("abc"), 3, true));
        proto::FileEndMsg end;
        end.index = 1;
        end.size = 3;
        end.hash = digestOf(ChecksumChoice::Xxh128, "xyz", 3); // not what was sent
        sender.send(end);
        // The failure is the job's last file: it reaches the sender before
        // JobDone (a sender ends on JobDone with every file accounted for).
        auto failed = sender.waitForWithin({proto::MsgType::FileFailed, proto::MsgType::JobDone}, std::chrono::seconds(10));
        QVERIFY(failed.has_value());
        QCOMPARE(failed->type, uint16_t(proto::MsgType::FileFailed));
        auto msg = proto::fromFrame<proto::FileFailedMsg>(*failed);
        QVERIFY(msg.ok());
        QCOMPARE(msg->code, Errc::VerifyFailed);
        QVERIFY(sender.waitForWithin({proto::MsgType::JobDone}, std::chrono::seconds(10)).has_value());
        (void)sender.finish();
        QCOMPARE(readFile(s.sub("dst/f")), std::string("old content"));
        QCOMPARE(describeTree(s.sub("dst")).size(), size_t(1)); // no temp file left
    }

    // Under --checksum-choice sha256 the receiver verifies with SHA-256: the
    // right SHA-256 digest commits the file, and the XXH3-128 digest of the
    // very same bytes (a sender still on the default) is a verify failure.
    void theJobsChecksumChoiceIsWhatVerifies()
    {
        for (const bool sha : {true, false}) {
            ScratchDir s;
            TransferParams params;
            params.checksumChoice = ChecksumChoice::Sha256;
            ReceiverDriver sender(s.sub("dst"), 0, params);
            sender.list({dirEntry("."), fileEntry("f", 5), fileEntry("g", 5)});
            QVERIFY(sender.waitFor(proto::MsgType::PlanEnd).has_value());
            const ChecksumChoice used = sha ? ChecksumChoice::Sha256 : ChecksumChoice::Xxh128;
            proto::SmallFileHeader h;
            h.index = 1;
            h.hash = digestOf(used, "hello", 5);
            sender.sendFrame(proto::makeSmallFileFrame(h, reinterpret_cast<const uint8_t*>("hello"), 5));
            sender.sendFrame(proto::makeDataFrame(2, 0, reinterpret_cast<const uint8_t*>("world"), 5, true));
            proto::FileEndMsg end;
            end.index = 2;
            end.size = 5;
            end.hash = digestOf(used, "world", 5);
            sender.send(end);
            for (int settled = 0; settled < 2; ++settled) {
                auto frame = sender.waitFor({proto::MsgType::FileDone, proto::MsgType::FileFailed});
                QVERIFY(frame.has_value());
                QCOMPARE(frame->type, uint16_t(sha ? proto::MsgType::FileDone : proto::MsgType::FileFailed));
            }
            sender.send(proto::SenderDoneMsg{});
            QVERIFY(sender.waitFor(proto::MsgType::JobDone).has_value());
            (void)sender.finish();
            if (sha) {
                QCOMPARE(readFile(s.sub("dst/f")), std::string("hello"));
                QCOMPARE(readFile(s.sub("dst/g")), std::string("world"));
            } else {
                QVERIFY(!exists(s.sub("dst/f")) && !exists(s.sub("dst/g")));
            }
        }
    }

    void chunksOnSeveralLinksInAnyOrder()
    {
        ScratchDir s;
        const std::string content = randomBytes(600 * 1024, 9);
        const std::string a = content.substr(0, 300 * 1024);
        const std::string b = content.substr(300 * 1024);
        auto bytes = [](const std::string& x, size_t off) { return reinterpret_cast<const uint8_t*>(x.data()) + off; };
        ReceiverDriver sender(s.sub("dst"), 2);
        sender.list({dirEntry("."), fileEntry("big", content.size())});
        QVERIFY(sender.waitFor(proto::MsgType::PlanEnd).has_value());
        // The file's end first, on the control link; then the second chunk
        // on link 1 and the first on link 0, their frames interleaved.
        proto::FileEndMsg end;
        end.index = 1;
        end.size = content.size();
        end.mode = 0640;
        end.chunks = 2;
        end.hash = proto::chunkTreeHash(ChecksumChoice::Xxh128, {digestOf(ChecksumChoice::Xxh128, a.data(), a.size()), digestOf(ChecksumChoice::Xxh128, b.data(), b.size())});
        sender.send(end);
        sender.sendFrameOn(1, proto::makeDataFrame(1, a.size(), bytes(b, 0), 100 * 1024, true));
        sender.sendFrameOn(0, proto::makeDataFrame(1, 0, bytes(a, 0), 150 * 1024, true));
        sender.sendFrameOn(1, proto::makeDataFrame(1, a.size() + 100 * 1024, bytes(b, 100 * 1024), b.size() - 100 * 1024));
        sender.sendFrameOn(0, proto::makeDataFrame(1, 150 * 1024, bytes(a, 150 * 1024), a.size() - 150 * 1024));
        proto::ChunkEndMsg ce;
        ce.index = 1;
        ce.offset = a.size();
        ce.length = b.size();
        ce.hash = digestOf(ChecksumChoice::Xxh128, b.data(), b.size());
        sender.sendOn(1, ce);
        ce.offset = 0;
        ce.length = a.size();
        ce.hash = digestOf(ChecksumChoice::Xxh128, a.data(), a.size());
        sender.sendOn(0, ce);
        QVERIFY(sender.waitFor(proto::MsgType::FileDone).has_value());
        sender.send(proto::SenderDoneMsg{});
        QVERIFY(sender.waitFor(proto::MsgType::JobDone).has_value());
        QVERIFY(sender.finish().ok());
        QCOMPARE(readFile(s.sub("dst/big")), content);
    }

    void aChunkCutShortIsTakenAgainFromItsResend()
    {
        ScratchDir s;
        const std::string content = randomBytes(200 * 1024, 11);
        ReceiverDriver sender(s.sub("dst"), 2);
        sender.list({dirEntry("."), fileEntry("f", content.size())});
        QVERIFY(sender.waitFor(proto::MsgType::PlanEnd).has_value());
        const auto* p = reinterpret_cast<const uint8_t*>(content.data());
        // Half the file on link 0, then that link breaks.
        sender.sendFrameOn(0, proto::makeDataFrame(1, 0, p, 100 * 1024, true));
        sender.closeData(0);
        // The whole file again on link 1.
        sender.sendFrameOn(1, proto::makeDataFrame(1, 0, p, 100 * 1024, true));
        sender.sendFrameOn(1, proto::makeDataFrame(1, 100 * 1024, p + 100 * 1024, 100 * 1024));
        proto::FileEndMsg end;
        end.index = 1;
        end.size = content.size();
        end.mode = 0644;
        end.hash = digestOf(ChecksumChoice::Xxh128, content.data(), content.size());
        sender.sendOn(1, end);
        QVERIFY(sender.waitFor(proto::MsgType::FileDone).has_value());
        sender.send(proto::SenderDoneMsg{});
        QVERIFY(sender.waitFor(proto::MsgType::JobDone).has_value());
        QVERIFY(sender.finish().ok());
        QCOMPARE(readFile(s.sub("dst/f")), content);
    }

    // The stale copy's frames were read off its link before the break was
    // seen, and reach the writer after the resend started: they must neither
    // stall the file nor end up in it unchecked.
    void aCutShortCopyArrivingLateNeverLandsUnchecked_data()
    {
        QTest::addColumn<bool>("staleDiffers");
        QTest::newRow("same bytes") << false;
        QTest::newRow("other bytes (the file changed between reads)") << true;
    }
    void aCutShortCopyArrivingLateNeverLandsUnchecked()
    {
        QFETCH(bool, staleDiffers);
        ScratchDir s;
        const std::string content = randomBytes(200 * 1024, 12);
        const std::string stale = staleDiffers ? randomBytes(100 * 1024, 13) : content.substr(0, 100 * 1024);
        ReceiverDriver sender(s.sub("dst"), 2);
        sender.list({dirEntry("."), fileEntry("f", content.size())});
        QVERIFY(sender.waitFor(proto::MsgType::PlanEnd).has_value());
        const auto* p = reinterpret_cast<const uint8_t*>(content.data());
        sender.sendFrameOn(1, proto::makeDataFrame(1, 0, p, 100 * 1024, true));
        sender.sendFrameOn(1, proto::makeDataFrame(1, 100 * 1024, p + 100 * 1024, 100 * 1024));
        QTest::qWait(50);
        sender.sendFrameOn(0, proto::makeDataFrame(1, 0, reinterpret_cast<const uint8_t*>(stale.data()), stale.size(), true));
        sender.closeData(0);
        QTest::qWait(50);
        proto::FileEndMsg end;
        end.index = 1;
        end.size = content.size();
        end.mode = 0644;
        end.hash = digestOf(ChecksumChoice::Xxh128, content.data(), content.size());
        sender.sendOn(1, end);
        auto settled = sender.waitFor({proto::MsgType::FileDone, proto::MsgType::FileFailed});
        QVERIFY(settled.has_value());
        if (settled->type == uint16_t(proto::MsgType::FileDone)) {
            QCOMPARE(readFile(s.sub("dst/f")), content);
        } else {
            // Only a differing stale copy may fail the file, and then nothing lands.
            QVERIFY(staleDiffers);
            QVERIFY(!QFileInfo::exists(QString::fromStdString(s.sub("dst/f"))));
        }
        sender.send(proto::SenderDoneMsg{});
        (void)sender.finish();
    }

    // A delta segment in two passes: the copies first (with a skip where the
    // new bytes go), then the new bytes (with a skip over the copies, which
    // the receiver reads back to hash the segment in order).
    void aDeltaInTwoPassesRebuildsTheNewVersion_data()
    {
        QTest::addColumn<QString>("faultName");
        QTest::newRow("as a sender sends it") << QString();
        QTest::newRow("second pass past the first") << QStringLiteral("past");
        QTest::newRow("second pass missing") << QStringLiteral("missing");
    }
    void aDeltaInTwoPassesRebuildsTheNewVersion()
    {
        QFETCH(QString, faultName);
        const std::string fault = faultName.toStdString();
        ScratchDir s;
        const std::string old = randomBytes(256 * 1024, 21);
        writeFile(s.sub("dst/f"), old);
        TransferParams params;
        params.wholeFile = WholeFileMode::Never;
        ReceiverDriver sender(s.sub("dst"), 1, params);
        sender.list({dirEntry("."), fileEntry("f", old.size())});
        // The receiver signs its old copy; the pieces say how it was cut.
        uint32_t blockLength = 0;
        for (uint32_t have = 0, total = 1; have < total;) {
            auto piece = sender.waitFor(proto::MsgType::Signature);
            QVERIFY(piece.has_value());
            auto sig = proto::fromFrame<proto::SignatureMsg>(*piece);
            QVERIFY(sig.ok());
            blockLength = sig->blockLength;
            total = sig->total;
            have += uint32_t(sig->blocks.size());
        }
        const uint32_t blocks = uint32_t(old.size() / blockLength);
        QVERIFY(blocks > 12);
        // Block 10 is new.
        std::string fresh = old;
        const std::string newBlock = randomBytes(blockLength, 22);
        fresh.replace(size_t(10) * blockLength, blockLength, newBlock);

        std::vector<uint8_t> first;
        delta::appendCopy(first, 0, 10);
        delta::appendSkip(first, blockLength);
        if (fault != "past") delta::appendCopy(first, 11, blocks - 11);
        sender.sendFrameOn(0, proto::makeDeltaFrame(1, 0, first.data(), first.size(), true));
        std::vector<uint8_t> second;
        delta::appendLiteral(second, bytes(newBlock), newBlock.size());
        delta::appendSkip(second, uint64_t(blocks - 11) * blockLength);
        if (fault != "missing")
            sender.sendFrameOn(0, proto::makeDeltaFrame(1, uint64_t(10) * blockLength, second.data(), second.size(),
                                                        false, codec::Algo::None, true));
        const Digest hash = digestOf(ChecksumChoice::Xxh128, fresh.data(), fresh.size());
        proto::ChunkEndMsg ce;
        ce.index = 1;
        ce.offset = 0;
        ce.length = fresh.size();
        ce.hash = hash;
        sender.sendOn(0, ce);
        proto::FileEndMsg end;
        end.index = 1;
        end.size = fresh.size();
        end.mode = 0644;
        end.mtimeNs = 1'600'000'000'000'000'000;
        end.chunks = 1;
        end.hash = proto::chunkTreeHash(ChecksumChoice::Xxh128, {hash});
        sender.send(end);
        if (fault.empty()) {
            QVERIFY(sender.waitForWithin({proto::MsgType::FileDone}, std::chrono::seconds(10)).has_value());
            QVERIFY(sender.waitForWithin({proto::MsgType::JobDone}, std::chrono::seconds(10)).has_value());
            QVERIFY(sender.finish().ok());
            QVERIFY(readFile(s.sub("dst/f")) == fresh);
            return;
        }
        Status st = sender.finish();
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, Errc::Protocol);
        QVERIFY2(st.error().message.find(fault == "past" ? "past what its first pass covered" : "never filled in")
                     != std::string::npos,
                 st.error().message.c_str());
        QVERIFY(readFile(s.sub("dst/f")) == old);
    }

    void theFillFlagOnAnythingButADeltaEndsTheSession()
    {
        ScratchDir s;
        ReceiverDriver sender(s.sub("dst"));
        sender.list({dirEntry("."), fileEntry("f", 4)});
        QVERIFY(sender.waitFor(proto::MsgType::PlanEnd).has_value());
        proto::Frame f = proto::makeDataFrame(1, 0, reinterpret_cast<const uint8_t*>("data"), 4, true);
        f.flags |= proto::kDeltaFill;
        sender.sendFrame(std::move(f));
        Status st = sender.finish();
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, Errc::Protocol);
        QVERIFY2(st.error().message.find("fill flag") != std::string::npos, st.error().message.c_str());
        QVERIFY(!exists(s.sub("dst/f")));
    }

    void aSmallFileInOneFrame()
    {
        ScratchDir s;
        ReceiverDriver sender(s.sub("dst"));
        sender.list({dirEntry("."), fileEntry("f", 5)});
        QVERIFY(sender.waitFor(proto::MsgType::PlanEnd).has_value());
        proto::SmallFileHeader h;
        h.index = 1;
        h.mode = 0600;
        h.mtimeNs = 1'500'000'000'000'000'000;
        h.hash = digestOf(ChecksumChoice::Xxh128, "hello", 5);
        sender.sendFrame(proto::makeSmallFileFrame(h, reinterpret_cast<const uint8_t*>("hello"), 5));
        QVERIFY(sender.waitFor(proto::MsgType::FileDone).has_value());
        sender.send(proto::SenderDoneMsg{});
        QVERIFY(sender.waitFor(proto::MsgType::JobDone).has_value());
        QVERIFY(sender.finish().ok());
        QCOMPARE(readFile(s.sub("dst/f")), std::string("hello"));
        struct stat st{};
        QCOMPARE(::stat(s.sub("dst/f").c_str(), &st), 0);
        QCOMPARE(st.st_mode & 07777, 0600u);
        QCOMPARE(int64_t(st.st_mtim.tv_sec), int64_t(1'500'000'000));
    }

    // A SmallFile frame whose time and mode are those of the list leaves them
    // out (kSmallFileAsListed): the file gets its entry's, also when it came
    // compressed; a frame that says otherwise still wins over the list.
    void aSmallFileAsListedTakesItsEntrysTimeAndMode()
    {
        ScratchDir s;
        ReceiverDriver sender(s.sub("dst"));
        proto::WireEntry f = fileEntry("f", 5);
        f.mode = 0640;
        proto::WireEntry g = fileEntry("g", 4096);
        g.mode = 0604;
        proto::WireEntry h = fileEntry("h", 5);
        sender.list({dirEntry("."), f, g, h});
        QVERIFY(sender.waitFor(proto::MsgType::PlanEnd).has_value());
        proto::SmallFileHeader listed;
        listed.index = 1;
        listed.asListed = true;
        listed.hash = digestOf(ChecksumChoice::Xxh128, "hello", 5);
        proto::Frame frame = proto::makeSmallFileFrame(listed, reinterpret_cast<const uint8_t*>("hello"), 5);
        // Twelve bytes fewer than a header with time and mode.
        QCOMPARE(frame.payload.size(), proto::smallFileHeaderSize(16) - 12 + 5);
        QCOMPARE(frame.payload.size(), proto::smallFileHeaderSize(16, true) + 5);
        sender.sendFrame(std::move(frame));
        const std::string text(4096, 'a');
        std::vector<uint8_t> packed(ZSTD_compressBound(text.size()));
        packed.resize(ZSTD_compress(packed.data(), packed.size(), text.data(), text.size(), 1));
        listed.index = 2;
        listed.hash = digestOf(ChecksumChoice::Xxh128, text.data(), text.size());
        sender.sendFrame(proto::makeSmallFileFrame(listed, packed.data(), packed.size(), codec::Algo::Zstd));
        proto::SmallFileHeader changed;
        changed.index = 3;
        changed.mode = 0600;
        changed.mtimeNs = 1'500'000'000'000'000'000;
        changed.hash = digestOf(ChecksumChoice::Xxh128, "world", 5);
        sender.sendFrame(proto::makeSmallFileFrame(changed, reinterpret_cast<const uint8_t*>("world"), 5));
        for (int done = 0; done < 3; ++done) QVERIFY(sender.waitFor(proto::MsgType::FileDone).has_value());
        sender.send(proto::SenderDoneMsg{});
        QVERIFY(sender.waitFor(proto::MsgType::JobDone).has_value());
        QVERIFY(sender.finish().ok());
        QCOMPARE(readFile(s.sub("dst/g")), text);
        for (const auto& [name, mode, seconds] : {std::tuple{"f", 0640u, int64_t(1'600'000'000)},
                                                  std::tuple{"g", 0604u, int64_t(1'600'000'000)},
                                                  std::tuple{"h", 0600u, int64_t(1'500'000'000)}}) {
            struct stat st{};
            QCOMPARE(::stat(s.sub(std::string("dst/") + name).c_str(), &st), 0);
            QCOMPARE(st.st_mode & 07777, mode);
            QCOMPARE(int64_t(st.st_mtim.tv_sec), seconds);
        }
    }

    // --chmod applies once to an as-listed file's mode, as to one its frame
    // carried: the rules are not idempotent (g-x,g+X looks at the x bits that
    // u-x then takes: 0750 -> 0650 once, 0640 twice), so the list must keep
    // the mode as listed.
    void chmodAppliesOnceToAnAsListedFile()
    {
        ScratchDir s;
        TransferParams params;
        params.metadata.chmod = "g-x,g+X,u-x";
        ReceiverDriver sender(s.sub("dst"), 0, params);
        proto::WireEntry f = fileEntry("f", 5);
        f.mode = 0750;
        proto::WireEntry g = fileEntry("g", 5);
        g.mode = 0750;
        sender.list({dirEntry("."), f, g});
        QVERIFY(sender.waitFor(proto::MsgType::PlanEnd).has_value());
        proto::SmallFileHeader h;
        h.index = 1;
        h.asListed = true;
        h.hash = digestOf(ChecksumChoice::Xxh128, "hello", 5);
        sender.sendFrame(proto::makeSmallFileFrame(h, reinterpret_cast<const uint8_t*>("hello"), 5));
        h.index = 2;
        h.asListed = false;
        h.mode = 0750;
        h.mtimeNs = f.mtimeNs;
        sender.sendFrame(proto::makeSmallFileFrame(h, reinterpret_cast<const uint8_t*>("hello"), 5));
        for (int done = 0; done < 2; ++done) QVERIFY(sender.waitFor(proto::MsgType::FileDone).has_value());
        sender.send(proto::SenderDoneMsg{});
        QVERIFY(sender.waitFor(proto::MsgType::JobDone).has_value());
        QVERIFY(sender.finish().ok());
        struct stat sf{}, sg{};
        QCOMPARE(::stat(s.sub("dst/f").c_str(), &sf), 0);
        QCOMPARE(::stat(s.sub("dst/g").c_str(), &sg), 0);
        QCOMPARE(sg.st_mode & 07777, 0650u);
        QCOMPARE(sf.st_mode & 07777, sg.st_mode & 07777);
    }

    // The receiver ends the job when every file it asked for is in place and
    // the list is complete: waiting for the sender's SenderDone would cost a
    // round trip. What the sender sends after JobDone (its last Stats) is
    // still read until it hangs up.
    void theJobEndsOnceEveryFileIsInPlace()
    {
        ScratchDir s;
        ReceiverDriver sender(s.sub("dst"));
        sender.list({dirEntry("."), fileEntry("f", 5), fileEntry("g", 5)});
        QVERIFY(sender.waitFor(proto::MsgType::PlanEnd).has_value());
        for (uint32_t index : {1u, 2u}) {
            proto::SmallFileHeader h;
            h.index = index;
            h.mode = 0644;
            h.hash = digestOf(ChecksumChoice::Xxh128, "hello", 5);
            sender.sendFrame(proto::makeSmallFileFrame(h, reinterpret_cast<const uint8_t*>("hello"), 5));
        }
        for (int settled = 0; settled < 2; ++settled) {
            auto done = sender.waitForWithin({proto::MsgType::FileDone, proto::MsgType::JobDone}, std::chrono::seconds(10));
            QVERIFY(done.has_value());
            QCOMPARE(done->type, uint16_t(proto::MsgType::FileDone));
        }
        QVERIFY(sender.waitForWithin({proto::MsgType::JobDone}, std::chrono::seconds(10)).has_value());
        sender.send(proto::StatsMsg{});
        sender.send(proto::SenderDoneMsg{});
        QVERIFY(sender.finish().ok());
        QCOMPARE(readFile(s.sub("dst/f")), std::string("hello"));
        QCOMPARE(readFile(s.sub("dst/g")), std::string("hello"));
    }

    // Nothing to send (only directories here): JobDone follows the plan.
    void aJobWithNothingToSendEndsAfterItsPlan()
    {
        ScratchDir s;
        ReceiverDriver sender(s.sub("dst"));
        sender.list({dirEntry("."), dirEntry("d")});
        QVERIFY(sender.waitForWithin({proto::MsgType::JobDone}, std::chrono::seconds(10)).has_value());
        QVERIFY(sender.finish().ok());
        QVERIFY(QFileInfo(QString::fromStdString(s.sub("dst/d"))).isDir());
    }

    // Compressed payloads are decompressed before they are hashed and
    // written; one file may mix raw and compressed frames of either kind.
    void compressedFramesArriveIntact()
    {
        ScratchDir s;
        const std::string small = text(100 * 1024);
        const std::string big = text(proto::kMaxDataPayload + 5000);
        ReceiverDriver sender(s.sub("dst"));
        sender.list({dirEntry("."), fileEntry("small", small.size()), fileEntry("big", big.size())});
        QVERIFY(sender.waitFor(proto::MsgType::PlanEnd).has_value());
        codec::FrameCompressor c;
        std::vector<uint8_t> packed;
        proto::SmallFileHeader h;
        h.index = 1;
        h.mode = 0644;
        h.hash = digestOf(ChecksumChoice::Xxh128, small.data(), small.size());
        QCOMPARE(c.compress(bytes(small), small.size(), packed, codec::Algo::Zstd, 3), codec::Algo::Zstd);
        QVERIFY(packed.size() < small.size() / 4);
        sender.sendFrame(proto::makeSmallFileFrame(h, packed.data(), packed.size(), codec::Algo::Zstd));
        QCOMPARE(c.compress(bytes(big), proto::kMaxDataPayload, packed, codec::Algo::Lz4, 0), codec::Algo::Lz4);
        sender.sendFrame(proto::makeDataFrame(2, 0, packed.data(), packed.size(), true, codec::Algo::Lz4));
        sender.sendFrame(proto::makeDataFrame(2, proto::kMaxDataPayload, bytes(big) + proto::kMaxDataPayload, 5000));
        proto::FileEndMsg end;
        end.index = 2;
        end.size = big.size();
        end.hash = digestOf(ChecksumChoice::Xxh128, big.data(), big.size());
        sender.send(end);
        QVERIFY(sender.waitFor(proto::MsgType::FileDone).has_value());
        QVERIFY(sender.waitFor(proto::MsgType::FileDone).has_value());
        sender.send(proto::SenderDoneMsg{});
        QVERIFY(sender.waitFor(proto::MsgType::JobDone).has_value());
        QVERIFY(sender.finish().ok());
        QCOMPARE(readFile(s.sub("dst/small")), small);
        QCOMPARE(readFile(s.sub("dst/big")), big);
    }

    // A frame that claims or produces more than a frame may hold is a clean
    // protocol error of the job, naming the file, and never an allocation of
    // what it claims.
    void decompressionBombsEndTheJob_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<bool>("smallFile");
        for (const char* kind : {"zstd, size declared", "zstd, size not declared", "zstd, stream piece", "lz4, size declared",
                                 "lz4, size understated"}) {
            QTest::newRow(kind) << QString::fromLatin1(kind) << false;
            QTest::newRow((std::string(kind) + ", SmallFile").c_str()) << QString::fromLatin1(kind) << true;
        }
    }
    void decompressionBombsEndTheJob()
    {
        QFETCH(QString, kind);
        QFETCH(bool, smallFile);
        const std::vector<uint8_t> payload = bomb(kind.toStdString());
        QVERIFY(payload.size() < 64 * 1024);
        const codec::Algo algo = kind.startsWith(QLatin1String("zstd")) ? codec::Algo::Zstd : codec::Algo::Lz4;
        ScratchDir s;
        ReceiverDriver sender(s.sub("dst"));
        sender.list({dirEntry("."), fileEntry("bomb.txt", 4u << 20)});
        QVERIFY(sender.waitFor(proto::MsgType::PlanEnd).has_value());
        if (smallFile) {
            proto::SmallFileHeader h;
            h.index = 1;
            h.hash = digestOf(ChecksumChoice::Xxh128, "x", 1); // never reached: the payload is refused first
            sender.sendFrame(proto::makeSmallFileFrame(h, payload.data(), payload.size(), algo));
        } else {
            sender.sendFrame(proto::makeDataFrame(1, 0, payload.data(), payload.size(), true, algo));
        }
        Status st = sender.finish();
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, Errc::Protocol);
        QVERIFY2(st.error().message.find("bomb.txt") != std::string::npos, st.error().message.c_str());
        QVERIFY2(st.error().message.find(smallFile ? "SmallFile frame" : "Data frame at offset 0")
                     != std::string::npos,
                 st.error().message.c_str());
        QVERIFY(!exists(s.sub("dst/bomb.txt")));
    }

    void unknownFrameTypeEndsTheSession()
    {
        ScratchDir s;
        ReceiverDriver sender(s.sub("dst"));
        sender.send(proto::FileListBeginMsg{});
        proto::Frame f;
        f.type = 999;
        sender.sendFrame(f);
        Status st = sender.finish();
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, Errc::Protocol);
    }

    void listCountMismatchIsAProtocolError()
    {
        ScratchDir s;
        ReceiverDriver sender(s.sub("dst"));
        sender.send(proto::FileListBeginMsg{});
        proto::FileListBatchMsg batch;
        batch.entries = {dirEntry(".")};
        sender.send(batch);
        proto::FileListEndMsg end;
        end.count = 5;
        sender.send(end);
        Status st = sender.finish();
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, Errc::Protocol);
    }
};

QTEST_GUILESS_MAIN(TestReceiverSafety)
#include "test_receiver_safety.moc"
