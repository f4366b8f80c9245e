#include "lab/lab_window.h"

#include "charts/lab_curve_chart.h"
#include "charts/lab_heat_map.h"
#include "charts/lab_time_chart.h"
#include "lab/lab_chart_data.h"
#include "lab/lab_comparison.h"
#include "lab/lab_comparison_view.h"
#include "lab/lab_report_reader.h"
#include "lab/lab_results_model.h"
#include "lab/lab_setup_panel.h"
#include "widgets/form_hints.h"
#include "widgets/format.h"
#include "widgets/window_parts.h"

#include <floodgate/endpoint.h>

#include <QAction>
#include <QCloseEvent>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

#include <algorithm>

namespace fgui {
namespace {

const QString kRed = QStringLiteral("#c62828");
const QString kGreen = QStringLiteral("#2e7d32");
const QString kAmber = QStringLiteral("#ef6c00");
const QString kBlue = QStringLiteral("#1565c0");
const QString kDot = QStringLiteral(" \u00b7 ");

QString qs(const std::string& s) { return QString::fromStdString(s); }

// A chart on a card, as the main window shows its throughput chart.
QFrame* card(QWidget* content, const QString& name) { return makeCard(content, name, QMargins(6, 4, 6, 4)); }

// The results' splitter asks for no more height than its parts' minimums: the
// scroll area around the results sizes them by their preferred heights (so a
// wrapped conclusion gets all its lines), and a chart view's preferred height
// would make a big window scroll.
class ResultsSplitter : public QSplitter {
public:
    using QSplitter::QSplitter;
    QSize sizeHint() const override { return minimumSizeHint(); }
};

QString phaseText(const fg::LabProgress& p)
{
    const QString message = qs(p.message);
    switch (p.phase) {
    case fg::LabProgress::Phase::Preparing: return LabWindow::tr("Preparing: %1").arg(message);
    case fg::LabProgress::Phase::Probing: return LabWindow::tr("Probing: %1").arg(message);
    case fg::LabProgress::Phase::WarmingUp: return LabWindow::tr("Warming up: %1").arg(message);
    case fg::LabProgress::Phase::Trial:
        if (p.finished) return LabWindow::tr("Trial %1 of %2 finished: %3").arg(p.done).arg(p.total).arg(message);
        return LabWindow::tr("Trial %1 of %2: %3").arg(p.done + 1).arg(p.total).arg(message);
    case fg::LabProgress::Phase::CleaningUp: return LabWindow::tr("Cleaning up: %1").arg(message);
    }
    return message;
}

QString trialLine(const fg::LabTrial& t, const QString& setting)
{
    if (!t.ok) return LabWindow::tr("Last trial: %1 failed: %2").arg(setting, qs(t.error));
    QString text = LabWindow::tr("Last trial: %1 took %2 s").arg(setting, QString::number(t.seconds, 'f', 2));
    if (t.seconds > 0) text += kDot + formatRate(double(t.bytes) / t.seconds);
    if (!t.bottleneck.empty()) text += kDot + LabWindow::tr("limited by %1").arg(qs(t.bottleneck));
    return text;
}

} // namespace

LabWindow::LabWindow(const QString& target, fg::SyncOptions base, Hooks hooks, QWidget* parent)
    : QMainWindow(parent), m_base(std::move(base))
{
    setObjectName(QStringLiteral("labWindow"));
    setWindowTitle(target.isEmpty() ? tr("Tuning Lab \u2014 Floodgate")
                                    : tr("Tuning Lab: %1 \u2014 Floodgate").arg(target));
    resize(1200, 820);
    // Below this the set-up's footer (the matrix, the estimate, Start) and the
    // fields above it no longer both fit; the results scroll.
    setMinimumSize(640, 480);

    m_session = new LabSession(std::move(hooks.run), this);
    connect(m_session, &LabSession::progressed, this, &LabWindow::onProgress);
    connect(m_session, &LabSession::finished, this, &LabWindow::onFinished);

    m_setup = new LabSetupPanel;
    m_setup->setObjectName(QStringLiteral("labSetup"));
    m_setup->setTarget(target);
    // Looked up once: it reads a small file in the state folder, and what it
    // says does not change while the window is open.
    const RateLookup rate = hooks.rememberedRate ? std::move(hooks.rememberedRate) : RateLookup(fg::rememberedLinkRate);
    if (auto endpoint = fg::parseEndpoint(target.trimmed().toStdString()); endpoint && endpoint->isRemote()) {
        m_setup->setRememberedRate(rate(target.trimmed().toStdString(), m_base));
    }
    connect(m_setup, &LabSetupPanel::startRequested, this, &LabWindow::start);

    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(14, 14, 4, 14);
    leftLayout->addWidget(m_setup);
    left->setMinimumWidth(280);

    auto* rightContent = new QWidget;
    auto* rightLayout = new QVBoxLayout(rightContent);
    rightLayout->setContentsMargins(8, 14, 14, 14);
    rightLayout->setSpacing(10);
    rightLayout->addWidget(buildStatusPane());
    rightLayout->addWidget(buildResultsPane(), 1);
    // In a short window the results scroll, rather than squeezing the
    // conclusion's wrapped lines or the charts past reading.
    auto* right = new QScrollArea;
    right->setObjectName(QStringLiteral("resultsScroll"));
    right->setWidget(rightContent);
    right->setWidgetResizable(true);
    right->setFrameShape(QFrame::NoFrame);
    right->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    right->setMinimumWidth(380);

    setCentralWidget(makeSideBySide(left, right, 360, 840));

    buildToolBar();
    clearResults();
    m_progress->hide(); // until there is something to count
    setStatus(tr("Set up the experiment on the left, then Start. Or open one saved earlier."));
    setRunning(false);
}

LabWindow::~LabWindow() = default; // the session cancels and waits for a running experiment

void LabWindow::buildToolBar()
{
    QToolBar* bar = addToolBar(tr("Experiment"));
    bar->setObjectName(QStringLiteral("labToolBar"));
    bar->setMovable(false);
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_openAction = bar->addAction(tr("Open experiment\u2026"));
    m_openAction->setObjectName(QStringLiteral("openExperimentAction"));
    m_openAction->setShortcut(QKeySequence::Open);
    m_openAction->setToolTip(tr("Show an experiment saved here or by `floodgate lab --json`"));
    m_saveAction = bar->addAction(tr("Save experiment\u2026"));
    m_saveAction->setObjectName(QStringLiteral("saveExperimentAction"));
    m_saveAction->setShortcut(QKeySequence::Save);
    m_saveAction->setToolTip(tr("Save every trial and the summary as JSON, the form `floodgate lab --json` prints"));
    m_compareAction = bar->addAction(tr("Compare with\u2026"));
    m_compareAction->setObjectName(QStringLiteral("compareAction"));
    m_compareAction->setToolTip(tr("Put an earlier experiment's medians beside this one's"));
    bar->addSeparator();
    m_applyAction = bar->addAction(tr("Apply to this job"));
    m_applyAction->setObjectName(QStringLiteral("applyAction"));
    m_applyAction->setToolTip(tr("Put the best setting's options into the job's form"));

    connect(m_openAction, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open experiment"), QDir::homePath(),
                                                          tr("Lab experiments (*.json);;All files (*)"));
        if (!path.isEmpty()) static_cast<void>(openExperiment(path));
    });
    connect(m_saveAction, &QAction::triggered, this, [this] {
        const QString name = QStringLiteral("lab-%1.json").arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmm")));
        const QString path = QFileDialog::getSaveFileName(this, tr("Save experiment"), QDir::home().filePath(name),
                                                          tr("Lab experiments (*.json)"));
        if (!path.isEmpty()) static_cast<void>(saveExperiment(path));
    });
    connect(m_compareAction, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Compare with an experiment"), QDir::homePath(),
                                                          tr("Lab experiments (*.json);;All files (*)"));
        if (!path.isEmpty()) static_cast<void>(compareWith(path));
    });
    connect(m_applyAction, &QAction::triggered, this, &LabWindow::applyBest);
}

