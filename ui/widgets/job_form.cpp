#include "widgets/job_form.h"

#include "widgets/format.h"

#include <floodgate/endpoint.h>
#include <floodgate/options.h>

#include <QCheckBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

#include <cstdint>

namespace fgui {
namespace {

const QString kErrorStyle = QStringLiteral("color: #c62828;");

QLabel* makeHint(QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
    QFont f = label->font();
    f.setPointSizeF(f.pointSizeF() * 0.9);
    label->setFont(f);
    // Quieter than the fields it explains, in light and dark themes alike. Through the
    // palette: Qt 6.4 style sheets do not know palette(placeholder-text).
    QPalette p = label->palette();
    p.setColor(QPalette::WindowText, p.color(QPalette::PlaceholderText));
    label->setPalette(p);
    return label;
}

QLabel* makeHeading(const QString& text, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    QFont f = label->font();
    f.setBold(true);
    label->setFont(f);
    return label;
}

void showHint(QLabel* label, const QString& text, bool error)
{
    label->setText(text);
    label->setStyleSheet(error ? kErrorStyle : QString());
    label->setVisible(!text.isEmpty());
}

std::vector<std::string> patternLines(const QPlainTextEdit* edit)
{
    std::vector<std::string> out;
    const QStringList lines = edit->toPlainText().split(QLatin1Char('\n'));
    for (const QString& line : lines) {
        const QString pattern = line.trimmed();
        if (!pattern.isEmpty()) out.push_back(pattern.toStdString());
    }
    return out;
}

QString trimmedText(const QLineEdit* edit) { return edit->text().trimmed(); }

} // namespace

QString rateSpecText(uint64_t bytesPerSec)
{
    if (bytesPerSec == 0) return {};
    static constexpr struct { uint64_t unit; char suffix; } kUnits[] = {
        {1ull << 30, 'G'}, {1ull << 20, 'M'}, {1ull << 10, 'k'}};
    // The biggest unit that states the rate exactly in at most three decimals
    // (1.5G, 60M, 512k); anything else in plain bytes, which parseRate reads as "B".
    for (const auto& u : kUnits) {
        if (bytesPerSec >= u.unit && bytesPerSec <= UINT64_MAX / 1000 && (bytesPerSec * 1000) % u.unit == 0) {
            return QString::number(double(bytesPerSec) / double(u.unit), 'g', 12) + QLatin1Char(u.suffix);
        }
    }
    return QString::number(bytesPerSec) + QLatin1Char('B');
}

EndpointHint describeEndpoint(const QString& text, bool isSource)
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty()) return {};
    auto parsed = fg::parseEndpoint(trimmed.toStdString());
    if (!parsed) return {QString::fromStdString(parsed.error().message), true};
    const fg::Endpoint& e = *parsed;
    const QString path = QString::fromStdString(e.path);
    switch (e.kind) {
    case fg::Endpoint::Kind::Local:
        if (!isSource) return {JobForm::tr("Local folder"), false};
        return {e.trailingSlash() ? JobForm::tr("Local folder: its contents are synced")
                                  : JobForm::tr("Local folder: copied as a folder (end with / to sync its contents)"),
                false};
    case fg::Endpoint::Kind::Daemon: {
        QString hint = JobForm::tr("Floodgate daemon %1:%2, module \u201c%3\u201d")
                           .arg(QString::fromStdString(e.host))
                           .arg(e.port)
                           .arg(QString::fromStdString(e.module));
        if (!path.isEmpty() && path != QLatin1String("/")) hint += JobForm::tr(", path %1").arg(path);
        return {hint, false};
    }
    case fg::Endpoint::Kind::Ssh: {
        QString who = QString::fromStdString(e.host);
        if (!e.user.empty()) who = QString::fromStdString(e.user) + QLatin1Char('@') + who;
        const bool home = path.isEmpty() || path == QLatin1String(".");
        return {JobForm::tr("SSH to %1, path %2").arg(who, home ? JobForm::tr("(home folder)") : path), false};
    }
    }
    return {};
}

