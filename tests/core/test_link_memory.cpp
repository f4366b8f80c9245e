// What a probe measured of the way to a daemon, kept for later jobs
// (net/link_memory.h): recalled per target and direction, forgotten when
// old, and a damaged file is no memory, not an error.

#include "net/link_memory.h"

#include "platform/fs.h"

#include <QTemporaryDir>
#include <QTest>

#include <ctime>

using namespace fg;

class TestLinkMemory : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void remembersPerTargetAndDirection()
    {
        QTemporaryDir dir;
        const std::string state = dir.path().toStdString();
        const int64_t now = int64_t(std::time(nullptr));
        QVERIFY(!net::recallLink(state, "nas:7878/push", 3600)); // no file yet
        QVERIFY(net::rememberLink(state, net::linkKey("nas:7878", false), {125000000, 80000, now}).ok());
        QVERIFY(net::rememberLink(state, net::linkKey("nas:7878", true), {12000000, 80000, now}).ok());
        QVERIFY(net::rememberLink(state, net::linkKey("[::1]:7878", false), {5, 1, now}).ok());
        auto push = net::recallLink(state, "nas:7878/push", 3600);
        QVERIFY(push);
        QCOMPARE(push->bytesPerSec, uint64_t(125000000));
        QCOMPARE(push->minRttUs, 80000u);
        QCOMPARE(net::recallLink(state, "nas:7878/pull", 3600)->bytesPerSec, uint64_t(12000000));
        QCOMPARE(net::recallLink(state, "[::1]:7878/push", 3600)->bytesPerSec, uint64_t(5));
        // A new measurement replaces the old one.
        QVERIFY(net::rememberLink(state, "nas:7878/push", {99, 1, now}).ok());
        QCOMPARE(net::recallLink(state, "nas:7878/push", 3600)->bytesPerSec, uint64_t(99));
        QCOMPARE(net::recallLink(state, "nas:7878/pull", 3600)->bytesPerSec, uint64_t(12000000));
    }

    void forgetsOldOnesAndSurvivesDamage()
    {
        QTemporaryDir dir;
        const std::string state = dir.path().toStdString();
        const int64_t now = int64_t(std::time(nullptr));
        QVERIFY(net::rememberLink(state, "old:1/push", {1000, 1, now - 8 * 24 * 3600}).ok());
        QVERIFY(!net::recallLink(state, "old:1/push", 7 * 24 * 3600));
        QVERIFY(net::recallLink(state, "old:1/push", 9 * 24 * 3600));
        // A clock set back: a measurement "from the future" is not trusted.
        QVERIFY(net::rememberLink(state, "future:1/push", {1000, 1, now + 3600}).ok());
        QVERIFY(!net::recallLink(state, "future:1/push", 7 * 24 * 3600));

        QVERIFY(platform::writeFileAtomic(state + "/links", "garbage\nok:1/push 77 5 " + std::to_string(now)
                                                                + "\nhalf:1/push 12\n", 0600)
                    .ok());
        QVERIFY(!net::recallLink(state, "garbage", 3600));
        QVERIFY(!net::recallLink(state, "half:1/push", 3600));
        QCOMPARE(net::recallLink(state, "ok:1/push", 3600)->bytesPerSec, uint64_t(77));
        // Remembering rewrites the file without the damaged lines.
        QVERIFY(net::rememberLink(state, "new:1/push", {1, 1, now}).ok());
        const std::string text = platform::readFile(state + "/links", 1 << 20).value();
        QVERIFY(text.find("garbage") == std::string::npos);
        QVERIFY(text.find("ok:1/push 77") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestLinkMemory)
#include "test_link_memory.moc"
