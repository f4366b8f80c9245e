#include "lab/lab_setup_panel.h"

#include "widgets/form_hints.h"
#include "widgets/format.h"
#include "widgets/job_form.h"
#include "widgets/wheel_guard.h"

#include <floodgate/endpoint.h>

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QHash>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>

namespace fgui {
namespace {

// The runner's default, and what fewer cannot tell from noise.
constexpr int kDefaultRuns = 3;
constexpr int kMaxRuns = 100; // as the CLI's --runs
constexpr int kDefaultBudgetMinutes = 15;
constexpr int kMaxBudgetMinutes = 24 * 60;

QString qs(const std::string& s) { return QString::fromStdString(s); }

// The core words its messages for the command line ("--vary streams=x:
// --streams: 'x' is not a number ..."). Next to the field the factor and its
// option are plain: what is left names the level (once) and what is wrong.
QString levelsMessage(const QString& factor, const std::string& message)
{
    QString text = qs(message);
    const QString vary = QStringLiteral("--vary ") + factor;
    if (text.startsWith(vary + QStringLiteral(": "))) {
        text.remove(0, vary.size() + 2);
        if (!text.isEmpty()) text[0] = text[0].toUpper();
        return text;
    }
    if (!text.startsWith(vary + QLatin1Char('='))) return text;
    text.remove(0, vary.size() + 1); // "x: --streams: 'x' is not ..."
    const qsizetype colon = text.indexOf(QStringLiteral(": "));
    if (colon < 0) return text;
    const QString level = text.left(colon);
    QString reason = text.mid(colon + 2);
    if (reason.startsWith(QLatin1String("--"))) {
        const qsizetype end = reason.indexOf(QStringLiteral(": "));
        if (end > 0 && !reason.left(end).contains(QLatin1Char(' '))) reason.remove(0, end + 2);
    }
    // The level in its own case, and not twice when the reason quotes it.
    if (reason.contains(QLatin1Char('\'') + level + QLatin1Char('\''))) return reason;
    return level + QStringLiteral(": ") + reason;
}

QString workloadMessage(const std::string& message)
{
    QString text = qs(message);
    if (text.startsWith(QStringLiteral("--workload "))) {
        const qsizetype colon = text.indexOf(QStringLiteral(": "));
        if (colon > 0) text.remove(0, colon + 2);
    }
    if (!text.isEmpty()) text[0] = text[0].toUpper();
    return text;
}

// "about 40 s", "about 6 min", "about 1 h 20 min": an estimate, said as one.
QString aboutDuration(double seconds)
{
    if (seconds < 90) return LabSetupPanel::tr("about %1 s").arg(std::max(1L, std::lround(seconds / 5) * 5));
    const long minutes = std::lround(seconds / 60);
    if (minutes < 90) return LabSetupPanel::tr("about %1 min").arg(minutes);
    return LabSetupPanel::tr("about %1 h %2 min").arg(minutes / 60).arg(minutes % 60);
}

// One group of the panel's fields under its bold heading; the caller adds the
// fields to `layout`.
struct Section {
    QWidget* box;
    QVBoxLayout* layout;
};

Section makeSection(const QString& heading, int spacing)
{
    auto* box = new QWidget;
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(spacing);
    layout->addWidget(makeHeading(heading, box));
    return {box, layout};
}

// Fields beside their names, as wide as the panel lets them be.
QFormLayout* makeFieldForm()
{
    auto* form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    return form;
}

} // namespace

QString LabSetupPanel::defaultLevels(const QString& factor)
{
    // Levels that tell something on most links: the stream counts around the
    // usual knee, the two fast ciphers (with and without AES in hardware), no /
    // cheap / moderate compression. Congestion and chunk size matter on long
    // links only, fsync on slow disks only: off until asked for.
    static const QHash<QString, QString> kLevels = {
        {QStringLiteral("streams"), QStringLiteral("1,2,4,8,auto")},
        {QStringLiteral("cipher"), QStringLiteral("aes128-gcm,chacha20-poly1305")},
        {QStringLiteral("compress"), QStringLiteral("none,lz4,zstd:1,zstd:3")},
        {QStringLiteral("chunk-size"), QStringLiteral("1M,8M,64M")},
        {QStringLiteral("congestion"), QStringLiteral("bbr,cubic")},
        {QStringLiteral("checksum"), QStringLiteral("xxh3,xxh128,sha256")},
        {QStringLiteral("fsync"), QStringLiteral("none,end,file")},
    };
    return kLevels.value(factor);
}

LabSetupPanel::LabSetupPanel(QWidget* parent) : QWidget(parent)
{
    m_fields = new QWidget;
    auto* fields = new QVBoxLayout(m_fields);
    fields->setContentsMargins(0, 0, 12, 0);
    fields->setSpacing(6);
    fields->addWidget(buildTarget());
    fields->addSpacing(6);
    fields->addWidget(buildFactors());
    fields->addSpacing(6);
    fields->addWidget(buildWorkload());
    fields->addSpacing(6);
    fields->addWidget(buildRunsAndTime());
    fields->addStretch(1);

    auto* scroll = new QScrollArea;
    scroll->setWidget(m_fields);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(8);
    layout->addWidget(scroll, 1);
    layout->addWidget(buildFooter());
    // A wheel over the panel scrolls it, not the choice under the pointer (as in
    // the job form).
    WheelGuard::guardFields(m_fields);

    validateWorkload();
    setTarget(QString()); // validates the factors; says there is no target until one is set
}

QWidget* LabSetupPanel::buildTarget()
{
    const auto [box, layout] = makeSection(tr("Target"), 3);
    m_targetLabel = new QLabel;
    m_targetLabel->setObjectName(QStringLiteral("targetLabel"));
    m_targetLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    wrapWithinWidth(m_targetLabel);
    layout->addWidget(m_targetLabel);
    m_targetHint = makeHint(box);
    m_targetHint->setObjectName(QStringLiteral("targetHint"));
    layout->addWidget(m_targetHint);
    return box;
}

QWidget* LabSetupPanel::buildFactors()
{
    const auto [box, layout] = makeSection(tr("Vary"), 3);
    auto* intro = makeHint(box);
    intro->setText(tr("Check the factors to try and list their levels; every combination is a setting."));
    layout->addWidget(intro);
    auto* grid = new QGridLayout;
    grid->setContentsMargins(0, 4, 0, 0);
    grid->setHorizontalSpacing(8);
    grid->setVerticalSpacing(2);
    grid->setColumnStretch(1, 1);
    int line = 0;
    for (const auto& [name, help] : fg::labFactorHelp()) {
        FactorRow row;
        row.name = qs(name);
        row.help = qs(help);
        row.check = new QCheckBox(row.name);
        row.check->setObjectName(QStringLiteral("factor-") + row.name);
        row.check->setToolTip(row.help);
        row.levels = new QLineEdit(defaultLevels(row.name));
        row.levels->setCursorPosition(0); // the first levels in view when the field is narrower than them
        row.levels->setObjectName(QStringLiteral("levels-") + row.name);
        row.levels->setToolTip(tr("Levels separated by commas (%1)").arg(row.help));
        row.levels->setPlaceholderText(tr("levels, separated by commas"));
        row.hint = makeHint(box);
        row.hint->setObjectName(QStringLiteral("hint-") + row.name);
        // Checked to start with: the two factors that matter on most links.
        row.check->setChecked(row.name == QLatin1String("streams") || row.name == QLatin1String("cipher"));
        grid->addWidget(row.check, line, 0);
        grid->addWidget(row.levels, line, 1);
        grid->addWidget(row.hint, line + 1, 1);
        line += 2;
        m_factors.push_back(row);
    }
    layout->addLayout(grid);
    for (size_t i = 0; i < m_factors.size(); ++i) {
        connect(m_factors[i].check, &QCheckBox::toggled, this, [this, i] {
            validateFactor(m_factors[i]);
            updateVerdict();
        });
        connect(m_factors[i].levels, &QLineEdit::textChanged, this, [this, i] {
            validateFactor(m_factors[i]);
            updateVerdict();
        });
    }
    return box;
}

QWidget* LabSetupPanel::buildWorkload()
{
    const auto [box, layout] = makeSection(tr("Workload"), 4);
    m_workloadKind = new QComboBox;
    m_workloadKind->setObjectName(QStringLiteral("workloadKind"));
    m_workloadKind->addItem(tr("Mixed: 1 KB to 64 MB, half compressible"), QStringLiteral("mixed"));
    m_workloadKind->addItem(tr("Small files: 4 KB each"), QStringLiteral("small"));
    m_workloadKind->addItem(tr("One big file"), QStringLiteral("big"));
    m_workloadKind->addItem(tr("A sample of my files"), QStringLiteral("sample"));
    // As wide as the panel gives it, not as its longest choice: that made the
    // set-up wider than its narrowest.
    m_workloadKind->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_workloadKind->setMinimumContentsLength(16);
    m_workloadKind->setToolTip(tr("What each trial transfers. A sample keeps your files' sizes and contents, so "
                                  "compression and per-file costs are what your own data sees."));
    layout->addWidget(m_workloadKind);

    auto* form = makeFieldForm();
    m_workloadSize = new QLineEdit;
    m_workloadSize->setObjectName(QStringLiteral("workloadSize"));
    m_workloadSize->setPlaceholderText(sizeSpecText(fg::kDefaultLabWorkloadBytes));
    m_workloadSize->setToolTip(tr("At most this much a trial: 64M, 1G (empty: %1). Bigger is steadier, smaller is quicker.")
                                   .arg(formatBytes(fg::kDefaultLabWorkloadBytes)));
    form->addRow(tr("Size"), m_workloadSize);
    layout->addLayout(form);

    m_folderRow = new QWidget;
    auto* folder = new QHBoxLayout(m_folderRow);
    folder->setContentsMargins(0, 0, 0, 0);
    m_folder = new QLineEdit;
    m_folder->setObjectName(QStringLiteral("workloadFolder"));
    m_folder->setPlaceholderText(tr("the folder to sample"));
    m_browse = new QPushButton(tr("Browse\u2026"));
    m_browse->setObjectName(QStringLiteral("workloadBrowse"));
    folder->addWidget(m_folder, 1);
    folder->addWidget(m_browse);
    layout->addWidget(m_folderRow);
    m_workloadHint = makeHint(box);
    m_workloadHint->setObjectName(QStringLiteral("workloadHint"));
    layout->addWidget(m_workloadHint);

    auto changed = [this] {
        validateWorkload();
        updateVerdict();
    };
    connect(m_workloadKind, &QComboBox::currentIndexChanged, this, changed);
    connect(m_workloadSize, &QLineEdit::textChanged, this, changed);
    connect(m_folder, &QLineEdit::textChanged, this, changed);
    connect(m_browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Folder to sample"), m_folder->text());
        if (!dir.isEmpty()) m_folder->setText(dir);
    });
    return box;
}

