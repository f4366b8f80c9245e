#include "models/rate_meter.h"
#include "widgets/format.h"

#include <QLocale>
#include <QTest>

#include <cmath>
#include <limits>

namespace {
constexpr uint64_t KiB = 1024, MiB = KiB * 1024, GiB = MiB * 1024;
}

class TestFormat : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        // Group separators and decimal points are the user's; pin them for the test.
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    void bytes_data()
    {
        QTest::addColumn<quint64>("bytes");
        QTest::addColumn<QString>("text");
        QTest::newRow("zero") << quint64(0) << QStringLiteral("0 B");
        QTest::newRow("small") << quint64(512) << QStringLiteral("512 B");
        QTest::newRow("three digits") << quint64(999) << QStringLiteral("999 B");
        QTest::newRow("no four digits of B") << quint64(1000) << QStringLiteral("1.0 KB");
        QTest::newRow("one KiB") << quint64(KiB) << QStringLiteral("1.0 KB");
        QTest::newRow("one and a half") << quint64(1536) << QStringLiteral("1.5 KB");
        QTest::newRow("whole above ten") << quint64(10 * KiB + 300) << QStringLiteral("10 KB");
        QTest::newRow("999 KB") << quint64(999 * KiB) << QStringLiteral("999 KB");
        QTest::newRow("rolls over before four digits") << quint64(1023 * KiB) << QStringLiteral("1.0 MB");
        QTest::newRow("61 MB") << quint64(61 * MiB) << QStringLiteral("61 MB");
        QTest::newRow("rounds to 10") << quint64(9.96 * double(MiB)) << QStringLiteral("10 MB");
        QTest::newRow("1.2 GB") << quint64(1.2 * double(GiB)) << QStringLiteral("1.2 GB");
        QTest::newRow("3.4 GB") << quint64(3.4 * double(GiB)) << QStringLiteral("3.4 GB");
        QTest::newRow("TB") << quint64(GiB * 1024) << QStringLiteral("1.0 TB");
        QTest::newRow("max") << std::numeric_limits<quint64>::max() << QStringLiteral("16 EB");
    }
    void bytes()
    {
        QFETCH(quint64, bytes);
        QFETCH(QString, text);
        QCOMPARE(fgui::formatBytes(bytes), text);
    }

    void rates()
    {
        QCOMPARE(fgui::formatRate(61.0 * double(MiB)), QStringLiteral("61 MB/s"));
        QCOMPARE(fgui::formatRate(1.5 * double(KiB)), QStringLiteral("1.5 KB/s"));
        QCOMPARE(fgui::formatRate(0), QStringLiteral("0 B/s"));
        QCOMPARE(fgui::formatRate(-5), QStringLiteral("0 B/s"));
        QCOMPARE(fgui::formatRate(std::nan("")), QStringLiteral("0 B/s"));
        QCOMPARE(fgui::formatRate(std::numeric_limits<double>::infinity()), QStringLiteral("0 B/s"));
    }

    void durations_data()
    {
        QTest::addColumn<double>("seconds");
        QTest::addColumn<QString>("text");
        QTest::newRow("zero") << 0.0 << QStringLiteral("0:00");
        QTest::newRow("seconds") << 37.0 << QStringLiteral("0:37");
        QTest::newRow("rounds") << 36.6 << QStringLiteral("0:37");
        QTest::newRow("minutes") << 605.0 << QStringLiteral("10:05");
        QTest::newRow("hours") << 3723.0 << QStringLiteral("1:02:03");
        QTest::newRow("a day") << 90000.0 << QStringLiteral("25:00:00");
        QTest::newRow("negative") << -3.0 << QStringLiteral("0:00");
        QTest::newRow("unknown") << std::numeric_limits<double>::infinity() << QStringLiteral("\u2013");
    }
    void durations()
    {
        QFETCH(double, seconds);
        QFETCH(QString, text);
        QCOMPARE(fgui::formatDuration(seconds), text);
    }

    void counts()
    {
        QCOMPARE(fgui::formatCount(0), QStringLiteral("0"));
        QCOMPARE(fgui::formatCount(1200), QStringLiteral("1,200"));
        QCOMPARE(fgui::formatCount(1234567), QStringLiteral("1,234,567"));
    }

    void eta()
    {
        QCOMPARE(fgui::estimateEta(0, 0), std::optional<double>(0.0));
        QCOMPARE(fgui::estimateEta(100, 0), std::nullopt);
        QCOMPARE(fgui::estimateEta(100, -1), std::nullopt);
        QCOMPARE(fgui::estimateEta(100, 10), std::optional<double>(10.0));
        // Rounded up: bytes remain, so it is never "0:00" early.
        QCOMPARE(fgui::estimateEta(101, 10), std::optional<double>(11.0));
        QCOMPARE(fgui::estimateEta(1, 1e9), std::optional<double>(1.0));
        // Weeks at a trickle: unknown rather than a number that jumps by days.
        QCOMPARE(fgui::estimateEta(GiB, 1), std::nullopt);
    }

    void statusLineWhileTransferring()
    {
        fg::MetricsSnapshot s;
        s.state = fg::JobState::Transferring;
        s.bytesDone = uint64_t(1.2 * double(GiB));
        s.bytesToTransfer = uint64_t(3.4 * double(GiB));
        s.filesDone = 312;
        s.filesToTransfer = 1200;
        QCOMPARE(fgui::statusLine(s, 61.0 * double(MiB)),
                 QStringLiteral("1.2 GB of 3.4 GB \u00b7 61 MB/s \u00b7 ETA 0:37 \u00b7 312 of 1,200 files"));
        // No rate yet: no ETA rather than a wrong one.
        QCOMPARE(fgui::statusLine(s, 0),
                 QStringLiteral("1.2 GB of 3.4 GB \u00b7 0 B/s \u00b7 312 of 1,200 files"));
        s.filesToTransfer = 1;
        s.filesDone = 0;
        QVERIFY(fgui::statusLine(s, 0).endsWith(QStringLiteral("0 of 1 file")));
    }

    void statusLineBeforeTransfer()
    {
        fg::MetricsSnapshot s;
        QCOMPARE(fgui::statusLine(s, 0), QStringLiteral("Starting\u2026"));
        s.state = fg::JobState::Scanning;
        QCOMPARE(fgui::statusLine(s, 0), QStringLiteral("Scanning\u2026"));
        s.filesTotal = 1234;
        QCOMPARE(fgui::statusLine(s, 0), QStringLiteral("Scanning\u2026 1,234 files found"));
        s.state = fg::JobState::Planning;
        QCOMPARE(fgui::statusLine(s, 0), QStringLiteral("Comparing\u2026"));
        s.state = fg::JobState::Finishing;
        s.bytesDone = s.bytesToTransfer = 10 * MiB;
        s.filesDone = s.filesToTransfer = 3;
        QCOMPARE(fgui::statusLine(s, 5.0 * double(MiB)),
                 QStringLiteral("10 MB of 10 MB \u00b7 3 of 3 files \u00b7 finishing up"));
    }

    void resultLines()
    {
        fg::JobResult r;
        r.state = fg::JobState::Done;
        r.bytesTransferred = 600 * MiB;
        r.seconds = 10;
        r.filesTransferred = 1200;
        r.filesDeleted = 3;
        QCOMPARE(fgui::resultLine(r, false),
                 QStringLiteral("Done \u00b7 600 MB in 0:10 \u00b7 60 MB/s average \u00b7 1,200 files transferred "
                                "\u00b7 3 deleted"));
        r.errors.push_back({"a", fg::Error(fg::Errc::Io, "bad")});
        QVERIFY(fgui::resultLine(r, false).endsWith(QStringLiteral("1 error")));
        QVERIFY(fgui::resultLine(r, true).startsWith(QStringLiteral("Preview finished in 0:10")));
        r.state = fg::JobState::Failed;
        r.fatal = fg::Error(fg::Errc::Network, "connection reset");
        QCOMPARE(fgui::resultLine(r, false), QStringLiteral("Failed after 0:10 \u00b7 connection reset"));
        r.state = fg::JobState::Cancelled;
        QCOMPARE(fgui::resultLine(r, false), QStringLiteral("Cancelled after 0:10 \u00b7 600 MB transferred"));
    }

    void rateMeterFollowsASteadyRate()
    {
        fgui::RateMeter meter;
        QVERIFY(!meter.hasRate());
        // Nothing moves while scanning...
        QVERIFY(meter.add(0.25, 0));
        QCOMPARE(meter.instantaneous(), 0.0);
        // ...then 40 MB/s: the smoothed rate is right from the first real sample, no slow
        // climb from the zeros of the scan.
        uint64_t total = 0;
        for (int i = 2; i <= 40; ++i) {
            total += 10 * MiB;
            QVERIFY(meter.add(0.25 * i, total));
            QCOMPARE(meter.instantaneous(), 40.0 * double(MiB));
            QCOMPARE(meter.smoothed(), 40.0 * double(MiB));
        }
    }

    void rateMeterSmoothsSpikes()
    {
        fgui::RateMeter meter(3.0);
        uint64_t total = 0;
        double t = 0;
        for (int i = 0; i < 40; ++i) {
            t += 0.25;
            total += 10 * MiB;
            QVERIFY(meter.add(t, total));
        }
        // One tick at ten times the rate moves the instantaneous rate all the way and the
        // smoothed one only a little (alpha = 1 - e^(-0.25/3), about 8 %).
        t += 0.25;
        total += 100 * MiB;
        QVERIFY(meter.add(t, total));
        QCOMPARE(meter.instantaneous(), 400.0 * double(MiB));
        QVERIFY(meter.smoothed() > 60.0 * double(MiB));
        QVERIFY(meter.smoothed() < 80.0 * double(MiB));
    }

    void rateMeterDoesNotStickToAFirstBurst()
    {
        // A first tick at 70 MB/s (buffers filling) then a steady 40: the smoothed rate
        // reads as the average so far, not as 70 decaying slowly.
        fgui::RateMeter meter(3.0);
        uint64_t total = uint64_t(17.5 * double(MiB));
        QVERIFY(meter.add(0.25, total));
        QCOMPARE(meter.smoothed(), 70.0 * double(MiB));
        for (int i = 2; i <= 4; ++i) {
            total += 10 * MiB;
            QVERIFY(meter.add(0.25 * i, total));
        }
        // About (70 + 3 x 40) / 4 after a second, below 50 MB/s.
        QVERIFY2(meter.smoothed() < 50.0 * double(MiB), qPrintable(QString::number(meter.smoothed() / double(MiB))));
        for (int i = 5; i <= 60; ++i) {
            total += 10 * MiB;
            QVERIFY(meter.add(0.25 * i, total));
        }
        QVERIFY(std::abs(meter.smoothed() / double(MiB) - 40.0) < 1.0);
    }

    void rateMeterIgnoresTooCloseSamples()
    {
        fgui::RateMeter meter;
        QVERIFY(meter.add(0.25, 10 * MiB));
        // The final snapshot 5 ms after a tick: counted with the next sample instead.
        QVERIFY(!meter.add(0.255, 12 * MiB));
        QCOMPARE(meter.instantaneous(), 40.0 * double(MiB));
        QVERIFY(meter.add(0.5, 20 * MiB));
        QCOMPARE(meter.instantaneous(), 40.0 * double(MiB));
        // Time going backwards (a new job without reset) is ignored, not divided by.
        QVERIFY(!meter.add(0.1, 0));
        meter.reset();
        QVERIFY(!meter.hasRate());
    }
};

QTEST_GUILESS_MAIN(TestFormat)
#include "test_format.moc"
