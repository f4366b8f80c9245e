// A link that goes down without a reset (a cable pulled, a Wi-Fi drop, a
// router rebooting), between two network namespaces this test makes: the
// daemon in one, the client in the other, a veth pair between them that the
// test takes down and brings back up. Shorter than --timeout, the job just
// waits and goes on over the same connections; longer, both ends give up on
// them, and the client reconnects once the link is back and finishes the
// job from what arrived (--retry-for). Either way: exit 0, every file whole.

#include "test_support.h"

#include <QDirIterator>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>
#include <QThread>

#include <unistd.h>

#include <functional>

using namespace fgtest;
using namespace Qt::StringLiterals;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

QString findTool(const char* name)
{
    QString p = QStandardPaths::findExecutable(QString::fromLatin1(name));
    if (p.isEmpty()) p = QStandardPaths::findExecutable(QString::fromLatin1(name), {u"/usr/sbin"_s, u"/sbin"_s});
    return p;
}

// Two namespaces joined by a veth pair: A (the client, 10.77.N.1) and B (the
// daemon, 10.77.N.2). Removed with everything in them when it goes.
class LinkedNamespaces {
public:
    LinkedNamespaces()
    {
        m_ip = findTool("ip");
        if (m_ip.isEmpty()) {
            m_why = u"ip (iproute2) is not installed"_s;
            return;
        }
        const QString tag = QString::number(::getpid() % 100000);
        m_a = u"fgA"_s + tag;
        m_b = u"fgB"_s + tag;
        const QString net = u"10.77.%1."_s.arg(::getpid() % 250 + 1);
        m_addrB = net + u"2"_s;
        const QString vA = u"fgva"_s + tag, vB = u"fgvb"_s + tag;
        m_devA = vA;
        const QList<QStringList> steps = {
            {u"netns"_s, u"add"_s, m_a},
            {u"netns"_s, u"add"_s, m_b},
            {u"link"_s, u"add"_s, vA, u"netns"_s, m_a, u"type"_s, u"veth"_s, u"peer"_s, u"name"_s, vB, u"netns"_s, m_b},
            {u"-n"_s, m_a, u"addr"_s, u"add"_s, net + u"1/24"_s, u"dev"_s, vA},
            {u"-n"_s, m_b, u"addr"_s, u"add"_s, net + u"2/24"_s, u"dev"_s, vB},
            {u"-n"_s, m_a, u"link"_s, u"set"_s, vA, u"up"_s},
            {u"-n"_s, m_b, u"link"_s, u"set"_s, vB, u"up"_s},
            {u"-n"_s, m_a, u"link"_s, u"set"_s, u"lo"_s, u"up"_s},
            {u"-n"_s, m_b, u"link"_s, u"set"_s, u"lo"_s, u"up"_s},
        };
        for (const auto& step : steps) {
            CliRun r = runProgram(m_ip, step, 20000);
            if (r.exitCode != 0) {
                m_why = u"cannot make network namespaces here (ip "_s + step.join(u' ') + u"): "_s
                      + QString::fromUtf8(r.err);
                return;
            }
        }
        m_ok = true;
    }
    ~LinkedNamespaces()
    {
        if (m_ip.isEmpty()) return;
        for (const QString& ns : {m_a, m_b})
            if (!ns.isEmpty()) (void)runProgram(m_ip, {u"netns"_s, u"del"_s, ns}, 20000);
    }

    bool ok() const { return m_ok; }
    QString why() const { return m_why; }
    QString daemonAddress() const { return m_addrB; }
    QStringList inClient() const { return {m_ip, u"netns"_s, u"exec"_s, m_a}; }
    QStringList inDaemon() const { return {m_ip, u"netns"_s, u"exec"_s, m_b}; }
    // The client's end of the link: down (packets go nowhere, no reset) or up.
    bool setLink(bool up) const
    {
        const QStringList args = {u"-n"_s, m_a, u"link"_s, u"set"_s, m_devA, up ? u"up"_s : u"down"_s};
        return runProgram(m_ip, args, 20000).exitCode == 0;
    }

private:
    QString m_ip, m_a, m_b, m_devA, m_addrB, m_why;
    bool m_ok = false;
};

constexpr size_t kBig = 40u << 20;

// The summary's wire_bytes from the --json object on stdout.
double wireBytesIn(const QByteArray& stdoutText)
{
    QString error;
    return parseJsonObject(stdoutText, &error).value(u"wire_bytes"_s).toDouble(-1);
}

struct Setup {
    LinkedNamespaces net;
    DaemonProcess daemon;
    QString url;
    QString why;
    bool ok = false;

    explicit Setup(const ScratchDir& dir)
    {
        if (!net.ok()) {
            why = net.why();
            return;
        }
        writeFile(dir.sub("module/.keep"), "");
        daemon.setLauncher(net.inDaemon());
        if (!daemon.start({u"--listen"_s, net.daemonAddress() + u":0"_s, u"--module"_s, q("m=" + dir.sub("module")),
                           u"--state-dir"_s, q(dir.sub("server-state"))},
                          q(dir.sub("serve.log")), &why))
            return;
        const QString server = u"floodgate://%1:%2"_s.arg(net.daemonAddress()).arg(daemon.port());
        const QStringList in = net.inClient();
        CliRun paired = runProgram(in.front(), in.mid(1) + QStringList{cliPath(), u"pair"_s, server, u"--code"_s,
                                                                      daemon.pairCode(), u"--state-dir"_s,
                                                                      q(dir.sub("client-state"))},
                                   30000);
        if (paired.exitCode != 0) {
            why = u"pairing across the namespaces failed: "_s + QString::fromUtf8(paired.err);
            return;
        }
        url = server + u"/m/dst/"_s;
        ok = true;
    }
};

} // namespace

