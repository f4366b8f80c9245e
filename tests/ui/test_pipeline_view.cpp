// The bottleneck view: the pipeline model's boxes and their busy shares over
// the window, the box a verdict's layer lives in, the words and the apply
// button under it; and the window with the real engine, where three staged
// jobs (tiny files in a local copy, zstd:19 and a --bwlimit to a daemon) are
// each shown with their verdict, the limiting box marked and the strip under
// the chart filled. With FG_UI_GRAB_DIR set, each is saved as a PNG to look at.

#include "charts/throughput_chart.h"
#include "models/pipeline_model.h"
#include "test_support.h"
#include "widgets/job_form.h"
#include "widgets/main_window.h"
#include "widgets/pipeline_view.h"

#include <QDir>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using fgui::PipelineBox;
using fgui::PipelineModel;

namespace {
constexpr uint64_t kSec = 1'000'000'000;

fg::StageSnapshot stage(fg::StageId id, double sec, double busy, uint64_t bytes = 1)
{
    fg::StageSnapshot s;
    s.id = id;
    s.name = fg::stageName(id);
    s.lifetimeNs = uint64_t(sec * double(kSec));
    s.busyNs = uint64_t(double(s.lifetimeNs) * busy);
    s.waitInputNs = s.lifetimeNs - s.busyNs;
    s.bytes = bytes;
    return s;
}

const PipelineBox* boxOf(const PipelineModel& m, fg::StageId id, PipelineBox::Side side)
{
    for (const auto& b : m.boxes())
        if (b.side == side && b.stage == id && side != PipelineBox::Side::Link) return &b;
    return nullptr;
}

void grab(QWidget& window, const QString& name)
{
    const QString dir = qEnvironmentVariable("FG_UI_GRAB_DIR");
    if (dir.isEmpty()) return;
    QDir().mkpath(dir);
    window.grab().save(dir + QLatin1Char('/') + name);
}
} // namespace