JobForm::JobForm(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(6);

    const QString endpointForms = tr("Folder, floodgate://host:port/module/path or user@host:path");

    m_source = new QLineEdit(this);
    m_source->setObjectName(QStringLiteral("sourceEdit"));
    m_source->setPlaceholderText(endpointForms);
    m_source->setClearButtonEnabled(true);
    m_sourceHint = makeHint(this);
    layout->addWidget(makeHeading(tr("Source"), this));
    layout->addWidget(makeEndpointRow(m_source, true));
    layout->addWidget(m_sourceHint);
    layout->addSpacing(6);

    m_destination = new QLineEdit(this);
    m_destination->setObjectName(QStringLiteral("destinationEdit"));
    m_destination->setPlaceholderText(endpointForms);
    m_destination->setClearButtonEnabled(true);
    m_destinationHint = makeHint(this);
    layout->addWidget(makeHeading(tr("Destination"), this));
    layout->addWidget(makeEndpointRow(m_destination, false));
    layout->addWidget(m_destinationHint);
    layout->addSpacing(6);

    // Options
    auto* options = new QGroupBox(tr("Options"), this);
    auto* optionsLayout = new QVBoxLayout(options);
    optionsLayout->setSpacing(6);
    m_dryRun = new QCheckBox(tr("Dry run (change nothing)"), options);
    m_dryRun->setToolTip(tr("Plan and report what would change, but change nothing (-n)"));
    m_dryRun->setObjectName(QStringLiteral("dryRunCheck"));
    m_delete = new QCheckBox(tr("Delete extraneous files"), options);
    m_delete->setToolTip(tr("Remove what the destination has and the source lacks (--delete)"));
    m_delete->setObjectName(QStringLiteral("deleteCheck"));
    m_deleteWarning = makeHint(options);
    m_deleteWarning->setText(tr("Files and folders on the destination that the source lacks will be "
                                "deleted. Preview first."));
    m_deleteWarning->setStyleSheet(kErrorStyle);
    m_deleteWarning->setVisible(false);
    m_checksum = new QCheckBox(tr("Compare by checksum"), options);
    m_checksum->setToolTip(tr("Compare file contents by hash instead of size and time: slower, exact (-c)"));
    m_checksum->setObjectName(QStringLiteral("checksumCheck"));
    optionsLayout->addWidget(m_dryRun);
    optionsLayout->addWidget(m_delete);
    optionsLayout->addWidget(m_deleteWarning);
    optionsLayout->addWidget(m_checksum);

    auto* rateRow = new QHBoxLayout;
    auto* rateLabel = new QLabel(tr("Bandwidth limit"), options);
    m_bwlimit = new QLineEdit(options);
    m_bwlimit->setObjectName(QStringLiteral("bwlimitEdit"));
    m_bwlimit->setPlaceholderText(tr("unlimited"));
    m_bwlimit->setMaximumWidth(120);
    rateLabel->setBuddy(m_bwlimit);
    rateRow->addWidget(rateLabel);
    rateRow->addWidget(m_bwlimit);
    rateRow->addStretch(1);
    optionsLayout->addSpacing(2);
    optionsLayout->addLayout(rateRow);
    m_bwlimitHint = makeHint(options);
    m_bwlimitHint->setObjectName(QStringLiteral("bwlimitHint"));
    optionsLayout->addWidget(m_bwlimitHint);
    layout->addWidget(options);

    // Filters
    auto* filters = new QGroupBox(tr("Filters"), this);
    auto* filtersLayout = new QVBoxLayout(filters);
    filtersLayout->setSpacing(4);
    auto makePatterns = [filters](const QString& name, const QString& placeholder) {
        auto* edit = new QPlainTextEdit(filters);
        edit->setObjectName(name);
        edit->setPlaceholderText(placeholder);
        edit->setTabChangesFocus(true);
        edit->setFixedHeight(edit->fontMetrics().lineSpacing() * 3 + 14);
        return edit;
    };
    m_excludes = makePatterns(QStringLiteral("excludeEdit"), tr("*.tmp\n.cache/"));
    m_includes = makePatterns(QStringLiteral("includeEdit"), tr("*.jpg"));
    filtersLayout->addWidget(new QLabel(tr("Exclude, one pattern per line"), filters));
    filtersLayout->addWidget(m_excludes);
    filtersLayout->addWidget(new QLabel(tr("Include, one pattern per line"), filters));
    filtersLayout->addWidget(m_includes);
    auto* filterNote = makeHint(filters);
    filterNote->setText(tr("Includes are checked before excludes; the first pattern that matches decides."));
    filtersLayout->addWidget(filterNote);
    layout->addWidget(filters);

    // Advanced, collapsed: most jobs never need it.
    m_advancedToggle = new QToolButton(this);
    m_advancedToggle->setObjectName(QStringLiteral("advancedToggle"));
    m_advancedToggle->setText(tr("Advanced"));
    m_advancedToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_advancedToggle->setAutoRaise(true);
    m_advancedToggle->setCheckable(true);
    m_advanced = new QWidget(this);
    m_advanced->setObjectName(QStringLiteral("advancedGroup"));
    auto* advancedLayout = new QFormLayout(m_advanced);
    advancedLayout->setContentsMargins(12, 0, 0, 0);
    advancedLayout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_rsh = new QLineEdit(m_advanced);
    m_rsh->setObjectName(QStringLiteral("rshEdit"));
    m_rsh->setPlaceholderText(QStringLiteral("ssh"));
    m_rsh->setToolTip(tr("The command that reaches an SSH host (-e), for example \u201cssh -p 2222\u201d"));
    m_remoteFloodgate = new QLineEdit(m_advanced);
    m_remoteFloodgate->setObjectName(QStringLiteral("remoteFloodgateEdit"));
    m_remoteFloodgate->setPlaceholderText(QStringLiteral("floodgate"));
    m_remoteFloodgate->setToolTip(tr("Where floodgate lives on the SSH host, if not on its PATH"));
    m_stateDir = new QLineEdit(m_advanced);
    m_stateDir->setObjectName(QStringLiteral("stateDirEdit"));
    m_stateDir->setPlaceholderText(tr("default"));
    m_stateDir->setToolTip(tr("Keys and pinned server identities"));
    auto* stateRow = new QWidget(m_advanced);
    auto* stateLayout = new QHBoxLayout(stateRow);
    stateLayout->setContentsMargins(0, 0, 0, 0);
    auto* stateBrowse = new QPushButton(tr("Browse\u2026"), stateRow);
    stateLayout->addWidget(m_stateDir, 1);
    stateLayout->addWidget(stateBrowse);
    connect(stateBrowse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("State directory"), m_stateDir->text());
        if (!dir.isEmpty()) m_stateDir->setText(dir);
    });
    advancedLayout->addRow(tr("SSH command"), m_rsh);
    advancedLayout->addRow(tr("Remote floodgate"), m_remoteFloodgate);
    advancedLayout->addRow(tr("State directory"), stateRow);
    layout->addWidget(m_advancedToggle);
    layout->addWidget(m_advanced);
    layout->addStretch(1);
    connect(m_advancedToggle, &QToolButton::toggled, this, &JobForm::setAdvancedVisible);
    setAdvancedVisible(false);

    m_lockable = {m_source, m_destination, m_dryRun, m_delete, m_checksum, m_bwlimit,
                  m_excludes, m_includes, m_rsh, m_remoteFloodgate, stateRow};
    for (QLineEdit* edit : {m_source, m_destination, m_bwlimit, m_rsh, m_remoteFloodgate, m_stateDir}) {
        connect(edit, &QLineEdit::textChanged, this, &JobForm::updateHints);
    }
    for (QCheckBox* box : {m_dryRun, m_delete, m_checksum}) {
        connect(box, &QCheckBox::toggled, this, &JobForm::updateHints);
    }
    for (QPlainTextEdit* edit : {m_excludes, m_includes}) {
        connect(edit, &QPlainTextEdit::textChanged, this, &JobForm::changed);
    }
    updateHints();
}

