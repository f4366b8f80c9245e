#pragma once
// The "what and how" of a job: source, destination and the options a user picks,
// turned into an fg::JobSpec. Mistakes show inline, next to the field, as they are
// typed; spec() refuses what the inline messages flag.

#include <floodgate/error.h>
#include <floodgate/job.h>
#include <floodgate/options.h>

#include <QWidget>

#include <string>
#include <vector>

QT_BEGIN_NAMESPACE
class QBoxLayout;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;
class QToolButton;
QT_END_NAMESPACE

namespace fgui {

class JobForm : public QWidget {
    Q_OBJECT
public:
    explicit JobForm(QWidget* parent = nullptr);

    // The job the form describes, or what is wrong with it.
    fg::Result<fg::JobSpec> spec() const;
    // Fills every field from a spec (the --demo path, a saved job).
    void setSpec(const fg::JobSpec& spec);
    // Both endpoints filled in and nothing flagged.
    bool isComplete() const;
    // Locks the fields while a job runs: the spec in flight should match what is shown.
    void setEditable(bool editable);

    // --name-mapping, which the preview offers where names do not fit.
    void setNameMapping(fg::NameMapping mapping);
    fg::NameMapping nameMapping() const;
    void setSource(const QString& text);
    void setDestination(const QString& text);
    QString source() const;
    QString destination() const;

Q_SIGNALS:
    // Any field changed; isComplete() may have changed with it.
    void changed();

private:
    QWidget* makeEndpointRow(QLineEdit* edit, bool isSource);
    void browseFor(QLineEdit* edit, bool isSource);
    void updateHints();
    void updateTransferHints();
    void updateStreamSettingsEnabled();
    void setAdvancedVisible(bool visible);
    void setCongestion(const std::string& name);
    void setSshCipher(const std::string& name);
    void addSshCiphers();
    void updateCipherHints();
    void updateCompressHint();
    void setCompress(const fg::CompressSpec& spec);
    void updateSelectionHints();
    void updateMetadataHints();
    void updateBackupHints();
    void updateRemoteHints();
    // The backup rules the fields give, the suffix resolved as the CLI resolves it.
    fg::BackupRules backupRules() const;

    // A part of the form that folds away, with a line that says what is set in it
    // while it is folded: the narrow sidebar stays short for the many jobs that
    // change none of it.
    struct Section {
        QToolButton* toggle = nullptr;
        QLabel* summary = nullptr;
        QWidget* body = nullptr;
    };
    // Made and added to `into` (toggle, summary, body, in that order); the
    // caller fills the body.
    Section makeSection(const QString& title, const char* name, QBoxLayout* into);
    void setSectionOpen(const Section& section, bool open);
    // The summary as the fields are: `error` in red, else `text`; hidden while open.
    void showSectionSummary(const Section& section, const QString& text, const QString& error);

