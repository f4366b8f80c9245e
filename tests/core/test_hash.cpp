// The file digests of every --checksum-choice: published test vectors,
// streaming equal to one call however the input is cut, and the option text.

#include "codec/hash.h"

#include "test_support.h"

#include <QTest>

#include <string>

using namespace fg;

namespace {

Digest of(ChecksumChoice choice, const std::string& s) { return digestOf(choice, s.data(), s.size()); }

} // namespace

class TestHash : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void knownVectors_data()
    {
        QTest::addColumn<int>("choice");
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("hex");
        // SHA-256: FIPS 180-2's examples. XXH3: xxHash's own sanity values
        // for the empty input (seed 0).
        QTest::newRow("sha256 empty") << int(ChecksumChoice::Sha256) << ""
                                      << "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
        QTest::newRow("sha256 abc") << int(ChecksumChoice::Sha256) << "abc"
                                    << "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
        QTest::newRow("xxh3 empty") << int(ChecksumChoice::Xxh3) << "" << "2d06800538d394c2";
        QTest::newRow("xxh128 empty") << int(ChecksumChoice::Xxh128) << "" << "99aa06d3014798d86001c324468d497f";
    }
    void knownVectors()
    {
        QFETCH(int, choice);
        QFETCH(QString, input);
        QFETCH(QString, hex);
        const Digest d = of(ChecksumChoice(choice), input.toStdString());
        QCOMPARE(d.size(), digestSize(ChecksumChoice(choice)));
        QCOMPARE(QString::fromStdString(toHex(d)), hex);
    }

    // A file is hashed in reads of whatever size the disk gives; the digest
    // must not depend on where the cuts fall, and digest() mid-way must not
    // disturb what follows.
    void streamingMatchesOneCall()
    {
        const std::string data = fgtest::randomBytes(300'000, 5);
        for (const ChecksumChoice choice : {ChecksumChoice::Xxh128, ChecksumChoice::Xxh3, ChecksumChoice::Sha256}) {
            const Digest whole = of(choice, data);
            for (const size_t piece : {size_t(1), size_t(63), size_t(4096), size_t(65'537)}) {
                Hasher h(choice);
                for (size_t at = 0; at < data.size(); at += piece) {
                    h.update(data.data() + at, std::min(piece, data.size() - at));
                    if (at == piece * 3) (void)h.digest();
                }
                QVERIFY2(h.digest() == whole, checksumChoiceName(choice));
            }
            Hasher reused(choice);
            reused.update("junk", 4);
            reused.reset();
            reused.update(data.data(), data.size());
            QVERIFY(reused.digest() == whole);
        }
    }

    // Digests of different choices never compare equal, even when their
    // bytes start alike: the size is part of the value.
    void choicesDiffer()
    {
        const Digest a = of(ChecksumChoice::Xxh128, "same input");
        const Digest b = of(ChecksumChoice::Xxh3, "same input");
        const Digest c = of(ChecksumChoice::Sha256, "same input");
        QVERIFY(a != b && b != c && a != c);
        QVERIFY(of(ChecksumChoice::Sha256, "one") != of(ChecksumChoice::Sha256, "two"));
        Hasher moved(ChecksumChoice::Sha256);
        moved.update("same input", 10);
        Hasher taken(std::move(moved));
        QVERIFY(taken.digest() == c);
    }

    void optionText()
    {
        for (const ChecksumChoice choice : {ChecksumChoice::Xxh128, ChecksumChoice::Xxh3, ChecksumChoice::Sha256})
            QCOMPARE(parseChecksumChoice(checksumChoiceName(choice)).value(), choice);
        auto bad = parseChecksumChoice("md5");
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().code, Errc::InvalidArgument);
        QVERIFY(bad.error().message.find("--checksum-choice") != std::string::npos);
        QVERIFY(bad.error().message.find("sha256") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestHash)
#include "test_hash.moc"
