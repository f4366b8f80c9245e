// Sender and receiver joined by a control link and several data links in one
// process: chunk spreading, balance, and what happens when streams break.

#include "receive/receiver.h"
#include "send/scheduler.h"
#include "send/sender.h"
#include "net/tcp_stream.h"
#include "role_harness.h"
#include "test_support.h"
#include "tls_pair.h"

#include <QTest>

#include <atomic>
#include <chrono>
#include <thread>

using namespace fg;
using namespace fgtest;

namespace {

// A link that passes everything on to another; the test links below change
// only how frames are sent.
class ForwardingLink : public proto::FrameLink {
public:
    explicit ForwardingLink(proto::FrameLinkPtr inner) : m_inner(std::move(inner)) {}
    Status send(proto::Frame frame, bool more) override { return m_inner->send(std::move(frame), more); }
    Status flush() override { return m_inner->flush(); }
    Status sendFinal(proto::Frame frame, int ms) override { return m_inner->sendFinal(std::move(frame), ms); }
    Result<proto::Frame> receive() override { return m_inner->receive(); }
    void close() override { m_inner->close(); }
    bool peerGone() const override { return m_inner->peerGone(); }
    bool inProcess() const override { return m_inner->inProcess(); }
    uint64_t bytesSent() const override { return m_inner->bytesSent(); }
    uint64_t bytesReceived() const override { return m_inner->bytesReceived(); }

protected:
    proto::FrameLinkPtr m_inner;
};

// A link that breaks after a number of frames have gone through it, the way a
// TCP connection dies mid-transfer.
class BreakingLink final : public ForwardingLink {
public:
    // `broken` counts the links that did break: a job may end before a link
    // has sent its quota.
    BreakingLink(proto::FrameLinkPtr inner, int framesBeforeBreak, std::atomic<int>& broken)
        : ForwardingLink(std::move(inner)), m_left(framesBeforeBreak), m_broken(broken) {}
    Status send(proto::Frame frame, bool more) override
    {
        if (const int left = m_left.fetch_sub(1); left <= 0) {
            if (left == 0) ++m_broken;
            m_inner->close();
            return Error(Errc::Network, "connection reset (test)");
        }
        return m_inner->send(std::move(frame), more);
    }
    std::string describe() const override { return "breaking"; }

private:
    std::atomic<int> m_left;
    std::atomic<int>& m_broken;
};

// A link that takes `delay` over every frame it sends, the way one TCP
// connection of several can get a small share of the path; counts its frames.
class SlowLink final : public ForwardingLink {
public:
    SlowLink(proto::FrameLinkPtr inner, std::chrono::milliseconds delay, std::atomic<int>& frames)
        : ForwardingLink(std::move(inner)), m_delay(delay), m_frames(frames) {}
    Status send(proto::Frame frame, bool more) override
    {
        ++m_frames;
        std::this_thread::sleep_for(m_delay);
        return m_inner->send(std::move(frame), more);
    }
    std::string describe() const override { return "slow"; }

private:
    std::chrono::milliseconds m_delay;
    std::atomic<int>& m_frames;
};

// A data link whose other end was closed after the sender wrote to it, the
// way a client drops a connection it will not use (or a peer goes away)
// while what was written still sat in the socket's buffer: its first send
// closes the receiver's end, and what goes on it from then on is lost
// without an error, as it would be in that buffer. Only peerGone() says so.
class VanishingLink final : public ForwardingLink {
public:
    VanishingLink(proto::FrameLinkPtr inner, proto::FrameLink& peer) : ForwardingLink(std::move(inner)), m_peer(peer) {}
    Status send(proto::Frame, bool) override
    {
        if (!m_gone.exchange(true)) m_peer.close();
        return {};
    }
    Status flush() override { return {}; }
    std::string describe() const override { return "vanishing"; }

private:
    proto::FrameLink& m_peer;
    std::atomic<bool> m_gone{false};
};

// Counts the list's batches that arrive compressed (their frame flags).
class ListWatchingLink final : public ForwardingLink {
public:
    using ForwardingLink::ForwardingLink;
    Result<proto::Frame> receive() override
    {
        auto got = m_inner->receive();
        if (got.ok() && got->type == uint16_t(proto::MsgType::FileListBatch)) {
            ++batches;
            if (got->flags != 0) ++compressed;
        }
        return got;
    }
    std::string describe() const override { return "watching"; }
    std::atomic<int> batches{0};
    std::atomic<int> compressed{0};
};

class CountingObserver final : public RoleObserver {
public:
    std::atomic<int> done{0};
    std::atomic<int> failed{0};
    std::atomic<int> warnings{0};
    void onFileDone(uint32_t, const std::string&, uint64_t, uint64_t) override { ++done; }
    void onFileFailed(uint32_t, const std::string&, const Error&) override { ++failed; }
    void onNotice(bool, const std::string&, const Error&) override { ++warnings; }
};

struct Session {
    Status sent;
    Status received;
    CountingObserver senderSide;
    CountingObserver receiverSide;
    uint64_t decompressedFrames = 0;
    std::atomic<int> linksBroken{0};
};

// Runs one transfer over `links` (their sender ends wrapped as a test needs).
void transferOver(MemoryLinks& links, const std::string& src, const std::string& dst, Session& session,
                  uint64_t chunkSize = 0, CompressSpec compress = {})
{
    TransferParams params;
    params.chunkSize = chunkSize;
    params.compress = compress;
    RootSpec from;
    from.base = src;
    from.trailingSlash = true;
    RootSpec to;
    to.base = dst;
    RoleRun run;
    runRoles(from, to, params, links, session.senderSide, session.receiverSide, run);
    session.sent = run.sent;
    session.received = run.received;
    session.decompressedFrames = run.receiverStages.snapshotOf(StageId::Decompress).items;
}

// Runs one transfer over `streams` data links; breakAfter[i] >= 0 makes the
// sender's end of link i fail after that many frames.
void transfer(const std::string& src, const std::string& dst, size_t streams, const std::vector<int>& breakAfter,
              Session& session, uint64_t chunkSize = 0, CompressSpec compress = {})
{
    MemoryLinks links(streams);
    for (size_t i = 0; i < streams && i < breakAfter.size(); ++i)
        if (breakAfter[i] >= 0)
            links.senderData[i] = std::make_unique<BreakingLink>(std::move(links.senderData[i]), breakAfter[i],
                                                                 session.linksBroken);
    transferOver(links, src, dst, session, chunkSize, compress);
}

// Log-like text: lines from a shared pool, so files repeat each other's lines.
std::string logText(size_t n, uint64_t seed)
{
    static const std::vector<std::string> pool = [] {
        std::vector<std::string> lines;
        for (int i = 0; i < 3000; ++i)
            lines.push_back("2024-05-01 INFO job[" + std::to_string(i * 7919 % 65536) + "] copied "
                            + std::to_string(i * 104729 % 1000003) + " bytes from node" + std::to_string(i % 97)
                            + " in " + std::to_string(i % 1000) + " ms\n");
        return lines;
    }();
    std::string out;
    uint64_t x = seed * 0x9E3779B97F4A7C15ull + 1;
    while (out.size() < n) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        out += pool[x % pool.size()];
    }
    out.resize(n);
    return out;
}

