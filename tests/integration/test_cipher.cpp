// --cipher through the real CLI against a `floodgate serve` on 127.0.0.1:
// every choice interoperates with the daemon, on data connections (two
// streams, a file big enough to be cut into chunks), both ways, and reports
// the suite that was negotiated; `none` is refused by a module that does not
// allow it, with nothing written.

#include "test_support.h"

#include <floodgate/system.h>

#include <QTest>

using namespace fgtest;

namespace {

// Modules: "open" allows unencrypted data connections, "closed" does not.
class CipherFixture {
public:
    explicit CipherFixture(const ScratchDir& dir) : m_dir(dir)
    {
        writeFile(dir.sub("open/.keep"), "");
        writeFile(dir.sub("closed/.keep"), "");
        QString why;
        ok = daemon.start({QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"), QStringLiteral("--module"),
                           q("open=" + dir.sub("open")), QStringLiteral("--module"), q("closed=" + dir.sub("closed")),
                           QStringLiteral("--allow-plaintext"), QStringLiteral("open"), QStringLiteral("--state-dir"),
                           q(dir.sub("server-state"))},
                          q(dir.sub("serve.log")), &why);
        if (!ok) return;
        auto paired = runCli({QStringLiteral("pair"), daemon.url(QString()).chopped(1), QStringLiteral("--code"),
                              daemon.pairCode(), QStringLiteral("--state-dir"), q(dir.sub("client-state"))});
        ok = paired.exitCode == 0;
    }
    // -v: the Info lines, "data connections: ..." among them, go to stderr.
    CliRun sync(const QStringList& args)
    {
        return runCli(QStringList{QStringLiteral("sync"), QStringLiteral("-v"), QStringLiteral("--state-dir"),
                                  q(m_dir.sub("client-state"))}
                      + args);
    }
    DaemonProcess daemon;
    bool ok = false;

private:
    const ScratchDir& m_dir;
};

// Small files and one of 6 MiB, cut into 1 MiB chunks over the streams.
void makeTree(const std::string& root)
{
    writeFile(root + "/big.bin", randomBytes((6 << 20) + 123, 1));
    for (int i = 0; i < 40; ++i)
        writeFile(root + "/small/" + std::to_string(i % 4) + "/f" + std::to_string(i), randomBytes(size_t(i) * 97 + 1, uint64_t(i)));
}

const QStringList kStreams = {QStringLiteral("--streams"), QStringLiteral("2"), QStringLiteral("--chunk-size"),
                              QStringLiteral("1M")};

} // namespace

