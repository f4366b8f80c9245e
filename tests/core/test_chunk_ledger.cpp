// The receiver's record of what arrived of a file, on its own: a file sent
// whole, a chunked file whose chunks end in any order, a chunk resent on
// another link after its stream broke (checked on disk, counted once),
// chunks that do not add up, and the sender's protocol mistakes.

#include "receive/chunk_ledger.h"

#include <QTest>

#include <string>
#include <vector>

using namespace fg;
using Kind = ChunkVerdict::Kind;

namespace {
constexpr ChecksumChoice kChoice = ChecksumChoice::Xxh128;

std::vector<uint8_t> bytes(size_t n, uint8_t seed)
{
    std::vector<uint8_t> out(n);
    for (size_t i = 0; i < n; ++i) out[i] = uint8_t(seed + i * 7);
    return out;
}

// What a writer does with a frame's bytes once they are on disk.
void take(ChunkProgress& chunk, const std::vector<uint8_t>& data)
{
    chunk.hasher.update(data.data(), data.size());
    chunk.next += data.size();
    chunk.hashed = chunk.next.load();
}

Digest hashOf(const std::vector<uint8_t>& data) { return digestOf(kChoice, data.data(), data.size()); }

proto::ChunkEndMsg chunkEnd(uint64_t offset, const std::vector<uint8_t>& data)
{
    proto::ChunkEndMsg end;
    end.offset = offset;
    end.length = data.size();
    end.hash = hashOf(data);
    return end;
}

proto::FileEndMsg fileEnd(uint64_t size, Digest hash, uint32_t chunks)
{
    proto::FileEndMsg end;
    end.size = size;
    end.hash = hash;
    end.chunks = chunks;
    end.mtimeNs = 1234;
    return end;
}

// The verdict is of `kind` and its message says `phrase`.
bool says(const ChunkVerdict& verdict, Kind kind, const char* phrase)
{
    return verdict.kind == kind && verdict.what.find(phrase) != std::string::npos;
}

// The disk must not be asked: nothing contested the chunk.
const ChunkLedger::DiskCheck kNoDisk = [](uint64_t, uint64_t, const Digest&) {
    QTest::qFail("the disk was asked about a chunk only one link carried", __FILE__, __LINE__);
    return false;
};
} // namespace

