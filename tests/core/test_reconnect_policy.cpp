// Which failures a reconnect may mend (--retry-for), when a second run of a
// job would do harm, and the waits between tries.

#include "job/reconnect_policy.h"

#include <QTest>

using namespace fg;

class TestReconnectPolicy : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void onlyFailuresOfTheConnectionAreMended()
    {
        for (Errc c : {Errc::Network, Errc::Timeout, Errc::ConnectTimeout, Errc::Busy, Errc::Tls})
            QVERIFY2(reconnectCanMend(Error(c, "x")), errcName(c));
        // What the far end refused, or what is wrong here, comes back the same.
        for (Errc c : {Errc::NotPaired, Errc::AuthFailed, Errc::NoSpace, Errc::ReadOnly, Errc::NotFound, Errc::Protocol,
                       Errc::PermissionDenied, Errc::Cancelled, Errc::Internal, Errc::InvalidArgument, Errc::Io})
            QVERIFY2(!reconnectCanMend(Error(c, "x")), errcName(c));
    }

    void aSecondRunThatCouldDeleteMovedFilesIsNotMade()
    {
        SyncOptions o;
        QVERIFY(whyNotRetried(o).empty());
        o.transfer.removeSourceFiles = true;
        QVERIFY(whyNotRetried(o).empty());
        o.transfer.deleteExtraneous = true;
        const std::string why = whyNotRetried(o);
        QVERIFY(why.find("--remove-source-files") != std::string::npos && why.find("--delete") != std::string::npos);
        o.transfer.removeSourceFiles = false;
        QVERIFY(whyNotRetried(o).empty());
    }

    void waitsGrowToHalfAMinute()
    {
        const int expected[] = {1, 2, 4, 8, 16, 30, 30, 30};
        for (unsigned n = 1; n <= 8; ++n)
            QCOMPARE(reconnectDelay(n), std::chrono::milliseconds(std::chrono::seconds(expected[n - 1])));
        QCOMPARE(reconnectDelay(1000), std::chrono::milliseconds(30000));
        QCOMPARE(reconnectDelay(0), std::chrono::milliseconds(1000));
    }

    void theDefaultIsMinutesAndTheLimitAWeek()
    {
        QCOMPARE(SyncOptions{}.retryForSec, kDefaultRetryForSec);
        QVERIFY(kDefaultRetryForSec >= 60 && kDefaultRetryForSec <= 900);
        SyncOptions o;
        o.retryForSec = kMaxTimeoutSec + 1;
        QVERIFY(!validateOptions(o).ok());
        o.retryForSec = 0;
        QVERIFY(validateOptions(o).ok());
    }
};

QTEST_GUILESS_MAIN(TestReconnectPolicy)
#include "test_reconnect_policy.moc"
