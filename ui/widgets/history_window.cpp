#include "widgets/history_window.h"

#include "charts/history_chart.h"
#include "models/history_model.h"
#include "widgets/window_parts.h"

#include <floodgate/saved_jobs.h>

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <set>

namespace fgui {
namespace {

// Enough for a chart of months of nightly runs; the CLI reads further back.
constexpr size_t kRunsShown = 1000;

QString qs(const std::string& s) { return QString::fromStdString(s); }

} // namespace

HistoryWindow::HistoryWindow(QWidget* parent) : QWidget(parent, Qt::Window)
{
    setObjectName(QStringLiteral("historyWindow"));
    setWindowTitle(tr("History \u2014 Floodgate"));
    resize(1000, 680);
    m_model = new HistoryModel(this);

    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Job:")));
    m_jobs = new QComboBox;
    m_jobs->setObjectName(QStringLiteral("historyJobs"));
    m_jobs->setMinimumContentsLength(18);
    m_jobs->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    top->addWidget(m_jobs);
    m_count = new QLabel;
    m_count->setObjectName(QStringLiteral("historyCount"));
    top->addWidget(m_count, 1);
    auto* refresh = new QPushButton(tr("Refresh"));
    refresh->setToolTip(tr("Read the history again (runs from the command line or a schedule appear)"));
    top->addWidget(refresh);

    m_problem = new QLabel;
    m_problem->setObjectName(QStringLiteral("historyProblem"));
    m_problem->setWordWrap(true);
    m_problem->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problem->setStyleSheet(QStringLiteral("color: #b3261e;"));
    m_problem->hide();

    m_chart = new HistoryChart;
    m_chart->setObjectName(QStringLiteral("historyChart"));
    m_chart->setPlaceholderText(tr("No runs yet: each run of this job adds its rate and duration here."));

    m_table = makeTable(this, Qt::ElideRight);
    m_table->setObjectName(QStringLiteral("historyTable"));
    m_table->setModel(m_model);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);

    auto* details = new QWidget;
    auto* detailsLayout = new QVBoxLayout(details);
    detailsLayout->setContentsMargins(0, 0, 0, 0);
    m_report = new QPlainTextEdit;
    m_report->setObjectName(QStringLiteral("historyReport"));
    m_report->setReadOnly(true);
    m_report->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_report->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_report->setPlaceholderText(tr("Choose a run to see its command, errors and log."));
    detailsLayout->addWidget(m_report, 1);
    auto* exportRow = new QHBoxLayout;
    exportRow->addStretch(1);
    m_export = new QPushButton(tr("Export\u2026"));
    m_export->setObjectName(QStringLiteral("historyExport"));
    m_export->setToolTip(tr("Save this run's command, errors and log to a text file"));
    exportRow->addWidget(m_export);
    detailsLayout->addLayout(exportRow);

    auto* split = new QSplitter(Qt::Horizontal);
    split->setChildrenCollapsible(false);
    split->addWidget(makeCard(m_table, QStringLiteral("historyTableCard"), QMargins(0, 0, 0, 0)));
    split->addWidget(details);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* vsplit = new QSplitter(Qt::Vertical);
    vsplit->setChildrenCollapsible(false);
    vsplit->addWidget(makeCard(m_chart, QStringLiteral("historyChartCard"), QMargins(6, 4, 6, 4)));
    vsplit->addWidget(split);
    vsplit->setStretchFactor(0, 2);
    vsplit->setStretchFactor(1, 3);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(14, 14, 14, 14);
    layout->addLayout(top);
    layout->addWidget(m_problem);
    layout->addWidget(vsplit, 1);

    m_askPath = [this](const QString& suggestion) {
        return QFileDialog::getSaveFileName(this, tr("Export the run"), suggestion, tr("Text files (*.txt)"));
    };
    connect(refresh, &QPushButton::clicked, this, &HistoryWindow::reload);
    connect(m_jobs, &QComboBox::activated, this, [this] { showJob(job()); });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &HistoryWindow::showChosenRun);
    connect(m_export, &QPushButton::clicked, this, &HistoryWindow::exportRun);
    m_export->setEnabled(false);
}

HistoryWindow::~HistoryWindow() = default;

void HistoryWindow::setStateDir(std::string stateDir)
{
    m_stateDir = std::move(stateDir);
    m_db.reset();
    reload();
}

QString HistoryWindow::job() const { return m_jobs->currentData().toString(); }

QStringList HistoryWindow::jobChoices() const
{
    QStringList names;
    for (int i = 1; i < m_jobs->count(); ++i) names << m_jobs->itemData(i).toString();
    return names;
}

QString HistoryWindow::reportText() const { return m_report->toPlainText(); }