    QLineEdit* m_source = nullptr;
    QLineEdit* m_destination = nullptr;
    QLabel* m_sourceHint = nullptr;
    QLabel* m_destinationHint = nullptr;
    QCheckBox* m_dryRun = nullptr;
    QCheckBox* m_mkpath = nullptr;
    QCheckBox* m_delete = nullptr;
    QLabel* m_deleteWarning = nullptr;
    // How far --delete goes; shown with it, in force only with it.
    QWidget* m_deleteRules = nullptr;
    QCheckBox* m_deleteExcluded = nullptr;
    QCheckBox* m_limitDeletions = nullptr;
    QSpinBox* m_maxDelete = nullptr;
    QLabel* m_maxDeleteHint = nullptr;
    QCheckBox* m_removeSource = nullptr;
    QLabel* m_removeSourceWarning = nullptr;
    QCheckBox* m_checksum = nullptr;
    // Which files: rsync's compare rules (fg::CompareRules) and what the scan takes
    // in (-x, --safe-links, --exclude-if-present), collapsed by default.
    Section m_whichFiles;
    QCheckBox* m_update = nullptr;
    QCheckBox* m_ignoreExisting = nullptr;
    QCheckBox* m_existingOnly = nullptr;
    QCheckBox* m_sizeOnly = nullptr;
    QCheckBox* m_ignoreTimes = nullptr;
    QCheckBox* m_appendVerify = nullptr;
    QLabel* m_appendVerifyHint = nullptr;
    QLineEdit* m_maxSize = nullptr;
    QLineEdit* m_minSize = nullptr;
    QCheckBox* m_oneFileSystem = nullptr;
    QCheckBox* m_safeLinks = nullptr;
    QCheckBox* m_copyLinks = nullptr;
    QLineEdit* m_excludeIfPresent = nullptr; // names, comma-separated
    QLabel* m_selectionHint = nullptr;
    // Metadata: permissions, times, hard links, owners (fg::MetadataRules,
    // fg::OwnershipRules, -H).
    Section m_metadata;
    QCheckBox* m_perms = nullptr;
    QCheckBox* m_times = nullptr;
    QLabel* m_timesHint = nullptr;
    QCheckBox* m_hardLinks = nullptr;
    QLineEdit* m_chmod = nullptr;
    QLabel* m_chmodHint = nullptr;
    QComboBox* m_nameMapping = nullptr;
    QLabel* m_nameMappingHint = nullptr;
    QCheckBox* m_owner = nullptr;
    QCheckBox* m_group = nullptr;
    QCheckBox* m_numericIds = nullptr;
    QLineEdit* m_chown = nullptr; // USER:GROUP, USER or :GROUP
    QLabel* m_ownersHint = nullptr;
    // Backups & snapshots: -b, --backup-dir, --suffix, --link-dest, --inplace (how
    // a changed file is written, which -b cannot go with yet) and --partial-dir
    // (where an interrupted one is kept, which --inplace cannot go with).
    Section m_backups;
    QCheckBox* m_backup = nullptr;
    QWidget* m_backupRules = nullptr; // folder and suffix, shown with -b
    QLineEdit* m_backupDir = nullptr;
    QLineEdit* m_backupSuffix = nullptr;
    QPlainTextEdit* m_linkDest = nullptr; // one folder a line
    QLabel* m_backupHint = nullptr;
    QLabel* m_linkDestHint = nullptr;
    QCheckBox* m_inPlace = nullptr;
    QLabel* m_inPlaceHint = nullptr; // red: the warning, or the conflict with -b or --partial-dir
    QLineEdit* m_partialDir = nullptr; // a folder name inside each file's folder; empty: beside the file
    QLabel* m_partialDirHint = nullptr;
    QLineEdit* m_bwlimit = nullptr;
    QLabel* m_bwlimitHint = nullptr;
    // Transfer: the settings that only a floodgate:// job's data connections use.
    QLabel* m_streamsNote = nullptr;
    QSpinBox* m_streams = nullptr;
    QLabel* m_streamsHint = nullptr;
    QLineEdit* m_chunkSize = nullptr;
    QLabel* m_chunkSizeHint = nullptr;
    QComboBox* m_congestion = nullptr;
    QLabel* m_congestionHint = nullptr;
    QComboBox* m_fsync = nullptr;
    QLabel* m_fsyncHint = nullptr;
    QComboBox* m_wholeFile = nullptr;
    QLabel* m_wholeFileHint = nullptr;
    QComboBox* m_compress = nullptr; // data: the --compress text ("zstd:3")
    QComboBox* m_checksumChoice = nullptr;
    QLabel* m_checksumChoiceHint = nullptr;
    QLabel* m_compressHint = nullptr;
    // Ciphers: --cipher for floodgate:// jobs, ssh's -c for user@host:path jobs.
    QComboBox* m_cipher = nullptr;
    QLabel* m_cipherHint = nullptr;
    QComboBox* m_sshCipher = nullptr;
    QLabel* m_sshCipherHint = nullptr;
    QWidget* m_sshCipherLabel = nullptr;
    QList<QWidget*> m_streamSettings; // greyed together when no endpoint is a daemon
    std::vector<std::string> m_kernelCongestion; // what this kernel offers, read once
    bool m_editable = true;
    QPlainTextEdit* m_excludes = nullptr;
    QPlainTextEdit* m_includes = nullptr;
    // Advanced: what reaches the far end (--timeout, --contimeout, -e, ...).
    Section m_advanced;
    QSpinBox* m_ioTimeout = nullptr;      // --timeout, seconds; 0 = off
    QLabel* m_ioTimeoutHint = nullptr;
    QWidget* m_ioTimeoutLabel = nullptr;
    QSpinBox* m_connectTimeout = nullptr; // --contimeout, seconds; 0 = the engine's defaults
    QLabel* m_connectTimeoutHint = nullptr;
    QWidget* m_connectTimeoutLabel = nullptr;
    QSpinBox* m_retryFor = nullptr;       // --retry-for, seconds; 0 = off
    QLabel* m_retryForHint = nullptr;
    QWidget* m_retryForLabel = nullptr;
    QLineEdit* m_rsh = nullptr;
    QLineEdit* m_remoteFloodgate = nullptr;
    QLineEdit* m_stateDir = nullptr;
    QList<QWidget*> m_lockable;
};

// A bandwidth limit written so fg::parseRate() reads it back: 60 MiB/s -> "60M".
QString rateSpecText(uint64_t bytesPerSec);
// A size written so fg::parseSize() reads it back: 64 MiB -> "64M"; 0 -> "".
QString sizeSpecText(uint64_t bytes);
// A timetable written so fg::parseRateSchedule() reads it back:
// "Mon-Fri 08:00-18:00 20M, Sat-Sun 2M, 100M". Empty for an empty schedule.
QString rateScheduleText(const fg::RateSchedule& schedule);
// Whether a job between these endpoints opens data connections (streams): only a
// floodgate:// daemon on either end does; local and ssh jobs move data over one pipe.
bool usesDataStreams(const QString& source, const QString& destination);
// Whether either endpoint is reached over ssh (user@host:path).
bool usesSsh(const QString& source, const QString& destination);
// What an endpoint text means, in words ("Local folder: its contents", "SSH: alice@nas,
// path /data"), or the parse error. Empty text gives an empty hint.
struct EndpointHint {
    QString text;
    bool error = false;
};
EndpointHint describeEndpoint(const QString& text, bool isSource);

} // namespace fgui
