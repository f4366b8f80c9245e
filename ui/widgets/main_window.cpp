#include "widgets/main_window.h"

#include "bridge/history_writer.h"
#include "charts/throughput_chart.h"
#include "lab/lab_window.h"
#include "models/file_table_model.h"
#include "models/plan_filter_model.h"
#include "models/plan_model.h"
#include "models/stream_table_model.h"
#include "widgets/elide_role_delegate.h"
#include "widgets/elided_label.h"
#include "widgets/form_hints.h"
#include "widgets/format.h"
#include "widgets/history_window.h"
#include "widgets/job_tray.h"
#include "widgets/job_form.h"
#include "widgets/pipeline_view.h"
#include "widgets/progress_delegate.h"
#include "widgets/saved_jobs_panel.h"
#include "widgets/window_parts.h"

#include "sync_args_writer.h"

#include <floodgate/saved_jobs.h>

#include <QCheckBox>
#include <QComboBox>
#include <QCloseEvent>
#include <QDateTime>
#include <QFontMetrics>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <floodgate/endpoint.h>
#include <floodgate/identity.h>

#include <algorithm>

namespace fgui {
namespace {

// The progress bar counts in tenths of a percent: QProgressBar takes an int, and a
// byte count overflows one past 2 GiB.
constexpr int kProgressScale = 1000;
// Errors listed in the summary itself; the Log tab has them all.
constexpr size_t kSummaryErrors = 8;

const QString kRed = QStringLiteral("#c62828");
const QString kGreen = QStringLiteral("#2e7d32");
const QString kAmber = QStringLiteral("#ef6c00");
const QString kBlue = QStringLiteral("#1565c0");
const QString kDot = QStringLiteral(" \u00b7 ");

QString arrow() { return QStringLiteral(" \u2192 "); }

// Paths, file names and stream addresses: cut in the middle, the start and the
// end (the file's name) both stay readable.
QTableView* makeJobTable(QWidget* parent) { return makeTable(parent, Qt::ElideMiddle); }

QString html(const QString& text) { return text.toHtmlEscaped(); }

// The daemon end of a job: the one that can refuse an unpaired client.
std::optional<fg::Endpoint> daemonEndpoint(const fg::JobSpec& spec)
{
    for (const std::string& text : {spec.source, spec.destination}) {
        auto e = fg::parseEndpoint(text);
        if (e && e->kind == fg::Endpoint::Kind::Daemon) return std::move(e).value();
    }
    return std::nullopt;
}

QString hostPortText(const std::string& host, uint16_t port)
{
    const QString h = QString::fromStdString(host);
    return (h.contains(QLatin1Char(':')) ? QLatin1Char('[') + h + QLatin1Char(']') : h) + QLatin1Char(':') +
           QString::number(port);
}

} // namespace

MainWindow::MainWindow(QWidget* parent) : MainWindow(JobFactory{}, parent) {}

MainWindow::MainWindow(JobFactory factory, QWidget* parent) : QMainWindow(parent)
{
    setWindowTitle(tr("Floodgate"));
    setObjectName(QStringLiteral("mainWindow"));
    // 800 high: the menu bar took 25 px of what the summary of a long error needs.
    resize(1100, 800);

    m_pair = [](const std::string& host, uint16_t port, const std::string& code, const std::string& stateDir) {
        return fg::pairWithServer(host, port, code, stateDir);
    };
    m_controller = new JobController(std::move(factory), this);
    m_settings = AppSettings::load();
    m_history = new HistoryWriter(this);
    m_history->setRetentionDays(m_settings.historyDays);
    m_history->forgetOld({});
    connect(m_history, &HistoryWriter::notRecorded, this, [this](const QString& why) {
        appendLog(LogLevel::Warning, tr("This run is not in the history (%1); the run itself is not affected").arg(why));
    });
    m_fileModel = new FileTableModel(this);
    m_planModel = new PlanModel(this);
    m_streamModel = new StreamTableModel(this);

    // Left: what to sync and how.
    m_form = new JobForm;
    auto* formScroll = new QScrollArea;
    formScroll->setWidget(m_form);
    formScroll->setWidgetResizable(true);
    formScroll->setFrameShape(QFrame::NoFrame);
    formScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_savedJobs = new SavedJobsPanel;
    m_savedJobs->setSpecSource([this] { return m_form->spec(); });
    m_savedJobs->setConfirm([this](const QString& title, const QString& question, const QString& yes) {
        return confirm(title, question, yes);
    });
    connect(m_savedJobs, &SavedJobsPanel::jobChosen, this, [this](const QString& name, const fg::JobSpec& spec) {
        m_form->setSpec(spec);
        showNotice(tr("Job '%1': Preview to see what it would change, Run to run it.").arg(name));
    });
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(14, 14, 8, 14);
    leftLayout->addWidget(m_savedJobs);
    leftLayout->addWidget(formScroll, 1);
    left->setMinimumWidth(300);

    // Right: the job in flight.
    auto* right = new QWidget;
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(8, 14, 14, 14);
    rightLayout->setSpacing(10);
    rightLayout->addWidget(buildStatusPane());

    m_chart = new ThroughputChart;
    m_chart->setObjectName(QStringLiteral("throughputChart"));
    m_chart->setPlaceholderText(tr("Throughput appears here while a job runs."));
    m_tabs = new QTabWidget;
    m_tabs->setObjectName(QStringLiteral("tabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(buildFilesTab(), tr("Files"));
    m_tabs->addTab(buildPreviewTab(), tr("Preview"));
    m_tabs->addTab(buildStreamsTab(), tr("Streams"));
    m_log = new QPlainTextEdit;
    m_log->setObjectName(QStringLiteral("logView"));
    m_log->setReadOnly(true);
    m_log->setFrameShape(QFrame::NoFrame);
    // Bounded, so a job that logs for hours does not eat memory.
    m_log->setMaximumBlockCount(20000);
    m_tabs->addTab(m_log, tr("Log"));

    // The chart sits on a card like the tables below it, not on the window's grey.
    QFrame* chartCard = makeCard(m_chart, QStringLiteral("chartCard"), QMargins(6, 4, 6, 4));

    // Where the time goes: the pipeline and the verdict, on a card of its own.
    m_pipeline = new PipelineView;
    m_pipeline->setObjectName(QStringLiteral("pipelineView"));
    connect(m_pipeline, &PipelineView::applySetting, this, &MainWindow::applySetting);
    rightLayout->addWidget(makeCard(m_pipeline, QStringLiteral("pipelineCard"), QMargins(8, 4, 8, 6)));

    auto* vsplit = new QSplitter(Qt::Vertical);
    vsplit->setChildrenCollapsible(false);
    vsplit->addWidget(chartCard);
    vsplit->addWidget(m_tabs);
    vsplit->setStretchFactor(0, 2);
    vsplit->setStretchFactor(1, 3);
    vsplit->setSizes({240, 380});
    rightLayout->addWidget(vsplit, 1);

    setCentralWidget(makeSideBySide(left, right, 360, 740));

    connect(m_form, &JobForm::changed, this, &MainWindow::updateButtons);
    connect(m_controller, &JobController::stateChanged, this, &MainWindow::onStateChanged);
    connect(m_controller, &JobController::planned, this, &MainWindow::onPlanned);
    connect(m_controller, &JobController::filesStarted, m_fileModel, &FileTableModel::markStarted);
    connect(m_controller, &JobController::filesFinished, m_fileModel, &FileTableModel::markFinished);
    connect(m_controller, &JobController::filesFailed, this, &MainWindow::onFilesFailed);
    connect(m_controller, &JobController::logged, this, &MainWindow::onLogged);
    connect(m_controller, &JobController::snapshotTaken, this, &MainWindow::onSnapshot);
    connect(m_controller, &JobController::finished, this, &MainWindow::onFinished);

    m_confirm = [this](const QString& title, const QString& question, const QString& yes) {
        QMessageBox box(QMessageBox::Warning, title, question, QMessageBox::NoButton, this);
        QPushButton* yesButton = box.addButton(yes, QMessageBox::DestructiveRole);
        box.addButton(QMessageBox::Cancel);
        box.setDefaultButton(QMessageBox::Cancel);
        box.exec();
        return box.clickedButton() == yesButton;
    };

    buildMenus();
    buildTray();
    setRunning(false);
    showNotice(tr("Choose a source and a destination, then Preview to see what would change."));
    restoreWindowState();
}

MainWindow::~MainWindow()
{
    // The pairing thread reports to this window: it must not outlive it. A pairing
    // ends within the core's connect and handshake timeouts.
    if (m_pairThread.joinable()) m_pairThread.join();
}

QWidget* MainWindow::buildStatusPane()
{
    auto* pane = new QWidget;
    auto* layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(8);

    auto* header = new QHBoxLayout;
    m_title = new ElidedLabel;
    m_title->setText(tr("New job"));
    m_title->setObjectName(QStringLiteral("jobTitle"));
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_previewButton = new QPushButton(tr("Preview"));
    m_previewButton->setObjectName(QStringLiteral("previewButton"));
    m_previewButton->setToolTip(tr("Show what a run would change, without changing anything"));
    m_runButton = new QPushButton(tr("Run"));
    m_runButton->setObjectName(QStringLiteral("runButton"));
    m_runButton->setDefault(true);
    m_runButton->setStyleSheet(QStringLiteral(
        "QPushButton#runButton { background: #1e88e5; color: white; border: 1px solid #1976d2;"
        " border-radius: 4px; padding: 5px 20px; font-weight: 600; }"
        "QPushButton#runButton:hover { background: #1976d2; }"
        "QPushButton#runButton:pressed { background: #1565c0; }"
        "QPushButton#runButton:disabled { background: #bbdefb; border-color: #bbdefb; }"));
    m_pauseButton = new QPushButton(tr("Pause"));
    m_pauseButton->setObjectName(QStringLiteral("pauseButton"));
    m_pauseButton->setToolTip(tr("Stop moving data for now and go on later: the connections stay open, "
                                 "nothing is lost"));
    m_cancelButton = new QPushButton(tr("Cancel"));
    m_cancelButton->setObjectName(QStringLiteral("cancelButton"));
    header->addWidget(m_title, 1);
    header->addSpacing(12);
    header->addWidget(m_previewButton);
    header->addWidget(m_runButton);
    header->addWidget(m_pauseButton);
    header->addWidget(m_cancelButton);
    layout->addLayout(header);

    m_status = makeStatusLine();
    // Beside the status line, under Run: in the header it took the job's title's
    // last pixels in a small window, and the status line wraps instead.
    m_labButton = new QPushButton(tr("Tuning Lab\u2026"));
    m_labButton->setObjectName(QStringLiteral("labButton"));
    m_labButton->setToolTip(tr("Try settings (streams, cipher, compression, \u2026) against this job's destination "
                               "and find the fastest"));
    auto* statusRow = new QHBoxLayout;
    statusRow->addWidget(m_status, 1);
    statusRow->addWidget(m_labButton, 0, Qt::AlignTop);
    layout->addLayout(statusRow);

    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("progressBar"));
    m_progress->setRange(0, kProgressScale);
    m_progress->setValue(0);
    m_progress->setFormat(QStringLiteral("%p %"));
    m_progress->setMinimumHeight(20);
    layout->addWidget(m_progress);

    const OutcomePanel summary = makeOutcomePanel(QStringLiteral("summaryPanel"), QStringLiteral("summaryTitle"));
    m_summary = summary.frame;
    m_summaryTitle = summary.title;
    auto* summaryLayout = summary.layout;
    m_summaryBody = new QLabel;
    m_summaryBody->setObjectName(QStringLiteral("summaryBody"));
    m_summaryBody->setWordWrap(true);
    m_summaryBody->setTextFormat(Qt::RichText);
    m_summaryBody->setTextInteractionFlags(Qt::TextSelectableByMouse);
    wrapWithinWidth(m_summaryBody);
    summaryLayout->addWidget(m_summaryBody);
    summaryLayout->addWidget(buildPairPanel());
    m_summary->hide();
    layout->addWidget(m_summary);

    connect(m_previewButton, &QPushButton::clicked, this, &MainWindow::preview);
    connect(m_runButton, &QPushButton::clicked, this, &MainWindow::run);
    connect(m_cancelButton, &QPushButton::clicked, this, &MainWindow::cancel);
    connect(m_pauseButton, &QPushButton::clicked, this, &MainWindow::togglePause);
    connect(m_labButton, &QPushButton::clicked, this, &MainWindow::openLab);
    return pane;
}

QWidget* MainWindow::buildPairPanel()
{
    m_pairPanel = new QWidget;
    m_pairPanel->setObjectName(QStringLiteral("pairPanel"));
    auto* layout = new QVBoxLayout(m_pairPanel);
    layout->setContentsMargins(0, 6, 0, 0);
    layout->setSpacing(6);
    m_pairPrompt = new QLabel;
    m_pairPrompt->setObjectName(QStringLiteral("pairPrompt"));
    wrapWithinWidth(m_pairPrompt);
    auto* row = new QHBoxLayout;
    m_pairCode = new QLineEdit;
    m_pairCode->setObjectName(QStringLiteral("pairCodeEdit"));
    m_pairCode->setPlaceholderText(QStringLiteral("XXXXX-XXXXX"));
    m_pairCode->setToolTip(tr("The one-time code `floodgate serve` printed when it started (floodgate pair --code)"));
    m_pairCode->setMaximumWidth(m_pairCode->fontMetrics().horizontalAdvance(QStringLiteral("XXXXX-XXXXX")) * 2);
    m_pairButton = new QPushButton(tr("Pair"));
    m_pairButton->setObjectName(QStringLiteral("pairButton"));
    row->addWidget(m_pairCode, 1);
    row->addWidget(m_pairButton);
    row->addStretch(0);
    m_pairStatus = new QLabel;
    m_pairStatus->setObjectName(QStringLiteral("pairStatus"));
    m_pairStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    wrapWithinWidth(m_pairStatus);
    m_rerunButton = new QPushButton;
    m_rerunButton->setObjectName(QStringLiteral("rerunButton"));
    layout->addWidget(m_pairPrompt);
    layout->addLayout(row);
    layout->addWidget(m_pairStatus);
    layout->addWidget(m_rerunButton, 0, Qt::AlignLeft);
    m_pairPanel->hide();

    connect(m_pairCode, &QLineEdit::textChanged, this, &MainWindow::updatePairButton);
    connect(m_pairCode, &QLineEdit::returnPressed, this, &MainWindow::startPairing);
    connect(m_pairButton, &QPushButton::clicked, this, &MainWindow::startPairing);
    connect(m_rerunButton, &QPushButton::clicked, this, [this] {
        if (m_pairTarget) startJob(m_pairTarget->dryRun);
    });
    return m_pairPanel;
}

void MainWindow::offerPairing(const fg::Error& error, const fg::JobSpec& spec, bool dryRun)
{
    if (error.code != fg::Errc::NotPaired) return hidePairing();
    const std::optional<fg::Endpoint> daemon = daemonEndpoint(spec);
    if (!daemon) return hidePairing();
    ++m_pairGeneration;
    m_pairTarget = PairTarget{daemon->host, daemon->port,
                              spec.options.stateDir.empty() ? fg::defaultStateDir() : spec.options.stateDir, dryRun};
    m_pairPrompt->setText(tr("Pair it with the one-time code that `floodgate serve` printed on %1:")
                              .arg(hostPortText(daemon->host, daemon->port)));
    m_pairStatus->clear();
    m_pairStatus->hide();
    m_rerunButton->hide();
    if (!m_pairing) m_pairCode->clear(); // a code from an earlier try is used up or wrong
    m_pairCode->setEnabled(true);
    updatePairButton();
    m_pairPanel->show();
}

void MainWindow::hidePairing()
{
    ++m_pairGeneration;
    m_pairTarget.reset();
    m_pairPanel->hide();
}

void MainWindow::updatePairButton()
{
    m_pairButton->setEnabled(!m_pairing && m_pairTarget && !m_pairCode->text().trimmed().isEmpty());
}

void MainWindow::startPairing()
{
    if (m_pairing || !m_pairTarget) return;
    const std::string code = m_pairCode->text().trimmed().toStdString();
    if (code.empty()) return;
    // The last pairing has reported (m_pairing was cleared then): its thread is
    // done or about to be, so this join does not wait.
    if (m_pairThread.joinable()) m_pairThread.join();
    m_pairing = true;
    const PairTarget target = *m_pairTarget;
    const QString where = hostPortText(target.host, target.port);
    m_pairCode->setEnabled(false);
    updatePairButton();
    m_pairStatus->setStyleSheet(QString());
    m_pairStatus->setText(tr("Pairing with %1\u2026").arg(where));
    m_pairStatus->show();
    appendLog(LogLevel::Info, tr("Pairing with %1").arg(where));
    // Off the GUI thread: connecting and the TLS handshake can take seconds. The
    // result comes back as a queued call; the destructor joins before this window
    // goes, so `this` outlives the thread.
    m_pairThread = std::thread([this, pair = m_pair, target, code, generation = m_pairGeneration] {
        fg::Result<std::string> result = pair(target.host, target.port, code, target.stateDir);
        QMetaObject::invokeMethod(
            this, [this, generation, result = std::move(result)] { onPaired(generation, result); },
            Qt::QueuedConnection);
    });
}

void MainWindow::onPaired(int generation, const fg::Result<std::string>& result)
{
    m_pairing = false;
    const bool current = generation == m_pairGeneration && m_pairTarget;
    const QString where = current ? hostPortText(m_pairTarget->host, m_pairTarget->port) : QString();
    if (result) {
        appendLog(LogLevel::Info,
                  tr("Paired; the server's identity %1 is pinned").arg(QString::fromStdString(*result)));
    } else {
        appendLog(LogLevel::Error, tr("Pairing failed: %1").arg(QString::fromStdString(result.error().message)));
    }
    updatePairButton();
    if (!current) return; // another job has run since: the log has it
    m_pairCode->setEnabled(true);
    if (result) {
        m_pairCode->clear(); // single use: no point keeping it
        m_pairStatus->setStyleSheet(QStringLiteral("color: %1;").arg(kGreen));
        m_pairStatus->setText(tr("Paired with %1. Its identity %2 is pinned for later connections.")
                                  .arg(where, QString::fromStdString(*result)));
        m_rerunButton->setText(m_pairTarget->dryRun ? tr("Preview again") : tr("Run again"));
        m_rerunButton->show();
        m_rerunButton->setFocus();
    } else {
        const fg::Error& e = result.error();
        m_pairStatus->setStyleSheet(QStringLiteral("color: %1;").arg(kRed));
        // The server's refusal of a wrong code is worded for the CLI; said plainly
        // here. Every other failure (a changed server identity above all) as it is.
        if (e.code == fg::Errc::AuthFailed && e.message.find("wrong pairing code") != std::string::npos) {
            m_pairStatus->setText(tr("Wrong pairing code. Use the code `floodgate serve` printed on %1; each code "
                                     "works only once.")
                                      .arg(where));
        } else {
            m_pairStatus->setText(tr("Pairing failed: %1").arg(QString::fromStdString(e.message)));
        }
        m_pairCode->setFocus();
        m_pairCode->selectAll();
    }
    updatePairButton();
}

QWidget* MainWindow::buildFilesTab()
{
    auto* tab = new QWidget;
    auto* layout = new QVBoxLayout(tab);
    layout->setContentsMargins(0, 6, 0, 0);
    layout->setSpacing(4);
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 0, 4, 0);
    m_fileCounts = new QLabel;
    m_fileCounts->setObjectName(QStringLiteral("fileCounts"));
    m_follow = new QCheckBox(tr("Follow active files"));
    m_follow->setObjectName(QStringLiteral("followCheck"));
    m_follow->setChecked(true);
    bar->addWidget(m_fileCounts, 1);
    bar->addWidget(m_follow);
    layout->addLayout(bar);

    m_fileTable = makeJobTable(tab);
    m_fileTable->setObjectName(QStringLiteral("fileTable"));
    m_fileTable->setModel(m_fileModel);
    m_fileTable->setItemDelegateForColumn(FileTableModel::ProgressColumn,
                                          new ProgressDelegate(FileTableModel::ProgressRole, m_fileTable));
    QHeaderView* header = m_fileTable->horizontalHeader();
    header->setSectionResizeMode(FileTableModel::NameColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(FileTableModel::SizeColumn, QHeaderView::Interactive);
    header->setSectionResizeMode(FileTableModel::StateColumn, QHeaderView::Interactive);
    header->setSectionResizeMode(FileTableModel::ProgressColumn, QHeaderView::Interactive);
    header->resizeSection(FileTableModel::SizeColumn, 90);
    header->resizeSection(FileTableModel::StateColumn, 120);
    header->resizeSection(FileTableModel::ProgressColumn, 150);
    layout->addWidget(m_fileTable, 1);
    // Scrolling by hand means "let me look": stop following. actionTriggered fires
    // for the user's scrolling only, not for scrollTo().
    connect(m_fileTable->verticalScrollBar(), &QScrollBar::actionTriggered, m_follow,
            [this] { m_follow->setChecked(false); });
    return tab;
}

QWidget* MainWindow::buildPreviewTab()
{
    auto* tab = new QWidget;
    auto* layout = new QVBoxLayout(tab);
    layout->setContentsMargins(0, 6, 0, 0);
    layout->setSpacing(4);
    m_planHeadline = new QLabel(tr("Preview shows what a run would copy, update and delete."));
    m_planHeadline->setObjectName(QStringLiteral("planHeadline"));
    m_planHeadline->setContentsMargins(4, 0, 4, 0);
    m_planHeadline->setWordWrap(true);
    m_planHeadline->setTextFormat(Qt::RichText);
    // "Store them as look-alikes": the same preview with --name-mapping map.
    connect(m_planHeadline, &QLabel::linkActivated, this, [this](const QString& link) {
        if (link != QStringLiteral("name-mapping:map") || !m_form->isEnabled()) return;
        m_form->setNameMapping(fg::NameMapping::Map);
        preview();
    });
    layout->addWidget(m_planHeadline);

    // Which rows: a thousand copies must not bury the three deletions.
    auto* showRow = new QHBoxLayout;
    showRow->setContentsMargins(4, 0, 4, 0);
    showRow->addWidget(new QLabel(tr("Show:")));
    m_planShow = new QComboBox;
    m_planShow->setObjectName(QStringLiteral("planShow"));
    using Show = PlanFilterModel::Show;
    for (const auto& [show, text] : std::initializer_list<std::pair<Show, QString>>{
             {Show::All, tr("Everything")}, {Show::Copies, tr("To copy")}, {Show::Updates, tr("To update")},
             {Show::Deletions, tr("To delete")}, {Show::Other, tr("Folders, links, attributes")},
             {Show::Problems, tr("Problems")}, {Show::LeftOut, tr("Left out of the run")}})
        m_planShow->addItem(text, int(show));
    showRow->addWidget(m_planShow);
    auto* leftOutHint = new QLabel(tr("Clear a row's box to leave it out of the next run."));
    leftOutHint->setStyleSheet(QStringLiteral("color: palette(placeholder-text);"));
    leftOutHint->setWordWrap(true); // never what keeps the window from narrowing
    showRow->addWidget(leftOutHint, 1);
    layout->addLayout(showRow);

    m_planFilter = new PlanFilterModel(this);
    m_planFilter->setSourceModel(m_planModel);
    connect(m_planShow, &QComboBox::currentIndexChanged, this,
            [this] { m_planFilter->setShow(PlanFilterModel::Show(m_planShow->currentData().toInt())); });
    connect(m_planModel, &PlanModel::dataChanged, this, &MainWindow::updatePreviewHeadline);

    m_planTable = makeJobTable(tab);
    m_planTable->setObjectName(QStringLiteral("planTable"));
    m_planTable->setModel(m_planFilter);
    m_planTable->setItemDelegateForColumn(PlanModel::PathColumn,
                                          new ElideRoleDelegate(PlanModel::ProblemRole, Qt::ElideRight, m_planTable));
    // The path takes what the two sides leave; each side's columns are as
    // wide as their headings or contents (Qt looks at the first thousand
    // rows, not a whole 100,000-row preview).
    QHeaderView* header = m_planTable->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(PlanModel::PathColumn, QHeaderView::Stretch);
    layout->addWidget(m_planTable, 1);
    return tab;
}

QWidget* MainWindow::buildStreamsTab()
{
    m_streamsStack = new QStackedWidget;
    m_streamsStack->setObjectName(QStringLiteral("streamsTab"));
    m_streamsEmpty = new QLabel;
    m_streamsEmpty->setObjectName(QStringLiteral("streamsEmpty"));
    m_streamsEmpty->setAlignment(Qt::AlignCenter);
    m_streamsEmpty->setWordWrap(true);
    m_streamsEmpty->setContentsMargins(24, 12, 24, 12);
    QPalette quiet = m_streamsEmpty->palette();
    quiet.setColor(QPalette::WindowText, quiet.color(QPalette::PlaceholderText));
    m_streamsEmpty->setPalette(quiet);

    auto* tablePage = new QWidget;
    auto* layout = new QVBoxLayout(tablePage);
    layout->setContentsMargins(0, 6, 0, 0);
    m_streamTable = makeJobTable(tablePage);
    m_streamTable->setObjectName(QStringLiteral("streamTable"));
    m_streamTable->setModel(m_streamModel);
    m_streamTable->setSelectionMode(QAbstractItemView::NoSelection);
    m_streamTable->setTextElideMode(Qt::ElideRight);
    QHeaderView* header = m_streamTable->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setStretchLastSection(true);
    header->setMinimumSectionSize(70);
    layout->addWidget(m_streamTable, 1);

    m_streamsStack->addWidget(m_streamsEmpty);
    m_streamsStack->addWidget(tablePage);
    updateStreamsView();
    return m_streamsStack;
}

QString MainWindow::streamsEmptyText() const { return m_streamsEmpty->text(); }

void MainWindow::updateStreamsView()
{
    const bool rows = m_streamModel->rowCount() > 0;
    m_streamsStack->setCurrentIndex(rows ? 1 : 0);
    if (rows) return;
    QString text;
    if (!m_controller->isRunning() && !m_lastResult) {
        text = tr("The data connections of a floodgate:// job appear here while it runs: rate, RTT, "
                  "congestion window and retransmits for each.");
    } else if (!m_dataStreams) {
        text = tr("One stream: local and ssh jobs do not open data connections.");
    } else if (m_dryRun) {
        text = tr("A preview moves no data, so it opens no data connections.");
    } else if (m_controller->isRunning()) {
        text = tr("Data connections appear here once the transfer starts.");
    } else {
        text = tr("This job opened no data connections.");
    }
    m_streamsEmpty->setText(text);
}

QString MainWindow::statusText() const { return m_status->text(); }

bool MainWindow::isRunning() const { return m_controller->isRunning(); }

void MainWindow::preview() { startJob(true); }

void MainWindow::run() { startJob(false); }

void MainWindow::cancel()
{
    if (!m_controller->isRunning()) return;
    m_controller->cancel();
    m_cancelButton->setEnabled(false);
    m_pauseButton->setEnabled(false);
    m_pauseAction->setEnabled(false);
    m_status->setText(tr("Cancelling\u2026"));
    appendLog(LogLevel::Warning, tr("Cancel requested"));
}

void MainWindow::runSpec(const fg::JobSpec& spec)
{
    m_form->setSpec(spec);
    m_runButton->click();
}

void MainWindow::showNotice(const QString& text)
{
    if (m_controller->isRunning()) return;
    m_status->setText(text);
}

void MainWindow::showError(const QString& title, const QString& text)
{
    showStartFailure(text);
    QMessageBox::critical(this, title, text);
}

void MainWindow::startJob(bool forceDryRun)
{
    if (m_controller->isRunning()) return;
    auto parsed = m_form->spec();
    if (!parsed) {
        m_status->setText(QString::fromStdString(parsed.error().message));
        return;
    }
    fg::JobSpec spec = std::move(parsed).value();
    if (forceDryRun) spec.options.transfer.dryRun = true;

    // The rows the preview's table had cleared are left out of this run
    // (first: an exact path's rule wins over the job's own includes).
    const bool afterPreview = !spec.options.transfer.dryRun && m_preview && m_preview->source == spec.source &&
                              m_preview->destination == spec.destination;
    if (afterPreview && !m_preview->taken) {
        m_preview->taken = true;
        m_preview->leftOut = m_planModel->exclusionRules();
        m_preview->leftOutCount = m_planModel->leftOutCount();
        m_preview->deletions = m_planModel->deletionsKept();
    }
    const int deletions = afterPreview ? m_preview->deletions : 0;
    if (afterPreview && spec.options.transfer.deleteExtraneous && deletions > 0) {
        const QString what = deletions == 1 ? tr("1 item") : tr("%1 items").arg(formatCount(uint64_t(deletions)));
        const QString question = tr("The preview found %1 on the destination that the source lacks. "
                                    "This run deletes them from %2.\n\nRun and delete them?")
                                     .arg(what, QString::fromStdString(spec.destination));
        if (!confirm(tr("Delete files on the destination?"), question, tr("Run and delete"))) {
            appendLog(LogLevel::Info, tr("Run not started: deletions not confirmed"));
            return;
        }
    }

    if (afterPreview && !m_preview->leftOut.empty()) {
        auto& filters = spec.options.transfer.filters;
        filters.insert(filters.begin(), m_preview->leftOut.begin(), m_preview->leftOut.end());
        appendLog(LogLevel::Info, tr("Left out of this run, as the preview's table says: %n item(s)", nullptr,
                                     m_preview->leftOutCount));
    }
    resetViews(spec);
    m_runJobName = m_savedJobs->currentJob().toStdString();
    auto started = m_controller->start(spec);
    if (!started) {
        showStartFailure(QString::fromStdString(started.error().message));
        offerPairing(started.error(), spec, m_dryRun);
        return;
    }
    setRunning(true);
}

void MainWindow::resetViews(const fg::JobSpec& spec)
{
    m_startedAtMs = fg::unixTimeMs();
    m_runLog.clear();
    m_dryRun = spec.options.transfer.dryRun;
    m_dataStreams = usesDataStreams(QString::fromStdString(spec.source), QString::fromStdString(spec.destination));
    m_sawPlan = false;
    m_lastResult.reset();
    m_lastSnapshot = {};
    m_rate.reset();
    m_fileModel->clear();
    m_fileModel->setDryRun(m_dryRun);
    m_planModel->clear();
    // Rows are left out of the run after a preview, not of the run showing them.
    m_planModel->setCheckable(m_dryRun);
    m_streamModel->clear();
    m_chart->clear();
    const fg::JobReach reach = fg::jobReach(spec.source, spec.destination);
    m_pipeline->clear(reach == fg::JobReach::Local ? tr("memory") : reach == fg::JobReach::Ssh ? tr("ssh") : tr("network"));
    m_chart->setPlaceholderText(m_dryRun ? tr("A preview moves no data: it only compares the two sides.")
                                         : QString());
    m_summary->hide();
    hidePairing();
    m_summaryPlain.clear();
    m_progress->setFormat(QStringLiteral("%p %"));
    m_progress->setPalette(QPalette());
    m_progress->setRange(0, 0); // busy until there is something to measure
    m_tabs->tabBar()->setTabTextColor(1, QColor());
    updatePreviewHeadline();
    updateFileCounts();

    const QString route = QString::fromStdString(spec.source) + arrow() + QString::fromStdString(spec.destination);
    m_title->setText(route);
    m_title->setToolTip(route);
    m_status->setText(stateTitle(fg::JobState::Pending));
    appendLog(LogLevel::Info, (m_dryRun ? tr("Preview: %1") : tr("Run: %1")).arg(route));
}

void MainWindow::setRunning(bool running)
{
    updateStreamsView();
    m_pipeline->setRunning(running);
    m_form->setEditable(!running);
    m_cancelButton->setEnabled(running);
    m_cancelAction->setEnabled(running);
    if (!running) showPaused(false);
    // Pause takes Preview's place while a job runs (Preview waits for the
    // end anyway): the header stays as narrow as it was.
    m_previewButton->setVisible(!running);
    m_pauseButton->setVisible(running);
    // A preview moves no data: nothing to pause.
    m_pauseButton->setEnabled(running && !m_dryRun);
    m_pauseAction->setEnabled(running && !m_dryRun);
    updateButtons();
    if (!running) {
        setWindowTitle(tr("Floodgate"));
        m_tray->setProgress({});
    }
}

void MainWindow::togglePause()
{
    if (!m_controller->isRunning()) return;
    const bool pause = !m_controller->isPaused();
    if (fg::Status st = m_controller->setPaused(pause); !st) {
        appendLog(LogLevel::Warning, tr("Cannot pause: %1").arg(QString::fromStdString(st.error().message)));
        return;
    }
    showPaused(pause);
}

void MainWindow::showPaused(bool paused)
{
    m_pauseButton->setText(paused ? tr("Resume") : tr("Pause"));
    m_pauseAction->setText(paused ? tr("Res&ume") : tr("P&ause"));
    m_tray->setPaused(paused);
    if (paused) m_status->setText(tr("Paused") + kDot + statusLine(m_lastSnapshot, 0));
}

void MainWindow::applySetting(const QString& setting) { applySettings({setting}); }

void MainWindow::applySettings(const QStringList& settings)
{
    if (m_controller->isRunning()) return; // the button waits for the end; a late click does nothing
    const QString what = settings.join(QLatin1Char(' '));
    auto spec = m_form->spec();
    if (!spec.ok()) {
        showError(tr("Cannot apply %1").arg(what), QString::fromStdString(spec.error().message));
        return;
    }
    for (const QString& setting : settings) {
        if (fg::Status applied = fg::applyOptionSetting(spec->options, setting.toStdString()); !applied) {
            showError(tr("Cannot apply %1").arg(setting), QString::fromStdString(applied.error().message));
            return;
        }
    }
    m_form->setSpec(*spec);
    appendLog(LogLevel::Info, tr("Applied %1 to the form: the next run uses it").arg(what));
    m_status->setText(tr("%1 is in the form: Run to try it").arg(what));
}

void MainWindow::openLab()
{
    // One lab window at a time: another click brings it forward, with its
    // experiment (running or done) as it is. Closed, the next opens on the
    // form as it is then.
    if (m_lab) {
        m_lab->raise();
        m_lab->activateWindow();
        return;
    }
    auto spec = m_form->spec();
    if (!spec.ok()) {
        m_status->setText(QString::fromStdString(spec.error().message));
        return;
    }
    m_lab = new LabWindow(QString::fromStdString(spec->destination), spec->options, {}, this);
    m_lab->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_lab, &LabWindow::applySettings, this, &MainWindow::applySettings);
    m_lab->show();
}

void MainWindow::updateButtons()
{
    const bool idle = !m_controller->isRunning();
    const bool ready = idle && m_form->isComplete();
    m_previewButton->setEnabled(ready);
    m_runButton->setEnabled(ready);
    m_previewAction->setEnabled(ready);
    m_runAction->setEnabled(ready);
    // Not beside a running job: the two would share the link and the lab's
    // numbers would measure both.
    m_labButton->setEnabled(ready);
}

bool MainWindow::confirm(const QString& title, const QString& question, const QString& yes)
{
    return m_confirm ? m_confirm(title, question, yes) : false;
}

void MainWindow::onStateChanged(fg::JobState state)
{
    appendLog(LogLevel::Detail, tr("State: %1").arg(QString::fromUtf8(fg::jobStateName(state))));
    m_lastSnapshot.state = state;
    if (state == fg::JobState::Transferring || state == fg::JobState::Finishing) {
        m_progress->setRange(0, kProgressScale);
    }
    if (m_controller->isRunning() && !m_controller->cancelRequested()) {
        m_status->setText(statusLine(m_lastSnapshot, m_rate.smoothed()));
    }
}

void MainWindow::onPlanned(const std::vector<fg::PlanItem>& items)
{
    m_planModel->addItems(items);
    m_fileModel->addPlanned(items);
    updatePreviewHeadline();
    // A preview is about its plan: show it as soon as the first batch arrives.
    if (m_dryRun && !m_sawPlan) m_tabs->setCurrentIndex(1);
    m_sawPlan = true;
}

void MainWindow::onFilesFailed(const std::vector<fg::event::FileFailed>& files)
{
    m_fileModel->markFailed(files);
    std::vector<std::pair<LogLevel, QString>> lines;
    lines.reserve(files.size());
    for (const auto& f : files) {
        lines.emplace_back(LogLevel::Error, QString::fromStdString(f.path) + QStringLiteral(": ") +
                                                QString::fromStdString(f.error.message));
    }
    appendLogLines(lines);
}

void MainWindow::onLogged(const std::vector<fg::event::Log>& entries)
{
    std::vector<std::pair<LogLevel, QString>> lines;
    lines.reserve(entries.size());
    for (const auto& e : entries) {
        const LogLevel level = e.level == fg::event::Log::Level::Error     ? LogLevel::Error
                               : e.level == fg::event::Log::Level::Warning ? LogLevel::Warning
                                                                           : LogLevel::Info;
        if (level != LogLevel::Info && m_runLog.size() < fg::kMaxRecordedLog)
            m_runLog.push_back({level == LogLevel::Error ? fg::RunLogLine::Level::Error : fg::RunLogLine::Level::Warning,
                                e.message});
        lines.emplace_back(level, QString::fromStdString(e.message));
    }
    appendLogLines(lines);
}

void MainWindow::onSnapshot(const fg::MetricsSnapshot& snapshot)
{
    m_lastSnapshot = snapshot;
    const int streamRows = m_streamModel->rowCount();
    m_streamModel->applySnapshot(snapshot.elapsedSec, snapshot.streams);
    if (m_streamModel->rowCount() != streamRows) updateStreamsView();
    if (!m_dryRun && m_rate.add(snapshot.elapsedSec, snapshot.bytesDone)) {
        std::vector<ThroughputChart::StreamRate> streams;
        streams.reserve(size_t(m_streamModel->rowCount()));
        for (int row = 0; row < m_streamModel->rowCount(); ++row) {
            // No rate yet (its first snapshot came right after the last one): no point yet.
            if (m_streamModel->hasRate(row)) streams.push_back({m_streamModel->streamIndex(row), m_streamModel->rate(row)});
        }
        m_chart->addSample(snapshot.elapsedSec, m_rate.instantaneous(), m_rate.smoothed(), streams);
    }
    if (!m_dryRun) {
        m_pipeline->applySnapshot(snapshot, m_rate.smoothed());
        m_chart->setBottleneckTimeline(snapshot.bottleneckTimeline);
    }
    m_fileModel->applyActive(snapshot.active);
    m_fileModel->flush();
    updateFileCounts();
    updateProgress(snapshot);
    if (!m_controller->cancelRequested()) {
        // Paused, the smoothed rate only decays: no rate, so no ETA to promise.
        const bool paused = m_controller->isPaused();
        const QString line = statusLine(snapshot, paused ? 0 : m_rate.smoothed());
        m_status->setText(paused ? tr("Paused") + kDot + line : line);
    }

    if (m_follow->isChecked() && m_tabs->currentIndex() == 0) {
        const int row = m_fileModel->lastActiveRow();
        // Centred: what finished just now above it, what comes next below.
        if (row >= 0) m_fileTable->scrollTo(m_fileModel->index(row, 0), QAbstractItemView::PositionAtCenter);
    }
}

void MainWindow::updateProgress(const fg::MetricsSnapshot& s)
{
    switch (s.state) {
    case fg::JobState::Pending:
    case fg::JobState::Connecting:
    case fg::JobState::Scanning:
    case fg::JobState::Planning:
        m_progress->setRange(0, 0);
        return;
    default:
        break;
    }
    m_progress->setRange(0, kProgressScale);
    // Nothing to transfer is all done, but only for a job that got there: a preview
    // that failed to connect has nothing to transfer too, and is not complete.
    const bool stopped = s.state == fg::JobState::Failed || s.state == fg::JobState::Cancelled;
    const double fraction = s.bytesToTransfer == 0 ? (s.filesToTransfer == 0 && !stopped ? 1.0 : 0.0)
                                                   : double(s.bytesDone) / double(s.bytesToTransfer);
    const int value = int(std::clamp(fraction, 0.0, 1.0) * kProgressScale);
    m_progress->setValue(value);
    if (m_controller->isRunning()) {
        setWindowTitle(tr("%1 % \u2014 Floodgate").arg(value / 10));
        m_tray->setProgress(tr("%1: %2 % \u00b7 %3")
                                .arg(runName())
                                .arg(value / 10)
                                .arg(formatRate(m_controller->isPaused() ? 0 : m_rate.smoothed())));
    }
}

void MainWindow::updateFileCounts()
{
    using S = FileTableModel::FileState;
    const auto* m = m_fileModel;
    if (m->totalFiles() == 0) {
        m_fileCounts->setText(tr("No files yet"));
        return;
    }
    QStringList parts;
    parts << tr("%1 files").arg(formatCount(uint64_t(m->totalFiles())));
    if (m->count(S::Active)) parts << tr("%1 active").arg(formatCount(uint64_t(m->count(S::Active))));
    if (m->count(S::Done)) parts << tr("%1 done").arg(formatCount(uint64_t(m->count(S::Done))));
    if (m->count(S::Queued)) parts << tr("%1 queued").arg(formatCount(uint64_t(m->count(S::Queued))));
    QString text = parts.join(kDot);
    if (m->count(S::Failed)) {
        text += kDot + QStringLiteral("<span style=\"color:%1\">%2</span>")
                           .arg(kRed, tr("%1 failed").arg(formatCount(uint64_t(m->count(S::Failed)))));
    }
    if (m->rolling())
        text += kDot + html(tr("too many to list: the %1 most recent are shown, failures are in the log")
                                .arg(formatCount(uint64_t(m->rowCount()))));
    m_fileCounts->setText(text);
}

void MainWindow::updatePreviewHeadline()
{
    if (m_planModel->rowCount() == 0) {
        m_planHeadline->setText(m_sawPlan || m_lastResult ? tr("Nothing to do: the destination is up to date.")
                                                          : tr("Preview shows what a run would copy, update and "
                                                               "delete, before anything is changed."));
        return;
    }
    QString text = html(m_planModel->summary());
    const int deletions = m_planModel->deletionsKept(); // those left out of the run are not
    if (deletions > 0) {
        const QString warning = deletions == 1 ? tr("1 item on the destination will be deleted.")
                                               : tr("%1 items on the destination will be deleted.")
                                                     .arg(formatCount(uint64_t(deletions)));
        text += QStringLiteral("<br><span style=\"color:%1; font-weight:600\">%2</span>").arg(kRed, html(warning));
        m_tabs->tabBar()->setTabTextColor(1, QColor(kRed));
    }
    const int problems = m_planModel->problemCount();
    if (problems > 0) {
        QString warning;
        if (m_planModel->collisionCount() == problems) {
            warning = problems == 1 ? tr("1 file would not be written: its name collides with another on the "
                                         "destination (the red row at the top says which).")
                                    : tr("%1 files would not be written: their names collide with others on the "
                                         "destination (the red rows at the top say which).")
                                          .arg(formatCount(uint64_t(problems)));
        } else if (m_planModel->nameProblemCount() == problems) {
            warning = problems == 1 ? tr("1 file would not be written: the destination cannot hold its name (the "
                                         "red row at the top says why).")
                                    : tr("%1 files would not be written: the destination cannot hold their names "
                                         "(the red rows at the top say why).")
                                          .arg(formatCount(uint64_t(problems)));
        } else {
            warning = problems == 1 ? tr("1 file has an error: a run would leave it out (the red row at the top "
                                         "says why).")
                                    : tr("%1 files have errors: a run would leave them out (the red rows at the "
                                         "top say why).")
                                          .arg(formatCount(uint64_t(problems)));
        }
        text += QStringLiteral("<br><span style=\"color:%1; font-weight:600\">%2</span>").arg(kRed, html(warning));
        // Names that do not fit: the way out, one click away, as a new preview.
        if (m_planModel->nameProblemCount() > 0 && m_form->nameMapping() == fg::NameMapping::Refuse) {
            text += QStringLiteral("<br><a href=\"name-mapping:map\">%1</a> %2")
                        .arg(html(tr("Store such names as look-alikes instead")),
                             html(tr("(a:b becomes a\uFF1A" "b with a full-width colon, CON \uFF23ON; syncing back "
                                     "with the same choice restores them)")));
        }
        m_tabs->tabBar()->setTabTextColor(1, QColor(kRed));
    }
    m_planHeadline->setText(text);
}

void MainWindow::recordInHistory(const fg::JobResult& result)
{
    const fg::JobSpec& spec = m_controller->spec();
    fg::RunRecord record = fg::runRecordOf(spec, result, fg::exitCodeFor(result), m_startedAtMs);
    record.origin = "gui";
    record.job = m_runJobName;
    if (auto args = fg::cli::syncArgsFor(spec); args.ok()) record.command = fg::shellQuoted(*args);
    record.log = std::move(m_runLog);
    m_runLog.clear();
    if (result.state == fg::JobState::Failed && record.log.size() < fg::kMaxRecordedLog)
        record.log.push_back({fg::RunLogLine::Level::Error, result.fatal.message});
    m_history->record(spec.options.stateDir, std::move(record));
}

void MainWindow::onFinished(const fg::JobResult& result)
{
    m_lastResult = result;
    recordInHistory(result);
    m_streamModel->finish();
    m_fileModel->finishJob(result.state);
    m_fileModel->flush();
    updateFileCounts();
    // A job over before the first tick still gets a point: its average rate.
    if (!m_dryRun && m_chart->plottedPoints() == 0 && m_lastSnapshot.elapsedSec > 0) {
        const double average = double(m_lastSnapshot.bytesDone) / m_lastSnapshot.elapsedSec;
        m_chart->addSample(m_lastSnapshot.elapsedSec, average, average);
    }
    if (!m_dryRun) {
        // The job's own verdict and timeline stay for its summary.
        m_pipeline->applyResult(result);
        m_chart->setBottleneckTimeline(result.bottleneckTimeline);
    }
    m_progress->setRange(0, kProgressScale);
    if (result.state == fg::JobState::Done) m_progress->setValue(kProgressScale);
    if (result.state == fg::JobState::Failed) showProgressFailed();

    // A preview lists what a run would not write with what it would: the engine
    // reports those (name collisions above all) as per-file errors, not as plan items.
    if (m_dryRun) m_planModel->addProblems(result.errors);
    if (m_dryRun && result.state == fg::JobState::Done) {
        const auto& spec = m_controller->spec();
        m_preview.emplace();
        m_preview->source = spec.source;
        m_preview->destination = spec.destination;
        m_status->setText(tr("Preview") + kDot + m_planModel->summary());
    } else if (result.state == fg::JobState::Failed) {
        // The reason is in the summary just below, wrapped: said once, not twice
        // (an unpaired client's is a paragraph). The log keeps the whole line.
        m_status->setText(tr("Failed after %1").arg(formatDuration(result.seconds)));
    } else {
        m_status->setText(resultLine(result, m_dryRun));
    }
    // A run done as the preview said has used up its choices.
    if (!m_dryRun && result.state == fg::JobState::Done) m_preview.reset();
    updatePreviewHeadline();
    showSummary(result);
    if (result.state == fg::JobState::Failed) offerPairing(result.fatal, m_controller->spec(), m_dryRun);
    setRunning(false);
    notifyEnd(result);
}

void MainWindow::showSummary(const fg::JobResult& r)
{
    struct Stat {
        QString value;
        QString label;
    };
    std::vector<Stat> stats;
    QString title, colour;
    switch (r.state) {
    case fg::JobState::Done:
        title = m_dryRun ? tr("Preview finished \u2014 nothing was changed") : tr("Done");
        // A preview that found errors is not all clear: amber, as a run with errors.
        colour = r.errors.empty() ? (m_dryRun ? kBlue : kGreen) : kAmber;
        break;
    case fg::JobState::Cancelled:
        title = tr("Cancelled");
        colour = kAmber;
        break;
    case fg::JobState::Failed:
        title = tr("Failed: %1").arg(QString::fromStdString(r.fatal.message));
        if (r.fatal.code == fg::Errc::NotPaired) {
            // The pair panel below says what to do: the daemon's advice for the CLI
            // (and this client's fingerprint, a long unbreakable word) stay in the log.
            if (const auto daemon = daemonEndpoint(m_controller->spec())) {
                title = tr("Failed: this computer is not paired with %1").arg(hostPortText(daemon->host, daemon->port));
            }
        }
        colour = kRed;
        break;
    default:
        title = stateTitle(r.state);
        colour = kBlue;
        break;
    }

    if (m_dryRun) {
        stats.push_back({formatCount(uint64_t(m_planModel->count(fg::FileAction::Copy))), tr("to copy")});
        stats.push_back({formatCount(uint64_t(m_planModel->count(fg::FileAction::Update))), tr("to update")});
        stats.push_back({formatCount(uint64_t(m_planModel->count(fg::FileAction::Delete))), tr("to delete")});
        stats.push_back({formatBytes(m_planModel->bytes(fg::FileAction::Copy) +
                                     m_planModel->bytes(fg::FileAction::Update)),
                         tr("to transfer")});
    } else {
        stats.push_back({formatCount(r.filesTransferred),
                         r.filesTransferred == 1 ? tr("file transferred") : tr("files transferred")});
        stats.push_back({formatCount(r.filesDeleted), tr("deleted")});
        stats.push_back({formatBytes(r.bytesTransferred), tr("of data")});
        if (r.wireBytes > 0) stats.push_back({formatBytes(r.wireBytes), tr("on the wire")});
    }
    stats.push_back({formatDuration(r.seconds), tr("elapsed")});
    if (!m_dryRun && r.seconds > 0 && r.bytesTransferred > 0) {
        stats.push_back({formatRate(double(r.bytesTransferred) / r.seconds), tr("average")});
    }
    if (!r.errors.empty()) {
        stats.push_back({formatCount(r.errors.size()), r.errors.size() == 1 ? tr("error") : tr("errors")});
    }

    QStringList htmlStats, plainStats;
    for (const auto& s : stats) {
        // Unbroken inside a stat: a line may wrap between "600 MB of data" and
        // "59 MB/s average", never inside one. Qt's rich text ignores white-space:nowrap
        // on a span and breaks after '/', hence no-break spaces and a word joiner.
        auto unbroken = [](const QString& text) {
            QString out = html(text);
            out.replace(QLatin1Char(' '), QStringLiteral("&nbsp;"));
            out.replace(QLatin1Char('/'), QStringLiteral("/\u2060"));
            return out;
        };
        htmlStats << QStringLiteral("<b>%1</b>&nbsp;%2").arg(unbroken(s.value), unbroken(s.label));
        plainStats << s.value + QLatin1Char(' ') + s.label;
    }
    QString body = htmlStats.join(QStringLiteral(" &nbsp;\u00b7&nbsp; "));
    QString plain = plainStats.join(kDot);

    if (!r.errors.empty()) {
        QStringList items, plainItems;
        for (size_t i = 0; i < r.errors.size() && i < kSummaryErrors; ++i) {
            const QString path = QString::fromStdString(r.errors[i].path);
            const QString message = QString::fromStdString(r.errors[i].error.message);
            items << QStringLiteral("<li><b>%1</b> \u2014 %2</li>").arg(html(path), html(message));
            plainItems << path + QStringLiteral(": ") + message;
        }
        if (r.errors.size() > kSummaryErrors) {
            const QString more = tr("and %1 more (see the Log tab)").arg(formatCount(r.errors.size() - kSummaryErrors));
            items << QStringLiteral("<li>%1</li>").arg(html(more));
            plainItems << more;
        }
        body += QStringLiteral("<ul style=\"margin:4px 0 0 -24px; color:%1\">%2</ul>").arg(kRed, items.join(QString()));
        plain += QLatin1Char('\n') + plainItems.join(QLatin1Char('\n'));
    }
    setSummary(title, colour, body, title + QLatin1Char('\n') + plain);

    QString logLine = resultLine(r, m_dryRun);
    if (m_dryRun && r.state == fg::JobState::Done) logLine += kDot + m_planModel->summary();
    appendLog(r.state == fg::JobState::Done ? LogLevel::Info
              : r.state == fg::JobState::Failed ? LogLevel::Error
                                                : LogLevel::Warning,
              logLine);
}

void MainWindow::showProgressFailed()
{
    m_progress->setRange(0, kProgressScale);
    // What the job moved before it failed stays; a bar that was never filled (or
    // was reset, value -1, which shows no text) starts from 0.
    m_progress->setValue(std::max(m_progress->value(), 0));
    m_progress->setFormat(tr("Failed"));
    QPalette p = m_progress->palette();
    p.setColor(QPalette::Highlight, QColor(kRed));
    m_progress->setPalette(p);
}

void MainWindow::showStartFailure(const QString& message)
{
    m_progress->setRange(0, kProgressScale);
    m_progress->setValue(0); // nothing moved
    showProgressFailed();
    m_status->setText(tr("Could not start"));
    setSummary(tr("Could not start"), kRed, html(message), tr("Could not start") + QLatin1Char('\n') + message);
    appendLog(LogLevel::Error, tr("Could not start: %1").arg(message));
    setRunning(false);
}

void MainWindow::setSummary(const QString& title, const QString& colour, const QString& body, const QString& plain)
{
    setOutcomeColour(m_summary, m_summaryTitle, colour);
    m_summaryTitle->setText(title);
    m_summaryBody->setText(body);
    m_summaryPlain = plain;
    m_summary->show();
}

void MainWindow::appendLog(LogLevel level, const QString& text) { appendLogLines({{level, text}}); }

void MainWindow::appendLogLines(const std::vector<std::pair<LogLevel, QString>>& lines)
{
    if (lines.empty()) return;
    const QString time = QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss"));
    QStringList out;
    out.reserve(qsizetype(lines.size()));
    for (const auto& [level, text] : lines) {
        QString colour;
        switch (level) {
        case LogLevel::Error: colour = kRed; break;
        case LogLevel::Warning: colour = kAmber; break;
        case LogLevel::Detail: colour = QStringLiteral("#78909c"); break;
        case LogLevel::Info: break;
        }
        const QString line = QStringLiteral("<span style=\"color:#90a4ae\">%1</span>&nbsp;&nbsp;%2").arg(time, html(text));
        out << (colour.isEmpty() ? line : QStringLiteral("<span style=\"color:%1\">%2</span>").arg(colour, line));
    }
    // One block per batch: a burst of a thousand failures is one append, not a thousand.
    m_log->appendHtml(out.join(QStringLiteral("<br>")));
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (m_controller->isRunning()) {
        if (!confirm(tr("A transfer is running"), tr("Cancel the transfer and quit? Files already "
                                                     "transferred stay; none is left half-written."),
                     tr("Cancel and quit"))) {
            event->ignore();
            return;
        }
        m_controller->cancel();
    }
    saveWindowState();
    if (m_historyWindow) m_historyWindow->close();
    event->accept();
}

} // namespace fgui
