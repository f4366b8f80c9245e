// Who gets a daemon's threads (daemon/admission.h): connections that have not
// proven who they are make room for newer ones instead of keeping them out,
// one address cannot take the whole pool, deadlines drop the slow, and jobs
// are counted against their own limit.

#include "daemon/admission.h"

#include <QTest>

using fg::Admission;
using fg::AdmissionLimits;
using namespace std::chrono_literals;

namespace {

AdmissionLimits small()
{
    AdmissionLimits l;
    l.proveWithin = 10s;
    l.maxPending = 4;
    l.maxPendingPerAddress = 2;
    l.maxJobs = 2;
    return l;
}

} // namespace

class TestAdmission : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void oneAddressPushesOutOnlyItsOwnOldest()
    {
        Admission a(small());
        const auto t = Admission::Clock::now();
        std::vector<Admission::Id> dropped;
        const auto other = a.arrive("10.0.0.9", t, &dropped);
        const auto first = a.arrive("10.0.0.1", t, &dropped);
        const auto second = a.arrive("10.0.0.1", t, &dropped);
        QVERIFY(dropped.empty());
        const auto third = a.arrive("10.0.0.1", t, &dropped);
        QCOMPARE(dropped, std::vector<Admission::Id>{first});
        QCOMPARE(a.pending(), size_t(3));
        dropped.clear();
        (void)a.arrive("10.0.0.1", t, &dropped);
        QCOMPARE(dropped, std::vector<Admission::Id>{second});
        // The other address kept its place through all of it.
        a.proven(other);
        QCOMPARE(a.pending(), size_t(2));
        (void)third;
    }

    void aFullPoolPushesOutTheOldestOfAll()
    {
        Admission a(small());
        const auto t = Admission::Clock::now();
        std::vector<Admission::Id> dropped;
        std::vector<Admission::Id> ids;
        for (int i = 0; i < 4; ++i) ids.push_back(a.arrive("10.0.0." + std::to_string(i), t, &dropped));
        QVERIFY(dropped.empty());
        (void)a.arrive("10.0.0.200", t, &dropped);
        QCOMPARE(dropped, std::vector<Admission::Id>{ids[0]});
        QCOMPARE(a.pending(), size_t(4));
    }

    void provenAndGoneLeaveThePool()
    {
        Admission a(small());
        const auto t = Admission::Clock::now();
        std::vector<Admission::Id> dropped;
        const auto x = a.arrive("10.0.0.1", t, &dropped);
        const auto y = a.arrive("10.0.0.1", t, &dropped);
        a.proven(x);
        // x no longer counts for its address: a third comes in without dropping y.
        (void)a.arrive("10.0.0.1", t, &dropped);
        QVERIFY(dropped.empty());
        a.left(y);
        QCOMPARE(a.pending(), size_t(1));
        // A proven connection is never overdue.
        QVERIFY(a.overdue(t + 1h).size() == 1);
        QCOMPARE(a.pending(), size_t(0));
    }

    void overdueIsNamedOnce()
    {
        Admission a(small());
        const auto t = Admission::Clock::now();
        std::vector<Admission::Id> dropped;
        const auto early = a.arrive("10.0.0.1", t, &dropped);
        const auto late = a.arrive("10.0.0.2", t + 5s, &dropped);
        QVERIFY(a.overdue(t + 9s).empty());
        QCOMPARE(a.overdue(t + 10s), std::vector<Admission::Id>{early});
        QVERIFY(a.overdue(t + 11s).empty());
        QCOMPARE(a.overdue(t + 15s), std::vector<Admission::Id>{late});
        QCOMPARE(a.pending(), size_t(0));
    }

    void jobsHaveTheirOwnLimit()
    {
        Admission a(small());
        QVERIFY(a.tryStartJob());
        QVERIFY(a.tryStartJob());
        QVERIFY(!a.tryStartJob());
        QCOMPARE(a.jobs(), size_t(2));
        a.endJob();
        QVERIFY(a.tryStartJob());
        // Pending connections do not take jobs' places, nor jobs theirs.
        std::vector<Admission::Id> dropped;
        for (int i = 0; i < 4; ++i) (void)a.arrive("10.0.0." + std::to_string(i), Admission::Clock::now(), &dropped);
        QVERIFY(dropped.empty());
        QCOMPARE(a.jobs(), size_t(2));
    }
};

QTEST_GUILESS_MAIN(TestAdmission)
#include "test_admission.moc"
