// A job whose connections to its daemon drop goes on (--retry-for): the
// client reconnects with growing waits and the same job continues from what
// the destination already has. Files committed are not sent again and the
// half-sent file resumes, so the whole job puts little more than its data
// on the wire. Also: a job the daemon never took is not retried, and a
// daemon that stays away ends the job with a message that says so.

#include "test_support.h"

#include <QDirIterator>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonObject>
#include <QProcess>
#include <QTest>
#include <QThread>

#include <functional>

using namespace fgtest;
using namespace Qt::StringLiterals;

namespace {

constexpr size_t kBig = 40u << 20;
constexpr int kSmall = 30;

// One big file (resumed across the drop) and small ones (committed before
// it, or after: either way sent once).
size_t makeTree(const std::string& root)
{
    writeFile(root + "/big.bin", randomBytes(kBig, 7));
    size_t total = kBig;
    for (int i = 0; i < kSmall; ++i) {
        writeFile(root + "/small/s" + std::to_string(i) + ".txt", randomBytes(8192, uint64_t(100 + i)));
        total += 8192;
    }
    return total;
}

QString sameTrees(const std::string& a, const std::string& b)
{
    if (readFile(a + "/big.bin") != readFile(b + "/big.bin")) return u"big.bin differs"_s;
    for (int i = 0; i < kSmall; ++i) {
        const std::string rel = "/small/s" + std::to_string(i) + ".txt";
        if (readFile(a + rel) != readFile(b + rel)) return q(rel) + u" differs"_s;
    }
    return {};
}

// At 8 MiB/s, about 20 MiB of the 40 arrive in this long.
constexpr unsigned long kHalfWayMs = 2500;

// stdout (the --json summary, one object) first, then stderr.
QByteArray outputOf(QProcess& p)
{
    const QByteArray out = p.readAllStandardOutput();
    return out + "\n" + p.readAllStandardError();
}

} // namespace

class TestReconnect : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // kill -9 of the daemon mid-push, started again 2 s later: the job goes
    // on, ends with exit 0, and the big file is not sent twice.
    void pushGoesOnAfterTheDaemonRestarts() { goesOnAfterTheDaemonRestarts(true); }

    // The same for a pull: the client is the receiver and resumes its own
    // half-received file.
    void pullGoesOnAfterTheDaemonRestarts() { goesOnAfterTheDaemonRestarts(false); }

    // A daemon that does not come back: the job reconnects for --retry-for,
    // then ends with the connection's exit code and a message that says it
    // tried; what arrived stays for the next run.
    void aDaemonThatStaysAwayEndsTheJobAfterRetryFor()
    {
        ScratchDir dir;
        PairedDaemon f(dir);
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));
        makeTree(dir.sub("src"));
        QProcess p;
        p.start(cliPath(), f.syncArgs({u"--retry-for"_s, u"4"_s, u"--bwlimit"_s, u"8M"_s, q(dir.sub("src/")),
                                       f.daemon.url(u"m/dst/"_s)}));
        QVERIFY(p.waitForStarted(10000));
        QVERIFY2(waitFor([&] { return hasTempFileOf(dir.sub("module/dst"), u"big.bin"_s); }, 30000),
                 "the transfer never started");
        QThread::msleep(1000);
        f.daemon.killHard();
        QElapsedTimer t;
        t.start();
        QVERIFY2(p.waitForFinished(60000), "the job did not give up");
        const qint64 took = t.elapsed();
        const QByteArray out = outputOf(p);
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 10, out.constData());
        QVERIFY2(out.contains("reconnecting for 4 s") && out.contains("did not bring it back"), out.constData());
        QVERIFY2(took >= 3500 && took < 30000, QByteArray::number(took).constData());
        QVERIFY2(hasTempFileOf(dir.sub("module/dst"), u"big.bin"_s), "what arrived must be kept for the next run");
    }

    // No daemon there at all: nothing dropped, nothing to reconnect to; the
    // job fails at once (a typo must not cost the default five minutes).
    void aJobTheDaemonNeverTookIsNotRetried()
    {
        ScratchDir dir;
        writeFile(dir.sub("src/a.txt"), "a");
        QElapsedTimer t;
        t.start();
        CliRun run = runCli({u"sync"_s, u"--state-dir"_s, q(dir.sub("state")), q(dir.sub("src/")),
                             u"floodgate://127.0.0.1:1/m/"_s});
        QVERIFY2(run.exitCode == 10, explain(run).constData());
        QVERIFY2(t.elapsed() < 10000, QByteArray::number(t.elapsed()).constData());
        QVERIFY2(!run.err.contains("reconnect"), explain(run).constData());
    }