QWidget* JobForm::makeEndpointRow(QLineEdit* edit, bool isSource)
{
    auto* row = new QWidget(this);
    auto* rowLayout = new QHBoxLayout(row);
    rowLayout->setContentsMargins(0, 0, 0, 0);
    auto* browse = new QPushButton(tr("Browse\u2026"), row);
    browse->setObjectName(isSource ? QStringLiteral("sourceBrowse") : QStringLiteral("destinationBrowse"));
    browse->setToolTip(tr("Pick a local folder"));
    rowLayout->addWidget(edit, 1);
    rowLayout->addWidget(browse);
    m_lockable << browse;
    connect(browse, &QPushButton::clicked, this, [this, edit, isSource] { browseFor(edit, isSource); });
    return row;
}

void JobForm::browseFor(QLineEdit* edit, bool isSource)
{
    QString start = edit->text().trimmed();
    if (start.isEmpty() || !QFileInfo(start).isDir()) start = QDir::homePath();
    QString dir = QFileDialog::getExistingDirectory(this, isSource ? tr("Source folder") : tr("Destination folder"),
                                                    start);
    if (dir.isEmpty()) return;
    // A picked source folder means "make the destination look like this folder":
    // rsync's trailing slash, so its contents land in the destination itself.
    if (isSource && !dir.endsWith(QLatin1Char('/'))) dir += QLatin1Char('/');
    edit->setText(dir);
}

void JobForm::setAdvancedVisible(bool visible)
{
    m_advanced->setVisible(visible);
    m_advancedToggle->setArrowType(visible ? Qt::DownArrow : Qt::RightArrow);
    if (m_advancedToggle->isChecked() != visible) m_advancedToggle->setChecked(visible);
}

