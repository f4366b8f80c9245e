// When two names are one name on a destination that folds case or Unicode
// normalisation: the keys, and the collision bits the sender puts on a
// directory's entries.

#include "names/name_fold.h"
#include "platform/windows_names.h"

#include <QTest>

using namespace fg::names;
using fg::platform::windowsNameProblem;

namespace {

constexpr NameRules kCase{true, false};
constexpr NameRules kNorm{false, true};
constexpr NameRules kBoth{true, true};
constexpr NameRules kNone{false, false};

std::vector<uint8_t> bitsOf(std::initializer_list<const char*> names)
{
    std::vector<std::string_view> v(names.begin(), names.end());
    return collisionBits(v);
}

} // namespace

class TestNameFold : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void asciiCase()
    {
        QCOMPARE(comparisonKey("A.TXT", kCase), comparisonKey("a.txt", kCase));
        QCOMPARE(comparisonKey("a.txt", kCase), std::string("a.txt"));
        QVERIFY(comparisonKey("A.txt", kNone) != comparisonKey("a.txt", kNone));
        QVERIFY(comparisonKey("A.txt", kNorm) != comparisonKey("a.txt", kNorm));
    }

    void unicodeCase()
    {
        // É / é (precomposed), Σ / σ, Cyrillic Д / д.
        QCOMPARE(comparisonKey("\xC3\x89t\xC3\xA9", kCase), comparisonKey("\xC3\xA9T\xC3\x89", kCase));
        QCOMPARE(comparisonKey("\xCE\xA3", kCase), comparisonKey("\xCF\x83", kCase));
        QCOMPARE(comparisonKey("\xD0\x94", kCase), comparisonKey("\xD0\xB4", kCase));
        // A case-insensitive file system without normalisation keeps NFC
        // and NFD spellings apart.
        QVERIFY(comparisonKey("\xC3\xA9", kCase) != comparisonKey("e\xCC\x81", kCase));
    }

    void normalisation()
    {
        // é as one code point, and as e + combining acute.
        QCOMPARE(comparisonKey("caf\xC3\xA9", kNorm), comparisonKey("cafe\xCC\x81", kNorm));
        QVERIFY(comparisonKey("Caf\xC3\xA9", kNorm) != comparisonKey("cafe\xCC\x81", kNorm));
        QCOMPARE(comparisonKey("Caf\xC3\xA9", kBoth), comparisonKey("cafe\xCC\x81", kBoth));
        QCOMPARE(comparisonKey("CAFE\xCC\x81", kBoth), comparisonKey("caf\xC3\xA9", kBoth));
    }

    void invalidUtf8FoldsAsciiOnly()
    {
        // Latin-1 "é" (0xE9) is not UTF-8: its ASCII letters still fold.
        QCOMPARE(comparisonKey("CAF\xE9", kCase), comparisonKey("caf\xE9", kCase));
        QVERIFY(comparisonKey("caf\xE9", kNorm) == std::string("caf\xE9"));
    }

    void bitsMarkBothNamesOfAPair()
    {
        const auto bits = bitsOf({"A.txt", "B.txt", "a.txt", "c.txt"});
        QCOMPARE(int(bits[0]), int(kCollidesFoldingCase | kCollidesFoldingBoth));
        QCOMPARE(int(bits[1]), 0);
        QCOMPARE(int(bits[2]), int(kCollidesFoldingCase | kCollidesFoldingBoth));
        QCOMPARE(int(bits[3]), 0);
        QVERIFY(collidesUnder(bits[0], kCase));
        QVERIFY(collidesUnder(bits[0], kBoth));
        QVERIFY(!collidesUnder(bits[0], kNorm));
        QVERIFY(!collidesUnder(bits[0], kNone));
    }

    void bitsForNormalisationPairs()
    {
        // NFC and NFD spellings: one name under normalisation folding (also
        // with case folding), two names where only case folds.
        const auto bits = bitsOf({"caf\xC3\xA9", "cafe\xCC\x81"});
        QCOMPARE(int(bits[0]), int(kCollidesFoldingNormalization | kCollidesFoldingBoth));
        QCOMPARE(int(bits[1]), int(kCollidesFoldingNormalization | kCollidesFoldingBoth));
        // Case and normalisation together: only macOS-like rules join them.
        const auto mac = bitsOf({"Caf\xC3\xA9", "cafe\xCC\x81"});
        QCOMPARE(int(mac[0]), int(kCollidesFoldingBoth));
        QVERIFY(!collidesUnder(mac[0], kCase));
        QVERIFY(!collidesUnder(mac[0], kNorm));
        QVERIFY(collidesUnder(mac[0], kBoth));
    }

    void groupsOfThree()
    {
        const auto bits = bitsOf({"README", "ReadMe", "readme", "other"});
        for (int i = 0; i < 3; ++i) QVERIFY(collidesUnder(bits[size_t(i)], kCase));
        QCOMPARE(int(bits[3]), 0);
    }

    void windowsNameRules_data()
    {
        QTest::addColumn<QByteArray>("name");
        QTest::addColumn<QByteArray>("rule");
        QTest::newRow("backslash") << QByteArray("system-systemd\\x2dcryptsetup.slice") << QByteArray("'\\'");
        QTest::newRow("colon") << QByteArray("12:30 notes.txt") << QByteArray("':'");
        QTest::newRow("question mark") << QByteArray("why?") << QByteArray("'?'");
        QTest::newRow("trailing dot") << QByteArray("name.") << QByteArray("ends in a dot");
        QTest::newRow("trailing space") << QByteArray("name ") << QByteArray("ends in a space");
        QTest::newRow("device") << QByteArray("nul.txt") << QByteArray("NUL is a reserved device name");
        QTest::newRow("com port") << QByteArray("COM3") << QByteArray("COM3 is a reserved");
        QTest::newRow("control") << QByteArray("tab\there") << QByteArray("control character");
        QTest::newRow("256 letters") << QByteArray(256, 'a') << QByteArray("256 UTF-16 units");
        QTest::newRow("128 emoji") << QByteArray("\xF0\x9F\x98\x80").repeated(128) << QByteArray("256 UTF-16 units");
    }
    void windowsNameRules()
    {
        QFETCH(QByteArray, name);
        QFETCH(QByteArray, rule);
        const std::string why = windowsNameProblem(name.toStdString());
        QVERIFY2(why.find(rule.toStdString()) != std::string::npos, why.c_str());
    }

    void windowsNamesThatAreFine()
    {
        for (const char* ok : {"a.txt", "CONFIG", "com", "COM10", "lpt", ".hidden", "caf\xc3\xa9", "a b"})
            QVERIFY2(windowsNameProblem(ok).empty(), ok);
    }

    void plainDirectoriesCostNothing()
    {
        // Lower-case ASCII names never collide, whatever their number.
        std::vector<std::string> names;
        for (int i = 0; i < 1000; ++i) names.push_back("file" + std::to_string(i));
        std::vector<std::string_view> views(names.begin(), names.end());
        for (uint8_t b : collisionBits(views)) QCOMPARE(int(b), 0);
    }
};

QTEST_GUILESS_MAIN(TestNameFold)
#include "test_name_fold.moc"
