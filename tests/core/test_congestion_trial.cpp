// Leaving BBR for CUBIC by trying it: CUBIC is kept only when it delivers at
// least as much as BBR did just before; a lossy link, where CUBIC collapses,
// goes back to BBR for good; nothing happens without the overflow signal.

#include "net/congestion_trial.h"

#include <QTest>

using fg::CongestionTrial;
using Action = CongestionTrial::Action;

namespace {
constexpr uint64_t kMB = 1u << 20;
}

class TestCongestionTrial : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void withoutTheSignalNothingChanges()
    {
        CongestionTrial t;
        for (int i = 1; i <= 10; ++i) QCOMPARE(t.observe(2.0 * i, uint64_t(i) * 100 * kMB, {}, false), Action::None);
        QVERIFY(!t.kept() && !t.trying());
    }

    void aShallowQueueWhereCubicCarriesAsMuchKeepsIt()
    {
        CongestionTrial t;
        QCOMPARE(t.observe(2, 80 * kMB, {}, false), Action::None);
        // BBR: 50 MB/s over the last two seconds, then the signal.
        QCOMPARE(t.observe(4, 180 * kMB, {}, true), Action::Try);
        QVERIFY(t.kept() || t.trying());
        QCOMPARE(t.bbrRate(), 50.0 * kMB);
        QCOMPARE(t.observe(6, 290 * kMB, {}, true), Action::None); // still trying (2 of 4 s)
        QCOMPARE(t.observe(8, 400 * kMB, {}, true), Action::Keep);  // 55 MB/s
        QVERIFY(t.kept() || t.trying());
        QCOMPARE(t.cubicRate(), 55.0 * kMB);
        QCOMPARE(t.observe(10, 500 * kMB, {}, true), Action::None); // decided once
    }

    void aLossyLinkWhereCubicCollapsesGoesBackToBbr()
    {
        CongestionTrial t;
        QCOMPARE(t.observe(2, 60 * kMB, {}, true), Action::Try); // the first look: since the start, 30 MB/s
        QCOMPARE(t.bbrRate(), 30.0 * kMB);
        QCOMPARE(t.observe(4, 70 * kMB, {}, true), Action::None);
        QCOMPARE(t.observe(6, 76 * kMB, {}, true), Action::Revert); // 4 MB/s with CUBIC
        QVERIFY(!t.kept() && !t.trying());
        // Never tried again, whatever the signal says.
        for (int i = 4; i <= 10; ++i) QCOMPARE(t.observe(2.0 * i, uint64_t(i) * 100 * kMB, {}, true), Action::None);
        QVERIFY(!t.kept() && !t.trying());
    }

    void sideBySideEachSidesRateAConnection()
    {
        // Two connections, one on each side: the same seconds, the same path.
        CongestionTrial t;
        QCOMPARE(t.observe(2, 100 * kMB, {}, true), Action::Try);
        CongestionTrial::Sides lossy{100 * kMB, 1, 12 * kMB, 1}; // bbr 25 MB/s, cubic 3 MB/s
        QCOMPARE(t.observe(6, 212 * kMB, lossy, true), Action::Revert);
        QVERIFY(t.sideBySide());
        QCOMPARE(t.bbrRate(), 25.0 * kMB);
        QCOMPARE(t.cubicRate(), 3.0 * kMB);

        CongestionTrial u;
        QCOMPARE(u.observe(2, 100 * kMB, {}, true), Action::Try);
        // Four connections: two BBR ones resending into a shallow queue, two CUBIC ones carrying more.
        CongestionTrial::Sides shallow{80 * kMB, 2, 96 * kMB, 2};
        QCOMPARE(u.observe(6, 276 * kMB, shallow, true), Action::Keep);
        QVERIFY(u.kept());
        QCOMPARE(u.cubicRate(), 12.0 * kMB);
    }

    void aCounterThatWentBackCountsNothing()
    {
        CongestionTrial t;
        QCOMPARE(t.observe(2, 100 * kMB, {}, true), Action::Try);
        QCOMPARE(t.observe(6.5, 10 * kMB, {}, true), Action::Revert); // nothing delivered is not faster
        QCOMPARE(t.cubicRate(), 0.0);
    }
};

QTEST_GUILESS_MAIN(TestCongestionTrial)
#include "test_congestion_trial.moc"