class TestLinkDown : public QObject {
    Q_OBJECT
private:
    // Pushes 40 MiB at 8 MiB/s from namespace A; takes the link down for
    // downMs once about 16 MiB have arrived; returns the client's exit and output.
    void pushAcrossAnOutage(const QStringList& options, int downMs, int* exitCode, QByteArray* out, QByteArray* err,
                            double* wireRatio, double* movedRatio, QString* treeProblem)
    {
        ScratchDir dir;
        Setup s(dir);
        QVERIFY2(s.ok, qPrintable(s.why));
        const std::string data = randomBytes(kBig, 11);
        writeFile(dir.sub("src/big.bin"), data);
        writeFile(dir.sub("src/small.txt"), "small");
        const QStringList in = s.net.inClient();
        QProcess p;
        p.start(in.front(), in.mid(1) + QStringList{cliPath(), u"sync"_s, u"--json"_s, u"--state-dir"_s,
                                                     q(dir.sub("client-state")), u"--bwlimit"_s, u"8M"_s}
                                + options + QStringList{q(dir.sub("src/")), s.url});
        QVERIFY(p.waitForStarted(10000));
        QVERIFY2(waitFor([&] { return hasTempFileOf(dir.sub("module/dst"), u"big.bin"_s); }, 30000),
                 "the big file never started");
        QThread::msleep(2000);
        QVERIFY(s.net.setLink(false));
        QThread::msleep(ulong(downMs));
        QVERIFY(s.net.setLink(true));
        QVERIFY2(p.waitForFinished(180000), "the job did not end after the link came back");
        *exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        *out = p.readAllStandardOutput();
        *err = p.readAllStandardError();
        *wireRatio = wireBytesIn(*out) / double(kBig);
        QString error;
        *movedRatio = parseJsonObject(*out, &error).value(u"bytes_transferred"_s).toDouble(-1) / double(kBig);
        *treeProblem = readFile(dir.sub("module/dst/big.bin")) == data ? QString() : u"big.bin differs"_s;
        if (treeProblem->isEmpty() && readFile(dir.sub("module/dst/small.txt")) != "small")
            *treeProblem = u"small.txt differs"_s;
        if (treeProblem->isEmpty() && !tempFilesUnder(dir.sub("module/dst")).isEmpty())
            *treeProblem = u"temporary files left: "_s + tempFilesUnder(dir.sub("module/dst")).join(u", "_s);
        qInfo("link down %d ms: exit %d, %.2f x the data on the wire, %.2f x counted as moved; the client said:\n%s",
              downMs, *exitCode, *wireRatio, *movedRatio, err->constData());
    }

private Q_SLOTS:
    void initTestCase()
    {
        LinkedNamespaces probe;
        if (!probe.ok()) QSKIP(qPrintable(probe.why()));
    }

    // Down for 4 s, --timeout 15: TCP retransmits once the link is back, and
    // the same connections carry the rest. No reconnect.
    void anOutageShorterThanTheTimeoutIsWaitedOut()
    {
        int code = -1;
        QByteArray out, err;
        double ratio = 0, moved = 0;
        QString problem;
        pushAcrossAnOutage({u"--timeout"_s, u"15"_s, u"--retry-for"_s, u"0"_s}, 4000, &code, &out, &err, &ratio, &moved,
                           &problem);
        if (QTest::currentTestFailed()) return;
        QVERIFY2(code == 0, (out + err).constData());
        QCOMPARE(problem, QString());
        QVERIFY2(!err.contains("dropped") && !err.contains("reconnect"), err.constData());
        QVERIFY2(ratio > 0 && ratio < 1.1, QByteArray::number(ratio).constData());
    }

    // Down for 9 s, --timeout 3: both ends give up on the connections after
    // 3 s; the client tries again (1, 2, 4 s apart) and, once the link is
    // back, goes on from what arrived.
    void anOutageLongerThanTheTimeoutIsBridgedByReconnecting()
    {
        int code = -1;
        QByteArray out, err;
        double ratio = 0, moved = 0;
        QString problem;
        pushAcrossAnOutage({u"--timeout"_s, u"3"_s, u"--retry-for"_s, u"120"_s, u"-v"_s}, 9000, &code, &out, &err,
                           &ratio, &moved, &problem);
        if (QTest::currentTestFailed()) return;
        QVERIFY2(code == 0, (out + err).constData());
        QCOMPARE(problem, QString());
        QVERIFY2(err.contains("nothing moved") && err.contains("dropped"), err.constData());
        QVERIFY2(err.contains("reconnected to"), err.constData());
        // Resumed, not sent again from the start (some 16 MiB had arrived).
        QVERIFY2(ratio > 0 && ratio < 1.2, QByteArray::number(ratio).constData());
        QVERIFY2(moved > 0 && moved < 0.8, QByteArray::number(moved).constData());
    }
};

QTEST_GUILESS_MAIN(TestLinkDown)
#include "test_link_down.moc"
