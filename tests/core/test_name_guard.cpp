// The receiver's guard against two source names landing on one destination
// name: what it refuses under each file system's rules, what it reports.

#include "receive/name_guard.h"

#include <QTest>

using namespace fg;

namespace {

FsTraits fsWith(bool foldsCase, bool foldsNormalization)
{
    FsTraits t;
    t.names = {foldsCase, foldsNormalization};
    t.fs.type = "testfs";
    return t;
}

std::map<std::string, std::string> reported(const NameGuard& guard)
{
    std::map<std::string, std::string> out;
    guard.report([&](const std::string& target, const Error& e) {
        QCOMPARE(e.code, Errc::NameCollision);
        out[target] = e.message;
    });
    return out;
}

} // namespace

class TestNameGuard : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void caseFoldingRefusesBothAndNamesEachOther()
    {
        NameGuard g;
        const FsTraits exfat = fsWith(true, false);
        QVERIFY(!g.admit("A.txt", false, names::kCollidesFoldingCase | names::kCollidesFoldingBoth, exfat));
        QVERIFY(g.admit("b.txt", false, 0, exfat));
        QVERIFY(!g.admit("a.txt", false, names::kCollidesFoldingCase | names::kCollidesFoldingBoth, exfat));
        const auto r = reported(g);
        QCOMPARE(r.size(), size_t(2));
        QVERIFY2(r.at("A.txt").find("'A.txt' and 'a.txt'") != std::string::npos, r.at("A.txt").c_str());
        QVERIFY2(r.at("a.txt").find("'a.txt' and 'A.txt'") != std::string::npos, r.at("a.txt").c_str());
        QVERIFY(r.at("a.txt").find("testfs") != std::string::npos);
        QVERIFY(r.at("a.txt").find("upper and lower case") != std::string::npos);
    }

    void rulesDecide()
    {
        const uint8_t normOnly = names::kCollidesFoldingNormalization | names::kCollidesFoldingBoth;
        NameGuard ext4;
        QVERIFY(ext4.admit("caf\xc3\xa9", false, normOnly, fsWith(false, false)));
        NameGuard exfat;
        QVERIFY(exfat.admit("caf\xc3\xa9", false, normOnly, fsWith(true, false)));
        NameGuard mac;
        QVERIFY(!mac.admit("caf\xc3\xa9", false, normOnly, fsWith(true, true)));
        NameGuard zfsFormD;
        QVERIFY(!zfsFormD.admit("caf\xc3\xa9", false, normOnly, fsWith(false, true)));
    }

    void everythingBelowARefusedDirectoryIsRefused()
    {
        NameGuard g;
        const FsTraits fat = fsWith(true, false);
        const uint8_t pair = names::kCollidesFoldingCase | names::kCollidesFoldingBoth;
        QVERIFY(!g.admit("Dir", true, pair, fat));
        QVERIFY(!g.admit("Dir/x", false, 0, fat));
        QVERIFY(!g.admit("Dir/deeper", true, 0, fat));
        QVERIFY(!g.admit("Dir/deeper/y", false, 0, fat));
        QVERIFY(!g.admit("dir", true, pair, fat));
        QVERIFY(g.admit("other/z", false, 0, fat));
        QVERIFY(g.refusedAt("Dir/deeper/y"));
        QVERIFY(!g.refusedAt("other/z"));
        const auto r = reported(g);
        QCOMPARE(r.size(), size_t(5));
        QVERIFY(r.at("Dir/deeper/y").find("its directory 'Dir/deeper/'") != std::string::npos);
        QVERIFY(r.at("Dir").find("'Dir/' and 'dir/'") != std::string::npos);
    }

    void groupsAreByDirectory()
    {
        NameGuard g;
        const FsTraits fat = fsWith(true, false);
        const uint8_t pair = names::kCollidesFoldingCase | names::kCollidesFoldingBoth;
        QVERIFY(!g.admit("x/README", false, pair, fat));
        QVERIFY(!g.admit("x/readme", false, pair, fat));
        QVERIFY(!g.admit("y/README", false, pair, fat));
        QVERIFY(!g.admit("y/ReadMe", false, pair, fat));
        const auto r = reported(g);
        QVERIFY(r.at("x/README").find("'readme'") != std::string::npos);
        QVERIFY(r.at("x/README").find("ReadMe") == std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestNameGuard)
#include "test_name_guard.moc"
