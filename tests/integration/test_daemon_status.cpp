// `floodgate status` on the server: during a job it names the job's client,
// module, progress, rate and bottleneck; afterwards the job's result (and a
// refused one's), the paired clients' last contact, the modules' free space.

#include "test_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

#include <sys/socket.h>
#include <unistd.h>

using fgtest::CliRun;
using fgtest::ScratchDir;
using fgtest::q;

using namespace Qt::StringLiterals;

namespace {

QJsonObject statusOf(const ScratchDir& dir)
{
    CliRun r = fgtest::runCli({u"status"_s, u"--json"_s, u"--state-dir"_s, q(dir.sub("server-state"))});
    if (r.exitCode != 0) return {};
    return QJsonDocument::fromJson(r.out).object();
}

// One HTTP request to 127.0.0.1:port as a scraper sends it; the whole answer.
QByteArray httpRequest(uint16_t port, const QByteArray& request)
{
    const int fd = fgtest::openRawSocket(port);
    if (fd < 0) return {};
    (void)::send(fd, request.constData(), size_t(request.size()), MSG_NOSIGNAL);
    QByteArray out;
    char buf[4096];
    for (ssize_t n; (n = ::recv(fd, buf, sizeof buf, 0)) > 0;) out.append(buf, n);
    fgtest::closeRawSocket(fd);
    return out;
}

} // namespace