QWidget* LabSetupPanel::buildRunsAndTime()
{
    const auto [box, layout] = makeSection(tr("Runs and time"), 4);
    auto* form = makeFieldForm();
    m_runs = new QSpinBox;
    m_runs->setObjectName(QStringLiteral("runsSpin"));
    m_runs->setRange(1, kMaxRuns);
    m_runs->setValue(kDefaultRuns);
    m_runs->setToolTip(tr("Runs of each setting, in a random interleaved order. Fewer than 3 cannot tell a "
                          "difference from noise."));
    form->addRow(tr("Runs of each setting"), m_runs);
    m_budget = new QSpinBox;
    m_budget->setObjectName(QStringLiteral("budgetSpin"));
    m_budget->setRange(1, kMaxBudgetMinutes);
    m_budget->setValue(kDefaultBudgetMinutes);
    m_budget->setSuffix(tr(" min"));
    m_budget->setToolTip(tr("The lab refuses an experiment estimated to take longer, before any trial runs."));
    form->addRow(tr("Budget"), m_budget);
    m_seed = new QLineEdit;
    m_seed->setObjectName(QStringLiteral("seedEdit"));
    m_seed->setPlaceholderText(tr("from the clock"));
    m_seed->setValidator(new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9]{0,20}")), m_seed));
    m_seed->setToolTip(tr("The order the trials run in. The report gives the seed it used: the same seed "
                          "repeats an experiment's order."));
    form->addRow(tr("Seed"), m_seed);
    layout->addLayout(form);
    connect(m_runs, &QSpinBox::valueChanged, this, [this] { updateVerdict(); });
    connect(m_budget, &QSpinBox::valueChanged, this, [this] { updateVerdict(); });
    connect(m_seed, &QLineEdit::textChanged, this, [this] { updateVerdict(); });
    return box;
}

