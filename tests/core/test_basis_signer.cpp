// The receiver's signer of old copies, on its own: signatures go out in
// pieces, in file order, matching the old copy (signed by several threads
// when it is big); a partial file is signed in its place; a settled file is
// not signed; an unreadable old copy makes the file go whole; what is
// outstanding is bounded until files settle; and the copy a rebuild gets is
// the one signed, or an error when it changed.

#include "proto/messages.h"
#include "receive/basis_signer.h"

#include "test_support.h"

#include <QTest>

#include <cstdio>
#include <map>
#include <mutex>
#include <string>
#include <vector>

using namespace fg;
using fgtest::ScratchDir;

namespace {
constexpr uint64_t kSeed = 0x5eed;

// The signer's receiver: which files are wanted, and what was sent and said.
struct FakeReceiver {
    std::mutex mutex;
    std::map<uint32_t, std::string> wanted; // index -> target
    std::vector<proto::SignatureMsg> sent;
    std::vector<std::string> notices;
    std::vector<std::string> failures;

    BasisSigner::Host host()
    {
        BasisSigner::Host h;
        h.wantedTarget = [this](uint32_t index) -> std::optional<std::string> {
            std::lock_guard lock(mutex);
            auto it = wanted.find(index);
            if (it == wanted.end()) return std::nullopt;
            return it->second;
        };
        h.send = [this](proto::Frame frame) -> Status {
            auto msg = proto::fromFrame<proto::SignatureMsg>(frame);
            if (!msg.ok()) return msg.error();
            std::lock_guard lock(mutex);
            sent.push_back(std::move(msg).value());
            return {};
        };
        h.notice = [this](const std::string& target, const Error& why) {
            std::lock_guard lock(mutex);
            notices.push_back(target + ": " + why.message);
        };
        h.fail = [this](const Error& error) {
            std::lock_guard lock(mutex);
            failures.push_back(error.message);
        };
        h.cancelled = [] { return false; };
        return h;
    }
    size_t framesFor(uint32_t index)
    {
        std::lock_guard lock(mutex);
        size_t n = 0;
        for (const auto& m : sent) n += m.index == index;
        return n;
    }
};

platform::DirHandle rootOf(const ScratchDir& d)
{
    auto dir = platform::DirHandle::open(d.path());
    if (!dir.ok()) qFatal("cannot open %s", d.path().c_str());
    return std::move(dir).value();
}

// The blocks of `content` as the sender should get them, in order.
std::vector<std::pair<uint32_t, uint64_t>> expectedBlocks(const std::string& content)
{
    const uint32_t blockLength = delta::blockLengthFor(content.size());
    std::vector<delta::BlockSignature> blocks;
    const uint64_t whole = delta::wholeBlocks(content.size(), blockLength) * blockLength;
    delta::signBlocks(reinterpret_cast<const uint8_t*>(content.data()), size_t(whole), blockLength, kSeed, blocks);
    std::vector<std::pair<uint32_t, uint64_t>> out;
    for (const auto& b : blocks) out.emplace_back(b.weak, b.strong);
    return out;
}

// The pieces sent for `index`, checked to be in order and put together.
std::vector<std::pair<uint32_t, uint64_t>> assembled(FakeReceiver& r, uint32_t index, uint64_t basisSize)
{
    std::lock_guard lock(r.mutex);
    std::vector<std::pair<uint32_t, uint64_t>> blocks;
    for (const auto& m : r.sent) {
        if (m.index != index) continue;
        // Out of order, or of another seed or size: nothing matches.
        if (m.first != blocks.size() || m.seed != kSeed || m.basisSize != basisSize) return {};
        blocks.insert(blocks.end(), m.blocks.begin(), m.blocks.end());
    }
    return blocks;
}

void signAll(BasisSigner& signer, const ScratchDir& d, std::initializer_list<uint32_t> indices)
{
    signer.start(rootOf(d));
    for (uint32_t i : indices) signer.enqueue(i);
    signer.finish();
}

// `content` as the old copy of file `index` at `path`, signed to its end.
void signOldCopy(BasisSigner& signer, FakeReceiver& r, const ScratchDir& d, uint32_t index, const std::string& path,
                 const std::string& content)
{
    fgtest::writeFile(d.sub(path), content);
    r.wanted[index] = path;
    signAll(signer, d, {index});
}
} // namespace

