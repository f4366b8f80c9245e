// A saved job's schedule: the words read and written back, mistakes named,
// and the systemd timer it becomes, checked by systemd's own tools
// (`systemd-analyze calendar` reads every OnCalendar= the same way, and
// `systemd-analyze verify` accepts the units).

#include <floodgate/schedule.h>

#include "platform/fs.h"
#include "test_support.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTest>

using namespace fg;

namespace {

QString systemdAnalyze() { return QStandardPaths::findExecutable(QStringLiteral("systemd-analyze")); }

} // namespace

class TestSchedule : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void wordsReadAndWrittenBack_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("written");
        QTest::addColumn<QString>("calendar");
        QTest::newRow("hourly") << "hourly" << "hourly" << "*-*-* 00/1:00:00";
        QTest::newRow("every 15m") << "every 15m" << "every 15m" << "*-*-* *:00/15:00";
        QTest::newRow("every 4h") << "Every 4H" << "every 4h" << "*-*-* 00/4:00:00";
        QTest::newRow("daily") << "daily" << "daily 00:00" << "*-*-* 00:00:00";
        QTest::newRow("daily at") << "daily 02:00" << "daily 02:00" << "*-*-* 02:00:00";
        QTest::newRow("a time") << "7:05" << "daily 07:05" << "*-*-* 07:05:00";
        QTest::newRow("weekdays") << "Mon-Fri 18:30" << "Mon-Fri 18:30" << "Mon..Fri *-*-* 18:30:00";
        QTest::newRow("weekend") << "sat,sun  09:00" << "Sat,Sun 09:00" << "Sat,Sun *-*-* 09:00:00";
        QTest::newRow("a list") << "Mon,Wed,Fri 12:00" << "Mon,Wed,Fri 12:00" << "Mon,Wed,Fri *-*-* 12:00:00";
        QTest::newRow("across Sunday") << "Sat-Mon 23:59" << "Mon,Sat,Sun 23:59" << "Mon,Sat,Sun *-*-* 23:59:00";
        QTest::newRow("weekly") << "weekly" << "Mon 00:00" << "Mon *-*-* 00:00:00";
        QTest::newRow("weekly on") << "weekly Sun 03:00" << "Sun 03:00" << "Sun *-*-* 03:00:00";
        QTest::newRow("monthly") << "monthly" << "monthly 1 00:00" << "*-*-01 00:00:00";
        QTest::newRow("monthly on") << "monthly 15 04:30" << "monthly 15 04:30" << "*-*-15 04:30:00";
    }
    void wordsReadAndWrittenBack()
    {
        QFETCH(QString, typed);
        QFETCH(QString, written);
        QFETCH(QString, calendar);
        auto s = parseSchedule(typed.toStdString());
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
        QCOMPARE(QString::fromStdString(scheduleText(*s)), written);
        QCOMPARE(QString::fromStdString(systemdCalendar(*s)), calendar);
        auto again = parseSchedule(scheduleText(*s));
        QVERIFY(again.ok());
        QVERIFY(*again == *s);
        // systemd reads it (its exit code says so), as what we meant.
        if (systemdAnalyze().isEmpty()) return;
        QProcess p;
        p.start(systemdAnalyze(), {QStringLiteral("calendar"), calendar});
        QVERIFY(p.waitForFinished(20000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    }

    void mistakesAreNamed_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("empty") << "" << "empty";
        QTest::newRow("no time") << "Mon-Fri" << "give the time";
        QTest::newRow("bad time") << "daily 25:00" << "not a time of day";
        QTest::newRow("bad minutes") << "daily 12:61" << "not a time of day";
        QTest::newRow("bad day") << "Mon-Fry 10:00" << "not a way to say when";
        QTest::newRow("every 0") << "every 0m" << "1 to 59";
        QTest::newRow("every 90m") << "every 90m" << "1 to 59";
        QTest::newRow("every 24h") << "every 24h" << "1 to 23";
        QTest::newRow("every what") << "every day" << "not a number";
        QTest::newRow("day 31") << "monthly 31 02:00" << "1 to 28";
        QTest::newRow("extra") << "daily 02:00 please" << "one word too many";
        QTest::newRow("nonsense") << "sometimes" << "not a way to say when";
    }
    void mistakesAreNamed()
    {
        QFETCH(QString, typed);
        QFETCH(QString, mentions);
        auto s = parseSchedule(typed.toStdString());
        QVERIFY(!s.ok());
        QVERIFY2(QString::fromStdString(s.error().message).contains(mentions), s.error().message.c_str());
        QVERIFY(QString::fromStdString(s.error().message).contains(QStringLiteral("Mon-Fri 18:30"))); // the forms
    }

    void unitNamesAreEscapedAsSystemdDoes()
    {
        QCOMPARE(systemdEscape("photos"), std::string("photos"));
        QCOMPARE(systemdEscape("NAS backup-2"), std::string("NAS\\x20backup\\x2d2"));
        QCOMPARE(systemdEscape(".hidden"), std::string("\\x2ehidden"));
        QCOMPARE(systemdEscape("照"), std::string("\\xe7\\x85\\xa7"));
    }

    // The units of a job whose name and paths need quoting, read by systemd.
    void unitsAreAcceptedBySystemd()
    {
        const Schedule s = parseSchedule("Mon-Fri 18:30").value();
        const TimerUnits u = timerUnitsFor("NAS \"backup\" 100% $HOME", s, FG_CLI_PATH, "/srv/state with space");
        QVERIFY(u.service.find("ExecStart=\"" FG_CLI_PATH "\" job run --scheduled \"NAS \\\"backup\\\" 100%% $$HOME\"")
                != std::string::npos);
        QVERIFY(u.service.find("Environment=\"FLOODGATE_HOME=/srv/state with space\"") != std::string::npos);
        QVERIFY(u.timer.find("OnCalendar=Mon..Fri *-*-* 18:30:00") != std::string::npos);
        QVERIFY(u.timer.find("Persistent=true") != std::string::npos);
        if (systemdAnalyze().isEmpty()) QSKIP("systemd-analyze is not installed");
        fgtest::ScratchDir dir;
        QVERIFY(platform::writeFileAtomic(dir.sub(u.name + ".service"), u.service, 0644));
        QVERIFY(platform::writeFileAtomic(dir.sub(u.name + ".timer"), u.timer, 0644));
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(systemdAnalyze(), {QStringLiteral("verify"), fgtest::q(dir.sub(u.name + ".timer")),
                                   fgtest::q(dir.sub(u.name + ".service"))});
        QVERIFY(p.waitForFinished(30000));
        const QByteArray said = p.readAll();
        QVERIFY2(p.exitCode() == 0, said.constData());
        // verify prints what it does not like without always failing: nothing about our units.
        QVERIFY2(!said.contains(QByteArray::fromStdString(u.name)), said.constData());
    }
};

QTEST_GUILESS_MAIN(TestSchedule)
#include "test_schedule.moc"
