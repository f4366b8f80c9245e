#include "charts/throughput_chart.h"
#include "fake_job.h"
#include "models/file_table_model.h"
#include "models/plan_model.h"
#include "models/stream_table_model.h"
#include "fuse_mount.h"
#include "test_support.h"
#include "widgets/job_form.h"
#include "widgets/main_window.h"

#include <floodgate/endpoint.h>
#include <floodgate/identity.h>

#include <QCheckBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <floodgate/history.h>
#include <floodgate/saved_jobs.h>

#include "bridge/history_writer.h"
#include "widgets/saved_jobs_panel.h"
#include <QTimer>
#include <QToolButton>

#include <mutex>
#include <thread>

using fgtest::FakeJob;
using FakeFactory = fgtest::FakeJobFactory;
using fgtest::FakeScript;
using State = fgui::FileTableModel::FileState;

namespace {


template <class T>
T* child(QWidget& window, const char* name)
{
    return window.findChild<T*>(QString::fromLatin1(name));
}

void fillForm(fgui::MainWindow& window, const QString& source, const QString& destination)
{
    auto* src = child<QLineEdit>(window, "sourceEdit");
    auto* dst = child<QLineEdit>(window, "destinationEdit");
    QVERIFY(src && dst);
    src->clear();
    QTest::keyClicks(src, source);
    dst->setText(destination);
}

void click(fgui::MainWindow& window, const char* button)
{
    auto* b = child<QPushButton>(window, button);
    QVERIFY(b);
    QVERIFY2(b->isEnabled(), button);
    QTest::mouseClick(b, Qt::LeftButton);
}

// Every row the file table shows for a transferred file reads "done".
int rowsInState(const fgui::FileTableModel& model, State state)
{
    int n = 0;
    for (int row = 0; row < model.rowCount(); ++row) n += model.stateAt(row) == state ? 1 : 0;
    return n;
}

int tabIndex(fgui::MainWindow& window, const QString& title)
{
    auto* tabs = child<QTabWidget>(window, "tabs");
    for (int i = 0; i < tabs->count(); ++i) {
        if (tabs->tabText(i) == title) return i;
    }
    return -1;
}

// What the daemon says to a client it does not know (server_session.cpp).
std::string unpairedMessage(const std::string& hostPort)
{
    return "this client (SHA256:q3Jp0b7m9QvXkYzT2aLwE5sH8dN1fC4uR6gI0oKjVxM) is not paired with the server at " +
           hostPort + "; run `floodgate pair floodgate://" + hostPort +
           " --code CODE` with the code `floodgate serve` printed";
}

// A pairing function that records how it was called and answers as told.
struct FakePairing {
    std::mutex mutex;
    int calls = 0;
    std::string host, code, stateDir;
    uint16_t port = 0;
    bool onGuiThread = false;
    fg::Result<std::string> answer = std::string("SHA256:server-fingerprint");

    fgui::MainWindow::PairFunction make(std::thread::id guiThread)
    {
        return [this, guiThread](const std::string& h, uint16_t p, const std::string& c, const std::string& dir) {
            std::lock_guard lock(mutex);
            ++calls;
            host = h;
            port = p;
            code = c;
            stateDir = dir;
            onGuiThread = std::this_thread::get_id() == guiThread;
            return answer;
        };
    }
};

// Every line of a label is shown: the layout gave it the height its wrapped text needs.
bool showsAllOf(const QLabel* label)
{
    return label->wordWrap() && label->height() >= label->heightForWidth(label->width());
}

// Every word-wrapped label under `root` has the height its text needs. A label
// that wraps asks for another layout pass once its width is known, so on a
// loaded machine a fixed short wait can end between two passes: tests wait for
// this (with a deadline) before they judge the layout.
bool wrappedLabelsSettled(const QWidget* root)
{
    for (const QLabel* label : root->findChildren<QLabel*>()) {
        if (!label->isVisibleTo(root) || !label->wordWrap() || label->text().isEmpty()) continue;
        if (!showsAllOf(label)) return false;
    }
    return true;
}

// Waits (at most 3 s) for wrappedLabelsSettled(); the checks that follow say
// what is wrong if it never does.
void settleLayouts(const QWidget* root)
{
    static_cast<void>(QTest::qWaitFor([root] { return wrappedLabelsSettled(root); }, 3000));
}

void grab(QWidget& window, const QString& name)
{
    const QString dir = qEnvironmentVariable("FG_UI_GRAB_DIR");
    if (dir.isEmpty()) return;
    QDir().mkpath(dir);
    window.grab().save(dir + QLatin1Char('/') + name);
}

// Empty files in folders of 500, two levels deep like a user's projects.
void makeEmptyFiles(const fgtest::ScratchDir& root, int files)
{
    ::mkdir(root.sub("projects").c_str(), 0755);
    for (int d = 0; d < (files + 499) / 500; ++d) {
        ::mkdir(root.sub("projects/project-" + std::to_string(d / 20)).c_str(), 0755);
        const std::string folder = root.sub("projects/project-" + std::to_string(d / 20) + "/module-" + std::to_string(d));
        QCOMPARE(::mkdir(folder.c_str(), 0755), 0);
        for (int f = 0; f < std::min(500, files - d * 500); ++f) {
            const int fd = ::open((folder + "/file-" + std::to_string(f) + ".txt").c_str(), O_WRONLY | O_CREAT, 0644);
            QVERIFY(fd >= 0);
            ::close(fd);
        }
    }
}

// VmHWM of this process, as /proc says it.
QString peakResident()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly)) return QStringLiteral("(unknown)");
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith("VmHWM:")) return QString::fromLatin1(line.mid(6).trimmed());
    return QStringLiteral("(unknown)");
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private:
    fgtest::ScratchDir m_home{"fgui-home"};

