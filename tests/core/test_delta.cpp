// The delta algorithm end to end in memory: sign the old copy, match the new
// version against it (fed in pieces, as the sender reads), encode, apply, and
// compare byte for byte; plus how much of the new version had to travel.

#include "delta/matcher.h"
#include "delta/ops.h"
#include "delta/rolling_sum.h"
#include "delta/signature.h"
#include "delta/signature_index.h"
#include "delta/two_pass.h"

#include <QTest>

#include <algorithm>
#include <cstring>
#include <deque>
#include <random>
#include <vector>

using Bytes = std::vector<uint8_t>;
using namespace fg::delta;

namespace {

Bytes randomBytes(size_t n, uint32_t seed)
{
    std::mt19937 rng(seed);
    Bytes b(n);
    for (auto& x : b) x = uint8_t(rng());
    return b;
}

Signature sign(const Bytes& basis, uint32_t blockLength)
{
    Signature s;
    s.basisSize = basis.size();
    s.blockLength = blockLength;
    s.seed = 0x5eed;
    signBlocks(basis.data(), basis.size() / blockLength * blockLength, blockLength, s.seed, s.blocks);
    return s;
}

struct Outcome {
    Bytes rebuilt;
    uint64_t literal = 0;
    uint64_t matched = 0;
    size_t wireBytes = 0;
    size_t firstPassBytes = 0;
};

// What the receiver does with a segment's frames, with its checks: a first
// pass frame continues where the last one ended and writes where its output
// goes, hashing while nothing before it is missing; a second-pass frame
// starts where the hashing stopped, stays behind the first pass, and hashes
// on its way (skips are read back from what the first pass wrote).
struct ReceiverModel {
    const Bytes& basis;
    uint32_t blockLength;
    Bytes out;
    Bytes hashed; // the bytes hashed, in order
    uint64_t next = 0;
    std::vector<uint8_t> scratch;

    void apply(const PassFrame& frame, bool fill)
    {
        if (fill ? frame.offset != hashed.size() || frame.offset >= next : frame.offset != next)
            qFatal("a %s frame at %llu (first pass at %llu, hashed to %zu)", fill ? "second-pass" : "first-pass",
                   static_cast<unsigned long long>(frame.offset), static_cast<unsigned long long>(next), hashed.size());
        uint64_t at = frame.offset;
        auto write = [&](const uint8_t* data, size_t n) {
            if (fill && at + n > next) qFatal("the second pass wrote past the first");
            if (out.size() < at + n) out.resize(at + n);
            std::memcpy(out.data() + at, data, n);
            if (hashed.size() == at) hashed.insert(hashed.end(), data, data + n);
            at += n;
            return fg::Status();
        };
        auto skip = [&](uint64_t n) {
            if (fill) {
                if (at + n > next) qFatal("the second pass skipped past the first");
                hashed.insert(hashed.end(), out.begin() + std::ptrdiff_t(at), out.begin() + std::ptrdiff_t(at + n));
            }
            at += n;
            return fg::Status();
        };
        fg::Status st = applyOps(
            frame.ops.data(), frame.ops.size(), BasisGeometry{basis.size(), blockLength},
            [&](uint64_t offset, uint8_t* into, size_t n) {
                std::memcpy(into, basis.data() + offset, n);
                return fg::Status();
            },
            write, skip, scratch);
        if (!st) qFatal("apply failed: %s", st.error().message.c_str());
        if (!fill) next = at;
    }
};

// Runs the whole pipeline as the sender and receiver do; the new data reaches
// the matcher in pieces of `piece` bytes, through a buffer the way the
// sender's reader fills it. The first pass goes whenever literal frames are
// ready or `ahead` bytes of copies are; the literal frames it covers are held
// and go at points `rng` picks, as a link with room takes them.
Outcome roundTrip(const Bytes& basis, const Bytes& fresh, uint32_t blockLength, size_t piece = 100000,
                  uint64_t ahead = 4u << 20, uint32_t seed = 1)
{
    SignatureIndex index(sign(basis, blockLength));
    Matcher matcher(index);
    TwoPassEncoder encoder(64 * 1024, blockLength, 0);
    ReceiverModel receiver{basis, blockLength, {}, {}, 0, {}};
    std::deque<PassFrame> held;
    std::mt19937 rng(seed);
    Outcome out;
    auto firstPass = [&](bool all) {
        matcher.emitRun(encoder);
        for (auto& f : encoder.takeCopies()) {
            out.wireBytes += f.ops.size();
            out.firstPassBytes += f.ops.size();
            receiver.apply(f, false);
        }
        for (auto& f : encoder.takeLiterals(all)) held.push_back(std::move(f));
        for (size_t n = all ? held.size() : rng() % (held.size() + 1); n > 0; --n) {
            out.wireBytes += held.front().ops.size();
            receiver.apply(held.front(), true);
            held.pop_front();
        }
    };
    Bytes pending;
    size_t fed = 0;
    while (fed < fresh.size()) {
        const size_t n = std::min(piece, fresh.size() - fed);
        pending.insert(pending.end(), fresh.begin() + fed, fresh.begin() + fed + n);
        fed += n;
        const size_t settled = matcher.scan(pending.data(), pending.size(), fed == fresh.size(), encoder);
        pending.erase(pending.begin(), pending.begin() + settled);
        if (encoder.literalFramesReady() > 0 || encoder.copiesPending() >= ahead) firstPass(false);
    }
    if (fresh.empty()) matcher.scan(nullptr, 0, true, encoder);
    Q_ASSERT(pending.empty());
    firstPass(true);

    if (encoder.output() != fresh.size() || receiver.next != fresh.size())
        qFatal("the encoder described %llu output bytes for %zu", static_cast<unsigned long long>(encoder.output()),
               fresh.size());
    if (receiver.hashed != fresh) qFatal("the receiver hashed something else than the new version, or not in order");
    out.literal = matcher.literalBytes();
    out.matched = matcher.matchedBytes();
    out.rebuilt = std::move(receiver.out);
    return out;
}

constexpr uint32_t kBlock = 2048;

} // namespace

