// The file digests of every --checksum-choice: published test vectors,
// streaming equal to one call however the input is cut, and the option text.

#include "codec/hash.h"
#include "delta/signature.h"

#include "test_support.h"

#include <QTest>

#include <string>

using namespace fg;

namespace {

Digest of(ChecksumChoice choice, const std::string& s) { return digestOf(choice, s.data(), s.size()); }

// Bytes that are the same on every machine, for values computed elsewhere.
std::string pattern(size_t n)
{
    std::string s(n, '\0');
    for (size_t i = 0; i < n; ++i) s[i] = char(uint8_t((i * 131 + 7) >> 3));
    return s;
}

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

    // Past 240 bytes XXH3 takes its vectorised path, which differs by CPU
    // (the library's dispatcher picks AVX-512, AVX2 or SSE2 at run time): the
    // values must not. These are the portable scalar code's (XXH_VECTOR 0),
    // so a dispatcher or an inlined build that strays is caught here and not
    // by a file that fails verification at the other end; the path checked is
    // the one this machine's CPU takes (the Windows build runs it too).
    void longInputsHashAsEverywhere_data()
    {
        QTest::addColumn<int>("size");
        QTest::addColumn<QString>("xxh128");
        QTest::addColumn<QString>("xxh3");
        QTest::addColumn<QString>("seeded");
        QTest::newRow("241 bytes") << 241 << "6c141edae892b655de294e75b086ff27" << "de294e75b086ff27" << "6dba08349c6d767c";
        QTest::newRow("4 KiB") << 4096 << "6e4fa03202d626ee0a81d03621410973" << "0a81d03621410973" << "fb6e31ed871fd293";
        QTest::newRow("300,000 bytes") << 300'000 << "e218630260cfae8e336becba8036a8d4" << "336becba8036a8d4"
                                       << "d451c9482cffed90";
    }
    void longInputsHashAsEverywhere()
    {
        QFETCH(int, size);
        QFETCH(QString, xxh128);
        QFETCH(QString, xxh3);
        QFETCH(QString, seeded);
        const std::string data = pattern(size_t(size));
        QCOMPARE(QString::fromStdString(toHex(of(ChecksumChoice::Xxh128, data))), xxh128);
        QCOMPARE(QString::fromStdString(toHex(of(ChecksumChoice::Xxh3, data))), xxh3);
        for (const auto& [choice, hex] : {std::pair{ChecksumChoice::Xxh128, xxh128}, std::pair{ChecksumChoice::Xxh3, xxh3}}) {
            Hasher streamed(choice);
            for (size_t at = 0; at < data.size(); at += 1000)
                streamed.update(data.data() + at, std::min<size_t>(1000, data.size() - at));
            QCOMPARE(QString::fromStdString(toHex(streamed.digest())), hex);
        }
        // The delta's block hash, seeded per job.
        const uint64_t block =
            delta::strongHash(reinterpret_cast<const uint8_t*>(data.data()), data.size(), 0x1234567890abcdefULL);
        QCOMPARE(QString::asprintf("%016llx", static_cast<unsigned long long>(block)), seeded);
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