private Q_SLOTS:
    void initTestCase()
    {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        // The window records every run in the history: in a scratch home, not the tester's.
        qputenv("FLOODGATE_HOME", QByteArray::fromStdString(m_home.path()));
    }

    // (a) The whole path through the window with a fake engine.
    void fakeRunThroughTheWindow()
    {
        FakeFactory factory;
        factory.script = fgtest::makeScript(120, 60ull << 20);
        factory.script.bytesPerSec = 60ull << 20; // about a second: several ticks
        fgui::MainWindow window(factory.make());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        QVERIFY(!child<QPushButton>(window, "runButton")->isEnabled()); // nothing to run yet
        fillForm(window, QStringLiteral("/home/ann/Pictures/"), QStringLiteral("floodgate://nas:7878/photos/"));
        click(window, "runButton");
        QVERIFY(window.isRunning());
        QVERIFY(!child<QPushButton>(window, "runButton")->isEnabled());
        QVERIFY(child<QPushButton>(window, "cancelButton")->isEnabled());
        QVERIFY(!child<QLineEdit>(window, "sourceEdit")->isEnabled());
        QCOMPARE(factory.last->spec().source, std::string("/home/ann/Pictures/"));
        QCOMPARE(factory.last->spec().destination, std::string("floodgate://nas:7878/photos/"));
        QVERIFY(!factory.last->spec().options.transfer.dryRun);

        // Mid-transfer the status line reads like the design's.
        QTRY_VERIFY_WITH_TIMEOUT(window.statusText().contains(QStringLiteral(" files")) &&
                                     window.statusText().contains(QStringLiteral("MB/s")),
                                 10000);
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 20000);
        QCOMPARE(window.lastResult()->state, fg::JobState::Done);

        const auto& files = *window.fileModel();
        QCOMPARE(files.rowCount(), 120); // folders are left to the Preview tab
        QCOMPARE(rowsInState(files, State::Done), 120);
        QCOMPARE(files.count(State::Done), 120);
        QCOMPARE(files.data(files.index(0, fgui::FileTableModel::StateColumn)).toString(), QStringLiteral("done"));
        QCOMPARE(files.data(files.index(0, fgui::FileTableModel::ProgressColumn)).toString(), QStringLiteral("100 %"));
        QCOMPARE(window.planModel()->rowCount(), int(factory.script.plan.size()));

        QVERIFY2(window.chart()->plottedPoints() >= 3, qPrintable(QString::number(window.chart()->plottedPoints())));
        QVERIFY(window.chart()->yAxisMax() >= 1.0);

        QProgressBar* bar = window.progressBar();
        QCOMPARE(bar->maximum(), 1000);
        QCOMPARE(bar->value(), bar->maximum());

        const QString summary = window.summaryText();
        QVERIFY2(summary.startsWith(QStringLiteral("Done")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("120 files transferred")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("60 MB of data")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("on the wire")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("average")), qPrintable(summary));
        QVERIFY(window.statusText().startsWith(QStringLiteral("Done")));

        QVERIFY(!window.isRunning());
        QVERIFY(child<QPushButton>(window, "runButton")->isEnabled());
        QVERIFY(!child<QPushButton>(window, "cancelButton")->isEnabled());
        QVERIFY(child<QLineEdit>(window, "sourceEdit")->isEnabled());
    }

    // (b) The same through the real engine, local to local.
    void realLocalRunThroughTheWindow()
    {
        fgtest::ScratchDir src("fgui-src"), dst("fgui-dst"), state("fgui-state");
        const std::map<std::string, std::string> files = {
            {"a.bin", fgtest::randomBytes(3u << 20, 1)},
            {"b.bin", fgtest::randomBytes(5u << 20, 2)},
            {"nested/c.bin", fgtest::randomBytes(2u << 20, 3)},
            {"nested/deeper/notes.txt", std::string("sync me\n")},
        };
        for (const auto& [rel, content] : files) fgtest::writeFile(src.sub(rel), content);

        fg::JobSpec probe;
        probe.source = src.path() + "/";
        probe.destination = dst.path();
        probe.options.stateDir = state.path();
        auto created = fg::Job::create(probe);
        if (!created && created.error().message.find("not built yet") != std::string::npos) {
            QSKIP("the sync engine is not built yet");
        }
        QVERIFY2(created.ok(), created.ok() ? "" : created.error().message.c_str());
        created.value().reset();

        fgui::MainWindow window; // the default factory: fg::Job::create
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        fillForm(window, QString::fromStdString(src.path() + "/"), QString::fromStdString(dst.path()));
        child<QLineEdit>(window, "stateDirEdit")->setText(QString::fromStdString(state.path()));
        click(window, "runButton");
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 60000);
        QVERIFY2(window.lastResult()->state == fg::JobState::Done,
                 qPrintable(window.summaryText() + QLatin1Char('\n') +
                            QString::fromStdString(window.lastResult()->fatal.message)));

        const auto& model = *window.fileModel();
        QCOMPARE(model.count(State::Done), 4);
        QCOMPARE(rowsInState(model, State::Done), model.rowCount());
        QVERIFY(window.chart()->plottedPoints() >= 1);
        QCOMPARE(window.progressBar()->value(), window.progressBar()->maximum());
        QVERIFY2(window.summaryText().contains(QStringLiteral("4 files transferred")), qPrintable(window.summaryText()));
        QVERIFY2(window.summaryText().contains(QStringLiteral("10 MB of data")), qPrintable(window.summaryText()));

        for (const auto& [rel, content] : files) {
            QVERIFY2(fgtest::exists(dst.sub(rel)), rel.c_str());
            QVERIFY2(fgtest::readFile(dst.sub(rel)) == content, rel.c_str());
        }

        // The run is in the history of the job's state directory, as the GUI's.
        window.historyWriter()->waitForIdle();
        auto history = fg::History::open(fg::History::pathIn(state.path()));
        QVERIFY2(history.ok(), history.ok() ? "" : history.error().message.c_str());
        auto runs = history->runs({}, 0);
        QVERIFY(runs.ok());
        QCOMPARE(runs->size(), size_t(1));
        const fg::RunRecord& run = runs->front();
        QCOMPARE(run.origin, std::string("gui"));
        QCOMPARE(run.state, std::string("done"));
        QCOMPARE(run.filesTransferred, uint64_t(4));
        QCOMPARE(run.source, src.path() + "/");
        QVERIFY2(run.command.find(dst.path()) != std::string::npos, run.command.c_str());
    }

    // More files than the file table keeps rows for (issue 22: jobs of
    // millions): the real engine through the window. The table rolls within
    // its rows and says so, every file is counted, the preview counts what it
    // does not list. (210,000 empty files: past both models' rows, and quick
    // to make.) With FG_UI_GRAB_DIR set, both are saved as PNGs to look at.
    void moreFilesThanRowsRollThroughTheWindow()
    {
        // 210,000 empty files made here; or, to try the window at the scale of
        // issue 22 by hand, a tree that exists already (FG_UI_MANY_SOURCE, with
        // its number of files in FG_UI_MANY_FILES) copied into FG_UI_MANY_DESTINATION
        // (a file system that can hold it: ten million tiny files want an ext4 with
        // inline_data, not this machine's /tmp).
        fgtest::ScratchDir scratchSrc("fgui-src"), scratchDst("fgui-dst"), state("fgui-state");
        const QString givenSource = qEnvironmentVariable("FG_UI_MANY_SOURCE");
        const int kFiles = givenSource.isEmpty() ? 210000 : qEnvironmentVariableIntValue("FG_UI_MANY_FILES");
        QVERIFY2(kFiles > 0, "FG_UI_MANY_FILES: how many files the tree in FG_UI_MANY_SOURCE holds");
        QString source = givenSource;
        QString destination = qEnvironmentVariable("FG_UI_MANY_DESTINATION");
        if (destination.isEmpty()) destination = QString::fromStdString(scratchDst.path());
        if (source.isEmpty()) {
            source = QString::fromStdString(scratchSrc.path() + "/");
            makeEmptyFiles(scratchSrc, kFiles);
            if (QTest::currentTestFailed()) return;
        }
        // The job may take minutes at full scale; it has to finish in proportion.
        const int minutes = std::max(4, kFiles / 20000);

        fgui::MainWindow window;
        window.resize(1100, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        fillForm(window, source, destination);
        child<QLineEdit>(window, "stateDirEdit")->setText(QString::fromStdString(state.path()));

        // A heartbeat on the GUI thread through the preview and the run: the
        // longest gap between beats is how long the window stood frozen.
        QElapsedTimer sinceBeat;
        qint64 worstGap = 0;
        QTimer heartbeat;
        heartbeat.setInterval(10);
        connect(&heartbeat, &QTimer::timeout, this, [&] { worstGap = std::max(worstGap, sinceBeat.restart()); });
        sinceBeat.start();
        heartbeat.start();

        QElapsedTimer took;
        took.start();
        click(window, "previewButton");
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), minutes * 60000);
        const qint64 previewMs = took.restart();
        const auto* plan = window.planModel();
        QCOMPARE(plan->count(fg::FileAction::Copy), kFiles);
        QCOMPARE(plan->rowCount(), fgui::PlanModel::kMaxRows);
        QVERIFY(plan->notShown() > 0);
        grab(window, QStringLiteral("preview-of-many.png"));
        const qint64 previewGap = worstGap;

        click(window, "runButton");
        // Mid-run the event loop keeps up: the status line moves.
        QTRY_VERIFY_WITH_TIMEOUT(window.fileModel()->count(State::Done) > 0, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), minutes * 60000);
        heartbeat.stop();
        qInfo("%d files: preview %.1f s, run %.1f s; the window stood still at most %lld ms in the preview and "
              "%lld ms in all; this process's peak resident memory %s",
              kFiles, previewMs / 1000.0, took.elapsed() / 1000.0, previewGap, worstGap, qPrintable(peakResident()));
        QVERIFY2(window.lastResult()->state == fg::JobState::Done,
                 qPrintable(window.summaryText() + QLatin1Char('\n') +
                            QString::fromStdString(window.lastResult()->fatal.message)));
        const auto& model = *window.fileModel();
        QVERIFY(model.rolling());
        QVERIFY2(model.rowCount() <= fgui::FileTableModel::kMaxRows + 5000, qPrintable(QString::number(model.rowCount())));
        QCOMPARE(model.totalFiles(), kFiles);
        QCOMPARE(model.count(State::Done), kFiles);
        const QString counts = child<QLabel>(window, "fileCounts")->text();
        QVERIFY2(counts.contains(QStringLiteral("too many to list")), qPrintable(counts));
        child<QTabWidget>(window, "tabs")->setCurrentIndex(0);
        QTest::qWait(200);
        grab(window, QStringLiteral("files-of-many.png"));
        // Generous for a loaded machine (a cancelled job's bound; 0.15 s seen in a
        // release build); under ASan everything is several times slower (1.0 s seen
        // in CI beside the other tests).
