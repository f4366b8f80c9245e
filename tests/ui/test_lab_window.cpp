// The Tuning Lab window under offscreen: a finished 2x2 experiment built in
// code (table, marks, charts), the set-up's live checks and estimate, saving
// and reopening the JSON, comparing, "Apply to this job", and the worker-thread
// plumbing with a fake fg::runLab (the real lab runs in tests/integration).

#include "charts/lab_curve_chart.h"
#include "charts/lab_heat_map.h"
#include "charts/lab_time_chart.h"
#include "lab/lab_chart_data.h"
#include "lab/lab_comparison.h"
#include "lab/lab_comparison_view.h"
#include "lab/lab_report_reader.h"
#include "lab/lab_results_model.h"
#include "lab/lab_setup_panel.h"
#include "lab/lab_window.h"
#include "models/ssh_ciphers.h"
#include "widgets/format.h"
#include "widgets/job_form.h"
#include "widgets/main_window.h"

#include <floodgate/lab.h>

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QFileInfo>
#include <QTest>

#include <atomic>
#include <cmath>
#include <mutex>
#include <thread>

namespace {

constexpr uint64_t kWorkload = 64ull << 20;
const QString kTarget = QStringLiteral("floodgate://nas/lab");

template <class T>
T* child(QWidget& window, const QString& name)
{
    return window.findChild<T*>(name);
}

fg::LabTrial trialOf(size_t setting, unsigned run, double seconds)
{
    fg::LabTrial t;
    t.setting = setting;
    t.run = run;
    t.ok = true;
    t.seconds = seconds;
    t.bytes = kWorkload;
    t.wireBytes = kWorkload + kWorkload / 50;
    t.cpuSeconds = seconds * 0.4;
    t.farCpuSeconds = seconds * 0.3;
    t.bottleneck = setting < 2 ? "encryption" : "network-congestion";
    // About four points a second: a ramp, then the trial's average rate.
    const double rate = double(kWorkload) / seconds;
    for (double at = 0.25; at <= seconds + 1e-9; at += 0.25) {
        t.curve.push_back({at, at < 0.5 ? rate * 0.5 : rate});
    }
    return t;
}

// streams=1,4 x cipher=aes128-gcm,chacha20-poly1305, three runs each. The best
// is streams=4 cipher=aes128-gcm; streams=4 with chacha20 overlaps its spread.
fg::LabReport twoByTwo()
{
    const std::vector<fg::LabFactor> factors = {{"streams", {"1", "4"}}, {"cipher", {"aes128-gcm", "chacha20-poly1305"}}};
    fg::LabReport r;
    r.target = kTarget.toStdString();
    r.workload = "mixed:64MB";
    r.workloadFiles = 40;
    r.workloadBytes = kWorkload;
    r.runs = 3;
    r.seed = 1234567890123456789ull; // as a seed from the clock: more than a double holds exactly
    r.linkRate = 120.0 * 1024 * 1024;
    r.settings = fg::labSettings(factors);
    const std::vector<std::vector<double>> times = {{4.0, 4.2, 4.4}, {5.0, 5.1, 5.3}, {1.9, 2.0, 2.1}, {2.05, 2.2, 2.3}};
    for (unsigned run = 1; run <= 3; ++run) {
        for (size_t s = 0; s < 4; ++s) r.trials.push_back(trialOf(s, run, times[s][run - 1]));
    }
    for (size_t s = 0; s < 4; ++s) {
        fg::LabSummary m;
        m.runs = 3;
        m.minSeconds = times[s][0];
        m.medianSeconds = times[s][1];
        m.maxSeconds = times[s][2];
        m.medianRate = double(kWorkload) / m.medianSeconds;
        m.minRate = double(kWorkload) / m.maxSeconds;
        m.maxRate = double(kWorkload) / m.minSeconds;
        m.medianWireBytes = kWorkload + kWorkload / 50;
        m.medianCpuSeconds = m.medianSeconds * 0.4;
        if (s != 3) m.medianFarCpuSeconds = m.medianSeconds * 0.3;
        m.bottleneck = s < 2 ? "encryption" : "network-congestion";
        if (s == 2) {
            m.predictedRate = 110.0 * 1024 * 1024;
            m.prediction = "the link (110 MB/s)";
        }
        r.summaries.push_back(m);
    }
    r.summaries[3].likeBest = true;
    r.best = 2;
    r.margin = (2.2 - 2.0) / 2.2;
    r.significant = false;
    r.conclusion = "streams=4 cipher=aes128-gcm is fastest, but not measurably faster than streams=4 "
                   "cipher=chacha20-poly1305: their runs overlap.";
    r.reproduce = "floodgate sync --streams 4 --cipher aes128-gcm SOURCE floodgate://nas/lab";
    r.notes = {"removed 2 scratch folders an earlier lab left on the target"};
    return r;
}

// One factor: streams=1,2,4.
fg::LabReport oneFactor()
{
    fg::LabReport r;
    r.target = kTarget.toStdString();
    r.workload = "big:64MB";
    r.runs = 1;
    r.settings = fg::labSettings({{"streams", {"1", "2", "4"}}});
    for (size_t s = 0; s < 3; ++s) {
        r.trials.push_back(trialOf(s, 1, 3.0 - double(s)));
        fg::LabSummary m;
        m.runs = 1;
        m.minSeconds = m.medianSeconds = m.maxSeconds = 3.0 - double(s);
        m.medianRate = double(kWorkload) / m.medianSeconds;
        r.summaries.push_back(m);
    }
    r.best = 2;
    return r;
}

// Hooks that never touch the network nor the state folder.
fgui::LabWindow::Hooks quietHooks(std::optional<double> rate = std::nullopt)
{
    fgui::LabWindow::Hooks hooks;
    hooks.rememberedRate = [rate](const std::string&, const fg::SyncOptions&) { return rate; };
    hooks.run = [](const fg::LabOptions&, const std::function<void(const fg::LabProgress&)>&, const std::atomic<bool>*)
        -> fg::Result<fg::LabReport> { return fg::Error(fg::Errc::Internal, "no lab in this test"); };
    return hooks;
}

// A fake fg::runLab that reports four trials, one step at a time as the test
// allows, from the worker thread; it stops early when cancelled.
struct SteppedLab {
    std::mutex mutex;
    std::atomic<int> allowed{0};
    std::atomic<bool> onGuiThread{true};
    std::atomic<bool> sawCancel{false};
    fg::LabOptions options;

