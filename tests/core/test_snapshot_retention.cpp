// --snapshot's names and retention, on made-up histories: which snapshots a
// rule keeps, the newest always, nothing named otherwise ever touched.

#include "snapshot/retention.h"
#include "snapshot/snapshot_name.h"

#include <QTest>

#include <algorithm>
#include <set>

using namespace fg;
using namespace fg::snapshot;

namespace {

// One snapshot a day at 02:00 for `days` days ending on 2026-12-03 (a
// Thursday), newest last.
std::vector<std::string> nightly(int days)
{
    static const int lengths[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    std::vector<std::string> out;
    Stamp s{2026, 12, 3, 2, 0, 0};
    for (int i = 0; i < days; ++i) {
        out.insert(out.begin(), nameOf(s));
        // The day before, at the same time.
        if (--s.day == 0) {
            if (--s.month == 0) {
                s.month = 12;
                --s.year;
            }
            s.day = lengths[s.month - 1] + (s.month == 2 && s.year % 4 == 0 ? 1 : 0);
        }
    }
    return out;
}

std::set<std::string> kept(const std::vector<Verdict>& verdicts)
{
    std::set<std::string> out;
    for (const auto& v : verdicts)
        if (v.keep) out.insert(v.name);
    return out;
}

} // namespace

class TestSnapshotRetention : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void namesRoundTripAndSortByTime()
    {
        const Stamp s{2026, 3, 9, 4, 5, 6};
        QCOMPARE(QString::fromStdString(nameOf(s)), QStringLiteral("2026-03-09_040506"));
        QVERIFY(parseName("2026-03-09_040506") == s);
        QVERIFY(parsePartialName("2026-03-09_040506.partial") == s);
        QVERIFY(nameOf(Stamp{2026, 12, 31, 23, 59, 59}) < nameOf(Stamp{2027, 1, 1, 0, 0, 0}));
    }

    // Anything not exactly a snapshot's name is not one: never listed, never removed.
    void otherNamesAreNotSnapshots_data()
    {
        QTest::addColumn<QString>("name");
        for (const char* n : {"latest", "2026-03-09", "2026-03-09_04050", "2026-03-09_0405067", "2026-13-09_040506",
                              "2026-02-30_040506", "2026-03-09_250000", "2026-03-09-040506", "2026-03-09_04:05:06",
                              "２026-03-09_040506", "2026-03-09_040506.partial", "2026-03-09_040506~", ".2026-03-09_040506"})
            QTest::newRow(n) << QString::fromUtf8(n);
    }
    void otherNamesAreNotSnapshots()
    {
        QFETCH(QString, name);
        QVERIFY(!parseName(name.toStdString()));
        const auto verdicts = applyRetention({name.toStdString(), "2026-01-01_000000"}, SnapshotRetention{1, 0, 0, 0});
        QCOMPARE(verdicts.size(), size_t(1));
    }

    void nextSecondCrossesMidnightAndYears()
    {
        QCOMPARE(QString::fromStdString(nameOf(nextSecond(Stamp{2026, 12, 31, 23, 59, 59}))),
                 QStringLiteral("2027-01-01_000000"));
        QCOMPARE(QString::fromStdString(nameOf(nextSecond(Stamp{2028, 2, 28, 23, 59, 59}))),
                 QStringLiteral("2028-02-29_000000"));
        QCOMPARE(QString::fromStdString(nameOf(nextSecond(Stamp{2026, 1, 1, 0, 0, 0}))),
                 QStringLiteral("2026-01-01_000001"));
    }

    void periodsGroupDaysWeeksAndMonths()
    {
        // 2026-11-30 is a Monday, 2026-12-06 the Sunday of the same week.
        QCOMPARE(weekNumber(Stamp{2026, 11, 30}), weekNumber(Stamp{2026, 12, 6, 23, 59, 59}));
        QCOMPARE(weekNumber(Stamp{2026, 11, 29}) + 1, weekNumber(Stamp{2026, 11, 30}));
        QCOMPARE(dayNumber(Stamp{2026, 12, 3, 0}), dayNumber(Stamp{2026, 12, 3, 23}));
        QCOMPARE(dayNumber(Stamp{1970, 1, 1}), 0L);
        QCOMPARE(monthNumber(Stamp{2026, 12, 31}) + 1, monthNumber(Stamp{2027, 1, 1}));
    }

