// `floodgate probe` end to end, with the real CLI against a real daemon on
// 127.0.0.1 and through a stand-in for ssh: every figure the report promises
// is there and plausible, the scratch files are gone afterwards on both
// ends, and a probe is refused where a sync would be (unpaired, read-only
// for a push, no such module, a local path), with the same exit codes.

#include "test_support.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using fgtest::CliRun;
using fgtest::ScratchDir;
using fgtest::q;

using namespace Qt::StringLiterals;

namespace {

// Short tests: this is about the plumbing, not the figures' precision.
const QStringList kQuick = {u"--time"_s, u"0.6"_s, u"--disk-size"_s, u"8M"_s, u"--streams"_s, u"3"_s};

QStringList probeScratch(const std::string& dir)
{
    return QDir(q(dir)).entryList({u".fg-probe-*"_s}, QDir::AllEntries | QDir::Hidden | QDir::System);
}

} // namespace

class TestProbe : public QObject {
    Q_OBJECT

    CliRun probe(const ScratchDir& dir, QStringList args)
    {
        return fgtest::runCli(QStringList{u"probe"_s, u"--json"_s, u"--state-dir"_s, q(dir.sub("client-state")),
                                          u"--local-dir"_s, q(dir.sub("local"))}
                                  + kQuick + args,
                              120000);
    }

    QJsonObject report(const CliRun& r)
    {
        QString error;
        QJsonObject o = fgtest::parseJsonObject(r.out, &error);
        if (!error.isEmpty()) qWarning("not JSON: %s\n%s", qPrintable(error), r.out.constData());
        return o;
    }

private Q_SLOTS:
    void pushProbeReportsEveryFigureAndLeavesNothing()
    {
        ScratchDir dir("fgprobe");
        fgtest::writeFile(dir.sub("local/keep"), "x");
        fgtest::PairedDaemon d(dir);
        QVERIFY2(d.ok, qPrintable(d.daemon.log()));
        CliRun r = probe(dir, {d.daemon.url(u"m/sub/dir"_s)});
        VERIFY_EXIT(r, 0);
        const QJsonObject o = report(r);
        QCOMPARE(o.value(u"direction"_s).toString(), u"push"_s);
        QVERIFY(o.value(u"transport"_s).toString().startsWith(u"TLS_"_s));
        QVERIFY(o.value(u"round_trip_us"_s).toInteger() > 0);

        const QJsonArray network = o.value(u"network"_s).toArray();
        QCOMPARE(network.size(), 2); // one connection, then three
        QCOMPARE(network[0].toObject().value(u"streams"_s).toInt(), 1);
        QCOMPARE(network[1].toObject().value(u"streams"_s).toInt(), 3);
        for (const auto& t : network) {
            const QJsonObject test = t.toObject();
            QVERIFY2(test.value(u"bytes_per_second"_s).toDouble() > 1e6, r.out.constData());
            QVERIFY(test.value(u"steady_bytes_per_second"_s).toDouble() > 1e6);
            QVERIFY(!test.value(u"limit"_s).toObject().value(u"layer"_s).toString().isEmpty());
            QVERIFY(test.value(u"min_rtt_us"_s).toInteger() > 0); // TCP_INFO of the sending end (this one)
        }
        for (const char* end : {"local", "remote"}) {
            const QJsonObject e = o.value(QString::fromLatin1(end)).toObject();
            QVERIFY(e.value(u"cores"_s).toInt() >= 1);
            QCOMPARE(e.value(u"ciphers"_s).toArray().size(), 3);
            QCOMPARE(e.value(u"compressors"_s).toArray().size(), 4);
            QCOMPARE(e.value(u"hashes"_s).toArray().size(), 3);
            for (const auto& s : e.value(u"ciphers"_s).toArray()) QVERIFY(s.toObject().value(u"bytes_per_second"_s).toDouble() > 1e6);
            const QJsonObject disk = e.value(u"disk"_s).toObject();
            QVERIFY2(disk.value(u"write_bytes_per_second"_s).toDouble() > 0, r.out.constData());
            QVERIFY(disk.value(u"read_bytes_per_second"_s).toDouble() > 0);
            QCOMPARE(disk.value(u"bytes"_s).toInteger(), 8 << 20);
            QVERIFY(disk.value(u"free_bytes"_s).toDouble() > 0); // what the lab checks its workload against
        }
        // The directory asked for does not exist yet: the module's root held the scratch file.
        QCOMPARE(o.value(u"remote"_s).toObject().value(u"disk"_s).toObject().value(u"where"_s).toString(), u"m"_s);
        const QJsonObject forecast = o.value(u"forecast"_s).toObject();
        QVERIFY(!forecast.value(u"layer"_s).toString().isEmpty());
        QVERIFY(!forecast.value(u"evidence"_s).toString().isEmpty());
        QVERIFY(o.value(u"forecast_bytes_per_second"_s).toDouble() > 0);
        QVERIFY(o.value(u"seconds"_s).toDouble() < 20);

        QVERIFY2(probeScratch(dir.sub("module")).isEmpty(), qPrintable(probeScratch(dir.sub("module")).join(u' ')));
        QVERIFY(probeScratch(dir.sub("local")).isEmpty());
        QVERIFY(!fgtest::exists(dir.sub("module/sub"))); // nothing made for the probe
        QVERIFY(d.daemon.log().contains(u"probe from"_s));
    }

