// The sender's collection of the receiver's signatures, on its own: pieces
// put together in order into an index, the file sent whole when there is no
// old copy or nothing to rebuild, late pieces of a settled file dropped, and
// every way a receiver can break the rules refused with a protocol error
// (unasked, out of order, more than may be held).

#include "send/signature_inbox.h"

#include <QTest>

#include <string>

using namespace fg;
using Taken = SignatureInbox::Taken;

namespace {
// A piece of a signature of `total` blocks of 1 KiB, blocks [first, first + count).
proto::SignatureMsg piece(uint32_t index, uint32_t first, uint32_t count, uint32_t total)
{
    proto::SignatureMsg msg;
    msg.index = index;
    msg.basisSize = uint64_t(total) * 1024;
    msg.blockLength = 1024;
    msg.seed = 7;
    msg.first = first;
    msg.total = total;
    for (uint32_t b = first; b < first + count; ++b) msg.blocks.emplace_back(b, uint64_t(b) * 31);
    return msg;
}

Taken takeOk(SignatureInbox& inbox, proto::SignatureMsg msg, uint64_t newSize = 5000)
{
    auto taken = inbox.take(std::move(msg), newSize, "dir/file");
    if (!taken.ok()) qFatal("refused: %s", taken.error().message.c_str());
    return *taken;
}

Errc refusal(SignatureInbox& inbox, proto::SignatureMsg msg, std::string* message = nullptr)
{
    auto taken = inbox.take(std::move(msg), 5000, "dir/file");
    if (taken.ok()) return Errc::Ok;
    if (message) *message = taken.error().message;
    return taken.error().code;
}
} // namespace

class TestSignatureInbox : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void piecesMakeOneIndex()
    {
        SignatureInbox inbox;
        inbox.expect(4);
        QCOMPARE(takeOk(inbox, piece(4, 0, 3, 5)), Taken::More);
        QVERIFY(!inbox.indexOf(4));
        QCOMPARE(takeOk(inbox, piece(4, 3, 2, 5)), Taken::Delta);
        auto index = inbox.indexOf(4);
        QVERIFY(index);
        QCOMPARE(index->signature().blocks.size(), size_t(5));
        QCOMPARE(index->signature().blocks[3].weak, uint32_t(3));
        QCOMPARE(index->signature().basisSize, uint64_t(5 * 1024));
        QCOMPARE(inbox.blocksHeld(), uint64_t(5));
        inbox.settle(4);
        QVERIFY(!inbox.indexOf(4));
        QCOMPARE(inbox.blocksHeld(), uint64_t(0));
    }

    void noOldCopyOrNothingToRebuildGoesWhole()
    {
        SignatureInbox inbox;
        inbox.expect(1);
        QCOMPARE(takeOk(inbox, piece(1, 0, 0, 0)), Taken::Whole);
        // Pieces came, then the old copy could not be read to its end.
        inbox.expect(2);
        QCOMPARE(takeOk(inbox, piece(2, 0, 2, 4)), Taken::More);
        QCOMPARE(takeOk(inbox, piece(2, 0, 0, 0)), Taken::Whole);
        // The new version is empty.
        inbox.expect(3);
        QCOMPARE(takeOk(inbox, piece(3, 0, 2, 2), 0), Taken::Whole);
        QCOMPARE(inbox.blocksHeld(), uint64_t(0));
        QVERIFY(!inbox.indexOf(1) && !inbox.indexOf(2) && !inbox.indexOf(3));
    }

    void latePiecesOfASettledFileAreDropped()
    {
        SignatureInbox inbox;
        inbox.expect(9);
        QCOMPARE(takeOk(inbox, piece(9, 0, 2, 6)), Taken::More);
        inbox.settle(9); // it failed on the receiving side meanwhile
        QCOMPARE(inbox.blocksHeld(), uint64_t(0));
        QCOMPARE(takeOk(inbox, piece(9, 2, 2, 6)), Taken::Dropped);
        QCOMPARE(takeOk(inbox, piece(9, 4, 2, 6)), Taken::Dropped);
        // Its last piece came: one more is a mistake again.
        QCOMPARE(refusal(inbox, piece(9, 4, 2, 6)), Errc::Protocol);
    }

    void anUnaskedSignatureIsRefused()
    {
        SignatureInbox inbox;
        std::string message;
        QCOMPARE(refusal(inbox, piece(5, 0, 1, 1), &message), Errc::Protocol);
        QVERIFY2(message.find("#5") != std::string::npos, message.c_str());
    }

    void piecesOutOfOrderAreRefused()
    {
        std::string message;
        {
            SignatureInbox inbox;
            inbox.expect(0);
            QCOMPARE(refusal(inbox, piece(0, 1, 1, 3), &message), Errc::Protocol); // not from the start
            QVERIFY2(message.find("dir/file") != std::string::npos, message.c_str());
        }
        {
            SignatureInbox inbox;
            inbox.expect(0);
            takeOk(inbox, piece(0, 0, 1, 3));
            auto other = piece(0, 1, 1, 3);
            other.seed = 8; // of another signature
            QCOMPARE(refusal(inbox, other), Errc::Protocol);
        }
        {
            SignatureInbox inbox;
            inbox.expect(0);
            QCOMPARE(refusal(inbox, piece(0, 0, 0, 3)), Errc::Protocol); // empty
        }
        {
            SignatureInbox inbox;
            inbox.expect(0);
            QCOMPARE(refusal(inbox, piece(0, 0, 4, 3)), Errc::Protocol); // past its total
        }
    }

    void whatMayBeHeldIsBounded()
    {
        SignatureInbox inbox(10);
        inbox.expect(0);
        inbox.expect(1);
        QCOMPARE(takeOk(inbox, piece(0, 0, 6, 6)), Taken::Delta);
        std::string message;
        QCOMPARE(refusal(inbox, piece(1, 0, 5, 5), &message), Errc::Protocol);
        QVERIFY2(message.find("more than 10 blocks") != std::string::npos, message.c_str());
        // Once the first file is settled there is room.
        inbox.settle(0);
        QCOMPARE(takeOk(inbox, piece(1, 0, 5, 5)), Taken::Delta);
    }
};

QTEST_APPLESS_MAIN(TestSignatureInbox)
#include "test_signature_inbox.moc"