    fgui::LabWindow::RunFunction make(std::thread::id guiThread)
    {
        return [this, guiThread](const fg::LabOptions& o, const std::function<void(const fg::LabProgress&)>& progress,
                                 const std::atomic<bool>* cancel) -> fg::Result<fg::LabReport> {
            {
                std::lock_guard lock(mutex);
                options = o;
            }
            onGuiThread = std::this_thread::get_id() == guiThread;
            fg::LabReport report = twoByTwo();
            const std::vector<fg::LabTrial> planned = report.trials;
            report.trials.clear();
            auto waitFor = [&](int step) {
                while (allowed.load() < step) {
                    if (cancel && cancel->load()) return false;
                    std::this_thread::sleep_for(std::chrono::milliseconds(2));
                }
                return true;
            };
            fg::LabProgress p;
            p.phase = fg::LabProgress::Phase::Preparing;
            p.message = "making the workload (mixed:64MB)";
            p.total = planned.size();
            progress(p);
            for (size_t i = 0; i < 4; ++i) {
                if (!waitFor(int(i) + 1)) {
                    sawCancel = true;
                    report.cancelled = true;
                    break;
                }
                const fg::LabTrial& t = planned[i];
                p.phase = fg::LabProgress::Phase::Trial;
                p.done = i;
                p.setting = report.settings[t.setting].label;
                p.message = p.setting + ", run 1 of 3";
                p.finished.reset();
                progress(p);
                p.done = i + 1;
                p.finished = t;
                progress(p);
                report.trials.push_back(t);
            }
            return report;
        };
    }

    // quietHooks() with this fake as the lab, run from the test's (GUI) thread.
    fgui::LabWindow::Hooks hooks()
    {
        auto h = quietHooks();
        h.run = make(std::this_thread::get_id());
        return h;
    }
};

QPushButton* startButton(QWidget& window) { return child<QPushButton>(window, QStringLiteral("startButton")); }

void clickStart(QWidget& window) { QTest::mouseClick(startButton(window), Qt::LeftButton); }

// A window on the stepped fake, shown, its experiment started: the lab waits
// for the test to allow each trial. The fake outlives the window, which waits
// for the worker thread as it goes.
struct RunningLab {
    SteppedLab lab;
    fgui::LabWindow window;

    explicit RunningLab(fg::SyncOptions base = {}) : window(kTarget, std::move(base), lab.hooks())
    {
        window.show();
        clickStart(window);
    }
};

void grab(QWidget& window, const QString& name)
{
    const QString dir = qEnvironmentVariable("FG_UI_GRAB_DIR");
    if (dir.isEmpty()) return;
    QDir().mkpath(dir);
    window.grab().save(dir + QLatin1Char('/') + name);
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const std::string& text)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return {};
    file.write(text.data(), qint64(text.size()));
    return path;
}

} // namespace

class TestLabWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void tableHasARowPerSettingWithTheMarks()
    {
        fgui::LabWindow window(kTarget, {}, quietHooks());
        window.showReport(twoByTwo());
        const fgui::LabResultsModel* model = window.resultsModel();
        QCOMPARE(model->rowCount(), 4);
        QCOMPARE(model->index(2, fgui::LabResultsModel::SettingColumn).data().toString(),
                 QStringLiteral("streams=4 cipher=aes128-gcm"));
        // Fastest, but its spread overlaps the runner-up's: not called "best".
        QCOMPARE(model->markAt(2), QStringLiteral("fastest"));
        QCOMPARE(model->markAt(3), QStringLiteral("~ same"));
        QCOMPARE(model->markAt(0), QString());
        QCOMPARE(model->index(2, fgui::LabResultsModel::MedianColumn).data().toString(), QStringLiteral("2.00 s"));
        QCOMPARE(model->index(2, fgui::LabResultsModel::SpreadColumn).data().toString(),
                 QStringLiteral("1.90\u20132.10 s"));
        QCOMPARE(model->index(2, fgui::LabResultsModel::RateColumn).data().toString(), fgui::formatRate(kWorkload / 2.0));
        QCOMPARE(model->index(2, fgui::LabResultsModel::PredictedColumn).data().toString(),
                 fgui::formatRate(110.0 * 1024 * 1024));
        QCOMPARE(model->index(3, fgui::LabResultsModel::CpuThereColumn).data().toString(), QStringLiteral("\u2013"));
        QCOMPARE(model->index(2, fgui::LabResultsModel::BottleneckColumn).data().toString(),
                 QStringLiteral("network-congestion"));
        QVERIFY(window.conclusionText().contains(QStringLiteral("not measurably faster")));
        QCOMPARE(window.reproduceText(), QStringLiteral("floodgate sync --streams 4 --cipher aes128-gcm SOURCE "
                                                        "floodgate://nas/lab"));
        QVERIFY(child<QLineEdit>(window, QStringLiteral("reproduceEdit"))->isReadOnly());
        QVERIFY(child<QLabel>(window, QStringLiteral("notesLabel"))->text().contains(QStringLiteral("scratch")));

        fg::LabReport clear = twoByTwo();
        clear.significant = true;
        clear.summaries[3].likeBest = false;
        window.showReport(clear);
        QCOMPARE(model->markAt(2), QStringLiteral("\u2605 best"));
        QCOMPARE(model->markAt(3), QString());
    }

    void skippedSettingSaysWhy()
    {
        fgui::LabWindow window(kTarget, {}, quietHooks());
        fg::LabReport r = twoByTwo();
        r.summaries[1] = fg::LabSummary{};
        r.summaries[1].skipped = "the module does not allow --cipher none";
        window.showReport(r);
        QCOMPARE(window.resultsModel()->index(1, fgui::LabResultsModel::NoteColumn).data().toString(),
                 QStringLiteral("skipped: the module does not allow --cipher none"));
        QCOMPARE(window.resultsModel()->index(1, fgui::LabResultsModel::MedianColumn).data().toString(),
                 QStringLiteral("\u2013"));
        QCOMPARE(window.timeChart()->boxCount(), 3); // no box for what did not run
        QCOMPARE(window.heatMap()->cellText(0, 1), QStringLiteral("not run"));
    }

    void heatMapIsShownForTwoFactorsAndHiddenForOne()
    {
        fgui::LabWindow window(kTarget, {}, quietHooks());
        window.showReport(twoByTwo());
        QVERIFY(window.isHeatMapShown());
        const fgui::LabHeatGrid& grid = window.heatMap()->grid();
        QCOMPARE(grid.rowFactor, QStringLiteral("streams"));
        QCOMPARE(grid.columnFactor, QStringLiteral("cipher"));
        QCOMPARE(grid.rowLevels, QStringList({QStringLiteral("1"), QStringLiteral("4")}));
        QCOMPARE(grid.columnLevels, QStringList({QStringLiteral("aes128-gcm"), QStringLiteral("chacha20-poly1305")}));
        QCOMPARE(window.heatMap()->cellText(1, 0), fgui::formatRate(kWorkload / 2.0));
        QVERIFY(grid.cells[2].mark == fgui::LabHeatGrid::Mark::Best);
        QVERIFY(grid.cells[3].mark == fgui::LabHeatGrid::Mark::LikeBest);

        window.showReport(oneFactor());
        QVERIFY2(!window.isHeatMapShown(), "one factor varies: nothing to lay out in two dimensions");
        QVERIFY(!window.heatMap()->hasGrid());

        // A third factor given one level varies nothing: still a 2-factor grid.
        fg::LabReport three = twoByTwo();
        for (auto& s : three.settings) s.levels.emplace_back("compress", "lz4");
        window.showReport(three);
        QVERIFY(window.isHeatMapShown());
    }

    void boxChartHasABoxPerSetting()
    {
        fgui::LabWindow window(kTarget, {}, quietHooks());
        window.showReport(twoByTwo());
        const fgui::LabTimeChart* chart = window.timeChart();
        QCOMPARE(chart->boxCount(), 4);
        // Only what varies, one level a line: the factors are in the axis title.
        QCOMPARE(chart->boxLabel(2), QStringLiteral("4\naes128-gcm"));
        QVERIFY(chart->boxMark(2) == fgui::LabTimeBox::Mark::Best);
        QVERIFY(chart->boxMark(3) == fgui::LabTimeBox::Mark::LikeBest);
        QVERIFY(chart->boxMark(0) == fgui::LabTimeBox::Mark::None);
        QVERIFY2(chart->axisMaxSeconds() >= 5.3, "the slowest whisker fits");

        const auto boxes = fgui::labTimeBoxes(twoByTwo());
        QCOMPARE(boxes[0].min, 4.0);
        QCOMPARE(boxes[0].max, 4.4);
        QCOMPARE(boxes[0].median, 4.2);
        QVERIFY(std::abs(boxes[0].lowerQuartile - 4.1) < 1e-9);
        QVERIFY(std::abs(boxes[0].upperQuartile - 4.3) < 1e-9);
    }

    void curvesHaveOneSeriesPerTrialAndOneLegendEntryPerSetting()
    {
        fgui::LabWindow window(kTarget, {}, quietHooks());
        window.showReport(twoByTwo());
        QCOMPARE(window.curveChart()->curveCount(), 12);
        QCOMPARE(window.curveChart()->legendEntryCount(), 4);
        QVERIFY(window.curveChart()->axisMaxSeconds() >= 5.3);
        window.showReport(oneFactor());
        QCOMPARE(window.curveChart()->curveCount(), 3);
    }

    void invalidLevelsDisableStartAndSayWhy()
    {
        fgui::LabWindow window(kTarget, {}, quietHooks());
        auto* start = startButton(window);
        auto* streams = child<QLineEdit>(window, QStringLiteral("levels-streams"));
        auto* hint = child<QLabel>(window, QStringLiteral("hint-streams"));
        QVERIFY(start && streams && hint);
        QVERIFY2(start->isEnabled(), qPrintable(window.setup()->problemText()));

        streams->setText(QStringLiteral("1,x,4"));
        QVERIFY(!start->isEnabled());
        QVERIFY(hint->isVisibleTo(&window));
        QVERIFY2(hint->text().contains(QLatin1String("x")), qPrintable(hint->text()));
        QVERIFY2(hint->styleSheet().contains(QLatin1String("#c62828")), "in the form's red");
        QVERIFY(!hint->text().startsWith(QLatin1String("--vary")));
        QVERIFY(!window.setup()->problemText().isEmpty());

        streams->setText(QStringLiteral("1,,4"));
        QVERIFY(!start->isEnabled());
        streams->setText(QStringLiteral("1,4"));
        QVERIFY(start->isEnabled());
        QVERIFY(!hint->styleSheet().contains(QLatin1String("#c62828")));

        // An unchecked factor's levels do not count, wrong or not.
        auto* compress = child<QLineEdit>(window, QStringLiteral("levels-compress"));
        compress->setText(QStringLiteral("zip"));
        QVERIFY(start->isEnabled());
        QVERIFY(!compress->isEnabled());
        child<QCheckBox>(window, QStringLiteral("factor-compress"))->setChecked(true);
        QVERIFY(!start->isEnabled());
        child<QCheckBox>(window, QStringLiteral("factor-compress"))->setChecked(false);

        // Nothing to vary.
        child<QCheckBox>(window, QStringLiteral("factor-streams"))->setChecked(false);
        child<QCheckBox>(window, QStringLiteral("factor-cipher"))->setChecked(false);
        QVERIFY(!start->isEnabled());
        QVERIFY(window.setup()->problemText().contains(QLatin1String("at least one factor")));
        QVERIFY(window.setup()->matrixText().isEmpty());
    }

    void workloadIsChecked()
    {
        fgui::LabWindow window(kTarget, {}, quietHooks());
        auto* start = startButton(window);
        auto* size = child<QLineEdit>(window, QStringLiteral("workloadSize"));
        size->setText(QStringLiteral("12Q"));
        QVERIFY(!start->isEnabled());
        QVERIFY(child<QLabel>(window, QStringLiteral("workloadHint"))->isVisibleTo(&window));
        size->setText(QStringLiteral("32M"));
        QVERIFY(start->isEnabled());
        auto options = window.setup()->options();
        QVERIFY(options.ok());
        QVERIFY(options->workload.kind == fg::LabWorkload::Kind::Mixed);
        QCOMPARE(options->workload.bytes, uint64_t(32) << 20);

        auto* kind = child<QComboBox>(window, QStringLiteral("workloadKind"));
        kind->setCurrentIndex(kind->findData(QStringLiteral("sample")));
        QVERIFY2(!start->isEnabled(), "a sample needs its folder");
        QTemporaryDir dir;
        child<QLineEdit>(window, QStringLiteral("workloadFolder"))->setText(dir.path());
        QVERIFY(start->isEnabled());
        options = window.setup()->options();
        QVERIFY(options->workload.kind == fg::LabWorkload::Kind::Sample);
        QCOMPARE(QString::fromStdString(options->workload.path), dir.path());
    }

    void estimateFromTheRememberedRate()
    {
        // 10 settings (streams 1,2,4,8,auto x two ciphers) x 3 runs, and a
        // warm-up: 31 transfers of 256 MB at 100 MB/s, 1 s overhead each.
        fgui::LabWindow window(kTarget, {}, quietHooks(100.0 * 1024 * 1024));
        QCOMPARE(window.setup()->matrixText(), QStringLiteral("10 settings \u00d7 3 runs = 30 trials"));
        const QString estimate = window.setup()->estimateText();
        QVERIFY2(estimate.contains(QLatin1String("about 2 min")), qPrintable(estimate));
        QVERIFY2(estimate.contains(QLatin1String("31 transfers of 256 MB")), qPrintable(estimate));
        QVERIFY2(estimate.contains(fgui::formatRate(100.0 * 1024 * 1024)), qPrintable(estimate));
        QVERIFY(child<QLabel>(window, QStringLiteral("estimateLabel"))->text() == estimate);

        child<QSpinBox>(window, QStringLiteral("runsSpin"))->setValue(1);
        QCOMPARE(window.setup()->matrixText(), QStringLiteral("10 settings \u00d7 1 run = 10 trials"));
    }

    void estimateWithoutARateCountsTrials()
    {
        fgui::LabWindow window(kTarget, {}, quietHooks());
        const QString estimate = window.setup()->estimateText();
        QVERIFY2(estimate.contains(QLatin1String("About 30 trials of 256 MB")), qPrintable(estimate));
        QVERIFY2(estimate.contains(QLatin1String("the probe at the start measures the link")), qPrintable(estimate));
    }

    void overBudgetDisablesStart()
    {
        // 31 x 256 MB at 1 MB/s: over two hours, against 15 minutes.
        fgui::LabWindow window(kTarget, {}, quietHooks(1.0 * 1024 * 1024));
        auto* start = startButton(window);
        QVERIFY(!start->isEnabled());
        QVERIFY2(window.setup()->problemText().contains(QLatin1String("budget")), qPrintable(window.setup()->problemText()));
        child<QSpinBox>(window, QStringLiteral("budgetSpin"))->setValue(24 * 60);
        QVERIFY(start->isEnabled());
    }

    void localTargetIsRefused()
    {
        QTemporaryDir dir;
        fgui::LabWindow window(dir.path(), {}, quietHooks());
        auto* start = startButton(window);
        auto* hint = child<QLabel>(window, QStringLiteral("targetHint"));
        QVERIFY(!start->isEnabled());
        QVERIFY2(hint->text().contains(QLatin1String("floodgate://")) && hint->text().contains(QLatin1String("host:path")),
                 qPrintable(hint->text()));
        QVERIFY(hint->styleSheet().contains(QLatin1String("#c62828")));
    }

    void sshTargetVariesNoStreams()
    {
        fgui::LabWindow window(QStringLiteral("alice@nas:/data"), {}, quietHooks());
        auto* start = startButton(window);
        QVERIFY(child<QCheckBox>(window, QStringLiteral("factor-compress"))->isChecked());
        QVERIFY(!child<QCheckBox>(window, QStringLiteral("factor-streams"))->isChecked());
        QVERIFY2(start->isEnabled(), qPrintable(window.setup()->problemText()));
        child<QCheckBox>(window, QStringLiteral("factor-streams"))->setChecked(true);
        QVERIFY(!start->isEnabled());
        QVERIFY(child<QLabel>(window, QStringLiteral("hint-streams"))->text().contains(QLatin1String("ssh")));
        child<QCheckBox>(window, QStringLiteral("factor-streams"))->setChecked(false);
        child<QCheckBox>(window, QStringLiteral("factor-cipher"))->setChecked(true); // ssh's own cipher is not TLS's
        QVERIFY(!start->isEnabled());
        child<QCheckBox>(window, QStringLiteral("factor-cipher"))->setChecked(false);
        QVERIFY(start->isEnabled());
    }

    void reportReadsBackAsWritten()
    {
        const fg::LabReport original = twoByTwo();
        auto read = fgui::readLabReport(QByteArray::fromStdString(fg::labReportJson(original)));
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        const fg::LabReport& r = *read;
        QCOMPARE(r.target, original.target);
        QCOMPARE(r.workload, original.workload);
        QCOMPARE(r.workloadBytes, original.workloadBytes);
        QCOMPARE(r.seed, original.seed);
        QCOMPARE(r.runs, 3u);
        QCOMPARE(r.settings.size(), size_t(4));
        for (size_t i = 0; i < 4; ++i) {
            QCOMPARE(r.settings[i].label, original.settings[i].label);
            QCOMPARE(r.settings[i].options, original.settings[i].options);
            // In --vary order, although a JSON object's keys come back sorted.
            QCOMPARE(r.settings[i].levels, original.settings[i].levels);
            QCOMPARE(r.summaries[i].medianSeconds, original.summaries[i].medianSeconds);
            QCOMPARE(r.summaries[i].likeBest, original.summaries[i].likeBest);
            QCOMPARE(r.summaries[i].medianCpuSeconds.has_value(), original.summaries[i].medianCpuSeconds.has_value());
            QCOMPARE(r.summaries[i].medianFarCpuSeconds.has_value(), original.summaries[i].medianFarCpuSeconds.has_value());
            QCOMPARE(r.summaries[i].predictedRate.has_value(), original.summaries[i].predictedRate.has_value());
            QVERIFY(std::abs(r.summaries[i].medianRate - original.summaries[i].medianRate) < 1.0);
        }
        QVERIFY(r.best.has_value());
        QCOMPARE(*r.best, size_t(2));
        QCOMPARE(r.significant, false);
        QVERIFY(std::abs(r.margin - original.margin) < 1e-3);
        QCOMPARE(r.reproduce, original.reproduce);
        QCOMPARE(r.conclusion, original.conclusion);
        QCOMPARE(r.notes, original.notes);
        QCOMPARE(r.trials.size(), original.trials.size());
        QCOMPARE(r.trials[5].setting, original.trials[5].setting);
        QCOMPARE(r.trials[5].run, original.trials[5].run);
        QCOMPARE(r.trials[5].curve.size(), original.trials[5].curve.size());
        QCOMPARE(r.trials[5].bottleneck, original.trials[5].bottleneck);
    }

    void saveAndOpenShowTheSameExperiment()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lab.json"));
        {
            fgui::LabWindow window(kTarget, {}, quietHooks());
            QVERIFY(!window.saveExperiment(path).ok()); // nothing to save yet
            window.showReport(twoByTwo());
            QVERIFY(window.saveExperiment(path).ok());
        }
        fgui::LabWindow reopened(kTarget, {}, quietHooks());
        QVERIFY(reopened.openExperiment(path).ok());
        QCOMPARE(reopened.resultsModel()->rowCount(), 4);
        QCOMPARE(reopened.resultsModel()->markAt(2), QStringLiteral("fastest"));
        QCOMPARE(reopened.timeChart()->boxCount(), 4);
        QCOMPARE(reopened.curveChart()->curveCount(), 12);
        QVERIFY(reopened.isHeatMapShown());
        QVERIFY(child<QLabel>(reopened, QStringLiteral("experimentLine"))->text().contains(QLatin1String("lab.json")));

        // Not an experiment: said, and the one shown stays.
        const QString other = writeFile(dir, QStringLiteral("other.json"), "{\"files\": []}");
        QVERIFY(!reopened.openExperiment(other).ok());
        QVERIFY2(reopened.statusText().contains(QLatin1String("Not a Floodgate lab experiment")),
                 qPrintable(reopened.statusText()));
        QCOMPARE(reopened.resultsModel()->rowCount(), 4);
        const QString broken = writeFile(dir, QStringLiteral("broken.json"), "{\"trials\": [");
        QVERIFY(!reopened.openExperiment(broken).ok());
        QVERIFY(reopened.statusText().contains(QLatin1String("Not JSON")));
    }

    void compareShowsTheChangePerSetting()
    {
        QTemporaryDir dir;
        fg::LabReport earlier = twoByTwo();
        for (auto& s : earlier.summaries) s.medianSeconds *= 1.25; // this one is 20 % faster
        earlier.settings.pop_back(); // a setting only this one ran
        earlier.summaries.pop_back();
        earlier.trials.erase(std::remove_if(earlier.trials.begin(), earlier.trials.end(),
                                            [](const fg::LabTrial& t) { return t.setting == 3; }),
                             earlier.trials.end());
        earlier.best.reset();
        const QString path = writeFile(dir, QStringLiteral("earlier.json"), fg::labReportJson(earlier));

        fgui::LabWindow window(kTarget, {}, quietHooks());
        QVERIFY(!window.compareWith(path).ok()); // nothing to compare yet
        window.showReport(twoByTwo());
        QVERIFY(window.compareWith(path).ok());
        const fgui::LabComparisonView* view = window.comparisonView();
        QCOMPARE(view->rowCount(), 3);
        QCOMPARE(view->cellText(2, 0), QStringLiteral("streams=4 cipher=aes128-gcm"));
        QCOMPARE(view->cellText(2, 1), QStringLiteral("2.00 s"));
        QCOMPARE(view->cellText(2, 2), QStringLiteral("2.50 s"));
        QCOMPARE(view->cellText(2, 3), QStringLiteral("\u221220 %"));
        QVERIFY2(view->headline().contains(QLatin1String("Only in this one: 1")), qPrintable(view->headline()));
        QCOMPARE(window.chartTabs()->currentWidget(), static_cast<QWidget*>(window.comparisonView()));
        QCOMPARE(fgui::changeText(0.3), QStringLiteral("\u00b10 %"));
        QCOMPARE(fgui::changeText(12.6), QStringLiteral("+13 %"));
    }

    void applyEmitsTheBestSettings()
    {
        fgui::LabWindow window(kTarget, {}, quietHooks());
        auto* apply = window.findChild<QAction*>(QStringLiteral("applyAction"));
        QVERIFY(apply);
        QVERIFY(!apply->isEnabled());
        fg::LabReport none = twoByTwo();
        none.best.reset();
        window.showReport(none);
        QVERIFY2(!apply->isEnabled(), "no best, nothing to apply");

        window.showReport(twoByTwo());
        QVERIFY(apply->isEnabled());
        QSignalSpy spy(&window, &fgui::LabWindow::applySettings);
        apply->trigger();
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toStringList(),
                 QStringList({QStringLiteral("--streams 4"), QStringLiteral("--cipher aes128-gcm")}));
        fg::LabSetting spaced; // one setting a level at a time, whatever the level holds
        spaced.levels = {{"compress", "zstd:3"}, {"chunk-size", "8M"}};
        QCOMPARE(fgui::LabWindow::optionSettings(spaced),
                 QStringList({QStringLiteral("--compress zstd:3"), QStringLiteral("--chunk-size 8M")}));
    }

    void runsOnAWorkerThreadAndReportsOnTheGuiThread()
    {
        fg::SyncOptions base;
        base.stateDir = "/tmp/fg-state-of-this-job";
        RunningLab running(base);
        SteppedLab& lab = running.lab;
        fgui::LabWindow& window = running.window;
        auto* start = startButton(window);
        QVERIFY(window.isRunning());
        QVERIFY2(!start->isEnabled(), "one experiment at a time");
        QVERIFY2(!child<QLineEdit>(window, QStringLiteral("levels-streams"))->isEnabled(), "the set-up is locked");

        QTRY_VERIFY(window.statusText().startsWith(QLatin1String("Preparing")));
        lab.allowed = 2;
        QTRY_COMPARE(window.progressBar()->value(), 2);
        QCOMPARE(window.progressBar()->maximum(), 12);
        QCOMPARE(window.curveChart()->curveCount(), 2); // drawn as each trial ends
        QVERIFY2(child<QLabel>(window, QStringLiteral("lastTrial"))->text().contains(QLatin1String("cipher=chacha20")),
                 qPrintable(child<QLabel>(window, QStringLiteral("lastTrial"))->text()));
        lab.allowed = 4;
        QTRY_VERIFY(!window.isRunning());
        QVERIFY2(!lab.onGuiThread.load(), "fg::runLab blocks: never on the GUI thread");
        QVERIFY(window.statusText().startsWith(QLatin1String("Done")));
        QCOMPARE(window.resultsModel()->rowCount(), 4);
        QVERIFY(start->isEnabled());
        {
            std::lock_guard lock(lab.mutex);
            QCOMPARE(lab.options.target, kTarget.toStdString());
            QCOMPARE(lab.options.factors.size(), size_t(2));
            QCOMPARE(lab.options.factors[0].name, std::string("streams"));
            QCOMPARE(lab.options.runs, 3u);
            QCOMPARE(lab.options.base.stateDir, std::string("/tmp/fg-state-of-this-job"));
        }

        // Again, in the same window: a second session on the same object.
        lab.allowed = 4;
        QTest::mouseClick(start, Qt::LeftButton);
        QTRY_VERIFY(!window.isRunning());
        QVERIFY(window.statusText().startsWith(QLatin1String("Done")));
    }

    void cancelStopsTheExperimentAndShowsWhatRan()
    {
        RunningLab running;
        SteppedLab& lab = running.lab;
        fgui::LabWindow& window = running.window;
        lab.allowed = 1;
        QTRY_COMPARE(window.progressBar()->value(), 1);
        auto* cancel = child<QPushButton>(window, QStringLiteral("cancelButton"));
        QVERIFY(cancel->isEnabled());
        QTest::mouseClick(cancel, Qt::LeftButton);
        QVERIFY(window.statusText().startsWith(QLatin1String("Cancelling")));
        QTRY_VERIFY(!window.isRunning());
        QVERIFY(lab.sawCancel.load());
        QVERIFY2(window.statusText().startsWith(QLatin1String("Cancelled after 1 of 12")), qPrintable(window.statusText()));
        QVERIFY(window.report().has_value() && window.report()->cancelled);
    }

    void closingWhileRunningCancelsAndWaits()
    {
        RunningLab running;
        SteppedLab& lab = running.lab;
        fgui::LabWindow& window = running.window;
        QVERIFY(window.isRunning());
        QVERIFY2(!window.close(), "not closed while the lab cleans up");
        QVERIFY(window.isVisible());
        QVERIFY(window.statusText().startsWith(QLatin1String("Cancelling")));
        QTRY_VERIFY(!window.isVisible());
        QVERIFY(lab.sawCancel.load());
        QVERIFY(!window.isRunning());
    }

    void aRefusedExperimentSaysWhy()
    {
        auto hooks = quietHooks();
        hooks.run = [](const fg::LabOptions&, const std::function<void(const fg::LabProgress&)>&,
                       const std::atomic<bool>*) -> fg::Result<fg::LabReport> {
            return fg::Error(fg::Errc::InvalidArgument, "the experiment would take about 40 min, over the budget of 15 min");
        };
        fgui::LabWindow window(kTarget, {}, hooks);
        clickStart(window);
        QTRY_VERIFY(!window.isRunning());
        QVERIFY2(window.statusText().contains(QLatin1String("over the budget")), qPrintable(window.statusText()));
        QVERIFY(!window.report().has_value());
        QVERIFY(startButton(window)->isEnabled());
    }

    void mainWindowOpensTheLabOnItsDestinationAndTakesTheBest()
    {
        fgui::MainWindow main;
        QTemporaryDir source;
        main.form()->setSource(source.path());
        main.form()->setDestination(QStringLiteral("floodgate://nas/photos"));
        auto* open = main.findChild<QPushButton*>(QStringLiteral("labButton"));
        QVERIFY(open);
        QVERIFY2(open->isEnabled(), qPrintable(QString::fromStdString(main.form()->spec().ok() ? "" : main.form()->spec().error().message)));
        QTest::mouseClick(open, Qt::LeftButton);
        auto* lab = main.findChild<fgui::LabWindow*>();
        QVERIFY(lab);
        QVERIFY(lab->isWindow());
        QCOMPARE(lab->setup()->target(), QStringLiteral("floodgate://nas/photos"));
        QTest::mouseClick(open, Qt::LeftButton);
        QCOMPARE(main.findChildren<fgui::LabWindow*>().size(), 1); // brought forward, not opened twice

        lab->showReport(twoByTwo());
        lab->findChild<QAction*>(QStringLiteral("applyAction"))->trigger();
        auto spec = main.form()->spec();
        QVERIFY(spec.ok());
        QCOMPARE(spec->options.streams, 4u);
        QVERIFY(spec->options.cipher == fg::CipherChoice::Aes128Gcm);
        QVERIFY2(main.statusText().contains(QLatin1String("--streams 4 --cipher aes128-gcm")), qPrintable(main.statusText()));

        // Closed, the next one opens on the form as it is then.
        QVERIFY(lab->close());
        QTRY_VERIFY(main.findChild<fgui::LabWindow*>() == nullptr);
        main.form()->setDestination(source.path() + QStringLiteral("/copy"));
        QTest::mouseClick(open, Qt::LeftButton);
        lab = main.findChild<fgui::LabWindow*>();
        QVERIFY(lab);
        QVERIFY(!startButton(*lab)->isEnabled());
        // The job form asked ssh for its ciphers: let it answer before the
        // application goes, rather than leave the process running.
        QTRY_VERIFY_WITH_TIMEOUT(fgui::SshCiphers::instance().isReady(), 10000);
    }


    // Not a check: with FG_UI_GRAB_DIR set, saves PNGs of the window to look at.
    void screenshots()
    {
        if (qEnvironmentVariableIsEmpty("FG_UI_GRAB_DIR")) QSKIP("set FG_UI_GRAB_DIR to save screenshots");
        {
            fgui::LabWindow window(kTarget, {}, quietHooks(110.0 * 1024 * 1024));
            window.show();
            QTest::qWait(100);
            grab(window, QStringLiteral("lab-setup.png"));
            child<QLineEdit>(window, QStringLiteral("levels-streams"))->setText(QStringLiteral("1,x,4"));
            child<QCheckBox>(window, QStringLiteral("factor-compress"))->setChecked(true);
            QTest::qWait(50);
            grab(window, QStringLiteral("lab-setup-invalid.png"));
        }
        {
            QTemporaryDir dir;
            fgui::LabWindow window(dir.path(), {}, quietHooks());
            window.show();
            QTest::qWait(50);
            grab(window, QStringLiteral("lab-local-target.png"));
        }
        {
            RunningLab running;
            running.lab.allowed = 3;
            QTRY_COMPARE(running.window.progressBar()->value(), 3);
            QTest::qWait(50);
            grab(running.window, QStringLiteral("lab-running.png"));
            running.lab.allowed = 4;
            QTRY_VERIFY(!running.window.isRunning());
        }
        fgui::LabWindow window(kTarget, {}, quietHooks());
        window.show();
        window.showReport(twoByTwo());
        QTest::qWait(50);
        auto* tabs = window.chartTabs();
        const char* names[] = {"lab-done-times.png", "lab-done-heatmap.png", "lab-done-curves.png"};
        for (int i = 0; i < 3; ++i) {
            tabs->setCurrentIndex(i);
            QTest::qWait(50);
            grab(window, QString::fromLatin1(names[i]));
        }
        QTemporaryDir dir;
        fg::LabReport earlier = twoByTwo();
        for (auto& s : earlier.summaries) s.medianSeconds *= 1.2;
        static_cast<void>(window.compareWith(writeFile(dir, QStringLiteral("lab-2024-05-01.json"), fg::labReportJson(earlier))));
        QTest::qWait(50);
        grab(window, QStringLiteral("lab-done-comparison.png"));

        tabs->setCurrentIndex(1);
        window.resize(720, 560);
        QTest::qWait(100);
        grab(window, QStringLiteral("lab-narrow-heatmap.png"));
        tabs->setCurrentIndex(0);
        QTest::qWait(50);
        grab(window, QStringLiteral("lab-narrow-times.png"));
        window.resize(window.minimumSizeHint());
        QTest::qWait(100);
        grab(window, QStringLiteral("lab-smallest.png"));

        fgui::LabWindow one(kTarget, {}, quietHooks());
        one.show();
        one.showReport(oneFactor());
        QTest::qWait(50);
        grab(one, QStringLiteral("lab-one-factor.png"));

        // A real experiment (FG_LAB_REPORT: a `floodgate lab --json` file, such
        // as docs/lab/*.json), as docs/LAB.md shows it: one PNG a chart.
        const QString real = qEnvironmentVariable("FG_LAB_REPORT");
        if (real.isEmpty()) return;
        auto report = fgui::readLabReportFile(real);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        fgui::LabWindow shown(QString::fromStdString(report->target), {}, quietHooks());
        shown.resize(1200, 820);
        shown.show();
        shown.showReport(*report, real);
        const QString stem = QFileInfo(real).completeBaseName();
        const char* charts[] = {"times", "heatmap", "curves"};
        for (int i = 0; i < 3; ++i) {
            shown.chartTabs()->setCurrentIndex(i);
            QTest::qWait(100);
            grab(shown, stem + QLatin1Char('-') + QLatin1String(charts[i]) + QStringLiteral(".png"));
        }
    }
};

QTEST_MAIN(TestLabWindow)
#include "test_lab_window.moc"