class TestBasisSigner : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void signsTheOldCopyInPiecesInOrder()
    {
        ScratchDir d;
        FakeReceiver r;
        StageSet stages;
        BasisSigner signer(stages, r.host(), kSeed);
        const std::string content = fgtest::randomBytes(24u << 20, 3); // several pieces
        signOldCopy(signer, r, d, 7, "a/f.bin", content);
        QVERIFY(r.framesFor(7) > 1);
        QVERIFY(assembled(r, 7, content.size()) == expectedBlocks(content));
        QCOMPARE(r.sent.back().total, uint32_t(expectedBlocks(content).size()));
        QVERIFY(r.notices.empty() && r.failures.empty());
        QCOMPARE(stages.snapshotOf(StageId::Sign).items, uint64_t(1));
        QVERIFY(signer.outstandingBytes() > 0);
        signer.forget(7);
        QCOMPARE(signer.outstandingBytes(), uint64_t(0));
    }

    void aBigOldCopyIsSignedByThreadsInFileOrder()
    {
        ScratchDir d;
        FakeReceiver r;
        StageSet stages;
        BasisSigner signer(stages, r.host(), kSeed);
        const std::string content = fgtest::randomBytes(80u << 20, 4); // past the parallel threshold
        signOldCopy(signer, r, d, 1, "big.bin", content);
        QVERIFY(assembled(r, 1, content.size()) == expectedBlocks(content));
        QVERIFY(signer.readRate() > 0); // enough was read to say
    }

    void aPartialFileIsSignedInsteadOfTheOldCopy()
    {
        ScratchDir d;
        fgtest::writeFile(d.sub("dir/f"), fgtest::randomBytes(100000, 1));
        const std::string partial = fgtest::randomBytes(300000, 2);
        fgtest::writeFile(d.sub("dir/.partial/f"), partial);
        FakeReceiver r;
        r.wanted[0] = "dir/f";
        StageSet stages;
        BasisSigner signer(stages, r.host(), kSeed);
        signer.notePartial(0, ".partial/f");
        QCOMPARE(signer.partialOf(0).value_or(""), std::string(".partial/f"));
        signAll(signer, d, {0});
        QVERIFY(assembled(r, 0, partial.size()) == expectedBlocks(partial));
        DirCache dirs(rootOf(d));
        auto basis = signer.openBasis(0, "dir/f", dirs);
        QVERIFY(basis.ok());
        QCOMPARE(basis->geometry.size, uint64_t(partial.size()));
        // Settled: neither counts any more.
        signer.forget(0);
        QVERIFY(!signer.partialOf(0));
        QCOMPARE(signer.openBasis(0, "dir/f", dirs).error().code, Errc::Protocol);
    }

    void aSettledFileIsNotSigned()
    {
        ScratchDir d;
        fgtest::writeFile(d.sub("f"), fgtest::randomBytes(50000, 1));
        FakeReceiver r; // nothing wanted
        StageSet stages;
        BasisSigner signer(stages, r.host(), kSeed);
        signAll(signer, d, {0});
        QCOMPARE(r.sent.size(), size_t(0));
    }

    void anUnreadableOldCopyMakesTheFileGoWhole()
    {
        ScratchDir d;
        FakeReceiver r;
        r.wanted[3] = "gone.bin"; // deleted since it was planned
        StageSet stages;
        BasisSigner signer(stages, r.host(), kSeed);
        signAll(signer, d, {3});
        QCOMPARE(r.sent.size(), size_t(1));
        QCOMPARE(r.sent[0].index, uint32_t(3));
        QCOMPARE(r.sent[0].total, uint32_t(0)); // the empty signature: send it whole
        QCOMPARE(r.notices.size(), size_t(1));
        QVERIFY2(r.notices[0].find("gone.bin: sending it whole") == 0, r.notices[0].c_str());
        QCOMPARE(signer.outstandingBytes(), uint64_t(0));
    }

    void outstandingSignaturesWaitForFilesToSettle()
    {
        ScratchDir d;
        fgtest::writeFile(d.sub("one"), fgtest::randomBytes(200000, 1));
        fgtest::writeFile(d.sub("two"), fgtest::randomBytes(200000, 2));
        FakeReceiver r;
        r.wanted[1] = "one";
        r.wanted[2] = "two";
        StageSet stages;
        BasisSigner::Limits limits;
        limits.outstandingSignatureBytes = 1; // one file's signature at a time
        BasisSigner signer(stages, r.host(), kSeed, limits);
        signer.start(rootOf(d));
        signer.enqueue(1);
        signer.enqueue(2);
        QVERIFY(fgtest::waitFor([&] { return r.framesFor(1) > 0; }, 5000));
        QTest::qWait(300);
        QCOMPARE(r.framesFor(2), size_t(0));
        signer.forget(1);
        QVERIFY(fgtest::waitFor([&] { return r.framesFor(2) > 0; }, 5000));
        signer.finish();
    }

    void aRebuildGetsTheCopyAsSigned()
    {
        ScratchDir d;
        const std::string old = fgtest::randomBytes(100000, 1);
        fgtest::writeFile(d.sub("held"), old);
        fgtest::writeFile(d.sub("reopened"), old);
        FakeReceiver r;
        r.wanted[0] = "held";
        r.wanted[1] = "reopened";
        StageSet stages;
        BasisSigner::Limits limits;
        limits.heldBases = 1; // the first stays open, the second is opened again by name
        BasisSigner signer(stages, r.host(), kSeed, limits);
        signAll(signer, d, {0, 1});
        // Another job replaces both names meanwhile.
        for (const char* name : {"held", "reopened"}) {
            fgtest::writeFile(d.sub(std::string(name) + ".new"), "another version");
            QCOMPARE(std::rename(d.sub(std::string(name) + ".new").c_str(), d.sub(name).c_str()), 0);
        }
        DirCache dirs(rootOf(d));
        auto held = signer.openBasis(0, "held", dirs);
        QVERIFY(held.ok());
        std::string read(old.size(), '\0');
        auto got = held->file->pread(read.data(), read.size(), 0);
        QVERIFY(got.ok() && *got == old.size());
        QVERIFY(read == old);
        auto reopened = signer.openBasis(1, "reopened", dirs);
        QVERIFY(!reopened.ok());
        QCOMPARE(reopened.error().code, Errc::Vanished);
        QVERIFY(reopened.error().message.find("changed while it was being updated") != std::string::npos);
    }

    void aDeltaBeforeItsSignatureIsTheSendersMistake()
    {
        ScratchDir d;
        FakeReceiver r;
        StageSet stages;
        BasisSigner signer(stages, r.host(), kSeed);
        DirCache dirs(rootOf(d));
        auto basis = signer.openBasis(9, "x", dirs);
        QVERIFY(!basis.ok());
        QCOMPARE(basis.error().code, Errc::Protocol);
    }

    void partialFoldersAreHandedOverOnce()
    {
        FakeReceiver r;
        StageSet stages;
        BasisSigner signer(stages, r.host(), kSeed);
        signer.notePartialFolder("a/.p");
        signer.notePartialFolder("a/.p");
        signer.notePartialFolder("b/.p");
        QCOMPARE(signer.takePartialFolders(), (std::set<std::string>{"a/.p", "b/.p"}));
        QVERIFY(signer.takePartialFolders().empty());
    }
};

QTEST_GUILESS_MAIN(TestBasisSigner)
#include "test_basis_signer.moc"