    void humanTextNamesTheLimitAndTheSettings()
    {
        ScratchDir dir("fgprobe");
        fgtest::writeFile(dir.sub("local/keep"), "x");
        fgtest::PairedDaemon d(dir);
        QVERIFY2(d.ok, qPrintable(d.daemon.log()));
        CliRun r = fgtest::runCli(QStringList{u"probe"_s, u"--state-dir"_s, q(dir.sub("client-state")), u"--local-dir"_s,
                                              q(dir.sub("local")), u"--no-disk"_s}
                                      + kQuick + QStringList{d.daemon.url(u"m"_s)});
        VERIFY_EXIT(r, 0);
        for (const char* line : {"network\n", "1 connection", "3 connections", "aes128-gcm", "zstd:1", "xxh128",
                                 "disk write", "not measured", "limit: ", "probe took"})
            QVERIFY2(r.out.contains(line), qPrintable(QString::fromUtf8(line) + u"\n"_s + QString::fromUtf8(r.out)));
    }

    void pullProbeMeasuresTheFarEndSendingAndReadOnlyModulesToo()
    {
        ScratchDir dir("fgprobe");
        fgtest::writeFile(dir.sub("local/keep"), "x");
        fgtest::writeFile(dir.sub("ro/file"), "data");
        fgtest::PairedDaemon d(dir, {}, {u"--module"_s, u"ro="_s + q(dir.sub("ro")), u"--read-only"_s, u"ro"_s});
        QVERIFY2(d.ok, qPrintable(d.daemon.log()));

        // A push probe writes into the module: refused as a push sync is.
        CliRun push = probe(dir, {d.daemon.url(u"ro"_s)});
        VERIFY_EXIT(push, 5);
        QVERIFY2(push.err.contains("read-only") && push.err.contains("--pull"), push.err.constData());

        CliRun pull = probe(dir, {u"--pull"_s, d.daemon.url(u"ro"_s)});
        VERIFY_EXIT(pull, 0);
        const QJsonObject o = report(pull);
        QCOMPARE(o.value(u"direction"_s).toString(), u"pull"_s);
        const QJsonObject first = o.value(u"network"_s).toArray().first().toObject();
        QVERIFY(first.value(u"bytes_per_second"_s).toDouble() > 1e6);
        // The far end sent: its connections' figures came over the wire.
        QVERIFY(first.value(u"min_rtt_us"_s).toInteger() > 0);
        const QJsonObject remoteDisk = o.value(u"remote"_s).toObject().value(u"disk"_s).toObject();
        QVERIFY(!remoteDisk.contains(u"write_bytes_per_second"_s));
        QVERIFY2(remoteDisk.value(u"note"_s).toString().contains(u"read-only"_s), pull.out.constData());
        QVERIFY(o.value(u"local"_s).toObject().value(u"disk"_s).toObject().contains(u"write_bytes_per_second"_s));
        QCOMPARE(fgtest::readFile(dir.sub("ro/file")), std::string("data"));
        QCOMPARE(QDir(q(dir.sub("ro"))).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                 QStringList{u"file"_s});
    }

