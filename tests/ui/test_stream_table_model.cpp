#include "charts/stream_colors.h"
#include "models/stream_table_model.h"

#include <QLocale>
#include <QSignalSpy>
#include <QTest>

namespace {

fg::StreamSnapshot stream(uint32_t index, uint64_t sent, uint64_t received = 0)
{
    fg::StreamSnapshot s;
    s.index = index;
    s.bytesSent = sent;
    s.bytesReceived = received;
    s.rttUs = 141200;
    s.cwndSegments = 6000;
    s.deliveryRate = 30ull << 20;
    s.retransmits = 3;
    s.congestion = "bbr";
    return s;
}

QString text(const fgui::StreamTableModel& model, int row, int column)
{
    return model.data(model.index(row, column)).toString();
}

constexpr uint64_t kMiB = 1ull << 20;

} // namespace

class TestStreamTableModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void rowsAndRates()
    {
        using M = fgui::StreamTableModel;
        M model;
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        model.applySnapshot(0.25, {}); // connecting: no streams yet
        QCOMPARE(model.rowCount(), 0);

        model.applySnapshot(0.5, {stream(0, 5 * kMiB, kMiB), stream(1, 3 * kMiB)});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(inserted.count(), 2);
        // Not there at 0.25 s, so their bytes are over that one interval: 6 MiB in
        // 0.25 s, not 6 MiB spread over the 0.5 s since the start.
        QCOMPARE(model.rate(0), 24.0 * kMiB);
        QCOMPARE(text(model, 0, M::StreamColumn), QStringLiteral("stream 1"));
        QCOMPARE(text(model, 0, M::RateColumn), QStringLiteral("24 MB/s"));
        QCOMPARE(text(model, 0, M::BytesColumn), QStringLiteral("6.0 MB"));
        QCOMPARE(text(model, 0, M::RttColumn), QStringLiteral("141 ms"));
        QCOMPARE(text(model, 0, M::CwndColumn), QStringLiteral("6,000"));
        QCOMPARE(text(model, 0, M::DeliveryColumn), QStringLiteral("30 MB/s"));
        QCOMPARE(text(model, 0, M::RetransmitsColumn), QStringLiteral("3"));
        QCOMPARE(text(model, 0, M::CongestionColumn), QStringLiteral("bbr"));
        QCOMPARE(model.data(model.index(1, M::StreamColumn), Qt::DecorationRole).value<QColor>(),
                 fgui::streamColor(1));

        // A third appears mid-job (auto); rows stay in index order and keep their meters.
        model.applySnapshot(0.75, {stream(0, 11 * kMiB, kMiB), stream(2, kMiB), stream(1, 6 * kMiB)});
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.streamIndex(2), 2u);
        QCOMPARE(model.rate(2), 4.0 * kMiB);
        // Smoothed, so between the last interval (24 MiB/s) and this one (24 MiB/s)...
        QCOMPARE(model.rate(0), 24.0 * kMiB);
        // ...and a change moves it part of the way (1 s time constant).
        model.applySnapshot(1.0, {stream(0, 13 * kMiB, kMiB), stream(1, 9 * kMiB), stream(2, 2 * kMiB)});
        QVERIFY(model.rate(0) < 24.0 * kMiB && model.rate(0) > 8.0 * kMiB);

        model.finish();
        QCOMPARE(text(model, 0, M::RateColumn), QStringLiteral("\u2013"));
        QCOMPARE(text(model, 0, M::BytesColumn), QStringLiteral("14 MB"));

        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void eachStreamSaysWhatHeldItOverTheLastInterval()
    {
        using M = fgui::StreamTableModel;
        M model;
        fg::StreamSnapshot a = stream(0, kMiB);
        fg::StreamSnapshot b = stream(1, kMiB);
        model.applySnapshot(0.25, {a, b});
        // Over the next quarter second: a held by the receiver's window 70 %
        // of its sending time, b by nothing but the path.
        a.busyUs = 250000;
        a.rwndLimitedUs = 175000;
        b.busyUs = 250000;
        b.sndbufLimitedUs = 10000;
        model.applySnapshot(0.5, {a, b});
        QCOMPARE(text(model, 0, M::LimitedByColumn), QStringLiteral("receiver's window 70 %"));
        QCOMPARE(text(model, 1, M::LimitedByColumn), QStringLiteral("congestion window"));
        // Then b's send buffer, and a sends nothing at all (a dash, not a guess).
        b.busyUs += 250000;
        b.sndbufLimitedUs += 125000;
        model.applySnapshot(0.75, {a, b});
        QCOMPARE(text(model, 0, M::LimitedByColumn), QStringLiteral("\u2013"));
        QCOMPARE(text(model, 1, M::LimitedByColumn), QStringLiteral("send buffer 50 %"));
    }

    void missingTcpInfoShowsDashes()
    {
        fgui::StreamTableModel model;
        fg::StreamSnapshot bare;
        model.applySnapshot(0.25, {bare});
        using M = fgui::StreamTableModel;
        QCOMPARE(text(model, 0, M::RttColumn), QStringLiteral("\u2013"));
        QCOMPARE(text(model, 0, M::CwndColumn), QStringLiteral("\u2013"));
        QCOMPARE(text(model, 0, M::CongestionColumn), QStringLiteral("\u2013"));
    }

    void rttText()
    {
        QCOMPARE(fgui::formatRtt(52), QStringLiteral("0.05 ms"));
        QCOMPARE(fgui::formatRtt(1420), QStringLiteral("1.4 ms"));
        QCOMPARE(fgui::formatRtt(141000), QStringLiteral("141 ms"));
    }
};

QTEST_MAIN(TestStreamTableModel)
#include "test_stream_table_model.moc"
