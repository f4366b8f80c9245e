// Truth tests of the bottleneck diagnosis on disks this test slows down
// itself (support/throttled_disk.h: an ext4 image on a loop device whose
// reads or writes the kernel holds to 16 MiB/s): a source read that is
// throttled is the sender's source-read, a destination whose writes are
// throttled (write-back held to the device's pace, writers waiting on it)
// is the receiver's destination-write, each named within 5 s and as the
// job's verdict. `floodgate probe` measures the slow destination too.
// Needs root: skipped with the reason otherwise.

#include "test_support.h"
#include "throttled_disk.h"
#include "verdict_checks.h"

#include <QJsonObject>
#include <QTest>

using namespace fgtest;
using namespace Qt::StringLiterals;

namespace {

constexpr uint64_t kDiskRate = 16u << 20;

} // namespace

class TestDiskVerdicts : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        ScratchDir dir("fgdisk");
        ThrottledDisk disk(dir.path(), 64);
        if (!disk.ok()) QSKIP(qPrintable(disk.why()));
    }

    void aThrottledSourceIsTheSendersSourceRead()
    {
        ScratchDir dir("fgdisk");
        ThrottledDisk disk(dir.path());
        QVERIFY2(disk.ok(), qPrintable(disk.why()));
        for (int i = 0; i < 4; ++i) writeFile(disk.sub("src/f" + std::to_string(i) + ".bin"), randomBytes(24u << 20, uint64_t(i)));
        QVERIFY2(disk.dropCache(), qPrintable(disk.why()));
        QVERIFY2(disk.limitReads(kDiskRate), qPrintable(disk.why()));
        PairedDaemon d(dir);
        QVERIFY2(d.ok, qPrintable(d.daemon.log()));
        CliRun r = d.sync({q(disk.sub("src/")), d.daemon.url(u"m/dst/"_s)});
        qInfo("%s", verdictText(r).constData());
        expectNamed(r, u"source-read"_s, u"sender"_s);
    }

    void aThrottledDestinationIsTheReceiversDestinationWrite()
    {
        ScratchDir dir("fgdisk");
        ThrottledDisk disk(dir.path());
        QVERIFY2(disk.ok(), qPrintable(disk.why()));
        QVERIFY2(disk.limitWrites(kDiskRate, 8u << 20), qPrintable(disk.why()));
        writeFile(dir.sub("src/big.bin"), randomBytes(96u << 20, 9));
        writeFile(disk.sub("module/.keep"), "");
        PairedDaemon d(dir, disk.sub("module"));
        QVERIFY2(d.ok, qPrintable(d.daemon.log()));
        CliRun r = d.sync({q(dir.sub("src/")), d.daemon.url(u"m/dst/"_s)});
        qInfo("%s", verdictText(r).constData());
        expectNamed(r, u"destination-write"_s, u"receiver"_s);
        if (QTest::currentTestFailed()) return;

        // The probe's disk test sees the same slow destination.
        CliRun p = runCli({u"probe"_s, u"--json"_s, u"--state-dir"_s, q(dir.sub("client-state")), u"--time"_s, u"1"_s,
                           u"--streams"_s, u"2"_s, u"--disk-size"_s, u"48M"_s, u"--local-dir"_s, q(dir.path()),
                           d.daemon.url(u"m"_s)});
        QVERIFY2(p.exitCode == 0, explain(p).constData());
        const QJsonObject o = reportOf(p);
        const double write = o.value(u"remote"_s).toObject().value(u"disk"_s).toObject().value(u"write_bytes_per_second"_s).toDouble();
        QVERIFY2(write > 0.5 * kDiskRate && write < 1.5 * kDiskRate, p.out.constData());
        const QJsonObject forecast = o.value(u"forecast"_s).toObject();
        QCOMPARE(forecast.value(u"layer"_s).toString(), u"destination-write"_s);
        QCOMPARE(forecast.value(u"end"_s).toString(), u"receiver"_s);
    }
};

QTEST_GUILESS_MAIN(TestDiskVerdicts)
#include "test_disk_verdicts.moc"

using fgtest::q;