class TestCipher : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyCipherInteroperates_data()
    {
        QTest::addColumn<QString>("cipher");
        QTest::addColumn<QString>("negotiated");
        QTest::newRow("aes128-gcm") << QStringLiteral("aes128-gcm") << QStringLiteral("TLS_AES_128_GCM_SHA256");
        QTest::newRow("aes256-gcm") << QStringLiteral("aes256-gcm") << QStringLiteral("TLS_AES_256_GCM_SHA384");
        QTest::newRow("chacha20-poly1305") << QStringLiteral("chacha20-poly1305")
                                           << QStringLiteral("TLS_CHACHA20_POLY1305_SHA256");
        // Both ends run on this CPU: auto is AES-128-GCM exactly when it has AES instructions.
        QTest::newRow("auto") << QStringLiteral("auto")
                              << (fg::cpuHasAesAcceleration() ? QStringLiteral("TLS_AES_128_GCM_SHA256")
                                                              : QStringLiteral("TLS_CHACHA20_POLY1305_SHA256"));
        QTest::newRow("none, allowed") << QStringLiteral("none") << QStringLiteral("unencrypted");
        // The data connections drop to plain TCP before the first frame of
        // their zstd streams.
        QTest::newRow("none, zstd") << QStringLiteral("none") << QStringLiteral("unencrypted");
    }
    void everyCipherInteroperates()
    {
        QFETCH(QString, cipher);
        QFETCH(QString, negotiated);
        ScratchDir dir("fgcipher");
        CipherFixture f(dir);
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));
        makeTree(dir.sub("src"));
        QStringList choice = QStringList{QStringLiteral("--cipher"), cipher} + kStreams;
        if (QByteArray(QTest::currentDataTag()).endsWith("zstd")) {
            choice << QStringLiteral("--compress") << QStringLiteral("zstd:3");
            for (int i = 0; i < 30; ++i)
                writeFile(dir.sub("src/text/t" + std::to_string(i) + ".log"),
                          std::string(size_t(i) * 300 + 1, char('a' + i % 3)) + randomBytes(64, uint64_t(i)));
        }
        const bool plain = cipher == QStringLiteral("none");

        auto push = f.sync(choice + QStringList{q(dir.sub("src/")), f.daemon.url(QStringLiteral("open/copy/"))});
        QVERIFY2(push.exitCode == 0, (explain(push) + f.daemon.log().toUtf8()).constData());
        auto diff = diffTrees(describeTree(dir.sub("src")), describeTree(dir.sub("open/copy")));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        QVERIFY2(push.err.contains("data connections: " + negotiated.toUtf8()), explain(push).constData());
        QCOMPARE(push.err.contains("--cipher none: file data crosses the network unencrypted"), plain);
        const QString serverSaid = plain ? QStringLiteral("on 2 data connections (unencrypted: module 'open' allows it)")
                                         : QStringLiteral("on 2 data connections (") + negotiated + QLatin1Char(')');
        QVERIFY2(f.daemon.log().contains(serverSaid), qPrintable(f.daemon.log()));

        auto pull = f.sync(choice + QStringList{f.daemon.url(QStringLiteral("open/copy/")), q(dir.sub("back"))});
        QVERIFY2(pull.exitCode == 0, (explain(pull) + f.daemon.log().toUtf8()).constData());
        diff = diffTrees(describeTree(dir.sub("src")), describeTree(dir.sub("back")));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        QVERIFY2(pull.err.contains("data connections: " + negotiated.toUtf8()), explain(pull).constData());
        QCOMPARE(tempFilesUnder(dir.sub("open")), QStringList());
    }

    void noneIsRefusedByAModuleThatDoesNotAllowIt()
    {
        ScratchDir dir("fgcipher");
        CipherFixture f(dir);
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));
        makeTree(dir.sub("src"));
        const QStringList none = QStringList{QStringLiteral("--cipher"), QStringLiteral("none")} + kStreams;

        auto push = f.sync(none + QStringList{q(dir.sub("src/")), f.daemon.url(QStringLiteral("closed/copy/"))});
        QCOMPARE(push.exitCode, 5); // the server refused
        QVERIFY2(push.err.contains("module 'closed' does not allow unencrypted file data"), explain(push).constData());
        QVERIFY2(push.err.contains("--allow-plaintext closed"), explain(push).constData()); // the remedy
        QVERIFY(!exists(dir.sub("closed/copy")));
        QCOMPARE(describeTree(dir.sub("closed")).size(), size_t(1)); // .keep alone
        QVERIFY2(f.daemon.log().contains(QStringLiteral("refused request")), qPrintable(f.daemon.log()));

        // Reading is refused too: the data would cross the network in the clear either way.
        writeFile(dir.sub("closed/secret.txt"), "not for the wire");
        auto pull = f.sync(none + QStringList{f.daemon.url(QStringLiteral("closed/")), q(dir.sub("back"))});
        QCOMPARE(pull.exitCode, 5);
        QVERIFY(!exists(dir.sub("back")));

        // The same module takes the job with a cipher.
        auto ok = f.sync(QStringList{QStringLiteral("--cipher"), QStringLiteral("chacha20-poly1305")} + kStreams
                         + QStringList{q(dir.sub("src/")), f.daemon.url(QStringLiteral("closed/copy/"))});
        QVERIFY2(ok.exitCode == 0, explain(ok).constData());
    }

    void nonsenseIsRefused()
    {
        ScratchDir dir("fgcipher");
        writeFile(dir.sub("src/a"), "a");
        auto bad = runCli({QStringLiteral("sync"), QStringLiteral("--cipher"), QStringLiteral("rot13"), q(dir.sub("src/")),
                           q(dir.sub("dst"))});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(bad.err.contains("--cipher: 'rot13'"), bad.err.constData());
        auto ssh = runCli({QStringLiteral("sync"), QStringLiteral("--ssh-cipher"), QStringLiteral("-oProxyCommand=x"),
                           q(dir.sub("src/")), q(dir.sub("dst"))});
        QCOMPARE(ssh.exitCode, 1);
        QVERIFY2(ssh.err.contains("--ssh-cipher"), ssh.err.constData());
        QVERIFY(!exists(dir.sub("dst")));

        // A choice the job cannot use is said, not silently dropped; no alarm
        // about unencrypted data where ssh or nothing at all carries it.
        auto local = runCli({QStringLiteral("sync"), QStringLiteral("--cipher"), QStringLiteral("none"),
                             QStringLiteral("--ssh-cipher"), QStringLiteral("aes128-ctr"), q(dir.sub("src/")),
                             q(dir.sub("local"))});
        QVERIFY2(local.exitCode == 0, explain(local).constData());
        QVERIFY2(local.err.contains("--cipher applies to floodgate:// connections only"), explain(local).constData());
        QVERIFY2(local.err.contains("--ssh-cipher applies to host:path (ssh) jobs only"), explain(local).constData());
        QVERIFY2(!local.err.contains("unencrypted"), explain(local).constData());

        auto serve = runCli({QStringLiteral("serve"), QStringLiteral("--module"), q("m=" + dir.sub("src")),
                             QStringLiteral("--allow-plaintext"), QStringLiteral("nosuch")});
        QCOMPARE(serve.exitCode, 1);
        QVERIFY2(serve.err.contains("--allow-plaintext nosuch: no module has that name"), serve.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCipher)
#include "test_cipher.moc"

using fgtest::q;