class TestDaemonStatus : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // --metrics-listen: a scrape sees the modules, the paired client and the
    // jobs ended with the bytes they moved; other requests get nothing.
    void metricsEndpointServesPrometheusText()
    {
        ScratchDir dir("fgstat");
        fgtest::PairedDaemon nas(dir, {}, {u"--metrics-listen"_s, u"127.0.0.1:0"_s});
        QVERIFY2(nas.ok, qPrintable(nas.daemon.log()));
        uint16_t port = 0;
        static const QRegularExpression said(u"metrics on http://127.0.0.1:(\\d+)/metrics"_s);
        QVERIFY(fgtest::waitFor([&] {
            auto m = said.match(nas.daemon.log());
            port = m.hasMatch() ? uint16_t(m.captured(1).toUInt()) : 0;
            return port != 0;
        }, 5000));
        fgtest::writeFile(dir.sub("src/a.bin"), fgtest::randomBytes(100000, 1));
        VERIFY_EXIT(nas.sync({q(dir.sub("src/")), nas.daemon.url(u"m/in/"_s)}), 0);
        VERIFY_EXIT(nas.sync({q(dir.sub("src/")), nas.daemon.url(u"nope/x/"_s)}), 3);

        // (The daemon ends a job's record a moment after its client has exited.)
        QByteArray scrape;
        fgtest::waitFor([&] {
            scrape = httpRequest(port, "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            return scrape.contains("result=\"failed\"} 1");
        }, 5000);
        QVERIFY2(scrape.startsWith("HTTP/1.0 200 OK\r\n"), scrape.constData());
        for (const char* line : {"floodgate_paired_clients 1", "floodgate_module_ok{module=\"m\"} 1",
                                 "floodgate_jobs_total{module=\"m\",result=\"ok\"} 1",
                                 "floodgate_file_bytes_total{module=\"m\",direction=\"push\"} 100000",
                                 "floodgate_jobs_total{module=\"nope\",result=\"failed\"} 1"})
            QVERIFY2(scrape.contains(QByteArray("\n") + line + "\n"), (QByteArray(line) + "\n--- in ---\n" + scrape).constData());
        QVERIFY(httpRequest(port, "GET /admin HTTP/1.1\r\n\r\n").startsWith("HTTP/1.0 404"));
        QVERIFY(httpRequest(port, "DELETE /metrics HTTP/1.1\r\n\r\n").startsWith("HTTP/1.0 405"));
        // A port taken is a daemon that does not start, not one without metrics.
        fgtest::DaemonProcess second;
        QString why;
        QVERIFY(!second.start({u"--listen"_s, u"127.0.0.1:0"_s, u"--module"_s, q("m=" + dir.sub("module")),
                               u"--state-dir"_s, q(dir.sub("second-state")), u"--metrics-listen"_s,
                               u"127.0.0.1:"_s + QString::number(port)},
                              q(dir.sub("second.log")), &why, 10000));
        QVERIFY2(second.log().contains(u"metrics-listen 127.0.0.1:"_s), qPrintable(second.log()));
    }

    void statusShowsRunningAndEndedJobs()
    {
        ScratchDir dir("fgstat");
        fgtest::writeFile(dir.sub("ro/.keep"), "");
        fgtest::PairedDaemon nas(dir, {}, {u"--module"_s, q("ro=" + dir.sub("ro")), u"--read-only"_s, u"ro"_s});
        QVERIFY2(nas.ok, qPrintable(nas.daemon.log()));
        fgtest::writeFile(dir.sub("src/big.bin"), fgtest::randomBytes(12 << 20, 3));
        for (int i = 0; i < 5; ++i) fgtest::writeFile(dir.sub("src/f" + std::to_string(i)), "small");

        // 12 MiB at 2 MiB/s: about six seconds to look at it.
        QProcess job;
        job.start(fgtest::cliPath(), nas.syncArgs({q(dir.sub("src/")), nas.daemon.url(u"m/in/"_s), u"--bwlimit"_s, u"2M"_s}));
        QVERIFY(job.waitForStarted());
        QJsonObject running;
        QVERIFY(fgtest::waitFor(
            [&] {
                const QJsonArray jobs = statusOf(dir).value(u"running"_s).toArray();
                if (jobs.isEmpty()) return false;
                running = jobs.first().toObject();
                return running.value(u"bytes_done"_s).toDouble() > 0 && running.value(u"rate"_s).toDouble() > 0;
            },
            15000));
        QCOMPARE(running.value(u"module"_s).toString(), u"m"_s);
        QCOMPARE(running.value(u"path"_s).toString(), u"in/"_s);
        QCOMPARE(running.value(u"direction"_s).toString(), u"push"_s);
        QCOMPARE(running.value(u"state"_s).toString(), u"transferring"_s);
        QCOMPARE(running.value(u"files_planned"_s).toInt(), 6);
        QCOMPARE(running.value(u"bytes_planned"_s).toDouble(), double((12 << 20) + 25));
        QVERIFY(!running.value(u"client"_s).toString().isEmpty());
        // The text says the same for a person, with the layer that limits it.
        QVERIFY(fgtest::waitFor(
            [&] {
                CliRun text = fgtest::runCli({u"status"_s, u"--state-dir"_s, q(dir.sub("server-state"))});
                return text.exitCode == 0 && text.out.contains("push into m/in/")
                    && text.out.contains("limited by bandwidth-limit");
            },
            15000));
        QVERIFY(job.waitForFinished(60000));
        QCOMPARE(job.exitCode(), 0);

        CliRun refused = nas.sync({q(dir.sub("src/")), nas.daemon.url(u"ro/x/"_s)});
        VERIFY_EXIT(refused, 5);

        const QJsonObject after = statusOf(dir);
        QVERIFY(after.value(u"running"_s).toArray().isEmpty());
        const QJsonArray ended = after.value(u"ended"_s).toArray();
        QCOMPARE(ended.size(), 2);
        const QJsonObject newest = ended.at(0).toObject(), first = ended.at(1).toObject();
        QCOMPARE(newest.value(u"ok"_s).toBool(), false);
        QVERIFY2(newest.value(u"result"_s).toString().startsWith(u"refused: module 'ro' is read-only"_s),
                 qPrintable(newest.value(u"result"_s).toString()));
        QCOMPARE(first.value(u"ok"_s).toBool(), true);
        QCOMPARE(first.value(u"result"_s).toString(), u"ok"_s);
        QCOMPARE(first.value(u"files_done"_s).toInt(), 6);
        QCOMPARE(first.value(u"bottleneck"_s).toObject().value(u"layer"_s).toString(), u"bandwidth-limit"_s);

        const QJsonArray clients = after.value(u"clients"_s).toArray();
        QCOMPARE(clients.size(), 1);
        QVERIFY(!clients.at(0).toObject().value(u"last_contact"_s).toString().isEmpty());
        const QJsonArray modules = after.value(u"modules"_s).toArray();
        QCOMPARE(modules.size(), 2);
        QVERIFY(modules.at(0).toObject().value(u"free_bytes"_s).toDouble() > 0);
        QCOMPARE(modules.at(1).toObject().value(u"read_only"_s).toBool(), true);
    }

    void statusWithoutADaemonSaysSo()
    {
        ScratchDir dir("fgstat");
        CliRun r = fgtest::runCli({u"status"_s, u"--state-dir"_s, q(dir.sub("nothing"))});
        VERIFY_EXIT(r, 3);
        QVERIFY2(r.err.contains("no floodgate daemon runs with the state directory"), explain(r).constData());
    }
};

QTEST_GUILESS_MAIN(TestDaemonStatus)
#include "test_daemon_status.moc"
