#pragma once
// The pipeline as the GUI draws it: the sender's stages, the link, the
// receiver's stages, each box with how busy its threads were over the last
// two seconds (or the whole job, once it ended), and the box of the layer the
// engine names as the bottleneck (fg::Bottleneck, docs/DIAGNOSIS.md) marked.
// Plain data, no widgets: PipelineView paints it, tests read it.

#include <floodgate/job.h>
#include <floodgate/metrics.h>

#include <QString>

#include <deque>
#include <vector>

namespace fgui {

struct PipelineBox {
    enum class Side { Sender, Link, Receiver };
    Side side = Side::Sender;
    fg::StageId stage = fg::StageId::Scan; // for the sender's and receiver's boxes
    QString label;                         // "read", "compress", "link"
    QString shortLabel;                    // for a narrow box: "comp", "dcmp"
    // How busy its threads were, 0-1; negative: not measured (the link's box).
    double busy = -1;
    QString detail; // under the label: "87 %", or the link's rate
    bool limiting = false;
};

class PipelineModel {
public:
    // A window of about two seconds: the verdicts' own.
    static constexpr double kWindowSeconds = 2.0;

    void clear();
    // A job that crosses a network (a daemon or ssh job) or a local copy,
    // whose link is memory: it names the link's box.
    void setLinkLabel(const QString& label) { m_linkLabel = label; }
    // One snapshot of a running job (cumulative stage counters).
    void applySnapshot(const fg::MetricsSnapshot& snapshot, double bytesPerSec);
    // The job ended: every stage over the whole job, and the job's verdict.
    void applyResult(const fg::JobResult& result);

    const std::vector<PipelineBox>& boxes() const { return m_boxes; }
    const fg::Bottleneck& bottleneck() const { return m_bottleneck; }
    // The box the bottleneck is in, or -1 (unknown, nothing judged yet, or a
    // far end's CPU as a whole).
    int limitingBox() const;
    bool finished() const { return m_finished; }

private:
    struct Sample {
        double seconds;
        std::vector<fg::StageSnapshot> stages;
    };
    void rebuild(const std::vector<fg::StageSnapshot>& now, const std::vector<fg::StageSnapshot>* before,
                 double spanSec, const QString& linkDetail);
    void markLimiting();

    QString m_linkLabel = QStringLiteral("link");
    std::deque<Sample> m_samples;
    std::vector<PipelineBox> m_boxes;
    fg::Bottleneck m_bottleneck;
    bool m_finished = false;
};

// The box a verdict's layer lives in: a stage of its end, or the link.
// Returns false for a verdict no single box holds ("unknown", "remote-cpu").
bool boxForLayer(const std::string& layer, const std::string& end, PipelineBox::Side* side, fg::StageId* stage,
                 bool* link);

} // namespace fgui
