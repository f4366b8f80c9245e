#pragma once
// The "what and how" of a job: source, destination and the options a user picks,
// turned into an fg::JobSpec. Mistakes show inline, next to the field, as they are
// typed; spec() refuses what the inline messages flag.

#include <floodgate/error.h>
#include <floodgate/job.h>

#include <QWidget>

QT_BEGIN_NAMESPACE
class QCheckBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
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
    void setAdvancedVisible(bool visible);

    QLineEdit* m_source = nullptr;
    QLineEdit* m_destination = nullptr;
    QLabel* m_sourceHint = nullptr;
    QLabel* m_destinationHint = nullptr;
    QCheckBox* m_dryRun = nullptr;
    QCheckBox* m_delete = nullptr;
    QLabel* m_deleteWarning = nullptr;
    QCheckBox* m_checksum = nullptr;
    QLineEdit* m_bwlimit = nullptr;
    QLabel* m_bwlimitHint = nullptr;
    QPlainTextEdit* m_excludes = nullptr;
    QPlainTextEdit* m_includes = nullptr;
    QToolButton* m_advancedToggle = nullptr;
    QWidget* m_advanced = nullptr;
    QLineEdit* m_rsh = nullptr;
    QLineEdit* m_remoteFloodgate = nullptr;
    QLineEdit* m_stateDir = nullptr;
    QList<QWidget*> m_lockable;
};

// A bandwidth limit written so fg::parseRate() reads it back: 60 MiB/s -> "60M".
QString rateSpecText(uint64_t bytesPerSec);
// What an endpoint text means, in words ("Local folder: its contents", "SSH: alice@nas,
// path /data"), or the parse error. Empty text gives an empty hint.
struct EndpointHint {
    QString text;
    bool error = false;
};
EndpointHint describeEndpoint(const QString& text, bool isSource);

} // namespace fgui