class TestPipelineView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void boxesShowTheWindowNotTheWholeJob()
    {
        PipelineModel m;
        // The first 4 s the reader idles; then it is busy 90 % of the time.
        fg::MetricsSnapshot s;
        s.elapsedSec = 4;
        s.stages = {stage(fg::StageId::Read, 4, 0.1), stage(fg::StageId::Write, 4, 0.2)};
        m.applySnapshot(s, 0);
        s.elapsedSec = 6;
        s.stages = {stage(fg::StageId::Read, 6, (0.4 + 1.8) / 6), stage(fg::StageId::Write, 6, 0.2)};
        m.applySnapshot(s, 0);
        const PipelineBox* read = boxOf(m, fg::StageId::Read, PipelineBox::Side::Sender);
        QVERIFY(read);
        QVERIFY2(std::abs(read->busy - 0.9) < 0.01, qPrintable(QString::number(read->busy)));
        QCOMPARE(read->detail, QStringLiteral("90 %"));
        // Sender, link, receiver, in that order.
        QCOMPARE(m.boxes().size(), size_t(3));
        QVERIFY(m.boxes()[1].side == PipelineBox::Side::Link);
        QVERIFY(m.boxes()[2].side == PipelineBox::Side::Receiver);
    }

    void aStageThatRanAMomentCountsOverTheWholeSpan()
    {
        // A scan busy all of its 0.5 s in a 4 s job kept it busy an eighth of the time.
        fgui::PipelineModel m;
        fg::JobResult r;
        r.seconds = 4;
        r.stages = {stage(fg::StageId::Scan, 0.5, 1.0), stage(fg::StageId::Write, 8, 0.5)}; // four writers
        m.applyResult(r);
        const PipelineBox* scan = boxOf(m, fg::StageId::Scan, PipelineBox::Side::Sender);
        const PipelineBox* write = boxOf(m, fg::StageId::Write, PipelineBox::Side::Receiver);
        QVERIFY(scan && write);
        QVERIFY2(std::abs(scan->busy - 0.125) < 0.01, qPrintable(QString::number(scan->busy)));
        QVERIFY2(std::abs(write->busy - 0.5) < 0.01, qPrintable(QString::number(write->busy)));
        QVERIFY(m.finished());
    }

    void stagesAJobDoesNotUseHaveNoBox()
    {
        PipelineModel m;
        fg::MetricsSnapshot s;
        s.elapsedSec = 2;
        s.stages = {stage(fg::StageId::Read, 2, 0.5), stage(fg::StageId::Match, 2, 0.0, 0),
                    stage(fg::StageId::Write, 2, 0.3)};
        m.applySnapshot(s, 0);
        QVERIFY(boxOf(m, fg::StageId::Read, PipelineBox::Side::Sender));
        QVERIFY(!boxOf(m, fg::StageId::Match, PipelineBox::Side::Sender)); // no delta in this job
    }

    void theVerdictsLayerMarksItsBox_data()
    {
        QTest::addColumn<QString>("layer");
        QTest::addColumn<QString>("end");
        QTest::addColumn<int>("side");
        QTest::addColumn<int>("marked");
        QTest::newRow("compression") << "compression" << "sender" << int(PipelineBox::Side::Sender) << int(fg::StageId::Compress);
        QTest::newRow("hashing on the receiver") << "hashing" << "receiver" << int(PipelineBox::Side::Receiver) << int(fg::StageId::Verify);
        QTest::newRow("destination-write") << "destination-write" << "receiver" << int(PipelineBox::Side::Receiver) << int(fg::StageId::Write);
        QTest::newRow("network-loss") << "network-loss" << "" << int(PipelineBox::Side::Link) << -1;
        QTest::newRow("bandwidth-limit") << "bandwidth-limit" << "" << int(PipelineBox::Side::Link) << -1;
    }
    void theVerdictsLayerMarksItsBox()
    {
        QFETCH(QString, layer);
        QFETCH(QString, end);
        QFETCH(int, side);
        QFETCH(int, marked);
        PipelineModel m;
        fg::MetricsSnapshot s;
        s.elapsedSec = 2;
        s.stages = {stage(fg::StageId::Read, 2, 0.1), stage(fg::StageId::Compress, 2, 0.8),
                    stage(fg::StageId::Send, 2, 0.1), stage(fg::StageId::Receive, 2, 0.1),
                    stage(fg::StageId::Write, 2, 0.5), stage(fg::StageId::Verify, 2, 0.3)};
        s.bottleneck.layer = layer.toStdString();
        s.bottleneck.end = end.toStdString();
        m.applySnapshot(s, 1e8);
        const int i = m.limitingBox();
        QVERIFY(i >= 0);
        const PipelineBox& box = m.boxes()[size_t(i)];
        QCOMPARE(int(box.side), side);
        if (marked >= 0) QCOMPARE(int(box.stage), marked);
        // Exactly one box is marked.
        QCOMPARE(std::count_if(m.boxes().begin(), m.boxes().end(), [](const auto& b) { return b.limiting; }), 1);
    }

    void theStageAVerdictStandsOnIsTheBoxMarked()
    {
        // Small files make the receiver's writes per-file overhead: the box
        // is the write stage the evidence names, not the layer's usual one.
        PipelineModel m;
        fg::MetricsSnapshot s;
        s.elapsedSec = 2;
        s.stages = {stage(fg::StageId::Read, 2, 0.1), stage(fg::StageId::Write, 2, 0.6),
                    stage(fg::StageId::Commit, 2, 0.3)};
        s.bottleneck.layer = "per-file-overhead";
        s.bottleneck.end = "receiver";
        s.bottleneck.stage = "write";
        m.applySnapshot(s, 1e6);
        const int i = m.limitingBox();
        QVERIFY(i >= 0);
        QCOMPARE(m.boxes()[size_t(i)].stage, fg::StageId::Write);
        QVERIFY(m.boxes()[size_t(i)].side == PipelineBox::Side::Receiver);
    }

    void noVerdictMarksNothing()
    {
        PipelineModel m;
        fg::MetricsSnapshot s;
        s.elapsedSec = 2;
        s.stages = {stage(fg::StageId::Read, 2, 0.1)};
        m.applySnapshot(s, 0);
        QCOMPARE(m.limitingBox(), -1);
        s.bottleneck.layer = "unknown";
        m.applySnapshot(s, 0);
        QCOMPARE(m.limitingBox(), -1);
    }

    void theFixIsOfferedAsASettingOnceTheJobEnds()
    {
        fgui::PipelineView view;
        fg::MetricsSnapshot s;
        s.elapsedSec = 2;
        s.stages = {stage(fg::StageId::Compress, 2, 0.9)};
        s.bottleneck = {"compression", "sender", "compress", 0.9, "the sender's compress stage is busy 90% of the time",
                        "--compress zstd:1 (0.3-0.4 GB/s a core) or --compress auto", "--compress zstd:1"};
        view.setRunning(true);
        view.applySnapshot(s, 4e6);
        QVERIFY2(view.verdictText().contains(QStringLiteral("Limited by compression on the sender")),
                 qPrintable(view.verdictText()));
        QVERIFY(view.verdictText().contains(QStringLiteral("Fix: --compress zstd:1")));
        QVERIFY(view.applyButtonVisible());
        QVERIFY(!view.applyButtonEnabled()); // a running job keeps its settings
        QCOMPARE(view.applyButtonText(), QStringLiteral("Use --compress zstd:1"));
        view.setRunning(false);
        QVERIFY(view.applyButtonEnabled());
        QSignalSpy applied(&view, &fgui::PipelineView::applySetting);
        view.findChild<QPushButton*>(QStringLiteral("applyFixButton"))->click();
        QCOMPARE(applied.count(), 1);
        QCOMPARE(applied.at(0).at(0).toString(), QStringLiteral("--compress zstd:1"));
        // A fix that is not a job setting has no button.
        s.bottleneck = {"destination-write", "receiver", "write", 0.9, "the receiver's write stage is busy", "a faster disk", ""};
        view.applySnapshot(s, 4e6);
        QVERIFY(!view.applyButtonVisible());
    }

    // ---- the window, with the real engine ------------------------------------

    void tinyFilesInALocalCopyArePerFileOverhead()
    {
        fgtest::ScratchDir dir("fgpipe");
        for (int i = 0; i < 8192; ++i)
            fgtest::writeFile(dir.sub("src/d" + std::to_string(i / 512) + "/f" + std::to_string(i)),
                              fgtest::randomBytes(1024, uint64_t(i)));
        fgui::MainWindow window;
        window.resize(1180, 820);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        fg::JobSpec spec;
        spec.source = dir.sub("src/");
        spec.destination = dir.sub("dst/");
        spec.options.stateDir = dir.sub("state");
        window.runSpec(spec);
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 120000);
        QCOMPARE(window.lastResult()->state, fg::JobState::Done);
        const fgui::PipelineView& view = *window.pipeline();
        QVERIFY2(view.verdictText().contains(QStringLiteral("Limited by per-file-overhead")), qPrintable(view.verdictText()));
        QVERIFY(view.model().limitingBox() >= 0);
        QVERIFY(window.chart()->bottleneckSpanCount() >= 1);
        grab(window, QStringLiteral("pipeline-per-file-overhead.png"));
    }

    void aSlowCompressionLevelIsShownAndItsFixApplied()
    {
        fgtest::ScratchDir dir("fgpipe");
        fgtest::PairedDaemon d(dir);
        QVERIFY2(d.ok, qPrintable(d.daemon.log()));
        // Words in a random order: zstd at level 19 takes seconds over it.
        std::string text;
        uint64_t x = 88172645463325252ull;
        while (text.size() < (12u << 20)) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            text += std::string(3 + x % 7, char('a' + (x >> 8) % 26)) + char('a' + (x >> 16) % 26);
            text += (x >> 24) % 9 == 0 ? '\n' : ' ';
        }
        fgtest::writeFile(dir.sub("src/text.txt"), text);
        fgui::MainWindow window;
        window.resize(1180, 820);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        fg::JobSpec spec;
        spec.source = dir.sub("src/");
        spec.destination = d.daemon.url(QStringLiteral("m/dst/")).toStdString();
        spec.options.stateDir = dir.sub("client-state");
        spec.options.transfer.compress = fg::parseCompress("zstd:19").value();
        window.runSpec(spec);
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 120000);
        QVERIFY2(window.lastResult()->state == fg::JobState::Done, qPrintable(window.summaryText()));
        const fgui::PipelineView& view = *window.pipeline();
        QVERIFY2(view.verdictText().contains(QStringLiteral("Limited by compression on the sender")),
                 qPrintable(view.verdictText()));
        const int limiting = view.model().limitingBox();
        QVERIFY(limiting >= 0);
        QCOMPARE(view.model().boxes()[size_t(limiting)].stage, fg::StageId::Compress);
        grab(window, QStringLiteral("pipeline-compression.png"));
        // The button puts the fix into the form for the next run.
        QVERIFY(view.applyButtonEnabled());
        window.pipeline()->findChild<QPushButton*>(QStringLiteral("applyFixButton"))->click();
        const auto next = window.form()->spec();
        QVERIFY(next.ok());
        QCOMPARE(fg::compressText(next->options.transfer.compress), std::string("zstd:1"));
    }

    void theUsersBwlimitMarksTheLink()
    {
        fgtest::ScratchDir dir("fgpipe");
        fgtest::PairedDaemon d(dir);
        QVERIFY2(d.ok, qPrintable(d.daemon.log()));
        fgtest::writeFile(dir.sub("src/big.bin"), fgtest::randomBytes(48u << 20, 9));
        fgui::MainWindow window;
        window.resize(1180, 820);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        fg::JobSpec spec;
        spec.source = dir.sub("src/");
        spec.destination = d.daemon.url(QStringLiteral("m/dst/")).toStdString();
        spec.options.stateDir = dir.sub("client-state");
        spec.options.bwlimit = fg::parseRateSchedule("16M").value();
        window.runSpec(spec);
        // Live, before the end: the link's box is marked while data moves.
        QTRY_VERIFY_WITH_TIMEOUT(window.pipeline()->verdictText().contains(QStringLiteral("Limited by bandwidth-limit")),
                                 15000);
        const int live = window.pipeline()->model().limitingBox();
        QVERIFY(live >= 0);
        QVERIFY(window.pipeline()->model().boxes()[size_t(live)].side == PipelineBox::Side::Link);
        grab(window, QStringLiteral("pipeline-bandwidth-limit-live.png"));
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 60000);
        QVERIFY2(window.pipeline()->verdictText().contains(QStringLiteral("Limited by bandwidth-limit")),
                 qPrintable(window.pipeline()->verdictText()));
        QVERIFY(window.chart()->bottleneckSpanCount() >= 1);
    }
};

QTEST_MAIN(TestPipelineView)
#include "test_pipeline_view.moc"