QWidget* LabSetupPanel::buildFooter()
{
    auto* footer = new QWidget;
    auto* layout = new QVBoxLayout(footer);
    layout->setContentsMargins(0, 4, 12, 0);
    layout->setSpacing(4);
    m_matrix = new QLabel;
    m_matrix->setObjectName(QStringLiteral("matrixLabel"));
    QFont bold = m_matrix->font();
    bold.setBold(true);
    m_matrix->setFont(bold);
    m_estimate = new QLabel;
    m_estimate->setObjectName(QStringLiteral("estimateLabel"));
    m_problemLabel = makeHint(footer);
    m_problemLabel->setObjectName(QStringLiteral("problemLabel"));
    wrapWithinWidth(m_matrix);
    wrapWithinWidth(m_estimate);
    m_start = new QPushButton(tr("Start"));
    m_start->setObjectName(QStringLiteral("startButton"));
    m_start->setDefault(true);
    // The main window's Run button, for the same act: start the transfers.
    m_start->setStyleSheet(QStringLiteral(
        "QPushButton#startButton { background: #1e88e5; color: white; border: 1px solid #1976d2;"
        " border-radius: 4px; padding: 5px 20px; font-weight: 600; }"
        "QPushButton#startButton:hover { background: #1976d2; }"
        "QPushButton#startButton:pressed { background: #1565c0; }"
        "QPushButton#startButton:disabled { background: #bbdefb; border-color: #bbdefb; }"));
    layout->addWidget(m_matrix);
    layout->addWidget(m_estimate);
    layout->addWidget(m_problemLabel);
    layout->addWidget(m_start, 0, Qt::AlignLeft);
    connect(m_start, &QPushButton::clicked, this, [this] {
        if (isValid() && !m_running) Q_EMIT startRequested();
    });
    return footer;
}