QWidget* LabWindow::buildStatusPane()
{
    auto* pane = new QWidget;
    auto* layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(6);
    m_status = makeStatusLine();
    layout->addWidget(m_status);

    auto* row = new QHBoxLayout;
    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("progressBar"));
    m_progress->setMinimumHeight(20);
    m_cancel = new QPushButton(tr("Cancel"));
    m_cancel->setObjectName(QStringLiteral("cancelButton"));
    m_cancel->setToolTip(tr("Stop after cancelling the trial running; the lab removes its scratch folder from the "
                            "target and shows the trials that finished"));
    row->addWidget(m_progress, 1);
    row->addWidget(m_cancel);
    layout->addLayout(row);
    m_lastTrial = new QLabel;
    m_lastTrial->setObjectName(QStringLiteral("lastTrial"));
    wrapWithinWidth(m_lastTrial);
    makeQuiet(m_lastTrial);
    layout->addWidget(m_lastTrial);
    connect(m_cancel, &QPushButton::clicked, this, &LabWindow::cancel);
    return pane;
}

QWidget* LabWindow::buildResultsPane()
{
    // The answer first: the conclusion, what was measured, and the line that
    // reproduces the best setting.
    const OutcomePanel answer = makeOutcomePanel(QStringLiteral("answerPanel"), QStringLiteral("conclusionLabel"));
    m_answer = answer.frame;
    m_conclusion = answer.title;
    QVBoxLayout* answerLayout = answer.layout;
    m_experimentLine = new QLabel;
    m_experimentLine->setObjectName(QStringLiteral("experimentLine"));
    m_experimentLine->setTextInteractionFlags(Qt::TextSelectableByMouse);
    wrapWithinWidth(m_experimentLine);
    makeQuiet(m_experimentLine);
    m_reproduceRow = new QWidget;
    auto* reproduceRow = new QHBoxLayout(m_reproduceRow);
    reproduceRow->setContentsMargins(0, 2, 0, 0);
    auto* reproduceLabel = new QLabel(tr("Reproduce:"));
    m_reproduce = new QLineEdit;
    m_reproduce->setObjectName(QStringLiteral("reproduceEdit"));
    m_reproduce->setReadOnly(true);
    m_reproduce->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_reproduce->setToolTip(tr("The command that runs a sync with the best setting; select it to copy"));
    reproduceRow->addWidget(reproduceLabel);
    reproduceRow->addWidget(m_reproduce, 1);
    m_notes = new QLabel;
    m_notes->setObjectName(QStringLiteral("notesLabel"));
    wrapWithinWidth(m_notes);
    makeQuiet(m_notes);
    answerLayout->addWidget(m_experimentLine);
    answerLayout->addWidget(m_reproduceRow);
    answerLayout->addWidget(m_notes);

    m_results = new LabResultsModel(this);
    m_sorted = new QSortFilterProxyModel(this);
    m_sorted->setSourceModel(m_results);
    m_sorted->setSortRole(LabResultsModel::SortRole);
    // Settings and bottlenecks read from their start: cut at the end.
    m_table = makeTable(nullptr, Qt::ElideRight);
    m_table->setObjectName(QStringLiteral("resultsTable"));
    m_table->setModel(m_sorted);
    m_table->horizontalHeader()->setStretchLastSection(true);
    // The report's order (the matrix's) until a header is clicked.
    m_table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_table->setSortingEnabled(true);

    m_timeChart = new LabTimeChart;
    m_timeChart->setObjectName(QStringLiteral("labTimeChart"));
    m_heatMap = new LabHeatMap;
    m_heatMap->setObjectName(QStringLiteral("labHeatMap"));
    // Scrolls rather than squeezing its cells past legibility in a small window.
    auto* heatScroll = new QScrollArea;
    heatScroll->setWidget(m_heatMap);
    heatScroll->setWidgetResizable(true);
    heatScroll->setFrameShape(QFrame::NoFrame);
    // On the card's white, as the charts are: setWidget() made it paint the
    // window's grey.
    heatScroll->viewport()->setAutoFillBackground(false);
    m_heatMap->setAutoFillBackground(false);
    m_curveChart = new LabCurveChart;
    m_curveChart->setObjectName(QStringLiteral("labCurveChart"));
    m_comparison = new LabComparisonView;
    m_comparison->setObjectName(QStringLiteral("labComparison"));

    m_tabs = new QTabWidget;
    m_tabs->setObjectName(QStringLiteral("chartTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(card(m_timeChart, QStringLiteral("timeCard")), tr("Time per setting"));
    m_heatMapTab = m_tabs->addTab(card(heatScroll, QStringLiteral("heatCard")), tr("Heat map"));
    m_tabs->addTab(card(m_curveChart, QStringLiteral("curveCard")), tr("Throughput curves"));
    m_tabs->addTab(m_comparison, tr("Comparison"));

    auto* split = new ResultsSplitter(Qt::Vertical);
    split->setObjectName(QStringLiteral("resultsSplitter"));
    split->setChildrenCollapsible(false);
    split->addWidget(m_table);
    split->addWidget(m_tabs);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({200, 340});
    // Room for four settings, and for a chart's axes, labels and legend.
    m_table->setMinimumHeight(m_table->verticalHeader()->defaultSectionSize() * 5 + 4);
    m_tabs->setMinimumHeight(300);

    auto* pane = new QWidget;
    auto* layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(10);
    layout->addWidget(m_answer);
    layout->addWidget(split, 1);

    // Before the first experiment: what the lab does, instead of an empty
    // table over empty axes.
    m_intro = new QLabel(tr("The lab tries every combination of the levels you check, each several times in a "
                            "random interleaved order after an untimed warm-up, and says which setting is fastest "
                            "\u2014 or that the differences are within the runs' spread. Then it charts the time "
                            "of each setting, a heat map when two factors vary, and every trial's throughput over "
                            "time.\n\nIt writes only into scratch folders named .fg-lab-\u2026 in the target, each "
                            "removed after its trial, also after a cancel."));
    m_intro->setObjectName(QStringLiteral("labIntro"));
    m_intro->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_intro->setContentsMargins(4, 12, 24, 12);
    wrapWithinWidth(m_intro);
    makeQuiet(m_intro);

    m_resultsStack = new QStackedWidget;
    m_resultsStack->addWidget(m_intro);
    m_resultsStack->addWidget(pane);
    return m_resultsStack;
}

bool LabWindow::isHeatMapShown() const { return m_tabs->isTabVisible(m_heatMapTab); }

QString LabWindow::statusText() const { return m_status->text(); }

QString LabWindow::conclusionText() const { return m_conclusion->text(); }

QString LabWindow::reproduceText() const { return m_reproduce->text(); }

void LabWindow::setStatus(const QString& text, bool error)
{
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: %1;").arg(kRed) : QString());
}

void LabWindow::clearResults()
{
    m_report.reset();
    m_results->clear();
    m_timeChart->clear();
    m_timeChart->setPlaceholderText(tr("Each setting's time appears here when the experiment ends: a box for the "
                                       "middle of its runs, whiskers to the fastest and the slowest."));
    m_heatMap->clear();
    m_tabs->setTabVisible(m_heatMapTab, false);
    m_curveChart->clear();
    m_curveChart->setPlaceholderText(tr("Each trial's throughput appears here as it finishes."));
    m_comparison->clear();
    m_answer->hide();
    m_lastTrial->clear();
    m_lastTrial->hide();
    m_resultsStack->setCurrentWidget(m_intro);
    updateActions();
}

void LabWindow::setRunning(bool running)
{
    m_setup->setRunning(running);
    m_cancel->setEnabled(running && !m_session->cancelRequested());
    m_cancel->setVisible(running);
    updateActions();
}

void LabWindow::updateActions()
{
    const bool idle = !m_session->isRunning();
    m_openAction->setEnabled(idle);
    m_saveAction->setEnabled(idle && m_report.has_value());
    m_compareAction->setEnabled(idle && m_report.has_value());
    m_applyAction->setEnabled(idle && m_report && m_report->best.has_value());
}

void LabWindow::start()
{
    if (m_session->isRunning()) return;
    auto options = m_setup->options();
    if (!options) {
        setStatus(qs(options.error().message), true);
        return;
    }
    options->base = m_base;
    clearResults();
    m_progress->setRange(0, 0); // busy until the trials are counted
    m_progress->setFormat(tr("%v of %m trials"));
    m_progress->show();
    m_trialClock.invalidate();
    m_runClock.start();
    m_closeWhenDone = false;
    // While it runs: the curves, as the trials end. The table waits for the
    // summary, which only the whole experiment gives.
    m_planned = fg::LabReport{};
    m_planned.settings = fg::labSettings(options->factors);
    m_resultsStack->setCurrentIndex(1);
    m_table->hide();
    m_tabs->setCurrentIndex(m_tabs->indexOf(m_curveChart->parentWidget()));
    if (!m_session->start(*options)) return;
    setStatus(tr("Starting\u2026"));
    setRunning(true);
}

void LabWindow::cancel()
{
    if (!m_session->isRunning()) return;
    m_session->cancel();
    m_cancel->setEnabled(false);
    setStatus(tr("Cancelling: the trial running stops and the lab removes its scratch folder from the target\u2026"));
}

void LabWindow::onProgress(const fg::LabProgress& p)
{
    const bool counting = p.phase == fg::LabProgress::Phase::Trial || p.phase == fg::LabProgress::Phase::CleaningUp;
    if (counting && p.total > 0) {
        if (!m_trialClock.isValid()) m_trialClock.start();
        m_progress->setRange(0, int(p.total));
        m_progress->setValue(int(std::min(p.done, p.total)));
    }
    if (p.finished) {
        const QString setting = qs(p.setting);
        if (!p.finished->curve.empty()) {
            // Named by the label the lab reports, found in the matrix that was
            // asked for: what varies in it is what the legend shows.
            QString legend = setting;
            for (size_t i = 0; i < m_planned.settings.size(); ++i) {
                if (m_planned.settings[i].label == p.setting) legend = varyingLevelsLine(m_planned, i);
            }
            m_curveChart->addCurve(labCurve(*p.finished, setting, legend));
        }
        m_lastTrial->setText(trialLine(*p.finished, setting));
        m_lastTrial->show();
    }
    if (m_session->cancelRequested()) return; // "Cancelling…" stays until it has
    QString text = phaseText(p);
    // The time left from the pace so far: the trials are alike in size, so
    // the first few say how long the rest take.
    if (p.phase == fg::LabProgress::Phase::Trial && p.done > 0 && p.done < p.total && m_trialClock.isValid()) {
        const double perTrial = double(m_trialClock.elapsed()) / 1000.0 / double(p.done);
        text += kDot + tr("%1 left").arg(formatDuration(perTrial * double(p.total - p.done)));
    }
    setStatus(text);
}

void LabWindow::onFinished(const fg::Result<fg::LabReport>& result)
{
    setRunning(false);
    if (!result) {
        m_resultsStack->setCurrentWidget(m_intro);
        m_progress->setRange(0, 1);
        m_progress->setValue(0);
        m_progress->setFormat(tr("Not started"));
        setStatus(tr("The lab did not run: %1").arg(qs(result.error().message)), true);
    } else {
        showReport(*result);
        const fg::LabReport& r = *result;
        const size_t trials = r.trials.size();
        const QString took = formatDuration(double(m_runClock.elapsed()) / 1000.0);
        if (r.cancelled) {
            setStatus(tr("Cancelled after %1 of %2 trials (%3): the figures are of the trials that finished.")
                          .arg(trials)
                          .arg(r.settings.size() * r.runs)
                          .arg(took));
        } else {
            setStatus(trials == 1 ? tr("Done: 1 trial in %1").arg(took) : tr("Done: %1 trials in %2").arg(trials).arg(took));
        }
    }
    if (m_closeWhenDone) close();
}

void LabWindow::showReport(const fg::LabReport& report, const QString& origin)
{
    m_results->setReport(report);
    m_report = report;
    m_table->resizeColumnsToContents();
    m_timeChart->setBoxes(labTimeBoxes(report), labTimeAxisTitle(report));
    m_timeChart->setPlaceholderText(tr("No setting finished a run."));
    if (auto grid = labHeatGrid(report)) {
        m_heatMap->setGrid(std::move(*grid));
        m_tabs->setTabVisible(m_heatMapTab, true);
    } else {
        m_heatMap->clear();
        m_tabs->setTabVisible(m_heatMapTab, false);
    }
    m_curveChart->setCurves(labCurves(report));
    m_curveChart->setPlaceholderText(tr("No trial finished."));
    m_comparison->clear();
    if (!origin.isEmpty() || m_tabs->currentWidget() == m_comparison) m_tabs->setCurrentIndex(0);

    // The answer's colour: green for a winner beyond the spread, blue for
    // "no measurable difference", amber when cut short or nothing ran.
    QString colour = kBlue;
    if (report.cancelled || !report.best) colour = kAmber;
    else if (report.significant) colour = kGreen;
    setOutcomeColour(m_answer, m_conclusion, colour);
    QString conclusion = qs(report.conclusion);
    if (conclusion.isEmpty()) conclusion = report.best ? tr("The best setting is marked in the table.") : tr("No setting finished a run.");
    m_conclusion->setText(conclusion);

    QStringList what;
    if (!origin.isEmpty()) what << tr("From %1").arg(origin);
    if (!report.target.empty()) what << qs(report.target);
    QString workload = qs(report.workload);
    if (report.workloadBytes > 0) {
        workload += QStringLiteral(" (%1, %2)")
                        .arg(report.workloadFiles == 1 ? tr("1 file") : tr("%1 files").arg(formatCount(report.workloadFiles)),
                             formatBytes(report.workloadBytes));
    }
    if (!workload.isEmpty()) what << workload;
    if (report.runs > 0) what << (report.runs == 1 ? tr("1 run of each setting") : tr("%1 runs of each setting").arg(report.runs));
    if (report.seed != 0) what << tr("seed %1").arg(report.seed);
    if (report.linkRate > 0) what << tr("the probe's best network rate %1").arg(formatRate(report.linkRate));
    m_experimentLine->setText(what.join(kDot));

    m_reproduce->setText(qs(report.reproduce));
    m_reproduce->setCursorPosition(0);
    m_reproduceRow->setVisible(!report.reproduce.empty());
    QStringList notes;
    for (const std::string& note : report.notes) notes << tr("Note: %1").arg(qs(note));
    m_notes->setText(notes.join(QLatin1Char('\n')));
    m_notes->setVisible(!notes.isEmpty());
    m_answer->show();
    m_table->show();
    m_resultsStack->setCurrentIndex(1);
    if (!origin.isEmpty()) setStatus(tr("Showing %1").arg(origin));
    updateActions();
}

QStringList LabWindow::optionSettings(const fg::LabSetting& setting)
{
    QStringList settings;
    for (const auto& [factor, level] : setting.levels) settings << qs(fg::labLevelSetting(factor, level));
    return settings;
}

void LabWindow::applyBest()
{
    if (!m_report || !m_report->best || m_session->isRunning()) return;
    const fg::LabSetting& best = m_report->settings[*m_report->best];
    Q_EMIT applySettings(optionSettings(best));
    setStatus(tr("%1 is in the job's form: Run there to use it.").arg(qs(best.options)));
}

fg::Status LabWindow::saveExperiment(const QString& path)
{
    auto fail = [this](const QString& message) {
        setStatus(message, true);
        return fg::Error(fg::Errc::Io, message.toStdString());
    };
    if (!m_report) return fail(tr("There is no experiment to save yet."));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return fail(tr("Cannot save to %1: %2").arg(path, file.errorString()));
    const std::string json = fg::labReportJson(*m_report) + "\n";
    file.write(json.data(), qint64(json.size()));
    // Written whole or not at all: a half-written experiment would not open.
    if (!file.commit()) return fail(tr("Cannot save to %1: %2").arg(path, file.errorString()));
    setStatus(tr("Saved to %1").arg(path));
    return {};
}

fg::Status LabWindow::openExperiment(const QString& path)
{
    if (m_session->isRunning()) return fg::Error(fg::Errc::Busy, tr("An experiment is running").toStdString());
    auto report = readLabReportFile(path);
    if (!report) {
        setStatus(qs(report.error().message), true);
        return report.error();
    }
    // The progress of the last run here is not this experiment's.
    m_progress->hide();
    m_lastTrial->hide();
    showReport(*report, QFileInfo(path).fileName());
    return {};
}

fg::Status LabWindow::compareWith(const QString& path)
{
    if (!m_report) {
        const QString message = tr("Run or open an experiment first, then compare it with another.");
        setStatus(message, true);
        return fg::Error(fg::Errc::InvalidArgument, message.toStdString());
    }
    auto other = readLabReportFile(path);
    if (!other) {
        setStatus(qs(other.error().message), true);
        return other.error();
    }
    const QString name = QFileInfo(path).fileName();
    m_comparison->showComparison(compareLabReports(*m_report, *other), name, *other);
    m_tabs->setCurrentWidget(m_comparison);
    setStatus(tr("Compared with %1").arg(name));
    return {};
}

void LabWindow::closeEvent(QCloseEvent* event)
{
    if (m_session->isRunning()) {
        // Not closed yet: the lab cancels its trial and removes its scratch
        // folder from the target first (seconds), then this window goes. The
        // GUI stays responsive meanwhile.
        m_closeWhenDone = true;
        cancel();
        setStatus(tr("Cancelling: the lab removes its scratch folder from the target, then this window closes\u2026"));
        event->ignore();
        return;
    }
    event->accept();
}

} // namespace fgui