// Text and noise, small and chunked, under names auto compresses, tries, and
// leaves alone: frames in the connections' zstd streams and raw ones between.
void makeMixedTree(const std::string& root)
{
    writeFile(root + "/big.log", logText((9 << 20) + 4321, 1));
    writeFile(root + "/big.bin", randomBytes((6 << 20) + 99, 2));
    for (int i = 0; i < 150; ++i) {
        const std::string n = std::to_string(i);
        writeFile(root + "/text/f" + n + ".log", logText(size_t(i) * 211 + 1, uint64_t(i) + 10));
        if (i % 3 == 0) writeFile(root + "/noise/f" + n + ".jpg", randomBytes(size_t(i) * 157, uint64_t(i) + 500));
        if (i % 5 == 0) writeFile(root + "/noise/f" + n + ".dat", randomBytes(size_t(i) * 331, uint64_t(i) + 900));
    }
}

void makeTree(const std::string& root)
{
    writeFile(root + "/big", randomBytes((24 << 20) + 12345, 21));
    writeFile(root + "/big2", randomBytes(10 << 20, 22));
    for (int i = 0; i < 200; ++i) writeFile(root + "/small/f" + std::to_string(i), randomBytes(size_t(i) * 97, uint64_t(i)));
}

} // namespace

class TestStreams : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void schedulerCutsBigFilesAndHandsChunksFirst()
    {
        Scheduler s(0, 4);
        QCOMPARE(s.add(0, 4096), 0u);                // small: whole
        QCOMPARE(s.add(1, 1ull << 30), 16u);         // 1 GiB over 4 streams: 64 MiB chunks
        QCOMPARE(s.chunkSizeFor(100ull << 20), 7ull << 20);
        auto first = s.next();
        QVERIFY(first && first->index == 1 && first->chunks == 16 && first->offset == 0);
        for (int i = 1; i < 16; ++i) QCOMPARE(s.next()->index, 1u);
        QCOMPARE(s.next()->index, 0u);
        s.closeInput();
        QVERIFY(!s.finished());
        QVERIFY(s.resolved(0));
        QVERIFY(!s.resolved(0)); // once
        QVERIFY(s.resolved(1));
        QVERIFY(s.finished());
        QVERIFY(!s.next());
    }

    // A sender never runs more than a window of files ahead of the
    // receiver's answers, however small they are; pieces of a file already
    // out still go, and each settled file lets the next one out.
    void schedulerKeepsAWindowOfFilesOut()
    {
        Scheduler s(8 << 20, 2);
        const auto window = uint32_t(Scheduler::kMaxFilesOut);
        s.add(0, 20 << 20); // 3 chunks
        for (uint32_t i = 1; i <= window + 10; ++i) s.add(i, 100);
        s.closeInput();
        // The big file's three chunks (one file out), then whole files 1 ..
        // window - 1: the window is full.
        for (int c = 0; c < 3; ++c) QCOMPARE(s.tryNext()->index, 0u);
        for (uint32_t i = 1; i < window; ++i) QCOMPARE(s.tryNext()->index, i);
        QCOMPARE(s.filesOut(), size_t(window));
        QVERIFY2(!s.tryNext(), "a file past the window waits");
        // A piece of a file already out is not held back.
        s.requeue({WorkItem{0, 8 << 20, 8 << 20, 1, 3}});
        QCOMPARE(s.tryNext()->index, 0u);
        QVERIFY(!s.tryNext());
        QVERIFY(s.resolved(5));
        auto next = s.tryNext();
        QVERIFY(next);
        QCOMPARE(next->index, window);
        QCOMPARE(next->length, uint64_t(100));
        QVERIFY(!s.tryNext());
        QCOMPARE(s.filesOut(), size_t(window));
    }

    // The end game: with nothing left to hand out, a stream that runs dry
    // takes the unsent half of the chunk with the most left, and the chunk's
    // holder stops at the cut.
    void schedulerCutsTheChunkWithTheMostLeftInTheEndGame()
    {
        constexpr uint64_t MiB = 1 << 20;
        Scheduler s(8 * MiB, 2);
        QCOMPARE(s.add(0, 16 * MiB), 2u);
        auto slow = s.tryNext();
        auto fast = s.tryNext();
        QVERIFY(slow && fast);
        QCOMPARE(slow->offset, uint64_t(0));
        QCOMPARE(s.claim(*slow, 0, MiB), MiB); // the slow stream has sent 1 MiB
        for (uint64_t at = 8 * MiB; at < 16 * MiB; at += MiB) QCOMPARE(s.claim(*fast, at, MiB), MiB);
        QCOMPARE(s.claim(*fast, 16 * MiB, MiB), uint64_t(0));
        s.chunkSent(*fast);
        QVERIFY2(!s.tryNext(), "no cut while more files may come");
        s.closeInput();
        auto piece = s.tryNext();
        QVERIFY(piece);
        QCOMPARE(piece->index, 0u);
        QVERIFY(piece->chunks > 0 && !piece->delta && !piece->resent);
        QCOMPARE(piece->offset, MiB + 7 * MiB / 2); // half of the 7 MiB unsent
        QCOMPARE(piece->offset + piece->length, 8 * MiB);
        // The holder goes on to the cut and no further.
        QCOMPARE(s.claim(*slow, MiB, 8 * MiB), piece->offset - MiB);
        QCOMPARE(s.claim(*slow, piece->offset, MiB), uint64_t(0));
        s.chunkSent(*slow);
        // The piece is cut in turn while its holder has 2 MiB or more unsent.
        QCOMPARE(s.claim(*piece, piece->offset, MiB), MiB);
        auto second = s.tryNext();
        QVERIFY(second);
        QCOMPARE(second->offset, (piece->offset + MiB + (piece->length - MiB) / 2) / 4096 * 4096);
        // Both holders go on until less than two pieces' worth is unsent.
        QVERIFY(2 * Scheduler::kMinCutPiece > MiB / 4);
        QCOMPARE(s.claim(*piece, piece->offset + MiB, MiB), MiB);
        QCOMPARE(s.claim(*second, second->offset, MiB), MiB);
        QVERIFY2(!s.tryNext(), "a quarter MiB unsent is not cut");
        // The slow stream breaks: what it sent goes again as it was cut, and
        // a resend is never cut (frames of the first copy may still come).
        s.requeue({*slow});
        auto again = s.tryNext();
        QVERIFY(again && again->resent);
        QCOMPARE(again->offset, uint64_t(0));
        QCOMPARE(again->length, piece->offset);
        QVERIFY(!s.tryNext());
        QVERIFY(s.resolved(0));
        QVERIFY(!s.next());
    }

    // A chunk a worker took and handed back before it began left no frames
    // anywhere: it may still be cut. Once a file settles, the holders of its
    // chunks may send nothing more of it (their ends may be others' pieces).
    void schedulerCutsAnUnstartedHandBackAndStopsASettledFilesHolders()
    {
        constexpr uint64_t MiB = 1 << 20;
        Scheduler s(8 * MiB, 2);
        s.add(0, 16 * MiB);
        s.closeInput();
        auto first = s.tryNext();
        auto second = s.tryNext();
        QVERIFY(first && second);
        s.requeue({*second}); // its worker stopped before it began
        auto again = s.tryNext();
        QVERIFY(again && !again->resent);
        QCOMPARE(again->offset, 8 * MiB);
        QCOMPARE(s.claim(*first, 0, 7 * MiB), 7 * MiB);
        auto piece = s.tryNext();
        QVERIFY(piece);
        QCOMPARE(piece->offset, 12 * MiB); // the handed-back chunk's second half
        QVERIFY(s.resolved(0));
        QVERIFY(!s.unresolved(0));
        QCOMPARE(s.claim(*first, 7 * MiB, MiB), uint64_t(0));
        QCOMPARE(s.claim(*piece, piece->offset, MiB), uint64_t(0));
    }

    void schedulerRequeuesOnlyUnsettledWork()
    {
        Scheduler s(8 << 20, 2);
        s.add(0, 20 << 20); // 3 chunks
        s.add(1, 100);
        std::vector<WorkItem> taken;
        for (int i = 0; i < 4; ++i) taken.push_back(*s.next());
        QVERIFY(!s.tryNext());
        s.resolved(1);
        s.requeue(taken);
        int again = 0;
        while (auto item = s.tryNext()) {
            QCOMPARE(item->index, 0u);
            ++again;
        }
        QCOMPARE(again, 3);
    }

    void chunksSpreadOverStreamsArriveWhole()
    {
        ScratchDir d;
        makeTree(d.sub("src"));
        Session session;
        transfer(d.sub("src"), d.sub("dst"), 3, {}, session, 4 << 20);
        QVERIFY2(session.sent.ok(), session.sent.ok() ? "" : session.sent.error().message.c_str());
        QVERIFY2(session.received.ok(), session.received.ok() ? "" : session.received.error().message.c_str());
        QCOMPARE(session.receiverSide.done.load(), 202);
        QCOMPARE(session.senderSide.done.load(), 202);
        auto diff = diffTrees(describeTree(d.sub("src")), describeTree(d.sub("dst")));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }

    // One connection of three gets a tenth of the others' share: the chunk it
    // holds is cut for the others as they run dry, so it carries a few of
    // its frames instead of all, and the file arrives whole.
    void aSlowStreamsChunkIsCutForTheOthers()
    {
        ScratchDir d;
        writeFile(d.sub("src/big"), randomBytes((24 << 20) + 777, 31));
        MemoryLinks links(3);
        std::atomic<int> quickFrames{0};
        std::atomic<int> slowFrames{0};
        links.senderData[0] = std::make_unique<SlowLink>(std::move(links.senderData[0]), std::chrono::milliseconds(4),
                                                         quickFrames);
        links.senderData[1] = std::make_unique<SlowLink>(std::move(links.senderData[1]), std::chrono::milliseconds(4),
                                                         quickFrames);
        links.senderData[2] = std::make_unique<SlowLink>(std::move(links.senderData[2]), std::chrono::milliseconds(60),
                                                         slowFrames);
        Session session;
        transferOver(links, d.sub("src"), d.sub("dst"), session, 8 << 20); // a chunk of 32 frames for each connection
        QVERIFY2(session.sent.ok(), session.sent.ok() ? "" : session.sent.error().message.c_str());
        QVERIFY2(session.received.ok(), session.received.ok() ? "" : session.received.error().message.c_str());
        QCOMPARE(session.receiverSide.done.load(), 1);
        QVERIFY2(slowFrames.load() >= 1, "the slow connection took a chunk");
        // Its whole chunk is 32 frames and a ChunkEnd (33 without the end
        // game); a cut takes half of what it has not sent. A release build
        // sends about 7 here, a ThreadSanitizer build more (its quick links
        // are not ten times quicker there).
        qInfo("the slow connection sent %d frames, the quick ones %d", slowFrames.load(), quickFrames.load());
        QVERIFY2(slowFrames.load() < 30, ("the slow connection sent " + std::to_string(slowFrames.load()) + " frames").c_str());
        auto diff = diffTrees(describeTree(d.sub("src")), describeTree(d.sub("dst")));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        QVERIFY(tempFilesUnder(d.sub("dst")).empty());
    }

    // The slow connection breaks after its chunk was cut for the others: what
    // it kept goes again on them, and frames of the cut-short copy still on
    // their way do not end up in the file unchecked.
    void aSlowStreamThatBreaksAfterItsChunkWasCutLosesNothing()
    {
        ScratchDir d;
        writeFile(d.sub("src/big"), randomBytes((24 << 20) + 4321, 32));
        MemoryLinks links(3);
        std::atomic<int> quickFrames{0};
        std::atomic<int> slowFrames{0};
        Session session;
        for (size_t i = 0; i < 2; ++i)
            links.senderData[i] = std::make_unique<SlowLink>(std::move(links.senderData[i]),
                                                             std::chrono::milliseconds(4), quickFrames);
        links.senderData[2] = std::make_unique<BreakingLink>(
            std::make_unique<SlowLink>(std::move(links.senderData[2]), std::chrono::milliseconds(60), slowFrames), 5,
            session.linksBroken);
        transferOver(links, d.sub("src"), d.sub("dst"), session, 8 << 20);
        QVERIFY2(session.sent.ok(), session.sent.ok() ? "" : session.sent.error().message.c_str());
        QVERIFY2(session.received.ok(), session.received.ok() ? "" : session.received.error().message.c_str());
        QCOMPARE(session.receiverSide.done.load(), 1);
        QCOMPARE(session.receiverSide.failed.load(), 0);
        QCOMPARE(session.linksBroken.load(), 1);
        QVERIFY(session.senderSide.warnings.load() >= 1); // the loss is reported
        auto diff = diffTrees(describeTree(d.sub("src")), describeTree(d.sub("dst")));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        QVERIFY(tempFilesUnder(d.sub("dst")).empty());
    }

    void aBrokenStreamsWorkGoesOnTheOthers()
    {
        ScratchDir d;
        makeTree(d.sub("src"));
        Session session;
        // Stream 1 dies after 20 frames (mid-chunk), stream 2 after 3; on a
        // loaded machine the others may have taken all the work before
        // stream 1 sent its 20th (CI saw one loss reported, and so one link
        // broken): each loss that happened is reported.
        transfer(d.sub("src"), d.sub("dst"), 3, {-1, 20, 3}, session, 4 << 20);
        QVERIFY2(session.sent.ok(), session.sent.ok() ? "" : session.sent.error().message.c_str());
        QVERIFY2(session.received.ok(), session.received.ok() ? "" : session.received.error().message.c_str());
        QCOMPARE(session.receiverSide.failed.load(), 0);
        QVERIFY(session.linksBroken.load() >= 1);
        QVERIFY2(session.senderSide.warnings.load() >= session.linksBroken.load(),
                 (std::to_string(session.linksBroken.load()) + " links broke, "
                  + std::to_string(session.senderSide.warnings.load()) + " losses reported")
                     .c_str());
        auto diff = diffTrees(describeTree(d.sub("src")), describeTree(d.sub("dst")));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        QVERIFY(tempFilesUnder(d.sub("dst")).empty());
    }

    // Each data link carries its own zstd stream; raw frames (noise, known
    // compressed names) pass between its pieces without entering it.
    void compressedStreamsRoundTrip_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<int>("streams");
        QTest::newRow("zstd, 3 streams") << int(CompressMode::Zstd) << 3;
        QTest::newRow("auto, 3 streams") << int(CompressMode::Auto) << 3;
        QTest::newRow("lz4, 2 streams") << int(CompressMode::Lz4) << 2;
        QTest::newRow("zstd, shared link") << int(CompressMode::Zstd) << 0;
    }
    void compressedStreamsRoundTrip()
    {
        QFETCH(int, mode);
        QFETCH(int, streams);
        ScratchDir d;
        makeMixedTree(d.sub("src"));
        Session session;
        transfer(d.sub("src"), d.sub("dst"), size_t(streams), {}, session, 2 << 20,
                 CompressSpec{CompressMode(mode), 3});
        QVERIFY2(session.sent.ok(), session.sent.ok() ? "" : session.sent.error().message.c_str());
        QVERIFY2(session.received.ok(), session.received.ok() ? "" : session.received.error().message.c_str());
        QCOMPARE(session.receiverSide.failed.load(), 0);
        QVERIFY(session.decompressedFrames > 150);
        auto diff = diffTrees(describeTree(d.sub("src")), describeTree(d.sub("dst")));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }

    // A link lost mid-job takes its stream with it: its work is sent again,
    // compressed in the other links' streams, and every file arrives intact.
    void aBrokenStreamWithCompressionResendsOnTheOthers()
    {
        for (const CompressMode mode : {CompressMode::Zstd, CompressMode::Auto}) {
            ScratchDir d;
            makeMixedTree(d.sub("src"));
            Session session;
            transfer(d.sub("src"), d.sub("dst"), 3, {-1, 25, 4}, session, 2 << 20, CompressSpec{mode, 3});
            QVERIFY2(session.sent.ok(), session.sent.ok() ? "" : session.sent.error().message.c_str());
            QVERIFY2(session.received.ok(), session.received.ok() ? "" : session.received.error().message.c_str());
            QCOMPARE(session.receiverSide.failed.load(), 0);
            // Every loss is reported (the job may have ended before the
            // second link sent its quota of frames).
            QVERIFY(session.linksBroken.load() >= 1);
            QVERIFY(session.senderSide.warnings.load() >= session.linksBroken.load());
            QVERIFY(session.decompressedFrames > 0);
            auto diff = diffTrees(describeTree(d.sub("src")), describeTree(d.sub("dst")));
            QVERIFY2(diff.isEmpty(), qPrintable(diff));
            QVERIFY(tempFilesUnder(d.sub("dst")).empty());
        }
    }

    // Files sent on a data link whose other end then went away are never
    // acknowledged; once its sender has nothing else to send, it must see
    // the link gone and send them on the others, not wait for ever.
    void filesSentIntoALinkWhoseEndWentAwayGoOnTheOthers()
    {
        ScratchDir d;
        for (int i = 0; i < 100; ++i) writeFile(d.sub("src/f" + std::to_string(i)), randomBytes(size_t(i) * 31 + 7, uint64_t(i)));
        MemoryLinks links(2);
        // The first stream is slow, so that the vanishing one surely takes work.
        std::atomic<int> slowFrames{0};
        links.senderData[0] = std::make_unique<SlowLink>(std::move(links.senderData[0]), std::chrono::milliseconds(2), slowFrames);
        links.senderData[1] = std::make_unique<VanishingLink>(std::move(links.senderData[1]), *links.receiverData[1]);
        Session session;
        std::atomic<bool> finished{false};
        std::thread job([&] {
            transferOver(links, d.sub("src"), d.sub("dst"), session);
            finished = true;
        });
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        while (!finished && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        const bool hung = !finished;
        if (hung) { // unstick both roles before failing
            links.senderControl->close();
            links.receiverControl->close();
        }
        job.join();
        QVERIFY2(!hung, "the job waited for files sent on a link whose other end had gone");
        QVERIFY2(session.sent.ok(), session.sent.ok() ? "" : session.sent.error().message.c_str());
        QVERIFY2(session.received.ok(), session.received.ok() ? "" : session.received.error().message.c_str());
        QCOMPARE(session.receiverSide.failed.load(), 0);
        QVERIFY(session.senderSide.warnings.load() >= 1); // the loss is reported
        auto diff = diffTrees(describeTree(d.sub("src")), describeTree(d.sub("dst")));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        QVERIFY(tempFilesUnder(d.sub("dst")).empty());
    }

    // The list goes compressed over a link that carries bytes (version 18),
    // and as it is between a local job's roles, whose frames move by pointer
    // (compressing it there would only cost both ends CPU).
    void theListGoesCompressedOnlyWhereItTravelsAsBytes_data()
    {
        QTest::addColumn<bool>("overTcp");
        QTest::newRow("local job") << false;
        QTest::newRow("over TCP") << true;
    }
    void theListGoesCompressedOnlyWhereItTravelsAsBytes()
    {
        QFETCH(bool, overTcp);
        ScratchDir d;
        for (int i = 0; i < 300; ++i) writeFile(d.sub("src/dir/file-" + std::to_string(i)), "x");
        MemoryLinks links(1);
        if (overTcp) {
            fgtest::TcpPair pair;
            const std::string failed = fgtest::connectTcpPair(pair);
            QVERIFY2(failed.empty(), failed.c_str());
            links.senderControl = std::make_unique<proto::StreamFrameLink>(std::make_unique<net::TcpStream>(std::move(pair.client)));
            links.receiverControl = std::make_unique<proto::StreamFrameLink>(std::make_unique<net::TcpStream>(std::move(pair.server)));
        }
        auto watching = std::make_unique<ListWatchingLink>(std::move(links.receiverControl));
        ListWatchingLink& watch = *watching;
        links.receiverControl = std::move(watching);
        Session session;
        transferOver(links, d.sub("src"), d.sub("dst"), session);
        QVERIFY2(session.sent.ok(), session.sent.ok() ? "" : session.sent.error().message.c_str());
        QVERIFY2(session.received.ok(), session.received.ok() ? "" : session.received.error().message.c_str());
        QVERIFY(watch.batches.load() >= 1);
        if (overTcp) QCOMPARE(watch.compressed.load(), watch.batches.load());
        else QCOMPARE(watch.compressed.load(), 0);
        auto diff = diffTrees(describeTree(d.sub("src")), describeTree(d.sub("dst")));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }

    void losingEveryStreamFailsWithoutTornFiles()
    {
        ScratchDir d;
        makeTree(d.sub("src"));
        writeFile(d.sub("dst/big"), "old version");
        Session session;
        transfer(d.sub("src"), d.sub("dst"), 2, {5, 8}, session, 4 << 20);
        QVERIFY(!session.sent.ok());
        QCOMPARE(session.sent.error().code, Errc::Network);
        QVERIFY2(session.sent.error().message.find("data connections") != std::string::npos,
                 session.sent.error().message.c_str());
        QVERIFY(!session.received.ok());
        QCOMPARE(readFile(d.sub("dst/big")), std::string("old version"));
        QVERIFY(tempFilesUnder(d.sub("dst")).empty());
    }

    // A push to a daemon starts before its data connections have joined
    // (protocol 6): they come while the job runs, or none does and the
    // control link carries the data.
    void dataLinksThatJoinLateOrNeverCarryTheJob_data()
    {
        QTest::addColumn<int>("links");
        QTest::newRow("two join late") << 2;
        QTest::newRow("none joins") << 0;
    }
    void dataLinksThatJoinLateOrNeverCarryTheJob()
    {
        QFETCH(int, links);
        ScratchDir d;
        makeTree(d.sub("src"));
        MemoryLinks memory{static_cast<size_t>(links)};
        auto& senderControl = memory.senderControl;
        auto& receiverControl = memory.receiverControl;
        auto& senderData = memory.senderData;
        auto& receiverData = memory.receiverData;
        TransferParams params;
        params.chunkSize = 4 << 20;
        RootSpec from;
        from.base = d.sub("src");
        from.trailingSlash = true;
        RootSpec to;
        to.base = d.sub("dst");
        StageSet senderStages;
        StageSet receiverStages;
        CountingObserver senderSide;
        CountingObserver receiverSide;
        Sender sender(from, params, *senderControl, {}, senderSide, senderStages, nullptr);
        sender.expectDataLinks();
        Receiver receiver(to, params, *receiverControl, {}, receiverSide, receiverStages);
        // The receiver (a server) takes them before it runs, the sender after.
        for (auto& l : receiverData) receiver.addDataLink(l.get());
        Status sent;
        std::thread t([&] { sent = sender.run(); });
        std::thread joiner([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
            for (auto& l : senderData) sender.addDataLink(l.get());
            if (senderData.empty()) sender.noDataLinks();
        });
        Status received = receiver.run();
        joiner.join();
        t.join();
        QVERIFY2(sent.ok(), sent.ok() ? "" : sent.error().message.c_str());
        QVERIFY2(received.ok(), received.ok() ? "" : received.error().message.c_str());
        auto diff = diffTrees(describeTree(d.sub("src")), describeTree(d.sub("dst")));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        // The data went where it should: on the data links when they came.
        uint64_t onData = 0;
        for (auto& l : senderData) onData += l->bytesSent();
        if (links > 0) QVERIFY(onData > (24u << 20));
        else QVERIFY(senderControl->bytesSent() > (34u << 20));
    }

    // The receiver ends a job with JobDone once every file is settled, each
    // acknowledged before it: a JobDone with a file still open is a broken
    // receiver, not the end of the job.
    void jobDoneWithAFileUnsettledIsAProtocolError()
    {
        ScratchDir d;
        writeFile(d.sub("src/f"), randomBytes(1 << 20, 5));
        MemoryLinks memory(0);
        auto& senderControl = memory.senderControl;
        auto& receiverControl = memory.receiverControl;
        RootSpec from;
        from.base = d.sub("src");
        from.trailingSlash = true;
        StageSet stages;
        CountingObserver observer;
        Sender sender(from, TransferParams{}, *senderControl, {}, observer, stages, nullptr);
        Status sent;
        std::thread t([&] { sent = sender.run(); });
        for (;;) {
            auto f = receiverControl->receive();
            QVERIFY(f.ok());
            if (f->type == uint16_t(proto::MsgType::FileListEnd)) break;
            // The sender holds its list for our tree summaries: none.
            if (f->type == uint16_t(proto::MsgType::FileListBegin)) {
                auto begin = proto::fromFrame<proto::FileListBeginMsg>(*f);
                QVERIFY(begin.ok());
                proto::TreeSummaryMsg none;
                none.last = true;
                if (begin->treeSummaries) (void)receiverControl->send(proto::toFrame(none));
            }
        }
        proto::PlanBatchMsg plan;
        plan.items.push_back({1, proto::WireAction::Copy, proto::WireMethod::Whole});
        (void)receiverControl->send(proto::toFrame(plan));
        (void)receiverControl->send(proto::toFrame(proto::PlanEndMsg{}));
        (void)receiverControl->send(proto::toFrame(proto::JobDoneMsg{}));
        // Read on (and drop) until the sender hangs up, as a receiver does.
        while (receiverControl->receive().ok()) {
        }
        receiverControl->close();
        t.join();
        QVERIFY(!sent.ok());
        QCOMPARE(sent.error().code, Errc::Protocol);
    }
};

QTEST_GUILESS_MAIN(TestStreams)
#include "test_streams.moc"
