#pragma once
// The bottleneck view: the pipeline as a row of boxes (the sender's stages,
// the link, the receiver's stages), each with how busy it is, the one that
// limits the job marked, and under it the verdict in words: the layer, what
// was seen, what to change, and a button that applies the change to the form
// when it is a job setting (streams, cipher, compression, congestion, ...).
// It follows the job live and keeps the job's own verdict once it ends.

#include "models/pipeline_model.h"

#include <QWidget>

QT_BEGIN_NAMESPACE
class QLabel;
class QPushButton;
QT_END_NAMESPACE

namespace fgui {

class PipelineRow;

class PipelineView : public QWidget {
    Q_OBJECT
public:
    explicit PipelineView(QWidget* parent = nullptr);

    void clear(const QString& linkLabel);
    void applySnapshot(const fg::MetricsSnapshot& snapshot, double bytesPerSec);
    void applyResult(const fg::JobResult& result);
    // While a job runs its settings cannot change: the button waits for the end.
    void setRunning(bool running);

    const PipelineModel& model() const { return m_model; }
    QString verdictText() const; // the words under the boxes, as plain text
    QString applyButtonText() const;
    bool applyButtonEnabled() const;
    bool applyButtonVisible() const;

Q_SIGNALS:
    // The user asked to apply this setting ("--compress zstd:1") to the form.
    void applySetting(const QString& setting);

private:
    void refresh();

    PipelineModel m_model;
    PipelineRow* m_row = nullptr;
    QLabel* m_verdict = nullptr;
    QPushButton* m_apply = nullptr;
    QString m_plain; // the verdict's words without markup
    bool m_running = false;
};

} // namespace fgui