QString HistoryWindow::problem() const { return m_problem->isHidden() ? QString() : m_problem->text(); }

std::optional<fg::History>& HistoryWindow::database()
{
    if (!m_db) {
        auto opened = fg::History::open(fg::History::pathIn(m_stateDir));
        if (opened.ok()) m_db.emplace(std::move(opened).value());
        else cannotRead(opened.error());
    }
    return m_db;
}

void HistoryWindow::showJob(const QString& name)
{
    int index = m_jobs->findData(name);
    if (index < 0) {
        // A job with no runs yet still gets its (empty) history shown.
        m_jobs->addItem(name, name);
        index = m_jobs->count() - 1;
    }
    m_jobs->setCurrentIndex(index);
    reload();
}

void HistoryWindow::reload()
{
    setProblem({});
    const int64_t chosen = m_chosen ? m_chosen->id : 0;
    std::vector<fg::RunRecord> shown;
    if (auto& db = database()) {
        auto every = db->runs({}, kRunsShown);
        if (every.ok()) {
            fillJobChoices(*every);
            if (job().isEmpty()) shown = std::move(every).value();
            else if (auto runs = db->runs(job().toStdString(), kRunsShown); runs.ok()) shown = std::move(runs).value();
            else cannotRead(runs.error());
        } else {
            cannotRead(every.error());
        }
    }
    const std::vector<std::string> missing = fg::missingRunNotes(m_stateDir);
    if (!missing.empty()) {
        QString text = m_problem->isHidden() ? QString() : m_problem->text() + QLatin1Char('\n');
        text += tr("%n run(s) could not be recorded; the last: %1", nullptr, int(missing.size())).arg(qs(missing.back()));
        setProblem(text);
    }
    m_chart->setRuns(shown);
    m_model->setRuns(std::move(shown));
    m_count->setText(tr("%n run(s)", nullptr, m_model->rowCount()));
    if (!chosen || !selectRun(chosen)) {
        m_chosen.reset();
        m_report->clear();
        m_export->setEnabled(false);
    }
}

void HistoryWindow::fillJobChoices(const std::vector<fg::RunRecord>& everyRun)
{
    std::set<std::string> names;
    for (const fg::RunRecord& r : everyRun)
        if (!r.job.empty()) names.insert(r.job);
    if (auto listing = fg::JobStore::inStateDir(m_stateDir).list(); listing.ok())
        for (const fg::SavedJob& j : listing->jobs) names.insert(j.name);
    const QString current = job();
    if (!current.isEmpty()) names.insert(current.toStdString());
    m_jobs->clear();
    m_jobs->addItem(tr("All jobs"), QString());
    for (const std::string& n : names) m_jobs->addItem(qs(n), qs(n));
    m_jobs->setCurrentIndex(std::max(0, m_jobs->findData(current)));
}

bool HistoryWindow::selectRun(int64_t id)
{
    const int row = m_model->rowOf(id);
    if (row < 0) return false;
    m_table->setCurrentIndex(m_model->index(row, 0));
    m_table->scrollTo(m_model->index(row, 0));
    showChosenRun();
    return m_chosen && m_chosen->id == id;
}

void HistoryWindow::showChosenRun()
{
    const fg::RunRecord* row = m_model->runAt(m_table->currentIndex().row());
    m_chosen.reset();
    m_report->clear();
    m_export->setEnabled(false);
    if (!row) return;
    auto& db = database();
    if (!db) return;
    auto whole = db->run(row->id);
    if (!whole.ok()) {
        m_report->setPlainText(tr("This run cannot be read: %1").arg(qs(whole.error().message)));
        return;
    }
    m_chosen = std::move(whole).value();
    m_report->setPlainText(qs(fg::runReportText(*m_chosen)));
    m_export->setEnabled(true);
}

bool HistoryWindow::exportRun()
{
    if (!m_chosen) return false;
    const QString name = QStringLiteral("floodgate-run-%1.txt").arg(m_chosen->id);
    const QString path = m_askPath ? m_askPath(QDir::home().filePath(name)) : QString();
    if (path.isEmpty()) return false;
    QSaveFile file(path);
    const QByteArray text = QByteArray::fromStdString(fg::runReportText(*m_chosen));
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size() || !file.commit()) {
        setProblem(tr("The run could not be exported to %1: %2").arg(path, file.errorString()));
        return false;
    }
    setProblem({});
    return true;
}

void HistoryWindow::cannotRead(const fg::Error& why)
{
    setProblem(tr("The history cannot be read: %1").arg(qs(why.message)));
}

void HistoryWindow::setProblem(const QString& text)
{
    m_problem->setText(text);
    m_problem->setVisible(!text.isEmpty());
}

} // namespace fgui
