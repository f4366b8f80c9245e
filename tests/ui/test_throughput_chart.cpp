#include "charts/stream_colors.h"
#include "charts/throughput_chart.h"

#include <QSignalSpy>
#include <QTest>

#include <memory>
#include <set>

namespace {

constexpr double kMB = 1024.0 * 1024.0;

using StreamRate = fgui::ThroughputChart::StreamRate;

// The chart's series, found as QObjects so the test needs no QtCharts header
// (QtCharts stays in ui/charts/: it is deprecated from Qt 6.10, and one
// folder is what moves to Qt Graphs).
QList<QObject*> lineSeries(QObject& root)
{
    QList<QObject*> out;
    for (QObject* o : root.findChildren<QObject*>()) {
        const QByteArray name = o->metaObject()->className();
        if (name == QByteArrayLiteral("QLineSeries") || name.endsWith(QByteArrayLiteral("::QLineSeries"))) out << o;
    }
    return out;
}

} // namespace

class TestThroughputChart : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void streamsGetTheirOwnLines()
    {
        fgui::ThroughputChart chart;
        chart.resize(600, 240);
        chart.show();
        QCOMPARE(chart.streamLineCount(), 0);
        QVERIFY(chart.streamLegendText().isEmpty());

        // Two streams from the start, a third from 1.5 s (auto adding one).
        for (int tick = 1; tick <= 12; ++tick) {
            const double t = 0.25 * tick;
            std::vector<StreamRate> streams = {{0, 10 * kMB}, {1, 8 * kMB}};
            if (t >= 1.5) streams.push_back({2, 5 * kMB});
            chart.addSample(t, 24 * kMB, 22 * kMB, streams);
        }
        QCOMPARE(chart.plottedPoints(), 12);
        QCOMPARE(chart.streamLineCount(), 3);
        QCOMPARE(chart.streamPoints(0), 12);
        QCOMPARE(chart.streamPoints(1), 12);
        QCOMPARE(chart.streamPoints(2), 7); // from 1.5 s on: it starts where it appeared
        QCOMPARE(chart.streamPoints(3), -1);
        QCOMPARE(chart.streamFirstPoint(2).x(), 1.5);
        QCOMPARE(chart.streamFirstPoint(2).y(), 5.0);
        QCOMPARE(chart.streamFirstPoint(0).y(), 10.0);
        QCOMPARE(chart.streamLegendText(), QStringLiteral("3 streams"));

        // A stream that leaves has no more points; its line stays for what it did.
        chart.addSample(3.25, 24 * kMB, 22 * kMB, {{0, 12 * kMB}, {2, 12 * kMB}});
        QCOMPARE(chart.streamPoints(1), 12);
        QCOMPARE(chart.streamPoints(2), 8);

        chart.clear();
        QCOMPARE(chart.streamLineCount(), 0);
        QCOMPARE(chart.plottedPoints(), 0);
        QVERIFY(chart.streamLegendText().isEmpty());
        // A new job numbers its streams afresh.
        chart.addSample(0.25, kMB, kMB, {{0, kMB}});
        QCOMPARE(chart.streamLegendText(), QStringLiteral("1 stream"));
    }

    void streamRatesScaleTheAxis()
    {
        fgui::ThroughputChart chart;
        // Wire bytes can exceed the payload rate (framing, or an incompressible
        // stream beside a compressed total): the axis must show the stream too.
        chart.addSample(0.25, 10 * kMB, 10 * kMB, {{0, 35 * kMB}});
        QVERIFY2(chart.yAxisMax() >= 35, qPrintable(QString::number(chart.yAxisMax())));
    }

    // Each tick replaces every series' points once: no append per point, no
    // second pass (a ring buffer of samples, one replace() per tick).
    void oneReplacePerSeriesPerTick()
    {
        fgui::ThroughputChart chart;
        chart.addSample(0.25, kMB, kMB, {{0, kMB}, {1, kMB}, {2, kMB}, {3, kMB}});
        QList<QObject*> series = lineSeries(*chart.chartObject());
        for (QObject* s : lineSeries(chart)) {
            if (!series.contains(s)) series << s; // the fill's upper line belongs to the widget
        }
        QVERIFY2(series.size() >= 7, qPrintable(QString::number(series.size()))); // 3 total + 4 streams (+ legend)
        std::vector<std::unique_ptr<QSignalSpy>> replaced, added;
        for (QObject* s : series) {
            replaced.push_back(std::make_unique<QSignalSpy>(s, SIGNAL(pointsReplaced())));
            added.push_back(std::make_unique<QSignalSpy>(s, SIGNAL(pointAdded(int))));
            QVERIFY(replaced.back()->isValid());
        }
        chart.addSample(0.5, kMB, kMB, {{0, kMB}, {1, kMB}, {2, kMB}, {3, kMB}});
        int withPoints = 0;
        for (size_t i = 0; i < replaced.size(); ++i) {
            QVERIFY(replaced[i]->count() <= 1);
            QCOMPARE(added[i]->count(), 0);
            withPoints += replaced[i]->count();
        }
        QCOMPARE(withPoints, 3 + 4);
    }

    void streamColoursAreDistinct()
    {
        std::set<QRgb> seen;
        for (uint32_t i = 0; i < 8; ++i) seen.insert(fgui::streamColor(i).rgb());
        QCOMPARE(seen.size(), size_t(8));
        QCOMPARE(fgui::streamColor(8), fgui::streamColor(0));
    }
};

QTEST_MAIN(TestThroughputChart)
#include "test_throughput_chart.moc"