    void noRuleKeepsEverything()
    {
        const auto names = nightly(10);
        QCOMPARE(kept(applyRetention(names, {})).size(), size_t(10));
    }

    void theNewestAlwaysStays()
    {
        const auto names = nightly(5);
        // A rule that keeps only by week keeps this week's newest: the newest.
        const auto verdicts = applyRetention(names, SnapshotRetention{0, 0, 1, 0});
        QCOMPARE(kept(verdicts), std::set<std::string>{names.back()});
        QCOMPARE(QString::fromStdString(verdicts.front().name), QString::fromStdString(names.back()));
        QVERIFY(std::find(verdicts.front().reasons.begin(), verdicts.front().reasons.end(), "newest")
                != verdicts.front().reasons.end());
    }

    // A year of nightly runs with --keep-daily 7 --keep-weekly 4
    // --keep-monthly 6: the last seven days, the newest of each of the last
    // four weeks and of the last six months, as borg counts them.
    void dailyWeeklyMonthlyOnAYearOfNights()
    {
        const auto names = nightly(365);
        const auto verdicts = applyRetention(names, SnapshotRetention{0, 7, 4, 6});
        const auto keep = kept(verdicts);
        // Daily: 2026-11-27 .. 2026-12-03.
        for (int d = 27; d <= 30; ++d) QVERIFY(keep.count(nameOf(Stamp{2026, 11, d, 2})));
        for (int d = 1; d <= 3; ++d) QVERIFY(keep.count(nameOf(Stamp{2026, 12, d, 2})));
        QVERIFY(!keep.count(nameOf(Stamp{2026, 11, 26, 2})));
        // Weekly: the Sundays that end the weeks before this one (this week's
        // newest is the newest snapshot).
        for (int d : {29, 22, 15}) QVERIFY2(keep.count(nameOf(Stamp{2026, 11, d, 2})), qPrintable(QString::number(d)));
        QVERIFY(!keep.count(nameOf(Stamp{2026, 11, 8, 2})));
        // Monthly: the last day of each month before this one, six months.
        for (auto [m, d] : std::vector<std::pair<int, int>>{{11, 30}, {10, 31}, {9, 30}, {8, 31}, {7, 31}})
            QVERIFY2(keep.count(nameOf(Stamp{2026, m, d, 2})), qPrintable(QString::number(m)));
        QVERIFY(!keep.count(nameOf(Stamp{2026, 6, 30, 2})));
        // Seven days; the weeks add Nov 22 and 15 (this week's and Nov 29 are
        // days already); the months add Oct 31 to Jul 31 (Dec 3 and Nov 30 are).
        QCOMPARE(keep.size(), size_t(7 + 2 + 4));
        // Every verdict says why it stays.
        for (const auto& v : verdicts) QCOMPARE(v.keep, !v.reasons.empty());
    }

    // Several runs a day: daily keeps each day's last, --keep-last the newest few.
    void severalRunsADay()
    {
        std::vector<std::string> names;
        for (int day = 1; day <= 3; ++day)
            for (int hour : {8, 12, 18}) names.push_back(nameOf(Stamp{2026, 12, day, hour}));
        std::reverse(names.begin(), names.end()); // any order in
        const auto keep = kept(applyRetention(names, SnapshotRetention{2, 2, 0, 0}));
        const std::set<std::string> want = {nameOf(Stamp{2026, 12, 3, 18}), nameOf(Stamp{2026, 12, 3, 12}),
                                            nameOf(Stamp{2026, 12, 2, 18})};
        QCOMPARE(keep, want);
    }

    void describesTheRule()
    {
        QCOMPARE(QString::fromStdString(describe(SnapshotRetention{0, 7, 4, 0})), QStringLiteral("daily 7, weekly 4"));
        QCOMPARE(QString::fromStdString(describe({})), QStringLiteral("keep all"));
    }
};

QTEST_APPLESS_MAIN(TestSnapshotRetention)
#include "test_snapshot_retention.moc"