class TestDelta : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rollingSumEqualsSumOfEachWindow()
    {
        const Bytes data = randomBytes(5000, 1);
        const size_t L = 700;
        RollingSum rolling = RollingSum::of(data.data(), L);
        for (size_t at = 1; at + L <= data.size(); ++at) {
            rolling.roll(data[at - 1], data[at + L - 1]);
            QCOMPARE(rolling.value(), RollingSum::of(data.data() + at, L).value());
            QCOMPARE(rolling.key(), RollingSum::of(data.data() + at, L).key());
        }
    }

    void blockLengthFollowsTheSquareRootWithBounds()
    {
        QCOMPARE(blockLengthFor(0), kMinBlockLength);
        QCOMPARE(blockLengthFor(100 * 1024), kMinBlockLength);
        QCOMPARE(blockLengthFor(uint64_t(1) << 30), 16384u);
        QVERIFY(blockLengthFor(uint64_t(1) << 40) > 128 * 1024); // past rsync's cap
        QCOMPARE(blockLengthFor(uint64_t(1) << 60), kMaxBlockLength);
        QCOMPARE(blockLengthFor(3'000'000) % 64, 0u);
    }

    void identicalFilesSendNoLiterals()
    {
        const Bytes basis = randomBytes(200 * kBlock, 2);
        Outcome o = roundTrip(basis, basis, kBlock);
        QVERIFY(o.rebuilt == basis);
        QCOMPARE(o.literal, uint64_t(0));
        // One run of copies, not one instruction per block.
        QCOMPARE(o.wireBytes, kCopyOpSize);
    }

    void identicalWithShortTailSendsOnlyTheTail()
    {
        const Bytes basis = randomBytes(50 * kBlock + 77, 3);
        Outcome o = roundTrip(basis, basis, kBlock);
        QVERIFY(o.rebuilt == basis);
        QCOMPARE(o.literal, uint64_t(77));
    }

    void insertionShiftsTheRestAndIsFound()
    {
        const Bytes basis = randomBytes(300 * kBlock, 4);
        Bytes fresh = basis;
        const Bytes inserted = randomBytes(123, 5);
        fresh.insert(fresh.begin() + 100 * kBlock + 500, inserted.begin(), inserted.end());
        Outcome o = roundTrip(basis, fresh, kBlock);
        QVERIFY(o.rebuilt == fresh);
        // The insertion plus at most the block it broke.
        QVERIFY2(o.literal <= 123 + kBlock, std::to_string(o.literal).c_str());
    }

    void deletionIsFound()
    {
        const Bytes basis = randomBytes(300 * kBlock, 6);
        Bytes fresh = basis;
        fresh.erase(fresh.begin() + 50 * kBlock + 10, fresh.begin() + 52 * kBlock + 900);
        Outcome o = roundTrip(basis, fresh, kBlock);
        QVERIFY(o.rebuilt == fresh);
        QVERIFY2(o.literal <= 2 * kBlock, std::to_string(o.literal).c_str());
    }

    void movedRegionIsCopiedFromItsOldPlace()
    {
        const Bytes basis = randomBytes(100 * kBlock, 7);
        Bytes fresh(basis.begin() + 60 * kBlock, basis.end());
        fresh.insert(fresh.end(), basis.begin(), basis.begin() + 60 * kBlock);
        Outcome o = roundTrip(basis, fresh, kBlock);
        QVERIFY(o.rebuilt == fresh);
        QCOMPARE(o.literal, uint64_t(0));
    }

    void appendSendsOnlyTheNewTail()
    {
        const Bytes basis = randomBytes(100 * kBlock, 8);
        Bytes fresh = basis;
        const Bytes more = randomBytes(5000, 9);
        fresh.insert(fresh.end(), more.begin(), more.end());
        Outcome o = roundTrip(basis, fresh, kBlock);
        QVERIFY(o.rebuilt == fresh);
        QCOMPARE(o.literal, uint64_t(5000));
    }

    void truncationSendsNothingNew()
    {
        const Bytes basis = randomBytes(100 * kBlock, 10);
        const Bytes fresh(basis.begin(), basis.begin() + 40 * kBlock);
        Outcome o = roundTrip(basis, fresh, kBlock);
        QVERIFY(o.rebuilt == fresh);
        QCOMPARE(o.literal, uint64_t(0));
    }

    void emptyNewVersion()
    {
        Outcome o = roundTrip(randomBytes(10 * kBlock, 11), {}, kBlock);
        QVERIFY(o.rebuilt.empty());
        QCOMPARE(o.wireBytes, size_t(0));
    }

    void emptyOrTinyBasisMeansAllLiteral()
    {
        const Bytes fresh = randomBytes(10 * kBlock + 3, 12);
        for (size_t basisSize : {size_t(0), size_t(kBlock - 1)}) {
            Outcome o = roundTrip(randomBytes(basisSize, 13), fresh, kBlock);
            QVERIFY(o.rebuilt == fresh);
            QCOMPARE(o.literal, uint64_t(fresh.size()));
        }
    }

    void fileSmallerThanABlock()
    {
        const Bytes basis = randomBytes(100 * kBlock, 14);
        const Bytes fresh(basis.begin(), basis.begin() + 1000);
        Outcome o = roundTrip(basis, fresh, kBlock);
        QVERIFY(o.rebuilt == fresh);
        QCOMPARE(o.literal, uint64_t(1000));
    }

    void completelyDifferentFilesGoAsLiterals()
    {
        const Bytes basis = randomBytes(100 * kBlock, 15);
        const Bytes fresh = randomBytes(100 * kBlock, 16);
        Outcome o = roundTrip(basis, fresh, kBlock);
        QVERIFY(o.rebuilt == fresh);
        QCOMPARE(o.matched, uint64_t(0));
        // Literal framing costs a few bytes per 64 KiB buffer, no more.
        QVERIFY(o.wireBytes < fresh.size() + fresh.size() / 1000);
    }

    void repeatedBlocksAndZeroRuns()
    {
        Bytes basis(64 * kBlock, 0);
        const Bytes noise = randomBytes(10 * kBlock, 17);
        std::copy(noise.begin(), noise.end(), basis.begin() + 20 * kBlock);
        Bytes fresh = basis;
        fresh.insert(fresh.begin() + 5, 300, 0);                      // more zeros
        fresh.insert(fresh.begin() + 30 * kBlock, noise.begin(), noise.begin() + 5000);
        Outcome o = roundTrip(basis, fresh, kBlock);
        QVERIFY(o.rebuilt == fresh);
        QVERIFY2(o.literal <= 300 + 5000 + 2 * kBlock, std::to_string(o.literal).c_str());
    }

    void randomEditsRoundTripAtAnyPieceSize()
    {
        std::mt19937 rng(18);
        for (int round = 0; round < 40; ++round) {
            const uint32_t block = 1024 + 64 * (rng() % 32);
            Bytes basis = randomBytes(rng() % (300 * 1024), rng());
            Bytes fresh = basis;
            const int edits = int(rng() % 8);
            for (int e = 0; e < edits; ++e) {
                const size_t at = fresh.empty() ? 0 : rng() % fresh.size();
                switch (rng() % 4) {
                case 0: { // insert
                    Bytes ins = randomBytes(rng() % 5000, rng());
                    fresh.insert(fresh.begin() + at, ins.begin(), ins.end());
                    break;
                }
                case 1: // delete
                    fresh.erase(fresh.begin() + at, fresh.begin() + std::min(fresh.size(), at + rng() % 5000));
                    break;
                case 2: // overwrite
                    for (size_t i = at; i < std::min(fresh.size(), at + rng() % 200); ++i) fresh[i] = uint8_t(rng());
                    break;
                case 3: // truncate
                    fresh.resize(at);
                    break;
                }
            }
            const size_t piece = 1 + rng() % 70000;
            // The first pass goes anywhere from every piece to only at the end.
            const uint64_t ahead = rng() % 2 ? rng() % (256 * 1024) : UINT64_MAX;
            Outcome o = roundTrip(basis, fresh, block, std::max<size_t>(piece, 2 * block), ahead, rng());
            QVERIFY2(o.rebuilt == fresh, ("round " + std::to_string(round)).c_str());
            QCOMPARE(o.literal + o.matched, uint64_t(fresh.size()));
        }
    }

    void firstPassIsSmallAndTheSecondFillsItIn()
    {
        // Scattered overwrites: the first pass is a few bytes for each run of
        // copies, the literals all go in the second.
        const Bytes basis = randomBytes(1000 * kBlock, 19);
        Bytes fresh = basis;
        std::mt19937 rng(20);
        for (int e = 0; e < 10; ++e) {
            const size_t at = rng() % (fresh.size() - 3000);
            for (size_t i = at; i < at + 3000; ++i) fresh[i] = uint8_t(rng());
        }
        for (uint64_t ahead : {uint64_t(0), uint64_t(64 * 1024), uint64_t(UINT64_MAX)}) {
            Outcome o = roundTrip(basis, fresh, kBlock, 100000, ahead, 21);
            QVERIFY(o.rebuilt == fresh);
            QVERIFY2(o.firstPassBytes < 1000, std::to_string(o.firstPassBytes).c_str());
            QVERIFY(o.literal >= 10 * 3000 && o.literal <= 10 * (3000 + 2 * kBlock));
        }
    }

    void readerRefusesWhatDoesNotFitTheBasis()
    {
        const BasisGeometry basis{10 * kBlock + 5, kBlock}; // 10 whole blocks
        auto firstError = [&](const Bytes& ops) -> std::string {
            OpReader reader(ops.data(), ops.size(), basis);
            Op op;
            for (;;) {
                auto more = reader.next(op);
                if (!more.ok()) return more.error().message;
                if (!*more) return "";
            }
        };
        Bytes ok;
        appendCopy(ok, 0, 10);
        appendLiteral(ok, reinterpret_cast<const uint8_t*>("abc"), 3);
        QCOMPARE(firstError(ok), std::string());

        Bytes past;
        appendCopy(past, 9, 2);
        QVERIFY(firstError(past).find("blocks 9+2") != std::string::npos);
        Bytes wrap;
        appendCopy(wrap, 1, 0xFFFFFFFFu);
        QVERIFY(!firstError(wrap).empty());
        Bytes zero;
        appendCopy(zero, 1, 0);
        QVERIFY(!firstError(zero).empty());
        Bytes cut;
        appendCopy(cut, 1, 1);
        cut.pop_back();
        QVERIFY(firstError(cut).find("cut short") != std::string::npos);
        Bytes longLiteral;
        appendLiteral(longLiteral, reinterpret_cast<const uint8_t*>("abcdef"), 6);
        longLiteral.resize(longLiteral.size() - 2);
        QVERIFY(firstError(longLiteral).find("claims 6 bytes") != std::string::npos);
        Bytes skips;
        appendSkip(skips, 5);
        appendSkip(skips, uint64_t(UINT32_MAX) + 10); // as two
        QCOMPARE(skips.size(), 3 * kSkipOpSize);
        QCOMPARE(firstError(skips), std::string());
        Bytes cutSkip;
        appendSkip(cutSkip, 5);
        cutSkip.pop_back();
        QVERIFY(firstError(cutSkip).find("skip is cut short") != std::string::npos);
        QVERIFY(firstError(Bytes{3, 0, 0, 0, 0}).find("skip of 0 bytes") != std::string::npos);
        QVERIFY(firstError(Bytes{7}).find("unknown delta instruction") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestDelta)
#include "test_delta.moc"
