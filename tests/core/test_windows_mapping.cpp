// --name-mapping map: what a name Windows cannot hold is stored as there,
// that every stored name is one Windows allows, and that the way back gives
// the original exactly, look-alikes the source already had included.

#include "names/windows_mapping.h"
#include "platform/windows_names.h"

#include <QTest>

#include <random>
#include <set>

using namespace fg::names;
using fg::platform::windowsNameProblem;

namespace {

// Names that each break one of Windows' rules, or hold what the mapping
// itself writes.
const std::vector<std::string> kAwkward = {
    "a:b.txt", "what?.txt", "star*.txt", "quote\".txt", "lt<gt>.txt", "pipe|.txt", "back\\slash.txt",
    "trailing dot.", "trailing space ", "dots..", "tab\tname", "bell\x07", "CON", "con", "nul.txt", "COM1.log",
    "LPT9", "Aux.tar.gz", "CONFIG.sys", "COM10", "本当？.txt", "ｎul.txt", "ＣON", "quote‛d", "‛", "‛‛",
    "ends in．", "ends in␠", "mid．dle", "␉tab picture", "a：b", "a‛：b", "caf\xe9:latin1", "\xff\xfe", ".hidden.",
    "photo‛2.jpg", "x‛", ":", "..:", "Straße.txt", "日本語.txt", "ok name.txt", ". .",
};

std::string randomName(std::mt19937& rng)
{
    static const std::vector<std::string> kPieces = {"a", "B", ".", " ", ":", "?", "\\", "\t", "\x7f", "‛", "？",
                                                     "：", "．", "␠", "␉", "ｃ", "Ｃ", "ON", "nul", "LPT1", "é",
                                                     "e\xcc\x81", "\xff", "2", "‛2", "日"};
    std::uniform_int_distribution<size_t> pick(0, kPieces.size() - 1);
    std::uniform_int_distribution<int> length(1, 6);
    std::string name;
    for (int i = length(rng); i > 0; --i) name += kPieces[pick(rng)];
    return name;
}

} // namespace

class TestWindowsMapping : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // What the docs' table shows, and what a user sees on the Windows side.
    void storedSpellings()
    {
        QCOMPARE(toWindowsName("a:b.txt"), std::string("a：b.txt"));
        QCOMPARE(toWindowsName("what?.txt"), std::string("what？.txt"));
        QCOMPARE(toWindowsName("lt<gt>|\"\\*"), std::string("lt＜gt＞｜＂＼＊"));
        QCOMPARE(toWindowsName("trailing dot."), std::string("trailing dot．"));
        QCOMPARE(toWindowsName("trailing space "), std::string("trailing space␠"));
        QCOMPARE(toWindowsName("dots.."), std::string("dots.．"));
        QCOMPARE(toWindowsName("tab\tname"), std::string("tab␉name"));
        QCOMPARE(toWindowsName("CON"), std::string("ＣON"));
        QCOMPARE(toWindowsName("nul.txt"), std::string("ｎul.txt"));
        QCOMPARE(toWindowsName("本当？.txt"), std::string("本当‛？.txt"));
        QCOMPARE(toWindowsName("quote‛d"), std::string("quote‛‛d"));
        QCOMPARE(toWindowsName("ＣON"), std::string("‛ＣON"));
        QCOMPARE(toWindowsName("ends in．"), std::string("ends in‛．"));
    }

    // Names Windows allows that hold none of the look-alikes are stored as
    // they are: a tree without awkward names looks the same on both sides.
    void ordinaryNamesStayAsTheyAre()
    {
        for (const char* n : {"report.pdf", "Straße.txt", "日本語.txt", "ok name.txt", "CONFIG.sys", "COM10",
                              ".bashrc", "mid．dle", "␠ first", "e\xcc\x81t\xc3\xa9", "a-b_c (1).tar.gz"}) {
            QCOMPARE(toWindowsName(n), std::string(n));
            QCOMPARE(fromWindowsName(n), std::string(n));
        }
    }

    void everyStoredNameIsOneWindowsAllows()
    {
        for (const auto& n : kAwkward) {
            const std::string stored = toWindowsName(n);
            bool utf8 = true;
            for (unsigned char c : n) utf8 = utf8 && c != 0xff && c != 0xfe && c != 0xe9;
            if (!utf8) continue; // bytes that are not UTF-8 stay, and are refused there
            QVERIFY2(windowsNameProblem(stored).empty(), (n + " -> " + stored + ": " + windowsNameProblem(stored)).c_str());
        }
    }

    void theWayBackIsExact()
    {
        for (const auto& n : kAwkward) QCOMPARE(fromWindowsName(toWindowsName(n)), n);
        std::mt19937 rng(19);
        std::set<std::string> stored;
        std::set<std::string> originals;
        for (int i = 0; i < 20000; ++i) {
            const std::string n = randomName(rng);
            const std::string s = toWindowsName(n);
            QCOMPARE(fromWindowsName(s), n);
            // Two names never become one.
            if (originals.insert(n).second) QVERIFY2(stored.insert(s).second, (n + " -> " + s).c_str());
        }
    }

    void collisionSuffixesComeOffOnTheWayBack()
    {
        QCOMPARE(withCollisionSuffix("photo.jpg", 2), std::string("photo‛2.jpg"));
        QCOMPARE(withCollisionSuffix("archive.tar.gz", 3), std::string("archive.tar‛3.gz"));
        QCOMPARE(withCollisionSuffix("README", 2), std::string("README‛2"));
        QCOMPARE(withCollisionSuffix(".bashrc", 2), std::string(".bashrc‛2"));
        for (const auto& n : kAwkward) {
            for (unsigned k : {2u, 3u, 17u}) {
                const std::string s = withCollisionSuffix(toWindowsName(n), k);
                QCOMPARE(fromWindowsName(s), n);
                QCOMPARE(withoutCollisionSuffix(s), toWindowsName(n));
                if (windowsNameProblem(toWindowsName(n)).empty())
                    QVERIFY2(windowsNameProblem(s).empty(), s.c_str());
            }
        }
    }

    // Sources with no mapping behind them: a name with a look-alike is read
    // as what it stands for (the documented cost of "map"), and nothing
    // else changes.
    void namesNoMappingMade()
    {
        QCOMPARE(fromWindowsName("本当？.txt"), std::string("本当?.txt"));
        QCOMPARE(fromWindowsName("x‛"), std::string("x‛"));
        QCOMPARE(fromWindowsName("ｃon"), std::string("con"));
        QCOMPARE(fromWindowsName("ｃonsole"), std::string("ｃonsole"));
    }

    void reservedNames()
    {
        for (const char* n : {"CON", "con", "Con.txt", "PRN", "AUX", "NUL", "nul.tar.gz", "COM1", "com9.x", "LPT1"})
            QVERIFY2(fg::platform::isReservedDeviceName(n), n);
        for (const char* n : {"CONFIG", "COM0", "COM10", "LPT", "console", "xnul", ".con", "NUL_"})
            QVERIFY2(!fg::platform::isReservedDeviceName(n), n);
        QVERIFY(fg::platform::typeFollowsWindowsNames("vfat"));
        QVERIFY(fg::platform::typeFollowsWindowsNames("fuseblk"));
        QVERIFY(fg::platform::typeFollowsWindowsNames("fuse.fusefat"));
        QVERIFY(!fg::platform::typeFollowsWindowsNames("ext4"));
        QVERIFY(!fg::platform::typeFollowsWindowsNames("tmpfs"));
    }
};

QTEST_GUILESS_MAIN(TestWindowsMapping)
#include "test_windows_mapping.moc"