void JobForm::updateHints()
{
    const EndpointHint source = describeEndpoint(m_source->text(), true);
    const EndpointHint destination = describeEndpoint(m_destination->text(), false);
    showHint(m_sourceHint, source.text, source.error);
    showHint(m_destinationHint, destination.text, destination.error);

    const QString rate = trimmedText(m_bwlimit);
    if (rate.isEmpty()) {
        showHint(m_bwlimitHint, tr("Per second, for example 500k, 10M or 1.5G"), false);
    } else if (auto parsed = fg::parseRate(rate.toStdString())) {
        showHint(m_bwlimitHint, *parsed == 0 ? tr("Unlimited") : tr("At most %1").arg(formatRate(double(*parsed))),
                 false);
    } else {
        // Core words it for the command line; the field is right here.
        QString message = QString::fromStdString(parsed.error().message);
        if (message.startsWith(QLatin1String("--bwlimit: "))) message.remove(0, 11);
        if (!message.isEmpty()) message[0] = message[0].toUpper();
        showHint(m_bwlimitHint, message, true);
    }

    const bool deleting = m_delete->isChecked();
    m_delete->setStyleSheet(deleting ? QStringLiteral("QCheckBox { color: #c62828; font-weight: 600; }") : QString());
    m_deleteWarning->setVisible(deleting);
    Q_EMIT changed();
}

bool JobForm::isComplete() const { return spec().ok(); }

fg::Result<fg::JobSpec> JobForm::spec() const
{
    fg::JobSpec spec;
    const QString source = trimmedText(m_source);
    const QString destination = trimmedText(m_destination);
    if (source.isEmpty()) return fg::Error(fg::Errc::InvalidArgument, tr("Choose a source").toStdString());
    if (destination.isEmpty()) {
        return fg::Error(fg::Errc::InvalidArgument, tr("Choose a destination").toStdString());
    }
    if (auto e = fg::parseEndpoint(source.toStdString()); !e) {
        return fg::Error(e.error().code, tr("Source: ").toStdString() + e.error().message);
    }
    if (auto e = fg::parseEndpoint(destination.toStdString()); !e) {
        return fg::Error(e.error().code, tr("Destination: ").toStdString() + e.error().message);
    }
    spec.source = source.toStdString();
    spec.destination = destination.toStdString();

    fg::SyncOptions& o = spec.options;
    o.dryRun = m_dryRun->isChecked();
    o.deleteExtraneous = m_delete->isChecked();
    o.checksum = m_checksum->isChecked();
    if (const QString rate = trimmedText(m_bwlimit); !rate.isEmpty()) {
        auto parsed = fg::parseRate(rate.toStdString());
        if (!parsed) return parsed.error();
        o.bwlimitBytesPerSec = *parsed;
    }
    // Includes first: with first-match-wins, "include *.jpg" then "exclude *" keeps
    // the photos, the usual reason to write both lists.
    for (auto& p : patternLines(m_includes)) o.filters.push_back({fg::FilterSpec::Kind::Include, std::move(p)});
    for (auto& p : patternLines(m_excludes)) o.filters.push_back({fg::FilterSpec::Kind::Exclude, std::move(p)});
    if (const QString rsh = trimmedText(m_rsh); !rsh.isEmpty()) o.rsh = rsh.toStdString();
    if (const QString remote = trimmedText(m_remoteFloodgate); !remote.isEmpty()) {
        o.remoteFloodgate = remote.toStdString();
    }
    o.stateDir = trimmedText(m_stateDir).toStdString();
    return spec;
}

void JobForm::setSpec(const fg::JobSpec& spec)
{
    const fg::SyncOptions& o = spec.options;
    m_source->setText(QString::fromStdString(spec.source));
    m_destination->setText(QString::fromStdString(spec.destination));
    m_dryRun->setChecked(o.dryRun);
    m_delete->setChecked(o.deleteExtraneous);
    m_checksum->setChecked(o.checksum);
    m_bwlimit->setText(rateSpecText(o.bwlimitBytesPerSec));
    QStringList includes, excludes;
    for (const auto& f : o.filters) {
        (f.kind == fg::FilterSpec::Kind::Include ? includes : excludes) << QString::fromStdString(f.pattern);
    }
    m_includes->setPlainText(includes.join(QLatin1Char('\n')));
    m_excludes->setPlainText(excludes.join(QLatin1Char('\n')));
    const fg::SyncOptions defaults;
    m_rsh->setText(o.rsh == defaults.rsh ? QString() : QString::fromStdString(o.rsh));
    m_remoteFloodgate->setText(o.remoteFloodgate == defaults.remoteFloodgate ? QString()
                                                                              : QString::fromStdString(o.remoteFloodgate));
    m_stateDir->setText(QString::fromStdString(o.stateDir));
    if (!o.stateDir.empty() || o.rsh != defaults.rsh || o.remoteFloodgate != defaults.remoteFloodgate) {
        setAdvancedVisible(true);
    }
}

void JobForm::setEditable(bool editable)
{
    for (QWidget* w : std::as_const(m_lockable)) w->setEnabled(editable);
}

void JobForm::setSource(const QString& text) { m_source->setText(text); }
void JobForm::setDestination(const QString& text) { m_destination->setText(text); }
QString JobForm::source() const { return m_source->text(); }
QString JobForm::destination() const { return m_destination->text(); }

} // namespace fgui
