#include "widgets/job_form.h"

#include "models/ssh_ciphers.h"
#include "widgets/form_hints.h"
#include "widgets/format.h"
#include "widgets/wheel_guard.h"

#include <floodgate/endpoint.h>
#include <floodgate/options.h>
#include <floodgate/system.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
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
#include <QRegularExpression>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <utility>

namespace fgui {
namespace {

const QString kErrorStyle = errorStyleSheet();
// What "At most N deletions" offers before a user picks: a guard against a wrong
// destination, not a number any job needs.
constexpr int kDefaultMaxDelete = 100;
// A folding section's fields: indented under its title, and ending where the
// group boxes' fields end rather than at the scroll bar (a group box's frame and
// margin take 12 px in Fusion). At the sidebar's narrowest the widest row then
// still fits: "Keep replaced and deleted files (-b)", 240 px + 24.
constexpr int kSectionIndent = 12;
constexpr int kSectionRightMargin = 12;

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

// Core words its messages for the command line ("--chunk-size: '12Q' is not ...").
// In the form the field is right there: the option name goes, the sentence starts
// upper case.
QString fieldMessage(const std::string& message)
{
    QString text = QString::fromStdString(message);
    if (text.startsWith(QLatin1String("--"))) {
        const qsizetype colon = text.indexOf(QLatin1String(": "));
        if (colon > 0 && !text.left(colon).contains(QLatin1Char(' '))) text.remove(0, colon + 2);
    }
    if (!text.isEmpty()) text[0] = text[0].toUpper();
    return text;
}

// "Chunk size: use 1M to 4G ...", for the status line, away from the field.
fg::Error fieldError(const QString& field, const std::string& message)
{
    QString text = fieldMessage(message);
    if (text.size() > 1 && text[1].isLower()) text[0] = text[0].toLower(); // not "RTT", "BBR"
    return fg::Error(fg::Errc::InvalidArgument, (field + QStringLiteral(": ") + text).toStdString());
}

// The biggest unit that states the quantity exactly in at most three decimals
// (1.5G, 60M, 512k); anything else in plain bytes, which parseRate and parseSize
// both read as "B".
// The bandwidth field, read as the CLI reads --bwlimit: a rate or a
// timetable; empty is unlimited.
fg::Result<fg::RateSchedule> parseBwlimitField(const QString& text)
{
    if (text.isEmpty()) return fg::RateSchedule{};
    return fg::parseRateSchedule(text.toStdString());
}

// The chunk size field: empty or "auto" is 0, a size picked per file.
fg::Result<uint64_t> parseChunkField(const QString& text)
{
    if (text.isEmpty() || text.compare(QLatin1String("auto"), Qt::CaseInsensitive) == 0) return uint64_t(0);
    auto size = fg::parseSize(text.toStdString(), "--chunk-size");
    if (!size) return size.error();
    // The same bounds validateOptions() enforces, said where the value is typed.
    if (*size < fg::kMinChunkSize || *size > fg::kMaxChunkSize) {
        return fg::Error(fg::Errc::InvalidArgument,
                         fgui::JobForm::tr("Use 1M to 4G (or leave empty for auto): smaller chunks cost more than they "
                                     "spread, bigger ones cannot balance the streams")
                             .toStdString());
    }
    return *size;
}

// A size limit field (--max-size, --min-size): empty is 0, no limit.
fg::Result<uint64_t> parseSizeLimitField(const QString& text, const char* option)
{
    if (text.isEmpty()) return uint64_t(0);
    return fg::parseSize(text.toStdString(), option);
}

// Both limits set and no file size between them: a mistake, not a way to send nothing.
bool sizeLimitsExcludeAll(uint64_t maxSize, uint64_t minSize) { return maxSize > 0 && minSize > maxSize; }

// The --chmod field without white space: chmod modes never hold any, and
// "D755, F644" is what a person types after a comma.
QString chmodText(const QString& text)
{
    QString out = text;
    out.remove(QRegularExpression(QStringLiteral("\\s")));
    return out;
}

// The engine's own rules for these values (validateOptions() on options that
// hold only them), so the form refuses what a job would refuse, in its words.
fg::Status checkChmod(const QString& chmod)
{
    fg::SyncOptions options;
    options.transfer.metadata.chmod = chmod.toStdString();
    return fg::validateOptions(options);
}

// The suffix field's own mistakes in the form's words ("Suffix: ..."), then the
// engine's rules as the backstop. An empty suffix never gets here: the field
// then falls back to the CLI's default.
fg::Status checkBackup(const fg::BackupRules& backup)
{
    if (!backup.enabled) return {};
    const QString suffix = QString::fromStdString(backup.suffix);
    if (suffix.contains(QLatin1Char('/'))) {
        return fg::Error(fg::Errc::InvalidArgument,
                         fgui::JobForm::tr("Suffix: '%1' holds a /, which a file name cannot").arg(suffix).toStdString());
    }
    if (backup.suffix.size() > 64) { // the engine's limit, in UTF-8 bytes
        return fg::Error(fg::Errc::InvalidArgument, fgui::JobForm::tr("Suffix: longer than 64 bytes").toStdString());
    }
    fg::SyncOptions options;
    options.transfer.backup = backup;
    if (fg::Status st = fg::validateOptions(options); !st) {
        return fg::Error(st.error().code, fgui::JobForm::tr("Backups: %1").arg(fieldMessage(st.error().message)).toStdString());
    }
    return {};
}

// More --link-dest folders than the engine takes, named by the field.
QString tooManyLinkDests(size_t count)
{
    return fgui::JobForm::tr("Link unchanged files from: at most %1 folders, not %2").arg(fg::kMaxLinkDest).arg(count);
}

// The --partial-dir field: the engine's rules (validateOptions() on it alone).
// Its messages start "--partial-dir DIR: ", which fieldMessage() keeps (it drops
// only a prefix without a space); next to the field the option and the value the
// field shows go.
fg::Status checkPartialDir(const QString& dir)
{
    fg::SyncOptions options;
    options.transfer.partialDir = dir.toStdString();
    fg::Status st = fg::validateOptions(options);
    if (st) return st;
    std::string message = st.error().message;
    const std::string prefix = "--partial-dir " + options.transfer.partialDir + ": ";
    if (message.starts_with(prefix)) message.erase(0, prefix.size());
    return fg::Error(st.error().code, message);
}

// --inplace with -b or with --partial-dir: the engine's own refusal
// (validateOptions() on each pair alone, so the words follow the engine's), named
// by the two fields it is about. Each field is valid on its own by then.
fg::Status checkInPlace(const fg::BackupRules& backup, const std::string& partialDir, bool inPlace)
{
    if (!inPlace) return {};
    fg::SyncOptions withPartialDir;
    withPartialDir.transfer.inPlace = true;
    withPartialDir.transfer.partialDir = partialDir;
    fg::SyncOptions withBackup;
    withBackup.transfer.inPlace = true;
    withBackup.transfer.backup = backup;
    // In the engine's order: --partial-dir is refused before -b.
    const std::pair<const fg::SyncOptions*, QString> pairs[] = {
        {&withPartialDir, fgui::JobForm::tr("Keep partial files in")},
        {&withBackup, fgui::JobForm::tr("Keep replaced and deleted files")},
    };
    for (const auto& [options, other] : pairs) {
        if (fg::Status st = fg::validateOptions(*options); !st) {
            return fg::Error(st.error().code, fgui::JobForm::tr("\u201cWrite files in place\u201d and \u201c%1\u201d: %2")
                                                  .arg(other, QString::fromStdString(st.error().message))
                                                  .toStdString());
        }
    }
    return {};
}

// A timeout in the unit a person counts it in: "45 s", "5 min", "2 h", "1 day";
// seconds when no bigger unit states it exactly ("90 s").
QString secondsText(unsigned seconds)
{
    if (seconds >= 86400 && seconds % 86400 == 0) {
        return seconds == 86400 ? fgui::JobForm::tr("1 day") : fgui::JobForm::tr("%1 days").arg(seconds / 86400);
    }
    if (seconds >= 3600 && seconds % 3600 == 0) return fgui::JobForm::tr("%1 h").arg(seconds / 3600);
    if (seconds >= 60 && seconds % 60 == 0) return fgui::JobForm::tr("%1 min").arg(seconds / 60);
    return fgui::JobForm::tr("%1 s").arg(seconds);
}

// The --exclude-if-present field: names separated by commas, read as the CLI
// reads each name (syncargs/sync_flags.cpp): a file name, never a path.
fg::Result<std::vector<std::string>> parseNameList(const QString& text)
{
    std::vector<std::string> names;
    for (const QString& part : text.split(QLatin1Char(','))) {
        const QString name = part.trimmed();
        if (name.isEmpty()) continue;
        if (name.contains(QLatin1Char('/')) || name == QLatin1String(".") || name == QLatin1String("..")) {
            return fg::Error(fg::Errc::InvalidArgument,
                             fgui::JobForm::tr("Skip the contents of folders holding: '%1' is a path; give a file "
                                         "name such as .nobackup")
                                 .arg(name)
                                 .toStdString());
        }
        if (std::find(names.begin(), names.end(), name.toStdString()) == names.end()) {
            names.push_back(name.toStdString());
        }
    }
    return names;
}

// The --chown field as the CLI reads it: USER:GROUP, USER or :GROUP (the first
// ':' divides them). Empty: no --chown.
fg::Result<std::pair<std::string, std::string>> parseChown(const QString& text)
{
    const QString value = text.trimmed();
    if (value.isEmpty()) return std::pair<std::string, std::string>{};
    const qsizetype colon = value.indexOf(QLatin1Char(':'));
    const QString user = colon < 0 ? value : value.left(colon);
    const QString group = colon < 0 ? QString() : value.mid(colon + 1);
    if (user.isEmpty() && group.isEmpty()) {
        return fg::Error(fg::Errc::InvalidArgument,
                         fgui::JobForm::tr("Give everything to: write USER, :GROUP or USER:GROUP").toStdString());
    }
    return std::pair{user.toStdString(), group.toStdString()};
}

// A cipher name the local ssh was asked about and does not offer (not while
// the answer is pending, nor when ssh could not be asked: then ssh decides).
bool sshLacks(const std::string& name)
{
    const SshCiphers& offered = SshCiphers::instance();
    return !name.empty() && offered.isReady() && !offered.ciphers().isEmpty() &&
           !offered.ciphers().contains(QString::fromStdString(name));
}

} // namespace

QString rateSpecText(uint64_t bytesPerSec) { return QString::fromStdString(fg::binaryQuantityText(bytesPerSec)); }

QString sizeSpecText(uint64_t bytes) { return QString::fromStdString(fg::binaryQuantityText(bytes)); }

QString rateScheduleText(const fg::RateSchedule& schedule) { return QString::fromStdString(fg::rateScheduleText(schedule)); }

namespace {
bool anyEndpointIs(fg::Endpoint::Kind kind, const QString& source, const QString& destination)
{
    for (const QString& text : {source, destination}) {
        auto e = fg::parseEndpoint(text.trimmed().toStdString());
        if (e && e->kind == kind) return true;
    }
    return false;
}
} // namespace

bool usesDataStreams(const QString& source, const QString& destination)
{
    return anyEndpointIs(fg::Endpoint::Kind::Daemon, source, destination);
}

bool usesSsh(const QString& source, const QString& destination)
{
    return anyEndpointIs(fg::Endpoint::Kind::Ssh, source, destination);
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
        if (!isSource) return {fgui::JobForm::tr("Local folder"), false};
        return {e.trailingSlash() ? fgui::JobForm::tr("Local folder: its contents are synced")
                                  : fgui::JobForm::tr("Local folder: copied as a folder (end with / to sync its contents)"),
                false};
    case fg::Endpoint::Kind::Daemon: {
        QString hint = fgui::JobForm::tr("Floodgate daemon %1:%2, module \u201c%3\u201d")
                           .arg(QString::fromStdString(e.host))
                           .arg(e.port)
                           .arg(QString::fromStdString(e.module));
        if (!path.isEmpty() && path != QLatin1String("/")) hint += fgui::JobForm::tr(", path %1").arg(path);
        return {hint, false};
    }
    case fg::Endpoint::Kind::Ssh: {
        QString who = QString::fromStdString(e.host);
        if (!e.user.empty()) who = QString::fromStdString(e.user) + QLatin1Char('@') + who;
        const bool home = path.isEmpty() || path == QLatin1String(".");
        return {fgui::JobForm::tr("SSH to %1, path %2").arg(who, home ? fgui::JobForm::tr("(home folder)") : path), false};
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
    m_mkpath = new QCheckBox(tr("Make missing destination folders"), options);
    m_mkpath->setToolTip(tr("Create the destination's missing parent folders; without this they must exist "
                            "(--mkpath)"));
    m_mkpath->setObjectName(QStringLiteral("mkpathCheck"));
    // How far --delete goes, under it and only while it is on.
    m_deleteRules = new QWidget(options);
    m_deleteRules->setObjectName(QStringLiteral("deleteRules"));
    auto* deleteRulesLayout = new QVBoxLayout(m_deleteRules);
    deleteRulesLayout->setContentsMargins(20, 0, 0, 0); // under the text, past the check box
    deleteRulesLayout->setSpacing(4);
    m_deleteExcluded = new QCheckBox(tr("Also delete excluded files"), m_deleteRules);
    m_deleteExcluded->setObjectName(QStringLiteral("deleteExcludedCheck"));
    m_deleteExcluded->setToolTip(tr("Paths on the destination that the filters exclude are deleted too; by "
                                    "default they are kept (--delete-excluded)"));
    auto* limitRow = new QWidget(m_deleteRules);
    auto* limitLayout = new QHBoxLayout(limitRow);
    limitLayout->setContentsMargins(0, 0, 0, 0);
    m_limitDeletions = new QCheckBox(tr("At most"), limitRow);
    m_limitDeletions->setObjectName(QStringLiteral("limitDeletionsCheck"));
    m_maxDelete = new QSpinBox(limitRow);
    m_maxDelete->setObjectName(QStringLiteral("maxDeleteSpin"));
    m_maxDelete->setRange(0, 1000000000);
    m_maxDelete->setValue(kDefaultMaxDelete);
    // Room for five digits: the box scrolls wider numbers, and a wider one would set
    // the narrowest the sidebar can be.
    m_maxDelete->setMinimumWidth(m_maxDelete->fontMetrics().horizontalAdvance(QStringLiteral("10000")) + 36);
    auto* deletionsLabel = new QLabel(tr("deletions"), limitRow);
    deletionsLabel->setBuddy(m_maxDelete);
    const QString maxDeleteTip = tr("Delete at most this many entries; the rest are kept and listed, and the job "
                                    "reports that it stopped deleting. 0 deletes nothing (--max-delete)");
    for (QWidget* w : {static_cast<QWidget*>(m_limitDeletions), static_cast<QWidget*>(m_maxDelete),
                       static_cast<QWidget*>(deletionsLabel)}) {
        w->setToolTip(maxDeleteTip);
    }
    limitLayout->addWidget(m_limitDeletions);
    limitLayout->addWidget(m_maxDelete);
    limitLayout->addWidget(deletionsLabel);
    limitLayout->addStretch(1);
    m_maxDeleteHint = makeHint(m_deleteRules);
    m_maxDeleteHint->setObjectName(QStringLiteral("maxDeleteHint"));
    deleteRulesLayout->addWidget(m_deleteExcluded);
    deleteRulesLayout->addWidget(limitRow);
    deleteRulesLayout->addWidget(m_maxDeleteHint);
    // With --delete: the other option that takes files away, here from the source.
    // Short: a check box does not wrap, and "Remove source files once copied" made
    // the Options box 6 px wider than the sidebar at its narrowest.
    m_removeSource = new QCheckBox(tr("Remove copied source files"), options);
    m_removeSource->setObjectName(QStringLiteral("removeSourceCheck"));
    m_removeSource->setToolTip(tr("Once the job is done, each file the destination has (sent, or there already as "
                                  "it is) is removed from the source; a file that changed after it was read is "
                                  "kept, and folders stay (--remove-source-files)"));
    m_removeSourceWarning = makeHint(options);
    m_removeSourceWarning->setObjectName(QStringLiteral("removeSourceWarning"));
    m_removeSourceWarning->setText(tr("Files are deleted from the source once the destination has them: a move, "
                                      "not a copy. Preview first."));
    m_removeSourceWarning->setStyleSheet(kErrorStyle);
    m_removeSourceWarning->setVisible(false);
    m_checksum = new QCheckBox(tr("Compare by checksum"), options);
    m_checksum->setToolTip(tr("Compare file contents by hash instead of size and time: slower, exact (-c)"));
    m_checksum->setObjectName(QStringLiteral("checksumCheck"));
    optionsLayout->addWidget(m_dryRun);
    optionsLayout->addWidget(m_mkpath);
    optionsLayout->addWidget(m_delete);
    optionsLayout->addWidget(m_deleteWarning);
    optionsLayout->addWidget(m_deleteRules);
    optionsLayout->addWidget(m_removeSource);
    optionsLayout->addWidget(m_removeSourceWarning);
    optionsLayout->addWidget(m_checksum);

    layout->addWidget(options);

    // Transfer: how the data moves. Each setting says in one line when it helps.
    auto* transfer = new QGroupBox(tr("Transfer"), this);
    transfer->setObjectName(QStringLiteral("transferGroup"));
    auto* transferLayout = new QVBoxLayout(transfer);
    transferLayout->setSpacing(2);
    // Label, field, then the hint: stacked, because the sidebar is narrow and a
    // label column would squeeze the combo and wrap every hint into three lines.
    auto addSetting = [&](const QString& text, QWidget* field, QLabel* hint, bool wide) {
        auto* label = new QLabel(text, transfer);
        label->setBuddy(field);
        if (transferLayout->count() > 0) transferLayout->addSpacing(8);
        transferLayout->addWidget(label);
        transferLayout->addWidget(field, 0, wide ? Qt::Alignment() : Qt::AlignLeft);
        transferLayout->addWidget(hint);
        return label;
    };

    m_bwlimit = new QLineEdit(transfer);
    m_bwlimit->setObjectName(QStringLiteral("bwlimitEdit"));
    m_bwlimit->setPlaceholderText(tr("unlimited"));
    m_bwlimit->setToolTip(tr("Shared by all streams (--bwlimit). A rate such as 20M, or a timetable: rules are "
                             "tried in order and the first that matches the day and time applies, for example "
                             "\u201cMon-Fri 08:00-18:00 20M, Sat-Sun 2M, 100M\u201d. 0 or off: unlimited."));
    m_bwlimitHint = makeHint(transfer);
    m_bwlimitHint->setObjectName(QStringLiteral("bwlimitHint"));
    addSetting(tr("Bandwidth limit"), m_bwlimit, m_bwlimitHint, true);

    m_streamsNote = makeHint(transfer);
    m_streamsNote->setObjectName(QStringLiteral("streamsNote"));
    m_streamsNote->setContentsMargins(0, 8, 0, 0); // a margin, not a spacer: nothing left when hidden
    transferLayout->addWidget(m_streamsNote);

    m_streams = new QSpinBox(transfer);
    m_streams->setObjectName(QStringLiteral("streamsSpin"));
    m_streams->setRange(0, int(fg::kMaxStreamsOption));
    m_streams->setSpecialValueText(tr("Auto"));
    m_streams->setMinimumWidth(m_streams->fontMetrics().horizontalAdvance(QStringLiteral("Auto")) + 60);
    m_streams->setToolTip(tr("Data connections to the daemon besides the control connection (--streams). Auto "
                             "starts with 2 and adds 2 at a time, up to 8, while the total rate still rises by "
                             "10 % or more."));
    m_streamsHint = makeHint(transfer);
    m_streamsHint->setObjectName(QStringLiteral("streamsHint"));
    QLabel* streamsLabel = addSetting(tr("Streams"), m_streams, m_streamsHint, false);

    m_chunkSize = new QLineEdit(transfer);
    m_chunkSize->setObjectName(QStringLiteral("chunkSizeEdit"));
    m_chunkSize->setPlaceholderText(tr("Auto"));
    m_chunkSize->setMaximumWidth(120);
    m_chunkSize->setToolTip(tr("Big files are cut into chunks of this size and spread over the streams "
                               "(--chunk-size), 1M to 4G. Auto picks a size per file from its size and the number "
                               "of streams."));
    m_chunkSizeHint = makeHint(transfer);
    m_chunkSizeHint->setObjectName(QStringLiteral("chunkSizeHint"));
    QLabel* chunkLabel = addSetting(tr("Chunk size"), m_chunkSize, m_chunkSizeHint, false);

    m_congestion = new QComboBox(transfer);
    m_congestion->setObjectName(QStringLiteral("congestionCombo"));
    m_congestion->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_congestion->addItem(tr("Default (bbr where available)"), QString());
    m_kernelCongestion = fg::availableCongestionControls();
    for (const std::string& name : m_kernelCongestion) {
        m_congestion->addItem(QString::fromStdString(name), QString::fromStdString(name));
    }
    m_congestion->setToolTip(tr("TCP congestion control for the data connections (--congestion). The list is what "
                                "this computer's kernel offers; the daemon's end uses the same where its kernel "
                                "has it."));
    m_congestionHint = makeHint(transfer);
    m_congestionHint->setObjectName(QStringLiteral("congestionHint"));
    QLabel* congestionLabel = addSetting(tr("Congestion control"), m_congestion, m_congestionHint, false);

    m_cipher = new QComboBox(transfer);
    m_cipher->setObjectName(QStringLiteral("cipherCombo"));
    m_cipher->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_cipher->addItem(tr("Auto (default)"), int(fg::CipherChoice::Auto));
    m_cipher->addItem(QStringLiteral("AES-128-GCM"), int(fg::CipherChoice::Aes128Gcm));
    m_cipher->addItem(QStringLiteral("AES-256-GCM"), int(fg::CipherChoice::Aes256Gcm));
    m_cipher->addItem(QStringLiteral("ChaCha20-Poly1305"), int(fg::CipherChoice::Chacha20Poly1305));
    m_cipher->addItem(tr("None (unencrypted)"), int(fg::CipherChoice::None));
    m_cipher->setToolTip(tr("How the connections to the daemon are encrypted (--cipher, TLS 1.3). None still "
                            "checks both ends' identities and keeps the control connection encrypted, but sends "
                            "file data in the clear; the daemon's module must allow it (--allow-plaintext)."));
    m_cipherHint = makeHint(transfer);
    m_cipherHint->setObjectName(QStringLiteral("cipherHint"));
    QLabel* cipherLabel = addSetting(tr("Cipher"), m_cipher, m_cipherHint, false);

    m_streamSettings = {streamsLabel, m_streamsHint,     chunkLabel,  m_chunkSizeHint,
                        congestionLabel, m_congestionHint, cipherLabel, m_cipherHint};

    // Applies to every job: whoever receives writes the files.
    m_fsync = new QComboBox(transfer);
    m_fsync->setObjectName(QStringLiteral("fsyncCombo"));
    m_fsync->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_fsync->addItem(tr("When the job ends (default)"), int(fg::FsyncMode::End));
    m_fsync->addItem(tr("After each file"), int(fg::FsyncMode::File));
    m_fsync->addItem(tr("Left to the system"), int(fg::FsyncMode::None));
    m_fsync->setToolTip(tr("When written files are forced to the disk (--fsync). A job that says done has its "
                           "files on disk, unless this is left to the system."));
    m_fsyncHint = makeHint(transfer);
    m_fsyncHint->setObjectName(QStringLiteral("fsyncHint"));
    addSetting(tr("Write to disk"), m_fsync, m_fsyncHint, false);

    // Applies to every job with an old copy at the destination.
    m_wholeFile = new QComboBox(transfer);
    m_wholeFile->setObjectName(QStringLiteral("wholeFileCombo"));
    m_wholeFile->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_wholeFile->addItem(tr("Auto (default)"), int(fg::WholeFileMode::Auto));
    m_wholeFile->addItem(tr("Only the differences"), int(fg::WholeFileMode::Never));
    m_wholeFile->addItem(tr("Whole files"), int(fg::WholeFileMode::Always));
    m_wholeFile->setToolTip(tr("How a changed file travels when the destination has an old copy of it "
                               "(-W / --no-whole-file)."));
    m_wholeFileHint = makeHint(transfer);
    m_wholeFileHint->setObjectName(QStringLiteral("wholeFileHint"));
    addSetting(tr("Changed files"), m_wholeFile, m_wholeFileHint, false);
    // Applies to every job: whichever end sends compresses. Fixed zstd levels
    // rather than a spin box: 1, 3 and 9 are the steps that differ in use
    // (the CLI takes any level).
    m_compress = new QComboBox(transfer);
    m_compress->setObjectName(QStringLiteral("compressCombo"));
    m_compress->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_compress->addItem(tr("None (default)"), QStringLiteral("none"));
    m_compress->addItem(tr("Auto"), QStringLiteral("auto"));
    m_compress->addItem(QStringLiteral("LZ4"), QStringLiteral("lz4"));
    m_compress->addItem(tr("Zstandard, fast (level 1)"), QStringLiteral("zstd:1"));
    m_compress->addItem(tr("Zstandard (level 3)"), QStringLiteral("zstd:3"));
    m_compress->addItem(tr("Zstandard, strong (level 9)"), QStringLiteral("zstd:9"));
    m_compress->setToolTip(tr("How file data is compressed on the wire (--compress, -z for Auto). Each frame is "
                              "compressed on its own; one that does not shrink by a few percent goes as it is."));
    m_compressHint = makeHint(transfer);
    m_compressHint->setObjectName(QStringLiteral("compressHint"));
    addSetting(tr("Compression"), m_compress, m_compressHint, false);
    // Applies to every job: both ends hash with it.
    m_checksumChoice = new QComboBox(transfer);
    m_checksumChoice->setObjectName(QStringLiteral("checksumChoiceCombo"));
    m_checksumChoice->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_checksumChoice->addItem(tr("XXH3-128 (default)"), int(fg::ChecksumChoice::Xxh128));
    m_checksumChoice->addItem(QStringLiteral("XXH3-64"), int(fg::ChecksumChoice::Xxh3));
    m_checksumChoice->addItem(QStringLiteral("SHA-256"), int(fg::ChecksumChoice::Sha256));
    m_checksumChoice->setToolTip(tr("The hash every chunk and every file is verified with before it replaces the old "
                                    "version, and the one \"Compare by checksum\" compares by (--checksum-choice)."));
    m_checksumChoiceHint = makeHint(transfer);
    m_checksumChoiceHint->setObjectName(QStringLiteral("checksumChoiceHint"));
    addSetting(tr("File checksum"), m_checksumChoice, m_checksumChoiceHint, false);
    // Filled from `ssh -Q cipher` once ssh answers; the default is ssh's own choice.
    m_sshCipher = new QComboBox(transfer);
    m_sshCipher->setObjectName(QStringLiteral("sshCipherCombo"));
    m_sshCipher->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_sshCipher->addItem(tr("(ssh default)"), QString());
    m_sshCipher->setToolTip(tr("The cipher ssh uses for user@host:path jobs (--ssh-cipher, passed to ssh as -c). "
                               "The list is what this computer's ssh offers; the server must offer it too."));
    m_sshCipherHint = makeHint(transfer);
    m_sshCipherHint->setObjectName(QStringLiteral("sshCipherHint"));
    m_sshCipherLabel = addSetting(tr("SSH cipher"), m_sshCipher, m_sshCipherHint, false);
    SshCiphers& sshCiphers = SshCiphers::instance();
    if (sshCiphers.isReady()) {
        addSshCiphers();
    } else {
        connect(&sshCiphers, &SshCiphers::ready, this, [this] {
            addSshCiphers();
            updateHints();
        });
        sshCiphers.request();
    }
    layout->addWidget(transfer);

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

    // Which files: rsync's rules for what counts as changed and what is skipped,
    // and what the scan leaves out.
    m_whichFiles = makeSection(tr("Which files"), "whichFiles", layout);
    auto* whichLayout = new QVBoxLayout(m_whichFiles.body);
    whichLayout->setContentsMargins(kSectionIndent, 0, kSectionRightMargin, 0);
    whichLayout->setSpacing(4);
    // Short labels, the flag in each: a check box does not wrap, and the widest sets
    // how narrow the sidebar can be. The tooltip says the rest.
    auto addCheck = [](QWidget* owner, QVBoxLayout* to, const char* name, const QString& text, const QString& tip) {
        auto* box = new QCheckBox(text, owner);
        box->setObjectName(QLatin1String(name));
        box->setToolTip(tip);
        to->addWidget(box);
        return box;
    };
    auto addRule = [&](const char* name, const QString& text, const QString& tip) {
        return addCheck(m_whichFiles.body, whichLayout, name, text, tip);
    };
    m_update = addRule("updateCheck", tr("Keep newer destination files (-u)"),
                       tr("Keep a destination file whose time is newer than the source's (-u, --update)"));
    m_ignoreExisting = addRule("ignoreExistingCheck", tr("Only new files (--ignore-existing)"),
                               tr("Skip every file the destination already has, changed or not (--ignore-existing)"));
    m_existingOnly = addRule("existingOnlyCheck", tr("Only existing files (--existing)"),
                             tr("Create nothing new, files or folders: update only what the destination has "
                                "(--existing)"));
    m_sizeOnly = addRule("sizeOnlyCheck", tr("Compare by size only (--size-only)"),
                         tr("A file of the same size counts as unchanged, whatever its time (--size-only)"));
    m_ignoreTimes = addRule("ignoreTimesCheck", tr("Send files even if unchanged (-I)"),
                            tr("Send every file, even one whose size and time match, as differences where the "
                               "destination has a copy (-I, --ignore-times)"));
    // "Append to shorter files (--append-verify)" was 267 px, 27 past the widest row
    // the narrowest sidebar holds: the hint under it says the rest.
    m_appendVerify = addRule("appendVerifyCheck", tr("Append only (--append-verify)"),
                             tr("For files that only grow, such as logs and downloads: a destination file as long as "
                                "the source's or longer is left alone, even if its content differs; a shorter one "
                                "gets the rest, and the whole file is verified before it replaces the old one "
                                "(--append-verify, --append)"));
    // What it gives up, said while it is on: it is the one rule here that can leave a
    // changed file as it was without looking at its contents.
    m_appendVerifyHint = makeHint(m_whichFiles.body);
    m_appendVerifyHint->setObjectName(QStringLiteral("appendVerifyHint"));
    m_appendVerifyHint->setContentsMargins(20, 0, 0, 0); // under the check box's text
    m_appendVerifyHint->setText(tr("Shorter destination files get the rest; ones at full length or longer are left "
                                   "as they are, even if they differ."));
    whichLayout->addWidget(m_appendVerifyHint);
    auto* sizeLimits = new QFormLayout;
    sizeLimits->setContentsMargins(0, 4, 0, 0);
    sizeLimits->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    sizeLimits->setRowWrapPolicy(QFormLayout::WrapLongRows);
    auto makeSizeEdit = [&](const char* name, const QString& tip) {
        auto* edit = new QLineEdit(m_whichFiles.body);
        edit->setObjectName(QLatin1String(name));
        edit->setPlaceholderText(tr("no limit"));
        edit->setMaximumWidth(120);
        edit->setToolTip(tip);
        return edit;
    };
    m_maxSize = makeSizeEdit("maxSizeEdit", tr("Skip files larger than this, such as 100M or 1.5G (--max-size)"));
    m_minSize = makeSizeEdit("minSizeEdit", tr("Skip files smaller than this, such as 4K (--min-size)"));
    sizeLimits->addRow(tr("Skip files larger than"), m_maxSize);
    sizeLimits->addRow(tr("Skip files smaller than"), m_minSize);
    whichLayout->addLayout(sizeLimits);
    // What the scan of the source takes in.
    whichLayout->addSpacing(4);
    m_oneFileSystem = addRule("oneFileSystemCheck", tr("Stay on one file system (-x)"),
                              tr("Do not cross into other file systems: a folder that is another one's mount point "
                                 "comes empty, and --delete leaves what the destination has in it alone "
                                 "(-x, --one-file-system)"));
    m_safeLinks = addRule("safeLinksCheck", tr("Skip links out of the tree"),
                          tr("Skip symlinks that point out of the source: absolute ones, and ones that climb "
                             "above it (--safe-links)"));
    m_copyLinks = addRule("copyLinksCheck", tr("Copy what links point to (-L)"),
                          tr("Symlinks arrive as what they point to: a file as a file, a folder with its contents "
                             "(filtered as the folder it is). A link to nothing is an error, and a link back into a "
                             "folder being copied is skipped with a warning. A daemon follows only links whose "
                             "target stays inside its module (-L, --copy-links)"));
    m_excludeIfPresent = new QLineEdit(m_whichFiles.body);
    m_excludeIfPresent->setObjectName(QStringLiteral("excludeIfPresentEdit"));
    m_excludeIfPresent->setPlaceholderText(QStringLiteral(".nobackup, CACHEDIR.TAG"));
    m_excludeIfPresent->setToolTip(tr("A folder that holds a file of one of these names comes without its "
                                      "contents, and --delete leaves what the destination has in it alone. Names, "
                                      "not paths; several separated by commas (--exclude-if-present)"));
    auto* excludeIfPresentLabel = new QLabel(tr("Skip the contents of folders holding"), m_whichFiles.body);
    excludeIfPresentLabel->setBuddy(m_excludeIfPresent);
    excludeIfPresentLabel->setWordWrap(true);
    whichLayout->addWidget(excludeIfPresentLabel);
    whichLayout->addWidget(m_excludeIfPresent);
    m_selectionHint = makeHint(m_whichFiles.body);
    m_selectionHint->setObjectName(QStringLiteral("selectionHint"));
    whichLayout->addWidget(m_selectionHint);

    // Metadata: what arrives besides the data. Stacked labels over full-width
    // fields, as in Transfer: a label column would squeeze them in the sidebar.
    m_metadata = makeSection(tr("Metadata"), "metadata", layout);
    auto* metadataLayout = new QVBoxLayout(m_metadata.body);
    metadataLayout->setContentsMargins(kSectionIndent, 0, kSectionRightMargin, 0);
    metadataLayout->setSpacing(4);
    auto addKeep = [&](const char* name, const QString& text, const QString& tip) {
        return addCheck(m_metadata.body, metadataLayout, name, text, tip);
    };
    m_perms = addKeep("permsCheck", tr("Permissions (-p)"),
                      tr("Copy and compare permissions. Off: files the destination has keep theirs, new ones get "
                         "the source's less the receiving end's umask (--no-perms)"));
    m_times = addKeep("timesCheck", tr("Modification times (-t)"),
                      tr("Set modification times as the source has them. Off: they are not set, so every file looks "
                         "changed the next time, as in rsync (--no-times)"));
    // On by default, as in the engine (rsync needs -p -t or -a for it).
    m_perms->setChecked(true);
    m_times->setChecked(true);
    m_timesHint = makeHint(m_metadata.body);
    m_timesHint->setObjectName(QStringLiteral("timesHint"));
    m_timesHint->setContentsMargins(20, 0, 0, 0); // under the check box's text
    metadataLayout->addWidget(m_timesHint);
    m_hardLinks = addKeep("hardLinksCheck", tr("Hard links (-H)"),
                          tr("Files that are hard links of each other in the source arrive linked, not as copies "
                             "(-H, --hard-links)"));
    // --name-mapping: what the job does with a name the destination cannot
    // hold (Windows' rules on NTFS, FAT, exFAT, SMB; a case-only pair).
    m_nameMapping = new QComboBox(m_metadata.body);
    m_nameMapping->setObjectName(QStringLiteral("nameMappingCombo"));
    // Narrow enough for the narrowest sidebar: the list opens as wide as it needs.
    m_nameMapping->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_nameMapping->setMinimumContentsLength(16);
    m_nameMapping->addItem(tr("Leave out (default)"), int(fg::NameMapping::Refuse));
    m_nameMapping->addItem(tr("Store as look-alikes"), int(fg::NameMapping::Map));
    m_nameMapping->addItem(tr("Try as they are"), int(fg::NameMapping::Off));
    m_nameMapping->setToolTip(tr("Names a Windows drive or share cannot hold (a:b, CON, a final dot) and names only "
                                 "case tells apart (--name-mapping). Look-alikes: a:b is stored as a\uFF1A" "b, "
                                 "CON as \uFF23ON, the second of Photo.jpg and photo.jpg as photo\u201B" "2.jpg; a "
                                 "sync back with the same choice restores the names exactly."));
    auto* nameMappingLabel = new QLabel(tr("Names the destination cannot hold"), m_metadata.body);
    nameMappingLabel->setBuddy(m_nameMapping);
    m_nameMappingHint = makeHint(m_metadata.body);
    m_nameMappingHint->setObjectName(QStringLiteral("nameMappingHint"));
    metadataLayout->addSpacing(4);
    metadataLayout->addWidget(nameMappingLabel);
    metadataLayout->addWidget(m_nameMapping);
    metadataLayout->addWidget(m_nameMappingHint);

    m_chmod = new QLineEdit(m_metadata.body);
    m_chmod->setObjectName(QStringLiteral("chmodEdit"));
    m_chmod->setPlaceholderText(tr("D755,F644 or go-w"));
    m_chmod->setToolTip(tr("Change the permissions on the way, as chmod would (--chmod): 644, u+rw, go-w, a=rX; D "
                           "for folders only, F for files only; several separated by commas, applied in order"));
    auto* chmodLabel = new QLabel(tr("Change permissions"), m_metadata.body);
    chmodLabel->setBuddy(m_chmod);
    m_chmodHint = makeHint(m_metadata.body);
    m_chmodHint->setObjectName(QStringLiteral("chmodHint"));
    metadataLayout->addSpacing(4);
    metadataLayout->addWidget(chmodLabel);
    metadataLayout->addWidget(m_chmod);
    metadataLayout->addWidget(m_chmodHint);
    metadataLayout->addSpacing(4);
    auto* ownersRow = new QHBoxLayout;
    ownersRow->setContentsMargins(0, 0, 0, 0);
    m_owner = new QCheckBox(tr("Owners (-o)"), m_metadata.body);
    m_owner->setObjectName(QStringLiteral("ownerCheck"));
    m_owner->setToolTip(tr("Give each file the source's owner, matched by name (-o, --owner)"));
    m_group = new QCheckBox(tr("Groups (-g)"), m_metadata.body);
    m_group->setObjectName(QStringLiteral("groupCheck"));
    m_group->setToolTip(tr("Give each file the source's group, matched by name (-g, --group)"));
    ownersRow->addWidget(m_owner);
    ownersRow->addWidget(m_group);
    ownersRow->addStretch(1);
    metadataLayout->addLayout(ownersRow);
    m_numericIds = new QCheckBox(tr("By number, not name"), m_metadata.body);
    m_numericIds->setObjectName(QStringLiteral("numericIdsCheck"));
    m_numericIds->setToolTip(tr("Keep owners and groups by their numbers rather than matching names on the "
                                "receiving end (--numeric-ids)"));
    // Under the two it qualifies, as the delete rules sit under --delete.
    auto* numericRow = new QHBoxLayout;
    numericRow->setContentsMargins(20, 0, 0, 0);
    numericRow->addWidget(m_numericIds);
    metadataLayout->addLayout(numericRow);
    m_chown = new QLineEdit(m_metadata.body);
    m_chown->setObjectName(QStringLiteral("chownEdit"));
    m_chown->setPlaceholderText(tr("user:group, user or :group"));
    m_chown->setToolTip(tr("Give everything this owner and group, whatever the source has; either may be left out "
                           "(--chown USER:GROUP)"));
    auto* chownLabel = new QLabel(tr("Give everything to"), m_metadata.body);
    chownLabel->setBuddy(m_chown);
    metadataLayout->addWidget(chownLabel);
    metadataLayout->addWidget(m_chown);
    m_ownersHint = makeHint(m_metadata.body);
    m_ownersHint->setObjectName(QStringLiteral("ownersHint"));
    metadataLayout->addWidget(m_ownersHint);

    // Backups & snapshots: what a run replaces or deletes kept (-b), and dated
    // snapshots that share unchanged files (--link-dest).
    m_backups = makeSection(tr("Backups && snapshots"), "backups", layout);
    auto* backupsLayout = new QVBoxLayout(m_backups.body);
    backupsLayout->setContentsMargins(kSectionIndent, 0, kSectionRightMargin, 0);
    backupsLayout->setSpacing(4);
    m_backup = addCheck(m_backups.body, backupsLayout, "backupCheck", tr("Keep replaced and deleted files (-b)"),
                        tr("Keep what the job replaces or deletes: beside it as NAME~, or in a backup folder "
                           "(-b, --backup)"));
    m_backupRules = new QWidget(m_backups.body);
    m_backupRules->setObjectName(QStringLiteral("backupRules"));
    auto* backupRulesLayout = new QFormLayout(m_backupRules);
    backupRulesLayout->setContentsMargins(20, 0, 0, 0); // under the text, past the check box
    backupRulesLayout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    backupRulesLayout->setRowWrapPolicy(QFormLayout::WrapLongRows);
    m_backupDir = new QLineEdit(m_backupRules);
    m_backupDir->setObjectName(QStringLiteral("backupDirEdit"));
    m_backupDir->setPlaceholderText(tr("beside each file"));
    m_backupDir->setToolTip(tr("Keep backups in this folder, under their own paths (--backup-dir). Relative: below "
                               "the destination, and --delete leaves it alone. Empty: beside each file"));
    m_backupSuffix = new QLineEdit(m_backupRules);
    m_backupSuffix->setObjectName(QStringLiteral("backupSuffixEdit"));
    m_backupSuffix->setMaximumWidth(90);
    m_backupSuffix->setToolTip(tr("Added to each backup's name (--suffix). Empty: ~ beside each file, nothing in a "
                                  "backup folder"));
    backupRulesLayout->addRow(tr("Folder"), m_backupDir);
    backupRulesLayout->addRow(tr("Suffix"), m_backupSuffix);
    backupsLayout->addWidget(m_backupRules);
    m_backupHint = makeHint(m_backups.body);
    m_backupHint->setObjectName(QStringLiteral("backupHint"));
    m_backupHint->setContentsMargins(20, 0, 0, 0);
    backupsLayout->addWidget(m_backupHint);
    // Beside -b, which it cannot go with yet: the conflict is said where both are.
    m_inPlace = addCheck(m_backups.body, backupsLayout, "inPlaceCheck", tr("Write files in place (--inplace)"),
                         tr("Write a changed file over its old copy instead of into a temporary file renamed into "
                            "place: it keeps its inode, so hard links to it and file-system snapshots keep sharing "
                            "it, and a big file needs no room for a second copy. Until it is complete the file is "
                            "neither its old nor its new version; a failure leaves it so, and a re-run completes it. "
                            "Sent whole for now; not with -b (--inplace)"));
    m_inPlaceHint = makeHint(m_backups.body);
    m_inPlaceHint->setObjectName(QStringLiteral("inPlaceHint"));
    m_inPlaceHint->setContentsMargins(20, 0, 0, 0);
    backupsLayout->addWidget(m_inPlaceHint);
    // Under --inplace, which it cannot go with: that box's hint says the conflict.
    // A label over the field, as the link-dest folders have.
    m_partialDir = new QLineEdit(m_backups.body);
    m_partialDir->setObjectName(QStringLiteral("partialDirEdit"));
    m_partialDir->setPlaceholderText(tr("beside each file"));
    m_partialDir->setToolTip(tr("Keep what an interrupted run received of a big file in this folder, as DIR/NAME "
                                "inside each file's own folder, for the next run to resume from (--partial-dir, like "
                                "rsync's .rsync-partial). Made when needed, removed once empty; never sent, and "
                                "\u201c" "Delete extraneous files\u201d leaves it (\u201c" "Also delete excluded "
                                "files\u201d removes it, as in rsync). A folder name, without .. or wildcards; not "
                                "with \u201cWrite files in place\u201d. Empty: beside each file as .NAME.fg-partial"));
    auto* partialDirLabel = new QLabel(tr("Keep partial files in"), m_backups.body);
    partialDirLabel->setBuddy(m_partialDir);
    m_partialDirHint = makeHint(m_backups.body);
    m_partialDirHint->setObjectName(QStringLiteral("partialDirHint"));
    backupsLayout->addSpacing(4);
    backupsLayout->addWidget(partialDirLabel);
    backupsLayout->addWidget(m_partialDir);
    backupsLayout->addWidget(m_partialDirHint);
    // One folder a line, like the filters: the usual job names one ("../2026-11-30"),
    // and a path may hold any character but a newline.
    m_linkDest = new QPlainTextEdit(m_backups.body);
    m_linkDest->setObjectName(QStringLiteral("linkDestEdit"));
    m_linkDest->setPlaceholderText(QStringLiteral("../2026-11-30"));
    m_linkDest->setTabChangesFocus(true);
    m_linkDest->setFixedHeight(m_linkDest->fontMetrics().lineSpacing() * 2 + 14);
    m_linkDest->setToolTip(tr("Earlier snapshots, one folder per line, up to %1 (--link-dest; relative: to the "
                              "destination). A file one of them has unchanged is hard-linked from it instead of "
                              "sent: dated backups that share unchanged files")
                               .arg(fg::kMaxLinkDest));
    auto* linkDestLabel = new QLabel(tr("Link unchanged files from"), m_backups.body);
    linkDestLabel->setBuddy(m_linkDest);
    m_linkDestHint = makeHint(m_backups.body);
    m_linkDestHint->setObjectName(QStringLiteral("linkDestHint"));
    backupsLayout->addSpacing(4);
    backupsLayout->addWidget(linkDestLabel);
    backupsLayout->addWidget(m_linkDest);
    backupsLayout->addWidget(m_linkDestHint);

    // Advanced, folded: most jobs never need it. What reaches the far end: how long
    // to wait on it, how to start it.
    m_advanced = makeSection(tr("Advanced"), "advanced", layout);
    auto* advancedLayout = new QFormLayout(m_advanced.body);
    advancedLayout->setContentsMargins(kSectionIndent, 0, kSectionRightMargin, 0);
    advancedLayout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    // Labels over their fields, as in Transfer: beside them, "State directory" left
    // its field 54 px at the sidebar's narrowest, too short to show "default".
    advancedLayout->setRowWrapPolicy(QFormLayout::WrapAllRows);
    // Seconds, as the flags take them; up to the engine's week. 0 is each flag's
    // own default: --timeout gives up after 5 min of silence, --contimeout keeps 10 s + 15 s.
    auto makeSeconds = [&](const char* name, const QString& zero, const QString& tip) {
        auto* spin = new QSpinBox(m_advanced.body);
        spin->setObjectName(QLatin1String(name));
        spin->setRange(0, int(fg::kMaxTimeoutSec));
        spin->setSuffix(tr(" s"));
        spin->setSpecialValueText(zero);
        spin->setToolTip(tip);
        // Room for a week in seconds: the widest value, and what "Default" needs.
        spin->setMinimumWidth(spin->fontMetrics().horizontalAdvance(QStringLiteral("604800 s")) + 36);
        return spin;
    };
    m_ioTimeout = makeSeconds("ioTimeoutSpin", tr("Default"),
                              tr("Stop the job (exit 30) once nothing has come from the far end, a daemon or an "
                                 "SSH host, and no file has moved for this many seconds: it was stopped, hangs, or "
                                 "the link went down without a reset. The far end reports four times a second while "
                                 "it works, so a busy one is never taken for a dead one. Default: after 5 min of "
                                 "total silence from it (--timeout)"));
    m_ioTimeoutHint = makeHint(m_advanced.body);
    m_ioTimeoutHint->setObjectName(QStringLiteral("ioTimeoutHint"));
    m_connectTimeout = makeSeconds("connectTimeoutSpin", tr("Default"),
                                   tr("Give up connecting to a daemon (exit 35) after this many seconds, TCP and TLS "
                                      "handshake together. Default: 10 s to connect and 15 s for the handshake. SSH "
                                      "jobs connect through ssh, whose own ConnectTimeout goes in the SSH command "
                                      "(--contimeout)"));
    m_connectTimeoutHint = makeHint(m_advanced.body);
    m_connectTimeoutHint->setObjectName(QStringLiteral("connectTimeoutHint"));
    // Unlike the two above, 0 is "off" here: the default is a number.
    m_retryFor = makeSeconds("retryForSpin", tr("Off"),
                             tr("When the connections to a daemon drop mid-job (the link went down, the daemon "
                                "restarted), reconnect for up to this many seconds, waiting longer between tries, "
                                "and go on with the job from what the destination already has: files already there "
                                "are not sent again, a half-sent file resumes. Off: the job fails at once "
                                "(--retry-for; default %1 s)")
                                 .arg(fg::kDefaultRetryForSec));
    m_retryFor->setValue(int(fg::kDefaultRetryForSec));
    m_retryForHint = makeHint(m_advanced.body);
    m_retryForHint->setObjectName(QStringLiteral("retryForHint"));
    // A field, its hint under it, as one row: the label stays over both.
    auto fieldWithHint = [&](QWidget* field, QLabel* hint) {
        auto* box = new QWidget(m_advanced.body);
        auto* boxLayout = new QVBoxLayout(box);
        boxLayout->setContentsMargins(0, 0, 0, 0);
        boxLayout->setSpacing(2);
        boxLayout->addWidget(field, 0, Qt::AlignLeft);
        boxLayout->addWidget(hint);
        return box;
    };
    // Short, as "Connect timeout": a form label given room to wrap got a third of
    // the sidebar at its narrowest. The hint under the field says what it does.
    auto* ioTimeoutLabel = new QLabel(tr("Idle timeout"), m_advanced.body);
    ioTimeoutLabel->setBuddy(m_ioTimeout);
    auto* connectTimeoutLabel = new QLabel(tr("Connect timeout"), m_advanced.body);
    connectTimeoutLabel->setBuddy(m_connectTimeout);
    m_ioTimeoutLabel = ioTimeoutLabel;
    m_connectTimeoutLabel = connectTimeoutLabel;
    auto* retryForLabel = new QLabel(tr("Reconnect for"), m_advanced.body);
    retryForLabel->setBuddy(m_retryFor);
    m_retryForLabel = retryForLabel;
    m_rsh = new QLineEdit(m_advanced.body);
    m_rsh->setObjectName(QStringLiteral("rshEdit"));
    m_rsh->setPlaceholderText(QStringLiteral("ssh"));
    m_rsh->setToolTip(tr("The command that reaches an SSH host (-e), for example \u201cssh -p 2222\u201d"));
    m_remoteFloodgate = new QLineEdit(m_advanced.body);
    m_remoteFloodgate->setObjectName(QStringLiteral("remoteFloodgateEdit"));
    m_remoteFloodgate->setPlaceholderText(QStringLiteral("floodgate"));
    m_remoteFloodgate->setToolTip(tr("Where floodgate lives on the SSH host, if not on its PATH"));
    m_stateDir = new QLineEdit(m_advanced.body);
    m_stateDir->setObjectName(QStringLiteral("stateDirEdit"));
    m_stateDir->setPlaceholderText(tr("default"));
    m_stateDir->setToolTip(tr("Keys and pinned server identities"));
    auto* stateRow = new QWidget(m_advanced.body);
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
    advancedLayout->addRow(ioTimeoutLabel, fieldWithHint(m_ioTimeout, m_ioTimeoutHint));
    advancedLayout->addRow(connectTimeoutLabel, fieldWithHint(m_connectTimeout, m_connectTimeoutHint));
    advancedLayout->addRow(retryForLabel, fieldWithHint(m_retryFor, m_retryForHint));
    advancedLayout->addRow(tr("State directory"), stateRow);
    layout->addStretch(1);

    // The stream fields are not in the list: updateStreamSettingsEnabled() decides for them.
    m_lockable = {m_source, m_destination, m_dryRun, m_mkpath, m_delete, m_deleteRules, m_removeSource, m_checksum,
                  m_bwlimit, m_fsync, m_wholeFile, m_compress, m_checksumChoice, m_excludes, m_includes,
                  m_whichFiles.body, m_metadata.body, m_backups.body, m_rsh, m_remoteFloodgate, stateRow};
    for (QLineEdit* edit : {m_source, m_destination, m_bwlimit, m_chunkSize, m_maxSize, m_minSize, m_excludeIfPresent,
                            m_chmod, m_chown, m_backupDir, m_backupSuffix, m_partialDir, m_rsh, m_remoteFloodgate,
                            m_stateDir}) {
        connect(edit, &QLineEdit::textChanged, this, &JobForm::updateHints);
    }
    connect(m_streams, &QSpinBox::valueChanged, this, &JobForm::updateHints);
    connect(m_maxDelete, &QSpinBox::valueChanged, this, &JobForm::updateHints);
    connect(m_ioTimeout, &QSpinBox::valueChanged, this, &JobForm::updateHints);
    connect(m_connectTimeout, &QSpinBox::valueChanged, this, &JobForm::updateHints);
    connect(m_retryFor, &QSpinBox::valueChanged, this, &JobForm::updateHints);
    connect(m_congestion, &QComboBox::currentIndexChanged, this, &JobForm::updateHints);
    connect(m_fsync, &QComboBox::currentIndexChanged, this, &JobForm::updateHints);
    connect(m_nameMapping, &QComboBox::currentIndexChanged, this, &JobForm::updateHints);
    connect(m_wholeFile, &QComboBox::currentIndexChanged, this, &JobForm::updateHints);
    connect(m_compress, &QComboBox::currentIndexChanged, this, &JobForm::updateHints);
    connect(m_checksumChoice, &QComboBox::currentIndexChanged, this, &JobForm::updateHints);
    connect(m_cipher, &QComboBox::currentIndexChanged, this, &JobForm::updateHints);
    connect(m_sshCipher, &QComboBox::currentIndexChanged, this, &JobForm::updateHints);
    for (QCheckBox* box : {m_dryRun, m_mkpath, m_delete, m_deleteExcluded, m_limitDeletions, m_removeSource,
                           m_checksum, m_update, m_ignoreExisting, m_existingOnly, m_sizeOnly, m_ignoreTimes,
                           m_appendVerify, m_oneFileSystem, m_safeLinks, m_copyLinks, m_perms, m_times,
                           m_hardLinks, m_owner, m_group, m_numericIds, m_backup, m_inPlace}) {
        connect(box, &QCheckBox::toggled, this, &JobForm::updateHints);
    }
    for (QPlainTextEdit* edit : {m_excludes, m_includes}) {
        connect(edit, &QPlainTextEdit::textChanged, this, &JobForm::changed);
    }
    // Its hint can turn red (too many folders): checked as typed.
    connect(m_linkDest, &QPlainTextEdit::textChanged, this, &JobForm::updateHints);
    // The form lives in a scroll area: the wheel scrolls it, and changes a combo or
    // spin box only once the user has clicked or tabbed into it.
    WheelGuard::guardFields(this);
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
    setSectionOpen(m_advanced, visible);
}

JobForm::Section JobForm::makeSection(const QString& title, const char* name, QBoxLayout* into)
{
    const QString base = QLatin1String(name);
    Section section;
    section.toggle = new QToolButton(this);
    section.toggle->setObjectName(base + QStringLiteral("Toggle"));
    section.toggle->setText(title);
    section.toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    section.toggle->setAutoRaise(true);
    section.toggle->setCheckable(true);
    section.summary = makeHint(this);
    section.summary->setObjectName(base + QStringLiteral("Summary"));
    section.summary->setContentsMargins(kSectionIndent, 0, kSectionRightMargin, 0);
    section.body = new QWidget(this);
    section.body->setObjectName(base + QStringLiteral("Group"));
    connect(section.toggle, &QToolButton::toggled, this, [this, section](bool open) { setSectionOpen(section, open); });
    setSectionOpen(section, false);
    into->addWidget(section.toggle);
    into->addWidget(section.summary);
    into->addWidget(section.body);
    return section;
}

void JobForm::setSectionOpen(const Section& section, bool open)
{
    section.body->setVisible(open);
    // Open, the fields say it themselves.
    section.summary->setVisible(!open && !section.summary->text().isEmpty());
    section.toggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
    if (section.toggle->isChecked() != open) section.toggle->setChecked(open);
}

void JobForm::showSectionSummary(const Section& section, const QString& text, const QString& error)
{
    if (!error.isEmpty()) {
        showHint(section.summary, error, true);
    } else {
        QString line = text;
        if (!line.isEmpty()) line[0] = line[0].toUpper();
        showHint(section.summary, line, false);
    }
    if (section.toggle->isChecked()) section.summary->hide();
}

void JobForm::updateSelectionHints()
{
    const bool deleting = m_delete->isChecked();
    m_deleteRules->setVisible(deleting);
    m_maxDelete->setEnabled(m_limitDeletions->isChecked());
    showHint(m_maxDeleteHint,
             m_limitDeletions->isChecked() && m_maxDelete->value() == 0
                 ? tr("Nothing is deleted: what would go is listed.")
                 : QString(),
             false);

    // What is in force, in a line: read with the section collapsed.
    QStringList rules;
    if (m_update->isChecked()) rules << tr("files newer on the destination kept");
    if (m_ignoreExisting->isChecked()) rules << tr("only new files");
    if (m_existingOnly->isChecked()) rules << tr("only files the destination has");
    if (m_sizeOnly->isChecked()) rules << tr("compared by size only");
    if (m_ignoreTimes->isChecked()) rules << tr("sent even when size and time match");
    const bool appending = m_appendVerify->isChecked();
    if (appending) rules << tr("only shorter files appended to");
    m_appendVerifyHint->setVisible(appending);

    QString error;
    const auto maxSize = parseSizeLimitField(trimmedText(m_maxSize), "--max-size");
    const auto minSize = parseSizeLimitField(trimmedText(m_minSize), "--min-size");
    if (!maxSize) {
        error = QString::fromStdString(fieldError(tr("Larger than"), maxSize.error().message).message);
    } else if (!minSize) {
        error = QString::fromStdString(fieldError(tr("Smaller than"), minSize.error().message).message);
    } else if (sizeLimitsExcludeAll(*maxSize, *minSize)) {
        error = tr("No file is smaller than %1 and larger than %2 at once: nothing would be sent.")
                    .arg(formatBytes(*maxSize), formatBytes(*minSize));
    } else {
        if (*maxSize > 0 && *minSize > 0) {
            rules << tr("%1 to %2").arg(formatBytes(*minSize), formatBytes(*maxSize));
        } else if (*maxSize > 0) {
            rules << tr("up to %1").arg(formatBytes(*maxSize));
        } else if (*minSize > 0) {
            rules << tr("%1 or more").arg(formatBytes(*minSize));
        }
    }

    if (error.isEmpty()) {
        if (m_oneFileSystem->isChecked()) rules << tr("one file system");
        if (m_safeLinks->isChecked()) rules << tr("links out of the tree skipped");
        if (m_copyLinks->isChecked()) rules << tr("links copied as what they point to");
        auto markers = parseNameList(m_excludeIfPresent->text());
        if (!markers) {
            error = fieldMessage(markers.error().message);
        } else if (!markers->empty()) {
            QStringList names;
            for (const std::string& name : *markers) names << QString::fromStdString(name);
            rules << tr("contents of folders holding %1 skipped").arg(names.join(tr(" or ")));
        }
    }

    if (!error.isEmpty()) {
        showHint(m_selectionHint, error, true);
    } else if (m_ignoreExisting->isChecked() && m_existingOnly->isChecked()) {
        // rsync's idiom for "delete only": legal, and worth saying what it does.
        showHint(m_selectionHint, tr("With both, no file is sent: only deletions happen, if they are on."), false);
    } else {
        showHint(m_selectionHint, QString(), false);
    }
    showSectionSummary(m_whichFiles, rules.isEmpty() ? tr("Every changed file is sent.") : rules.join(QStringLiteral(", ")),
                       error);
}

void JobForm::updateMetadataHints()
{
    const bool perms = m_perms->isChecked();
    const bool times = m_times->isChecked();
    QStringList kept;
    if (perms && times) kept << tr("permissions and times kept");
    else if (perms) kept << tr("permissions kept, times not");
    else if (times) kept << tr("times kept, permissions not");
    else kept << tr("neither permissions nor times kept");
    // Without times the quick check sees every file as changed: say what to pair it with.
    showHint(m_timesHint,
             !times && !m_checksum->isChecked() && !m_sizeOnly->isChecked()
                 ? tr("Every file then looks changed the next time: pair it with Compare by checksum or size only.")
                 : QString(),
             false);

    QString error;
    const QString chmod = chmodText(m_chmod->text());
    if (chmod.isEmpty()) {
        showHint(m_chmodHint, QString(), false);
    } else if (fg::Status st = checkChmod(chmod); !st) {
        // Next to the field it needs no name; in the folded summary it does.
        showHint(m_chmodHint, fieldMessage(st.error().message), true);
        error = QString::fromStdString(fieldError(tr("Change permissions"), st.error().message).message);
    } else {
        showHint(m_chmodHint, tr("Applied to the source's permissions on the way."), false);
        kept << tr("chmod %1").arg(chmod);
    }
    if (m_hardLinks->isChecked()) kept << tr("hard links kept");
    switch (fg::NameMapping(m_nameMapping->currentData().toInt())) {
    case fg::NameMapping::Refuse:
        showHint(m_nameMappingHint, QString(), false);
        break;
    case fg::NameMapping::Map:
        kept << tr("awkward names as look-alikes");
        showHint(m_nameMappingHint,
                 tr("Where only Windows' names fit, a:b arrives as a\uFF1A" "b (a full-width colon); syncing it "
                    "back with this choice restores a:b. Everywhere else names go as they are."),
                 false);
        break;
    case fg::NameMapping::Off:
        kept << tr("awkward names tried as they are");
        showHint(m_nameMappingHint,
                 tr("The destination decides: some drivers refuse such a name, some store one that Windows "
                    "cannot open."),
                 false);
        break;
    }

    const bool owners = m_owner->isChecked();
    const bool groups = m_group->isChecked();
    // --numeric-ids changes how -o and -g match: nothing to say without them.
    m_numericIds->setEnabled(owners || groups);
    QString who = owners && groups ? tr("owners and groups kept") : owners ? tr("owners kept")
                                   : groups                     ? tr("groups kept")
                                                                : QString();
    if (!who.isEmpty() && m_numericIds->isChecked()) who += tr(" by number");
    if (!who.isEmpty()) kept << who;
    const auto chown = parseChown(m_chown->text());
    if (!chown) {
        if (error.isEmpty()) error = fieldMessage(chown.error().message);
        showHint(m_ownersHint, fieldMessage(chown.error().message), true);
    } else {
        const QString user = QString::fromStdString(chown->first);
        const QString group = QString::fromStdString(chown->second);
        if (!user.isEmpty() && !group.isEmpty()) kept << tr("everything to %1:%2").arg(user, group);
        else if (!user.isEmpty()) kept << tr("everything to user %1").arg(user);
        else if (!group.isEmpty()) kept << tr("everything to group %1").arg(group);
        showHint(m_ownersHint, tr("Owners and groups are kept only where the receiving end runs as root (on a "
                                  "daemon, in a module served with --keep-owners); elsewhere the job says so."),
                 false);
    }
    showSectionSummary(m_metadata, kept.join(QStringLiteral(", ")), error);
}

void JobForm::updateBackupHints()
{
    const bool backup = m_backup->isChecked();
    m_backupRules->setVisible(backup);
    const QString dir = trimmedText(m_backupDir);
    // The default the CLI would pick, shown where the suffix is typed.
    m_backupSuffix->setPlaceholderText(dir.isEmpty() ? QStringLiteral("~") : tr("none"));
    QStringList parts;
    QString error;
    if (backup) {
        const fg::BackupRules rules = backupRules();
        if (fg::Status st = checkBackup(rules); !st) {
            error = fieldMessage(st.error().message);
            showHint(m_backupHint, error, true);
        } else {
            const QString suffix = QString::fromStdString(rules.suffix);
            QString where;
            if (dir.isEmpty()) {
                where = tr("Backups beside each file, as NAME%1").arg(suffix);
            } else {
                const QString in = QDir::isAbsolutePath(dir) ? dir : tr("%1 below the destination").arg(dir);
                where = suffix.isEmpty() ? tr("Backups in %1, under their own names").arg(in)
                                         : tr("Backups in %1, as NAME%2").arg(in, suffix);
            }
            showHint(m_backupHint, where + QLatin1Char('.'), false);
            parts << (dir.isEmpty() ? tr("backups as NAME%1").arg(suffix) : tr("backups in %1").arg(dir));
        }
    } else {
        showHint(m_backupHint, QString(), false);
    }

    const std::vector<std::string> links = patternLines(m_linkDest);
    if (links.size() > fg::kMaxLinkDest) {
        const QString tooMany = tr("At most %1 folders to link from; this lists %2.")
                                    .arg(fg::kMaxLinkDest)
                                    .arg(links.size());
        showHint(m_linkDestHint, tooMany, true);
        // Folded, the field is out of sight: the summary names it, as spec() does.
        if (error.isEmpty()) error = tooManyLinkDests(links.size());
    } else {
        showHint(m_linkDestHint, tr("One folder per line; relative: to the destination. Unchanged files are "
                                    "linked from there, not sent."),
                 false);
        if (links.size() == 1) parts << tr("unchanged files linked from %1").arg(QString::fromStdString(links.front()));
        else if (!links.empty()) parts << tr("unchanged files linked from %1 snapshots").arg(links.size());
    }

    const QString partialDir = trimmedText(m_partialDir);
    if (fg::Status st = checkPartialDir(partialDir); !st) {
        showHint(m_partialDirHint, fieldMessage(st.error().message), true);
        if (error.isEmpty()) {
            error = QString::fromStdString(fieldError(tr("Keep partial files in"), st.error().message).message);
        }
    } else if (partialDir.isEmpty()) {
        showHint(m_partialDirHint, tr("What an interrupted run received of a big file, for the next run to resume "
                                      "from: beside it as .NAME.fg-partial, or in the folder named here."),
                 false);
    } else {
        showHint(m_partialDirHint, tr("Kept as %1/NAME in each file's own folder, made when needed and removed "
                                      "once empty.")
                                       .arg(partialDir),
                 false);
        parts << tr("partial files in %1").arg(partialDir);
    }

    // --inplace: a warning while on, as --delete has; red text in any case, since
    // either it warns or it says why the job cannot run.
    if (m_inPlace->isChecked()) {
        const fg::Status conflict =
            error.isEmpty() ? checkInPlace(backupRules(), partialDir.toStdString(), true) : fg::Status{};
        if (!conflict) {
            const QString message = QString::fromStdString(conflict.error().message);
            showHint(m_inPlaceHint, message, true);
            error = message;
        } else {
            showHint(m_inPlaceHint, tr("Each changed file is written over its old copy: until it is complete it is "
                                       "neither version, and a failure leaves it incomplete (a re-run completes it)."),
                     true);
        }
        parts << tr("changed files written in place");
    } else {
        showHint(m_inPlaceHint, QString(), false);
    }
    showSectionSummary(m_backups, parts.isEmpty() ? tr("No backups.") : parts.join(QStringLiteral(", ")), error);
}

void JobForm::updateRemoteHints()
{
    const bool remote = usesDataStreams(m_source->text(), m_destination->text()) ||
                        usesSsh(m_source->text(), m_destination->text());
    const bool daemon = usesDataStreams(m_source->text(), m_destination->text());
    const unsigned idle = unsigned(m_ioTimeout->value());
    const unsigned connect = unsigned(m_connectTimeout->value());
    QStringList parts;
    if (!remote) {
        showHint(m_ioTimeoutHint, tr("For floodgate:// and SSH jobs: a local copy has no far end to wait on."), false);
    } else if (idle == 0) {
        showHint(m_ioTimeoutHint, tr("Default: gives up after 5 min without a word from the far end, which "
                                     "reports four times a second while it works."),
                 false);
    } else {
        showHint(m_ioTimeoutHint, tr("Stops (exit 30) after %1 without a word from the far end; what arrived is "
                                     "kept.")
                                      .arg(secondsText(idle)),
                 false);
        parts << tr("stops when the far end is quiet for %1").arg(secondsText(idle));
    }
    if (!daemon) {
        showHint(m_connectTimeoutHint, tr("For floodgate:// jobs; for SSH, give ssh -o ConnectTimeout=SEC as the SSH "
                                          "command."),
                 false);
    } else if (connect == 0) {
        showHint(m_connectTimeoutHint, tr("Default: 10 s to connect, 15 s for the handshake."), false);
    } else {
        showHint(m_connectTimeoutHint, tr("Gives up (exit 35) when the daemon has not answered in %1.")
                                           .arg(secondsText(connect)),
                 false);
        parts << tr("connect timeout %1").arg(secondsText(connect));
    }
    const unsigned retryFor = unsigned(m_retryFor->value());
    if (!remote) {
        showHint(m_retryForHint, tr("For floodgate:// jobs: a local copy has no connection to lose."), false);
    } else if (!daemon) {
        showHint(m_retryForHint, tr("For floodgate:// jobs: an SSH job would ask for its password again."), false);
    } else if (retryFor == 0) {
        showHint(m_retryForHint, tr("Off: a job whose connections drop fails at once; run it again to finish."), false);
    } else {
        showHint(m_retryForHint, tr("When the connections drop mid-job, reconnects for up to %1 and goes on from what "
                                    "arrived.")
                                     .arg(secondsText(retryFor)),
                 false);
    }
    if (daemon && retryFor != fg::kDefaultRetryForSec)
        parts << (retryFor == 0 ? tr("no reconnecting") : tr("reconnects for %1").arg(secondsText(retryFor)));
    // The rest of the section, named when it differs from the defaults.
    const fg::SyncOptions defaults;
    if (const QString rsh = trimmedText(m_rsh); !rsh.isEmpty() && rsh.toStdString() != defaults.rsh) {
        parts << tr("SSH command %1").arg(rsh);
    }
    if (const QString remoteFg = trimmedText(m_remoteFloodgate);
        !remoteFg.isEmpty() && remoteFg.toStdString() != defaults.remoteFloodgate) {
        parts << tr("remote floodgate %1").arg(remoteFg);
    }
    if (const QString dir = trimmedText(m_stateDir); !dir.isEmpty()) parts << tr("state in %1").arg(dir);
    // Nothing set: no line at all, as before this section had a summary.
    showSectionSummary(m_advanced, parts.join(QStringLiteral(", ")), QString());
}

void JobForm::updateHints()
{
    const EndpointHint source = describeEndpoint(m_source->text(), true);
    const EndpointHint destination = describeEndpoint(m_destination->text(), false);
    showHint(m_sourceHint, source.text, source.error);
    showHint(m_destinationHint, destination.text, destination.error);

    updateTransferHints();
    updateStreamSettingsEnabled();
    updateSelectionHints();
    updateMetadataHints();
    updateBackupHints();
    updateRemoteHints();

    // Red while on, with a warning under it: the two options that delete a user's files.
    const QString danger = QStringLiteral("QCheckBox { color: #c62828; font-weight: 600; }");
    const bool deleting = m_delete->isChecked();
    m_delete->setStyleSheet(deleting ? danger : QString());
    m_deleteWarning->setVisible(deleting);
    const bool removing = m_removeSource->isChecked();
    m_removeSource->setStyleSheet(removing ? danger : QString());
    m_removeSourceWarning->setVisible(removing);
    // --inplace can leave a file half written: red as they are (its warning is
    // shown by updateBackupHints()).
    m_inPlace->setStyleSheet(m_inPlace->isChecked() ? danger : QString());
    Q_EMIT changed();
}

fg::BackupRules JobForm::backupRules() const
{
    fg::BackupRules rules;
    rules.enabled = m_backup->isChecked();
    // Off, the folder and suffix are hidden and not in force, and left empty
    // as the CLI leaves them without -b: a form left alone gives the very
    // options `floodgate sync SRC DST` does (a saved job opened and saved
    // unchanged keeps its own words).
    if (!rules.enabled) return rules;
    rules.dir = trimmedText(m_backupDir).toStdString();
    // rsync's default (syncargs/sync_flags.cpp): "~" beside each file, none in
    // a folder, unless a suffix is typed.
    const QString suffix = trimmedText(m_backupSuffix);
    rules.suffix = !suffix.isEmpty() ? suffix.toStdString() : rules.dir.empty() ? std::string("~") : std::string();
    return rules;
}

void JobForm::updateTransferHints()
{
    const QString rate = trimmedText(m_bwlimit);
    if (rate.isEmpty()) {
        showHint(m_bwlimitHint, tr("Leaves room on a shared link: 10M, 1.5G, or a timetable such as "
                                   "Mon-Fri 08:00-18:00 20M, 100M"),
                 false);
    } else if (auto parsed = parseBwlimitField(rate); !parsed) {
        showHint(m_bwlimitHint, fieldMessage(parsed.error().message), true);
    } else if (!parsed->constantRate()) {
        // The rate in force now tells at a glance whether the timetable reads as meant.
        const QDateTime now = QDateTime::currentDateTime();
        const uint64_t current = parsed->rateAt(now.date().dayOfWeek() - 1,
                                                now.time().hour() * 60 + now.time().minute());
        const qsizetype rules = qsizetype(parsed->rules.size());
        const QString count = rules == 1 ? tr("Timetable: 1 rule") : tr("Timetable: %1 rules").arg(rules);
        showHint(m_bwlimitHint,
                 count + QStringLiteral(" \u00b7 ") +
                     (current == 0 ? tr("now unlimited") : tr("now at most %1").arg(formatRate(double(current)))),
                 false);
    } else {
        const uint64_t limit = *parsed->constantRate();
        showHint(m_bwlimitHint, limit == 0 ? tr("Unlimited") : tr("At most %1").arg(formatRate(double(limit))), false);
    }

    // Errors only where the settings apply: a greyed field cannot be fixed, so it
    // must not block Run either (spec() leaves it out).
    const bool applies = usesDataStreams(m_source->text(), m_destination->text());

    QString streams = tr("More connections fill long, fast links; 2\u2013" "4 suit most.");
    if (m_streams->value() == 0) streams += QLatin1Char(' ') + tr("Auto starts with 2 and adds more while the rate rises.");
    showHint(m_streamsHint, streams, false);

    const QString chunkExplained = tr("Big files are split so all streams share them");
    const QString chunk = trimmedText(m_chunkSize);
    auto chunkSize = parseChunkField(chunk);
    if (!chunkSize && applies) {
        showHint(m_chunkSizeHint, fieldMessage(chunkSize.error().message), true);
    } else if (chunkSize && *chunkSize > 0) {
        showHint(m_chunkSizeHint, tr("Chunks of %1: %2.").arg(formatBytes(*chunkSize), chunkExplained.toLower()), false);
    } else {
        showHint(m_chunkSizeHint, chunkExplained + tr("; auto picks a size per file."), false);
    }

    switch (fg::FsyncMode(m_fsync->currentData().toInt())) {
    case fg::FsyncMode::End:
        showHint(m_fsyncHint, tr("One flush at the end: done means on disk, at little cost."), false);
        break;
    case fg::FsyncMode::File:
        showHint(m_fsyncHint, tr("Each file is on disk before it appears; slow with many small files."), false);
        break;
    case fg::FsyncMode::None:
        showHint(m_fsyncHint, tr("Fastest; a power cut soon after the job can lose what it wrote."), false);
        break;
    }

    switch (fg::WholeFileMode(m_wholeFile->currentData().toInt())) {
    case fg::WholeFileMode::Auto:
        showHint(m_wholeFileHint, tr("Differences for big files with an old copy; whole for small files, local "
                                     "copies and links faster than the old copy reads."),
                 false);
        break;
    case fg::WholeFileMode::Never:
        showHint(m_wholeFileHint, tr("Saves the most on slow links; reads every old copy at the destination."), false);
        break;
    case fg::WholeFileMode::Always:
        showHint(m_wholeFileHint, tr("No reading of old copies: best when the link outruns the destination's disk."),
                 false);
        break;
    }

    updateCompressHint();

    switch (fg::ChecksumChoice(m_checksumChoice->currentData().toInt())) {
    case fg::ChecksumChoice::Xxh128:
        showHint(m_checksumChoiceHint, tr("Catches any accidental corruption at memory speed."), false);
        break;
    case fg::ChecksumChoice::Xxh3:
        showHint(m_checksumChoiceHint, tr("As rsync's xxh3: as fast, half the bytes, a little more chance of a "
                                          "missed accident."),
                 false);
        break;
    case fg::ChecksumChoice::Sha256:
        showHint(m_checksumChoiceHint, tr("Cryptographic: when someone could craft files that collide. Slower on "
                                          "fast links."),
                 false);
        break;
    }

    const std::string congestion = m_congestion->currentData().toString().toStdString();
    const bool offered = congestion.empty() || std::find(m_kernelCongestion.begin(), m_kernelCongestion.end(),
                                                         congestion) != m_kernelCongestion.end();
    if (!offered && applies) {
        showHint(m_congestionHint, tr("This computer's kernel does not offer %1; pick one from the list")
                                       .arg(QString::fromStdString(congestion)),
                 true);
    } else {
        QString text = tr("BBR keeps long or lossy links full; CUBIC is the Linux default.");
        const bool hasBbr = std::find(m_kernelCongestion.begin(), m_kernelCongestion.end(), "bbr") !=
                            m_kernelCongestion.end();
        if (congestion.empty() && !hasBbr) text += QLatin1Char(' ') + tr("This kernel has no bbr: default is its own.");
        else if (congestion.empty())
            text = tr("BBR keeps long or lossy links full; where it overfills a shallow queue, streams change to CUBIC.");
        showHint(m_congestionHint, text, false);
    }
    updateCipherHints();
}

void JobForm::updateCipherHints()
{
    switch (fg::CipherChoice(m_cipher->currentData().toInt())) {
    case fg::CipherChoice::Auto:
        showHint(m_cipherHint,
                 fg::cpuHasAesAcceleration()
                     ? tr("AES-GCM when both ends have AES instructions (this computer has them), else ChaCha20.")
                     : tr("ChaCha20 here: this computer has no AES instructions, so AES-GCM would be slower."),
                 false);
        break;
    case fg::CipherChoice::Aes128Gcm:
        showHint(m_cipherHint, tr("Fastest when both CPUs have AES instructions (AES-NI, ARMv8)."), false);
        break;
    case fg::CipherChoice::Aes256Gcm:
        showHint(m_cipherHint, tr("For policies that ask for 256-bit keys; a little slower than AES-128."), false);
        break;
    case fg::CipherChoice::Chacha20Poly1305:
        showHint(m_cipherHint, tr("Fastest on CPUs without AES instructions, such as older ARM NAS boxes."), false);
        break;
    case fg::CipherChoice::None:
        // Red, as a warning, where it would be in force: the one choice that gives something up.
        showHint(m_cipherHint, tr("Unencrypted: anyone on the network can read and alter the files. Only on a "
                                  "trusted LAN where the CPU limits the rate."),
                 usesDataStreams(m_source->text(), m_destination->text()));
        break;
    }

    const std::string sshCipher = m_sshCipher->currentData().toString().toStdString();
    if (sshLacks(sshCipher) && usesSsh(m_source->text(), m_destination->text())) {
        showHint(m_sshCipherHint, tr("This computer's ssh does not offer %1; pick one from the list")
                                      .arg(QString::fromStdString(sshCipher)),
                 true);
    } else {
        showHint(m_sshCipherHint, tr("aes128-gcm@openssh.com is fastest with AES instructions, "
                                     "chacha20-poly1305@openssh.com without."),
                 false);
    }
}

void JobForm::updateCompressHint()
{
    const auto spec = fg::parseCompress(m_compress->currentData().toString().toStdString());
    const fg::CompressSpec compress = spec ? *spec : fg::CompressSpec{};
    switch (compress.mode) {
    case fg::CompressMode::None:
        showHint(m_compressHint, tr("Best on a fast LAN, and for data that is compressed already (media, archives)."),
                 false);
        break;
    case fg::CompressMode::Auto:
        showHint(m_compressHint, tr("Compresses what shrinks, skips media and archives, and backs off when the CPU, "
                                    "not the link, is the limit."),
                 false);
        break;
    case fg::CompressMode::Lz4:
        showHint(m_compressHint, tr("Light on the CPU: a modest saving for fast links with compressible data."), false);
        break;
    case fg::CompressMode::Zstd:
        if (compress.level <= 2) {
            showHint(m_compressHint, tr("Good savings on text, logs and databases at little CPU cost."), false);
        } else if (compress.level <= 5) {
            showHint(m_compressHint, tr("For slow links with compressible data (text, logs, databases)."), false);
        } else {
            showHint(m_compressHint, tr("Several times the CPU for a few percent more: only for very slow links."),
                     false);
        }
        break;
    }
}

void JobForm::setCompress(const fg::CompressSpec& spec)
{
    const QString wanted = QString::fromStdString(fg::compressText(spec));
    int index = m_compress->findData(wanted);
    if (index < 0) {
        // A level the list lacks (from the CLI, a demo): kept as it is.
        m_compress->addItem(tr("Zstandard (level %1)").arg(spec.level), wanted);
        index = m_compress->count() - 1;
    }
    m_compress->setCurrentIndex(index);
}

void JobForm::updateStreamSettingsEnabled()
{
    const bool applies = usesDataStreams(m_source->text(), m_destination->text());
    for (QWidget* w : std::as_const(m_streamSettings)) w->setEnabled(applies);
    for (QWidget* w : {static_cast<QWidget*>(m_streams), static_cast<QWidget*>(m_chunkSize),
                       static_cast<QWidget*>(m_congestion), static_cast<QWidget*>(m_cipher)}) {
        w->setEnabled(applies && m_editable);
    }
    const bool ssh = usesSsh(m_source->text(), m_destination->text());
    m_sshCipherLabel->setEnabled(ssh);
    m_sshCipherHint->setEnabled(ssh);
    m_sshCipher->setEnabled(ssh && m_editable);
    // --timeout waits on any far end, --contimeout only on a daemon's connections.
    m_ioTimeoutLabel->setEnabled(applies || ssh);
    m_ioTimeout->setEnabled((applies || ssh) && m_editable);
    m_connectTimeoutLabel->setEnabled(applies);
    m_connectTimeout->setEnabled(applies && m_editable);
    m_retryForLabel->setEnabled(applies);
    m_retryFor->setEnabled(applies && m_editable);
    if (applies) {
        showHint(m_streamsNote, QString(), false);
        return;
    }
    // Say why they are grey, in terms of the job as typed.
    const QString source = m_source->text().trimmed();
    const QString destination = m_destination->text().trimmed();
    const fg::JobReach reach = source.isEmpty() || destination.isEmpty()
                                   ? fg::JobReach::Unknown
                                   : fg::jobReach(source.toStdString(), destination.toStdString());
    QString note;
    if (reach == fg::JobReach::Ssh) {
        note = tr("SSH job: one stream through ssh (its cipher is the SSH cipher below). These settings apply to "
                  "floodgate:// targets.");
    } else if (reach == fg::JobReach::Local) {
        note = tr("Local job: one stream, no network. These settings apply to floodgate:// targets.");
    } else {
        note = tr("Streams, chunk size, congestion control and cipher apply to floodgate:// targets.");
    }
    showHint(m_streamsNote, note, false);
}

void JobForm::setCongestion(const std::string& name)
{
    const QString wanted = QString::fromStdString(name);
    int index = m_congestion->findData(wanted);
    if (index < 0) {
        // Kept, not dropped: a saved job names it, and the hint says it is not here.
        m_congestion->addItem(tr("%1 (not offered here)").arg(wanted), wanted);
        index = m_congestion->count() - 1;
    }
    m_congestion->setCurrentIndex(index);
}

void JobForm::setSshCipher(const std::string& name)
{
    const QString wanted = QString::fromStdString(name);
    int index = m_sshCipher->findData(wanted);
    if (index < 0) {
        // Kept, as with congestion control: a saved job names it, and the hint
        // says when this ssh lacks it.
        m_sshCipher->addItem(wanted, wanted);
        index = m_sshCipher->count() - 1;
    }
    m_sshCipher->setCurrentIndex(index);
}

void JobForm::addSshCiphers()
{
    for (const QString& name : SshCiphers::instance().ciphers()) {
        if (m_sshCipher->findData(name) < 0) m_sshCipher->addItem(name, name);
    }
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
    o.transfer.dryRun = m_dryRun->isChecked();
    o.transfer.mkpath = m_mkpath->isChecked();
    o.transfer.deleteExtraneous = m_delete->isChecked();
    // The delete rules are hidden without --delete, and not in force either.
    if (o.transfer.deleteExtraneous) {
        o.transfer.deletion.excluded = m_deleteExcluded->isChecked();
        o.transfer.deletion.limited = m_limitDeletions->isChecked();
        if (o.transfer.deletion.limited) o.transfer.deletion.maxDelete = uint64_t(m_maxDelete->value());
    }
    o.transfer.checksum = m_checksum->isChecked();
    o.transfer.compare.update = m_update->isChecked();
    o.transfer.compare.ignoreExisting = m_ignoreExisting->isChecked();
    o.transfer.compare.existingOnly = m_existingOnly->isChecked();
    o.transfer.compare.sizeOnly = m_sizeOnly->isChecked();
    o.transfer.compare.ignoreTimes = m_ignoreTimes->isChecked();
    o.transfer.compare.appendVerify = m_appendVerify->isChecked();
    auto maxSize = parseSizeLimitField(trimmedText(m_maxSize), "--max-size");
    if (!maxSize) return fieldError(tr("Larger than"), maxSize.error().message);
    auto minSize = parseSizeLimitField(trimmedText(m_minSize), "--min-size");
    if (!minSize) return fieldError(tr("Smaller than"), minSize.error().message);
    if (sizeLimitsExcludeAll(*maxSize, *minSize)) {
        return fg::Error(fg::Errc::InvalidArgument,
                         tr("Size limits: no file is smaller than %1 and larger than %2 at once")
                             .arg(formatBytes(*maxSize), formatBytes(*minSize))
                             .toStdString());
    }
    o.transfer.compare.maxSize = *maxSize;
    o.transfer.compare.minSize = *minSize;
    o.transfer.scan.oneFileSystem = m_oneFileSystem->isChecked();
    o.transfer.scan.safeLinks = m_safeLinks->isChecked();
    o.transfer.scan.copyLinks = m_copyLinks->isChecked();
    auto markers = parseNameList(m_excludeIfPresent->text());
    if (!markers) return markers.error();
    o.transfer.scan.excludeIfPresent = std::move(markers).value();
    o.transfer.removeSourceFiles = m_removeSource->isChecked();

    o.transfer.metadata.perms = m_perms->isChecked();
    o.transfer.metadata.times = m_times->isChecked();
    o.transfer.metadata.chmod = chmodText(m_chmod->text()).toStdString();
    if (fg::Status st = checkChmod(QString::fromStdString(o.transfer.metadata.chmod)); !st) {
        return fieldError(tr("Change permissions"), st.error().message);
    }
    o.transfer.scan.hardLinks = m_hardLinks->isChecked();
    o.transfer.ownership.owner = m_owner->isChecked();
    o.transfer.ownership.group = m_group->isChecked();
    // Greyed without -o or -g, and not in force then either.
    o.transfer.ownership.numericIds = (o.transfer.ownership.owner || o.transfer.ownership.group) && m_numericIds->isChecked();
    auto chown = parseChown(m_chown->text());
    if (!chown) return chown.error();
    o.transfer.ownership.chownUser = chown->first;
    o.transfer.ownership.chownGroup = chown->second;
    // Asked for here, in so many words: the engine says so when it cannot keep them.
    o.transfer.ownership.explicitly = o.transfer.ownership.any();

    o.transfer.backup = backupRules();
    if (fg::Status st = checkBackup(o.transfer.backup); !st) return st.error(); // it names the field
    o.transfer.partialDir = trimmedText(m_partialDir).toStdString();
    if (fg::Status st = checkPartialDir(QString::fromStdString(o.transfer.partialDir)); !st) {
        return fieldError(tr("Keep partial files in"), st.error().message);
    }
    o.transfer.inPlace = m_inPlace->isChecked();
    if (fg::Status st = checkInPlace(o.transfer.backup, o.transfer.partialDir, o.transfer.inPlace); !st) return st.error(); // it names both
    o.transfer.linkDest = patternLines(m_linkDest);
    if (o.transfer.linkDest.size() > fg::kMaxLinkDest) {
        return fg::Error(fg::Errc::InvalidArgument, tooManyLinkDests(o.transfer.linkDest.size()).toStdString());
    }
    auto bwlimit = parseBwlimitField(trimmedText(m_bwlimit));
    if (!bwlimit) return fieldError(tr("Bandwidth limit"), bwlimit.error().message);
    o.bwlimit = std::move(bwlimit).value();
    o.transfer.fsync = fg::FsyncMode(m_fsync->currentData().toInt());
    o.transfer.nameMapping = fg::NameMapping(m_nameMapping->currentData().toInt());
    o.transfer.wholeFile = fg::WholeFileMode(m_wholeFile->currentData().toInt());
    auto compress = fg::parseCompress(m_compress->currentData().toString().toStdString());
    if (!compress) return fieldError(tr("Compression"), compress.error().message);
    o.transfer.compress = *compress;
    o.transfer.checksumChoice = fg::ChecksumChoice(m_checksumChoice->currentData().toInt());
    // Greyed settings are not in force: a local or ssh job gets the defaults, so the
    // spec says what runs.
    if (usesDataStreams(source, destination)) {
        o.streams = unsigned(m_streams->value());
        auto chunk = parseChunkField(trimmedText(m_chunkSize));
        if (!chunk) return fieldError(tr("Chunk size"), chunk.error().message);
        o.transfer.chunkSize = *chunk;
        o.transfer.congestion = m_congestion->currentData().toString().toStdString();
        o.cipher = fg::CipherChoice(m_cipher->currentData().toInt());
        if (!o.transfer.congestion.empty() &&
            std::find(m_kernelCongestion.begin(), m_kernelCongestion.end(), o.transfer.congestion) == m_kernelCongestion.end()) {
            return fg::Error(fg::Errc::InvalidArgument,
                             tr("Congestion control: this computer's kernel does not offer %1")
                                 .arg(QString::fromStdString(o.transfer.congestion))
                                 .toStdString());
        }
    }
    // Not in force for a local job (greyed): a local copy has no far end.
    if (usesDataStreams(source, destination) || usesSsh(source, destination)) {
        o.ioTimeoutSec = unsigned(m_ioTimeout->value());
    }
    if (usesDataStreams(source, destination)) {
        o.connectTimeoutSec = unsigned(m_connectTimeout->value());
        o.retryForSec = unsigned(m_retryFor->value());
    }
    if (usesSsh(source, destination)) {
        o.sshCipher = m_sshCipher->currentData().toString().toStdString();
        if (auto st = fg::checkSshCipher(o.sshCipher); !st) return fieldError(tr("SSH cipher"), st.error().message);
        if (sshLacks(o.sshCipher)) {
            return fg::Error(fg::Errc::InvalidArgument, tr("SSH cipher: this computer's ssh does not offer %1")
                                                            .arg(QString::fromStdString(o.sshCipher))
                                                            .toStdString());
        }
    }
    // Includes first: with first-match-wins, "include *.jpg" then "exclude *" keeps
    // the photos, the usual reason to write both lists.
    for (auto& p : patternLines(m_includes)) o.transfer.filters.push_back({fg::FilterSpec::Kind::Include, std::move(p)});
    for (auto& p : patternLines(m_excludes)) o.transfer.filters.push_back({fg::FilterSpec::Kind::Exclude, std::move(p)});
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
    m_dryRun->setChecked(o.transfer.dryRun);
    m_mkpath->setChecked(o.transfer.mkpath);
    m_delete->setChecked(o.transfer.deleteExtraneous);
    m_deleteExcluded->setChecked(o.transfer.deletion.excluded);
    m_limitDeletions->setChecked(o.transfer.deletion.limited);
    const uint64_t maxDelete = std::min<uint64_t>(o.transfer.deletion.maxDelete, uint64_t(m_maxDelete->maximum()));
    m_maxDelete->setValue(o.transfer.deletion.limited ? int(maxDelete) : kDefaultMaxDelete);
    m_checksum->setChecked(o.transfer.checksum);
    m_update->setChecked(o.transfer.compare.update);
    m_ignoreExisting->setChecked(o.transfer.compare.ignoreExisting);
    m_existingOnly->setChecked(o.transfer.compare.existingOnly);
    m_sizeOnly->setChecked(o.transfer.compare.sizeOnly);
    m_ignoreTimes->setChecked(o.transfer.compare.ignoreTimes);
    m_appendVerify->setChecked(o.transfer.compare.appendVerify);
    m_maxSize->setText(sizeSpecText(o.transfer.compare.maxSize));
    m_minSize->setText(sizeSpecText(o.transfer.compare.minSize));
    m_oneFileSystem->setChecked(o.transfer.scan.oneFileSystem);
    m_safeLinks->setChecked(o.transfer.scan.safeLinks);
    m_copyLinks->setChecked(o.transfer.scan.copyLinks);
    QStringList markers;
    for (const std::string& name : o.transfer.scan.excludeIfPresent) markers << QString::fromStdString(name);
    m_excludeIfPresent->setText(markers.join(QStringLiteral(", ")));
    m_removeSource->setChecked(o.transfer.removeSourceFiles);
    // A saved job's rules open their section, so what is in force is in view.
    if (o.transfer.compare != fg::CompareRules{} || o.transfer.scan.oneFileSystem || o.transfer.scan.safeLinks || o.transfer.scan.copyLinks ||
        !o.transfer.scan.excludeIfPresent.empty()) {
        setSectionOpen(m_whichFiles, true);
    }

    m_perms->setChecked(o.transfer.metadata.perms);
    m_times->setChecked(o.transfer.metadata.times);
    m_chmod->setText(QString::fromStdString(o.transfer.metadata.chmod));
    m_hardLinks->setChecked(o.transfer.scan.hardLinks);
    m_owner->setChecked(o.transfer.ownership.owner);
    m_group->setChecked(o.transfer.ownership.group);
    m_numericIds->setChecked(o.transfer.ownership.numericIds);
    const QString chownUser = QString::fromStdString(o.transfer.ownership.chownUser);
    const QString chownGroup = QString::fromStdString(o.transfer.ownership.chownGroup);
    m_chown->setText(chownGroup.isEmpty() ? chownUser : chownUser + QLatin1Char(':') + chownGroup);
    if (o.transfer.metadata != fg::MetadataRules{} || o.transfer.scan.hardLinks || o.transfer.ownership.any() || o.transfer.ownership.numericIds) {
        setSectionOpen(m_metadata, true);
    }

    m_backup->setChecked(o.transfer.backup.enabled);
    m_backupDir->setText(QString::fromStdString(o.transfer.backup.dir));
    // The default suffix stays an empty field: it then follows the folder, as the CLI's does.
    const std::string defaultSuffix = o.transfer.backup.dir.empty() ? "~" : "";
    m_backupSuffix->setText(o.transfer.backup.suffix == defaultSuffix ? QString() : QString::fromStdString(o.transfer.backup.suffix));
    QStringList links;
    for (const std::string& dir : o.transfer.linkDest) links << QString::fromStdString(dir);
    m_linkDest->setPlainText(links.join(QLatin1Char('\n')));
    m_inPlace->setChecked(o.transfer.inPlace);
    m_partialDir->setText(QString::fromStdString(o.transfer.partialDir));
    if (o.transfer.backup.enabled || !o.transfer.linkDest.empty() || o.transfer.inPlace || !o.transfer.partialDir.empty()) {
        setSectionOpen(m_backups, true);
    }
    const std::optional<uint64_t> rate = o.bwlimit.constantRate();
    m_bwlimit->setText(rate ? rateSpecText(*rate) : fgui::rateScheduleText(o.bwlimit));
    m_streams->setValue(int(std::min(o.streams, fg::kMaxStreamsOption)));
    m_chunkSize->setText(sizeSpecText(o.transfer.chunkSize));
    setCongestion(o.transfer.congestion);
    m_fsync->setCurrentIndex(std::max(0, m_fsync->findData(int(o.transfer.fsync))));
    setNameMapping(o.transfer.nameMapping);
    m_wholeFile->setCurrentIndex(std::max(0, m_wholeFile->findData(int(o.transfer.wholeFile))));
    setCompress(o.transfer.compress);
    m_checksumChoice->setCurrentIndex(std::max(0, m_checksumChoice->findData(int(o.transfer.checksumChoice))));
    m_cipher->setCurrentIndex(std::max(0, m_cipher->findData(int(o.cipher))));
    setSshCipher(o.sshCipher);
    QStringList includes, excludes;
    for (const auto& f : o.transfer.filters) {
        (f.kind == fg::FilterSpec::Kind::Include ? includes : excludes) << QString::fromStdString(f.pattern);
    }
    m_includes->setPlainText(includes.join(QLatin1Char('\n')));
    m_excludes->setPlainText(excludes.join(QLatin1Char('\n')));
    const fg::SyncOptions defaults;
    m_rsh->setText(o.rsh == defaults.rsh ? QString() : QString::fromStdString(o.rsh));
    m_remoteFloodgate->setText(o.remoteFloodgate == defaults.remoteFloodgate ? QString()
                                                                              : QString::fromStdString(o.remoteFloodgate));
    m_stateDir->setText(QString::fromStdString(o.stateDir));
    m_ioTimeout->setValue(int(std::min(o.ioTimeoutSec, fg::kMaxTimeoutSec)));
    m_connectTimeout->setValue(int(std::min(o.connectTimeoutSec, fg::kMaxTimeoutSec)));
    m_retryFor->setValue(int(std::min(o.retryForSec, fg::kMaxTimeoutSec)));
    if (!o.stateDir.empty() || o.rsh != defaults.rsh || o.remoteFloodgate != defaults.remoteFloodgate ||
        o.ioTimeoutSec != 0 || o.connectTimeoutSec != 0 || o.retryForSec != defaults.retryForSec) {
        setAdvancedVisible(true);
    }
}

void JobForm::setEditable(bool editable)
{
    m_editable = editable;
    for (QWidget* w : std::as_const(m_lockable)) w->setEnabled(editable);
    updateStreamSettingsEnabled();
}

void JobForm::setNameMapping(fg::NameMapping mapping)
{
    m_nameMapping->setCurrentIndex(std::max(0, m_nameMapping->findData(int(mapping))));
}

fg::NameMapping JobForm::nameMapping() const { return fg::NameMapping(m_nameMapping->currentData().toInt()); }

void JobForm::setSource(const QString& text) { m_source->setText(text); }
void JobForm::setDestination(const QString& text) { m_destination->setText(text); }
QString JobForm::source() const { return m_source->text(); }
QString JobForm::destination() const { return m_destination->text(); }

} // namespace fgui