void LabSetupPanel::setTarget(const QString& target)
{
    m_target = target.trimmed();
    m_targetLabel->setText(m_target.isEmpty() ? tr("(none)") : m_target);
    m_targetProblem.clear();
    const bool wasSsh = m_sshTarget;
    m_sshTarget = false;
    if (m_target.isEmpty()) {
        m_targetProblem = tr("The job has no destination. Set one (floodgate://HOST/MODULE or host:path) and "
                             "open the lab again.");
    } else if (auto endpoint = fg::parseEndpoint(m_target.toStdString()); !endpoint) {
        m_targetProblem = qs(endpoint.error().message);
    } else if (endpoint->kind == fg::Endpoint::Kind::Local) {
        m_targetProblem = tr("A local folder cannot be a lab target: the lab measures transfers to a daemon "
                             "(floodgate://HOST/MODULE) or over ssh (host:path). Make one the job's destination and "
                             "open the lab again.");
    } else {
        m_sshTarget = endpoint->kind == fg::Endpoint::Kind::Ssh;
    }
    if (m_sshTarget && !wasSsh) {
        // Over ssh there is one pipe and ssh's own cipher: what the lab can vary
        // there is compression (and the far end's disk settings).
        for (FactorRow& row : m_factors) row.check->setChecked(row.name == QLatin1String("compress"));
    }
    for (FactorRow& row : m_factors) validateFactor(row);
    showHint(m_targetHint,
             m_targetProblem.isEmpty() ? tr("Each trial writes into a scratch folder .fg-lab-\u2026 in it, removed "
                                            "after the trial; nothing else there is touched.")
                                       : m_targetProblem,
             !m_targetProblem.isEmpty());
    updateVerdict();
}

void LabSetupPanel::setRememberedRate(std::optional<double> bytesPerSec)
{
    m_rememberedRate = bytesPerSec && *bytesPerSec > 0 ? bytesPerSec : std::nullopt;
    updateVerdict();
}