class TestChunkLedger : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void wholeFileMatches()
    {
        ChunkLedger ledger(kChoice);
        const auto data = bytes(5000, 1);
        auto chunk = ledger.chunkFor(0, 3, true);
        QVERIFY(chunk);
        take(*chunk, bytes(2000, 1));
        // The next frame follows on, on the same link.
        auto same = ledger.chunkFor(2000, 3, false);
        QCOMPARE(same.get(), chunk.get());
        take(*chunk, std::vector<uint8_t>(data.begin() + 2000, data.end()));
        QCOMPARE(ledger.bytesArrived(), uint64_t(5000));
        const ChunkVerdict verdict = ledger.endWhole(fileEnd(5000, hashOf(data), 0), 3, kNoDisk);
        QCOMPARE(verdict.kind, Kind::Verified);
        QVERIFY(ledger.end());
        QCOMPARE(ledger.end()->mtimeNs, int64_t(1234));
    }

    void wholeFileThatDiffersIsAMismatch()
    {
        ChunkLedger ledger(kChoice);
        auto chunk = ledger.chunkFor(0, 0, true);
        take(*chunk, bytes(100, 1));
        const ChunkVerdict wrongHash = ledger.endWhole(fileEnd(100, hashOf(bytes(100, 2)), 0), 0, kNoDisk);
        QVERIFY2(says(wrongHash, Kind::Mismatch, "received 100 bytes"), wrongHash.what.c_str());

        ChunkLedger shorter(kChoice);
        take(*shorter.chunkFor(0, 0, true), bytes(99, 1));
        QCOMPARE(shorter.endWhole(fileEnd(100, hashOf(bytes(100, 1)), 0), 0, kNoDisk).kind, Kind::Mismatch);
    }

    void emptyFileNeedsNoFrames()
    {
        ChunkLedger ledger(kChoice);
        QCOMPARE(ledger.endWhole(fileEnd(0, digestOf(kChoice, nullptr, 0), 0), 0, kNoDisk).kind, Kind::Verified);
        ChunkLedger claimed(kChoice);
        QCOMPARE(claimed.endWhole(fileEnd(10, digestOf(kChoice, nullptr, 0), 0), 0, kNoDisk).kind, Kind::Mismatch);
    }

    void chunksEndInAnyOrder()
    {
        ChunkLedger ledger(kChoice);
        const auto first = bytes(4096, 1), second = bytes(1000, 9);
        auto a = ledger.chunkFor(0, 0, true);
        auto b = ledger.chunkFor(4096, 1, true);
        take(*b, second);
        take(*a, first);
        const Digest tree = proto::chunkTreeHash(kChoice, {hashOf(first), hashOf(second)});
        // The later chunk ends first; the file's end comes before the last chunk's.
        QCOMPARE(ledger.endChunk(chunkEnd(4096, second), 1, "f", kNoDisk).kind, Kind::Incomplete);
        QCOMPARE(ledger.endChunked(fileEnd(5096, tree, 2)).kind, Kind::Incomplete);
        QCOMPARE(ledger.bytesArrived(), uint64_t(5096));
        QCOMPARE(ledger.endChunk(chunkEnd(0, first), 0, "f", kNoDisk).kind, Kind::Verified);
    }

    void chunksThatDoNotAddUpAreAMismatch()
    {
        ChunkLedger ledger(kChoice);
        const auto first = bytes(10, 1), second = bytes(10, 2);
        take(*ledger.chunkFor(0, 0, true), first);
        take(*ledger.chunkFor(10, 0, true), second);
        QCOMPARE(ledger.endChunk(chunkEnd(0, first), 0, "f", kNoDisk).kind, Kind::Incomplete);
        QCOMPARE(ledger.endChunk(chunkEnd(10, second), 0, "f", kNoDisk).kind, Kind::Incomplete);
        // The tree hash of the chunks the other way round.
        const Digest swapped = proto::chunkTreeHash(kChoice, {hashOf(second), hashOf(first)});
        const ChunkVerdict verdict = ledger.endChunked(fileEnd(20, swapped, 2));
        QVERIFY2(says(verdict, Kind::Mismatch, "do not add up"), verdict.what.c_str());
    }

    void aChunkThatDiffersIsAMismatch()
    {
        ChunkLedger ledger(kChoice);
        take(*ledger.chunkFor(0, 0, true), bytes(64, 1));
        const ChunkVerdict verdict = ledger.endChunk(chunkEnd(0, bytes(64, 5)), 0, "f", kNoDisk);
        QVERIFY2(says(verdict, Kind::Mismatch, "chunk at 0"), verdict.what.c_str());
    }

    void protocolMistakesAreNamed()
    {
        ChunkLedger ledger(kChoice);
        take(*ledger.chunkFor(0, 0, true), bytes(64, 1));
        const ChunkVerdict wrongLength = ledger.endChunk(chunkEnd(0, bytes(65, 1)), 0, "dir/f", kNoDisk);
        QVERIFY2(says(wrongLength, Kind::Protocol, "dir/f"), wrongLength.what.c_str());

        // A delta segment whose first pass skipped 10 bytes its second never filled.
        ChunkLedger delta(kChoice);
        auto segment = delta.chunkFor(0, 0, true);
        segment->next = 30;
        segment->hashed = 20;
        const ChunkVerdict unfilled = delta.endChunk(chunkEnd(0, bytes(30, 1)), 0, "g", kNoDisk);
        QVERIFY2(says(unfilled, Kind::Protocol, "10 bytes"), unfilled.what.c_str());
    }

    void secondPassGoesOnWhereTheHashingStopped()
    {
        ChunkLedger ledger(kChoice);
        auto segment = ledger.chunkFor(0, 2, true);
        segment->next = 100;
        segment->hashed = 40;
        QCOMPARE(ledger.chunkFor(40, 2, false, true).get(), segment.get());
        QVERIFY(!ledger.chunkFor(50, 2, false, true));  // not where the hashing stopped
        QVERIFY(!ledger.chunkFor(40, 1, false, true));  // another link's
        segment->hashed = 100;
        QVERIFY(!ledger.chunkFor(100, 2, false, true)); // nothing left behind the first pass
    }

    void aResendIsCheckedOnDiskAndCountedOnce()
    {
        ChunkLedger ledger(kChoice);
        const auto data = bytes(300, 4);
        auto cutShort = ledger.chunkFor(0, 0, true);
        take(*cutShort, std::vector<uint8_t>(data.begin(), data.begin() + 200));
        // The stream broke; the chunk is sent again from its start on link 1.
        auto resend = ledger.chunkFor(0, 1, true);
        QVERIFY(resend && resend != cutShort);
        QVERIFY(resend->contested && cutShort->contested);
        take(*resend, std::vector<uint8_t>(data.begin(), data.begin() + 100));
        QCOMPARE(ledger.bytesArrived(), uint64_t(200)); // the further of the two, once
        take(*resend, std::vector<uint8_t>(data.begin() + 100, data.end()));

        // The cut-short copy wrote over the resend's bytes on disk.
        int asked = 0;
        bool askedRight = false;
        const auto diskSaysNo = [&](uint64_t offset, uint64_t length, const Digest& hash) {
            ++asked;
            askedRight = offset == 0 && length == 300 && hash == hashOf(data);
            return false;
        };
        QCOMPARE(ledger.endChunk(chunkEnd(0, data), 1, "f", diskSaysNo).kind, Kind::Mismatch);
        QCOMPARE(asked, 1);
        QVERIFY(askedRight);

        ChunkLedger again(kChoice);
        auto old = again.chunkFor(0, 0, true);
        take(*old, std::vector<uint8_t>(data.begin(), data.begin() + 50));
        take(*again.chunkFor(0, 1, true), data);
        const auto diskSaysYes = [&](uint64_t, uint64_t length, const Digest&) { return length == 300; };
        QCOMPARE(again.endChunk(chunkEnd(0, data), 1, "f", diskSaysYes).kind, Kind::Incomplete);
        QCOMPARE(again.bytesArrived(), uint64_t(300));
        // The cut-short copy is done with: its late frames and its end are dropped.
        QVERIFY(!again.chunkFor(50, 0, false));
        QCOMPARE(again.endChunk(chunkEnd(0, data), 0, "f", kNoDisk).kind, Kind::Ignored);
        // And a third copy of a verified chunk has nothing to add.
        QVERIFY(!again.chunkFor(0, 2, true));
        QCOMPARE(again.endChunked(fileEnd(300, proto::chunkTreeHash(kChoice, {hashOf(data)}), 1)).kind,
                 Kind::Verified);
    }

    void framesOutOfPlaceAreDropped()
    {
        ChunkLedger ledger(kChoice);
        take(*ledger.chunkFor(0, 0, true), bytes(10, 1));
        QVERIFY(!ledger.chunkFor(20, 0, false)); // a gap
        QVERIFY(!ledger.chunkFor(10, 1, false)); // the right offset on another link
        QVERIFY(ledger.chunkFor(10, 0, false));
    }

    void aStrayChunkSpoilsAWholeFile()
    {
        ChunkLedger ledger(kChoice);
        const auto data = bytes(10, 1);
        take(*ledger.chunkFor(0, 0, true), data);
        take(*ledger.chunkFor(4096, 1, true), bytes(10, 2));
        QCOMPARE(ledger.endWhole(fileEnd(10, hashOf(data), 0), 0, kNoDisk).kind, Kind::Mismatch);
    }
};

QTEST_APPLESS_MAIN(TestChunkLedger)
#include "test_chunk_ledger.moc"