#if defined(__SANITIZE_ADDRESS__)
        constexpr qint64 kStallBoundMs = 3000;
#else
        constexpr qint64 kStallBoundMs = 750;
#endif
        QVERIFY2(worstGap < kStallBoundMs, qPrintable(QStringLiteral("GUI thread stalled for %1 ms").arg(worstGap)));
    }

    // Cancel during a slow job ends Cancelled, quickly, and the event loop never stalls.
    void cancelDuringASlowJob()
    {
        FakeFactory factory;
        factory.script = fgtest::makeScript(60, 600ull << 20);
        factory.script.bytesPerSec = 20ull << 20; // 30 s unless cancelled
        fgui::MainWindow window(factory.make());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        // A heartbeat on the GUI thread: the longest gap between beats is how long the
        // window was frozen.
        QElapsedTimer sinceBeat;
        qint64 worstGap = 0;
        QTimer heartbeat;
        heartbeat.setInterval(10);
        connect(&heartbeat, &QTimer::timeout, this, [&] {
            worstGap = std::max(worstGap, sinceBeat.restart());
        });
        sinceBeat.start();
        heartbeat.start();

        fillForm(window, QStringLiteral("/data/"), QStringLiteral("backup@nas:/volume1/data"));
        click(window, "runButton");
        QTRY_VERIFY_WITH_TIMEOUT(window.fileModel()->count(State::Active) > 0 && window.chart()->plottedPoints() >= 2,
                                 10000);
        click(window, "cancelButton");
        QVERIFY(factory.last->cancelCalled);
        QVERIFY(!child<QPushButton>(window, "cancelButton")->isEnabled());
        QVERIFY(window.statusText().startsWith(QStringLiteral("Cancelling")));

        QElapsedTimer sinceCancel;
        sinceCancel.start();
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 5000);
        QVERIFY(sinceCancel.elapsed() < 2000);
        heartbeat.stop();
        // 0.75 s: generous for a loaded machine, far below a frozen window (a blocking
        // wait on this job would be tens of seconds).
        QVERIFY2(worstGap < 750, qPrintable(QStringLiteral("GUI thread stalled for %1 ms").arg(worstGap)));

        QCOMPARE(window.lastResult()->state, fg::JobState::Cancelled);
        QVERIFY(window.summaryText().startsWith(QStringLiteral("Cancelled")));
        QVERIFY(window.statusText().startsWith(QStringLiteral("Cancelled after")));
        const auto& model = *window.fileModel();
        QCOMPARE(model.count(State::Active), 0);
        QCOMPARE(model.count(State::Queued), 0);
        QVERIFY(model.count(State::Stopped) > 0);
        QVERIFY(model.count(State::Skipped) > 0);
        QVERIFY(window.progressBar()->value() < window.progressBar()->maximum());
        QVERIFY(!window.isRunning());
        QVERIFY(child<QPushButton>(window, "runButton")->isEnabled());
    }

    void previewWithDeletionsAsksBeforeRun()
    {
        FakeFactory factory;
        factory.script = fgtest::makeScript(6, 6ull << 20);
        factory.script.plan.push_back({"old/stale.txt", fg::FileAction::Delete, 120, false});
        factory.script.plan.push_back({"old", fg::FileAction::Delete, 0, true});
        fgui::MainWindow window(factory.make());
        int asked = 0;
        bool answer = false;
        QString question;
        window.setConfirmHandler([&](const QString&, const QString& q, const QString&) {
            ++asked;
            question = q;
            return answer;
        });
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        fillForm(window, QStringLiteral("/src/"), QStringLiteral("/dst"));
        child<QCheckBox>(window, "deleteCheck")->setChecked(true);
        click(window, "previewButton");
        QVERIFY(factory.last->spec().options.transfer.dryRun);
        QVERIFY(factory.last->spec().options.transfer.deleteExtraneous);
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 10000);

        // The preview shows the plan, deletions in red, and changed nothing.
        QCOMPARE(child<QTabWidget>(window, "tabs")->currentIndex(), 1);
        const fgui::PlanModel& plan = *window.planModel();
        QCOMPARE(plan.count(fg::FileAction::Delete), 2);
        int deleteRow = -1;
        for (int row = 0; row < plan.rowCount(); ++row) {
            if (plan.data(plan.index(row, fgui::PlanModel::ActionColumn)).toString() == QStringLiteral("delete")) {
                deleteRow = row;
                break;
            }
        }
        QVERIFY(deleteRow >= 0);
        const QColor red = plan.data(plan.index(deleteRow, fgui::PlanModel::PathColumn), Qt::ForegroundRole)
                               .value<QBrush>()
                               .color();
        QVERIFY(red.red() > 150 && red.green() < 80);
        QVERIFY2(window.summaryText().contains(QStringLiteral("2 to delete")), qPrintable(window.summaryText()));
        QCOMPARE(window.fileModel()->count(State::Done), 0);
        QCOMPARE(asked, 0);

        // Run after that preview asks first; "no" starts nothing.
        const int callsBefore = factory.calls;
        click(window, "runButton");
        QCOMPARE(asked, 1);
        QVERIFY(question.contains(QStringLiteral("2 item")));
        QCOMPARE(factory.calls, callsBefore);
        QVERIFY(!window.isRunning());

        // "Yes" runs it.
        answer = true;
        click(window, "runButton");
        QCOMPARE(asked, 2);
        QCOMPARE(factory.calls, callsBefore + 1);
        QVERIFY(!factory.last->spec().options.transfer.dryRun);
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 10000);
        QCOMPARE(window.lastResult()->state, fg::JobState::Done);
        QVERIFY2(window.summaryText().contains(QStringLiteral("2 deleted")), qPrintable(window.summaryText()));
        // The planned deletion rows read as carried out.
        QCOMPARE(window.fileModel()->count(State::Done), window.fileModel()->rowCount());
    }

    void startFailureIsShown()
    {
        fgui::MainWindow window([](fg::JobSpec) -> fg::Result<std::unique_ptr<fg::Job>> {
            return fg::Error(fg::Errc::NotPaired, "nas:7878 does not know this computer: pair first");
        });
        window.show();
        fillForm(window, QStringLiteral("/src/"), QStringLiteral("floodgate://nas/photos"));
        click(window, "runButton");
        QVERIFY(!window.isRunning());
        QVERIFY(window.summaryText().startsWith(QStringLiteral("Could not start")));
        QVERIFY(window.summaryText().contains(QStringLiteral("pair first")));
        QVERIFY(child<QPushButton>(window, "runButton")->isEnabled());
    }

    // A preview that fails (here: before it could plan anything) shows a failed bar,
    // not a full one; so does a run that fails after planning.
    void failedJobShowsAFailedBar()
    {
        FakeFactory factory;
        factory.script = fgtest::makeScript(12, 12ull << 20);
        factory.script.fatal = fg::Error(fg::Errc::Network, "could not connect to nas:7878: Connection refused");
        fgui::MainWindow window(factory.make());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        fillForm(window, QStringLiteral("/src/"), QStringLiteral("floodgate://nas:7878/photos/"));
        click(window, "previewButton");
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 10000);
        QCOMPARE(window.lastResult()->state, fg::JobState::Failed);
        QProgressBar* bar = window.progressBar();
        QVERIFY2(bar->value() < bar->maximum(), qPrintable(QString::number(bar->value())));
        QCOMPARE(bar->text(), QStringLiteral("Failed"));
        QVERIFY(window.summaryText().startsWith(QStringLiteral("Failed: could not connect")));
        QVERIFY(!child<QWidget>(window, "pairPanel")->isVisible()); // not a pairing matter

        // The next job's bar counts again.
        factory.script.fatal.reset();
        click(window, "previewButton");
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 10000);
        QCOMPARE(window.lastResult()->state, fg::JobState::Done);
        QCOMPARE(bar->value(), bar->maximum());
        QCOMPARE(bar->text(), QStringLiteral("100 %"));

        // Failing where it would finish, after the plan: the bar says so too.
        factory.script.fatal = fg::Error(fg::Errc::Io, "fsync failed: Input/output error", EIO);
        factory.script.failIn = fg::JobState::Finishing;
        click(window, "runButton");
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 10000);
        QCOMPARE(window.lastResult()->state, fg::JobState::Failed);
        QVERIFY(bar->text().startsWith(QStringLiteral("Failed")));
    }

    // A 600-character error wraps in the status line and the summary; the window
    // keeps its width.
    void longErrorWrapsInsteadOfWideningTheWindow()
    {
        std::string message = unpairedMessage("backup-server.example.org:7878");
        while (message.size() < 600) message += " and then some more words that explain it";
        message.resize(600);
        FakeFactory factory;
        factory.script = fgtest::makeScript(4, 4ull << 20);
        factory.script.fatal = fg::Error(fg::Errc::Protocol, message);
        fgui::MainWindow window(factory.make());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const int width = window.width();
        fillForm(window, QStringLiteral("/src/"), QStringLiteral("floodgate://backup-server.example.org/b/"));
        click(window, "runButton");
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 10000);
        QCOMPARE(window.lastResult()->state, fg::JobState::Failed);
        settleLayouts(&window);

        QVERIFY2(window.minimumSizeHint().width() < 900, qPrintable(QString::number(window.minimumSizeHint().width())));
        QCOMPARE(window.width(), width);
        const QString text = QString::fromStdString(message);
        auto* status = child<QLabel>(window, "statusLine");
        auto* title = child<QLabel>(window, "summaryTitle");
        // Said once, in the summary; the status line says what happened, short.
        QVERIFY2(status->text().startsWith(QStringLiteral("Failed after")), qPrintable(status->text()));
        QVERIFY(!status->text().contains(text));
        QVERIFY(title->text().contains(text));
        for (QLabel* label : {status, title}) {
            QVERIFY2(showsAllOf(label), qPrintable(label->objectName() + QStringLiteral(": %1 px high, %2 needed")
                                                                          .arg(label->height())
                                                                          .arg(label->heightForWidth(label->width()))));
            QVERIFY(label->width() < 900);
        }

        // Narrow, it wraps into more lines and still shows all of it.
        window.resize(820, window.height());
        settleLayouts(&window);
        QVERIFY(window.width() <= 820);
        for (QLabel* label : {status, title}) {
            QVERIFY2(showsAllOf(label), qPrintable(label->objectName() + QStringLiteral(": %1 px high, %2 needed")
                                                                          .arg(label->height())
                                                                          .arg(label->heightForWidth(label->width()))));
        }
    }

    // With every section open, the form fits the sidebar at its narrowest: the
    // scroll area has no horizontal bar, so anything wider would be cut off.
    void formFitsTheNarrowestSidebar()
    {
        fgui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* split = qobject_cast<QSplitter*>(window.centralWidget());
        QVERIFY(split);
        split->setSizes({0, 4000}); // the form as narrow as it goes
        fillForm(window, QStringLiteral("/home/ann/Pictures/"), QStringLiteral("floodgate://nas:7878/photos/"));
        child<QCheckBox>(window, "deleteCheck")->setChecked(true);
        child<QCheckBox>(window, "limitDeletionsCheck")->setChecked(true);
        child<QCheckBox>(window, "removeSourceCheck")->setChecked(true);
        child<QCheckBox>(window, "backupCheck")->setChecked(true); // its folder and suffix rows
        child<QCheckBox>(window, "timesCheck")->setChecked(false); // and the hint that comes with it
        // The longest texts the new settings show: the -b/--inplace conflict, the
        // append hint, and the timeouts' hints with values set.
        child<QCheckBox>(window, "inPlaceCheck")->setChecked(true);
        child<QCheckBox>(window, "appendVerifyCheck")->setChecked(true);
        child<QCheckBox>(window, "copyLinksCheck")->setChecked(true);
        child<QSpinBox>(window, "ioTimeoutSpin")->setValue(int(fg::kMaxTimeoutSec));
        child<QSpinBox>(window, "connectTimeoutSpin")->setValue(int(fg::kMaxTimeoutSec));
        for (const char* toggle : {"whichFilesToggle", "metadataToggle", "backupsToggle", "advancedToggle"}) {
            child<QToolButton>(window, toggle)->setChecked(true);
        }
        QTest::qWait(50);
        QWidget* form = window.form();
        QWidget* viewport = form->parentWidget();
        const int windowWidth = window.width();
        auto fits = [&](const char* state) {
            settleLayouts(form);
            QVERIFY2(form->minimumSizeHint().width() <= viewport->width(),
                     qPrintable(QStringLiteral("%1: the form needs %2 px, the sidebar shows %3")
                                    .arg(QLatin1String(state))
                                    .arg(form->minimumSizeHint().width())
                                    .arg(viewport->width())));
            QCOMPARE(window.width(), windowWidth);
            // Nothing drawn past the form's right edge: every visible field, label and
            // check box ends inside the viewport, and wrapped labels get their height.
            for (QWidget* w : form->findChildren<QWidget*>()) {
                if (!w->isVisibleTo(form) || w->width() == 0) continue;
                const QRect r(w->mapTo(form, QPoint(0, 0)), w->size());
                QVERIFY2(r.right() < viewport->width(),
                         qPrintable(QStringLiteral("%1: %2 (%3) ends at %4, the sidebar at %5")
                                        .arg(QLatin1String(state), w->objectName(),
                                             QString::fromLatin1(w->metaObject()->className()))
                                        .arg(r.right())
                                        .arg(viewport->width())));
                if (auto* label = qobject_cast<QLabel*>(w); label && label->wordWrap() && !label->text().isEmpty()) {
                    QVERIFY2(showsAllOf(label), qPrintable(label->text()));
                }
            }
        };
        fits("the -b conflict");
        if (QTest::currentTestFailed()) return;
        // A refused --partial-dir says so under its field (and the in-place box then
        // only warns). A long value the message quotes, one word with no place to
        // break, is clipped at the edge rather than widening the form (here and in
        // the chmod hint); the rest of the message wraps.
        auto* scroll = qobject_cast<QScrollArea*>(viewport->parentWidget());
        QVERIFY(scroll);
        auto* partialDir = child<QLineEdit>(window, "partialDirEdit");
        for (const QString& bad : {QStringLiteral("../x"), QStringLiteral("../") + QString(120, QLatin1Char('p'))}) {
            partialDir->setText(bad);
            QTest::qWait(50);
            fits("a refused partial folder");
            if (QTest::currentTestFailed()) return;
            scroll->ensureWidgetVisible(child<QWidget>(window, "partialDirHint"));
            QTest::qWait(50);
            grab(window, QStringLiteral("narrowest-sidebar-partial-dir-%1.png").arg(bad.size()));
        }
        partialDir->clear();
        auto* chmod = child<QLineEdit>(window, "chmodEdit");
        chmod->setText(QStringLiteral("D") + QString(120, QLatin1Char('7')));
        QTest::qWait(50);
        fits("a long refused chmod");
        if (QTest::currentTestFailed()) return;
        chmod->clear();
        scroll->verticalScrollBar()->setValue(0);
        QTest::qWait(50);
        grab(window, QStringLiteral("narrowest-sidebar.png"));
        // Taller than the window with everything open: the sidebar scrolls to its end.
        QVERIFY(scroll->verticalScrollBar()->maximum() > 0);
        scroll->ensureWidgetVisible(child<QWidget>(window, "stateDirEdit"));
        QTest::qWait(50);
        QVERIFY(scroll->verticalScrollBar()->value() > 0);
        grab(window, QStringLiteral("narrowest-sidebar-end.png"));
        for (int step : {1, 2, 3}) {
            scroll->verticalScrollBar()->setValue(scroll->verticalScrollBar()->maximum() * step / 4);
            QTest::qWait(50);
            grab(window, QStringLiteral("narrowest-sidebar-%1.png").arg(step));
        }
    }

    // A preview lists the files a run would not write, name collisions above all:
    // the engine reports them as per-file errors (Errc::NameCollision) during a
    // dry run, not as plan items. Each gets a red row with its message, and the
    // headline counts them as problems.
    void previewListsNameCollisions()
    {
        FakeFactory factory;
        factory.script = fgtest::makeScript(6, 6ull << 20);
        const std::string message = "not written: 'Report.txt' and 'report.txt' would be one name on the destination "
                                    "(vfat), which ignores case; neither was written";
        factory.script.planErrors = {
            {"docs/Report.txt", fg::Error(fg::Errc::NameCollision, message)},
            {"docs/report.txt", fg::Error(fg::Errc::NameCollision, message)},
        };
        fgui::MainWindow window(factory.make());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        fillForm(window, QStringLiteral("/src/"), QStringLiteral("/media/usb/backup"));
        click(window, "previewButton");
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 10000);
        QCOMPARE(window.lastResult()->state, fg::JobState::Done);

        const fgui::PlanModel& plan = *window.planModel();
        QCOMPARE(plan.rowCount(), int(factory.script.plan.size()) + 2);
        QCOMPARE(plan.problemCount(), 2);
        QCOMPARE(plan.collisionCount(), 2);
        QStringList problemPaths;
        for (int row = 0; row < plan.rowCount(); ++row) {
            if (!plan.isProblem(row)) continue;
            QCOMPARE(plan.data(plan.index(row, fgui::PlanModel::ActionColumn)).toString(), QStringLiteral("name collision"));
            const QString path = plan.data(plan.index(row, fgui::PlanModel::PathColumn)).toString();
            QVERIFY2(path.contains(QStringLiteral("would be one name")), qPrintable(path));
            problemPaths << path.section(QStringLiteral(" \u2014 "), 0, 0);
            for (int column : {int(fgui::PlanModel::ActionColumn), int(fgui::PlanModel::PathColumn)}) {
                const QColor c = plan.data(plan.index(row, column), Qt::ForegroundRole).value<QBrush>().color();
                QVERIFY2(c.red() > 150 && c.green() < 80, qPrintable(c.name()));
            }
            QVERIFY(plan.data(plan.index(row, fgui::PlanModel::ActionColumn), Qt::ToolTipRole)
                        .toString()
                        .contains(QStringLiteral("would be one name")));
            QVERIFY(plan.data(plan.index(row, 0), fgui::PlanModel::ProblemRole).toBool());
        }
        // Above the plan, where a long preview cannot hide them.
        QVERIFY(plan.isProblem(0) && plan.isProblem(1) && !plan.isProblem(2));
        QVERIFY(!plan.data(plan.index(2, 0), fgui::PlanModel::ProblemRole).toBool());
        QCOMPARE(problemPaths, (QStringList{QStringLiteral("docs/Report.txt"), QStringLiteral("docs/report.txt")}));
        // Counted as problems where the preview sums up, and the tab turns red.
        QVERIFY2(plan.summary().endsWith(QStringLiteral("2 problems")), qPrintable(plan.summary()));
        const QString headline = child<QLabel>(window, "planHeadline")->text();
        QVERIFY2(headline.contains(QStringLiteral("2 problems")), qPrintable(headline));
        QVERIFY2(headline.contains(QStringLiteral("2 files would not be written")), qPrintable(headline));
        QVERIFY2(window.statusText().contains(QStringLiteral("2 problems")), qPrintable(window.statusText()));
        auto* tabs = child<QTabWidget>(window, "tabs");
        QCOMPARE(tabs->tabBar()->tabTextColor(tabIndex(window, QStringLiteral("Preview"))), QColor(0xc6, 0x28, 0x28));
        QVERIFY2(window.summaryText().contains(QStringLiteral("2 errors")), qPrintable(window.summaryText()));
        grab(window, QStringLiteral("preview-name-collisions.png"));

        // The next preview without them starts clean.
        factory.script.planErrors.clear();
        click(window, "previewButton");
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 10000);
        QCOMPARE(window.planModel()->problemCount(), 0);
        QCOMPARE(window.planModel()->rowCount(), int(factory.script.plan.size()));
        QVERIFY(!child<QLabel>(window, "planHeadline")->text().contains(QStringLiteral("problem")));
    }

    // Only collisions, nothing else to do: the preview must not say "up to date".
    void previewWithOnlyCollisionsIsNotUpToDate()
    {
        FakeFactory factory;
        factory.script.planErrors = {
            {"A.txt", fg::Error(fg::Errc::NameCollision, "not written: 'A.txt' and 'a.txt' would be one name")},
            {"a.txt", fg::Error(fg::Errc::NameCollision, "not written: 'a.txt' and 'A.txt' would be one name")},
            {"", fg::Error(fg::Errc::Io, "a job-wide error, not a file's")},
        };
        fgui::MainWindow window(factory.make());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        fillForm(window, QStringLiteral("/src/"), QStringLiteral("/media/usb/backup"));
        click(window, "previewButton");
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 10000);
        QCOMPARE(window.planModel()->rowCount(), 2); // the error without a path is the summary's
        const QString headline = child<QLabel>(window, "planHeadline")->text();
        QVERIFY2(!headline.contains(QStringLiteral("up to date")), qPrintable(headline));
        QVERIFY2(headline.contains(QStringLiteral("2 problems")), qPrintable(headline));
    }

    // The same through the real engine onto a FAT image, which ignores case: the
    // preview lists both names of each pair (skipped where FAT cannot be mounted).
    void previewListsRealNameCollisionsOnFat()
    {
        fgtest::ScratchDir s("fgui-fat");
        fgtest::FuseMount usb(fgtest::FuseMount::Kind::Fat, s.path());
        if (!usb.ok()) QSKIP(qPrintable(usb.why()));
        fgtest::writeFile(s.sub("src/Notes.txt"), "upper");
        fgtest::writeFile(s.sub("src/notes.txt"), "lower");
        fgtest::writeFile(s.sub("src/keep.txt"), "keep");
        fgtest::ScratchDir state("fgui-state");
        fgui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        fillForm(window, QString::fromStdString(s.sub("src/")), QString::fromStdString(usb.sub("backup")));
        child<QLineEdit>(window, "stateDirEdit")->setText(QString::fromStdString(state.path()));
        click(window, "previewButton");
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 60000);
        const fgui::PlanModel& plan = *window.planModel();
        QVERIFY2(plan.collisionCount() == 2, qPrintable(window.summaryText()));
        QStringList paths;
        for (int row = 0; row < plan.rowCount(); ++row) {
            const QString text = plan.data(plan.index(row, fgui::PlanModel::PathColumn)).toString();
            if (plan.isProblem(row)) paths << text.section(QStringLiteral(" \u2014 "), 0, 0);
            else QVERIFY2(!text.contains(QStringLiteral("otes.txt")), qPrintable(text)); // not planned as well
        }
        paths.sort();
        QCOMPARE(paths, (QStringList{QStringLiteral("Notes.txt"), QStringLiteral("notes.txt")}));
        QVERIFY(plan.count(fg::FileAction::Copy) >= 1); // keep.txt still goes
        QVERIFY(child<QLabel>(window, "planHeadline")->text().contains(QStringLiteral("would not be written")));
        QVERIFY(!fgtest::exists(usb.sub("backup"))); // a preview writes nothing
        grab(window, QStringLiteral("preview-name-collisions-fat.png"));
    }

    // Names an exFAT drive cannot hold: the preview lists them, red, and
    // offers the look-alikes; one click previews again with them, and the
    // plan shows what each name becomes. Nothing is written by either.
    void previewOffersLookAlikesForNamesThatDoNotFit()
    {
        fgtest::ScratchDir s("fgui-exfat");
        fgtest::FuseMount usb(fgtest::FuseMount::Kind::ExFat, s.path());
        if (!usb.ok()) QSKIP(qPrintable(usb.why()));
        fgtest::writeFile(s.sub("src/a:b.txt"), "colon");
        fgtest::writeFile(s.sub("src/CON"), "device");
        fgtest::writeFile(s.sub("src/keep.txt"), "keep");
        fgtest::ScratchDir state("fgui-state");
        fgui::MainWindow window;
        window.resize(1100, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        fillForm(window, QString::fromStdString(s.sub("src/")), QString::fromStdString(usb.sub("backup")));
        child<QLineEdit>(window, "stateDirEdit")->setText(QString::fromStdString(state.path()));
        click(window, "previewButton");
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 60000);
        const fgui::PlanModel& plan = *window.planModel();
        QVERIFY2(plan.nameProblemCount() == 2 && plan.problemCount() == 2, qPrintable(window.summaryText()));
        for (int row : {0, 1})
            QCOMPARE(plan.data(plan.index(row, fgui::PlanModel::ActionColumn)).toString(),
                     QStringLiteral("name not allowed"));
        auto* headline = child<QLabel>(window, "planHeadline");
        QVERIFY2(headline->text().contains(QStringLiteral("cannot hold their names"))
                     && headline->text().contains(QStringLiteral("href=\"name-mapping:map\"")),
                 qPrintable(headline->text()));
        settleLayouts(&window);
        grab(window, QStringLiteral("preview-names-not-allowed.png"));

        Q_EMIT headline->linkActivated(QStringLiteral("name-mapping:map"));
        auto planned = [&] {
            QStringList paths;
            for (int row = 0; row < plan.rowCount(); ++row)
                paths << plan.data(plan.index(row, fgui::PlanModel::PathColumn)).toString();
            return paths;
        };
        // The second preview's plan, in full, and the form free again.
        QTRY_VERIFY2_WITH_TIMEOUT(planned().contains(QStringLiteral("a\uFF1Ab.txt"))
                                      && planned().contains(QStringLiteral("\uFF23ON"))
                                      && planned().contains(QStringLiteral("keep.txt"))
                                      && child<QLineEdit>(window, "sourceEdit")->isEnabled(),
                                  qPrintable(planned().join(QStringLiteral(" | "))), 60000);
        QCOMPARE(window.planModel()->problemCount(), 0);
        QVERIFY(!headline->text().contains(QStringLiteral("look-alikes instead")));
        QVERIFY(!fgtest::exists(usb.sub("backup")));
        settleLayouts(&window);
        grab(window, QStringLiteral("preview-names-mapped.png"));
    }

    // Not paired: the window asks for the code right there, pairs off the GUI thread
    // and offers the job again.
    void pairsFromTheWindowAndRunsAgain()
    {
        FakeFactory factory;
        factory.script = fgtest::makeScript(6, 6ull << 20);
        factory.script.fatal = fg::Error(fg::Errc::NotPaired, unpairedMessage("nas:7879"));
        fgui::MainWindow window(factory.make());
        FakePairing pairing;
        window.setPairFunction(pairing.make(std::this_thread::get_id()));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* panel = child<QWidget>(window, "pairPanel");
        auto* code = child<QLineEdit>(window, "pairCodeEdit");
        auto* pair = child<QPushButton>(window, "pairButton");
        auto* status = child<QLabel>(window, "pairStatus");
        auto* rerun = child<QPushButton>(window, "rerunButton");
        QVERIFY(!panel->isVisible());

        fillForm(window, QStringLiteral("/src/"), QStringLiteral("floodgate://nas:7879/photos/"));
        child<QLineEdit>(window, "stateDirEdit")->setText(QStringLiteral("/tmp/fg-pair-state"));
        click(window, "runButton");
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 10000);
        QCOMPARE(window.lastResult()->fatal.code, fg::Errc::NotPaired);
        // Said short above the panel; the daemon's words in full in the log.
        QCOMPARE(child<QLabel>(window, "summaryTitle")->text(),
                 QStringLiteral("Failed: this computer is not paired with nas:7879"));
        QVERIFY(child<QPlainTextEdit>(window, "logView")->toPlainText().contains(
            QString::fromStdString(unpairedMessage("nas:7879"))));
        QVERIFY(panel->isVisible());
        QVERIFY2(child<QLabel>(window, "pairPrompt")->text().contains(QStringLiteral("nas:7879")),
                 qPrintable(child<QLabel>(window, "pairPrompt")->text()));
        QVERIFY(!pair->isEnabled()); // no code yet
        QVERIFY(!rerun->isVisible());

        QTest::keyClicks(code, QStringLiteral("K7QPM-3XWRT"));
        QVERIFY(pair->isEnabled());
        click(window, "pairButton");
        QTRY_VERIFY_WITH_TIMEOUT(status->text().startsWith(QStringLiteral("Paired with nas:7879")), 5000);
        {
            std::lock_guard lock(pairing.mutex);
            QCOMPARE(pairing.calls, 1);
            QVERIFY2(!pairing.onGuiThread, "pairing blocks the GUI thread");
            QCOMPARE(pairing.host, std::string("nas"));
            QCOMPARE(pairing.port, uint16_t(7879));
            QCOMPARE(pairing.code, std::string("K7QPM-3XWRT"));
            QCOMPARE(pairing.stateDir, std::string("/tmp/fg-pair-state"));
        }
        QVERIFY(status->text().contains(QStringLiteral("SHA256:server-fingerprint")));
        QVERIFY(rerun->isVisible());
        QCOMPARE(rerun->text(), QStringLiteral("Run again"));

        // Paired now, the job runs.
        factory.script.fatal.reset();
        const int calls = factory.calls;
        click(window, "rerunButton");
        QCOMPARE(factory.calls, calls + 1);
        QVERIFY(!factory.last->spec().options.transfer.dryRun);
        QVERIFY(!panel->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 10000);
        QCOMPARE(window.lastResult()->state, fg::JobState::Done);
        QVERIFY(!panel->isVisible());
    }

    // A wrong code is said plainly, and the code can be typed again.
    void wrongPairingCodeIsSaid()
    {
        FakeFactory factory;
        factory.script = fgtest::makeScript(6, 6ull << 20);
        factory.script.fatal = fg::Error(fg::Errc::NotPaired, unpairedMessage("nas:7878"));
        fgui::MainWindow window(factory.make());
        FakePairing pairing;
        pairing.answer = fg::Error(fg::Errc::AuthFailed, "the server refused to pair: wrong pairing code: use the code "
                                                         "`floodgate serve` printed (codes are single-use)");
        window.setPairFunction(pairing.make(std::this_thread::get_id()));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        fillForm(window, QStringLiteral("/src/"), QStringLiteral("floodgate://nas/photos/"));
        click(window, "previewButton");
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 10000);
        auto* code = child<QLineEdit>(window, "pairCodeEdit");
        auto* status = child<QLabel>(window, "pairStatus");
        QVERIFY(child<QWidget>(window, "pairPanel")->isVisible());
        code->setText(QStringLiteral("WRONG-CODE1"));
        QTest::keyClick(code, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(status->text().startsWith(QStringLiteral("Wrong pairing code")), 5000);
        QVERIFY(status->text().contains(QStringLiteral("nas:7878")));
        QVERIFY(status->styleSheet().contains(QStringLiteral("#c62828")));
        {
            std::lock_guard lock(pairing.mutex);
            QCOMPARE(pairing.calls, 1);
            QVERIFY(!pairing.onGuiThread);
            QCOMPARE(pairing.port, fg::kDefaultPort);
            QCOMPARE(pairing.stateDir, fg::defaultStateDir()); // the form leaves it empty
        }
        QVERIFY(!child<QPushButton>(window, "rerunButton")->isVisible());
        QVERIFY(code->isEnabled());
        QVERIFY(child<QPushButton>(window, "pairButton")->isEnabled());

        // Any other failure in the core's words, a changed server identity above all.
        {
            std::lock_guard lock(pairing.mutex);
            pairing.answer = fg::Error(fg::Errc::Network, "could not connect to nas:7878: Connection refused");
        }
        click(window, "pairButton");
        QTRY_VERIFY_WITH_TIMEOUT(status->text().startsWith(QStringLiteral("Pairing failed: could not connect")), 5000);

        // Right code: a preview failed, so it offers the preview again.
        {
            std::lock_guard lock(pairing.mutex);
            pairing.answer = std::string("SHA256:server-fingerprint");
        }
        click(window, "pairButton");
        QTRY_VERIFY_WITH_TIMEOUT(child<QPushButton>(window, "rerunButton")->isVisible(), 5000);
        QCOMPARE(child<QPushButton>(window, "rerunButton")->text(), QStringLiteral("Preview again"));
        factory.script.fatal.reset();
        click(window, "rerunButton");
        QVERIFY(factory.last->spec().options.transfer.dryRun);
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 10000);
    }

    // Refused before the job starts (the factory says not paired): pairing is offered too.
    void notPairedAtStartOffersPairing()
    {
        fgui::MainWindow window([](fg::JobSpec) -> fg::Result<std::unique_ptr<fg::Job>> {
            return fg::Error(fg::Errc::NotPaired, unpairedMessage("nas:7878"));
        });
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        fillForm(window, QStringLiteral("/src/"), QStringLiteral("floodgate://nas/photos"));
        click(window, "runButton");
        QVERIFY(child<QWidget>(window, "pairPanel")->isVisible());
        QCOMPARE(window.progressBar()->text(), QStringLiteral("Failed"));
    }

    // A floodgate:// job with four data connections, the last opening mid-job as
    // auto does: a line per stream on the chart, a row per stream in the Streams tab.
    void streamsOnTheChartAndTheStreamsTab()
    {
        FakeFactory factory;
        factory.script = fgtest::makeScript(200, 180ull << 20, 3);
        factory.script.bytesPerSec = 60ull << 20; // three seconds
        factory.script.dataStreamStarts = {0, 0, 0, 1.5};
        fgui::MainWindow window(factory.make());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(tabIndex(window, QStringLiteral("Streams")), 2);
        QVERIFY(window.streamsEmptyText().contains(QStringLiteral("floodgate://")));

        fillForm(window, QStringLiteral("/home/ann/Pictures/"), QStringLiteral("floodgate://nas:7878/photos/"));
        child<QLineEdit>(window, "chunkSizeEdit")->setText(QStringLiteral("16M"));
        click(window, "runButton");
        QCOMPARE(factory.last->spec().options.transfer.chunkSize, uint64_t(16) << 20);

        const fgui::ThroughputChart& chart = *window.chart();
        QTRY_VERIFY_WITH_TIMEOUT(chart.streamLineCount() == 3, 10000);
        QCOMPARE(chart.streamLegendText(), QStringLiteral("3 streams"));
        QCOMPARE(window.streamModel()->rowCount(), 3);
        QCOMPARE(child<QStackedWidget>(window, "streamsTab")->currentIndex(), 1); // the table, not the empty text
        // The fourth opens mid-job and gets its own line from then on.
        QTRY_VERIFY_WITH_TIMEOUT(chart.streamLineCount() == 4, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 20000);
        QCOMPARE(window.lastResult()->state, fg::JobState::Done);

        QCOMPARE(chart.streamLegendText(), QStringLiteral("4 streams"));
        QVERIFY2(chart.streamPoints(0) >= 6, qPrintable(QString::number(chart.streamPoints(0))));
        QVERIFY(chart.streamPoints(3) > 0);
        QVERIFY(chart.streamPoints(3) < chart.streamPoints(0));
        QVERIFY2(chart.streamFirstPoint(3).x() > chart.streamFirstPoint(0).x() + 1.0,
                 qPrintable(QStringLiteral("%1 vs %2").arg(chart.streamFirstPoint(3).x()).arg(chart.streamFirstPoint(0).x())));
        // Each stream carries a share: well above zero, below the whole.
        const double firstStream = chart.streamFirstPoint(0).y();
        QVERIFY2(firstStream > 2 && firstStream < 60, qPrintable(QString::number(firstStream)));

        const fgui::StreamTableModel& streams = *window.streamModel();
        QCOMPARE(streams.rowCount(), 4);
        using C = fgui::StreamTableModel;
        for (int row = 0; row < 4; ++row) {
            QCOMPARE(streams.data(streams.index(row, C::StreamColumn)).toString(), QStringLiteral("stream %1").arg(row + 1));
            QCOMPARE(streams.data(streams.index(row, C::CongestionColumn)).toString(), QStringLiteral("bbr"));
            QVERIFY(streams.data(streams.index(row, C::RttColumn)).toString().endsWith(QStringLiteral(" ms")));
            QVERIFY(streams.data(streams.index(row, C::BytesColumn)).toString().endsWith(QStringLiteral("MB")));
        }
    }

    void localJobsHaveOneStream()
    {
        FakeFactory factory;
        factory.script = fgtest::makeScript(20, 20ull << 20);
        fgui::MainWindow window(factory.make());
        window.show();
        fillForm(window, QStringLiteral("/src/"), QStringLiteral("/dst"));
        QVERIFY(!child<QWidget>(window, "streamsSpin")->isEnabled());
        click(window, "runButton");
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 10000);
        QCOMPARE(window.streamsEmptyText(), QStringLiteral("One stream: local and ssh jobs do not open data connections."));
        QCOMPARE(child<QStackedWidget>(window, "streamsTab")->currentIndex(), 0);
        QCOMPARE(window.chart()->streamLineCount(), 0);
        QVERIFY(window.chart()->streamLegendText().isEmpty());
    }

    // A bad setting blocks Run and says why, next to the field.
    void badTransferSettingBlocksRun()
    {
        FakeFactory factory;
        factory.script = fgtest::makeScript(4, 4ull << 20);
        fgui::MainWindow window(factory.make());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        fillForm(window, QStringLiteral("/src/"), QStringLiteral("floodgate://nas/backup/"));
        QVERIFY(child<QPushButton>(window, "runButton")->isEnabled());

        child<QLineEdit>(window, "chunkSizeEdit")->setText(QStringLiteral("100k"));
        QVERIFY(!child<QPushButton>(window, "runButton")->isEnabled());
        QVERIFY(!child<QPushButton>(window, "previewButton")->isEnabled());
        auto* chunkHint = child<QLabel>(window, "chunkSizeHint");
        QVERIFY(chunkHint->isVisible());
        QVERIFY(chunkHint->text().contains(QStringLiteral("1M to 4G")));
        child<QLineEdit>(window, "chunkSizeEdit")->setText(QStringLiteral("8M"));
        QVERIFY(child<QPushButton>(window, "runButton")->isEnabled());

        child<QLineEdit>(window, "bwlimitEdit")->setText(QStringLiteral("Mon-Fri 8-18 20M, 100M"));
        QVERIFY(!child<QPushButton>(window, "runButton")->isEnabled());
        auto* rateHint = child<QLabel>(window, "bwlimitHint");
        QVERIFY(rateHint->isVisible());
        QVERIFY2(rateHint->text().startsWith(QStringLiteral("Cannot read")), qPrintable(rateHint->text()));
        // runSpec (the demo's path) with the field still wrong starts nothing and says why.
        window.run();
        QCOMPARE(factory.calls, 0);
        QVERIFY2(window.statusText().startsWith(QStringLiteral("Bandwidth limit: cannot read")), qPrintable(window.statusText()));

        child<QLineEdit>(window, "bwlimitEdit")->setText(QStringLiteral("Mon-Fri 08:00-18:00 20M, 100M"));
        QVERIFY(child<QPushButton>(window, "runButton")->isEnabled());
        click(window, "runButton");
        QCOMPARE(factory.last->spec().options.bwlimit.rules.size(), size_t(2));
        QCOMPARE(factory.last->spec().options.transfer.chunkSize, uint64_t(8) << 20);
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 10000);
    }

    // Not a check: with FG_UI_GRAB_DIR set, saves PNGs of the window mid-transfer, at
    // the end and in a preview, for a person to look at.
    // The saved jobs above the form: the CLI's store; choosing fills the
    // form; Save keeps what the form does not show; Save as copies without
    // the schedule; Delete asks; a run from a job is recorded under its name.
    void savedJobsShareTheCliStore()
    {
        fgtest::ScratchDir dir("fgui-jobs");
        const fg::JobStore store(dir.sub("jobs"));
        fgtest::writeFile(dir.sub("list.txt"), "a.txt\n");
        const std::vector<std::string> cliArgs = {"--progress", "--files-from=" + dir.sub("list.txt"), "--bwlimit=20M",
                                                  "/home/ann/Pictures/", "floodgate://nas:7878/photos/"};
        QVERIFY(store.add({"photos", cliArgs, "daily 02:00"}));

        FakeFactory factory;
        factory.script = fgtest::makeScript(5, 1ull << 20);
        fgui::MainWindow window(factory.make());
        fgui::SavedJobsPanel* jobs = window.savedJobs();
        jobs->setStore(store);
        QStringList asked;
        jobs->setNameAsker([&](const QString&, const QString&, const QString& suggestion) -> std::optional<QString> {
            asked << suggestion;
            return QStringLiteral("photos to usb");
        });
        bool confirmDelete = false;
        jobs->setConfirm([&](const QString&, const QString&, const QString&) { return confirmDelete; });
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(jobs->jobCount(), 1);
        QVERIFY(!child<QToolButton>(window, "saveJobButton")->isEnabled()); // nothing chosen

        QVERIFY(jobs->choose(QStringLiteral("photos")));
        QCOMPARE(child<QLineEdit>(window, "sourceEdit")->text(), QStringLiteral("/home/ann/Pictures/"));
        QCOMPARE(child<QLineEdit>(window, "bwlimitEdit")->text(), QStringLiteral("20M"));

        // Saved unchanged: the job's own words, whatever the form could show.
        QVERIFY(jobs->save());
        QVERIFY(store.load("photos")->syncArgs == cliArgs);
        QCOMPARE(store.load("photos")->schedule, std::string("daily 02:00"));

        // Changed: the form's options, and what it does not hold kept.
        child<QCheckBox>(window, "deleteCheck")->setChecked(true);
        QVERIFY2(jobs->save(), qPrintable(jobs->problem()));
        const std::vector<std::string> saved = store.load("photos")->syncArgs;
        auto has = [&](const std::string& word) { return std::find(saved.begin(), saved.end(), word) != saved.end(); };
        QVERIFY(has("--delete"));
        QVERIFY(has("--progress"));
        QVERIFY(has("--files-from=" + dir.sub("list.txt")));
        QVERIFY(has("--bwlimit=20M"));
        QCOMPARE(saved.back(), std::string("floodgate://nas:7878/photos/"));

        // Save as: a copy under a new name, without the schedule.
        QVERIFY2(jobs->saveAs(), qPrintable(jobs->problem()));
        QCOMPARE(asked, QStringList{QStringLiteral("photos (copy)")});
        QCOMPARE(jobs->jobCount(), 2);
        QCOMPARE(jobs->currentJob(), QStringLiteral("photos to usb"));
        QVERIFY(store.load("photos to usb")->schedule.empty());

        // A run from the chosen job is the job's in the history.
        click(window, "runButton");
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 20000);
        window.historyWriter()->waitForIdle();
        auto history = fg::History::open(fg::History::pathIn({}));
        QVERIFY(history.ok());
        auto runs = history->runs("photos to usb", 0);
        QVERIFY(runs.ok());
        QCOMPARE(runs->size(), size_t(1));
        QCOMPARE(runs->front().origin, std::string("gui"));

        // Delete asks first.
        QVERIFY(!jobs->remove());
        QCOMPARE(jobs->jobCount(), 2);
        confirmDelete = true;
        QVERIFY(jobs->remove());
        QCOMPARE(jobs->jobCount(), 1);
        QVERIFY(jobs->currentJob().isEmpty());
        QVERIFY(!store.load("photos to usb").ok());

        // A job file that does not read is named, and hides no other.
        fgtest::writeFile(store.pathOf("broken"), "sync = 'unclosed\n");
        jobs->reload();
        QCOMPARE(jobs->jobCount(), 1);
        QVERIFY2(jobs->problem().contains(QStringLiteral("broken.job")), qPrintable(jobs->problem()));
        if (!qEnvironmentVariableIsEmpty("FG_UI_GRAB_DIR")) grab(window, QStringLiteral("saved-jobs.png"));
    }

    void screenshots()
    {
        if (qEnvironmentVariableIsEmpty("FG_UI_GRAB_DIR")) QSKIP("set FG_UI_GRAB_DIR to save screenshots");
        FakeFactory factory;
        factory.script = fgtest::makeScript(1200, 600ull << 20, 7);
        factory.script.bytesPerSec = 60ull << 20;
        factory.script.failPaths = {factory.script.plan[300].path, factory.script.plan[700].path};
        // As auto does it: two data connections, two more once the rate still rose.
        factory.script.dataStreamStarts = {0, 0, 2.5, 2.5};
        fgui::MainWindow window(factory.make());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        fillForm(window, QStringLiteral("/home/ann/Archive/"), QStringLiteral("floodgate://nas.local/backup/ann"));
        child<QLineEdit>(window, "bwlimitEdit")->setText(QStringLiteral("60M"));
        click(window, "runButton");
        QTest::qWait(6500);
        grab(window, QStringLiteral("mid-transfer.png"));
        child<QTabWidget>(window, "tabs")->setCurrentIndex(tabIndex(window, QStringLiteral("Streams")));
        QTest::qWait(300);
        grab(window, QStringLiteral("mid-transfer-streams.png"));
        child<QTabWidget>(window, "tabs")->setCurrentIndex(0);
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 30000);
        grab(window, QStringLiteral("done.png"));
        child<QTabWidget>(window, "tabs")->setCurrentIndex(tabIndex(window, QStringLiteral("Log")));
        grab(window, QStringLiteral("log.png"));

        factory.script = fgtest::makeScript(300, 200ull << 20, 9);
        for (int i = 0; i < 4; ++i) {
            factory.script.plan.push_back(
                {"photos/2019/IMG_" + std::to_string(4000 + i) + ".jpg", fg::FileAction::Delete, 0, false});
        }
        child<QCheckBox>(window, "deleteCheck")->setChecked(true);
        click(window, "previewButton");
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 10000);
        grab(window, QStringLiteral("preview.png"));

        // Not paired: the pair panel, before and after a wrong code, wide and narrow.
        factory.script.fatal = fg::Error(fg::Errc::NotPaired, unpairedMessage("nas.local:7878"));
        FakePairing pairing;
        pairing.answer = fg::Error(fg::Errc::AuthFailed, "the server refused to pair: wrong pairing code");
        window.setPairFunction(pairing.make(std::this_thread::get_id()));
        window.setConfirmHandler([](const QString&, const QString&, const QString&) { return true; });
        click(window, "runButton");
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 10000);
        grab(window, QStringLiteral("not-paired.png"));
        child<QLineEdit>(window, "pairCodeEdit")->setText(QStringLiteral("K7QPM-3XWRT"));
        click(window, "pairButton");
        QTRY_VERIFY_WITH_TIMEOUT(child<QLabel>(window, "pairStatus")->text().startsWith(QStringLiteral("Wrong")), 5000);
        grab(window, QStringLiteral("not-paired-wrong-code.png"));
        {
            std::lock_guard lock(pairing.mutex);
            pairing.answer = std::string("SHA256:q3Jp0b7m9QvXkYzT2aLwE5sH8dN1fC4uR6gI0oKjVxM");
        }
        click(window, "pairButton");
        QTRY_VERIFY_WITH_TIMEOUT(child<QPushButton>(window, "rerunButton")->isVisible(), 5000);
        grab(window, QStringLiteral("paired.png"));
        window.resize(800, 750);
        QTest::qWait(200);
        grab(window, QStringLiteral("paired-narrow.png"));
        window.resize(760, 600);
        QTest::qWait(200);
        grab(window, QStringLiteral("paired-small.png"));
    }
};

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