void LabSetupPanel::setRunning(bool running)
{
    m_running = running;
    m_fields->setEnabled(!running);
    updateVerdict();
}

void LabSetupPanel::validateFactor(FactorRow& row)
{
    const bool on = row.check->isChecked();
    row.levels->setEnabled(on);
    auto parsed = fg::parseLabFactor((row.name + QLatin1Char('=') + row.levels->text()).toStdString());
    row.parsed = parsed ? std::optional<fg::LabFactor>(std::move(parsed).value()) : std::nullopt;
    if (!on) {
        showHint(row.hint, QString(), false);
    } else if (!parsed) {
        showHint(row.hint, levelsMessage(row.name, parsed.error().message), true);
    } else if (m_sshTarget && (row.name == QLatin1String("streams") || row.name == QLatin1String("cipher") ||
                               row.name == QLatin1String("congestion"))) {
        // runLab refuses them too; said here, before Start.
        row.parsed.reset();
        showHint(row.hint, tr("An ssh target has one connection, ssh's own pipe, which this setting does not "
                              "change: it varies only to a daemon (floodgate://)."),
                 true);
    } else {
        showHint(row.hint, row.help, false);
    }
}

QString LabSetupPanel::workloadText() const
{
    const QString kind = m_workloadKind->currentData().toString();
    QString size = m_workloadSize->text().trimmed();
    if (kind == QLatin1String("sample")) {
        // Always with its size: a folder whose name ends in ":8M" would be read
        // as a size otherwise.
        if (size.isEmpty()) size = sizeSpecText(fg::kDefaultLabWorkloadBytes);
        return kind + QLatin1Char(':') + m_folder->text().trimmed() + QLatin1Char(':') + size;
    }
    return size.isEmpty() ? kind : kind + QLatin1Char(':') + size;
}

void LabSetupPanel::validateWorkload()
{
    const bool sample = m_workloadKind->currentData().toString() == QLatin1String("sample");
    m_folderRow->setVisible(sample);
    m_workload.reset();
    if (sample && m_folder->text().trimmed().isEmpty()) {
        showHint(m_workloadHint, tr("Choose the folder to take the sample from."), true);
        return;
    }
    if (sample && !QFileInfo(m_folder->text().trimmed()).isDir()) {
        showHint(m_workloadHint, tr("%1 is not a folder here.").arg(m_folder->text().trimmed()), true);
        return;
    }
    auto parsed = fg::parseLabWorkload(workloadText().toStdString());
    if (!parsed) {
        showHint(m_workloadHint, workloadMessage(parsed.error().message), true);
        return;
    }
    m_workload = *parsed;
    showHint(m_workloadHint,
             sample ? tr("A random sample of its files, their sizes and contents as they are, at most %1.")
                          .arg(formatBytes(workloadBytes()))
                    : QString(),
             false);
}

std::vector<fg::LabFactor> LabSetupPanel::checkedFactors() const
{
    std::vector<fg::LabFactor> out;
    for (const FactorRow& row : m_factors) {
        if (row.check->isChecked() && row.parsed) out.push_back(*row.parsed);
    }
    return out;
}

uint64_t LabSetupPanel::workloadBytes() const
{
    if (!m_workload) return 0;
    return m_workload->bytes ? m_workload->bytes : fg::kDefaultLabWorkloadBytes;
}

bool LabSetupPanel::factorsValid() const
{
    for (const FactorRow& row : m_factors) {
        if (row.check->isChecked() && !row.parsed) return false;
    }
    return true;
}

QString LabSetupPanel::matrixText() const
{
    // Not while a checked factor's levels are wrong: a matrix without it would
    // be a number for an experiment nobody asked for.
    if (!factorsValid()) return {};
    const size_t settings = fg::labSettings(checkedFactors()).size();
    if (settings == 0) return {};
    const int runs = m_runs->value();
    const size_t trials = settings * size_t(runs);
    const QString s = settings == 1 ? tr("1 setting") : tr("%1 settings").arg(settings);
    const QString r = runs == 1 ? tr("1 run") : tr("%1 runs").arg(runs);
    const QString t = trials == 1 ? tr("1 trial") : tr("%1 trials").arg(trials);
    return tr("%1 \u00d7 %2 = %3").arg(s, r, t);
}