private:
    // The daemon killed half-way through the big file and started again 2 s
    // later: push (the daemon receives) or pull (the client does).
    void goesOnAfterTheDaemonRestarts(bool push)
    {
        ScratchDir dir;
        PairedDaemon f(dir);
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));
        const std::string from = dir.sub(push ? "src" : "module/data");
        const std::string to = dir.sub(push ? "module/dst" : "dst");
        const size_t total = makeTree(from);
        QStringList args{u"--retry-for"_s, u"60"_s, u"--bwlimit"_s, u"8M"_s};
        args << (push ? q(from + "/") : f.daemon.url(u"m/data/"_s)) << (push ? f.daemon.url(u"m/dst/"_s) : q(to + "/"));
        QProcess p;
        p.start(cliPath(), f.syncArgs(args));
        QVERIFY(p.waitForStarted(10000));
        QVERIFY2(waitFor([&] { return hasTempFileOf(to, u"big.bin"_s); }, 30000), "the big file never started");
        QThread::msleep(kHalfWayMs);
        f.daemon.killHard();
        QThread::msleep(2000);
        QString why;
        QVERIFY2(f.daemon.restart(&why), qPrintable(why));
        QVERIFY2(p.waitForFinished(120000), "the job did not end after the daemon came back");
        const QByteArray out = outputOf(p);
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, out.constData());
        QVERIFY2(out.contains("reconnected to"), out.constData());
        if (push) QVERIFY2(out.contains("dropped"), out.constData());
        QCOMPARE(sameTrees(from, to), QString());
        QCOMPARE(tempFilesUnder(to), QStringList());
        // A resend from the start would be about 1.5 x: some 20 MiB of 40 had arrived.
        const double wire = wireBytesIn(out);
        qInfo("%.2f x the data on the wire, %.2f x counted as moved; the client said:\n%s", wire / double(total),
              jsonNumber(out, "bytes_transferred") / double(total),
              out.mid(out.indexOf("}\n\n") + 3).constData());
        QVERIFY2(wire > 0 && wire < 1.3 * double(total),
                 qPrintable(u"%1 bytes on the wire for %2 of data"_s.arg(wire).arg(total)));
        // What crossed for the files, and their sizes: the resumed file counts
        // what was still missing (some 20 MiB of its 40 had arrived).
        QCOMPARE(jsonNumber(out, "file_bytes_transferred"), double(total));
        QVERIFY2(jsonNumber(out, "bytes_transferred") < 0.75 * double(total),
                 qPrintable(u"bytes_transferred %1 of %2"_s.arg(jsonNumber(out, "bytes_transferred")).arg(total)));
        if (push) {
            const QString log = f.daemon.log();
            QVERIFY2(log.contains(u"reconnected to go on with an interrupted job"_s), qPrintable(log));
        }
    }

    static double wireBytesIn(const QByteArray& out) { return jsonNumber(out, "wire_bytes"); }
    // A number of the summary (the --json object that outputOf() puts first).
    static double jsonNumber(const QByteArray& out, const char* key)
    {
        const qsizetype start = out.indexOf('{');
        const qsizetype end = out.indexOf("}\n\n") >= 0 ? out.indexOf("}\n\n") : out.lastIndexOf('}');
        if (start < 0 || end < start) return -1;
        QString error;
        const QJsonObject json = parseJsonObject(out.mid(start, end - start + 1), &error);
        return json.value(QLatin1String(key)).toDouble(-1);
    }
};

QTEST_GUILESS_MAIN(TestReconnect)
#include "test_reconnect.moc"

using fgtest::q;