    void refusedWhereASyncWouldBe()
    {
        ScratchDir dir("fgprobe");
        fgtest::PairedDaemon d(dir);
        QVERIFY2(d.ok, qPrintable(d.daemon.log()));

        CliRun unpaired = fgtest::runCli({u"probe"_s, u"--state-dir"_s, q(dir.sub("stranger")), u"--no-disk"_s,
                                          u"--time"_s, u"0.5"_s, d.daemon.url(u"m"_s)});
        VERIFY_EXIT(unpaired, 5);
        QVERIFY2(unpaired.err.contains("not paired") && unpaired.err.contains("floodgate pair"), unpaired.err.constData());

        CliRun noModule = probe(dir, {d.daemon.url(u"nope"_s)});
        VERIFY_EXIT(noModule, 3);
        QVERIFY(noModule.err.contains("no module 'nope'"));

        CliRun local = fgtest::runCli({u"probe"_s, q(dir.sub("somewhere"))});
        VERIFY_EXIT(local, 1);
        QVERIFY(local.err.contains("local path"));

        CliRun badTime = fgtest::runCli({u"probe"_s, u"--time"_s, u"soon"_s, d.daemon.url(u"m"_s)});
        VERIFY_EXIT(badTime, 1);
        QVERIFY(badTime.err.contains("--time"));
    }

    void throughSshBothWays()
    {
        // A stand-in for ssh that runs the remote command here: the pipe is
        // what the probe measures, as it would be ssh's.
        ScratchDir dir("fgprobe");
        fgtest::writeFile(dir.sub("local/keep"), "x");
        fgtest::writeFile(dir.sub("fakessh"), "#!/bin/sh\nshift\nexec sh -c \"$*\"\n", 0755);
        fgtest::writeFile(dir.sub("remote/keep"), "x");
        for (const QString& direction : {u"--push"_s, u"--pull"_s}) {
            QStringList args{u"probe"_s, u"--json"_s, u"-e"_s, q(dir.sub("fakessh")), u"--remote-floodgate"_s,
                             fgtest::cliPath(), u"--local-dir"_s, q(dir.sub("local"))};
            args += kQuick;
            if (direction == u"--pull"_s) args << direction;
            args << u"localhost:"_s + q(dir.sub("remote"));
            CliRun r = fgtest::runCli(args);
            VERIFY_EXIT(r, 0);
            const QJsonObject o = report(r);
            QCOMPARE(o.value(u"transport"_s).toString(), u"ssh"_s);
            const QJsonArray network = o.value(u"network"_s).toArray();
            QCOMPARE(network.size(), 1); // ssh is one pipe
            QCOMPARE(network[0].toObject().value(u"streams"_s).toInt(), 0);
            QVERIFY2(network[0].toObject().value(u"bytes_per_second"_s).toDouble() > 1e6, r.out.constData());
            QVERIFY(o.value(u"remote"_s).toObject().value(u"disk"_s).toObject().contains(u"write_bytes_per_second"_s));
        }
        QVERIFY(probeScratch(dir.sub("remote")).isEmpty());
        QVERIFY(probeScratch(dir.sub("local")).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestProbe)
#include "test_probe.moc"