std::optional<double> LabSetupPanel::estimateSeconds() const
{
    const size_t settings = fg::labSettings(checkedFactors()).size();
    if (!m_rememberedRate || settings == 0 || !m_workload) return std::nullopt;
    return fg::estimateLabSeconds(settings, unsigned(m_runs->value()), true, workloadBytes(), *m_rememberedRate,
                                  fg::kLabTrialOverheadSeconds);
}

QString LabSetupPanel::estimateText() const
{
    if (!factorsValid()) return {};
    const size_t settings = fg::labSettings(checkedFactors()).size();
    if (settings == 0 || !m_workload) return {};
    const size_t trials = settings * size_t(m_runs->value());
    const bool sample = m_workload->kind == fg::LabWorkload::Kind::Sample;
    const QString size = sample ? tr("at most %1").arg(formatBytes(workloadBytes())) : formatBytes(workloadBytes());
    if (const auto seconds = estimateSeconds()) {
        return tr("Takes %1: %2 transfers of %3 (with a warm-up) at %4, the rate the last probe of this target "
                  "measured.")
            .arg(aboutDuration(*seconds))
            .arg(trials + 1)
            .arg(size, formatRate(*m_rememberedRate));
    }
    return tr("About %1 trials of %2 and a warm-up; the probe at the start measures the link, and the lab stops "
              "there if they would take longer than the budget.")
        .arg(trials)
        .arg(size);
}

fg::Result<fg::LabOptions> LabSetupPanel::options() const
{
    if (!m_problem.isEmpty()) return fg::Error(fg::Errc::InvalidArgument, m_problem.toStdString());
    fg::LabOptions o;
    o.target = m_target.toStdString();
    o.factors = checkedFactors();
    o.workload = *m_workload;
    o.runs = unsigned(m_runs->value());
    o.budgetSeconds = m_budget->value() * 60.0;
    o.seed = m_seed->text().toULongLong(); // empty: 0, a seed from the clock
    return o;
}

void LabSetupPanel::updateVerdict()
{
    // The first thing wrong, in the order the panel lists the fields.
    m_problem.clear();
    bool anyChecked = false;
    for (const FactorRow& row : m_factors) {
        if (!row.check->isChecked()) continue;
        anyChecked = true;
        if (!row.parsed && m_problem.isEmpty()) m_problem = tr("%1: %2").arg(row.name, row.hint->text());
    }
    bool ok = false;
    const QString seed = m_seed->text().trimmed();
    if (!seed.isEmpty()) seed.toULongLong(&ok);
    if (!m_targetProblem.isEmpty()) m_problem = m_targetProblem;
    else if (!m_problem.isEmpty()) {
        // The factor's own hint says it; the footer repeats it by the button.
    } else if (!anyChecked) m_problem = tr("Check at least one factor to vary.");
    else if (!m_workload) m_problem = tr("Workload: %1").arg(m_workloadHint->text());
    else if (!seed.isEmpty() && !ok) m_problem = tr("The seed is a whole number below 18446744073709551616.");
    else if (const auto seconds = estimateSeconds(); seconds && *seconds > m_budget->value() * 60.0) {
        m_problem = tr("That is over the budget of %1 min: raise the budget, or try fewer levels, fewer runs or a "
                       "smaller workload.")
                        .arg(m_budget->value());
    }

    const QString matrix = matrixText();
    m_matrix->setText(matrix);
    m_matrix->setVisible(!matrix.isEmpty());
    const QString estimate = estimateText();
    m_estimate->setText(estimate);
    m_estimate->setVisible(!estimate.isEmpty());
    // The target's problem is said in full under the target; by the button, a
    // pointer to it.
    showHint(m_problemLabel,
             !m_targetProblem.isEmpty() ? tr("Start needs a floodgate:// or host:path target: see under Target.")
                                        : m_problem,
             true);
    m_start->setEnabled(isValid() && !m_running);
    Q_EMIT changed();
}

} // namespace fgui
