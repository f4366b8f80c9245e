#include "models/pipeline_model.h"

#include "widgets/format.h"

#include <algorithm>
#include <cmath>

namespace fgui {

namespace {

bool senderStage(fg::StageId id) { return id <= fg::StageId::Send; }

const fg::StageSnapshot* find(const std::vector<fg::StageSnapshot>& stages, fg::StageId id)
{
    for (const auto& s : stages)
        if (s.id == id) return &s;
    return nullptr;
}

uint64_t grown(uint64_t now, uint64_t before) { return now >= before ? now - before : 0; }

// Short enough for a box on a narrow window, and no two alike.
QString shortLabelOf(fg::StageId id)
{
    switch (id) {
    case fg::StageId::Compress: return QStringLiteral("comp");
    case fg::StageId::Encrypt: return QStringLiteral("enc");
    case fg::StageId::Receive: return QStringLiteral("recv");
    case fg::StageId::Decrypt: return QStringLiteral("dec");
    case fg::StageId::Decompress: return QStringLiteral("dcmp");
    case fg::StageId::Verify: return QStringLiteral("vrfy");
    case fg::StageId::Commit: return QStringLiteral("cmt");
    default: return QString::fromUtf8(fg::stageName(id));
    }
}

QString percentText(double share) { return QStringLiteral("%1 %").arg(std::lround(100 * std::clamp(share, 0.0, 1.0))); }

} // namespace

bool boxForLayer(const std::string& layer, const std::string& end, PipelineBox::Side* side, fg::StageId* stage,
                 bool* link)
{
    using fg::StageId;
    const bool receiver = end == "receiver";
    *side = receiver ? PipelineBox::Side::Receiver : PipelineBox::Side::Sender;
    *link = false;
    if (layer == "network-congestion" || layer == "network-loss" || layer == "receive-window" || layer == "send-buffer"
        || layer == "bandwidth-limit" || layer == "round-trips") {
        *side = PipelineBox::Side::Link;
        *link = true;
        return true;
    }
    if (layer == "source-read") *stage = StageId::Read;
    else if (layer == "hashing") *stage = receiver ? StageId::Verify : StageId::Hash;
    else if (layer == "delta-match") *stage = receiver ? StageId::Sign : StageId::Match;
    else if (layer == "compression") *stage = StageId::Compress;
    else if (layer == "encryption") *stage = StageId::Encrypt;
    else if (layer == "decryption") *stage = StageId::Decrypt;
    else if (layer == "decompression") *stage = StageId::Decompress;
    else if (layer == "destination-write") *stage = StageId::Write;
    else if (layer == "per-file-overhead") *stage = receiver ? StageId::Commit : StageId::Scan;
    else if (layer == "network-stack") *stage = receiver ? StageId::Receive : StageId::Send;
    else return false;
    return true;
}

void PipelineModel::clear()
{
    m_samples.clear();
    m_boxes.clear();
    m_bottleneck = {};
    m_finished = false;
}

void PipelineModel::applySnapshot(const fg::MetricsSnapshot& snapshot, double bytesPerSec)
{
    if (m_finished) return;
    m_samples.push_back({snapshot.elapsedSec, snapshot.stages});
    while (m_samples.size() > 2 && m_samples.back().seconds - m_samples[1].seconds >= kWindowSeconds)
        m_samples.pop_front();
    const Sample* before = m_samples.size() > 1 ? &m_samples.front() : nullptr;
    m_bottleneck = snapshot.bottleneck;
    QString linkDetail = bytesPerSec > 0 ? formatRate(bytesPerSec) : QString();
    uint32_t rtt = 0;
    for (const auto& s : snapshot.streams) rtt = std::max(rtt, s.rttUs);
    if (rtt > 0) linkDetail += QStringLiteral(" · %1 ms").arg(rtt >= 10000 ? QString::number(rtt / 1000) : QString::number(rtt / 1000.0, 'f', 1));
    const double span = before ? snapshot.elapsedSec - before->seconds : snapshot.elapsedSec;
    rebuild(snapshot.stages, before ? &before->stages : nullptr, span, linkDetail);
}

void PipelineModel::applyResult(const fg::JobResult& result)
{
    m_finished = true;
    m_bottleneck = result.bottleneck;
    const double rate = result.seconds > 0 ? double(result.bytesTransferred) / result.seconds : 0;
    rebuild(result.stages, nullptr, result.seconds, rate > 0 ? formatRate(rate) : QString());
}

void PipelineModel::rebuild(const std::vector<fg::StageSnapshot>& now, const std::vector<fg::StageSnapshot>* before,
                            double spanSec, const QString& linkDetail)
{
    m_boxes.clear();
    auto addStages = [&](bool sender) {
        for (size_t i = 0; i < fg::kStageCount; ++i) {
            const auto id = fg::StageId(i);
            if (senderStage(id) != sender) continue;
            const fg::StageSnapshot* s = find(now, id);
            // A stage this job does not use (no delta, no compression) has
            // threads that wait and nothing else: no box. Judged on the whole
            // job so far, so a box does not come and go with the window.
            if (!s || s->lifetimeNs == 0) continue;
            if (s->bytes == 0 && s->items == 0 && s->busyNs * 100 < s->lifetimeNs) continue;
            PipelineBox box;
            box.side = sender ? PipelineBox::Side::Sender : PipelineBox::Side::Receiver;
            box.stage = id;
            box.label = QString::fromUtf8(fg::stageName(id));
            box.shortLabel = shortLabelOf(id);
            const fg::StageSnapshot* b = before ? find(*before, id) : nullptr;
            const uint64_t life = b ? grown(s->lifetimeNs, b->lifetimeNs) : s->lifetimeNs;
            const uint64_t busy = b ? grown(s->busyNs, b->busyNs) : s->busyNs;
            // A stage whose threads did not run in the window (a scan long
            // over) shows as idle, not as its old figure; one whose single
            // thread ran a moment of it (a scan of the job's first 0.3 s)
            // counts over the whole span, as the classifier does: it kept
            // the job busy that long, not all the time.
            const double spanNs = std::max(0.0, spanSec) * 1e9;
            box.busy = life > 0 ? double(busy) / std::max(double(life), spanNs) : 0;
            box.detail = life > 0 ? percentText(box.busy) : QStringLiteral("idle");
            m_boxes.push_back(box);
        }
    };
    addStages(true);
    PipelineBox link;
    link.side = PipelineBox::Side::Link;
    link.label = m_linkLabel;
    link.shortLabel = m_linkLabel;
    link.detail = linkDetail;
    m_boxes.push_back(link);
    addStages(false);
    markLimiting();
}

void PipelineModel::markLimiting()
{
    // The stage the verdict stands on, when it names one.
    if (!m_bottleneck.stage.empty() && !m_bottleneck.end.empty()) {
        const auto side = m_bottleneck.end == "receiver" ? PipelineBox::Side::Receiver : PipelineBox::Side::Sender;
        for (auto& box : m_boxes) {
            if (box.side == side && box.label == QString::fromStdString(m_bottleneck.stage)) {
                box.limiting = true;
                return;
            }
        }
    }
    PipelineBox::Side side;
    fg::StageId stage = fg::StageId::Scan;
    bool isLink = false;
    if (!boxForLayer(m_bottleneck.layer, m_bottleneck.end, &side, &stage, &isLink)) return;
    for (auto& box : m_boxes) {
        if (isLink ? box.side == PipelineBox::Side::Link : (box.side == side && box.stage == stage)) {
            box.limiting = true;
            return;
        }
    }
    // The stage named has no box of its own (a write that is all apply, a
    // commit with no writes): its end's busiest box.
    PipelineBox* busiest = nullptr;
    for (auto& box : m_boxes)
        if (box.side == side && (!busiest || box.busy > busiest->busy)) busiest = &box;
    if (busiest) busiest->limiting = true;
}

int PipelineModel::limitingBox() const
{
    for (size_t i = 0; i < m_boxes.size(); ++i)
        if (m_boxes[i].limiting) return int(i);
    return -1;
}

} // namespace fgui
